/// Where an item was dispatched, as the page shows it: the list's call-site column shows
/// `File.swift:line` and a click copies `file:line`.
package struct DevToolsCallSite: Sendable, Hashable, Codable {
  /// The file as `#fileID` gives it: `Module/File.swift`.
  package var file: String
  /// The line of the `dispatch` call.
  package var line: Int
  /// The function containing the call, as `#function` gives it.
  package var function: String

  package init(file: String, line: Int, function: String) {
    self.file = file
    self.line = line
    self.function = function
  }
}
