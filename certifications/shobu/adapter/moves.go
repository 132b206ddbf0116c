package main

import (
	"encoding/json"
	"fmt"
	"time"

	"duel-masters/game/cnd"
	"duel-masters/game/fx"
	"duel-masters/game/match"
	"duel-masters/server"
)

// played are the action types the adapter plays (each needs a mechanic it declares, C-1.6).
var played = map[string]bool{
	"summon": true, "put_into_battle": true, "move": true, "destroy": true, "draw": true, "charge_mana": true,
	"tap": true, "untap": true, "attack": true, "end_turn": true, "apply_effect": true, "resolve": true,
}

type action struct {
	Type     string          `json:"type"`
	Card     string          `json:"card"`
	Cards    []string        `json:"cards"`
	To       string          `json:"to"`
	Position string          `json:"position"`
	Sources  []string        `json:"sources"`
	With     []string        `json:"with"`
	Tapped   bool            `json:"tapped"`
	Player   string          `json:"player"`
	Count    int             `json:"count"`
	Attacker string          `json:"attacker"`
	Target   json.RawMessage `json:"target"`
	Effect   *effect         `json:"effect"`
}

// act plays one move. The engine resolves everything a move starts within it and asks nothing of the kit's
// scripts, so a scripted choice is never used (C-4.9), save the one legal answer of a single source (C-4.11).
func (g *game) act(raw json.RawMessage, choices []choice) (result status) {
	defer func() {
		if r := recover(); r != nil {
			result = answer("error", "the engine failed: %v", r)
		}
		g.cause, g.subject = "", ""
		if g.lacking != "" && result.Status == "ok" {
			result = answer("unsupported", "%s", g.lacking)
		}
		g.lacking = ""
	}()
	var a action
	if err := json.Unmarshal(raw, &a); err != nil {
		return answer("error", "not an action: %v", err)
	}
	if !played[a.Type] {
		return answer("unsupported", "action %s: the adapter does not play it", a.Type)
	}
	var target struct {
		Player string `json:"player"`
		Card   string `json:"card"`
	}
	if len(a.Target) > 0 {
		if err := json.Unmarshal(a.Target, &target); err != nil {
			return answer("error", "attack target: %v", err)
		}
	}
	named := append(append(append([]string{a.Card, a.Attacker, target.Card}, a.Cards...), a.Sources...), a.With...)
	if a.Effect != nil {
		named = append(named, a.Effect.Target)
	}
	for _, l := range named {
		if _, ok := g.card[l]; l != "" && !ok {
			return answer("error", "the action names %q, which the setup did not declare", l)
		}
	}
	for _, ch := range choices {
		single := ch.Kind == "order_under" && len(a.Sources) == 1 && len(ch.Picks) == 1 && ch.Picks[0] == a.Sources[0]
		if !single {
			return answer("script_mismatch", "the move asks no %s choice: the engine decides nothing the script could answer", ch.Kind)
		}
	}
	switch a.Type {
	case "summon":
		return g.summon(a)
	case "put_into_battle":
		return g.putIntoBattle(a)
	case "move":
		return g.move(a)
	case "destroy":
		return g.destroy(a)
	case "draw":
		return g.draw(a)
	case "charge_mana":
		return g.chargeMana(a)
	case "tap", "untap":
		return g.tap(a)
	case "attack":
		return g.attack(a)
	case "end_turn":
		return g.endTurn()
	case "apply_effect":
		return g.applyEffect(a)
	case "resolve":
		// The engine resolves every ability within the move that triggers it: nothing ever waits (C-7.2).
		return status{Status: "ok"}
	}
	return answer("unsupported", "action %s: the adapter does not play it", a.Type)
}

// top is the top card of the battle-zone object that the card is part of (nil outside the battle zone).
func (g *game) top(label string) *match.Card {
	c := g.card[label]
	if c.Zone == match.BATTLEZONE {
		return c
	}
	if c.Zone != match.HIDDENZONE {
		return nil
	}
	for _, p := range []*match.Player{g.m.Player1.Player, g.m.Player2.Player} {
		battle, _ := p.Container(match.BATTLEZONE)
		for _, t := range battle {
			for _, under := range g.pileCards(t) {
				if under == c {
					return t
				}
			}
		}
	}
	return nil
}

func (g *game) pileCards(c *match.Card) []*match.Card {
	out := []*match.Card{c}
	for _, under := range c.Attachments() {
		out = append(out, g.pileCards(under)...)
	}
	return out
}

// drawable is how many cards the player can draw before reaching a card the setup did not name.
func (g *game) drawable(p *match.Player) int {
	deck, _ := p.Container(match.DECK)
	for i, c := range deck {
		if _, ok := g.label[c.ID]; !ok {
			return i
		}
	}
	return len(deck)
}

func (g *game) send(p *match.PlayerReference, payload any) {
	data, _ := json.Marshal(payload)
	g.m.Parse(p.Socket, data)
}

// nextPrompt waits for the first action prompt or warning the player gets from message since on.
func (g *game) nextPrompt(p *match.PlayerReference, since int) (*server.ActionMessage, string, error) {
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		headers, _ := g.sc.MessageHeaders(p, since)
		for i, h := range headers {
			if h == "warn" {
				warnings, _ := g.sc.Warnings(p, since)
				text := "refused"
				if len(warnings) > 0 {
					text = warnings[0]
				}
				return nil, text, nil
			}
			if h == "action" {
				action, err := g.sc.WaitForAction(p, since+i)
				return action, "", err
			}
		}
		time.Sleep(time.Millisecond)
	}
	return nil, "", fmt.Errorf("the engine answered nothing in 2 s")
}

func (g *game) summon(a action) status {
	c := g.card[a.Card]
	if c.Zone != match.HAND {
		return answer("rejected", "%s is not in a hand", a.Card)
	}
	owner := g.m.PlayerRef(c.Player)
	if g.who(c.Player) != g.active() {
		return answer("unsupported", "a summon in the opponent's turn: the engine plays cards only in their owner's turn")
	}
	if testCards[c.Name].spell {
		return answer("rejected", "%s is a spell, not a creature", a.Card)
	}
	if testCards[c.Name].evolution {
		if len(a.Sources) == 0 {
			return answer("rejected", "%s is an evolution creature: it is summoned onto a source", a.Card)
		}
		if len(a.Sources) > 1 {
			return answer("unsupported", "an evolution onto %d sources: the engine's evolution takes one", len(a.Sources))
		}
		src := g.card[a.Sources[0]]
		if src.Zone != match.BATTLEZONE || src.Player != c.Player {
			return answer("rejected", "%s is not a creature of its own player's battle zone (801)", a.Sources[0])
		}
		// The kit's card evolves onto any creature; the engine's evolution reads a shared race, which every kit
		// test creature but テスト用ナイト has.
		if !src.SharesAFamily(c.Family) {
			return answer("unsupported", "an evolution onto %s: the engine evolves only onto a creature of a shared race", a.Sources[0])
		}
	} else if len(a.Sources) > 0 {
		return answer("rejected", "%s is not an evolution creature", a.Card)
	}
	// The contract takes costs as paid: mana of every civilization pays, and leaves with the summon.
	defer func() {
		mana, _ := c.Player.ContainerRef(match.MANAZONE)
		kept := []*match.Card{}
		for _, m := range *mana {
			if m.ImageID != paymentID {
				kept = append(kept, m)
			}
		}
		*mana = kept
	}()
	ids := []string{}
	for i := 0; i < c.ManaCost; i++ {
		m, err := c.Player.SpawnCard(paymentID, match.MANAZONE)
		if err != nil {
			return answer("error", "the engine could not make mana: %v", err)
		}
		ids = append(ids, m.ID)
	}
	g.cause, g.subject = "summon", c.ID
	since, _ := g.sc.MessageCount(owner)
	g.send(owner, map[string]any{"header": "add_to_playzone", "virtualId": c.ID})
	prompt, warning, err := g.nextPrompt(owner, since)
	if err != nil {
		return answer("error", "summon: %v", err)
	}
	if prompt == nil {
		g.sc.WaitForEventLoop()
		return answer("rejected", "the engine refused: %s", warning)
	}
	done, _ := g.sc.MessageCount(owner)
	if err := g.sc.SubmitAction(owner, ids...); err != nil {
		return answer("error", "summon: %v", err)
	}
	for {
		prompt, warning, err = g.nextPromptOrState(owner, done)
		if err != nil {
			return answer("error", "summon: %v", err)
		}
		if prompt == nil {
			break
		}
		// The engine asks which creature the evolution goes on.
		done, _ = g.sc.MessageCount(owner)
		if err := g.sc.SubmitAction(owner, g.card[a.Sources[0]].ID); err != nil {
			return answer("error", "summon: %v", err)
		}
	}
	g.sc.WaitForEventLoop()
	if c.Zone != match.BATTLEZONE {
		return answer("rejected", "the engine refused the summon: %s", warning)
	}
	return status{Status: "ok"}
}

// nextPromptOrState waits for the move to finish (a state broadcast) or to ask something more.
func (g *game) nextPromptOrState(p *match.PlayerReference, since int) (*server.ActionMessage, string, error) {
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		headers, _ := g.sc.MessageHeaders(p, since)
		for i, h := range headers {
			switch h {
			case "action":
				action, err := g.sc.WaitForAction(p, since+i)
				return action, "", err
			case "state_update", "warn":
				warnings, _ := g.sc.Warnings(p, since)
				text := ""
				if len(warnings) > 0 {
					text = warnings[0]
				}
				return nil, text, nil
			}
		}
		time.Sleep(time.Millisecond)
	}
	return nil, "", fmt.Errorf("the engine answered nothing in 2 s")
}

func (g *game) putIntoBattle(a action) status {
	c := g.card[a.Card]
	if len(a.With) > 0 || a.Tapped || len(a.Sources) > 0 || testCards[c.Name].evolution {
		return answer("unsupported", "put_into_battle with other cards, tapped, or of an evolution creature")
	}
	if c.Zone == match.BATTLEZONE || c.Zone == match.HIDDENZONE {
		return answer("rejected", "%s is already in the battle zone", a.Card)
	}
	g.cause = "put"
	mark := len(g.events)
	// The engine's own way for an effect to put a creature into the battle zone.
	fx.ForcePutCreatureIntoBZ(match.NewContext(g.m, &match.MainStep{}), c, c.Zone, c)
	if !g.movedInto(mark, a.Card, "battle") {
		return answer("rejected", "the engine did not put %s into the battle zone", a.Card)
	}
	return status{Status: "ok"}
}

func (g *game) move(a action) status {
	c := g.card[a.Card]
	to, ok := engineZone[a.To]
	if !ok || a.To == "battle" {
		return answer("unsupported", "a move to %s", a.To)
	}
	if t := g.top(a.Card); t != nil {
		if t != c {
			return answer("unsupported", "a move of the object of %s, named by a card under its top", a.Card)
		}
	}
	if c.Zone == to {
		return answer("rejected", "%s is already in the %s (400.5)", a.Card, a.To)
	}
	if c.Zone == match.DECK && g.drawable(c.Player) == 0 {
		return answer("unsupported", "a move of a deck card below cards the setup does not name")
	}
	g.cause = "put"
	mark := len(g.events)
	source := c
	switch {
	case to == match.DECK && a.Position == "bottom":
		g.m.MoveCard(c, to, source)
	case to == match.DECK && a.Position == "shuffled":
		g.m.MoveCard(c, to, source)
		c.Player.ShuffleDeck()
	case to == match.DECK:
		g.m.MoveCardToFront(c, to, source)
	default:
		g.m.MoveCard(c, to, source)
	}
	if !g.movedInto(mark, a.Card, a.To) {
		return answer("rejected", "the engine did not move %s", a.Card)
	}
	return status{Status: "ok"}
}

// movedInto says whether the engine moved the card labelled label into the contract zone to since the events
// stood at mark: the move is judged by the engine's own move of the card, not by where the card is once the
// engine's handlers of that move have run (an ability of shobu runs inside the move, and may take the card on:
// that later move is reported as its own moved event).
func (g *game) movedInto(mark int, label, to string) bool {
	for _, e := range g.events[mark:] {
		if e["type"] == "moved" && e["card"] == label && e["to"] == to {
			return true
		}
	}
	return false
}

func (g *game) destroy(a action) status {
	tops := []*match.Card{}
	for _, l := range a.Cards {
		t := g.top(l)
		if t == nil {
			return answer("rejected", "%s is not in the battle zone", l)
		}
		tops = append(tops, t)
	}
	g.cause = "destroy"
	// The engine destroys one creature at a time, in the order given.
	for _, t := range tops {
		g.m.Destroy(t, t, match.DestroyedByMiscAbility)
	}
	return status{Status: "ok"}
}

func (g *game) draw(a action) status {
	p := g.player(a.Player).Player
	n := a.Count
	if n == 0 {
		n = 1
	}
	if g.drawable(p) < n {
		return answer("unsupported", "a draw of %d from a deck whose setup names %d: the engine's deck-out is not the kit's", n, g.drawable(p))
	}
	p.DrawCards(n)
	return status{Status: "ok"}
}

func (g *game) chargeMana(a action) status {
	c := g.card[a.Card]
	if c.Zone != match.HAND {
		return answer("rejected", "%s is not in a hand", a.Card)
	}
	// The contract's charge is a primitive the kit does not count (C-4.15); the engine's is the turn player's one
	// charge, in the charge step, before any card is played.
	if g.who(c.Player) != g.active() || c.Player.HasChargedMana || !c.Player.CanChargeMana {
		return answer("unsupported", "a charge in the opponent's turn, a second one, or one after a card was played: the engine allows the turn player one, before playing cards")
	}
	g.cause = "charge"
	if err := g.sc.ActionChargeMana(g.m.PlayerRef(c.Player), c.ID); err != nil {
		return answer("error", "charge_mana: %v", err)
	}
	if c.Zone != match.MANAZONE {
		return answer("rejected", "the engine refused the charge")
	}
	return status{Status: "ok"}
}

// tap and untap set the card's tapped state, as the engine's own effects do.
func (g *game) tap(a action) status {
	c := g.card[a.Card]
	if t := g.top(a.Card); t != nil {
		c = t
	} else if c.Zone != match.MANAZONE {
		return answer("rejected", "%s is neither in the battle zone nor in the mana zone", a.Card)
	}
	c.Tapped = a.Type == "tap"
	return status{Status: "ok"}
}

// attack asks the engine whether the attack may be declared. The engine plays an attack through to its end
// within the move (blocks, battle, shields broken), so a legal attack cannot be held as the contract's
// attacking object: the prompt is cancelled, nothing changes, and the answer is unsupported.
func (g *game) attack(a action) status {
	t := g.top(a.Attacker)
	if t == nil {
		return answer("rejected", "%s is not in the battle zone", a.Attacker)
	}
	owner := g.m.PlayerRef(t.Player)
	if g.who(t.Player) != g.active() {
		return answer("rejected", "only the turn player attacks")
	}
	var target struct {
		Player string `json:"player"`
		Card   string `json:"card"`
	}
	if err := json.Unmarshal(a.Target, &target); err != nil {
		return answer("error", "attack target: %v", err)
	}
	opponent := g.m.Opponent(t.Player)
	header := "attack_player"
	if target.Card != "" {
		header = "attack_creature"
		if d := g.top(target.Card); d == nil || d.Player != opponent {
			return answer("rejected", "%s is not a creature of the opponent", target.Card)
		}
	} else {
		if target.Player == g.who(t.Player) {
			return answer("rejected", "a player does not attack themself")
		}
		// Without shields the engine would end the game at once on a legal attack: a shield no one sees
		// lets it answer whether the attack may be declared, and leaves with the answer.
		if shields, _ := opponent.Container(match.SHIELDZONE); len(shields) == 0 {
			if _, err := opponent.SpawnCard(fillerID, match.SHIELDZONE); err != nil {
				return answer("error", "the engine could not make a shield: %v", err)
			}
			defer func() {
				ref, _ := opponent.ContainerRef(match.SHIELDZONE)
				*ref = []*match.Card{}
			}()
		}
	}
	since, _ := g.sc.MessageCount(owner)
	g.send(owner, map[string]any{"header": header, "virtualId": t.ID})
	prompt, warning, err := g.nextPrompt(owner, since)
	if err != nil {
		return answer("error", "attack: %v", err)
	}
	if prompt == nil {
		g.sc.WaitForEventLoop()
		return answer("rejected", "the engine refused the attack: %s", warning)
	}
	offered := target.Card == ""
	for _, cs := range prompt.Cards {
		if target.Card != "" && cs.CardID == g.top(target.Card).ID {
			offered = true
		}
	}
	g.sc.CancelAction(owner)
	g.sc.WaitForEventLoop()
	if !offered {
		return answer("rejected", "the engine does not offer %s as a target", target.Card)
	}
	return answer("unsupported", "an attack under way: the engine plays it through within the move")
}

func (g *game) endTurn() status {
	next := g.m.Opponent(g.m.CurrentPlayer().Player)
	if g.drawable(next) < 1 {
		return answer("unsupported", "the next player would draw a card the setup does not name")
	}
	g.cause = "turn"
	if err := g.sc.ActionEndTurn(g.m.CurrentPlayer()); err != nil {
		return answer("error", "end_turn: %v", err)
	}
	g.turn++
	return status{Status: "ok"}
}

func (g *game) applyEffect(a action) status {
	e := a.Effect
	if e == nil || e.Kind != "power" || (e.Duration != "" && e.Duration != "end_of_turn") {
		return answer("unsupported", "an effect other than power until the end of the turn")
	}
	t := g.top(e.Target)
	if t == nil {
		return answer("rejected", "%s is not in the battle zone", e.Target)
	}
	t.AddCondition(cnd.PowerAmplifier, e.Amount, "shinpan-effect")
	return status{Status: "ok"}
}
