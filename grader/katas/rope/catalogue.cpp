#include "grader/katas/rope/catalogue.hpp"

#include <cmath>
#include <sstream>
#include <string>
#include <utility>

namespace grader::kata_rope {
namespace {

/// 10000, 100, 500000 as a learner writes them.
std::string base_text(double base) {
  std::ostringstream s;
  s << base;
  return s.str();
}

}  // namespace

std::vector<RopeEntry> catalogue() {
  std::vector<RopeEntry> entries;
  const auto add = [&](const char* id, std::string what, const char* fix, Mistakes m) {
    entries.push_back({{id, std::move(what), fix}, m});
  };
  add("rope_interleaved_pairs", "RoPE with the pairs (x[2i], x[2i+1]) (GPT-J's convention)",
      "Pair x[i] with x[i + d/2]: the two halves of the last axis.", {.interleaved = true});
  add("rope_ignores_start_pos", "RoPE with positions 0, 1, ..., T - 1 (start_pos ignored)",
      "Row t is at position start_pos + t.", {.ignores_start_pos = true});
  for (const Frequencies f : kAllFrequencies) {
    if (f == Frequencies::Right) continue;
    add("rope_wrong_frequencies",
        "RoPE with pair i turning by " + frequencies_text(f) + " per position",
        "Pair i turns by base^(-2i/d): arange(0, d, 2) / d, negated, as the exponent.",
        {.frequencies = f});
  }
  add("rope_sign_flipped", "RoPE turning every pair by -angle",
      "(a, b) -> (a cos - b sin, b cos + a sin): rotate_half(x) = cat(-x2, x1).",
      {.sign_flipped = true});
  add("positions_from_one", "RoPE with positions start_pos + 1, ..., start_pos + T",
      "Row t is at position start_pos + t: the first row at start_pos itself.",
      {.positions_from_one = true});
  add("base_ignored", "RoPE with base 10000 whatever base is",
      "Use the base argument (LLaMA 3 uses 500000).", {.base_ignored = true});
  add("cos_sin_swapped", "RoPE with cos and sin swapped (x sin + rotate_half(x) cos)",
      "x * cos + rotate_half(x) * sin.", {.cos_sin_swapped = true});
  add("rotate_half_unsigned", "x cos + cat(x2, x1) sin: rotate_half without its minus sign",
      "rotate_half(x) = cat(-x2, x1): without the minus it is not a rotation.",
      {.rotate_half_unsigned = true});
  add("rotate_half_negated",
      "x cos + cat(-x2, -x1) sin: rotate_half with a minus on both halves, so the second half is "
      "x2 cos - x1 sin",
      "rotate_half(x) = cat(-x2, x1): only x2 is negated; the second half is x2 cos + x1 sin.",
      {.rotate_half_negated = true});
  add("first_half_only", "RoPE applied to the first half of each row, the second half left as is",
      "Both members of a pair change: the second half is x2 cos + x1 sin.",
      {.first_half_only = true});
  add("cos_position_off_by_one",
      "RoPE with the cos table one position late (start_pos + t + 1) and the sin table right: "
      "cos and sin of different angles, which is not a rotation",
      "Build cos and sin from the same angles: positions start_pos + t times inv_freq.",
      {.cos_one_late = true});
  add("sin_table_from_position_zero",
      "RoPE with the sin table at positions 0 .. T - 1 and the cos table at start_pos + t: cos "
      "and sin of different angles, which is not a rotation",
      "Build cos and sin from the same angles: positions start_pos + t times inv_freq, for both.",
      {.sin_from_zero = true});
  add("cos_table_from_position_zero",
      "RoPE with the cos table at positions 0 .. T - 1 and the sin table at start_pos + t: cos "
      "and sin of different angles, which is not a rotation",
      "Build cos and sin from the same angles: positions start_pos + t times inv_freq, for both.",
      {.cos_from_zero = true});
  add("frequency_indexed_by_position",
      "RoPE where every pair of row t (t = 0 .. T - 1, the row's index in x) turns by "
      "(start_pos + t) · base^(-2t/d): the frequency indexed by the row instead of by the pair",
      "inv_freq has one entry per pair, base^(-2i/d) for i = 0 .. d/2 - 1 (shape (d/2)); the "
      "angles are positions (T, 1) times inv_freq (1, d/2).",
      {.frequency_by_row = true});
  add("start_pos_counted_twice", "RoPE with positions 2 start_pos + t (start_pos added twice)",
      "Row t is at position start_pos + t: add start_pos once.", {.start_pos_twice = true});
  add("not_rotated", "x itself, unrotated",
      "Rotate every pair: x * cos + rotate_half(x) * sin, with the angles of positions start_pos "
      "+ t.",
      {.unrotated = true});
  return entries;
}

std::vector<Step> expected_steps(const Case& c) {
  const kt::Tensor x = c.x.to(kt::Float64);
  const int64_t d = c.d(), half = d / 2;
  std::vector<Step> steps;
  const auto add = [&](std::string name, const kt::Tensor& value, std::vector<size_t> from) {
    steps.push_back({std::move(name), value.contiguous(), -1, std::move(from)});
    return steps.size() - 1;
  };
  std::vector<double> inv(static_cast<size_t>(half)), pos(static_cast<size_t>(c.T()));
  for (int64_t i = 0; i < half; ++i)
    inv[size_t(i)] = std::pow(c.base, -2.0 * double(i) / double(d));
  for (int64_t t = 0; t < c.T(); ++t) pos[size_t(t)] = double(c.start_pos + t);
  const kt::Tensor inv_freq = kt::from_vector(inv, {half});
  const kt::Tensor positions = kt::from_vector(pos, {c.T()});
  const size_t f = add("inv_freq = base^(-2i/d)", inv_freq, {});
  const size_t p = add("positions = start_pos + arange(T)", positions, {});
  const kt::Tensor angles = positions.reshape({c.T(), 1}) * inv_freq.reshape({1, half});
  const size_t a = add("angles = positions ⊗ inv_freq", angles, {f, p});
  const kt::Tensor emb = kt::cat({angles, angles}, -1);
  const size_t e = add("emb = cat(angles, angles)", emb, {a});
  const size_t cs = add("cos(emb)", kt::cos(emb), {e});
  const size_t sn = add("sin(emb)", kt::sin(emb), {e});
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  const kt::Tensor rotated = kt::cat({-x2, x1}, -1);
  const size_t r = add("rotate_half(x) = cat(-x2, x1)", rotated, {});
  const kt::Tensor xc = x * kt::cos(emb), rs = rotated * kt::sin(emb);
  const size_t xcs = add("x * cos", xc, {cs});
  const size_t rss = add("rotate_half(x) * sin", rs, {sn, r});
  add("out = x * cos + rotate_half(x) * sin", xc + rs, {xcs, rss});
  return steps;
}

std::vector<Step> steps_on_halves(const Case& c) {
  const kt::Tensor x = c.x.to(kt::Float64);
  const int64_t half = c.d() / 2;
  // The first three steps are the other form's (inv_freq, positions, angles).
  std::vector<Step> steps = expected_steps(c);
  steps.resize(3);
  const kt::Tensor angles = steps[2].value;
  const auto add = [&](std::string name, const kt::Tensor& value, std::vector<size_t> from) {
    steps.push_back({std::move(name), value.contiguous(), -1, std::move(from)});
    return steps.size() - 1;
  };
  const size_t cs = add("cos(angles)", kt::cos(angles), {2});
  const size_t sn = add("sin(angles)", kt::sin(angles), {2});
  const kt::Tensor x1 = x.narrow(-1, 0, half), x2 = x.narrow(-1, half, half);
  const size_t s1 = add("x1 = x[..., :d/2]", x1, {});
  const size_t s2 = add("x2 = x[..., d/2:]", x2, {});
  const kt::Tensor c1 = kt::cos(angles), s1v = kt::sin(angles);
  const size_t a = add("x1 * cos", x1 * c1, {s1, cs});
  const size_t b = add("x2 * sin", x2 * s1v, {s2, sn});
  const size_t first = add("out1 = x1 * cos - x2 * sin", x1 * c1 - x2 * s1v, {a, b});
  const size_t e = add("x2 * cos", x2 * c1, {s2, cs});
  const size_t f = add("x1 * sin", x1 * s1v, {s1, sn});
  const size_t second = add("out2 = x2 * cos + x1 * sin", x2 * c1 + x1 * s1v, {e, f});
  add("out = cat(out1, out2)", kt::cat({x1 * c1 - x2 * s1v, x2 * c1 + x1 * s1v}, -1),
      {first, second});
  return steps;
}

std::vector<Case> discriminating_cases() {
  kt::Generator gen(20261201);
  Case a;
  // T differs from d / 2 in both: code that indexes the frequencies by the position (or the
  // positions by the pair) then makes tables of other shapes, and its journey says so.
  a.x = kt::randn({1, 2, 3, 8}, gen) * 2.0;
  a.start_pos = 5;
  a.base = 100.0;
  Case b;
  b.x = kt::randn({2, 1, 4, 6}, gen) * 2.0;
  b.start_pos = 3;
  return {a, b};
}

void diagnose_after_shrinking(Failure& f, const Case& failing) {
  grader::diagnose_after_shrinking<Case>(f, failing, [] {
    const std::vector<RopeEntry> all = catalogue();
    Diagnosis<Case> d = diagnosis_over<Case>(all, [](const RopeEntry& e, const Case& c) {
      return rope_with_mistakes(c.x, c.start_pos, c.base, e.mistakes);
    });
    d.computes_pair = [all](size_t a, size_t b, const Case& c) {
      const std::optional<Mistakes> both = together(all[a].mistakes, all[b].mistakes);
      return both ? rope_with_mistakes(c.x, c.start_pos, c.base, *both) : kt::Tensor();
    };
    d.discriminating_cases = discriminating_cases;
    d.keeps_failing = [](const Case& c) {
      return c.x.dtype() == kt::Float64 && c.x.is_contiguous();
    };
    d.learner = [](const Case& c) { return run_learner(c).out; };
    d.reference = run_reference;
    d.forms = [](const Case& c) {
      return std::vector<std::vector<Step>>{expected_steps(c), steps_on_halves(c)};
    };
    d.case_text = [](const Case& c) {
      return "the case x shape = " + kt::shape_str(c.x.sizes()) +
             ", start_pos = " + std::to_string(c.start_pos) + ", base = " + base_text(c.base);
    };
    return d;
  });
}

}  // namespace grader::kata_rope
