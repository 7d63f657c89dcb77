package density_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/density"
	"github.com/lifesat/lifesat/lifesat/internal/lifetest"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// searchStillLifes counts the still lifes in a w x h box by a backtracking
// search independent of CountStillLifes: it fills the padded board cell by
// cell in row-major order and rejects a partial board only when a cell
// whose whole neighbourhood is filled changes; each board it accepts is
// checked again with the plain Step.
func searchStillLifes(t *testing.T, w, h int, r rule.Rule) int64 {
	t.Helper()
	p := life.NewBoard(w+2, h+2)
	// stableAt reports whether cell (x, y) of the padded board keeps its
	// state; cells off the padded board are dead and stay dead (no B0).
	stableAt := func(x, y int) bool {
		if !p.In(x, y) {
			return true
		}
		alive := p.Alive(x, y)
		return r.Next(alive, p.Neighbours(x, y, life.Dead)) == alive
	}
	var n int64
	var fill func(i int)
	fill = func(i int) {
		if i == w*h {
			// The cells not checked yet: the last two rows of the padded
			// board and its last column.
			for y := range h + 2 {
				for x := range w + 2 {
					if !stableAt(x, y) {
						return
					}
				}
			}
			if !life.Step(p, r, life.Dead).Equal(p) {
				t.Fatalf("search accepted a board that is not still:\n%v", p)
			}
			n++
			return
		}
		x, y := i%w+1, i/w+1
		for _, alive := range []bool{false, true} {
			p.Set(x, y, alive)
			// Cell (x-1, y-1) of the padded board now has every
			// neighbour set; at the end of a row so has (x, y-1) and,
			// beyond the box, (x+1, y-1).
			ok := stableAt(x-1, y-1)
			if x == w {
				ok = ok && stableAt(x, y-1) && stableAt(x+1, y-1)
			}
			if ok {
				fill(i + 1)
			}
		}
		p.Set(x, y, false)
	}
	fill(0)
	return n
}

func count(t testing.TB, w, h int, r rule.Rule) *big.Int {
	t.Helper()
	n, err := density.CountStillLifes(context.Background(), w, h, r)
	if err != nil {
		t.Fatalf("CountStillLifes(%dx%d, %v): %v", w, h, r, err)
	}
	return n
}

// TestCountStillLifesOEIS checks Life in n x n boxes against OEIS A136278,
// "Number of n X n Life configurations that are still Lifes" (Don Knuth,
// 2008; a(1) and a(7) corrected and a(11)-a(15) added by Tomas Rokicki,
// 2010). a(1)..a(5) are long established; a(6)..a(9) are the entry's data
// line; TestCountStillLifesSearch finds a(6) again, and a(7) with
// LIFESAT_STRESS=1.
func TestCountStillLifesOEIS(t *testing.T) {
	want := []int64{1, 2, 12, 83, 417, 3928, 127425, 4782725, 285886827}
	for i, v := range want {
		n := i + 1
		if got := count(t, n, n, rule.Life); got.Cmp(big.NewInt(v)) != 0 {
			t.Errorf("Life %dx%d: %v still lifes, OEIS A136278 says %d", n, n, got, v)
		}
	}
}

// TestCountStillLifesSearch compares with the backtracking search (each
// board it finds re-checked with Step) on boxes too large to try every
// board, both ways round for the rectangles.
func TestCountStillLifesSearch(t *testing.T) {
	cases := []struct {
		rule string
		w, h int
	}{
		{"B3/S23", 5, 5}, {"B3/S23", 6, 6}, {"B3/S23", 6, 4}, {"B3/S23", 4, 6},
		{"B3/S23", 7, 3}, {"B3/S23", 3, 7}, {"B3/S23", 9, 2}, {"B3/S23", 2, 9},
		{"B3/S23", 7, 5}, {"B3/S23", 5, 7},
		{"B36/S23", 5, 5}, {"B34/S34", 5, 5}, {"B2/S", 5, 5},
		{"B3678/S34678", 5, 5}, {"B1/S1", 5, 5}, {"B3678/S34678", 6, 4}, {"B3678/S34678", 4, 6},
	}
	if lifetest.Stress() {
		// OEIS A136278 a(7) = 127425, found again by the search (10-30 s).
		cases = append(cases, struct {
			rule string
			w, h int
		}{"B3/S23", 7, 7})
	}
	for _, c := range cases {
		r := lifetest.Rule(t, c.rule)
		want := searchStillLifes(t, c.w, c.h, r)
		if got := count(t, c.w, c.h, r); got.Cmp(big.NewInt(want)) != 0 {
			t.Errorf("%v %dx%d: CountStillLifes %v, backtracking search %d", r, c.w, c.h, got, want)
		}
	}
}

// TestCountStillLifesErrors: bad boxes, rules with B0 and partial rules
// are refused with an ErrProblem.
func TestCountStillLifesErrors(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		w, h int
		rule string
	}{
		{0, 3, "B3/S23"}, {3, 0, "B3/S23"}, {-1, 4, "B3/S23"},
		{13, 13, "B3/S23"}, {13, 40, "B3/S23"}, {40, 13, "B3/S23"},
		{3, 3, "B03/S23"}, {3, 3, "B0/S8"}, {3, 3, "pB3/S23"},
	} {
		n, err := density.CountStillLifes(ctx, c.w, c.h, lifetest.Rule(t, c.rule))
		if !errors.Is(err, lifesat.ErrProblem) || n != nil {
			t.Errorf("%dx%d %s: got %v, %v; want an ErrProblem", c.w, c.h, c.rule, n, err)
		}
	}
	// A long box with a short side is fine: 1-wide, only the empty board.
	if got := count(t, 1, 1000, rule.Life); got.Cmp(big.NewInt(1)) != 0 {
		t.Errorf("Life 1x1000: %v still lifes, want 1 (a line of cells loses its ends)", got)
	}
}

func TestCountStillLifesCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, err := density.CountStillLifes(ctx, 12, 12, rule.Life)
	if !errors.Is(err, context.Canceled) || n != nil {
		t.Errorf("cancelled: got %v, %v; want context.Canceled", n, err)
	}
	// 12x12 takes about a minute: the deadline passes within a row.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	n, err = density.CountStillLifes(ctx, 12, 12, rule.Life)
	if !errors.Is(err, context.DeadlineExceeded) || n != nil {
		t.Errorf("deadline: got %v, %v; want context.DeadlineExceeded", n, err)
	}
}

// TestCountStillLifesBig checks counts beyond 64 bits: under B/S012345678
// (every live cell survives, nothing is born) every board is still, so a
// 3 x 30 box holds 2^90 still lifes.
func TestCountStillLifesBig(t *testing.T) {
	r := lifetest.Rule(t, "B/S012345678")
	want := new(big.Int).Lsh(big.NewInt(1), 90)
	if got := count(t, 3, 30, r); got.Cmp(want) != 0 {
		t.Errorf("%v 3x30: %v still lifes, want 2^90 = %v", r, got, want)
	}
}

func ExampleCountStillLifes() {
	// 12 still lifes fit in a 3x3 box (OEIS A136278): the empty board,
	// 4 blocks, 4 boats, 2 ships and a tub.
	n, err := density.CountStillLifes(context.Background(), 3, 3, rule.Life)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(n)
	// Output:
	// 12
}

func BenchmarkCountStillLifes(b *testing.B) {
	for _, n := range []int{6, 7, 8} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			for b.Loop() {
				count(b, n, n, rule.Life)
			}
		})
	}
}
