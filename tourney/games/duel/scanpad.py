"""The 7 Wonders Duel scan pad, one page per match: the categories (the senate with Agora), the
total, the coins, who won for a supremacy, and how the match was won."""
from __future__ import annotations

from tourney.core.i18n import N_
from tourney.scanpad.fields import ChoiceField, NumberField, Role, ScanSheet, TableValues

CATEGORIES = (("blue", N_("Civilian")), ("green", N_("Science")), ("yellow", N_("Commercial")),
              ("purple", N_("Guilds")), ("wonders", N_("Wonders")), ("progress", N_("Progress")),
              ("treasury", N_("Coins ÷ 3")), ("military", N_("Military")))
WINNER = ChoiceField("winner", N_("Winner"), (("1", "✓"),))
VICTORIES = (("", N_("civilian")), ("military", N_("military")), ("science", N_("science")))


def lines(table: TableValues) -> list[dict[str, object]]:
    winner = next((s.player for s, v in zip(table.seats, table.values) if v.get("winner") == "1"), "")
    victory = table.table_choices.get("victory") or ""
    return [{"round": table.round, "table": table.table, "player": s.player, "first": int(s.starts),
             **{k: ("" if v is None else v) for k, v in values.items() if k != "winner"},
             "victory": victory, "winner": winner}
            for s, values in zip(table.seats, table.values)]


def scan_sheet(options: frozenset[str] = frozenset()) -> ScanSheet:
    """With Agora (`tourney new --option agora`) the senate and the political victory."""
    agora = "agora" in options
    numbers = [NumberField(k, label, 0, 99) for k, label in CATEGORIES]
    if agora:
        numbers.append(NumberField("senate", N_("Senate (Agora)"), 0, 99))
    numbers += [NumberField("total", N_("Total"), 0, 199, Role.TOTAL),
                NumberField("coins", N_("Coins held"), 0, 99, Role.OTHER)]
    victories = VICTORIES + ((("political", N_("political")),) if agora else ())
    return ScanSheet("7 Wonders Duel", tuple(numbers),
                     (WINNER, ChoiceField("victory", N_("Victory"), victories, per_table=True)), lines)
