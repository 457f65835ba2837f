// kt-grade: the program behind ./grade. This file only reads the command line and hands over:
// grading is grade.cpp, the reports render_*.cpp and results_json.cpp, the other commands one file
// each.
//
//   ./grade                       list the katas and what to do next
//   ./grade KATA [options]        grade one kata          ./grade --all   grade every started kata
//   ./grade hint KATA [--all]     ./grade reset KATA [--yes]     ./grade solution KATA [--force]
//   ./grade watch [KATA]          re-grade on every save
//   ./grade interview [KATA]      the kata as an interview: a clock, counts only, then questions
//   ./grade progress [KATA]       every grading of the kata files remembered (.kt-progress.json)
//   ./grade batch KATA PATH...    grade many submissions into a gradebook (CSV + JSON)
//   ./grade classroom             print the GitHub Classroom workflow (from the katas' metadata)
//   ./grade new-pitfall KATA ID   ./grade new-kata NAME     scaffolds for instructors
//   kt-grade selftest [KATA...]   the test-bed matrix (./grade selftest runs it with every test)
//   kt-grade shipped              every kata file is its shipped stub (.ci/run's release check)
//   kt-grade check-host ...       inside the sandbox: runs one grade's checks (check_host.hpp)
//
// Exit status: 0 all checks passed; 1 a check failed or the file did not compile; 2 usage or
// setup error.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "grader/cli/grade.hpp"
#include "grader/cli/instructor/batch.hpp"
#include "grader/cli/instructor/classroom.hpp"
#include "grader/cli/instructor/scaffold.hpp"
#include "grader/cli/instructor/selftest.hpp"
#include "grader/cli/kata.hpp"
#include "grader/cli/learner/interview.hpp"
#include "grader/cli/learner/learner_commands.hpp"
#include "grader/cli/running/check_host.hpp"
#include "grader/cli/running/process.hpp"
#include "grader/cli/running/sandbox.hpp"

namespace cli {
namespace {

Kata kata_or_exit(const std::string& name) {
  if (auto k = find_kata(name)) return *k;
  throw std::invalid_argument(unknown_kata_message(name));
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

/// --sandbox for every command that grades (KT_SANDBOX sets the default); batch and selftest pass
/// the mode on to the graders they start on their command lines (running/pool.cpp).
void add_sandbox_option(CLI::App& app) {
  app.add_option_function<std::string>(
         "--sandbox", [](const std::string& name) { set_sandbox_mode(*parse_sandbox_mode(name)); },
         "auto (default): bubblewrap where it works, else say why; require: refuse to grade "
         "without it; off: without it (the limits and the system-call filter stay)")
      ->check(CLI::IsMember({"auto", "require", "off"}));
}

void add_grade_options(CLI::App& app, GradeOptions& opt) {
  add_sandbox_option(app);
  app.add_option("--solution", opt.solution, "grade this file in the kata file's place");
  app.add_option("--seed", opt.seed,
                 "seed of the random cases (the report prints the rerun command)");
  app.add_option("--format", opt.format, "text or json")->check(CLI::IsMember({"text", "json"}));
  app.add_option("--check", opt.only, "run only this check (repeatable)");
  app.add_option("--time-limit-s", opt.time_limit_s,
                 "CPU-time limit per check (default: the kata's)");
  app.add_option("--junit", opt.junit, "also write JUnit XML to this file");
  app.add_option("--markdown", opt.markdown, "also append a Markdown summary to this file");
  app.add_option("--check-jobs", opt.check_jobs,
                 "checks run at once (default: the core count; batch and selftest run 1 per file)");
  app.add_option("--maps", opt.maps,
                 "also write each failing check's attention map as an SVG into this directory "
                 "(the Markdown summary links them)");
}

}  // namespace
}  // namespace cli

int main(int argc, char** argv) {
  using namespace cli;
  const std::string first = argc > 1 ? argv[1] : "";
  if (first == "check-host") return check_host_main(argc - 1, argv + 1);
  if (const char* mode = std::getenv("KT_SANDBOX"); mode != nullptr)
    if (const auto m = parse_sandbox_mode(mode)) set_sandbox_mode(*m);
  try {
    if (first == "batch") {
      CLI::App app{"./grade batch KATA PATH... : grade many submissions into a gradebook"};
      std::string kata, out = "gradebook";
      std::vector<std::string> paths;
      int jobs = core_count();
      int time_limit_s = 0;
      app.add_option("kata", kata, "the kata")->required();
      app.add_option("--time-limit-s", time_limit_s,
                     "CPU-time limit per check (default: the kata's)");
      app.add_option("paths", paths, "submission files, or folders searched for .cpp files")
          ->required();
      app.add_option("--jobs,-j", jobs, "submissions graded at once (default: the core count)");
      app.add_option("--out", out, "folder for gradebook.csv and json/ (default: gradebook)");
      add_sandbox_option(app);
      if (auto stop = parse_subcommand(app, argc, argv)) return *stop;
      require_sandbox();
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
      app.add_option("--time-limit-s", so.time_limit_s,
                     "CPU-time limit per check (default 1; x10 under sanitizers)");
      app.add_option("--seed", so.seed, "seed of every file's random cases (default 1)");
      app.add_option("--rows", so.rows,
                     "which files: all, or memory (the stub, worked, hostile, one per pitfall)")
          ->check(CLI::IsMember({"all", "memory"}));
      app.add_option("--out", out, "also write each kata's matrix to DIR/KATA.txt");
      add_sandbox_option(app);
      if (auto stop = parse_subcommand(app, argc, argv)) return *stop;
      require_sandbox();
      so.out_dir = out;
      std::vector<Kata> katas;
      if (names.empty()) katas = load_katas();
      for (const auto& n : names) katas.push_back(kata_or_exit(n));
      return selftest(katas, so, fs::canonical("/proc/self/exe").string());
    }
    if (first == "new-pitfall" || first == "new-kata") {
      CLI::App app{
          first == "new-pitfall"
              ? "./grade new-pitfall KATA ID : scaffold a pitfall (detector, known-bad "
                "solution, hint, one line of kata.toml)"
              : "./grade new-kata NAME : scaffold a kata that builds, whose stub reads NOT STARTED "
                "and whose self-test passes"};
      std::string kata, id;
      app.add_option(first == "new-pitfall" ? "kata" : "name", kata, "the kata")->required();
      if (first == "new-pitfall")
        app.add_option("id", id, "the pitfall id, e.g. softmax_wrong_dim")->required();
      if (auto stop = parse_subcommand(app, argc, argv)) return *stop;
      if (first == "new-kata") return new_kata(kata);
      return new_pitfall(kata_or_exit(kata), id);
    }
    if (first == "shipped") return check_shipped(load_katas());
    if (first == "interview") {
      CLI::App app{
          "./grade interview [KATA] : the kata as an interview: a scratch copy of the stub, "
          "a clock, counts only, then the follow-up questions"};
      std::string kata;
      int minutes = 0;
      GradeOptions opt;
      app.add_option("kata", kata, "the kata (default: the next one of the path)");
      app.add_option("--minutes", minutes, "the clock (default: the kata's interview_minutes)");
      add_sandbox_option(app);
      if (auto stop = parse_subcommand(app, argc, argv)) return *stop;
      return interview(kata, minutes, opt, std::cin);
    }
    if (first == "progress") {
      CLI::App app{"./grade progress [KATA] : every grading of your kata files, per kata"};
      std::string kata;
      app.add_option("kata", kata, "only this kata");
      if (auto stop = parse_subcommand(app, argc, argv)) return *stop;
      if (!kata.empty()) kata_or_exit(kata);
      return show_progress(kata);
    }
    if (first == "classroom") {
      std::cout << classroom_workflow(load_katas());
      return 0;
    }
    if (first == "hint" || first == "reset" || first == "solution" || first == "watch") {
      CLI::App app{"./grade " + first};
      std::string kata;
      bool flag = false;
      GradeOptions opt;
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
    GradeOptions opt;
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
  } catch (const std::exception& e) {  // usage errors (std::invalid_argument) and set-up errors
    std::cerr << "grade: " << e.what() << "\n";
    return 2;
  }
}
