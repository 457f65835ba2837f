#include "grader/lib/words.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace grader {

std::string and_list(const std::vector<std::string>& items) {
  std::string text;
  for (size_t n = 0; n < items.size(); ++n)
    text += (n == 0 ? "" : n + 1 == items.size() ? " and " : ", ") + items[n];
  return text;
}

std::string number_text(double v, int digits) {
  std::ostringstream s;
  s << std::setprecision(digits) << v;
  return s.str();
}

Shown shown_around(size_t first, size_t total, size_t width, size_t lead) {
  Shown s;
  s.from = first >= total || first + lead < width ? 0 : first - lead;
  s.to = std::min(total, s.from + width);
  return s;
}

}  // namespace grader
