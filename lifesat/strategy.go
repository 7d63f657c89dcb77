package lifesat

import "github.com/lifesat/lifesat/lifesat/life"

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
// sub-problem empty), starts the next in its place.
//
// Member 0 is p with s as given. When p is an oscillator or spaceship
// with no symmetry, the next members take the strong symmetric
// sub-problems (D8, D4x, D4+, C4, whichever fit the box and the shift):
// every generation of a symmetric pattern has 4 to 8 times fewer free
// cells, so such searches are much smaller, and any answer they find is an
// answer to p. (Measured with "lifesat osc -period 3 -size 16x16 -jobs
// 1": 0.2-1.4 s with -sym D8 over seeds 1-3, while C2 did not finish in
// 60 s.) Then the weak symmetries, which halve the cells only, alternate
// with members that search p whole, a weak one first: the diagonal
// mirrors D2\ and D2/, the axis mirrors D2- and D2|, and C2 last. (For a
// period-3 oscillator in 8x8, seeds 1-5, where no strong one exists, the
// diagonal mirrors found one in 0.05-0.25 s, D2- and D2| proved they have
// none in 1.3-1.9 s and C2 in 15-22 s; on two cores a whole member
// first would keep them from ever starting.) When
// p is already symmetric, the next members take the larger symmetries
// that include p's (D8 for C4; C4, D4+, D4x and D8 for C2): a C4
// oscillator with D8 symmetry is a C4 oscillator. A whole member differs
// by its seed and, when s leaves the encoding to the library, by the
// encoding, in turn; when p is a still life or has a template every
// member is whole. Member k uses seed Seed+k.
func Strategies(p Problem, s *Settings, n int) []Strategy {
	base := s.orDefaults()
	strong, weak := subSymmetries(p)
	encodings := []Encoding{base.Encoding}
	if s == nil || s.Encoding == "" {
		encodings = Encodings()
	}
	out := make([]Strategy, 0, n)
	whole := 0 // whole members after member 0
	for k := range n {
		st := Strategy{Problem: p, Settings: base}
		st.Settings.Seed = base.Seed + uint64(k)
		j := k - 1 - len(strong) // position after the strong symmetries
		switch {
		case k == 0:
		case k <= len(strong):
			st.Problem.Symmetry = strong[k-1]
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
