// Your kata: attention in training, with dropout. Read README.md, then replace the TODO.
// Grade with:  ./grade mha_train        Stuck?  ./grade hint mha_train
#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator& gen, bool causal) const {
  // TODO: multi-head attention as in the mha kata, plus dropout on the attention weights while
  // training() (drawn from gen, survivors divided by 1 - dropout_p).
  (void)x;
  (void)gen;
  (void)causal;
  throw kt::NotImplemented(
      "MultiHeadAttention::forward(x, gen, causal) is not implemented yet: write it in "
      "katas/mha_train/mha_train.cpp");
}
