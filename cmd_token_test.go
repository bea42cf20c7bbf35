package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"shinpan/bot/discordtest"
)

// TestServeWrongToken: Discord refuses the token; serve says so, names
// DISCORD_TOKEN, and has made no database (nor its folder).
func TestServeWrongToken(t *testing.T) {
	srv := discordtest.New(discordtest.Options{Token: "Bot the-right-one"})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	newSession = func(token string) (*discordgo.Session, error) {
		s, err := discordgo.New("Bot " + token)
		if err == nil {
			srv.Configure(s)
		}
		return s, err
	}
	oldNotify := notifySignals
	notifySignals = func(chan<- os.Signal) {}
	defer func() {
		newSession = func(token string) (*discordgo.Session, error) { return discordgo.New("Bot " + token) }
		notifySignals = oldNotify
	}()
	t.Setenv("DISCORD_TOKEN", "a-wrong-one")
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	dataDir := filepath.Join(t.TempDir(), "data")
	cfg := writeConfig(t, "data_path = \""+filepath.Join(dataDir, "shinpan.db")+"\"\nadmin_socket = \"off\"\n")
	err := runServe([]string{"--config", cfg})
	if !errors.Is(err, errTokenRefused) || !strings.Contains(err.Error(), "Discord refused the token") || !strings.Contains(err.Error(), "DISCORD_TOKEN") {
		t.Fatalf("serve with a wrong token: %v", err)
	}
	if _, err := os.Stat(dataDir); !os.IsNotExist(err) {
		t.Fatalf("serve made %s before the token worked (%v)", dataDir, err)
	}
}
