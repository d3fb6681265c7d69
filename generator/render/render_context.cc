#include "render/render_context.h"

#include <accelgen_version.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>

#include "base/text_lines.h"
#include "base/text_wrap.h"
#include "model/aten_schema.h"
#include "model/capabilities.h"
#include "model/device_names.h"
#include "model/dtypes.h"
#include "model/kernel_signature.h"
#include "render/feature_flags.h"
#include "render/template_data.h"

namespace accelgen {
namespace {

std::vector<DtypeEntry> dtype_entries(const std::vector<std::string>& names) {
  std::vector<DtypeEntry> entries;
  for (const auto& name : names) {
    const DtypeInfo info = *find_dtype(name);
    entries.push_back({info.name, info.scalar_type, "torch." + info.name, info.cpp_type, info.float8});
  }
  return entries;
}

bool capability_on(const DeviceSpec& spec, const std::string& name) {
  if (name.empty()) return true;
  for (const auto& c : capability_table()) {
    if (c.name == name) return spec.caps.*(c.field);
  }
  throw std::logic_error("operator catalog: unknown capability " + name);
}

bool is_native(const DeviceSpec& spec, const std::string& name) {
  return std::find(spec.native_ops.begin(), spec.native_ops.end(), name) != spec.native_ops.end();
}

// The catalog's code and text may use the device's names {{name}}, {{NAME}} and {{package}}: rendered with those
// only.
class SnippetRenderer {
 public:
  SnippetRenderer(const std::string& device, const DeviceNames& names) : names_(TemplateData::type::object) {
    names_.set("name", device);
    names_.set("NAME", names.macro_prefix);
    names_.set("package", names.package);
  }
  std::string operator()(const std::string& code, const CatalogOperator& op) const {
    return render_template(code, names_, "knowledge/operators/" + op.family + ".yaml (" + op.name + ")");
  }
  std::string operator()(const std::string& text, const CatalogFamily& family) const {
    return render_template(text, names_, "knowledge/operators/" + family.name + ".yaml (family)");
  }

 private:
  TemplateData names_;
};

// The device kernel of a native operator (csrc/kernels/): its declaration and accelgen's default definition.
KernelEntry kernel_entry(const CatalogOperator& op, const SnippetRenderer& render) {
  const KernelCode code = kernel_code(op);
  KernelEntry item;
  item.aten = op.name;
  item.function = code.function;
  item.family = op.family;
  item.summary = op.kernel.summary;
  item.comment_lines = wrap_words(op.name + ": " + op.kernel.summary + ".", 120, "// ");
  item.device = code.device;
  item.declaration_lines = wrap_list("void " + code.function + "(", code.parameters, ");", 0);
  item.definition_lines = wrap_list("void " + code.function + "(", code.definition_parameters, ") {", 0);
  for (const auto& line : split_lines(render(op.kernel.host, op))) {
    item.definition_lines.push_back(line.empty() ? line : "  " + line);
  }
  item.launch_lines = wrap_list("run_kernel(" + code.device + ", [", code.captures, "] {", 2);
  item.rebind_lines = code.rebinds;
  item.body_lines = split_lines(render(op.kernel.body, op));
  return item;
}

// Code lines indented by `indent` spaces (empty lines stay empty).
std::vector<std::string> indented(const std::string& code, const std::string& indent) {
  std::vector<std::string> lines;
  for (const auto& line : split_lines(code)) lines.push_back(line.empty() ? line : indent + line);
  return lines;
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

// The C++ enumerator of a Promotion: "IntegerToFloat".
std::string promotion_enum_value(Promotion promotion) {
  switch (promotion) {
    case Promotion::Common: return "Common";
    case Promotion::IntegerToFloat: return "IntegerToFloat";
    case Promotion::ToBool: return "ToBool";
    case Promotion::Same: return "Same";
    case Promotion::ComplexToReal: return "ComplexToReal";
  }
  return "Common";  // not reached: every enumerator has its case
}

// The wrapper body of a variant that an elementwise operator derives (model/operator_catalog.h): its rule's check,
// then the family's wrapper for the variant's kind, over the schema's operands (one or two, as the family says), the
// output of an out= variant, the kernel and the keyword arguments in schema order: "return binary_out(
// Promotion::Common, self, other, out, kernels::add_Tensor, alpha);". A Scalar second operand takes the wrapper's
// _scalar form.
std::string derived_body(const CatalogOperator& op, const CatalogFamily& family, const AtenSchema& schema) {
  std::vector<std::string> operands, keywords;
  std::string out;
  bool scalar_operand = false;
  for (const auto& argument : schema.arguments) {
    if (!argument.keyword_only) {
      if (!operands.empty()) scalar_operand = argument.type == "Scalar";
      operands.push_back(argument.name);
    } else if (argument.mutated) {
      out = argument.name;
    } else {
      keywords.push_back(argument.name);
    }
  }
  std::string wrapper = family.elementwise_wrapper + (scalar_operand ? "_scalar" : "");
  if (schema.kind == VariantKind::InPlace) wrapper += "_";
  if (schema.kind == VariantKind::Out) wrapper += "_out";
  std::vector<std::string> arguments = {family.elementwise_promotion_enum + "::" +
                                        promotion_enum_value(op.elementwise->promotion)};
  arguments.insert(arguments.end(), operands.begin(), operands.end());
  if (!out.empty()) arguments.push_back(out);
  arguments.push_back("kernels::" + kernel_function_name(op.name));
  arguments.insert(arguments.end(), keywords.begin(), keywords.end());
  std::string call = wrapper + "(";
  for (std::size_t i = 0; i < arguments.size(); ++i) call += (i == 0 ? "" : ", ") + arguments[i];
  call += ")";
  if (op.elementwise->check.empty()) return "return " + call + ";";
  std::string body = op.elementwise->check;
  if (!body.ends_with("\n")) body += "\n";
  return body + "return " + call + ";\n";
}

// A derived variant of an operator with a meta block (MetaRule): PyTorch's meta function checks the arguments and
// gives the result's shape and dtype; the functional variant allocates the result on the device and calls the
// kernel, the in-place variant runs the in-place meta function for its checks and computes into self. Tensors on
// two devices are refused first (check_devices), as PyTorch's device kernels refuse them.
std::string derived_meta_body(const CatalogOperator& op, const AtenSchema& schema) {
  const std::string base = schema.name.substr(0, schema.name.find('.'));
  const bool in_place = schema.kind == VariantKind::InPlace;
  std::vector<std::string> tensors, arguments, meta_arguments;
  for (const auto& argument : schema.arguments) {
    const bool tensor = is_plain_tensor(argument);
    if (tensor) tensors.push_back(argument.name);
    arguments.push_back(argument.name);
    meta_arguments.push_back(tensor || is_optional_tensor(argument) ? "meta(" + argument.name + ")" : argument.name);
  }
  const std::string& self = schema.arguments.front().name;
  const std::string device = in_place ? self : op.meta->device.empty() ? tensors.front() : op.meta->device;
  const std::string kernel = "kernels::" + kernel_function_name(op.name);
  Lines lines;
  const auto add = [&lines](const Lines& more) { lines.insert(lines.end(), more.begin(), more.end()); };
  if (tensors.size() > 1) {
    add(wrap_list("check_devices(\"" + base + "\", " + device + ".device(), {", tensors, "});", 2));
  }
  if (in_place) {
    lines.push_back("at::Tensor " + self + "_meta = meta(" + self + ");");
    meta_arguments.front() = self + "_meta";
    add(wrap_list("(void)at::meta::" + base + "(", meta_arguments, ");", 2));
    arguments.insert(arguments.begin(), self);
    add(wrap_list(kernel + "(", arguments, ");", 2));
    lines.push_back("return " + self + ";");
  } else {
    // One line if it fits; else the call on a continuation line, as clang-format breaks an assignment; else the
    // meta function's arguments wrapped.
    const std::string tail = "), " + device + ".device());";
    const Lines call = wrap_list("empty_like_meta(at::meta::" + base + "(", meta_arguments, tail, 2 + 4, 1 << 20);
    if (2 + std::string("at::Tensor out = ").size() + call.front().size() <= 120) {
      lines.push_back("at::Tensor out = " + call.front());
    } else if (2 + 4 + call.front().size() <= 120) {
      lines.push_back("at::Tensor out =");
      lines.push_back("    " + call.front());
    } else {
      add(wrap_list("at::Tensor out = empty_like_meta(at::meta::" + base + "(", meta_arguments,
                    "), " + device + ".device());", 2));
    }
    arguments.insert(arguments.begin(), "out");
    add(wrap_list(kernel + "(", arguments, ");", 2));
    lines.push_back("return out;");
  }
  std::string body;
  for (const auto& line : lines) body += line + "\n";
  return body;
}

// The wrapper of one variant: its comment, the C++ signature of the unboxed kernel its schema calls for, and `body`.
// A parameter the wrapper does not read keeps its name in a comment, so the compiler does not warn.
Lines wrapper_lines(const CatalogOperator& op, const std::string& comment, const AtenSchema& schema,
                    const std::string& body, const SnippetRenderer& render) {
  std::vector<std::string> parameters;
  for (const auto& argument : schema.arguments) {
    const bool used = uses_identifier(body, argument.name);
    parameters.push_back(cpp_argument_type(argument) + " " + (used ? argument.name : "/*" + argument.name + "*/"));
  }
  Lines lines = wrap_words(comment, 120, "// ");
  for (auto& line : signature_lines(cpp_return_type(schema), wrapper_function_name(schema.name), parameters)) {
    lines.push_back(line);
  }
  for (auto& line : indented(render(body, op), "  ")) lines.push_back(line);
  lines.emplace_back("}");
  return lines;
}

// The registration of a wrapper (or of a host file's own function) in a TORCH_LIBRARY_IMPL block.
RegistrationEntry registration(const std::string& schema_name, const std::string& function) {
  return {schema_name, function, wrap_list("  m.impl(", {"\"" + schema_name + "\"", "&" + function}, ");", 0)};
}

// The wrapper body a variant writes: its call returned, or its body; "" for none.
std::string written_body(const CatalogVariant& variant) {
  return !variant.call.empty() ? "return " + variant.call + ";" : variant.body;
}

// A variant's wrapper body as the catalog gives it (call or body) or as its operator's rule derives it.
std::string variant_body(const CatalogOperator& op, const CatalogFamily& family, const CatalogVariant& variant,
                         const AtenSchema& schema) {
  if (op.elementwise) return derived_body(op, family, schema);
  const std::string written = written_body(variant);
  return !written.empty() ? written : derived_meta_body(op, schema);
}

// `code` rendered with the device's names, as lines after a blank line; none for no code.
Lines code_block(const std::string& code, const CatalogOperator& op, const SnippetRenderer& render) {
  Lines lines = indented(render(code, op), "");
  if (!lines.empty()) lines.insert(lines.begin(), "");
  return lines;
}

// The wrappers of one native operator's variants (model/operator_catalog.h), as its family's file holds them:
// a blank line and the operator's support code before its first variant, then each variant's wrapper; and their
// registrations.
void add_wrappers(const CatalogOperator& op, const CatalogFamily& catalog_family, const SnippetRenderer& render,
                  OperatorFamily& family) {
  auto block = std::find_if(family.registration_blocks.begin(), family.registration_blocks.end(),
                            [&](const RegistrationBlock& b) { return b.dispatch_key == op.dispatch_key; });
  if (block == family.registration_blocks.end()) {
    // PrivateUse1 before QuantizedPrivateUse1: the blocks are in the order of their keys' names.
    block = family.registration_blocks.insert(
        std::upper_bound(family.registration_blocks.begin(), family.registration_blocks.end(), op.dispatch_key,
                         [](const std::string& key, const RegistrationBlock& b) { return key < b.dispatch_key; }),
        RegistrationBlock{op.dispatch_key, {}});
  }
  bool first = true;
  for (const auto& variant : op.variants) {
    const AtenSchema schema = parse_aten_schema(variant.schema, op.structured);
    Lines lines;
    if (first) {
      lines = code_block(op.support, op, render);
      lines.emplace_back();
    }
    const std::string body = variant_body(op, catalog_family, variant, schema);
    for (auto& line : wrapper_lines(op, variant.comment, schema, body, render)) lines.push_back(std::move(line));
    const std::string function = wrapper_function_name(schema.name);
    family.wrappers.push_back({schema.name, function, std::move(lines)});
    block->registrations.push_back(registration(schema.name, function));
    first = false;
  }
}

// `text` as "// " comment lines ("//" for an empty line).
Lines comment_lines(const std::string& text) {
  Lines lines;
  for (const auto& line : split_lines(text)) lines.push_back(line.empty() ? "//" : "// " + line);
  return lines;
}

// A family's #include lines: operator_support.h and the project's other headers, then the libraries' (ATen, c10,
// torch), then the standard library's, a blank line between the groups.
Lines include_lines(const std::vector<std::string>& headers) {
  const auto library = [](const std::string& h) {
    return h.starts_with("ATen/") || h.starts_with("c10/") || h.starts_with("torch/");
  };
  const auto standard = [](const std::string& h) { return h.find_first_of("./") == std::string::npos; };
  Lines groups[3];
  for (const auto& h : headers) {
    if (standard(h)) {
      groups[2].push_back("#include <" + h + ">");
    } else if (library(h)) {
      groups[1].push_back("#include <" + h + ">");
    } else {
      groups[0].push_back("#include \"" + h + "\"");
    }
  }
  Lines lines;
  for (Lines& group : groups) {
    std::sort(group.begin(), group.end());
    group.erase(std::unique(group.begin(), group.end()), group.end());
    if (group.empty()) continue;
    if (!lines.empty()) lines.emplace_back();
    lines.insert(lines.end(), group.begin(), group.end());
  }
  return lines;
}

// The parts of a family's file that its catalog block gives (the wrappers come from its operators).
void describe_family(const DeviceSpec& spec, const CatalogFamily& block, const SnippetRenderer& render,
                     OperatorFamily& family) {
  family.name = block.name;
  family.generated = family.in_use && capability_on(spec, block.capability);
  family.title_lines = comment_lines(render(block.title, block));
  if (!block.notes.empty()) {
    family.note_lines = {"//"};
    for (auto& line : comment_lines(render(block.notes, block))) family.note_lines.push_back(std::move(line));
  }
  std::vector<std::string> headers = {"operator_support.h"};
  headers.insert(headers.end(), block.includes.begin(), block.includes.end());
  family.include_lines = include_lines(headers);
  if (family.in_use && !block.helpers.empty()) {
    family.helper_lines = {""};
    for (auto& line : split_lines(render(block.helpers, block))) family.helper_lines.push_back(std::move(line));
  }
}

// Whether a host file can exist in this backend: the CPU bridge with the CPU fallback, quantized tensors when
// something makes them (the CPU fallback, or a native operator of the data's `made_by`), the autocast file with
// capabilities.amp, the serialization file with capabilities.serialization.
bool host_file_available(const DeviceSpec& spec, HostFile file) {
  const auto made_natively = [&] {
    const auto& made_by = host_operators().block(file).made_by;
    return std::any_of(made_by.begin(), made_by.end(), [&](const std::string& name) { return is_native(spec, name); });
  };
  switch (file) {
    case HostFile::CoreOps: return true;
    case HostFile::CpuBridge: return spec.fallback == FallbackPolicy::Cpu;
    case HostFile::Quantized: return spec.fallback == FallbackPolicy::Cpu || made_natively();
    case HostFile::Autocast: return spec.caps.amp;
    case HostFile::Serialization: return spec.caps.serialization;
  }
  return false;  // not reached: every file has its case
}

// "//  * TEXT" wrapped, its continuation lines indented under the text.
Lines bullet_comment(const std::string& text) {
  Lines lines = wrap_words(text, 120, "//    ");
  if (!lines.empty()) lines.front().replace(0, 6, "//  * ");
  return lines;
}

// The bridges a host file holds for the operators that are not native (each family's heading, then each operator's
// support code and wrappers, in catalog order) and their registrations; its include lines, `headers` and the
// bridges'.
void add_bridges(const DeviceSpec& spec, const OperatorCatalog& catalog, HostFile file, const SnippetRenderer& render,
                 std::vector<std::string> headers, HostFileContext& host) {
  std::map<std::string, std::vector<const CatalogOperator*>> by_family;
  for (const auto& name : catalog.names()) {
    const CatalogOperator& op = catalog.at(name);
    const bool registered_natively = is_native(spec, name) && capability_on(spec, op.capability);
    if (op.bridge && op.bridge->file == file && !registered_natively) by_family[op.family].push_back(&op);
  }
  for (const auto& [family_name, ops] : by_family) {
    const CatalogFamily family = catalog.family(family_name);
    if (!family.bridge_reason.empty()) {
      for (auto& line : bullet_comment(render(family.bridge_reason, family))) host.reason_lines.push_back(line);
    }
    if (!family.bridge_heading.empty()) {
      host.bridge_lines.emplace_back();
      host.bridge_lines.push_back("// ---- " + render(family.bridge_heading, family) + " ----");
    }
    for (const CatalogOperator* op : ops) {
      const CatalogBridge& bridge = *op->bridge;
      headers.insert(headers.end(), bridge.includes.begin(), bridge.includes.end());
      for (auto& line : code_block(bridge.support, *op, render)) host.bridge_lines.push_back(std::move(line));
      // The functional schema's bridge wrapper, then the other variants it registers, with their catalog wrappers.
      const CatalogVariant& own = bridge.wrapper;
      std::vector<std::pair<const CatalogVariant*, std::string>> wrappers = {{&own, written_body(own)}};
      for (const auto& variant : op->variants) {
        const AtenSchema schema = parse_aten_schema(variant.schema, op->structured);
        if (std::find(bridge.registers.begin(), bridge.registers.end(), schema.name) != bridge.registers.end()) {
          wrappers.emplace_back(&variant, variant_body(*op, family, variant, schema));
        }
      }
      for (const auto& [variant, body] : wrappers) {
        const AtenSchema schema = parse_aten_schema(variant->schema, op->structured);
        host.bridge_lines.emplace_back();
        for (auto& line : wrapper_lines(*op, variant->comment, schema, body, render)) host.bridge_lines.push_back(line);
        host.registrations.push_back(registration(schema.name, wrapper_function_name(schema.name)));
      }
    }
  }
  host.include_lines = include_lines(headers);
}

// Every host file: whether it exists, its includes, the host operators it registers (knowledge/host_operators.yaml)
// and the bridges it holds. A file exists where it can and has an operator to register.
std::map<std::string, HostFileContext> host_files(const DeviceSpec& spec, const OperatorCatalog& catalog,
                                                  const SnippetRenderer& render) {
  std::map<std::string, HostFileContext> files;
  for (const auto& name : host_file_names()) {
    const HostFile file = *parse_host_file(name);
    HostFileContext& host = files[name];
    if (!host_file_available(spec, file)) continue;
    for (const HostOperator& op : host_operators().operators) {
      if (op.file == file && capability_on(spec, op.capability)) {
        host.registrations.push_back(registration(op.name, op.function));
      }
    }
    add_bridges(spec, catalog, file, render, host_operators().block(file).includes, host);
    host.generated = !host.registrations.empty();
  }
  return files;
}

OperatorsContext operators_context(const DeviceSpec& spec, const OperatorCatalog& catalog,
                                   const SnippetRenderer& render) {
  OperatorsContext ops;
  for (const auto& name : spec.native_ops) {
    const CatalogOperator& op = catalog.at(name);
    const auto dot = name.find('.');
    std::string ident = name;
    std::replace(ident.begin(), ident.end(), '.', '_');
    ops.native.push_back({name, ident, name.substr(0, dot),
                          dot == std::string::npos ? std::string() : name.substr(dot + 1), op.family, op.dispatch_key,
                          op.dispatch_key != "PrivateUse1", capability_on(spec, op.capability)});
  }
  // Kernels and wrappers in catalog order, so that nothing changes when the spec's list is reordered; a family's
  // file exists while one of its operators is native (and its capability on).
  std::map<std::string, std::vector<std::string>> family_operators;
  for (const auto& name : catalog.names()) {
    const CatalogOperator& op = catalog.at(name);
    OperatorFamily& family = ops.family[op.family];
    if (!is_native(spec, name) || !capability_on(spec, op.capability)) continue;
    ops.kernels.push_back(kernel_entry(op, render));
    for (const auto& header : op.kernel.includes) {
      if (std::find(ops.kernel_headers.begin(), ops.kernel_headers.end(), header) == ops.kernel_headers.end()) {
        ops.kernel_headers.push_back(header);
      }
    }
    family.in_use = true;
    family_operators[op.family].push_back(name);
    add_wrappers(op, catalog.family(op.family), render, family);
  }
  for (const auto& [family, names] : family_operators) {
    std::string text = "In this backend (operators.native in accelgen.yaml):";
    for (std::size_t i = 0; i < names.size(); ++i) text += " " + names[i] + (i + 1 < names.size() ? "," : ".");
    ops.family[family].summary_lines = wrap_words(text, 120, "// ");
  }
  for (auto& [name, family] : ops.family) {
    describe_family(spec, catalog.family(name), render, family);
    if (family.generated) ops.family_files.push_back(name);
  }
  std::sort(ops.kernel_headers.begin(), ops.kernel_headers.end());
  ops.fallback_cpu = spec.fallback == FallbackPolicy::Cpu;
  ops.host = host_files(spec, catalog, render);
  return ops;
}

}  // namespace

RenderContext make_render_context(const DeviceSpec& spec, const TargetVersions& targets,
                                  const OperatorCatalog& catalog) {
  RenderContext ctx;
  ctx.accelgen_version = std::string(kVersion);
  ctx.name = spec.name;
  const DeviceNames names = device_names(spec.name);
  ctx.NAME = names.macro_prefix;
  ctx.Name = names.class_prefix;
  ctx.package = names.package;
  ctx.display_name = spec.display_name;
  ctx.device = {spec.count, spec.memory_bytes, spec.compute_capability_major, spec.compute_capability_minor,
                spec.multiprocessor_count};
  ctx.runtime = {spec.runtime == DeviceRuntime::Accelsim, spec.runtime == DeviceRuntime::Custom};
  ctx.dtypes = dtype_entries(spec.dtypes);
  ctx.unsupported_dtypes = dtype_entries(spec.unsupported_dtypes);
  ctx.caps = spec.caps;
  for (const auto& c : capability_table()) {
    if (spec.caps.*(c.field) && !c.prerequisite.empty()) {
      ctx.prerequisites.push_back({std::string(c.name), std::string(c.prerequisite), std::string(c.without)});
    }
  }
  ctx.amp.dtypes = dtype_entries(spec.amp_dtypes);
  ctx.amp.default_dtype = spec.amp_dtypes.empty() ? std::string() : spec.amp_dtypes.front();
  ctx.ops = operators_context(spec, catalog, SnippetRenderer(spec.name, names));
  ctx.torch = {targets.display(),
               std::to_string(targets.min.major),
               std::to_string(targets.min.minor),
               std::to_string(targets.max.major),
               std::to_string(targets.max.minor),
               targets.single(),
               contract::is_beyond_knowledge(targets),
               contract::max_supported_version().to_string()};
  ctx.features = build_feature_flags(targets, names.macro_prefix);
  ctx.torch_probes = build_torch_probes(targets, names.macro_prefix);
  const FeatureEntry& graph_api = ctx.features.at("accelerator_graph_api");
  ctx.graph_capture.always = spec.caps.graphs && graph_api.has && !graph_api.mixed;
  ctx.graph_capture.probed = spec.caps.graphs && graph_api.mixed;
  ctx.graph_capture.never = !ctx.graph_capture.always && !ctx.graph_capture.probed;
  return ctx;
}

AllocatorSpelling allocator_spelling(const RenderContext& ctx) {
  const FeatureEntry& device_allocator = ctx.features.at("device_allocator");
  if (device_allocator.mixed) {
    return {ctx.NAME + "_DEVICE_ALLOCATOR_BASE", " " + ctx.NAME + "_DEVICE_ALLOCATOR_OVERRIDE",
            ctx.NAME + "_MEMPOOL_ID"};
  }
  if (device_allocator.has) return {"c10::DeviceAllocator", " override", "c10::MempoolId_t"};
  return {"c10::Allocator", "", "MempoolId"};
}

}  // namespace accelgen
