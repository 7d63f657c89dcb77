package plan

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"regexp"
	"strings"
	"sync"
	"text/template"
)

// The engines: scripts that run a manifest's tasks with the job-array
// engines people already run, each task "lifesat task MANIFEST I".

//go:embed engines/*.tmpl
var engineFiles embed.FS

// engines are the scripts' templates, parsed on first use rather than at
// the start of every program that links this package.
var engines = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(template.FuncMap{
		"sh":   shellQuote,
		"yaml": yamlQuote,
	}).ParseFS(engineFiles, "engines/*.tmpl"))
})

// EngineOptions say where a manifest's tasks find what they need. A nil
// *EngineOptions means the defaults, and so does the zero value of every
// field.
type EngineOptions struct {
	// Manifest is the manifest's path as the tasks see it (Write* do
	// not read it); "" means "manifest.jsonl". Results is the results
	// folder; "" means ResultsDir(Manifest).
	Manifest, Results string
	// Command is the lifesat command and any words before "task";
	// empty means {"lifesat"}.
	Command []string
	// Jobs is how many tasks run at once; 0 means as many as the engine
	// allows (Slurm), one per core (GNU parallel), 8 (Kubernetes).
	Jobs int
	// Name names the jobs; "" means "lifesat-KIND-" and 8 hex digits
	// of the manifest's fingerprint.
	Name string
	// Script is the script's file name as its usage lines show it; ""
	// means "SCRIPT".
	Script string

	// Sbatch holds more sbatch options, such as "--partition=long" or
	// "--time=2:00:00". The array's tasks ask for 1 CPU and, unless
	// an option says "--mem", the manifest's memory estimate and 256 MiB
	// more.
	Sbatch []string
	// MaxArray is the most array indices a Slurm array may have; 0
	// means 1000 (Slurm's MaxArraySize is 1001 by default). A manifest
	// with more tasks runs several tasks per index.
	MaxArray int

	// Image, Claim and Mount are the Kubernetes Job's container image,
	// the volume claim that holds the manifest and the results, and
	// where it is mounted; "" means "lifesat:latest", "lifesat-data"
	// and "/data". A relative Manifest or Results is taken from Mount.
	Image, Claim, Mount string
}

// engineData is what the templates are given.
type engineData struct {
	Kind, Manifest, Results, Name, Script string
	Command                               []string
	Split                                 bool
	Tasks, LastTask, Jobs, Parallelism    int
	Per, PerLess, Last                    int // tasks per array index, less 1, the last index
	Sbatch                                []string
	Image, Claim, Mount                   string
	MemoryMiB                             int64
}

func (m *Manifest) engineData(opt *EngineOptions) *engineData {
	var o EngineOptions
	if opt != nil {
		o = *opt
	}
	if o.Manifest == "" {
		o.Manifest = "manifest.jsonl"
	}
	if o.Results == "" {
		o.Results = ResultsDir(o.Manifest)
	}
	if len(o.Command) == 0 {
		o.Command = []string{"lifesat"}
	}
	if o.Name == "" {
		fp := strings.TrimPrefix(m.Header.Fingerprint, "sha256:")
		o.Name = "lifesat-" + m.Header.Kind + "-" + fp[:min(8, len(fp))]
	}
	if o.Script == "" {
		o.Script = "SCRIPT"
	}
	if o.MaxArray <= 0 {
		o.MaxArray = 1000
	}
	n := len(m.Tasks)
	d := &engineData{Kind: m.Header.Kind, Manifest: o.Manifest, Results: o.Results, Name: o.Name, Script: o.Script,
		Command: o.Command, Split: m.Header.Kind == KindSplit, Tasks: n, Jobs: max(o.Jobs, 0),
		Image: o.Image, Claim: o.Claim, Mount: o.Mount, Sbatch: o.Sbatch,
		MemoryMiB: m.Header.MemoryBytes>>20 + 256}
	d.LastTask = n - 1
	d.Per = (n + o.MaxArray - 1) / o.MaxArray
	d.PerLess, d.Last = d.Per-1, (n+d.Per-1)/d.Per-1
	hasMem := false
	for _, s := range o.Sbatch {
		hasMem = hasMem || strings.HasPrefix(s, "--mem")
	}
	if !hasMem {
		d.Sbatch = append([]string{fmt.Sprintf("--mem=%dM", d.MemoryMiB)}, d.Sbatch...)
	}
	d.Parallelism = o.Jobs
	if d.Parallelism <= 0 {
		d.Parallelism = 8
	}
	d.Parallelism = min(d.Parallelism, n)
	if d.Image == "" {
		d.Image = "lifesat:latest"
	}
	if d.Claim == "" {
		d.Claim = "lifesat-data"
	}
	if d.Mount == "" {
		d.Mount = "/data"
	}
	return d
}

// WriteSlurm writes a bash script that submits m's tasks as a Slurm job
// array, "sbatch --array=0-N%P", and a collect job that runs after it
// ("--dependency=afterany"). In a split, the task that finds the answer
// cancels the others with scancel. Its comment gives its commands.
func (m *Manifest) WriteSlurm(w io.Writer, opt *EngineOptions) error {
	return engines().ExecuteTemplate(w, "slurm.sh.tmpl", m.engineData(opt))
}

// WriteParallel writes a bash script that runs m's tasks with GNU
// parallel, here or on other hosts ("-S"), then collects them. Its
// comment gives its commands.
func (m *Manifest) WriteParallel(w io.Writer, opt *EngineOptions) error {
	return engines().ExecuteTemplate(w, "parallel.sh.tmpl", m.engineData(opt))
}

// WriteKubernetes writes a Kubernetes Indexed Job (YAML) that runs m's
// tasks, pod K task K, on a volume that holds the manifest and the
// results. It is checked against a golden file only, not on a cluster.
func (m *Manifest) WriteKubernetes(w io.Writer, opt *EngineOptions) error {
	d := m.engineData(opt)
	if !dns1123.MatchString(d.Name) {
		return fmt.Errorf("%w: %q is no Kubernetes name (lower-case letters, digits and '-', at most 63)", ErrPlan, d.Name)
	}
	for _, p := range []*string{&d.Manifest, &d.Results} {
		if !path.IsAbs(*p) {
			*p = path.Join(d.Mount, *p)
		}
	}
	return engines().ExecuteTemplate(w, "job.yaml.tmpl", d)
}

var dns1123 = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$`)

// shellQuote quotes s as one word for sh and bash.
func shellQuote(s string) string {
	if s != "" && regexp.MustCompile(`^[A-Za-z0-9_./:=+,%@-]+$`).MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// yamlQuote quotes s as a YAML double-quoted scalar, which is JSON's
// string syntax.
func yamlQuote(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}
