#include "cli/command_common.h"

#include <iostream>

#include "base/diagnostic.h"
#include "output/generation.h"
#include "render/mustache_renderer.h"

namespace accelgen::cli {

int run_guarded(const std::function<int()>& body) {
  try {
    return body();
  } catch (const DiagnosticError& e) {
    std::cerr << e.what();
    return kExitUserError;
  } catch (const RenderError& e) {
    std::cerr << "accelgen: internal error while rendering templates: " << e.what() << "\n";
    return kExitUserError;
  } catch (const std::exception& e) {
    std::cerr << "accelgen: error: " << e.what() << "\n";
    return kExitUserError;
  }
}

UpdateOptions tree_update_options(bool dry_run, bool no_merge_base) {
  UpdateOptions options;
  options.dry_run = dry_run;
  options.merge_without_base = no_merge_base;
  options.render_recorded = [](const std::string& spec_text, const Manifest& previous) {
    GenerationRequest request;
    request.spec_text = spec_text;
    request.spec_source = kSpecCopyPath;
    request.torch_override = previous.torch_min + ":" + previous.torch_max;
    request.recorded_targets = recorded_targets(previous);
    return prepare_generation(request).inputs.files;
  };
  return options;
}

void report_recovery(const TreeReport& report) {
  if (!report.recovery.empty()) std::cerr << "accelgen: " << report.recovery << "\n";
}

void report_beyond_knowledge(const TargetVersions& to, const std::string& torch_prefix, const std::string& backend) {
  if (!contract::is_beyond_knowledge(to)) return;
  // The guidance lists what the knowledge base knows, which ends before this release.
  std::cerr << "torch " << to.max.to_string() << " is newer than the releases accelgen knows: no change of it is "
            << "known, so none is listed above. `accelgen contract-diff " << torch_prefix
            << (backend.empty() ? std::string() : " --backend " + backend) << "` compares its headers with the torch "
            << contract::max_supported_version().to_string() << " contract"
            << (backend.empty() ? "" : " and names what the backend uses") << ".\n";
}

std::string torch_option_text(const std::string& min, const std::string& max) {
  return min == max ? min : min + ":" + max;
}

std::string torch_option_as_yaml(const std::string& option) {
  if (option == "auto") return "auto";
  const auto colon = option.find(':');
  if (colon == std::string::npos) return "\"" + option + "\"";
  return "{min: \"" + option.substr(0, colon) + "\", max: \"" + option.substr(colon + 1) + "\"}";
}

}  // namespace accelgen::cli
