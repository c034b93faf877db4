import Testing

@testable import Katana

/// ``DispatchCompletionMachine`` as a pure value: every transition, and every event it refuses.
@Suite("DispatchCompletionMachine")
struct DispatchCompletionTests {
  typealias Machine = DispatchCompletionMachine

  struct Boom: Error {}

  static func value(_ outcome: Machine.Outcome?) -> Int? {
    guard case .success(let value)? = outcome else { return nil }
    return value as? Int
  }

  @Test("an item completes once: the first outcome stands and later ones are refused")
  func completesOnce() {
    var machine = Machine(cancellation: .droppable)
    #expect(machine.outcome == nil)
    let keptWaiter = machine.wait(.callback({ _ in }))
    #expect(keptWaiter == nil, "a waiter of a pending item is kept")
    let waiters = machine.complete(.success(1))
    #expect(waiters?.count == 1, "the waiters go to the caller to resume")
    let secondCompletion = machine.complete(.success(2))
    #expect(secondCompletion == nil)
    let failureAfter = machine.complete(.failure(Boom()))
    #expect(failureAfter == nil)
    #expect(Self.value(machine.outcome) == 1)
    let lateWaiter = machine.wait(.callback({ _ in }))
    #expect(Self.value(lateWaiter) == 1, "a late waiter gets the outcome at once")
  }

  @Test("an updater that starts can no longer be dropped; cancelling it does nothing")
  func startedUpdaterIsNotCancellable() {
    var machine = Machine(cancellation: .droppable)
    let started = machine.start(willStartTask: false)
    #expect(started)
    guard case .none = machine.cancel() else {
      Issue.record("a running updater was cancelled")
      return
    }
    #expect(machine.outcome == nil)
    let completed = machine.complete(.success(()))
    #expect(completed != nil)
  }

  @Test("cancelling an item that has not started drops it: CancellationError, and it must not start")
  func cancelDrops() {
    var machine = Machine(cancellation: .droppable)
    _ = machine.wait(.callback({ _ in }))
    guard case .drop(let waiters, let outcome) = machine.cancel() else {
      Issue.record("a droppable item was not dropped")
      return
    }
    #expect(waiters.count == 1)
    guard case .failure(let error) = outcome, error is CancellationError else {
      Issue.record("dropped without CancellationError")
      return
    }
    let startedAfterDrop = machine.start(willStartTask: false)
    #expect(!startedAfterDrop, "a dropped item must not run")
    guard case .none = machine.cancel() else {
      Issue.record("a settled item was cancelled again")
      return
    }
    let completedAfterDrop = machine.complete(.success(()))
    #expect(completedAfterDrop == nil, "a dropped item cannot complete")
  }

  @Test("a side effect cancelled before its task exists cancels the task as soon as it is handed over")
  func cancelBeforeTheTask() {
    var machine = Machine(cancellation: .droppable)
    let started = machine.start(willStartTask: true)
    #expect(started)
    guard case .none = machine.cancel() else {
      Issue.record("a side effect without a task yet was dropped or cancelled")
      return
    }
    guard case .none = machine.cancel() else {
      Issue.record("a second cancel acted")
      return
    }
    let cancelNow = machine.taskStarted({})
    #expect(cancelNow, "the caller cancels the new task at once")
    #expect(machine.outcome == nil, "the body decides the outcome")
  }

  @Test("a running side effect's cancel calls its canceller; none once it completed")
  func cancelRunningTask() {
    var machine = Machine(cancellation: .droppable)
    let started = machine.start(willStartTask: true)
    #expect(started)
    let cancelNow = machine.taskStarted({})
    #expect(!cancelNow, "kept: nobody cancelled yet")
    guard case .call = machine.cancel() else {
      Issue.record("the running task's canceller was not called")
      return
    }
    _ = machine.complete(.failure(CancellationError()))
    guard case .none = machine.cancel() else {
      Issue.record("a completed side effect was cancelled")
      return
    }
    let lateCanceller = machine.taskStarted({})
    #expect(!lateCanceller, "a canceller handed over after completion is not kept or called")
  }

  @Test("starting twice keeps the first start (a cancel that came in between is not forgotten)")
  func startTwice() {
    var machine = Machine(cancellation: .droppable)
    let started = machine.start(willStartTask: true)
    #expect(started)
    _ = machine.cancel()
    let startedAgain = machine.start(willStartTask: true)
    #expect(startedAgain)
    let cancelNow = machine.taskStarted({})
    #expect(cancelNow, "the earlier cancel still applies to the task")
  }

  @Test("a completion made for an applied update waiting for delivery cannot be dropped")
  func runningFromTheStart() {
    let completion = DispatchCompletion.running()
    completion.cancel()
    #expect(completion.finishedOutcome == nil)
    completion.succeed()
    guard case .success? = completion.finishedOutcome else {
      Issue.record("not completed")
      return
    }
  }
}
