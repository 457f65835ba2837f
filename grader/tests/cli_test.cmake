# Tests of the ./grade program itself (kt-grade): commands, exit statuses, messages, the JSON field
# list, JUnit and Markdown files. Usage: cmake -DGRADE=kt-grade -DSOURCE=repo -DWORK=dir
# [-DSANITIZED=ON] -P cli_test.cmake
#
# Under the sanitizers (SANITIZED) only the parts where the program handles what a learner's code
# did run: usage errors, batch's processes (a crash, a hang, a compile error) and output of any
# bytes in every format. The rest checks messages and files that are the same in every build and
# runs in the warnings-as-errors build; the sanitized program's grading path is also exercised by
# the self-test's memory rows (docs/ci.md).
set(failures "")
# A function, not a macro: a macro would expand the regex's escapes a second time.
function(expect_run name expected_code pattern)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code)
  if(NOT code EQUAL ${expected_code})
    set(failures "${failures}\n${name}: exit ${code}, expected ${expected_code}\n${out}${err}" PARENT_SCOPE)
  elseif(NOT "${out}${err}" MATCHES "${pattern}")
    set(failures "${failures}\n${name}: output does not match '${pattern}':\n${out}${err}" PARENT_SCOPE)
  endif()
endfunction()
# A sentence as a regex that holds where the report wraps it (words apart by spaces or a newline
# and the indent).
function(words_pattern out sentence)
  string(REGEX REPLACE "([][().*+?^$|\\])" "\\\\\\1" escaped "${sentence}")
  string(REPLACE " " "[ \n]+" pattern "${escaped}")
  set(${out} "${pattern}" PARENT_SCOPE)
endfunction()
# A failing report of a test-bed file (seed 1; one check, or all when `check` is "") holds
# `sentence` (words_pattern), with the regexes `before` and `after` around it.
function(expect_sentence name kata check file before sentence after)
  words_pattern(words "${sentence}")
  set(only "")
  if(NOT check STREQUAL "")
    set(only --check ${check})
  endif()
  expect_run("${name}" 1 "${before}${words}${after}"
             ${GRADE} ${kata} --seed 1 ${only} --solution ${SOURCE}/solutions/${kata}/${file})
  set(failures "${failures}" PARENT_SCOPE)
endfunction()

file(MAKE_DIRECTORY ${WORK})
# What ./grade remembers (hints shown, last results) goes to a folder of this test's own, so
# running the self-test never changes a learner's state.
set(ENV{KT_STATE_DIR} ${WORK}/state)
file(WRITE ${WORK}/no.txt "n\n")
# The worked solution plus an unused variable: passes, and the warning is shown.
file(READ ${SOURCE}/solutions/mha/worked.cpp worked)
string(REPLACE "const int64_t B = x.size(0), T = x.size(1);" "const int64_t B = x.size(0), T = x.size(1);\n  int unused_thing = 0;" warns "${worked}")
file(WRITE ${WORK}/warns.cpp "${warns}")
# What the test expects is read from the katas themselves, never written here: the katas in their
# kata.toml order, mha's checks and points, its general hints.
file(GLOB kata_tomls ${SOURCE}/katas/*/kata.toml)
set(ordered "")
foreach(toml IN LISTS kata_tomls)
  file(STRINGS ${toml} order_line REGEX "^order *= *[0-9]+")
  string(REGEX MATCH "[0-9]+" order "${order_line}")
  string(LENGTH "${order}" digits)
  if(digits EQUAL 1)
    set(order "0${order}")
  endif()
  get_filename_component(kata_dir ${toml} DIRECTORY)
  get_filename_component(kata ${kata_dir} NAME)
  list(APPEND ordered "${order}:${kata}")
endforeach()
list(SORT ordered)
set(kata_names "")
foreach(entry IN LISTS ordered)
  string(REGEX REPLACE "^[0-9]+:" "" kata "${entry}")
  list(APPEND kata_names ${kata})
endforeach()
list(GET kata_names 0 first_kata)
list(JOIN kata_names " +[^\n]*\\[not started\\].*" listed_pattern)
list(JOIN kata_names " " listed_names)
file(STRINGS ${SOURCE}/katas/mha/kata.toml mha_check_lines REGEX "\\{ *id *= *\"[a-z_]+\", *points *= *[0-9]+ *\\}")
list(LENGTH mha_check_lines MHA_CHECKS)
set(MHA_POINTS 0)
foreach(line IN LISTS mha_check_lines)
  string(REGEX MATCH "points *= *([0-9]+)" _ "${line}")
  math(EXPR MHA_POINTS "${MHA_POINTS} + ${CMAKE_MATCH_1}")
endforeach()
file(GLOB mha_hints ${SOURCE}/hints/mha/[0-9].md)
list(LENGTH mha_hints MHA_HINTS)
expect_run("no arguments lists the katas" 0 "${listed_pattern} +[^\n]*\\[not started\\].*Next: ./grade ${first_kata}" ${GRADE})
expect_run("an unknown kata is a usage error" 2 "grade: unknown kata 'zzz'; the katas are: ${listed_names}" ${GRADE} zzz)
expect_run("a kata name one slip away is suggested" 2 "grade: unknown kata 'sofmax' \\(did you mean softmax\\?\\); the katas are: ${listed_names}" ${GRADE} sofmax)
expect_run("two neighbours swapped are one slip" 2 "grade: unknown kata 'rpoe' \\(did you mean rope\\?\\)" ${GRADE} rpoe)
expect_run("the one kata a name begins is suggested" 2 "grade: unknown kata 'flash' \\(did you mean flash_attention\\?\\)" ${GRADE} flash)
expect_run("an unknown option is a usage error" 2 "The following argument was not expected: --bogus" ${GRADE} mha --bogus)
expect_run("a missing solution file is a usage error" 2 "grade: no such file: /nonexistent.cpp" ${GRADE} mha --solution /nonexistent.cpp)
expect_run("a bad format is a usage error" 2 "--format" ${GRADE} mha --format yaml)
expect_run("hint shows a hint" 0 "--- hint [0-9] of ${MHA_HINTS} ---" ${GRADE} hint mha)
expect_run("hint --all shows every hint" 0 "hint 1 of ${MHA_HINTS}.*hint ${MHA_HINTS} of ${MHA_HINTS} ---" ${GRADE} hint mha --all)
expect_run("hint of an unknown kata" 2 "unknown kata" ${GRADE} hint nope)
if(NOT SANITIZED)
  expect_run("the stub is reported as not started" 1 "NOT STARTED.*not implemented" ${GRADE} mha --solution ${SOURCE}/solutions/mha/stub.cpp)
  expect_run("a passing solution exits 0" 0 "all ${MHA_CHECKS} checks passed  score ${MHA_POINTS}/${MHA_POINTS}"
             ${GRADE} mha --solution ${SOURCE}/solutions/mha/worked.cpp)
  expect_run("a failing solution names its pitfall, the case, the hint and the rerun command" 1
             "pitfall: neg_inf_nan.*smallest failing case:.*attn_mask = Bool.*hint: hints/mha/pitfalls/neg_inf_nan.md.*rerun exactly this: ./grade mha --seed 7 --solution"
             ${GRADE} mha --seed 7 --solution ${SOURCE}/solutions/mha/pitfalls/neg_inf_nan.cpp)
  expect_run("a compile error shows file:line first" 1 "did not build:\nsolutions/mha/hostile/does_not_compile.cpp:[0-9]+:[0-9]+: error"
             ${CMAKE_COMMAND} -E chdir ${SOURCE} ${GRADE} mha --solution solutions/mha/hostile/does_not_compile.cpp)
  expect_run("a forbidden call is named" 1 "forbidden call: declares_the_reference.cpp calls ref::mha_forward"
             ${GRADE} mha --solution ${SOURCE}/solutions/mha/hostile/declares_the_reference.cpp)
  expect_run("without the sandbox, a forbidden call through the reference's header is named too" 1
             "sandbox: off — turned off with --sandbox=off.*forbidden call: calls_reference.cpp calls ref::mha_forward"
             ${GRADE} mha --sandbox off --solution ${SOURCE}/solutions/mha/hostile/calls_reference.cpp)
  expect_run("where bubblewrap cannot run, the report says so once and grades" 0
             "sandbox: off — bubblewrap is not installed \\(apt-get install bubblewrap\\).*all ${MHA_CHECKS} checks passed"
             ${CMAKE_COMMAND} -E env KT_SANDBOX=auto KT_BWRAP=/nonexistent/bwrap
             ${GRADE} mha --solution ${SOURCE}/solutions/mha/worked.cpp)
  expect_run("--sandbox=require refuses to grade without it" 2
             "grade: the sandbox is required \\(--sandbox=require\\) but cannot run: bubblewrap is not installed"
             ${CMAKE_COMMAND} -E env KT_BWRAP=/nonexistent/bwrap
             ${GRADE} mha --sandbox require --solution ${SOURCE}/solutions/mha/worked.cpp)

  expect_run("a compiler warning is shown, never fatal" 0 "compiler warnings \\(not errors\\):.*unused.*all ${MHA_CHECKS} checks passed"
             ${GRADE} mha --solution ${WORK}/warns.cpp)

  # reset and watch, on a clone so the repository's own kata file is never touched.
  file(REMOVE_RECURSE ${WORK}/repo)
  execute_process(COMMAND git clone -q ${SOURCE} ${WORK}/repo RESULT_VARIABLE cloned)
  if(cloned EQUAL 0)
    expect_run("reset of an untouched kata changes nothing" 0 "already the shipped stub"
               ${CMAKE_COMMAND} -E env KT_SOURCE_DIR=${WORK}/repo ${GRADE} reset mha --yes)
    file(WRITE ${WORK}/repo/katas/mha/mha.cpp "// my attempt\n")
    expect_run("reset --yes restores the stub and keeps a backup" 0 "Restored katas/mha/mha.cpp \\(your version: katas/mha/mha.cpp.bak\\)"
               ${CMAKE_COMMAND} -E env KT_SOURCE_DIR=${WORK}/repo ${GRADE} reset mha --yes)
    file(READ ${WORK}/repo/katas/mha/mha.cpp restored)
    file(READ ${WORK}/repo/katas/mha/mha.cpp.bak backup)
    if(NOT restored MATCHES "not implemented yet" OR NOT backup STREQUAL "// my attempt\n")
      string(APPEND failures "\nreset did not restore the stub or keep the backup")
    endif()
    file(WRITE ${WORK}/repo/katas/mha/mha.cpp "// again\n")
    execute_process(COMMAND ${CMAKE_COMMAND} -E env KT_SOURCE_DIR=${WORK}/repo ${GRADE} reset mha
                    INPUT_FILE ${WORK}/no.txt OUTPUT_VARIABLE out RESULT_VARIABLE code)
    file(READ ${WORK}/repo/katas/mha/mha.cpp kept)
    if(NOT code EQUAL 1 OR NOT out MATCHES "Nothing changed" OR NOT kept STREQUAL "// again\n")
      string(APPEND failures "\nreset answered 'n' still changed the file (exit ${code}): ${out}")
    endif()
    execute_process(COMMAND ${CMAKE_COMMAND} -E env KT_SOURCE_DIR=${WORK}/repo ${GRADE} reset mha --yes
                    OUTPUT_QUIET)
    # After a pass the report names the next kata of the path not passed yet (its own state dir,
    # where nothing has passed before).
    file(COPY_FILE ${SOURCE}/solutions/sdpa/worked.cpp ${WORK}/repo/katas/sdpa/sdpa.cpp)
    expect_run("a pass names the next kata of the path" 0 "all ${MHA_CHECKS} checks passed.*Next kata: ./grade mha  \\(Multi-head attention from scratch\\)"
               ${CMAKE_COMMAND} -E env KT_SOURCE_DIR=${WORK}/repo KT_STATE_DIR=${WORK}/next-state ${GRADE} sdpa)
    execute_process(COMMAND git -C ${WORK}/repo checkout -q katas/sdpa/sdpa.cpp)
    # Progress: a failing attempt, then a pass, remembered in one file; the hint of the pitfall the
    # last run found comes first; the list and ./grade progress show the record.
    set(progress ${CMAKE_COMMAND} -E env KT_SOURCE_DIR=${WORK}/repo KT_STATE_DIR=${WORK}/progress-state ${GRADE})
    file(REMOVE_RECURSE ${WORK}/progress-state)
    file(COPY_FILE ${SOURCE}/solutions/mha/pitfalls/neg_inf_nan.cpp ${WORK}/repo/katas/mha/mha.cpp)
    expect_run("progress: a failing attempt is graded" 1 "pitfall: neg_inf_nan" ${progress} mha)
    expect_run("hint shows the hint of the pitfall the last run found first" 0
               "--- the hint for what your last run found: neg_inf_nan ---.*again for the general hints"
               ${progress} hint mha)
    expect_run("then the progressive hints" 0 "--- hint 1 of 3 ---" ${progress} hint mha)
    file(COPY_FILE ${SOURCE}/solutions/mha/worked.cpp ${WORK}/repo/katas/mha/mha.cpp)
    expect_run("progress: then a pass" 0 "all ${MHA_CHECKS} checks passed" ${progress} mha)
    expect_run("the list shows each kata's best score, attempts, time to first pass and pitfalls" 0
               "mha +Multi-head attention from scratch +\\[passed\\][^\n]*\n +best ${MHA_POINTS}/${MHA_POINTS}, 2 attempts, first pass after [0-9]+ s; pitfalls hit: neg_inf_nan\n"
               ${progress})
    expect_run("./grade progress shows the history" 0
               "mha: Multi-head attention from scratch - 2 attempts, best ${MHA_POINTS}/${MHA_POINTS}, first pass [0-9T:Z-]+ \\([0-9]+ s after the first grading\\)\n  [0-9T:Z-]+  fail +[0-9]+/${MHA_POINTS}  neg_inf_nan\n  [0-9T:Z-]+  pass +${MHA_POINTS}/${MHA_POINTS}\n"
               ${progress} progress)
    expect_run("./grade progress of a kata never graded says so" 0 "No grading of sdpa yet"
               ${progress} progress sdpa)
    # The default place, .kt-progress.json at the clone's root: ignored by git, kept by a pull.
    set(in_clone ${CMAKE_COMMAND} -E env --unset=KT_STATE_DIR KT_SOURCE_DIR=${WORK}/repo ${GRADE})
    execute_process(COMMAND ${in_clone} mha OUTPUT_QUIET ERROR_QUIET)
    execute_process(COMMAND git -C ${WORK}/repo checkout -q katas/mha/mha.cpp)
    execute_process(COMMAND git -C ${WORK}/repo status --porcelain OUTPUT_VARIABLE porcelain)
    execute_process(COMMAND git -C ${WORK}/repo pull -q OUTPUT_QUIET ERROR_QUIET RESULT_VARIABLE pulled)
    if(NOT EXISTS ${WORK}/repo/.kt-progress.json OR porcelain MATCHES "kt-progress" OR NOT pulled EQUAL 0)
      string(APPEND failures "\nthe progress file is not at the clone's root, not ignored, or lost by a pull: ${porcelain}")
    endif()
    # watch grades once at start, then polls until stopped: stop it as soon as it says it is
    # watching (a fixed wait fails on a busy machine, where the first grade takes longer; 180 s at
    # most).
    file(WRITE ${WORK}/watch.sh "rm -f '${WORK}/watch.out'
KT_SOURCE_DIR='${WORK}/repo' '${GRADE}' watch mha --check shape > '${WORK}/watch.out' 2>&1 &
pid=$!
i=0
while [ $i -lt 360 ] && ! grep -q 'watching for the next save' '${WORK}/watch.out'
do
  sleep 0.5
  i=$((i + 1))
done
kill $pid
cat '${WORK}/watch.out'
")
    expect_run("watch grades the kata and keeps watching" 0 "Watching katas/mha/mha.cpp.*NOT STARTED.*watching for the next save"
               sh ${WORK}/watch.sh)
    # Interview mode, scripted, for every kata: the stub, a wrong save (counts only, no pitfall
    # named), a right save (the end, the full report), the drill answered from a file. (Each wait
    # is up to 5 minutes: on a loaded machine a save's build and grading took over the 2 it was.)
    file(WRITE ${WORK}/answers.txt "the max makes every exponent at most 0\n\nsecond answer\n\n")
    file(WRITE ${WORK}/interview.sh "set -u
for k in ${listed_names}; do
  file=$(sed -n 's/^file *= *\"\\(.*\\)\".*/\\1/p' '${WORK}/repo/katas/'$k/kata.toml)
  out='${WORK}/interview-'$k.out
  # (An earlier run's transcript out of the way first: the background job truncates it only when it
  # starts, and a wait below could read the old one's lines.)
  rm -f $out
  KT_SOURCE_DIR='${WORK}/repo' KT_STATE_DIR='${WORK}/interview-state' '${GRADE}' interview $k --minutes 5 < '${WORK}/answers.txt' > $out 2>&1 &
  pid=$!
  wait_for() { i=0; while [ $i -lt 1500 ] && ! grep -q \"$1\" $out; do sleep 0.2; i=$((i + 1)); done; }
  wait_for 'The clock is running'
  cp \"$(ls '${SOURCE}/solutions/'$k/pitfalls/*.cpp | head -n 1)\" '${WORK}/repo/interview/'$k/$file
  wait_for ' left\\] '
  cp '${SOURCE}/solutions/'$k/worked.cpp '${WORK}/repo/interview/'$k/$file
  wait $pid
  echo \"== $k exit $?\"
  cat $out
done
")
    execute_process(COMMAND sh ${WORK}/interview.sh OUTPUT_VARIABLE transcript ERROR_VARIABLE err)
    foreach(k IN LISTS kata_names)
      string(REGEX MATCH "== ${k} exit [0-9]+\n[^\n]*\n" head "${transcript}")
      string(FIND "${transcript}" "== ${k} exit" at)
      string(SUBSTRING "${transcript}" ${at} -1 part)
      string(FIND "${part}" "Every check passes" end_at)
      if(end_at LESS 0)
        set(end_at 0)
      endif()
      string(SUBSTRING "${part}" 0 ${end_at} during)
      # The wrong save's line: fewer checks pass than there are.
      set(wrong_counted FALSE)
      if(during MATCHES "\\[[0-9]+:[0-9][0-9] left\\] ([0-9]+) of ([0-9]+) checks pass\n")
        if(CMAKE_MATCH_1 LESS CMAKE_MATCH_2)
          set(wrong_counted TRUE)
        endif()
      endif()
      if(NOT head MATCHES "exit 0" OR NOT wrong_counted
         OR during MATCHES "pitfall" OR NOT part MATCHES "Every check passes.*The full report.*Q1 of [0-9]+: [^\n]+\n> the max makes every exponent.*Model answer:.*It guards against: [a-z_]+")
        string(SUBSTRING "${part}" 0 3000 part)
        string(APPEND failures "\ninterview ${k}: the scripted session did not go as expected:\n${part}${err}")
      endif()
    endforeach()
    file(READ ${WORK}/repo/katas/mha/mha.cpp untouched)
    if(NOT untouched MATCHES "not implemented yet")
      string(APPEND failures "\nthe interview touched the kata file katas/mha/mha.cpp")
    endif()

    # The instructor's scaffolds, on the same clone: refusals first (nothing created), then the real
    # thing. (Building and self-testing what they create is .ci/run's authoring stage.)
    set(in_repo ${CMAKE_COMMAND} -E env KT_SOURCE_DIR=${WORK}/repo ${GRADE})
    expect_run("new-pitfall refuses an id that is no identifier" 2 "'Bad-Id' is not a valid name: use lowercase letters, digits and _"
               ${in_repo} new-pitfall mha Bad-Id)
    expect_run("new-pitfall refuses an existing pitfall" 2 "the kata mha already has the check pitfall_neg_inf_nan"
               ${in_repo} new-pitfall mha neg_inf_nan)
    expect_run("new-pitfall of an unknown kata" 2 "unknown kata 'nope'" ${in_repo} new-pitfall nope some_id)
    expect_run("new-pitfall scaffolds the detector, the known-bad solution, the hint and one line of metadata" 0
               "created grader/katas/mha/pitfalls/softmax_over_heads.cpp\n  created solutions/mha/pitfalls/softmax_over_heads.cpp\n  created hints/mha/pitfalls/softmax_over_heads.md\n  added to katas/mha/kata.toml: { id = \"pitfall_softmax_over_heads\", points = 1 },.*5\\. give the learner of grader/katas/mha/tests/doubles_test.cpp \\(or what it includes\\) the slip\\(\"softmax_over_heads\"\\)"
               ${in_repo} new-pitfall mha softmax_over_heads)
    file(READ ${WORK}/repo/solutions/mha/pitfalls/softmax_over_heads.cpp bad)
    file(READ ${WORK}/repo/grader/katas/mha/pitfalls/softmax_over_heads.cpp detector)
    if(NOT bad MATCHES "^// expect-pitfalls: softmax_over_heads\n" OR NOT detector MATCHES "\"pitfall_softmax_over_heads\""
       OR detector MATCHES "@ID@")
      string(APPEND failures "\nnew-pitfall's files are not as expected:\n${bad}\n${detector}")
    endif()
    # One line of kata.toml, and the Classroom workflow generated again from it.
    execute_process(COMMAND git -C ${WORK}/repo diff --stat -- . ":!docs/classroom" OUTPUT_VARIABLE changed)
    execute_process(COMMAND ${in_repo} classroom OUTPUT_VARIABLE classroom_now)
    file(READ ${WORK}/repo/docs/classroom/classroom.yml classroom_written)
    if(NOT classroom_written STREQUAL classroom_now OR NOT classroom_now MATCHES "pitfall_softmax_over_heads")
      string(APPEND failures "\nnew-pitfall did not regenerate docs/classroom/classroom.yml")
    endif()
    if(NOT changed MATCHES "katas/mha/kata.toml *\\| *1 \\+\n 1 file changed")
      string(APPEND failures "\nnew-pitfall changed more than one line of tracked files:\n${changed}")
    endif()
    expect_run("new-pitfall twice creates nothing" 2 "the kata mha already has the check pitfall_softmax_over_heads"
               ${in_repo} new-pitfall mha softmax_over_heads)
    expect_run("new-kata refuses a keyword" 2 "'class' is reserved" ${in_repo} new-kata class)
    expect_run("new-kata refuses an existing kata" 2 "a kata named mha already exists; nothing was created"
               ${in_repo} new-kata mha)
    expect_run("new-kata scaffolds every folder of a kata" 0
               "created grader/katas/demo/checks.cpp.*created katas/demo/demo.cpp.*created katas/demo/kata.toml.*created reference/demo/demo.cpp.*created solutions/demo/stub.cpp.*created solutions/demo/worked.cpp"
               ${in_repo} new-kata demo)
    expect_run("the new kata is listed last in the learning path" 0 "mha +Multi-head.*demo +demo +\\[not started\\]"
               ${in_repo})
  else()
    string(APPEND failures "\ncould not git clone ${SOURCE} for the reset test")
  endif()
endif()

# batch: a gradebook row per submission, whatever happens to it.
file(REMOVE_RECURSE ${WORK}/class ${WORK}/gradebook ${WORK}/gradebook-hang)
file(MAKE_DIRECTORY ${WORK}/class/alice ${WORK}/class/bob ${WORK}/class/carol ${WORK}/class/dave)
file(COPY ${SOURCE}/solutions/mha/worked.cpp DESTINATION ${WORK}/class/alice)
file(COPY ${SOURCE}/solutions/mha/pitfalls/neg_inf_nan.cpp DESTINATION ${WORK}/class/bob)
file(COPY ${SOURCE}/solutions/mha/hostile/does_not_compile.cpp DESTINATION ${WORK}/class/carol)
file(COPY ${SOURCE}/solutions/mha/hostile/segfault.cpp DESTINATION ${WORK}/class/dave)
expect_run("batch grades a class into a gradebook" 0 "graded 4 submission\\(s\\)"
           ${GRADE} batch mha ${WORK}/class --out ${WORK}/gradebook --jobs 2)
file(READ ${WORK}/gradebook/gradebook.csv book)
# A hang, with a short limit (the kata's 10 s per check would make this test slow). Not under the
# sanitizers, where the limit is 10x and every check of the row burns it: the timeout's code path
# is the same in every build, and its unit test (run_check_test.cpp) runs under them.
if(NOT SANITIZED)
  file(COPY ${SOURCE}/solutions/mha/hostile/infinite_loop.cpp DESTINATION ${WORK}/class/erin)
  expect_run("batch --time-limit-s: a hanging submission is a row too" 0 "graded 1 submission\\(s\\)"
             ${GRADE} batch mha ${WORK}/class/erin --out ${WORK}/gradebook-hang --time-limit-s 1)
  file(READ ${WORK}/gradebook-hang/gradebook.csv hang)
  string(APPEND book "${hang}")
  if(NOT book MATCHES "erin/infinite_loop.cpp\",error,0,${MHA_POINTS},\"\",\"shape: timed out: used more than [0-9]+ s of CPU time")
    string(APPEND failures "\nthe gradebook has no timed-out row:\n${book}")
  endif()
endif()
if(NOT book MATCHES "submission,status,score,max_score,pitfalls,reason,diagnoses\n"
   OR NOT book MATCHES "alice/worked.cpp\",pass,${MHA_POINTS},${MHA_POINTS},\"\",\"\",\"\"\n"
   OR NOT book MATCHES "bob/neg_inf_nan.cpp\",fail,[0-9]+,${MHA_POINTS},\"neg_inf_nan\",\"[^\n]*\",\"neg_inf_nan\"\n"
   OR NOT book MATCHES "carol/does_not_compile.cpp\",error,0,${MHA_POINTS},\"\",\"[^\n]*did not build"
   OR NOT book MATCHES "dave/segfault.cpp\",error,0,${MHA_POINTS},\"\",\"shape: [^\n]*(SIGSEGV|status 1)")
  string(APPEND failures "\nthe gradebook is not as expected:\n${book}")
endif()
# What the class gets wrong: bob's pitfall counted once (its diagnosis is the same mistake).
file(READ ${WORK}/gradebook/mistakes.csv mistakes)
file(READ ${WORK}/gradebook/summary.md class_summary)
file(READ ${WORK}/gradebook/mistakes.svg chart)
if(NOT mistakes STREQUAL "kata,kind,id,submissions,of\nmha,pitfall,neg_inf_nan,1,4\n"
   OR NOT class_summary MATCHES "- pass: 1 of 4 \\(25%\\)\n- fail: 1 of 4 \\(25%\\)\n- error: 2 of 4 \\(50%\\)"
   OR NOT class_summary MATCHES "\\| `neg_inf_nan` \\| pitfall \\| 1 of 4 \\(25%\\) \\|"
   OR NOT chart MATCHES "^<svg .*<rect [^\n]*<title>pitfall neg_inf_nan: 1 of 4 \\(25%\\)</title>.*</svg>\n$")
  string(APPEND failures "\nwhat the class gets wrong is not as expected:\n${mistakes}\n${class_summary}\n${chart}")
endif()
expect_run("batch of a missing folder is a usage error" 2 "no such file or folder" ${GRADE} batch mha ${WORK}/nobody)

# Output no format can take as it is (invalid UTF-8, NUL, a character across the 2000-byte cut):
# every report is still valid, checked by a strict parser, and the correct solution still passes.
execute_process(COMMAND ${GRADE} mha --solution ${SOURCE}/solutions/mha/hostile/prints_invalid_utf8.cpp
                        --format json --junit ${WORK}/bytes-junit.xml --markdown ${WORK}/bytes.md
                OUTPUT_FILE ${WORK}/bytes.json RESULT_VARIABLE code)
execute_process(COMMAND ${GRADE} mha --solution ${SOURCE}/solutions/mha/hostile/prints_invalid_utf8.cpp
                        --check shape OUTPUT_FILE ${WORK}/bytes.txt RESULT_VARIABLE text_code)
execute_process(COMMAND python3 -c [=[
import json, sys, xml.dom.minidom
work = sys.argv[1]
report = json.load(open(work + "/bytes.json", encoding="utf-8"))
assert report["status"] == "pass", report["status"]
for t in report["tests"]:
    assert t["output"] is None or len(t["output"]) <= 500, len(t["output"])
    assert "�" in t["output"] and "┌─ debug ─┐" in t["output"], t["output"][:80]
xml.dom.minidom.parse(work + "/bytes-junit.xml")
open(work + "/bytes.md", encoding="utf-8").read()
open(work + "/bytes.txt", encoding="utf-8").read()
]=] ${WORK} RESULT_VARIABLE parsed OUTPUT_VARIABLE parse_out ERROR_VARIABLE parse_err)
if(NOT code EQUAL 0 OR NOT text_code EQUAL 0 OR NOT parsed EQUAL 0)
  string(APPEND failures "\ninvalid bytes in the output broke a report (exit ${code}/${text_code}): ${parse_out}${parse_err}")
endif()

if(NOT SANITIZED)
  # JSON: Exercism v3 fields plus the project's, JUnit and Markdown written alongside.
  execute_process(COMMAND ${GRADE} mha --solution ${SOURCE}/solutions/mha/pitfalls/scale_by_d_model.cpp
                          --format json --junit ${WORK}/junit.xml --markdown ${WORK}/summary.md
                  OUTPUT_VARIABLE json RESULT_VARIABLE code)
  if(NOT code EQUAL 1)
    string(APPEND failures "\njson run: exit ${code}, expected 1")
  endif()
  foreach(key version status message kata started score max_score seed solution pitfalls diagnoses tests)
    string(JSON type ERROR_VARIABLE e TYPE "${json}" ${key})
    if(e)
      string(APPEND failures "\nJSON lacks top-level '${key}'")
    endif()
  endforeach()
  string(JSON version GET "${json}" version)
  string(JSON pitfall0 GET "${json}" pitfalls 0)
  if(NOT version EQUAL 3 OR NOT pitfall0 STREQUAL "scale_by_d_model")
    string(APPEND failures "\nJSON version ${version}, pitfalls[0] ${pitfall0}")
  endif()
  string(JSON ntests LENGTH "${json}" tests)
  math(EXPR last "${ntests} - 1")
  foreach(i RANGE ${last})
    foreach(key name status message output test_code task_id title pitfall diagnosis diagnosis_message journey not_implemented timed_out counterexample difference score max_score duration_ms cpu_ms)
      string(JSON type ERROR_VARIABLE e TYPE "${json}" tests ${i} ${key})
      if(e)
        string(APPEND failures "\nJSON test ${i} lacks '${key}'")
      endif()
    endforeach()
  endforeach()
  file(READ ${WORK}/junit.xml junit)
  if(NOT junit MATCHES "<testsuite name=\"mha\" tests=\"${MHA_CHECKS}\" failures=\"[1-9]\"" OR NOT junit MATCHES "message=\"pitfall scale_by_d_model\"")
    string(APPEND failures "\nJUnit XML is not as expected:\n${junit}")
  endif()
  file(READ ${WORK}/summary.md md)
  if(NOT md MATCHES "\\| mha \\| ❌ fail \\| [0-9]+/${MHA_POINTS} \\| `scale_by_d_model` \\| `scale_by_d_model` \\|")
    string(APPEND failures "\nMarkdown summary is not as expected:\n${md}")
  endif()

  # A mistake no pitfall names, diagnosed by the catalogue: in the text, JSON, JUnit and Markdown.
  expect_run("an unnamed mistake gets the catalogue's diagnosis" 1
             "FAIL  matches_reference.*diagnosis scale_missing:.*Your output equals attention with the scores not scaled,.*Divide q kᵀ[ \n]+by sqrt\\(d_head\\)"
             ${GRADE} mha --solution ${SOURCE}/solutions/mha/wrong/no_scale.cpp)
  execute_process(COMMAND ${GRADE} mha --solution ${SOURCE}/solutions/mha/wrong/no_scale.cpp
                          --format json --junit ${WORK}/junit-diagnosis.xml --markdown ${WORK}/diagnosis.md
                  OUTPUT_VARIABLE json RESULT_VARIABLE code)
  string(JSON diagnosis0 GET "${json}" diagnoses 0)
  string(JSON pitfalls_n LENGTH "${json}" pitfalls)
  string(JSON test1_diagnosis GET "${json}" tests 1 diagnosis)  # matches_reference
  if(NOT code EQUAL 1 OR NOT diagnosis0 STREQUAL "scale_missing" OR NOT pitfalls_n EQUAL 0
     OR NOT test1_diagnosis STREQUAL "scale_missing")
    string(APPEND failures "\ndiagnosis in JSON: exit ${code}, diagnoses[0] ${diagnosis0}, ${pitfalls_n} pitfalls, tests[1].diagnosis ${test1_diagnosis}")
  endif()
  file(READ ${WORK}/junit-diagnosis.xml junit)
  if(NOT junit MATCHES "message=\"diagnosis scale_missing\">[^<]*diagnosis: Your output equals attention with the scores not scaled")
    string(APPEND failures "\nJUnit XML lacks the diagnosis:\n${junit}")
  endif()
  file(READ ${WORK}/diagnosis.md md)
  if(NOT md MATCHES "\\| mha \\| ❌ fail \\| [0-9]+/${MHA_POINTS} \\| — \\| `scale_missing` \\|")
    string(APPEND failures "\nMarkdown summary lacks the diagnosis:\n${md}")
  endif()
  # No catalogued mistake fits: where the computation first goes wrong, and what was done instead.
  expect_run("an unknown mistake gets the first step that diverges" 1
             "where it diverges:.*On the case B = 2, T = 3, num_heads = 2, d_head = 3.*expected step +shape +your op that computed it.*11\\. weights @ v +\\[2, 2, 3, 3\\] +#[0-9]+ matmul of #[0-9]+[^>]* -> \\[2, 2, 3, 3\\], other values  <- first divergence.*has[ \n]+the[ \n]+shape[ \n]+of[ \n]+step[ \n]+11[ \n]+\\(weights[ \n]+@[ \n]+v\\)[ \n]+but[ \n]+computes[ \n]+it[ \n]+differently.*mean\\(-2,[ \n]+keepdim\\)"
             ${GRADE} mha --solution ${SOURCE}/solutions/mha/wrong/values_centred.cpp)
  # Sentences readers asked for (docs/feedback.md, rounds 52 and 53), each on the file that asked.
  expect_sentence("cross_entropy says when each row alone is right and the rows together are not"
                  cross_entropy large_logits wrong/shift_by_global_max.cpp "FAIL  large_logits.*"
                  "Each row alone, as a batch of one, gives its right loss; together they do not: what your code takes out of a row depends on the other rows (a maximum over the whole tensor, or over dim 0, where each row's own is wanted: kt::amax(logits, 1, true))." "")
  expect_sentence("adamw's param rebound says both values in its sentence and no expected or got rows"
                  adamw "" wrong/param_reassigned.cpp "FAIL  in_place\n +"
                  "param was not updated in place: a tensor that shared param's storage before the call still holds [-0.0141068] after it, while your param holds [-0.0040927]. A model's layers hold their weights through such tensors, so they never see a rebound param (param = ...). Write the new values into its storage: param.copy_(new_values)."
                  "\n +smallest failing case:\n[^F]*param = tensor\\(-0.0141, dtype=float64, shape=\\[\\]\\)\n[^F]*grad of call 1 = [^\n]*\n +PASS")
  expect_sentence("speculative_decoding's example message is the case's own sizes"
                  speculative_decoding bad_arguments_throw wrong/target_width_unchecked.cpp "FAIL  bad_arguments_throw\n +"
                  "target_probs of shape [3, 2] with draft_probs [2, 3] (V must match) is outside the API, so the call must throw kt::ValueError saying which argument and why; it returned. Check the shapes first: here, throw kt::ValueError(\"target_probs must be (K + 1, V) = (3, 3), got (3, 2)\")." "")
  expect_sentence("beam_search shows a bos the search chose as its id, in every place"
                  beam_search beams wrong/stops_only_at_exact_count.cpp
                  "FAIL  beams\n +the statement stops after step 2, where 3 have finished \\(at least beam_width = 2\\), but your code[ \n]+"
                  "went on to step 3, extending [1 (bos), 2], [1 (bos), 1 (bos)]." "")
  expect_sentence("a reduction over another axis than the step's is said to be one"
                  softmax matches_reference wrong/negative_dim_as_last_axis.cpp
                  "1\\. max along dim -2 \\(keepdim\\) +\\[2, 1, 4\\] +none  <- first divergence.*"
                  "Your #1 amax(2, keepdim) reduces axis 2 of its [2, 3, 4] input, where step 1 reduces axis 1 (-2 from the end): if it is meant as that step, its axis is the mistake." "")
  expect_sentence("a permutation undone by another says the one that puts the step back"
                  softmax shape wrong/movedim_permutation_not_inverted.cpp ""
                  "Your #6 holds step 5 with its dims in the order (1, 2, 0): permute(2, 0, 1) of it gives the step in its own order; your code runs #7 permute(1, 2, 0) of #6 (step 5) -> [4, 2, 3], #8 contiguous of #7 -> [4, 2, 3] on it instead." "")
  expect_sentence("adamw says a param left as it came, and a mistake of Float32 alone"
                  adamw matches_reference wrong/float32_written_to_a_copy.cpp "FAIL  matches_reference\n[^\n]*[ \n]+[^F]*"
                  "Your param after the call holds exactly the values it had before: no update reached it. The same case with every tensor in Float64 gives the right param: your code loses or changes the update only for a Float32 param (a .to() to another dtype is a copy: what is written into it never reaches param)." "")
  expect_sentence("flash_attention names a hidden key that scores above every key its row sees"
                  flash_attention large_scores wrong/diagonal_max_before_mask.cpp ""
                  "In row 1 of the output (query 1), a key it must not see, key 2, scores 1162.24 (q kᵀ / √d), more than 745 above every key it sees (the largest 1.13086): a maximum taken before the causal mask, over the block's keys, makes every exp it keeps underflow to 0. Mask first (-inf), then take the maximum." "")
  expect_sentence("a one_hot whose width follows the values is named where the op that threw was made from it"
                  moe_router shapes wrong/one_hot_default_classes.cpp "where it threw:.*"
                  "Your #18 one_hot(-1) is one of the ops that made what it was given: with num_classes = -1 it makes as many columns as the largest index it is given + 1, here 5, which follows the values, not the number of classes. Pass the number of classes: kt::one_hot(index, num_classes)." "")
  expect_sentence("a one_hot whose width follows the values is named where an op broadcast it"
                  cross_entropy matches_reference wrong/one_hot_classes_from_batch.cpp "FAIL  matches_reference\n.*"
                  "Your #7 one_hot(-1) made 1 column (with num_classes = -1, the largest index it is given + 1: a width that follows the values, not the number of classes), and your #9 mul broadcast it against [1, 2]: pass the number of classes, kt::one_hot(index, num_classes)." "")
  expect_sentence("speculative_decoding says which numbers a call that took fewer skipped"
                  speculative_decoding all_accepted wrong/no_draw_when_certain.cpp ""
                  "Every call of yours took K = 1 fewer, one per draft token: as code that accepts without drawing u where the ratio is 1 or more (acceptance is certain there) would." "")
  expect_run("a ratio over two values is shown when both are scaled alike" 1
             "got      cache\\.k\\[0, 0, 0, :\\] = \\[0\\.123484, -0\\.314538\\]\n +largest \\|got - expected\\| = 0\\.13; got = 0\\.707107 x expected \\(1 / sqrt\\(2\\)\\), everywhere"
             ${GRADE} kv_cache --seed 1 --check cache_holds_the_sequence --solution ${SOURCE}/solutions/kv_cache/wrong/cached_keys_prescaled.cpp)
  expect_run("a table built in a std::vector meets its step, and the divergence is the step after it" 1
             "1\\. inv_freq = base\\^\\(-2i/d\\) +\\[4\\] +#2 from_vector -> \\[1, 4\\] \\(the same values, laid out another way\\)\n +2\\. positions = start_pos \\+ arange\\(T\\) +\\[3\\] +none  <- first divergence"
             ${GRADE} rope --seed 1 --check matches_reference --solution ${SOURCE}/solutions/rope/wrong/positions_over_flattened_rows.cpp)
  # A call that threw: the learner's op that threw, and what it was given (across the process).
  expect_run("a thrown error names the learner's op that threw and what it was given" 1
             "kt::Error: view: shape '\\[2, 1, 1\\]'.*where it threw:.*On the journey's case above your code throws too, at your view\\(2, 3, 3\\)[ \n]+\\(#[0-9]+[ \n]+above;[ \n]+#N[ \n]+is[ \n]+the[ \n]+Nth[ \n]+op,[ \n]+as[ \n]+there\\)\\.[ \n]+It[ \n]+was[ \n]+given:\n +- a \\[2, 2, 3, 3\\] bool tensor: mask, as the call gave it\n"
             ${GRADE} mha_function --solution ${SOURCE}/solutions/mha_function/wrong/mask_not_unsqueezed.cpp)
  # A call that threw: its journey up to the throw, on a case with some size to it.
  expect_run("a thrown error gets the journey up to the throw, with the missed step's shape" 1
             "where it diverges:.*On the case B = [0-9]+, T = [0-9]+, num_heads = 4, num_kv_heads = 2.*7\\. k heads repeated per group +\\[[0-9, ]+\\] +none  <- first divergence.*Step 7 \\(k heads repeated per group, \\[[0-9, ]+\\]\\) is the first step no op of yours[ \n]+produces[ \n]+before[ \n]+your[ \n]+code[ \n]+throws.*where it threw:"
             ${GRADE} gqa --solution ${SOURCE}/solutions/gqa/wrong/kv_repeated_along_time.cpp)
  # In a module kata: the op's inputs as the expressions that made them, the weights named.
  expect_run("a thrown error in a module shows what each input of the op was made from" 1
             "where it threw:.*your code throws too, at your matmul.*\n +- a \\[2, 1, 2, 5\\] float64 tensor: softmax\\(.*\n +- a \\[2, 1, 2, 2\\] float64 tensor: transpose\\(view\\(linear\\(x, v_proj\\.weight\\), 2, 2, 1, 2\\), 1, 2\\)\n"
             ${GRADE} kv_cache --solution ${SOURCE}/solutions/kv_cache/wrong/values_not_cached.cpp)
  execute_process(COMMAND ${GRADE} mha_function --format json
                          --solution ${SOURCE}/solutions/mha_function/wrong/mask_not_unsqueezed.cpp
                  OUTPUT_VARIABLE json RESULT_VARIABLE code)
  string(JSON where0 GET "${json}" tests 0 where_threw)
  if(NOT where0 MATCHES "^On the journey's case above your code throws too, at your view\\(2, 3, 3\\)")
    string(APPEND failures "\nJSON tests[0].where_threw is not the thrown op: ${where0}")
  endif()
  expect_run("two catalogued mistakes at once are named as a double" 1
             "diagnosis, two mistakes: out_proj_missing and scale_missing:.*Your output equals two mistakes at once.*To fix the[ \n]+first: .*To fix the[ \n]+second: "
             ${GRADE} mha --solution ${SOURCE}/solutions/mha/wrong/no_scale_no_output_projection.cpp)
  expect_run("sdpa shows its first diverging step too" 1
             "where it diverges:.*On the case T_q = .*5\\. out = weights @ v +\\[[0-9, ]+\\] +#[0-9]+ matmul of #[0-9]+[^>]* -> \\[[0-9, ]+\\], other values  <- first divergence.*Your op #[0-9]+ matmul of #[0-9]+[^>]* -> \\[[0-9, ]+\\][ \n]+has[ \n]+the[ \n]+shape[ \n]+of[ \n]+step[ \n]+5[ \n]+\\(out[ \n]+=[ \n]+weights[ \n]+@[ \n]+v\\)[ \n]+but[ \n]+computes[ \n]+it[ \n]+differently:[ \n]+at \\[[0-9, ]+\\] it gives"
             ${GRADE} sdpa --solution ${SOURCE}/solutions/sdpa/wrong/values_centred.cpp)
  # The attention map: the learner's weights beside the expected ones, in the text (shown by the
  # pitfall, borrowed from its group), as an SVG with --maps, folded into the Markdown summary.
  expect_run("the attention map shows the weights masked after the softmax" 1
             "pitfall_mask_after_softmax.*attention weights on the smallest failing case[^\n]*:\n +expected +yours\n.*q0 [^\n]*<- differs"
             ${GRADE} mha --solution ${SOURCE}/solutions/mha/pitfalls/mask_after_softmax.cpp)
  file(REMOVE_RECURSE ${WORK}/maps)
  execute_process(COMMAND ${GRADE} mha --solution ${SOURCE}/solutions/mha/pitfalls/mask_after_softmax.cpp
                          --markdown ${WORK}/maps.md --maps ${WORK}/maps
                  OUTPUT_QUIET RESULT_VARIABLE code)
  file(GLOB svgs ${WORK}/maps/*.svg)
  file(READ ${WORK}/maps.md md)
  if(NOT code EQUAL 1 OR NOT svgs OR NOT EXISTS ${WORK}/maps/mha.matches_reference.svg
     OR NOT md MATCHES "<details><summary>mha, pitfall_mask_after_softmax: the attention weights.*As an image: \\[maps/mha\\.pitfall_mask_after_softmax\\.svg\\]")
    string(APPEND failures "\n--maps: exit ${code}, SVGs ${svgs}, Markdown:\n${md}")
  endif()
endif()

# The learner's compile uses the precompiled kt/tensor.hpp (GCC's -H marks a header it took from a
# precompiled one with "!"; a stale or mismatched one is parsed again in silence, only slower).
get_filename_component(grader_dir ${GRADE} DIRECTORY)
file(READ ${grader_dir}/mha.build.json desc)
string(JSON compiler GET "${desc}" compiler)
string(JSON n LENGTH "${desc}" compile)
math(EXPR last "${n} - 1")
set(flags "")
foreach(i RANGE ${last})
  string(JSON f GET "${desc}" compile ${i})
  list(APPEND flags "${f}")
endforeach()
execute_process(COMMAND ${compiler} ${flags} -H -fsyntax-only ${SOURCE}/solutions/mha/worked.cpp
                ERROR_VARIABLE includes RESULT_VARIABLE code)
# clang (given -include-pch: it refuses a mismatched one with an error) lists with -H only the
# headers it parses: kt's must not be among them.
list(FIND flags "-include-pch" pch_at)
if(pch_at GREATER -1)
  if(NOT code EQUAL 0 OR includes MATCHES "kt/tensor\\.hpp")
    string(SUBSTRING "${includes}" 0 600 includes)
    set(failures "${failures}\nthe learner's clang compile parses kt/tensor.hpp again:\n${includes}")
  endif()
elseif(NOT code EQUAL 0 OR NOT includes MATCHES "^! [^\n]*kt_pch\\.hpp\\.gch")
  string(SUBSTRING "${includes}" 0 600 includes)
  set(failures "${failures}\nthe learner's compile does not use the precompiled kt/tensor.hpp:\n${includes}")
endif()

# clang's precompiled header compiles kt's inline code once into kt_pch.o, which every learner's
# program links: a learner's call into that code is an undefined symbol of its object, named but
# without its body. So that code itself must call nothing a kata forbids, or a forbidden call could
# hide behind an inline function (Note [the learner's compiler] in docs/performance.md).
string(JSON n_link LENGTH "${desc}" link)
math(EXPR last_link "${n_link} - 1")
foreach(i RANGE ${last_link})
  string(JSON f GET "${desc}" link ${i})
  if(f MATCHES "kt_pch\\.o$")
    execute_process(COMMAND nm -C --undefined-only ${f} OUTPUT_VARIABLE pch_calls RESULT_VARIABLE code)
    if(NOT code EQUAL 0 OR pch_calls STREQUAL "")
      set(failures "${failures}\nnm could not read the precompiled header's object ${f}")
    endif()
    file(GLOB tomls ${SOURCE}/katas/*/kata.toml)
    foreach(toml IN LISTS tomls)
      file(STRINGS ${toml} forbidden_line REGEX "^forbidden *=")
      string(REGEX MATCHALL "\"[^\"]+\"" words "${forbidden_line}")
      foreach(w IN LISTS words)
        string(REPLACE "\"" "" w "${w}")
        string(FIND "${pch_calls}" "${w}" at)
        if(at GREATER -1)
          set(failures "${failures}\nkt_pch.o (kt's inline code, linked into every learner's program) calls '${w}', which ${toml} forbids")
        endif()
      endforeach()
    endforeach()
  endif()
endforeach()

if(failures)
  message(FATAL_ERROR "${failures}")
endif()
