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
/// The store's `devTools:` argument is the one call that attaches it: it puts DevTools'
/// interceptor first in the chain and its instrumentation around the configuration's own.
///
/// What it records, from the moment the store starts: up to ``Configuration/capacity`` handled
/// items in a ring buffer (the page says how many older ones were dropped), each with its type,
/// kind, parent side effect, queue wait, duration and outcome, and for an updater the states
/// before and after it — kept as values, never encoded until the page asks for a diff or a state
/// tree. Recording goes on whether or not a page is connected, so you can open DevTools after
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
  let server: DevToolsServer

  /// Creates DevTools for a store of state `S`.
  ///
  /// - Parameters:
  ///   - configuration: ring-buffer size and server options; safe defaults.
  ///   - registry: names the `Codable` updaters an exported session can contain; the default,
  ///     empty, exports the initial state only.
  public init(configuration: Configuration = Configuration(), registry: JournalRegistry<S> = JournalRegistry()) {
    self.configuration = configuration
    let recorder = DevToolsRecorder(capacity: configuration.capacity, registry: registry)
    self.recorder = recorder
    recording = recorder.recording
    var serverConfiguration = DevToolsServer.Configuration(
      host: configuration.host, port: configuration.port, allowedHosts: configuration.allowedHosts)
    if let token = configuration.token { serverConfiguration.token = token }
    server = DevToolsServer(configuration: serverConfiguration, source: recorder)
  }

  /// The instrumentation to install in a store, wrapping `inner` (which keeps working).
  ///
  /// The store's `devTools:` initialiser installs it; use this, ``interceptor(for:)`` (first in
  /// the chain) and ``bind(to:)`` only to attach DevTools to a store made with another
  /// initialiser.
  public func instrumentation(wrapping inner: (any DispatchInstrumentation)?) -> any DispatchInstrumentation {
    DevToolsInstrumentation(recording: recording, inner: inner)
  }

  /// The interceptor to put first in a store's chain: it records every updater with the state
  /// right after it, and connects DevTools to the store (state and dispatch) when the store
  /// starts; side effects pass straight through (the instrumentation records them).
  ///
  /// Outermost, it sees every updater as dispatched, including those a later interceptor swallows
  /// or refuses (recorded with that error). Inlinable so that it is compiled in the app's module
  /// for the app's state type: generic code compiled here would look type metadata up at run time
  /// on every updater.
  ///
  /// - Parameter dependencies: the store's dependency type.
  @inlinable
  public func interceptor<D: SideEffectDependencyContainer>(for dependencies: D.Type) -> StoreInterceptor {
    let recording = recording
    return { context in
      guard let context = context as? SideEffectContext<S, D> else { return { next in next } }
      recording.attach(
        initialState: RecordedState(context.getState()), readState: { context.getState() },
        dispatch: { item in context.anyDispatch(item) })
      return { next in
        { item in
          guard recording.isUpdater(item) else { return try next(item) }
          let start = MonotonicTime.now()
          var failure: (any Error)?
          do {
            try next(item)
          } catch {
            failure = error
          }
          let (state, wasQueued) = context._stateAndRunningUpdater()
          // Only a queued updater waited; an inline one's parent is the dispatching task's.
          let origin: (waitNanoseconds: Int64?, parent: (any Sendable)?) =
            wasQueued ? context._runningQueuedUpdater() : (0, context._currentParent())
          recording.updaterHandled(
            item, queueWait: origin.waitNanoseconds ?? 0, parentToken: origin.parent, start: start, error: failure,
            after: RecordedState(state), isJump: type(of: item) == DevToolsJump<S>.self)
          if let failure { throw failure }
        }
      }
    }
  }

  /// Connects DevTools to `store` held weakly; the `devTools:` initialiser calls it.
  ///
  /// Inlinable so that the state read DevTools does after every updater is compiled in the
  /// app's module, for the app's state type.
  @inlinable
  public func bind<D>(to store: Store<S, D>) {
    recording.bind(
      readState: { [weak store] () -> (any Sendable)? in store?.state },
      dispatch: { [weak store] item in store?.anyDispatch(item) })
  }
}
