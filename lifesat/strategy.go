package lifesat

import (
	"image"
	"slices"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
	"github.com/lifesat/lifesat/lifesat/tmpl"
)

// A Strategy is one member of a portfolio: a problem and settings whose
// answers are answers of the original problem.
type Strategy struct {
	Problem  Problem
	Settings Settings
	// Restricted is true when the member searches only part of the
	// original problem's answers (a symmetric sub-problem): its "no
	// pattern exists" says nothing about the original.
	Restricted bool
}

// Strategies returns n diversified ways to search for an answer to p, for
// a portfolio that races them and keeps the first verified answer, in the
// order to start them: a portfolio runs as many as it has cores and, when
// a member ends without an answer (a restricted member that proved its
// sub-problem empty), starts the next in its place. A restricted
// member's answer is unrolled to p's period by Unroll before it answers
// p.
//
// Member 0 is p with s as given. When p is an oscillator or spaceship
// with no symmetry, the next members take the strong symmetric
// sub-problems (D8, D4x, D4+, C4, whichever fit the box and the shift):
// every generation of a symmetric pattern has 4 to 8 times fewer free
// cells, and any answer they find is an answer to p. Right after the
// first of them (D8, the cheapest), or first when none fits, come the
// motion members of an even period (subMotions): the sub-problems whose
// generation Period/2 is generation 0 reflected or turned half round, or
// whose generation Period/4 is it turned a quarter round, with the shift
// that makes the whole period p's: a flipping oscillator or a
// glide-reflective ship needs only that part of its generations, and its
// answer, unrolled (Unroll), is an answer to p. In a square box with no
// shift, one of each pair that a turn or reflection of the box makes
// alike is enough (F\ for F/ too, F- for F|, R90 for R270). Then the
// other strong symmetries, then the weak symmetries, which halve the
// cells only, alternate with members that search p whole, a weak one
// first: the diagonal mirrors D2\ and D2/, the axis mirrors D2- and D2|,
// and C2 last. When p is already symmetric, the next members take the
// larger symmetries that include p's (D8 for C4; C4, D4+, D4x and D8 for
// C2): a C4 oscillator with D8 symmetry is a C4 oscillator. A whole
// member differs by its seed and, when s leaves the encoding to the
// library, by the encoding, in turn; when p is a still life or has a
// template every member is whole. Member k uses seed Seed+k. Why this
// order, with its measurements: docs/speed.md, "Why the race's members
// come in this order".
func Strategies(p Problem, s *Settings, n int) []Strategy {
	base := s.orDefaults()
	strong, weak := subSymmetries(p)
	turned := subMotions(p, base.Rule)
	encodings := []Encoding{base.Encoding}
	if s == nil || s.Encoding == "" {
		encodings = Encodings()
	}
	out := make([]Strategy, 0, n)
	whole := 0 // whole members after member 0
	for k := range n {
		st := Strategy{Problem: p, Settings: base}
		st.Settings.Seed = base.Seed + uint64(k)
		j := k - 1 - len(strong) - len(turned) // position after the strong symmetries and the motions
		switch {
		case k == 0:
		case k == 1 && len(strong) > 0:
			st.Problem.Symmetry = strong[0]
			st.Restricted = true
		case k <= len(turned)+min(len(strong), 1):
			st.Problem = turned[k-1-min(len(strong), 1)]
			st.Restricted = true
		case k <= len(strong)+len(turned):
			st.Problem.Symmetry = strong[k-1-len(turned)]
			st.Restricted = true
		case j%2 == 0 && j/2 < len(weak):
			st.Problem.Symmetry = weak[j/2]
			st.Restricted = true
		default:
			st.Settings.Encoding = encodings[whole%len(encodings)]
			whole++
		}
		out = append(out, st)
	}
	return out
}

// subSymmetries returns the symmetries whose patterns are answers to p
// and whose searches are smaller: for p with no symmetry, the strong ones
// (4 or 8 maps) and the weak ones (2 maps); for a symmetric p, every
// larger symmetry that includes p's, all strong. Only oscillators and
// spaceships without a template have them, and only symmetries that fit
// the box and the shift.
func subSymmetries(p Problem) (strong, weak []life.Symmetry) {
	if p.period() == 1 || p.Template != nil {
		return nil, nil
	}
	own := p.Symmetry
	if own == "" {
		own = life.C1
	}
	for _, sym := range []life.Symmetry{life.D8, life.D4Diag, life.D4Plus, life.C4, life.D2Diag, life.D2Anti, life.D2H, life.D2V, life.C2} {
		if sym == own || !sym.Includes(own) || p.fitsSymmetry(sym) != nil {
			continue
		}
		if own == life.C1 && len(sym.Group()) == 2 {
			weak = append(weak, sym)
		} else {
			strong = append(strong, sym)
		}
	}
	return strong, weak
}

// subMotions returns the sub-problems of an oscillator or spaceship p
// whose generation Period/k is generation 0 turned (k = 2 for a
// reflection or a half turn, 4 for a quarter turn, when k divides the
// period), and moved by whatever shift makes k such motions p's shift:
// "half the generations" of a flipping oscillator or a glide-reflective
// ship. Their answers, unrolled to p's period, are answers to p: a
// template of p's period makes the turned generations fit the box too.
// Quarter turns come first (a quarter of the generations), then the
// reflections and the half turn. Only problems without a motion,
// template, or constraint naming generations have them, and only motions
// that fit the box, the symmetry, the background and the rule r.
func subMotions(p Problem, r rule.Rule) []Problem {
	per := p.period()
	if per == 1 || p.Template != nil || p.Transform != life.Id || p.constrained() || len(p.Known) > 0 || p.outOfReach() {
		return nil
	}
	if r.IsZero() {
		r = rule.Life
	}
	// A turn or reflection c that leaves the problem as it is (no shift,
	// a box that c maps onto itself, a plane, rule and symmetry that c
	// keeps) carries each motion's sub-problem onto that of c t c^-1: of
	// F\ and F/, F- and F| (in a square box), R90 and R270, one will do.
	var keep []life.Transform
	if p.Shift == (image.Point{}) && uniform(p.Background) {
		for _, c := range life.Transforms()[1:] {
			q := p
			q.Transform = c
			if (!c.Swaps() || p.Width == p.Height) && r.Invariant(c.Matrix()) && (p.Symmetry == "" || q.normalizes(p.Symmetry)) {
				keep = append(keep, c)
			}
		}
	}
	var out []Problem
	var taken []life.Transform
	for _, t := range []life.Transform{life.FlipDiag, life.FlipAnti, life.FlipTB, life.FlipLR, life.R180, life.R90, life.R270} {
		k := order(t)
		if per%k != 0 || t.Swaps() && p.Width != p.Height || !r.Invariant(t.Matrix()) {
			continue
		}
		if slices.ContainsFunc(keep, func(c life.Transform) bool { return slices.Contains(taken, c.Inverse().Then(t).Then(c)) }) {
			continue // the same search turned or mirrored
		}
		s, ok := rootShift(t, k, p.Shift, p.Width, p.Height)
		if !ok {
			continue
		}
		q := p
		q.Period, q.Transform, q.Shift = per/k, t, s
		inBox := true
		for j := 1; j < k; j++ {
			inBox = inBox && q.reach(j*q.Period) == q.Box()
		}
		if !inBox {
			// The turned generations may leave the box: a template of
			// p's generations, whose generations past the period show
			// the whole plane, keeps them in it.
			q.Template = tmpl.New(p.Width, p.Height, per)
			q.MinPop = max(q.MinPop, 1) // a template admits the empty pattern
		}
		if su, err := newSetup(q, &Settings{Rule: r}); err != nil || !q.carries(su.bg) {
			continue
		}
		out = append(out, q)
		taken = append(taken, t)
	}
	return out
}

// rootShift finds the shift s, nearest to none, for which k motions by
// t and s make the move shift: t turned about the centre of a w x h box.
// Nearest is by |x|+|y|, then in row order, among |x|+|y| <= |shift|+
// max(w, h). k motions move by c + M s, where M is the sum of t's
// first k powers (affine in s), so each column x holds at most one
// candidate y, and the search is linear in the box's side.
func rootShift(t life.Transform, k int, shift image.Point, w, h int) (image.Point, bool) {
	at := func(s image.Point) image.Point {
		tr, _ := motionMap(t, s, w, h).pow(k).translation()
		return tr
	}
	c := at(image.Point{})
	ex, ey := at(image.Pt(1, 0)).Sub(c), at(image.Pt(0, 1)).Sub(c)
	r := shift.Sub(c)
	lim := abs(shift.X) + abs(shift.Y) + max(w, h)
	best, found := image.Point{}, false
	for x := -lim; x <= lim; x++ {
		rest := r.Sub(ex.Mul(x)) // y*ey must make up the rest
		var y int
		switch {
		case ey == (image.Point{}):
			if rest != (image.Point{}) {
				continue
			}
			y = 0 // any y will do: the nearest is 0
		case ey.X != 0 && rest.X%ey.X == 0:
			y = rest.X / ey.X
		case ey.X == 0 && ey.Y != 0 && rest.Y%ey.Y == 0:
			y = rest.Y / ey.Y
		default:
			continue
		}
		s := image.Pt(x, y)
		if ey.Mul(y) != rest || abs(x)+abs(y) > lim {
			continue
		}
		d, bd := abs(x)+abs(y), abs(best.X)+abs(best.Y)
		if !found || d < bd || d == bd && (y < best.Y || y == best.Y && x < best.X) {
			best, found = s, true
		}
	}
	return best, found
}
