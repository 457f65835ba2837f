#include "grader/katas/layer_norm_backward/catalogue.hpp"

#include <sstream>
#include <utility>

#include "grader/katas/layer_norm_backward/mistakes.hpp"

namespace grader::kata_layer_norm_backward {
namespace {

/// The three gradients as the one tensor compared, or undefined when one is missing or misshapen.
kt::Tensor flattened(const Case& c, const Grads& g) {
  const kt::Shape want[3] = {c.x.sizes(), {c.x.size(-1)}, {c.x.size(-1)}};
  for (size_t w = 0; w < 3; ++w)
    if (!g[w].defined() || g[w].sizes() != want[w]) return kt::Tensor();
  return kt::cat({g.dx.reshape({-1}), g.dweight.to(kt::Float64), g.dbias.to(kt::Float64)}, 0);
}

Grads with(const Case& c, const Steps& steps) { return grads_with_steps(c, steps); }

/// The right gradients but dweight = the sum over every row of dout * `times` (x̂ where it belongs).
Grads with_dweight_of(const Case& c, const kt::Tensor& times) {
  Grads g = with(c, {});
  g.dweight = kt::sum((c.dout * times).reshape({-1, c.x.size(-1)}), 0);
  return g;
}

}  // namespace

std::vector<Entry> catalogue() {
  std::vector<Entry> entries;
  const auto add = entry_adder(entries);
  add("missing_mean_term", "the gradients with dx missing its - mean(g) term",
      "dx = (g - mean(g) - x̂ * mean(g * x̂)) / sigma.",
      [](const Case& c) { return with(c, {.mean_term = false}); });
  add("missing_xhat_term", "the gradients with dx missing its - x̂ * mean(g * x̂) term",
      "dx = (g - mean(g) - x̂ * mean(g * x̂)) / sigma.",
      [](const Case& c) { return with(c, {.xhat_term = false}); });
  add("weight_not_in_dx", "the gradients with dx computed from dout instead of dout * weight",
      "g = dout * weight in every term of dx.",
      [](const Case& c) { return with(c, {.weight_in_dx = false}); });
  add("dweight_without_xhat", "the gradients with dweight = the sum of dout (dbias)",
      "dweight = the sum over every row of dout * x̂.",
      [](const Case& c) { return with(c, {.dweight_xhat = false}); });
  add("dweight_from_raw_x", "the gradients with dweight = the sum of dout * x (x not normalised)",
      "dweight = the sum over every row of dout * x̂, x̂ = (x - mean) / sigma: the weight multiplies "
      "x̂, not x.",
      [](const Case& c) { return with_dweight_of(c, c.x); });
  add("dweight_from_centred_x",
      "the gradients with dweight = the sum of dout * (x - mean) (not divided by sigma)",
      "dweight = the sum over every row of dout * x̂, x̂ = (x - mean) / sigma.",
      [](const Case& c) { return with_dweight_of(c, c.x - kt::mean(c.x, -1, true)); });
  add("dx_not_divided_by_sigma", "the gradients with dx not divided by sigma",
      "Divide dx by sigma = sqrt(var + eps).", [](const Case& c) {
        Grads g = with(c, {});
        g.dx = g.dx * normalised(c).second;
        return g;
      });
  add("dx_sign_flipped", "the gradients with dx negated",
      "Check the signs: dx = (g - ...) / sigma.", [](const Case& c) {
        Grads g = with(c, {});
        g.dx = -g.dx;
        return g;
      });
  add("dx_is_g_over_sigma",
      "dx = dout * weight / sigma: both the mean's and the variance's "
      "terms missing",
      "dx = (g - mean(g) - x̂ * mean(g * x̂)) / sigma: x moves the mean and the variance too.",
      [](const Case& c) { return with(c, {.mean_term = false, .xhat_term = false}); });
  add("param_grads_averaged", "the gradients with dweight and dbias averaged over the rows",
      "Sum over every row, without dividing: each row adds its share to the parameters' "
      "gradients.",
      [](const Case& c) {
        Grads g = with(c, {});
        const double rows = double(c.x.numel() / c.x.size(-1));
        g.dweight = g.dweight / rows;
        g.dbias = g.dbias / rows;
        return g;
      });
  add("dweight_and_dbias_swapped", "the gradients with dweight and dbias swapped",
      "dweight = sum of dout * x̂; dbias = sum of dout.", [](const Case& c) {
        Grads g = with(c, {});
        std::swap(g.dweight, g.dbias);
        return g;
      });
  add("unbiased_variance_in_backward", "the gradients of a layer norm with the unbiased variance",
      "The forward's variance is biased (divided by D): sigma = sqrt(mean((x - mean)^2) + eps).",
      [](const Case& c) {
        // x̂ and sigma from var * D / (D - 1): dx of that forward, and the parameter sums with it.
        const double d = double(c.x.size(-1));
        const kt::Tensor centred = c.x - kt::mean(c.x, -1, true);
        const kt::Tensor var = kt::mean(centred * centred, -1, true) * (d / (d - 1));
        const kt::Tensor sigma = kt::sqrt(var + c.eps), xhat = centred / sigma;
        const kt::Tensor g = c.dout * c.weight;
        // d var_u / dx = 2 (x - mean) / (D - 1): the x̂ term scales by D / (D - 1).
        const kt::Tensor dx =
            (g - kt::mean(g, -1, true) - xhat * kt::mean(g * xhat, -1, true) * (d / (d - 1))) /
            sigma;
        return Grads{dx, kt::sum((c.dout * xhat).reshape({-1, c.x.size(-1)}), 0),
                     kt::sum(c.dout.reshape({-1, c.x.size(-1)}), 0)};
      });
  add("dweight_times_weight",
      "the gradients with dweight = the sum of dout * weight * x̂ (g * x̂, the weight in it)",
      "dweight = the sum over every row of dout * x̂: the weight's gradient does not carry the "
      "weight itself (g = dout * weight is dx's).",
      [](const Case& c) { return with_dweight_of(c, c.weight * normalised(c).first); });
  add("dbias_times_weight", "the gradients with dbias = the sum of dout * weight (of g)",
      "dbias = the sum over every row of dout: the bias is added after the weight multiplies, so "
      "its gradient carries no weight.",
      [](const Case& c) {
        Grads g = with(c, {});
        g.dbias = kt::sum((c.dout * c.weight).reshape({-1, c.x.size(-1)}), 0);
        return g;
      });
  add("dx_divided_by_variance", "the gradients with dx divided by sigma² (var + eps), not sigma",
      "Divide dx by sigma = sqrt(var + eps) once: x̂ already holds the other 1 / sigma.",
      [](const Case& c) {
        Grads g = with(c, {});
        g.dx = g.dx / normalised(c).second;
        return g;
      });
  return entries;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261205);
  const auto make = [&](const kt::Shape& shape, double eps) {
    Case c;
    c.x = kt::randn(shape, gen) * 2.0 + 0.5;
    c.weight = kt::randn({shape.back()}, gen) + 1.0;
    c.dout = kt::randn(shape, gen);
    c.eps = eps;
    return c;
  };
  return {make({2, 3, 5}, 1e-5), make({4, 4}, 0.1)};
}

std::vector<Step> expected_steps(const Case& c) {
  const kt::Tensor mean = kt::mean(c.x, -1, true), centred = c.x - mean;
  const kt::Tensor var = kt::mean(centred * centred, -1, true), sigma = kt::sqrt(var + c.eps);
  const kt::Tensor xhat = centred / sigma, g = c.dout * c.weight;
  const kt::Tensor mean_g = kt::mean(g, -1, true), mean_gx = kt::mean(g * xhat, -1, true);
  const kt::Tensor num = g - mean_g - xhat * mean_gx;
  return {{"mean over the last axis (keepdim)", mean, -1, {}},
          {"x - mean", centred, -1, {0}},
          {"var = mean((x - mean)^2) (keepdim)", var, -1, {1}},
          {"sigma = sqrt(var + eps)", sigma, -1, {2}},
          {"xhat = (x - mean) / sigma", xhat, -1, {1, 3}},
          {"g = dout * weight", g, -1, {}},
          {"mean(g) (keepdim)", mean_g, -1, {5}},
          {"mean(g * xhat) (keepdim)", mean_gx, -1, {4, 5}},
          {"g - mean(g) - xhat * mean(g * xhat)", num, -1, {4, 5, 6, 7}},
          {"dx = that / sigma", num / sigma, -1, {3, 8}}};
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    Diagnosis<Case> d = diagnosis_over<Case>(
        catalogue(), [](const Entry& e, const Case& c) { return flattened(c, e.computes(c)); });
    d.discriminating_cases = discriminating_cases;
    d.learner = [](const Case& c) {
      const Called called = run_learner(c);
      return called.run.ok() ? flattened(c, called.grads) : kt::Tensor();
    };
    d.reference = [](const Case& c) { return flattened(c, run_reference(c)); };
    d.steps = expected_steps;
    // The journey follows dx, the last step: the learner's dx as returned.
    d.traced = [](const Case& c) {
      const Called called = run_learner(c);
      return called.run.ok() ? called.grads.dx : kt::Tensor();
    };
    d.case_text = [](const Case& c) {
      std::ostringstream s;
      s << "the case x shape = " << kt::shape_str(c.x.sizes()) << ", eps = " << c.eps;
      return s.str();
    };
    return d;
  });
}

}  // namespace grader::kata_layer_norm_backward
