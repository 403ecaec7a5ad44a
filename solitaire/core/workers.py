"""Worker processes, each answering over a pipe of its own, so that a worker ended at any
moment (even half-way through sending a result) can neither hang the program nor feed
it half an answer.

The standard library's process pool shares one pipe for every worker's results and
keeps that pipe's writing end open in the program itself: a worker killed while it
sends a result leaves the pool's reading thread waiting for the rest for ever, and the
program with it (at its end, which waits for that thread). Here the far end of a
worker's pipe is held by the worker alone, so once it is gone its pipe reads as ended.

:class:`Worker` is one such process, driven by its caller (the runs of many seeded
games: :mod:`solitaire.core.runs`); :class:`WorkerExecutor` is one behind the
:class:`concurrent.futures.Executor` interface (the coach's process).

>>> import multiprocessing
>>> with WorkerExecutor(multiprocessing.get_context("spawn")) as executor:
...     executor.submit(pow, 2, 10).result(timeout=60)
1024
"""

from __future__ import annotations

import pickle
import threading
import traceback
from collections import deque
from collections.abc import Callable, Iterable
from concurrent.futures import BrokenExecutor, Executor, Future
from contextlib import suppress
from functools import partial
from multiprocessing.util import register_after_fork
from typing import TYPE_CHECKING, Any, Final, ParamSpec, TypeVar

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import BaseContext
    from multiprocessing.process import BaseProcess

__all__ = ["END_SECONDS", "Worker", "WorkerExecutor", "end_workers"]

P = ParamSpec("P")
T = TypeVar("T")

END_SECONDS: Final = 2.0
"""How long a worker sent SIGTERM has to go before it is killed."""


def _portable(error: BaseException) -> BaseException:
    """``error`` if it survives the trip back to the program, else a RuntimeError that says
    what it was."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # an error whose arguments do not rebuild it, or do not pickle
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def _serve(
    connection: Connection, setup: Callable[..., object] | None, setup_args: tuple[Any, ...]
) -> None:
    """A worker's life: ``setup(*setup_args)``, then each ``(work, task)`` received answered
    with ``(True, work(task), "")`` or ``(False, error, its traceback)``, until ``None``
    comes or the program's end of the pipe is gone."""
    if setup is not None:
        setup(*setup_args)
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        work, task = message
        try:
            reply: tuple[bool, object, str] = (True, work(task), "")
        except BaseException as error:  # any error of the work is the program's to raise
            reply = (False, _portable(error), traceback.format_exc())
        try:
            connection.send(reply)
        except (EOFError, OSError):
            return
        except Exception as error:  # a result that does not pickle: nothing was sent yet
            connection.send((False, _portable(error), traceback.format_exc()))


class Worker:
    """One process that runs the tasks sent to it, one at a time, in the order sent.

    ``setup(*setup_args)`` runs in it first (a module-level function, as each task's
    ``work`` must be: they are sent by name). The caller sends a task, waits for its
    connection (:attr:`connection`, for :func:`multiprocessing.connection.wait`) and
    receives the answer."""

    def __init__(
        self,
        context: BaseContext,
        setup: Callable[..., object] | None = None,
        setup_args: tuple[Any, ...] = (),
    ) -> None:
        here, there = context.Pipe()
        # Any process forked from now on (this worker, those started after it) lets go of
        # the program's end, so that the worker reads the end of its pipe once the program
        # has let go of it.
        register_after_fork(here, type(here).close)
        try:
            # Daemonic: whatever happens to the program, multiprocessing ends it at exit.
            self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
                target=_serve, args=(there, setup, setup_args), daemon=True
            )
            self.process.start()
        except BaseException:
            here.close()
            raise
        finally:
            there.close()  # the worker's end is the worker's alone
        self.connection: Connection = here

    def send(self, work: Callable[[Any], object], task: object) -> None:
        """Have the worker run ``work(task)``; a
        :class:`~concurrent.futures.BrokenExecutor` if it is gone."""
        try:
            self.connection.send((work, task))
        except OSError as error:
            raise BrokenExecutor(f"a worker process is gone ({error})") from error

    def receive(self) -> Any:
        """The answer to the task sent first and not yet answered; the error it raised,
        raised here with the worker's traceback as a note; a
        :class:`~concurrent.futures.BrokenExecutor` if the worker ended first (or
        mid-answer). Waits while the answer is worked out."""
        try:
            ok, value, trace = self.connection.recv()
        except (EOFError, OSError) as error:
            # Its exit status is not asked here: that would reap the process, and this may
            # be a reading thread racing the one that ends it (which then reads it as alive).
            raise BrokenExecutor("a worker process ended before it answered") from error
        if ok:
            return value
        value.add_note(f"Raised in the worker process:\n{trace}")
        try:
            raise value
        finally:
            del value  # no cycle through this frame to keep the worker's pipe open

    def stop(self) -> None:
        """Ask it to end once it has answered the tasks sent (it goes by itself)."""
        with suppress(OSError, ValueError):  # gone already, or its pipe closed
            self.connection.send(None)

    def close(self) -> None:
        """Let go of its pipe (anything it still sends is dropped)."""
        self.connection.close()


def end_workers(workers: Iterable[Worker], seconds: float = END_SECONDS) -> None:
    """End these workers now, whatever they are doing: SIGTERM to each, then SIGKILL for any
    still there after ``seconds``; each one reaped. Their pipes stay open: what each sent
    whole before it went can still be received (anything else reads as
    :class:`~concurrent.futures.BrokenExecutor`)."""
    processes = [worker.process for worker in workers]
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(seconds)
        if process.is_alive():
            process.kill()
            process.join()


def _call(work: Callable[[], T]) -> T:
    return work()


class WorkerExecutor(Executor):
    """One :class:`Worker` behind the Executor interface: what is submitted runs there, one
    at a time in the order submitted, each future settled by a reading thread of this
    program. ``shutdown(wait=False)`` ends the process at once, the work under way with it
    (its future then holds a :class:`~concurrent.futures.BrokenExecutor`): quitting never
    waits for it. If the process dies, every future waiting fails with one, and so does
    :meth:`submit` from then on."""

    def __init__(
        self,
        context: BaseContext,
        setup: Callable[..., object] | None = None,
        setup_args: tuple[Any, ...] = (),
    ) -> None:
        self._worker = Worker(context, setup, setup_args)
        self._lock = threading.Lock()
        self._waiting: deque[tuple[Future[Any], Callable[[], Any]]] = deque()
        self._running: Future[Any] | None = None
        self._closed = False
        self._lost = ""
        self._reader = threading.Thread(target=self._read, name="cribsol-worker", daemon=True)
        self._reader.start()

    @property
    def process(self) -> BaseProcess:
        """The worker's process."""
        return self._worker.process

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        with self._lock:
            if self._closed:
                raise RuntimeError("cannot submit work after shutdown")
            if self._lost:
                raise BrokenExecutor(self._lost)
            future: Future[T] = Future()
            self._waiting.append((future, partial(fn, *args, **kwargs)))
            failed = self._hand_on()
        _fail(failed)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more work; with ``cancel_futures`` the work not started is given up. With
        ``wait``, returns once the work left is done and the process gone; without, the
        process is ended now."""
        given_up: list[Future[Any]] = []
        with self._lock:
            self._closed = True
            if cancel_futures or not wait:
                given_up = [future for future, _ in self._waiting]
                self._waiting.clear()
            failed = self._hand_on()
        for future in given_up:  # outside the lock: their callbacks may call this executor
            future.cancel()
            future.set_running_or_notify_cancel()  # done, for concurrent.futures.wait too
        _fail(failed)
        if wait:
            self._reader.join()
            self._worker.process.join()
        else:
            end_workers([self._worker])

    def _hand_on(self) -> list[tuple[Future[Any], BaseException]]:
        """With the lock held: the next work to the idle worker, or, once shut down with
        nothing left, word to end. Returns the work that could not be sent, with why, to
        be failed once the lock is let go."""
        failed: list[tuple[Future[Any], BaseException]] = []
        while self._running is None and self._waiting and not self._lost:
            future, work = self._waiting.popleft()
            if future.set_running_or_notify_cancel():
                self._running = future
                try:
                    self._worker.send(_call, work)
                except Exception as error:  # the process gone, or work that does not pickle
                    self._running = None
                    failed.append((future, error))
        if self._closed and self._running is None and not self._waiting and not self._lost:
            self._worker.stop()
        return failed

    def _read(self) -> None:
        """The reading thread: each answer to its future, until the process is gone (reaped by
        :meth:`shutdown`, or at the program's end)."""
        while True:
            try:
                outcome: tuple[bool, Any] = (True, self._worker.receive())
            except BrokenExecutor as lost:
                self._give_up(str(lost))
                return
            except BaseException as error:  # the work's own error, for its future
                outcome = (False, error)
            with self._lock:
                future, self._running = self._running, None
                failed = self._hand_on()
            _fail(failed)
            if future is None:
                continue
            if outcome[0]:
                future.set_result(outcome[1])
            else:
                future.set_exception(outcome[1])

    def _give_up(self, why: str) -> None:
        """The process is gone: every future not settled fails, the pipe is let go."""
        with self._lock:
            self._lost = why
            failed = [future for future, _ in self._waiting]
            running = self._running
            self._waiting.clear()
            self._running = None
            self._worker.close()  # under the lock: no one sends on it meanwhile
        if running is not None:
            failed.insert(0, running)  # running: it can no longer be cancelled
        for future in failed:
            # A waiting one cancelled meanwhile stays so (only notified, and not failed).
            if future is running or future.set_running_or_notify_cancel():
                future.set_exception(BrokenExecutor(why))


def _fail(failed: list[tuple[Future[Any], BaseException]]) -> None:
    """Settle these futures with their errors (outside the executor's lock: their callbacks
    may call it)."""
    for future, error in failed:
        future.set_exception(error)
