package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// rulesCore is what every layer above the referee may read.
var rulesCore = []string{"referee", "referee/shogi", "referee/view", "referee/notation", "referee/record", "referee/policy"}

// allowedImports are the packages of this module each of our packages may
// import directly (as in Go's go/build/deps_test.go): dependencies point
// inward, bot → referee, render, store; render and store → referee; the
// referee → nothing of ours. The player (the CPU) sees only the rules core
// and the view types, never a running game (the referee's Game). A new
// package needs a line here. "discordgo" stands for
// github.com/bwmarrin/discordgo: only Discord glue may import it.
var allowedImports = map[string][]string{
	"referee/shogi":    nil,
	"referee/view":     {"referee/shogi"},
	"referee/notation": {"referee/shogi"},
	"referee/record":   {"referee/shogi", "referee/notation"},
	"referee":          {"referee/shogi", "referee/view", "referee/notation", "referee/record"},
	"referee/policy":   {"referee", "referee/shogi", "referee/view"},

	"player":       {"referee/shogi", "referee/view"},
	"player/arena": {"player", "referee", "referee/shogi", "referee/view"},
	"rating":       nil,
	"tournament":   {"referee/shogi", "referee/view"},

	"render/internal/adler":     nil,
	"render/internal/deflate":   nil,
	"render/internal/gif":       nil,
	"render/internal/png":       nil,
	"render/internal/codectest": {"internal/cputime"},
	"render": {"referee", "referee/shogi", "referee/view",
		"render/internal/adler", "render/internal/deflate", "render/internal/gif", "render/internal/png"},

	"store/memo":      nil,
	"store/pgtest":    nil,
	"store":           append(slices.Clone(rulesCore), "tournament"),
	"store/bolt":      append(slices.Clone(rulesCore), "store", "store/memo", "tournament"),
	"store/postgres":  append(slices.Clone(rulesCore), "store", "tournament"),
	"store/storetest": append(slices.Clone(rulesCore), "store", "tournament", "internal/cputime"),

	"internal/cputime":  nil,
	"internal/golit":    nil,
	"internal/promtext": nil,
	"internal/testkit":  {"referee/shogi"},
	"ops":               {"discordgo", "internal/promtext"},

	"bot/texts":                   append(slices.Clone(rulesCore), "render"),
	"bot/texts/uitexts":           append(slices.Clone(rulesCore), "bot/texts"),
	"bot/texts/tntexts":           {"bot/texts", "referee/view"},
	"bot/texts/internal/texttest": nil,
	"bot/budget":                  {"internal/promtext"},
	"bot/games":                   append(slices.Clone(rulesCore), "store", "player"),
	"bot/compose":                 append(slices.Clone(rulesCore), "bot/games", "bot/tap", "bot/texts", "bot/texts/uitexts", "rating", "render", "store", "store/memo"),
	"bot/outbox":                  {"bot/budget", "bot/compose", "bot/texts", "store", "discordgo"},
	"bot/tap":                     append(slices.Clone(rulesCore), "bot/texts", "bot/texts/uitexts", "render"),
	"bot/interact":                {"bot/compose", "bot/outbox", "bot/texts", "bot/texts/uitexts", "discordgo"},
	"bot/commands": append(slices.Clone(rulesCore), "bot/compose", "bot/games", "bot/interact", "bot/outbox", "bot/texts", "bot/texts/uitexts", "bot/texts/tntexts",
		"player", "render", "store", "discordgo"),
	"bot/cluster": append(slices.Clone(rulesCore), "bot/compose", "bot/games", "bot/outbox", "bot/texts", "bot/texts/uitexts", "store"),
	"bot/dms":     {"bot/compose", "bot/outbox", "store", "discordgo"},
	"bot/moves": append(slices.Clone(rulesCore), "bot/commands", "bot/compose", "bot/games", "bot/interact", "bot/outbox",
		"bot/tap", "bot/texts", "bot/texts/uitexts", "render", "store", "discordgo"),
	"bot/review": append(slices.Clone(rulesCore), "bot/commands", "bot/compose", "bot/games", "bot/interact", "bot/outbox", "bot/texts", "bot/texts/uitexts",
		"render", "store", "tournament", "discordgo"),
	"bot/tournaments": append(slices.Clone(rulesCore), "bot/compose", "bot/games", "bot/interact", "bot/texts", "bot/texts/uitexts", "bot/texts/tntexts",
		"store", "tournament", "discordgo"),
	"bot": append(slices.Clone(rulesCore), "bot/budget", "bot/compose", "bot/cluster", "bot/commands", "bot/dms", "bot/games", "bot/interact", "bot/moves", "bot/review", "bot/tournaments", "bot/outbox", "bot/tap", "bot/texts", "bot/texts/uitexts",
		"ops", "player", "rating", "render", "store", "tournament", "discordgo"),

	// The stand-in: the Server (bot/discordtest) over its parts, each
	// below the ones that use it: ratelimit and wire need nothing of
	// ours, world holds the state, gateway and rest work on it.
	"bot/discordtest": {"discordgo", "bot/discordtest/openapi", "bot/discordtest/gateway", "bot/discordtest/ratelimit",
		"bot/discordtest/rest", "bot/discordtest/wire", "bot/discordtest/world"},
	"bot/discordtest/openapi":   nil,
	"bot/discordtest/ratelimit": nil,
	"bot/discordtest/wire":      {"discordgo"},
	"bot/discordtest/world":     {"discordgo", "bot/discordtest/ratelimit", "bot/discordtest/wire"},
	"bot/discordtest/gateway":   {"discordgo", "bot/discordtest/wire", "bot/discordtest/world"},
	"bot/discordtest/rest": {"discordgo", "bot/discordtest/gateway", "bot/discordtest/ratelimit", "bot/discordtest/wire",
		"bot/discordtest/world"},
	"loadtest": append(slices.Clone(rulesCore), "bot", "bot/discordtest", "bot/tap", "internal/cputime",
		"store", "store/bolt", "store/postgres", "discordgo"),
}

// TestImports checks every package's direct imports of this module (and of
// discordgo) against allowedImports, and that the table names every package.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \",\"}}", "shinpan/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	graph := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imports, _ := strings.Cut(line, "|")
		pkg = ours(pkg)
		for _, im := range strings.Split(imports, ",") {
			if im == "github.com/bwmarrin/discordgo" || strings.HasPrefix(im, "github.com/bwmarrin/discordgo/") {
				graph[pkg] = append(graph[pkg], "discordgo")
			} else if p := ours(im); p != im || im == "shinpan" {
				graph[pkg] = append(graph[pkg], p)
			}
		}
		if _, ok := graph[pkg]; !ok {
			graph[pkg] = nil
		}
	}
	if len(graph) < 20 {
		t.Fatalf("go list gave only %d packages: is it answering for the right module?", len(graph))
	}
	for pkg, imports := range graph {
		if pkg == "" { // the main package: the commands wire everything
			continue
		}
		allowed, ok := allowedImports[pkg]
		if !ok {
			t.Errorf("package %s is not in allowedImports: say what it may import", pkg)
			continue
		}
		for _, im := range imports {
			if !slices.Contains(allowed, im) {
				t.Errorf("%s imports %s, which allowedImports does not allow", pkg, im)
			}
		}
	}
	for pkg := range allowedImports {
		if _, ok := graph[pkg]; !ok {
			t.Errorf("allowedImports names %s, which does not exist", pkg)
		}
	}
	// The CPU never reaches a running game's true position, by any path.
	for _, dep := range reach(graph, "player") {
		if !slices.Contains([]string{"player", "referee/shogi", "referee/view"}, dep) {
			t.Errorf("package player depends on %s, which may hold a game's true position", dep)
		}
	}
	// The live games, the messages and the tap menus are made without Discord.
	for _, pkg := range []string{"bot/games", "bot/compose", "bot/tap", "bot/texts/uitexts", "bot/texts/tntexts", "referee", "render", "store"} {
		if slices.Contains(reach(graph, pkg), "discordgo") {
			t.Errorf("%s depends on discordgo", pkg)
		}
	}
}

// ours is a package path of this module without the module's name ("" for
// the main package); any other path is returned as it is.
func ours(path string) string {
	if path == "shinpan" {
		return ""
	}
	if p, ok := strings.CutPrefix(path, "shinpan/"); ok {
		return p
	}
	return path
}

// reach lists pkg and every package it depends on through graph.
func reach(graph map[string][]string, pkg string) []string {
	seen := []string{pkg}
	for i := 0; i < len(seen); i++ {
		for _, im := range graph[seen[i]] {
			if !slices.Contains(seen, im) {
				seen = append(seen, im)
			}
		}
	}
	return seen
}
