// The bytes between the grader's process and the learner's (Note [the learner's process] in
// grader/lib/remote.hpp): a Writer appends values in order, a Reader takes them back in the same
// order. Both sides run the same code; the grader reads what the learner's process sent as
// untrusted input, so every length, size and tag is checked before it is used, and a reply that
// breaks a rule throws wire::Malformed (never an allocation sized by the sender, never a read past
// the end).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "grader/channel/learner_run.hpp"
#include "kt/instrument.hpp"
#include "kt/tensor.hpp"

namespace grader::wire {

/// A message that breaks the format (cut short, a length past its end, an unknown dtype...).
class Malformed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The largest message either side accepts, and the most dimensions of a tensor.
inline constexpr uint64_t kMaxMessageBytes = 512ull << 20;
inline constexpr uint64_t kMaxDims = 16;
/// Text longer than this (a learner's exception message) is cut by the writer and refused by the
/// reader.
inline constexpr uint64_t kMaxTextBytes = 64 << 10;

class Writer {
 public:
  void u64(uint64_t v);
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void f64(double v);
  void boolean(bool v) { u64(v ? 1 : 0); }
  void text(std::string_view s);
  void shape(const kt::Shape& s);
  /// An undefined tensor, or a defined one's sizes, dtype and values (row-major).
  void tensor(const kt::Tensor& t);
  void tensors(const std::vector<kt::Tensor>& ts);
  void run(const Run& r);
  void events(const std::vector<kt::TraceEvent>& events);
  /// An object's bytes as they are (a kt::Generator's state: the same type on both sides).
  void raw(const void* data, size_t bytes);
  void append(const Writer& other) { bytes_ += other.bytes_; }
  [[nodiscard]] const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

class Reader {
 public:
  explicit Reader(std::string bytes) : bytes_(std::move(bytes)) {}
  uint64_t u64();
  int64_t i64() { return static_cast<int64_t>(u64()); }
  double f64();
  bool boolean();
  std::string text();
  kt::Shape shape();
  kt::Tensor tensor();
  std::vector<kt::Tensor> tensors();
  Run run();
  std::vector<kt::TraceEvent> events();
  void raw(void* data, size_t bytes);
  /// Throws Malformed unless every byte was read.
  void expect_end() const;
  /// Sets the rest of the message aside, unread (a reply wanted for its trace only).
  void skip_rest() { at_ = bytes_.size(); }

 private:
  void take(void* out, size_t n);
  /// A count of items of at least min_bytes each that can still be in the message.
  uint64_t count(uint64_t min_bytes);
  std::string bytes_;
  size_t at_ = 0;
};

/// The first value of a reply frame: a reply; the system call the filter refused (the learner's
/// process dies of it next); a call the learner's program has no handler for (a grader bug).
inline constexpr uint64_t kReplied = 0, kBlockedCall = 1, kUnknownCall = 2;

/// One message on a descriptor: its length (8 bytes), then its bytes. write_frame returns false
/// when the other side is gone; read_frame returns false at a clean end (no byte of a next frame)
/// and throws Malformed for a frame cut short or longer than kMaxMessageBytes.
bool write_frame(int fd, const std::string& bytes);
bool read_frame(int fd, std::string& bytes);

}  // namespace grader::wire
