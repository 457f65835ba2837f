// The instructor's scaffolds: a new pitfall of a kata (detector, known-bad solution, hint, one
// line of metadata) and a new kata (every folder a kata has), from grader/templates/.
#pragma once

#include <string>

#include "grader/cli/kata.hpp"

namespace cli {

/// Empty when name can be a kata or pitfall id (a C++ identifier in snake_case, not a keyword);
/// otherwise why not.
std::string invalid_name(const std::string& name);

/// ./grade new-pitfall KATA ID. Returns 0, or 2 (and says why) when nothing was created.
int new_pitfall(const Kata& kata, const std::string& id);

/// ./grade new-kata NAME. Returns 0, or 2 (and says why) when nothing was created.
int new_kata(const std::string& name);

}  // namespace cli
