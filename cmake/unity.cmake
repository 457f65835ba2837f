# kt_unity(TARGET): in the sanitizer build (KT_UNITY_ALL, preset asan), compile the target's files
# a few at a time as one file each.
#
# Note [the sanitizer build's files compiled together]
# The files of the grader's CLI, libraries and test programs each include the same heavy headers
# (nlohmann/json, fmt, CLI11, toml++, Catch2, RapidCheck, kt) and instantiate the same templates,
# which the sanitizers then instrument again in every file: the CLI's 25 files took 237 s of
# compile under the sanitizers one at a time, 79 s as one file (2026-12-06, docs/ci.md). Eight
# at a time keeps both cores busy. Only in the sanitizer build: the warnings-as-errors build (ci)
# still compiles every file alone, so a file that compiles only after another's includes still
# fails the gate, as it would fail the learner's default build. So names at a file's top level,
# in an unnamed namespace too, must differ across a target's files.
option(KT_UNITY_ALL "Compile the libraries' and test programs' files eight at a time (the sanitizer build: docs/ci.md)" OFF)
function(kt_unity target)
  if(KT_UNITY_ALL)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
