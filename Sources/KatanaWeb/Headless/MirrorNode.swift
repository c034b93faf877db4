/// One node of ``PageMirror``: the page script's record of a node (`nodes.get(id)`), with the
/// same fields: its element, the element its children go into, its parent, props, frame and text,
/// and the parts of the widget kit's elements.
@MainActor
final class MirrorNode {
  let id: Int
  /// The ``/KatanaUI/NativeViewKind`` raw value, or `container` for the page's root.
  let kind: String
  let element: MirrorElement
  /// Where children go: the element itself, or a table's content element.
  var content: MirrorElement
  /// Elements before the first child in ``content`` (a dialog's title).
  var offset = 0
  /// The children placed in ``content``.
  var count = 0
  weak var parent: MirrorNode?
  var props: [String: MirrorJSON] = [:]
  /// The frame in points, as the op carried it; `nil` for the page's root.
  var frame: [Double]?
  var text = ""
  /// Whether the element was ever given accessibility attributes (the script skips the rest).
  var isAccessible = false
  /// The class list the props give; `k-off` is added while culled.
  var classes = ""
  /// Whether the element is culled: outside the window, without style.
  var isOff = false
  let isKit: Bool
  /// The role the element was made for (`el.katanaTag`): its tag already says it.
  var madeForRole: String?
  /// A dialog's element focused before it opened, focused again when it closes.
  weak var returnFocus: MirrorElement?

  // Text fields: the server's text, and the input not yet acknowledged (see `setFieldText`).
  var serverText = ""
  var unacknowledged = 0

  // Text areas: the texts sent and not yet acknowledged, the last acknowledged one, and the one
  // shown when the last edit was sent.
  var sentTexts: [String] = []
  var acknowledgedText: String?
  var shownText = ""

  // The kit's parts.
  var input: MirrorElement?
  var label: MirrorElement?
  var title: MirrorElement?
  var spinner: MirrorElement?
  var tabTitles: [String]?
  var options: [String]?
  var keySignature: [MirrorJSON]?

  init(id: Int, kind: String, element: MirrorElement, isKit: Bool) {
    self.id = id
    self.kind = kind
    self.element = element
    self.content = element
    self.isKit = isKit
  }
}
