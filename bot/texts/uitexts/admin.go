package uitexts

import (
	"fmt"
	"shinpan/bot/texts"
	"sort"
	"strings"

	"shinpan/referee/notation"
	"shinpan/referee/view"
)

// The texts of /shogiadmin, the moderators' command (their words are in
// en.go and ja.go).

// AdminOnly answers /shogiadmin used without Manage Server.
func AdminOnly(l texts.Lang) string { return tr(l, mAdminOnly) }

// AdminEndMoved answers the old /shogi end.
func AdminEndMoved(l texts.Lang) string { return tr(l, mAdminEndMoved) }

// AdminSaved opens the summary after a change.
func AdminSaved(l texts.Lang) string { return tr(l, mAdminSaved) }

// AdminBadChannel refuses a channel that is no text channel of the server.
func AdminBadChannel(l texts.Lang) string { return tr(l, mAdminBadChannel) }

// AdminBadNotation refuses a notation of public posts the bot does not know.
func AdminBadNotation(l texts.Lang, typed string) string {
	return texts.Clip(tr(l, mAdminBadNota, texts.Escape(notation.Echo(typed))))
}

// AdminBadWatchDelay refuses a watch delay out of range (-1 to max).
func AdminBadWatchDelay(l texts.Lang, given, max int) string {
	return tr(l, mAdminBadDelay, given, max)
}

// AdminBadSwitch refuses a value other than on, off or default for an on/off
// setting.
func AdminBadSwitch(l texts.Lang, name, typed string) string {
	return texts.Clip(tr(l, mAdminBadSwitch, name, texts.Escape(notation.Echo(typed))))
}

// ServerSettings is what /shogiadmin settings shows: Language "" follows
// the server's locale (whose language is Locale); Notation ("western",
// "japanese", "usi") "" the notation of that language; Threads,
// WatchRanked, ResultGIF and GIFFoulFrames ("on", "off") "" the bot's
// configuration (their ...Conf); Channel "" the channel of each challenge;
// WatchDelay the delay in force (the server's own when WatchDelayOwn);
// Defaults by variant, each a list of "option value" already written.
type ServerSettings struct {
	Language          texts.Lang
	Locale            texts.Lang
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
func AdminSettings(l texts.Lang, s ServerSettings) string {
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
	} else if public == texts.JA {
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
			lines = append(lines, "\n- "+tr(l, mAdminDefaults, texts.VariantName(l, view.Variant(v)), strings.Join(s.Defaults[view.Variant(v)], tr(l, mOpt))))
		}
		defs = strings.Join(lines, "")
	}
	return texts.Clip(tr(l, mAdminSettings, lang, notation, choice(s.Threads, s.ThreadsConf), ch, watch,
		choice(s.WatchRanked, s.WatchRankedConf), choice(s.ResultGIF, s.ResultGIFConf), choice(s.GIFFoulFrames, s.GIFFoulFramesConf), defs))
}

// LangName is a language's name in itself.
func LangName(l texts.Lang) string {
	if l == texts.JA {
		return "日本語"
	}
	return "English"
}

// AnnouncedIn is the accepted challenge's text when the game's card went to
// the server's games channel.
func AnnouncedIn(l texts.Lang, accepted, channel string) string {
	return texts.Clip(tr(l, mAnnouncedIn, accepted, channel))
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
