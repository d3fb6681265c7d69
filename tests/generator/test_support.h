// Helpers shared by the generator tests: temporary directories and whole-file I/O.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>

namespace accelgen::testing_support {

/// A fresh directory under the system temp dir, removed at destruction.
class TempDir {
 public:
  TempDir() {
    char pattern[] = "/tmp/accelgen-test-XXXXXX";
    path_ = mkdtemp(pattern);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline void write_text(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

/// Replaces the first `from` in the file at `path` with `to`; throws (failing the test) when the file lacks `from`.
inline void replace_in(const std::filesystem::path& path, const std::string& from, const std::string& to) {
  std::string text = read_text(path);
  const auto at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error("\"" + from + "\" not in " + path.string());
  text.replace(at, from.size(), to);
  write_text(path, text);
}

/// Every regular file under `root`, relative path -> content.
inline std::map<std::string, std::string> snapshot(const std::filesystem::path& root) {
  std::map<std::string, std::string> files;
  if (!std::filesystem::exists(root)) return files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.is_regular_file()) files[std::filesystem::relative(entry.path(), root).string()] = read_text(entry.path());
  }
  return files;
}

struct CommandResult {
  int status;          // exit status, or 128 + signal
  std::string output;  // stdout and stderr
};

/// Runs a shell command, capturing stdout and stderr together.
inline CommandResult run_command(const std::string& command) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  std::string output;
  std::array<char, 4096> buffer;
  while (std::size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) output.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), output};
}

/// `text` as one word of a POSIX shell command line (single-quoted): the repository, and so the binary under test,
/// may sit in a directory whose name has spaces or quotes.
inline std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

/// The accelgen binary under test, quoted for a shell command line.
inline std::string accelgen_command() { return shell_quoted(ACCELGEN_BINARY); }

/// Runs the accelgen binary under test with `args` (a shell-quoted string).
inline CommandResult run_accelgen(const std::string& args) { return run_command(accelgen_command() + " " + args); }

}  // namespace accelgen::testing_support
