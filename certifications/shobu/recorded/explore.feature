# language: ja
# written by shinpan explore --out: the next exploration rewrites or removes this file
@topic:explore
機能: 探索で見つかったもの (shobu (sindreslungaard/duel-masters) 7221ba4)

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after put_into_battle
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: place of A: expected me:deck, got me:hand
  # 違い: place of C: expected opp:deck, got opp:hand
  # 違い: deck of me: expected [A], got []
  # 違い: deck of opp: expected [C], got []
  # 違い: events.moved of A: expected nothing, got [{"cause": "draw", "from": "deck", "player": "me", "to": "hand"}]
  @id:gen-0098be9699c7 @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: バトルゾーンに出すの後のカードの場所が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用出た時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用出た時ドロー》(B)がいる
    かつ 自分の手札に《テスト用火パンプ》がある
    かつ 自分の山札に《テスト用出た時ドロー》(A)がある
    かつ 相手の手札に《テスト用出た時ドロー》(D)がある
    かつ 相手の山札に《テスト用出た時ドロー》(C)がある
    もし 効果で《テスト用火パンプ》がバトルゾーンに出る
    ならば 自分の山札に《テスト用出た時ドロー》(A)がある
    かつ 相手の山札に《テスト用出た時ドロー》(C)がある

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after summon
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: place of A: expected me:deck, got me:hand
  # 違い: place of C: expected opp:deck, got opp:hand
  # 違い: deck of me: expected [A], got []
  # 違い: deck of opp: expected [C], got []
  # 違い: events.moved of A: expected nothing, got [{"cause": "draw", "from": "deck", "player": "me", "to": "hand"}]
  @id:gen-e9c2ee01b415 @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: 召喚の後のカードの場所が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用出た時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用出た時ドロー》(B)がいる
    かつ 自分の手札に《テスト用火パンプ》がある
    かつ 自分の山札に《テスト用出た時ドロー》(A)がある
    かつ 相手の手札に《テスト用出た時ドロー》(D)がある
    かつ 相手の山札に《テスト用出た時ドロー》(C)がある
    もし 自分が《テスト用火パンプ》を召喚する
    ならば 自分の山札に《テスト用出た時ドロー》(A)がある
    かつ 相手の山札に《テスト用出た時ドロー》(C)がある

  # 要確認: 自動生成(シード 1)。出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: tapped after summon
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 違い: tapped of A: expected True, got False
  # 違い: can_attack of A: expected False, got True
  @id:gen-7d24fdc507e0 @generated:1 @source:dm-rule-1.48
  シナリオ: 探索: 召喚の後のタップの位相が参照エンジンと異なる (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにタップされた《テスト用クリーチャーA》がいる
    かつ 相手のバトルゾーンにタップされた《テスト用クリーチャーA》(B)がいる
    かつ 自分の手札に《テスト用進化クリーチャー》(A)がある
    かつ 自分の山札に《テスト用進化クリーチャー》がある
    かつ 相手の手札に《テスト用進化クリーチャー》(D)がある
    かつ 相手の山札に《テスト用進化クリーチャー》(C)がある
    もし 自分が《テスト用進化クリーチャー》(A)を《テスト用クリーチャーA》の上に重ねて召喚する
    ならば バトルゾーンの《テスト用進化クリーチャー》(A)はタップされている

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
