#include "grader/channel/learner_run.hpp"

#include <new>

namespace grader {

void name_exception(Run& run) {
  try {
    throw;
  } catch (const kt::ViewError& e) {
    run.view_error = true;
    run.error = std::string("kt::ViewError: ") + e.what() + " (view of shape " +
                kt::shape_str(e.sizes()) + " with strides " + kt::shape_str(e.strides()) + " as " +
                kt::shape_str(e.requested()) + ")";
  } catch (const kt::NotImplemented& e) {
    run.not_implemented = true;
    run.error = std::string("not implemented: ") + e.what();
  } catch (const std::bad_alloc&) {
    run.out_of_memory = true;
    run.error = "ran out of memory (std::bad_alloc): each check may use at most 2 GiB";
  } catch (const kt::OutOfMemory& e) {
    run.out_of_memory = true;
    run.error = std::string("kt::Error: ") + e.what();
  } catch (const kt::Error& e) {
    run.error = std::string("kt::Error: ") + e.what();
  } catch (const std::exception& e) {
    run.error = std::string("exception: ") + e.what();
  } catch (...) {
    run.error = "an exception that is not a std::exception";
  }
}

}  // namespace grader
