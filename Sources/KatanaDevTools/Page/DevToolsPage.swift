// Only with the DevToolsServer trait (on by default; see Package.swift).
#if DevToolsServer
/// The DevTools page, its styles and its script, embedded: no build step, no CDN, nothing read
/// from disk. The page loads the other two with the token, and the script finds the token in the
/// page's `katana-devtools-token` meta element.
enum DevToolsPage {
  /// The page for `token` (already checked to need no escaping: letters, digits, `-` and `_`),
  /// telling its script the largest message the server takes, so an import over it is refused
  /// before it is sent.
  static func html(token: String, maximumMessageBytes: Int) -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <meta name="katana-devtools-token" content="\(token)">
    <meta name="katana-devtools-max-message" content="\(maximumMessageBytes)">
    <title>Katana DevTools</title>
    <link rel="stylesheet" href="/devtools.css?token=\(token)">
    </head>
    <body data-connected="false">
    <header>
      <h1>Katana DevTools</h1>
      <span id="connection" role="status">connecting…</span>
      <span class="spacer"></span>
      <button id="pause" type="button" data-paused="false">Pause recording</button>
      <button id="export" type="button">Export</button>
      <button id="export-test" type="button" title="A Swift Testing file that replays the session and asserts every recorded state">Export test</button>
      <label class="button" for="import">Import…</label>
      <input id="import" type="file" accept=".json,.jsonl,application/json">
    </header>
    <section id="messages" aria-label="Messages">
    <div id="error" role="alert" hidden><span id="error-text"></span><button id="error-close" type="button" aria-label="Dismiss">×</button></div>
    <div id="notice" role="status" hidden></div>
    </section>
    <section id="timeline" aria-label="Timeline">
      <input id="slider" type="range" min="0" max="0" value="0" step="1" aria-label="Timeline: jump to an item">
      <span id="travel" hidden>time travelling at #<span id="travel-id"></span></span>
      <button id="live" type="button" disabled>Resume live</button>
      <span id="dropped" hidden></span>
      <span id="mismatch" hidden></span>
    </section>
    <section id="filters" aria-label="Filters">
      <input id="filter-type" type="search" placeholder="Filter by type" aria-label="Filter by type">
      <select id="filter-kind" aria-label="Filter by kind">
        <option value="">all kinds</option>
        <option value="updater">updaters</option>
        <option value="sideEffect">side effects</option>
        <option value="returning">returning</option>
      </select>
      <label><input id="filter-unchanged" type="checkbox"> hide updaters that changed nothing</label>
      <input id="pin-path" type="search" placeholder="Pin a state path, as diffs write it" aria-label="Pin a state path">
      <button id="pin" type="button">Pin</button>
      <label><input id="filter-pinned" type="checkbox" disabled> only items that changed it</label>
      <span id="pin-status"></span>
      <span id="count"></span>
    </section>
    <main>
      <div id="list">
        <table id="items">
          <thead><tr><th>#</th><th>type</th><th>kind</th><th>parent</th><th>call site</th><th>wait</th><th>duration</th><th>outcome</th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
      <aside id="details">
        <h2 id="details-title">Select an item</h2>
        <h3>Diff</h3>
        <div id="diff" data-id=""></div>
        <h3>State after this item</h3>
        <input id="state-search" type="search" placeholder="Search keys and values" aria-label="Search the state">
        <span id="state-matches"></span>
        <div id="state" data-id=""></div>
      </aside>
    </main>
    <script src="/devtools.js?token=\(token)"></script>
    </body>
    </html>

    """
  }

  /// The page's styles (served, not inline, so the policy needs no `unsafe-inline`).
  static let styles = """
    * { box-sizing: border-box; }
    html, body { margin: 0; height: 100%; }
    body { display: flex; flex-direction: column; font: 13px system-ui, sans-serif; color: #1d1d1f; background: #fafafa; }
    header, #timeline, #filters { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 6px 10px; border-bottom: 1px solid #ddd; background: #fff; }
    h1 { font-size: 15px; margin: 0; }
    h2 { font-size: 14px; margin: 0 0 6px; }
    h3 { font-size: 12px; margin: 10px 0 4px; color: #666; text-transform: uppercase; }
    .spacer { flex: 1; }
    /* Every control is at least 24 x 24 CSS pixels (WCAG 2.2, 2.5.8). */
    button, .button { font: inherit; padding: 3px 10px; border: 1px solid #767676; border-radius: 4px; background: #f4f4f4; cursor: pointer;
      min-height: 24px; min-width: 24px; display: inline-flex; align-items: center; justify-content: center; }
    input[type=search], select { font: inherit; min-height: 24px; }
    input[type=checkbox] { width: 20px; height: 20px; margin: 2px; vertical-align: middle; }
    label:has(> input[type=checkbox]) { display: inline-flex; align-items: center; gap: 4px; min-height: 24px; }
    #slider { min-height: 24px; }
    td a { display: inline-block; min-height: 24px; min-width: 24px; line-height: 24px; }
    .tree summary { min-height: 24px; line-height: 24px; }
    button:disabled { opacity: 0.5; cursor: default; }
    #import { position: absolute; width: 1px; height: 1px; opacity: 0; }
    body[data-connected="false"] #connection { color: #b00; }
    #connection { color: #2a7a2a; }
    #error { display: flex; gap: 8px; align-items: center; padding: 6px 10px; background: #fde8e8; color: #a00; border-bottom: 1px solid #f5b5b5; }
    #error[hidden], #notice[hidden], #travel[hidden], #dropped[hidden], #mismatch[hidden] { display: none; }
    #error-text { flex: 1; }
    #notice { padding: 6px 10px; background: #e8f2fd; border-bottom: 1px solid #b5d3f5; }
    #slider { flex: 1; }
    #travel { color: #8a5a00; font-weight: 600; }
    #dropped, #mismatch { color: #8a5a00; }
    main { flex: 1; display: flex; min-height: 0; }
    /* The details pane takes a third, within bounds, so the list keeps room for all its columns
       (at 1,280 px the list needs about 850 px). */
    #list { flex: 1; min-width: 0; overflow: auto; }
    #details { flex: 0 0 clamp(300px, 32%, 520px); overflow: auto; padding: 10px; border-left: 1px solid #ddd; background: #fff; }
    /* A phone: the list above the details, each the full width. */
    @media (max-width: 700px) {
      main { flex-direction: column; }
      #list { flex: 3 1 0; }
      #details { flex: 2 1 0; border-left: none; border-top: 1px solid #ddd; }
    }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: 1px 8px; border-bottom: 1px solid #eee; white-space: nowrap; }
    th { position: sticky; top: 0; background: #f0f0f0; font-weight: 600; }
    td.type { font-family: ui-monospace, Menlo, monospace; max-width: 36ch; overflow: hidden; text-overflow: ellipsis; }
    td.number { text-align: right; font-variant-numeric: tabular-nums; }
    tr[data-id] { cursor: pointer; }
    tr[data-id]:hover { background: #f2f6fc; }
    tr.selected, tr.selected:hover { background: #dce8fa; }
    tr.travel-point { box-shadow: inset 3px 0 #d08a00; }
    tr.failed td.outcome { color: #c00; font-weight: 600; }
    tr.unchanged td.outcome { color: #6b6b6b; }
    .change { font-family: ui-monospace, Menlo, monospace; padding: 2px 0; }
    .change .old { color: #a00; }
    .change .new { color: #070; }
    .tree { font-family: ui-monospace, Menlo, monospace; }
    .tree details { margin-left: 14px; }
    .tree .leaf { margin-left: 14px; }
    .tree summary { cursor: pointer; }
    .muted { color: #6b6b6b; }
    tr.pinned td:first-child { box-shadow: inset 3px 0 #7a3fd0; font-weight: 600; }
    #pin-status { color: #5a2aa0; }
    .tree .match { background: #fff2a8; }
    #state-search { margin-bottom: 6px; }
    td.site a { font-family: ui-monospace, Menlo, monospace; color: #2456a6; text-decoration: none; }
    td.site a:hover { text-decoration: underline; }

    """
}
#endif
