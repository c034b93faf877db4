import MinesweeperCore

/// The command line: `Minesweeper [--seed N] [--difficulty beginner|intermediate|expert]`.
struct LaunchOptions: Equatable {
  /// Seeds the random source, so the same seed and moves give the same games.
  var seed: UInt64?
  var difficulty: Difficulty = .beginner
  var showsHelp = false

  /// Why the command line was rejected.
  enum ParseError: Error, Equatable, CustomStringConvertible {
    case missingValue(option: String)
    case invalidSeed(String)
    case unknownDifficulty(String)
    case unknownArgument(String)

    var description: String {
      switch self {
      case .missingValue(let option): "\(option) needs a value"
      case .invalidSeed(let value): "--seed takes a whole number from 0 to \(UInt64.max), not '\(value)'"
      case .unknownDifficulty(let value):
        "unknown difficulty '\(value)'; use one of: \(Difficulty.allCases.map(\.rawValue).joined(separator: ", "))"
      case .unknownArgument(let argument): "unknown argument '\(argument)'; try --help"
      }
    }
  }

  static let usage = """
    usage: Minesweeper [--seed N] [--difficulty beginner|intermediate|expert]

    Arrows move, Enter/Space/left click reveal, f/right click flag,
    r restart, d next difficulty, 1/2/3 pick a difficulty, q quit.
    """

  /// Parses the arguments after the program name.
  init(arguments: [String]) throws(ParseError) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--seed":
        guard let value = remaining.popFirst() else { throw .missingValue(option: argument) }
        guard let seed = UInt64(value) else { throw .invalidSeed(value) }
        self.seed = seed
      case "--difficulty":
        guard let value = remaining.popFirst() else { throw .missingValue(option: argument) }
        guard let difficulty = Difficulty(rawValue: value.lowercased()) else { throw .unknownDifficulty(value) }
        self.difficulty = difficulty
      case "--help", "-h":
        showsHelp = true
      default:
        throw .unknownArgument(argument)
      }
    }
  }
}
