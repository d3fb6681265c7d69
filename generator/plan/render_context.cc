#include "plan/render_context.h"

#include <accelgen_version.h>

#include <cctype>

#include "model/capabilities.h"
#include "model/device_names.h"
#include "model/dtypes.h"
#include "model/operator_catalog.h"
#include "render/escape.h"

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

data ops_data(const DeviceSpec& spec) {
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
    item.set("first", flag(i == 0));
    item.set("last", flag(i + 1 == spec.native_ops.size()));
    native.push_back(item);
  }
  ops.set("native", native);
  ops.set("native_has", has);
  ops.set("fallback_cpu", flag(spec.fallback == FallbackPolicy::Cpu));
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

  ctx.set("ops", ops_data(spec));

  data torch{data::type::object};
  torch.set("display", targets.display());
  torch.set("min_major", std::to_string(targets.min.major));
  torch.set("min_minor", std::to_string(targets.min.minor));
  torch.set("max_major", std::to_string(targets.max.major));
  torch.set("max_minor", std::to_string(targets.max.minor));
  torch.set("single", flag(targets.single()));
  ctx.set("torch", torch);

  ctx.set("features", build_feature_flags(targets, names.macro_prefix));
  return ctx;
}

}  // namespace accelgen
