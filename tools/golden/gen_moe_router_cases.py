#!/usr/bin/python3
"""Generates reference/moe_router/tests/data/moe_router_cases.txt: top-k routing of a mixture of
experts as Mixtral does it, in float64 torch ops: the softmax over the experts, each token's k most
probable experts by decreasing probability (ties: the lower expert id first, a stable descending
sort), the gates those k probabilities over their sum, and the Switch Transformer's load-balancing
loss E * sum_e f_e * P_e (f_e: the fraction of the N * k assignments that go to expert e; P_e: the
mean probability of expert e over the tokens), for the moe_router reference to be checked against
(the C++ test needs no PyTorch).

Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_moe_router_cases.py > reference/moe_router/tests/data/moe_router_cases.txt
"""
import torch

torch.manual_seed(20261206)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def route(logits, k):
    probs = torch.softmax(logits.double(), dim=-1)
    sorted_probs, order = torch.sort(probs, dim=-1, descending=True, stable=True)
    top, index = sorted_probs[:, :k], order[:, :k]
    gate = top / top.sum(-1, keepdim=True)
    n, e = logits.shape
    f = torch.nn.functional.one_hot(index.reshape(-1), e).double().sum(0) / (n * k)
    p = probs.mean(0)
    aux = e * (f * p).sum()
    return index, gate, aux


def case(name, logits, k):
    index, gate, aux = route(logits, k)
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in logits.shape))
    print("k", k)
    print("logits", nums(logits.double()))
    print("expert_index", nums(index))
    print("gate", nums(gate))
    print("aux_loss", repr(float(aux)))
    print("end")


print("# torch", torch.__version__, "- softmax, stable descending sort, renormalised top-k, E * sum f_e P_e in float64; see tools/golden/gen_moe_router_cases.py")
case("top2_of_8", torch.randn(6, 8, dtype=torch.float64) * 2, 2)
case("top1_switch", torch.randn(5, 4, dtype=torch.float64) * 2, 1)
case("top3_of_5", torch.randn(4, 5, dtype=torch.float64), 3)
case("all_experts", torch.randn(3, 4, dtype=torch.float64), 4)
case("one_token", torch.randn(1, 6, dtype=torch.float64) * 3, 2)
case("ties", torch.tensor([[1.0, 2.0, 2.0, 0.0], [0.5, 0.5, 0.5, 0.5], [3.0, 1.0, 3.0, 1.0]], dtype=torch.float64), 2)
case("large_logits", torch.randn(4, 6, dtype=torch.float64) * 30 + 500, 2)
case("float32_values", (torch.randn(5, 6) * 2).float(), 2)
