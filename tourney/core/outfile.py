"""Every file the tool writes goes through here: never onto an input (the event file, also
through a link or another spelling), never over an existing file unless `--force`, never
over typed-in results without `--overwrite-results`; written to a temporary file in the
same folder and renamed into place, so a failed write leaves the previous file as it was."""
from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
import zipfile
from xml.etree.ElementTree import ParseError

from tourney.core.errors import OutputError, TourneyError, write_failed
from tourney.core.i18n import _, ngettext

if TYPE_CHECKING:
    from openpyxl import Workbook

    from tourney.core.sheetio import SheetFormat


def _same_file(a: Path, b: Path) -> bool:
    """Whether two spellings name one file: the same inode when both exist (links, `./`, `..`,
    another case on a case-insensitive disk), else the same resolved path."""
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
    except OSError:
        pass
    return a.resolve() == b.resolve()


#: The custom document property a report workbook of this tool carries (standings, season
#: report), naming the report: such a file is no score sheet, though the standings' Games
#: sheet has a score sheet's header row, so `--force` replaces it.
REPORT_PROPERTY = "tourney report"
_RELS = "_rels/.rels"
_CUSTOM_TYPE = "/custom-properties"
_MAX_PROPERTIES_BYTES = 2**20  # a few properties take a few hundred bytes


def report_kind(path: Path) -> str | None:
    """The report an XLSX workbook says it is (`save_workbook(..., report=...)`), or None for
    any other workbook, a damaged one or another kind of file."""
    import defusedxml.ElementTree as safe_xml
    from defusedxml import DefusedXmlException

    def part(book: zipfile.ZipFile, name: str) -> bytes | None:
        info = book.NameToInfo.get(name)
        return book.read(info) if info is not None and info.file_size <= _MAX_PROPERTIES_BYTES else None

    try:
        with zipfile.ZipFile(path) as book:
            rels = part(book, _RELS)
            # The package's relationships name the properties part (docProps/custom.xml, as a rule).
            target = next((r.get("Target", "") for r in safe_xml.fromstring(rels, forbid_dtd=True)
                           if r.get("Type", "").endswith(_CUSTOM_TYPE)), None) if rels else None
            if target is None:
                return None
            data = part(book, target.lstrip("/"))
            root = safe_xml.fromstring(data, forbid_dtd=True) if data else None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, RuntimeError, OSError, ValueError,
            EOFError, ParseError, DefusedXmlException):
        return None
    for prop in root if root is not None else ():
        if prop.get("name") == REPORT_PROPERTY:
            return "".join(prop.itertext()).strip() or None
    return None


def typed_in_results(path: Path, formats: Iterable[SheetFormat]) -> int:
    """How many score lines with typed-in numbers a workbook or CSV file holds (a filled-in
    score sheet of one of the games' `formats`); 0 for a blank printed sheet, a report this
    tool wrote or a file of another kind."""
    suffix = path.suffix.lower()
    if suffix not in (".xlsx", ".csv"):  # before the imports: a PDF needs none of them
        return 0
    if suffix == ".xlsx" and report_kind(path) is not None:
        return 0
    from tourney.core.sheetio import has_header, read_sheet_file, result_lines

    for fmt in formats:
        if not has_header(path, fmt):
            continue
        try:
            return result_lines(read_sheet_file(path, fmt), fmt)
        except TourneyError:  # unreadable: nothing this tool could import from it either
            return 0
    return 0


def claim(path: str | Path, *, force: bool = False, overwrite_results: bool = False,
          inputs: Iterable[str | Path] = (), sheet_formats: Callable[[], Iterable[SheetFormat]] = tuple) -> Path:
    """Check that `path` may be written, before anything is built: not an input of the same
    command, not an existing file unless `force`, not typed-in results (a filled-in sheet of
    one of `sheet_formats()`, asked for only when an existing file is to be replaced: they
    load every game) unless `overwrite_results`. Returns the path."""
    p = Path(path)
    for given in inputs:
        if _same_file(p, Path(given)):
            message = (_("-o {file!r} is an input of this command: writing there would destroy it; choose another "
                         "file name") if str(given) == str(path) else
                       _("-o {file!r} is an input of this command (it is {input!r}): writing there would destroy it; "
                         "choose another file name"))
            raise OutputError(message.format(file=str(path), input=str(given)))
    if p.is_dir():
        raise OutputError(_("-o {file!r} is a folder: give a file name inside it").format(file=str(path)))
    if not p.exists():
        return p
    if not force:
        raise OutputError(_("{file!r} already exists: add --force to replace it, or choose another file name").format(
            file=str(path)))
    if not overwrite_results:
        lines = typed_in_results(p, sheet_formats())
        if lines:
            raise OutputError(ngettext(
                "{file!r} holds typed-in results ({lines} filled-in score line): replacing it would lose them; "
                "import it first with 'tourney results import', or add --overwrite-results to replace it anyway",
                "{file!r} holds typed-in results ({lines} filled-in score lines): replacing it would lose them; "
                "import it first with 'tourney results import', or add --overwrite-results to replace it anyway",
                lines).format(file=str(path), lines=lines))
    return p


def _mode_for_new_file() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def atomic(path: str | Path) -> Iterator[Path]:
    """Yield a temporary file beside `path` to write; when the block ends without an error it
    replaces `path` in one rename, else it is deleted and `path` is left as it was. An
    OSError becomes an OutputError that says how to fix it."""
    target = Path(path).resolve()  # through a link: replace the file it points to, keep the link
    if not target.parent.is_dir():
        raise write_failed(path, "no such file or directory")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.stem}.", suffix=f".tmp{target.suffix}", dir=target.parent)
        os.close(fd)
    except OSError as exc:
        raise write_failed(path, exc) from None
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, target.stat().st_mode & 0o777 if target.exists() else _mode_for_new_file())
        os.replace(tmp, target)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise write_failed(path, exc) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def save_workbook(book: Workbook, path: Path, *, report: str | None = None) -> None:
    """Write an openpyxl workbook to `path` (`atomic`'s temporary file) in one write. Saved
    straight to disk, openpyxl leaves its zip archive open when the disk fills up, and Python
    later prints the archive's failed clean-up as a traceback under the tool's message.

    `report` names a report of this tool ("standings", "season"): stored in the workbook
    (REPORT_PROPERTY), it lets `--force` replace the file later. Score sheets go without it:
    typed-in results stay protected."""
    if report is not None:
        from openpyxl.packaging.custom import CustomPropertyList, StringProperty

        # Through vars(): openpyxl sets the attribute in Workbook.__init__, its type stubs lack it.
        custom: CustomPropertyList[str] = vars(book)["custom_doc_props"]
        custom.append(StringProperty(name=REPORT_PROPERTY, value=report))
    buffer = io.BytesIO()
    book.save(buffer)
    path.write_bytes(buffer.getbuffer())


def write_text(path: str | Path, text: str) -> Path:
    """Write `text` (UTF-8) to `path` through `atomic`."""
    with atomic(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return Path(path)
