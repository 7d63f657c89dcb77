//go:build linux

package browsertest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"syscall"
	"time"
)

// markerEnv marks every process the test starts, and through inheritance
// every process those start (the notebook server, its kernels, their cell
// programs, Chromium and its helpers): the test finds them by their
// environment, never by their name.
const markerEnv = "LIFESAT_BROWSERTEST_RUN"

// becomeSubreaper makes the test process the reaper of its orphaned
// descendants: Jupyter starts each kernel in a session of its own, and
// when the server ends, the kernel's processes become the test's children,
// which reapChildren then waits for, instead of zombies of init.
func becomeSubreaper() error {
	const prSetChildSubreaper = 36
	_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// marked lists the processes whose environment holds markerEnv=run.
func marked(run string) []int {
	want := []byte(markerEnv + "=" + run)
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	self := os.Getpid()
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil {
			continue // gone, or a zombie
		}
		for _, kv := range bytes.Split(env, []byte{0}) {
			if bytes.Equal(kv, want) {
				pids = append(pids, pid)
				break
			}
		}
	}
	return pids
}

// killMarked kills the process group of every marked process (or the
// process alone when it shares the test's group), and looks again until
// it finds none three times in a row, for at most limit. It reaps the
// orphans that the test inherits as their subreaper. It returns the pids
// still alive at the end.
func killMarked(run string, limit time.Duration) []int {
	deadline := time.Now().Add(limit)
	own := syscall.Getpgrp()
	quiet := 0
	for {
		reapChildren()
		pids := marked(run)
		if len(pids) == 0 {
			quiet++
			if quiet == 3 {
				return nil
			}
		} else {
			quiet = 0
		}
		if time.Now().After(deadline) {
			return pids
		}
		for _, pid := range pids {
			if pg, err := syscall.Getpgid(pid); err == nil && pg != own && pg > 1 {
				syscall.Kill(-pg, syscall.SIGKILL)
			} else {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// reapChildren waits for every child that has exited, without blocking.
// Call it only when no exec.Cmd of the test is still waiting for its
// process.
func reapChildren() {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if pid <= 0 || errors.Is(err, syscall.ECHILD) {
			return
		}
	}
}

// stopGroup sends SIGTERM to the process group pgid, waits for done (the
// wait of its leader) for up to grace, then sends SIGKILL.
func stopGroup(pgid int, done <-chan struct{}, grace time.Duration) error {
	if pgid <= 1 {
		return fmt.Errorf("no process group to stop")
	}
	syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(grace):
	}
	err := syscall.Kill(-pgid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	select {
	case <-done:
		return nil
	case <-time.After(grace):
		return fmt.Errorf("process group %d survives SIGKILL", pgid)
	}
}

// reapAll waits, for at most limit, until the test process has no child
// left, reaping each as it ends: a child that the test leaves unreaped
// becomes a zombie of init when the test ends, which init may never reap.
func reapAll(limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		switch {
		case errors.Is(err, syscall.ECHILD):
			return nil
		case err != nil && !errors.Is(err, syscall.EINTR):
			return err
		case pid > 0:
			continue
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("children still running after %v", limit)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
