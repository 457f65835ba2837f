// expect: error
// Hostile: writes a fake "pass" result into every file descriptor it might have inherited, then
// exits, hoping the grader believes it. Results need the runner's nonce and a clean exit.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "adamw.hpp"

namespace kata {

void adamw_step(kt::Tensor&, const kt::Tensor&, AdamWState&, const AdamWConfig&) {
  for (const char* check : {"shape", "matches_reference", "resumes_state", "state_updated"}) {
    const std::string line = std::string("{\"event\":\"result\",\"check\":\"") + check +
                             "\",\"status\":\"pass\",\"cases_run\":100}\n";
    for (int fd = 1; fd < 1024; ++fd) (void)!write(fd, line.data(), line.size());
  }
  std::_Exit(0);
}

}  // namespace kata
