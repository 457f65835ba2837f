// What the check runner (grader/runner/runner_main.cpp) defines for the checks, for unit tests that
// call the grader library's functions directly, outside a runner.
#include "grader/lib/check.hpp"

namespace grader {

std::vector<CheckInfo>& registry() {
  static std::vector<CheckInfo> checks;
  return checks;
}

void announce_case(const std::vector<std::pair<std::string, std::string>>& /*fields*/) {}

}  // namespace grader
