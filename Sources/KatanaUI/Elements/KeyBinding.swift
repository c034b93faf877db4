/// One key a screen answers to: the key (and any alternatives), what it does, and a short help
/// text, declared once and used three ways: to handle the key, to draw the terminal's help line,
/// and to draw the browser's hints (see ``KeyHelpBar``).
///
/// ```swift
/// static func keyBindings(props: TodosScreenProps, dispatch: Dispatcher) -> [KeyBinding] {
///   [
///     KeyBinding(.tab, help: "moves", where: .terminal),
///     KeyBinding(KeyPress(.character("z"), modifiers: .control), help: "undo") {
///       dispatch(History<TodosState>.Undo())
///     },
///     KeyBinding(.character("f"), help: "filter") { dispatch(TodoActions.SetFilter(props.filter.next)) },
///     KeyBinding.quit,
///   ]
/// }
///
/// static func handle(event: NodeEvent, props: TodosScreenProps, state: EmptyState,
///                    dispatch: Dispatcher, update: @escaping Update<EmptyState>) -> Bool {
///   keyBindings(props: props, dispatch: dispatch).handle(event)
/// }
/// ```
///
/// A binding without an action is a hint only: a key the backend handles itself (Tab moves the
/// focus) or the app's runner (Ctrl-Q quits a terminal app).
public struct KeyBinding {
  /// Where a binding applies and is shown.
  public enum Medium: Hashable, Sendable {
    /// In every backend.
    case everywhere
    /// Only in a terminal (Ctrl-Q quits; Tab walks controls where a browser user would not need
    /// telling).
    case terminal
    /// Only in a browser.
    case browser
  }

  /// The keys, the first one shown in help; any of them runs ``action``.
  public var keys: [KeyPress]
  /// What the key does, in a word or two ("undo", "deletes").
  public var help: String
  /// How help shows the key instead of the backend's own name for it ("↑↓", "1-3"); `nil` for
  /// the backend's name of the first key (`^Z` in a terminal, `Ctrl+Z` in a browser).
  public var keyLabel: String?
  /// Where the binding applies and is shown.
  public var medium: Medium
  /// What the key does; `nil` for a hint the backend or the runner acts on.
  public var action: (@MainActor () -> Void)?
  /// Whether help lists the binding; an unlisted one still handles its keys (a shortcut too
  /// minor for a one-line help).
  public var isListed = true

  /// A binding of `key` (and `alternatives`) to `action`.
  public init(
    _ key: KeyPress.Key, modifiers: KeyPress.Modifiers = [], _ alternatives: KeyPress..., help: String,
    keyLabel: String? = nil, where medium: Medium = .everywhere, action: (@MainActor () -> Void)? = nil
  ) {
    self.init(
      [KeyPress(key, modifiers: modifiers)] + alternatives, help: help, keyLabel: keyLabel, where: medium,
      action: action)
  }

  /// A binding of any of `keys` to `action`.
  public init(
    _ keys: [KeyPress], help: String, keyLabel: String? = nil, where medium: Medium = .everywhere,
    action: (@MainActor () -> Void)? = nil
  ) {
    self.keys = keys
    self.help = help
    self.keyLabel = keyLabel
    self.medium = medium
    self.action = action
  }

  /// Ctrl-Q quits: the terminal runner's quit key, shown in a terminal only (a browser tab is
  /// closed, not quit).
  public static var quit: KeyBinding { KeyBinding(.character("q"), modifiers: .control, help: "quits", where: .terminal) }

  /// The binding, handled but not listed in help.
  public func unlisted() -> KeyBinding {
    var binding = self
    binding.isListed = false
    return binding
  }

  /// Whether `press` is one of the binding's keys.
  public func matches(_ press: KeyPress) -> Bool {
    keys.contains(press)
  }
}

extension KeyBinding: Equatable {
  /// Equal when keys, help, label and medium are; actions are not compared (whether one is set is).
  public static func == (lhs: KeyBinding, rhs: KeyBinding) -> Bool {
    lhs.keys == rhs.keys && lhs.help == rhs.help && lhs.keyLabel == rhs.keyLabel && lhs.medium == rhs.medium
      && lhs.isListed == rhs.isListed && (lhs.action == nil) == (rhs.action == nil)
  }
}

extension Array where Element == KeyBinding {
  /// Runs the action of the first binding with an action whose keys include the pressed key.
  ///
  /// - Returns: whether a binding handled `event` (only ``NodeEvent/key(_:)`` events can match),
  ///   as ``NodeDescription/handle(event:props:state:dispatch:update:)`` returns it.
  @MainActor
  public func handle(_ event: NodeEvent) -> Bool {
    guard case .key(let press) = event else { return false }
    guard let binding = first(where: { $0.action != nil && $0.matches(press) }), let action = binding.action else {
      return false
    }
    action()
    return true
  }
}
