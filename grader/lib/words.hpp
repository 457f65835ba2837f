// Small pieces of the messages' English, one spelling each.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace grader {

/// "a", "a and b", "a, b and c" ("" for none).
std::string and_list(const std::vector<std::string>& items);

/// v as a stream writes it with `digits` significant digits: "1e-05", "0.1", "3".
std::string number_text(double v, int digits = 6);

/// The items [from, to) of `total` a report shows of a sequence whose first difference is at
/// `first` (total or more where none differs): `width` of them, from the first item where that
/// keeps `lead` items after the difference in view, else from `lead` items before it.
struct Shown {
  size_t from = 0, to = 0;
};
Shown shown_around(size_t first, size_t total, size_t width, size_t lead);

}  // namespace grader
