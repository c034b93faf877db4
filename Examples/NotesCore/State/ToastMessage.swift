/// A short message shown for a moment ("Saved"), then gone by itself.
public struct ToastMessage: Codable, Equatable, Sendable {
  /// Tells one message from the next, so that an older message's timer never hides a newer one.
  public var id: Int
  public var text: String

  public init(id: Int, text: String) {
    self.id = id
    self.text = text
  }
}
