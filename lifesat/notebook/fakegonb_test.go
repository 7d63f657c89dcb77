//go:build unix

package notebook_test

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// runGoNBCell runs the current test again in a copy of the test binary, as
// GoNB runs a cell: with env (NAME=value) set, and $GONB_PIPE and
// $GONB_PIPE_BACK naming two FIFOs, over which the cell sends gob-encoded
// displays and GoNB answers (as internal/jpyexec/namedpipes_dispatch.go of
// gonb v0.11.5 does). The fake kernel acknowledges each Sync and hands
// every message the cell sends, Syncs included, to on, which may answer
// with values for the cell. It returns the cell's output; it stops the
// test when the cell or the fake kernel fails.
func runGoNBCell(t *testing.T, env string, on func(d protocol.DisplayData) ([]*protocol.CommValue, error)) string {
	t.Helper()
	dir := t.TempDir()
	toKernel := filepath.Join(dir, "to-kernel")
	toCell := filepath.Join(dir, "to-cell")
	for _, p := range []string{toKernel, toCell} {
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(os.Environ(), env,
		protocol.GONB_PIPE_ENV+"="+toKernel,
		protocol.GONB_PIPE_BACK_ENV+"="+toCell)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	kernelErr := make(chan error, 1)
	go func() { kernelErr <- fakeKernel(toKernel, toCell, on) }()
	err := cmd.Wait()
	var kerr error
	for waited := 0; ; waited++ {
		unblockFIFOs(toKernel, toCell) // if the cell died before opening them
		select {
		case kerr = <-kernelErr:
		case <-time.After(10 * time.Millisecond):
			if waited < 1000 {
				continue
			}
			t.Fatal("the fake kernel does not return")
		}
		break
	}
	if err != nil {
		t.Fatalf("cell: %v\n%s", err, out.String())
	}
	if kerr != nil {
		t.Fatalf("fake kernel: %v", kerr)
	}
	return out.String()
}

// fakeKernel is GoNB's side of the FIFOs: it opens them in the order the
// cell does (gonbui opens $GONB_PIPE, then $GONB_PIPE_BACK), acknowledges
// each Sync, passes each message to on and sends on's answers, until the
// cell closes its end.
func fakeKernel(toKernel, toCell string, on func(d protocol.DisplayData) ([]*protocol.CommValue, error)) error {
	in, err := os.Open(toKernel)
	if err != nil {
		return err
	}
	defer in.Close()
	back, err := os.OpenFile(toCell, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	defer back.Close()
	dec, enc := gob.NewDecoder(in), gob.NewEncoder(back)
	for {
		var d protocol.DisplayData
		if err := dec.Decode(&d); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if v, ok := d.Data[protocol.MIMECommValue]; ok {
			if cv, ok := v.(protocol.CommValue); ok && cv.Address == protocol.GonbuiSyncAddress {
				if err := enc.Encode(&protocol.CommValue{Address: protocol.GonbuiSyncAckAddress, Value: cv.Value}); err != nil {
					return err
				}
			}
		}
		answers, err := on(d)
		if err != nil {
			return err
		}
		for _, a := range answers {
			if err := enc.Encode(a); err != nil {
				return err
			}
		}
	}
}

// unblockFIFOs opens the other end of each FIFO without blocking, so that
// a fakeKernel still waiting in an open returns (with EOF) once the cell
// has exited.
func unblockFIFOs(toKernel, toCell string) {
	if f, err := os.OpenFile(toKernel, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
	if f, err := os.OpenFile(toCell, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
