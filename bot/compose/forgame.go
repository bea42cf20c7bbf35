package compose

import "shinpan/store"

// ForGame is m, marked as a message of game id.
func ForGame(m store.OutMsg, id store.GameID) store.OutMsg { m.GameID = id; return m }
