package drat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
)

// A SyntaxError is input that cannot be read: a formula that is not
// DIMACS CNF, or a proof that is not text DRAT or LRAT.
type SyntaxError struct {
	Name string // the file, or "formula" or "proof"
	Line int    // from 1
	Msg  string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("drat: %s line %d: %s", e.Name, e.Line, e.Msg)
}

// A Formula is a formula in conjunctive normal form: Clauses over the
// variables 1..Vars, each a list of DIMACS literals (v or -v), in the
// order of the DIMACS text, which numbers them from 1 for LRAT.
type Formula struct {
	Vars    int
	Clauses [][]int
}

// MaxVars is the largest number of variables a formula may have, the
// DIMACS limit.
const MaxVars = math.MaxInt32

// ExtraVars is how many variables past the formula's a proof may name
// (extended resolution introduces new variables by the RAT rule). The
// checker's memory grows with the largest variable named.
const ExtraVars = 1 << 20

// ReadDIMACS reads a formula in the DIMACS CNF format: comment lines
// beginning with "c", the header "p cnf VARS CLAUSES", then the clauses,
// each a list of literals ended by 0 (over one line or several). The
// header must count the clauses exactly and no literal may exceed VARS.
// A clause may repeat a literal, and hold a literal and its negation.
// Errors are *SyntaxError, or the reader's.
func ReadDIMACS(r io.Reader) (*Formula, error) {
	s := newScanner(r, "formula")
	f := &Formula{}
	header := false
	clauses := 0
	var cl []int
	for {
		c, err := s.skip()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if c == 'p' {
			if header {
				return nil, s.errorf("a second %q line", "p")
			}
			if f.Vars, clauses, err = s.header(); err != nil {
				return nil, err
			}
			header = true
			continue
		}
		if !header {
			return nil, s.errorf("a clause before the %q line", "p cnf")
		}
		n, err := s.int(int64(f.Vars))
		if err != nil {
			return nil, err
		}
		if n == 0 {
			f.Clauses = append(f.Clauses, cl)
			cl = nil
			continue
		}
		cl = append(cl, int(n))
	}
	switch {
	case !header:
		return nil, s.errorf("no %q line", "p cnf")
	case cl != nil:
		return nil, s.errorf("the last clause does not end with 0")
	case len(f.Clauses) != clauses:
		return nil, s.errorf("the header says %d clauses, the formula has %d", clauses, len(f.Clauses))
	}
	return f, nil
}

// A scanner reads the tokens of DIMACS, DRAT and LRAT text: integers,
// words, and "c" comment lines.
type scanner struct {
	br   *bufio.Reader
	name string
	line int  // the line of the next byte
	col0 bool // the next byte begins a line
}

func newScanner(r io.Reader, name string) *scanner {
	return &scanner{br: bufio.NewReaderSize(r, 1<<16), name: name, line: 1, col0: true}
}

func (s *scanner) errorf(format string, args ...any) error {
	return &SyntaxError{Name: s.name, Line: s.line, Msg: fmt.Sprintf(format, args...)}
}

// readErr is err of the underlying reader, or an unexpected end of file.
func (s *scanner) readErr(err error) error {
	if err == io.EOF {
		return s.errorf("unexpected end of file")
	}
	return err
}

// skip skips blanks and comment lines and returns the next byte, which
// it leaves unread, or io.EOF.
func (s *scanner) skip() (byte, error) {
	for {
		c, err := s.br.ReadByte()
		if err != nil {
			return 0, err
		}
		switch c {
		case '\n':
			s.line++
			s.col0 = true
			continue
		case ' ', '\t', '\r':
			continue
		case 'c':
			if s.col0 { // a comment line, perhaps after blanks
				if err := s.skipLine(); err != nil {
					return 0, err
				}
				continue
			}
		}
		s.col0 = false
		s.br.UnreadByte()
		return c, nil
	}
}

// skipLine skips the rest of the line.
func (s *scanner) skipLine() error {
	for {
		c, err := s.br.ReadByte()
		if err != nil {
			return err
		}
		if c == '\n' {
			s.line++
			s.col0 = true
			return nil
		}
	}
}

// word reads a word of letters.
func (s *scanner) word() (string, error) {
	var b []byte
	for {
		c, err := s.br.ReadByte()
		if err == io.EOF {
			return string(b), nil
		}
		if err != nil {
			return "", err
		}
		if c < 'a' || c > 'z' {
			s.br.UnreadByte()
			return string(b), nil
		}
		if len(b) == 8 {
			return "", s.errorf("unexpected word %q...", b)
		}
		b = append(b, c)
	}
}

// int reads an integer of absolute value at most max.
func (s *scanner) int(max int64) (int64, error) {
	c, err := s.br.ReadByte()
	if err != nil {
		return 0, s.readErr(err)
	}
	neg := c == '-'
	if neg {
		if c, err = s.br.ReadByte(); err != nil {
			return 0, s.readErr(err)
		}
	}
	if c < '0' || c > '9' {
		if c >= ' ' && c < 0x7f {
			return 0, s.errorf("unexpected %q where a number should be", c)
		}
		return 0, s.errorf("unexpected byte 0x%02x where a number should be (a binary proof? lifesat reads text DRAT: ask cadical for --no-binary)", c)
	}
	var n int64
	for {
		d := int64(c - '0')
		if d > max || n > (max-d)/10 { // n*10+d > max
			return 0, s.errorf("number out of range (at most %d)", max)
		}
		n = n*10 + d
		c, err = s.br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
		if c < '0' || c > '9' {
			s.br.UnreadByte()
			if !isSpace(c) {
				return 0, s.errorf("unexpected %q after a number", c)
			}
			break
		}
	}
	if neg {
		if n == 0 {
			return 0, s.errorf("-0 is no literal")
		}
		n = -n
	}
	return n, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// header reads "p cnf VARS CLAUSES" after its p.
func (s *scanner) header() (vars, clauses int, err error) {
	bad := s.errorf("the header is not %q", "p cnf VARS CLAUSES")
	s.br.ReadByte() // the p; what follows on its line is no comment
	if c, err := s.br.Peek(1); err != nil || !isSpace(c[0]) {
		return 0, 0, bad
	}
	if _, err := s.skip(); err != nil {
		return 0, 0, s.readErr(err)
	}
	w, err := s.word()
	if err != nil {
		return 0, 0, err
	}
	if c, err := s.br.Peek(1); w != "cnf" || err != nil || !isSpace(c[0]) {
		return 0, 0, bad
	}
	var n [2]int64
	for i := range n {
		c, err := s.skip()
		if err != nil {
			return 0, 0, s.readErr(err)
		}
		if c < '0' || c > '9' {
			return 0, 0, bad
		}
		if n[i], err = s.int(MaxVars); err != nil {
			return 0, 0, err
		}
	}
	return int(n[0]), int(n[1]), nil
}

// errNoEmpty is a proof's failure when it ends without the empty clause.
var errNoEmpty = errors.New("the proof ends without the empty clause")
