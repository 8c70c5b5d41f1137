#!/usr/bin/env python3
"""Exec-to-prompt time of an interactive program on a pseudo-terminal.

Usage: pty_startup.py [--runs N] [--prompt TEXT] -- PROGRAM [ARGS...]

Starts PROGRAM on a fresh pty N times, measures the wall time from fork/exec
until TEXT first appears in its output, sends Ctrl-D, and prints the median,
min and max in milliseconds. Uses the standard library only.
"""
import os, pty, select, signal, statistics, sys, termios, time


def once(argv, prompt, timeout=5.0):
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["XDG_STATE_HOME"] = os.environ.get("BENCH_STATE", "/tmp/bindlab-bench-state")
        os.execvp(argv[0], argv)
    seen = b""
    elapsed = None
    deadline = start + timeout
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if prompt in seen:
                elapsed = (time.perf_counter() - start) * 1000
                break
    # Ctrl-D only once the editor reads raw keys: sent to the cooked terminal
    # it would be lost, and the program would wait forever.
    while time.perf_counter() < deadline and termios.tcgetattr(fd)[3] & termios.ICANON:
        time.sleep(0.001)
    os.write(fd, b"\x04")
    for _ in range(500):
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.01)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)
    if elapsed is None:
        raise SystemExit(f"no prompt {prompt!r} within {timeout}s; saw {seen[-200:]!r}")
    return elapsed


def main():
    args = sys.argv[1:]
    runs, prompt = 30, b"bindlab("
    while args and args[0] != "--":
        if args[0] == "--runs":
            runs = int(args[1]); args = args[2:]
        elif args[0] == "--prompt":
            prompt = args[1].encode(); args = args[2:]
        else:
            raise SystemExit(__doc__)
    argv = args[1:]
    if not argv:
        raise SystemExit(__doc__)
    once(argv, prompt)  # warm the page cache
    times = sorted(once(argv, prompt) for _ in range(runs))
    print(f"exec to prompt on a pty, {runs} runs: median {statistics.median(times):.1f} ms "
          f"(min {times[0]:.1f}, max {times[-1]:.1f})")


if __name__ == "__main__":
    main()
