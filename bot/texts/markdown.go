package texts

import "strings"

// markdownChars are the characters Discord's markdown gives a meaning to
// anywhere in a line: emphasis (* _), strikethrough (~), code (`), spoilers
// (|), masked links ([ ]) and the escape itself (\).
const markdownChars = "\\*_~`|[]"

// lineStartChars mean something only at the start of a line: a quote (>), a
// heading (#), a list (-). Elsewhere they stay, so mentions ("<@id>") and
// moves ("P-7f") read as they are.
const lineStartChars = ">#-"

// Escape makes s, text from a user or move notation ("L*5e", a name like
// "_bob_"), read literally inside a Discord message: each markdown character
// gets a backslash, which Discord does not show. Every such text a message
// interpolates goes through it (or into a `code` span, see SafeCode); the
// templates' own markdown stays. @everyone and @here are left as they are:
// they ping no one, because every message the bot sends sets allowed_mentions
// (bot.mentions).
func Escape(s string) string {
	var b strings.Builder
	lineStart := true
	for i, r := range s {
		if strings.ContainsRune(markdownChars, r) || lineStart && strings.ContainsRune(lineStartChars, r) {
			if b.Len() == 0 {
				b.Grow(len(s) + 8)
				b.WriteString(s[:i])
			}
			b.WriteByte('\\')
			b.WriteRune(r)
		} else if b.Len() > 0 {
			b.WriteRune(r)
		}
		lineStart = r == '\n'
	}
	if b.Len() == 0 {
		return s
	}
	return b.String()
}

// Name is a player's name or mention as a message shows it: trimmed,
// shortened to maxName and escaped.
func Name(s string) string { return Escape(Shorten(strings.TrimSpace(s), maxName)) }
