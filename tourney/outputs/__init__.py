"""The outputs: standings exports, printed sheets and PDFs, statistics, and the views the
commands print."""
