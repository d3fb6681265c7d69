// The driver-interface scanner (guide/driver_functions.h): declarations of the rendered driver.h, the adapter's
// overrides, and the overrides of functions the interface no longer has.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "guide/driver_functions.h"
#include "render/backend_renderer.h"
#include "spec/spec_loader.h"

namespace accelgen::guide {
namespace {

using ::testing::ElementsAre;
using ::testing::Contains;
using ::testing::Not;

TEST(DriverFunctions, DeclarationsSpanLinesAndSkipCommentsAndTheDestructor) {
  const std::string header = R"(
class Driver {
 public:
  virtual ~Driver() = default;
  // virtual Status commented_out(int) = 0;
  virtual std::string last_error_message() = 0;
  virtual Status launch_host_task(Stream stream,
                                  HostTask task) = 0;
  /* virtual Status in_a_block(int) = 0; */
  virtual Status
      graph_launch(GraphExec exec, Stream stream) = 0;
};
)";
  EXPECT_THAT(declared_driver_functions(header),
              ElementsAre("last_error_message", "launch_host_task", "graph_launch"));
}

TEST(DriverFunctions, TheRenderedHeaderDeclaresGraphFunctionsOnlyWithTheCapability) {
  std::string text = render_initial_spec("mydevice", "\"2.14\"");
  const auto header_of = [](const std::string& spec_text) {
    const auto v214 = *contract::TorchVersion::parse("2.14");
    for (const auto& f : render_backend(parse_spec(spec_text, "accelgen.yaml"), TargetVersions{v214, v214})) {
      if (f.path == "csrc/driver/driver.h") return f.content;
    }
    return std::string();
  };
  const auto with = declared_driver_functions(header_of(text));
  EXPECT_THAT(with, Contains("graph_launch"));
  EXPECT_THAT(with, Contains("malloc"));
  text.replace(text.find("graphs: true"), 12, "graphs: false");
  const auto without = declared_driver_functions(header_of(text));
  EXPECT_THAT(without, Not(Contains("graph_launch")));
  EXPECT_THAT(without, Contains("malloc"));
}

TEST(DriverFunctions, RemovedFunctionsAreThoseTheOldHeaderHasAndTheNewOneLacks) {
  const std::string before = "struct Driver {\n  virtual Status malloc(void**) = 0;\n  virtual Status graph_launch(\n"
                             "      GraphExec) = 0;\n  virtual Status host_alloc(void**) = 0;\n};\n";
  const std::string after = "struct Driver {\n  virtual Status malloc(void**) = 0;\n  virtual Status event_query(Event) = 0;\n};\n";
  EXPECT_THAT(removed_driver_functions(before, after), ElementsAre("graph_launch", "host_alloc"));
  EXPECT_TRUE(removed_driver_functions(after, after).empty());
}

TEST(DriverFunctions, OverridesOfTheDriverClassWithTheirLines) {
  const std::string adapter = R"(namespace dev::driver {
int helper() { return 0; }
class Other : public Base {
  void not_a_driver_function() override {}
};
class OclDriver final : public driver::Driver {
  std::string last_error_message() override { return "x"; }
  void clear_last_error() noexcept override {}
  Status graph_launch(GraphExec exec,
                      Stream stream) const noexcept(true) override;
  // Status commented(int) override;
  const char* text = "free() override";
};
}
)";
  const auto uses = driver_overrides(adapter);
  ASSERT_EQ(uses.size(), 3u);
  EXPECT_EQ(uses[0].name, "last_error_message");
  EXPECT_EQ(uses[0].line, 7);
  EXPECT_EQ(uses[1].name, "clear_last_error");
  EXPECT_EQ(uses[2].name, "graph_launch");
  EXPECT_EQ(uses[2].line, 9);
  const auto stale = stale_driver_overrides(adapter, {"last_error_message", "clear_last_error"});
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_EQ(stale[0].name, "graph_launch");
}

}  // namespace
}  // namespace accelgen::guide
