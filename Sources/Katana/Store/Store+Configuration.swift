extension Store {
  /// Options for a store.
  public struct Configuration: Sendable {
    /// Observes the handling of every item (spans, signposts, metrics); `nil` costs nothing.
    public var instrumentation: (any DispatchInstrumentation)?

    /// Creates a configuration.
    ///
    /// - Parameter instrumentation: observes every dispatch; `nil` for none.
    public init(instrumentation: (any DispatchInstrumentation)? = nil) {
      self.instrumentation = instrumentation
    }
  }
}
