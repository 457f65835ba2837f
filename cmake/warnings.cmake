# kt_warnings: the warning set for the project's own code (not for learners' kata files, whose
# warnings are shown but never fatal).
add_library(kt_warnings INTERFACE)
target_compile_options(kt_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Woverloaded-virtual
  -Wmissing-declarations -Wimplicit-fallthrough)
if(KT_WERROR)
  target_compile_options(kt_warnings INTERFACE -Werror)
endif()
