package gophersat

import (
	"math/rand/v2"
	"sync/atomic"
)

const (
	initNbMaxClauses  = 2_000 // Maximum # of learned clauses, at first.
	incrNbMaxClauses  = 300   // By how much # of learned clauses is incremented at each conflict.
	incrPostponeNbMax = 1_000 // By how much # of learned is increased when lots of good clauses are currently learned.
	clauseDecay       = 0.999 // By how much clauses bumping decays over time.
	defaultVarDecay   = 0.8   // On each var decay, how much the varInc should be decayed at startup
)

// Stats are statistics about the resolution of the problem.
// They are provided for information purpose only.
type Stats struct {
	NbRestarts      int
	NbConflicts     int
	NbDecisions     int
	NbUnitLearned   int // How many unit clauses were learned
	NbBinaryLearned int // How many binary clauses were learned
	NbLearned       int // How many clauses were learned
	NbDeleted       int // How many clauses were deleted
}

// The level a decision was made.
// A negative value means "negative assignement at that level".
// A positive value means "positive assignment at that level".
type decLevel int

// A Model is a binding for several variables.
// It can be totally bound (i.e all vars have a true or false binding)
// or only partially (i.e some vars have no binding yet or their binding has no impact).
// Each var, in order, is associated with a binding. Binding are implemented as
// decision levels:
// - a 0 value means the variable is free,
// - a positive value means the variable was set to true at the given decLevel,
// - a negative value means the variable was set to false at the given decLevel.
type Model []decLevel

// A Solver solves a given problem. It is the main data structure.
type Solver struct {
	nbVars    int
	status    Status
	wl        watcherList
	trail     []Lit     // Current assignment stack
	model     Model     // 0 means unbound, other value is a binding
	lastModel Model     // Placeholder for last model found, useful when looking for several models
	activity  []float64 // How often each var is involved in conflicts
	polarity  []bool    // Preferred sign for each var
	// lifesat: the assumptions (see Assume), how many of them are
	// known true, the level under which they stay so, and whether the
	// last search found them contradictory.
	assumptions    []Lit
	nextAssumption int
	assumedLvl     decLevel
	failed         bool
	// For each var, clause considered when it was unified
	// If the var is not bound yet, or if it was bound by a decision, value is nil.
	reason      []*Clause
	varQueue    queue
	varInc      float64 // On each var bump, how big the increment should be
	clauseInc   float32 // On each var bump, how big the increment should be
	lbdStats    lbdStats
	Stats       Stats       // Statistics about the solving process.
	minLits     []Lit       // Lits to minimize if the problem was an optimization problem.
	minWeights  []int       // Weight of each lit to minimize if the problem was an optimization problem.
	bufLits     []Lit       // lifesat: buffer for lits in learnClause (a package variable upstream)
	met, metLvl []bool      // lifesat: marks of learnClause (allocated at every conflict upstream)
	metVars     []Var       // lifesat: the variables marked in met and metLvl
	stop        atomic.Bool // lifesat: set by Interrupt
	phases      phases      // lifesat: focused and stable modes (modes.go)
	varDecay    float64     // On each var decay, how much the varInc should be decayed
	seed        uint64      // lifesat: the seed given to Seed
	trailBuf    []int       // A buffer while cleaning bindings

	conflicts atomic.Int64 // lifesat: Stats.NbConflicts, for Conflicts
	peek      peeks        // lifesat: Peek's requests (peek.go)

	// lifesat: the proof (proof.go), nil without one; in LRAT, the id of
	// a unit clause for each variable of the top level that has one, and
	// the marks, list and stack of Solver.hints.
	proof     *Proof
	unitID    []int64
	hintMark  []uint8
	hintVars  []Var
	hintStack []hintFrame
}

// New makes a solver, given a number of variables and a set of clauses.
// nbVars should be consistent with the content of clauses, i.e.
// the biggest variable in clauses should be >= nbVars.
func New(problem *Problem) *Solver {
	if problem.Status == Unsat {
		return &Solver{status: Unsat}
	}
	nbVars := problem.NbVars

	trailCap := nbVars
	if len(problem.Units) > trailCap {
		trailCap = len(problem.Units)
	}

	s := &Solver{
		nbVars:     nbVars,
		status:     problem.Status,
		trail:      make([]Lit, len(problem.Units), trailCap),
		model:      problem.Model,
		activity:   make([]float64, nbVars),
		polarity:   make([]bool, nbVars),
		reason:     make([]*Clause, nbVars),
		varInc:     1.0,
		clauseInc:  1.0,
		minLits:    problem.minLits,
		minWeights: problem.minWeights,
		varDecay:   defaultVarDecay,
		trailBuf:   make([]int, nbVars),
	}
	if p := problem.proof; p != nil { // lifesat
		s.proof = p
		if p.lrat {
			s.unitID = problem.unitID
			s.hintMark = make([]uint8, nbVars)
		}
	}
	s.resetOptimPolarity()
	s.initOptimActivity()
	s.initWatcherList(problem.Clauses)
	s.varQueue = newQueue(s.activity)
	for i, lit := range problem.Units {
		if lit.IsPositive() {
			s.model[lit.Var()] = 1
		} else {
			s.model[lit.Var()] = -1
		}
		s.trail[i] = lit
	}
	return s
}

// newVar is used to indicate a new variable must be added to the solver.
// This can be used when new clauses are appended and these clauses contain vars that were unseen so far.
// If the var already existed, nothing will happen.
func (s *Solver) newVar(v Var) {
	if cnfVar := int(v.Int()); cnfVar > s.nbVars {
		// If the var already existed, do nothing
		for i := s.nbVars; i < cnfVar; i++ {
			s.model = append(s.model, 0)
			s.activity = append(s.activity, 0.)
			s.polarity = append(s.polarity, false)
			s.reason = append(s.reason, nil)
			s.trailBuf = append(s.trailBuf, 0)
		}
		s.varQueue = newQueue(s.activity)
		s.phases.grow(cnfVar) // lifesat
		if s.unitID != nil {  // lifesat
			s.unitID = append(s.unitID, make([]int64, cnfVar-len(s.unitID))...)
			s.hintMark = append(s.hintMark, make([]uint8, cnfVar-len(s.hintMark))...)
		}
		s.addVarWatcherList(v)
		s.nbVars = cnfVar
	}
}

// sets initial activity for optimization variables, if any.
func (s *Solver) initOptimActivity() {
	for i, lit := range s.minLits {
		w := 1
		if s.minWeights != nil {
			w = s.minWeights[i]
		}
		s.activity[lit.Var()] += float64(w)
	}
}

// resets polarity of optimization lits so that they are negated by default.
func (s *Solver) resetOptimPolarity() {
	if s.minLits != nil {
		for _, lit := range s.minLits {
			s.polarity[lit.Var()] = !lit.IsPositive() // Try to make lits from the optimization clause false
		}
	}
}

// litStatus returns whether the literal is made true (Sat) or false (Unsat) by the
// current bindings, or if it is unbounded (Indet).
func (s *Solver) litStatus(l Lit) Status {
	assign := s.model[l.Var()]
	if assign == 0 {
		return Indet
	}
	if assign > 0 == l.IsPositive() {
		return Sat
	}
	return Unsat
}

func (s *Solver) varDecayActivity() {
	s.varInc *= 1 / s.varDecay
}

func (s *Solver) varBumpActivity(v Var) {
	// fmt.Printf("bumping var %d\n", v.Int())
	s.activity[v] += s.varInc
	if s.activity[v] > 1e100 { // Rescaling is needed to avoid overflowing
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	if s.varQueue.contains(int(v)) {
		s.varQueue.decrease(int(v))
	}
}

// Decays each clause's activity
func (s *Solver) clauseDecayActivity() {
	s.clauseInc *= 1 / clauseDecay
}

// Bumps the given clause's activity.
func (s *Solver) clauseBumpActivity(c *Clause) {
	if c.Learned() {
		c.activity += s.clauseInc
		if c.activity > 1e30 { // Rescale to avoid overflow
			for _, c2 := range s.wl.learned {
				c2.activity *= 1e-30
			}
			s.clauseInc *= 1e-30
		}
	}
}

// Chooses an unbound literal to be tested, or -1
// if all the variables are already bound.
func (s *Solver) chooseLit() Lit {
	v := Var(-1)
	for v == -1 && !s.varQueue.empty() {
		if v2 := Var(s.varQueue.removeMin()); s.model[v2] == 0 { // Ignore already bound vars
			v = v2
		}
	}
	if v == -1 {
		return Lit(-1)
	}
	s.Stats.NbDecisions++
	return v.SignedLit(!s.phase(v)) // lifesat: upstream s.polarity[v]
}

type number interface {
	int | int32 | decLevel
}

func abs[T number](val T) T {
	if val < 0 {
		return -val
	}
	return val
}

// Reinitializes bindings (both model & reason) for all variables bound at a decLevel >= lvl.
// TODO: check this method as it has a weird behavior regarding performance.
// TODO: clean-up commented-out code and understand underlying performance pattern.
func (s *Solver) cleanupBindings(lvl decLevel) {
	// lifesat: upstream scanned the trail from its start; its levels
	// never decrease (every unit goes to level 1 after cleanupBindings(1)),
	// so the bindings to undo are found from its end.
	i := len(s.trail)
	for i > 0 && abs(s.model[s.trail[i-1].Var()]) > lvl {
		i--
	}
	if lvl < s.assumedLvl { // lifesat: assumptions may be unassigned (decide)
		s.nextAssumption, s.assumedLvl = 0, 0
	}
	/*
		for j := len(s.trail) - 1; j >= i; j-- {
				lit2 := s.trail[j]
				v := lit2.Var()
				s.model[v] = 0
				if s.reason[v] != nil {
					s.reason[v].unlock()
					s.reason[v] = nil
				}
				s.polarity[v] = lit2.IsPositive()
				if !s.varQueue.contains(int(v)) {
					s.varQueue.insert(int(v))
				}
			}
			s.trail = s.trail[:i]
	*/
	toInsert := s.trailBuf[:0] // make([]int, 0, len(s.trail)-i)
	for j := i; j < len(s.trail); j++ {
		lit2 := s.trail[j]
		v := lit2.Var()
		s.model[v] = 0
		if s.reason[v] != nil {
			s.reason[v].unlock()
			s.reason[v] = nil
		}
		s.polarity[v] = lit2.IsPositive()
		if !s.varQueue.contains(int(v)) {
			toInsert = append(toInsert, int(v))
			s.varQueue.insert(int(v))
		}
	}
	s.trail = s.trail[:i]
	// lifesat, left as upstream on purpose: every variable in toInsert
	// was inserted above and is inserted again here, so the heap holds
	// it twice until the next restart rebuilds the heap, and a stale copy
	// can break the heap order, which adds noise to the decisions.
	// Inserting each variable once made lifesat's oscillator searches
	// slower (doc.go), so the double insertion stays.
	for i := len(toInsert) - 1; i >= 0; i-- {
		s.varQueue.insert(toInsert[i])
	}
	/*for i := len(s.trail) - 1; i >= 0; i-- {
		lit := s.trail[i]
		v := lit.Var()
		if abs(s.model[v]) <= lvl { // All lits in trail before here must keep their status.
			s.trail = s.trail[:i+1]
			break
		}
		s.model[v] = 0
		if s.reason[v] != nil {
			s.reason[v].unlock()
			s.reason[v] = nil
		}
		s.polarity[v] = lit.IsPositive()
		if !s.varQueue.contains(int(v)) {
			s.varQueue.insert(int(v))
		}
	}*/
	s.resetOptimPolarity()
}

// Given the last learnt clause and the levels at which vars were bound,
// Returns the level to bt to and the literal to bind
func backtrackData(c *Clause, model []decLevel) (btLevel decLevel, lit Lit) {
	btLevel = abs(model[c.Get(1).Var()])
	return btLevel, c.Get(0)
}

func (s *Solver) rebuildOrderHeap() {
	// lifesat: upstream's make([]int, s.nbVars) puts variable 0 in the
	// heap nbVars more times; the modes leave those copies out, upstream's
	// single mode keeps them (doc.go).
	zeros := s.nbVars
	if s.phases.on {
		zeros = 0
	}
	ints := make([]int, zeros, zeros+s.nbVars)
	for v := 0; v < s.nbVars; v++ {
		if s.model[v] == 0 {
			ints = append(ints, int(v))
		}
	}
	s.varQueue.build(ints)
}

// propagate binds the given lit, propagates it and searches for a solution,
// until it is found or a restart is needed.
func (s *Solver) propagateAndSearch(lit Lit, lvl decLevel) Status {
	for lit != -1 {
		// log.Printf("picked %d at lvl %d", lit.Int(), lvl)
		if conflict := s.unifyLiteral(lit, lvl); conflict == nil { // Pick new branch or restart
			if s.mustRestart() { // lifesat: upstream s.lbdStats.mustRestart()
				s.restart() // lifesat: upstream cleared lbdStats and cleaned up bindings here
				return Indet
			}
			if s.Stats.NbConflicts >= s.wl.idxReduce*s.wl.nbMax {
				s.wl.idxReduce = s.Stats.NbConflicts/s.wl.nbMax + 1
				s.reduceLearned()
				s.bumpNbMax()
			}
			lvl++
			var ok bool
			if lit, ok = s.decide(lvl); !ok { // lifesat: upstream s.chooseLit()
				return s.failAssumptions()
			}
		} else { // Deal with conflict
			if s.stop.Load() { // lifesat: stop as a restart would
				s.cleanupBindings(1)
				return Indet
			}
			s.Stats.NbConflicts++
			s.atConflict(lvl) // lifesat
			if s.Stats.NbConflicts%5_000 == 0 && s.varDecay < 0.95 {
				s.varDecay += 0.01
			}
			s.lbdStats.addConflict(len(s.trail))
			if lvl == 1 { // lifesat: see below
				return s.setUnsat(conflict)
			}
			learnt, unit := s.learnClause(conflict, lvl)
			if s.proof != nil { // lifesat
				s.proveLearned(conflict, learnt, unit)
			}
			if learnt == nil { // Unit clause was learned: this lit is known for sure
				if unit == -1 || (abs(s.model[unit.Var()]) == 1 && s.litStatus(unit) == Unsat) { // Top-level conflict
					// lifesat: a conflict at the top level (after a
					// backjump there) learned a unit that is false
					// there; the problem is Unsat. It is so handled
					// above, without learning: the empty clause follows
					// from the conflict at once.
					return s.setUnsat(nil)
				}
				s.Stats.NbUnitLearned++
				s.lbdStats.addLbd(1)
				s.cleanupBindings(1)
				s.addLearnedUnit(unit)
				s.model[unit.Var()] = lvlToSignedLvl(unit, 1)
				if conflict = s.unifyLiteral(unit, 1); conflict != nil { // top-level conflict
					return s.setUnsat(conflict)
				}
				s.rebuildOrderHeap()
				lvl = 2
				var ok bool
				if lit, ok = s.decide(lvl); !ok { // lifesat: upstream s.chooseLit()
					return s.failAssumptions()
				}
			} else {
				if learnt.Len() == 2 {
					s.Stats.NbBinaryLearned++
				}
				s.Stats.NbLearned++
				s.lbdStats.addLbd(learnt.lbd())
				s.addLearned(learnt)
				lvl, lit = backtrackData(learnt, s.model)
				s.cleanupBindings(lvl)
				s.reason[lit.Var()] = learnt
				learnt.lock()
			}
		}
	}
	return Sat
}

// Seed gives every variable a random initial activity far below one
// conflict's bump, so that the first decisions, which upstream takes in a
// fixed order, differ from seed to seed (minisat's rnd_init_act); the
// saved phases stay false. The seed also draws the random phases of the
// modes' rephases (modes.go). Seed 0 changes no activity. Call it before
// Stabilize and the first Solve. (lifesat: not in gophersat v1.4.0.)
func (s *Solver) Seed(seed uint64) {
	s.seed = seed
	if seed == 0 {
		return
	}
	rng := rand.New(rand.NewPCG(seed, 0x676f7068657273)) // "gophers"
	for i := range s.activity {
		s.activity[i] += 1e-6 * rng.Float64()
	}
	s.varQueue = newQueue(s.activity)
}

// Interrupt makes a running Solve return Indet at its next conflict, and
// every later Solve return Indet at once. It may be called from any
// goroutine. (lifesat: not in gophersat v1.4.0.)
func (s *Solver) Interrupt() { s.stop.Store(true) }

// Conflicts is the number of conflicts the solver has met so far
// (Stats.NbConflicts), which may be read from any goroutine while Solve
// runs. (lifesat: not in gophersat v1.4.0.)
func (s *Solver) Conflicts() int64 { return s.conflicts.Load() }

// Sets the status to unsat and do cleanup tasks.
// lifesat: confl is the clause the top level falsifies, from which the
// proof's empty clause follows (refute); upstream printed the empty clause
// of its certificate.
func (s *Solver) setUnsat(confl *Clause) Status {
	if s.proof != nil {
		s.refute(confl)
	}
	s.status = Unsat
	return Unsat
}

// Searches until a restart is needed.
func (s *Solver) search() Status {
	lvl := decLevel(2)       // Level starts at 2, for implementation reasons : 1 is for top-level bindings; 0 means "no level assigned yet"
	lit, ok := s.decide(lvl) // lifesat: upstream s.chooseLit()
	if !ok {
		s.status = s.failAssumptions()
		return s.status
	}
	s.status = s.propagateAndSearch(lit, lvl)
	return s.status
}

// Solve solves the problem associated with the solver and returns the appropriate status.
func (s *Solver) Solve() Status {
	s.beginPeeks() // lifesat
	defer s.endPeeks()
	if s.status == Unsat {
		return s.status
	}
	s.status = Indet
	s.cleanupBindings(1) // lifesat: upstream kept the last model's assignment
	//s.lbdStats.clear()
	for s.status == Indet {
		if s.stop.Load() { // lifesat
			return Indet
		}
		s.search()
		if s.failed { // lifesat: unsatisfiable under the assumptions only
			s.failed = false
			s.status = Indet
			return Unsat
		}
		if s.status == Indet {
			s.Stats.NbRestarts++
			s.rebuildOrderHeap()
		}
	}
	if s.status == Sat {
		s.lastModel = make(Model, len(s.model))
		copy(s.lastModel, s.model)
	}
	return s.status
}

// Assume sets the literals that the following calls to Solve take as
// true, in place of those of the previous call to Assume; Assume(nil)
// drops them. Solve then decides them first, one a decision level, before
// any other variable, and returns Unsat when one of them turns out false:
// the problem has no model in which they all hold. Everything the solver
// knows stays: its top-level facts, the clauses it learned (which follow
// from the problem alone) and the clauses appended since. It returns
// Unsat when the problem itself is known to have no model, else Indet.
// (lifesat: upstream made the assumptions top-level facts after dropping
// every other one, the problem's units among them, and the clauses
// appended later were simplified against the assumptions as if they
// held for good.)
func (s *Solver) Assume(lits []Lit) Status {
	s.cleanupBindings(1)
	s.assumptions = append(s.assumptions[:0], lits...)
	for _, lit := range lits {
		s.newVar(lit.Var())
	}
	s.nextAssumption, s.assumedLvl = 0, 0
	if s.status != Unsat {
		s.status = Indet
	}
	return s.status
}

// decide returns the literal to decide at level lvl: the first assumption
// that is not true yet, or, once they all are, the literal chooseLit
// picks (-1 when every variable is assigned). It reports false when an
// assumption is false. (lifesat: not in gophersat v1.4.0.)
func (s *Solver) decide(lvl decLevel) (Lit, bool) {
	for s.nextAssumption < len(s.assumptions) {
		lit := s.assumptions[s.nextAssumption]
		switch s.litStatus(lit) {
		case Indet:
			s.Stats.NbDecisions++
			return lit, true
		case Unsat:
			return -1, false
		}
		// Every assumption before this one is true below lvl, until a
		// backjump to a level under lvl-1 (cleanupBindings).
		s.nextAssumption++
		s.assumedLvl = lvl - 1
	}
	if s.peek.wanted.Load() { // lifesat: see Peek; every assumption holds here
		s.answerPeek()
	}
	return s.chooseLit(), true
}

// failAssumptions ends a search whose assumptions cannot all hold: it
// unassigns every decision and marks the search failed, which Solve
// reports as Unsat without making it the problem's status.
// (lifesat: not in gophersat v1.4.0.)
func (s *Solver) failAssumptions() Status {
	s.cleanupBindings(1)
	s.failed = true
	return Unsat
}

func (s *Solver) propagateUnits(units []Lit) {
	for _, unit := range units {
		// lifesat: upstream assigned every unit, also one that the
		// propagation of the units before it had made true (it entered
		// the trail twice) or false (it was overwritten, and the
		// problem's models could break the appended constraint).
		switch s.litStatus(unit) {
		case Sat:
			continue
		case Unsat:
			s.status = Unsat
			return
		}
		s.lbdStats.addLbd(1)
		s.Stats.NbUnitLearned++
		s.cleanupBindings(1)
		s.model[unit.Var()] = lvlToSignedLvl(unit, 1)
		if s.unifyLiteral(unit, 1) != nil {
			s.status = Unsat
			return
		}
		s.rebuildOrderHeap()
	}
}

// AppendClause appends a new clause to the set of clauses.
// This is not a learned clause, but a clause that is part of the problem added afterwards (during model counting, for instance).
func (s *Solver) AppendClause(clause *Clause) {
	if s.proof != nil { // lifesat: see Proof
		switch {
		case clause.PseudoBoolean():
			s.proof.fail(ErrPB)
		case s.proof.lrat:
			s.proof.fail(ErrLRATAppend)
		}
	}
	s.cleanupBindings(1)
	card := clause.Cardinality()
	minW := 0
	maxW := 0
	i := 0
	for i < clause.Len() {
		lit := clause.Get(i)
		s.newVar(lit.Var())
		switch s.litStatus(lit) {
		case Sat:
			w := clause.Weight(i)
			minW += w
			maxW += w
			clause.removeLit(i)
			clause.updateCardinality(-w)
		case Unsat:
			clause.removeLit(i)
		default:
			maxW += clause.Weight(i)
			i++
		}
	}
	if minW >= card { // clause is already sat
		return
	}
	if maxW < card { // clause cannot be satisfied
		s.status = Unsat
		return
	}
	if maxW == card { // Unit
		s.propagateUnits(clause.lits)
	} else {
		s.appendClause(clause)
	}
}

// Model returns a slice that associates, to each variable, its binding.
// If s's status is not Sat, the method will panic.
func (s *Solver) Model() []bool {
	if s.lastModel == nil {
		panic("cannot call Model() from a non-Sat solver")
	}
	res := make([]bool, s.nbVars)
	for i, lvl := range s.lastModel {
		res[i] = lvl > 0
	}
	return res
}

// Minimize searches for a model of least cost, by the cost function of
// the problem (Problem.SetCostFunc): it solves, then appends the
// constraint that the cost be less than the model's and solves again,
// until no model is left. It returns the cost of the last model found
// (Model) and Sat when that model is optimal, or -1 and Unsat when the
// problem has no model, or, when Interrupt stopped it first, the cost of
// the last model found (-1 if none) and Indet. improved, when not nil, is
// called with the cost of each model found, from the solving goroutine.
// A problem without a cost function costs 0. (lifesat: upstream's
// Minimize returned the cost alone, panicked when the cost function had
// nil weights, and printed the costs with Verbose.)
func (s *Solver) Minimize(improved func(cost int)) (int, Status) {
	weights := s.minWeights
	if weights == nil {
		weights = make([]int, len(s.minLits))
		for i := range weights {
			weights[i] = 1
		}
	}
	maxCost := 0
	for _, w := range weights {
		maxCost += w
	}
	best := -1
	for {
		switch s.Solve() {
		case Unsat:
			if best < 0 {
				return -1, Unsat
			}
			return best, Sat
		case Indet:
			return best, Indet
		}
		cost := 0
		for i, lit := range s.minLits {
			if s.litStatus(lit) == Sat {
				cost += weights[i]
			}
		}
		best = cost
		if improved != nil {
			improved(cost)
		}
		if cost == 0 {
			return 0, Sat
		}
		// The cost is below the model's: at least maxCost-cost+1 weight
		// among the negated literals. NewPBClause sorts its arguments.
		lits := make([]Lit, len(s.minLits))
		for i, lit := range s.minLits {
			lits[i] = lit.Negation()
		}
		s.AppendClause(NewPBClause(lits, append([]int(nil), weights...), maxCost-cost+1))
		s.rebuildOrderHeap()
	}
}
