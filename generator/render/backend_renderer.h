// Renders the whole backend for a spec and its target torch versions into memory.
#pragma once

#include <map>
#include <string>

#include "model/device_spec.h"
#include "render/file_set.h"
#include "plan/target_versions.h"
#include "render/mustache_renderer.h"
#include "render/render_context.h"

namespace accelgen {

/// Where a backend keeps its spec, relative to the backend's root; banners name it.
inline const std::string kSpecFileName = "accelgen.yaml";

/// Every file of the backend: the rendered templates/backend/ tree and the bundled runtime (third_party/accelsim).
/// `spec_file_name` is how banners name the spec (relative to the backend).
/// Deterministic: the same inputs give byte-identical output.
FileSet render_backend(const DeviceSpec& spec, const TargetVersions& targets,
                       const std::string& spec_file_name = kSpecFileName);

/// Where an earlier accelgen wrote the files it now writes elsewhere: new path -> old path (TreeInputs::moved_from).
/// The Python package lived at the backend's root (torch_NAME/) until it moved to src/torch_NAME/ (the src
/// layout: Python run from the backend's root, pytest included, then imports the installed package with its
/// extension module, never the bare source folder).
std::map<std::string, std::string> earlier_layout_paths(const FileSet& files, const DeviceSpec& spec);

/// One file of the backend before its banner (the comment that says who generated it): where it goes, who owns
/// it, where it comes from and what it holds.
struct FileJob {
  std::string path;  // relative, '/'-separated
  FileOwner owner = FileOwner::Generated;
  std::string source;     // the embedded template or bundled runtime file it comes from
  bool bundled = false;   // a file of the bundled runtime (third_party/accelsim), copied as it is
  std::string body;
  bool executable = false;
};

/// What a banner says about the generation: the spec file, the device and the targeted torch versions.
struct BannerNotes {
  std::string spec_file_name;  // relative to the backend: kSpecFileName
  std::string device;
  TargetVersions torch;
};

/// For a target newer than the knowledge base, one sentence saying what the tree was generated for instead ("torch
/// 2.15 is newer than accelgen knows: generated for the torch 2.14 contract, its features probed at build time.");
/// empty otherwise. Banners, the README and the build say it.
std::string beyond_knowledge_note(const TargetVersions& targets);

/// Every file of the backend rendered with `context`, by path, without banners: the templates/backend/ tree and the
/// bundled runtime. The file plan (render/file_plan.h) decides which templates are rendered; one it writes that
/// renders empty is a logic_error. Upgrade guidance renders with modified contexts and compares bodies.
std::map<std::string, FileJob> render_file_jobs(const RenderContext& context);

/// The banner of a job, in its file type's comment syntax ("" for formats without comments, such as JSON).
std::string banner(const FileJob& job, const BannerNotes& notes);

/// The files the jobs write: banner + body, sorted by path.
FileSet attach_banners(const std::map<std::string, FileJob>& jobs, const BannerNotes& notes);

/// The commented spec `accelgen init NAME` writes (templates/spec/accelgen.yaml.mustache); `torch_yaml` is the
/// YAML spelling of its torch field: "\"2.14\"", "{min: \"2.6\", max: \"2.14\"}" or "auto"; `runtime` its device.runtime
/// (kDeviceRuntimes: the driver adapter scaffolded into csrc/driver/).
std::string render_initial_spec(const std::string& name, const std::string& torch_yaml,
                                const std::string& runtime = "accelsim");

}  // namespace accelgen
