/// The page and the script the server embeds: no build step, no CDN, nothing read from disk.
enum WebPage {
  /// The page, with its title and pixels-per-point filled in.
  static func html(title: String, pixelsPerPoint: Double) -> String {
    let escapedTitle = title.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
      .replacing("\"", with: "&quot;")
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
      body { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
      #katana-root { position: fixed; inset: 0; overflow: hidden; }
      .k { position: absolute; box-sizing: border-box; margin: 0; padding: 0; border: 0; font: inherit;
        contain: size layout style; }
      .k-clip { overflow: hidden; contain: strict; }
      .k-label, .k-button, .k-image { white-space: pre; }
      .k-button { cursor: pointer; background: transparent; color: #000; overflow: hidden; }
      .k-button:focus-visible { outline: 2px solid #2a7ae2; outline-offset: -2px; }
      .k-button:disabled { cursor: default; opacity: 0.6; }
      .k-image { text-align: center; font-size: 10px; color: #666; }
      .k-textField { padding: 0 4px; background: #fff; }
      .k-table { overflow-y: auto; overflow-x: hidden; }
      .k-content { position: relative; width: 100%; }
      .k-label.k-wrap { white-space: pre-wrap; overflow-wrap: anywhere; }
      .k-label.k-truncate { overflow: hidden; text-overflow: ellipsis; }
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
