#include "grader/cli/instructor/selftest.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "grader/cli/files.hpp"
#include "grader/cli/learner/interview.hpp"
#include "grader/cli/reports/result.hpp"
#include "grader/cli/running/build.hpp"
#include "grader/cli/running/pool.hpp"
#include "grader/cli/running/process.hpp"
#include "grader/cli/running/run.hpp"
#include "grader/cli/running/sandbox.hpp"
#include "grader/cli/text.hpp"

namespace cli {

Expectation read_expectation(const fs::path& file) {
  Expectation e;
  if (file.filename() == "stub.cpp") {
    e.verdict = Expectation::Verdict::Stub;
    return e;
  }
  std::ifstream in(file);
  std::string line;
  const auto ids_after = [&](const std::string& prefix) {
    std::vector<std::string> ids;
    std::stringstream list(line.substr(prefix.size()));
    std::string id;
    while (std::getline(list, id, ',')) {
      id.erase(0, id.find_first_not_of(" \t"));
      id.erase(id.find_last_not_of(" \t\r") + 1);
      if (!id.empty()) ids.push_back(id);
    }
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  for (int i = 0; i < 6 && std::getline(in, line); ++i) {
    const std::string pitfalls = "// expect-pitfalls:", diagnosis = "// expect-diagnosis:",
                      plain = "// expect:", message = "// expect-message:", needs = "// needs:";
    if (line.rfind(message, 0) == 0) {
      e.message = line.substr(message.size());
      e.message.erase(0, e.message.find_first_not_of(" \t"));
      e.message.erase(e.message.find_last_not_of(" \t\r") + 1);
    }
    if (line.rfind(needs, 0) == 0 && line.find("sandbox") != std::string::npos)
      e.needs_sandbox = true;
    if (line.rfind(pitfalls, 0) == 0) {
      e.verdict = Expectation::Verdict::Fail;
      e.pitfalls = ids_after(pitfalls);
    } else if (line.rfind(diagnosis, 0) == 0) {
      e.diagnoses = ids_after(diagnosis);
    } else if (line.rfind(plain, 0) == 0) {
      std::string v = line.substr(plain.size());
      v.erase(0, v.find_first_not_of(" \t"));
      v = v.substr(0, v.find_first_of(" \t\r"));
      if (v == "pass") e.verdict = Expectation::Verdict::Pass;
      if (v == "fail") e.verdict = Expectation::Verdict::Fail;
      if (v == "error") e.verdict = Expectation::Verdict::Error;
    }
  }
  return e;
}

namespace {

std::string describe(const Expectation& e) {
  switch (e.verdict) {
    case Expectation::Verdict::Fail:
      return (e.pitfalls.empty() ? "fail, no pitfall named"
                                 : "pitfalls [" + join(e.pitfalls) + "]") +
             (e.diagnoses.empty() ? "" : ", diagnosis [" + join(e.diagnoses) + "]");
    case Expectation::Verdict::Stub:
      return "not started (the stub)";
    case Expectation::Verdict::Pass:
      return "pass";
    case Expectation::Verdict::Error:
      return "error";
    case Expectation::Verdict::Undeclared:
      break;
  }
  return "undeclared";
}

/// Rows in the order a reader wants them: the stub, the worked solution, accepted variants, the
/// known-bad ones, the wrong ones no pitfall names, then the rest (hostile files).
int rank(const fs::path& rel) {
  const std::string s = rel.generic_string();
  if (s == "stub.cpp") return 0;
  if (s == "worked.cpp") return 1;
  if (s.rfind("accepted/", 0) == 0) return 2;
  if (s.rfind("pitfalls/", 0) == 0) return 3;
  if (s.rfind("wrong/", 0) == 0) return 4;
  return 5;
}

/// The check ids the runner registers (runner --list), built from the stub.
std::vector<std::string> registered_checks(const Kata& kata, const fs::path& stub,
                                           std::string& problem) {
  const fs::path tmp = make_temp_dir();
  std::vector<std::string> ids;
  const BuildResult build = build_runner(kata, stub, tmp);
  if (!build.ok) {
    problem = "the shipped stub " + stub.string() + " does not build:\n" + build.message;
  } else {
    std::string out;
    if (run_command({build.runner.string(), "--list"}, out) != 0) {
      problem = "the check runner's --list failed:\n" + out;
    }
    std::istringstream lines(out);
    std::string line;
    while (std::getline(lines, line)) {
      const auto j = nlohmann::json::parse(line, nullptr, false);
      if (j.is_object() && j.contains("id")) ids.push_back(j["id"].get<std::string>());
    }
  }
  fs::remove_all(tmp);
  return ids;
}

/// `text` with every run of whitespace (a line break, a table's padding) as one space.
std::string spaces_as_one(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const bool space = c == ' ' || c == '\n' || c == '\t';
    if (!space)
      out += c;
    else if (!out.empty() && out.back() != ' ')
      out += ' ';
  }
  return out;
}

std::string shorten(std::string s, size_t n = 400) {
  if (s.size() > n) s = s.substr(0, n) + "...";
  return s;
}

/// Compares one graded file with its declaration; returns what is wrong (empty when nothing).
std::string judge(const Kata& kata, const Expectation& e, const std::optional<KataResult>& r) {
  if (!r) return "the grader printed no report for it";
  std::vector<std::string> got = r->pitfalls();
  std::sort(got.begin(), got.end());
  // A diagnosis that is one of the file's declared pitfalls, or a double of two of them, needs no
  // declaration of its own.
  std::vector<std::string> diagnosed;
  for (const TestResult& t : r->tests) {
    if (t.diagnosis.empty()) continue;
    const std::vector<std::string> parts =
        t.diagnosis_parts.empty() ? std::vector<std::string>{t.diagnosis} : t.diagnosis_parts;
    const bool declared = std::all_of(parts.begin(), parts.end(), [&](const std::string& part) {
      return std::binary_search(e.pitfalls.begin(), e.pitfalls.end(), part);
    });
    if (!declared && std::find(diagnosed.begin(), diagnosed.end(), t.diagnosis) == diagnosed.end())
      diagnosed.push_back(t.diagnosis);
  }
  std::sort(diagnosed.begin(), diagnosed.end());
  const std::string verdict =
      std::string(status_name(r->status)) +
      (got.empty() ? std::string() : " with pitfalls [" + join(got) + "]") +
      (diagnosed.empty() ? std::string() : " with diagnosis [" + join(diagnosed) + "]");
  if (e.verdict == Expectation::Verdict::Stub) {
    std::string wrong;
    for (const TestResult& t : r->tests) {
      const bool meant_to_pass = std::find(kata.stub_passes.begin(), kata.stub_passes.end(),
                                           t.id) != kata.stub_passes.end();
      if (meant_to_pass && t.status != Status::Pass) {
        wrong +=
            "\n    " + t.id + " should pass (kata.toml stub_passes) but: " + shorten(t.message);
      } else if (!meant_to_pass && t.status == Status::Pass) {
        wrong += "\n    " + t.id +
                 " passes, though the stub implements nothing (if it is meant to, list it in "
                 "kata.toml's stub_passes)";
      } else if (!meant_to_pass && !t.not_implemented) {
        wrong +=
            "\n    " + t.id +
            " fails for another reason than the stub's kt::NotImplemented: " + shorten(t.message);
      }
    }
    if (r->tests.empty()) wrong = "\n    no check ran: " + shorten(r->first_failure());
    if (wrong.empty() && kata.stub_passes.empty() && r->status != Status::NotStarted)
      wrong = "\n    reported as " + verdict + ", not as not started";
    return wrong.empty() ? "" : "the shipped stub:" + wrong;
  }
  if (e.verdict == Expectation::Verdict::Pass) {
    if (r->status == Status::Pass) return "";
    return "should pass, got " + verdict + ": " + shorten(r->first_failure());
  }
  if (!e.message.empty()) {
    // The reason must be said: in the report's message, a failing check's, its diagnosis or its
    // journey (whose table pads its columns: runs of spaces there count as one).
    bool said = r->message.find(e.message) != std::string::npos;
    for (const TestResult& t : r->tests)
      said = said || t.message.find(e.message) != std::string::npos ||
             t.diagnosis_message.find(e.message) != std::string::npos ||
             spaces_as_one(t.journey).find(spaces_as_one(e.message)) != std::string::npos;
    if (!said)
      return "should say '" + e.message + "', got " + verdict + ": " + shorten(r->first_failure());
  }
  if (e.verdict == Expectation::Verdict::Error) {
    if (r->status == Status::Error) return "";
    return "should be an error (not gradable), got " + verdict;
  }
  if (r->status == Status::Fail && got == e.pitfalls && diagnosed == e.diagnoses) return "";
  // What a new pitfall or catalogue entry overlaps, said so that the author knows which to change.
  std::string overlap;
  for (const std::string& p : got)
    if (!std::binary_search(e.pitfalls.begin(), e.pitfalls.end(), p))
      overlap += " The detector of " + p +
                 " names this file, which does not declare it: if the "
                 "file makes that mistake, declare it ('// expect-pitfalls: ...'); if not, the "
                 "detector names a mistake it should not.";
  for (const std::string& d : diagnosed)
    if (std::find(e.diagnoses.begin(), e.diagnoses.end(), d) == e.diagnoses.end() &&
        !e.pitfalls.empty())
      overlap += " The catalogue entry " + d +
                 " equals this known-bad file's output: if it is "
                 "the same mistake as " +
                 join(e.pitfalls) +
                 ", give the entry the pitfall's id "
                 "in the kata's catalogue; if not, declare it ('// expect-diagnosis: " +
                 d + "').";
  return "should be " + describe(e) + ", got " + verdict +
         (r->status == Status::Pass ? std::string() : ": " + shorten(r->first_failure())) + overlap;
}

/// One matrix cell: what a check said about a file.
std::string cell(const TestResult& test) {
  if (test.status == Status::Pass) return ".";
  if (test.status == Status::Error) return "E";
  if (test.status == Status::Skipped) return "s";
  if (!test.pitfall.empty()) return "P";
  return test.diagnosis.empty() ? "x" : "d";
}

/// The rows graded under --rows memory: those that exercise memory in ways the others do not (the
/// stub, the worked solution, every hostile file, and one known-bad file per pitfall). Accepted
/// variants, the other known-bad files and the wrong/ ones differ from these in arithmetic only.
bool memory_row(const fs::path& rel, const Expectation& e, std::set<std::string>& pitfalls_seen) {
  const std::string s = rel.generic_string();
  if (s == "stub.cpp" || s == "worked.cpp" || s.rfind("hostile/", 0) == 0) return true;
  if (e.pitfalls.size() == 1 && pitfalls_seen.insert(e.pitfalls.front()).second) return true;
  return false;
}

struct Report {
  std::string text;
  bool ok = true;
};

Report selftest_kata(const Kata& kata, const SelftestOptions& opt, const std::string& self) {
  Report rep;
  std::vector<std::string> problems;
  const fs::path root = source_dir() / "solutions" / kata.name;
  std::vector<fs::path> files = cpp_files_under(root);
  std::sort(files.begin(), files.end(), [&](const fs::path& a, const fs::path& b) {
    const fs::path ra = fs::relative(a, root), rb = fs::relative(b, root);
    return std::pair(rank(ra), ra.generic_string()) < std::pair(rank(rb), rb.generic_string());
  });
  const fs::path stub = root / "stub.cpp", worked = root / "worked.cpp";
  if (!fs::exists(stub)) {
    problems.push_back("no shipped stub: solutions/" + kata.name +
                       "/stub.cpp must be a copy of the stub as shipped (katas/" + kata.name + "/" +
                       kata.file.filename().string() + " before anyone edits it)");
  }
  if (!fs::exists(worked))
    problems.push_back("no worked solution: solutions/" + kata.name + "/worked.cpp");

  // The checks: registered by the grader vs listed in kata.toml.
  std::vector<std::string> listed;
  for (const CheckMeta& c : kata.checks) listed.push_back(c.id);
  if (fs::exists(stub)) {
    std::string problem;
    const std::vector<std::string> registered = registered_checks(kata, stub, problem);
    if (!problem.empty()) problems.push_back(problem);
    for (const auto& id : registered)
      if (std::find(listed.begin(), listed.end(), id) == listed.end())
        problems.push_back("check " + id + " is registered by grader/katas/" + kata.name +
                           "/ but never runs: add it to katas/" + kata.name +
                           "/kata.toml's checks, e.g. { id = \"" + id + "\", points = 1 },");
    for (const auto& id : listed)
      if (problem.empty() &&
          std::find(registered.begin(), registered.end(), id) == registered.end())
        problems.push_back("katas/" + kata.name + "/kata.toml lists the check " + id +
                           ", which nothing in grader/katas/" + kata.name + "/ registers");
  }

  // The interview's follow-up questions (./grade interview), whose pitfalls are the kata's own or
  // say where they are named.
  try {
    for (const DrillQuestion& q : drill_questions(kata)) {
      const std::string id = q.pitfall.substr(0, q.pitfall.find_first_of(" \t"));
      if (!id.empty() &&
          std::find(listed.begin(), listed.end(), pitfall_check(id)) == listed.end() &&
          q.pitfall.find("(named in ") == std::string::npos)
        problems.push_back("hints/" + kata.name + "/interview.md: the question '" + q.question +
                           "' names the pitfall " + id + ", which is no check of the kata (say " +
                           "where it is named: 'Pitfall: " + id + " (named in KATA) — ...')");
    }
  } catch (const std::exception& e) {
    problems.push_back(e.what());
  }

  // Each pitfall: a known-bad solution diagnosed with it alone, and a hint.
  std::map<fs::path, Expectation> expected;
  for (const auto& f : files) expected[f] = read_expectation(f);
  std::set<std::string> pitfalls;
  for (const auto& id : listed)
    if (is_pitfall_check(id)) pitfalls.insert(pitfall_of_check(id));
  for (const auto& p : pitfalls) {
    const bool has_bad = std::any_of(expected.begin(), expected.end(), [&](const auto& kv) {
      return kv.second.pitfalls == std::vector<std::string>{p};
    });
    if (!has_bad)
      problems.push_back("pitfall " + p + " has no known-bad solution: add solutions/" + kata.name +
                         "/pitfalls/" + p + ".cpp starting with '// expect-pitfalls: " + p + "'");
    if (!pitfall_hint(kata, p))
      problems.push_back("pitfall " + p + " has no hint: add hints/" + kata.name + "/pitfalls/" +
                         p + ".md");
    // What ./grade new-pitfall left to fill in.
    for (const std::string& file : {"grader/katas/" + kata.name + "/pitfalls/" + p + ".cpp",
                                    "solutions/" + kata.name + "/pitfalls/" + p + ".cpp",
                                    "hints/" + kata.name + "/pitfalls/" + p + ".md"}) {
      if (read_file(source_dir() / file).find("TODO(new-pitfall)") != std::string::npos)
        problems.push_back(file + " still has TODO(new-pitfall) markers to fill in");
    }
  }
  for (const auto& [f, e] : expected) {
    const std::string rel = "solutions/" + kata.name + "/" + fs::relative(f, root).generic_string();
    if (e.verdict == Expectation::Verdict::Undeclared)
      problems.push_back(
          rel +
          " declares no verdict: its first 3 lines need '// expect: pass|fail|error' "
          "or '// expect-pitfalls: id, ...'");
    for (const auto& p : e.pitfalls)
      if (!pitfalls.count(p))
        problems.push_back(rel + " expects the pitfall " + p + ", which is no check of the kata " +
                           "(kata.toml has no pitfall_" + p + ")");
  }

  // Which files to grade: all, or (--rows memory) those that exercise memory differently.
  std::vector<fs::path> graded;
  std::set<std::string> pitfalls_seen;
  std::vector<std::string> need_sandbox;  // rows not run: they are only safe inside bubblewrap
  for (const auto& f : files) {
    if (expected[f].needs_sandbox && !sandbox_state().on) {
      need_sandbox.push_back(fs::relative(f, root).generic_string());
      continue;
    }
    if (opt.rows == "all" || memory_row(fs::relative(f, root), expected[f], pitfalls_seen))
      graded.push_back(f);
  }

  // Grade every file, each with the real grader in its own process. Under --rows memory a file
  // declared an error (a hang, a crash, unbounded memory: the same code path in every check) is
  // graded on its first check alone, and a known-bad file on the general checks and its own
  // pitfall's detector (the path that names it; the other detectors' paths on a wrong answer are
  // the ones the stub and the worked solution take); the full matrix grades all of them.
  std::vector<std::vector<std::string>> file_args(graded.size());
  if (opt.rows == "memory" && !kata.checks.empty()) {
    for (size_t i = 0; i < graded.size(); ++i) {
      const Expectation& e = expected[graded[i]];
      if (e.verdict == Expectation::Verdict::Error) {
        file_args[i] = {"--check", kata.checks.front().id};
      } else if (e.pitfalls.size() == 1) {
        for (const auto& check : kata.checks) {
          if (!is_pitfall_check(check.id) || check.id == pitfall_check(e.pitfalls.front()))
            file_args[i].insert(file_args[i].end(), {"--check", check.id});
        }
      }
    }
  }
  const fs::path tmp = make_temp_dir();
  const std::vector<std::optional<KataResult>> results = grade_in_parallel(
      kata, graded, opt.jobs, tmp, self,
      {"--time-limit-s", std::to_string(opt.time_limit_s), "--seed", std::to_string(opt.seed)},
      file_args);
  fs::remove_all(tmp);

  std::ostringstream out;
  out << "Self-test of " << kata.name << ": " << graded.size() << " files under solutions/"
      << kata.name << "/";
  if (graded.size() + need_sandbox.size() != files.size())
    out << " (--rows " << opt.rows << ": " << graded.size() << " of " << files.size() << ")";
  out << " x " << kata.checks.size() << " checks\n";
  if (!need_sandbox.empty())
    out << "  not run: " << join(need_sandbox, ", ") << " (safe only in the sandbox, and "
        << sandbox_line() << ")\n";
  out << "  cells: . pass   x fail   P fail naming the column's pitfall   d fail with a catalogue "
         "diagnosis   s skipped (the file's code threw or gave another shape on the check's case)  "
         " E error (crash, timeout, limit)   - not run (did not build; or --rows "
         "memory)\n";
  for (size_t i = 0; i < kata.checks.size(); ++i)
    out << "  " << std::setw(2) << i + 1 << " " << kata.checks[i].id << "\n";
  size_t width = 8;
  for (const auto& f : graded)
    width = std::max(width, fs::relative(f, root).generic_string().size());
  out << "\n"
      << std::left << std::setw(int(width)) << "solution"
      << " ";
  for (size_t i = 0; i < kata.checks.size(); ++i) out << std::right << std::setw(3) << i + 1;
  out << "  verdict\n";
  int as_declared = 0;
  std::vector<std::string> mismatches;
  // The slowest check (CPU time) of a file that passes, against the limit (Note [time limits]).
  double slowest_ms = 0;
  std::string slowest_where;
  for (size_t i = 0; i < graded.size(); ++i) {
    const std::string rel = fs::relative(graded[i], root).generic_string();
    const std::optional<KataResult>& r = results[i];
    out << std::left << std::setw(int(width)) << rel << " ";
    std::map<std::string, std::string> cells;
    if (r)
      for (const TestResult& t : r->tests) {
        cells[t.id] = cell(t);
        if (r->status == Status::Pass && t.cpu_ms > slowest_ms) {
          slowest_ms = t.cpu_ms;
          slowest_where = rel + ", " + t.id;
        }
      }
    for (const CheckMeta& c : kata.checks)
      out << std::right << std::setw(3) << (cells.count(c.id) ? cells[c.id] : "-");
    const std::string wrong = judge(kata, expected[graded[i]], r);
    if (wrong.empty()) {
      ++as_declared;
      std::string verdict = status_name(r->status);
      for (const auto& p : r->pitfalls()) verdict += " " + p;
      out << "  " << verdict << "\n";
    } else {
      out << "  WRONG: " << wrong.substr(0, wrong.find(':')) << "\n";
      mismatches.push_back("solutions/" + kata.name + "/" + rel + ": " + wrong);
    }
  }
  // Note [every feature on every kata]
  // The kit gives every kata a mistake catalogue and a journey, and an attention map where it has
  // attention weights (grader/lib/diagnosis.hpp); the full test bed proves each kata uses them:
  // some file's report shows each one. (A report that can show them but never does on the kata's
  // own wrong files would not help a learner either.)
  if (opt.rows == "all") {
    const auto shown = [&](auto has) {
      return std::any_of(results.begin(), results.end(), [&](const std::optional<KataResult>& r) {
        return r && std::any_of(r->tests.begin(), r->tests.end(), has);
      });
    };
    if (!shown([](const TestResult& t) { return !t.diagnosis.empty(); }))
      problems.push_back(
          "no file's report shows a catalogue match: give the kata a mistake "
          "catalogue (grader/lib/diagnosis.hpp) and a wrong/ file with "
          "'// expect-diagnosis: ID'");
    if (!shown([](const TestResult& t) { return !t.journey.empty(); }))
      problems.push_back(
          "no file's report shows a journey (the first diverging step): give the "
          "kata's Diagnosis its steps, and a wrong/ file whose mistake no catalogue "
          "entry describes");
    if (kata.attention_weights &&
        !shown([](const TestResult& t) { return t.attention_map.rows > 0; }))
      problems.push_back(
          "no file's report shows an attention map, and kata.toml says the kata "
          "has attention weights: mark its weights step attention_weights = true");
  }
  const double limit_ms =
      1000.0 * opt.time_limit_s * (build_is_sanitized(kata) ? kSanitizerSlowdown : 1);
  if (slowest_ms > 0) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "\nslowest check of a passing file: %.0f ms of CPU (%s); limit %.0f ms, %.1fx "
                  "that",
                  slowest_ms, slowest_where.c_str(), limit_ms, limit_ms / slowest_ms);
    out << line;
    if (limit_ms < 5 * slowest_ms)
      problems.push_back("the time limit leaves less than 5x the slowest passing check (" +
                         slowest_where + "): a slower machine could fail a correct solution. " +
                         "Make the check cheaper or raise --time-limit-s.");
  }
  out << "\n" << as_declared << " of " << graded.size() << " files got the verdict they declare";
  problems.insert(problems.begin(), mismatches.begin(), mismatches.end());
  if (problems.empty()) {
    out << "; every pitfall has a known-bad solution and a hint. OK\n";
  } else {
    out << ". " << problems.size() << " problem(s):\n";
    for (const auto& p : problems) out << "  - " << p << "\n";
    rep.ok = false;
  }
  rep.text = out.str();
  return rep;
}

}  // namespace

int selftest(const std::vector<Kata>& katas, const SelftestOptions& options,
             const std::string& self) {
  bool ok = true;
  for (const Kata& k : katas) {
    const Report r = selftest_kata(k, options, self);
    std::cout << r.text << std::flush;
    if (!options.out_dir.empty()) {
      fs::create_directories(options.out_dir);
      std::ofstream(options.out_dir / (k.name + ".txt")) << r.text;
    }
    ok = ok && r.ok;
  }
  return ok ? 0 : 1;
}

int check_shipped(const std::vector<Kata>& katas) {
  int status = 0;
  for (const Kata& k : katas) {
    const std::string file = fs::relative(k.file, source_dir()).generic_string();
    const std::string stub = fs::relative(k.stub, source_dir()).generic_string();
    if (!fs::exists(k.stub) || read_file(k.file) != read_file(k.stub)) {
      std::cerr << file << " differs from " << stub << ": ship them identical (" << stub
                << " is what ./grade reset restores)\n";
      status = 1;
    } else {
      std::cout << file << " is shipped as " << stub << "\n";
    }
  }
  return status;
}

}  // namespace cli
