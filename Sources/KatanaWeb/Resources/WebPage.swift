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
      html, body { margin: 0; height: 100%; overflow: hidden; background: #fff; }
      body { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial,
        "Liberation Sans", system-ui, sans-serif; font-size: 16px; color: #000; }
      #katana-root { position: fixed; inset: 0; overflow: hidden; }
      .k { position: absolute; box-sizing: border-box; margin: 0; padding: 0; border: 0; font: inherit; color: #000;
        contain: size layout style; }
      .k-clip { contain: strict; }
      .k-off { display: none !important; }
      .k-content .k-label.k-clip, .k-content .k-image.k-clip { content-visibility: auto; }
      .k-label, .k-button, .k-image { white-space: pre; }
      .k-button { cursor: pointer; background: transparent; color: #000; overflow: hidden; text-overflow: ellipsis;
        border: 1px solid transparent; background-clip: padding-box; border-radius: 5px; transition: box-shadow 0.12s; }
      .k-button:hover:not(:disabled) { box-shadow: inset 0 0 0 100vmax rgba(128, 128, 128, 0.22), 0 1px 3px rgba(0, 0, 0, 0.3); }
      .k-button:active:not(:disabled) { box-shadow: inset 0 0 0 100vmax rgba(0, 0, 0, 0.18); }
      .k-button:focus-visible { outline: 2px solid #2a7ae2; outline-offset: -2px; }
      .k-button:disabled { cursor: default; opacity: 0.6; }
      .k-image { text-align: center; font-size: 14px; color: #666; }
      .k-textField { padding: 0 6px; background: #fff; border: 1px solid #b0b0b0; border-radius: 4px; }
      .k-textField:focus { outline: 2px solid #2a7ae2; outline-offset: -1px; }
      .k-table { overflow-y: auto; overflow-x: hidden; }
      .k-content { position: relative; width: 100%; }
      .k-label.k-wrap { white-space: pre-wrap; overflow-wrap: anywhere; }
      .k-label.k-truncate { overflow: hidden; text-overflow: ellipsis; }
      .k-checkbox { display: flex; align-items: center; gap: 8px; cursor: pointer; white-space: pre; }
      .k-checkbox input { width: 18px; height: 18px; margin: 0; flex: none; accent-color: #2a7ae2; cursor: pointer; }
      .k-checkbox input[role=switch] { appearance: none; width: 34px; height: 20px; border-radius: 10px;
        background: #767676; position: relative; }
      .k-checkbox input[role=switch]::before { content: ""; position: absolute; left: 2px; top: 2px; width: 16px;
        height: 16px; border-radius: 50%; background: #fff; transition: left 0.12s; }
      .k-checkbox input[role=switch]:checked { background: #2a7ae2; }
      .k-checkbox input[role=switch]:checked::before { left: 16px; }
      .k-checkbox input:focus-visible { outline: 2px solid #2a7ae2; outline-offset: 2px; }
      .k-tabs { display: flex; gap: 4px; align-items: stretch; }
      .k-tab { font: inherit; color: #000; background: transparent; border: 0; border-bottom: 3px solid transparent;
        padding: 0 10px; cursor: pointer; }
      .k-tab[aria-selected=true] { border-bottom-color: #2a7ae2; font-weight: 600; }
      .k-tab:focus-visible { outline: 2px solid #2a7ae2; outline-offset: -2px; }
      .k-picker { font: inherit; border: 1px solid #767676; border-radius: 4px; background: #fff; padding: 0 4px; }
      .k-textArea { font: inherit; resize: none; padding: 4px 6px; border: 1px solid #767676; border-radius: 4px;
        background: #fff; white-space: pre-wrap; overflow-wrap: anywhere; overflow-y: auto; }
      .k-textArea:focus, .k-picker:focus { outline: 2px solid #2a7ae2; outline-offset: -1px; }
      .k-dialog { position: fixed; margin: 0; border: 1px solid #767676; border-radius: 8px; background: #fff;
        box-shadow: 0 8px 32px rgba(0, 0, 0, 0.35); overflow: visible; }
      .k-dialog::backdrop { background: rgba(0, 0, 0, 0.35); }
      .k-dialog-title { position: absolute; left: 16px; top: 2px; margin: 0; font-size: 16px; font-weight: 600; }
      .k-toast { background: #333; color: #fff; border-radius: 6px; text-align: center; white-space: pre;
        box-shadow: 0 2px 8px rgba(0, 0, 0, 0.3); }
      .k-toast:empty { display: none; }
      .k-statusLine { white-space: pre; overflow: hidden; text-overflow: ellipsis; }
      .k-progressBar { accent-color: #2a7ae2; }
      .k-activityIndicator { display: flex; align-items: center; gap: 8px; white-space: pre; }
      .k-spin { flex: none; width: 12px; height: 12px; border: 2px solid #bbb; border-top-color: #2a7ae2;
        border-radius: 50%; animation: k-spin 0.8s linear infinite; }
      @keyframes k-spin { to { transform: rotate(360deg); } }
      @media (prefers-reduced-motion: reduce) { .k-spin { animation: none; border-right-color: #2a7ae2; } }
      .k-scrollView { overflow: auto; }
      .k-keyHelp { white-space: pre; overflow: hidden; text-overflow: ellipsis; color: #555; }
      .k-keyHelp kbd { font: inherit; border: 1px solid #999; border-radius: 3px; padding: 0 4px; background: #f4f4f4; }
      #katana-status { position: fixed; right: 6px; bottom: 4px; font: 12px sans-serif; color: #a00; }
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
