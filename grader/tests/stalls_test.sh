#!/usr/bin/env bash
# Blocking and spinning submissions cost their grading seconds, not a wait per check (Note [blocked
# or slow] in grader/cli/running/run.cpp): one `./grade batch` of six correct mha submissions beside one
# that sleeps forever and one that spins forever. Every verdict must be right, the sleeper's and the
# spinner's reports must say what they did (their first check's cause, the others not run for it),
# and the correct ones must not be touched by them. The wall times are a benchmark's business
# (bench/stalls.sh, docs/performance.md), not this test's.
# Usage: stalls_test.sh KT_GRADE SOURCE_DIR WORK_DIR [TIME_LIMIT_S]
set -euo pipefail
grade="$1" source="$2" work="$3" limit="${4:-}"
fail() { echo "FAILED: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/class"
cp "$source/solutions/mha/worked.cpp" "$work/class/worked.cpp"
for f in additive_mask loop_over_heads fused_qkv_projection merge_with_permute_reshape \
         manual_stable_softmax; do
  cp "$source/solutions/mha/accepted/$f.cpp" "$work/class/$f.cpp"
done
cp "$source/solutions/mha/hostile/sleeps_forever.cpp" "$work/class/sleeper.cpp"
cp "$source/solutions/mha/hostile/infinite_loop.cpp" "$work/class/spinner.cpp"

"$grade" batch mha "$work/class" --out "$work/book" --jobs 2 ${limit:+--time-limit-s "$limit"} \
  > "$work/batch.txt" 2>&1 || fail "batch exited $?: $(cat "$work/batch.txt")"
book="$work/book/gradebook.csv"
# mha's points, as its kata.toml gives them.
points=$(grep -o 'points *= *[0-9]*' "$source/katas/mha/kata.toml" | awk '{s += $NF} END {print s}')
grep -q "graded 8 submission(s)" "$work/batch.txt" || fail "not 8 rows: $(cat "$work/batch.txt")"
for f in worked additive_mask loop_over_heads fused_qkv_projection merge_with_permute_reshape \
         manual_stable_softmax; do
  grep -q "/$f.cpp\",pass,$points,$points," "$book" || fail "$f.cpp did not pass: $(grep "/$f.cpp" "$book")"
done
grep -q "/sleeper.cpp\",error,0,$points,\"\",\"shape: blocked: it sat idle for 3 s, waiting instead of computing" "$book" ||
  fail "the sleeper's row: $(grep sleeper "$book")"
grep -q "/spinner.cpp\",error,0,$points,\"\",\"shape: timed out: used more than [0-9]* s of CPU time" "$book" ||
  fail "the spinner's row: $(grep spinner "$book")"

# Their reports: the first check's cause, every other check not run for it (none waited for).
/usr/bin/python3 - "$work/book/json" <<'PY' || fail "the reports are not as expected"
import json, pathlib, sys
reports = {p.stem: json.loads(p.read_text()) for p in pathlib.Path(sys.argv[1]).rglob("*.json")}
def one(name):
    [r] = [r for k, r in reports.items() if k.endswith("_" + name + ".cpp")]
    return r
for name, cause in (("sleeper", "blocked: it sat idle for 3 s, waiting instead of computing"),
                    ("spinner", "timed out: used more than")):
    tests = one(name)["tests"]
    first, rest = tests[0], tests[1:]
    assert first["status"] == "error" and first["message"].startswith(cause), (name, first)
    # At most one more check ran beside the first (checks run two at a time); the rest were not run,
    # each tied to the first by its typed stop.
    not_run = [t for t in rest if t.get("stop") == "not run"]
    assert len(not_run) >= len(rest) - 1, (name, [t["message"] for t in rest])
    for t in not_run:
        assert t["status"] == "error" and t["after"] == "shape" and t["timed_out"], (name, t)
        assert t["message"].startswith("check shape stopped at the "), (name, t["message"])
        assert t["cause"] == first["cause"], (name, t["cause"], first["cause"])
print("ok")
PY
echo "stalls: 6 correct submissions passed; the sleeper and the spinner were stopped and said why"
