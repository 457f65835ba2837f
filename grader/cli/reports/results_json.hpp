// results.json: the one writer and the one reader of a grading result as JSON.
//
// The format is Exercism's test-runner interface, version 3 (exercism.org/docs/building/tooling/
// test-runners/interface), plus this project's fields. Per the spec: top-level `status` is pass |
// fail | error and `message` is set only for error; each test has `name`, `status`, `message`
// (null when it passed), `output` (what the code printed, at most 500 characters, null when
// nothing), `test_code` (what was run: the command that runs this one check) and `task_id` (1: the
// kata's general checks, 2: its pitfall checks — the two tasks of every kata). The project adds:
// kata, started, score, max_score, seed, solution, warnings, pitfalls, diagnoses, sandbox, and
// `causes` (the root causes of the failures, as every report shows them: [{what, pitfall,
// shown_by, checks, skipped}], Note [root causes] in result.cpp); per test title, the finding
// (grader/report/finding_json.hpp: pitfall, diagnosis, journey, attention_map, counterexample
// ([{name, value}], in the order the case shows them), expected, got, difference, threw, wrong,
// stop, ...), `cause` (its index in causes, null for a pass), skipped, score, max_score,
// duration_ms, cpu_ms, and `full_output` when `output` was cut. The reader ignores `causes` and
// `cause`: they follow from the tests.
// Any bytes the learner's code produced come out as valid UTF-8 (invalid bytes as U+FFFD).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "grader/cli/reports/result.hpp"

namespace cli {

/// The limit Exercism's spec sets on a test's `output`, in characters.
inline constexpr size_t kJsonOutputChars = 500;
/// The limit on the top-level `message`, in characters.
inline constexpr size_t kJsonMessageChars = 65535;

nlohmann::json to_json(const KataResult& r);
/// The JSON text of results; never throws for any content.
std::string dump_json(const nlohmann::json& j);
/// Reads back what to_json wrote; nullopt for anything else (a grader that printed no report).
std::optional<KataResult> from_json(const nlohmann::json& j);

}  // namespace cli
