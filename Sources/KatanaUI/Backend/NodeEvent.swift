/// Something the user did to a node, reported by a backend.
///
/// Backends send events with ``BackendEventSink/send(_:to:)``; the renderer hands them to the
/// node's description (``NodeDescription/handle(event:props:state:dispatch:update:)``), which
/// usually dispatches to the store. An event the node does not handle goes to its parent.
public enum NodeEvent: Hashable, Sendable {
  /// A touch or click phase on a button or touch handler.
  case touch(TouchHandlerEvent)
  /// A key press, typically sent to the focused node.
  case key(KeyPress)
  /// The complete new text of a text field after the user edited it.
  case textInput(String)
  /// Text the user pasted while a node that is not a text field had the focus, whole (never as
  /// key presses, so a paste cannot trigger shortcuts). A focused text field takes a paste as
  /// one edit instead, reported with ``textInput(_:)``.
  case paste(String)
  /// The user tapped (or selected) a row of a table.
  case tableRowTap(TableIndexPath)
  /// A table's content is now scrolled by `offset` points from its top (sent to the table by
  /// backends that scroll; tables mounting only their visible rows move their window).
  case tableDidScroll(offset: Double)
  /// The user went somewhere outside the app's own controls: a browser's Back or Forward button,
  /// a link or a reload. `paths` are the URL paths of the history entry, root first (one path
  /// for a plain link). Backends send it to the root node; a ``NavigationRoot`` opens the stack
  /// they stand for.
  case navigate(paths: [String])
  /// The user chose the item at this index: a tab of ``Tabs``, an option of a ``Picker``.
  case select(Int)
  /// The user edited a ``TextArea``: one replacement in its document (typing, deleting, pasting).
  case textEdit(TextEdit)

  /// A completed tap: a touch that went down and up inside the node.
  public static let tap = NodeEvent.touch(.touchUpInside)
}

/// A key and its modifiers.
public struct KeyPress: Hashable, Sendable {
  /// A key on the keyboard.
  public enum Key: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// Return or Enter.
    case enter
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Backspace (delete backwards).
    case backspace
    /// Delete (forwards).
    case delete
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home (start of the line or list).
    case home
    /// End (end of the line or list).
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// A function key, F1 to F12 (`function(1)` is F1).
    case function(Int)
  }

  /// Keys held down together with ``key``.
  ///
  /// The bits are shift 1, alt 2, control 4: the order of the terminal backend's modifiers and
  /// of the terminal's own encoding (xterm's modifier parameter minus one), so raw values mean
  /// the same thing on both sides.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The raw bits: shift 1, alt 2, control 4.
    public let rawValue: Int
    /// Creates a value from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Shift.
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// Alt (Option).
    public static let alt = Modifiers(rawValue: 1 << 1)
    /// Control.
    public static let control = Modifiers(rawValue: 1 << 2)
  }

  /// The key pressed.
  public var key: Key
  /// The modifiers held.
  public var modifiers: Modifiers

  /// Creates a key press.
  public init(_ key: Key, modifiers: Modifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }
}

/// The position of a row in a ``Table``.
public struct TableIndexPath: Hashable, Sendable, Comparable {
  /// The section, from 0.
  public var section: Int
  /// The row within the section, from 0.
  public var row: Int

  /// Creates an index path.
  public init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }

  /// Ordered by the raw value or position.
  public static func < (lhs: TableIndexPath, rhs: TableIndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }
}
