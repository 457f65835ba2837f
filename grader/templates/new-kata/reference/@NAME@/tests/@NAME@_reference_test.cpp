// The @NAME@ reference against values worked out by hand.
// TODO(new-kata): compare with PyTorch's outputs recorded by a script in tools/golden/.
#include <catch2/catch.hpp>
#include <cmath>

#include "kt/tensor.hpp"
#include "reference/@NAME@/@NAME@.hpp"

TEST_CASE("the @NAME@ reference gives the softmax worked out by hand", "[reference]") {
  const kt::Tensor x = kt::from_vector(std::vector<double>{0.0, std::log(3.0), 1000.0, 1000.0}, {2, 2});
  const kt::Tensor expected = kt::from_vector(std::vector<double>{0.25, 0.75, 0.5, 0.5}, {2, 2});
  CHECK(kt::allclose(ref::@NAME@(x), expected, 1e-15, 1e-15));
}
