#!/usr/bin/python3
"""Generates reference/attention_backward/tests/data/attention_backward_cases.txt: the gradients of
attention, out = softmax(q k^T / sqrt(d) + causal mask) v, with respect to q, k and v for a given
upstream gradient dout, as PyTorch's autograd computes them in float64 (the C++ test needs no
PyTorch). The causal mask adds -inf above the diagonal (T_q = T_k: query i sees keys j <= i).
Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_attention_backward_cases.py \
        > reference/attention_backward/tests/data/attention_backward_cases.txt
"""
import math

import torch

torch.manual_seed(20261203)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def case(name, shape, causal, scale=1.0):
    q = (torch.randn(*shape, dtype=torch.float64) * scale).requires_grad_()
    k = (torch.randn(*shape, dtype=torch.float64) * scale).requires_grad_()
    v = torch.randn(*shape, dtype=torch.float64).requires_grad_()
    dout = torch.randn(*shape, dtype=torch.float64)
    T, d = shape[-2], shape[-1]
    scores = q @ k.transpose(-2, -1) / math.sqrt(d)
    if causal:
        scores = scores + torch.triu(torch.full((T, T), float("-inf"), dtype=torch.float64), 1)
    out = torch.softmax(scores, dim=-1) @ v
    out.backward(dout)
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in shape))
    print(f"causal {int(causal)}")
    for key, t in (("q", q), ("k", k), ("v", v), ("dout", dout), ("out", out)):
        print(key, nums(t.detach()))
    print("dq", nums(q.grad))
    print("dk", nums(k.grad))
    print("dv", nums(v.grad))
    print("end")


print("# torch", torch.__version__, "- autograd of naive attention in float64; see tools/golden/gen_attention_backward_cases.py")
case("one_token", (1, 3), False)
case("t5_d4_not_causal", (5, 4), False)
case("t6_d3_causal", (6, 3), True)
case("bh_t4_d8_causal", (2, 3, 4, 8), True)
case("bh_t7_d2_large_scores", (2, 1, 7, 2), False, scale=3.0)
case("t9_d5_causal_large_scores", (9, 5), True, scale=2.5)
