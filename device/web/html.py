"""The page frame, the style sheet and the one small script, as plain strings.

Every page is built here from escaped pieces: ``esc`` for text and attributes, and the frame
puts the nav, the flash messages and the pairing state around a page's body. Mobile first: one
column at 360 px, wider tables scroll sideways on their own. No inline script or style, so the
Content-Security-Policy can forbid both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

NAV = (
    ("/", "Table"),
    ("/scores", "Scores"),
    ("/players", "Players"),
    ("/setup", "New game"),
    ("/export", "Export"),
)

HERE = ' class="here" aria-current="page"'
STYLE = """
:root { color-scheme: dark; --bg: #101418; --card: #1b2229; --text: #eef2f5; --dim: #9fb0bf;
  --accent: #ffb020; --good: #4cc38a; --bad: #ff6b6b; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header { background: #0b0e11; padding: .5rem .75rem; position: sticky; top: 0; z-index: 1; }
header h1 { font-size: 1.1rem; margin: 0 0 .35rem; color: var(--accent); }
nav { display: flex; flex-wrap: wrap; gap: .35rem; }
nav a { color: var(--text); text-decoration: none; padding: .35rem .6rem; border-radius: .4rem;
  background: var(--card); font-size: .95rem; }
nav a.here { background: var(--accent); color: #111; }
main { padding: .75rem; max-width: 56rem; margin: 0 auto; }
section { background: var(--card); border-radius: .6rem; padding: .75rem; margin: 0 0 .75rem; }
h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
h3 { font-size: 1rem; margin: .75rem 0 .35rem; color: var(--dim); }
.big { font-size: 2.6rem; font-weight: 700; letter-spacing: .03em; }
.night { text-align: center; padding: 4rem 0; font-size: 2.4rem; color: var(--dim); }
.dim { color: var(--dim); }
.flash { background: #23402f; border-left: 4px solid var(--good); padding: .5rem .75rem; }
.error { background: #402323; border-left: 4px solid var(--bad); padding: .5rem .75rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .35rem; border-bottom: 1px solid #2c3640; }
td.num, th.num { white-space: nowrap; }
th { color: var(--dim); font-weight: 600; }
td.num, th.num { text-align: right; }
.win { color: var(--good); font-weight: 700; }
form { display: grid; gap: .5rem; margin: .5rem 0; }
form.inline { display: inline; margin: 0; }
label { display: grid; gap: .2rem; }
input, select, button { font: inherit; padding: .55rem .6rem; border-radius: .4rem;
  border: 1px solid #3a4652; background: #0f1317; color: var(--text); min-height: 2.75rem; }
button, .button { background: var(--accent); color: #111; border: 0; font-weight: 700;
  cursor: pointer; text-decoration: none; display: inline-block; text-align: center; }
button.quiet { background: #2c3640; color: var(--text); min-height: 2.2rem; padding: .3rem .6rem; }
.roles { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: .4rem; }
.roles label { grid-template-columns: 1fr 4rem; align-items: center; }
.plays li { margin: 0 0 .6rem; }
ul.plain { list-style: none; padding: 0; margin: 0; }
svg { width: 100%; height: auto; }
footer { padding: .75rem; color: var(--dim); font-size: .85rem; text-align: center; }
"""

SCRIPT = """
// Refresh the live table every second (the server renders it; this only swaps it in).
(function () {
  var live = document.getElementById("live");
  if (!live) { return; }
  function refresh() {
    fetch("/live", {cache: "no-store"}).then(function (r) {
      return r.ok ? r.text() : null;
    }).then(function (html) {
      if (html !== null && html !== live.innerHTML) { live.innerHTML = html; }
    }).catch(function () {});
  }
  setInterval(refresh, 1000);
})();
"""


def esc(value: object) -> str:
    """Text made safe for HTML content and quoted attributes."""
    return escape(str(value), quote=True)


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], *, numeric: int = 0) -> str:
    """An HTML table of already escaped cells; the last ``numeric`` columns align right."""
    first = len(headers) - numeric

    def cell(tag: str, index: int, text: str) -> str:
        kind = ' class="num"' if index >= first else ""
        return f"<{tag}{kind}>{text}</{tag}>"

    head = "".join(cell("th", i, esc(h)) for i, h in enumerate(headers))
    body = "".join(
        "<tr>" + "".join(cell("td", i, text) for i, text in enumerate(row)) + "</tr>"
        for row in rows
    )
    return f'<div class="scroll"><table><tr>{head}</tr>{body}</table></div>'


def csrf_field(token: str | None) -> str:
    """The hidden field every change form carries."""
    return f'<input type="hidden" name="csrf" value="{esc(token or "")}">'


def frame(
    title: str,
    here: str,
    body: str,
    *,
    paired: bool,
    flash: Sequence[str] = (),
) -> str:
    """A whole page: head, nav, flash messages, the body and the pairing footer."""
    links = "".join(
        f'<a href="{path}"{HERE if path == here else ""}>{esc(label)}</a>' for path, label in NAV
    )
    notes = "".join(f'<p class="flash" role="status">{esc(text)}</p>' for text in flash)
    state = (
        'Paired: this phone can make changes. <a href="/pair">Unpair</a>'
        if paired
        else 'Read-only. <a href="/pair">Pair this phone</a> to make changes.'
    )
    return (
        "<!doctype html>"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)} - Mothership</title>"
        '<link rel="stylesheet" href="/style.css"></head><body>'
        f"<header><h1>Mothership</h1><nav>{links}</nav></header>"
        f"<main>{notes}{body}</main>"
        f'<footer id="pairing">{state}</footer>'
        '<script src="/app.js"></script></body></html>'
    )


def error_page(status: int, message: str, *, paired: bool) -> str:
    """The page a refused request gets: its status and the reason, with a way back."""
    body = (
        f'<section><h2>That did not work ({status})</h2><p class="error" role="alert">'
        f'{esc(message)}</p><p>Back to <a href="/">the table</a>.</p></section>'
    )
    return frame("Error", "", body, paired=paired)
