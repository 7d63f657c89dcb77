package rule

// A Rule as text, for encoding.TextMarshaler: its canonical notation
// (String), which Parse reads back as the same Rule, so that a rule in a
// JSON job spec, a flag (flag.TextVar) or any other text travels whole.

import (
	"encoding"
	"fmt"
)

var (
	_ encoding.TextMarshaler   = Rule{}
	_ encoding.TextUnmarshaler = (*Rule)(nil)
)

// MarshalText writes r in canonical form, as String does: Parse reads the
// text back as r (==). The zero Rule, which names no rule, is the empty
// text, as the zero netip.Addr is.
func (r Rule) MarshalText() ([]byte, error) {
	if r.IsZero() {
		return []byte{}, nil
	}
	s := r.String()
	if back, err := Parse(s); err != nil || back != r {
		// Only a Rule no notation writes: a partial rule of B/S form
		// whose free transitions are not whole isotropic classes.
		return nil, fmt.Errorf("%w: %v has no notation that reads back", ErrInvalid, s)
	}
	return []byte(s), nil
}

// UnmarshalText reads a rule in any notation Parse reads; the empty text
// is the zero Rule.
func (r *Rule) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*r = Rule{}
		return nil
	}
	p, err := Parse(string(text))
	if err != nil {
		return err
	}
	*r = p
	return nil
}
