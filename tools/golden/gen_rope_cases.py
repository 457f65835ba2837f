#!/usr/bin/python3
"""Generates reference/rope/tests/data/rope_cases.txt: rotary position embeddings as Hugging Face's
LLaMA / GPT-NeoX code computes them (rotate_half), in float64, for the rope reference to be checked
against (the C++ test needs no PyTorch).

The formula is the one of transformers' modeling_llama.py, written out here so that the script
needs only torch: inv_freq = 1 / base^(arange(0, d, 2) / d), angles = outer(positions, inv_freq),
emb = cat(angles, angles), out = x * cos(emb) + rotate_half(x) * sin(emb) with
rotate_half(x) = cat(-x[..., d/2:], x[..., :d/2]). A Float32 x is recorded as its float32 values
(exact in float64) with the float64 result. Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_rope_cases.py > reference/rope/tests/data/rope_cases.txt
"""
import torch

torch.manual_seed(20261201)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def hf_rope(x, start_pos, base):
    d, T = x.shape[-1], x.shape[-2]
    inv_freq = 1.0 / (base ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
    positions = torch.arange(start_pos, start_pos + T, dtype=torch.float64)
    angles = torch.outer(positions, inv_freq)
    emb = torch.cat((angles, angles), dim=-1)
    return x * emb.cos() + rotate_half(x) * emb.sin()


def case(name, x, start_pos, base=10000.0):
    x = x.double()
    out = hf_rope(x, start_pos, base)
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in x.shape))
    print(f"start_pos {start_pos}")
    print(f"base {base!r}")
    print("x", nums(x))
    print("out", nums(out))
    print("end")


print("# torch", torch.__version__, "- HF rotate_half RoPE in float64; see tools/golden/gen_rope_cases.py")
case("one_pair", torch.randn(1, 1, 3, 2, dtype=torch.float64), 0)
case("bhtd_from_zero", torch.randn(2, 3, 4, 8, dtype=torch.float64), 0)
case("start_pos_7", torch.randn(1, 2, 5, 6, dtype=torch.float64), 7)
case("base_500000", torch.randn(2, 2, 3, 16, dtype=torch.float64), 3, 500000.0)
case("base_100", torch.randn(1, 1, 4, 4, dtype=torch.float64), 11, 100.0)
case("head_dim_64_long_context", torch.randn(1, 2, 3, 64, dtype=torch.float64), 4093)
case("one_token_decode", torch.randn(2, 4, 1, 8, dtype=torch.float64), 42)
case("float32_values", torch.randn(1, 2, 3, 8).float(), 5)
