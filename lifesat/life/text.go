package life

// Transforms and symmetries as text, for encoding.TextMarshaler: their
// names, which ParseTransform and ParseSymmetry read back, so that they
// travel whole in a JSON job spec, a flag (flag.TextVar) or any other
// text.

import (
	"encoding"
	"fmt"
)

var (
	_ encoding.TextMarshaler   = Id
	_ encoding.TextUnmarshaler = (*Transform)(nil)
	_ encoding.TextMarshaler   = C1
	_ encoding.TextUnmarshaler = (*Symmetry)(nil)
)

// MarshalText writes the transform's name ("Id", "R90", "F|", ...); a
// value that is none of the eight transforms is an error.
func (t Transform) MarshalText() ([]byte, error) {
	if int(t) >= len(transforms) {
		return nil, fmt.Errorf("life: %v is no transform", t)
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads a transform's name, as ParseTransform does.
func (t *Transform) UnmarshalText(text []byte) error {
	u, err := ParseTransform(string(text))
	if err != nil {
		return err
	}
	*t = u
	return nil
}

// MarshalText writes the symmetry's name as Symmetries spells it
// ("D4+" for "d4+"); the empty Symmetry, no symmetry asked for, is the
// empty text. A name that is no symmetry is an error.
func (s Symmetry) MarshalText() ([]byte, error) {
	if s == "" {
		return []byte{}, nil
	}
	name, err := ParseSymmetry(string(s))
	if err != nil {
		return nil, err
	}
	return []byte(name), nil
}

// UnmarshalText reads a symmetry's name, as ParseSymmetry does; the empty
// text is the empty Symmetry.
func (s *Symmetry) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*s = ""
		return nil
	}
	u, err := ParseSymmetry(string(text))
	if err != nil {
		return err
	}
	*s = u
	return nil
}
