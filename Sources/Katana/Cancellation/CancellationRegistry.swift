import KatanaSupport

/// A store's running ``CancellableSideEffect``s by id: what cancel in flight and
/// ``Store/cancel(id:)`` act on.
///
/// An entry is added when a cancellable side effect starts (after the store marked it started, so
/// cancelling it then cancels its task as soon as the task exists) and removed when its dispatch
/// completes. Cancelling calls the item's ``DispatchTask/cancel()`` path outside the lock.
///
/// A store that never runs a cancellable side effect never takes this lock: the only cost on the
/// store's path is the check whether the item is cancellable (StoreCore+SideEffects.swift).
final class CancellationRegistry: Sendable {
  private let running = LockedValue(Running())

  private struct Running: Sendable {
    var nextToken: UInt64 = 0
    var byID: [CancellationKey: [Entry]] = [:]
  }

  private struct Entry: Sendable {
    let token: UInt64
    let completion: DispatchCompletion
  }

  init() {}

  /// Records a cancellable side effect that is starting, and applies its ``InFlightPolicy``:
  /// cancels the running ones with its id, or itself.
  func starting(_ sideEffect: any CancellableSideEffect, completion: DispatchCompletion) {
    let id = sideEffect.anyCancellationID
    let policy = sideEffect.inFlightPolicy
    let (token, toCancel) = running.withLock { running -> (UInt64?, [DispatchCompletion]) in
      let existing = running.byID[id] ?? []
      switch policy {
      case .cancelNew where !existing.isEmpty:
        return (nil, [completion])
      case .cancelRunning:
        running.nextToken += 1
        running.byID[id] = [Entry(token: running.nextToken, completion: completion)]
        return (running.nextToken, existing.map(\.completion))
      case .cancelNew, .runAlongside:
        running.nextToken += 1
        running.byID[id, default: []].append(Entry(token: running.nextToken, completion: completion))
        return (running.nextToken, [])
      }
    }
    for other in toCancel { other.cancel() }
    guard let token else { return }
    completion.whenComplete { [weak self] _ in self?.finished(id, token: token) }
  }

  /// Cancels every running side effect with `id`; returns how many there were.
  @discardableResult
  func cancel(id: CancellationKey) -> Int {
    let entries = running.withLock { $0.byID.removeValue(forKey: id) } ?? []
    for entry in entries { entry.completion.cancel() }
    return entries.count
  }


  private func finished(_ id: CancellationKey, token: UInt64) {
    running.withLock { running in
      guard var entries = running.byID[id] else { return }
      entries.removeAll { $0.token == token }
      running.byID[id] = entries.isEmpty ? nil : entries
    }
  }
}

extension CancellableSideEffect {
  /// The id as the registry keys it.
  var anyCancellationID: CancellationKey { CancellationKey(cancellationID) }
}
