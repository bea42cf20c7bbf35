package texts

import (
	"fmt"
	"sort"
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/view"
)

// The words of /shogiadmin, the moderators' command. They join the word
// tables here, beside the texts that use them.
func init() {
	for k, v := range adminEN {
		en[k] = v
	}
	for k, v := range adminJA {
		ja[k] = v
	}
}

var adminEN = map[msg]string{
	mAdminOnly:     "Only moderators (Manage Server) can use `/shogiadmin`.",
	mAdminEndMoved: "Ending a game is now `/shogiadmin end` (moderators: Manage Server).",
	mAdminSettings: "**This server's shogi settings**\nLanguage of public posts: %s\nNotation of public posts: %s\nThreads: %s\nGames announced in: %s\n" +
		"Watching (`watch_delay`): %s\nRanked games watched (`watch_ranked`): %s\nGIF with the result (`result_gif`): %s\nGIF frames for Tsuitate fouls (`gif_foul_frames`): %s\nDefaults: %s",
	mAdminNotaLang:    "the language's: %s",
	mAdminNotaW:       "Western (P-7f)",
	mAdminNotaJ:       "Japanese (７六歩)",
	mAdminNotaU:       "USI (7g7f)",
	mAdminLangServer:  "the server's language (%s)",
	mAdminLangChosen:  "%s",
	mAdminThreadsOn:   "on",
	mAdminThreadsOff:  "off",
	mAdminThreadsConf: "the bot's default (%s)",
	mAdminChannelAny:  "the channel of each challenge",
	mAdminChannel:     "<#%s>",
	mAdminNoDefaults:  "the bot's",
	mAdminDefaults:    "%s: %s",
	mAdminSaved:       "Saved.",
	mAdminBadChannel:  "Pick a text channel of this server.",
	mAdminBadNota:     "There is no notation “%s”: choose default, western, japanese or usi.",
	mAnnouncedIn:      "%s — in <#%s>",
	mAdminWatchMoves:  "%d moves behind the game",
	mAdminWatchLive:   "live (0 moves behind) in unranked games",
	mAdminWatchOff:    "off",
	mAdminBadDelay:    "The watch delay must be -1 (no watching), 0 (live, unranked games only) or 1 to %[2]d moves, not %[1]d. Nothing was changed.",
	mAdminBadSwitch:   "`%s` is on, off or default, not “%s”. Nothing was changed.",
}

var adminJA = map[msg]string{
	mAdminOnly:     "`/shogiadmin` を使えるのはモデレーター（サーバー管理権限）だけです。",
	mAdminEndMoved: "対局の終了は `/shogiadmin end` になりました（モデレーター：サーバー管理権限）。",
	mAdminSettings: "**このサーバーの将棋の設定**\n公開投稿の言語：%s\n公開投稿の表記：%s\nスレッド：%s\n対局の告知先：%s\n" +
		"観戦（`watch_delay`）：%s\nレーティング対局の観戦（`watch_ranked`）：%s\n結果とともにGIF（`result_gif`）：%s\nGIFに衝立将棋の反則の場面（`gif_foul_frames`）：%s\n既定の設定：%s",
	mAdminNotaLang:    "言語に従う：%s",
	mAdminNotaW:       "西洋式（P-7f）",
	mAdminNotaJ:       "日本式（７六歩）",
	mAdminNotaU:       "USI（7g7f）",
	mAdminLangServer:  "サーバーの言語（%s）",
	mAdminLangChosen:  "%s",
	mAdminThreadsOn:   "オン",
	mAdminThreadsOff:  "オフ",
	mAdminThreadsConf: "ボットの既定（%s）",
	mAdminChannelAny:  "挑戦されたチャンネル",
	mAdminChannel:     "<#%s>",
	mAdminNoDefaults:  "ボットの既定",
	mAdminDefaults:    "%s：%s",
	mAdminSaved:       "保存しました。",
	mAdminBadChannel:  "このサーバーのテキストチャンネルを選んでください。",
	mAdminBadNota:     "「%s」という表記はありません。default、western、japanese、usi から選んでください。",
	mAnnouncedIn:      "%s — <#%s> で",
	mAdminWatchMoves:  "%d手遅れ",
	mAdminWatchLive:   "遅れなし（レーティング対局以外）",
	mAdminWatchOff:    "オフ（観戦なし）",
	mAdminBadDelay:    "観戦の遅れは -1（観戦なし）、0（遅れなし、レーティング対局以外）、1〜%[2]d手のいずれかです（%[1]d は範囲外）。何も変更していません。",
	mAdminBadSwitch:   "`%s` は on、off、default のいずれかです（「%s」は使えません）。何も変更していません。",
}

// AdminOnly answers /shogiadmin used without Manage Server.
func AdminOnly(l Lang) string { return tr(l, mAdminOnly) }

// AdminEndMoved answers the old /shogi end.
func AdminEndMoved(l Lang) string { return tr(l, mAdminEndMoved) }

// AdminSaved opens the summary after a change.
func AdminSaved(l Lang) string { return tr(l, mAdminSaved) }

// AdminBadChannel refuses a channel that is no text channel of the server.
func AdminBadChannel(l Lang) string { return tr(l, mAdminBadChannel) }

// AdminBadNotation refuses a notation of public posts the bot does not know.
func AdminBadNotation(l Lang, typed string) string {
	return clip(tr(l, mAdminBadNota, Escape(notation.Echo(typed))))
}

// AdminBadWatchDelay refuses a watch delay out of range (-1 to max).
func AdminBadWatchDelay(l Lang, given, max int) string { return tr(l, mAdminBadDelay, given, max) }

// AdminBadSwitch refuses a value other than on, off or default for an on/off
// setting.
func AdminBadSwitch(l Lang, name, typed string) string {
	return clip(tr(l, mAdminBadSwitch, name, Escape(notation.Echo(typed))))
}

// ServerSettings is what /shogiadmin settings shows: Language "" follows
// the server's locale (whose language is Locale); Notation ("western",
// "japanese", "usi") "" the notation of that language; Threads,
// WatchRanked, ResultGIF and GIFFoulFrames ("on", "off") "" the bot's
// configuration (their ...Conf); Channel "" the channel of each challenge;
// WatchDelay the delay in force (the server's own when WatchDelayOwn);
// Defaults by variant, each a list of "option value" already written.
type ServerSettings struct {
	Language          Lang
	Locale            Lang
	Notation          string
	Threads           string
	ThreadsConf       bool
	Channel           string
	WatchDelay        int
	WatchDelayOwn     bool
	WatchRanked       string
	WatchRankedConf   bool
	ResultGIF         string
	ResultGIFConf     bool
	GIFFoulFrames     string
	GIFFoulFramesConf bool
	Defaults          map[view.Variant][]string
}

// AdminSettings is the summary of a server's settings.
func AdminSettings(l Lang, s ServerSettings) string {
	lang := tr(l, mAdminLangServer, LangName(s.Locale))
	public := s.Locale
	if s.Language != "" {
		lang = tr(l, mAdminLangChosen, LangName(s.Language))
		public = s.Language
	}
	notations := map[string]msg{"western": mAdminNotaW, "japanese": mAdminNotaJ, "usi": mAdminNotaU}
	var notation string
	if m, ok := notations[s.Notation]; ok {
		notation = tr(l, m)
	} else if public == JA {
		notation = tr(l, mAdminNotaLang, tr(l, mAdminNotaJ))
	} else {
		notation = tr(l, mAdminNotaLang, tr(l, mAdminNotaW))
	}
	onOff := func(on bool) string {
		if on {
			return tr(l, mAdminThreadsOn)
		}
		return tr(l, mAdminThreadsOff)
	}
	choice := func(v string, conf bool) string {
		if v == "" {
			return tr(l, mAdminThreadsConf, onOff(conf))
		}
		return onOff(v == "on")
	}
	var watch string
	switch {
	case s.WatchDelay < 0:
		watch = tr(l, mAdminWatchOff)
	case s.WatchDelay == 0:
		watch = tr(l, mAdminWatchLive)
	default:
		watch = tr(l, mAdminWatchMoves, s.WatchDelay)
	}
	if !s.WatchDelayOwn {
		watch = tr(l, mAdminThreadsConf, watch)
	}
	ch := tr(l, mAdminChannelAny)
	if s.Channel != "" {
		ch = tr(l, mAdminChannel, s.Channel)
	}
	defs := tr(l, mAdminNoDefaults)
	if len(s.Defaults) > 0 {
		var vs []string
		for v := range s.Defaults {
			vs = append(vs, string(v))
		}
		sort.Strings(vs)
		var lines []string
		for _, v := range vs {
			lines = append(lines, "\n- "+tr(l, mAdminDefaults, VariantName(l, view.Variant(v)), strings.Join(s.Defaults[view.Variant(v)], tr(l, mOpt))))
		}
		defs = strings.Join(lines, "")
	}
	return clip(tr(l, mAdminSettings, lang, notation, choice(s.Threads, s.ThreadsConf), ch, watch,
		choice(s.WatchRanked, s.WatchRankedConf), choice(s.ResultGIF, s.ResultGIFConf), choice(s.GIFFoulFrames, s.GIFFoulFramesConf), defs))
}

// LangName is a language's name in itself.
func LangName(l Lang) string {
	if l == JA {
		return "日本語"
	}
	return "English"
}

// AnnouncedIn is the accepted challenge's text when the game's card went to
// the server's games channel.
func AnnouncedIn(l Lang, accepted, channel string) string {
	return clip(tr(l, mAnnouncedIn, accepted, channel))
}

// OptionValue writes one default option as the command names it: "foul_limit
// 20", "announce_fouls off".
func OptionValue(name string, v int, boolean bool) string {
	if boolean {
		if v != 0 {
			return name + " on"
		}
		return name + " off"
	}
	return fmt.Sprintf("%s %d", name, v)
}
