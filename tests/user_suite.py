"""A user suite for the kit's tests: a folder of one's own feature files with its own cards, sources and rules,
laid over the kit's (README, "Your own suite")."""

from __future__ import annotations

from pathlib import Path

CARD = "テスト用利用者のスピードアタッカー"
SOURCE = "my-judge-notes"
RULE = "990.1"
"""A rule number the kit's registry does not list (the user suite lists it)."""
SCENARIO = "mine-haste-001"

CARDS = f"""\
cards:
  - name: {CARD}
    kind: test
    type: クリーチャー
    civilizations: [火]
    cost: 2
    power: 4000
    races: [テスト]
    text: [スピードアタッカー]
    abilities:
      - keyword: speed_attacker
    purpose: The user suite's own test card.
"""

SOURCES = f"""\
sources:
  - id: {SOURCE}
    title: 審判の覚え書き
    publisher: a judge
    note: A user suite's own source.
"""

RULES = f"""\
rules:
  - number: "{RULE}"
    title: A rule the user suite cites
    versions:
      - {{from: null, until: null, meaning: "as the user suite reads it"}}
"""

FEATURE = f"""\
# language: ja
@topic:mine
機能: 利用者のスイート

  @id:{SCENARIO} @rule:301.5 @rule:{RULE} @source:{SOURCE}
  シナリオ: 自分のカードは出したターンに攻撃できる
    前提 自分のターンである
    かつ 自分の手札に《{CARD}》がある
    かつ 相手のバトルゾーンに《テスト用クリーチャーA》がいる
    もし 自分が《{CARD}》を召喚する
    ならば 《{CARD}》は召喚酔いしていない
"""


def write(folder: Path) -> Path:
    """Write the user suite into ``folder`` (made if missing): its registries and one feature file."""
    (folder / "mine").mkdir(parents=True, exist_ok=True)
    for name, text in (("cards.yaml", CARDS), ("sources.yaml", SOURCES), ("rules.yaml", RULES),
                       ("mine/速攻.feature", FEATURE)):
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def line_of(path: Path, text: str) -> int:
    """The 1-based line of ``path`` that starts with ``text`` (after its indentation)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if line.strip().startswith(text))
