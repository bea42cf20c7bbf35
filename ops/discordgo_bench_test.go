package ops

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// discordgo v0.29.0 logs every gateway event at debug level in
// Session.onEvent (wsapi.go:590):
//
//	s.log(LogDebug, "Op: %d, Seq: %d, Type: %s, Data: %s\n\n", e.Operation, e.Sequence, e.Type, string(e.RawData))
//
// Session.log returns at once when the level is off, but Go evaluates the
// arguments first: string(e.RawData) copies the event's JSON and the four
// values are boxed for the ...interface{}, whatever s.LogLevel says. No
// setting avoids it. BenchmarkDiscordgoDebugLine measures that call with the
// level off; BenchmarkDiscordgoDecodeEvent what onEvent does for the same
// event anyway (decode the frame, then the MESSAGE_CREATE), for scale.

// gatewayFrame is a DM's MESSAGE_CREATE as the gateway sends it.
var gatewayFrame = []byte(`{"op":0,"s":4242,"t":"MESSAGE_CREATE","d":{"id":"1578241209753665536","channel_id":"1578238564548739077",` +
	`"author":{"id":"1578238564548739076","username":"alice","global_name":"Alice","discriminator":"0","avatar":null,"public_flags":0},` +
	`"content":"7g7f","timestamp":"2026-12-04T02:47:06.750000+00:00","edited_timestamp":null,"tts":false,"mention_everyone":false,` +
	`"mentions":[],"mention_roles":[],"attachments":[],"embeds":[],"pinned":false,"type":0,"flags":0,"nonce":"1578241209753665000",` +
	`"components":[],"referenced_message":null}}`)

// sessionLog has Session.log's shape: the level check comes after the
// arguments are built.
//
//go:noinline
func sessionLog(level, msgL int, format string, a ...any) {
	if msgL > level {
		return
	}
	_ = fmt.Sprintf(format, a...)
}

func BenchmarkDiscordgoDebugLine(b *testing.B) {
	var e discordgo.Event
	if err := json.Unmarshal(gatewayFrame, &e); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		sessionLog(discordgo.LogWarning, discordgo.LogDebug, "Op: %d, Seq: %d, Type: %s, Data: %s\n\n", e.Operation, e.Sequence, e.Type, string(e.RawData))
	}
}

func BenchmarkDiscordgoDecodeEvent(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		var e *discordgo.Event
		if err := json.NewDecoder(bytes.NewReader(gatewayFrame)).Decode(&e); err != nil {
			b.Fatal(err)
		}
		var m discordgo.MessageCreate
		if err := json.Unmarshal(e.RawData, &m); err != nil {
			b.Fatal(err)
		}
	}
}
