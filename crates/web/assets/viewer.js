// The viewer: judge reports and logs, and a judged game replayed move by move. The server
// replays the game and sends windows of moves, so even very long games are never sent whole.
"use strict";

(() => {
  const {
    api, svg, svgText, html, clear, describeMargin, showError, setStatus, plural, takes, drawIoiwari, either,
    forwardReason, sentence,
  } = Duel;
  const $ = (id) => document.getElementById(id);
  const WINDOW = 100;
  // The address the page was opened with (the games' tabs soon write their positions there).
  const openedWithHash = location.hash;
  const PLAY_MS = 700;

  const state = { doc: null, submission: 0, test: null, frames: new Map(), total: 0, firstMistake: null,
    at: 0, game: "", bound: 0, timer: null, asked: 0 };

  // ---- documents -------------------------------------------------------------------------

  async function refreshList(selectId) {
    const { documents } = await api("/api/viewer");
    const list = $("view-docs");
    clear(list);
    if (!documents.length) html("option", "", "nothing yet", list).value = "";
    for (const doc of documents) {
      const option = html("option", "", `${doc.name} (${doc.game} ${doc.kind})`, list);
      option.value = String(doc.id);
    }
    if (documents.length) {
      list.value = String(selectId || documents[documents.length - 1].id);
      await showDocument(Number(list.value));
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

  async function showDocument(id) {
    stop();
    state.doc = await api(`/api/viewer/report?id=${id}`);
    state.submission = 0;
    $("view-game").hidden = true;
    const doc = state.doc;
    $("view-report").hidden = false;
    $("view-title").textContent = `${doc.name}: ${doc.game === "mis" ? "Pooh-Eeyore-sticks" : "Ioiwari"} ${doc.kind}`;
    const ranking = $("view-ranking");
    ranking.hidden = !doc.ranking;
    const body = ranking.querySelector("tbody");
    clear(body);
    for (const row of doc.ranking || []) {
      const tr = html("tr", "", undefined, body);
      html("td", "", String(row.rank), tr);
      html("td", "", row.submission, tr);
      html("td", "", row.score.toFixed(2), tr);
      html("td", "", String(row.time_ms), tr);
    }
    const select = $("view-submission");
    clear(select);
    doc.submissions.forEach((submission, index) => {
      html("option", "", submission.player, select).value = String(index);
    });
    $("view-submission-label").hidden = doc.submissions.length < 2;
    showSubmission();
  }

  /** The judge's memory figure as its table shows it: "812 KB", "1.5 MB", or a dash where no
   *  figure is known (`null`: the built-in player, a module, a test not run, a log). */
  function memoryText(kb) {
    if (kb === null || kb === undefined) return "-";
    return kb < 1024 ? `${kb} KB` : `${(kb / 1024).toFixed(1)} MB`;
  }

  function showSubmission() {
    const doc = state.doc;
    const submission = doc.submissions[state.submission];
    const summary = $("view-summary");
    summary.textContent = (submission.score === null ? `${submission.player}: ` :
      `${submission.player}: ${submission.score.toFixed(2)} points out of 100 over ${plural(doc.planned, "test")}`) +
      (doc.interrupted ? " (judging was interrupted)." : submission.score === null ? "one game." : ".");
    summary.dataset.score = submission.score === null ? "" : String(submission.score);
    const body = $("view-tests").querySelector("tbody");
    clear(body);
    for (const test of submission.tests) {
      const tr = html("tr", `verdict-${test.verdict}`, undefined, body);
      tr.dataset.test = String(test.index);
      // Each cell names its column too: on a phone the rows are shown as cards, without a head.
      const cells = [["test", "", String(test.index)], ["start", "board-text", test.input],
        ["verdict", "verdict", test.verdict.replace(/_/g, " ")], ["moves", "", String(test.moves)],
        ["memory", "memory", memoryText(test.memory_kb)],
        ["why", "why", [test.reason, test.first_mistake].filter(Boolean).join("; ")]];
      for (const [label, className, text] of cells) html("td", className, text, tr).dataset.label = label;
      const cell = html("td", "actions", undefined, tr);
      if (test.replayable_moves > 0 || test.moves === 0) {
        const button = html("button", "replay", "replay", cell);
        button.type = "button";
        button.setAttribute("aria-label", `replay test ${test.index}`);
        button.addEventListener("click", () => openGame(test));
      } else {
        cell.textContent = test.note || "";
      }
    }
  }

  // ---- a game ----------------------------------------------------------------------------

  async function openGame(test) {
    stop();
    state.test = test;
    state.frames = new Map();
    state.at = 0;
    $("view-game").hidden = false;
    $("view-game-title").textContent = `Test ${test.index}: ${test.input} (${test.verdict.replace(/_/g, " ")})`;
    $("view-note").textContent = [test.note, test.first_mistake ? `The judge: ${test.first_mistake}` : ""]
      .filter(Boolean).join(" ");
    try {
      await go(0);
      $("view-game").scrollIntoView({ block: "start" });
    } catch (error) {
      showError("view-error", error);
    }
  }

  async function fetchAround(number) {
    const from = Math.max(0, number - WINDOW / 2);
    const doc = state.doc;
    const window = await api(`/api/viewer/game?id=${doc.id}&submission=${state.submission}` +
      `&test=${state.test.index}&from=${from}&count=${WINDOW}`);
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

  async function go(number) {
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
  }

  function frameText(frame) {
    if (frame.number === 0) return "the start";
    if (state.game === "ioiwari") {
      return `move ${frame.number}: player ${frame.player} plays pit ${frame.pit}`;
    }
    return `move ${frame.number}: ${frame.side} ${takes(frame.text)}`;
  }

  function valueText(frame) {
    if (state.game === "ioiwari") {
      return frame.over
        ? `game over, banks ${frame.banks[0]}-${frame.banks[1]}`
        : `with best play from here player 1 has a final ${describeMargin(frame.margin_for_player_1)}`;
    }
    if (frame.over) return "the pool is empty: whoever moved last wins";
    const next = frame.number % 2 === 0 ? "Bolek" : "Lolek";
    return `${next}, to move, ${frame.standing_to_move === "win" ? "wins" : "loses"} with best play`;
  }

  function mistakeText(frame) {
    if (!frame.mistake) return "";
    if (state.game === "ioiwari") {
      const m = frame.mistake;
      return ` A mistake: ${forwardReason(m.played_margin, m.best_margin, `pit ${either(m.best_pits)}`,
        `player ${frame.player}`)}.`;
    }
    return ` A mistake: it hands the opponent a win; ${frame.mistake} would have won.`;
  }

  function draw() {
    const frame = state.frames.get(state.at);
    if (!frame) return;
    const board = $("view-board");
    clear(board);
    if (state.game === "ioiwari") drawIoiwariFrame(board, frame);
    else drawMis(board, frame);
    const status = $("view-status");
    const skipped = state.skipped === null || state.skipped === undefined ? "" :
      `Move ${state.skipped} was not kept; the nearest kept is shown. `;
    setStatus("view-status", frame.mistake ? "mistake" : "ok",
      `${skipped}${sentence(frameText(frame))} of ${plural(state.total, "move")}. ${sentence(valueText(frame))}.` +
      mistakeText(frame));
    status.dataset.frame = String(frame.number);
    $("view-goto").value = String(frame.number);
    $("view-goto").max = String(state.total);
    $("view-first").disabled = state.at === 0;
    $("view-prev").disabled = state.at === 0;
    $("view-next").disabled = state.at >= state.total;
    $("view-last").disabled = state.at >= state.total;
    $("view-mistake").disabled = state.firstMistake === null;
    const log = $("view-log");
    clear(log);
    for (let n = Math.max(0, state.at - 5); n <= Math.min(state.total, state.at + 5); n++) {
      const near = state.frames.get(n);
      if (!near) continue;
      const item = html("li", (near.mistake ? "mistake" : "") + (n === state.at ? " current" : ""), frameText(near), log);
      item.value = n;
      if (n === state.at) item.setAttribute("aria-current", "step");
    }
  }

  /** The same round board and banks as the play page. */
  function drawIoiwariFrame(board, frame) {
    board.setAttribute("viewBox", "0 0 560 480");
    drawIoiwari(board, {
      board: frame.board,
      banks: frame.banks,
      toMove: frame.to_move,
      over: frame.over,
      last: frame.number === 0 ? null : frame.pit,
      focus: null,
      roles: ["", ""],
      centre: frame.over ? ["game over", `${frame.banks[0]}-${frame.banks[1]}`] : [`player ${frame.to_move}`, "to move"],
      pit(pit, group) {
        group.classList.add("view-pit");
      },
    });
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
      go(state.at + 1).catch((error) => { stop(); showError("view-error", error); });
    }, PLAY_MS);
  }

  const step = (to) => () => go(to()).catch((error) => showError("view-error", error));

  document.addEventListener("DOMContentLoaded", () => {
    $("view-file").addEventListener("change", openFile);
    $("view-docs").addEventListener("change", () => $("view-docs").value && showDocument(Number($("view-docs").value)));
    $("view-submission").addEventListener("change", () => {
      state.submission = Number($("view-submission").value);
      $("view-game").hidden = true;
      showSubmission();
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
    refreshList()
      .then((count) => {
        // Started with --report: show it.
        if (count && !openedWithHash) $("tab-viewer").click();
      })
      .catch((error) => showError("view-error", error));
  });
})();
