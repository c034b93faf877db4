/// The props of a ``Dialog``.
///
/// `==` compares everything but the closure (it does compare whether it is set); children by
/// type and props.
public struct DialogProps: NodeDescriptionProps, Buildable, Childrenable, AccessibleProps {
  /// The frame, in points, relative to the parent: where the dialog's box is. Use
  /// ``Dialog/centered(width:height:in:)`` to centre it. Put the dialog in the screen's own
  /// container (at the window's origin): a browser places its modal dialog relative to the window.
  public var frame: Rect = .zero
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1
  /// The key among siblings of the same type; set by Plastic layouts to find the view.
  public var key: String?
  /// The title, drawn in the box's top edge; the dialog's accessible name.
  public var title = ""
  /// Whether the dialog asks for an answer before anything else (a confirm, an alert): an
  /// `alertdialog` to assistive technology.
  public var isAlert = false
  /// The fill colour.
  public var backgroundColor: Color = .white
  /// The content (a message, buttons), in points relative to the box's top-left corner. In a
  /// terminal the box's border takes the outer cells: leave 8 points at the sides and 16 at the
  /// top and bottom.
  public var children: [AnyNodeDescription] = []
  /// Called when the user dismisses the dialog without answering: Esc in either backend. Remove
  /// the dialog from the tree to close it.
  public var onDismiss: (@MainActor () -> Void)?

  /// What the element is to assistive technology; unset fields take its natural meaning (a
  /// dialog, or an alert dialog, named by its title).
  public var accessibility = Accessibility()

  /// Default props; configure them with `build`.
  public init() {}

  /// Equal when every compared property is equal (see the type's note).
  public static func == (lhs: DialogProps, rhs: DialogProps) -> Bool {
    lhs.frame == rhs.frame && lhs.alpha == rhs.alpha && lhs.key == rhs.key && lhs.title == rhs.title
      && lhs.isAlert == rhs.isAlert && lhs.backgroundColor == rhs.backgroundColor
      && lhs.accessibility == rhs.accessibility && (lhs.onDismiss == nil) == (rhs.onDismiss == nil)
      && descriptionsAreEqual(lhs.children, rhs.children)
  }
}
