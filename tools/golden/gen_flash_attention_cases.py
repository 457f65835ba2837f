#!/usr/bin/python3
"""Generates reference/flash_attention/tests/data/flash_attention_cases.txt: attention computed the
naive way in PyTorch, softmax(q k^T / sqrt(d) + causal mask) v, in float64, for the flash_attention
reference to be checked against (the C++ test needs no PyTorch). Flash attention computes the same
function in blocks: its reference is attention itself.

The causal mask is torch.triu(full((T, T), -inf), 1) added to the scores (T_q = T_k: query i sees
keys j <= i). Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_flash_attention_cases.py \
        > reference/flash_attention/tests/data/flash_attention_cases.txt
"""
import math

import torch

torch.manual_seed(20261202)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def attention(q, k, v, causal):
    T, d = q.shape[-2], q.shape[-1]
    scores = q @ k.transpose(-2, -1) / math.sqrt(d)
    if causal:
        scores = scores + torch.triu(torch.full((T, T), float("-inf"), dtype=torch.float64), 1)
    return torch.softmax(scores, dim=-1) @ v


def case(name, shape, d_v, causal, scale=1.0):
    q = torch.randn(*shape, dtype=torch.float64) * scale
    k = torch.randn(*shape, dtype=torch.float64) * scale
    v = torch.randn(*shape[:-1], d_v, dtype=torch.float64)
    out = attention(q, k, v, causal)
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in shape))
    print(f"d_v {d_v}")
    print(f"causal {int(causal)}")
    print("q", nums(q))
    print("k", nums(k))
    print("v", nums(v))
    print("out", nums(out))
    print("end")


print("# torch", torch.__version__, "- naive attention in float64; see tools/golden/gen_flash_attention_cases.py")
case("one_token", (1, 3), 3, False)
case("t7_d4_not_causal", (7, 4), 4, False)
case("t9_d3_causal", (9, 3), 5, True)
case("bh_t6_d8_causal", (2, 3, 6, 8), 8, True)
case("bh_t5_d4_large_scores", (2, 1, 5, 4), 2, False, scale=6.0)
case("t16_d16_causal_large_scores", (16, 16), 16, True, scale=4.0)
