#!/usr/bin/python3
"""Generates reference/speculative_decoding/tests/data/speculative_decoding_cases.txt: speculative
decoding's verification step (Leviathan et al., 2023; Chen et al., 2023) written here apart from
the C++ reference, in PyTorch (float64), on random draft and target distributions, with the
uniforms it drew, for the reference to be checked against (the C++ test needs no PyTorch).

For i = 0..K-1: accept x_i when u < p_i[x_i] / q_i[x_i]; at the first rejection draw from
clamp(p_i - q_i, min=0) / its sum and stop; if all are accepted, draw from p_K. A draw is
torch.searchsorted(cumsum, u, right=True) clamped to V - 1. The uniforms are recorded ("us"), so
that the C++ test replays them (it feeds them in order); cases whose u lies within 1e-9 of a ratio
or a cumulative sum are drawn again. Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_speculative_decoding_cases.py > reference/speculative_decoding/tests/data/speculative_decoding_cases.txt
"""
import torch

torch.manual_seed(20261206)


def nums(t):
    return " ".join(repr(float(v)) for v in torch.as_tensor(t).reshape(-1).tolist())


def draw(probs, u):
    cumsum = torch.cumsum(probs, 0)
    if torch.any((cumsum - u).abs() < 1e-9):
        return None
    return min(int(torch.searchsorted(cumsum, torch.tensor([u], dtype=torch.float64), right=True)),
               probs.numel() - 1)


def verify(q, x, p, us):
    out, used = [], 0
    k = q.shape[0]
    for i in range(k):
        u = us[used]
        used += 1
        ratio = float(p[i, x[i]] / q[i, x[i]])
        if abs(u - ratio) < 1e-9:
            return None
        if u < ratio:
            out.append(int(x[i]))
            continue
        residual = torch.clamp(p[i] - q[i], min=0)
        t = draw(residual / residual.sum(), us[used])
        used += 1
        if t is None:
            return None
        return out + [t], used
    t = draw(p[k], us[used])
    if t is None:
        return None
    return out + [t], used + 1


def case(name, k, v, spread=2.0, same=False):
    while True:
        q = torch.softmax(torch.randn(k, v, dtype=torch.float64) * spread, -1)
        p = torch.softmax(torch.randn(k + 1, v, dtype=torch.float64) * spread, -1)
        if same:
            p[:k] = q
        x = [int(torch.multinomial(q[i], 1)) for i in range(k)]
        us = torch.rand(k + 1, dtype=torch.float64).tolist()
        r = verify(q, x, p, us)
        if r is not None:
            break
    tokens, used = r
    print(f"case {name}")
    print(f"K {k}")
    print(f"V {v}")
    print(f"draft_probs {nums(q)}")
    print(f"draft_tokens {' '.join(map(str, x))}")
    print(f"target_probs {nums(p)}")
    print(f"us {nums(us[:used])}")
    print(f"tokens {' '.join(map(str, tokens))}")
    print("end")


print("# torch " + torch.__version__ + " - speculative verification written apart from the "
      "reference; see tools/golden/gen_speculative_decoding_cases.py")
for n in range(16):
    case(f"random_{n}", 1 + n % 4, 2 + (n * 3) % 7)
case("same_distributions", 3, 5, same=True)
case("same_distributions_long", 4, 6, same=True)
case("peaked", 2, 6, spread=5.0)
case("peaked_long", 4, 8, spread=5.0)
case("flat", 3, 4, spread=0.2)
case("one_draft", 1, 8)
