"""The Simulator contract and its adapters.

``adapters/schema/*.json`` is the contract's single source of truth (shipped as package data);
:mod:`shinpan.adapters.contract` gives the same contract as Python types and validators, and a kit test
proves the two agree. :mod:`shinpan.adapters.reference` is the in-process adapter for the reference engine.
"""
