/// What a ``CancellableSideEffect`` does when it starts while another with the same id runs.
public enum InFlightPolicy: Sendable, Hashable {
  /// The last one wins: every running side effect with the id is cancelled, the new one runs
  /// (TCA's `cancelInFlight: true`). Search-as-you-type, refresh.
  case cancelRunning
  /// The first one wins: the new one is cancelled as it starts (its task begins cancelled, so it
  /// goes through the interceptors and ends with `CancellationError` without doing its work), and
  /// the running one goes on. A submit button pressed twice.
  case cancelNew
  /// Both run; the id only serves ``Store/cancel(id:)`` (TCA's `cancelInFlight: false`).
  case runAlongside
}
