import KatanaUI
import ReadingListCore

/// What the screen shows: the books, copied from the store by `connect`.
struct ReadingListScreenProps: NodeDescriptionProps {
  var books: [Book] = []
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// The reading list: a heading, a button that looks up a sample book, and a checkbox per book
/// that marks it read.
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
    // A line is one row of a terminal (the medium's character cell: two points with the standard
    // geometry), and on a page a row a person can hit: 24 CSS pixels, 44 on a phone.
    let medium = RenderingMedium.current
    let line = max(medium.characterCell?.height ?? 16, medium.minimumTargetSize.height)
    let width = props.frame.width
    // The catalog's books, one after another: a book already on the list is not added again.
    let samples = ["9780441013593", "9780547928227", "9780143127550"]
    let next = samples[props.books.count % samples.count]
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
        button.touchHandlers = [.touchUpInside: { dispatch(BookActions.AddByISBN(isbn: next)) }]
      }),
    ]
    for (index, book) in props.books.enumerated() {
      // A terminal draws "[x] Dune"; a browser, a checkbox with the title beside it. A screen
      // reader says "Dune, checkbox, checked" in both.
      children.append(Checkbox(props: CheckboxProps.build { row in
        row.key = "book-\(book.id)"
        row.frame = Rect(x: 0, y: Double(index + 3) * line, width: width, height: line)
        row.title = book.title
        row.isChecked = book.isRead
        row.onToggle = { _ in dispatch(BookActions.ToggleRead(id: book.id)) }
      }))
    }
    return children
  }
}
