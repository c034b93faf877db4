import Katana
import Testing

/// `DispatchTask`: a handle that can be awaited many times, from many places.
@Suite("Dispatch tasks")
struct DispatchTaskTests {
  @Test("awaiting a handle twice yields the same outcome without running the item again")
  func awaitingTwice() async throws {
    let store = await makeReadyStore()
    let runs = Counter()
    let task = store.dispatch(
      ReturningClosureSideEffect { _ in
        runs.increment()
        var state = AppState()
        state.user.users = [User(username: "once")]
        return state
      })
    let copy = task

    let first = try await task.value
    let second = try await copy.value

    #expect(first == second)
    #expect(runs.value == 1)
  }

  @Test("many tasks awaiting one handle all receive its error")
  func manyAwaitersReceiveTheError() async throws {
    let store = await makeReadyStore()
    let gate = Gate()
    let task = store.dispatch(
      ClosureSideEffect { _ in
        await gate.wait()
        throw TestError.attempt(9)
      })

    let awaiting = Counter()
    let errors = await withTaskGroup(of: TestError?.self) { group in
      for _ in 0..<10 {
        group.addTask {
          awaiting.increment()
          do {
            try await task.value
            return nil
          } catch {
            return error as? TestError
          }
        }
      }
      group.addTask {
        // Fail the side effect only once every awaiter is on its way to the handle's value.
        await awaiting.wait(forValue: 10, "ten tasks await the handle")
        gate.open()
        return .attempt(9)
      }
      var errors: [TestError?] = []
      for await error in group { errors.append(error) }
      return errors
    }

    #expect(errors.count == 11)
    #expect(errors.allSatisfy { $0 == .attempt(9) })
  }

  @Test("anyDispatch yields () for updaters and side effects and the value for returning side effects")
  func anyDispatchValues() async throws {
    let store = await makeReadyStore(interceptors: [passThroughInterceptor])

    let updater = try await store.anyDispatch(AddTodo()).value
    let sideEffect = try await store.anyDispatch(ClosureSideEffect()).value
    let returning = try await store.anyDispatch(Multiply(a: 2, b: 21)).value

    #expect(updater is Void)
    #expect(sideEffect is Void)
    #expect(returning as? Int == 42)
  }

  @Test("the debug description of an item is its fully qualified type name")
  func debugDescriptionIsTypeName() {
    #expect(AddTodo().debugDescription == "KatanaTests.AddTodo")
    #expect(Multiply(a: 1, b: 1).debugDescription == "KatanaTests.Multiply")
  }
}
