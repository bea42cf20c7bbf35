package store

import (
	"fmt"
	"strings"
	"time"
)

// Notation is how moves are written to a user.
type Notation string

const (
	NotationWestern  Notation = "western"  // 7g-7f / P-7f
	NotationJapanese Notation = "japanese" // ７六歩
	NotationUSI      Notation = "usi"      // 7g7f
)

// The values of Settings.Input.
const (
	InputMenus  = "menus"
	InputTyping = "typing"
)

// Settings are one user's preferences. Empty fields mean "the default".
type Settings struct {
	UserID   string   `json:"user_id"`
	Notation Notation `json:"notation,omitempty"`
	Language string   `json:"language,omitempty"` // "en" or "ja"
	// Locale is the user's Discord client locale, last seen on an
	// interaction: their language until they choose one (Language).
	Locale      string `json:"locale,omitempty"`
	Orientation string `json:"orientation,omitempty"` // board orientation, e.g. "own" or "black"
	// Theme is the board theme of the user's images (/shogi settings
	// board:, formerly theme:): a render.Theme name, "light", "wood" or
	// "contrast".
	Theme string `json:"theme,omitempty"`
	// Pieces is the piece set of the user's images (/shogi settings
	// pieces:): a render.PieceSet name, "printed", "koma", "koma2" or
	// "international" ("": printed).
	Pieces string `json:"pieces,omitempty"`
	// Input is how the user moves (/shogi settings input:): "typing" hides
	// the tap menus under their boards; "" or "menus" shows them.
	Input string `json:"input,omitempty"`
	// CurrentGame is the game a move typed in DMs applies to (0: none).
	CurrentGame GameID `json:"current_game,omitempty"`
	DMChannelID string `json:"dm_channel_id,omitempty"`
	// LastDM is the id of the newest DM from the user the bot has handled, so
	// after an outage it reads only what came later.
	LastDM string `json:"last_dm,omitempty"`
	// DMClaim is the DM from the user that one process is handling, when
	// several share the store: DMClaimBy names the process, which holds it
	// until DMClaimUntil; the others wait rather than handle it too.
	DMClaim      string    `json:"dm_claim,omitempty"`
	DMClaimBy    string    `json:"dm_claim_by,omitempty"`
	DMClaimUntil time.Time `json:"dm_claim_until,omitzero"`
	// DMsClosedAt is when Discord last refused a DM to the user (50007:
	// their DMs are closed to the bot); zero once one went through or they
	// wrote. The bot gives their DMs up without asking Discord for a while
	// (each refusal is an invalid request).
	DMsClosedAt time.Time `json:"dms_closed_at,omitzero"`
	// Guild is set in a server's record (GuildKey), and only there.
	Guild     *GuildSettings `json:"guild,omitempty"`
	UpdatedAt time.Time      `json:"updated_at"`
}

// Check refuses a notation other than western, japanese, usi and "" (the
// reader's language's).
func (n Notation) Check() error {
	switch n {
	case "", NotationWestern, NotationJapanese, NotationUSI:
		return nil
	}
	return fmt.Errorf("%w: notation %q: want western, japanese or usi", ErrInvalid, n)
}

// Validate checks the notation and the language.
func (st *Settings) Validate() error {
	if err := st.Notation.Check(); err != nil {
		return err
	}
	switch st.Language {
	case "", "en", "ja":
	default:
		return fmt.Errorf("%w: language %q: want en or ja", ErrInvalid, st.Language)
	}
	if st.Input != "" && st.Input != InputMenus && st.Input != InputTyping {
		return fmt.Errorf("%w: input %q: want menus or typing", ErrInvalid, st.Input)
	}
	if st.Guild != nil {
		if !strings.HasPrefix(st.UserID, guildKeyPrefix) {
			return fmt.Errorf("%w: server settings in the record of user %s", ErrInvalid, st.UserID)
		}
		return st.Guild.Validate()
	}
	return nil
}

// GuildSettings are one server's choices, made by its moderators with
// /shogiadmin. Empty fields mean "the bot's configuration".
//
// They live beside the users' settings, under GuildKey(guild id), as a
// Settings record whose Guild is set: dumps and migrations carry them with
// no layout of their own.
type GuildSettings struct {
	// Language is the language of the server's public posts ("en" or "ja";
	// "": the server's Discord locale).
	Language string `json:"language,omitempty"`
	// Notation is how the server's public posts write moves ("": the
	// notation of their language).
	Notation Notation `json:"notation,omitempty"`
	// Threads is "on" or "off" ("": the configuration's threads).
	Threads string `json:"threads,omitempty"`
	// Channel is where the server's games are announced ("": the channel of
	// their challenge).
	Channel string `json:"channel,omitempty"`
	// Defaults are the challenge options a variant starts from, by variant
	// and option name (those of /shogi challenge; true and false are 1 and 0).
	// The bot checks them; the store keeps them as they are.
	Defaults map[string]map[string]int `json:"defaults,omitempty"`
	// WatchDelay is how many moves behind a game a watcher's board is: -1
	// no watching, 0 none (unranked games only), up to MaxWatchDelay (nil:
	// the configuration's).
	WatchDelay *int `json:"watch_delay,omitempty"`
	// WatchRanked, ResultGIF and GIFFoulFrames are "on" or "off" ("": the
	// configuration's): ranked games may be watched; the game's GIF is
	// posted with its result; the GIF gives each Tsuitate foul attempt a
	// frame.
	WatchRanked   string `json:"watch_ranked,omitempty"`
	ResultGIF     string `json:"result_gif,omitempty"`
	GIFFoulFrames string `json:"gif_foul_frames,omitempty"`
	// TournamentCreate is who may create tournaments: "moderators" or
	// "everyone" ("": moderators).
	TournamentCreate string `json:"tournament_create,omitempty"`
	// TournamentWatch is "on" or "off" ("": off): a tournament's games may
	// be watched before they end (as other games are, by watch_delay).
	TournamentWatch string `json:"tournament_watch,omitempty"`
}

// Who may create a server's tournaments (GuildSettings.TournamentCreate).
const (
	TournamentsByModerators = "moderators"
	TournamentsByEveryone   = "everyone"
)

// The range of a watch delay: -1 (no watching) to MaxWatchDelay moves.
const (
	MinWatchDelay = -1
	MaxWatchDelay = 300
)

// CheckWatchDelay refuses a watch delay out of range.
func CheckWatchDelay(d int) error {
	if d < MinWatchDelay || d > MaxWatchDelay {
		return fmt.Errorf("%w: watch delay %d: want -1 (no watching), 0 (none, unranked games only) to %d moves", ErrInvalid, d, MaxWatchDelay)
	}
	return nil
}

// guildKeyPrefix marks a settings key as a server's (a Discord user id is a
// number, so it never starts with it).
const guildKeyPrefix = "guild:"

// GuildKey is the settings key of a server's settings.
func GuildKey(guildID string) string { return guildKeyPrefix + guildID }

// Validate checks the language, the notation, the watch delay, who may
// create tournaments and the on/off choices.
func (g *GuildSettings) Validate() error {
	switch g.Language {
	case "", "en", "ja":
	default:
		return fmt.Errorf("%w: server language %q: want en or ja", ErrInvalid, g.Language)
	}
	if err := g.Notation.Check(); err != nil {
		return fmt.Errorf("server %w", err)
	}
	switch g.TournamentCreate {
	case "", TournamentsByModerators, TournamentsByEveryone:
	default:
		return fmt.Errorf("%w: tournament_create %q: want moderators or everyone", ErrInvalid, g.TournamentCreate)
	}
	for _, c := range []struct{ name, v string }{{"threads", g.Threads}, {"watch_ranked", g.WatchRanked},
		{"result_gif", g.ResultGIF}, {"gif_foul_frames", g.GIFFoulFrames}, {"tournament_watch", g.TournamentWatch}} {
		switch c.v {
		case "", "on", "off":
		default:
			return fmt.Errorf("%w: %s %q: want on or off", ErrInvalid, c.name, c.v)
		}
	}
	if g.WatchDelay != nil {
		return CheckWatchDelay(*g.WatchDelay)
	}
	return nil
}

// EditGuild applies fn to the server settings held in st (a zero value if
// none), for a backend's UpdateGuildSettings inside its UpdateSettings.
func EditGuild(st *Settings, fn func(*GuildSettings)) {
	if st.Guild == nil {
		st.Guild = &GuildSettings{}
	}
	fn(st.Guild)
	for v, opts := range st.Guild.Defaults {
		if len(opts) == 0 {
			delete(st.Guild.Defaults, v)
		}
	}
	if len(st.Guild.Defaults) == 0 {
		st.Guild.Defaults = nil
	}
}

// GuildOf returns the server settings a settings record holds.
func GuildOf(st Settings) GuildSettings {
	if st.Guild == nil {
		return GuildSettings{}
	}
	return *st.Guild
}

// userSettings is the part of a Store that server settings are kept by.
type userSettings interface {
	GetSettings(userID string) (Settings, error)
	UpdateSettings(userID string, fn func(*Settings)) (Settings, error)
}

// GetGuild returns a server's settings, kept in its settings record
// (GuildKey): the backends' GetGuildSettings. Errors: ErrNotFound.
func GetGuild(s userSettings, guildID string) (GuildSettings, error) {
	st, err := s.GetSettings(GuildKey(guildID))
	if err != nil {
		return GuildSettings{}, err
	}
	return GuildOf(st), nil
}

// UpdateGuild applies fn to a server's settings in one transaction: the
// backends' UpdateGuildSettings. Errors: ErrInvalid.
func UpdateGuild(s userSettings, guildID string, fn func(*GuildSettings)) (GuildSettings, error) {
	if err := CheckID("guild id", guildID, true); err != nil {
		return GuildSettings{}, WrapOp("update server settings", err)
	}
	st, err := s.UpdateSettings(GuildKey(guildID), func(st *Settings) { EditGuild(st, fn) })
	if err != nil {
		return GuildSettings{}, err
	}
	return GuildOf(st), nil
}
