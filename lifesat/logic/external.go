package logic

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/lifesat/lifesat/internal/procgroup"
)

// External is a SAT solver run as a child process that reads DIMACS CNF,
// such as cadical, kissat, cryptominisat5, picosat or minisat. Path is a
// name looked up on PATH or a path to the executable; Args are extra
// arguments placed before the input, such as cadical's "-q".
//
// Every Solve starts the solver afresh: it streams the formula, the
// clauses added so far and the assumptions (as unit clauses) to the
// solver's standard input, and reads the answer in the format of the SAT
// competitions from its standard output:
//
//	s SATISFIABLE
//	v 1 -2 3 0
//
// or "s UNSATISFIABLE", with exit status 10 (SAT) or 20 (UNSAT). The
// model is checked against every clause and assumption before Solve
// returns it, and an answer that cannot be read is an error naming the
// solver. Variables the "v" lines leave out are false. The sessions are
// ConflictCounters: they read the conflicts from the progress table
// cadical prints on its comment lines as it runs.
//
// Minisat does not follow that format: it prints "SATISFIABLE" without the
// model, which it writes to a file named as its second argument ("SAT" and
// the literals, or "UNSAT"). A solver whose base name begins with
// "minisat" is therefore run as "minisat Args... /dev/stdin RESULT" with a
// temporary result file.
//
// When ctx ends, the solver is killed and Solve returns Unknown and
// ctx.Err(); the session stays usable. Only the solver process itself is
// killed: a wrapper script should exec the solver, or its children run on
// until they finish (Solve still returns at once).
//
// First, when not empty, are the arguments of a short first run: each Solve
// runs the solver with First, and again with Args only when that run ends
// without an answer, as cadical does at a conflict limit ("-c N": exit
// status 0, no "s" line). ForSat uses it to give cadical's default
// configuration a first look before its "--sat" one.
//
// StartProof asks cadical (by the base name of Path) for its DRAT proof:
// every run reads the formula as "-" and writes text DRAT
// ("--no-binary") to a temporary file, and the file of the run that
// answered Unsat waits there until Certify copies it to the session's
// writer and removes it (or until the session is garbage-collected). The
// formula of ProofSession is then exactly what that run read, and
// cadical's proof is about it, its deletions of the formula's clauses
// included. Other external solvers, and LRAT (which cadical 1.5.3, the
// version lifesat is tested with, does not write), give ErrNoProof.
type External struct {
	Path  string
	Args  []string
	First []string
}

var _ Solver = External{}

// is tells whether the base name of e.Path begins with one of names
// (lower case), as "cadical" for /usr/bin/cadical or cadical-1.5.
func (e External) is(names ...string) bool {
	base := strings.ToLower(filepath.Base(e.Path))
	for _, n := range names {
		if strings.HasPrefix(base, n) {
			return true
		}
	}
	return false
}

// withArg returns e with arg added after its Args, and after First if
// there is a first run (copies: e's own lists are left alone).
func (e External) withArg(arg string) External {
	e.Args = appendCopy(e.Args, arg)
	if len(e.First) > 0 {
		e.First = appendCopy(e.First, arg)
	}
	return e
}

// appendCopy returns a new slice of list followed by more.
func appendCopy(list []string, more ...string) []string {
	return append(append([]string{}, list...), more...)
}

// NotFoundError is the error of External.Start and ParseSolver for a
// solver that is not an executable file.
type NotFoundError struct {
	Name string
	Err  error // from exec.LookPath
}

func (e *NotFoundError) Error() string {
	if strings.ContainsRune(e.Name, filepath.Separator) || strings.ContainsRune(e.Name, '/') {
		return fmt.Sprintf("logic: solver %q not found or not executable", e.Name)
	}
	return fmt.Sprintf("logic: solver %q not found on PATH", e.Name)
}

func (e *NotFoundError) Unwrap() error { return e.Err }

// On Unix the solver runs in a process group of its own, killed whole on
// cancellation (package internal/procgroup).
//
// externalWaitDelay bounds how long a killed solver's output is waited for
// (it matters only when the solver left children holding its pipes).
const externalWaitDelay = time.Second

// removals counts the removals of ended runs' proofs still under way.
var removals sync.WaitGroup

// removeLater removes the file at path in the background: the proof of a
// long run the answer did not need can take gigabytes, whose unlinking
// takes a second that a cancelled Solve should not wait for (the best
// answer so far is due at once). WaitRemovals waits for it.
func removeLater(path string) {
	removals.Add(1)
	go func() {
		defer removals.Done()
		os.Remove(path)
	}()
}

// WaitRemovals returns once the temporary files of ended solver runs are
// removed. A program that may exit right after a solver run was stopped
// calls it before it exits, so that none is left behind.
func WaitRemovals() { removals.Wait() }

// Start checks that the solver exists and records f; the solver itself
// runs in each Solve.
func (e External) Start(f *CNF) (Session, error) {
	s, err := e.start(f, nil)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// start is Start, with the proof state of a session that writes a proof.
func (e External) start(f *CNF, p *proofState) (*externalSession, error) {
	if e.Path == "" {
		return nil, errors.New("logic: External: no solver named")
	}
	path, err := exec.LookPath(e.Path)
	if err != nil {
		return nil, &NotFoundError{Name: e.Path, Err: err}
	}
	s := &externalSession{
		session: session{nvars: f.nvars, unsat: f.empty, proof: p},
		name:    e.Path,
		path:    path,
		args:    append([]string(nil), e.Args...),
		first:   append([]string(nil), e.First...),
		minisat: e.is("minisat"),
	}
	switch {
	case p != nil:
		s.f = p.formula // one copy: the proof's formula, comments and all
	case !s.unsat:
		s.f = f.Clone()
		s.f.comments = nil
	}
	return s, nil
}

// Proves says whether lifesat asks e for proofs in the format: cadical's
// DRAT only (nil), or why not.
func (e External) Proves(format ProofFormat) error {
	switch {
	case !e.is("cadical"):
		return fmt.Errorf("%w from the solver %s: lifesat asks cadical alone for a proof", ErrNoProof, e.Path)
	case format != DRAT:
		return fmt.Errorf("%w in %v from the solver %s: lifesat asks it for DRAT", ErrNoProof, format, e.Path)
	}
	return nil
}

// StartProof is Start of a session that writes cadical's DRAT proof of
// its answer Unsat to w (see External and ProofSession).
func (e External) StartProof(ctx context.Context, f *CNF, format ProofFormat, w io.Writer) (ProofSession, error) {
	if err := e.Proves(format); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s, err := e.start(f, newProofState(f, format))
	if err != nil {
		return nil, err
	}
	s.proofW = w
	s.spool = &spoolFile{}
	runtime.AddCleanup(s, func(sp *spoolFile) { sp.set("") }, s.spool)
	return s, nil
}

// A spoolFile is the temporary file of the proof of an external
// session's last answer Unsat, or "".
type spoolFile struct {
	mu   sync.Mutex
	path string
}

// set makes path the spool file, and removes the one before.
func (sp *spoolFile) set(path string) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.path != "" {
		os.Remove(sp.path)
	}
	sp.path = path
}

type externalSession struct {
	session
	name    string // as the user gave it, for messages
	path    string
	args    []string
	first   []string // the arguments of the first run, if any
	minisat bool
	f       *CNF // the formula, clauses added later included
	pid     int  // of the last solver process, for tests

	proofW io.Writer  // where Certify writes the proof, with a proof
	spool  *spoolFile // the proof of the last answer Unsat, with a proof

	// The conflicts read from the solver's reports (see reportReader):
	// those of the runs that ended, and of the one running.
	cmu           sync.Mutex
	reported      bool // a report was read: the counts are known
	ended, latest int64
}

var (
	_ ConflictCounter = (*externalSession)(nil)
	_ ProofSession    = (*externalSession)(nil)
)

// Conflicts is the number of conflicts that the solver's reports have
// told, every run of the session together, or -1 when the solver printed
// no report that lifesat can read (only cadical's tables are read; "-q"
// silences them).
func (s *externalSession) Conflicts() int64 {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	if !s.reported {
		return -1
	}
	return s.ended + s.latest
}

// reportConflicts records the conflicts of the running solver's latest
// report.
func (s *externalSession) reportConflicts(n int64) {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	s.reported = true
	s.latest = max(s.latest, n)
}

// endRun adds the conflicts of the run that ended to the session's.
func (s *externalSession) endRun() {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	s.ended += s.latest
	s.latest = 0
}

func (s *externalSession) Add(lits ...Lit) {
	s.mu.Lock()
	defer s.mu.Unlock()
	// With a proof, clause has added the clause to s.f, the proof's
	// formula.
	if cl, ok := s.clause(lits); ok && s.proof == nil {
		s.f.Add(cl...)
	}
}

func (s *externalSession) Solve(ctx context.Context, assumptions ...Lit) (Status, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	units, st, err := s.begin(ctx, assumptions)
	if st != Unknown || err != nil {
		return st, err
	}
	if s.f.NumClauses() == 0 && len(units) == 0 {
		s.model = make([]bool, s.nvars+1)
		s.answered(Sat, units)
		return Sat, nil
	}
	st, model, err := Unknown, []bool(nil), error(nil)
	if len(s.first) > 0 {
		st, model, err = s.run(ctx, s.first, true, units)
	}
	if st == Unknown && err == nil {
		st, model, err = s.run(ctx, s.args, false, units)
	}
	if err != nil {
		return Unknown, err
	}
	if st == Sat {
		if err := s.check(model, units); err != nil {
			return Unknown, err
		}
		s.model = model
	}
	s.answered(st, units)
	return st, nil
}

// Certify completes the proof (see ProofSession and External).
func (s *externalSession) Certify() (*CNF, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.certify()
	if err != nil {
		return nil, err
	}
	if s.proof.trivial { // no run: the formula contradicts itself
		if _, err := io.WriteString(s.proofW, "0\n"); err != nil {
			return nil, fmt.Errorf("logic: proof: %w", err)
		}
		return f, nil
	}
	defer s.spool.set("")
	in, err := os.Open(s.spool.path)
	if err != nil {
		return nil, fmt.Errorf("logic: proof of solver %q: %w", s.name, err)
	}
	defer in.Close()
	if _, err := io.Copy(s.proofW, in); err != nil {
		return nil, fmt.Errorf("logic: proof of solver %q: %w", s.name, err)
	}
	return f, nil
}

// check verifies that model satisfies every clause and assumption.
func (s *externalSession) check(model []bool, units []Lit) error {
	for _, l := range units {
		if !l.Value(model) {
			return fmt.Errorf("logic: solver %q: its model breaks the assumption %v", s.name, l)
		}
	}
	var bad []Lit
	s.f.Clauses(func(cl []Lit) bool {
		for _, l := range cl {
			if l.Value(model) {
				return true
			}
		}
		bad = cl
		return false
	})
	if bad != nil {
		return fmt.Errorf("logic: solver %q: its model breaks the clause %v", s.name, bad)
	}
	return nil
}

// run starts the solver with args, streams the formula to it and reads
// its answer. A limited run may end without one (exit status 0 and no
// "s" line, or "s UNKNOWN"): it is then Unknown with no error.
func (s *externalSession) run(ctx context.Context, args []string, limited bool, units []Lit) (Status, []bool, error) {
	var result string
	if s.minisat {
		tmp, err := os.CreateTemp("", "lifesat-minisat-*.out")
		if err != nil {
			return Unknown, nil, fmt.Errorf("logic: solver %q: %w", s.name, err)
		}
		result = tmp.Name()
		tmp.Close()
		defer os.Remove(result)
		args = append(args[:len(args):len(args)], "/dev/stdin", result)
	}
	var proofPath string
	if s.proof != nil {
		tmp, err := os.CreateTemp("", "lifesat-proof-*.drat")
		if err != nil {
			return Unknown, nil, fmt.Errorf("logic: solver %q: %w", s.name, err)
		}
		proofPath = tmp.Name()
		tmp.Close()
		defer func() {
			if proofPath != "" {
				removeLater(proofPath)
			}
		}()
		args = append(args[:len(args):len(args)], "--no-binary", "-", proofPath)
	}
	cmd := exec.CommandContext(ctx, s.path, args...)
	cmd.WaitDelay = externalWaitDelay
	procgroup.Own(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return Unknown, nil, fmt.Errorf("logic: solver %q: %w", s.name, err)
	}
	pr, pw := io.Pipe()
	cmd.Stdout = pw
	stderr := &tailBuffer{max: 2048}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		stdin.Close()
		if ctx.Err() != nil {
			return Unknown, nil, ctx.Err()
		}
		return Unknown, nil, fmt.Errorf("logic: solver %q: %w", s.name, err)
	}
	s.pid = cmd.Process.Pid
	defer s.endRun()

	// The writer may fail when the solver stops reading (it exited, or
	// was killed): what counts is the answer, so its error only adds to
	// the message of a missing answer.
	writeErr := make(chan error, 1)
	go func() {
		err := s.writeDIMACS(stdin, units)
		if cerr := stdin.Close(); err == nil && !errors.Is(cerr, os.ErrClosed) {
			err = cerr
		}
		writeErr <- err
	}()
	waitErr := make(chan error, 1)
	go func() {
		err := cmd.Wait()
		procgroup.Kill(cmd) // what a wrapper script left behind
		pw.Close()
		waitErr <- err
	}()

	var out answer
	if !s.minisat { // minisat's standard output is statistics only
		out = parseAnswer(pr, s.nvars, s.reportConflicts)
	}
	_, _ = io.Copy(io.Discard, pr)
	werr := <-waitErr
	wrerr := <-writeErr
	if err := ctx.Err(); err != nil {
		return Unknown, nil, err
	}
	code := -1
	if ee := (*exec.ExitError)(nil); errors.As(werr, &ee) {
		code = ee.ExitCode()
	} else if werr == nil {
		code = 0
	}
	if s.minisat && (code == 0 || code == 10 || code == 20) {
		data, err := os.ReadFile(result)
		if err != nil {
			return Unknown, nil, fmt.Errorf("logic: solver %q: %w", s.name, err)
		}
		out = parseMinisat(data, s.nvars)
	}
	fail := func(format string, args ...any) (Status, []bool, error) {
		msg := fmt.Sprintf(format, args...)
		if code >= 0 {
			msg += fmt.Sprintf(" (exit status %d)", code)
		} else if werr != nil {
			msg += fmt.Sprintf(" (%v)", werr)
		}
		if wrerr != nil && !errors.Is(wrerr, os.ErrClosed) && !errors.Is(wrerr, syscall.EPIPE) {
			msg += fmt.Sprintf(" (writing its input: %v)", wrerr)
		}
		if t := strings.TrimSpace(stderr.String()); t != "" {
			msg += ": " + t
		}
		return Unknown, nil, fmt.Errorf("logic: solver %q: %s", s.name, msg)
	}
	switch {
	case out.err != nil:
		return fail("bad output: %v", out.err)
	case code != 0 && code != 10 && code != 20:
		return fail("failed")
	case out.status == Unknown && limited && code == 0:
		return Unknown, nil, nil
	case out.status == Unknown && out.seen:
		return fail("gave no answer (s UNKNOWN)")
	case out.status == Unknown:
		return fail("no answer (no %q line) in its output", "s SATISFIABLE")
	case code == 10 && out.status != Sat, code == 20 && out.status != Unsat:
		return fail("its exit status contradicts its answer %v", out.status)
	case out.status == Sat && out.model == nil:
		return fail("SATISFIABLE but no model (no %q lines)", "v")
	}
	if out.status == Unsat && proofPath != "" {
		s.spool.set(proofPath) // kept for Certify
		proofPath = ""
	}
	return out.status, out.model, nil
}

// writeDIMACS streams the formula, then the assumptions as unit clauses.
func (s *externalSession) writeDIMACS(w io.Writer, units []Lit) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "p cnf %d %d\n", s.nvars, s.f.NumClauses()+len(units))
	writeClause := func(cl []Lit) bool {
		b := bw.AvailableBuffer()
		for _, l := range cl {
			b = strconv.AppendInt(b, int64(l), 10)
			b = append(b, ' ')
		}
		b = append(b, '0', '\n')
		_, err := bw.Write(b)
		return err == nil
	}
	s.f.Clauses(writeClause)
	for _, u := range units {
		writeClause([]Lit{u})
	}
	return bw.Flush()
}

// answer is what a solver's output says.
type answer struct {
	status Status
	seen   bool // an "s" line was read, even "s UNKNOWN"
	model  []bool
	err    error
}

// parseAnswer reads the SAT competition output format: "c" comment lines,
// one "s" status line, "v" lines of literals ended by 0. Other lines are
// ignored, as some solvers print banners. The comment lines are read as
// a progress table (reportReader), and the conflicts of each report go to
// conflicts.
func parseAnswer(r io.Reader, nvars int, conflicts func(int64)) answer {
	var a answer
	rr := newReportReader()
	br := bufio.NewReaderSize(r, 1<<16)
	line := 0
	for {
		line++
		c, err := br.ReadByte()
		if err != nil {
			return a
		}
		switch c {
		case 's':
			text, err := readLine(br)
			if err != nil {
				a.err = fmt.Errorf("line %d: %v", line, err)
				return a
			}
			if a.seen {
				a.err = fmt.Errorf("line %d: a second %q line", line, "s")
				return a
			}
			a.seen = true
			switch strings.TrimSpace(text) {
			case "SATISFIABLE":
				a.status = Sat
			case "UNSATISFIABLE":
				a.status = Unsat
			case "UNKNOWN", "INDETERMINATE":
			default:
				a.err = fmt.Errorf("line %d: unknown status %q", line, strings.TrimSpace(text))
				return a
			}
		case 'v':
			if a.model == nil {
				a.model = make([]bool, nvars+1)
			}
			if err := readValues(br, a.model); err != nil {
				a.err = fmt.Errorf("line %d: %v", line, err)
				return a
			}
		case 'c':
			text, err := br.ReadSlice('\n')
			if err == bufio.ErrBufferFull { // no report is that long
				err = skipLine(br)
			} else if n, ok := rr.line(string(text)); ok {
				conflicts(n)
			}
			if err != nil {
				return a
			}
		case '\n':
		default:
			if err := skipLine(br); err != nil {
				return a
			}
		}
	}
}

// readLine reads the rest of a short line.
func readLine(br *bufio.Reader) (string, error) {
	b, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return "", errors.New("line too long")
	}
	if err != nil && err != io.EOF {
		return "", err
	}
	return string(b), nil
}

// skipLine skips the rest of a line of any length.
func skipLine(br *bufio.Reader) error {
	for {
		_, err := br.ReadSlice('\n')
		if err != bufio.ErrBufferFull {
			return err
		}
	}
}

// readValues reads the literals of one "v" line into model.
func readValues(br *bufio.Reader, model []bool) error {
	var tok []byte
	flush := func() error {
		if len(tok) == 0 {
			return nil
		}
		n, err := strconv.ParseInt(string(tok), 10, 32)
		tok = tok[:0]
		if err != nil {
			return fmt.Errorf("bad literal: %v", err)
		}
		v := max(n, -n)
		if v >= int64(len(model)) {
			return fmt.Errorf("literal %d out of range 1..%d", n, len(model)-1)
		}
		model[v] = n > 0
		return nil
	}
	for {
		c, err := br.ReadByte()
		if err == io.EOF || c == '\n' {
			return flush()
		}
		if err != nil {
			return err
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			if err := flush(); err != nil {
				return err
			}
		case c == '-' || '0' <= c && c <= '9':
			tok = append(tok, c)
		default:
			return fmt.Errorf("unexpected %q in a %q line", c, "v")
		}
	}
}

// parseMinisat reads minisat's result file: "SAT" and a line of literals
// ended by 0, "UNSAT", or "INDET".
func parseMinisat(data []byte, nvars int) answer {
	var a answer
	first, rest, _ := bytes.Cut(data, []byte("\n"))
	switch string(bytes.TrimSpace(first)) {
	case "SAT":
		a.status, a.seen = Sat, true
		a.model = make([]bool, nvars+1)
		if err := readValues(bufio.NewReader(bytes.NewReader(rest)), a.model); err != nil {
			a.err = fmt.Errorf("result file: %v", err)
		}
	case "UNSAT":
		a.status, a.seen = Unsat, true
	case "INDET":
		a.seen = true
	default:
		a.err = fmt.Errorf("result file: unknown status %q", bytes.TrimSpace(first))
	}
	return a
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
