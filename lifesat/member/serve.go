package member

// The member's side: Serve, which a program calls first thing in main.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/lifesat/lifesat/internal/procgroup"
	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/job"
)

// Serve makes this process the race member its parent started, when Env
// says it is one, and returns at once otherwise. A program whose races
// run their members with Process calls it first thing in main, before
// it reads its flags or files: the member is this program run again.
//
// As a member, Serve reads a job spec on standard input, sets the Go
// runtime's soft memory limit to the spec's MaxMemory (its share of the
// race's budget) and a tenth more, unless GOMEMLIMIT sets one, searches
// (job.Run), writes the job result on standard output, kills what it
// started (its external solver, say) and exits with status 0; a spec it
// cannot read is a result with the status "error". Its reports go, each
// a lifesat.Progress as a line of JSON, to descriptor 3 when that is a
// pipe (Process hands one when the race reports progress). It exits with
// status 2 when it cannot write its result.
func Serve() {
	k, ok := os.LookupEnv(Env)
	if !ok {
		return
	}
	os.Unsetenv(Env)
	var reports io.Writer
	if w := procgroup.InheritedPipe(progressFD); w != nil {
		reports = w
	}
	os.Exit(serve(context.Background(), k, os.Stdin, os.Stdout, reports))
}

// serve is the member's work, Serve without the process: the exit status.
func serve(ctx context.Context, k string, in io.Reader, out, reports io.Writer) int {
	procgroup.AdoptOrphans()
	defer procgroup.KillDescendants()
	var res *job.Result
	if sp, err := job.Decode(in); err != nil {
		res = &job.Result{Status: job.Failed, Error: err.Error()}
	} else {
		if sp.MaxMemory > 0 && os.Getenv("GOMEMLIMIT") == "" {
			debug.SetMemoryLimit(sp.MaxMemory + sp.MaxMemory/10)
		}
		var report func(lifesat.Progress)
		if reports != nil {
			enc := json.NewEncoder(reports) // a line each
			report = func(p lifesat.Progress) { _ = enc.Encode(p) }
		}
		res = job.Run(ctx, sp, report)
	}
	if err := json.NewEncoder(out).Encode(res); err != nil {
		fmt.Fprintf(os.Stderr, "lifesat: race member %s: %v\n", k, err)
		return 2
	}
	return 0
}
