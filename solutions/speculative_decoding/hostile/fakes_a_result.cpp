// expect: error
// Hostile: writes a fake "pass" result into every file descriptor it might have inherited, then
// exits, hoping the grader believes it. Results need the runner's nonce and a clean exit.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "speculative_decoding.hpp"

namespace kata {

std::vector<int64_t> speculative_step(const kt::Tensor&, const std::vector<int64_t>&,
                                      const kt::Tensor&, kt::Generator&) {
  for (const char* check : {"all_accepted", "replay", "rejections", "distribution"}) {
    const std::string line = std::string("{\"event\":\"result\",\"check\":\"") + check +
                             "\",\"status\":\"pass\",\"cases_run\":100}\n";
    for (int fd = 1; fd < 1024; ++fd) (void)!write(fd, line.data(), line.size());
  }
  std::_Exit(0);
  return {};
}

}  // namespace kata
