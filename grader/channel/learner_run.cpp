#include "grader/channel/learner_run.hpp"

#include <new>

namespace grader {

void name_exception(Run& run) {
  // `error` begins with `exception`: the kind a report groups by, the rest for the learner.
  const auto named = [&](const char* kind, const std::string& what) {
    run.exception = kind;
    run.error = kind + (": " + what);
  };
  try {
    throw;
  } catch (const kt::ViewError& e) {
    run.view_error = true;
    named("kt::ViewError", e.what() + std::string(" (view of shape ") + kt::shape_str(e.sizes()) +
                               " with strides " + kt::shape_str(e.strides()) + " as " +
                               kt::shape_str(e.requested()) + ")");
  } catch (const kt::NotImplemented& e) {
    run.not_implemented = true;
    named("not implemented", e.what());
  } catch (const std::bad_alloc&) {
    run.out_of_memory = true;
    named("ran out of memory (std::bad_alloc)", "each check may use at most 2 GiB");
  } catch (const kt::OutOfMemory& e) {
    run.out_of_memory = true;
    named("kt::Error", e.what());
  } catch (const kt::ShapeError& e) {
    run.shape_error = true;
    named("kt::Error", e.what());
  } catch (const kt::ValueError& e) {
    run.value_error = true;
    named("kt::Error", e.what());
  } catch (const kt::Error& e) {
    named("kt::Error", e.what());
  } catch (const std::exception& e) {
    named("exception", e.what());
  } catch (...) {
    run.exception = "exception";
    run.error = "an exception that is not a std::exception";
  }
}

}  // namespace grader
