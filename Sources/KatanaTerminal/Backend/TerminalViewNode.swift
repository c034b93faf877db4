import KatanaUI

/// The backend's record of one mounted node: the terminal's "native view".
@MainActor
final class TerminalViewNode {
  let id: NodeID
  let kind: NativeViewKind
  var props: any NodeDescriptionProps
  var content: ElementContent
  var children: [NodeID] = []
  weak var parent: TerminalViewNode?
  /// Tables: how many rows the content is scrolled up.
  var scrollRows = 0
  /// Text fields: the caret's position, in characters from the start; nil is the end.
  var caret: Int?
  /// Text fields: edits sent to the store and not echoed back yet.
  var typedAhead = TypedAheadText()
  /// Text areas: the document shown, the caret and the scroll position.
  var area: TextAreaEditor?

  init(id: NodeID, kind: NativeViewKind, props: any NodeDescriptionProps) {
    self.id = id
    self.kind = kind
    self.props = props
    content = ElementContent(kind: kind, props: props)
    if content.role == .textArea { area = TextAreaEditor(document: content.document) }
  }

  /// Hidden nodes (alpha near 0) are neither drawn nor clickable, with their subtree. A terminal
  /// cannot blend, so any other alpha draws fully.
  var isVisible: Bool { props.alpha > 0.01 }
}
