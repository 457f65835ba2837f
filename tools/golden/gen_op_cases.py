#!/usr/bin/python3
"""Generates tensor/tests/data/op_cases.txt: what PyTorch computes for the ops kt added for the
norm, cross-entropy and decoder-block katas (sigmoid, silu, rsqrt, var, logsumexp, gather,
one_hot), for tensor/tests/op_values_test.cpp to check kt against (the C++ test needs no PyTorch).

A case is named OP.DTYPE.WHAT; `dtype` is 0 for float64, 1 for float32, 2 for int64. Float32
inputs and outputs are recorded as their float32 values (exact in float64). Run offline with
Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_op_cases.py > tensor/tests/data/op_cases.txt
"""
import torch
import torch.nn.functional as F

torch.manual_seed(20261205)
DTYPES = {torch.float64: 0, torch.float32: 1, torch.int64: 2}


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def emit(name, fields):
    print(f"case {name}")
    for key, value in fields:
        if isinstance(value, torch.Tensor):
            print(key, nums(value.double()))
        else:
            print(key, " ".join(str(int(v)) for v in value))
    print("end")


def sizes(t):
    return list(t.shape) if t.dim() > 0 else []


def elementwise(op, fn, x, what):
    out = fn(x)
    emit(f"{op}.{x.dtype}.{what}".replace("torch.", ""),
         [("dtype", [DTYPES[x.dtype]]), ("shape", sizes(x)), ("x", x), ("out", out)])


def reduction(op, x, dim, what, **kw):
    if op == "var":
        out = torch.var(x, dim, unbiased=kw["unbiased"], keepdim=kw["keepdim"])
        flags = [("unbiased", [int(kw["unbiased"])]), ("keepdim", [int(kw["keepdim"])])]
    else:
        out = torch.logsumexp(x, dim, keepdim=kw["keepdim"])
        flags = [("keepdim", [int(kw["keepdim"])])]
    emit(f"{op}.{x.dtype}.{what}".replace("torch.", ""),
         [("dtype", [DTYPES[x.dtype]]), ("shape", sizes(x)), ("x", x), ("dim", [dim])] + flags +
         [("out_dtype", [DTYPES[out.dtype]]), ("out_shape", sizes(out)), ("out", out)])


print("# torch", torch.__version__, "- see tools/golden/gen_op_cases.py")
inf = float("inf")
specials = torch.tensor([0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 3.0, -3.0, 17.0, -17.0, 20.0, -20.0,
                         40.0, -40.0, 88.0, -88.0, 103.0, -103.0, 700.0, -700.0, 745.0, -745.0,
                         800.0, -800.0, 1e-300, -1e-300, inf, -inf], dtype=torch.float64)
random64 = torch.randn(3, 7, dtype=torch.float64) * 4
for dtype in (torch.float64, torch.float32):
    for op, fn in (("sigmoid", torch.sigmoid), ("silu", F.silu)):
        elementwise(op, fn, specials.to(dtype), "specials")
        elementwise(op, fn, random64.to(dtype), "random")
    positives = torch.tensor([0.0, -0.0, 1e-300, 1e-40, 1e-8, 0.25, 1.0, 2.0, 3.0, 1e8, 1e300, inf,
                              -1.0, -inf], dtype=torch.float64).to(dtype)
    elementwise("rsqrt", torch.rsqrt, positives, "specials")
    elementwise("rsqrt", torch.rsqrt, (random64.abs() + 0.01).to(dtype), "random")

for dtype in (torch.float64, torch.float32):
    x = torch.randn(2, 3, 5, dtype=torch.float64).to(dtype)
    for dim in (0, 1, 2, -1):
        for unbiased in (True, False):
            for keepdim in (False, True):
                reduction("var", x, dim, f"rank3_dim{dim}_{int(unbiased)}{int(keepdim)}",
                          unbiased=unbiased, keepdim=keepdim)
    shifted = (torch.randn(4, 6, dtype=torch.float64) + 1e4).to(dtype)
    reduction("var", shifted, -1, "large_mean", unbiased=False, keepdim=True)
    one = torch.randn(3, 1, dtype=torch.float64).to(dtype)
    reduction("var", one, -1, "one_element_unbiased", unbiased=True, keepdim=False)
    reduction("var", one, -1, "one_element_biased", unbiased=False, keepdim=False)
    reduction("var", torch.tensor(2.5, dtype=dtype), 0, "zero_dim", unbiased=False, keepdim=False)

for dtype in (torch.float64, torch.float32):
    x = (torch.randn(2, 3, 5, dtype=torch.float64) * 3).to(dtype)
    for dim in (0, 1, -1):
        for keepdim in (False, True):
            reduction("logsumexp", x, dim, f"rank3_dim{dim}_{int(keepdim)}", keepdim=keepdim)
    spread = torch.randn(5, 4, dtype=torch.float64) * 3
    spread[0] += 1000
    spread[1] -= 1000
    spread[2, 1] = -inf
    spread[3, :] = -inf
    spread[4, 2] = inf
    reduction("logsumexp", spread.to(dtype), -1, "large_and_infinite", keepdim=False)
reduction("logsumexp", torch.tensor([[1, 2, 3], [0, -5, 7]]), 1, "integers", keepdim=False)

for dtype in (torch.float64, torch.float32, torch.int64):
    x = (torch.randn(3, 4, 5, dtype=torch.float64) * 5).to(dtype)
    for dim, index_shape in ((0, (2, 4, 5)), (1, (3, 6, 2)), (2, (3, 4, 7)), (-1, (1, 2, 3))):
        index = torch.randint(0, x.size(dim), index_shape)
        out = torch.gather(x, dim, index)
        emit(f"gather.{dtype}.dim{dim}".replace("torch.", ""),
             [("dtype", [DTYPES[dtype]]), ("shape", sizes(x)), ("x", x), ("dim", [dim]),
              ("index_shape", sizes(index)), ("index", index), ("out", out)])
logits = torch.randn(6, 4, dtype=torch.float64)
target = torch.tensor([[3], [0], [1], [1], [2], [0]])
emit("gather.float64.targets_of_rows",
     [("dtype", [0]), ("shape", [6, 4]), ("x", logits), ("dim", [1]), ("index_shape", [6, 1]),
      ("index", target), ("out", torch.gather(logits, 1, target))])

for what, index, num_classes in (("vector", torch.tensor([2, 0, 1, 2]), 3),
                                 ("vector_inferred", torch.tensor([2, 0, 4, 2]), -1),
                                 ("matrix_more_classes", torch.tensor([[0, 1], [3, 2]]), 6),
                                 ("zero_dim", torch.tensor(1), 2),
                                 ("empty", torch.zeros(0, dtype=torch.int64), 3)):
    out = F.one_hot(index, num_classes)
    emit(f"one_hot.int64.{what}",
         [("shape", sizes(index)), ("index", index), ("num_classes", [num_classes]),
          ("out_shape", sizes(out)), ("out", out)])
