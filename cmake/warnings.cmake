# kt_warnings: the warning set for the project's own code (not for learners' kata files, whose
# warnings are shown but never fatal).
add_library(kt_warnings INTERFACE)
target_compile_options(kt_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Woverloaded-virtual
  -Wmissing-declarations -Wimplicit-fallthrough)
if(KT_WERROR)
  target_compile_options(kt_warnings INTERFACE -Werror)
endif()

# Note [GCC 12 and Eigen's AVX-512 code]
# With -march=native on an AVX-512 machine, GCC 12 reports its own intrinsics headers as using
# uninitialised values once Eigen's packet math is inlined (a GCC false positive, not a bug here).
# KT_EIGEN_NO_UNINIT silences exactly those two warnings; it is applied only to code that includes
# Eigen (whole targets via kt_eigen, or single files of libkt).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  set(KT_EIGEN_NO_UNINIT -Wno-uninitialized -Wno-maybe-uninitialized)
else()
  set(KT_EIGEN_NO_UNINIT)
endif()
add_library(kt_eigen INTERFACE)
target_link_libraries(kt_eigen INTERFACE Eigen3::Eigen)
target_compile_options(kt_eigen INTERFACE ${KT_EIGEN_NO_UNINIT})
