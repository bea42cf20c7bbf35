// Package wire is what the Discord stand-in knows of Discord's wire
// format that needs no state: reading a request's body (JSON, or
// multipart with payload_json and files[N] parts, split without copies
// when it is in the plain form writers give), its top-level fields
// (Payload) and the attachments it names, the components of a message,
// encoding answers once (Encoded, WithFields), and the limits Discord
// enforces that its OpenAPI description misses (Check).
package wire
