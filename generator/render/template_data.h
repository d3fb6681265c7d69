// The one place where the typed rendering context (render/render_context.h) becomes Mustache data: every name a
// template can use is set here, and the display name is given only in its escaped forms (render/escape.h).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "render/mustache_renderer.h"
#include "render/render_context.h"

namespace accelgen {

/// The data the templates see, as a tree that can be walked (kainjow's data cannot be iterated): a test checks
/// docs/template-context.md against it name by name, and to_template_data() is made from it.
struct TemplateTree {
  enum class Kind { Object, List, Text, Flag };

  TemplateTree() = default;
  TemplateTree(std::string value) : kind(Kind::Text), text(std::move(value)) {}  // NOLINT: a field's value
  static TemplateTree flag(bool value);
  static TemplateTree list();

  void set(const std::string& name, TemplateTree value) { fields[name] = std::move(value); }
  void push_back(TemplateTree item) { items.push_back(std::move(item)); }

  Kind kind = Kind::Object;
  std::string text;                             // Text
  bool on = false;                              // Flag
  std::vector<TemplateTree> items;              // List
  std::map<std::string, TemplateTree> fields;   // Object
};

TemplateTree to_template_tree(const RenderContext& ctx);

/// What the spec template (templates/spec/accelgen.yaml.mustache) sees when `accelgen init` writes a spec.
struct InitialSpecContext {
  std::string name, NAME;
  std::string torch_yaml;  // the torch field's YAML: "\"2.14\"", "{min: \"2.6\", max: \"2.14\"}" or "auto"
  DeviceRuntime runtime = DeviceRuntime::Accelsim;
  std::string accelgen_version;
};
TemplateTree initial_spec_tree(const InitialSpecContext& ctx);
/// One entry of ops.kernels: what the template of a kernel file (csrc/kernels/__kernel__.cc.once.mustache) sees as
/// `kernel`.
TemplateTree kernel_template_tree(const KernelEntry& kernel);
/// One entry of ops.family: what the family template (csrc/ops/native/__family__.cc.mustache) sees as `family`.
TemplateTree family_template_tree(const OperatorFamily& family);
/// What every template sees as `file`: facts about the file it renders. `torch_guarded`: the template reads a
/// feature that the targeted releases do not agree on (features.F.mixed), so the file holds a guard on version.h's
/// probe results and includes version.h.
TemplateTree file_template_tree(bool torch_guarded);
TemplateData to_template_data(const TemplateTree& tree);
TemplateData to_template_data(const RenderContext& ctx);

}  // namespace accelgen
