// The analysis board: one component for a game of Ioiwari walked through, on the play page and
// in the viewer alike. It draws the position looked at with every legal pit's value, the value
// chart with the mistakes marked and the move list; a click on a move or on a point of the
// chart, the arrow keys, Home and End go to that position, and a live region says where.
"use strict";

Duel.AnalysisBoard = (() => {
  const { svg, svgText, html, clear, describeMargin, standingOf, plural, IOI, drawIoiwari, narrowScreen, keepInView } = Duel;

  /** Whether a key press belongs to a text field rather than to the page. */
  function typing(target) {
    return Boolean(target) && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName);
  }

  /**
   * The board of `prefix` (ids `${prefix}-board`, `-history`, `-log`, `-walk-text` and the
   * optional `-walk-first/-prev/-next/-last` buttons) inside the panel `panel`; `go(index)`
   * asks the page to show the position after move `index` (0: the start).
   */
  function create({ prefix, panel, go }) {
    const $ = (suffix) => document.getElementById(`${prefix}-${suffix}`);
    let model = { count: 1, at: 0 };
    const step = (to) => {
      const index = Math.max(0, Math.min(model.count - 1, to));
      if (index !== model.at) go(index);
    };
    for (const [suffix, to] of [["first", () => 0], ["prev", () => model.at - 1], ["next", () => model.at + 1],
      ["last", () => model.count - 1]]) {
      const button = $(`walk-${suffix}`);
      if (button) button.addEventListener("click", () => step(to()));
    }
    // The chart is a slider over the positions: the arrows, Page Up/Down, Home and End.
    const chart = $("history");
    if (chart) {
      chart.addEventListener("keydown", (event) => {
        const { at, count } = model;
        const to = {
          ArrowLeft: at - 1, ArrowDown: at - 1, ArrowRight: at + 1, ArrowUp: at + 1, PageDown: at - 10, PageUp: at + 10,
          Home: 0, End: count - 1,
        }[event.key];
        if (to === undefined || event.ctrlKey || event.metaKey || event.altKey) return;
        event.preventDefault();
        step(to);
      });
    }
    document.addEventListener("keydown", (event) => {
      if (document.getElementById(panel).hidden || event.ctrlKey || event.metaKey || event.altKey) return;
      // A control that moves with the arrows itself (the tabs, the pits) took the key already.
      if (event.defaultPrevented || typing(event.target) || !model.walkable) return;
      const to = { ArrowLeft: model.at - 1, ArrowRight: model.at + 1, Home: 0, End: model.count - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      step(to);
    });

    /**
     * Draws everything for `next`: `count` positions (the start and one per move), `at` (the
     * one looked at), `margins` (the chart's value after each, from `side`'s point of view, or
     * null), `mistakes` (a set of move numbers), `moveText(i)` (move i in words), `board` (the
     * options of `drawBoard`), `hint` (the chart's explanation), `valuesShown`.
     */
    function render(next) {
      model = { walkable: true, ...next };
      drawBoard($("board"), next.board);
      drawChart(next);
      drawList(next);
      drawWalk(next);
    }

    function drawChart(next) {
      const chart = $("history");
      if (!chart) return;
      clear(chart);
      const margins = next.margins || [];
      const side = next.side || 1;
      chart.dataset.side = String(side);
      const left = 34, right = 410, top = 12, bottom = 176;
      const steps = Math.max(margins.length - 1, 12);
      const known = margins.filter((m) => m !== null && m !== undefined);
      const extent = Math.max(4, ...known.map(Math.abs));
      const xOf = (i) => left + ((right - left) * i) / steps;
      const yOf = (m) => top + ((bottom - top) * (extent - m)) / (2 * extent);
      svg("line", { x1: left, y1: top, x2: left, y2: bottom, class: "axis" }, chart);
      svg("line", { x1: left, y1: yOf(0), x2: right, y2: yOf(0), class: "zero-line" }, chart);
      svgText(`+${extent}`, { x: 4, y: yOf(extent) + 4, class: "axis-label" }, chart);
      svgText("0", { x: 20, y: yOf(0) + 4, class: "axis-label" }, chart);
      svgText(`-${extent}`, { x: 4, y: yOf(-extent) + 4, class: "axis-label" }, chart);
      svgText("moves \u2192", { x: right, y: bottom + 18, class: "axis-label end" }, chart);
      svg("line", { x1: xOf(next.at), y1: top, x2: xOf(next.at), y2: bottom, class: "at-line" }, chart);
      svg("polyline", {
        points: margins.map((m, i) => (m === null || m === undefined ? null : `${xOf(i)},${yOf(m)}`))
          .filter(Boolean).join(" "),
        class: "history-line",
      }, chart);
      margins.forEach((margin, i) => {
        if (margin === null || margin === undefined) return;
        const mistake = next.mistakes.has(i);
        // The chart is one control (a slider over the moves, for the keyboard and screen
        // readers); a click on a point goes to its move.
        const point = svg("g", { class: "point" + (i === next.at ? " current" : ""), "data-index": i }, chart);
        // A target larger than the dot: on a phone at least 24 px across on screen.
        svg("circle", { cx: xOf(i), cy: yOf(margin), r: narrowScreen() ? 15 : 11, class: "dot-target" }, point);
        svg("circle", {
          cx: xOf(i), cy: yOf(margin), r: mistake ? 6 : 4.5,
          class: `dot ${standingOf(margin)}` + (mistake ? " mistake" : "") + (i === next.at ? " current" : ""),
        }, point);
        const words = i === 0
          ? `start: player ${side} ${describeMargin(margin)}`
          : `after move ${i}: player ${side} ${describeMargin(margin)}` + (mistake ? " (a mistake)" : "");
        svg("title", {}, point).textContent = words;
        point.addEventListener("click", () => step(i));
        if (i === next.at) chart.setAttribute("aria-valuetext", words);
      });
      chart.setAttribute("aria-label", `Value history from player ${side}'s side: the move looked at`);
      chart.setAttribute("aria-valuemin", "0");
      chart.setAttribute("aria-valuemax", String(Math.max(0, margins.length - 1)));
      chart.setAttribute("aria-valuenow", String(next.at));
      chart.dataset.points = String(margins.length);
      chart.dataset.mistakes = String(next.mistakes.size);
      chart.hidden = next.valuesShown === false;
      const hint = $("history-hint");
      if (hint && next.hint) hint.textContent = next.hint;
    }

    function drawList(next) {
      const log = $("log");
      if (!log) return;
      clear(log);
      // The number is the button's own first word: a long move wraps under its text, not
      // below a marker.
      log.classList.add("numbered");
      for (let i = 1; i < next.count; i++) {
        const mistake = next.mistakes.has(i) && next.valuesShown !== false;
        const item = html("li", (mistake ? "mistake" : "") + (i === next.at ? " current" : ""), undefined, log);
        item.value = i;
        const button = html("button", "move-link", `${i}. ${next.moveText(i)}` + (mistake ? "; a mistake" : ""), item);
        button.type = "button";
        button.dataset.index = String(i);
        if (i === next.at) button.setAttribute("aria-current", "step");
        button.addEventListener("click", () => step(i));
      }
      // The move looked at stays in view, also when the game was opened at an earlier move.
      const current = log.querySelector("li.current");
      if (current) keepInView(log, current, panel);
    }

    function drawWalk(next) {
      const last = next.count - 1;
      for (const [suffix, disabled] of [["first", next.at === 0], ["prev", next.at === 0], ["next", next.at >= last],
        ["last", next.at >= last]]) {
        const button = $(`walk-${suffix}`);
        if (button) button.disabled = disabled;
      }
      const text = $("walk-text");
      if (!text) return;
      const mistake = next.mistakes.has(next.at) && next.valuesShown !== false ? " A mistake." : "";
      text.textContent = next.at === 0
        ? `The start (${plural(last, "move")} in this game).`
        : `Move ${next.at} of ${last}: ${next.moveText(next.at)}.${mistake}` +
          (next.at < last ? " Make a move from here to try another line." : "");
      text.dataset.at = String(next.at);
    }

    /** Only the keyboard's walk, for a game drawn otherwise (one too long to list whole). */
    function follow(count, at) {
      model = { ...model, count, at, walkable: true };
    }

    /** The move list and the walk alone, no board or chart: `game` holds `entries` and `at`;
     *  `isMistake(i)` says whether move i was one, `moveText(i)` says it in words. */
    function renderMoves(game, isMistake, moveText) {
      const mistakes = new Set();
      for (let i = 1; i < game.entries.length; i++) if (isMistake(i)) mistakes.add(i);
      render({ count: game.entries.length, at: game.at, margins: null, mistakes, moveText, board: null });
    }

    return { render, renderMoves, follow, step, model: () => model };
  }

  /**
   * Draws an analysed Ioiwari position into `board` (an SVG of viewBox 560x480): `position`
   * (`board`, `banks`, `to_move`), `over`, `last` (the pit just played, or null), `roles`,
   * `centre` (two lines), `analysis` (the position's AnalysisDoc, or null: then no values),
   * `showValues`, `playable(pit)`, `play(pit)`, `pitId(pit)` and `frame` (a sowing step).
   */
  function drawBoard(board, options) {
    if (!board || !options) return;
    const { analysis, frame } = options;
    const sowing = Boolean(frame);
    const showValues = !sowing && options.showValues && analysis && !analysis.over;
    const moves = new Map((analysis ? analysis.moves : []).map((move) => [move.pit, move]));
    const last = sowing ? null : options.last;
    const narrow = narrowScreen();
    // A board redrawn under the keyboard's focus gives the focus back to the same pit.
    const focused = Duel.focusedKey(board);
    const interactive = options.interactive !== false;
    drawIoiwari(board, {
      board: sowing ? frame.pits : options.position.board,
      banks: sowing ? frame.banks : options.position.banks,
      toMove: sowing ? frame.player : options.position.to_move,
      over: !sowing && options.over,
      last,
      focus: sowing ? frame.at : null,
      roles: options.roles,
      centre: options.centre,
      pit(pit, group, spot) {
        const move = sowing ? null : moves.get(pit);
        const playable = !sowing && Boolean(move) && options.playable(pit);
        const beads = Number(group.dataset.beads);
        if (options.pitId) group.id = options.pitId(pit);
        group.classList.toggle("legal", playable);
        group.classList.toggle("best", Boolean(move && move.best));
        group.dataset.legal = playable ? "true" : "false";
        group.dataset.best = move && move.best ? "true" : "false";
        if (interactive) {
          group.setAttribute("role", "button");
          group.setAttribute("aria-disabled", playable ? "false" : "true");
        }
        if (move) group.dataset.value = move.final_margin;
        if (showValues && move) {
          svg("circle", { cx: spot.x, cy: spot.y, r: IOI.pitRadius + 4, class: `pit-ring ${move.standing}` }, group);
        }
        const label = `pit ${pit}: ${plural(beads, "bead")}` +
          (pit === last ? ", played last" : "") +
          (showValues && move ? `; ${describeMargin(move.final_margin)}` +
            (move.moves_to_end === undefined ? "" : ` in ${plural(move.moves_to_end, "move")}`) : "") +
          (playable ? "" : "; cannot be played now");
        if (interactive) group.setAttribute("aria-label", label);
        svg("title", {}, group).textContent = label;
        if (playable) group.addEventListener("click", () => options.play(pit));
        if (showValues && move) {
          // The value tags: one line and larger on a phone, where the board is drawn small.
          const tx = IOI.centre.x + IOI.tagOrbit * Math.cos(spot.angle);
          const ty = IOI.centre.y + IOI.tagOrbit * Math.sin(spot.angle);
          const tag = svg("g", { class: `value-tag ${move.standing}` + (narrow ? " narrow" : ""), "data-pit": pit }, board);
          const star = move.best ? "\u2605 " : "";
          const twoLines = !narrow && move.moves_to_end !== undefined;
          if (!twoLines) {
            svg("rect", { x: tx - 62, y: ty - 17, width: 124, height: 34, rx: 6 }, tag);
            svgText(star + describeMargin(move.final_margin), { x: tx, y: ty + 6 }, tag);
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
    if (interactive) rovingPits(board, focused);
  }

  /**
   * The pits of `board` (groups `g.pit` with `data-pit`, numbered from 1, and `data-legal`) as
   * one stop of the Tab order, the arrow keys, Home and End moving between them (the pit played
   * last by the keyboard, else the first playable one, takes the Tab stop); `focused`, the pit
   * that had the focus before the board was redrawn, gets it back.
   */
  function rovingPits(board, focused) {
    const pits = Array.from(board.querySelectorAll("g.pit"));
    for (const pit of pits) pit.setAttribute("data-key", pit.getAttribute("data-pit"));
    Duel.roving(board, pits, Duel.alongRow(pits.length), (pit) => pit.dataset.legal === "true", focused);
  }

  return { create, drawBoard, rovingPits };
})();
