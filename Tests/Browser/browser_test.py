#!/usr/bin/env python3
"""The exported pages in a real browser: headless Chromium, driven over the
DevTools protocol on a pipe (--remote-debugging-pipe), with Python's standard
library only.

For each page, opened from disk (file://): it must render with no console
error, no uncaught exception and no request for anything but the page itself;
then what a reader would do is done through the DOM, after the page's own
script ran:
  - tour: the screens of every backend stand side by side (same top, left to
    right), the marbles are drawn (an SVG with a marble per hop);
  - matrix: ticking an experiment off hides its row and only it, ticking an
    approach off hides its columns and only them, a verdict opens its
    evidence with one click, a #cell link opens that cell;
  - diff: the pairs are side by side, the differing lines marked.
A screenshot PNG of each is written for a person to look at (never compared).

Usage: browser_test.py --bindlab PATH [--out DIR] [--readme-screenshot FILE]
Exit status 0 when every check passed; the last line is 'N passed, N failed'.
"""

import argparse
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.dom.minidom
import xml.parsers.expat
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_NAMES = ["chromium-headless-shell", "chromium", "chromium-browser"]


def find_chromium():
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium, spoken to over its DevTools pipe (fd 3 in, fd 4 out)."""

    def __init__(self, executable, profile):
        to_child_read, self.to_child = os.pipe()
        self.from_child, from_child_write = os.pipe()

        def wire():  # in the child, before exec: the pipes become fds 3 and 4
            a, b = os.dup(to_child_read), os.dup(from_child_write)
            os.dup2(a, 3)
            os.dup2(b, 4)

        flags = [
            "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check",
            # Nothing of the browser's own goes out either: no updates, pings, sync, reports.
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings",
            "--disable-breakpad", "--disable-extensions", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--hide-scrollbars", "--font-render-hinting=none", "about:blank",
        ]
        self.process = subprocess.Popen(
            [executable] + flags, pass_fds=(3, 4), preexec_fn=wire,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        os.close(to_child_read)
        os.close(from_child_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self.receive(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its pipe: " + self.process.stderr.read().decode()[-2000:])
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, session, timeout=30):
        deadline = time.monotonic() + timeout
        for event in self.events:
            if event.get("method") == method and event.get("sessionId") == session:
                return event
        while True:
            event = self.receive(deadline)
            self.events.append(event)
            if event.get("method") == method and event.get("sessionId") == session:
                return event

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Page:
    """A tab with the page at `url` loaded, and what it did while loading."""

    def __init__(self, browser, url, width=1400, height=900):
        self.browser = browser
        self.url = url
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ["Page", "Runtime", "Log", "Network"]:
            browser.send(domain + ".enable", session=self.session)
        browser.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=self.session)
        browser.events.clear()
        browser.send("Page.navigate", {"url": url}, session=self.session)
        browser.wait_for("Page.loadEventFired", self.session)
        self.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")

    def evaluate(self, expression):
        result = self.browser.send(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
            session=self.session)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:60]}…: {result['exceptionDetails']}")
        return result["result"].get("value")

    def problems(self):
        """Console errors, uncaught exceptions, log errors, and every request that is not the page."""
        found = []
        for event in self.browser.events:
            if event.get("sessionId") != self.session:
                continue
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                found.append(f"console {params['type']}: {text}")
            elif method == "Runtime.exceptionThrown":
                found.append("exception: " + params["exceptionDetails"].get("text", ""))
            elif method == "Log.entryAdded" and params["entry"].get("level") in ("error", "warning"):
                found.append(f"log {params['entry']['level']}: {params['entry'].get('text', '')}")
            elif method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                if url != self.url:
                    found.append("request: " + url)
        return found

    def requests(self):
        return [e for e in self.browser.events
                if e.get("sessionId") == self.session and e.get("method") == "Network.requestWillBeSent"]

    def screenshot(self, path, selector=None):
        params = {"format": "png", "captureBeyondViewport": selector is not None}
        if selector:
            box = self.evaluate(
                f"(() => {{ const r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                " return [r.left + scrollX, r.top + scrollY, r.width, r.height]; })()")
            params["clip"] = {"x": box[0], "y": box[1], "width": box[2], "height": box[3], "scale": 1}
        data = self.browser.send("Page.captureScreenshot", params, session=self.session)["data"]
        Path(path).write_bytes(base64.b64decode(data))
        return path


# Each check returns what it saw, in a line; it raises AssertionError when the page fails it.

def check_tour(page):
    steps = page.evaluate("document.querySelectorAll('section.step').length")
    assert steps > 10, f"only {steps} steps"
    # The first instant with several screens: they stand in one row, left to right.
    row = page.evaluate("""(() => {
        for (const frame of document.querySelectorAll('div.screens')) {
          const boxes = [...frame.querySelectorAll('figure.screen')].map(f => f.getBoundingClientRect());
          if (boxes.length < 2) continue;
          const step = frame.closest('section.step').id;
          const top = boxes[0].top;
          const inRow = boxes.filter(b => Math.abs(b.top - top) < 1);
          const ordered = inRow.every((b, i) => i === 0 || b.left >= inRow[i - 1].right);
          const visible = boxes.every(b => b.width > 100 && b.height > 30);
          return {step, screens: boxes.length, inFirstRow: inRow.length, ordered, visible};
        }
        return null; })()""")
    assert row, "no instant shows several backends' screens"
    assert row["inFirstRow"] >= 2 and row["ordered"] and row["visible"], f"screens not side by side: {row}"
    marbles = page.evaluate("""(() => {
        const svgs = [...document.querySelectorAll('svg.marbles')];
        const drawn = svgs.filter(s => s.getBoundingClientRect().width > 50);
        return {svgs: svgs.length, drawn: drawn.length,
                marbles: document.querySelectorAll('svg.marbles g.marble').length}; })()""")
    assert marbles["svgs"] > 0 and marbles["drawn"] == marbles["svgs"] and marbles["marbles"] > 0, marbles
    return (f"{steps} steps; at {row['step']} {row['inFirstRow']} of {row['screens']} screens side by side in "
            f"the first row; {marbles['svgs']} marble diagrams, {marbles['marbles']} marbles drawn")


def check_matrix(page):
    visible_rows = "[...document.querySelectorAll('tr[data-experiment]')].filter(r => r.offsetParent !== null)"
    visible_columns = "[...document.querySelectorAll('th.backend')].filter(c => c.offsetParent !== null)"
    status = page.evaluate("document.getElementById('filter-status').textContent")
    assert status.startswith("showing "), f"the filters' script did not run: status {status!r}"
    rows = page.evaluate(f"{visible_rows}.map(r => r.dataset.experiment)")
    columns = page.evaluate(f"{visible_columns}.map(c => c.textContent)")
    # Tick one experiment off: its row goes, and only it.
    victim = rows[0]
    page.evaluate(f"document.querySelector('input[data-filter=experiment][value=\"{victim}\"]').click()")
    after = page.evaluate(f"{visible_rows}.map(r => r.dataset.experiment)")
    assert after == [r for r in rows if r != victim], f"hiding {victim}: rows now {after}"
    # Tick one approach off: its columns go (header and cells), and only they.
    approach = page.evaluate("document.querySelectorAll('input[data-filter=approach]')[1].value")
    forms = page.evaluate(f"[...document.querySelectorAll('th.backend[data-approach=\"{approach}\"]')].length")
    page.evaluate(f"document.querySelector('input[data-filter=approach][value=\"{approach}\"]').click()")
    shown = page.evaluate(f"{visible_columns}.length")
    cells = page.evaluate(f"""[...document.querySelectorAll('td[data-approach="{approach}"]')]
        .filter(c => c.offsetParent !== null).length""")
    assert shown == len(columns) - forms and cells == 0, f"hiding {approach}: {shown} columns, {cells} of its cells"
    status = page.evaluate("document.getElementById('filter-status').textContent")
    # 'none', then 'all': every row back.
    page.evaluate("document.querySelector('button[data-group=experiment][data-set=none]').click()")
    none = page.evaluate(f"{visible_rows}.length")
    page.evaluate("document.querySelector('button[data-group=experiment][data-set=all]').click()")
    again = page.evaluate(f"{visible_rows}.length")
    assert none == 0 and again == len(rows), f"none/all: {none}, {again}"
    # The evidence, one click away.
    evidence = page.evaluate("""(() => {
        const cell = document.querySelector('tr[data-experiment] td:not([hidden])');
        const evidence = cell.querySelector('.evidence');
        const before = evidence.checkVisibility();
        cell.querySelector('summary').click();
        return {id: cell.id, before, after: evidence.checkVisibility() && evidence.offsetHeight > 0}; })()""")
    assert evidence["before"] is False and evidence["after"] is True, f"evidence: {evidence}"
    # A link to a cell opens it.
    anchors = page.evaluate("""[...document.querySelectorAll('td[id]')].every(
        c => c.querySelector('a.cell-link').getAttribute('href') === '#' + c.id)""")
    assert anchors, "a cell without its link"
    target = page.evaluate("document.querySelectorAll('td[id]')[5].id")
    page.evaluate(f"location.hash = {json.dumps('#' + target)}")
    page.evaluate("new Promise(done => setTimeout(done, 50))")
    opened = page.evaluate(f"document.getElementById({json.dumps(target)}).querySelector('details').open")
    assert opened, f"#{target} did not open its cell"
    return (f"{len(rows)} experiments × {len(columns)} backends; ticking off {victim!r} hid its row only, "
            f"{approach!r} its {forms} column(s) only ({status}); a verdict's evidence opened with a click; "
            f"#{target} opened its cell")


def check_diff(page):
    found = page.evaluate("""(() => {
        const row = document.querySelector('table.diff tr.changed');
        const cells = row ? [...row.querySelectorAll('td.t')].map(c => c.getBoundingClientRect()) : [];
        return {pairs: document.querySelectorAll('section.pair').length,
                changed: document.querySelectorAll('table.diff tr.changed').length,
                removed: document.querySelectorAll('td.t.removed').length,
                added: document.querySelectorAll('td.t.added').length,
                sideBySide: cells.length === 2 && Math.abs(cells[0].top - cells[1].top) < 1
                    && cells[1].left >= cells[0].right}; })()""")
    assert found["pairs"] > 0 and found["changed"] > 0 and found["sideBySide"], found
    return (f"{found['pairs']} pairs; {found['changed']} changed lines side by side, "
            f"{found['removed']} marked - and {found['added']} marked +")


def readme_screenshot(page, path):
    """The tour's first instant with every backend's screen: its command, then the screens side by side."""
    box = page.evaluate("""(() => {
        const frame = [...document.querySelectorAll('div.frame')].find(f =>
          f.querySelectorAll('figure.screen').length > 4 && !f.querySelector('figure.screen.unchanged')
          && f.querySelector('figure.screen pre').textContent.includes('Order #0'));
        const command = frame.closest('section.step').querySelector('p.command');
        const top = command.getBoundingClientRect().top + scrollY - 8;
        const bottom = frame.getBoundingClientRect().bottom + scrollY + 8;
        return [top, bottom]; })()""")
    data = page.browser.send("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": box[0], "width": page.evaluate("document.documentElement.clientWidth"),
                 "height": box[1] - box[0], "scale": 1}}, session=page.session)["data"]
    Path(path).write_bytes(base64.b64decode(data))


def export(bindlab, out, name, arguments):
    path = out / name
    subprocess.run([bindlab] + arguments + ["-o", str(path)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bindlab", required=True, help="the bindlab binary that exports the pages")
    parser.add_argument("--out", default=str(ROOT / ".build" / "browser-test"), help="where pages and PNGs go")
    parser.add_argument("--readme-screenshot", help="also write the tour's side-by-side screenshot here")
    options = parser.parse_args()

    chromium = find_chromium()
    if not chromium:
        print("browser test: no Chromium here (" + ", ".join(CHROMIUM_NAMES) + "): it cannot run; "
              "install it with apt-get install -y chromium-headless-shell", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    out = Path(options.out)
    out.mkdir(parents=True, exist_ok=True)
    bindlab = str(Path(options.bindlab).resolve())
    pages = [
        ("tour.html", ["export", "html", "Sessions/01-tour.session"], check_tour),
        ("matrix.html", ["matrix", "--html"], check_matrix),
        ("diff.html", ["export", "diff", "delegate", "event-enum"], check_diff),
    ]
    passed = failed = 0
    with tempfile.TemporaryDirectory() as profile:
        browser = Browser(chromium, profile)
        try:
            version = browser.send("Browser.getVersion")["product"]
            print(f"browser test: {version} ({chromium}), pages from {bindlab}")
            # First, that the checks see a problem when there is one: a page that
            # logs an error and asks for a file beside it.
            control = out / "control.html"
            (out / "control.png").write_bytes(b"not a picture")
            control.write_text('<!DOCTYPE html><html><body><img src="control.png"/>'
                               '<script>console.error("control")</script></body></html>')
            seen = Page(browser, control.as_uri()).problems()
            if any(p.startswith("console error") for p in seen) and any(p.startswith("request") for p in seen):
                print(f"ok: the checks see a console error and a request on a page that has them ({len(seen)} found)")
                passed += 1
            else:
                print(f"FAILED: the checks did not see the control page's error and request: {seen}")
                failed += 1
            for name, arguments, check in pages:
                path = export(bindlab, out, name, arguments)
                try:
                    # Well-formed XML: any XML parser reads every exported page.
                    xml.dom.minidom.parse(str(path))
                    page = Page(browser, path.as_uri())
                    problems = page.problems()
                    assert not problems, "; ".join(problems)
                    shot = page.screenshot(out / name.replace(".html", ".png"))
                    seen = check(page)
                    if name == "tour.html" and options.readme_screenshot:
                        readme_screenshot(page, options.readme_screenshot)
                    late = [p for p in page.problems() if not p.startswith("request: " + page.url)]
                    assert not late, "; ".join(late)
                    requests = len(page.requests())
                    print(f"ok: {name}: no console error, {requests} request (the page itself); {seen}; "
                          f"screenshot {shot}")
                    passed += 1
                except (AssertionError, RuntimeError, TimeoutError, xml.parsers.expat.ExpatError) as error:
                    print(f"FAILED: {name}: {error}")
                    failed += 1
        finally:
            browser.close()
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
