import Foundation
public import Katana
public import KatanaDevTools
public import KatanaPersistence
import KatanaTerminal
public import KatanaUI

/// Opens an example's store on its data folder and runs its screens in the terminal or a browser,
/// saving on the way out; what Todos and Notes (the examples that keep data on disk) share.
///
/// The app says how to make its store (``Opener``: its storage's `makeStore`, with DevTools
/// attached by the executable, since the app's logic target does not link it), what its root
/// screen is, and what to print when the terminal UI closes.
///
/// Threading: the values are `Sendable`; the run functions are `async` and may be called from any
/// task.
public struct SavedAppLauncher<S: Katana.State & Codable, Dependencies: SideEffectDependencyContainer, Root: NodeDescription>:
  Sendable
{
  /// Makes the store: `devTools` attached when given, write and load problems sent to `onError`.
  public typealias Opener = @Sendable (
    _ devTools: DevTools<S>?, _ onError: @escaping @Sendable (PersistenceError) -> Void
  ) -> (store: Store<S, Dependencies>, persistence: Persistence<S>)

  /// The app's name, as its messages and the page's title show it.
  public let name: String
  /// The data folder, printed when the terminal UI closes.
  public let folder: String
  private let registry: JournalRegistry<S>
  private let open: Opener
  private let root: @Sendable () -> Root
  private let summary: @Sendable (S) -> String

  /// A launcher.
  ///
  /// - Parameters:
  ///   - name: the app's name (messages are prefixed with it; the page's title).
  ///   - folder: the data folder the store saves to.
  ///   - registry: the journaled updaters, so DevTools can replay recordings.
  ///   - summary: the line printed after the terminal UI closes, from the final state.
  ///   - root: the root screen, the same description for both backends.
  ///   - open: makes the store (see ``Opener``).
  public init(
    name: String, folder: String, registry: JournalRegistry<S>, summary: @escaping @Sendable (S) -> String,
    root: @escaping @Sendable () -> Root, open: @escaping Opener
  ) {
    self.name = name
    self.folder = folder
    self.registry = registry
    self.summary = summary
    self.root = root
    self.open = open
  }

  /// The store, ready, with load problems printed to standard error.
  ///
  /// - Parameter devTools: attached to the store when given.
  public func openStore(devTools: DevTools<S>? = nil) async -> (store: Store<S, Dependencies>, persistence: Persistence<S>) {
    let (store, persistence) = open(devTools) { [name] error in ExampleSupport.warn("\(error)", app: name) }
    await store.waitUntilReady()
    if let error = store.initializationError { warn("\(error)") }
    return (store, persistence)
  }

  /// The interactive UI until Ctrl-Q or Ctrl-C: in a browser when `web` is enabled, in the
  /// terminal otherwise; saves (folding the journal into the data file) before returning.
  ///
  /// With DevTools, its line is printed before the terminal screen opens (and is there again
  /// after it closes): the screen covers the terminal while it runs.
  ///
  /// - Throws: what starting DevTools, the terminal or the web server throws, or a save failure.
  public func runInteractive(web: WebOptions, devTools options: DevToolsOptions) async throws {
    let devTools: DevTools<S>? = options.makeDevTools(registry: registry)
    let (store, persistence) = await openStore(devTools: devTools)
    try await options.start(devTools)
    if web.isEnabled {
      try await web.serve(store: store, title: name, root: root)
    } else {
      try await TerminalApp.run(
        root(), store: store,
        configuration: TerminalApp.Configuration(quitKeys: [.control("c"), .control("q")], geometry: .fontCell))
    }
    // Fold the session's journal into the data file, so the journal stays short.
    try await persistence.compact()
    if !web.isEnabled { print("\(name): \(summary(store.state)); saved in \(folder)") }
  }

  /// Prints `message` to standard error, prefixed with the app's name.
  public func warn(_ message: String) {
    ExampleSupport.warn(message, app: name)
  }
}

/// Writes `message` to standard error as `<app>: <message>`; outside the generic launcher so
/// that the store's error handler captures no type of it.
private func warn(_ message: String, app: String) {
  FileHandle.standardError.write(Data("\(app): \(message)\n".utf8))
}

extension DevToolsOptions {
  /// The data folder an interactive run saves to: `folder`, unless a recording is opened and the
  /// user did not name a folder; then a new scratch folder, so that looking at a crash never
  /// replaces the user's data (an opened recording is replayed into the store, which saves it).
  ///
  /// - Parameters:
  ///   - folder: the folder the run would use.
  ///   - chosenByUser: whether the user named `folder` (`--data`).
  ///   - app: a short name for the scratch folder (`katana-<app>-opened-<UUID>`).
  public func dataFolder(_ folder: String, chosenByUser: Bool, app: String) -> String {
    guard openPath != nil, !chosenByUser else { return folder }
    return NSTemporaryDirectory() + "katana-\(app)-opened-\(UUID().uuidString)"
  }
}
