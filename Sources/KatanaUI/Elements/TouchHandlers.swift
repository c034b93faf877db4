/// A closure run for a touch phase; runs on the main actor.
public typealias TouchHandlerClosure = @MainActor () -> Void

/// Runs the handlers whose event set contains `event`; `true` when one ran.
@MainActor
func runTouchHandlers(_ handlers: [TouchHandlerEvent: TouchHandlerClosure], for event: TouchHandlerEvent) -> Bool {
  var handled = false
  for (events, handler) in handlers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where events.contains(event) {
    handler()
    handled = true
  }
  return handled
}
