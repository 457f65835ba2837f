// expect: error
// Hostile: writes a fake "pass" result into every file descriptor it might have inherited (the
// runner's event pipe, the report the grader is writing...), then exits, hoping the grader believes
// it. Results need the runner's nonce and a clean exit; the runner inherits no other descriptor.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "gqa.hpp"

kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, bool) const {
  for (const char* check :
       {"shape", "matches_reference", "causal_is_causal", "fully_masked_rows"}) {
    const std::string line = std::string("{\"event\":\"result\",\"check\":\"") + check +
                             "\",\"status\":\"pass\",\"cases_run\":100}\n";
    for (int fd = 1; fd < 1024; ++fd) (void)!write(fd, line.data(), line.size());
  }
  std::_Exit(0);
  return x;
}
kt::Tensor GroupedQueryAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
