"""Start-up, measured side by side: how long each command takes to finish or to draw its
first full screen, beside Python's own start and a minimal prompt_toolkit app.

Every case runs ``--rounds`` times, the cases interleaved round by round so a busy
neighbour slows them alike; each row gives the median wall time and its ratio to the
row it is judged against. The full-screen games run in a pseudo-terminal of 80x24
(a fresh data directory each time, so no saved game is offered) and are timed to the
moment their first complete screen has been written, then quit with ``q``.

Targets (issue 22): ``--version`` and ``--help`` within 2.5x of ``python -c pass``;
``score`` within 1.2x of importing what it prints with (rich's console and table);
each game's first screen within 1.3x of the minimal full-screen app. Beside each game,
in brackets, its ratio to the same minimal app drawing its screen with rich, as the
games do: the stack's own share, before any game code. The pegging drill's first screen
(issue 44) within 1.5x of the median of the three games' (the patience, the match and
the tile game, a row of its own).

``--cpu`` times instead the CPU each case uses (user and system, the process's own and
its children's), a full-screen case up to the end of its first frame (the program then
exits), interleaved round by round as the timed runs are: what the machine's other jobs
change least, short of counting instructions.

``--instructions`` counts instead the instructions each case runs (valgrind's callgrind,
once each: the count does not depend on the machine's load), a full-screen case up to
the end of its first frame (the program then exits); waits for the disk and the
process's start in the kernel are not in it.

    .venv/bin/python scripts/bench/bench_startup.py --rounds 15
    .venv/bin/python scripts/bench/bench_startup.py --cpu --rounds 15
    .venv/bin/python scripts/bench/bench_startup.py --instructions
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

MINIMAL_APP = """
from prompt_toolkit import Application
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl

keys = KeyBindings()
keys.add("q")(lambda event: event.app.exit())
text = "\\n".join(f"line {i}" for i in range(20)) + "\\nminimal app ready; q quits"
Application(
    layout=Layout(Window(FormattedTextControl(text))), key_bindings=keys, full_screen=True
).run()
"""


# The same app drawing its screen with rich, as the games do: what the stack alone costs
# before any game code (a peer game on prompt_toolkit and rich could not start sooner).
MINIMAL_RICH_APP = """
import io
from prompt_toolkit import Application
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from rich.console import Console
from rich.table import Table

table = Table(title="minimal rich app ready; q quits", expand=True)  # the title on one line
table.add_column("line")
for i in range(18):
    table.add_row(f"line {i}")
buffer = io.StringIO()
Console(file=buffer, width=80, force_terminal=True, color_system="truecolor").print(table)
keys = KeyBindings()
keys.add("q")(lambda event: event.app.exit())
Application(
    layout=Layout(Window(FormattedTextControl(ANSI(buffer.getvalue())))),
    key_bindings=keys,
    full_screen=True,
).run()
"""


STOP_AT_FIRST_FRAME = """
import os, runpy, sys
import prompt_toolkit.renderer as renderer
draw = renderer.Renderer.render
def first(self, *args, **kwargs):
    draw(self, *args, **kwargs)
    self.output.flush()
    os._exit(0)
renderer.Renderer.render = first
sys.argv = sys.argv[1:]
if sys.argv[0] == "-m":
    sys.argv = sys.argv[1:]
    runpy.run_module(sys.argv[0], run_name="__main__", alter_sys=True)
else:
    runpy.run_path(sys.argv[0], run_name="__main__")
"""


@dataclass
class Case:
    name: str
    argv: list[str]
    screen: str | None = None  # text that shows the first full screen was drawn
    baseline: str | None = None  # the row this one is judged against
    target: float | None = None
    peer: str | None = None  # a row shown beside, for scale (no target)
    times: list[float] = field(default_factory=list)


ROOT = Path(__file__).resolve().parents[2]


def installed(venv: Path) -> tuple[str, str]:
    """(python, cribsol) of a virtual environment holding the project installed as a user
    installs it (a built wheel, not the editable install of .venv, whose import hook
    costs every start); made or refreshed here."""
    python = venv / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
         "--force-reinstall", "--no-deps", str(ROOT)],
        check=True,
    )  # fmt: skip
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(ROOT)],
        check=True,
    )
    return str(python), str(venv / "bin" / "cribsol")


def run_command(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def run_screen(argv: list[str], marker: str, env: dict[str, str], timeout: float = 60) -> float:
    """Seconds from the start until ``marker`` has been written to the terminal."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    with tempfile.TemporaryDirectory() as data:
        env = {**env, "TERM": "xterm-256color", "CRIBSOL_DATA_DIR": data}
        started = time.perf_counter()
        process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env)
        os.close(slave)
        seen = b""
        wanted = marker.encode()
        elapsed = None
        try:
            while time.perf_counter() - started < timeout:
                ready, _, _ = select.select([master], [], [], 0.05)
                if not ready:
                    continue
                try:
                    seen += os.read(master, 1 << 16)
                except OSError:
                    break
                if wanted in seen:
                    elapsed = time.perf_counter() - started
                    break
            os.write(master, b"q")
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        finally:
            os.close(master)
    if elapsed is None:
        raise SystemExit(f"bench_startup: {' '.join(argv[1:])} never showed {marker!r}")
    return elapsed


def count_instructions(argv: list[str], env: dict[str, str], screen: bool) -> float:
    """Instructions (millions) the command runs, under callgrind; a full-screen one in an
    80x24 pseudo-terminal, up to the end of its first frame."""
    grind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv]
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryFile() as log:
        env = {**env, "TERM": "xterm-256color", "CRIBSOL_DATA_DIR": data}
        if not screen:
            subprocess.run(grind, env=env, stdout=subprocess.DEVNULL, stderr=log, check=True)
        else:
            master, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            process = subprocess.Popen(grind, stdin=slave, stdout=slave, stderr=log, env=env)
            os.close(slave)
            try:
                while process.poll() is None:  # read the screen so the app never blocks
                    if select.select([master], [], [], 0.05)[0]:
                        try:
                            os.read(master, 1 << 16)
                        except OSError:
                            break
                process.wait()
            finally:
                os.close(master)
        log.seek(0)
        found = [line for line in log.read().decode().splitlines() if "Collected :" in line]
    if not found:
        raise SystemExit(f"bench_startup: no instruction count for {' '.join(argv)}")
    return int(found[-1].split(":")[-1]) / 1e6


def cpu_seconds(argv: list[str], env: dict[str, str], screen: bool) -> float:
    """CPU seconds (user and system, with its children's) the command uses; a full-screen
    one in an 80x24 pseudo-terminal, up to the end of its first frame."""
    with tempfile.TemporaryDirectory() as data:
        env = {**env, "TERM": "xterm-256color", "CRIBSOL_DATA_DIR": data}
        if not screen:
            process = subprocess.Popen(
                argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        else:
            master, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env)
            os.close(slave)
            try:
                while True:  # read the screen so the app never blocks
                    if select.select([master], [], [], 0.05)[0]:
                        try:
                            if not os.read(master, 1 << 16):
                                break
                        except OSError:
                            break
                    elif process.poll() is not None:
                        break
            finally:
                os.close(master)
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"bench_startup: {' '.join(argv)} exited with {process.returncode}")
    return usage.ru_utime + usage.ru_stime


def under_python(case: Case, python: str, program: str) -> list[str]:
    """The case's command run by the interpreter itself (valgrind runs no script), a
    full-screen one stopped at its first frame."""
    argv = ["-m", "solitaire", *case.argv[1:]] if case.argv[0] == program else case.argv[1:]
    if case.screen is not None:
        return [python, "-c", STOP_AT_FIRST_FRAME, *argv]
    return [python, program, *case.argv[1:]] if case.argv[0] == program else case.argv


def cases(python: str, program: str, minimal: str, minimal_rich: str) -> list[Case]:
    rich_app = "minimal app drawn by rich"
    return [
        Case("python -c pass", [python, "-c", "pass"]),
        Case("import prompt_toolkit, rich", [python, "-c", "import prompt_toolkit, rich"]),
        Case("import rich console+table", [python, "-c", "import rich.console, rich.table"]),
        Case("cribsol --version", [program, "--version"], None, "python -c pass", 2.5),
        Case("cribsol --help", [program, "--help"], None, "python -c pass", 2.5),
        Case(
            "cribsol score 5H 5C 5S JD 5D",
            [program, "score", "5H", "5C", "5S", "JD", "5D"],
            None,
            "import rich console+table",
            1.2,
        ),
        Case("minimal full-screen app", [python, minimal], "minimal app ready"),
        Case(rich_app, [python, minimal_rich], "minimal rich app", peer="minimal full-screen app"),
        Case(
            "cribsol play: first screen",
            [program, "play"],
            "Pick two cards",
            "minimal full-screen app",
            1.3,
            peer=rich_app,
        ),
        Case(
            "cribsol match: first screen",
            [program, "match"],
            "Pick two cards",
            "minimal full-screen app",
            1.3,
            peer=rich_app,
        ),
        Case(
            "cribsol tiles: first screen",
            [program, "tiles"],
            "cursor",  # in the first frame whoever moves first
            "minimal full-screen app",
            1.3,
            peer=rich_app,
        ),
        Case(
            "cribsol drill: first screen",
            [program, "drill"],
            "Your cards",  # hand 1: the computer deals, you lead
            GAMES_MEDIAN,
            1.5,
            peer="minimal full-screen app",
        ),
    ]


GAMES_MEDIAN = "the three games' median"
GAMES = ("cribsol play: first screen", "cribsol match: first screen", "cribsol tiles: first screen")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=11, help="runs of every case (default 11)")
    parser.add_argument(
        "--venv",
        type=Path,
        default=Path(tempfile.gettempdir()) / "cribsol-bench-startup",
        help="where the project is installed from a wheel for the run (made if missing)",
    )
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--instructions",
        action="store_true",
        help="count each case's instructions under valgrind instead of timing it",
    )
    how.add_argument(
        "--cpu",
        action="store_true",
        help="time each case's CPU (a full screen up to its first frame) instead of the clock",
    )
    args = parser.parse_args()
    python, program = installed(args.venv)
    env = {k: v for k, v in os.environ.items() if not k.startswith("CRIBSOL_")}
    env["CRIBSOL_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-startup-")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(MINIMAL_APP)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as rich_handle:
        rich_handle.write(MINIMAL_RICH_APP)
    table = cases(python, program, handle.name, rich_handle.name)
    try:
        for _ in range(1 if args.instructions else args.rounds):
            for case in table:
                if args.instructions:
                    argv = under_python(case, python, program)
                    case.times.append(count_instructions(argv, env, case.screen is not None))
                elif args.cpu:
                    argv = under_python(case, python, program)
                    case.times.append(cpu_seconds(argv, env, case.screen is not None))
                elif case.screen is None:
                    case.times.append(run_command(case.argv, env))
                else:
                    case.times.append(run_screen(case.argv, case.screen, env))
    finally:
        os.unlink(handle.name)
        os.unlink(rich_handle.name)
    medians = {case.name: statistics.median(case.times) for case in table}
    medians[GAMES_MEDIAN] = statistics.median(medians[name] for name in GAMES)
    at = table.index(next(case for case in table if case.name == GAMES[-1])) + 1
    table.insert(at, Case(GAMES_MEDIAN, []))
    if args.instructions:
        print("start-up, instructions run (millions), up to the first frame on full screens:")
        print(f"{'':32} {'count':>9} {'ratio':>7}  {'target':>6}  against")
    elif args.cpu:
        print(f"start-up, median CPU time of {args.rounds} interleaved runs, up to the first "
              f"frame on full screens (load average {os.getloadavg()[0]:.1f}):")  # fmt: skip
        print(f"{'':32} {'median':>9} {'ratio':>7}  {'target':>6}  against")
    else:
        print(f"start-up, median of {args.rounds} interleaved runs (load average "
              f"{os.getloadavg()[0]:.1f}):")  # fmt: skip
        print(f"{'':32} {'median':>9} {'ratio':>7}  {'target':>6}  against")
    failed = 0
    for case in table:
        if args.instructions:
            line = f"{case.name:32} {medians[case.name]:7.1f}M "
        else:
            line = f"{case.name:32} {medians[case.name] * 1000:7.1f}ms"
        if case.baseline is not None and case.target is not None:
            ratio = medians[case.name] / medians[case.baseline]
            met = ratio <= case.target
            failed += not met
            line += f" {ratio:6.2f}x  {case.target:5.1f}x  {case.baseline}"
            line += "" if met else "  (missed)"
        if case.peer is not None:
            line += f"  [{medians[case.name] / medians[case.peer]:.2f}x {case.peer}]"
        print(line)
    print(f"{failed} target{'s' if failed != 1 else ''} missed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
