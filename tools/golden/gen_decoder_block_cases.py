#!/usr/bin/python3
"""Generates reference/decoder_block/tests/data/decoder_block_cases.txt: a pre-norm LLaMA decoder
block computed with PyTorch's own modules in float64 (nn.Linear without bias, causal
F.scaled_dot_product_attention is not in 1.13's CPU path for every shape, so the attention is
torch ops: softmax of masked q k^T / sqrt(d_head)), RMSNorm of eps 1e-6 and SwiGLU, for the
decoder_block reference to be checked against (the C++ test needs no PyTorch). Run offline with
Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_decoder_block_cases.py > reference/decoder_block/tests/data/decoder_block_cases.txt
"""
import math

import torch
import torch.nn.functional as F

torch.manual_seed(20261205)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def rms_norm(x, w):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w


def block(x, p, h):
    b, t, d = x.shape
    dh = d // h

    def heads(y):
        return y.view(b, t, h, dh).transpose(1, 2)

    xn = rms_norm(x, p["attn_norm"])
    q, k, v = heads(F.linear(xn, p["wq"])), heads(F.linear(xn, p["wk"])), heads(F.linear(xn, p["wv"]))
    scores = q @ k.transpose(-2, -1) / math.sqrt(dh)
    future = torch.triu(torch.ones(t, t, dtype=torch.bool), 1)
    a = torch.softmax(scores.masked_fill(future, float("-inf")), -1) @ v
    hidden = x + F.linear(a.transpose(1, 2).reshape(b, t, d), p["wo"])
    hn = rms_norm(hidden, p["mlp_norm"])
    mlp = F.linear(F.silu(F.linear(hn, p["w_gate"])) * F.linear(hn, p["w_up"]), p["w_down"])
    return hidden + mlp


def case(name, b, t, h, dh, ff):
    d = h * dh
    p = {k: torch.randn(d, d, dtype=torch.float64) * 0.5 for k in ("wq", "wk", "wv", "wo")}
    p["w_gate"] = torch.randn(ff, d, dtype=torch.float64) * 0.5
    p["w_up"] = torch.randn(ff, d, dtype=torch.float64) * 0.5
    p["w_down"] = torch.randn(d, ff, dtype=torch.float64) * 0.5
    p["attn_norm"] = torch.randn(d, dtype=torch.float64) + 1
    p["mlp_norm"] = torch.randn(d, dtype=torch.float64) + 1
    x = torch.randn(b, t, d, dtype=torch.float64)
    print(f"case {name}")
    print("shape", b, t, d)
    print("num_heads", h)
    print("d_ff", ff)
    print("x", nums(x))
    for k in ("wq", "wk", "wv", "wo", "w_gate", "w_up", "w_down", "attn_norm", "mlp_norm"):
        print(k, nums(p[k]))
    print("out", nums(block(x, p, h)))
    print("mlp_of_x", nums(F.linear(F.silu(F.linear(x, p["w_gate"])) * F.linear(x, p["w_up"]), p["w_down"])))
    print("end")


print("# torch", torch.__version__, "- a LLaMA pre-norm block in float64 torch ops; see tools/golden/gen_decoder_block_cases.py")
case("one_head", 1, 4, 1, 3, 5)
case("two_heads", 2, 3, 2, 2, 6)
case("one_token", 2, 1, 2, 3, 4)
case("wide_ff", 1, 5, 3, 2, 11)
