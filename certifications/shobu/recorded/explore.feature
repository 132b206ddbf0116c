# language: ja
# written by shinpan explore --out: the next exploration rewrites or removes this file
@topic:explore
機能: 探索で見つかったもの (shobu (sindreslungaard/duel-masters) 7221ba4)

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

  # 要確認: 自動生成(シード 1)。規則 603.5c・出典 seed001・出典 seed002に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: look-back: breaks the rule after destroy
  # 規則の状態: rules as of 2006-12-31 (in doubt: enter-one-at-a-time, mugetsu-ruling)
  # 0 of the events match {'type': 'triggered', 'card': 'テスト用他破壊時ドロー'}, expected == 1; the events: [{'card': 'テスト用他破壊時ドロー', 'cause': 'destroy', 'from': 'battle', 'player': 'me', 'to': 'graveyard', 'type': 'moved'}, {'ability': 0, 'card': 'テスト用離脱追跡', 'type': 'triggered'}, {'card': 'テスト用他破壊時ドロー', 'cause': 'put', 'from': 'graveyard', 'player': 'me', 'to': 'mana', 'type': 'moved'}, {'ability': 0, 'card': 'A', 'type': 'triggered'}, {'card': 'テスト用離脱追跡', 'cause': 'destroy', 'from': 'battle', 'player': 'me', 'to': 'graveyard', 'type': 'moved'}, {'ability': 0, 'card': 'A', 'type': 'triggered'}, {'card': 'テスト用離脱追跡', 'cause': 'put', 'from': 'graveyard', 'player': 'me', 'to': 'mana', 'type': 'moved'}]
  # 破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること
  @id:gen-2f33dd7e5036 @generated:1 @rule:603.5c @source:seed001 @source:seed002 @until:2018-09-05 @until:2020-09-18 @until:pig-reversal
  シナリオ: 探索 look-back: 破壊の後に規則が守られていない (2006-12-31)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用他破壊時ドロー》がいる
    かつ 自分のバトルゾーンに《テスト用離脱追跡》がいる
    かつ 自分のバトルゾーンに《テスト用離脱追跡》(A)がいる
    もし 効果で《テスト用他破壊時ドロー》と《テスト用離脱追跡》が同時に破壊される
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
