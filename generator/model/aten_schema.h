// An ATen operator schema as native_functions.yaml writes it ("add.out(Tensor self, Tensor other, *, Scalar
// alpha=1, Tensor(a!) out) -> Tensor(a!)"), and the C++ signature of the unboxed kernel that the dispatcher calls
// for it (the function a TORCH_LIBRARY_IMPL block registers with m.impl(name, &f)).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace accelgen {

struct SchemaArgument {
  std::string type;     // the schema's type with its alias annotation: "Tensor(a!)", "int[2]", "ScalarType?"
  std::string name;     // "self"
  bool mutated = false;  // an alias annotation with "!": the kernel writes this tensor (in-place self, out=)
  bool keyword_only = false;  // after the schema's "*"
  // A Tensor[] that the dispatcher passes as "const at::ITensorListRef&", not "at::TensorList": PyTorch's code
  // generator does so for the operators of a structured group (cat and cat.out).
  bool list_ref = false;
};

/// What kind of variant a schema is, by PyTorch's naming rules: "add_.Tensor" (in-place: the base name ends in
/// "_"), "add.out" (writes mutated arguments and returns them), "add.Tensor" (functional).
enum class VariantKind { Functional, InPlace, Out };

struct AtenSchema {
  std::string name;      // "add.out": the operator's name with its overload, as m.impl takes it
  std::vector<SchemaArgument> arguments;
  std::vector<std::string> returns;  // the return types: "Tensor(a!)", or three "Tensor"s of a tuple; () is none
  VariantKind kind = VariantKind::Functional;
};

/// Whether an argument is one tensor ("Tensor", "Tensor(a!)"): not optional, not a list.
bool is_plain_tensor(const SchemaArgument& argument);
/// Whether an argument is one optional tensor ("Tensor?"): not a list.
bool is_optional_tensor(const SchemaArgument& argument);

/// A schema that accelgen cannot read: `what` says what was expected, at character `offset` of the text.
class SchemaError : public std::runtime_error {
 public:
  SchemaError(std::size_t offset, const std::string& what) : std::runtime_error(what), offset_(offset) {}
  std::size_t offset() const { return offset_; }

 private:
  std::size_t offset_;
};

/// Parses one schema; throws SchemaError for a malformed one or an argument type with no C++ mapping here.
/// `structured`: the operator belongs to a structured group of native_functions.yaml (structured, or with a
/// structured_delegate): torchgen then passes its Tensor[] arguments as at::ITensorListRef (cat).
AtenSchema parse_aten_schema(const std::string& text, bool structured = false);

/// The C++ type of an argument of an unboxed kernel: "const at::Tensor&" for Tensor, "at::Tensor&" for a mutated
/// Tensor, "int64_t" and "at::IntArrayRef" for SymInt and SymInt[] (the dispatcher accepts a kernel whose every
/// SymInt is int64, not a mix),
/// "std::array<bool, 3>" for bool[3], ... Throws SchemaError for a type it does not know.
std::string cpp_argument_type(const SchemaArgument& argument);

/// The C++ return type: "at::Tensor", "at::Tensor&" (a mutated argument returned), "std::tuple<at::Tensor,
/// at::Tensor>", "void".
std::string cpp_return_type(const AtenSchema& schema);

/// A C++ identifier for the wrapper of a variant: dots become underscores, and an in-place name's trailing
/// underscore becomes "_inplace" so that no identifier holds a double underscore (reserved in C++):
/// "add.Tensor" → "add_Tensor", "add_.Tensor" → "add_inplace_Tensor", "add.out" → "add_out", "abs_" →
/// "abs_inplace".
std::string wrapper_function_name(const std::string& schema_name);

}  // namespace accelgen
