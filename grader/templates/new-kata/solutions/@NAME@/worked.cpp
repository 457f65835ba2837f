// expect: pass
// The worked solution. TODO(new-kata): the kata's own, written as a good interview answer.
#include "@NAME@.hpp"

kt::Tensor @NAME@(const kt::Tensor& x) { return kt::softmax(x, -1); }
