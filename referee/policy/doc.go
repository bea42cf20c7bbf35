// Package policy holds the house rules of a game that the referee does not
// judge but every part of the bot must apply alike: the options beyond the
// rules (the turn clock, the CPU taking an away player's seat, reachable
// squares, swapping colours on a rematch), when an action starts a new turn
// for the clocks, and the draw-offer protocol. It imports only the referee.
package policy
