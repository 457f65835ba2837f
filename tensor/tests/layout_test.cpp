// Views and copies: view, reshape, contiguous, transpose, permute, slicing, expand, as_strided.
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <optional>
#include <sstream>

#include "helpers.hpp"
#include "kt/tensor.hpp"

using kt::Shape;
using namespace kt_test;

namespace {

/// The semantic definition of "viewable": strides exist that put every element of the new shape
/// (in row-major order) at the memory offset the old layout gives it. Independent of PyTorch's
/// chunk algorithm. Returns those strides for the dims of size > 1.
std::optional<Shape> semantic_view(const kt::Tensor& t, const Shape& target) {
  std::vector<int64_t> offsets;
  for_each_index(t.sizes(), [&](const Shape& idx) {
    int64_t o = 0;
    for (size_t d = 0; d < idx.size(); ++d) o += idx[d] * t.strides()[d];
    offsets.push_back(o);
  });
  if (offsets.empty()) return Shape(target.size(), 0);
  Shape strides(target.size(), 0);
  int64_t inner = 1;
  for (size_t d = target.size(); d-- > 0;) {
    if (target[d] > 1) strides[d] = offsets[size_t(inner)] - offsets[0];
    inner *= target[d];
  }
  bool ok = true;
  for_each_index(target, [&](const Shape& idx) {
    int64_t o = offsets[0];
    for (size_t d = 0; d < idx.size(); ++d) o += idx[d] * strides[d];
    ok = ok && o == offsets[size_t(flat(target, idx))];
  });
  if (!ok) return std::nullopt;
  return strides;
}

/// A random factorisation of n into 1..4 sizes.
Shape gen_target(int64_t n) {
  std::vector<int64_t> factors;
  for (int64_t p = 2; n > 1; ++p)
    while (n % p == 0) factors.push_back(p), n /= p;
  const auto ndim = *rc::gen::inRange<size_t>(1, 5).as("target ndim");
  Shape target(ndim, 1);
  for (int64_t f : factors) target[*rc::gen::inRange<size_t>(0, ndim)] *= f;
  return target;
}

Shape parse_list(const std::string& s) {
  Shape out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(std::stoll(item));
  return out;
}

}  // namespace

TEST_CASE("a view of any strided layout succeeds exactly when strides for it exist",
          "[layout][view][property]") {
  rc::prop("view agrees with the semantic definition and keeps row-major values", [] {
    const Strided s = gen_strided();
    const Shape target = gen_target(s.tensor.numel());
    const auto expected = semantic_view(s.tensor, target);
    std::optional<kt::Tensor> v;
    try {
      v = s.tensor.view(target);
    } catch (const kt::ViewError&) {
    }
    RC_ASSERT(v.has_value() == expected.has_value());
    if (v) {
      RC_ASSERT(v->sizes() == target);
      RC_ASSERT(v->shares_storage(s.tensor));
      RC_ASSERT(read_all(*v) == s.model.values);
      for (size_t d = 0; d < target.size(); ++d)
        if (target[d] > 1) RC_ASSERT(v->strides()[d] == (*expected)[d]);
    }
  });
}

TEST_CASE("view matches PyTorch's strides and errors on 600 recorded layouts",
          "[layout][view][golden]") {
  std::ifstream in(KT_TEST_DATA_DIR "/view_cases.txt");
  REQUIRE(in.good());
  std::string line;
  int cases = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string sizes, strides, target, result;
    std::getline(ss, sizes, '|');
    std::getline(ss, strides, '|');
    std::getline(ss, target, '|');
    std::getline(ss, result, '|');
    const Shape sz = parse_list(sizes);
    const Shape st = parse_list(strides);
    int64_t span = 1;
    for (size_t d = 0; d < sz.size(); ++d) span += std::max<int64_t>(sz[d] - 1, 0) * st[d];
    const kt::Tensor base = kt::arange(double(span));
    const kt::Tensor t = base.as_strided(sz, st, 0);
    INFO("case: " << line);
    if (result == "error") {
      CHECK_THROWS_AS(t.view(parse_list(target)), kt::ViewError);
    } else {
      kt::Tensor v;
      REQUIRE_NOTHROW(v = t.view(parse_list(target)));
      CHECK(v.strides() == parse_list(result));
    }
    ++cases;
  }
  CHECK(cases == 600);
}

TEST_CASE("layout ops equal naive index arithmetic on random strided inputs",
          "[layout][property]") {
  rc::prop("to_vector of the strided tensor equals the model", [] {
    const Strided s = gen_strided();
    RC_ASSERT(s.tensor.sizes() == s.model.shape);
    RC_ASSERT(s.tensor.to_vector<double>() == s.model.values);
    RC_ASSERT(read_all(s.tensor) == s.model.values);
  });
  rc::prop("contiguous() copies exactly when the layout is not contiguous", [] {
    const Strided s = gen_strided();
    const kt::Tensor c = s.tensor.contiguous();
    RC_ASSERT(c.is_contiguous());
    RC_ASSERT(c.shares_storage(s.tensor) == s.tensor.is_contiguous());
    RC_ASSERT(read_all(c) == s.model.values);
    RC_ASSERT(c.strides() == s.tensor.contiguous().strides());
  });
  rc::prop("reshape always succeeds and keeps row-major order", [] {
    const Strided s = gen_strided();
    const Shape target = gen_target(s.tensor.numel());
    const kt::Tensor r = s.tensor.reshape(target);
    RC_ASSERT(r.sizes() == target);
    RC_ASSERT(read_all(r) == s.model.values);
    RC_ASSERT(r.shares_storage(s.tensor) == semantic_view(s.tensor, target).has_value());
  });
  rc::prop("permute then the inverse permutation restores sizes, strides and values", [] {
    const Strided s = gen_strided();
    const auto nd = static_cast<size_t>(s.tensor.dim());
    Shape p(nd);
    for (size_t i = 0; i < nd; ++i) p[i] = int64_t(i);
    p = *rc::gen::elementOf(std::vector<Shape>{p, Shape(p.rbegin(), p.rend())});
    if (nd >= 2) std::swap(p[0], p[nd - 1 - *rc::gen::inRange<size_t>(0, nd - 1)]);
    Shape inverse(nd);
    for (size_t i = 0; i < nd; ++i) inverse[size_t(p[i])] = int64_t(i);
    const kt::Tensor back = s.tensor.permute(p).permute(inverse);
    RC_ASSERT(back.sizes() == s.tensor.sizes());
    RC_ASSERT(back.strides() == s.tensor.strides());
    RC_ASSERT(s.tensor.permute(p).to_vector<double>() == s.model.permute(p).values);
  });
  rc::prop("is_contiguous follows PyTorch's rule (size-1 dims ignored)", [] {
    const Strided s = gen_strided();
    bool expected = true;
    int64_t running = 1;
    const auto& t = s.tensor;
    for (int64_t d = t.dim() - 1; d >= 0; --d) {
      if (t.size(d) == 1) continue;
      expected = expected && t.stride(d) == running;
      running *= t.size(d);
    }
    RC_ASSERT(t.is_contiguous() == expected);
  });
}

TEST_CASE("the transposed attention output cannot be viewed, as in PyTorch", "[layout][view]") {
  const int64_t B = 2, H = 4, T = 5, dk = 3;
  const kt::Tensor heads = kt::randn({B, H, T, dk});
  const kt::Tensor merged = heads.transpose(1, 2);
  CHECK_FALSE(merged.is_contiguous());
  CHECK_THROWS_AS(merged.view({B, T, H * dk}), kt::ViewError);
  CHECK(merged.contiguous().view({B, T, H * dk}).sizes() == Shape{B, T, H * dk});
  CHECK(merged.reshape({B, T, H * dk}).to_vector<double>() ==
        merged.contiguous().view({B, T, H * dk}).to_vector<double>());
  SECTION("but H = 1 or T = 1 makes the transpose a no-op layout, which views fine") {
    CHECK_NOTHROW(kt::randn({B, 1, T, dk}).transpose(1, 2).view({B, T, dk}));
    CHECK_NOTHROW(kt::randn({B, H, 1, dk}).transpose(1, 2).view({B, 1, H * dk}));
  }
}

TEST_CASE("view errors carry PyTorch's message and the layout", "[layout][errors]") {
  const kt::Tensor t = kt::zeros({2, 3, 4}).transpose(1, 2);
  try {
    (void)t.view({2, 12});
    FAIL("view did not throw");
  } catch (const kt::ViewError& e) {
    CHECK(std::string(e.what()) ==
          "view size is not compatible with input tensor's size and stride (at least one "
          "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
    CHECK(e.sizes() == Shape{2, 4, 3});
    CHECK(e.strides() == Shape{12, 1, 4});
    CHECK(e.requested() == Shape{2, 12});
  }
}

TEST_CASE("view infers one -1 and rejects bad shapes with PyTorch's words", "[layout][errors]") {
  const kt::Tensor t = kt::zeros({2, 6});
  CHECK(t.view({3, -1}).sizes() == Shape{3, 4});
  CHECK(t.view({-1}).sizes() == Shape{12});
  CHECK_THROWS_WITH(
      t.view({-1, -1}),
      "view: only one dimension can be inferred (shape [-1, -1] has more than one -1)");
  CHECK_THROWS_WITH(t.view({5, -1}), "view: shape '[5, -1]' is invalid for input of size 12");
  CHECK_THROWS_WITH(t.view({5, 2}), "view: shape '[5, 2]' is invalid for input of size 12");
  CHECK_THROWS_WITH(
      t.view({-3, 4}),
      "view: invalid shape dimension -3 in [-3, 4]; sizes are >= 0, or -1 for one inferred size");
  CHECK_THROWS_AS(t.view({5, -1}), kt::ShapeError);
  CHECK_THROWS_WITH(kt::zeros({0, 3}).view({0, -1}),
                    "view: cannot reshape tensor of 0 elements into shape [0, -1] because the "
                    "unspecified dimension size -1 can be any value and is ambiguous");
}

TEST_CASE("dims out of range are reported with the valid range", "[layout][errors]") {
  const kt::Tensor t = kt::zeros({2, 3});
  CHECK_THROWS_WITH(t.transpose(0, 2),
                    "transpose: dimension out of range (expected to be in range of [-2, 1], but "
                    "got 2) for a tensor of shape [2, 3]");
  CHECK_THROWS_AS(t.size(-3), kt::IndexError);
  CHECK(t.size(-1) == 3);
  CHECK_THROWS_WITH(t.permute({0, 0}),
                    "permute: repeated dim 0 in dims [0, 0]; each dim must appear exactly once");
  CHECK_THROWS_WITH(t.at({2, 0}),
                    "at: index 2 is out of bounds for dimension 0 with size 2 (tensor of shape "
                    "[2, 3])");
}

TEST_CASE("size-0 and size-1 dims follow PyTorch", "[layout]") {
  const kt::Tensor empty = kt::zeros({0, 3});
  CHECK(empty.is_contiguous());
  CHECK(empty.transpose(0, 1).is_contiguous());
  CHECK(empty.view({3, 0}).sizes() == Shape{3, 0});
  CHECK(empty.transpose(0, 1).view({0}).numel() == 0);
  const kt::Tensor ones = kt::zeros({1, 4, 1}).as_strided({1, 4, 1}, {99, 1, 77}, 0);
  CHECK(ones.is_contiguous());
  CHECK(ones.view({4}).strides() == Shape{1});
  const kt::Tensor scalar = kt::scalar_tensor(3.5);
  CHECK(scalar.dim() == 0);
  CHECK(scalar.view({1, 1}).item() == 3.5);
  CHECK(scalar.unsqueeze(0).sizes() == Shape{1});
}

TEST_CASE("expand broadcasts with stride 0 and refuses in-place writes", "[layout]") {
  const kt::Tensor row = kt::arange(3.0).view({1, 3});
  kt::Tensor e = row.expand({4, 3});
  CHECK(e.strides() == Shape{0, 1});
  CHECK(e.at({3, 2}) == 2.0);
  CHECK(row.expand({2, -1, -1}).sizes() == Shape{2, 1, 3});
  CHECK_THROWS_WITH(row.expand({4, 4}),
                    "expand: the expanded size of the tensor (4) must match the existing size (3) "
                    "at non-singleton dimension 1.  Target sizes: [4, 4].  Tensor sizes: [1, 3]");
  CHECK_THROWS_AS(e.fill_(1.0), kt::ValueError);
}

TEST_CASE("in-place ops write through views into the shared storage", "[layout][inplace]") {
  kt::Tensor t = kt::zeros({3, 4});
  kt::Tensor col = t.select(1, 2);
  col.fill_(7.0);
  CHECK(t.at({0, 2}) == 7.0);
  CHECK(t.at({2, 2}) == 7.0);
  CHECK(t.at({1, 1}) == 0.0);
  kt::Tensor tt = t.transpose(0, 1);
  tt.masked_fill_(kt::arange(3.0) > 0.5, -1.0);
  CHECK(t.at({0, 0}) == 0.0);
  CHECK(t.at({1, 0}) == -1.0);
  CHECK(t.at({2, 3}) == -1.0);
  kt::Tensor part = t.narrow(0, 1, 2);
  part.copy_(kt::ones({4}));
  CHECK(t.at({1, 3}) == 1.0);
  CHECK(t.at({0, 3}) == 0.0);
  SECTION("copy_ from an overlapping view of itself reads the old values") {
    kt::Tensor m = kt::arange(4.0).view({2, 2}).clone();
    m.copy_(m.transpose(0, 1));
    CHECK(m.to_vector<double>() == std::vector<double>{0, 2, 1, 3});
  }
}

TEST_CASE("slicing clamps like Python and steps forward", "[layout]") {
  const kt::Tensor t = kt::arange(10.0);
  CHECK(t.slice(0, 2, 8, 3).to_vector<double>() == std::vector<double>{2, 5});
  CHECK(t.slice(0, -3).to_vector<double>() == std::vector<double>{7, 8, 9});
  CHECK(t.slice(0, 8, 100).to_vector<double>() == std::vector<double>{8, 9});
  CHECK(t.slice(0, 5, 2).numel() == 0);
  CHECK(t[3].item() == 3.0);
  CHECK(t.narrow(0, 4, 2).to_vector<double>() == std::vector<double>{4, 5});
  CHECK_THROWS_AS(t.slice(0, 0, 5, 0), kt::ValueError);
}

TEST_CASE("narrow out of range says the start, counted from the end when negative",
          "[layout][errors]") {
  const kt::Tensor t = kt::zeros({2, 2});
  const auto message = [&](int64_t d, int64_t start, int64_t length) {
    try {
      (void)t.narrow(d, start, length);
    } catch (const kt::IndexError& e) {
      return std::string(e.what());
    }
    return std::string("no throw");
  };
  CHECK(message(1, 1, 2) ==
        "narrow: start (1) + length (2) exceeds dimension size (2) of dim 1 in shape [2, 2]");
  CHECK(message(0, -1, 3) ==
        "narrow: start (-1, counted from the end: 1) + length (3) exceeds dimension size (2) of "
        "dim 0 in shape [2, 2]");
  CHECK(message(0, -3, 1) ==
        "narrow: start (-3, counted from the end: -1) + length (1) exceeds dimension size (2) of "
        "dim 0 in shape [2, 2]");
}

TEST_CASE("as_strided refuses layouts that leave the storage", "[layout][errors]") {
  const kt::Tensor t = kt::zeros({6});
  CHECK_NOTHROW(t.as_strided({2, 3}, {3, 1}, 0));
  CHECK_THROWS_AS(t.as_strided({2, 3}, {3, 1}, 1), kt::IndexError);
  CHECK_THROWS_AS(t.as_strided({2, 3}, {4, 1}, 0), kt::IndexError);
}

TEST_CASE("an undefined tensor throws instead of crashing", "[layout][errors]") {
  const kt::Tensor t;
  CHECK_FALSE(t.defined());
  CHECK_THROWS_WITH(t.view({1}),
                    "view: the tensor is undefined (default-constructed kt::Tensor); assign it a "
                    "value first, e.g. kt::zeros({2, 3})");
  CHECK_THROWS_AS(kt::matmul(t, t), kt::Error);
  CHECK_THROWS_AS(kt::softmax(t, -1), kt::Error);
}
