#include "core/work_exchange.hpp"

#include <algorithm>

namespace alab {

void WorkExchange::offer(Job& job) {
  std::lock_guard<std::mutex> lock(mu_);
  job.state = Job::State::offered;
  offered_.push_back(&job);
  cv_.notify_all();
}

bool WorkExchange::run_if_untaken(Job& job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (job.state != Job::State::offered) return false;
    offered_.erase(std::remove(offered_.begin(), offered_.end(), &job), offered_.end());
    job.state = Job::State::running;
  }
  job.work();
  std::lock_guard<std::mutex> lock(mu_);
  job.state = Job::State::done;
  cv_.notify_all();  // its owner may be waiting in finish()
  return true;
}

void WorkExchange::wait(Job& job) {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [&] { return job.state != Job::State::running && job.state != Job::State::offered; });
}

void WorkExchange::help_until(const std::function<bool()>& quit) {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    ++idle_;
    cv_.wait(lock, [&] { return !offered_.empty() || quit(); });
    --idle_;
    if (offered_.empty()) return;
    Job* job = offered_.front();
    offered_.pop_front();
    job->state = Job::State::running;
    lock.unlock();
    job->work();
    lock.lock();
    job->state = Job::State::done;
    cv_.notify_all();
  }
}

int WorkExchange::idle_helpers() const {
  std::lock_guard<std::mutex> lock(mu_);
  return idle_;
}

void WorkExchange::wake() {
  std::lock_guard<std::mutex> lock(mu_);
  cv_.notify_all();
}

}  // namespace alab
