#include "cli/command_common.h"

#include <iostream>

#include "render/mustache_renderer.h"
#include "spec/diagnostic.h"

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

std::string torch_option_as_yaml(const std::string& option) {
  if (option == "auto") return "auto";
  const auto colon = option.find(':');
  if (colon == std::string::npos) return "\"" + option + "\"";
  return "{min: \"" + option.substr(0, colon) + "\", max: \"" + option.substr(colon + 1) + "\"}";
}

}  // namespace accelgen::cli
