public import Katana

/// The whole state of the app.
public struct AppState: State {
  /// Who is logged in.
  public var user = ""

  public init() {}
}
