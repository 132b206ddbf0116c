package main

import (
	"sort"

	"duel-masters/game/civ"
	"duel-masters/game/cnd"
	"duel-masters/game/fx"
	"duel-masters/game/match"
)

// testCard is one of the kit's テスト用 cards (features/cards.yaml), built in shobu's own card model.
type testCard struct {
	civ       string
	cost      int
	power     int
	race      string
	speed     bool // スピードアタッカー
	evolution bool // 進化: on one of its owner's creatures
	spell     bool // a spell with no effect (the adapter casts none)
	pumpFire  int  // 自分の他の火のクリーチャーのパワーを+N する (a static ability)
	trigger   *trigger
}

// trigger is a triggered ability of a test card: when a card of the kind `whose` names moves from `from` to `to`
// (engine zones; "" is any other zone), draw a card or put that card into its owner's mana zone. The engine has
// no waiting abilities: the ability resolves within the move, as the engine's own cards' abilities do.
type trigger struct {
	from, to string
	whose    string // any, other (not this card), own (its controller's), own_card (any card of its controller)
	civ      string // the moving card's civilization, if it matters
	effect   string // draw, mana_that
}

// triggered is set by the game: an ability of holder triggered on moved (the game reports it and plays its effect).
var triggered func(holder, moved *match.Card, t *trigger)

// testCards are the cards the adapter declares: vanilla creatures, スピードアタッカー and 進化 with one source.
var testCards = map[string]testCard{
	"テスト用クリーチャーA":   {civ: civ.Fire, cost: 2, power: 2000, race: "テスト"},
	"テスト用クリーチャーB":   {civ: civ.Water, cost: 3, power: 3000, race: "テスト"},
	"テスト用スピードアタッカー": {civ: civ.Fire, cost: 3, power: 3000, race: "テスト", speed: true},
	"テスト用進化クリーチャー":  {civ: civ.Fire, cost: 4, power: 5000, race: "テスト", evolution: true},
	"テスト用自然クリーチャー":  {civ: civ.Nature, cost: 2, power: 2000, race: "テスト"},
	"テスト用闇クリーチャー":   {civ: civ.Darkness, cost: 3, power: 3000, race: "テスト"},
	"テスト用闇クリーチャー8":  {civ: civ.Darkness, cost: 8, power: 8000, race: "テスト"},
	"テスト用闇クリーチャー4":  {civ: civ.Darkness, cost: 4, power: 4000, race: "テスト"},
	"テスト用ナイト":       {civ: civ.Darkness, cost: 3, power: 3000, race: "ナイト"},
	"テスト用呪文":        {civ: civ.Light, cost: 2, spell: true},
	"テスト用火パンプ":      {civ: civ.Light, cost: 3, power: 1000, race: "テスト", pumpFire: 1000},
	"テスト用出た時ドロー": {civ: civ.Light, cost: 3, power: 1000, race: "テスト",
		trigger: &trigger{to: match.BATTLEZONE, whose: "any", effect: "draw"}},
	"テスト用カード登場ドロー": {civ: civ.Light, cost: 3, power: 1000, race: "テスト",
		trigger: &trigger{to: match.BATTLEZONE, whose: "own_card", effect: "draw"}},
	"テスト用破壊時ドロー": {civ: civ.Darkness, cost: 4, power: 2000, race: "テスト",
		trigger: &trigger{from: match.BATTLEZONE, to: match.GRAVEYARD, whose: "any", effect: "draw"}},
	"テスト用他破壊時ドロー": {civ: civ.Darkness, cost: 5, power: 2000, race: "テスト",
		trigger: &trigger{from: match.BATTLEZONE, to: match.GRAVEYARD, whose: "other", effect: "draw"}},
	"テスト用自分破壊時ドロー": {civ: civ.Darkness, cost: 4, power: 2000, race: "テスト",
		trigger: &trigger{from: match.BATTLEZONE, to: match.GRAVEYARD, whose: "own", effect: "draw"}},
	"テスト用離脱追跡": {civ: civ.Nature, cost: 3, power: 2000, race: "テスト",
		trigger: &trigger{from: match.BATTLEZONE, whose: "other", effect: "mana_that"}},
	"テスト用闇離脱ドロー": {civ: civ.Light, cost: 3, power: 2000, race: "テスト",
		trigger: &trigger{from: match.BATTLEZONE, whose: "own", civ: civ.Darkness, effect: "draw"}},
	"テスト用手札闇ドロー": {civ: civ.Darkness, cost: 3, power: 2000, race: "テスト",
		trigger: &trigger{to: match.HAND, whose: "own_card", civ: civ.Darkness, effect: "draw"}},
	"テスト用スペース・チャージ闇": {civ: civ.Darkness, cost: 4, power: 3000, race: "テスト",
		trigger: &trigger{to: match.MANAZONE, whose: "own_card", civ: civ.Darkness, effect: "draw"}},
	"テスト用闇マナ送りドロー": {civ: civ.Light, cost: 3, power: 2000, race: "テスト",
		trigger: &trigger{from: match.BATTLEZONE, to: match.MANAZONE, whose: "own", civ: civ.Darkness, effect: "draw"}},
}

// The engine's card ids of the adapter's own cards: the test cards by name, and two cards that are no part of
// the game the kit sees: the rest of a deck below the cards a setup names, and the mana a summon is paid with.
const (
	fillerID  = "shinpan-unnamed-deck-card"
	paymentID = "shinpan-payment"
	idPrefix  = "shinpan-test:"
)

func cardNames() []string {
	names := make([]string, 0, len(testCards))
	for name := range testCards {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// registerCards adds the adapter's cards to the engine's card constructors.
func registerCards() {
	for name, spec := range testCards {
		name, spec := name, spec
		match.AddCard(idPrefix+name, func(c *match.Card) {
			c.Name = name
			c.Power = spec.power
			c.Civs = []string{spec.civ}
			c.ManaCost = spec.cost
			c.ManaRequirement = []string{spec.civ}
			if spec.spell {
				c.Family = []string{}
				c.Use(fx.Spell)
				return
			}
			c.Family = []string{spec.race}
			handlers := []match.HandlerFunc{fx.Creature}
			if spec.evolution {
				handlers = append(handlers, fx.Evolution)
			}
			if spec.speed {
				handlers = append(handlers, fx.SpeedAttacker)
			}
			if spec.trigger != nil {
				handlers = append(handlers, watch(spec.trigger))
			}
			if spec.pumpFire != 0 {
				handlers = append(handlers, fx.ModifyPowers(func(e *match.GetPowerEvent) {
					if c.Zone == match.BATTLEZONE && e.Card.Zone == match.BATTLEZONE && e.Card.Player == c.Player &&
						e.Card != c && e.Card.HasCiv(civ.Fire) {
						e.Power += spec.pumpFire
					}
				}))
			}
			c.Use(handlers...)
		})
	}
	// A card of the deck the setup does not name: it never acts, and never leaves the deck (a move that
	// would take it out is answered unsupported).
	match.AddCard(fillerID, func(c *match.Card) {
		c.Name = "(a card the setup does not name)"
		c.Civs = []string{civ.Light}
		c.ManaRequirement = []string{civ.Light}
	})
	// Mana of every civilization, put into the mana zone for the length of a summon only: the contract takes
	// costs as paid, and the engine asks for the mana cards that pay.
	match.AddCard(paymentID, func(c *match.Card) {
		c.Name = "(mana paying a summon)"
		c.Civs = []string{civ.Fire, civ.Water, civ.Nature, civ.Light, civ.Darkness}
		c.ManaRequirement = []string{}
	})
}

// watch is the handler of a triggered ability, on the engine's CardMoved events. A move into or out of the engine's
// hidden zone (evolution sources) is no move between the contract's zones. An ability of a card in the battle zone
// sees every move; a card leaving the battle zone sees its own leaving (looking back).
func watch(t *trigger) match.HandlerFunc {
	return func(card *match.Card, ctx *match.Context) {
		e, ok := ctx.Event.(*match.CardMoved)
		if !ok || e.From == match.HIDDENZONE || e.To == match.HIDDENZONE || e.From == e.To {
			return
		}
		if (t.from != "" && e.From != t.from) || (t.to != "" && e.To != t.to) {
			return
		}
		self := e.CardID == card.ID
		if card.Zone != match.BATTLEZONE && !(self && e.From == match.BATTLEZONE) {
			return
		}
		moved := findCard(ctx.Match, e.CardID, e.To)
		if moved == nil {
			return
		}
		switch t.whose {
		case "other":
			if self {
				return
			}
		case "own", "own_card":
			if moved.Player != card.Player {
				return
			}
		}
		if t.whose != "own_card" && !moved.HasCondition(cnd.Creature) {
			return
		}
		if t.civ != "" && !moved.HasCiv(t.civ) {
			return
		}
		ctx.ScheduleAfter(func() { triggered(card, moved, t) })
	}
}

func findCard(m *match.Match, id, zone string) *match.Card {
	for _, p := range []*match.Player{m.Player1.Player, m.Player2.Player} {
		if c, err := p.GetCard(id, zone); err == nil {
			return c
		}
	}
	return nil
}
