# language: ja
# written by shinpan explore --out: the next exploration rewrites or removes this file
@topic:explore
機能: 探索で見つかったもの (shobu (sindreslungaard/duel-masters) 7221ba4)

  # 要確認: 自動生成(シード 1)。規則 603.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: events.triggered after destroy
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: events.triggered of テスト用他破壊時ドロー: expected [{"ability": 0}, {"ability": 0}], got nothing
  # 違い: events.order: expected [{"card": "テスト用他破壊時ドロー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "ピアス1", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "ピアス2", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"ability": 0, "card": "テスト用他破壊時ドロー", "type": "triggered"}, {"ability": 0, "card": "テスト用他破壊時ドロー", "type": "triggered"}], got [{"card": "テスト用他破壊時ドロー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "ピアス1", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "ピアス2", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}]
  # 破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること
  @id:gen-c2b1fcbbbc73 @generated:1 @rule:603.5 @source:dm-rule-1.48 @until:2018-09-05
  シナリオ: 探索: 破壊の後の誘発が参照エンジンと異なる (2006-12-31)
    前提 相手のターンである
    かつ 自分のバトルゾーンに《テスト用他破壊時ドロー》がいる
    かつ 自分のバトルゾーンに《テスト用クリーチャーA》(ピアス1)がいる
    かつ 自分のバトルゾーンに《テスト用クリーチャーA》(ピアス2)がいる
    かつ 自分の山札に《テスト用クリーチャーB》(1)と《テスト用クリーチャーB》(2)と《テスト用クリーチャーB》(3)がある
    もし 効果で《テスト用他破壊時ドロー》と《テスト用クリーチャーA》(ピアス1)と《テスト用クリーチャーA》(ピアス2)が同時に破壊される
    ならば 《テスト用他破壊時ドロー》の能力が2回誘発した

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after destroy
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: place of A: expected me:deck, got me:hand
  # 違い: place of D: expected opp:deck, got opp:hand
  # 違い: deck of me: expected [A], got []
  # 違い: deck of opp: expected [D], got []
  # 違い: events.moved of A: expected nothing, got [{"cause": "draw", "from": "deck", "player": "me", "to": "hand"}]
  @id:gen-81534379226e @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: 破壊の後のカードの場所が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用破壊時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用破壊時ドロー》(C)がいる
    かつ 自分の手札に《テスト用破壊時ドロー》(B)がある
    かつ 自分の山札に《テスト用破壊時ドロー》(A)がある
    かつ 相手の手札に《テスト用破壊時ドロー》(E)がある
    かつ 相手の山札に《テスト用破壊時ドロー》(D)がある
    もし 効果で《テスト用破壊時ドロー》が破壊される
    ならば 自分の山札に《テスト用破壊時ドロー》(A)がある
    かつ 相手の山札に《テスト用破壊時ドロー》(D)がある

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after move
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: place of テスト用火パンプ: expected me:graveyard, got me:mana
  # 違い: tapped_mana of テスト用火パンプ: expected nothing, got False
  # 違い: events.moved of テスト用火パンプ: expected [{"cause": "put", "from": "battle", "player": "me", "to": "graveyard"}], got [{"cause": "put", "from": "battle", "player": "me", "to": "graveyard"}, {"cause": "put", "from": "graveyard", "player": "me", "to": "mana"}]
  # 違い: events.order: expected [{"card": "テスト用火パンプ", "cause": "put", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"ability": 0, "card": "テスト用離脱追跡", "type": "triggered"}], got [{"card": "テスト用火パンプ", "cause": "put", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"ability": 0, "card": "テスト用離脱追跡", "type": "triggered"}, {"card": "テスト用火パンプ", "cause": "put", "from": "graveyard", "player": "me", "to": "mana", "type": "moved"}]
  @id:gen-15916f338d18 @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: ゾーンの移動の後のカードの場所が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにこのターンに出た《テスト用火パンプ》がいる
    かつ 相手のバトルゾーンにこのターンに出た《テスト用離脱追跡》がいる
    かつ 自分の手札に《テスト用火パンプ》(B)がある
    かつ 自分の山札に《テスト用火パンプ》(A)がある
    かつ 相手の手札に《テスト用火パンプ》(D)がある
    かつ 相手の山札に《テスト用火パンプ》(C)がある
    もし 効果で《テスト用火パンプ》が持ち主の墓地に置かれる
    ならば 自分の墓地に《テスト用火パンプ》がある

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after put_into_battle
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: place of C: expected opp:deck, got opp:hand
  # 違い: deck of opp: expected [C], got []
  # 違い: events.moved of C: expected nothing, got [{"cause": "draw", "from": "deck", "player": "opp", "to": "hand"}]
  # 違い: events.order: expected [{"card": "B", "cause": "put", "from": "hand", "player": "me", "to": "battle", "type": "moved"}, {"ability": 0, "card": "テスト用出た時ドロー", "type": "triggered"}], got [{"card": "B", "cause": "put", "from": "hand", "player": "me", "to": "battle", "type": "moved"}, {"ability": 0, "card": "テスト用出た時ドロー", "type": "triggered"}, {"card": "C", "cause": "draw", "from": "deck", "player": "opp", "to": "hand", "type": "moved"}]
  @id:gen-6cce60c306ae @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: バトルゾーンに出すの後のカードの場所が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の相手のターンである
    かつ 自分のバトルゾーンに《テスト用スピードアタッカー》がいる
    かつ 相手のバトルゾーンに《テスト用出た時ドロー》がいる
    かつ 自分の手札に《テスト用スピードアタッカー》(B)がある
    かつ 自分の山札に《テスト用スピードアタッカー》(A)がある
    かつ 相手の手札に《テスト用スピードアタッカー》(D)がある
    かつ 相手の山札に《テスト用スピードアタッカー》(C)がある
    もし 効果で《テスト用スピードアタッカー》(B)がバトルゾーンに出る
    ならば 相手の山札に《テスト用スピードアタッカー》(C)がある

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after summon
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: place of B: expected opp:deck, got opp:hand
  # 違い: place of テスト用呪文: expected me:deck, got me:hand
  # 違い: deck of me: expected [テスト用呪文], got []
  # 違い: deck of opp: expected [B], got []
  # 違い: events.moved of B: expected nothing, got [{"cause": "draw", "from": "deck", "player": "opp", "to": "hand"}]
  @id:gen-d8838a85e55f @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: 召喚の後のカードの場所が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにこのターンに出た《テスト用出た時ドロー》がいる
    かつ 相手のバトルゾーンにこのターンに出た《テスト用出た時ドロー》(A)がいる
    かつ 自分の手札に《テスト用クリーチャーA》がある
    かつ 自分の山札に《テスト用呪文》がある
    かつ 相手の手札に《テスト用呪文》(C)がある
    かつ 相手の山札に《テスト用呪文》(B)がある
    もし 自分が《テスト用クリーチャーA》を召喚する
    ならば 相手の山札に《テスト用呪文》(B)がある
    かつ 自分の山札に《テスト用呪文》がある

  # 要確認: 自動生成(シード 1)。出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: power after summon
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: power of B: expected 7000, got 5000
  # 違い: effects of B: expected [{"amount": 2000, "kind": "power"}], got []
  @id:gen-4712f033d69a @generated:1 @source:dm-rule-1.48
  シナリオ: 探索: 召喚の後のパワーが参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用クリーチャーA》がいる
    かつ 相手のバトルゾーンに《テスト用クリーチャーA》(C)がいる
    かつ 自分の手札に《テスト用進化クリーチャー》(A)と《テスト用進化クリーチャー》(B)がある
    かつ 自分の山札に《テスト用進化クリーチャー》がある
    かつ 相手の手札に《テスト用進化クリーチャー》(E)がある
    かつ 相手の山札に《テスト用進化クリーチャー》(D)がある
    かつ 《テスト用クリーチャーA》は解決済みの効果でこのターンの終わりまでパワー+2000されている
    もし 自分が《テスト用進化クリーチャー》(B)を《テスト用クリーチャーA》の上に重ねて召喚する
    ならば 《テスト用進化クリーチャー》(B)のパワーは7000である

  # 要確認: 自動生成(シード 1)。規則 603.5c・出典 seed001・出典 seed002に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: look-back: breaks the rule after destroy
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 1 of the events match {'type': 'triggered', 'card': 'C'}, expected == 2; the events: [{'card': 'C', 'cause': 'destroy', 'from': 'battle', 'player': 'opp', 'to': 'graveyard', 'type': 'moved'}, {'ability': 0, 'card': 'C', 'type': 'triggered'}, {'card': 'D', 'cause': 'draw', 'from': 'deck', 'player': 'opp', 'to': 'hand', 'type': 'moved'}, {'card': 'テスト用進化クリーチャー', 'cause': 'destroy', 'from': 'battle', 'player': 'me', 'to': 'graveyard', 'type': 'moved'}, {'card': 'テスト用破壊時ドロー', 'cause': 'destroy', 'from': 'battle', 'player': 'me', 'to': 'graveyard', 'type': 'moved'}]
  # 破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること
  @id:gen-e73eab8e00e1 @generated:1 @rule:603.5c @source:seed001 @source:seed002 @until:2018-09-05 @until:2020-09-18 @until:pig-reversal
  シナリオ: 探索 look-back: 破壊の後に規則が守られていない (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに上から《テスト用進化クリーチャー》、《テスト用破壊時ドロー》の順に重なったクリーチャーがいる
    かつ 相手のバトルゾーンにこのターンに出た《テスト用破壊時ドロー》(C)がいる
    かつ 自分の手札に《テスト用破壊時ドロー》(B)がある
    かつ 自分の山札に《テスト用破壊時ドロー》(A)がある
    かつ 相手の手札に《テスト用破壊時ドロー》(E)がある
    かつ 相手の山札に《テスト用破壊時ドロー》(D)がある
    かつ 《テスト用進化クリーチャー》と《テスト用破壊時ドロー》はこのターンにバトルゾーンに出た
    もし 効果で《テスト用破壊時ドロー》(C)と《テスト用進化クリーチャー》が同時に破壊される
    ならば 《テスト用破壊時ドロー》(C)の能力が2回誘発した

  # 要確認: 自動生成(シード 1)。規則 400.5・規則 301.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: new-object: breaks the rule after put_into_battle
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # effects is [{'amount': 2000, 'kind': 'power'}], expected []
  @id:gen-8e053a475d94 @generated:1 @rule:400.5 @rule:301.5 @source:dm-rule-1.48
  シナリオ: 探索 new-object: バトルゾーンに出すの後に規則が守られていない (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 相手のバトルゾーンに《テスト用クリーチャーA》がいる
    かつ 《テスト用クリーチャーA》は解決済みの効果でこのターンの終わりまでパワー+2000されている
    もし 効果で《テスト用クリーチャーA》が持ち主の手札に置かれる
    かつ 効果で《テスト用クリーチャーA》がバトルゾーンに出る
    ならば 《テスト用クリーチャーA》は解決済みの効果を受けていない

  # 要確認: 自動生成(シード 1)。規則 603.5c・出典 seed001・出典 seed002に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: look-back: breaks the rule after destroy
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 0 of the events match {'type': 'triggered', 'card': 'テスト用他破壊時ドロー'}, expected == 1; the events: [{'card': 'テスト用他破壊時ドロー', 'cause': 'destroy', 'from': 'battle', 'player': 'me', 'to': 'graveyard', 'type': 'moved'}, {'card': 'テスト用クリーチャーA', 'cause': 'destroy', 'from': 'battle', 'player': 'me', 'to': 'graveyard', 'type': 'moved'}]
  # 破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること
  @id:gen-9fe40e400330 @generated:1 @rule:603.5c @source:seed001 @source:seed002 @until:2018-09-05 @until:2020-09-18 @until:pig-reversal
  シナリオ: 探索 look-back: 破壊の後に規則が守られていない (2006-12-31)(gen-9fe40e400330)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用他破壊時ドロー》がいる
    かつ 自分のバトルゾーンに《テスト用クリーチャーA》がいる
    もし 効果で《テスト用他破壊時ドロー》と《テスト用クリーチャーA》が同時に破壊される
    ならば 《テスト用他破壊時ドロー》の能力が1回誘発した

  # 要確認: 自動生成(シード 1)。規則 801.4・規則 804.3・規則 701.26a・規則 116.2a・出典 seed000-tableに照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: carry-over-tap: breaks the rule after summon
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # tapped is False, expected True
  @id:gen-26739b1f7e09 @generated:1 @rule:801.4 @rule:804.3 @rule:701.26a @rule:116.2a @source:seed000-table
  シナリオ: 探索 carry-over-tap: 召喚の後に規則が守られていない (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにタップされた《テスト用クリーチャーA》がいる
    かつ 自分の手札に《テスト用進化クリーチャー》がある
    かつ 相手の山札に《テスト用クリーチャーA》(A)がある
    もし 自分が《テスト用進化クリーチャー》を《テスト用クリーチャーA》の上に重ねて召喚する
    ならば バトルゾーンの《テスト用進化クリーチャー》はタップされている
