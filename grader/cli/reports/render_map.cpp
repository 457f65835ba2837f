// A failing check's attention map (grader/lib/attention_map.hpp), drawn: a shaded grid for the
// terminal and JUnit, an SVG for CI's artifacts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "grader/cli/reports/render.hpp"
#include "grader/cli/text.hpp"
#include "grader/report/ratio_text.hpp"

namespace cli {
namespace {

/// Two weights differ as the grader's comparison sees them (rtol 1e-9, atol 1e-12, the float64
/// tolerance), or when one is NaN and the other not: a float32 slip of 1e-8 differs too.
bool differ(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) != std::isnan(b);
  return std::abs(a - b) > 1e-12 + 1e-9 * std::abs(b);
}

bool row_differs(const AttentionMap& m, int i) {
  for (int j = 0; j < m.cols; ++j)
    if (differ(m.expected[size_t(i * m.cols + j)], m.got[size_t(i * m.cols + j)])) return true;
  return false;
}

/// "1.00", "0.25", "0" for exactly 0, "NaN", "-0.31"; `digits` after the point.
std::string number(double v, int digits) {
  if (std::isnan(v)) return "NaN";
  if (v == 0) return "0";
  char buf[48];
  if (std::abs(v) < 9.995) {
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  } else {
    std::snprintf(buf, sizeof buf, "%.3g", v);
  }
  return buf;
}

/// The digits that tell every differing pair apart when printed (2 to 6).
int digits_needed(const AttentionMap& m) {
  int digits = 2;
  for (size_t k = 0; k < m.expected.size(); ++k)
    while (digits < 6 && differ(m.expected[k], m.got[k]) &&
           number(m.expected[k], digits) == number(m.got[k], digits))
      ++digits;
  return digits;
}

/// The shade of a weight: "·" for 0 (within 1e-12: a dropped or masked weight), then ░ ▒ ▓ █ by
/// quarters of the weight as printed (`digits` after the point, so that two weights printed alike
/// are shaded alike, but for 0: a kept weight of 1e-5 prints 0.000 and is no dropped one); "!" for
/// NaN.
const char* shade(double v, int digits) {
  if (std::isnan(v)) return "!";
  if (std::abs(v) <= 1e-12) return "·";
  const double scale = std::pow(10.0, digits);
  v = std::round(v * scale) / scale;
  if (v < 0.25) return "░";
  if (v < 0.5) return "▒";
  if (v < 0.75) return "▓";
  return "█";
}

std::string right(const std::string& s, size_t width) {
  const size_t n = count_chars(s);
  return n < width ? std::string(width - n, ' ') + s : s;
}

std::string left(const std::string& s, size_t width) {
  const size_t n = count_chars(s);
  return n < width ? s + std::string(width - n, ' ') : s;
}

/// One cell, digits + 5 characters wide: a space, a shade and the number; or (colour) the number
/// on a grey background as light as the weight, red for NaN.
std::string cell(double v, bool colour, int digits) {
  const size_t width = size_t(digits) + 3;
  if (!colour) return std::string(" ") + shade(v, digits) + left(number(v, digits), width);
  std::string code;
  if (std::isnan(v)) {
    code = "41;97";
  } else {
    const double w = std::clamp(v, 0.0, 1.0);
    const int grey = 232 + int(std::lround(w * 23));  // the 256-colour grey ramp
    code = "48;5;" + std::to_string(grey) + (w > 0.5 ? ";30" : ";97");
  }
  return " \033[" + code + "m " + left(number(v, digits), width) + "\033[0m";
}

/// "k3", "q0" (built by appending: GCC 12's -Wrestrict misfires on "k" + std::to_string(j)).
std::string label(char axis, int index) {
  std::string s(1, axis);
  s += std::to_string(index);
  return s;
}

std::string rtrim(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

double row_sum(const std::vector<double>& grid, int cols, int i) {
  double sum = 0;
  for (int j = 0; j < cols; ++j) sum += grid[size_t(i * cols + j)];
  return sum;
}

}  // namespace

std::string attention_map_text(const AttentionMap& m, bool colour, const std::string& indent,
                               const std::string& of_check) {
  if (m.rows <= 0) return "";
  const int digits = digits_needed(m);
  const size_t width = size_t(digits) + 3, grid_width = (width + 2) * size_t(m.cols + 1);
  std::string s = indent + "attention weights on " +
                  (m.on.empty() ? std::string("the smallest failing case") : m.on) +
                  (of_check.empty() ? "" : " of " + of_check) +
                  (m.where.empty() ? "" : " (" + m.where + ")") + ":\n";
  std::string keys;
  for (int j = 0; j < m.cols; ++j) keys += "  " + left(label('k', j), width);
  keys += "  " + left("sum", width);
  s += indent + "    " + left("  expected", grid_width + 3) + "  yours\n";
  s += indent + "    " + keys + "   " + rtrim(keys) + "\n";
  for (int i = 0; i < m.rows; ++i) {
    std::string line = right(label('q', i), 4);
    for (const auto* grid : {&m.expected, &m.got}) {
      for (int j = 0; j < m.cols; ++j)
        line += cell((*grid)[size_t(i * m.cols + j)], colour, digits);
      line += "  " + left(number(row_sum(*grid, m.cols, i), digits), width) +
              (grid == &m.expected ? "   " : "");
    }
    line = rtrim(line);
    if (row_differs(m, i)) line += colour ? "  \033[33;1m<- differs\033[0m" : "  <- differs";
    s += indent + line + "\n";
  }
  // The largest difference, where it is.
  double largest = -1;
  int at = -1;
  for (int k = 0; k < m.rows * m.cols; ++k) {
    const double e = m.expected[size_t(k)], g = m.got[size_t(k)];
    if (!differ(e, g)) continue;
    const double d = std::isnan(e - g) ? INFINITY : std::abs(e - g);
    if (d > largest) largest = d, at = k;
  }
  s += indent + "(q0, q1, ...: the queries, a row each; k0, k1, ...: the keys" +
       std::string(colour ? "; lighter is more weight)\n"
                          : ";\n" + indent +
                                " · exactly 0, ░ under 0.25, ▒ under 0.5, ▓ under 0.75, █ 0.75 and "
                                "up, ! NaN)\n");
  // Rows of yours that all sum to one number other than the expected rows' 1: a scale on the
  // weights or on what follows them, said with how it reads (0.57735 = 1 / sqrt(3)).
  bool rows_alike = m.rows >= 2;
  const double first_sum = row_sum(m.got, m.cols, 0);
  for (int i = 0; i < m.rows && rows_alike; ++i)
    rows_alike = std::abs(row_sum(m.got, m.cols, i) - first_sum) <= 1e-6 &&
                 std::abs(row_sum(m.expected, m.cols, i) - 1.0) <= 1e-6;
  if (rows_alike && std::abs(first_sum - 1.0) > 1e-3 && first_sum > 0) {
    char sum[32];
    std::snprintf(sum, sizeof sum, "%.6g", first_sum);
    const std::string reading = report::ratio_reading(first_sum);
    s += wrap(std::string("Every row of yours sums to ") + sum +
                  (reading.find("sqrt") == std::string::npos ? "" : " = " + reading) +
                  ", each expected row to 1: what your code returns is scaled by that (the "
                  "weights, or what comes after them).",
              indent, 96);
  }
  if (at < 0 && !m.got_shape.empty()) {
    s += wrap("Your weights hold the expected numbers here, but in a tensor of shape " +
                  m.got_shape +
                  ", with more axes than the weights: a shape grew before them, and what comes "
                  "after them mixes the numbers.",
              indent, 96);
  } else if (at < 0) {
    s += indent +
         "Your weights equal the expected ones here: the mistake is in what comes after them.\n";
  } else {
    const double e = m.expected[size_t(at)], g = m.got[size_t(at)];
    s += indent + "They differ most at query " + std::to_string(at / m.cols) + ", key " +
         std::to_string(at % m.cols);
    if (number(e, digits) != number(g, digits)) {
      s += ": expected " + number(e, digits) + ", yours " + number(g, digits) + ".\n";
    } else {
      char by[32];
      std::snprintf(by, sizeof by, "%.2g", std::abs(e - g));
      s += ", by " + std::string(by) + ": less than the digits shown.\n";
    }
  }
  return s;
}

std::string attention_map_svg(const AttentionMap& m, const std::string& title) {
  const int digits = digits_needed(m);
  const int cell_px = 30 + 7 * digits, x_left = 40, top = 74, gap = 50;
  const int grid_px = cell_px * m.cols;
  const int width = std::max(x_left + 2 * grid_px + gap + 20, 460);
  const int height = top + cell_px * m.rows + 40;
  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
                    "\" height=\"" + std::to_string(height) +
                    "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  svg += "<text x=\"10\" y=\"20\" font-size=\"14\" font-weight=\"bold\">" + xml_escape(title) +
         "</text>\n";
  svg += "<text x=\"10\" y=\"38\">attention weights on " +
         xml_escape(m.on.empty() ? "the smallest failing case" : m.on) +
         xml_escape(m.where.empty() ? "" : " (" + m.where + ")") +
         "; a row per query, a column per key</text>\n";
  for (int side = 0; side < 2; ++side) {
    const auto& grid = side == 0 ? m.expected : m.got;
    const int x0 = x_left + side * (grid_px + gap);
    svg += "<text x=\"" + std::to_string(x0) + "\" y=\"" + std::to_string(top - 18) +
           "\" font-weight=\"bold\">" + (side == 0 ? "expected" : "yours") + "</text>\n";
    for (int j = 0; j < m.cols; ++j)
      svg += "<text x=\"" + std::to_string(x0 + j * cell_px + cell_px / 2) + "\" y=\"" +
             std::to_string(top - 4) + "\" text-anchor=\"middle\" fill=\"#666\">k" +
             std::to_string(j) + "</text>\n";
    for (int i = 0; i < m.rows; ++i) {
      if (side == 0)
        svg += "<text x=\"" + std::to_string(x_left - 6) + "\" y=\"" +
               std::to_string(top + i * cell_px + cell_px / 2 + 4) +
               "\" text-anchor=\"end\" fill=\"#666\">q" + std::to_string(i) + "</text>\n";
      for (int j = 0; j < m.cols; ++j) {
        const double v = grid[size_t(i * m.cols + j)];
        const bool nan = std::isnan(v);
        const int level = nan ? 0 : int(std::lround(255 * (1 - std::clamp(v, 0.0, 1.0))));
        char fill[16];
        std::snprintf(fill, sizeof fill, "#%02x%02xff", level, level);  // white to blue
        const bool marked = side == 1 && differ(m.expected[size_t(i * m.cols + j)], v);
        const int x = x0 + j * cell_px, y = top + i * cell_px;
        svg += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
               std::to_string(cell_px - 2) + "\" height=\"" + std::to_string(cell_px - 2) +
               "\" fill=\"" + (nan ? std::string("#e05050") : std::string(fill)) + "\"" +
               (marked ? " stroke=\"#e08000\" stroke-width=\"3\"" : "") + "/>\n";
        svg += "<text x=\"" + std::to_string(x + cell_px / 2 - 1) + "\" y=\"" +
               std::to_string(y + cell_px / 2 + 3) + "\" text-anchor=\"middle\" fill=\"" +
               (!nan && v > 0.55 ? "white" : "black") + "\">" + number(v, digits) + "</text>\n";
      }
    }
  }
  svg += "<text x=\"10\" y=\"" + std::to_string(height - 12) +
         "\" fill=\"#666\">cells outlined in orange differ from the expected ones; red is "
         "NaN</text>\n</svg>\n";
  return svg;
}

std::string map_file_name(const KataResult& r, const TestResult& t) {
  return safe_id(r.kata) + "." + safe_id(t.id) + ".svg";
}

std::vector<std::string> write_attention_maps(const std::vector<KataResult>& results,
                                              const std::string& dir) {
  std::vector<std::string> written;
  for (const KataResult& r : results)
    for (const TestResult& t : r.tests) {
      if (t.attention_map.rows <= 0) continue;
      std::filesystem::create_directories(dir);
      const std::string path = (std::filesystem::path(dir) / map_file_name(r, t)).string();
      std::ofstream(path) << attention_map_svg(t.attention_map, r.kata + ": " + t.id);
      written.push_back(path);
    }
  return written;
}

}  // namespace cli
