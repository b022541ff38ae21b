"""A JupyterLab server and headless Chromium for end-to-end notebook tests.

Pitfalls handled here (all seen on our machines): CI runs as root, so the
server needs ``--allow-root``; the token goes in ``--IdentityProvider.token``;
the server gets fresh config, runtime, workspace and settings folders and the
news pop-up is disabled; notebooks are opened with ``?reset`` so no earlier
workspace is restored; and "Run All" is pressed only once the notebook's
kernel session really exists and is idle.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    """Debian's chromium, if installed (browser downloads are impossible here)."""
    for candidate in (os.environ.get("CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium"):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get_json(url: str) -> object:
    with urllib.request.urlopen(url, timeout=5) as response:  # noqa: S310 - loopback only
        return json.loads(response.read())


class _Server:
    """A Jupyter server process with its own config folders under ``home`` and a log file."""

    def _launch(self, args: list[str], home: Path, folders: tuple[str, ...], log: str, cwd: Path) -> None:
        self.home = home
        env = dict(os.environ)
        for name in folders:
            folder = home / name.lower()
            folder.mkdir(parents=True, exist_ok=True)
            env[name] = str(folder)
        home.mkdir(parents=True, exist_ok=True)
        self.log = open(home / log, "w")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen([sys.executable, "-m", *args], env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT, cwd=cwd)

    def _wait_until(self, probe, seconds: float, message: str):  # type: ignore[no-untyped-def]
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{message}: server exited")
            with contextlib.suppress(Exception):
                result = probe()
                if result:
                    return result
            time.sleep(0.5)
        raise TimeoutError(message)

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


class Lab(_Server):
    """A running JupyterLab server on 127.0.0.1 serving ``root``.

    With ``args`` (what ``make lab`` passes, :func:`make_lab_args`) the server is started in
    ``root`` with those arguments instead of serving ``root`` directly, and it "opens a browser"
    as ``make lab`` does: the page it would open is recorded (:meth:`opened_url`)."""

    def __init__(self, root: Path, home: Path, args: list[str] | None = None) -> None:
        self.root, self.token, self.port = root, secrets.token_hex(16), _free_port()
        if args is None:  # started as `make lab` starts it, the repository's own settings must do this
            labconfig = home / "jupyter_config_dir" / "labconfig"
            labconfig.mkdir(parents=True, exist_ok=True)
            (labconfig / "page_config.json").write_text(json.dumps(
                {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
        self._opened = home / "opened-url.txt"
        if args is None:
            how = ["--no-browser", f"--ServerApp.root_dir={root}"]
        else:  # the "browser" writes down what it was asked to open (no "%s" in the script itself)
            how = [f"--ServerApp.browser=sh -c 'echo \"$0\" > \"$1\"' %s {shlex.quote(str(self._opened))}", *args]
        self.started = time.monotonic()
        self._launch(
            ["jupyterlab", "--allow-root", "--ServerApp.ip=127.0.0.1",
             f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
             f"--IdentityProvider.token={self.token}",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", *how],
            home, ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_WORKSPACES_DIR",
                   "JUPYTERLAB_SETTINGS_DIR"), "jupyterlab.log", root)
        self._wait_until(lambda: _get_json(self.api("status")), 90, "JupyterLab did not start")

    def opened_url(self, seconds: float = 60) -> str:
        """The page the server opened in the "browser" (started with ``args``): its redirect file
        followed to the JupyterLab address it leads to."""
        def url() -> str | None:
            text = self._opened.read_text().strip() if self._opened.exists() else ""
            if text.startswith("file://"):  # jupyter's redirect page, which sends the browser on
                found = re.search(r'href="(http[^"]+)"', Path(text.removeprefix("file://")).read_text())
                return found.group(1).replace("&amp;", "&") if found else None
            return text or None
        return self._wait_until(url, seconds, "JupyterLab opened no page")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def api(self, path: str) -> str:
        return f"{self.base}/api/{path}?token={self.token}"

    def url(self, notebook: str) -> str:
        return f"{self.base}/lab/tree/{notebook}?reset&token={self.token}"

    def wait_for_idle_kernel(self, notebook: str, seconds: float = 120) -> None:
        """Wait until the notebook has a kernel session whose kernel is idle."""
        def ready() -> bool:
            sessions = _get_json(self.api("sessions"))
            return any(s.get("path", "").endswith(notebook) and s.get("kernel")
                       and s["kernel"].get("execution_state") == "idle" for s in sessions)  # type: ignore[union-attr]
        self._wait_until(ready, seconds, f"no idle kernel for {notebook}")


@contextlib.contextmanager
def running_lab(repo: Path, work: Path) -> Iterator[Lab]:
    """A server on a scratch copy of the notebooks, maps and scenarios (the repository stays untouched)."""
    root = work / "site"
    for folder in ("notebooks", "maps", "scenarios"):
        if (repo / folder).exists():
            shutil.copytree(repo / folder, root / folder,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "kernel-ipc-*"))
    lab = Lab(root / "notebooks", work / "home")
    try:
        yield lab
    finally:
        lab.stop()


def make_lab_args(repo: Path) -> list[str]:
    """The arguments ``make lab`` gives ``jupyter lab``: the Makefile's ``LABARGS``, which its
    ``lab`` target must pass (so a test started with them is started as ``make lab`` starts)."""
    makefile = (repo / "Makefile").read_text()
    args = re.search(r"^LABARGS\s*:?=\s*(.+)$", makefile, re.M)
    recipe = re.search(r"^lab:.*\n((?:\t.*\n?)+)", makefile, re.M)
    if not args or not recipe or "jupyter lab" not in recipe.group(1) or "$(LABARGS)" not in recipe.group(1):
        raise AssertionError("the Makefile's lab target no longer runs `jupyter lab ... $(LABARGS)`")
    return shlex.split(args.group(1))


@contextlib.contextmanager
def running_make_lab(repo: Path, work: Path) -> Iterator[Lab]:
    """JupyterLab started the way ``make lab`` starts it, in a scratch copy of the repository's
    notebooks, maps and scenarios (the repository stays untouched)."""
    root = work / "site"
    for folder in ("notebooks", "maps", "scenarios", "jupyter"):
        shutil.copytree(repo / folder, root / folder,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "kernel-ipc-*", "my-boards"))
    lab = Lab(root, work / "home", args=make_lab_args(repo))
    try:
        yield lab
    finally:
        lab.stop()


def run_all_cells(page, lab: Lab, notebook: str, navigate: bool = True) -> None:  # type: ignore[no-untyped-def]
    """Open ``notebook`` (unless it is open already), wait for its kernel, and run every cell
    from the Run menu."""
    if navigate:
        page.goto(lab.url(notebook))
    page.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook", timeout=90_000)  # the tab in front
    lab.wait_for_idle_kernel(notebook)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle'], "
                           ".jp-KernelStatus, .jp-Toolbar-kernelStatus", timeout=30_000, state="attached")
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()


class Voila(_Server):
    """A Voila server on 127.0.0.1 serving one notebook as a web app (``make app``)."""

    def __init__(self, notebook: Path, home: Path) -> None:
        self.port = _free_port()
        self._launch(["voila", "--no-browser", f"--port={self.port}", "--Voila.ip=127.0.0.1", str(notebook)],
                     home, ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR"), "voila.log", notebook.parent)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Voila exited: see {home / 'voila.log'}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return
            time.sleep(0.5)
        self.stop()
        raise TimeoutError("Voila did not start listening")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


@contextlib.contextmanager
def running_voila(repo: Path, work: Path) -> Iterator[Voila]:
    """The app (``app/wartools_app.ipynb``) served from a scratch copy of the app, maps and scenarios."""
    root = work / "site"
    for folder in ("app", "maps", "scenarios"):
        shutil.copytree(repo / folder, root / folder,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "kernel-ipc-*"))
    server = Voila(root / "app" / "wartools_app.ipynb", work / "home")
    try:
        yield server
    finally:
        server.stop()
