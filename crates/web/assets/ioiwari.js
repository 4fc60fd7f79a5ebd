// Ioiwari: the round board, play against the engine, move values and the value history. Every
// rule (the sowing, the values, the mistakes and their sentences) is the API's; the game on show
// is the shared session's (common.js).
"use strict";

(() => {
  const {
    api, html, clear, describeMargin, showError, setStatus, pause, plural, reducedMotion, hashParameters, sentence,
    pointVerb, AnalysisBoard,
  } = Duel;

  const ENGINE_PAUSE_MS = 250;
  // How long each step of a sowing stays on screen.
  const SOW_STEP_MS = 170;

  const $ = (id) => document.getElementById(id);

  /** The game's side of the session: each entry is `{ analysis, move }`, `move` the API's
   *  answer for the move that led there (its sowing, its mistake), null at the start. */
  const rules = {
    tab: "ioiwari",
    async begin(start, moves) {
      const doc = await api("/api/ioiwari/game", { start, moves: moves.join(".") });
      game.endTexts = { key: moves.slice(0, doc.moves.length).join("."), texts: doc.first_mistake_texts };
      return { entries: Duel.gameEntries(doc), stopped: Duel.stoppedText(doc.stopped) };
    },
    async play(session, pit) {
      const move = await api("/api/ioiwari/play", { position: session.last().analysis.position, pit: Number(pit) });
      return Duel.withMove(session, move);
    },
    async engine(session) {
      const move = await api("/api/ioiwari/engine", {
        position: session.last().analysis.position, strength: session.strength,
      });
      return Duel.withMove(session, move);
    },
    ...Duel.pitGame,
    startParameters(entry) {
      const start = entry.analysis.position;
      const parameters = new URLSearchParams({ start: start.board.join("-") });
      if (start.banks[0] || start.banks[1]) parameters.set("banks", start.banks.join("-"));
      if (start.to_move !== 1) parameters.set("to_move", String(start.to_move));
      return parameters;
    },
  };

  const game = Duel.createSession(rules, {
    render,
    failed: (error) => showError("ioi-error", error),
    pause,
    pauseMs: ENGINE_PAUSE_MS,
    moving: animate,
    played: (pit) => {
      // A mistake retried and a best move found: said until the computer answers.
      if (game.found === pit) setStatus("ioi-status", "your-turn", `Well found: pit ${pit} is a best move. Play on from here.`);
      game.found = null;
    },
  });
  // `retry`: the position of a mistake being retried; `endTexts`: the sentences the API says of
  // each player's first mistake, for the game of the moves `key`.
  // `found`: the pit of a retry that was a best move, being played.
  Object.assign(game, { retry: null, endTexts: null, found: null });

  const playerName = (player) =>
    `player ${player}` + (game.side === 0 ? "" : game.side === player ? " (you)" : " (computer)");

  // ---- drawing ---------------------------------------------------------------------------

  const analysisBoard = AnalysisBoard.create({ prefix: "ioi", panel: "ioiwari-panel", go: (index) => goTo(index, true) });

  /** Draws the position looked at, or `frame` (a step of a sowing being animated). */
  function drawBoard(frame) {
    const entry = frame ? game.last() : game.current();
    const analysis = entry.analysis;
    const position = analysis.position;
    const computerToMove = game.computerToMove(entry);
    const roles = game.side === 0 ? ["", ""] : [1, 2].map((p) => (p === game.side ? "(you)" : "(computer)"));
    const centre = frame
      ? [`player ${frame.player} sows`, `${plural(frame.hand, "bead")} in hand`]
      : analysis.over
        ? ["game over", `${position.banks[0]}-${position.banks[1]}`]
        : [`player ${position.to_move}`, computerToMove && game.live() ? "thinking..." : "to move"];
    AnalysisBoard.drawBoard($("ioi-board"), {
      position,
      over: analysis.over,
      last: entry.move ? entry.move.pit : null,
      roles,
      centre,
      analysis,
      frame,
      showValues: valuesShown() && !computerToMove,
      playable: () => game.personToMove(),
      play: (pit) => humanMove(pit),
      pitId: (pit) => `pit-${pit}`,
    });
  }

  function drawSummary() {
    const analysis = game.current().analysis;
    const summary = $("ioi-summary");
    if (analysis.over) {
      summary.textContent = `The game is over: ${analysis.result.text}.`;
    } else if (!valuesShown()) {
      summary.textContent = `${sentence(playerName(analysis.position.to_move))} to move (move values hidden).`;
    } else if (game.computerToMove()) {
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
    $("ioi-moves").hidden = analysis.moves.length === 0 || !valuesShown() || game.computerToMove();
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

  /** That side's final margin under best play after each entry (the API gives the mover's). */
  function historyMargins() {
    const side = historySide();
    return game.entries.map(({ analysis }) => (analysis.position.to_move === side ? 1 : -1) * analysis.final_margin);
  }

  /** Whether move `i` gave value away (the API's `mistake`). */
  const isMistake = (i) => Boolean(game.entries[i].move && game.entries[i].move.mistake);

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
    for (let i = 1; i < game.entries.length; i++) if (isMistake(i)) mistakes.add(i);
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
    $("ioi-retry").hidden = firstMistakeIndex() === null || !valuesShown();
    $("ioi-play-on").hidden = game.live() || !game.computerToMove() || game.current().analysis.over;
  }

  /** The number of the person's first mistake (or either player's, playing both sides), or null. */
  function firstMistakeIndex() {
    for (let i = 1; i < game.entries.length; i++) {
      if ((game.side === 0 || game.entries[i].move.player === game.side) && isMistake(i)) return i;
    }
    return null;
  }

  /** What the person is told of their first mistake at the end: the API's sentence for this
   *  game, asked for once when the game is over. */
  function endText() {
    const key = game.entries.slice(1).map(rules.token).join(".");
    if (game.endTexts && game.endTexts.key === key) return game.endTexts.texts[game.side - 1];
    game.endTexts = { key, texts: null };
    const start = game.entries[0].analysis.position;
    api("/api/ioiwari/game", { start, moves: key }).then((doc) => {
      if (game.endTexts.key !== key) return;
      game.endTexts.texts = doc.first_mistake_texts;
      drawStatus();
    }).catch((error) => showError("ioi-error", error));
    return null;
  }

  function drawStatus() {
    const analysis = game.current().analysis;
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
      const mistake = game.side === 0 ? null : endText();
      setStatus("ioi-status", "over", `The game is over after ${plural(game.at, "move")}.` + (mistake ? ` ${mistake}` : ""));
    } else if (game.retry && game.retry.index === game.at) {
      setStatus("ioi-status", "retry", `Retry: find a better move for player ${analysis.position.to_move} ` +
        `than pit ${game.retry.pit}. ${game.retry.said || ""}`);
    } else if (!game.live() && game.computerToMove()) {
      setStatus("ioi-status", "past", `Looking at move ${game.at} of ${game.entries.length - 1}: the computer is to ` +
        "move here; press Play on from here, or step on with the arrow keys.");
    } else if (!game.live()) {
      setStatus("ioi-status", "past", `Looking at move ${game.at} of ${game.entries.length - 1}: ` +
        `${playerName(analysis.position.to_move)} to move. Play a pit to try another line from here.`);
    } else if (game.computerToMove()) {
      setStatus("ioi-status", "thinking", `The computer (${game.strength}) is thinking...`);
    } else {
      setStatus("ioi-status", "your-turn", `${sentence(playerName(analysis.position.to_move))} to move: ` +
        (pointVerb() === "tap" ? "tap a pit." : "click a pit, or press its number 1-7."));
    }
    $("ioi-undo").disabled = !game.canUndo();
  }

  /** Shows position `index` of the game; `push` makes it a new entry of the browser's history. */
  function goTo(index, push) {
    if (game.retry && game.retry.index !== index) game.retry = null;
    game.goTo(index, push);
  }

  /** Back to the position before the person's first mistake, to find a better move. */
  function retryMistake() {
    const index = firstMistakeIndex();
    if (index === null) return;
    game.cancel();
    game.retry = { index: index - 1, pit: game.entries[index].move.pit, said: "" };
    game.goTo(index - 1, true);
  }

  /** The line under the board that says what the last move did (the API's words). */
  function drawLastMove() {
    const entry = game.current();
    $("ioi-last-move").textContent = entry.move
      ? entry.move.sowing.text
      : "No move yet. Sowing: a pit's beads go one by one into the next pits clockwise.";
  }

  function drawLink(push) {
    Duel.showGameLink(game, "ioi-link", "ioiwari-panel", push);
  }

  function render(push) {
    if (!game.entries.length) return;
    drawBoard();
    drawSummary();
    drawWalk();
    drawStatus();
    drawLastMove();
    drawLink(push);
  }

  const animationWanted = () => $("ioi-animate").checked && !reducedMotion();

  /** Shows the sowing of the last of `entries` (a move being played) step by step, as the API
   *  gives its steps, when wanted. The board says how many steps were drawn
   *  (`data-sowing-frames`). */
  async function animate(entries, generation) {
    const board = $("ioi-board");
    const move = entries[entries.length - 1].move;
    if (!animationWanted()) {
      board.dataset.sowingFrames = "0";
      return;
    }
    setStatus("ioi-status", "sowing", `Player ${move.player} sows pit ${move.pit}...`);
    let frames = 0;
    for (const step of move.sowing.steps) {
      if (generation !== game.generation) return;
      drawBoard({ ...step, player: move.player });
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

  /** The setup's side and strength. */
  const choices = () => ({ side: Number($("ioi-side").value), strength: $("ioi-strength").value });

  async function newGame(event) {
    if (event) event.preventDefault();
    showError("ioi-error", null);
    startError(null);
    // The current game stays, and stays playable, until the new start is known to be valid.
    try {
      game.retry = null;
      await game.begin(startRequest(), [], choices());
      if (event) drawLink(true);
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
    if (!game.personToMove()) return;
    const analysis = game.current().analysis;
    const option = analysis.moves.find((move) => move.pit === pit);
    if (!option) return;
    const retrying = game.retry && game.retry.index === game.at;
    if (retrying && !option.best) {
      // Retrying a mistake: a move that is not best is said so (in the API's words), not played.
      if (pit === game.retry.pit) {
        game.retry.said = `Pit ${pit} is the move played in the game. Try another.`;
      } else {
        try {
          const tried = await api("/api/ioiwari/play", { position: analysis.position, pit });
          game.retry.said = `Pit ${pit} is not better: ${tried.mistake ? tried.mistake.text : "it keeps the value"}. Try again.`;
        } catch (error) {
          showError("ioi-error", error);
        }
      }
      render(false);
      return;
    }
    game.retry = null;
    showError("ioi-error", null);
    // Say at once that the press was taken, before the server answers.
    setStatus("ioi-status", "thinking", `Playing pit ${pit}...`);
    try {
      game.found = retrying ? String(pit) : null;
      await game.play(String(pit));
    } catch (error) {
      showError("ioi-error", error);
      render(false);
    }
  }

  // Loaded when its tab is first shown, after the page was parsed: set up at once.
  (() => {
    $("ioi-setup").addEventListener("submit", newGame);
    $("ioi-undo").addEventListener("click", () => {
      game.retry = null;
      game.undo();
    });
    $("ioi-show-values").addEventListener("change", () => render(false));
    $("ioi-retry").addEventListener("click", retryMistake);
    $("ioi-play-on").addEventListener("click", () => game.playOn());
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
    for (const event of ["focus", "mouseenter", "touchstart"]) {
      $("ioi-start-list").addEventListener(event, loadStartBoards, { once: true, passive: true });
    }
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
    openAddress();
  })();

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

  /** The game an address names, `#ioiwari?start=...&moves=2.4.1&at=2` (API.md, "Game
   *  addresses"; `board=` of older links is the start), replayed by the API in one request. A
   *  move that cannot be played stops the replay there, and says why and where; the game up to
   *  it stays. Going back or forward to an address of the same game only moves to the move it
   *  names. */
  async function openAddress() {
    const shared = hashParameters("ioiwari");
    if (!shared) return newGame();
    showError("ioi-error", null);
    startError(null);
    const words = (name) => (shared.get(name) || "").split("-").filter(Boolean);
    if (shared.get("start") || shared.get("board")) {
      $("ioi-start").value = words(shared.has("start") ? "start" : "board").join(" ");
    }
    const banks = words("banks");
    $("ioi-bank-1").value = banks[0] || "0";
    $("ioi-bank-2").value = banks[1] || "0";
    const problems = [];
    Duel.addressChoices(shared, [["ioi-to-move", "to_move"], ["ioi-side", "side"], ["ioi-strength", "strength"]],
      problems);
    const { moves, at } = Duel.addressMoves(shared, problems);
    const { side, strength } = choices();
    const request = startRequest();
    const start = new URLSearchParams({ start: request.board.trim().split(/\s+/).join("-") });
    if (request.banks[0] || request.banks[1]) start.set("banks", request.banks.join("-"));
    if (request.to_move !== 1) start.set("to_move", String(request.to_move));
    if (game.shownLink && game.isAt(start, moves, side, strength)) {
      game.retry = null;
      game.goTo(at === null ? game.entries.length - 1 : at, false);
      return;
    }
    try {
      game.retry = null;
      const stopped = await game.begin(request, moves, { at, side, strength });
      if (stopped) problems.push(stopped);
    } catch (error) {
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
    showError("ioi-error", problems.length ? sentence(problems.join("; ")) + "." : null);
  }
})();
