package main

// The models fencecheck's bench asks for, written to the same sequential
// specifications as fencecheck's (checkers/linearizability/models), over
// inputs already converted by fencecheck (so both checkers read a history the
// same way). Scalars arrive as JSON null, true, false, or tagged strings
// ("s:" string, "n:" number, "b:" big integer), so Go's == compares them as
// fencecheck's === does.

import (
	"encoding/json"

	"github.com/anishathalye/porcupine"
)

// unknown is the output of an operation whose result was never observed.
type unknown struct{}

type modelCodec struct {
	model  func(initial json.RawMessage) (porcupine.Model, error)
	input  func(raw json.RawMessage) (interface{}, error)
	output func(raw json.RawMessage) (interface{}, error)
}

var models = map[string]modelCodec{
	"register":       {registerModel, decode[registerInput], decodeScalar},
	"kv":             {kvModel(true), decode[kvInput], decodeString},
	"kv-nopartition": {kvModel(false), decode[kvInput], decodeString},
	"mutex":          {knossosMutexModel, decode[mutexInput], decodeScalar},
	"owned-mutex":    {mutexModel, decode[mutexInput], decodeScalar},
	"multi-register": {multiRegisterModel, decodeMicroOps, decodeMicroOps},
}

func decode[T any](raw json.RawMessage) (interface{}, error) {
	var v T
	err := json.Unmarshal(raw, &v)
	return v, err
}

func decodeScalar(raw json.RawMessage) (interface{}, error) {
	var v interface{}
	err := json.Unmarshal(raw, &v)
	return v, err
}

func decodeString(raw json.RawMessage) (interface{}, error) { return decode[string](raw) }

// hashString is FNV-1a over the string's bytes, without allocating.
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

func hashScalar(v interface{}) uint64 {
	switch x := v.(type) {
	case string:
		return hashString(x)
	case bool:
		if x {
			return 1
		}
		return 2
	}
	return 0
}

// registerInput is [f, a, b]: f 0 read, 1 write a, 2 cas a to b.
type registerInput [3]interface{}

func registerModel(initial json.RawMessage) (porcupine.Model, error) {
	init, err := decodeScalar(initial)
	return porcupine.Model{
		Init: func() interface{} { return init },
		Step: func(state, in, out interface{}) (bool, interface{}) {
			i := in.(registerInput)
			_, unseen := out.(unknown)
			switch i[0].(float64) {
			case 1:
				return true, i[1]
			case 0:
				return unseen || out == state, state
			}
			holds := state == i[1]
			switch {
			case unseen && holds, out == true && holds:
				return true, i[2]
			case unseen, out != true && !holds:
				return true, state
			}
			return false, state
		},
		Hash: hashScalar,
	}, err
}

// kvInput is [f, key, value]: f 0 get, 1 put, 2 append.
type kvInput struct {
	F     int
	Key   string
	Value string
}

func (k *kvInput) UnmarshalJSON(b []byte) error {
	return json.Unmarshal(b, &[]interface{}{&k.F, &k.Key, &k.Value})
}

func stepString(state string, in kvInput, out interface{}) (bool, string) {
	switch in.F {
	case 1:
		return true, in.Value
	case 2:
		return true, state + in.Value
	}
	_, unseen := out.(unknown)
	return unseen || out == state, state
}

func kvModel(partitioned bool) func(json.RawMessage) (porcupine.Model, error) {
	return func(initial json.RawMessage) (porcupine.Model, error) {
		var init string
		if err := json.Unmarshal(initial, &init); err != nil {
			return porcupine.Model{}, err
		}
		if partitioned {
			return porcupine.Model{
				Partition: partitionByKey,
				Init:      func() interface{} { return init },
				Step: func(state, in, out interface{}) (bool, interface{}) {
					return stepString(state.(string), in.(kvInput), out)
				},
				Hash: func(state interface{}) uint64 { return hashString(state.(string)) },
			}, nil
		}
		return porcupine.Model{
			Init: func() interface{} { return map[string]interface{}{} },
			Step: func(state, in, out interface{}) (bool, interface{}) {
				m, i := state.(map[string]interface{}), in.(kvInput)
				before, ok := m[i.Key].(string)
				if !ok {
					before = init
				}
				legal, after := stepString(before, i, out)
				if !legal || after == before {
					return legal, m
				}
				return true, with(m, i.Key, after)
			},
			Equal: sameValues,
			Hash:  hashValues,
		}, nil
	}
}

// with is a copy of m with key set to value (states are never changed in place).
func with(m map[string]interface{}, key string, value interface{}) map[string]interface{} {
	next := make(map[string]interface{}, len(m)+1)
	for k, v := range m {
		next[k] = v
	}
	next[key] = value
	return next
}

func partitionByKey(history []porcupine.Operation) [][]porcupine.Operation {
	index := map[string]int{}
	var parts [][]porcupine.Operation
	for _, op := range history {
		key := op.Input.(kvInput).Key
		i, ok := index[key]
		if !ok {
			i = len(parts)
			index[key] = i
			parts = append(parts, nil)
		}
		parts[i] = append(parts[i], op)
	}
	return parts
}

func sameValues(x, y interface{}) bool {
	a, b := x.(map[string]interface{}), y.(map[string]interface{})
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// mutexInput is [acquire, process]; the state is the owner, -1 when free.
type mutexInput struct {
	Acquire bool
	Process int
}

func (m *mutexInput) UnmarshalJSON(b []byte) error {
	return json.Unmarshal(b, &[]interface{}{&m.Acquire, &m.Process})
}

func mutexModel(initial json.RawMessage) (porcupine.Model, error) {
	owner := -1
	if string(initial) != "null" {
		if err := json.Unmarshal(initial, &owner); err != nil {
			return porcupine.Model{}, err
		}
	}
	return porcupine.Model{
		Init: func() interface{} { return owner },
		Hash: func(state interface{}) uint64 { return uint64(state.(int) + 1) },
		Step: func(state, in, out interface{}) (bool, interface{}) {
			s, i := state.(int), in.(mutexInput)
			_, unseen := out.(unknown)
			legal := (i.Acquire && s == -1) || (!i.Acquire && s == i.Process)
			switch {
			case !legal:
				return unseen, s
			case i.Acquire:
				return true, i.Process
			}
			return true, -1
		},
	}, nil
}

// knossosMutexModel is Knossos's mutex: the state is whether it is locked;
// who releases does not matter. The initial value is true when locked.
func knossosMutexModel(initial json.RawMessage) (porcupine.Model, error) {
	locked := false
	if string(initial) != "null" {
		if err := json.Unmarshal(initial, &locked); err != nil {
			return porcupine.Model{}, err
		}
	}
	return porcupine.Model{
		Init: func() interface{} { return locked },
		Hash: func(state interface{}) uint64 { return hashScalar(state) },
		Step: func(state, in, out interface{}) (bool, interface{}) {
			s, i := state.(bool), in.(mutexInput)
			if i.Acquire == s {
				_, unseen := out.(unknown)
				return unseen, s
			}
			return true, i.Acquire
		},
	}, nil
}

// microOp is [write, key, value]; a multi-register op is a list of them.
type microOp struct {
	Write bool
	Key   string
	Value interface{}
}

func (m *microOp) UnmarshalJSON(b []byte) error {
	return json.Unmarshal(b, &[]interface{}{&m.Write, &m.Key, &m.Value})
}

func decodeMicroOps(raw json.RawMessage) (interface{}, error) { return decode[[]microOp](raw) }

func multiRegisterModel(initial json.RawMessage) (porcupine.Model, error) {
	init := map[string]interface{}{}
	if err := json.Unmarshal(initial, &init); err != nil {
		return porcupine.Model{}, err
	}
	return porcupine.Model{
		Init: func() interface{} { return init },
		Step: func(state, in, out interface{}) (bool, interface{}) {
			ops, unseen := in.([]microOp), true
			if o, ok := out.([]microOp); ok {
				ops, unseen = o, false
			}
			// An unseen txn whose reads do not hold leaves the state alone.
			s := state.(map[string]interface{})
			for _, op := range ops {
				if op.Write {
					s = with(s, op.Key, op.Value)
				} else if op.Value != nil && s[op.Key] != op.Value {
					return unseen, state
				}
			}
			return true, s
		},
		Equal: sameValues,
		Hash:  hashValues,
	}, nil
}

// hashValues sums the hashes of a map's entries, so the order of keys does not matter.
func hashValues(state interface{}) uint64 {
	h := uint64(0)
	for k, v := range state.(map[string]interface{}) {
		h += hashString(k)*31 + hashScalar(v)
	}
	return h
}
