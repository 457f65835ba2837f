// expect: fail
// expect-diagnosis: no_normalisation
// Wrong: exp(x - max) without the division by the sum. The catalogue names what it computes.
#include "@NAME@.hpp"

kt::Tensor @NAME@(const kt::Tensor& x) { return kt::exp(x - kt::amax(x, -1, true)); }
