public import Katana

/// The whole state of the app.
public struct AppState: State {
  /// Who is logged in.
  public var user = ""
  var token = ""
  /// Whether the network is reachable.
  public var online = true

  public init() {}
}
