package compose

// OnOff is a server's "on" or "off" choice, or the configuration's conf
// when it has not chosen.
func OnOff(choice string, conf bool) bool {
	switch choice {
	case "on":
		return true
	case "off":
		return false
	}
	return conf
}
