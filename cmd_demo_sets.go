//go:build !production

package main

import (
	"fmt"
	"os"
	"path/filepath"

	"shinpan/bot/texts"
	"shinpan/referee"
	"shinpan/referee/view"
	"shinpan/render"
)

// demoSetBoards are the piece sets the demo shows the game's last board in,
// each on a board theme that suits it.
var demoSetBoards = []struct {
	pieces render.PieceSet
	board  render.Theme
}{
	{render.PiecesPrinted, render.ThemeLight},
	{render.PiecesKoma, render.ThemeWood},
	{render.PiecesKoma2, render.ThemeWood},
	{render.PiecesInternational, render.ThemeLight},
}

// writeSetBoards writes the whole board after moves (the revealed board,
// once the game is over) in every piece set into dir, as
// pieces-SET-BOARD.png, and returns how many it wrote.
func writeSetBoards(dir string, v view.Variant, moves []string) (int, error) {
	g, _, err := referee.ReplayMoves("demo-sets", v, "", referee.DefaultOptions(v), moves, nil)
	if err != nil {
		return 0, err
	}
	bv := g.RevealView()
	if !g.Over() {
		bv = view.Revealed(v, g.TruePosition())
	}
	for i, s := range demoSetBoards {
		img, err := render.Render(bv, render.Options{Theme: s.board, Pieces: s.pieces, Labels: texts.BoardLabels(texts.EN, bv.Result)})
		if err != nil {
			return i, err
		}
		name := fmt.Sprintf("pieces-%s-%s.png", s.pieces, s.board)
		if err := os.WriteFile(filepath.Join(dir, name), img.PNG, 0o644); err != nil {
			return i, err
		}
	}
	return len(demoSetBoards), nil
}
