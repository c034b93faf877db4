extension RecordingBackend {
  /// ``log`` as text, one ``Mutation/description`` per line, to compare with an expected dump:
  ///
  /// ```swift
  /// #expect(backend.logDescription == """
  ///   updateProps #2 LabelProps(key: "title", text: "Count: 1")
  ///   """)
  /// ```
  public var logDescription: String {
    log.map(\.description).joined(separator: "\n")
  }
}
