#!/usr/bin/env python3
"""Edit-to-verdict of `bindlab kit watch`: a one-line change saved, to the
verdict on the screen.

Usage: kit_edit_to_verdict.py [--runs N] [--package DIR] [--mode notified|poll]

Works in the scratch copy `bindlab kit selfcheck` keeps (.build/kit-selfcheck/
package; made by running the selfcheck first when it is not there), never in
the repository's own slot: there it makes a kit `bench` with tasks 1-3 solved
(`kit new bench --force`, `kit solve 1..3 --force`), starts `kit watch` on a
pseudo-terminal, and N times rewrites one line of Orders/OrdersViewModel.swift
(`listener?.showLoading()` and `if let listener { listener.showLoading() }` in
turn: the same behaviour, other code, so the module is recompiled and bindlab
relinked), timing each save to the end of the verdict (the watch prints its
keys line after each run: task 4 is the first failure). Prints the median,
min and max in seconds. Uses the standard library only.
"""
import os, pty, select, statistics, subprocess, sys, time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
KEYS = b"h hint \xc2\xb7 n next task"
ONE = "        listener?.showLoading()\n"
OTHER = "        if let listener { listener.showLoading() }\n"


def read_until(fd, marker, timeout):
    seen = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        if marker in seen:
            return seen
    raise SystemExit("kit watch printed no verdict in %d s; it said:\n%s" % (timeout, seen.decode(errors="replace")[-2000:]))


def main():
    args = sys.argv[1:]
    runs, package, mode = 11, os.path.join(ROOT, ".build/kit-selfcheck/package"), "notified"
    while args:
        flag = args.pop(0)
        if flag == "--runs":
            runs = int(args.pop(0))
        elif flag == "--package":
            package = os.path.abspath(args.pop(0))
        elif flag == "--mode":
            mode = args.pop(0)
        else:
            raise SystemExit(__doc__)
    binary = os.path.join(package, ".build/debug/bindlab")
    if not os.access(binary, os.X_OK):
        print("making the scratch copy: bindlab kit selfcheck", file=sys.stderr)
        subprocess.run(["swift", "build", "--package-path", ROOT, "--product", "bindlab"], check=True)
        subprocess.run([os.path.join(ROOT, ".build/debug/bindlab"), "kit", "selfcheck"], check=True)
    subprocess.run([binary, "kit", "new", "bench", "--force"], check=True, stdout=subprocess.DEVNULL)
    for task in (1, 2, 3):
        subprocess.run([binary, "kit", "solve", str(task), "--force"], check=True, stdout=subprocess.DEVNULL)
    source = os.path.join(package, "Sources/Backends/Workshop/Orders/OrdersViewModel.swift")
    text = open(source).read()
    assert ONE in text, "Orders/OrdersViewModel.swift has no line to change"
    subprocess.run(["swift", "build", "--package-path", package, "--product", "bindlab"], check=True,
                   stdout=subprocess.DEVNULL)

    watch = [binary, "kit", "watch"] + (["--poll"] if mode == "poll" else [])
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, watch)
    times = []
    try:
        read_until(fd, KEYS, 120)  # the first run, before any edit
        for run in range(runs):
            text = text.replace(ONE, OTHER) if run % 2 == 0 else text.replace(OTHER, ONE)
            start = time.monotonic()
            with open(source, "w") as file:  # as an editor that writes in place
                file.write(text)
            read_until(fd, KEYS, 120)
            times.append(time.monotonic() - start)
            time.sleep(0.3)
        os.write(fd, b"q")
        os.waitpid(pid, 0)
    finally:
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    print("edit-to-verdict (kit watch, %s, %d one-line changes): median %.2f s, min %.2f s, max %.2f s"
          % (mode, runs, statistics.median(times), min(times), max(times)))


if __name__ == "__main__":
    main()
