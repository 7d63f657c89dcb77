package lifesat

import (
	"fmt"
	"time"

	"github.com/lifesat/lifesat/lifesat/life"
)

// A Phase says what long work was doing when it reported its Progress.
type Phase uint8

const (
	// PhaseEncoded: the formula is built; Vars and Clauses give its
	// size, Elapsed the time the encoding took.
	PhaseEncoded Phase = iota + 1
	// PhaseLoading: the formula is being loaded into the solver, for
	// Elapsed so far.
	PhaseLoading
	// PhaseSearching: the solver runs, for Elapsed so far; Conflicts and
	// Found say what it has done.
	PhaseSearching
	// PhaseImproved: an optimization found a better pattern, of Best
	// live cells, Elapsed after it began.
	PhaseImproved
	// PhaseRows: a row program (no solver) placed Row of Rows rows and
	// keeps States pairs of rows.
	PhaseRows
	// PhasePass: the wastage program (package density) moved on: Detail
	// names its step; Best and Bound are the best population found and the
	// least upper bound proved so far.
	PhasePass
)

var phaseNames = [...]string{"", "encoded", "loading", "searching", "improved", "rows", "pass"}

// String names the phase: "encoded", "loading", "searching", "improved",
// "rows" or "pass".
func (ph Phase) String() string {
	if int(ph) < len(phaseNames) && ph != 0 {
		return phaseNames[ph]
	}
	return fmt.Sprintf("phase(%d)", uint8(ph))
}

// MarshalText writes the phase's name, so that a Progress travels as JSON
// between processes.
func (ph Phase) MarshalText() ([]byte, error) {
	if ph == 0 || int(ph) >= len(phaseNames) {
		return nil, fmt.Errorf("lifesat: no phase %d", uint8(ph))
	}
	return []byte(ph.String()), nil
}

// UnmarshalText reads a phase's name.
func (ph *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if i > 0 && n == string(b) {
			*ph = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("lifesat: unknown phase %q", b)
}

// Progress is one report of long work (Settings.Progress): what is done,
// and how far it has come. Which fields apply depends on the Phase, as
// its constants say; the others are zero. String writes it as the
// command's -v prints it.
type Progress struct {
	Phase Phase
	// What names the work: the problem (Problem.String) or, for a
	// predecessor search, what it looks for.
	What string
	// Raced is true in the reports of a race's member, numbered Member
	// (from 0, as Race numbers them).
	Raced  bool `json:",omitempty"`
	Member int  `json:",omitempty"`
	// Elapsed is how long the phase's work has run.
	Elapsed time.Duration
	// Vars and Clauses are the formula's size (PhaseEncoded).
	Vars, Clauses int `json:",omitempty"`
	// Conflicts are the conflicts the solver's sessions have met so far,
	// or -1 when they do not count them (PhaseSearching; see
	// logic.ConflictCounter).
	Conflicts int64 `json:",omitempty"`
	// Found is the number of patterns found so far (PhaseSearching).
	Found int `json:",omitempty"`
	// Cells and Known are generation 0 as the solver sees it at the
	// moment (PhaseSearching, with Settings.ProgressCells, when the
	// session can show it: logic.Peeker): the cells alive in Known are
	// decided, alive or dead as in Cells; the others are not yet. Both
	// are the problem's size, or nil. lifeplot.Partial draws them. They
	// do not travel as JSON.
	Cells, Known *life.Board `json:"-"`
	// Best is the best value found so far and Bound the least upper bound
	// proved, in live cells (PhaseImproved, PhasePass).
	Best, Bound int `json:",omitempty"`
	// Row, Rows and States are a row program's place (PhaseRows).
	Row, Rows, States int `json:",omitempty"`
	// Detail is a row program's own words for its step (PhasePass).
	Detail string `json:",omitempty"`
}

// String writes the report as a line: "oscillator p3 16x16: searching
// for 20s, 523114 conflicts (26155 a second)", prefixed "member K: " in a
// race.
func (p Progress) String() string {
	var s string
	switch p.Phase {
	case PhaseEncoded:
		s = fmt.Sprintf("%s: %d variables, %d clauses, encoded in %v", p.What, p.Vars, p.Clauses, p.Elapsed.Round(time.Millisecond))
	case PhaseLoading:
		s = fmt.Sprintf("%s: loading the formula into the solver for %v", p.What, p.Elapsed.Round(time.Second))
	case PhaseSearching:
		s = fmt.Sprintf("%s: searching for %v", p.What, p.Elapsed.Round(time.Second))
		if p.Conflicts >= 0 {
			rate := 0.0
			if p.Elapsed > 0 {
				rate = float64(p.Conflicts) / p.Elapsed.Seconds()
			}
			s += fmt.Sprintf(", %d conflicts (%.0f a second)", p.Conflicts, rate)
		}
		if p.Found > 0 {
			s += fmt.Sprintf(", %d found", p.Found)
		}
	case PhaseImproved:
		s = fmt.Sprintf("%s: found %d live cells after %v", p.What, p.Best, p.Elapsed.Round(time.Millisecond))
	case PhaseRows:
		s = fmt.Sprintf("%s: row %d of %d: %d pairs of rows", p.What, p.Row, p.Rows, p.States)
	case PhasePass:
		s = fmt.Sprintf("%s: %s: best %d, bound %d", p.What, p.Detail, p.Best, p.Bound)
	default:
		s = fmt.Sprintf("%s: %v", p.What, p.Phase)
	}
	if p.Raced {
		s = fmt.Sprintf("member %d: %s", p.Member, s)
	}
	return s
}

// DefaultProgressEvery is how often a running solver's work is reported
// when Settings.ProgressEvery is 0.
const DefaultProgressEvery = 10 * time.Second
