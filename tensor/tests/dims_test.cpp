// Every op that takes a dim, called with every dim from -ndim-2 to ndim+1 on tensors of 0 to 4
// dims: it returns the shape PyTorch gives or throws kt::IndexError, as PyTorch raises IndexError.
// The rules below are PyTorch's (c10's maybe_wrap_dim and each op's own checks), written out
// independently of kt's code. Under ASan (CI) this also proves no op reads past sizes()/strides().
#include <rapidcheck/catch.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kt/tensor.hpp"

using kt::Shape;

namespace {

/// PyTorch's maybe_wrap_dim: the dim in [0, ndim), or nullopt where PyTorch raises IndexError. A
/// 0-dim tensor takes -1 and 0 when scalar_ok (wrap_scalar), no dim otherwise.
std::optional<size_t> torch_dim(int64_t d, size_t ndim, bool scalar_ok = true) {
  if (ndim == 0 && !scalar_ok) return std::nullopt;
  const auto n = static_cast<int64_t>(std::max<size_t>(ndim, 1));
  if (d < -n || d >= n) return std::nullopt;
  return static_cast<size_t>(d < 0 ? d + n : d);
}

Shape erased(Shape s, size_t i) {
  s.erase(s.begin() + static_cast<std::ptrdiff_t>(i));
  return s;
}

Shape inserted(Shape s, size_t i, int64_t v) {
  s.insert(s.begin() + static_cast<std::ptrdiff_t>(i), v);
  return s;
}

Shape row_major_strides(const Shape& sizes) {
  Shape strides(sizes.size());
  int64_t running = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = running;
    running *= std::max<int64_t>(sizes[i], 1);
  }
  return strides;
}

/// A reduction's result shape: the dim removed, or kept with size 1.
std::optional<Shape> reduced(const Shape& s, int64_t d, bool keepdim, bool needs_elements) {
  const auto w = torch_dim(d, s.size());
  if (!w) return std::nullopt;
  if (s.empty()) return Shape{};
  if (needs_elements && s[*w] == 0) return std::nullopt;  // "Expected reduction dim to have..."
  if (!keepdim) return erased(s, *w);
  Shape out = s;
  out[*w] = 1;
  return out;
}

/// One dim-taking op: what kt returns (as a shape; size() and stride() return their value as a
/// one-element "shape") and what PyTorch returns, or nullopt where PyTorch raises IndexError.
struct DimOp {
  std::string name;
  std::function<Shape(const kt::Tensor&, int64_t)> run;
  std::function<std::optional<Shape>(const Shape&, int64_t)> torch;
};

std::vector<DimOp> reductions() {
  using Reduce = kt::Tensor (*)(const kt::Tensor&, int64_t, bool);
  using ReducePair = kt::ValuesIndices (*)(const kt::Tensor&, int64_t, bool);
  struct Reduction {
    std::string name;
    Reduce f;
    bool needs_elements;  // amax / amin / argmax raise IndexError for a dim of size 0
  };
  const std::vector<Reduction> plain = {
      {"sum", &kt::sum, false},
      {"mean", &kt::mean, false},
      {"amax", &kt::amax, true},
      {"amin", &kt::amin, true},
      {"any", &kt::any, false},
      {"all", &kt::all, false},
      {"argmax", &kt::argmax, true},
      {"logsumexp", &kt::logsumexp, false},
      {"var",
       [](const kt::Tensor& t, int64_t d, bool keepdim) { return kt::var(t, d, true, keepdim); },
       false}};
  const std::vector<std::pair<std::string, ReducePair>> pairs = {{"max", &kt::max},
                                                                 {"min", &kt::min}};
  std::vector<DimOp> ops;
  for (const bool keepdim : {false, true}) {
    const std::string args = keepdim ? "(t, d, keepdim)" : "(t, d)";
    for (const Reduction& r : plain) {
      ops.push_back(
          {r.name + args,
           [f = r.f, keepdim](const kt::Tensor& t, int64_t d) { return f(t, d, keepdim).sizes(); },
           [keepdim, needs = r.needs_elements](const Shape& s, int64_t d) {
             return reduced(s, d, keepdim, needs);
           }});
    }
    for (const auto& [name, f] : pairs) {
      ops.push_back(
          {name + args,
           [f = f, keepdim](const kt::Tensor& t, int64_t d) {
             const kt::ValuesIndices r = f(t, d, keepdim);
             RC_ASSERT(r.indices.sizes() == r.values.sizes());
             return r.values.sizes();
           },
           [keepdim](const Shape& s, int64_t d) { return reduced(s, d, keepdim, true); }});
    }
  }
  return ops;
}

std::vector<DimOp> dim_ops() {
  const auto max = std::numeric_limits<int64_t>::max();
  std::vector<DimOp> ops = {
      {"size(d)", [](const kt::Tensor& t, int64_t d) { return Shape{t.size(d)}; },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size(), false);
         if (!w) return std::nullopt;
         return Shape{s[*w]};
       }},
      {"stride(d)", [](const kt::Tensor& t, int64_t d) { return Shape{t.stride(d)}; },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size(), false);
         if (!w) return std::nullopt;
         return Shape{row_major_strides(s)[*w]};
       }},
      {"transpose(d, -1)",
       [](const kt::Tensor& t, int64_t d) { return t.transpose(d, -1).sizes(); },
       [](Shape s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size());
         if (!w) return std::nullopt;
         if (!s.empty()) std::swap(s[*w], s.back());
         return s;
       }},
      {"transpose(0, d)", [](const kt::Tensor& t, int64_t d) { return t.transpose(0, d).sizes(); },
       [](Shape s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size());
         if (!w) return std::nullopt;
         if (!s.empty()) std::swap(s[*w], s.front());
         return s;
       }},
      {"permute(identity with d first)",
       [](const kt::Tensor& t, int64_t d) {
         // dims 0..n-1 with d in front; the dim d names (when it names one) moves to d's old place
         Shape dims;
         for (int64_t i = 0; i < t.dim(); ++i) dims.push_back(i);
         if (dims.empty()) return t.permute(dims).sizes();
         const int64_t n = t.dim();
         if (d >= -n && d < n) dims[static_cast<size_t>(d < 0 ? d + n : d)] = 0;
         dims.front() = d;
         return t.permute(dims).sizes();
       },
       [](Shape s, int64_t d) -> std::optional<Shape> {
         if (s.empty()) return s;  // permute({}) takes no dim
         const auto w = torch_dim(d, s.size());
         if (!w) return std::nullopt;
         std::swap(s[*w], s.front());
         return s;
       }},
      {"unsqueeze(d)", [](const kt::Tensor& t, int64_t d) { return t.unsqueeze(d).sizes(); },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size() + 1);
         if (!w) return std::nullopt;
         return inserted(s, *w, 1);
       }},
      {"squeeze(d)", [](const kt::Tensor& t, int64_t d) { return t.squeeze(d).sizes(); },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size());
         if (!w) return std::nullopt;
         if (s.empty() || s[*w] != 1) return s;
         return erased(s, *w);
       }},
      {"narrow(d, 0, 0)", [](const kt::Tensor& t, int64_t d) { return t.narrow(d, 0, 0).sizes(); },
       [](Shape s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size(), false);  // "narrow() cannot be applied to a 0-dim"
         if (!w) return std::nullopt;
         s[*w] = 0;
         return s;
       }},
      {"select(d, 0)", [](const kt::Tensor& t, int64_t d) { return t.select(d, 0).sizes(); },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size(), false);  // "select() cannot be applied to a 0-dim"
         if (!w || s[*w] == 0) return std::nullopt;     // index 0 out of range for size 0
         return erased(s, *w);
       }},
      {"slice(d, 1, end, 2)",
       [](const kt::Tensor& t, int64_t d) { return t.slice(d, 1, max, 2).sizes(); },
       [](Shape s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size(), false);  // "slice() cannot be applied to a 0-dim"
         if (!w) return std::nullopt;
         const int64_t start = std::min<int64_t>(1, s[*w]);
         s[*w] = (s[*w] - start + 1) / 2;
         return s;
       }},
      {"t[0] (d unused)", [](const kt::Tensor& t, int64_t) { return t[0].sizes(); },
       [](const Shape& s, int64_t) -> std::optional<Shape> {
         if (s.empty() || s[0] == 0) return std::nullopt;
         return erased(s, 0);
       }},
      {"flatten(d, -1)", [](const kt::Tensor& t, int64_t d) { return t.flatten(d, -1).sizes(); },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         const auto start = torch_dim(d, s.size());
         if (!start) return std::nullopt;
         if (s.empty()) return Shape{1};
         int64_t merged = 1;
         for (size_t i = *start; i < s.size(); ++i) merged *= s[i];
         Shape out(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(*start));
         out.push_back(merged);
         return out;
       }},
      {"flatten(1, d)", [](const kt::Tensor& t, int64_t d) { return t.flatten(1, d).sizes(); },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         const auto start = torch_dim(1, s.size());
         const auto end = torch_dim(d, s.size());
         // start_dim after end_dim: a RuntimeError in PyTorch, an IndexError in kt
         if (!start || !end || *start > *end) return std::nullopt;
         if (s.empty()) return Shape{1};
         int64_t merged = 1;
         for (size_t i = *start; i <= *end; ++i) merged *= s[i];
         Shape out(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(*start));
         out.push_back(merged);
         out.insert(out.end(), s.begin() + static_cast<std::ptrdiff_t>(*end) + 1, s.end());
         return out;
       }},
      {"cat({t, t}, d)",
       [](const kt::Tensor& t, int64_t d) {
         return kt::cat({t, t}, d).sizes();
       },
       [](Shape s, int64_t d) -> std::optional<Shape> {
         if (s.empty())
           return std::nullopt;  // "zero-dimensional tensor ... cannot be concatenated"
         const auto w = torch_dim(d, s.size());
         if (!w) return std::nullopt;
         s[*w] *= 2;
         return s;
       }},
      {"stack({t, t}, d)",
       [](const kt::Tensor& t, int64_t d) {
         return kt::stack({t, t}, d).sizes();
       },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size() + 1);
         if (!w) return std::nullopt;
         return inserted(s, *w, 2);
       }},
      {"repeat_interleave(t, 2, d)",
       [](const kt::Tensor& t, int64_t d) { return kt::repeat_interleave(t, 2, d).sizes(); },
       [](Shape s, int64_t d) -> std::optional<Shape> {
         const auto w = torch_dim(d, s.size(), false);
         if (!w) return std::nullopt;
         s[*w] *= 2;
         return s;
       }},
      {"softmax(t, d)", [](const kt::Tensor& t, int64_t d) { return kt::softmax(t, d).sizes(); },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         if (!torch_dim(d, s.size())) return std::nullopt;
         return s;
       }},
      {"log_softmax(t, d)",
       [](const kt::Tensor& t, int64_t d) { return kt::log_softmax(t, d).sizes(); },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         if (!torch_dim(d, s.size())) return std::nullopt;
         return s;
       }},
      {"gather(t, d, index of t's shape, all 0)",
       [](const kt::Tensor& t, int64_t d) {
         return kt::gather(t, d, kt::zeros(t.sizes(), kt::Int64)).sizes();
       },
       [](const Shape& s, int64_t d) -> std::optional<Shape> {
         if (!torch_dim(d, s.size())) return std::nullopt;
         return s;
       }},
  };
  for (DimOp& op : reductions()) ops.push_back(std::move(op));
  return ops;
}

}  // namespace

TEST_CASE("every op that takes a dim gives PyTorch's shape or an IndexError for every dim",
          "[dims][property]") {
  const std::vector<DimOp> ops = dim_ops();
  rc::prop("tensors of 0 to 4 dims of sizes 0 to 3, dims from -ndim-2 to ndim+1", [&ops] {
    const auto ndim = *rc::gen::inRange<size_t>(0, 5).as("ndim");
    const auto shape =
        *rc::gen::container<Shape>(ndim, rc::gen::inRange<int64_t>(0, 4)).as("shape");
    const kt::Tensor t = kt::zeros(shape);
    const auto n = static_cast<int64_t>(ndim);
    for (const DimOp& op : ops) {
      for (int64_t d = -n - 2; d <= n + 1; ++d) {
        const std::optional<Shape> want = op.torch(shape, d);
        bool threw = false;
        Shape got;
        try {
          got = op.run(t, d);
        } catch (const kt::IndexError&) {
          threw = true;
        }
        RC_ASSERT(threw == !want.has_value());
        if (want) RC_ASSERT(got == *want);
      }
    }
  });
}

TEST_CASE("a 0-dim tensor has no dim for size, stride, narrow, select, slice, [] and cat",
          "[dims][errors]") {
  const kt::Tensor s = kt::scalar_tensor(2.0);
  REQUIRE_THROWS_WITH(
      s.size(0),
      "size: dimension specified as 0 but tensor has no dimensions (tensor of shape [])");
  REQUIRE_THROWS_WITH(s.stride(-1),
                      "stride: dimension specified as -1 but tensor has no dimensions (tensor of "
                      "shape [])");
  REQUIRE_THROWS_WITH(s.narrow(0, 0, 1),
                      "narrow: narrow() cannot be applied to a 0-dim tensor (tensor of shape [])");
  REQUIRE_THROWS_WITH(s.select(0, 0),
                      "select: select() cannot be applied to a 0-dim tensor (tensor of shape [])");
  REQUIRE_THROWS_WITH(s.slice(0),
                      "slice: slice() cannot be applied to a 0-dim tensor (tensor of shape [])");
  REQUIRE_THROWS_WITH(
      s[0],
      "operator[]: invalid index of a 0-dim tensor. Use t.item() to convert a 0-dim "
      "tensor to a number (tensor of shape [])");
  REQUIRE_THROWS_WITH(kt::cat({s, s}),
                      "cat: zero-dimensional tensor (at position 0) cannot be concatenated (tensor "
                      "of shape [])");
  REQUIRE_THROWS_WITH(kt::cat({kt::ones({1}), s}, 0),
                      "cat: zero-dimensional tensor (at position 1) cannot be concatenated (tensor "
                      "of shape [])");
  REQUIRE_THROWS_WITH(kt::repeat_interleave(s, 2, 0),
                      "repeat_interleave: dimension specified as 0 but tensor has no dimensions "
                      "(tensor of shape [])");
  REQUIRE_THROWS_AS(s.size(0), kt::IndexError);
  REQUIRE_THROWS_AS(kt::cat({s}), kt::IndexError);
}

TEST_CASE("a 0-dim tensor takes dim -1 and 0 where PyTorch wraps it, and no other", "[dims]") {
  const kt::Tensor s = kt::scalar_tensor(2.0);
  CHECK(kt::sum(s, 0).item() == 2.0);
  CHECK(kt::amax(s, -1, true).dim() == 0);
  CHECK(kt::softmax(s, -1).item() == 1.0);
  CHECK(kt::argmax(s, 0).item() == 0.0);
  CHECK(s.transpose(0, -1).dim() == 0);
  CHECK(s.squeeze(0).dim() == 0);
  CHECK(s.unsqueeze(-1).sizes() == Shape{1});
  CHECK(s.flatten().sizes() == Shape{1});
  CHECK(kt::stack({s, s}, -1).to_vector<double>() == std::vector<double>{2, 2});
  REQUIRE_THROWS_WITH(kt::sum(s, 1),
                      "sum: dimension out of range (expected to be in range of [-1, 0], but got 1) "
                      "for a tensor of shape []");
  REQUIRE_THROWS_WITH(s.flatten(-2),
                      "flatten: dimension out of range (expected to be in range of [-1, 0], but "
                      "got -2) for a tensor of shape []");
  REQUIRE_THROWS_WITH(kt::zeros({2, 3, 4}).flatten(2, 1),
                      "flatten: flatten() has invalid args: start_dim cannot come after end_dim "
                      "(start_dim 2, end_dim 1) for a tensor of shape [2, 3, 4]");
}
