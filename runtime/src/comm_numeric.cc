// The element types and reductions of collectives: datatype sizes and names, IEEE half and bfloat16 conversion
// (round to nearest even), and the reduction of the ranks' buffers.
#include "comm_numeric.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "accelsim/accelsim.h"

namespace accelsim::detail {
namespace {

float halfToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000 | (mant << 13);
  } else if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else {  // subnormal: normalize
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while ((mant & 0x400) == 0);
      bits = sign | static_cast<uint32_t>(127 - 15 - e) << 23 | (mant & 0x3ff) << 13;
    }
  } else {
    bits = sign | (exp + 127 - 15) << 23 | mant << 13;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t floatToHalf(float f) {  // round to nearest even
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  const uint32_t ax = x & 0x7fffffff;
  if (ax >= 0x7f800000) return sign | 0x7c00 | (ax > 0x7f800000 ? 0x200 : 0);  // inf, nan
  if (ax >= 0x477ff000) return sign | 0x7c00;                                     // overflows to inf
  if (ax < 0x38800000) {  // result is subnormal (or zero): let the FPU round through a magic add
    float a;
    std::memcpy(&a, &ax, 4);
    a += 0.5f;  // 2^-1: the mantissa's low bits now hold the half subnormal, correctly rounded
    uint32_t b;
    std::memcpy(&b, &a, 4);
    return sign | static_cast<uint16_t>(b - 0x3f000000);
  }
  const uint32_t odd = (ax >> 13) & 1;
  uint32_t r = ax + 0xc8000fff + odd;  // rebias exponent (-112 << 23) and round
  return sign | static_cast<uint16_t>(r >> 13);
}

float bf16ToFloat(uint16_t h) {
  const uint32_t bits = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
uint16_t floatToBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffff) > 0x7f800000) return static_cast<uint16_t>((x >> 16) | 0x40);  // quiet nan
  return static_cast<uint16_t>((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

template <class T>
inline T apply(int op, T a, T b) {
  switch (op) {
    case accelsimProd: return static_cast<T>(a * b);
    case accelsimMax: return a < b ? b : a;
    case accelsimMin: return b < a ? b : a;
    default: return static_cast<T>(a + b);  // sum, avg
  }
}

// out[i] = src[0][i] op src[1][i] op ... (rank order), for `n` elements. `out` may alias any source (all-reduce
// reduces its own slot in place): blocks are reduced into a local buffer first, one vectorizable pass per source.
template <class T>
void reduceNative(char* out, const char* const* src, int nsrc, size_t n, int op, int nranks) {
  constexpr size_t kBlock = 2048;
  T acc[kBlock];
  for (size_t base = 0; base < n; base += kBlock) {
    const size_t m = std::min(kBlock, n - base);
    std::memcpy(acc, src[0] + base * sizeof(T), m * sizeof(T));
    for (int s = 1; s < nsrc; ++s) {
      T c[kBlock];
      std::memcpy(c, src[s] + base * sizeof(T), m * sizeof(T));
      switch (op) {
        case accelsimProd: for (size_t i = 0; i < m; ++i) acc[i] = static_cast<T>(acc[i] * c[i]); break;
        case accelsimMax: for (size_t i = 0; i < m; ++i) acc[i] = acc[i] < c[i] ? c[i] : acc[i]; break;
        case accelsimMin: for (size_t i = 0; i < m; ++i) acc[i] = c[i] < acc[i] ? c[i] : acc[i]; break;
        default: for (size_t i = 0; i < m; ++i) acc[i] = static_cast<T>(acc[i] + c[i]); break;
      }
    }
    if constexpr (std::is_floating_point_v<T>) {
      if (op == accelsimAvg)
        for (size_t i = 0; i < m; ++i) acc[i] = acc[i] / static_cast<T>(nranks);
    }
    std::memcpy(out + base * sizeof(T), acc, m * sizeof(T));
  }
}

// 16-bit floats: accumulate in float in rank order, round once.
template <float (*Load)(uint16_t), uint16_t (*Store)(float)>
void reduceHalf(char* out, const char* const* src, int nsrc, size_t n, int op, int nranks) {
  uint16_t* o = reinterpret_cast<uint16_t*>(out);
  for (size_t i = 0; i < n; ++i) {
    float acc = Load(reinterpret_cast<const uint16_t*>(src[0])[i]);
    for (int s = 1; s < nsrc; ++s) acc = apply(op, acc, Load(reinterpret_cast<const uint16_t*>(src[s])[i]));
    if (op == accelsimAvg) acc = acc / static_cast<float>(nranks);
    o[i] = Store(acc);
  }
}

}  // namespace

const char* typeName(int t) {
  static const char* const names[] = {"int8",    "uint8",   "int32",   "uint32",   "int64", "uint64",
                                      "float16", "float32", "float64", "bfloat16", "bool"};
  return t >= 0 && t <= accelsimBool ? names[t] : "?";
}
const char* redName(int op) {
  static const char* const names[] = {"sum", "prod", "max", "min", "avg"};
  return op >= 0 && op <= accelsimAvg ? names[op] : "?";
}
size_t typeSize(int t) {
  switch (t) {
    case accelsimInt8: case accelsimUint8: case accelsimBool: return 1;
    case accelsimFloat16: case accelsimBfloat16: return 2;
    case accelsimInt32: case accelsimUint32: case accelsimFloat32: return 4;
    case accelsimInt64: case accelsimUint64: case accelsimFloat64: return 8;
  }
  return 0;
}
bool isFloating(int t) {
  return t == accelsimFloat16 || t == accelsimBfloat16 || t == accelsimFloat32 || t == accelsimFloat64;
}

void reduce(int dtype, char* out, const char* const* src, int nsrc, size_t n, int op, int nranks) {
  if (n == 0) return;
  switch (dtype) {
    case accelsimInt8: reduceNative<int8_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimUint8: reduceNative<uint8_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimBool:  // 0/1 bytes: sum and max are "or", prod and min are "and"
      reduceNative<uint8_t>(out, src, nsrc, n,
                            op == accelsimSum || op == accelsimMax ? accelsimMax : accelsimMin, nranks);
      break;
    case accelsimInt32: reduceNative<int32_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimUint32: reduceNative<uint32_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimInt64: reduceNative<int64_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimUint64: reduceNative<uint64_t>(out, src, nsrc, n, op, nranks); break;
    case accelsimFloat32: reduceNative<float>(out, src, nsrc, n, op, nranks); break;
    case accelsimFloat64: reduceNative<double>(out, src, nsrc, n, op, nranks); break;
    case accelsimFloat16: reduceHalf<halfToFloat, floatToHalf>(out, src, nsrc, n, op, nranks); break;
    case accelsimBfloat16: reduceHalf<bf16ToFloat, floatToBf16>(out, src, nsrc, n, op, nranks); break;
  }
}

}  // namespace accelsim::detail
