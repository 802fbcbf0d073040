// A fixed set of worker threads that run one job at a time: run(job) calls job(worker) once on
// every worker (the calling thread is worker 0) and returns when all calls have returned.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gcnkit::emu {

class ThreadPool {
public:
  // threads == 0: one per hardware thread.
  explicit ThreadPool(unsigned threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  unsigned size() const { return static_cast<unsigned>(threads_.size()) + 1; }
  void run(const std::function<void(unsigned worker)> &job);

private:
  void loop(unsigned worker);

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable start_, done_;
  const std::function<void(unsigned)> *job_ = nullptr;
  uint64_t generation_ = 0;
  unsigned pending_ = 0;
  bool stopping_ = false;
};

} // namespace gcnkit::emu
