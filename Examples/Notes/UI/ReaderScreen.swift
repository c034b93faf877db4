import Foundation
import Katana
import KatanaUI
import NotesCore

/// The props of the reading screen: the id from the route, the note fed from the store.
struct ReaderScreenProps: NodeDescriptionProps, AccessibleProps {
  var id = 0
  var note: Note?
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
  /// Nothing of its own: the navigation root already makes each screen the page's main landmark.
  var accessibility = Accessibility()
}

/// A note to read: its title as a heading, then its whole text, wrapped at words, in a
/// scrolling viewport (Page Up/Down, the wheel, a scroll bar in a terminal; native scrolling in
/// a browser). `e` or the edit button opens it for editing.
struct ReaderScreen: ConnectedNodeDescription {
  typealias StoreState = NotesState

  /// The element keys; their text is what tests look up.
  enum Keys {
    static let heading = "read.heading"
    static let details = "read.details"
    static let edit = "read.edit"
    static let text = "read.text"
    static let help = "read.help"
    static let missing = "read.missing"
    static func line(_ index: Int) -> String { "read.line-\(index)" }
  }

  var props: ReaderScreenProps

  static func connect(props: inout ReaderScreenProps, to storeState: NotesState) {
    props.note = storeState.note(id: props.id)
  }

  /// The screen's keys: each handles its key and is listed on the help line.
  @MainActor
  static func keyBindings(props: ReaderScreenProps, dispatch: Dispatcher) -> [KeyBinding] {
    let id = props.id
    return [
      KeyBinding(.pageDown, KeyPress(.pageUp), help: "scroll", keyLabel: "PgUp/PgDn", where: .terminal),
      KeyBinding(.character("e"), help: "edits") { dispatch(Navigation.ReplaceTop<NotesState>(.note(id: id))) },
      KeyBinding(.escape, help: "back", where: .terminal),
      KeyBinding.quit,
    ]
  }

  static func childrenDescriptions(
    props: ReaderScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = NotesLayout.line
    let column = NotesLayout.column
    let inner = max(0, props.frame.width - 2 * column)
    let id = props.id
    guard let note = props.note else {
      return [NotesLayout.label(
        Keys.missing, "There is no note \(id): it was deleted, or the link is wrong. Esc goes back.", y: line,
        width: inner, color: NotesLayout.quiet)]
    }
    // One column is kept for the scroll bar.
    let lines = wrap(note.body, width: max(1, Int(inner / column) - 2))
    let textHeight = max(line, props.frame.height - 4 * line)
    return [
      NotesLayout.button(Keys.edit, "edit", x: column, y: 0) { dispatch(Navigation.ReplaceTop<NotesState>(.note(id: id))) },
      NotesLayout.label(
        Keys.heading, note.title, x: 7 * column, y: 0, width: inner - 6 * column, accessibility: .heading(level: 2)),
      NotesLayout.label(
        Keys.details, "\(note.folder)\(note.isPinned ? " · pinned" : "") · \(lines.count) lines", y: line, width: inner,
        color: NotesLayout.quiet),
      ScrollView(props: ScrollViewProps.build { scroll in
        scroll.key = Keys.text
        scroll.frame = Rect(x: column, y: 2 * line, width: inner, height: textHeight)
        scroll.accessibility.label = "Text of \(note.title)"
        scroll.children = lines.enumerated().map { index, text in
          NotesLayout.label(Keys.line(index), text, x: 0, y: Double(index) * line, width: inner - column)
        }
      }),
      NotesLayout.keyHelp(
        Keys.help, keyBindings(props: props, dispatch: dispatch), y: 2 * line + textHeight + line, width: inner),
    ]
  }

  static func handle(
    event: NodeEvent, props: ReaderScreenProps, state: EmptyState, dispatch: Dispatcher, update: @escaping Update<EmptyState>
  ) -> Bool {
    keyBindings(props: props, dispatch: dispatch).handle(event)
  }

  /// `text` in lines of at most `width` characters, broken at spaces where a line has one; an
  /// empty line stays (paragraphs keep their gaps).
  static func wrap(_ text: String, width: Int) -> [String] {
    var wrapped: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var rest = Substring(paragraph)
      repeat {
        guard rest.count > width else {
          wrapped.append(String(rest))
          break
        }
        let limit = rest.index(rest.startIndex, offsetBy: width)
        let breakAt = rest[..<limit].lastIndex(of: " ").map { rest.index(after: $0) } ?? limit
        wrapped.append(String(rest[..<breakAt]).trimmingCharacters(in: .whitespaces))
        rest = rest[breakAt...]
      } while !rest.isEmpty
    }
    return wrapped
  }
}
