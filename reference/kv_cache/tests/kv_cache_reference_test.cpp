// The kv_cache reference against one causal forward with Hugging Face's rotate_half RoPE run in
// PyTorch (float64): the outputs, the rotated keys and the values.
#include <catch2/catch.hpp>

#include "kt/tensor.hpp"
#include "reference/common/golden_file.hpp"
#include "reference/kv_cache/kv_cache.hpp"

TEST_CASE("the kv_cache reference matches PyTorch's causal attention with RoPE on q and k",
          "[reference][golden]") {
  const auto cases = ref::golden::load(KT_REFERENCE_DIR "/kv_cache/tests/data/kv_cache_cases.txt");
  REQUIRE(cases.size() == 4);
  for (const auto& c : cases) {
    INFO("case " << c.name);
    const kt::Shape s = c.shape("sizes");
    const int64_t B = s[0], T = s[1], H = s[2], dh = s[3], D = H * dh;
    const kt::Shape square{D, D}, row{D};
    const ref::MhaWeights w{c.tensor("wq", square), c.tensor("wk", square), c.tensor("wv", square),
                            c.tensor("wo", square), c.tensor("bq", row),    c.tensor("bk", row),
                            c.tensor("bv", row),    c.tensor("bo", row)};
    const ref::CachedSequence got = ref::cached_attention(c.tensor("x", {B, T, D}), w, H);
    CHECK(kt::allclose(got.out, c.tensor("out", {B, T, D}), 1e-10, 1e-12));
    CHECK(kt::allclose(got.k, c.tensor("k", {B, H, T, dh}), 1e-10, 1e-12));
    CHECK(kt::allclose(got.v, c.tensor("v", {B, H, T, dh}), 1e-10, 1e-12));
  }
}
