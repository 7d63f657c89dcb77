package plan

import "errors"

// ErrPlan is wrapped by the errors of plans that cannot be made: a sweep
// or a split that asks for nothing sensible.
var ErrPlan = errors.New("plan: bad plan")
