// Escaping a spec text value (such as device.display_name) for each place it lands in generated code. The spec
// reader has already refused control characters and invalid UTF-8 (spec/spec_text.h); these functions make every
// remaining character mean itself: a quote cannot end a string, a "*/" cannot end a comment, a "#" cannot start
// a Markdown heading. Non-ASCII UTF-8 passes through (every generated file is UTF-8).
#pragma once

#include <string>
#include <string_view>

namespace accelgen::escape {

/// The inside of a C++ "..." literal: backslash and double quote escaped; any control byte as an octal escape.
std::string cpp_string(std::string_view text);

/// Text inside a C++ // comment: "*/" and "/*" are broken up (harmless in // comments, fatal in /* */ ones), and a
/// trailing backslash (which would splice the next line into the comment, even with spaces after it) gets a '.'.
std::string cpp_comment(std::string_view text);

/// The inside of a Python "..." string or """...""" docstring: backslash and double quote escaped (so neither
/// '"' nor '"""' can end it); control bytes as \\xNN.
std::string py_string(std::string_view text);

/// The inside of a TOML basic string "...": backslash and double quote escaped; control bytes as \\uXXXX.
std::string toml_string(std::string_view text);

/// Text inside a CMake # line comment: a line break (refused by the reader anyway) becomes a space.
std::string cmake_comment(std::string_view text);

/// Inline Markdown text: every ASCII punctuation character Markdown could interpret is backslash-escaped.
std::string markdown_text(std::string_view text);

}  // namespace accelgen::escape
