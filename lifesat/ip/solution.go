package ip

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// ErrSolution is wrapped by the errors of ReadCBC.
var ErrSolution = errors.New("ip: bad solution file")

// A Status is what a solver said of its search.
type Status uint8

const (
	// Optimal: the point is a best one, proved.
	Optimal Status = iota + 1
	// Infeasible: no point meets the constraints (a proof).
	Infeasible
	// Stopped: the solver stopped (a time or node limit) with a point,
	// not proved best.
	Stopped
	// NoPoint: the solver stopped before it found any point.
	NoPoint
)

// String names the status.
func (s Status) String() string {
	switch s {
	case Optimal:
		return "optimal"
	case Infeasible:
		return "infeasible"
	case Stopped:
		return "stopped"
	case NoPoint:
		return "stopped without a point"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// A Solution is what a MIP solver wrote about a model: its status, the
// objective value it reported, and its point (nil unless Status is
// Optimal or Stopped).
type Solution struct {
	Status    Status
	Objective float64
	Point     []bool
}

// maxSolutionLine bounds a line of a solution file.
const maxSolutionLine = 1 << 16

// ReadCBC reads the solution file that CBC writes for m's LP file with
// "cbc FILE.lp solve solu OUT" (CBC 2.10): a first line with the status
// and the objective, "Optimal - objective value 36.00000000" (or
// "Infeasible - ...", "Integer infeasible - ...", "Stopped on time -
// ...", "Stopped on time (no integer solution - continuous used) - ...",
// and the like for other limits), then a line a variable, "index name
// value reduced-cost", the name as WriteLP wrote it. A variable not
// listed is 0 (CBC may list only the non-zero ones). Every value of an
// integer point must be within 1e-6 of 0 or 1; the values after "no
// integer solution" are the linear relaxation's and are not read. Names
// the model does not have, duplicates and malformed lines are errors
// (wrapping ErrSolution) that give the line number.
func ReadCBC(r io.Reader, m *Model) (*Solution, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxSolutionLine)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrSolution, err)
		}
		return nil, fmt.Errorf("%w: empty", ErrSolution)
	}
	sol := &Solution{}
	head := sc.Text()
	i := strings.LastIndex(head, "objective value")
	if i < 0 {
		return nil, fmt.Errorf("%w: line 1: no \"objective value\" in %q", ErrSolution, head)
	}
	obj, err := strconv.ParseFloat(strings.TrimSpace(head[i+len("objective value"):]), 64)
	if err != nil || math.IsNaN(obj) || math.IsInf(obj, 0) {
		return nil, fmt.Errorf("%w: line 1: objective value in %q", ErrSolution, head)
	}
	sol.Objective = obj
	status := strings.TrimSpace(head[:i])
	switch {
	case strings.HasPrefix(status, "Optimal"):
		sol.Status = Optimal
	case strings.HasPrefix(status, "Infeasible"), strings.HasPrefix(status, "Integer infeasible"):
		sol.Status = Infeasible
	case strings.HasPrefix(status, "Stopped") && strings.Contains(status, "no integer solution"):
		sol.Status = NoPoint
	case strings.HasPrefix(status, "Stopped"):
		sol.Status = Stopped
	default:
		return nil, fmt.Errorf("%w: line 1: unknown status %q", ErrSolution, status)
	}
	if sol.Status != Optimal && sol.Status != Stopped {
		return sol, nil
	}
	index := make(map[string]int, len(m.Vars))
	for v := range m.Vars {
		index[m.Name(v+1)] = v + 1
	}
	point := make([]bool, len(m.Vars)+1)
	seen := make([]bool, len(m.Vars)+1)
	for n := 2; sc.Scan(); n++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) != 4 {
			return nil, fmt.Errorf("%w: line %d: want 4 fields (index, name, value, reduced cost), got %d", ErrSolution, n, len(f))
		}
		if _, err := strconv.Atoi(f[0]); err != nil {
			return nil, fmt.Errorf("%w: line %d: index %q", ErrSolution, n, f[0])
		}
		v, ok := index[f[1]]
		switch {
		case !ok:
			return nil, fmt.Errorf("%w: line %d: %q is no variable of the model", ErrSolution, n, f[1])
		case seen[v]:
			return nil, fmt.Errorf("%w: line %d: %s again", ErrSolution, n, f[1])
		}
		seen[v] = true
		x, err := strconv.ParseFloat(f[2], 64)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%w: line %d: value %q of %s", ErrSolution, n, f[2], f[1])
		case math.Abs(x) <= 1e-6:
		case math.Abs(x-1) <= 1e-6:
			point[v] = true
		default:
			return nil, fmt.Errorf("%w: line %d: %s = %s is not 0 or 1", ErrSolution, n, f[1], f[2])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSolution, err)
	}
	sol.Point = point
	return sol, nil
}
