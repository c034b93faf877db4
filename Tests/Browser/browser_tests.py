#!/usr/bin/env python3
"""Drives the real examples in headless Chromium over loopback.

Usage: python3 Tests/Browser/browser_tests.py [--build-dir .build/debug]

Starts `Counter --web --port 0` and `Minesweeper --web --port 0 --seed 42`, reads the one
`Serving on http://127.0.0.1:PORT` line each prints, and checks with Debian's Chromium:
- Counter: clicks change the count; two pages stay in sync; a resize re-lays the screen out.
- Minesweeper --seed 42: a win by clicks and right-click flags, then a loss.
- ElementsGallery (a fixture app): text input, touch handler taps and right clicks, a button,
  table row taps and scrolling a windowed table, an image.
Saves one screenshot per app in a temporary folder and prints its path. Every wait is bounded;
the whole run is capped by an alarm.
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("KATANA_CHROMIUM", "/usr/bin/chromium")
WAIT_MS = 10_000
TOTAL_SECONDS = 300


def start_server(binary, *arguments):
    process = subprocess.Popen([binary, "--web", "--port", "0", *arguments], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    match = re.fullmatch(r"Serving on (http://127\.0\.0\.1:\d+)", line)
    if not match:
        process.kill()
        raise SystemExit(f"{binary}: expected 'Serving on http://127.0.0.1:PORT', got {line!r}: {process.stderr.read()}")
    return process, match.group(1)


def stop_server(process):
    process.send_signal(signal.SIGINT)
    try:
        code = process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        raise SystemExit("server did not stop on SIGINT within 10 s")
    if code != 0:
        raise SystemExit(f"server exited with {code} on SIGINT")
    extra = process.stdout.read()
    if extra.strip():
        raise SystemExit(f"server printed more than one line: {extra!r}")


def text_of(page, selector):
    return page.locator(selector).first.text_content()


def wait_text(page, text):
    page.wait_for_function("t => [...document.querySelectorAll('.k-label, .k-button')].some(e => e.textContent === t)",
                           arg=text, timeout=WAIT_MS)


def check(condition, message):
    if not condition:
        raise SystemExit("FAILED: " + message)
    print("ok -", message)


def counter(browser, binary, folder):
    process, url = start_server(binary)
    try:
        page = browser.new_page(viewport={"width": 800, "height": 600})
        page.goto(url)
        wait_text(page, "Count: 0")
        increment = page.locator("button", has_text="Increment")
        decrement = page.locator("button", has_text="Decrement")
        increment.click()
        increment.click()
        wait_text(page, "Count: 2")
        decrement.click()
        wait_text(page, "Count: 1")
        check(True, "Counter: clicks change the count (0 → 2 → 1)")

        second = browser.new_page(viewport={"width": 640, "height": 480})
        second.goto(url)
        wait_text(second, "Count: 1")
        second.locator("button", has_text="Increment").click()
        wait_text(page, "Count: 2")
        wait_text(second, "Count: 2")
        check(True, "Counter: two pages share the store and stay in sync")

        label = page.locator(".k-label", has_text="Count:")
        before = label.bounding_box()
        page.set_viewport_size({"width": 500, "height": 700})
        page.wait_for_function("() => { const l = [...document.querySelectorAll('.k-label')]"
                               ".find(e => e.textContent.startsWith('Count:')); return l && l.getBoundingClientRect().width === 500; }",
                               timeout=WAIT_MS)
        after = label.bounding_box()
        check(before["width"] == 800 and after["width"] == 500 and after["height"] > before["height"],
              f"Counter: a resize re-lays out (label {before['width']:.0f}x{before['height']:.0f} → "
              f"{after['width']:.0f}x{after['height']:.0f})")
        path = os.path.join(folder, "counter.png")
        page.screenshot(path=path)
        second.close()
        page.close()
        return path
    finally:
        stop_server(process)


CELLS_JS = "() => [...document.querySelectorAll('button.k-button')].slice(0, 81).map(b => b.textContent)"


def cells(page):
    return page.locator("button.k-button")


def wait_status(page, prefix):
    page.wait_for_function("p => [...document.querySelectorAll('.k-label')].some(e => e.textContent.startsWith(p))",
                           arg=prefix, timeout=WAIT_MS)


def click_until_boom(page):
    """Clicks hidden cells in order until a mine explodes; returns the board as then shown."""
    for index in range(81):
        if page.evaluate(CELLS_JS)[index] != ".":
            continue
        before = page.evaluate(CELLS_JS)
        cells(page).nth(index).click()
        page.wait_for_function(f"b => JSON.stringify(({CELLS_JS})()) !== JSON.stringify(b)", arg=before, timeout=WAIT_MS)
        if any(label.startswith("BOOM") for label in page.locator(".k-label").all_text_contents()):
            return page.evaluate(CELLS_JS)
    raise SystemExit("FAILED: no mine found on the board")


def minesweeper(browser, binary, folder):
    # First game: learn where seed 42 lays its mines (after a first click on the top-left cell) by losing.
    process, url = start_server(binary, "--seed", "42")
    try:
        page = browser.new_page(viewport={"width": 800, "height": 600})
        page.goto(url)
        page.wait_for_function(f"() => ({CELLS_JS})().length === 81", timeout=WAIT_MS)
        cells(page).nth(0).click()
        page.wait_for_function(f"() => ({CELLS_JS})()[0] !== '.'", timeout=WAIT_MS)
        board = click_until_boom(page)
        mines = [index for index, glyph in enumerate(board) if glyph in ("*", "X")]
        check(len(mines) == 10, f"Minesweeper: seed 42 lays 10 mines ({mines})")
        page.close()
    finally:
        stop_server(process)

    # Second game, same seed and first click: flag every mine by right click, reveal the rest by left click.
    process, url = start_server(binary, "--seed", "42")
    try:
        page = browser.new_page(viewport={"width": 800, "height": 600})
        page.goto(url)
        page.wait_for_function(f"() => ({CELLS_JS})().length === 81", timeout=WAIT_MS)
        cells(page).nth(0).click()
        page.wait_for_function(f"() => ({CELLS_JS})()[0] !== '.'", timeout=WAIT_MS)
        for index in mines:
            cells(page).nth(index).click(button="right")
            page.wait_for_function(f"i => ({CELLS_JS})()[i] === 'F'", arg=index, timeout=WAIT_MS)
        wait_text(page, "MINESWEEPER  Beginner 9x9  Mines left: 0")
        check(True, "Minesweeper: right clicks flag the 10 mines (Mines left: 0)")
        for index in range(81):
            if index in mines or page.evaluate(CELLS_JS)[index] != ".":
                continue
            cells(page).nth(index).click()
            page.wait_for_function(f"i => ({CELLS_JS})()[i] !== '.'", arg=index, timeout=WAIT_MS)
        wait_status(page, "YOU WIN!")
        check(True, "Minesweeper: revealing every safe cell by click wins")
        path = os.path.join(folder, "minesweeper.png")
        page.screenshot(path=path)

        page.locator("button", has_text="Restart").click()
        page.wait_for_function(f"() => ({CELLS_JS})().every(g => g === '.')", timeout=WAIT_MS)
        click_until_boom(page)
        wait_status(page, "BOOM! You lost.")
        check(True, "Minesweeper: after a restart, clicking a mine loses")
        page.screenshot(path=os.path.join(folder, "minesweeper-lost.png"))
        page.close()
        return path
    finally:
        stop_server(process)


SUMMARY_JS = "() => [...document.querySelectorAll('.k-label')].map(e => e.textContent).find(t => t.startsWith('text:'))"


def wait_summary(page, fragment):
    page.wait_for_function(f"f => (({SUMMARY_JS})() || '').includes(f)", arg=fragment, timeout=WAIT_MS)


def gallery(browser, binary, folder):
    process, url = start_server(binary)
    try:
        page = browser.new_page(viewport={"width": 800, "height": 600})
        page.goto(url)
        wait_summary(page, "text:  | taps: 0")
        page.locator("input.k-textField").fill("hello")
        wait_summary(page, "text: hello |")
        check(True, "Elements: a text field reports its text")
        page.locator("button", has_text="Press").click()
        wait_summary(page, "button: 1")
        handler = page.locator(".k-touchHandler")
        handler.click()
        handler.click(button="right")
        wait_summary(page, "taps: 1 | secondary: 1")
        check(True, "Elements: a button press, a touch handler tap and right click reach the store")
        page.locator(".k-table .k-label", has_text="row 3").first.click()
        wait_summary(page, "row: 3 |")
        check(True, "Elements: a tap on a table row reports its index path")
        table = page.locator(".k-table")
        table.evaluate("t => { t.scrollTop = t.scrollHeight; }")
        page.wait_for_function("() => [...document.querySelectorAll('.k-table .k-label')].some(e => e.textContent === 'row 49')",
                               timeout=WAIT_MS)
        page.locator(".k-table .k-label", has_text="row 49").first.click()
        wait_summary(page, "row: 49 |")
        mounted = page.evaluate("() => document.querySelectorAll('.k-table .k-label').length")
        check(mounted < 50, f"Elements: scrolling a windowed table mounts the rows near view ({mounted} of 50 mounted)")
        check(page.locator(".k-image").first.get_attribute("title") == "logo", "Elements: an image shows its name")
        path = os.path.join(folder, "elements.png")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        stop_server(process)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=".build/debug")
    arguments = parser.parse_args()
    signal.alarm(TOTAL_SECONDS)
    folder = tempfile.mkdtemp(prefix="katana-browser-")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            shots = [counter(browser, os.path.join(arguments.build_dir, "Counter"), folder),
                     minesweeper(browser, os.path.join(arguments.build_dir, "Minesweeper"), folder),
                     gallery(browser, os.path.join(arguments.build_dir, "ElementsGallery"), folder)]
        finally:
            browser.close()
    print("Screenshots in", folder, ":", ", ".join(os.path.basename(shot) for shot in shots))


if __name__ == "__main__":
    main()
