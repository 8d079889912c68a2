"""Browser-test harness: JupyterLab and Voila on 127.0.0.1, driven by Playwright + Chromium.

Servers serve a temporary COPY of ``notebooks/`` (plus the harness's own test
notebooks from ``tests/browser/notebooks/``) with isolated Jupyter config,
runtime and IPython dirs, a token, and a free port. They start once per session
and stop by process group. Every request that is not to 127.0.0.1 is aborted.

Without Chromium the tests skip locally but FAIL in CI (``CI`` set), so CI can
never pass by skipping them.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("WORKBENCH_CHROMIUM", "/usr/lib/chromium/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
STARTUP_TIMEOUT_S = 120


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@dataclass(frozen=True)
class Server:
    """A running notebook server: where it is and how to reach it."""

    base_url: str
    token: str
    root: Path

    def url(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base_url}/{path.lstrip('/')}{sep}token={self.token}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    if CHROMIUM.exists():
        return CHROMIUM
    message = f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    if os.environ.get("CI"):
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def served_root(tmp_path_factory) -> Path:
    """A throw-away copy of the notebooks (servers autosave into their root)."""
    root = tmp_path_factory.mktemp("served")
    for folder in (REPO / "notebooks", Path(__file__).parent / "notebooks"):
        for nb in folder.glob("*.ipynb"):
            shutil.copy(nb, root / nb.name)
    return root


@pytest.fixture(scope="session")
def jupyter_env(tmp_path_factory) -> dict[str, str]:
    """Environment with private Jupyter/IPython dirs and the news pop-up silenced."""
    home = tmp_path_factory.mktemp("jupyter-home")
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        IPYTHONDIR=str(home / "ipython"),
        PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
        MPLBACKEND="Agg",
        # The project's Voila template and settings (offline icons, the shutdown
        # beacon accepted), as `make voila` uses them.
        JUPYTER_PATH=os.pathsep.join(
            filter(None, [str(REPO / "share" / "jupyter"), os.environ.get("JUPYTER_PATH")])
        ),
        JUPYTER_CONFIG_PATH=str(REPO / "share" / "jupyter" / "config"),
    )
    env["WORKBENCH_JUPYTER_HOME"] = str(home)
    return env


def _wait_until_up(url: str, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early; log:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.3)
    raise RuntimeError(
        f"server not up after {STARTUP_TIMEOUT_S} s; log:\n{log.read_text()[-3000:]}"
    )


def _start(cmd: list[str], env: dict[str, str], ready: str, log: Path) -> subprocess.Popen:
    handle = log.open("w")
    proc = subprocess.Popen(
        cmd, env=env, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        _wait_until_up(ready, proc, log)
    except BaseException:
        _stop(proc)
        raise
    return proc


def _stop(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=15)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.fixture(scope="session")
def lab_server(served_root, jupyter_env, tmp_path_factory) -> Iterator[Server]:
    """JupyterLab on 127.0.0.1 with a token, serving the notebook copy."""
    port, token = _free_port(), secrets.token_hex(16)
    home = Path(jupyter_env["WORKBENCH_JUPYTER_HOME"])
    log = tmp_path_factory.mktemp("lab-log") / "lab.log"
    cmd = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ip=127.0.0.1", f"--port={port}", "--port_retries=0",
        f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={served_root}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        f"--LabApp.user_settings_dir={home / 'settings'}",
        "--LabApp.expose_app_in_browser=True",
    ]  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    proc = _start(cmd, jupyter_env, f"{base}/api/status?token={token}", log)
    yield Server(base, token, served_root)
    _stop(proc)


@pytest.fixture(scope="session")
def voila_server(served_root, jupyter_env, tmp_path_factory) -> Iterator[Server]:
    """Voila in directory mode on 127.0.0.1 with a token: one kernel per page load."""
    port, token = _free_port(), secrets.token_hex(16)
    log = tmp_path_factory.mktemp("voila-log") / "voila.log"
    cmd = [
        sys.executable, "-m", "voila", str(served_root), "--no-browser",
        f"--port={port}", "--port_retries=0", "--Voila.ip=127.0.0.1",
        f"--token={token}", "--show_tracebacks=True",
    ]  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    proc = _start(cmd, jupyter_env, f"{base}/?token={token}", log)
    yield Server(base, token, served_root)
    _stop(proc)


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=str(chromium_path), headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh page that may only talk to 127.0.0.1."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})

    def only_local(route):
        host = route.request.url.split("/")[2] if "://" in route.request.url else ""
        if host.startswith("127.0.0.1") or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_local)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


@pytest.fixture
def open_voila(page, voila_server):
    """``open_voila("name.ipynb")`` renders a notebook with Voila; returns the page.

    Wait for the widgets you need with Playwright's retrying ``expect``.
    """

    def _open(notebook: str):
        page.goto(voila_server.url(f"voila/render/{notebook}"), timeout=120_000)
        return page

    return _open


@pytest.fixture
def open_lab(page, lab_server):
    """``open_lab("name.ipynb")`` opens a notebook in JupyterLab, waits for an idle
    kernel, then runs all cells; returns the page."""

    def _open(notebook: str):
        page.goto(lab_server.url(f"lab/tree/{notebook}") + "&reset", timeout=120_000)
        page.wait_for_selector("#jp-main-statusbar >> text=| Idle", timeout=120_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        return page

    return _open


#: Where screenshots of the layout checks go (gitignored).
ARTIFACTS = Path(os.environ.get("WORKBENCH_TEST_ARTIFACTS", REPO / "test-artifacts" / "browser"))
#: The width of the notebook column the layout checks use (a cell, prompt included).
COLUMN_PX = 900

#: What does not fit in a widget, as sentences: content wider than its box (an element
#: of the widget, the widget itself, or the output area holding it), a label or button
#: whose text is cut (ellipsised, or wrapped lines hidden below it), a control naming a
#: code field (snake_case), and parts of a board drawn outside the board's view box.
LAYOUT_PROBLEMS = """
(root) => {
  const found = [];
  const name = (n) => {
    const cls = typeof n.className === "string" ? n.className.trim() : "";
    return cls ? "." + cls.split(/\\s+/).slice(0, 3).join(".") : n.tagName.toLowerCase();
  };
  const words = (n) =>
    (n.innerText || n.textContent || "").replace(/\\s+/g, " ").trim().slice(0, 50);
  const shown = (n) => n instanceof HTMLElement && n.getClientRects().length > 0;
  const container = root.closest(".jp-OutputArea-output") || root.parentElement;
  const outer = container.getBoundingClientRect();
  const TEXT = "label, button, .widget-label, .widget-label-basic, .widget-readout";
  for (const n of [container, root, ...root.querySelectorAll("*")]) {
    if (!shown(n) || ["TEXTAREA", "SELECT", "INPUT", "OPTION"].includes(n.tagName)) continue;
    if (n.closest("[class*=noUi]")) continue;  // a slider's track lays out its own handle
    if (n.clientWidth > 0 && n.scrollWidth > n.clientWidth + 1) {
      const what = n.matches(TEXT) ? "text cut" : "wider than its box";
      found.push(`${what}: ${name(n)} (${n.scrollWidth} > ${n.clientWidth} px) "${words(n)}"`);
    }
    const clips = getComputedStyle(n).overflowY !== "visible";
    if (n.matches(TEXT) && clips && n.scrollHeight > n.clientHeight + 1)
      found.push(`lines hidden: ${name(n)} (${n.scrollHeight} > ${n.clientHeight}) "${words(n)}"`);
    const box = n.getBoundingClientRect();
    if (n !== container && box.width > 0 && box.right > outer.right + 1)
      found.push(`runs off the right edge: ${name(n)} (${Math.round(box.right - outer.right)} px)`);
  }
  for (const n of root.querySelectorAll(TEXT + ", option")) {
    const text = n.textContent || "";
    if ((shown(n) || n.tagName === "OPTION") && /\\b[a-z0-9]+_[a-z0-9_]+\\b/.test(text))
      found.push(`code name shown: ${name(n)} "${text.trim().slice(0, 50)}"`);
  }
  for (const svg of root.querySelectorAll(".wb-board-svg")) {
    const [x, y, w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
    for (const item of svg.querySelectorAll("polygon, circle, polyline, text")) {
      const b = item.getBBox();
      const e = 1e-6;
      if (b.x < x - e || b.y < y - e || b.x + b.width > x + w + e || b.y + b.height > y + h + e)
        found.push(`off the board: ${item.tagName} "${item.textContent.slice(0, 30)}"`);
    }
  }
  return found;
}
"""

#: Cells of the notebook COLUMN_PX wide, wherever the window and side panels put them.
_COLUMN_CSS = (
    f".jp-Notebook .jp-Cell {{ width: {COLUMN_PX}px !important; "
    f"max-width: {COLUMN_PX}px !important; }}"
)


def layout_problems(widget) -> list[str]:
    """What of ``widget`` (a Playwright locator of the widget's root) does not fit; see
    :data:`LAYOUT_PROBLEMS`."""
    return widget.evaluate(LAYOUT_PROBLEMS)


@pytest.fixture
def fits(request):
    """``fits(widget)`` saves a screenshot of the widget (a Playwright locator of its root)
    under ``test-artifacts/browser/`` named after the test, then asserts that nothing of
    it is cut, overflows or shows a code name (:data:`LAYOUT_PROBLEMS`)."""

    def _fits(widget, name: str = "") -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        widget.scroll_into_view_if_needed()
        test = f"{request.node.module.__name__.rpartition('.')[2]}-{request.node.name}"
        shot = ARTIFACTS / f"{test}{'-' + name if name else ''}.png"
        widget.screenshot(path=str(shot))
        problems = layout_problems(widget)
        assert problems == [], "\n".join([f"does not fit (screenshot {shot}):", *problems])

    return _fits


@pytest.fixture
def open_lab_column(open_lab):
    """``open_lab_column("name.ipynb")``: :func:`open_lab`, with the notebook's cells
    COLUMN_PX wide (the column the layout checks are about)."""

    def _open(notebook: str):
        page = open_lab(notebook)
        page.add_style_tag(content=_COLUMN_CSS)
        return page

    return _open


def output_widget(page, index: int = 0):
    """The root element of the ``index``-th widget shown in a JupyterLab output area."""
    return page.locator(".jp-OutputArea-output > .jupyter-widgets").nth(index)
