package lifesat

import (
	"errors"
	"fmt"
	"strings"
)

// ErrRule is wrapped by every error ParseRule returns.
var ErrRule = errors.New("lifesat: bad rule")

// A Rule is an outer-totalistic Life-like rule: a dead cell with n live
// neighbours is born when bit n of Birth is set; a live cell with n live
// neighbours survives when bit n of Survival is set (0 <= n <= 8).
//
// The zero Rule (B/S: everything dies) is valid, but the search Settings
// treat it as "the default", Conway's Life.
type Rule struct {
	Birth, Survival uint16
}

// Life is Conway's Game of Life, B3/S23.
var Life = Rule{Birth: 1 << 3, Survival: 1<<2 | 1<<3}

// Next is the state of a cell after one step, given its state and its
// number of live neighbours (0..8).
func (r Rule) Next(alive bool, neighbours int) bool {
	if alive {
		return r.Survival>>neighbours&1 == 1
	}
	return r.Birth>>neighbours&1 == 1
}

// BirthOnZero reports whether a dead cell with no live neighbours is born
// (rules with B0). Such rules never leave an empty plane empty, so a
// pattern in a finite box cannot be searched for under them.
func (r Rule) BirthOnZero() bool { return r.Birth&1 == 1 }

// String is the rule in B/S notation, like "B3/S23".
func (r Rule) String() string {
	var sb strings.Builder
	sb.WriteByte('B')
	for n := range 9 {
		if r.Birth>>n&1 == 1 {
			sb.WriteByte(byte('0' + n))
		}
	}
	sb.WriteString("/S")
	for n := range 9 {
		if r.Survival>>n&1 == 1 {
			sb.WriteByte(byte('0' + n))
		}
	}
	return sb.String()
}

// ParseRule reads a rule in B/S notation ("B3/S23", "b36/s23", "B3S23",
// "S23/B3") or in the older S/B form of digits only, survival first
// ("23/3" is Life). Case and surrounding space are ignored. Neighbour
// counts above 8, repeated digits and non-totalistic (Hensel) letters are
// errors.
func ParseRule(s string) (Rule, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	bad := func(why string) (Rule, error) {
		return Rule{}, fmt.Errorf("%w %q: %s", ErrRule, s, why)
	}
	if t == "" {
		return bad("empty")
	}
	var r Rule
	if !strings.ContainsAny(t, "BS") {
		// Old form "S/B": survival digits, a slash, birth digits.
		surv, birth, ok := strings.Cut(t, "/")
		if !ok {
			return bad(`want "B3/S23" or "23/3"`)
		}
		var err error
		if r.Survival, err = digits(surv); err != nil {
			return bad(err.Error())
		}
		if r.Birth, err = digits(birth); err != nil {
			return bad(err.Error())
		}
		return r, nil
	}
	// B/S form: two parts, each a letter and digits, separated by an
	// optional slash, in either order.
	var seenB, seenS bool
	rest := t
	for rest != "" {
		letter := rest[0]
		rest = rest[1:]
		end := strings.IndexAny(rest, "BS/")
		part := rest
		if end >= 0 {
			part = rest[:end]
		}
		rest = rest[len(part):]
		rest = strings.TrimPrefix(rest, "/")
		set, err := digits(part)
		if err != nil {
			return bad(err.Error())
		}
		switch {
		case letter == 'B' && !seenB:
			seenB, r.Birth = true, set
		case letter == 'S' && !seenS:
			seenS, r.Survival = true, set
		case letter == 'B' || letter == 'S':
			return bad(fmt.Sprintf("%c given twice", letter))
		default:
			return bad(fmt.Sprintf("unexpected %q", letter))
		}
	}
	if !seenB || !seenS {
		return bad("need both a B part and an S part")
	}
	return r, nil
}

// digits parses a set of neighbour counts like "236".
func digits(s string) (uint16, error) {
	var set uint16
	for _, c := range s {
		switch {
		case c >= '0' && c <= '8':
			if set>>(c-'0')&1 == 1 {
				return 0, fmt.Errorf("digit %c repeated", c)
			}
			set |= 1 << (c - '0')
		case c == '9':
			return 0, errors.New("a cell has at most 8 neighbours")
		case c >= 'A' && c <= 'Z':
			return 0, fmt.Errorf("letter %c: only outer-totalistic rules (digits 0-8) are supported", c)
		default:
			return 0, fmt.Errorf("unexpected %q", c)
		}
	}
	return set, nil
}
