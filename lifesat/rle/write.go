package rle

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/lifesat/lifesat/lifesat/internal/textio"
)

// lineWidth is the longest body line Write produces, as Golly and LifeWiki
// do.
const lineWidth = 70

// Write writes p in RLE: the comments as '#' lines, the header
// "x = W, y = H" for the whole board (its box is kept, not trimmed to the
// live cells), ", rule = R" when p.HasRule is set, then the body. The body
// leaves out dead cells at the end of a row and rows at the end of the box,
// merges row ends ("3$"), wraps lines at 70 characters between runs, and
// ends in '!'. An empty board has the body "!".
//
// Write fails if p or p.Board is nil, a comment holds a line break, or
// HasRule is set with the zero Rule.
func Write(w io.Writer, p *File) error {
	if p == nil || p.Board == nil {
		return errors.New("rle: Write: nil pattern or board")
	}
	for _, c := range p.Comments {
		if !textio.IsLine(c) {
			return fmt.Errorf("rle: Write: comment %q holds a line break", c)
		}
	}
	if p.HasRule && p.Rule.IsZero() {
		return errors.New("rle: Write: HasRule with the zero Rule, which names no rule")
	}
	bw := bufio.NewWriter(w)
	for _, c := range p.Comments {
		bw.WriteString("#" + c + "\n")
	}
	b := p.Board
	fmt.Fprintf(bw, "x = %d, y = %d", b.Width(), b.Height())
	if p.HasRule {
		fmt.Fprintf(bw, ", rule = %s", p.Rule)
	}
	bw.WriteString("\n")

	lw := &lineWriter{w: bw}
	row := 0 // the row the reader's cursor is on
	for y := range b.Height() {
		for x := 0; x < b.Width(); {
			alive := b.Alive(x, y)
			n := 1
			for x+n < b.Width() && b.Alive(x+n, y) == alive {
				n++
			}
			x += n
			if !alive && x == b.Width() {
				break // trailing dead cells
			}
			if y > row {
				lw.run(y-row, '$')
				row = y
			}
			if alive {
				lw.run(n, 'o')
			} else {
				lw.run(n, 'b')
			}
		}
	}
	lw.token("!")
	bw.WriteString("\n")
	return bw.Flush()
}

// A lineWriter writes tokens, starting a new line rather than let one pass
// lineWidth.
type lineWriter struct {
	w   *bufio.Writer
	len int // length of the current line
}

// run writes the run token "<n><tag>", with n left out when it is 1.
func (lw *lineWriter) run(n int, tag byte) {
	tok := string(tag)
	if n > 1 {
		tok = strconv.Itoa(n) + tok
	}
	lw.token(tok)
}

func (lw *lineWriter) token(tok string) {
	if lw.len > 0 && lw.len+len(tok) > lineWidth {
		lw.w.WriteString("\n")
		lw.len = 0
	}
	lw.w.WriteString(tok)
	lw.len += len(tok)
}
