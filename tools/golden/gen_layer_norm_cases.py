#!/usr/bin/python3
"""Generates reference/layer_norm/tests/data/layer_norm_cases.txt: F.layer_norm's outputs in
float64, for the layer_norm reference to be checked against (the C++ test needs no PyTorch).

A Float32 x is recorded as its float32 values (exact in float64), with F.layer_norm of x.double()
as the output, which is what the reference computes. Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_layer_norm_cases.py > reference/layer_norm/tests/data/layer_norm_cases.txt
"""
import torch
import torch.nn.functional as F

torch.manual_seed(20261205)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def case(name, x, weight, bias, eps):
    out = F.layer_norm(x.double(), (x.shape[-1],), weight.double(), bias.double(), eps)
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in x.shape))
    print("eps", repr(eps))
    print("x", nums(x.double()))
    print("weight", nums(weight.double()))
    print("bias", nums(bias.double()))
    print("out", nums(out))
    print("end")


def params(d):
    return torch.randn(d, dtype=torch.float64), torch.randn(d, dtype=torch.float64)


print("# torch", torch.__version__, "- F.layer_norm(x.double(), (D,), weight, bias, eps); see tools/golden/gen_layer_norm_cases.py")
case("vector", torch.randn(7, dtype=torch.float64) * 3, *params(7), 1e-5)
case("matrix", torch.randn(4, 5, dtype=torch.float64) * 3 + 2, *params(5), 1e-5)
case("rank3", torch.randn(2, 3, 6, dtype=torch.float64) * 3, *params(6), 1e-5)
case("rank4_eps_0.1", torch.randn(2, 2, 3, 4, dtype=torch.float64), *params(4), 0.1)
case("one_feature", torch.randn(3, 1, dtype=torch.float64) * 3, *params(1), 1e-5)
case("small_variance", torch.randn(3, 4, dtype=torch.float64) * 0.003 + 5, *params(4), 1e-5)
case("constant_rows", torch.full((2, 3), 4.5, dtype=torch.float64), *params(3), 1e-3)
case("large_offset", torch.randn(3, 8, dtype=torch.float64) + 1e4, *params(8), 1e-5)
case("float32_values", (torch.randn(3, 5) * 3).float(), *params(5), 1e-5)
