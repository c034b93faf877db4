public import KatanaSupport

// Every route that applies an updater but the plain one (StoreCore.swift, "The plain dispatch"):
// a direct apply that must wait, the instrumented and journaled routes, delivery to listeners, the
// interceptor chain and its end.

extension StoreCore {
  /// The rest of a direct apply that was not simply applied: wait for the deliverer, wait in
  /// line, or report a release.
  @usableFromInline
  func finishDirectApply<T: StateUpdater>(_ step: ApplyStep<S>, updater: T, item: any Dispatchable)
    -> DispatchTask<Void> where T.StateType == S
  {
    switch step {
    case .applied:
      return .applied(type(of: item))
    case .deliver(let slot):
      deliver(slot)
      return .applied(type(of: item))
    case .waitForDelivery(let completion):
      return DispatchTask(storage: .pending(completion), item: item, dispatcher: self)
    case .released:
      return released(item)
    case .mustWait:
      return applyOrWait(updater, item: item, change: nil)
    }
  }

  /// Puts an updater (no interceptors) in line behind the initializer, or applies it, if the
  /// initializer let go of the line in the meantime.
  ///
  /// - Parameter change: where to keep the states around the update for the instrumentation, if
  ///   the store has one.
  @usableFromInline
  func applyOrWait<T: StateUpdater>(_ updater: T, item: any Dispatchable, change: ChangeBox<S>?) -> DispatchTask<Void>
  where T.StateType == S {
    let completion = DispatchCompletion()
    let entry = LineEntry(
      item: item, completion: completion,
      turn: .run { [self] in self.applyInTurn(updater, item: item, completion: completion, change: change) })
    var recording = BoxRecording(change)
    let step = withApplyingLock(type(of: item)) { machine in
      machine.apply({ updater.updateState(&$0) }, elseQueue: entry, recording: &recording, completion: completion)
    }
    guard let step else { return reentrantDispatch(item) }
    switch step {
    case .waitForDelivery:
      // Applied while another thread delivers, which settles `completion`; no longer droppable.
      _ = completion.markStarted(willStartTask: false)
      return DispatchTask(storage: .pending(completion), item: item, dispatcher: self)
    case .mustWait:
      // In line: `completion` settles it when its turn comes (or drops it if cancelled).
      return DispatchTask(storage: .pending(completion), item: item, dispatcher: self)
    case .applied, .deliver, .released:
      return finishDirectApply(step, updater: updater, item: item)
    }
  }

  /// Applies an updater (no interceptors) whose turn in line came.
  func applyInTurn<T: StateUpdater>(
    _ updater: T, item: any Dispatchable, completion: DispatchCompletion, change: ChangeBox<S>?
  ) where T.StateType == S {
    guard completion.markStarted(willStartTask: false) else { return }  // cancelled while in line
    var recording = BoxRecording(change)
    let step = applyUpdate(
      updater, as: type(of: item), when: .unlessReleased, recording: &recording, completion: completion)
    // The line's runner is never inside an updater, so the lock is never already this thread's.
    guard let step else { preconditionFailure("a store's line ran from inside an updater") }
    switch step {
    case .applied, .mustWait:
      completion.succeed()
    case .deliver(let slot):
      deliver(slot)
      completion.succeed()
    case .waitForDelivery:
      break  // the delivering thread settles it
    case .released:
      completion.fail(KatanaError.storeReleased(item.debugDescription))
    }
  }

  /// Dispatches an updater to a store with instrumentation but no interceptors: the same one lock
  /// round trip as without instrumentation, which also copies the states around the update when
  /// the instrumentation observes them.
  ///
  /// Inlinable so that it is specialised for the app's types: generic code here would look type
  /// metadata up at run time on every update.
  ///
  /// - Parameter itemType: the type of `item` when the caller knows it statically (reading it
  ///   out of the existential is a run-time call).
  @inlinable
  func dispatchInstrumented<T: StateUpdater>(
    _ updater: T, reportedAs reported: @autoclosure () -> any Dispatchable, callSite: DispatchCallSite?,
    itemType: (any Dispatchable.Type)? = nil
  ) -> DispatchTask<Void> where T.StateType == S {
    guard isInstrumented else { return applyDirectly(updater, reportedAs: reported()) }
    let itemType = itemType ?? type(of: reported())
    // The journal builds the item in its entry (``dispatchJournaled(_:item:itemType:callSite:journal:)``);
    // the reporting path below builds it once.
    if let updaterJournal,
      let task = dispatchJournaled(updater, item: reported(), itemType: itemType, callSite: callSite, journal: updaterJournal)
    {
      return task
    }
    let item = reported()
    let event = DispatchEvent(
      item: item, kind: .stateUpdater, queueWait: .zero, parent: InstrumentationScope.parent, callSite: callSite)
    let token = instrumentation.dispatchWillBegin(event)
    guard reportsStateChanges else {
      var recording = NoChangeRecording<S>()
      return applyReported(updater, item: item, itemType: itemType, event: event, token: token, recording: &recording)
    }
    // The states are copied into stack memory and handed over from there.
    return withUnsafeTemporaryAllocation(of: S.self, capacity: 2) { states in
      var recording = StatesRecording(into: states.baseAddress!)
      return applyReported(updater, item: item, itemType: itemType, event: event, token: token, recording: &recording)
    }
  }

  /// Applies an updater whose dispatch the instrumentation was told of (`event`, `token`), and
  /// reports its end with what `recording` kept: at once when applied, else when it settles.
  @inlinable
  func applyReported<T: StateUpdater, Recording: ReportedChangeRecording<S>>(
    _ updater: T, item: any Dispatchable, itemType: any Dispatchable.Type, event: DispatchEvent,
    token: (any Sendable)?, recording: inout Recording
  ) -> DispatchTask<Void> where T.StateType == S {
    guard let step = applyUpdate(updater, as: itemType, when: .ifReady, recording: &recording) else {
      let task: DispatchTask<Void> = reentrantDispatch(item)
      Self.reportEnd(of: task, to: instrumentation, event: event, token: token) { (event, nil) }
      return task
    }
    switch step {
    case .applied:
      recording.report(to: instrumentation, event: event, token: token, outcome: .completed)
      return .applied(itemType)
    case .deliver(let slot):
      deliver(slot)
      recording.report(to: instrumentation, event: event, token: token, outcome: .completed)
      return .applied(itemType)
    case .waitForDelivery(let completion):
      let applied = recording.take()
      completion.whenComplete { [instrumentation] outcome in
        instrumentation.updaterEnded(event, token: token, outcome: DispatchOutcome(outcome), applied: applied)
      }
      return DispatchTask(storage: .pending(completion), item: item, dispatcher: self)
    case .mustWait:
      return waitReported(updater, item: item, event: event, token: token)
    case .released:
      let task: DispatchTask<Void> = released(item)
      Self.reportEnd(of: task, to: instrumentation, event: event, token: token) { (event, nil) }
      return task
    }
  }

  /// An instrumented updater in line behind the initializer: the change, and how long it
  /// waited, are known when it is applied; its end reports both.
  @usableFromInline
  func waitReported<T: StateUpdater>(_ updater: T, item: any Dispatchable, event: DispatchEvent, token: (any Sendable)?)
    -> DispatchTask<Void> where T.StateType == S
  {
    let heldAt = ContinuousClock.now
    let change = ChangeBox<S>()
    let task = applyOrWait(updater, item: item, change: change)
    let reportsStateChanges = reportsStateChanges
    Self.reportEnd(of: task, to: instrumentation, event: event, token: token) {
      guard let applied = change.value else { return (event, nil) }
      let waited = DispatchEvent(
        item: event.item, kind: event.kind, queueWait: applied.appliedAt - heldAt, parent: event.parent,
        callSite: event.callSite)
      return (waited, reportsStateChanges ? applied.change : nil)
    }
    return task
  }

  /// Applies an updater and appends it to the instrumentation's journal (``UpdaterJournal``), in
  /// one lock round trip, when the store is ready and the journal is on.
  ///
  /// - Returns: the task, or `nil` (having done nothing) when the updater must take the reporting
  ///   path: the journal is off, the store is not ready, or this thread is inside an updater.
  @inlinable
  func dispatchJournaled<T: StateUpdater>(
    _ updater: T, item: @autoclosure () -> any Dispatchable, itemType: any Dispatchable.Type,
    callSite: DispatchCallSite?, journal: UpdaterJournal<S>
  ) -> DispatchTask<Void>? where T.StateType == S {
    // Without a parent in this process, the entry's parent is a literal `nil`: a parent read
    // into a local is an optional existential, copied into the entry and destroyed after it
    // through outlined value witnesses (34 instructions per W10 dispatch).
    let mayHaveParent = InstrumentationScope.hasBound
    let step = withApplyingLock(itemType) { machine -> ApplyStep<S>? in
      // Journaled only when ready: else the reporting path puts it in line.
      guard machine.isReady else { return nil }
      // The journal is asked first, as the chain's end asks it (``journalAppend(_:item:key:journal:)``):
      // a journal turned off takes nothing, and the reporting path handles the updater.
      let sequence = machine.journalChange { sequence, before in
        // The item is built here, as the argument the journal moves into its entry.
        mayHaveParent
          ? journal.append(
            item(), callSite: callSite, parent: InstrumentationScope.parent, sequence: sequence, stateBefore: before)
          : journal.append(item(), callSite: callSite, parent: nil, sequence: sequence, stateBefore: before)
      }
      guard sequence != 0 else { return nil }
      return machine.apply({ updater.updateState(&$0) }, when: .granted)
    }
    switch step {
    case .some(.some(.applied)): return .applied(itemType)
    case .some(.some(let applied)): return finishDirectApply(applied, updater: updater, item: item())
    case .some(.none), .none: return nil
    }
  }

  /// Reports the end of an updater's handling when `task` settles.
  ///
  /// - Parameter ending: the event to report the end with, and the change (`nil` when the
  ///   instrumentation does not observe state changes), read when it settles.
  @usableFromInline
  static func reportEnd(
    of task: DispatchTask<Void>, to instrumentation: any DispatchInstrumentation, event: DispatchEvent,
    token: (any Sendable)?, ending: @escaping @Sendable () -> (DispatchEvent, AppliedChange<S>?)
  ) {
    let report: @Sendable (DispatchOutcome) -> Void = { outcome in
      let (event, applied) = ending()
      instrumentation.updaterEnded(event, token: token, outcome: outcome, applied: applied)
    }
    switch task.storage {
    case .applied:
      report(.completed)
    case .completed(let outcome):
      report(DispatchOutcome(outcome))
    case .pending(let completion):
      completion.whenComplete { outcome in report(DispatchOutcome(outcome)) }
    }
  }

  // MARK: Listener delivery

  /// Tells the listeners about the update this thread just applied (left in `slot` by the apply
  /// that made this thread the deliverer), then delivers every update queued meanwhile.
  ///
  /// Only the thread that set `isDelivering` runs this, so calls to a listener never overlap and
  /// always arrive in update order. A listener that dispatches only queues more work here.
  /// Inlinable so that it is specialised for the store's state in the client: generic code here
  /// would look up type metadata at run time for every update.
  @inlinable
  func deliver(_ slot: DeliverySlot<S>) {
    let (delivery, listeners) = slot.take()
    Self.notify(listeners, of: delivery)
    deliverPendingUpdates()
  }

  /// Calls listeners for every queued update, oldest first, outside the lock, until none is left.
  @inlinable
  func deliverPendingUpdates() {
    // `withLock`: entered only by the deliverer, after its own apply let go of the lock.
    while let (delivery, listeners) = machine.withLock({ $0.nextDelivery() }) {
      Self.notify(listeners, of: delivery)
    }
  }

  /// Calls each listener registered before `delivery` was applied, then settles its dispatcher.
  @inlinable
  static func notify(_ listeners: [ListenerEntry<S>], of delivery: Delivery<S>) {
    for entry in listeners where entry.registeredAfter < delivery.sequence {
      entry.listener(delivery.oldState, delivery.newState)
    }
    delivery.completion?.succeed()
  }
}

// MARK: - Through interceptors

extension StoreCore {
  /// Dispatches a typed updater to a store with interceptors; see ``routeThroughChain(_:itemType:callSite:remember:)``.
  ///
  /// Never inlined: inlined into ``dispatchUpdater(_:callSite:)`` it made the direct path, which
  /// shares that function, lose its own inlining (W1 took 40 % more instructions).
  @inlinable @inline(never)
  func dispatchThroughChain<T: StateUpdater>(_ updater: T, callSite: DispatchCallSite?) -> DispatchTask<Void>
  where T.StateType == S {
    routeThroughChain(updater, itemType: T.self, callSite: callSite) {
      _ = $0.rememberApplier(for: T.self) { Self.applier(for: T.self) }
    }
  }

  /// Sends an updater through the interceptor chain: inline on this thread when nobody holds the
  /// line (it is then applied before this returns), else in line behind whoever holds it.
  ///
  /// - Parameter remember: records how to apply the item's type, under the lock.
  @inlinable
  func routeThroughChain(
    _ item: any Dispatchable, itemType: any Dispatchable.Type, callSite: DispatchCallSite?,
    remember: (inout StoreMachine<S, D>) -> Void = { _ in }
  ) -> DispatchTask<Void> {
    let thread = currentThreadID()
    // The lock hands back the chain when this thread claimed the line, `nil` when it could not
    // (busy or released: ``enqueueUpdater(_:callSite:remember:)`` tells which, under the lock).
    // In a struct: a bare closure as the lock's generic result is reabstracted (two
    // allocations); a `ChainClaim` carrying it was copied through run-time calls; a chain left
    // in a captured local was copied once more.
    let claimed = machine.withLockUnlessOwned { $0.claimUpdaterChain(thread: thread, remember: remember) }
    guard let claimed else { return reentrantDispatch(item) }
    guard let chain = claimed?.run else { return enqueueUpdater(item, callSite: callSite, remember: remember) }
    // Settled inside `dispatch`: no completion object is needed.
    var failure: (any Error)?
    if isInstrumented {
      failure = runInstrumentedUpdaterChain(chain, item: item, dispatchedAt: nil, parent: nil, callSite: callSite)
    } else {
      do { try chain(item) } catch { failure = error }
    }
    // `withLock`: the line's runner is outside any updater here. The line is almost always
    // idle after the chain: let go of it here, where the chain needs no second reference.
    if !machine.withLock({ $0.letGoIfIdle() }) { runWaiting(chain: chain) }
    guard let failure else { return .applied(itemType) }
    return .failed(failure, item: item, dispatcher: self)
  }

  /// Applies an item whose dynamic type is `T`; made once per type, where it is dispatched.
  @inlinable
  static func applier<T: StateUpdater>(for _: T.Type) -> UpdaterApplier<S, D> where T.StateType == S {
    guard isValueType(T.self) else {
      // A class instance dispatched under a superclass's static type is stored under that type,
      // so its existential does not open as `T` (its dynamic type, which the machine matched):
      // only a dynamic cast reaches it. Decided once per type, here, not per item.
      return { machine, item in
        let updater = openedItemPortably(item, as: T.self)
        return machine.apply({ updater.updateState(&$0) }, when: .granted)
      }
    }
    return { machine, item in
      // The machine calls an applier only for items of its own type (matched by
      // `ObjectIdentifier`, from the type the caller read), and a struct's or an enum's value is
      // always stored as its own type, so opening the existential as `T` needs no dynamic cast
      // (see OpenedItem.swift).
      let updater = openedItem(item, as: T.self)
      return machine.apply({ updater.updateState(&$0) }, when: .granted)
    }
  }

  /// ``applier(for:)`` for an updater type whose state was found at run time to be `S` (it came
  /// through `anyDispatch`, or an interceptor made it): applies through
  /// ``SameStateUpdater``.
  static func erasedApplier<T: StateUpdater>(for _: T.Type) -> UpdaterApplier<S, D> {
    { machine, item in
      // Portably: an erased item's existential may hold a class under a superclass's type.
      let updater = SameStateUpdater<T, S>(updater: openedItemPortably(item, as: T.self))
      return machine.apply({ updater.updateState(&$0) }, when: .granted)
    }
  }


  /// Puts an updater in line for the interceptor chain, behind whoever holds the line (a running
  /// chain, or the initializer). Runs it (and the line) at once if nobody turned out to hold it.
  ///
  /// A dispatcher on another thread than the chain's that finds the line full waits until it has
  /// drained to half, so that producers faster than the chain cannot grow it without bound.
  @usableFromInline
  func enqueueUpdater(
    _ item: any Dispatchable, callSite: DispatchCallSite?, remember: (inout StoreMachine<S, D>) -> Void = { _ in }
  ) -> DispatchTask<Void> {
    var entry = LineEntry(
      item: item, completion: DispatchCompletion(), turn: .updaterChain, dispatchedAt: isInstrumented ? .now : nil,
      parent: isInstrumented ? InstrumentationScope.parent : nil, callSite: isInstrumented ? callSite : nil)
    let thread = currentThreadID()
    while true {
      let admission = machine.withLockUnlessOwned { machine -> LineAdmission in
        remember(&machine)
        if isInstrumented, let token = parentOnChainThread(machine, thread: thread) { entry.parent = token }
        return machine.enqueueUpdater(entry, thread: thread)
      }
      guard let admission else { return reentrantDispatch(item) }
      switch admission {
      case .released:
        return released(item)
      case .queued:
        return DispatchTask(storage: .pending(entry.completion), item: item, dispatcher: self)
      case .runNow(let chain):
        run(entry, through: chain)
        runLine(chain: chain)
        return DispatchTask(storage: .pending(entry.completion), item: item, dispatcher: self)
      case .waitForBacklog(let waiter):
        waiter.wait()
      }
    }
  }

  /// The token of the updater whose chain `thread` is running, if it is the line's runner (an
  /// interceptor of that updater is dispatching). Call under the machine's lock.
  @inlinable
  func parentOnChainThread(_ machine: StoreMachine<S, D>, thread: UInt) -> (any Sendable)? {
    guard machine.lineRunner == thread else { return nil }
    return context.token
  }

  /// Runs an updater that waited in line through the chain and settles its completion.
  @inlinable
  func run(_ entry: LineEntry, through chain: StoreInterceptorNext) {
    guard entry.completion.markStarted(willStartTask: false) else { return }  // cancelled while in line
    if let error = runUpdaterChain(
      chain, item: entry.item, dispatchedAt: entry.dispatchedAt, parent: entry.parent, callSite: entry.callSite)
    {
      entry.completion.fail(error)
    } else {
      entry.completion.succeed()
    }
  }

  /// Runs an updater's interceptor chain on this thread (inline for an updater dispatched on it,
  /// or queued behind the chain); returns the error it threw, if any.
  ///
  /// - Parameters:
  ///   - dispatchedAt: when a queued updater was dispatched (`nil` when inline, or without
  ///     instrumentation).
  ///   - parent: the instrumentation token of who dispatched a queued updater.
  ///   - callSite: where it was dispatched.
  @inlinable
  func runUpdaterChain(
    _ chain: StoreInterceptorNext, item: any Dispatchable, dispatchedAt: DispatchInstant? = nil,
    parent: (any Sendable)? = nil, callSite: DispatchCallSite?
  ) -> (any Error)? {
    guard isInstrumented else {
      do {
        try chain(item)
        return nil
      } catch {
        return error
      }
    }
    return runInstrumentedUpdaterChain(
      chain, item: item, dispatchedAt: dispatchedAt, parent: parent, callSite: callSite)
  }

  /// Inlinable so that it is specialised for the app's types (see
  /// ``dispatchInstrumented(_:reportedAs:callSite:itemType:)``); never inlined, so that the chain's
  /// uninstrumented path stays small.
  @inlinable @inline(never)
  func runInstrumentedUpdaterChain(
    _ chain: StoreInterceptorNext, item: any Dispatchable, dispatchedAt: DispatchInstant?,
    parent: (any Sendable)?, callSite: DispatchCallSite?
  ) -> (any Error)? {
    if let updaterJournal, updaterJournal.isProbablyOn {
      return runJournaledUpdaterChain(chain, item: item, dispatchedAt: dispatchedAt, parent: parent, callSite: callSite)
    }
    let event = DispatchEvent(
      item: item, kind: .stateUpdater, queueWait: dispatchedAt?.elapsed ?? .zero,
      parent: parent ?? InstrumentationScope.parent, callSite: callSite)
    let token = instrumentation.dispatchWillBegin(event)
    var failure: (any Error)?
    // Items the interceptors dispatch meanwhile are queued behind this chain (or, side effects,
    // launched) on this thread, which names `token` as their parent.
    // Assigned only when there is one (an instrumentation that does not time updaters gives none): assigning an
    // optional existential copies it through its value witnesses.
    let hasToken = token.isSome
    if hasToken {
      // What the interceptors dispatch now has a parent.
      InstrumentationScope.noteBinding()
      context.token = token
    }
    do {
      try instrumentation.withSynchronousScope(of: token) { try chain(item) }
    } catch {
      failure = error
    }
    if hasToken { context.token = nil }
    reportChainEnd(event, token: token, failure: failure, withChange: reportsStateChanges)
    return failure
  }

  /// Reports the end of an updater's chain to the instrumentation: with the change the chain
  /// made (taken from the machine) when `withChange`, else with none (and any kept state before
  /// is forgotten).
  @inlinable
  func reportChainEnd(_ event: DispatchEvent, token: (any Sendable)?, failure: (any Error)?, withChange: Bool) {
    let outcome: DispatchOutcome = failure.map { .failed($0) } ?? .completed
    guard withChange else {
      // `withLock`: this thread runs the chain, outside any updater.
      if reportsStateChanges { machine.withLock { $0.forgetChangeBefore() } }
      instrumentation.updaterEnded(event, token: token, outcome: outcome, states: UnsafeMutablePointer<S>?.none, sequence: 0)
      return
    }
    // In stack memory, handed over: an optional of the state (or of a struct holding it) is
    // copied and destroyed through run-time value witnesses, and a copy would retain.
    withUnsafeTemporaryAllocation(of: S.self, capacity: 2) { states in
      let before = states.baseAddress!
      let after = before + 1
      // `withLock`: this thread runs the chain, outside any updater.
      let sequence = machine.withLock { $0.takeChange(into: before, after) }
      instrumentation.updaterEnded(event, token: token, outcome: outcome, states: before, sequence: sequence)
    }
  }

  /// Runs an updater's interceptor chain while the instrumentation's journal is on: the chain's
  /// end journals what it applies (``journalChainApply(_:item:key:journal:thread:step:)``), in the lock
  /// round trip it applies with, and nothing is reported for it. What the journal cannot carry
  /// is reported after the chain returns, with no duration (see ``UpdaterJournal``).
  @inlinable @inline(never)
  func runJournaledUpdaterChain(
    _ chain: StoreInterceptorNext, item: any Dispatchable, dispatchedAt: DispatchInstant?,
    parent: (any Sendable)?, callSite: DispatchCallSite?
  ) -> (any Error)? {
    // The parent, only when there can be one: copying and testing an optional existential goes
    // through its value witnesses, several times the cost of the rest of a journaled chain.
    let mayHaveParent = parent.isSome || InstrumentationScope.hasBound
    var start = JournaledChain(requestType: ObjectIdentifier(dynamicItemType(of: item)), callSite: callSite)
    if mayHaveParent {
      start.parent = parent ?? InstrumentationScope.parent
      start.hasParent = start.parent.isSome
    }
    let (failure, ended) = inJournaledChain(start) { () -> (any Error)? in
      do {
        try chain(item)
        return nil
      } catch {
        return error
      }
    }
    if ended.replacedSequence != 0 {
      // An interceptor passed another updater on: the journal lists this item, and replays the
      // one applied. (A reader taking the journal in between lists the applied one: the states
      // are the same.)
      updaterJournal?.noteRequest(item, for: ended.replacedSequence)
    }
    if failure == nil, ended.applies > 0, !ended.fellBack { return nil }
    // Swallowed by the interceptors, failed, or run while the journal was turned off: reported
    // as the instrumented chain reports it, after the fact.
    let event = DispatchEvent(
      item: item, kind: .stateUpdater, queueWait: dispatchedAt?.elapsed ?? .zero,
      parent: mayHaveParent ? parent ?? InstrumentationScope.parent : nil, callSite: callSite)
    let token = instrumentation.dispatchWillBegin(event)
    // A failed chain's change is reported only when an apply fell back (it kept one).
    reportChainEnd(
      event, token: token, failure: failure, withChange: reportsStateChanges && (failure == nil || ended.fellBack))
    return failure
  }

  /// Runs `body` (a chain's call) as the journaled chain `start`: the one place the context's
  /// journal is set, and reset. Returns what `body` returned and what the chain counted.
  @inlinable
  func inJournaledChain<R>(_ start: JournaledChain, _ body: () -> R) -> (R, JournaledChain) {
    context.journal = start
    let result = body()
    // Moved out, not copied: the parent, if any, is not copied through its value witnesses.
    var ended = JournaledChain()
    swap(&ended, &context.journal)
    return (result, ended)
  }

  /// Whether this thread runs a journaled chain of a store that can still apply. Call under the
  /// machine's lock; the runner is checked first, since only it may read the context's journal.
  @inlinable
  func isJournalingChain(_ machine: StoreMachine<S, D>, thread: UInt) -> Bool {
    machine.lineRunner == thread && context.journal.isOn && !machine.isReleased
  }

  /// Journals and applies `item` at the end of a journaled chain, when this thread runs that
  /// chain and the store knows how to apply the item's type. Call under the machine's lock.
  ///
  /// - Returns: whether it did (else the caller applies as usual: no journaled chain, an
  ///   unknown type, a released store, or a journal turned off, which ``JournaledChain/fellBack``
  ///   records).
  ///
  /// Never inlined: it runs only while a journal records a chain, and inlined into the chain's
  /// end it kept that end's lock closure from being inlined (W6: 26 instructions per dispatch).
  @inlinable @inline(never)
  func journalChainApply(
    _ machine: inout StoreMachine<S, D>, item: any Dispatchable, key: ObjectIdentifier, journal: UpdaterJournal<S>,
    thread: UInt, step: inout ApplyStep<S>
  ) -> Bool {
    guard isJournalingChain(machine, thread: thread), machine.knowsApplier(for: key) else { return false }
    guard journalAppend(&machine, item: item, key: key, journal: journal) else { return false }
    switch machine.applyFromChain(item, key: key) {
    case .some(.applied), .none: break
    case .some(let applied): step = applied
    }
    return true
  }

  /// Appends `item`, about to be applied at the end of the journaled chain this thread runs, to
  /// the journal; notes a journal found off. Under the machine's lock.
  @inlinable
  func journalAppend(
    _ machine: inout StoreMachine<S, D>, item: any Dispatchable, key: ObjectIdentifier, journal: UpdaterJournal<S>
  ) -> Bool {
    let sequence = machine.journalChange { sequence, before in
      // Two calls rather than one with the optional: passing a stored optional existential copies it.
      context.journal.hasParent
        ? journal.append(
          item, callSite: context.journal.callSite, parent: context.journal.parent, sequence: sequence,
          stateBefore: before)
        : journal.append(item, callSite: context.journal.callSite, parent: nil, sequence: sequence, stateBefore: before)
    }
    guard sequence != 0 else {
      context.journal.fellBack = true
      return false
    }
    context.journal.applies += 1
    if key != context.journal.requestType, context.journal.replacedSequence == 0 {
      context.journal.replacedSequence = sequence
    }
    return true
  }

  /// The last step of the updater chain: applies whatever updater the interceptors passed on.
  @inlinable
  func applyFromChain(_ item: any Dispatchable) throws {
    // The item's type, read once: the applier's key and the misuse messages' name.
    let itemType = dynamicItemType(of: item)
    let key = ObjectIdentifier(itemType)
    // Only a store with a journal needs to know which thread this is.
    let thread = updaterJournal == nil ? 0 : currentThreadID()
    // The lock hands back a trivial answer; the step is written out only when it is not the
    // common `.applied` (an optional of the generic step is copied through value witnesses).
    var step = ApplyStep<S>.applied
    guard
      let known = withApplyingLock(itemType, { machine in
        applyAtChainEnd(&machine, item: item, key: key, thread: thread, step: &step)
      })
    else { throw KatanaError.dispatchFromStateUpdater(item.debugDescription) }
    guard known else { return try applyUnknownFromChain(item) }
    if case .applied = step { return }
    try finishChainApply(step, item: item)
  }

  /// ``applyFromChain(_:)``'s work under the lock: journals the item if this thread runs a
  /// journaled chain, keeps the state before for the instrumentation, and applies the item with
  /// the applier remembered for its type.
  ///
  /// - Returns: whether an applier was known for the type (else nothing was applied).
  @inlinable @inline(__always)
  func applyAtChainEnd(
    _ machine: inout StoreMachine<S, D>, item: any Dispatchable, key: ObjectIdentifier, thread: UInt,
    step: inout ApplyStep<S>
  ) -> Bool {
    if let updaterJournal,
      journalChainApply(&machine, item: item, key: key, journal: updaterJournal, thread: thread, step: &step)
    {
      return true
    }
    // The state before is kept in place, not in a local optional (copied and destroyed through
    // outlined value witnesses on every item); only for an instrumentation that is handed it
    // (``reportChainEnd(_:token:failure:withChange:)`` takes it).
    let keptBefore = reportsStateChanges && machine.keepChangeBefore()
    // Switched on in place: binding the optional step copies it (through outlined copies).
    switch machine.applyFromChain(item, key: key) {
    case .none:
      if keptBefore { machine.forgetChangeBefore() }
      return false
    case .some(.applied):
      if isInstrumented { machine.chainApplyEnded(applied: true, keptBefore: keptBefore) }
      return true
    case .some(let applied):
      if isInstrumented { machine.chainApplyEnded(applied: applied.wasApplied, keptBefore: keptBefore) }
      step = applied
      return true
    }
  }

  /// The end of the chain for an item of a type no typed dispatch of this store has named (it
  /// came through `anyDispatch`, or an interceptor made it).
  @usableFromInline
  func applyUnknownFromChain(_ item: any Dispatchable) throws {
    switch DispatchKind.classify(item) {
    case .kind(.stateUpdater):
      if let updater = item as? any StateUpdater { try applyErased(updater, item: item) }
    case .kind(.sideEffect), .kind(.returningSideEffect):
      // An interceptor turned the updater into a side effect: handle it as a new dispatch.
      _ = anyDispatch(item)
    case .invalid(let reason):
      throw KatanaError.notDispatchable(item.debugDescription, reason: reason)
    }
  }

  /// The end of the chain for an updater of a type it did not know: checks its state type, learns
  /// how to apply the type (so the next item of it takes the known path), and applies it there.
  @usableFromInline
  func applyErased<T: StateUpdater>(_ updater: T, item: any Dispatchable) throws {
    guard T.StateType.self == S.self else { throw Self.stateMismatch(item, expected: T.StateType.self) }
    // Under the key the chain's end looks the item up by (its dynamic type), so that the call
    // below finds it.
    let itemType = dynamicItemType(of: item)
    let known = machine.withLockUnlessOwned { machine in
      machine.rememberApplier(for: itemType) { Self.erasedApplier(for: T.self) }
    }
    guard let known else { throw KatanaError.dispatchFromStateUpdater(item.debugDescription) }
    // Always known here (a state updater that is no side effect); checked, so that this never
    // calls itself back.
    guard known else { preconditionFailure("no applier was remembered for \(T.self)") }
    try applyFromChain(item)
  }

  /// Completes an apply made at the end of the chain: tells listeners, or reports a release.
  @inlinable
  func finishChainApply(_ step: ApplyStep<S>, item: any Dispatchable) throws {
    switch step {
    case .applied, .mustWait:
      return
    case .deliver(let slot):
      deliver(slot)
    case .waitForDelivery:
      // Cannot happen: with interceptors every update is applied by the one thread running the
      // chain, which delivers before the chain returns, so nobody else is ever delivering. Were
      // it to happen, the deliverer would still tell the listeners.
      return
    case .released:
      throw KatanaError.storeReleased(item.debugDescription)
    }
  }
}

extension DispatchOutcome {
  @inlinable
  init(_ outcome: DispatchCompletion.Outcome) {
    switch outcome {
    case .success: self = .completed
    case .failure(let error): self = .failed(error)
    }
  }
}
