// The reference against torch.nn.MultiheadAttention's recorded outputs (float64).
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "kt/tensor.hpp"
#include "reference/mha/mha.hpp"

namespace {

struct GoldenCase {
  std::string name;
  int64_t B = 0, T = 0, D = 0, H = 0;
  bool bias = false, causal = false;
  std::map<std::string, std::vector<double>> arrays;
  kt::Shape mask_shape;
};

std::vector<GoldenCase> load_cases() {
  std::ifstream in(KT_REFERENCE_DIR "/mha/tests/data/mha_cases.txt");
  std::vector<GoldenCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string key;
    ss >> key;
    if (key == "case") {
      cases.emplace_back();
      ss >> cases.back().name;
    } else if (key == "dims") {
      int bias = 0, causal = 0;
      ss >> cases.back().B >> cases.back().T >> cases.back().D >> cases.back().H >> bias >> causal;
      cases.back().bias = bias != 0;
      cases.back().causal = causal != 0;
    } else if (key == "mask_shape") {
      int64_t s = 0;
      while (ss >> s) cases.back().mask_shape.push_back(s);
    } else if (!key.empty() && key[0] != '#' && key != "end") {
      std::string tok;
      auto& values = cases.back().arrays[key];
      while (ss >> tok) values.push_back(std::strtod(tok.c_str(), nullptr));
    }
  }
  return cases;
}

kt::Tensor array(const GoldenCase& c, const std::string& key, const kt::Shape& shape) {
  const auto it = c.arrays.find(key);
  if (it == c.arrays.end()) return kt::Tensor();
  return kt::from_vector(it->second, shape);
}

}  // namespace

TEST_CASE("the reference matches torch.nn.MultiheadAttention within rtol 1e-10, atol 1e-12",
          "[reference][golden]") {
  const auto cases = load_cases();
  REQUIRE(cases.size() == 9);
  for (const GoldenCase& c : cases) {
    INFO("golden case " << c.name);
    ref::MhaWeights w;
    w.wq = array(c, "wq", {c.D, c.D});
    w.wk = array(c, "wk", {c.D, c.D});
    w.wv = array(c, "wv", {c.D, c.D});
    w.wo = array(c, "wo", {c.D, c.D});
    w.bq = array(c, "bq", {c.D});
    w.bk = array(c, "bk", {c.D});
    w.bv = array(c, "bv", {c.D});
    w.bo = array(c, "bo", {c.D});
    CHECK(w.bq.defined() == c.bias);
    kt::Tensor mask;
    if (!c.mask_shape.empty()) mask = array(c, "mask", c.mask_shape) > 0.5;
    const kt::Tensor x = array(c, "x", {c.B, c.T, c.D});
    const kt::Tensor expected = array(c, "out", {c.B, c.T, c.D});
    const kt::Tensor got = ref::mha_forward(x, w, c.H, c.causal, mask);
    const double worst = kt::amax(kt::abs(got - expected) / (kt::abs(expected) + 1e-300)).item();
    INFO("largest relative difference " << worst);
    CHECK(kt::allclose(got, expected, 1e-10, 1e-12));
  }
}

TEST_CASE("the reference's fully masked rows are uniform, zeros or all keys, as asked",
          "[reference]") {
  kt::Generator gen(5);
  const int64_t B = 2, T = 4, D = 8, H = 2;
  ref::MhaWeights w{kt::randn({D, D}, gen), kt::randn({D, D}, gen), kt::randn({D, D}, gen),
                    kt::randn({D, D}, gen), kt::randn({D}, gen),    kt::randn({D}, gen),
                    kt::randn({D}, gen),    kt::randn({D}, gen)};
  const kt::Tensor x = kt::randn({B, T, D}, gen);
  const kt::Tensor none = kt::zeros({1, 1, T, T}, kt::Bool);
  const kt::Tensor zeros = ref::mha_forward(x, w, H, false, none, ref::MaskedRows::Zeros);
  // zero attention output: each row is out_proj's bias alone
  CHECK(kt::allclose(zeros, w.bo.expand({B, T, D}), 0, 1e-12));
  const kt::Tensor all = ref::mha_forward(x, w, H, false, none, ref::MaskedRows::AllKeys);
  CHECK(kt::allclose(all, ref::mha_forward(x, w, H, false), 0, 1e-12));
  CHECK(kt::all(ref::fully_masked_queries(B, T, H, false, none)).item() == 1.0);
  CHECK(kt::any(ref::fully_masked_queries(B, T, H, true, kt::Tensor())).item() == 0.0);
}
