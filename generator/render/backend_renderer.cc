#include "render/backend_renderer.h"

#include <accelgen_version.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <stdexcept>

#include "embed/embedded_files.h"
#include "model/device_names.h"
#include "render/file_plan.h"
#include "render/render_context.h"
#include "render/template_data.h"
#include "render/mustache_renderer.h"
#include "base/text_lines.h"

namespace accelgen {
namespace {

constexpr std::string_view kTemplateRoot = "templates/backend/";
constexpr std::string_view kTemplateSuffix = ".mustache";
constexpr std::string_view kOnceSuffix = ".once";  // "x.cc.once.mustache": scaffolded once, then the user's
constexpr std::string_view kRuntimeRoot = "runtime/";
constexpr std::string_view kPerKernel = "__kernel__";  // rendered once per device kernel, as csrc/kernels/<function>
constexpr std::string_view kPerFamily = "__family__";  // rendered once per operator family, as csrc/ops/native/<family>.cc

void replace_all(std::string& text, std::string_view from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

bool only_whitespace(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); });
}

std::string comment_lines(const std::string& text, const std::string& open, const std::string& close = "") {
  std::string result;
  for (const auto& line : split_lines(text)) result += open + line + close + "\n";
  return result;
}

// The comment that opens a file, in its file type's comment syntax (empty for formats without comments).
std::string file_header(const std::string& path, const std::string& origin_note) {
  const std::string name = path.substr(path.rfind('/') + 1);
  const std::string ext = name.find('.') == std::string::npos ? "" : name.substr(name.rfind('.'));
  static const std::vector<std::string> slash_exts = {".h", ".hpp", ".cc", ".cpp", ".c"};
  static const std::vector<std::string> hash_exts = {".py", ".cmake", ".toml", ".yaml", ".yml", ".cfg", ".sh",
                                                     ".txt", ".in"};
  auto in = [&](const std::vector<std::string>& list) { return std::find(list.begin(), list.end(), ext) != list.end(); };
  if (in(slash_exts)) return comment_lines(origin_note, "// ");
  if (in(hash_exts) || name == "CMakeLists.txt" || name == ".gitignore") return comment_lines(origin_note, "# ");
  if (ext == ".md") return "<!-- " + origin_note + " -->\n";
  return "";
}

// Whether a template reads a feature (`features.F.` anything) that the targeted releases do not agree on: its file
// then holds an `#if` on the probe result that version.h provides.
bool reads_mixed_feature(std::string_view text, const RenderContext& context) {
  static const std::regex read(R"(features\.([a-z0-9_]+)\.)");
  for (auto it = std::cregex_iterator(text.data(), text.data() + text.size(), read); it != std::cregex_iterator();
       ++it) {
    const auto feature = context.features.find((*it)[1].str());
    if (feature != context.features.end() && feature->second.mixed) return true;
  }
  return false;
}

}  // namespace

std::map<std::string, FileJob> render_file_jobs(const RenderContext& context) {
  TemplateData ctx = to_template_data(context);
  std::map<std::string, FileJob> jobs;
  auto add = [&](FileJob job) {
    const std::string path = job.path;
    if (!jobs.emplace(path, std::move(job)).second) throw std::logic_error("two templates render to " + path);
  };
  for (const auto& tmpl : embedded::files_under(kTemplateRoot)) {
    std::string path(tmpl.path.substr(kTemplateRoot.size()));
    if (!path.ends_with(kTemplateSuffix)) continue;  // notes beside the templates are not output
    path.resize(path.size() - kTemplateSuffix.size());
    if (!holds(file_condition(path), context)) continue;  // the plan leaves the file out of this backend
    ctx.set("file", to_template_data(file_template_tree(reads_mixed_feature(tmpl.content, context))));
    FileOwner owner = FileOwner::Generated;
    if (path.ends_with(kOnceSuffix)) {
      path.resize(path.size() - kOnceSuffix.size());
      owner = FileOwner::User;
    }
    replace_all(path, "__name__", context.name);
    replace_all(path, "__package__", context.package);
    if (path.find(kPerKernel) != std::string::npos) {
      // One file per native operator's kernel, rendered with that kernel as `kernel`.
      for (const KernelEntry& kernel : context.ops.kernels) {
        std::string kernel_path = path;
        replace_all(kernel_path, kPerKernel, kernel.function);
        TemplateData kernel_ctx = ctx;
        kernel_ctx.set("kernel", to_template_data(kernel_template_tree(kernel)));
        add({kernel_path, owner, std::string(tmpl.path), false, render_template(tmpl.content, kernel_ctx, tmpl.path),
             false});
      }
      continue;
    }
    if (path.find(kPerFamily) != std::string::npos) {
      // One operator file per catalog family whose capability is on, rendered with that family as `family`.
      for (const auto& [name, family] : context.ops.family) {
        if (!family.generated) continue;
        std::string family_path = path;
        replace_all(family_path, kPerFamily, name);
        TemplateData family_ctx = ctx;
        family_ctx.set("family", to_template_data(family_template_tree(family)));
        add({family_path, owner, std::string(tmpl.path), false, render_template(tmpl.content, family_ctx, tmpl.path),
             false});
      }
      continue;
    }
    std::string body = render_template(tmpl.content, ctx, tmpl.path);
    if (only_whitespace(body)) {
      throw std::logic_error(std::string(tmpl.path) + " renders empty, yet the file plan (render/file_plan.cc) " +
                             "writes it");
    }
    const bool executable = path.ends_with(".sh");
    add({path, owner, std::string(tmpl.path), false, std::move(body), executable});
  }
  // The bundled simulated runtime is only part of a backend whose driver adapter uses it.
  for (const auto& source : embedded::files_under(kRuntimeRoot)) {
    if (!context.runtime.accelsim) break;
    std::string path = "third_party/accelsim/" + std::string(source.path.substr(kRuntimeRoot.size()));
    add({path, FileOwner::Generated, std::string(source.path), true, std::string(source.content), false});
  }
  return jobs;
}

std::map<std::string, std::string> earlier_layout_paths(const FileSet& files, const DeviceSpec& spec) {
  const std::string package_dir = "src/" + device_names(spec.name).package + "/";
  std::map<std::string, std::string> moved;
  for (const auto& f : files) {
    if (f.path.starts_with(package_dir)) moved[f.path] = f.path.substr(std::string_view("src/").size());
  }
  return moved;
}

std::string beyond_knowledge_note(const TargetVersions& targets) {
  if (!contract::is_beyond_knowledge(targets)) return "";
  return "torch " + targets.max.to_string() + " is newer than accelgen knows: generated for the torch " +
         contract::max_supported_version().to_string() + " contract, its features probed at build time.";
}

std::string banner(const FileJob& job, const BannerNotes& notes) {
  std::string note;
  if (job.bundled) {
    note = "Bundled by accelgen " + std::string(kVersion) +
           ": the accelsim simulated device runtime. Regenerate with `accelgen generate`.";
  } else if (job.owner == FileOwner::User) {
    note = "Created by accelgen " + std::string(kVersion) + " from " + notes.spec_file_name +
           ". This file is yours: accelgen never overwrites it.";
  } else {
    const std::string beyond = beyond_knowledge_note(notes.torch);
    note = "Generated by accelgen " + std::string(kVersion) + " from " + notes.spec_file_name + " (device '" +
           notes.device + "', torch " + notes.torch.display() + ").\n" + (beyond.empty() ? "" : beyond + "\n") +
           "Regenerate with `accelgen generate`; your edits are kept by a three-way merge.";
  }
  return file_header(job.path, note);
}

FileSet attach_banners(const std::map<std::string, FileJob>& jobs, const BannerNotes& notes) {
  FileSet files;
  for (const auto& [path, job] : jobs) files.push_back({path, banner(job, notes) + job.body, job.owner, job.executable});
  return files;
}

FileSet render_backend(const DeviceSpec& spec, const TargetVersions& targets, const std::string& spec_file_name) {
  return attach_banners(render_file_jobs(make_render_context(spec, targets)),
                        {spec_file_name, spec.name, targets});
}

std::string render_initial_spec(const std::string& name, const std::string& torch_yaml, const std::string& runtime) {
  constexpr const char* kSpecTemplate = "templates/spec/accelgen.yaml.mustache";
  auto text = embedded::file(kSpecTemplate);
  if (!text) throw std::logic_error(std::string(kSpecTemplate) + " is not embedded in this build");
  const std::optional<DeviceRuntime> parsed = parse_device_runtime(runtime);
  if (!parsed) throw std::logic_error("render_initial_spec: unknown device runtime " + runtime);
  InitialSpecContext ctx;
  ctx.name = name;
  ctx.NAME = device_names(name).macro_prefix;
  ctx.torch_yaml = torch_yaml;
  ctx.runtime = *parsed;
  ctx.accelgen_version = std::string(kVersion);
  return render_template(*text, to_template_data(initial_spec_tree(ctx)), kSpecTemplate);
}

}  // namespace accelgen
