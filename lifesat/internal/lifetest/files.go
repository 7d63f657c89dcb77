package lifetest

import (
	"io"
	"os"
	"path/filepath"
	"testing"
)

// ReadFile opens the named file and decodes it with read (rle.Read,
// cells.Read, matrix.Read, ...), failing t on any error.
func ReadFile[T any](t testing.TB, name string, read func(io.Reader) (T, error)) T {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := read(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// Seed adds to a fuzzer's corpus every file matching glob (the package's
// testdata) and then each of the extra inputs.
func Seed(f *testing.F, glob string, extra ...string) {
	f.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// Stress reports whether the long versions of the tests should run: set
// LIFESAT_STRESS=1 (as .ci/run does in its stress step). The plain
// "go test ./..." keeps every check but runs the largest cases only there.
func Stress() bool { return os.Getenv("LIFESAT_STRESS") != "" }
