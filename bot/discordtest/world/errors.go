package world

import "errors"

// Errors returned by the methods that act for simulated users.
var (
	ErrNotStarted     = errors.New("discordtest: server not started")
	ErrUnknownUser    = errors.New("discordtest: unknown user")
	ErrUnknownChannel = errors.New("discordtest: unknown or deleted channel")
	ErrUnknownMessage = errors.New("discordtest: unknown message")
	ErrUnknownCommand = errors.New("discordtest: no such registered application command")
	ErrBadOption      = errors.New("discordtest: option does not match the registered command")
	ErrNoComponent    = errors.New("discordtest: no such enabled component on the message")
	ErrNoModal        = errors.New("discordtest: no such modal was shown to the user")
	ErrNotVisible     = errors.New("discordtest: message is not visible to the user")
)
