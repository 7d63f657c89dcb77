package grow

// The triangle lookahead of the search on the rows' tables (breadth
// first, and depth first without a length), after qfind's: when
// row v is chosen, rows further ahead in the sequence than the next few
// must still fit together. With gcd(K, P) = 1 the constraint of row i
// reads rows i-2P, i-P and i and gives row i-P+K (see the package
// documentation). Row v is the output of row u1 = v+P-K, whose other
// rows are known (gfind's lookahead, ahead); rows u2 = v+P-2K and u3 =
// v+P-3K give the rows v-K and v-2K, known too. One spatial row further
// on, row v+2P-2K reads u2 and gives u1, and row v+2P-3K reads u3 and
// gives u2; and some row v+3P-3K must read v+2P-3K and give v+2P-2K.
// Each of these rows that is not yet chosen is listed from the rows'
// tables, and the lookahead asks whether some choice of all five makes
// every one of these constraints hold, a necessary condition for any
// ship through row v. A search in the order of the rows meets these
// constraints only 2P-3K rows later, after branching on every row
// between.

// triangle reports whether the rows ahead of row v fit (see above);
// at(i) is row i, its free bits, for every row i <= v whose constraint
// is complete by v (rows before 0 dead). It is only asked when gcd(K,
// P) = 1 and no row it reads lies past the length's bound.
func (t *triangleBufs) triangle(rl rowLister, v int, at func(int) uint32) bool {
	g := rl.rs.g
	P, K := g.P, g.K
	// the rows of index u > v that the constraint of u allows, or row u
	// itself when chosen already.
	rows := func(buf *[]uint32, u int) []uint32 {
		if u <= v {
			*buf = append((*buf)[:0], at(u))
			return *buf
		}
		return rl.rows(buf, at(u-2*P), at(u-P), at(u-P+K))
	}
	t.r11 = rows(&t.b11, v+P-K)
	if len(t.r11) == 0 {
		return false
	}
	// Rows u2 and u3, and the rows v+2P-3K each pair of them allows, do
	// not depend on row v when u2 and u3 are ahead of it: they are kept
	// from one call to the next while the rows they read stay the same
	// (the siblings of a partial).
	u2, u3 := v+P-2*K, v+P-3*K
	k := [7]uint32{2: at(v - 3*K), 3: at(v - 2*K), 4: at(v - K)}
	if u2 <= v {
		k[5] = at(u2)
	} else {
		k[0] = at(u2 - 2*P)
	}
	if u3 <= v {
		k[6] = at(u3)
	} else {
		k[1] = at(u3 - 2*P)
	}
	if !t.keyed || k != t.key {
		t.key, t.keyed = k, true
		t.r12 = rows(&t.b12, u2)
		t.r13 = rows(&t.b13, u3)
		t.b23 = t.b23[:0]
		if t.gen++; t.gen == 0 { // wrapped: no stale list may pass for new
			clear(t.r23)
			t.gen = 1
		}
		if n := len(t.r12) * len(t.r13); len(t.r23) < n {
			t.r23 = make([]stamped, n)
		}
	}
	above2, above3 := at(v-2*K), at(v-3*K)
	// A bound on the work: where the rows are loosely tied (the front of
	// a wide strip) the lists are long and their products longer, and
	// the lookahead says "fits" once it has spent triangleWork lists and
	// tests (64: c/5 11 wide odd kept 38,417 partials against 35,910
	// unbounded).
	work := 0
	for i, r12 := range t.r12 {
		for _, r11 := range t.r11 {
			if work++; work > triangleWork {
				return true // not known: the row stays
			}
			r22s := rl.rows(&t.b22, above2, r12, r11)
			if len(r22s) == 0 {
				continue
			}
			for j, r13 := range t.r13 {
				// the rows v+2P-3K that read r13 and give r12, listed
				// when first needed
				m := &t.r23[i*len(t.r13)+j]
				if m.gen != t.gen {
					if work++; work > triangleWork {
						return true
					}
					if rl.memo != nil {
						m.rows = rl.memo.list(above3, r13, r12)
					} else {
						start := len(t.b23)
						t.b23 = rl.list(t.b23, above3, r13, r12)
						m.rows = t.b23[start:len(t.b23):len(t.b23)]
					}
					m.gen = t.gen
				}
				for _, r23 := range m.rows {
					for _, r22 := range r22s {
						if rl.exists(r13, r23, r22) {
							return true
						}
					}
					if work += len(r22s); work > triangleWork {
						return true
					}
				}
			}
		}
	}
	return false
}

// triangleFits reports whether the triangle lookahead applies to row v
// of a search: gcd(K, P) = 1; 3K <= 2P, so that every row it reads is
// at most 2P rows before v (in the state; with 3K < 2P the row
// v+2P-3K is ahead of v, with 3K = 2P it is v itself, listed among
// others, which only weakens the test); every row it reads within the
// length's bound.
func (g *geometry) triangleFits(v, maxIx int) bool {
	return g.d == 1 && 3*g.K <= 2*g.P && (maxIx < 0 || v+3*g.P-3*g.K < maxIx)
}

// triangleWork bounds the lists and tests of one triangle lookahead.
const triangleWork = 64

// triangleBufs are the triangle lookahead's lists, kept between calls.
type triangleBufs struct {
	// r11, r12, r13: the rows' lists (the memo's own, or in b11..b13);
	// b22 and b23 the lists' buffers in a wide strip.
	r11, r12, r13           []uint32
	b11, b12, b13, b22, b23 []uint32
	// key: the rows that r12, r13 and r23 were made from; r23[i*len(r13)+j]
	// holds the rows v+2P-3K of r12[i] and r13[j] when its gen is gen.
	key   [7]uint32
	keyed bool
	gen   uint32
	r23   []stamped
}

// stamped is a list of rows, good while its gen is the lookahead's.
type stamped struct {
	gen  uint32
	rows []uint32
}

// rowLister lists and tests rows of free bits: from the memo in a
// narrow strip, else by the automaton.
type rowLister struct {
	rs   *rowSolver
	memo *rowMemo // nil in a wide strip
}

// list appends the rows that the constraint of rows a, b and c allows.
func (l rowLister) list(dst []uint32, a, b, c uint32) []uint32 {
	if l.memo != nil {
		return append(dst, l.memo.list(a, b, c)...)
	}
	g := l.rs.g
	return l.rs.list(dst, g.expand(a), g.expand(b), g.expand(c))
}

// rows is the list of the rows that the constraint allows: the memo's
// own (not to be changed), or, in a wide strip, *buf filled with them.
func (l rowLister) rows(buf *[]uint32, a, b, c uint32) []uint32 {
	if l.memo != nil {
		return l.memo.list(a, b, c)
	}
	*buf = l.list((*buf)[:0], a, b, c)
	return *buf
}

// allowsDead reports whether the dead row satisfies the constraint.
func (l rowLister) allowsDead(a, b, c uint32) bool {
	if l.memo != nil {
		return l.memo.allowsDead(a, b, c)
	}
	g := l.rs.g
	return l.rs.allowsDead(g.expand(a), g.expand(b), g.expand(c))
}

// exists reports whether some row satisfies the constraint.
func (l rowLister) exists(a, b, c uint32) bool {
	if l.memo != nil {
		return len(l.memo.list(a, b, c)) > 0
	}
	g := l.rs.g
	return l.rs.exists(g.expand(a), g.expand(b), g.expand(c))
}
