package lifesat

import (
	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// A setup is one call's problem with its settings resolved and the facts
// that follow from them, found once per call of Search, Enumerate, Race,
// Count, Maximize, Memory, EncodeContext or Check and handed down: to the
// encoding, the solver loop and the check of every answer, which ask
// nothing again.
type setup struct {
	p   Problem
	set Settings // the defaults filled in (Settings.orDefaults)
	// bg is the plane the box lies on: the Background, the strobe of a
	// B0 rule, or nil for the empty plane of a rule without B0.
	bg *life.Background
	// flips is Settings.Diversify with Auto resolved for p, and solver
	// the solver to run, seeded and configured as it says (nil for the
	// embedded default).
	flips  Diversify
	solver logic.Solver
}

// newSetup validates p under the rule of s and resolves s once: the
// defaults, the plane, the diversification and the solver.
func newSetup(p Problem, s *Settings) (*setup, error) {
	set := s.orDefaults()
	bg, err := p.validateUnder(set.Rule)
	if err != nil {
		return nil, err
	}
	su := &setup{p: p, set: set, bg: bg}
	su.flips, su.solver = set.diversify(p)
	return su, nil
}
