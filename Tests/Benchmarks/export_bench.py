#!/usr/bin/env python3
"""The export of the tour on every backend, timed: what Docs/performance.md
reports for `bindlab export --backend all html Sessions/01-tour.session`,
against its budget (under 200 ms, under 1 MB).

Each round runs, in turn, the export to a file, the same session replayed
without a page (`run`, to stdout, thrown away), and bindlab starting and
quitting (`-c :quit`), so that the three share the machine's state; it
reports the median, the fastest and the slowest wall time of each and its
CPU time (user and system), the page's size, and whether the budget holds
(on the median CPU time: bindlab runs on one thread, so that is its wall
time on an idle core, whatever else the machine runs). A benchmark, never a test: its
figures depend on the machine.

Usage: export_bench.py BINDLAB [--rounds N]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SESSION = "Sessions/01-tour.session"
BUDGET_MS = 200
BUDGET_BYTES = 1 << 20


def timed(command):
    """Wall time and CPU time (user + system) of one run, in milliseconds."""
    start = time.perf_counter()
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{command[1:3]} failed: exit {child.returncode}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bindlab")
    parser.add_argument("--rounds", type=int, default=30)
    options = parser.parse_args()
    bindlab = str(Path(options.bindlab).resolve())
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, "tour.html")
        cases = {
            "export --backend all html (the page)": [bindlab, "export", "--backend", "all", "html", SESSION, "-o", page],
            "run --backend all (the replay alone)": [bindlab, "run", "--backend", "all", SESSION],
            "export html (from delegate, as the README)": [bindlab, "export", "html", SESSION, "-o", page + ".1"],
            "-c :quit (start and quit)": [bindlab, "-c", ":quit"],
        }
        for command in cases.values():  # warm the file cache
            timed(command)
        times = {name: [] for name in cases}
        for _ in range(options.rounds):
            for name, command in cases.items():
                times[name].append(timed(command))
        size = os.path.getsize(page)
    with open("/proc/loadavg") as load:
        average = " ".join(load.read().split()[:3])
    print(f"{options.rounds} rounds, {os.cpu_count()} cores, load average {average}")
    print(f"  {'':42} {'wall: median':>14} {'min':>7} {'max':>7}   {'CPU: median':>12} {'min':>7}")
    for name, samples in times.items():
        walls = [wall for wall, _ in samples]
        cpus = [cpu for _, cpu in samples]
        print(f"  {name:42} {statistics.median(walls):11.1f} ms {min(walls):7.1f} {max(walls):7.1f}   "
              f"{statistics.median(cpus):9.1f} ms {min(cpus):7.1f}")
    export = times["export --backend all html (the page)"]
    wall = statistics.median(wall for wall, _ in export)
    cpu = statistics.median(cpu for _, cpu in export)
    print(f"  page size {size} bytes ({size / 1024:.0f} KiB)")
    # On a loaded machine the wall time is the CPU time stretched by waiting
    # for a core (bindlab runs on one thread): the budget is judged on the
    # median CPU time, what the wall time is on an idle core.
    within = cpu < BUDGET_MS and size < BUDGET_BYTES
    print(f"budget (under {BUDGET_MS} ms, under 1 MB): {'held' if within else 'NOT held'} "
          f"({cpu:.1f} ms CPU, median; {wall:.1f} ms wall; {size / (1 << 20):.2f} MB)")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
