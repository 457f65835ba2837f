// expect: error
// expect-message: is never found
// needs: sandbox
// Cheats at compile time: #includes the worked solution from the test bed (it would pass as its
// own). A submission is compiled in the sandbox, which holds the kata's header, kt's headers and
// the system's only: the include fails, and the report says why.
#include "../worked.cpp"
