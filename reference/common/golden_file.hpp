// Reading the golden files tools/golden/ writes, for the reference tests (which need no PyTorch):
// "case NAME" opens a case; every other line is a key and its numbers ("shape 2 3",
// "x 0.5 -1.25 ..."); lines starting with '#' and "end" are skipped.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "kt/tensor.hpp"

namespace ref::golden {

struct Case {
  std::string name;
  std::map<std::string, std::vector<double>> fields;

  [[nodiscard]] bool has(const std::string& key) const { return fields.count(key) != 0; }
  /// The numbers of a key the case must have.
  [[nodiscard]] const std::vector<double>& values(const std::string& key) const {
    return fields.at(key);
  }
  /// The numbers of a key as sizes (or integers).
  [[nodiscard]] kt::Shape shape(const std::string& key) const {
    kt::Shape s;
    for (double v : values(key)) s.push_back(int64_t(v));
    return s;
  }
  /// A Float64 tensor of `shape`, or an undefined tensor when the case has no such key.
  [[nodiscard]] kt::Tensor tensor(const std::string& key, const kt::Shape& shape) const {
    return has(key) ? kt::from_vector(values(key), shape) : kt::Tensor();
  }
  /// A Bool tensor of `shape` (1 = true), or an undefined tensor when the case has no such key.
  [[nodiscard]] kt::Tensor mask(const std::string& key, const kt::Shape& shape) const {
    if (!has(key)) return kt::Tensor();
    std::vector<bool> bits;
    for (double v : values(key)) bits.push_back(v != 0.0);
    return kt::from_vector(bits, shape);
  }
};

/// Every case of the file at `path` (empty when it cannot be read).
inline std::vector<Case> load(const std::string& path) {
  std::ifstream in(path);
  std::vector<Case> cases;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string key, token;
    ss >> key;
    if (key == "case") {
      cases.emplace_back();
      ss >> cases.back().name;
    } else if (!key.empty() && key[0] != '#' && key != "end" && !cases.empty()) {
      auto& values = cases.back().fields[key];
      while (ss >> token) values.push_back(std::strtod(token.c_str(), nullptr));
    }
  }
  return cases;
}

}  // namespace ref::golden
