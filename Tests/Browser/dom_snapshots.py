#!/usr/bin/env python3
"""Every screen of every example in Chromium at 390x844 and 1280x800, as normalised HTML.

The page's DOM under #katana-root is written out one element per line, indented by depth, with its
attributes sorted and its own text, so a changed element is one changed line in a diff. Each
snapshot is compared with its reference in Tests/Browser/__Snapshots__/; a difference fails with a
unified diff of the changed lines. `--record` writes the references instead (after a deliberate
change to how pages look).

It then checks the Swift mirror of the page (KatanaWeb's HeadlessPage): each example page the Swift
tests snapshot with `.webDOM` is opened here too, and Chromium's DOM, written by the same rules,
must equal the Swift reference (see check_swift_references). Those references are recorded by the
Swift tests only.

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
            if not arguments.record:
                checked += check_swift_references(browser, arguments.build_dir, failures)
        finally:
            browser.close()
    for failure in failures:
        print("FAILED:", failure)
    if failures:
        print(f"{len(failures)} of {checked} DOM snapshots failed; record new references with --record")
        sys.exit(1)
    print(f"ok - {checked} DOM snapshots {'recorded' if arguments.record else 'match their references'}")


# MARK: The Swift mirror against Chromium (issue 32)
#
# Tests/ExampleSnapshotTests records each example page's DOM with KatanaWeb's HeadlessPage, which
# applies the server's messages to a Swift mirror of what katana.js builds (`.webDOM`, references
# `web.<app>-<screen>-<width>.txt`). Here Chromium's page, reached the same way and with the same
# data, is written by the same rules (WebDOM.normalizedHTML) and must equal those references, so
# the mirror cannot drift from the real page. The references are Swift's: they are recorded with
# `SNAPSHOT_TESTING_RECORD=all swift test --filter ExampleSnapshotTests`, never by this script.

SWIFT_REFERENCES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ExampleSnapshotTests",
                                "__Snapshots__")

# WebDOM.normalizedHTML's rules: one line per element, indented two spaces per level; the tag and
# its attributes but `style`, sorted by name, values as JSON strings; then `@x,y wxh`, the frame
# the script wrote into the style of a `.k` element (CSS pixels, Math.round to hundredths), a
# field's `value=`, a check box's `checked=`, a select's `selected=`, and the element's own text.
NORMALISED_JS = """() => {
  const lines = [];
  const number = (s) => { const v = Math.round(parseFloat(s) * 100) / 100; return String(v === 0 ? 0 : v); };
  const walk = (el, depth) => {
    const attrs = [...el.attributes].filter(a => a.name !== 'style').map(a => [a.name, a.value])
      .sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0).map(([name, value]) => ' ' + name + '=' + JSON.stringify(value));
    let line = '  '.repeat(depth) + '<' + el.tagName.toLowerCase() + attrs.join('') + '>';
    if (el.classList.contains('k') && el.style.left !== '') {
      line += ' @' + number(el.style.left) + ',' + number(el.style.top) + ' ' + number(el.style.width) + 'x'
        + number(el.style.height);
    }
    const tag = el.tagName;
    if (tag === 'TEXTAREA' || (tag === 'INPUT' && el.type !== 'checkbox')) line += ' value=' + JSON.stringify(el.value);
    if (tag === 'INPUT' && el.type === 'checkbox') line += ' checked=' + el.checked;
    if (tag === 'SELECT') line += ' selected=' + el.selectedIndex;
    const text = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('');
    if (text) line += ' ' + JSON.stringify(text);
    lines.push(line);
    for (const child of el.children) walk(child, depth + 1);
  };
  walk(document.getElementById('katana-root'), 0);
  return lines.join('\\n') + '\\n';
}"""


def acknowledged(page):
    """Waits until the server acknowledged all the page's input (it has rendered everything that
    input caused, and sent it first), then for two animation frames."""
    page.wait_for_function("() => window.katana && katana.sequence > 0 && katana.acknowledged >= katana.sequence",
                           timeout=WAIT_MS)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def swift_pages():
    """(app, binary, arguments, data commands, path, [(action, screen)]): the pages the Swift tests
    open, with the data their folders get (each command runs with `--data <a fresh folder>`), and
    the actions before each snapshot (None, ("click", accessible name) or ("key", DOM key))."""
    todos = [["add", "Buy milk"], ["add", "Call the plumber"], ["add", "Water the plants"], ["done", "2"]]
    notes = [["add", "--folder", "Notes", "Groceries", "--body", "milk\neggs\nbread"],
             ["add", "--folder", "Work", "Plan", "--body", "Ship the widget kit."]]
    seed = ["--seed", "42", "--difficulty", "beginner"]
    pages = [
        ("counter", "Counter", [], None, "/", [(None, "main"), (("click", "Increment"), "incremented")]),
        ("minesweeper", "Minesweeper", [], None, "/", [(None, "start")]),
        ("minesweeper", "Minesweeper", seed, None, "/game", [(None, "game"), (("key", "Enter"), "game-revealed")]),
        ("minesweeper", "Minesweeper", [], None, "/nowhere", [(None, "not-found")]),
    ]
    for screen, path in [("list", "/"), ("item", "/todos/1"), ("settings", "/settings"), ("not-found", "/nowhere")]:
        pages.append(("todos", "Todos", [], todos, path, [(None, screen)]))
    for screen, path in [("list", "/"), ("note", "/notes/1"), ("reader", "/notes/1/read"), ("search", "/search"),
                         ("transfer", "/transfer"), ("not-found", "/nowhere")]:
        pages.append(("notes", "Notes", [], notes, path, [(None, screen)]))
    return pages


def swift_reference(app, screen, width):
    """The Swift test's reference for a page, in whichever suite's folder recorded it."""
    name = f"web.{app}-{screen}-{width}.txt"
    for folder in sorted(os.listdir(SWIFT_REFERENCES)) if os.path.isdir(SWIFT_REFERENCES) else []:
        path = os.path.join(SWIFT_REFERENCES, folder, name)
        if os.path.exists(path):
            return path
    return os.path.join(SWIFT_REFERENCES, "<none>", name)


def check_swift_references(browser, build_dir, failures):
    """Compares Chromium's page with every Swift `.webDOM` reference; returns how many it checked.
    Each page gets a fresh server (and data folder), as each Swift test gets a fresh store."""
    checked = 0
    for app, binary, app_arguments, commands, path, steps in swift_pages():
        for width, height in SIZES:
            arguments = list(app_arguments)
            if commands is not None:
                folder = tempfile.mkdtemp(prefix=f"katana-web-mirror-{app}-")
                for command in commands:
                    subprocess.run([os.path.join(build_dir, binary), *command, "--data", folder], check=True,
                                   capture_output=True, timeout=60)
                arguments += ["--data", folder]
            process, url = start_server(os.path.join(build_dir, binary), *arguments)
            try:
                page = open_app(browser, url, width, height, path)
                acknowledged(page)
                for action, screen in steps:
                    if action and action[0] == "click":
                        page.get_by_role("button", name=action[1], exact=True).click()
                    elif action and action[0] == "key":
                        page.keyboard.press(action[1])
                    if action:
                        acknowledged(page)
                    html = page.evaluate(NORMALISED_JS)
                    reference = swift_reference(app, screen, width)
                    checked += 1
                    if not os.path.exists(reference):
                        failures.append(f"{reference}: no Swift reference (run ExampleSnapshotTests to record it)")
                        continue
                    with open(reference) as file:
                        expected = file.read()
                    if expected != html:
                        diff = difflib.unified_diff(expected.splitlines(), html.splitlines(), "Swift mirror",
                                                    "Chromium", lineterm="", n=1)
                        failures.append(f"{reference} differs from Chromium's page:\n" + "\n".join(diff))
                page.close()
            finally:
                stop_server(process)
    return checked


if __name__ == "__main__":
    main()
