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
// at(i) is row i, every column, for every row i <= v whose constraint
// is complete by v (rows before 0 dead). It is only asked when gcd(K,
// P) = 1 and no row it reads lies past the length's bound.
func (t *triangleBufs) triangle(rs *rowSolver, v int, at func(int) uint32) bool {
	g := rs.g
	P, K := g.P, g.K
	// the rows of index u > v that the constraint of u allows, or row u
	// itself when chosen already; every column.
	rows := func(dst []uint32, u int) []uint32 {
		dst = dst[:0]
		if u <= v {
			return append(dst, at(u))
		}
		dst = rs.list(dst, at(u-2*P), at(u-P), at(u-P+K))
		for i, r := range dst {
			dst[i] = g.expand(r)
		}
		return dst
	}
	t.r11 = rows(t.r11, v+P-K)
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
		t.r12 = rows(t.r12, u2)
		t.r13 = rows(t.r13, u3)
		t.r23 = t.r23[:0]
		clear(t.memo)
	}
	if t.memo == nil {
		t.memo = map[int]span{}
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
			t.r22 = rs.list(t.r22[:0], above2, r12, r11)
			if len(t.r22) == 0 {
				continue
			}
			for x := range t.r22 {
				t.r22[x] = g.expand(t.r22[x])
			}
			for j, r13 := range t.r13 {
				// the rows v+2P-3K that read r13 and give r12, listed
				// when first needed
				s, ok := t.memo[i*len(t.r13)+j]
				if !ok {
					if work++; work > triangleWork {
						return true
					}
					start := len(t.r23)
					t.r23 = rs.list(t.r23, above3, r13, r12)
					for x := start; x < len(t.r23); x++ {
						t.r23[x] = g.expand(t.r23[x])
					}
					s = span{start, len(t.r23)}
					t.memo[i*len(t.r13)+j] = s
				}
				for _, r23 := range t.r23[s.lo:s.hi] {
					for _, r22 := range t.r22 {
						if rs.exists(r13, r23, r22) {
							return true
						}
					}
					if work += len(t.r22); work > triangleWork {
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
	r11, r12, r13, r22, r23 []uint32
	// key: the rows that r12, r13 and the memo were made from; memo:
	// the rows v+2P-3K of r12[i] and r13[j], r23[lo:hi] at i*len(r13)+j.
	key   [7]uint32
	keyed bool
	memo  map[int]span
}

// span is r23[lo:hi].
type span struct{ lo, hi int }
