#include "render/template_data.h"

#include "model/capabilities.h"
#include "render/escape.h"

#include <initializer_list>
#include <utility>

namespace accelgen {
namespace {

using Data = TemplateTree;

Data flag(bool value) { return TemplateTree::flag(value); }

// An object from its (name, value) pairs: each conversion below reads as the table of names templates see.
Data object(std::initializer_list<std::pair<const char*, Data>> fields) {
  Data item;
  for (const auto& [name, value] : fields) item.set(name, value);
  return item;
}

// {line} items; an empty line renders as an empty line (kBlankLineValue), which kainjow would otherwise drop.
Data lines(const Lines& text) {
  Data items = TemplateTree::list();
  for (const auto& line : text) {
    Data item;
    item.set("line", line.empty() ? std::string(kBlankLineValue) : line);
    items.push_back(item);
  }
  return items;
}

// {line, last} items.
Data note_lines(const NoteLines& note) {
  Data items = TemplateTree::list();
  for (std::size_t i = 0; i < note.lines.size(); ++i) {
    Data item;
    item.set("line", note.lines[i]);
    item.set("last", flag(i + 1 == note.lines.size()));
    items.push_back(item);
  }
  return items;
}

// A list of objects, each with first/last markers when `markers` (for comma-separated lists in templates).
template <typename T, typename Convert>
Data list_of(const std::vector<T>& entries, Convert convert, bool markers = false) {
  Data items = TemplateTree::list();
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
  return object({{"name", d.name}, {"scalar_type", d.scalar_type}, {"torch_dtype", d.torch_dtype},
                 {"cpp_type", d.cpp_type}, {"float8", flag(d.float8)}});
}

Data dtypes(const std::vector<DtypeEntry>& entries) { return list_of(entries, dtype, /*markers=*/true); }

Data native_operator(const NativeOperatorEntry& op) {
  return object({{"aten", op.aten},
                 {"ident", op.ident},
                 {"base", op.base},
                 {"overload", op.overload},
                 {"family", op.family},
                 {"dispatch_key", op.dispatch_key},
                 {"non_default_key", flag(op.non_default_key)},
                 {"capability_on", flag(op.capability_on)}});
}

Data kernel(const KernelEntry& k) {
  return object({{"aten", k.aten},
                 {"function", k.function},
                 {"family", k.family},
                 {"summary", k.summary},
                 {"comment_lines", lines(k.comment_lines)},
                 {"device", k.device},
                 {"declaration_lines", lines(k.declaration_lines)},
                 {"definition_lines", lines(k.definition_lines)},
                 {"launch_lines", lines(k.launch_lines)},
                 {"rebind_lines", lines(k.rebind_lines)},
                 {"body_lines", lines(k.body_lines)}});
}

// {schema_name, function, lines}: a wrapper or a registration.
template <typename T>
Data code_entry(const T& entry) {
  return object({{"schema_name", entry.schema_name}, {"function", entry.function}, {"lines", lines(entry.lines)}});
}

Data registration_block(const RegistrationBlock& b) {
  return object({{"dispatch_key", b.dispatch_key},
                 {"registrations", list_of(b.registrations, code_entry<RegistrationEntry>)}});
}

Data family(const OperatorFamily& f) {
  return object({{"name", f.name},
                 {"in_use", flag(f.in_use)},
                 {"title_lines", lines(f.title_lines)},
                 {"note_lines", lines(f.note_lines)},
                 {"include_lines", lines(f.include_lines)},
                 {"helper_lines", lines(f.helper_lines)},
                 {"wrappers", list_of(f.wrappers, code_entry<WrapperEntry>)},
                 {"registration_blocks", list_of(f.registration_blocks, registration_block)},
                 {"summary_lines", lines(f.summary_lines)}});
}

Data host_file(const HostFileContext& h) {
  return object({{"generated", flag(h.generated)},
                 {"include_lines", lines(h.include_lines)},
                 {"reason_lines", lines(h.reason_lines)},
                 {"bridge_lines", lines(h.bridge_lines)},
                 {"registrations", list_of(h.registrations, code_entry<RegistrationEntry>)}});
}

Data operators(const OperatorsContext& ops) {
  Data families;
  for (const auto& [name, f] : ops.family) families.set(name, family(f));
  Data host;
  for (const auto& [name, h] : ops.host) host.set(name, host_file(h));
  Data family_files = TemplateTree::list();
  for (const auto& name : ops.family_files) family_files.push_back(object({{"name", name}}));
  Data kernel_headers = TemplateTree::list();
  for (const auto& header : ops.kernel_headers) {
    kernel_headers.push_back(object({{"header", header}, {"first", flag(header == ops.kernel_headers.front())}}));
  }
  return object({{"family", families},
                 {"family_files", family_files},
                 {"native", list_of(ops.native, native_operator, /*markers=*/true)},
                 {"kernels", list_of(ops.kernels, kernel)},
                 {"kernel_headers", kernel_headers},
                 {"fallback_cpu", flag(ops.fallback_cpu)},
                 {"host", host}});
}

Data feature(const FeatureEntry& f) {
  return object({{"has", flag(f.has)},
                 {"lacks", flag(f.lacks)},
                 {"mixed", flag(f.mixed)},
                 {"guard_cpp", f.guard_cpp},
                 {"guard_py", f.guard_py},
                 {"compat", f.compat},
                 {"compat_lines", note_lines(f.compat_lines)},
                 {"landing", f.landing}});
}

Data probe(const ProbeEntry& p) {
  return object({{"feature", p.feature},
                 {"macro", p.macro},
                 {"landing", p.landing},
                 {"summary", p.summary},
                 {"heading_lines", note_lines(p.heading_lines)},
                 {"source_lines", lines(p.source_lines)},
                 {"major", p.major},
                 {"minor", p.minor},
                 {"compat_lines", note_lines(p.compat_lines)}});
}

Data torch_probes(const TorchProbes& probes) {
  return object({{"any_cxx", flag(!probes.cxx.empty())},
                 {"any_python", flag(!probes.python.empty())},
                 {"any_version_only", flag(!probes.version_only.empty())},
                 {"any_probe", flag(!probes.cxx.empty() || !probes.python.empty())},
                 {"cxx", list_of(probes.cxx, probe)},
                 {"python", list_of(probes.python, probe)},
                 {"version_only", list_of(probes.version_only, probe)}});
}

}  // namespace

TemplateTree kernel_template_tree(const KernelEntry& k) { return kernel(k); }

TemplateTree initial_spec_tree(const InitialSpecContext& ctx) {
  // A custom driver starts a port: the capabilities its stage 2 adds (csrc/driver/README.md) begin off. The value
  // is padded to "false"'s width so the spec's comments stay aligned.
  const bool custom = ctx.runtime == DeviceRuntime::Custom;
  return object({{"name", ctx.name},
                 {"NAME", ctx.NAME},
                 {"torch_yaml", ctx.torch_yaml},
                 {"runtime", runtime_name(ctx.runtime)},
                 {"custom", flag(custom)},
                 {"stage_two", std::string(custom ? "false" : "true ")},
                 {"accelgen_version", ctx.accelgen_version}});
}

TemplateTree family_template_tree(const OperatorFamily& f) { return family(f); }

TemplateTree file_template_tree(bool torch_guarded) { return object({{"torch_guarded", flag(torch_guarded)}}); }

TemplateTree TemplateTree::flag(bool value) {
  TemplateTree tree;
  tree.kind = Kind::Flag;
  tree.on = value;
  return tree;
}

TemplateTree TemplateTree::list() {
  TemplateTree tree;
  tree.kind = Kind::List;
  return tree;
}

TemplateData to_template_data(const TemplateTree& tree) {
  switch (tree.kind) {
    case TemplateTree::Kind::Text: return TemplateData(tree.text);
    case TemplateTree::Kind::Flag:
      return TemplateData(tree.on ? TemplateData::type::bool_true : TemplateData::type::bool_false);
    case TemplateTree::Kind::List: {
      TemplateData items{TemplateData::type::list};
      for (const auto& item : tree.items) items.push_back(to_template_data(item));
      return items;
    }
    case TemplateTree::Kind::Object: break;
  }
  TemplateData object{TemplateData::type::object};
  for (const auto& [name, value] : tree.fields) object.set(name, to_template_data(value));
  return object;
}

TemplateData to_template_data(const RenderContext& ctx) { return to_template_data(to_template_tree(ctx)); }

TemplateTree to_template_tree(const RenderContext& ctx) {
  Data data;
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

  data.set("device", object({{"count", std::to_string(ctx.device.count)},
                             {"memory_bytes", std::to_string(ctx.device.memory_bytes)},
                             {"compute_capability_major", std::to_string(ctx.device.compute_capability_major)},
                             {"compute_capability_minor", std::to_string(ctx.device.compute_capability_minor)},
                             {"multiprocessor_count", std::to_string(ctx.device.multiprocessor_count)}}));
  data.set("runtime", object({{"accelsim", flag(ctx.runtime.accelsim)}, {"custom", flag(ctx.runtime.custom)}}));

  data.set("dtypes", dtypes(ctx.dtypes));
  data.set("unsupported_dtypes", dtypes(ctx.unsupported_dtypes));
  data.set("has_unsupported_dtypes", flag(!ctx.unsupported_dtypes.empty()));

  Data caps;
  for (const auto& c : capability_table()) caps.set(std::string(c.name), flag(ctx.caps.*(c.field)));
  data.set("caps", caps);
  data.set("has_prerequisites", flag(!ctx.prerequisites.empty()));
  data.set("prerequisites", list_of(ctx.prerequisites, [](const PrerequisiteEntry& p) {
             return object({{"capability", p.capability}, {"debian_package", p.debian_package}, {"without", p.without}});
           }));
  data.set("amp", object({{"dtypes", dtypes(ctx.amp.dtypes)}, {"default_dtype", ctx.amp.default_dtype}}));
  data.set("ops", operators(ctx.ops));

  data.set("torch", object({{"display", ctx.torch.display},
                            {"min_major", ctx.torch.min_major},
                            {"min_minor", ctx.torch.min_minor},
                            {"max_major", ctx.torch.max_major},
                            {"max_minor", ctx.torch.max_minor},
                            {"single", flag(ctx.torch.single)},
                            {"beyond_knowledge", flag(ctx.torch.beyond_knowledge)},
                            {"newest_known", ctx.torch.newest_known}}));

  Data features;
  for (const auto& [id, f] : ctx.features) features.set(id, feature(f));
  data.set("features", features);
  data.set("torch_probes", torch_probes(ctx.torch_probes));
  const AllocatorSpelling allocator = allocator_spelling(ctx);
  data.set("allocator", object({{"base", allocator.base},
                                {"override", allocator.override_},
                                {"mempool_id", allocator.mempool_id}}));
  data.set("graph_capture", object({{"always", flag(ctx.graph_capture.always)},
                                    {"probed", flag(ctx.graph_capture.probed)},
                                    {"never", flag(ctx.graph_capture.never)}}));
  return data;
}

}  // namespace accelgen
