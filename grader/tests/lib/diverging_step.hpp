// What the journey tests read from a journey's text: the name of the step it reports as the first
// divergence.
#pragma once

#include <string>

namespace grader {

/// "scores / sqrt(d_k)" from "... Step 2 (scores / sqrt(d_k)) is the first step no op of yours
/// produces ..."; empty when the text reports none.
inline std::string diverging_step(const std::string& journey_text) {
  const auto open = journey_text.find(") is the first step no op of yours produces");
  if (open == std::string::npos) return "";
  const auto start = journey_text.find(" (", journey_text.rfind("\nStep ", open));
  return journey_text.substr(start + 2, open - start - 2);
}

}  // namespace grader
