"""Shared test fixtures: run the server, hooks and command line in this process (or the
built pyz where a process is the point), talk JSON-RPC to it, make temp repos; and the
bases the test modules of one concern build on (CheckpointTestCase for the tools,
AutosnapTestCase and Transcript for snapshots, HookTestCase, RecoveryTestCase); and the
checks of the reliability suite (checked servers, JSON-RPC lines, tree snapshots).

Every test gets a throwaway HOME, in its own environment and in every process it starts,
so nothing touches the real one.
"""
import atexit
import copy
import io
import json
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path
from unittest import mock

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR

REPO = Path(__file__).resolve().parents[1]
PYZ = REPO / "plugin" / "checkpoint.pyz"
FIXTURES = REPO / "tests" / "fixtures"

MODERN = "2026-07-28"
LEGACY = "2025-11-25"

# The three tools, by name.
SAVE = "save_session_checkpoint"
LOAD = "load_session_checkpoint"
LIST = "list_session_checkpoints"
# The save tool as Claude Code names it for a hook, when the plugin provides it.
SAVE_TOOL = "mcp__plugin_session-checkpoint_session-checkpoint__save_session_checkpoint"

# The real Claude Code transcripts in tests/fixtures: the project folder they were taken
# in, two of their sessions and the first prompt of the one with tasks.
FIXTURE_PROJECT = "/home/me/project"
BASIC_SESSION = "995b31f3-e244-4270-bf41-fe69226caaa9"
TODOWRITE_SESSION = "7f7306c3-2939-4445-823f-7c98030c224e"
FIRST_PROMPT = "[fx:tasks] Add a farewell() helper to app.py, document it, and check the project."
CAPTURED_HOOK_INPUTS = FIXTURES / "hook-inputs.jsonl"
SESSION = "5e55a1d0-0000-4000-8000-00000000abcd"  # a Transcript's session by default
CURRENT = "3de9c582-97d6-434f-9e08-6fcc2f3e33c6"  # the session a recovery test starts
OTHERS = ["a1111111-0000-4000-8000-%012d" % number for number in range(1, 9)]  # its others

_ENV_PREFIXES_DROPPED = ("CLAUDE", "CHECKPOINT_", "SESSION_CHECKPOINT_", "GIT_", "PYTHON", "XDG_", "NO_COLOR")


def make_temp_folder(prefix):
    """A new temp folder (its real path): under TMPDIR when it is set, else on the RAM file
    system where there is one. The suite makes and removes some hundred thousand files and
    folders; on a disk file system shared with other work each can cost a millisecond."""
    parent = None
    if not os.environ.get("TMPDIR") and os.path.isdir("/dev/shm") and os.access(
            "/dev/shm", os.W_OK | os.X_OK):
        parent = "/dev/shm"
        # (a shorter name there keeps a test's paths no longer than under /tmp: the load
        # of an untrusted checkpoint in test_brief_bounds fills its budget to a few bytes)
        prefix = prefix.replace("ckpt-test-", "ckpt-", 1)
    return Path(os.path.realpath(tempfile.mkdtemp(prefix=prefix, dir=parent)))


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


def selector_of(path):
    """The selector a checkpoint file (or its backup) is saved under."""
    name = Path(path).name
    if name.endswith(".prev"):
        name = name[:-len(".prev")]
    return "legacy" if name == ".claude-checkpoint" else name[:-len(".json")]


def read_checkpoint(path):
    """A checkpoint file's data, without the signature its save appended."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    data.pop("mac", None)
    return data


def own_checkpoint_data(root):
    """The smallest checkpoint a save in `root` could have written."""
    import checkpoint_mcp
    return {"version": 1, "id": "x", "createdAt": "2026-01-01T00:00:00.000Z",
            "updatedAt": "2026-01-01T00:00:00.000Z", "goal": {"primary": "g"},
            "project": {"name": Path(root).name,
                        "rootId": checkpoint_mcp.project_root_id(str(root))}}


def write_signed_checkpoint(path, data, selector=None):
    """Write `data` as this user's own save would: serialized and signed with the key in
    the test's HOME (made when missing), under the name it is saved as."""
    import checkpoint_mcp
    data = dict(data)
    data.pop("mac", None)
    key = checkpoint_mcp.signing_key(create=True)
    Path(path).write_bytes(checkpoint_mcp.sign_checkpoint(
        checkpoint_mcp.serialize_checkpoint(data), selector or selector_of(path), key.secret))


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


def git_subcommand(command):
    """The git subcommand of a command line we start (`git -c k=v ... status` → status)."""
    position = 1
    while command[position].startswith("-"):
        position += 2 if command[position] == "-c" else 1
    return command[position]


def make_git_repo(path, env, files=None, commit=True):
    """A real repository at `path` with `files` ({relpath: text}) committed on `main`.
    Where git reads no configuration of the test's own, it is a copy of one made by git
    once per test process (starting git three times for each test costs the suite more
    than any other fixture)."""
    path = Path(path)
    files = files or {"README.md": "hello\n"}
    path.mkdir(parents=True, exist_ok=True)
    if next(path.iterdir(), None) is None and git_reads_only_clean_settings(env):
        # (shutil.copy: the files are as new as git's would be, not as old as the template)
        shutil.copytree(str(repo_template(files, commit)), str(path), symlinks=True,
                        copy_function=shutil.copy, dirs_exist_ok=True)
        return path
    init_git_repo(path, env, files, commit)
    return path


_repo_templates = {}


def repo_template(files, commit):
    """The repository make_git_repo would make of `files`, made once in this process."""
    key = (tuple(sorted(files.items())), commit)
    if key not in _repo_templates:
        parent = make_temp_folder("ckpt-test-repo-")
        atexit.register(shutil.rmtree, str(parent), True)
        (parent / "home").mkdir()
        template = parent / "repo"
        template.mkdir()
        init_git_repo(template, clean_env(parent / "home"), files, commit)
        _repo_templates[key] = template
    return _repo_templates[key]


def git_reads_only_clean_settings(env):
    """True when git started with `env` reads nothing clean_env would not give it: no
    GIT_ variable of the test's own and no global configuration in its HOME."""
    env = os.environ if env is None else env
    standard = clean_env(env.get("HOME", ""))
    if any(env.get(name) != standard.get(name)
           for name in set(env) | set(standard) if name.startswith("GIT_")):
        return False
    home = Path(env.get("HOME", "/nonexistent"))
    config_home = Path(env.get("XDG_CONFIG_HOME") or home / ".config")
    return not any(candidate.exists() for candidate in (
        home / ".gitconfig", config_home / "git" / "config",
        config_home / "git" / "attributes", config_home / "git" / "ignore"))


def init_git_repo(path, env, files, commit):
    git(path, "init", "-q", "-b", "main", env=env)
    for rel, text in (files or {"README.md": "hello\n"}).items():
        target = path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    if commit:
        git(path, "add", "-A", env=env)
        git(path, "commit", "-q", "-m", "initial", env=env)


class Server:
    """A JSON-RPC conversation with the MCP server: requests, notifications, raw lines.
    `handshake` is 'legacy', 'modern' or None. Subclasses say where the server runs:
    InProcessServer (a thread running checkpoint_mcp.main) or ProcessServer (the pyz)."""

    def __init__(self, cwd, env, handshake="legacy", capabilities=None):
        self.lines = queue.Queue()
        self.stderr_chunks = []
        self.next_id = 0
        self.modern = handshake == "modern"
        self.capabilities = capabilities or {}
        self.start(cwd, env)
        if handshake == "legacy":
            reply = self.request("initialize", {
                "protocolVersion": LEGACY, "capabilities": self.capabilities,
                "clientInfo": {"name": "tests", "version": "0"},
            })
            assert "result" in reply, reply
            self.notify("notifications/initialized")

    def _pump_stdout(self, stream):
        for line in stream:
            self.lines.put(line)
        self.lines.put(None)

    def _pump_stderr(self, stream):
        for chunk in stream:
            self.stderr_chunks.append(chunk)

    def start_pumps(self, stdout, stderr=None):
        self.pumps = [threading.Thread(target=self._pump_stdout, args=(stdout,), daemon=True)]
        if stderr is not None:
            self.pumps.append(threading.Thread(target=self._pump_stderr, args=(stderr,),
                                               daemon=True))
        for pump in self.pumps:
            pump.start()

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

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class ProcessServer(Server):
    """The built pyz as a server process on pipes, for what only a process shows."""

    def start(self, cwd, env):
        self.proc = subprocess.Popen(
            pyz_command(), cwd=str(cwd), env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        self.start_pumps(self.proc.stdout, self.proc.stderr)

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


class LockedText(io.StringIO):
    """A stderr that the server thread writes and the test reads."""

    def __init__(self, chunks):
        io.StringIO.__init__(self)
        self.chunks = chunks

    def write(self, text):
        self.chunks.append(text.encode("utf-8"))
        return len(text)


_RUNNING = []  # the in-process servers now serving, for relay_thread_tracebacks
_RUNNING_LOCK = threading.Lock()
_PREVIOUS_EXCEPTHOOK = [threading.excepthook]


def relay_thread_tracebacks(args):
    """A thread that dies of an exception prints its traceback on its process's stderr:
    here that is the stderr of every in-process server now serving (as a server process
    would show it), and the test runner's."""
    if args.exc_type is not SystemExit:
        import traceback
        text = "Exception in thread %s:\n%s" % (
            args.thread.name if args.thread is not None else "?",
            "".join(traceback.format_exception(args.exc_type, args.exc_value,
                                               args.exc_traceback)))
        with _RUNNING_LOCK:
            for server in _RUNNING:
                server.stderr_chunks.append(text.encode("utf-8"))
    _PREVIOUS_EXCEPTHOOK[0](args)


class InProcessServer(Server):
    """checkpoint_mcp.main() serving on a pair of pipes in a thread of the test process.
    `proc` stands in for a process where the protocol only needs one: its stdin, wait()
    and poll(). A traceback of any thread that dies meanwhile lands in its stderr too."""

    def start(self, cwd, env):
        import checkpoint_mcp
        if threading.excepthook is not relay_thread_tracebacks:
            _PREVIOUS_EXCEPTHOOK[0] = threading.excepthook
            threading.excepthook = relay_thread_tracebacks
        in_read, in_write = os.pipe()
        out_read, out_write = os.pipe()
        stdin = os.fdopen(in_read, "rb", buffering=0)
        stdout = io.TextIOWrapper(os.fdopen(out_write, "wb"), encoding="utf-8")
        self.proc = ThreadAsProcess(os.fdopen(in_write, "wb", buffering=0))

        def serve():
            with _RUNNING_LOCK:
                _RUNNING.append(self)
            try:
                self.proc.returncode = checkpoint_mcp.main(
                    [], stdin=stdin, stdout=stdout, stderr=LockedText(self.stderr_chunks),
                    environ=dict(env), cwd=str(cwd))
            except BaseException:
                import traceback
                self.stderr_chunks.append(traceback.format_exc().encode("utf-8"))
                self.proc.returncode = 1
            finally:
                with _RUNNING_LOCK:
                    _RUNNING.remove(self)
                stdin.close()
                stdout.close()  # the pump sees EOF

        self.proc.thread = threading.Thread(target=serve, name="in-process-server", daemon=True)
        self.proc.thread.start()
        self.stdout_reader = os.fdopen(out_read, "rb")
        self.start_pumps(self.stdout_reader)

    def close(self, timeout=10):
        try:
            return self.proc.wait(timeout)
        finally:
            for pump in self.pumps:
                pump.join(5)
            # The pump ends at EOF; closing the pipe under a reading thread would fail it.
            if not any(pump.is_alive() for pump in self.pumps):
                self.stdout_reader.close()


class ThreadAsProcess:
    """The part of a Popen that tests of the protocol use, for a server in a thread."""

    def __init__(self, stdin):
        self.stdin = stdin
        self.thread = None
        self.returncode = None

    def poll(self):
        return None if self.thread.is_alive() else self.returncode

    def wait(self, timeout=None):
        if not self.stdin.closed:
            self.stdin.close()
        self.thread.join(timeout)
        if self.thread.is_alive():
            raise subprocess.TimeoutExpired("in-process server", timeout)
        return self.returncode


def run_pyz(args, env, cwd=None, stdin=b"", timeout=20):
    """Run the pyz once (hooks, command line); returns the CompletedProcess."""
    return subprocess.run(
        pyz_command(*args), cwd=str(cwd) if cwd else None, env=env, input=stdin,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
    )


def run_main(args, env, cwd=None, stdin=b"", stdout_isatty=False):
    """Run checkpoint_mcp.main(args) once in this process, as run_pyz runs the pyz (hooks,
    command line), with stdin's bytes and the streams captured; returns a
    CompletedProcess."""
    import checkpoint_mcp
    out = TtyText() if stdout_isatty else io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    code = checkpoint_mcp.main(list(args), stdin=io.TextIOWrapper(io.BytesIO(stdin or b"")),
                               stdout=out, stderr=err, environ=dict(env),
                               cwd=str(cwd) if cwd else None)
    out.flush()
    err.flush()
    return subprocess.CompletedProcess(list(args), code, out.buffer.getvalue(),
                                       err.buffer.getvalue())


class TtyText(io.TextIOWrapper):
    """A captured stdout that says it is a terminal."""

    def __init__(self):
        io.TextIOWrapper.__init__(self, io.BytesIO(), encoding="utf-8")

    def isatty(self):
        return True


def glibc():
    """The C library, where it is glibc (for its allocator's knobs), else None."""
    try:
        import ctypes
        library = ctypes.CDLL("libc.so.6")
        return library if hasattr(library, "malloc_trim") else None
    except (ImportError, OSError):
        return None


def release_freed_memory():
    """Give the memory a test freed back to the system. The suite runs in one process that
    starts git thousands of times, and before Python 3.10 each start forks the whole
    process: a heap left large by one test made every later git start slower."""
    library = glibc()
    if library is not None:
        library.malloc_trim(0)


if glibc() is not None:
    # One malloc arena for every thread (M_ARENA_MAX): the in-process servers' threads
    # would each keep an arena of their own that no trim gives back.
    glibc().mallopt(-8, 1)


_shared_bytecode_cache = []
# The folder's path, for the processes the run's first one starts (tests/parallel.py's
# workers): it makes the folder and removes it when it ends, after them.
SHARED_BYTECODE_CACHE_VARIABLE = "CKPT_TEST_BYTECODE_CACHE"


def shared_bytecode_cache():
    """One bytecode cache folder for every pyz the test run starts, in all its processes:
    in each test's own HOME, or each worker's own folder, every start would compile the
    module again (most of a second)."""
    if not _shared_bytecode_cache:
        path = os.environ.get(SHARED_BYTECODE_CACHE_VARIABLE)
        if not path:
            path = str(make_temp_folder("ckpt-test-bytecode-"))
            atexit.register(shutil.rmtree, path, True)
            os.environ[SHARED_BYTECODE_CACHE_VARIABLE] = path
        _shared_bytecode_cache.append(path)
    return _shared_bytecode_cache[0]


class TempDirTestCase(unittest.TestCase):
    """Gives each test `self.tmp` (a real path), `self.home` and `self.env`. The pyz's
    bytecode cache is shared by the whole run unless a class sets `own_bytecode_cache`."""

    own_bytecode_cache = False

    def setUp(self):
        self.addCleanup(release_freed_memory)  # runs last, after every other cleanup
        self.tmp = self.make_tmp()
        self.addCleanup(shutil.rmtree, str(self.tmp), True)
        self.home = self.tmp / "home"
        self.home.mkdir()
        self.env = clean_env(self.home)
        if not self.own_bytecode_cache:
            self.env["XDG_CACHE_HOME"] = shared_bytecode_cache()
        self.use_environment()
        self.project = self.tmp / "project"
        self.project.mkdir()

    def make_tmp(self):
        return make_temp_folder("ckpt-test-")

    def use_environment(self):
        """What runs in this process (the in-process server, main(), git started from
        them) sees the same clean environment as a process started with self.env."""
        environ = mock.patch.dict(os.environ, self.env, clear=True)
        environ.start()
        self.addCleanup(environ.stop)

    def server(self, handshake="legacy", cwd=None, env=None, process=False, **kw):
        """A server on `cwd` (the project) with `env`: in this process, or with `process`
        the built pyz in a process of its own."""
        kind = ProcessServer if process else InProcessServer
        server = kind(cwd or self.project, env or self.env, handshake=handshake, **kw)
        self.addCleanup(server.close)
        return server

    def agent_save(self, session_id, arguments):
        """The agent of Claude Code session `session_id` saves `arguments`; it must work."""
        env = self.env_with(CLAUDE_CODE_SESSION_ID=session_id)
        with self.server(env=env) as server:
            result = server.call_tool("save_session_checkpoint", arguments)
        self.assertFalse(result.get("isError"), result)

    def env_with(self, **extra):
        env = dict(self.env)
        for k, v in extra.items():
            if v is None:
                env.pop(k, None)
            else:
                env[k] = str(v)
        return env


class BuiltOnce:
    """A mixin, first among the bases of a TempDirTestCase, for a fixture too costly to
    build for each test (a thousand planted checkpoints): the class's first test runs its
    setUp and then `build_once`, and every later test starts from a copy of the folder they
    left and of the attributes they set, at the same path (a checkpoint names its project
    by its path). What a test changes ends with it."""

    built = None  # {attribute: value} as the first test's setUp and build_once left them

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.built = None
        cls.place = make_temp_folder("ckpt-test-")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(str(cls.place), True)
        super().tearDownClass()

    def make_tmp(self):
        tmp = self.place / "tmp"
        tmp.mkdir()
        return tmp

    def build_once(self):
        """What the class's tests share, built in the first test's tmp after its setUp."""

    def setUp(self):
        cls = type(self)
        if cls.built is None:
            before = set(vars(self))
            super().setUp()
            self.build_once()
            shutil.copytree(str(self.tmp), str(self.place / "built"), symlinks=True)
            cls.built = {name: copy.deepcopy(value) for name, value in vars(self).items()
                         if name not in before}
            return
        self.addCleanup(release_freed_memory)
        # (shutil.copy: its files are new, as the first test's were)
        shutil.copytree(str(self.place / "built"), str(self.place / "tmp"), symlinks=True,
                        copy_function=shutil.copy)
        self.addCleanup(shutil.rmtree, str(self.place / "tmp"), True)
        for name, value in cls.built.items():
            setattr(self, name, copy.deepcopy(value))
        self.use_environment()


def write_files(folder, names, data=b"x\n"):
    """A file of `data` in `folder` for each of `names`, for the thousands a test of size
    needs: the first one written, the others hard links to it (to git, untracked files all
    alike; making a new file can cost some file systems thirty times what a link does)."""
    first = None
    for name in names:
        path = os.path.join(str(folder), name)
        if first is None:
            with open(path, "wb") as handle:
                handle.write(data)
            first = path
        else:
            os.link(first, path)


# Checks of the reliability suite ##########################################################
# Every reply is read as the raw bytes of one stdout line and must be a JSON-RPC message;
# every checkpoint on disk must load; the temp tree is compared before and after to prove
# nothing was written where it should not be.

OUTPUT_SCHEMAS = {tool["name"]: tool["outputSchema"] for tool in checkpoint_mcp.TOOLS}
# -32603 is missing on purpose: an internal error is a bug the suite must report.
EXPECTED_ERROR_CODES = {-32700, -32600, -32601, -32602, -32022}


def json_rpc_problem(raw_line):
    """Why one raw stdout line is not a well-formed JSON-RPC message, or None."""
    if not raw_line.endswith(b"\n"):
        return "line not terminated by a newline: %r" % raw_line[:200]
    try:
        message = json.loads(raw_line.decode("utf-8"))
    except ValueError as error:
        return "not JSON (%s): %r" % (error, raw_line[:200])
    for item in message if isinstance(message, list) and message else [message]:
        problem = _message_problem(item)
        if problem:
            return "%s: %r" % (problem, raw_line[:300])
    return None


def _message_problem(message):
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return "not a JSON-RPC 2.0 object"
    if "method" in message:
        return None if message["method"] == "roots/list" else "unexpected server request"
    if "id" not in message:
        return "a reply without an id"
    if ("result" in message) == ("error" in message):
        return "a reply needs exactly one of result and error"
    if "error" in message:
        error = message["error"]
        if not isinstance(error, dict) or not isinstance(error.get("message"), str):
            return "malformed error object"
        if error.get("code") not in EXPECTED_ERROR_CODES:
            return "unexpected error code %r" % error.get("code")
    return None


class StdoutChecks:
    """A server whose every stdout line is checked as it is read, and whose stderr must
    stay free of tracebacks (an unexpected exception is a bug even when caught)."""

    def recv_line(self, timeout=10):
        line = super().recv_line(timeout)
        problem = json_rpc_problem(line)
        if problem:
            raise AssertionError("stdout: %s\nstderr:\n%s" % (problem, self.stderr))
        return line

    def still_serves(self):
        """tools/list still answers with the three tools."""
        reply = self.request("tools/list")
        names = [tool["name"] for tool in reply["result"]["tools"]]
        assert names == [SAVE, LOAD, LIST], reply
        return True

    def close_and_check(self, testcase, silent=False):
        """Close stdin; every remaining line is JSON-RPC, exit 0, no traceback. With
        `silent` there must be no remaining line at all: a reply that should never come
        shows here however late it is (queued calls are answered before the exit)."""
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        code = self.proc.wait(30)
        while True:
            line = self.lines.get(timeout=10)
            if line is None:
                break
            testcase.assertFalse(silent, "stdout after close: %r" % line[:300])
            problem = json_rpc_problem(line)
            testcase.assertIsNone(problem, "stdout after close: %s" % problem)
        testcase.assertEqual(code, 0, self.stderr)
        testcase.assertNotIn("Traceback", self.stderr)


class CheckedServer(StdoutChecks, InProcessServer):
    """The server in this process, checked."""


class CheckedProcess(StdoutChecks, ProcessServer):
    """The built pyz in a process of its own, checked: for signals, crashes and what only
    a process's stdout shows."""


def check_tool_result(testcase, tool, reply):
    """A tools/call reply: a CallToolResult with text, and on success structuredContent
    that validates against the tool's outputSchema."""
    if "error" in reply:
        return reply["error"]["code"]
    result = reply["result"]
    testcase.assertIsInstance(result.get("content"), list, reply)
    testcase.assertEqual(result["content"][0]["type"], "text", reply)
    testcase.assertIsInstance(result["content"][0]["text"], str, reply)
    if result.get("isError"):
        testcase.assertNotIn("structuredContent", result)
        testcase.assertTrue(result["content"][0]["text"].startswith("Error: "), result)
    elif result.get("resultType", "complete") == "complete":
        testcase.assertIsNone(checkpoint_mcp.schema_problem(result["structuredContent"],
                                                OUTPUT_SCHEMAS[tool]))
    return None


def tree_snapshot(root, skip=()):
    """{relative path: (kind, size, mtime_ns, mode, link target)} for everything under root
    (symlinks not followed); paths under a `skip` prefix are left out."""
    snapshot = {}
    root = str(root)
    for directory, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            full = os.path.join(directory, name)
            relative = os.path.relpath(full, root)
            if any(relative == prefix or relative.startswith(prefix + os.sep) for prefix in skip):
                continue
            info = os.lstat(full)
            kind = "link" if os.path.islink(full) else ("dir" if os.path.isdir(full) else "file")
            target = os.readlink(full) if kind == "link" else None
            size = info.st_size if kind == "file" else None
            mtime = info.st_mtime_ns if kind == "file" else None
            snapshot[relative] = (kind, size, mtime, info.st_mode, target)
    return snapshot


def is_checkpoint_store_path(relative):
    """True for a path a save may create or change: inside a checkpoint folder
    (CHECKPOINT_DIR), or a legacy `.claude-checkpoint` file and its backup, temp and lock."""
    parts = Path(relative).parts
    return (CHECKPOINT_DIR in parts
            or parts[-1].startswith(".claude-checkpoint")
            or parts[-1].startswith("..claude-checkpoint"))


def changes_between(before, after):
    """Paths added, removed or changed between two snapshots."""
    changed = {path for path in set(before) | set(after) if before.get(path) != after.get(path)}
    return sorted(changed)


def load_checkpoint_file(path):
    """The checkpoint at `path` parsed as any reader would (json, version 1, a goal)."""
    data = json.loads(Path(path).read_bytes().decode("utf-8"))
    assert isinstance(data, dict), data
    assert data["version"] == 1, data
    assert isinstance(data["goal"]["primary"], str), data
    return data


def every_checkpoint_file(directory):
    """Every checkpoint or backup file in a checkpoint folder (CHECKPOINT_DIR)."""
    directory = Path(directory)
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.iterdir()
                  if p.name.endswith(".json") or p.name.endswith(".json.prev"))


def mount_tmpfs(testcase, path, options):
    """Mount a small tmpfs on `path` (root on Linux only); False when that is not possible.
    The test case unmounts it on cleanup, before its temp tree is removed."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return False
    os.makedirs(str(path), exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if done.returncode != 0:
        return False
    testcase.addCleanup(subprocess.run, ["umount", "-l", str(path)],
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return True


def remount_read_only(path):
    return subprocess.run(["mount", "-o", "remount,ro", str(path)], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


# Bases of the test modules ################################################################

class CheckpointTestCase(TempDirTestCase):
    """A server per test with a Claude Code session id unless told otherwise."""

    session_id = "s1"

    def claude(self, session_id=None, process=False, **env):
        """A server as Claude Code starts it: its session id in the environment (with
        `process`, the built pyz in a process of its own)."""
        return self.server(env=self.env_with(
            CLAUDE_CODE_SESSION_ID=session_id or self.session_id, **env), process=process)

    def ok(self, server, tool, arguments=None):
        result = server.call_tool(tool, arguments or {})
        self.assertFalse(result.get("isError"), result["content"][0]["text"])
        return result["structuredContent"]

    def error_text(self, server, tool, arguments):
        result = server.call_tool(tool, arguments)
        self.assertTrue(result.get("isError"), result)
        self.assertNotIn("structuredContent", result)
        return result["content"][0]["text"]

    def stored(self, selector=None):
        path = self.project / CHECKPOINT_DIR / ((selector or self.session_id) + ".json")
        return read_checkpoint(path)

    def checkpoint_files(self):
        directory = self.project / CHECKPOINT_DIR
        return sorted(p.name for p in directory.iterdir()) if directory.exists() else []


HOOK_EVENTS = {"pre-compact": "PreCompact", "session-end": "SessionEnd"}


def captured_hook_input(event):
    with open(str(FIXTURES / "hook-inputs.jsonl"), encoding="utf-8") as lines:
        for line in lines:
            hook_input = json.loads(line)
            if hook_input["hook_event_name"] == event:
                return hook_input
    raise AssertionError("no captured %s input" % event)


def jsonl(entry):
    """One transcript line as Claude Code writes it: compact JSON."""
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"


class Transcript:
    """Builds a small transcript in the format of the real ones, line by line."""

    def __init__(self, session_id=SESSION):
        self.session_id = session_id
        self.lines = []
        self.clock = 0

    def conversation(self, kind, message, **fields):
        self.clock += 1
        entry = {"parentUuid": None, "isSidechain": False, "type": kind, "message": message,
                 "uuid": "u-%d" % self.clock,
                 "timestamp": "2026-12-02T13:24:%02d.000Z" % (self.clock % 60),
                 "sessionId": self.session_id, "version": "2.1.328"}
        entry.update(fields)
        self.lines.append(jsonl(entry))
        return self

    def prompt(self, text, **fields):
        return self.conversation("user", {"role": "user", "content": text},
                                 promptSource="sdk", **fields)

    def reply(self, text):
        return self.conversation("assistant", {"role": "assistant", "content": [
            {"type": "text", "text": text}], "stop_reason": "end_turn"})

    def tool_use(self, call_id, name, tool_input):
        return self.conversation("assistant", {"role": "assistant", "content": [
            {"type": "tool_use", "id": call_id, "name": name, "input": tool_input}]})

    def tool_result(self, call_id, content, is_error=None, structured=None):
        result = {"tool_use_id": call_id, "type": "tool_result", "content": content}
        if is_error is not None:
            result["is_error"] = is_error
        fields = {} if structured is None else {"toolUseResult": structured}
        return self.conversation("user", {"role": "user", "content": [result]}, **fields)

    def bash(self, call_id, command, content, is_error=False):
        self.tool_use(call_id, "Bash", {"command": command, "description": "run it"})
        return self.tool_result(call_id, content, is_error)

    def todo_write(self, call_id, todos):
        todos = [{"content": text, "status": status, "activeForm": text} for text, status in todos]
        self.tool_use(call_id, "TodoWrite", {"todos": todos})
        return self.tool_result(call_id, "Todos have been modified successfully.")

    def raw(self, data):
        self.lines.append(data)
        return self

    def write(self, path):
        path.write_bytes(b"".join(self.lines))
        return path


def attacker_key_in(state_home):
    """A key as an archive could carry it: `session-checkpoint/key` in `state_home`, with
    the modes this user's own would have. Returns its secret."""
    folder = state_home / "session-checkpoint"
    folder.mkdir(parents=True)
    for level in (folder, folder.parent):
        os.chmod(str(level), 0o700)
    secret = os.urandom(32)
    key = folder / "key"
    key.write_text(secret.hex() + "\n", encoding="ascii")
    os.chmod(str(key), 0o600)
    return secret


def sign_as(secret, path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    os.chmod(str(path.parent), 0o700)
    path.write_bytes(checkpoint_mcp.sign_checkpoint(checkpoint_mcp.serialize_checkpoint(data),
                                                    path.name[:-len(".json")], secret))
    os.chmod(str(path), 0o600)


# A PEM block's armour line: its format, not its secret (redaction keeps it readable).
_ARMOUR = re.compile(r"-----(?:BEGIN|END) [A-Z0-9 ]+-----")


def leaks(secret, redacted):
    """True if the secret, or any 16 characters of it, survived (a split or half-caught
    secret counts as a leak); a PEM block's `-----BEGIN … KEY-----` lines are not counted."""
    pieces = [piece for piece in _ARMOUR.split(secret) if sum(c.isalnum() for c in piece) >= 8]
    return any(piece in redacted or any(piece[i:i + 16] in redacted
                                        for i in range(0, max(1, len(piece) - 15)))
               for piece in pieces or [secret])


# What the redaction tests make their fake secrets of.
LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = LOWER.upper()
DIGITS = "0123456789"
ALNUM = LOWER + UPPER + DIGITS
HEX = "0123456789abcdef"


class SeededText(random.Random):
    """A seeded generator of fake secrets, so that no realistic secret is written
    literally in a test and every run makes the same ones."""

    def text(self, alphabet, length):
        return "".join(self.choice(alphabet) for _ in range(length))


class RedactionAssertions:
    """A mixin for a TestCase: a secret redacted from a text, a look-alike left whole."""

    def assertRedacted(self, text, secret):
        redacted, count = checkpoint_mcp.redact_text(text)
        self.assertGreaterEqual(count, 1, text)
        self.assertNotIn(secret, redacted)

    def assertKept(self, text):
        self.assertEqual(checkpoint_mcp.redact_text(text), (text, 0))


def make_worked_on_project(project, env):
    """A repository with a session's work in it: app.py edited, NOTES.md new."""
    make_git_repo(project, env, {
        "app.py": "def greet(name):\n    return 'hello ' + name\n", "README.md": "hi\n"})
    (project / "app.py").write_text(
        "def greet(name):\n    return 'hello ' + name\n\n\ndef farewell(name):\n"
        "    return 'bye ' + name\n", encoding="utf-8")
    (project / "NOTES.md").write_text("# Notes\n", encoding="utf-8")


class AutosnapTestCase(TempDirTestCase):

    def setUp(self):
        super().setUp()
        make_worked_on_project(self.project, self.env)

    def fixture_transcript(self, name):
        """A copy of a real transcript whose project paths point at the temp project."""
        data = (FIXTURES / name).read_bytes().replace(FIXTURE_PROJECT.encode(),
                                                      str(self.project).encode())
        target = self.tmp / name
        target.write_bytes(data)
        return target

    def hook_input(self, hook, transcript, session_id):
        hook_input = captured_hook_input(HOOK_EVENTS[hook])
        hook_input.update(session_id=session_id, transcript_path=str(transcript),
                          cwd=str(self.project))
        return hook_input

    def run_snapshot(self, hook="pre-compact", transcript=None, session_id=SESSION, env=None,
                     stdin=None):
        if stdin is None:
            stdin = json.dumps(self.hook_input(hook, transcript, session_id)).encode("utf-8")
        result = run_main(["--hook", hook], env or self.env, cwd=self.tmp, stdin=stdin)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, b"")
        return result

    def snapshot(self, transcript, session_id=SESSION, hook="pre-compact"):
        """Run the hook and return the checkpoint it wrote."""
        result = self.run_snapshot(hook, transcript, session_id)
        self.assertEqual(result.stderr, b"")
        return self.checkpoint(session_id)

    def checkpoint_file(self, session_id=SESSION):
        return self.project / CHECKPOINT_DIR / (session_id + ".json")

    def checkpoint(self, session_id=SESSION):
        return json.loads(self.checkpoint_file(session_id).read_text(encoding="utf-8"))

    def assert_nothing_written(self):
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def assert_one_stderr_line(self, result):
        lines = result.stderr.decode("utf-8", "replace").splitlines()
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("session-checkpoint", lines[0])

    def loaded_brief(self, session_id):
        """The brief the load tool gives session `session_id`."""
        env = self.env_with(CLAUDE_CODE_SESSION_ID=session_id)
        with self.server(env=env) as server:
            result = server.call_tool("load_session_checkpoint", {})
        return result["content"][0]["text"]


def commands_of(checkpoint):
    return [(command["command"], command.get("exitCode"))
            for command in checkpoint["recentCommands"]]


def tasks_of(checkpoint):
    return [(task["description"], task["status"]) for task in checkpoint["goal"]["tasks"]]


def paths_of(checkpoint):
    return [item["path"] for item in checkpoint["modifiedFiles"]]


def captured_inputs(event):
    with open(str(CAPTURED_HOOK_INPUTS), encoding="utf-8") as lines:
        found = [json.loads(line) for line in lines if line.strip()]
    return [hook_input for hook_input in found if hook_input["hook_event_name"] == event]


def encode(hook_input):
    return json.dumps(hook_input).encode("utf-8")


class HookTestCase(TempDirTestCase):

    def session_start_input(self, cwd=None, source="startup"):
        for hook_input in captured_inputs("SessionStart"):
            if hook_input["source"] == source:
                hook_input["cwd"] = str(cwd or self.project)
                return hook_input
        raise AssertionError("no captured SessionStart input with source %r" % source)

    def save_call_input(self, **extra):
        """A captured main-session PreToolUse input, turned into a call of our save tool."""
        hook_input = captured_inputs("PreToolUse")[0]
        hook_input.update(
            cwd=str(self.project),
            tool_name=SAVE_TOOL,
            tool_input={"goal": "Add a farewell() helper", "mode": "merge"},
            mcp_server={"name": "plugin:session-checkpoint:session-checkpoint", "source": "plugin"},
        )
        hook_input.update(extra)
        return hook_input

    def run_hook(self, name, stdin, env=None, process=False):
        """Run `--hook NAME` on `stdin` (in this process, or with `process` the built pyz as
        Claude Code runs it); it must exit 0."""
        run = run_pyz if process else run_main
        result = run(["--hook", name], env or self.env, cwd=self.tmp, stdin=stdin)
        self.assertEqual(result.returncode, 0, result.stderr.decode("utf-8", "replace"))
        return result

    def nudge(self, stdin=None, env=None):
        """The nudge's additionalContext, or None when it printed nothing."""
        if stdin is None:
            stdin = encode(self.session_start_input())
        result = self.run_hook("session-start", stdin, env)
        if not result.stdout:
            return None
        output = self.assert_one_json_line(result.stdout)
        self.assertEqual(set(output), {"hookSpecificOutput"})
        specific = output["hookSpecificOutput"]
        self.assertEqual(specific["hookEventName"], "SessionStart")
        self.assertIsInstance(specific["additionalContext"], str)
        return specific["additionalContext"]

    def assert_one_json_line(self, stdout):
        self.assertTrue(stdout.endswith(b"\n"), stdout)
        self.assertEqual(stdout.count(b"\n"), 1, stdout)
        return json.loads(stdout.decode("utf-8"))

    def make_checkpoints(self, root, count, newest_age=300, legacy=False):
        """`count` session checkpoints of this user's (signed, as a save writes them), the
        newest `newest_age` seconds old, one a minute apart."""
        directory = root / CHECKPOINT_DIR
        directory.mkdir(exist_ok=True)
        os.chmod(str(directory), 0o700)
        now = time.time()
        paths = [directory / ("%08d-0000-4000-8000-000000000000.json" % index)
                 for index in range(count)]
        if legacy:
            paths.append(root / ".claude-checkpoint")
        for index, path in enumerate(paths):
            write_signed_checkpoint(path, self.checkpoint_data(root))
            age = newest_age + 60 * index
            os.utime(str(path), (now - age, now - age))
        return now - newest_age

    @staticmethod
    def checkpoint_data(root):
        return own_checkpoint_data(root)


class RecoveryTestCase(TempDirTestCase):

    def setUp(self):
        super().setUp()
        # A start leaves a transcript written a moment ago for the next one (QuietWindowTest);
        # these tests write theirs just before the start they run, some a few seconds in
        # the future to be newer than a checkpoint just saved.
        quiet = mock.patch.dict(checkpoint_mcp.LIMITS, recoverQuietSeconds=-60)
        quiet.start()
        self.addCleanup(quiet.stop)
        make_worked_on_project(self.project, self.env)
        self.folder = (self.home / ".claude" / "projects"
                       / checkpoint_mcp.claude_project_folder_name(str(self.project)))
        self.folder.mkdir(parents=True)

    # transcripts ---------------------------------------------------------------------

    def put_fixture(self, name, session_id, age=0.0):
        """The real transcript `name`, as session `session_id`'s, written `age` seconds ago."""
        data = (FIXTURES / name).read_bytes().replace(FIXTURE_PROJECT.encode(),
                                                      str(self.project).encode())
        return self.put_bytes(session_id, data, age)

    def put_bytes(self, session_id, data, age=0.0):
        path = self.folder / (session_id + ".jsonl")
        path.write_bytes(data)
        when = time.time() - age
        os.utime(str(path), (when, when))
        return path

    def put_transcript(self, transcript, session_id, age=0.0):
        """A transcript built with Transcript, as `session_id`'s."""
        return self.put_bytes(session_id, b"".join(transcript.lines), age)

    def chat(self, session_id):
        """A session that only talked: nothing to resume."""
        transcript = Transcript(session_id).prompt("Hello.").reply("Hello! How can I help?")
        lines = [json.loads(line.decode("utf-8")) for line in transcript.lines]
        # Claude Code writes the session's directory on every conversation line.
        return self.put_bytes(session_id, b"".join(jsonl(dict(entry, cwd=str(self.project)))
                                                   for entry in lines))

    # runs ----------------------------------------------------------------------------

    def start_input(self, session_id=CURRENT):
        hook_input = captured_hook_input("SessionStart")
        hook_input.update(session_id=session_id, cwd=str(self.project),
                          transcript_path=str(self.folder / (session_id + ".jsonl")))
        return json.dumps(hook_input).encode("utf-8")

    def start(self, env=None, session_id=CURRENT):
        """Run the session-start hook; its additionalContext, or None when it printed nothing."""
        result = run_main(["--hook", "session-start"], env or self.env, cwd=self.tmp,
                          stdin=self.start_input(session_id))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stderr, b"")
        if not result.stdout:
            return None
        return json.loads(result.stdout.decode("utf-8"))["hookSpecificOutput"][
            "additionalContext"]

    def recover(self, *args, env=None, cwd=None):
        return run_main(["recover"] + list(args), env or self.env, cwd=cwd or self.project)

    def snapshot_at_session_end(self, transcript, session_id):
        hook_input = captured_hook_input("SessionEnd")
        hook_input.update(session_id=session_id, transcript_path=str(transcript),
                          cwd=str(self.project))
        result = run_main(["--hook", "session-end"], self.env, cwd=self.tmp,
                          stdin=json.dumps(hook_input).encode("utf-8"))
        self.assertEqual((result.returncode, result.stderr), (0, b""))

    def shown_brief(self, session_id):
        """What the show command prints of session `session_id`'s checkpoint."""
        result = run_main(["show", session_id], self.env, cwd=self.project)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout.decode("utf-8")

    # files ---------------------------------------------------------------------------

    def checkpoint_file(self, session_id):
        return self.project / CHECKPOINT_DIR / (session_id + ".json")

    def checkpoint(self, session_id):
        return json.loads(self.checkpoint_file(session_id).read_text(encoding="utf-8"))

    def project_files(self):
        return sorted(str(path.relative_to(self.project)) for path in self.project.rglob("*")
                      if ".git" not in path.relative_to(self.project).parts)

    def recovered_selectors(self):
        directory = self.project / CHECKPOINT_DIR
        return sorted(path.name[:-len(".json")] for path in directory.glob("*.json")) if (
            directory.is_dir()) else []

    def counting_reads(self):
        """A patch of read_transcript that counts the transcripts read, by session id."""
        real = checkpoint_mcp.read_transcript
        reads = []

        def counted(path, deadline):
            reads.append(os.path.basename(path)[:-len(".jsonl")])
            return real(path, deadline)
        return mock.patch.object(checkpoint_mcp, "read_transcript", counted), reads


class HoldoutFloors:
    """A corpus's floors: `floors` is {group: (caught at least, of how many)}, `recall`
    the share caught in all, `benign` how many look-alikes it holds and `altered` how many
    of them may come back changed."""

    corpus = floors = recall = benign = altered = None

    def test_recall_per_group_holds(self):
        found = {}
        for group, _, text, secret, _ in self.corpus.SECRETS:
            redacted, count = checkpoint_mcp.redact_text(text)
            caught, total = found.get(group, (0, 0))
            found[group] = (caught + (count >= 1 and not leaks(secret, redacted)), total + 1)
        self.assertEqual(sorted(found), sorted(self.floors))
        for group, (floor, total) in self.floors.items():
            with self.subTest(group):
                self.assertEqual(found[group][1], total)
                self.assertGreaterEqual(found[group][0], floor)
        caught = sum(hit for hit, _ in found.values())
        self.assertGreaterEqual(caught / len(self.corpus.SECRETS), self.recall)

    def test_benign_look_alikes_stay_as_they_were(self):
        self.assertEqual(len(self.corpus.BENIGN), self.benign)
        altered = [text for text in self.corpus.BENIGN
                   if checkpoint_mcp.redact_text(text) != (text, 0)]
        self.assertLessEqual(len(altered), self.altered, altered)
