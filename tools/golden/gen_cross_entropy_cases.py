#!/usr/bin/python3
"""Generates reference/cross_entropy/tests/data/cross_entropy_cases.txt: F.cross_entropy's outputs
in float64 (reduction='mean'), for the cross_entropy reference to be checked against (the C++ test
needs no PyTorch).

Float32 logits are recorded as their float32 values (exact in float64), with F.cross_entropy of
logits.double() as the output, which is what the reference computes. Run offline with Debian's
python3-torch:

    /usr/bin/python3 tools/golden/gen_cross_entropy_cases.py > reference/cross_entropy/tests/data/cross_entropy_cases.txt
"""
import torch
import torch.nn.functional as F

torch.manual_seed(20261205)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def case(name, logits, target, ignore_index=-100, label_smoothing=0.0):
    out = F.cross_entropy(logits.double(), target, ignore_index=ignore_index,
                          label_smoothing=label_smoothing, reduction="mean")
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in logits.shape))
    print("ignore_index", ignore_index)
    print("label_smoothing", repr(label_smoothing))
    print("logits", nums(logits.double()))
    print("target", " ".join(str(int(v)) for v in target.tolist()))
    print("out", repr(float(out)))
    print("end")


def randn(*shape):
    return torch.randn(*shape, dtype=torch.float64) * 3


print("# torch", torch.__version__, "- F.cross_entropy(logits.double(), target, ...); see tools/golden/gen_cross_entropy_cases.py")
case("plain", randn(5, 4), torch.tensor([0, 3, 1, 1, 2]))
case("one_row", randn(1, 6), torch.tensor([5]))
case("one_class", randn(3, 1), torch.tensor([0, 0, 0]))
case("smoothing_0.1", randn(4, 5), torch.tensor([4, 0, 2, 2]), label_smoothing=0.1)
case("smoothing_0.3_one_class", randn(2, 1), torch.tensor([0, 0]), label_smoothing=0.3)
case("ignored_rows", randn(5, 3), torch.tensor([0, -100, 2, -100, 1]))
case("ignored_rows_smoothing", randn(5, 3), torch.tensor([0, -100, 2, -100, 1]), label_smoothing=0.2)
case("ignore_index_inside_classes", randn(6, 4), torch.tensor([1, 2, 2, 0, 3, 2]), ignore_index=2)
case("ignore_index_inside_smoothing", randn(6, 4), torch.tensor([1, 2, 2, 0, 3, 2]), ignore_index=2,
     label_smoothing=0.25)
big = randn(4, 5)
big[0] += 1000
big[1, 2] -= 1000
big[2] *= 300
big[3, 0] = 1000
case("logits_of_1000", big, torch.tensor([1, 2, 0, 4]))
case("logits_of_1000_smoothing", big, torch.tensor([1, 2, 0, 4]), label_smoothing=0.1)
case("every_row_ignored", randn(3, 4), torch.tensor([-100, -100, -100]))
case("float32_values", (randn(4, 3)).float(), torch.tensor([2, 0, 1, 1]))
