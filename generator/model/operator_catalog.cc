#include "model/operator_catalog.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>

#include "base/strict_yaml.h"
#include "embed/embedded_files.h"
#include "model/aten_schema.h"
#include "model/capabilities.h"
#include "model/kernel_signature.h"

namespace accelgen {

std::vector<std::string> OperatorCatalog::names() const {
  std::vector<std::string> result;
  for (const auto& [name, op] : ops_) result.push_back(name);
  return result;
}

namespace {

constexpr std::string_view kCatalogDir = "knowledge/operators/";

bool listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The catalog names of the kernel parameter kinds, in the order of KernelParamKind: the one place they are spelled.
constexpr std::array<std::pair<KernelParamKind, std::string_view>, 20> kParamKinds = {{
    {KernelParamKind::Out, "out"},
    {KernelParamKind::OptOut, "opt_out"},
    {KernelParamKind::Inout, "inout"},
    {KernelParamKind::In, "in"},
    {KernelParamKind::OptTensor, "opt_tensor"},
    {KernelParamKind::List, "list"},
    {KernelParamKind::Scalar, "scalar"},
    {KernelParamKind::OptScalar, "opt_scalar"},
    {KernelParamKind::Double, "double"},
    {KernelParamKind::Bool, "bool"},
    {KernelParamKind::Int64, "int64"},
    {KernelParamKind::Uint64, "uint64"},
    {KernelParamKind::Philox, "philox"},
    {KernelParamKind::String, "string"},
    {KernelParamKind::Dims, "dims"},
    {KernelParamKind::OptDims, "opt_dims"},
    {KernelParamKind::OptDtype, "opt_dtype"},
    {KernelParamKind::Dtype, "dtype"},
    {KernelParamKind::OptInt, "opt_int"},
    {KernelParamKind::OptDouble, "opt_double"},
}};

constexpr std::array<std::pair<Promotion, std::string_view>, 5> kPromotions = {{
    {Promotion::Common, "common"},
    {Promotion::IntegerToFloat, "integer_to_float"},
    {Promotion::ToBool, "to_bool"},
    {Promotion::Same, "same"},
    {Promotion::ComplexToReal, "complex_to_real"},
}};

// Lookups in a table of (value, spelling) pairs, both ways, and its spellings (for "known: ..." in errors).
template <typename Table>
auto value_spelled(const Table& table, std::string_view spelled)
    -> std::optional<typename Table::value_type::first_type> {
  for (const auto& [value, name] : table) {
    if (name == spelled) return value;
  }
  return std::nullopt;
}

template <typename Table, typename Value>
std::string_view spelling_of(const Table& table, Value value) {
  for (const auto& [v, name] : table) {
    if (v == value) return name;
  }
  return "?";
}

template <typename Table>
std::vector<std::string> spellings(const Table& table) {
  std::vector<std::string> names;
  for (const auto& entry : table) names.emplace_back(entry.second);
  return names;
}

// The stem of a catalog file's path: knowledge/operators/<family>.yaml.
std::string family_of_file(std::string_view path) {
  const std::size_t stem = path.size() - kCatalogDir.size() - std::string_view(".yaml").size();
  return std::string(path.substr(kCatalogDir.size(), stem));
}

bool is_catalog_file(std::string_view path) { return path.starts_with(kCatalogDir) && path.ends_with(".yaml"); }

// The operator's variants: each schema parsed (a mistake is an error at the schema's line), with one of call
// and body; the first must be the operator itself.
std::vector<CatalogVariant> read_variants(const StrictYaml& y, const YAML::Node& list, const std::string& op_name,
                                          bool structured, bool derived, bool meta_derived,
                                          std::vector<std::string>& schemas_seen) {
  const std::string where = "operator " + op_name;
  if (!list.IsSequence() || list.size() == 0) y.fail(list, where + ": variants must be a non-empty list");
  std::vector<CatalogVariant> variants;
  for (const auto& entry : list) {
    const auto f = y.fields(entry, where + ": a variant", {"schema"}, {"call", "body", "comment"});
    CatalogVariant v;
    v.schema = y.scalar(f.at("schema"), where + ": schema");
    AtenSchema parsed;
    try {
      parsed = parse_aten_schema(v.schema, structured);
    } catch (const SchemaError& e) {
      y.fail(f.at("schema"), where + ": schema \"" + v.schema + "\": " + e.what());
    }
    if (variants.empty() && parsed.name != op_name) {
      y.fail(f.at("schema"), where + ": the first variant must be the operator itself (" + op_name + "), not " +
                                 parsed.name);
    }
    if (listed(schemas_seen, parsed.name)) y.fail(f.at("schema"), "duplicate schema " + parsed.name);
    schemas_seen.push_back(parsed.name);
    if (derived && (f.count("call") || f.count("body"))) {
      y.fail(f.count("call") ? f.at("call") : f.at("body"),
             where + ": variant " + parsed.name + " is derived from the operator's elementwise rule: leave out its " +
                 (f.count("call") ? "call" : "body") + " (or the operator's elementwise block)");
    }
    const auto given = f.count("call") + f.count("body");
    if (!derived && (given == 2 || (given == 0 && !meta_derived))) {
      y.fail(entry, where + ": variant " + parsed.name +
                        " needs exactly one of call (an expression the wrapper returns) and body (its statements)");
    }
    if (!derived && given == 0) {
      if (parsed.kind == VariantKind::Out) {
        y.fail(entry, where + ": variant " + parsed.name +
                          " is an out= variant: the operator's meta block derives functional and in-place wrappers "
                          "only (give this one its body)");
      }
    }
    if (f.count("call")) v.call = y.scalar(f.at("call"), where + ": call");
    if (f.count("body")) v.body = y.scalar(f.at("body"), where + ": body");
    if (f.count("comment")) v.comment = y.scalar(f.at("comment"), where + ": comment");
    variants.push_back(std::move(v));
  }
  return variants;
}

// A list of headers as #include names them, without quotes or brackets.
std::vector<std::string> read_includes(const StrictYaml& y, const YAML::Node& includes, const std::string& where) {
  if (!includes.IsSequence()) y.fail(includes, where + ": includes must be a list of headers");
  std::vector<std::string> headers;
  for (const auto& header : includes) {
    const std::string text = y.scalar(header, where + ": an include");
    if (text.empty() || text.find_first_of("<>\" \t") != std::string::npos) {
      y.fail(header, where + ": include '" + text + "' must be a header's path as #include names it, without "
                     "quotes or brackets (\"torch/library.h\", \"tuple\")");
    }
    headers.push_back(text);
  }
  return headers;
}

// An operator's `elementwise` block.
ElementwiseRule read_elementwise(const StrictYaml& y, const YAML::Node& node, const std::string& where) {
  const auto f = y.fields(node, where + ": elementwise", {"promotion"}, {"check"});
  ElementwiseRule rule;
  const std::string promotion = y.scalar(f.at("promotion"), where + ": elementwise.promotion");
  const std::optional<Promotion> value = value_spelled(kPromotions, promotion);
  if (!value) {
    y.fail(f.at("promotion"),
           where + ": unknown promotion '" + promotion + "' (known: " + StrictYaml::join(spellings(kPromotions)) + ")");
  }
  rule.promotion = *value;
  if (f.count("check")) rule.check = y.scalar(f.at("check"), where + ": elementwise.check");
  return rule;
}

// A catalog file's `family` block.
CatalogFamily read_family(const StrictYaml& y, const YAML::Node& node, const std::vector<std::string>& capabilities) {
  const auto f = y.fields(node, "the family block", {"title", "includes"},
                          {"notes", "capability", "helpers", "elementwise", "bridge"});
  CatalogFamily family;
  family.title = y.scalar(f.at("title"), "family: title");
  if (f.count("notes")) family.notes = y.scalar(f.at("notes"), "family: notes");
  if (f.count("helpers")) family.helpers = y.scalar(f.at("helpers"), "family: helpers");
  if (f.count("capability")) {
    family.capability = y.scalar(f.at("capability"), "family: capability");
    if (!listed(capabilities, family.capability)) {
      y.fail(f.at("capability"), "family: unknown capability '" + family.capability +
                                     "' (known: " + StrictYaml::join(capabilities) + ")");
    }
  }
  if (f.count("elementwise")) {
    const auto e = y.fields(f.at("elementwise"), "family: elementwise", {"wrapper", "promotion_enum", "operands"}, {});
    family.elementwise_wrapper = y.scalar(e.at("wrapper"), "family: elementwise.wrapper");
    family.elementwise_promotion_enum = y.scalar(e.at("promotion_enum"), "family: elementwise.promotion_enum");
    const std::string operands = y.scalar(e.at("operands"), "family: elementwise.operands");
    if (operands != "1" && operands != "2") y.fail(e.at("operands"), "family: elementwise.operands must be 1 or 2");
    family.elementwise_operands = operands == "1" ? 1 : 2;
  }
  if (f.count("bridge")) {
    const auto b = y.fields(f.at("bridge"), "family: bridge", {"reason", "heading"}, {});
    family.bridge_reason = y.scalar(b.at("reason"), "family: bridge.reason");
    family.bridge_heading = y.scalar(b.at("heading"), "family: bridge.heading");
  }
  family.includes = read_includes(y, f.at("includes"), "family");
  return family;
}

// An operator's `bridge` block: its host file (whose dispatch key must be the operator's), includes, support code,
// the functional schema's wrapper and the other variants registered with it.
CatalogBridge read_bridge(const StrictYaml& y, const YAML::Node& node, const CatalogOperator& op,
                          const AtenSchema& functional) {
  const std::string where = "operator " + op.name + ": bridge";
  const auto f = y.fields(node, where, {"file"}, {"includes", "support", "call", "body", "comment", "registers"});
  CatalogBridge bridge;
  const std::string file = y.scalar(f.at("file"), where + ".file");
  const std::optional<HostFile> host_file = parse_host_file(file);
  if (!host_file) {
    y.fail(f.at("file"),
           where + ": unknown host file '" + file + "' (known: " + StrictYaml::join(host_file_names()) + ")");
  }
  bridge.file = *host_file;
  if (host_file_dispatch_key(bridge.file) != op.dispatch_key) {
    y.fail(f.at("file"), where + ": " + file + " registers for " + std::string(host_file_dispatch_key(bridge.file)) +
                             ", the operator's dispatch key is " + op.dispatch_key);
  }
  if (f.count("includes")) bridge.includes = read_includes(y, f.at("includes"), where);
  if (f.count("support")) bridge.support = y.scalar(f.at("support"), where + ".support");
  if (f.count("call") + f.count("body") != 1) {
    y.fail(node, where + ": needs exactly one of call (an expression its wrapper of " + functional.name +
                     " returns) and body (its statements)");
  }
  bridge.wrapper.schema = op.variants.front().schema;
  if (f.count("call")) bridge.wrapper.call = y.scalar(f.at("call"), where + ".call");
  if (f.count("body")) bridge.wrapper.body = y.scalar(f.at("body"), where + ".body");
  if (f.count("comment")) bridge.wrapper.comment = y.scalar(f.at("comment"), where + ".comment");
  if (f.count("registers")) {
    const YAML::Node& list = f.at("registers");
    if (!list.IsSequence()) y.fail(list, where + ".registers must be a list of the operator's variants");
    for (const auto& entry : list) {
      const std::string name = y.scalar(entry, where + ": a registered variant");
      const auto variant = std::find_if(op.variants.begin() + 1, op.variants.end(), [&](const CatalogVariant& v) {
        return parse_aten_schema(v.schema, op.structured).name == name;
      });
      if (variant == op.variants.end()) {
        y.fail(entry, where + ": '" + name + "' is not one of the operator's other variants");
      }
      if (!op.elementwise && !op.meta && variant->call.empty() && variant->body.empty()) {
        y.fail(entry, where + ": variant " + name + " has no wrapper of its own to register");
      }
      if (uses_identifier(variant->call + variant->body, "kernels")) {
        y.fail(entry, where + ": variant " + name + " calls the device kernel, which a bridged operator does not have");
      }
      bridge.registers.push_back(name);
    }
  }
  return bridge;
}

}  // namespace

std::optional<KernelParamKind> parse_kernel_param_kind(std::string_view name) {
  return value_spelled(kParamKinds, name);
}

std::string_view kernel_param_kind_name(KernelParamKind kind) { return spelling_of(kParamKinds, kind); }

std::string_view promotion_name(Promotion promotion) { return spelling_of(kPromotions, promotion); }

std::vector<std::string> kernel_param_kind_names() { return spellings(kParamKinds); }

std::vector<std::string> catalog_families() {
  std::vector<std::string> families;
  for (const auto& file : embedded::files_under(kCatalogDir)) {
    if (is_catalog_file(file.path)) families.push_back(family_of_file(file.path));
  }
  return families;
}

CatalogFamily OperatorCatalog::family(const std::string& name) const {
  const auto it = families_.find(name);
  if (it != families_.end()) return it->second;
  CatalogFamily bare;
  bare.name = name;
  return bare;
}

void OperatorCatalog::merge(const OperatorCatalog& other) {
  for (const auto& [name, family] : other.families_) {
    const auto [it, added] = families_.emplace(name, family);
    if (!added) {
      throw DataFileError(family.origin, family.line, family.column,
                          "a second family block of family " + name + ", already in " + it->second.origin + ":" +
                              std::to_string(it->second.line) + " (a family has one block, in its own file)");
    }
  }
  for (const auto& [name, op] : other.ops_) {
    const auto [it, added] = ops_.emplace(name, op);
    if (!added) {
      throw DataFileError(op.origin, op.line, op.column,
                          "duplicate operator " + name + ", already in " + it->second.origin + ":" +
                              std::to_string(it->second.line) + " (an operator belongs to one family's file)");
    }
  }
}

OperatorCatalog OperatorCatalog::load(std::string_view yaml_text, const std::string& origin,
                                      const std::string& family) {
  const StrictYaml y(origin);
  const YAML::Node root = y.parse(yaml_text, "the operator catalog");
  const auto top = y.fields(root, "the operator catalog", {"operators"}, {"family"});
  const YAML::Node& list = top.at("operators");
  if (!list.IsSequence()) y.fail(list, "operators must be a list");
  const std::vector<std::string> families = catalog_families();
  const std::vector<std::string> capabilities = capability_names();
  const std::vector<std::string> dispatch_keys = {"PrivateUse1", "QuantizedPrivateUse1"};
  std::optional<CatalogFamily> block;
  if (top.count("family")) {
    block = read_family(y, top.at("family"), capabilities);
    block->origin = origin;
    block->line = top.at("family").Mark().line + 1;
    block->column = top.at("family").Mark().column + 1;
  }
  std::map<std::string, CatalogOperator> ops;
  std::vector<std::string> schemas_seen;
  for (const auto& entry : list) {
    const auto f = y.fields(entry, "an operator", {"name", "family", "variants", "kernel"},
                            {"capability", "dispatch_key", "structured", "support", "elementwise", "meta", "bridge"});
    CatalogOperator op;
    op.name = y.scalar(f.at("name"), "name");
    op.origin = origin;
    op.line = entry.Mark().line + 1;
    op.column = entry.Mark().column + 1;
    if (ops.contains(op.name)) y.fail(f.at("name"), "duplicate operator " + op.name);
    const std::string where = "operator " + op.name;
    op.family = y.scalar(f.at("family"), where + ": family");
    if (!listed(families, op.family)) {
      y.fail(f.at("family"),
             where + ": unknown family '" + op.family + "' (known: " + StrictYaml::join(families) + ")");
    }
    if (!family.empty() && op.family != family) {
      y.fail(f.at("family"), where + ": family '" + op.family + "' in the catalog file of family '" + family +
                                 "' (move the entry to knowledge/operators/" + op.family + ".yaml)");
    }
    if (f.count("capability")) {
      op.capability = y.scalar(f.at("capability"), where + ": capability");
      if (!listed(capabilities, op.capability)) {
        y.fail(f.at("capability"), where + ": unknown capability '" + op.capability +
                                       "' (known: " + StrictYaml::join(capabilities) + ")");
      }
    }
    if (f.count("dispatch_key")) {
      op.dispatch_key = y.scalar(f.at("dispatch_key"), where + ": dispatch_key");
      if (!listed(dispatch_keys, op.dispatch_key)) {
        y.fail(f.at("dispatch_key"), where + ": unknown dispatch key '" + op.dispatch_key +
                                         "' (known: " + StrictYaml::join(dispatch_keys) + ")");
      }
    }
    if (f.count("support")) op.support = y.scalar(f.at("support"), where + ": support");
    if (f.count("structured")) {
      const std::string value = y.scalar(f.at("structured"), where + ": structured");
      if (value != "true" && value != "false") y.fail(f.at("structured"), where + ": structured must be true or false");
      op.structured = value == "true";
    }
    if (f.count("elementwise") && f.count("meta")) {
      y.fail(f.at("meta"), where + ": an operator's variants are derived by its elementwise block or its meta "
                                   "block, not both");
    }
    if (f.count("elementwise")) {
      if (!block || block->elementwise_wrapper.empty()) {
        y.fail(f.at("elementwise"), where + ": an elementwise operator needs its family block to name the "
                                            "wrappers that derive its variants (family: elementwise: {wrapper, "
                                            "promotion_enum})");
      }
      op.elementwise = read_elementwise(y, f.at("elementwise"), where);
    }
    if (f.count("meta")) {
      const auto m = y.fields(f.at("meta"), where + ": meta", {}, {"device"});
      op.meta = MetaRule{};
      if (m.count("device")) op.meta->device = y.scalar(m.at("device"), where + ": meta.device");
    }
    op.variants = read_variants(y, f.at("variants"), op.name, op.structured, op.elementwise.has_value(),
                                op.meta.has_value(), schemas_seen);
    if (op.meta) {
      const YAML::Node& variants = f.at("variants");
      for (std::size_t i = 0; i < op.variants.size(); ++i) {
        if (!op.variants[i].call.empty() || !op.variants[i].body.empty()) continue;
        const AtenSchema schema = parse_aten_schema(op.variants[i].schema, op.structured);
        const auto on_device = [&](const SchemaArgument& a) {
          return is_plain_tensor(a) && (op.meta->device.empty() || a.name == op.meta->device);
        };
        const auto tensor = std::find_if(schema.arguments.begin(), schema.arguments.end(), on_device);
        if (tensor == schema.arguments.end()) {
          y.fail(variants[i], where + ": variant " + schema.name + " has no tensor argument " +
                                  (op.meta->device.empty() ? std::string("to put its result on")
                                                           : "named " + op.meta->device + " (meta.device)"));
        }
      }
    }
    if (op.elementwise) {
      const YAML::Node& variants = f.at("variants");
      for (std::size_t i = 0; i < op.variants.size(); ++i) {
        const AtenSchema schema = parse_aten_schema(op.variants[i].schema, op.structured);
        const auto positional = std::count_if(schema.arguments.begin(), schema.arguments.end(),
                                              [](const SchemaArgument& a) { return !a.keyword_only; });
        if (positional != block->elementwise_operands) {
          y.fail(variants[i], where + ": variant " + schema.name + " has " + std::to_string(positional) +
                                  " positional arguments; the " + block->elementwise_wrapper +
                                  " family's elementwise operators take " +
                                  std::to_string(block->elementwise_operands));
        }
      }
    }
    if (f.count("bridge")) {
      op.bridge = read_bridge(y, f.at("bridge"), op, parse_aten_schema(op.variants.front().schema, op.structured));
    }
    const auto k = y.fields(f.at("kernel"), where + ": kernel", {"summary", "params", "body"}, {"host", "includes"});
    op.kernel.summary = y.scalar(k.at("summary"), where + ": kernel.summary");
    const YAML::Node& params = k.at("params");
    if (!params.IsSequence()) y.fail(params, where + ": kernel.params must be a list");
    bool has_tensor = false;
    for (const auto& param : params) {
      const std::string text = y.scalar(param, where + ": a kernel parameter");
      const auto space = text.find(' ');
      if (space == std::string::npos || space == 0 || space + 1 == text.size()) {
        y.fail(param, where + ": kernel parameter '" + text + "' must be \"KIND NAME\" (e.g. \"in self\")");
      }
      const std::string kind_name = text.substr(0, space);
      const std::optional<KernelParamKind> kind = parse_kernel_param_kind(kind_name);
      if (!kind) {
        y.fail(param, where + ": kernel parameter '" + text + "': unknown kind '" + kind_name +
                          "' (known: " + StrictYaml::join(kernel_param_kind_names()) + ")");
      }
      has_tensor = has_tensor || *kind == KernelParamKind::Out || *kind == KernelParamKind::Inout ||
                   *kind == KernelParamKind::In || *kind == KernelParamKind::List;
      op.kernel.params.push_back({*kind, text.substr(space + 1)});
    }
    if (!has_tensor) {
      y.fail(params, where + ": the kernel needs an out, inout, in or list tensor parameter (the device it runs on "
                             "is that tensor's, or a list's first)");
    }
    if (k.count("host")) op.kernel.host = y.scalar(k.at("host"), where + ": kernel.host");
    op.kernel.body = y.scalar(k.at("body"), where + ": kernel.body");
    if (k.count("includes")) op.kernel.includes = read_includes(y, k.at("includes"), where + ": kernel");
    ops.emplace(op.name, op);
  }
  std::map<std::string, CatalogFamily> family_blocks;
  if (block) {
    block->name = !family.empty() ? family : ops.empty() ? std::string() : ops.begin()->second.family;
    if (block->name.empty()) {
      y.fail(top.at("family"), "a family block needs the family's operators (or its file's name)");
    }
    family_blocks.emplace(block->name, std::move(*block));
  }
  return OperatorCatalog(std::move(ops), std::move(family_blocks));
}

const OperatorCatalog& operator_catalog() {
  static const OperatorCatalog catalog = [] {
    OperatorCatalog all({});
    for (const auto& file : embedded::files_under(kCatalogDir)) {
      if (is_catalog_file(file.path)) {
        all.merge(OperatorCatalog::load(file.content, std::string(file.path), family_of_file(file.path)));
      }
    }
    if (all.names().empty()) throw std::logic_error(std::string(kCatalogDir) + " is not embedded in this build");
    return all;
  }();
  return catalog;
}

}  // namespace accelgen
