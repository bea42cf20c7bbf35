package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"shinpan/bot/discordtest/ratelimit"
)

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

func apiErr(status, code int, msg string) *APIError {
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
	CodeOldMessageEdits         = ratelimit.CodeOldMessageEdits // edits of messages older than an hour (RateLimits.OldMessageEdit)
	CodeOpeningDMsFast          = ratelimit.CodeOpeningDMsFast  // opening DMs too fast (RateLimits.DMOpen)
	CodeThreadAlreadyCreated    = 160004
	CodeInvalidInteractionReply = 40000 // stand-in: callback type not allowed for this interaction
)

var (
	errNotFound      = func() *APIError { return apiErr(http.StatusNotFound, CodeGeneral, "404: Not Found") }
	errUnauthorized  = func() *APIError { return apiErr(http.StatusUnauthorized, CodeGeneral, "401: Unauthorized") }
	errUnknownChan   = func() *APIError { return apiErr(http.StatusNotFound, CodeUnknownChannel, "Unknown Channel") }
	errUnknownMsg    = func() *APIError { return apiErr(http.StatusNotFound, CodeUnknownMessage, "Unknown Message") }
	errUnknownUser   = func() *APIError { return apiErr(http.StatusNotFound, CodeUnknownUser, "Unknown User") }
	errUnknownGuild  = func() *APIError { return apiErr(http.StatusNotFound, CodeUnknownGuild, "Unknown Guild") }
	errUnknownMember = func() *APIError { return apiErr(http.StatusNotFound, CodeUnknownMember, "Unknown Member") }
	errUnknownHook   = func() *APIError { return apiErr(http.StatusNotFound, CodeUnknownWebhook, "Unknown Webhook") }
	errUnknownInter  = func() *APIError { return apiErr(http.StatusNotFound, CodeUnknownInteraction, "Unknown interaction") }
	errUnknownApp    = func() *APIError { return apiErr(http.StatusNotFound, CodeUnknownApplication, "Unknown Application") }
	errUnknownCmd    = func() *APIError {
		return apiErr(http.StatusNotFound, CodeUnknownCommand, "Unknown application command")
	}
	errAlreadyAcked = func() *APIError {
		return apiErr(http.StatusBadRequest, CodeAlreadyAcknowledged, "Interaction has already been acknowledged.")
	}
	errCannotSend = func() *APIError {
		return apiErr(http.StatusForbidden, CodeCannotSendToUser, "Cannot send messages to this user")
	}
	errMissingPerm = func() *APIError { return apiErr(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions") }
	errEmptyMsg    = func() *APIError {
		return apiErr(http.StatusBadRequest, CodeEmptyMessage, "Cannot send an empty message")
	}
	errEditOthers = func() *APIError {
		return apiErr(http.StatusForbidden, CodeEditOthersMessage, "Cannot edit a message authored by another user")
	}
	errOnDM = func() *APIError {
		return apiErr(http.StatusForbidden, CodeCannotExecuteOnDM, "Cannot execute action on a DM channel")
	}
	errBadRecipient = func() *APIError { return apiErr(http.StatusBadRequest, CodeInvalidRecipient, "Invalid Recipient(s)") }
	errFormBody     = func() *APIError { return apiErr(http.StatusBadRequest, CodeInvalidFormBody, "Invalid Form Body") }
)
