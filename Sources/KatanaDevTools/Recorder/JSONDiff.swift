/// The differences between two JSON trees, as field paths with old and new values.
///
/// Objects are compared key by key (sorted, so the order is stable) and arrays index by index, so
/// a changed todo title shows as `todos[2].title`, not as two whole arrays. An array that grew
/// shows the added indexes; a value whose JSON type changed is shown whole at its path.
enum JSONDiff {
  /// Changes beyond this many are summarised in one last entry, so a state rebuilt from scratch
  /// cannot produce a reply the page chokes on.
  static let maximumChanges = 500

  static func changes(from old: JSONValue, to new: JSONValue) -> [DevToolsChange] {
    var changes: [DevToolsChange] = []
    var omitted = 0
    collect(path: "", old: old, new: new, into: &changes, omitted: &omitted)
    if omitted > 0 {
      changes.append(DevToolsChange(path: "…", old: nil, new: "\(omitted) more changes not shown"))
    }
    return changes
  }

  private static func collect(
    path: String, old: JSONValue?, new: JSONValue?, into changes: inout [DevToolsChange], omitted: inout Int
  ) {
    guard old != new else { return }
    switch (old, new) {
    case (.object(let before), .object(let after)):
      for key in Set(before.keys).union(after.keys).sorted() {
        collect(
          path: path.isEmpty ? key : "\(path).\(key)", old: before[key], new: after[key], into: &changes,
          omitted: &omitted)
      }
    case (.array(let before), .array(let after)):
      for index in 0..<max(before.count, after.count) {
        collect(
          path: "\(path)[\(index)]", old: index < before.count ? before[index] : nil,
          new: index < after.count ? after[index] : nil, into: &changes, omitted: &omitted)
      }
    default:
      guard changes.count < maximumChanges else {
        omitted += 1
        return
      }
      changes.append(DevToolsChange(path: path.isEmpty ? "state" : path, old: old?.text, new: new?.text))
    }
  }
}
