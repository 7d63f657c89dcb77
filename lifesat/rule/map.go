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
//
// A rule of the hexagonal or von Neumann Shape has a shorter MAP string
// (Golly's help, "QuickLife", "MAP rules"): its index runs over the cells
// of the shape only, in the same order with the others left out, so 7
// bits NW N W C E S SE (128 transitions, 22 characters) for Hexagonal
// and 5 bits N W C E S (32 transitions, 6 characters) for VonNeumann.
// The length of the string says the shape; no suffix follows it.

import (
	"fmt"
	"strings"
)

const base64Digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// mapBits is the number of transitions in a MAP string of shape s: 2 to
// the number of cells it reads (512, 128, 32).
func mapBits(s Shape) int { return 2 << s.Size() }

// mapLength is the number of base64 characters of a MAP string of shape
// s: 86, 22 or 6.
func mapLength(s Shape) int { return (mapBits(s) + 5) / 6 }

// parseMap reads the base64 part of a MAP rule, or says why it cannot;
// its length says the shape.
func parseMap(body string) (Rule, string) {
	body = strings.TrimSuffix(body, "==")
	var s Shape
	switch len(body) {
	case mapLength(Moore):
		s = Moore
	case mapLength(Hexagonal):
		s = Hexagonal
	case mapLength(VonNeumann):
		s = VonNeumann
	default:
		return Rule{}, fmt.Sprintf("a MAP rule has %d base64 characters (the Moore neighbourhood), %d (hexagonal) or %d (von Neumann), each perhaps followed by \"==\"; not %d",
			mapLength(Moore), mapLength(Hexagonal), mapLength(VonNeumann), len(body))
	}
	stream := make([]bool, mapBits(s))
	for i := range len(body) {
		v := strings.IndexByte(base64Digits, body[i])
		if v < 0 {
			return Rule{}, fmt.Sprintf("%q at %d is not a base64 character", body[i], 3+i+1)
		}
		for b := range 6 {
			if k := 6*i + b; k < len(stream) {
				stream[k] = v>>(5-b)&1 == 1
			}
		}
	}
	r := Rule{form: mapRule, shape: s}
	for n := range Neighbourhood(512) {
		r.t.set(n, stream[s.index(n)])
	}
	return r.made(), ""
}

// mapString writes r's table as a MAP rule of r's shape.
func (r Rule) mapString() string {
	s := r.shape
	stream := make([]bool, mapLength(s)*6)
	keep := s.Mask() | Centre
	for n := range Neighbourhood(512) {
		if n&^keep == 0 {
			stream[s.index(n)] = r.t.get(n)
		}
	}
	var sb strings.Builder
	sb.WriteString("MAP")
	for i := range mapLength(s) {
		v := 0
		for _, bit := range stream[6*i : 6*i+6] {
			v <<= 1
			if bit {
				v |= 1
			}
		}
		sb.WriteByte(base64Digits[v])
	}
	return sb.String()
}
