package main

import (
	"context"
	"fmt"
	"image"
	"io"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/pattern"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// step simulates a pattern read from a file or standard input. ctx is
// checked every generation.
func step(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	fs := newFlagSet("lifesat step", stdout)
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
	rl, out, err := ruleAndFormat(pat, *ruleFlag, *format)
	if err != nil {
		return 0, err
	}
	b := pat.Board
	if !*torus {
		// In the plane a pattern grows by at most one cell a side per
		// generation, so the result fits in the frame padded by n.
		if b.Width()+2**n > lifesat.MaxSide || b.Height()+2**n > lifesat.MaxSide {
			return 0, usageError{fmt.Errorf("-n %d on a %dx%d pattern needs a board larger than %d cells a side; use -torus", *n, b.Width(), b.Height(), lifesat.MaxSide)}
		}
		if rl.BirthOnZero() {
			return 0, usageError{fmt.Errorf("rule %v has B0: the infinite plane cannot be simulated; use -torus", rl)}
		}
		if b, err = plane(ctx, b, rl, *n); err != nil {
			return 0, err
		}
		return exitFound, pattern.Write(stdout, b, out, rl)
	}
	for range *n {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		b = life.Step(b, rl, life.Torus)
	}
	return exitFound, pattern.Write(stdout, b, out, rl)
}

// plane runs b for n generations in the infinite plane under a rule
// without B0 and returns the result in b's frame, grown to hold every
// live cell: the smallest rectangle that holds both b's box and the live
// cells, in b's coordinates. Each generation steps only the live cells'
// bounding box and the ring around it, so the time is proportional to the
// live region, not to the frame padded by n. ctx is checked every
// generation.
func plane(ctx context.Context, b *life.Board, rl rule.Rule, n int) (*life.Board, error) {
	w, h := b.Width(), b.Height()
	var at image.Point // where cur's cell (0, 0) lies in b's frame
	cur := b
	for range n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		live := cur.BoundingBox()
		if live.Empty() {
			break // nothing is born from nothing without B0
		}
		ring := live.Inset(-1)
		cur = life.Step(cur.Crop(ring), rl, life.Dead)
		at = at.Add(ring.Min)
	}
	live := cur.BoundingBox().Add(at)
	return cur.Crop(image.Rect(0, 0, w, h).Union(live).Sub(at)), nil
}
