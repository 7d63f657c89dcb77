// Module browsertest drives the explorer notebook in a real browser: it
// starts Debian's jupyter-notebook and headless Chromium (through
// chromedp), clicks, searches and stops, and reads the page. It is a module
// of its own so that `go test ./...` of lifesat neither sees chromedp nor
// needs a browser; .ci/run runs it as `go test -C notebooks/browsertest`.
module github.com/lifesat/lifesat/notebooks/browsertest

go 1.26.8

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/lifesat/lifesat v0.0.0
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-air/gini v1.0.4 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)

replace github.com/lifesat/lifesat => ../..
