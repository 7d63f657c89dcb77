package logic_test

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/drat"
	"github.com/lifesat/lifesat/lifesat/logic"
)

// BenchmarkProof measures what a proof costs: lifesat's formulas without
// a model solved by the embedded solver without a proof (off), with a
// DRAT proof and with an LRAT one, and by cadical (when installed)
// without and with its DRAT proof, each proof written to a file of the
// temporary directory (the operating system's cache; no sync) and, for
// cadical, copied there by Certify from its own file. The formulas:
//
//   - still-4x4: `lifesat cnf still -size 4x4 -max-pop 3`;
//   - osc-p3-5x5: `lifesat cnf osc -period 3 -size 5x5`;
//   - the cuts suite's searches where none exists (lifesat/bench,
//     "cuts"), as `lifesat cnf` writes them: ship-c4-6x6 (`ship
//     -period 4 -shift 1,0 -size 6x6`), osc-p3-5x6, osc-p4-5x5 and
//     ship-c3-7x7 (`ship -period 3 -shift 1,0 -size 7x7`).
//
// The embedded solver runs as lifesat's searches run it: a still life
// in upstream's mode, oscillators and ships seeded in the stable mode
// (Settings.Seed 1). conflicts/op must be the same with and without a
// proof; cpu-ns/op is the CPU time during the solve, Certify included
// (the process's, and cadical's), proof-bytes/op the proof's size.
func BenchmarkProof(b *testing.B) {
	_, cadicalErr := exec.LookPath("cadical")
	for _, c := range proofCases() {
		f, g := proofFormula(b, c.p)
		solvers := []struct {
			name string
			s    logic.Solver
		}{{"gophersat", g}}
		if cadicalErr == nil {
			solvers = append(solvers, struct {
				name string
				s    logic.Solver
			}{"cadical", logic.External{Path: "cadical"}})
		}
		for _, s := range solvers {
			for _, mode := range []string{"off", "drat", "lrat"} {
				if mode == "lrat" && s.name == "cadical" {
					continue
				}
				b.Run(c.name+"/"+s.name+"/"+mode, func(b *testing.B) {
					var conflicts int64
					var cpu time.Duration
					var size int64
					for b.Loop() {
						start := cpuTimeWithChildren()
						n, bytes := solveWithProof(b, s.s, f, mode)
						cpu += cpuTimeWithChildren() - start
						conflicts += n
						size += bytes
					}
					b.ReportMetric(float64(conflicts)/float64(b.N), "conflicts/op")
					b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
					b.ReportMetric(float64(size)/float64(b.N), "proof-bytes/op")
				})
			}
		}
	}
}

// A proofCase is a formula of BenchmarkProof.
type proofCase struct {
	name string
	p    lifesat.Problem
}

func proofCases() []proofCase {
	ship := func(p, dx, w, h int) lifesat.Problem { return lifesat.Spaceship(p, dx, 0, w, h) }
	p44 := lifesat.StillLife(4, 4)
	p44.MaxPop = 3
	return []proofCase{
		{"still-4x4", p44},
		{"osc-p3-5x5", lifesat.Oscillator(3, 5, 5)},
		{"ship-c4-6x6", ship(4, 1, 6, 6)},
		{"osc-p3-5x6", lifesat.Oscillator(3, 5, 6)},
		{"osc-p4-5x5", lifesat.Oscillator(4, 5, 5)},
		{"ship-c3-7x7", ship(3, 1, 7, 7)},
	}
}

// proofFormula is p's formula as `lifesat cnf` writes it, and the
// embedded solver as lifesat's searches run it on p.
func proofFormula(b *testing.B, p lifesat.Problem) (*logic.CNF, logic.Gophersat) {
	set := &lifesat.Settings{Seed: 1}
	g := logic.Gophersat{}
	if p.Period > 1 {
		set.Diversify = lifesat.NoFlip
		g = logic.Gophersat{Seed: 1, Stable: true}
	}
	in, err := lifesat.Encode(p, set)
	if err != nil {
		b.Fatal(err)
	}
	return in.CNF, g
}

// BenchmarkCheckProof measures the checkers of package drat on the
// embedded solver's proofs of BenchmarkProof's formulas: DRAT backward
// (core first) and forward, and LRAT. The proofs are made before the
// timing; lemmas/op is the proof's, checked/op what the check checked.
func BenchmarkCheckProof(b *testing.B) {
	for _, c := range proofCases() {
		f, g := proofFormula(b, c.p)
		var cnf bytes.Buffer
		f.WriteDIMACS(&cnf)
		df, err := drat.ReadDIMACS(&cnf)
		if err != nil {
			b.Fatal(err)
		}
		for _, mode := range []string{"drat-backward", "drat-forward", "lrat"} {
			format := logic.DRAT
			if mode == "lrat" {
				format = logic.LRAT
			}
			var proof bytes.Buffer
			if st, err := logic.Prove(context.Background(), g, f, format, &proof); st != logic.Unsat || err != nil {
				b.Fatal(st, err)
			}
			b.Run(c.name+"/"+mode, func(b *testing.B) {
				var res drat.Result
				var err error
				for b.Loop() {
					r := bytes.NewReader(proof.Bytes())
					switch mode {
					case "lrat":
						res, err = drat.CheckLRAT(context.Background(), df, r)
					case "drat-forward":
						res, err = drat.Check(context.Background(), df, r, &drat.Options{Forward: true})
					default:
						res, err = drat.Check(context.Background(), df, r, nil)
					}
					if err != nil || !res.Verified {
						b.Fatal(res, err)
					}
				}
				b.ReportMetric(float64(res.Lemmas), "lemmas/op")
				b.ReportMetric(float64(res.Checked), "checked/op")
			})
		}
	}
}

// solveWithProof decides f, which has no model, with s: without a proof
// (mode "off") or with one ("drat", "lrat") written to a temporary
// file. It returns the conflicts and the proof's size.
func solveWithProof(b *testing.B, s logic.Solver, f *logic.CNF, mode string) (conflicts, size int64) {
	ctx := context.Background()
	if mode == "off" {
		sess, err := logic.StartContext(ctx, s, f)
		if err != nil {
			b.Fatal(err)
		}
		if st, err := sess.Solve(ctx); st != logic.Unsat || err != nil {
			b.Fatal(st, err)
		}
		return sess.(logic.ConflictCounter).Conflicts(), 0
	}
	format := logic.DRAT
	if mode == "lrat" {
		format = logic.LRAT
	}
	out, err := os.CreateTemp(b.TempDir(), "proof")
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()
	sess, err := logic.StartProof(ctx, s, f, format, out)
	if err != nil {
		b.Fatal(err)
	}
	if st, err := sess.Solve(ctx); st != logic.Unsat || err != nil {
		b.Fatal(st, err)
	}
	if _, err := sess.Certify(); err != nil {
		b.Fatal(err)
	}
	n, err := out.Seek(0, io.SeekCurrent)
	if err != nil {
		b.Fatal(err)
	}
	return sess.(logic.ConflictCounter).Conflicts(), n
}
