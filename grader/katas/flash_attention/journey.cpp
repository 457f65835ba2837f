#include "grader/katas/flash_attention/journey.hpp"

#include <algorithm>
#include <cmath>

#include "grader/lib/compare.hpp"

namespace grader::kata_flash_attention {
namespace {

std::string span(int64_t a, int64_t b) {
  // (Appended piece by piece: GCC 12's -Wstringop-overflow misfires on "[" + std::string.)
  std::string s = std::to_string(a);
  s.insert(s.begin(), '[');
  s += ':';
  s += std::to_string(b);
  s += ']';
  return s;
}

/// s (…, rows, keys), the scores of queries q0… against keys k0…, with the lowest Float64 where a
/// key is after its query; `masked` says whether any is. (Not -inf: kt::allclose holds any finite
/// value close to an infinite expected one, so a -inf step would be reached by the scores before
/// they are masked. With the lowest value, code that masks with -inf reaches the next steps, and
/// the masked scores are done another way.)
kt::Tensor causal_masked(const kt::Tensor& s, int64_t q0, int64_t k0, bool& masked) {
  const int64_t rows = s.size(-2), keys = s.size(-1);
  masked = k0 + keys - 1 > q0;
  if (!masked) return s;
  const kt::Tensor visible = kt::tril(kt::ones({rows, keys}, kt::Bool), q0 - k0);
  return s.masked_fill(~visible, kt::finfo(kt::Float64).min);
}

/// The steps of queries [a0, a1) against key block 0, of queries [b0, b1) (within [a0, a1))
/// against key block 1, then the output (Note [flash_attention journey]).
std::vector<Step> block_steps(const Case& c, int64_t a0, int64_t a1, int64_t b0, int64_t b1) {
  const kt::Tensor q = c.q.to(kt::Float64), k = c.k.to(kt::Float64), v = c.v.to(kt::Float64);
  const int64_t T = c.T(), B = std::min(c.block, T);
  const double scale = 1.0 / std::sqrt(double(c.d()));
  std::vector<Step> steps;
  const auto add = [&](std::string name, const kt::Tensor& value, std::vector<size_t> from) {
    steps.push_back({std::move(name), value.contiguous(), -1, std::move(from)});
    return steps.size() - 1;
  };
  const auto rows = [&](int64_t r0, int64_t r1) {
    std::string text = "q";
    if (r0 != 0 || r1 != T) text += span(r0, r1);
    return text;
  };
  bool masked = false;
  // Key block 0.
  kt::Tensor s0 = kt::matmul(q.slice(-2, a0, a1), k.slice(-2, 0, B).transpose(-2, -1)) * scale;
  if (c.causal) s0 = causal_masked(s0, a0, 0, masked);
  const size_t is0 =
      add("s₀ = " + rows(a0, a1) + " k" + span(0, B) + "ᵀ/√d" + (masked ? ", masked" : ""), s0, {});
  const kt::Tensor m0 = kt::amax(s0, -1, true);
  const size_t im0 = add("m₀ = rowmax s₀", m0, {is0});
  const kt::Tensor p0 = kt::exp(s0 - m0);
  const size_t ip0 = add("p₀ = exp(s₀ − m₀)", p0, {is0, im0});
  const kt::Tensor l0 = kt::sum(p0, -1, true);
  const size_t il0 = add("l₀ = rowsum p₀", l0, {ip0});
  const kt::Tensor acc0 = kt::matmul(p0, v.slice(-2, 0, B));
  const size_t ia0 = add("acc₀ = p₀ v" + span(0, B), acc0, {ip0});
  const kt::Tensor out = run_reference(c).to(kt::Float64);
  if (B >= T) {
    add("out = acc₀ / l₀", out, {ia0, il0});
    return steps;
  }
  // Key block 1.
  const int64_t B1 = std::min(T, 2 * B);
  kt::Tensor s1 = kt::matmul(q.slice(-2, b0, b1), k.slice(-2, B, B1).transpose(-2, -1)) * scale;
  if (c.causal) s1 = causal_masked(s1, b0, B, masked);
  const size_t is1 = add(
      "s₁ = " + rows(b0, b1) + " k" + span(B, B1) + "ᵀ/√d" + (masked ? ", masked" : ""), s1, {});
  const auto mine = [&](const kt::Tensor& t) { return t.slice(-2, b0 - a0, b1 - a0); };
  const kt::Tensor m1 = kt::maximum(mine(m0), kt::amax(s1, -1, true));
  const size_t im1 = add("m₁ = max(m₀, rowmax s₁)", m1, {im0, is1});
  const kt::Tensor alpha = kt::exp(mine(m0) - m1);
  const size_t ial = add("α = exp(m₀ − m₁)", alpha, {im0, im1});
  const kt::Tensor p1 = kt::exp(s1 - m1);
  const size_t il1 = add("l₁ = α l₀ + rowsum exp(s₁ − m₁)",
                         alpha * mine(l0) + kt::sum(p1, -1, true), {ial, il0, is1, im1});
  const size_t ia1 =
      add("acc₁ = α acc₀ + exp(s₁ − m₁) v" + span(B, B1),
          alpha * mine(acc0) + kt::matmul(p1, v.slice(-2, B, B1)), {ial, ia0, is1, im1});
  const size_t iout =
      add(B1 >= T ? "out = acc₁ / l₁" : "out = acc / l, every key block summed", out, {ia1, il1});
  // The running sums, and an output made of every block: several ops each.
  for (const size_t i : {il1, ia1, iout}) steps[i].sums_ops = true;
  return steps;
}

/// Whether every value is 0 or 1 (within the journey's tolerance): ones for l₀ or α, one-hot rows
/// for p₀ when one score dominates. Any op's result of those values (a rescale factor of 1, a
/// mask) holds it, so it says nothing of the code.
bool uninformative(const kt::Tensor& value) {
  for (const double x : value.contiguous().to_vector<double>())
    if (!(std::abs(x) <= 1e-12 || std::abs(x - 1) <= 1e-9)) return false;
  return true;
}

/// The steps without the uninformative ones (the output always kept); a step computed from one
/// that is left out is computed from what that one was computed from.
std::vector<Step> informative(const std::vector<Step>& steps) {
  std::vector<int64_t> index(steps.size(), -1);            // where each kept step is now
  std::vector<std::vector<size_t>> sources(steps.size());  // a left-out step's kept inputs
  std::vector<Step> kept;
  for (size_t i = 0; i < steps.size(); ++i) {
    std::vector<size_t> from;
    for (const size_t f : steps[i].from) {
      if (index[f] >= 0) {
        from.push_back(f);
      } else {
        from.insert(from.end(), sources[f].begin(), sources[f].end());
      }
    }
    std::sort(from.begin(), from.end());
    from.erase(std::unique(from.begin(), from.end()), from.end());
    if (i + 1 < steps.size() && uninformative(steps[i].value)) {
      sources[i] = from;
      continue;
    }
    Step step = steps[i];
    step.from.clear();
    for (const size_t f : from) step.from.push_back(size_t(index[f]));
    index[i] = int64_t(kept.size());
    kept.push_back(std::move(step));
  }
  return kept;
}

struct Along {
  std::vector<Step> steps;
  size_t diverging = 0, reached = 0;
};

Along along(std::vector<Step> steps, const std::vector<kt::TraceEvent>& events) {
  Along a;
  const std::vector<int64_t> at = align_steps(steps, events);
  a.diverging = first_diverging(steps, at);
  a.reached = size_t(std::count_if(at.begin(), at.end(), [](int64_t i) { return i >= 0; }));
  a.steps = std::move(steps);
  return a;
}

}  // namespace

std::string case_text(const Case& c) {
  std::string s = "the case T = " + std::to_string(c.T()) + ", d = " + std::to_string(c.d()) +
                  ", d_v = " + std::to_string(c.dv()) +
                  ", block_size = " + std::to_string(c.block) + (c.causal ? ", is_causal" : "");
  if (c.q.dim() > 2) {
    kt::Shape leading = c.q.sizes();
    leading.resize(leading.size() - 2);
    s += ", leading axes " + kt::shape_str(leading);
  }
  return s;
}

std::vector<Step> steps_every_query(const Case& c) {
  const int64_t T = c.T();
  // With is_causal, key block 1 meets the queries from its first key on.
  const int64_t b0 = c.causal ? std::min(c.block, T) : 0;
  return block_steps(c, 0, T, b0, T);
}

std::vector<Step> steps_query_block(const Case& c) {
  const int64_t T = c.T(), B = c.block;
  if (B >= T) return steps_every_query(c);
  const int64_t q1 = std::min(T, 2 * B);
  return block_steps(c, B, q1, B, q1);
}

namespace {

/// " Your output differs from it at query 6 only, in the query block q[6:7]: ..." when the
/// journey's divergence is the output and the steps it follows are of other queries; "".
std::string differing_queries(const Case& c, const std::vector<Step>& steps,
                              const kt::Tensor& returned) {
  const kt::Tensor& out = steps.back().value;
  if (!returned.defined() || returned.sizes() != out.sizes() || c.block >= c.T()) return "";
  // The queries (along axis -2) where some entry differs, over every leading index.
  const int64_t T = c.T();
  const kt::Tensor gap = kt::abs(returned.to(kt::Float64) - out).transpose(-2, 0).contiguous();
  const std::vector<double> g = gap.to_vector<double>();
  const size_t per = g.size() / size_t(T);
  std::vector<int64_t> rows;
  for (int64_t t = 0; t < T; ++t)
    for (size_t i = 0; i < per; ++i) {
      const double d = g[size_t(t) * per + i];
      if (!(d <= 1e-9)) {
        rows.push_back(t);
        break;
      }
    }
  if (rows.empty() || int64_t(rows.size()) == T) return "";
  // The query blocks they are in, and whether the steps shown are of those queries.
  std::string blocks, queries;
  int64_t last_block = -1, count = 0;
  for (const int64_t t : rows) {
    if (count++ < 6) queries += (queries.empty() ? "" : ", ") + std::to_string(t);
    const int64_t b = t / c.block;
    if (b == last_block) continue;
    last_block = b;
    blocks += (blocks.empty() ? "q" : ", q") + span(b * c.block, std::min(T, (b + 1) * c.block));
  }
  if (count > 6) queries += ", ...";
  const std::string& first = steps.front().name;  // "s₀ = q[3:6] k[0:3]ᵀ/√d"
  if (first.find(blocks) != std::string::npos) return "";
  return std::string(" Your output differs from it at ") +
         (rows.size() == 1 ? "query " : "queries ") + queries + (rows.size() == 1 ? " only" : "") +
         ", in the query block" + (last_block == rows.front() / c.block ? " " : "s ") + blocks +
         ": the steps above are of other queries. Look at what your code does for " +
         (last_block == rows.front() / c.block ? "that block" : "those blocks") +
         ": which key blocks it visits, and its mask.";
}

/// " Your code slices k's rows as [0:2], [3:5], [6:7]; at block_size 3 the key blocks are [0:3],
/// [3:6], [6:7]." when the rows it slices out of k (named among `inputs`) are not the key blocks;
/// "".
std::string key_rows_sliced(const Case& c, const std::vector<kt::TraceEvent>& events,
                            const std::vector<NamedInput>& inputs) {
  const int64_t T = c.T(), rank = c.k.dim();
  std::vector<std::pair<int64_t, int64_t>> spans;
  for (size_t i = 0; i < events.size(); ++i) {
    const kt::TraceEvent& e = events[i];
    if ((e.op != "slice" && e.op != "narrow") || e.inputs.empty() || e.args.size() < 3) continue;
    if (input_named(e.inputs[0], inputs, events, i) != "k") continue;
    const int64_t dim = e.args[0] < 0 ? e.args[0] + rank : e.args[0];
    if (dim != rank - 2) continue;
    if (e.op == "slice" && e.args.size() >= 4 && e.args[3] != 1) return "";  // a stride: unread
    const auto clamp = [&](int64_t x) { return std::clamp(x < 0 ? x + T : x, int64_t{0}, T); };
    const int64_t start = clamp(e.args[1]);
    const int64_t end = e.op == "slice" ? clamp(e.args[2]) : clamp(e.args[1] + e.args[2]);
    const std::pair<int64_t, int64_t> span{start, std::max(start, end)};
    if (std::find(spans.begin(), spans.end(), span) == spans.end()) spans.push_back(span);
  }
  std::vector<std::pair<int64_t, int64_t>> blocks;
  for (int64_t k0 = 0; k0 < T; k0 += c.block) blocks.emplace_back(k0, std::min(T, k0 + c.block));
  const bool other = std::any_of(spans.begin(), spans.end(), [&](const auto& sp) {
    return std::find(blocks.begin(), blocks.end(), sp) == blocks.end();
  });
  if (spans.empty() || !other) return "";
  const auto list = [](const std::vector<std::pair<int64_t, int64_t>>& all) {
    std::string text;
    for (size_t i = 0; i < all.size() && i < 6; ++i)
      text += (i == 0 ? "" : ", ") + span(all[i].first, all[i].second);
    if (all.size() > 6) text += ", ...";
    return text;
  };
  return " Your code slices k's rows as " + list(spans) + "; at block_size " +
         std::to_string(c.block) + " the key blocks are " + list(blocks) + ".";
}

}  // namespace

Journey journey_of_trace(const Case& c, const std::vector<kt::TraceEvent>& events,
                         const kt::Tensor& returned, bool threw,
                         const std::vector<NamedInput>& inputs) {
  // (The op that threw, last when it did, has no result to align: journey_text names it.)
  std::vector<kt::TraceEvent> done = events;
  std::erase_if(done, [](const kt::TraceEvent& e) { return e.threw; });
  const Along every = along(informative(steps_every_query(c)), done);
  const Along blocks = along(informative(steps_query_block(c)), done);
  bool by_blocks = blocks.diverging != every.diverging ? blocks.diverging > every.diverging
                                                       : blocks.reached > every.reached;
  if (blocks.diverging == every.diverging && blocks.reached == every.reached) {
    // Neither is followed further: the tiling whose first scores' shape some op has.
    const kt::Shape& shape = blocks.steps.front().value.sizes();
    by_blocks = std::any_of(done.begin(), done.end(),
                            [&](const kt::TraceEvent& e) { return e.output.sizes == shape; });
  }
  // Its running sums are several ops each (Step::sums_ops): no one op computes one differently.
  // The call's inputs as its handler named them, else as the case has them (matched by value).
  const std::vector<Step>& told = by_blocks ? blocks.steps : every.steps;
  std::vector<NamedInput> named = inputs;
  if (named.empty()) {
    named.push_back({"q", c.q});
    named.push_back({"k", c.k});
    named.push_back({"v", c.v});
  }
  Journey j = journey_text(told, events, returned, named, threw);
  // On the closing sentence's line, the text's last: which queries differ, when the output is the
  // first divergence on queries the steps do not follow; which rows of k the code takes, when
  // they are not the key blocks.
  std::string more;
  if (!j.text.empty() && j.step.find("out = acc") != std::string::npos)
    more += differing_queries(c, told, returned);
  if (!j.text.empty()) more += key_rows_sliced(c, done, inputs);
  if (!more.empty()) {
    const bool newline = j.text.ends_with('\n');
    if (newline) j.text.pop_back();
    j.text += more;  // (piecewise: GCC 12 misfires -Wmaybe-uninitialized on a chain)
    if (newline) j.text += '\n';
  }
  return j;
}

Journey journey(const Case& c) {
  Run run;
  const LearnerTrace traced =
      trace_learner_whole([&] { run = run_learner(c); });  // with the op that threw
  if (!run.ok() && !run.threw_error()) return {};
  if (run.ok() && run.out.sizes() != c.out_shape()) return {};
  return on_case(case_text(c),
                 journey_of_trace(c, traced.events, run.out, !run.ok(), traced.inputs));
}

// Note [flash_attention map]
// No op of a correct blocked computation holds the attention weights (that is the point), so the
// map is not found among the learner's ops: with v the (T x T) identity, out = weights @ v is the
// weights themselves, so the learner's output on such a case is its weights, and any mistake in
// how they are formed (the scale, the mask, the rescaling, the normalisation) shows in them. The
// case is fixed (T = 5, block_size 2: three key blocks, the last one shorter), with the failing
// case's is_causal; its `where` says so, since the caption names the smallest failing case.
Case map_case(bool causal) {
  kt::Generator gen(20261202);
  Case c;
  c.q = kt::randn({5, 3}, gen) * 1.5;
  c.k = kt::randn({5, 3}, gen) * 1.5;
  c.v = kt::eye(5);
  c.causal = causal;
  c.block = 2;
  return c;
}

AttentionMap attention_map(const Case& failing) {
  const Case c = map_case(failing.causal);
  const Run run = run_learner(c);
  if (!run.ok() || run.out.sizes() != c.out_shape()) return {};
  const kt::Tensor expected = run_reference(c);
  if (close(run.out, expected)) return {};
  AttentionMap map = make_attention_map(expected, run.out, {});
  map.on = std::string("the case T = 5, d = 3, block_size = 2") + (c.causal ? ", is_causal" : "") +
           ", v the 5 x 5 identity (your output is then your weights)";
  return map;
}

}  // namespace grader::kata_flash_attention
