/// Why a headless driver (KatanaTerminal's `HeadlessTerminal`, KatanaWeb's `HeadlessPage`) could
/// not find the control a test named.
///
/// Both drivers find controls the way a user does, by their accessible name, and refuse to guess:
/// ``single(_:named:)`` is the rule they share.
public enum HeadlessControlError: Error, Equatable, CustomStringConvertible {
  /// No visible control has this accessible name.
  case noControl(named: String)
  /// Several visible controls have this accessible name; a click would be a guess.
  case ambiguous(name: String, count: Int)

  /// The one match among `matches`, the visible controls named `name`.
  ///
  /// - Throws: ``noControl(named:)`` when `matches` is empty, ``ambiguous(name:count:)`` when it
  ///   holds more than one.
  public static func single<Match>(_ matches: [Match], named name: String) throws(HeadlessControlError) -> Match {
    guard let match = matches.first else { throw .noControl(named: name) }
    guard matches.count == 1 else { throw .ambiguous(name: name, count: matches.count) }
    return match
  }

  /// A sentence for test failures.
  public var description: String {
    switch self {
    case .noControl(let name): "no visible control is named \"\(name)\""
    case .ambiguous(let name, let count): "\(count) visible controls are named \"\(name)\""
    }
  }
}
