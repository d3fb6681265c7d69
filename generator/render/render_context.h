// The rendering context: everything the templates know, as a typed structure built from a validated spec, the
// operator catalog and the targeted torch versions. to_template_data() (render/template_data.h) turns it into the
// Mustache data the templates see, in one place; docs/template-context.md documents each name (a test checks it
// against the context field by field, both ways, and against every name a template uses).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "model/device_spec.h"
#include "model/operator_catalog.h"
#include "plan/target_versions.h"
#include "render/mustache_renderer.h"

namespace accelgen {

/// Lines of generated code or text; templates iterate them as {{#x_lines}}{{{line}}}{{/x_lines}}. An empty line
/// stays an empty line.
using Lines = std::vector<std::string>;

/// A list of lines whose items also know whether they are the last (`last`): a string built from them puts a space
/// after every other one.
struct NoteLines {
  Lines lines;
};

struct DtypeEntry {
  std::string name;         // float32
  std::string scalar_type;  // Float
  std::string torch_dtype;  // torch.float32
  std::string cpp_type;     // float
  bool float8 = false;      // a float8 format: stored and cast natively, no arithmetic but torch._scaled_mm
};

/// A capability that is on and needs a Debian package beyond torch.
struct PrerequisiteEntry {
  std::string capability;
  std::string debian_package;
  std::string without;  // what the backend lacks without it
};

struct NativeOperatorEntry {
  std::string aten;      // add.Tensor
  std::string ident;     // add_Tensor
  std::string base;      // add
  std::string overload;  // Tensor
  std::string family;
  std::string dispatch_key;
  bool non_default_key = false;  // not PrivateUse1
  bool capability_on = false;    // the capability it needs is on, so it is registered
};

/// The device kernel of a native operator (csrc/kernels/): its declaration and accelgen's default definition.
struct KernelEntry {
  std::string aten;
  std::string function;
  std::string family;
  std::string summary;
  std::string device;  // the expression of the device it runs on
  Lines comment_lines, declaration_lines, definition_lines, launch_lines, rebind_lines, body_lines;
};

/// One variant's wrapper in its family's file, and its registration (lines: the whole C++ code of each).
struct WrapperEntry {
  std::string schema_name;
  std::string function;
  Lines lines;
};
struct RegistrationEntry {
  std::string schema_name;
  std::string function;
  Lines lines;  // the m.impl call
};
struct RegistrationBlock {
  std::string dispatch_key;
  std::vector<RegistrationEntry> registrations;
};

/// What csrc/ops/native/<family>.cc holds: the one family template (__family__.cc.mustache) renders it, as `family`.
struct OperatorFamily {
  std::string name;
  bool generated = true;  // in use, and the capability the family needs is on: its file exists
  bool in_use = false;  // one of its operators is native with its capability on
  Lines title_lines;    // "// " lines: the file's opening comment (the catalog's family title)
  Lines note_lines;     // "//" and "// " lines: the rest of the comment, or none
  Lines include_lines;  // the #include lines, blank lines between the project's, the libraries' and the standard's
  Lines helper_lines;   // a blank line and the family's shared C++ while it is in use, or none
  std::vector<WrapperEntry> wrappers;
  std::vector<RegistrationBlock> registration_blocks;  // one TORCH_LIBRARY_IMPL block per dispatch key
  Lines summary_lines;  // a "// " comment naming the family's native operators, so a header never goes stale
};

/// What a host file (model/host_files.h: core_ops, cpu_bridge, quantized, autocast) holds beyond its template's own
/// code: its #include lines, the bridges of the operators operators.native does not list, and every registration.
struct HostFileContext {
  bool generated = false;            // the file exists: it can in this backend, and it registers an operator
  Lines include_lines;               // the #include lines, blank lines between the project's, the libraries' and
                                     // the standard's
  Lines reason_lines;                // "//  * " lines: why the file holds each family's bridges
  Lines bridge_lines;                // the bridges' code: a family's heading, an operator's support and wrappers
  std::vector<RegistrationEntry> registrations;  // for the file's dispatch key: its own functions, then bridges
};

struct OperatorsContext {
  std::vector<NativeOperatorEntry> native;     // the spec's list, with first/last markers
  std::map<std::string, OperatorFamily> family;  // every family with a catalog operator
  std::vector<std::string> family_files;           // the families whose file exists (generated), by name
  std::vector<KernelEntry> kernels;            // catalog order
  std::vector<std::string> kernel_headers;     // the headers the native kernels' default bodies need, sorted
  bool fallback_cpu = false;
  std::map<std::string, HostFileContext> host;  // by host_file_name(), every host file
};

/// features.<id>: what the targeted versions say of one knowledge-base feature.
struct FeatureEntry {
  bool has = false, lacks = false, mixed = false;
  std::string guard_cpp, guard_py, compat;
  std::string landing;  // "2.7" or "2.12 to 2.14": the releases the knowledge base dates the feature to
  NoteLines compat_lines;
};

/// A feature the targets leave undecided, by how the generated code detects it.
struct ProbeEntry {
  std::string feature, macro, landing, summary;
  NoteLines heading_lines;
  Lines source_lines;
  std::string major, minor;
  NoteLines compat_lines;
};
struct TorchProbes {
  std::vector<ProbeEntry> cxx, python, version_only;
};

struct RenderContext {
  std::string accelgen_version;
  std::string name, NAME, Name, package;
  std::string display_name;  // as the spec writes it; to_template_data() gives only escaped forms
  struct Device {
    int count = 0;
    std::uint64_t memory_bytes = 0;
    int compute_capability_major = 0, compute_capability_minor = 0, multiprocessor_count = 0;
  } device;
  struct Runtime {
    bool accelsim = false, custom = false;
  } runtime;
  std::vector<DtypeEntry> dtypes, unsupported_dtypes;
  Capabilities caps;  // the spec's capabilities: to_template_data() names them as the capability table does
  std::vector<PrerequisiteEntry> prerequisites;
  struct Amp {
    std::vector<DtypeEntry> dtypes;
    std::string default_dtype;
  } amp;
  OperatorsContext ops;
  struct Torch {
    std::string display, min_major, min_minor, max_major, max_minor;
    bool single = false;
    // The target reaches beyond the newest release the knowledge base knows (newest_known): the tree is generated
    // for that release's contract with every probe-able feature probed.
    bool beyond_knowledge = false;
    std::string newest_known;
  } torch;
  std::map<std::string, FeatureEntry> features;
  TorchProbes torch_probes;
  // Whether graph capture works (capabilities.graphs and torch.accelerator.Graph): in every targeted torch
  // (always), in none or with the capability off (never), or as the installed torch decides (probed).
  struct GraphCapture {
    bool always = false, probed = false, never = true;
  } graph_capture;
};

/// How the generated caching allocator spells what c10::DeviceAllocator brought (features.device_allocator): the
/// names themselves where every targeted release agrees, the macros device_allocator.h defines per release in a
/// range that spans the change. Derived from the context's features whenever it becomes template data, so that
/// the upgrade guide, which flips one feature at a time, sees the spellings follow.
struct AllocatorSpelling {
  std::string base;        // the base class: "c10::DeviceAllocator", "c10::Allocator", or the macro
  std::string override_;   // after an overriding declaration: " override", "", or " " and the macro
  std::string mempool_id;  // a memory pool's id type: "c10::MempoolId_t", "MempoolId" (an alias), or the macro
};
AllocatorSpelling allocator_spelling(const RenderContext& ctx);

/// `catalog`: the operators the spec's native list names (the embedded catalog; a test passes its own).
RenderContext make_render_context(const DeviceSpec& spec, const TargetVersions& targets,
                                  const OperatorCatalog& catalog = operator_catalog());

}  // namespace accelgen
