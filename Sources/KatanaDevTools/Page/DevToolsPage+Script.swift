extension DevToolsPage {
  /// The page's script: plain JavaScript, no framework. It keeps the item list, sends commands
  /// (each with the token), shows replies, and reconnects when the socket closes. Everything the
  /// server sends is put in the page as text (`textContent`), never as HTML.
  static let script = #"""
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
          case "hello": replaceItems(message.items || []); applyStatus(message.status); jumpAnswered(); break;
          case "items": appendItems(message.items || []); applyStatus(message.status); jumpAnswered(); break;
          case "diff": showDiff(message.id, message.changes || []); break;
          case "state": showState(message.id, message.json); break;
          case "exported": download(message.file); break;
          case "imported": showNotice("Imported a session: " + message.count + " updaters replayed"); break;
          case "error": if (message.command === "jump") jumpAnswered(); showError(message.message + (message.command ? " (" + message.command + ")" : "")); break;
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
        if (item.error != null) row.classList.add("failed");
        else if (item.kind === "updater" && !item.changedState) row.classList.add("unchanged");
        cell(row, String(item.id), "number");
        cell(row, item.type, "type");
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
        }
        cell(row, microseconds(item.waitMicroseconds), "number wait");
        cell(row, microseconds(item.durationMicroseconds), "number duration");
        const outcome = item.error != null ? item.error
          : item.kind === "updater" ? (item.changedState ? "changed" : "no change") : "ok";
        cell(row, outcome, "outcome");
        row.hidden = !matchesFilters(item);
        return row;
      }

      function kindName(kind) {
        return kind === "sideEffect" ? "side effect" : kind;
      }

      function microseconds(value) {
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

      function matchesFilters(item) {
        const text = $("filter-type").value.trim().toLowerCase();
        const kind = $("filter-kind").value;
        return (!text || item.type.toLowerCase().includes(text)) && (!kind || item.kind === kind);
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
        tree.appendChild(node("state", value, true));
        state.appendChild(tree);
      }

      function node(name, value, open) {
        if (value !== null && typeof value === "object") {
          const details = document.createElement("details");
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
        leaf.textContent = name + ": " + JSON.stringify(value);
        return leaf;
      }

      // MARK: Export, import, messages

      $("export").addEventListener("click", () => send("export"));

      function download(file) {
        const url = URL.createObjectURL(new Blob([file], { type: "application/json" }));
        const link = document.createElement("a");
        link.href = url;
        link.download = "katana-session.json";
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      }

      $("import").addEventListener("change", async (event) => {
        const file = event.target.files && event.target.files[0];
        event.target.value = "";
        if (!file) return;
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

    """#
}
