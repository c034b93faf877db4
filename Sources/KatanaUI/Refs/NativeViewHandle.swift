/// The backend-agnostic handle of one mounted native view: the node's id and a way to send it
/// ``NativeViewCommand``s through the renderer's backend.
///
/// The handle holds the renderer weakly and never keeps the view alive: once the node is
/// unmounted (or the renderer is gone) ``isValid`` is `false` and commands are dropped. Node ids are
/// never reused while a renderer lives, so a stale handle cannot reach a newer view.
///
/// Handles are main-actor values, like everything else in KatanaUI.
@MainActor
public struct NativeViewHandle: NativeViewRef {
  /// The node whose native view this is.
  public let node: NodeID
  private weak var renderer: Renderer?

  init(node: NodeID, renderer: Renderer) {
    self.node = node
    self.renderer = renderer
  }

  /// A handle is its own most general ref.
  public init(nativeView: NativeViewHandle) {
    self = nativeView
  }

  /// Whether the node is still mounted in a living renderer.
  public var isValid: Bool { renderer?.isMounted(node) ?? false }

  /// Sends a command to the native view.
  ///
  /// Outside a render pass the command reaches the backend at once, as a batch of its own; during
  /// a pass (from a hook) it is appended to that pass's mutations, after the views it names exist.
  ///
  /// - Returns: `false`, and nothing is sent, when the handle is no longer valid.
  @discardableResult
  public func send(_ command: NativeViewCommand) -> Bool {
    guard let renderer, renderer.isMounted(node) else { return false }
    renderer.send(command, to: node)
    return true
  }
}
