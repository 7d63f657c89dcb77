package plan_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat/job"
	"github.com/lifesat/lifesat/lifesat/plan"
)

// TestSecondWorkerLeavesAClaimedTask: while a worker runs a task, a
// second worker on the same task returns at once, Claimed, naming the
// first (this host, this process); once the first is stopped the task
// is free again.
func TestSecondWorkerLeavesAClaimedTask(t *testing.T) {
	m, dir, cancel, done := startSleepingTask(t)
	rec, out, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[1], dir, nil)
	if err != nil || out != plan.Claimed || rec != nil {
		t.Errorf("the second worker: %+v, %v, %v; want claimed", rec, out, err)
	}
	var got []plan.Report
	err = plan.Work(context.Background(), &m.Header, m.Tasks[1:2], nil, dir, &plan.WorkOptions{Report: func(r plan.Report) { got = append(got, r) }})
	host, _ := os.Hostname()
	if err != nil || len(got) != 1 || got[0].Holder == nil || got[0].Holder.PID != os.Getpid() || got[0].Holder.Host != host {
		t.Errorf("Work's report: %+v, %v; want the holder, this process", got, err)
	}
	cancel()
	<-done
	if _, err := os.Stat(filepath.Join(dir, m.Tasks[1].ClaimFile())); !os.IsNotExist(err) {
		t.Errorf("the stopped worker left its claim: %v", err)
	}
}

// TestClaimExpires: a claim of another host is left alone while its
// heartbeat is fresh, and taken over once it is older than the expiry;
// an unreadable claim is judged by its heartbeat alone.
func TestClaimExpires(t *testing.T) {
	m := smallSweep(t)
	for _, body := range []string{`{"host":"node-7","pid":1,"started":"2026-01-01T00:00:00Z","nonce":"abc"}`, `{"ho`} {
		dir := t.TempDir()
		path := filepath.Join(dir, m.Tasks[0].ClaimFile())
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, out, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[0], dir, &plan.TaskOptions{Expiry: time.Hour})
		if err != nil || out != plan.Claimed {
			t.Errorf("%s: a fresh claim: %v, %v; want claimed", body, out, err)
		}
		old := time.Now().Add(-2 * time.Hour)
		os.Chtimes(path, old, old)
		rec, out, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[0], dir, &plan.TaskOptions{Expiry: time.Hour})
		if err != nil || out != plan.Ran || rec.Result.Status != job.Found {
			t.Errorf("%s: a stale claim: %+v, %v, %v; want it taken over", body, rec, out, err)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("%s: the claim is left after the task: %v", body, err)
		}
	}
}

// TestDuplicateStopsWhenTheResultAppears: a worker whose task gets its
// result from elsewhere (a worker that took the claim over while this
// one was frozen) stops within a poll and writes nothing.
func TestDuplicateStopsWhenTheResultAppears(t *testing.T) {
	started := filepath.Join(t.TempDir(), "started")
	m := smallSweep(t)
	m.Tasks[2].Spec.Solver = sleeper(t, started)
	dir := t.TempDir()
	type ran struct {
		out plan.Outcome
		err error
	}
	done := make(chan error, 1)
	res := make(chan ran, 1)
	go func() {
		_, out, err := plan.RunTask(context.Background(), &m.Header, &m.Tasks[2], dir, &plan.TaskOptions{Poll: 10 * time.Millisecond})
		res <- ran{out, err}
		done <- err
	}()
	waitFor(t, started, done)
	other := plan.Record{Format: plan.Format, Manifest: m.Header.Fingerprint, Index: 2, ID: m.Tasks[2].ID,
		Result: job.Result{Status: job.None}, Host: "node-7", Started: time.Now().UTC()}
	data, _ := json.Marshal(&other)
	if err := os.WriteFile(filepath.Join(dir, m.Tasks[2].File()), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if r := <-res; r.err != nil || r.out != plan.Claimed {
		t.Errorf("the duplicate: %v, %v; want claimed", r.out, r.err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, m.Tasks[2].File())); !bytes.Equal(after, data) {
		t.Error("the duplicate wrote over the result")
	}
}

// TestKilledWorkerIsTakenOver: a worker killed with SIGKILL leaves its
// claim. On the same host the next worker takes it over at once (its
// process is gone); from another host, only once its heartbeat is older
// than the expiry: a worker started right after the kill leaves the task
// with a line that names the dead one, a later one runs it.
func TestKilledWorkerIsTakenOver(t *testing.T) {
	for _, elsewhere := range []bool{false, true} {
		m := smallSweep(t)
		dir := t.TempDir()
		path := writeManifest(t, m, dir, "plan.jsonl")
		mark := filepath.Join(dir, "held")
		const expiry = 20 * time.Second
		env := []string{holdEnv + "=1:" + mark, expiryEnv + "=" + expiry.String()}
		if elsewhere {
			env = append(env, hostEnv+"=node-7")
		}
		worker := func(env ...string) (string, error) {
			cmd := driverCmd("task", path, "1")
			cmd.Env = append(cmd.Env, env...)
			out, err := cmd.CombinedOutput()
			return string(out), err
		}
		held := driverCmd("task", path, "1")
		held.Env = append(held.Env, env...)
		if err := held.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- held.Wait() }()
		waitFor(t, mark, done)
		out, err := worker(expiryEnv + "=" + expiry.String())
		if want := regexp.MustCompile(`^task 1: claimed by \S+ pid ` + strconv.Itoa(held.Process.Pid) + `\n$`); err != nil || !want.MatchString(out) {
			t.Errorf("a second worker beside a live one: %v, %q", err, out)
		}
		held.Process.Signal(syscall.SIGKILL)
		<-done
		killed := time.Now()
		if !elsewhere {
			if out, err := worker(expiryEnv + "=" + expiry.String()); err != nil || out != "task 1: ran found\n" {
				t.Errorf("the same host, right after the kill: %v, %q; want it taken over", err, out)
			}
			continue
		}
		if os.Getenv("LIFESAT_ENGINES") == "" {
			t.Log("the takeover from another host after the expiry runs with LIFESAT_ENGINES set")
			continue
		}
		out, err = worker(expiryEnv + "=" + expiry.String())
		if err != nil || !regexp.MustCompile(`^task 1: claimed by node-7 pid \d+\n$`).MatchString(out) {
			t.Errorf("another host's, right after the kill: %v, %q; want it left alone", err, out)
		}
		for {
			out, err := worker(expiryEnv + "=" + expiry.String())
			if out == "task 1: ran found\n" {
				if since := time.Since(killed); since < expiry-expiry/4 {
					t.Errorf("taken over %v after the kill, before the heartbeat expired", since)
				}
				break
			}
			if err != nil || time.Since(killed) > expiry+time.Minute {
				t.Fatalf("no takeover %v after the kill: %v, %q", time.Since(killed), err, out)
			}
			time.Sleep(500 * time.Millisecond)
		}
	}
}
