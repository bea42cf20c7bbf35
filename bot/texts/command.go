package texts

import (
	"regexp"
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

// codeCommand is a command in code: "`/shogi challenge`". A user's text
// never matches: Escape puts a backslash before each of its backticks.
var codeCommand = regexp.MustCompile("`/([a-z_]+(?: [a-z_]+){1,2})`")

// Mention writes each command s names in code as a mention when its id is
// known. Mentions are longer than the code (up to 20 characters more each,
// with a 19-digit id): should the result exceed max characters, s is
// returned as it is.
func (ids CommandIDs) Mention(s string, max int) string {
	if len(ids) == 0 || !strings.Contains(s, "`/") {
		return s
	}
	out := codeCommand.ReplaceAllStringFunc(s, func(code string) string {
		path := code[2 : len(code)-1]
		if id := ids[path]; id != "" {
			return "</" + path + ":" + id + ">"
		}
		return code
	})
	if utf8.RuneCountInString(out) > max {
		return s
	}
	return out
}
