// The validated device capability spec (accelgen.yaml), as plain data.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelgen {

/// device.runtime: the bundled simulated runtime, or a driver of the user's own (a scaffold whose every function
/// fails naming itself until it is written).
enum class DeviceRuntime { Accelsim, Custom };

/// The spec's spelling of each DeviceRuntime, in its order.
inline const std::vector<std::string> kDeviceRuntimes = {"accelsim", "custom"};

inline const std::string& runtime_name(DeviceRuntime runtime) { return kDeviceRuntimes[static_cast<int>(runtime)]; }

inline std::optional<DeviceRuntime> parse_device_runtime(std::string_view name) {
  for (std::size_t i = 0; i < kDeviceRuntimes.size(); ++i) {
    if (kDeviceRuntimes[i] == name) return static_cast<DeviceRuntime>(i);
  }
  return std::nullopt;
}

/// What each device runtime means, for messages: "accelsim (the bundled simulated runtime) or custom (...)".
inline constexpr const char* kDeviceRuntimesExplained =
    "accelsim (the bundled simulated runtime) or custom (a driver adapter you write)";

/// Where a value came from in the spec file, for later diagnostics (1-based; 0 = not from the file).
struct SourcePos {
  int line = 0;
  int column = 0;
};

/// The `torch:` field: one version, a range, or `auto` (detect the installed torch).
struct TorchRequest {
  enum class Kind { Version, Range, Auto };
  Kind kind = Kind::Version;
  std::string min;  // "2.14"; for Kind::Version min == max
  std::string max;
  SourcePos pos;
};

struct Capabilities {
  bool streams = true;
  bool events = true;
  bool generator = true;
  bool pinned_memory = true;
  bool graphs = true;
  bool amp = true;
  bool serialization = true;
  bool autoload = true;
  bool profiler = true;
  bool distributed = true;
  bool compile = true;
};

enum class FallbackPolicy { Cpu, Error };

struct DeviceSpec {
  std::string source;  // the file it was read from, as the user named it (for messages only)
  int format = 1;      // `accelgen:` spec format version

  std::string name;          // device type string: "mydevice"
  std::string display_name;  // "My Device"
  int count = 2;
  std::uint64_t memory_bytes = 8ull << 30;
  int compute_capability_major = 1;
  int compute_capability_minor = 0;
  int multiprocessor_count = 8;
  // device.runtime: the driver adapter scaffolded once into csrc/driver/ (docs/porting.md).
  DeviceRuntime runtime = DeviceRuntime::Accelsim;

  TorchRequest torch;
  std::vector<std::string> dtypes;  // spec spellings, in spec order, no duplicates
  // dtypes the device cannot hold at all (tensors of them are refused). Every other dtype can live on the
  // device: `dtypes` only decides which kernels are native, the CPU fallback runs the rest.
  std::vector<std::string> unsupported_dtypes;
  std::map<std::string, SourcePos> dtype_positions;  // where each name of dtypes and unsupported_dtypes is written
  Capabilities caps;
  std::vector<std::string> amp_dtypes;
  std::vector<std::string> native_ops;  // ATen names "add.Tensor", sorted, no duplicates
  FallbackPolicy fallback = FallbackPolicy::Cpu;
};

}  // namespace accelgen
