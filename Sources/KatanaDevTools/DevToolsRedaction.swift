import Foundation

/// What DevTools hides of the state before any of it leaves the process: diffs, the state tree,
/// pinned-path answers and exported sessions all see the state with the redacted values replaced
/// by ``placeholder``. The store itself, listeners and time travel keep the real state.
///
/// Rules apply to the state as `JSONEncoder` encodes it:
/// ```swift
/// let devTools = DevTools<AppState>(
///   configuration: .init(redaction: try DevToolsRedaction(keyPaths: ["session.token", "users[*].password"])))
/// ```
/// A key path is keys joined by dots and array indexes in brackets; `*` (a key) or `[*]` (an
/// index) matches every child. A path that does not exist in a state leaves it as it is. For
/// anything else, pass a closure over the encoded JSON (see ``custom(_:)``).
///
/// Exported sessions hold the initial state redacted, and the recorded updaters as their
/// registration encodes them: do not register for export an updater that carries a secret.
///
/// Threading: a value type, safe from any thread; the closure is called on whatever thread the
/// page's request is answered on.
public struct DevToolsRedaction: Sendable, Hashable {
  /// What a redacted value is replaced with.
  public static let placeholder = "<redacted>"

  /// Redacts nothing (the default).
  public static let none = DevToolsRedaction(paths: [], transform: nil)

  /// A key path that could not be read.
  public struct InvalidPath: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    public var description: String { "'\(path)' is not a key path (keys and indexes, like users[*].token)" }
  }

  let paths: [JSONPath]
  let transform: Transform?

  /// The closure of a custom rule, compared by identity: two rules are equal when they were made
  /// by the same ``custom(_:)`` call.
  struct Transform: Sendable, Hashable {
    let id = UUID()
    let body: @Sendable (Any) -> Any
    static func == (lhs: Transform, rhs: Transform) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
  }

  private init(paths: [JSONPath], transform: Transform?) {
    self.paths = paths
    self.transform = transform
  }

  /// Redacts the values at `keyPaths`.
  ///
  /// - Throws: ``InvalidPath`` for the first path that is not keys and indexes.
  public init(keyPaths: [String]) throws(InvalidPath) {
    var paths: [JSONPath] = []
    for text in keyPaths {
      guard let path = JSONPath(text, allowingWildcards: true) else { throw InvalidPath(path: text) }
      paths.append(path)
    }
    self.init(paths: paths, transform: nil)
  }

  /// Redacts with a closure over the encoded state: it receives the JSON as `JSONSerialization`
  /// would give it (`[String: Any]`, `[Any]`, `String`, numbers, `Bool`, `NSNull`) and returns
  /// the JSON to show in its place, in the same shapes.
  ///
  /// When it returns something that is not JSON, the page's request fails with an error and
  /// nothing of the state is sent.
  public static func custom(_ transform: @escaping @Sendable (_ json: Any) -> Any) -> DevToolsRedaction {
    DevToolsRedaction(paths: [], transform: Transform(body: transform))
  }

  /// Whether this rule changes nothing.
  var isEmpty: Bool { paths.isEmpty && transform == nil }

  /// `json` with the rule applied.
  ///
  /// - Throws: ``DevToolsCommandError/encodingFailed(_:)`` when the closure returned something
  ///   that is not JSON.
  func apply(to json: JSONValue) throws(DevToolsCommandError) -> JSONValue {
    var json = json
    for path in paths { json = json.redacting(path.components[...]) }
    if let transform {
      guard let result = JSONValue(foundation: transform.body(json.foundation)) else {
        throw .encodingFailed("the redaction closure returned something that is not JSON")
      }
      json = result
    }
    return json
  }
}

extension JSONValue {
  /// This value with whatever is at `path` replaced by the placeholder.
  func redacting(_ path: ArraySlice<JSONPath.Component>) -> JSONValue {
    guard let first = path.first else { return .string(DevToolsRedaction.placeholder) }
    let rest = path.dropFirst()
    switch (first, self) {
    case (.key(let key), .object(var object)):
      guard let child = object[key] else { return self }
      object[key] = child.redacting(rest)
      return .object(object)
    case (.index(let index), .array(var array)):
      guard index < array.count else { return self }
      array[index] = array[index].redacting(rest)
      return .array(array)
    case (.wildcard, .object(let object)):
      return .object(object.mapValues { $0.redacting(rest) })
    case (.wildcard, .array(let array)):
      return .array(array.map { $0.redacting(rest) })
    default:
      return self
    }
  }

  /// The value as `JSONSerialization` objects.
  var foundation: Any {
    switch self {
    case .null: NSNull()
    case .bool(let value): value
    case .integer(let value): value
    case .number(let value): value
    case .string(let value): value
    case .array(let value): value.map(\.foundation)
    case .object(let value): value.mapValues(\.foundation)
    }
  }

  /// Reads `JSONSerialization`-shaped objects back; `nil` for anything else.
  init?(foundation value: Any) {
    switch value {
    case is NSNull: self = .null
    case let value as Bool: self = .bool(value)
    case let value as Int: self = .integer(Int64(value))
    case let value as Int64: self = .integer(value)
    case let value as Double: self = value.isFinite ? .number(value) : .null
    case let value as String: self = .string(value)
    case let value as [Any]:
      var array: [JSONValue] = []
      for element in value {
        guard let element = JSONValue(foundation: element) else { return nil }
        array.append(element)
      }
      self = .array(array)
    case let value as [String: Any]:
      var object: [String: JSONValue] = [:]
      for (key, element) in value {
        guard let element = JSONValue(foundation: element) else { return nil }
        object[key] = element
      }
      self = .object(object)
    default: return nil
    }
  }
}
