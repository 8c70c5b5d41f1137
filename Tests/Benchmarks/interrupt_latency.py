#!/usr/bin/env python3
"""How long Ctrl-C takes to stop a long command (Docs/robustness.md).

Starts bindlab on a pseudo-terminal with --backend all, runs a session of
20,000 `orders load 1000000` (a load on every lane takes under a
millisecond now: 40 ended before the press), presses Ctrl-C after a delay,
and measures the time until `interrupted` appears; then checks that the
prompt answers.

    python3 Tests/Benchmarks/interrupt_latency.py [--runs N] [--delay S] [--spread S] -- BINARY

With a fixed delay each run presses Ctrl-C at about the same point of the
same load, so in the same lane's job, and the runs agree with each other
more than they say about Ctrl-C in general. `--spread S` presses run i of N
at DELAY + i*S/N instead: with S the length of one load on every backend
(about 0.8 s in release), the presses fall evenly over the lanes' jobs, and
the figures describe a press at any moment. Each run prints its delay and
latency with `--verbose`.

`--line TEXT --count N` runs a session of N other lines instead: a control
of the harness itself, e.g. `--line ':clock' --count 100000`, whose lines
are each over in microseconds, measures the signal's path and the harness
alone (the replay asks for Ctrl-C before each line).

`--typed TEXT` types one command at the prompt instead of a `:run`, and
presses Ctrl-C DELAY seconds after TEXT's echo: `--typed ':bench'` times
Ctrl-C in the bench, which bindlab runs as a child (`bindlab-bench` beside
the binary), from the press to bindlab's `interrupted` line.
"""
import argparse, os, pty, select, signal, statistics, sys, tempfile, termios, time


def read_until(fd, needle, timeout):
    out = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.005)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            out += chunk
            # Only the new bytes (and a needle's length before them): a long
            # output searched whole on every read would time the search.
            if needle in out[-(len(chunk) + len(needle)):]:
                return out, time.monotonic()
    raise SystemExit(f"timed out waiting for {needle!r}")


def drain(fd, seconds):
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([fd], [], [], min(left, 0.005))
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                return


def one_run(binary, script, line, delay, typed=None):
    pid, fd = pty.fork()
    if pid == 0:
        state = tempfile.mkdtemp()
        os.environ.update({"TERM": "xterm", "XDG_STATE_HOME": state, "HOME": state, "EDITRC": "/nonexistent"})
        os.execv(binary, [binary, "--backend", "all"])
    try:
        read_until(fd, b"bindlab(", 10)
        while termios.tcgetattr(fd)[3] & termios.ICANON:
            time.sleep(0.001)
        if typed:
            os.write(fd, f"{typed}\r".encode())
            read_until(fd, typed.encode(), 10)
        else:
            os.write(fd, f":run {script}\r".encode())
            read_until(fd, line.encode(), 10)
        # Read on while waiting, as a terminal does: a harness that slept
        # here let the pty's buffer fill, bindlab then waited in write()
        # between two lines, and a press then found it idle (0 ms).
        drain(fd, delay)
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
    parser.add_argument("--spread", type=float, default=0.0)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--line", default="orders load 1000000")
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--typed", default=None)
    parser.add_argument("binary", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    binary = [b for b in arguments.binary if b != "--"][0]
    with tempfile.NamedTemporaryFile("w", suffix=".session", delete=False) as script:
        script.write(f"> {arguments.line}\n" * arguments.count)
    latencies = []
    for run in range(arguments.runs):
        delay = arguments.delay + run * arguments.spread / arguments.runs
        latencies.append(one_run(binary, script.name, arguments.line, delay, arguments.typed))
        if arguments.verbose:
            print(f"delay {delay:.3f} s: {1000 * latencies[-1]:.0f} ms", flush=True)
    os.unlink(script.name)
    ms = sorted(1000 * latency for latency in latencies)
    spread = f", delays {arguments.delay:g}-{arguments.delay + arguments.spread:g} s" if arguments.spread else ""
    print(f"Ctrl-C to 'interrupted', {len(ms)} runs{spread}: median {statistics.median(ms):.0f} ms, "
          f"min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms")


if __name__ == "__main__":
    main()
