package main

import (
	"strings"
	"testing"
)

// TestStandInAddrLoopbackOnly: SHINPAN_DISCORD_ADDR points serve at a local
// stand-in only.
func TestStandInAddrLoopbackOnly(t *testing.T) {
	for addr, ok := range map[string]bool{
		"127.0.0.1:8080": true, "[::1]:80": true, "localhost:1": true,
		"10.0.0.1:80": false, "discord.com:443": false, "127.0.0.1": false,
	} {
		t.Setenv(standInEnv, addr)
		s, err := discordSession("tok")
		if ok != (err == nil) {
			t.Errorf("%s: %v", addr, err)
		}
		if err != nil && !strings.Contains(err.Error(), standInEnv) {
			t.Errorf("%s: the error does not name %s: %v", addr, standInEnv, err)
		}
		if ok && (s.Client.Transport == nil || s.Dialer.NetDialContext == nil) {
			t.Errorf("%s: the session is not pointed at the stand-in", addr)
		}
	}
	t.Setenv(standInEnv, "")
	if s, err := discordSession("tok"); err != nil || s.Dialer.NetDialContext != nil {
		t.Errorf("unset: %v", err)
	}
}
