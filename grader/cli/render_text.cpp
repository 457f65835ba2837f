#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "grader/cli/render.hpp"
#include "grader/cli/text.hpp"

namespace cli {

namespace {

std::string paint(const std::string& s, const char* code, bool colour) {
  return colour ? std::string("\033[") + code + "m" + s + "\033[0m" : s;
}

/// Wraps text at width columns, every line indented.
std::string wrap(const std::string& text, const std::string& indent, size_t width = 96) {
  std::string out, line;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find(' ', pos);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(pos, end - pos);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += indent + line + "\n";
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
    pos = end + 1;
  }
  if (!line.empty()) out += indent + line + "\n";
  return out;
}

/// The cause a check shares with others, in words: "kt::ViewError", "diagnosis mask_ignored".
std::string cause_description(const TestResult& t) {
  if (t.wrong_shape) return "wrong shape or dtype";
  if (!t.diagnosis.empty()) return "diagnosis " + t.diagnosis;
  if (!t.threw.empty()) {
    const size_t colon = t.threw.find(": ");
    return colon == std::string::npos ? "exception" : t.threw.substr(0, colon);
  }
  if (!t.journey.empty()) return "first diverging step";
  return "pitfall " + t.pitfall;
}

}  // namespace

std::string to_text(const KataResult& r, bool colour, const std::string& rerun) {
  std::string s = paint(r.kata + ": " + r.title, "1", colour) + "\n";
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
  // for one cause (cause_of) form a group, shown in full once, where the group starts, by its first
  // pitfall-named check (else its first); the others say so in one line instead of repeating it.
  std::vector<const TestResult*> failing, order;
  for (const auto& t : r.tests)
    if (t.status != Status::Pass) failing.push_back(&t);
  std::map<std::string, const TestResult*> shown_by;  // cause -> the check that shows it in full
  std::map<std::string, int> group_size;
  for (const TestResult* t : failing) {
    const std::string cause = cause_of(*t);
    if (cause.empty()) continue;
    ++group_size[cause];
    const TestResult*& rep = shown_by[cause];
    if (!rep || (rep->pitfall.empty() && !t->pitfall.empty())) rep = t;
  }
  std::set<const TestResult*> placed;
  for (const TestResult* t : failing) {
    const std::string cause = cause_of(*t);
    if (!cause.empty() && placed.insert(shown_by[cause]).second) order.push_back(shown_by[cause]);
    if (placed.insert(t).second) order.push_back(t);
  }
  for (const auto& t : r.tests)
    if (t.status == Status::Pass) order.push_back(&t);
  for (const TestResult* t : order) {
    if (t->status == Status::Pass) {
      // A pitfall's check passes when its detector did not find the mistake on its cases.
      s += "  " + paint("PASS", "32", colour) + "  " + t->id +
           (t->id.rfind("pitfall_", 0) == 0 ? "  (not found)" : "") + "\n";
      continue;
    }
    const bool skipped = t->status == Status::Skipped;
    s += "  " +
         (skipped ? paint("SKIP", "33", colour)
                  : paint(t->status == Status::Error ? "ERROR" : "FAIL", "31;1", colour)) +
         "  " + t->id;
    if (!t->pitfall.empty()) s += "  " + paint("pitfall: " + t->pitfall, "33;1", colour);
    s += "\n";
    const std::string cause = cause_of(*t);
    const TestResult* rep = cause.empty() ? nullptr : shown_by[cause];
    if (rep && rep != t && t->pitfall.empty()) {
      const std::string own_case = ". Its own case: " + rerun + " --check " + t->id;
      if (skipped) {
        // "could not check for the head order: forward threw ..." -> its first clause.
        const std::string what = t->message.substr(0, t->message.find(": "));
        s += wrap(what + ": the code " +
                      (t->wrong_shape ? "returned a result of the " : "threw the same ") +
                      cause_description(*t) + (t->wrong_shape ? ", as in " : " as in ") + rep->id +
                      " above" + own_case,
                  "        ");
      } else {
        s += wrap("Same cause as " + rep->id + " above (" +
                      (t->wrong_shape     ? "a result of the "
                       : t->threw.empty() ? ""
                                          : "it threw the same ") +
                      cause_description(*t) + "): fix that first, this check should follow" +
                      own_case,
                  "        ");
      }
      continue;
    }
    s += wrap(t->message, "        ");
    if (!t->diagnosis.empty()) {
      s += "        " + paint("diagnosis " + t->diagnosis + ":", "36;1", colour) + "\n";
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
    if (!t->output.empty())
      s += "        your code printed:\n" + wrap(t->output, "          ", 1000);
    if (!t->pitfall.empty()) {
      s += "        hint: hints/" + r.kata + "/pitfalls/" + t->pitfall + ".md\n";
    }
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
  if (const auto skipped = count(Status::Skipped); skipped > 0)
    summary += ", " + std::to_string(skipped) + " skipped";
  if (all) summary = "all " + std::to_string(r.tests.size()) + " checks passed";
  s += '\n';
  s += paint(summary, all ? "32;1" : "31;1", colour);
  s += "  score " + std::to_string(r.score()) + "/" + std::to_string(r.max_score());
  if (!all) s += " (each check's points: katas/" + r.kata + "/kata.toml)";
  s += "\n";
  if (!all) {
    // One line per cause shared by several checks, then the pitfalls, and what they leave
    // unexplained: a second, independent failure is never hidden behind "fix these first".
    for (const TestResult* t : order) {
      const std::string cause = cause_of(*t);
      if (cause.empty() || shown_by[cause] != t || group_size[cause] < 2) continue;
      if (!t->pitfall.empty() && t->threw.empty()) continue;  // said by "pitfalls found" below
      int skipped = 0;
      for (const TestResult* other : failing)
        skipped += other->status == Status::Skipped && cause_of(*other) == cause;
      s += wrap(std::to_string(group_size[cause]) + " checks" +
                    (skipped > 0 ? " (" + std::to_string(skipped) + " of them skipped)" : "") +
                    " come from one cause, the " + cause_description(*t) + " shown under " + t->id +
                    ": fix it first.",
                "", 100);
    }
    const auto named = r.pitfalls();
    std::vector<std::string> unexplained;
    for (const TestResult* t : failing) {
      const std::string cause = cause_of(*t);
      const bool tied =
          !t->pitfall.empty() || (!cause.empty() && !shown_by[cause]->pitfall.empty());
      if (!tied) unexplained.push_back(t->id);
    }
    if (!named.empty()) {
      const bool one = named.size() == 1;
      const bool others = failing.size() > named.size();
      s += std::string(one ? "pitfall found: " : "pitfalls found: ") + join(named) + " - fix " +
           (one ? "it" : "them") + " first.";
      if (!unexplained.empty()) {
        s += " Not tied to " + std::string(one ? "it" : "them") +
             " (they may have a cause of their own): " + join(unexplained) + ".";
      } else if (others) {
        s += " The other failures come from " + std::string(one ? "it" : "them") + ".";
      }
      s += "\n";
    }
    s += "rerun exactly this: " + rerun + "\n";
    s += "stuck? ./grade hint " + r.kata + "\n";
  }
  return s;
}

}  // namespace cli
