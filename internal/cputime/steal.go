package cputime

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
)

// Machine is the whole machine's CPU time from /proc/stat, in clock ticks:
// all of it and the part the hypervisor gave to others while this machine
// wanted to run (steal). On a virtual machine whose host is busy, steal is
// CPU the process asked for and did not get, which wall-clock measures then
// count against it.
type Machine struct{ Total, Steal uint64 }

// ReadMachine reads /proc/stat; ok is false where there is none (not Linux).
func ReadMachine() (m Machine, ok bool) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return Machine{}, false
	}
	defer f.Close()
	line, err := bufio.NewReader(f).ReadBytes('\n')
	if err != nil && len(line) == 0 {
		return Machine{}, false
	}
	return parseStat(line)
}

// parseStat reads the first line of /proc/stat: "cpu" then user, nice,
// system, idle, iowait, irq, softirq, steal (guest time is within user).
func parseStat(line []byte) (m Machine, ok bool) {
	fields := bytes.Fields(line)
	if len(fields) < 9 || string(fields[0]) != "cpu" {
		return Machine{}, false
	}
	for i, f := range fields[1:9] {
		n, err := strconv.ParseUint(string(f), 10, 64)
		if err != nil {
			return Machine{}, false
		}
		m.Total += n
		if i == 7 {
			m.Steal = n
		}
	}
	return m, true
}

// StealPercent is the share of the machine's CPU time stolen between a and
// b, in per cent (0 when no time passed).
func StealPercent(a, b Machine) float64 {
	if b.Total <= a.Total {
		return 0
	}
	return 100 * float64(b.Steal-a.Steal) / float64(b.Total-a.Total)
}
