// The adamw reference against torch.optim.AdamW run by PyTorch (float64, several steps from a fresh
// state and from a state set mid-training), and against a step worked out by hand.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "kt/tensor.hpp"
#include "reference/adamw/adamw.hpp"
#include "reference/common/golden_file.hpp"

TEST_CASE("the adamw reference matches torch.optim.AdamW step by step within rtol 1e-13",
          "[reference][golden]") {
  const auto cases = ref::golden::load(KT_REFERENCE_DIR "/adamw/tests/data/adamw_cases.txt");
  REQUIRE(cases.size() == 10);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape shape = c.shape("shape");
    const std::vector<double>& k = c.values("config");
    const ref::AdamWConfig cfg{k[0], k[1], k[2], k[3], k[4]};
    kt::Tensor param = c.tensor("param", shape);
    kt::Tensor m = c.tensor("start_exp_avg", shape), v = c.tensor("start_exp_avg_sq", shape);
    int64_t step = c.has("start_step") ? int64_t(c.values("start_step")[0]) : 0;
    const auto steps = int64_t(c.values("steps")[0]);
    for (int64_t i = 0; i < steps; ++i) {
      INFO("step " << i);
      const std::string n = std::to_string(i);
      const ref::AdamWResult r =
          ref::adamw_step(param, c.tensor("grad" + n, shape), m, v, step, cfg);
      CHECK(r.param.dtype() == kt::Float64);
      CHECK(kt::allclose(r.param, c.tensor("param" + n, shape), 1e-13, 1e-16));
      CHECK(kt::allclose(r.exp_avg, c.tensor("exp_avg" + n, shape), 1e-13, 1e-18));
      CHECK(kt::allclose(r.exp_avg_sq, c.tensor("exp_avg_sq" + n, shape), 1e-13, 1e-20));
      CHECK(r.step == int64_t(c.values("step" + n)[0]));
      param = r.param;
      m = r.exp_avg;
      v = r.exp_avg_sq;
      step = r.step;
    }
  }
}

TEST_CASE("the adamw reference gives the first step worked out by hand", "[reference]") {
  // lr 0.1, betas (0.5, 0.75), eps 0.25, weight_decay 0.5; param 2, grad 4, fresh state.
  // Decay: 2 * (1 - 0.1 * 0.5) = 1.9. exp_avg = 0.5 * 4 = 2, exp_avg_sq = 0.25 * 16 = 4.
  // Corrections 1 - 0.5 = 0.5 and 1 - 0.75 = 0.25: m_hat = 4, sqrt(v_hat) = sqrt(16) = 4.
  // Update 0.1 * 4 / (4 + 0.25) = 0.4 / 4.25; param = 1.9 - 0.4 / 4.25.
  const ref::AdamWConfig cfg{0.1, 0.5, 0.75, 0.25, 0.5};
  const ref::AdamWResult r = ref::adamw_step(kt::scalar_tensor(2.0), kt::scalar_tensor(4.0),
                                             kt::Tensor(), kt::Tensor(), 0, cfg);
  CHECK(r.param.item() == Approx(1.9 - 0.4 / 4.25).epsilon(1e-15));
  CHECK(r.exp_avg.item() == 2.0);
  CHECK(r.exp_avg_sq.item() == 4.0);
  CHECK(r.step == 1);
  CHECK(r.param.dim() == 0);
}
