"""Findings in the organiser's language: the one place where the rules engine's English
templates (and the words in their placeholders) go through the gettext catalogue.

Every place that shows a finding to a person (`tourney check`, `results import`, the root
causes, the XLSX games sheet, the desks) renders it here; rule ids, JSON keys and stored
data stay English (`Finding.message`).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rules_engine.findings import Finding, Joined, Params, Severity, Term, Text
from tourney.core.i18n import N_, _

SEVERITY = {Severity.ERROR: N_("error"), Severity.WARNING: N_("warning")}

#: Column names the checks put into their messages as they are (`Term(column)`): the words
#: of the printed sheets, so a German message names the column as the German sheet does.
COLUMN_WORDS = (
    N_("military"), N_("treasury"), N_("wonders"), N_("civilian"), N_("commercial"), N_("guilds"),
    N_("science"), N_("coins"), N_("total"), N_("seat"), N_("stages"), N_("buildings"), N_("vp"),
    N_("initiative"), N_("objectives"), N_("influence"), N_("dominations"), N_("blue"), N_("green"),
    N_("yellow"), N_("purple"), N_("progress"), N_("senate"), N_("compasses"), N_("gears"), N_("tablets"),
)
#: The words `Joined` puts between values (a comma needs none).
SEPARATORS = (N_(" or "), N_(" and "))
#: Victory kinds named in a message (`Term(victory.value)`).
VICTORIES = (N_("civilian"), N_("military"), N_("science"), N_("political"))


def finding_text(finding: Finding) -> str:
    """The finding's message in the current language."""
    return finding.render(_)


def clause_text(clause: Text) -> str:
    """A message built of the engine's clauses (a replay verdict's summary) in the current language."""
    return clause.render(_)


def severity_text(finding: Finding) -> str:
    """"error" or "warning" in the current language."""
    return _(SEVERITY[finding.severity])


# --- findings as stored data -----------------------------------------------------------------
#: A JSON value (`store.Json`, from the schema: the store imports this module to store history entries).
if TYPE_CHECKING:
    from tourney.core.store.schema import Json as Data


def params_data(params: Params) -> dict[str, Data]:
    """A finding's values as JSON data, so that a stored finding can be said in any language
    later: words to translate (`Term`), clauses (`Text`) and lists (`Joined`) keep their kind."""
    return {key: _value_data(value) for key, value in params}


def _value_data(value: object) -> Data:
    if isinstance(value, Term):
        return {"term": str(value)}
    if isinstance(value, Text):
        return {"text": value.template, "params": params_data(value.params)}
    if isinstance(value, Joined):
        return {"joined": [_value_data(v) for v in value.items], "sep": value.sep}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)  # a Fraction or the like: its English text


def data_params(data: Mapping[str, Data]) -> Params:
    """The values `params_data` stored."""
    return tuple((key, _data_value(value)) for key, value in data.items())


def _data_value(data: Data) -> object:
    if isinstance(data, dict):
        if "term" in data:
            return Term(str(data["term"]))
        if "text" in data:
            params = data.get("params") or {}
            if not isinstance(params, dict):
                raise TypeError("a stored clause's values are not a mapping")
            return Text(str(data["text"]), data_params(params))
        if "joined" in data:
            items = data["joined"]
            if not isinstance(items, list):
                raise TypeError("a stored list is not a list")
            return Joined(tuple(_data_value(v) for v in items), str(data.get("sep", ", ")))
    return data
