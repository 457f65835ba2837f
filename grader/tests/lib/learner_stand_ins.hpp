// The learner's functions of the unit tests (learner_stand_ins.cpp): unset, they throw
// kt::NotImplemented; a test that drives the grader's calls into the learner (a journey, an
// attention map) sets them to what its pretend learner computes, and resets them after.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "grader/katas/mha_family/cases.hpp"
#include "katas/kv_cache/kv_cache.hpp"
#include "kt/tensor.hpp"

namespace stand_in {

extern std::function<kt::Tensor(const kt::Tensor& x, int64_t dim)> softmax;
extern std::function<kt::Tensor(const kt::Tensor& q, const kt::Tensor& k, const kt::Tensor& v,
                                const std::optional<kt::Tensor>& attn_mask, bool is_causal)>
    sdpa;
extern std::function<kt::Tensor(const kt::Tensor& x, int64_t start_pos, double base)> rope;
extern std::function<kt::Tensor(const CachedAttention& m, const kt::Tensor& x, KVCache& cache)>
    cached_attention;
/// The multi-head attention family's forward on a case (the handler of
/// grader/katas/mha_family/call.hpp).
extern std::function<kt::Tensor(const grader::mha::Case& c)> mha_forward;

}  // namespace stand_in
