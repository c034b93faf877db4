import Foundation

/// Checks Swift targets against the Katana app guidelines, from their syntax alone.
///
/// ```swift
/// let checker = GuidelinesChecker()
/// let findings = try checker.check(
///   targets: [TargetSources(directory: "Sources/MyAppCore")],
///   context: [TargetSources(directory: "Tests/MyAppCoreTests")]
/// )
/// findings.forEach { print($0) }
/// ```
///
/// The checker parses each file with swift-syntax; it does not compile, so it sees names as
/// written (see <doc:CheckingAnApp> for what each check can and cannot see). Findings come back
/// sorted by path, line and column, with those silenced by an ignore comment removed and the
/// ignore comments that need attention added. Calls may run concurrently: a checker holds no
/// mutable state.
public struct GuidelinesChecker: Sendable {
  /// The thresholds the checks use.
  public var configuration: GuidelinesConfiguration

  /// A checker with the given thresholds.
  ///
  /// - Parameter configuration: the thresholds; the defaults when omitted.
  public init(configuration: GuidelinesConfiguration = GuidelinesConfiguration()) {
    self.configuration = configuration
  }

  /// Checks every `.swift` file under each target's folder.
  ///
  /// - Parameters:
  ///   - targets: the targets to check.
  ///   - context: targets that are read but not checked (other targets of the package, its
  ///     tests): a dispatchable whose name they mention, even in a comment, is not reported as
  ///     used only in its own file. Their files are scanned for words, not parsed.
  /// - Returns: the findings, sorted by path, line and column.
  /// - Throws: ``GuidelinesError/notADirectory(_:)`` for a missing folder,
  ///   ``GuidelinesError/unreadableFile(_:)`` for a file that cannot be read as UTF-8.
  public func check(targets: [TargetSources], context: [TargetSources] = []) throws -> [Finding] {
    let checked = try targets.map { try Self.load($0).map { SourceFile($0) } }
    var contextWords: [String: Set<String>] = [:]
    for file in try context.flatMap(Self.load) { contextWords[file.path] = SourceIndex.words(in: file.text) }
    let index = SourceIndex(files: checked.flatMap { $0 }, contextWords: contextWords)

    var findings: [Finding] = []
    for files in checked {
      findings += LayoutCheck.findings(in: files, index: index)
      for file in files {
        findings += PassiveManagersCheck.findings(in: file)
        findings += ObserversCheck.findings(in: file, index: index)
        findings += SimpleSideEffectsCheck.findings(in: file, index: index, configuration: configuration)
        findings += NamespacesCheck.findings(in: file, index: index)
        findings += DocumentationCheck.findings(in: file, index: index)
      }
    }
    findings = Self.applyingIgnoreComments(to: findings, files: checked.flatMap { $0 })
    return findings.sorted {
      ($0.path, $0.line, $0.column, $0.identifier, $0.message) < ($1.path, $1.line, $1.column, $1.identifier, $1.message)
    }
  }

  /// Removes the findings an ignore comment with a reason silences, and adds a finding for each
  /// ignore comment that has no reason, names no guideline, or silences nothing.
  private static func applyingIgnoreComments(to findings: [Finding], files: [SourceFile]) -> [Finding] {
    let identifiers = Set(Guideline.allCases.map(\.identifier))
    var kept: [Finding] = []
    var used = Set<String>()
    let commentsByPath = Dictionary(grouping: files.flatMap { file in IgnoreComment.all(in: file).map { (file, $0) } }) {
      $0.0.path
    }
    for finding in findings {
      let silencer = commentsByPath[finding.path]?.first { _, comment in
        comment.identifier == finding.identifier && comment.reason != nil
          && (finding.firstLine...finding.line).contains(comment.targetLine)
      }
      if let (_, comment) = silencer {
        used.insert("\(finding.path):\(comment.line):\(comment.column)")
      } else {
        kept.append(finding)
      }
    }
    for (path, comments) in commentsByPath {
      for (_, comment) in comments {
        let message: String
        if !identifiers.contains(comment.identifier) {
          let known = Guideline.allCases.map(\.identifier).joined(separator: ", ")
          message = "'\(comment.identifier)' is not a guideline: name one of \(known)"
        } else if comment.reason == nil {
          message = "say why: '// katana-guidelines:ignore \(comment.identifier) -- <reason>'; without a reason nothing is silenced"
        } else if !used.contains("\(path):\(comment.line):\(comment.column)") {
          message = "nothing to silence: no [\(comment.identifier)] finding on line \(comment.targetLine); remove this comment"
        } else {
          continue
        }
        kept.append(
          Finding(
            path: path, line: comment.line, column: comment.column,
            identifier: Guideline.ignoreCommentIdentifier, message: message
          )
        )
      }
    }
    return kept
  }

  /// The target's `.swift` files, in path order.
  private static func load(_ target: TargetSources) throws -> [(path: String, pathInTarget: [String], text: String)] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: target.directory, isDirectory: &isDirectory), isDirectory.boolValue
    else { throw GuidelinesError.notADirectory(target.directory) }
    let root = URL(fileURLWithPath: target.directory, isDirectory: true).standardizedFileURL
    let shownRoot = target.directory.hasSuffix("/") ? String(target.directory.dropLast()) : target.directory
    guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
      throw GuidelinesError.notADirectory(target.directory)
    }
    var relativePaths: [[String]] = []
    for case let url as URL in enumerator where url.pathExtension == "swift" {
      let components = url.standardizedFileURL.pathComponents
      relativePaths.append(Array(components.dropFirst(root.pathComponents.count)))
    }
    return try relativePaths.sorted { $0.joined(separator: "/") < $1.joined(separator: "/") }.map { components in
      let path = ([shownRoot] + components).joined(separator: "/")
      guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        throw GuidelinesError.unreadableFile(path)
      }
      return (path, components, text)
    }
  }
}
