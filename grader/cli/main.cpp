// kt-grade: the program behind ./grade. Builds a kata file (or --solution PATH) into the kata's
// check runner, runs every check in its own process, and reports.
//
// Exit status: 0 all checks passed; 1 a check failed or the file did not compile; 2 usage or
// setup error.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "grader/cli/build.hpp"
#include "grader/cli/kata.hpp"
#include "grader/cli/report.hpp"
#include "grader/cli/run.hpp"

namespace cli {
namespace {

struct Options {
  std::string kata;
  std::string solution;
  uint64_t seed = 1;
  std::string format = "text";
  bool all = false;
  std::vector<std::string> only;
  int time_limit_s = 0;  // 0: the kata's own
};

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "grade: " << message << "\n";
  std::exit(2);
}

fs::path state_file() { return binary_dir() / "grade" / "state.json"; }

nlohmann::json load_state() {
  std::ifstream in(state_file());
  auto j = nlohmann::json::parse(in, nullptr, false);
  return j.is_object() ? j : nlohmann::json::object();
}

bool not_started(const Kata& k) {
  std::ifstream in(k.file);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str().find("not implemented yet") != std::string::npos;
}

KataResult grade(Kata kata, const Options& opt) {
  if (opt.time_limit_s > 0) kata.time_limit_s = opt.time_limit_s;
  KataResult r;
  r.kata = kata.name;
  r.title = kata.title;
  r.seed = opt.seed;
  const fs::path source = opt.solution.empty() ? kata.file : fs::path(opt.solution);
  r.solution = source.string();
  if (!fs::exists(source)) usage_error("no such file: " + source.string());
  // The kata file builds in the build tree; any other file in a private temporary folder.
  fs::path work = binary_dir() / "grade" / kata.name;
  std::string tmp_template;
  if (!opt.solution.empty()) {
    tmp_template = (fs::temp_directory_path() / "kt-grade-XXXXXX").string();
    if (mkdtemp(tmp_template.data()) == nullptr) usage_error("cannot create a temporary folder");
    work = tmp_template;
  }
  const BuildResult build = build_runner(kata, source, work);
  if (!build.ok) {
    r.status = "error";
    const bool forbidden = build.message.rfind("forbidden call", 0) == 0;
    r.message =
        source.string() + (forbidden ? " was not graded:\n" : " did not build:\n") + build.message;
    if (!forbidden) r.message += "(full log: " + build.log.string() + ")";
    return r;
  }
  for (const CheckMeta& check : kata.checks) {
    if (!opt.only.empty() &&
        std::find(opt.only.begin(), opt.only.end(), check.id) == opt.only.end())
      continue;
    r.tests.push_back(run_check(kata, build.runner, check, opt.seed));
  }
  const auto count = [&](const char* status) {
    return std::count_if(r.tests.begin(), r.tests.end(),
                         [&](const TestResult& t) { return t.status == status; });
  };
  // error: nothing could be graded (every check crashed or timed out).
  r.status = count("pass") == std::ssize(r.tests)    ? "pass"
             : count("error") == std::ssize(r.tests) ? "error"
                                                     : "fail";
  if (!opt.solution.empty()) fs::remove_all(work);
  if (opt.solution.empty()) {
    nlohmann::json state = load_state();
    state[kata.name] = {{"status", r.status}, {"score", r.score()}, {"max_score", r.max_score()}};
    fs::create_directories(state_file().parent_path());
    std::ofstream(state_file()) << state.dump(2);
  }
  return r;
}

int list_katas() {
  const auto katas = load_katas();
  const nlohmann::json state = load_state();
  std::cout << "Katas (edit the file, then ./grade NAME):\n";
  std::string next;
  for (const Kata& k : katas) {
    std::string status = "not started";
    if (!not_started(k)) {
      status = "in progress (not graded yet)";
      if (state.contains(k.name)) {
        const auto& s = state[k.name];
        status = s["status"] == "pass" ? "passed"
                                       : "failing: score " + std::to_string(s["score"].get<int>()) +
                                             "/" + std::to_string(s["max_score"].get<int>());
      }
    }
    if (next.empty() && status != "passed") next = k.name;
    std::cout << "  " << k.name << "  " << k.title << "  [" << status << "]  "
              << fs::relative(k.file, source_dir()).string() << "\n";
  }
  if (!next.empty()) std::cout << "Next: ./grade " << next << "\n";
  std::cout << "All tests of the project: ./grade selftest\n";
  return 0;
}

}  // namespace
}  // namespace cli

int main(int argc, char** argv) {
  using namespace cli;
  CLI::App app{"./grade: grade your kata solutions"};
  Options opt;
  app.add_option("kata", opt.kata, "the kata to grade (see ./grade with no arguments)");
  app.add_option("--solution", opt.solution, "grade this file in the kata file's place");
  app.add_option("--seed", opt.seed,
                 "seed of the random cases (the report prints the rerun command)");
  app.add_option("--format", opt.format, "text or json")->check(CLI::IsMember({"text", "json"}));
  app.add_option("--check", opt.only, "run only this check (repeatable)");
  app.add_flag("--all", opt.all, "grade every kata");
  app.add_option("--time-limit-s", opt.time_limit_s,
                 "wall-clock limit per check (default: the kata's)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "grade: " << e.what() << " (see ./grade --help)\n";
    return 2;
  }
  try {
    if (opt.kata.empty() && !opt.all) return list_katas();
    std::vector<Kata> katas;
    if (opt.all) {
      katas = load_katas();
    } else if (auto k = find_kata(opt.kata)) {
      katas.push_back(*k);
    } else {
      std::string names;
      for (const Kata& k2 : load_katas()) names += " " + k2.name;
      usage_error("unknown kata '" + opt.kata + "'; the katas are:" + names);
    }
    const bool colour = opt.format == "text" && isatty(1) && std::getenv("NO_COLOR") == nullptr;
    nlohmann::json all = {{"katas", nlohmann::json::array()}};
    bool ok = true;
    for (const Kata& k : katas) {
      const KataResult r = grade(k, opt);
      ok = ok && r.status == "pass";
      std::string rerun = "./grade " + k.name + " --seed " + std::to_string(opt.seed);
      if (!opt.solution.empty()) rerun += " --solution " + opt.solution;
      if (opt.format == "json") {
        all["katas"].push_back(to_json(r));
      } else {
        std::cout << to_text(r, colour, rerun);
      }
    }
    if (opt.format == "json") std::cout << (opt.all ? all : all["katas"][0]).dump(2) << "\n";
    return ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "grade: " << e.what() << "\n";
    return 2;
  }
}
