package wire

import (
	"encoding/json"
	"fmt"
)

// APIError is an error answer of the REST API, written as Discord writes it:
// {"message": "...", "code": N} with an optional "errors" object. discordgo
// turns it into *discordgo.RESTError with Message.Code == Code.
type APIError struct {
	Status  int             `json:"-"`
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Errors  json.RawMessage `json:"errors,omitempty"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("HTTP %d, code %d: %s", e.Status, e.Code, e.Message)
}

// NewAPIError is the error answer with status, Discord's code and message.
func NewAPIError(status, code int, msg string) *APIError {
	return &APIError{Status: status, Code: code, Message: msg}
}

// Discord's JSON error codes used by the stand-in.
const (
	CodeGeneral                 = 0
	CodeUnknownApplication      = 10002
	CodeUnknownChannel          = 10003
	CodeUnknownGuild            = 10004
	CodeUnknownMember           = 10007
	CodeUnknownMessage          = 10008
	CodeUnknownUser             = 10013
	CodeUnknownWebhook          = 10015
	CodeUnknownInteraction      = 10062
	CodeUnknownCommand          = 10063
	CodeAlreadyAcknowledged     = 40060
	CodeMissingAccess           = 50001
	CodeCannotExecuteOnDM       = 50003
	CodeEditOthersMessage       = 50005
	CodeEmptyMessage            = 50006
	CodeCannotSendToUser        = 50007
	CodeMissingPermissions      = 50013
	CodeInvalidRecipient        = 50033
	CodeInvalidFormBody         = 50035
	CodeOldMessageEdits         = 30046 // edits of messages older than an hour (RateLimits.OldMessageEdit)
	CodeOpeningDMsFast          = 40003 // opening DMs too fast (RateLimits.DMOpen)
	CodeThreadAlreadyCreated    = 160004
	CodeInvalidInteractionReply = 40000 // stand-in: callback type not allowed for this interaction
)
