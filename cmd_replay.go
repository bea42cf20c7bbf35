package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"shinpan/referee"
	"shinpan/referee/record"
)

func init() {
	register("replay", "replay a KIF/KI2/CSA/USI record through a referee: [--variant V] [--options JSON] FILE", runReplay)
}

// runReplay plays a record through the referee of --variant, by default the
// variant the record names (the bot's records of Tsuitate, Masked and Dark
// games do), else standard; a Masked game with the masks the record names.
// FILE "-" reads standard input.
func runReplay(args []string) error {
	fs := newFlags("replay")
	variant := fs.String("variant", "", "standard, tsuitate, masked or dark (default: the record's, else standard)")
	opts := fs.String("options", "", `options as JSON, e.g. {"move_limit":0}`)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: replay [--variant V] [--options JSON] FILE   (- for stdin)")
	}
	if *variant != "" { // a wrong flag is reported before the file is read
		if _, err := referee.ParseVariant(*variant); err != nil {
			return err
		}
	}
	rec, err := readRecord(fs.Arg(0))
	var moves []string
	var illegal *record.IllegalMoveError
	if err != nil && !errors.As(err, &illegal) {
		return err
	}
	warn(fs.Arg(0), rec)
	name := *variant
	if name == "" {
		name = "standard"
		if _, err := referee.ParseVariant(rec.Variant); err == nil {
			name = rec.Variant
		}
	}
	v, err := referee.ParseVariant(name)
	if err != nil {
		return err
	}
	o, err := referee.ParseOptions(v, []byte(*opts))
	if err != nil {
		return err
	}
	for _, m := range rec.Moves {
		moves = append(moves, m.USI())
	}
	if illegal != nil {
		moves = append(moves, illegal.Text)
	}
	// A Masked record names its masks (the bot's do); without, each side's rook.
	g, steps, err := referee.ReplayMasked("replay", v, rec.StartSFEN(), o, referee.RecordMasks(rec), moves, referee.RecordEnding(rec))
	if err != nil {
		return err
	}
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(map[string]any{"ok": true, "events": []any{}, "state": initialState(rec)})
	for _, s := range steps {
		if s.Err != nil {
			enc.Encode(map[string]any{"ok": false, "error": s.Err.Error()})
			continue
		}
		evs := make([]any, len(s.Events))
		for i, e := range s.Events {
			evs[i] = referee.EventJSON(e)
		}
		enc.Encode(map[string]any{"ok": true, "events": evs})
	}
	enc.Encode(map[string]any{"ok": true, "state": referee.StateJSON(g)})
	return nil
}

func initialState(rec *record.Record) map[string]any {
	p := rec.StartPosition()
	return map[string]any{"turn": p.SideToMove().String(), "move": p.MoveNumber(),
		"fouls": map[string]int{"black": 0, "white": 0}, "result": nil}
}
