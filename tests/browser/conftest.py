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
