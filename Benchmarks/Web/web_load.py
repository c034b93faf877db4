#!/usr/bin/env python3
"""KatanaWeb: many loopback clients receiving a fast-changing store.

Usage: python3 Benchmarks/Web/web_load.py [path/to/KatanaWebLoad] [clients] [rate] [seconds]

Serves `KatanaWebLoad ticker RATE`, connects CLIENTS WebSocket clients (Python `websockets`),
then lets the server dispatch RATE updates a second for SECONDS. Each update carries the server's
wall clock at dispatch; each client notes when the message reached it. Prints latency p50/p99/max,
how many updates were coalesced (never sent as their own frame), how many frames were late (more
than one update interval after dispatch), and whether every client got the last state.
"""
import asyncio
import json
import re
import signal
import statistics
import subprocess
import sys
import time

import websockets

binary = sys.argv[1] if len(sys.argv) > 1 else "Benchmarks/.build/release/KatanaWebLoad"
clients = int(sys.argv[2]) if len(sys.argv) > 2 else 50
rate = int(sys.argv[3]) if len(sys.argv) > 3 else 60
seconds = int(sys.argv[4]) if len(sys.argv) > 4 else 10
ticks = rate * seconds
TICK = re.compile(r"tick (\d+) @ (\d+)")


async def client(uri, origin, ready, results):
    latencies, seen, last = [], 0, 0
    async with websockets.connect(uri, origin=origin, max_size=None) as socket:
        await socket.send(json.dumps({"v": 2, "t": "viewport", "w": 800, "h": 600}))
        await socket.recv()
        ready.release()
        deadline = time.time() + seconds + 20
        while last < ticks and time.time() < deadline:
            try:
                text = await asyncio.wait_for(socket.recv(), timeout=max(0.1, deadline - time.time()))
            except asyncio.TimeoutError:
                break
            received = time.time_ns() // 1000
            for match in TICK.finditer(text):
                tick, sent = int(match.group(1)), int(match.group(2))
                latencies.append((received - sent) / 1000)
                seen += 1
                last = max(last, tick)
    results.append((latencies, seen, last))


async def main():
    signal.alarm(seconds + 120)
    server = await asyncio.create_subprocess_exec(binary, "ticker", str(rate), stdin=subprocess.PIPE,
                                                  stdout=subprocess.PIPE)
    line = (await server.stdout.readline()).decode().strip()
    url = re.fullmatch(r"Serving on (\S+)", line).group(1)
    # The printed URL is `http://127.0.0.1:PORT/?token=…`: the socket takes the same query.
    origin, _, token = url.partition("/?token=")
    uri = origin.replace("http://", "ws://") + "/?token=" + token
    ready, results = asyncio.Semaphore(0), []
    tasks = [asyncio.create_task(client(uri, origin, ready, results)) for _ in range(clients)]
    for _ in range(clients):
        await ready.acquire()
    server.stdin.write(f"{ticks}\n".encode())
    await server.stdin.drain()
    await asyncio.gather(*tasks)
    server.send_signal(signal.SIGINT)
    await server.wait()

    latencies = sorted(value for result in results for value in result[0])
    frames = len(latencies)
    p50 = statistics.median(latencies)
    p99 = latencies[int(0.99 * (frames - 1))]
    late = sum(1 for value in latencies if value > 1000 / rate)
    coalesced = clients * ticks - frames
    complete = sum(1 for result in results if result[2] == ticks)
    print(f"{clients} clients x {rate} updates/s x {seconds} s on loopback = {clients * ticks} updates to deliver")
    print(f"latency dispatch -> client: p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {latencies[-1]:.2f} ms")
    print(f"frames received {frames}; coalesced (no frame of their own) {coalesced}; "
          f"late (> {1000 / rate:.1f} ms) {late}")
    print(f"clients that received the last state (tick {ticks}): {complete}/{clients}")


asyncio.run(main())
