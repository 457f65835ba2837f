# kt_glob(VAR [RECURSE] [WATCH_PREFIX_ONLY] PATTERN...): the files matching the patterns (file(GLOB),
# or GLOB_RECURSE), found again by the next build after a file is added to or removed from a
# folder they searched.
#
# Note [globs the learner's loop does not pay for]
# file(GLOB CONFIGURE_DEPENDS) re-checks every glob on every build, in a cmake process: 16 ms of
# each ./grade, most of the no-op build the learner's loop starts with (docs/performance.md). A
# folder's modification time changes whenever an entry is added, removed or renamed in it, so the
# folders a glob searched are made the configuration's dependencies instead: ninja stats them, and
# re-runs cmake (about 0.1 s) only when one changed. A pattern with a wildcard folder
# (katas/*/kata.toml) watches the folder above the wildcard (a new kata folder) and, unless
# WATCH_PREFIX_ONLY, each folder it matched. The kata files' own folders (katas/NAME/) are never
# watched: an editor that saves by renaming would make every save of the learner's loop reconfigure.
function(kt_glob var)
  cmake_parse_arguments(PARSE_ARGV 1 G "RECURSE;WATCH_PREFIX_ONLY" "" "")
  set(found "")
  set(watched "")
  foreach(pattern IN LISTS G_UNPARSED_ARGUMENTS)
    if(G_RECURSE)
      file(GLOB_RECURSE matches ${pattern})
    else()
      file(GLOB matches ${pattern})
    endif()
    list(APPEND found ${matches})
    get_filename_component(folder ${pattern} DIRECTORY)
    set(folders "")
    if(folder MATCHES "[*?]")
      string(REGEX REPLACE "/[^/]*[*?].*$" "" prefix ${folder})
      list(APPEND watched ${prefix})
      if(NOT G_WATCH_PREFIX_ONLY)
        file(GLOB folders LIST_DIRECTORIES true ${folder})
      endif()
    else()
      set(folders ${folder})
    endif()
    foreach(f IN LISTS folders)
      if(IS_DIRECTORY ${f})
        list(APPEND watched ${f})
        if(G_RECURSE)
          file(GLOB_RECURSE below LIST_DIRECTORIES true ${f}/*)
          foreach(b IN LISTS below)
            if(IS_DIRECTORY ${b})
              list(APPEND watched ${b})
            endif()
          endforeach()
        endif()
      endif()
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES watched)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${watched})
  set(${var} ${found} PARENT_SCOPE)
endfunction()
