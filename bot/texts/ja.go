package texts

// ja is the Japanese word table. Placeholders are fmt verbs; keep them (same
// verbs, same argument numbers; %[2]s picks the second argument when the word
// order differs from English).
var ja = map[msg]string{
	mFullStop:  "。",
	mSep:       "／",
	mListSep:   "、",
	mOpt:       "・",
	mTurnYours: "。あなたの番です",

	mBlack:     "先手",
	mWhite:     "後手",
	mSideNamed: "%s %s",
	mYouWin:    "あなたの勝ちです！",
	mYouLose:   "あなたの負けです。",

	mPawn:      "歩",
	mLance:     "香",
	mKnight:    "桂",
	mSilver:    "銀",
	mGold:      "金",
	mBishop:    "角",
	mRook:      "飛",
	mKing:      "玉",
	mTokin:     "と",
	mProLance:  "成香",
	mProKnight: "成桂",
	mProSilver: "成銀",
	mHorse:     "馬",
	mDragon:    "龍",
	mPiece:     "駒",

	mVarStandard: "本将棋",
	mVarTsuitate: "衝立将棋",
	mVarMasked:   "影武者将棋",
	mVarDark:     "ダーク将棋",

	mMovedSelf:      "%sと指しました（%d手目）",
	mMovedHidden:    "%sが指しました（%d手目）",
	mMovedOpen:      "%s（%d手目）",
	mCaptureOther:   "%[1]sの%[3]s%[2]sが取られました",
	mCaptureYours:   "あなたの%[2]s%[1]sが取られました",
	mCheck:          "王手！",
	mCheckMask:      "王手：あなたの影武者が狙われています！",
	mFoulSelf:       "反則です。その手は指せません。反則 %d/%d。もう一度指してください。",
	mFoulSelfLast:   "反則です。その手は指せません。反則 %d/%d。",
	mFoulOther:      "%s反則（%d/%d）",
	mBounce:         "そのマスには駒があります。打った駒は戻りました。もう一度あなたの番です。",
	mMaskSet:        "あなたの影武者は%[2]sの%[1]sです。両者が選び終えるまで変更できます。",
	mMaskSetFinal:   "あなたの影武者は%[2]sの%[1]sです",
	mMasksSet:       "両者が影武者を選びました。☗の先手で始めます",
	mMasksCommit:    "影武者のコミットメント ☗ `%s` ☖ `%s`",
	mMasksVerify:    "終局後、`shinpan-mask|%d|<black|white>|<マス>|<ソルト>` の SHA-256 と一致するか誰でも確かめられます",
	mRefused:        "受け付けられませんでした",
	mRevealStandard: "終局図（%d手）",
	mRevealTsuitate: "衝立を外しました。最終局面・全%d手・反則%d回をすべて公開します",
	mRevealDark:     "霧が晴れました。最終局面と全%d手を公開します",
	mRevealMasked:   "影武者の公開：%s、%s",
	mMaskWherePiece: "%[1]sの影武者は%[3]sの%[2]s",
	mMaskWhereSq:    "%sの影武者は%s",
	mMaskCaptured:   "%sの影武者は%sで取られました",
	mMaskChosen:     "（選んだのは%s）",
	mRevealMoves:    "**棋譜**（%d手、USI）：",
	mRevealFouls:    "**反則の記録：**",
	mRevealNoFouls:  "反則はありませんでした。",
	mRevealFoul:     "%d手目・%s `%s`（%s）：%s",
	mRevealFoulUSI:  "%d手目・%s `%s`：%s",
	mRevealCommit:   "%sの影武者は%s、ソルト `%s`、コミットメント `%s`。",
	mRevealCheck:    "確認：`%s` の SHA-256 がこのコミットメントと一致するはずです。",

	mEndCheckmate:      "詰みです。%sの勝ちです",
	mEndFoulLimit:      "%sの反則が上限（%d/%d）に達しました。%sの勝ちです",
	mEndFoulLimitPlain: "%sの反則が上限に達しました。%sの勝ちです",
	mEndMaskCaptured:   "%sの影武者が取られました。%sの勝ちです",
	mEndMaskCheckmated: "%sの影武者が詰みました。%sの勝ちです",
	mEndKingCaptured:   "%sの玉が取られました。%sの勝ちです",
	mEndNoLegalMove:    "%sに指せる手がありません。%sの勝ちです",
	mEndPerpetual:      "連続王手の千日手：%sが繰り返しの間ずっと王手をかけていました。%sの勝ちです",
	mEndPerpetualMask:  "連続王手の千日手：%sが繰り返しの間ずっと影武者を狙っていました。%sの勝ちです",
	mEndImpasse:        "入玉宣言（27点法）が成立しました。%sの勝ちです",
	mEndResignation:    "%sが投了しました。%sの勝ちです",
	mEndTimeout:        "%sが時間切れになりました。%sの勝ちです",
	mEndModeratorWin:   "管理者が対局を終了しました。%sの勝ちです",
	mEndWin:            "対局終了。%sの勝ちです",
	mEndSennichite:     "千日手（同一局面4回）で引き分けです",
	mEndMoveLimit:      "手数制限（%d手）に達しました。引き分けです",
	mEndAbort:          "対局は中止されました（勝敗なし）",
	mEndDrawAgreed:     "合意により引き分けです",
	mEndModerator:      "管理者が対局を終了しました（勝敗なし）",
	mEndDraw:           "対局終了。引き分けです",
	mEndTimeoutDraw:    "時間切れで引き分けです",
	mEndImpasseDraw:    "持将棋で引き分けです",
	mEndNoMoveDraw:     "指せる手がなく引き分けです",

	mWhyNotYourPiece:  "そのマスにあなたの駒はありません",
	mWhyNotInHand:     "その駒は持ち駒にありません",
	mWhyOwnPiece:      "そのマスには自分の駒があります",
	mWhyOccupied:      "そのマスには駒があります",
	mWhyCannotMove:    "その駒はそこへ動けません",
	mWhyPathBlocked:   "途中に駒があって進めません",
	mWhyCannotPromote: "その手では成れません",
	mWhyMustPromote:   "その駒はそこでは成らなければなりません",
	mWhyDeadDrop:      "行き所のない場所には打てません",
	mWhyNifu:          "二歩です：その筋にはすでに成っていない自分の歩があります",
	mWhyKingInCheck:   "自分の玉に王手がかかります",
	mWhyUchifuzume:    "打ち歩詰めです：歩を打って詰ますことはできません",
	mWhyMaskAttacked:  "自分の影武者が取られる形になります",

	mRefUnknownPlayer:   "不明なプレイヤーです",
	mRefGameOver:        "この対局はすでに終わっています",
	mRefMaskTime:        "そのプレイヤーは影武者を選び終えているので、持ち時間は進んでいません",
	mRefTimeoutMover:    "時間切れになるのは手番のプレイヤーだけです",
	mRefAbortTooLate:    "対局の中止は、両者が一手ずつ指す前にしかできません",
	mRefMasksFirst:      "先に両者が影武者を選ぶ必要があります",
	mRefNotYourTurn:     "あなたの手番ではありません",
	mRefImpasseStandard: "入玉宣言は本将棋でしかできません",
	mRefDeclareOnTurn:   "入玉宣言は自分の手番にしかできません",
	mRefMasksOnly:       "影武者は影武者将棋にしかありません",
	mRefMasksLocked:     "両者が影武者を選んだので、もう変更できません",
	mRefKingNotMask:     "玉は影武者にできません。ほかの駒を選んでください",
	mRefNotSquare:       "「%s」はマスではありません。5i や 2h のように書いてください",
	mRefNoPieceOn:       "%sにあなたの駒はありません",
	mRefUnknownAction:   "不明な操作です：「%s」",
	mRefImpasse:         "入玉宣言は成立しません：%s",
	mRefMove:            "「%s」：%s",
	mImpNotInCamp:       "玉が敵陣に入っていません",
	mImpInCheck:         "王手がかかっています",
	mImpFewPieces:       "玉以外で敵陣にある駒が%s枚しかありません（10枚必要）",
	mImpPoints:          "点数が%s点です（%s点必要）",

	mOptRange:          "%s は %d〜%d で指定してください（%d は範囲外です）。",
	mOptRangeOrNone:    "%s は 0（なし）か %d〜%d で指定してください（%d は範囲外です）。",
	mOptAtLeast:        "%s は %d 以上で指定してください（%d は範囲外です）。",
	mOptUnknownVariant: "「%s」という種類はありません。standard、tsuitate、masked、dark から選んでください。",

	mNtUnreadable:       "「%s」は指し手として読めません。例：P-7f、7g7f、７六歩",
	mNtUnreadableDetail: "「%s」は指し手として読めません（%s）。例：P-7f、7g7f、７六歩",
	mNtAmbiguous:        "「%s」ではどの手か決まりません。候補：%s",
	mNtPromo:            "「%s」では成るかどうかがわかりません。+/=（成/不成）を付けてください",
	mNtPromoList:        "「%s」では成るかどうかがわかりません。+/=（成/不成）を付けてください：%s",
	mNtNoSuch:           "「%s」はこの局面では指せません",
	mNtNoSuchDetail:     "「%s」はこの局面では指せません（%s）",
	mNtNoSuchList:       "「%s」はこの局面では指せません。%sのことですか？",
	mNtNoSuchBoth:       "「%s」はこの局面では指せません（%s）。%sのことですか？",
	mListMore:           "ほか%s手",
	mDtTooLong:          "入力が長すぎます",
	mDtNoPrevious:       "「同」が指す直前の手がありません",
	mDtNothingTo:        "%sへ動ける駒がありません",
	mDtNoneFrom:         "%sからそこへ行けるあなたの駒はありません",
	mDtNoKind:           "そこへ行ける%sはありません",
	mDtBecomes:          "そこで%sになる駒はありません",
	mDtNoDrop:           "そこに打てる持ち駒はありません",
	mDtNoBoard:          "そこへ行ける盤上の駒はありません",
	mDtMustPromote:      "その手は成らなければなりません",
	mDtUp:               "そこへ上がれる駒（上）はありません",
	mDtSideways:         "そこへ寄れる駒（寄）はありません",
	mDtBack:             "そこへ引ける駒（引）はありません",
	mDtLeft:             "左側（左）にその駒はありません",
	mDtRight:            "右側（右）にその駒はありません",
	mDtStraight:         "まっすぐ上がる駒（直）はありません",

	mOptFouls:        "反則上限%d回",
	mOptFoulsPublic:  "反則は両者に通知",
	mOptFoulsPrivate: "反則は本人にのみ通知",
	mOptMoveLimit:    "%d手で引き分け",
	mOptNoMoveLimit:  "手数制限なし",
	mOptMaskAsKing:   "影武者を玉として扱う",
	mOptTurn:         "1手%d秒",
	mOptNoTurn:       "持ち時間なし",
	mOptAway:         "%d分離席でCPUが代指し",
	mOptAwaySec:      "%d 秒離席するとCPUが代わりに指す",
	mOptRanked:       "レーティング対局",
	mOptUnranked:     "フリー対局",

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

	mWelcome:       "**対局 #%s・%s** — あなたは%s、相手は%sです。",
	mWelcomeFirst:  "あなたの先手です。指してください。",
	mWelcomeSecond: "%sが先に指します。あなたの番になったらお知らせします。",
	mWelcomeMasked: "初手の前に、両者がそれぞれ影武者をひそかに選びます。その後☗から指します。",
	mWelcomeHowTo:  "指し手はここに送ってください。例：`7g7f`、`P-7f`、`７六歩`（複数の対局中は番号を先頭に：`#12 7g7f`）。手番のときは盤面の下の **指す** ボタンも使えます。ここで `help` と送ると簡単な説明、`/shogi help` で表記とコマンド、`/shogi rules` でルールが見られます。",
	mSeeStandard:   "盤も両者の持ち駒もすべての指し手も見えます。",
	mSeeTsuitate:   "見えるのは自分の駒と持ち駒だけです。相手が指すと「指しました」とだけ伝えます。駒取り（マスと駒）と王手は知らせます。自分の盤だけで反則になる手は理由を添えて断ります（ペナルティなし）。本当の盤で反則になる手は「反則」で、指し直しになり、上限に達すると負けです。",
	mSeeMasked:     "盤と両者の持ち駒は公開されていて、秘密は影武者だけです。自分の影武者が狙われたとき（王手）は、あなただけに知らせます。",
	mSeeDark:       "見えるのは自分の駒と、その駒が動けるマスだけで、ほかは霧の中です。相手が指したことと取られた駒は伝えますが、どこに指したかは伝えません。王手の知らせはないので、玉は自分で守ってください。霧の中の駒があるマスに打つと駒は戻り、もう一度指せます。",
	mMaskPrompt:    "影武者を選んでください：玉以外の自分の駒のマスを送るか（例：`2h`）、下のメニューから選びます。両者が選び終えるまで変更できます。",
	mDMsClosed:     "%sさん、DMを送れないため対局を始められません。「サーバー設定 → プライバシー設定 → ダイレクトメッセージ」（「サーバーにいるメンバーからのダイレクトメッセージを許可する」）をオンにすれば、この申し込みをもう一度承諾できます。",

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
` + "`/shogi draw`" + ` — 引き分けの提案・承諾・` + "`/shogi abort`" + ` — 両者が指す前の対局の取り消し・` + "`/shogi end`" + ` — 対局の終了（モデレーター）
` + "`/shogi rematch`" + ` — 先後を入れ替えて再戦（結果の下の **再戦** ボタンでも可）
` + "`/shogi rating`" + `・` + "`/shogi leaderboard`" + ` — レーティング・` + "`/shogi history`" + ` — 終局した対局・` + "`/shogi record`" + ` — 終局した対局の棋譜（KIF・KI2・CSA・GIF）
` + "`/shogi review`" + ` — 終局した対局を一手ずつ・` + "`/shogi watch`" + ` — 数手遅れで観戦
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
• 終局後は両方の盤を開き、最終局面・全指し手・すべての反則とその理由を公開します。`,

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

	mRulesCommon: `**全ルール共通**：いつでも投了できます。持ち時間（既定はなし）を使い切ると負けです。手番で離席時間（既定10分）を過ぎると、その人の見える範囲だけでCPUが代わりに指します。何かコマンドか指し手を送れば戻れます。`,

	mHello:         "こんにちは！これから%sを%sで指します。盤面と対局の知らせはここに届きます。",
	mStatus:        "対局 #%s：%d手目、%sの手番",
	mStatusMasks:   "対局 #%s：影武者の選択待ち",
	mStatusOver:    "対局 #%s は終局しました。%s",
	mGameLine:      "#%s %s：☗ %s 対 ☖ %s",
	mGameLineMasks: "（影武者の選択中）",

	mUIChallengeInGuild:    "対局の申し込みはサーバーのチャンネルで `/shogi challenge` を使ってください。",
	mUIChallengeSelf:       "自分には申し込めません。",
	mUIChallengeBot:        "ボットとは対局できません。相手を指定しないと誰でも受けられる申し込みになります。",
	mUINotYourChallenge:    "この申し込みはあなた宛てではありません。",
	mUINoChallenge:         "その申し込みはもう受け付けていません。",
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
	mUIMaskMenu:            "影武者を選んでください：",
	mUIMaskPlaceholder:     "影武者（玉以外）",
	mUIDone:                "完了しました。",
	mUIInternalError:       "こちら側でエラーが起きました。何も変わっていません。もう一度お試しください。",
	mUIUnknownCommand:      "不明なコマンドです。`/shogi help` で一覧が見られます。",
	mUINoGame:              "その対局が見つかりません。",
	mUINotInGame:           "対局 #%s には参加していません（または終局しています）。",
	mUIGameElsewhere:       "対局 #%s は別のサーバーの対局です。そのサーバーか、私とのDMでコマンドを使ってください。",
	mUINoActiveGame:        "進行中の対局はありません。サーバーのチャンネルで `/shogi challenge` から申し込めます。",
	mUIWhichGame:           "複数の対局中です（%s）。指し手の前に番号を付けてください。例：`#%s 7g7f`。",
	mUIGameOver:            "この対局は終わっています。",
	mUIBoardSent:           "DMに送りました。",
	mUINoGamesHere:         "このチャンネルで進行中の対局はありません。",
	mUIDMHelp:              "ここに指し手を送ってください。例：`７六歩`、`76歩`、`7g7f`、`P-7f`。持ち駒は `５五歩打` や `P*5e`。複数の対局中は番号を先頭に：`#12 7g7f`。コマンド：`/shogi board`、`/shogi resign`、`/shogi status`。表記とコマンドの説明は `/shogi help` で見られます。",
	mUIDMHint:              "ここに指し手を入力してください。例：`７六歩`、`7g7f`（詳しくは `help`）。",
	mUIDMsClosedMidGame:    "%s さん、対局 #%s のDMが送れなくなりました。DMを有効にしてください。対局はお待ちしています。`/shogi board` で盤面を再送できます。",
	mUIChannelLost:         "対局 #%s のチャンネルに投稿できなくなりました。対局はDMで続きます。",
	mUINoteOn:              "%s に「？」の印を付けました（あなたにだけ見えます）。",
	mUINoteOff:             "%s の印を外しました。",
	mUIReachTitle:          "自分の盤で%[2]sの%[1]sが動けるマス：",
	mUIReachNone:           "自分の盤では%[2]sの%[1]sは動けません。",
	mUIReachOff:            "この対局では動けるマスの表示はオフです。",
	mUINoPieceThere:        "%s に自分の駒はありません。",
	mUIBadSquare:           "「%s」はマスではありません。7g や ７七 のように書いてください。",
	mUIButtonRematch:       "再戦",
	mUIRematchNotYours:     "対局 #%s の対局者だけが再戦を申し込めます。",
	mUIRematchSent:         "再戦を申し込みました（チャンネルをご覧ください）。",
	mUIRematchPending:      "再戦の申し込み（申し込み #%s）はまだ受け付け中です。チャンネルをご覧ください。",
	mUIDMsClosedYou:        "DMを送れません（前回のDMが拒否されました）。このサーバーのメンバーからのダイレクトメッセージを許可して（プライバシー設定）、もう一度お試しください。",
	mUIWatchDMsClosed:      "DMを送れません。このサーバーのメンバーからのダイレクトメッセージを許可して（プライバシー設定）、もう一度 /shogi watch を使ってください。",
	mUIRating:              "%s — %s：**%d**（±%d）、%d 局 %d 勝 %d 敗 %d 分。",
	mUIUnrated:             "%s はここでの%sのレーティングがまだありません。",
	mUILeaderboardTitle:    "**%s ランキング**",
	mUILeaderboardLine:     "%d位 %s — %d（±%d）、%d 局",
	mUILeaderboardYou:      "あなたの順位：%d位。",
	mUILeaderboardEmpty:    "ここではまだ%sのレーティング対局がありません。",
	mUISettings:            "保存しました。表記：%s・言語：%s・盤：%s・テーマ：%s。",
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
	mUIRankedAway:          "レーティング戦の away_seconds は 0（CPUが代わりに指さない）か %d 以上にしてください。レーティングは人の力を測るものです。",
	mUIHistoryEmpty:        "終局した対局はまだありません。",
	mUIRecordNotYet:        "対局 #%s の棋譜は終局後に公開されます。",
	mUIRecordSent:          "対局 #%s の棋譜（隠れていた情報を含む）。",
	mUIDrawOffered:         "%s が対局 #%s で引き分けを提案しています。/shogi draw で受けるか、そのまま指してください。",
	mUIDrawOfferSent:       "引き分けを提案しました。相手が受けるか、次の手が指されるまで有効です。",
	mUIDrawWithdrawn:       "手が指されたため、引き分けの提案は取り消されました。自分から提案するには /shogi draw。",
	mUINotModerator:        "自分が指していない対局を終わらせられるのはモデレーター（サーバー管理権限）だけです。",
	mUIAwayCPU:             "%s が離席中のため、対局 #%s では戻るまでCPUが代わりに指します。",
	mUIAwayBack:            "%s が対局 #%s に戻りました。",
	mUICPUPlaysOn:          "CPUは引き分けに応じません。対局を続けます。",
}
