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

  /// A line of controls on the medium being rendered: ``line`` (one terminal row), or the
  /// medium's minimum target when taller (24 CSS pixels on a desktop page, 44 on a phone's).
  @MainActor static var row: Double { max(line, RenderingMedium.current.minimumTargetSize.height) }

  static func connect(props: inout MinesweeperStartScreenProps, to storeState: MinesweeperState) {
    props.canContinue = storeState.game.status == .playing
  }

  static func childrenDescriptions(
    props: MinesweeperStartScreenProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let width = props.frame.width
    let line = row
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
    children.append(label(
      .title, "MINESWEEPER", y: line, width: width, color: props.theme.text, accessibility: .heading(level: 1)))
    children.append(label(.prompt, "Pick a difficulty", y: line * 3, width: width, color: props.theme.secondaryText))
    children.append(label(
      .help, "arrows move  enter/click picks  1 2 3 pick  esc back  q quit", y: line * 13, width: width,
      color: props.theme.secondaryText))
    return children
  }

  static func handle(
    event: NodeEvent, props: MinesweeperStartScreenProps, state: EmptyState, dispatch: Dispatcher,
    update: @escaping Update<EmptyState>
  ) -> Bool {
    guard case .key(let press) = event, press.modifiers.isEmpty, case .character(let character) = press.key,
      let number = character.wholeNumberValue, (1...Difficulty.allCases.count).contains(number)
    else { return false }
    dispatch(GameActions.Play(difficulty: Difficulty.allCases[number - 1]))
    return true
  }

  @MainActor private static func label(
    _ key: Keys, _ text: String, y: Double, width: Double, color: Color, accessibility: Accessibility = Accessibility()
  ) -> AnyNodeDescription {
    Label(props: LabelProps.build { label in
      label.setKey(key)
      label.accessibility = accessibility
      label.frame = Rect(x: 0, y: y, width: width, height: row)
      label.text = text
      label.textColor = color
      label.textAlignment = .center
      label.lineBreakMode = .byTruncatingTail
    })
  }
}
