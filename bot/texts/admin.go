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
	mAdminOnly:        "Only moderators (Manage Server) can use `/shogiadmin`.",
	mAdminEndMoved:    "Ending a game is now `/shogiadmin end` (moderators: Manage Server).",
	mAdminSettings:    "**This server's shogi settings**\nLanguage of public posts: %s\nNotation of public posts: %s\nThreads: %s\nGames announced in: %s\nDefaults: %s",
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
}

var adminJA = map[msg]string{
	mAdminOnly:        "`/shogiadmin` を使えるのはモデレーター（サーバー管理権限）だけです。",
	mAdminEndMoved:    "対局の終了は `/shogiadmin end` になりました（モデレーター：サーバー管理権限）。",
	mAdminSettings:    "**このサーバーの将棋の設定**\n公開投稿の言語：%s\n公開投稿の表記：%s\nスレッド：%s\n対局の告知先：%s\n既定の設定：%s",
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

// ServerSettings is what /shogiadmin settings shows: Language "" follows
// the server's locale (whose language is Locale); Notation ("western",
// "japanese", "usi") "" the notation of that language; Threads "" the bot's
// configuration (ThreadsConf); Channel "" the channel of each challenge;
// Defaults by variant, each a list of "option value" already written.
type ServerSettings struct {
	Language    Lang
	Locale      Lang
	Notation    string
	Threads     string
	ThreadsConf bool
	Channel     string
	Defaults    map[view.Variant][]string
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
	threads := tr(l, mAdminThreadsConf, onOff(s.ThreadsConf))
	if s.Threads != "" {
		threads = onOff(s.Threads == "on")
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
	return clip(tr(l, mAdminSettings, lang, notation, threads, ch, defs))
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
