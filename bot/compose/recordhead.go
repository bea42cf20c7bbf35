package compose

import (
	"strings"
	"time"
	"unicode"

	"shinpan/referee/record"
	"shinpan/store"
)

// KIFTime is how KIF writes a time (開始日時), and CSA ($START_TIME).
const KIFTime = "2006/01/02 15:04:05"

// JST is the time zone of the times in records: Japanese tools read them
// as Japan's time. Japan has kept UTC+9 without daylight saving since 1951,
// so a fixed zone is exact for every game and needs no tz database.
var JST = time.FixedZone("JST", 9*60*60)

// RecordHeader adds to rec's header the game's start (開始日時, CSA
// $START_TIME) and the players' names, Black's as 先手 and White's as 後手
// (CSA N+ and N-); a "" name is left out.
func RecordHeader(rec *record.Record, meta store.Game, names [2]string) {
	var head []record.HeaderField
	if !meta.CreatedAt.IsZero() {
		head = append(head, record.HeaderField{Key: "開始日時", Value: meta.CreatedAt.In(JST).Format(KIFTime)})
	}
	rec.Header = append(head, rec.Header...)
	for c, key := range []string{"先手", "後手"} {
		if name := RecordName(names[c]); name != "" {
			rec.Header = append(rec.Header, record.HeaderField{Key: key, Value: name})
		}
	}
}

// StartNames are the players' names kept with the game at its start
// (store.Game.Names), Black first, "CPU" for the CPU's seat, as
// RecordHeader takes them; "" where none was kept (left out).
func StartNames(meta store.Game) [2]string {
	names := meta.Names
	for c, p := range meta.Players {
		if IsCPU(p) {
			names[c] = Mention(p)
		}
	}
	return names
}

// RecordName is a name made safe for a record's header line: line breaks,
// other control characters and runs of spaces become one space, and none
// is left around it.
func RecordName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp) || r == unicode.ReplacementChar {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
