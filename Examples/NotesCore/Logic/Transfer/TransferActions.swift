import Foundation
public import Katana
public import KatanaUI
public import KatanaPersistence

/// Import and export of many notes, with progress and a cancel: the module's public interface.
///
/// One transfer runs at a time (``ID/transfer``; a second one started meanwhile is cancelled as
/// it starts). Progress goes to ``NotesState/transfer`` after every batch of the
/// ``TransferManager``; ``Cancel`` stops the transfer at its next pause, and a cancelled transfer
/// leaves no trace: an import adds nothing, an export writes no file.
public enum TransferActions {
  /// What a transfer runs under, and ``Cancel`` cancels.
  public enum ID: Hashable, Sendable {
    case transfer
  }

  // MARK: Updaters

  /// Adds imported notes at the end, with new ids, each the newest; folders the app does not
  /// have yet are added after the others. One undoable change: one undo takes the import back.
  public struct AddImported: Undoable, Codable, Equatable {
    /// The notes read from the file.
    public var notes: [NoteContent]
    public init(notes: [NoteContent]) { self.notes = notes }
    public func updateState(_ state: inout NotesState) {
      for content in notes {
        if !state.folders.contains(content.folder) { state.folders.append(content.folder) }
        state.notes.append(Note(
          id: state.nextID, folder: content.folder, title: content.title, body: content.body,
          isPinned: content.isPinned, revision: state.nextRevision))
        state.nextID += 1
        state.nextRevision += 1
      }
    }
  }

  /// The file the transfer screen reads or writes, as typed. Neither saved nor undoable.
  public struct EditPath: SessionUpdater, Equatable {
    /// The file, as typed; relative to the working folder.
    public var path: String
    public init(_ path: String) { self.path = path }
    public func updateState(_ state: inout NotesState) {
      state.transferPath = path
    }
  }

  // MARK: Side effects

  /// Writes every note to the export file at `path` (relative to the working folder), batch by
  /// batch with progress, then at once to disk.
  ///
  /// - Throws: a ``TransferError`` (also shown as the transfer's outcome), or `CancellationError`
  ///   after ``Cancel``; no file is written then.
  public struct Export: SideEffect, CancellableSideEffect {
    /// The file, as typed; relative to the working folder.
    public var path: String
    public init(path: String) { self.path = path }
    public var cancellationID: ID { .transfer }
    public var inFlightPolicy: InFlightPolicy { .cancelNew }
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      try Task.checkCancellation()  // the second of two transfers starts cancelled: it must not report
      let manager = context.dependencies.transferManager
      let notes = context.getState().notes.map(NoteContent.init)
      let path = manager.resolve(path)
      try await context.dispatch(Begin(kind: .export, path: path, total: notes.count)).value
      do {
        var data = manager.header(count: notes.count)
        for batch in manager.batches(of: notes) {
          data.append(manager.encode(batch))
          try await manager.pauseAfterBatch()
          try await context.dispatch(Advance(done: batch.endIndex)).value
        }
        try manager.write(data, to: path)
        try await context.dispatch(End(phase: .finished)).value
      } catch {
        try await context.dispatch(End(phase: TransferProgress.Phase(after: error))).value
        throw error
      }
    }
  }

  /// Reads the export file at `path` (relative to the working folder), batch by batch with
  /// progress, then adds every note in one undoable ``AddImported``.
  ///
  /// - Throws: a ``TransferError`` (also shown as the transfer's outcome), or `CancellationError`
  ///   after ``Cancel``; nothing is added then.
  public struct Import: SideEffect, CancellableSideEffect {
    /// The file, as typed; relative to the working folder.
    public var path: String
    public init(path: String) { self.path = path }
    public var cancellationID: ID { .transfer }
    public var inFlightPolicy: InFlightPolicy { .cancelNew }
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      try Task.checkCancellation()  // the second of two transfers starts cancelled: it must not report
      let manager = context.dependencies.transferManager
      let path = manager.resolve(path)
      try await context.dispatch(Begin(kind: .import, path: path, total: 0)).value
      do {
        let file = try manager.read(at: path)
        try await context.dispatch(Advance(done: 0, total: file.lines.count)).value
        var notes: [NoteContent] = []
        for batch in manager.batches(of: file.lines) {
          notes += try manager.decode(batch, of: file)
          try await manager.pauseAfterBatch()
          try await context.dispatch(Advance(done: batch.endIndex)).value
        }
        try await context.dispatch(AddImported(notes: notes)).value
        try await context.dispatch(End(phase: .finished)).value
      } catch {
        try await context.dispatch(End(phase: TransferProgress.Phase(after: error))).value
        throw error
      }
    }
  }

  /// Cancels the running import or export, if any.
  public struct Cancel: SideEffect {
    public init() {}
    public func sideEffect(_ context: SideEffectContext<NotesState, AppDependencies>) async throws {
      context.cancel(id: ID.transfer)
    }
  }
}

extension TransferActions {
  /// A transfer of `kind` starts.
  fileprivate struct Begin: StateUpdater, Equatable {
    var kind: TransferProgress.Kind
    var path: String
    var total: Int
    func updateState(_ state: inout NotesState) {
      state.transfer = TransferProgress(kind: kind, path: path, total: total)
    }
  }

  /// `done` notes have gone (of `total`, once known).
  fileprivate struct Advance: StateUpdater, Equatable {
    var done: Int
    var total: Int?
    func updateState(_ state: inout NotesState) {
      state.transfer?.done = done
      if let total { state.transfer?.total = total }
    }
  }

  /// The transfer ended.
  fileprivate struct End: StateUpdater, Equatable {
    var phase: TransferProgress.Phase
    func updateState(_ state: inout NotesState) {
      state.transfer?.phase = phase
    }
  }
}

extension TransferProgress.Phase {
  /// How a transfer that threw `error` ended.
  fileprivate init(after error: any Error) {
    switch error {
    case is CancellationError: self = .cancelled
    case let error as TransferError: self = .failed(error.description)
    default: self = .failed("\(error)")
    }
  }
}
