#!/usr/bin/python3
"""Generates reference/sampling/tests/data/sampling_cases.txt: the distribution a token is drawn
from after Hugging Face's TemperatureLogitsWarper, TopKLogitsWarper and TopPLogitsWarper (their
logic, written out here in PyTorch: transformers is not a Debian package), and the token an
inverse-CDF draw picks from it, for the sampling reference to be checked against (the C++ test needs
no PyTorch).

The warpers, as transformers 4.x writes them (min_tokens_to_keep = 1, filter value -inf):
  temperature: scores / T
  top-k: scores < torch.topk(scores, k).values[-1] are removed (ties with the k-th kept)
  top-p: sort ascending, cumulative softmax; remove where cumulative <= 1 - top_p, the last
         (most probable) token always kept; scatter back
then probs = softmax(scores). The draw: the first index whose cumulative probability exceeds u
(torch.searchsorted(cumsum, u, right=True)), clamped to the last kept token. Greedy
(temperature 0) is torch.argmax, the first index of the largest logit.

Top-p cases stay away from where the statement and Hugging Face may legitimately differ: no
cumulative sum within 1e-6 of 1 - top_p, and no two kept probabilities equal. Run offline with
Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_sampling_cases.py > reference/sampling/tests/data/sampling_cases.txt
"""
import torch

torch.manual_seed(20261205)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def warp(logits, temperature, top_k, top_p):
    scores = logits / temperature
    v = scores.numel()
    if 0 < top_k < v:
        kth = torch.topk(scores, top_k).values[-1]
        scores = scores.masked_fill(scores < kth, float("-inf"))
    if top_p < 1:
        sorted_logits, sorted_indices = torch.sort(scores, descending=False)
        cumulative = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        remove = cumulative <= (1 - top_p)
        remove[-1:] = False
        remove = remove.scatter(0, sorted_indices, remove)
        scores = scores.masked_fill(remove, float("-inf"))
    return scores


def boundary_safe(logits, temperature, top_k, top_p):
    if top_p >= 1:
        return True
    scores = warp(logits, temperature, top_k, 1.0)
    probs = scores.softmax(-1)
    kept = probs[probs > 0].sort().values
    if any(abs(float(a) - float(b)) < 1e-12 for a, b in zip(kept[:-1], kept[1:])):
        return False  # ties: the order among them is the statement's, not torch.sort's
    return all(abs(float(c) - (1 - top_p)) > 1e-6 for c in kept.cumsum(-1))


def case(name, logits, temperature, top_k, top_p, us):
    if temperature == 0:
        probs = torch.zeros_like(logits)
        probs[int(torch.argmax(logits))] = 1.0
    else:
        assert boundary_safe(logits, temperature, top_k, top_p), name
        probs = warp(logits, temperature, top_k, top_p).softmax(-1)
    cumulative = probs.cumsum(-1)
    last_kept = int(torch.nonzero(probs > 0).max())
    picks = [min(int(torch.searchsorted(cumulative, torch.tensor([u], dtype=torch.float64),
                                        right=True)), last_kept) for u in us]
    print(f"case {name}")
    print("V", logits.numel())
    print("logits", nums(logits))
    print("temperature", repr(float(temperature)))
    print("top_k", top_k)
    print("top_p", repr(float(top_p)))
    print("probs", nums(probs))
    print("us", " ".join(repr(u) for u in us))
    print("picks", " ".join(str(p) for p in picks))
    print("end")


def randn(v):
    return torch.randn(v, dtype=torch.float64) * 2


def random_us(n=6):
    return [float(u) for u in torch.rand(n, dtype=torch.float64)]


print("# torch", torch.__version__,
      "- Hugging Face's temperature, top-k and top-p warpers; see tools/golden/gen_sampling_cases.py")
case("plain", randn(6), 1.0, 0, 1.0, random_us())
case("one_token", randn(1), 0.7, 0, 1.0, random_us(3))
case("cold", randn(8), 0.3, 0, 1.0, random_us())
case("hot", randn(8), 2.5, 0, 1.0, random_us())
case("top_k_1", randn(7), 1.0, 1, 1.0, random_us(3))
case("top_k_3", randn(9), 0.8, 3, 1.0, random_us())
case("top_k_equals_V", randn(5), 1.3, 5, 1.0, random_us())
case("top_k_above_V", randn(5), 1.3, 12, 1.0, random_us())
case("top_k_ties_kept", torch.tensor([0.5, 2.0, 1.0, 2.0, 1.0, 1.0, -1.0], dtype=torch.float64),
     1.0, 3, 1.0, random_us())
case("greedy", randn(9), 0.0, 0, 1.0, [0.5])
case("greedy_ties_first", torch.tensor([1.0, 3.0, -2.0, 3.0, 3.0], dtype=torch.float64),
     0.0, 2, 0.9, [0.5])
made = 0
attempt = 0
while made < 12:
    attempt += 1
    v = int(torch.randint(2, 13, ()))
    logits = randn(v)
    temperature = [0.5, 0.8, 1.0, 1.7][attempt % 4]
    top_k = [0, 0, 2, 4, v][attempt % 5]
    top_p = [0.3, 0.6, 0.8, 0.95][attempt % 4]
    if not boundary_safe(logits, temperature, top_k, top_p):
        continue
    case(f"top_p_{made}", logits, temperature, top_k, top_p, random_us())
    made += 1
