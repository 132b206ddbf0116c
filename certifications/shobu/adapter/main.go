// The game's seed drives the engine's shuffles (math/rand's global source, which Go 1.24 stopped seeding).
//go:debug randseednop=0

// Command shobu-adapter plays the shinpan adapter contract (protocol 3, docs/contract.md) as JSON lines over
// stdin and stdout, on the shobu engine (sindreslungaard/duel-masters), through its headless API: the mock match
// of tests/scenario, the players' zones, and the engine's own fx blocks for the kit's test cards.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/sirupsen/logrus"
)

// protocolVersion is the contract version this adapter was written for (C-1.2): a constant of its own.
const protocolVersion = 3

// out carries the protocol; everything else the engine prints goes to stderr.
var out *bufio.Writer

func main() {
	out = bufio.NewWriter(os.Stdout)
	os.Stdout = os.Stderr
	logrus.SetOutput(io.Discard)
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	a := &adapter{}
	for {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			if stop := a.handle(line); stop {
				a.close()
				return
			}
		}
		if err != nil {
			a.close()
			return
		}
	}
}

func reply(v any) {
	data, err := json.Marshal(v)
	if err != nil {
		data = []byte(fmt.Sprintf(`{"status":"error","message":%q}`, err.Error()))
	}
	out.Write(data)
	out.WriteByte('\n')
	out.Flush()
}

type request struct {
	Cmd      string          `json:"cmd"`
	Rules    json.RawMessage `json:"rules"`
	Seed     int64           `json:"seed"`
	State    *setupState     `json:"state"`
	Action   json.RawMessage `json:"action"`
	Choices  []choice        `json:"choices"`
	Protocol int             `json:"protocol"`
}

type choice struct {
	Player string   `json:"player"`
	Kind   string   `json:"kind"`
	Picks  []string `json:"picks"`
}

type status struct {
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
}

func answer(st string, format string, args ...any) status {
	return status{Status: st, Message: fmt.Sprintf(format, args...)}
}

type adapter struct {
	game *game
}

func (a *adapter) close() {
	if a.game != nil {
		a.game.dispose()
		a.game = nil
	}
}

// handle answers one request; it says whether the adapter should exit.
func (a *adapter) handle(line []byte) bool {
	var req request
	if err := json.Unmarshal(line, &req); err != nil {
		reply(answer("error", "not a JSON request: %v", err))
		return false
	}
	switch req.Cmd {
	case "hello":
		reply(hello())
	case "new_game":
		a.close()
		g, err := newGame(req.Seed)
		if err != nil {
			reply(answer("error", "the engine could not start a match: %v", err))
			return false
		}
		a.game = g
		reply(status{Status: "ok"})
	case "setup":
		if a.game == nil || req.State == nil {
			reply(answer("error", "setup before new_game, or without a state"))
			return false
		}
		reply(a.game.setup(req.State))
	case "act":
		if a.game == nil || !a.game.ready {
			reply(answer("error", "act before setup"))
			return false
		}
		reply(a.game.act(req.Action, req.Choices))
	case "observe":
		if a.game == nil || !a.game.ready {
			reply(answer("error", "observe before setup"))
			return false
		}
		reply(map[string]any{"status": "ok", "observation": a.game.observe()})
	case "stop":
		reply(status{Status: "ok"})
		return true
	default:
		reply(answer("error", "unknown cmd %q", req.Cmd))
	}
	return false
}

func hello() map[string]any {
	return map[string]any{
		"status":   "ok",
		"protocol": protocolVersion,
		"engine":   map[string]any{"name": "shobu (sindreslungaard/duel-masters)", "version": "7221ba4", "language": "Go"},
		"capabilities": map[string]any{
			// The English rules of 2004-06 are older than every change the kit lists: the engine plays the
			// state before all of them, and both sides of none.
			"changes": []string{},
			"rules":   map[string]any{"until": "2006-12-31"},
			"cards":   cardNames(),
			"mechanics": []string{
				"zones", "summon", "tap", "summoning_sickness", "speed_attacker", "turns", "attack", "mana",
				"power_modifiers", "evolution", "triggers",
			},
			"observables": []string{
				"tapped", "tapped_mana", "power", "summoning_sick", "can_attack", "attacking", "events", "effects",
				"deck_order",
			},
		},
	}
}
