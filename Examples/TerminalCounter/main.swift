import Foundation
import Katana
import KatanaTerminal
import KatanaUI

// The seed's counter screen, in the terminal. Keys: Tab / arrows move the focus, Enter / Space
// (or a mouse click) press a button, q or Ctrl-C quits.
let store = Store<CounterState, EmptySideEffectDependencyContainer>()
do {
  try await TerminalApp.run(
    CounterScreen(props: CounterScreenProps()),
    store: store,
    configuration: TerminalApp.Configuration(quitKeys: [.character("q"), .control("c"), .control("q")])
  )
  print("Final count: \(store.state.counter)")
} catch {
  FileHandle.standardError.write(Data("TerminalCounter: \(error)\n".utf8))
  exit(1)
}
