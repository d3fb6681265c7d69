#include "spec/spec_loader.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "base/diagnostic.h"
#include "contract/torch_version.h"
#include "model/capabilities.h"
#include "model/dtypes.h"
#include "model/operator_catalog.h"
#include "spec/name_rules.h"
#include "spec/spec_text.h"
#include "spec/suggest.h"
#include "spec/yaml_document.h"

namespace accelgen {
namespace {

/// Walks the YAML tree, filling a DeviceSpec and collecting diagnostics.
class SpecReader {
 public:
  explicit SpecReader(std::string_view source) { spec_.source = std::string(source); }

  DeviceSpec read(const YAML::Node& root) {
    if (!root.IsMap()) {
      error(root, "the spec must be a mapping of keys (accelgen, device, torch, dtypes, ...)",
            "start from the spec `accelgen init NAME` writes");
      finish();
    }
    check_keys(root,
               {"accelgen", "device", "torch", "dtypes", "unsupported_dtypes", "capabilities", "amp", "operators"});
    require(root, "accelgen", [&](const YAML::Node& n) {
      spec_.format = read_int(n, 1, 1, "the spec format version; only 1 exists");
    });
    require(root, "device", [&](const YAML::Node& n) { read_device(n); });
    require(root, "torch", [&](const YAML::Node& n) { read_torch(n); });
    require(root, "dtypes", [&](const YAML::Node& n) { read_dtypes(n); });
    optional(root, "unsupported_dtypes", [&](const YAML::Node& n) {
      unsupported_node_ = n;
      spec_.unsupported_dtypes = read_dtype_list(n, "unsupported_dtypes", /*floating_only=*/false);
    });
    optional(root, "capabilities", [&](const YAML::Node& n) { read_capabilities(n); });
    optional(root, "amp", [&](const YAML::Node& n) { read_amp(n); });
    optional(root, "operators", [&](const YAML::Node& n) { read_operators(n); });
    check_cross_field(root);
    finish();
    return spec_;
  }

 private:
  void read_device(const YAML::Node& n) {
    if (!expect_map(n, "the device section")) return;
    check_keys(n, {"name", "display_name", "count", "memory", "compute_capability", "multiprocessor_count",
                  "runtime"});
    require(n, "name", [&](const YAML::Node& v) {
      spec_.name = read_string(v, "the device name");
      if (auto problem = device_name_problem(spec_.name)) {
        error(v, "invalid device name '" + spec_.name + "': " + *problem,
              "a device name is a lowercase identifier such as 'mydevice' or 'npu2'");
      }
    });
    optional(n, "display_name", [&](const YAML::Node& v) { spec_.display_name = read_display_name(v); });
    optional(n, "count", [&](const YAML::Node& v) {
      spec_.count = read_int(v, 1, 64, "the number of simulated devices");
    });
    optional(n, "memory", [&](const YAML::Node& v) { spec_.memory_bytes = read_memory(v); });
    optional(n, "compute_capability", [&](const YAML::Node& v) { read_compute_capability(v); });
    optional(n, "multiprocessor_count", [&](const YAML::Node& v) {
      spec_.multiprocessor_count = read_int(v, 1, 4096, "the number of multiprocessors");
    });
    optional(n, "runtime", [&](const YAML::Node& v) {
      const std::string runtime = read_string(v, "a device runtime");
      const std::optional<DeviceRuntime> known = parse_device_runtime(runtime);
      if (!known) {
        const std::string typo = closest_match(runtime, kDeviceRuntimes);
        error(v, "unknown device runtime '" + runtime + "'",
              (typo.empty() ? "" : "did you mean '" + typo + "'? ") + "use " + kDeviceRuntimesExplained);
      }
      spec_.runtime = *known;
    });
    if (spec_.display_name.empty()) spec_.display_name = spec_.name;
  }

  // The display name lands in C++, Python, CMake, TOML and Markdown (escaped for each: render/escape.h); it must
  // be one line of printable text.
  std::string read_display_name(const YAML::Node& v) {
    std::string text = read_string(v, "a display name");
    if (auto problem = text_value_problem(text)) {
      error(v, "device.display_name cannot be used: " + *problem, "write one line of text, e.g. \"My Device\"");
      return "";
    }
    if (text.size() > 100) {
      error(v, "device.display_name is longer than 100 bytes (the runtime keeps 127)",
            "use a short product name, e.g. \"My Device\"");
      return "";
    }
    return text;
  }

  void read_compute_capability(const YAML::Node& v) {
    const std::string text = read_string(v, "a compute capability \"MAJOR.MINOR\"");
    int major = 0, minor = 0;
    char dot = 0;
    std::istringstream in(text);
    if (!(in >> major >> dot >> minor) || dot != '.' || !in.eof() || major < 0 || minor < 0) {
      error(v, "compute_capability must be \"MAJOR.MINOR\", got '" + text + "'", "for example \"1.0\"");
      return;
    }
    spec_.compute_capability_major = major;
    spec_.compute_capability_minor = minor;
  }

  void read_torch(const YAML::Node& n) {
    spec_.torch.pos = pos(n);
    if (n.IsMap()) {
      check_keys(n, {"min", "max"});
      spec_.torch.kind = TorchRequest::Kind::Range;
      require(n, "min", [&](const YAML::Node& v) { spec_.torch.min = read_torch_version(v); });
      require(n, "max", [&](const YAML::Node& v) { spec_.torch.max = read_torch_version(v); });
      if (!spec_.torch.min.empty() && !spec_.torch.max.empty()) {
        auto lo = contract::TorchVersion::parse(spec_.torch.min);
        auto hi = contract::TorchVersion::parse(spec_.torch.max);
        if (lo && hi && *hi < *lo) {
          error(n, "torch range is empty: min " + spec_.torch.min + " is above max " + spec_.torch.max,
                "write {min: \"" + spec_.torch.max + "\", max: \"" + spec_.torch.min + "\"}");
        }
      }
      return;
    }
    if (n.IsScalar() && n.Scalar() == "auto") {
      spec_.torch.kind = TorchRequest::Kind::Auto;
      return;
    }
    spec_.torch.kind = TorchRequest::Kind::Version;
    spec_.torch.min = spec_.torch.max = read_torch_version(n);
  }

  std::string read_torch_version(const YAML::Node& v) {
    const std::string text = read_string(v, "a torch version such as \"2.14\"");
    if (text.empty()) return text;
    // A release newer than the knowledge base is a well-formed target here; resolving it (plan/target_versions.h)
    // checks it against the installed torch.
    std::string problem = contract::torch_version_problem(text, contract::BeyondKnowledge::Accept);
    if (!problem.empty()) {
      error(v, problem, "write the version as a quoted string, e.g. torch: \"2.14\", or a range "
                        "{min: \"2.6\", max: \"2.14\"}, or auto");
      return "";
    }
    return contract::TorchVersion::parse(text)->to_string();
  }

  void read_dtypes(const YAML::Node& n) {
    spec_.dtypes = read_dtype_list(n, "dtypes", /*floating_only=*/false);
    if (spec_.dtypes.empty() && n.IsSequence()) {
      error(n, "dtypes is empty; a device must support at least one dtype", "for example [float32, int64, bool]");
    }
  }

  std::vector<std::string> read_dtype_list(const YAML::Node& n, const std::string& what, bool floating_only) {
    std::vector<std::string> result;
    if (!n.IsSequence()) {
      error(n, what + " must be a list of dtype names", "for example [float32, float16]");
      return result;
    }
    for (const auto& item : n) {
      const std::string name = read_string(item, "a dtype name");
      auto info = find_dtype(name);
      if (!info) {
        error(item, "unknown dtype '" + name + "' in " + what, suggestion_text(name, known_dtype_names()));
        continue;
      }
      if (floating_only && !info->floating) {
        error(item, "'" + name + "' cannot be an autocast dtype: autocast lowers precision of floating types",
              "use float16 or bfloat16");
        continue;
      }
      if (std::find(result.begin(), result.end(), name) != result.end()) {
        error(item, "dtype '" + name + "' is listed twice in " + what, "remove the duplicate");
        continue;
      }
      result.push_back(name);
      if (!floating_only) spec_.dtype_positions[name] = pos(item);
    }
    return result;
  }

  void read_capabilities(const YAML::Node& n) {
    if (!expect_map(n, "the capabilities section")) return;
    check_keys(n, capability_names());
    for (const auto& c : capability_table()) {
      const std::string key(c.name);
      optional(n, key.c_str(), [&](const YAML::Node& v) {
        spec_.caps.*(c.field) = read_bool(v);
        capability_nodes_[key] = v;
      });
    }
  }

  void read_amp(const YAML::Node& n) {
    if (!expect_map(n, "the amp section")) return;
    check_keys(n, {"dtypes"});
    optional(n, "dtypes", [&](const YAML::Node& v) {
      spec_.amp_dtypes = read_dtype_list(v, "amp.dtypes", /*floating_only=*/true);
      amp_node_ = v;
      amp_listed_ = true;
    });
  }

  void read_operators(const YAML::Node& n) {
    if (!expect_map(n, "the operators section")) return;
    check_keys(n, {"native", "fallback"});
    optional(n, "fallback", [&](const YAML::Node& v) {
      const std::string policy = read_string(v, "a fallback policy");
      if (policy == "cpu") {
        spec_.fallback = FallbackPolicy::Cpu;
      } else if (policy == "error") {
        spec_.fallback = FallbackPolicy::Error;
      } else {
        error(v, "unknown fallback policy '" + policy + "'", suggestion_text(policy, {"cpu", "error"}));
      }
    });
    optional(n, "native", [&](const YAML::Node& v) {
      if (!v.IsSequence()) {
        error(v, "operators.native must be a list of ATen operator names", "for example [add.Tensor, mm]");
        return;
      }
      const auto& catalog = operator_catalog();
      std::set<std::string> seen;
      for (const auto& item : v) {
        const std::string op = read_string(item, "an ATen operator name");
        if (op.empty()) continue;
        if (!catalog.contains(op)) {
          error(item, "no native kernel template for operator '" + op + "'",
                suggestion_text(op, catalog.names()) +
                    " (leave it out and the CPU fallback runs it, or add a kernel of your own in csrc/user/)");
          continue;
        }
        if (!seen.insert(op).second) {
          error(item, "operator '" + op + "' is listed twice", "remove the duplicate");
          continue;
        }
        spec_.native_ops.push_back(op);
      }
      std::sort(spec_.native_ops.begin(), spec_.native_ops.end());
    });
  }

  void check_cross_field(const YAML::Node& root) {
    auto supported = [&](const std::string& d) {
      return std::find(spec_.dtypes.begin(), spec_.dtypes.end(), d) != spec_.dtypes.end();
    };
    if (spec_.caps.amp && !amp_listed_) {
      // Default: the device's own lower-precision floating types.
      for (const char* d : {"float16", "bfloat16"}) {
        if (supported(d)) spec_.amp_dtypes.push_back(d);
      }
      if (spec_.amp_dtypes.empty()) {
        error(root, "capabilities.amp is on but the device supports neither float16 nor bfloat16",
              "add float16 or bfloat16 to dtypes, or set capabilities.amp: false");
      }
    }
    if (spec_.caps.amp && amp_listed_ && spec_.amp_dtypes.empty() && amp_node_.IsSequence() &&
        amp_node_.size() == 0) {
      error(amp_node_, "capabilities.amp is on but amp.dtypes is empty", "list float16 and/or bfloat16");
    }
    for (const auto& d : spec_.unsupported_dtypes) {
      if (supported(d)) {
        error(unsupported_node_, "dtype '" + d + "' is both in dtypes and in unsupported_dtypes",
              "a dtype with native kernels can be held by the device: remove it from one of the two lists");
      }
    }
    for (const auto& d : spec_.amp_dtypes) {
      if (!supported(d)) {
        error(amp_listed_ ? amp_node_ : root, "amp dtype '" + d + "' is not in the device's dtypes",
              "add " + d + " to dtypes or remove it from amp.dtypes");
      }
    }
    // What one capability's generated code is built on. A port turns capabilities on as its driver grows
    // (csrc/driver/README.md): these say which driver sections must come first.
    struct Needs {
      bool Capabilities::*capability;
      const char* name;
      bool Capabilities::*needed;
      const char* needed_name;
      const char* why;
    };
    static constexpr Needs kNeeds[] = {
        {&Capabilities::events, "events", &Capabilities::streams, "streams", "events are recorded on streams"},
        {&Capabilities::graphs, "graphs", &Capabilities::streams, "streams", "graphs are captured from a stream"},
        {&Capabilities::graphs, "graphs", &Capabilities::events, "events",
         "a replay orders the streams it touches with events"},
        {&Capabilities::pinned_memory, "pinned_memory", &Capabilities::events, "events",
         "pinned blocks are reused once an event says the copies reading them are done"},
        {&Capabilities::profiler, "profiler", &Capabilities::events, "events",
         "the device timings are the driver's timed events"},
    };
    for (const Needs& rule : kNeeds) {
      if (spec_.caps.*(rule.capability) && !(spec_.caps.*(rule.needed))) {
        const auto node = capability_nodes_.find(rule.name);
        error(node != capability_nodes_.end() ? node->second : root,
              std::string("capabilities.") + rule.name + " needs capabilities." + rule.needed_name + " (" +
                  rule.why + ")",
              std::string("turn ") + rule.needed_name + " on or " + rule.name + " off");
      }
    }
  }

  // ----- helpers -----
  SourcePos pos(const YAML::Node& n) const {
    const YAML::Mark mark = n.Mark();
    if (mark.is_null()) return {};
    return {mark.line + 1, mark.column + 1};
  }

  void error(const YAML::Node& n, std::string message, std::string hint) {
    if (diagnostics_.size() >= kMaxDiagnosticsShown) {
      ++unlisted_;  // counted, not kept: a spec with 200,000 bad items must not print 200,000 errors
      return;
    }
    SourcePos p = pos(n);
    diagnostics_.push_back({spec_.source, p.line, p.column, std::move(message), std::move(hint)});
  }

  void finish() {
    if (!diagnostics_.empty()) throw DiagnosticError(diagnostics_, unlisted_);
  }

  bool expect_map(const YAML::Node& n, const std::string& what) {
    if (n.IsMap()) return true;
    error(n, what + " must be a mapping of keys", "see the commented spec written by `accelgen init`");
    return false;
  }

  void check_keys(const YAML::Node& map, const std::vector<std::string>& allowed) {
    for (auto it = map.begin(); it != map.end(); ++it) {
      const std::string key = it->first.Scalar();
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
        error(it->first, "unknown key '" + key + "'", suggestion_text(key, allowed));
      }
    }
  }

  template <typename Fn>
  void optional(const YAML::Node& map, const char* key, Fn&& fn) {
    if (!map.IsMap()) return;
    const YAML::Node value = map[key];
    if (value && !value.IsNull()) fn(value);
  }

  template <typename Fn>
  void require(const YAML::Node& map, const char* key, Fn&& fn) {
    if (!map.IsMap()) return;
    const YAML::Node value = map[key];
    if (!value || value.IsNull()) {
      error(map, std::string("missing required key '") + key + "'",
            "see the commented spec written by `accelgen init`");
      return;
    }
    fn(value);
  }

  std::string read_string(const YAML::Node& n, const std::string& what) {
    if (!n.IsScalar()) {
      error(n, "expected " + what + " (a plain value), found a " + (n.IsMap() ? "mapping" : "list"), "");
      return "";
    }
    return n.Scalar();
  }

  bool read_bool(const YAML::Node& n) {
    bool value = false;
    if (!n.IsScalar() || !YAML::convert<bool>::decode(n, value)) {
      error(n, "expected true or false", "write true or false");
    }
    return value;
  }

  long long read_int(const YAML::Node& n, long long lo, long long hi, const std::string& what) {
    const std::string text = read_string(n, what);
    long long value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
      error(n, "expected an integer for " + what + ", got '" + text + "'",
            "allowed: " + std::to_string(lo) + " to " + std::to_string(hi));
      return lo;
    }
    if (value < lo || value > hi) {
      error(n, "value " + text + " is out of range for " + what,
            "allowed: " + std::to_string(lo) + " to " + std::to_string(hi));
      return lo;
    }
    return value;
  }

  std::uint64_t read_memory(const YAML::Node& n) {
    const std::string text = read_string(n, "a memory size");
    static const std::pair<const char*, std::uint64_t> units[] = {
        {"GiB", 1ull << 30}, {"MiB", 1ull << 20}, {"KiB", 1ull << 10}, {"B", 1}};
    std::uint64_t number = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    std::string unit(end, text.data() + text.size());
    while (!unit.empty() && unit.front() == ' ') unit.erase(unit.begin());
    std::uint64_t scale = unit.empty() ? 1 : 0;
    for (const auto& [name, factor] : units) {
      if (unit == name) scale = factor;
    }
    const std::string hint = "write bytes or a size with a unit, e.g. 8GiB or 512MiB (allowed: 1MiB to 1024GiB)";
    if (text.empty() || ec != std::errc() || scale == 0) {
      error(n, "cannot read memory size '" + text + "'", hint);
      return 0;
    }
    if (number == 0 || number > (1024ull << 30) / scale || number * scale < (1ull << 20)) {
      error(n, "memory size '" + text + "' is out of range", hint);
      return 0;
    }
    return number * scale;
  }

  DeviceSpec spec_;
  YAML::Node amp_node_;
  std::map<std::string, YAML::Node> capability_nodes_;  // as written in the spec, for errors that point at them
  YAML::Node unsupported_node_;  // the unsupported_dtypes list, for cross-field messages
  bool amp_listed_ = false;
  std::vector<Diagnostic> diagnostics_;
  std::size_t unlisted_ = 0;
};

}  // namespace

DeviceSpec parse_spec(std::string_view yaml_text, std::string_view source_name) {
  check_spec_text(yaml_text, source_name);
  return SpecReader(source_name).read(load_single_yaml_document(yaml_text, source_name));
}

DeviceSpec load_spec(const std::filesystem::path& path) {
  return parse_spec(read_spec_text(path), path.string());
}

}  // namespace accelgen
