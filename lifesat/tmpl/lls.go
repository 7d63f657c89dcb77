package tmpl

import (
	"fmt"
	"io"
	"strings"
)

// ReadLLS reads a search pattern of logic-life-search (see the package
// documentation for the syntax). The template is closed (not Open): LLS
// states the rule on the ring of dead cells around its grid too.
func ReadLLS(r io.Reader) (*Template, error) {
	data, err := readAll(r, "lls")
	if err != nil {
		return nil, err
	}
	return readLLS(data)
}

func readLLS(data []byte) (*Template, error) {
	gens, err := generations(lines(data), splitLLS)
	if err != nil {
		return nil, err
	}
	return build("lls", gens, llsSpec)
}

// isSep reports whether c separates LLS cells: a space, a comma or a tab,
// and nothing else.
func isSep(c byte) bool { return c == ' ' || c == ',' || c == '\t' }

// splitLLS cuts line n into its cells: the text before any '#' (a
// comment), split at runs of spaces, commas and tabs.
func splitLLS(line string, n int) ([]token, error) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	var toks []token
	for i := 0; i < len(line); {
		if isSep(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && !isSep(line[j]) {
			j++
		}
		toks = append(toks, token{text: line[i:j], line: n, col: i + 1})
		i = j
	}
	return toks, nil
}

// The characters LLS reads as "'": the apostrophe and the right single
// quotation mark, and the three characters that are that mark's UTF-8
// bytes read as Latin-1 (LLS replaces those by "'" first).
const (
	rightQuote = "\u2019"
	mojibake   = "\u00e2\u0080\u0099"
)

// llsSpec reads one cell as LLS's standard_form_literal and
// variable_from_literal do: runs of trailing "'" become one, pairs of
// leading '-' cancel, "-0" is "1", "-1" is "0" and "-*" is "*"; a cell
// whose last character is "'" or "’" has its rule not enforced (Free),
// and those characters are dropped; what remains is a literal, "-name" or
// "name". Names that Python's int reads (digits, '_' between them, a
// leading '+') are numbered variables, the same for "7", "07" and "+7";
// number 1 is alive, as variable 1 is true in LLS.
func llsSpec(tok token) (Spec, error) {
	fail := func(format string, args ...any) (Spec, error) {
		return Spec{}, &SyntaxError{Format: "lls", Line: tok.line, Col: tok.col, Msg: fmt.Sprintf(format, args...), Err: ErrFormat}
	}
	c := strings.ReplaceAll(tok.text, mojibake, "'")
	if t := strings.TrimRight(c, "'"); len(t) < len(c) {
		c = t + "'"
	}
	for strings.HasPrefix(c, "--") {
		c = c[2:]
	}
	switch c {
	case "-*":
		c = "*"
	case "-*'":
		c = "*'"
	case "-0":
		c = "1"
	case "-0'":
		c = "1'"
	case "-1":
		c = "0"
	case "-1'":
		c = "0'"
	}
	var s Spec
	if strings.HasSuffix(c, "'") || strings.HasSuffix(c, rightQuote) {
		s.Free = true
		for strings.HasSuffix(c, "'") || strings.HasSuffix(c, rightQuote) {
			c = strings.TrimSuffix(strings.TrimSuffix(c, "'"), rightQuote)
		}
	}
	name, neg := c, false
	if strings.HasPrefix(name, "-") {
		name, neg = name[1:], true
	}
	if num, ok := number(name); ok {
		if num == "0" && name != "0" {
			return fail("cell %s names variable number 0, which LLS cannot use", quote(tok.text))
		}
		name = num
	}
	switch name {
	case "":
		return fail("cell %s has no variable", quote(tok.text))
	case "*":
		s.Kind = Unknown
	case "0", "1":
		s.Kind = Dead
		if (name == "1") != neg {
			s.Kind = Alive
		}
	default:
		s.Kind, s.Name, s.Not = Named, name, neg
	}
	return s, nil
}

// number reads s as Python's int does for the text of an LLS cell: an
// optional '+', then ASCII digits with single '_' between them. It returns
// the decimal number without leading zeros. (Python also takes other
// scripts' digits; those names are plain names here.)
func number(s string) (string, bool) {
	s = strings.TrimPrefix(s, "+")
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return "", false
	}
	digits := strings.ReplaceAll(s, "_", "")
	if strings.Trim(digits, "0123456789") != "" || digits == "" {
		return "", false
	}
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		digits = "0"
	}
	return digits, true
}

// WriteLLS writes t as an LLS search pattern: the cells of each row
// separated by spaces, the generations by a blank line. It reads back as
// the same template, in LLS and in ReadLLS. An Open template is refused:
// LLS always states the rule on the ring around its grid.
//
// Names that LLS would read otherwise, or not at all (empty, "*", holding
// a separator, '#' or a line break, with a leading '-' or a trailing
// quote, or a number not written as LLS numbers its variables), are
// refused.
func WriteLLS(w io.Writer, t *Template) error {
	for _, gen := range t.Gens {
		for _, s := range gen {
			if s.Kind == Named && !goodName(s.Name) {
				return fmt.Errorf("%w: variable name %s cannot be written in LLS", ErrFormat, quote(s.Name))
			}
		}
	}
	if t.Open {
		return fmt.Errorf("%w: an open template (no rule on the ring around the box) has no LLS equivalent", ErrFormat)
	}
	_, err := io.WriteString(w, t.String())
	return err
}

// goodName reports whether LLS reads name back as the same variable.
func goodName(name string) bool {
	if name == "" || name == "*" || strings.ContainsAny(name, " ,\t#\r\n") || strings.HasPrefix(name, "-") ||
		strings.HasSuffix(name, "'") || strings.HasSuffix(name, rightQuote) || strings.Contains(name, mojibake) {
		return false
	}
	if num, ok := number(name); ok {
		return num == name && name != "0" && name != "1"
	}
	return true
}
