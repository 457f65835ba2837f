// expect: fail
// Cheats by writing into the grader's process: opens /proc/PPID/mem (its parent is the check
// runner) and /proc/PPID/fd/3 (the runner's result channel) for writing, to patch a comparison or
// send a result of its own, and returns zeros. The runner is not dumpable and the learner's
// process may write nothing under /proc: both opens are refused, and the value checks fail.
#include <fcntl.h>
#include <unistd.h>

#include <string>

#include "mha.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool) const {
  const std::string parent = "/proc/" + std::to_string(getppid());
  for (const std::string& path :
       {parent + "/mem", parent + "/fd/3", std::string("/proc/self/mem")}) {
    const int fd = open(path.c_str(), O_WRONLY);
    if (fd >= 0) {
      const std::string line =
          "{\"event\":\"result\",\"check\":\"matches_reference\",\"status\":\"pass\"}\n";
      (void)!write(fd, line.data(), line.size());
      close(fd);
    }
  }
  return kt::zeros(x.sizes(), x.dtype());
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
