package rule

// Partial rules, as logic-life-search (LLS) writes them: "p" before B/S
// or Hensel notation. Within a partial rule's B or S part, per neighbour
// count:
//
//   - a count that is not written: all its transitions are off (as in a
//     plain rule);
//   - a digit alone ("3"): all its transitions are free;
//   - a digit and letters ("3ae"): those transitions are on, the others
//     free;
//   - a digit, letters, '-' and letters ("3ae-k", "3-k"): those before
//     '-' on, those after it off, the others free.
//
// Counts 0 and 8 have one class each, whose letter is "c": "pB0c/S"
// has B0 on, as LLS writes it.
//
// "p" alone leaves every transition free. Each free isotropic class is
// one unknown of a search (LLS's variable per transition): a pattern
// found under "pB3/S23" works in every rule of its range, in which each
// class of 3 neighbours is on or off as a whole. LLS reads digits-only
// rules ("23/3") birth first and lifesat survival first, so partial rules
// must name B and S.

import (
	"fmt"
	"strings"
)

// Partial reports whether r leaves some transitions free (a rule read
// from "pB3/S23"). Transition answers false for a free transition; Step
// and Run panic on partial rules (take Min or Max).
func (r Rule) Partial() bool { return r.free != table{} }

// Free reports whether the transition of neighbourhood n is left free.
func (r Rule) Free(n Neighbourhood) bool { return r.free.get(n) }

// Min is the rule of r's range with every free transition off: r itself
// when r is not partial.
func (r Rule) Min() Rule {
	r.free = table{}
	return r.made()
}

// Max is the rule of r's range with every free transition on.
func (r Rule) Max() Rule {
	for i := range r.t {
		r.t[i] |= r.free[i]
	}
	r.free = table{}
	return r.made()
}

// Class lists the neighbourhoods whose transition is one unknown with
// n's in a search under r: n's isotropic class (with its centre) for a
// rule of the Moore neighbourhood in B/S or Hensel notation, n alone for
// a MAP rule. For a rule of another Shape, which ignores the cells
// outside it, the class holds every neighbourhood with n's cells of the
// shape (a MAP rule), or with n's centre and n's number of live
// neighbours of the shape (B/S notation, whose rules are totalistic).
func (r Rule) Class(n Neighbourhood) []Neighbourhood {
	switch {
	case r.shape != Moore:
		keep := r.shape.Mask() | Centre
		var out []Neighbourhood
		for m := range Neighbourhood(512) {
			same := m&keep == n&keep
			if r.form == bsRule {
				same = m.Alive() == n.Alive() && r.shape.Count(m) == r.shape.Count(n)
			}
			if same {
				out = append(out, m)
			}
		}
		return out
	case r.form == mapRule:
		return []Neighbourhood{n}
	}
	seen := make(map[Neighbourhood]bool, 8)
	out := make([]Neighbourhood, 0, 8)
	for _, m := range n.Images() {
		if !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	return out
}

// parsePartial reads the part of a partial rule after its "p", upper
// case, or says why it cannot.
func parsePartial(u string) (Rule, string) {
	r := Rule{form: bsRule}
	if u == "" {
		for n := range Neighbourhood(512) {
			r.free.set(n, true)
		}
		return r.made(), ""
	}
	if !strings.ContainsAny(u, "BS") {
		return Rule{}, `a partial rule names its B and S parts ("pB3/S23")`
	}
	birth, survival, why := splitBS(u)
	if why != "" {
		return Rule{}, why
	}
	for _, part := range []struct {
		s     string
		alive bool
	}{{birth, false}, {survival, true}} {
		if why := r.setPartial(strings.ToLower(part.s), part.alive); why != "" {
			return Rule{}, why
		}
	}
	return r.made(), ""
}

// setPartial sets the transitions of part, the lower-case digits and
// letters of a partial rule's B part (alive false) or S part (alive
// true): on, off or free. Every transition starts off.
func (r *Rule) setPartial(part string, alive bool) string {
	var seen [9]bool
	for i := 0; i < len(part); {
		count, msg := countAt(part[i], &seen, "'-' must come after a digit and its letters (\"3ae-k\"), and only once", Moore)
		if msg != "" {
			return msg
		}
		i++
		var on, off uint16 // bit j: the class henselLetters[count][j]
		set := &on
		for ; i < len(part) && (part[i] >= 'a' && part[i] <= 'z' || part[i] == '-'); i++ {
			if part[i] == '-' {
				if set == &off {
					return fmt.Sprintf("%d: '-' given twice", count)
				}
				set = &off
				continue
			}
			j := strings.IndexByte(henselLetters[count], part[i])
			// Counts 0 and 8 have one class, "c", which LLS writes
			// when it is on ("pB0c/S").
			switch {
			case j < 0:
				return fmt.Sprintf("%d%c: no such neighbourhood; the letters for %d are %s", count, part[i], count, henselLetters[count])
			case (on|off)>>j&1 == 1:
				return fmt.Sprintf("%d%c: letter %c repeated", count, part[i], part[i])
			}
			*set |= 1 << j
		}
		if set == &off && off == 0 {
			return fmt.Sprintf("%d-: '-' needs the letters that are off after it", count)
		}
		for n := range Neighbourhood(512) {
			if n.Alive() != alive || n.Count() != count {
				continue
			}
			switch j := henselIndex[n]; {
			case on>>j&1 == 1:
				r.t.set(n, true)
			case off>>j&1 == 0:
				r.free.set(n, true)
			}
		}
	}
	return ""
}

// parseRange reads the range "lo .. hi" of two rules of one shape and
// one notation, or says why it cannot: the partial rule with lo's
// transitions on and those on in hi alone free. The free transitions
// are then whole classes (Class) of the notation, since both ends are
// rules of it.
func parseRange(lo, hi string) (Rule, string) {
	a, why := parseOne(lo)
	if why != "" {
		return Rule{}, "the range's first rule: " + why
	}
	b, why := parseOne(hi)
	switch {
	case why != "":
		return Rule{}, "the range's second rule: " + why
	case a.Partial() || b.Partial():
		return Rule{}, `the ends of a range are rules, not partial rules ("B3/S23 .. B36/S23")`
	case a.shape != b.shape:
		return Rule{}, fmt.Sprintf("the ends of a range have one neighbourhood, not the %v and the %v", a.shape, b.shape)
	case a.form != b.form:
		return Rule{}, "the ends of a range are written alike: both MAP strings, or both B/S"
	}
	r := Rule{t: a.t, form: a.form, shape: a.shape}
	for i := range r.t {
		if a.t[i]&^b.t[i] != 0 {
			return Rule{}, "the first rule of a range has transitions on that the second has off: the range runs from the fewer to the more"
		}
		r.free[i] = b.t[i] &^ a.t[i]
	}
	return r.made(), ""
}

// partialString writes a partial rule as LLS does: "p", then per count
// the letters on, '-' and the letters off; a digit alone when all its
// transitions are free, nothing when all are off. A rule read from MAP
// notation, and a rule of a shape other than Moore (LLS's notation has
// none), is written as its range, "MAP... .. MAP..." or "B2/S34H ..
// B23/S34H", which Parse reads back.
func (r Rule) partialString() string {
	if r.shape != Moore || r.form == mapRule {
		return r.Min().String() + " .. " + r.Max().String()
	}
	var sb strings.Builder
	sb.WriteByte('p')
	for _, alive := range []bool{false, true} {
		if alive {
			sb.WriteString("/S")
		} else {
			sb.WriteByte('B')
		}
		for count := range 9 {
			letters := henselLetters[count]
			var on, off, free uint16
			for n := range Neighbourhood(512) {
				if n.Alive() != alive || n.Count() != count {
					continue
				}
				j := henselIndex[n]
				switch {
				case r.free.get(n):
					free |= 1 << j
				case r.t.get(n):
					on |= 1 << j
				default:
					off |= 1 << j
				}
			}
			if (on|free)&off != 0 || on&free != 0 {
				// Not isotropic: no Hensel notation.
				return r.Min().mapString() + " .. " + r.Max().mapString()
			}
			all := uint16(1)<<len(letters) - 1
			if off == all {
				continue
			}
			sb.WriteByte(byte('0' + count))
			if free == all {
				continue
			}
			for j := range len(letters) {
				if on>>j&1 == 1 {
					sb.WriteByte(letters[j])
				}
			}
			if off != 0 {
				sb.WriteByte('-')
				for j := range len(letters) {
					if off>>j&1 == 1 {
						sb.WriteByte(letters[j])
					}
				}
			}
		}
	}
	return sb.String()
}

// Fix is r with the free transition of n, and of every neighbourhood of
// its class (Class), fixed to next: on when next, off otherwise. A
// transition that r already fixes stays as it is.
func (r Rule) Fix(n Neighbourhood, next bool) Rule {
	for _, m := range r.Class(n) {
		if r.free.get(m) {
			r.free.set(m, false)
			r.t.set(m, next)
		}
	}
	return r.made()
}

// Unfix is r with the transition of n, and of every neighbourhood of its
// class (Class), left free: a partial rule whose range holds r.
func (r Rule) Unfix(n Neighbourhood) Rule {
	for _, m := range r.Class(n) {
		r.free.set(m, true)
		r.t.set(m, false)
	}
	return r.made()
}
