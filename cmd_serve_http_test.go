package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shinpan/bot/discordtest"
	"shinpan/ops"
)

// TestServeInteractionsEndpoint: `serve --http ADDR` with the application's
// public key passes the Developer Portal's check of the URL, and a slash
// command POSTed to it is answered in the HTTP response; a bad public_key
// stops serve before it starts.
func TestServeInteractionsEndpoint(t *testing.T) {
	srv := discordtest.New(discordtest.Options{Users: []discordtest.User{{Username: "alice"}}})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	sigs, logs := serveAgainst(t, srv)
	t.Setenv("DISCORD_TOKEN", "")
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	dir := t.TempDir()
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	base := fmt.Sprintf("token = \"tok-16h\"\ndata_path = %q\nadmin_socket = \"off\"\n", filepath.Join(dir, "shinpan.db"))

	bad := writeConfig(t, base+"public_key = \"00\"\n")
	if err := runServe([]string{"--config", bad, "--http", addr}); err == nil || !strings.Contains(err.Error(), "public_key") {
		t.Fatalf("a bad public_key: %v", err)
	}

	cfg := writeConfig(t, base+fmt.Sprintf("public_key = %q\n", srv.Endpoint().PublicKey()))
	done := make(chan error, 1)
	go func() { done <- runServe([]string{"--config", cfg, "--http", addr}) }()
	waitFor(t, "the endpoint to pass the portal's check", func() bool {
		return srv.Endpoint().SetURL("http://"+addr+"/interactions") == nil
	})
	alice := srv.Users()[0]
	id, err := srv.SlashCommand(alice.ID, srv.DefaultChannelID(), "shogi", discordtest.Subcommand("help"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	in, err := srv.WaitInteraction(ctx, id, discordtest.Answered)
	if err != nil {
		t.Fatal(err)
	}
	var help []struct {
		Description string `json:"description"`
	}
	if in.Original == nil || json.Unmarshal(in.Original.Embeds, &help) != nil || len(help) != 1 ||
		!strings.Contains(help[0].Description, "</shogi challenge:") {
		t.Fatalf("help answered %+v (an embed, the commands mentioned)", in.Original)
	}
	var answered bool
	for _, r := range srv.Requests() {
		answered = answered || (r.InteractionID == id && r.Endpoint)
	}
	if !answered {
		t.Error("the answer did not come in the HTTP response")
	}

	(<-sigs) <- os.Interrupt
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	if !strings.Contains(logs.String(), "msg=\"interactions endpoint\" addr="+addr) {
		t.Errorf("the log does not name the endpoint:\n%s", logs.String())
	}
}

// TestServeWithoutGateway: with gateway = false serve opens no gateway
// session and answers interactions over HTTP.
func TestServeWithoutGateway(t *testing.T) {
	srv := discordtest.New(discordtest.Options{Users: []discordtest.User{{Username: "alice"}}})
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	sigs, _ := serveAgainst(t, srv)
	t.Setenv("DISCORD_TOKEN", "")
	t.Setenv("SHINPAN_METRICS_ADDR", "")
	addr, metrics := fmt.Sprintf("127.0.0.1:%d", freePort(t)), fmt.Sprintf("127.0.0.1:%d", freePort(t))
	cfg := writeConfig(t, fmt.Sprintf("token = \"tok-16b\"\ndata_path = %q\nadmin_socket = \"off\"\ngateway = false\nhttp_addr = %q\npublic_key = %q\nmetrics_addr = %q\n",
		filepath.Join(t.TempDir(), "shinpan.db"), addr, srv.Endpoint().PublicKey(), metrics))
	done := make(chan error, 1)
	go func() { done <- runServe([]string{"--config", cfg}) }()
	waitFor(t, "the endpoint to pass the portal's check", func() bool {
		return srv.Endpoint().SetURL("http://"+addr+"/interactions") == nil
	})
	id, err := srv.SlashCommand(srv.Users()[0].ID, srv.DefaultChannelID(), "shogi", discordtest.Subcommand("help"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := srv.WaitInteraction(ctx, id, discordtest.Answered); err != nil {
		t.Fatal(err)
	}
	if g := srv.Gateway(); g.Identifies != 0 || g.Connections != 0 {
		t.Errorf("gateway %+v", g)
	}
	// Ready with no gateway: the interactions endpoint is what takes work.
	if err := ops.Probe(context.Background(), metrics, false); err != nil {
		t.Errorf("/readyz without a gateway: %v", err)
	}
	(<-sigs) <- os.Interrupt
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
}
