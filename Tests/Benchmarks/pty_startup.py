#!/usr/bin/env python3
"""Exec-to-prompt time of an interactive program on a pseudo-terminal.

Usage: pty_startup.py [--runs N] [--prompt TEXT] [--also PROMPT COMMAND]... -- PROGRAM [ARGS...]

Starts PROGRAM on a fresh pty N times, measures the wall time from fork/exec
until TEXT first appears in its output, sends Ctrl-D, and prints the median,
min and max in milliseconds. Each `--also` adds an anchor timed in the same
run: COMMAND (split as a shell would, no shell started) until PROMPT appears;
the programs take turns, one start each a round, so that a change in the
machine's load falls on all of them alike. A program may also exit right
after its prompt (a hello world). Uses the standard library only.
"""
import os, pty, select, shlex, signal, statistics, sys, termios, time


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
    exited = False
    while time.perf_counter() < deadline and termios.tcgetattr(fd)[3] & termios.ICANON:
        exited = os.waitpid(pid, os.WNOHANG)[0] != 0
        if exited:
            break
        time.sleep(0.001)
    if not exited:
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
    anchors = []
    while args and args[0] != "--":
        if args[0] == "--runs":
            runs = int(args[1]); args = args[2:]
        elif args[0] == "--prompt":
            prompt = args[1].encode(); args = args[2:]
        elif args[0] == "--also":
            anchors.append((args[2], shlex.split(args[2]), args[1].encode())); args = args[3:]
        else:
            raise SystemExit(__doc__)
    argv = args[1:]
    if not argv:
        raise SystemExit(__doc__)
    programs = [(" ".join(argv), argv, prompt)] + anchors
    for _, command, text in programs:
        once(command, text)  # warm the page cache
    times = {name: [] for name, _, _ in programs}
    for round in range(runs):
        turn = programs[round % len(programs):] + programs[:round % len(programs)]
        for name, command, text in turn:
            times[name].append(once(command, text))
    width = max(len(name) for name, _, _ in programs)
    first = statistics.median(times[programs[0][0]])
    for name, _, _ in programs:
        values = sorted(times[name])
        median = statistics.median(values)
        ratio = "" if name == programs[0][0] else f"  (the first takes {first / median:.2f}x this)"
        print(f"{name:<{width}}  exec to prompt on a pty, {runs} runs: median {median:.1f} ms "
              f"(min {values[0]:.1f}, max {values[-1]:.1f}){ratio}")


if __name__ == "__main__":
    main()
