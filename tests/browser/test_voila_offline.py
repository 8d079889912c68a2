"""A notebook shared as a Voila page works offline: nothing leaves the page's origin.

The page is recorded from its first request until the reader leaves it: every
request must go to the page's own origin (no CDN for fonts, icons or scripts), none
may fail or be refused (the shutdown beacon sent on leaving included), the icon font
must be there, and the console must not warn of widget versions that do not match.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import expect

NOTEBOOK = "voila_offline_check.ipynb"
_VERSION_WARNING = re.compile(r"version|unsatisfied|semver|could not", re.IGNORECASE)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _local(url: str, origin: str) -> bool:
    return url.startswith((origin, "data:", "blob:", "about:"))


def _record(page):
    seen = {"requests": [], "failed": [], "refused": [], "console": []}
    page.on("request", lambda r: seen["requests"].append(r.url))
    page.on("requestfailed", lambda r: seen["failed"].append(f"{r.url}: {r.failure}"))
    page.on(
        "response",
        lambda r: (
            seen["refused"].append(f"{r.status} {r.request.method} {r.url}")
            if r.status >= 400
            else None
        ),
    )
    page.on(
        "console",
        lambda m: (
            seen["console"].append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning")
            else None
        ),
    )
    return seen


def _problems(seen: dict, origin: str) -> list[str]:
    problems = [f"left {origin}: {u}" for u in seen["requests"] if not _local(u, origin)]
    problems += [f"failed: {f}" for f in seen["failed"]]
    problems += [f"refused: {r}" for r in seen["refused"]]
    return problems + [f"console: {m}" for m in seen["console"] if _VERSION_WARNING.search(m)]


def test_the_list_of_notebooks_stays_on_its_origin(page, voila_server):
    seen = _record(page)
    page.goto(voila_server.url("/"), timeout=120_000)
    expect(page.get_by_text(NOTEBOOK).first).to_be_visible(timeout=60_000)
    page.wait_for_load_state("networkidle")
    problems = _problems(seen, _origin(voila_server.base_url))
    assert problems == [], "\n".join(problems)


def test_a_voila_page_stays_on_its_origin(page, voila_server):
    seen = _record(page)
    page.goto(voila_server.url(f"voila/render/{NOTEBOOK}"), timeout=120_000)
    button = page.locator(".offline-button")
    expect(button).to_be_visible(timeout=120_000)
    expect(page.locator(".wb-board-svg [data-cell='1,6']")).to_be_visible(timeout=60_000)
    expect(page.locator("img").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    icon_font = page.evaluate(
        "() => document.fonts.ready.then(f => f.check('900 14px \"Font Awesome 5 Free\"'))"
    )
    # Leaving the page fires "beforeunload", on which the widget manager sends the
    # kernel's shutdown beacon; fired here, so the page is still there to see the answer.
    with page.expect_response(lambda r: "/voila/api/shutdown/" in r.url) as beacon:
        page.evaluate("() => window.dispatchEvent(new Event('beforeunload'))")
    problems = _problems(seen, _origin(voila_server.base_url))
    if beacon.value.status >= 400:
        problems.append(f"the shutdown beacon was answered {beacon.value.status}")
    if not icon_font:
        problems.append("the Font Awesome icon font did not load")
    assert problems == [], "\n".join(problems)
