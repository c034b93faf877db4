/// The keys a screen answers to, drawn from its ``KeyBinding``s: the terminal's help line
/// (`Tab moves · x deletes · ^Z undo · ^Q quits`) and a browser's hints (`Ctrl+Z undo`, keys in
/// `<kbd>`), each showing only the bindings of its medium (``KeyBinding/Medium``), so a browser
/// never reads "^Q quits".
///
/// ```swift
/// let bindings = keyBindings(props: props, dispatch: dispatch)
/// children.append(KeyHelpBar(props: KeyHelpBarProps.build { bar in
///   bar.frame = Rect(x: 8, y: height - 16, width: width - 16, height: 16)
///   bar.bindings = bindings
/// }))
/// ```
public struct KeyHelpBar: NodeDescription {
  /// The description's props.
  public var props: KeyHelpBarProps

  /// Creates the description from its props.
  public init(props: KeyHelpBarProps) {
    self.props = props
  }

  /// The kind of native view backends create for it.
  public static var nativeViewKind: NativeViewKind { .keyHelp }

  @MainActor
  public static func childrenDescriptions(
    props: KeyHelpBarProps, state: EmptyState, update: @escaping Update<EmptyState>, dispatch: Dispatcher
  ) -> [AnyNodeDescription] {
    []
  }

  /// The terminal's name of a key: `^Z`, `M-x`, `Tab`, `Enter`, `Esc`, `←`, `PgUp`, `F1`.
  public static func terminalName(of press: KeyPress) -> String {
    var prefix = ""
    if press.modifiers.contains(.control) { prefix += "^" }
    if press.modifiers.contains(.alt) { prefix += "M-" }
    if press.modifiers.contains(.shift) { prefix += "S-" }
    if press.modifiers.contains(.control), case .character(let character) = press.key {
      return prefix + character.uppercased()
    }
    return prefix + keyName(press.key, arrows: ["←", "→", "↑", "↓"])
  }

  /// A browser's name of a key: `Ctrl+Z`, `Alt+X`, `Tab`, `Enter`, `Esc`, `←`, `Page Up`, `F1`.
  public static func browserName(of press: KeyPress) -> String {
    var parts: [String] = []
    if press.modifiers.contains(.control) { parts.append("Ctrl") }
    if press.modifiers.contains(.alt) { parts.append("Alt") }
    if press.modifiers.contains(.shift) { parts.append("Shift") }
    var name = keyName(press.key, arrows: ["←", "→", "↑", "↓"])
    if press.key == .pageUp { name = "Page Up" }
    if press.key == .pageDown { name = "Page Down" }
    if !press.modifiers.isEmpty, case .character(let character) = press.key { name = character.uppercased() }
    return (parts + [name]).joined(separator: "+")
  }

  private static func keyName(_ key: KeyPress.Key, arrows: [String]) -> String {
    switch key {
    case .character(" "): "Space"
    case .character(let character): String(character)
    case .enter: "Enter"
    case .escape: "Esc"
    case .tab: "Tab"
    case .backspace: "Backspace"
    case .delete: "Del"
    case .left: arrows[0]
    case .right: arrows[1]
    case .up: arrows[2]
    case .down: arrows[3]
    case .home: "Home"
    case .end: "End"
    case .pageUp: "PgUp"
    case .pageDown: "PgDn"
    case .insert: "Ins"
    case .function(let number): "F\(number)"
    }
  }

  /// The help line a terminal draws: each listed terminal binding as `key help`, joined by ` · `.
  public static func terminalLine(for bindings: [KeyBinding]) -> String {
    bindings.filter { $0.medium != .browser && $0.isListed }.map { binding in
      (binding.keyLabel ?? binding.keys.first.map(terminalName(of:)) ?? "") + " " + binding.help
    }.joined(separator: " · ")
  }
}
