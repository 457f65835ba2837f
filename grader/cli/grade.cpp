#include <nlohmann/json.hpp>

#include "grader/cli/grade.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "grader/cli/files.hpp"
#include "grader/cli/learner/state.hpp"
#include "grader/cli/reports/render.hpp"
#include "grader/cli/reports/results_json.hpp"
#include "grader/cli/running/build.hpp"
#include "grader/cli/running/check_host.hpp"
#include "grader/cli/running/process.hpp"
#include "grader/cli/running/run.hpp"
#include "grader/cli/running/sandbox.hpp"
#include "grader/cli/text.hpp"

namespace cli {

bool not_started(const Kata& k) { return read_file(k.file) == read_file(k.stub); }

namespace {

/// A result with the kata's identity and points filled in, nothing graded yet.
KataResult empty_result(const Kata& kata, uint64_t seed) {
  KataResult r;
  r.kata = kata.name;
  r.title = kata.title;
  r.seed = seed;
  for (const CheckMeta& c : kata.checks) r.declared_max += c.points;
  return r;
}

}  // namespace

KataResult grade(const Kata& kata, const GradeOptions& opt) {
  KataResult r = empty_result(kata, opt.seed);
  r.sandbox = sandbox_line();
  r.sandboxed = sandbox_state().on ? KataResult::Sandboxed::On : KataResult::Sandboxed::Off;
  const fs::path source = opt.solution.empty() ? kata.file : fs::path(opt.solution);
  r.solution = opt.solution.empty() ? fs::relative(kata.file, source_dir()).string() : opt.solution;
  if (!fs::exists(source)) throw std::invalid_argument("no such file: " + source.string());
  // The kata file builds in the build tree; any other file in a private temporary folder.
  const fs::path work = opt.solution.empty() ? state_dir() / kata.name : make_temp_dir();
  const BuildResult build = build_runner(kata, source, work);
  if (!build.ok) {
    r.status = Status::Error;
    const bool forbidden = build.failed == BuildResult::Failed::ForbiddenCall;
    r.message = valid_utf8(
        source.string() + (forbidden ? " was not graded:\n" : " did not build:\n") + build.message);
    // A --solution file builds in a temporary folder, removed below: no log to point to.
    if (!forbidden && opt.solution.empty()) r.message += "(full log: " + build.log.string() + ")";
  } else {
    r.warnings = valid_utf8(build.warnings);
    const CheckLimits limits = check_limits(kata, build.sanitized, opt.time_limit_s);
    std::vector<CheckMeta> checks;
    for (const CheckMeta& check : kata.checks)
      if (opt.only.empty() ||
          std::find(opt.only.begin(), opt.only.end(), check.id) != opt.only.end())
        checks.push_back(check);
    const int jobs = opt.check_jobs > 0 ? opt.check_jobs : core_count();
    r.tests = run_checks(kata, {build.runner, build.learner}, checks, opt.seed, limits, work, jobs);
    for (TestResult& t : r.tests)
      if (!t.pitfall.empty()) t.hint = pitfall_hint(kata, t.pitfall).value_or("");
    r.status = overall_status(r.tests);
  }
  if (!opt.solution.empty()) fs::remove_all(work);
  if (opt.solution.empty() && opt.only.empty()) remember_result(r);
  return r;
}

int grade_command(const GradeOptions& opt) {
  require_sandbox();
  std::vector<Kata> katas;
  if (opt.all) {
    katas = load_katas();
  } else if (auto k = find_kata(opt.kata)) {
    katas.push_back(*k);
  } else {
    throw std::invalid_argument(unknown_kata_message(opt.kata));
  }
  const bool colour = opt.format == "text" && isatty(1) && std::getenv("NO_COLOR") == nullptr;
  std::vector<KataResult> results;
  bool ok = true;
  for (const Kata& k : katas) {
    KataResult r;
    if (opt.all && opt.solution.empty() && not_started(k)) {
      // --all grades what the learner has started; an untouched stub is reported, not failed.
      r = empty_result(k, opt.seed);
      r.status = Status::NotStarted;
      r.solution = fs::relative(k.file, source_dir()).string();
      r.message = r.solution + " is still the shipped stub";
    } else {
      r = grade(k, opt);
      // Under --all a kata whose every check stopped at kt::NotImplemented is not started either.
      ok = ok && (r.status == Status::Pass || (opt.all && r.status == Status::NotStarted));
    }
    std::string rerun = "./grade " + k.name + " --seed " + std::to_string(opt.seed);
    if (!opt.solution.empty()) rerun += " --solution " + opt.solution;
    for (const std::string& id : opt.only) rerun += " --check " + id;
    if (opt.time_limit_s > 0) rerun += " --time-limit-s " + std::to_string(opt.time_limit_s);
    if (opt.format == "text") std::cout << to_text(r, colour, rerun) << std::flush;
    if (opt.format == "text" && !opt.all && opt.solution.empty() && opt.only.empty() &&
        r.status == Status::Pass) {
      const std::string next = next_kata_after(k.name);
      const auto next_kata = find_kata(next);
      std::cout << (next_kata ? "Next kata: ./grade " + next + "  (" + next_kata->title + ")"
                              : std::string("Every kata passes."))
                << "\n";
    }
    results.push_back(std::move(r));
  }
  if (opt.format == "json") {
    nlohmann::json all = {{"katas", nlohmann::json::array()}};
    for (const auto& r : results) all["katas"].push_back(to_json(r));
    std::cout << dump_json(opt.all ? all : all["katas"][0]) << "\n";
  }
  if (!opt.junit.empty()) std::ofstream(opt.junit) << to_junit(results);
  if (!opt.maps.empty()) write_attention_maps(results, opt.maps);
  if (!opt.markdown.empty()) {
    // On GitHub Actions the maps are the run's artifact (.github/workflows/grade.yml): link the
    // run's page, where it is listed.
    const auto env = [](const char* name) {
      const char* v = std::getenv(name);
      return std::string(v ? v : "");
    };
    std::string artifacts;
    if (!opt.maps.empty() && !env("GITHUB_RUN_ID").empty())
      artifacts = env("GITHUB_SERVER_URL") + "/" + env("GITHUB_REPOSITORY") + "/actions/runs/" +
                  env("GITHUB_RUN_ID") + "#artifacts";
    // Else the link is relative to the summary's folder, where a reader opens it.
    const std::string maps =
        opt.maps.empty() || !artifacts.empty()
            ? opt.maps
            : fs::relative(fs::absolute(opt.maps), fs::absolute(opt.markdown).parent_path())
                  .string();
    std::ofstream(opt.markdown, std::ios::app) << to_markdown(results, maps, artifacts);
  }
  return ok ? 0 : 1;
}

}  // namespace cli
