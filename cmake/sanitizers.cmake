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
add_library(kt_hot INTERFACE)
if(KT_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
  # The sanitizers' instrumentation makes GCC 12 report libstdc++'s own <regex> and <functional>
  # as maybe-uninitialized (false positives, documented by GCC); the Release build keeps the check.
  add_compile_options(-Wno-maybe-uninitialized)
  target_compile_options(kt_hot INTERFACE -O2)
endif()
