/// How a screen came on a ``RouteStack``.
public enum RoutePresentation: String, Hashable, Sendable, Codable {
  /// Pushed: Back returns to the screen below.
  case push
  /// Presented modally: a flow of its own, closed as a whole by ``RouteStack/dismiss()`` (Back
  /// still leaves one screen at a time).
  case modal
}
