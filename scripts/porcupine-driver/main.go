// Command porcupine-driver times porcupine on the histories fencecheck's
// bench gives it, so both checkers are measured on the same operations in
// the same run. It reads one JSON document on stdin,
//
//	{"repeat": 3, "timeoutMs": 0, "jobs": [{"model": "kv", "initial": "", "ops": [[client, call, return, input, output], ...]}]}
//
// (return -1: never returned; output {"unknown": true}: not observed; the
// encoding of inputs, outputs and initial values per model is in models.go),
// and prints one line per job: the verdict (ok, illegal, unknown, or
// "unsupported model") and the median check time in milliseconds, tab-separated.
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

func main() {
	var req request
	if err := json.NewDecoder(bufio.NewReader(os.Stdin)).Decode(&req); err != nil {
		fmt.Fprintln(os.Stderr, "porcupine-driver: cannot read the request:", err)
		os.Exit(254)
	}
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for _, j := range req.Jobs {
		verdict, ms, err := run(j, req.Repeat, time.Duration(req.TimeoutMs)*time.Millisecond)
		if err != nil {
			fmt.Fprintln(os.Stderr, "porcupine-driver:", err)
			os.Exit(254)
		}
		fmt.Fprintf(out, "%s\t%.3f\n", verdict, ms)
	}
}

func run(j job, repeat int, timeout time.Duration) (string, float64, error) {
	m, ok := models[j.Model]
	if !ok {
		return "unsupported model", 0, nil
	}
	model, err := m.model(j.Initial)
	if err != nil {
		return "", 0, err
	}
	ops := make([]porcupine.Operation, len(j.Ops))
	for i, raw := range j.Ops {
		if ops[i], err = operation(raw, m); err != nil {
			return "", 0, fmt.Errorf("op %d: %w", i, err)
		}
	}
	times := make([]float64, 0, repeat)
	verdict := porcupine.Unknown
	for r := 0; r < max(1, repeat); r++ {
		start := time.Now()
		verdict = porcupine.CheckOperationsTimeout(model, ops, timeout)
		times = append(times, float64(time.Since(start).Nanoseconds())/1e6)
	}
	sort.Float64s(times)
	return verdictText[verdict], times[len(times)/2], nil
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
