#!/usr/bin/env bash
# The sandbox contains hostile submissions (docs/security.md): every hostile row of the mha test
# bed, graded in one `batch` beside the worked solution and one at a time with `--solution`, with
# the sandbox required. Before and after, the test hashes the repository, a canary folder the
# rows attack, and the home folder's top level; a listener on 127.0.0.1:47613 records any
# connection. Nothing may change, nothing may connect, the grader must survive every row, each
# row gets its declared verdict with its reason, and the gradebook keeps every row.
# Usage: sandbox_test.sh KT_GRADE SOURCE_DIR WORK_DIR
set -euo pipefail
grade="$1" source="$2" work="$3"
export KT_SANDBOX=require
canary=/var/tmp/kt-grade-canary
fail() { echo "FAILED: $*" >&2; exit 1; }

rm -rf "$work" "$canary"
mkdir -p "$work" "$canary"
echo "the canary's secret" > "$canary/secret.txt"
echo "keep me" > "$canary/keep.txt"

snapshot() {  # every file of the repository (builds and .git aside), the canary, $HOME's top level
  (cd "$source" && find . -path ./build -prune -o -path ./.git -prune -o -type f -print0 |
     sort -z | xargs -0 sha256sum)
  (cd "$canary" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
  ls -a "$HOME"
  ls -a /
}
snapshot > "$work/before.txt"

# A listener that writes down every connection it accepts.
/usr/bin/python3 - "$work/connections.txt" <<'PY' &
import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 47613)); s.listen(); s.settimeout(600)
open(sys.argv[1], "w").close()
while True:
    try:
        c, _ = s.accept()
    except OSError:
        break
    with open(sys.argv[1], "a") as f: f.write("connected: %r\n" % (c.recv(100),))
PY
listener=$!
trap 'kill $listener 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -e "$work/connections.txt" ] && break; sleep 0.1; done
[ -e "$work/connections.txt" ] || fail "the listener did not start"

hostile=("$source"/solutions/mha/hostile/*.cpp)
"$grade" batch mha "${hostile[@]}" "$source/solutions/mha/worked.cpp" --out "$work/book" -j 2 --time-limit-s 1 \
  > "$work/batch.txt" 2>&1 || fail "batch exited with $? (it must survive every row): $(cat "$work/batch.txt")"

declared() { sed -n "s|^// $2: *||p" "$1" | head -n 1; }
book="$work/book/gradebook.csv"
[ "$(($(wc -l < "$book") - 1))" -eq $((${#hostile[@]} + 1)) ] || fail "the gradebook lost rows: $(cat "$book")"
grep -q "worked.cpp\",pass," "$book" || fail "the worked solution did not pass beside them"
for f in "${hostile[@]}"; do
  verdict=$(declared "$f" expect)
  verdict=${verdict%% *}
  [ -n "$verdict" ] || { [ -n "$(declared "$f" expect-pitfalls)" ] && verdict=fail; }
  message=$(declared "$f" expect-message)
  row=$(grep -F "\"$f\"," "$book") || fail "no gradebook row for $f"
  case "$row" in *"\",$verdict,"*) ;; *) fail "$f: expected $verdict, the gradebook says: $row" ;; esac
  if [ -n "$message" ]; then
    json="$work/book/json/$(echo "$f" | tr '/' '_').json"
    grep -qF "$message" "$json" || fail "$f: the report does not say '$message'"
  fi
  # Alone, with --solution: the grader survives and says the same.
  set +e
  out=$("$grade" mha --solution "$f" --check shape --time-limit-s 1 2>&1)
  status=$?
  set -e
  [ "$status" -le 2 ] || fail "$f: the grader itself died (exit $status): $out"
  [ -z "$message" ] || grep -qF "$message" <<<"$out" || fail "$f: ./grade --solution does not say '$message': $out"
done

grep -q "the canary's secret" -r "$work/book" && fail "the canary's secret reached the report"
grep -q "The worked solution: project" -r "$work/book" && fail "the worked solution's text reached the report"
sleep 1
[ ! -s "$work/connections.txt" ] || fail "a submission reached the network: $(cat "$work/connections.txt")"
snapshot > "$work/after.txt"
diff "$work/before.txt" "$work/after.txt" > "$work/changed.txt" ||
  fail "files outside the sandbox changed: $(cat "$work/changed.txt")"
rm -rf "$canary"
echo "contained: ${#hostile[@]} hostile rows in batch and alone; nothing changed, nothing connected"
