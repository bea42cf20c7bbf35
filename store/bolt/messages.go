package bolt

import (
	"shinpan/store"

	"fmt"

	bbolt "go.etcd.io/bbolt"
)

func messageKey(id store.GameID, purpose string) []byte { return cat(u64(uint64(id)), []byte(purpose)) }

// PutMessageRef records (or replaces) the message of a game for a purpose.
// Errors: ErrNotFound (no such game), ErrInvalid (empty purpose or ids).
func (s *Store) PutMessageRef(id store.GameID, purpose string, ref store.MessageRef) error {
	if purpose == "" || ref.ChannelID == "" || ref.MessageID == "" {
		return fmt.Errorf("store: put message ref: %w: purpose, channel and message id are required", store.ErrInvalid)
	}
	err := s.update(func(tx *bbolt.Tx) error {
		if err := checkGame(tx, id); err != nil {
			return err
		}
		ref.UpdatedAt = store.NormTime(s.now())
		return putJSON(bkt(tx, bMessages), messageKey(id, purpose), ref)
	})
	return store.WrapOp("put message ref", err)
}

// GetMessageRef returns the message of a game for a purpose. Errors: ErrNotFound.
func (s *Store) GetMessageRef(id store.GameID, purpose string) (store.MessageRef, error) {
	var ref store.MessageRef
	err := s.view(func(tx *bbolt.Tx) error {
		found, err := getJSON(bkt(tx, bMessages), messageKey(id, purpose), &ref)
		if err == nil && !found {
			err = fmt.Errorf("message %q of game #%d: %w", purpose, id, store.ErrNotFound)
		}
		return err
	})
	return ref, store.WrapOp("get message ref", err)
}

// MessageRefs returns all of a game's messages by purpose (empty map if none).
func (s *Store) MessageRefs(id store.GameID) (map[string]store.MessageRef, error) {
	var out map[string]store.MessageRef
	err := s.view(func(tx *bbolt.Tx) error {
		var err error
		out, err = readMessageRefs(tx, id)
		return err
	})
	return out, store.WrapOp("message refs", err)
}

func readMessageRefs(tx *bbolt.Tx, id store.GameID) (map[string]store.MessageRef, error) {
	out := map[string]store.MessageRef{}
	prefix := u64(uint64(id))
	c := bkt(tx, bMessages).Cursor()
	for k, v := c.Seek(prefix); k != nil && string(k[:8]) == string(prefix); k, v = c.Next() {
		var ref store.MessageRef
		if err := jsonDecode(v, &ref); err != nil {
			return nil, fmt.Errorf("%w: message ref %x: %v", store.ErrCorrupt, k, err)
		}
		out[string(k[8:])] = ref
	}
	return out, nil
}

// DeleteMessageRef forgets a game's message for a purpose (absent is no error).
func (s *Store) DeleteMessageRef(id store.GameID, purpose string) error {
	return store.WrapOp("delete message ref", s.update(func(tx *bbolt.Tx) error {
		return bkt(tx, bMessages).Delete(messageKey(id, purpose))
	}))
}
