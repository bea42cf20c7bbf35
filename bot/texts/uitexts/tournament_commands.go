package uitexts

import "strings"

// tournamentCommandJA adds to m the Japanese words of /shogi tournament, its
// subcommands and options (see commands.go for the keys). create takes the
// game options of challenge, worded alike.
func tournamentCommandJA(m map[string]CommandWords) {
	for k, w := range map[string]CommandWords{
		"tournament":           {"大会", "大会：スイス式・総当たり・アリーナ"},
		"tournament.create":    {"作成", "このチャンネルで大会を作る（参加受付を始める）"},
		"tournament.join":      {"参加", "大会に参加する"},
		"tournament.leave":     {"参加取消", "始まる前の大会の参加を取り消す"},
		"tournament.start":     {"開始", "大会を始める（主催者・モデレーター）"},
		"tournament.standings": {"順位", "大会の順位（テキスト・CSV・JSON）"},
		"tournament.withdraw":  {"棄権", "大会を棄権する（対局中の一局は投了になる）"},
		"tournament.pause":     {"一時停止", "新しい組み合わせを止める（主催者・モデレーター）"},
		"tournament.resume":    {"再開", "一時停止した大会を再開する（主催者・モデレーター）"},
		"tournament.cancel":    {"中止", "大会を中止する（主催者・モデレーター）"},
		"tournament.kick":      {"除外", "プレイヤーを大会から除外する（モデレーター）"},
		"tournament.result":    {"結果裁定", "対局の結果を決める（モデレーター）"},

		"create.format":     {"方式", "スイス式・総当たり・アリーナ"},
		"create.rounds":     {"回戦数", "スイス式：回戦数（1〜30）"},
		"create.cycles":     {"周回", "総当たり：1回か2回（2回目は先後を入れ替え）"},
		"create.minutes":    {"時間", "アリーナ：長さ（分）"},
		"create.start_in":   {"開始まで", "この分数後に自動で開始（空欄：主催者が開始）"},
		"create.players":    {"定員", "参加者の上限"},
		"create.break":      {"休憩", "回戦の間の休憩（分）"},
		"create.cpu_bye":    {"不戦勝cpu対局", "スイス式：不戦勝の人はCPUと一局（結果は数えない）"},
		"create.name":       {"名前", "大会の名前"},
		"format=swiss":      {Name: "スイス式"},
		"format=roundrobin": {Name: "総当たり"},
		"format=arena":      {Name: "アリーナ"},
		"format=text":       {Name: "テキスト"},
		"format=csv":        {Name: "CSV"},
		"format=json":       {Name: "JSON"},
		"standings.format":  {"形式", "テキスト、またはファイルでCSV・JSON"},
		"kick.user":         {"プレイヤー", "除外するプレイヤー"},
		"result.round":      {"回戦", "何回戦か"},
		"result.board":      {"番", "盤番号"},
		"result.result":     {"結果", "先手勝ち・後手勝ち・引き分け・結果なし"},
		"result=black":      {Name: "先手勝ち"},
		"result=white":      {Name: "後手勝ち"},
		"result=draw":       {Name: "引き分け"},
		"result=none":       {Name: "結果なし"},

		"admin:settings.tournament_create":   {"大会の作成", "大会を作れる人"},
		"admin:settings.tournament_watch":    {"大会の観戦", "大会の対局を終局前に観戦できる"},
		"admin:tournament_create=moderators": {Name: "モデレーター"},
		"admin:tournament_create=everyone":   {Name: "全員"},
		"admin:tournament_watch=on":          {Name: "オン"},
		"admin:tournament_watch=off":         {Name: "オフ"},
		"admin:tournament_watch=default":     {Name: "ボットの既定"},
	} {
		m[k] = w
	}
	for _, s := range tournamentSubs {
		m[s+".tournament"] = CommandWords{"大会番号", "大会の番号（既定：このチャンネルの最新の大会）"}
	}
	for k, w := range m {
		if opt, ok := strings.CutPrefix(k, "challenge."); ok && opt != "opponent" && opt != "color" && opt != "level" && opt != "think" {
			m["create."+opt] = w
		}
	}
}

// tournamentSubs take a tournament: option.
var tournamentSubs = []string{"join", "leave", "start", "standings", "withdraw", "pause", "resume", "cancel", "kick", "result"}
