import Foundation
import KatanaPersistence

extension DevTools {
  /// Returns once every item the store handled before the call is in the flight recorder's
  /// file (written, not necessarily forced to the disk: it survives the process being killed,
  /// not a power loss). Returns at once without a flight recorder.
  public func flushFlightRecorder() async {
    await flightRecorder?.queue.flush()
  }

  /// The failure that stopped the flight recorder, if one did; `nil` while it writes (and
  /// without one).
  public var flightRecorderError: DevToolsFlightRecorderError? {
    flightRecorder?.writer.error
  }

  /// Opens a flight recording (or an exported session) in DevTools: puts the attached store in
  /// the recording's first state and replays its updaters, so the page lists them with their
  /// diffs and the app shows the state at the end. The file is only read.
  ///
  /// - Parameter path: the recording, as ``DevToolsFlightRecorder`` wrote it, or a session file.
  /// - Returns: the recording, with every item it kept (side effects and call sites too), to
  ///   print what led up to the end; for a session, its updaters.
  /// - Throws: ``DevToolsFlightRecordingError`` for a file that cannot be read (nothing is
  ///   dispatched then), or ``DevToolsFlightRecordingError/cannotReplay(reason:)`` when the
  ///   store is gone.
  @discardableResult
  public func open(recordingAt path: String) throws(DevToolsFlightRecordingError) -> DevToolsFlightRecording<S> {
    let found: Data?
    do {
      found = try POSIXFileSystem().contentsOfFile(at: path)
    } catch {
      throw .unreadableFile(path: path, reason: error.description)
    }
    guard let data = found else { throw .unreadableFile(path: path, reason: "no such file") }
    let recording: DevToolsFlightRecording<S>
    if DevToolsFlightRecording<S>.isFlightRecording(data) {
      recording = try DevToolsFlightRecording(data: data, registry: recorder.registry)
    } else {
      do throws(DevToolsSessionError) {
        recording = DevToolsFlightRecording(session: try DevToolsSession(data: data, registry: recorder.registry))
      } catch {
        throw .notAFlightRecording(reason: "nor a session: \(error.description)")
      }
    }
    do {
      _ = try recorder.importSession(data)
    } catch {
      throw .cannotReplay(reason: error.description)
    }
    return recording
  }
}
