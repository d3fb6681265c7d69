// Running another program (the backend's Python) from a subcommand.
#pragma once

#include <string>
#include <vector>

namespace accelgen::cli {

struct ChildResult {
  bool started = false;  // false: the program could not be run at all (see error)
  int exit_code = -1;    // the exit status; 128 + N when killed by signal N
  std::string output;    // stdout and stderr, when captured
  std::string error;     // why it could not be started (strerror)
};

/// Runs argv[0] (looked up in PATH) with argv and waits for it. With `capture`, its stdout and stderr are
/// collected into ChildResult::output; otherwise they are this process's.
ChildResult run_child(const std::vector<std::string>& argv, bool capture);

}  // namespace accelgen::cli
