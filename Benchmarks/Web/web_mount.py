#!/usr/bin/env python3
"""KatanaWeb: time to apply a 10,000-node mount batch in headless Chromium.

Usage: python3 Benchmarks/Web/web_mount.py [path/to/KatanaWebLoad] [nodes] [runs]

Serves `KatanaWebLoad grid N`, opens the page `runs` times in Debian's Chromium, and reads the
page's own `performance.now()` figures for the first (mount) batch: `apply` is JSON.parse plus
creating and inserting every element; `apply+layout` also forces the browser's synchronous layout
(the page is opened with `#measure`, on alternate loads). Prints the median and the worst.
"""
import re
import signal
import statistics
import subprocess
import sys

from playwright.sync_api import sync_playwright

binary = sys.argv[1] if len(sys.argv) > 1 else "Benchmarks/.build/release/KatanaWebLoad"
nodes = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7

signal.alarm(300)
server = subprocess.Popen([binary, "grid", str(nodes)], stdout=subprocess.PIPE, text=True)
url = re.fullmatch(r"Serving on (\S+)", server.stdout.readline().strip()).group(1)
applies, layouts, sizes = [], [], []
try:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
        for run in range(2 * runs):
            # Alternate plain loads (apply only) and `#measure` loads (apply + forced layout).
            measures = run % 2 == 1
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            # The printed URL ends with `/?token=…`; the fragment goes after the query.
            page.goto(url + ("#measure" if measures else ""))
            page.wait_for_function("() => window.katana && katana.stats.batches >= 1", timeout=30_000)
            stats = page.evaluate("() => ({...katana.stats, elements: document.querySelectorAll('.k').length})")
            (layouts if measures else applies).append(stats["lastLayoutMs"] if measures else stats["lastBatchMs"])
            sizes.append((stats["bytes"], stats["elements"]))
            page.close()
        browser.close()
finally:
    server.send_signal(signal.SIGINT)
    server.wait(timeout=10)

load = open("/proc/loadavg").read().split()[0] if sys.platform.startswith("linux") else "?"
print(f"load average at the end: {load} (on {__import__('os').cpu_count()} CPUs)")
print(f"mount of {sizes[0][1]} elements ({sizes[0][0]} bytes in one message), Chromium headless, each figure over {runs} page loads")
print(f"apply (parse + DOM):        median {statistics.median(applies):.1f} ms, worst {max(applies):.1f} ms")
print(f"apply + forced layout:      median {statistics.median(layouts):.1f} ms, worst {max(layouts):.1f} ms")
