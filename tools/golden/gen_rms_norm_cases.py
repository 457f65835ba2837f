#!/usr/bin/python3
"""Generates reference/rms_norm/tests/data/rms_norm_cases.txt: RMSNorm as LLaMA's Hugging Face
LlamaRMSNorm computes it, in float64 torch ops (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) +
eps) * weight), for the rms_norm reference to be checked against (the C++ test needs no PyTorch).
PyTorch 1.13 has no F.rms_norm; this is the module's forward written out.

A Float32 x is recorded as its float32 values (exact in float64). Run offline with Debian's
python3-torch:

    /usr/bin/python3 tools/golden/gen_rms_norm_cases.py > reference/rms_norm/tests/data/rms_norm_cases.txt
"""
import torch

torch.manual_seed(20261205)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def llama_rms_norm(x, weight, eps):
    x = x.double()
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight.double()


def case(name, x, weight, eps):
    out = llama_rms_norm(x, weight, eps)
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in x.shape))
    print("eps", repr(eps))
    print("x", nums(x.double()))
    print("weight", nums(weight.double()))
    print("out", nums(out))
    print("end")


def weight(d):
    return torch.randn(d, dtype=torch.float64)


print("# torch", torch.__version__, "- x * rsqrt(mean(x^2, -1) + eps) * weight in float64; see tools/golden/gen_rms_norm_cases.py")
case("vector", torch.randn(7, dtype=torch.float64) * 3, weight(7), 1e-6)
case("matrix", torch.randn(4, 5, dtype=torch.float64) * 3 + 2, weight(5), 1e-6)
case("rank3", torch.randn(2, 3, 6, dtype=torch.float64) * 3, weight(6), 1e-5)
case("rank4_eps_0.1", torch.randn(2, 2, 3, 4, dtype=torch.float64), weight(4), 0.1)
case("one_feature", torch.randn(3, 1, dtype=torch.float64) * 3, weight(1), 1e-6)
case("small_values", torch.randn(3, 4, dtype=torch.float64) * 0.001, weight(4), 1e-6)
case("zero_rows", torch.zeros(2, 3, dtype=torch.float64), weight(3), 1e-6)
case("float32_values", (torch.randn(3, 5) * 3).float(), weight(5), 1e-6)
