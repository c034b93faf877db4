/// The page and the script the server embeds: no build step, no CDN, nothing read from disk.
enum WebPage {
  /// The page, with its title and pixels-per-point filled in.
  static func html(title: String, pixelsPerPoint: Double) -> String {
    let escapedTitle = title.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("\"", with: "&quot;")
    // Two choices in the style sheet come from measuring a 10,000-label mount to its first frame
    // (BENCHMARKS.md, web mount):
    // - A clipping element clips by paint containment (`contain: strict`), not `overflow: hidden`,
    //   which would make every element a scroll container the browser keeps state for. It clips
    //   the same, rounded corners included, and a focused field cannot scroll its container.
    // - `content-visibility: auto` is only for labels and images inside tables (which scroll, so
    //   culling cannot reach them). Elsewhere it doubled the work of every visible one: the
    //   browser skips them at first, then styles and lays them out again in the same frame.
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="katana-pixels-per-point" content="\(pixelsPerPoint)">
      <title>\(escapedTitle)</title>
      <style>
      :root { color-scheme: light dark; --k-page: #fff; --k-ink: #000; --k-field: #fff; --k-field-border: #767676;
        --k-focus: #1a5fc4; --k-status: #a00; }
      @media (prefers-color-scheme: dark) {
        :root { --k-page: #121212; --k-ink: #e8e8e8; --k-field: #1e1e1e; --k-field-border: #8f8f8f; --k-focus: #7fb0ff;
          --k-status: #ff8080; }
      }
      html, body { margin: 0; height: 100%; overflow: hidden; background: var(--k-page); }
      body { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial,
        "Liberation Sans", system-ui, sans-serif; font-size: 16px; color: var(--k-ink); }
      #katana-root { position: fixed; inset: 0; overflow: hidden; }
      .k { position: absolute; box-sizing: border-box; margin: 0; padding: 0; border: 0; font: inherit; color: var(--k-ink);
        contain: size layout style; }
      .k-clip { contain: strict; }
      .k-off { display: none !important; }
      .k-content .k-label.k-clip, .k-content .k-image.k-clip { content-visibility: auto; }
      .k-label, .k-button, .k-image { white-space: pre; }
      .k-button { cursor: pointer; background: transparent; color: var(--k-ink); overflow: hidden; text-overflow: ellipsis;
        border: 1px solid transparent; background-clip: padding-box; border-radius: 5px; transition: box-shadow 0.12s; }
      .k-button:hover:not(:disabled) { box-shadow: inset 0 0 0 100vmax rgba(128, 128, 128, 0.22), 0 1px 3px rgba(0, 0, 0, 0.3); }
      .k-button:active:not(:disabled), .k-button[aria-pressed="true"] { box-shadow: inset 0 0 0 100vmax rgba(0, 0, 0, 0.18); }
      .k-button:active:not(:disabled) { transform: translateY(1px); }
      .k-button:focus-visible { outline: 2px solid var(--k-focus); outline-offset: -2px; }
      .k-button:disabled { cursor: default; opacity: 0.6; }
      .k-busy { cursor: progress; background-image: repeating-linear-gradient(-45deg, rgba(128, 128, 128, 0.28) 0 6px,
        transparent 6px 12px); background-size: 34px 100%; animation: k-busy 0.8s linear infinite; }
      @keyframes k-busy { to { background-position: 34px 0; } }
      .k-check { appearance: none; -webkit-appearance: none; }
      .k-check::before { content: ""; position: absolute; left: 50%; top: 50%; width: 16px; height: 16px;
        transform: translate(-50%, -50%); box-sizing: border-box; border: 2px solid currentColor; border-radius: 4px; }
      /* The tick: two borders of a turned box. Pure CSS: the page's CSP loads no image, not even a data: URL. */
      .k-check:checked::after { content: ""; position: absolute; left: 50%; top: 50%; width: 5px; height: 9px;
        transform: translate(-50%, -60%) rotate(45deg); box-sizing: border-box; border: solid currentColor;
        border-width: 0 2px 2px 0; }
      .k-image { text-align: center; font-size: 14px; color: var(--k-ink); }
      .k-textField { padding: 0 6px; background: var(--k-field); border: 1px solid var(--k-field-border); border-radius: 4px; }
      .k-textField::placeholder { color: var(--k-ink); opacity: 0.68; }
      .k-textField:focus { outline: 2px solid var(--k-focus); outline-offset: -1px; }
      .k-table { overflow-y: auto; overflow-x: hidden; }
      .k-content { position: relative; width: 100%; }
      .k-label.k-wrap { white-space: pre-wrap; overflow-wrap: anywhere; }
      .k-label.k-truncate { overflow: hidden; text-overflow: ellipsis; }
      .k-checkbox { display: flex; align-items: center; gap: 8px; cursor: pointer; white-space: pre; }
      .k-checkbox input { width: 18px; height: 18px; margin: 0; flex: none; accent-color: var(--k-focus); cursor: pointer; }
      .k-checkbox input[role=switch] { appearance: none; width: 34px; height: 20px; border-radius: 10px;
        background: #767676; position: relative; }
      .k-checkbox input[role=switch]::before { content: ""; position: absolute; left: 2px; top: 2px; width: 16px;
        height: 16px; border-radius: 50%; background: #fff; transition: left 0.12s; }
      .k-checkbox input[role=switch]:checked { background: var(--k-focus); }
      .k-checkbox input[role=switch]:checked::before { left: 16px; }
      .k-checkbox input:focus-visible { outline: 2px solid var(--k-focus); outline-offset: 2px; }
      .k-tabs { display: flex; gap: 4px; align-items: stretch; }
      .k-tab { min-width: 44px; font: inherit; color: var(--k-ink); background: transparent; border: 0; border-bottom: 3px solid transparent;
        padding: 0 10px; cursor: pointer; }
      .k-tab[aria-selected=true] { border-bottom-color: var(--k-focus); font-weight: 600; }
      .k-tab:focus-visible { outline: 2px solid var(--k-focus); outline-offset: -2px; }
      .k-picker { font: inherit; border: 1px solid var(--k-field-border); border-radius: 4px; background: var(--k-field); color: var(--k-ink); padding: 0 4px; }
      .k-textArea { font: inherit; resize: none; padding: 4px 6px; border: 1px solid var(--k-field-border); border-radius: 4px;
        background: var(--k-field); color: var(--k-ink); white-space: pre-wrap; overflow-wrap: anywhere; overflow-y: auto; }
      .k-textArea:focus, .k-picker:focus { outline: 2px solid var(--k-focus); outline-offset: -1px; }
      .k-dialog { position: fixed; margin: 0; border: 1px solid var(--k-field-border); border-radius: 8px; background: var(--k-page); color: var(--k-ink);
        box-shadow: 0 8px 32px rgba(0, 0, 0, 0.35); overflow: visible; }
      .k-dialog::backdrop { background: rgba(0, 0, 0, 0.35); }
      .k-dialog-title { position: absolute; left: 16px; top: 2px; margin: 0; font-size: 16px; font-weight: 600; }
      .k-toast { background: #333; color: #fff; border-radius: 6px; text-align: center; white-space: pre;
        box-shadow: 0 2px 8px rgba(0, 0, 0, 0.3); }
      .k-toast:empty { display: none; }
      .k-statusLine { white-space: pre; overflow: hidden; text-overflow: ellipsis; }
      .k-progressBar { accent-color: var(--k-focus); }
      .k-activityIndicator { display: flex; align-items: center; gap: 8px; white-space: pre; }
      .k-spin { flex: none; width: 12px; height: 12px; border: 2px solid #bbb; border-top-color: var(--k-focus);
        border-radius: 50%; animation: k-spin 0.8s linear infinite; }
      @keyframes k-spin { to { transform: rotate(360deg); } }
      @media (prefers-reduced-motion: reduce) { .k-spin { animation: none; border-right-color: var(--k-focus); } }
      .k-scrollView { overflow: auto; }
      .k-keyHelp { white-space: pre; overflow: hidden; text-overflow: ellipsis; color: var(--k-ink); }
      .k-keyHelp kbd { font: inherit; border: 1px solid #999; border-radius: 3px; padding: 0 4px; background: transparent; }
      #katana-status { position: fixed; right: 6px; bottom: 4px; font: 12px sans-serif; color: var(--k-status); }
      @media (prefers-reduced-motion: reduce) {
        *, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }
      }
      </style>
      </head>
      <body>
      <div id="katana-root"></div>
      <div id="katana-status" role="status"></div>
      <script src="\(WebProtocol.scriptPath)"></script>
      </body>
      </html>

      """
  }
}
