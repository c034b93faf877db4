import CounterCore
import KatanaPersistence

/// The counter's updaters under stable names, so that DevTools' exported sessions and flight
/// recordings can replay them (`--devtools-open`).
enum CounterJournal {
  static var registry: JournalRegistry<CounterState> {
    var registry = JournalRegistry<CounterState>()
    registry.register(CounterActions.Increment.self, as: "counter.increment")
    registry.register(CounterActions.Decrement.self, as: "counter.decrement")
    registry.register(CounterActions.SetCounter.self, as: "counter.set")
    registry.register(CounterActions.StartFromTen.self, as: "counter.startFromTen")
    return registry
  }
}
