package lifesat

// The settings' modes as text, for encoding.TextMarshaler: their names,
// which ParseDiversify, ParsePredMode and ParseEncoding read back, so that
// they travel whole in a JSON job spec (package job), a flag
// (flag.TextVar) or any other text.

import (
	"encoding"
	"fmt"
)

var (
	_ encoding.TextMarshaler   = Auto
	_ encoding.TextUnmarshaler = (*Diversify)(nil)
	_ encoding.TextMarshaler   = Isolated
	_ encoding.TextUnmarshaler = (*PredMode)(nil)
	_ encoding.TextMarshaler   = Direct
	_ encoding.TextUnmarshaler = (*Encoding)(nil)
)

// MarshalText writes the mode's name: "auto", "all", "cells", "none" or
// "alive".
// A value that is no mode is an error.
func (d Diversify) MarshalText() ([]byte, error) {
	if d > AliveFirst {
		return nil, fmt.Errorf("%w: Diversify(%d) is no mode", ErrProblem, uint8(d))
	}
	return []byte(d.String()), nil
}

// UnmarshalText reads a mode's name, as ParseDiversify does.
func (d *Diversify) UnmarshalText(text []byte) error {
	m, err := ParseDiversify(string(text))
	if err != nil {
		return err
	}
	*d = m
	return nil
}

// MarshalText writes the mode's name: "dead", "window" or "torus". A
// value that is no mode is an error.
func (m PredMode) MarshalText() ([]byte, error) {
	if m > Wrapped {
		return nil, fmt.Errorf("%w: PredMode(%d) is no predecessor mode", ErrProblem, uint8(m))
	}
	return []byte(m.String()), nil
}

// UnmarshalText reads a mode's name, as ParsePredMode does.
func (m *PredMode) UnmarshalText(text []byte) error {
	u, err := ParsePredMode(string(text))
	if err != nil {
		return err
	}
	*m = u
	return nil
}

// MarshalText writes the encoding's name as Encodings spells it; the
// empty Encoding, the default, is the empty text. A name that is no
// encoding is an error.
func (e Encoding) MarshalText() ([]byte, error) {
	if e == "" {
		return []byte{}, nil
	}
	name, err := ParseEncoding(string(e))
	if err != nil {
		return nil, err
	}
	return []byte(name), nil
}

// UnmarshalText reads an encoding's name, as ParseEncoding does; the
// empty text is the empty Encoding, the default.
func (e *Encoding) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*e = ""
		return nil
	}
	u, err := ParseEncoding(string(text))
	if err != nil {
		return err
	}
	*e = u
	return nil
}
