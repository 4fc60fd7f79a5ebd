// Pooh-Eeyore-sticks: the piles, moves by clicking or typing, winning moves on request and the
// pattern of losing positions around the pool.
"use strict";

(() => {
  const {
    api, svg, svgText, html, clear, showError, setStatus, pause, takes, hashParameters, narrowScreen, sentence,
    pointVerb, focusedKey, roving, plural, AnalysisBoard,
  } = Duel;

  const PLAYERS = ["Bolek", "Lolek"];
  // Every stick's slot is a target of at least this many pixels on screen (a phone's too): as
  // many sticks are drawn as fit so, the rest counted ("+ 12 more").
  const MIN_SLOT_PX = 28;
  // The piles' drawing is 560 units wide; how many screen pixels one unit takes now.
  const pileScale = () => ($("mis-piles").getBoundingClientRect().width || 560) / 560;
  const sticksShown = () => Math.max(1, Math.floor((530 * pileScale()) / MIN_SLOT_PX));
  // The map's squares are targets of at least this many pixels.
  const MIN_CELL_PX = 26;
  const mapWidthPx = () => $("mis-pattern").getBoundingClientRect().width || 480;
  const ENGINE_PAUSE_MS = 250;

  const $ = (id) => document.getElementById(id);

  /** A game's moves as an address writes them, `1-1`. */
  const moveToken = (move) => `${move.take_p}-${move.take_e}`;

  /** The whole game from `start` through the address tokens `moves`, as the API plays it (the
   *  positions, who moves, what each may take, the mistakes and the sentences at the end). */
  const gameDoc = (start, moves) => api("/api/mis/game", { start, moves: moves.join(".") });

  /** The game's side of the session: each entry is a position of the API's game document
   *  (`move`, `player`, `mistake`, `analysis`, `to_move`, `limits`). */
  const rules = {
    tab: "mis",
    async begin(start, moves) {
      const doc = await gameDoc(start, moves);
      game.doc = doc;
      return { entries: doc.positions, stopped: Duel.stoppedText(doc.stopped) };
    },
    async play(session, token) {
      const doc = await gameDoc(session.entries[0].analysis.position,
        [...session.entries.slice(1).map(rules.token), token]);
      // The new move refused: its reason is the refusal.
      if (doc.stopped) throw new Error(doc.stopped.reason);
      game.doc = doc;
      return doc.positions;
    },
    async engine(session) {
      const answer = await api("/api/mis/engine", {
        position: session.last().analysis.position, strength: session.strength,
      });
      return rules.play(session, moveToken(answer.move));
    },
    toMove: (entry) => entry.to_move,
    over: (entry) => entry.analysis.over,
    token: (entry) => moveToken(entry.move),
    startParameters(entry) {
      const { p, e, bound } = entry.analysis.position;
      return new URLSearchParams({ p, e, b: bound });
    },
  };

  const game = Duel.createSession(rules, {
    render,
    failed: (error) => showError("mis-error", error),
    pause,
    pauseMs: ENGINE_PAUSE_MS,
  });
  // `doc`: the API's document of the game on show (its winner, the sentences at its end).
  Object.assign(game, { doc: null, showWinning: false, mapTicket: 0 });

  const current = () => game.current();
  const toMove = () => current().to_move;
  const walk = AnalysisBoard.create({ prefix: "mis", panel: "mis-panel", go: (index) => game.goTo(index, true) });
  const playerName = (player) =>
    PLAYERS[player - 1] + (game.side === 0 ? "" : game.side === player ? " (you)" : " (computer)");
  const humansTurn = () => game.personToMove();

  // ---- drawing ---------------------------------------------------------------------------

  /** The two piles; the sticks that may be taken are buttons, one stop of the Tab order: the
   *  arrows left and right move along a pile, up and down to the other pile. */
  function drawPiles() {
    const piles = $("mis-piles");
    const focused = focusedKey(piles);
    clear(piles);
    const { p, e, bound } = current().analysis.position;
    const { limits } = current();
    const pooh = drawPile(piles, "pooh", "poohsticks", p, limits.pooh, bound, 10, (k) => [k, 0]);
    const eeyore = drawPile(piles, "eeyore", "eeyoresticks", e, limits.eeyore, bound, 118, (k) => [0, k]);
    const targets = [...pooh, ...eeyore];
    // Along a pile, left is one stick more taken; up and down, the same count of the other pile.
    roving(piles, targets, (index, key) => {
      const item = targets[index];
      const [kind, take] = [item.dataset.kind, Number(item.dataset.take)];
      const find = (k, t) => targets.findIndex((x) => x.dataset.kind === k && Number(x.dataset.take) === t);
      const pile = targets.filter((x) => x.dataset.kind === kind);
      const most = Math.max(...pile.map((x) => Number(x.dataset.take)));
      const other = kind === "pooh" ? "eeyore" : "pooh";
      const across = targets.filter((x) => x.dataset.kind === other).map((x) => Number(x.dataset.take));
      switch (key) {
        case "ArrowLeft": return find(kind, take + 1 > most ? 1 : take + 1);
        case "ArrowRight": return find(kind, take - 1 < 1 ? most : take - 1);
        case "Home": return find(kind, most);
        case "End": return find(kind, 1);
        case "ArrowUp": case "ArrowDown":
          return across.length ? find(other, Math.min(take, Math.max(...across))) : undefined;
        default: return undefined;
      }
    }, null, focused);
  }

  /** Draws a pile of which at most `most` sticks may be taken now (the API's limit); returns
   *  the sticks that may be taken, as buttons. */
  function drawPile(parent, kind, name, count, most, bound, top, takeOf) {
    svg("rect", { x: 4, y: top, width: 552, height: 100, rx: 8, class: "pile-bg" }, parent);
    svgText(`${name}: ${count}`, { x: 14, y: top + 20, class: "pile-label" }, parent);
    const shown = Math.min(count, sticksShown());
    if (count > shown) {
      svgText(`+ ${count - shown} more`, { x: 546, y: top + 20, class: "pile-label more" }, parent);
    }
    const pitch = Math.min(Math.max(36, MIN_SLOT_PX / pileScale()), 530 / Math.max(shown, 1));
    const group = svg("g", { id: `pile-${kind}`, "data-count": count }, parent);
    const sticks = [];
    const targets = [];
    for (let i = 0; i < shown; i++) {
      const take = shown - i; // clicking a stick takes it and every stick to its right
      const stick = svg("rect", {
        x: 14 + i * pitch + pitch * 0.2, y: top + 30, width: Math.max(6, pitch * 0.55), height: 62, rx: 2,
        class: `stick ${kind}`, "data-take": take,
      }, group);
      // A transparent target as wide as the stick's whole slot: easier to hit than the stick.
      const hit = svg("rect", {
        x: 14 + i * pitch, y: top + 26, width: pitch, height: 70, class: "stick-target",
      }, group);
      const words = take <= most ? `take ${plural(take, name.replace(/s$/, ""))}` : `at most ${bound} at once`;
      svg("title", {}, hit).textContent = words;
      sticks.push(stick);
      if (humansTurn() && take <= most) {
        hit.setAttribute("role", "button");
        hit.setAttribute("aria-label", words);
        hit.setAttribute("data-key", `${kind}-${take}`);
        hit.dataset.kind = kind;
        hit.dataset.take = String(take);
        targets.push(hit);
        const mark = () => sticks.forEach((s, j) => s.classList.toggle("marked", j >= i));
        const unmark = () => sticks.forEach((s) => s.classList.remove("marked"));
        for (const target of [stick, hit]) {
          target.addEventListener("mouseenter", mark);
          target.addEventListener("mouseleave", unmark);
        }
        hit.addEventListener("focus", mark);
        hit.addEventListener("blur", unmark);
        hit.addEventListener("click", () => humanMove(...takeOf(take)));
        stick.addEventListener("click", () => humanMove(...takeOf(take)));
      }
    }
    return targets;
  }

  /** The map's squares a side: as many as fit with each a target of MIN_CELL_PX on screen (the
   *  API chooses the scale that puts every pool one move away on it). */
  const mapSize = () => Math.max(7, Math.min(41, Math.floor((376 * mapWidthPx()) / 480 / MIN_CELL_PX)));

  async function drawPattern(generation) {
    const analysis = current().analysis;
    const { p, e, bound } = analysis.position;
    // As many squares as can each be tapped (26 px or more).
    const size = mapSize();
    // Only the answer to the latest request may draw: an earlier one that arrives late
    // belongs to an older pool.
    const ticket = ++game.mapTicket;
    const view = await api("/api/mis/pattern", { position: { p, e, bound }, size });
    if (generation !== game.generation || ticket !== game.mapTicket) return;
    const chart = $("mis-pattern");
    const focused = focusedKey(chart);
    clear(chart);
    const squares = [];
    const left = 8, top = 6, span = 376;
    const cell = span / view.width;
    const k = view.scale || 1;
    // Squares by their smallest pool; a pool by the square holding it.
    const squareOf = (at, from) => from + Math.floor((at - from) / k) * k;
    const xOf = (x) => left + ((x - view.p_from) / k) * cell;
    const yOf = (y) => top + (view.height - 1 - (y - view.e_from) / k) * cell;
    const losing = new Set(view.losing.map(([x, y]) => `${x},${y}`));
    const reachable = new Set(view.reachable.map(([x, y]) => `${x},${y}`));
    const targets = new Set(game.showWinning
      ? analysis.winning_moves.map((m) => `${squareOf(m.to[0], view.p_from)},${squareOf(m.to[1], view.e_from)}`) : []);
    for (let x = view.p_from; x < view.p_from + view.width * k; x += k) {
      for (let y = view.e_from; y < view.e_from + view.height * k; y += k) {
        const key = `${x},${y}`;
        // A square of many pools is not one move: only single pools are clicked.
        const canReach = reachable.has(key) && humansTurn() && k === 1;
        const rect = svg("rect", {
          x: xOf(x), y: yOf(y), width: cell, height: cell,
          class: "cell" + (losing.has(key) ? " losing" : "") + (canReach ? " reachable" : ""),
          "data-p": x, "data-e": y,
        }, chart);
        const title = svg("title", {}, rect);
        title.textContent = k === 1 ? `(${x}, ${y}): ${losing.has(key) ? "lost" : "won"} for the side to move`
          : `p ${x}..${x + k - 1}, e ${y}..${y + k - 1}: ${losing.has(key) ? "holds a lost pool" : "every pool won"}`;
        if (canReach) {
          svg("circle", {
            cx: xOf(x) + cell / 2, cy: yOf(y) + cell / 2, r: Math.max(1.5, cell / 6),
            class: "cell-dot" + (losing.has(key) ? " on-losing" : ""),
          }, chart);
          rect.addEventListener("click", () => {
            // A map drawn for an earlier pool must not move from the current one.
            const now = current().analysis.position;
            if (now.p === p && now.e === e) humanMove(p - x, e - y);
          });
          const taken = [[p - x, "poohstick"], [e - y, "eeyorestick"]].filter(([n]) => n > 0)
            .map(([n, noun]) => plural(n, noun)).join(" and ");
          rect.setAttribute("role", "button");
          rect.setAttribute("aria-label", `take ${taken}, to (${x}, ${y}): ` +
            `${losing.has(key) ? "lost" : "won"} for the side to move then`);
          rect.setAttribute("data-key", key);
          squares.push(rect);
        }
        if (targets.has(key)) {
          svg("rect", { x: xOf(x) + 1, y: yOf(y) + 1, width: cell - 2, height: cell - 2, class: "target-ring" }, chart);
        }
      }
    }
    for (const x of view.period_starts_p) {
      svg("line", { x1: xOf(x), y1: top, x2: xOf(x), y2: top + span, class: "period-line" }, chart);
    }
    for (const y of view.period_starts_e) {
      svg("line", { x1: left, y1: yOf(y) + cell, x2: left + span, y2: yOf(y) + cell, class: "period-line" }, chart);
    }
    if (p >= view.p_from && e >= view.e_from) {
      const [cx, cy] = [squareOf(p, view.p_from), squareOf(e, view.e_from)];
      svg("rect", { x: xOf(cx), y: yOf(cy), width: cell, height: cell, class: "current-ring" }, chart);
    }
    // The axes' ends, written where even 8-digit numbers fit: below the map and right of it.
    svgText(`p = ${view.p_from}`, { x: left, y: top + span + 14, class: "axis-label" }, chart);
    svgText(`p = ${view.p_from + view.width * k - 1}`, { x: left + span, y: top + span + 14, class: "axis-label end" }, chart);
    // On a phone the labels are larger, and e's go without their "e =" to fit beside the map.
    const eIs = narrowScreen() ? "" : "e = ";
    svgText(`${eIs}${view.e_from}`, { x: left + span + 4, y: top + span - 2, class: "axis-label side" }, chart);
    svgText(`${eIs}${view.e_from + view.height * k - 1}`, { x: left + span + 4, y: top + 12, class: "axis-label side" }, chart);
    // The squares one move away: one stop of the Tab order, the arrows moving to the nearest
    // square that way.
    const at = (square) => [Number(square.dataset.p), Number(square.dataset.e)];
    roving(chart, squares, (index, key) => {
      const direction = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[key];
      if (key === "Home") return 0;
      if (key === "End") return squares.length - 1;
      if (!direction) return undefined;
      const [x0, y0] = at(squares[index]);
      let best;
      let bestCost = Infinity;
      squares.forEach((square, i) => {
        const [dx, dy] = [at(square)[0] - x0, at(square)[1] - y0];
        const along = dx * direction[0] + dy * direction[1];
        const across = Math.abs(dx * direction[1] - dy * direction[0]);
        if (along > 0 && along + 2 * across < bestCost) [best, bestCost] = [i, along + 2 * across];
      });
      return best === undefined ? index : best;
    }, null, focused);
    chart.dataset.losing = String(view.losing.length);
    chart.dataset.for = `${p},${e}`;
    chart.dataset.scale = String(k);
    // The status says whether the map's squares are single pools.
    if (game.mapScale !== k) {
      game.mapScale = k;
      drawStatus();
    }
    chart.dataset.targets = String(chart.querySelectorAll(".target-ring").length);
    $("mis-pattern-scale").textContent = k === 1
      ? "Scale: each square is one pool."
      : `Scale: each square stands for ${k.toLocaleString("en")} \u00d7 ${k.toLocaleString("en")} pools; it is ` +
        "dark when it holds a lost pool. The map spans every pool one move away.";
  }

  function drawFacts() {
    const { pattern, standing, over } = current().analysis;
    const [r, s] = pattern.residues;
    const near = pattern.nearest_losing_pair;
    let text = `Residues (${r}, ${s}) modulo B+1 = ${pattern.period}; ` +
      (pattern.residues_losing
        ? "a Wythoff pair, so the side to move loses. "
        : `not a Wythoff pair, so the side to move wins; the nearest losing residue pair is (${near.pair[0]}, ${near.pair[1]}). `) +
      `One period square holds ${pattern.losing_pair_count} losing residue pairs.`;
    if (over) text = `The pool is empty. ${text}`;
    $("mis-pattern-facts").textContent = text;
    $("mis-pattern-facts").dataset.standing = standing;
  }

  function drawWinning() {
    const box = $("mis-winning");
    clear(box);
    if (!game.showWinning) return;
    const analysis = current().analysis;
    if (analysis.over) return;
    if (analysis.winning_moves.length === 0) {
      html("span", "", "No winning move: every move leaves a winning position.", box);
      return;
    }
    html("span", "", "Winning moves: ", box);
    for (const move of analysis.winning_moves) {
      const button = html("button", "", `${move.text} \u2192 (${move.to[0]}, ${move.to[1]})`, box);
      button.type = "button";
      button.disabled = !humansTurn();
      button.addEventListener("click", () => humanMove(move.take_p, move.take_e));
    }
  }

  /** Whether move `index` handed the other side a win (the API's `mistake`). */
  const isMistake = (index) => Boolean(game.entries[index].mistake);

  /** The move list and the walk through it (the shared analysis board's, without a board). */
  function drawLog() {
    walk.renderMoves(game, isMistake, (i) => {
      const entry = game.entries[i];
      const after = entry.analysis.position;
      return `${playerName(entry.player)} ${takes(entry.move.text)} \u2192 (${after.p}, ${after.e})`;
    });
  }

  function drawStatus() {
    if (!game.entries.length) return;
    const analysis = current().analysis;
    const result = $("mis-result");
    result.className = "result";
    result.textContent = "";
    if (analysis.over) {
      const winner = current().player;
      let verdict = "";
      if (game.side !== 0) {
        verdict = winner === game.side ? " You win!" : " You lose.";
        result.classList.add(winner === game.side ? "win" : "loss");
      }
      result.textContent = `Game over: ${PLAYERS[winner - 1]} took the last stick and wins.${verdict}`;
      result.dataset.winner = PLAYERS[winner - 1];
      // What the person is told of their first mistake: the API's sentence.
      const doc = game.doc && game.doc.positions.length === game.entries.length ? game.doc : null;
      const mistake = game.side === 0 || !doc ? "" : ` ${doc.first_mistake_texts[game.side - 1]}`;
      setStatus("mis-status", "over", `The game is over after ${Duel.plural(game.at, "move")}.${mistake}`);
    } else if (!game.live()) {
      setStatus("mis-status", "past", `Looking at move ${game.at} of ${game.entries.length - 1}: ` +
        `${playerName(toMove())} to move. ` + (game.computerToMove()
        ? "Press Play on from here, or step on with the arrow keys." : "Make a move to try another line from here."));
    } else if (game.computerToMove()) {
      setStatus("mis-status", "thinking", `The computer (${game.strength}) is thinking...`);
    } else if (!game.busy) {
      setStatus("mis-status", "your-turn",
        `${playerName(toMove())} to move (${analysis.standing === "win" ? "a winning" : "a losing"} position): ` +
        ((game.mapScale || 1) > 1
          ? `${pointVerb()} a stick or type a move (the map below is drawn to a scale: ` +
            "its squares are not single pools)."
          : narrowScreen()
            ? `${pointVerb()} a stick, type a move, or ${pointVerb()} a dotted square on the map just below.`
            : `${pointVerb()} a stick, a dotted square on the map, or type a move.`));
    }
    $("mis-undo").disabled = !game.canUndo();
    $("mis-play").disabled = !humansTurn();
    $("mis-play-on").hidden = game.live() || !game.computerToMove();
  }

  function drawLink(push) {
    Duel.showGameLink(game, "mis-link", "mis-panel", push);
  }

  function render(push) {
    if (!game.entries.length) return;
    drawLink(push);
    drawPiles();
    drawFacts();
    drawWinning();
    drawLog();
    drawStatus();
    const generation = game.generation;
    drawPattern(generation).catch((error) => showError("mis-error", error));
  }

  // ---- play ------------------------------------------------------------------------------

  /** The pool the setup's fields describe, as the API takes it. */
  const startRequest = () => ({ p: Number($("mis-p").value), e: Number($("mis-e").value), bound: Number($("mis-b").value) });

  /** The setup's side and strength. */
  const choices = () => ({ side: Number($("mis-side").value), strength: $("mis-strength").value });

  async function newGame(event) {
    if (event) event.preventDefault();
    showError("mis-error", null);
    if (!game.entries.length) setStatus("mis-status", "loading", "Setting up the pool...");
    try {
      game.showWinning = false;
      await game.begin(startRequest(), [], choices());
      // A new game starts with empty take fields, not the last game's move.
      $("mis-take-p").value = "0";
      $("mis-take-e").value = "0";
      showError("mis-move-error", null);
      if (event) drawLink(true);
      // On a phone, a game the person starts comes into view with the map its status points at.
      if (event && narrowScreen()) $("mis-piles").scrollIntoView({ block: "start" });
    } catch (error) {
      showError("mis-error", error);
    }
  }

  async function humanMove(takeP, takeE) {
    if (!humansTurn()) return;
    showError("mis-error", null);
    showError("mis-move-error", null);
    // Say at once that the move was taken, before the server answers.
    setStatus("mis-status", "thinking", "Taking sticks...");
    try {
      await game.play(moveToken({ take_p: takeP, take_e: takeE }));
    } catch (error) {
      // A refused move is explained beside Take, and the status says the turn is still open.
      render(false);
      showError("mis-move-error", error);
      setStatus("mis-status", "refused",
        `That move was not taken (why: just above): ${playerName(toMove())} is still to move.`);
    }
  }

  // Loaded when its tab is first shown, after the page was parsed: set up at once.
  (() => {
    $("mis-setup").addEventListener("submit", newGame);
    $("mis-undo").addEventListener("click", () => game.undo());
    $("mis-move").addEventListener("submit", (event) => {
      event.preventDefault();
      humanMove(Number($("mis-take-p").value), Number($("mis-take-e").value));
    });
    $("mis-show-winning").addEventListener("click", () => {
      game.showWinning = !game.showWinning;
      render(false);
    });
    $("mis-play-on").addEventListener("click", () => game.playOn());
    window.addEventListener("hashchange", () => {
      if (location.hash === game.shownLink) return;
      if (location.hash === "#mis" && game.entries.length) drawLink(false);
      else if (hashParameters("mis")) openAddress();
    });
    openAddress();
  })();

  /** The game an address names, `#mis?p=7&e=2&b=3&moves=1-1.2-0&at=1` (API.md, "Game
   *  addresses"): the pool and its moves, replayed by the API in one request. A move that cannot
   *  be played stops the replay there, and says why and where; the game up to it stays. */
  async function openAddress() {
    const shared = hashParameters("mis");
    if (!shared) return newGame();
    const problems = [];
    for (const [id, name] of [["mis-p", "p"], ["mis-e", "e"], ["mis-b", "b"]]) {
      const text = shared.get(name);
      if (text === null) continue;
      if (/^\d+$/.test(text)) $(id).value = text;
      else problems.push(`the address's ${name}=${text} is not a number`);
    }
    Duel.addressChoices(shared, [["mis-side", "side"], ["mis-strength", "strength"]], problems);
    const { moves, at } = Duel.addressMoves(shared, problems);
    const { side, strength } = choices();
    const start = startRequest();
    if (game.shownLink && game.isAt({ p: start.p, e: start.e, b: start.bound }, moves, side, strength)) {
      game.goTo(at === null ? game.entries.length - 1 : at, false);
      return;
    }
    try {
      game.showWinning = false;
      const stopped = await game.begin(start, moves, { at, side, strength });
      if (stopped) problems.push(stopped);
    } catch (error) {
      // Never a blank page: the setup's default pool is shown under the error.
      for (const id of ["mis-p", "mis-e", "mis-b"]) $(id).value = $(id).defaultValue;
      await newGame();
      showError("mis-error", `The address's pool is refused: ${error.message}`);
      return;
    }
    $("mis-take-p").value = "0";
    $("mis-take-e").value = "0";
    showError("mis-error", problems.length ? sentence(problems.join("; ")) + "." : null);
  }
})();
