// Ioiwari: the round board, play against the engine, move values and the value history.
"use strict";

(() => {
  const {
    api, svg, svgText, html, clear, describeMargin, standingOf, showError, setStatus, pause, plural,
    reducedMotion, narrowScreen, hashParameters, IOI, drawIoiwari, sowingSteps, explainSowing, either,
    forwardReason, sentence,
  } = Duel;

  const ENGINE_PAUSE_MS = 250;
  // How long each step of a sowing stays on screen.
  const SOW_STEP_MS = 170;

  // The game: entries[0] is the start; every later entry holds the move that led to it.
  const game = { side: 1, strength: "perfect", entries: [], generation: 0, asked: 0, busy: false };

  const $ = (id) => document.getElementById(id);
  const current = () => game.entries[game.entries.length - 1];
  const playerName = (player) =>
    `player ${player}` + (game.side === 0 ? "" : game.side === player ? " (you)" : " (computer)");

  function enginesTurn() {
    const analysis = current().analysis;
    return !analysis.over && game.side !== 0 && analysis.position.to_move !== game.side;
  }

  // ---- drawing ---------------------------------------------------------------------------

  /** Draws the current position, or `frame` (a step of a sowing being animated). */
  function drawBoard(frame) {
    const board = $("ioi-board");
    const analysis = current().analysis;
    const position = analysis.position;
    const sowing = Boolean(frame);
    const showValues = !sowing && valuesShown() && !analysis.over && !enginesTurn();
    const moves = new Map(analysis.moves.map((move) => [move.pit, move]));
    const last = current().move ? current().move.pit : null;
    const roles = game.side === 0 ? ["", ""] : [1, 2].map((p) => (p === game.side ? "(you)" : "(computer)"));
    const centre = sowing
      ? [`player ${frame.player} sows`, `${plural(frame.hand, "bead")} in hand`]
      : analysis.over
        ? ["game over", `${position.banks[0]}-${position.banks[1]}`]
        : [`player ${position.to_move}`, enginesTurn() ? "thinking..." : "to move"];
    const narrow = narrowScreen();
    drawIoiwari(board, {
      board: sowing ? frame.pits : position.board,
      banks: sowing ? frame.banks : position.banks,
      toMove: sowing ? frame.player : position.to_move,
      over: !sowing && analysis.over,
      last: sowing ? null : last,
      focus: sowing ? frame.at : null,
      roles,
      centre,
      pit(pit, group, spot) {
        const move = sowing ? null : moves.get(pit);
        const playable = Boolean(move) && !analysis.over && !enginesTurn() && !game.busy;
        const beads = Number(group.dataset.beads);
        group.id = `pit-${pit}`;
        group.classList.toggle("legal", playable);
        group.classList.toggle("best", Boolean(move && move.best));
        group.dataset.legal = playable ? "true" : "false";
        group.dataset.best = move && move.best ? "true" : "false";
        group.setAttribute("role", "button");
        group.setAttribute("tabindex", playable ? "0" : "-1");
        group.setAttribute("aria-disabled", playable ? "false" : "true");
        if (move) group.dataset.value = move.final_margin;
        if (showValues && move) {
          svg("circle", { cx: spot.x, cy: spot.y, r: IOI.pitRadius + 4, class: `pit-ring ${move.standing}` }, group);
        }
        const label = `pit ${pit}: ${plural(beads, "bead")}` +
          (pit === last && !sowing ? ", played last" : "") +
          (showValues && move ? `; ${describeMargin(move.final_margin)} in ${plural(move.moves_to_end, "move")}` : "") +
          (playable ? "" : "; cannot be played now");
        group.setAttribute("aria-label", label);
        svg("title", {}, group).textContent = label;
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
          // The value tags: one line and larger on a phone, where the board is drawn small.
          const tx = IOI.centre.x + IOI.tagOrbit * Math.cos(spot.angle);
          const ty = IOI.centre.y + IOI.tagOrbit * Math.sin(spot.angle);
          const tag = svg("g", { class: `value-tag ${move.standing}` + (narrow ? " narrow" : ""), "data-pit": pit }, board);
          const star = move.best ? "\u2605 " : "";
          if (narrow) {
            svg("rect", { x: tx - 52, y: ty - 17, width: 104, height: 34, rx: 6 }, tag);
            svgText(star + describeMargin(move.final_margin), { x: tx, y: ty + 7 }, tag);
          } else {
            svg("rect", { x: tx - 45, y: ty - 17, width: 90, height: 34, rx: 6 }, tag);
            svgText(star + describeMargin(move.final_margin), { x: tx, y: ty - 3 }, tag);
            svgText(`${plural(move.moves_to_end, "move")} left`, { x: tx, y: ty + 12 }, tag);
          }
        }
      },
    });
    // The value tags are drawn over the pits; the pits' numbers stay on top of the board.
    for (const tag of board.querySelectorAll(".value-tag")) board.appendChild(tag);
    board.dataset.animating = sowing ? "true" : "false";
  }

  function drawSummary() {
    const analysis = current().analysis;
    const summary = $("ioi-summary");
    if (analysis.over) {
      summary.textContent = `The game is over: ${analysis.result.text}.`;
    } else if (!valuesShown()) {
      summary.textContent = `${sentence(playerName(analysis.position.to_move))} to move (move values hidden).`;
    } else if (enginesTurn()) {
      summary.textContent = `${sentence(playerName(analysis.position.to_move))} to move.`;
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
      // Said of the player by number, you or the computer alike.
      const worth = move.move_value.final_margin;
      const outlook = worth === 0
        ? "best play from there draws"
        : `best play from there ${worth > 0 ? "wins" : "loses"} by ${Math.abs(worth)} for player ${move.player}`;
      item.textContent = `${playerName(move.player)} plays pit ${move.pit}` +
        (valuesShown() ? ` (${outlook})` : "") +
        `; banks ${banks[0]}-${banks[1]}` + (isMistake(entry) && valuesShown() ? "; a mistake" : "");
    }
    log.scrollTop = log.scrollHeight;
  }

  function firstMistakeOf(player) {
    for (let i = 1; i < game.entries.length; i++) {
      const entry = game.entries[i];
      if (entry.move.player === player && isMistake(entry)) {
        const before = game.entries[i - 1].analysis;
        const best = before.moves.filter((m) => m.best).map((m) => m.pit);
        return `Move ${i}, pit ${entry.move.pit}, was your first mistake: ` +
          `${forwardReason(entry.move.move_value.final_margin, before.final_margin, `pit ${either(best)}`)}.`;
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
        `${sentence(playerName(analysis.position.to_move))} to move: click a pit, or press its number 1-7.`);
    }
    $("ioi-undo").disabled = game.entries.length < 2;
  }

  /** The line under the board that says what the last move did. */
  function drawLastMove() {
    const line = $("ioi-last-move");
    const entry = current();
    if (!entry.move) {
      line.textContent = "No move yet. Sowing: a pit's beads go one by one into the next pits clockwise.";
      return;
    }
    const before = game.entries[game.entries.length - 2].analysis.position;
    const steps = sowingSteps(before.board, entry.move.pit);
    line.textContent = explainSowing(before.board, entry.move.pit, entry.move.player, steps);
  }

  /** The address of the position on show: opening it shows the same position. */
  function positionLink() {
    const position = current().analysis.position;
    const parameters = new URLSearchParams({
      board: position.board.join("-"),
      banks: position.banks.join("-"),
      to_move: String(position.to_move),
      side: String(game.side),
      strength: game.strength,
    });
    return `#ioiwari?${parameters}`;
  }

  function drawLink() {
    const link = positionLink();
    $("ioi-link").href = link;
    game.shownLink = link;
    // The address bar follows the game while its tab is shown, so a reload keeps the position.
    if (!$("ioiwari-panel").hidden && location.hash !== link) history.replaceState(null, "", link);
  }

  function render() {
    drawBoard();
    drawSummary();
    drawHistory();
    drawLog();
    drawStatus();
    drawLastMove();
    drawLink();
  }

  const animationWanted = () => $("ioi-animate").checked && !reducedMotion();

  /** Shows the sowing of `move` (a play or engine answer) bead by bead, when wanted; then the
   *  position after it. The board says how many steps were drawn (`data-sowing-frames`). */
  async function animate(move, generation) {
    const board = $("ioi-board");
    const before = current().analysis.position;
    const steps = sowingSteps(before.board, move.pit);
    const last = steps[steps.length - 1];
    const agrees = last.pits.every((beads, i) => beads === move.analysis.position.board[i]) &&
      last.mover === move.mover_gain && last.opponent === move.opponent_gain;
    if (!animationWanted() || !agrees) {
      board.dataset.sowingFrames = "0";
      return;
    }
    setStatus("ioi-status", "sowing", `Player ${move.player} sows pit ${move.pit}...`);
    let frames = 0;
    for (const step of steps) {
      if (generation !== game.generation) return;
      const banks = before.banks.slice();
      banks[move.player - 1] += step.mover;
      banks[2 - move.player] += step.opponent;
      drawBoard({ ...step, banks, player: move.player });
      frames += 1;
      board.dataset.sowingFrames = String(frames);
      await pause(SOW_STEP_MS);
    }
  }

  async function newGame(event) {
    if (event) event.preventDefault();
    showError("ioi-error", null);
    startError(null);
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
      startError(error.message ? `Not started: ${error.message}` : error);
      if (!game.entries.length) setStatus("ioi-status", "error", "No game: fix the start board.");
    }
  }

  /** A start the server refused (its board, banks or side to move), said under the start
   *  board's field, which is marked invalid until a start is accepted. */
  function startError(error) {
    showError("ioi-start-error", error);
    if (error) $("ioi-start").setAttribute("aria-invalid", "true");
    else $("ioi-start").removeAttribute("aria-invalid");
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
      await animate(result, generation);
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
      game.busy = true;
      await animate(result, generation);
      if (generation !== game.generation) return;
      game.busy = false;
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
    // Under reduced motion nothing moves, and the setting says why.
    if (reducedMotion()) {
      $("ioi-animate").checked = false;
      $("ioi-animate").disabled = true;
      $("ioi-animate-label").title = "Your system asks for reduced motion.";
    }
    window.addEventListener("hashchange", () => {
      if (hashParameters("ioiwari") && location.hash !== game.shownLink) openSharedPosition();
    });
    loadStartBoards();
    openSharedPosition();
  });

  /** Starts the game the address names (`#ioiwari?board=...`), or the setup's game. */
  function openSharedPosition() {
    const shared = hashParameters("ioiwari");
    if (shared) {
      const words = (name) => (shared.get(name) || "").split("-").filter(Boolean);
      if (shared.get("board")) $("ioi-start").value = words("board").join(" ");
      const banks = words("banks");
      $("ioi-bank-1").value = banks[0] || "0";
      $("ioi-bank-2").value = banks[1] || "0";
      for (const [id, name] of [["ioi-to-move", "to_move"], ["ioi-side", "side"], ["ioi-strength", "strength"]]) {
        const wanted = shared.get(name);
        if (wanted && Array.from($(id).options).some((option) => option.value === wanted)) $(id).value = wanted;
      }
    }
    newGame();
  }
})();
