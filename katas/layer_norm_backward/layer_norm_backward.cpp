// Your kata: the backward pass of layer normalization. Read README.md, then replace the TODO.
// Grade with:  ./grade layer_norm_backward        Stuck?  ./grade hint layer_norm_backward
#include "layer_norm_backward.hpp"

namespace kata {

LayerNormGrads layer_norm_backward(const kt::Tensor& x, const kt::Tensor& weight,
                                   const kt::Tensor& dout, double eps) {
  // TODO: dx, dweight and dbias of sum(dout * layer_norm(x, weight, bias, eps)).
  (void)x;
  (void)weight;
  (void)dout;
  (void)eps;
  throw kt::NotImplemented(
      "kata::layer_norm_backward(x, weight, dout, eps) is not implemented yet: write it in "
      "katas/layer_norm_backward/layer_norm_backward.cpp");
}

}  // namespace kata
