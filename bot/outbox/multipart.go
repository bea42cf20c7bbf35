package outbox

import (
	"encoding/json"
	"mime/multipart"
	"strconv"
	"strings"

	"shinpan/bot/compose"
)

// multipartBody is discordgo.MultipartBodyWithJSON for files held in memory:
// the same parts (payload_json, then files[N] with their names and types),
// written into one buffer sized beforehand. discordgo's grows its buffer
// from nothing, copying every board a few times over, and sorts each part's
// header: under load those were a tenth of what the process allocated.
func multipartBody(v any, files []compose.File) (contentType string, body []byte, err error) {
	payload, err := json.Marshal(v)
	if err != nil {
		return "", nil, err
	}
	w := multipart.NewWriter(nil) // only its boundary
	boundary := w.Boundary()
	size := len(payload) + 2*len(boundary) + 128
	for _, f := range files {
		size += len(f.Data) + len(f.Name) + len(f.Type) + len(boundary) + 128
	}
	b := make([]byte, 0, size)
	b = append(b, "--"...)
	b = append(b, boundary...)
	b = append(b, "\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n"...)
	b = append(b, payload...)
	for i, f := range files {
		b = append(b, "\r\n--"...)
		b = append(b, boundary...)
		b = append(b, "\r\nContent-Disposition: form-data; name=\"files["...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, "]\"; filename=\""...)
		b = append(b, quoteEscaper.Replace(f.Name)...)
		b = append(b, "\"\r\nContent-Type: "...)
		ct := f.Type
		if ct == "" {
			ct = "application/octet-stream"
		}
		b = append(b, ct...)
		b = append(b, "\r\n\r\n"...)
		b = append(b, f.Data...)
	}
	b = append(b, "\r\n--"...)
	b = append(b, boundary...)
	b = append(b, "--\r\n"...)
	return w.FormDataContentType(), b, nil
}

// quoteEscaper escapes a file name as discordgo's and mime/multipart's do.
var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")
