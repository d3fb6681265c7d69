#include "model/host_files.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <array>
#include <regex>
#include <stdexcept>
#include <utility>

#include "base/strict_yaml.h"
#include "embed/embedded_files.h"
#include "model/capabilities.h"

namespace accelgen {
namespace {

struct HostFileInfo {
  HostFile file;
  std::string_view name;
  std::string_view dispatch_key;
};

// The one place the files are spelled.
constexpr std::array<HostFileInfo, 5> kHostFiles = {{
    {HostFile::CoreOps, "core_ops", "PrivateUse1"},
    {HostFile::CpuBridge, "cpu_bridge", "PrivateUse1"},
    {HostFile::Quantized, "quantized", "QuantizedPrivateUse1"},
    {HostFile::Autocast, "autocast", "AutocastPrivateUse1"},
    {HostFile::Serialization, "serialization", "PrivateUse1"},
}};

const HostFileInfo& info(HostFile file) {
  for (const auto& entry : kHostFiles) {
    if (entry.file == file) return entry;
  }
  throw std::logic_error("host file without an entry in kHostFiles");
}

constexpr std::string_view kDataFile = "knowledge/host_operators.yaml";

}  // namespace

std::optional<HostFile> parse_host_file(std::string_view name) {
  for (const auto& entry : kHostFiles) {
    if (entry.name == name) return entry.file;
  }
  return std::nullopt;
}

std::string_view host_file_name(HostFile file) { return info(file).name; }

std::string_view host_file_dispatch_key(HostFile file) { return info(file).dispatch_key; }

std::vector<std::string> host_file_names() {
  std::vector<std::string> names;
  for (const auto& entry : kHostFiles) names.emplace_back(entry.name);
  return names;
}

HostFileBlock HostOperators::block(HostFile file) const {
  for (const auto& b : files) {
    if (b.file == file) return b;
  }
  return HostFileBlock{file, {}, {}};
}

HostOperators HostOperators::load(std::string_view yaml_text, const std::string& origin) {
  const StrictYaml y(origin);
  const YAML::Node root = y.parse(yaml_text, "the host operators");
  const auto top = y.fields(root, "the host operators", {"files", "operators"}, {});
  const auto read_file = [&](const YAML::Node& node, const std::string& what) {
    const std::string name = y.scalar(node, what);
    const std::optional<HostFile> file = parse_host_file(name);
    if (!file) {
      y.fail(node, what + ": unknown host file '" + name + "' (known: " + StrictYaml::join(host_file_names()) + ")");
    }
    return *file;
  };
  HostOperators data;
  const std::regex operator_name(R"([A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)?)");
  const YAML::Node& files = top.at("files");
  if (!files.IsMap()) y.fail(files, "files must map each host file to its block");
  for (const auto& entry : files) {
    HostFileBlock block;
    block.file = read_file(entry.first, "a host file");
    const auto f = y.fields(entry.second, "host file " + entry.first.Scalar(), {"includes"}, {"made_by"});
    const YAML::Node& includes = f.at("includes");
    if (!includes.IsSequence()) y.fail(includes, "includes must be a list of headers");
    for (const auto& header : includes) {
      const std::string text = y.scalar(header, "an include");
      if (text.find_first_of("<>\" \t") != std::string::npos) {
        y.fail(header, "include '" + text + "' must be a header's path as #include names it, without quotes or "
                       "brackets (\"torch/library.h\", \"tuple\")");
      }
      block.includes.push_back(text);
    }
    if (f.count("made_by")) {
      const YAML::Node& made_by = f.at("made_by");
      if (!made_by.IsSequence()) y.fail(made_by, "made_by must be a list of operators' schema names");
      for (const auto& name : made_by) {
        const std::string text = y.scalar(name, "an operator of made_by");
        if (!std::regex_match(text, operator_name)) {
          y.fail(name, "'" + text + "' is not an operator's schema name (\"quantize_per_tensor\")");
        }
        block.made_by.push_back(text);
      }
    }
    data.files.push_back(std::move(block));
  }
  const YAML::Node& list = top.at("operators");
  if (!list.IsSequence()) y.fail(list, "operators must be a list");
  const std::vector<std::string> capabilities = capability_names();
  // A function name, qualified or a template's member (SharingBackendMeta<&at::native::view>::call).
  const std::regex function_name(R"([A-Za-z_][A-Za-z0-9_:<>&]*)");
  for (const auto& entry : list) {
    const auto f = y.fields(entry, "a host operator", {"name", "file", "function"}, {"capability"});
    HostOperator op;
    op.name = y.scalar(f.at("name"), "name");
    op.line = entry.Mark().line + 1;
    op.column = entry.Mark().column + 1;
    if (!std::regex_match(op.name, operator_name)) {
      y.fail(f.at("name"), "'" + op.name + "' is not an operator's schema name (\"empty.memory_format\", \"copy_\")");
    }
    op.file = read_file(f.at("file"), "operator " + op.name + ": file");
    op.function = y.scalar(f.at("function"), "operator " + op.name + ": function");
    if (!std::regex_match(op.function, function_name)) {
      y.fail(f.at("function"), "operator " + op.name + ": function '" + op.function + "' is not a C++ function name");
    }
    if (f.count("capability")) {
      op.capability = y.scalar(f.at("capability"), "operator " + op.name + ": capability");
      if (std::find(capabilities.begin(), capabilities.end(), op.capability) == capabilities.end()) {
        y.fail(f.at("capability"), "operator " + op.name + ": unknown capability '" + op.capability +
                                       "' (known: " + StrictYaml::join(capabilities) + ")");
      }
    }
    for (const auto& seen : data.operators) {
      if (seen.name == op.name && seen.file == op.file) {
        y.fail(f.at("name"), "operator " + op.name + " is listed twice for " + std::string(host_file_name(op.file)) +
                                 " (first at line " + std::to_string(seen.line) + ")");
      }
    }
    data.operators.push_back(std::move(op));
  }
  return data;
}

const HostOperators& host_operators() {
  static const HostOperators data = [] {
    for (const auto& file : embedded::files_under("knowledge/")) {
      if (file.path == kDataFile) return HostOperators::load(file.content, std::string(file.path));
    }
    throw std::logic_error(std::string(kDataFile) + " is not embedded in this build");
  }();
  return data;
}

}  // namespace accelgen
