#!/usr/bin/env bash
# Play a seeded game in a real terminal under tmux, as a person would: pick cards 1
# and 2 each round, quit half-way, resume, finish, then check the final screen, the
# total against the engine's, and that the game reached the history.
# Run from the project root: scripts/check/smoke_play.sh [SEED] (default 42).
set -euo pipefail
source "$(dirname "$0")/../_venv.sh"
command -v tmux >/dev/null || { echo "smoke_play: tmux is needed (apt-get install tmux)" >&2; exit 2; }

seed=${1:-42}
data=$(mktemp -d)
session="cribsol-smoke-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$data"' EXIT
export CRIBSOL_DATA_DIR="$data"

screen() { tmux capture-pane -p -t "$session"; }
wait_for() {  # wait until the screen shows $1 (up to 10 s)
    for _ in $(seq 100); do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    echo "smoke_play: never saw '$1'; the screen was:" >&2
    screen >&2
    exit 1
}
round() {  # pick cards 1 and 2, discard, go on
    wait_for "round $1 of 6"
    wait_for "discard: -"
    tmux send-keys -t "$session" 1 2 Enter
    wait_for "Coach"
    tmux send-keys -t "$session" Enter
}

# A tmux server started earlier keeps its own environment: pass ours explicitly.
run="env CRIBSOL_DATA_DIR='$data' PATH='$PATH' TERM=xterm-256color"
tmux new-session -d -s "$session" -x 80 -y 24 "$run cribsol play --seed $seed; sleep 60"
round 1; round 2; round 3
wait_for "round 4 of 6"
tmux send-keys -t "$session" q
wait_for "saved at round 4"
tmux kill-session -t "$session"

tmux new-session -d -s "$session" -x 80 -y 24 "$run cribsol play; sleep 60"
wait_for "A game in progress was saved"
wait_for "round 4 of 6"
tmux send-keys -t "$session" y
wait_for "Coach"  # the last round played is shown again, then play goes on
tmux send-keys -t "$session" Enter
round 4; round 5
wait_for "round 6 of 6"
tmux send-keys -t "$session" "?"
wait_for "hand/crib/total: on average"
tmux send-keys -t "$session" "?"
round 6
wait_for "Game over:"
final=$(screen)
echo "$final"

expected=$(python - "$seed" <<'PY'
import sys
from solitaire.patience.game import Game
game = Game.from_seed(int(sys.argv[1]))
while not game.is_over:
    game.discard(game.shown[:2])
print(game.total)
PY
)
grep -qF "Game over: $expected points" <<<"$final" || { echo "smoke_play: expected $expected points" >&2; exit 1; }
for part in "Perfect play (the best expected discard every round) averages" "knowing every card in advance" "Your efficiency" "Hints used in rounds 6" "skunk" "121"; do
    grep -qF "$part" <<<"$final" || { echo "smoke_play: the final screen lacks '$part'" >&2; exit 1; }
done
tmux send-keys -t "$session" q
stats=$(cribsol stats)
grep -q "games played *1" <<<"$stats" || { echo "smoke_play: the game is not in the stats" >&2; echo "$stats" >&2; exit 1; }
echo "smoke_play: ok (seed $seed, $expected points, quit and resumed, in the history)"
