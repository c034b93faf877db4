import Foundation
import Katana
import KatanaPersistence

extension DevToolsSession {
  /// What the page's Import and ``DevTools/open(recordingAt:)`` accept: a session file, or a
  /// flight recording (recognised by its first line) turned into a session.
  static func importing(_ data: Data, registry: JournalRegistry<S>) throws(DevToolsImportError) -> DevToolsSession<S> {
    if DevToolsFlightRecording<S>.isFlightRecording(data) {
      do throws(DevToolsFlightRecordingError) {
        return try DevToolsFlightRecording(data: data, registry: registry).session()
      } catch {
        throw .flightRecording(error)
      }
    }
    do throws(DevToolsSessionError) {
      return try DevToolsSession(data: data, registry: registry)
    } catch {
      throw .session(error)
    }
  }
}
