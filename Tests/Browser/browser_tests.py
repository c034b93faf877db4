#!/usr/bin/env python3
"""Drives the real examples in headless Chromium over loopback.

Usage: python3 Tests/Browser/browser_tests.py [--build-dir .build/debug]

Starts `Counter --web --port 0` and `Minesweeper --web --port 0 --seed 42`, reads the one
`Serving on http://127.0.0.1:PORT/?token=…` line each prints (SERVING_LINE: every test opens the
app with that URL), and checks with Debian's Chromium:
- Counter: clicks change the count; two pages stay in sync; a resize re-lays the screen out; the
  page drops the token from its address and the app answers 403 without it.
- Minesweeper --seed 42: a win by clicks and right-click flags, then a loss.
- Minesweeper's screens in the address bar (/, /game, /result): picking a difficulty, Back,
  Forward, Esc, reloads, deep links, and an unknown path's not-found screen.
- Todos --web: add an item, toggle it, undo both.
- Todos, a session per tab: one tab on the settings leaves another on the list (each with its own
  address), an item added in one shows in the others at once, `/` in a new tab is the list.
- Todos, reconnecting: the server stopped shows a polite status (never "reload"); restarted on the
  same port and token, the page is back by itself on the screen of its address, with the text
  typed while away, which reaches the server.
- Todos, a kept token: restarted without --token, the link is the same and the page reconnects
  with no reload; restarted with --new-token, the page says politely to open the new link and stops
  trying, and reconnects once the new link is opened in the same browser and it is shown again.
- Todos over a proxy delaying every packet 200 ms each way: 30 characters typed fast (some in the
  middle) stay exactly as typed on every frame, the caret stays put, the server gets the same.
- Todos --web with 40 items: the wheel scrolls the list to item 40, the page and the footer stay
  put, and toggling item 40 keeps the list where it was scrolled.
- Notes --web: folder tabs, the new-note field, the text area, save and its toast, the pinned
  switch, the folder select, the delete dialog, the spinner of the slow search, an import's progress
  bar cancelled and run again; every screen fits 390 px; screenshots of each screen at 390 and 1280.
- DevToolsPageFixture (the DevTools server over a scripted source): the DevTools page lists live
  items, filters them, shows a diff and a state tree, travels and resumes, pauses, says when
  items were dropped, exports and imports a session, shows refused commands; a wrong token is 403.
- Counter --web --devtools: items of clicks in the app page appear in the DevTools page with
  their diffs; the slider takes the app page back to an older count; Resume live brings it back.
- Todos --web --devtools: add an item, toggle it, undo the toggle; Export test in the DevTools page
  downloads a Swift Testing file replaying it (`--export-test-to FILE` keeps it: CI compiles and
  runs it with .ci/exported-test-roundtrip.sh).
- Counter --devtools-flight-recorder, killed with SIGKILL after three Increments: --devtools-open
  replays the recording (the app shows Count: 3, the page lists the Increments with the call site
  the recording kept, the summary names it too), and Import in the page takes the same file.
- ElementsGallery (a fixture app): text input, touch handler taps and right clicks, a button,
  table row taps and scrolling a windowed table, an image; an element outside the window is hidden
  and comes back when the window grows.
- ElementsGallery's checkboxes: a checked box (the kit's native one, and a checkbox button the
  page draws) is visibly ticked with nothing refused in the console; a titled one shows its title.
- ElementsGallery's widget kit: check boxes and a switch, tabs (click and arrows), a picker, a
  text area (typing, Enter, a replaced selection), progress and activity indicator, the key hints
  (no terminal-only binding), a scroll view, a confirm dialog (modal, Esc, focus returned), a toast
  and a status line: roles, names and states as assistive technology reads them.
- The look, per app (Counter, Minesweeper, Todos, ElementsGallery) at 390x844, 1280x800 and
  1920x1080: nothing wider than the window, every control inside it, text 14-18 px in a
  proportional font, buttons that look and hover like buttons, Minesweeper's cells square and at
  least 28 px. One screenshot per app and size.
- Accessibility (issue 29), every screen of Counter, Minesweeper and Todos at 390x844 and
  1280x800, light and dark: axe-core (from PyPI's axe-playwright-python) finds no serious or
  critical violation and no landmark violation; every control's box is at least 24x24 CSS px
  (44x44 under 600 px; a game board's cells 24x24); the dark scheme gives a dark page. The
  DevTools page meets the same at 1280 and 1100 px. One screenshot per screen, scheme and size.
Saves the screenshots in a temporary folder and prints its path (`--screenshots DIR` also copies
the look screenshots at 1280x800 and 390x844, and the dark ones, there, for the documentation). Every wait is bounded;
the whole run is capped by an alarm.
"""
import argparse
import base64
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("KATANA_CHROMIUM", "/usr/bin/chromium")
WAIT_MS = 10_000
TOTAL_SECONDS = 600


# The line every `--web` app prints; the URL, with its per-run token, is how each test opens the app.
SERVING_LINE = re.compile(r"Serving on (http://127\.0\.0\.1:\d+/\?token=[0-9A-Za-z_-]+)")


def start_server(binary, *arguments):
    process = subprocess.Popen([binary, "--web", "--port", "0", *arguments], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    match = SERVING_LINE.fullmatch(line)
    if not match:
        process.kill()
        raise SystemExit(f"{binary}: expected 'Serving on http://127.0.0.1:PORT/?token=…', got {line!r}: {process.stderr.read()}")
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


def app_url(url, path):
    """The served address with `path` in place of `/`: the one place that turns a served address
    into an app path, so a token or another path scheme changes here only."""
    # The served address may carry the token as a query (`/?token=…`): the path goes before it.
    base, _, query = url.partition("?")
    return base.rstrip("/") + path + ("?" + query if query else "")


def open_app(browser, url, width, height, path="/"):
    """Opens an app's page at `path` (see app_url)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(app_url(url, path))
    return page


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
        page = open_app(browser, url, 800, 600)
        wait_text(page, "Count: 0")
        increment = page.locator("button", has_text="Increment")
        decrement = page.locator("button", has_text="Decrement")
        increment.click()
        increment.click()
        wait_text(page, "Count: 2")
        decrement.click()
        wait_text(page, "Count: 1")
        check(True, "Counter: clicks change the count (0 → 2 → 1)")

        second = open_app(browser, url, 640, 480)
        wait_text(second, "Count: 1")
        second.locator("button", has_text="Increment").click()
        wait_text(page, "Count: 2")
        wait_text(second, "Count: 2")
        check(True, "Counter: two pages share the store and stay in sync")
        check("token=" not in page.url and "token=" not in second.url,
              f"Counter: the page keeps its token in a cookie and drops it from the address ({page.url})")
        base, token = url.split("?token=")
        wrong = ("x" if token[0] != "x" else "y") + token[1:]
        statuses = [status_of(base), status_of(base + "katana.js"), status_of(base + "?token=" + wrong)]
        check(statuses == [403] * 3, f"Counter: without the token (or with a wrong one) the app answers 403 ({statuses})")

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
    process, url = start_server(binary, "--seed", "42", "--difficulty", "beginner")
    try:
        page = open_app(browser, url, 800, 600)
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
    process, url = start_server(binary, "--seed", "42", "--difficulty", "beginner")
    try:
        page = open_app(browser, url, 800, 600)
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
        page = open_app(browser, url, 800, 600)
        wait_summary(page, "text:  | taps: 0")
        page.locator("input.k-textField").fill("hello")
        wait_summary(page, "text: hello |")
        check(True, "Elements: a text field reports its text")
        press = page.locator("button", has_text="Press")
        press.click()
        wait_summary(page, "button: 1")
        # Issue 29: a busy control says so to assistive technology and shows it (stripes).
        page.wait_for_function("b => b.getAttribute('aria-busy') === 'true' && b.classList.contains('k-busy')"
                               " && getComputedStyle(b).backgroundImage.includes('gradient')",
                               arg=press.element_handle(), timeout=WAIT_MS)
        check(True, "Elements: a busy button is aria-busy and striped")
        # Pressed: held down, the button is shaded and moves down a pixel; released, it is not.
        press.hover()
        page.mouse.down()
        held = press.evaluate("b => getComputedStyle(b).transform")
        page.mouse.up()
        wait_summary(page, "button: 2")
        page.mouse.move(0, 0)
        page.wait_for_function("b => !b.hasAttribute('aria-busy') && !b.classList.contains('k-busy')"
                               " && getComputedStyle(b).transform === 'none'", arg=press.element_handle(), timeout=WAIT_MS)
        check(held == "matrix(1, 0, 0, 1, 0, 1)",
              f"Elements: a held button shows pressed (moved down: {held}); released and no longer busy, it does not")
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
        image = page.locator(".k-image").first
        check(image.get_attribute("title") == "logo" and image.get_attribute("role") == "img"
              and image.get_attribute("aria-label") == "Katana logo",
              "Elements: an image shows its name, and is an image named by its label to assistive technology")
        # An element wholly outside the window is not drawn (k-off), and is drawn again when the
        # window grows to show it.
        page.set_viewport_size({"width": 390, "height": 60})
        page.wait_for_function("() => document.querySelector('.k-image').classList.contains('k-off')", timeout=WAIT_MS)
        page.set_viewport_size({"width": 800, "height": 600})
        page.wait_for_function("() => { const i = document.querySelector('.k-image'); return !i.classList.contains('k-off')"
                               " && i.getBoundingClientRect().width > 0; }", timeout=WAIT_MS)
        check(True, "Elements: an image below a short window is hidden, and shown again when the window grows")
        path = os.path.join(folder, "elements.png")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        stop_server(process)


def gallery_kit(browser, binary, folder):
    """The widget kit in the gallery: native controls with their roles, names and states, driven
    by mouse and keyboard through the store and back."""
    process, url = start_server(binary)
    try:
        page = open_app(browser, url, 800, 700)
        wait_summary(page, "pinned: false")
        switch = page.get_by_role("switch", name="Pinned")
        check(not switch.is_checked() and page.get_by_role("checkbox", name="Done").is_checked(),
              "Kit: check boxes are native checkboxes (one a switch) named by their titles, with their state")
        page.get_by_text("Pinned", exact=True).click()
        wait_summary(page, "pinned: true")
        page.wait_for_function("() => document.querySelector('input[role=switch]').checked", timeout=WAIT_MS)
        page.get_by_role("checkbox", name="Done").press("Space")
        wait_summary(page, "done: false")
        check(True, "Kit: a click on a switch's title and Space on a checkbox toggle them through the store")
        page.get_by_role("tab", name="Work").click()
        wait_summary(page, "tab: 1")
        check(page.get_by_role("tab", name="Work").get_attribute("aria-selected") == "true",
              "Kit: a click on a tab selects it (aria-selected)")
        page.get_by_role("tab", name="Work").press("ArrowRight")
        wait_summary(page, "tab: 2")
        page.wait_for_function("() => document.activeElement.textContent === 'Home'", timeout=WAIT_MS)
        check(page.get_by_role("tablist").count() == 1, "Kit: ArrowRight in the tab list selects and focuses the next tab")
        page.get_by_role("combobox", name="Sort by").select_option("Title")
        wait_summary(page, "sort: 2")
        check(True, "Kit: a picker is a native select named by its title; choosing an option reaches the store")
        body = page.get_by_role("textbox", name="Body")
        body.click()
        page.keyboard.press("Control+End")
        page.keyboard.type(" here")
        page.keyboard.press("Enter")
        page.keyboard.type("third")
        wait_summary(page, 'body: "first line\\nsecond line here\\nthird"')
        # A selection made in the browser, replaced by typing: one edit.
        body.evaluate("t => t.setSelectionRange(0, 5)")
        page.keyboard.type("1st")
        wait_summary(page, 'body: "1st line\\nsecond line here\\nthird"')
        check(body.input_value() == "1st line\nsecond line here\nthird",
              "Kit: a text area takes typing, Enter and a replaced selection as edits of the store's document")
        progress = page.get_by_role("progressbar", name="Importing")
        check(progress.get_attribute("value") == "0.25", "Kit: a progress bar is a native <progress> with its value")
        spinner = page.get_by_role("progressbar", name="Searching")
        check(spinner.get_attribute("aria-busy") == "true", "Kit: an activity indicator is a busy progress bar")
        help_text = page.locator(".k-keyHelp").text_content()
        check("Ctrl+Z undo" in help_text and "p pins" in help_text and "quits" not in help_text
              and "Tab" not in help_text, f"Kit: the browser's key hints come from the bindings, none terminal-only ({help_text!r})")
        viewport = page.locator(".k-scrollView")
        check(viewport.evaluate("v => v.scrollHeight > v.clientHeight * 3"), "Kit: a scroll view holds content taller than itself")
        viewport.evaluate("v => { v.scrollTop = v.scrollHeight; }")
        page.get_by_text("long line 19").wait_for(state="visible", timeout=WAIT_MS)
        check(page.get_by_text("long line 19").is_visible(), "Kit: scrolling a scroll view shows its last line")
        opener = page.get_by_role("button", name="Delete…")
        opener.click()
        dialog = page.get_by_role("alertdialog", name="Delete the note?")
        dialog.wait_for(timeout=WAIT_MS)
        page.wait_for_function("() => document.querySelector('dialog').open && document.querySelector('dialog').contains(document.activeElement)",
                               timeout=WAIT_MS)
        check(page.evaluate("() => document.activeElement.textContent") == "Cancel",
              "Kit: a confirm dialog opens modal, with the focus on Cancel")
        page.keyboard.press("Escape")
        page.wait_for_function("() => !document.querySelector('dialog')", timeout=WAIT_MS)
        page.wait_for_function("() => document.activeElement && document.activeElement.textContent === 'Delete…'", timeout=WAIT_MS)
        check(True, "Kit: Esc closes the dialog and the focus returns to the button that opened it")
        opener.click()
        dialog.wait_for(timeout=WAIT_MS)
        dialog.get_by_role("button", name="Delete").click()
        wait_summary(page, "deleted: 1")
        toast = page.locator(".k-toast")
        toast.wait_for(timeout=WAIT_MS)
        check(toast.get_attribute("role") == "status" and toast.text_content() == "Deleted",
              "Kit: confirming reaches the store, and a toast says so as a status")
        check(page.get_by_role("status").filter(has_text="lines · deleted 1").count() == 1,
              "Kit: the status line is a status with the store's figures")
        path = os.path.join(folder, "kit.png")
        page.screenshot(path=path)
        for width, height in [(390, 844), (1280, 800)]:
            page.set_viewport_size({"width": width, "height": height})
            wait_summary(page, "deleted: 1")
            page.wait_for_timeout(300)
            page.screenshot(path=os.path.join(folder, f"kit-{width}x{height}.png"))
        page.close()
        return path
    finally:
        stop_server(process)


def pixels_apart(browser, first, second):
    """How many pixels differ clearly between two PNG screenshots of one size, decoded by Chromium
    in a blank page (no image library needed, and no app page's CSP applies)."""
    blank = browser.new_page()
    try:
        return blank.evaluate("""async ([a, b]) => {
          const decode = async (text) => {
            const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
            const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
            const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
            context.drawImage(bitmap, 0, 0);
            return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
          };
          const [x, y] = [await decode(a), await decode(b)];
          if (x.length !== y.length) return -1;
          let count = 0;
          for (let i = 0; i < x.length; i += 4) {
            if (Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2]) > 96) count++;
          }
          return count;
        }""", [base64.b64encode(first).decode(), base64.b64encode(second).decode()])
    finally:
        blank.close()


def still_shot(page, locator):
    """A screenshot of `locator` with no hover and no focus ring on it."""
    page.mouse.move(0, 0)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    return locator.screenshot()


def checkboxes(browser, binary, folder):
    """Checkboxes as a person sees them: a checked box is visibly ticked, drawn with nothing the
    page's CSP refuses (a tick once was a data: URL mask the CSP blocked, so checked looked
    unchecked); a titled Checkbox shows its title beside the box, and a click on it toggles."""
    process, url = start_server(binary)
    try:
        page, errors = open_watched(browser, url)
        wait_summary(page, "done: true")
        # The kit's Checkbox titled "Done": a native box inside a <label> with the title.
        done = page.get_by_role("checkbox", name="Done")
        title = page.locator("label.k-checkbox", has=done).locator("span")
        box, text = done.bounding_box(), title.bounding_box()
        check(title.text_content() == "Done" and title.is_visible() and text["width"] > 0
              and text["x"] >= box["x"] + box["width"],
              f"Checkboxes: a titled checkbox shows its title beside the box (box {box}, title {text})")
        checked = still_shot(page, done)
        title.click()
        wait_summary(page, "done: false")
        unchecked = still_shot(page, done)
        apart = pixels_apart(browser, checked, unchecked)
        check(apart > 20, f"Checkboxes: a click on the title unchecks the box, and a checked box looks ticked ({apart} pixels differ)")
        # A Button that says it is a checkbox: the page draws the box and the tick itself (k-check).
        read = page.get_by_role("checkbox", name="Read")
        check(read.is_checked() and "k-check" in read.get_attribute("class"), "Checkboxes: a checkbox button is a checked checkbox")
        checked = still_shot(page, read)
        read.click()
        page.wait_for_function("e => !e.checked", arg=read.element_handle(), timeout=WAIT_MS)
        unchecked = still_shot(page, read)
        apart = pixels_apart(browser, checked, unchecked)
        check(apart > 10, f"Checkboxes: a checked checkbox button shows its tick ({apart} pixels differ from unchecked)")
        read.click()
        page.wait_for_function("e => e.checked", arg=read.element_handle(), timeout=WAIT_MS)
        again = pixels_apart(browser, checked, still_shot(page, read))
        check(again == 0, f"Checkboxes: checked again, the box looks as it did ({again} pixels differ)")
        check(not errors, f"Checkboxes: nothing refused or failing in the console ({errors})")
        path = os.path.join(folder, "checkboxes.png")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        stop_server(process)


def wait_button(page, text):
    page.wait_for_function("t => [...document.querySelectorAll('.k-button')].some(e => e.textContent === t)",
                           arg=text, timeout=WAIT_MS)


def wait_no_button(page, text):
    page.wait_for_function("t => ![...document.querySelectorAll('.k-button')].some(e => e.textContent === t)",
                           arg=text, timeout=WAIT_MS)


def wait_row(page, box, title):
    """A Todos row: its done check box (`[ ]` unchecked, `[x]` checked), then its title button."""
    page.wait_for_function(
        "([b, t]) => [...document.querySelectorAll('.k-button')].some(e => e.textContent === t"
        " && e.previousElementSibling && e.previousElementSibling.classList.contains('k-checkbox')"
        " && e.previousElementSibling.querySelector('input').checked === (b === '[x]'))",
        arg=[box, title], timeout=WAIT_MS)


def box_of(page, title):
    """The done check box of the Todos row titled `title`, found as assistive technology finds it."""
    return page.get_by_role("checkbox", name=f"Done: {title}", exact=True)


def first_box(page, checked=False):
    """The first done checkbox that is (not) checked."""
    return page.locator(".k-checkbox input:checked" if checked else ".k-checkbox input:not(:checked)").first


def wait_no_row(page, title):
    page.wait_for_function(
        "t => ![...document.querySelectorAll('.k-button')].some(e => e.textContent === t"
        " && e.previousElementSibling && e.previousElementSibling.classList.contains('k-checkbox'))",
        arg=title, timeout=WAIT_MS)


def todos(browser, binary, folder):
    data = tempfile.mkdtemp(prefix="katana-todos-")
    process, url = start_server(binary, "--data", data)
    try:
        page = open_app(browser, url, 800, 600)
        field = page.locator("input.k-textField")
        field.wait_for(timeout=WAIT_MS)
        field.fill("buy milk")
        field.press("Enter")
        wait_row(page, "[ ]", "buy milk")
        check(True, "Todos: typing and Enter adds an item")
        page.locator(".k-checkbox input").first.click()
        wait_row(page, "[x]", "buy milk")
        check(page.get_by_role("tablist", name="Filter").count() == 1, "Todos: the filter is a tab list named Filter")
        check(True, "Todos: a click on the box toggles the item")
        page.locator("button", has_text="undo").first.click()
        wait_row(page, "[ ]", "buy milk")
        page.locator("button", has_text="undo").first.click()
        wait_no_row(page, "buy milk")
        check(True, "Todos: undo reverts the toggle, then the add")
        # Keystrokes faster than the store's round trip: none may be lost to an older echo.
        sentence = "the quick brown fox jumps over the lazy dog"
        field.click()
        page.keyboard.type(sentence, delay=0)
        field.press("Enter")
        wait_row(page, "[ ]", sentence)
        check(True, "Todos: fast typing keeps every character")
        path = os.path.join(folder, "todos.png")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        stop_server(process)


def todos_scrolling(browser, binary, folder):
    """Todos with 40 items: the list scrolls natively to its last item while the field and the
    footer stay put, nothing overlaps, and the scroll position survives a re-render."""
    data = tempfile.mkdtemp(prefix="katana-todos-")
    for number in range(1, 41):
        subprocess.run([binary, "add", "--data", data, f"item {number}"], check=True, capture_output=True, timeout=30)
    process, url = start_server(binary, "--data", data)
    try:
        page = browser.new_page(viewport={"width": 800, "height": 600})
        page.goto(url)
        wait_row(page, "[ ]", "item 1")
        table = page.locator(".k-table")
        field = page.locator("input.k-textField")
        undo = page.locator("button", has_text="undo").first
        field_box, undo_box, table_box = field.bounding_box(), undo.bounding_box(), table.bounding_box()
        check(table.evaluate("t => t.scrollHeight > t.clientHeight"),
              "Todos: 40 items do not fit, so the list is taller than its region")
        check(field_box["y"] + field_box["height"] <= table_box["y"] and
              table_box["y"] + table_box["height"] <= undo_box["y"],
              "Todos: the list region lies between the field and the footer")
        # `item` is inside the list's visible region (not scrolled out, not cut off).
        in_view = """([table, title]) => {
            const t = table.getBoundingClientRect();
            return [...table.querySelectorAll('.k-button')].some(b => {
                const r = b.getBoundingClientRect();
                return b.textContent === title && r.top >= t.top - 0.5 && r.bottom <= t.bottom + 0.5;
            });
        }"""
        handle = table.element_handle()
        check(not page.evaluate(in_view, [handle, "item 40"]), "Todos: item 40 starts out of view")
        page.mouse.move(table_box["x"] + table_box["width"] / 2, table_box["y"] + table_box["height"] / 2)
        for _ in range(20):
            if page.evaluate(in_view, [handle, "item 40"]):
                break
            page.mouse.wheel(0, 400)
            page.wait_for_timeout(50)
        page.wait_for_function(in_view, arg=[handle, "item 40"], timeout=WAIT_MS)
        check(True, "Todos: the wheel scrolls the list to item 40")
        check(not page.evaluate(in_view, [handle, "item 1"]), "Todos: item 1 scrolled out of view")
        check(page.evaluate("() => window.scrollY === 0 && document.scrollingElement.scrollTop === 0"),
              "Todos: the page itself did not scroll")
        check(field.bounding_box() == field_box and undo.bounding_box() == undo_box,
              "Todos: the field and the footer stayed put")
        scroll_top = table.evaluate("t => t.scrollTop")
        box_of(page, "item 40").click()
        wait_row(page, "[x]", "item 40")
        check(page.evaluate(in_view, [handle, "item 40"]) and table.evaluate("t => t.scrollTop") == scroll_top,
              "Todos: toggling item 40 re-renders it where the list was scrolled")
        path = os.path.join(folder, "todos-scrolled.png")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        stop_server(process)


def wait_path(page, path):
    page.wait_for_function("p => location.pathname === p", arg=path, timeout=WAIT_MS)


def wait_field(page, value):
    page.wait_for_function("v => [...document.querySelectorAll('input.k-textField')].some(e => e.value === v)",
                           arg=value, timeout=WAIT_MS)


def todos_navigation(browser, binary, folder):
    """Screens in the address bar: links, Back and Forward, deep links, reloads, unknown paths."""
    data = tempfile.mkdtemp(prefix="katana-todos-nav-")
    for title in ["milk", "eggs", "bread"]:
        subprocess.run([binary, "add", "--data", data, title], check=True, capture_output=True)
    process, url = start_server(binary, "--data", data)
    try:
        page = browser.new_page(viewport={"width": 800, "height": 600})
        errors = watch_console(page)
        page.goto(url)
        wait_row(page, "[ ]", "milk")
        check(page.evaluate("location.pathname") == "/", "Navigation: the list is at /")

        page.locator("button", has_text="milk").first.click()
        wait_path(page, "/todos/1")
        wait_field(page, "milk")
        wait_button(page, "‹ Back")
        check("milk" in page.title(), "Navigation: a click on a row opens /todos/1, titled after the item")

        page.go_back()
        wait_path(page, "/")
        wait_row(page, "[ ]", "eggs")
        wait_no_button(page, "‹ Back")
        check(True, "Navigation: the browser's Back returns to the list")

        page.go_forward()
        wait_path(page, "/todos/1")
        wait_field(page, "milk")
        check(True, "Navigation: the browser's Forward opens the item again")

        page.locator("button", has_text="‹ Back").click()
        wait_path(page, "/")
        wait_row(page, "[ ]", "milk")
        page.go_forward()
        wait_path(page, "/todos/1")
        wait_field(page, "milk")
        check(True, "Navigation: the app's Back button goes back in the history (Forward returns)")

        # Esc in a field stops editing; the next Esc goes back.
        title = page.locator("input.k-textField").first
        title.click()
        title.press("Escape")
        check(page.evaluate("document.activeElement.tagName") != "INPUT", "Navigation: Esc leaves the text field")
        check(page.evaluate("location.pathname") == "/todos/1", "Navigation: Esc in a field does not go back")
        page.keyboard.press("Escape")
        wait_path(page, "/")
        wait_row(page, "[ ]", "milk")
        check(True, "Navigation: Esc outside a field goes back")

        # Edits on the item's screen are one undoable change, undone from the list.
        page.locator("button", has_text="eggs").first.click()
        wait_path(page, "/todos/2")
        title = page.locator("input.k-textField").first
        title.fill("brown eggs")
        title.press("Enter")
        wait_text(page, "saved")
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        wait_path(page, "/")
        wait_row(page, "[ ]", "brown eggs")
        page.locator("button", has_text="undo").first.click()
        wait_row(page, "[ ]", "eggs")
        check(True, "Navigation: an item's edit, saved on its screen, is undone from the list")
        page.close()

        page = browser.new_page(viewport={"width": 800, "height": 600})
        errors = watch_console(page)
        page.goto(app_url(url, "/todos/3"))
        wait_field(page, "bread")
        wait_text(page, "Todos › bread")
        check(True, "Navigation: a deep link opens the item's screen")
        page.reload()
        wait_field(page, "bread")
        check(page.evaluate("location.pathname") == "/todos/3", "Navigation: a reload keeps the screen")
        page.keyboard.press("Escape")
        wait_path(page, "/")
        wait_row(page, "[ ]", "bread")
        check(True, "Navigation: Back from a deep link leads to the list")

        page.goto(app_url(url, "/settings"))
        wait_text(page, "List order")
        check(True, "Navigation: /settings opens the settings")

        page.goto(app_url(url, "/no/such/page"))
        wait_text(page, "Nothing here: /no/such/page is not a page of this app.")
        check(page.evaluate("location.pathname") == "/no/such/page", "Navigation: an unknown path shows the not-found screen")
        page.locator("button", has_text="back to the list").click()
        wait_path(page, "/")
        wait_row(page, "[ ]", "milk")
        check(True, "Navigation: the not-found screen leads back to the list")
        page.goto(app_url(url, "/todos/99"))
        wait_text(page, "There is no item 99: it was deleted, or the link is wrong. Esc goes back.")
        check(True, "Navigation: a link to a missing item says so")
        check(not errors, f"Navigation: no errors in the console ({errors})")
        path = os.path.join(folder, "todos-item.png")
        page.goto(app_url(url, "/todos/1"))
        wait_field(page, "milk")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        stop_server(process)


def wait_location(page, path):
    page.wait_for_function("p => location.pathname === p", arg=path, timeout=WAIT_MS)


def status_text(page):
    return page.evaluate("() => document.getElementById('katana-status').textContent")


def todos_two_tabs(browser, binary, folder):
    """A session per tab: each tab has its own screen and address, the list is shared and live."""
    data = tempfile.mkdtemp(prefix="katana-todos-tabs-")
    subprocess.run([binary, "add", "--data", data, "milk"], check=True, capture_output=True, timeout=30)
    process, url = start_server(binary, "--data", data)
    try:
        first, first_errors = open_watched(browser, url)
        second, second_errors = open_watched(browser, url)
        wait_row(first, "[ ]", "milk")
        wait_row(second, "[ ]", "milk")
        first.locator("button", has_text="settings").first.click()
        wait_path(first, "/settings")
        wait_text(first, "List order")
        check(True, "Two tabs: the first tab opens the settings at /settings")
        second.locator("input.k-textField").fill("eggs")
        second.locator("input.k-textField").press("Enter")
        wait_row(second, "[ ]", "eggs")
        check(second.evaluate("location.pathname") == "/" and second.locator("button", has_text="‹ Back").count() == 0,
              "Two tabs: the second tab stays on the list at /, with no Back button")
        check(first.evaluate("location.pathname") == "/settings" and "List order" in first.locator("body").inner_text(),
              "Two tabs: the first tab stays on the settings while the second adds an item")
        third, third_errors = open_watched(browser, url)
        wait_row(third, "[ ]", "eggs")
        check(third.evaluate("location.pathname") == "/", "Two tabs: a new tab at / shows the list, not the settings")
        second.locator("input.k-textField").fill("bread")
        second.locator("input.k-textField").press("Enter")
        wait_row(third, "[ ]", "bread")
        check(True, "Two tabs: an item added in one tab shows in another at once")
        # What a tab types is its own: the third tab's half-typed title stays in its field while the
        # second adds its own, and never shows in another tab.
        third.locator("input.k-textField").fill("jam")
        second.locator("input.k-textField").fill("butter")
        second.locator("input.k-textField").press("Enter")
        wait_row(third, "[ ]", "butter")
        second.wait_for_function("() => document.querySelector('input.k-textField').value === ''", timeout=WAIT_MS)
        check(third.locator("input.k-textField").input_value() == "jam"
              and "jam" not in second.locator(".k-button").all_inner_texts(),
              "Two tabs: a title typed in one tab stays in its field while another tab adds its own")
        # Focus is the page's own too (each page has its own renderer): the third tab's caret stays
        # in its field while the second tab types and adds.
        check(third.evaluate("() => document.activeElement && document.activeElement.value") == "jam",
              "Two tabs: a tab keeps its focus while another tab types and adds")
        first.locator("button", has_text="‹ Back").click()
        wait_path(first, "/")
        wait_row(first, "[ ]", "butter")
        check(True, "Two tabs: the first tab's Back returns to the list, which has the items the others added")
        check(first.locator("input.k-textField").input_value() == "",
              "Two tabs: the first tab's field is empty, though the other tabs typed")
        third.locator("input.k-textField").press("Enter")
        wait_row(first, "[ ]", "jam")
        wait_row(second, "[ ]", "jam")
        check(second.locator("input.k-textField").input_value() == ""
              and first.locator("input.k-textField").input_value() == "",
              "Two tabs: Enter adds the typing tab's own title to every tab's list, and no other tab's field")
        errors = first_errors + second_errors + third_errors
        check(not errors, f"Two tabs: no errors in the consoles ({errors})")
        path = os.path.join(folder, "todos-two-tabs.png")
        second.screenshot(path=path)
        for page in (first, second, third):
            page.close()
        return path
    finally:
        stop_server(process)


def start_server_at(binary, port, token, *arguments):
    """Starts an app on a given port with a given token (a restart must keep both)."""
    process = subprocess.Popen([binary, "--web", "--port", str(port), "--token", token, *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    if not SERVING_LINE.fullmatch(line):
        process.kill()
        raise SystemExit(f"{binary}: expected 'Serving on …' on port {port}, got {line!r}: {process.stderr.read()}")
    return process


def todos_reconnect(browser, binary, folder):
    """The server stops and comes back: the page says so politely, reconnects by itself, shows the
    screen of its address and keeps what was typed while it was away."""
    data = tempfile.mkdtemp(prefix="katana-todos-reconnect-")
    subprocess.run([binary, "add", "--data", data, "milk"], check=True, capture_output=True, timeout=30)
    process, url = start_server(binary, "--data", data)
    port = int(re.search(r":(\d+)/", url).group(1))
    token = re.search(r"token=([0-9A-Za-z_-]+)", url).group(1)
    process = stop_and_restart(process, binary, port, token, data)
    try:
        page, errors = open_watched(browser, url, "/todos/1")
        title = page.locator("input.k-textField").first
        wait_field(page, "milk")
        status = page.locator("#katana-status")
        check(status.get_attribute("role") == "status" and status.get_attribute("aria-live") == "polite",
              "Reconnect: the connection status is a polite live region (role=status, aria-live=polite)")
        stop_server(process)
        page.wait_for_function("() => /reconnecting/i.test(document.getElementById('katana-status').textContent)",
                               timeout=WAIT_MS)
        check("reload" not in status_text(page).lower(),
              f"Reconnect: with the server gone the page says it is reconnecting, not to reload ({status_text(page)!r})")
        title.click()
        title.press("End")
        page.keyboard.type(" and honey", delay=0)
        process = start_server_at(binary, port, token, "--data", data)
        # Back-off is at most 5 s between tries: well within this bound.
        page.wait_for_function("() => katana.connected && document.getElementById('katana-status').textContent === ''",
                               timeout=3 * WAIT_MS)
        check(True, "Reconnect: the page reconnects to the restarted server by itself and clears the status")
        wait_location(page, "/todos/1")
        page.wait_for_function("() => katana.acknowledged >= katana.sequence", timeout=WAIT_MS)
        field = page.locator("input.k-textField").first
        check(field.input_value() == "milk and honey",
              f"Reconnect: the item's screen is back, with the text typed while away ({field.input_value()!r})")
        check(page.evaluate("() => document.activeElement && document.activeElement.value") == "milk and honey",
              "Reconnect: the field typed into keeps the focus")
        field.press("Enter")
        wait_text(page, "saved")
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        wait_path(page, "/")
        wait_row(page, "[ ]", "milk and honey")
        check(True, "Reconnect: the text typed while away reached the restarted server (saved, shown in the list)")
        # The browser logs each failed try while the server is down or going (refused, or reset
        # by a server stopping), and the access check each failed try asks (unanswered while the
        # server is down); nothing else may appear.
        refused = [error for error in errors if re.match(r"WebSocket connection to 'ws://127\.0\.0\.1:\d+/' failed", error)
                   or re.fullmatch(r"failed http://127\.0\.0\.1:\d+/katana\.check", error)]
        others = [error for error in errors if error not in refused]
        check(not others, f"Reconnect: no errors in the console but the {len(refused)} failed tries ({others})")
        path = os.path.join(folder, "todos-reconnected.png")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        stop_server(process)


def stop_and_restart(process, binary, port, token, data):
    """Restarts a server at once on its port and token: the first start only picked a free port."""
    stop_server(process)
    return start_server_at(binary, port, token, "--data", data)


def start_server_on(binary, port, *arguments):
    """Starts an app on a given port with the token it keeps (no --token); returns it and its URL."""
    process = subprocess.Popen([binary, "--web", "--port", str(port), *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    match = SERVING_LINE.fullmatch(line)
    if not match:
        process.kill()
        raise SystemExit(f"{binary}: expected 'Serving on …' on port {port}, got {line!r}: {process.stderr.read()}")
    return process, match.group(1)


def todos_kept_token(browser, binary, folder):
    """The token is kept across restarts (in XDG_STATE_HOME, a temporary folder here): a server
    restarted without --token has the same link and the page reconnects with no reload; restarted
    with --new-token, the page says politely to open the new link and stops trying, and once the
    new link is opened in the same browser it reconnects when shown again."""
    data = tempfile.mkdtemp(prefix="katana-todos-token-")
    subprocess.run([binary, "add", "--data", data, "milk"], check=True, capture_output=True, timeout=30)
    process, url = start_server(binary, "--data", data)
    port = int(re.search(r":(\d+)/", url).group(1))
    kept = os.path.join(os.environ["XDG_STATE_HOME"], "katana", "todos", "web-token")
    check(os.path.exists(kept) and os.stat(kept).st_mode & 0o777 == 0o600,
          f"Kept token: the server keeps its token in a file only the user can read ({kept})")
    stop_server(process)
    process, again = start_server_on(binary, port, "--data", data)
    check(again == url, f"Kept token: restarted without --token, the server prints the same link ({again})")
    context = browser.new_context(viewport={"width": 800, "height": 600})
    try:
        page = context.new_page()
        page.goto(url)
        wait_row(page, "[ ]", "milk")
        page.evaluate("() => { window.katanaSameDocument = true; }")
        stop_server(process)
        page.wait_for_function("() => /reconnecting/i.test(document.getElementById('katana-status').textContent)",
                               timeout=WAIT_MS)
        process, again = start_server_on(binary, port, "--data", data)
        page.wait_for_function("() => katana.connected && document.getElementById('katana-status').textContent === ''",
                               timeout=3 * WAIT_MS)
        wait_row(page, "[ ]", "milk")
        check(page.evaluate("() => window.katanaSameDocument === true"),
              "Kept token: the page reconnects to a server restarted without --token by itself, with no reload")

        stop_server(process)
        process, renewed = start_server_on(binary, port, "--new-token", "--data", data)
        check(renewed != url, "New token: --new-token prints a new link")
        page.wait_for_function("() => katana.stoppedForNewLink", timeout=3 * WAIT_MS)
        status = page.locator("#katana-status")
        text = status_text(page)
        check("new link" in text and "reload" not in text.lower()
              and status.get_attribute("aria-live") == "polite",
              f"New token: the page says politely that the server has a new link to open ({text!r})")
        check(page.evaluate("() => !katana.connected && !katana.retrying"),
              "New token: the page stops trying (no connection, no try scheduled): it never retries for ever")
        fresh = context.new_page()
        fresh.goto(renewed)
        wait_row(fresh, "[ ]", "milk")
        fresh.close()
        # Shown again (a tab switch), the stopped page checks once more: the new link set the cookie.
        page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function("() => katana.connected && document.getElementById('katana-status').textContent === ''",
                               timeout=WAIT_MS)
        wait_row(page, "[ ]", "milk")
        check(page.evaluate("() => window.katanaSameDocument === true"),
              "New token: after the new link was opened in the same browser, the stopped page reconnects when shown")
        path = os.path.join(folder, "todos-new-token.png")
        page.screenshot(path=path)
        return path
    finally:
        context.close()
        stop_server(process)


class DelayingProxy:
    """A TCP proxy on loopback that holds every chunk `delay` seconds in each direction, so the
    page and the server talk over a slow link. It rewrites the proxy's own address in each
    connection's request head to the server's, so the server's Host and Origin checks see the
    address they serve (the page's cookie is the same for both ports)."""

    def __init__(self, server_port, delay):
        import socket
        import threading
        self.server_port = server_port
        self.delay = delay
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.closed = False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        import socket
        import threading
        while not self.closed:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.server_port))
            for sock in (client, upstream):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=self.pump, args=(client, upstream, True), daemon=True).start()
            threading.Thread(target=self.pump, args=(upstream, client, False), daemon=True).start()

    def pump(self, source, target, rewrites):
        import queue
        import threading
        pending = queue.Queue()

        def deliver():
            while True:
                due, chunk = pending.get()
                if chunk is None:
                    break
                wait = due - time.monotonic()
                if wait > 0:
                    time.sleep(wait)  # the link's delay itself, not a wait for an outcome
                try:
                    target.sendall(chunk)
                except OSError:
                    break
            try:
                target.shutdown(1)
            except OSError:
                pass

        threading.Thread(target=deliver, daemon=True).start()
        own = f"127.0.0.1:{self.port}".encode()
        server = f"127.0.0.1:{self.server_port}".encode()
        while True:
            try:
                chunk = source.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                pending.put((0, None))
                return
            if rewrites:
                # Request heads (several may share a kept-alive connection); the page's frames are
                # masked, so they never hold the address in clear.
                chunk = chunk.replace(own, server)
            pending.put((time.monotonic() + self.delay, chunk))

    def close(self):
        self.closed = True
        self.listener.close()


def todos_slow_link(browser, binary, folder):
    """LiveView's rule: with 200 ms between page and server each way, 30 characters typed fast
    end up exactly as typed, in order, and the caret stays where the user left it."""
    data = tempfile.mkdtemp(prefix="katana-todos-slow-")
    process, url = start_server(binary, "--data", data)
    server_port = int(re.search(r":(\d+)/", url).group(1))
    proxy = DelayingProxy(server_port, 0.2)
    try:
        slow_url = url.replace(f":{server_port}/", f":{proxy.port}/")
        page, errors = open_watched(browser, slow_url)
        field = page.locator("input.k-textField")
        field.wait_for(timeout=WAIT_MS)
        field.click()
        # The field's text on every frame, from the first keystroke until the check below.
        page.evaluate("""() => {
            const field = document.querySelector('input.k-textField');
            window.fieldSamples = [];
            const sample = () => { window.fieldSamples.push(field.value); if (!window.stopSampling) requestAnimationFrame(sample); };
            sample();
        }""")
        started = time.monotonic()
        page.keyboard.type("abcdefghijklmnopqrst", delay=0)
        # Five characters back, then ten more typed in the middle.
        for _ in range(5):
            page.keyboard.press("ArrowLeft")
        page.keyboard.type("0123456789", delay=0)
        typed_in = time.monotonic() - started
        expected = "abcdefghijklmno" + "0123456789" + "pqrst"
        page.wait_for_function("() => katana.acknowledged >= katana.sequence", timeout=WAIT_MS)
        round_trip = time.monotonic() - started
        samples = page.evaluate("() => { window.stopSampling = true; return window.fieldSamples; }")
        # What the field held after each keystroke, in order; every frame must show one of them,
        # never going back to an earlier one.
        states = [""] + ["abcdefghijklmnopqrst"[:n] for n in range(1, 21)]
        states += ["abcdefghijklmno" + "0123456789"[:n] + "pqrst" for n in range(1, 11)]
        positions = [states.index(value) if value in states else -1 for value in samples]
        check(-1 not in positions and positions == sorted(positions),
              f"Slow link: on every one of {len(samples)} frames the field showed the text typed so far, never an older one")
        check(round_trip - typed_in >= 0.35,
              f"Slow link: the server's acknowledgement came at least 2 x 200 ms after the typing ({round_trip - typed_in:.2f} s)")
        check(field.input_value() == expected,
              f"Slow link: 30 characters typed fast are exactly as typed, in order ({field.input_value()!r})")
        caret = field.evaluate("e => [e.selectionStart, e.selectionEnd]")
        check(caret == [25, 25], f"Slow link: the caret stays where the user left it, after the 25th character ({caret})")
        field.press("Enter")
        wait_row(page, "[ ]", expected)
        check(True, "Slow link: the server got the same text (Enter adds it as typed)")
        check(not errors, f"Slow link: no errors in the console ({errors})")
        path = os.path.join(folder, "todos-slow-link.png")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        proxy.close()


def wait_status_text(page, text, present=True):
    """Waits until an element with the status role (a status line, a toast) shows `text`, or,
    with `present=False`, until none does."""
    page.wait_for_function(
        "([t, p]) => [...document.querySelectorAll('[role=status]')].some(e => e.textContent === t) === p",
        arg=[text, present], timeout=WAIT_MS)


def notes(browser, binary, folder):
    """Notes --web: every element of the widget kit in one app, at 1280x800, then each screen at
    390x844 (nothing wider than the window)."""
    data = tempfile.mkdtemp(prefix="katana-notes-")
    subprocess.run([binary, "add", "--data", data, "--body", "the first line\nthe second", "Garden plan"],
                   check=True, capture_output=True)
    subprocess.run([binary, "add", "--data", data, "--folder", "Work", "Quarterly report"], check=True,
                   capture_output=True)
    many = os.path.join(data, "many.jsonl")
    with open(many, "w") as file:
        file.write('{"count":1000,"format":"katana-notes","version":1}\n')
        for number in range(1, 1001):
            file.write('{"body":"","folder":"Ideas","isPinned":false,"title":"imported %d"}\n' % number)
    process, url = start_server(binary, "--data", data)
    shots = []
    try:
        page = open_app(browser, url, 1280, 800)
        selected = "[role=tablist] [role=tab][aria-selected=true]"
        page.wait_for_selector(selected, timeout=WAIT_MS)
        check(text_of(page, selected) == "Notes 1", "Notes: the folders are a tablist, Notes selected")
        page.locator("[role=tab]", has_text="Work 1").click()
        page.wait_for_function("s => document.querySelector(s).textContent === 'Work 1'", arg=selected, timeout=WAIT_MS)
        wait_text(page, "Quarterly report")
        check(True, "Notes: a click on a tab shows its folder")
        page.locator("[role=tab]", has_text="Notes 1").click()
        field = page.locator("input.k-textField")
        field.wait_for(timeout=WAIT_MS)
        field.fill("Shopping")
        field.press("Enter")
        wait_path(page, "/notes/3")
        check(True, "Notes: the field writes a note and opens it at /notes/3")
        area = page.locator("textarea")
        area.click()
        page.keyboard.type("milk\neggs", delay=0)
        wait_status_text(page, "unsaved changes · 2 lines")
        page.locator("button", has_text="save").first.click()
        wait_status_text(page, "Saved")
        check(True, "Notes: the text area takes lines; save says Saved in a toast")
        wait_status_text(page, "Saved", present=False)
        check(True, "Notes: the toast goes by itself")
        switch = page.locator("input[type=checkbox][role=switch]")
        check(not switch.is_checked(), "Notes: the pinned switch is a native checkbox with the switch role, off")
        switch.click()
        page.wait_for_function("() => document.querySelector('input[role=switch]').checked", timeout=WAIT_MS)
        check(True, "Notes: a click pins the note")
        page.locator("select").select_option(label="Ideas")
        page.wait_for_function("() => document.querySelector('select').selectedIndex === 2", timeout=WAIT_MS)
        check(True, "Notes: the folder is a native select that moves the note")
        page.locator("button", has_text="delete").first.click()
        page.wait_for_selector("dialog[open]", timeout=WAIT_MS)
        check("Delete note?" in text_of(page, "dialog[open]"), "Notes: delete asks in a modal <dialog>")
        page.screenshot(path=os.path.join(folder, "notes-dialog-1280x800.png"))
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached", timeout=WAIT_MS)
        check(page.evaluate("location.pathname") == "/notes/3", "Notes: Esc closes the dialog and keeps the note")
        page.goto(app_url(url, "/search"))
        search = page.locator("input.k-textField")
        search.wait_for(timeout=WAIT_MS)
        search.fill("milk")
        page.wait_for_selector("[role=progressbar] .k-spin", timeout=WAIT_MS)
        wait_status_text(page, "1 found for “milk”")
        check(True, "Notes: a spinner runs while the slow search works, then the note is found")
        page.goto(app_url(url, "/transfer"))
        path_field = page.locator("input.k-textField")
        path_field.wait_for(timeout=WAIT_MS)
        path_field.fill(many)
        wait_field(page, many)
        page.locator("button", has_text="import from the file").click()
        page.wait_for_selector("progress", timeout=WAIT_MS)
        page.locator("button", has_text="cancel").click()
        wait_status_text(page, "Import cancelled: nothing was added")
        check(page.locator("progress").count() == 0, "Notes: an import shows a <progress> bar; cancel stops it")
        page.locator("button", has_text="import from the file").click()
        wait_status_text(page, f"Imported 1000 notes from {many} · ^Z undoes")
        check(True, "Notes: the import runs to its end")
        page.close()
        for width, height in [(1280, 800), (390, 844)]:
            for name, path, ready in [("list", "/", "Garden plan — the first line"), ("note", "/notes/1", None),
                                      ("read", "/notes/1/read", "the second"), ("search", "/search", None),
                                      ("transfer", "/transfer", None), ("not-found", "/nope", "back to the notes")]:
                page = open_app(browser, url, width, height, path)
                if path == "/":
                    # One store serves every page, and a page opened at / shows the screen the
                    # last page left (the session-per-tab issue): Back leads to the list.
                    for _ in range(3):
                        back = page.locator("button.k-button", has_text="‹ Back")
                        page.wait_for_function("() => document.querySelector('.k-button, .k-label') !== null",
                                               timeout=WAIT_MS)
                        if back.count() == 0:
                            break
                        back.first.click()
                if ready:
                    wait_text(page, ready)
                else:
                    page.locator("input.k-textField").wait_for(timeout=WAIT_MS)
                wider = page.evaluate("() => document.scrollingElement.scrollWidth")
                check(wider <= width, f"Notes: {name} at {width}x{height} fits the window ({wider} px)")
                shot = os.path.join(folder, f"notes-{name}-{width}x{height}.png")
                page.screenshot(path=shot)
                shots.append(shot)
                page.close()
        return shots[0]
    finally:
        stop_server(process)


def open_watched(browser, url, path="/"):
    """Opens an app's page at `path`, collecting its console errors from the first request on."""
    page = browser.new_page(viewport={"width": 800, "height": 600})
    errors = watch_console(page)
    page.goto(app_url(url, path))
    return page, errors


def board_ready(page, count=81):
    page.wait_for_function(f"n => ({CELLS_JS})().length === n", arg=count, timeout=WAIT_MS)


def minesweeper_navigation(browser, binary, folder):
    """Minesweeper's routes in the address bar: the difficulty choice at /, the board at /game,
    the result at /result; Back, Forward, Esc, deep links, reloads and an unknown path."""
    process, url = start_server(binary, "--seed", "42")
    try:
        page, errors = open_watched(browser, url)
        wait_text(page, "Pick a difficulty")
        check(page.evaluate("location.pathname") == "/" and page.title() == "Minesweeper",
              f"Minesweeper navigation: the difficulty choice is at /, titled Minesweeper ({page.title()!r})")

        page.locator("button", has_text="Beginner").first.click()
        wait_path(page, "/game")
        board_ready(page)
        check(page.title() == "Beginner · Minesweeper",
              f"Minesweeper navigation: picking Beginner opens the board at /game ({page.title()!r})")
        cells(page).nth(0).click()
        page.wait_for_function(f"() => ({CELLS_JS})()[0] !== '.'", timeout=WAIT_MS)
        board = page.evaluate(CELLS_JS)

        page.go_back()
        wait_path(page, "/")
        wait_button(page, "Continue the game")
        check(True, "Minesweeper navigation: the browser's Back returns to the difficulty choice, which offers to continue")

        page.go_forward()
        wait_path(page, "/game")
        board_ready(page)
        check(page.evaluate(CELLS_JS) == board, "Minesweeper navigation: Forward shows the board as it was left")

        page.reload()
        wait_path(page, "/game")
        board_ready(page)
        page.wait_for_function(f"b => JSON.stringify(({CELLS_JS})()) === JSON.stringify(b)", arg=board, timeout=WAIT_MS)
        check(True, "Minesweeper navigation: a reload of /game shows the same board")

        # Esc on the board goes back; Continue pushes the board again.
        cells(page).nth(0).focus()
        page.keyboard.press("Escape")
        wait_path(page, "/")
        page.locator("button", has_text="Continue the game").click()
        wait_path(page, "/game")
        board_ready(page)
        check(True, "Minesweeper navigation: Esc on the board goes back, Continue returns to it")

        click_until_boom(page)
        wait_path(page, "/result")
        wait_status(page, "BOOM! You lost.")
        page.wait_for_function("() => document.title === 'Lost · Minesweeper'", timeout=WAIT_MS)
        check(True, "Minesweeper navigation: a lost game moves to /result, titled Lost")
        page.go_back()
        wait_path(page, "/")
        wait_text(page, "Pick a difficulty")
        check(True, "Minesweeper navigation: the result took the board's place, so Back leads to the difficulty choice")
        page.go_forward()
        wait_path(page, "/result")
        wait_status(page, "BOOM! You lost.")
        check(True, "Minesweeper navigation: Forward returns to the result")
        check(not errors, f"Minesweeper navigation: no errors in the console ({errors})")
        page.close()

        page, errors = open_watched(browser, url, "/result")
        wait_status(page, "BOOM! You lost.")
        check("token=" not in page.url, f"Minesweeper navigation: a first visit to a deep link drops the token from the address ({page.url})")
        page.reload()
        wait_status(page, "BOOM! You lost.")
        check(page.evaluate("location.pathname") == "/result",
              "Minesweeper navigation: a deep link to /result shows the result, and a reload keeps it")
        page.keyboard.press("Escape")
        wait_path(page, "/")
        wait_text(page, "Pick a difficulty")
        check(True, "Minesweeper navigation: Esc from a deep link leads to the difficulty choice")
        check(not errors, f"Minesweeper navigation: no errors in the console after a deep link ({errors})")
        page.close()

        page, errors = open_watched(browser, url, "/no/such/page")
        wait_text(page, "Nothing here: /no/such/page is not a page of this game.")
        check(page.evaluate("location.pathname") == "/no/such/page" and page.title() == "Not found · Minesweeper",
              f"Minesweeper navigation: an unknown path shows the not-found screen ({page.title()!r})")
        page.locator("button", has_text="Start screen").click()
        wait_path(page, "/")
        wait_text(page, "Pick a difficulty")
        check(True, "Minesweeper navigation: the not-found screen leads to the difficulty choice")
        check(not errors, f"Minesweeper navigation: no errors in the console on an unknown path ({errors})")
        path = os.path.join(folder, "minesweeper-start.png")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        stop_server(process)


LOOK_SIZES = [(390, 844), (1280, 800), (1920, 1080)]

# What a person would call a broken page, as a list of problems (empty when the page looks right):
# an element wider than the window or past its edge, a control (button, field, touch area) not
# wholly inside it, text outside 14-18 px or in a monospace font, a button that does not look
# like one (no pointer cursor, square corners). Rows inside a table scroll, so only the table
# itself is measured.
LOOK_JS = """() => {
  const width = innerWidth, height = innerHeight, problems = [];
  const name = e => (e.className.replace(/\\s*k-clip/, '') + ' "' + (e.value || e.textContent).slice(0, 30) + '"');
  if (document.documentElement.scrollWidth > width) problems.push('page scrolls sideways');
  // The page hides (k-off) what lies wholly outside the window.
  for (const e of document.querySelectorAll('#katana-root .k-off')) problems.push('outside the window: ' + name(e));
  for (const e of document.querySelectorAll('#katana-root .k')) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (e.parentElement.closest('.k-table')) continue;
    if (r.left < -0.5 || r.right > width + 0.5) problems.push('past the side: ' + name(e) + ' ' + r.left + '..' + r.right);
    if (e.matches('.k-button, .k-textField, .k-touchHandler') && (r.top < -0.5 || r.bottom > height + 0.5))
      problems.push('cut off: ' + name(e) + ' ' + r.top + '..' + r.bottom);
    const hasText = e.matches('.k-textField') || (e.matches('.k-label, .k-button, .k-image') && e.textContent.trim());
    if (hasText) {
      const style = getComputedStyle(e), size = parseFloat(style.fontSize);
      if (size < 14 || size > 18) problems.push('text of ' + size + ' px: ' + name(e));
      if (/mono/i.test(style.fontFamily)) problems.push('monospace: ' + name(e));
    }
    if (e.matches('.k-button')) {
      const style = getComputedStyle(e);
      if (style.cursor !== 'pointer' && !e.disabled) problems.push('no pointer cursor: ' + name(e));
      if (!(parseFloat(style.borderTopLeftRadius) > 0)) problems.push('square corners: ' + name(e));
    }
  }
  return problems;
}"""


def check_look(page, app, width, height, folder):
    """Waits until the page shows no look problem (the first batch may be laid out before the
    page's size reached the server), fails with the problems otherwise, then checks that a button
    changes on hover and takes the screenshot."""
    try:
        page.wait_for_function(f"() => ({LOOK_JS})().length === 0", timeout=WAIT_MS)
    except Exception:
        problems = page.evaluate(LOOK_JS)
        page.screenshot(path=os.path.join(folder, f"{app}-{width}x{height}-FAILED.png"))
        raise SystemExit(f"FAILED: {app} at {width}x{height}: {problems[:8]}")
    # At rest a button has no shadow (the page never sets one inline); hovered, it has one.
    button = page.locator("button.k-button:not([disabled])").first
    shadow_is = "([b, none]) => (getComputedStyle(b).boxShadow === 'none') === none"
    page.mouse.move(0, 0)
    page.wait_for_function(shadow_is, arg=[button.element_handle(), True], timeout=WAIT_MS)
    button.hover()
    page.wait_for_function(shadow_is, arg=[button.element_handle(), False], timeout=WAIT_MS)
    page.mouse.move(0, 0)
    page.wait_for_function(shadow_is, arg=[button.element_handle(), True], timeout=WAIT_MS)
    check(True, f"{app} at {width}x{height}: nothing past the window, text 14-18 px proportional, buttons hover")
    path = os.path.join(folder, f"{app}-{width}x{height}.png")
    page.screenshot(path=path)
    return path


def look(browser, binaries, folder):
    """Each example (and the elements fixture) at a phone's, a laptop's and a desktop's size."""
    shots = []
    data = tempfile.mkdtemp(prefix="katana-todos-look-")
    apps = [("counter", binaries["Counter"], [], lambda page: wait_text(page, "Count: 0")),
            ("minesweeper", binaries["Minesweeper"], ["--seed", "42", "--difficulty", "beginner"],
             lambda page: page.wait_for_function(f"() => ({CELLS_JS})().length === 81", timeout=WAIT_MS)),
            ("todos", binaries["Todos"], ["--data", data], None),
            ("elements", binaries["ElementsGallery"], [], lambda page: wait_summary(page, "taps: 0"))]
    for app, binary, arguments, ready in apps:
        process, url = start_server(binary, *arguments)
        try:
            for width, height in LOOK_SIZES:
                page = open_app(browser, url, width, height)
                if app == "todos":
                    field = page.locator("input.k-textField")
                    field.wait_for(timeout=WAIT_MS)
                    if (width, height) == LOOK_SIZES[0]:
                        for title in ["buy milk", "call the plumber about the kitchen sink", "water the plants"]:
                            field.fill(title)
                            field.press("Enter")
                            wait_row(page, "[ ]", title)
                        box_of(page, "buy milk").click()
                    wait_row(page, "[x]", "buy milk")
                else:
                    ready(page)
                if app == "minesweeper":
                    sides = page.evaluate(f"""() => [...document.querySelectorAll('button.k-button')].slice(0, 81)
                        .map(b => {{ const r = b.getBoundingClientRect(); return [r.width, r.height]; }})""")
                    smallest = min(min(w, h) for w, h in sides)
                    check(all(abs(w - h) < 0.5 for w, h in sides) and smallest >= 28,
                          f"Minesweeper at {width}x{height}: the 81 cells are square, {smallest:.1f} px or more")
                    # A game under way makes a better picture: seed 42's first click opens an area.
                    cells(page).nth(0).click()
                    page.wait_for_function(f"() => ({CELLS_JS})()[0] !== '.'", timeout=WAIT_MS)
                shots.append(check_look(page, app, width, height, folder))
                page.close()
        finally:
            stop_server(process)
    return shots


A11Y_SIZES = [(390, 844), (1280, 800)]
# axe-core rules about landmarks: none may fail, whatever its impact.
LANDMARK_RULES = ("region", "landmark-")

# Every element a person operates, visible on the page, with its box and whether it is a game
# board's cell (named "Row …, column …"), which may be smaller on a phone.
TARGETS_JS = """() => [...document.querySelectorAll(
    'button, input, select, textarea, a[href], [role=button], [role=checkbox], [role=switch], [role=tab], [tabindex]')]
  .filter(e => e.tabIndex >= 0 && !e.closest('.k-off') && getComputedStyle(e).visibility !== 'hidden'
    && getComputedStyle(e).opacity !== '0')
  // A control inside its <label> is hit through the label too: the label is its target.
  .map(e => { const r = (e.closest('label') || e).getBoundingClientRect();
    return { name: e.getAttribute('aria-label') || e.textContent.trim() || e.placeholder || e.id || e.tagName,
             width: r.width, height: r.height, cell: /^Row \\d+, column \\d+/.test(e.getAttribute('aria-label') || '') }; })
  .filter(t => t.width > 0 && t.height > 0)"""


def run_axe(page):
    """axe-core's violations on the page, as (rule, impact, count, first targets)."""
    from axe_playwright_python.sync_playwright import Axe
    results = Axe().run(page)
    return [(v["id"], v["impact"], len(v["nodes"]), [n["target"] for n in v["nodes"][:3]])
            for v in results.response["violations"]]


def check_accessible(page, what, width, desktop_minimum=24, phone_minimum=44):
    """axe-core finds no serious or critical violation and no landmark violation, and every control
    is at least 24×24 CSS px (44×44 under 600 px; a board's cells 24×24 at any width)."""
    violations = run_axe(page)
    failing = [v for v in violations if v[1] in ("serious", "critical") or v[0].startswith(LANDMARK_RULES)]
    check(not failing, f"{what} at {width} px: axe-core finds no serious, critical or landmark violation "
                       f"({len(violations)} minor: {[v[0] for v in violations]}) {failing}")
    targets = page.evaluate(TARGETS_JS)
    minimum = phone_minimum if width < 600 else desktop_minimum
    small = [t for t in targets if min(t["width"], t["height"]) < (24 if t["cell"] else minimum) - 0.01]
    smallest = min((min(t["width"], t["height"]) for t in targets), default=0)
    check(targets and not small,
          f"{what} at {width} px: {len(targets)} controls, each at least {minimum}x{minimum} px "
          f"(board cells 24x24; smallest side {smallest:.1f} px) {small[:5]}")
    return violations


def lose(page):
    """Loses the game on the board shown, unless it is lost already (the store is the server's)."""
    board_ready(page)
    if not any(label.startswith("BOOM") for label in page.locator(".k-label").all_text_contents()):
        click_until_boom(page)
    wait_status(page, "BOOM!")


def accessible_screens(browser, binaries):
    """Each example's screens, opened at their address at each size: (app, screen, page) once the
    screen shows, for the checks and screenshots of `accessibility`."""
    data = tempfile.mkdtemp(prefix="katana-todos-a11y-")
    # Todos with items, one done, for the list and an item's screen.
    process, url = start_server(binaries["Todos"], "--data", data)
    try:
        page = open_app(browser, url, 1280, 800)
        field = page.locator("input.k-textField")
        field.wait_for(timeout=WAIT_MS)
        for title in ["buy milk", "call the plumber about the kitchen sink", "water the plants"]:
            field.fill(title)
            field.press("Enter")
            wait_row(page, "[ ]", title)
        box_of(page, "buy milk").click()
        wait_row(page, "[x]", "buy milk")
        page.close()
    finally:
        stop_server(process)
    screens = [
        ("Counter", [], [("counter", "/", lambda page: wait_text(page, "Count: 0"))]),
        ("Minesweeper", ["--seed", "42"], [
            ("minesweeper-start", "/", lambda page: wait_text(page, "Pick a difficulty")),
            ("minesweeper", "/game", lambda page: (board_ready(page), cells(page).nth(0).click(),
                                                   page.wait_for_function(f"() => ({CELLS_JS})()[0] !== '.'",
                                                                          timeout=WAIT_MS))),
            ("minesweeper-result", "/game", lose),
            ("minesweeper-not-found", "/nowhere", lambda page: wait_text(page, "Start screen")),
        ]),
        ("Todos", ["--data", data], [
            ("todos", "/", lambda page: wait_row(page, "[x]", "buy milk")),
            ("todos-item", "/todos/1", lambda page: page.locator("input.k-textField").first.wait_for(timeout=WAIT_MS)),
            ("todos-settings", "/settings", lambda page: wait_text(page, "List order")),
            ("todos-not-found", "/nowhere", lambda page: wait_text(page, "back to the list")),
        ]),
    ]
    for app, arguments, app_screens in screens:
        for screen, path, ready in app_screens:
            # A fresh server per screen: the store is shared by every page, and each screen starts
            # from its own address.
            process, url = start_server(binaries[app], *arguments)
            try:
                for width, height in A11Y_SIZES:
                    for scheme in ("light", "dark"):
                        page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
                        page.goto(app_url(url, path))
                        ready(page)
                        yield screen, width, height, scheme, page
                        page.close()
            finally:
                stop_server(process)


def accessibility(browser, binaries, folder):
    """Every screen of every example at 390×844 and 1280×800, light and dark: axe-core and the size
    of every control; a screenshot of each."""
    shots = []
    for screen, width, height, scheme, page in accessible_screens(browser, binaries):
        what = f"{screen} ({scheme})"
        check_accessible(page, what, width)
        if scheme == "dark":
            check(page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(18, 18, 18)",
                  f"{what} at {width} px: the dark scheme gives a dark page")
        path = os.path.join(folder, f"{screen}-{scheme}-{width}x{height}.png")
        page.screenshot(path=path)
        shots.append(path)
    return shots


DEVTOOLS_LINE = re.compile(r"DevTools on (http://127\.0\.0\.1:\d+/\?token=[0-9A-Za-z_-]+)")


def status_of(url):
    """The HTTP status of a GET of `url` (403, 404…), without following anything."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def with_token(url, token):
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, f"token={token}", ""))


def check_token_refusals(url):
    """Every DevTools path answers 403 with a wrong token or none."""
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["token"][0]
    base = url.split("?")[0].rstrip("/")
    wrong = "0" * len(token) if token != "0" * len(token) else "1" * len(token)
    statuses = [status_of(with_token(url, wrong)), status_of(base + "/"), status_of(base + "/devtools.js?token=" + wrong),
                status_of(base + "/devtools.css"), status_of(base + "/socket?token=" + wrong)]
    check(statuses == [403] * 5, f"DevTools: a wrong or missing token gets 403 on every path ({statuses})")


def devtools_rows(page):
    return page.evaluate("() => [...document.querySelectorAll('#items tbody tr[data-id]')]"
                         ".filter(r => !r.hidden).map(r => Number(r.dataset.id))")


def wait_rows(page, ids):
    page.wait_for_function("ids => JSON.stringify([...document.querySelectorAll('#items tbody tr[data-id]')]"
                           ".filter(r => !r.hidden).map(r => Number(r.dataset.id))) === JSON.stringify(ids)",
                           arg=ids, timeout=WAIT_MS)


def wait_contains(page, selector, text):
    page.wait_for_function("([s, t]) => { const e = document.querySelector(s); return e && !e.hidden && e.textContent.includes(t); }",
                           arg=[selector, text], timeout=WAIT_MS)


def move_slider_to(page, index):
    """Drags the timeline like a person: a pointer down, input events, a change."""
    page.evaluate("""i => { const s = document.getElementById('slider');
        s.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
        s.value = String(i); s.dispatchEvent(new Event('input', {bubbles: true}));
        s.dispatchEvent(new Event('change', {bubbles: true}));
        s.dispatchEvent(new PointerEvent('pointerup', {bubbles: true})); }""", index)


def watch_console(page):
    """Collects script errors and refused resources (a CSP violation, say)."""
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    # Refused resources are reported with their URL below; the browser's own favicon request is no page's.
    page.on("console", lambda message: problems.append(message.text)
            if message.type == "error" and not message.text.startswith("Failed to load resource") else None)
    page.on("response", lambda response: problems.append(f"{response.status} {response.url}")
            if response.status >= 400 and not response.url.endswith("/favicon.ico") else None)
    page.on("requestfailed", lambda request: problems.append(f"failed {request.url}"))
    return problems


def devtools_page(browser, binary, folder):
    process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline().strip()
        match = DEVTOOLS_LINE.fullmatch(line)
        if not match:
            raise SystemExit(f"{binary}: expected 'DevTools on http://127.0.0.1:PORT/?token=…', got {line!r}")
        url = match.group(1)

        def record(count):
            process.stdin.write(f"record {count}\n")
            process.stdin.flush()
            if process.stdout.readline().strip() != f"recorded {count}":
                raise SystemExit("the fixture did not record")

        page = browser.new_page(viewport={"width": 1100, "height": 700}, accept_downloads=True)
        problems = watch_console(page)
        page.goto(url)
        page.wait_for_selector("body[data-connected=true]", timeout=WAIT_MS)
        # Side effect 3 ends after the item 4 it dispatched: the list is in recording order.
        wait_rows(page, [1, 2, 4, 3])
        failed = page.locator("#items tr[data-id='3']")
        check("failed" in (failed.get_attribute("class") or "") and "network down" in failed.text_content()
              and page.locator("#items tr[data-id='4'] a[data-parent='3']").count() == 1,
              "DevTools page: hello lists the items; a failed side effect shows its error; a parent links")
        record(2)
        wait_rows(page, [1, 2, 4, 3, 5, 6])
        check(True, "DevTools page: items recorded later appear live")

        site = page.locator("#items tr[data-id='2'] td.site a")
        check(site.text_content() == "CounterScreen.swift:102",
              f"DevTools page: the call-site column shows File.swift:LINE ({site.text_content()!r})")
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.split("/?")[0])
        site.click()
        wait_contains(page, "#notice", "Copied Counter/CounterScreen.swift:102")
        copied = page.evaluate("() => navigator.clipboard.readText()")
        check(copied == "Counter/CounterScreen.swift:102",
              f"DevTools page: a click on the call site copies file:line to the clipboard ({copied!r})")

        page.fill("#filter-type", "load")
        wait_rows(page, [3])
        page.fill("#filter-type", "")
        page.select_option("#filter-kind", "updater")
        wait_rows(page, [1, 2, 4, 5, 6])
        page.select_option("#filter-kind", "")
        wait_rows(page, [1, 2, 4, 3, 5, 6])
        check(True, "DevTools page: filters by type text and by kind")

        page.check("#filter-unchanged")
        wait_rows(page, [1, 2, 4, 3, 5])
        check(True, "DevTools page: 'hide updaters that changed nothing' hides the Refresh that changed nothing")
        page.fill("#pin-path", "counter")
        page.click("#pin")
        wait_contains(page, "#pin-status", "4 items changed counter")
        pinned = page.evaluate("() => [...document.querySelectorAll('#items tbody tr[data-pinned=true]')].map(r => Number(r.dataset.id))")
        check(pinned == [1, 2, 4, 5], f"DevTools page: pinning a path marks the items that changed it ({pinned})")
        page.uncheck("#filter-unchanged")
        page.check("#filter-pinned")
        wait_rows(page, [1, 2, 4, 5])
        page.fill("#filter-type", "load")
        wait_rows(page, [])
        page.fill("#filter-type", "incr")
        page.select_option("#filter-kind", "updater")
        wait_rows(page, [1, 2, 4, 5])
        check(True, "DevTools page: 'only items that changed it' shows the pinned items, and combines with type and kind")
        page.fill("#pin-path", "settings.step")
        page.press("#pin-path", "Enter")
        wait_contains(page, "#pin-status", "0 items changed settings.step")
        wait_rows(page, [])
        page.fill("#pin-path", "a..b")
        page.click("#pin")
        wait_contains(page, "#error", "is not a state path")
        check(True, "DevTools page: a path nothing changed pins no item; a malformed path shows an error")
        page.click("#error-close")
        page.fill("#pin-path", "")
        page.click("#pin")
        page.fill("#filter-type", "")
        page.select_option("#filter-kind", "")
        wait_rows(page, [1, 2, 4, 3, 5, 6])
        check(page.locator("#filter-pinned").is_disabled() and not page.locator("#filter-pinned").is_checked(),
              "DevTools page: clearing the pin shows every item again")

        page.locator("#items tr[data-id='2']").click()
        wait_contains(page, "#diff", "counter: 1 → 2")
        wait_contains(page, "#state", "counter: 2")
        page.locator("#state summary", has_text="settings").click()
        wait_contains(page, "#state", 'step: 1')
        check(True, "DevTools page: an updater shows its diff (counter: 1 → 2) and the state after it as a tree")
        visible_leaves = ("() => [...document.querySelectorAll('#state .leaf')].filter(l => l.offsetParent !== null)"
                          ".map(l => l.textContent + (l.classList.contains('match') ? ' *' : ''))")
        page.fill("#state-search", "step")
        wait_contains(page, "#state-matches", "1 match")
        leaves = page.evaluate(visible_leaves)
        check(leaves == ["step: 1 *"], f"DevTools page: searching the state by key shows only what matches ({leaves})")
        page.fill("#state-search", '"b"')
        wait_contains(page, "#state-matches", "1 match")
        leaves = page.evaluate(visible_leaves)
        check(leaves == ['1: "b" *'], f"DevTools page: searching the state by value opens and shows the match ({leaves})")
        page.fill("#state-search", "")
        page.wait_for_function("() => document.getElementById('state-matches').textContent === ''", timeout=WAIT_MS)
        check(len(page.evaluate("() => [...document.querySelectorAll('#state .leaf')].filter(l => !l.hidden)")) == 4,
              "DevTools page: clearing the search shows the whole tree again")
        page.locator("#items tr[data-id='3']").click()
        wait_contains(page, "#diff", "only updaters change the state")
        wait_contains(page, "#state[data-id='3']", "counter: 3")

        move_slider_to(page, 1)
        wait_contains(page, "#travel", "time travelling at #2")
        check(page.locator("#live").is_enabled(), "DevTools page: the slider jumps to an item (time travelling at #2)")
        page.click("#live")
        page.wait_for_selector("#travel", state="hidden", timeout=WAIT_MS)
        check(page.evaluate("() => document.getElementById('slider').value") == "5",
              "DevTools page: Resume live leaves time travel; the slider is back at the end")

        page.click("#pause")
        page.wait_for_selector("#pause[data-paused=true]", timeout=WAIT_MS)
        check(page.text_content("#pause") == "Resume recording", "DevTools page: Pause recording pauses")
        page.click("#pause")
        page.wait_for_selector("#pause[data-paused=false]", timeout=WAIT_MS)

        record(5)
        wait_rows(page, [3] + list(range(5, 12)))
        wait_contains(page, "#dropped", "3 older items dropped")
        check(True, "DevTools page: the ring's capacity bounds the list, and dropped items are announced")

        with page.expect_download(timeout=WAIT_MS) as download_info:
            page.click("#export")
        download = download_info.value
        exported = os.path.join(folder, "katana-session.json")
        download.save_as(exported)
        with open(exported) as file:
            session = file.read()
        check(download.suggested_filename == "katana-session.json" and '"katanaSession":1' in session,
              "DevTools page: Export downloads katana-session.json")

        page.set_input_files("#import", files=[{"name": "katana-session.json", "mimeType": "application/json",
                                                "buffer": session.encode()}])
        wait_contains(page, "#notice", "Imported a session: 2 updaters replayed")
        wait_rows(page, [12, 13])
        page.set_input_files("#import", files=[{"name": "notes.json", "mimeType": "application/json", "buffer": b"{}"}])
        wait_contains(page, "#error", "not a session this app can replay")
        check(True, "DevTools page: Import replays a session; a file that is not one shows an error")

        page.click("#error-close")
        disconnects = int(page.evaluate("document.body.dataset.disconnects || '0'"))
        page.set_input_files("#import", files=[{"name": "huge.json", "mimeType": "application/json",
                                                "buffer": b"x" * (9 * 1024 * 1024)}])
        wait_contains(page, "#error", "exceeds the 8388608-byte limit")
        # Refused by the page before sending (the server's own refusal is tested over sockets):
        # the connection stays.
        check(int(page.evaluate("document.body.dataset.disconnects || '0'")) == disconnects,
              "DevTools page: an import over the message cap is refused before it is sent; the connection stays")
        wait_rows(page, [12, 13])
        page.locator("#items tr[data-id='13']").click()
        wait_contains(page, "#diff[data-id='13']", "counter: 10 → 11")
        check(True, "DevTools page: an import over the size cap is refused and closes the socket; the page reconnects")
        check(not problems, f"DevTools page: no script error or refused resource ({problems})")
        check_token_refusals(url)
        # Issue 29: the page meets the examples' accessibility checks at desktop widths (an item
        # selected, its diff and state shown, an error on screen).
        for width, height in [(1280, 800), (1100, 700)]:
            page.set_viewport_size({"width": width, "height": height})
            check_accessible(page, "DevTools page", width)
        path = os.path.join(folder, "devtools-page.png")
        page.screenshot(path=path)
        page.close()
        return path
    finally:
        process.stdin.close()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            raise SystemExit("the DevTools fixture did not quit at the end of its input")


def source_line(path, text):
    """The number of the first line of `path` (from the repository's root) that contains `text`."""
    with open(os.path.join(os.path.dirname(__file__), "..", "..", path)) as source:
        for number, line in enumerate(source, start=1):
            if text in line:
                return number
    raise SystemExit(f"{path} has no line with {text!r}")


# Where Counter's Increment button dispatches: the call site DevTools records for each Increment.
INCREMENT_SITE = "CounterScreen.swift:" + str(source_line("Examples/Counter/UI/CounterScreen.swift",
                                                          "dispatch(CounterActions.Increment())"))


def start_with_devtools(binary, *arguments, flag="--devtools"):
    """Starts `binary --web --port 0 FLAG ARGUMENTS…` (FLAG attaches DevTools: `--devtools`, or
    `--devtools-open FILE` given in ARGUMENTS with FLAG None); returns it, the app's URL, DevTools'
    URL and every line printed until both URLs were (they come in either order, and a
    --devtools-open summary comes between them)."""
    command = [binary, "--web", "--port", "0"] + ([flag] if flag else []) + list(arguments)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    app_url = devtools_url = None
    lines = []
    while not (app_url and devtools_url) and len(lines) < 40:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if match := SERVING_LINE.fullmatch(line.strip()):
            app_url = match.group(1)
        elif match := DEVTOOLS_LINE.fullmatch(line.strip()):
            devtools_url = match.group(1)
    if not app_url or not devtools_url:
        process.kill()
        raise SystemExit(f"{command}: expected a 'Serving on' and a 'DevTools on' line, got {lines!r}: {process.stderr.read()}")
    return process, app_url, devtools_url, lines


def stop_on_sigint(process, what):
    """Stops an app as Ctrl-C would, and fails the run if it does not stop within 10 s."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        raise SystemExit(f"{what} did not stop on SIGINT within 10 s")


def devtools(browser, binary, folder):
    process, app_url, devtools_url = start_with_devtools(binary)[:3]
    try:
        app = open_app(browser, app_url, 800, 600)
        wait_text(app, "Count: 0")
        tools = browser.new_page(viewport={"width": 1100, "height": 700})
        problems = watch_console(tools)
        tools.goto(devtools_url)
        tools.wait_for_selector("body[data-connected=true]", timeout=WAIT_MS)

        increment = app.locator("button", has_text="Increment")
        for count in (1, 2, 3):
            increment.click()
            wait_text(app, f"Count: {count}")
        tools.wait_for_function("() => [...document.querySelectorAll('#items tbody tr[data-id]')]"
                                ".filter(r => r.dataset.type.includes('Increment')).length >= 3", timeout=WAIT_MS)
        increments = tools.evaluate("() => [...document.querySelectorAll('#items tbody tr[data-id]')]"
                                    ".filter(r => r.dataset.type.includes('Increment')).map(r => Number(r.dataset.id))")
        check(len(increments) == 3, f"Counter + DevTools: the three Increments appear live ({increments})")
        sites = tools.evaluate("ids => ids.map(id => document.querySelector(`#items tr[data-id='${id}'] td.site a`).textContent)",
                               increments)
        check(sites == [INCREMENT_SITE] * 3,
              f"Counter + DevTools: each Increment shows the call site of its button's handler ({sites})")
        sessions = tools.evaluate("ids => ids.map(id => document.querySelector(`#items tr[data-id='${id}'] td.site .session`)?.textContent)",
                                  increments)
        check(len(set(sessions)) == 1 and re.fullmatch(r" page \d+", sessions[0] or ""),
              f"Counter + DevTools: each Increment names the browser page (session) that dispatched it ({sessions})")

        tools.locator(f"#items tr[data-id='{increments[-1]}']").click()
        wait_contains(tools, "#diff", "counter: 2 → 3")
        check(True, "Counter + DevTools: the last Increment's diff is counter: 2 → 3")

        tools.fill("#pin-path", "counter")
        tools.click("#pin")
        wait_contains(tools, "#pin-status", "3 items changed counter")
        tools.check("#filter-pinned")
        wait_rows(tools, increments)
        check(True, "Counter + DevTools: pinning counter marks the three Increments, and the filter shows only them")
        tools.uncheck("#filter-pinned")
        tools.fill("#pin-path", "")
        tools.click("#pin")

        ids = tools.evaluate("() => [...document.querySelectorAll('#items tbody tr[data-id]')].map(r => Number(r.dataset.id))")
        move_slider_to(tools, ids.index(increments[0]))
        wait_contains(tools, "#travel", f"time travelling at #{increments[0]}")
        wait_text(app, "Count: 1")
        check(True, "Counter + DevTools: dragging the slider back shows the old count in the app page (Count: 1)")

        tools.click("#live")
        tools.wait_for_selector("#travel", state="hidden", timeout=WAIT_MS)
        wait_text(app, "Count: 3")
        check(True, "Counter + DevTools: Resume live brings the latest count back (Count: 3)")
        check(not problems, f"Counter + DevTools: no script error or refused resource ({problems})")
        check_token_refusals(devtools_url)
        path = os.path.join(folder, "devtools.png")
        tools.screenshot(path=path)
        tools.close()
        app.close()
        return path
    finally:
        stop_on_sigint(process, "Counter --devtools")


# Where `--export-test-to` asks the Todos export-test case to keep the file it downloaded.
EXPORTED_TEST_PATH = None


def todos_export_test(browser, binary, folder):
    """Records a Todos session (add, toggle, undo the toggle) and exports it as a test."""
    data = tempfile.mkdtemp(prefix="katana-todos-")
    process, app_url, devtools_url, _ = start_with_devtools(binary, "--data", data)
    try:
        app = open_app(browser, app_url, 800, 600)
        field = app.locator("input.k-textField")
        field.wait_for(timeout=WAIT_MS)
        field.fill("buy milk")
        field.press("Enter")
        wait_row(app, "[ ]", "buy milk")
        app.locator(".k-checkbox input").first.click()
        wait_row(app, "[x]", "buy milk")
        app.locator("button", has_text="undo").first.click()
        wait_row(app, "[ ]", "buy milk")
        check(True, "Todos + DevTools: a session of add, toggle and undo is recorded")

        tools = browser.new_page(viewport={"width": 1440, "height": 520}, accept_downloads=True)
        problems = watch_console(tools)
        tools.goto(devtools_url)
        tools.wait_for_selector("body[data-connected=true]", timeout=WAIT_MS)
        tools.wait_for_function("() => [...document.querySelectorAll('#items tbody tr[data-id]')]"
                                ".length >= 3", timeout=WAIT_MS)
        with tools.expect_download(timeout=WAIT_MS) as download_info:
            tools.click("#export-test")
        download = download_info.value
        exported = os.path.join(folder, download.suggested_filename)
        download.save_as(exported)
        with open(exported) as file:
            source = file.read()
        check(download.suggested_filename == "RecordedSessionTests.swift",
              f"Todos + DevTools: Export test downloads RecordedSessionTests.swift ({download.suggested_filename})")
        steps = re.findall(r"try await store\.dispatch\(recorded\(([\w.<>, ]+)\.self", source)
        # History's Undo is a request its interceptor applied as a RestoreState (registered as
        # katana.restore): the test replays that restore, as the journal does.
        check(steps == ["TodosCore.TodoActions.Add", "TodosCore.TodoActions.Toggle",
                        "KatanaPersistence.RestoreState<TodosCore.TodosState>"]
              and "TodosState>.Undo, applied by History as katana.restore" in source,
              f"Todos + DevTools: the exported test replays the add, the toggle and the undo ({steps})")
        # The draft's EditDraft is not registered: listed. The draft is the tab's own (a session
        # field), so the shared state DevTools recorded never held it: no state to restore
        # between the steps.
        not_replayed = re.findall(r"^// - ([\w.<>]+)", source, re.MULTILINE)
        restores = source.count("await store.dispatch(SetRecordedState(")
        check(source.startswith("// Exported by Katana DevTools") and "import TodosCore" in source
              and not_replayed == ["TodosCore.TodoActions.EditDraft", "TodosCore.TodoActions.SubmitDraft",
                                   "TodosCore.TodoActions.ClearSubmittedDraft"]
              and restores == 0,
              f"Todos + DevTools: the exported test lists what it does not replay at the top ({not_replayed},"
              f" {restores} restores)")
        check(not problems, f"Todos + DevTools: no script error or refused resource ({problems})")
        if EXPORTED_TEST_PATH:
            shutil.copy(exported, EXPORTED_TEST_PATH)
        # The documentation's picture (DebuggingWithDevTools.md): the toggle selected, with its diff.
        tools.locator("#items tr[data-type='TodosCore.TodoActions.Toggle']").click()
        wait_contains(tools, "#diff", "items[0].isDone: false → true")
        path = os.path.join(folder, "devtools-todos.png")
        tools.screenshot(path=path)
        tools.close()
        app.close()
        return path
    finally:
        stop_server(process)


def flight_recorder(browser, binary, folder):
    """Counter with --devtools-flight-recorder is killed with SIGKILL after three Increments; the next
    run opens the recording with --devtools-open (the app shows Count: 3, the page lists the replayed
    Increments, the summary names their call site), and the page's Import replays the same file."""
    recording = os.path.join(folder, "counter.flight.jsonl")
    process, app_url, _, _ = start_with_devtools(binary, "--devtools-flight-recorder", recording)
    try:
        app = open_app(browser, app_url, 800, 600)
        wait_text(app, "Count: 0")
        increment = app.locator("button", has_text="Increment")
        for count in (1, 2, 3):
            increment.click()
            wait_text(app, f"Count: {count}")
        app.close()
        deadline = time.monotonic() + WAIT_MS / 1000
        while time.monotonic() < deadline:
            text = open(recording).read() if os.path.exists(recording) else ""
            if text.count('"type":"counter.increment"') >= 3:
                break
            time.sleep(0.02)  # polling the recorder's file, bounded by the deadline
        check(text.count('"type":"counter.increment"') == 3, "flight recorder: the three Increments are on disk before the kill")
    finally:
        process.kill()
        process.wait(timeout=10)
    check(process.returncode == -signal.SIGKILL, f"flight recorder: Counter was killed ({process.returncode})")

    process, app_url, devtools_url, lines = start_with_devtools(binary, "--devtools-open", recording, flag=None)
    try:
        check(any("3 item(s), 3 updater(s) replayed" in line for line in lines)
              and any(line.strip() == f"#3 updater counter.increment at Counter/{INCREMENT_SITE} in "
                      "childrenDescriptions(props:state:update:dispatch:)" for line in lines),
              f"flight recorder: --devtools-open prints the recorded Increments with their call site ({lines})")
        app = open_app(browser, app_url, 800, 600)
        wait_text(app, "Count: 3")
        check(True, "flight recorder: after --devtools-open the app shows the state at the kill (Count: 3)")
        tools = browser.new_page(viewport={"width": 1100, "height": 700})
        problems = watch_console(tools)
        tools.goto(devtools_url)
        tools.wait_for_selector("body[data-connected=true]", timeout=WAIT_MS)
        tools.wait_for_function("() => [...document.querySelectorAll('#items tbody tr[data-id]')]"
                                ".filter(r => r.dataset.type.includes('Increment')).length == 3", timeout=WAIT_MS)
        check(True, "flight recorder: the DevTools page lists the three replayed Increments")
        sites = tools.evaluate("() => [...document.querySelectorAll('#items tbody tr[data-id]')]"
                               ".filter(r => r.dataset.type.includes('Increment')).map(r => r.querySelector('td.site').textContent)")
        check(sites == [INCREMENT_SITE] * 3,
              f"flight recorder: the replayed Increments show the call site the recording kept ({sites})")

        app.locator("button", has_text="Decrement").click()
        wait_text(app, "Count: 2")
        tools.set_input_files("#import", recording)
        wait_contains(tools, "#notice", "Imported a session: 3 updaters replayed")
        wait_text(app, "Count: 3")
        check(True, "flight recorder: Import in the page takes the recording and replays it (Count: 3)")
        check(not problems, f"flight recorder: no script error or refused resource ({problems})")
        path = os.path.join(folder, "devtools-flight-recorder.png")
        tools.screenshot(path=path)
        tools.close()
        app.close()
        return path
    finally:
        stop_on_sigint(process, "Counter --devtools-open")


def main():
    global EXPORTED_TEST_PATH
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=".build/debug")
    parser.add_argument("--only", choices=["counter", "minesweeper", "gallery", "kit", "todos", "todos-scrolling",
                                           "todos-navigation", "todos-two-tabs", "todos-reconnect", "todos-kept-token",
                                           "todos-slow-link",
                                           "minesweeper-navigation", "devtools-page", "devtools",
                                           "todos-export-test", "flight-recorder", "notes", "look", "accessibility",
                                           "checkboxes"],
                        action="append", help="run only these cases (repeatable); all by default")
    parser.add_argument("--export-test-to", help="keep the test exported from the Todos session at this path")
    parser.add_argument("--screenshots", help="also copy the look screenshots at 1280x800 and 390x844 into this folder")
    arguments = parser.parse_args()
    EXPORTED_TEST_PATH = arguments.export_test_to
    signal.alarm(TOTAL_SECONDS)
    folder = tempfile.mkdtemp(prefix="katana-browser-")
    # The apps keep their web token in the user's state folder: a temporary one here.
    os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="katana-state-")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            cases = [("counter", counter, "Counter"), ("minesweeper", minesweeper, "Minesweeper"),
                     ("gallery", gallery, "ElementsGallery"), ("kit", gallery_kit, "ElementsGallery"),
                     ("todos", todos, "Todos"),
                     ("todos-scrolling", todos_scrolling, "Todos"),
                     ("todos-navigation", todos_navigation, "Todos"),
                     ("todos-two-tabs", todos_two_tabs, "Todos"), ("todos-reconnect", todos_reconnect, "Todos"),
                     ("todos-kept-token", todos_kept_token, "Todos"),
                     ("todos-slow-link", todos_slow_link, "Todos"),
                     ("minesweeper-navigation", minesweeper_navigation, "Minesweeper"),
                     ("devtools-page", devtools_page, "DevToolsPageFixture"), ("devtools", devtools, "Counter"),
                     ("todos-export-test", todos_export_test, "Todos"),
                     ("flight-recorder", flight_recorder, "Counter"), ("notes", notes, "Notes"),
                     ("checkboxes", checkboxes, "ElementsGallery")]
            shots = [run(browser, os.path.join(arguments.build_dir, binary), folder)
                     for name, run, binary in cases if not arguments.only or name in arguments.only]
            if not arguments.only or "accessibility" in arguments.only:
                binaries = {name: os.path.join(arguments.build_dir, name) for name in ["Counter", "Minesweeper", "Todos"]}
                accessible = accessibility(browser, binaries, folder)
                shots += accessible
                if arguments.screenshots:
                    os.makedirs(arguments.screenshots, exist_ok=True)
                    for shot in accessible:
                        # The light ones are the look case's (same screens, same sizes).
                        if os.path.basename(shot).startswith(("counter-dark", "minesweeper-dark", "todos-dark")):
                            shutil.copy(shot, arguments.screenshots)
            if not arguments.only or "look" in arguments.only:
                binaries = {name: os.path.join(arguments.build_dir, name)
                            for name in ["Counter", "Minesweeper", "Todos", "ElementsGallery"]}
                looks = look(browser, binaries, folder)
                shots += looks
                if arguments.screenshots:
                    os.makedirs(arguments.screenshots, exist_ok=True)
                    for shot in looks:
                        if shot.endswith(("-1280x800.png", "-390x844.png")) and "elements" not in shot:
                            shutil.copy(shot, arguments.screenshots)
        finally:
            browser.close()
    print("Screenshots in", folder, ":", ", ".join(os.path.basename(shot) for shot in shots))


if __name__ == "__main__":
    main()
