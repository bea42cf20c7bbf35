package commands

import (
	"maps"
	"slices"
	"sort"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/compose"
	"shinpan/bot/interact"
	"shinpan/bot/texts"
	"shinpan/bot/texts/tntexts"
	"shinpan/bot/texts/uitexts"
	"shinpan/referee"
	"shinpan/referee/policy"
	"shinpan/referee/view"
	"shinpan/store"
)

// /shogiadmin is what only a server's moderators may do: end a game, and the
// server's settings (the language and notation of public posts, threads, the
// channel where games are announced, the challenge defaults of each variant).
// Discord shows it to members with Manage Server (default_member_permissions)
// and to whom the server grants it in its integration settings (adminGate).

// adminCommandEN is /shogiadmin in English, its default language.
func adminCommandEN() *discordgo.ApplicationCommand {
	perm := int64(discordgo.PermissionManageGuild)
	guild := []discordgo.InteractionContextType{discordgo.InteractionContextGuild} // servers only (dm_permission is deprecated for it)
	channel := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionChannel, Name: "channel",
		Description: "Announce every game in this channel", ChannelTypes: []discordgo.ChannelType{discordgo.ChannelTypeGuildText}}
	defaults := append([]*discordgo.ApplicationCommandOption{variantOpt(true)}, gameOptionDefs()...)
	defaults = append(defaults, boolOpt("reset", "Back to the bot's defaults for this variant"))
	return &discordgo.ApplicationCommand{
		Name:                     AdminName,
		Description:              "Moderators: end games, and this server's shogi settings",
		DefaultMemberPermissions: &perm,
		Contexts:                 &guild,
		Options: []*discordgo.ApplicationCommandOption{
			sub("end", "End a game without a result", gameArg()),
			sub("settings", "This server's public posts, threads, games channel, watching, GIFs (none given: show)",
				choiceOpt("language", "Language of public posts", "server", "en", "ja"),
				choiceOpt("notation", "How public posts write moves (default: their language's)", "default", "western", "japanese", "usi"),
				choiceOpt("threads", "Each game's moves in a thread under its card", "on", "off", "default"),
				channel,
				boolOpt("channel_reset", "Announce each game in the channel of its challenge again"),
				intOpt("watch_delay", "Moves a watcher is behind (-1 = no watching; 0 = live, unranked games only; up to 300)",
					store.MinWatchDelay, store.MaxWatchDelay),
				boolOpt("watch_delay_reset", "Back to the bot's default watch delay"),
				choiceOpt("watch_ranked", "Ranked games may be watched (always at least 10 moves behind)", "on", "off", "default"),
				choiceOpt("result_gif", "Post the game's animated GIF with its result", "on", "off", "default"),
				choiceOpt("gif_foul_frames", "In the GIF, a frame for each Tsuitate foul attempt", "on", "off", "default"),
				choiceOpt("tournament_create", "Who may create tournaments", "moderators", "everyone"),
				choiceOpt("tournament_watch", "Tournament games may be watched while they go on", "on", "off", "default")),
			sub("defaults", "A variant's default challenge options in this server (none given: show them)", defaults...),
		},
	}
}

// gameOptionDefs are the game options of /shogi challenge that a server may
// also set as its defaults (/shogiadmin defaults): all but the time preset.
func gameOptionDefs() []*discordgo.ApplicationCommandOption {
	return []*discordgo.ApplicationCommandOption{
		intOpt("foul_limit", "Tsuitate: the Nth foul loses (1-20, default 10)", 1, 20),
		boolOpt("announce_fouls", "Tsuitate: tell the opponent and channel about fouls (default on)"),
		intOpt("move_limit", "Draw after this many moves (0 = none; 50-1000)", 0, 1000),
		boolOpt("mask_as_king", "Masked: the mask may not be left attacked (default off)"),
		boolOpt("king_visible", "Tsuitate: each side always sees the opponent's king (default off)"),
		intOpt("turn_seconds", "Time per move in seconds (0 = none; 10-3600)", 0, 3600),
		intOpt("main_minutes", "Main time in minutes, then byoyomi or an increment (1-360)", 0, policy.MaxMainMinutes),
		intOpt("byoyomi_seconds", "Byoyomi: seconds a move once the main time is spent (10-3600)", 0, policy.MaxByoyomiSeconds),
		intOpt("increment_seconds", "Fischer: seconds added after each move (1-600; needs main_minutes)", 0, policy.MaxIncrementSeconds),
		intOpt("days_per_move", "Correspondence: days a move (1-14; the CPU never takes a seat)", 0, policy.MaxDaysPerMove),
		boolOpt("show_reachable", "Players may ask where a piece can go on their own board (default on)"),
		intOpt("away_seconds", "The CPU plays the seat of a player away this long on their turn (0 = never)", 0, 604800),
	}
}

// The game options by name, as policy.Options fields: the challenge's, the
// server's defaults'. The clock options go together (policy.ChooseTime).
var (
	intOptions = map[string]func(*policy.Options) *int{
		"foul_limit":   func(o *policy.Options) *int { return &o.FoulLimit },
		"move_limit":   func(o *policy.Options) *int { return &o.MoveLimit },
		"away_seconds": func(o *policy.Options) *int { return &o.AwaySeconds },
	}
	boolOptions = map[string]func(*policy.Options) *bool{
		"announce_fouls": func(o *policy.Options) *bool { return &o.AnnounceFouls },
		"mask_as_king":   func(o *policy.Options) *bool { return &o.MaskAsKing },
		"king_visible":   func(o *policy.Options) *bool { return &o.KingVisible },
		"show_reachable": func(o *policy.Options) *bool { return &o.ShowReachable },
	}
	clockOptions = []string{"turn_seconds", "main_minutes", "byoyomi_seconds", "increment_seconds", "days_per_move"}
)

// knownOption says whether name is a game option a server may default.
func knownOption(name string) bool {
	_, isInt := intOptions[name]
	_, isBool := boolOptions[name]
	return isInt || isBool || slices.Contains(clockOptions, name)
}

// applyOptions sets the options given in o over opts: the time preset and
// the clock fields as a challenge asks (policy.ChooseTime), then the rest.
func applyOptions(opts *policy.Options, o interact.Opts) error {
	return setOptions(opts, o.Str("time"), givenOptions(o))
}

// givenOptions are the game options given in o, by name (true and false as
// 1 and 0).
func givenOptions(o interact.Opts) map[string]int {
	d := map[string]int{}
	for name := range intOptions {
		if n, ok := o.Num(name); ok {
			d[name] = n
		}
	}
	for _, name := range clockOptions {
		if n, ok := o.Num(name); ok {
			d[name] = n
		}
	}
	for name := range boolOptions {
		if f, ok := o.Flag(name); ok {
			d[name] = boolInt(f)
		}
	}
	return d
}

// applyDefaults sets a server's stored defaults over opts (true and false
// stored as 1 and 0); a name no longer known is skipped.
func applyDefaults(opts *policy.Options, d map[string]int) error { return setOptions(opts, "", d) }

// setOptions sets the options in d, by name, and the time preset, over opts.
func setOptions(opts *policy.Options, preset string, d map[string]int) error {
	clock := map[string]int{}
	for _, name := range clockOptions {
		if n, ok := d[name]; ok {
			clock[name] = n
		}
	}
	_, awayGiven := d["away_seconds"]
	if err := opts.ChooseTime(preset, clock, awayGiven); err != nil {
		return err
	}
	for name, v := range d {
		if field, ok := intOptions[name]; ok {
			*field(opts) = v
		} else if field, ok := boolOptions[name]; ok {
			*field(opts) = v != 0
		}
	}
	return nil
}

func boolInt(f bool) int {
	if f {
		return 1
	}
	return 0
}

// moderator: the member may manage the server (in this channel, after its
// overwrites).
// AdminGate runs an admin route in a server only. Who may use /shogiadmin is
// Discord's to enforce: Manage Server by default (default_member_permissions),
// and whoever the server grants it to in its integration settings, so the bot
// does not check the member's permissions again.
func AdminGate(run func(*interact.Req) (interact.Answer, error)) func(*interact.Req) (interact.Answer, error) {
	return func(r *interact.Req) (interact.Answer, error) {
		if ScopeOf(r).Guild == "" || r.I.Member == nil {
			return interact.Say(uitexts.AdminOnly(r.Lang)), nil
		}
		return run(r)
	}
}

// EndMoved answers the old /shogi end, which a client may still offer
// until it reloads the commands.
func (cm *Commands) EndMoved(r *interact.Req) (interact.Answer, error) {
	return interact.Say(uitexts.AdminEndMoved(r.Lang)), nil
}

// End ends any live game of the server without a result.
func (cm *Commands) End(r *interact.Req) (interact.Answer, error) {
	n, _ := r.Opts.Num("game")
	id := store.GameID(n)
	meta, err := cm.st.GetGame(id)
	if err != nil || meta.GuildID != ScopeOf(r).Guild || !meta.Status.Live() {
		return interact.Say(uitexts.UI(r.Lang, uitexts.NoGame)), nil
	}
	reply, done := cm.host.Act(id, r.User, referee.Action{Kind: referee.ActEnd, Player: 0}, r.I.ID)
	if done || reply == "" { // ended now, or by the same command delivered twice
		reply = uitexts.AdminEnded(r.Lang, uint64(id))
	}
	return interact.Say(reply), nil
}

// serverSwitches are the on/off settings of a server, by option name.
var serverSwitches = map[string]func(*store.GuildSettings) *string{
	"threads":          func(gs *store.GuildSettings) *string { return &gs.Threads },
	"watch_ranked":     func(gs *store.GuildSettings) *string { return &gs.WatchRanked },
	"result_gif":       func(gs *store.GuildSettings) *string { return &gs.ResultGIF },
	"gif_foul_frames":  func(gs *store.GuildSettings) *string { return &gs.GIFFoulFrames },
	"tournament_watch": func(gs *store.GuildSettings) *string { return &gs.TournamentWatch },
}

// ServerSettings changes and shows the server's language and notation of
// public posts, threads, games channel, watching and GIFs. A bad value
// changes nothing.
func (cm *Commands) ServerSettings(r *interact.Req) (interact.Answer, error) {
	o := r.Opts
	var ch string
	if id := o.User("channel"); id != "" { // a channel option's value is its id
		data := r.I.ApplicationCommandData()
		rc := (*discordgo.Channel)(nil)
		if data.Resolved != nil {
			rc = data.Resolved.Channels[id]
		}
		if rc == nil || rc.Type != discordgo.ChannelTypeGuildText || rc.GuildID != "" && rc.GuildID != ScopeOf(r).Guild {
			return interact.Say(uitexts.AdminBadChannel(r.Lang)), nil
		}
		ch = id
	}
	lang, nota := o.Str("language"), o.Str("notation")
	if !slices.Contains([]string{"", "default", "western", "japanese", "usi"}, nota) {
		return interact.Say(uitexts.AdminBadNotation(r.Lang, nota)), nil
	}
	for name := range serverSwitches {
		if v := o.Str(name); !slices.Contains([]string{"", "on", "off", "default"}, v) {
			return interact.Say(uitexts.AdminBadSwitch(r.Lang, name, v)), nil
		}
	}
	delay, delayGiven := o.Num("watch_delay")
	if delayGiven && store.CheckWatchDelay(delay) != nil {
		return interact.Say(uitexts.AdminBadWatchDelay(r.Lang, delay, store.MaxWatchDelay)), nil
	}
	delayReset, _ := o.Flag("watch_delay_reset")
	reset, _ := o.Flag("channel_reset")
	text := ""
	if len(o) > 0 {
		if _, err := cm.st.UpdateGuildSettings(ScopeOf(r).Guild, func(gs *store.GuildSettings) {
			switch lang {
			case "server":
				gs.Language = ""
			case "en", "ja":
				gs.Language = lang
			}
			switch nota {
			case "default":
				gs.Notation = ""
			case "western", "japanese", "usi":
				gs.Notation = store.Notation(nota)
			}
			for name, field := range serverSwitches {
				switch v := o.Str(name); v {
				case "default":
					*field(gs) = ""
				case "on", "off":
					*field(gs) = v
				}
			}
			if delayReset {
				gs.WatchDelay = nil
			}
			if delayGiven {
				gs.WatchDelay = &delay
			}
			if v := o.Str("tournament_create"); v != "" {
				gs.TournamentCreate = v // a choice: moderators or everyone
			}
			if reset {
				gs.Channel = ""
			}
			if ch != "" {
				gs.Channel = ch
			}
		}); err != nil {
			return interact.Answer{}, err
		}
		text = uitexts.AdminSaved(r.Lang) + "\n"
	}
	return interact.Say(text + cm.settingsSummary(r)), nil
}

// ServerDefaults changes and shows a variant's challenge defaults in the
// server. The defaults must make valid options (checked as a challenge is).
func (cm *Commands) ServerDefaults(r *interact.Req) (interact.Answer, error) {
	v, err := referee.ParseVariant(r.Opts.Str("variant"))
	if err != nil {
		return interact.Say(texts.OptionRefusal(r.Lang, err)), nil
	}
	given := givenOptions(r.Opts)
	if err := policy.CheckApplies(v, slices.Sorted(maps.Keys(given))); err != nil {
		return interact.Say(texts.OptionRefusal(r.Lang, err)), nil // a default no game of v would read
	}
	reset, _ := r.Opts.Flag("reset")
	if len(given) > 0 || reset {
		d := map[string]int{}
		if !reset {
			for k, n := range cm.host.GuildSettings(ScopeOf(r).Guild).Defaults[string(v)] {
				d[k] = n
			}
		}
		if slices.ContainsFunc(clockOptions, func(n string) bool { _, ok := given[n]; return ok }) {
			for _, n := range clockOptions {
				delete(d, n) // a clock given replaces the server's clock, as in a challenge
			}
		}
		for k, n := range given {
			d[k] = n
		}
		for k := range d {
			if !knownOption(k) {
				delete(d, k)
			}
		}
		opts := cm.cfg.Options(v)
		if err := applyDefaults(&opts, d); err != nil {
			return interact.Say(texts.OptionRefusal(r.Lang, err)), nil
		}
		if err := opts.Validate(v); err != nil {
			return interact.Say(texts.OptionRefusal(r.Lang, err)), nil
		}
		if _, err := cm.st.UpdateGuildSettings(ScopeOf(r).Guild, func(gs *store.GuildSettings) {
			if gs.Defaults == nil {
				gs.Defaults = map[string]map[string]int{}
			}
			gs.Defaults[string(v)] = d
		}); err != nil {
			return interact.Answer{}, err
		}
		return interact.Say(uitexts.AdminSaved(r.Lang) + "\n" + cm.settingsSummary(r)), nil
	}
	return interact.Say(cm.settingsSummary(r)), nil
}

// settingsSummary shows the server's settings as they now stand.
func (cm *Commands) settingsSummary(r *interact.Req) string {
	gs := cm.host.GuildSettings(ScopeOf(r).Guild)
	s := uitexts.ServerSettings{Notation: string(gs.Notation), Threads: gs.Threads, ThreadsConf: cm.cfg.Threads, Channel: gs.Channel,
		Locale: compose.GuildLang(r.GuildLocale()), WatchDelayOwn: gs.WatchDelay != nil,
		WatchRanked: gs.WatchRanked, ResultGIF: gs.ResultGIF, GIFFoulFrames: gs.GIFFoulFrames,
		ResultGIFConf: cm.cfg.ResultGIF, GIFFoulFramesConf: cm.cfg.GIFFoulFrames, WatchRankedConf: cm.cfg.WatchRanked}
	s.WatchDelay, _ = cm.host.WatchSettings(gs)
	if s.Locale == "" {
		s.Locale = texts.EN
	}
	if l, ok := texts.ParseLang(gs.Language); ok && gs.Language != "" {
		s.Language = l
	}
	for v, d := range gs.Defaults {
		if s.Defaults == nil {
			s.Defaults = map[view.Variant][]string{}
		}
		var names []string
		for name := range d {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			_, boolean := boolOptions[name]
			s.Defaults[view.Variant(v)] = append(s.Defaults[view.Variant(v)], uitexts.OptionValue(name, d[name], boolean))
		}
	}
	return uitexts.AdminSettings(r.Lang, s) + "\n" + tntexts.TournamentSettings(r.Lang, gs.TournamentCreate == store.TournamentsByEveryone, compose.OnOff(gs.TournamentWatch, false))
}
