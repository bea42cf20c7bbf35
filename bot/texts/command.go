package texts

import (
	"strings"
	"unicode/utf8"
)

// The texts name a slash command in code, `/shogi challenge`, in both
// languages. Discord shows a command mention, </shogi challenge:ID>, as the
// command itself, clickable and under the names of the reader's language (a
// Japanese client shows /将棋 挑戦), but it needs the command's id, which
// the bot learns when it registers its commands. CommandIDs.Mention turns
// the one into the other as a text leaves for Discord; a command whose id is
// not known stays in code, as written.

// MaxEmbed is the longest embed description Discord accepts, in characters
// (a text too long for a message, such as the help with its mentions).
const MaxEmbed = 4096

// CommandIDs are the application's command ids by the path a mention names:
// "shogi challenge", "shogi tournament create", "shogiadmin end" (Discord's
// "</NAME SUBCOMMAND:ID>" and "</NAME SUBCOMMAND_GROUP SUBCOMMAND:ID>", the
// id being the top-level command's). A command made of subcommands, or a
// group, cannot be mentioned itself: `/shogi` and `/shogi tournament` stay
// in code.
type CommandIDs map[string]string

// Mention writes each command s names in code as a mention when its id is
// known. Mentions are longer than the code (up to 20 characters more each,
// with a 19-digit id): should the result exceed max characters, s is
// returned as it is. A user's text never opens code: Escape puts a
// backslash before each of its backticks, and code holds none (SafeCode).
func (ids CommandIDs) Mention(s string, max int) string {
	if len(ids) == 0 || !strings.Contains(s, "`/") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 512)
	rest := s
	for {
		i := openingTick(rest)
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+1:], '`')
		if j < 0 {
			break
		}
		code, end := rest[i+1:i+1+j], i+1+j+1 // one span, its backticks
		path, isCmd := strings.CutPrefix(code, "/")
		if id := ids[path]; isCmd && id != "" && isCommandPath(path) {
			b.WriteString(rest[:i])
			b.WriteString("</")
			b.WriteString(path)
			b.WriteByte(':')
			b.WriteString(id)
			b.WriteByte('>')
		} else {
			b.WriteString(rest[:end])
		}
		rest = rest[end:]
	}
	b.WriteString(rest)
	out := b.String()
	if utf8.RuneCountInString(out) > max {
		return s
	}
	return out
}

// openingTick is the index of the first backtick of s that opens code: not
// one escaped with a backslash (a user's, Escape). -1 if there is none.
func openingTick(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++ // the next character is literal
		case '`':
			return i
		}
	}
	return -1
}

// isCommandPath says whether p is 2 or 3 words of a-z and _ (a command and
// its subcommand, or its group and the group's subcommand).
func isCommandPath(p string) bool {
	words, empty := 1, true
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == ' ':
			if empty {
				return false
			}
			words, empty = words+1, true
		case c >= 'a' && c <= 'z' || c == '_':
			empty = false
		default:
			return false
		}
	}
	return !empty && words >= 2 && words <= 3
}
