#include <algorithm>
#include <sstream>

#include "grader/cli/reports/render.hpp"
#include "grader/cli/text.hpp"

namespace cli {

std::string to_junit(const std::vector<KataResult>& results) {
  std::ostringstream x;
  x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"tensor-katas\">\n";
  for (const KataResult& r : results) {
    const std::vector<Cause> found = causes(r);
    const std::vector<int> cause_of = cause_of_each(r, found);
    int failures = 0, errors = 0;
    double time = 0;
    for (const auto& t : r.tests) {
      failures += t.status == Status::Fail;
      errors += t.status == Status::Error;
      time += t.duration_ms / 1000;
    }
    if (r.tests.empty() && r.status == Status::Error) errors = 1;
    x << "  <testsuite name=\"" << xml_escape(r.kata) << "\" tests=\""
      << std::max<size_t>(r.tests.size(), 1) << "\" failures=\"" << failures << "\" errors=\""
      << errors << "\" time=\"" << time << "\">\n";
    if (r.tests.empty() && r.status == Status::NotStarted) {
      x << "    <testcase classname=\"" << xml_escape(r.kata) << "\" name=\"not_started\">\n"
        << "      <skipped message=\"not started\">" << xml_escape(r.message) << "</skipped>\n"
        << "    </testcase>\n";
    } else if (r.tests.empty()) {
      x << "    <testcase classname=\"" << xml_escape(r.kata) << "\" name=\"build\">\n"
        << "      <error message=\"did not build\">" << xml_escape(r.message) << "</error>\n"
        << "    </testcase>\n";
    }
    for (size_t i = 0; i < r.tests.size(); ++i) {
      const TestResult& t = r.tests[i];
      // Its root cause, as the text report and results.json group it (Note [root causes]).
      const std::string cause = cause_of[i] < 0
                                    ? ""
                                    : "cause " + std::to_string(cause_of[i] + 1) + " of " +
                                          std::to_string(found.size()) + ": " +
                                          found[size_t(cause_of[i])].what + ", shown under " +
                                          r.tests[found[size_t(cause_of[i])].shown_by].id;
      x << "    <testcase classname=\"" << xml_escape(r.kata) << "\" name=\"" << xml_escape(t.id)
        << "\" time=\"" << t.duration_ms / 1000 << "\">\n";
      if (t.status == Status::Skipped) {
        x << "      <skipped message=\"" << xml_escape(cut_chars(t.message, 200)) << "\">"
          << xml_escape(cause) << "</skipped>\n";
      } else if (t.status != Status::Pass) {
        std::string body = cause + "\n" + t.message;
        if (!t.diagnosis_message.empty()) body += "\ndiagnosis: " + t.diagnosis_message;
        if (!t.journey.empty()) body += "\nwhere it diverges:\n" + t.journey;
        if (!t.where_threw.empty()) body += "\nwhere it threw:\n" + t.where_threw;
        if (t.attention_map.rows > 0) {
          body += '\n';
          body += attention_map_text(t.attention_map, false, "");
        }
        for (const auto& [name, value] : t.counterexample) body += "\n  " + name + " = " + value;
        if (!t.expected.empty()) body += "\nexpected " + t.expected + "\ngot      " + t.got;
        if (!t.difference.empty()) body += "\n" + t.difference;
        const std::string tag = t.status == Status::Error ? "error" : "failure";
        const std::string headline = !t.pitfall.empty()     ? "pitfall " + t.pitfall
                                     : !t.diagnosis.empty() ? "diagnosis " + t.diagnosis
                                                            : cut_chars(t.message, 200);
        x << "      <" << tag << " message=\"" << xml_escape(headline) << "\">" << xml_escape(body)
          << "</" << tag << ">\n";
      }
      if (!t.output.empty()) x << "      <system-out>" << xml_escape(t.output) << "</system-out>\n";
      x << "    </testcase>\n";
    }
    x << "  </testsuite>\n";
  }
  x << "</testsuites>\n";
  return x.str();
}

}  // namespace cli
