# language: ja
# written by shinpan explore --out: the next exploration rewrites or removes this file
@topic:explore
機能: 探索で見つかったもの (DMSIM 686c63e)

  # 要確認: 自動生成(シード 1)。出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: status after destroy
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # the reference engine answered rejected, the engine script_mismatch: ScriptMismatchError: act destroy: the rules ask opp for the choice 'replacement', but the script has me making it
  @id:gen-27e1f3cdca6b @generated:1 @source:dm-rule-1.48 @since:enter-one-at-a-time
  シナリオ: 探索: 破壊の後の行動が認められるかが参照エンジンと異なる (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用相手破壊置換》がいる
    かつ 自分の手札に《テスト用相手破壊置換》(A)がある
    かつ 相手の手札に《テスト用相手破壊置換》(B)と《テスト用相手破壊置換》(C)がある
    もし 自分は《テスト用相手破壊置換》(A)と《テスト用相手破壊置換》(B)の順に1枚ずつバトルゾーンに出すことにする
    かつ 効果で《テスト用相手破壊置換》(A)と《テスト用相手破壊置換》(B)が同時にバトルゾーンに出る
    かつ 自分は置換効果を適用しないと選ぶ
    かつ 「効果で《テスト用相手破壊置換》(B)が破壊される」ことを試みる
    ならば その行動は拒否される

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: one-place: breaks the rule after destroy
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 《A》 is in 0 places (none), expected 1
  @id:gen-62d0e1bce1c4 @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索 one-place: 破壊の後に規則が守られていない (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに上から《テスト用進化クリーチャー》、《テスト用クリーチャーA》、《テスト用クリーチャーA》(A)の順に重なったクリーチャーがいる
    もし 効果で《テスト用進化クリーチャー》が破壊される
    ならば 《テスト用クリーチャーA》(A)はちょうど1か所にある

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: one-place: breaks the rule after move
  # 規則の状態: rules as of 2026-11-27 (in doubt: devolve-sickness-own-turn)
  # 《A》 is in 0 places (none), expected 1
  @id:gen-932bbd81798d @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索 one-place: ゾーンの移動の後に規則が守られていない (2026-11-27)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに上から《テスト用進化クリーチャー》、《テスト用クリーチャーA》、《テスト用クリーチャーA》(A)の順に重なったクリーチャーがいる
    もし 効果で《テスト用進化クリーチャー》が持ち主の墓地に置かれる
    ならば 《テスト用クリーチャーA》(A)はちょうど1か所にある

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
