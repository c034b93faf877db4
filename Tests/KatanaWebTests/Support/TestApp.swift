import Katana
import KatanaUI

/// The store state of the test app.
struct TestState: State, Equatable {
  var count = 0
  var text = ""
  var tappedRows: [Int] = []
}

struct Increment: StateUpdater {
  func updateState(_ state: inout TestState) { state.count += 1 }
}

struct SetText: StateUpdater {
  let text: String
  func updateState(_ state: inout TestState) { state.text = text }
}

struct RecordRowTap: StateUpdater {
  let row: Int
  func updateState(_ state: inout TestState) { state.tappedRows.append(row) }
}

typealias TestStore = Store<TestState, EmptySideEffectDependencyContainer>

struct TestScreenProps: NodeDescriptionProps {
  var count = 0
  var text = ""
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// Three rows of a table; a tap records the row in the store.
struct RowsDelegate: TableDelegate {
  func numberOfRows(forSection section: Int) -> Int { 3 }
  func cellDescription(forRowAt indexPath: TableIndexPath) -> AnyNodeDescription {
    Label(props: LabelProps.build { $0.text = "row \(indexPath.row)" })
  }
  func height(forRowAt indexPath: TableIndexPath) -> Value { .fixed(20) }
  func isEqual(to other: any TableDelegate) -> Bool { other is RowsDelegate }
  @MainActor func didTapRow(at indexPath: TableIndexPath, dispatch: Dispatcher) {
    dispatch(RecordRowTap(row: indexPath.row))
  }
}

/// A screen with one element of each interactive kind: a label showing the count, a button that
/// increments it, a text field bound to the text, a table of three rows, and an image. Its
/// label fills the top half of whatever size the page reports, so a resize changes its frame.
struct TestScreen: ConnectedNodeDescription {
  typealias StoreState = TestState
  var props: TestScreenProps

  static func connect(props: inout TestScreenProps, to storeState: TestState) {
    props.count = storeState.count
    props.text = storeState.text
  }

  static func childrenDescriptions(
    props: TestScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let size = props.frame.size
    return [
      Label(props: LabelProps.build { label in
        label.frame = Rect(x: 0, y: 0, width: size.width, height: size.height / 2)
        label.text = "Count: \(props.count)"
      }),
      Button(props: ButtonProps.build { button in
        button.frame = Rect(x: 0, y: size.height / 2, width: 100, height: 20)
        button.titles[.normal] = "Add"
        button.touchHandlers = [.touchUpInside: { dispatch(Increment()) }]
      }),
      TextField(props: TextFieldProps.build { field in
        field.frame = Rect(x: 100, y: size.height / 2, width: 100, height: 20)
        field.text = props.text
        field.onChange = { dispatch(SetText(text: $0)) }
      }),
      Table(props: TableProps.build { table in
        table.frame = Rect(x: 0, y: size.height / 2 + 20, width: 200, height: 40)
        table.delegate = RowsDelegate()
      }),
      Image(props: ImageProps.build { image in
        image.frame = Rect(x: 200, y: size.height / 2, width: 20, height: 20)
        image.image = "logo"
      }),
    ]
  }
}
