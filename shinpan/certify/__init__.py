"""Certification in one command (適合の証明): ``shinpan certify --adapter A``.

A certificate is three steps, each run as a command of its own in a child process, and what they found:

* **suite** — the conformance suite in every state of the rules the engine plays (``shinpan matrix``);
* **explore** — the default exploration (``shinpan explore``): generated boards judged against the reference engine
  and the rule properties, the bugs no scenario was written for;
* **self-test** — the adapter's contract self-test, ``shinpan contract-test`` (:func:`self_test`).

It prints one certificate that says what each step covers and what it found, and its JSON form (valid against
``adapters/schema/certificate.json``). The exit status is 1 when a step failed: a scenario failing in some state, or
a counterexample that the expectations file does not already show.
"""

from shinpan.certify.certificate import Certificate, Step, StepVerdict, Verdict, as_json, text
from shinpan.certify.steps import NOT_AVAILABLE, Options, certify, self_test

__all__ = ["NOT_AVAILABLE", "Certificate", "Options", "Step", "StepVerdict", "Verdict", "as_json", "certify",
           "self_test", "text"]
