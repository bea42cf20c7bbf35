// Package interact serves Discord's interactions, from the gateway and from
// the signed HTTP endpoint (endpoint.go), through one route table: a handler
// gets a Req and returns an Answer; the router alone defers, replies and logs.
package interact
