import Katana
import KatanaSupport

/// The instrumentation DevTools installs, its one attachment to a store: it times every item,
/// gives side effects their ids (the parents of what their bodies dispatch) and hands each
/// finished item to the recording, an updater with the states around it.
///
/// This is the shape for a store without other instrumentation; ``ChainedDevToolsInstrumentation``
/// wraps the store's own (KatanaTracing, signposts). Two types rather than an optional inner one:
/// every copy of an optional existential, and every dynamic cast of a token, costs a call
/// through run-time type metadata on each item.
///
/// Generic over the store's state so that the states arrive as values
/// (``updaterDidEnd(_:token:outcome:before:after:sequence:)``) and go into the typed
/// ``StateSlots``: the state type is recognised by comparing metatypes, never by a cast.
struct DevToolsInstrumentation<S: State>: JournalingInstrumentation {
  let recording: DevToolsRecording
  let slots: StateSlots<S>

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    // An untimed updater needs no token at all.
    Self.begin(event, recording: recording)
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    guard let own = InstrumentationToken.own(token) else { return }
    recording.sideEffectEnded(event, id: own.id, start: own.start, outcome: outcome)
  }

  /// DevTools keeps the states around every updater (for diffs, the state tree, time travel).
  var observesStateChanges: Bool { true }

  /// The store journals its updaters while no page is connected (with interceptors, what the
  /// chain's end applied), and DevTools recomputes their states when the list is read
  /// (``JournalDrain``).
  func updaterJournal<Value: State>(for stateType: Value.Type) -> UpdaterJournal<Value>? {
    guard Value.self == S.self else { return nil }
    let journal = UpdaterJournal<Value>(capacity: recording.capacity)
    return recording.lockedStorage.withLock { storage -> UpdaterJournal<Value>? in
      // The slots are read under the recording's lock, as always.
      guard let make = slots.makeJournalDrain else { return nil }
      // `Value` is `S`: the same class.
      storage.journalDrain = make(unsafeDowncast(journal, to: UpdaterJournal<S>.self))
      storage.hasJournal = true
      // A page already connected needs each updater as it ends.
      journal.isOn = storage.observers.isEmpty
      return journal
    }
  }

  func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?
  ) {
    let start = InstrumentationToken.own(token)?.updaterStart
    if let change = change as? StateChange<S> {
      Self.record(
        event, start: start, outcome: outcome, before: change.before, after: change.after, sequence: change.sequence,
        recording: recording, slots: slots)
    } else {
      recording.updaterHandled(event, start: start, outcome: outcome)
    }
  }

  func updaterDidEnd<Value: State>(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, before: consuming Value,
    after: consuming Value, sequence: UInt64
  ) {
    // `nil`: an updater begun while nobody timed updaters.
    let start = token == nil ? nil : InstrumentationToken.own(token)?.updaterStart
    Self.record(
      event, start: start, outcome: outcome, before: before, after: after, sequence: sequence, recording: recording,
      slots: slots)
  }

  /// DevTools' token for an item that begins; `nil` for an updater begun while no page is
  /// connected (it is not timed).
  static func begin(_ event: DispatchEvent, recording: DevToolsRecording) -> InstrumentationToken? {
    // An updater gets its id when it ends, under the lock its record takes anyway: nothing can
    // name it as a parent before then that DevTools shows.
    guard event.kind == .stateUpdater else {
      return InstrumentationToken(id: recording.sideEffectBegins(), start: MonotonicClock.now())
    }
    guard recording.isTimingUpdaters else { return nil }
    return InstrumentationToken(id: 0, start: MonotonicClock.now())
  }

  /// Records an updater with its states, kept in `slots` when they are of its state type `S`.
  ///
  /// The states are exchanged with the slot's (``StateSlots/exchange(_:before:after:)``): the
  /// evicted states come back in `before` and `after`, and are released when this returns,
  /// outside the recording's lock.
  static func record<Value: State>(
    _ event: DispatchEvent, start: UInt64?, outcome: DispatchOutcome, before: consuming Value,
    after: consuming Value, sequence: UInt64, recording: DevToolsRecording, slots: StateSlots<S>
  ) {
    // Another state type cannot come from the attached store: nothing to keep.
    guard Value.self == S.self else { return recording.updaterHandled(event, start: start, outcome: outcome) }
    var before = before
    var after = after
    recording.record(id: 0, event: event, start: start, outcome: outcome, stateSequence: sequence) { write in
      switch write {
      case .slot(let slot): slots.exchange(slot, before: &before, after: &after)
      case .keepApp(let isBefore): slots.keepAppState(isBefore ? before : after)
      }
    }
  }
}
