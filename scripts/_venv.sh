# Sourced by scripts/play and scripts/test: create or refresh .venv and install
# the project (with the extras named in $VENV_EXTRAS, if any; not taken from the
# arguments, which belong to the calling script). A second run with an unchanged
# pyproject.toml installs nothing. --no-compile: Python compiles what it imports when it
# first imports it, and byte-compiling every installed file up front (mypy's included)
# took half of the install's CPU.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

pick_python() {
    for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3 python; do
        [ -n "$candidate" ] || continue
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            echo "$candidate"
            return 0
        fi
    done
    echo "cribsol: Python 3.11 or newer is needed (set PYTHON=/path/to/python3)" >&2
    return 1
}

extras="${VENV_EXTRAS:-}"
venv="$root/.venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    py="$(pick_python)"
    rm -rf "$venv"
    "$py" -m venv "$venv"
fi
stamp="$venv/.installed${extras:+-$extras}"
want="$(cat pyproject.toml | cksum)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "Setting up .venv${extras:+ with [$extras]} (once; later runs skip this)..." >&2
    spec="."
    [ -n "$extras" ] && spec=".[$extras]"
    log="$venv/install.log"
    if ! { "$venv/bin/python" -m pip install --disable-pip-version-check --upgrade pip &&
        "$venv/bin/python" -m pip install --disable-pip-version-check --no-compile -e "$spec"; } >"$log" 2>&1; then
        cat "$log" >&2
        echo "cribsol: installing the project failed; the pip output is above and in $log" >&2
        exit 1
    fi
    echo "$want" > "$stamp"
fi
export PATH="$venv/bin:$PATH"
