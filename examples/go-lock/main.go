// A small lock server in Go, speaking the protocol of examples/custom-lock's
// server: one lease per resource with a TTL, and a fencing token per
// resource that grows with every grant. How a lease is timed is chosen by
// --lease-clock:
//   - "monotonic" (safe): a lease ends once time.Since(grant) reaches its
//     TTL; Go's monotonic clock does not follow a jump of the wall clock;
//   - "wall" (known broken): a lease ends once time.Now().UnixMilli()
//     reaches its grant's wall time plus the TTL, so a wall clock that
//     jumps forward ends a held lease early and the resource is granted
//     again while its holder still holds it.
//
// Each grant is written and fsynced to a journal in --data-dir before it is
// answered, so a restarted server never hands a token out twice, and it
// grants again a resource whose last lease it cannot rule out only once that
// lease's whole TTL has passed.
//
//	go-lock --host 10.77.0.10 --port 7001 --data-dir /var/lib/go-lock --lease-clock monotonic
//
//	POST /acquire {resource, client, ttlMs} -> 200 {token} | 409 {holder}
//	POST /release {resource, client, token} -> 200 {} | 409 {}
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// deadline is when a lease ends, on the clock the server times leases by.
type deadline struct {
	wallMs  int64     // wall clock: the lease ends when time.Now().UnixMilli() reaches this
	granted time.Time // monotonic clock: the lease ends when time.Since(granted) reaches ttl
	ttl     time.Duration
}

type lease struct {
	client string
	token  uint64
	ends   deadline
}

// entry is one journal line: a grant, or the release of one.
type entry struct {
	Resource string `json:"resource"`
	Token    uint64 `json:"token"`
	TTLMs    int64  `json:"ttlMs,omitempty"`
	Released bool   `json:"released,omitempty"`
}

type server struct {
	mu        sync.Mutex
	wallClock bool
	journal   *os.File
	tokens    map[string]uint64   // resource -> last token granted
	leases    map[string]*lease   // resource -> its lease (maybe expired)
	restarted map[string]deadline // resource -> until when a lease granted before a restart may live
}

// deadlineAfter is the deadline of a lease of ttl granted now.
func deadlineAfter(ttl time.Duration) deadline {
	now := time.Now()
	return deadline{wallMs: now.UnixMilli() + ttl.Milliseconds(), granted: now, ttl: ttl}
}

// passed tells whether d has come, on the server's lease clock.
func (s *server) passed(d deadline) bool {
	if s.wallClock {
		return time.Now().UnixMilli() >= d.wallMs
	}
	return time.Since(d.granted) >= d.ttl
}

func (s *server) write(e entry, sync bool) error {
	line, _ := json.Marshal(e)
	if _, err := s.journal.Write(append(line, '\n')); err != nil {
		return err
	}
	if sync {
		return s.journal.Sync()
	}
	return nil
}

func (s *server) acquire(resource, client string, ttlMs int64) (int, map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, held := s.restarted[resource]; held && !s.passed(d) {
		return http.StatusConflict, map[string]string{"holder": "(a lease granted before a restart)"}
	}
	if l := s.leases[resource]; l != nil && !s.passed(l.ends) && l.client != client {
		return http.StatusConflict, map[string]string{"holder": l.client}
	}
	token := s.tokens[resource] + 1
	if err := s.write(entry{Resource: resource, Token: token, TTLMs: ttlMs}, true); err != nil {
		return http.StatusInternalServerError, map[string]string{"error": err.Error()}
	}
	s.tokens[resource] = token
	s.leases[resource] = &lease{client: client, token: token, ends: deadlineAfter(time.Duration(ttlMs) * time.Millisecond)}
	return http.StatusOK, map[string]string{"token": strconv.FormatUint(token, 10)}
}

func (s *server) release(resource, client, token string) (int, map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l := s.leases[resource]
	if l == nil || s.passed(l.ends) || strconv.FormatUint(l.token, 10) != token {
		return http.StatusConflict, map[string]string{}
	}
	delete(s.leases, resource)
	// Not synced: if it is lost, the restarted server only waits longer.
	_ = s.write(entry{Resource: resource, Token: l.token, Released: true}, false)
	return http.StatusOK, map[string]string{}
}

// openJournal reads the journal in dir (creating it) and leaves it open for appending.
func (s *server) openJournal(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, "journal.jsonl")
	_, statErr := os.Stat(path)
	if past, err := os.Open(path); err == nil {
		scanner := bufio.NewScanner(past)
		for scanner.Scan() {
			var e entry
			if json.Unmarshal(scanner.Bytes(), &e) != nil {
				continue // an unsynced last line was never answered
			}
			if e.Token > s.tokens[e.Resource] {
				s.tokens[e.Resource] = e.Token
			}
			if e.Released {
				delete(s.restarted, e.Resource)
			} else {
				s.restarted[e.Resource] = deadlineAfter(time.Duration(e.TTLMs) * time.Millisecond)
			}
		}
		past.Close()
	}
	journal, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	s.journal = journal
	if os.IsNotExist(statErr) { // the new file's name is durable too
		if d, err := os.Open(dir); err == nil {
			d.Sync()
			d.Close()
		}
	}
	return nil
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Resource string `json:"resource"`
		Client   string `json:"client"`
		TTLMs    int64  `json:"ttlMs"`
		Token    string `json:"token"`
	}
	status, answer := http.StatusNotFound, map[string]string{}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		status, answer = http.StatusBadRequest, map[string]string{"error": err.Error()}
	} else if r.URL.Path == "/acquire" {
		status, answer = s.acquire(body.Resource, body.Client, body.TTLMs)
	} else if r.URL.Path == "/release" {
		status, answer = s.release(body.Resource, body.Client, body.Token)
	}
	w.Header().Set("content-type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(answer)
}

func main() {
	host := flag.String("host", "127.0.0.1", "address to listen on")
	port := flag.Int("port", 7001, "port to listen on")
	dataDir := flag.String("data-dir", "", "where the journal is kept (required)")
	leaseClock := flag.String("lease-clock", "monotonic", `what times leases: "monotonic" (time.Since) or "wall" (time.Now().UnixMilli(): broken by clock jumps)`)
	flag.Parse()
	if *dataDir == "" || (*leaseClock != "monotonic" && *leaseClock != "wall") {
		fmt.Fprintln(os.Stderr, "go-lock: needs --data-dir DIR and --lease-clock monotonic|wall")
		os.Exit(2)
	}
	s := &server{wallClock: *leaseClock == "wall", tokens: map[string]uint64{}, leases: map[string]*lease{}, restarted: map[string]deadline{}}
	if err := s.openJournal(*dataDir); err != nil {
		fmt.Fprintln(os.Stderr, "go-lock:", err)
		os.Exit(1)
	}
	listener, err := net.Listen("tcp", net.JoinHostPort(*host, strconv.Itoa(*port)))
	if err != nil {
		fmt.Fprintln(os.Stderr, "go-lock:", err)
		os.Exit(1)
	}
	fmt.Printf("listening %s (leases on the %s clock)\n", listener.Addr(), *leaseClock)
	if err := http.Serve(listener, s); err != nil {
		fmt.Fprintln(os.Stderr, "go-lock:", err)
		os.Exit(1)
	}
}
