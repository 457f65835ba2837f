// The kata kit: what a kata's grader code (grader/katas/NAME/) supplies, and what the kit does with
// it. Every kata's cases.hpp includes this header; read it to learn what a kata is.
//
// A kata supplies, in namespace grader::kata_NAME:
//   cases.hpp/.cpp   its Case (with describe(): the inputs a learner sees), a Spec of the ranges a
//                    check draws from, generate(spec) (RapidCheck's named draws: draw_rows_shape,
//                    draw_dtype), run_NAME_property (the kit's run_property), the learner's call
//                    (call_learner_on / run_learner, through remote::call), run_reference, and
//                    its tolerance (matches, tolerance_text). A kata whose answer is one tensor of
//                    its input's shape fills in a SameShapeKata (kit.hpp): shape and dtype checks,
//                    failures, comparison, a detector's verdict and its diagnosis come with it.
//   checks.cpp       its general checks, each a Registrar (check.hpp).
//   mistakes.hpp/.cpp  its mistakes as switches of one simulation (Steps) and the pitfalls each
//                    setting makes (pitfalls_made), where its mistakes can be simulated.
//   detect.hpp/.cpp  what its detectors share: the searched settings (searched.hpp's
//                    explained_by; confirmed.hpp's confirmed_case where outputs are draws).
//   pitfalls/ID.cpp  one detector per pitfall, the check "pitfall_ID".
//   catalogue.hpp/.cpp  its mistake catalogue (CatalogueItem, entry_adder), the fixed cases that
//                    tell the entries apart, the steps of the right computation (the journey, and
//                    the attention map where a step is attention weights): diagnosis.hpp.
//   call.cpp         the learner's side of the call (grader/learner/serve.hpp).
// What a family of katas shares lives in grader/katas/FAMILY_family/ (mha_family, norm_family).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grader/lib/check.hpp"
#include "grader/lib/compare.hpp"
#include "grader/lib/diagnosis.hpp"
#include "grader/lib/kit.hpp"
#include "grader/lib/learner_call.hpp"
#include "grader/lib/property.hpp"
#include "grader/lib/words.hpp"
#include "kt/tensor.hpp"
