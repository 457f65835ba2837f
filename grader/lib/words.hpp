// Small pieces of the messages' English, one spelling each.
#pragma once

#include <string>
#include <vector>

namespace grader {

/// "a", "a and b", "a, b and c" ("" for none).
std::string and_list(const std::vector<std::string>& items);

/// v as a stream writes it with `digits` significant digits: "1e-05", "0.1", "3".
std::string number_text(double v, int digits = 6);

}  // namespace grader
