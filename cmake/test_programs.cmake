# How the project's test programs are compiled (kt_tests, reference_tests, grader_cli_tests,
# grader_kata_tests): kt_test_program(TARGET [kt] [rapidcheck]), naming what the program links.
#
# kt_test_program(TARGET ... PCH_FROM OTHER) reuses OTHER's precompiled header instead of compiling one
# (same headers, same flags): a kata's doubles test is one small file, and its own copy of the
# header took 10 s to compile, eleven times in each of the gate's builds.
#
# Note [the test programs' build]
# A test program's own files are Catch2 and RapidCheck templates around calls into the code under
# test, which is built apart at its own level (kt, the references, the grader): how fast the test
# code itself runs hardly matters, how fast it compiles does, in every build the gate makes
# (docs/ci.md). So outside the sanitizer build (already -O1, Note [the sanitizer build's
# optimisation levels]) it is compiled at -O1 instead of the release build's -O3: tensor's
# math_test.cpp compiles in 7.9 s instead of 11.7 s (one file alone, 2026-12-02). Catch2, RapidCheck
# and kt/tensor.hpp are precompiled once per program.
function(kt_test_program target)
  cmake_parse_arguments(arg "" "PCH_FROM" "" ${ARGN})
  if(NOT KT_SANITIZE)
    target_compile_options(${target} PRIVATE -O1)
  endif()
  if(arg_PCH_FROM)
    target_precompile_headers(${target} REUSE_FROM ${arg_PCH_FROM})
    return()
  endif()
  set(headers <vector> <string> <cmath> <catch2/catch.hpp>)
  if("kt" IN_LIST ARGN)
    list(APPEND headers "${PROJECT_SOURCE_DIR}/tensor/include/kt/tensor.hpp")
  endif()
  if("rapidcheck" IN_LIST ARGN)
    list(APPEND headers <rapidcheck.h> <rapidcheck/catch.h>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
