// kt-grade: the program behind ./grade. Builds a kata file (or --solution PATH) into the kata's
// check runner, runs every check in its own process, and reports.
//
//   ./grade                       list the katas and what to do next
//   ./grade KATA [options]        grade one kata          ./grade --all   grade every started kata
//   ./grade hint KATA [--all]     ./grade reset KATA [--yes]     ./grade solution KATA [--force]
//   ./grade watch [KATA]          re-grade on every save
//   ./grade batch KATA PATH...    grade many submissions into a gradebook (CSV + JSON)
//   ./grade classroom             print the GitHub Classroom workflow (from the katas' metadata)
//   ./grade new-pitfall KATA ID   ./grade new-kata NAME     scaffolds for instructors
//   kt-grade selftest [KATA...]   the test-bed matrix (./grade selftest runs it with every test)
//
// Exit status: 0 all checks passed; 1 a check failed or the file did not compile; 2 usage or
// setup error.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>

#include "grader/cli/build.hpp"
#include "grader/cli/commands.hpp"
#include "grader/cli/kata.hpp"
#include "grader/cli/report.hpp"
#include "grader/cli/run.hpp"
#include "grader/cli/scaffold.hpp"
#include "grader/cli/selftest.hpp"

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
  std::string junit, markdown;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "grade: " << message << "\n";
  std::exit(2);
}

/// Still the shipped stub (or still throwing its "not implemented yet").
bool not_started(const Kata& k) {
  const std::string text = read_file(k.file);
  return text == read_file(k.stub) || text.find("not implemented yet") != std::string::npos;
}

Kata kata_or_exit(const std::string& name) {
  if (auto k = find_kata(name)) return *k;
  std::string names;
  for (const Kata& k : load_katas()) names += " " + k.name;
  usage_error("unknown kata '" + name + "'; the katas are:" + names);
}

KataResult grade(Kata kata, const Options& opt) {
  if (opt.time_limit_s > 0) kata.time_limit_s = opt.time_limit_s;
  KataResult r;
  r.kata = kata.name;
  r.title = kata.title;
  r.seed = opt.seed;
  for (const CheckMeta& c : kata.checks) r.declared_max += c.points;
  const fs::path source = opt.solution.empty() ? kata.file : fs::path(opt.solution);
  r.solution = opt.solution.empty() ? fs::relative(kata.file, source_dir()).string() : opt.solution;
  if (!fs::exists(source)) usage_error("no such file: " + source.string());
  // The kata file builds in the build tree; any other file in a private temporary folder.
  fs::path work = state_dir() / kata.name;
  if (!opt.solution.empty()) work = make_temp_dir();
  const BuildResult build = build_runner(kata, source, work);
  if (!build.ok) {
    r.status = "error";
    const bool forbidden = build.message.rfind("forbidden call", 0) == 0;
    r.message =
        source.string() + (forbidden ? " was not graded:\n" : " did not build:\n") + build.message;
    if (!forbidden) r.message += "(full log: " + build.log.string() + ")";
    return r;
  }
  r.warnings = build.warnings;
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
  if (opt.solution.empty() && opt.only.empty()) {
    nlohmann::json state = load_json(state_file());
    state[kata.name] = {{"status", r.status}, {"score", r.score()}, {"max_score", r.max_score()}};
    save_json(state_file(), state);
  }
  return r;
}

std::string next_kata() {
  const nlohmann::json state = load_json(state_file());
  for (const Kata& k : load_katas())
    if (!state.contains(k.name) || state[k.name].value("status", "") != "pass") return k.name;
  return "";
}

int list_katas() {
  const nlohmann::json state = load_json(state_file());
  std::cout << "Katas (edit the file, then ./grade NAME):\n";
  for (const Kata& k : load_katas()) {
    std::string status = "not started";
    if (!not_started(k)) {
      status = "in progress, not graded yet";
      if (state.contains(k.name)) {
        const auto& s = state[k.name];
        status = s["status"] == "pass" ? "passed"
                                       : "failing, score " + std::to_string(s["score"].get<int>()) +
                                             "/" + std::to_string(s["max_score"].get<int>());
      }
    }
    std::cout << "  " << k.name << "  " << k.title << "  [" << status << "]  "
              << fs::relative(k.file, source_dir()).string() << "\n";
  }
  const std::string next = next_kata();
  std::cout << (next.empty() ? "Every kata passes." : "Next: ./grade " + next) << "\n";
  std::cout << "Hints: ./grade hint NAME    All of the project's tests: ./grade selftest\n";
  return 0;
}

int grade_command(const Options& opt) {
  std::vector<Kata> katas;
  if (opt.all) {
    katas = load_katas();
  } else {
    katas.push_back(kata_or_exit(opt.kata));
  }
  const bool colour = opt.format == "text" && isatty(1) && std::getenv("NO_COLOR") == nullptr;
  std::vector<KataResult> results;
  bool ok = true;
  for (const Kata& k : katas) {
    KataResult r;
    if (opt.all && opt.solution.empty() && not_started(k)) {
      // --all grades what the learner has started; an untouched stub is reported, not failed.
      r.kata = k.name;
      r.title = k.title;
      r.seed = opt.seed;
      r.started = false;
      r.status = "fail";
      r.solution = fs::relative(k.file, source_dir()).string();
      r.message = "not started: " + r.solution + " is still the shipped stub";
    } else {
      r = grade(k, opt);
      ok = ok && r.status == "pass";
    }
    std::string rerun = "./grade " + k.name + " --seed " + std::to_string(opt.seed);
    if (!opt.solution.empty()) rerun += " --solution " + opt.solution;
    if (opt.format == "text") std::cout << to_text(r, colour, rerun) << std::flush;
    results.push_back(std::move(r));
  }
  if (opt.format == "json") {
    nlohmann::json all = {{"katas", nlohmann::json::array()}};
    for (const auto& r : results) all["katas"].push_back(to_json(r));
    std::cout << (opt.all ? all : all["katas"][0]).dump(2) << "\n";
  }
  if (!opt.junit.empty()) std::ofstream(opt.junit) << to_junit(results);
  if (!opt.markdown.empty()) std::ofstream(opt.markdown, std::ios::app) << to_markdown(results);
  return ok ? 0 : 1;
}

int watch(const std::string& name, Options opt) {
  const std::string kata = name.empty() ? next_kata() : name;
  if (kata.empty()) usage_error("every kata passes; name one to watch: ./grade watch KATA");
  const Kata k = kata_or_exit(kata);
  opt.kata = kata;
  std::cout << "Watching " << fs::relative(k.file, source_dir()).string()
            << " (checked twice a second, which works on every file system). Ctrl-C stops.\n";
  fs::file_time_type seen{};
  while (true) {
    std::error_code ec;
    const auto now = fs::last_write_time(k.file, ec);
    if (!ec && now != seen) {
      seen = now;
      if (isatty(1)) std::cout << "\033[2J\033[H";  // clear the screen
      grade_command(opt);
      std::cout << "\n(watching for the next save…)\n" << std::flush;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

/// Parses a subcommand's arguments (argv[1] names it). Returns the exit status when there is
/// nothing more to do (--help: 0; a usage error, said on stderr: 2).
std::optional<int> parse_subcommand(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc - 1, argv + 1);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "grade " << argv[1] << ": " << e.what() << " (see ./grade " << argv[1]
              << " --help)\n";
    return 2;
  }
  return std::nullopt;
}

void add_grade_options(CLI::App& app, Options& opt) {
  app.add_option("--solution", opt.solution, "grade this file in the kata file's place");
  app.add_option("--seed", opt.seed,
                 "seed of the random cases (the report prints the rerun command)");
  app.add_option("--format", opt.format, "text or json")->check(CLI::IsMember({"text", "json"}));
  app.add_option("--check", opt.only, "run only this check (repeatable)");
  app.add_option("--time-limit-s", opt.time_limit_s,
                 "wall-clock limit per check (default: the kata's)");
  app.add_option("--junit", opt.junit, "also write JUnit XML to this file");
  app.add_option("--markdown", opt.markdown, "also append a Markdown summary to this file");
}

}  // namespace
}  // namespace cli

int main(int argc, char** argv) {
  using namespace cli;
  const std::string first = argc > 1 ? argv[1] : "";
  try {
    if (first == "batch") {
      CLI::App app{"./grade batch KATA PATH... : grade many submissions into a gradebook"};
      std::string kata, out = "gradebook";
      std::vector<std::string> paths;
      int jobs = core_count();
      int time_limit_s = 0;
      app.add_option("kata", kata, "the kata")->required();
      app.add_option("--time-limit-s", time_limit_s,
                     "wall-clock limit per check (default: the kata's)");
      app.add_option("paths", paths, "submission files, or folders searched for .cpp files")
          ->required();
      app.add_option("--jobs,-j", jobs, "submissions graded at once (default: the core count)");
      app.add_option("--out", out, "folder for gradebook.csv and json/ (default: gradebook)");
      if (auto stop = parse_subcommand(app, argc, argv)) return *stop;
      return batch(kata_or_exit(kata), paths, jobs, time_limit_s, out,
                   fs::canonical("/proc/self/exe").string());
    }
    if (first == "selftest") {
      CLI::App app{
          "kt-grade selftest [KATA...] : grade every file under solutions/ and compare "
          "with the verdict it declares (./grade selftest runs this and every other test)"};
      std::vector<std::string> names;
      SelftestOptions so;
      so.jobs = core_count();
      std::string out;
      app.add_option("katas", names, "the katas (default: all)");
      app.add_option("--jobs,-j", so.jobs, "files graded at once (default: the core count)");
      app.add_option("--time-limit-s", so.time_limit_s, "wall-clock limit per check (default 3)");
      app.add_option("--out", out, "also write each kata's matrix to DIR/KATA.txt");
      if (auto stop = parse_subcommand(app, argc, argv)) return *stop;
      so.out_dir = out;
      std::vector<Kata> katas;
      if (names.empty()) katas = load_katas();
      for (const auto& n : names) katas.push_back(kata_or_exit(n));
      return selftest(katas, so, fs::canonical("/proc/self/exe").string());
    }
    if (first == "new-pitfall" || first == "new-kata") {
      CLI::App app{first == "new-pitfall"
                       ? "./grade new-pitfall KATA ID : scaffold a pitfall (detector, known-bad "
                         "solution, hint, one line of kata.toml)"
                       : "./grade new-kata NAME : scaffold a kata that builds, whose stub fails "
                         "and whose self-test passes"};
      std::string kata, id;
      app.add_option(first == "new-pitfall" ? "kata" : "name", kata, "the kata")->required();
      if (first == "new-pitfall")
        app.add_option("id", id, "the pitfall id, e.g. softmax_wrong_dim")->required();
      if (auto stop = parse_subcommand(app, argc, argv)) return *stop;
      if (first == "new-kata") return new_kata(kata);
      return new_pitfall(kata_or_exit(kata), id);
    }
    if (first == "classroom") {
      std::cout << classroom_workflow(load_katas());
      return 0;
    }
    if (first == "hint" || first == "reset" || first == "solution" || first == "watch") {
      CLI::App app{"./grade " + first};
      std::string kata;
      bool flag = false;
      Options opt;
      app.add_option("kata", kata, "the kata")->required(first != "watch");
      if (first == "hint") app.add_flag("--all", flag, "show every hint");
      if (first == "reset") app.add_flag("--yes,-y", flag, "do not ask");
      if (first == "solution") app.add_flag("--force", flag, "show it before the kata passes");
      if (first == "watch") add_grade_options(app, opt);
      if (auto stop = parse_subcommand(app, argc, argv)) return *stop;
      if (first == "watch") return watch(kata, opt);
      const Kata k = kata_or_exit(kata);
      if (first == "hint") return show_hint(k, flag);
      if (first == "reset") return reset_kata(k, flag);
      return show_solution(k, flag);
    }
    CLI::App app{"./grade: grade your kata solutions"};
    Options opt;
    app.add_option("kata", opt.kata, "the kata to grade (see ./grade with no arguments)");
    app.add_flag("--all", opt.all, "grade every started kata");
    add_grade_options(app, opt);
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      if (e.get_exit_code() == 0) return app.exit(e);
      std::cerr << "grade: " << e.what() << " (see ./grade --help)\n";
      return 2;
    }
    if (opt.kata.empty() && !opt.all) return list_katas();
    return grade_command(opt);
  } catch (const std::exception& e) {
    std::cerr << "grade: " << e.what() << "\n";
    return 2;
  }
}
