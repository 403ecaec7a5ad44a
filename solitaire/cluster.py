"""Long runs on a Dask cluster: the workers of a ``distributed`` scheduler, on any machines.

:func:`connect` reaches the scheduler at an address (``tcp://host:8786``) within a
bounded time, waits for a worker, and checks that every worker runs this build of
the project (this version, and this code: :func:`code_identity`) before any game is
played (and every task checks its worker's build again, so a worker that joins mid-run
with another one stops the run in one line);
the :class:`DaskCluster` it returns is an
:class:`~solitaire.core.runs.Executor`, so a simulation or an arena given it plays
the same tasks as on this machine's processes and adds them up to the same totals.
Dask is an optional extra (``pip install 'cribbage-solitaire[cluster]'``), imported
only here and only when a run asks for a cluster; nothing that plays needs it.

A worker lost mid-run (killed, its machine gone) loses the tasks it held; the
scheduler plays them again on the others, and each task's result is taken once, by
its index. On Ctrl-C the tasks not finished are cancelled and the first ones, all
finished, kept; so are they when the scheduler goes away mid-run, and the cluster's
:attr:`~DaskCluster.stopped` says so in one line. Dask's own log lines stay off the
terminal (``CRIBSOL_DEBUG=1`` lets them through).
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from solitaire.core.errors import CribsolError
from solitaire.core.runs import IN_FLIGHT, POLL_SECONDS, RunStopped, check_signals, signals_polled
from solitaire.core.untrusted import safe_text
from solitaire.version import DISTRIBUTION, version

if TYPE_CHECKING:
    from types import TracebackType

__all__ = [
    "CONNECT_SECONDS",
    "ENVIRONMENT",
    "INSTALL",
    "QUIET",
    "ClusterError",
    "DaskCluster",
    "build",
    "code_identity",
    "connect",
    "play_task",
    "quiet_environment",
    "run_on",
    "scheduler_address",
    "worker_version",
]

ENVIRONMENT: Final = "CRIBSOL_CLUSTER"
"""The environment variable naming the cluster when ``--cluster`` is not given."""
INSTALL: Final = "pip install 'cribbage-solitaire[cluster]'"
CONNECT_SECONDS: Final = 10.0  # to reach the scheduler, then again for a first worker
_HANDSHAKE_SECONDS: Final = 2.0  # past the connect timeout, for the scheduler to answer
_SLOTS_EVERY: Final = 5.0  # seconds between two counts of the workers' threads
_ASK_SECONDS: Final = 1.0  # for one ask of the scheduler mid-run, between looks at the signals

T = TypeVar("T")
R = TypeVar("R")

QUIET: Final[dict[str, object]] = {
    # the dashboard's statistical profiler: a look at the running task's stack every 10 ms
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",  # the event loop's health check: every 20 ms
    "distributed.worker.memory.monitor-interval": "1s",  # the process's memory: every 100 ms
    "distributed.admin.system-monitor.interval": "5s",  # the dashboard's graphs: every 500 ms
}
"""Dask settings for a scheduler and workers that play long runs (docs/CLUSTER.md gives
them as :func:`quiet_environment`). Dask's own watching costs each of its processes about
2% of a core for every second of the wall clock, busy or not: at a load of 10 on two cores
a run's wall time is five times its CPU time, and that watching took a quarter of the
arena's CPU (the cluster at 0.75 of ``--jobs 2``). With these, about 0.3% each. They
change no result: only the dashboard's profile and graphs, and how soon a worker over its
memory limit is noticed (within a second)."""


def quiet_environment() -> dict[str, str]:
    """:data:`QUIET` as the environment variables Dask reads when a process starts.

    >>> quiet_environment()["DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL"]
    '1s'
    """
    return {
        "DASK_" + key.upper().replace(".", "__").replace("-", "_"): str(value)
        for key, value in QUIET.items()
    }


class ClusterError(CribsolError):
    """A cluster that cannot play the run: not reached, no workers, other versions."""


_PACKAGE: Final = Path(__file__).resolve().parent
_identities: dict[Path, str] = {}  # each package folder's code identity, once read


def code_identity(package: Path = _PACKAGE) -> str:
    """The code itself, whatever its version says: the first 12 hex digits of a SHA-256 of
    every file of the package (its Python and its data), each with its path inside the
    package, in the order of those paths; compiled caches left out. Read once a process,
    when first asked: a run on a cluster asks, nothing else does."""
    if package not in _identities:
        digest = hashlib.sha256()
        files = sorted(
            (path.relative_to(package).as_posix(), path)
            for path in package.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
        )
        for name, path in files:
            content = path.read_bytes()
            digest.update(f"{name}\0{len(content)}\0".encode())
            digest.update(content)
        _identities[package] = digest.hexdigest()[:12]
    return _identities[package]


def build() -> str:
    """This project's version and code identity: the version, a space, then 12 hex digits
    of the code's hash (``3f2a91c0d4e1``)."""
    return f"{version()} {code_identity()}"


def worker_version() -> str:
    """This project's :func:`build` where this runs (sent to every worker by name: a worker
    without the project fails to load it, and says so)."""
    return build()


def _parts(build: str) -> tuple[str, str]:
    """A build's version and code identity, shown safely; a build without a code identity
    (an older release's) has an ``unknown`` one."""
    version, _, code = build.partition(" ")
    return safe_text(version, 30), safe_text(code, 30) or "unknown"


# Dask's nanny starts each worker with MALLOC_TRIM_THRESHOLD_ set, which turns off glibc's
# sliding mmap threshold: every large array is then mapped afresh and its pages faulted
# in, and a task of target121 games took 2.5 times the CPU it takes in a process of our
# own (1.19 million page faults against 56,000). Each worker sets the thresholds back
# before its first task (glibc's mallopt; elsewhere nothing is changed).
_M_TRIM_THRESHOLD: Final = -1
_M_MMAP_THRESHOLD: Final = -3
_tuned: list[bool] = []


def _tune_malloc() -> None:
    """Let this process's allocator reuse freed memory for the next large arrays."""
    import ctypes

    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return
    mallopt(_M_MMAP_THRESHOLD, 32 << 20)  # glibc's largest: arrays under 32 MiB on the heap
    mallopt(_M_TRIM_THRESHOLD, 128 << 20)


class WorkerVersionError(CribsolError):
    """A worker runs another build of the project than the run's (one that joined the
    cluster after the run's check): its :attr:`version`, a :func:`build` (the only
    argument, so the error pickles back from the worker)."""

    def __init__(self, version: str) -> None:
        super().__init__(version)
        self.version = version


def play_task(work: Callable[[T], R], task: T, expected: str | None = None) -> R:
    """``work(task)`` on a worker that runs the ``expected`` :func:`build` (else a
    :class:`WorkerVersionError`), the allocator tuned before the first task there."""
    if not _tuned:
        _tune_malloc()
        _tuned.append(True)
    if expected is not None and build() != expected:
        raise WorkerVersionError(build())
    return work(task)


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"--cluster needs Dask's distributed scheduler: {INSTALL}") from None
    _quiet()
    return distributed


_LOGGERS: Final = ("distributed", "tornado", "asyncio")  # Dask's, and the loops it runs on


def _quiet() -> None:
    """Keep Dask's log lines (a lost scheduler's tracebacks, say) off this terminal: what
    matters is said in one line. ``CRIBSOL_DEBUG=1`` lets them through."""
    import logging

    from solitaire.errorlog import debugging

    if debugging():
        return
    names = [name for name in logging.root.manager.loggerDict if name.split(".")[0] in _LOGGERS]
    for name in {*names, *_LOGGERS}:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


NOT_A_SCHEDULER: Final = "what answered there is not a Dask scheduler"


def _why_not(error: BaseException) -> str:
    """What a failed connection adds to "none answered within N s", told by its type, in
    our words: a timeout adds nothing, and neither does an OSError that carries no system
    error (Dask's own "timed out trying to connect"); a system error is its words
    (``Connection refused``); any other error comes from reading what a server that is
    not a scheduler sent (numpy's "Unable to allocate 3.07 EiB" for an HTTP server's
    answer read as a frame's length), and says so."""
    if isinstance(error, TimeoutError):
        return ""
    if isinstance(error, OSError):
        return (error.strerror or "") if error.errno is not None else ""
    return NOT_A_SCHEDULER


_unclosed: list[Any] = []  # clients Dask could not close, kept from the collector


def _start_client(distributed: Any, address: str, timeout: float) -> Any:
    """A Dask client connected to ``address``; one that fails to start is closed before
    its error is raised."""
    # Made in two steps to hold the client when its start fails. Left to the garbage
    # collector, Dask's finalizer closes it wherever the collector next runs, and inside
    # Dask's start of another client it waits for ever on a lock Dask holds there.
    client = object.__new__(distributed.Client)
    try:
        distributed.Client.__init__(client, address, timeout=timeout, set_as_default=False)
    except BaseException:
        _close(client, timeout)
        raise
    return client


def _close(client: Any, timeout: float) -> None:
    """Close a client no caller holds; one Dask cannot close is kept for the life of the
    process (never collected, so never closed inside Dask)."""
    try:
        client.close(timeout=timeout)
    except BaseException:
        _unclosed.append(client)
        raise


SCHEMES: Final = ("tcp", "tls")  # the protocols a scheduler listens on across machines
_FORM: Final = "write tcp://HOST:PORT (or tls://), the port from 1 to 65535"
_LABEL: Final = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)")  # of a host's name (RFC 1123)


def scheduler_address(text: str) -> str:
    """The address of a Dask scheduler that ``text`` names, as Dask reads it: ``tcp://HOST:PORT``
    (``HOST:PORT`` is tcp; HOST a name, an IPv4 address or an IPv6 one in brackets; the
    spaces around it dropped). Anything else is a :class:`ClusterError` in one line
    saying what is wrong with it, before Dask is asked anything."""
    import ipaddress

    written = text.strip()
    if not written:
        raise ClusterError(f"no scheduler address given: {_FORM}")
    shown = safe_text(written, 80)

    def bad(why: str) -> ClusterError:
        return ClusterError(f"the scheduler address {shown} {why}: {_FORM}")

    scheme, found, rest = written.partition("://")
    if not found:
        scheme, rest = "tcp", written
    if scheme.lower() not in SCHEMES:
        raise bad(f"has the scheme {safe_text(scheme, 20)}:// that no scheduler speaks here")
    if rest.startswith("["):  # an IPv6 host
        host, closed, port = rest[1:].partition("]")
        if not closed:
            raise bad("opens a [ for its host that it never closes")
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise bad("has in brackets something that is not an IPv6 address") from None
        if not port.startswith(":"):
            raise bad("has no port after its host")
        where, port = f"[{host}]", port[1:]
    else:
        host, colon, port = rest.rpartition(":")
        if not colon:
            raise bad("has no port")
        if ":" in host:
            raise bad("has more than one ':' (an IPv6 host goes in brackets: tcp://[::1]:8786)")
        if not host:
            raise bad("has no host")
        if host.replace(".", "").isdigit():
            try:
                ipaddress.IPv4Address(host)
            except ValueError:
                raise bad("has a host that is not an IPv4 address") from None
        elif len(host) > 253 or not all(_LABEL.fullmatch(label) for label in host.split(".")):
            raise bad("has a host that is neither a name nor an IP address")
        where = host
    if not (port.isascii() and port.isdigit()):
        raise bad("has a port that is not a number")
    if not (len(port) <= 5 and 1 <= int(port) <= 65535):
        raise bad("has a port out of range")
    return f"{scheme.lower()}://{where}:{int(port)}"


def connect(address: str, timeout: float | None = None) -> DaskCluster:
    """The cluster whose scheduler is at ``address``, its workers checked; a
    :class:`ClusterError` in one line when it cannot be reached within ``timeout``
    seconds (:data:`CONNECT_SECONDS`), has no worker, or has a worker that lacks the
    project or runs another build of it; or when ``address`` is no address at all
    (:func:`scheduler_address`)."""
    wanted = scheduler_address(address)
    distributed = _distributed()
    timeout = timeout or CONNECT_SECONDS
    shown = safe_text(address.strip(), 80)
    made: list[Any] = []  # the client
    failed: list[str] = []  # or why none was made
    given_up = threading.Event()
    handed = threading.Lock()

    def make() -> None:
        try:
            client = _start_client(distributed, wanted, timeout)
        except BaseException as error:  # said below, in the caller's thread
            failed.append(_why_not(error))
            return
        with handed:
            if not given_up.is_set():
                made.append(client)
                return
        # came after the caller stopped waiting: nobody else will close it
        with suppress(Exception):  # kept by _close; nothing to say in a thread of its own
            _close(client, timeout)

    # Dask bounds the connection but not the handshake: a server that accepts and never
    # answers (not a scheduler) would hold the run for ever, so the wait is bounded here.
    maker = threading.Thread(target=make, name="cribsol-connect", daemon=True)
    maker.start()
    try:
        maker.join(timeout + _HANDSHAKE_SECONDS)
    finally:  # interrupted too: a client made from here on is the maker's to close
        with handed:
            given_up.set()
    if not made:
        said = failed[0] if failed else ""
        reason = f" ({safe_text(said)})" if said else ""
        raise ClusterError(f"no Dask scheduler answered at {shown} within {timeout:g} s{reason}")
    client = made[0]
    try:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError):
            raise ClusterError(
                f"the Dask scheduler at {shown} has no worker (none joined within {timeout:g} s)"
            ) from None
        check_workers(client.run(worker_version, on_error="return"), shown)
    except BaseException:
        client.close()
        raise
    return DaskCluster(client, shown)


@contextmanager
def run_on(address: str | None) -> Iterator[DaskCluster | None]:
    """The cluster at ``address``, connected and checked, left when the run ends; None
    (this machine's processes) for None. An empty address is refused, as any other that
    names no scheduler."""
    if address is None:
        yield None
        return
    with connect(address) as cluster:
        yield cluster


def check_workers(answers: dict[str, object], shown: str) -> None:
    """Refuse, in one line naming the versions, workers whose answer to
    :func:`worker_version` is an error (no project there) or another build: another
    version, or the same version from other code."""
    ours = build()
    mine = version()
    lacking = sorted(worker for worker, answer in answers.items() if not isinstance(answer, str))
    if lacking:
        answer = answers[lacking[0]]
        raise ClusterError(
            f"{len(lacking)} of {len(answers)} workers at {shown} cannot load "
            f"{DISTRIBUTION} ({safe_text(str(answer), 80)}): install {DISTRIBUTION} "
            f"{mine} on every worker"
        )
    others = sorted({str(answer) for answer in answers.values()} - {ours})
    if not others:
        return
    count = sum(answer != ours for answer in answers.values())
    versions = sorted({other.partition(" ")[0] for other in others} - {mine})
    if versions:
        theirs = ", ".join(safe_text(other, 30) for other in versions)
        raise ClusterError(
            f"{count} of {len(answers)} workers at {shown} run {DISTRIBUTION} {theirs}, "
            f"this is {mine}: install {DISTRIBUTION} {mine} on every worker"
        )
    codes = ", ".join(_parts(other)[1] for other in others)
    raise ClusterError(
        f"{count} of {len(answers)} workers at {shown} run {DISTRIBUTION} {mine} built "
        f"from other code (code {codes}, this is {code_identity()}): install this same "
        f"build of {DISTRIBUTION} on every worker"
    )


class DaskCluster:
    """A connected cluster, an :class:`~solitaire.core.runs.Executor`; close it when done
    (or use it in a ``with``)."""

    def __init__(self, client: Any, address: str) -> None:
        self.client: Any = client  # a distributed.Client (untyped)
        self.address = address
        self.expected = build()  # every task checks its worker runs this
        self.stopped: str | None = None  # why the cluster stopped the last run, if it did
        self._slots = self._count_slots()
        self._counted = time.monotonic()

    def _count_slots(self, timeout: float | None = None) -> int:
        """The workers' threads, asked of the scheduler (within ``timeout`` seconds)."""
        asked = {} if timeout is None else {"callback_timeout": timeout}
        threads: dict[str, int] = self.client.nthreads(**asked)
        return max(1, sum(threads.values()))

    @property
    def slots(self) -> int:
        """The workers' threads: tasks played at once (counted again every few seconds,
        as workers come and go)."""
        if time.monotonic() - self._counted > _SLOTS_EVERY:
            with suppress(TimeoutError):  # a scheduler slow to answer: the last count stands
                self._slots = self._count_slots(timeout=_ASK_SECONDS)
            self._counted = time.monotonic()
        return self._slots

    @property
    def where(self) -> str:
        """``the cluster at ADDRESS (N threads)``, the threads as last counted: a report
        after the run never asks a scheduler that may be gone."""
        return f"the cluster at {self.address} ({self._slots} threads)"

    def play(
        self,
        work: Callable[[T], R],
        tasks: Iterable[tuple[int, T]],
        finished: Callable[[int, R], None],
    ) -> None:
        """See :class:`~solitaire.core.runs.Executor`: a few tasks a thread are on the
        cluster at once; on Ctrl-C those not finished are cancelled."""
        with signals_polled():
            self._play(work, tasks, finished)

    def _play(
        self,
        work: Callable[[T], R],
        tasks: Iterable[tuple[int, T]],
        finished: Callable[[int, R], None],
    ) -> None:
        distributed = _distributed()
        run = f"cribsol-{getattr(work, '__name__', 'work')}-{uuid.uuid4().hex[:12]}"
        pending: dict[Any, int] = {}  # future: task index
        arriving = distributed.as_completed(loop=self.client.loop)

        def collect() -> None:
            while not arriving.has_ready():  # a stop signal looked at while it waits
                check_signals()
                with arriving.thread_condition:
                    arriving.thread_condition.wait(timeout=POLL_SECONDS)
            with self._answering():
                future = next(arriving)
            try:
                result = self._result(future)
            except WorkerVersionError as error:  # a worker that joined after the check
                raise ClusterError(self._refused(str(error.version))) from None
            except (distributed.KilledWorker, CancelledError) as error:
                # A task whose workers kept dying, or the scheduler gone: not the game's fault.
                check_signals()  # a run already stopped is said to be (not the cluster's end)
                self.stopped = self._why_stopped(error)
                raise RunStopped(self.stopped) from None
            except distributed.comm.CommClosedError as error:
                # The result's connection cut (its scheduler killed as it came, say): said
                # once the client has seen what went, in our words, never Dask's.
                check_signals()
                self._settle()
                self.stopped = self._why_stopped(error)
                raise RunStopped(self.stopped) from None
            finished(pending.pop(future), result)

        try:
            for index, task in tasks:
                check_signals()
                with self._answering():
                    future = self.client.submit(
                        play_task, work, task, self.expected, key=f"{run}-{index}"
                    )
                    slots = self.slots
                pending[future] = index
                arriving.add(future)
                if len(pending) >= slots * IN_FLIGHT:
                    collect()
            while pending:
                collect()
        except KeyboardInterrupt:
            for future, index in list(pending.items()):  # in task order
                if future.status == "finished":
                    try:  # bounded: the cluster may be going too, and its words are not ours
                        result = future.result(timeout=_ASK_SECONDS)
                    except Exception:
                        break  # the tasks after it could not count: the first ones are kept
                    finished(index, result)
            self._cancel(list(pending))
            raise
        except BaseException:
            self._cancel(list(pending))
            raise

    @contextmanager
    def _answering(self) -> Iterator[None]:
        """Around a call to the scheduler: one gone, or not answering, is a
        :class:`~solitaire.core.runs.RunStopped` saying so (the task's own errors come
        from its result, not from here)."""
        try:
            yield
        except (OSError, CancelledError) as error:
            self.stopped = self._why_stopped(error)
            raise RunStopped(self.stopped) from None

    def _result(self, future: Any) -> Any:
        """A finished task's result, the stop signals looked at while it comes: asked again
        with twice the time after each ask that timed out (a large result on a slow link
        still comes; a scheduler that stopped answering cannot hold a stop back)."""
        wait = _ASK_SECONDS
        while True:
            check_signals()
            try:
                return future.result(timeout=wait)
            except TimeoutError:
                if future.status == "error":  # the task's own TimeoutError, not the ask's
                    raise
                wait *= 2

    def _settle(self, seconds: float = 2.0) -> None:
        """Give the client up to ``seconds`` to see its scheduler gone, if it is."""
        deadline = time.monotonic() + seconds
        while self.client.status == "running" and time.monotonic() < deadline:
            time.sleep(0.05)

    def _cancel(self, futures: list[Any]) -> None:
        """Cancel a stopped run's tasks on the cluster, if it is still there to ask (one
        gone as it is asked leaves nothing to cancel, and the run's own reason stands)."""
        if self.client.status == "running":
            with suppress(OSError):
                self.client.cancel(futures)

    def _why_stopped(self, error: BaseException) -> str:
        """What stopped a run on the cluster, in one line of our own."""
        if self.client.status != "running" or "scheduler-connection-lost" in str(error):
            return f"the connection to the Dask scheduler at {self.address} was lost mid-run"
        if type(error).__name__ == "KilledWorker":
            return (
                f"the cluster at {self.address} stopped the run: the workers that played "
                "one of its tasks all died"
            )
        if isinstance(error, CancelledError):
            return f"the cluster at {self.address} cancelled the run's tasks"
        strerror = getattr(error, "strerror", None)
        reason = f" ({safe_text(str(strerror))})" if strerror else ""
        return f"the cluster at {self.address} stopped answering{reason}"

    def _refused(self, theirs: str) -> str:
        """Why a worker of build ``theirs``, met mid-run, stops the run."""
        (their_version, their_code), (ours, our_code) = _parts(theirs), _parts(self.expected)
        if their_version != ours:
            return (
                f"a worker at {self.address} runs {DISTRIBUTION} {their_version}, this is "
                f"{ours}: install {DISTRIBUTION} {ours} on every worker"
            )
        return (
            f"a worker at {self.address} runs {DISTRIBUTION} {ours} built from other code "
            f"(code {their_code}, this is {our_code}): install this same build of "
            f"{DISTRIBUTION} on every worker"
        )

    def close(self) -> None:
        """Leave the cluster (its scheduler and workers carry on)."""
        self.client.close()

    def __enter__(self) -> DaskCluster:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
