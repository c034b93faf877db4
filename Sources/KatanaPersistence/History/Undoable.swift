public import Katana

/// Marks an updater whose changes ``History`` records, so that ``History/Undo`` can take them back.
///
/// Conform the updaters a user thinks of as one action (add, delete, toggle); leave out the ones
/// that only follow the user around (typing in a field, moving a selection).
public protocol Undoable: StateUpdater {}
