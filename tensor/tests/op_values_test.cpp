// sigmoid, silu, rsqrt, var, logsumexp, gather and one_hot against PyTorch's recorded values
// (tools/golden/gen_op_cases.py), and their errors word for word.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"

namespace {

kt::Dtype dtype_of(double code) {
  if (code == 1) return kt::Float32;
  if (code == 2) return kt::Int64;
  return kt::Float64;
}

/// The op a case is of: "sigmoid" for "sigmoid.float32.specials".
std::string op_of(const ref::golden::Case& c) { return c.name.substr(0, c.name.find('.')); }

kt::Tensor input(const ref::golden::Case& c, const std::string& key, const std::string& shape_key,
                 kt::Dtype dtype) {
  return kt::from_vector(c.values(key), c.shape(shape_key)).to(dtype);
}

/// Within a few units in the last place of the result's dtype (PyTorch's vectorised exp and ours
/// round differently), infinities and NaN where PyTorch has them, and the sign of a zero.
bool close_in_dtype(const kt::Tensor& got, const kt::Tensor& want, kt::Dtype dtype) {
  const double rtol = dtype == kt::Float32 ? 4 * 1.2e-7 : 4 * 2.3e-16;
  const double tiny = dtype == kt::Float32 ? 1e-44 : 1e-320;  // subnormal results
  if (!kt::allclose(got, want, rtol, tiny, true)) return false;
  const auto g = got.to(kt::Float64).contiguous().to_vector<double>();
  const auto w = want.to_vector<double>();
  for (size_t i = 0; i < w.size(); ++i)
    if (w[i] == 0 && g[i] == 0 && std::signbit(w[i]) != std::signbit(g[i])) return false;
  return true;
}

const std::vector<ref::golden::Case>& cases() {
  static const auto all = ref::golden::load(KT_TEST_DATA_DIR "/op_cases.txt");
  return all;
}

}  // namespace

TEST_CASE("sigmoid, silu and rsqrt give PyTorch's values, at the ends and in between",
          "[math][golden]") {
  int seen = 0;
  for (const auto& c : cases()) {
    const std::string op = op_of(c);
    if (op != "sigmoid" && op != "silu" && op != "rsqrt") continue;
    INFO("case " << c.name);
    const kt::Dtype dtype = dtype_of(c.values("dtype")[0]);
    const kt::Tensor x = input(c, "x", "shape", dtype);
    const kt::Tensor got = op == "sigmoid" ? kt::sigmoid(x)
                           : op == "silu"  ? kt::silu(x)
                                           : kt::rsqrt(x);
    CHECK(got.dtype() == dtype);
    CHECK(got.sizes() == x.sizes());
    CHECK(close_in_dtype(got, c.tensor("out", c.shape("shape")), dtype));
    ++seen;
  }
  CHECK(seen == 12);
}

TEST_CASE("var and logsumexp give PyTorch's values over every dim, with and without keepdim",
          "[reduce][golden]") {
  int seen = 0;
  for (const auto& c : cases()) {
    const std::string op = op_of(c);
    if (op != "var" && op != "logsumexp") continue;
    INFO("case " << c.name);
    const kt::Dtype dtype = dtype_of(c.values("dtype")[0]);
    const kt::Tensor x = input(c, "x", "shape", dtype);
    const int64_t dim = c.shape("dim")[0];
    const bool keepdim = c.values("keepdim")[0] != 0;
    const kt::Tensor got = op == "var" ? kt::var(x, dim, c.values("unbiased")[0] != 0, keepdim)
                                       : kt::logsumexp(x, dim, keepdim);
    // kt's floating dtype for an Int64 input is Float64 (as kt::exp's); PyTorch's is float32.
    CHECK(got.dtype() == (dtype == kt::Int64 ? kt::Float64 : dtype));
    CHECK(got.sizes() == c.shape("out_shape"));
    const kt::Dtype compared = dtype_of(c.values("out_dtype")[0]);
    // PyTorch's var is Welford's one pass, ours two passes in double. On rows of mean 1e4 and
    // variance 0.04 to 1.2 PyTorch's float64 values were up to 6e-13 (relative) from the exact
    // ones (math.fsum), ours closer: the bound is the data's, not ours.
    const double rtol = compared == kt::Float32 ? 2e-6 : 1e-11;
    CHECK(kt::allclose(got, c.tensor("out", c.shape("out_shape")), rtol, 0, true));
    ++seen;
  }
  CHECK(seen == 2 * (16 + 4) + 2 * (6 + 1) + 1);
}

TEST_CASE("gather and one_hot give PyTorch's values", "[index][golden]") {
  int seen = 0;
  for (const auto& c : cases()) {
    const std::string op = op_of(c);
    if (op != "gather" && op != "one_hot") continue;
    INFO("case " << c.name);
    if (op == "gather") {
      const kt::Dtype dtype = dtype_of(c.values("dtype")[0]);
      const kt::Tensor x = input(c, "x", "shape", dtype);
      const kt::Tensor index = input(c, "index", "index_shape", kt::Int64);
      const kt::Tensor got = kt::gather(x, c.shape("dim")[0], index);
      CHECK(got.dtype() == dtype);
      CHECK(kt::equal(got, input(c, "out", "index_shape", dtype)));
    } else {
      const kt::Tensor index = input(c, "index", "shape", kt::Int64);
      const kt::Tensor got = kt::one_hot(index, c.shape("num_classes")[0]);
      CHECK(got.dtype() == kt::Int64);
      CHECK(kt::equal(got, input(c, "out", "out_shape", kt::Int64)));
    }
    ++seen;
  }
  CHECK(seen == 3 * 4 + 1 + 5);
}

TEST_CASE("gather reads a transposed input and index through their strides", "[index]") {
  const kt::Tensor x = kt::arange(12.0).view({3, 4});
  const kt::Tensor index = kt::from_vector(std::vector<int64_t>{2, 0, 1, 1, 0, 2}, {2, 3});
  // x.transpose(0, 1) is [4, 3]; gathering along dim 1 with index.transpose(0, 1) ([3, 2]) picks
  // x.transpose(0, 1)[i][index.transpose(0, 1)[i][j]].
  const kt::Tensor got = kt::gather(x.transpose(0, 1), 1, index.transpose(0, 1));
  const kt::Tensor want =
      kt::gather(x.transpose(0, 1).contiguous(), 1, index.transpose(0, 1).contiguous());
  CHECK(kt::equal(got, want));
  CHECK(got.to_vector<double>() == std::vector<double>{8, 4, 1, 1, 6, 10});
}

TEST_CASE("var and logsumexp refuse what PyTorch refuses, in words that say what to do",
          "[reduce][errors]") {
  const kt::Tensor ints = kt::from_vector(std::vector<int64_t>{1, 2, 3}, {3});
  CHECK_THROWS_WITH(kt::var(ints, 0),
                    "var: expected a floating tensor (float32 or float64) but "
                    "got int64; convert it first with .to(kt::Float64)");
  CHECK_THROWS_AS(kt::var(kt::zeros({2, 3}), 2), kt::IndexError);
  CHECK_THROWS_AS(kt::logsumexp(kt::zeros({2, 3}), -3), kt::IndexError);
  // A Bool tensor is read as 0 and 1, like an Int64 one.
  const kt::Tensor bits = kt::from_vector(std::vector<bool>{true, false}, {2});
  CHECK(kt::logsumexp(bits, 0).item() == Approx(std::log(std::exp(1.0) + 1.0)));
  // An empty slice: log(0).
  CHECK(kt::logsumexp(kt::zeros({2, 0}), 1).to_vector<double>() ==
        std::vector<double>{-INFINITY, -INFINITY});
}

TEST_CASE("gather's errors name the index, the input's shape and the dim", "[index][errors]") {
  const kt::Tensor x = kt::zeros({2, 3});
  CHECK_THROWS_WITH(kt::gather(x, 1, kt::zeros({2, 1})),
                    "gather: expected an int64 index but got float64; convert it first with "
                    ".to(kt::Int64)");
  CHECK_THROWS_WITH(kt::gather(x, 1, kt::zeros({2}, kt::Int64)),
                    "gather: index must have as many dims as the input: got index of shape [2] "
                    "and input of shape [2, 3]");
  CHECK_THROWS_WITH(kt::gather(x, 0, kt::zeros({2, 4}, kt::Int64)),
                    "gather: index of shape [2, 4] is larger than the input of shape [2, 3] in dim "
                    "1; only dim 0 (the one gathered along) may be larger");
  const kt::Tensor index = kt::from_vector(std::vector<int64_t>{0, 1, 3, 2}, {2, 2});
  CHECK_THROWS_WITH(kt::gather(x, 1, index),
                    "gather: index 3 is out of bounds for dim 1 with size 3 (at position [1, 0] "
                    "of the index)");
  CHECK_THROWS_AS(kt::gather(x, 1, index - 4.0 * kt::ones({2, 2}, kt::Int64)), kt::IndexError);
  CHECK_THROWS_AS(kt::gather(x, 2, index), kt::IndexError);
}

TEST_CASE("one_hot's errors name the class value and where it is", "[index][errors]") {
  CHECK_THROWS_WITH(kt::one_hot(kt::zeros({2})),
                    "one_hot: expected an int64 tensor of class indices but got float64; convert "
                    "it first with .to(kt::Int64)");
  const kt::Tensor index = kt::from_vector(std::vector<int64_t>{0, 3, -1}, {3});
  CHECK_THROWS_WITH(kt::one_hot(index),
                    "one_hot: class values must be non-negative, got -1 at "
                    "position [2]");
  CHECK_THROWS_WITH(kt::one_hot(index.narrow(0, 0, 2), 3),
                    "one_hot: class values must be smaller than num_classes = 3, got 3 at "
                    "position [1]");
  CHECK_THROWS_WITH(kt::one_hot(kt::zeros({0}, kt::Int64)),
                    "one_hot: cannot infer the number of classes from an empty tensor; pass "
                    "num_classes");
  CHECK_THROWS_WITH(kt::one_hot(index.narrow(0, 0, 1), -2),
                    "one_hot: num_classes must be -1 (take the largest index + 1) or at least 0, "
                    "got -2");
}
