// Ioiwari: the round board, play against the engine, move values and the value history.
"use strict";

(() => {
  const {
    api, html, clear, describeMargin, showError, setStatus, pause, plural, reducedMotion, hashParameters, moveTokens,
    addressNumber, setAddress, sowingSteps, explainSowing, either, forwardReason, sentence, pointVerb, AnalysisBoard,
  } = Duel;

  const ENGINE_PAUSE_MS = 250;
  // How long each step of a sowing stays on screen.
  const SOW_STEP_MS = 170;

  // The game: entries[0] is the start; every later entry holds the move that led to it.
  // `at` is the entry looked at; `retry` the position of a mistake being retried.
  const game = { side: 1, strength: "perfect", entries: [], at: 0, generation: 0, asked: 0, busy: false, retry: null };

  const $ = (id) => document.getElementById(id);
  const current = () => game.entries[game.entries.length - 1];
  const playerName = (player) =>
    `player ${player}` + (game.side === 0 ? "" : game.side === player ? " (you)" : " (computer)");

  function enginesTurn() {
    const analysis = current().analysis;
    return !analysis.over && game.side !== 0 && analysis.position.to_move !== game.side;
  }

  // ---- drawing ---------------------------------------------------------------------------

  // The position looked at: the last one, or an earlier one while walking through the game.
  const shown = () => game.entries[game.at];
  const live = () => game.at === game.entries.length - 1;

  /** Whether the computer is to move in the position looked at. */
  function enginesTurnAt(entry) {
    const analysis = entry.analysis;
    return !analysis.over && game.side !== 0 && analysis.position.to_move !== game.side;
  }

  const analysisBoard = AnalysisBoard.create({ prefix: "ioi", panel: "ioiwari-panel", go: (index) => goTo(index, true) });

  /** Draws the position looked at, or `frame` (a step of a sowing being animated). */
  function drawBoard(frame) {
    const entry = frame ? current() : shown();
    const analysis = entry.analysis;
    const position = analysis.position;
    const computerToMove = enginesTurnAt(entry);
    const roles = game.side === 0 ? ["", ""] : [1, 2].map((p) => (p === game.side ? "(you)" : "(computer)"));
    const centre = frame
      ? [`player ${frame.player} sows`, `${plural(frame.hand, "bead")} in hand`]
      : analysis.over
        ? ["game over", `${position.banks[0]}-${position.banks[1]}`]
        : [`player ${position.to_move}`, computerToMove && live() ? "thinking..." : "to move"];
    AnalysisBoard.drawBoard($("ioi-board"), {
      position,
      over: analysis.over,
      last: entry.move ? entry.move.pit : null,
      roles,
      centre,
      analysis,
      frame,
      showValues: valuesShown() && !computerToMove,
      playable: () => !analysis.over && !computerToMove && !game.busy,
      play: humanMove,
      pitId: (pit) => `pit-${pit}`,
    });
  }

  function drawSummary() {
    const analysis = shown().analysis;
    const summary = $("ioi-summary");
    if (analysis.over) {
      summary.textContent = `The game is over: ${analysis.result.text}.`;
    } else if (!valuesShown()) {
      summary.textContent = `${sentence(playerName(analysis.position.to_move))} to move (move values hidden).`;
    } else if (enginesTurnAt(shown())) {
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
    $("ioi-moves").hidden = analysis.moves.length === 0 || !valuesShown() || enginesTurnAt(shown());
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

  function isMistake(entry) {
    return Boolean(entry.move) && !entry.move.move_value.best;
  }

  /** Move `i` in words, said of the player by number, you or the computer alike. */
  function moveText(i) {
    const move = game.entries[i].move;
    const banks = game.entries[i].analysis.position.banks;
    const worth = move.move_value.final_margin;
    const outlook = worth === 0
      ? "best play from there draws"
      : `best play from there ${worth > 0 ? "wins" : "loses"} by ${Math.abs(worth)} for player ${move.player}`;
    return `${playerName(move.player)} plays pit ${move.pit}` + (valuesShown() ? ` (${outlook})` : "") +
      `; banks ${banks[0]}-${banks[1]}`;
  }

  /** The chart, the move list and the walk through them, by the shared analysis board. */
  function drawWalk() {
    const side = historySide();
    const mistakes = new Set();
    game.entries.forEach((entry, i) => { if (isMistake(entry)) mistakes.add(i); });
    analysisBoard.render({
      count: game.entries.length,
      at: game.at,
      margins: historyMargins(),
      side,
      mistakes,
      moveText,
      valuesShown: valuesShown(),
      hint: `The final bank difference ${game.side === 0 ? "player 1" : "you (player " + side + ")"} can force after ` +
        `each move (above the line: player ${side} wins; below: player ${3 - side}). A drop marks a mistake ` +
        `by player ${side}; a rise, one by player ${3 - side}. ${sentence(pointVerb())} a point or a move to see ` +
        "that position.",
    });
    const mine = firstMistakeIndex();
    $("ioi-retry").hidden = mine === null || !valuesShown();
    $("ioi-play-on").hidden = live() || !enginesTurnAt(shown()) || shown().analysis.over;
  }

  /** The number of the person's first mistake (or player 1's, playing both sides), or null. */
  function firstMistakeIndex() {
    const side = game.side === 0 ? null : game.side;
    for (let i = 1; i < game.entries.length; i++) {
      const move = game.entries[i].move;
      if ((side === null || move.player === side) && isMistake(game.entries[i])) return i;
    }
    return null;
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
    const analysis = shown().analysis;
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
      setStatus("ioi-status", "over", `The game is over after ${plural(game.at, "move")}.${mistake}`);
    } else if (game.retry && game.retry.index === game.at) {
      setStatus("ioi-status", "retry", `Retry: find a better move for player ${analysis.position.to_move} ` +
        `than pit ${game.retry.pit}. ${game.retry.said || ""}`);
    } else if (!live() && enginesTurnAt(shown())) {
      setStatus("ioi-status", "past", `Looking at move ${game.at} of ${game.entries.length - 1}: the computer is to ` +
        "move here; press Play on from here, or step on with the arrow keys.");
    } else if (!live()) {
      setStatus("ioi-status", "past", `Looking at move ${game.at} of ${game.entries.length - 1}: ` +
        `${playerName(analysis.position.to_move)} to move. Play a pit to try another line from here.`);
    } else if (enginesTurn()) {
      setStatus("ioi-status", "thinking", `The computer (${game.strength}) is thinking...`);
    } else {
      setStatus("ioi-status", "your-turn",
        `${sentence(playerName(analysis.position.to_move))} to move: ` +
        (pointVerb() === "tap" ? "tap a pit." : "click a pit, or press its number 1-7."));
    }
    $("ioi-undo").disabled = game.entries.length < 2;
  }

  /** Shows position `index` of the game; `push` makes it a new entry of the browser's history. */
  function goTo(index, push) {
    if (game.busy || !game.entries.length) return;
    game.at = Math.max(0, Math.min(game.entries.length - 1, index));
    if (game.retry && game.retry.index !== game.at) game.retry = null;
    render(push);
  }

  /** Back to the position before the person's first mistake, to find a better move. */
  function retryMistake() {
    const index = firstMistakeIndex();
    if (index === null) return;
    game.generation += 1;
    game.busy = false;
    goTo(index - 1, true);
    game.retry = { index: index - 1, pit: game.entries[index].move.pit, said: "" };
    render(false);
  }

  /** The line under the board that says what the last move did. */
  function drawLastMove() {
    const line = $("ioi-last-move");
    const entry = shown();
    if (!entry.move) {
      line.textContent = "No move yet. Sowing: a pit's beads go one by one into the next pits clockwise.";
      return;
    }
    const before = game.entries[game.at - 1].analysis.position;
    const steps = sowingSteps(before.board, entry.move.pit);
    line.textContent = explainSowing(before.board, entry.move.pit, entry.move.player, steps);
  }

  /** The game's address: its start, its moves and the move looked at (API.md, "Game
   *  addresses"); opening it shows the same game at the same move. */
  game.link = function gameLink() {
    const start = game.entries[0].analysis.position;
    const parameters = new URLSearchParams({ start: start.board.join("-") });
    if (start.banks[0] || start.banks[1]) parameters.set("banks", start.banks.join("-"));
    if (start.to_move !== 1) parameters.set("to_move", String(start.to_move));
    const moves = game.entries.slice(1).map((entry) => entry.move.pit);
    return Duel.gameAddress(game, "ioiwari", parameters, moves, live());
  };

  function drawLink(push) {
    Duel.showGameLink(game, "ioi-link", "ioiwari-panel", push);
  }

  function render(push) {
    drawBoard();
    drawSummary();
    drawWalk();
    drawStatus();
    drawLastMove();
    drawLink(push);
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

  /** The start the setup's fields describe, as the API takes it. */
  function startRequest() {
    return {
      board: $("ioi-start").value,
      banks: [Number($("ioi-bank-1").value || 0), Number($("ioi-bank-2").value || 0)],
      to_move: Number($("ioi-to-move").value),
    };
  }

  async function newGame(event) {
    if (event) event.preventDefault();
    showError("ioi-error", null);
    startError(null);
    // The current game stays, and stays playable, until the new start is known to be valid.
    const asked = ++game.asked;
    try {
      const analysis = await api("/api/ioiwari/analyze", startRequest());
      if (asked !== game.asked) return;
      const generation = ++game.generation;
      game.side = Number($("ioi-side").value);
      game.strength = $("ioi-strength").value;
      game.entries = [{ analysis, move: null }];
      game.at = 0;
      game.retry = null;
      game.busy = false;
      render(Boolean(event));
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
    if (game.busy || !game.entries.length || enginesTurnAt(shown()) || shown().analysis.over) return;
    const option = shown().analysis.moves.find((move) => move.pit === pit);
    if (!option) return;
    if (game.retry && game.retry.index === game.at && !option.best) {
      // Retrying a mistake: a move that is not best is said so, and not played.
      const best = shown().analysis.moves.filter((move) => move.best).map((move) => move.pit);
      game.retry.said = pit === game.retry.pit
        ? `Pit ${pit} is the move played in the game. Try another.`
        : `Pit ${pit} is not better: ${forwardReason(option.final_margin, shown().analysis.final_margin,
          `pit ${either(best)}`, `player ${shown().analysis.position.to_move}`)}. Try again.`;
      render(false);
      return;
    }
    const found = game.retry && game.retry.index === game.at;
    game.retry = null;
    // Played from an earlier position: a new line, the moves after it are dropped.
    game.entries = game.entries.slice(0, game.at + 1);
    const generation = ++game.generation;
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
      game.at = game.entries.length - 1;
      game.busy = false;
      render(true);
      if (found) setStatus("ioi-status", "your-turn", `Well found: pit ${pit} is a best move. Play on from here.`);
      await engineIfDue(generation);
    } catch (error) {
      showError("ioi-error", error);
      game.busy = false;
      if (game.entries.length) render(false);
    }
  }

  async function engineIfDue(generation) {
    while (generation === game.generation && live() && enginesTurn()) {
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
      game.at = game.entries.length - 1;
      render(false);
    }
  }

  function undo() {
    if (game.entries.length < 2) return;
    const generation = ++game.generation;
    game.busy = false;
    game.retry = null;
    game.entries = game.entries.slice(0, game.at + 1);
    if (game.entries.length > 1) game.entries.pop();
    // Take back the computer's answer too, so it is the person's turn again.
    while (game.entries.length > 1 && enginesTurn()) game.entries.pop();
    game.at = game.entries.length - 1;
    render(true);
    engineIfDue(generation).catch((error) => showError("ioi-error", error));
  }

  /** The list of the 357 start boards, asked for when the list is about to be used (it is
   *  the largest answer the tab needs, and most games never use it). */
  let startBoardsAsked = false;
  async function loadStartBoards() {
    if (startBoardsAsked) return;
    startBoardsAsked = true;
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

  // Loaded when its tab is first shown, after the page was parsed: set up at once.
  (() => {
    $("ioi-setup").addEventListener("submit", newGame);
    $("ioi-undo").addEventListener("click", undo);
    $("ioi-show-values").addEventListener("change", () => game.entries.length && render(false));
    $("ioi-retry").addEventListener("click", retryMistake);
    $("ioi-play-on").addEventListener("click", () => Duel.playOnFrom(game, render, engineIfDue, "ioi-error"));
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
      if (location.hash === game.shownLink) return;
      if (location.hash === "#ioiwari" && game.entries.length) {
        drawLink(false);
      } else if (hashParameters("ioiwari")) {
        openAddress();
      }
    });
    for (const event of ["focus", "mouseenter", "touchstart"]) {
      $("ioi-start-list").addEventListener(event, loadStartBoards, { once: true, passive: true });
    }
    openAddress();
  })();

  /** The game an address names, `#ioiwari?start=...&moves=2.4.1&at=2` (API.md, "Game
   *  addresses"; `board=` of older links is the start): its start is set up and its moves
   *  played one by one. A move that cannot be played stops the replay there, and says why
   *  and where; the game up to it stays. Going back or forward to an address of the same
   *  game only moves to the move it names. */
  async function openAddress() {
    const shared = hashParameters("ioiwari");
    if (!shared) return newGame();
    const asked = ++game.asked;
    showError("ioi-error", null);
    startError(null);
    const words = (name) => (shared.get(name) || "").split("-").filter(Boolean);
    const start = shared.get("start") || shared.get("board");
    if (start) $("ioi-start").value = words(shared.has("start") ? "start" : "board").join(" ");
    const banks = words("banks");
    $("ioi-bank-1").value = banks[0] || "0";
    $("ioi-bank-2").value = banks[1] || "0";
    const problems = [];
    Duel.addressChoices(shared, [["ioi-to-move", "to_move"], ["ioi-side", "side"], ["ioi-strength", "strength"]],
      problems);
    const { moves, at } = Duel.addressMoves(shared, problems);
    const same = game.entries.length && game.shownLink && sameGame(moves);
    if (same) {
      game.at = at === null ? game.entries.length - 1 : at;
      game.retry = null;
      render(false);
      return;
    }
    let analysis;
    try {
      analysis = await api("/api/ioiwari/analyze", startRequest());
    } catch (error) {
      if (asked !== game.asked) return;
      startError(`The address's start is refused: ${error.message}`);
      // Never a blank page: the setup's default game is shown under the error.
      $("ioi-start").value = $("ioi-start").defaultValue;
      $("ioi-bank-1").value = "0";
      $("ioi-bank-2").value = "0";
      $("ioi-to-move").value = "1";
      const refusal = $("ioi-start-error").textContent;
      await newGame();
      startError(refusal);
      return;
    }
    if (asked !== game.asked) return;
    const generation = ++game.generation;
    game.side = Number($("ioi-side").value);
    game.strength = $("ioi-strength").value;
    game.entries = [{ analysis, move: null }];
    game.retry = null;
    game.busy = true;
    for (const [index, token] of moves.entries()) {
      const where = `move ${index + 1} of the address (${JSON.stringify(token)})`;
      if (!/^[1-7]$/.test(token)) {
        problems.push(`${where} is not a pit 1-7; the game is shown up to move ${index}`);
        break;
      }
      try {
        const result = await api("/api/ioiwari/play", { position: current().analysis.position, pit: Number(token) });
        if (generation !== game.generation) return;
        game.entries.push({ analysis: result.analysis, move: result });
      } catch (error) {
        if (generation !== game.generation) return;
        problems.push(`${where} cannot be played: ${error.message}; the game is shown up to move ${index}`);
        break;
      }
    }
    game.busy = false;
    game.at = at === null ? game.entries.length - 1 : Math.min(at, game.entries.length - 1);
    render(false);
    showError("ioi-error", problems.length ? sentence(problems.join("; ")) + "." : null);
    if (!moves.length) await engineIfDue(generation);
  }

  /** Whether the game on show has the address's start and exactly its moves. */
  function sameGame(moves) {
    const played = game.entries.slice(1).map((entry) => String(entry.move.pit));
    const start = game.entries[0].analysis.position;
    const wanted = startRequest();
    return played.length === moves.length && played.every((pit, i) => pit === moves[i]) &&
      start.board.join(" ") === wanted.board.trim().split(/\s+/).join(" ") &&
      start.banks[0] === wanted.banks[0] && start.banks[1] === wanted.banks[1] &&
      start.to_move === wanted.to_move && game.side === Number($("ioi-side").value) &&
      game.strength === $("ioi-strength").value;
  }
})();
