// nn::Linear: torch.nn.Linear's formula, shapes and initialisation.
#include <catch2/catch.hpp>
#include <cmath>

#include "kt/tensor.hpp"

using kt::Shape;

TEST_CASE("Linear computes x W^T + b over any leading dims", "[nn]") {
  kt::Generator gen(7);
  kt::nn::Linear lin(3, 2, true, kt::Float64, gen);
  CHECK(lin.weight.sizes() == Shape{2, 3});
  CHECK(lin.bias.sizes() == Shape{2});
  lin.weight = kt::tensor({1, 2, 3, 4, 5, 6}, {2, 3});
  lin.bias = kt::tensor({0.5, -0.5}, {2});
  const kt::Tensor x = kt::tensor({1, 0, -1, 2, 2, 2}, {1, 2, 3});
  const kt::Tensor y = lin(x);
  CHECK(y.sizes() == Shape{1, 2, 2});
  CHECK(y.to_vector<double>() == std::vector<double>{-1.5, -2.5, 12.5, 29.5});
  kt::nn::Linear no_bias(3, 2, false);
  CHECK_FALSE(no_bias.bias.defined());
  CHECK_THROWS_WITH(lin(kt::zeros({2, 4})),
                    "Linear: expected input with last dim 3 (in_features), got shape [2, 4]");
}

TEST_CASE("Linear is initialised uniformly within 1/sqrt(in_features)", "[nn]") {
  kt::Generator gen(1);
  kt::nn::Linear lin(64, 128, true, kt::Float64, gen);
  const double bound = 1.0 / 8.0;
  CHECK(kt::amax(kt::abs(lin.weight)).item() <= bound);
  CHECK(kt::amax(kt::abs(lin.weight)).item() > 0.9 * bound);
  CHECK(std::abs(kt::mean(lin.weight).item()) < 0.01);
  kt::Generator same(1);
  CHECK(kt::equal(kt::nn::Linear(64, 128, true, kt::Float64, same).weight, lin.weight));
}

TEST_CASE("generators are reproducible from their seed", "[nn][random]") {
  kt::Generator a(42), b(42), c(43);
  const kt::Tensor x = kt::randn({100}, a);
  CHECK(kt::equal(x, kt::randn({100}, b)));
  CHECK_FALSE(kt::equal(x, kt::randn({100}, c)));
  CHECK(std::abs(kt::mean(kt::randn({20000}, a)).item()) < 0.05);
  const kt::Tensor u = kt::rand({1000}, a);
  CHECK(kt::amin(u).item() >= 0.0);
  CHECK(kt::amax(u).item() < 1.0);
}
