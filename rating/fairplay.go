package rating

// Ratings measure people (RULES.md §3, fair play): nobody gains rating from
// moves the CPU made for them, and going away saves nobody from a loss.

// Outcome of a game for seat 0 (Black) against seat 1 (White).
type Outcome int

const (
	Draw     Outcome = iota // a draw, or no winner
	BlackWon                // seat 0 won
	WhiteWon                // seat 1 won
)

// RatedSeats says whose rating a ranked game may change, given the seats the
// CPU moved for: a seat the CPU moved for is rated only if it lost; its
// opponent only if it won. With no CPU move both are rated; with CPU moves for
// both seats neither is. (With a winner, "the CPU's seat lost" and "its
// opponent won" are the same fact, so a game is rated for both or for nobody.)
func RatedSeats(cpuMoved [2]bool, o Outcome) [2]bool {
	won := [2]bool{o == BlackWon, o == WhiteWon}
	rated := [2]bool{true, true}
	for c := range cpuMoved {
		if !cpuMoved[c] {
			continue
		}
		opp := 1 - c
		rated[c] = rated[c] && won[opp]
		rated[opp] = rated[opp] && won[opp]
	}
	return rated
}
