package density

import (
	"context"
	"errors"
	"testing"
)

// TestFirstWaste: the SAT ladder's first question is 0 to 3 cells above
// the optimum for every n x n from 28 to 69, so its walk of four
// questions a cell at a time reaches the optimum before it gallops. The
// optima are OEIS A055397 to n = 53 (its 2013 extension; at 28, 30, 32,
// 35 and 38 docs/max-density.md proves one cell fewer, checked too)
// and, from 54, the table of Johnston and Greene's book
// as quoted on codegolf.stackexchange.com/questions/245570.
func TestFirstWaste(t *testing.T) {
	published := []int{ // n = 28 .. 69
		407, 437, 467, 497, 531, 563, 598, 633, 668, 706, 744, 782, 824, 864,
		907, 949, 993, 1039, 1085, 1132, 1181, 1229, 1280, 1331, 1382, 1436,
		1490, 1545, 1602, 1658, 1717, 1776, 1835, 1897, 1959, 2022, 2087,
		2151, 2218, 2285, 2353, 2422,
	}
	proved := map[int]int{28: 406, 30: 466, 32: 530, 35: 632, 38: 743} // where they differ
	for i, a := range published {
		n := 28 + i
		first := (2*n*n + 4*n - firstWaste(n, n)) / 4 // live cells asked for
		for _, opt := range []int{a, proved[n]} {
			if opt > 0 && (first < opt || first > opt+3) {
				t.Errorf("%dx%d: the first question asks %d live cells, a(n) = %d", n, n, first, opt)
			}
		}
	}
}

// lookCounter is a context whose Err turns to context.Canceled at its
// stop-th look, and counts the looks.
type lookCounter struct {
	context.Context
	looks, stop int
}

func (c *lookCounter) Err() error {
	c.looks++
	if c.looks >= c.stop {
		return context.Canceled
	}
	return nil
}

// TestWasteCNFStopsWithinARow: the ladder's encoding of a large box looks
// at its context once a row, so a stopped ladder (the command's -timeout)
// does not first encode the whole box: stopped at the fifth look (of 62,
// one a row of the box and its ring), the encoding returns
// context.Canceled having looked no more.
func TestWasteCNFStopsWithinARow(t *testing.T) {
	const n = 60
	ctx := &lookCounter{Context: context.Background(), stop: 5}
	f, err := WasteCNF(ctx, n, n, firstWaste(n, n))
	if !errors.Is(err, context.Canceled) || f != nil || ctx.looks != ctx.stop {
		t.Fatalf("stopped at look %d: error %v after %d looks; want context.Canceled at once", ctx.stop, err, ctx.looks)
	}
}
