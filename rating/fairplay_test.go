package rating

import "testing"

func TestRatedSeats(t *testing.T) {
	for _, tc := range []struct {
		cpu  [2]bool
		o    Outcome
		want [2]bool
	}{
		{[2]bool{}, BlackWon, [2]bool{true, true}},
		{[2]bool{}, Draw, [2]bool{true, true}},
		{[2]bool{true, false}, WhiteWon, [2]bool{true, true}},   // the CPU's seat lost: no help was had
		{[2]bool{true, false}, BlackWon, [2]bool{false, false}}, // won with the CPU's help: nobody rated
		{[2]bool{true, false}, Draw, [2]bool{false, false}},
		{[2]bool{false, true}, BlackWon, [2]bool{true, true}},
		{[2]bool{false, true}, WhiteWon, [2]bool{false, false}},
		{[2]bool{true, true}, BlackWon, [2]bool{false, false}}, // the CPU moved for both
		{[2]bool{true, true}, Draw, [2]bool{false, false}},
	} {
		if got := RatedSeats(tc.cpu, tc.o); got != tc.want {
			t.Errorf("RatedSeats(%v, %v) = %v, want %v", tc.cpu, tc.o, got, tc.want)
		}
	}
}
