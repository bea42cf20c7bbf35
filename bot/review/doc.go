// Package review shows games to people who are not playing them, or no
// longer: /shogi review steps through a finished game (review.go), /shogi
// record answers its record or animated GIF, a result may carry the GIF, and
// /shogi watch keeps a watcher's DM board some moves behind a live game
// (watch.go). Everything is read from the stored logs; the bot calls
// KickWatchers after each move's messages are queued.
package review
