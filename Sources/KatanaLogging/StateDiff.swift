/// The fields that differ between two states, found by reflection.
///
/// Used only when a log entry with a diff is really written. It walks both values' mirrors in
/// step and reports the deepest differing parts as `path: old → new`; collections whose sizes
/// differ, enums whose cases differ and values without children are compared by their
/// descriptions.
enum StateDiff {
  /// Values longer than this are cut, so that a large array does not flood the log.
  static let maxValueLength = 120

  static func changes(from old: Any, to new: Any, maxDepth: Int = 8) -> [String] {
    var changes: [String] = []
    collect(path: "", old: old, new: new, depth: maxDepth, into: &changes)
    return changes
  }

  private static func collect(path: String, old: Any, new: Any, depth: Int, into changes: inout [String]) {
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    let oldChildren = Array(oldMirror.children)
    let newChildren = Array(newMirror.children)
    let comparable =
      depth > 0 && !oldChildren.isEmpty && oldMirror.displayStyle == newMirror.displayStyle
      && oldChildren.count == newChildren.count && oldMirror.displayStyle != .enum
    guard comparable else {
      let oldText = describe(old)
      let newText = describe(new)
      if oldText != newText {
        changes.append((path.isEmpty ? "state" : path) + ": " + oldText + " → " + newText)
      }
      return
    }
    for (index, (oldChild, newChild)) in zip(oldChildren, newChildren).enumerated() {
      let childPath: String
      switch oldMirror.displayStyle {
      case .optional:
        childPath = path
      case .collection, .set, .dictionary:
        childPath = path + "[\(index)]"
      default:
        let label = oldChild.label ?? ".\(index)"
        childPath = path.isEmpty ? label : path + "." + label
      }
      collect(path: childPath, old: oldChild.value, new: newChild.value, depth: depth - 1, into: &changes)
    }
  }

  private static func describe(_ value: Any) -> String {
    let text = String(reflecting: value)
    guard text.count > maxValueLength else { return text }
    return String(text.prefix(maxValueLength)) + "…"
  }
}
