#include "render/mustache_renderer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace accelgen {
namespace {

using ::testing::HasSubstr;

TemplateData context() {
  TemplateData ctx{TemplateData::type::object};
  ctx.set("name", "my<dev>&");
  ctx.set("on", TemplateData(TemplateData::type::bool_true));
  ctx.set("off", TemplateData(TemplateData::type::bool_false));
  return ctx;
}

TEST(MustacheRenderer, DoesNotHtmlEscape) {
  EXPECT_EQ(render_template("x = {{name}};", context(), "t"), "x = my<dev>&;");
}

TEST(MustacheRenderer, StandaloneSectionLinesLeaveNoBlankLines) {
  EXPECT_EQ(render_template("a\n{{#on}}\nb\n{{/on}}\n{{#off}}\nc\n{{/off}}\nd\n", context(), "t"), "a\nb\nd\n");
}

TEST(MustacheRenderer, MissingVariableIsAnErrorNamingIt) {
  try {
    render_template("{{name}} {{nmae}} {{#feature.x}}{{/feature.x}}", context(), "templates/x.mustache");
    FAIL() << "expected a RenderError";
  } catch (const RenderError& e) {
    EXPECT_THAT(e.what(), HasSubstr("templates/x.mustache"));
    EXPECT_THAT(e.what(), HasSubstr("'nmae'"));
    EXPECT_THAT(e.what(), HasSubstr("'feature.x'"));
  }
}

TEST(MustacheRenderer, SyntaxErrorIsAnError) {
  EXPECT_THROW(render_template("{{#on}} unclosed", context(), "t"), RenderError);
}

TEST(MustacheRenderer, APartialIsAnError) {
  try {
    render_template("{{> greet}}!", context(), "t");
    FAIL() << "a partial rendered";
  } catch (const RenderError& e) {
    EXPECT_NE(std::string(e.what()).find("'> greet'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace accelgen
