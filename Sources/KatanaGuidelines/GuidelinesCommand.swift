import Foundation

/// The `katana-guidelines` command line, callable from code (the executable is a one-line
/// `main` around it).
///
/// ```
/// katana-guidelines [--strict] [--config FILE] [--max-side-effect-stored-properties N]
///                   [--max-side-effect-body-lines N] [--context FOLDER]… TARGET-FOLDER…
/// ```
///
/// Findings go to `output`, one per line, in the compiler's
/// `path:line:column: warning: [identifier] message` form; a summary and errors go to
/// `errors`.
public enum GuidelinesCommand {
  /// The usage text `--help` prints.
  public static let usage = """
    usage: katana-guidelines [--strict] [--config FILE] [--max-side-effect-stored-properties N]
                             [--max-side-effect-body-lines N] [--context FOLDER]... TARGET-FOLDER...
      Checks the Swift files under each TARGET-FOLDER against the Katana app guidelines.
      --strict            exit with status 1 when there is any finding
      --config FILE       thresholds as JSON, e.g. {"maxSideEffectBodyLines": 20}
      --context FOLDER    read a folder's files (other targets, tests) without checking them
      Silence one finding with '// katana-guidelines:ignore <identifier> -- <reason>'.
    """

  /// Runs the command.
  ///
  /// - Parameters:
  ///   - arguments: the arguments, without the program's name.
  ///   - output: receives each finding's line.
  ///   - errors: receives the summary and error messages.
  /// - Returns: the exit status: 0, or 1 with `--strict` and a finding, or 2 when the command
  ///   line, a folder or the configuration is wrong.
  public static func run(
    _ arguments: [String], output: (String) -> Void, errors: (String) -> Void
  ) -> Int32 {
    do {
      let invocation = try Invocation(arguments)
      if invocation.help {
        output(usage)
        return 0
      }
      let findings = try GuidelinesChecker(configuration: invocation.configuration)
        .check(targets: invocation.targets, context: invocation.context)
      findings.forEach { output($0.description) }
      let files = Set(findings.map(\.path)).count
      errors(
        findings.isEmpty
          ? "katana-guidelines: no findings in \(invocation.targets.count) target(s)"
          : "katana-guidelines: \(findings.count) finding(s) in \(files) file(s)"
      )
      return invocation.strict && !findings.isEmpty ? 1 : 0
    } catch let error as GuidelinesError {
      errors("katana-guidelines: error: \(error)")
      if case .usage = error { errors(usage) }
      return 2
    } catch {
      errors("katana-guidelines: error: \(error)")
      return 2
    }
  }
}

/// A parsed command line.
private struct Invocation {
  var strict = false
  var help = false
  var configuration = GuidelinesConfiguration()
  var targets: [TargetSources] = []
  var context: [TargetSources] = []

  init(_ arguments: [String]) throws {
    var remaining = arguments[...]
    var maxStored: Int?
    var maxLines: Int?
    func value(for option: String) throws -> String {
      guard let value = remaining.popFirst() else { throw GuidelinesError.usage("\(option) needs a value") }
      return value
    }
    func number(for option: String) throws -> Int {
      let text = try value(for: option)
      guard let number = Int(text), number >= 0 else {
        throw GuidelinesError.usage("\(option) needs a whole number, not '\(text)'")
      }
      return number
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--strict": strict = true
      case "--help", "-h": help = true
      case "--config": configuration = try Self.configuration(at: try value(for: argument))
      case "--context": context.append(TargetSources(directory: try value(for: argument)))
      case "--max-side-effect-stored-properties": maxStored = try number(for: argument)
      case "--max-side-effect-body-lines": maxLines = try number(for: argument)
      default:
        guard !argument.hasPrefix("-") else { throw GuidelinesError.usage("unknown option '\(argument)'") }
        targets.append(TargetSources(directory: argument))
      }
    }
    if let maxStored { configuration.maxSideEffectStoredProperties = maxStored }
    if let maxLines { configuration.maxSideEffectBodyLines = maxLines }
    if targets.isEmpty, !help { throw GuidelinesError.usage("name at least one target folder") }
  }

  private static func configuration(at path: String) throws -> GuidelinesConfiguration {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw GuidelinesError.invalidConfiguration(path: path, reason: "cannot read it")
    }
    do {
      return try JSONDecoder().decode(GuidelinesConfiguration.self, from: data)
    } catch {
      throw GuidelinesError.invalidConfiguration(path: path, reason: "\(error)")
    }
  }
}
