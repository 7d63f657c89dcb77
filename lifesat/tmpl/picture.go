package tmpl

import (
	"fmt"
	"io"
	"strings"
)

// ReadPicture reads a template drawn as pictures (see the package
// documentation). The template is closed (not Open): the rule holds on
// the ring around the box too, so answers live in the empty plane.
func ReadPicture(r io.Reader) (*Template, error) {
	data, err := readAll(r, "picture")
	if err != nil {
		return nil, err
	}
	return readPicture(data)
}

// isPictureChar reports whether c may be a cell of a picture.
func isPictureChar(c rune) bool {
	switch {
	case c == '.' || c == 'O' || c == '?' || c == '=':
		return true
	case c == 'o':
		return false
	}
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// splitPicture cuts line n into its cells, one per character; trailing
// spaces and tabs are ignored. A comment line ('!' after any spaces and
// tabs) is no line at all (skip): it does not end a generation, as a
// blank line does.
func splitPicture(line string, n int) ([]token, error) {
	if t := strings.TrimLeft(line, " \t"); t != "" && t[0] == '!' {
		return skip, nil
	}
	line = strings.TrimRight(line, " \t")
	if line == "" {
		return nil, nil // blank: the end of a generation
	}
	toks := make([]token, 0, len(line))
	for i, c := range line {
		if !isPictureChar(c) {
			msg := fmt.Sprintf("unexpected %q (want . O ? = or a letter)", c)
			if c == 'o' {
				msg = "unexpected 'o' (alive is 'O'; 'o' is not a variable, as its negation would be 'O')"
			}
			return nil, &SyntaxError{Format: "picture", Line: n, Col: i + 1, Msg: msg, Err: ErrFormat}
		}
		toks = append(toks, token{text: string(c), line: n, col: i + 1})
	}
	return toks, nil
}

func readPicture(data []byte) (*Template, error) {
	gens, err := generations(dedent(lines(data)), splitPicture)
	if err != nil {
		return nil, err
	}
	t, err := build("picture", gens, func(tok token) (Spec, error) {
		c := tok.text[0]
		switch {
		case c == '.':
			return Spec{Kind: Dead}, nil
		case c == 'O':
			return Spec{Kind: Alive}, nil
		case 'a' <= c && c <= 'z':
			return Spec{Kind: Named, Name: tok.text}, nil
		case 'A' <= c && c <= 'Z':
			return Spec{Kind: Named, Name: strings.ToLower(tok.text), Not: true}, nil
		}
		return Spec{}, nil // '?', and '=' for now
	})
	if err != nil {
		return nil, err
	}
	// '=' is generation 0's cell: its spec, or a variable both share.
	for g := range gens {
		for y, row := range gens[g] {
			for x, tok := range row {
				if tok.text != "=" {
					continue
				}
				if g == 0 {
					return nil, &SyntaxError{Format: "picture", Line: tok.line, Col: tok.col,
						Msg: "'=' (the same as generation 0) in generation 0", Err: ErrFormat}
				}
				s := t.At(0, x, y)
				if s.Kind == Unknown {
					s = Spec{Kind: Named, Name: fmt.Sprintf("g0_%d_%d", x, y)}
					t.Set(0, x, y, s)
				}
				t.Set(g, x, y, s)
			}
		}
	}
	return t, nil
}

// dedent removes from every line the indentation (spaces and tabs) that
// all its lines of cells share: an indented picture is the same picture.
func dedent(ls []string) []string {
	indent := -1
	for _, l := range ls {
		t := strings.TrimLeft(l, " \t")
		if t == "" || t[0] == '!' {
			continue
		}
		if k := len(l) - len(t); indent < 0 || k < indent {
			indent = k
		}
	}
	if indent <= 0 {
		return ls
	}
	out := make([]string, len(ls))
	for i, l := range ls {
		if len(strings.TrimLeft(l, " \t")) == 0 || strings.TrimLeft(l, " \t")[0] == '!' {
			out[i] = l
			continue
		}
		out[i] = l[indent:]
	}
	return out
}
