// Command porcupine-driver times porcupine on the histories fencecheck's
// bench gives it, so both checkers are measured on the same operations in
// the same run. It reads one JSON document on stdin,
//
//	{"repeat": 3, "timeoutMs": 0, "jobs": [{"model": "kv", "initial": "", "ops": [[client, call, return, input, output], ...]}]}
//
// (return -1: never returned; output {"unknown": true}: not observed; the
// encoding of inputs, outputs and initial values per model is in models.go),
// checks every job once (the first pass, as the bench runs fencecheck's),
// then each job `repeat` times, and prints one line per job: the verdict
// (ok, illegal, unknown, or "unsupported model"), the median check time of
// the repeats and the first pass's time, in milliseconds, tab-separated.
// It times porcupine.CheckOperationsTimeout alone, in-process.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"time"

	"github.com/anishathalye/porcupine"
)

type job struct {
	Model   string            `json:"model"`
	Initial json.RawMessage   `json:"initial"`
	Ops     []json.RawMessage `json:"ops"`
}

type request struct {
	Repeat    int   `json:"repeat"`
	TimeoutMs int64 `json:"timeoutMs"`
	Jobs      []job `json:"jobs"`
}

// A job read and converted; model is nil when the driver does not have it.
type prepared struct {
	model *porcupine.Model
	ops   []porcupine.Operation
}

func main() {
	var req request
	if err := json.NewDecoder(bufio.NewReader(os.Stdin)).Decode(&req); err != nil {
		fail("cannot read the request:", err)
	}
	timeout := time.Duration(req.TimeoutMs) * time.Millisecond
	jobs := make([]prepared, len(req.Jobs))
	for i, j := range req.Jobs {
		p, err := prepare(j)
		if err != nil {
			fail(fmt.Sprintf("job %d:", i), err)
		}
		jobs[i] = p
	}
	first := make([]float64, len(jobs))
	for i, p := range jobs {
		if p.model != nil {
			_, first[i] = timeCheck(p, timeout)
		}
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for i, p := range jobs {
		if p.model == nil {
			fmt.Fprintf(out, "unsupported model\t0\t0\n")
			continue
		}
		verdict, ms := repeated(p, req.Repeat, timeout)
		fmt.Fprintf(out, "%s\t%.3f\t%.3f\n", verdict, ms, first[i])
	}
}

func fail(what string, err error) {
	fmt.Fprintln(os.Stderr, "porcupine-driver:", what, err)
	os.Exit(254)
}

func prepare(j job) (prepared, error) {
	m, ok := models[j.Model]
	if !ok {
		return prepared{}, nil
	}
	model, err := m.model(j.Initial)
	if err != nil {
		return prepared{}, err
	}
	ops := make([]porcupine.Operation, len(j.Ops))
	for i, raw := range j.Ops {
		if ops[i], err = operation(raw, m); err != nil {
			return prepared{}, fmt.Errorf("op %d: %w", i, err)
		}
	}
	return prepared{model: &model, ops: ops}, nil
}

// The verdict and the median time of `repeat` checks (at least one).
func repeated(p prepared, repeat int, timeout time.Duration) (string, float64) {
	times := make([]float64, 0, repeat)
	verdict := ""
	for r := 0; r < max(1, repeat); r++ {
		v, ms := timeCheck(p, timeout)
		verdict = v
		times = append(times, ms)
	}
	sort.Float64s(times)
	return verdict, times[len(times)/2]
}

func timeCheck(p prepared, timeout time.Duration) (string, float64) {
	start := time.Now()
	verdict := porcupine.CheckOperationsTimeout(*p.model, p.ops, timeout)
	return verdictText[verdict], float64(time.Since(start).Nanoseconds()) / 1e6
}

var verdictText = map[porcupine.CheckResult]string{porcupine.Ok: "ok", porcupine.Illegal: "illegal", porcupine.Unknown: "unknown"}

func operation(raw json.RawMessage, m modelCodec) (porcupine.Operation, error) {
	var fields [5]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return porcupine.Operation{}, err
	}
	var client int
	var call, ret int64
	if err := unmarshalAll([]json.RawMessage{fields[0], fields[1], fields[2]}, &client, &call, &ret); err != nil {
		return porcupine.Operation{}, err
	}
	if ret < 0 {
		ret = math.MaxInt64
	}
	input, err := m.input(fields[3])
	if err != nil {
		return porcupine.Operation{}, err
	}
	var output interface{} = unknown{}
	if !isUnknown(fields[4]) {
		if output, err = m.output(fields[4]); err != nil {
			return porcupine.Operation{}, err
		}
	}
	return porcupine.Operation{ClientId: client, Input: input, Call: call, Output: output, Return: ret}, nil
}

func unmarshalAll(raws []json.RawMessage, targets ...interface{}) error {
	for i, raw := range raws {
		if err := json.Unmarshal(raw, targets[i]); err != nil {
			return err
		}
	}
	return nil
}

func isUnknown(raw json.RawMessage) bool {
	var u struct {
		Unknown bool `json:"unknown"`
	}
	return len(raw) > 0 && raw[0] == '{' && json.Unmarshal(raw, &u) == nil && u.Unknown
}

func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}
