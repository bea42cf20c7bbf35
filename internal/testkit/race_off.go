//go:build !race

package testkit

// raceSlack is how much longer deadlines are under -race, which runs the
// code several times slower.
const raceSlack = 1
