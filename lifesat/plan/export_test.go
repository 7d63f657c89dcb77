package plan

// BeforeRename lets the tests stop a task between writing its result to
// a temporary file and renaming it.
var BeforeRename = &beforeRename
