"""Scan pads: a printed pad whose marks a photo is read from (`tourney print --what scanpads`,
`tourney scan`). `fields` is what a game asks for, `layout` where every mark goes, `code` the
QR code; `render` draws the page, `photo`, `optical` and `reading` read a photo of it."""
