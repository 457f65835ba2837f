#include "grader/channel/wire.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>

namespace grader::wire {

namespace {

size_t element_bytes(kt::Dtype d) {
  switch (d) {
    case kt::Dtype::Float32:
      return 4;
    case kt::Dtype::Float64:
    case kt::Dtype::Int64:
      return 8;
    case kt::Dtype::Bool:
      return 1;
  }
  return 8;
}

template <class T>
void append_values(std::string& out, const kt::Tensor& contiguous) {
  const T* p = contiguous.data<T>();
  out.append(reinterpret_cast<const char*>(p), size_t(contiguous.numel()) * sizeof(T));
}

void write_meta(Writer& w, const kt::TensorMeta& m) {
  w.shape(m.sizes);
  w.shape(m.strides);
  w.u64(static_cast<uint64_t>(m.dtype));
  w.u64(m.address);
}

}  // namespace

void Writer::u64(uint64_t v) { bytes_.append(reinterpret_cast<const char*>(&v), sizeof v); }

void Writer::f64(double v) { bytes_.append(reinterpret_cast<const char*>(&v), sizeof v); }

void Writer::text(std::string_view s) {
  if (s.size() > kMaxTextBytes) s = s.substr(0, kMaxTextBytes);
  u64(s.size());
  bytes_.append(s.data(), s.size());
}

void Writer::shape(const kt::Shape& s) {
  u64(s.size());
  for (const int64_t v : s) i64(v);
}

void Writer::tensor(const kt::Tensor& t) {
  boolean(t.defined());
  if (!t.defined()) return;
  // Encoding is not the learner's work: a traced call's trace shows the learner's ops only.
  const kt::TracePause pause;
  const kt::Tensor c = t.contiguous();
  u64(static_cast<uint64_t>(c.dtype()));
  shape(c.sizes());
  switch (c.dtype()) {
    case kt::Dtype::Float32:
      append_values<float>(bytes_, c);
      break;
    case kt::Dtype::Float64:
      append_values<double>(bytes_, c);
      break;
    case kt::Dtype::Int64:
      append_values<int64_t>(bytes_, c);
      break;
    case kt::Dtype::Bool:
      append_values<bool>(bytes_, c);
      break;
  }
}

void Writer::tensors(const std::vector<kt::Tensor>& ts) {
  u64(ts.size());
  for (const kt::Tensor& t : ts) tensor(t);
}

void Writer::run(const Run& r) {
  tensor(r.out);
  text(r.error);
  text(r.exception);
  boolean(r.view_error);
  boolean(r.shape_error);
  boolean(r.value_error);
  boolean(r.not_implemented);
  boolean(r.out_of_memory);
  boolean(r.returned_undefined);
}

void Writer::events(const std::vector<kt::TraceEvent>& events) {
  u64(events.size());
  for (const kt::TraceEvent& e : events) {
    text(e.op);
    u64(e.inputs.size());
    for (const kt::TensorMeta& m : e.inputs) write_meta(*this, m);
    write_meta(*this, e.output);
    shape(e.args);
    tensor(e.value);
    boolean(e.threw);
    tensors(e.input_values);
  }
}

void Writer::raw(const void* data, size_t n) { bytes_.append(static_cast<const char*>(data), n); }

void Reader::take(void* out, size_t n) {
  if (n > bytes_.size() - at_) throw Malformed("a message ends in the middle of a value");
  std::memcpy(out, bytes_.data() + at_, n);
  at_ += n;
}

uint64_t Reader::count(uint64_t min_bytes) {
  const uint64_t n = u64();
  if (min_bytes > 0 && n > (bytes_.size() - at_) / min_bytes)
    throw Malformed("a count of " + std::to_string(n) + " items longer than the message");
  return n;
}

uint64_t Reader::u64() {
  uint64_t v = 0;
  take(&v, sizeof v);
  return v;
}

double Reader::f64() {
  double v = 0;
  take(&v, sizeof v);
  return v;
}

bool Reader::boolean() {
  const uint64_t v = u64();
  if (v > 1) throw Malformed("a flag that is neither 0 nor 1");
  return v == 1;
}

std::string Reader::text() {
  const uint64_t n = count(1);
  if (n > kMaxTextBytes) throw Malformed("a text longer than " + std::to_string(kMaxTextBytes));
  std::string s(size_t(n), '\0');
  take(s.data(), size_t(n));
  return s;
}

kt::Shape Reader::shape() {
  const uint64_t n = count(8);
  if (n > kMaxDims) throw Malformed("a shape of " + std::to_string(n) + " dimensions");
  kt::Shape s(static_cast<size_t>(n));
  for (int64_t& v : s) v = i64();
  return s;
}

kt::Tensor Reader::tensor() {
  if (!boolean()) return {};
  const uint64_t tag = u64();
  if (tag > static_cast<uint64_t>(kt::Dtype::Int64)) throw Malformed("an unknown dtype");
  const auto dtype = static_cast<kt::Dtype>(tag);
  const kt::Shape sizes = shape();
  uint64_t numel = 1;
  for (const int64_t v : sizes) {
    if (v < 0) throw Malformed("a negative size");
    if (v != 0 && numel > std::numeric_limits<uint64_t>::max() / uint64_t(v))
      throw Malformed("a tensor too large");
    numel *= uint64_t(v);
  }
  const size_t eb = element_bytes(dtype);
  if (numel > (bytes_.size() - at_) / eb) throw Malformed("a tensor larger than the message");
  kt::Tensor t = kt::empty(sizes, dtype);
  const size_t n = size_t(numel) * eb;
  switch (dtype) {
    case kt::Dtype::Float32:
      take(t.data<float>(), n);
      break;
    case kt::Dtype::Float64:
      take(t.data<double>(), n);
      break;
    case kt::Dtype::Int64:
      take(t.data<int64_t>(), n);
      break;
    case kt::Dtype::Bool: {
      // Any byte but 0 and 1 is not a bool.
      bool* p = t.data<bool>();
      for (size_t i = 0; i < n; ++i) {
        unsigned char b = 0;
        take(&b, 1);
        if (b > 1) throw Malformed("a Bool element that is neither 0 nor 1");
        p[i] = b == 1;
      }
      break;
    }
  }
  return t;
}

std::vector<kt::Tensor> Reader::tensors() {
  const uint64_t n = count(8);
  std::vector<kt::Tensor> ts;
  ts.reserve(size_t(n));
  for (uint64_t i = 0; i < n; ++i) ts.push_back(tensor());
  return ts;
}

Run Reader::run() {
  Run r;
  r.out = tensor();
  r.error = text();
  r.exception = text();
  r.view_error = boolean();
  r.shape_error = boolean();
  r.value_error = boolean();
  r.not_implemented = boolean();
  r.out_of_memory = boolean();
  r.returned_undefined = boolean();
  return r;
}

std::vector<kt::TraceEvent> Reader::events() {
  const uint64_t n = count(7 * 8);  // the least an event takes
  std::vector<kt::TraceEvent> events(static_cast<size_t>(n));
  const auto meta = [&](kt::TensorMeta& m) {
    m.sizes = shape();
    m.strides = shape();
    const uint64_t tag = u64();
    if (tag > static_cast<uint64_t>(kt::Dtype::Int64)) throw Malformed("an unknown dtype");
    m.dtype = static_cast<kt::Dtype>(tag);
    m.address = u64();
  };
  for (kt::TraceEvent& e : events) {
    e.op = text();
    e.inputs.resize(size_t(count(4 * 8)));
    for (kt::TensorMeta& m : e.inputs) meta(m);
    meta(e.output);
    e.args = shape();
    e.value = tensor();
    e.threw = boolean();
    e.input_values = tensors();
  }
  return events;
}

void Reader::raw(void* data, size_t n) { take(data, n); }

void Reader::expect_end() const {
  if (at_ != bytes_.size()) throw Malformed("a message longer than its values");
}

bool write_frame(int fd, const std::string& bytes) {
  std::string frame(8, '\0');
  const uint64_t n = bytes.size();
  std::memcpy(frame.data(), &n, 8);
  frame += bytes;
  size_t done = 0;
  while (done < frame.size()) {
    const ssize_t w = ::write(fd, frame.data() + done, frame.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    done += size_t(w);
  }
  return true;
}

namespace {

/// Reads exactly n bytes; false at end of input before the first byte, Malformed after it.
bool read_exactly(int fd, char* out, size_t n) {
  size_t done = 0;
  while (done < n) {
    const ssize_t r = ::read(fd, out + done, n - done);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) {
      if (done == 0) return false;
      throw Malformed("a message cut short");
    }
    done += size_t(r);
  }
  return true;
}

}  // namespace

bool read_frame(int fd, std::string& bytes) {
  char header[8];
  if (!read_exactly(fd, header, 8)) return false;
  uint64_t n = 0;
  std::memcpy(&n, header, 8);
  if (n > kMaxMessageBytes) throw Malformed("a message of " + std::to_string(n) + " bytes");
  // Grown as the bytes arrive: a length the sender states is not an allocation it can order.
  bytes.clear();
  constexpr size_t kChunk = 1 << 20;
  while (bytes.size() < n) {
    const size_t at = bytes.size();
    const size_t step = std::min<size_t>(kChunk, size_t(n) - at);
    bytes.resize(at + step);
    if (!read_exactly(fd, bytes.data() + at, step)) throw Malformed("a message cut short");
  }
  return true;
}

}  // namespace grader::wire
