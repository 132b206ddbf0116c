# language: ja
# written by shinpan explore --out: the next exploration rewrites or removes this file
@topic:explore
機能: 探索で見つかったもの (DMSIM 686c63e)

  # 要確認: 自動生成(シード 1)。規則 603.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: events.triggered after cast
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # 違い: events.triggered of B: expected [{"ability": 1}], got nothing
  # 違い: waiting of B: expected [{"ability": 1, "card": "B"}], got nothing
  # 違い: waiting.order: expected [opp], got []
  # 違い: events.order: expected [{"card": "B", "cause": "destroy", "from": "battle", "player": "opp", "to": "graveyard", "type": "moved"}, {"ability": 1, "card": "B", "type": "triggered"}, {"card": "A", "cause": "cast", "from": "hand", "player": "me", "to": "graveyard", "type": "moved"}], got [{"card": "B", "cause": "destroy", "from": "battle", "player": "opp", "to": "graveyard", "type": "moved"}, {"card": "A", "cause": "cast", "from": "hand", "player": "me", "to": "graveyard", "type": "moved"}]
  @id:gen-666e42265ac1 @generated:1 @rule:603.5 @source:dm-rule-1.48 @since:pig-reversal
  シナリオ: 探索: 呪文の後の誘発が参照エンジンと異なる (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにこのターンに出た《不和の菜将 ジターナイト》がいる
    かつ 相手のバトルゾーンにこのターンに出た《不和の菜将 ジターナイト》(B)がいる
    かつ 自分の手札に《テスト用破壊呪文》(A)がある
    かつ 自分の山札に《テスト用破壊呪文》がある
    かつ 相手の手札に《テスト用破壊呪文》(D)がある
    かつ 相手の山札に《テスト用破壊呪文》(C)がある
    もし 自分が《テスト用破壊呪文》(A)を唱える
    ならば 《不和の菜将 ジターナイト》(B)の能力が1回誘発した

  # 要確認: 自動生成(シード 1)。規則 603.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: events.triggered after destroy
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # 違い: events.triggered of C: expected [{"ability": 0}], got [{"ability": 0}, {"ability": 0}]
  # 違い: events.triggered of テスト用破壊時ドロー: expected [{"ability": 0}], got [{"ability": 0}, {"ability": 0}]
  # 違い: waiting of C: expected [{"ability": 0, "card": "C"}], got [{"ability": 0, "card": "C"}, {"ability": 0, "card": "C"}]
  # 違い: waiting of テスト用破壊時ドロー: expected [{"ability": 0, "card": "テスト用破壊時ドロー"}], got [{"ability": 0, "card": "テスト用破壊時ドロー"}, {"ability": 0, "card": "テスト用破壊時ドロー"}]
  # 違い: events.order: expected [{"card": "テスト用破壊時ドロー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "C", "cause": "destroy", "from": "battle", "player": "opp", "to": "graveyard", "type": "moved"}, {"ability": 0, "card": "C", "type": "triggered"}, {"ability": 0, "card": "テスト用破壊時ドロー", "type": "triggered"}], got [{"card": "テスト用破壊時ドロー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "C", "cause": "destroy", "from": "battle", "player": "opp", "to": "graveyard", "type": "moved"}, {"ability": 0, "card": "C", "type": "triggered"}, {"ability": 0, "card": "C", "type": "triggered"}, {"ability": 0, "card": "テスト用破壊時ドロー", "type": "triggered"}, {"ability": 0, "card": "テスト用破壊時ドロー", "type": "triggered"}]
  # 破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること
  @id:gen-ab278261e128 @generated:1 @rule:603.5 @source:dm-rule-1.48 @since:2018-09-05 @since:pig-reversal
  シナリオ: 探索: 破壊の後の誘発が参照エンジンと異なる (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用破壊時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用破壊時ドロー》(C)がいる
    かつ 自分の手札に《テスト用破壊時ドロー》(B)がある
    かつ 自分の山札に《テスト用破壊時ドロー》(A)がある
    かつ 相手の手札に《テスト用破壊時ドロー》(E)がある
    かつ 相手の山札に《テスト用破壊時ドロー》(D)がある
    かつ 《テスト用破壊時ドロー》は解決済みの効果でこのターンの終わりまでパワー+2000されている
    かつ 《テスト用破壊時ドロー》(C)は解決済みの効果でこのターンの終わりまでパワー+2000されている
    もし 効果で《テスト用破壊時ドロー》と《テスト用破壊時ドロー》(C)が同時に破壊される
    ならば 《テスト用破壊時ドロー》(C)の能力が1回誘発した
    かつ 《テスト用破壊時ドロー》の能力が1回誘発した

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after destroy
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # 違い: place of A: expected me:graveyard, got nothing
  # 違い: events.moved of A: expected [{"cause": "destroy", "from": "battle", "player": "me", "to": "graveyard"}], got nothing
  # 違い: events.order: expected [{"card": "A", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "テスト用破壊時ドロー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "テスト用進化クリーチャー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"ability": 0, "card": "D", "type": "triggered"}], got [{"card": "テスト用破壊時ドロー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"card": "テスト用進化クリーチャー", "cause": "destroy", "from": "battle", "player": "me", "to": "graveyard", "type": "moved"}, {"ability": 0, "card": "D", "type": "triggered"}]
  @id:gen-823b96c6908d @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: 破壊の後のカードの場所が参照エンジンと異なる (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに上から《テスト用進化クリーチャー》、《テスト用破壊時ドロー》、《テスト用破壊時ドロー》(A)の順に重なったクリーチャーがいる
    かつ 相手のバトルゾーンに《テスト用破壊時ドロー》(D)がいる
    かつ 自分の手札に《テスト用破壊時ドロー》(C)がある
    かつ 自分の山札に《テスト用破壊時ドロー》(B)がある
    かつ 相手の手札に《テスト用破壊時ドロー》(F)がある
    かつ 相手の山札に《テスト用破壊時ドロー》(E)がある
    かつ 《テスト用進化クリーチャー》は解決済みの効果でこのターンの終わりまでパワー+2000されている
    かつ 《テスト用破壊時ドロー》(D)は解決済みの効果でこのターンの終わりまでパワー+2000されている
    もし 効果で《テスト用進化クリーチャー》が破壊される
    ならば 自分の墓地に《テスト用破壊時ドロー》(A)がある

  # 要確認: 自動生成(シード 1)。規則 603.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: events.triggered after move
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # 違い: events.triggered of 不和の菜将 ジターナイト: expected [{"ability": 1}], got nothing
  # 違い: waiting of 不和の菜将 ジターナイト: expected [{"ability": 1, "card": "不和の菜将 ジターナイト"}], got nothing
  # 違い: waiting.order: expected [me], got []
  # 違い: events.order: expected [{"card": "不和の菜将 ジターナイト", "cause": "put", "from": "battle", "player": "me", "to": "mana", "type": "moved"}, {"ability": 1, "card": "不和の菜将 ジターナイト", "type": "triggered"}], got [{"card": "不和の菜将 ジターナイト", "cause": "put", "from": "battle", "player": "me", "to": "mana", "type": "moved"}]
  @id:gen-017adcb8ab4e @generated:1 @rule:603.5 @source:dm-rule-1.48 @since:pig-reversal
  シナリオ: 探索: ゾーンの移動の後の誘発が参照エンジンと異なる (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにこのターンに出た《不和の菜将 ジターナイト》がいる
    かつ 相手のバトルゾーンにこのターンに出た《不和の菜将 ジターナイト》(C)がいる
    かつ 自分の手札に《不和の菜将 ジターナイト》(B)がある
    かつ 自分の山札に《不和の菜将 ジターナイト》(A)がある
    かつ 相手の手札に《不和の菜将 ジターナイト》(E)がある
    かつ 相手の山札に《不和の菜将 ジターナイト》(D)がある
    もし 効果で《不和の菜将 ジターナイト》が持ち主のマナゾーンに置かれる
    ならば 《不和の菜将 ジターナイト》の能力が1回誘発した

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: place after resolve
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # 違い: place of テスト用離脱追跡: expected me:deck, got me:mana
  # 違い: deck of me: expected [A, テスト用離脱追跡], got [A]
  # 違い: tapped_mana of テスト用離脱追跡: expected nothing, got False
  # 違い: events.moved of テスト用離脱追跡: expected nothing, got [{"cause": "put", "from": "deck", "player": "me", "to": "mana"}]
  # 違い: events.order: expected [], got [{"card": "テスト用離脱追跡", "cause": "put", "from": "deck", "player": "me", "to": "mana", "type": "moved"}]
  @id:gen-9ad5287ac975 @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索: 待機中の能力の解決の後のカードの場所が参照エンジンと異なる (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにこのターンに出た《テスト用離脱追跡》がいる
    かつ 相手のバトルゾーンにこのターンに出た《テスト用離脱追跡》(C)がいる
    かつ 自分の手札に《テスト用離脱追跡》(B)がある
    かつ 自分の山札に《テスト用離脱追跡》(A)がある
    かつ 相手の手札に《テスト用離脱追跡》(E)がある
    かつ 相手の山札に《テスト用離脱追跡》(D)がある
    もし 効果で《テスト用離脱追跡》が持ち主の山札の一番下に置かれる
    かつ 待機中の能力を解決する
    ならば 自分の山札に《テスト用離脱追跡》がある

  # 要確認: 自動生成(シード 1)。規則 603.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: differential: events.triggered after seal
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # 違い: events.triggered of C: expected nothing, got [{"ability": 0}]
  # 違い: waiting of C: expected nothing, got [{"ability": 0, "card": "C"}]
  # 違い: waiting.order: expected [], got [opp]
  # 違い: events.order: expected [{"card": "A", "cause": "put", "from": "deck", "player": "me", "to": "battle", "type": "moved"}], got [{"card": "A", "cause": "put", "from": "deck", "player": "me", "to": "battle", "type": "moved"}, {"ability": 0, "card": "C", "type": "triggered"}]
  @id:gen-558e52d48e47 @generated:1 @rule:603.5 @source:dm-rule-1.48
  シナリオ: 探索: 封印の後の誘発が参照エンジンと異なる (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用出た時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用出た時ドロー》(C)がいる
    かつ 自分の手札に《テスト用出た時ドロー》(B)がある
    かつ 自分の山札に《テスト用出た時ドロー》(A)がある
    かつ 相手の手札に《テスト用出た時ドロー》(E)がある
    かつ 相手の山札に《テスト用出た時ドロー》(D)がある
    もし 効果で《テスト用出た時ドロー》が封印される
    ならば 《テスト用出た時ドロー》(C)の能力は誘発しなかった

  # 要確認: 自動生成(シード 1)。規則 603.5c・出典 seed001・出典 seed002に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: look-back: breaks the rule after destroy
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # 2 of the events match {'type': 'triggered', 'card': 'テスト用破壊時ドロー'}, expected == 1; the events: [{'type': 'moved', 'card': 'テスト用破壊時ドロー', 'from': 'battle', 'to': 'graveyard', 'player': 'me', 'cause': 'destroy'}, {'type': 'moved', 'card': 'C', 'from': 'battle', 'to': 'graveyard', 'player': 'opp', 'cause': 'destroy'}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'C', 'ability': 0}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'C', 'ability': 0}]; 2 of the events match {'type': 'triggered', 'card': 'C'}, expected == 1; the events: [{'type': 'moved', 'card': 'テスト用破壊時ドロー', 'from': 'battle', 'to': 'graveyard', 'player': 'me', 'cause': 'destroy'}, {'type': 'moved', 'card': 'C', 'from': 'battle', 'to': 'graveyard', 'player': 'opp', 'cause': 'destroy'}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'C', 'ability': 0}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'C', 'ability': 0}]
  # 破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること
  @id:gen-9293f1c27f5b @generated:1 @rule:603.5c @source:seed001 @source:seed002 @since:2018-09-05 @since:2020-09-18 @since:pig-reversal
  シナリオ: 探索 look-back: 破壊の後に規則が守られていない (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用破壊時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用破壊時ドロー》(C)がいる
    かつ 自分の手札に《テスト用破壊時ドロー》(B)がある
    かつ 自分の山札に《テスト用破壊時ドロー》(A)がある
    かつ 相手の手札に《テスト用破壊時ドロー》(E)がある
    かつ 相手の山札に《テスト用破壊時ドロー》(D)がある
    もし 効果で《テスト用破壊時ドロー》と《テスト用破壊時ドロー》(C)が同時に破壊される
    ならば 《テスト用破壊時ドロー》の能力が1回誘発した
    かつ 《テスト用破壊時ドロー》(C)の能力が1回誘発した

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: one-place: breaks the rule after destroy
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # 《B》 is in 0 places (none), expected 1
  @id:gen-2d9c3f71b961 @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索 one-place: 破壊の後に規則が守られていない (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに上から《テスト用進化クリーチャー》、《テスト用進化クリーチャー》(A)、《テスト用進化クリーチャー》(B)の順に重なったクリーチャーがいる
    かつ 相手のバトルゾーンに《テスト用クリーチャーA》がいる
    かつ 自分の手札に《テスト用進化クリーチャー》(D)がある
    かつ 自分の山札に《テスト用進化クリーチャー》(C)がある
    かつ 相手の手札に《テスト用進化クリーチャー》(F)がある
    かつ 相手の山札に《テスト用進化クリーチャー》(E)がある
    かつ 《テスト用進化クリーチャー》は解決済みの効果でこのターンの終わりまでパワー+2000されている
    かつ 《テスト用クリーチャーA》は解決済みの効果でこのターンの終わりまでパワー+2000されている
    もし 効果で《テスト用進化クリーチャー》が破壊される
    ならば 《テスト用進化クリーチャー》(B)はちょうど1か所にある

  # 要確認: 自動生成(シード 1)。規則 400.5・出典 dm-rule-1.48に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: one-place: error after unseal
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # AdapterError: adapter 'py:dmsim_adapter:make_adapter' raised AttributeError: 'GenericSpellCard' object has no attribute 'reset_battle_state' in act
  # --- adapter traceback
  # File "seal_manager.py", line 206, in remove_one_seal
  # return self.move_seal_to_graveyard(
  # ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  # File "seal_manager.py", line 240, in move_seal_to_graveyard
  # moved = self.context.card_mover.move(
  # ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  # File "card_mover.py", line 190, in move
  # return self._move_core(
  # ^^^^^^^^^^^^^^^^
  # File "card_mover.py", line 600, in _move_core
  # card.reset_battle_state()
  # ^^^^^^^^^^^^^^^^^^^^^^^
  # AttributeError: 'GenericSpellCard' object has no attribute 'reset_battle_state'
  @id:gen-dc07ee94fd82 @generated:1 @rule:400.5 @source:dm-rule-1.48
  シナリオ: 探索 one-place: 封印を外すでエラー (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用出た時ドロー》がいる
    かつ 自分のバトルゾーンに《テスト用出た時ドロー》(A)がいる
    かつ 相手のバトルゾーンに《テスト用出た時ドロー》(C)がいる
    かつ 自分の手札に《テスト用呪文》(B)がある
    かつ 自分の山札に《テスト用呪文》がある
    かつ 相手の手札に《テスト用出た時ドロー》(E)がある
    かつ 相手の山札に《テスト用呪文》(D)がある
    かつ 《テスト用出た時ドロー》は解決済みの効果でこのターンの終わりまでパワー+2000されている
    かつ 《テスト用出た時ドロー》(A)は解決済みの効果でこのターンの終わりまでパワー+2000されている
    かつ 《テスト用出た時ドロー》(C)は解決済みの効果でこのターンの終わりまでパワー+2000されている
    もし 効果で《テスト用出た時ドロー》が封印される
    かつ 効果で《テスト用出た時ドロー》の封印が外れる

  # 要確認: 自動生成(シード 1)。規則 603.5c・出典 seed001・出典 seed002に照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: look-back: breaks the rule after destroy
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # 2 of the events match {'type': 'triggered', 'card': 'テスト用破壊時ドロー'}, expected == 1; the events: [{'type': 'moved', 'card': 'テスト用破壊時ドロー', 'from': 'battle', 'to': 'graveyard', 'player': 'me', 'cause': 'destroy'}, {'type': 'moved', 'card': 'A', 'from': 'battle', 'to': 'graveyard', 'player': 'opp', 'cause': 'destroy'}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}]; 2 of the events match {'type': 'triggered', 'card': 'A'}, expected == 1; the events: [{'type': 'moved', 'card': 'テスト用破壊時ドロー', 'from': 'battle', 'to': 'graveyard', 'player': 'me', 'cause': 'destroy'}, {'type': 'moved', 'card': 'A', 'from': 'battle', 'to': 'graveyard', 'player': 'opp', 'cause': 'destroy'}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}, {'type': 'triggered', 'card': 'テスト用破壊時ドロー', 'ability': 0}, {'type': 'triggered', 'card': 'A', 'ability': 0}]
  # 破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること
  @id:gen-4548e962f8c1 @generated:1 @rule:603.5c @source:seed001 @source:seed002 @since:2018-09-05 @since:2020-09-18 @since:pig-reversal
  シナリオ: 探索 look-back: 破壊の後に規則が守られていない (2026-11-28)(gen-4548e962f8c1)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンに《テスト用破壊時ドロー》がいる
    かつ 相手のバトルゾーンに《テスト用破壊時ドロー》(A)がいる
    もし 効果で《テスト用破壊時ドロー》と《テスト用破壊時ドロー》(A)が同時に破壊される
    ならば 《テスト用破壊時ドロー》の能力が1回誘発した
    かつ 《テスト用破壊時ドロー》(A)の能力が1回誘発した

  # 要確認: 自動生成(シード 1)。規則 801.4・規則 804.3・規則 701.26a・規則 116.2a・出典 seed000-tableに照らして確かめてから、手で書いたシナリオとして加えること。
  # 見つけたもの: carry-over-tap: breaks the rule after summon
  # 規則の状態: rules as of 2026-11-28 (in doubt: devolve-sickness-own-turn)
  # tapped is False, expected True
  @id:gen-26739b1f7e09 @generated:1 @rule:801.4 @rule:804.3 @rule:701.26a @rule:116.2a @source:seed000-table
  シナリオ: 探索 carry-over-tap: 召喚の後に規則が守られていない (2026-11-28)
    前提 2ターン目の自分のターンである
    かつ 自分のバトルゾーンにタップされた《テスト用クリーチャーA》がいる
    かつ 自分の手札に《テスト用進化クリーチャー》がある
    かつ 相手の山札に《テスト用クリーチャーA》(A)がある
    もし 自分が《テスト用進化クリーチャー》を《テスト用クリーチャーA》の上に重ねて召喚する
    ならば バトルゾーンの《テスト用進化クリーチャー》はタップされている
