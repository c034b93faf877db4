import IssueReporting

/// Lists what a non-exhaustive test let pass, for ``Exhaustivity/off(showSkippedAssertions:)``.
enum SkippedAssertions {
  /// Sees every message too; set by KatanaTesting's own tests, which cannot catch an expected
  /// issue from outside.
  @TaskLocal static var observer: (@Sendable (String) -> Void)?

  /// Reports `message` at `site` as an expected issue: it shows in the test's output without
  /// failing the test.
  static func report(_ message: String, at site: CallSite) {
    observer?(message)
    withExpectedIssue(
      "A non-exhaustive test store skipped this", fileID: site.fileID, filePath: site.filePath, line: site.line,
      column: site.column
    ) {
      reportIssue(message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }
  }
}
