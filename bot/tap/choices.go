package tap

import (
	"encoding/json"

	"shinpan/referee/shogi"
)

// Choice is one thing a player can tap on a message: a button, or one option
// of a select menu, as Discord's component JSON has them.
type Choice struct {
	CustomID string
	Value    string // the option's value; "" for a button
	Label    string
	Step     string // the step it leads to (Parse)
}

// Choices reads the tap choices of a message's components (the JSON array
// of action rows Discord keeps); other components are left out.
func Choices(components []byte) ([]Choice, error) {
	if len(components) == 0 {
		return nil, nil
	}
	type comp struct {
		Type     int    `json:"type"`
		CustomID string `json:"custom_id"`
		Label    string `json:"label"`
		Options  []struct {
			Label string `json:"label"`
			Value string `json:"value"`
		} `json:"options"`
		Components []comp `json:"components"`
	}
	var rows []comp
	if err := json.Unmarshal(components, &rows); err != nil {
		return nil, err
	}
	var out []Choice
	for _, row := range rows {
		for _, c := range row.Components {
			if len(c.Options) == 0 {
				if _, _, step, ok := Parse(c.CustomID, nil); ok {
					out = append(out, Choice{CustomID: c.CustomID, Label: c.Label, Step: step})
				}
				continue
			}
			for _, o := range c.Options {
				if _, _, step, ok := Parse(c.CustomID, []string{o.Value}); ok {
					out = append(out, Choice{CustomID: c.CustomID, Value: o.Value, Label: o.Label, Step: step})
				}
			}
		}
	}
	return out, nil
}

// Toward returns the choice that leads to move m (the move itself first),
// or false.
func Toward(cs []Choice, m shogi.Move) (Choice, bool) {
	for _, c := range cs {
		if c.Step == "m:"+m.USI() {
			return c, true
		}
	}
	for _, c := range cs {
		if Leads(c.Step, m) {
			return c, true
		}
	}
	return Choice{}, false
}

// TowardMask returns the choice that makes the piece on s the mask, or false.
func TowardMask(cs []Choice, s shogi.Square) (Choice, bool) {
	for _, c := range cs {
		if LeadsToMask(c.Step, s) {
			return c, true
		}
	}
	return Choice{}, false
}
