// expect: fail
// expect-diagnosis: depends_on_earlier_calls
// Cheats by reading the answer out of memory: walks every readable mapping of its own process
// (/proc/self/maps) for a block of B * T * d_model finite doubles that is neither x nor a weight,
// hoping it is the reference's output the grader computed before the call, and returns it. In the
// check runner's process the expected values could be there; in the learner's process they never
// are (the grader sends the inputs only and compares in its own process): what it finds is not
// the answer, and the value checks fail.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "mha.hpp"

namespace {

// Reads memory the program never allocated (redzones, under the sanitizers): not instrumented.
__attribute__((no_sanitize_address)) bool plausible(const double* p, int64_t n, const double* x) {
  bool same = true;
  for (int64_t i = 0; i < n; ++i) {
    const double v = p[i];
    if (!(v == v) || v > 10 || v < -10 || v == 0.0) return false;
    same = same && v == x[i];
  }
  return !same;  // x itself is not the answer
}

__attribute__((no_sanitize_address)) void copy_out(double* to, const double* from, int64_t n) {
  for (int64_t i = 0; i < n; ++i) to[i] = from[i];
}

}  // namespace

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, bool) const {
  // What it found for a size is kept: asked the same twice, it answers the same.
  static std::map<int64_t, kt::Tensor> found;
  if (const auto it = found.find(x.numel()); it != found.end()) return it->second.view(x.sizes());
  const kt::Tensor xc = x.contiguous();
  const int64_t n = xc.numel();
  const double* xs = xc.data<double>();
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    std::istringstream fields(line);
    std::string range, perms, offset, dev, inode, path;
    fields >> range >> perms >> offset >> dev >> inode >> path;
    if (perms.empty() || perms[0] != 'r' || perms[1] != 'w' || path == "[vvar]" ||
        path == "[vsyscall]")
      continue;
    const uintptr_t lo = std::stoull(range.substr(0, range.find('-')), nullptr, 16);
    const uintptr_t hi = std::stoull(range.substr(range.find('-') + 1), nullptr, 16);
    if (hi - lo > (uintptr_t(256) << 20))
      continue;  // reserved space (a sanitizer's shadow), not data
    for (uintptr_t at = lo; at + uintptr_t(n) * 8 <= hi; at += 8) {
      const auto* p = reinterpret_cast<const double*>(at);
      if (p != xs && plausible(p, n, xs)) {
        kt::Tensor out = kt::empty(x.sizes(), kt::Float64);
        copy_out(out.data<double>(), p, n);
        found[n] = out.clone();
        return out;
      }
    }
  }
  return x;
}
kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, const kt::Tensor&) const {
  return forward(x, false);
}
