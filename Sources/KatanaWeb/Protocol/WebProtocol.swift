/// The constants of the browser protocol, shared by the encoder, the decoder and the page's script.
///
/// Every message is a JSON object whose `v` field is ``version``; a client speaking another
/// version is refused. See the article "Running KatanaUI apps in a browser" for the full shape.
public enum WebProtocol {
  /// The protocol version this server speaks. It changes whenever a message changes shape.
  public static let version = 1

  /// The path of the page.
  public static let pagePath = "/"
  /// The path of the script the page loads.
  public static let scriptPath = "/katana.js"
  /// The path of the WebSocket endpoint: the page's own path, upgraded. So the server answers
  /// exactly two paths and everything else is 404.
  public static let socketPath = "/"
}
