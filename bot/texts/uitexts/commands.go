package uitexts

import (
	"sync"

	"shinpan/bot/texts"
	"shinpan/referee/policy"
)

// The Japanese names and descriptions of /shogi, its subcommands, options and
// choices (Discord's name_localizations and description_localizations). A
// name is 1-32 characters of letters, digits, - and _ (no spaces); a
// description or a choice name 1-100 characters. Options arrive under their
// English names whatever the user's language, so these are words only.
//
// Keys: "shogi"; a subcommand "challenge"; an option "challenge.variant", or
// just "variant" for an option worded alike in every subcommand; a choice
// "variant=tsuitate" (its name only). The moderators' command, /shogiadmin,
// has the same keys after "admin:" ("admin:shogiadmin", "admin:settings",
// "admin:settings.language", "admin:threads=on"); an option or choice it
// shares with /shogi (variant, game, foul_limit...) falls back to /shogi's.

// CommandWords is a localized name and description.
type CommandWords struct{ Name, Desc string }

// CommandJA returns the Japanese words of a command, subcommand, option or
// choice by its key (see above); ok is false when there are none.
func CommandJA(key string) (CommandWords, bool) {
	w, ok := commandJA()[key]
	return w, ok
}

// commandJA makes the words on first use: those of /shogi and /shogiadmin
// below, then those of /shogi tournament (tournament_commands.go) and the
// names of the time: presets (texts.TimePresetName).
var commandJA = sync.OnceValue(func() map[string]CommandWords {
	m := map[string]CommandWords{
		"shogi": {"将棋", "見えない将棋：衝立将棋・影武者将棋・ダーク将棋、そして本将棋"},

		"challenge":   {"挑戦", "このチャンネルで誰か（または誰でも）に対局を申し込む"},
		"accept":      {"受諾", "挑戦を受ける"},
		"decline":     {"辞退", "挑戦を断る"},
		"cancel":      {"取り消し", "自分の挑戦を取り下げる"},
		"resign":      {"投了", "対局を投了する"},
		"declare":     {"入玉宣言", "入玉宣言をする（27点法・本将棋）"},
		"board":       {"盤面", "自分の盤面をDMでもう一度送ってもらう"},
		"status":      {"状況", "対局の状況を見る"},
		"games":       {"対局一覧", "このチャンネルで進行中の対局"},
		"rules":       {"ルール", "将棋の種類ごとのルール説明"},
		"help":        {"ヘルプ", "このボットでの遊び方"},
		"note":        {"印", "自分の盤のマスに ? の印を付ける・外す（自分にだけ見える）"},
		"reach":       {"利き", "自分の駒が動けるマスを自分の盤で見る"},
		"draw":        {"引き分け", "引き分けを申し出る、または相手の申し出を受ける"},
		"abort":       {"中止", "双方が指す前の対局を中止する（結果なし）"},
		"rematch":     {"再戦", "先後を入れ替えて同じ対局をもう一度申し込む"},
		"rating":      {"レーティング", "プレイヤーのレーティング"},
		"leaderboard": {"ランキング", "このサーバーでの上位10人"},
		"history":     {"履歴", "最近終わった対局"},
		"record":      {"棋譜", "終わった対局の棋譜（KIF・KI2・CSA、隠れていた情報もすべて）"},
		"review":      {"振り返り", "終わった対局を一手ずつ：盤全体と、それぞれが見ていたもの"},
		"watch":       {"観戦", "対局を観戦する：盤全体を数手遅れでDMに（もう一度で停止）"},
		"settings":    {"設定", "棋譜の表記・言語・盤の向き・盤と駒の見た目"},

		"variant":                     {"種類", "将棋の種類"},
		"challenge.opponent":          {"相手", "挑戦する相手（空欄：誰でも、ボット自身：CPUと対局）"},
		"challenge.color":             {"手番", "自分の手番"},
		"challenge.foul_limit":        {"反則上限", "衝立将棋：この回数目の反則で負け（1〜20、既定10）"},
		"challenge.announce_fouls":    {"反則通知", "衝立将棋：反則を相手とチャンネルに知らせる（既定オン）"},
		"challenge.move_limit":        {"手数制限", "この手数で引き分け（0＝なし、50〜1000）"},
		"challenge.mask_as_king":      {"影武者を玉扱い", "影武者将棋：影武者を取られる形にしてはならない（既定オフ）"},
		"challenge.king_visible":      {"玉位置公開", "衝立将棋：相手の玉の位置がいつも見える（既定オフ）"},
		"challenge.turn_seconds":      {"一手の秒数", "一手の持ち時間（秒、0＝なし、10〜3600）"},
		"challenge.time":              {"持ち時間", "持ち時間の方式（既定：サーバーの設定）。下の項目で変更できます"},
		"challenge.main_minutes":      {"持ち時間分", "持ち時間（分、1〜360）。その後は秒読みか加算"},
		"challenge.byoyomi_seconds":   {"秒読み秒", "秒読み：持ち時間を使い切った後の一手の秒数（10〜3600）"},
		"challenge.increment_seconds": {"加算秒", "フィッシャー：一手ごとに加わる秒数（1〜600、持ち時間分も指定）"},
		"challenge.days_per_move":     {"一手の日数", "通信対局：一手の日数（1〜14、CPUが代わりに指すことはない）"},
		"challenge.ranked":            {"レート対局", "レーティング対象の対局（既定オフ）"},
		"challenge.show_reachable":    {"利き表示", "自分の盤で駒の動けるマスを尋ねられる（既定オン）"},
		"challenge.away_seconds":      {"不在秒数", "手番で不在がこの秒数続くとCPUが代わりに指す（0＝しない）"},
		"challenge.level":             {"強さ", "CPUと対局：CPUの強さ（既定：サーバーの設定）"},
		"challenge.think":             {"思考時間", "CPUと対局：一手の思考時間（ミリ秒、サーバーの上限まで）"},
		"game":                        {"対局番号", "対局番号（既定：いまの対局）"},
		"record.game":                 {"対局番号", "対局番号"},
		"resign.game":                 {"対局番号", "対局番号（複数の対局中は必須）"},
		"declare.game":                {"対局番号", "対局番号（複数の対局中は必須）"},
		"draw.game":                   {"対局番号", "対局番号（複数の対局中は必須）"},
		"abort.game":                  {"対局番号", "対局番号（複数の対局中は必須）"},
		"review.game":                 {"対局番号", "対局番号"},
		"watch.game":                  {"対局番号", "対局番号"},
		"square":                      {"マス", "マス（例：5e、５五）"},
		"accept.challenge":            {"挑戦番号", "挑戦の番号（既定：自分宛ての挑戦）"},
		"decline.challenge":           {"挑戦番号", "挑戦の番号（既定：自分宛ての挑戦）"},
		"rating.user":                 {"ユーザー", "誰のレーティングか（既定：自分）"},
		"history.user":                {"ユーザー", "誰の対局か（既定：自分）"},
		"record.format":               {"形式", "棋譜の形式（既定KIF）、またはアニメーションGIF"},
		"settings.notation":           {"表記", "指し手の書き方"},
		"settings.language":           {"言語", "言語"},
		"settings.orientation":        {"盤の向き", "自分の盤：自分が手前、または反転"},
		"settings.board":              {"盤", "盤の見た目：標準・木の盤・ハイコントラスト"},
		"settings.pieces":             {"駒", "駒の描き方：印刷図の漢字・駒（一文字・二文字）・国際式（アルファベット）"},
		"variant=tsuitate":            {Name: "衝立将棋"},
		"variant=masked":              {Name: "影武者将棋"},
		"variant=dark":                {Name: "ダーク将棋（霧）"},
		"variant=standard":            {Name: "本将棋（すべて見える）"},
		"color=random":                {Name: "ランダム"},
		"color=black":                 {Name: "先手（先に指す）"},
		"color=white":                 {Name: "後手"},
		"level=random":                {Name: "ランダム（でたらめ）"},
		"level=greedy":                {Name: "一手読み（駒得優先）"},
		"level=strong":                {Name: "強い"},
		"format=kif":                  {Name: "KIF"},
		"format=ki2":                  {Name: "KI2"},
		"format=csa":                  {Name: "CSA"},
		"format=gif":                  {Name: "GIF（アニメーション）"},
		"notation=western":            {Name: "西洋式"},
		"notation=japanese":           {Name: "日本式（漢字）"},
		"notation=usi":                {Name: "USI"},
		"language=en":                 {Name: "English（英語）"},
		"language=ja":                 {Name: "日本語"},
		"orientation=own":             {Name: "自分が手前"},
		"orientation=flip":            {Name: "反転"},
		"theme=light":                 {Name: "標準"},
		"theme=contrast":              {Name: "ハイコントラスト"},
		"theme=wood":                  {Name: "木の盤"},
		"board=light":                 {Name: "標準"},
		"board=wood":                  {Name: "木の盤"},
		"board=contrast":              {Name: "ハイコントラスト"},
		"pieces=printed":              {Name: "印刷図（漢字だけ）"},
		"pieces=koma":                 {Name: "駒（一文字）"},
		"pieces=koma2":                {Name: "駒（二文字）"},
		"pieces=international":        {Name: "国際式（アルファベットと動き）"},
		"settings.input":              {"指し方", "盤面の下のメニューで指す、または入力だけ"},
		"input=menus":                 {Name: "メニュー（タップで指す）"},
		"input=typing":                {Name: "入力だけ（メニューを隠す）"},

		"admin:shogiadmin":                 {"将棋管理", "モデレーター用：対局の終了、このサーバーの将棋の設定"},
		"admin:end":                        {"終了", "対局を結果なしで終わらせる"},
		"admin:end.game":                   {"対局番号", "対局番号"},
		"admin:settings":                   {"設定", "このサーバーの公開投稿・スレッド・告知先・観戦・GIF（指定なし：表示）"},
		"admin:defaults":                   {"既定", "種類ごとの挑戦の既定の設定（指定なし：表示）"},
		"admin:settings.language":          {"言語", "公開投稿の言語"},
		"admin:settings.notation":          {"表記", "公開投稿の指し手の書き方"},
		"admin:settings.threads":           {"スレッド", "各対局の指し手をカードの下のスレッドに"},
		"admin:settings.channel":           {"告知先", "対局をこのチャンネルで告知する"},
		"admin:settings.channel_reset":     {"告知先を戻す", "各対局を挑戦されたチャンネルで告知する"},
		"admin:settings.watch_delay":       {"観戦の遅れ", "観戦者の盤が対局から遅れる手数（-1＝観戦なし、0＝遅れなし・レーティング対局以外、最大300）"},
		"admin:settings.watch_delay_reset": {"観戦の遅れを戻す", "観戦の遅れをボットの既定に戻す"},
		"admin:settings.watch_ranked":      {"レーティング対局の観戦", "レーティング対局も観戦できる（常に10手以上遅れ）"},
		"admin:settings.result_gif":        {"結果のgif", "対局の結果とともにアニメーションGIFを投稿する"},
		"admin:settings.gif_foul_frames":   {"gifの反則場面", "GIFに衝立将棋の反則の試みごとの場面を入れる"},
		"admin:defaults.reset":             {"戻す", "この種類の既定をボットの既定に戻す"},
		"admin:language=server":            {Name: "サーバーの言語に従う"},
		"admin:language=en":                {Name: "English（英語）"},
		"admin:language=ja":                {Name: "日本語"},
		"admin:notation=default":           {Name: "言語に従う"},
		"admin:threads=on":                 {Name: "オン"},
		"admin:threads=off":                {Name: "オフ"},
		"admin:threads=default":            {Name: "ボットの既定"},
		"admin:watch_ranked=on":            {Name: "オン"},
		"admin:watch_ranked=off":           {Name: "オフ"},
		"admin:watch_ranked=default":       {Name: "ボットの既定"},
		"admin:result_gif=on":              {Name: "オン"},
		"admin:result_gif=off":             {Name: "オフ"},
		"admin:result_gif=default":         {Name: "ボットの既定"},
		"admin:gif_foul_frames=on":         {Name: "オン"},
		"admin:gif_foul_frames=off":        {Name: "オフ"},
		"admin:gif_foul_frames=default":    {Name: "ボットの既定"},
		"admin:defaults.foul_limit":        {"反則上限", "衝立将棋：この回数目の反則で負け（1〜20）"},
		"admin:defaults.announce_fouls":    {"反則通知", "衝立将棋：反則を相手とチャンネルに知らせる"},
		"admin:defaults.move_limit":        {"手数制限", "この手数で引き分け（0＝なし、50〜1000）"},
		"admin:defaults.mask_as_king":      {"影武者を玉扱い", "影武者将棋：影武者を取られる形にしてはならない"},
		"admin:defaults.king_visible":      {"玉位置公開", "衝立将棋：相手の玉の位置がいつも見える"},
		"admin:defaults.turn_seconds":      {"一手の秒数", "一手の持ち時間（秒、0＝なし、10〜3600）"},
		"admin:defaults.show_reachable":    {"利き表示", "自分の盤で駒の動けるマスを尋ねられる"},
		"admin:defaults.away_seconds":      {"不在秒数", "手番で不在がこの秒数続くとCPUが代わりに指す（0＝しない）"},
		"admin:defaults.main_minutes":      {"持ち時間分", "持ち時間（分、1〜360）。その後は秒読みか加算"},
		"admin:defaults.byoyomi_seconds":   {"秒読み秒", "秒読み：持ち時間を使い切った後の一手の秒数（10〜3600）"},
		"admin:defaults.increment_seconds": {"加算秒", "フィッシャー：一手ごとに加わる秒数（1〜600、持ち時間分も指定）"},
		"admin:defaults.days_per_move":     {"一手の日数", "通信対局：一手の日数（1〜14、CPUが代わりに指すことはない）"},
	}
	tournamentCommandJA(m)
	for _, p := range policy.TimePresets {
		m["time="+p.Name] = CommandWords{Name: texts.TimePresetName(texts.JA, p.Name)}
	}
	return m
})
