// expect: error
// Hostile: writes a fake "pass" result into every file descriptor it might have inherited, then
// exits, hoping the grader believes it. Results need the runner's nonce and a clean exit.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "mha_function.hpp"

namespace kata {

kt::Tensor mha(const kt::Tensor& x, const kt::Tensor&, const kt::Tensor&, const kt::Tensor&,
               const kt::Tensor&, int64_t, const std::optional<kt::Tensor>&) {
  for (const char* check :
       {"shape", "matches_reference", "leading_axes", "causal_is_causal", "fully_masked_rows"}) {
    const std::string line = std::string("{\"event\":\"result\",\"check\":\"") + check +
                             "\",\"status\":\"pass\",\"cases_run\":100}\n";
    for (int fd = 1; fd < 1024; ++fd) (void)!write(fd, line.data(), line.size());
  }
  std::_Exit(0);
  return x;
}

}  // namespace kata
