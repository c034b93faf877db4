/// The animations a node chooses for its children during one update, per child key.
///
/// Set ``allChildren`` for a default and subscript by key (or by an array of keys) for specific
/// children; a lookup without a specific entry falls back to ``allChildren``. Assigning anything
/// other than ``Animation/none`` turns ``shouldAnimate`` on.
public struct ChildrenAnimations<Key>: Sendable {
  /// The animation of children without a specific entry.
  public var allChildren: Animation = .none {
    didSet { if allChildren.type.isAnimated { shouldAnimate = true } }
  }

  /// Whether any animation was requested; when `false` the update is applied at once.
  public private(set) var shouldAnimate = false

  private var byKey: [String: Animation] = [:]

  /// An empty container: nothing animates.
  public init() {}

  /// The animation of the child with `key`.
  public subscript(key: Key) -> Animation {
    get { animation(forKey: keyString(for: key)) }
    set { set(newValue, forKey: keyString(for: key)) }
  }

  /// Sets the same animation for several keys; reading returns the first key's animation.
  public subscript(keys: [Key]) -> Animation {
    get { keys.first.map { self[$0] } ?? allChildren }
    set { for key in keys { self[key] = newValue } }
  }

  /// The animation for a child key, falling back to ``allChildren``.
  public func animation(forKey key: String?) -> Animation {
    key.flatMap { byKey[$0] } ?? allChildren
  }

  private mutating func set(_ animation: Animation, forKey key: String) {
    byKey[key] = animation
    if animation.type.isAnimated { shouldAnimate = true }
  }
}
