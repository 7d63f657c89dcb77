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
// a portfolio that races them and keeps the first verified answer, in the
// order to start them: a portfolio runs as many as it has cores and, when
// a member ends without an answer (a restricted member that proved its
// sub-problem empty), starts the next in its place.
//
// Member 0 is p with s as given. When p is an oscillator or spaceship
// with no symmetry, the next members take each symmetric sub-problem once
// (D8, D4x, D4+, C4, C2, D2-, D2|, ... whichever fit the box and the
// shift): every generation of a symmetric pattern has fewer free cells, so
// such searches are much smaller, and any answer they find is an answer to
// p. (Measured with "lifesat osc -period 3 -size 16x16 -jobs 1": 0.2-1.4 s
// with -sym D8 over seeds 1-3, while C2 did not finish in 60 s.) The
// members after those search p whole, as do all members when p is a still
// life or already symmetric: they race other seeds and, when s leaves the
// encoding to the library, the encodings in turn. Member k uses seed
// Seed+k.
func Strategies(p Problem, s *Settings, n int) []Strategy {
	base := s.orDefaults()
	var syms []Symmetry
	if p.period() > 1 && (p.Symmetry == "" || p.Symmetry == C1) {
		for _, sym := range []Symmetry{D8, D4Diag, D4Plus, C4, C2, D2H, D2V, D2Diag, D2Anti} {
			if sym.check(p.Width, p.Height, p.Shift) == nil {
				syms = append(syms, sym)
			}
		}
	}
	encodings := []Encoding{base.Encoding}
	if s == nil || s.Encoding == "" {
		encodings = Encodings()
	}
	out := make([]Strategy, 0, n)
	for k := range n {
		st := Strategy{Problem: p, Settings: base}
		st.Settings.Seed = base.Seed + uint64(k)
		switch {
		case k == 0:
		case k <= len(syms):
			st.Problem.Symmetry = syms[k-1]
			st.Restricted = true
		default:
			st.Settings.Encoding = encodings[(k-len(syms))%len(encodings)]
		}
		out = append(out, st)
	}
	return out
}
