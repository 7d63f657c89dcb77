package grow

// rowMemo keeps the rows' lists of a narrow strip, as gfind and zfind
// keep theirs: for every three rows of free bits a, b and c (at most
// maxMemoFree free columns, so 2^21 triples), the rows the constraint
// of a, b and c allows, listed by the column automaton the first time
// they are asked and read from the memo after. Its lists are the
// automaton's, in the same order, so a checkpoint's places stay the same.
type rowMemo struct {
	rs *rowSolver
	g  *geometry
	f  uint
	// span[i>>memoPage][i&(1<<memoPage-1)] for triple i: start<<8 |
	// count+1, 0 when not yet listed; each page of spans is made when
	// first asked, so a small search does not clear 16 MB.
	span [][]uint64
	rows []uint32
}

// memoPage is the log2 of the spans a page holds.
const memoPage = 12

// maxMemoFree is the most free columns a rowMemo serves: 2^21 triples,
// 16 MB of spans when every one is asked.
const maxMemoFree = 7

// newRowMemo returns the memo of the strip's rows, or nil when the strip
// has more than maxMemoFree free columns.
func newRowMemo(g *geometry, rs *rowSolver) *rowMemo {
	if g.free > maxMemoFree {
		return nil
	}
	f := uint(g.free)
	return &rowMemo{rs: rs, g: g, f: f, span: make([][]uint64, (1<<(3*f)+1<<memoPage-1)>>memoPage)}
}

// list is the rows (free bits) that the constraint of rows a, b and c
// (free bits) allows, in the automaton's order; the caller must not
// change them.
func (m *rowMemo) list(a, b, c uint32) []uint32 {
	i := a<<(2*m.f) | b<<m.f | c
	page := m.span[i>>memoPage]
	if page == nil {
		page = make([]uint64, 1<<memoPage)
		m.span[i>>memoPage] = page
	}
	s := page[i&(1<<memoPage-1)]
	if s == 0 {
		start := len(m.rows)
		m.rows = m.rs.list(m.rows, m.g.expand(a), m.g.expand(b), m.g.expand(c))
		s = uint64(start)<<8 | uint64(len(m.rows)-start+1)
		page[i&(1<<memoPage-1)] = s
	}
	start, n := int(s>>8), int(s&0xff)-1
	return m.rows[start : start+n : start+n]
}

// allowsDead reports whether the dead row is among them: it comes first
// in the automaton's order when it is.
func (m *rowMemo) allowsDead(a, b, c uint32) bool {
	l := m.list(a, b, c)
	return len(l) > 0 && l[0] == 0
}
