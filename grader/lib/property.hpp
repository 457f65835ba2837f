// A check as a RapidCheck property: random cases from a seed, shrinking to the smallest failing
// one, reported as an Outcome a learner can read.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grader/lib/check.hpp"
#include "kt/tensor.hpp"

namespace grader {

/// Runs body as a RapidCheck property: `cases` random cases from seed, shrinking to the smallest
/// failing one. body draws its inputs with named generators (`*rc::gen::inRange(1, 9).as("n")`)
/// and returns a Failure for a failing case. The Outcome's counterexample is the failure's own,
/// followed by RapidCheck's named values that it does not already show (minus `hidden` ones).
/// A smallest failure of the wrong shape or dtype is replaced by a mistake in the values found on
/// the cases where they come out right, if any (Note [past a wrong shape] in property.cpp).
/// shrink = false keeps the first failing case as it is (a detector whose body draws many cases
/// until one shows its mistake: shrinking would re-run it hundreds of times for no smaller case).
Outcome run_property(uint64_t seed, int cases, const std::function<std::optional<Failure>()>& body,
                     const std::vector<std::string>& hidden = {}, bool shrink = true);

/// Leading (batch-like) axes drawn inside a property: 0 to rank_max axes of sizes 1 to 3, named
/// "rank of the leading axes" and "leading axis N" (hide them where the case shows its shapes).
kt::Shape draw_leading_axes(int rank_max);

/// The shape of x for a kata that works along x's last axis, drawn inside a property: its rank
/// ("rank of x"), each leading axis ("size of axis N") and D, the last ("D (the last axis)").
/// With d_min_last, D = d_min is drawn last in shrinking order (a failure shrinks to d_min + 1
/// when it fails there too): rows of two values normalise to -1 and 1, where mistakes look alike.
struct RowsShape {
  int rank_min = 1, rank_max = 4;
  int64_t size_min = 1, size_max = 5;
  int64_t d_min = 2, d_max = 8;
  bool d_min_last = false;
};
kt::Shape draw_rows_shape(const RowsShape& s);

/// A case's dtype drawn inside a property: Float64 or Float32, named "dtype"; Float64 without a
/// draw when float64_only.
kt::Dtype draw_dtype(bool float64_only);

}  // namespace grader
