package rle

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// Read reads a pattern in RLE: comment lines starting with '#', the header
// "x = W, y = H" with an optional ", rule = R", then the body of runs up to
// '!'. Text after the '!' is not read. The package documentation gives the
// syntax in full.
//
// Errors in the input are *SyntaxError values wrapping ErrFormat or
// ErrTooLarge; errors of r are returned wrapped with an "rle: " prefix.
func Read(r io.Reader) (*File, error) {
	p := &parser{r: textio.NewReader(r)}
	return p.read()
}

// A parser reads one pattern, tracking the position for error messages.
type parser struct {
	r    *bufio.Reader
	line int // current line, 1-based; 0 before the first
	col  int // bytes read on the current line
}

func (p *parser) fail(line, col int, err error, format string, args ...any) *SyntaxError {
	return &SyntaxError{Format: "rle", Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Err: err}
}

func (p *parser) read() (*File, error) {
	pat := &File{Rule: rule.Life}

	// Comments, blank lines, then the header.
	var w, h int
	for {
		text, err := p.readLine()
		if err == io.EOF {
			return nil, p.fail(p.line+1, 0, ErrFormat, `missing header "x = W, y = H"`)
		}
		if err != nil {
			return nil, err
		}
		t := strings.TrimLeft(text, " \t")
		if t == "" {
			continue
		}
		if t[0] == '#' {
			pat.Comments = append(pat.Comments, t[1:])
			if rest, ok := strings.CutPrefix(t, "#r"); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "\t")) && strings.TrimSpace(rest) != "" {
				// Life 1.05's rule line, "#r 23/3": survival/birth.
				if err := p.rule(pat, t, len(t)-len(rest)+1); err != nil {
					return nil, err
				}
			}
			continue
		}
		if w, h, err = p.header(pat, text); err != nil {
			return nil, err
		}
		break
	}

	// The body: runs "<count><tag>" up to '!'.
	pat.Board = life.NewBoard(w, h)
	p.line, p.col = p.line+1, 0
	x, y := 0, 0
	n := -1 // the pending run count; -1 when there is none
	var nLine, nCol int
	for {
		c, err := p.r.ReadByte()
		if err == io.EOF {
			return nil, p.fail(p.line, p.col+1, ErrFormat, "missing '!' at the end of the pattern")
		}
		if err != nil {
			return nil, fmt.Errorf("rle: %w", err)
		}
		if c == '\n' {
			p.line, p.col = p.line+1, 0
			continue
		}
		p.col++
		switch {
		case '0' <= c && c <= '9':
			if n < 0 {
				n, nLine, nCol = 0, p.line, p.col
			}
			if n <= textio.MaxSide { // saturate: any count above textio.MaxSide is refused below
				n = n*10 + int(c-'0')
			}
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
			continue
		}
		count := 1
		if n >= 0 {
			switch {
			case c == '!':
				return nil, p.fail(nLine, nCol, ErrFormat, "run count before '!'")
			case n == 0:
				return nil, p.fail(nLine, nCol, ErrFormat, "run count 0")
			case n > textio.MaxSide:
				return nil, p.fail(nLine, nCol, ErrFormat, "run count above %d", textio.MaxSide)
			}
			count = n
			n = -1
		} else {
			nLine, nCol = p.line, p.col
		}
		switch c {
		case 'b', '.', 'o', 'A':
			if y >= h {
				return nil, p.fail(nLine, nCol, ErrFormat, "row %d is beyond y = %d", y+1, h)
			}
			if count > w-x {
				return nil, p.fail(nLine, nCol, ErrFormat, "row %d has more than x = %d cells", y+1, w)
			}
			if c == 'o' || c == 'A' {
				for i := range count {
					pat.Board.Set(x+i, y, true)
				}
			}
			x += count
		case '$':
			x, y = 0, min(y+count, h) // rows past the last are empty: stop counting
		case '!':
			return pat, nil
		default:
			if c >= utf8.RuneSelf {
				p.r.UnreadByte()
				r, _, _ := p.r.ReadRune()
				return nil, p.fail(p.line, p.col, ErrFormat, "unexpected %q", r)
			}
			return nil, p.fail(p.line, p.col, ErrFormat, "unexpected %q", rune(c))
		}
	}
}

// readLine returns the next line without its line ending ("\n", "\r\n"),
// or io.EOF when there is none.
func (p *parser) readLine() (string, error) {
	line, err := textio.ReadLine(p.r)
	switch {
	case err == textio.ErrLineTooLong:
		return "", p.fail(p.line+1, 0, ErrTooLarge, "line longer than %d bytes", textio.MaxLine)
	case err == io.EOF:
		return "", err
	case err != nil:
		return "", fmt.Errorf("rle: %w", err)
	}
	p.line++
	return line, nil
}

// header parses the header line "x = W, y = H[, rule = R]" into the box
// size and pat's rule. Spaces around the tokens are optional.
func (p *parser) header(pat *File, line string) (w, h int, err error) {
	c := &cursor{s: line}
	if c.space(); !strings.HasPrefix(c.s[c.i:], "x") {
		return 0, 0, p.fail(p.line, 0, ErrFormat, `want the header "x = W, y = H", got %s`, textio.Quote(c.s[c.i:]))
	}
	if w, err = p.size(c, "x", "columns"); err != nil {
		return 0, 0, err
	}
	if err = p.expect(c, ","); err != nil {
		return 0, 0, err
	}
	if h, err = p.size(c, "y", "rows"); err != nil {
		return 0, 0, err
	}
	if textio.TooManyCells(w, h) {
		return 0, 0, p.fail(p.line, 0, ErrTooLarge, "x = %d, y = %d is more than %d cells", w, h, textio.MaxCells)
	}
	if c.space(); c.done() {
		return w, h, nil
	}
	for _, tok := range []string{",", "rule", "="} {
		if err = p.expect(c, tok); err != nil {
			return 0, 0, err
		}
	}
	c.space()
	return w, h, p.rule(pat, c.s, c.i)
}

// rule parses the rule at byte i of line (a header or a "#r" line) into
// pat's rule; the header's comes last, so it wins.
func (p *parser) rule(pat *File, line string, i int) error {
	r, err := rule.Parse(line[i:])
	if err != nil { // the message quotes the rule: cut long ones short
		if len(line)-i > 100 {
			return p.fail(p.line, i+1, ErrFormat, "bad rule %s", textio.Quote(line[i:]))
		}
		return p.fail(p.line, i+1, ErrFormat, "%s", strings.TrimPrefix(err.Error(), "lifesat: "))
	}
	pat.Rule, pat.HasRule = r, true
	return nil
}

// size parses "key = N" for a header field, N a side of at most textio.MaxSide.
func (p *parser) size(c *cursor, key, unit string) (int, error) {
	if err := p.expect(c, key); err != nil {
		return 0, err
	}
	if err := p.expect(c, "="); err != nil {
		return 0, err
	}
	c.space()
	start := c.i
	n := 0
	for ; c.i < len(c.s) && '0' <= c.s[c.i] && c.s[c.i] <= '9'; c.i++ {
		if n <= textio.MaxSide {
			n = n*10 + int(c.s[c.i]-'0')
		}
	}
	if c.i == start || c.i < len(c.s) && c.s[c.i] != ',' && c.s[c.i] != ' ' && c.s[c.i] != '\t' {
		end := strings.IndexAny(c.s[start:], ", \t")
		if end < 0 {
			end = len(c.s) - start
		}
		return 0, p.fail(p.line, start+1, ErrFormat, "%s = %s: want a number of %s, 0 or more", key, textio.Quote(c.s[start:start+end]), unit)
	}
	if n > textio.MaxSide {
		digits := c.s[start:c.i]
		if len(digits) > 20 {
			digits = digits[:20] + "..."
		}
		return 0, p.fail(p.line, start+1, ErrTooLarge, "%s = %s: more than %d %s", key, digits, textio.MaxSide, unit)
	}
	return n, nil
}

// expect skips spaces and then tok, or reports what it found instead.
func (p *parser) expect(c *cursor, tok string) error {
	c.space()
	if strings.HasPrefix(c.s[c.i:], tok) {
		c.i += len(tok)
		return nil
	}
	if c.done() {
		return p.fail(p.line, c.i+1, ErrFormat, "header ends early: want %q", tok)
	}
	got, _ := utf8.DecodeRuneInString(c.s[c.i:])
	return p.fail(p.line, c.i+1, ErrFormat, "unexpected %q in header: want %q", got, tok)
}

// A cursor walks a header line.
type cursor struct {
	s string
	i int
}

func (c *cursor) done() bool { return c.i >= len(c.s) }

func (c *cursor) space() {
	for c.i < len(c.s) && (c.s[c.i] == ' ' || c.s[c.i] == '\t') {
		c.i++
	}
}
