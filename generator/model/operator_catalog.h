// The ATen operators accelgen has a native kernel template for (knowledge/operator-catalog.yaml), each with the
// signature of its device kernel: the user-owned function the generated operator calls (csrc/kernels/).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace accelgen {

/// One parameter of a device kernel. `kind` says what it is and how it crosses from the host to the device
/// (model/kernel_signature.h renders each kind): "out", "opt_out" (an output the caller may not want: undefined),
/// "inout", "in", "opt_tensor", "list", "scalar", "opt_scalar", "double", "bool", "int64", "uint64", "string",
/// "dims", "opt_dims", "opt_dtype", "dtype", "opt_int", "opt_double".
struct KernelParam {
  std::string kind;
  std::string name;
};

struct KernelSignature {
  std::string summary;              // what the kernel computes, one line
  std::vector<KernelParam> params;  // outputs first, then inputs, then arguments
  std::string host;                 // default kernel: host-side code before the launch (may return early)
  std::string body;                 // default kernel: the computation, over CPU views of device memory
};

struct CatalogOperator {
  std::string name;      // "add.Tensor"
  std::string family;    // the operator file that holds it, csrc/ops/native/<family>.cc: "binary", "unary", ...
  std::string capability;  // a capability the operator needs ("generator"), or ""
  // The dispatch key its kernel is registered for: PrivateUse1, or QuantizedPrivateUse1 for an operator whose
  // input is a quantized tensor (dequantize).
  std::string dispatch_key = "PrivateUse1";
  KernelSignature kernel;
};

class OperatorCatalog {
 public:
  /// Reads a catalog strictly (base/strict_yaml.h): unknown keys, missing fields, a family with no operator
  /// template (templates/backend/csrc/ops/native/<family>.cc.mustache), an unknown capability or dispatch key, a
  /// malformed kernel parameter and a duplicate operator throw DataFileError naming `origin`:line:column.
  static OperatorCatalog load(std::string_view yaml_text, const std::string& origin);

  explicit OperatorCatalog(std::map<std::string, CatalogOperator> ops) : ops_(std::move(ops)) {}
  bool contains(const std::string& name) const { return ops_.contains(name); }
  const CatalogOperator& at(const std::string& name) const { return ops_.at(name); }
  std::vector<std::string> names() const;

 private:
  std::map<std::string, CatalogOperator> ops_;
};

/// The catalog embedded in the binary.
const OperatorCatalog& operator_catalog();

}  // namespace accelgen
