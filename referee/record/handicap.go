package record

import (
	"strings"

	"shinpan/referee/shogi"
)

// Handicap is a standard start position named by KIF's 手合割 line.
type Handicap struct {
	Name string // 手合割 value: 平手, 香落ち, ...
	SFEN string // start position; in a handicap game the upper player (上手, White) moves first
}

// Handicaps lists the standard starts KIF names, 平手 (even) first. The pieces
// removed are White's (上手), and White moves first, so every handicap SFEN has
// side w.
var Handicaps = []Handicap{
	{"平手", shogi.StartSFEN},
	{"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
}

// handicapAliases are other spellings of the names above.
var handicapAliases = map[string]string{
	"平手戦":   "平手",
	"香車落ち":  "香落ち",
	"右香車落ち": "右香落ち",
	"飛落ち":   "飛車落ち",
	"飛車香落ち": "飛香落ち",
	"2枚落ち":  "二枚落ち",
	"4枚落ち":  "四枚落ち",
	"6枚落ち":  "六枚落ち",
	"8枚落ち":  "八枚落ち",
	"10枚落ち": "十枚落ち",
}

// HandicapSFEN returns the start SFEN of the 手合割 name (spaces, full-width
// ones too, are ignored); ok is false for an unknown name (その他 included).
func HandicapSFEN(name string) (sfen string, ok bool) {
	name = strings.Join(strings.Fields(name), "")
	if a, ok := handicapAliases[name]; ok {
		name = a
	}
	for _, h := range Handicaps {
		if h.Name == name {
			return h.SFEN, true
		}
	}
	return "", false
}

// HandicapName returns the 手合割 name of a position that is one of the
// standard starts (move number ignored); ok is false otherwise.
func HandicapName(p *shogi.Position) (name string, ok bool) {
	q := p.Clone()
	q.SetMoveNumber(1)
	s := q.SFEN()
	for _, h := range Handicaps {
		if h.SFEN == s {
			return h.Name, true
		}
	}
	return "", false
}

// isHandicap reports whether p is a standard start other than 平手: its
// players are 下手 (Black) and 上手 (White).
func isHandicap(p *shogi.Position) bool {
	n, ok := HandicapName(p)
	return ok && n != "平手"
}
