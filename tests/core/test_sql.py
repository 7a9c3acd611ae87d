"""The store's database layer: `:name` parameters with lists written out as IN lists, the
same error classes from SQLite and PostgreSQL, and statements counted by `trace`."""
from __future__ import annotations

import sqlite3

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourney.core.sql import IntegrityError, ProgrammingError, SqliteDatabase, expand


def test_lists_become_in_lists_and_an_empty_list_matches_nothing():
    assert expand("a IN :xs AND b = :b", {"xs": [4, 7], "b": 1}) == (
        "a IN (:xs_0, :xs_1) AND b = :b", {"xs_0": 4, "xs_1": 7, "b": 1})
    assert expand("(a, b) IN :ps", {"ps": [(1, 2)]}) == ("(a, b) IN ((:ps_0_0, :ps_0_1))", {"ps_0_0": 1, "ps_0_1": 2})
    assert expand("a IN :xs", {"xs": []}) == ("a IN (SELECT NULL WHERE 1 = 0)", {})
    # A name that only starts like a list's name is another parameter.
    assert expand("a IN :x AND b = :xy", {"x": [1], "xy": 2}) == ("a IN (:x_0) AND b = :xy", {"x_0": 1, "xy": 2})


@given(st.lists(st.integers(-5, 5), max_size=8), st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=6))
def test_an_expanded_statement_finds_what_a_python_filter_finds(wanted, pairs):
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (a INTEGER, b INTEGER)")
    rows = [(a, b) for a in range(-5, 6) for b in range(4)]
    conn.executemany("INSERT INTO t VALUES (?, ?)", rows)
    sql, params = expand("SELECT a, b FROM t WHERE a IN :wanted OR a NOT IN :wanted ORDER BY a, b",
                         {"wanted": wanted})
    assert conn.execute(sql, params).fetchall() == sorted(rows)  # NOT IN an empty list holds for every row
    sql, params = expand("SELECT a, b FROM t WHERE a IN :wanted ORDER BY a, b", {"wanted": wanted})
    assert conn.execute(sql, params).fetchall() == sorted(r for r in rows if r[0] in wanted)
    if pairs:
        sql, params = expand("SELECT a, b FROM t WHERE (a, b) IN :pairs ORDER BY a, b", {"pairs": pairs})
        assert conn.execute(sql, params).fetchall() == sorted(r for r in rows if r in set(pairs))


def test_an_event_file_reports_the_same_error_classes_as_the_server(tmp_path):
    db = SqliteDatabase(tmp_path / "x.db")
    with db.begin() as conn:
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        conn.execute("INSERT INTO t (name) VALUES (:n)", {"n": "Anna"})
    with pytest.raises(IntegrityError), db.begin() as conn:
        conn.execute("INSERT INTO t (name) VALUES (:n)", {"n": "Ben"})
        conn.execute("INSERT INTO t (name) VALUES (:n)", {"n": "Anna"})
    with pytest.raises(ProgrammingError), db.read() as conn:
        conn.execute("SELECT * FROM gone")
    with db.read() as conn:  # the failed transaction stored nothing
        assert conn.execute("SELECT name FROM t").all() == [("Anna",)]
    other = SqliteDatabase(tmp_path / "x.db")
    with other.begin():  # the write lock is taken at BEGIN, before any statement
        slow = sqlite3.connect(tmp_path / "x.db", timeout=0.1)
        with pytest.raises(sqlite3.OperationalError, match="database is locked"):
            slow.execute("BEGIN IMMEDIATE")
        slow.close()
    db.dispose()
    other.dispose()


def test_a_file_that_is_not_a_database_is_an_error_of_the_layer(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all, just some text" * 100)
    with pytest.raises(Exception) as caught, SqliteDatabase(junk).read() as conn:
        conn.execute("SELECT 1 FROM meta")
    assert type(caught.value).__module__ == "tourney.core.sql" and "not a database" in str(caught.value)


def test_trace_sees_every_statement_once(tmp_path):
    db = SqliteDatabase(tmp_path / "x.db")
    seen: list[str] = []
    db.trace = seen.append
    with db.begin() as conn:
        conn.execute("CREATE TABLE t (a INTEGER)")
        conn.execute_many("INSERT INTO t VALUES (:a)", [{"a": i} for i in range(50)])
        assert conn.execute("SELECT count(*) FROM t WHERE a IN :xs", {"xs": [1, 2, 99]}).scalar() == 2
    assert seen == ["CREATE TABLE t (a INTEGER)", "INSERT INTO t VALUES (:a)",
                    "SELECT count(*) FROM t WHERE a IN (:xs_0, :xs_1, :xs_2)"]
