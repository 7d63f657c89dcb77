package notebook

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestParseEvent(t *testing.T) {
	ev, err := parseEvent(`{"seq":3,"cmd":"click","x":2,"y":5,"gen":1,"form":{"kind":"spaceship","w":"6","h":"6","p":"4","dx":"1","dy":"1","sym":"C1","rule":"B3/S23"}}`)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Seq != 3 || ev.Cmd != "click" || ev.X != 2 || ev.Y != 5 || ev.Gen != 1 || ev.Form == nil || ev.Form.Kind != "spaceship" || ev.Form.Rule != "B3/S23" {
		t.Errorf("read %+v", ev)
	}
	for _, bad := range []string{
		``, `null`, `[]`, `"search"`, `{"seq":1}`, `{"cmd":"search","seq":-1}`,
		`{"seq":"1","cmd":"search"}`, `{"seq":1,"cmd":"search","x":"a"}`, `{"seq":1,"cmd":"search"`,
		`{"seq":1,"cmd":"search","form":{"w":6}}`,
		`{"seq":1,"cmd":"` + strings.Repeat("a", maxEventBytes) + `"}`,
	} {
		if _, err := parseEvent(bad); err == nil {
			t.Errorf("%.60q read without an error", bad)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("%.60q: a multi-line error: %v", bad, err)
		}
	}
}

// FuzzParseEvent checks that no message of the page makes the reader
// panic, and that what it accepts has a sequence number and a command.
func FuzzParseEvent(f *testing.F) {
	f.Add(`{"seq":0,"cmd":"hello"}`)
	f.Add(`{"seq":3,"cmd":"click","x":2,"y":5,"gen":1,"form":{"kind":"spaceship","w":"6"}}`)
	f.Add(`{"seq":1e3,"cmd":"stop"}`)
	f.Fuzz(func(t *testing.T, s string) {
		ev, err := parseEvent(s)
		if err == nil && (ev.Seq < 0 || ev.Cmd == "") {
			t.Errorf("%q read as %+v", s, ev)
		}
	})
}

func message(seq int, cmd string) string {
	return `{"seq":` + strconv.Itoa(seq) + `,"cmd":"` + cmd + `"}`
}

func cmds(evs []event) string {
	var s []string
	for _, ev := range evs {
		s = append(s, ev.Cmd)
	}
	return strings.Join(s, " ")
}

// The inbox hands the events on in the order they were sent, whatever
// the order they arrive in, drops repeats, and gives up on a gap.
func TestInboxOrder(t *testing.T) {
	in := newInbox()
	in.put(message(2, "c"))
	in.put(message(1, "b"))
	if evs, _ := in.take(); len(evs) != 0 {
		t.Fatalf("events ready before event 0: %s", cmds(evs))
	}
	in.put(message(0, "a"))
	in.put(message(1, "b"))
	if evs, _ := in.take(); cmds(evs) != "a b c" {
		t.Fatalf("took %q, want a b c", cmds(evs))
	}
	in.put(message(5, "f"))
	in.put("not json")
	evs, bad := in.take()
	if len(evs) != 0 || bad == nil {
		t.Fatalf("took %q and error %v, want nothing and the bad message's error", cmds(evs), bad)
	}
	// Event 3 and 4 never come: once the gap is old enough, 5 goes on.
	in.skipGaps()
	if evs, _ := in.take(); len(evs) != 0 {
		t.Fatalf("a fresh gap was skipped: %s", cmds(evs))
	}
	in.mu.Lock()
	in.gapAt = time.Now().Add(-gapWait)
	in.mu.Unlock()
	in.skipGaps()
	if evs, _ := in.take(); cmds(evs) != "f" {
		t.Fatalf("after the gap took %q, want f", cmds(evs))
	}
	in.put(message(6, "g"))
	if evs, _ := in.take(); cmds(evs) != "g" {
		t.Fatalf("after the gap took %q, want g", cmds(evs))
	}
}
