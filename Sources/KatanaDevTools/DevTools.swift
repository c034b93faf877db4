public import Katana
public import KatanaPersistence
import KatanaSupport

/// Katana DevTools: every item a store handles, the state diff of each updater and time travel,
/// live in a browser.
///
/// Attach it when you create the store, then start its server:
/// ```swift
/// let devTools = DevTools<CounterState>()
/// let store = Store<CounterState, AppDependencies>(interceptors: [logger], devTools: devTools)
/// try await devTools.start()  // prints "DevTools on http://127.0.0.1:PORT/?token=…"
/// ```
/// The store's `devTools:` argument is the one call that attaches it: it installs DevTools'
/// instrumentation around the configuration's own. DevTools adds no interceptor, so a store
/// without interceptors keeps its one-lock dispatch; with no page connected, the store journals
/// its updaters in that lock round trip (or at the end of its interceptor chain) and DevTools
/// recomputes their states when they are read.
///
/// What it records, from the moment the store starts: up to ``Configuration/capacity`` handled
/// items in a ring buffer (the page says how many older ones were dropped), each with its type,
/// kind, parent side effect, queue wait, duration (for an updater, while a page is connected) and
/// outcome, and for an updater the states before and after it — kept as values, never encoded
/// until the page asks for a diff or a state tree. Recording goes on whether or not a page is connected, so you can open DevTools after
/// something went wrong.
///
/// Time travel dispatches an updater that puts the store in a recorded state; listeners and the
/// UI see it like any change, and DevTools leaves it out of the list. Items the app handles
/// while you travel are recorded as usual; "resume live" puts back the state after the app's
/// latest updater.
///
/// Exporting writes a ``DevToolsSession``: the state before the first recorded updater and the
/// journal of the recorded updaters, under the names of `registry` (updaters whose types are
/// not registered are listed as skipped). Importing one replays it into the attached store.
///
/// Threading: safe from any thread.
public final class DevTools<S: State & Codable>: Sendable {
  /// The configuration it was created with.
  public let configuration: Configuration
  let recorder: DevToolsRecorder<S>
  /// The recorder's non-generic recording, which the inlinable ``bind(to:)`` reaches.
  @usableFromInline let recording: DevToolsRecording
  #if DevToolsServer
    let server: DevToolsServer
  #endif
  /// The black box on disk, when ``Configuration/flightRecorder`` asks for one.
  let flightRecorder: FlightRecorder<S>?

  /// Creates DevTools for a store of state `S`.
  ///
  /// - Parameters:
  ///   - configuration: ring-buffer size and server options; safe defaults.
  ///   - registry: names the `Codable` updaters an exported session can contain; the default,
  ///     empty, exports the initial state only.
  public init(configuration: Configuration = Configuration(), registry: JournalRegistry<S> = JournalRegistry()) {
    self.configuration = configuration
    let recorder = DevToolsRecorder(
      capacity: configuration.capacity, registry: registry, redaction: configuration.redaction)
    self.recorder = recorder
    recording = recorder.recording
    #if DevToolsServer
      var serverConfiguration = DevToolsServer.Configuration(
        host: configuration.host, port: configuration.port, allowedHosts: configuration.allowedHosts)
      if let token = configuration.token { serverConfiguration.token = token }
      server = DevToolsServer(configuration: serverConfiguration, source: recorder)
    #endif
    flightRecorder = configuration.flightRecorder.map {
      FlightRecorder(options: $0, registry: registry, redaction: configuration.redaction)
    }
  }

  /// The instrumentation to install in a store, wrapping `inner` (which keeps working): DevTools'
  /// one attachment to the store's handling of items, through the store's tool seam
  /// (``/Katana/DispatchInstrumentation``). It records every item, and every applied updater with the
  /// states around it.
  ///
  /// The store's `devTools:` initialiser installs it and calls ``bind(to:)``; use these two only
  /// to attach DevTools to a store made with another initialiser.
  public func instrumentation(wrapping inner: (any DispatchInstrumentation)?) -> any DispatchInstrumentation {
    let inner = flightRecorder?.instrumentation(wrapping: inner) ?? inner
    guard let inner else { return DevToolsInstrumentation(recording: recording, slots: recorder.slots) }
    return ChainedDevToolsInstrumentation(recording: recording, slots: recorder.slots, inner: inner)
  }

  /// Connects DevTools to `store` held weakly, for time travel, import and the state of items
  /// recorded before any updater; the `devTools:` initialiser calls it.
  @inlinable
  public func bind<D>(to store: Store<S, D>) {
    recording.bind(
      readState: { [weak store] () -> (any Sendable)? in store?.state },
      dispatch: { [weak store] item in store?.anyDispatch(item) })
  }
}
