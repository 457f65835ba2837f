#include "grader/cli/scaffold.hpp"
