import Foundation
import Katana

/// The flight recorder's attachment to the store, installed inside DevTools' own
/// instrumentation: it hands every finished item to the bounded queue and passes everything else
/// through to the instrumentation it wraps. It has no token of its own (the wrapped one's go
/// through untouched), so it adds no allocation per item.
struct FlightRecorderInstrumentation: DispatchInstrumentation {
  let queue: FlightRecorderQueue
  let inner: (any DispatchInstrumentation)?

  func dispatchWillBegin(_ event: DispatchEvent) -> (any Sendable)? {
    inner?.dispatchWillBegin(event)
  }

  func dispatchDidEnd(_ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome) {
    inner?.dispatchDidEnd(event, token: token, outcome: outcome)
    record(event, outcome: outcome, change: nil)
  }

  var observesStateChanges: Bool { true }

  func updaterDidEnd(
    _ event: DispatchEvent, token: (any Sendable)?, outcome: DispatchOutcome, change: (any AnyStateChange)?
  ) {
    inner?.updaterDidEnd(event, token: token, outcome: outcome, change: change)
    record(event, outcome: outcome, change: change)
  }

  func stateInitializerDidFail(_ error: any Error) {
    inner?.stateInitializerDidFail(error)
  }

  func withScope(
    of token: (any Sendable)?, _ operation: () async throws -> any Sendable
  ) async throws -> any Sendable {
    guard let inner else { return try await operation() }
    return try await inner.withScope(of: token, operation)
  }

  func withSynchronousScope(of token: (any Sendable)?, _ operation: () throws -> Void) rethrows {
    guard let inner else { return try operation() }
    try inner.withSynchronousScope(of: token, operation)
  }

  private func record(_ event: DispatchEvent, outcome: DispatchOutcome, change: (any AnyStateChange)?) {
    let error: (any Error)?
    if case .failed(let failure) = outcome { error = failure } else { error = nil }
    queue.enqueue(
      FlightRecord(
        item: event.item, kind: event.kind, callSite: event.callSite, change: change, error: error,
        time: Date().timeIntervalSince1970))
  }
}
