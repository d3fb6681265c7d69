#include "render/template_data.h"

#include "render/escape.h"

namespace accelgen {
namespace {

using Data = TemplateData;

Data flag(bool value) { return Data(value ? Data::type::bool_true : Data::type::bool_false); }

// {line} items; an empty line renders as an empty line (kBlankLineValue), which kainjow would otherwise drop.
Data lines(const Lines& text) {
  Data items{Data::type::list};
  for (const auto& line : text) {
    Data item{Data::type::object};
    item.set("line", line.empty() ? std::string(kBlankLineValue) : line);
    items.push_back(item);
  }
  return items;
}

// {line, last} items.
Data note_lines(const NoteLines& note) {
  Data items{Data::type::list};
  for (std::size_t i = 0; i < note.lines.size(); ++i) {
    Data item{Data::type::object};
    item.set("line", note.lines[i]);
    item.set("last", flag(i + 1 == note.lines.size()));
    items.push_back(item);
  }
  return items;
}

// A list of objects, each with first/last markers when `markers` (for comma-separated lists in templates).
template <typename T, typename Convert>
Data list_of(const std::vector<T>& entries, Convert convert, bool markers = false) {
  Data items{Data::type::list};
  for (std::size_t i = 0; i < entries.size(); ++i) {
    Data item = convert(entries[i]);
    if (markers) {
      item.set("first", flag(i == 0));
      item.set("last", flag(i + 1 == entries.size()));
    }
    items.push_back(item);
  }
  return items;
}

Data dtype(const DtypeEntry& d) {
  Data item{Data::type::object};
  item.set("name", d.name);
  item.set("scalar_type", d.scalar_type);
  item.set("torch_dtype", d.torch_dtype);
  item.set("cpp_type", d.cpp_type);
  return item;
}

Data dtypes(const std::vector<DtypeEntry>& entries) { return list_of(entries, dtype, /*markers=*/true); }

Data native_operator(const NativeOperatorEntry& op) {
  Data item{Data::type::object};
  item.set("aten", op.aten);
  item.set("ident", op.ident);
  item.set("base", op.base);
  item.set("overload", op.overload);
  item.set("family", op.family);
  item.set("dispatch_key", op.dispatch_key);
  item.set("non_default_key", flag(op.non_default_key));
  item.set("capability_on", flag(op.capability_on));
  return item;
}

Data kernel(const KernelEntry& k) {
  Data item{Data::type::object};
  item.set("aten", k.aten);
  item.set("function", k.function);
  item.set("family", k.family);
  item.set("summary", k.summary);
  item.set("comment_lines", lines(k.comment_lines));
  item.set("device", k.device);
  item.set("declaration_lines", lines(k.declaration_lines));
  item.set("definition_lines", lines(k.definition_lines));
  item.set("launch_lines", lines(k.launch_lines));
  item.set("rebind_lines", lines(k.rebind_lines));
  item.set("body_lines", lines(k.body_lines));
  return item;
}

// {schema_name, function, lines}: a wrapper or a registration.
template <typename T>
Data code_entry(const T& entry) {
  Data item{Data::type::object};
  item.set("schema_name", entry.schema_name);
  item.set("function", entry.function);
  item.set("lines", lines(entry.lines));
  return item;
}

Data family(const OperatorFamily& f) {
  Data item{Data::type::object};
  item.set("in_use", flag(f.in_use));
  item.set("wrappers", list_of(f.wrappers, code_entry<WrapperEntry>));
  item.set("registration_blocks", list_of(f.registration_blocks, [](const RegistrationBlock& b) {
             Data block{Data::type::object};
             block.set("dispatch_key", b.dispatch_key);
             block.set("registrations", list_of(b.registrations, code_entry<RegistrationEntry>));
             return block;
           }));
  return item;
}

Data operators(const OperatorsContext& ops) {
  Data item{Data::type::object};
  Data families{Data::type::object};
  for (const auto& [name, f] : ops.family) families.set(name, family(f));
  item.set("family", families);
  item.set("native", list_of(ops.native, native_operator, /*markers=*/true));
  item.set("kernels", list_of(ops.kernels, kernel));
  Data has{Data::type::object};
  for (const auto& [ident, on] : ops.native_has) has.set(ident, flag(on));
  item.set("native_has", has);
  item.set("fallback_cpu", flag(ops.fallback_cpu));
  item.set("quantized_tensors", flag(ops.quantized_tensors));
  return item;
}

Data feature(const FeatureEntry& f) {
  Data item{Data::type::object};
  item.set("has", flag(f.has));
  item.set("lacks", flag(f.lacks));
  item.set("mixed", flag(f.mixed));
  item.set("guard_cpp", f.guard_cpp);
  item.set("guard_py", f.guard_py);
  item.set("compat", f.compat);
  item.set("compat_lines", note_lines(f.compat_lines));
  return item;
}

Data probe(const ProbeEntry& p) {
  Data item{Data::type::object};
  item.set("feature", p.feature);
  item.set("macro", p.macro);
  item.set("landing", p.landing);
  item.set("summary", p.summary);
  item.set("heading_lines", note_lines(p.heading_lines));
  item.set("source_lines", lines(p.source_lines));
  item.set("major", p.major);
  item.set("minor", p.minor);
  item.set("compat_lines", note_lines(p.compat_lines));
  return item;
}

Data torch_probes(const TorchProbes& probes) {
  Data item{Data::type::object};
  item.set("any_cxx", flag(!probes.cxx.empty()));
  item.set("any_python", flag(!probes.python.empty()));
  item.set("any_version_only", flag(!probes.version_only.empty()));
  item.set("any_probe", flag(!probes.cxx.empty() || !probes.python.empty()));
  item.set("cxx", list_of(probes.cxx, probe));
  item.set("python", list_of(probes.python, probe));
  item.set("version_only", list_of(probes.version_only, probe));
  return item;
}

}  // namespace

TemplateData to_template_data(const RenderContext& ctx) {
  Data data{Data::type::object};
  data.set("accelgen_version", ctx.accelgen_version);
  data.set("name", ctx.name);
  data.set("NAME", ctx.NAME);
  data.set("Name", ctx.Name);
  data.set("package", ctx.package);
  // The display name, escaped for each kind of place it lands (render/escape.h); there is no unescaped form.
  data.set("display_name_cpp", escape::cpp_string(ctx.display_name));
  data.set("display_name_cpp_comment", escape::cpp_comment(ctx.display_name));
  data.set("display_name_py", escape::py_string(ctx.display_name));
  data.set("display_name_toml", escape::toml_string(ctx.display_name));
  data.set("display_name_cmake_comment", escape::cmake_comment(ctx.display_name));
  data.set("display_name_md", escape::markdown_text(ctx.display_name));

  Data device{Data::type::object};
  device.set("count", ctx.device.count);
  device.set("memory_bytes", ctx.device.memory_bytes);
  device.set("compute_capability_major", ctx.device.compute_capability_major);
  device.set("compute_capability_minor", ctx.device.compute_capability_minor);
  device.set("multiprocessor_count", ctx.device.multiprocessor_count);
  data.set("device", device);

  Data runtime{Data::type::object};
  runtime.set("accelsim", flag(ctx.runtime.accelsim));
  runtime.set("custom", flag(ctx.runtime.custom));
  data.set("runtime", runtime);

  data.set("dtypes", dtypes(ctx.dtypes));
  data.set("unsupported_dtypes", dtypes(ctx.unsupported_dtypes));
  data.set("has_unsupported_dtypes", flag(!ctx.unsupported_dtypes.empty()));

  Data caps{Data::type::object};
  for (const auto& [name, on] : ctx.caps) caps.set(name, flag(on));
  data.set("caps", caps);
  data.set("has_prerequisites", flag(!ctx.prerequisites.empty()));
  data.set("prerequisites", list_of(ctx.prerequisites, [](const PrerequisiteEntry& p) {
             Data item{Data::type::object};
             item.set("capability", p.capability);
             item.set("debian_package", p.debian_package);
             item.set("without", p.without);
             return item;
           }));

  Data amp{Data::type::object};
  amp.set("dtypes", dtypes(ctx.amp.dtypes));
  amp.set("default_dtype", ctx.amp.default_dtype);
  data.set("amp", amp);

  data.set("ops", operators(ctx.ops));

  Data torch{Data::type::object};
  torch.set("display", ctx.torch.display);
  torch.set("min_major", ctx.torch.min_major);
  torch.set("min_minor", ctx.torch.min_minor);
  torch.set("max_major", ctx.torch.max_major);
  torch.set("max_minor", ctx.torch.max_minor);
  torch.set("single", flag(ctx.torch.single));
  data.set("torch", torch);

  Data features{Data::type::object};
  for (const auto& [id, f] : ctx.features) features.set(id, feature(f));
  data.set("features", features);
  data.set("torch_probes", torch_probes(ctx.torch_probes));
  return data;
}

}  // namespace accelgen
