// Ioiwari's variants: pick the pits and the cap, play the perfect computer, see every move's value.
"use strict";

(() => {
  const {
    api, svg, svgText, html, clear, describeMargin, showError, setStatus, pause, hashParameters, addressNumber,
    sentence, plural, pointVerb, narrowScreen, AnalysisBoard,
  } = Duel;

  const ENGINE_PAUSE_MS = 250;
  const CENTRE = { x: 280, y: 225 };

  let limits = null;
  const $ = (id) => document.getElementById(id);

  /** The game's side of the session: each entry is `{ analysis, move }`, `move` the API's
   *  answer for the move that led there (null at the start). The computer is perfect. */
  const rules = {
    tab: "variants",
    strengths: false,
    async begin(start, moves) {
      const doc = await api("/api/ioiwari/variant/game", { start, moves: moves.join(".") });
      return { entries: Duel.gameEntries(doc), stopped: Duel.stoppedText(doc.stopped) };
    },
    async play(session, pit) {
      const move = await api("/api/ioiwari/variant/play", { position: session.last().analysis.position, pit: Number(pit) });
      return Duel.withMove(session, move);
    },
    async engine(session) {
      const move = await api("/api/ioiwari/variant/engine", { position: session.last().analysis.position });
      return Duel.withMove(session, move);
    },
    ...Duel.pitGame,
    startParameters(entry) {
      const start = entry.analysis.position;
      return new URLSearchParams({ pits: start.pits, cap: start.cap, start: start.board.join("-") });
    },
  };

  const game = Duel.createSession(rules, {
    render,
    failed: (error) => showError("var-error", error),
    pause,
    pauseMs: ENGINE_PAUSE_MS,
  });
  const current = () => game.current();
  const enginesTurn = () => game.computerToMove();
  const walk = AnalysisBoard.create({ prefix: "var", panel: "variants-panel", go: (index) => game.goTo(index, true) });

  /** The start the API gives for the variant chosen (3 beads a pit, or the cap below 3). */
  function usualStart() {
    const row = limits.pits.find((r) => r.pits === Number($("var-pits").value));
    return row.starts[row.caps.indexOf(Number($("var-cap").value))];
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
    $("var-start").value = usualStart();
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
    if (!game.entries.length) return;
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
    walk.renderMoves(game, (i) => Boolean(game.entries[i].move.mistake), (i) => {
      const move = game.entries[i].move;
      return `player ${move.player} sows pit ${move.pit}: +${move.mover_gain} to its bank, ` +
        `+${move.opponent_gain} to the other's`;
    });
    drawLink(push);
    $("var-result").textContent = analysis.over ? `Game over: ${analysis.result.text}.` : "";
    if (analysis.over) {
      setStatus("var-status", "over", `Game over: ${analysis.result.text}.`);
    } else if (!game.live()) {
      setStatus("var-status", "past", `Looking at move ${game.at} of ${game.entries.length - 1}: player ` +
        `${position.to_move} to move. ` + (enginesTurn() ? "Step on with the arrow keys, or press Play on from here."
        : "Play a pit to try another line from here."));
    } else if (enginesTurn()) {
      setStatus("var-status", "thinking", "The computer is thinking...");
    } else {
      setStatus("var-status", "your-turn", `Player ${position.to_move} to move: ${pointVerb()} a pit.`);
    }
    $("var-play-on").hidden = game.live() || !enginesTurn();
    // Undo only when there is a move of the person's to take back.
    $("var-undo").disabled = !game.canUndo();
  }

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

  async function playPit(pit) {
    if (!game.personToMove()) return;
    showError("var-error", null);
    setStatus("var-status", "busy", `Sowing pit ${pit}...`);
    try {
      await game.play(String(pit));
    } catch (error) {
      showError("var-error", error);
      render(false);
    }
  }

  /** The variant and start the setup's fields describe, as the API takes it. */
  const startRequest = () => ({ pits: Number($("var-pits").value), cap: Number($("var-cap").value), board: $("var-start").value });

  /** Starts the game the setup describes through the address tokens `moves` (none for a new
   *  game); resolves to why the moves stopped early, or null. */
  async function begin(moves, at, push) {
    const request = startRequest();
    setStatus("var-status", "loading", `Solving ${request.pits} pits with a cap of ${request.cap}...`);
    try {
      const stopped = await game.begin(request, moves, { at, side: Number($("var-side").value) });
      if (push) drawLink(true);
      drawTotals(request.pits, request.cap).catch((error) => showError("var-error", error));
      return stopped;
    } catch (error) {
      showError("var-error", error);
      setStatus("var-status", "error", "Choose another start.");
      return null;
    }
  }

  async function newGame(event) {
    if (event) event.preventDefault();
    showError("var-error", null);
    await begin([], null, Boolean(event));
  }

  async function start() {
    $("var-setup").addEventListener("submit", newGame);
    $("var-pits").addEventListener("change", fillCaps);
    $("var-cap").addEventListener("change", () => {
      $("var-start").value = usualStart();
    });
    $("var-undo").addEventListener("click", () => game.undo());
    $("var-show-values").addEventListener("change", () => render(false));
    $("var-play-on").addEventListener("click", () => game.playOn());
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
   *  variant, its start and its moves, replayed by the API in one request; a move that cannot
   *  be played stops the replay there, and says why and where. */
  async function openAddress() {
    const shared = hashParameters("variants");
    if (!shared) return newGame();
    const problems = [];
    try {
      const pits = addressNumber(shared, "pits", limits.min_pits, limits.max_pits, Number($("var-pits").value));
      if (!Array.from($("var-pits").options).some((o) => o.value === String(pits))) {
        throw new Error(`the address's pits=${pits} is not a variant solved here`);
      }
      $("var-pits").value = String(pits);
      fillCaps();
      const cap = addressNumber(shared, "cap", limits.min_cap, limits.max_cap, Number($("var-cap").value));
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
    const request = startRequest();
    const own = { pits: request.pits, cap: request.cap, start: request.board.trim().split(/\s+/).join("-") };
    if (game.shownLink && game.isAt(own, moves, Number($("var-side").value), null)) {
      game.goTo(at === null ? game.entries.length - 1 : at, false);
      return;
    }
    const stopped = await begin(moves, at, false);
    if (stopped) problems.push(stopped);
    showError("var-error", problems.length ? sentence(problems.join("; ")) + "." : null);
  }

  start();
})();
