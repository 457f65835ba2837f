// What the journey tests read from a journey's text: the name of the step it reports as the first
// divergence.
#pragma once

#include <string>

namespace grader {

/// "scores / sqrt(d_k)" from "... Step 2 (scores / sqrt(d_k), [2, 3, 3]) is the first step no op of
/// yours produces ..." (its shape set aside) or "Your op #4 div -> [...] has the shape of step 2
/// (scores / sqrt(d_k)) but computes it differently ..." or "Your op #6 view -> [...] has the
/// numbers of step 4 (q split into heads), but in other places ..."; empty when the text reports
/// none.
inline std::string diverging_step(const std::string& journey_text) {
  if (const auto open = journey_text.find(") but computes it differently");
      open != std::string::npos) {
    const auto start = journey_text.find(" (", journey_text.rfind(" has the shape of step ", open));
    return journey_text.substr(start + 2, open - start - 2);
  }
  if (const auto open = journey_text.find("), but in other places"); open != std::string::npos) {
    const auto start =
        journey_text.find(" (", journey_text.rfind(" has the numbers of step ", open));
    return journey_text.substr(start + 2, open - start - 2);
  }
  const auto open = journey_text.find(") is the first step no op of yours produces");
  if (open == std::string::npos) return "";
  const auto start = journey_text.find(" (", journey_text.rfind("\nStep ", open));
  const std::string named = journey_text.substr(start + 2, open - start - 2);
  return named.substr(0, named.rfind(", ["));
}

}  // namespace grader
