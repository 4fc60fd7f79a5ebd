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
    // Opened without a tab named: the viewer when duel serve was given reports, else Ioiwari.
    let documents = [];
    try {
      ({ documents } = await api("/api/viewer"));
    } catch (error) {
      // The Ioiwari tab says what is wrong when it asks the server in turn.
    }
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

  /** Puts `game.link()` (its address) on the link `linkId` and, while `panelId` is shown, in
   *  the address bar (see setAddress); remembers it as `game.shownLink`. */
  function showGameLink(game, linkId, panelId, push) {
    const link = game.link();
    document.getElementById(linkId).href = link;
    game.shownLink = link;
    if (!document.getElementById(panelId).hidden) setAddress(link, push);
  }

  /** A game's address `#name?...` (API.md, "Game addresses"): `parameters` (its start) with
   *  its `moves` joined by dots, the move looked at unless the game is `live`, the side played
   *  and the computer's strength. */
  function gameAddress(game, name, parameters, moves, live) {
    if (moves.length) parameters.set("moves", moves.join("."));
    if (!live) parameters.set("at", String(game.at));
    parameters.set("side", String(game.side));
    parameters.set("strength", game.strength);
    return `#${name}?${parameters}`;
  }

  /** From a past position where the computer is to move: the moves after it are dropped and
   *  the computer plays on (`game` holds `entries`, `at`, `busy`, `generation`). */
  function playOnFrom(game, render, engineIfDue, errorId) {
    if (game.at === game.entries.length - 1 || game.busy) return;
    game.entries = game.entries.slice(0, game.at + 1);
    const generation = ++game.generation;
    render(true);
    engineIfDue(generation).catch((error) => showError(errorId, error));
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

  /**
   * Sows `pit` (1..7) of `board` for the page's animation and explanation, by the task's rule:
   * every step the hand takes, from lifting the beads to the last bead. Each step: `pits`,
   * `at` (the pit visited), `hand` (beads still in hand), `mover` and `opponent` (beads banked
   * so far), `kind` ("lift", "drop", "full", "capture", "opponent") and `captured`.
   */
  function sowingSteps(board, pit) {
    const pits = board.slice();
    let hand = pits[pit - 1];
    pits[pit - 1] = 0;
    let mover = 0;
    let opponent = 0;
    let at = pit;
    const steps = [{ pits: pits.slice(), at, hand, mover, opponent, kind: "lift", captured: 0 }];
    while (hand > 0) {
      at = (at % 7) + 1;
      let kind;
      let captured = 0;
      if (hand > 1) {
        if (pits[at - 1] === 5) {
          pits[at - 1] -= 1;
          mover += 1;
          kind = "full";
        } else {
          pits[at - 1] += 1;
          hand -= 1;
          kind = "drop";
        }
      } else if (pits[at - 1] >= 1 && pits[at - 1] <= 4) {
        captured = pits[at - 1];
        mover += captured + 1;
        pits[at - 1] = 0;
        hand = 0;
        kind = "capture";
      } else {
        opponent += 1;
        hand = 0;
        kind = "opponent";
      }
      steps.push({ pits: pits.slice(), at, hand, mover, opponent, kind, captured });
    }
    return steps;
  }

  /** "pits 3, 4 and 5". */
  function pitList(pits) {
    const names = pits.map(String);
    const listed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
    return `${pits.length > 1 ? "pits" : "pit"} ${listed}`;
  }

  /** What a move did, in one sentence: what was sown where, what was captured, into whose bank. */
  function explainSowing(board, pit, player, steps) {
    const other = 3 - player;
    const lifted = board[pit - 1];
    const drops = steps.filter((step) => step.kind === "drop").map((step) => step.at);
    const full = steps.filter((step) => step.kind === "full").map((step) => step.at);
    const last = steps[steps.length - 1];
    const parts = [];
    if (drops.length) parts.push(`${drops.length > 1 ? "one each" : "one"} into ${pitList(drops)}`);
    if (full.length) {
      parts.push(`full ${pitList(full)} gave ${plural(full.length, "bead")} to player ${player}'s bank instead`);
    }
    if (last.kind === "capture") {
      parts.push(`the last bead took pit ${last.at}'s ${plural(last.captured, "bead")} with it into player ${player}'s bank`);
    } else {
      const why = last.pits[last.at - 1] === 0 ? "an empty" : "a full";
      parts.push(`the last bead met ${why} pit ${last.at} and went to player ${other}'s bank`);
    }
    const total = last.mover > 0 ? ` (${plural(last.mover, "bead")} for player ${player}` +
      (last.opponent ? `, 1 for player ${other})` : ")") : " (1 bead for player " + other + ")";
    return `Player ${player} sowed pit ${pit}'s ${plural(lifted, "bead")}: ${parts.join("; ")}${total}.`;
  }

  /** "2", "2 or 4", "2, 4 or 7". */
  function either(items) {
    return items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}` : String(items[0]);
  }

  /** Why a move was a mistake, said forwards: `chosen` is the final bank difference it leads
   *  to with best play (for its player), `best` what `alternative` (e.g. "pit 5") would have
   *  led to; `who` is "you" or a player's name. */
  function forwardReason(chosen, best, alternative, who = "you") {
    const s = who === "you" ? "" : "s";
    const outcome = chosen === 0 ? "it ends in a draw"
      : chosen > 0 ? `${who} win${s} by ${best > chosen ? "only " : ""}${chosen}` : `${who} lose${s} by ${-chosen}`;
    const instead = best === 0 ? "drawn"
      : best > 0 ? `won by ${best}` : `lost by ${chosen < best ? "only " : ""}${-best}`;
    return `with best play from there ${outcome}; ${alternative} would have ${instead}`;
  }

  document.addEventListener("DOMContentLoaded", () => { setupTabs(); });

  return {
    api, svg, svgText, html, clear, describeMargin, standingOf, showError, setStatus, pause, plural,
    reducedMotion, narrowScreen, pointVerb, keepInView, focusedKey, roving, alongRow, takes, hashParameters, moveTokens, setAddress, addressNumber, addressMoves, addressChoices, gameAddress, showGameLink, playOnFrom, IOI, pitCentre, drawIoiwari, sowingSteps,
    explainSowing, either, forwardReason, sentence,
  };
})();
