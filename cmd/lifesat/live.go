package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strconv"
	"sync"
)

// A race's members write their progress reports (-v) to the command as
// they come, so that a long race shows it is at work: each member gets a
// pipe as its file descriptor 3 and its number in memberProgressEnv, and
// writes its reports there, "member K: " after the "lifesat: ". The
// command passes the lines on to its own standard error. The rest of a
// member's output still waits for the race's end, and only the winner's
// is shown. (Linux only, where the members are ours to the last
// descendant: procs_linux.go; elsewhere a member's reports come with the
// rest of its output.)
const memberProgressEnv = "LIFESAT_MEMBER_PROGRESS"

// memberProgressFD is the member's end of the pipe.
const memberProgressFD = 3

// progressOut is where this process writes its progress reports, and the
// prefix of each line: stderr and "lifesat: ", or the race's pipe and
// "lifesat: member K: " when this process is a member of a race.
func progressOut(stderr io.Writer) (io.Writer, string) {
	k := os.Getenv(memberProgressEnv)
	if _, err := strconv.Atoi(k); err != nil {
		return stderr, "lifesat: "
	}
	if w := inheritedPipe(memberProgressFD); w != nil {
		return w, "lifesat: member " + k + ": "
	}
	return stderr, "lifesat: "
}

// liveLines passes on the lines of the members' pipes to w, one whole line
// at a time. It is itself a Writer to w, for the race's own output, so
// that no two writes to w overlap.
type liveLines struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *liveLines) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// attach gives c, member k, the write end of a new pipe as its descriptor
// 3, and returns a function to call once c has started (it closes this
// process's copy of the write end and passes c's lines on until c and
// every process holding the pipe have closed it) and one to wait for
// that. With nil l, or where pipes cannot be passed, it does nothing.
func (l *liveLines) attach(c *exec.Cmd, k int) (started func(), wait func(), err error) {
	nothing := func() {}
	if l == nil || !canPassPipes {
		return nothing, nothing, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	c.ExtraFiles = []*os.File{w} // descriptor 3 in the child
	if c.Env == nil {
		c.Env = os.Environ()
	}
	c.Env = append(c.Env, memberProgressEnv+"="+strconv.Itoa(k))
	done := make(chan struct{})
	started = func() {
		w.Close()
		go func() {
			defer close(done)
			defer r.Close()
			sc := bufio.NewScanner(r)
			for sc.Scan() {
				_, _ = l.Write(append(sc.Bytes(), '\n'))
			}
			_, _ = io.Copy(io.Discard, r) // past a line too long: the member must not block
		}()
	}
	return started, func() { <-done }, nil
}
