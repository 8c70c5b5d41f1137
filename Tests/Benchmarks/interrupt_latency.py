#!/usr/bin/env python3
"""How long Ctrl-C takes to stop a long command (Docs/robustness.md).

Starts bindlab on a pseudo-terminal with --backend all, runs a session of
40 `orders load 1000000`, presses Ctrl-C after a delay, and measures the
time until `interrupted` appears; then checks that the prompt answers.

    python3 Tests/Benchmarks/interrupt_latency.py [--runs N] [--delay S] -- BINARY
"""
import argparse, os, pty, select, signal, statistics, sys, tempfile, termios, time


def read_until(fd, needle, timeout):
    out = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.005)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
            if needle in out:
                return out, time.monotonic()
    raise SystemExit(f"timed out waiting for {needle!r}")


def one_run(binary, script, delay):
    pid, fd = pty.fork()
    if pid == 0:
        state = tempfile.mkdtemp()
        os.environ.update({"TERM": "xterm", "XDG_STATE_HOME": state, "HOME": state, "EDITRC": "/nonexistent"})
        os.execv(binary, [binary, "--backend", "all"])
    try:
        read_until(fd, b"bindlab(", 10)
        while termios.tcgetattr(fd)[3] & termios.ICANON:
            time.sleep(0.001)
        os.write(fd, f":run {script}\r".encode())
        read_until(fd, b"orders load 1000000", 10)
        time.sleep(delay)
        pressed = time.monotonic()
        os.write(fd, b"\x03")
        out, seen = read_until(fd, b"interrupted", 120)
        if b"bindlab(" not in out[out.index(b"interrupted"):]:
            read_until(fd, b"bindlab(", 10)
        return seen - pressed
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--delay", type=float, default=0.4)
    parser.add_argument("binary", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    binary = [b for b in arguments.binary if b != "--"][0]
    with tempfile.NamedTemporaryFile("w", suffix=".session", delete=False) as script:
        script.write("> orders load 1000000\n" * 40)
    latencies = [one_run(binary, script.name, arguments.delay) for _ in range(arguments.runs)]
    os.unlink(script.name)
    ms = sorted(1000 * latency for latency in latencies)
    print(f"Ctrl-C to 'interrupted', {len(ms)} runs: median {statistics.median(ms):.0f} ms, "
          f"min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms")


if __name__ == "__main__":
    main()
