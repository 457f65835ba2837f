// Errors thrown by the kt runtime. One base type, a few subclasses that say which kind of misuse
// happened; every message names the op, the shapes or values involved, and the fix.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace kt {

/// Base of every error the runtime throws. Catch this to catch them all.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

/// view() was asked for a shape the tensor's layout cannot provide without a copy. The message is
/// PyTorch's, word for word; the layout involved is kept on the error for diagnosis.
class ViewError : public Error {
 public:
  ViewError(std::vector<int64_t> sizes, std::vector<int64_t> strides,
            std::vector<int64_t> requested);
  [[nodiscard]] const std::vector<int64_t>& sizes() const noexcept { return sizes_; }
  [[nodiscard]] const std::vector<int64_t>& strides() const noexcept { return strides_; }
  [[nodiscard]] const std::vector<int64_t>& requested() const noexcept { return requested_; }

 private:
  std::vector<int64_t> sizes_, strides_, requested_;
};

/// Shapes that do not fit together: broadcasting, matmul, cat, a size that does not divide.
class ShapeError : public Error {
 public:
  using Error::Error;
};

/// A dimension or an index out of range.
class IndexError : public Error {
 public:
  using Error::Error;
};

/// An operation that does not accept this dtype, or two dtypes that must agree and do not.
class DtypeError : public Error {
 public:
  using Error::Error;
};

/// An argument with a bad value (a negative size, a step of zero, a value that overflows a dtype).
class ValueError : public Error {
 public:
  using Error::Error;
};

/// An allocation the memory limit refused (a check may use at most 2 GiB): a resource limit, not a
/// misuse, so a grader tells it from a wrong answer by its type.
class OutOfMemory : public Error {
 public:
  using Error::Error;
};

/// Thrown by a kata's stub until the learner writes the code.
class NotImplemented : public Error {
 public:
  using Error::Error;
};

}  // namespace kt
