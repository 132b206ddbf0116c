# language: ja
# written by shinpan explore --out: the next exploration rewrites or removes this file
@topic:explore
機能: 探索で見つかったもの (DMSIM 686c63e)

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after destroy
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 違い: place of A: expected me:graveyard, got nothing
  # 違い: events.moved of A: expected [{"cause": "destroy", "from": "battle", "player": "me", "to": "graveyard"}], got nothing
  # 違い: events.order: expected [{"card": "A", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "テスト用クリーチャーA", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "テスト用進化クリーチャー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}], got [{"card": "テスト用クリーチャーA", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "テスト用進化クリーチャー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}]
  @id:gen-f3ca06fb75fe @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: 破壊の後のカードの場所が参照エンジンと異なる (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに上から《テスト用進化クリーチャー》、《テスト用クリーチャーA》、《テスト用クリーチャーA》(A)の順に重なったクリーチャーがいる
    もし 効果で《テスト用進化クリーチャー》が破壊される
    ならば 自分の墓地に《テスト用クリーチャーA》(A)がある

  # 要確認: 自動生成(シード 1)。出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: lost after draw
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 違い: lost of opp: expected False, got True
  @id:gen-6b2b12ca60d5 @generated:1 @source:dm-rule-1.48
  シナリオ: 探索: ドローの後の敗北が参照エンジンと異なる (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用クリーチャーA》がいる
    かつ 自分の手札に《テスト用クリーチャーA》(A)がある
    かつ 相手の山札に《テスト用クリーチャーA》(B)がある
    もし 相手がカードを1枚引く
    ならば 相手はゲームに負けていない

  # 要確認: 自動生成(シード 1)。規則 603.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: events.triggered after move
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 違い: events.triggered of 不和の菜将 ジターナイト: expected [{"ability": 1}], got nothing
  # 違い: waiting of 不和の菜将 ジターナイト: expected [{"ability": 1, "card": "不和の菜将 ジターナイト"}], got nothing
  # 違い: waiting.order: expected [me], got []
  # 違い: events.order: expected [{"card": "不和の菜将 ジターナイト", "cause": "put", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"ability": 1, "card": "不和の菜将 ジターナイト", "type": "triggered"}], got [{"card": "不和の菜将 ジターナイト", "cause": "put", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}]
  # 破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること
  @id:gen-674b574bd8d1 @generated:1 @rule:603.5 @source:dm-rule-1.48 @since:pig-reversal
  シナリオ: 探索: ゾーンの移動の後の誘発が参照エンジンと異なる (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《不和の菜将 ジターナイト》がいる
    もし 効果で《不和の菜将 ジターナイト》が持ち主の墓地に置かれる
    ならば 《不和の菜将 ジターナイト》の能力が1回誘発した

  # 要確認: 自動生成(シード 1)。出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: lost after move
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 違い: lost of opp: expected False, got True
  @id:gen-9da3275efb92 @generated:1 @source:dm-rule-1.48
  シナリオ: 探索: ゾーンの移動の後の敗北が参照エンジンと異なる (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 相手の山札に《テスト用クリーチャーA》がある
    もし 効果で《テスト用クリーチャーA》が持ち主の墓地に置かれる
    ならば 相手はゲームに負けていない

  # 要確認: 自動生成(シード 1)。出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: lost after seal
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 違い: lost of me: expected False, got True
  @id:gen-b295bf108f2e @generated:1 @source:dm-rule-1.48
  シナリオ: 探索: 封印の後の敗北が参照エンジンと異なる (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用クリーチャーA》がいる
    かつ 自分の手札に《テスト用クリーチャーA》(B)がある
    かつ 自分の山札に《テスト用クリーチャーA》(A)がある
    かつ 相手の山札に《テスト用クリーチャーA》(C)がある
    もし 効果で《テスト用クリーチャーA》が封印される
    ならば 自分はゲームに負けていない

  # 要確認: 自動生成(シード 1)。規則 603.5c・出典 seed001・出典 seed002に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: look-back: breaks the rule after destroy
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 2 of the events match {'type': 'triggered', 'card': 'テスト用破壊時ドロー'}, expected == 1; the events: [{'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}, {'type': 'moved', 'card': 'テスト用破壊時ドロー', 'from': 'battle', 'to': 'graveyard', 'player': 'me', 'cause': 'destroy'}, {'type': 'moved', 'card': 'A', 'from': 'battle', 'to': 'graveyard', 'player': 'opp', 'cause': 'destroy'}]; 2 of the events match {'type': 'triggered', 'card': 'A'}, expected == 1; the events: [{'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}, {'type': 'moved', 'card': 'テスト用破壊時ドロー', 'from': 'battle', 'to': 'graveyard', 'player': 'me', 'cause': 'destroy'}, {'type': 'moved', 'card': 'A', 'from': 'battle', 'to': 'graveyard', 'player': 'opp', 'cause': 'destroy'}]
  # 破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること
  @id:gen-4548e962f8c1 @generated:1 @rule:603.5c @source:seed001 @source:seed002 @since:2018-09-05 @since:2020-09-18 @since:pig-reversal
  シナリオ: 探索 look-back: 破壊の後に規則が守られていない (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用破壊時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用破壊時ドロー》(A)がいる
    もし 効果で《テスト用破壊時ドロー》と《テスト用破壊時ドロー》(A)が同時に破壊される
    ならば 《テスト用破壊時ドロー》の能力が1回誘発した
    かつ 《テスト用破壊時ドロー》(A)の能力が1回誘発した

  # 要確認: 自動生成(シード 1)。規則 801.4・規則 804.3・規則 701.26a・規則 116.2a・出典 seed000-tableに照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: carry-over-tap: breaks the rule after summon
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # tapped is False, expected True
  @id:gen-26739b1f7e09 @generated:1 @rule:801.4 @rule:804.3 @rule:701.26a @rule:116.2a @source:seed000-table
  シナリオ: 探索 carry-over-tap: 召喚の後に規則が守られていない (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにタップされた《テスト用クリーチャーA》がいる
    かつ 自分の手札に《テスト用進化クリーチャー》がある
    かつ 相手の山札に《テスト用クリーチャーA》(A)がある
    もし 自分が《テスト用進化クリーチャー》を《テスト用クリーチャーA》の上に重ねて召喚する
    ならば バトルゾーンの《テスト用進化クリーチャー》はタップされている
