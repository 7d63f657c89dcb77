package lifesat

import (
	"fmt"
	"image"

	"github.com/lifesat/lifesat/lifesat/life"
	"github.com/lifesat/lifesat/lifesat/rule"
)

// RuleRange is the range of rules of r's range in which pat solves p, as
// a partial rule: the transitions r fixes, the free ones pat's evolution
// uses (on or off as it needs them, with their whole class: see
// Settings.Rule), and the others still free. Its Min and Max are the
// least and the most transitions on. It is found by re-simulating pat
// where the search states the rule (as Check does), and fails when pat
// needs a transition that r fixes otherwise, or one class both on and
// off. A rule that is not partial is its own range when pat follows it.
func (p Problem) RuleRange(pat *Pattern, r rule.Rule) (rule.Rule, error) {
	if r.IsZero() {
		r = rule.Life
	}
	per := p.gens()
	if len(pat.Phases) != per {
		return rule.Rule{}, fmt.Errorf("lifesat: pattern has %d phases, want %d", len(pat.Phases), per)
	}
	free := p.freeCells()
	bg := p.Background
	if bg == nil && !r.Free(0) {
		bg, _ = life.Vacuum(r) // an error leaves the dead plane, which the rule then fails
	}
	rng := r
	if bg == nil && r.Free(0) {
		// Searched on the dead plane: B0 would fill it, so the range
		// holds only rules without B0, whether or not the answer's
		// cells use the transition.
		rng = rng.Fix(0, false)
	}
	for t := range per {
		if t+1 == per && p.transient() {
			break
		}
		area := p.stepArea(t)
		cur := p.planeOf(pat, bg, t, area.Inset(-1))
		next := p.planeOf(pat, bg, t+1, area)
		for y := area.Min.Y; y < area.Max.Y; y++ {
			for x := area.Min.X; x < area.Max.X; x++ {
				if free != nil && free[t][image.Pt(x, y)] {
					continue
				}
				n := cur.Neighbourhood(x-area.Min.X+1, y-area.Min.Y+1, life.Dead)
				nx := next.Alive(x-area.Min.X, y-area.Min.Y)
				switch {
				case rng.Free(n):
					rng = rng.Fix(n, nx)
				case rng.Transition(n) == nx:
				case !r.Free(n):
					return rule.Rule{}, fmt.Errorf("lifesat: cell (%d,%d) of generation %d does not follow the rule %v", x, y, t, r)
				default:
					return rule.Rule{}, fmt.Errorf("lifesat: no rule of %v: the pattern needs one transition class both on and off", r)
				}
			}
		}
	}
	return rng, nil
}

// ruleRange is the range of rules pat works in, checked against the
// transitions of the model it was decoded from: the model's rule must lie
// in that range.
func (in *Instance) ruleRange(pat *Pattern, model []bool) (rule.Rule, error) {
	rng, err := in.Problem.RuleRange(pat, in.Rule)
	if err != nil {
		return rule.Rule{}, err
	}
	for n := range rule.Neighbourhood(512) {
		if !rng.Free(n) && in.Transition(n).Value(model) != rng.Transition(n) {
			return rule.Rule{}, fmt.Errorf("lifesat: internal error: the model's transition %d is not the one its pattern needs", n)
		}
	}
	return rng, nil
}
