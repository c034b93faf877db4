#if canImport(os)
  import os

  /// Shows every dispatched item in Instruments as a signpost interval (Apple platforms only).
  ///
  /// Updaters appear as "State Updater" intervals, side effects as "Side Effect" intervals, each
  /// labelled with the item's type name; nesting and parallelism are visible in the timeline.
  ///
  /// ```swift
  /// let store = Store<AppState, AppDependencies>(
  ///   interceptors: [],
  ///   stateInitializer: { AppState() },
  ///   configuration: .init(instrumentation: SignpostLogger()))
  /// ```
  public struct SignpostLogger: DispatchInstrumentation {
    private let signposter: OSSignposter

    /// Creates a signpost logger.
    ///
    /// - Parameters:
    ///   - subsystem: the os_log subsystem; "Katana" by default.
    ///   - category: the os_log category; "Katana" by default.
    public init(subsystem: String = "Katana", category: String = "Katana") {
      signposter = OSSignposter(subsystem: subsystem, category: category)
    }

    /// Begins an interval named after the item's kind.
    public func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
      let id = signposter.makeSignpostID()
      let name = event.name
      switch event.kind {
      case .stateUpdater:
        return signposter.beginInterval("State Updater", id: id, "\(name, privacy: .public)")
      case .sideEffect, .returningSideEffect:
        return signposter.beginInterval("Side Effect", id: id, "\(name, privacy: .public)")
      }
    }

    /// Ends the interval begun for the item.
    public func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
      guard let state = token as? OSSignpostIntervalState else { return }
      switch event.kind {
      case .stateUpdater:
        signposter.endInterval("State Updater", state)
      case .sideEffect, .returningSideEffect:
        signposter.endInterval("Side Effect", state)
      }
    }
  }
#endif
