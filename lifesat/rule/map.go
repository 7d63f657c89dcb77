package rule

// MAP rules: "MAP" and the 512 transitions of a Rule in base64, as Golly
// reads and writes them. Bit i of the stream (the most significant bit of
// each base64 character first) is the next state of Neighbourhood i, so
// the first character holds the neighbourhoods 0..5. 512 bits make 85
// characters and two bits of an 86th; the base64 padding "==" may follow.
// Golly ignores the last character's four unused bits, and so does
// Parse; String writes them as zeros. Conway's Life is
//
//	MAPARYXfhZofugWaH7oaIDogBZofuhogOiAaIDogIAAgAAWaH7oaIDogGiA6ICAAIAAaIDogIAAgACAAIAAAAAAAA
//
// (LifeWiki, "Non-isotropic Life-like cellular automaton", whose picture
// of the bit values, 256 128 64 / 32 16 8 / 4 2 1, is Neighbourhood's;
// rlifesrc's ca-rules crate reads MAP strings in the same order).

import (
	"fmt"
	"strings"
)

const base64Digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// mapLength is the number of base64 characters of a 512-bit table.
const mapLength = (512 + 5) / 6

// parseMap reads the base64 part of a MAP rule.
func parseMap(body string, bad func(string) (Rule, error)) (Rule, error) {
	body = strings.TrimSuffix(body, "==")
	switch len(body) {
	case mapLength:
	case 22, 6:
		return bad("MAP rules of the hexagonal (22 characters) and von Neumann (6) neighbourhoods are not supported, only the Moore neighbourhood (86)")
	default:
		return bad(fmt.Sprintf("a MAP rule has %d base64 characters (or %d ending in \"==\"), not %d", mapLength, mapLength+2, len(body)))
	}
	r := Rule{form: mapRule}
	for i := range mapLength {
		v := strings.IndexByte(base64Digits, body[i])
		if v < 0 {
			return bad(fmt.Sprintf("%q at %d is not a base64 character", body[i], 3+i+1))
		}
		for b := range 6 {
			if n := 6*i + b; n < 512 && v>>(5-b)&1 == 1 {
				r.t.set(Neighbourhood(n), true)
			}
		}
	}
	return r.made(), nil
}

// mapString writes r's table as a MAP rule.
func (r Rule) mapString() string {
	var sb strings.Builder
	sb.WriteString("MAP")
	for i := range mapLength {
		v := 0
		for b := range 6 {
			v <<= 1
			if n := 6*i + b; n < 512 && r.t.get(Neighbourhood(n)) {
				v |= 1
			}
		}
		sb.WriteByte(base64Digits[v])
	}
	return sb.String()
}
