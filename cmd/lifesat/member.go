package main

import (
	"context"
	"io"
	"os/exec"
	"sync"
)

// The race's members run as child processes of this same program, for
// isolation (package lifesat/member): main serves as a member first, when
// a race started it as one, and race (search.go) runs its members with
// member.Process. Each member is handed its problem and settings as a job
// spec, so no member reads a file the parent read; lifesat.Race checks
// every pattern of its answer against the parent's own problem. With -v
// the members' reports come back as they go, "lifesat: member K: ...".

// memberCommand, when not nil, makes the command of member k instead of
// member.Command (this program run again); tests replace it.
var memberCommand func(ctx context.Context, k int) (*exec.Cmd, error)

// liveLines is a Writer to w that writes whole lines at a time, so that
// the race's own lines and its members' reports never overlap.
type liveLines struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *liveLines) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
