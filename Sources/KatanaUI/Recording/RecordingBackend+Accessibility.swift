extension RecordingBackend {
  /// What assistive technology perceives of the recorded tree: each view's props resolved with
  /// ``Accessibility/resolved(kind:props:)``, in reading (tree) order, as the top-level elements.
  ///
  /// The tree is pruned the way screen readers present a page:
  /// - a hidden view (``Accessibility/isHidden``, a decorative image) is dropped with its children;
  /// - a ``AccessibilityRole/group`` with no name, no live region and not busy is flattened: its
  ///   children take its place (a browser ignores such a `<div>` too), so layout containers do
  ///   not show up in assertions;
  /// - a ``AccessibilityRole/text`` with no name and no children (an empty label, a spacer) is
  ///   dropped: there is nothing to read.
  ///
  /// ```swift
  /// #expect(backend.accessibilityOutline == """
  ///   heading 1 "Todos"
  ///   checkbox "Done: Milk" checked
  ///   """)
  /// ```
  public var accessibilityTree: [AccessibilityElement] {
    rootChildren.flatMap { accessibilityElements(of: $0) }
  }

  /// ``accessibilityTree`` as indented lines, one element each (see
  /// ``AccessibilityElement/outline``), for exact comparisons in tests.
  public var accessibilityOutline: String {
    accessibilityTree.map(\.outline).joined(separator: "\n")
  }

  /// Every element of ``accessibilityTree`` with `role`, depth-first in reading order.
  public func accessibilityElements(withRole role: AccessibilityRole) -> [AccessibilityElement] {
    var found: [AccessibilityElement] = []
    func visit(_ element: AccessibilityElement) {
      if element.role == role { found.append(element) }
      element.children.forEach(visit)
    }
    accessibilityTree.forEach(visit)
    return found
  }

  /// The elements `id` contributes: itself with its children, its children alone when it is a
  /// flattened group, or nothing when it is hidden or empty text.
  private func accessibilityElements(of id: NodeID) -> [AccessibilityElement] {
    guard let view = view(id), var element = Accessibility.resolved(kind: view.kind, props: view.props) else {
      return []
    }
    let children = view.children.flatMap { accessibilityElements(of: $0) }
    let isPlainGroup = element.role == .group && element.name.isEmpty && element.liveRegion == nil && !element.isBusy
    if isPlainGroup { return children }
    if element.role == .text && element.name.isEmpty && children.isEmpty { return [] }
    element.children = children
    return [element]
  }
}
