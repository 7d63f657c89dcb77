package plan

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path"
	"regexp"
	"strings"
	"sync"
	"text/template"
	"time"
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
	// Jobs is how many array indices run at once; 0 means as many as
	// the engine allows (Slurm), one per core (GNU parallel), 8
	// (Kubernetes).
	Jobs int
	// Batch is how many tasks each array index runs, one after the
	// other ("lifesat task -batch"); 0 means 1. (A Slurm array of more
	// than MaxArray indices gets larger batches.) A split's index runs
	// one task, and then the split's open tasks.
	Batch int
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
	// Srun makes the Slurm script's --wait run a sweep whose indices
	// are one wave (at most Jobs) as the tasks of one srun job, which
	// Slurm starts at once, where an array job waits for the
	// scheduler's next pass (up to a second or more, longer than a plan
	// of seconds). Such a job is not requeued and ends with the script.
	// plan -scripts sets it for a sweep it timed at seconds.
	Srun bool
	// MaxArray is the most array indices a Slurm array may have; 0
	// means 1000 (Slurm's MaxArraySize is 1001 by default). A manifest
	// with more tasks runs several tasks per index.
	MaxArray int

	// Image, Claim and Mount are the Kubernetes Job's container image
	// (deploy/Dockerfile builds one), the volume claim that holds the
	// results, and where it is mounted; "" means "lifesat:latest",
	// "lifesat-data" and "/data". A relative Results is taken from
	// Mount. The manifest itself travels in a ConfigMap.
	Image, Claim, Mount string
	// Deadline bounds the Kubernetes Job (activeDeadlineSeconds); 0
	// means one that the plan's time limit gives (see WriteKubernetes).
	Deadline time.Duration
}

// The engines' time limits, from the manifest's time limit L: an array
// index is told its time is up (TaskOptions.TimeUp) after UpTime, which
// is its batch's tasks at L and 30 s each (a split's index: four tasks,
// its own and the split's open ones), and killed a minute later.
const (
	taskSlack  = 30 * time.Second
	killMargin = time.Minute
	poolTasks  = 4
)

// UpTime is when an array index of m with batches of batch tasks is
// told that its time is up; 0 when m has no time limit.
func (m *Manifest) UpTime(batch int) time.Duration {
	if m.Header.LimitSeconds <= 0 {
		return 0
	}
	n := max(batch, 1)
	if m.Header.Kind == KindSplit {
		n = max(n, poolTasks)
	}
	return time.Duration(n) * (time.Duration(m.Header.LimitSeconds*float64(time.Second)) + taskSlack)
}

// engineData is what the templates are given.
type engineData struct {
	Kind, Manifest, Results, Name, Script string
	Command                               []string
	Split                                 bool
	Tasks, LastTask, Jobs, Parallelism    int
	Per, PerLess, Last, Indices           int // tasks per array index, less 1, the last index, the indices
	Sbatch                                []string
	// Srun: --wait runs one srun job, with SrunOptions (Sbatch's, the
	// memory a CPU's).
	Srun                bool
	SrunOptions         []string
	Image, Claim, Mount string
	MemoryMiB           int64
	// The time limits: the task's, in seconds (0: none); when an index's
	// time is up, in seconds, and Slurm's --time in minutes; the
	// Kubernetes Jobs' deadlines in seconds.
	Limit, UpSeconds, SlurmMinutes, KillMargin int
	Deadline, CollectDeadline                  int64
	// The Kubernetes ConfigMap's key for the manifest, and the
	// manifest's lines.
	ManifestKey string
	Lines       []string
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
	d.Per = max(o.Batch, 1, (n+o.MaxArray-1)/o.MaxArray)
	if d.Split {
		d.Per = 1 // the pool balances a split's indices
	}
	d.PerLess, d.Last = d.Per-1, (n+d.Per-1)/d.Per-1
	d.Indices = d.Last + 1
	d.Limit = int(math.Ceil(m.Header.LimitSeconds))
	up := m.UpTime(d.Per)
	d.UpSeconds = int(math.Ceil(up.Seconds()))
	d.KillMargin = int(killMargin.Seconds())
	if up > 0 {
		d.SlurmMinutes = int(math.Ceil((up + killMargin).Minutes()))
	}
	for _, s := range o.Sbatch {
		switch {
		case strings.HasPrefix(s, "--mem"):
			d.MemoryMiB = 0
		case strings.HasPrefix(s, "--time") || strings.HasPrefix(s, "-t"):
			d.SlurmMinutes = 0 // the user's
		}
	}
	d.SrunOptions = d.Sbatch
	if d.MemoryMiB > 0 {
		d.Sbatch = append([]string{fmt.Sprintf("--mem=%dM", d.MemoryMiB)}, d.Sbatch...)
		d.SrunOptions = append([]string{fmt.Sprintf("--mem-per-cpu=%dM", d.MemoryMiB)}, d.SrunOptions...)
	}
	if d.SlurmMinutes > 0 {
		d.Sbatch = append([]string{fmt.Sprintf("--time=%d", d.SlurmMinutes)}, d.Sbatch...)
		d.SrunOptions = append([]string{fmt.Sprintf("--time=%d", d.SlurmMinutes)}, d.SrunOptions...)
	}
	d.Srun = o.Srun && !d.Split && d.Jobs > 0 && d.Indices <= d.Jobs
	d.MemoryMiB = m.Header.MemoryBytes>>20 + 256
	d.Parallelism = o.Jobs
	if d.Parallelism <= 0 {
		d.Parallelism = 8
	}
	d.Parallelism = min(d.Parallelism, d.Indices)
	// The Kubernetes Job's deadline: its waves of pods, each at most an
	// index's time and the kill margin, and one wave more; a day when
	// there is no time limit.
	deadline := o.Deadline
	if deadline <= 0 {
		deadline = 24 * time.Hour
		if up > 0 {
			waves := (d.Indices + d.Parallelism - 1) / d.Parallelism
			deadline = time.Duration(waves+1) * (up + killMargin)
		}
	}
	d.Deadline = int64(math.Ceil(deadline.Seconds()))
	d.CollectDeadline = d.Deadline + 600
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

// WriteKubernetes writes the Kubernetes objects (YAML) that run m's
// tasks: a ConfigMap that holds the manifest, an Indexed Job whose pod K
// runs array index K ("lifesat task -batch B", the ConfigMap mounted
// read-only at /plan, the results on a volume claim), and a collect Job
// that waits for the results ("lifesat collect -watch") and writes the
// table beside them. The Job has a podFailurePolicy (a disrupted pod is
// not counted, a bad manifest fails its index at once), retries per
// index (backoffLimitPerIndex: Kubernetes 1.29 or later), a deadline
// (EngineOptions.Deadline, or the plan's waves of pods at their time
// limit, or a day), a time to live once finished, and asks for the
// manifest's memory estimate. Its comment gives its commands. It is
// checked against Kubernetes' API types in a test, not on a cluster.
func (m *Manifest) WriteKubernetes(w io.Writer, opt *EngineOptions) error {
	d := m.engineData(opt)
	if !dns1123().MatchString(d.Name) || len(d.Name) > 63-len("-collect") {
		return fmt.Errorf("%w: %q is no Kubernetes name for a Job and its collect Job (lower-case letters, digits and '-', at most %d)", ErrPlan, d.Name, 63-len("-collect"))
	}
	d.ManifestKey = path.Base(d.Manifest)
	if !configKey().MatchString(d.ManifestKey) {
		d.ManifestKey = "manifest.jsonl"
	}
	d.Manifest = "/plan/" + d.ManifestKey
	if !path.IsAbs(d.Results) {
		d.Results = path.Join(d.Mount, path.Base(d.Results))
	}
	var buf strings.Builder
	if err := m.Write(&buf); err != nil {
		return err
	}
	if buf.Len() > maxConfigMap {
		return fmt.Errorf("%w: the manifest is %d bytes; a Kubernetes ConfigMap holds less than 1 MiB: copy it onto the volume and run the Job's command on it", ErrPlan, buf.Len())
	}
	d.Lines = strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	return engines().ExecuteTemplate(w, "job.yaml.tmpl", d)
}

// maxConfigMap is the largest manifest WriteKubernetes puts in a
// ConfigMap: Kubernetes takes objects of at most 1 MiB, this one's other
// fields included.
const maxConfigMap = 1<<20 - 4<<10

// configKey matches the keys of a ConfigMap's data.
var configKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-._a-zA-Z0-9]{1,253}$`) }) // compiled on first use: no cost at start

var dns1123 = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$`) }) // compiled on first use: no cost at start

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
