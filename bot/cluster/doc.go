// Package cluster is a process's side of the ownership several processes
// share on PostgreSQL: each game's partition is leased to one process, which
// alone applies its actions; a player's action that reaches another process
// goes to the owner through the shared inbox (node.go). The bot applies the
// actions (Host); the node routes, queues, and follows the leases.
package cluster
