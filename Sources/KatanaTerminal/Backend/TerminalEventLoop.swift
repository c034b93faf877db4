/// Drives a ``TerminalBackend``: feeds it terminal events and draws frames when it changes, at
/// most ``FrameLimiter/minimumInterval`` apart, through a ``ScreenBuffer`` so only changed cells
/// are written.
///
/// Frame requests made during one turn of the main actor are coalesced into one frame, drawn on
/// a later turn; when the last frame is too recent, the frame waits on the injected clock.
@MainActor
public final class TerminalEventLoop {
  /// The backend being drawn.
  public let backend: TerminalBackend
  /// Keys that end ``run(events:)``; they are not passed to the backend.
  public var quitKeys: Set<TerminalKeyPress>
  /// Keys that call ``onSuspend`` (when set) instead of reaching the backend; ``TerminalApp``
  /// binds Ctrl-Z to ``TerminalSession/suspend()``.
  public var suspendKeys: Set<TerminalKeyPress> = []
  /// Suspends the app (job control); nil passes ``suspendKeys`` to the backend like other keys.
  public var onSuspend: (@MainActor () -> Void)?
  /// How many frames were drawn so far.
  public private(set) var framesDrawn = 0
  /// How many bytes of output frames produced so far.
  public private(set) var bytesWritten = 0

  private var screen: ScreenBuffer
  private var limiter: FrameLimiter
  private let output: (String) -> Void
  private let elapsed: @Sendable () -> Duration
  private let sleep: @Sendable (Duration) async throws -> Void
  private var pendingFrame: Task<Void, Never>?
  private var pendingAnimationFrame: Task<Void, Never>?
  private var isRunning = false
  private var stopRequested = false
  /// The window title last written, if the app set one.
  private var writtenTitle: String?

  /// A loop for `backend` writing frames with `output`.
  ///
  /// - Parameters:
  ///   - backend: the backend whose renderer draws the frames and hears the input.
  ///   - maximumFramesPerSecond: the frame-rate cap (animations step no faster than this).
  ///   - clock: times the cap; tests pass a manual clock.
  ///   - quitKeys: keys that end the loop; Ctrl-C and Ctrl-Q by default.
  ///   - output: writes a frame's bytes to the terminal (``TerminalSession/write(_:)``).
  public init<C: Clock>(
    backend: TerminalBackend,
    maximumFramesPerSecond: Int = 30,
    clock: C,
    quitKeys: Set<TerminalKeyPress> = [.control("c"), .control("q")],
    output: @escaping (String) -> Void
  ) where C.Duration == Duration {
    self.backend = backend
    self.quitKeys = quitKeys
    self.output = output
    screen = ScreenBuffer(size: backend.size, colorSupport: backend.colorSupport)
    limiter = FrameLimiter(maximumFramesPerSecond: maximumFramesPerSecond)
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleep = { offset in try await clock.sleep(until: start.advanced(by: offset), tolerance: nil) }
    backend.onNeedsDisplay = { [weak self] in self?.requestFrame() }
  }

  /// Asks for a frame; it is drawn on a later turn, no sooner than the frame-rate cap allows.
  /// Several requests before it is drawn make one frame.
  public func requestFrame() {
    guard pendingFrame == nil else { return }
    let now = elapsed()
    let time = limiter.frameTime(requestedAt: now)
    let sleep = sleep
    pendingFrame = Task { [weak self] in
      if time > now { try? await sleep(time) }
      guard let self else { return }
      pendingFrame = nil
      drawFrame()
    }
  }

  /// While a spinner or an indeterminate bar is on screen: a frame when its next step is due,
  /// on the injected clock.
  private func requestAnimationFrame() {
    guard pendingAnimationFrame == nil else { return }
    let interval = TerminalBackend.animationFrameInterval
    let due = interval * (Int(elapsed() / interval) + 1)
    let sleep = sleep
    pendingAnimationFrame = Task { [weak self] in
      do { try await sleep(due) } catch { return }
      guard let self else { return }
      pendingAnimationFrame = nil
      requestFrame()
    }
  }

  /// Draws a frame now, whatever the cap says (the first frame, tests).
  public func drawFrame() {
    if screen.size != backend.size { screen.resize(to: backend.size) }
    backend.animationTime = elapsed()
    backend.draw(into: &screen.back)
    if backend.hasAnimatedElements { requestAnimationFrame() }
    let bytes = screen.present()
    limiter.recordFrame(at: elapsed())
    framesDrawn += 1
    let frame = titleChange() + bytes
    guard !frame.isEmpty else { return }
    bytesWritten += frame.utf8.count
    output(frame)
  }

  /// The sequence that sets the window title to the backend's, when it changed: the first time,
  /// the terminal's own title is saved first (xterm's title stack), to be restored at the end.
  private func titleChange() -> String {
    guard let title = backend.windowTitle, title != writtenTitle else { return "" }
    let save = writtenTitle == nil ? EscapeSequence.saveWindowTitle : ""
    writtenTitle = title
    return save + EscapeSequence.windowTitle(title)
  }

  /// Draws the first frame, then handles `events` until a quit key, ``stop()``, or the end of
  /// the sequence.
  public func run<Events: AsyncSequence<TerminalEvent, Never>>(events: Events) async {
    isRunning = true
    defer {
      isRunning = false
      pendingFrame?.cancel()
      pendingFrame = nil
      pendingAnimationFrame?.cancel()
      pendingAnimationFrame = nil
      if writtenTitle != nil {
        output(EscapeSequence.restoreWindowTitle)
        writtenTitle = nil
      }
    }
    drawFrame()
    for await event in events {
      if case .key(let press) = event, quitKeys.contains(press) { return }
      if case .key(let press) = event, suspendKeys.contains(press), let onSuspend {
        onSuspend()
        continue
      }
      switch event {
      case .resize(let size), .resume(let size):
        // The terminal may have reflowed or cleared (or, after a stop, shown the shell): redraw
        // every cell.
        screen.resize(to: size)
      default:
        break
      }
      backend.handle(event)
      if case .resume = event { requestFrame() }
      if stopRequested { return }
    }
  }

  /// Ends ``run(events:)`` after the event being handled (call it from an event handler).
  public func stop() {
    stopRequested = true
  }
}
