/// How much a ``TestStore`` insists that a test accounts for.
public enum Exhaustivity: Sendable, Hashable {
  /// Every item dispatched by side effects must be received with
  /// `receive`, in order; every state
  /// change must be described completely; no side effect may still be running, and none may have
  /// failed unasserted, at ``TestStore/finish(timeout:fileID:filePath:line:column:)``. The default.
  case on

  /// For integration tests: `receive` skips received items until one matches, state assertions
  /// check only the fields the closure sets, and `finish` does not fail for what was left over.
  ///
  /// - Parameter showSkippedAssertions: when `true`, everything the test let pass that an
  ///   exhaustive test would have failed on (skipped received items, state changes the closure
  ///   did not describe, leftovers at `finish`) is reported as an *expected* issue: listed in the
  ///   test's output, without failing it. Use it to see what a non-exhaustive test leaves out.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without listing what was skipped: `.off(showSkippedAssertions: false)`.
  public static let off = Exhaustivity.off(showSkippedAssertions: false)

  /// Whether the test must account for everything.
  var isExhaustive: Bool { self == .on }

  /// Whether what a non-exhaustive test skips is listed.
  var showsSkippedAssertions: Bool {
    if case .off(showSkippedAssertions: true) = self { return true }
    return false
  }
}
