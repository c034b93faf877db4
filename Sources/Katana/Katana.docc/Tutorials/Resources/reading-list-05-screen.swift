import KatanaUI
import ReadingListCore

/// What the screen shows: the books, copied from the store by `connect`.
struct ReadingListScreenProps: NodeDescriptionProps {
  var books: [Book] = []
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// The reading list: a heading, a row per book that marks it read, and a button that looks up a
/// sample book.
struct ReadingListScreen: ConnectedNodeDescription {
  typealias StateType = EmptyState
  typealias StoreState = ReadingListState

  var props: ReadingListScreenProps

  static func connect(props: inout ReadingListScreenProps, to storeState: ReadingListState) {
    props.books = storeState.books
  }

  static func childrenDescriptions(
    props: ReadingListScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    // 16 points a line: one row of a terminal, a comfortable line on a page.
    let line = 16.0
    let width = props.frame.width
    var children: [AnyNodeDescription] = [
      Label(props: LabelProps.build { title in
        title.key = "title"
        title.frame = Rect(x: 0, y: 0, width: width, height: line)
        title.text = "Reading list"
        title.accessibility = .heading(level: 1)
      }),
      Button(props: ButtonProps.build { button in
        button.key = "lookUp"
        button.frame = Rect(x: 0, y: line, width: width, height: line)
        button.titles[.normal] = "Look up a sample book"
        Theme.standard.apply(to: &button)
        button.touchHandlers = [.touchUpInside: { dispatch(BookActions.AddByISBN(isbn: "9780441013593")) }]
      }),
    ]
    for (index, book) in props.books.enumerated() {
      children.append(Button(props: ButtonProps.build { row in
        row.key = "book-\(book.id)"
        row.frame = Rect(x: 0, y: Double(index + 3) * line, width: width, height: line)
        row.titles[.normal] = (book.isRead ? "[x] " : "[ ] ") + book.title
        // A screen reader says "checkbox, Dune, checked", not the brackets it sees.
        row.accessibility = .checkbox(isChecked: book.isRead, label: book.title)
        row.touchHandlers = [.touchUpInside: { dispatch(BookActions.ToggleRead(id: book.id)) }]
      }))
    }
    return children
  }
}
