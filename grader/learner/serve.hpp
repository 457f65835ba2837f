// The learner's side of the channel (Note [the learner's process] in grader/lib/remote.hpp): the
// calls a kata's grader may ask for, each a handler that reads its inputs, calls the learner's
// code and writes what it did. A kata's handlers live in grader/katas/KATA/call.cpp and register
// themselves (`const Serve name("softmax", handler);`); the learner's process
// (grader/learner/learner_main.cpp) answers one request at a time. Nothing here judges anything.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "grader/channel/wire.hpp"
#include "kt/instrument.hpp"
#include "kt/tensor.hpp"

namespace grader::serve {

/// A handler's reply begins with the Run of its call into the learner's code (what it returned or
/// threw: `reply.run(call_learner(...))`), then whatever else the kata's runner reads.
using Handler = std::function<void(wire::Reader& args, wire::Writer& reply)>;

struct Serve {
  Serve(std::string name, Handler handler);
};

/// One input of the call as the statement names it ("q", "mask"), for a traced call's report.
struct NamedInput {
  std::string name;
  kt::Tensor value;  // undefined: an input the call leaves out (no mask)
};

/// In a handler, right before the learner's code is called: a traced call's events start here
/// (the handler's own copies of its inputs are not the learner's ops). The named inputs come
/// first, each as an event "input:NAME" (with a copy of it when the trace keeps values):
/// grader/lib/journey.hpp reads them apart from the learner's ops ("transpose of v", "mask, as the
/// call gave it"). Name the tensors the learner's code reads, as its statement names them.
void learner_code_starts(const std::vector<NamedInput>& inputs = {});
/// The same names, where the trace is (a module called once per chunk names each chunk as it
/// comes): a name stands for its tensor from here on.
void name_inputs(const std::vector<NamedInput>& inputs);

/// Whether `t`, an input (contiguous as the wire made it, or a view laid_out made), still holds
/// the bytes of `copy`, its clone taken before the learner's call: the inputs_unchanged checks.
/// Read directly, so that no op of the check joins the learner's traced ops.
bool holds_copy(const kt::Tensor& t, const kt::Tensor& copy);

/// x with its values in another memory layout, as a check that asks for any layout sends it: 0 as
/// it is (contiguous); 1 the storage of its first two axes swapped (x.transpose(0, 1).clone()
/// .transpose(0, 1): x's first two axes cannot be merged by a view); 2 the first half of a last
/// axis twice as wide (x.narrow(-1, 0, D) of a zero tensor: its rows are not contiguous with one
/// another). A layout that does not apply to x's rank (1 on a 1-d x) leaves x as it is.
kt::Tensor laid_out(const kt::Tensor& x, uint64_t layout);

/// What a request frame asks of the handlers (tag, the call's name, whether to trace and keep
/// values, its inputs), answered as one reply frame: tag 0, the trace's events when asked, the
/// handler's reply. An unknown call is answered with tag 2 and its name.
std::string answer(const std::string& request);

}  // namespace grader::serve
