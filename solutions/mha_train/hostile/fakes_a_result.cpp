// expect: error
// Hostile: writes a fake "pass" result into every file descriptor it might have inherited, then
// exits, hoping the grader believes it. Results need the runner's nonce and a clean exit.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  (void)gen;
  (void)causal;
  for (const char* check : {"shape", "eval_matches_reference", "dropout_statistics"}) {
    const std::string line = std::string("{\"event\":\"result\",\"check\":\"") + check +
                             "\",\"status\":\"pass\",\"cases_run\":100}\n";
    for (int fd = 1; fd < 1024; ++fd) (void)!write(fd, line.data(), line.size());
  }
  std::_Exit(0);
  return x;
}
