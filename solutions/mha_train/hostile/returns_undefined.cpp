// expect: fail
// Returns a default-constructed (undefined) kt::Tensor: reported as such, never a crash.
#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor&, kt::Generator&, bool) const {
  return kt::Tensor();
}
