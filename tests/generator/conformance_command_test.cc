// `accelgen conformance DIR`: runs the installed backend's conformance module with the right arguments, and says
// clearly when the Python cannot run it. A stand-in Python records how it was called (the real run is the e2e
// test conformance_report_chromium).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using testing_support::read_text;
using testing_support::run_accelgen;
using testing_support::TempDir;
using testing_support::write_text;

// A stand-in for python3: `-c CODE` succeeds when IMPORTABLE exists, `-m MODULE ARGS` records its arguments.
std::filesystem::path fake_python(const std::filesystem::path& dir) {
  const auto path = dir / "python";
  write_text(path,
             "#!/bin/sh\n"
             "here=$(dirname \"$0\")\n"
             "if [ \"$1\" = -c ]; then\n"
             "  [ -e \"$here/IMPORTABLE\" ] && exit 0\n"
             "  echo 'Traceback (most recent call last):' >&2\n"
             "  echo \"ModuleNotFoundError: No module named 'torch_mydevice'\" >&2\n"
             "  exit 1\n"
             "fi\n"
             "printf '%s\\n' \"$@\" > \"$here/called\"\n"
             "exit \"${FAKE_EXIT:-0}\"\n");
  std::filesystem::permissions(path, std::filesystem::perms::owner_all);
  return path;
}

class ConformanceCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(run_accelgen("init mydevice --dir " + tmp_.path().string()).status, 0);
    python_ = fake_python(tmp_.path());
  }
  std::filesystem::path backend() const { return tmp_.path() / "mydevice"; }
  TempDir tmp_;
  std::filesystem::path python_;
};

TEST_F(ConformanceCommand, RunsTheBackendsConformanceModuleOnItsTests) {
  write_text(tmp_.path() / "IMPORTABLE", "");
  const auto run = run_accelgen("conformance " + backend().string() + " --python " + python_.string() +
                                " --quick --area smoke --area compile --timeout 60");
  ASSERT_EQ(run.status, 0) << run.output;
  const std::string expected = "-m\ntorch_mydevice.conformance\n--tests\n" + (backend() / "tests").string() +
                               "\n--out\n" + (backend() / "conformance-report").string() +
                               "\n--timeout\n60\n--quick\n--area\nsmoke\n--area\ncompile\n";
  EXPECT_EQ(read_text(tmp_.path() / "called"), expected);
}

TEST_F(ConformanceCommand, TheReportGoesWhereOutSaysAndAFailedRunIsAnError) {
  write_text(tmp_.path() / "IMPORTABLE", "");
  const auto run = run_accelgen("conformance " + backend().string() + " --python " + python_.string() +
                                " --out " + (tmp_.path() / "report").string());
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_THAT(read_text(tmp_.path() / "called"), HasSubstr((tmp_.path() / "report").string()));
  const auto failed = testing_support::run_command("FAKE_EXIT=3 " + ::accelgen::testing_support::accelgen_command() + " conformance " +
                                                   backend().string() + " --python " + python_.string());
  EXPECT_EQ(failed.status, 1);
  EXPECT_THAT(failed.output, HasSubstr("the conformance run failed (exit 3)"));
}

TEST_F(ConformanceCommand, ABackendThePythonCannotImportIsExplained) {
  const auto run = run_accelgen("conformance " + backend().string() + " --python " + python_.string());
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("cannot import torch_mydevice: ModuleNotFoundError: No module named"));
  EXPECT_THAT(run.output, HasSubstr("pip install --no-build-isolation " + backend().string()));
  EXPECT_FALSE(std::filesystem::exists(tmp_.path() / "called")) << "nothing ran";
}

TEST_F(ConformanceCommand, AMissingPythonOrSpecIsAClearError) {
  auto run = run_accelgen("conformance " + backend().string() + " --python /nonexistent/python3");
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("cannot run /nonexistent/python3: No such file or directory"));
  EXPECT_THAT(run.output, HasSubstr("--python PATH"));
  run = run_accelgen("conformance " + tmp_.path().string() + " --python " + python_.string());
  EXPECT_EQ(run.status, 1);
  EXPECT_THAT(run.output, HasSubstr("accelgen.yaml"));
}

}  // namespace
}  // namespace accelgen
