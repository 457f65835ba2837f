// Test helpers: naive models the runtime is checked against, and RapidCheck generators.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "kt/tensor.hpp"

namespace kt_test {

using kt::Shape;

inline int64_t numel(const Shape& s) {
  int64_t n = 1;
  for (int64_t v : s) n *= v;
  return n;
}

/// Calls f(index) for every multi-index of shape, in row-major order.
inline void for_each_index(const Shape& shape, const std::function<void(const Shape&)>& f) {
  if (numel(shape) == 0) return;
  Shape idx(shape.size(), 0);
  while (true) {
    f(idx);
    size_t d = shape.size();
    while (d > 0) {
      --d;
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
      if (d == 0) return;
    }
    if (shape.empty()) return;
  }
}

inline int64_t flat(const Shape& shape, const Shape& idx) {
  int64_t f = 0;
  for (size_t d = 0; d < shape.size(); ++d) f = f * shape[d] + idx[d];
  return f;
}

/// A dense row-major array: the naive model of a tensor's values, with layout ops written as
/// plain index arithmetic (no strides anywhere), so it checks the runtime independently.
struct Model {
  Shape shape;
  std::vector<double> values;

  template <class F>
  Model remap(Shape new_shape, F&& old_index_of) const {
    Model m{new_shape, {}};
    for_each_index(new_shape, [&](const Shape& idx) {
      m.values.push_back(values[static_cast<size_t>(flat(shape, old_index_of(idx)))]);
    });
    return m;
  }
  Model transpose(size_t a, size_t b) const {
    Shape s = shape;
    std::swap(s[a], s[b]);
    return remap(s, [&](Shape idx) {
      std::swap(idx[a], idx[b]);
      return idx;
    });
  }
  Model permute(const Shape& p) const {
    Shape s(p.size());
    for (size_t i = 0; i < p.size(); ++i) s[i] = shape[static_cast<size_t>(p[i])];
    return remap(s, [&](const Shape& idx) {
      Shape old(p.size());
      for (size_t i = 0; i < p.size(); ++i) old[static_cast<size_t>(p[i])] = idx[i];
      return old;
    });
  }
  Model slice(size_t d, int64_t start, int64_t len, int64_t step) const {
    Shape s = shape;
    s[d] = len;
    return remap(s, [&](Shape idx) {
      idx[d] = start + idx[d] * step;
      return idx;
    });
  }
  Model select(size_t d, int64_t i) const {
    Shape s = shape;
    s.erase(s.begin() + static_cast<std::ptrdiff_t>(d));
    return remap(s, [&](Shape idx) {
      idx.insert(idx.begin() + static_cast<std::ptrdiff_t>(d), i);
      return idx;
    });
  }
  Model unsqueeze(size_t d) const {
    Model m = *this;
    m.shape.insert(m.shape.begin() + static_cast<std::ptrdiff_t>(d), 1);
    return m;
  }
  Model expand(size_t d, int64_t n) const {
    Shape s = shape;
    s[d] = n;
    return remap(s, [&](Shape idx) {
      idx[d] = 0;
      return idx;
    });
  }
};

/// A tensor with an arbitrary strided layout over unique values, and its model.
struct Strided {
  kt::Tensor tensor;
  Model model;
};

/// Generates (inside a RapidCheck property) a random shape and a chain of layout ops over it.
inline Strided gen_strided(int max_dims = 4, int64_t max_size = 4) {
  const auto ndim = *rc::gen::inRange(1, max_dims + 1).as("ndim");
  const auto shape = *rc::gen::container<Shape>(static_cast<size_t>(ndim),
                                                rc::gen::inRange<int64_t>(1, max_size + 1))
                          .as("base shape");
  Model m{shape, {}};
  for (int64_t i = 0; i < numel(shape); ++i) m.values.push_back(double(i));
  kt::Tensor t = kt::arange(double(numel(shape))).view(shape);
  const auto nops = *rc::gen::inRange(0, 4).as("number of layout ops");
  for (int k = 0; k < nops; ++k) {
    const auto op = *rc::gen::inRange(0, 6).as("layout op");
    const auto nd = static_cast<int64_t>(m.shape.size());
    if (op == 0 && nd >= 2) {
      const auto a = *rc::gen::inRange<int64_t>(0, nd);
      const auto b = *rc::gen::inRange<int64_t>(0, nd);
      t = t.transpose(a, b);
      m = m.transpose(size_t(a), size_t(b));
    } else if (op == 1 && nd >= 1) {
      const auto d = *rc::gen::inRange<int64_t>(0, nd);
      const int64_t size = m.shape[size_t(d)];
      const auto start = *rc::gen::inRange<int64_t>(0, size);
      const auto step = *rc::gen::inRange<int64_t>(1, 3);
      const int64_t len = (size - start + step - 1) / step;
      t = t.slice(d, start, size, step);
      m = m.slice(size_t(d), start, len, step);
    } else if (op == 2) {
      const auto d = *rc::gen::inRange<int64_t>(0, nd + 1);
      t = t.unsqueeze(d);
      m = m.unsqueeze(size_t(d));
      const auto n = *rc::gen::inRange<int64_t>(1, 4).as("expand to");
      Shape target = m.shape;
      target[size_t(d)] = n;
      t = t.expand(target);
      m = m.expand(size_t(d), n);
    } else if (op == 3 && nd >= 2) {
      const auto d = *rc::gen::inRange<int64_t>(0, nd);
      const auto i = *rc::gen::inRange<int64_t>(0, m.shape[size_t(d)]);
      t = t.select(d, i);
      m = m.select(size_t(d), i);
    } else if (op == 4 && nd >= 2) {
      Shape p(static_cast<size_t>(nd));
      for (int64_t i = 0; i < nd; ++i) p[size_t(i)] = i;
      p = *rc::gen::elementOf(std::vector<Shape>{p, Shape(p.rbegin(), p.rend())});
      t = t.permute(p);
      m = m.permute(p);
    }
  }
  return {t, m};
}

/// The tensor's values in row-major order, read element by element through at().
inline std::vector<double> read_all(const kt::Tensor& t) {
  std::vector<double> out;
  for_each_index(t.sizes(), [&](const Shape& idx) { out.push_back(t.at(idx)); });
  return out;
}

}  // namespace kt_test
