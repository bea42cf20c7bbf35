package commands

import (
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/bot/texts/uitexts"
	"shinpan/store"
)

// Settings saves a user's reading settings and shows them all (with no
// option, only shows them).
func (cm *Commands) Settings(r *interact.Req) (interact.Answer, error) {
	o := r.Opts
	changed := false
	for _, name := range []string{"notation", "language", "orientation", "board", "pieces", "input"} {
		changed = changed || o.Str(name) != ""
	}
	saved := uitexts.SettingsSavedLook
	update := cm.st.UpdateSettings
	if !changed { // nothing asked: show them, say nothing was saved
		saved = uitexts.SettingsShown
		update = func(user string, _ func(*store.Settings)) (store.Settings, error) { return cm.st.GetSettings(user) }
	}
	st, err := update(r.User, func(s *store.Settings) {
		if v := o.Str("notation"); v != "" {
			s.Notation = store.Notation(v)
		}
		if v := o.Str("language"); v != "" {
			s.Language = v
		}
		if v := o.Str("orientation"); v != "" {
			s.Orientation = v
		}
		if v := o.Str("board"); v != "" {
			s.Theme = v
		}
		if v := o.Str("pieces"); v != "" {
			s.Pieces = v
		}
		if v := o.Str("input"); v != "" {
			s.Input = v
		}
	})
	if err != nil {
		return interact.Answer{}, err
	}
	l := r.Lang
	if nl, ok := texts.ParseLang(st.Language); ok {
		l = nl // answered in the language just chosen
	}
	or := func(s, d string) string {
		if s == "" {
			return d
		}
		return s
	}
	notationDefault := "western"
	if l == texts.JA {
		notationDefault = "japanese"
	}
	return interact.Say(saved(l, or(string(st.Notation), notationDefault), or(st.Language, "en"),
		or(st.Orientation, "own"), or(st.Theme, "light"), or(st.Pieces, "printed")) + uitexts.InputSaved(l, st.Input)), nil
}
