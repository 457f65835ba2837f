// Your kata: sampling a token with temperature, top-k and top-p. Read README.md, then replace the
// TODO.
// Grade with:  ./grade sampling        Stuck?  ./grade hint sampling
#include "sampling.hpp"

namespace kata {

int64_t sample_token(const kt::Tensor& logits, double temperature, int64_t top_k, double top_p,
                     kt::Generator& gen) {
  // TODO: greedy at temperature 0; else scale, filter by top-k then top-p, renormalise and draw
  // one gen.uniform().
  (void)logits;
  (void)temperature;
  (void)top_k;
  (void)top_p;
  (void)gen;
  throw kt::NotImplemented(
      "kata::sample_token(logits, temperature, top_k, top_p, gen) is not implemented yet: write "
      "it in katas/sampling/sampling.cpp");
}

}  // namespace kata
