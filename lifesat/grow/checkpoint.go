package grow

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
)

// A checkpoint is a breadth-first search stopped between two depths:
// its partials (every ancestor of the deepest level too, to print a ship
// whole), the level to extend next and the counts; or a depth-first
// search stopped on its path (DepthFirst): the pass's limit, whether a
// partial of the pass reached it so far (Cut), the path's
// places (Pos: at row v the path took candidate Pos[v] of the rows the
// rule allows there, in the order they are listed), the ships found, the
// deepest partial and the counts. It is written with encoding/gob.
type checkpoint struct {
	Version   int
	Problem   string // Problem.String and the rule: a checkpoint resumes only its own problem
	Lookahead int
	Depth     int
	Parent    []int32
	Row       []uint32
	NodeDepth []int32
	Level     []int32
	Stats     Stats

	DepthFirst bool
	Limit      int
	Cut        bool
	Pos        []int32
	Found      [][]uint32 // the ships' rows
	Best       []uint32
}

const checkpointVersion = 1

func (s *searcher) problemID() string {
	id := fmt.Sprintf("%v, rule %v", s.p, s.p.rule())
	if s.set.Parts > 1 {
		id += fmt.Sprintf(", part %d of %d", s.set.Part+1, s.set.Parts) // as the command counts
	}
	return id
}

// resume starts the search: from the checkpoint file when there is one
// for the same problem, else from the root.
func (s *searcher) resume() (level []int32, depth int, err error) {
	s.tr = tree{}
	s.tr.add(-1, 0, 0) // the root
	c, err := s.load(false)
	if c == nil || err != nil {
		return []int32{0}, 0, err
	}
	switch {
	case len(c.Parent) == 0 || len(c.Row) != len(c.Parent) || len(c.NodeDepth) != len(c.Parent):
		return nil, 0, fmt.Errorf("grow: checkpoint %s: no partials", s.set.Checkpoint)
	}
	for i := 1; i < len(c.Parent); i++ {
		if p := c.Parent[i]; p < 0 || int(p) >= i || c.NodeDepth[i] != c.NodeDepth[p]+1 {
			return nil, 0, fmt.Errorf("grow: checkpoint %s: partial %d is broken", s.set.Checkpoint, i)
		}
	}
	for _, n := range c.Level {
		if n < 0 || int(n) >= len(c.Parent) || int(c.NodeDepth[n]) != c.Depth {
			return nil, 0, fmt.Errorf("grow: checkpoint %s: partial %d is not of depth %d", s.set.Checkpoint, n, c.Depth)
		}
	}
	s.tr = tree{parent: c.Parent, row: c.Row, depth: c.NodeDepth}
	s.stats = c.Stats
	known := make([]uint32, 2*s.g.P)
	for _, n := range c.Level {
		s.tr.last(n, known)
		s.seen[s.stateKey(known, c.Depth)] = struct{}{}
	}
	return c.Level, c.Depth, nil
}

// load reads the checkpoint file of this search, of a depth-first
// search or not; nil when there is none.
func (s *searcher) load(depthFirst bool) (*checkpoint, error) {
	if s.set.Checkpoint == "" {
		return nil, nil
	}
	f, err := os.Open(s.set.Checkpoint)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var c checkpoint
	if err := gob.NewDecoder(f).Decode(&c); err != nil {
		return nil, fmt.Errorf("grow: checkpoint %s: %w", s.set.Checkpoint, err)
	}
	switch {
	case c.Version != checkpointVersion:
		return nil, fmt.Errorf("grow: checkpoint %s: version %d, want %d", s.set.Checkpoint, c.Version, checkpointVersion)
	case c.Problem != s.problemID() || c.Lookahead != s.set.Lookahead:
		return nil, fmt.Errorf("grow: checkpoint %s is of another search (%s, lookahead %d)", s.set.Checkpoint, c.Problem, c.Lookahead)
	case c.DepthFirst && !depthFirst:
		return nil, fmt.Errorf("grow: checkpoint %s is of a depth-first search", s.set.Checkpoint)
	case !c.DepthFirst && depthFirst:
		return nil, fmt.Errorf("grow: checkpoint %s is of a breadth-first search", s.set.Checkpoint)
	}
	return &c, nil
}

// save writes the checkpoint file, when there is one, through a
// temporary file renamed over it; level must be compacted.
func (s *searcher) save(level []int32, depth int) error {
	if s.set.Checkpoint == "" {
		return nil
	}
	return s.write(&checkpoint{
		Version: checkpointVersion, Problem: s.problemID(), Lookahead: s.set.Lookahead, Depth: depth,
		Parent: s.tr.parent, Row: s.tr.row, NodeDepth: s.tr.depth, Level: level, Stats: s.stats,
	})
}

// write writes c to the checkpoint file through a temporary file renamed
// over it.
func (s *searcher) write(c *checkpoint) error {
	tmp := s.set.Checkpoint + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(c); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, s.set.Checkpoint)
}

// restore starts a depth-first search from the checkpoint file when there
// is one for the same problem: its pass's limit (else lim0, the first
// pass's), the path to go down again, the ships and the counts.
func (d *dfs) restore(lim0 int) (int, error) {
	c, err := d.load(true)
	if c == nil || err != nil {
		return lim0, err
	}
	wide := func(r uint32) bool { return r>>d.g.free != 0 }
	switch {
	case c.Limit < lim0 || (d.maxIx >= 0 && c.Limit != lim0):
		return 0, fmt.Errorf("grow: checkpoint %s: no pass of this search has a limit of %d rows", d.set.Checkpoint, c.Limit)
	case slices.ContainsFunc(c.Pos, func(p int32) bool { return p < 0 }) || len(c.Pos) > c.Limit:
		return 0, fmt.Errorf("grow: checkpoint %s: a broken path", d.set.Checkpoint)
	case slices.ContainsFunc(c.Best, wide) || slices.ContainsFunc(c.Found, func(rows []uint32) bool { return slices.ContainsFunc(rows, wide) }):
		return 0, fmt.Errorf("grow: checkpoint %s: a row wider than the strip", d.set.Checkpoint)
	}
	d.skip, d.resuming, d.cut = c.Pos, true, c.Cut
	d.stats, d.best = c.Stats, c.Best
	for _, rows := range c.Found {
		if err := d.ship(rows); err != nil {
			return 0, fmt.Errorf("grow: checkpoint %s: %w", d.set.Checkpoint, err)
		}
	}
	return c.Limit, nil
}

// store writes a depth-first search's checkpoint, when there is one: the
// pass and the places of the path's first v rows.
func (d *dfs) store(v int) error {
	if d.set.Checkpoint == "" {
		return nil
	}
	return d.write(&checkpoint{
		Version: checkpointVersion, Problem: d.problemID(), Lookahead: d.set.Lookahead, Stats: d.stats,
		DepthFirst: true, Limit: d.limit, Cut: d.cut, Pos: d.pos[:v], Found: d.shipRows, Best: d.best,
	})
}
