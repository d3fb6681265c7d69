#include "render/render_context.h"

#include <accelgen_version.h>

#include <cctype>
#include <map>

#include "base/text_wrap.h"
#include "model/aten_schema.h"
#include "model/capabilities.h"
#include "model/device_names.h"
#include "model/dtypes.h"
#include "model/kernel_signature.h"
#include "model/operator_catalog.h"
#include "render/feature_flags.h"
#include "render/escape.h"
#include "render/mustache_renderer.h"
#include "base/text_lines.h"

namespace accelgen {
namespace {

using kainjow::mustache::data;
using kainjow::mustache::list;
using kainjow::mustache::object;

data flag(bool value) { return value ? data(data::type::bool_true) : data(data::type::bool_false); }

/// A list of dtype objects with first/last markers, for comma-separated lists in templates.
data dtype_list(const std::vector<std::string>& names) {
  data items{data::type::list};
  for (std::size_t i = 0; i < names.size(); ++i) {
    const DtypeInfo info = *find_dtype(names[i]);
    data item{data::type::object};
    item.set("name", info.name);
    item.set("scalar_type", info.scalar_type);
    item.set("torch_dtype", "torch." + info.name);
    item.set("cpp_type", info.cpp_type);
    item.set("first", flag(i == 0));
    item.set("last", flag(i + 1 == names.size()));
    items.push_back(item);
  }
  return items;
}

data line_list(const std::vector<std::string>& lines) {
  data items{data::type::list};
  for (const auto& line : lines) {
    data item{data::type::object};
    item.set("line", line.empty() ? std::string(kBlankLineValue) : line);
    items.push_back(item);
  }
  return items;
}

bool capability_on(const DeviceSpec& spec, const std::string& name) {
  if (name.empty()) return true;
  for (const auto& c : capability_table()) {
    if (c.name == name) return spec.caps.*(c.field);
  }
  throw std::logic_error("operator catalog: unknown capability " + name);
}

// The device kernel of a native operator (csrc/kernels/): its declaration and accelgen's default definition.
// `names` renders the catalog's code snippets, which may use {{NAME}} (the backend's macro prefix).
data kernel_data(const CatalogOperator& op, const data& names) {
  const KernelCode code = kernel_code(op);
  const std::string where = "knowledge/operators/" + op.family + ".yaml (" + op.name + ")";
  data item{data::type::object};
  item.set("aten", op.name);
  item.set("function", code.function);
  item.set("family", op.family);
  item.set("summary", op.kernel.summary);
  item.set("comment_lines", line_list(wrap_words(op.name + ": " + op.kernel.summary + ".", 120, "// ")));
  item.set("device", code.device);
  item.set("declaration_lines", line_list(wrap_list("void " + code.function + "(", code.parameters, ");", 0)));
  std::vector<std::string> definition = wrap_list("void " + code.function + "(", code.parameters, ") {", 0);
  for (const auto& line : split_lines(render_template(op.kernel.host, names, where))) {
    definition.push_back(line.empty() ? line : "  " + line);
  }
  item.set("definition_lines", line_list(definition));
  item.set("launch_lines", line_list(wrap_list("run_kernel(" + code.device + ", [", code.captures, "] {", 2)));
  item.set("rebind_lines", line_list(code.rebinds));
  item.set("body_lines", line_list(split_lines(render_template(op.kernel.body, names, where))));
  return item;
}

// Code lines indented by `indent` spaces (empty lines stay empty).
std::vector<std::string> indented(const std::string& code, const std::string& indent) {
  std::vector<std::string> lines;
  for (const auto& line : split_lines(code)) lines.push_back(line.empty() ? line : indent + line);
  return lines;
}

// Whether `code` uses `name` as an identifier (not as part of a longer one).
bool uses_identifier(const std::string& code, const std::string& name) {
  auto identifier_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = code.find(name); at != std::string::npos; at = code.find(name, at + 1)) {
    const bool starts = at == 0 || !identifier_char(code[at - 1]);
    const bool ends = at + name.size() == code.size() || !identifier_char(code[at + name.size()]);
    if (starts && ends) return true;
  }
  return false;
}

// A wrapper's signature "RET NAME(PARAMS) {": on one line when it fits; else with the parameters aligned under the
// first one when the head is short, or (a long return type or name) starting on the next line, indented by four;
// a return type too long to share a line with the name gets a line of its own.
std::vector<std::string> signature_lines(const std::string& return_type, const std::string& function,
                                         const std::vector<std::string>& parameters) {
  constexpr std::size_t kWidth = 120;
  const std::string head = return_type + " " + function + "(";
  const auto aligned = wrap_list(head, parameters, ") {", 0, kWidth);
  if (aligned.size() == 1 || head.size() <= kWidth / 2) return aligned;
  std::vector<std::string> lines;
  if (head.size() <= kWidth) {
    lines.push_back(head);
  } else {
    lines.push_back(return_type);
    lines.push_back(function + "(");
  }
  for (auto& line : wrap_list("    ", parameters, ") {", 0, kWidth)) lines.push_back(std::move(line));
  return lines;
}

// The wrappers of one native operator's variants (model/operator_catalog.h), as its family's file holds them:
// a blank line and the operator's support code before its first variant, then for each variant its comment, the
// C++ signature of the unboxed kernel its schema calls for, and its body.
void add_wrappers(const CatalogOperator& op, const data& names, data& wrappers, data& registrations) {
  const std::string where = "knowledge/operators/" + op.family + ".yaml (" + op.name + ")";
  bool first = true;
  for (const auto& variant : op.variants) {
    const AtenSchema schema = parse_aten_schema(variant.schema, op.structured);
    const std::string function = wrapper_function_name(schema.name);
    const std::string body = variant.call.empty() ? variant.body : "return " + variant.call + ";";
    // A parameter the wrapper does not read keeps its name in a comment, so the compiler does not warn.
    std::vector<std::string> parameters;
    for (const auto& argument : schema.arguments) {
      const bool used = uses_identifier(body, argument.name);
      parameters.push_back(cpp_argument_type(argument) + " " + (used ? argument.name : "/*" + argument.name + "*/"));
    }
    std::vector<std::string> lines;
    if (first) {
      lines.emplace_back();
      const auto support = indented(render_template(op.support, names, where), "");
      lines.insert(lines.end(), support.begin(), support.end());
      if (!support.empty()) lines.emplace_back();
    }
    for (auto& line : wrap_words(variant.comment, 120, "// ")) lines.push_back(line);
    for (auto& line : signature_lines(cpp_return_type(schema), function, parameters)) {
      lines.push_back(line);
    }
    for (auto& line : indented(render_template(body, names, where), "  ")) lines.push_back(line);
    lines.emplace_back("}");
    data item{data::type::object};
    item.set("schema_name", schema.name);
    item.set("function", function);
    item.set("lines", line_list(lines));
    wrappers.push_back(item);
    data registration{data::type::object};
    registration.set("schema_name", schema.name);
    registration.set("function", function);
    registration.set("lines",
                     line_list(wrap_list("  m.impl(", {"\"" + schema.name + "\"", "TORCH_FN(" + function + ")"}, ");", 0)));
    registrations.push_back(registration);
    first = false;
  }
}

// Per family (csrc/ops/native/<family>.cc): whether any of its operators is native, the wrappers of those that are
// and their registrations, one TORCH_LIBRARY_IMPL block per dispatch key, in catalog order.
data families_data(const DeviceSpec& spec, const OperatorCatalog& catalog, const data& names) {
  struct Family {
    bool in_use = false;
    data wrappers{data::type::list};
    std::map<std::string, data> registrations;  // by dispatch key: {schema_name, function, lines}
  };
  std::map<std::string, Family> families;
  for (const auto& name : catalog.names()) {
    const CatalogOperator& op = catalog.at(name);
    Family& family = families[op.family];
    if (std::find(spec.native_ops.begin(), spec.native_ops.end(), name) == spec.native_ops.end()) continue;
    if (!capability_on(spec, op.capability)) continue;
    family.in_use = true;
    auto [entry, added] = family.registrations.try_emplace(op.dispatch_key, data::type::list);
    add_wrappers(op, names, family.wrappers, entry->second);
  }
  data result{data::type::object};
  for (auto& [name, family] : families) {
    data blocks{data::type::list};
    for (auto& [key, registrations] : family.registrations) {
      data block{data::type::object};
      block.set("dispatch_key", key);
      block.set("registrations", registrations);
      blocks.push_back(block);
    }
    data item{data::type::object};
    item.set("in_use", flag(family.in_use));
    item.set("wrappers", family.wrappers);
    item.set("registration_blocks", blocks);
    result.set(name, item);
  }
  return result;
}

data ops_data(const DeviceSpec& spec, const OperatorCatalog& catalog, const data& names) {
  data ops{data::type::object};
  data native{data::type::list};
  data has{data::type::object};
  for (const auto& name : catalog.names()) {
    std::string ident = name;
    for (char& c : ident) {
      if (c == '.') c = '_';
    }
    const bool on = std::find(spec.native_ops.begin(), spec.native_ops.end(), name) != spec.native_ops.end();
    has.set(ident, flag(on));
  }
  for (std::size_t i = 0; i < spec.native_ops.size(); ++i) {
    const std::string& name = spec.native_ops[i];
    const auto dot = name.find('.');
    std::string ident = name;
    for (char& c : ident) {
      if (c == '.') c = '_';
    }
    data item{data::type::object};
    item.set("aten", name);
    item.set("ident", ident);
    item.set("base", name.substr(0, dot));
    item.set("overload", dot == std::string::npos ? std::string() : name.substr(dot + 1));
    item.set("family", catalog.at(name).family);
    const std::string& key = catalog.at(name).dispatch_key;
    item.set("dispatch_key", key);
    item.set("non_default_key", flag(key != "PrivateUse1"));
    item.set("capability_on", flag(capability_on(spec, catalog.at(name).capability)));
    item.set("first", flag(i == 0));
    item.set("last", flag(i + 1 == spec.native_ops.size()));
    native.push_back(item);
  }
  // Kernels in catalog order, so that kernels.h does not change when the spec's list is reordered.
  data kernels{data::type::list};
  for (const auto& name : catalog.names()) {
    const CatalogOperator& op = catalog.at(name);
    if (std::find(spec.native_ops.begin(), spec.native_ops.end(), name) == spec.native_ops.end()) continue;
    if (!capability_on(spec, op.capability)) continue;
    kernels.push_back(kernel_data(op, names));
  }
  ops.set("family", families_data(spec, catalog, names));
  ops.set("native", native);
  ops.set("kernels", kernels);
  ops.set("native_has", has);
  ops.set("fallback_cpu", flag(spec.fallback == FallbackPolicy::Cpu));
  // Quantized device tensors (csrc/ops/quantized.cc) exist when something makes them: the CPU fallback running
  // torch.quantize_per_tensor, or a native quantize_per_tensor.
  const bool native_quantize = std::find(spec.native_ops.begin(), spec.native_ops.end(), "quantize_per_tensor") !=
                               spec.native_ops.end();
  ops.set("quantized_tensors", flag(spec.fallback == FallbackPolicy::Cpu || native_quantize));
  return ops;
}

}  // namespace

TemplateData build_render_context(const DeviceSpec& spec, const TargetVersions& targets,
                                  const OperatorCatalog& catalog) {
  data ctx{data::type::object};
  ctx.set("accelgen_version", std::string(kVersion));
  ctx.set("name", spec.name);
  const DeviceNames names = device_names(spec.name);
  ctx.set("NAME", names.macro_prefix);
  ctx.set("Name", names.class_prefix);
  ctx.set("package", names.package);
  // The display name, escaped for each kind of place it lands (render/escape.h); there is no unescaped form.
  ctx.set("display_name_cpp", escape::cpp_string(spec.display_name));
  ctx.set("display_name_cpp_comment", escape::cpp_comment(spec.display_name));
  ctx.set("display_name_py", escape::py_string(spec.display_name));
  ctx.set("display_name_toml", escape::toml_string(spec.display_name));
  ctx.set("display_name_cmake_comment", escape::cmake_comment(spec.display_name));
  ctx.set("display_name_md", escape::markdown_text(spec.display_name));

  data device{data::type::object};
  device.set("count", std::to_string(spec.count));
  device.set("memory_bytes", std::to_string(spec.memory_bytes));
  device.set("compute_capability_major", std::to_string(spec.compute_capability_major));
  device.set("compute_capability_minor", std::to_string(spec.compute_capability_minor));
  device.set("multiprocessor_count", std::to_string(spec.multiprocessor_count));
  ctx.set("device", device);

  data runtime{data::type::object};
  runtime.set("accelsim", flag(spec.runtime == "accelsim"));
  runtime.set("custom", flag(spec.runtime == "custom"));
  ctx.set("runtime", runtime);

  ctx.set("dtypes", dtype_list(spec.dtypes));
  ctx.set("unsupported_dtypes", dtype_list(spec.unsupported_dtypes));
  ctx.set("has_unsupported_dtypes", flag(!spec.unsupported_dtypes.empty()));

  data caps{data::type::object};
  data prerequisites{data::type::list};
  bool has_prerequisites = false;
  for (const auto& c : capability_table()) {
    const bool on = spec.caps.*(c.field);
    caps.set(std::string(c.name), flag(on));
    if (on && !c.prerequisite.empty()) {
      data p{data::type::object};
      p.set("capability", std::string(c.name));
      p.set("debian_package", std::string(c.prerequisite));
      p.set("without", std::string(c.without));
      prerequisites.push_back(p);
      has_prerequisites = true;
    }
  }
  ctx.set("caps", caps);
  ctx.set("has_prerequisites", flag(has_prerequisites));
  ctx.set("prerequisites", prerequisites);

  data amp{data::type::object};
  amp.set("dtypes", dtype_list(spec.amp_dtypes));
  amp.set("default_dtype", spec.amp_dtypes.empty() ? std::string() : spec.amp_dtypes.front());
  ctx.set("amp", amp);

  data names_only{data::type::object};
  names_only.set("NAME", names.macro_prefix);
  names_only.set("package", names.package);
  ctx.set("ops", ops_data(spec, catalog, names_only));

  data torch{data::type::object};
  torch.set("display", targets.display());
  torch.set("min_major", std::to_string(targets.min.major));
  torch.set("min_minor", std::to_string(targets.min.minor));
  torch.set("max_major", std::to_string(targets.max.major));
  torch.set("max_minor", std::to_string(targets.max.minor));
  torch.set("single", flag(targets.single()));
  ctx.set("torch", torch);

  ctx.set("features", build_feature_flags(targets, names.macro_prefix));
  ctx.set("torch_probes", build_torch_probes(targets, names.macro_prefix));
  return ctx;
}

}  // namespace accelgen
