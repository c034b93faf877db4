import CustomDump
import IssueReporting
import Katana

/// Compares the state change an item caused with the change a test expects, and reports the
/// difference.
struct StateExpectation<S: Equatable> {
  let itemName: String
  let before: S
  let after: S
  let exhaustivity: Exhaustivity
  let site: CallSite
  /// Whether a closure describing no change fails when nothing changed: right for an item, which
  /// was expected to change something, wrong for a state-only `assert`.
  var checksNoChange = true

  /// Checks the change against `expectedChange` (no closure: no change expected).
  ///
  /// - Exhaustive: the expected state is the state before, mutated by the closure; it must equal
  ///   the state after in every field.
  /// - Non-exhaustive: the closure is applied to the state after; only the fields it sets are
  ///   compared, so it must set them to the values they actually have.
  func check(_ expectedChange: ((inout S) throws -> Void)?) {
    switch exhaustivity {
    case .on:
      var expected = before
      guard apply(expectedChange, to: &expected) else { return }
      if expected != after {
        reportMismatch(expected: expected)
      } else if checksNoChange, expectedChange != nil, after == before {
        report(
          "\(itemName) did not change the state, and neither does the closure that describes the change. "
            + "If no change is expected, omit the closure.", at: site)
      }
    case .off:
      var expected = after
      guard apply(expectedChange, to: &expected) else { return }
      if expected != after {
        reportMismatch(expected: expected)
        return
      }
      guard exhaustivity.showsSkippedAssertions else { return }
      // What an exhaustive test would have compared: the state before, changed by the closure.
      var exhaustive = before
      do { try expectedChange?(&exhaustive) } catch { return }
      guard exhaustive != after else { return }
      SkippedAssertions.report(
        "Skipped asserting part of the state change after \(itemName):\n\n"
          + (differences(exhaustive, after) ?? "(no printable difference)")
          + "\n\n(Described: -, Actual: +)", at: site)
    }
  }

  private func apply(_ expectedChange: ((inout S) throws -> Void)?, to state: inout S) -> Bool {
    do {
      try expectedChange?(&state)
      return true
    } catch {
      report("The closure describing the state change after \(itemName) threw: \(error)", at: site)
      return false
    }
  }

  private func reportMismatch(expected: S) {
    report(
      (checksNoChange ? "The state after \(itemName)" : "The state") + " does not match the expectation:\n\n"
        + (differences(expected, after) ?? "(no printable difference)")
        + "\n\n(Expected: -, Actual: +)", at: site)
  }
}

/// A field-by-field diff of two values, `-` for `old` and `+` for `new`; `nil` if they print alike.
func differences<T>(_ old: T, _ new: T) -> String? {
  diff(old, new)?.indented(by: 2)
}

/// Reports a test failure at `site` to whichever test framework is running.
func report(_ message: String, at site: CallSite) {
  reportIssue(message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
}

extension String {
  func indented(by spaces: Int) -> String {
    let pad = String(repeating: " ", count: spaces)
    return split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
  }
}
