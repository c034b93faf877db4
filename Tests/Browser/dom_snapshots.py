#!/usr/bin/env python3
"""Every screen of every example in Chromium at 390x844 and 1280x800, as normalised HTML.

The page's DOM under #katana-root is written out one element per line, indented by depth, with its
attributes sorted and its own text, so a changed element is one changed line in a diff. Each
snapshot is compared with its reference in Tests/Browser/__Snapshots__/; a difference fails with a
unified diff of the changed lines. `--record` writes the references instead (after a deliberate
change to how pages look).

Usage: python3 Tests/Browser/dom_snapshots.py --build-dir "$(swift build --show-bin-path)" [--record]
"""

import argparse
import difflib
import os
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_tests import CHROMIUM, WAIT_MS, open_app, start_server, stop_server  # noqa: E402

SIZES = [(390, 844), (1280, 800)]
REFERENCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "__Snapshots__")

# Serialises the DOM under the root: one line per element, `tag attr="value" …`, then its own
# text (text nodes directly inside it), indented two spaces per level.
SERIALIZE_JS = """() => {
  const lines = [];
  const walk = (el, depth) => {
    const attrs = [...el.attributes].map(a => [a.name, a.value]).sort((a, b) => a[0] < b[0] ? -1 : 1)
      .map(([name, value]) => `${name}="${value}"`);
    const text = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('');
    const value = (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') ? ` value=${JSON.stringify(el.value)}` : '';
    lines.push('  '.repeat(depth) + '<' + el.tagName.toLowerCase() + (attrs.length ? ' ' + attrs.join(' ') : '') + '>'
      + value + (text ? ' ' + JSON.stringify(text) : ''));
    for (const child of el.children) walk(child, depth + 1);
  };
  walk(document.getElementById('katana-root'), 0);
  return lines.join('\\n') + '\\n';
}"""


def settled(page, text):
    """Waits until the page shows `text` and the DOM stopped changing for two animation frames."""
    page.wait_for_function("t => document.getElementById('katana-root').textContent.includes(t)", arg=text,
                           timeout=WAIT_MS)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def screens(data_folder, notes_folder):
    """(app, binary, arguments, [(screen name, path, text to wait for)])."""
    return [
        ("counter", "Counter", [], [("main", "/", "Count: 0")]),
        # Without a seed the app opens on its start screen; with one, on seed 42's board.
        ("minesweeper", "Minesweeper", [], [("start", "/", "Pick a difficulty"), ("not-found", "/nowhere", "Nothing here")]),
        ("minesweeper", "Minesweeper", ["--seed", "42", "--difficulty", "beginner"], [("game", "/game", "Mines left")]),
        ("todos", "Todos", ["--data", data_folder],
         [("list", "/", "items left"), ("settings", "/settings", "List order"), ("not-found", "/nowhere", "Nothing here")]),
        ("notes", "Notes", ["--data", notes_folder],
         [("list", "/", "Order"), ("note", "/notes/1", "Groceries"), ("reader", "/notes/1/read", "eggs"),
          ("search", "/search", "Search"), ("transfer", "/transfer", "Import and export"),
          ("not-found", "/nowhere", "Nothing here")]),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=".build/debug")
    parser.add_argument("--record", action="store_true", help="write the references instead of comparing")
    arguments = parser.parse_args()
    os.makedirs(REFERENCES, exist_ok=True)
    failures = []
    checked = 0
    data_folder = tempfile.mkdtemp(prefix="katana-dom-snapshots-")
    notes_folder = tempfile.mkdtemp(prefix="katana-dom-snapshots-notes-")
    notes = os.path.join(arguments.build_dir, "Notes")
    subprocess.run([notes, "add", "--data", notes_folder, "Groceries", "--body", "milk\neggs\nbread"], check=True,
                   capture_output=True, timeout=60)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for app, binary, app_arguments, app_screens in screens(data_folder, notes_folder):
                process, url = start_server(os.path.join(arguments.build_dir, binary), *app_arguments)
                try:
                    for name, path, ready_text in app_screens:
                        for width, height in SIZES:
                            page = open_app(browser, url, width, height, path)
                            settled(page, ready_text)
                            html = page.evaluate(SERIALIZE_JS)
                            page.close()
                            reference = os.path.join(REFERENCES, f"{app}-{name}-{width}.html.txt")
                            checked += 1
                            if arguments.record or not os.path.exists(reference):
                                with open(reference, "w") as file:
                                    file.write(html)
                                if not arguments.record:
                                    failures.append(f"{reference}: no reference; recorded one (run again)")
                                continue
                            with open(reference) as file:
                                expected = file.read()
                            if expected != html:
                                diff = difflib.unified_diff(expected.splitlines(), html.splitlines(),
                                                            "reference", "page", lineterm="", n=1)
                                failures.append(f"{reference} differs:\n" + "\n".join(diff))
                finally:
                    stop_server(process)
        finally:
            browser.close()
    for failure in failures:
        print("FAILED:", failure)
    if failures:
        print(f"{len(failures)} of {checked} DOM snapshots failed; record new references with --record")
        sys.exit(1)
    print(f"ok - {checked} DOM snapshots {'recorded' if arguments.record else 'match their references'}")


if __name__ == "__main__":
    main()
