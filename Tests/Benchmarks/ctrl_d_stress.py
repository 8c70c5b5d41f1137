#!/usr/bin/env python3
"""Ctrl-D pressed at random moments must always end the session (issue 22).

Starts the program on a pseudo-terminal, again and again, and presses Ctrl-D
once per run at a random offset after one of four moments:

  start   the program was just started (the first prompt may not be there yet)
  prompt  the prompt appeared
  output  a short command's output appeared (the next prompt is on its way)
  during  a long command's first line of output appeared (the rest is coming)

A run passes when the program then exits with status 0 within --timeout
seconds. A run that does not is a lost Ctrl-D; the script then sends Ctrl-L
and Ctrl-D and says whether the screen shows the reported symptom (a literal
^L, then a beep), kills the program and goes on. It prints, per moment, the
runs, the Ctrl-Ds lost, and the time from the press to the exit (median,
99th percentile, max), and exits 1 if any was lost.

    python3 Tests/Benchmarks/ctrl_d_stress.py [--runs N] [--seed S] -- .build/debug/linedemo
    python3 Tests/Benchmarks/ctrl_d_stress.py --preset bindlab --runs N -- .build/release/bindlab

The offsets are uniform in [0, SPREAD]; the defaults (--spread-*) cover the
moments where the terminal's mode changes: the few hundred microseconds
after a short command's output, in which the editor reads what was typed
ahead and libedit turns canonical mode off.
"""
import argparse, os, pty, random, select, signal, statistics, sys, tempfile, termios, time

PRESETS = {
    # prompt, short command and what its output contains, long command and its first line
    "linedemo": (b"demo> ", b"x\r", b"got: x\r\n", b"count 3000\r", b"line 1\r\n"),
    "bindlab": (b"bindlab(", b":clock\r", b"clock: auto", b":help\r", b"Screen actions"),
}


def canonical(fd):
    return termios.tcgetattr(fd)[3] & termios.ICANON


class Run:
    def __init__(self, argv):
        self.state = tempfile.TemporaryDirectory(prefix="ctrl-d-stress-")
        self.out = b""
        self.seen = 0
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            home = self.state.name
            os.environ.update({"TERM": "xterm", "HOME": home, "XDG_STATE_HOME": home + "/state",
                               "EDITRC": home + "/no-editrc", "NO_COLOR": "1", "SWIFT_BACKTRACE": "enable=no"})
            os.execv(argv[0], argv)
        self.pid, self.fd, self.status = pid, fd, None

    def pump(self, seconds):
        """Reads what comes within `seconds`, returning as soon as something
        came (so that a needle is seen at once); False once the program is gone."""
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if ready:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            self.out += chunk
        return True

    def expect(self, needle, timeout=10):
        end = time.perf_counter() + timeout
        while True:
            index = self.out.find(needle, self.seen)
            if index >= 0:
                self.seen = index + len(needle)
                return
            if time.perf_counter() > end or not self.pump(0.002) and self.out.find(needle, self.seen) < 0:
                raise RuntimeError(f"no {needle!r}; output {self.out[-300:]!r}")

    def wait_for_editing(self, timeout=10):
        end = time.perf_counter() + timeout
        while canonical(self.fd):
            if time.perf_counter() > end:
                raise RuntimeError("the program never started editing")
            self.pump(0.0005)

    def exited(self):
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
        return self.status is not None

    def finish(self):
        if not self.exited():
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)
        self.state.cleanup()


def spin(seconds):
    """Waits `seconds` precisely (sleeping would round up to the timer's tick)."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def one_run(argv, moment, delay, preset, timeout):
    prompt, short, short_seen, long, long_seen = preset
    run = Run(argv)
    try:
        if moment == "start":
            spin(max(0, delay - (time.perf_counter() - run.started)))
        else:
            run.expect(prompt)
            run.wait_for_editing()
            if moment == "output":
                os.write(run.fd, short)
                run.expect(short_seen)
            elif moment == "during":
                os.write(run.fd, long)
                run.expect(long_seen)
            spin(delay)
        pressed = time.perf_counter()
        os.write(run.fd, b"\x04")
        end = pressed + timeout
        while time.perf_counter() < end:
            alive = run.pump(0.001)
            if run.exited():
                return ("ok" if os.waitstatus_to_exitcode(run.status) == 0 else "bad status"), time.perf_counter() - pressed
            if not alive:
                time.sleep(0.001)
        # Lost: is it the reported symptom? Ctrl-L goes in literally, then Ctrl-D beeps.
        before = len(run.out)
        os.write(run.fd, b"\x0c\x04")
        end = time.perf_counter() + 0.3
        while time.perf_counter() < end and run.pump(0.01):
            pass
        after = run.out[before:]
        symptom = b"^L" in after and b"\x07" in after and not run.exited()
        return ("lost (^L literal, ^D beeps)" if symptom else f"lost, then {after[-60:]!r}"), None
    finally:
        run.finish()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--moments", default="start,prompt,output,during")
    parser.add_argument("--preset", choices=PRESETS, default="linedemo")
    parser.add_argument("--timeout", type=float, default=2.0, help="seconds a run may take to exit after Ctrl-D")
    parser.add_argument("--spread-start", type=float, default=0.030)
    parser.add_argument("--spread-prompt", type=float, default=0.0003)
    parser.add_argument("--spread-output", type=float, default=0.0005)
    parser.add_argument("--spread-during", type=float, default=0.005)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("argv", nargs="+")
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.randrange(1 << 32)
    generator = random.Random(seed)
    moments = options.moments.split(",")
    spreads = {m: getattr(options, "spread_" + m) for m in moments}
    results = {m: {"runs": 0, "lost": [], "latency": [], "other": []} for m in moments}
    began = time.perf_counter()
    for index in range(options.runs):
        moment = moments[index % len(moments)]
        delay = generator.uniform(0, spreads[moment])
        outcome, latency = one_run(options.argv, moment, delay, PRESETS[options.preset], options.timeout)
        entry = results[moment]
        entry["runs"] += 1
        if outcome.startswith("lost"):
            entry["lost"].append((round(delay * 1e6), outcome))
        elif outcome != "ok":
            entry["other"].append((round(delay * 1e6), outcome))
        else:
            entry["latency"].append(latency)
        if options.verbose or outcome != "ok":
            print(f"run {index}: {moment} +{delay * 1e6:.0f} us: {outcome}", flush=True)
    elapsed = time.perf_counter() - began
    print(f"{options.runs} runs in {elapsed:.0f} s, seed {seed}, {' '.join(options.argv)}")
    total_lost = 0
    for moment, entry in results.items():
        latency = sorted(entry["latency"])
        figures = ""
        if latency:
            p99 = latency[min(len(latency) - 1, int(len(latency) * 0.99))]
            figures = (f"exit after the press: median {statistics.median(latency) * 1e3:.1f} ms, "
                       f"p99 {p99 * 1e3:.1f} ms, max {latency[-1] * 1e3:.1f} ms")
        lost = entry["lost"]
        total_lost += len(lost) + len(entry["other"])
        symptom = sum(1 for _, outcome in lost if "^L" in outcome)
        print(f"  {moment:7} (+0-{spreads[moment] * 1e6:.0f} us): {entry['runs']} runs, {len(lost)} lost"
              + (f" ({symptom} with the ^L symptom, at +{sorted(d for d, _ in lost)} us)" if lost else "")
              + (f", {len(entry['other'])} other failures" if entry["other"] else "")
              + (f"; {figures}" if figures else ""))
    sys.exit(1 if total_lost else 0)


if __name__ == "__main__":
    main()
