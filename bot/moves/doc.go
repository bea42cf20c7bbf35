// Package moves answers what a player does in a game from an interaction:
// /shogi resign, declare, abort and draw, the Resign and Move buttons and
// the Move form (play.go), the mask menu, and moving by tapping the menus
// under a board (tap.go), whose answer updates the board's message in place
// (an interaction response, free of the global request budget).
package moves
