import Foundation
import KatanaSupport

/// The per-store half of an ``ObserverInterceptor``: registers notification observers, dispatches
/// reactions, and removes the observers when it goes away with the store's interceptors.
final class ObserverInterceptorLogic: Sendable {
  private let context: any AnySideEffectContext
  private let items: [ObserverInterceptor.ObserverType]
  private let notificationCenter: NotificationCenter
  private let observers = LockedValue<[NotificationObserverToken]>([])
  /// Whether any entry reacts to state changes (then every updater is of interest).
  private let watchesStateChanges: Bool
  /// The item types `onDispatch` entries react to, each once. An array: an observer lists a
  /// handful of types, and comparing a few identifiers costs less than hashing one.
  private let watchedTypes: [ObjectIdentifier]

  init(context: any AnySideEffectContext, items: [ObserverInterceptor.ObserverType], notificationCenter: NotificationCenter) {
    self.context = context
    self.items = items
    self.notificationCenter = notificationCenter
    var watchesStateChanges = false
    var watchedTypes: [ObjectIdentifier] = []
    for entry in items {
      switch entry {
      case .onStateChange: watchesStateChanges = true
      case .onDispatch(let type, _) where !watchedTypes.contains(ObjectIdentifier(type)):
        watchedTypes.append(ObjectIdentifier(type))
      case .onDispatch: break
      case .onStart, .onNotification: break
      }
    }
    self.watchesStateChanges = watchesStateChanges
    self.watchedTypes = watchedTypes
  }

  /// Whether some entry may react to `item`: the interceptor skips reading the state otherwise.
  func reacts(to item: any Dispatchable) -> Bool {
    if watchesStateChanges, DispatchKind(of: item) == .stateUpdater { return true }
    guard !watchedTypes.isEmpty else { return false }
    let type = ObjectIdentifier(dynamicItemType(of: item))
    for watched in watchedTypes where watched == type { return true }
    return false
  }

  deinit {
    stopObserving()
  }

  /// Removes the notification observers. Called when the store is released, even if a running
  /// side effect still holds the interceptor chain (and so this object).
  private func stopObserving() {
    for token in observers.withLock({ tokens in defer { tokens = [] }; return tokens }) {
      notificationCenter.removeObserver(token.observer)
    }
  }

  /// Registers notification observers and dispatches the `onStart` reactions.
  func start() {
    (context as? any StoreReleaseObserving)?.whenReleased { [weak self] in self?.stopObserving() }
    for case .onNotification(let name, let reactions) in items {
      let observer = notificationCenter.addObserver(forName: name, object: nil, queue: nil) {
        [weak self] notification in
        self?.dispatch(reactions.compactMap { $0.init(notification: notification) })
      }
      observers.withLock { $0.append(NotificationObserverToken(observer: observer)) }
    }
    for case .onStart(let reactions) in items {
      dispatch(reactions.compactMap { $0.init() })
    }
  }

  /// Dispatches the reactions to one handled item.
  func itemHandled(_ item: any Dispatchable, previous: any State, current: any State) {
    let isSideEffect = DispatchKind(of: item) != .stateUpdater
    let itemType = ObjectIdentifier(dynamicItemType(of: item))
    for entry in items {
      switch entry {
      case .onStateChange(let changed, let reactions):
        guard !isSideEffect, changed(previous, current) else { continue }
        dispatch(reactions.compactMap { $0.init(prevState: previous, currentState: current) })
      case .onDispatch(let observed, let reactions):
        guard ObjectIdentifier(observed) == itemType else { continue }
        dispatch(reactions.compactMap { $0.init(dispatchedItem: item, prevState: previous, currentState: current) })
      case .onStart, .onNotification:
        continue
      }
    }
  }

  private func dispatch(_ reactions: [any Dispatchable]) {
    for reaction in reactions {
      context.anyDispatch(reaction)
    }
  }
}

/// An observer handle returned by `NotificationCenter.addObserver(forName:object:queue:using:)`.
///
/// Safety of `@unchecked Sendable`: the handle is opaque and immutable here; it is only ever passed
/// back to `NotificationCenter.removeObserver(_:)`, which is thread-safe.
struct NotificationObserverToken: @unchecked Sendable {
  let observer: any NSObjectProtocol
}
