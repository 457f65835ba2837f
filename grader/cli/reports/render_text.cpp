#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "grader/cli/reports/render.hpp"
#include "grader/cli/text.hpp"

namespace cli {

namespace {

/// The rerun command narrowed to one check: its own --check flags replaced by this one.
std::string only_check(const std::string& rerun, const std::string& id) {
  std::string out = rerun;
  for (size_t at = out.find(" --check "); at != std::string::npos; at = out.find(" --check ", at)) {
    const size_t end = out.find(' ', at + 9);
    out.erase(at, end == std::string::npos ? std::string::npos : end - at);
  }
  return out + " --check " + id;
}

/// Whether two errors read the same but for their numbers and shapes ("[1, 2]" and "[2]" alike).
bool same_error_text(const std::string& a, const std::string& b) {
  const auto plain = [](const std::string& text) {
    std::string out;
    int depth = 0;
    for (const char ch : text) {
      if (ch == '[' && depth++ == 0) out += "[]";
      if (ch == ']' && depth > 0) --depth;
      if (depth > 0 || ch == ']') continue;
      if (!std::isdigit(static_cast<unsigned char>(ch)))
        out += ch;
      else if (out.empty() || out.back() != '#')
        out += '#';
    }
    return out;
  };
  return plain(a) == plain(b);
}

std::string paint(const std::string& s, const char* code, bool colour) {
  return colour ? std::string("\033[") + code + "m" + s + "\033[0m" : s;
}

/// "wrong shape", "wrong dtype" or "wrong shape and dtype".
std::string wrong_what(const TestResult& t) {
  return std::string("wrong ") + report::wrong_name(t.wrong);
}

}  // namespace

std::string to_text(const KataResult& r, bool colour, const std::string& rerun) {
  std::string s = paint(r.kata + ": " + r.title, "1", colour) + "\n";
  // Said once, at the top: the file ran without bubblewrap (docs/security.md).
  if (r.sandboxed == KataResult::Sandboxed::Off) s += "  " + paint(r.sandbox, "33", colour) + "\n";
  if (r.status == Status::NotStarted && r.tests.empty())
    return s + "  not started (" + r.solution + " is still the stub)\n";
  if (r.status == Status::Error && r.tests.empty()) {
    s += paint("  ERROR ", "31;1", colour) + "\n" + wrap(r.message, "    ", 1000) + "\n";
    return s;
  }
  // A stub that still throws kt::NotImplemented everywhere: one line, not one per check.
  if (r.status == Status::NotStarted) {
    s += "  " + paint("NOT STARTED", "33;1", colour) + "\n";
    s += wrap(r.tests.front().message, "    ");
    s += "  0 of " + std::to_string(r.tests.size()) + " checks pass yet. Next: read katas/" +
         r.kata + "/README.md, edit " + r.solution + ", then ./grade " + r.kata + "\n";
    return s;
  }
  // Failing checks first: the first thing to read is the first thing to fix. Checks that failed
  // for one cause (causes(): Note [root causes] in result.cpp) are shown in full once, where the
  // cause starts, by its first pitfall-named check (else its first); the others say so in one line
  // instead of repeating it.
  const std::vector<Cause> found = causes(r);
  const std::vector<int> cause_of = cause_of_each(r, found);
  const auto cause = [&](const TestResult* t) -> const Cause& {
    return found[size_t(cause_of[size_t(t - r.tests.data())])];
  };
  const auto shown_by = [&](const TestResult* t) { return &r.tests[cause(t).shown_by]; };
  std::vector<const TestResult*> order;
  for (const Cause& c : found)
    for (const size_t i : c.checks) order.push_back(&r.tests[i]);
  for (const auto& t : r.tests)
    if (t.status == Status::Pass) order.push_back(&t);
  // The cause's attention map, for the check that shows it (a detector may have none of its own).
  const auto map_of = [&](const TestResult* t) -> const TestResult* {
    if (t->attention_map.rows > 0) return t;
    for (const size_t i : cause(t).checks)
      if (r.tests[i].attention_map.rows > 0) return &r.tests[i];
    return nullptr;
  };
  std::vector<std::string> not_found;
  for (const TestResult* t : order) {
    if (t->status == Status::Pass) {
      // A pitfall's check passes when its detector did not find the mistake on its cases. Where
      // a failing check's diagnosis has it beside another mistake, "not found" alone read as
      // "not your mistake": the detector names it only where nothing else can fake it.
      std::string note;
      if (is_pitfall_check(t->id)) {
        note = "  (not found)";
        const std::string id = pitfall_of_check(t->id);
        for (const TestResult& other : r.tests) {
          if (other.status == Status::Pass) continue;
          const auto& parts = other.diagnosis_parts;
          if (other.diagnosis == id || std::find(parts.begin(), parts.end(), id) != parts.end()) {
            note = "  (its detector did not find it alone; the diagnosis under " + other.id +
                   " names it as part of your mistake)";
            break;
          }
        }
      }
      // Beside a failure, "PASS  pitfall_x  (not found)" read as "that part of your code is
      // right"; the pitfalls not found are one line there, saying what not finding them means.
      if (note == "  (not found)" && r.status != Status::Pass) {
        not_found.push_back(t->id);
        continue;
      }
      s += "  " + paint("PASS", "32", colour) + "  " + t->id + note + "\n";
      continue;
    }
    const bool skipped = t->status == Status::Skipped;
    s += "  " +
         (skipped ? paint("SKIP", "33", colour)
                  : paint(t->status == Status::Error ? "ERROR" : "FAIL", "31;1", colour)) +
         "  " + t->id;
    if (!t->pitfall.empty()) s += "  " + paint("pitfall: " + t->pitfall, "33;1", colour);
    s += "\n";
    const TestResult* rep = shown_by(t);
    if (rep != t && t->pitfall.empty()) {
      // The command on a line of its own, never wrapped: it is copied whole.
      const std::string own_case = ". Its own case:";
      const std::string command = "          " + only_check(rerun, t->id) + "\n";
      // How this check is tied to the one shown in full, in its own terms.
      // One exception type is one cause; "the same" only when the text is too (numbers aside).
      const bool same_text = same_error_text(t->threw, rep->threw);
      const std::string tie =
          !t->diagnosis.empty()     ? "diagnosis " + t->diagnosis
          : t->wrong != Wrong::None ? "a result of the " + wrong_what(*t)
          : !t->threw.empty()
              ? (same_text ? "the same " : "a ") + cause_in_words(*t) +
                    (same_text || rep->threw.empty() ? "" : " too")  // "too": rep threw as well
          : t->status == Status::Error ? std::string("the same error")
                                       : cause_in_words(*t);
      if (t->stop == Stop::NotRun) {
        s += wrap("Not run: it calls the same code as " + rep->id +
                      ", which timed out above, and would wait the same way. Fix that first" +
                      own_case,
                  "        ") +
             command;
        continue;
      }
      if (skipped) {
        const std::string what = "could not check for " + t->unchecked;
        // A diagnosis ties it: what the code did, then the diagnosis ("threw a diagnosis X"
        // read as an exception named X, round 50).
        const std::string diagnosed =
            t->diagnosis.empty() ? "" : " (diagnosis " + t->diagnosis + ")";
        const std::string how =
            t->wrong != Wrong::None && !diagnosed.empty()
                ? "returned a result of the " + wrong_what(*t) + diagnosed + ", as"
            : !t->threw.empty() && !diagnosed.empty()  ? "threw on its case" + diagnosed + ", as"
            : t->wrong != Wrong::None                  ? "returned " + tie + ", as"
            : !t->threw.empty() && same_text           ? "threw " + tie + " as"
            : !t->threw.empty() && !rep->threw.empty() ? "threw a " + cause_in_words(*t) + ", as"
            : !t->threw.empty()
                ? "threw a " + cause_in_words(*t) + " on its case; the cause is the one shown"
                : "failed for the same cause as";
        s += wrap(what + ": the code " + how + " in " + rep->id + " above" + own_case, "        ") +
             command;
      } else {
        // A tie with parentheses of its own (the step a journey names) follows a comma. What
        // this check's code threw is said as its own ("Same cause as shape above (it threw a
        // kt::Error)" was read as shape throwing, where shape's result had another shape).
        const std::string said =
            (t->threw.empty() || !t->diagnosis.empty() ? "" : "on its case your code threw ") + tie;
        s += wrap("Same cause as " + rep->id + " above" +
                      (said.find('(') == std::string::npos ? " (" + said + ")" : ", the " + said) +
                      ": fix that first, this check should follow" + own_case,
                  "        ") +
             command;
      }
      continue;
    }
    if (rep != t)
      s += "        Same cause as " + rep->id + " above.\n";  // a second pitfall's check
    s += wrap(t->message, "        ");
    if (!t->diagnosis.empty()) {
      // A double says so in its heading: "A+B" read as one id was taken for one mistake.
      const std::string heading = t->diagnosis_parts.size() == 2
                                      ? "diagnosis, two mistakes: " + t->diagnosis_parts[0] +
                                            " and " + t->diagnosis_parts[1] + ":"
                                      : "diagnosis " + t->diagnosis + ":";
      s += "        " + paint(heading, "36;1", colour) + "\n";
      s += wrap(t->diagnosis_message, "          ", 86);
    }
    if (!t->journey.empty()) {
      // The table line by line; its closing sentence (the last line) wrapped.
      s += "        " + paint("where it diverges:", "36;1", colour) + "\n";
      std::istringstream lines(t->journey);
      std::vector<std::string> all;
      for (std::string line; std::getline(lines, line);) all.push_back(line);
      for (size_t i = 0; i < all.size(); ++i)
        s += i + 1 < all.size() ? "          " + all[i] + "\n" : wrap(all[i], "          ", 86);
    }
    if (!t->where_threw.empty()) {
      s += "        " + paint("where it threw:", "36;1", colour) + "\n";
      std::istringstream lines(t->where_threw);
      // Its sentence wrapped; each input on a line of its own, whole (a shape is not split).
      for (std::string line; std::getline(lines, line);)
        s += line.rfind("- ", 0) == 0 ? "          " + line + "\n" : wrap(line, "          ", 86);
    }
    if (!t->counterexample.empty()) {
      s += t->status == Status::Error ? "        the case it was running:\n"
           : skipped                  ? "        the case it could not check:\n"
                                      : "        smallest failing case:\n";
      for (const auto& [name, value] : t->counterexample) {
        // A value over several lines (a tensor's repr) continues under its first line.
        const std::string indent(10 + count_chars(name) + 3, ' ');
        std::string shown;
        for (const char ch : value) shown += ch == '\n' ? "\n" + indent : std::string(1, ch);
        s += "          " + name + " = " + shown + "\n";
      }
    }
    if (!t->expected.empty()) s += "        expected " + t->expected + "\n";
    if (!t->got.empty()) s += "        got      " + t->got + "\n";
    if (!t->difference.empty()) s += "        " + t->difference + "\n";
    if (const TestResult* from = map_of(t)) {
      s += attention_map_text(from->attention_map, colour, "        ", from == t ? "" : from->id);
    }
    if (!t->output.empty())
      s += "        your code printed:\n" + wrap(t->output, "          ", 1000);
    if (!t->hint.empty()) s += "        hint: " + t->hint + "\n";
  }
  if (!not_found.empty()) {
    // No status word: a bare "PASS  pitfall_x" beside failures read as "that part works", and
    // "PASS  not found: ..." still read as a passing check (round 48).
    const std::string list = wrap("Named pitfalls not found: " + join(not_found), "        ", 96);
    s += "  " + list.substr(8);
    // Beside detectors that could not run (the code threw, or returned the wrong shape, on their
    // cases), a pass says only what the others saw.
    const bool some_skipped = std::any_of(r.tests.begin(), r.tests.end(), [](const TestResult& x) {
      return x.status == Status::Skipped;
    });
    // A diagnosis above that no pitfall is (a catalogue entry, a kind of result): said to be
    // none of these, so "not found" beside a mistake of their kind is not read as doubt (readers
    // of an encoding by the latest merge wondered why encode_not_by_rank was not found).
    std::vector<std::string> unnamed;
    for (const std::string& d : r.diagnoses()) {
      if (d.find('+') != std::string::npos) continue;  // a double: said with its parts above
      const bool a_pitfall = std::any_of(r.tests.begin(), r.tests.end(), [&](const TestResult& x) {
        return x.id == report::pitfall_check(d);
      });
      if (!a_pitfall) unnamed.push_back(d);
    }
    // A pitfall found above is the mistake named: "yours may be one no pitfall names" beside it
    // read as doubt that fixing it would do (round 49).
    const bool one_found = std::any_of(r.tests.begin(), r.tests.end(), [](const TestResult& x) {
      return x.status == Status::Fail && !x.pitfall.empty();
    });
    s += wrap(std::string("(") +
                  (some_skipped ? "looked for on the cases where your code returned a result, "
                                  "the detectors skipped above could not run; "
                                : "") +
                  (one_found && unnamed.empty()
                       ? std::string("each detector looks for its one mistake, alone)")
                   : unnamed.empty()
                       ? std::string("each detector looks for its one mistake, alone: yours may "
                                     "be one no pitfall names, or one of these beside another)")
                       : "each detector looks for its one mistake, alone; the diagnosis " +
                             join(unnamed) + " above is none of theirs)"),
              "        ", 96);
  }
  if (!r.warnings.empty()) {
    // Warnings never fail a kata (an unused variable is not a failed interview), but they are
    // worth a look: show the first few lines.
    std::istringstream lines(r.warnings);
    std::string line, shown;
    for (int n = 0; n < 6 && std::getline(lines, line); ++n) shown += "    " + line + "\n";
    s += paint("  compiler warnings (not errors):", "33", colour) + "\n" + shown;
  }
  const bool all = r.status == Status::Pass;
  const auto count = [&](Status st) {
    return std::count_if(r.tests.begin(), r.tests.end(),
                         [&](const TestResult& t) { return t.status == st; });
  };
  const auto failed = count(Status::Fail) + count(Status::Error);
  std::string summary = std::to_string(failed);
  summary += " of ";
  summary += std::to_string(r.tests.size());
  summary += " checks failed";
  if (const auto not_run =
          std::count_if(r.tests.begin(), r.tests.end(),
                        [](const TestResult& t) { return t.stop == Stop::NotRun; });
      not_run > 0)
    summary += " (" + std::to_string(not_run) + " of them not run: see the first)";
  if (const auto skipped = count(Status::Skipped); skipped > 0)
    summary += ", " + std::to_string(skipped) + " skipped";
  if (all)
    summary = r.tests.size() == 1 ? std::string("the 1 check passed")
                                  : "all " + std::to_string(r.tests.size()) + " checks passed";
  s += '\n';
  s += paint(summary, all ? "32;1" : "31;1", colour);
  s += "  score " + std::to_string(r.score()) + "/" + std::to_string(r.max_score());
  if (!all) {
    // Which checks the points went with: "3 of 10 checks failed" beside "score 7/13" read as a
    // sum that does not add up.
    std::string lost;
    int listed = 0, more = 0;
    for (const TestResult& t : r.tests) {
      if (t.status == Status::Pass || t.max_points <= t.points) continue;
      if (listed == 4) {
        ++more;
        continue;
      }
      lost += (lost.empty() ? "" : ", ") + t.id + " " + std::to_string(t.max_points - t.points);
      ++listed;
    }
    if (more > 0) lost += ", and " + std::to_string(more) + " more";
    const std::string where = "each check's points: katas/" + r.kata + "/kata.toml";
    if (lost.empty()) {
      s += " (" + where + ")";
    } else {
      std::string line = wrap("points lost: " + lost + " (" + where + ")", "", 96);
      line.pop_back();  // (its newline: the one below ends it)
      s += "\n" + line;
    }
  }
  s += "\n";
  if (!all) {
    // The causes, as above: the pitfalls first, then each other cause shared by several checks,
    // then the checks with a cause of their own. Each cause is said once, so no line contradicts
    // another, and a second, independent failure is never hidden behind "fix these first".
    const auto named = r.pitfalls();
    const bool one = named.size() == 1;
    std::vector<const Cause*> shared, doubles;
    std::vector<std::string> alone;
    for (const Cause& c : found) {
      if (!c.pitfall.empty()) continue;
      if (!c.with_pitfalls.empty())
        doubles.push_back(&c);
      else if (c.checks.size() > 1)
        shared.push_back(&c);
      else
        alone.push_back(r.tests[c.shown_by].id);
    }
    if (!named.empty()) {
      s += std::string(one ? "pitfall found: " : "pitfalls found: ") + join(named) + " - fix " +
           (one ? "it" : "them") + " first.";
      if (!alone.empty()) {
        // Readers took "not tied to it" for "a second bug": say what is known, and what to do.
        s += " Failing too, on cases of their own: " + join(alone) +
             "; no check shows whether they come from " + std::string(one ? "it" : "them") +
             " or from a second mistake: rerun after the fix.";
      } else if (shared.empty() && doubles.empty() &&
                 size_t(failed + count(Status::Skipped)) > named.size()) {
        s += " The other failures come from " + std::string(one ? "it" : "them") + ".";
      }
      s += "\n";
    }
    // A pitfall with a second mistake: neither "not tied to it" nor "from it" is true.
    for (const Cause* c : doubles) {
      const bool several = c->checks.size() > 1;
      s += wrap((several ? std::to_string(c->checks.size()) + " checks come"
                         : r.tests[c->shown_by].id + " comes") +
                    " from the pitfall " + join(c->with_pitfalls) +
                    " together with a second mistake, the " + c->what + " shown under " +
                    r.tests[c->shown_by].id + ": fix both.",
                "", 100);
    }
    for (const Cause* c : shared) {
      const std::string then = !named.empty()
                                   ? "maybe from the " + std::string(one ? "pitfall" : "pitfalls") +
                                         ", maybe a second mistake: rerun after fixing " +
                                         std::string(one ? "it" : "them") + "."
                               : c == shared[0] ? "fix it first."
                                                // Not known to be separate: one mistake can give
                                                // a wrong shape on one case and throw on another.
                                                : "maybe the first one showing another way, maybe "
                                                  "a second mistake: rerun after fixing the first.";
      s +=
          wrap(std::to_string(c->checks.size()) + " checks" +
                   (c->skipped > 0 ? " (" + std::to_string(c->skipped) + " of them skipped)" : "") +
                   " come from one cause, the " + c->what + " shown under " +
                   r.tests[c->shown_by].id + ": " + then,
               "", 100);
    }
    // Without a pitfall, a check with a cause of its own is still named once here, so that the
    // count above adds up.
    if (named.empty() && !alone.empty() && !(shared.empty() && doubles.empty()))
      s += wrap("Also failing, on cases of their own: " + join(alone) +
                    " (maybe from the same mistake: rerun after fixing it).",
                "", 100);
    s += "rerun exactly this: " + rerun + "\n";
    s += "stuck? ./grade hint " + r.kata + "\n";
  }
  return s;
}

}  // namespace cli
