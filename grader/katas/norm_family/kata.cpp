#include "grader/katas/norm_family/kata.hpp"

#include "grader/lib/remote.hpp"

namespace grader::norm_family {

CallWithInputs call_norm(const std::string& name,
                         const std::vector<std::pair<std::string, kt::Tensor>>& inputs, double eps,
                         const std::vector<std::pair<std::string, std::string>>& shown,
                         uint64_t layout) {
  announce_case(shown);
  wire::Writer args;
  for (const auto& input : inputs) args.tensor(input.second);
  args.f64(eps);
  args.u64(layout);
  CallWithInputs called;
  remote::call(name, args, [&](wire::Reader& r) {
    called.run = r.run();
    for (const auto& input : inputs)
      if (r.boolean()) called.changed.push_back(input.first);
  });
  return called;
}

std::string layout_text(uint64_t layout) {
  switch (layout) {
    case 1:
      return "a view whose first two axes are swapped in memory (x.transpose(0, 1).clone()"
             ".transpose(0, 1)): not contiguous, and its first two axes cannot be merged by a view";
    case 2:
      return "a slice of a tensor twice as wide (wide.narrow(-1, 0, D)): its rows are not "
             "contiguous with one another";
    default:
      return "contiguous";
  }
}

}  // namespace grader::norm_family
