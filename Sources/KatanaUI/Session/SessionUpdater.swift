public import Katana

/// A state updater that changes only a page's own part of the state (see ``SessionScope``): in a
/// browser, where every tab is a session, it applies to the tab that dispatched it and to no other.
///
/// The ``Navigation`` updaters are session updaters: opening a screen in one tab leaves the others
/// where they are. Dispatched to a plain ``/Katana/Store`` (the terminal's one session, a test) a
/// session updater is an ordinary updater.
///
/// ```swift
/// struct SelectTab: SessionUpdater {
///   var tab: Tab
///   func updateState(_ state: inout AppState) { state.selectedTab = tab }
/// }
/// ```
///
/// A session updater must change nothing outside its state's ``SessionState/sessionScope``. A
/// ``SessionStore`` applies it as it applies every updater of its page, once, in the shared store,
/// to the shared state with the page's fields laid over it; so the shared store's tools (DevTools,
/// loggers) see it, and its changes to the page's fields reach that page alone. The protocol says
/// what the updater is for; a change it made outside the scope would reach every page.
public protocol SessionUpdater: StateUpdater {}
