// Your kata: @NAME@. Read README.md, then replace the TODO.
// Grade with:  ./grade @NAME@        Stuck?  ./grade hint @NAME@
#include "@NAME@.hpp"

kt::Tensor @NAME@(const kt::Tensor& x) {
  // TODO: the softmax of x over its last axis (subtract each row's maximum first).
  (void)x;
  throw kt::NotImplemented("@NAME@(x) is not implemented yet: write it in katas/@NAME@/@NAME@.cpp");
}
