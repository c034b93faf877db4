/// The identity of one mounted node, as backends see it.
///
/// The renderer allocates a new id for every node it creates and never reuses one while the
/// renderer lives, so a backend can key its native views by it. ``container`` names the backend's
/// own root container, into which the root node is inserted.
public struct NodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The raw number; `0` is ``container``.
  public let rawValue: Int

  /// Wraps a raw number. Backends normally only receive ids; tests may build them.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The backend's root container: the parent of the root node. Never created nor removed.
  public static let container = NodeID(rawValue: 0)

  /// Ordered by the raw value or position.
  public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }

  /// A readable form for logs and test failures.
  public var description: String { rawValue == 0 ? "#container" : "#\(rawValue)" }
}
