#include "plan/render_context.h"

#include <accelgen_version.h>

#include <cctype>

#include "model/dtypes.h"
#include "model/operator_catalog.h"

namespace accelgen {
namespace {

using kainjow::mustache::data;
using kainjow::mustache::list;
using kainjow::mustache::object;

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

/// "my_device" -> "MyDevice"
std::string camel(const std::string& name) {
  std::string result;
  bool up = true;
  for (char c : name) {
    if (c == '_') {
      up = true;
      continue;
    }
    result += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return result;
}

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
  ctx.set("NAME", upper(spec.name));
  ctx.set("Name", camel(spec.name));
  ctx.set("package", "torch_" + spec.name);
  ctx.set("display_name", spec.display_name);

  data device{data::type::object};
  device.set("count", std::to_string(spec.count));
  device.set("memory_bytes", std::to_string(spec.memory_bytes));
  device.set("compute_capability_major", std::to_string(spec.compute_capability_major));
  device.set("compute_capability_minor", std::to_string(spec.compute_capability_minor));
  device.set("multiprocessor_count", std::to_string(spec.multiprocessor_count));
  ctx.set("device", device);

  ctx.set("dtypes", dtype_list(spec.dtypes));

  const Capabilities& c = spec.caps;
  data caps{data::type::object};
  caps.set("streams", flag(c.streams));
  caps.set("events", flag(c.events));
  caps.set("generator", flag(c.generator));
  caps.set("pinned_memory", flag(c.pinned_memory));
  caps.set("graphs", flag(c.graphs));
  caps.set("amp", flag(c.amp));
  caps.set("serialization", flag(c.serialization));
  caps.set("autoload", flag(c.autoload));
  caps.set("profiler", flag(c.profiler));
  caps.set("distributed", flag(c.distributed));
  caps.set("compile", flag(c.compile));
  ctx.set("caps", caps);

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

  ctx.set("features", build_feature_flags(targets, upper(spec.name)));
  return ctx;
}

}  // namespace accelgen
