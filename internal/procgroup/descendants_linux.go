package procgroup

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER of prctl(2).
const prSetChildSubreaper = 36

// AdoptOrphans makes this process a child subreaper: a descendant whose
// parent dies is reparented to it instead of to init, so that
// KillDescendants finds it.
func AdoptOrphans() {
	_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
}

// KillDescendants kills every child of this process with its process
// group (a child not yet reaped keeps its id, so the group it led, if any,
// is its own), reaps them, and repeats for the orphans that come back,
// until two scans 20 ms apart find none, for at most a second. With no
// child at the first scan there is no descendant at all, and it returns
// at once.
func KillDescendants() {
	deadline := time.Now().Add(time.Second)
	killed := false
	for empty := 0; empty < 2 && time.Now().Before(deadline); {
		kids := children()
		if len(kids) == 0 {
			if !killed {
				return
			}
			empty++
		} else {
			empty, killed = 0, true
		}
		for _, k := range kids {
			_ = syscall.Kill(-k, syscall.SIGKILL)
			_ = syscall.Kill(k, syscall.SIGKILL)
		}
		for {
			var ws syscall.WaitStatus
			pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
			if pid <= 0 || err != nil {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// children lists this process's children, from /proc/self/task/*/children
// (or, where the kernel lacks that file, from the parent field of every
// /proc/*/stat).
func children() []int {
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	if len(tasks) == 0 {
		return childrenOf(os.Getpid())
	}
	var kids []int
	for _, name := range tasks {
		data, _ := os.ReadFile(name)
		for _, f := range strings.Fields(string(data)) {
			if k, err := strconv.Atoi(f); err == nil {
				kids = append(kids, k)
			}
		}
	}
	return kids
}

// childrenOf lists the processes whose parent is pid, from /proc.
func childrenOf(pid int) []int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var kids []int
	for _, name := range stats {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		s := string(data)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			continue
		}
		if ppid, err := strconv.Atoi(f[1]); err == nil && ppid == pid {
			if k, err := strconv.Atoi(filepath.Base(filepath.Dir(name))); err == nil {
				kids = append(kids, k)
			}
		}
	}
	return kids
}

// CanPassPipes reports whether a child can be handed a pipe as an extra
// descriptor that InheritedPipe finds.
const CanPassPipes = true

// InheritedPipe is descriptor fd as a file, closed when this process
// starts another program, so that only this process holds the pipe; nil
// when fd is not an open pipe.
func InheritedPipe(fd int) *os.File {
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFIFO {
		return nil
	}
	syscall.CloseOnExec(fd)
	return os.NewFile(uintptr(fd), "progress")
}

// Self is the path that starts this program again, even when its file
// was replaced or removed while it runs.
func Self() (string, error) { return "/proc/self/exe", nil }
