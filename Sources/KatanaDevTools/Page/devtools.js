"use strict";
(function () {
  const token = document.querySelector('meta[name="katana-devtools-token"]').content;
  const $ = (id) => document.getElementById(id);
  const tbody = document.querySelector("#items tbody");
  const slider = $("slider");
  let socket = null;
  let retryDelay = 250;
  let items = [];               // in recording order (sequence), at most status.capacity
  let rows = new Map();         // id -> <tr>
  let status = null;
  let selectedID = null;
  let dragging = false;
  let lastJumpID = null;
  // One jump at a time: while one is in flight, a drag only remembers where it is.
  let jumpInFlight = false;
  let pendingJumpID = null;
  // The pinned path and the ids of the recorded updaters that changed it, asked again (one
  // request at a time) whenever new items arrive.
  let pinPath = null;
  let pinnedIDs = new Set();
  let pinInFlight = false;
  let pinStale = false;

  // MARK: Connection

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/socket?token=" + encodeURIComponent(token));
    socket.onopen = () => {
      retryDelay = 250;
      document.body.dataset.connected = "true";
      $("connection").textContent = "connected";
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (error) { return showError("unreadable message from the server"); }
      handle(message);
    };
    socket.onclose = (event) => {
      // The server refuses an oversized message on its first frame header, by closing (1009).
      if (event.code === 1009) showError(event.reason || "message too large");
      document.body.dataset.connected = "false";
      // Counted, so a test (or a person) can tell a reconnect happened after it was over.
      document.body.dataset.disconnects = String(Number(document.body.dataset.disconnects || 0) + 1);
      jumpInFlight = false;
      pendingJumpID = null;
      $("connection").textContent = "disconnected, reconnecting…";
      socket = null;
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 5000);
    };
  }

  function send(command, fields) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return showError("not connected to the app");
    socket.send(JSON.stringify(Object.assign({ token: token, command: command }, fields || {})));
  }

  function handle(message) {
    switch (message.type) {
      case "hello": replaceItems(message.items || []); applyStatus(message.status); jumpAnswered(); requestPin(); break;
      case "items": appendItems(message.items || []); applyStatus(message.status); jumpAnswered(); if ((message.items || []).length) requestPin(); break;
      case "pinned": showPinned(message.path, message.ids || []); break;
      case "diff": showDiff(message.id, message.changes || []); break;
      case "state": showState(message.id, message.json); break;
      case "exported": download(message.file); break;
      case "exportedTest": downloadAs(message.file, "RecordedSessionTests.swift", "text/x-swift"); break;
      case "imported": showNotice("Imported a session: " + message.count + " updaters replayed"); break;
      case "error": if (message.command === "jump") jumpAnswered(); if (message.command === "pin") pinAnswered(); showError(message.message + (message.command ? " (" + message.command + ")" : "")); break;
    }
  }

  // MARK: Items

  function replaceItems(list) {
    items = [];
    rows = new Map();
    tbody.textContent = "";
    appendItems(list);
  }

  function appendItems(list) {
    // Ordered by sequence (recording order); ids name items but a side effect's is smaller
    // than those of the items it dispatched, recorded before it.
    let last = items.length ? items[items.length - 1].sequence : 0;
    for (const item of list) {
      if (item.sequence <= last) continue;
      last = item.sequence;
      items.push(item);
      const row = makeRow(item);
      rows.set(item.id, row);
      tbody.appendChild(row);
    }
  }

  function trim(capacity) {
    while (items.length > capacity) {
      const item = items.shift();
      const row = rows.get(item.id);
      if (row) row.remove();
      rows.delete(item.id);
    }
  }

  function cell(row, text, className) {
    const td = document.createElement("td");
    td.textContent = text;
    if (className) td.className = className;
    row.appendChild(td);
    return td;
  }

  function makeRow(item) {
    const row = document.createElement("tr");
    row.dataset.id = String(item.id);
    row.dataset.sequence = String(item.sequence);
    row.dataset.kind = item.kind;
    row.dataset.type = item.type;
    if (pinnedIDs.has(item.id)) { row.classList.add("pinned"); row.dataset.pinned = "true"; }
    if (item.error != null) row.classList.add("failed");
    else if (item.kind === "updater" && !item.changedState) row.classList.add("unchanged");
    cell(row, String(item.id), "number");
    // The module names make most rows' types too wide to leave room for the later columns:
    // the cell drops them, the tooltip and the type filter keep the full name.
    cell(row, shortTypeName(item.type), "type").title = item.type;
    cell(row, kindName(item.kind), "kind");
    const parent = cell(row, "", "parent");
    if (item.parent != null) {
      const link = document.createElement("a");
      link.href = "#";
      link.dataset.parent = String(item.parent);
      link.textContent = "#" + item.parent;
      parent.appendChild(link);
    }
    const site = cell(row, "", "site");
    if (item.callSite) {
      // The column shows the file name; the tooltip and the copy carry the module's path.
      const link = document.createElement("a");
      link.href = "#";
      const file = item.callSite.file;
      link.dataset.copy = file + ":" + item.callSite.line;
      link.textContent = file.slice(file.lastIndexOf("/") + 1) + ":" + item.callSite.line;
      link.title = file + ":" + item.callSite.line + " in " + item.callSite.function + " (click to copy)";
      site.appendChild(link);
      // The browser page (session) that dispatched the item, when it came from one.
      if (item.callSite.session != null) {
        const session = document.createElement("span");
        session.className = "session";
        session.textContent = " page " + item.callSite.session;
        session.title = "dispatched by browser page (session) " + item.callSite.session;
        site.appendChild(session);
      }
    }
    cell(row, microseconds(item.waitMicroseconds), "number wait");
    cell(row, microseconds(item.durationMicroseconds), "number duration");
    const outcome = item.error != null ? item.error
      : item.kind === "updater" ? (item.changedState ? "changed" : "no change") : "ok";
    cell(row, outcome, "outcome");
    row.hidden = !matchesFilters(item);
    return row;
  }

  // `TodosCore.TodoActions.Add` → `TodoActions.Add`, `KatanaPersistence.History<TodosCore.TodosState>.Undo`
  // → `History<TodosState>.Undo`: each qualified name without its first part, the module.
  function shortTypeName(type) {
    return type.replace(/(^|[<(\[,:]\s*)[A-Za-z_][A-Za-z0-9_]*\.(?=[A-Za-z_])/g, "$1");
  }

  function kindName(kind) {
    return kind === "sideEffect" ? "side effect" : kind;
  }

  function microseconds(value) {
    if (value === undefined || value === null) return "—";
    if (typeof value !== "number") return String(value);
    if (value < 1000) return value.toFixed(value < 10 ? 1 : 0) + " µs";
    if (value < 1000000) return (value / 1000).toFixed(2) + " ms";
    return (value / 1000000).toFixed(2) + " s";
  }

  // MARK: Status and timeline

  function applyStatus(next) {
    if (!next) return;
    status = next;
    trim(Math.max(1, status.capacity));
    const pause = $("pause");
    pause.dataset.paused = String(status.paused);
    pause.textContent = status.paused ? "Resume recording" : "Pause recording";
    const dropped = $("dropped");
    dropped.hidden = !(status.dropped > 0);
    dropped.textContent = status.dropped + " older items dropped";
    const mismatch = $("mismatch");
    mismatch.hidden = !(status.replayMismatches > 0);
    mismatch.textContent = "states recomputed from the updaters differed from the store's " +
      status.replayMismatches + " time(s): an updater is not a pure function of the state";
    const traveling = status.travelingTo != null;
    $("travel").hidden = !traveling;
    $("travel-id").textContent = traveling ? String(status.travelingTo) : "";
    $("live").disabled = !traveling;
    document.body.dataset.traveling = String(traveling);
    for (const row of tbody.querySelectorAll("tr.travel-point")) row.classList.remove("travel-point");
    if (traveling && rows.has(status.travelingTo)) rows.get(status.travelingTo).classList.add("travel-point");
    updateSlider();
    updateCount();
  }

  function updateSlider() {
    slider.max = String(Math.max(0, items.length - 1));
    slider.disabled = items.length === 0;
    if (dragging) return;
    let index = items.length - 1;
    if (status && status.travelingTo != null) {
      const at = items.findIndex((item) => item.id === status.travelingTo);
      if (at >= 0) index = at;
    }
    slider.value = String(Math.max(0, index));
  }

  function jumpToSlider() {
    const item = items[Number(slider.value)];
    if (!item || item.id === lastJumpID) return;
    lastJumpID = item.id;
    if (jumpInFlight) { pendingJumpID = item.id; return; }
    jumpInFlight = true;
    send("jump", { id: item.id });
  }

  function jumpAnswered() {
    jumpInFlight = false;
    if (pendingJumpID == null) return;
    const id = pendingJumpID;
    pendingJumpID = null;
    jumpInFlight = true;
    send("jump", { id: id });
  }

  slider.addEventListener("pointerdown", () => { dragging = true; lastJumpID = null; });
  slider.addEventListener("input", jumpToSlider);
  slider.addEventListener("change", () => { jumpToSlider(); dragging = false; lastJumpID = null; updateSlider(); });
  slider.addEventListener("pointerup", () => { dragging = false; });
  $("live").addEventListener("click", () => { lastJumpID = null; pendingJumpID = null; send("live"); });
  $("pause").addEventListener("click", () => send(status && status.paused ? "resume" : "pause"));

  // MARK: Filters

  // Every filter must hold: type text, kind, no-op updaters hidden, pinned path changed.
  function matchesFilters(item) {
    const text = $("filter-type").value.trim().toLowerCase();
    const kind = $("filter-kind").value;
    if (text && !item.type.toLowerCase().includes(text)) return false;
    if (kind && item.kind !== kind) return false;
    if ($("filter-unchanged").checked && item.kind === "updater" && item.error == null && !item.changedState) return false;
    if ($("filter-pinned").checked && pinPath != null && !pinnedIDs.has(item.id)) return false;
    return true;
  }

  function applyFilters() {
    for (const item of items) {
      const row = rows.get(item.id);
      if (row) row.hidden = !matchesFilters(item);
    }
    updateCount();
  }

  function updateCount() {
    const shown = items.filter(matchesFilters).length;
    $("count").textContent = shown === items.length ? items.length + " items" : shown + " of " + items.length + " items";
  }

  $("filter-type").addEventListener("input", applyFilters);
  $("filter-kind").addEventListener("change", applyFilters);
  $("filter-unchanged").addEventListener("change", applyFilters);
  $("filter-pinned").addEventListener("change", applyFilters);

  // MARK: Pinned path

  function pin() {
    const path = $("pin-path").value.trim();
    pinPath = path || null;
    pinnedIDs = new Set();
    markPinned();
    $("filter-pinned").disabled = pinPath == null;
    if (pinPath == null) { $("filter-pinned").checked = false; $("pin-status").textContent = ""; }
    else $("pin-status").textContent = "pinning " + pinPath + "…";
    applyFilters();
    requestPin();
  }

  function requestPin() {
    if (pinPath == null) return;
    if (pinInFlight) { pinStale = true; return; }
    pinInFlight = true;
    send("pin", { path: pinPath });
  }

  function pinAnswered() {
    pinInFlight = false;
    if (pinStale) { pinStale = false; requestPin(); }
  }

  function showPinned(path, ids) {
    if (path === pinPath) {
      pinnedIDs = new Set(ids);
      markPinned();
      $("pin-status").textContent = ids.length + (ids.length === 1 ? " item" : " items") + " changed " + path;
      applyFilters();
    }
    pinAnswered();
  }

  function markPinned() {
    for (const [id, row] of rows) {
      const pinned = pinnedIDs.has(id);
      row.classList.toggle("pinned", pinned);
      if (pinned) row.dataset.pinned = "true"; else delete row.dataset.pinned;
    }
  }

  $("pin").addEventListener("click", pin);
  $("pin-path").addEventListener("keydown", (event) => { if (event.key === "Enter") pin(); });

  // MARK: Selection, diff and state

  tbody.addEventListener("click", (event) => {
    const site = event.target.closest("a[data-copy]");
    if (site) {
      // Copies, and selects the row like a click anywhere else on it.
      event.preventDefault();
      copy(site.dataset.copy);
    }
    const link = event.target.closest("a[data-parent]");
    if (link) {
      event.preventDefault();
      const row = rows.get(Number(link.dataset.parent));
      if (row) { select(Number(link.dataset.parent)); row.scrollIntoView({ block: "nearest" }); }
      else showError("item " + link.dataset.parent + " is no longer recorded");
      return;
    }
    const row = event.target.closest("tr[data-id]");
    if (row) select(Number(row.dataset.id));
  });

  function select(id) {
    selectedID = id;
    for (const row of tbody.querySelectorAll("tr.selected")) row.classList.remove("selected");
    const row = rows.get(id);
    if (row) row.classList.add("selected");
    const item = items.find((candidate) => candidate.id === id);
    $("details-title").textContent = item ? "#" + id + " " + item.type : "#" + id;
    const diff = $("diff");
    diff.dataset.id = "";
    diff.textContent = "";
    if (item && item.kind === "updater") {
      diff.appendChild(muted("loading…"));
      send("diff", { id: id });
    } else {
      diff.appendChild(muted("only updaters change the state"));
    }
    const state = $("state");
    state.dataset.id = "";
    state.textContent = "";
    state.appendChild(muted("loading…"));
    send("state", { id: id });
  }

  function muted(text) {
    const span = document.createElement("span");
    span.className = "muted";
    span.textContent = text;
    return span;
  }

  function showDiff(id, changes) {
    if (id !== selectedID) return;
    const diff = $("diff");
    diff.textContent = "";
    diff.dataset.id = String(id);
    if (changes.length === 0) diff.appendChild(muted("no change"));
    for (const change of changes) {
      const line = document.createElement("div");
      line.className = "change";
      const path = document.createElement("span");
      path.className = "path";
      path.textContent = change.path;
      const old = document.createElement("span");
      old.className = "old";
      old.textContent = change.old != null ? change.old : "(absent)";
      const now = document.createElement("span");
      now.className = "new";
      now.textContent = change.new != null ? change.new : "(removed)";
      line.append(path, ": ", old, " → ", now);
      diff.appendChild(line);
    }
  }

  function showState(id, json) {
    if (id !== selectedID) return;
    const state = $("state");
    state.textContent = "";
    state.dataset.id = String(id);
    let value;
    try { value = JSON.parse(json); } catch (error) { return state.appendChild(muted("the state is not JSON")); }
    const tree = document.createElement("div");
    tree.className = "tree";
    const root = node("state", value, true);
    root.dataset.key = "";
    tree.appendChild(root);
    state.appendChild(tree);
    searchState();
  }

  // MARK: State search

  // Shows the parts of the state tree whose key or value contains the search text (and what
  // is inside a matching key), opening their ancestors; highlights the matches.
  function searchState() {
    const text = $("state-search").value.trim().toLowerCase();
    const root = document.querySelector("#state .tree > details");
    if (!root) { $("state-matches").textContent = ""; return; }
    if (!text) {
      for (const element of root.querySelectorAll("[data-key]")) element.hidden = false;
      for (const element of root.querySelectorAll(".match")) element.classList.remove("match");
      $("state-matches").textContent = "";
      return;
    }
    const count = { matches: 0 };
    searchNode(root, text, false, count);
    root.hidden = false;
    $("state-matches").textContent = count.matches + (count.matches === 1 ? " match" : " matches");
  }

  // Returns whether `element` or something inside it matches.
  function searchNode(element, text, insideMatch, count) {
    const value = element.dataset.value;
    const own = element.dataset.key.toLowerCase().includes(text) || (value != null && value.toLowerCase().includes(text));
    if (own) count.matches += 1;
    const label = element.tagName === "DETAILS" ? element.querySelector(":scope > summary") : element;
    label.classList.toggle("match", own);
    let inside = false;
    if (element.tagName === "DETAILS") {
      for (const child of element.children) {
        if (child.tagName === "SUMMARY") continue;
        if (searchNode(child, text, own || insideMatch, count)) inside = true;
      }
      if (inside) element.open = true;
    }
    element.hidden = !(own || inside || insideMatch);
    return own || inside;
  }

  $("state-search").addEventListener("input", searchState);

  function node(name, value, open) {
    if (value !== null && typeof value === "object") {
      const details = document.createElement("details");
      details.dataset.key = name;
      details.open = open;
      const summary = document.createElement("summary");
      const entries = Array.isArray(value) ? value.map((element, index) => [String(index), element]) : Object.entries(value);
      summary.textContent = name + (Array.isArray(value) ? " [" + entries.length + "]" : " {" + entries.length + "}");
      details.appendChild(summary);
      for (const [key, child] of entries) details.appendChild(node(key, child, false));
      return details;
    }
    const leaf = document.createElement("div");
    leaf.className = "leaf";
    leaf.dataset.key = name;
    leaf.dataset.value = JSON.stringify(value);
    leaf.textContent = name + ": " + JSON.stringify(value);
    return leaf;
  }

  // MARK: Export, import, messages

  $("export").addEventListener("click", () => send("export"));

  function download(file) {
    downloadAs(file, "katana-session.json", "application/json");
  }

  $("export-test").addEventListener("click", () => send("exportTest"));

  function downloadAs(file, name, type) {
    const url = URL.createObjectURL(new Blob([file], { type: type }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  $("import").addEventListener("change", async (event) => {
    const file = event.target.files && event.target.files[0];
    event.target.value = "";
    if (!file) return;
    // Refused here rather than by the server, which would have to drop the connection mid-upload
    // (the server still refuses larger messages on their first frame header).
    const limit = Number(document.querySelector('meta[name="katana-devtools-max-message"]').content);
    // The message wraps the file in a little JSON: a file within 256 bytes of the cap may still pass it.
    if (file.size + 256 > limit) {
      showError("message of " + file.size + " bytes exceeds the " + limit + "-byte limit");
      return;
    }
    try { send("import", { session: await file.text() }); }
    catch (error) { showError("could not read " + file.name); }
  });

  // The page is served from loopback, a secure context, so the async clipboard works; the
  // older copy command is the fallback where it is refused.
  function copy(text) {
    const done = () => { document.body.dataset.copied = text; showNotice("Copied " + text); };
    const fallback = () => {
      const area = document.createElement("textarea");
      area.value = text;
      document.body.appendChild(area);
      area.select();
      const copied = document.execCommand("copy");
      area.remove();
      if (copied) done(); else showError("could not copy " + text);
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  }

  function showError(text) {
    $("error-text").textContent = text;
    $("error").hidden = false;
  }

  function showNotice(text) {
    $("notice").textContent = text;
    $("notice").hidden = false;
  }

  $("error-close").addEventListener("click", () => { $("error").hidden = true; });

  connect();
})();
