package lifesat

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
// a portfolio that races them and keeps the first verified answer.
// Member 0 is p with s as given. Member k > 0 uses seed Seed+k, and when
// p is an oscillator or spaceship with no symmetry, members take
// symmetric sub-problems in turn (D8, D4x, D4+, C4, C2, D2-, D2|, ... whichever fit the box and
// the shift): every generation of a symmetric pattern has fewer free
// cells, so such searches are much smaller, and any answer they find is
// an answer to p. (Measured with "lifesat osc -period 3 -size 16x16
// -jobs 1": 0.2-1.4 s with -sym D8 over seeds 1-3, while C2 did not
// finish in 60 s. The encoding stays as given: Knuth took 3 s with D8.)
func Strategies(p Problem, s *Settings, n int) []Strategy {
	base := s.orDefaults()
	var syms []Symmetry
	if p.period() > 1 && (p.Symmetry == "" || p.Symmetry == C1) && p.Template == nil {
		for _, sym := range []Symmetry{D8, D4Diag, D4Plus, C4, C2, D2H, D2V, D2Diag, D2Anti} {
			if sym.check(p.Width, p.Height, p.Shift) == nil {
				syms = append(syms, sym)
			}
		}
	}
	out := make([]Strategy, 0, n)
	for k := range n {
		st := Strategy{Problem: p, Settings: base}
		st.Settings.Seed = base.Seed + uint64(k)
		if k > 0 && len(syms) > 0 {
			st.Problem.Symmetry = syms[(k-1)%len(syms)]
			st.Restricted = true
		}
		out = append(out, st)
	}
	return out
}
