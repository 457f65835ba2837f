#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "grader/cli/render.hpp"
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
/// "wrong shape", "wrong dtype" or "wrong shape and dtype": what the check's message says of a
/// result that is not what the kata returns (it names the dtype only when that is wrong).
std::string wrong_what(const TestResult& t) {
  const bool dtype = t.message.find("dtype") != std::string::npos;
  const bool shape = t.message.find("shape") != std::string::npos;
  return dtype && shape ? "wrong shape and dtype" : dtype ? "wrong dtype" : "wrong shape";
}

std::string cause_description(const TestResult& t) {
  if (!t.diagnosis.empty()) return "diagnosis " + t.diagnosis;
  if (t.wrong_shape) return wrong_what(t);
  if (!t.threw.empty()) {
    const size_t colon = t.threw.find(": ");
    return colon == std::string::npos ? "exception" : t.threw.substr(0, colon);
  }
  if (t.status == Status::Error) {
    // Its first sentence, quoted: the message may hold sentences of its own.
    const size_t end = std::min(t.message.find(" on the case"), t.message.find(". "));
    return "error \"" + t.message.substr(0, end) + "\"";
  }
  if (!t.journey.empty()) return "first diverging step";
  return "pitfall " + t.pitfall;
}

/// A check not run because another one of the submission timed out (not_run_after in
/// check_host.cpp).
bool not_run_after_timeout(const TestResult& t) {
  return t.timed_out && t.message.find("This check was not run") != std::string::npos;
}

}  // namespace

std::string to_text(const KataResult& r, bool colour, const std::string& rerun) {
  std::string s = paint(r.kata + ": " + r.title, "1", colour) + "\n";
  // Said once, at the top: the file ran without bubblewrap (docs/security.md).
  if (r.sandbox.rfind("sandbox: off", 0) == 0) s += "  " + paint(r.sandbox, "33", colour) + "\n";
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
  // for one cause (causes_of: sharing a key, directly or through other checks) form a group, shown
  // in full once, where the group starts, by its first pitfall-named check (else its first); the
  // others say so in one line instead of repeating it.
  std::vector<const TestResult*> failing, order;
  for (const auto& t : r.tests)
    if (t.status != Status::Pass) failing.push_back(&t);
  // Union-find over the failing checks (by index), joined through the keys they share.
  std::vector<size_t> parent(failing.size());
  for (size_t i = 0; i < parent.size(); ++i) parent[i] = i;
  const auto root = [&](size_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  std::map<std::string, size_t> first_with_key;
  for (size_t i = 0; i < failing.size(); ++i) {
    for (const std::string& key : causes_of(*failing[i])) {
      const auto [it, inserted] = first_with_key.emplace(key, i);
      if (!inserted) parent[root(i)] = root(it->second);
    }
  }
  std::map<size_t, const TestResult*> shown_by;  // group -> the check that shows it in full
  std::map<size_t, int> group_size, group_skipped;
  std::map<const TestResult*, size_t> group;  // each failing check's group, once joined
  for (size_t i = 0; i < failing.size(); ++i) group[failing[i]] = root(i);
  const auto group_of = [&](const TestResult* t) { return group.at(t); };
  for (const TestResult* t : failing) {
    const size_t g = group_of(t);
    ++group_size[g];
    group_skipped[g] += t->status == Status::Skipped;
    const TestResult*& rep = shown_by[g];
    if (!rep || (rep->pitfall.empty() && !t->pitfall.empty())) rep = t;
  }
  // The group's attention map, for the check that shows it (a detector may have none of its own).
  std::map<size_t, const TestResult*> map_from;
  for (const TestResult* t : failing)
    if (t->attention_map.rows > 0) map_from.emplace(group_of(t), t);
  std::set<const TestResult*> placed;
  for (const TestResult* t : failing) {
    const TestResult* rep = shown_by[group_of(t)];
    if (placed.insert(rep).second) order.push_back(rep);
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
    const TestResult* rep = shown_by[group_of(t)];
    if (rep != t && t->pitfall.empty()) {
      const std::string own_case = ". Its own case: " + only_check(rerun, t->id);
      // How this check is tied to the one shown in full, in its own terms.
      const std::string tie = !t->diagnosis.empty()        ? "diagnosis " + t->diagnosis
                              : t->wrong_shape             ? "a result of the " + wrong_what(*t)
                              : !t->threw.empty()          ? "the same " + cause_description(*t)
                              : t->status == Status::Error ? std::string("the same error")
                                                           : cause_description(*t);
      if (not_run_after_timeout(*t)) {
        s += wrap("Not run: it calls the same code as " + rep->id +
                      ", which timed out above, and would wait the same way. Fix that first" +
                      own_case,
                  "        ");
        continue;
      }
      if (skipped) {
        // "could not check for the head order: forward threw ..." -> its first clause.
        const std::string what = t->message.substr(0, t->message.find(": "));
        const std::string how = t->wrong_shape      ? "returned " + tie + ", as"
                                : !t->threw.empty() ? "threw " + tie + " as"
                                                    : "failed for the same cause as";
        s += wrap(what + ": the code " + how + " in " + rep->id + " above" + own_case, "        ");
      } else {
        s += wrap("Same cause as " + rep->id + " above (" +
                      (t->threw.empty() || !t->diagnosis.empty() ? "" : "it threw ") + tie +
                      "): fix that first, this check should follow" + own_case,
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
    if (const auto m = map_from.find(group_of(t)); m != map_from.end()) {
      const TestResult* from = t->attention_map.rows > 0 ? t : m->second;
      s += attention_map_text(from->attention_map, colour, "        ", from == t ? "" : from->id);
    }
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
  if (const auto not_run = std::count_if(r.tests.begin(), r.tests.end(), not_run_after_timeout);
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
  if (!all) s += " (each check's points: katas/" + r.kata + "/kata.toml)";
  s += "\n";
  if (!all) {
    // One line per cause shared by several checks and named by no pitfall, then the pitfalls,
    // and what they leave unexplained: a second, independent failure is never hidden behind "fix
    // these first".
    for (const TestResult* t : order) {
      if (t->status == Status::Pass) continue;
      const size_t g = group_of(t);
      if (shown_by[g] != t || group_size[g] < 2 || !t->pitfall.empty()) continue;
      const int skipped = group_skipped[g];
      s += wrap(std::to_string(group_size[g]) + " checks" +
                    (skipped > 0 ? " (" + std::to_string(skipped) + " of them skipped)" : "") +
                    " come from one cause, the " + cause_description(*t) + " shown under " + t->id +
                    ": fix it first.",
                "", 100);
    }
    const auto named = r.pitfalls();
    std::vector<std::string> unexplained;
    for (const TestResult* t : failing)
      if (t->pitfall.empty() && shown_by[group_of(t)]->pitfall.empty())
        unexplained.push_back(t->id);
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
