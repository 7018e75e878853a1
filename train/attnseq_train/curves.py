"""Learning curves of the training runs (docs/eval/history/*.json, written by train/history.py): an SVG
chart of valid BLEU against training minutes, and the Markdown that introduces it (train/report.py)."""
import json
import math
import os
from xml.sax.saxutils import escape

COLORS = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#0891b2", "#db2777", "#4b5563"]


def load_histories(folder):
    if not os.path.isdir(folder):
        return []
    out = []
    for f in sorted(os.listdir(folder)):
        if f.endswith(".json"):
            with open(os.path.join(folder, f), encoding="utf-8") as fh:
                h = json.load(fh)
            if h.get("points"):
                out.append(h)
    return out


def render_svg(histories, width=720, height=380):
    """Valid BLEU (y) against training minutes (x), one polyline per run, its best evaluation dotted."""
    left, right, top, bottom = 48, 190, 16, 40
    pw, ph = width - left - right, height - top - bottom
    xmax = max(p["minutes"] for h in histories for p in h["points"])
    xmax = max(60, math.ceil(xmax / 60) * 60)
    ymax = max(10, math.ceil(max(p["valid_bleu"] for h in histories for p in h["points"]) / 10) * 10)
    x = lambda m: left + pw * m / xmax  # noqa: E731
    y = lambda b: top + ph * (1 - b / ymax)  # noqa: E731
    s = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
         'font-family="system-ui, sans-serif" font-size="12" role="img" aria-labelledby="t">',
         '<title id="t">Valid BLEU (greedy) against training minutes, one line per training run</title>',
         f'<rect width="{width}" height="{height}" fill="#fff"/>']
    step = 60 if xmax <= 600 else 120
    for m in range(0, xmax + 1, step):
        s.append(f'<line x1="{x(m):.1f}" y1="{top}" x2="{x(m):.1f}" y2="{top + ph}" stroke="#e5e7eb"/>')
        s.append(f'<text x="{x(m):.1f}" y="{top + ph + 16}" text-anchor="middle" fill="#374151">{m}</text>')
    for b in range(0, ymax + 1, 10):
        s.append(f'<line x1="{left}" y1="{y(b):.1f}" x2="{left + pw}" y2="{y(b):.1f}" stroke="#e5e7eb"/>')
        s.append(f'<text x="{left - 6}" y="{y(b) + 4:.1f}" text-anchor="end" fill="#374151">{b}</text>')
    s.append(f'<text x="{left + pw / 2:.1f}" y="{height - 6}" text-anchor="middle" fill="#111827">'
             'training minutes (the run\'s budget clock)</text>')
    s.append(f'<text x="14" y="{top + ph / 2:.1f}" text-anchor="middle" fill="#111827" '
             f'transform="rotate(-90 14 {top + ph / 2:.1f})">valid BLEU (greedy)</text>')
    for i, h in enumerate(histories):
        c = COLORS[i % len(COLORS)]
        pts = " ".join(f"{x(p['minutes']):.1f},{y(p['valid_bleu']):.1f}" for p in h["points"])
        s.append(f'<polyline fill="none" stroke="{c}" stroke-width="2" points="{pts}"/>')
        best = max(h["points"], key=lambda p: p["valid_bleu"])
        s.append(f'<circle cx="{x(best["minutes"]):.1f}" cy="{y(best["valid_bleu"]):.1f}" r="3.5" fill="{c}"/>')
        ly = top + 10 + 18 * i
        s.append(f'<line x1="{left + pw + 12}" y1="{ly}" x2="{left + pw + 32}" y2="{ly}" stroke="{c}" stroke-width="2"/>')
        s.append(f'<text x="{left + pw + 38}" y="{ly + 4}" fill="#111827">{escape(h["name"])}</text>')
    s.append("</svg>")
    return "\n".join(s) + "\n"


def markdown(histories, svg_name):
    out = ["## Learning curves", "",
           f"![valid BLEU against training minutes]({svg_name})", "",
           "Valid BLEU (greedy, on up to 300 segments of the valid split, as `train/train.py` evaluates) against",
           "training minutes of each run of the campaign, across restarts and machines (`train/history.py` keeps",
           "each finished run's evaluations in `docs/eval/history/`; a dot marks the best evaluation). Minutes",
           "are the run's budget clock: CPU minutes of one thread for the queue's runs.", "",
           "| run | state | evaluations | minutes | best valid BLEU (at minute) | last valid BLEU |",
           "|---|---|---:|---:|---:|---:|"]
    for h in histories:
        best = max(h["points"], key=lambda p: p["valid_bleu"])
        state = "finished" if h.get("finished") else "training goes on"
        out.append(f"| {h['name']} | {state} | {len(h['points'])} | {h['minutes']:.0f} ({h['clock']}) | "
                   f"{best['valid_bleu']:.2f} ({best['minutes']:.0f}) | {h['points'][-1]['valid_bleu']:.2f} |")
    out.append("")
    return out
