/// How much a ``TestStore`` insists that a test accounts for.
public enum Exhaustivity: Sendable, Hashable {
  /// Every item dispatched by side effects must be received with
  /// `receive`, in order; every state
  /// change must be described completely; no side effect may still be running at
  /// ``TestStore/finish(timeout:fileID:filePath:line:column:)``. The default.
  case on

  /// For integration tests: `receive` skips received items until one matches, state assertions
  /// check only the fields the closure sets, and `finish` does not fail for what was left over.
  case off
}
