public import KatanaUI

/// A ``/KatanaUI/RendererBackend`` that mirrors one browser page: it encodes each batch of
/// mutations as one protocol message and checks the page's events against the tree it sent.
///
/// One backend (and one ``/KatanaUI/Renderer``) exists per WebSocket connection, so each page has
/// its own UI-internal state while all pages share the store.
///
/// ## Units
/// One point is one CSS pixel times the page's pixels-per-point (1 unless the server is
/// configured otherwise). Frames are sent in points rounded to hundredths; the browser places
/// them with sub-pixel precision, so nothing else is rounded. ``containerSize`` is the page's
/// viewport in points, as last reported.
///
/// ## Threading
/// Main actor, like every backend. `output` is called on the main actor with each message.
@MainActor
public final class WebBackend: RendererBackend {
  /// The page's drawing area, in points.
  public private(set) var containerSize: Size
  /// How many messages ``apply(_:)`` has sent.
  public private(set) var sentMessageCount = 0
  /// How many bytes those messages held.
  public private(set) var sentByteCount = 0

  private weak var sink: (any BackendEventSink)?
  private let output: @MainActor ([UInt8]) -> Void
  private var kinds: [NodeID: NativeViewKind] = [:]
  private var childrenByParent: [NodeID: Set<NodeID>] = [:]
  private var parents: [NodeID: NodeID] = [:]
  private var tables: [NodeID: TableProps] = [:]
  /// Text areas: the document the page shows, as far as the server knows (the last one sent,
  /// plus the page's edits since), and the revisions each of those edits led to.
  private var textAreas: [NodeID: TextAreaEcho] = [:]

  /// Creates a backend for a page of `containerSize` points that sends its messages to `output`.
  public init(containerSize: Size, output: @escaping @MainActor ([UInt8]) -> Void) {
    self.containerSize = containerSize
    self.output = output
  }

  /// Keeps the renderer that receives the page's events (weakly: the renderer owns the backend).
  public func attach(_ sink: any BackendEventSink) {
    self.sink = sink
  }

  /// Records the tree the page will hold, then sends the batch as one message to `output`.
  public func apply(_ mutations: [Mutation]) {
    track(mutations)
    let message = MutationEncoder.encode(mutations.map(echoingTextAreas))
    sentMessageCount += 1
    sentByteCount += message.count
    output(message)
  }

  /// The number of nodes the page holds.
  public var nodeCount: Int { kinds.count }

  /// The kind of a node the page holds, or `nil`.
  public func kind(of node: NodeID) -> NativeViewKind? { kinds[node] }

  private func track(_ mutations: [Mutation]) {
    for mutation in mutations {
      switch mutation {
      case .create(let id, let kind, let props):
        kinds[id] = kind
        if let table = props as? TableProps { tables[id] = table }
        if let area = props as? TextAreaProps { textAreas[id] = TextAreaEcho(document: area.document) }
      case .updateProps(let id, let props):
        if let table = props as? TableProps { tables[id] = table }
      case .insert(let id, let parent, _):
        parents[id] = parent
        childrenByParent[parent, default: []].insert(id)
      case .remove(let id):
        if let parent = parents[id] { childrenByParent[parent]?.remove(id) }
        forget(id)
      case .animate(_, let nested):
        track(nested)
      case .move, .setFrame, .command:
        break
      }
    }
  }

  private func forget(_ id: NodeID) {
    var pending = [id]
    while let node = pending.popLast() {
      kinds[node] = nil
      parents[node] = nil
      tables[node] = nil
      textAreas[node] = nil
      if let children = childrenByParent.removeValue(forKey: node) { pending.append(contentsOf: children) }
    }
  }

  /// A text area's update that only echoes the page's own edits goes without its text (see
  /// ``TextAreaEcho``); any other update carries the whole text.
  private func echoingTextAreas(_ mutation: Mutation) -> Mutation {
    switch mutation {
    case .updateProps(let id, let props as TextAreaProps):
      guard let acknowledged = textAreas[id]?.storeShows(props.document) else { return mutation }
      return .updateProps(id, props: EchoedTextAreaProps(area: props, acknowledgedEdits: acknowledged))
    case .animate(let type, let nested):
      return .animate(type, nested.map(echoingTextAreas))
    default:
      return mutation
    }
  }

  // MARK: Input

  /// Checks a decoded message against the page's tree, then hands it to the renderer.
  ///
  /// - Throws: ``ClientMessageError/unknownNode(_:)`` for a node the page does not hold,
  ///   ``ClientMessageError/wrongKind(event:kind:)`` for an event its kind does not take, and
  ///   ``ClientMessageError/invalidValue(field:)`` for a row outside the table. Nothing of a refused
  ///   message reaches the renderer.
  public func deliver(_ message: ClientMessage) throws(ClientMessageError) {
    switch message {
    case .viewport(let size):
      guard size != containerSize else { return }
      containerSize = size
      sink?.containerDidResize(to: size)
    case .event(let event, let node):
      try validate(event, for: node)
      if case .textEdit(let edit) = event { textAreas[node]?.pageEdited(edit) }
      sink?.send(event, to: node)
    case .navigate(let paths):
      // To the root node (a NavigationRoot), which knows the app's routes; before the first
      // batch there is no root, and the first batch already shows the store's route.
      guard let root = childrenByParent[.container]?.first else { return }
      sink?.send(.navigate(paths: paths), to: root)
    }
  }

  private func validate(_ event: NodeEvent, for node: NodeID) throws(ClientMessageError) {
    guard let kind = kinds[node] else { throw .unknownNode(node.rawValue) }
    switch event {
    case .touch:
      guard kind == .button || kind == .touchHandler || kind == .checkbox else {
        throw .wrongKind(event: "touch", kind: kind.rawValue)
      }
    case .key, .paste:
      break
    case .textInput:
      guard kind == .textField else { throw .wrongKind(event: "text", kind: kind.rawValue) }
    case .tableRowTap(let indexPath):
      guard kind == .table, let table = tables[node] else { throw .wrongKind(event: "row", kind: kind.rawValue) }
      let delegate = table.delegate
      guard indexPath.section < delegate.numberOfSections() else { throw .invalidValue(field: "sec") }
      guard indexPath.row < delegate.numberOfRows(forSection: indexPath.section) else {
        throw .invalidValue(field: "row")
      }
    case .tableDidScroll:
      guard kind == .table else { throw .wrongKind(event: "scroll", kind: kind.rawValue) }
    case .select:
      guard kind == .tabs || kind == .picker else { throw .wrongKind(event: "select", kind: kind.rawValue) }
    case .textEdit:
      guard kind == .textArea else { throw .wrongKind(event: "edit", kind: kind.rawValue) }
    case .navigate:
      // The page reports navigation with its own message, never as an event on a node.
      throw .wrongKind(event: "navigate", kind: kind.rawValue)
    }
  }
}
