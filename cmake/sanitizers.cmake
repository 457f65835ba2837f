# The sanitizer build (preset asan, KT_SANITIZE=ON): AddressSanitizer + UndefinedBehaviorSanitizer
# on every file of the project.
#
# Note [the sanitizer build's optimisation levels]
# The asan preset compiles at -O1 with line tables only (-g1: enough for the sanitizers' stack
# traces to name file:line), and the code that decides how long a check takes at -O2 (kt_hot:
# the runtime, the references, the grader library and each kata's checks). Measured on one core
# (one file each, 2026-11-30): Catch2's main 99 s at -O2 -g, 44 s at -O1 -g1; a CLI unit test
# 45 s / 25 s; libkt's matmul.cpp 167 s / 74 s at -O2 -g1. -O1 for the runtime is not an option:
# it made the checks 20x slower than the release build (Eigen's packet code is not inlined), which
# the self-test's time-limit margin caught (docs/ci.md).
#
# Note [the sanitizer build's compiler]
# The asan preset compiles with clang (14, the learner's compiler, already installed by ./grade),
# the ci preset with GCC (12, the compiler of ./grade's own build): the gate compiles the project
# with both compilers' warnings as errors, and clang builds the sanitized code in half GCC's time.
# Measured 2026-12-07, one file at a time on an idle machine, this preset's flags: libkt's
# matmul.cpp 63 s with GCC, 31 s with clang; the runner's main 35 s / 22 s. The whole build, two
# cores, nothing else running: 471 s with clang (`ninja -C build/asan` after `ninja -t clean`),
# where the last fresh clone's GCC build took about 860 s (docs/ci.md). Clang-only code rules it brought: a lambda cannot capture a structured binding (capture a copy:
# `[&key = name]`), and a namespace-scope name shadows a local one in a kata's checks compiled as
# one file (each check's Registrar is named registered_ID).
add_library(kt_hot INTERFACE)
if(KT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
  # The code's own test for this build (`#if defined(KT_SANITIZED)`): GCC defines
  # __SANITIZE_ADDRESS__ under -fsanitize=address, clang 14 does not (it has
  # __has_feature(address_sanitizer)), and this build is clang's (Note [the sanitizer build's
  # compiler]).
  add_compile_definitions(KT_SANITIZED)
  # The sanitizers' instrumentation makes GCC 12 report libstdc++'s own <regex> and <functional>
  # as maybe-uninitialized (false positives, documented by GCC); the Release build keeps the check.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options(-Wno-maybe-uninitialized)
  endif()
  target_compile_options(kt_hot INTERFACE -O2)
endif()
