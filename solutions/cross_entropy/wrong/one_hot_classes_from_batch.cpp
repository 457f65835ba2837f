// expect: fail
// Wrong: the target rows are picked with kt::one_hot(target) left at its default num_classes = -1,
// so the one-hot width is the batch's largest target + 1 rather than C, which breaks (or silently
// broadcasts) whenever no kept row is of the last class.
#include <string>

#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t ignore_index,
                         double label_smoothing) {
  const int64_t N = logits.size(0);
  const int64_t C = logits.size(1);
  for (int64_t i = 0; i < N; ++i) {
    const auto t = static_cast<int64_t>(target.at({i}));
    if (t != ignore_index && (t < 0 || t >= C)) {
      throw kt::IndexError("cross_entropy: target " + std::to_string(t) + " at row " +
                           std::to_string(i) + " is out of bounds for " + std::to_string(C) +
                           " classes");
    }
  }
  const kt::Tensor kept = target != static_cast<double>(ignore_index);               // (N) Bool
  const kt::Tensor safe = kt::where(kept, target, kt::zeros_like(target));           // (N) Int64
  const kt::Tensor logp = logits - kt::logsumexp(logits, 1, true);                   // (N, C)
  const kt::Tensor picked = kt::one_hot(safe).to(logits.dtype());                    // (N, ?)
  const kt::Tensor nll = -kt::sum(picked * logp, 1);                                 // (N)
  const kt::Tensor smooth = -kt::mean(logp, 1);                                      // (N)
  const kt::Tensor loss = nll * (1.0 - label_smoothing) + smooth * label_smoothing;  // (N)
  const kt::Tensor keptf = kept.to(logits.dtype());
  return kt::sum(loss * keptf) / kt::sum(keptf);
}

}  // namespace kata
