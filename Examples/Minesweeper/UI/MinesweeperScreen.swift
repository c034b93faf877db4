import Katana
import KatanaUI
import MinesweeperCore

/// The props of the game screen: what the header and status line show, fed from the store.
/// The board's cells connect on their own, so revealing cells does not re-render this node.
struct MinesweeperScreenProps: NodeDescriptionProps {
  var difficulty = Difficulty.beginner
  var status = GameStatus.ready
  var minesLeft = 0
  /// The colours of the buttons and the status line.
  var theme = Theme.standard
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// The whole game: a title line with the mine counter, the board, the restart and difficulty
/// buttons, and a status line.
///
/// Keys (bubbling up from the focused cell or button): `r` restarts, `d` switches to the next
/// difficulty, `1` `2` `3` pick one.
struct MinesweeperScreen: ConnectedNodeDescription, PlasticNodeDescription {
  typealias StoreState = MinesweeperState

  enum Keys: Hashable {
    case title
    case board
    case cell(column: Int, row: Int)
    case restart
    case difficulty
    case status
  }

  var props: MinesweeperScreenProps

  /// The width of a board cell when the board fits, in points; 16 otherwise. (On the terminal's
  /// ``fontCell`` geometry, 24 points are three columns, enough to show the focus brackets.)
  static let preferredCellWidth = 24.0
  /// The narrow cell width, for boards that would not fit with ``preferredCellWidth``.
  static let narrowCellWidth = 16.0
  /// The height of a board cell and of a line of text, in points (one terminal row on
  /// ``fontCell``, 16 CSS pixels in a browser).
  static let cellHeight = 16.0

  static func connect(props: inout MinesweeperScreenProps, to storeState: MinesweeperState) {
    props.difficulty = storeState.game.difficulty
    props.status = storeState.game.status
    props.minesLeft = storeState.game.minesLeft
  }

  static func childrenDescriptions(
    props: MinesweeperScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    var children: [AnyNodeDescription] = []
    // Cells first, so the focus starts on the top-left cell.
    for row in 0..<props.difficulty.rows {
      for column in 0..<props.difficulty.columns {
        var cell = MineCellProps()
        cell.position = CellPosition(column: column, row: row)
        cell.setKey(Keys.cell(column: column, row: row))
        children.append(MineCell(props: cell))
      }
    }
    children.append(Label(props: LabelProps.build { label in
      label.setKey(Keys.title)
      label.textAlignment = .center
      label.text = "MINESWEEPER  \(props.difficulty.title) \(props.difficulty.columns)x\(props.difficulty.rows)  Mines left: \(props.minesLeft)"
      label.lineBreakMode = .byTruncatingTail
    }))
    children.append(Button(props: ButtonProps.build { button in
      button.setKey(Keys.restart)
      props.theme.apply(to: &button)
      button.titles[.normal] = "Restart (r)"
      button.touchHandlers = [.touchUpInside: { dispatch(GameActions.StartGame()) }]
    }))
    children.append(Button(props: ButtonProps.build { button in
      button.setKey(Keys.difficulty)
      props.theme.apply(to: &button)
      button.titles[.normal] = "Level: \(props.difficulty.rawValue) (d)"
      let next = props.difficulty.next
      button.touchHandlers = [.touchUpInside: { dispatch(GameActions.StartGame(difficulty: next)) }]
    }))
    switch props.status {
    case .won, .lost:
      children.append(Label(props: LabelProps.build { label in
        label.setKey(Keys.status)
        label.textAlignment = .center
        label.lineBreakMode = .byTruncatingTail
        let won = props.status == .won
        label.text = won ? "YOU WIN! Press r to play again, q to quit." : "BOOM! You lost. Press r to try again, q to quit."
        label.textColor = won ? props.theme.positive : props.theme.negative
      }))
    case .ready, .playing:
      children.append(KeyHelpBar(props: KeyHelpBarProps.build { bar in
        bar.setKey(Keys.status)
        bar.textAlignment = .center
        bar.textColor = props.theme.secondaryText
        bar.bindings = helpBindings(props: props, dispatch: dispatch)
      }))
    }
    return children
  }

  /// The screen's keys, each declared once: handled by ``handle(event:props:state:dispatch:update:)``
  /// and listed (the listed ones) in the help line.
  static func keyBindings(props: MinesweeperScreenProps, dispatch: Dispatcher) -> [KeyBinding] {
    let next = props.difficulty.next
    return [
      KeyBinding(.character("r"), help: "restart") { dispatch(GameActions.StartGame()) }.unlisted(),
      KeyBinding(.character("d"), help: "level") { dispatch(GameActions.StartGame(difficulty: next)) }.unlisted(),
      KeyBinding(.character("1"), help: "beginner") { dispatch(GameActions.StartGame(difficulty: .beginner)) }.unlisted(),
      KeyBinding(.character("2"), help: "intermediate") { dispatch(GameActions.StartGame(difficulty: .intermediate)) }
        .unlisted(),
      KeyBinding(.character("3"), help: "expert") { dispatch(GameActions.StartGame(difficulty: .expert)) }.unlisted(),
    ]
  }

  /// What the help line lists: the cells' keys (the backend moves the focus, a cell reveals and
  /// flags) and the runner's quit key, then the screen's own.
  static func helpBindings(props: MinesweeperScreenProps, dispatch: Dispatcher) -> [KeyBinding] {
    [
      KeyBinding(.up, help: "move", keyLabel: "arrows", where: .terminal),
      KeyBinding(.enter, help: "reveal", keyLabel: "enter/space/click"),
      KeyBinding(.character("f"), help: "flag", keyLabel: "f/right-click"),
      KeyBinding(.character("q"), help: "quit", where: .terminal),
    ] + keyBindings(props: props, dispatch: dispatch)
  }

  static func handle(
    event: NodeEvent, props: MinesweeperScreenProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    keyBindings(props: props, dispatch: dispatch).handle(event)
  }

  static func layoutHash(props: MinesweeperScreenProps, state: EmptyState) -> Int? {
    props.difficulty.hashValue
  }

  /// The largest pitch of a square cell on a free medium, in points (80 CSS pixels at the web
  /// page's 1.25 pixels per point), so a big window does not get a giant board.
  static let maximumSquareCell = 64.0

  /// The browser's layout: square cells as large as the window allows, up to
  /// ``maximumSquareCell``, with a 2-point gap between them; the title, board, buttons and status
  /// centred as one block; the buttons stacked when the window is too narrow for them side by
  /// side. A board that needs more room than the window has gets smaller cells rather than
  /// running off the screen.
  private static func layOutFreely(views: ViewsContainer<Keys>, difficulty: Difficulty) throws {
    let screen = views.nativeView
    guard let title = views[.title], let restart = views[.restart], let difficultyButton = views[.difficulty],
      let status = views[.status]
    else { return }
    let width = screen.frame.width
    let height = screen.frame.height
    let margin = 16.0
    let gap = 12.0
    let line = 24.0
    let buttonHeight = 32.0
    let buttonSpacing = 16.0
    let restartWidth = 128.0
    let difficultyWidth = 208.0
    let sideBySide = restartWidth + buttonSpacing + difficultyWidth <= width - 2 * margin
    let buttonsHeight = sideBySide ? buttonHeight : 2 * buttonHeight + 8
    let columns = Double(difficulty.columns)
    let rows = Double(difficulty.rows)
    let chrome = line + gap + gap + buttonsHeight + gap + line
    let fitting = min((width - 2 * margin) / columns, (height - 2 * margin - chrome) / rows).rounded(.down)
    let side = max(3, min(fitting, maximumSquareCell))
    let total = chrome + rows * side
    let top = max(margin, ((height - total) / 2).rounded(.down))

    title.height = .fixed(line)
    title.asHeader(screen, insets: EdgeInsets(top: .fixed(top), left: .fixed(margin), bottom: .zero, right: .fixed(margin)))

    let boardLeft = ((width - columns * side) / 2).rounded(.down)
    let boardTop = top + line + gap
    for row in 0..<difficulty.rows {
      for column in 0..<difficulty.columns {
        guard let cell = views[.cell(column: column, row: row)] else { continue }
        cell.size = .fixed(side - 2, side - 2)
        cell.left = screen.left + .fixed(boardLeft + Double(column) * side + 1)
        cell.top = screen.top + .fixed(boardTop + Double(row) * side + 1)
      }
    }

    let buttonsTop = boardTop + rows * side + gap
    if sideBySide {
      restart.size = .fixed(restartWidth, buttonHeight)
      difficultyButton.size = .fixed(difficultyWidth, buttonHeight)
      restart.top = screen.top + .fixed(buttonsTop)
      difficultyButton.top = restart.top
      try [restart, difficultyButton].centerBetween(
        left: screen.left, right: screen.right, spacings: [.fixed(buttonSpacing)])
    } else {
      let stackedWidth = min(difficultyWidth, width - 2 * margin)
      for (index, button) in [restart, difficultyButton].enumerated() {
        button.size = .fixed(stackedWidth, buttonHeight)
        button.top = screen.top + .fixed(buttonsTop + Double(index) * (buttonHeight + 8))
        button.centerBetween(left: screen.left, right: screen.right)
      }
    }
    status.height = .fixed(line)
    status.left = screen.left + .fixed(margin)
    status.right = screen.right - .fixed(margin)
    status.top = screen.top + .fixed(buttonsTop + buttonsHeight + gap)
  }

  static func layout(views: ViewsContainer<Keys>, props: MinesweeperScreenProps, state: EmptyState) throws {
    if views.characterCell == nil {
      try layOutFreely(views: views, difficulty: props.difficulty)
    } else {
      try layOutOnGrid(views: views, difficulty: props.difficulty)
    }
  }

  /// The terminal's layout: cells of three columns by one row (room for the focus brackets),
  /// the board centred under the title, lines of one row.
  private static func layOutOnGrid(views: ViewsContainer<Keys>, difficulty: Difficulty) throws {
    let screen = views.nativeView
    let columns = Double(difficulty.columns)
    let rows = Double(difficulty.rows)
    let cellWidth =
      columns * preferredCellWidth <= screen.frame.width - narrowCellWidth ? preferredCellWidth : narrowCellWidth
    let lineHeight = Value.fixed(cellHeight)

    guard let title = views[.title], let restart = views[.restart], let difficultyButton = views[.difficulty],
      let status = views[.status]
    else { return }
    title.height = lineHeight
    title.asHeader(screen, insets: EdgeInsets(top: .fixed(cellHeight), left: .zero, bottom: .zero, right: .zero))

    // The board, centred horizontally, one line below the title.
    let boardWidth = columns * cellWidth
    // Snapped to an 8-point grid, so the board lines up with whole terminal columns as well.
    let boardLeft = ((screen.frame.width - boardWidth) / 16).rounded(.down) * 8
    let boardTop = title.frame.maxY + cellHeight
    for row in 0..<difficulty.rows {
      for column in 0..<difficulty.columns {
        guard let cell = views[.cell(column: column, row: row)] else { continue }
        cell.size = .fixed(cellWidth, cellHeight)
        cell.left = screen.left + .fixed(boardLeft + Double(column) * cellWidth)
        cell.top = screen.top + .fixed(boardTop + Double(row) * cellHeight)
      }
    }

    // The two buttons side by side under the board, then the status line.
    let buttonsTop = boardTop + rows * cellHeight + cellHeight
    restart.size = .fixed(128, cellHeight)
    difficultyButton.size = .fixed(208, cellHeight)
    restart.top = screen.top + .fixed(buttonsTop)
    difficultyButton.top = restart.top
    try [restart, difficultyButton].centerBetween(left: screen.left, right: screen.right, spacings: [.fixed(16)])
    status.height = lineHeight
    status.left = screen.left
    status.right = screen.right
    status.top = restart.bottom + .fixed(cellHeight)
  }
}
