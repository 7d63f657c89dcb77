package gophersat

import "math/rand/v2"

// lifesat: not in gophersat v1.4.0. Upstream restarts in one way only,
// glucose's (restart when the recent learned clauses are worse than the
// average), and decides the phase a variable had when it was last
// unassigned. That is strong at proving problems empty and weak at
// finding the answer of a satisfiable one: it restarts so often that the
// search never stays near a good partial assignment. Modern solvers
// (CaDiCaL, Kissat) alternate two modes, and this file adds them:
//
//   - focused: upstream's glucose restarts and saved phases;
//   - stable: restarts on a Luby schedule (stableUnit conflicts times
//     1, 1, 2, 1, 1, 2, 4, ...), and decisions take the "target"
//     phase, the value the variable had in the longest conflict-free
//     prefix of the trail seen since the last rephase (Biere and
//     Fleury, "Chasing Target Phases", 2020).
//
// The first focused mode lasts modeFirst conflicts, or one per variable
// when there are more variables (Kissat measures its modes in propagation
// work, which grows with the formula); then the modes alternate, each
// twice as long as the one before. Large easy problems, such as a flipped
// 128x128 still life (17k variables, 5k-11k conflicts), are so solved in
// the focused mode, where they were found fastest: the stable mode took
// them 20k-26k conflicts on two seeds of three.
//
// Every rephaseUnit*k conflicts (k = 1, 2, ...) the saved phases are
// reset, as CaDiCaL resets them (without its local search): in the
// stable mode to the original phase (false), the inverted one (true),
// then the best assignment seen (the longest conflict-free prefix of the
// trail), the original, the best, the inverted, and again from the best;
// in the focused mode to the flipped saved phases, then random phases,
// the best, the flipped, the best, and again from the random. The target
// is forgotten. A rephase waits for the next restart, as CaDiCaL's
// backtracks to the root first: a variable assigned when its saved phase
// is reset saves its value again when it is unassigned.
//
// For the first lightUntil conflicts the rephases are light: they are
// applied at the conflict, in the middle of the search, so they reach
// only the variables unassigned at that moment, and the search keeps most
// of its phases (the best, original, best, inverted phases in turn; this
// copy's only rephase until 2026-11). Small searches are found sooner
// that way and large ones need the full rephases. Conflicts to the
// answer over seeds 1-12 (README, "gophersat's rephases"): the exact
// period-3 oscillator in 8x8 took a median of 27k with light rephases
// only (seeds 1-10), 83k with full ones from the start and 31.5k with
// both in turn; in 16x16 light rephases only found nothing in 1-3M
// conflicts (seeds 1-6), full ones from the start 11 answers of 12
// within 800k (median 234k), both in turn 8 of 12 (691k).

const (
	modeFirst   = 5_000   // conflicts of the first focused mode, at least
	stableUnit  = 1_024   // conflicts of a unit of the stable Luby schedule
	rephaseUnit = 1_000   // conflicts between rephases, times their number
	lightUntil  = 100_000 // conflicts during which rephases are light
)

// Stabilize turns the two modes on; call it before the first Solve. They
// are off by default: they find the answers of hard satisfiable problems
// sooner, but they slow down proofs that a problem is empty (lifesat's
// maximum-density ladder with gophersat, whose last question is such a
// proof, took 21 s instead of 9 s on 9x9). Optimization problems (with
// a cost to minimize) keep upstream's single mode.
func (s *Solver) Stabilize() {
	if len(s.minLits) == 0 {
		s.phases.init(s.nbVars, s.seed)
	}
}

// phases is the state of the two modes.
type phases struct {
	on               bool // the modes are in use (set by Stabilize)
	stable           bool // in stable mode
	switchAt         int  // conflicts at which the mode next changes
	modeLen          int  // conflicts the current mode lasts
	restartAt        int  // stable: conflicts at which the next restart comes
	nbStableRestarts uint

	target         []int8 // 1 true, -1 false, 0 unknown
	targetAssigned int
	best           []int8
	bestAssigned   int

	rephaseAt int        // conflicts at which the next rephase is due
	rephasing bool       // a rephase is due: restart, then rephase
	nbLight   int        // light rephases so far
	nbMode    [2]int     // full rephases so far in the focused, stable mode
	rng       *rand.Rand // for the random phases
}

func (p *phases) init(nbVars int, seed uint64) {
	p.on = true
	first := max(modeFirst, nbVars)
	p.switchAt = first
	p.modeLen = first
	p.target = make([]int8, nbVars)
	p.best = make([]int8, nbVars)
	p.rephaseAt = rephaseUnit
	p.rng = rand.New(rand.NewPCG(seed, 0x7068617365)) // "phase"
}

// grow makes room for new variables.
func (p *phases) grow(nbVars int) {
	for len(p.target) < nbVars {
		p.target = append(p.target, 0)
		p.best = append(p.best, 0)
	}
}

// atConflict measures the conflict-free prefix of the trail (the
// assignments made below the conflict's level lvl); when it is the
// longest since the last rephase, the current assignment becomes the
// target (in stable mode), and when it is the longest ever, the best
// (CaDiCaL copies the whole assignment too). Then it rephases (a light
// rephase) or asks for one (a full rephase) and switches modes when their
// time has come. It is called at every conflict, before learning, and
// first publishes the conflict count for Conflicts.
func (s *Solver) atConflict(lvl decLevel) {
	s.conflicts.Store(int64(s.Stats.NbConflicts))
	p := &s.phases
	if !p.on {
		return
	}
	n := len(s.trail)
	for n > 0 && abs(s.model[s.trail[n-1].Var()]) >= lvl {
		n--
	}
	if p.stable && n > p.targetAssigned {
		s.copyPhases(p.target)
		p.targetAssigned = n
	}
	if n > p.bestAssigned {
		s.copyPhases(p.best)
		p.bestAssigned = n
	}
	c := s.Stats.NbConflicts
	if c >= p.rephaseAt {
		if c < lightUntil {
			s.rephase(true)
		} else {
			p.rephasing = true
		}
	}
	if c >= p.switchAt {
		p.stable = !p.stable
		p.modeLen *= 2
		p.switchAt = c + p.modeLen
		p.nbStableRestarts = 0
		p.restartAt = c + stableUnit
		s.lbdStats.clear()
	}
}

// copyPhases copies the current assignment to dst, 0 for unassigned.
func (s *Solver) copyPhases(dst []int8) {
	for v, m := range s.model {
		switch {
		case m > 0:
			dst[v] = 1
		case m < 0:
			dst[v] = -1
		default:
			dst[v] = 0
		}
	}
}

// restart unassigns every decision, then rephases when a rephase is
// due, so that no assigned variable saves its value over the new phase.
func (s *Solver) restart() {
	s.lbdStats.clear()
	s.cleanupBindings(1)
	if s.phases.rephasing {
		s.rephase(false)
	}
}

// The kinds of rephase.
const (
	phaseOriginal = iota
	phaseInverted
	phaseFlipped
	phaseRandom
	phaseBest
)

// bestOriginalBestInverted is the cycle of the light rephases and of the
// stable mode's full ones after their first two.
var bestOriginalBestInverted = [4]int{phaseBest, phaseOriginal, phaseBest, phaseInverted}

// lightKind is the kind of the k-th light rephase (from 0): best,
// original, best, inverted, and again.
func lightKind(k int) int {
	return bestOriginalBestInverted[k%4]
}

// rephaseKind is the kind of the k-th full rephase (from 0) of a mode, by
// CaDiCaL's schedules: original, inverted, (best, original, best,
// inverted)... when stable; flipped, (random, best, flipped, best)...
// when focused.
func rephaseKind(stable bool, k int) int {
	if stable {
		if k < 2 {
			return [2]int{phaseOriginal, phaseInverted}[k]
		}
		return bestOriginalBestInverted[(k-2)%4]
	}
	if k == 0 {
		return phaseFlipped
	}
	return [4]int{phaseRandom, phaseBest, phaseFlipped, phaseBest}[(k-1)%4]
}

// rephase resets the saved phases, by the light schedule or the current
// mode's one, and forgets the target.
func (s *Solver) rephase(light bool) {
	p := &s.phases
	var kind int
	if light {
		kind = lightKind(p.nbLight)
		p.nbLight++
	} else {
		p.rephasing = false
		mode := 0
		if p.stable {
			mode = 1
		}
		kind = rephaseKind(p.stable, p.nbMode[mode])
		p.nbMode[mode]++
	}
	done := p.nbLight + p.nbMode[0] + p.nbMode[1] // rephases so far, this one included
	p.rephaseAt = s.Stats.NbConflicts + rephaseUnit*(done+1)
	for v := range s.polarity {
		switch kind {
		case phaseOriginal:
			s.polarity[v] = false
		case phaseInverted:
			s.polarity[v] = true
		case phaseFlipped:
			s.polarity[v] = !s.polarity[v]
		case phaseRandom:
			s.polarity[v] = p.rng.IntN(2) == 0
		case phaseBest:
			if b := p.best[v]; b != 0 {
				s.polarity[v] = b > 0
			}
		}
	}
	if kind == phaseBest {
		p.bestAssigned = 0
	}
	for v := range p.target {
		p.target[v] = 0
	}
	p.targetAssigned = 0
}

// mustRestart tells whether to restart now: when a rephase is due, else
// by the current mode's rule.
func (s *Solver) mustRestart() bool {
	p := &s.phases
	if p.rephasing {
		return true
	}
	if !p.stable {
		return s.lbdStats.mustRestart()
	}
	if s.Stats.NbConflicts < p.restartAt {
		return false
	}
	// The whole trail is consistent here: it may be the longest yet.
	if n := len(s.trail); n > p.targetAssigned {
		s.copyPhases(p.target)
		p.targetAssigned = n
	}
	p.nbStableRestarts++
	p.restartAt = s.Stats.NbConflicts + stableUnit*int(luby(p.nbStableRestarts+1))
	return true
}

// phase is the value to try first for v: the target phase in stable
// mode when there is one, else the saved phase.
func (s *Solver) phase(v Var) bool {
	if p := &s.phases; p.stable {
		if t := p.target[v]; t != 0 {
			return t > 0
		}
	}
	return s.polarity[v]
}
