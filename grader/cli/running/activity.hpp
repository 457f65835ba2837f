// Whether a running check is computing or waiting: read from /proc (Note [blocked or slow] in
// run.cpp).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>

namespace cli {

/// One look at a process and its children: their CPU time so far and whether any of their threads
/// is running or waiting for a CPU (state R). Empty when /proc has no such process (or cannot be
/// read).
struct ActivitySample {
  long long cpu_ticks = 0;
  bool runnable = false;
};
std::optional<ActivitySample> sample_activity(pid_t pid);

/// Samples taken about every 100 ms tell a blocked process (no thread runnable, no CPU time used,
/// for `quiet_for` without a gap in the sampling) from one that computes, however slowly a busy
/// machine lets it.
class ActivityWatch {
 public:
  using Clock = std::chrono::steady_clock;
  ActivityWatch(pid_t pid, Clock::duration quiet_for) : pid_(pid), quiet_for_(quiet_for) {}
  /// Takes a sample when 100 ms have passed since the last one; true once the process has been
  /// quiet for quiet_for.
  bool blocked(Clock::time_point now);
  /// False when no sample could be read: the caller falls back to a wall-clock limit.
  [[nodiscard]] bool works() const { return works_; }

 private:
  pid_t pid_;
  Clock::duration quiet_for_;
  bool works_ = true, started_ = false;
  Clock::time_point last_sample_{}, quiet_since_{};
  bool quiet_ = false;
  long long last_ticks_ = 0;
};

}  // namespace cli
