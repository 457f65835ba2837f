#!/usr/bin/python3
"""Generates reference/softmax/tests/data/softmax_cases.txt: torch.softmax's outputs in float64, for
the softmax reference to be checked against (the C++ test needs no PyTorch).

Every case is computed in float64: a Float32 x is recorded as its float32 values (exactly
representable in float64), with torch.softmax(x.double(), dim) as the output, which is what the
reference computes. Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_softmax_cases.py > reference/softmax/tests/data/softmax_cases.txt
"""
import torch

torch.manual_seed(20261130)
MIN64 = torch.finfo(torch.float64).min
MIN32 = torch.finfo(torch.float32).min


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def case(name, x, dim):
    out = torch.softmax(x.double(), dim)
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in x.shape))
    print(f"dim {dim}")
    print("x", nums(x.double()))
    print("out", nums(out))
    print("end")


print("# torch", torch.__version__, "- torch.softmax(x.double(), dim); see tools/golden/gen_softmax_cases.py")
case("vector", torch.randn(7, dtype=torch.float64) * 3, 0)
case("matrix_last_axis", torch.randn(4, 5, dtype=torch.float64) * 3, -1)
case("matrix_first_axis", torch.randn(4, 5, dtype=torch.float64) * 3, 0)
case("rank3_middle_axis", torch.randn(2, 3, 4, dtype=torch.float64) * 3, 1)
case("rank4_negative_dim", torch.randn(2, 3, 2, 4, dtype=torch.float64) * 3, -3)
case("single_entry_slices", torch.randn(3, 1, dtype=torch.float64), 1)
large = torch.randn(5, 4, dtype=torch.float64) * 3
large[0] += 1000
large[1] -= 1000
large[2] = 1e30
large[3] *= 1e29
large[4] *= 1000
case("large_logits", large, -1)
masked = torch.randn(4, 5, dtype=torch.float64) * 3
masked[0, 1] = masked[0, 3] = -float("inf")
masked[1, :4] = -float("inf")
masked[2, :] = MIN64
masked[3, 0] = MIN64
case("minus_inf_and_finfo_min", masked, 1)
x32 = (torch.randn(3, 4) * 3).float()
x32[1] += 100
x32[2] = MIN32
case("float32_values", x32, -1)
