// The element types and reductions of collectives (accelsim_comm.h): sizes and names of the datatypes, and the
// reduction of rank buffers, in rank order, with 16-bit floats accumulated in float and rounded once.
#ifndef ACCELSIM_SRC_COMM_NUMERIC_H_
#define ACCELSIM_SRC_COMM_NUMERIC_H_

#include <cstddef>

namespace accelsim::detail {

// Bytes of one element of datatype `t` (an accelsimDataType_t); 0 for an unknown one.
size_t typeSize(int t);
bool isFloating(int t);
// Names for messages: "float32", "sum"; "?" for an unknown value.
const char* typeName(int t);
const char* redName(int op);

// out[i] = src[0][i] op src[1][i] op ... (rank order), for `n` elements of `dtype`; avg divides by `nranks`. `out`
// may alias any source (all-reduce reduces its own slot in place).
void reduce(int dtype, char* out, const char* const* src, int nsrc, size_t n, int op, int nranks);

}  // namespace accelsim::detail

#endif  // ACCELSIM_SRC_COMM_NUMERIC_H_
