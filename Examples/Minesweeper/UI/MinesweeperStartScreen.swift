import KatanaUI
import MinesweeperCore

/// The props of the start screen.
struct MinesweeperStartScreenProps: NodeDescriptionProps {
  /// Whether a game is under way, which the player can go back to.
  var canContinue = false
  var theme = Theme.standard
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// The difficulty choice: a button per preset (or 1, 2, 3), and Continue while a game is on.
struct MinesweeperStartScreen: ConnectedNodeDescription {
  typealias StoreState = MinesweeperState

  /// The element keys.
  enum Keys: Hashable {
    case title, prompt, help
    case difficulty(Difficulty)
    case resume
  }

  var props: MinesweeperStartScreenProps

  static let line = 16.0
  static let column = 8.0

  static func connect(props: inout MinesweeperStartScreenProps, to storeState: MinesweeperState) {
    props.canContinue = storeState.game.status == .playing
  }

  static func childrenDescriptions(
    props: MinesweeperStartScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let width = props.frame.width
    let buttonWidth = 34 * column
    let left = max(0, ((width - buttonWidth) / (2 * column)).rounded(.down) * column)
    var children: [AnyNodeDescription] = []
    // The buttons first, so the focus starts on Beginner.
    for (index, difficulty) in Difficulty.allCases.enumerated() {
      children.append(Button(props: ButtonProps.build { button in
        button.setKey(Keys.difficulty(difficulty))
        button.frame = Rect(x: left, y: line * Double(5 + 2 * index), width: buttonWidth, height: line)
        props.theme.apply(to: &button)
        button.titles[.normal] =
          "\(index + 1)  \(difficulty.title)  \(difficulty.columns)x\(difficulty.rows), \(difficulty.mines) mines"
        button.touchHandlers = [.touchUpInside: { dispatch(GameActions.Play(difficulty: difficulty)) }]
      }))
    }
    if props.canContinue {
      children.append(Button(props: ButtonProps.build { button in
        button.setKey(Keys.resume)
        button.frame = Rect(x: left, y: line * 11, width: buttonWidth, height: line)
        props.theme.apply(to: &button)
        button.titles[.normal] = "Continue the game"
        button.touchHandlers = [.touchUpInside: { dispatch(Navigation.Push<MinesweeperState>(.game)) }]
      }))
    }
    children.append(label(.title, "MINESWEEPER", y: line, width: width, color: props.theme.text))
    children.append(label(.prompt, "Pick a difficulty", y: line * 3, width: width, color: props.theme.secondaryText))
    children.append(KeyHelpBar(props: KeyHelpBarProps.build { bar in
      bar.setKey(Keys.help)
      bar.frame = Rect(x: 0, y: line * 13, width: width, height: line)
      bar.textAlignment = .center
      bar.textColor = props.theme.secondaryText
      bar.bindings = helpBindings(dispatch: dispatch)
    }))
    return children
  }

  /// The screen's keys, declared once: 1, 2 and 3 play a difficulty (listed once, as `1 2 3`).
  static func keyBindings(dispatch: Dispatcher) -> [KeyBinding] {
    let difficulties = Difficulty.allCases
    let label = (1...difficulties.count).map(String.init).joined(separator: " ")
    return difficulties.enumerated().map { index, difficulty in
      let binding = KeyBinding(.character(Character(String(index + 1))), help: "pick", keyLabel: label) {
        dispatch(GameActions.Play(difficulty: difficulty))
      }
      return index == 0 ? binding : binding.unlisted()
    }
  }

  /// What the help line lists: the backend's keys, the screen's, going back and quitting.
  static func helpBindings(dispatch: Dispatcher) -> [KeyBinding] {
    [
      KeyBinding(.up, help: "move", keyLabel: "arrows", where: .terminal),
      KeyBinding(.enter, help: "picks", keyLabel: "enter/click"),
    ] + keyBindings(dispatch: dispatch) + [
      KeyBinding(.escape, help: "back", keyLabel: "esc"),
      KeyBinding(.character("q"), help: "quit", where: .terminal),
    ]
  }

  static func handle(
    event: NodeEvent, props: MinesweeperStartScreenProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    keyBindings(dispatch: dispatch).handle(event)
  }

  private static func label(_ key: Keys, _ text: String, y: Double, width: Double, color: Color) -> AnyNodeDescription {
    Label(props: LabelProps.build { label in
      label.setKey(key)
      label.frame = Rect(x: 0, y: y, width: width, height: line)
      label.text = text
      label.textColor = color
      label.textAlignment = .center
      label.lineBreakMode = .byTruncatingTail
    })
  }
}
