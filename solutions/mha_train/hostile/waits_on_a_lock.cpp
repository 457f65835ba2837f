// expect: error
// expect-message: blocked: it sat idle
// Blocks: waits on a condition variable nobody signals (a deadlock), using no CPU. Seen blocked
// and stopped in seconds.
#include <condition_variable>
#include <mutex>

#include "mha_train.hpp"

kt::Tensor MultiHeadAttention::forward(const kt::Tensor& x, kt::Generator&, bool) const {
  std::mutex m;
  std::condition_variable never;
  std::unique_lock<std::mutex> lock(m);
  never.wait(lock, [] { return false; });
  return x;
}
