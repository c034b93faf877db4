import KatanaUI

extension TerminalBackend {
  /// The cells of each visible control whose accessible name is `name`, in drawing order: what a
  /// user (or a test driving a ``HeadlessTerminal``) can click by name.
  ///
  /// Names are resolved with ``/KatanaUI/Accessibility/resolved(kind:props:)``, so a control
  /// named by its description answers to that name rather than to its drawn title.
  public func visibleControls(named name: String) -> [CellRect] {
    layoutIfNeeded()
    return visibleRects.compactMap { id, rect in
      guard let node = nodes[id], node.content.receivesClicks,
        let element = Accessibility.resolved(kind: node.kind, props: node.props), element.name == name
      else { return nil }
      return rect
    }
  }
}
