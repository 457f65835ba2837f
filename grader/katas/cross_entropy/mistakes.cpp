#include "grader/katas/cross_entropy/mistakes.hpp"

#include <limits>
#include <vector>

namespace grader::kata_cross_entropy {

kt::Tensor cross_entropy_with_steps(const kt::Tensor& logits, const kt::Tensor& target,
                                    int64_t ignore_index, double label_smoothing,
                                    const Steps& steps) {
  const kt::Tensor x = logits.to(kt::Float64);
  kt::Tensor lp;
  switch (steps.log_probs) {
    case Steps::LogProbs::Stable:
      lp = x - kt::logsumexp(x, steps.axis, true);
      break;
    case Steps::LogProbs::Raw:
      lp = x - kt::log(kt::sum(kt::exp(x), steps.axis, true));
      break;
    case Steps::LogProbs::LogOfSoftmax:
      lp = kt::log(kt::softmax(x, steps.axis));
      break;
  }
  const int64_t n = x.size(0), classes = x.size(1);
  const std::vector<double> v = lp.contiguous().to_vector<double>();
  const std::vector<int64_t> t = target.contiguous().to_vector<int64_t>();
  const double eps = label_smoothing;
  double total = 0;
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) {
    const bool ignored = t[size_t(i)] == ignore_index;
    if (ignored && steps.ignored == Steps::Ignored::SmoothingKept) {
      double all = 0;  // -log p summed over every class
      for (int64_t k = 0; k < classes; ++k) all -= v[size_t(i * classes + k)];
      total += eps * all / double(classes);
      continue;
    }
    if (ignored && steps.ignored != Steps::Ignored::Counted) {
      if (steps.ignored == Steps::Ignored::ZeroedInMean) ++count;
      continue;
    }
    const int64_t ti = t[size_t(i)];
    if (ti < 0 || ti >= classes) return kt::Tensor();  // it would have thrown
    const double* row = v.data() + i * classes;
    double others = 0;  // -log p summed over the classes but the target
    for (int64_t k = 0; k < classes; ++k)
      if (k != ti) others -= row[k];
    const double own = -row[ti];
    double loss = 0;
    switch (steps.smoothing) {
      case Steps::Smoothing::Right:
        loss = (1 - eps) * own + eps * (own + others) / double(classes);
        break;
      case Steps::Smoothing::OtherClasses:
        if (classes == 1) return kt::Tensor();  // eps / 0
        loss = (1 - eps) * own + eps * others / double(classes - 1);
        break;
      case Steps::Smoothing::NoOwnShare:
        loss = (1 - eps) * own + eps * others / double(classes);
        break;
    }
    total += loss;
    ++count;
  }
  // 0 / 0 is NaN, as PyTorch's; a sum over no counted row that is not 0 (the smoothing of
  // ignored rows) over 0 is inf, as the learner's code gives.
  if (count == 0)
    return kt::full({}, total == 0 ? std::numeric_limits<double>::quiet_NaN()
                                   : std::numeric_limits<double>::infinity());
  return kt::full({}, total / double(count));
}

Made pitfalls_made(const Steps& steps) {
  return {.log_of_softmax = steps.log_probs == Steps::LogProbs::LogOfSoftmax,
          .no_max_subtraction = steps.log_probs == Steps::LogProbs::Raw,
          .ignored_rows_in_mean = steps.ignored == Steps::Ignored::ZeroedInMean ||
                                  steps.ignored == Steps::Ignored::Counted,
          .smoothing_mass_wrong = steps.smoothing != Steps::Smoothing::Right,
          .softmax_wrong_dim = steps.axis != 1};
}

}  // namespace grader::kata_cross_entropy
