#!/usr/bin/env python3
"""KatanaWeb's server costs, for comparing two builds of KatanaWebLoad in one run (issue 33).

Usage: python3 Benchmarks/Web/server_costs.py path/to/KatanaWebLoad [--idle 100] [--paints 5]
       [--long-lines] [--no-paint]

Serves `KatanaWebLoad ticker 60` and prints, for that process alone (CPU time of all its threads
from /proc/PID/task/*/schedstat, resident memory from /proc/PID/status):
- memory per idle WebSocket connection: resident memory before and after opening N pages (each
  mounted: its viewport sent and the mount received), divided by N;
- CPU per input message: 20 clients each send 60 numbered viewport messages a second for 5 s (the
  width alternating, so each one changes the layout) and wait for the server's acknowledgement of
  the last: every input was handled. Server CPU over that window divided by the input messages;
- CPU per output message: the same 20 clients while the server dispatches 60 updates a second
  for 5 s; server CPU divided by the messages the clients received;
- time to first contentful paint of the page in headless Chromium (median of N loads);
- with --long-lines: the server CPU a 15 KB request line costs, and the answer to a 60 KB one
  (off by default: the FlyingFox build spends seconds on the first).
Each line of output starts with a key, for Benchmarks/Web/server_ab.sh to collect.
"""
import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import time

import websockets

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("--idle", type=int, default=100)
parser.add_argument("--paints", type=int, default=5)
parser.add_argument("--long-lines", action="store_true")
parser.add_argument("--no-paint", action="store_true")
options = parser.parse_args()

CLIENTS, RATE, SECONDS = 20, 60, 5


def cpu_ns(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass  # a thread that ended between the listing and the read
    return total


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def raw_get(port, target, host):
    with socket.create_connection(("127.0.0.1", port), timeout=120) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    return data.split(b" ", 2)[1].decode() if data else "none"


def viewport(width, height=600, sequence=None):
    message = {"v": 2, "t": "viewport", "w": width, "h": height}
    if sequence is not None:
        message["q"] = sequence
    return json.dumps(message)


async def open_page(uri, origin):
    ws = await websockets.connect(uri, origin=origin, max_size=None)
    await ws.send(viewport(800))
    await ws.recv()
    return ws


async def send_inputs(ws):
    """RATE viewport messages a second for SECONDS, numbered (`q`), the width alternating;
    returns how many once the server acknowledged the last (its `ack` is sent once everything
    the input caused is rendered)."""
    start = time.monotonic()
    count = RATE * SECONDS
    for index in range(count):
        await asyncio.sleep(max(0, start + index / RATE - time.monotonic()))
        await ws.send(viewport(801 if index % 2 == 0 else 800, sequence=index + 1))
    while True:
        message = json.loads(await ws.recv())
        if isinstance(message, dict) and message.get("ack", 0) >= count:
            return count


async def count_outputs(ws, ticks):
    received = 0
    while True:
        text = await ws.recv()
        received += 1
        if f"tick {ticks} @" in text:
            return received


async def main():
    server = await asyncio.create_subprocess_exec(options.binary, "ticker", str(RATE), stdin=subprocess.PIPE,
                                                  stdout=subprocess.PIPE)
    url = re.fullmatch(r"Serving on (\S+)", (await server.stdout.readline()).decode().strip()).group(1)
    origin, _, token = url.partition("/?token=")
    port = int(origin.rsplit(":", 1)[1])
    host = f"127.0.0.1:{port}"
    uri = origin.replace("http://", "ws://") + "/?token=" + token
    pid = server.pid
    print(f"binary {options.binary}")

    # Warm-up: the page, the script and one socket, so first-use costs are not counted below.
    raw_get(port, f"/?token={token}", host)
    warm = await open_page(uri, origin)
    await warm.close()

    if options.long_lines:
        for size in (15_000, 60_000):
            before, started = cpu_ns(pid), time.monotonic()
            status = raw_get(port, f"/?token={token}&x=" + "a" * size, host)
            print(f"long_line_{size // 1000}k status {status}, server CPU {(cpu_ns(pid) - before) / 1e6:.2f} ms, "
                  f"wall {(time.monotonic() - started) * 1e3:.1f} ms")

    # Memory per idle connection.
    rss_before = rss_kib(pid)
    sockets = [await open_page(uri, origin) for _ in range(options.idle)]
    rss_after = rss_kib(pid)
    print(f"idle_kib {(rss_after - rss_before) / options.idle:.1f} KiB per idle page "
          f"({options.idle} pages, RSS {rss_before} -> {rss_after} KiB)")
    for ws in sockets[CLIENTS:]:
        await ws.close()
    sockets = sockets[:CLIENTS]

    # CPU per input message.
    before = cpu_ns(pid)
    sent = await asyncio.gather(*(send_inputs(ws) for ws in sockets))
    spent = cpu_ns(pid) - before
    print(f"cpu_per_input_us {spent / 1e3 / sum(sent):.1f} µs per input message "
          f"({sum(sent)} viewport messages from {CLIENTS} pages, {spent / 1e6:.0f} ms server CPU)")

    # CPU per output message: the ticker starts on a line giving its number of ticks.
    ticks = RATE * SECONDS
    before = cpu_ns(pid)
    server.stdin.write(f"{ticks}\n".encode())
    await server.stdin.drain()
    received = await asyncio.gather(*(count_outputs(ws, ticks) for ws in sockets))
    spent = cpu_ns(pid) - before
    print(f"cpu_per_output_us {spent / 1e3 / sum(received):.1f} µs per output message "
          f"({sum(received)} messages to {CLIENTS} pages, {spent / 1e6:.0f} ms server CPU)")
    for ws in sockets:
        await ws.close()

    if not options.no_paint:
        from playwright.async_api import async_playwright
        paints = []
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for _ in range(options.paints):
                # The page's CSP forbids eval, which Playwright's polling of a predicate uses once
                # the paint is not there at the first look; bypassing it changes no timing.
                page = await browser.new_page(bypass_csp=True)
                await page.goto(url)
                await page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
                paints.append(await page.evaluate(
                    "performance.getEntriesByName('first-contentful-paint')[0].startTime"))
                await page.close()
            await browser.close()
        print(f"first_paint_ms {statistics.median(paints):.0f} ms median first contentful paint "
              f"(loads: {', '.join(f'{x:.0f}' for x in paints)})")
    server.kill()
    await server.wait()


asyncio.run(main())
