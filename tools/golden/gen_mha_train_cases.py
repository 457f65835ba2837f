#!/usr/bin/python3
"""Generates reference/mha_train/tests/data/mha_train_cases.txt: torch.nn.MultiheadAttention with
attention dropout, in float64, in eval() (dropout_p > 0, nothing dropped) and in train() with
dropout 0, for the mha_train reference to be checked against (the C++ test needs no PyTorch).
Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_mha_train_cases.py > reference/mha_train/tests/data/mha_train_cases.txt
"""
import torch

torch.manual_seed(20261201)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def case(name, B, T, D, H, dropout, training, causal):
    m = torch.nn.MultiheadAttention(D, H, dropout=dropout, bias=True, batch_first=True).double()
    with torch.no_grad():  # non-zero biases, so that each one is checked
        m.in_proj_bias.normal_()
        m.out_proj.bias.normal_()
    m.train(training)
    x = torch.randn(B, T, D, dtype=torch.float64)
    mask = torch.ones(T, T, dtype=torch.bool).triu(1) if causal else None  # True = NOT allowed
    out, _ = m(x, x, x, attn_mask=mask, need_weights=False)
    wq, wk, wv = m.in_proj_weight.detach().chunk(3)
    bq, bk, bv = m.in_proj_bias.detach().chunk(3)
    print(f"case {name}")
    print(f"dims {B} {T} {D} {H} {int(causal)}")
    print(f"dropout {dropout!r}")
    print("x", nums(x))
    for n, t in (("wq", wq), ("wk", wk), ("wv", wv), ("wo", m.out_proj.weight.detach()),
                 ("bq", bq), ("bk", bk), ("bv", bv), ("bo", m.out_proj.bias.detach())):
        print(n, nums(t))
    print("out", nums(out.detach()))
    print("end")


print("# torch", torch.__version__, "- nn.MultiheadAttention with dropout, eval() or p = 0; see tools/golden/gen_mha_train_cases.py")
case("eval_p03", 2, 5, 8, 2, 0.3, False, False)
case("eval_p05_causal", 1, 6, 12, 3, 0.5, False, True)
case("train_p0", 2, 4, 8, 4, 0.0, True, False)
case("train_p0_causal", 1, 5, 6, 1, 0.0, True, True)
