// How the rope kata's learner's process calls the learner's code (Note [the learner's process] in
// grader/lib/remote.hpp): kata::apply_rope on x in the case's layout (contiguous; a transposed
// copy, (B, T, H, d) in memory; or a view of the first d of 2 d columns), at start_pos and base;
// then whether x still holds what it was given (the inputs_unchanged check).
#include "grader/learner/serve.hpp"
#include "rope.hpp"

namespace grader::kata_rope {
namespace {

const serve::Serve rope("rope", [](wire::Reader& in, wire::Writer& out) {
  const kt::Tensor x = in.tensor();
  const uint64_t layout = in.u64();
  const int64_t start_pos = in.i64();
  const double base = in.f64();
  if (!x.defined() || x.dim() != 4) throw wire::Malformed("a rope case's x is not 4-d");
  kt::Tensor given = x;
  if (layout == 1) {
    given = x.transpose(1, 2).clone().transpose(1, 2);
  } else if (layout == 2) {
    given = serve::laid_out(x, 2);  // a view of the first d of 2 d columns
  }
  const kt::Tensor before = given.clone();
  out.run(call_learner([&] {
    serve::learner_code_starts({{"x", given}});
    return ::kata::apply_rope(given, start_pos, base);
  }));
  out.boolean(!serve::holds_copy(given, before));
});

}  // namespace
}  // namespace grader::kata_rope
