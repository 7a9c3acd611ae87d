"""`tourney demo` reads the bundled photo of a filled scan pad (examples/bonn-2018/scanpad-photo.jpg,
made by make_scan_photo.py from round 4's sheet) and says what it read: the sheet's own values."""
from __future__ import annotations


def test_the_demo_reads_the_bundled_photo_of_a_filled_scan_pad(run):
    result = run("demo", "--dir", "d", "--game", "7wonders")
    lines = result.output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("read the photo"))
    assert lines[start].startswith("read the photo of a filled scan pad: scanpad-photo.jpg: round 4, table 1: clean "
                                   "(sha256 ")
    assert lines[start + 1:start + 6] == [
        "  1 Vera Schmitt: Side B, Military 18, Coins 2, Wonders 3, Civilian 15, Commercial 0, Guilds 4, Science 2, Total 44, Coins held 8",
        "  2 Jürgen Werner: Side A, Military 1, Coins 1, Wonders 3, Civilian 25, Commercial 3, Guilds 6, Science 5, Total 44, Coins held 3",
        "  3 Felix Hoffmann: Side B, Military 6, Coins 3, Wonders 3, Civilian 24, Commercial 0, Guilds 6, Science 13, Total 55, Coins held 11",
        "  4 Paul Braun: Side A, Military -3, Coins 1, Wonders 8, Civilian 13, Commercial 2, Guilds 0, Science 10, Total 31, Coins held 5",
        "  5 Greta Koch: Side A, Military 2, Coins 0, Wonders 3, Civilian 4, Commercial 3, Guilds 4, Science 0, Total 16, Coins held 1",
    ]


def test_the_brief_demo_says_what_the_photo_was_read_as_in_one_line(run):
    result = run("demo", "--dir", "d", "--game", "7wonders", "--brief")
    assert [line.split(" (sha256")[0] for line in result.output.splitlines()] == [
        "Bonn Spielt 2018 (example): 23 players, 20 tables checked and stored; first: Marie Neumann; wrote d/standings.xlsx",
        "read the photo of a filled scan pad: scanpad-photo.jpg: round 4, table 1: clean"]
