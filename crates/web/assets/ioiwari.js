// Ioiwari: the round board, play against the engine, move values and the value history.
"use strict";

(() => {
  const { api, svg, svgText, html, clear, describeMargin, standingOf, showError, setStatus, pause, plural } = Duel;

  const CENTRE = { x: 280, y: 235 };
  const PIT_ORBIT = 120;
  const PIT_RADIUS = 36;
  const TAG_ORBIT = 200;
  const ENGINE_PAUSE_MS = 250;
  // Where the beads sit inside a pit, for 1..5 beads.
  const BEAD_SPOTS = [
    [],
    [[0, 0]],
    [[-11, 0], [11, 0]],
    [[0, -12], [-11, 8], [11, 8]],
    [[-11, -11], [11, -11], [-11, 11], [11, 11]],
    [[-13, -13], [13, -13], [-13, 13], [13, 13], [0, 0]],
  ];

  // The game: entries[0] is the start; every later entry holds the move that led to it.
  const game = { side: 1, strength: "perfect", entries: [], generation: 0, asked: 0, busy: false };

  const $ = (id) => document.getElementById(id);
  const current = () => game.entries[game.entries.length - 1];
  const playerName = (player) =>
    `player ${player}` + (game.side === 0 ? "" : game.side === player ? " (you)" : " (computer)");

  function pitCentre(pitIndex) {
    const angle = (-90 + (pitIndex * 360) / 7) * (Math.PI / 180);
    return { angle, x: CENTRE.x + PIT_ORBIT * Math.cos(angle), y: CENTRE.y + PIT_ORBIT * Math.sin(angle) };
  }

  function enginesTurn() {
    const analysis = current().analysis;
    return !analysis.over && game.side !== 0 && analysis.position.to_move !== game.side;
  }

  // ---- drawing ---------------------------------------------------------------------------

  function drawBoard() {
    const board = $("ioi-board");
    clear(board);
    const analysis = current().analysis;
    const position = analysis.position;
    const showValues = valuesShown() && !analysis.over && !enginesTurn();
    const moves = new Map(analysis.moves.map((move) => [move.pit, move]));
    const last = current().move ? current().move.pit : null;

    svg("circle", { cx: CENTRE.x, cy: CENTRE.y, r: 172, class: "board-bg" }, board);
    const centreLines = analysis.over
      ? ["game over", `${position.banks[0]}-${position.banks[1]}`]
      : [`player ${position.to_move}`, enginesTurn() ? "thinking..." : "to move"];
    svgText(centreLines[0], { x: CENTRE.x, y: CENTRE.y - 4, class: "centre-text" }, board);
    svgText(centreLines[1], { x: CENTRE.x, y: CENTRE.y + 14, class: "centre-text" }, board);

    position.board.forEach((beads, index) => {
      const pit = index + 1;
      const spot = pitCentre(index);
      const move = moves.get(pit);
      const playable = Boolean(move) && !analysis.over && !enginesTurn();
      const group = svg("g", {
        id: `pit-${pit}`,
        class: "pit" + (playable ? " legal" : "") + (move && move.best ? " best" : "") +
          (pit === last ? " last" : ""),
        "data-pit": pit,
        "data-beads": beads,
        "data-legal": playable ? "true" : "false",
        "data-best": move && move.best ? "true" : "false",
        "data-last": pit === last ? "true" : "false",
        role: "button",
        tabindex: playable ? "0" : "-1",
        "aria-disabled": playable ? "false" : "true",
      }, board);
      if (move) group.dataset.value = move.final_margin;
      svg("circle", { cx: spot.x, cy: spot.y, r: PIT_RADIUS, class: "pit-hole" }, group);
      if (showValues && move) {
        svg("circle", { cx: spot.x, cy: spot.y, r: PIT_RADIUS + 4, class: `pit-ring ${move.standing}` }, group);
      }
      for (const [dx, dy] of BEAD_SPOTS[beads]) {
        svg("circle", { cx: spot.x + dx, cy: spot.y + dy, r: 8, class: "bead" }, group);
      }
      const numberOrbit = 70;
      svgText(String(pit), {
        x: CENTRE.x + numberOrbit * Math.cos(spot.angle),
        y: CENTRE.y + numberOrbit * Math.sin(spot.angle) + 5,
        class: "pit-number",
      }, board);
      const label = `pit ${pit}: ${plural(beads, "bead")}` +
        (pit === last ? ", played last" : "") +
        (showValues && move ? `; ${describeMargin(move.final_margin)} in ${plural(move.moves_to_end, "move")}` : "") +
        (playable ? "" : "; cannot be played now");
      group.setAttribute("aria-label", label);
      const title = svg("title", {}, group);
      title.textContent = label;
      if (playable) {
        group.addEventListener("click", () => humanMove(pit));
        group.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            humanMove(pit);
          }
        });
      }

      if (showValues && move) {
        const tx = CENTRE.x + TAG_ORBIT * Math.cos(spot.angle);
        const ty = CENTRE.y + TAG_ORBIT * Math.sin(spot.angle);
        const tag = svg("g", { class: `value-tag ${move.standing}`, "data-pit": pit }, board);
        svg("rect", { x: tx - 45, y: ty - 17, width: 90, height: 34, rx: 6 }, tag);
        svgText((move.best ? "\u2605 " : "") + describeMargin(move.final_margin), { x: tx, y: ty - 3 }, tag);
        svgText(`${plural(move.moves_to_end, "move")} left`, { x: tx, y: ty + 12 }, tag);
      }
    });

    drawBank(board, 1, 10, position.banks[0], position.to_move === 1 && !analysis.over);
    drawBank(board, 2, 460, position.banks[1], position.to_move === 2 && !analysis.over);
  }

  function drawBank(board, player, x, beads, toMove) {
    const y = 366;
    const role = game.side === 0 ? "" : game.side === player ? "(you)" : "(computer)";
    svgText(`player ${player}`, { x: x + 45, y: y - 24, class: "bank-label" }, board);
    svgText(role, { x: x + 45, y: y - 8, class: "bank-label" }, board);
    const bank = svg("g", { id: `bank-${player}`, "data-beads": beads }, board);
    svg("rect", { x, y, width: 90, height: 104, rx: 12, class: "bank" + (toMove ? " to-move" : "") }, bank);
    for (let i = 0; i < Math.min(beads, 35); i++) {
      const column = i % 5;
      const row = Math.floor(i / 5);
      svg("circle", { cx: x + 17 + column * 14, cy: y + 96 - 13 - row * 13, r: 6, class: "bead" }, bank);
    }
    svgText(String(beads), { x: x + 45, y: y + 36, class: "bank-count" }, bank);
  }

  function drawSummary() {
    const analysis = current().analysis;
    const summary = $("ioi-summary");
    if (analysis.over) {
      summary.textContent = `The game is over: ${analysis.result.text}.`;
    } else if (!valuesShown()) {
      summary.textContent = `${playerName(analysis.position.to_move)} to move (move values hidden).`;
    } else if (enginesTurn()) {
      summary.textContent = `${playerName(analysis.position.to_move)} to move.`;
    } else {
      summary.textContent =
        `Player ${analysis.position.to_move} to move can force a final ${describeMargin(analysis.final_margin)} ` +
        `(${analysis.value >= 0 ? "+" : ""}${analysis.value} from here on), in ${plural(analysis.moves_to_end, "move")} ` +
        `with best play: ${analysis.predicted.text}. Best: pit${analysis.best_moves.length > 1 ? "s" : ""} ` +
        `${analysis.best_moves.join(", ")}.`;
    }
    // The table is the options of the side to move: not shown for the computer, nor when the
    // values are hidden.
    $("ioi-moves").hidden = analysis.moves.length === 0 || !valuesShown() || enginesTurn();
    const body = $("ioi-moves").querySelector("tbody");
    clear(body);
    for (const move of analysis.moves) {
      const row = html("tr", move.best ? "best" : "", undefined, body);
      html("td", "", (move.best ? "\u2605 " : "") + move.pit, row);
      html("td", `v-${move.standing}`, describeMargin(move.final_margin), row);
      html("td", "", (move.value >= 0 ? "+" : "") + move.value, row);
      html("td", "", String(move.moves_to_end), row);
    }
  }

  /** Whose side the value history is drawn from: the person's, or player 1's when the
   *  person plays both sides. */
  const historySide = () => (game.side === 2 ? 2 : 1);

  /** That side's final margin under best play after each entry. */
  function historyMargins() {
    const side = historySide();
    return game.entries.map((entry) => {
      const a = entry.analysis;
      return a.position.to_move === side ? a.final_margin : -a.final_margin;
    });
  }

  function drawHistory() {
    const chart = $("ioi-history");
    clear(chart);
    const margins = historyMargins();
    const side = historySide();
    $("ioi-history-hint").textContent =
      `The final bank difference ${game.side === 0 ? "player 1" : "you (player " + side + ")"} can force after ` +
      `each move (above the line: player ${side} wins; below: player ${3 - side}). A drop marks a mistake ` +
      `by player ${side}; a rise, one by player ${3 - side}.`;
    chart.setAttribute("aria-label", `Value history from player ${side}'s side`);
    chart.dataset.side = String(side);
    const left = 34, right = 410, top = 12, bottom = 176;
    const steps = Math.max(margins.length - 1, 12);
    const extent = Math.max(4, ...margins.map(Math.abs));
    const xOf = (i) => left + ((right - left) * i) / steps;
    const yOf = (m) => top + ((bottom - top) * (extent - m)) / (2 * extent);
    svg("line", { x1: left, y1: top, x2: left, y2: bottom, class: "axis" }, chart);
    svg("line", { x1: left, y1: yOf(0), x2: right, y2: yOf(0), class: "zero-line" }, chart);
    svgText(`+${extent}`, { x: 4, y: yOf(extent) + 4, class: "axis-label" }, chart);
    svgText("0", { x: 20, y: yOf(0) + 4, class: "axis-label" }, chart);
    svgText(`-${extent}`, { x: 4, y: yOf(-extent) + 4, class: "axis-label" }, chart);
    svgText("moves \u2192", { x: right - 50, y: bottom + 18, class: "axis-label" }, chart);
    svg("polyline", {
      points: margins.map((m, i) => `${xOf(i)},${yOf(m)}`).join(" "),
      class: "history-line",
    }, chart);
    margins.forEach((margin, i) => {
      const mistake = i > 0 && isMistake(game.entries[i]);
      const dot = svg("circle", {
        cx: xOf(i), cy: yOf(margin), r: mistake ? 6 : 4.5,
        class: `dot ${standingOf(margin)}` + (mistake ? " mistake" : ""),
      }, chart);
      const title = svg("title", {}, dot);
      title.textContent = i === 0
        ? `start: player ${side} ${describeMargin(margin)}`
        : `after move ${i}: player ${side} ${describeMargin(margin)}` + (mistake ? " (a mistake)" : "");
    });
    chart.dataset.points = String(margins.length);
    chart.hidden = !valuesShown();
  }

  function isMistake(entry) {
    return Boolean(entry.move) && !entry.move.move_value.best;
  }

  function drawLog() {
    const log = $("ioi-log");
    clear(log);
    for (const entry of game.entries.slice(1)) {
      const move = entry.move;
      const item = html("li", isMistake(entry) ? "mistake" : "", undefined, log);
      const banks = entry.analysis.position.banks;
      item.textContent = `${playerName(move.player)} plays ${move.pit}` +
        (valuesShown() ? `: ${describeMargin(move.move_value.final_margin)} for them` : "") +
        `; banks ${banks[0]}-${banks[1]}` + (isMistake(entry) && valuesShown() ? " (a mistake)" : "");
    }
    log.scrollTop = log.scrollHeight;
  }

  function firstMistakeOf(player) {
    for (let i = 1; i < game.entries.length; i++) {
      const entry = game.entries[i];
      if (entry.move.player === player && isMistake(entry)) {
        const before = game.entries[i - 1].analysis;
        const best = before.moves.filter((m) => m.best).map((m) => m.pit).join(" or ");
        return `Your first mistake: move ${i}, pit ${entry.move.pit} ` +
          `(${describeMargin(entry.move.move_value.final_margin)}); pit ${best} kept ` +
          `${describeMargin(before.final_margin)}.`;
      }
    }
    return "You made no mistake.";
  }

  function drawStatus() {
    const analysis = current().analysis;
    const result = $("ioi-result");
    result.className = "result";
    result.textContent = "";
    if (analysis.over) {
      const winner = analysis.result.winner;
      let verdict = "";
      if (game.side !== 0) {
        verdict = winner === null ? " Draw." : winner === game.side ? " You win!" : " You lose.";
        result.classList.add(winner === null ? "draw" : winner === game.side ? "win" : "loss");
      }
      result.textContent = `Game over: ${analysis.result.text}.${verdict}`;
      result.dataset.winner = winner === null ? "draw" : String(winner);
      const mistake = game.side === 0 ? "" : " " + firstMistakeOf(game.side);
      setStatus("ioi-status", "over", `The game is over after ${plural(game.entries.length - 1, "move")}.${mistake}`);
    } else if (enginesTurn()) {
      setStatus("ioi-status", "thinking", `The computer (${game.strength}) is thinking...`);
    } else {
      setStatus("ioi-status", "your-turn",
        `${playerName(analysis.position.to_move)} to move: click a pit, or press its number 1-7.`);
    }
    $("ioi-undo").disabled = game.entries.length < 2;
  }

  function render() {
    drawBoard();
    drawSummary();
    drawHistory();
    drawLog();
    drawStatus();
  }

  // ---- play ------------------------------------------------------------------------------

  async function newGame(event) {
    if (event) event.preventDefault();
    showError("ioi-error", null);
    const request = {
      board: $("ioi-start").value,
      banks: [Number($("ioi-bank-1").value || 0), Number($("ioi-bank-2").value || 0)],
      to_move: Number($("ioi-to-move").value),
    };
    // The current game stays, and stays playable, until the new start is known to be valid.
    const asked = ++game.asked;
    try {
      const analysis = await api("/api/ioiwari/analyze", request);
      if (asked !== game.asked) return;
      const generation = ++game.generation;
      game.side = Number($("ioi-side").value);
      game.strength = $("ioi-strength").value;
      game.entries = [{ analysis, move: null }];
      game.busy = false;
      render();
      await engineIfDue(generation);
    } catch (error) {
      showError("ioi-error", error.message ? `Not started: ${error.message}` : error);
      if (!game.entries.length) setStatus("ioi-status", "error", "No game: fix the start board above.");
    }
  }

  const valuesShown = () => $("ioi-show-values").checked;

  async function humanMove(pit) {
    if (game.busy || !game.entries.length || enginesTurn() || current().analysis.over) return;
    if (!current().analysis.moves.some((move) => move.pit === pit)) return;
    const generation = game.generation;
    showError("ioi-error", null);
    // Say at once that the click was taken, before the server answers.
    game.busy = true;
    setStatus("ioi-status", "thinking", `Playing pit ${pit}...`);
    try {
      const result = await api("/api/ioiwari/play", { position: current().analysis.position, pit });
      if (generation !== game.generation) return;
      game.entries.push({ analysis: result.analysis, move: result });
      game.busy = false;
      render();
      await engineIfDue(generation);
    } catch (error) {
      showError("ioi-error", error);
      game.busy = false;
      if (game.entries.length) render();
    }
  }

  async function engineIfDue(generation) {
    while (generation === game.generation && enginesTurn()) {
      await pause(ENGINE_PAUSE_MS);
      if (generation !== game.generation) return;
      const result = await api("/api/ioiwari/engine", {
        position: current().analysis.position,
        strength: game.strength,
      });
      if (generation !== game.generation) return;
      game.entries.push({ analysis: result.analysis, move: result });
      render();
    }
  }

  function undo() {
    if (game.entries.length < 2) return;
    const generation = ++game.generation;
    game.busy = false;
    game.entries.pop();
    // Take back the computer's answer too, so it is the person's turn again.
    while (game.entries.length > 1 && enginesTurn()) game.entries.pop();
    render();
    engineIfDue(generation).catch((error) => showError("ioi-error", error));
  }

  async function loadStartBoards() {
    try {
      const table = await api("/api/ioiwari/table");
      const list = $("ioi-start-list");
      for (const row of table.rows) {
        const option = html("option", "", `${row.text}  (player 1 wins by ${row.value})`, list);
        option.value = row.text;
      }
    } catch (error) {
      showError("ioi-error", error);
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("ioi-setup").addEventListener("submit", newGame);
    $("ioi-undo").addEventListener("click", undo);
    $("ioi-show-values").addEventListener("change", () => game.entries.length && render());
    // Keys 1-7 play that pit whenever the Ioiwari panel is shown and no text field has focus.
    document.addEventListener("keydown", (event) => {
      if ($("ioiwari-panel").hidden || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target;
      if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
      if (/^[1-7]$/.test(event.key)) {
        event.preventDefault();
        humanMove(Number(event.key));
      }
    });
    $("ioi-start-list").addEventListener("change", () => {
      if ($("ioi-start-list").value) {
        $("ioi-start").value = $("ioi-start-list").value;
        newGame();
      }
    });
    loadStartBoards();
    newGame();
  });
})();
