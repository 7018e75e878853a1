#!/usr/bin/env python3
"""Train one model under a wall-clock budget, resuming from its last checkpoint.

    /usr/bin/python3 train/train.py --data work/data/en-fr \
        --arch-config train/configs/en-fr-transformer.json --out work/ckpt/en-fr-transformer --budget-min 600

--budget-min is the TOTAL training time across restarts, measured by --budget-clock: wall (default)
or cpu (the process's CPU time: a niced run that shares the cores with other work is not charged
for the time it waits; evaluations are spaced by the same clock). The elapsed time is stored in the
checkpoint). OUT/last.pt is written every `ckpt_every_min`, at the budget end and on SIGTERM /
SIGINT; OUT/best.pt keeps the model with the best greedy valid BLEU; OUT/done marks a finished
budget (rerunning with a larger --budget-min continues). Log: OUT/log.txt.

--device cuda (or auto) trains on a GPU. Under torchrun the same script trains data-parallel, one
process per core group or GPU (gloo on CPU, NCCL on GPU; attnseq_train/distributed.py):

    torchrun --standalone --nproc_per_node 2 train/train.py --data ... --threads 1 ...
"""
import argparse
import json
import math
import os
import signal
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import checkpoint as ckpt  # noqa: E402
from attnseq_train.batching import collate, load_split, make_batches, to_device  # noqa: E402
from attnseq_train.distributed import World, pick_device  # noqa: E402
from attnseq_train.bleu import format_bleu  # noqa: E402
from attnseq_train.init import init_weights  # noqa: E402
from attnseq_train.models import PAD, build_model  # noqa: E402
from attnseq_train.transfer import init_from_file  # noqa: E402
from attnseq_train.validate import Validator  # noqa: E402

TRAIN_DEFAULTS = {"batch_tokens": 4000, "lr": 1e-3, "schedule": "rsqrt", "warmup": 1000,
                  "label_smoothing": 0.1, "clip": 1.0, "seed": 1, "eval_every_min": 10,
                  "ckpt_every_min": 5, "plateau_factor": 0.5, "min_lr": 1e-4, "n_bleu": 300,
                  "weight_decay": 0.0, "avg_keep": 6, "anneal_min": 0}

STOP = {"flag": False}
REWARM_STEPS = 100  # after --seed-from: lr ramps from 0 to the schedule's value over this many steps


def snapshot_vocab_digest(data_dir):
    """SHA-256 over the prepared vocabularies' pieces and scores: a snapshot only fits data with the same
    vocabulary. (Not over the .model files: they also record the paths they were trained from.)"""
    import hashlib
    import sentencepiece as spm
    with open(os.path.join(data_dir, "meta.json")) as f:
        meta = json.load(f)
    h = hashlib.sha256()
    for side in ("src_spm", "tgt_spm"):
        sp = spm.SentencePieceProcessor(model_file=os.path.join(data_dir, meta[side]))
        for i in range(sp.get_piece_size()):
            h.update(f"{sp.id_to_piece(i)}\t{sp.get_score(i)!r}\n".encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()


def on_signal(signum, frame):
    STOP["flag"] = True


class Logger:
    def __init__(self, path):
        self.f = open(path, "a", encoding="utf-8") if path else None

    def __call__(self, msg):
        if self.f is None:  # training processes other than the first stay quiet
            return
        line = time.strftime("%Y-%m-%d %H:%M:%S ") + msg
        print(line, flush=True)
        self.f.write(line + "\n")
        self.f.flush()


def model_config(arch, meta):
    cfg = dict(arch["model"])
    cfg["vocab_src"], cfg["vocab_tgt"] = meta["vocab_src"], meta["vocab_tgt"]
    if cfg["share_embeddings"] and not meta["joint"]:
        raise SystemExit("share_embeddings needs a joint vocabulary (prepare.py --joint)")
    return cfg


def lr_at(tc, sched, step):
    """rsqrt: peak * min(step/warmup, sqrt(warmup/step)); plateau: linear warmup then peak * scale."""
    step = max(step, 1)
    if tc["schedule"] == "rsqrt":
        return tc["lr"] * min(step / tc["warmup"], math.sqrt(tc["warmup"] / step))
    return tc["lr"] * min(1.0, step / tc["warmup"]) * sched["scale"]


def anneal_factor(tc, elapsed_s, budget_s):
    """Over the budget's last `anneal_min` minutes the lr falls linearly to min_lr: 1 before, min_lr/lr at the end."""
    span = tc.get("anneal_min", 0) * 60
    if span <= 0 or budget_s <= 0:
        return 1.0
    left = max(budget_s - elapsed_s, 0.0)
    if left >= span:
        return 1.0
    floor = tc["min_lr"] / tc["lr"]
    return floor + (1.0 - floor) * left / span


def eval_due(st, tc):
    """An evaluation is due when eval_every_min of the budget clock have passed since the last one, counted
    across restarts (the last one's elapsed time is in the checkpoint, or in its history). Counting from
    each restart instead, a run given less than that per sitting was never evaluated again."""
    last = st.get("last_eval_elapsed")
    if last is None:
        last = st["history"][-1]["elapsed_min"] * 60 if st.get("history") else 0.0
    return st["elapsed"] - last >= tc["eval_every_min"] * 60


def plateau_update(tc, sched, valid_loss):
    """Plateau schedule: halve the lr when the valid loss did not improve since the last eval."""
    if valid_loss < sched["best_loss"]:
        sched["best_loss"] = valid_loss
    elif tc["schedule"] == "plateau":
        sched["scale"] = max(sched["scale"] * tc["plateau_factor"], tc["min_lr"] / tc["lr"])


class Trainer:
    def __init__(self, a):
        self.a = a
        with open(a.arch_config) as f:
            self.arch = json.load(f)
        self.tc = dict(TRAIN_DEFAULTS, **self.arch.get("train", {}))
        with open(os.path.join(a.data, "meta.json")) as f:
            self.meta = json.load(f)
        self.cfg = model_config(self.arch, self.meta)
        self.world = World()
        self.device = pick_device(getattr(a, "device", "cpu"), self.world.local_rank)
        if self.device.type == "cuda":  # TensorFloat-32 matrix products (Ampere and later): float32 range, ~10-bit mantissa
            torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
        self.world.start(self.device)
        os.makedirs(a.out, exist_ok=True)
        self.log = Logger(os.path.join(a.out, "log.txt") if self.world.main else None)
        torch.manual_seed(self.tc["seed"])  # the same initial weights in every process
        self.model = init_weights(build_model(self.cfg)).to(self.device)
        self.opt = torch.optim.Adam(self.model.parameters(), lr=self.tc["lr"], betas=(0.9, 0.98), eps=1e-9,
                                    weight_decay=self.tc["weight_decay"])
        self.net = self.world.wrap(self.model)  # what the training steps run through (DDP with several processes)
        self.reseed_dropout(0)
        self.src, self.tgt = load_split(os.path.join(a.data, "train.pkl"))
        vs, vt = load_split(os.path.join(a.data, "valid.pkl"))
        self.validator = (Validator(a.data, self.meta, vs, vt, self.cfg["max_src_len"], self.tc["n_bleu"])
                          if self.world.main else None)
        self.grad_dump = []
        self.st = {"step": 0, "epoch": 0, "batch": 0, "elapsed": 0.0, "best_bleu": -1.0, "history": [],
                   "sched": {"scale": 1.0, "best_loss": float("inf")}, "tokens": 0}
        self.last = os.path.join(a.out, "last.pt")

    def reseed_dropout(self, step):
        """Processes other than the first draw their own dropout masks (process 0 keeps the saved stream)."""
        if self.world.rank > 0:
            torch.manual_seed(self.tc["seed"] * 1000003 + step * 1009 + self.world.rank)

    def resume(self):
        if not os.path.exists(self.last) and self.a.seed_from:
            self.seed_from(self.a.seed_from)
            return
        if not os.path.exists(self.last):
            n = sum(p.numel() for p in self.model.parameters())
            self.log(f"start {self.a.out}: params {n} config {json.dumps(self.cfg)} train {json.dumps(self.tc)}")
            if "init" in self.arch:  # transfer: only at a fresh start (a checkpoint or snapshot holds its own weights)
                self.log(init_from_file(self.model, self.arch["init"], self.a.data, self.meta))
            return
        c = ckpt.load(self.last)
        self.model.load_state_dict(c["model"])
        self.opt.load_state_dict(c["optimizer"])
        self.st = c["state"]
        ckpt.set_rng_state(c["rng"])
        self.reseed_dropout(self.st["step"])
        best = os.path.join(self.a.out, "best.pt")
        if os.path.exists(best):  # best.pt may be newer than last.pt (crash between the two)
            self.st["best_bleu"] = max(self.st["best_bleu"], ckpt.load(best)["valid_bleu"])
        self.log(f"resume from {self.last}: step {self.st['step']} epoch {self.st['epoch']} batch "
                 f"{self.st['batch']} elapsed {self.st['elapsed'] / 60:.1f} min best BLEU {self.st['best_bleu']:.2f}")

    def seed_from(self, path):
        """Continues a run from a snapshot: same config, same vocabulary (checked), its weights and step."""
        snap = ckpt.load(path)
        if snap["config"] != self.cfg:
            raise SystemExit(f"{path}: its model config differs from {self.a.arch_config} + {self.a.data}; "
                             f"delete the snapshot to start afresh")
        mine = snapshot_vocab_digest(self.a.data)
        if snap["vocab_sha256"] != mine:
            raise SystemExit(f"{path}: its vocabulary (sha256 {snap['vocab_sha256'][:12]}) is not the one prepared in "
                             f"{self.a.data} ({mine[:12]}); prepare the data as the snapshot's run did, or delete it")
        self.model.load_state_dict({k: v.float() for k, v in snap["model"].items()})
        self.st = snap["state"]
        self.st["rewarm_from"] = self.st["step"]
        # best.pt stayed on the other machine: the next evaluation writes a new one.
        self.st["snapshot_best_bleu"], self.st["best_bleu"] = self.st["best_bleu"], -1.0
        self.log(f"seed from snapshot {path}: step {self.st['step']} epoch {self.st['epoch']} elapsed "
                 f"{self.st['elapsed'] / 60:.1f} min best BLEU then {self.st['snapshot_best_bleu']:.2f} (fresh optimizer, "
                 f"{REWARM_STEPS}-step warm-up)")

    def save_last(self):
        if not self.world.main:
            return
        ckpt.atomic_save({"model": self.model.state_dict(), "optimizer": self.opt.state_dict(),
                          "state": self.st, "rng": ckpt.rng_state(), "config": self.cfg,
                          "arch_config": self.arch, "data": os.path.abspath(self.a.data), "meta": self.meta},
                         self.last)

    def save_best(self, bleu):
        ckpt.atomic_save({"model": self.model.state_dict(), "config": self.cfg, "arch_config": self.arch,
                          "train": self.tc, "data": os.path.abspath(self.a.data), "meta": self.meta,
                          "step": self.st["step"], "epoch": self.st["epoch"], "elapsed": self.st["elapsed"],
                          "tokens": self.st["tokens"], "valid_bleu": bleu,
                          "name": os.path.basename(os.path.normpath(self.a.out))},
                         os.path.join(self.a.out, "best.pt"))

    def save_recent(self):
        """Weights at each evaluation into OUT/recent/, the last `avg_keep` kept (train/average.py averages them)."""
        keep = self.tc["avg_keep"]
        if keep <= 0:
            return
        d = os.path.join(self.a.out, "recent")
        os.makedirs(d, exist_ok=True)
        ckpt.atomic_save({"model": self.model.state_dict(), "step": self.st["step"], "epoch": self.st["epoch"],
                          "elapsed": self.st["elapsed"], "tokens": self.st["tokens"]},
                         os.path.join(d, f"step-{self.st['step']:08d}.pt"))
        files = sorted(f for f in os.listdir(d) if f.startswith("step-") and f.endswith(".pt"))
        for f in files[:-keep]:
            os.remove(os.path.join(d, f))

    def evaluate(self):
        """Process 0 evaluates and saves; every process then takes its learning-rate scale."""
        if self.world.main:
            self.evaluate_main()
        self.st["sched"]["scale"] = self.world.share(self.st["sched"]["scale"])

    def evaluate_main(self):
        t0 = time.time()
        self.save_recent()
        vloss = self.validator.loss(self.model)
        b, hyps = self.validator.bleu(self.model)
        plateau_update(self.tc, self.st["sched"], vloss)
        rec = {"step": self.st["step"], "epoch": self.st["epoch"], "elapsed_min": self.st["elapsed"] / 60,
               "valid_loss": vloss, "valid_bleu": b["score"], "lr_scale": self.st["sched"]["scale"]}
        self.st["history"].append(rec)
        best = b["score"] > self.st["best_bleu"]
        if best:
            self.st["best_bleu"] = b["score"]
            self.save_best(b["score"])
        self.log(f"eval step {self.st['step']}: valid loss {vloss:.4f} ppl {math.exp(min(vloss, 50)):.2f} "
                 f"{format_bleu(b)}{' (best)' if best else ''} [{time.time() - t0:.0f}s]")
        for g, h in list(zip(self.validator.groups, hyps))[:2]:
            self.log(f"  sample: {g['src']!r} -> {h!r}")
        self.model.train()

    def train_step(self, idx):
        """One optimizer step on the batch `idx` (this process runs its share of the rows)."""
        ntok = sum(len(self.tgt[i]) + 1 for i in idx)  # target tokens of the whole batch, eos included
        nsrc = sum(len(self.src[i]) for i in idx)
        b = to_device(collate(self.src, self.tgt, self.world.shard(idx)), self.device)
        lr = lr_at(self.tc, self.st["sched"], self.st["step"] + 1)
        lr *= anneal_factor(self.tc, self.st["elapsed"], self.a.budget_min * 60)
        if "rewarm_from" in self.st:  # continuing from a snapshot with a fresh optimizer
            lr *= min(1.0, (self.st["step"] + 1 - self.st["rewarm_from"]) / REWARM_STEPS)
        for g in self.opt.param_groups:
            g["lr"] = lr
        logits = self.net(b["src"], b["src_len"], b["tgt_in"])
        loss_sum = F.cross_entropy(logits.reshape(-1, logits.size(-1)), b["tgt_out"].reshape(-1), ignore_index=PAD,
                                   label_smoothing=self.tc["label_smoothing"], reduction="sum")
        self.opt.zero_grad(set_to_none=True)
        # DDP averages the processes' gradients: scaled by world / ntok, the average is the gradient of the
        # whole batch's per-token loss, as one process computes it.
        (loss_sum * (self.world.size / ntok)).backward()
        if getattr(self.a, "dump_grads", None) and self.world.main:
            self.grad_dump.append({k: p.grad.detach().cpu().clone() for k, p in self.model.named_parameters()
                                   if p.grad is not None})
        gnorm = torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.tc["clip"])
        self.opt.step()
        self.st["step"] += 1
        self.st["tokens"] += ntok
        # the loss shown is this process's rows' (all of the batch with one process)
        return float(loss_sum) / max(b["ntok"], 1), ntok, nsrc, lr, float(gnorm)

    def run(self):
        budget = self.a.budget_min * 60
        max_steps = getattr(self.a, "max_steps", None)
        self.resume()
        self.model.train()
        budget_clock = getattr(self.a, "budget_clock", "wall")  # (callers that build the arguments by hand)
        clock = time.process_time if budget_clock == "cpu" else time.time
        self.st["clock"] = budget_clock
        t_start, base = clock(), self.st["elapsed"]
        last_ckpt = last_log = time.time()
        win = {"loss": 0.0, "n": 0, "tok": 0, "src": 0}
        main = self.world.main
        # every process reaches each decision together: process 0's clocks, anyone's signal
        stop, over = self.world.agree(STOP["flag"], main and self.st["elapsed"] >= budget)
        while not stop and not over:
            batches = make_batches(self.src, self.tgt, self.tc["batch_tokens"], self.tc["seed"], self.st["epoch"])
            while self.st["batch"] < len(batches) and not stop:
                idx = batches[self.st["batch"]]
                self.st["batch"] += 1
                if len(idx) < self.world.size:  # too few rows to give every process one (all skip it alike)
                    continue
                loss, ntok, nsrc, lr, gnorm = self.train_step(idx)
                self.st["elapsed"] = base + clock() - t_start
                win["loss"] += loss * ntok
                win["n"] += 1
                win["tok"] += ntok
                win["src"] += nsrc
                now = time.time()
                if now - last_log >= self.a.log_every_s:
                    dt = now - last_log
                    self.log(f"step {self.st['step']} ep {self.st['epoch']} {self.st['batch']}/{len(batches)} "
                             f"loss {win['loss'] / max(win['tok'], 1):.4f} lr {lr:.2e} gnorm {gnorm:.2f} "
                             f"tgt tok/s {win['tok'] / dt:.0f} src+tgt tok/s {(win['tok'] + win['src']) / dt:.0f} "
                             f"elapsed {self.st['elapsed'] / 60:.1f}m")
                    win, last_log = {"loss": 0.0, "n": 0, "tok": 0, "src": 0}, now
                stop, do_eval, do_ckpt, over = self.world.agree(
                    STOP["flag"] or (max_steps is not None and self.st["step"] >= max_steps),
                    main and eval_due(self.st, self.tc),
                    main and time.time() - last_ckpt >= self.tc["ckpt_every_min"] * 60,
                    main and self.st["elapsed"] >= budget)
                if do_eval:
                    self.evaluate()
                    self.st["last_eval_elapsed"] = self.st["elapsed"]
                if do_ckpt:
                    self.save_last()
                    last_ckpt = time.time()
                if over:
                    break
            if self.st["batch"] >= len(batches):
                self.st["epoch"] += 1
                self.st["batch"] = 0
                self.log(f"epoch {self.st['epoch']} begins at step {self.st['step']}")
        self.finish(budget, over)
        if getattr(self.a, "dump_grads", None) and main:
            torch.save(self.grad_dump, self.a.dump_grads)
        self.world.stop()

    def finish(self, budget, over):
        self.st["elapsed"] = max(self.st["elapsed"], 0.0)
        if over:
            self.evaluate()
            self.save_last()
            if self.world.main:
                with open(os.path.join(self.a.out, "done"), "w") as f:
                    json.dump({"step": self.st["step"], "elapsed_min": self.st["elapsed"] / 60,
                               "best_bleu": self.st["best_bleu"], "budget_min": self.a.budget_min}, f)
            self.log(f"budget reached: step {self.st['step']} best valid BLEU {self.st['best_bleu']:.2f}")
        else:
            self.save_last()
            self.log(f"stopped at step {self.st['step']} (signal or --max-steps), checkpoint saved")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--arch-config", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--budget-min", type=float, required=True)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--budget-clock", choices=("wall", "cpu"), default="wall",
                    help="what --budget-min counts: wall-clock time or the process's CPU time")
    ap.add_argument("--log-every-s", type=float, default=60)
    ap.add_argument("--seed-from", help="snapshot (train/snapshot.py) to continue from when OUT has no checkpoint: "
                    "weights and progress from another machine; the optimizer restarts with a short warm-up")
    ap.add_argument("--device", default="cpu", choices=("cpu", "cuda", "auto"),
                    help="where to train: cpu, cuda (one GPU per process under torchrun) or auto (cuda when available)")
    ap.add_argument("--max-steps", type=int, help="stop after this many optimizer steps in all (checkpoint kept, no done)")
    ap.add_argument("--dump-grads", metavar="FILE",
                    help="save the gradients of every step (after averaging over processes, before clipping): for tests")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    trainer = Trainer(a)
    trainer.run()
    if trainer.world.size > 1:  # see World.stop: no process-group teardown (checkpoints and log are written)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


if __name__ == "__main__":
    main()
