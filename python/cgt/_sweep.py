"""Sweeps: one computation over many inputs, on a Dask cluster or locally.

``sweep(work, inputs, client)`` cuts the inputs into batches, runs each batch in a Dask
task (each worker process has its own cgt session, so its caches serve the whole batch) and
returns the results in input order, as the serial run ``[work(x) for x in inputs]`` would.
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, Iterable, List, NamedTuple, Optional, Union

from ._session import default_session

Work = Union[str, Callable[[Any], Any]]


def _eval_at(expression: str, x: Any) -> Any:
    """The cgt ``expression`` with ``x`` bound to the input, in this process's session."""
    return default_session()._call(f"let x = __py_0 in ({expression})", x)


def _as_callable(work: Work) -> Callable[[Any], Any]:
    if isinstance(work, str):
        return functools.partial(_eval_at, work)
    if callable(work):
        return work
    raise TypeError("work must be a cgt expression in x (a str) or a Python callable")


class Failed(NamedTuple):
    """What ``sweep(…, errors="return")`` gives for an input whose work failed: the input,
    and the error as text (``CgtError: …``), so that it travels back from any worker."""

    input: Any
    error: str


def _described(e: BaseException) -> str:
    return f"{type(e).__name__}: {e}"


def _run_batch(work: Work, batch: List[Any], errors: str = "raise") -> List[Any]:
    f = _as_callable(work)
    results = []
    for x in batch:
        try:
            results.append(f(x))
        except Exception as e:
            if errors != "return":
                # The error as it was, saying which input it came from (a note in its
                # traceback; the attribute ``sweep_input``), from a worker too.
                e.sweep_input = x
                if hasattr(e, "add_note"):
                    e.add_note(f"cgt.sweep: the work failed on the input {x!r}")
                raise
            results.append(Failed(x, _described(e)))
    return results


def _bar(progress: Any, total: int) -> Any:
    """The progress bar ``sweep`` updates: tqdm's (``tqdm.auto``: a widget in notebooks, a
    line in terminals) when ``progress`` is True, else ``progress(total=total)``."""
    if progress is True:
        try:
            from tqdm.auto import tqdm
        except ImportError:
            raise ImportError('sweep(…, progress=True) needs tqdm: pip install "cgt-lang[progress]"') from None
        return tqdm(total=total, desc="cgt.sweep", unit="input")
    return progress(total=total)


def sweep(
    work: Work,
    inputs: Iterable[Any],
    client: Optional[Any] = None,
    batch_size: Optional[int] = None,
    errors: str = "raise",
    progress: Any = False,
) -> List[Any]:
    """``[work(x) for x in inputs]``, on the Dask ``client``'s workers when given.

    ``work`` is a cgt expression in ``x`` (``"grundy(kayles(x))"``), evaluated in each
    worker's own session, or a Python function (it must pickle: a module-level function
    or a lambda, which Dask's cloudpickle sends). Results come back in input order; games
    travel as their canonical forms. ``batch_size`` defaults to about four batches per
    worker thread, so a slow batch does not hold up the others for long.

    An input whose work fails raises its error, with the input as its ``sweep_input``
    (``errors="raise"``), or,
    with ``errors="return"``, takes the place of its result as ``Failed(input, error)``
    while the sweep goes on.

    ``progress=True`` shows a tqdm bar counting the inputs done (a widget in notebooks, a
    line in terminals; on a cluster it moves as batches come back); a callable such as
    ``functools.partial(tqdm, file=f)`` makes the bar from ``total=``. Dask's own
    ``distributed.progress`` works too, on the futures of ``client.map``.
    """
    if errors not in ("raise", "return"):
        raise ValueError(f'errors must be "raise" or "return", not {errors!r}')
    xs = list(inputs)
    if client is None or not xs:
        if not progress:
            return _run_batch(work, xs, errors)
        bar = _bar(progress, len(xs))
        try:
            results: List[Any] = []
            for x in xs:
                results.extend(_run_batch(work, [x], errors))
                bar.update(1)
            return results
        finally:
            bar.close()
    if batch_size is None:
        threads = sum(client.nthreads().values()) or 1
        batch_size = max(1, math.ceil(len(xs) / (4 * threads)))
    batches = [xs[i : i + batch_size] for i in range(0, len(xs), batch_size)]
    futures = client.map(_run_batch, [work] * len(batches), batches, [errors] * len(batches), pure=False)
    if progress:
        from distributed import as_completed

        sizes = {f.key: len(b) for f, b in zip(futures, batches)}
        bar = _bar(progress, len(xs))
        try:
            for done in as_completed(futures):
                if done.status == "error":
                    break  # gather raises its error, with the input it failed on
                bar.update(sizes[done.key])
        finally:
            bar.close()
    gathered: List[Any] = []
    for part in client.gather(futures):
        gathered.extend(part)
    return gathered
