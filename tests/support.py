"""Shared test fixtures: spawn the built pyz, talk JSON-RPC to it, make temp repos.

Every process the tests start gets a throwaway HOME, so nothing touches the real one.
"""
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PYZ = REPO / "plugin" / "checkpoint.pyz"
SHARED = REPO.parent / "shared"

MODERN = "2026-07-28"
LEGACY = "2025-11-25"

_ENV_PREFIXES_DROPPED = ("CLAUDE", "CHECKPOINT_", "SESSION_CHECKPOINT_", "GIT_", "PYTHON", "XDG_", "NO_COLOR")


def pyz_command(*args):
    """The exact command line the plugin uses, on the interpreter running the tests."""
    return [sys.executable, "-I", "-S", str(PYZ)] + list(args)


def clean_env(home, **extra):
    """The caller's environment minus anything that steers us, with HOME in a temp dir."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(_ENV_PREFIXES_DROPPED)}
    env.update(
        HOME=str(home),
        USERPROFILE=str(home),
        XDG_CACHE_HOME=str(Path(home) / ".cache"),
        GIT_CONFIG_NOSYSTEM="1",
        GIT_AUTHOR_NAME="Test",
        GIT_AUTHOR_EMAIL="test@example.invalid",
        GIT_COMMITTER_NAME="Test",
        GIT_COMMITTER_EMAIL="test@example.invalid",
    )
    env.update({k: str(v) for k, v in extra.items() if v is not None})
    for k, v in extra.items():
        if v is None:
            env.pop(k, None)
    return env


def envelope(capabilities=None):
    """The per-request `_meta` a 2026-07-28 client stamps on every request."""
    return {
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientCapabilities": capabilities or {},
        "io.modelcontextprotocol/clientInfo": {"name": "tests", "version": "0"},
    }


def git(cwd, *args, env=None):
    return subprocess.run(
        ["git"] + list(args), cwd=str(cwd), env=env, check=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    ).stdout.decode("utf-8", "replace")


def make_git_repo(path, env, files=None, commit=True):
    """A real repository at `path` with `files` ({relpath: text}) committed on `main`."""
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q", "-b", "main", env=env)
    for rel, text in (files or {"README.md": "hello\n"}).items():
        target = path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    if commit:
        git(path, "add", "-A", env=env)
        git(path, "commit", "-q", "-m", "initial", env=env)
    return path


class Server:
    """The pyz as an MCP server on a pipe. `handshake` is 'legacy', 'modern' or None."""

    def __init__(self, cwd, env, handshake="legacy", capabilities=None, args=()):
        self.proc = subprocess.Popen(
            pyz_command(*args), cwd=str(cwd), env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        self.lines = queue.Queue()
        self.stderr_chunks = []
        self.next_id = 0
        self.modern = handshake == "modern"
        self.capabilities = capabilities or {}
        self.pumps = [threading.Thread(target=self._pump_stdout, daemon=True),
                      threading.Thread(target=self._pump_stderr, daemon=True)]
        for pump in self.pumps:
            pump.start()
        if handshake == "legacy":
            reply = self.request("initialize", {
                "protocolVersion": LEGACY, "capabilities": self.capabilities,
                "clientInfo": {"name": "tests", "version": "0"},
            })
            assert "result" in reply, reply
            self.notify("notifications/initialized")

    def _pump_stdout(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _pump_stderr(self):
        for chunk in self.proc.stderr:
            self.stderr_chunks.append(chunk)

    @property
    def stderr(self):
        return b"".join(self.stderr_chunks).decode("utf-8", "replace")

    def send_raw(self, data):
        self.proc.stdin.write(data if data.endswith(b"\n") else data + b"\n")
        self.proc.stdin.flush()

    def send(self, message):
        self.send_raw(json.dumps(message).encode("utf-8"))

    def recv_line(self, timeout=10):
        line = self.lines.get(timeout=timeout)
        if line is None:
            raise EOFError("server closed stdout; stderr:\n" + self.stderr)
        return line

    def recv(self, timeout=10):
        return json.loads(self.recv_line(timeout).decode("utf-8"))

    def no_output(self, wait=0.3):
        """True when nothing arrives on stdout within `wait` seconds."""
        try:
            self.lines.get(timeout=wait)
        except queue.Empty:
            return True
        return False

    def request(self, method, params=None, timeout=10):
        message_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": message_id, "method": method}
        if self.modern:
            params = dict(params or {})
            params["_meta"] = envelope(self.capabilities)
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.recv(timeout)

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def call_tool(self, name, arguments=None, timeout=15):
        """The `result` of a tools/call; fails the test on a JSON-RPC error."""
        reply = self.request("tools/call", {"name": name, "arguments": arguments or {}}, timeout)
        if "result" not in reply:
            raise AssertionError("JSON-RPC error: %r\nstderr:\n%s" % (reply, self.stderr))
        return reply["result"]

    def close(self, timeout=10):
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            return self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            # The pumps end at EOF once the process is gone; closing a pipe under a
            # reading thread would make it fail.
            for pump in self.pumps:
                pump.join(5)
            self.proc.stdout.close()
            self.proc.stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def run_pyz(args, env, cwd=None, stdin=b"", timeout=20):
    """Run the pyz once (hooks, command line); returns the CompletedProcess."""
    return subprocess.run(
        pyz_command(*args), cwd=str(cwd) if cwd else None, env=env, input=stdin,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
    )


class TempDirTestCase(unittest.TestCase):
    """Gives each test `self.tmp` (a real path), `self.home` and `self.env`."""

    def setUp(self):
        self.tmp = Path(os.path.realpath(tempfile.mkdtemp(prefix="ckpt-test-")))
        self.addCleanup(shutil.rmtree, str(self.tmp), True)
        self.home = self.tmp / "home"
        self.home.mkdir()
        self.env = clean_env(self.home)
        self.project = self.tmp / "project"
        self.project.mkdir()

    def server(self, handshake="legacy", cwd=None, env=None, **kw):
        server = Server(cwd or self.project, env or self.env, handshake=handshake, **kw)
        self.addCleanup(server.close)
        return server

    def env_with(self, **extra):
        env = dict(self.env)
        for k, v in extra.items():
            if v is None:
                env.pop(k, None)
            else:
                env[k] = str(v)
        return env
