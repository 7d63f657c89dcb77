package bench_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lifesat/lifesat/lifesat/bench"
)

// TestReadCSVRoundTrip reads every CSV file in data/ (written by
// WriteCSV) and writes it back byte for byte.
func TestReadCSVRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "data", "bench-*.csv"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no data/bench-*.csv: %v", err)
	}
	for _, name := range files {
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := bench.ReadCSV(bytes.NewReader(want))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(rows) != bytes.Count(want, []byte("\n"))-1 {
			t.Errorf("%s: %d rows from %d lines", name, len(rows), bytes.Count(want, []byte("\n")))
		}
		var got bytes.Buffer
		if err := bench.WriteCSV(&got, rows); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("%s: written back differently", name)
		}
	}
}

func TestReadCSVErrors(t *testing.T) {
	header := strings.Join(bench.Header, ",") + "\n"
	row := "still life 8x8,8,1,direct,gophersat,1,64,100,1.5,2.5,SAT,true,,m\n"
	for _, c := range []struct{ in, want string }{
		{"", "no header"},
		{"problem,side\n", `no column "period"`},
		{header + strings.Replace(row, ",8,1,", ",eight,1,", 1), "line 2: side"},
		{header + strings.Replace(row, "1.5", "NaN", 1), "line 2: encode_ms: not a finite number"},
		{header + strings.Replace(row, "true", "yes", 1), "line 2: verified"},
		{header + strings.Replace(row, ",1,64", ",-1,64", 1), "line 2: seed"},
		{header + "a,b\n", "wrong number of fields"},
	} {
		_, err := bench.ReadCSV(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadCSV(%q) = %v, want an error with %q", c.in, err, c.want)
		}
	}
	rows, err := bench.ReadCSV(strings.NewReader(header + row))
	want := []bench.Row{{Problem: "still life 8x8", Side: 8, Period: 1, Encoding: "direct", Solver: "gophersat",
		Seed: 1, Vars: 64, Clauses: 100, EncodeMS: 1.5, SolveMS: 2.5, Status: "SAT", Verified: true, Machine: "m"}}
	if err != nil || !reflect.DeepEqual(rows, want) {
		t.Errorf("ReadCSV = %+v, %v; want %+v", rows, err, want)
	}
}

// FuzzReadCSV: any input gives rows or an error, never a panic, and rows
// read, written and read again are the same rows.
func FuzzReadCSV(f *testing.F) {
	f.Add(strings.Join(bench.Header, ",") + "\nstill life 8x8,8,1,direct,gophersat,1,64,100,1.5,2.5,SAT,true,,m\n")
	f.Add("problem,side\n1,2\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		rows, err := bench.ReadCSV(strings.NewReader(in))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := bench.WriteCSV(&buf, rows); err != nil {
			t.Fatal(err)
		}
		again, err := bench.ReadCSV(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("rows written by WriteCSV do not read back: %v", err)
		}
		var buf2 bytes.Buffer
		bench.WriteCSV(&buf2, again)
		if !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
			t.Fatalf("rows change when written and read again:\n%s\n%s", buf.Bytes(), buf2.Bytes())
		}
	})
}
