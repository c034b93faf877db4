/// Where an item was dispatched, as the page shows it: the list's call-site column shows
/// `File.swift:line` and a click copies `file:line`.
package struct DevToolsCallSite: Sendable, Hashable, Codable {
  /// The file as `#fileID` gives it: `Module/File.swift`.
  package var file: String
  /// The line of the `dispatch` call.
  package var line: Int
  /// The function containing the call, as `#function` gives it.
  package var function: String
  /// The UI session (a browser page) the item came from (``/Katana/DispatchCallSite/session``);
  /// `nil` outside any session. The page shows it as "page N" next to the call site.
  package var session: UInt64?

  package init(file: String, line: Int, function: String, session: UInt64? = nil) {
    self.file = file
    self.line = line
    self.function = function
    self.session = session
  }
}
