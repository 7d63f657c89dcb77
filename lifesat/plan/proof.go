package plan

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sync"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// Certified absence: in a split whose header asks for proofs
// (Header.Proofs), a task whose cube has no answer writes the solver's
// clausal proof of it into its proof folder beside its result file
// (task-000003.proof for task 3, task-000003.1.proof for its sub-cube 1),
// the formula it refutes as drat.FormulaFile and the proof as
// drat.DRATFile or drat.LRATFile, and its record names the folder and
// the files' SHA-256 (Record.Proof). Collect says that none exists only
// after it has checked, for every leaf of the tree of cubes, that the
// files are those the record names, that the formula is the cube's own
// (the task's search encoded again, byte for byte), and that the proof
// refutes it (package drat).

// A ProofRef is where a task's proof of "none" is, and what it holds.
type ProofRef struct {
	// Dir is the proof's folder, in the results folder: the task's
	// files' name and ".proof".
	Dir string `json:"dir"`
	// Formula and Proof are "sha256:" and the hex SHA-256 of the
	// folder's formula and proof files; ProofBytes is the proof's size.
	Formula    string `json:"formula_sha256"`
	Proof      string `json:"proof_sha256"`
	ProofBytes int64  `json:"proof_bytes"`
}

// ProofDir is the name of task t's proof folder in a results folder.
func (t *Task) ProofDir() string { return t.base() + ".proof" }

// proofFile is the name of the proof file of a plan that asks for
// proofs in format name.
func proofFile(name string) string {
	if name == logic.LRAT.String() {
		return drat.LRATFile
	}
	return drat.DRATFile
}

var sha256Text = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^sha256:[0-9a-f]{64}$`) }) // compiled on first use: no cost at start

// checkProof checks what the record says of its proof against the
// header and task t: a result "none" of a plan that asks for proofs
// names its proof folder, and no other result names one.
func (rec *Record) checkProof(h *Header, t *Task) error {
	none := rec.Result.Status == job.None && rec.Stop == ""
	pr := rec.Proof
	switch {
	case pr == nil && none && h.Proofs != "":
		return errors.New(`the result "none" has no proof, and the plan asks for proofs`)
	case pr == nil:
		return nil
	case h.Proofs == "":
		return errors.New("a proof in a plan that asks for none")
	case !none:
		return fmt.Errorf("a proof of a result %q", rec.Status())
	case pr.Dir != t.ProofDir():
		return fmt.Errorf("its proof is in %q, not in the task's proof folder %q", pr.Dir, t.ProofDir())
	case !sha256Text().MatchString(pr.Formula) || !sha256Text().MatchString(pr.Proof) || pr.ProofBytes < 0:
		return errors.New("its proof's hashes are not sha256:HEX")
	}
	return nil
}

// A taskProof is the proof folder of a running task: the search writes
// into a hidden temporary folder in the results folder, which takes the
// task's proof folder's name only once the task's result file is
// written (place). A nil *taskProof (no proof asked) does nothing.
type taskProof struct {
	dir, tmp, name string // the results folder, the temporary folder, the task's proof folder
	format         string
	placed         bool
}

// startProof makes task t's temporary proof folder in dir and has sp
// write its proof there, when the header asks for proofs.
func startProof(h *Header, t *Task, dir string, sp *job.Spec) (*taskProof, error) {
	if h.Proofs == "" {
		return nil, nil
	}
	format, err := logic.ParseProofFormat(h.Proofs)
	if err != nil {
		return nil, err
	}
	// A worker killed while it ran this task left its temporary folder
	// behind: this worker holds the task's claim, so no live one writes
	// there any more.
	left, _ := filepath.Glob(filepath.Join(dir, "."+t.ProofDir()+".tmp-*"))
	for _, old := range left {
		os.RemoveAll(old)
	}
	tmp, err := os.MkdirTemp(dir, "."+t.ProofDir()+".tmp-*")
	if err == nil {
		err = os.Chmod(tmp, 0o755) // readable as the result files are
	}
	if err != nil {
		return nil, err
	}
	sp.ProofDir, sp.ProofFormat = tmp, format
	return &taskProof{dir: dir, tmp: tmp, name: t.ProofDir(), format: h.Proofs}, nil
}

// seal hashes the proof the search wrote and syncs its files to disk,
// so that the record written next names what lasts; an error when the
// search wrote no proof.
func (tp *taskProof) seal() (*ProofRef, error) {
	ref := &ProofRef{Dir: tp.name}
	for _, f := range []struct {
		name string
		sum  *string
	}{{drat.FormulaFile, &ref.Formula}, {proofFile(tp.format), &ref.Proof}} {
		file, err := os.Open(filepath.Join(tp.tmp, f.name))
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("the search answered none and wrote no proof (%s)", f.name)
		}
		if err != nil {
			return nil, err
		}
		h := sha256.New()
		n, err := io.Copy(h, file)
		if err == nil {
			err = file.Sync()
		}
		if err == nil {
			err = file.Chmod(0o644)
		}
		file.Close()
		if err != nil {
			return nil, err
		}
		*f.sum = sumText(h)
		if f.sum == &ref.Proof {
			ref.ProofBytes = n
		}
	}
	return ref, syncDir(tp.tmp)
}

// place gives the proof folder its name, once the task's result file is
// written (the result names it): a folder of that name that a task
// killed before its result left is replaced.
func (tp *taskProof) place() error {
	if tp == nil {
		return nil
	}
	final := filepath.Join(tp.dir, tp.name)
	if err := os.RemoveAll(final); err != nil {
		return err
	}
	if err := os.Rename(tp.tmp, final); err != nil {
		return err
	}
	tp.placed = true
	return syncDir(tp.dir)
}

// discard removes the temporary folder unless it was placed.
func (tp *taskProof) discard() {
	if tp != nil && !tp.placed {
		os.RemoveAll(tp.tmp)
	}
}

func sumText(h hash.Hash) string { return "sha256:" + hex.EncodeToString(h.Sum(nil)) }

// verifyProof checks the proof of task t's result "none", rec, in the
// results folder dir: that its formula and proof files are those the
// record names (their SHA-256), that the formula is the cube's (t's
// search encoded again, as its task encoded it, byte for byte), and that
// the proof refutes it (drat.Check, or drat.CheckLRAT). Each file is
// read once, hashed as it is checked. An error wraps ErrResult and names
// the task.
func verifyProof(ctx context.Context, h *Header, t *Task, dir string, rec *Record) (drat.Result, error) {
	pr := rec.Proof
	fail := func(format string, args ...any) (drat.Result, error) {
		return drat.Result{}, fmt.Errorf("%w: task %s: %s; delete %s and %s to run the task again", ErrResult, t.Name(),
			fmt.Sprintf(format, args...), filepath.Join(dir, t.File()), filepath.Join(dir, t.ProofDir()))
	}
	if pr == nil { // checkProof refuses it when the plan asks for proofs
		return fail(`its result "none" has no proof`)
	}
	pdir := filepath.Join(dir, pr.Dir)
	ff, err := os.Open(filepath.Join(pdir, drat.FormulaFile))
	if err != nil {
		return fail("its proof's formula: %v", err)
	}
	defer ff.Close()
	fh := sha256.New()
	f, err := drat.ReadDIMACS(io.TeeReader(ff, fh))
	if err == nil {
		_, err = io.Copy(fh, ff)
	}
	if err != nil {
		return fail("its proof's formula: %v", err)
	}
	if got := sumText(fh); got != pr.Formula {
		return fail("%s/%s hashes to %s, not to the %s its result names", pr.Dir, drat.FormulaFile, got, pr.Formula)
	}
	want, err := cubeFormula(ctx, &t.Spec)
	if err != nil {
		if ctx.Err() != nil {
			return drat.Result{}, ctx.Err()
		}
		return fail("its cube's formula: %v", err)
	}
	if want != pr.Formula {
		return fail("the formula of its proof is not its cube's formula (encoded again: %s)", want)
	}
	name := filepath.Join(pdir, proofFile(h.Proofs))
	pf, err := os.Open(name)
	if err != nil {
		return fail("its proof: %v", err)
	}
	defer pf.Close()
	ph := sha256.New()
	r := io.TeeReader(pf, ph)
	var res drat.Result
	if h.Proofs == logic.LRAT.String() {
		res, err = drat.CheckLRAT(ctx, f, r)
	} else {
		res, err = drat.Check(ctx, f, r, nil)
	}
	if err == nil {
		_, err = io.Copy(ph, pf) // the rest after the empty clause
	}
	switch {
	case err != nil && ctx.Err() != nil:
		return drat.Result{}, ctx.Err()
	case err != nil:
		return fail("its proof: %v", err)
	case sumText(ph) != pr.Proof:
		return fail("%s/%s hashes to %s, not to the %s its result names", pr.Dir, proofFile(h.Proofs), sumText(ph), pr.Proof)
	case !res.Verified:
		return fail("its proof does not verify: %v", res)
	}
	return res, nil
}

// cubeFormula is the SHA-256 of the formula of a task's search, as its
// task encodes it (lifesat.EncodeContext, then CNF.WriteDIMACS: what
// lifesat cnf prints): with the task's solver when this machine has it,
// else the default, which gives the same formula for gophersat, cadical
// and kissat (the solver only decides whether the variables are flipped).
func cubeFormula(ctx context.Context, sp *job.Spec) (string, error) {
	p, s, err := sp.Search()
	var nf *logic.NotFoundError
	if errors.As(err, &nf) {
		p, s, err = search(sp)
	}
	if err != nil {
		return "", err
	}
	s.ProofDir = ""
	in, err := lifesat.EncodeContext(ctx, p, s)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	if err := in.CNF.WriteDIMACS(h); err != nil {
		return "", err
	}
	return sumText(h), nil
}
