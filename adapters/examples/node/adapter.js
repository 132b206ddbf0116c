#!/usr/bin/env node
// shinpan example adapter — Node.js, no dependencies.
//
// A template for simulator authors: it speaks the shinpan contract (protocol 3) as JSON lines on
// stdin/stdout and implements a small subset of Duel Masters: setup, moves and observation for
// plain creatures (no abilities). It declares only what it supports, so the kit reports everything
// else as UNSUPPORTED (or UNOBSERVABLE) instead of FAIL.
//
//   shinpan run --adapter 'cmd:node adapters/examples/node/adapter.js'
//
// Replace the toy engine below (`Game`) with calls into your own engine. Rules of the wire:
//   - one request per line in, exactly one response per line out, in order;
//   - stdout carries nothing but responses (log to stderr: the kit shows its tail on CRASH/TIMEOUT/ERROR);
//   - answer "unsupported" (with a message) for anything you cannot do — never a wrong state;
//   - cards are named by the scenario's labels; keep your own ids to yourself.
"use strict";

const readline = require("node:readline");

const PROTOCOL = 3;

// ------------------------------------------------------------------ what this adapter supports
const CAPABILITIES = {
  // Rule changes this engine plays both before and after. Filled from the kit's hello request (see
  // changesWePlay): this toy engine implements nothing that any change affects.
  changes: [],
  // Cards (names as in features/cards.yaml) it implements: here two plain creatures and their power.
  cards: ["テスト用クリーチャーA", "テスト用クリーチャーB"],
  // Mechanics it implements: the values of @requires tags AND those of the moves it plays (summon needs
  // "summon", end_turn "turns", put/move/destroy/draw "zones", tap/untap "tap"), or the kit never sends those
  // moves. `shinpan vocabulary` lists every mechanic and what needs it; `shinpan contract-test` checks this.
  mechanics: ["zones", "summon", "tap", "summoning_sickness", "turns"],
  // It takes a scenario's requests in one "batch" line (see the end of this file): one round trip per scenario.
  batch: true,
  // Observation fields it can report.
  observables: ["tapped", "power", "summoning_sick", "can_attack", "events", "deck_order"],
};
const POWER = { "テスト用クリーチャーA": 2000, "テスト用クリーチャーB": 3000 };
const ZONES = ["deck", "hand", "mana", "shields", "graveyard", "hyperspatial"];
const PLAYERS = ["me", "opp"];

class Unsupported extends Error {}
class BadRequest extends Error {}
class Rejected extends Error {}
class ScriptMismatch extends Error {}

// ------------------------------------------------------------------ a toy engine
class Game {
  constructor(state) {
    this.names = state.cards;                 // label -> card name
    this.owner = {};                          // label -> "me" | "opp"
    this.turn = { number: state.turn.number, active: state.turn.active, step: state.turn.step || "main" };
    this.players = {};
    this.events = [];
    for (const p of PLAYERS) {
      const view = state.players[p] || {};
      const zones = {};
      for (const z of ZONES) zones[z] = [...(view[z] || [])];
      if ((view.tapped_mana || []).length) throw new Unsupported("tapped mana is not implemented");
      const battle = [];
      for (const obj of view.battle || []) {
        if (obj.cards.length !== 1) throw new Unsupported("objects of several cards (evolution) are not implemented");
        if (obj.attacking) throw new Unsupported("attacking creatures are not implemented");
        const arrived = (obj.arrived_this_turn || []).includes(obj.cards[0]);
        battle.push({ card: obj.cards[0], tapped: !!obj.tapped, since: arrived ? this.turn.number : this.turn.number - 1 });
      }
      this.players[p] = { zones, battle };
      for (const z of ZONES) for (const c of zones[z]) this.place(c, p);
      for (const o of battle) this.place(o.card, p);
    }
    for (const label of Object.keys(this.names)) {
      if (!(label in this.owner)) throw new BadRequest(`cards: ${label} is declared but not placed`);
    }
    if ((state.effects || []).length) throw new Unsupported("effects are not implemented");
  }

  place(label, player) {
    if (!(label in this.names)) throw new BadRequest(`label ${label} is not declared in cards`);
    if (label in this.owner) throw new BadRequest(`card ${label} is placed twice`);
    this.owner[label] = player;
  }

  where(label) {
    if (!(label in this.owner)) throw new BadRequest(`unknown card label ${label}`);
    const p = this.owner[label];
    const i = this.players[p].battle.findIndex((o) => o.card === label);
    if (i >= 0) return { zone: "battle", index: i };
    for (const z of ZONES) {
      const j = this.players[p].zones[z].indexOf(label);
      if (j >= 0) return { zone: z, index: j };
    }
    throw new BadRequest(`card ${label} is nowhere`);
  }

  // Every move goes through here: a card that changes zones is a new object (rule 400.5).
  moveCard(label, to, cause, position = "top") {
    const p = this.owner[label];
    const from = this.where(label);
    if (from.zone === to) throw new Rejected(`${label} is already in the ${to}: a move goes to another zone (400.5)`);
    if (to === "deck" && position === "shuffled") throw new Unsupported("shuffling a deck is not implemented");
    if (from.zone === "battle") this.players[p].battle.splice(from.index, 1);
    else this.players[p].zones[from.zone].splice(from.index, 1);
    if (to === "battle") this.players[p].battle.push({ card: label, tapped: false, since: this.turn.number });
    else if (to === "deck" && position === "top") this.players[p].zones.deck.unshift(label);
    else this.players[p].zones[to].push(label); // the deck's bottom, or any other zone
    this.events.push({ type: "moved", card: label, from: from.zone, to, player: p, cause });
  }

  creature(label) {
    const p = this.owner[label];
    const obj = p && this.players[p].battle.find((o) => o.card === label);
    if (!obj) throw new Rejected(`${label} is not in the battle zone`);
    return obj;
  }

  // This toy keeps no tapped mana: tapping or untapping a card of the mana zone is beyond it.
  notMana(label) {
    if (this.where(label).zone === "mana") throw new Unsupported("tapped mana is not implemented");
    return label;
  }

  sick(obj) { return obj.since >= this.turn.number; }

  act(action, choices) {
    switch (action.type) {
      case "summon": {
        const at = this.where(action.card);
        if (at.zone !== "hand") throw new Rejected(`${action.card} is not in the hand`);
        if (this.owner[action.card] !== this.turn.active) throw new Rejected("only the active player summons");
        this.moveCard(action.card, "battle", "summon");
        break;
      }
      case "put_into_battle":
        if (action.with) throw new Unsupported("several cards entering at once is not implemented");
        this.moveCard(action.card, "battle", "put"); this.creature(action.card).tapped = !!action.tapped; break;
      case "move": this.moveCard(action.card, action.to, "put", action.position); break;  // an effect moves it
      case "destroy":
        for (const c of action.cards) this.creature(c);
        for (const c of action.cards) this.moveCard(c, "graveyard", "destroy");
        break;
      case "tap": this.creature(this.notMana(action.card)).tapped = true; break;
      case "untap": this.creature(this.notMana(action.card)).tapped = false; break;
      case "draw":
        for (let i = 0; i < (action.count || 1); i++) {
          const top = this.players[action.player].zones.deck[0];
          if (top === undefined) throw new Unsupported("drawing from an empty deck is not implemented");
          this.moveCard(top, "hand", "draw");
        }
        break;
      case "end_turn": {
        this.turn = { number: this.turn.number + 1, active: this.turn.active === "me" ? "opp" : "me", step: "main" };
        for (const o of this.players[this.turn.active].battle) o.tapped = false;
        const top = this.players[this.turn.active].zones.deck[0];
        if (top !== undefined) this.moveCard(top, "hand", "draw");
        break;
      }
      default:
        throw new Unsupported(`action type ${action.type} is not implemented`);
    }
    if (choices.length) throw new ScriptMismatch(`scripted choice(s) never asked for: ${choices.map((c) => c.kind).join(", ")}`);
  }

  observe() {
    const players = {};
    for (const p of PLAYERS) {
      const view = {};
      for (const z of ZONES) view[z] = [...this.players[p].zones[z]];
      const active = p === this.turn.active;
      // summoning_sick only for the turn player's objects: the contract leaves it out for the other player's.
      view.battle = this.players[p].battle.map((o) => ({
        cards: [o.card],
        tapped: o.tapped,
        power: POWER[this.names[o.card]],
        ...(active ? { summoning_sick: this.sick(o) } : {}),
        can_attack: active && !this.sick(o) && !o.tapped,
      }));
      players[p] = view;
    }
    const events = this.events;
    this.events = [];
    return { turn: { ...this.turn }, players, events };
  }
}

// ------------------------------------------------------------------ the protocol
let game = null;
let rules = null;   // { label, changes: [ids in force] } from new_game

// The kit's hello lists every rule change it knows ({id, title, date} or {id, title, after, by}). Declare the
// ones whose both sides your engine plays; a scenario naming another one in @since/@until is UNSUPPORTED.
// Nothing in this toy engine depends on any change, so it plays them all. A real engine lists the changes its
// code asks about (e.g. `rules.changes.includes("2021-03-16")`) and, to play only the newest rules, none.
function changesWePlay(kitChanges) {
  return kitChanges.map((change) => change.id);
}

function handle(request) {
  switch (request.cmd) {
    case "hello":
      if (request.protocol !== PROTOCOL) {
        return { status: "error", message: `the kit speaks protocol ${request.protocol}, this adapter was written for ` +
                 `protocol ${PROTOCOL}: CHANGELOG.md (shinpan docs) lists what each protocol changed` };
      }
      CAPABILITIES.changes = changesWePlay(request.changes || []);
      return {
        status: "ok",
        protocol: PROTOCOL,
        engine: { name: "shinpan-example-node", version: "0.1.0", language: "JavaScript" },
        capabilities: CAPABILITIES,
      };
    case "new_game":
      rules = request.rules;
      game = null;
      return { status: "ok" };
    case "setup":
      if (rules === null) throw new BadRequest("setup before new_game");
      game = new Game(request.state);
      return { status: "ok" };
    case "act":
      if (game === null) throw new BadRequest("act before setup");
      game.act(request.action, request.choices || []);
      return { status: "ok" };
    case "observe":
      if (game === null) throw new BadRequest("observe before setup");
      return { status: "ok", observation: game.observe() };
    case "stop":
      return { status: "ok" };
    default:
      throw new BadRequest(`unknown cmd ${request.cmd}`);
  }
}

function answer(request) {
  try {
    return handle(request);
  } catch (e) {
    if (e instanceof Unsupported) return { status: "unsupported", message: e.message };
    if (e instanceof Rejected) return { status: "rejected", message: e.message };
    if (e instanceof ScriptMismatch) return { status: "script_mismatch", message: e.message };
    if (!(e instanceof BadRequest)) console.error(e.stack); // an engine bug: log it, answer error
    return { status: "error", message: e.message };
  }
}

// A batch: the requests of one scenario, played in order as if each came alone, each answered on a line of its own,
// until an answer is neither ok nor rejected (the rest are not played). Declared by `batch: true` above.
function answers(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return [{ status: "error", message: `the request is not JSON: ${e.message}` }];
  }
  if (request === null || request.cmd !== "batch" || !Array.isArray(request.requests)) return [answer(request)];
  const played = [];
  for (const each of request.requests) {
    played.push(answer(each));
    if (!["ok", "rejected"].includes(played[played.length - 1].status)) break;
  }
  return played;
}

const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
input.on("line", (line) => {
  if (!line.trim()) return;
  const responses = answers(line);
  process.stdout.write(responses.map((response) => JSON.stringify(response) + "\n").join(""));
  if (responses[0].status === "ok" && JSON.parse(line).cmd === "stop") input.close();
});
