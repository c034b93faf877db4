/// An import or export of notes: how far it has gone and how it ended.
public struct TransferProgress: Codable, Equatable, Sendable {
  /// Which way the notes go.
  public enum Kind: String, Codable, Sendable {
    /// From a file into the app.
    case `import`
    /// From the app into a file.
    case export
  }

  /// Where a transfer stands.
  public enum Phase: Codable, Equatable, Sendable {
    /// Running: ``TransferProgress/done`` of ``TransferProgress/total`` notes so far.
    case running
    /// Finished: every note went.
    case finished
    /// Cancelled by the user: nothing was imported, or no file was written.
    case cancelled
    /// Stopped by an error; the message is for the user.
    case failed(String)
  }

  public var kind: Kind
  /// The file read or written.
  public var path: String
  /// Notes handled so far.
  public var done: Int
  /// Notes in all; 0 until known.
  public var total: Int
  public var phase: Phase

  public init(kind: Kind, path: String, done: Int = 0, total: Int = 0, phase: Phase = .running) {
    self.kind = kind
    self.path = path
    self.done = done
    self.total = total
    self.phase = phase
  }

  /// Whether the transfer is still going.
  public var isRunning: Bool { phase == .running }

  /// How far it has gone, 0 to 1; 0 while the total is unknown.
  public var fraction: Double { total > 0 ? Double(done) / Double(total) : 0 }
}
