// What every tab's scripts share: the API client, SVG drawing, the tabs (each tab's scripts are
// loaded when it is first shown) and the games' addresses.
"use strict";

const Duel = (() => {
  const SVG_NS = "http://www.w3.org/2000/svg";

  /** POSTs `body` as JSON (or GETs without one); resolves to the parsed answer, rejects with
   *  the API's error message. */
  async function api(path, body) {
    const options = body === undefined
      ? { method: "GET" }
      : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    let response;
    try {
      response = await fetch(path, options);
    } catch (error) {
      document.getElementById("connection").textContent = "the server does not answer";
      throw new Error("the server does not answer: is duel serve still running?");
    }
    document.getElementById("connection").textContent = "";
    const answer = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    if (!response.ok) {
      throw new Error(answer.error || `HTTP ${response.status}`);
    }
    return answer;
  }

  /** Creates an SVG element with attributes, optionally appended to `parent`. */
  function svg(tag, attributes, parent) {
    const element = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      element.setAttribute(name, String(value));
    }
    if (parent) parent.appendChild(element);
    return element;
  }

  /** An SVG <text> element. */
  function svgText(content, attributes, parent) {
    const element = svg("text", attributes, parent);
    element.textContent = content;
    return element;
  }

  /** An HTML element with a class and text. */
  function html(tag, className, content, parent) {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (content !== undefined) element.textContent = content;
    if (parent) parent.appendChild(element);
    return element;
  }

  function clear(element) {
    while (element.firstChild) element.removeChild(element.firstChild);
  }

  /** "win by 2", "draw", "loss by 3": a value as people say it. */
  function describeMargin(margin) {
    if (margin > 0) return `win by ${margin}`;
    if (margin < 0) return `loss by ${-margin}`;
    return "draw";
  }

  function standingOf(margin) {
    return margin > 0 ? "win" : margin < 0 ? "loss" : "draw";
  }

  function showError(id, error) {
    document.getElementById(id).textContent = error ? String(error.message || error) : "";
  }

  function setStatus(id, state, message) {
    const status = document.getElementById(id);
    status.dataset.state = state;
    status.textContent = message;
  }

  // ---- the tabs (the ARIA tabs pattern) and each tab's scripts, loaded when first shown ----

  const TABS = ["ioiwari", "variants", "mis", "viewer"];
  // The answer of GET /api/viewer asked for when the page opened without a tab named, if so.
  let viewerList = null;

  /** The list of documents open in the viewer: the one asked for as the page opened, the
   *  first time, else asked for now. */
  function viewerDocuments() {
    const list = viewerList || api("/api/viewer");
    viewerList = null;
    return list;
  }
  const loading = new Map();

  /** Loads `src` once (a classic script, run in order after the page was parsed). */
  function loadScript(src) {
    if (!loading.has(src)) {
      loading.set(src, new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = src;
        script.async = false;
        script.onload = resolve;
        script.onerror = () => reject(new Error(`${src} did not load: is duel serve still running?`));
        document.body.appendChild(script);
      }));
    }
    return loading.get(src);
  }

  /** Loads the scripts of `tab`, as index.html lists them (`type="text/x-duel-tab"`, which the
   *  browser itself neither fetches nor runs), each once: fetched at the same time, run in
   *  their order. */
  function loadTab(tab) {
    const scripts = Array.from(document.querySelectorAll('script[type="text/x-duel-tab"]'))
      .filter((script) => script.dataset.tabs.split(/\s+/).includes(tab));
    return Promise.all(scripts.map((script) => loadScript(script.getAttribute("src"))));
  }

  /** The tab an address names (`#mis?p=7...` names mis), or null. */
  function tabOfHash(hash) {
    const name = hash.replace(/^#/, "").split("?")[0];
    return TABS.includes(name) ? name : null;
  }

  /** Shows `tab`: its button selected and the only one in the Tab order, its panel alone shown,
   *  its scripts loaded; `address` writes `#tab` to the address bar (a new history entry) unless
   *  the address names the tab already. */
  function showTab(tab, address) {
    for (const other of TABS) {
      const active = other === tab;
      const button = document.getElementById(`tab-${other}`);
      button.classList.toggle("active", active);
      button.setAttribute("aria-selected", String(active));
      button.tabIndex = active ? 0 : -1;
      const panel = document.getElementById(`${other}-panel`);
      const wasHidden = panel.hidden;
      panel.hidden = !active;
      if (active && wasHidden) panel.dispatchEvent(new CustomEvent("duel:shown"));
    }
    // A shared position's parameters stay in the address while its tab opens.
    if (address && tabOfHash(location.hash) !== tab) location.hash = `#${tab}`;
    loadTab(tab).catch((error) => {
      document.getElementById("connection").textContent = error.message;
    });
  }

  /** The current tab, as its panel is shown. */
  const shownTab = () => TABS.find((tab) => !document.getElementById(`${tab}-panel`).hidden);

  async function setupTabs() {
    const list = document.getElementById("tabs");
    for (const tab of TABS) {
      document.getElementById(`tab-${tab}`).addEventListener("click", () => showTab(tab, true));
    }
    // Arrow keys, Home and End move between the tabs, and show the tab moved to.
    list.addEventListener("keydown", (event) => {
      const at = TABS.indexOf(shownTab());
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[event.key];
      if (to === undefined || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      const tab = TABS[(to + TABS.length) % TABS.length];
      showTab(tab, true);
      document.getElementById(`tab-${tab}`).focus();
    });
    // A shared position's address carries its parameters after the tab: `#ioiwari?board=...`.
    window.addEventListener("hashchange", () => {
      const tab = tabOfHash(location.hash);
      if (tab && tab !== shownTab()) showTab(tab, false);
    });
    const named = tabOfHash(location.hash);
    if (named) {
      showTab(named, false);
      return;
    }
    // Opened without a tab named: the viewer when duel serve was given reports, else Ioiwari
    // (the viewer's script takes the list asked for here rather than asking again).
    let documents = [];
    try {
      viewerList = api("/api/viewer");
      ({ documents } = await viewerList);
    } catch (error) {
      // The Ioiwari tab says what is wrong when it asks the server in turn.
    }
    // Kept only for the viewer's script about to load now.
    if (!documents.length) viewerList = null;
    showTab(documents.length ? "viewer" : "ioiwari", false);
  }

  /** Scrolls the list `log` (a scrolling box) so that its item `item` is in view, near the
   *  middle; when the list is not shown yet, as soon as its panel is. */
  function keepInView(log, item, panelId) {
    const scroll = () => {
      if (!item.isConnected || log.clientHeight === 0) return;
      const middle = item.offsetTop + item.offsetHeight / 2 - log.clientHeight / 2;
      log.scrollTop = Math.max(0, middle);
    };
    if (log.clientHeight === 0 && panelId) {
      document.getElementById(panelId).addEventListener("duel:shown", () => requestAnimationFrame(scroll), { once: true });
    } else {
      scroll();
    }
  }

  /** The `data-key` of the element of `container` that has the keyboard's focus, or null: read
   *  before `container` is redrawn, and given to `roving` after, so the focus stays put. */
  function focusedKey(container) {
    const active = document.activeElement;
    return active && active !== container && container.contains(active) ? active.getAttribute("data-key") : null;
  }

  /**
   * Makes `items` (controls inside `container`, each with a distinct `data-key`) one stop of the
   * Tab order, moved between with keys: the item `container` remembers (the one focused last),
   * else the first for which `first(item)` holds, else the first item, has tabindex 0, the
   * others -1; `move(index, key)` gives the index a key moves to (or undefined: the key is not
   * taken); `focused` (see focusedKey) gets the focus back after a redraw. Enter and Space
   * activate an item as a click does.
   */
  function roving(container, items, move, first, focused) {
    if (!items.length) return;
    const byKey = (key) => items.find((item) => item.getAttribute("data-key") === key);
    const take = (item) => {
      for (const other of items) other.setAttribute("tabindex", other === item ? "0" : "-1");
      container.dataset.roving = item.getAttribute("data-key");
    };
    take(byKey(container.dataset.roving) || items.find(first || (() => false)) || items[0]);
    for (const [index, item] of items.entries()) {
      item.addEventListener("focus", () => take(item));
      item.addEventListener("keydown", (event) => {
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          if (item.getAttribute("aria-disabled") !== "true") item.dispatchEvent(new MouseEvent("click"));
          return;
        }
        const to = move(index, event.key);
        if (to === undefined || to === null) return;
        event.preventDefault();
        const next = items[(to + items.length) % items.length];
        take(next);
        next.focus();
      });
    }
    if (focused && byKey(focused)) byKey(focused).focus({ preventScroll: true });
  }

  /** A move along a row of `count` items by the arrows (both pairs), Home and End. */
  const alongRow = (count) => (index, key) => ({
    ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: count - 1,
  })[key];

  /** "tap" on a touch screen, "click" with a mouse: the word for pointing at something. */
  const pointVerb = () => (window.matchMedia("(pointer: coarse)").matches ? "tap" : "click");

  /** "1 move", "2 moves": a count with its noun. */
  function plural(count, noun) {
    return `${count} ${noun}${count === 1 ? "" : "s"}`;
  }

  /** Waits `ms` milliseconds, so the computer's answer is seen as a separate move. */
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Whether the person's system asks for less motion: then nothing is animated. */
  const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  /** A phone-sized screen. */
  const narrowScreen = () => window.matchMedia("(max-width: 640px)").matches;

  /** A text with its first letter capitalised, to start a sentence. */
  const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1);

  /** "take 1 poohstick" said of a player: "takes 1 poohstick". */
  const takes = (text) => text.replace(/^take /, "takes ");

  /** The parameters after a hash such as `#ioiwari?board=...`, or null without any. */
  function hashParameters(tab) {
    const prefix = `#${tab}?`;
    return location.hash.startsWith(prefix) ? new URLSearchParams(location.hash.slice(prefix.length)) : null;
  }

  // ---- game addresses (API.md, "Game addresses") ------------------------------------------

  /** The moves of an address's `moves` text, one item a move: `2.4.1` (dots, commas or spaces
   *  between them) gives ["2", "4", "1"]. */
  function moveTokens(text) {
    return (text || "").split(/[.,\s]+/).filter(Boolean);
  }

  /** Writes `link` (a `#tab?...` address) to the address bar: a new entry of the browser's
   *  history when `push`, so back and forward step through what was viewed; else in place. */
  function setAddress(link, push) {
    if (location.hash === link) return;
    if (push) history.pushState(null, "", link);
    else history.replaceState(null, "", link);
  }

  /** The address's `moves` and `at` (see moveTokens, addressNumber); what is wrong with them
   *  is pushed onto `problems`. */
  function addressMoves(parameters, problems) {
    const moves = moveTokens(parameters.get("moves"));
    let at = null;
    try {
      at = addressNumber(parameters, "at", 0, moves.length, null);
    } catch (error) {
      problems.push(error.message);
    }
    return { moves, at };
  }

  /** Sets each select `id` to the address's `name` when it is one of its options; a value that
   *  is not is pushed onto `problems`. `pairs`: [[id, name], ...]. */
  function addressChoices(parameters, pairs, problems) {
    for (const [id, name] of pairs) {
      const wanted = parameters.get(name);
      if (wanted === null) continue;
      const select = document.getElementById(id);
      if (Array.from(select.options).some((option) => option.value === wanted)) select.value = wanted;
      else problems.push(`the address's ${name}=${wanted} is not one of the choices`);
    }
  }

  /** Puts `session.address()` on the link `linkId` and, while `panelId` is shown, in the
   *  address bar (see setAddress); remembers it as `session.shownLink`. */
  function showGameLink(session, linkId, panelId, push) {
    const link = session.address();
    document.getElementById(linkId).href = link;
    session.shownLink = link;
    if (!document.getElementById(panelId).hidden) setAddress(link, push);
  }

  /** A game's address `#tab?...` (API.md, "Game addresses"): `start` (a URLSearchParams of its
   *  start), its `moves` (address tokens) joined by dots, the move looked at (`at`, left out
   *  when null), the side played and, when given, the computer's strength. */
  function gameLink(tab, start, moves, at, side, strength) {
    const parameters = new URLSearchParams(start);
    if (moves.length) parameters.set("moves", moves.join("."));
    if (at !== null && at !== undefined) parameters.set("at", String(at));
    parameters.set("side", String(side));
    if (strength) parameters.set("strength", strength);
    return `#${tab}?${parameters}`;
  }

  // ---- one game on show: the session every game's tab shares -----------------------------

  /** Where an address's moves stopped, in words (the API's `stopped` of a whole game), or null. */
  function stoppedText(stopped) {
    if (!stopped) return null;
    return `move ${stopped.number} of the address (${JSON.stringify(stopped.given)}) cannot be played: ` +
      `${stopped.reason}; the game is shown up to move ${stopped.number - 1}`;
  }

  /** The session's entries with the API's answer `move` for a move (its `analysis` the
   *  position after it) added: the entries of Ioiwari and its variants. */
  const withMove = (session, move) => [...session.entries, { analysis: move.analysis, move }];

  /** Who moves, whether the game is over and how an address writes a move, for the entries of
   *  a game of pits (Ioiwari and its variants). */
  const pitGame = {
    toMove: (entry) => entry.analysis.position.to_move,
    over: (entry) => entry.analysis.over,
    token: (entry) => String(entry.move.pit),
  };

  /** The entries of a whole game the API replayed (`start`, then each move's answer). */
  const gameEntries = (doc) => [{ analysis: doc.start, move: null }, ...doc.moves.map((move) => ({ analysis: move.analysis, move }))];

  /**
   * The game on show in a tab: its positions (`entries`: the start, then one per move), the one
   * looked at (`at`), whose turn it is, moves played from any position looked at, undo, the
   * computer's turns and the game's address. It knows no rule of any game: `game`, the tab's
   * side of it, asks the API for everything:
   * - `tab`: the address's tab (`ioiwari`, `variants`, `mis`); `strengths`: whether the address
   *   names the computer's strength;
   * - `begin(start, moves)`: the game from `start` (the tab's description of it) through the
   *   address tokens `moves`, in one request: `{ entries, stopped }`, `stopped` null or why the
   *   moves stop where they do (a sentence);
   * - `play(session, move)`: the entries after the move `move` (an address token) is played in
   *   the last position (the whole list); rejects with the API's refusal;
   * - `engine(session)`: the entries after the computer's move in the last position;
   * - `toMove(entry)` (1 or 2), `over(entry)`, `token(entry)` (the move that led to `entry`, as
   *   an address writes it) and `startParameters(entry)` (a URLSearchParams of the start).
   * `hooks`: `render(push)` draws what changed (`push`: a new entry in the browser's history),
   * `failed(error)` says a failure of the computer's turn, `pause(ms)` waits (`pauseMs` between
   * the person's move and the computer's), the optional `moving(entries, generation)` is
   * awaited before a new position is shown (the sowing's animation), and the optional
   * `played(move)` is called once the person's move is shown, before the computer answers.
   */
  function createSession(game, hooks) {
    const wait = hooks.pause || pause;
    const session = {
      side: 1,
      strength: "perfect",
      entries: [],
      at: 0,
      busy: false,
      // Bumped by every change of course; a request answered for an older one is dropped.
      generation: 0,
      // Bumped by every new game asked for.
      asked: 0,
      shownLink: null,
      /** The entry looked at: the last one, or an earlier one while walking through the game. */
      current: () => session.entries[session.at],
      last: () => session.entries[session.entries.length - 1],
      /** Whether the last position is looked at. */
      live: () => session.at === session.entries.length - 1,
      /** Whether it is the computer's turn in `entry` (the one looked at by default). */
      computerToMove(entry = session.current()) {
        return Boolean(entry) && !game.over(entry) && session.side !== 0 && game.toMove(entry) !== session.side;
      },
      /** Whether the person may move in the position looked at now. */
      personToMove() {
        const entry = session.current();
        return Boolean(entry) && !session.busy && !game.over(entry) && !session.computerToMove(entry);
      },
      /** Who made the move that led to entry `index` (1 or 2). */
      mover: (index) => game.toMove(session.entries[index - 1]),
      /** Whether there is a move of the person's up to the position looked at, for Undo. */
      canUndo() {
        for (let i = 1; i <= session.at; i++) if (session.side === 0 || session.mover(i) === session.side) return true;
        return false;
      },

      /** Starts the game `start` with the address's `moves`, showing move `at` (null: the
       *  last); `side` and `strength` as chosen. Resolves to why the moves stopped early, or
       *  null; rejects when the start is refused (the game on show stays). */
      async begin(start, moves, { at = null, side = session.side, strength = session.strength } = {}) {
        // Only the latest game asked for is shown; the one on show goes on until it arrives.
        const asked = ++session.asked;
        const { entries, stopped } = await game.begin(start, moves);
        if (asked !== session.asked) return null;
        const generation = ++session.generation;
        Object.assign(session, { side, strength, entries, busy: false });
        session.at = at === null ? entries.length - 1 : Math.min(at, entries.length - 1);
        hooks.render(false);
        session.engineTurns(generation).catch(hooks.failed);
        return stopped;
      },

      /** Shows position `index`; `push` makes it a new entry of the browser's history. */
      goTo(index, push) {
        if (session.busy || !session.entries.length) return;
        session.at = Math.max(0, Math.min(session.entries.length - 1, index));
        hooks.render(push);
      },

      /** Plays the person's `move` (an address token) in the position looked at: from an
       *  earlier one, the moves after it are dropped (a new line). Then the computer's turns.
       *  Rejects with the API's refusal (the game stays as it was). */
      async play(move) {
        if (!session.personToMove()) return;
        const kept = session.entries.slice(0, session.at + 1);
        const before = session.entries;
        session.entries = kept;
        const generation = ++session.generation;
        session.busy = true;
        let entries;
        try {
          entries = await game.play(session, move);
        } catch (error) {
          if (generation === session.generation) {
            session.entries = before;
            session.busy = false;
          }
          throw error;
        }
        if (generation !== session.generation) return;
        if (hooks.moving) await hooks.moving(entries, generation);
        if (generation !== session.generation) return;
        session.entries = entries;
        session.at = entries.length - 1;
        session.busy = false;
        hooks.render(true);
        if (hooks.played) hooks.played(move);
        await session.engineTurns(generation);
      },

      /** The computer's moves while it is to move in the last position, looked at. */
      async engineTurns(generation) {
        while (generation === session.generation && session.live() && session.computerToMove(session.last())) {
          await wait(hooks.pauseMs || 0);
          if (generation !== session.generation) return;
          const entries = await game.engine(session);
          if (generation !== session.generation) return;
          session.busy = true;
          if (hooks.moving) await hooks.moving(entries, generation);
          if (generation !== session.generation) return;
          session.busy = false;
          session.entries = entries;
          session.at = entries.length - 1;
          hooks.render(false);
        }
      },

      /** Takes back the person's last move up to the position looked at, and the computer's
       *  answers after it, so that it is the person's turn; where the computer is to move
       *  then (the person plays second and is back at the start), it moves again. */
      undo() {
        if (!session.canUndo()) return;
        const generation = ++session.generation;
        session.busy = false;
        const entries = session.entries.slice(0, session.at + 1);
        do entries.pop(); while (entries.length > 1 && session.side !== 0 &&
          game.toMove(entries[entries.length - 1]) !== session.side);
        session.entries = entries;
        session.at = entries.length - 1;
        hooks.render(true);
        session.engineTurns(generation).catch(hooks.failed);
      },

      /** From an earlier position where the computer is to move: the moves after it are
       *  dropped and the computer plays on. */
      playOn() {
        if (session.live() || session.busy) return;
        session.entries = session.entries.slice(0, session.at + 1);
        const generation = ++session.generation;
        hooks.render(true);
        session.engineTurns(generation).catch(hooks.failed);
      },

      /** Stops whatever is under way (the computer's turn, an animation). */
      cancel() {
        session.generation += 1;
        session.busy = false;
      },

      /** The game's address: its start, its moves, the move looked at unless it is the last,
       *  the side played and the computer's strength (API.md, "Game addresses"). */
      address() {
        const start = game.startParameters(session.entries[0]);
        const moves = session.entries.slice(1).map(game.token);
        return gameLink(game.tab, start, moves, session.live() ? null : session.at, session.side,
          game.strengths === false ? null : session.strength);
      },

      /** Whether the address names this very game (its start, its moves, the side and the
       *  strength), so that opening it only moves to the move it names. */
      isAt(start, moves, side, strength) {
        if (!session.entries.length) return false;
        const own = game.startParameters(session.entries[0]);
        const played = session.entries.slice(1).map(game.token);
        return String(own) === String(new URLSearchParams(start)) && played.join(".") === moves.join(".") &&
          session.side === side && (game.strengths === false || session.strength === strength);
      },
    };
    return session;
  }

  /** A number of the address between `min` and `max`, or `fallback` when it is absent; an
   *  Error saying what is wrong when it is there but not such a number. */
  function addressNumber(parameters, name, min, max, fallback) {
    const text = parameters.get(name);
    if (text === null || text === "") return fallback;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      throw new Error(`the address's ${name}=${text} is not a number from ${min} to ${max}`);
    }
    return Number(text);
  }

  // ---- the Ioiwari board, drawn the same way on the play page and in the viewer ----------

  const IOI = { centre: { x: 280, y: 235 }, pitOrbit: 120, pitRadius: 36, tagOrbit: 200 };
  // Where the beads sit inside a pit, for 1..5 beads.
  const BEAD_SPOTS = [
    [],
    [[0, 0]],
    [[-11, 0], [11, 0]],
    [[0, -12], [-11, 8], [11, 8]],
    [[-11, -11], [11, -11], [-11, 11], [11, 11]],
    [[-13, -13], [13, -13], [-13, 13], [13, 13], [0, 0]],
  ];

  function pitCentre(pitIndex) {
    const angle = (-90 + (pitIndex * 360) / 7) * (Math.PI / 180);
    const { centre, pitOrbit } = IOI;
    return { angle, x: centre.x + pitOrbit * Math.cos(angle), y: centre.y + pitOrbit * Math.sin(angle) };
  }

  /**
   * Draws a round Ioiwari board with its two banks into `board` (an SVG of viewBox 560x480).
   * `view`: `board` (7 counts), `banks` ([2]), `toMove`, `over`, `last` (the pit played last or
   * null), `roles` (["(you)", "(computer)"] or empty strings), `centre` (two lines),
   * `focus` (a pit being sown, or null), and optionally `pit(pit, group, spot)`, called for each
   * pit's group to add marks, values and handlers.
   */
  function drawIoiwari(board, view) {
    clear(board);
    const { centre, pitRadius } = IOI;
    svg("circle", { cx: centre.x, cy: centre.y, r: 172, class: "board-bg" }, board);
    svgText(view.centre[0], { x: centre.x, y: centre.y - 4, class: "centre-text" }, board);
    svgText(view.centre[1], { x: centre.x, y: centre.y + 14, class: "centre-text" }, board);
    view.board.forEach((beads, index) => {
      const pit = index + 1;
      const spot = pitCentre(index);
      const group = svg("g", {
        id: `${board.id}-pit-${pit}`,
        class: "pit" + (pit === view.last ? " last" : "") + (pit === view.focus ? " sowing" : ""),
        "data-pit": pit,
        "data-beads": beads,
        "data-last": pit === view.last ? "true" : "false",
      }, board);
      svg("circle", { cx: spot.x, cy: spot.y, r: pitRadius, class: "pit-hole" }, group);
      if (view.pit) view.pit(pit, group, spot);
      for (const [dx, dy] of BEAD_SPOTS[Math.min(beads, 5)]) {
        svg("circle", { cx: spot.x + dx, cy: spot.y + dy, r: 8, class: "bead" }, group);
      }
      const numberOrbit = 70;
      svgText(String(pit), {
        x: centre.x + numberOrbit * Math.cos(spot.angle),
        y: centre.y + numberOrbit * Math.sin(spot.angle) + 5,
        class: "pit-number",
      }, board);
    });
    drawBank(board, view, 1, 10);
    drawBank(board, view, 2, 460);
  }

  function drawBank(board, view, player, x) {
    const y = 366;
    const beads = view.banks[player - 1];
    const toMove = view.toMove === player && !view.over;
    // The labels line up with the board's outer edge, so that a phone's larger text fits.
    const edge = { x: player === 1 ? x : x + 90, "text-anchor": player === 1 ? "start" : "end" };
    svgText(`player ${player}`, { ...edge, y: y - 26, class: "bank-label" }, board);
    svgText(view.roles[player - 1] || "", { ...edge, y: y - 8, class: "bank-label" }, board);
    const bank = svg("g", { id: `${board.id}-bank-${player}`, class: "bank-group", "data-beads": beads }, board);
    svg("rect", { x, y, width: 90, height: 104, rx: 12, class: "bank" + (toMove ? " to-move" : "") }, bank);
    for (let i = 0; i < Math.min(beads, 35); i++) {
      const column = i % 5;
      const row = Math.floor(i / 5);
      svg("circle", { cx: x + 17 + column * 14, cy: y + 96 - 13 - row * 13, r: 6, class: "bead" }, bank);
    }
    svgText(String(beads), { x: x + 45, y: y + 36, class: "bank-count" }, bank);
  }

  // In a browser; under Node (the unit tests) the module's parts alone.
  if (typeof document !== "undefined") document.addEventListener("DOMContentLoaded", () => { setupTabs(); });

  return {
    api, svg, svgText, html, clear, describeMargin, standingOf, showError, setStatus, pause, plural,
    reducedMotion, narrowScreen, pointVerb, keepInView, focusedKey, roving, alongRow, takes, hashParameters, moveTokens,
    viewerDocuments, setAddress, addressNumber, addressMoves, addressChoices, showGameLink, gameLink, createSession, stoppedText, withMove,
    gameEntries, pitGame, IOI, pitCentre,
    drawIoiwari, sentence,
  };
})();

if (typeof module === "object" && module.exports) module.exports = Duel;
