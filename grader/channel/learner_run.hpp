// Calling the learner's code, in the learner's process (Note [the learner's process] in
// grader/lib/remote.hpp): whatever it throws is caught and named, so every kata's checks classify a
// call the same way (and "not started" is a typed fact, not a string to search for). The grader's
// process receives the Run over the channel (wire.hpp) and decides.
#pragma once

#include <exception>
#include <string>

#include "kt/tensor.hpp"

namespace grader {

/// What a call into the learner's code did.
struct Run {
  kt::Tensor out;           // defined when it returned a defined tensor
  std::string error;        // otherwise: what happened, named ("kt::ViewError: view size is ...")
  std::string exception;    // what it threw, as `error` names it ("kt::ViewError"), or empty
  bool view_error = false;  // threw kt::ViewError
  bool shape_error =
      false;  // threw kt::ShapeError (what a kata's API names for arguments that do not fit)
  bool value_error = false;  // threw kt::ValueError (an argument outside the API: sampling's top_p)
  bool not_implemented = false;     // threw kt::NotImplemented: the stub, not started yet
  bool out_of_memory = false;       // std::bad_alloc or kt's out-of-memory error
  bool returned_undefined = false;  // returned a default-constructed kt::Tensor
  [[nodiscard]] bool ok() const { return out.defined(); }
  /// Threw an error of its own computation: not kt::NotImplemented, not out of memory, and not
  /// an undefined tensor returned (what a catalogued mistake that cannot run matches).
  [[nodiscard]] bool threw_error() const {
    return !ok() && !not_implemented && !out_of_memory && !returned_undefined;
  }
};

/// Names the exception in flight (call inside a catch block) into run.
void name_exception(Run& run);

/// Runs fn (which calls the learner's code and returns a kt::Tensor); never throws.
template <class F>
Run call_learner(F&& fn) {
  Run run;
  try {
    kt::Tensor out = fn();
    if (out.defined()) {
      run.out = out;
    } else {
      run.returned_undefined = true;
      run.error = "returned an undefined (default-constructed) kt::Tensor";
    }
  } catch (...) {
    name_exception(run);
  }
  return run;
}

}  // namespace grader
