// Package k8s holds the test that reads the Kubernetes objects lifesat
// plan writes (a ConfigMap holding the manifest, an Indexed Job, a
// collect Job) into Kubernetes' API types, field by field and refusing
// unknown fields, and checks what the API server would refuse and what
// lifesat relies on. It has no code of its own: the objects are not run
// on a cluster here.
package k8s
