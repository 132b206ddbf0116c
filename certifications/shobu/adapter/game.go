package main

import (
	"fmt"
	"math/rand"

	"duel-masters/game/cnd"
	"duel-masters/game/fx"
	"duel-masters/game/match"
	"duel-masters/tests/scenario"
)

// unnamedDeckCards is how many cards the engine's deck holds below the cards a setup names: the engine ends the
// game as soon as a deck is empty, and the suite's decks hold only the cards a scenario names (often none).
const unnamedDeckCards = 8

// The contract's zones and the engine's containers.
var engineZone = map[string]string{
	"deck": match.DECK, "hand": match.HAND, "mana": match.MANAZONE, "shields": match.SHIELDZONE,
	"graveyard": match.GRAVEYARD, "battle": match.BATTLEZONE,
}
var contractZone = map[string]string{
	match.DECK: "deck", match.HAND: "hand", match.MANAZONE: "mana", match.SHIELDZONE: "shields",
	match.GRAVEYARD: "graveyard", match.BATTLEZONE: "battle",
}

type event map[string]any

// game is one match of the engine and what the adapter knows of it: the labels of the cards, the turn number
// (the engine counts turns played, not the scenario's number), and the events not yet observed.
type game struct {
	sc      *scenario.TestScenario
	m       *match.Match
	ready   bool
	label   map[string]string // engine card id -> label
	card    map[string]*match.Card
	turn    int
	events  []event
	cause   string // the cause of the moves the current move makes
	lacking string // what the current move needed and the engine could not play (answered unsupported)
	subject string // the engine id of the card the current move is about
}

func newGame(seed int64) (g *game, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	rand.Seed(seed)
	registerCards()
	sc := scenario.New()
	if err := sc.WaitForEventLoop(); err != nil {
		return nil, err
	}
	return &game{sc: sc, m: sc.Match}, nil
}

func (g *game) dispose() {
	if g.m != nil {
		g.m.Dispose()
	}
}

func (g *game) player(who string) *match.PlayerReference {
	if who == "me" {
		return g.m.Player1
	}
	return g.m.Player2
}

func (g *game) who(p *match.Player) string {
	if p == g.m.Player1.Player {
		return "me"
	}
	return "opp"
}

func (g *game) active() string {
	return g.who(g.m.CurrentPlayer().Player)
}

// --- setup -------------------------------------------------------------------------------------------------

type setupState struct {
	Cards   map[string]string      `json:"cards"`
	Turn    turnState              `json:"turn"`
	Players map[string]playerSetup `json:"players"`
	Effects []effect               `json:"effects"`
	Waiting []map[string]any       `json:"waiting"`
}

type turnState struct {
	Number int    `json:"number"`
	Active string `json:"active"`
	Step   string `json:"step"`
}

type playerSetup struct {
	Deck         []string       `json:"deck"`
	Hand         []string       `json:"hand"`
	Mana         []string       `json:"mana"`
	TappedMana   []string       `json:"tapped_mana"`
	Shields      []string       `json:"shields"`
	Graveyard    []string       `json:"graveyard"`
	Hyperspatial []string       `json:"hyperspatial"`
	Battle       []battleObject `json:"battle"`
}

type battleObject struct {
	Cards      []string `json:"cards"`
	Tapped     bool     `json:"tapped"`
	Arrived    []string `json:"arrived_this_turn"`
	Attacking  bool     `json:"attacking"`
	AsCreature bool     `json:"treated_as_creature"`
	EquippedTo string   `json:"equipped_to"`
}

type effect struct {
	Kind     string `json:"kind"`
	Target   string `json:"target"`
	Amount   int    `json:"amount"`
	Duration string `json:"duration"`
}

// setup builds the board: every zone emptied, then each card made and put where the setup says, without a
// move the engine would see (C-3.3).
func (g *game) setup(st *setupState) (result status) {
	defer func() {
		if r := recover(); r != nil {
			result = answer("error", "the engine failed while building the setup: %v", r)
		}
	}()
	if res, ok := g.checkSetup(st); !ok {
		return res
	}
	g.ready = false
	g.label = map[string]string{}
	g.card = map[string]*match.Card{}
	g.events = nil
	for _, who := range []string{"me", "opp"} {
		p := g.player(who).Player
		for _, zone := range []string{match.DECK, match.HAND, match.MANAZONE, match.SHIELDZONE, match.GRAVEYARD,
			match.BATTLEZONE, match.HIDDENZONE, match.SPELLZONE} {
			ref, _ := p.ContainerRef(zone)
			*ref = []*match.Card{}
		}
		p.ShieldMap = map[string]int{}
		p.HasChargedMana = false
		p.CanChargeMana = true
	}
	if st.Turn.Active == "me" {
		g.m.Turn = g.m.Player1.Player.Turn
	} else {
		g.m.Turn = g.m.Player2.Player.Turn
	}
	g.m.Step = &match.MainStep{}
	g.turn = st.Turn.Number

	for _, who := range []string{"me", "opp"} {
		ps := st.Players[who]
		p := g.player(who).Player
		for zone, labels := range map[string][]string{
			match.DECK: ps.Deck, match.HAND: ps.Hand, match.MANAZONE: ps.Mana, match.SHIELDZONE: ps.Shields,
			match.GRAVEYARD: ps.Graveyard,
		} {
			for _, l := range labels {
				if _, err := g.spawn(p, l, st.Cards[l], zone); err != nil {
					return answer("error", "the engine could not make %s: %v", l, err)
				}
			}
		}
		for i := 0; i < unnamedDeckCards; i++ {
			if _, err := p.SpawnCard(fillerID, match.DECK); err != nil {
				return answer("error", "the engine could not make a deck card: %v", err)
			}
		}
		for _, obj := range ps.Battle {
			if err := g.placeObject(p, st, obj); err != nil {
				return answer("error", "the engine could not make %v: %v", obj.Cards, err)
			}
		}
	}
	// The cards are where they would be at the start of the turn: the engine's untap step gives each the
	// conditions its card has in every zone (creature, evolution, スピードアタッカー). Then the setup's tapped
	// states, and summoning sickness, which the engine puts on a creature when it is summoned.
	g.m.HandleFx(match.NewContext(g.m, &match.UntapStep{}))
	for _, who := range []string{"me", "opp"} {
		ps := st.Players[who]
		for _, l := range ps.TappedMana {
			g.card[l].Tapped = true
		}
		for _, obj := range ps.Battle {
			top := g.card[obj.Cards[0]]
			top.Tapped = obj.Tapped
			for _, l := range obj.Arrived {
				if l == obj.Cards[0] && !testCards[st.Cards[l]].evolution {
					top.AddCondition(cnd.SummoningSickness, nil, nil)
				}
			}
		}
	}
	for _, e := range st.Effects {
		g.card[e.Target].AddCondition(cnd.PowerAmplifier, e.Amount, "shinpan-setup")
	}
	g.m.ApplyPersistentEffect(func(ctx *match.Context, exit func()) { g.record(ctx) })
	triggered = g.resolveTriggered
	g.ready = true
	return status{Status: "ok"}
}

// checkSetup refuses what the engine cannot hold, before anything is built.
func (g *game) checkSetup(st *setupState) (status, bool) {
	for label, name := range st.Cards {
		if _, ok := testCards[name]; !ok {
			return answer("unsupported", "card %s (%s) is not one the adapter builds", name, label), false
		}
	}
	declared := func(where string, labels ...string) (status, bool) {
		for _, l := range labels {
			if _, ok := st.Cards[l]; !ok {
				return answer("error", "setup: %s places %q, which setup.cards does not declare", where, l), false
			}
		}
		return status{}, true
	}
	if st.Turn.Step != "" && st.Turn.Step != "main" {
		return answer("unsupported", "turn step %q: the adapter sets up main steps only", st.Turn.Step), false
	}
	if len(st.Waiting) > 0 {
		return answer("unsupported", "waiting abilities: the engine resolves abilities within the move"), false
	}
	for _, e := range st.Effects {
		if res, ok := declared("effects", e.Target); !ok {
			return res, false
		}
		if e.Kind != "power" || (e.Duration != "" && e.Duration != "end_of_turn") {
			return answer("unsupported", "effect %s (%s): only power until the end of the turn", e.Kind, e.Duration), false
		}
	}
	for _, who := range []string{"me", "opp"} {
		ps := st.Players[who]
		for where, labels := range map[string][]string{"deck": ps.Deck, "hand": ps.Hand, "mana": ps.Mana,
			"tapped_mana": ps.TappedMana, "shields": ps.Shields, "graveyard": ps.Graveyard,
			"hyperspatial": ps.Hyperspatial} {
			if res, ok := declared("players."+who+"."+where, labels...); !ok {
				return res, false
			}
		}
		if len(ps.Hyperspatial) > 0 {
			return answer("unsupported", "the hyperspatial zone: the engine has none"), false
		}
		for _, obj := range ps.Battle {
			if res, ok := declared("players."+who+".battle", obj.Cards...); !ok {
				return res, false
			}
			if obj.Attacking {
				return answer("unsupported", "an attacking object: the engine finishes an attack within the move"), false
			}
			if obj.AsCreature || obj.EquippedTo != "" {
				return answer("unsupported", "treated_as_creature / equipped_to: no such cards in the engine"), false
			}
			if len(obj.Cards) > 2 || (len(obj.Cards) == 2 && !testCards[st.Cards[obj.Cards[0]]].evolution) {
				return answer("unsupported", "a pile of %d cards: the adapter builds one evolution creature on one source", len(obj.Cards)), false
			}
		}
	}
	return status{}, true
}

func (g *game) spawn(p *match.Player, label, name, zone string) (*match.Card, error) {
	c, err := p.SpawnCard(idPrefix+name, zone)
	if err != nil {
		return nil, err
	}
	g.label[c.ID] = label
	g.card[label] = c
	return c, nil
}

// placeObject puts a battle-zone object in place: its top card in the battle zone, a source under it as the
// engine keeps evolution sources (attached, in its hidden zone).
func (g *game) placeObject(p *match.Player, st *setupState, obj battleObject) error {
	top, err := g.spawn(p, obj.Cards[0], st.Cards[obj.Cards[0]], match.HAND)
	if err != nil {
		return err
	}
	hand, _ := p.ContainerRef(match.HAND)
	*hand = (*hand)[:len(*hand)-1]
	battle, _ := p.ContainerRef(match.BATTLEZONE)
	*battle = append(*battle, top)
	top.Zone = match.BATTLEZONE
	for _, l := range obj.Cards[1:] {
		src, err := g.spawn(p, l, st.Cards[l], match.HAND)
		if err != nil {
			return err
		}
		*hand = (*hand)[:len(*hand)-1]
		hidden, _ := p.ContainerRef(match.HIDDENZONE)
		*hidden = append(*hidden, src)
		src.Zone = match.HIDDENZONE
		top.Attach(src)
	}
	return nil
}

// --- events ------------------------------------------------------------------------------------------------

// record turns the engine's CardMoved events into the contract's moved events.
func (g *game) record(ctx *match.Context) {
	moved, ok := ctx.Event.(*match.CardMoved)
	if !ok {
		return
	}
	label, ok := g.label[moved.CardID]
	if !ok {
		return
	}
	// The engine keeps evolution sources in its hidden zone: for the contract they are in the battle zone,
	// under their evolution creature.
	from, ok1 := contractZone[moved.From]
	to, ok2 := contractZone[moved.To]
	if moved.From == match.HIDDENZONE {
		from, ok1 = "battle", true
	}
	if moved.To == match.HIDDENZONE {
		to, ok2 = "battle", true
	}
	if !ok1 || !ok2 || from == to {
		return
	}
	e := event{"type": "moved", "card": label, "from": from, "to": to, "player": g.who(g.card[label].Player)}
	switch {
	case moved.Source == "draw":
		e["cause"] = "draw"
	case g.cause == "summon" && moved.CardID == g.subject && to == "battle":
		e["cause"] = "summon"
	case g.cause == "destroy" && from == "battle" && to == "graveyard":
		e["cause"] = "destroy"
	case g.cause == "charge":
		e["cause"] = "charge"
	case g.cause == "put":
		e["cause"] = "put"
	}
	g.events = append(g.events, e)
}

// --- observation -------------------------------------------------------------------------------------------

func (g *game) labels(cards []*match.Card) []string {
	out := []string{}
	for _, c := range cards {
		if l, ok := g.label[c.ID]; ok {
			out = append(out, l)
		}
	}
	return out
}

func (g *game) pile(c *match.Card) []string {
	out := []string{g.label[c.ID]}
	for _, under := range c.Attachments() {
		out = append(out, g.pile(under)...)
	}
	return out
}

func (g *game) observe() map[string]any {
	players := map[string]any{}
	for _, who := range []string{"me", "opp"} {
		p := g.player(who).Player
		zone := func(z string) []*match.Card { cards, _ := p.Container(z); return cards }
		tapped := []string{}
		for _, c := range zone(match.MANAZONE) {
			if l, ok := g.label[c.ID]; ok && c.Tapped {
				tapped = append(tapped, l)
			}
		}
		battle := []map[string]any{}
		for _, c := range zone(match.BATTLEZONE) {
			if _, ok := g.label[c.ID]; !ok {
				continue
			}
			effects := []map[string]any{}
			for _, cond := range c.Conditions() {
				if amount, ok := cond.Val.(int); ok && cond.ID == cnd.PowerAmplifier {
					effects = append(effects, map[string]any{"kind": "power", "amount": amount})
				}
			}
			obj := map[string]any{
				"cards": g.pile(c), "tapped": c.Tapped, "power": g.m.GetPower(c, false),
				"can_attack": who == g.active() && fx.CanAttack(c), "attacking": false, "effects": effects,
			}
			if who == g.active() {
				obj["summoning_sick"] = fx.HasSummoningSickness(c)
			}
			battle = append(battle, obj)
		}
		players[who] = map[string]any{
			"deck": g.labels(zone(match.DECK)), "hand": g.labels(zone(match.HAND)),
			"mana": g.labels(zone(match.MANAZONE)), "tapped_mana": tapped,
			"shields": g.labels(zone(match.SHIELDZONE)), "graveyard": g.labels(zone(match.GRAVEYARD)),
			"hyperspatial": []string{}, "battle": battle,
		}
	}
	events := g.events
	if events == nil {
		events = []event{}
	}
	g.events = nil
	return map[string]any{
		"turn":    map[string]any{"number": g.turn, "active": g.active(), "step": "main"},
		"players": players,
		"events":  events,
	}
}

// resolveTriggered reports a triggered ability of a test card and plays its effect at once, as the engine plays
// every ability. A draw past the cards the setup names cannot be played (C-3.7): the move is then unsupported.
func (g *game) resolveTriggered(holder, moved *match.Card, t *trigger) {
	label, ok := g.label[holder.ID]
	if !ok {
		return
	}
	g.events = append(g.events, event{"type": "triggered", "card": label, "ability": 0})
	switch t.effect {
	case "draw":
		if g.drawable(holder.Player) < 1 {
			g.lacking = "an ability would draw a card the setup does not name"
			return
		}
		holder.Player.DrawCards(1)
	case "mana_that":
		// The card is found where it went if that zone is public and it has not moved again (603.5).
		if moved.Zone == match.GRAVEYARD {
			cause := g.cause
			g.cause = "put"
			moved.Player.MoveCard(moved.ID, match.GRAVEYARD, match.MANAZONE, holder.ID)
			g.cause = cause
		}
	}
}
