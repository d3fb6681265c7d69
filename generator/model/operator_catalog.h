// The ATen operators accelgen can make native (knowledge/operators/<family>.yaml), each stated completely as data:
// the schema of every variant PyTorch calls (functional, in-place, out=) with the host-side wrapper code the
// generated operator file registers for it (or, for an elementwise operator, the rule its family derives that code
// from), and the signature of its device kernel, the user-owned function the wrappers call (csrc/kernels/). Each
// file's family block states the rest of the family's operator file; one template
// (templates/backend/csrc/ops/native/__family__.cc.mustache) renders every family and names none.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/host_files.h"

namespace accelgen {

/// What a device kernel's parameter is, and so how it crosses from the host to the device (model/kernel_signature.h
/// renders each kind). The catalog writes it as the first word of a parameter ("out self"): see
/// kernel_param_kind_names().
enum class KernelParamKind {
  Out,        // "out": an output tensor
  OptOut,     // "opt_out": an output the caller may not want (undefined)
  Inout,      // "inout": a tensor read and written
  In,         // "in": an input tensor
  OptTensor,  // "opt_tensor": an optional input tensor
  List,       // "list": a list of tensors, read or written in place (a kernel over lists alone runs on the
              // device of the first list's first tensor)
  Scalar,     // "scalar"
  OptScalar,  // "opt_scalar"
  Double,     // "double"
  Bool,       // "bool"
  Int64,      // "int64"
  Uint64,     // "uint64"
  Philox,     // "philox": a random stream (philox_state.h)
  String,     // "string"
  Dims,       // "dims": an int[] argument
  OptDims,    // "opt_dims"
  OptDtype,   // "opt_dtype"
  Dtype,      // "dtype"
  OptInt,     // "opt_int"
  OptDouble,  // "opt_double"
};

/// The kind a catalog names, or nullopt for a name that is not one.
std::optional<KernelParamKind> parse_kernel_param_kind(std::string_view name);
/// The catalog's name of a kind ("opt_out").
std::string_view kernel_param_kind_name(KernelParamKind kind);
/// Every kind's catalog name, in the order of KernelParamKind (for error messages).
std::vector<std::string> kernel_param_kind_names();

/// One parameter of a device kernel.
struct KernelParam {
  KernelParamKind kind = KernelParamKind::In;
  std::string name;
};

struct KernelSignature {
  std::string summary;              // what the kernel computes, one line
  std::vector<KernelParam> params;  // outputs first, then inputs, then arguments
  std::string host;                 // default kernel: host-side code before the launch (may return early)
  std::string body;                 // default kernel: the computation, over CPU views of device memory
  std::vector<std::string> includes;  // the project's headers the default body calls into (ops/attention.h)
};

/// One registration of an operator: a schema PyTorch dispatches (add.Tensor, add_.Tensor, add.out) and the wrapper
/// that implements it, either one expression (`call`: "binary(Binary::Add, self, other, alpha)", returned) or
/// statements (`body`), over the schema's argument names. `schema` is parsed at load (model/aten_schema.h).
struct CatalogVariant {
  std::string schema;   // "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)"
  std::string call;     // an expression the wrapper returns, or ""
  std::string body;     // the wrapper's statements, or ""
  std::string comment;  // what a reader of the wrapper should know (one paragraph), or ""
};

/// How an elementwise operator's result dtype follows from its operands' (PyTorch's type promotion).
enum class Promotion {
  Common,          // "common": at::result_type of the operands (add, mul, maximum, pow)
  IntegerToFloat,  // "integer_to_float": integer and bool operands give the default floating dtype (true division)
  ToBool,          // "to_bool": comparisons
  Same,            // "same": the input's dtype (neg)
  ComplexToReal,   // "complex_to_real": a complex input gives its real dtype (abs)
};

/// An elementwise operator whose wrappers its family derives for every variant (functional, in-place, out=) from
/// its promotion rule, as torchgen derives a NativeFunctionsGroup's: the catalog writes only their schemas.
struct ElementwiseRule {
  Promotion promotion = Promotion::Common;
  std::string check;  // C++ statements every variant runs first (PyTorch's argument checks), or ""
};

/// An operator whose functional and in-place wrappers are derived from PyTorch's meta function and its kernel:
/// at::meta::NAME (a structured operator's argument checks and output inference, without computing) gives the
/// result's shape and dtype, the wrapper allocates it on the device and calls the kernel; the in-place variant runs
/// at::meta::NAME_ for its checks and computes into self. A variant that gives its call or body keeps it (the out=
/// variants, whose output PyTorch's convention resizes).
struct MetaRule {
  std::string device;  // the tensor argument whose device the result goes on; "" for the first tensor argument
};

/// What a host file (model/host_files.h) registers for an operator while operators.native does not list it: the
/// CPU bridge's wrapper that runs PyTorch's CPU implementation on copies (convolution, which has no CPU kernel the
/// fallback could run), the core file's fill_ through host tasks. Its wrapper implements the operator's functional
/// schema.
struct CatalogBridge {
  HostFile file = HostFile::CpuBridge;
  std::vector<std::string> includes;  // headers its code needs, as #include names them
  std::string support;                // C++ placed before the wrapper (helpers, a dispatch stub), or ""
  CatalogVariant wrapper;             // the functional schema's wrapper: call or body, comment
  // Other variants of the operator the file registers along with it, with their catalog wrappers
  // (_fused_sdp_choice with the fused attention).
  std::vector<std::string> registers;
};

struct CatalogOperator {
  std::string name;      // "add.Tensor"
  std::string family;    // the operator file that holds it, csrc/ops/native/<family>.cc: "binary", "unary", ...
  std::string capability;  // a capability the operator needs ("generator"), or ""
  // The dispatch key its kernel is registered for: PrivateUse1, or QuantizedPrivateUse1 for an operator whose
  // input is a quantized tensor (dequantize).
  std::string dispatch_key = "PrivateUse1";
  bool structured = false;  // of a structured group in native_functions.yaml: Tensor[] comes as ITensorListRef
  std::string support;   // C++ that the operator's wrappers share (a check, a helper), placed before them, or ""
  std::vector<CatalogVariant> variants;  // the functional variant first
  std::optional<ElementwiseRule> elementwise;  // set: the variants' wrappers are derived (they have no call or body)
  std::optional<MetaRule> meta;  // set: its variants without call or body are derived from at::meta (MetaRule)
  std::optional<CatalogBridge> bridge;  // set: a host file registers this while the operator is not native
  KernelSignature kernel;
  std::string origin;  // where the entry is: its catalog file, line and column (for errors found later)
  int line = 0;
  int column = 0;
};

/// What a family's operator file (csrc/ops/native/<family>.cc) holds besides its operators' wrappers: the catalog
/// file's `family` block. One template renders every family's file from it.
struct CatalogFamily {
  std::string name;        // "binary": the catalog file's stem
  std::string title;       // the file's opening comment, before the list of its native operators (plain text)
  std::string notes;       // the rest of the file's comment: what a reader of the family's code should know
  std::vector<std::string> includes;  // headers beyond operator_support.h: "ops/quantized.h", "torch/library.h", "tuple"
  std::string capability;  // a capability without which the file is not generated ("generator"), or ""
  std::string helpers;     // C++ the family's wrappers share, placed before them while one of its operators is native
  // The family's wrappers of derived variants (ElementwiseRule): `wrapper` names them ("binary": binary,
  // binary_, binary_out, binary_scalar, binary_scalar_), `promotion_enum` is the C++ enum of their Promotion
  // argument. Empty: the family's operators write their wrappers' code.
  std::string elementwise_wrapper, elementwise_promotion_enum;
  int elementwise_operands = 2;  // how many positional operands each derived variant takes (binary 2, unary 1)
  // The family's bridged operators in a host file: why the file has them (a line of its opening comment) and the
  // heading of their section. Empty: no section of their own.
  std::string bridge_reason, bridge_heading;
  std::string origin;            // where the block was read (its file), and its line and column there
  int line = 0, column = 0;
};

/// The catalog's spelling of a Promotion ("integer_to_float").
std::string_view promotion_name(Promotion promotion);

class OperatorCatalog {
 public:
  /// Reads one family's catalog file strictly (base/strict_yaml.h): unknown keys, missing fields, a family that no
  /// catalog file is named after or other than `family` (when not empty: the file's own), an unknown capability,
  /// dispatch key or kernel parameter kind, a malformed kernel parameter or schema, a kernel without a tensor to
  /// run on, a variant with neither or both of call and body, and a duplicate operator or schema throw
  /// DataFileError naming `origin`:line:column.
  /// The file's optional `family` block (its title, notes, includes, capability and helpers) becomes the family
  /// `family` (or, when that is empty, the one its operators name).
  static OperatorCatalog load(std::string_view yaml_text, const std::string& origin, const std::string& family = "");

  /// Adds another family's operators; a name already here is a DataFileError at the second entry.
  void merge(const OperatorCatalog& other);

  explicit OperatorCatalog(std::map<std::string, CatalogOperator> ops, std::map<std::string, CatalogFamily> families = {})
      : ops_(std::move(ops)), families_(std::move(families)) {}
  bool contains(const std::string& name) const { return ops_.contains(name); }
  const CatalogOperator& at(const std::string& name) const { return ops_.at(name); }
  std::vector<std::string> names() const;
  /// The family block of `name`, or one with only the name when its file has none.
  CatalogFamily family(const std::string& name) const;

 private:
  std::map<std::string, CatalogOperator> ops_;
  std::map<std::string, CatalogFamily> families_;
};

/// The families: one per catalog file, knowledge/operators/<family>.yaml (each has its operator file,
/// csrc/ops/native/<family>.cc, rendered from the family's template).
std::vector<std::string> catalog_families();

/// The catalog embedded in the binary: every knowledge/operators/<family>.yaml.
const OperatorCatalog& operator_catalog();

}  // namespace accelgen
