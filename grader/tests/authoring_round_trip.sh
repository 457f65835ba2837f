#!/usr/bin/env bash
# The instructor's path end to end, in a throwaway clone or (in CI) the clean checkout itself (run
# by .ci/run):
#   1. ./grade new-kata demo: it builds, its stub fails, its self-test passes as scaffolded;
#   2. ./grade new-pitfall demo ID: the self-test now fails and says what is left to do;
#   3. the three files filled in as docs/authoring.md says: the self-test passes, and the matrix
#      shows the known-bad solution diagnosed with exactly its pitfall; the kata's doubles test
#      fails until its learner has the pitfall's slip, and passes then;
#   4. every kata's own detector template compiles as scaffolded;
#   5. everything created is clang-format clean, and only one tracked line changed.
# Usage: grader/tests/authoring_round_trip.sh [preset]   (default: ci)
set -euo pipefail
src="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
preset="${1:-ci}"
work="$(mktemp -d)"
# Where: a throwaway clone, which builds the grader from scratch (a few minutes). In CI (CI=true)
# on a clean checkout, the checkout itself, reusing its build of the preset, and put back as it
# was afterwards: what the scaffolds create is removed and kata.toml restored.
if [ "${CI:-}" = true ] && [ -z "$(git -C "$src" status --porcelain)" ]; then
  cd "$src"
  restore() {
    git checkout -q -- 'katas/*/kata.toml' docs/classroom  # quoted: git's pathspec, tracked files only
    git clean -fdq -- katas grader solutions hints reference
    rm -rf "$work"
  }
  trap restore EXIT
  echo "(in the checkout itself: CI=true and nothing uncommitted)"
else
  trap 'rm -rf "$work"' EXIT
  git clone -q "$src" "$work/repo"
  cd "$work/repo"
fi
# Only the grader program and what it links: the clone's own tests and benchmarks are not needed.
export KT_PRESET="$preset" KT_STATE_DIR="$work/state" KT_BUILD_TARGET=kt-grade

fail() { printf 'authoring round trip: %s\n' "$*" >&2; exit 1; }
expect() {  # expect STATUS PATTERN COMMAND...: run, check exit status and output
  local want="$1" pattern="$2" out status=0; shift 2
  out="$("$@" 2>&1)" || status=$?
  printf '%s\n' "$out"
  [ "$status" -eq "$want" ] || fail "'$*' exited $status, expected $want"
  grep -Eq -- "$pattern" <<<"$out" || fail "'$*' did not print /$pattern/"
}

echo "== 1. new kata"
expect 0 "created katas/demo/demo.cpp" ./grade new-kata demo
expect 0 "files got the verdict they declare; every pitfall has a known-bad solution and a hint. OK" \
  ./grade selftest demo --preset "$preset"
expect 1 "NOT STARTED" ./grade demo
! grep -q "FAIL" <<<"$(./grade demo 2>&1)" || fail "the untouched stub of a new kata shows FAIL lines, not only NOT STARTED"

echo "== 2. new pitfall, as scaffolded"
expect 0 'added to katas/demo/kata.toml: \{ id = "pitfall_no_max_subtraction", points = 1 \},' \
  ./grade new-pitfall demo no_max_subtraction
out="$(./grade selftest demo --preset "$preset" 2>&1)" && fail "the self-test passed an unfinished pitfall"
printf '%s\n' "$out"
for want in "solutions/demo/pitfalls/no_max_subtraction.cpp: should be pitfalls [no_max_subtraction], got pass" \
            "hints/demo/pitfalls/no_max_subtraction.md still has TODO(new-pitfall) markers to fill in"; do
  grep -qF -- "$want" <<<"$out" || fail "the self-test did not say: $want"
done

echo "== 3. the pitfall filled in"
cat > solutions/demo/pitfalls/no_max_subtraction.cpp <<'CPP'
// expect-pitfalls: no_max_subtraction
// Known bad: exp(x) / sum(exp(x)) without subtracting the row maximum: exp overflows to inf for
// large inputs and the result is NaN.
#include "demo.hpp"

kt::Tensor demo(const kt::Tensor& x) {
  const kt::Tensor e = kt::exp(x);
  return e / kt::sum(e, -1, true);
}
CPP
cat > grader/katas/demo/pitfalls/no_max_subtraction.cpp <<'CPP'
// Detector of the pitfall no_max_subtraction: exp() of the raw inputs overflows.
#include <rapidcheck.h>

#include "grader/katas/demo/cases.hpp"

namespace grader::kata_demo {
namespace {

Outcome check_no_max_subtraction(uint64_t seed) {
  return run_property(seed, 40, [&]() -> std::optional<Failure> {
    // Inputs far beyond exp's range (exp(710) = inf): only a softmax without the max overflows.
    Case c = generate();
    c.x = c.x + 1000.0;
    const Run run = run_learner(c);
    if (!run.ok()) return failure(c, run, "could not check for overflow: demo(x) threw: " + run.error);
    if (kt::all(kt::isfinite(run.out)).item() != 0.0) return std::nullopt;
    Failure f = failure(c, run,
                        "the result is NaN for large inputs: exp(1000) overflows to inf and "
                        "inf / inf = NaN. Subtract each row's maximum before exp().");
    f.pitfall = "no_max_subtraction";
    return f;
  });
}

const Registrar registered_no_max_subtraction({"pitfall_no_max_subtraction", "large inputs do not overflow",
                       check_no_max_subtraction});

}  // namespace
}  // namespace grader::kata_demo
CPP
cat > hints/demo/pitfalls/no_max_subtraction.md <<'MD'
# Pitfall: exp() of the raw inputs (no_max_subtraction)

**Symptom:** NaN when the inputs are large (around 710 and above).

Fix: subtract each row's maximum first: `kt::exp(x - kt::amax(x, -1, true))`.
MD
clang-format -i grader/katas/demo/pitfalls/no_max_subtraction.cpp
expect 0 "pitfalls/no_max_subtraction.cpp +\. +\. +P +fail no_max_subtraction" \
  ./grade selftest demo --preset "$preset"
# The doubles test (step 5 of new-pitfall's list): it fails until its learner has the slip.
cmake --build "build/$preset" --target grader_demo_doubles >/dev/null
expect 1 "slips \{no_max_subtraction\}: named \{\}, expected exactly \{no_max_subtraction\}" \
  "build/$preset/grader/grader_demo_doubles" --reporter compact
sed -i 's|  const kt::Tensor e = kt::exp(x - kt::amax(x, -1, true));|  const kt::Tensor e = slip("no_max_subtraction") ? kt::exp(x) : kt::exp(x - kt::amax(x, -1, true));|' \
  grader/katas/demo/tests/doubles_test.cpp
clang-format -i grader/katas/demo/tests/doubles_test.cpp
cmake --build "build/$preset" --target grader_demo_doubles >/dev/null
expect 0 "All tests passed" "build/$preset/grader/grader_demo_doubles"

echo "== 4. every kata's detector template compiles as scaffolded"
mapfile -t templates < <(git ls-files 'grader/katas/*/new_pitfall.cpp.in')  # not the new demo's
for template in "${templates[@]}"; do
  kata="$(basename "$(dirname "$template")")"
  # kt-grade itself, not ./grade (step 2 runs that): ./grade builds first, and each build would
  # compile the previous kata's checks with its new detector, one kata at a time (165 s).
  expect 0 "created grader/katas/$kata/pitfalls/template_check.cpp" \
    "build/$preset/grader/kt-grade" new-pitfall "$kata" template_check
done
# Each detector compiled alone, two at a time, with the command of its kata's checks in this
# preset's compile_commands.json (the same flags, warnings as errors, and precompiled header).
# Not a rebuild: the gate's presets compile a kata's checks as one file (Note [a kata's checks as
# one file]), so adding a file to each kata recompiles all of them. A scaffold's
# top-level names (check_ID, registered_ID) are the pitfall's own, so compiling it alone misses no
# clash with the kata's other files.
python3 - "build/$preset/compile_commands.json" "$PWD" "$work" "${templates[@]}" <<'PY' ||
import concurrent.futures, json, os, shlex, subprocess, sys
commands, root, work, templates = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
entries = json.load(open(commands))
def compile_alone(template):
    kata = os.path.basename(os.path.dirname(template))
    source = os.path.join(root, "grader/katas", kata, "pitfalls/template_check.cpp")
    target = f"/grader_{kata}_checks.dir/"
    entry = next((e for e in entries if target in e["command"]), None)  # no "output" in CMake 3.25
    if entry is None:
        return f"{kata}: no compile command of grader_{kata}_checks in {commands}"
    argv = shlex.split(entry["command"])
    out = argv.index("-o")
    argv[out + 1] = os.path.join(work, f"{kata}_template_check.o")
    argv[argv.index("-c") + 1] = source
    done = subprocess.run(argv, cwd=entry["directory"], capture_output=True, text=True)
    return f"{source} does not compile:\n{done.stderr}" if done.returncode else None
with concurrent.futures.ThreadPoolExecutor(2) as pool:
    failures = [f for f in pool.map(compile_alone, templates) if f]
for f in failures:
    print(f)
print(f"{len(templates) - len(failures)} of {len(templates)} detector templates compile")
sys.exit(1 if failures else 0)
PY
  fail "a kata's detector template does not compile as scaffolded"

echo "== 5. formatting, and what changed in tracked files"
mapfile -t created < <(git ls-files --others --exclude-standard '*.cpp' '*.hpp')
clang-format --dry-run --Werror "${created[@]}"
# The new kata is all new files; each pitfall added to a kata changed one line of its kata.toml.
# The Classroom workflow is generated: the scaffolds wrote it again, as ./grade classroom makes it.
[ "$(cat docs/classroom/classroom.yml)" = "$("build/$preset/grader/kt-grade" classroom)" ] ||  # no build
  fail "docs/classroom/classroom.yml was not regenerated by the scaffolds"
changed="$(git diff --numstat -- . ':!docs/classroom' | tr '\t' ' ')"
expected="$(for template in "${templates[@]}"; do
  echo "1 0 katas/$(basename "$(dirname "$template")")/kata.toml"
done)"
[ "$changed" = "$expected" ] ||
  fail "new-pitfall changed more than one line of each kata.toml: $changed"
echo "authoring round trip: OK"
