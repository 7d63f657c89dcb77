package k8s_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lifesat/lifesat/lifesat"
	"github.com/lifesat/lifesat/lifesat/plan"
	"github.com/lifesat/lifesat/lifesat/rule"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"
)

// objects are the Kubernetes objects of one file.
type objects struct {
	config        *corev1.ConfigMap
	job, collect  *batchv1.Job
	manifestBytes []byte
}

// decode reads a file of YAML documents into Kubernetes' API types,
// refusing unknown fields (a misspelt or misplaced field would be
// dropped by the API server, or refused by kubectl's validation).
func decode(t *testing.T, data []byte) *objects {
	t.Helper()
	var o objects
	for i, doc := range regexp.MustCompile(`(?m)^---\n`).Split(string(data), -1) {
		var tm metav1.TypeMeta
		if err := yaml.Unmarshal([]byte(doc), &tm); err != nil {
			t.Fatalf("document %d: %v", i, err)
		}
		var into any
		switch tm.APIVersion + " " + tm.Kind {
		case "v1 ConfigMap":
			o.config = &corev1.ConfigMap{}
			into = o.config
		case "batch/v1 Job":
			j := &batchv1.Job{}
			if o.job == nil {
				o.job = j
			} else {
				o.collect = j
			}
			into = j
		default:
			t.Fatalf("document %d: %s %s", i, tm.APIVersion, tm.Kind)
		}
		if err := yaml.UnmarshalStrict([]byte(doc), into); err != nil {
			t.Fatalf("document %d (%s): %v", i, tm.Kind, err)
		}
	}
	if o.config == nil || o.job == nil || o.collect == nil {
		t.Fatalf("want a ConfigMap and two Jobs; got %v, %v, %v", o.config != nil, o.job != nil, o.collect != nil)
	}
	return &o
}

var dns1123Label = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`)

// check checks what the API server's validation of Jobs (Kubernetes
// 1.29 and later, pkg/apis/batch/validation) would refuse in these
// objects, and what lifesat relies on: the manifest in the ConfigMap as
// it was written, every task covered by the indices, the volumes
// mounted where the commands look.
func check(t *testing.T, o *objects, m *plan.Manifest, batch int) {
	t.Helper()
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if len(o.config.Data) != 1 {
		t.Fatalf("ConfigMap data: %d keys", len(o.config.Data))
	}
	for key, v := range o.config.Data {
		if v != buf.String() {
			t.Errorf("ConfigMap %s is not the manifest as written", key)
		}
		if _, err := plan.Read(strings.NewReader(v)); err != nil {
			t.Errorf("ConfigMap %s: %v", key, err)
		}
		o.manifestBytes = []byte(v)
	}
	for _, j := range []*batchv1.Job{o.job, o.collect} {
		name := j.Name
		if len(name) > 63 || !dns1123Label.MatchString(name) {
			t.Errorf("Job name %q: a Job's name must be a DNS label of at most 63 characters (its pods are labelled with it)", name)
		}
		s := j.Spec
		pod := s.Template.Spec
		if pod.RestartPolicy != corev1.RestartPolicyNever {
			t.Errorf("%s: restartPolicy %q; a podFailurePolicy needs Never", name, pod.RestartPolicy)
		}
		if s.ActiveDeadlineSeconds == nil || *s.ActiveDeadlineSeconds <= 0 {
			t.Errorf("%s: no deadline", name)
		}
		if s.TTLSecondsAfterFinished == nil || *s.TTLSecondsAfterFinished < 0 {
			t.Errorf("%s: no time to live", name)
		}
		if len(pod.Containers) != 1 {
			t.Fatalf("%s: %d containers", name, len(pod.Containers))
		}
		c := pod.Containers[0]
		req, lim := c.Resources.Requests[corev1.ResourceMemory], c.Resources.Limits[corev1.ResourceMemory]
		if req.Value() < m.Header.MemoryBytes || lim.Cmp(req) < 0 {
			t.Errorf("%s: memory request %v, limit %v, for an estimate of %d bytes", name, &req, &lim, m.Header.MemoryBytes)
		}
		if _, ok := c.Resources.Requests[corev1.ResourceCPU]; !ok {
			t.Errorf("%s: no CPU request", name)
		}
		if s.PodFailurePolicy == nil {
			t.Fatalf("%s: no podFailurePolicy", name)
		}
		ignores := false
		for _, r := range s.PodFailurePolicy.Rules {
			switch {
			case r.OnExitCodes != nil:
				e := r.OnExitCodes
				if e.ContainerName == nil || *e.ContainerName != c.Name {
					t.Errorf("%s: a rule on the exit codes of container %v, not %s", name, e.ContainerName, c.Name)
				}
				if e.Operator != batchv1.PodFailurePolicyOnExitCodesOpIn || len(e.Values) == 0 || slices.Contains(e.Values, 0) || !slices.IsSorted(e.Values) {
					t.Errorf("%s: exit codes %v %v: In wants sorted values, without 0", name, e.Operator, e.Values)
				}
				if r.Action == batchv1.PodFailurePolicyActionFailIndex && s.BackoffLimitPerIndex == nil {
					t.Errorf("%s: FailIndex needs backoffLimitPerIndex", name)
				}
			case len(r.OnPodConditions) == 1 && r.OnPodConditions[0].Type == corev1.DisruptionTarget && r.Action == batchv1.PodFailurePolicyActionIgnore:
				ignores = true
			default:
				t.Errorf("%s: rule %+v", name, r)
			}
		}
		if !ignores {
			t.Errorf("%s: a disrupted pod (evicted, preempted) counts against the retries", name)
		}
		mounts := map[string]string{}
		for _, vm := range c.VolumeMounts {
			mounts[vm.Name] = vm.MountPath
		}
		for _, v := range pod.Volumes {
			if _, ok := mounts[v.Name]; !ok {
				t.Errorf("%s: volume %s is mounted nowhere", name, v.Name)
			}
			if v.ConfigMap != nil && (v.ConfigMap.Name != o.config.Name || mounts[v.Name] != "/plan") {
				t.Errorf("%s: the ConfigMap %s at %s", name, v.ConfigMap.Name, mounts[v.Name])
			}
			if v.PersistentVolumeClaim == nil && v.ConfigMap == nil {
				t.Errorf("%s: volume %s is neither the claim nor the ConfigMap", name, v.Name)
			}
		}
	}
	s := o.job.Spec
	n := (len(m.Tasks) + batch - 1) / batch
	switch {
	case s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion:
		t.Error("the Job is not Indexed")
	case s.Completions == nil || int(*s.Completions) != n:
		t.Errorf("completions %v, want %d indices for %d tasks in batches of %d", s.Completions, n, len(m.Tasks), batch)
	case s.Parallelism == nil || *s.Parallelism < 1 || *s.Parallelism > *s.Completions:
		t.Errorf("parallelism %v", s.Parallelism)
	case s.BackoffLimitPerIndex == nil || s.MaxFailedIndexes == nil || *s.MaxFailedIndexes > *s.Completions:
		t.Errorf("backoffLimitPerIndex %v, maxFailedIndexes %v", s.BackoffLimitPerIndex, s.MaxFailedIndexes)
	}
	if o.collect.Spec.CompletionMode != nil && *o.collect.Spec.CompletionMode == batchv1.IndexedCompletion {
		t.Error("the collect Job is Indexed")
	}
	if *o.collect.Spec.ActiveDeadlineSeconds < *s.ActiveDeadlineSeconds {
		t.Errorf("the collect Job's deadline %d comes before the tasks' %d", *o.collect.Spec.ActiveDeadlineSeconds, *s.ActiveDeadlineSeconds)
	}
}

// runPods runs the Jobs' commands as their pods would, with a lifesat
// built from this checkout: the ConfigMap's manifest at ROOT/plan, the
// claim at ROOT/data, every index of the task Job (JOB_COMPLETION_INDEX),
// then the collect Job. It returns the collected table.
func runPods(t *testing.T, o *objects, bin string) *plan.Table {
	t.Helper()
	root := t.TempDir()
	for key, v := range o.config.Data {
		os.MkdirAll(filepath.Join(root, "plan"), 0o755)
		if err := os.WriteFile(filepath.Join(root, "plan", key), []byte(v), 0o444); err != nil {
			t.Fatal(err)
		}
	}
	mount := func(j *batchv1.Job) map[string]string {
		out := map[string]string{}
		for _, vm := range j.Spec.Template.Spec.Containers[0].VolumeMounts {
			out[vm.MountPath] = filepath.Join(root, strings.TrimPrefix(vm.MountPath, "/"))
		}
		return out
	}
	run := func(j *batchv1.Job, env ...string) {
		c := j.Spec.Template.Spec.Containers[0]
		mounts := mount(j)
		var args []string
		for _, a := range c.Command[1:] {
			for from, to := range mounts {
				if a == from || strings.HasPrefix(a, from+"/") {
					a = to + strings.TrimPrefix(a, from)
				}
			}
			args = append(args, a)
		}
		for _, dir := range mounts {
			os.MkdirAll(dir, 0o755)
		}
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %v: %v\n%s", j.Name, env, err, out)
		}
	}
	for k := range int(*o.job.Spec.Completions) {
		run(o.job, "JOB_COMPLETION_INDEX="+strconv.Itoa(k))
	}
	run(o.collect)
	var results string
	for _, a := range o.collect.Spec.Template.Spec.Containers[0].Command {
		if strings.HasSuffix(a, "/table.json") {
			results = filepath.Join(root, strings.TrimPrefix(a, "/"))
		}
	}
	data, err := os.ReadFile(results)
	if err != nil {
		t.Fatalf("the collect Job wrote no table: %v", err)
	}
	var tab plan.Table
	if err := json.Unmarshal(data, &tab); err != nil {
		t.Fatal(err)
	}
	return &tab
}

// build builds lifesat from this checkout.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "lifesat")
	if out, err := exec.Command("go", "build", "-C", "../..", "-o", bin, "./cmd/lifesat").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// TestJobs: the objects WriteKubernetes writes for a sweep in batches, a
// split with a time limit and the goldens of package plan read into the
// API types and pass the checks; run as their pods would (without a
// cluster), they give the answers of the searches run alone.
func TestJobs(t *testing.T) {
	bin := build(t)
	rules, err := plan.RulesIn(rule.MustParse("pB3cekainyqjr/S2"), 64)
	if err != nil {
		t.Fatal(err)
	}
	sweep, err := (&plan.Sweep{Problem: lifesat.Oscillator(2, 5, 5), Settings: &lifesat.Settings{Seed: 1}, Rules: rules[:10],
		Sizes: []image.Point{{5, 5}}}).Plan()
	if err != nil {
		t.Fatal(err)
	}
	split, err := plan.Split(context.Background(), lifesat.Spaceship(2, 1, 0, 6, 6), &lifesat.Settings{Seed: 1},
		&plan.SplitOptions{CutOptions: plan.CutOptions{Cubes: 8}, Limit: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		m     *plan.Manifest
		batch int
		want  string
	}{
		{"sweep", sweep, 3, plan.VerdictComplete},
		{"split", split, 1, plan.VerdictNone},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			o := &plan.EngineOptions{Manifest: c.name + ".jsonl", Batch: c.batch, Jobs: 2}
			if err := c.m.WriteKubernetes(&buf, o); err != nil {
				t.Fatal(err)
			}
			objs := decode(t, buf.Bytes())
			check(t, objs, c.m, c.batch)
			tab := runPods(t, objs, bin)
			if tab.Summary.Verdict != c.want || tab.Summary.Missing != 0 {
				t.Errorf("the pods' table: %+v", tab.Summary)
			}
			if c.m.Header.Kind == plan.KindSweep {
				for _, r := range tab.Rows {
					p, s, _ := c.m.Tasks[r.Index].Spec.Search()
					res, err := lifesat.Search(context.Background(), p, s)
					if err != nil || fmt.Sprint(res.Status) != map[string]string{"found": "SAT", "none": "UNSAT"}[r.Status] {
						t.Errorf("task %s: %s; alone %v, %v", r.Task, r.Status, res.Status, err)
					}
				}
			}
		})
	}
	// The goldens of package plan, written with other options.
	goldens, _ := filepath.Glob("../../lifesat/plan/testdata/*.job.yaml")
	if len(goldens) == 0 {
		t.Fatal("no goldens")
	}
	for _, g := range goldens {
		data, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		objs := decode(t, data)
		for _, v := range objs.config.Data {
			m, err := plan.Read(strings.NewReader(v))
			if err != nil {
				t.Fatalf("%s: %v", g, err)
			}
			check(t, objs, m, 1)
		}
	}
}
