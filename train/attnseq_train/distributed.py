"""Data-parallel training across processes with PyTorch's own distributed package.

train.py runs as one process (world size 1: nothing here communicates) or under torchrun, one
process per CPU core group or GPU, on one machine or several:

    torchrun --standalone --nproc_per_node 2 train/train.py ...            (gloo on CPU)
    torchrun --nproc_per_node 8 train/train.py --device cuda ...           (NCCL, one GPU per process)

Every process builds the same batches (batching.make_batches depends only on seed and epoch); each
takes its share of a batch's sentences (rank r: rows r, r + world, ...), and DistributedDataParallel
averages the gradients. Each process scales its summed loss by world / (target tokens of the whole
batch), so the averaged gradient is the gradient of the whole batch's per-token loss: the same as a
single process on the same batch, up to the order of float summation. Decisions that depend on a
clock (evaluate, checkpoint, stop) are taken together (`agree`): any process's signal stops all, and
process 0's clock decides the rest; process 0 evaluates, logs and writes the checkpoints.
"""
import os

import torch
import torch.distributed as dist


def pick_device(name, local_rank):
    """'cpu', 'cuda' or 'auto' (cuda when available) -> torch.device; one GPU per local process."""
    if name == "auto":
        name = "cuda" if torch.cuda.is_available() else "cpu"
    if name == "cuda":
        if not torch.cuda.is_available():
            raise SystemExit("--device cuda: PyTorch sees no CUDA device (torch.cuda.is_available() is False); "
                             "use --device cpu, or install a CUDA build of PyTorch")
        if local_rank >= torch.cuda.device_count():
            raise SystemExit(f"process {local_rank} on this machine has no GPU of its own "
                             f"({torch.cuda.device_count()} visible): start at most that many per node")
        torch.cuda.set_device(local_rank)
        return torch.device("cuda", local_rank)
    if name != "cpu":
        raise SystemExit(f"--device {name}: expected cpu, cuda or auto")
    return torch.device("cpu")


class World:
    """This process's place among the training processes (from torchrun's environment)."""

    def __init__(self):
        self.size = int(os.environ.get("WORLD_SIZE", "1"))
        self.rank = int(os.environ.get("RANK", "0"))
        self.local_rank = int(os.environ.get("LOCAL_RANK", "0"))
        self.device = torch.device("cpu")

    @property
    def main(self):
        return self.rank == 0

    def start(self, device):
        """Joins the process group (gloo on CPU, NCCL on GPU) when there is more than one process."""
        self.device = device
        if self.size > 1 and not dist.is_initialized():
            dist.init_process_group("nccl" if device.type == "cuda" else "gloo")

    def stop(self):
        """Waits for every process to finish (process 0 writes the last checkpoint). The process group is
        not destroyed: torch 1.13's gloo group, freed after DDP's reducer, can deadlock on the GIL (a worker
        thread freeing a tensor while the destructor joins it, seen on CI); train.py ends a distributed
        process with os._exit once its files are written."""
        if self.size > 1 and dist.is_initialized():
            dist.barrier()

    def wrap(self, model):
        """The module to run forward/backward through: DDP when several processes train."""
        if self.size == 1:
            return model
        ids = [self.device.index] if self.device.type == "cuda" else None
        return torch.nn.parallel.DistributedDataParallel(model, device_ids=ids)

    def shard(self, idx):
        """This process's rows of a batch (all processes hold the same idx)."""
        return idx[self.rank::self.size]

    def agree(self, *flags):
        """Logical OR of each flag over all processes (a stop requested anywhere stops everyone)."""
        if self.size == 1:
            return [bool(f) for f in flags]
        t = torch.tensor([int(bool(f)) for f in flags], dtype=torch.int32, device=self.device)
        dist.all_reduce(t, op=dist.ReduceOp.MAX)
        return [bool(x) for x in t.tolist()]

    def share(self, value):
        """Process 0's float to every process (e.g. the learning-rate scale after an evaluation)."""
        if self.size == 1:
            return value
        t = torch.tensor([float(value)], dtype=torch.float64, device=self.device)
        dist.broadcast(t, src=0)
        return float(t.item())

    def barrier(self):
        if self.size > 1:
            dist.barrier()
