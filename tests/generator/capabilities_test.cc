#include "model/capabilities.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace {

TEST(Capabilities, OneTableNamesEverySwitchOnce) {
  const auto names = accelgen::capability_names();
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
  // Capabilities holds nothing but its bool switches: every one of them has a row.
  EXPECT_EQ(names.size(), sizeof(accelgen::Capabilities) / sizeof(bool));
  accelgen::Capabilities all;  // every switch defaults to on
  EXPECT_EQ(accelgen::enabled_capabilities(all).size(), names.size());
  all.distributed = false;
  all.amp = false;
  const auto on = accelgen::enabled_capabilities(all);
  EXPECT_FALSE(on.count("distributed"));
  EXPECT_FALSE(on.count("amp"));
  EXPECT_TRUE(on.count("graphs"));
}

TEST(Capabilities, PrerequisitesNameADebianPackageAndWhatIsLeftOut) {
  for (const auto& c : accelgen::capability_table()) {
    EXPECT_EQ(c.prerequisite.empty(), c.without.empty()) << c.name;
  }
  for (const char* name : {"distributed", "profiler"}) {
    bool found = false;
    for (const auto& c : accelgen::capability_table()) found |= c.name == name && !c.prerequisite.empty();
    EXPECT_TRUE(found) << name;
  }
}

}  // namespace
