// The backend's host operator files: csrc/ops/core_ops.cc, cpu_bridge.cc, quantized.cc, native/autocast.cc and
// csrc/serialization.cc hold operators implemented by host code rather than by a device kernel. Which operators each registers is data:
// knowledge/host_operators.yaml lists those whose functions the file's template writes (empty, copy_, the views,
// ...), and a catalog operator's `bridge` block (model/operator_catalog.h) the wrapper a file registers for it
// while operators.native does not list it (the CPU bridge's convolution, the core file's fill_).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelgen {

enum class HostFile {
  CoreOps,    // "core_ops": csrc/ops/core_ops.cc, the operators every PrivateUse1 backend implements itself
  CpuBridge,  // "cpu_bridge": csrc/ops/cpu_bridge.cc, operators without a CPU kernel, run on CPU copies
  Quantized,  // "quantized": csrc/ops/quantized.cc, quantized device tensors
  Autocast,   // "autocast": csrc/ops/native/autocast.cc, torch.autocast's policies
  Serialization,  // "serialization": csrc/serialization.cc, backend metadata that torch.save keeps
};

/// The file a name spells ("cpu_bridge"), or nullopt.
std::optional<HostFile> parse_host_file(std::string_view name);
/// The name of a file, as the data and the template data spell it.
std::string_view host_file_name(HostFile file);
/// Every file's name, in the order of HostFile.
std::vector<std::string> host_file_names();
/// The dispatch key a file registers its operators for (PrivateUse1, QuantizedPrivateUse1, AutocastPrivateUse1).
std::string_view host_file_dispatch_key(HostFile file);

/// An operator a host file registers with a function its template defines.
struct HostOperator {
  std::string name;      // the schema name: "empty.memory_format"
  HostFile file = HostFile::CoreOps;
  std::string function;  // the C++ function the file defines: "empty_memory_format"
  std::string capability;  // a capability without which it is not registered, or ""
  int line = 0, column = 0;
};

/// What knowledge/host_operators.yaml says of one host file.
struct HostFileBlock {
  HostFile file = HostFile::CoreOps;
  std::vector<std::string> includes;  // as #include names them; the generator adds the bridges' and orders them
  // Operators whose native kernel makes the file's tensors without the CPU fallback (quantized tensors come from
  // torch.quantize_per_tensor): the file exists with operators.fallback: cpu or one of these native. Empty: the
  // file's existence does not depend on operators.
  std::vector<std::string> made_by;
};

struct HostOperators {
  std::vector<HostFileBlock> files;       // in the data's order
  std::vector<HostOperator> operators;    // in the data's order (the registration order)

  /// Reads the data strictly (base/strict_yaml.h): an unknown key, file or capability, a malformed operator name or
  /// C++ function name, and an operator listed twice for one file throw DataFileError at `origin`:line:column.
  static HostOperators load(std::string_view yaml_text, const std::string& origin);

  /// The block of `file` (one with no includes when the data has none).
  HostFileBlock block(HostFile file) const;
};

/// The embedded knowledge/host_operators.yaml.
const HostOperators& host_operators();

}  // namespace accelgen
