import Katana
import KatanaUI
import MinesweeperCore

/// The props of one cell of the board.
struct MineCellProps: NodeDescriptionProps {
  var position = CellPosition(column: 0, row: 0)
  /// Fed from the store by ``MineCell/connect(props:to:)``.
  var appearance = CellAppearance.hidden
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// One cell of the board, connected to the store on its own: when a move changes a few cells,
/// only those nodes update, and only their part of the screen is redrawn.
///
/// Enter, Space or a left click reveals it; `f` or a right click flags it. Other keys bubble to
/// the screen.
struct MineCell: ConnectedNodeDescription {
  typealias StoreState = MinesweeperState

  var props: MineCellProps

  static func connect(props: inout MineCellProps, to storeState: MinesweeperState) {
    props.appearance = storeState.game.appearance(at: props.position)
  }

  static func childrenDescriptions(
    props: MineCellProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let position = props.position
    return [
      Button(props: ButtonProps.build { button in
        button.frame = Rect(origin: .zero, size: props.frame.size)
        button.titles[.normal] = props.appearance.glyph
        button.accessibility.label = "Row \(position.row + 1), column \(position.column + 1): \(props.appearance.spokenState)"
        button.titleColors[.normal] = props.appearance.textColor
        button.backgroundColor = props.appearance.backgroundColor
        button.touchHandlers = [
          .touchUpInside: { dispatch(GameActions.DiscloseCell(position)) },
          .secondaryTouchUpInside: { dispatch(GameActions.ToggleFlag(position)) },
        ]
      })
    ]
  }

  static func handle(
    event: NodeEvent, props: MineCellProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .key(let press) = event, press.modifiers.isEmpty, press.key == .character("f") else { return false }
    dispatch(GameActions.ToggleFlag(props.position))
    return true
  }
}
