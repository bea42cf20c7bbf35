package store

import (
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// MessageRef is a Discord message the bot edits later (a board, a status
// line), stored per game under a purpose such as "board:public",
// "board:black", "status".
type MessageRef struct {
	ChannelID string    `json:"channel_id"`
	MessageID string    `json:"message_id"`
	UpdatedAt time.Time `json:"updated_at"`
}

func messageKey(id GameID, purpose string) []byte { return cat(u64(uint64(id)), []byte(purpose)) }

// PutMessageRef records (or replaces) the message of a game for a purpose.
// Errors: ErrNotFound (no such game), ErrInvalid (empty purpose or ids).
func (s *Store) PutMessageRef(id GameID, purpose string, ref MessageRef) error {
	if purpose == "" || ref.ChannelID == "" || ref.MessageID == "" {
		return fmt.Errorf("store: put message ref: %w: purpose, channel and message id are required", ErrInvalid)
	}
	err := s.update(func(tx *bolt.Tx) error {
		if _, err := readGame(tx, id); err != nil {
			return err
		}
		ref.UpdatedAt = normTime(s.now())
		return putJSON(bkt(tx, bMessages), messageKey(id, purpose), ref)
	})
	return wrapOp("put message ref", err)
}

// GetMessageRef returns the message of a game for a purpose. Errors: ErrNotFound.
func (s *Store) GetMessageRef(id GameID, purpose string) (MessageRef, error) {
	var ref MessageRef
	err := s.view(func(tx *bolt.Tx) error {
		found, err := getJSON(bkt(tx, bMessages), messageKey(id, purpose), &ref)
		if err == nil && !found {
			err = fmt.Errorf("message %q of game #%d: %w", purpose, id, ErrNotFound)
		}
		return err
	})
	return ref, wrapOp("get message ref", err)
}

// MessageRefs returns all of a game's messages by purpose (empty map if none).
func (s *Store) MessageRefs(id GameID) (map[string]MessageRef, error) {
	out := map[string]MessageRef{}
	prefix := u64(uint64(id))
	err := s.view(func(tx *bolt.Tx) error {
		c := bkt(tx, bMessages).Cursor()
		for k, v := c.Seek(prefix); k != nil && string(k[:8]) == string(prefix); k, v = c.Next() {
			var ref MessageRef
			if err := jsonDecode(v, &ref); err != nil {
				return fmt.Errorf("%w: message ref %x: %v", ErrCorrupt, k, err)
			}
			out[string(k[8:])] = ref
		}
		return nil
	})
	return out, wrapOp("message refs", err)
}

// DeleteMessageRef forgets a game's message for a purpose (absent is no error).
func (s *Store) DeleteMessageRef(id GameID, purpose string) error {
	return wrapOp("delete message ref", s.update(func(tx *bolt.Tx) error {
		return bkt(tx, bMessages).Delete(messageKey(id, purpose))
	}))
}
