// grader/channel/wire.hpp: what the learner's process sends comes back as it was sent, and what
// breaks the format is refused before it is used (the grader reads it as untrusted input).
#include <fcntl.h>
#include <unistd.h>

#include <rapidcheck.h>
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>
#include <cstring>

#include "grader/channel/wire.hpp"

namespace {

using grader::wire::Malformed;
using grader::wire::Reader;
using grader::wire::Writer;

/// A tensor of random sizes (0-3 dims of 0-4), dtype and values.
rc::Gen<kt::Tensor> any_tensor() {
  return rc::gen::exec([] {
    const auto dims = *rc::gen::inRange<size_t>(0, 4).as("dims");
    kt::Shape sizes;
    for (size_t i = 0; i < dims; ++i) sizes.push_back(*rc::gen::inRange<int64_t>(0, 5));
    const auto dtype = static_cast<kt::Dtype>(*rc::gen::inRange(0, 4).as("dtype"));
    int64_t n = 1;
    for (const int64_t s : sizes) n *= s;
    std::vector<double> values;
    for (int64_t i = 0; i < n; ++i) values.push_back(double(*rc::gen::inRange(-1000, 1000)) / 8);
    kt::Tensor t = kt::from_vector(values, sizes);
    return dtype == kt::Bool ? t > 0.0 : t.to(dtype);
  });
}

/// The bytes of a message: values written with w.
std::string bytes(const std::function<void(Writer&)>& w) {
  Writer out;
  w(out);
  return out.bytes();
}

}  // namespace

TEST_CASE("a tensor comes back with its sizes, dtype and values, whatever its layout", "[wire]") {
  rc::prop("round trip", [] {
    const kt::Tensor t = *any_tensor();
    const bool transposed = t.dim() >= 2 && *rc::gen::arbitrary<bool>();
    const kt::Tensor sent = transposed ? t.transpose(0, 1) : t;
    Writer w;
    w.tensor(sent);
    Reader r(w.bytes());
    const kt::Tensor back = r.tensor();
    r.expect_end();
    RC_ASSERT(back.sizes() == sent.sizes());
    RC_ASSERT(back.dtype() == sent.dtype());
    RC_ASSERT(back.is_contiguous());
    RC_ASSERT(kt::equal(back, sent) || sent.numel() == 0);
  });
}

TEST_CASE("a run, an undefined tensor, texts and trace events come back as sent", "[wire]") {
  grader::Run run;
  run.error = "kt::ViewError: view size is not compatible";
  run.exception = "kt::ViewError";
  run.view_error = true;
  run.shape_error = true;
  run.value_error = true;
  kt::TraceEvent e;
  e.op = "matmul";
  e.inputs = {{{2, 3}, {3, 1}, kt::Float64}, {{3, 4}, {1, 3}, kt::Float32}};
  e.output = {{2, 4}, {4, 1}, kt::Float64};
  e.args = {-1, 1};
  e.value = kt::ones({2, 4});
  kt::TraceEvent thrown;
  thrown.op = "view";
  thrown.threw = true;
  thrown.input_values = {kt::zeros({1, 2})};
  Writer w;
  w.run(run);
  w.tensor(kt::Tensor());
  w.events({e, kt::TraceEvent{}, thrown});
  w.f64(-0.5);
  Reader r(w.bytes());
  const grader::Run back = r.run();
  CHECK(!back.out.defined());
  CHECK(back.error == run.error);
  CHECK(back.exception == "kt::ViewError");
  CHECK(back.view_error);
  CHECK(back.shape_error);
  CHECK(back.value_error);
  CHECK(!back.not_implemented);
  CHECK(!r.tensor().defined());
  const std::vector<kt::TraceEvent> events = r.events();
  REQUIRE(events.size() == 3);
  CHECK(events[0].op == "matmul");
  CHECK_FALSE(events[0].threw);
  CHECK(events[0].input_values.empty());
  CHECK(events[0].inputs[1].strides == kt::Shape{1, 3});
  CHECK(events[0].inputs[1].dtype == kt::Float32);
  CHECK(events[0].args == kt::Shape{-1, 1});
  CHECK(kt::equal(events[0].value, kt::ones({2, 4})));
  CHECK(!events[1].value.defined());
  CHECK(events[2].threw);
  REQUIRE(events[2].input_values.size() == 1);
  CHECK(kt::equal(events[2].input_values[0], kt::zeros({1, 2})));
  CHECK(r.f64() == -0.5);
  r.expect_end();
}

TEST_CASE("a message cut anywhere is refused, never read past its end", "[wire]") {
  const std::string whole = bytes([](Writer& w) {
    w.tensor(kt::ones({3, 2}));
    w.text("hello");
  });
  for (size_t n = 0; n < whole.size(); ++n) {
    Reader r(whole.substr(0, n));
    CHECK_THROWS_AS((r.tensor(), r.text()), Malformed);
  }
}

TEST_CASE("a stated size larger than the message is refused before anything is allocated",
          "[wire]") {
  // A defined Float64 tensor of 2^40 elements, and nothing after.
  Reader huge(bytes([](Writer& w) {
    w.boolean(true);
    w.u64(uint64_t(kt::Dtype::Float64));
    w.shape({1 << 20, 1 << 20});
  }));
  CHECK_THROWS_WITH(huge.tensor(), "a tensor larger than the message");
  Reader overflow(bytes([](Writer& w) {
    w.boolean(true);
    w.u64(uint64_t(kt::Dtype::Float64));
    w.shape({int64_t(1) << 62, 8});
  }));
  CHECK_THROWS_WITH(overflow.tensor(), "a tensor too large");
  Reader many(bytes([](Writer& w) { w.u64(uint64_t(1) << 40); }));
  CHECK_THROWS_AS(many.tensors(), Malformed);
  Reader dims(bytes([](Writer& w) { w.shape(kt::Shape(17, 1)); }));
  CHECK_THROWS_WITH(dims.shape(), "a shape of 17 dimensions");
}

TEST_CASE("a value outside its type is refused: a dtype, a flag, a Bool element, a size",
          "[wire]") {
  Reader dtype(bytes([](Writer& w) {
    w.boolean(true);
    w.u64(9);
  }));
  CHECK_THROWS_WITH(dtype.tensor(), "an unknown dtype");
  Reader flag(bytes([](Writer& w) { w.u64(2); }));
  CHECK_THROWS_WITH(flag.boolean(), "a flag that is neither 0 nor 1");
  std::string b = bytes([](Writer& w) { w.tensor(kt::ones({2}, kt::Bool)); });
  b.back() = 7;
  Reader element(b);
  CHECK_THROWS_WITH(element.tensor(), "a Bool element that is neither 0 nor 1");
  Reader negative(bytes([](Writer& w) {
    w.boolean(true);
    w.u64(uint64_t(kt::Dtype::Float64));
    w.shape({-1});
  }));
  CHECK_THROWS_WITH(negative.tensor(), "a negative size");
  Reader longer(bytes([](Writer& w) { w.u64(1); }) + "x");
  (void)longer.u64();
  CHECK_THROWS_WITH(longer.expect_end(), "a message longer than its values");
}

TEST_CASE("frames: one message each, a clean end, and a cut or oversized frame refused", "[wire]") {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  REQUIRE(grader::wire::write_frame(fds[1], "abc"));
  REQUIRE(grader::wire::write_frame(fds[1], ""));
  const uint64_t too_long = grader::wire::kMaxMessageBytes + 1;
  REQUIRE(write(fds[1], &too_long, 8) == 8);
  close(fds[1]);
  std::string got;
  REQUIRE(grader::wire::read_frame(fds[0], got));
  CHECK(got == "abc");
  REQUIRE(grader::wire::read_frame(fds[0], got));
  CHECK(got.empty());
  CHECK_THROWS_AS(grader::wire::read_frame(fds[0], got), Malformed);
  close(fds[0]);

  REQUIRE(pipe(fds) == 0);
  const uint64_t ten = 10;
  REQUIRE(write(fds[1], &ten, 8) == 8);
  REQUIRE(write(fds[1], "abc", 3) == 3);
  close(fds[1]);
  CHECK_THROWS_WITH(grader::wire::read_frame(fds[0], got), "a message cut short");
  close(fds[0]);

  REQUIRE(pipe(fds) == 0);
  close(fds[1]);
  CHECK(!grader::wire::read_frame(fds[0], got));  // the other side gone: a clean end
  close(fds[0]);
}
