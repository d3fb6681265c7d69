// all_reduce bus bandwidth of accelsim communicators, 1 KiB to 256 MiB, on 2 and 4 processes (forked ranks on one
// machine, float32 sum, in place, device memory). Prints a Markdown table for docs/benchmarks/runtime.md.
//
// Usage: comm_bench [--ranks 2,4] [--max-bytes N]
// Bus bandwidth = algorithm bandwidth (bytes / time) * 2 (n - 1) / n, the convention of nccl-tests: what each rank's
// link would carry in a ring, comparable across rank counts.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "accelsim/accelsim.h"

namespace {

struct Result {
  size_t bytes;
  double us;
};

int iterationsFor(size_t bytes) {
  return static_cast<int>(std::clamp<size_t>((size_t{512} << 20) / bytes, 5, 2000));
}

#define CHECK(expr)                                                                                     \
  do {                                                                                                  \
    if (accelsimError_t e_ = (expr); e_ != accelsimSuccess) {                                           \
      std::fprintf(stderr, "%s: %s: %s\n", #expr, accelsimGetErrorName(e_), accelsimGetLastErrorMessage()); \
      _exit(1);                                                                                         \
    }                                                                                                   \
  } while (0)

// One rank: all sizes in turn; rank 0 writes its timings to `out_fd`.
void rankMain(int rank, int n, accelsimCommUniqueId id, const std::vector<size_t>& sizes, int out_fd) {
  CHECK(accelsimSetDevice(0));
  accelsimComm_t comm = nullptr;
  CHECK(accelsimCommInitRank(&comm, n, id, rank));
  accelsimStream_t stream = nullptr;
  CHECK(accelsimStreamCreate(&stream));
  void* buf = nullptr;
  CHECK(accelsimMalloc(&buf, sizes.back()));
  CHECK(accelsimMemsetAsync(buf, 0, sizes.back(), stream));
  for (size_t bytes : sizes) {
    const size_t count = bytes / 4;
    for (int i = 0; i < 2; ++i) CHECK(accelsimAllReduce(buf, buf, count, accelsimFloat32, accelsimSum, comm, stream));
    CHECK(accelsimStreamSynchronize(stream));
    const int iters = iterationsFor(bytes);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < iters; ++i)
      CHECK(accelsimAllReduce(buf, buf, count, accelsimFloat32, accelsimSum, comm, stream));
    CHECK(accelsimStreamSynchronize(stream));
    const double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / iters;
    if (rank == 0) {
      Result r{bytes, us};
      if (write(out_fd, &r, sizeof r) != static_cast<ssize_t>(sizeof r)) _exit(1);
    }
  }
  CHECK(accelsimCommDestroy(comm));
  _exit(0);
}

std::string sizeLabel(size_t b) {
  char s[32];
  if (b >= (size_t{1} << 20)) {
    std::snprintf(s, sizeof s, "%zu MiB", b >> 20);
  } else {
    std::snprintf(s, sizeof s, "%zu KiB", b >> 10);
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> rank_counts = {2, 4};
  size_t max_bytes = size_t{256} << 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--ranks") == 0) {
      rank_counts.clear();
      for (char* tok = std::strtok(argv[i + 1], ","); tok != nullptr; tok = std::strtok(nullptr, ","))
        rank_counts.push_back(std::atoi(tok));
    } else if (std::strcmp(argv[i], "--max-bytes") == 0) {
      max_bytes = std::strtoull(argv[i + 1], nullptr, 10);
    }
  }
  std::vector<size_t> sizes;
  for (size_t b = 1024; b <= max_bytes; b *= 4) sizes.push_back(b);

  accelsimPlatformConfig config{};
  config.device_count = 1;
  std::strncpy(config.prop.name, "accelsim-bench", sizeof config.prop.name - 1);
  config.prop.total_memory = max_bytes + (size_t{64} << 20);
  config.prop.stream_priority_low = 0;
  config.prop.stream_priority_high = -1;
  if (accelsimConfigure(&config) != accelsimSuccess) return 2;

  std::vector<std::vector<Result>> table;
  for (int n : rank_counts) {
    accelsimCommUniqueId id;
    if (accelsimCommGetUniqueId(&id) != accelsimSuccess) return 1;
    int fds[2];
    if (pipe(fds) != 0) return 1;
    std::vector<pid_t> pids;
    for (int r = 0; r < n; ++r) {
      const pid_t pid = fork();
      if (pid == 0) {
        close(fds[0]);
        rankMain(r, n, id, sizes, fds[1]);
      }
      pids.push_back(pid);
    }
    close(fds[1]);
    std::vector<Result> results;
    Result r{};
    while (read(fds[0], &r, sizeof r) == static_cast<ssize_t>(sizeof r)) results.push_back(r);
    close(fds[0]);
    int failed = 0;
    for (pid_t pid : pids) {
      int status = 0;
      waitpid(pid, &status, 0);
      failed += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    if (failed != 0 || results.size() != sizes.size()) {
      std::fprintf(stderr, "%d ranks: %d rank(s) failed\n", n, failed);
      return 1;
    }
    table.push_back(results);
  }

  std::printf("| Size |");
  for (int n : rank_counts) std::printf(" %d ranks: time | %d ranks: bus GB/s |", n, n);
  std::printf("\n|---|");
  for (size_t i = 0; i < rank_counts.size(); ++i) std::printf("---|---|");
  std::printf("\n");
  for (size_t s = 0; s < sizes.size(); ++s) {
    std::printf("| %s |", sizeLabel(sizes[s]).c_str());
    for (size_t k = 0; k < rank_counts.size(); ++k) {
      const int n = rank_counts[k];
      const double us = table[k][s].us;
      const double busbw = static_cast<double>(sizes[s]) / (us * 1e-6) * 2.0 * (n - 1) / n / 1e9;
      std::printf(" %.1f us | %.2f |", us, busbw);
    }
    std::printf("\n");
  }
  return 0;
}
