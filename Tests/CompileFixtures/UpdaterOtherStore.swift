// expect-error: is deprecated: the updater's StateType is not this store's state type
// An updater of one state type dispatched to a store of another.
import Katana

struct AppState: State { var count = 0 }
struct OtherState: State {}

struct Increment: StateUpdater {
  func updateState(_ state: inout AppState) { state.count += 1 }
}

func use() {
  let store = Store<OtherState, EmptySideEffectDependencyContainer>()
  store.dispatch(Increment())
}
