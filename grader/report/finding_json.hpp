// The one codec of a Finding: the runner writes it into its result event, ./grade reads it back,
// and results.json writes and reads each test's detail with it (cli/results_json.hpp), so a field
// is spelled once. Empty text is null; a reader takes null, a missing key or a value of another
// type as empty.
#pragma once

#include <nlohmann/json.hpp>

#include "grader/report/finding.hpp"

namespace report {

/// What every text of a finding goes through on its way in or out (./grade's valid_utf8: the
/// learner's bytes as valid UTF-8, without NUL), or nullptr for none.
using TextFilter = std::string (*)(const std::string&);

/// The finding's fields, as keys of one object (merge them into a larger one with update()).
nlohmann::json to_json(const Finding& f, TextFilter filter = nullptr);
/// Reads the keys to_json writes from j (an object; other keys are ignored).
Finding finding_from_json(const nlohmann::json& j, TextFilter filter = nullptr);

/// A case's named inputs: [{"name", "value"}, ...] (the runner's "case" event, a finding's
/// counterexample).
nlohmann::json fields_to_json(const std::vector<Field>& fields, TextFilter filter = nullptr);
std::vector<Field> fields_from_json(const nlohmann::json& j, TextFilter filter = nullptr);

/// An attention map, or null when it has none (a NaN is written as null and read back as NaN).
nlohmann::json attention_map_to_json(const AttentionMap& m);
/// The map, or an empty one for anything that is not a well-formed map of at most 12 x 12.
AttentionMap attention_map_from_json(const nlohmann::json& j);

}  // namespace report
