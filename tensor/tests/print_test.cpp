// repr / operator<< / fmt: PyTorch's layout of values, plus shape and dtype.
#include <catch2/catch.hpp>
#include <sstream>

#include "kt/format.hpp"
#include "kt/tensor.hpp"

TEST_CASE("tensors print like PyTorch's repr with shape and dtype", "[print]") {
  CHECK(kt::repr(kt::arange(6.0).view({2, 3})) ==
        "tensor([[0., 1., 2.],\n        [3., 4., 5.]], dtype=float64, shape=[2, 3])");
  CHECK(kt::repr(kt::tensor({0.5, -1.25}, {2}, kt::Float32)) ==
        "tensor([ 0.5000, -1.2500], dtype=float32, shape=[2])");
  CHECK(kt::repr(kt::tensor({1e-8, 1}, {2})) ==
        "tensor([1.0000e-08, 1.0000e+00], dtype=float64, shape=[2])");
  CHECK(kt::repr(kt::scalar_tensor(2.5)) == "tensor(2.5000, dtype=float64, shape=[])");
  CHECK(kt::repr(kt::zeros({0, 3})) == "tensor([], dtype=float64, shape=[0, 3])");
  CHECK(kt::repr(kt::arange(3.0) > 0.5) == "tensor([False,  True,  True], dtype=bool, shape=[3])");
  CHECK(kt::repr(kt::tensor({NAN, -INFINITY, 1.5}, {3})) ==
        "tensor([   nan,   -inf, 1.5000], dtype=float64, shape=[3])");
  CHECK(kt::repr(kt::Tensor()) == "tensor(undefined)");
}

TEST_CASE("large tensors are elided to their first and last three entries", "[print]") {
  const std::string s = kt::repr(kt::arange(2000.0, kt::Int64));
  CHECK(s == "tensor([   0,    1,    2, ..., 1997, 1998, 1999], dtype=int64, shape=[2000])");
  const std::string m = kt::repr(kt::zeros({40, 40}));
  CHECK(m.find("...") != std::string::npos);
  CHECK(m.size() < 400);
}

TEST_CASE("operator<< and fmt print the same text", "[print]") {
  const kt::Tensor t = kt::eye(2);
  std::ostringstream os;
  os << t;
  CHECK(os.str() == kt::repr(t));
  CHECK(fmt::format("{}", t) == kt::repr(t));
}
