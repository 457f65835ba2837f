// expect: error
// Hostile: writes a fake "pass" result into every file descriptor it might have inherited, then
// exits, hoping the grader believes it. Results need the runner's nonce and a clean exit.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "beam_search.hpp"

namespace kata {

std::vector<Hypothesis> beam_search(const NextLogProbs&, int64_t, int64_t, int64_t, int64_t,
                                    double) {
  for (const char* check : {"one_step", "greedy", "beams", "ties", "eos"}) {
    const std::string line = std::string("{\"event\":\"result\",\"check\":\"") + check +
                             "\",\"status\":\"pass\",\"cases_run\":100}\n";
    for (int fd = 1; fd < 1024; ++fd) (void)!write(fd, line.data(), line.size());
  }
  std::_Exit(0);
  return {};
}

}  // namespace kata
