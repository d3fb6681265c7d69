// The no-op fast path of `generate` (output/up_to_date.h), through the real command line: taken when nothing
// changed, not taken (and the full path does its work) when a file, the spec or the build's embedded data differ.
// ACCELGEN_TRACE says which path ran, so nothing here depends on timing.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "embed/embedded_files.h"
#include "output/manifest.h"
#include "output/up_to_date.h"
#include "test_support.h"

namespace accelgen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testing_support::CommandResult;
using testing_support::read_text;
using testing_support::run_command;
using testing_support::TempDir;
using testing_support::write_text;
namespace fs = std::filesystem;

constexpr const char* kFastPath = "trace: no-op fast path";

CommandResult traced_generate(const fs::path& dir) {
  return run_command("ACCELGEN_TRACE=1 " + ::accelgen::testing_support::accelgen_command() + " generate " + dir.string());
}

fs::path init_tree(const fs::path& parent) {
  const CommandResult r = testing_support::run_accelgen("init mydevice --torch 2.6 --dir " + parent.string());
  EXPECT_EQ(r.status, 0) << r.output;
  return parent / "mydevice";
}

TEST(UpToDate, ANoOpGenerateRendersNothing) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  const CommandResult r = traced_generate(dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr(kFastPath));
  EXPECT_THAT(r.output, HasSubstr("Up to date: nothing to change (torch 2.6)."));
}

TEST(UpToDate, AnEditedFileTakesTheFullPath) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  write_text(dir / "README.md", read_text(dir / "README.md") + "\nMy own last line.\n");
  const CommandResult r = traced_generate(dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, Not(HasSubstr(kFastPath)));
  EXPECT_THAT(r.output, HasSubstr("full path: README.md differs from its recorded blob id"));
  EXPECT_THAT(read_text(dir / "README.md"), HasSubstr("My own last line."));
}

TEST(UpToDate, ADeletedGeneratedFileTakesTheFullPath) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  fs::remove(dir / "README.md");
  const CommandResult r = traced_generate(dir);
  EXPECT_THAT(r.output, HasSubstr("full path: README.md is missing"));
  EXPECT_THAT(r.output, HasSubstr("keep deleted README.md"));
}

TEST(UpToDate, AChangedSpecTakesTheFullPathAndIsThenRecorded) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  write_text(dir / "accelgen.yaml", read_text(dir / "accelgen.yaml") + "# a comment changes nothing rendered\n");
  CommandResult r = traced_generate(dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("full path: the spec differs from the recorded one"));
  EXPECT_EQ(read_text(dir / kSpecCopyPath), read_text(dir / "accelgen.yaml"));
  r = traced_generate(dir);
  EXPECT_THAT(r.output, HasSubstr(kFastPath));
}

TEST(UpToDate, ATorchOverrideTakesTheFullPath) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  const CommandResult r =
      run_command("ACCELGEN_TRACE=1 " + ::accelgen::testing_support::accelgen_command() + " generate --torch 2.14 " + dir.string());
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("full path: the torch target differs"));
}

TEST(UpToDate, ADifferentEmbeddedFingerprintTakesTheFullPathWhichRecordsThisOne) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  auto manifest = nlohmann::ordered_json::parse(read_text(dir / kManifestPath));
  EXPECT_EQ(manifest.at("embedded_fingerprint"), std::string(embedded::fingerprint()));
  manifest["embedded_fingerprint"] = std::string(64, '0');  // as written by a build with other templates
  write_text(dir / kManifestPath, manifest.dump(2) + "\n");
  CommandResult r = traced_generate(dir);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("full path: the embedded templates/knowledge fingerprint differs"));
  EXPECT_THAT(read_text(dir / kManifestPath), HasSubstr(std::string(embedded::fingerprint())));
  r = traced_generate(dir);
  EXPECT_THAT(r.output, HasSubstr(kFastPath));
}

TEST(UpToDate, AnUnresolvedConflictTakesTheFullPath) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  auto manifest = nlohmann::ordered_json::parse(read_text(dir / kManifestPath));
  manifest["files"]["README.md"]["conflicted"] = true;
  write_text(dir / kManifestPath, manifest.dump(2) + "\n");
  const CommandResult r = traced_generate(dir);
  EXPECT_THAT(r.output, HasSubstr("full path: README.md has an unresolved conflict"));
}

TEST(UpToDate, AnInterruptedRunTakesTheFullPath) {
  TempDir parent;
  const fs::path dir = init_tree(parent.path());
  fs::create_directories(dir / ".accelgen/txn");
  RecordedInputs inputs;
  EXPECT_EQ(why_not_up_to_date(dir, inputs), "an interrupted run is pending");
}

TEST(UpToDate, TheFingerprintIsAHashOfTheEmbeddedFiles) {
  const std::string_view fingerprint = embedded::fingerprint();
  EXPECT_EQ(fingerprint.size(), 64u);
  EXPECT_EQ(fingerprint.find_first_not_of("0123456789abcdef"), std::string_view::npos);
}

}  // namespace
}  // namespace accelgen
