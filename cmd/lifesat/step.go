package main

import (
	"fmt"
	"image"
	"io"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/pattern"
)

// step simulates a pattern read from a file or standard input.
func step(args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	fs := newFlagSet("lifesat step", stderr)
	n := fs.Int("n", 1, "number of generations")
	ruleFlag := fs.String("rule", "", "rule (default: the pattern's own, else B3/S23)")
	torus := fs.Bool("torus", false, "wrap around the board's edges instead of growing it")
	format := fs.String("format", "", "output format: rle, cells or matrix (default: the input's)")
	if err := parseFlags(fs, args); err != nil {
		return 0, err
	}
	if *n < 0 {
		return 0, usageError{fmt.Errorf("-n %d: want 0 or more", *n)}
	}
	if fs.NArg() > 1 {
		return 0, usageError{fmt.Errorf("step reads one pattern, got %d files", fs.NArg())}
	}
	pat, err := readPatternFile(fs.Arg(0), stdin)
	if err != nil {
		return 0, usageError{err}
	}
	if pat.Board.Width() == 0 || pat.Board.Height() == 0 {
		return 0, usageError{fmt.Errorf("%s: no pattern (empty input)", inputName(fs.Arg(0)))}
	}
	rule, out, err := ruleAndFormat(pat, *ruleFlag, *format)
	if err != nil {
		return 0, err
	}
	b := pat.Board
	edge := lifesat.Torus
	if !*torus {
		// In the plane a pattern grows by at most one cell a side per
		// generation; simulate on a board large enough, then trim back to
		// the original frame when nothing left it.
		edge = lifesat.Dead
		if b.Width()+2**n > lifesat.MaxSide || b.Height()+2**n > lifesat.MaxSide {
			return 0, usageError{fmt.Errorf("-n %d on a %dx%d pattern needs a board larger than %d cells a side; use -torus", *n, b.Width(), b.Height(), lifesat.MaxSide)}
		}
		b = b.Pad(*n)
	}
	if rule.BirthOnZero() && edge == lifesat.Dead {
		return 0, usageError{fmt.Errorf("rule %v has B0: the infinite plane cannot be simulated; use -torus", rule)}
	}
	for range *n {
		b = lifesat.Step(b, rule, edge)
	}
	if edge == lifesat.Dead {
		b = frame(b, *n, pat.Board.Width(), pat.Board.Height())
	}
	return exitFound, pattern.Write(stdout, b, out, rule)
}

// frame crops a board padded by n back to the w x h frame it started in,
// unless live cells lie outside that frame; then it keeps the smallest
// frame that holds both the original box and every live cell.
func frame(b *lifesat.Board, n, w, h int) *lifesat.Board {
	return b.Crop(image.Rect(n, n, n+w, n+h).Union(b.BoundingBox()))
}
