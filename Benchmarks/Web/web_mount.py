#!/usr/bin/env python3
"""KatanaWeb: time to apply a 10,000-node mount batch in headless Chromium.

Usage: python3 Benchmarks/Web/web_mount.py [path/to/KatanaWebLoad] [nodes] [runs]

Serves `KatanaWebLoad grid N` and opens the page `runs` times in each of three ways in Debian's
Chromium, timing the first (mount) batch from the moment its message reaches the page:
- plain: `apply` is the page's own figure (JSON.parse plus creating and inserting every element);
  `first frame` runs until the browser has styled, laid out, painted and committed the frame
  that shows the mount (a requestAnimationFrame callback, then a task after it);
- `#measure`: `apply + forced layout` is the page's own figure with a synchronous layout forced
  at the end of the batch;
- traced: the renderer's main-thread CPU time over the same span as `first frame`, from a
  Chromium trace, split into the page's script and the browser's phases. Wall-clock figures
  include waiting for a CPU on a busy machine; CPU time does not.
- the floor, a static page of the same elements: the DOM the first plain load built (every
  element with its tag, classes, inline style, attributes and text, the page's style sheet),
  saved as one HTML file with no script but two timers, and loaded from memory in the same
  browser, alternating with the Katana loads. `static parse + forced layout` runs from the start
  of <body> to a forced layout after the last element; `static first frame` from the start of
  <body> to the first frame; it is traced too. So the floor is what the browser alone needs to
  parse, style, lay out and paint these elements, with no protocol and no script.
Prints the median and the worst of each, and each Katana figure over its floor.
"""
import collections
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

binary = sys.argv[1] if len(sys.argv) > 1 else "Benchmarks/.build/release/KatanaWebLoad"
nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7

# Runs before the page's script: times the first message from its arrival to the first frame
# after it, and marks both ends for the trace.
FRAME_TIMER = """
(() => {
  const setter = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage').set;
  Object.defineProperty(WebSocket.prototype, 'onmessage', { set(handler) {
    setter.call(this, (event) => {
      if (window.__mountFrameMs !== undefined || window.__mountStarted !== undefined) return handler(event);
      window.__mountStarted = performance.now();
      performance.mark('katana-mount-start');
      handler(event);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          performance.mark('katana-mount-frame');
          window.__mountFrameMs = performance.now() - window.__mountStarted;
        };
        channel.port2.postMessage(0);
      });
    });
  } });
})();
"""

# The static page's timers: the start of <body>, and after the last element a forced layout and
# the first frame (the same marks as FRAME_TIMER, so the trace is read the same way).
STATIC_START = ("<script>window.__mountStarted = performance.now(); performance.mark('katana-mount-start');"
                "</script>")
STATIC_END = """<script>
window.__staticLayoutMs = (void document.body.offsetHeight, performance.now() - window.__mountStarted);
requestAnimationFrame(() => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    performance.mark('katana-mount-frame');
    window.__mountFrameMs = performance.now() - window.__mountStarted;
  };
  channel.port2.postMessage(0);
});
</script>"""

# The page's DOM after the mount, as a static page: the script removed, the timers added.
STATIC_PAGE_JS = """() => {
  const copy = document.documentElement.cloneNode(true);
  for (const script of copy.querySelectorAll('script')) script.remove();
  return '<!doctype html><html lang="en">' + copy.innerHTML.replace(/<body[^>]*>/, m => m + '%START%')
    .replace('</body>', '%END%</body>') + '</html>';
}"""
STATIC_URL = "http://static.katana.invalid/"

# Trace events of the browser's phases on the renderer's main thread (thread time, `tdur`).
PHASES = {
    "style": "Document::updateStyle",
    "layout": "LocalFrameView::performLayout",
    "pre-paint": "PrePaint",
    "paint": "Paint",
    "layerize": "Layerize",
}


def cpu_breakdown(path):
    """Main-thread CPU (ms) between the two marks: in all, per phase, and the rest (the script)."""
    with open(path) as file:
        trace = json.load(file)
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    marks = {e["name"]: e["ts"] for e in events if e.get("name", "").startswith("katana-mount-")}
    start, end = marks["katana-mount-start"], marks["katana-mount-frame"]
    main = collections.Counter(e.get("tid") for e in events if e.get("name") == "UpdateLayoutTree").most_common(1)[0][0]
    timed = sorted((e for e in events if e.get("tid") == main and e.get("ph") == "X" and "tdur" in e),
                   key=lambda e: e["ts"])

    def outermost(names):
        total, until = 0, -1
        for e in timed:
            if e["name"] in names and e["ts"] >= until and e["ts"] + e["dur"] >= start and e["ts"] <= end:
                total, until = total + e["tdur"], e["ts"] + e["dur"]
        return total / 1000

    result = {"all": outermost({"ThreadControllerImpl::RunTask", "RunTask"})}
    for phase, name in PHASES.items():
        result[phase] = outermost({name})
    result["script and the rest"] = result["all"] - sum(result[phase] for phase in PHASES)
    # Now and then the trace misses the main thread's frame (no Paint between the marks): such a
    # trace would undercount, so it is not used.
    return result if result["paint"] > 0 else None


signal.alarm(600)
server = subprocess.Popen([binary, "grid", str(nodes)], stdout=subprocess.PIPE, text=True)
url = re.fullmatch(r"Serving on (\S+)", server.stdout.readline().strip()).group(1)
figures = collections.defaultdict(list)
sizes = []
trace_path = os.path.join(tempfile.mkdtemp(), "mount-trace.json")
try:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
        ways = ["plain", "static", "measure", "traced", "static traced"] * runs
        incomplete_traces = 0
        static_page = None
        while ways:
            way = ways.pop(0)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            if "traced" in way:
                browser.start_tracing(page=page, path=trace_path,
                                      categories=["toplevel", "blink", "blink.user_timing", "devtools.timeline"])
            if way.startswith("static"):
                page.route(STATIC_URL, lambda route: route.fulfill(status=200, content_type="text/html", body=static_page))
                page.goto(STATIC_URL)
                page.wait_for_function("() => window.__mountFrameMs !== undefined", timeout=60_000)
                stats = page.evaluate("() => ({layout: window.__staticLayoutMs, frame: window.__mountFrameMs,"
                                      " elements: document.querySelectorAll('.k').length})")
                if stats["elements"] != sizes[0][1]:
                    raise SystemExit(f"the static page has {stats['elements']} elements, the mount {sizes[0][1]}")
                if way == "static":
                    figures["static layout"].append(stats["layout"])
                    figures["static frame"].append(stats["frame"])
                else:
                    browser.stop_tracing()
                    breakdown = cpu_breakdown(trace_path)
                    if breakdown:
                        figures["static cpu all"].append(breakdown["all"])
                    else:
                        ways.append("static traced")
                page.close()
                continue
            page.add_init_script(FRAME_TIMER)
            # The printed URL ends with `/?token=…`; the fragment goes after the query.
            page.goto(url + ("#measure" if way == "measure" else ""))
            page.wait_for_function("() => window.__mountFrameMs !== undefined && katana.stats.batches >= 1",
                                   timeout=60_000)
            stats = page.evaluate("() => ({...katana.stats, frame: window.__mountFrameMs,"
                                  " elements: document.querySelectorAll('.k').length})")
            if static_page is None:
                static_page = page.evaluate(STATIC_PAGE_JS).replace("%START%", STATIC_START).replace("%END%", STATIC_END)
            if way == "plain":
                figures["apply"].append(stats["lastBatchMs"])
                figures["frame"].append(stats["frame"])
            elif way == "measure":
                figures["layout"].append(stats["lastLayoutMs"])
            else:
                browser.stop_tracing()
                breakdown = cpu_breakdown(trace_path)
                if breakdown:
                    for phase, value in breakdown.items():
                        figures["cpu " + phase].append(value)
                elif incomplete_traces < runs:
                    incomplete_traces += 1
                    ways.append("traced")
            sizes.append((stats["bytes"], stats["elements"]))
            page.close()
        browser.close()
finally:
    server.send_signal(signal.SIGINT)
    server.wait(timeout=10)


def spread(name):
    return f"median {statistics.median(figures[name]):.1f} ms, worst {max(figures[name]):.1f} ms"


def over_floor(name, floor):
    return f"{statistics.median(figures[name]) / statistics.median(figures[floor]):.2f}x the floor"


load = open("/proc/loadavg").read().split()[0] if sys.platform.startswith("linux") else "?"
print(f"load average at the end: {load} (on {os.cpu_count()} CPUs)")
print(f"mount of {sizes[0][1]} elements ({sizes[0][0]} bytes in one message), Chromium headless, each figure over {runs} page loads")
print(f"apply (parse + DOM):        {spread('apply')}")
print(f"apply + forced layout:      {spread('layout')}")
print(f"apply to first frame:       {spread('frame')}")
print(f"main-thread CPU to frame:   {spread('cpu all')} ({len(figures['cpu all'])} traces;"
      f" {incomplete_traces} missing the frame taken again)")
print("  of which (medians): " + ", ".join(
    f"{phase} {statistics.median(figures['cpu ' + phase]):.1f}" for phase in ["script and the rest", *PHASES]) + " ms")
print(f"floor, a static page of the same {sizes[0][1]} elements ({len(static_page)} bytes of HTML), same run:")
print(f"  static parse + forced layout: {spread('static layout')}")
print(f"  static first frame:         {spread('static frame')}")
print(f"  static main-thread CPU:     {spread('static cpu all')}")
print(f"Katana over the floor (medians): apply + forced layout {over_floor('layout', 'static layout')},"
      f" first frame {over_floor('frame', 'static frame')}, main-thread CPU {over_floor('cpu all', 'static cpu all')}")
