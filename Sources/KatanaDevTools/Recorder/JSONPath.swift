import Foundation

/// A path into a JSON tree as the page writes it and ``JSONDiff`` names changes: keys joined by
/// dots, array indexes in brackets (`todos[3].title`, `settings.theme`, `[0]`).
struct JSONPath: Hashable, Sendable {
  enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
    /// `*` or `[*]`: every child (redaction rules only).
    case wildcard
  }

  let components: [Component]

  /// Parses `text`; `nil` when it is empty or not keys and indexes (an empty key, an unclosed or
  /// non-numeric bracket).
  init?(_ text: String, allowingWildcards: Bool = false) {
    var components: [Component] = []
    var rest = Substring(text.trimmingCharacters(in: .whitespaces))
    guard !rest.isEmpty else { return nil }
    var expectsKey = true
    while !rest.isEmpty {
      if allowingWildcards, rest.hasPrefix("[*]") {
        components.append(.wildcard)
        rest = rest.dropFirst(3)
        expectsKey = false
      } else if rest.first == "[" {
        guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]),
          index >= 0
        else { return nil }
        components.append(.index(index))
        rest = rest[rest.index(after: close)...]
        expectsKey = false
      } else {
        if !expectsKey {
          guard rest.first == "." else { return nil }
          rest = rest.dropFirst()
        }
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        let key = rest[..<end]
        guard !key.isEmpty else { return nil }
        components.append(allowingWildcards && key == "*" ? .wildcard : .key(String(key)))
        rest = rest[end...]
        expectsKey = false
      }
    }
    self.components = components
  }
}

extension JSONValue {
  /// The value at `path`; `nil` when the tree has nothing there.
  func value(at path: JSONPath) -> JSONValue? {
    var value = self
    for component in path.components {
      switch (component, value) {
      case (.key(let key), .object(let object)):
        guard let child = object[key] else { return nil }
        value = child
      case (.index(let index), .array(let array)):
        guard index < array.count else { return nil }
        value = array[index]
      default:
        return nil
      }
    }
    return value
  }
}
