package loadtest

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// Profiles names the files for the profiles of a run ("" for none), to read
// with `go tool pprof`.
type Profiles struct {
	CPU, Block, Mutex string
	// Allocs is the allocations' profile: of the whole process, its fill and
	// start included (sample_index=alloc_space or alloc_objects).
	Allocs string
}

// Start starts the profiles asked for; stop writes them.
func (p Profiles) Start() (stop func(), err error) {
	var cpu *os.File
	if p.CPU != "" {
		if cpu, err = os.Create(p.CPU); err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			cpu.Close()
			return nil, err
		}
	}
	if p.Block != "" {
		runtime.SetBlockProfileRate(10000) // one sample per 10 µs blocked
	}
	if p.Mutex != "" {
		runtime.SetMutexProfileFraction(5)
	}
	return func() {
		runtime.SetBlockProfileRate(0)
		runtime.SetMutexProfileFraction(0)
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		write := func(name, file string) {
			if file == "" {
				return
			}
			f, err := os.Create(file)
			if err == nil {
				err = pprof.Lookup(name).WriteTo(f, 0)
				if cerr := f.Close(); err == nil {
					err = cerr
				}
			}
			if err != nil {
				fmt.Fprintf(os.Stderr, "loadtest: %s profile: %v\n", name, err)
			}
		}
		write("block", p.Block)
		write("mutex", p.Mutex)
		write("allocs", p.Allocs)
	}, nil
}
