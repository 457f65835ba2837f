// expect: error
// Hostile: writes a fake "pass" result into every file descriptor it might have inherited, then
// exits, hoping the grader believes it. Results need the runner's nonce and a clean exit.
#include <unistd.h>

#include <cstdlib>

#include "bpe.hpp"

namespace kata {

std::vector<Merge> bpe_train(const std::vector<std::pair<std::string, int64_t>>&, int64_t) {
  for (const char* check : {"train_matches", "encode_matches", "bytes"}) {
    const std::string line = std::string("{\"event\":\"result\",\"check\":\"") + check +
                             "\",\"status\":\"pass\",\"cases_run\":100}\n";
    for (int fd = 1; fd < 1024; ++fd) (void)!write(fd, line.data(), line.size());
  }
  std::_Exit(0);
}

std::vector<std::string> bpe_encode(const std::string&, const std::vector<Merge>&) {
  std::_Exit(0);
}

}  // namespace kata
