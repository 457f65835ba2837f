// expect: fail
// expect-diagnosis: returns_input
// Wrong: returns its input. Right shape, wrong values: matches_reference fails, and the catalogue
// says what the output equals (no pitfall is named).
#include "@NAME@.hpp"

kt::Tensor @NAME@(const kt::Tensor& x) { return x.clone(); }
