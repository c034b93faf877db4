import Katana

/// What the non-generic ``DevToolsRecording`` asks of the store's updater journal, under its lock.
protocol JournalDraining: AnyObject, Sendable {
  /// Moves the journaled updaters into the recording, with their states recomputed.
  func drain(_ storage: inout DevToolsRecording.Storage, into recording: DevToolsRecording)
  /// Turns the store's journaling on or off.
  func setJournaling(_ isOn: Bool)
}

/// Moves the updaters a store journaled (``UpdaterJournal``) into DevTools' list when someone
/// reads the list or a new item is recorded, recomputing the states around each: the journal
/// keeps the state before its oldest entry, and each updater is applied to it in turn, as the
/// store applied them (updaters are pure functions of the state, so this is exact; where the
/// journal kept the store's own state at a point, the recomputed one is checked against it).
///
/// So, while no page is connected, the store hands DevTools nothing per updater
/// but a journal entry under its own lock, and keeps no state per item: an updater that mutates
/// a copy-on-write buffer of the state does not copy it because DevTools shares it.
///
/// Threading: called only under the recording's lock.
final class JournalDrain<S: State & Codable>: JournalDraining {
  let journal: UpdaterJournal<S>
  let slots: StateSlots<S>

  init(journal: UpdaterJournal<S>, slots: StateSlots<S>) {
    self.journal = journal
    self.slots = slots
  }

  func setJournaling(_ isOn: Bool) {
    journal.isOn = isOn
  }

  func drain(_ storage: inout DevToolsRecording.Storage, into recording: DevToolsRecording) {
    let contents = journal.take()
    storage.dropped += contents.dropped
    guard var state = contents.start else { return }
    for (index, entry) in contents.entries.enumerated() {
      if let checkpoint = contents.checkpoint, checkpoint.index == index {
        if DevToolsRecorder<S>.differ(state, checkpoint.state) { storage.replayMismatches += 1 }
        // Continue from the store's own state either way.
        state = checkpoint.state
      }
      var before = state
      Self.apply(entry.item, to: &state)
      var after = state
      recording.recordJournaled(&storage, entry: entry, request: contents.requests[entry.sequence]) { write in
        switch write {
        case .slot(let slot): slots.exchange(slot, before: &before, after: &after)
        case .keepApp(let isBefore): slots.keepAppState(isBefore ? before : after)
        }
      }
    }
  }

  /// Applies a journaled updater (the store journals only updaters of its state type `S`).
  private static func apply(_ item: any Dispatchable, to state: inout S) {
    guard let updater = item as? any StateUpdater else { return }
    func open<T: StateUpdater>(_ updater: T) {
      guard T.StateType.self == S.self else { return }
      withUnsafeMutablePointer(to: &state) { pointer in
        pointer.withMemoryRebound(to: T.StateType.self, capacity: 1) { updater.updateState(&$0.pointee) }
      }
    }
    open(updater)
  }
}
