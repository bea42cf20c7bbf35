package store

import (
	"fmt"
	"io"

	"shinpan/referee"
	"shinpan/referee/record"
)

// Replay rebuilds an archived game through the referee it was played under.
func (a *Archive) Replay() (*referee.Game, error) {
	g, err := referee.New(fmt.Sprint(uint64(a.Game.ID)), a.Game.Variant, a.Game.StartSFEN, a.Game.Options.Options)
	if err != nil {
		return nil, err
	}
	for _, e := range a.Actions {
		if _, err := g.Apply(e.Action); err != nil {
			return nil, fmt.Errorf("replay of action %d: %w", e.Seq, err)
		}
	}
	return g, nil
}

// KIFWriter and CSAWriter write an archive as KIF or CSA with all its hidden
// information (masks, fouls) as comments; pass them to WriteRecord.
func KIFWriter(w io.Writer, a *Archive) error { return writeWith(w, a, record.WriteKIF) }

// CSAWriter writes an archive as CSA V2.2 (see KIFWriter).
func CSAWriter(w io.Writer, a *Archive) error { return writeWith(w, a, record.WriteCSA) }

func writeWith(w io.Writer, a *Archive, write func(io.Writer, *record.Record) error) error {
	g, err := a.Replay()
	if err != nil {
		return err
	}
	return write(w, g.Record(fmt.Sprintf("shinpan #%d %s", a.Game.ID, a.Game.Variant)))
}
