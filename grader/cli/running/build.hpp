// Compiling a learner's file into the kata's check runner, and the anti-cheat symbol check.
#pragma once

#include <filesystem>
#include <string>

#include "grader/cli/kata.hpp"

namespace cli {

struct BuildResult {
  bool ok = false;
  /// Why it is not ok: the compile or the link failed, or the program calls what the kata forbids.
  enum class Failed { No, Compile, Link, ForbiddenCall } failed = Failed::No;
  std::string message;     // on failure: the first errors, file:line first, or the forbidden call
  std::string warnings;    // compiler warnings of a successful compile (shown, never fatal)
  fs::path log;            // the full compiler log
  fs::path runner;         // the kata's runner (prebuilt: Note [the learner's process])
  fs::path learner;        // the learner's program, linked from the submission, when ok
  bool sanitized = false;  // built with ASan + UBSan (slower: the time limits scale)
};

/// Whether the kata's runner is built with sanitizers (the preset's build description says).
bool build_is_sanitized(const Kata& kata);

/// Compiles source exactly as the kata file is compiled, in work_dir, and links the learner's
/// program. Skips both when the object is newer than the source and the headers.
BuildResult build_runner(const Kata& kata, const fs::path& source, const fs::path& work_dir);

}  // namespace cli
