// Your kata: flash attention. Read README.md, then replace the TODO.
// Grade with:  ./grade flash_attention        Stuck?  ./grade hint flash_attention
#include "flash_attention.hpp"

namespace kata {

kt::Tensor flash_attention(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                           bool is_causal, int64_t block_size) {
  // TODO: attention over blocks of keys with an online softmax (running max, running sum,
  // rescaled accumulator), skipping the blocks a causal query cannot see. Never build T x T.
  (void)q;
  (void)k;
  (void)v;
  (void)is_causal;
  (void)block_size;
  throw kt::NotImplemented(
      "kata::flash_attention is not implemented yet: write it in "
      "katas/flash_attention/flash_attention.cpp");
}

}  // namespace kata
