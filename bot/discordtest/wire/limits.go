package wire

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Limits Discord enforces that its OpenAPI description does not encode.
const (
	maxBotContent     = 2000 // characters of content in a bot message (the spec allows 4000 on channel messages)
	maxActionRows     = 5    // top-level action rows of a classic (non Components V2) message
	maxRowButtons     = 5    // buttons in one action row
	maxFiles          = 10   // files per message
	maxEmbedChars     = 6000 // title+description+fields+footer+author across all embeds
	maxEmbedDesc      = 4096 // characters of one embed's description
	maxCommandChars   = 8000 // combined name, description and values of a command, its options and choices
	flagComponentsV2  = 1 << 15
	channelFlagsAllow = 1<<2 | 1<<12 | 1<<13 | flagComponentsV2 // SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, IS_COMPONENTS_V2
)

// commandName is Discord's rule for chat-input command and option names (Go
// spells the scripts \p{Devanagari} and \p{Thai}); letters must also be lowercase.
var commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// Check applies the checks of Discord's limits that its OpenAPI
// description misses and that fit a request's route ("POST
// /channels/{channel_id}/messages"): its method, its JSON body (or
// payload_json), that body's top-level fields, and how many files it
// uploads. It returns the problems, none if the request is valid.
func Check(route, method string, body []byte, fields Payload, files int) []string {
	var p []string
	if files > maxFiles {
		p = append(p, fmt.Sprintf("%d files; at most %d per message", files, maxFiles))
	}
	switch {
	case strings.HasSuffix(route, "/commands") && method == "PUT":
		var cmds []json.RawMessage
		if json.Unmarshal(body, &cmds) == nil {
			for i, raw := range cmds {
				for _, e := range checkCommand(raw) {
					p = append(p, fmt.Sprintf("command %d: %s", i, e))
				}
			}
		}
	case strings.Contains(route, "/commands") && (method == "POST" || method == "PATCH"):
		p = append(p, checkCommand(body)...)
	case route == "POST /channels/{channel_id}/messages" || route == "PATCH /channels/{channel_id}/messages/{message_id}":
		p = append(p, checkMessage(fields, true)...)
	case strings.HasPrefix(route, "POST /webhooks/") || strings.HasPrefix(route, "PATCH /webhooks/"):
		p = append(p, checkMessage(fields, false)...)
	case strings.HasPrefix(route, "POST /interactions/"):
		data := Parse(fields["data"])
		switch discordgo.InteractionResponseType(fields.Int("type")) {
		case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage,
			discordgo.InteractionResponseDeferredChannelMessageWithSource:
			p = append(p, checkMessage(data, false)...)
		case discordgo.InteractionApplicationCommandAutocompleteResult:
			p = append(p, checkAutocomplete(fields["data"])...)
		case discordgo.InteractionResponseModal:
			if n := countTop(data["components"]); n > maxActionRows {
				p = append(p, fmt.Sprintf("modal has %d rows; at most %d", n, maxActionRows))
			}
		}
	}
	return p
}

// checkMessage checks content length, classic component layout, embed size
// and, for channel messages, the flags a bot may set.
func checkMessage(m Payload, channel bool) []string {
	var p []string
	if n := utf8.RuneCountInString(m.Str("content")); n > maxBotContent {
		p = append(p, fmt.Sprintf("content has %d characters; bots may send at most %d", n, maxBotContent))
	}
	flags := m.Int("flags")
	if channel && flags&^channelFlagsAllow != 0 {
		p = append(p, fmt.Sprintf("flags %d: a channel message may only set SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE, IS_COMPONENTS_V2 (EPHEMERAL only applies to interaction responses)", flags))
	}
	if flags&flagComponentsV2 == 0 {
		p = append(p, checkClassicComponents(m["components"])...)
	}
	var embeds []struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		Footer      *struct {
			Text string `json:"text"`
		} `json:"footer"`
		Author *struct {
			Name string `json:"name"`
		} `json:"author"`
		Fields []struct {
			Name  string `json:"name"`
			Value string `json:"value"`
		} `json:"fields"`
	}
	_ = json.Unmarshal(m["embeds"], &embeds)
	total := 0
	for i, e := range embeds {
		if n := utf8.RuneCountInString(e.Description); n > maxEmbedDesc {
			p = append(p, fmt.Sprintf("embed %d: description has %d characters; at most %d", i, n, maxEmbedDesc))
		}
		total += utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
		if e.Footer != nil {
			total += utf8.RuneCountInString(e.Footer.Text)
		}
		if e.Author != nil {
			total += utf8.RuneCountInString(e.Author.Name)
		}
		for _, f := range e.Fields {
			total += utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		}
	}
	if total > maxEmbedChars {
		p = append(p, fmt.Sprintf("embeds have %d characters in all; at most %d", total, maxEmbedChars))
	}
	return p
}

func countTop(raw json.RawMessage) int {
	var list []json.RawMessage
	_ = json.Unmarshal(raw, &list)
	return len(list)
}

// checkClassicComponents: at most 5 action rows at the top level, each with
// at most 5 buttons, or exactly one select menu.
func checkClassicComponents(raw json.RawMessage) []string {
	var rows []Component
	if json.Unmarshal(raw, &rows) != nil {
		return nil
	}
	var p []string
	if len(rows) > maxActionRows {
		p = append(p, fmt.Sprintf("%d action rows; a message has at most %d", len(rows), maxActionRows))
	}
	for i, r := range rows {
		if r.Type != int(discordgo.ActionsRowComponent) {
			p = append(p, fmt.Sprintf("component %d has type %d; top-level components must be action rows (type 1) without the IS_COMPONENTS_V2 flag", i, r.Type))
			continue
		}
		buttons, selects := 0, 0
		for _, sub := range r.Components {
			var c Component
			_ = json.Unmarshal(sub, &c)
			switch c.Type {
			case int(discordgo.ButtonComponent):
				buttons++
			case 3, 5, 6, 7, 8:
				selects++
			}
		}
		if buttons > maxRowButtons {
			p = append(p, fmt.Sprintf("action row %d has %d buttons; at most %d", i, buttons, maxRowButtons))
		}
		if selects > 0 && (selects > 1 || buttons > 0) {
			p = append(p, fmt.Sprintf("action row %d: a select menu must be alone in its row", i))
		}
	}
	return p
}

// commandDef is what checkCommand reads of a command or option.
type commandDef struct {
	Name                     string            `json:"name"`
	NameLocalizations        map[string]string `json:"name_localizations"`
	Description              string            `json:"description"`
	DescriptionLocalizations map[string]string `json:"description_localizations"`
	Type                     int               `json:"type"`
	Required                 bool              `json:"required"`
	Options                  []commandDef      `json:"options"`
	Choices                  []struct {
		Name              string            `json:"name"`
		NameLocalizations map[string]string `json:"name_localizations"`
		Value             any               `json:"value"`
	} `json:"choices"`
}

// discordLocales are the locales Discord accepts as localization keys.
var discordLocales = map[string]bool{"id": true, "da": true, "de": true, "en-GB": true, "en-US": true, "es-ES": true,
	"es-419": true, "fr": true, "hr": true, "it": true, "lt": true, "hu": true, "nl": true, "no": true, "pl": true,
	"pt-BR": true, "ro": true, "fi": true, "sv-SE": true, "vi": true, "tr": true, "cs": true, "el": true, "bg": true,
	"ru": true, "uk": true, "hi": true, "th": true, "zh-CN": true, "ja": true, "zh-TW": true, "ko": true}

// checkLocalized checks a localization map: known locales, and each value
// passing check.
func checkLocalized(what string, m map[string]string, check func(string, string) []string) []string {
	var p []string
	for loc, v := range m {
		if !discordLocales[loc] {
			p = append(p, fmt.Sprintf("%s: %q is not a Discord locale", what, loc))
			continue
		}
		p = append(p, check(what+" ["+loc+"]", v)...)
	}
	return p
}

// checkText checks a description or choice name: 1 to max characters.
func checkText(max int) func(string, string) []string {
	return func(what, s string) []string {
		if n := utf8.RuneCountInString(s); n < 1 || n > max {
			return []string{fmt.Sprintf("%s %q has %d characters; want 1 to %d", what, s, n, max)}
		}
		return nil
	}
}

// checkDef checks a command's or option's localizations and its choices.
func checkDef(where string, d commandDef) []string {
	p := checkLocalized(where+" name", d.NameLocalizations, checkName)
	p = append(p, checkLocalized(where+" description", d.DescriptionLocalizations, checkText(100))...)
	if d.Description != "" || d.DescriptionLocalizations != nil {
		p = append(p, checkText(100)(where+" description", d.Description)...)
	}
	for _, ch := range d.Choices {
		p = append(p, checkText(100)(where+" choice", ch.Name)...)
		p = append(p, checkLocalized(where+" choice "+ch.Name, ch.NameLocalizations, checkText(100))...)
	}
	return p
}

// checkAutocomplete checks an autocomplete result: at most 25 choices, names
// of 1 to 100 characters, string values of at most 100.
func checkAutocomplete(raw json.RawMessage) []string {
	var d commandDef
	if json.Unmarshal(raw, &d) != nil {
		return nil
	}
	var p []string
	if len(d.Choices) > 25 {
		p = append(p, fmt.Sprintf("autocomplete: %d choices; at most 25", len(d.Choices)))
	}
	for _, ch := range d.Choices {
		p = append(p, checkText(100)("autocomplete choice", ch.Name)...)
		if v, ok := ch.Value.(string); ok && utf8.RuneCountInString(v) > 100 {
			p = append(p, fmt.Sprintf("autocomplete choice value %q: at most 100 characters", v))
		}
	}
	return p
}

// checkCommand applies the naming rule to chat-input commands and all their
// options, and checks option order, mixing and the combined size.
func checkCommand(raw json.RawMessage) []string {
	var cmd commandDef
	if json.Unmarshal(raw, &cmd) != nil {
		return nil
	}
	if cmd.Type != 0 && cmd.Type != int(discordgo.ChatApplicationCommand) {
		return nil // user and message commands may use spaces and capitals
	}
	var p []string
	if cmd.Name != "" {
		p = append(p, checkName("command", cmd.Name)...)
	}
	p = append(p, checkDef("/"+cmd.Name, cmd)...)
	p = append(p, checkOptionList("/"+cmd.Name, cmd.Options)...)
	if n := commandChars(cmd); n > maxCommandChars {
		p = append(p, fmt.Sprintf("/%s has %d characters of names, descriptions and values; at most %d", cmd.Name, n, maxCommandChars))
	}
	return p
}

func checkName(what, name string) []string {
	if name == "" {
		return []string{what + " name is empty"}
	}
	var p []string
	if !commandName.MatchString(name) {
		p = append(p, fmt.Sprintf("%s name %q does not match ^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$", what, name))
	}
	if strings.ToLower(name) != name {
		p = append(p, fmt.Sprintf("%s name %q must be lowercase", what, name))
	}
	return p
}

func checkOptionList(where string, opts []commandDef) []string {
	var p []string
	seen := map[string]bool{}
	optional, subs, plain := false, 0, 0
	for _, o := range opts {
		p = append(p, checkName("option", o.Name)...)
		p = append(p, checkDef(where+" "+o.Name, o)...)
		if seen[o.Name] {
			p = append(p, fmt.Sprintf("%s: option %q appears twice", where, o.Name))
		}
		seen[o.Name] = true
		switch discordgo.ApplicationCommandOptionType(o.Type) {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			p = append(p, checkOptionList(where+" "+o.Name, o.Options)...)
			continue
		}
		plain++
		if o.Required && optional {
			p = append(p, fmt.Sprintf("%s: required option %q comes after an optional one", where, o.Name))
		}
		optional = optional || !o.Required
	}
	if subs > 0 && plain > 0 {
		p = append(p, fmt.Sprintf("%s mixes subcommands with other options", where))
	}
	return p
}

func commandChars(c commandDef) int {
	n := utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(c.Description)
	for _, ch := range c.Choices {
		n += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(fmt.Sprint(ch.Value))
	}
	for _, o := range c.Options {
		n += commandChars(o)
	}
	return n
}

// Component is the part of a message component the simulated user needs.
type Component struct {
	Type       int               `json:"type"`
	CustomID   string            `json:"custom_id"`
	Disabled   bool              `json:"disabled"`
	Required   *bool             `json:"required"`
	MinValues  *int              `json:"min_values"`
	MaxValues  *int              `json:"max_values"`
	MinLength  *int              `json:"min_length"`
	MaxLength  *int              `json:"max_length"`
	Options    []SelectOption    `json:"options"`
	Components []json.RawMessage `json:"components"`
	Component  json.RawMessage   `json:"component"` // inside a label (type 18)
	Accessory  json.RawMessage   `json:"accessory"` // inside a section (type 9)
}

// SelectOption is an option of a string select.
type SelectOption struct {
	Value string `json:"value"`
}

// WalkComponents calls fn for every component in a JSON array, depth first.
func WalkComponents(raw json.RawMessage, fn func(*Component)) {
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		var one json.RawMessage
		if json.Unmarshal(raw, &one) != nil || len(one) == 0 || one[0] != '{' {
			return
		}
		list = []json.RawMessage{one}
	}
	for _, r := range list {
		var c Component
		if json.Unmarshal(r, &c) != nil {
			continue
		}
		fn(&c)
		for _, sub := range c.Components {
			WalkComponents(sub, fn)
		}
		if len(c.Component) > 0 {
			WalkComponents(c.Component, fn)
		}
		if len(c.Accessory) > 0 {
			WalkComponents(c.Accessory, fn)
		}
	}
}

// FindComponent is the component custom_id in a JSON array, depth first
// (nil: none).
func FindComponent(raw json.RawMessage, customID string) *Component {
	var found *Component
	WalkComponents(raw, func(c *Component) {
		if found == nil && c.CustomID == customID {
			found = c
		}
	})
	return found
}
