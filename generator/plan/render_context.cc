#include "plan/render_context.h"

#include <accelgen_version.h>

#include <cctype>
#include <set>

#include "base/text_wrap.h"
#include "model/capabilities.h"
#include "model/device_names.h"
#include "model/dtypes.h"
#include "model/kernel_signature.h"
#include "model/operator_catalog.h"
#include "plan/feature_flags.h"
#include "render/escape.h"
#include "render/mustache_renderer.h"
#include "render/text_lines.h"

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
    item.set("line", line);
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
  const std::string where = "knowledge/operator-catalog.yaml (" + op.name + ")";
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

data ops_data(const DeviceSpec& spec, const data& names) {
  data ops{data::type::object};
  data native{data::type::list};
  data has{data::type::object};
  for (const auto& name : operator_catalog().names()) {
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
    item.set("family", operator_catalog().at(name).family);
    const std::string& key = operator_catalog().at(name).dispatch_key;
    item.set("dispatch_key", key);
    item.set("non_default_key", flag(key != "PrivateUse1"));
    item.set("capability_on", flag(capability_on(spec, operator_catalog().at(name).capability)));
    item.set("first", flag(i == 0));
    item.set("last", flag(i + 1 == spec.native_ops.size()));
    native.push_back(item);
  }
  // Kernels in catalog order, so that kernels.h does not change when the spec's list is reordered; a family
  // file's shared helpers exist only where one of its operators is native (and its capability on).
  data kernels{data::type::list};
  std::set<std::string> families_in_use;
  for (const auto& name : operator_catalog().names()) {
    const CatalogOperator& op = operator_catalog().at(name);
    if (std::find(spec.native_ops.begin(), spec.native_ops.end(), name) == spec.native_ops.end()) continue;
    if (!capability_on(spec, op.capability)) continue;
    kernels.push_back(kernel_data(op, names));
    families_in_use.insert(op.family);
  }
  data family_has{data::type::object};
  for (const auto& name : operator_catalog().names()) {
    const std::string& family = operator_catalog().at(name).family;
    family_has.set(family, flag(families_in_use.count(family) != 0));
  }
  ops.set("family_has", family_has);
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

TemplateData build_render_context(const DeviceSpec& spec, const TargetVersions& targets) {
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
  ctx.set("ops", ops_data(spec, names_only));

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
