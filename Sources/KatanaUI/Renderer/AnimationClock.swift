/// The renderer's view of its injected `Clock`: time elapsed since the renderer was created, and
/// sleeping until such an offset. Offsets are taken synchronously when a transition is planned,
/// so a manual clock advanced before the sleep starts still wakes it.
struct AnimationClock: Sendable {
  let elapsed: @Sendable () -> Duration
  let sleep: @Sendable (_ untilOffset: Duration) async throws -> Void

  init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleep = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
  }
}
