package rule

// The table of a rule, B/S notation for outer-totalistic rules ("B3/S23",
// "23/3", "B2/S34H"), and Parse, which dispatches to the other notations:
// Hensel letters (hensel.go), MAP strings (map.go), partial rules
// (partial.go). The neighbourhood shapes are in shape.go, the geometry of
// the 3x3 block in geometry.go.

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// ErrInvalid is wrapped by every error Parse returns.
var ErrInvalid = errors.New("rule: bad rule")

// A Neighbourhood is the state of a cell and its eight neighbours, one bit
// each (1 alive), in the order of Golly's MAP rules:
//
//	NW N  NE     256 128  64
//	W  C  E   =   32  16   8
//	SW S  SE       4   2   1
//
// N is the row above (y-1), W the column to the left (x-1). C, the cell
// itself, is bit 4 (Centre). Values run from 0 (all dead) to 511.
type Neighbourhood uint16

// Centre is the bit of the cell itself in a Neighbourhood.
const Centre Neighbourhood = 1 << 4

// NeighbourhoodOf is the Neighbourhood of the cell whose own state is
// cells[1][1]: cells[dy+1][dx+1] is the state of the cell dx columns to
// the right and dy rows below it.
func NeighbourhoodOf(cells [3][3]bool) Neighbourhood {
	var n Neighbourhood
	for _, row := range cells {
		for _, c := range row {
			n <<= 1
			if c {
				n |= 1
			}
		}
	}
	return n
}

// Alive reports whether the cell itself is alive.
func (n Neighbourhood) Alive() bool { return n&Centre != 0 }

// Count is the number of live neighbours among all eight, the cell itself
// not counted (Shape.Count counts those of a smaller shape).
func (n Neighbourhood) Count() int { return bits.OnesCount16(uint16(n &^ Centre & 511)) }

// table holds one bit per Neighbourhood: bit i of word i/64 is the next
// state of a cell whose neighbourhood is i.
type table [8]uint64

func (t *table) get(n Neighbourhood) bool { return t[n>>6&7]>>(n&63)&1 == 1 }

func (t *table) set(n Neighbourhood, v bool) {
	if v {
		t[n>>6&7] |= 1 << (n & 63)
	} else {
		t[n>>6&7] &^= 1 << (n & 63)
	}
}

// notation is how a Rule is written.
type notation uint8

const (
	noRule  notation = iota // the zero Rule: no rule at all
	bsRule                  // B/S, with Hensel letters when not totalistic
	mapRule                 // MAP and base64
)

// A Rule is a Life-like cellular automaton rule: two states and any
// function from the 512 states of a cell's 3x3 neighbourhood to its next
// state (Transition). A rule of the hexagonal or von Neumann Shape is
// such a function that ignores the cells outside its shape. Three
// notations write rules, and Parse reads them all:
//
//   - B/S (outer-totalistic): "B3/S23" is Life: a dead cell with 3 live
//     neighbours is born, a live one with 2 or 3 survives. Also "b3/s23",
//     "B3S23", "S23/B3", and the older S/B form of digits only, survival
//     first: "23/3". "B/S" is the rule under which everything dies. A
//     final "H" names the hexagonal neighbourhood, counts 0 to 6
//     ("B2/S34H"), a final "V" the von Neumann one, counts 0 to 4
//     ("B2/S013V"), as Golly writes them (see Shape).
//   - Hensel (isotropic non-totalistic): a digit may be followed by
//     letters that pick some of the neighbourhoods with that many live
//     neighbours, up to rotation and reflection, or by '-' and the letters
//     left out: "B2n3/S23-q", "B3/S2-i34q". The letters per count are
//     1: ce, 2: aceikn, 3: aceijknqry, 4: aceijknqrtwyz, 5: as 3, 6: as 2,
//     7: as 1 (51 classes with 0 and 8), as on LifeWiki's page
//     "Isotropic non-totalistic Life-like cellular automaton".
//     The letters name Moore neighbourhoods: hexagonal and von Neumann
//     rules take counts only.
//   - MAP: "MAP" and 86 base64 characters (or 88, ending in "=="), the
//     512 transitions in the order of Neighbourhood, first bit first, as
//     Golly writes any Life-like rule; Life is "MAPARYXfhZofugWaH7oa...".
//     22 characters are a hexagonal rule (128 transitions of 7 cells), 6
//     a von Neumann one (32 transitions of 5 cells).
//
// String writes a rule in the notation it was read in, in canonical form
// (Golly's): B/S with digits in order, Hensel letters in alphabetical
// order, or after '-' when fewer are left out, the shape's letter last;
// MAP strings unpadded. Rules compare equal with == when they have the
// same transitions, the same shape and the same notation; Equivalent
// compares the transitions alone ("B/SH", under which everything dies,
// is Equivalent to "B/S").
//
// The zero Rule is no rule at all: it is not Life and not "B/S" (Parse
// never returns it). It stands for "the default", Life, in Settings and in
// pattern.Write; Step and Run panic on it, and density.CountStillLifes,
// density.MaxStillLifeRule and PredProblem.Check return an error.
//
// A partial rule ("pB3/S23", LLS's "p" prefix, see Partial) leaves some
// transitions free: a search under it finds patterns that work in some
// rule of its range.
//
// Inside, a Rule is a 512-bit table indexed by Neighbourhood and, for a
// partial rule, a second table of the transitions left free.
type Rule struct {
	t     table
	free  table // transitions left free: a partial rule; zero otherwise
	form  notation
	shape Shape
	outer bool // outer-totalistic, set by made
}

// made fills in what is derived from r's table.
func (r Rule) made() Rule {
	r.outer = r.t.totalistic(r.shape) && !r.Partial()
	return r
}

// Shape is the neighbourhood r reads: Moore, or Hexagonal or VonNeumann
// for rules read from "...H", "...V" or their MAP strings. The table of
// a rule ignores the cells outside its shape.
func (r Rule) Shape() Shape { return r.shape }

// Life is Conway's Game of Life, B3/S23.
var Life = MustParse("B3/S23")

// MustParse is Parse for rules known to be valid, such as constants in
// tests and examples; it panics on an error.
func MustParse(s string) Rule {
	r, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return r
}

// New is the rule of the Moore neighbourhood whose next state of
// neighbourhood n is next(n), for all 512 neighbourhoods. It is written
// in B/S (Hensel) notation when it is isotropic, else as a MAP string.
func New(next func(n Neighbourhood) bool) Rule {
	r := Rule{form: bsRule}
	for n := range Neighbourhood(512) {
		r.t.set(n, next(n))
	}
	if !r.Isotropic() {
		r.form = mapRule
	}
	return r.made()
}

// totalisticRule is the outer-totalistic rule with birth and survival
// sets as bit masks over neighbour counts.
func totalisticRule(birth, survival uint16) Rule {
	r := Rule{form: bsRule}
	for n := range Neighbourhood(512) {
		set := birth
		if n.Alive() {
			set = survival
		}
		r.t.set(n, set>>n.Count()&1 == 1)
	}
	return r.made()
}

// IsZero reports whether r is the zero Rule, which names no rule.
func (r Rule) IsZero() bool { return r.form == noRule }

// Transition is the next state of a cell whose neighbourhood (itself
// included) is n. The zero Rule kills every cell.
func (r Rule) Transition(n Neighbourhood) bool { return r.t.get(n) }

// Next is the next state of a cell under an outer-totalistic rule, given
// its state and its number of live neighbours among those of r's Shape
// (0..8, 0..6 for Hexagonal, 0..4 for VonNeumann). It panics when r is
// not outer-totalistic (see Totalistic): the count does not decide the
// next state then; use Transition. It panics on a count outside the
// shape's range too.
func (r Rule) Next(alive bool, neighbours int) bool {
	if !r.Totalistic() {
		panic(fmt.Sprintf("rule: Rule.Next on %v, which is not outer-totalistic", r))
	}
	if neighbours < 0 || neighbours > r.shape.Size() {
		panic(fmt.Sprintf("rule: Rule.Next with %d neighbours; a cell has %d in the %v neighbourhood", neighbours, r.shape.Size(), r.shape))
	}
	n := firstNeighbours[r.shape][neighbours]
	if alive {
		n |= Centre
	}
	return r.t.get(n)
}

// firstNeighbours[s][k] is the neighbourhood of a dead cell whose first
// k neighbours of shape s (in the order of Shape.Offsets) are alive: the
// question Next asks the table.
var firstNeighbours = func() (t [3][9]Neighbourhood) {
	for _, s := range []Shape{Moore, Hexagonal, VonNeumann} {
		for k, o := range s.Offsets() {
			t[s][k+1] = t[s][k] | Bit(o[0], o[1])
		}
	}
	return t
}()

// Totalistic reports whether r is outer-totalistic: whether the next
// state of every cell depends only on its own state and its number of
// live neighbours among those of its Shape, as in B/S notation without
// letters. "B2/S34H" is: it counts six neighbours.
func (r Rule) Totalistic() bool { return r.outer }

// totalistic reports whether the next state in t depends only on the
// cell's state and its number of live neighbours of shape s.
func (t *table) totalistic(s Shape) bool {
	var seen [2][9]int8 // 0 unseen, 1 dead next, 2 alive next
	for n := range Neighbourhood(512) {
		c, k := 0, s.Count(n)
		if n.Alive() {
			c = 1
		}
		v := int8(1)
		if t.get(n) {
			v = 2
		}
		switch seen[c][k] {
		case 0:
			seen[c][k] = v
		case v:
		default:
			return false
		}
	}
	return true
}

// Isotropic reports whether r is the same rule when the plane is rotated
// or reflected in any of the eight ways of the square: whether Hensel
// notation can write it. A hexagonal rule is not, in general: a quarter
// turn does not map its shape onto itself (see Invariant).
func (r Rule) Isotropic() bool {
	for n := range Neighbourhood(512) {
		for _, m := range n.Images() {
			if r.t.get(m) != r.t.get(n) {
				return false
			}
		}
	}
	return true
}

// BirthOnZero reports whether a dead cell with no live neighbours is born
// (rules with B0; for MAP rules, bit 0 of the table). Such rules never
// leave an empty plane empty, so a pattern in a finite box cannot be
// searched for under them.
func (r Rule) BirthOnZero() bool { return r.t.get(0) }

// Transposed is r with the plane reflected in its main diagonal: a board
// B evolves under r as its transpose evolves under r.Transposed().
func (r Rule) Transposed() Rule {
	t := Rule{form: r.form, shape: r.shape} // the reflection maps each shape onto itself
	for n := range Neighbourhood(512) {
		var m Neighbourhood
		for p := range 9 { // bit 8-(3 row+col) moves to 8-(3 col+row)
			if n>>(8-p)&1 == 1 {
				m |= 1 << (8 - (3*(p%3) + p/3))
			}
		}
		t.t.set(n, r.t.get(m))
		t.free.set(n, r.free.get(m))
	}
	return t.made()
}

// Equivalent reports whether r and s have the same transitions (and, for
// partial rules, the same free ones), whatever notation they were written
// in.
func (r Rule) Equivalent(s Rule) bool { return r.t == s.t && r.free == s.free }

// String is the rule in canonical form in its notation: "B3/S23",
// "B2n3/S23-q", "B2/S34H", "MAP...". The zero Rule is "(no rule)".
func (r Rule) String() string {
	switch {
	case r.form == noRule:
		return "(no rule)"
	case r.Partial():
		return r.partialString()
	case r.form == bsRule && r.shape == Moore:
		return r.hensel()
	case r.form == bsRule && r.outer:
		return r.counts()
	}
	return r.mapString()
}

// Parse reads a rule in any of the notations Rule describes: B/S
// ("B3/S23", "b3/s23", "B3S23", "S23/B3", the older "23/3"), with a final
// H or V for the hexagonal or von Neumann neighbourhood ("B2/S34H",
// "B2/S013V"), Hensel ("B2n3/S23-q") or MAP ("MAPARYXfhZofugWaH7oa...").
// Surrounding space is ignored, and so is case except in the base64 of a
// MAP string: "b2/s34h" is hexagonal, as in Golly and Catagolue. Errors
// wrap ErrInvalid and say what is wrong: neighbour counts above 8 (6, 4),
// repeated digits, letters that name no neighbourhood class or shape,
// and the rule families it does not take (bounded grids "B3/S23:T20,20",
// Generations "23/3/3"). A "p" before B/S or Hensel notation makes a
// partial rule, read as LLS reads it (see Partial): "pB3/S23",
// "pB3a-c/S23", "p". Two rules of one shape and one notation, "A .. B",
// are the partial rule whose range runs from A to B (see Partial): it is
// how String writes the partial rules LLS's notation cannot write, those
// of MAP notation and of the hexagonal and von Neumann neighbourhoods
// ("B2/S34H .. B23/S34H").
func Parse(s string) (Rule, error) {
	bad := func(why string) (Rule, error) {
		q := s
		if len(q) > 100 {
			q = q[:100] + "..."
		}
		return Rule{}, fmt.Errorf("%w %q: %s", ErrInvalid, q, why)
	}
	t := strings.TrimSpace(s)
	for i := range len(t) {
		if t[i] >= utf8.RuneSelf {
			// Not folded to ASCII letters by case mapping ('ſ' is 'S').
			r, _ := utf8.DecodeRuneInString(t[i:])
			return bad(fmt.Sprintf("unexpected %q", r))
		}
	}
	if i := strings.IndexByte(t, ':'); i >= 0 {
		return bad(fmt.Sprintf("bounded grids (%q) are not supported: lifesat simulates the infinite plane or, with the torus edge, a board's own size", t[i:]))
	}
	var r Rule
	var why string
	if lo, hi, ok := strings.Cut(t, ".."); ok {
		r, why = parseRange(strings.TrimSpace(lo), strings.TrimSpace(hi))
	} else {
		r, why = parseOne(t)
	}
	if why != "" {
		return bad(why)
	}
	return r, nil
}

// parseOne reads one rule in any notation but a range, or says why it
// cannot.
func parseOne(t string) (Rule, string) {
	switch {
	case t == "":
		return Rule{}, "empty"
	case len(t) >= 3 && strings.EqualFold(t[:3], "MAP"):
		return parseMap(t[3:])
	}
	return parseBS(strings.ToUpper(t))
}

// parseBS reads B/S and Hensel notation from an upper-case string, or
// says why it cannot: first the rule families it does not take, named,
// then the notation itself.
func parseBS(u string) (Rule, string) {
	parts := strings.Split(u, "/")
	switch {
	case len(parts) == 3 && isGenerations(parts[2]) && parses(parts[0]+"/"+parts[1]):
		return Rule{}, "Generations rules (a third part, the number of states) have more than two states: not supported"
	case len(parts) > 2:
		return Rule{}, "more than one '/'"
	}
	shape, body := Moore, u
	if len(u) > 1 {
		switch u[len(u)-1] {
		case 'H':
			shape, body = Hexagonal, u[:len(u)-1]
		case 'V':
			shape, body = VonNeumann, u[:len(u)-1]
		}
	}
	switch {
	case body == "P" || len(body) > 1 && body[0] == 'P' && strings.ContainsAny(body[1:2], "BS/0123456789"):
		if shape != Moore {
			return Rule{}, fmt.Sprintf("partial rules (a leading p, as in LLS) take the Moore neighbourhood only, not the %v one", shape)
		}
		return parsePartial(body[1:])
	case shape != Moore && strings.ContainsAny(body[len(body)-1:], "HV"):
		return Rule{}, "one neighbourhood letter (H or V) at most, at the end"
	}
	r, why := parseBSParts(body, shape)
	if why == "" {
		return r, ""
	}
	if shape == Moore {
		if msg := unknownShape(u); msg != "" {
			return Rule{}, msg
		}
	}
	if !strings.ContainsAny(u[:1], "BS/0123456789") {
		return Rule{}, notARule
	}
	return Rule{}, why
}

// unknownShape is the message for a B/S rule with a final letter that is
// neither a shape's nor a Hensel letter of the last digit ("B3/S23X"),
// or "" when u is not such a rule.
func unknownShape(u string) string {
	c := u[len(u)-1]
	body := u[:len(u)-1]
	if c < 'A' || c > 'Z' || !parses(body) {
		return ""
	}
	last := strings.LastIndexAny(body, "012345678")
	if last < 0 {
		return ""
	}
	d := body[last] - '0'
	lower := c - 'A' + 'a'
	if strings.IndexByte(henselLetters[d], lower) >= 0 {
		return "" // a Hensel letter of d: parseBSParts said what is wrong
	}
	shapes := fmt.Sprintf("%q at the end names no neighbourhood (H is the hexagonal one, V the von Neumann one)", c)
	if d == 0 || d == 8 {
		return shapes + ", and counts 0 and 8 take no Hensel letters"
	}
	return fmt.Sprintf("%s, and %c%c is no Hensel class (the letters for %c are %s)", shapes, d+'0', lower, d+'0', henselLetters[d])
}

// parses reports whether u, upper case, is a rule of the Moore
// neighbourhood in B/S or Hensel notation.
func parses(u string) bool { _, why := parseBSParts(u, Moore); return why == "" }

// notARule is the message for strings that are no rule at all.
const notARule = `want B/S notation ("B3/S23", "23/3", "B2/S34H"), Hensel notation ("B2n3/S23-q") or a MAP string ("MAP" and 86 base64 characters)`

// parseBSParts reads B/S and Hensel notation with at most one slash,
// without its shape's letter, for a rule of shape s.
func parseBSParts(u string, s Shape) (Rule, string) {
	birth, survival, why := splitBS(u)
	if why != "" {
		return Rule{}, why
	}
	r := Rule{form: bsRule, shape: s}
	if why := r.setTransitions(strings.ToLower(birth), false); why != "" {
		return Rule{}, why
	}
	if why := r.setTransitions(strings.ToLower(survival), true); why != "" {
		return Rule{}, why
	}
	return r.made(), ""
}

// splitBS finds the birth and survival parts of B/S and Hensel notation
// with at most one slash, or says why it cannot.
func splitBS(u string) (birth, survival, why string) {
	parts := strings.Split(u, "/")
	if len(parts) > 2 {
		return "", "", "more than one '/'"
	}
	if !strings.ContainsAny(u, "BS") {
		// Old form "S/B": survival, a slash, birth.
		if len(parts) != 2 {
			return "", "", `want "B3/S23" or "23/3"`
		}
		survival, birth = parts[0], parts[1]
	} else {
		// Two parts, each a letter and its transitions, separated by an
		// optional slash, in either order.
		var seenB, seenS bool
		for i, p := range parts {
			if p == "" || p[0] != 'B' && p[0] != 'S' {
				return "", "", "each part needs its letter B or S first"
			}
			for p != "" {
				letter := p[0]
				end := strings.IndexAny(p[1:], "BS") + 1
				if end == 0 {
					end = len(p)
				}
				switch {
				case letter == 'B' && !seenB:
					seenB, birth = true, p[1:end]
				case letter == 'S' && !seenS:
					seenS, survival = true, p[1:end]
				default:
					return "", "", fmt.Sprintf("%c given twice", letter)
				}
				p = p[end:]
				if i == 0 && len(parts) == 2 && p != "" {
					return "", "", "one part on each side of '/'"
				}
			}
		}
		if !seenB || !seenS {
			return "", "", "need both a B part and an S part"
		}
	}
	return birth, survival, ""
}

// isGenerations reports whether s, the third part of a rule, is a number
// of states: digits, perhaps after "C" or "G".
func isGenerations(s string) bool {
	s = strings.TrimLeft(s, "CG")
	s = strings.TrimSuffix(strings.TrimSuffix(s, "H"), "V") // Golly's "12/34/3H"
	return s != "" && strings.Trim(s, "0123456789") == ""
}
