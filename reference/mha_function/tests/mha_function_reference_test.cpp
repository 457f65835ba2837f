// The mha_function reference against PyTorch's recorded explicit-op outputs (float64), and the
// orientation of its weights worked out by hand.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/mha_function/mha_function.hpp"

namespace {

struct GoldenCase {
  std::string name;
  int64_t h = 1;
  kt::Shape x_shape, mask_shape;
  std::map<std::string, std::vector<double>> values;
  kt::Tensor weight(const std::string& key) const {
    const int64_t d = x_shape.back();
    return kt::from_vector(values.at(key), {d, d});
  }
  kt::Tensor mask() const {
    if (!values.count("mask")) return kt::Tensor();
    std::vector<bool> bits;
    for (double b : values.at("mask")) bits.push_back(b != 0.0);
    return kt::from_vector(bits, mask_shape);
  }
};

std::vector<GoldenCase> load_cases() {
  std::ifstream in(KT_REFERENCE_DIR "/mha_function/tests/data/mha_function_cases.txt");
  std::vector<GoldenCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string key, tok;
    ss >> key;
    if (key == "case") {
      cases.emplace_back();
      ss >> cases.back().name;
    } else if (key == "h") {
      ss >> cases.back().h;
    } else if (key == "x_shape" || key == "mask_shape") {
      auto& shape = key == "x_shape" ? cases.back().x_shape : cases.back().mask_shape;
      int64_t s = 0;
      while (ss >> s) shape.push_back(s);
    } else if (!key.empty() && key[0] != '#' && key != "end") {
      auto& values = cases.back().values[key];
      while (ss >> tok) values.push_back(std::strtod(tok.c_str(), nullptr));
    }
  }
  return cases;
}

}  // namespace

TEST_CASE("the mha_function reference matches PyTorch's explicit ops within rtol 1e-10, atol 1e-12",
          "[reference][golden]") {
  const auto cases = load_cases();
  REQUIRE(cases.size() == 6);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Tensor x = kt::from_vector(c.values.at("x"), c.x_shape);
    const kt::Tensor got = ref::mha_function(x, c.weight("wq"), c.weight("wk"), c.weight("wv"),
                                             c.weight("wo"), c.h, c.mask());
    CHECK(kt::allclose(got, kt::from_vector(c.values.at("out"), c.x_shape), 1e-10, 1e-12));
  }
}

TEST_CASE("the mha_function reference applies each weight as x @ W", "[reference]") {
  // One token: attention returns its own value, so out = x Wv Wo. With x = (1, 0) and Wv the
  // permutation (0 1; 1 0), x @ Wv = (0, 1) (x @ Wvᵀ would be the same; a non-symmetric Wo
  // tells them apart): Wo = (1 2; 3 4) gives (0, 1) @ Wo = (3, 4), where x @ Woᵀ would give (2, 4).
  const kt::Tensor x = kt::from_vector(std::vector<double>{1, 0}, {1, 1, 2});
  const kt::Tensor wv = kt::from_vector(std::vector<double>{0, 1, 1, 0}, {2, 2});
  const kt::Tensor wo = kt::from_vector(std::vector<double>{1, 2, 3, 4}, {2, 2});
  const kt::Tensor wq = kt::eye(2), wk = kt::eye(2);
  const kt::Tensor got = ref::mha_function(x, wq, wk, wv, wo, 1);
  CHECK(kt::allclose(got, kt::from_vector(std::vector<double>{3, 4}, {1, 1, 2}), 1e-15, 1e-15));
}
