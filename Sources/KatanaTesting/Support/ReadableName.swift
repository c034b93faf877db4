import Katana

/// The name of `type` as a test failure shows it: fully qualified, without the
/// `(unknown context at $…)` part the runtime prints for a `private`, `fileprivate` or
/// function-local type (an address that changes every run and hides the name), which is marked
/// ` (private)` instead.
///
/// `TodoActions.(unknown context at $561c…).RemoveDone` reads `TodoActions.RemoveDone (private)`.
func readableName(of type: Any.Type) -> String {
  let reflected = String(reflecting: type)
  let marker = "(unknown context at "
  guard reflected.contains(marker) else { return reflected }
  var result = ""
  var rest = Substring(reflected)
  while let start = rest.firstRange(of: marker) {
    result += rest[..<start.lowerBound]
    // Skip the context and the dot that follows it.
    guard let close = rest[start.upperBound...].firstIndex(of: ")") else {
      rest = rest[start.lowerBound...]
      break
    }
    rest = rest[rest.index(after: close)...]
    if rest.first == "." { rest = rest.dropFirst() }
  }
  result += rest
  return result + " (private)"
}

/// The readable name of an item's dynamic type; see ``readableName(of:)``.
func readableName(of item: any Dispatchable) -> String {
  readableName(of: type(of: item))
}

extension RecordedItem {
  /// The item's type name, readable even for a `private` type.
  var readableName: String { KatanaTesting.readableName(of: item) }
}
