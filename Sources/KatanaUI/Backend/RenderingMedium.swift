/// What the backend being rendered to tells descriptions about its medium while they describe
/// their children: its character cell, if it draws on a grid, and the smallest target a person
/// can reliably point at.
///
/// Descriptions lay out in points and import no backend; a few sizes still depend on the medium.
/// A control must be big enough to hit: WCAG 2.2 asks for 24 × 24 CSS pixels (2.5.8), and a
/// phone for 44 × 44 (2.5.5); a terminal's one character cell is already a target. Read
/// ``current`` in `childrenDescriptions` (or a Plastic layout) and make controls at least
/// ``minimumTargetSize``:
///
/// ```swift
/// let target = RenderingMedium.current.minimumTargetSize
/// let rowHeight = max(16, target.height)   // one terminal row; 24 or 44 px in a browser
/// ```
///
/// The value is the rendering backend's (``RendererBackend/minimumTargetSize`` and
/// ``RendererBackend/characterCell``) during a render pass, and ``unconstrained`` outside one. It
/// can change between passes (a browser window crossing the phone width): the renderer lays the
/// root out again when the container resizes. Main actor, like everything in a pass.
public struct RenderingMedium: Hashable, Sendable {
  /// The size, in points, of one character cell when the backend draws on a character grid.
  public var characterCell: Size?
  /// The smallest size, in points, of an element a person operates (a button, a checkbox, a
  /// board cell's target); zero when the medium asks for none.
  public var minimumTargetSize: Size

  /// A medium with the given cell and minimum target.
  public init(characterCell: Size? = nil, minimumTargetSize: Size = Size(width: 0, height: 0)) {
    self.characterCell = characterCell
    self.minimumTargetSize = minimumTargetSize
  }

  /// No grid and no minimum: what descriptions see outside a render pass and on the
  /// ``RecordingBackend`` unless a test says otherwise.
  public static let unconstrained = RenderingMedium()

  /// The medium of the render pass under way on the main actor, or ``unconstrained``.
  @MainActor public internal(set) static var current = RenderingMedium.unconstrained

  /// Runs `body` with ``current`` set to `medium`, and restores the outer value after (a pass
  /// of another renderer may run inside this one's hooks).
  @MainActor
  static func during<Result>(_ medium: RenderingMedium, _ body: () -> Result) -> Result {
    let outer = current
    current = medium
    defer { current = outer }
    return body()
  }
}
