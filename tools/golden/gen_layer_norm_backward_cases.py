#!/usr/bin/python3
"""Generates reference/layer_norm_backward/tests/data/layer_norm_backward_cases.txt: the gradients
PyTorch's autograd gives for sum(dout * F.layer_norm(x, (D,), weight, bias, eps)) in float64, for
the layer_norm_backward reference to be checked against (the C++ test needs no PyTorch). Run
offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_layer_norm_backward_cases.py > reference/layer_norm_backward/tests/data/layer_norm_backward_cases.txt
"""
import torch
import torch.nn.functional as F

torch.manual_seed(20261205)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def case(name, x, eps):
    d = x.shape[-1]
    x = x.clone().requires_grad_(True)
    weight = torch.randn(d, dtype=torch.float64, requires_grad=True)
    bias = torch.randn(d, dtype=torch.float64, requires_grad=True)
    dout = torch.randn(x.shape, dtype=torch.float64)
    out = F.layer_norm(x, (d,), weight, bias, eps)
    (out * dout).sum().backward()
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in x.shape))
    print("eps", repr(eps))
    print("x", nums(x.detach()))
    print("weight", nums(weight.detach()))
    print("dout", nums(dout))
    print("dx", nums(x.grad))
    print("dweight", nums(weight.grad))
    print("dbias", nums(bias.grad))
    print("end")


print("# torch", torch.__version__, "- autograd of sum(dout * F.layer_norm(x, (D,), weight, bias, eps)); see tools/golden/gen_layer_norm_backward_cases.py")
case("matrix", torch.randn(4, 5, dtype=torch.float64) * 3 + 1, 1e-5)
case("rank3", torch.randn(2, 3, 6, dtype=torch.float64) * 2, 1e-5)
case("rank4_eps_0.1", torch.randn(2, 2, 2, 4, dtype=torch.float64), 0.1)
case("one_feature", torch.randn(3, 1, dtype=torch.float64) * 3, 1e-5)
case("small_variance", torch.randn(3, 4, dtype=torch.float64) * 0.003 + 1, 1e-5)
case("two_features", torch.randn(5, 2, dtype=torch.float64) * 3, 1e-5)
