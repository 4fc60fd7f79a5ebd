// Ioiwari's variants: pick the pits and the cap, play the perfect computer, see every move's value.
"use strict";

(() => {
  const { api, svg, svgText, html, clear, describeMargin, showError, setStatus, pause } = Duel;

  const ENGINE_PAUSE_MS = 250;
  const CENTRE = { x: 280, y: 225 };

  // entries[0] is the start; every later entry holds the move that led to it.
  const game = { side: 1, entries: [], busy: false, generation: 0 };
  let limits = null;

  const $ = (id) => document.getElementById(id);
  const current = () => game.entries[game.entries.length - 1];

  function enginesTurn() {
    const analysis = current().analysis;
    return !analysis.over && game.side !== 0 && analysis.position.to_move !== game.side;
  }

  /** Fills the cap list with the caps solved on demand for the pits chosen. */
  function fillCaps() {
    const pits = Number($("var-pits").value);
    const entry = limits.pits.find((row) => row.pits === pits);
    const select = $("var-cap");
    const wanted = Number(select.value) || 3;
    clear(select);
    for (let cap = limits.min_cap; cap <= entry.max_cap; cap++) {
      const option = html("option", "", String(cap), select);
      option.value = String(cap);
    }
    select.value = String(Math.min(wanted, entry.max_cap));
    $("var-start").value = Array(pits).fill(Math.min(3, Number(select.value))).join(" ");
  }

  async function loadLimits() {
    limits = await api("/api/ioiwari/variants");
    const select = $("var-pits");
    clear(select);
    for (const row of limits.pits.filter((row) => row.max_cap !== null)) {
      const option = html("option", "", String(row.pits), select);
      option.value = String(row.pits);
    }
    select.value = "9";
    fillCaps();
    $("var-limits").textContent = `Variants of up to ${limits.max_boards.toLocaleString("en")} boards ` +
      "are solved here when first asked for (about a second each); larger ones with duel ioiwari variants.";
  }

  // ---- drawing ---------------------------------------------------------------------------

  function pitSpot(index, pits) {
    const angle = (-90 + (index * 360) / pits) * (Math.PI / 180);
    return { angle, x: CENTRE.x + 150 * Math.cos(angle), y: CENTRE.y + 150 * Math.sin(angle) };
  }

  function drawBoard() {
    const board = $("var-board");
    clear(board);
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
        "data-best": Boolean(move && move.best) && !analysis.over ? "true" : "false",
      }, board);
      svg("circle", { cx: spot.x, cy: spot.y, r: radius, class: "pit-hole" }, group);
      if (showValues && move) {
        svg("circle", { cx: spot.x, cy: spot.y, r: radius + 4, class: `pit-ring ${move.standing}` }, group);
        const tag = svg("g", { class: `value-tag ${move.standing}` }, group);
        const tx = CENTRE.x + (150 + radius + 30) * Math.cos(spot.angle);
        const ty = CENTRE.y + (150 + radius + 30) * Math.sin(spot.angle);
        svg("rect", { x: tx - 20, y: ty - 10, width: 40, height: 18, rx: 4 }, tag);
        svgText(describeMargin(move.final_margin).replace("win by ", "+").replace("loss by ", "-"),
          { x: tx, y: ty + 4 }, tag);
      }
      svgText(String(beads), { x: spot.x, y: spot.y + 6, class: "var-count" }, group);
      svgText(String(pit), {
        x: CENTRE.x + (150 - radius - 16) * Math.cos(spot.angle),
        y: CENTRE.y + (150 - radius - 16) * Math.sin(spot.angle) + 5,
        class: "pit-number",
      }, board);
      if (playable) {
        group.setAttribute("tabindex", "0");
        group.setAttribute("role", "button");
        group.setAttribute("aria-label", `pit ${pit}, ${beads} beads`);
        group.addEventListener("click", () => playPit(pit));
        group.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            playPit(pit);
          }
        });
      }
    });
    for (const player of [1, 2]) {
      const x = player === 1 ? 20 : 540;
      svgText(`player ${player} bank`, { x, y: 450, class: "var-bank-label", "text-anchor": player === 1 ? "start" : "end" }, board);
      svgText(String(position.banks[player - 1]), {
        id: `var-bank-${player}`, x, y: 475, class: "var-bank-count", "text-anchor": player === 1 ? "start" : "end",
      }, board);
    }
  }

  function render() {
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
    const log = $("var-log");
    clear(log);
    game.entries.slice(1).forEach((entry) => {
      html("li", "", `player ${entry.move.player} sows pit ${entry.move.pit}: ` +
        `+${entry.move.mover_gain} to its bank, +${entry.move.opponent_gain} to the other's`, log);
    });
    $("var-result").textContent = analysis.over ? `Game over: ${analysis.result.text}.` : "";
    if (analysis.over) {
      setStatus("var-status", "over", `Game over: ${analysis.result.text}.`);
    } else if (enginesTurn()) {
      setStatus("var-status", "thinking", "The computer is thinking...");
    } else {
      setStatus("var-status", "your-turn", `Player ${position.to_move} to move: click a pit.`);
    }
  }

  // ---- playing ---------------------------------------------------------------------------

  async function runEngine(generation) {
    while (game.generation === generation && enginesTurn()) {
      render();
      await pause(ENGINE_PAUSE_MS);
      const doc = await api("/api/ioiwari/variant/engine", { position: current().analysis.position });
      if (game.generation !== generation) return;
      game.entries.push({ analysis: doc.analysis, move: doc });
    }
    render();
  }

  async function playPit(pit) {
    if (game.busy || enginesTurn() || current().analysis.over) return;
    game.busy = true;
    showError("var-error", null);
    setStatus("var-status", "busy", `Sowing pit ${pit}...`);
    try {
      const doc = await api("/api/ioiwari/variant/play", { position: current().analysis.position, pit });
      game.entries.push({ analysis: doc.analysis, move: doc });
      game.busy = false;
      await runEngine(game.generation);
    } catch (error) {
      showError("var-error", error);
    } finally {
      game.busy = false;
      render();
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
      await runEngine(generation);
    } catch (error) {
      showError("var-error", error);
      setStatus("var-status", "error", "Choose another start.");
    }
  }

  function undo() {
    if (game.busy || game.entries.length < 2) return;
    game.generation += 1;
    game.entries.pop();
    // Back to the last position where it is the person's turn.
    while (game.entries.length > 1 && enginesTurn()) game.entries.pop();
    render();
  }

  async function start() {
    $("var-setup").addEventListener("submit", newGame);
    $("var-pits").addEventListener("change", fillCaps);
    $("var-cap").addEventListener("change", () => {
      const pits = Number($("var-pits").value);
      $("var-start").value = Array(pits).fill(Math.min(3, Number($("var-cap").value))).join(" ");
    });
    $("var-undo").addEventListener("click", undo);
    $("var-show-values").addEventListener("change", () => game.entries.length && render());
    try {
      await loadLimits();
      await newGame();
    } catch (error) {
      showError("var-error", error);
    }
  }

  start();
})();
