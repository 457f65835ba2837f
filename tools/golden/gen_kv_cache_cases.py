#!/usr/bin/python3
"""Generates reference/kv_cache/tests/data/kv_cache_cases.txt: one causal forward of a whole
sequence with rotary embeddings on q and k (Hugging Face's rotate_half, base 10000), in float64, as
PyTorch computes it with F.scaled_dot_product_attention's math written out: the output, the rotated
keys and the values, for the kv_cache reference to be checked against (the C++ test needs no
PyTorch). Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_kv_cache_cases.py > reference/kv_cache/tests/data/kv_cache_cases.txt
"""
import math

import torch

torch.manual_seed(20261201)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def rope(x, base=10000.0):
    d, T = x.shape[-1], x.shape[-2]
    inv_freq = 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
    angles = torch.outer(torch.arange(T, dtype=torch.float64), inv_freq)
    emb = torch.cat((angles, angles), dim=-1)
    return x * emb.cos() + rotate_half(x) * emb.sin()


def case(name, B, T, H, dh, bias):
    D = H * dh
    x = torch.randn(B, T, D, dtype=torch.float64)
    layers = [torch.nn.Linear(D, D, bias=bias).double() for _ in range(4)]
    q, k, v = (l(x).view(B, T, H, dh).transpose(1, 2) for l in layers[:3])
    q, k = rope(q), rope(k)
    scores = q @ k.transpose(-2, -1) / math.sqrt(dh)
    causal = torch.ones(T, T, dtype=torch.bool).tril()
    scores = scores.masked_fill(~causal, float("-inf"))
    out = layers[3]((torch.softmax(scores, -1) @ v).transpose(1, 2).reshape(B, T, D))
    print(f"case {name}")
    print(f"sizes {B} {T} {H} {dh}")
    print("x", nums(x))
    for n, l in zip("qkvo", layers):
        print(f"w{n}", nums(l.weight.detach()))
        if bias:
            print(f"b{n}", nums(l.bias.detach()))
    print("out", nums(out.detach()))
    print("k", nums(k.detach()))
    print("v", nums(v.detach()))
    print("end")


print("# torch", torch.__version__, "- causal attention with HF rotate_half RoPE on q and k; see tools/golden/gen_kv_cache_cases.py")
case("one_token", 1, 1, 2, 4, False)
case("two_heads_no_bias", 2, 5, 2, 4, False)
case("three_heads_bias", 1, 7, 3, 2, True)
case("one_head_d8_bias", 2, 4, 1, 8, True)
