// The game session of common.js (Duel.createSession), under Node's test runner
// (`node --test crates/web/assets/tests/`): stepping, playing from an earlier position, undo,
// the computer's turns and the address, with a game made up for the test (not served: the
// server embeds no file of this directory).
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const Duel = require("../common.js");

/**
 * A made-up game with the API's shape: a pile of sticks, each move takes 1 or 2 (the token is
 * the count), whoever takes the last stick wins. The computer always takes 1. Every request is
 * counted, and `hold` keeps the computer's answers back until `release()`.
 */
function pileGame() {
  const entry = (pile, toMove, token) => ({ pile, toMove, token });
  const after = (from, token) => {
    const take = Number(token);
    if (!(take === 1 || take === 2) || take > from.pile) throw new Error(`cannot take ${token} of ${from.pile}`);
    return entry(from.pile - take, 3 - from.toMove, String(take));
  };
  const game = {
    tab: "pile",
    requests: [],
    held: null,
    hold() {
      game.held = [];
    },
    release() {
      const held = game.held || [];
      game.held = null;
      for (const resolve of held) resolve();
    },
    async begin(start, moves) {
      game.requests.push(["begin", start.pile, moves.join(".")]);
      if (start.pile < 1) throw new Error("an empty pile");
      const entries = [entry(start.pile, 1, null)];
      for (const [index, token] of moves.entries()) {
        try {
          entries.push(after(entries[entries.length - 1], token));
        } catch (error) {
          return { entries, stopped: `move ${index + 1} of the address: ${error.message}` };
        }
      }
      return { entries, stopped: null };
    },
    async play(session, token) {
      game.requests.push(["play", token]);
      return [...session.entries, after(session.last(), token)];
    },
    async engine(session) {
      game.requests.push(["engine"]);
      if (game.held) await new Promise((resolve) => game.held.push(resolve));
      return [...session.entries, after(session.last(), "1")];
    },
    toMove: (e) => e.toMove,
    over: (e) => e.pile === 0,
    token: (e) => e.token,
    startParameters: (e) => new URLSearchParams({ pile: String(e.pile) }),
  };
  return game;
}

function sessionOf(game, extra = {}) {
  const drawn = [];
  const failures = [];
  const session = Duel.createSession(game, {
    render: (push) => drawn.push(push),
    failed: (error) => failures.push(error),
    pause: () => Promise.resolve(),
    ...extra,
  });
  return { session, drawn, failures };
}

/** Lets every pending promise run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test("the entry looked at is current(); the last is last()", async () => {
  const { session } = sessionOf(pileGame());
  await session.begin({ pile: 7 }, ["1", "2", "1"], { side: 0 });
  assert.equal(session.at, 3);
  assert.equal(session.current().pile, 3);
  session.goTo(1);
  assert.equal(session.current().pile, 6, "current() is the position looked at");
  assert.equal(session.last().pile, 3);
  assert.equal(session.live(), false);
  session.goTo(99);
  assert.equal(session.at, 3, "clamped to the last position");
});

test("a move from an earlier position starts a new line", async () => {
  const { session } = sessionOf(pileGame());
  await session.begin({ pile: 7 }, ["1", "2", "1"], { side: 0 });
  session.goTo(1);
  await session.play("2");
  assert.deepEqual(session.entries.map((e) => e.pile), [7, 6, 4]);
  assert.equal(session.at, 2);
});

test("the computer answers the person's move, and then it is the person's turn", async () => {
  const game = pileGame();
  const { session } = sessionOf(game);
  await session.begin({ pile: 7 }, [], { side: 1 });
  await session.play("2");
  assert.deepEqual(session.entries.map((e) => e.pile), [7, 5, 4]);
  assert.equal(session.personToMove(), true);
  assert.deepEqual(game.requests.map((r) => r[0]), ["begin", "play", "engine"]);
});

test("no move for the person while the computer is to move, or after the end", async () => {
  const game = pileGame();
  const { session } = sessionOf(game);
  await session.begin({ pile: 2 }, ["2"], { side: 0 });
  assert.equal(session.personToMove(), false, "the game is over");
  await session.play("1");
  assert.equal(session.entries.length, 2);
  const second = sessionOf(pileGame()).session;
  await second.begin({ pile: 7 }, ["1"], { side: 2, at: 0 });
  assert.equal(second.computerToMove(), true, "the computer moves first at the start looked at");
  await second.play("1");
  assert.equal(second.entries.length, 2, "not played");
});

test("undo takes back the person's move and the computer's answer; none before a move", async () => {
  const { session, drawn } = sessionOf(pileGame());
  await session.begin({ pile: 9 }, [], { side: 1 });
  assert.equal(session.canUndo(), false, "no move to take back");
  await session.play("2");
  await session.play("1");
  assert.deepEqual(session.entries.map((e) => e.pile), [9, 7, 6, 5, 4]);
  assert.equal(session.canUndo(), true);
  session.undo();
  assert.deepEqual(session.entries.map((e) => e.pile), [9, 7, 6]);
  assert.equal(drawn[drawn.length - 1], true, "a new entry of the browser's history");
  session.undo();
  assert.deepEqual(session.entries.map((e) => e.pile), [9]);
  assert.equal(session.canUndo(), false);
});

test("undo back to the start, the person playing second: the computer moves again", async () => {
  const game = pileGame();
  const { session } = sessionOf(game);
  await session.begin({ pile: 9 }, [], { side: 2 });
  await settle();
  assert.deepEqual(session.entries.map((e) => e.pile), [9, 8], "the computer opened");
  assert.equal(session.canUndo(), false, "only the computer's move: nothing of the person's to undo");
  await session.play("2");
  assert.deepEqual(session.entries.map((e) => e.pile), [9, 8, 6, 5]);
  session.undo();
  await settle();
  assert.deepEqual(session.entries.map((e) => e.pile), [9, 8], "back to the person's turn");
  assert.equal(session.personToMove(), true);
  assert.equal(game.requests.filter((r) => r[0] === "engine").length, 2);
});

test("undo while the computer thinks drops its late answer", async () => {
  const game = pileGame();
  const { session } = sessionOf(game);
  await session.begin({ pile: 9 }, [], { side: 1 });
  game.hold();
  const playing = session.play("2");
  await settle();
  assert.deepEqual(session.entries.map((e) => e.pile), [9, 7], "the computer is thinking");
  session.undo();
  game.release();
  await playing;
  await settle();
  assert.deepEqual(session.entries.map((e) => e.pile), [9], "its answer came too late");
});

test("a refused move leaves the game as it was", async () => {
  const { session } = sessionOf(pileGame());
  await session.begin({ pile: 5 }, ["1", "1"], { side: 0 });
  session.goTo(1);
  await assert.rejects(session.play("3"), /cannot take 3/);
  assert.deepEqual(session.entries.map((e) => e.pile), [5, 4, 3], "the later moves kept");
  assert.equal(session.at, 1);
  assert.equal(session.busy, false);
});

test("play on from an earlier position where the computer is to move", async () => {
  const { session } = sessionOf(pileGame());
  await session.begin({ pile: 6 }, ["2", "2", "1"], { side: 1, at: 1 });
  assert.equal(session.computerToMove(), true);
  session.playOn();
  await settle();
  assert.deepEqual(session.entries.map((e) => e.pile), [6, 4, 3]);
  assert.equal(session.live(), true);
});

test("the address: start, moves, the move looked at unless the last, side and strength", async () => {
  const { session } = sessionOf(pileGame());
  await session.begin({ pile: 7 }, ["1", "2"], { side: 0, strength: "greedy" });
  assert.equal(session.address(), "#pile?pile=7&moves=1.2&side=0&strength=greedy");
  session.goTo(1);
  assert.equal(session.address(), "#pile?pile=7&moves=1.2&at=1&side=0&strength=greedy");
  assert.equal(session.isAt({ pile: "7" }, ["1", "2"], 0, "greedy"), true);
  assert.equal(session.isAt({ pile: "7" }, ["1"], 0, "greedy"), false);
  const game = { ...pileGame(), strengths: false };
  const plain = sessionOf(game).session;
  await plain.begin({ pile: 3 }, [], { side: 1 });
  assert.equal(plain.address(), "#pile?pile=3&side=1", "no strength where the game has none");
  assert.equal(Duel.gameLink("mis", new URLSearchParams({ p: "7" }), ["1-1"], 0, 2, "random"),
    "#mis?p=7&moves=1-1&at=0&side=2&strength=random");
});

test("an address's move that cannot be played stops the game there, and says why", async () => {
  const { session } = sessionOf(pileGame());
  const stopped = await session.begin({ pile: 3 }, ["2", "2"], { side: 0 });
  assert.equal(stopped, "move 2 of the address: cannot take 2 of 1");
  assert.deepEqual(session.entries.map((e) => e.pile), [3, 1]);
});

test("a refused start leaves the game on show", async () => {
  const { session } = sessionOf(pileGame());
  await session.begin({ pile: 4 }, ["1"], { side: 0 });
  await assert.rejects(session.begin({ pile: 0 }, []), /an empty pile/);
  assert.deepEqual(session.entries.map((e) => e.pile), [4, 3]);
});

test("a new game while an older one is being set up: the older answer is dropped", async () => {
  const game = pileGame();
  let releaseFirst;
  const slow = { ...game, begin: (start, moves) => (start.pile === 8
    ? new Promise((resolve) => { releaseFirst = () => resolve(game.begin(start, moves)); }) : game.begin(start, moves)) };
  const { session } = sessionOf(slow);
  const first = session.begin({ pile: 8 }, [], { side: 0 });
  await session.begin({ pile: 5 }, [], { side: 0 });
  releaseFirst();
  await first;
  assert.equal(session.entries[0].pile, 5);
});
