package ops

import (
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
)

// Build is what the binary knows of its own build, from runtime/debug.ReadBuildInfo:
// no build flags needed (the VCS fields are there when built from a git
// checkout without -buildvcs=false).
type Build struct {
	Version  string // the main module's version: a tag, a pseudo-version, or (devel)
	Revision string // the VCS commit, "" when unknown
	Time     string // the commit's time (RFC 3339), "" when unknown
	Modified bool   // the work tree had uncommitted changes
	Go       string // the toolchain
}

// Revision and BuildTime stand in for the VCS fields when the build had no
// .git (a Docker build context): the Dockerfile passes them with -ldflags -X.
var (
	Revision  string
	BuildTime string
)

// ReadBuild returns this binary's build.
func ReadBuild() Build {
	b := Build{Version: "(devel)", Go: runtime.Version(), Revision: Revision, Time: BuildTime}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if v := info.Main.Version; v != "" {
		b.Version = v
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Revision = s.Value
		case "vcs.time":
			b.Time = s.Value
		case "vcs.modified":
			b.Modified = s.Value == "true"
		}
	}
	return b
}

// String is one line: "shinpan (devel) rev 4d3ff31… 2026-12-01T18:00:00Z go1.26.8".
func (b Build) String() string {
	rev := b.Revision
	if rev == "" {
		rev = "unknown"
	}
	if b.Modified {
		rev += "+modified"
	}
	t := b.Time
	if t == "" {
		t = "unknown"
	}
	return fmt.Sprintf("shinpan %s revision %s time %s %s", b.Version, rev, t, b.Go)
}

// Attrs are the build as log attributes.
func (b Build) Attrs() []any {
	return []any{slog.String("version", b.Version), slog.String("revision", b.Revision),
		slog.String("vcs_time", b.Time), slog.Bool("modified", b.Modified), slog.String("go", b.Go)}
}
