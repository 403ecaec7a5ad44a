"""The ``cribsol`` command line: one parser, one handler module per game or concern.

With no command it plays the patience. Every problem with the input (a
:class:`~solitaire.core.errors.CribsolError`, a bad argument, a file that cannot be
read) is one line on stderr and exit status 2; anything else is a bug: one line
saying so, exit status 70, its traceback in ``errors.log`` (``CRIBSOL_DEBUG=1``
prints it too). No traceback reaches the user otherwise.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from solitaire.cli.terminal import prog, speaks_unicode
from solitaire.core.collector import pace_collector
from solitaire.core.errors import CribsolError
from solitaire.errorlog import EXIT_INTERNAL, begin, internal_error_line

# typing's own flag would load typing, which --help and --version otherwise skip
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from pathlib import Path
    from typing import Final

__all__ = ["build_parser", "main"]

ERROR_LENGTH: Final = 300  # characters of an error line
EXIT_USAGE: Final = 2
_HELP: Final = frozenset({"-h", "--help"})


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    if words == ["--version"]:  # answered before any parser is built: start-up is speed
        from solitaire.version import version

        print(f"{prog()} {version()}")
        return 0
    begin(words, _data_dir(words))
    pace_collector()
    quick = _plain_score(words)
    if quick is None:
        from solitaire.cli.parser import COMMANDS

        named = "play" if not words else words[0] if words[0] in COMMANDS else None
        # A line starting with a command builds that one's group; a call for help that
        # names no command, the list of commands alone.
        listing = named is None and not set(words) & set(COMMANDS) and bool(_HELP & set(words))
        parser = build_parser(named, listing=listing)
    try:
        if quick is not None:
            args = quick
        else:
            args, unknown = parser.parse_known_args(_with_command(parser, words))
            if unknown:  # said by the command given them, so its --help is the one pointed at
                from solitaire.cli.options import Parser

                owner: argparse.ArgumentParser = getattr(args, "command_parser", parser)
                option = next((word for word in unknown if word.startswith("--")), None)
                if option is not None and isinstance(owner, Parser):
                    owner.error(owner.unknown_option(option.split("=", 1)[0]))
                owner.error(f"unrecognized arguments: {' '.join(unknown)}")
        if not speaks_unicode(sys.stdout):
            args.ascii = True  # a terminal without suit symbols gets letters, not an error
        status = handler(args.func)(args)
        sys.stdout.flush()  # a full disk behind the output is said here, not at exit
        return status
    except CribsolError as error:
        from solitaire.cli.options import UsageError  # a usage error names its command itself

        text = str(error)
        _error_line(text if isinstance(error, UsageError) else f"{prog()}: {text}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        _error_line(f"{prog()}: interrupted")
        return 130
    except BrokenPipeError as error:
        if not _stdout_closed():  # another pipe (a worker process's): a bug, not the reader
            _error_line(f"{prog()}: {internal_error_line(error)}")
            return EXIT_INTERNAL
        # Output piped into a command that stopped reading; not an error.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:  # a full disk, a read-only or vanished file
        output = _output_file() if error.filename is None else None
        if output is not None:
            _error_line(f"{prog()}: {_output_not_written(error, output, words)}")
            return EXIT_USAGE
        where = f": {error.filename}" if error.filename else ""
        _error_line(f"{prog()}: {error.strerror or error}{where}")
        return EXIT_USAGE
    except Exception as error:  # a bug: said to be one, with its traceback in the log
        _error_line(f"{prog()}: {internal_error_line(error)}")
        return EXIT_INTERNAL


def build_parser(command: str | None = None, *, listing: bool = False) -> argparse.ArgumentParser:
    """The command line's parser (:func:`solitaire.cli.parser.build_parser`)."""
    from solitaire.cli.parser import build_parser as build

    return build(command, listing=listing)


def _plain_score(words: list[str]) -> argparse.Namespace | None:
    """``score`` followed by cards and nothing else, as the parser reads it, without the
    parser: building every command's parser (and importing argparse) would cost the
    command a third of its time. Anything else (an option, no card) goes to the parser.
    ``tests/test_cli_arguments.py`` checks this against the parser's own reading."""
    if len(words) < 2 or words[0] != "score" or any(word.startswith("-") for word in words):
        return None
    from types import SimpleNamespace
    from typing import cast

    quick = SimpleNamespace(
        version=None,
        ascii=False,
        data_dir=None,
        command="score",
        cards=words[1:],
        crib=False,
        json=False,
        func="score_command:cmd_score",
    )
    return cast("argparse.Namespace", quick)  # read by name, as the parser's Namespace is


def _with_command(parser: argparse.ArgumentParser, words: list[str]) -> list[str]:
    """The arguments with ``play`` put first when they name no command (``cribsol``,
    ``cribsol --seed 5``); ``--help`` and ``--version`` stay the program's own."""
    from solitaire.cli.options import Parser, UsageError
    from solitaire.cli.parser import COMMANDS

    if any(word in ("-h", "--help", "--version") for word in words):
        return words
    takes_value = _options_with_values(parser).union(
        *(_options_with_values(command) for command in _commands(parser))
    )
    shared = {option for action in parser._actions for option in action.option_strings}
    skip = False
    before: list[str] = []  # the options given before the command's name
    for word in words:
        if skip:
            skip = False
        elif word.startswith("-"):
            skip = word in takes_value
            before.append(word.split("=", 1)[0])
        else:
            misplaced = [option for option in before if option not in shared]
            known = shared.union(*(_option_strings(command) for command in _commands(parser)))
            unknown = next((option for option in before if option not in known), None)
            if unknown is not None and word in COMMANDS and isinstance(parser, Parser):
                parser.error(parser.unknown_option(unknown))
            if misplaced and word in COMMANDS:
                raise UsageError(
                    f"{prog()}: {misplaced[0]} belongs after the command's name: "
                    f"{prog()} {word} {misplaced[0]} ... (see {prog()} {word} --help)"
                )
            return words  # the first word that is no option's value names the command
    return ["play", *words]


def _options_with_values(parser: argparse.ArgumentParser) -> set[str]:
    return {
        option
        for action in parser._actions
        if action.nargs != 0 and action.option_strings
        for option in action.option_strings
    }


def _option_strings(parser: argparse.ArgumentParser) -> set[str]:
    return {option for action in parser._actions for option in action.option_strings}


def _commands(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """Every command's parser (and its subcommands')."""
    import argparse

    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                found += [command, *_commands(command)]
    return found


def handler(func: object) -> Callable[[argparse.Namespace], int]:
    """The function a command runs: ``"module:function"`` is imported now, and only now."""
    if isinstance(func, str):
        module, name = func.split(":")
        target: Callable[[argparse.Namespace], int] = getattr(
            importlib.import_module(f"solitaire.cli.{module}"), name
        )
        return target
    if callable(func):
        return func  # set by new_command: (Namespace) -> int
    raise LookupError("the parser named no handler for this command")  # a bug, logged as one


def _output_file() -> str | None:
    """The file standard output writes to, when it is one (redirected to a file, or to a
    device such as /dev/full that is not a terminal), or None."""
    import stat

    try:
        fd = sys.stdout.fileno()
        mode = os.fstat(fd).st_mode
        if not (stat.S_ISREG(mode) or (stat.S_ISCHR(mode) and not os.isatty(fd))):
            return None
        return os.readlink(f"/proc/self/fd/{fd}")
    except (OSError, ValueError, AttributeError):
        return None


def _output_not_written(error: OSError, output: str, words: Sequence[str]) -> str:
    """A failed write of the output to a file, named: the file, what was not written, why."""
    from solitaire.cli.parser import COMMANDS
    from solitaire.store.paths import problem

    named = next((word for word in words if word in COMMANDS), "play")
    what = "JSON" if "--json" in words else "output"
    # Left unflushed, the rest would fail again at exit; the line above says it all.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return f"the {what} of {prog()} {named} was not written (in full) to {output}: {problem(error)}"


def _stdout_closed() -> bool:
    """Whether standard output is a pipe nobody reads any more (so a BrokenPipeError was
    the reader leaving, not some other pipe breaking)."""
    import select

    try:
        poll = select.poll()
        poll.register(sys.stdout.fileno(), select.POLLOUT)
        return any(events & (select.POLLERR | select.POLLHUP) for _, events in poll.poll(0))
    except (OSError, ValueError, AttributeError):  # no poll, or no file behind stdout
        return False


def _data_dir(words: Sequence[str]) -> Path | None:
    """The --data-dir given, for the error log (else the default data directory)."""
    given = None
    for i, word in enumerate(words):
        if word == "--data-dir" and i + 1 < len(words):
            given = words[i + 1]
        elif word.startswith("--data-dir="):
            given = word.split("=", 1)[1]
    if given is None:
        return None
    from pathlib import Path

    return Path(given).expanduser()


def _error_line(message: str) -> None:
    """One line on stderr; an error may quote a file or an argument, so it is made safe."""
    from solitaire.core.untrusted import safe_text

    print(safe_text(message, ERROR_LENGTH), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
