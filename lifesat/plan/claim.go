package plan

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// Claims: a task that runs holds a claim, a small file beside its result
// file, so that a second worker started on the same task (a requeued
// array index, a pod retried while the first still runs, a resubmitted
// array) leaves it alone. The claim is created whole or not at all (a
// temporary file hard-linked to the claim's name: the link fails when a
// claim exists), names the worker's host and process, and its
// modification time is its heartbeat, renewed while the task runs. A
// claim whose heartbeat is older than the expiry, or whose process is
// gone (same host and process namespace), is stale: the next worker
// takes it over.

// The claims' defaults.
const (
	// Heartbeat is how often a running task renews its claim.
	Heartbeat = 10 * time.Second
	// ClaimExpiry is how old a claim's heartbeat may be before another
	// worker takes the task over.
	ClaimExpiry = time.Minute
)

// A Claim says which worker runs a task: its host, process and, on
// Linux, process namespace; when it started; a random nonce that tells
// two claims of the same worker apart.
type Claim struct {
	Host    string    `json:"host"`
	PID     int       `json:"pid"`
	PIDNS   string    `json:"pidns,omitempty"`
	Engine  string    `json:"engine,omitempty"`
	Started time.Time `json:"started"`
	Nonce   string    `json:"nonce"`
	// Beat is the heartbeat as read: the claim file's modification time.
	Beat time.Time `json:"-"`
}

// String is "host 1234 (slurm 17_3)".
func (c *Claim) String() string {
	s := fmt.Sprintf("%s pid %d", c.Host, c.PID)
	if c.Engine != "" && c.Engine != "local" {
		s += " (" + c.Engine + ")"
	}
	return s
}

// ClaimFile is the name of a task's claim in the results folder.
func (t *Task) ClaimFile() string { return t.base() + ".claim" }

// myClaim is this process's claim, for a worker on host.
func myClaim(host, engine string) Claim {
	ns, _ := os.Readlink("/proc/self/ns/pid")
	return Claim{Host: host, PID: os.Getpid(), PIDNS: ns, Engine: engine,
		Started: time.Now().UTC().Round(time.Millisecond), Nonce: strconv.FormatUint(rand.Uint64(), 16)}
}

// readClaim reads a claim file; nil when there is none.
func readClaim(path string) (*Claim, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var c Claim
	if err := json.Unmarshal(data, &c); err != nil {
		// Half a claim is never written (link); an unreadable one is
		// judged by its heartbeat alone.
		c = Claim{Host: "?", Nonce: "?"}
	}
	c.Beat = fi.ModTime()
	return &c, nil
}

// live says whether a claim read on host me still holds: its heartbeat
// is younger than expiry and, when it is of this host and process
// namespace, its process exists.
func (c *Claim) live(me *Claim, expiry time.Duration) bool {
	if time.Since(c.Beat) > expiry {
		return false
	}
	if c.Host == me.Host && c.PIDNS == me.PIDNS && c.PID > 0 {
		if err := syscall.Kill(c.PID, 0); errors.Is(err, syscall.ESRCH) {
			return false
		}
	}
	return true
}

// A held claim, renewed by beat and let go by release.
type held struct {
	path  string
	nonce string
}

// claim tries to claim the task whose claim file is path for me. It
// returns the held claim, or the live claim of another worker, which it
// leaves alone. A stale claim is taken over: renamed aside (only one
// worker's rename succeeds), checked to be the stale one read (else put
// back), and replaced by me's.
func claim(path string, me Claim, expiry time.Duration) (*held, *Claim, error) {
	data, err := json.Marshal(&me)
	if err != nil {
		return nil, nil, err
	}
	dir := filepath.Dir(path)
	for try := 0; ; try++ {
		if try == 5 {
			return nil, nil, fmt.Errorf("plan: %s: the claim keeps changing", path)
		}
		tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
		if err != nil {
			return nil, nil, err
		}
		_, err = tmp.Write(data)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Link(tmp.Name(), path)
		}
		os.Remove(tmp.Name())
		if err == nil {
			return &held{path: path, nonce: me.Nonce}, nil, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, nil, err
		}
		other, err := readClaim(path)
		if err != nil {
			return nil, nil, err
		}
		if other == nil {
			continue // released meanwhile
		}
		if other.live(&me, expiry) {
			return nil, other, nil
		}
		// Stale: take it over.
		aside := filepath.Join(dir, "."+filepath.Base(path)+".stale-"+me.Nonce)
		if err := os.Rename(path, aside); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				continue // another worker took it over first
			}
			return nil, nil, err
		}
		moved, _ := readClaim(aside)
		if moved != nil && moved.Nonce != other.Nonce {
			// Another worker took it over between the read and the
			// rename, and this was its fresh claim: give it back.
			os.Link(aside, path)
			os.Remove(aside)
			continue
		}
		os.Remove(aside)
	}
}

// beat renews the claim's heartbeat; false when the claim is no longer
// this worker's (taken over, or removed).
func (h *held) beat() bool {
	c, err := readClaim(h.path)
	if err != nil || c == nil || c.Nonce != h.nonce {
		return false
	}
	now := time.Now()
	return os.Chtimes(h.path, now, now) == nil
}

// release removes the claim when it is still this worker's.
func (h *held) release() {
	if c, err := readClaim(h.path); err == nil && c != nil && c.Nonce == h.nonce {
		os.Remove(h.path)
	}
}
