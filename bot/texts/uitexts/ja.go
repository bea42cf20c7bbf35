package uitexts

import "sync"

// ja is the Japanese word table. Placeholders are fmt verbs; keep them (same
// verbs, same argument numbers; %[2]s picks the second argument when the word
// order differs from English).
var ja = sync.OnceValue(func() map[msg]string {
	return map[msg]string{
		mOpt:              "・",
		mOptFouls:         "反則上限%d回",
		mOptFoulsPublic:   "反則は両者に通知",
		mOptFoulsPrivate:  "反則は本人にのみ通知",
		mOptMoveLimit:     "%d手で引き分け",
		mOptNoMoveLimit:   "手数制限なし",
		mOptMaskAsKing:    "影武者を玉として扱う",
		mOptKingVisible:   "玉位置公開",
		mOptNoTurn:        "持ち時間なし",
		mOptAway:          "%d分離席でCPUが代指し",
		mOptAwaySec:       "%d 秒離席するとCPUが代わりに指す",
		mOptRanked:        "レーティング対局",
		mOptUnranked:      "フリー対局",
		mCardGame:         "**対局 #%s・%s**",
		mCardPlayer:       "%s %s：%s",
		mCardOptions:      "設定：%s",
		mChallenge:        "**申し込み #%d：%sが%sに%sの対局を申し込みました。**",
		mChallengeOpen:    "**申し込み #%d：%sが%sの対局相手を募集しています。**",
		mChallengeColor:   "%sが%sを持ちます。",
		mChallengeRandom:  "先後はランダムに決めます。",
		mChallengeExpires: "締め切り：%s。",
		mChallengeAccept:  "**受ける**を押すと対局が始まります。",
		mChallengeExpired: "%sの挑戦は、受ける人がいないまま締め切られました。",
		mWelcome:          "**対局 #%s・%s** — あなたは%s、相手は%sです。",
		mWelcomeFirst:     "あなたの先手です。指してください。",
		mWelcomeSecond:    "%sが先に指します。あなたの番になったらお知らせします。",
		mWelcomeMasked:    "初手の前に、両者がそれぞれ影武者をひそかに選びます。その後☗から指します。",
		mWelcomeHowTo:     "指し手はここに送ってください。例：`7g7f`、`P-7f`、`７六歩`（複数の対局中は番号を先頭に：`#12 7g7f`）。手番のときは盤面の下の **指す** ボタンも使えます。ここで `help` と送ると簡単な説明、`/shogi help` で表記とコマンド、`/shogi rules` でルールが見られます。",
		mSeeStandard:      "盤も両者の持ち駒もすべての指し手も見えます。",
		mSeeTsuitate:      "見えるのは自分の駒と持ち駒だけです。相手が指すと「指しました」とだけ伝えます。駒取り（マスと駒）と王手は知らせます。自分の盤だけで反則になる手は理由を添えて断ります（ペナルティなし）。本当の盤で反則になる手は「反則」で、指し直しになり、上限に達すると負けです。",
		mSeeMasked:        "盤と両者の持ち駒は公開されていて、秘密は影武者だけです。自分の影武者が狙われたとき（王手）は、あなただけに知らせます。",
		mSeeDark:          "見えるのは自分の駒と、その駒が動けるマスだけで、ほかは霧の中です。相手が指したことと取られた駒は伝えますが、どこに指したかは伝えません。王手の知らせはないので、玉は自分で守ってください。霧の中の駒があるマスに打つと駒は戻り、もう一度指せます。",
		mMaskPrompt:       "影武者を選んでください：玉以外の自分の駒のマスを送るか（例：`2h`）、下のメニューから選びます。両者が選び終えるまで変更できます。",
		mDMsClosed:        "%sさん、DMを送れないため対局を始められません。「サーバー設定 → プライバシー設定 → ダイレクトメッセージ」（「サーバーにいるメンバーからのダイレクトメッセージを許可する」）をオンにすれば、この申し込みをもう一度承諾できます。",
		mHelp: `**指し手の入力** — DMで送るか、手番のときに盤面の下の **指す** ボタンを押します。次のどの表記でも読めます。
• **USI**：` + "`7g7f`" + `（7gから7fへ）、` + "`8h2b+`" + `（成る）、` + "`P*5e`" + `（5eに歩を打つ）
• **西洋式**：` + "`P-7f`、`Bx3c+`" + `（取って成る）、` + "`B-3c=`" + `（成らない）、` + "`S*5e`" + `（打つ）、` + "`G6i-5h`" + `（どの金か）、` + "`+R-2b`" + `（龍）
• **日本式**：` + "`７六歩` または `76歩`、`２二角成`、`２二角不成`、`５五角打`、`同歩`" + `（直前の手のマスへ）、` + "`５八金右`" + `
マスは筋（1〜9、先手から見て右から）と段（上から a〜i または 1〜9）で書きます：` + "`7g` = `77` = `７七`" + `。成れる手では + か =（成・不成）を付けてください。手が一つに決まらないときは候補を示し、何も指しません。
複数の対局中は番号を先頭に付けます：` + "`#12 7g7f`" + `。影武者将棋では影武者のマスを送るか（例：` + "`2h`" + `）、メニューから選びます。DMで ` + "`help`" + ` と送ると簡単な説明が届きます。

**コマンド** — すべて ` + "`/shogi`" + ` の下にあります。
` + "`/shogi challenge`" + ` — このチャンネルで対局を申し込む（相手指定または募集）：ルール、先後、設定
` + "`/shogi accept`" + `・` + "`/shogi decline`" + ` — 申し込みを受ける・断る（ボタンでも可）・` + "`/shogi cancel`" + ` — 自分の申し込みを取り下げる
` + "`/shogi resign`" + ` — 投了（盤面の下の **投了** ボタンでも可。確認があります）
` + "`/shogi declare`" + ` — 入玉宣言（本将棋、27点法）
` + "`/shogi board`" + ` — 自分の盤をDMでもう一度表示・` + "`/shogi status`" + ` — 対局の状況・` + "`/shogi games`" + ` — このチャンネルの対局一覧
` + "`/shogi rules`" + ` — 各ルールの説明・` + "`/shogi help`" + ` — この説明
` + "`/shogi note`" + ` — マスに自分だけの「？」の印を付ける・外す（DMでは ` + "`?5e`" + `）・` + "`/shogi reach`" + ` — 自分の駒が動けるマス（DMでは ` + "`7g?`" + `）
` + "`/shogi draw`" + ` — 引き分けの提案・承諾・` + "`/shogi abort`" + ` — 両者が指す前の対局の取り消し・` + "`/shogiadmin end`" + `・` + "`/shogiadmin settings`" + `・` + "`/shogiadmin defaults`" + ` — モデレーター用
` + "`/shogi rematch`" + ` — 先後を入れ替えて再戦（結果の下の **再戦** ボタンでも可）
` + "`/shogi rating`" + `・` + "`/shogi leaderboard`" + ` — レーティング・` + "`/shogi history`" + ` — 終局した対局・` + "`/shogi record`" + ` — 終局した対局の棋譜（KIF・KI2・CSA・GIF）
` + "`/shogi review`" + ` — 終局した対局を一手ずつ・` + "`/shogi watch`" + ` — 数手遅れで観戦・` + "`/shogi tournament`" + ` — 大会（スイス式・総当たり・アリーナ）
` + "`/shogi settings`" + ` — 表記・言語・盤の向き・テーマの設定`,
		mRulesStandard: `**本将棋** — 盤も持ち駒も、両対局者とチャンネルにすべて公開されます。
• 通常のルールです：敵陣三段で成れます（行き所のない歩・香・桂は成りが必須）。取った駒は持ち駒になり、打てます。二歩・行き所のない駒・打ち歩詰めは禁止です。
• 反則手は理由を添えて断ります。ペナルティはありません。
• 終局は詰み（指せる手がない側の負け）、投了、時間切れ、千日手（同一局面4回で引き分け。ただし連続王手をかけ続けた側の負け）、入玉宣言（27点法、` + "`/shogi declare`" + `）、または手数制限（引き分け、任意）です。`,
		mRulesTsuitate: `**衝立将棋** — 見えるのは自分の駒と持ち駒だけで、相手の駒は衝立の向こうです。
• 自分の盤だけで反則になる手（自分の駒でない、動けない動き、自分の駒に邪魔される、二歩、行き所のない駒、成り・不成の誤り）は理由を添えて断ります。ペナルティはなく、手番もそのままです。
• **反則**は本当の盤で判定します：飛・角・香（龍・馬）が隠れた駒を飛び越える、駒のあるマスに打つ、自玉を王手のままにする・王手に入る、打ち歩詰め。伝えるのは「反則」だけで、手は戻され、指し直しです。走り駒が最初の隠れた駒で止まれば、その駒を取ります。
• 反則が上限（既定10回、1〜20回）に達すると負けです。反則は、主催者が切らない限り両者とチャンネルに知らせます。
• 全員に「☗が指しました（12手目）」とだけ伝え、マスは伝えません。駒取りはマスと取られたときの駒で（「☖の５五銀が取られました」）、王手は方向なしで知らせます。
• 詰みはすぐに判定するので、反則を重ねて確かめる必要はありません。既定では150手で引き分けです（千日手の規定はありません）。
• 終局後は両方の盤を開き、最終局面・全指し手・すべての反則とその理由を公開します。
• 設定「玉位置公開」（` + "`king_visible`" + `、既定オフ）：相手の玉の位置だけがいつも本当のマスに見えます（点の枠で表示）。チャンネルには両方の玉が見えます。その玉を飛び越える・取る・自玉を隣に寄せる手は、反則ではなく自分の盤の誤りとして理由を添えて断ります。`,
		mRulesMasked: `**影武者将棋** — 盤は公開、秘密はそれぞれの影武者だけです。
• 初手の前に、両者は玉以外の自分の駒を一つ影武者としてひそかに選びます。両者が選ぶまでは変更できます。その後☗から指します。
• 駒の動きに従う手ならすべて指せます。影武者や玉を取られる位置に置いてもかまいません。玉はふつうの駒で、取られ、打たれます。
• 相手の影武者を取れば勝ちです（成っても影武者のまま。取られた時点で終局）。指せる手がない側は負けです。
• 「王手」（自分の影武者が狙われている）は本人にだけ知らせます。
• 打ち歩詰めの禁止はありません。同一局面4回は引き分けですが、繰り返しの間ずっと相手の影武者を狙い続けた側の負けです。手数制限は主催者が設定したときだけです。
• ハウスルール「影武者を玉として扱う」（既定はオフ）：自分の影武者が取られる手は断り、狙われて逃げ手のない影武者は負けです。
• 両者が選ぶと、チャンネルに各影武者の SHA-256 コミットメントを示します。終局後に公開するので、誰も影武者を変えていないことを誰でも確かめられます。`,
		mRulesDark: `**ダーク将棋** — 見えるのは自分の駒と、その駒が動けるマスです。走り駒は最初に駒のあるマスまで見えます。ほかは霧で、空きか駒ありかもわかりません。持ち駒は視界を作らず、相手の持ち駒は見えません。
• 自分に見える範囲で指せる手はすべて本物の手です。王手も詰みもなく、取られる位置に動いても、玉を取られる形のままでも、誰も警告しません。
• 見えている空きマスに打てば置けます。見えている駒のあるマスへは打てません。霧の中のマスに駒があれば、打った駒は**戻り**、何も変わらずもう一度あなたの番です。知らせるのはあなただけで、何の駒かは伝えません。回数の制限はありません。
• 二歩と行き所のない駒は禁止、打ち歩詰めの禁止はありません。
• 相手の玉を取れば勝ちです。
• 全員に「☗が指しました（12手目）」と駒取り（「☖の５五銀が取られました」）を知らせ、どこに指したかは伝えません。
• 既定では300手で引き分け、千日手の規定はありません。`,
		mRulesCommon:           `**全ルール共通**：いつでも投了できます。持ち時間（一手の秒数・秒読み・フィッシャー・一手の日数。既定はなし）を使い切ると負けです。反則で進むのはかかった時間だけです。手番で離席時間（既定10分）を過ぎると、その人の見える範囲だけでCPUが代わりに指します。何かコマンドか指し手を送れば戻れます。`,
		mHello:                 "こんにちは！これから%sを%sで指します。盤面と対局の知らせはここに届きます。",
		mGameLine:              "#%s %s：☗ %s 対 ☖ %s",
		mGameLineMasks:         "（影武者の選択中）",
		mUIChallengeInGuild:    "対局の申し込みはサーバーのチャンネルで `/shogi challenge` を使ってください。",
		mUIChallengeSelf:       "自分には申し込めません。",
		mUIChallengeBot:        "ボットとは対局できません。相手を指定しないと誰でも受けられる申し込みになります。",
		mUINotYourChallenge:    "この申し込みはあなた宛てではありません。",
		mUINoChallenge:         "その申し込みはもう受け付けていません。",
		mUINoChallengeAccept:   "ここには、あなたが受けられる挑戦はありません。`/shogi challenge` で申し込めます。",
		mUINoChallengeDecline:  "ここには、あなたが断れる挑戦はありません。",
		mUINoChallengeCancel:   "ここには、取り消せるあなたの挑戦はありません。",
		mUIChallengeTimedOut:   "その申し込みは期限切れです。",
		mUINotStartedDMs:       "対局は始まりませんでした。DMを受け取れないプレイヤーがいます（チャンネルをご覧ください）。",
		mUIAlreadyStarted:      "その対局はすでに始まっています。",
		mUIAccepted:            "対局 #%s 開始！DMで盤面を確認してください。",
		mUIChallengeAccepted:   "申し込みが受けられました：対局 #%s 開始。",
		mUIChallengeDeclined:   "%s が申し込みを断りました。",
		mUIChallengeWithdrawn:  "%s が申し込みを取り下げました。",
		mUIButtonAccept:        "受ける",
		mUIButtonDecline:       "断る",
		mUIButtonMove:          "指す",
		mUIButtonResign:        "投了",
		mUIButtonResignConfirm: "投了する",
		mUIResignConfirm:       "本当に投了しますか？取り消せません。",
		mUIResigned:            "投了しました。",
		mUIModalTitle:          "指し手",
		mUIModalLabel:          "指し手（USI・西洋式・日本式）",
		mUIModalPlaceholder:    "７六歩、7g7f、P-7f",
		mUIMoveSent:            "指し手を受け付けました。",
		mUIRouted:              "受け付けました。結果はDMでお知らせします。",
		mUIMaskMenu:            "影武者を選んでください：",
		mUIMaskPlaceholder:     "影武者（玉以外）",
		mUIDone:                "完了しました。",
		mUIAborted:             "対局 #%s を中止しました（勝敗なし・レーティングなし）。",
		mUIDrawAgreed:          "引き分けに合意しました。対局 #%s は引き分けです。",
		mUIInternalError:       "こちら側でエラーが起きました。何も変わっていません。もう一度お試しください。",
		mUIStoreDown:           "いま審判につながらないため、何も記録されていません。少し待ってからもう一度お試しください。",
		mUIStoreUnsure:         "記録の途中で審判の応答が途切れたため、記録されたかどうかまだ分かりません。少し待って盤面を確かめてから、もう一度送ってください。",
		mUIUnknownCommand:      "不明なコマンドです。`/shogi help` で一覧が見られます。",
		mUINoGame:              "その対局が見つかりません。",
		mUINotInGame:           "対局 #%s には参加していません（または終局しています）。",
		mUIGameElsewhere:       "対局 #%s は別のサーバーの対局です。そのサーバーか、私とのDMでコマンドを使ってください。",
		mUINoActiveGame:        "進行中の対局はありません。サーバーのチャンネルで `/shogi challenge` から申し込めます。",
		mUIWhichGame:           "複数の対局中です（%s）。指し手の前に番号を付けてください。例：`#%s 7g7f`。",
		mUIWhichGameOption:     "複数の対局中です（%s）。コマンドの「対局番号」（game）オプションで選んでください。例：`game:%s`。",
		mUIGameOver:            "この対局は終わっています。",
		mUIBoardSent:           "DMに送りました。",
		mUINoGamesHere:         "このチャンネルで進行中の対局はありません。",
		mUIDMHelp:              "ここに指し手を送ってください。例：`７六歩`、`76歩`、`7g7f`、`P-7f`。持ち駒は `５五歩打` や `P*5e`。複数の対局中は番号を先頭に：`#12 7g7f`。コマンド：`/shogi board`、`/shogi resign`、`/shogi status`。表記とコマンドの説明は `/shogi help` で見られます。",
		mUIDMsClosedMidGame:    "%s さん、対局 #%s のDMが送れなくなりました。DMを有効にしてください。対局はお待ちしています。`/shogi board` で盤面を再送できます。",
		mUIChannelLost:         "対局 #%s のチャンネルに投稿できなくなりました。対局はDMで続きます。",
		mUINoteOn:              "%s に「？」の印を付けました（あなたにだけ見えます）。",
		mUINoteOff:             "%s の印を外しました。",
		mUINoteNoBoard:         "いま審判につながらないため、盤を送れませんでした。あとで `/shogi board` で表示できます。",
		mUIReachTitle:          "自分の盤で%[2]sの%[1]sが動けるマス：",
		mUIReachNone:           "自分の盤では%[2]sの%[1]sは動けません。",
		mUIReachOff:            "この対局では動けるマスの表示はオフです。",
		mUINoPieceThere:        "%s に自分の駒はありません。",
		mUINoSquare:            "？ と一緒にマスを書いてください：`?５五` で５五の印を付け外し、`７七?` で７七の駒が動けるマスを表示します。",
		mUIBadSquare:           "「%s」はマスではありません。7g や ７七 のように書いてください。",
		mUIButtonRematch:       "再戦",
		mUIRematchNotYours:     "対局 #%s の対局者だけが再戦を申し込めます。",
		mUIRematchSent:         "再戦を申し込みました（チャンネルをご覧ください）。",
		mUIRematchPlayed:       "対局 #%s の再戦はもう始まっています（対局 #%s）。もう一度申し込むには `/shogi rematch` で対局番号（`game:%s`）を指定してください。",
		mUIRematchPending:      "再戦の申し込み（申し込み #%s）はまだ受け付け中です。チャンネルをご覧ください。",
		mUIDMsClosedYou:        "DMを送れません（前回のDMが拒否されました）。このサーバーのメンバーからのダイレクトメッセージを許可して（プライバシー設定）、もう一度お試しください。",
		mUIWatchDMsClosed:      "DMを送れません。このサーバーのメンバーからのダイレクトメッセージを許可して（プライバシー設定）、もう一度 `/shogi watch` を使ってください。",
		mUIRating:              "%s — %s：**%d**（±%d）、%d 局 %d 勝 %d 敗 %d 分。",
		mUIUnrated:             "%s はここでの%sのレーティングがまだありません。",
		mUILeaderboardTitle:    "**%s ランキング**",
		mUILeaderboardLine:     "%d位 %s — %d（±%d）、%d 局",
		mUILeaderboardYou:      "あなたの順位：%d位。",
		mUILeaderboardEmpty:    "ここではまだ%sのレーティング対局がありません。",
		mUISettings:            "現在の設定：表記：%s・言語：%s・盤の向き：%s・盤：%s・駒：%s。",
		mUISettingsLook:        "保存しました。表記：%s・言語：%s・盤の向き：%s・盤：%s・駒：%s。",
		mBoardLight:            "標準",
		mBoardWood:             "木の盤",
		mBoardContrast:         "ハイコントラスト",
		mPiecesPrinted:         "印刷図（漢字だけ）",
		mPiecesKoma:            "駒（一文字）",
		mPiecesKoma2:           "駒（二文字）",
		mPiecesIntl:            "国際式（アルファベットと動き）",
		mOrientOwn:             "自分側が下",
		mOrientFlip:            "反転",
		mUIHistoryLine:         "#%s %s：☗ %s 対 ☖ %s — %s",
		mUINotRatedCPU:         "レーティング対象外：CPUが %s の代わりに指しました（レーティング戦は、CPUが誰の代わりにも指さなかったか、負けた側の代わりに指した場合のみ数えます）。",
		mACGame:                "#%d 対 %s・%s",
		mACGamePlayers:         "#%d %s 対 %s・%s",
		mACYourTurn:            "・あなたの番",
		mACTheirTurn:           "・相手の番",
		mACMasks:               "・影武者選び中",
		mACOver:                "・終局",
		mACChallengeFrom:       "#%d %sから・%s",
		mACChallengeTo:         "#%d %s宛て・%s",
		mACChallengeOpen:       "#%d %sの公開挑戦・%s",
		mUICPUOnly:             "level: と think: はCPUとの対局用です。opponent: にボット自身を指定してください。",
		mUIThinkMax:            "このサーバーの think: は %d ミリ秒までです。",
		mUIYouDeclined:         "申し込み #%d を断りました。",
		mUIDMResignHow:         "うっかり対局が終わらないよう、文字で送っても投了にはなりません。投了するには盤面の下の **投了** ボタンを押すか、`/shogi resign` を使ってください。指し手は送られていません。",
		mUIDMGamePrefix:        "対局を指定するときは `#`、対局番号、空白、指し手の順に書いてください：`#12 7g7f`。指し手は送られていません。",
		mUIYouWithdrew:         "申し込み #%d を取り下げました。",
		mUITooManyChallenges:   "このサーバーで受付中のあなたの申し込みがすでに %d 件あります。`/shogi cancel` で取り下げるか、受けられるか期限が切れるまでお待ちください。",
		mUIRankedAway:          "レーティング戦の away_seconds は 0（CPUが代わりに指さない）か %d 以上にしてください。レーティングは人の力を測るものです。",
		mUIHistoryEmpty:        "終局した対局はまだありません。",
		mUIRecordNotYet:        "対局 #%s の棋譜は終局後に公開されます。",
		mUIRecordSent:          "対局 #%s の棋譜（隠れていた情報を含む）。",
		mUIDrawOffered:         "%s が対局 #%s で引き分けを提案しています。`/shogi draw` で受けるか、そのまま指してください。",
		mUIDrawOfferSent:       "引き分けを提案しました。相手が受けるか、次の手が指されるまで有効です。",
		mUIDrawWithdrawn:       "手が指されたため、引き分けの提案は取り消されました。自分から提案するには `/shogi draw`。",
		mUIAwayCPU:             "%s が離席中のため、対局 #%s では戻るまでCPUが代わりに指します。",
		mUIAwayBack:            "%s が対局 #%s に戻りました。",
		mUIAwayYou:             "手番のまま離席していたため、対局 #%s ではあなたが戻るまでCPUが代わりに指します。ここに何か送るか（指し手や `help`）コマンドを使うと、席に戻れます。",
		mUICPUPlaysOn:          "CPUは引き分けに応じません。対局を続けます。",
		mAdminOnly:             "`/shogiadmin` を使えるのはモデレーター（サーバー管理権限）だけです。",
		mAdminEndMoved:         "対局の終了は `/shogiadmin end` になりました（モデレーター：サーバー管理権限）。",
		mAdminSettings: "**このサーバーの将棋の設定**\n公開投稿の言語：%s\n公開投稿の表記：%s\nスレッド：%s\n対局の告知先：%s\n" +
			"観戦（`watch_delay`）：%s\nレーティング対局の観戦（`watch_ranked`）：%s\n結果とともにGIF（`result_gif`）：%s\nGIFに衝立将棋の反則の場面（`gif_foul_frames`）：%s\n既定の設定：%s",
		mAdminNotaLang:     "言語に従う：%s",
		mAdminNotaW:        "西洋式（P-7f）",
		mAdminNotaJ:        "日本式（７六歩）",
		mAdminNotaU:        "USI（7g7f）",
		mAdminLangServer:   "サーバーの言語（%s）",
		mAdminLangChosen:   "%s",
		mAdminThreadsOn:    "オン",
		mAdminThreadsOff:   "オフ",
		mAdminThreadsConf:  "ボットの既定（%s）",
		mAdminChannelAny:   "挑戦されたチャンネル",
		mAdminChannel:      "<#%s>",
		mAdminNoDefaults:   "ボットの既定",
		mAdminDefaults:     "%s：%s",
		mAdminSaved:        "保存しました。",
		mAdminBadChannel:   "このサーバーのテキストチャンネルを選んでください。",
		mAdminBadNota:      "「%s」という表記はありません。default、western、japanese、usi から選んでください。",
		mAnnouncedIn:       "%s — <#%s> で",
		mAdminWatchMoves:   "%d手遅れ",
		mAdminWatchLive:    "遅れなし（レーティング対局以外）",
		mAdminWatchOff:     "オフ（観戦なし）",
		mAdminBadDelay:     "観戦の遅れは -1（観戦なし）、0（遅れなし、レーティング対局以外）、1〜%[2]d手のいずれかです（%[1]d は範囲外）。何も変更していません。",
		mAdminBadSwitch:    "`%s` は on、off、default のいずれかです（「%s」は使えません）。何も変更していません。",
		mUIWatchTournament: "対局 #%s は大会の対局です：終局後に観戦できます。",
		mUIButtonReview:    "振り返り",
		mUIReviewNotYet:    "対局 #%s は終局後に振り返れます。",
		mUIReviewHead:      "**対局 #%s の振り返り** · %d手目（全%d手）%s · %s",
		mUIReviewStart:     " — 開始局面",
		mUIReviewTrue:      "盤面全体",
		mUIReviewSide:      "%sが見た盤",
		mUIReviewFouls:     "この局面での反則手:",
		mUIReviewPOV:       "視点",
		mUIGIFSent:         "対局 #%s のアニメーション（%d手、%d KB）。",
		mUIWatchStarted:    "対局 #%s を観戦します。盤面全体を対局より%d手遅れでDMします。もう一度 `/shogi watch` で止まります。",
		mUIWatchStopped:    "対局 #%s の観戦をやめました。",
		mUIWatchNone:       "このサーバーでは対局 #%s を観戦できません。",
		mUIWatchPlayer:     "対局 #%s の対局者は自分の対局を観戦できません。",
		mUIWatchRanked:     "対局 #%s はレーティング対局です。このサーバーではレーティング対局を観戦できません。",
		mUIWatchOver:       "対局 #%s は終局しました。`/shogi review` で一手ずつ振り返れます。",
		mUIWatchBoard:      "対局 #%s の%d手目の局面（対局は%d手目）。",
		mUIWatchWaiting:    "対局 #%s：最初の盤面は対局が%d手進んだら届きます。",
		mUIWatchEnded:      "対局 #%s は終局しました。盤面全体：",
		mTapPiece:          "%s %s %s",
		mTapPieceJA:        "%s%s%s",
		mTapDrop:           "%s持駒の%s",
		mTapDropJA:         "%s%s打",
		mTapTakes:          "%sを取る",
		mTapPromotes:       "成り",
		mTapFiles:          "%d〜%d筋",
		mTapPickPiece:      "動かす駒…",
		mTapPickHand:       "打つ持駒…",
		mTapPickSquare:     "移動先…",
		mTapPickFiles:      "どの筋？",
		mTapPickMask:       "影武者を選ぶ…",
		mTapBack:           "戻る",
		mTapPromote:        "成る",
		mTapNoPromote:      "不成",
		mTapPicked:         "%s：どこへ？",
		mTapPromoteAsk:     "%s：成りますか？",
		mTapStale:          "この盤面は古くなりました。最新の盤面です。",
		mTapTranscript:     "［%sを選択］",
		mSetInputMenus:     "盤面の下のメニュー",
		mSetInputTyping:    "入力のみ",
		mSetInputSaved:     "指し方：%s。",
		mTapTried:          "この手番でその手はすでに反則でした。もう一度指しても反則です。別の手を選んでください。",
	}
})
