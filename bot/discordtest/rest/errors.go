package rest

import (
	"net/http"
	"shinpan/bot/discordtest/wire"
)

var (
	errNotFound = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeGeneral, "404: Not Found")
	}
	errUnauthorized = func() *wire.APIError {
		return wire.NewAPIError(http.StatusUnauthorized, wire.CodeGeneral, "401: Unauthorized")
	}
	errUnknownChan = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeUnknownChannel, "Unknown Channel")
	}
	errUnknownMsg = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeUnknownMessage, "Unknown Message")
	}
	errUnknownUser = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeUnknownUser, "Unknown User")
	}
	errUnknownGuild = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeUnknownGuild, "Unknown Guild")
	}
	errUnknownMember = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeUnknownMember, "Unknown Member")
	}
	errUnknownHook = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeUnknownWebhook, "Unknown Webhook")
	}
	errUnknownInter = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeUnknownInteraction, "Unknown interaction")
	}
	errUnknownApp = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeUnknownApplication, "Unknown Application")
	}
	errUnknownCmd = func() *wire.APIError {
		return wire.NewAPIError(http.StatusNotFound, wire.CodeUnknownCommand, "Unknown application command")
	}
	errAlreadyAcked = func() *wire.APIError {
		return wire.NewAPIError(http.StatusBadRequest, wire.CodeAlreadyAcknowledged, "Interaction has already been acknowledged.")
	}
	errCannotSend = func() *wire.APIError {
		return wire.NewAPIError(http.StatusForbidden, wire.CodeCannotSendToUser, "Cannot send messages to this user")
	}
	errMissingPerm = func() *wire.APIError {
		return wire.NewAPIError(http.StatusForbidden, wire.CodeMissingPermissions, "Missing Permissions")
	}
	errEmptyMsg = func() *wire.APIError {
		return wire.NewAPIError(http.StatusBadRequest, wire.CodeEmptyMessage, "Cannot send an empty message")
	}
	errEditOthers = func() *wire.APIError {
		return wire.NewAPIError(http.StatusForbidden, wire.CodeEditOthersMessage, "Cannot edit a message authored by another user")
	}
	errOnDM = func() *wire.APIError {
		return wire.NewAPIError(http.StatusForbidden, wire.CodeCannotExecuteOnDM, "Cannot execute action on a DM channel")
	}
	errBadRecipient = func() *wire.APIError {
		return wire.NewAPIError(http.StatusBadRequest, wire.CodeInvalidRecipient, "Invalid Recipient(s)")
	}
	errFormBody = func() *wire.APIError {
		return wire.NewAPIError(http.StatusBadRequest, wire.CodeInvalidFormBody, "Invalid Form Body")
	}
)
