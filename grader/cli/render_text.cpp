#include <algorithm>
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
  // Failing checks first: the first thing to read is the first thing to fix.
  std::vector<const TestResult*> order;
  for (const auto& t : r.tests)
    if (t.status != Status::Pass) order.push_back(&t);
  for (const auto& t : r.tests)
    if (t.status == Status::Pass) order.push_back(&t);
  // A cause (a diagnosis, or a journey) is shown in full once; a later check that failed for the
  // same cause says so in one line instead of repeating its case.
  std::vector<std::pair<std::string, std::string>> causes_shown;  // (cause, check id)
  const auto shown_under = [&](const std::string& cause) -> std::string {
    for (const auto& [c, id] : causes_shown)
      if (c == cause) return id;
    return "";
  };
  for (const TestResult* t : order) {
    if (t->status == Status::Pass) {
      s += "  " + paint("PASS", "32", colour) + "  " + t->id + "\n";
      continue;
    }
    s += "  " + paint(t->status == Status::Error ? "ERROR" : "FAIL", "31;1", colour) + "  " + t->id;
    if (!t->pitfall.empty()) s += "  " + paint("pitfall: " + t->pitfall, "33;1", colour);
    s += "\n";
    const std::string cause = !t->diagnosis.empty() ? "diagnosis " + t->diagnosis
                              : !t->journey.empty() ? t->journey
                                                    : "";
    const std::string first = cause.empty() || !t->pitfall.empty() ? "" : shown_under(cause);
    if (!first.empty()) {
      s += wrap("Same cause as " + first + " above" +
                    (t->diagnosis.empty() ? "" : " (diagnosis " + t->diagnosis + ")") +
                    ": fix that first, this check should follow. Its own case: " + rerun +
                    " --check " + t->id,
                "        ");
      continue;
    }
    if (!cause.empty()) causes_shown.emplace_back(cause, t->id);
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
  const auto failed = std::count_if(r.tests.begin(), r.tests.end(),
                                    [](const TestResult& t) { return t.status != Status::Pass; });
  std::string summary = std::to_string(failed);
  summary += " of ";
  summary += std::to_string(r.tests.size());
  summary += " checks failed";
  if (all) summary = "all " + std::to_string(r.tests.size()) + " checks passed";
  s += '\n';
  s += paint(summary, all ? "32;1" : "31;1", colour);
  s += "  score " + std::to_string(r.score()) + "/" + std::to_string(r.max_score()) + "\n";
  if (!all) {
    const auto named = r.pitfalls();
    if (!named.empty()) {
      s += "pitfalls found: " + join(named) +
           " - fix these first; the other failures usually follow from them.\n";
    }
    s += "rerun exactly this: " + rerun + "\n";
    s += "stuck? ./grade hint " + r.kata + "\n";
  }
  return s;
}

}  // namespace cli
