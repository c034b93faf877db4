public import Katana
public import KatanaPersistence

/// The app's dependency container: the managers, the clock every wait runs on, and the
/// persistence side effects flush. Tests build their own with a manual clock.
public final class AppDependencies: SideEffectDependencyContainer {
  /// How long the app's deliberate waits last.
  public struct Timing: Sendable {
    /// How long each search takes (the spinner shows meanwhile).
    public var searchLatency: Duration
    /// How long a message ("Saved") stays.
    public var toastDuration: Duration
    /// Notes per progress report of an import or export.
    public var transferBatchSize: Int
    /// The pause after each batch of an import or export.
    public var transferPause: Duration

    public init(searchLatency: Duration, toastDuration: Duration, transferBatchSize: Int, transferPause: Duration) {
      self.searchLatency = searchLatency
      self.toastDuration = toastDuration
      self.transferBatchSize = transferBatchSize
      self.transferPause = transferPause
    }

    /// The interactive app's: a search takes 0.8 s; 1,000 notes transfer in about 1.3 s.
    public static let interactive = Timing(
      searchLatency: .milliseconds(800), toastDuration: .seconds(2), transferBatchSize: 20,
      transferPause: .milliseconds(25))

    /// The command line's: nobody watches a spinner or a progress bar, so nothing waits.
    public static let immediate = Timing(
      searchLatency: .zero, toastDuration: .zero, transferBatchSize: 1_000, transferPause: .zero)
  }

  /// The rules of a note's fields.
  public let noteManager = NoteManager()
  /// The (slow) search.
  public let searchManager: SearchManager
  /// Import and export files.
  public let transferManager: TransferManager
  /// The clock messages wait on.
  public let clock: any Clock<Duration>
  /// How long a message ("Saved") stays.
  public let toastDuration: Duration
  /// Where the notes are saved; `nil` in a store without persistence (tests).
  public let persistence: Persistence<NotesState>?

  /// A container without persistence, on the real clock with the interactive timing.
  public convenience init(dispatch: @escaping AnyDispatch, getState: @escaping GetState) {
    self.init(persistence: nil)
  }

  /// A container whose side effects wait on `clock` as `timing` says and save through
  /// `persistence`.
  public init(
    clock: any Clock<Duration> = ContinuousClock(), timing: Timing = .interactive, persistence: Persistence<NotesState>?
  ) {
    self.clock = clock
    toastDuration = timing.toastDuration
    searchManager = SearchManager(latency: timing.searchLatency, clock: clock)
    transferManager = TransferManager(batchSize: timing.transferBatchSize, pause: timing.transferPause, clock: clock)
    self.persistence = persistence
  }
}
