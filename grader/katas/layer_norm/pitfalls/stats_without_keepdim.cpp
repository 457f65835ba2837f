// Detector of stats_without_keepdim: the mean or the variance reduced over the last axis without
// keepdim, so it broadcasts against x's last axis instead of along it: a shape error on most
// shapes, and other rows' statistics where the sizes happen to fit.
#include "grader/katas/layer_norm/detect.hpp"

namespace grader::kata_layer_norm {
namespace {

Outcome check_stats_without_keepdim(uint64_t seed) {
  return detect(seed, cube(Values::Moderate), &Made::stats_without_keepdim, "stats_without_keepdim",
                [](const Case& c, const Steps& steps) {
                  const std::string which = !steps.mean_keepdim && !steps.var_keepdim
                                                ? "the mean and the variance were"
                                            : !steps.mean_keepdim ? "the mean was"
                                                                  : "the variance was";
                  kt::Shape reduced = c.x.sizes();
                  reduced.pop_back();
                  return which + " reduced over the last axis without keepdim: shape " +
                         kt::shape_str(reduced) + " lines up with x's last axes, not with its " +
                         "rows, so entry [..., i, j] gets the statistics of row j (on these " +
                         "square shapes it broadcasts; on others it throws a shape error). Keep " +
                         "the axis, so each row's statistics broadcast along it: kt::mean(x, -1, " +
                         "/*keepdim=*/true).";
                });
}

const Registrar registered_stats_without_keepdim(
    {"pitfall_stats_without_keepdim", "each row's mean and variance keep the axis (keepdim)",
     check_stats_without_keepdim});

}  // namespace
}  // namespace grader::kata_layer_norm
