"""The rules a game is played under, as values (ルールの改訂): the engine's view of the kit's rules state.

The kit names the rules in force at one point a *rules state* (:class:`shinpan.suite.rulesets.RulesState`: every change
of ``features/rulesets.yaml`` with its standing there). The engine sees only what the kit sends it in ``new_game``: the
state's label and the one definite set of changes in force. This module's :class:`RulesState` is that view.

Code that differs between changes asks a named question here — never compares dates or ids inline. A change
the engine does not know is ignored; a question about a change outside :data:`MODELLED` is a programming error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

MODELLED: tuple[str, ...] = ("devolve-sickness", "2018-09-05", "2019-12-12", "2020-09-18", "pig-reversal",
                             "2021-03-16", "mugetsu-ruling", "2023-04-10", "enter-one-at-a-time")
"""The changes whose both sides the engine plays: the ones its named questions ask about.

Changes that scenarios name but that are not here, and why: on their earlier side the material gives no rule the engine
could play, so no scenario asserts it and the engine plays the later side throughout —
``2019-09-27`` (old 801.4d: before it the rulebook text on a rebuilt creature is not in the material; the only earlier
ruling, timeline #2's, is ``devolve-sickness``); ``2021-12-16`` (the relay of the change is cut off: what held before
is unknown, and the scenarios of the earlier side are UNRESOLVED); ``2025-12-17`` (Ver.1.48, the first text of 609.8a
and 609.9b; before it those rules are unknown, and the scenarios ending there hold under either side);
``2018-08-09`` (the first rulebook in the material; a ruling before it that differs is ``2018-09-05``'s);
``devolve-sickness-own-turn`` (a conflict of the sources: the engine follows seed 000, the scenarios naming it are
UNRESOLVED on every calendar day); ``2020-06-26``, ``2020-11-19`` and ``2025-10-01`` (scenarios start or stop
asserting there because their sources do, but none asserts different answers on the two sides).
"""


@dataclass(frozen=True)
class RulesState:
    """The engine's view of the kit's rules state ``label`` (a day, ``after:ID`` or ``before:ID``): the changes in
    force, ``changes``, and the named questions the engine asks about them (below)."""

    label: str
    changes: frozenset[str]

    @classmethod
    def of(cls, label: str, changes: tuple[str, ...] | list[str]) -> RulesState:
        """The rules state named ``label`` with ``changes`` in force."""
        return cls(label, frozenset(changes))

    def in_force(self, change: str) -> bool:
        """Whether ``change`` is in force in this rules state."""
        if change not in MODELLED:
            raise KeyError(f"the engine does not model change {change!r}")
        return change in self.changes

    # ------------------------------------------------------------ named questions
    RECONSTRUCTION_REVISION: ClassVar[str] = "2021-03-16"
    """The revision that rewrote 801.4 and added 403.4 / 403.4a (seed 003, timeline #20)."""

    @property
    def reconstruction_keeps_one_pile(self) -> bool:
        """801.4 (2021-03-16): when only the top card of an evolution creature leaves, the cards below stay
        as one pile (non-creatures are removed from the top until a creature is on top).

        Before, up to N separate creatures stayed, N being the number of sources the evolution needed,
        by the player's choice (old 801.4a-801.4e).
        """
        return self.in_force(self.RECONSTRUCTION_REVISION)

    @property
    def cards_under_have_fixed_order(self) -> bool:
        """403.4 / 403.4a (2021-03-16): cards under a card have an order that cannot be changed; new cards
        go to the bottom, and several put under at once are ordered by the player.

        Before, only 403.3 applied: the order had no effect and could be rearranged freely.
        """
        return self.in_force(self.RECONSTRUCTION_REVISION)

    @property
    def leave_triggers_see_other_cards(self) -> bool:
        """Whether a leave ability of a card leaving at the same time looks back at the other cards that left.

        Yes in the DM-04-era answers and Ver.1.9 (603.5c example: three triggers); from the 2018-09-05 answer
        on, only the card that has the ability can be looked back at (Ver.1.18 603.5c, Ver.1.48 603.5d).
        """
        return not self.in_force("2018-09-05")

    @property
    def own_pig_triggers_when_itself_destroyed(self) -> bool:
        """Whether a class leave ability ('when one of your creatures is destroyed') sees its own card leave.

        Yes at first; no from the 2018-09-05 answer (the ability works only in the battle zone); yes again
        from the reversal (Ver.1.48 603.5d). An ability the rulings exempted stays on regardless (see
        :attr:`shinpan.reference_engine.core.abilities.Subject.counts_itself_always`).
        """
        return not self.in_force("2018-09-05") or self.in_force("pig-reversal")

    @property
    def ignored_abilities_trigger_on_leaving(self) -> bool:
        """Whether a leave or destroyed ability ignored in the battle zone still triggers when its card leaves.

        Yes before 2020-09-18 (ignoring counted as lifted in the destination zone); no from 2020-09-18 (the
        check looks at the state just before leaving, in which the ability was ignored).
        """
        return not self.in_force("2020-09-18")

    ICON_REVISION: ClassVar[str] = "2019-12-12"
    """総合ゲームルール Ver.1.17 (timeline #13, seed 000)."""

    @property
    def icon_abilities_wait_with_contents(self) -> bool:
        """603.3a (2019-12-12): a triggered ability that uses icon abilities waits with the icons' contents, read
        when it triggers, so it works even if the creature with the icons evolves or leaves before it resolves.

        Before, the icons were read on resolution, from the creature as it was then; an icon is like a static
        ability and is not carried over, so after an evolution in between the ability found none (seed 000).
        """
        return self.in_force(self.ICON_REVISION)

    MUGETSU_REVISION: ClassVar[str] = "mugetsu-ruling"
    """The undated ruling on 無月の門 carry-over (seed 000)."""

    @property
    def mugetsu_carries_sources(self) -> bool:
        """無月の門 (seed 000): when a 魔導具 creature in the battle zone is stacked into a 無月の門 creature, its
        evolution sources carry over and go under the new creature.

        Before, nothing carried over: the cards under the 魔導具 were separated and reconstructed.
        """
        return self.in_force(self.MUGETSU_REVISION)

    ONE_AT_A_TIME: ClassVar[str] = "enter-one-at-a-time"
    """409.1f, known only from Ver.1.48 (its first day is not in the material)."""

    @property
    def cards_put_together_enter_one_at_a_time(self) -> bool:
        """409.1f: cards one effect puts into the battle zone together are all held, then enter one at a time, in
        the order their player chooses; the enter abilities are checked after each (603.5a).

        Before, they entered in one event, in which every enter ability saw all of them (603.5a alone).
        """
        return self.in_force(self.ONE_AT_A_TIME)

    @property
    def devolved_cards_can_be_sick(self) -> bool:
        """Whether what stays after devolving can be summoning-sick (the January 2014 change, timeline #2).

        Before it, the cards left in the battle zone by devolving were never sick; from it, each card's own entry
        turn decides (301.5; seed 000; old 801.4d from 2019-09-27, 801.4c from 2021-03-16).
        """
        return self.in_force("devolve-sickness")

    @property
    def replacements_assigned_per_player(self) -> bool:
        """609.9 / 609.9a (2023-04-10): when several events happen at once and replacement effects could modify
        more than one of them, each player in turn, the turn player first, decides which of their replacements
        apply to which event, and then all apply together.

        Before, the rulebook had no such rule and the sources do not say how it was done.
        """
        return self.in_force("2023-04-10")
