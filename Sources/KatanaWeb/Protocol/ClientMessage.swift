public import KatanaUI

/// One client→server message, decoded and checked for shape by ``ClientMessageDecoder``.
///
/// Whether the node exists and accepts the event is checked later, against the connection's own
/// view tree (see ``WebBackend/deliver(_:)``).
public enum ClientMessage: Hashable, Sendable {
  /// The page's drawing area now measures this many points (`{"t":"viewport","w":…,"h":…}`).
  case viewport(Size)
  /// Something the user did to a node: a touch phase, a key, text input, a row tap or a scroll.
  case event(NodeEvent, node: NodeID)
  /// The page's history entry changed outside the app (Back, Forward, a link, a reload): the URL
  /// paths it stands for, root first (`{"t":"navigate","ps":["/","/todos/3"]}`).
  case navigate(paths: [String])
}
