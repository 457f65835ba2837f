// What a failing check found: one type from the check that finds it (grader::Failure, in the
// kata's runner) to every report (cli::TestResult, in ./grade), carried between them by one codec
// (finding_json.hpp). Why a result is not one (the wrong shape or dtype, an exception, a stop) is a
// typed fact here, never a word searched for in a message.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace report {

/// The learner's attention weights beside the correct ones on a check's smallest failing case, for
/// one query-by-key slice (grader/lib/attention_map.hpp makes it); row-major, NaN kept. Empty
/// (rows == 0) when none.
struct AttentionMap {
  std::string where;  // the slice of the leading axes shown: "batch entry 0, head 1"
  /// The case it is of, when not the check's smallest failing case ("the case T = 5, d = 3 with v
  /// the identity, where your output is your weights"); empty: that case.
  std::string on;
  /// The shape of the learner's tensor the weights were read from, when it has more axes than the
  /// weights ("[1, 1, 2, 2, 2]": a shape grew on the way); empty otherwise.
  std::string got_shape;
  int64_t rows = 0, cols = 0;  // queries, keys
  std::vector<double> expected, got;
};

/// What a result the learner's code returned gets wrong before its values: its shape, its dtype,
/// or both (None: neither, or it returned nothing).
enum class Wrong : uint8_t { None, Shape, Dtype, ShapeAndDtype };

/// "shape", "dtype", "shape and dtype"; "" for None.
const char* wrong_name(Wrong w);
/// The inverse of wrong_name (None for any other text).
Wrong parse_wrong(const std::string& name);
/// Which of the two differ: the shapes (given as equal or not) and the dtypes.
Wrong wrong_of(bool shape_differs, bool dtype_differs);

/// Why a check stopped without a verdict on the learner's values (its status is then "error"):
/// set by the runner (the first two) or by ./grade, which watches the runner's process.
enum class Stop : uint8_t {
  None,
  OutOfMemory,   // the learner's code ran out of memory (std::bad_alloc, kt::OutOfMemory)
  BadReply,      // the learner's process sent what cannot be read, or could not be started
  CpuLimit,      // used more than its CPU time
  Blocked,       // sat idle: no thread runnable, no CPU used
  Busy,          // still computing at the wall-clock backstop: the machine is too busy
  Hung,          // still running after the wall-clock limit, twice (the second time alone)
  NotRun,        // not run: an earlier check of the submission timed out (`after` names it)
  Refused,       // the sandbox's filter refused a system call (SIGSYS)
  FileSize,      // wrote past the file-size limit (SIGXFSZ)
  WroteOutside,  // tried to write outside its sandbox
  Crashed,       // killed by a signal (`signal` says which)
  RunnerExit,    // the check runner exited without a result
  NoPipes,       // the check could not be started
};

/// "out of memory", "cpu limit", ...: how reports and the JSON spell it; "" for None.
const char* stop_name(Stop s);
/// The inverse of stop_name (None for any other text).
Stop parse_stop(const std::string& name);
/// A stop that waited on the clock: CpuLimit, Blocked, Busy, Hung, NotRun.
bool is_timeout(Stop s);

/// A pitfall's detector is the check "pitfall_ID" (the one place that spelling lives).
std::string pitfall_check(const std::string& pitfall);
/// A detector's check rather than a general one.
bool is_pitfall_check(const std::string& check);
/// The pitfall a detector's check names ("pitfall_ID" -> "ID"), or "" for a general check.
std::string pitfall_of_check(const std::string& check);

/// A named input of a case, as shown to the learner: {"T", "3"}.
using Field = std::pair<std::string, std::string>;

struct Finding {
  std::string message;  // what went wrong and why, one paragraph
  std::string pitfall;  // a pitfall id ("mask_after_softmax"), or empty when not attributed
  /// A catalogue match (grader/lib/diagnosis.hpp): the id of the one catalogued mistake the output
  /// equals, and the sentence that says so with the fix; empty when none or several match.
  /// Diagnosis only: it never changes a verdict or a score.
  std::string diagnosis;
  std::string diagnosis_message;
  /// A double (two catalogued mistakes at once, diagnosis "A+B"): the two ids, the kata's pitfall
  /// first when one is; empty for one mistake.
  std::vector<std::string> diagnosis_parts;
  /// Without a diagnosis: the correct computation's steps beside the learner's ops, and the first
  /// step the learner's code never computes (grader/lib/journey.hpp); several lines, or empty.
  std::string journey;
  /// The step the journey names as the first divergence ("step 3 (angles = positions ⊗ inv_freq)"),
  /// or empty: what failing checks share when one mistake stops them (a report groups by it).
  std::string journey_step;
  /// When the learner's code threw: the op of theirs that threw and where its inputs came from
  /// (grader/lib/where_threw.hpp); several lines, or empty.
  std::string where_threw;
  AttentionMap attention_map;
  std::vector<Field> counterexample;  // the smallest failing case (or the case it stopped on)
  std::string expected;               // a small slice, or empty
  std::string got;                    // the same slice of the output
  std::string difference;  // "largest |got - expected| = ...; got = 0.707 x expected", or empty
  bool not_implemented = false;  // the learner's code threw kt::NotImplemented: not started yet
  Wrong wrong = Wrong::None;     // the result's shape or dtype is not the kata's
  /// What the learner's code threw ("kt::ViewError: view size is ..."), or empty; and its kind, as
  /// threw begins ("kt::ViewError"), what a report groups by.
  std::string threw;
  std::string exception;
  /// A detector that could not check for its pitfall: what it checks ("the head order"), or empty.
  std::string unchecked;
  Stop stop = Stop::None;  // why it stopped without a verdict, or None
  int signal = 0;          // Stop::Crashed: the signal
  std::string after;       // Stop::NotRun: the check that timed out first
};

}  // namespace report
