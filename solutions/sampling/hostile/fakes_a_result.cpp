// expect: error
// Hostile: writes a fake "pass" result into every file descriptor it might have inherited, then
// exits, hoping the grader believes it. Results need the runner's nonce and a clean exit.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "sampling.hpp"

namespace kata {

int64_t sample_token(const kt::Tensor&, double, int64_t, double, kt::Generator&) {
  for (const char* check : {"greedy", "one_draw", "temperature", "top_k", "top_p"}) {
    const std::string line = std::string("{\"event\":\"result\",\"check\":\"") + check +
                             "\",\"status\":\"pass\",\"cases_run\":100}\n";
    for (int fd = 1; fd < 1024; ++fd) (void)!write(fd, line.data(), line.size());
  }
  std::_Exit(0);
  return 0;
}

}  // namespace kata
