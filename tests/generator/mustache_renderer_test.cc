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

TEST(MustacheRenderer, PartialsComeFromTheLookup) {
  PartialLookup partials = [](const std::string& name) -> std::optional<std::string> {
    if (name == "greet") return std::string("hello {{name}}");
    return std::nullopt;
  };
  EXPECT_EQ(render_template("{{> greet}}!", context(), "t", partials), "hello my<dev>&!");
  EXPECT_THROW(render_template("{{> nope}}", context(), "t", partials), RenderError);
}

}  // namespace
}  // namespace accelgen
