package main

import (
	"sort"

	"duel-masters/game/civ"
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
}

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
