# language: ja
# written by shinpan explore --out: the next exploration rewrites or removes this file
@topic:explore
機能: 探索で見つかったもの (shobu (sindreslungaard/duel-masters) 7221ba4)

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after destroy
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: place of C: expected opp:deck, got opp:hand
  # 違い: place of テスト用呪文: expected me:deck, got me:hand
  # 違い: deck of me: expected [テスト用呪文], got []
  # 違い: deck of opp: expected [C], got []
  # 違い: events.moved of C: expected nothing, got [{"cause": "draw", "from": "deck", "player": "opp", "to": "hand"}]
  @id:gen-ce97e27d92c5 @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: 破壊の後のカードの場所が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用破壊時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用破壊時ドロー》(B)がいる
    かつ 自分の手札に《テスト用呪文》(A)がある
    かつ 自分の山札に《テスト用呪文》がある
    かつ 相手の手札に《テスト用呪文》(D)がある
    かつ 相手の山札に《テスト用呪文》(C)がある
    もし 効果で《テスト用破壊時ドロー》が破壊される
    ならば 相手の山札に《テスト用呪文》(C)がある
    かつ 自分の山札に《テスト用呪文》がある

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after move
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: place of テスト用離脱追跡: expected me:graveyard, got me:mana
  # 違い: tapped_mana of テスト用離脱追跡: expected nothing, got False
  # 違い: events.moved of テスト用離脱追跡: expected [{"cause": "put", "from": "battle", "player": "me", "to": "graveyard"}], got [{"cause": "put", "from": "battle", "player": "me", "to": "graveyard"}, {"cause": "put", "from": "graveyard", "player": "me", "to": "mana"}]
  # 違い: events.order: expected [{"card": "テスト用離脱追跡", "cause": "put", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"ability": 0, "card": "B", "type": "triggered"}, {"ability": 0, "card": "C", "type": "triggered"}], got [{"card": "テスト用離脱追跡", "cause": "put", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"ability": 0, "card": "B", "type": "triggered"}, {"card": "テスト用離脱追跡", "cause": "put", "from": "graveyard", "player": "me", "to": "mana", "type": "moved"}, {"ability": 0, "card": "C", "type": "triggered"}]
  @id:gen-b8a6360fc82d @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: ゾーンの移動の後のカードの場所が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにこのターンに出た《テスト用離脱追跡》がいる
    かつ 相手のバトルゾーンにこのターンに出た《テスト用離脱追跡》(C)がいる
    かつ 自分の手札に《テスト用離脱追跡》(B)がある
    かつ 自分の山札に《テスト用離脱追跡》(A)がある
    かつ 相手の手札に《テスト用離脱追跡》(E)がある
    かつ 相手の山札に《テスト用離脱追跡》(D)がある
    もし 効果で《テスト用離脱追跡》(B)がバトルゾーンに出る
    かつ 効果で《テスト用離脱追跡》が持ち主の墓地に置かれる
    ならば 自分の墓地に《テスト用離脱追跡》がある

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after summon
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: place of B: expected opp:deck, got opp:hand
  # 違い: place of テスト用呪文: expected me:deck, got me:hand
  # 違い: deck of me: expected [テスト用呪文], got []
  # 違い: deck of opp: expected [B], got []
  # 違い: events.moved of B: expected nothing, got [{"cause": "draw", "from": "deck", "player": "opp", "to": "hand"}]
  @id:gen-b88813564dcd @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: 召喚の後のカードの場所が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用出た時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用出た時ドロー》(A)がいる
    かつ 自分の手札に《テスト用クリーチャーA》がある
    かつ 自分の山札に《テスト用呪文》がある
    かつ 相手の手札に《テスト用呪文》(C)がある
    かつ 相手の山札に《テスト用呪文》(B)がある
    もし 自分が《テスト用クリーチャーA》を召喚する
    ならば 相手の山札に《テスト用呪文》(B)がある
    かつ 自分の山札に《テスト用呪文》がある

  # 要確認: 自動生成(シード 1)。規則 400.5・規則 301.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: new-object: breaks the rule after put_into_battle
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # effects is [{'amount': 2000, 'kind': 'power'}], expected []
  @id:gen-2d70fb7bcec4 @generated:1 @rule:400.5 @rule:301.5 @source:dm-rule-1.48
  シナリオ: 探索 new-object: バトルゾーンに出すの後に規則が守られていない (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用クリーチャーA》がいる
    かつ 《テスト用クリーチャーA》は解決済みの効果でこのターンの終わりまでパワー+2000されている
    もし 効果で《テスト用クリーチャーA》が持ち主の手札に置かれる
    かつ 効果で《テスト用クリーチャーA》がバトルゾーンに出る
    ならば 《テスト用クリーチャーA》は解決済みの効果を受けていない

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
