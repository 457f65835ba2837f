#!/usr/bin/python3
"""Generates reference/beam_search/tests/data/beam_search_cases.txt: beam searches written here
apart from the C++ reference, over models whose next-token log-probabilities are
torch.log_softmax of random logits (float64), for the beam_search reference to be checked against
(the C++ test needs no PyTorch).

The search, as the statement words it: one live hypothesis with no tokens; each step extends
every live hypothesis by every token, takes the candidates in decreasing log_prob (ties: earlier
live hypothesis, then lower token) until beam_width of them do not end in eos (the next live set);
eos candidates taken before that point are finished. Stop after a step that leaves >= beam_width
finished, when none is live, or after max_new_tokens steps; the live ones left are finished too.
Result: finished by decreasing score = log_prob / len ** length_penalty (ties: higher log_prob,
then smaller tokens), at most beam_width.

Every prefix the search asks about is recorded with its values ("ask LEN TOKENS... VALUES..."),
so that the C++ test replays the same model; the result as "hyp LEN TOKENS... LOG_PROB SCORE".
Cases with two finished hypotheses of different lengths whose scores are within 1e-9 are drawn
again (programs may round a length penalty apart there). Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_beam_search_cases.py > reference/beam_search/tests/data/beam_search_cases.txt
"""
import torch

torch.manual_seed(20261206)


def nums(values):
    return " ".join(repr(float(v)) for v in values)


class Model:
    def __init__(self, v, eos, eos_bias, spread):
        self.v, self.eos, self.eos_bias, self.spread = v, eos, eos_bias, spread
        self.table = {}
        self.asked = []

    def __call__(self, prefix):
        key = tuple(prefix)
        if key not in self.table:
            logits = torch.randn(self.v, dtype=torch.float64) * self.spread
            logits[self.eos] += self.eos_bias
            self.table[key] = torch.log_softmax(logits, dim=0).tolist()
            self.asked.append(key)
        return self.table[key]


def search(model, bos, eos, beam_width, max_new_tokens, length_penalty):
    live = [((), 0.0)]
    finished = []
    steps = 0
    while steps < max_new_tokens and live:
        steps += 1
        candidates = []
        for h, (tokens, lp) in enumerate(live):
            values = model((bos,) + tokens)
            for t, value in enumerate(values):
                candidates.append((-(lp + value), h, t, tokens + (t,), lp + value))
        candidates.sort(key=lambda c: (c[0], c[1], c[2]))
        new_live = []
        for _, _, t, tokens, lp in candidates:
            if len(new_live) == beam_width:
                break
            if t == eos:
                finished.append((tokens, lp))
            else:
                new_live.append((tokens, lp))
        live = new_live
        if len(finished) >= beam_width:
            break
    finished += live
    scored = [(tokens, lp, lp / (len(tokens) ** length_penalty)) for tokens, lp in finished]
    for a in scored:
        for b in scored:
            if len(a[0]) != len(b[0]) and abs(a[2] - b[2]) <= 1e-9 * max(1.0, abs(a[2])):
                return None
    scored.sort(key=lambda h: (-h[2], -h[1], h[0]))
    return scored[:beam_width]


def case(name, v, bos, eos, beam_width, max_new_tokens, length_penalty, eos_bias=0.0, spread=2.0):
    while True:
        model = Model(v, eos, eos_bias, spread)
        result = search(model, bos, eos, beam_width, max_new_tokens, length_penalty)
        if result is not None:
            break
    print(f"case {name}")
    print(f"V {v}")
    print(f"bos {bos}")
    print(f"eos {eos}")
    print(f"beam_width {beam_width}")
    print(f"max_new_tokens {max_new_tokens}")
    print(f"length_penalty {length_penalty!r}")
    for prefix in model.asked:
        print(f"ask {len(prefix)} {' '.join(map(str, prefix))} {nums(model.table[prefix])}")
    print(f"results {len(result)}")
    for tokens, lp, score in result:
        print(f"hyp {len(tokens)} {' '.join(map(str, tokens))} {lp!r} {score!r}")
    print("end")


print("# torch " + torch.__version__ + " - beam searches written apart from the reference; "
      "see tools/golden/gen_beam_search_cases.py")
case("greedy", 6, 0, 1, 1, 5, 1.0)
case("one_step", 7, 0, 1, 3, 1, 1.0)
case("two_beams", 5, 0, 1, 2, 4, 1.0)
case("three_beams_eos_likely", 6, 0, 1, 3, 6, 1.0, eos_bias=1.0)
case("wide", 8, 2, 3, 4, 5, 1.0)
case("no_penalty", 6, 0, 5, 3, 6, 0.0, eos_bias=1.5)
case("half_penalty", 6, 0, 5, 3, 6, 0.5, eos_bias=1.5)
case("double_penalty", 5, 4, 0, 2, 7, 2.0, eos_bias=1.5)
case("eos_very_likely", 4, 0, 1, 3, 5, 1.0, eos_bias=3.0)
case("flat", 5, 0, 1, 3, 4, 1.0, spread=0.3)
case("beam_wider_than_vocabulary", 3, 0, 2, 5, 3, 1.0)
case("long", 4, 0, 3, 2, 12, 1.0, eos_bias=-1.0)
