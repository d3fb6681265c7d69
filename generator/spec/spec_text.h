// The raw text of a spec, before YAML sees it. A spec is untrusted input: only a regular file is read (a FIFO,
// a device such as /dev/zero or a directory is refused before reading), at most kMaxSpecBytes of it, and the text
// must be UTF-8 without NUL bytes. Text values are checked again where they are read (text_value_problem).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace accelgen {

inline constexpr std::size_t kMaxSpecBytes = 1u << 20;  // 1 MiB; a real spec is a few KiB

/// The text of a spec file. An unreadable or refused file is a DiagnosticError saying `problem`, why, and `hint`.
std::string read_spec_text(const std::filesystem::path& path, std::string_view problem = "cannot read the spec file",
                           std::string_view hint = "check the path; `accelgen init NAME` writes a new spec");

/// Throws a DiagnosticError (file:line:column) if `text` is too large, holds a NUL byte or is not UTF-8.
void check_spec_text(std::string_view text, std::string_view source_name);

/// Why a text value from the spec cannot reach generated code, or nullopt: control characters (C0, DEL, C1),
/// Unicode line/paragraph separators and bidirectional overrides (which make source code read differently
/// from what it does). Assumes valid UTF-8.
std::optional<std::string> text_value_problem(std::string_view value);

}  // namespace accelgen
