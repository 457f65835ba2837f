// What an attention reference gives a query row that may attend to no key at all: every kata's
// reference takes one of these, and the grader accepts each of them for such a row.
#pragma once

namespace ref {

/// What a query row with no key it may attend to gets. Uniform is what filling masked scores with
/// finfo(dtype).min gives (the weights are 1/T_k each, so the output is the mean of the values);
/// Zeros is PyTorch >= 2.5's "safe softmax"; AllKeys is what adding a large finite negative
/// constant gives (every score shifts equally, so the row attends as if unmasked).
enum class MaskedRows { Uniform, Zeros, AllKeys };

}  // namespace ref
