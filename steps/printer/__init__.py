"""The scenario printer (シナリオの印字): contract messages back to the suite's Japanese phrases.

A generator (``shinpan explore``) finds a case — a starting state, moves with their choices, checks — and prints
it as a scenario a person can read, lint, run and add to the suite. Each step family of the step library
renders what its steps compile to, next to their definitions (:mod:`shinpan.steps.printer.phrases`); this
package cuts a case into those messages and lays the phrases out as a scenario. The kit reaches it by name,
through :func:`shinpan.suite.step_library.printer`.

    case = Case("…", Setup(rules, seed, state), (Step("", "", 0, (Move(action, choices), Check(InZone(…)), …)),))
    text = print_scenario(case, Heading("…", seed=42, rules=("603.5",)))
    feature = print_feature([text], topic="explore", title="…")

What does not print (a :class:`RenderError` names the message): a check combining others (``all``, ``any``, ``not``)
except as the phrases that make one (linked gods; a card in one of several zones), a ``count`` over an ``events``
``where`` no phrase counts by, a ``position`` in a zone other than the deck, a label with a space or parentheses, a
card in the setup's cards that no zone holds. Where a phrase names a card its message does not carry (the evolution
creature of ``reconstruction_sources``, the ability declined), the printer writes the phrase that does not name it;
the zone a swapped card comes from is said as the setup has it.

What "the same messages" means — after printing and compiling back (:func:`shinpan.running.cases.compile_case`) — is
:func:`canonical_messages`: the starting state, the moves with their choices and the checks, the schema's defaults
left out.
"""

from shinpan.errors import RenderError
from shinpan.steps.printer.canonical import case as canonical_messages
from shinpan.steps.printer.scenario import (
    Heading,
    generated_id,
    print_feature,
    print_scenario,
    steps,
)
from shinpan.suite.tags import GENERATED_ID_PREFIX

__all__ = ["GENERATED_ID_PREFIX", "Heading", "RenderError", "canonical_messages", "generated_id", "print_feature",
           "print_scenario", "steps"]
