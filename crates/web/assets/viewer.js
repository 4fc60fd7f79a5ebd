// The viewer: judge reports and logs, and a judged game replayed move by move. The server
// replays the game and sends windows of moves, so even very long games are never sent whole.
"use strict";

(() => {
  const {
    api, svg, svgText, html, clear, describeMargin, showError, setStatus, plural, takes, sentence, hashParameters,
    setAddress, pointVerb, keepInView, AnalysisBoard,
  } = Duel;
  const $ = (id) => document.getElementById(id);
  const WINDOW = 100;
  const PLAY_MS = 700;

  const state = { doc: null, submission: 0, test: null, frames: new Map(), total: 0, firstMistake: null,
    at: 0, game: "", bound: 0, timer: null, asked: 0, analyses: new Map() };
  // An Ioiwari game of at most this many moves is fetched whole, for its chart and move list.
  const WHOLE_GAME = 2000;
  const analysisBoard = AnalysisBoard.create({
    prefix: "view", panel: "viewer-panel", go: (index) => go(index, true).catch((error) => showError("view-error", error)),
  });

  // ---- documents -------------------------------------------------------------------------

  async function refreshList(selectId, wanted) {
    const { documents } = await Duel.viewerDocuments();
    state.documents = documents;
    const list = $("view-docs");
    clear(list);
    if (!documents.length) html("option", "", "nothing yet", list).value = "";
    for (const doc of documents) {
      const option = html("option", "", `${doc.name} (${doc.game} ${doc.kind})`, list);
      option.value = String(doc.id);
    }
    $("view-docs-label").hidden = documents.length < 2;
    if (documents.length) {
      // Several --report: the page opens on the first, and lists them all.
      const named = wanted && documents.find((doc) => doc.name === wanted);
      list.value = String(selectId || (named ? named.id : documents[0].id));
      await showDocument(Number(list.value), selectId ? null : hashParameters("viewer"));
    }
    return documents.length;
  }

  async function openFile() {
    // Each file chosen is its own document: a judge report (JSON), or the record of a game's
    // moves that --logs keeps beside each text log (test-NN.moves).
    const files = Array.from($("view-file").files);
    if (!files.length) return;
    showError("view-error", null);
    try {
      let last = null;
      for (const file of files) {
        const body = file.name.endsWith(".moves")
          ? { name: file.name, moves: await base64(file) }
          : { name: file.name, text: await file.text() };
        last = await api("/api/viewer/open", body);
      }
      // The next choice starts afresh (and the same file can be chosen again).
      $("view-file").value = "";
      await refreshList(last.id);
    } catch (error) {
      $("view-file").value = "";
      showError("view-error", error);
    }
  }

  /** A file's bytes in base64. */
  function base64(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).split(",")[1] || "");
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
  }

  /** Shows document `id`; `address` (the parameters of a `#viewer?...` address, or null) names
   *  the submission, test and move to open in it. */
  async function showDocument(id, address) {
    stop();
    state.doc = await api(`/api/viewer/report?id=${id}`);
    state.submission = 0;
    state.test = null;
    $("view-game").hidden = true;
    const doc = state.doc;
    $("view-report").hidden = false;
    const game = doc.game === "mis" ? "Pooh-Eeyore-sticks" : "Ioiwari";
    // The headline names the contest (or the one game), not one submission.
    $("view-title").textContent = doc.ranking
      ? `${game} contest: ${plural(doc.submissions.length, "submission")} over ${plural(doc.planned, "test")} (${doc.name})`
      : `${doc.name}: ${game} ${doc.kind}`;
    drawRanking();
    const select = $("view-submission");
    clear(select);
    doc.submissions.forEach((submission, index) => {
      html("option", "", submission.player, select).value = String(index);
    });
    $("view-submission-label").hidden = doc.submissions.length < 2;
    if (address) {
      const wanted = Number(address.get("submission") || 0);
      if (Number.isInteger(wanted) && wanted >= 0 && wanted < doc.submissions.length) state.submission = wanted;
      else showError("view-error", `The address's submission=${address.get("submission")} is not in ${doc.name}.`);
    }
    select.value = String(state.submission);
    showSubmission();
    if (address && address.get("test")) {
      const test = doc.submissions[state.submission].tests.find((t) => String(t.index) === address.get("test"));
      if (!test) {
        showError("view-error", `The address's test=${address.get("test")} is not in ${doc.name}.`);
      } else {
        await openGame(test, Number(address.get("move") || 0));
      }
    }
    drawAddress(false);
  }


  /** The ranking: score, verdict counts and time per submission; a row opens its tests. */
  function drawRanking() {
    const doc = state.doc;
    const ranking = $("view-ranking");
    ranking.hidden = !doc.ranking;
    const body = ranking.querySelector("tbody");
    clear(body);
    for (const row of doc.ranking || []) {
      const index = doc.submissions.findIndex((submission) => submission.player === row.submission);
      const tr = html("tr", "rank-row", undefined, body);
      tr.tabIndex = 0;
      tr.dataset.submission = String(index);
      tr.setAttribute("aria-label", `${row.submission}, rank ${row.rank}: show its tests`);
      html("td", "", String(row.rank), tr).dataset.label = "rank";
      html("td", "submission", row.submission, tr).dataset.label = "submission";
      html("td", "score", row.score.toFixed(2), tr).dataset.label = "score";
      const counts = html("td", "counts", undefined, tr);
      counts.dataset.label = "verdicts";
      // The API counts the verdicts, in the report's order.
      for (const [n, { verdict, count }] of (index >= 0 ? doc.submissions[index].verdict_counts : []).entries()) {
        // The counts are separated in the text too ("6 draw, 18 loss"), not only by their boxes.
        if (n > 0) counts.appendChild(document.createTextNode(", "));
        const chip = html("span", `chip verdict-${verdict}`, `${count}\u00a0${verdict.replace(/_/g, "\u00a0")}`, counts);
        chip.dataset.verdict = verdict;
        chip.dataset.count = String(count);
      }
      html("td", "time", `${row.time_ms}\u00a0ms`, tr).dataset.label = "time";
      const open = () => {
        if (index < 0) return;
        state.submission = index;
        $("view-submission").value = String(index);
        $("view-game").hidden = true;
        state.test = null;
        showSubmission();
        drawAddress(true);
        $("view-tests").scrollIntoView({ block: "start" });
      };
      tr.addEventListener("click", open);
      tr.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          open();
        }
      });
    }
  }

  /** The judge's memory figure as its table shows it: the server's text of it (`memory`, the
   *  report's one notation), or a dash where the document has none. */
  function memoryText(test) {
    return typeof test.memory === "string" ? test.memory : "-";
  }

  function showSubmission() {
    const doc = state.doc;
    const submission = doc.submissions[state.submission];
    const summary = $("view-summary");
    for (const row of $("view-ranking").querySelectorAll("tr.rank-row")) {
      row.classList.toggle("chosen", row.dataset.submission === String(state.submission));
    }
    summary.textContent = (submission.score === null ? `${submission.player}: ` :
      `${doc.ranking ? "Tests of " : ""}${submission.player}: ${submission.score.toFixed(2)} points out of 100 over ` +
      plural(doc.planned, "test")) +
      (doc.interrupted ? " (judging was interrupted)." : submission.score === null ? "one game." : ".");
    summary.dataset.score = submission.score === null ? "" : String(submission.score);
    summary.dataset.verdicts = submission.verdict_counts.map(({ verdict, count }) => `${count} ${verdict}`).join(", ");
    const compile = submission.tests.find((test) => test.verdict === "compile_error");
    $("view-compile").hidden = !compile;
    $("view-compile").textContent = compile ? `${submission.player} did not compile: ${compile.reason || "see the report"}` : "";
    // A time column where the viewer's document gives each test's time.
    $("view-tests").classList.toggle("no-time", !submission.tests.some((t) => t.time_ms !== undefined && t.time_ms !== null));
    const body = $("view-tests").querySelector("tbody");
    clear(body);
    for (const test of submission.tests) {
      const tr = html("tr", `verdict-${test.verdict}`, undefined, body);
      tr.dataset.test = String(test.index);
      // Each cell names its column too: on a phone the rows are shown as cards, without a head.
      const cells = [["test", "", String(test.index)], ["start", "board-text", test.input],
        ["verdict", "verdict", test.verdict.replace(/_/g, "\u00a0")], ["moves", "", String(test.moves)],
        ["time", "time", test.time_ms === undefined || test.time_ms === null ? "-" : `${test.time_ms}\u00a0ms`],
        ["memory", "memory", memoryText(test)],
        ["why", "why", [test.reason, test.first_mistake].filter(Boolean).join("; ")]];
      for (const [label, className, text] of cells) html("td", className, text, tr).dataset.label = label;
      const cell = html("td", "actions", undefined, tr);
      if (test.replayable_moves > 0 || test.moves === 0) {
        const button = html("button", "replay", "replay", cell);
        button.type = "button";
        button.setAttribute("aria-label", `replay test ${test.index}`);
        button.addEventListener("click", () => openGame(test, 0).then(() => drawAddress(true)));
      } else {
        cell.textContent = test.note || "";
      }
    }
  }

  /** The viewer's address: the document, the submission, the test and the move looked at. */
  function drawAddress(push) {
    if ($("viewer-panel").hidden || !state.doc) return;
    const parameters = new URLSearchParams({ report: state.doc.name, submission: String(state.submission) });
    if (state.test && !$("view-game").hidden) {
      parameters.set("test", String(state.test.index));
      parameters.set("move", String(state.at));
    }
    state.shownLink = `#viewer?${parameters}`;
    setAddress(state.shownLink, push);
  }

  // ---- a game ----------------------------------------------------------------------------

  async function openGame(test, move) {
    stop();
    state.test = test;
    state.frames = new Map();
    state.analyses = new Map();
    state.at = 0;
    $("view-game").hidden = false;
    $("view-game-title").textContent = `Test ${test.index}: ${test.input} (${test.verdict.replace(/_/g, " ")})`;
    $("view-note").textContent = [test.note, test.first_mistake ? `The judge: ${test.first_mistake}` : ""]
      .filter(Boolean).join(" ");
    try {
      await go(0);
      // An Ioiwari game is short: all of it is fetched, for its chart and move list.
      if (state.game === "ioiwari" && state.total <= WHOLE_GAME) {
        for (let from = 0; from <= state.total; from += 500) {
          if (!state.frames.has(from) || !state.frames.has(Math.min(from + 499, state.total))) await fetchAround(from + 250, 500);
        }
      }
      if (move) await go(move);
      else draw();
      $("view-game").scrollIntoView({ block: "start" });
    } catch (error) {
      showError("view-error", error);
    }
  }

  async function fetchAround(number, count = WINDOW) {
    const from = Math.max(0, number - count / 2);
    const doc = state.doc;
    const window = await api(`/api/viewer/game?id=${doc.id}&submission=${state.submission}` +
      `&test=${state.test.index}&from=${from}&count=${count}`);
    state.game = window.game;
    state.bound = window.bound || 0;
    state.total = window.total_moves;
    state.firstMistake = window.first_mistake;
    state.known = window.known || [[0, window.total_moves]];
    for (const frame of window.frames) state.frames.set(frame.number, frame);
  }

  /** The known frame nearest `number` (a long game's log keeps only its start and end). */
  function nearestKnown(number) {
    let best = number;
    let distance = Infinity;
    for (const [first, last] of state.known || []) {
      const candidate = Math.max(first, Math.min(number, last));
      if (Math.abs(candidate - number) < distance) {
        best = candidate;
        distance = Math.abs(candidate - number);
      }
    }
    return best;
  }

  async function go(number, push) {
    const asked = ++state.asked;
    let target = Math.max(0, Math.min(number, state.total || number));
    if (!state.frames.has(target)) await fetchAround(target);
    if (asked !== state.asked) return;
    state.skipped = null;
    if (!state.frames.has(target)) {
      const known = nearestKnown(target);
      state.skipped = target;
      target = known;
      if (!state.frames.has(target)) await fetchAround(target);
      if (asked !== state.asked) return;
    }
    state.at = Math.max(0, Math.min(target, state.total));
    // Keep the moves next to this one at hand, so stepping is instant.
    if (!state.frames.has(Math.min(state.at + 1, state.total)) || !state.frames.has(Math.max(state.at - 1, 0))) {
      fetchAround(state.at).catch(() => {});
    }
    draw();
    if (push !== undefined) drawAddress(push);
  }

  function frameText(frame) {
    if (frame.number === 0) return "the start";
    return `move ${frame.number}: ${moveWords(frame)}`;
  }

  /** What move `frame` was, said of its player: "player 1 plays pit 2". */
  function moveWords(frame) {
    return state.game === "ioiwari" ? `player ${frame.player} plays pit ${frame.pit}` : `${frame.side} ${takes(frame.text)}`;
  }

  /** Where the game stands at `frame`, as the status's first sentence: "Move 3 of 10: player 1
   *  plays pit 2." or "The start of a game of 10 moves." */
  function whereText(frame) {
    if (frame.number === 0) return `The start of a game of ${plural(state.total, "move")}.`;
    return `Move ${frame.number} of ${state.total}: ${moveWords(frame)}.`;
  }

  function valueText(frame) {
    if (state.game === "ioiwari") {
      return frame.over
        ? `game over, banks ${frame.banks[0]}-${frame.banks[1]}`
        : `with best play from here player 1 has a final ${describeMargin(frame.margin_for_player_1)}`;
    }
    if (frame.over) return "the pool is empty: whoever moved last wins";
    return `${frame.to_move}, to move, ${frame.standing_to_move === "win" ? "wins" : "loses"} with best play`;
  }

  /** Why the move was a mistake, in the API's words, or nothing. */
  function mistakeText(frame) {
    if (!frame.mistake) return "";
    return ` A mistake: ${state.game === "ioiwari" ? frame.mistake.text : frame.mistake_text}.`;
  }

  function draw() {
    const frame = state.frames.get(state.at);
    if (!frame) return;
    const board = $("view-board");
    const status = $("view-status");
    const skipped = state.skipped === null || state.skipped === undefined ? "" :
      `Move ${state.skipped} was not kept; the nearest kept is shown. `;
    setStatus("view-status", frame.mistake ? "mistake" : "ok",
      `${skipped}${whereText(frame)} ${sentence(valueText(frame))}.` +
      mistakeText(frame));
    status.dataset.frame = String(frame.number);
    $("view-goto").value = String(frame.number);
    $("view-goto").max = String(state.total);
    $("view-first").disabled = state.at === 0;
    $("view-prev").disabled = state.at === 0;
    $("view-next").disabled = state.at >= state.total;
    $("view-last").disabled = state.at >= state.total;
    $("view-mistake").disabled = state.firstMistake === null;
    const whole = state.game === "ioiwari" && state.frames.size >= state.total + 1;
    $("view-chart").hidden = !whole;
    $("view-open-board").hidden = !whole;
    if (state.game === "ioiwari") {
      drawIoiwariFrame(board, frame, whole);
    } else {
      clear(board);
      drawMis(board, frame);
    }
    if (!whole) drawNearbyLog();
  }

  /** The moves around the one looked at, for a game too long to list whole. */
  function drawNearbyLog() {
    analysisBoard.follow(state.total + 1, state.at);
    const log = $("view-log");
    clear(log);
    for (let n = Math.max(0, state.at - 5); n <= Math.min(state.total, state.at + 5); n++) {
      const near = state.frames.get(n);
      if (!near) continue;
      const item = html("li", (near.mistake ? "mistake" : "") + (n === state.at ? " current" : ""), frameText(near), log);
      item.value = n;
      if (n === state.at) {
        item.setAttribute("aria-current", "step");
        keepInView(log, item, "viewer-panel");
      }
    }
  }

  /** An Ioiwari game on the play page's analysis board: the pits' values (asked of the API
   *  for the position looked at), the value chart with the mistakes and the move list. */
  function drawIoiwariFrame(board, frame, whole) {
    board.setAttribute("viewBox", "0 0 560 480");
    const position = { board: frame.board, banks: frame.banks, to_move: frame.to_move };
    const options = {
      position,
      over: frame.over,
      last: frame.number === 0 ? null : frame.pit,
      roles: ["", ""],
      centre: frame.over ? ["game over", `${frame.banks[0]}-${frame.banks[1]}`] : [`player ${frame.to_move}`, "to move"],
      analysis: state.analyses.get(frame.number) || null,
      showValues: true,
      playable: () => false,
      play: () => {},
      interactive: false,
      pitId: (pit) => `view-board-pit-${pit}`,
    };
    if (!whole) {
      AnalysisBoard.drawBoard(board, options);
    } else {
      const frames = Array.from({ length: state.total + 1 }, (_, i) => state.frames.get(i));
      const mistakes = new Set(frames.filter((f) => f.mistake).map((f) => f.number));
      analysisBoard.render({
        count: state.total + 1,
        at: state.at,
        margins: frames.map((f) => f.margin_for_player_1),
        side: 1,
        mistakes,
        moveText: (i) => moveWords(frames[i]),
        board: options,
        hint: "The final bank difference player 1, the judged player, could force after each move " +
          `(above the line: a win). A drop marks its mistake. ${sentence(pointVerb())} a point or a move, or ` +
          "use the arrow keys, Home and End.",
      });
      // The play page's address of this game, at this move, both sides played by the person.
      $("view-open-board").href = Duel.gameLink("ioiwari", new URLSearchParams({ start: frames[0].board.join("-") }),
        frames.slice(1).map((f) => String(f.pit)), state.at, 0, null);
    }
    if (!frame.over && !state.analyses.has(frame.number)) {
      const number = frame.number;
      api("/api/ioiwari/analyze", position).then((analysis) => {
        state.analyses.set(number, analysis);
        if (state.at === number && state.game === "ioiwari" && state.test) draw();
      }).catch(() => {});
    }
  }

  function drawMis(board, frame) {
    board.setAttribute("viewBox", "0 0 560 300");
    const [p, e] = frame.pool;
    const largest = Math.max(p, e, 1);
    [["poohsticks", p, 60, "pooh"], ["eeyoresticks", e, 170, "eeyore"]].forEach(([name, count, y, kind]) => {
      svgText(`${name}: ${count}`, { x: 14, y: y - 10, class: "pile-label" }, board);
      // An empty pile is drawn empty; any other at least wide enough to be seen.
      const width = count === 0 ? 0 : Math.max(2, (530 * count) / largest);
      svg("rect", { x: 14, y, width, height: 40, class: `stick ${kind}`, "data-count": count }, board);
    });
    svgText(`B = ${state.bound}`, { x: 14, y: 290, class: "pile-label" }, board);
  }

  function stop() {
    if (state.timer) clearInterval(state.timer);
    state.timer = null;
    $("view-play").textContent = "play";
  }

  function play() {
    if (state.timer) return stop();
    $("view-play").textContent = "pause";
    state.timer = setInterval(() => {
      if (state.at >= state.total) return stop();
      go(state.at + 1, false).catch((error) => { stop(); showError("view-error", error); });
    }, PLAY_MS);
  }

  const step = (to) => () => go(to(), true).catch((error) => showError("view-error", error));

  /** Back or forward to another viewer address: the same game moves to the move named, any
   *  other is opened. */
  async function followAddress(address) {
    const doc = (state.documents || []).find((d) => d.name === address.get("report"));
    if (!doc) return;
    const sameTest = state.doc && state.doc.id === doc.id && state.test && !$("view-game").hidden &&
      String(state.submission) === (address.get("submission") || "0") && String(state.test.index) === address.get("test");
    if (sameTest) return go(Number(address.get("move") || 0));
    $("view-docs").value = String(doc.id);
    await showDocument(doc.id, address);
  }

  // Loaded when its tab is first shown, after the page was parsed: set up at once.
  (() => {
    $("view-file").addEventListener("change", openFile);
    $("view-docs").addEventListener("change", () => $("view-docs").value &&
      showDocument(Number($("view-docs").value), null).then(() => drawAddress(true)));
    $("view-submission").addEventListener("change", () => {
      state.submission = Number($("view-submission").value);
      $("view-game").hidden = true;
      state.test = null;
      showSubmission();
      drawAddress(true);
    });
    window.addEventListener("hashchange", () => {
      const address = hashParameters("viewer");
      if (location.hash === state.shownLink) return;
      if (location.hash === "#viewer" && state.doc) return drawAddress(false);
      if (address) followAddress(address).catch((error) => showError("view-error", error));
    });
    $("view-first").addEventListener("click", step(() => 0));
    $("view-prev").addEventListener("click", step(() => {
      const gap = (state.known || []).find(([first]) => first === state.at && first > 0);
      const before = (state.known || []).filter(([, last]) => last < state.at).pop();
      return gap && before ? before[1] : state.at - 1;
    }));
    $("view-next").addEventListener("click", step(() => {
      const after = (state.known || []).find(([first]) => first > state.at + 1);
      const inside = (state.known || []).some(([first, last]) => state.at + 1 >= first && state.at + 1 <= last);
      return inside || !after ? state.at + 1 : after[0];
    }));
    $("view-last").addEventListener("click", step(() => state.total));
    $("view-mistake").addEventListener("click", step(() => state.firstMistake ?? state.at));
    $("view-play").addEventListener("click", play);
    $("view-controls").addEventListener("submit", (event) => {
      event.preventDefault();
      step(() => Number($("view-goto").value))();
    });
    const address = hashParameters("viewer");
    refreshList(null, address && address.get("report"))
      .then(() => {
        if (address && address.get("report") && !(state.documents || []).some((d) => d.name === address.get("report"))) {
          showError("view-error", `The address names ${address.get("report")}, which is not open here: ` +
            "open it with duel serve --report, or from disk above.");
        }
        drawAddress(false);
      })
      .catch((error) => showError("view-error", error));
  })();
})();
