package plan

import (
	"errors"
	"os"
	"path/filepath"
)

// Files written whole or not at all: the result files (never one over
// another) and the found mark.

// beforeRename, when not nil, is called by writeAtomic between the
// temporary file's sync and its rename: the tests kill a task there.
var beforeRename func()

// writeNew writes data to dir/name whole, as writeAtomic does, unless
// dir/name exists: then it writes nothing and returns false. Of two
// writers, the first wins (the temporary file is hard-linked to its
// name, which fails when the name exists).
func writeNew(dir, name string, data []byte) (bool, error) {
	tmp, err := writeTemp(dir, name, data)
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, filepath.Join(dir, name)); err != nil {
		if errors.Is(err, os.ErrExist) {
			return false, nil
		}
		return false, err
	}
	return true, syncDir(dir)
}

// writeTemp writes data to a new temporary file in dir, named after
// name, synced to disk, and returns its path.
func writeTemp(dir, name string, data []byte) (string, error) {
	f, err := os.CreateTemp(dir, "."+name+".tmp-*")
	if err != nil {
		return "", err
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return "", err
	}
	if beforeRename != nil {
		beforeRename()
	}
	return tmp, nil
}

// syncDir syncs a folder, so that a new name in it lasts.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// writeAtomic writes data to dir/name whole or not at all: to a
// temporary file in dir, synced to disk, renamed over name, and the
// folder synced so that the rename lasts. A reader never sees part of
// the file, and a writer killed on the way leaves only a temporary file
// whose name starts with ".".
func writeAtomic(dir, name string, data []byte) error {
	tmp, err := writeTemp(dir, name, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}
