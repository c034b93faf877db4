/// What an apply keeps of the change it makes, for the instrumentation: with the admission, what
/// differs between the routes that apply an updater (see ``StoreMachine/apply(_:when:recording:completion:)``).
/// A journal is not a recording: it may turn a change down, so it is asked first, by its own
/// event (``StoreMachine/journalChange(_:)``), in the same hold of the lock.
///
/// A strategy the compiler specialises into the machine's one apply: a store that records
/// nothing (``NoChangeRecording``) pays nothing for the choice.
@usableFromInline
protocol ChangeRecording<S> {
  associatedtype S: State
  /// Whether an applied change is counted (``StateChange/sequence``); only for recordings the
  /// instrumentation reads.
  static var countsChange: Bool { get }
  /// Called under the lock right before the update, with the state before it and the sequence
  /// the change gets if it is counted.
  mutating func willApply(_ before: S, sequence: UInt64)
  /// Called under the lock right after the update, with the state after it.
  mutating func didApply(_ after: S, sequence: UInt64)
}

/// Keeps nothing: a store without instrumentation, or one that does not observe states.
@usableFromInline
struct NoChangeRecording<S: State>: ChangeRecording {
  /// Never read. It gives each recording an address of its own: ThreadSanitizer checks every
  /// `inout` access by address, every value of an empty type has the same one, and two threads'
  /// applies were reported as a race on it. Optimised away (the cost guard's counts did not move).
  @usableFromInline var distinctAddress: UInt8 = 0

  @inlinable init() {}
  @inlinable static var countsChange: Bool { false }
  @inlinable func willApply(_ before: S, sequence: UInt64) {}
  @inlinable func didApply(_ after: S, sequence: UInt64) {}
}

/// Copies the states around the update into memory the caller owns (and then hands over to the
/// instrumentation): an optional of the state, or of a struct holding it, is copied and destroyed
/// through run-time value witnesses even in specialised code.
@usableFromInline
struct StatesRecording<S: State>: ChangeRecording {
  /// Uninitialised until ``willApply(_:sequence:)``; `after` follows it.
  @usableFromInline let before: UnsafeMutablePointer<S>
  /// The change's sequence once applied; 0 while nothing is initialised.
  @usableFromInline private(set) var sequence: UInt64 = 0

  /// - Parameter states: room for two states, uninitialised.
  @inlinable
  init(into states: UnsafeMutablePointer<S>) {
    before = states
  }

  @inlinable var after: UnsafeMutablePointer<S> { before + 1 }
  @inlinable static var countsChange: Bool { true }

  @inlinable
  func willApply(_ before: S, sequence: UInt64) {
    self.before.initialize(to: before)
  }

  @inlinable
  mutating func didApply(_ after: S, sequence: UInt64) {
    self.after.initialize(to: after)
    self.sequence = sequence
  }

  /// Moves the states out, for a report made later (nothing stays initialised).
  @inlinable
  mutating func take() -> AppliedChange<S>? {
    guard sequence != 0 else { return nil }
    defer { sequence = 0 }
    return AppliedChange(before: before.move(), after: after.move(), sequence: sequence)
  }
}

/// Keeps the change in a box, read when an update that waited in line is reported.
@usableFromInline
struct BoxRecording<S: State>: ChangeRecording {
  /// `nil`: keeps nothing (a store without instrumentation).
  @usableFromInline let box: ChangeBox<S>?
  @usableFromInline var before: S?

  @inlinable
  init(_ box: ChangeBox<S>?) {
    self.box = box
  }

  @inlinable static var countsChange: Bool { true }

  @inlinable
  mutating func willApply(_ before: S, sequence: UInt64) {
    if box != nil { self.before = before }
  }

  @inlinable
  mutating func didApply(_ after: S, sequence: UInt64) {
    guard let box, let before = before.take() else { return }
    box.set(AppliedChange(before: before, after: after, sequence: sequence))
  }
}

/// A recording the instrumented route reports an updater's end with.
@usableFromInline
protocol ReportedChangeRecording<S>: ChangeRecording {
  /// Reports the end now, handing over what was kept (nothing stays kept).
  mutating func report(
    to instrumentation: any DispatchInstrumentation, event: DispatchEvent, token: (any Sendable)?,
    outcome: DispatchOutcome)
  /// Moves what was kept out, for a report made when the update settles.
  mutating func take() -> AppliedChange<S>?
}

extension NoChangeRecording: ReportedChangeRecording {
  @inlinable
  func report(
    to instrumentation: any DispatchInstrumentation, event: DispatchEvent, token: (any Sendable)?,
    outcome: DispatchOutcome
  ) {
    instrumentation.updaterEnded(event, token: token, outcome: outcome, states: UnsafeMutablePointer<S>?.none, sequence: 0)
  }

  @inlinable
  func take() -> AppliedChange<S>? { nil }
}

extension StatesRecording: ReportedChangeRecording {
  @inlinable
  mutating func report(
    to instrumentation: any DispatchInstrumentation, event: DispatchEvent, token: (any Sendable)?,
    outcome: DispatchOutcome
  ) {
    guard sequence != 0 else {
      instrumentation.updaterEnded(
        event, token: token, outcome: outcome, states: UnsafeMutablePointer<S>?.none, sequence: 0)
      return
    }
    // Handed over: the instrumentation owns (and destroys) them.
    instrumentation.updaterEnded(event, token: token, outcome: outcome, states: before, sequence: sequence)
    sequence = 0
  }
}
