// Rendering the backend: deterministic, every file marked, no machine-specific text, features drive versions.
#include "render/backend_renderer.h"
#include "render/render_context.h"

#include <accelgen_version.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "base/text_lines.h"
#include "spec/spec_loader.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

DeviceSpec default_spec(const std::string& name = "mydevice") {
  return parse_spec(render_initial_spec(name, "\"2.14\""), "accelgen.yaml");
}

TargetVersions v(const char* min, const char* max) {
  return {*contract::TorchVersion::parse(min), *contract::TorchVersion::parse(max)};
}

const GeneratedFile* find(const FileSet& files, const std::string& path) {
  for (const auto& f : files) {
    if (f.path == path) return &f;
  }
  return nullptr;
}

TEST(BackendRenderer, IsDeterministic) {
  const FileSet a = render_backend(default_spec(), v("2.14", "2.14"));
  const FileSet b = render_backend(default_spec(), v("2.14", "2.14"));
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].path, b[i].path);
    EXPECT_EQ(a[i].content, b[i].content) << a[i].path;
  }
}

TEST(BackendRenderer, SortedUniquePathsWithTheDeviceNameSubstituted) {
  const FileSet files = render_backend(default_spec("npu2"), v("2.14", "2.14"));
  ASSERT_FALSE(files.empty());
  for (std::size_t i = 1; i < files.size(); ++i) EXPECT_LT(files[i - 1].path, files[i].path);
  for (const auto& f : files) {
    EXPECT_THAT(f.path, Not(HasSubstr("__name__")));
    EXPECT_THAT(f.path, Not(HasSubstr("__package__")));
    EXPECT_THAT(f.path, Not(HasSubstr(".mustache")));
  }
  EXPECT_NE(find(files, "src/torch_npu2/__init__.py"), nullptr);
  EXPECT_NE(find(files, "CMakeLists.txt"), nullptr);
  EXPECT_NE(find(files, "third_party/accelsim/include/accelsim/accelsim.h"), nullptr);
}

TEST(BackendRenderer, EveryCommentableFileStartsWithTheGeneratorHeader) {
  const std::string version = kVersion;
  for (const auto& f : render_backend(default_spec(), v("2.14", "2.14"))) {
    const std::string first_line = f.content.substr(0, f.content.find('\n'));
    if (f.path.ends_with(".json")) continue;  // JSON has no comments
    EXPECT_THAT(first_line, HasSubstr("accelgen " + version)) << f.path;
    if (!f.path.starts_with("third_party/")) {
      EXPECT_THAT(first_line, HasSubstr("accelgen.yaml")) << f.path;
    }
  }
}

TEST(BackendRenderer, NoTimestampsOrAbsolutePaths) {
  const std::regex date(R"(20[0-9][0-9]-[01][0-9]-[0-3][0-9])");
  for (const auto& f : render_backend(default_spec(), v("2.14", "2.14"))) {
    EXPECT_FALSE(std::regex_search(f.content, date)) << f.path;
    EXPECT_THAT(f.content, Not(HasSubstr("/work/"))) << f.path;
    EXPECT_THAT(f.content, Not(HasSubstr("/tmp/"))) << f.path;
    EXPECT_THAT(f.content, Not(HasSubstr(ACCELGEN_SOURCE_DIR))) << f.path;
  }
}

TEST(BackendRenderer, RuntimeIsBundledVerbatimAfterTheHeader) {
  const FileSet files = render_backend(default_spec(), v("2.14", "2.14"));
  const GeneratedFile* header = find(files, "third_party/accelsim/include/accelsim/accelsim.h");
  ASSERT_NE(header, nullptr);
  EXPECT_THAT(header->content, HasSubstr("accelsimError_t accelsimMalloc(void** dev_ptr, size_t size);"));
}

// Files that define the version machinery itself (and may mention it in comments).
bool defines_version_machinery(const std::string& path) {
  return path.starts_with("third_party/") || path == "csrc/version.h" || path.ends_with("/_version.py") ||
         path.ends_with("/_torch_features.py") || path == "cmake/torch_features.cmake";
}

TEST(BackendRenderer, SingleVersionOutputHasNoVersionBranches) {
  // One targeted version: the code a person would write for it, with no guard and no compatibility note.
  for (const char* version : {"2.6", "2.14"}) {
    for (const auto& f : render_backend(default_spec(), v(version, version))) {
      if (defines_version_machinery(f.path)) continue;
      EXPECT_THAT(f.content, Not(HasSubstr("_TORCH_VERSION_GE("))) << version << " " << f.path;
      EXPECT_THAT(f.content, Not(HasSubstr("COMPAT("))) << version << " " << f.path;
      EXPECT_THAT(f.content, Not(HasSubstr("_TORCH_VERSION >="))) << version << " " << f.path;
      EXPECT_THAT(f.content, Not(HasSubstr("_TORCH_VERSION <"))) << version << " " << f.path;
      if (f.path != "src/torch_mydevice/__init__.py") {  // which re-exports it for the user's own version checks
        EXPECT_THAT(f.content, Not(HasSubstr("import _TORCH_VERSION"))) << version << " " << f.path;
      }
    }
  }
}

TEST(BackendRenderer, RangeOutputGuardsEveryVersionDependentBlock) {
  const FileSet files = render_backend(default_spec(), v("2.6", "2.14"));
  const GeneratedFile* version_h = find(files, "csrc/version.h");
  ASSERT_NE(version_h, nullptr);
  EXPECT_THAT(version_h->content, HasSubstr("#define MYDEVICE_TORCH_VERSION_GE(major, minor)"));
  EXPECT_THAT(version_h->content, HasSubstr("#include <torch/version.h>"));
  const GeneratedFile* version_py = find(files, "src/torch_mydevice/_version.py");
  ASSERT_NE(version_py, nullptr);
  EXPECT_THAT(version_py->content, HasSubstr("_TORCH_VERSION = _parse(torch.__version__)"));

  // C++: each change the range straddles is detected in the torch being built against (a configure-time probe's
  // macro), under a comment saying what changed; a version guard is left only where nothing can be probed, and
  // its comment says why.
  const GeneratedFile* hooks_h = find(files, "csrc/hooks.h");
  ASSERT_NE(hooks_h, nullptr);
  EXPECT_THAT(hooks_h->content, HasSubstr("// COMPAT(torch 2.7 to 2.11): "));
  EXPECT_THAT(hooks_h->content, HasSubstr("\n#if MYDEVICE_TORCH_HAS_HOOKS_IS_AVAILABLE\n"));
  const GeneratedFile* probes = find(files, "cmake/torch_features.cmake");
  ASSERT_NE(probes, nullptr);
  EXPECT_THAT(probes->content,
              HasSubstr("backend_probe_torch_feature(hooks_is_available MYDEVICE_TORCH_HAS_HOOKS_IS_AVAILABLE"));
  const GeneratedFile* fallback = find(files, "csrc/ops/fallback.cc");
  ASSERT_NE(fallback, nullptr);
  EXPECT_THAT(fallback->content, HasSubstr("// COMPAT(torch 2.7 to 2.14): "));
  EXPECT_THAT(fallback->content, HasSubstr("Not probed: "));
  EXPECT_THAT(fallback->content, HasSubstr("\n#if !MYDEVICE_TORCH_VERSION_GE(2, 14)\n"));
  // Python: torch_has() asks the running torch (or the extension's probes), with the same annotation.
  const GeneratedFile* test_allocator = find(files, "tests/test_allocator.py");
  ASSERT_NE(test_allocator, nullptr);
  EXPECT_THAT(test_allocator->content,
              HasSubstr("@pytest.mark.skipif(\n    not (torch_has(\"accelerator_memory_api\")),\n    reason=(\n"
                        "        \"COMPAT(torch 2.7 to 2.14): "));

  int cpp_guards = 0, py_guards = 0;
  for (const auto& f : files) {
    if (defines_version_machinery(f.path)) continue;
    const auto lines = split_lines(f.content);
    const bool python = f.path.ends_with(".py");
    bool uses_version_tuple = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& line = lines[i];
      const bool cpp_guard = line.find("_TORCH_VERSION_GE(") != std::string::npos ||
                             (line.starts_with("#if") && line.find("_TORCH_HAS_") != std::string::npos);
      const bool py_guard = python && (line.find("_TORCH_VERSION >= (") != std::string::npos ||
                                       line.find("torch_has(\"") != std::string::npos);
      if (!cpp_guard && !py_guard) continue;
      (cpp_guard ? cpp_guards : py_guards)++;
      uses_version_tuple |= py_guard && line.find("torch_has(") == std::string::npos;
      // The COMPAT note sits right next to the guard: a comment of up to five lines above it (a version guard's
      // note says why nothing was probed), or a skip reason starting two lines below it.
      bool annotated = false;
      for (std::size_t j = i >= 5 ? i - 5 : 0; j < lines.size() && j <= i + 2; ++j) {
        annotated |= lines[j].find("COMPAT(torch ") != std::string::npos;
      }
      EXPECT_TRUE(annotated) << f.path << ":" << i + 1 << ": guard without a COMPAT note: " << line;
    }
    if (uses_version_tuple) {
      EXPECT_NE(f.content.find("import _TORCH_VERSION"), std::string::npos) << f.path << ": _TORCH_VERSION unimported";
    }
  }
  EXPECT_GE(cpp_guards, 5);
  EXPECT_GE(py_guards, 5);
}

TEST(BackendRenderer, UserExtensionPointsAreScaffoldedOnceAndCompiled) {
  const FileSet files = render_backend(default_spec(), v("2.6", "2.6"));
  for (const char* path : {"csrc/user/README.md", "csrc/user/user_ops.cc", "src/torch_mydevice/user.py",
                           "csrc/driver/driver.cc", "csrc/driver/driver.cmake"}) {
    const GeneratedFile* f = find(files, path);
    ASSERT_NE(f, nullptr) << path;
    EXPECT_EQ(f->owner, FileOwner::User) << path;
    EXPECT_THAT(f->content, HasSubstr("accelgen never overwrites it")) << path;
  }
  EXPECT_THAT(find(files, "csrc/user/user_ops.cc")->content, HasSubstr("TORCH_LIBRARY_IMPL(mydevice_user, PrivateUse1, m)"));
  EXPECT_THAT(find(files, "CMakeLists.txt")->content, HasSubstr("/csrc/user/*.cc"));
  // The package imports the hook, and tolerates its absence.
  const std::string& init = find(files, "src/torch_mydevice/__init__.py")->content;
  EXPECT_THAT(init, HasSubstr("from . import user"));
  EXPECT_THAT(init, HasSubstr("except ModuleNotFoundError"));
  // Everything else belongs to the generator, but the device kernels (csrc/kernels/<function>.cc; kernels.h and
  // kernel_support.h, which declare their contract, are generated).
  for (const auto& f : files) {
    const bool kernel = f.path.starts_with("csrc/kernels/") && f.path.ends_with(".cc");
    if (kernel) {
      EXPECT_EQ(f.owner, FileOwner::User) << f.path;
    } else if (!f.path.starts_with("csrc/user/") && f.path != "src/torch_mydevice/user.py" &&
               f.path != "csrc/driver/driver.cc" && f.path != "csrc/driver/driver.cmake") {
      EXPECT_EQ(f.owner, FileOwner::Generated) << f.path;
    }
  }
}

TEST(BackendRenderer, ForkSafetyUsesTorchsOwnRegistryWhereTheTargetHasIt) {
  const std::string on_2_14 = find(render_backend(default_spec(), v("2.14", "2.14")), "csrc/device.cc")->content;
  EXPECT_THAT(on_2_14, HasSubstr("torch::utils::register_fork_handler_for_device_init(c10::DeviceType::PrivateUse1)"));
  EXPECT_THAT(on_2_14, Not(HasSubstr("pthread_atfork")));
  const std::string on_2_6 = find(render_backend(default_spec(), v("2.6", "2.6")), "csrc/device.cc")->content;
  EXPECT_THAT(on_2_6, HasSubstr("pthread_atfork(nullptr, nullptr, &mark_child_as_bad_fork)"));
  EXPECT_THAT(on_2_6, Not(HasSubstr("device_lazy_init.h")));
}

TEST(BackendRenderer, DeviceNameReachesCodeAndPackage) {
  const FileSet files = render_backend(default_spec("npu2"), v("2.14", "2.14"));
  const GeneratedFile* init = find(files, "src/torch_npu2/__init__.py");
  ASSERT_NE(init, nullptr);
  EXPECT_THAT(init->content, HasSubstr("npu2"));
}

TEST(Banner, UsesTheCommentSyntaxOfTheFileTypeAndNamesTheGeneration) {
  const BannerNotes notes{"accelgen.yaml", "npu2", {{2, 6}, {2, 14}}};
  auto job = [](const std::string& path, FileOwner owner = FileOwner::Generated, bool bundled = false) {
    return FileJob{path, owner, "templates/backend/" + path + ".mustache", bundled, "body\n", false};
  };
  const std::string cc = banner(job("a/b.cc"), notes);
  EXPECT_TRUE(cc.starts_with("// Generated by accelgen ")) << cc;
  EXPECT_NE(cc.find("(device 'npu2', torch 2.6 to 2.14).\n// Regenerate with"), std::string::npos) << cc;
  EXPECT_TRUE(banner(job("setup.py"), notes).starts_with("# Generated by accelgen "));
  EXPECT_TRUE(banner(job("CMakeLists.txt"), notes).starts_with("# Generated"));
  EXPECT_EQ(banner(job("m.json"), notes), "");
  EXPECT_NE(banner(job("csrc/user/x.cc", FileOwner::User), notes).find("This file is yours"), std::string::npos);
  EXPECT_NE(banner(job("third_party/accelsim/a.h", FileOwner::Generated, true), notes).find("Bundled by accelgen"),
            std::string::npos);
  // attach_banners: banner + body, by path.
  const FileSet files = attach_banners({{"b.py", job("b.py")}, {"a.cc", job("a.cc")}}, notes);
  ASSERT_EQ(files.size(), 2u);
  EXPECT_EQ(files[0].path, "a.cc");
  EXPECT_EQ(files[0].content, banner(job("a.cc"), notes) + "body\n");
}

TEST(FileJobs, BodiesCarryNoBannerAndMatchTheRenderedFiles) {
  const DeviceSpec spec = default_spec();
  const TargetVersions targets = v("2.14", "2.14");
  const auto jobs = render_file_jobs(make_render_context(spec, targets));
  const FileSet files = render_backend(spec, targets);
  ASSERT_EQ(jobs.size(), files.size());
  for (const auto& f : files) {
    const auto it = jobs.find(f.path);
    ASSERT_NE(it, jobs.end()) << f.path;
    EXPECT_FALSE(it->second.body.starts_with("// Generated by")) << f.path;
    EXPECT_TRUE(f.content.ends_with(it->second.body)) << f.path;
    EXPECT_EQ(it->second.owner, f.owner) << f.path;
  }
}

}  // namespace
}  // namespace accelgen
