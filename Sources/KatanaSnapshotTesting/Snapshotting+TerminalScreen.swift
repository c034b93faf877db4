public import KatanaTerminal
public import SnapshotTesting

extension Snapshotting where Value == TerminalScreen, Format == String {
  /// The screen's characters as text, one line per row (``/KatanaTerminal/TerminalScreen/text``),
  /// stored as a `.txt` file and compared line by line: a failure prints the changed lines.
  ///
  /// ```swift
  /// let terminal = HeadlessTerminal(root: CounterScreen(props: .init()), store: store)
  /// await terminal.start()
  /// assertSnapshot(of: terminal.screen, as: .terminalText)
  /// ```
  ///
  /// Record new references with swift-snapshot-testing's record mode: run the tests with
  /// `SNAPSHOT_TESTING_RECORD=all` in the environment (or `missing` for new ones only).
  public static var terminalText: Snapshotting {
    Snapshotting<String, String>.lines.pullback { $0.text }
  }

  /// The screen's characters followed by its style layer: colours, bold, underline, inverse and
  /// the focused control (``/KatanaTerminal/TerminalScreen/styledText``). A changed colour or a
  /// moved focus shows as one changed line.
  public static var terminalStyled: Snapshotting {
    Snapshotting<String, String>.lines.pullback { $0.styledText }
  }
}
