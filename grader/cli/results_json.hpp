// results.json: the one writer and the one reader of a grading result as JSON.
//
// The format is Exercism's test-runner interface, version 3 (exercism.org/docs/building/tooling/
// test-runners/interface), plus this project's fields. Per the spec: top-level `status` is pass |
// fail | error and `message` is set only for error; each test has `name`, `status`, `message`
// (null when it passed), `output` (what the code printed, at most 500 characters, null when
// nothing), `test_code` (what was run: the command that runs this one check) and `task_id` (1: the
// kata's general checks, 2: its pitfall checks — the two tasks of every kata). The project adds:
// kata, started, score, max_score, seed, solution, warnings, pitfalls; per test title, pitfall,
// not_implemented, timed_out, counterexample ([{name, value}], in the order the case shows them),
// expected, got, score, max_score, duration_ms, cpu_ms, and `full_output` when `output` was cut.
// Any bytes the learner's code produced come out as valid UTF-8 (invalid bytes as U+FFFD).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "grader/cli/result.hpp"

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

/// An attention map as JSON: {"where", "rows", "cols", "expected", "got"} (NaN as null), or null
/// when there is none. The runner writes the same form.
nlohmann::json attention_map_to_json(const AttentionMap& m);
/// The inverse, checked (rows and cols 1 to 12, rows x cols numbers or nulls in each grid); an
/// empty map (rows == 0) for anything else.
AttentionMap attention_map_from_json(const nlohmann::json& j);

}  // namespace cli
