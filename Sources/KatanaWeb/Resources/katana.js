(() => {
  'use strict';
  const VERSION = 2;
  const meta = document.querySelector('meta[name="katana-pixels-per-point"]');
  const scale = meta ? (parseFloat(meta.content) || 1) : 1;
  const root = document.getElementById('katana-root');
  const statusLine = document.getElementById('katana-status');
  const nodes = new Map();
  const rootEntry = { id: 0, el: root, kind: 'container', content: root, offset: 0, count: 0, parent: null, props: {}, f: null };
  nodes.set(0, rootEntry);
  const touchedTables = new Set();
  const stats = { batches: 0, lastBatchMs: 0, maxBatchMs: 0, lastLayoutMs: 0, messages: 0, bytes: 0 };
  // `#measure` in the address also times the browser's layout of each batch (benchmarks only:
  // it forces a synchronous layout).
  const measuresLayout = location.hash === '#measure';
  let socket = null;
  let rootNode = 0;
  // The props objects of the message being applied; ops name them by index.
  let propsTable = [];
  let pressed = null;

  const px = (value) => (value * scale) + 'px';
  // Every message the page sends is numbered (`q`); the server acknowledges the highest number
  // once it has rendered everything that input caused (`{"ack":q}`, see acknowledge). Returns
  // the number, or 0 when there is no connection to send on.
  let sequence = 0;
  let acknowledged = 0;
  const send = (message) => {
    if (!socket || socket.readyState !== 1) return 0;
    // A new session has not sent its screen yet: the nodes on the page are the old session's.
    if (replacing && message.n !== undefined) return 0;
    sequence += 1;
    message.v = VERSION;
    message.q = sequence;
    socket.send(JSON.stringify(message));
    return sequence;
  };

  // MARK: Applying mutation batches

  // MARK: Accessibility
  //
  // Native HTML first, ARIA second. The element's tag follows its role when it is created (a
  // checkbox is an <input type=checkbox>, a heading an <hN>, a landmark <main>, <nav>, <header>…);
  // the props' accessibility keys (PropsEncoder+Accessibility.swift) then set only the
  // attributes a description asked for, so a plain label costs nothing more.
  const HEADING = /^h[1-6]$/;
  const LANDMARK_TAGS = { main: 'main', nav: 'nav', banner: 'header', info: 'footer', aside: 'aside', search: 'search',
    region: 'section' };
  // The ARIA role of a role code on an element whose tag does not already carry it.
  const ARIA_ROLES = { group: 'group', button: 'button', cb: 'checkbox', sw: 'switch', link: 'link', img: 'img',
    list: 'list', li: 'listitem', tablist: 'tablist', tab: 'tab', tabpanel: 'tabpanel', picker: 'combobox',
    option: 'option', progress: 'progressbar', dialog: 'dialog', alertdialog: 'alertdialog', status: 'status',
    alert: 'alert', main: 'main', nav: 'navigation', banner: 'banner', info: 'contentinfo', aside: 'complementary',
    search: 'search', region: 'region' };
  const ACCESSIBILITY_KEYS = ['r', 'n', 'hi', 'v', 'ck', 'sel', 'ex', 'bz', 'hid', 'lv', 'rg'];

  function element(kind, p) {
    const r = p.r;
    let el;
    if (kind === 'button' && (r === 'cb' || r === 'sw')) {
      el = document.createElement('input');
      el.type = 'checkbox';
    } else if (kind === 'button') {
      el = document.createElement('button');
      el.type = 'button';
    } else if (kind === 'textField') {
      el = document.createElement('input');
      el.type = 'text';
    } else if (r && HEADING.test(r) && kind !== 'table') {
      el = document.createElement(r);
    } else if (r && LANDMARK_TAGS[r] && kind !== 'table') {
      el = document.createElement(LANDMARK_TAGS[r]);
    } else {
      el = document.createElement('div');
    }
    el.katanaTag = r;
    return el;
  }

  // The ARIA role an element needs besides its tag: none when the tag says it already.
  function ariaRole(r, el) {
    if (r === undefined || r === 'text') return null;
    // The role changed after the element was made: ARIA says what the tag no longer does.
    if (r !== el.katanaTag) return HEADING.test(r) ? 'heading' : ARIA_ROLES[r] || null;
    // <header> and <footer> are landmarks only outside sectioning elements: say it anyway.
    if (r === 'banner' || r === 'info') return ARIA_ROLES[r];
    if (HEADING.test(r) || LANDMARK_TAGS[r]) return null;
    if ((r === 'cb' && el.tagName === 'INPUT') || (r === 'button' && el.tagName === 'BUTTON')) return null;
    return ARIA_ROLES[r] || null;
  }

  const hasAccessibility = (p) => ACCESSIBILITY_KEYS.some((key) => p[key] !== undefined);

  function setAttribute(el, name, value) {
    if (value === null || value === undefined) { if (el.hasAttribute(name)) el.removeAttribute(name); }
    else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }

  // Writes the ARIA attributes of `p` on the node's element. Skipped for the (many) elements
  // whose props say nothing and never did.
  function setAccessibility(node, p) {
    const el = node.el, kind = node.kind;
    if (kind === 'image') {
      // An image is a picture with a name, or decoration (the debug build warns about the rest).
      setAttribute(el, 'role', p.hid ? null : 'img');
      setAttribute(el, 'aria-label', p.hid ? null : (p.n || null));
    }
    if (kind === 'textField') setAttribute(el, 'aria-label', p.n || p.ph || null);
    if (!node.accessible && !hasAccessibility(p)) return;
    node.accessible = true;
    const r = p.r;
    const isInput = el.tagName === 'INPUT';
    const role = ariaRole(r, el);
    if (kind !== 'image') setAttribute(el, 'role', role);
    if (role === 'heading') setAttribute(el, 'aria-level', r.slice(1));
    // A name on a generic <div> is not announced (and ARIA forbids it): only elements with a role
    // or a meaningful tag take one.
    const nameable = role !== null || el.tagName !== 'DIV';
    if (kind !== 'image' && kind !== 'textField') setAttribute(el, 'aria-label', nameable ? p.n || null : null);
    setAttribute(el, 'title', p.hi || null);
    if (isInput && el.type === 'checkbox') el.checked = p.ck === 1;
    else if (r === 'cb' || r === 'sw') setAttribute(el, 'aria-checked', p.ck === undefined ? null : String(p.ck === 1));
    // A button with a checked state is a toggle button: pressed or not.
    else setAttribute(el, 'aria-pressed', kind === 'button' && p.ck !== undefined ? String(p.ck === 1) : null);
    const selectable = r === 'tab' || r === 'option';
    setAttribute(el, 'aria-selected', selectable && p.sel !== undefined ? String(p.sel === 1) : null);
    setAttribute(el, 'aria-current', !selectable && p.sel === 1 ? 'true' : null);
    setAttribute(el, 'aria-expanded', p.ex === undefined ? null : String(p.ex === 1));
    setAttribute(el, 'aria-busy', p.bz ? 'true' : null);
    setAttribute(el, 'aria-hidden', p.hid ? 'true' : null);
    setAttribute(el, 'aria-live', p.lv === 'p' ? 'polite' : p.lv === 'a' ? 'assertive' : null);
    const range = r === 'progress' && p.rg ? p.rg : null;
    setAttribute(el, 'aria-valuenow', range ? String(range[0]) : null);
    setAttribute(el, 'aria-valuemin', range ? String(range[1]) : null);
    setAttribute(el, 'aria-valuemax', range ? String(range[2]) : null);
    setAttribute(el, 'aria-valuetext', p.v !== undefined && (r === 'progress' || r === 'picker') ? p.v : null);
  }

  function create(id, kind, f, props, text) {
    if (KIT_KINDS.has(kind)) return createKit(id, kind, f, props, text);
    const el = element(kind, props);
    // Labels, buttons and images have no children: their text is the element's own text.
    const node = { id, el, kind, content: el, offset: 0, count: 0, parent: null, props: {}, f: null, text: '' };
    // The element knows its node through a script property, not a `data-` attribute: an
    // attribute per element is measurable work for the browser in a 10,000-element mount.
    el.katanaNode = node;
    if (kind === 'table') {
      node.content = document.createElement('div');
      node.content.className = 'k-content';
      // A table is a list of its rows (each row's props mark it a list item).
      node.content.setAttribute('role', 'list');
      el.appendChild(node.content);
      el.addEventListener('scroll', () => scrolled(node), { passive: true });
      el.addEventListener('click', (event) => rowClicked(node, event));
    }
    if (kind === 'button' || kind === 'touchHandler') wireTouches(node);
    if (kind === 'textField') {
      // The page owns the field's text while its input is unacknowledged (see setFieldText).
      node.serverText = '';
      node.unacked = 0;
      el.addEventListener('input', () => sendFieldText(node));
    }
    nodes.set(id, node);
    setProps(node, props, f, text);
    return node;
  }

  function setText(node, text) {
    if (node.text === text) return;
    node.text = text;
    node.el.textContent = text;
  }

  // Text the app gives no size is body text: 16 CSS pixels, the browser's own default, whatever
  // the scale. A size the app asks for is in points. Either way a line holds it (80 %).
  const BODY_TEXT_PX = 16;
  // The style written only when it differs from the class's (body text, black): every inline
  // declaration less is less for the browser to parse and cascade, 10,000 times in a mount.
  function textStyle(points, lineHeight, color) {
    const preferred = points === undefined ? BODY_TEXT_PX : points * scale;
    const size = Math.max(6, Math.min(preferred, lineHeight * 0.8));
    return (size === BODY_TEXT_PX ? '' : 'font-size:' + size + 'px;') + (color ? 'color:' + color + ';' : '');
  }

  function setFrame(node, f) {
    const old = node.f;
    node.f = f;
    if (node.parent) paint(node, old);
    if (node.parent && node.parent.kind === 'table') touchedTables.add(node.parent.el);
  }

  // MARK: Culling
  //
  // A label, image or button wholly outside the window can never be seen: the root clips and
  // only tables scroll. Such an element stays in the tree, in order, but gets no inline style
  // and `display: none` (k-off), so the browser neither styles nor lays it out one by one;
  // in a 10,000-element mount that is most of the browser's work for those elements. It is
  // drawn again as soon as a frame change, a move or a resized window brings it into view.
  const CULLED_KINDS = new Set(['label', 'image', 'button']);
  let viewWidth = window.innerWidth;
  let viewHeight = window.innerHeight;

  function outsideWindow(node, f) {
    if (!CULLED_KINDS.has(node.kind) || node.el === document.activeElement) return false;
    let x = f[0], y = f[1];
    for (let n = node.parent; n !== rootEntry; n = n.parent) {
      // Not attached to the page yet, or inside a table or scroll view, which scroll, or a dialog,
      // which the browser places: drawn as usual.
      if (!n || n.kind === 'table' || n.kind === 'scrollView' || n.kind === 'dialog' || !n.f) return false;
      x += n.f[0]; y += n.f[1];
    }
    const left = x * scale, top = y * scale;
    return left + f[2] * scale <= 0 || top + f[3] * scale <= 0 || left >= viewWidth || top >= viewHeight;
  }

  // Writes the element's inline style and classes from its node, or culls it. `old` is the
  // frame before a change: when a container moves, what it holds moves in or out of view.
  function paint(node, old) {
    const el = node.el, f = node.f || [0, 0, 0, 0];
    if (outsideWindow(node, f)) {
      if (!node.off) { el.style.cssText = ''; node.off = true; }
      const classes = node.classes + ' k-off';
      if (el.className !== classes) el.className = classes;
      return;
    }
    node.off = false;
    el.style.cssText = 'left:' + px(f[0]) + ';top:' + px(f[1]) + ';width:' + px(f[2]) + ';height:' + px(f[3]) + ';'
      + node.css + (node.transition ? 'transition:' + node.transition + ';' : '');
    if (el.className !== node.classes) el.className = node.classes;
    if (node.count > 0 && old && (old[0] !== f[0] || old[1] !== f[1])) recull(node.content);
  }

  // Culls or draws again every cullable element under `container` whose state changed.
  function recull(container) {
    for (const el of container.querySelectorAll('.k')) {
      const node = el.katanaNode;
      if (!node || !CULLED_KINDS.has(node.kind) || !node.parent) continue;
      if (outsideWindow(node, node.f || [0, 0, 0, 0]) !== !!node.off) paint(node);
    }
  }

  const textAlign = { c: 'center', r: 'right', j: 'justify' };

  // MARK: Colours
  //
  // The app's colours are kept, with two adjustments the terminal never needs: text is moved
  // towards black or white just enough to reach a contrast of 4.5:1 (WCAG 1.4.3) against what it
  // is drawn on, and in the dark scheme white surfaces (the standard theme's background) become
  // the dark page's surface, while text the app left black follows the page's ink.
  const darkScheme = window.matchMedia('(prefers-color-scheme: dark)');
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  const MINIMUM_CONTRAST = 4.5;
  const rgbOf = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const hexOf = (rgb) => '#' + rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
  function luminance(rgb) {
    const [r, g, b] = rgb.map((c) => { const v = c / 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  function contrast(a, b) {
    const la = luminance(a), lb = luminance(b);
    return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
  }
  const pageSurface = () => darkScheme.matches ? [18, 18, 18] : [255, 255, 255];
  // An opaque background as drawn: in the dark scheme, a near-white one is the dark surface.
  function surface(bg) {
    if (!bg || bg.length !== 7) return null;
    const rgb = rgbOf(bg);
    return darkScheme.matches && luminance(rgb) > 0.8 ? [30, 30, 30] : rgb;
  }
  // `color` (hex) moved towards black or white, whichever the backdrop contrasts with more, until
  // it is readable on `backdrop`.
  function readable(color, backdrop) {
    const rgb = rgbOf(color);
    if (contrast(rgb, backdrop) >= MINIMUM_CONTRAST) return color;
    const target = contrast([0, 0, 0], backdrop) > contrast([255, 255, 255], backdrop) ? 0 : 255;
    for (let step = 1; step <= 20; step += 1) {
      const mixed = rgb.map((c) => c + (target - c) * step / 20);
      if (contrast(mixed, backdrop) >= MINIMUM_CONTRAST + 0.05) return hexOf(mixed);
    }
    return hexOf([target, target, target]);
  }
  // The text colour to write inline, or '' for the page's ink.
  function inkOn(tc, bg) {
    const backdrop = surface(bg);
    if (!tc) {
      // Text the app left black: the page's ink on the page and on a surface the dark scheme
      // replaced; on a coloured background, black unless that is unreadable there.
      if (!backdrop || bg !== hexOf(backdrop)) return '';
      return readable('#000000', backdrop);
    }
    if (tc.length !== 7) return tc;
    return readable(tc, backdrop || pageSurface());
  }

  // The inline style (besides the frame) and class list an element of `kind` with props `p`
  // and a frame `height` CSS pixels tall gets. They depend on nothing else, so they are
  // worked out once per props object of a message and height: the thousand labels of one
  // style in a mount share one result.
  function look(kind, p, height) {
    const key = kind + ' ' + height;
    const cached = p.looks && p.looks.get(key);
    if (cached) return cached;
    let css = '';
    let classes = 'k k-' + kind;
    if (p.a !== undefined) css += 'opacity:' + p.a + ';';
    const backdrop = surface(p.bg);
    if (p.bg) css += 'background-color:' + (backdrop ? hexOf(backdrop) : p.bg) + ';';
    const ink = kind === 'label' || kind === 'button' || kind === 'textField' ? inkOn(p.tc, p.bg) : '';
    if (p.bz) classes += ' k-busy';
    if (kind === 'button' && (p.r === 'cb' || p.r === 'sw')) classes += ' k-check';
    if (p.cr) css += 'border-radius:' + px(p.cr) + ';';
    if (p.bw) css += 'border:' + px(p.bw) + ' solid ' + (p.bc || 'transparent') + ';';
    if (p.ui === 0) css += 'pointer-events:none;';
    if (p.clip !== 0 && kind !== 'table') classes += ' k-clip';
    switch (kind) {
      case 'label': {
        const lines = p.nl === undefined ? 1 : Math.max(1, p.nl);
        const wraps = p.lb === 'w' || lines !== 1;
        css += textStyle(p.fs, height / lines, ink);
        // One line is centred vertically by its line height; wrapped text starts at the top.
        if (!wraps) css += 'line-height:' + height + 'px;';
        if (p.al) css += 'text-align:' + textAlign[p.al] + ';';
        if (wraps) classes += ' k-wrap';
        if (p.lb === 't') classes += ' k-truncate';
        break;
      }
      case 'button': case 'textField': css += textStyle(undefined, height, ink); break;
      case 'image': {
        css += 'line-height:' + height + 'px;';
        if (p.tint) css += 'color:' + p.tint + ';';
        break;
      }
    }
    const result = { css, classes };
    if (!p.looks) Object.defineProperty(p, 'looks', { value: new Map() });
    p.looks.set(key, result);
    return result;
  }

  // The scheme changed while the page is open: every element's colours are worked out again.
  darkScheme.addEventListener('change', () => {
    for (const node of nodes.values()) {
      if (node === rootEntry) continue;
      if (node.props.looks) node.props.looks.clear();
      const { css, classes } = look(node.kind, node.props, (node.f ? node.f[3] : 0) * scale);
      node.css = css;
      node.classes = classes;
      if (node.parent) paint(node);
    }
  });

  // Props are complete on every create and update, so the element's whole inline style and
  // class list are written at once: one style parse per element instead of one per property.
  // `p` may be shared with other elements of the message: it is never changed.
  function setProps(node, p, f, text) {
    if (node.kit) { setKitProps(node, p, f, text); return; }
    const el = node.el;
    const old = node.f;
    node.props = p;
    node.f = f;
    const height = f[3] * scale;
    // The frame is written by `paint`, with this.
    const { css, classes } = look(node.kind, p, height);
    setAccessibility(node, p);
    if (p.row) setAttribute(el, 'role', 'listitem');
    switch (node.kind) {
      case 'label': setText(node, text); break;
      case 'button': {
        setText(node, text);
        el.disabled = p.en === 0;
        break;
      }
      case 'image': {
        setText(node, p.img || '');
        el.title = p.img || '';
        break;
      }
      case 'textField': {
        setFieldText(node, text);
        el.placeholder = p.ph || '';
        el.type = p.sec ? 'password' : 'text';
        el.disabled = p.en === 0;
        break;
      }
      case 'table': touchedTables.add(el); break;
    }
    if (p.nav) showLocation(p.nav);
    node.css = css;
    node.classes = classes;
    // A node being created is drawn when it is placed: only then is it known whether it shows.
    if (node.parent) paint(node, old);
    if (node.parent && node.parent.kind === 'table') touchedTables.add(node.parent.el);
  }

  // Children are counted per node, so that appending (every insert of a mount) never indexes
  // the live `children` collection, which would make a large mount quadratic.
  function place(node, parent, index) {
    const container = parent.content;
    if (!container || node.el === container) { paint(node); return; }
    const moving = node.parent === parent;
    if (moving) {
      container.removeChild(node.el);
    } else {
      if (node.parent) node.parent.count -= 1;
      node.parent = parent;
    }
    if (index >= parent.count) container.appendChild(node.el);
    else container.insertBefore(node.el, container.children[index + parent.offset] || null);
    if (!moving) parent.count += 1;
    if (!moving) {
      paint(node);
      if (node.count > 0) recull(node.content);
    }
    if (parent.kind === 'table') touchedTables.add(parent.el);
  }

  function detach(node) {
    if (node.parent) node.parent.count -= 1;
    node.parent = null;
    forget(node.el);
    closeDialogs(node.el);
    node.el.remove();
  }

  function forget(el) {
    nodes.delete(el.katanaNode.id);
    for (const child of el.querySelectorAll('.k')) if (child.katanaNode) nodes.delete(child.katanaNode.id);
  }

  function animated(seconds, ops) {
    // The user asked for no motion: the change happens at once.
    if (reducedMotion.matches) { applyOps(ops); return; }
    const transition = 'left ' + seconds + 's, top ' + seconds + 's, width ' + seconds + 's, height '
      + seconds + 's, opacity ' + seconds + 's';
    for (const op of ops) {
      const node = nodes.get(op[1]);
      if (node && (op[0] === 'f' || op[0] === 'u')) {
        node.transition = transition;
        node.el.style.transition = transition;
        setTimeout(() => { node.transition = null; node.el.style.transition = ''; }, seconds * 1000 + 50);
      }
    }
    applyOps(ops);
  }

  function scrollToRow(table, section, row, position) {
    for (const child of table.content.children) {
      const node = child.katanaNode;
      if (!node || !node.props.row || node.props.row[0] !== section || node.props.row[1] !== row) continue;
      const top = child.offsetTop, height = child.offsetHeight, view = table.el.clientHeight;
      if (position === 'top') table.el.scrollTop = top;
      else if (position === 'middle') table.el.scrollTop = top - (view - height) / 2;
      else if (position === 'bottom') table.el.scrollTop = top - view + height;
      else if (top < table.el.scrollTop) table.el.scrollTop = top;
      else if (top + height > table.el.scrollTop + view) table.el.scrollTop = top - view + height;
      return;
    }
  }

  function applyOps(ops) {
    for (const op of ops) {
      const node = nodes.get(op[1]);
      switch (op[0]) {
        case 'n': {
          // Create and insert: `["n",id,kind,parent,index,x,y,w,h,props,text?]`.
          const created = create(op[1], op[2], [op[5], op[6], op[7], op[8]], propsTable[op[9]] || {}, op[10] || '');
          const parent = nodes.get(op[3]);
          if (parent) place(created, parent, op[4]);
          if (op[3] === 0) rootNode = op[1];
          break;
        }
        case 'c': create(op[1], op[2], [op[3], op[4], op[5], op[6]], propsTable[op[7]] || {}, op[8] || ''); break;
        case 'u': if (node) setProps(node, propsTable[op[6]] || {}, [op[2], op[3], op[4], op[5]], op[7] || ''); break;
        case 'i': case 'm': {
          const parent = nodes.get(op[2]);
          if (node && parent) place(node, parent, op[3]);
          if (op[2] === 0) rootNode = op[1];
          break;
        }
        case 'r': if (node) detach(node); break;
        case 'f': if (node) setFrame(node, op.slice(2, 6)); break;
        case 'a': animated(op[1], op[2]); break;
        case 's': if (node && node.kind === 'table') scrollToRow(node, op[2], op[3], op[4]); break;
      }
    }
  }

  function layOutTables() {
    for (const el of touchedTables) {
      const table = el.katanaNode;
      if (!table || table.kind !== 'table') continue;
      let bottom = (table.props.ch || 0) * scale;
      for (const child of table.content.children) bottom = Math.max(bottom, child.offsetTop + child.offsetHeight);
      table.content.style.height = bottom + 'px';
    }
    touchedTables.clear();
  }

  function applyMessage(text) {
    const started = performance.now();
    const message = JSON.parse(text);
    if (message.v !== VERSION) { statusLine.textContent = 'Unsupported protocol version ' + message.v; return; }
    if (message.ack !== undefined) { acknowledge(message.ack); return; }
    if (replacing) replaceScreen();
    propsTable = message.s || [];
    applyOps(message.m || []);
    openDialogs();
    propsTable = [];
    layOutTables();
    if (measuresLayout) {
      void root.getBoundingClientRect().width;
      void document.body.offsetHeight;
      stats.lastLayoutMs = performance.now() - started;
    }
    const elapsed = performance.now() - started;
    stats.batches += 1;
    stats.lastBatchMs = elapsed;
    stats.maxBatchMs = Math.max(stats.maxBatchMs, elapsed);
  }

  // MARK: Text fields
  //
  // LiveView's rule: while a field has input the server has not acknowledged, the page owns its
  // text; the server's text for it is only remembered (`serverText`). So typing ahead of a slow
  // link is never taken back by an older echo, and the caret stays where the user put it. Once
  // the server acknowledges the field's last input, the server's text (the app's view of what
  // was typed, equal to it unless the app changed it) is the field's again.
  const typingFields = new Set();

  function sendFieldText(node) {
    const q = send({ t: 'text', n: node.id, s: node.el.value });
    // Typed while disconnected: never acknowledged by this connection; a reconnect re-sends it.
    node.unacked = q || Infinity;
    typingFields.add(node);
  }

  function setFieldText(node, text) {
    node.serverText = text;
    if (!node.unacked) writeFieldText(node, text);
  }

  function writeFieldText(node, text) {
    const el = node.el;
    if (el.value === text) return;
    const focused = el === document.activeElement;
    const start = el.selectionStart, end = el.selectionEnd;
    el.value = text;
    if (focused && start !== null) el.setSelectionRange(Math.min(start, text.length), Math.min(end, text.length));
  }

  // The server has rendered everything input up to `q` caused: every batch showing it came first.
  function acknowledge(q) {
    acknowledged = Math.max(acknowledged, q);
    for (const node of typingFields) {
      if (node.unacked > acknowledged) continue;
      typingFields.delete(node);
      node.unacked = 0;
      if (nodes.get(node.id) === node) writeFieldText(node, node.serverText);
    }
    if (locationSequence && acknowledged >= locationSequence) {
      locationSequence = 0;
      if (latestLocation) showLocation(latestLocation);
    }
    if (restoreSequence && acknowledged >= restoreSequence) {
      restoreSequence = 0;
      restoreFields();
    }
  }

  // MARK: Events

  function wireTouches(node) {
    const el = node.el;
    el.addEventListener('pointerdown', (event) => {
      event.stopPropagation();
      if (event.button === 0) { pressed = node; send({ t: 'touch', n: node.id, p: 'down' }); }
      else if (event.button === 2) send({ t: 'touch', n: node.id, p: 'secondaryDown' });
    });
    el.addEventListener('click', (event) => {
      event.stopPropagation();
      // A checkbox shows the app's state, not the browser's guess: the store's answer checks it.
      if (el.type === 'checkbox') el.checked = node.props.ck === 1;
      // A click from the keyboard (Enter, Space) has no pointerdown before it.
      if (event.detail === 0) send({ t: 'touch', n: node.id, p: 'down' });
      pressed = null;
      send({ t: 'touch', n: node.id, p: 'up' });
    });
    el.addEventListener('contextmenu', (event) => {
      event.preventDefault();
      event.stopPropagation();
      send({ t: 'touch', n: node.id, p: 'secondaryUp' });
    });
  }

  document.addEventListener('pointerup', (event) => {
    if (pressed && !pressed.el.contains(event.target)) {
      send({ t: 'touch', n: pressed.id, p: 'upOutside' });
      pressed = null;
    }
  });

  function rowClicked(table, event) {
    let el = event.target;
    while (el && el.parentElement !== table.content) el = el.parentElement;
    const row = el && el.katanaNode;
    if (row && row.props.row) send({ t: 'row', n: table.id, sec: row.props.row[0], row: row.props.row[1] });
  }

  function scrolled(table) {
    if (table.scrollPending) return;
    table.scrollPending = true;
    requestAnimationFrame(() => {
      table.scrollPending = false;
      send({ t: 'scroll', n: table.id, o: table.el.scrollTop / scale });
    });
  }

  const namedKeys = new Set(['Enter', 'Escape', 'Tab', 'Backspace', 'Delete', 'ArrowUp', 'ArrowDown',
    'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown', 'Insert']);
  document.addEventListener('keydown', (event) => {
    if (event.isComposing || event.metaKey) return;
    const key = event.key;
    const active = document.activeElement;
    const tag = active ? active.tagName : '';
    if (key === 'Tab') return;
    const editing = tag === 'INPUT' && active.type !== 'checkbox';
    // Esc stops editing (the field loses the focus); the next Esc reaches the app (Back).
    if (editing && key === 'Escape') { active.blur(); event.preventDefault(); return; }
    if (editing && key !== 'Enter') return;
    if (tag === 'BUTTON' && (key === 'Enter' || key === ' ')) return;
    // Space toggles a checkbox natively (a click).
    if (tag === 'INPUT' && key === ' ') return;
    const functionKey = /^F([1-9]|1[0-9]|2[0-4])$/.test(key);
    if (!namedKeys.has(key) && !functionKey && [...key].length !== 1) return;
    const target = active && active.closest ? active.closest('.k') : null;
    const node = target && target.katanaNode ? target.katanaNode.id : rootNode;
    if (!node) return;
    const modifiers = [];
    if (event.shiftKey && (namedKeys.has(key) || functionKey)) modifiers.push('shift');
    if (event.ctrlKey) modifiers.push('ctrl');
    if (event.altKey) modifiers.push('alt');
    send({ t: 'key', n: node, k: key, m: modifiers });
    if (key === ' ' || key.startsWith('Arrow')) event.preventDefault();
  });

  // A paste outside a text field arrives whole, never as key presses.
  document.addEventListener('paste', (event) => {
    const active = document.activeElement;
    if (active && active.tagName === 'INPUT' && active.type !== 'checkbox') return;
    const target = active && active.closest ? active.closest('.k') : null;
    const node = target && target.katanaNode ? target.katanaNode.id : rootNode;
    const text = event.clipboardData ? event.clipboardData.getData('text') : '';
    if (!node || !text) return;
    event.preventDefault();
    send({ t: 'paste', n: node, s: text });
  });

  function viewport() {
    return { t: 'viewport', w: Math.max(1, root.clientWidth / scale), h: Math.max(1, root.clientHeight / scale) };
  }
  let resizePending = false;
  window.addEventListener('resize', () => {
    viewWidth = window.innerWidth;
    viewHeight = window.innerHeight;
    recull(root);
    if (resizePending) return;
    resizePending = true;
    requestAnimationFrame(() => { resizePending = false; send(viewport()); });
  });

  // MARK: Navigation

  // The app's route stack is mirrored in the session history: each entry's state holds the
  // paths of its stack (`katana`) and how many entries behind it the page pushed itself
  // (`back`), which are the prefixes of its stack. Back and Forward report the entry's paths
  // to the app; the app's own moves push, go back through those entries, or replace.
  let traversing = false;
  let latestLocation = null;

  const samePaths = (a, b) => a.length === b.length && a.every((path, i) => path === b[i]);
  function commonLength(a, b) {
    let n = 0;
    while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
    return n;
  }

  function showLocation(nav) {
    latestLocation = nav;
    const titles = nav.t || [];
    if (titles.length) document.title = titles.slice().reverse().join(' · ');
    const paths = nav.p;
    // While the page's own address is on its way to a new session, the screens shown before it
    // arrives (the session's root) must not rewrite the history.
    if (!paths || !paths.length || traversing || locationSequence) return;
    const state = history.state && Array.isArray(history.state.katana) ? history.state : null;
    const url = paths[paths.length - 1];
    if (!state) { history.replaceState({ katana: paths, back: 0 }, '', url); return; }
    const current = state.katana;
    if (samePaths(current, paths)) return;
    const common = commonLength(current, paths);
    if (common === paths.length && state.back >= current.length - paths.length) {
      // Back to an entry the page pushed: the browser's Forward can return.
      traversing = true;
      history.go(paths.length - current.length);
    } else if (common === current.length) {
      history.pushState({ katana: paths, back: state.back + 1 }, '', url);
    } else {
      // The entries behind stay valid prefixes only if this one kept all but its top.
      history.replaceState({ katana: paths, back: common >= current.length - 1 ? state.back : 0 }, '', url);
    }
  }

  function reportLocation() {
    const state = history.state;
    const paths = state && Array.isArray(state.katana) ? state.katana : [location.pathname];
    return send({ t: 'navigate', ps: paths });
  }

  window.addEventListener('popstate', () => {
    if (traversing) {
      // The page's own history.go landed; catch up with anything the app did meanwhile.
      traversing = false;
      if (latestLocation) showLocation(latestLocation);
      return;
    }
    reportLocation();
  });

  // MARK: Connection

  // The first load's `?token=` is now an HttpOnly cookie the server set: drop it from the
  // address so it is not shared, bookmarked or kept in history.
  const query = new URLSearchParams(location.search);
  if (query.has('token')) {
    query.delete('token');
    const rest = query.toString();
    history.replaceState(history.state, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
  }

  // A dropped connection is retried at once, then after 0.25, 0.5, 1, 2, 4 and 5 s, then every
  // 5 s, and at once when the browser is back online or the tab is shown again (a laptop
  // waking up). The access token is the cookie the first load set, sent again with each try.
  // Each connection is a new session on the server: the page sends its size and address, and
  // the session's first batch replaces the screen (see replaceScreen). A polite status says
  // the page is away; nothing ever asks for a reload.
  let connectedBefore = false;
  // The next batch is a new session's first: it replaces the screen.
  let replacing = false;
  let attempts = 0;
  let retryTimer = 0;
  // The numbers of the messages whose acknowledgement ends the wait for the page's address to
  // be shown, and the restoring of fields typed into before a reconnect.
  let locationSequence = 0;
  let restoreSequence = 0;
  let pendingFields = [];
  statusLine.setAttribute('aria-live', 'polite');

  function connect() {
    clearTimeout(retryTimer);
    retryTimer = 0;
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const connection = new WebSocket(scheme + location.host + '/');
    socket = connection;
    connection.onopen = () => {
      connection.katanaOpened = true;
      attempts = 0;
      replacing = connectedBefore;
      connectedBefore = true;
      statusLine.textContent = '';
      let last = send(viewport());
      // A link, a reload or a reconnect asks for its screen; a plain visit to / shows the root.
      const state = history.state;
      if ((state && Array.isArray(state.katana)) || location.pathname !== '/') {
        locationSequence = reportLocation();
        last = locationSequence;
      }
      if (replacing) restoreSequence = last;
    };
    connection.onmessage = (event) => {
      stats.messages += 1;
      stats.bytes += event.data.length;
      applyMessage(event.data);
    };
    connection.onclose = () => {
      if (socket !== connection) return;
      socket = null;
      if (stopped) return;
      statusLine.textContent = 'Connection lost. Reconnecting…';
      // A try that never opened may have been refused for its token (see checkAccess).
      if (connection.katanaOpened) scheduleReconnect(); else checkAccess();
    };
  }

  // A server restarted with a new token refuses the page's cookie for ever, and a refused
  // WebSocket upgrade shows only as a close (1006). So after a try that never opened, the page
  // asks the access check (WebProtocol.accessCheckPath), whose answer it can read: 403 means the
  // token is no longer good, and the page stops trying and says to open the link the server
  // printed; an answer of 200 (the upgrade failed for another reason: the server full, say) or no
  // answer (the server is still down) means trying again with back-off, as before.
  const ACCESS_CHECK_PATH = '/katana.check';
  let stopped = false;
  const NEW_LINK = 'The server restarted with a new link. Open the link it printed to continue.';

  function checkAccess() {
    fetch(ACCESS_CHECK_PATH, { cache: 'no-store', credentials: 'same-origin' }).then((response) => {
      if (response.status === 403) stopRetrying(); else scheduleReconnect();
    }, () => scheduleReconnect());
  }

  function stopRetrying() {
    if (socket) return;
    stopped = true;
    clearTimeout(retryTimer);
    retryTimer = 0;
    statusLine.textContent = NEW_LINK;
  }

  // Stopped, the page checks once more each time the tab is shown again or the browser is back
  // online (never on a timer): the new link opened in another tab of this browser set the new
  // cookie, and this page can then reconnect.
  function recheckAccess() {
    fetch(ACCESS_CHECK_PATH, { cache: 'no-store', credentials: 'same-origin' }).then((response) => {
      if (!response.ok || !stopped || socket) return;
      stopped = false;
      attempts = 0;
      statusLine.textContent = 'Connection lost. Reconnecting…';
      connect();
    }, () => {});
  }

  // MARK: The widget kit
  //
  // Check boxes, tabs, pickers, text areas, dialogs, toasts, status lines, progress bars,
  // activity indicators, scroll views and key-help bars: native controls where HTML has one.
  // Each kind is made by createKit and updated by setKitProps; the rest of the script treats
  // them like any node (frames, culling, placing, removal).
  const KIT_KINDS = new Set(['checkbox', 'tabs', 'picker', 'textArea', 'dialog', 'toast', 'statusLine',
    'progressBar', 'activityIndicator', 'scrollView', 'keyHelp']);
  // Dialogs created in the message being applied: opened (showModal) once they are in the page.
  const dialogsToOpen = new Set();
  const segmenter = typeof Intl !== 'undefined' && Intl.Segmenter ? new Intl.Segmenter() : null;

  function createKit(id, kind, f, props, text) {
    const tags = { checkbox: 'label', picker: 'select', textArea: 'textarea', dialog: 'dialog', progressBar: 'progress' };
    const el = document.createElement(tags[kind] || 'div');
    const node = { id, el, kind, content: el, offset: 0, count: 0, parent: null, props: {}, f: null, text: '', kit: true };
    el.katanaNode = node;
    switch (kind) {
      case 'checkbox': {
        node.input = el.appendChild(document.createElement('input'));
        node.input.type = 'checkbox';
        node.label = el.appendChild(document.createElement('span'));
        node.input.addEventListener('click', (event) => {
          // Controlled: the box shows what the app stores, so the browser's own toggle is undone
          // and the app's update checks it.
          event.preventDefault();
          event.stopPropagation();
          send({ t: 'touch', n: id, p: 'down' });
          send({ t: 'touch', n: id, p: 'up' });
        });
        break;
      }
      case 'tabs': {
        el.setAttribute('role', 'tablist');
        el.addEventListener('click', (event) => {
          const tab = event.target.closest('[role=tab]');
          if (tab && Number(tab.dataset.index) !== node.props.sel) send({ t: 'select', n: id, i: Number(tab.dataset.index) });
        });
        el.addEventListener('keydown', (event) => {
          const count = (node.props.opts || []).length, current = node.props.sel || 0;
          const next = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 }[event.key];
          if (next === undefined) return;
          event.preventDefault();
          event.stopPropagation();
          if (next >= 0 && next < count && next !== current) send({ t: 'select', n: id, i: next });
        });
        break;
      }
      case 'picker': {
        el.addEventListener('change', () => send({ t: 'select', n: id, i: el.selectedIndex }));
        // The select's own keys (arrows, letters) stay the select's; Esc still reaches the app.
        el.addEventListener('keydown', (event) => { if (event.key !== 'Escape') event.stopPropagation(); });
        break;
      }
      case 'textArea': {
        el.sentTexts = [];
        el.shownText = '';
        el.addEventListener('input', () => {
          const before = el.shownText, after = el.value;
          el.shownText = after;
          el.sentTexts.push(after);
          const [start, end, replacement] = textEdit(before, after);
          send({ t: 'edit', n: id, sl: start[0], sc: start[1], el: end[0], ec: end[1], s: replacement });
        });
        el.addEventListener('keydown', (event) => {
          // Esc stops editing, as in a text field; every other key is the text area's.
          if (event.key === 'Escape') { el.blur(); event.preventDefault(); }
          event.stopPropagation();
        });
        break;
      }
      case 'dialog': {
        node.title = el.appendChild(document.createElement('h2'));
        node.title.className = 'k-dialog-title';
        node.offset = 1;
        // Esc reaches the app as a key (the dialog's onDismiss); the app removes the dialog.
        el.addEventListener('cancel', (event) => event.preventDefault());
        dialogsToOpen.add(el);
        break;
      }
      case 'toast': case 'statusLine': el.setAttribute('role', 'status'); break;
      case 'activityIndicator': {
        el.setAttribute('role', 'progressbar');
        node.spin = el.appendChild(document.createElement('span'));
        node.spin.className = 'k-spin';
        node.label = el.appendChild(document.createElement('span'));
        break;
      }
      case 'progressBar': el.max = 1; break;
      case 'scrollView': el.tabIndex = 0; break;
    }
    nodes.set(id, node);
    setKitProps(node, props, f, text);
    return node;
  }

  function setKitProps(node, p, f, text) {
    const el = node.el, old = node.f, kind = node.kind;
    node.props = p;
    node.f = f;
    const height = f[3] * scale;
    let { css, classes } = look(kind, p, height);
    const line = textStyle(undefined, height, inkOn(p.tc, p.bg)) + 'line-height:' + height + 'px;';
    switch (kind) {
      case 'checkbox': {
        css += line;
        node.input.checked = p.on === 1;
        node.input.disabled = p.en === 0;
        if (p.sw) node.input.setAttribute('role', 'switch'); else node.input.removeAttribute('role');
        if (p.nm) node.input.setAttribute('aria-label', p.nm); else node.input.removeAttribute('aria-label');
        if (node.label.textContent !== text) node.label.textContent = text;
        break;
      }
      case 'tabs': {
        const titles = p.opts || [];
        if (!node.tabs || node.tabs.join('\n') !== titles.join('\n')) {
          node.tabs = titles.slice();
          el.replaceChildren(...titles.map((title, index) => {
            const tab = document.createElement('button');
            tab.type = 'button';
            tab.className = 'k-tab';
            tab.setAttribute('role', 'tab');
            tab.dataset.index = index;
            tab.textContent = title;
            return tab;
          }));
        }
        const hadFocus = el.contains(document.activeElement);
        [...el.children].forEach((tab, index) => {
          const selected = index === (p.sel || 0);
          tab.setAttribute('aria-selected', selected ? 'true' : 'false');
          tab.tabIndex = selected ? 0 : -1;
          tab.disabled = p.en === 0;
          if (selected && hadFocus && document.activeElement !== tab) tab.focus();
        });
        if (p.nm) el.setAttribute('aria-label', p.nm); else el.removeAttribute('aria-label');
        css += textStyle(undefined, height, inkOn(p.tc, p.bg));
        break;
      }
      case 'picker': {
        const options = p.opts || [];
        if (!node.options || node.options.join('\n') !== options.join('\n')) {
          node.options = options.slice();
          el.replaceChildren(...options.map((title) => {
            const option = document.createElement('option');
            option.textContent = title;
            return option;
          }));
        }
        if (el.selectedIndex !== (p.sel || 0)) el.selectedIndex = p.sel || 0;
        el.disabled = p.en === 0;
        if (p.nm) el.setAttribute('aria-label', p.nm); else el.removeAttribute('aria-label');
        css += textStyle(undefined, height, inkOn(p.tc, p.bg));
        break;
      }
      case 'textArea': {
        // As in a text field: the page owns the text while its edits are unacknowledged.
        const sent = el.sentTexts;
        const echoed = p.ack !== undefined ? p.ack - 1 : sent.indexOf(text);
        if (p.ack !== undefined) {
          // The server's echo of the page's own edits, sent without the text: the page has it.
          const acked = sent.splice(0, p.ack);
          if (acked.length) el.ackedText = acked[acked.length - 1];
        } else if (echoed >= 0) {
          sent.splice(0, echoed + 1);
          el.ackedText = text;
          if (sent.length === 0 && el.value !== text) { el.value = text; el.shownText = text; }
        } else if (!(sent.length > 0 && text === el.ackedText)) {
          sent.length = 0;
          el.ackedText = text;
          if (el.value !== text) { el.value = text; el.shownText = text; }
        }
        el.placeholder = p.ph || '';
        if (p.nm || p.ph) el.setAttribute('aria-label', p.nm || p.ph); else el.removeAttribute('aria-label');
        el.disabled = p.en === 0;
        css += textStyle(undefined, 1000, inkOn(p.tc, p.bg));
        break;
      }
      case 'dialog': {
        if (node.title.textContent !== text) node.title.textContent = text;
        el.setAttribute('aria-label', text);
        if (p.al) el.setAttribute('role', 'alertdialog'); else el.removeAttribute('role');
        classes = classes.replace(' k-clip', '');
        break;
      }
      case 'toast': case 'statusLine': {
        css += line;
        if (el.textContent !== text) el.textContent = text;
        break;
      }
      case 'progressBar': {
        if (p.pv !== undefined) el.value = p.pv / 1000; else el.removeAttribute('value');
        if (p.nm) el.setAttribute('aria-label', p.nm); else el.removeAttribute('aria-label');
        if (p.tint) css += 'accent-color:' + p.tint + ';';
        break;
      }
      case 'activityIndicator': {
        css += line;
        if (node.label.textContent !== text) node.label.textContent = text;
        el.setAttribute('aria-label', text || 'Working');
        el.setAttribute('aria-busy', p.an === 0 ? 'false' : 'true');
        node.spin.hidden = p.an === 0;
        if (p.tint) node.spin.style.borderTopColor = p.tint;
        break;
      }
      case 'keyHelp': {
        css += line + (p.al ? 'text-align:' + textAlign[p.al] + ';' : '');
        const keys = p.keys || [];
        const signature = JSON.stringify(keys);
        if (node.signature !== signature) {
          node.signature = signature;
          const parts = [];
          keys.forEach(([key, help], index) => {
            if (index > 0) parts.push(' · ');
            const kbd = document.createElement('kbd');
            kbd.textContent = key;
            parts.push(kbd, ' ' + help);
          });
          el.replaceChildren(...parts);
        }
        break;
      }
    }
    node.css = css;
    node.classes = classes;
    if (node.parent) paint(node, old);
  }

  // The number of grapheme clusters (Swift's Characters) in `text`.
  function graphemes(text) {
    if (!segmenter) return [...text].length;
    let count = 0;
    for (const _ of segmenter.segment(text)) count += 1;
    return count;
  }

  // [line, column in characters] of a UTF-16 offset into `text`.
  function textPosition(text, offset) {
    let line = 0, lineStart = 0;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) { line += 1; lineStart = i + 1; }
    return [line, graphemes(text.slice(lineStart, offset))];
  }

  // The smallest edit that turns `before` into `after`: [start, end, replacement].
  function textEdit(before, after) {
    const limit = Math.min(before.length, after.length);
    let start = 0;
    while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start += 1;
    let endBefore = before.length, endAfter = after.length;
    while (endBefore > start && endAfter > start && before.charCodeAt(endBefore - 1) === after.charCodeAt(endAfter - 1)) {
      endBefore -= 1;
      endAfter -= 1;
    }
    // Never split a surrogate pair.
    const high = (code) => code >= 0xD800 && code <= 0xDBFF;
    if (start > 0 && high(before.charCodeAt(start - 1))) start -= 1;
    if (endBefore < before.length && endBefore > 0 && high(before.charCodeAt(endBefore - 1))) { endBefore += 1; endAfter += 1; }
    return [textPosition(before, start), textPosition(before, endBefore), after.slice(start, endAfter)];
  }

  // Opens the dialogs of the message just applied, remembering where the focus was.
  function openDialogs() {
    for (const el of dialogsToOpen) {
      if (!el.isConnected || el.open) continue;
      el.returnFocus = document.activeElement;
      el.showModal();
    }
    dialogsToOpen.clear();
  }

  // Closes the dialogs in a subtree being removed and gives the focus back.
  function closeDialogs(root) {
    const dialogs = root.tagName === 'DIALOG' ? [root] : [...root.querySelectorAll('dialog')];
    for (const dialog of dialogs) {
      dialogsToOpen.delete(dialog);
      if (dialog.open) dialog.close();
      const back = dialog.returnFocus;
      if (back && back.isConnected && back !== document.body) back.focus();
    }
  }


  function scheduleReconnect() {
    if (stopped || retryTimer || socket) return;
    const delay = attempts === 0 ? 0 : Math.min(5000, 250 * 2 ** (attempts - 1));
    attempts += 1;
    retryTimer = setTimeout(() => { retryTimer = 0; connect(); }, delay);
  }

  function reconnectNow() {
    if (socket) return;
    if (stopped) { recheckAccess(); return; }
    attempts = 0;
    clearTimeout(retryTimer);
    retryTimer = 0;
    connect();
  }
  window.addEventListener('online', reconnectNow);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) reconnectNow(); });

  // A new session's first batch builds its screen from nothing: the old screen goes, after the
  // text of every field the server had not acknowledged (or that was typed while away) is kept,
  // with the focus and caret, to be put back once the page's screen is shown (restoreFields).
  // Fields are matched by placeholder and order, since node ids are the new session's own.
  function replaceScreen() {
    replacing = false;
    pendingFields = [];
    const seen = new Map();
    for (const el of root.querySelectorAll('input.k-textField')) {
      const node = el.katanaNode;
      if (!node) continue;
      const ordinal = seen.get(el.placeholder) || 0;
      seen.set(el.placeholder, ordinal + 1);
      const focused = el === document.activeElement;
      const typed = node.unacked || el.value !== node.serverText;
      if (typed || focused) {
        pendingFields.push({ placeholder: el.placeholder, ordinal, value: typed ? el.value : null, focused,
          start: el.selectionStart, end: el.selectionEnd });
      }
    }
    typingFields.clear();
    for (const el of [...root.children]) el.remove();
    nodes.clear();
    nodes.set(0, rootEntry);
    rootEntry.count = 0;
    rootNode = 0;
    touchedTables.clear();
    pressed = null;
  }

  function restoreFields() {
    const fields = pendingFields;
    pendingFields = [];
    const found = new Map();
    const seen = new Map();
    for (const el of root.querySelectorAll('input.k-textField')) {
      const ordinal = seen.get(el.placeholder) || 0;
      seen.set(el.placeholder, ordinal + 1);
      found.set(el.placeholder + '\n' + ordinal, el);
    }
    for (const field of fields) {
      const el = found.get(field.placeholder + '\n' + field.ordinal);
      if (!el || !el.katanaNode) continue;
      if (field.value !== null && el.value !== field.value) {
        el.value = field.value;
        sendFieldText(el.katanaNode);
      }
      if (field.focused) {
        el.focus();
        if (field.start !== null) el.setSelectionRange(field.start, field.end);
      }
    }
  }

  window.katana = {
    nodes, stats, applyMessage, send,
    get connected() { return !!socket && socket.readyState === 1; },
    get sequence() { return sequence; },
    get acknowledged() { return acknowledged; },
    get stoppedForNewLink() { return stopped; },
    get retrying() { return !!retryTimer || !!socket; },
  };
  connect();
})();
