// Allocation accounting and the op trace: off by default, exact when on.
#include <catch2/catch.hpp>
#include <string>
#include <thread>
#include <vector>

#include "kt/tensor.hpp"

using kt::Shape;

TEST_CASE("allocation accounting counts live and peak bytes only while on", "[instrument]") {
  CHECK_FALSE(kt::alloc_tracking());
  kt::set_alloc_tracking(true);
  kt::reset_alloc_stats();
  const auto before = kt::alloc_stats();
  {
    const kt::Tensor a = kt::zeros({100});  // 800 bytes
    {
      const kt::Tensor b = kt::zeros({50}, kt::Float32);  // 200 bytes
      CHECK(kt::alloc_stats().live_bytes - before.live_bytes == 1000);
    }
    CHECK(kt::alloc_stats().live_bytes - before.live_bytes == 800);
    const kt::Tensor view = a.view({10, 10}).transpose(0, 1);  // views allocate nothing
    CHECK(kt::alloc_stats().allocations == 2);
  }
  const auto after = kt::alloc_stats();
  CHECK(after.live_bytes == before.live_bytes);
  CHECK(after.peak_bytes - before.live_bytes == 1000);
  CHECK(after.total_bytes == 1000);
  kt::set_alloc_tracking(false);
  const kt::Tensor untracked = kt::zeros({1000});
  CHECK(kt::alloc_stats().total_bytes == 1000);
}

TEST_CASE("the op trace records public ops in call order, not their internals", "[instrument]") {
  const kt::Tensor x = kt::randn({2, 3, 8});
  std::vector<kt::TraceEvent> events;
  {
    kt::OpTrace trace;
    const kt::Tensor heads = x.view({2, 3, 2, 4}).transpose(1, 2);
    const kt::Tensor merged =
        heads.reshape({2, 2, 12});  // reshape copies: its view/clone are internal
    (void)kt::softmax(merged, -1);
    events = trace.events();
  }
  REQUIRE(events.size() == 4);
  CHECK(events[0].op == "view");
  CHECK(events[0].args == Shape{2, 3, 2, 4});
  CHECK(events[0].inputs.at(0).sizes == Shape{2, 3, 8});
  CHECK(events[0].output.strides == Shape{24, 8, 4, 1});
  CHECK(events[1].op == "transpose");
  CHECK(events[1].output.sizes == Shape{2, 2, 3, 4});
  CHECK(events[1].output.strides == Shape{24, 4, 8, 1});
  CHECK(events[2].op == "reshape");
  CHECK(events[3].op == "softmax");
  CHECK(events[3].args == Shape{-1});
  SECTION("nothing is recorded outside a trace") {
    kt::OpTrace trace;
    CHECK(trace.events().empty());
  }
}

TEST_CASE("a trace that keeps values holds a copy of each result, later in-place ops aside",
          "[instrument]") {
  const kt::Tensor x = kt::from_vector(std::vector<double>{1, 2, 3, 4}, {2, 2});
  std::vector<kt::TraceEvent> events;
  kt::Tensor s;
  {
    kt::OpTrace trace(/*keep_values=*/true);
    kt::Tensor y = x + x;
    s = kt::softmax(y, -1);  // its internal ops record nothing
    y.fill_(0.0);
    events = trace.events();  // (checked outside: allclose is an op the trace would record)
  }
  REQUIRE(events.size() == 3);
  CHECK(events[0].value.to_vector<double>() == std::vector<double>{2, 4, 6, 8});
  CHECK(events[1].op == "softmax");
  CHECK(kt::allclose(events[1].value, s, 0, 0));
  CHECK(events[2].op == "fill_");
  CHECK(events[2].value.to_vector<double>() == std::vector<double>(4, 0.0));
  SECTION("a trace without keep_values keeps none") {
    kt::OpTrace plain;
    (void)(x + x);
    REQUIRE(plain.events().size() == 1);
    CHECK_FALSE(plain.events()[0].value.defined());
  }
}

TEST_CASE("a failing op in a trace leaves its event, marked, and no op open", "[instrument]") {
  const kt::Tensor base = kt::zeros({2, 3});
  const kt::Tensor ints = kt::zeros({2}, kt::Int64);
  kt::OpTrace trace;
  const kt::Tensor t = base.transpose(0, 1);
  CHECK_THROWS_AS(t.view({6}), kt::ViewError);
  // softmax runs nested ops (permute, contiguous) before it refuses the dtype
  CHECK_THROWS_AS(kt::softmax(ints, 0), kt::DtypeError);
  (void)t.reshape({6});  // recorded: the failures left no op open
  REQUIRE(trace.events().size() == 4);
  CHECK(trace.events()[0].op == "transpose");
  CHECK_FALSE(trace.events()[0].threw);
  CHECK(trace.events()[1].op == "view");
  CHECK(trace.events()[1].threw);
  CHECK(trace.events()[1].args == std::vector<int64_t>{6});
  CHECK(trace.events()[1].inputs[0].sizes == Shape{3, 2});
  CHECK(trace.events()[1].input_values.empty());  // this trace keeps no values
  CHECK(trace.events()[2].op == "softmax");
  CHECK(trace.events()[2].threw);
  CHECK(trace.events()[3].op == "reshape");
  CHECK_FALSE(trace.events()[3].threw);
  CHECK(trace.events()[3].output.sizes == Shape{6});
}

TEST_CASE("a failing op in a trace that keeps values keeps its inputs as they were",
          "[instrument]") {
  const kt::Tensor a = kt::ones({2, 3});
  const kt::Tensor b = kt::ones({2, 3});
  kt::OpTrace trace(/*keep_values=*/true);
  CHECK_THROWS_AS(kt::matmul(a, b), kt::Error);
  REQUIRE(trace.events().size() == 1);
  const kt::TraceEvent& e = trace.events()[0];
  CHECK(e.threw);
  CHECK_FALSE(e.value.defined());
  REQUIRE(e.input_values.size() == 2);
  CHECK(e.input_values[0].sizes() == Shape{2, 3});
  CHECK(e.input_values[1].sizes() == Shape{2, 3});
  (void)(a + b);  // an op that returns keeps no inputs
  REQUIRE(trace.events().size() == 2);
  CHECK(trace.events()[1].input_values.empty());
}

TEST_CASE("op traces nest, and a trace records only its own thread's ops", "[instrument]") {
  const kt::Tensor x = kt::zeros({2, 3});
  kt::OpTrace outer;
  (void)x.transpose(0, 1);
  std::vector<std::string> inner_ops;
  {
    kt::OpTrace inner;
    (void)x.view({6});
    for (const kt::TraceEvent& e : inner.events()) inner_ops.push_back(e.op);
  }
  std::vector<std::string> other_thread_ops;
  std::thread other([&] {
    kt::OpTrace own;
    (void)kt::sum(x);
    for (const kt::TraceEvent& e : own.events()) other_thread_ops.push_back(e.op);
  });
  (void)x.unsqueeze(0);
  other.join();
  (void)x.squeeze();
  std::vector<std::string> outer_ops;
  for (const kt::TraceEvent& e : outer.events()) outer_ops.push_back(e.op);
  CHECK(inner_ops == std::vector<std::string>{"view"});
  CHECK(other_thread_ops == std::vector<std::string>{"sum"});
  CHECK(outer_ops == std::vector<std::string>{"transpose", "unsqueeze", "squeeze"});
}

TEST_CASE("arange is traced with its bounds when they are whole numbers", "[instrument]") {
  kt::OpTrace trace;
  (void)kt::arange(2.0, 7.0);
  (void)kt::arange(0.5, 2.0);
  REQUIRE(trace.events().size() == 2);
  CHECK(trace.events()[0].op == "arange");
  CHECK(trace.events()[0].args == std::vector<int64_t>{2, 7, 1});
  CHECK(trace.events()[0].output.sizes == Shape{5});
  CHECK(trace.events()[1].args.empty());  // 0.5 is no whole number: no bounds recorded
}
