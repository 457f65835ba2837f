// The strided elementwise loop every pointwise kernel runs on.
//
// Note [elementwise loop]
// An op over N operands (the output first) of one shape walks all of them at once. Inputs are
// expanded to the output's shape beforehand, so broadcasting is just a stride of 0. Before walking,
// dims of size 1 are dropped and neighbouring dims are merged wherever every operand is laid out
// contiguously across them, so a contiguous op becomes a single flat loop. The innermost loop has a
// fast path for unit strides that compilers vectorise.
#pragma once

#include <array>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "internal.hpp"

namespace kt::detail {

/// Calls inner(pointers, byte_strides, n) once per innermost run of the loop described by sizes,
/// base pointers and byte strides (one stride list per operand, as long as sizes).
template <size_t N, class Inner>
void loop_nd(const Shape& sizes, std::array<char*, N> base,
             const std::array<Shape, N>& byte_strides, Inner&& inner) {
  for (int64_t s : sizes)
    if (s == 0) return;
  // Innermost dim first; drop size-1 dims.
  std::vector<int64_t> dims;
  std::vector<std::array<int64_t, N>> strides;
  for (size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] == 1) continue;
    std::array<int64_t, N> s{};
    for (size_t k = 0; k < N; ++k) s[k] = byte_strides[k][d];
    if (!dims.empty()) {
      bool mergeable = true;
      for (size_t k = 0; k < N; ++k)
        mergeable = mergeable && s[k] == strides.back()[k] * dims.back();
      if (mergeable) {
        dims.back() *= sizes[d];
        continue;
      }
    }
    dims.push_back(sizes[d]);
    strides.push_back(s);
  }
  if (dims.empty()) {
    inner(base, std::array<int64_t, N>{}, int64_t{1});
    return;
  }
  const size_t nd = dims.size();
  std::vector<int64_t> counter(nd, 0);
  std::array<char*, N> ptr = base;
  while (true) {
    inner(ptr, strides[0], dims[0]);
    size_t d = 1;
    for (; d < nd; ++d) {
      ++counter[d];
      for (size_t k = 0; k < N; ++k) ptr[k] += strides[d][k];
      if (counter[d] < dims[d]) break;
      for (size_t k = 0; k < N; ++k) ptr[k] -= strides[d][k] * dims[d];
      counter[d] = 0;
    }
    if (d == nd) return;
  }
}

inline Shape byte_strides(const Tensor& t) {
  Shape s = t.strides();
  for (auto& v : s) v *= element_size(t.dtype());
  return s;
}

/// The inner loop when the output has unit stride and each input has unit stride or stride 0 (a
/// broadcast value); bit I of Mask says input I is broadcast. With the mask known at compile time
/// the loop is a plain expression the compiler vectorises.
template <unsigned Mask, class Out, class... In, class F, size_t... I>
void unit_loop(Out* o, const std::tuple<const In*...>& in, int64_t n, F& f,
               std::index_sequence<I...>) {
  for (int64_t i = 0; i < n; ++i) o[i] = f(std::get<I>(in)[((Mask >> I) & 1U) != 0 ? 0 : i]...);
}

/// Calls unit_loop<mask> for a mask known only at run time (2^inputs instantiations).
template <unsigned Mask, class Out, class... In, class F, size_t... I>
void unit_loop_dispatch(unsigned mask, Out* o, const std::tuple<const In*...>& in, int64_t n, F& f,
                        std::index_sequence<I...> seq) {
  if constexpr (Mask + 1 < (1U << sizeof...(In))) {
    if (mask != Mask) {
      unit_loop_dispatch<Mask + 1, Out, In...>(mask, o, in, n, f, seq);
      return;
    }
  }
  unit_loop<Mask, Out, In...>(o, in, n, f, seq);
}

template <class Out, class... In, class F, class... Ts, size_t... I>
void apply_impl(const Tensor& out, F&& f, std::index_sequence<I...> seq, const Ts&... inputs) {
  constexpr size_t N = 1 + sizeof...(In);
  std::array<char*, N> base{bytes(out), bytes(inputs)...};
  std::array<Shape, N> strides{byte_strides(out), byte_strides(inputs)...};
  loop_nd<N>(
      out.sizes(), base, strides,
      [&](const std::array<char*, N>& p, const std::array<int64_t, N>& s, int64_t n) {
        const bool unit_or_zero = s[0] == int64_t(sizeof(Out)) &&
                                  ((s[I + 1] == int64_t(sizeof(In)) || s[I + 1] == 0) && ...);
        if (unit_or_zero) {
          const unsigned mask = ((s[I + 1] == 0 ? (1U << I) : 0U) | ... | 0U);
          const std::tuple<const In*...> in{reinterpret_cast<const In*>(p[I + 1])...};
          unit_loop_dispatch<0, Out, In...>(mask, reinterpret_cast<Out*>(p[0]), in, n, f, seq);
        } else {
          for (int64_t i = 0; i < n; ++i) {
            *reinterpret_cast<Out*>(p[0] + i * s[0]) =
                f(*reinterpret_cast<const In*>(p[I + 1] + i * s[I + 1])...);
          }
        }
      });
}

/// out[i] = f(inputs[i]...) over out's shape. Each input must already have out's shape (expand it
/// to broadcast) and the element type named in In. See Note [elementwise loop].
template <class Out, class... In, class F, class... Ts>
void apply(const Tensor& out, F&& f, const Ts&... inputs) {
  static_assert(sizeof...(In) == sizeof...(Ts), "one element type per input tensor");
  apply_impl<Out, In...>(out, std::forward<F>(f), std::index_sequence_for<In...>{}, inputs...);
}

}  // namespace kt::detail
