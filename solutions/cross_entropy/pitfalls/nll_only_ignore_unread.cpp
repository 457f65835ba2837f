// expect-pitfalls: ignored_rows_in_mean
// Two mistakes: ignore_index never read (a target of -100 throws), and no label smoothing (no
// pitfall: the catalogue's smoothing_ignored). Where smoothing is 0 the first is its loss alone.
#include "cross_entropy.hpp"

namespace kata {

kt::Tensor cross_entropy(const kt::Tensor& logits, const kt::Tensor& target, int64_t, double) {
  const kt::Tensor log_p = logits - kt::logsumexp(logits, 1, true);
  return -kt::mean(kt::gather(log_p, 1, target.unsqueeze(1)));
}

}  // namespace kata
