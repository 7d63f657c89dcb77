package density

// Maximum-density still lifes under any rule, without bounds: the transfer
// matrix of CountStillLifes (rows.go) in the (max, +) semiring. Each state (the last
// two rows) keeps the largest population of the rows above that reach it
// and a pointer to the state it came from; the best board is read back
// along the pointers from the final, dead state. This is the dynamic
// program behind the bucket-elimination results of J. Larrosa, E.
// Morancho and D. Niso ("On the practical use of variable elimination in
// constraint optimization problems: 'still-life' as a case study", JAIR
// 23, 2005), with rows as buckets.

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// maxRowMemory bounds the back-pointers MaxStillLifeRule keeps: 6 bytes per
// state and row, at most 4^width states per row.
const maxRowMemory = 2 << 30

// MaxStillLifeRule returns a still life with the most live cells that
// fits in a w x h box under rule r, proved optimal: OEIS A055397 for Life
// in n x n boxes (0, 4, 6, 8, 16, 18, 28, 36, 43, 54, 64, 76, 90, ...).
// It is MaxStillLife for any rule, without the bounds that need Life's
// wastage.
//
// Like CountStillLifes it needs no SAT solver: it is a dynamic program
// over rows in the (max, +) semiring, whose state is the last two rows,
// so time grows like 4^min(w, h) times max(w, h) and memory like
// 6 bytes x 4^min(w, h) x max(w, h) for the back-pointers that rebuild
// the board (times in docs/speed.md, BenchmarkMaxStillLifeRule). The
// shorter side may be at most 12, and the back-pointers may need at most
// 2 GiB (12 x 19, 11 x 78, 10 x 318 are the largest such boxes).
//
// The result is verified with Step like every search result. Its Status
// is always logic.Sat (the empty board is a still life, so one exists)
// and Optimal is true, Bound equal to Population. Errors wrap
// lifesat.ErrProblem for boxes it cannot take and rules with B0; ctx is
// checked as by CountStillLifes, and on cancellation the error is
// ctx.Err() with a nil result.
func MaxStillLifeRule(ctx context.Context, w, h int, r rule.Rule) (*lifesat.MaxResult, error) {
	return maxStillLifeRule(ctx, w, h, r, nil)
}

// rowsFit reports whether MaxStillLifeRule takes a w x h box.
func rowsFit(w, h int) bool {
	n, long := min(w, h), max(w, h)
	return w > 0 && h > 0 && n <= maxRowWidth && 6<<(2*n)*(long+2) <= maxRowMemory
}

// maxStillLifeRule is MaxStillLifeRule telling progress, when not nil, of each
// row placed: row of rows, and the pairs of rows kept.
func maxStillLifeRule(ctx context.Context, w, h int, r rule.Rule, progress func(row, rows, states int)) (*lifesat.MaxResult, error) {
	if err := checkRowBox("maximum still lifes", w, h, r); err != nil {
		return nil, err
	}
	if !rowsFit(w, h) {
		return nil, fmt.Errorf("%w: maximum still lifes in a %dx%d box: the row-by-row program would keep up to %d MiB of back-pointers, more than %d MiB",
			lifesat.ErrProblem, w, h, 6<<(2*min(w, h))*(max(w, h)+2)>>20, maxRowMemory>>20)
	}
	if progress == nil {
		progress = func(int, int, int) {}
	}
	start := time.Now()
	rowRule := r
	if w >= h {
		rowRule = r.Transposed() // the program's rows are the board's columns
	}
	m := newRowMaximizer(min(w, h), rowRule)
	best, rows, err := m.maximize(ctx, max(w, h), progress)
	if err != nil {
		return nil, err
	}
	b := life.NewBoard(w, h)
	for y, row := range rows {
		for x := range m.n {
			if row>>x&1 == 1 {
				if w < h {
					b.Set(x, y, true)
				} else {
					b.Set(y, x, true)
				}
			}
		}
	}
	pat := &lifesat.Pattern{Phases: []*life.Board{b}}
	p := lifesat.StillLife(w, h)
	if err := p.Check(pat, &lifesat.Settings{Rule: r, AllowEmpty: true}); err != nil {
		return nil, fmt.Errorf("density: internal error: the row program's answer fails verification: %w", err)
	}
	if b.Population() != best {
		return nil, fmt.Errorf("density: internal error: the row program promised %d live cells and rebuilt %d", best, b.Population())
	}
	return &lifesat.MaxResult{
		Status:     logic.Sat,
		Pattern:    pat,
		Population: best,
		Bound:      best,
		Optimal:    true,
		Program:    ProgramRows,
		Stats:      lifesat.Stats{Solve: time.Since(start)},
	}, nil
}

// A rowMaximizer finds, row by row, the most populous board of a fixed
// width in which every row between its two neighbours is stable.
type rowMaximizer struct {
	*rows
	// live lists the reachable states (a<<n | b: rows y-1 and y) and
	// best their largest populations so far; slot maps a state of the
	// next row to its index in nextLive, or -1.
	live, nextLive []uint32
	best, nextBest []int32
	slot           []int32
	// steps[y] holds, for each state of row y in the order of live, its
	// last row and the index of the state it came from in steps[y-1].
	steps []rowStep
}

type rowStep struct {
	row  []uint16
	from []int32
}

func newRowMaximizer(n int, r rule.Rule) *rowMaximizer {
	return &rowMaximizer{rows: newRows(n, r)}
}

// maximize returns the largest population of a board of h rows, each row
// stable and the dead rows around them stable too, with the rows of one
// such board.
func (m *rowMaximizer) maximize(ctx context.Context, h int, progress func(row, rows, states int)) (int, []uint32, error) {
	m.slot = make([]int32, 1<<(2*m.n))
	for i := range m.slot {
		m.slot[i] = -1
	}
	// Rows -2 and -1 are dead; rows 0..h-1 are free; rows h and h+1 are
	// dead. Adding row y checks row y-1.
	m.live, m.best = []uint32{0}, []int32{0}
	for y := 0; y < h+2; y++ {
		if err := ctx.Err(); err != nil {
			return 0, nil, err
		}
		if err := m.addRow(ctx, y >= h); err != nil {
			return 0, nil, err
		}
		progress(min(y+1, h), h, len(m.live))
	}
	if len(m.live) != 1 || m.live[0] != 0 {
		panic("density: maximum still life ends on a live row")
	}
	// Back from the final, dead state.
	rows := make([]uint32, h)
	i := int32(0)
	for y := h + 1; y >= 0; y-- {
		st := m.steps[y]
		if y < h {
			rows[y] = uint32(st.row[i])
		}
		i = st.from[i]
	}
	return int(m.best[0]), rows, nil
}

// addRow moves every state (a, b) to the states (b, c) for the rows c that
// make b stable, keeping the best population of each; with dead set, c
// must be 0.
func (m *rowMaximizer) addRow(ctx context.Context, dead bool) error {
	m.nextLive, m.nextBest = m.nextLive[:0], m.nextBest[:0]
	var step rowStep
	for i, s := range m.live {
		if i&4095 == 4095 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		b := s & m.mask
		for _, row := range m.next(s, dead) {
			t := b<<m.n | uint32(row)
			v := m.best[i] + int32(bits.OnesCount16(row))
			j := m.slot[t]
			switch {
			case j < 0:
				m.slot[t] = int32(len(m.nextLive))
				m.nextLive = append(m.nextLive, t)
				m.nextBest = append(m.nextBest, v)
				step.row = append(step.row, row)
				step.from = append(step.from, int32(i))
			case v > m.nextBest[j]:
				m.nextBest[j] = v
				step.from[j] = int32(i)
			}
		}
	}
	for _, t := range m.nextLive {
		m.slot[t] = -1
	}
	m.steps = append(m.steps, step)
	m.live, m.nextLive = m.nextLive, m.live
	m.best, m.nextBest = m.nextBest, m.best
	return nil
}
