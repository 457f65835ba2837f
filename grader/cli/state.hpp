// What ./grade remembers between runs: each kata's last result (graded in place) and how many
// hints were shown. Kept in build/<preset>/grade/ (KT_STATE_DIR overrides, for tests).
#pragma once

#include <optional>
#include <string>

#include "grader/cli/kata.hpp"
#include "grader/cli/result.hpp"

namespace cli {

fs::path state_dir();

struct Remembered {
  Status status = Status::Fail;
  int score = 0, max_score = 0;
};
/// The last result of the kata graded in place, if any.
std::optional<Remembered> last_result(const std::string& kata);
void remember_result(const KataResult& r);

/// The first kata in learning order that has not passed yet; empty when all have.
std::string next_kata();
/// After `kata` passed: the first kata after it in the path that has not passed, else the first
/// before it; empty when every kata passes.
std::string next_kata_after(const std::string& kata);

int hints_shown(const std::string& kata);
void set_hints_shown(const std::string& kata, int n);

}  // namespace cli
