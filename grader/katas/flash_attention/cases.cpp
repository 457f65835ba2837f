#include "grader/katas/flash_attention/cases.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cstdio>

#include "grader/katas/flash_attention/catalogue.hpp"
#include "grader/lib/journey.hpp"
#include "grader/lib/remote.hpp"
#include "reference/flash_attention/flash_attention.hpp"

namespace grader::kata_flash_attention {

namespace {

kt::Shape with_last_two(kt::Shape s, int64_t a, int64_t b) {
  s.push_back(a);
  s.push_back(b);
  return s;
}

std::string block_text(int64_t T, int64_t block) {
  const int64_t blocks = (T + block - 1) / block;
  std::string s = std::to_string(block) + ": ";
  if (T == 1) return s + "one block of the one query and key";
  if (block >= T) return s + "one block holds all " + std::to_string(T) + " keys";
  s += std::to_string(blocks) + " blocks of keys";
  if (T % block != 0) s += ", the last one " + std::to_string(T % block) + " long";
  return s;
}

Case make(kt::Shape leading, int64_t T, int64_t d, int64_t dv, int64_t block, bool causal,
          uint64_t seed, double scale) {
  kt::Generator gen(seed);
  Case c;
  c.q = kt::randn(with_last_two(leading, T, d), gen) * scale;
  c.k = kt::randn(with_last_two(leading, T, d), gen) * scale;
  c.v = kt::randn(with_last_two(leading, T, dv), gen);
  c.causal = causal;
  c.block = block;
  return c;
}

}  // namespace

kt::Shape Case::out_shape() const {
  kt::Shape s = q.sizes();
  s.back() = dv();
  return s;
}

std::string Case::call() const {
  return std::string("flash_attention(q, k, v, /*is_causal=*/") + (causal ? "true" : "false") +
         ", /*block_size=*/" + std::to_string(block) + ")";
}

std::vector<std::pair<std::string, std::string>> Case::describe() const {
  std::vector<std::pair<std::string, std::string>> out = {
      {"call", call()},
      {"T", std::to_string(T())},
      {"d", std::to_string(d())},
      {"d_v", std::to_string(dv())},
      {"block_size", block_text(T(), block)},
  };
  if (q.dtype() != kt::Float64) out.emplace_back("dtype", std::string(kt::dtype_name(q.dtype())));
  out.emplace_back("q", values_text(q));
  out.emplace_back("k", values_text(k));
  out.emplace_back("v", values_text(v));
  if (causal) out.emplace_back("is_causal", "true: query i sees keys 0..i");
  return out;
}

Case Case::to(kt::Dtype dtype) const {
  Case c = *this;
  c.q = q.to(dtype);
  c.k = k.to(dtype);
  c.v = v.to(dtype);
  return c;
}

int64_t draw_block(int64_t T, BlockKind kind, int64_t block_min) {
  if (kind == BlockKind::Any) {
    kind = *rc::gen::element(BlockKind::Divides, BlockKind::DoesNotDivide, BlockKind::One,
                             BlockKind::WholeOrMore)
                .as("block size kind");
  }
  if (kind == BlockKind::DoesNotDivide && T < 3) kind = BlockKind::WholeOrMore;
  switch (kind) {
    case BlockKind::Divides: {
      std::vector<int64_t> divisors;
      for (int64_t b = 1; b <= T; ++b) {
        if (T % b == 0) divisors.push_back(b);
      }
      return *rc::gen::elementOf(divisors).as("block_size");
    }
    case BlockKind::DoesNotDivide:
      return *rc::gen::suchThat(rc::gen::inRange<int64_t>(2, T), [T](int64_t b) {
                return T % b != 0;
              }).as("block_size");
    case BlockKind::One:
      return 1;
    case BlockKind::Smaller:
      return *rc::gen::inRange<int64_t>(block_min, std::max<int64_t>(T / 2, block_min) + 1)
                  .as("block_size");
    case BlockKind::WholeOrMore:
    case BlockKind::Any:
      break;
  }
  return *rc::gen::inRange<int64_t>(T, T + 4).as("block_size");
}

Case generate(const Spec& spec) {
  const int64_t t_min = spec.block == BlockKind::Smaller
                            ? std::max<int64_t>(spec.t_min, 2 * spec.block_min)
                            : spec.t_min;
  const auto T = *rc::gen::inRange(t_min, spec.t_max + 1).as("T");
  const auto d = *rc::gen::inRange<int64_t>(1, spec.d_max + 1).as("d");
  const auto dv = *rc::gen::inRange<int64_t>(1, spec.d_max + 1).as("d_v");
  const int64_t block = draw_block(T, spec.block, spec.block_min);
  const kt::Shape leading = draw_leading_axes(spec.leading_rank_max);
  const bool causal = spec.causal ? *spec.causal : *rc::gen::arbitrary<bool>().as("causal");
  const auto seed = *rc::gen::inRange<uint64_t>(0, 1000000).as("seed of the values");
  return make(leading, T, d, dv, block, causal, seed, spec.scale);
}

Case fixed_case(int64_t T, int64_t d, int64_t block, bool causal, uint64_t seed) {
  return make({}, T, d, d, block, causal, seed, 1.0);
}

Outcome run_flash_property(uint64_t seed, int cases,
                           const std::function<std::optional<Failure>()>& body) {
  // The call shows T, d, d_v, block_size and is_causal; the values' seed is not --seed.
  std::vector<std::string> hidden = {"rank of the leading axes",
                                     "block size kind",
                                     "causal",
                                     "seed of the values",
                                     "T",
                                     "d",
                                     "d_v",
                                     "block_size"};
  for (int a = 0; a < 3; ++a) hidden.push_back("leading axis " + std::to_string(a));
  return run_property(seed, cases, body, hidden);
}

namespace {

wire::Writer case_args(const Case& c, bool watch_heap) {
  wire::Writer args;
  args.tensors({c.q, c.k, c.v});
  args.boolean(c.causal);
  args.i64(c.block);
  args.boolean(watch_heap);
  return args;
}

}  // namespace

Run run_learner(const Case& c) {
  announce_case(c.describe());  // so a crash or a timeout still names the case
  Run run;
  remote::call("flash_attention", case_args(c, false), [&](wire::Reader& r) { run = r.run(); });
  return run;
}

Watched run_watched(const Case& c, bool trace) {
  announce_case(c.describe());
  Watched w;
  std::optional<kt::OpTrace> ops;
  if (trace) ops.emplace();
  remote::call("flash_attention.watched", case_args(c, !trace), [&](wire::Reader& r) {
    w.run = r.run();
    w.peak_bytes = r.i64();
    w.largest_heap_block = r.i64();
  });
  if (ops) w.events = ops->events();
  return w;
}

int64_t peak_resident_alone(const Case& c) {
  announce_case(c.describe());
  Run run;
  const int64_t peak = remote::call_alone("flash_attention", case_args(c, false),
                                          [&](wire::Reader& r) { run = r.run(); });
  return run.ok() ? peak : -1;
}

std::optional<KernelPeaks> kernel_peaks(uint64_t seed) {
  KernelPeaks p;
  p.baseline = peak_resident_alone(fixed_case(64, kKernelD, kKernelBlock, true, seed));
  if (p.baseline < 0) return std::nullopt;
  p.large = peak_resident_alone(fixed_case(kKernelT, kKernelD, kKernelBlock, true, seed));
  if (p.large < 0) return std::nullopt;
  return p;
}

std::string kernel_message(const KernelPeaks& p, const std::string& what) {
  const int64_t square = kKernelT * kKernelT * 8;
  return "the kernel counted " + bytes_text(p.large) + " at the peak of a process that made only " +
         "your call with T = " + std::to_string(kKernelT) + " (d = " + std::to_string(kKernelD) +
         ", block_size = " + std::to_string(kKernelBlock) + ", is_causal, Float64), against " +
         bytes_text(p.baseline) +
         " for the same call with T = 64: " + bytes_text(p.large - p.baseline) +
         " more, where a (T x T) Float64 matrix is " + bytes_text(square) +
         " and a blocked pass needs about 1 MiB more. So " + what +
         ", though kt's allocation accounting and the op trace (your process's own report) did "
         "not show it: memory taken outside kt (malloc, raw loops) counts too. Keep one block of "
         "scores alive at a time, and only per-query running statistics (maximum, sum, "
         "accumulator) across blocks.";
}

kt::Tensor run_reference(const Case& c) { return ref::flash_attention(c.q, c.k, c.v, c.causal); }

bool shape_ok(const Case& c, const Run& run) {
  return run.ok() && run.out.sizes() == c.out_shape() && run.out.dtype() == c.q.dtype();
}

Failure failure(const Case& c, const kt::Tensor& got, const kt::Tensor& expected,
                std::string message) {
  Failure f;
  f.message = std::move(message);
  f.counterexample = c.describe();
  show_worst_row(got, expected, f, "out");  // a query's row of d_v values
  return f;
}

Failure failure_from_run(const Case& c, const Run& run) {
  if (run.ok()) {
    Failure f;
    f.counterexample = c.describe();
    const std::string want(kt::dtype_name(c.q.dtype()));
    const std::string dtype(kt::dtype_name(run.out.dtype()));
    if (run.out.sizes() != c.out_shape()) {
      f.message = "the result has shape " + kt::shape_str(run.out.sizes()) + "; expected " +
                  kt::shape_str(c.out_shape()) +
                  " (…, T, d_v): q's leading axes, one row per query, v's width";
      // Rows missing where the last block is short: that block's queries were never computed.
      const int64_t T = c.T(), rows = run.out.dim() >= 2 ? run.out.size(-2) : -1;
      if (rows >= 0 && rows < T && T % c.block != 0 && rows == T - T % c.block &&
          run.out.size(-1) == c.out_shape().back())
        f.message += ". The " + std::to_string(T - rows) + " missing row" +
                     (T - rows == 1 ? " is" : "s are") +
                     " the last, shorter block's (T = " + std::to_string(T) +
                     " is no multiple of block_size = " + std::to_string(c.block) +
                     "): a loop over query blocks must take it too";
      if (run.out.dtype() != c.q.dtype())
        f.message += ". And its dtype is " + dtype + " instead of " + want + ", q's";
    } else {
      f.message = "the result has dtype " + dtype + "; expected " + want + ", q's";
    }
    f.message += ".";
    f.wrong = report::wrong_of(run.out.sizes() != c.out_shape(), run.out.dtype() != c.q.dtype());
    // Where the shape goes wrong (not for a wrong dtype alone: its values are the comparison's).
    if (run.out.sizes() != c.out_shape()) diagnose_after_shrinking(f, c);
    return f;
  }
  Failure f = failure_from_throw(run, c.call());
  f.counterexample = c.describe();
  // The journey up to the throw: which steps it reached, and the one it did not.
  if (run.threw_error()) diagnose_after_shrinking(f, c);
  return f;
}

int64_t elements(const kt::Shape& sizes) {
  int64_t n = 1;
  for (const int64_t s : sizes) n *= s;
  return n;
}

std::string bytes_text(int64_t bytes) {
  char buf[32];
  if (bytes >= (int64_t{1} << 20)) {
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / double(1 << 20));
  } else if (bytes >= 1024) {
    std::snprintf(buf, sizeof buf, "%.1f KiB", double(bytes) / 1024.0);
  } else {
    std::snprintf(buf, sizeof buf, "%lld B", static_cast<long long>(bytes));
  }
  return buf;
}

}  // namespace grader::kata_flash_attention
