#include <nlohmann/json.hpp>

#include "grader/cli/running/pool.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "grader/cli/reports/results_json.hpp"
#include "grader/cli/running/sandbox.hpp"

namespace cli {

std::vector<std::optional<KataResult>> grade_in_parallel(
    const Kata& kata, const std::vector<fs::path>& files, int jobs, const fs::path& json_dir,
    const std::string& self, const std::vector<std::string>& extra_args,
    const std::vector<std::vector<std::string>>& file_args) {
  fs::create_directories(json_dir);
  // One child per file, at most `jobs` at a time; each is the real grader on one file, so a file
  // that crashes, hangs or does not compile only ever costs its own row.
  std::vector<fs::path> json_files;
  for (const auto& f : files) {
    std::string name = f.string();
    for (char& ch : name)
      if (ch == '/' || ch == '\\') ch = '_';
    json_files.push_back(json_dir / (name + ".json"));
  }
  size_t next = 0, running = 0, done = 0;
  while (done < files.size()) {
    while (running < size_t(std::max(jobs, 1)) && next < files.size()) {
      const size_t i = next++;
      // Files are graded in parallel already: each file's checks one at a time.
      std::vector<std::string> args = {
          self,           kata.name,
          "--solution",   files[i].string(),
          "--format",     "json",
          "--check-jobs", "1",
          "--sandbox",    std::string(sandbox_mode_name(sandbox_mode()))};
      args.insert(args.end(), extra_args.begin(), extra_args.end());
      if (i < file_args.size()) args.insert(args.end(), file_args[i].begin(), file_args[i].end());
      if (fork() == 0) {
        const int fd = ::open(json_files[i].c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) dup2(fd, 1);
        const int null_fd = ::open("/dev/null", O_WRONLY);
        if (null_fd >= 0) dup2(null_fd, 2);
        close_range(3, ~0U, 0);  // the report is fd 1 only: nothing below may write to it by number
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        execv(self.c_str(), argv.data());
        _exit(127);
      }
      ++running;
    }
    int status = 0;
    if (wait(&status) > 0) {
      --running;
      ++done;
    }
  }
  std::vector<std::optional<KataResult>> results;
  for (const auto& j : json_files) {
    std::ifstream in(j);
    results.push_back(from_json(nlohmann::json::parse(in, nullptr, false)));
  }
  return results;
}

}  // namespace cli
