"""Timing shared by the halves of scripts/bench.sh."""
import os
import subprocess
import time


def measure(argv, out, runs):
    """Best wall and CPU seconds over `runs` runs of argv, standard output to the file `out`."""
    best_wall = best_cpu = None
    for _ in range(runs):
        before = os.times()
        t0 = time.perf_counter()
        with open(out, "wb") as f:
            subprocess.run(argv, stdout=f, stderr=subprocess.DEVNULL, check=False)
        wall = time.perf_counter() - t0
        after = os.times()
        cpu = (after.children_user - before.children_user) + \
              (after.children_system - before.children_system)
        best_wall = wall if best_wall is None else min(best_wall, wall)
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
    return best_wall, best_cpu
