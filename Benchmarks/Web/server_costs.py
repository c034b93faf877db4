#!/usr/bin/env python3
"""KatanaWeb's server costs, for comparing two builds of KatanaWebLoad in one run (issue 33).

Usage: python3 Benchmarks/Web/server_costs.py path/to/KatanaWebLoad [idle_connections]

Serves `KatanaWebLoad ticker 60` and prints, for that process alone (per-thread CPU time from
/proc/PID/task/*/schedstat, resident memory from /proc/PID/status):
- the server CPU a 15 KB request line costs, and the answer to a 60 KB one;
- CPU per message: 20 WebSocket clients, 60 updates/s for 5 s, server CPU / messages received;
- memory per idle WebSocket connection: resident memory before and after opening N idle ones;
- time to first paint of the page in headless Chromium (first-contentful-paint, median of 5).
"""
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time

import websockets

binary = sys.argv[1]
idle = int(sys.argv[2]) if len(sys.argv) > 2 else 200


def cpu_ns(pid):
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except OSError:
            pass
    return total


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def raw_get(port, target, host):
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        # Until the head and the body it announces are in (a server may keep the connection).
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = re.search(rb"(?i)content-length: *(\d+)", head)
        while length and len(body) < int(length.group(1)):
            chunk = s.recv(65536)
            if not chunk:
                break
            body += chunk
    return data.split(b" ", 2)[1].decode() if data else "none"


async def main():
    server = await asyncio.create_subprocess_exec(binary, "ticker", "60", stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    url = re.fullmatch(r"Serving on (\S+)", (await server.stdout.readline()).decode().strip()).group(1)
    origin, _, token = url.partition("/?token=")
    port = int(origin.rsplit(":", 1)[1])
    host = f"127.0.0.1:{port}"
    uri = origin.replace("http://", "ws://") + "/?token=" + token
    pid = server.pid

    raw_get(port, f"/?token={token}", host)
    before = cpu_ns(pid)
    started = time.monotonic()
    status = raw_get(port, f"/?token={token}&x=" + "a" * 15_000, host)
    print(f"15 KB request line: status {status}, server CPU {(cpu_ns(pid) - before) / 1e6:.2f} ms, "
          f"answered in {(time.monotonic() - started) * 1e3:.1f} ms wall")
    before = cpu_ns(pid)
    started = time.monotonic()
    status = raw_get(port, f"/?token={token}&x=" + "a" * 60_000, host)
    print(f"60 KB request line: status {status}, server CPU {(cpu_ns(pid) - before) / 1e6:.2f} ms, "
          f"answered in {(time.monotonic() - started) * 1e3:.1f} ms wall")

    # Memory per idle connection.
    rss_before = rss_kib(pid)
    sockets = []
    for _ in range(idle):
        ws = await websockets.connect(uri, origin=origin, max_size=None)
        await ws.send(json.dumps({"v": 2, "t": "viewport", "w": 800, "h": 600}))
        await ws.recv()
        sockets.append(ws)
    await asyncio.sleep(1)
    rss_after = rss_kib(pid)
    print(f"memory per idle connection (page mounted): {(rss_after - rss_before) / idle:.1f} KiB "
          f"({idle} connections, RSS {rss_before} -> {rss_after} KiB)")
    for ws in sockets[20:]:
        await ws.close()
    sockets = sockets[:20]

    # CPU per message: the ticker starts on the first line of standard input.
    received = 0

    async def reader(ws):
        nonlocal received
        end = time.monotonic() + 6
        while time.monotonic() < end:
            try:
                await asyncio.wait_for(ws.recv(), timeout=max(0.05, end - time.monotonic()))
                received += 1
            except (asyncio.TimeoutError, websockets.ConnectionClosed):
                break

    before = cpu_ns(pid)
    server.stdin.write(b"go\n")
    await server.stdin.drain()
    await asyncio.gather(*(reader(ws) for ws in sockets))
    spent = cpu_ns(pid) - before
    print(f"CPU per message: {spent / 1e3 / max(1, received):.1f} µs ({received} messages to 20 clients, "
          f"{spent / 1e6:.0f} ms server CPU)")
    for ws in sockets:
        await ws.close()

    # Time to first paint.
    from playwright.async_api import async_playwright
    paints = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for _ in range(5):
            page = await browser.new_page()
            await page.goto(url)
            await page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
            paints.append(await page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime"))
            await page.close()
        await browser.close()
    print(f"time to first contentful paint: median {statistics.median(paints):.0f} ms "
          f"(runs: {', '.join(f'{x:.0f}' for x in paints)})")
    server.kill()


asyncio.run(main())
