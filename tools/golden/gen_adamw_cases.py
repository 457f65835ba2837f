#!/usr/bin/python3
"""Generates reference/adamw/tests/data/adamw_cases.txt: torch.optim.AdamW (amsgrad off, maximize
off, foreach off) run for a few steps on one parameter, from a fresh state or from a state set
mid-training (step, exp_avg, exp_avg_sq), in float64, for the adamw reference to be checked
against (the C++ test needs no PyTorch). Each case records the parameter and the state before, each
step's gradient, and the parameter and the state after every step.

Run offline with Debian's python3-torch:

    /usr/bin/python3 tools/golden/gen_adamw_cases.py > reference/adamw/tests/data/adamw_cases.txt
"""
import torch

torch.manual_seed(20261206)


def nums(t):
    return " ".join(repr(float(v)) for v in t.reshape(-1).tolist())


def case(name, shape, steps, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
         resume_step=0, grad_scale=1.0):
    param = torch.randn(shape, dtype=torch.float64)
    p = torch.nn.Parameter(param.clone())
    opt = torch.optim.AdamW([p], lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                            foreach=False)
    print(f"case {name}")
    print("shape", " ".join(str(s) for s in shape))
    print("config", repr(lr), repr(betas[0]), repr(betas[1]), repr(eps), repr(weight_decay))
    print("param", nums(param))
    print("steps", steps)
    if resume_step:
        exp_avg = torch.randn(shape, dtype=torch.float64) * 0.1 * grad_scale
        exp_avg_sq = (torch.randn(shape, dtype=torch.float64) * grad_scale) ** 2
        opt.state[p] = {"step": torch.tensor(float(resume_step)), "exp_avg": exp_avg.clone(),
                        "exp_avg_sq": exp_avg_sq.clone()}
        print("start_step", resume_step)
        print("start_exp_avg", nums(exp_avg))
        print("start_exp_avg_sq", nums(exp_avg_sq))
    for i in range(steps):
        grad = torch.randn(shape, dtype=torch.float64) * grad_scale
        p.grad = grad.clone()
        opt.step()
        state = opt.state[p]
        print(f"grad{i}", nums(grad))
        print(f"param{i}", nums(p.detach()))
        print(f"exp_avg{i}", nums(state["exp_avg"]))
        print(f"exp_avg_sq{i}", nums(state["exp_avg_sq"]))
        print(f"step{i}", int(float(state["step"])))
    print("end")


print("# torch", torch.__version__, "- torch.optim.AdamW(foreach=False) in float64; see tools/golden/gen_adamw_cases.py")
case("defaults_one_step", (5,), 1)
case("defaults_four_steps", (2, 3), 4)
case("large_lr_and_decay", (3, 4), 3, lr=0.05, weight_decay=0.3)
case("other_betas", (4,), 3, lr=0.01, betas=(0.5, 0.95), weight_decay=0.1)
case("large_eps_small_grads", (2, 2), 3, lr=0.01, eps=1e-3, grad_scale=1e-3)
case("no_decay", (6,), 2, lr=0.02, weight_decay=0.0)
case("resumed_at_step_7", (3, 2), 3, lr=0.01, betas=(0.8, 0.99), weight_decay=0.1, resume_step=7)
case("resumed_at_step_1000", (5,), 2, resume_step=1000)
case("zero_dim", (), 3, lr=0.1, weight_decay=0.2)
case("rank3", (2, 2, 3), 2, lr=0.003, eps=1e-6, weight_decay=0.05)
