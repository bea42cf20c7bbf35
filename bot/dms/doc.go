// Package dms takes the DMs players send to the bot: each user's DMs are
// handled one at a time and in order, each once however often it arrives and
// whichever process receives it (claims in the store, claim.go and
// check.go), and after an outage the DMs missed are read back first
// (catchup.go). The bot handles a DM's content (Host.HandleDM); the intake
// remembers what was handled. Its lock is a leaf.
package dms
