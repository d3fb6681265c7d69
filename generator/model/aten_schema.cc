#include "model/aten_schema.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace accelgen {
namespace {

bool identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A cursor over the schema's text that reports where it failed.
class Reader {
 public:
  explicit Reader(const std::string& text) : text_(text) {}

  void skip_space() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  std::size_t pos() const { return pos_; }

  bool accept(std::string_view token) {
    skip_space();
    if (text_.compare(pos_, token.size(), token) != 0) return false;
    pos_ += token.size();
    return true;
  }
  void expect(std::string_view token, const std::string& where) {
    if (!accept(token)) fail("expected '" + std::string(token) + "' " + where);
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw SchemaError(pos_, what + " at character " + std::to_string(pos_ + 1));
  }

  /// A name: letters, digits, underscores and (for an operator's overload) dots.
  std::string name(bool allow_dot, const std::string& what) {
    skip_space();
    const std::size_t start = pos_;
    while (!at_end() && (identifier_char(peek()) || (allow_dot && peek() == '.'))) ++pos_;
    if (start == pos_) fail("expected " + what);
    return text_.substr(start, pos_ - start);
  }

  /// A type up to the next space, comma or closing parenthesis outside brackets: "Tensor(a!)", "int[2]?".
  std::string type() {
    skip_space();
    const std::size_t start = pos_;
    int depth = 0;
    while (!at_end()) {
      const char c = peek();
      if (depth == 0 && (c == ' ' || c == ',' || c == ')')) break;
      if (c == '(' || c == '[') ++depth;
      if (c == ')' || c == ']') --depth;
      ++pos_;
    }
    if (start == pos_) fail("expected a type");
    return text_.substr(start, pos_ - start);
  }

  /// A default value up to the next comma or closing parenthesis outside brackets and quotes.
  void skip_default() {
    skip_space();
    int depth = 0;
    bool quoted = false;
    const std::size_t start = pos_;
    while (!at_end()) {
      const char c = peek();
      if (c == '"' || c == '\'') quoted = !quoted;
      if (!quoted && depth == 0 && (c == ',' || c == ')')) break;
      if (!quoted && c == '[') ++depth;
      if (!quoted && c == ']') --depth;
      ++pos_;
    }
    if (start == pos_) fail("expected a default value after '='");
  }

 private:
  const std::string& text_;
  std::size_t pos_ = 0;
};

// "Tensor(a!)" → "Tensor" (and whether it was "!"); "Tensor(a!)[]" → "Tensor[]".
std::string strip_annotation(const std::string& type, bool* mutated) {
  const auto open = type.find('(');
  if (open == std::string::npos) return type;
  const auto close = type.find(')', open);
  if (mutated != nullptr) *mutated = type.substr(open, close - open).find('!') != std::string::npos;
  return type.substr(0, open) + type.substr(close + 1);
}

const std::map<std::string, std::string>& value_types() {
  static const std::map<std::string, std::string> table = {
      {"Tensor?", "const std::optional<at::Tensor>&"},
      {"Tensor[]", "at::TensorList"},
      {"Tensor?[]", "const c10::List<std::optional<at::Tensor>>&"},
      {"Scalar", "const c10::Scalar&"},
      {"Scalar?", "const std::optional<c10::Scalar>&"},
      {"int", "int64_t"},
      {"int?", "std::optional<int64_t>"},
      // SymInt arguments as int64: a kernel is registered either with every SymInt as int64 (int64_t, IntArrayRef)
      // or with none (c10::SymInt, SymIntArrayRef); the dispatcher refuses a mix.
      {"SymInt", "int64_t"},
      {"SymInt?", "std::optional<int64_t>"},
      {"float", "double"},
      {"float?", "std::optional<double>"},
      {"bool", "bool"},
      {"bool?", "std::optional<bool>"},
      {"ScalarType", "c10::ScalarType"},
      {"ScalarType?", "std::optional<c10::ScalarType>"},
      {"str", "c10::string_view"},
      {"str?", "std::optional<c10::string_view>"},
      {"Generator?", "std::optional<at::Generator>"},
      {"Layout?", "std::optional<at::Layout>"},
      {"Device?", "std::optional<at::Device>"},
      {"MemoryFormat?", "std::optional<at::MemoryFormat>"},
  };
  return table;
}

}  // namespace

AtenSchema parse_aten_schema(const std::string& text, bool structured) {
  Reader in(text);
  AtenSchema schema;
  schema.name = in.name(/*allow_dot=*/true, "the operator's name (add.Tensor)");
  const std::string base = schema.name.substr(0, schema.name.find('.'));
  in.expect("(", "after the operator's name");
  bool keyword_only = false;
  if (!in.accept(")")) {
    while (true) {
      if (in.accept("*")) {
        keyword_only = true;
      } else {
        SchemaArgument argument;
        argument.type = in.type();
        argument.name = in.name(/*allow_dot=*/false, "an argument name after its type");
        argument.keyword_only = keyword_only;
        argument.list_ref = strip_annotation(argument.type, &argument.mutated) == "Tensor[]" && structured;
        if (in.accept("=")) in.skip_default();
        cpp_argument_type(argument);  // an argument without a C++ mapping fails here, at load
        schema.arguments.push_back(argument);
      }
      if (in.accept(")")) break;
      in.expect(",", "or ')' between arguments");
    }
  }
  in.expect("->", "after the arguments");
  if (in.accept("(")) {
    if (!in.accept(")")) {
      while (true) {
        schema.returns.push_back(in.type());
        in.skip_space();
        if (identifier_char(in.peek())) in.name(false, "a return's name");  // named returns: (Tensor values, ...)
        if (in.accept(")")) break;
        in.expect(",", "or ')' between return types");
      }
    }
  } else {
    schema.returns.push_back(in.type());
  }
  in.skip_space();
  if (!in.at_end()) in.fail("unexpected text after the return type");

  const bool writes_argument = std::any_of(schema.arguments.begin(), schema.arguments.end(),
                                           [](const SchemaArgument& a) { return a.mutated; });
  if (base.ends_with('_') && !base.ends_with("__")) {
    schema.kind = VariantKind::InPlace;
  } else if (writes_argument) {
    schema.kind = VariantKind::Out;
  }
  return schema;
}

std::string cpp_argument_type(const SchemaArgument& argument) {
  bool mutated = false;
  const std::string type = strip_annotation(argument.type, &mutated);
  if (type == "Tensor") return mutated ? "at::Tensor&" : "const at::Tensor&";
  if (type == "Tensor[]" && argument.list_ref) return "const at::ITensorListRef&";
  const auto known = value_types().find(type);
  if (known != value_types().end()) return known->second;
  // Lists with an optional fixed length: int[], int[2], SymInt[1]?, bool[3].
  const auto open = type.find('[');
  if (open != std::string::npos) {
    const std::string element = type.substr(0, open);
    const bool optional = type.ends_with('?');
    const std::string length = type.substr(open + 1, type.find(']') - open - 1);
    if ((element == "int" || element == "SymInt") && type.find(']') != std::string::npos) {
      return optional ? "at::OptionalIntArrayRef" : "at::IntArrayRef";
    }
    if (element == "bool" && !optional && !length.empty()) return "std::array<bool, " + length + ">";
    if (element == "float" && !optional) return "at::ArrayRef<double>";
  }
  throw SchemaError(0, "argument '" + argument.name + "' has type '" + argument.type +
                           "', which accelgen does not map to C++ (Tensor, Tensor?, Tensor[], Scalar, int, int[], "
                           "SymInt, float, bool, bool[N], ScalarType, str, Generator? and their optional forms)");
}

std::string cpp_return_type(const AtenSchema& schema) {
  auto one = [](const std::string& type) {
    bool mutated = false;
    const std::string plain = strip_annotation(type, &mutated);
    if (plain == "Tensor") return std::string(mutated ? "at::Tensor&" : "at::Tensor");
    if (plain == "Tensor[]") return std::string("std::vector<at::Tensor>");
    if (plain == "Scalar") return std::string("c10::Scalar");
    if (plain == "float") return std::string("double");
    if (plain == "int") return std::string("int64_t");
    if (plain == "SymInt") return std::string("c10::SymInt");
    if (plain == "bool") return std::string("bool");
    throw SchemaError(0, "return type '" + type + "' is not mapped to C++ by accelgen");
  };
  if (schema.returns.empty()) return "void";
  if (schema.returns.size() == 1) return one(schema.returns.front());
  std::string tuple = "std::tuple<";
  for (std::size_t i = 0; i < schema.returns.size(); ++i) tuple += (i ? ", " : "") + one(schema.returns[i]);
  return tuple + ">";
}

std::string wrapper_function_name(const std::string& schema_name) {
  const auto dot = schema_name.find('.');
  std::string base = schema_name.substr(0, dot);
  if (base.ends_with('_') && !base.ends_with("__")) base += "inplace";
  std::string name = base;
  if (dot != std::string::npos) name += "_" + schema_name.substr(dot + 1);
  std::string result;
  for (char c : name) {
    if (c == '_' && !result.empty() && result.back() == '_') continue;
    result += c;
  }
  return result;
}

bool is_plain_tensor(const SchemaArgument& argument) {
  return argument.type.starts_with("Tensor") && argument.type.find('?') == std::string::npos &&
         argument.type.find("[]") == std::string::npos;
}

bool is_optional_tensor(const SchemaArgument& argument) {
  return argument.type.starts_with("Tensor?") && argument.type.find("[]") == std::string::npos;
}

}  // namespace accelgen
