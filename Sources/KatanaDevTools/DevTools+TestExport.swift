extension DevTools {
  /// Writes the recorded session as a Swift Testing source file: a test that replays it into a
  /// `TestStore` (KatanaTesting) and asserts the recorded state after every updater.
  ///
  /// The test starts from the state recorded before the first kept updater and dispatches the
  /// recorded updaters whose types the `registry` names, as an exported ``DevToolsSession`` holds
  /// them, in the order the store applied them. After each one it asserts the state recorded
  /// after it, exhaustively: a mismatch fails with the `TestStore`'s field-by-field diff. States
  /// and updaters are embedded as JSON and decoded, so the file needs only the app's modules,
  /// Katana and KatanaTesting. A comment at the top lists what is not replayed (side effects,
  /// unregistered or failed updaters, updaters that only a private type could name); where those
  /// changed the state, the test puts the store in the recorded state before the next step, so
  /// each assertion still starts where the recording did. With a ``Configuration/redaction``
  /// rule, states leave the process redacted here too: a step whose recorded state was redacted
  /// is replayed but not asserted, and the comment says so.
  ///
  /// ```swift
  /// let source = try devTools.exportTest(named: "addingAndUndoing")
  /// try source.write(to: URL(filePath: "Tests/TodosCoreTests/AddingAndUndoingTests.swift"), atomically: true, encoding: .utf8)
  /// ```
  ///
  /// The page's *Export test* button downloads the same file. It compiles in a test target that
  /// depends on KatanaTesting and the modules it imports (the app's state and updaters must be
  /// public there, or imported with `@testable`), in Swift 6 mode with warnings as errors.
  ///
  /// - Parameter testName: the test function's name, a Swift identifier.
  /// - Returns: the source text.
  /// - Throws: ``DevToolsTestExportError``: the name is not an identifier, the state type is not
  ///   `Equatable`, nothing was recorded and no store is attached, or a value does not encode.
  ///
  /// Threading: safe from any thread; reads the recording under its lock once, then encodes.
  public func exportTest(named testName: String = "recordedSession") throws(DevToolsTestExportError) -> String {
    try recorder.exportTest(named: testName)
  }
}
