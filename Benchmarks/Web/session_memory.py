#!/usr/bin/env python3
"""KatanaWeb: the server's memory per idle page (session) of Todos.

Usage: python3 Benchmarks/Web/session_memory.py [--build-dir .build/debug] [--pages 60] [--runs 3]

Starts `Todos --web --port 0` on a fresh data folder holding three items, opens one page's
WebSocket to warm the server up (first-use allocations: the page, the script, type metadata),
reads the server's resident memory (VmRSS in /proc/PID/status), opens `--pages` more pages (each
sends its viewport, numbered, and waits for the server's acknowledgement: its list screen is
mounted and rendered), reads the resident memory again and prints the difference per page. A page
here is everything the server holds for an open tab: its WebSocket, session store, renderer, web
backend and the mounted list screen. `--runs` repeats with a new server; the median is printed.

The server accepts 64 WebSockets by default, so at most 63 pages besides the warm-up one.
"""
import argparse
import base64
import os
import re
import signal
import socket
import statistics
import struct
import subprocess
import tempfile

SERVING = re.compile(r"Serving on http://127\.0\.0\.1:(\d+)/\?token=([0-9A-Za-z_-]+)")


def resident_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise SystemExit("no VmRSS")


def read_frame(sock):
    def exactly(count):
        data = b""
        while len(data) < count:
            chunk = sock.recv(count - len(data))
            if not chunk:
                raise SystemExit("connection closed")
            data += chunk
        return data
    first, second = exactly(2)
    length = second & 0x7F
    if length == 126:
        length = struct.unpack(">H", exactly(2))[0]
    elif length == 127:
        length = struct.unpack(">Q", exactly(8))[0]
    return first & 0x0F, exactly(length)


def send_text(sock, text):
    payload = text.encode()
    mask = os.urandom(4)
    header = bytes([0x81])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    else:
        header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
    sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))


def open_page(port, token):
    sock = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                  f"Origin: http://127.0.0.1:{port}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    if b" 101 " not in head.split(b"\r\n")[0]:
        raise SystemExit(f"upgrade refused: {head!r}")
    send_text(sock, '{"v":2,"t":"viewport","w":800,"h":600,"q":1}')
    while True:
        opcode, payload = read_frame(sock)
        if opcode == 1 and payload == b'{"v":2,"ack":1}':
            return sock


def measure(binary, pages):
    data = tempfile.mkdtemp(prefix="katana-session-memory-")
    for title in ["milk", "eggs", "bread"]:
        subprocess.run([binary, "add", "--data", data, title], check=True, capture_output=True, timeout=60)
    process = subprocess.Popen([binary, "--web", "--port", "0", "--data", data], stdout=subprocess.PIPE, text=True)
    try:
        match = SERVING.fullmatch(process.stdout.readline().strip())
        port, token = int(match.group(1)), match.group(2)
        sockets = [open_page(port, token)]
        before = resident_kb(process.pid)
        sockets += [open_page(port, token) for _ in range(pages)]
        after = resident_kb(process.pid)
        for sock in sockets:
            sock.close()
        return (after - before) / pages, before, after
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=".build/debug")
    parser.add_argument("--pages", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    arguments = parser.parse_args()
    binary = os.path.join(arguments.build_dir, "Todos")
    results = []
    for run in range(arguments.runs):
        per_page, before, after = measure(binary, arguments.pages)
        results.append(per_page)
        print(f"run {run + 1}: resident {before} KB with one page, {after} KB with {arguments.pages} more: "
              f"{per_page:.1f} KB per page")
    print(f"median: {statistics.median(results):.1f} KB per idle Todos page ({arguments.pages} pages, {arguments.runs} runs)")


if __name__ == "__main__":
    main()
