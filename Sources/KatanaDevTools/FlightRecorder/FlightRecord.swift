import Katana

/// One handled item on its way from the store's thread to the flight recorder's queue: only
/// references and static strings, so the hand-off copies nothing.
struct FlightRecord: Sendable {
  let item: any Dispatchable
  let kind: DispatchKind
  let callSite: DispatchCallSite?
  /// The states around an updater, as the store made them; `nil` for a side effect.
  let change: (any AnyStateChange)?
  let error: (any Error)?
  /// Seconds since 1970, when handling ended.
  let time: Double
}
