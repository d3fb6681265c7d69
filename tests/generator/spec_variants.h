// Variants of the default spec that the tree-wide checks (documentation paths, residue) generate besides it.
#pragma once

#include <regex>
#include <string>

namespace accelgen::testing_support {

/// The spec with every capability of its `capabilities:` block switched off.
inline std::string every_capability_off(std::string spec) {
  const std::size_t block = spec.find("\ncapabilities:\n");
  const std::size_t end = spec.find("\n\n", block + 1);
  const std::regex on(R"((\n  [a-z_]+: *)true\b)");
  return spec.substr(0, block) + std::regex_replace(spec.substr(block, end - block), on, "$1false") + spec.substr(end);
}

/// The spec with the operators the CPU bridge can run taken out of operators.native, so that the tree has its
/// csrc/ops/cpu_bridge.cc (the default spec lists them all, and the bridge is then not generated).
inline std::string operators_bridged(std::string spec) {
  for (const std::string name : {"convolution_overrideable", "convolution_backward_overrideable", "native_batch_norm",
                                 "_thnn_fused_lstm_cell", "_thnn_fused_lstm_cell_backward_impl", "_thnn_fused_gru_cell",
                                 "_thnn_fused_gru_cell_backward", "_scaled_dot_product_fused_attention_overrideable",
                                 "_scaled_dot_product_fused_attention_overrideable_backward"}) {
    spec = std::regex_replace(spec, std::regex(" " + name + ","), "");
  }
  return spec;
}

}  // namespace accelgen::testing_support
