/// The configuration a parent hands to a node: its frame, alpha and key, plus whatever the
/// description needs.
///
/// Props are compared with `==` to decide whether a node must update, so keep `==` meaningful:
/// the synthesized conformance is right for plain data. Closures (event handlers) cannot be
/// compared; leave them out of `==` — the renderer always keeps the newest description, so a
/// handler that changed while the rest stayed equal is still the one called.
///
/// ```swift
/// struct CounterScreenProps: NodeDescriptionProps {
///   var count = 0
///   var frame = Rect.zero
///   var alpha = 1.0
///   var key: String?
/// }
/// ```
public protocol NodeDescriptionProps: Equatable {
  /// The node's frame, in points, relative to its parent. Plastic layouts overwrite it.
  var frame: Rect { get set }
  /// The node's opacity, from 0 (transparent) to 1 (opaque).
  var alpha: Double { get set }
  /// Identifies the node among its siblings of the same description type; `nil` matches by order.
  var key: String? { get set }
}

extension NodeDescriptionProps {
  /// Sets ``key`` to the text of any value: an enum case, with its associated values if any.
  ///
  /// `String` raw values are used as they are, so `setKey(Keys.label)` and
  /// `key = Keys.label.rawValue` agree.
  public mutating func setKey(_ key: some Any) {
    self.key = keyString(for: key)
  }
}

/// The key text for any value: a `String` raw value when there is one, its description otherwise.
func keyString(for key: some Any) -> String {
  if let string = key as? String { return string }
  if let raw = key as? any RawRepresentable, let string = raw.rawValue as? String { return string }
  return "\(key)"
}
