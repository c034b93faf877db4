import KatanaUI
import MinesweeperCore

/// The props of the not-found screen.
struct MinesweeperNotFoundScreenProps: NodeDescriptionProps {
  var path = ""
  var frame = Rect.zero
  var alpha = 1.0
  var key: String?
}

/// What a link to an unknown path shows, and the way to the start screen.
struct MinesweeperNotFoundScreen: NodeDescription {
  var props: MinesweeperNotFoundScreenProps

  static func childrenDescriptions(
    props: MinesweeperNotFoundScreenProps, state: EmptyState, update: @escaping Update<EmptyState>,
    dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    let line = MinesweeperStartScreen.row
    let title = "Start screen"
    return [
      Button(props: ButtonProps.build { button in
        button.key = "notFound.start"
        let target = RenderingMedium.current.minimumTargetSize
        button.frame = Rect(x: 8, y: line * 3, width: max(Double(title.count) * 8, target.width), height: line)
        Theme.standard.apply(to: &button)
        button.titles[.normal] = title
        button.touchHandlers = [.touchUpInside: { dispatch(Navigation.PopToRoot<MinesweeperState>()) }]
      }),
      Label(props: LabelProps.build { label in
        label.key = "notFound.message"
        label.frame = Rect(x: 8, y: line, width: max(0, props.frame.width - 16), height: line)
        label.text = "Nothing here: \(props.path) is not a page of this game."
        label.lineBreakMode = .byTruncatingTail
      }),
    ]
  }
}
