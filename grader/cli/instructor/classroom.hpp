// The GitHub Classroom autograding workflow (docs/classroom/classroom.yml), generated from the
// katas' metadata: one test per check, with its points.
#pragma once

#include <string>
#include <vector>

#include "grader/cli/kata.hpp"

namespace cli {

std::string classroom_workflow(const std::vector<Kata>& katas);

}  // namespace cli
