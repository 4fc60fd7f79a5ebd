// Ioiwari's variants: pick the pits and the cap, play the perfect computer, see every move's value.
"use strict";

(() => {
  const {
    api, svg, svgText, html, clear, describeMargin, showError, setStatus, pause, hashParameters, moveTokens,
    addressNumber, sentence, plural, pointVerb, narrowScreen, AnalysisBoard,
  } = Duel;

  const ENGINE_PAUSE_MS = 250;
  const CENTRE = { x: 280, y: 225 };

  // entries[0] is the start; every later entry holds the move that led to it.
  // `at`: the entry looked at (the last, or an earlier one while walking through the game).
  const game = { side: 1, entries: [], at: 0, busy: false, generation: 0 };
  let limits = null;

  const $ = (id) => document.getElementById(id);
  const current = () => game.entries[game.at];
  const last = () => game.entries[game.entries.length - 1];
  const live = () => game.at === game.entries.length - 1;
  const walk = AnalysisBoard.create({ prefix: "var", panel: "variants-panel", go: (index) => goTo(index, true) });

  function enginesTurn() {
    const analysis = current().analysis;
    return !analysis.over && game.side !== 0 && analysis.position.to_move !== game.side;
  }

  /** Fills the cap list with the caps solved on demand for the pits chosen. */
  function fillCaps() {
    const pits = Number($("var-pits").value);
    const entry = limits.pits.find((row) => row.pits === pits);
    const select = $("var-cap");
    // The task's cap, 5, as on the command line, where the pits allow it.
    const wanted = Number(select.value) || 5;
    clear(select);
    // The caps solved on demand, and those of the saved tables (duel serve --tables).
    const caps = entry.caps || [];
    const saved = new Set((limits.saved || []).filter((v) => v.pits === pits).map((v) => v.cap));
    for (const cap of caps) {
      const option = html("option", "", String(cap) + (saved.has(cap) ? " (saved table)" : ""), select);
      option.value = String(cap);
    }
    select.value = String(caps.includes(wanted) ? wanted : caps.filter((cap) => cap <= wanted).pop() || caps[0]);
    $("var-start").value = Array(pits).fill(Math.min(3, Number(select.value))).join(" ");
  }

  async function loadLimits() {
    limits = await api("/api/ioiwari/variants");
    const select = $("var-pits");
    clear(select);
    for (const row of limits.pits.filter((row) => (row.caps || []).length)) {
      const option = html("option", "", String(row.pits), select);
      option.value = String(row.pits);
    }
    select.value = "9";
    fillCaps();
    $("var-limits").textContent = `Variants of up to ${limits.max_boards.toLocaleString("en")} boards ` +
      "are solved here when first asked for (a second or so each): every one that duel ioiwari variants " +
      "solves in under a second; larger ones with duel ioiwari variants.";
  }

  // ---- drawing ---------------------------------------------------------------------------

  function pitSpot(index, pits) {
    const angle = (-90 + (index * 360) / pits) * (Math.PI / 180);
    return { angle, x: CENTRE.x + 150 * Math.cos(angle), y: CENTRE.y + 150 * Math.sin(angle) };
  }

  function drawBoard() {
    const board = $("var-board");
    // A board redrawn under the keyboard's focus gives the focus back to the same pit.
    const focused = Duel.focusedKey(board);
    clear(board);
    const narrow = narrowScreen();
    const analysis = current().analysis;
    const position = analysis.position;
    const moves = new Map(analysis.moves.map((move) => [move.pit, move]));
    const showValues = $("var-show-values").checked && !analysis.over && !enginesTurn();
    const radius = Math.min(34, Math.floor((Math.PI * 150) / position.pits) - 4);
    const last = current().move ? current().move.pit : null;
    svg("circle", { cx: CENTRE.x, cy: CENTRE.y, r: 150 + radius + 12, class: "board-bg" }, board);
    const centre = analysis.over
      ? ["game over", `${position.banks[0]}-${position.banks[1]}`]
      : [`player ${position.to_move}`, enginesTurn() ? "thinking..." : "to move"];
    svgText(centre[0], { x: CENTRE.x, y: CENTRE.y - 4, class: "centre-text" }, board);
    svgText(centre[1], { x: CENTRE.x, y: CENTRE.y + 14, class: "centre-text" }, board);
    // The pits are the board's buttons; their beads' counts, numbers and values are drawn over
    // them, outside the buttons (a button's name is its whole label, said below).
    const labels = [];
    position.board.forEach((beads, index) => {
      const pit = index + 1;
      const spot = pitSpot(index, position.pits);
      const move = moves.get(pit);
      const playable = Boolean(move) && !analysis.over && !enginesTurn() && !game.busy;
      const group = svg("g", {
        id: `var-pit-${pit}`,
        class: "pit" + (playable ? " legal" : "") + (pit === last ? " last" : "") +
          (showValues && move && move.best ? " best" : ""),
        "data-pit": pit,
        "data-beads": beads,
        "data-legal": playable ? "true" : "false",
        "data-best": Boolean(move && move.best) && !analysis.over ? "true" : "false",
        role: "button",
        "aria-disabled": playable ? "false" : "true",
      }, board);
      svg("circle", { cx: spot.x, cy: spot.y, r: radius, class: "pit-hole" }, group);
      const value = showValues && move ? describeMargin(move.final_margin) : null;
      const label = `pit ${pit}: ${plural(beads, "bead")}` + (pit === last ? ", played last" : "") +
        (value ? `; ${value}` : "") + (playable ? "" : "; cannot be played now");
      group.setAttribute("aria-label", label);
      svg("title", {}, group).textContent = label;
      if (showValues && move) {
        svg("circle", { cx: spot.x, cy: spot.y, r: radius + 4, class: `pit-ring ${move.standing}` }, group);
        const tag = svg("g", { class: `value-tag ${move.standing}` + (narrow ? " narrow" : ""), "data-pit": pit });
        const tx = CENTRE.x + (150 + radius + 30) * Math.cos(spot.angle);
        const ty = CENTRE.y + (150 + radius + 30) * Math.sin(spot.angle);
        const [w, h] = narrow ? [56, 28] : [44, 22];
        svg("rect", { x: tx - w / 2, y: ty - h / 2, width: w, height: h, rx: 4 }, tag);
        svgText(value.replace("win by ", "+").replace("loss by ", "\u2212"), { x: tx, y: ty + (narrow ? 7 : 5) }, tag);
        labels.push(tag);
      }
      labels.push(svgText(String(beads), { x: spot.x, y: spot.y + 6, class: "var-count" }));
      labels.push(svgText(String(pit), {
        x: CENTRE.x + (150 - radius - 16) * Math.cos(spot.angle),
        y: CENTRE.y + (150 - radius - 16) * Math.sin(spot.angle) + 5,
        class: "pit-number",
      }));
      if (playable) group.addEventListener("click", () => playPit(pit));
    });
    for (const label of labels) board.appendChild(label);
    AnalysisBoard.rovingPits(board, focused);
    for (const player of [1, 2]) {
      const x = player === 1 ? 20 : 540;
      svgText(`player ${player} bank`, { x, y: 450, class: "var-bank-label", "text-anchor": player === 1 ? "start" : "end" }, board);
      svgText(String(position.banks[player - 1]), {
        id: `var-bank-${player}`, x, y: 475, class: "var-bank-count", "text-anchor": player === 1 ? "start" : "end",
      }, board);
    }
  }

  function render(push) {
    drawBoard();
    const analysis = current().analysis;
    const position = analysis.position;
    $("var-summary").textContent = `${position.pits} pits, cap ${position.cap}: ${analysis.board_text}, ` +
      `banks ${position.banks[0]}-${position.banks[1]}. With best play: ${analysis.predicted.text} ` +
      `(value ${analysis.value} from here on).`;
    const body = $("var-moves").querySelector("tbody");
    clear(body);
    for (const move of analysis.moves) {
      const row = html("tr", move.best ? "best" : "", undefined, body);
      html("td", "", String(move.pit), row);
      html("td", move.standing, describeMargin(move.final_margin) + (move.best ? " (best)" : ""), row);
      html("td", "", String(move.value), row);
    }
    walk.renderMoves(game, (i) => !game.entries[i].move.move_value.best, (i) => {
      const move = game.entries[i].move;
      return `player ${move.player} sows pit ${move.pit}: +${move.mover_gain} to its bank, ` +
        `+${move.opponent_gain} to the other's`;
    });
    drawLink(push);
    $("var-result").textContent = analysis.over ? `Game over: ${analysis.result.text}.` : "";
    if (analysis.over) {
      setStatus("var-status", "over", `Game over: ${analysis.result.text}.`);
    } else if (!live()) {
      setStatus("var-status", "past", `Looking at move ${game.at} of ${game.entries.length - 1}: player ` +
        `${position.to_move} to move. ` + (enginesTurn() ? "Step on with the arrow keys, or press Play on from here."
        : "Play a pit to try another line from here."));
    } else if (enginesTurn()) {
      setStatus("var-status", "thinking", "The computer is thinking...");
    } else {
      setStatus("var-status", "your-turn", `Player ${position.to_move} to move: ${pointVerb()} a pit.`);
    }
    $("var-play-on").hidden = live() || !enginesTurn();
    // Undo only when there is a move to take back.
    $("var-undo").disabled = game.entries.length < 2;
  }

  /** Shows position `index` of the game; `push` makes it an entry of the browser's history. */
  function goTo(index, push) {
    if (game.busy || !game.entries.length) return;
    game.at = Math.max(0, Math.min(game.entries.length - 1, index));
    render(push);
  }

  /** The game's address (API.md, "Game addresses"). */
  game.link = function gameLink() {
    const start = game.entries[0].analysis.position;
    const parameters = new URLSearchParams({ pits: start.pits, cap: start.cap, start: start.board.join("-") });
    const moves = game.entries.slice(1).map((entry) => entry.move.pit);
    if (moves.length) parameters.set("moves", moves.join("."));
    if (!live()) parameters.set("at", String(game.at));
    parameters.set("side", String(game.side));
    return `#variants?${parameters}`;
  };

  function drawLink(push) {
    Duel.showGameLink(game, "var-link", "variants-panel", push);
  }

  /** The table of results per bead total, as duel ioiwari variants prints it. */
  async function drawTotals(pits, cap) {
    const body = $("var-totals").querySelector("tbody");
    clear(body);
    let doc;
    try {
      doc = await api(`/api/ioiwari/variant/summary?pits=${pits}&cap=${cap}`);
    } catch (error) {
      // A saved table's results per total are the command line's to print.
      $("var-totals-caption").textContent = error.message;
      return;
    }
    if (Number($("var-pits").value) !== pits || Number($("var-cap").value) !== cap) return;
    $("var-totals-caption").textContent = `${pits} pits, cap ${cap}: every start of ${doc.min} to ${doc.max} beads ` +
      "a pit, played with best play on both sides; player 1's results.";
    for (const row of doc.totals) {
      const tr = html("tr", "", undefined, body);
      for (const value of [row.beads, row.starts, row.wins, row.draws, row.losses]) html("td", "", String(value), tr);
    }
    $("var-totals").dataset.rows = String(doc.totals.length);
  }

  // ---- playing ---------------------------------------------------------------------------

  async function runEngine(generation) {
    while (game.generation === generation && live() && enginesTurn()) {
      render(false);
      await pause(ENGINE_PAUSE_MS);
      const doc = await api("/api/ioiwari/variant/engine", { position: current().analysis.position });
      if (game.generation !== generation) return;
      game.entries.push({ analysis: doc.analysis, move: doc });
      game.at = game.entries.length - 1;
    }
    render(false);
  }

  async function playPit(pit) {
    if (game.busy || enginesTurn() || current().analysis.over) return;
    // Played from an earlier position: a new line, the moves after it are dropped.
    game.entries = game.entries.slice(0, game.at + 1);
    game.generation += 1;
    game.busy = true;
    showError("var-error", null);
    setStatus("var-status", "busy", `Sowing pit ${pit}...`);
    try {
      const doc = await api("/api/ioiwari/variant/play", { position: current().analysis.position, pit });
      game.entries.push({ analysis: doc.analysis, move: doc });
      game.at = game.entries.length - 1;
      game.busy = false;
      render(true);
      await runEngine(game.generation);
    } catch (error) {
      showError("var-error", error);
    } finally {
      game.busy = false;
      render(false);
    }
  }

  async function newGame(event) {
    if (event) event.preventDefault();
    game.generation += 1;
    const generation = game.generation;
    showError("var-error", null);
    const pits = Number($("var-pits").value);
    const cap = Number($("var-cap").value);
    game.side = Number($("var-side").value);
    setStatus("var-status", "loading", `Solving ${pits} pits with a cap of ${cap}...`);
    try {
      const analysis = await api("/api/ioiwari/variant/analyze", { pits, cap, board: $("var-start").value });
      if (generation !== game.generation) return;
      game.entries = [{ analysis, move: null }];
      game.at = 0;
      render(Boolean(event));
      drawTotals(pits, cap).catch((error) => showError("var-error", error));
      // An address's moves are replayed as they were, the computer's among them.
      if (!game.replaying) await runEngine(generation);
    } catch (error) {
      showError("var-error", error);
      setStatus("var-status", "error", "Choose another start.");
    }
  }

  function undo() {
    if (game.busy || game.entries.length < 2) return;
    game.generation += 1;
    game.entries = game.entries.slice(0, game.at + 1);
    game.entries.pop();
    game.at = game.entries.length - 1;
    // Back to the last position where it is the person's turn.
    while (game.entries.length > 1 && enginesTurn()) {
      game.entries.pop();
      game.at = game.entries.length - 1;
    }
    render(true);
    // With the person playing player 2, undo back to the start hands the computer its move.
    runEngine(game.generation).catch((error) => showError("var-error", error));
  }

  async function start() {
    $("var-setup").addEventListener("submit", newGame);
    $("var-pits").addEventListener("change", fillCaps);
    $("var-cap").addEventListener("change", () => {
      const pits = Number($("var-pits").value);
      $("var-start").value = Array(pits).fill(Math.min(3, Number($("var-cap").value))).join(" ");
    });
    $("var-undo").addEventListener("click", undo);
    $("var-show-values").addEventListener("change", () => game.entries.length && render(false));
    $("var-play-on").addEventListener("click", () => Duel.playOnFrom(game, render, runEngine, "var-error"));
    window.addEventListener("hashchange", () => {
      if (location.hash === game.shownLink) return;
      if (location.hash === "#variants" && game.entries.length) drawLink(false);
      else if (hashParameters("variants")) openAddress().catch((error) => showError("var-error", error));
    });
    try {
      await loadLimits();
      await openAddress();
    } catch (error) {
      showError("var-error", error);
    }
  }

  /** The game an address names, `#variants?pits=9&cap=5&start=3-3-...&moves=2.4&at=1`: the
   *  variant and start are set up and the moves played one by one; a move that cannot be
   *  played stops the replay there, and says why and where. */
  async function openAddress() {
    const shared = hashParameters("variants");
    if (!shared) return newGame();
    const problems = [];
    try {
      const pits = addressNumber(shared, "pits", 2, 14, Number($("var-pits").value));
      if (!Array.from($("var-pits").options).some((o) => o.value === String(pits))) {
        throw new Error(`the address's pits=${pits} is not a variant solved here`);
      }
      $("var-pits").value = String(pits);
      fillCaps();
      const cap = addressNumber(shared, "cap", 2, 9, Number($("var-cap").value));
      if (!Array.from($("var-cap").options).some((o) => o.value === String(cap))) {
        throw new Error(`the address's cap=${cap} is not solved here with ${pits} pits`);
      }
      $("var-cap").value = String(cap);
    } catch (error) {
      problems.push(error.message);
    }
    if (shared.get("start")) $("var-start").value = shared.get("start").split("-").join(" ");
    Duel.addressChoices(shared, [["var-side", "side"]], problems);
    const { moves, at } = Duel.addressMoves(shared, problems);
    game.replaying = moves.length > 0;
    await newGame().finally(() => { game.replaying = false; });
    if (!game.entries.length) return;
    const generation = ++game.generation;
    game.busy = true;
    for (const [index, token] of moves.entries()) {
      const where = `move ${index + 1} of the address (${JSON.stringify(token)})`;
      try {
        if (!/^\d+$/.test(token)) throw new Error("not a pit number");
        const doc = await api("/api/ioiwari/variant/play", { position: last().analysis.position, pit: Number(token) });
        if (generation !== game.generation) return;
        game.entries.push({ analysis: doc.analysis, move: doc });
      } catch (error) {
        problems.push(`${where} cannot be played: ${error.message}; the game is shown up to move ${index}`);
        break;
      }
    }
    game.busy = false;
    game.at = at === null ? game.entries.length - 1 : Math.min(at, game.entries.length - 1);
    render(false);
    showError("var-error", problems.length ? sentence(problems.join("; ")) + "." : null);
  }

  start();
})();
