"""cgt.sweep on a real Dask LocalCluster (two worker processes on 127.0.0.1) gives the
serial result, in input order."""

import pytest

import cgt

distributed = pytest.importorskip("distributed")


def grundy_and_game(n):
    """A Python function sent to the workers: it uses the worker's own default session."""
    k = cgt.kayles(n)
    return (k.grundy, k.canonical_form)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        c.wait_for_workers(2)
        yield c
    cluster.close()


def test_without_a_client_it_runs_here():
    assert cgt.sweep("grundy(kayles(x))", range(8)) == [0, 1, 2, 3, 1, 4, 3, 2]


def test_an_expression_sweep_equals_the_serial_run(client):
    codes = [f"0.{a}{b}" for a in range(8) for b in range(8)]
    work = "nim_values(octal(x), 0..40)"
    serial = cgt.sweep(work, codes)
    spread = cgt.sweep(work, codes, client=client, batch_size=5)
    assert spread == serial and len(spread) == 64
    # Both workers took part: the batches went to different processes.
    pids = cgt.sweep(lambda x: __import__("os").getpid(), range(40), client=client, batch_size=2)
    assert len(set(pids)) == 2


def test_games_come_back_as_games_in_input_order(client):
    inputs = list(range(15, 0, -1))
    spread = cgt.sweep(grundy_and_game, inputs, client=client)
    assert spread == [grundy_and_game(n) for n in inputs]
    assert all(isinstance(g, cgt.Game) for _, g in spread)


def test_errors_reach_the_caller(client):
    with pytest.raises(cgt.CgtError):
        cgt.sweep("x + nope", [1, 2], client=client)


def test_a_failing_input_is_named_and_the_sweep_can_go_on(client):
    inputs = [3, -1, 5]  # kayles(-1) is an error
    with pytest.raises(cgt.CgtError) as info:
        cgt.sweep("grundy(kayles(x))", inputs)
    assert info.value.sweep_input == -1
    got = cgt.sweep("grundy(kayles(x))", inputs, errors="return")
    assert got[0] == 3 and got[2] == 4
    assert isinstance(got[1], cgt.Failed) and got[1].input == -1 and got[1].error.startswith("CgtError")
    remote = cgt.sweep("grundy(kayles(x))", inputs, client, batch_size=1, errors="return")
    assert remote[0] == 3 and remote[2] == 4 and remote[1].input == -1
    with pytest.raises(cgt.CgtError) as info:
        cgt.sweep("grundy(kayles(x))", inputs, client, batch_size=3)
    assert info.value.sweep_input == -1


def test_progress_counts_every_input_here_and_on_the_cluster(client):
    tqdm = pytest.importorskip("tqdm").tqdm
    import functools
    import io

    for where in (None, client):
        out = io.StringIO()
        bar = functools.partial(tqdm, file=out, mininterval=0, ascii=True)
        results = cgt.sweep("grundy(kayles(x))", range(12), client=where, batch_size=5, progress=bar)
        assert results == [cgt.value(f"grundy(kayles({x}))") for x in range(12)]
        assert "12/12" in out.getvalue(), out.getvalue()
    # A failing input still raises (the bar closes), naming it.
    out = io.StringIO()
    with pytest.raises(cgt.CgtError):
        cgt.sweep("x + nope", [1, 2], client=client, progress=functools.partial(tqdm, file=out))
