"""The kit's テスト用 cards in DMSIM's own card model: a DMSIM JSON card definition per registry card.

Each structured ability of ``features/cards.yaml`` is compiled by :class:`Compile` into DMSIM's ability groups
(``keyword``, ``triggered``, ``replacement``) as its ``docs/JSON_SPEC.md`` writes them; a form DMSIM cannot say
is :class:`~shinpan.adapters.sdk.Unsupported` naming its mechanic, so the scenario is UNSUPPORTED, never played
with a different card.
"""

from __future__ import annotations

from typing import Any

from shinpan.adapters.sdk import AbilityVisitor, CardModel, Unsupported, card_models
from shinpan.adapters.sdk.abilities import (
    Dormant,
    Evolution,
    Keyword,
    Replacement,
    SpellEffect,
    Static,
    Triggered,
)

CIVILIZATIONS = {"火": "fire", "水": "water", "光": "light", "闇": "darkness", "自然": "nature"}
KEYWORDS = {"speed_attacker": "speed_attacker", "blocker": "blocker", "double_breaker": "double_breaker",
            "triple_breaker": "triple_breaker", "shield_force": "shield_force"}
STATICS = {"mana_all_civilizations": "mana_all_civilizations"}
"""The registry's static abilities DMSIM has as a registered ability of its own."""
REPLACED: dict[str, Spec] = {
    "this": {"card": {"ref": "source"}},
    "own_creatures": {"card_filter": {"card_type": "creature", "controller": "self"}},
    "opponent_creatures": {"card_filter": {"card_type": "creature", "controller": "opponent"}},
    "any": {"card_filter": {"card_type": "creature"}}}
"""Whose destruction a replacement watches, in DMSIM's ``attempt`` keys."""
ATTEMPTS: dict[str, Spec] = {
    "destroyed": {"type": "destroy", "attempt": {"event": "destroy_attempt"}},
    "returned_to_hand": {"type": "zone_change", "attempt": {"event": "zone_change_attempt", "from_zone": "battle",
                                                             "to_zone": "hand"}},
    "leaves": {"type": "zone_change", "attempt": {"event": "zone_change_attempt", "from_zone": "battle"}}}
"""The event a replacement watches, as DMSIM's replacement ``type`` and ``attempt``."""
TRIGGER_ZONES = {"battle": "battle", "mana": "mana", "hand": "hand", "graveyard": "graveyard", "deck": "deck",
                 "shields": "shield"}
"""The kit's zones by DMSIM's names in its trigger DSL."""

Spec = dict[str, Any]


class Compile(AbilityVisitor[Spec]):
    """One structured ability as a DMSIM ability spec: ``{"group": ..., "spec": ...}``."""

    def __init__(self, index: int) -> None:
        self.index = index

    def visit_keyword(self, ability: Keyword) -> Spec:
        if ability.name not in KEYWORDS:
            return self.unsupported(ability)
        return {"group": "keyword", "spec": KEYWORDS[ability.name]}

    def visit_static(self, ability: Static) -> Spec:
        if ability.name not in STATICS or ability.race or ability.civilization or ability.amount:
            return self.unsupported(ability)
        return {"group": "keyword", "spec": STATICS[ability.name]}

    def visit_dormant(self, ability: Dormant) -> Spec:
        """An ability the suite never gives an occasion: left out of the DMSIM card."""
        return {"group": "none", "spec": None}

    def visit_evolution(self, ability: Evolution) -> Spec:
        if ability.of != "creature" or ability.from_zone != "battle" or ability.or_more or ability.civilization \
                or (ability.neo and ability.sources != 1):
            return self.unsupported(ability)
        spec = "evolution" if ability.sources == 1 else {"ability_id": "evolution", "source_count": ability.sources}
        return {"group": "keyword", "spec": spec, "special": "neo" if ability.neo else "evolution"}

    def visit_trigger(self, ability: Triggered) -> Spec:
        effect = ability.effect
        if ability.by or ability.condition:
            return self.unsupported(ability)
        trigger = _trigger(ability)
        if effect.kind == "draw":
            effects = [{"effect_id": "draw", "amount": effect.amount or 1, **({"optional": True} if ability.optional
                                                                               else {})}]
        elif effect.kind == "move_that_card" and effect.zone in TRIGGER_ZONES and not ability.optional:
            effects = [{"type": "move", "card": {"ref": "event.card"}, "to_zone": TRIGGER_ZONES[effect.zone]}]
        else:
            return self.unsupported(ability)
        if trigger is None:
            return self.unsupported(ability)
        spec: Spec = {"ability_id": f"shinpan_{self.index}", "label": f"shinpan_{self.index}", "trigger": trigger,
                      "effects": effects}
        if ability.event in ("destroyed", "leaves"):
            spec["active_zones"] = "any" if ability.subject.who == "this" else ["battle"]
            spec["ignore_source_continuity"] = True  # as DMSIM's own destroyed triggers are written
        return {"group": "triggered", "spec": spec}

    def visit_replacement(self, ability: Replacement) -> Spec:
        if ability.event == "cast_to_graveyard" and ability.of == "this" and ability.instead_zone == "mana" \
                and not (ability.optional or ability.during or ability.then):
            return {"group": "effects", "spec": {"id": "charger"}}  # チャージャー: DMSIM's own spell effect
        whose, attempt = REPLACED.get(ability.of), ATTEMPTS.get(ability.event)
        if (attempt is None or whose is None or ability.instead_zone not in ("mana", "hand", "deck")
                or ability.optional or ability.during or ability.then or ability.position not in (None, "bottom")
                or (ability.instead_zone == "deck") != (ability.position == "bottom")):
            return self.unsupported(ability)
        spec: Spec = {"ability_id": f"shinpan_{self.index}", "type": attempt["type"],
                      "attempt": {**attempt["attempt"], **whose},
                      "replace_with": {"cancel_event": True, "actions": [{  # DMSIM's mover puts a card at the bottom
                          "type": "move_event_card", "card": {"ref": "event.card"}, "from_zone": "battle",
                          "to_zone": ability.instead_zone, "reason": "replacement"}]}}
        return {"group": "replacement", "spec": spec}

    def visit_spell(self, ability: SpellEffect) -> Spec:
        effect = ability.effect
        if effect.kind != "destroy" or effect.whose != "opponent" or effect.power or ability.then:
            return self.unsupported(ability)
        return {"group": "effects", "spec": {"id": "destroy_creature", "target": "opponent_creatures",
                                                     "optional": False}}


def _trigger(ability: Triggered) -> Spec | None:
    """DMSIM's trigger DSL for the kit's trigger (None: not expressible here)."""
    subject = ability.subject
    if subject.race or subject.name_contains or subject.card_type or subject.counts_itself \
            or (subject.kind != "creature" and ability.event not in ("put_into", "moved")):
        return None
    zones = {"from_zone": ability.from_zone, "to_zone": ability.to_zone}
    if any(zone is not None and zone not in TRIGGER_ZONES for zone in zones.values()):
        return None
    leaf: Spec = {"enters": {"type": "enter_battle"}, "destroyed": {"type": "destroy"},
                  "leaves": {"type": "zone_change", "from_zone": "battle"},
                  "moved": {"type": "zone_change", **{k: TRIGGER_ZONES[v] for k, v in zones.items() if v}},
                  "put_into": {"type": "zone_change", **{k: TRIGGER_ZONES[v] for k, v in zones.items() if v}},
                  }.get(ability.event, {})
    if not leaf:
        return None
    if subject.civilization is not None:
        if subject.civilization not in CIVILIZATIONS:
            return None
        leaf["filter"] = {"civilizations": {"contains": CIVILIZATIONS[subject.civilization]}}
    if subject.who == "other":  # any creature but its own card
        return {"type": "and", "triggers": [{**leaf, "subject": "any"},
                                            {"type": "not", "trigger": {**leaf, "subject": "self"}}]}
    who = {"this": "self", "any": "any", "own": "own", "this_or_other_own": "own"}.get(subject.who)
    return None if who is None else {**leaf, "subject": who}


def definition(model: CardModel) -> Spec:
    """The DMSIM card definition of a registry card (:class:`Unsupported` for one it cannot build)."""
    if model.abilities is None or model.faces or model.type is None:
        raise Unsupported(f"card 《{model.name}》 is not modelled in DMSIM", card=model.name)
    kind = {"クリーチャー": "creature", "進化クリーチャー": "creature", "NEOクリーチャー": "creature",
            "呪文": "spell"}.get(model.type)
    if kind is None or model.cost is None or not all(c in CIVILIZATIONS for c in model.civilizations):
        raise Unsupported(f"card 《{model.name}》 ({model.type}) has no DMSIM card kind", card=model.name)
    groups: dict[str, list[Any]] = {}
    special: list[str] = []
    for index, ability in enumerate(model.abilities):
        compiled = ability.accept(Compile(index))
        if compiled["spec"] is not None:
            groups.setdefault(compiled["group"], []).append(compiled["spec"])
        if "special" in compiled:
            special.append(compiled["special"])
    spec: Spec = {"kind": kind, "name_ja": model.name, "cost": model.cost,
                  "civilizations": [CIVILIZATIONS[c] for c in model.civilizations], "abilities": groups}
    if kind == "creature":
        if model.power is None:
            raise Unsupported(f"card 《{model.name}》 has no known power", card=model.name)
        spec |= {"power": model.power, "race_ja": "/".join(model.races) or "テスト", "special_types": special}
    else:
        spec["effects"] = groups.pop("effects", [])
    return spec


def implemented() -> dict[str, Spec]:
    """Every registry card DMSIM can be given, by name, with its definition."""
    built: dict[str, Spec] = {}
    for name, model in card_models().items():
        try:
            built[name] = definition(model)
        except Unsupported:
            continue
    return built
