# language: ja
# written by shinpan explore --out: the next exploration rewrites or removes this file
@topic:explore
機能: 探索で見つかったもの (DMSIM 686c63e)

  # 要確認: 自動生成(シード 1)。出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: power after end_turn
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 違い: power of A: expected 5000, got 7000
  # 違い: effects of A: expected [], got [{"amount": 2000, "kind": "power"}]
  @id:gen-76fe73ed4f4f @generated:1 @source:dm-rule-1.48
  シナリオ: 探索: ターンの終わりの後のパワーが参照エンジンと異なる (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用クリーチャーA》がいる
    かつ 相手のバトルゾーンに《テスト用クリーチャーA》(B)がいる
    かつ 自分の手札に《テスト用進化クリーチャー》(A)がある
    かつ 自分の山札に《テスト用進化クリーチャー》がある
    かつ 相手の手札に《テスト用進化クリーチャー》(D)がある
    かつ 相手の山札に《テスト用進化クリーチャー》(C)がある
    かつ 《テスト用クリーチャーA》は解決済みの効果でこのターンの終わりまでパワー+2000されている
    かつ 《テスト用クリーチャーA》(B)は解決済みの効果でこのターンの終わりまでパワー+2000されている
    もし 自分が《テスト用進化クリーチャー》(A)を《テスト用クリーチャーA》の上に重ねて召喚する
    かつ 相手が効果で《テスト用進化クリーチャー》(D)を手札から捨てる
    かつ ターンが終わる
    ならば 《テスト用進化クリーチャー》(A)のパワーは5000である

  # 要確認: 自動生成(シード 1)。規則 603.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: events.triggered after seal
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 違い: events.triggered of C: expected nothing, got [{"ability": 0}]
  # 違い: waiting of C: expected nothing, got [{"ability": 0, "card": "C"}]
  # 違い: waiting.order: expected [], got [opp]
  # 違い: events.order: expected [{"card": "A", "cause": "put", "from": "deck", "player": "me", "to": "battle", "type": "moved"}], got [{"card": "A", "cause": "put", "from": "deck", "player": "me", "to": "battle", "type": "moved"}, {"ability": 0, "card": "C", "type": "triggered"}]
  @id:gen-a1306192e3c2 @generated:1 @rule:603.5 @source:dm-rule-1.48
  シナリオ: 探索: 封印の後の誘発が参照エンジンと異なる (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにタップされた《テスト用出た時ドロー》がいる
    かつ 相手のバトルゾーンにタップされた《テスト用出た時ドロー》(C)がいる
    かつ 自分の手札に《テスト用出た時ドロー》(B)がある
    かつ 自分の山札に《テスト用出た時ドロー》(A)がある
    かつ 相手の手札に《テスト用出た時ドロー》(E)がある
    かつ 相手の山札に《テスト用出た時ドロー》(D)がある
    もし 効果で《テスト用出た時ドロー》が封印される
    ならば 《テスト用出た時ドロー》(C)の能力は誘発しなかった

  # 要確認: 自動生成(シード 1)。出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: tapped after summon
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 違い: tapped of A: expected True, got False
  # 違い: can_attack of A: expected False, got True
  @id:gen-7d24fdc507e0 @generated:1 @source:dm-rule-1.48
  シナリオ: 探索: 召喚の後のタップの位相が参照エンジンと異なる (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにタップされた《テスト用クリーチャーA》がいる
    かつ 相手のバトルゾーンにタップされた《テスト用クリーチャーA》(B)がいる
    かつ 自分の手札に《テスト用進化クリーチャー》(A)がある
    かつ 自分の山札に《テスト用進化クリーチャー》がある
    かつ 相手の手札に《テスト用進化クリーチャー》(D)がある
    かつ 相手の山札に《テスト用進化クリーチャー》(C)がある
    もし 自分が《テスト用進化クリーチャー》(A)を《テスト用クリーチャーA》の上に重ねて召喚する
    ならば バトルゾーンの《テスト用進化クリーチャー》(A)はタップされている

  # 要確認: 自動生成(シード 1)。規則 603.5c・出典 seed001・出典 seed002に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: look-back: breaks the rule after destroy
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 2 of the events match {'type': 'triggered', 'card': 'テスト用破壊時ドロー'}, expected == 1; the events: [{'type': 'moved', 'card': 'テスト用破壊時ドロー', 'from': 'battle', 'to': 'graveyard', 'player': 'me', 'cause': 'destroy'}, {'type': 'moved', 'card': 'A', 'from': 'battle', 'to': 'graveyard', 'player': 'opp', 'cause': 'destroy'}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}]; 2 of the events match {'type': 'triggered', 'card': 'A'}, expected == 1; the events: [{'type': 'moved', 'card': 'テスト用破壊時ドロー', 'from': 'battle', 'to': 'graveyard', 'player': 'me', 'cause': 'destroy'}, {'type': 'moved', 'card': 'A', 'from': 'battle', 'to': 'graveyard', 'player': 'opp', 'cause': 'destroy'}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}]
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
