#include "spec/spec_text.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "base/diagnostic.h"

namespace accelgen {
namespace {

std::string file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

/// Length of the UTF-8 sequence starting at text[i], or 0 if it is not valid UTF-8 (overlong forms, surrogates
/// and code points above U+10FFFF are invalid).
std::size_t utf8_length(std::string_view text, std::size_t i, char32_t& code) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  std::size_t n;
  if (b < 0x80) {
    code = b;
    return 1;
  } else if (b >= 0xC2 && b <= 0xDF) {
    n = 2, code = b & 0x1F;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3, code = b & 0x0F;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4, code = b & 0x07;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  if ((n == 3 && code < 0x800) || (n == 4 && code < 0x10000) || code > 0x10FFFF ||
      (code >= 0xD800 && code <= 0xDFFF)) {
    return 0;
  }
  return n;
}

std::string hex_code(char32_t code) {
  char buffer[16];
  std::snprintf(buffer, sizeof(buffer), "U+%04X", static_cast<unsigned>(code));
  return buffer;
}

}  // namespace

std::string read_spec_text(const std::filesystem::path& path, std::string_view problem, std::string_view hint) {
  const auto fail = [&](const std::string& why, std::string_view how) {
    throw DiagnosticError({{path.string(), 0, 0, std::string(problem) + ": " + why, std::string(how)}});
  };
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) fail(std::strerror(errno), hint);
  if (!S_ISREG(st.st_mode)) fail("it is " + file_kind(st.st_mode) + ", not a spec file", hint);
  if (static_cast<std::uint64_t>(st.st_size) > kMaxSpecBytes) {
    fail("it is " + std::to_string(st.st_size) + " bytes; a spec may be at most 1 MiB", "a spec is a few KiB");
  }
  // O_NONBLOCK: if the file was swapped for a FIFO since the stat above, opening it does not hang.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) fail(std::strerror(errno), hint);
  std::string text;
  try {
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) fail("it is " + file_kind(st.st_mode) + ", not a spec file", hint);
    char buffer[65536];
    for (;;) {
      const ssize_t n = ::read(fd, buffer, sizeof(buffer));
      if (n < 0) {
        if (errno == EINTR) continue;
        fail(std::strerror(errno), hint);
      }
      if (n == 0) break;
      text.append(buffer, static_cast<std::size_t>(n));
      if (text.size() > kMaxSpecBytes) fail("it is larger than 1 MiB", "a spec is a few KiB");
    }
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
  return text;
}

void check_spec_text(std::string_view text, std::string_view source_name) {
  const std::string source(source_name);
  if (text.size() > kMaxSpecBytes) {
    throw DiagnosticError({{source, 0, 0, "the spec is " + std::to_string(text.size()) +
                                              " bytes; a spec may be at most 1 MiB", "a spec is a few KiB"}});
  }
  int line = 1, column = 1;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\0') {
      throw DiagnosticError({{source, line, column, "the spec contains a NUL byte (is it a binary file?)",
                              "a spec is UTF-8 text; remove the NUL byte"}});
    }
    char32_t code = 0;
    const std::size_t n = utf8_length(text, i, code);
    if (n == 0) {
      throw DiagnosticError({{source, line, column, "the spec is not valid UTF-8 here (byte 0x" +
                                                        [&] {
                                                          char b[4];
                                                          std::snprintf(b, sizeof(b), "%02X",
                                                                        static_cast<unsigned char>(text[i]));
                                                          return std::string(b);
                                                        }() + ")",
                              "save the spec as UTF-8"}});
    }
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += n;
  }
}

std::optional<std::string> text_value_problem(std::string_view value) {
  for (std::size_t i = 0; i < value.size();) {
    char32_t code = 0;
    std::size_t n = utf8_length(value, i, code);
    if (n == 0) return "it is not valid UTF-8";
    if (code < 0x20 || code == 0x7F || (code >= 0x80 && code <= 0x9F)) {
      return "it contains the control character " + hex_code(code) + (code == '\n' ? " (a line break)" : "") +
             "; it must be a single line of printable text";
    }
    if (code == 0x2028 || code == 0x2029) return "it contains the line separator " + hex_code(code);
    if ((code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069) || code == 0x200E ||
        code == 0x200F) {
      return "it contains the bidirectional control " + hex_code(code) +
             ", which makes generated source read differently from what it does";
    }
    i += n;
  }
  return std::nullopt;
}

}  // namespace accelgen
