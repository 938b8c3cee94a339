#!/usr/bin/env python3
"""Benchmark session-checkpoint against the interpreter, git and two MCP SDK peers.

    python3 bench/run.py               # the full run
    python3 bench/run.py --quick       # fewer rounds: under 3 minutes with the peers cached
    python3 bench/run.py --peers-dir D # keep the SDK installs in D between runs
    python3 bench/run.py --no-peers    # skip the SDK peers (no registry needed)

Every figure of ours is taken with the plugin's own command line, `python3 -I -S <pyz> …`,
where python3 is the interpreter running this script; a hook's is its command in
plugin/hooks/hooks.json run through `sh -c` as Claude Code runs it (the shell, its choice
of interpreter, then the pyz), with that interpreter first on PATH as `python3`. The
interpreter's floor is `python3 -I -S -c pass`; the floor of any zipapp is an empty one
run the same way (`python3 -I -S empty.pyz`: zipimport and runpy before a line of ours),
and the start-up targets are ratios to it.
The machines are shared and noisy, so contestants run interleaved, round by round, and the
report gives medians and ratios measured in the same run; no absolute number is a target.
It ends with a table and one JSON line. Standard library only; the peers' SDKs are
installed by this script into a throwaway venv and npm prefix.
"""
import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PYZ = REPO / "plugin" / "checkpoint.pyz"
EXAMPLE = REPO / "tests" / "fixtures" / "original-example.json"
PY = sys.executable
PYTHON_SDK = "mcp==2.3.0"
TYPESCRIPT_SDK = "@modelcontextprotocol/sdk"
HANDSHAKE_VERSION = "2025-06-18"  # one every contestant speaks
TIMEOUT = 120  # seconds for any one run or request: a hang ends the benchmark with an error
SAVE_TOOL_NAME = "mcp__plugin_session-checkpoint_session-checkpoint__save_session_checkpoint"

# The speed targets (what, how the ratio must compare, bound), each a ratio of two things
# measured side by side in this run; docs/speed.md says why each is what it is.
TARGETS = {
    # The floor of a zipapp: what `python3 -I -S empty.pyz` costs before any code of ours.
    "cold start / empty zipapp": ("<=", 1.25),
    "Python SDK peer / cold start": (">=", 20.0),
    "TypeScript SDK peer / cold start": (">=", 10.0),
    "hook / empty zipapp": ("<=", 1.3),
    "save / git status @10000": ("<=", 1.5),
    "load / git status @10000": ("<=", 1.5),
    "brief bytes": ("<=", 1500),
    # What the model reads of a load (Claude Code forwards only structuredContent).
    "load structuredContent bytes": ("<=", 2000),
    # Redacting every field of a typical save, in the server process (not a ratio: the
    # issue's bound is absolute, and the engine's work is the same on any machine class).
    "redaction of a typical save, ms": ("<=", 1.0),
    "snapshot read of a 4 MB transcript, ms": ("<=", 1000.0),
    # Text made to be slow costs a few times what ordinary text does, not a hundred.
    "redaction, hostile / ordinary commands": ("<=", 10.0),
}

# A typical checkpoint: 3 tasks, 3 files, 2 commands (the load-size targets are for it).
TYPICAL_SAVE = json.loads((REPO / "tests" / "fixtures" / "typical-save.json").read_text(
    encoding="utf-8"))

ROUNDS = {  # quick, full
    "start": (15, 40),
    "peer": (4, 10),
    "hook": (12, 30),
    "repo": (4, 12),
    "list": (8, 20),
}


def ours(*args):
    """The exact command line the plugin uses."""
    return [PY, "-I", "-S", str(PYZ)] + list(args)


FLOOR = [PY, "-I", "-S", "-c", "pass"]
HOOKS_JSON = REPO / "plugin" / "hooks" / "hooks.json"
HOOK_EVENTS = {"session-start": "SessionStart", "guard": "PreToolUse",
               "pre-compact": "PreCompact", "session-end": "SessionEnd"}


def hook_command(hook):
    """The hook's command as Claude Code runs it: hooks.json's, the plugin's folder put in
    for ${CLAUDE_PLUGIN_ROOT}, through `sh -c`."""
    config = json.loads(HOOKS_JSON.read_text(encoding="utf-8"))
    command, = [entry["command"] for group in config["hooks"][HOOK_EVENTS[hook]]
                for entry in group["hooks"]]
    return ["sh", "-c", command.replace("${CLAUDE_PLUGIN_ROOT}", str(PYZ.parent))]


def env_with_python3(env, work):
    """`env` with a folder first on PATH whose `python3` is the interpreter running this."""
    folder = work / "python3-bin"
    if not folder.is_dir():
        folder.mkdir()
        os.symlink(PY, str(folder / "python3"))
    return dict(env, PATH=str(folder) + os.pathsep + env.get("PATH", os.defpath))


def clean_env(home, **extra):
    """This environment minus anything that steers us or git, with a throwaway HOME."""
    dropped = ("CLAUDE", "CHECKPOINT_", "SESSION_CHECKPOINT_", "GIT_", "PYTHON", "XDG_")
    env = {k: v for k, v in os.environ.items() if not k.startswith(dropped)}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(Path(home) / ".cache"),
               GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="Bench", GIT_AUTHOR_EMAIL="bench@invalid",
               GIT_COMMITTER_NAME="Bench", GIT_COMMITTER_EMAIL="bench@invalid")
    env.update(extra)
    return env


def say(message):
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


# Timing ######################################################################

def time_run(command, env, cwd=None, stdin=b""):
    """Seconds from spawn to exit of one run."""
    started = time.perf_counter()
    result = subprocess.run(command, env=env, cwd=cwd, input=stdin, timeout=TIMEOUT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        raise RuntimeError("%s exited %d: %s" % (command, result.returncode, result.stderr[-500:]))
    return elapsed


class Watchdog:
    """Kills a server that has not answered a request within TIMEOUT seconds (readline
    then ends). One thread for the whole run, started once: a thread started for each
    request would cost the client a thread's start inside every timed request."""

    def __init__(self):
        self.deadlines = {}  # process: when it is killed
        self.lock = threading.Lock()
        self.thread = None

    def watch(self, proc):
        with self.lock:
            self.deadlines[proc] = time.monotonic() + TIMEOUT
            if self.thread is None:
                self.thread = threading.Thread(target=self.run, daemon=True)
                self.thread.start()

    def release(self, proc):
        with self.lock:
            self.deadlines.pop(proc, None)

    def run(self):
        while True:
            time.sleep(1.0)
            with self.lock:
                late = [proc for proc, deadline in self.deadlines.items()
                        if deadline < time.monotonic()]
            for proc in late:
                proc.kill()


WATCHDOG = Watchdog()


class Connection:
    """A stdio MCP server on pipes, spoken to one request at a time."""

    def __init__(self, command, env, cwd=None):
        self.proc = subprocess.Popen(command, env=env, cwd=cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 1

    def send(self, message):
        self.proc.stdin.write(json.dumps(message).encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def request(self, method, params=None):
        message_id = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": message_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        WATCHDOG.watch(self.proc)
        try:
            while True:
                line = self.proc.stdout.readline()
                if not line:
                    raise RuntimeError("%s closed stdout (or took over %d s) during %s"
                                       % (self.proc.args, TIMEOUT, method))
                answer = json.loads(line)
                if answer.get("id") == message_id and "method" not in answer:
                    if "result" not in answer:
                        raise RuntimeError("%s: %s" % (method, answer))
                    return answer["result"]
        finally:
            WATCHDOG.release(self.proc)

    def handshake(self):
        self.request("initialize", {"protocolVersion": HANDSHAKE_VERSION, "capabilities": {},
                                    "clientInfo": {"name": "bench", "version": "0"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def call(self, name, arguments):
        result = self.request("tools/call", {"name": name, "arguments": arguments})
        if result.get("isError"):
            raise RuntimeError("%s: %s" % (name, result["content"][0]["text"]))
        return result

    def peak_memory_kib(self):
        """VmHWM, the server's peak resident set, from /proc (None where there is none)."""
        try:
            with open("/proc/%d/status" % self.proc.pid, encoding="ascii") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            return None
        return None

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()


def time_cold_start(command, env, cwd=None, to_exit=None):
    """Seconds from spawn to the tools/list answer; with a list `to_exit`, also appends the
    seconds from spawn to the process's exit once stdin is closed after the answer."""
    started = time.perf_counter()
    connection = Connection(command, env, cwd)
    try:
        connection.handshake()
        tools = connection.request("tools/list")["tools"]
        elapsed = time.perf_counter() - started
    finally:
        connection.close()
    if to_exit is not None:
        to_exit.append(time.perf_counter() - started)
    if len(tools) != 3:
        raise RuntimeError("%s listed %d tools" % (command, len(tools)))
    return elapsed


def interleave(contestants, rounds):
    """{name: [seconds, ...]}: each round runs every contestant once, in an order shuffled
    anew each round (seeded: a run repeats itself). A rotating order would keep who runs
    after whom, and whatever runs right after a snapshot hook pays for its fsyncs (about
    1 ms here)."""
    import random
    samples = {name: [] for name in contestants}
    order = random.Random(0x5EED)
    for _ in range(rounds):
        names = list(contestants)
        order.shuffle(names)
        for name in names:
            samples[name].append(contestants[name]())
    return samples


def median_ms(samples):
    return statistics.median(samples) * 1000.0


# Fixtures ####################################################################

def git(cwd, *args, env):
    subprocess.run(["git"] + list(args), cwd=str(cwd), env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def users_signer(env):
    """A function (path, data, selector) that writes a checkpoint signed as a save of the
    user of `env` signs it (the key in its HOME, made when missing)."""
    sys.path.insert(0, str(REPO))
    import checkpoint_mcp
    saved_environ = dict(os.environ)
    os.environ.clear()
    os.environ.update(env)
    try:
        key = checkpoint_mcp.signing_key(create=True)
    finally:
        os.environ.clear()
        os.environ.update(saved_environ)
    if key.secret is None:
        raise SystemExit("bench: cannot sign checkpoints: %s" % key.problem)

    def write(path, data, selector):
        path.write_bytes(checkpoint_mcp.sign_checkpoint(
            checkpoint_mcp.serialize_checkpoint(data), selector, key.secret))
    return write


def write_checkpoints(project, count, env):
    """`count` checkpoints like tests/fixtures/original-example.json, distinct mtimes, each
    signed as a save of the user of `env` signs it."""
    sys.path.insert(0, str(REPO))
    import checkpoint_mcp
    write = users_signer(env)
    directory = project / ".claude-checkpoints"
    directory.mkdir(parents=True, exist_ok=True)
    os.chmod(str(directory), 0o700)  # as a save creates it
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    example["project"] = {"name": project.name,
                          "rootId": checkpoint_mcp.project_root_id(str(project))}
    base = time.time() - count - 60
    for number in range(count):
        example["goal"]["primary"] = "Goal number %d" % number
        selector = "bench-%05d" % number
        path = directory / (selector + ".json")
        write(path, example, selector)
        os.utime(str(path), (base + number, base + number))


def make_repo(path, dirty, env, big_file_mb=0):
    """A repository with `dirty` modified tracked files (and one big untracked file)."""
    path.mkdir(parents=True)
    git(path, "init", "-q", "-b", "main", env=env)
    (path / "README.md").write_text("bench\n", encoding="utf-8")
    for number in range(dirty):
        folder = path / "src" / ("d%03d" % (number // 100))
        folder.mkdir(parents=True, exist_ok=True)
        (folder / ("f%05d.txt" % number)).write_text("line %d\n" % number, encoding="utf-8")
    git(path, "add", "-A", env=env)
    git(path, "commit", "-q", "-m", "initial", env=env)
    for number in range(dirty):
        target = path / "src" / ("d%03d" % (number // 100)) / ("f%05d.txt" % number)
        target.write_text("line %d changed\n" % number, encoding="utf-8")
    if big_file_mb:
        chunk = os.urandom(1 << 20)
        with open(str(path / "big.bin"), "wb") as handle:
            for _ in range(big_file_mb):
                handle.write(chunk)
    subprocess.run(["git", "status", "--porcelain"], cwd=str(path), env=env,
                   stdout=subprocess.DEVNULL, check=True)  # let git refresh its index first
    return path


# Peers #######################################################################

def install_peers(directory, want_python, want_typescript):
    """{"python": command prefix or None, "typescript": ..., "notes": [...]}."""
    found = {"python": None, "typescript": None, "notes": []}
    if want_python:
        venv = directory / "venv"
        python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
        try:
            if not python.exists():
                say("installing %s into a throwaway venv (%s)" % (PYTHON_SDK, venv))
                subprocess.run([PY, "-m", "venv", str(venv)], check=True,
                               stdout=subprocess.DEVNULL)
                subprocess.run([str(python), "-m", "pip", "install", "-q",
                                "--disable-pip-version-check", PYTHON_SDK], check=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            found["python"] = [str(python), str(HERE / "peers" / "sdk_server.py")]
        except (OSError, subprocess.CalledProcessError) as error:
            found["notes"].append("Python SDK peer skipped: install failed (%s)" % error)
    if want_typescript:
        node, npm = shutil.which("node"), shutil.which("npm")
        if not (node and npm):
            found["notes"].append("TypeScript SDK peer skipped: node and npm are not both here")
        else:
            prefix = directory / "node"
            try:
                if not (prefix / "node_modules" / "@modelcontextprotocol" / "sdk").is_dir():
                    say("installing %s with npm (%s)" % (TYPESCRIPT_SDK, prefix))
                    prefix.mkdir(parents=True, exist_ok=True)
                    (prefix / "package.json").write_text('{"private": true}\n', encoding="utf-8")
                    subprocess.run([npm, "install", "--silent", "--no-audit", "--no-fund",
                                    TYPESCRIPT_SDK], cwd=str(prefix), check=True,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                # ES modules resolve packages from the script's own folder.
                shutil.copy(str(HERE / "peers" / "ts_server.mjs"), str(prefix / "ts_server.mjs"))
                found["typescript"] = [node, str(prefix / "ts_server.mjs")]
            except (OSError, subprocess.CalledProcessError) as error:
                found["notes"].append("TypeScript SDK peer skipped: install failed (%s)" % error)
    return found


# Measurements ################################################################

def measure_cold_start(work, env, peers, quick):
    say("cold start: spawn to the tools/list answer")
    empty = work / "empty.pyz"
    import zipapp
    source = work / "empty-app"
    source.mkdir()
    # It ends as our hooks do, without the interpreter's teardown: the least any pyz costs.
    (source / "__main__.py").write_text("import os\nos._exit(0)\n", encoding="utf-8")
    zipapp.create_archive(str(source), str(empty))
    # The hooks' target is set against an empty zipapp as such: an empty __main__.py, with
    # the teardown every Python program pays (and our hooks skip).
    plain = work / "empty-app-plain"
    plain.mkdir()
    (plain / "__main__.py").write_text("", encoding="utf-8")
    zipapp.create_archive(str(plain), str(work / "empty-plain.pyz"))
    time_cold_start(ours(), env, cwd=str(work))  # fill the bytecode cache
    tools_file = work / "tools.json"
    connection = Connection(ours(), env, cwd=str(work))
    connection.handshake()
    tools_file.write_text(json.dumps(connection.request("tools/list")["tools"]), encoding="utf-8")
    connection.close()

    to_exit = []
    contestants = {
        "floor": lambda: time_run(FLOOR, env),
        "import runpy": lambda: time_run([PY, "-I", "-S", "-c", "import runpy"], env),
        "empty zipapp": lambda: time_run([PY, "-I", "-S", str(empty)], env),
        "cold start": lambda: time_cold_start(ours(), env, cwd=str(work), to_exit=to_exit),
    }
    samples = interleave(contestants, ROUNDS["start"][not quick])
    samples["cold start to exit"] = to_exit

    def first_start():  # no bytecode cache yet: what the first start after an install costs
        shutil.rmtree(str(work / "home" / ".cache"), ignore_errors=True)
        return time_cold_start(ours(), env, cwd=str(work))
    samples.update(interleave({"cold start, empty cache": first_start,
                               "cold start (warm)": contestants["cold start"]},
                              ROUNDS["peer"][not quick]))
    peer_contestants = {"cold start (warm)": contestants["cold start"]}
    for name, label in (("python", "Python SDK peer"), ("typescript", "TypeScript SDK peer")):
        if peers[name]:
            command = peers[name] + [str(tools_file)]
            time_cold_start(command, env, cwd=str(work))  # warm the OS caches
            peer_contestants[label] = (lambda c: lambda: time_cold_start(c, env, cwd=str(work)))(command)
    if len(peer_contestants) > 1:
        peer_samples = interleave(peer_contestants, ROUNDS["peer"][not quick])
        samples["cold start (warm)"] += peer_samples.pop("cold start (warm)")
        samples.update(peer_samples)
    samples["cold start"] += samples.pop("cold start (warm)")
    samples.update(measure_module_load(work, env, quick))
    return samples


# What the cold start pays for the module before any work of its own, timed inside a fresh
# process of its own, as the pyz's starter does it: reading the cache file's head (what a
# start reads of it) and checking its checksum, unmarshalling it, and running the module's
# body (its functions, classes and tables; load_module). Prints seconds, then the head's
# and the whole file's sizes in bytes.
MODULE_LOAD_PROBE = """
import _imp, gc, marshal, os, sys, time
from importlib.util import MAGIC_NUMBER
folder = os.path.join(os.environ["XDG_CACHE_HOME"], "session-checkpoint")
path, = [os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(
    "-%s.pyc" % sys.implementation.cache_tag)]
gc.disable()  # as the pyz loads it
started = time.perf_counter()
handle = open(path, "rb")
start = handle.read(len(MAGIC_NUMBER) + 64 + 12)  # magic number, hash, checksum, size
head = handle.read(int.from_bytes(start[-4:], "little"))
assert start[-12:-4] == _imp.source_hash(0x5ECC, head)
read = time.perf_counter()
found = marshal.loads(head)  # load_module's code, the module's, the index
unmarshalled = time.perf_counter()
load = type(lambda: None)(found[0], {"__builtins__": __builtins__})
load(found[1:], handle, "checkpoint_mcp.py", None, (path, start[:-12], 0x5ECC))
ran = time.perf_counter()
print(read - started, unmarshalled - read, ran - unmarshalled, len(head), os.path.getsize(path))
"""


def measure_module_load(work, env, quick):
    """{what: [seconds, ...]} of MODULE_LOAD_PROBE, and the sizes of the cache file and of
    its head (what a start reads) in KB."""
    samples = {"module: read and checksum": [], "module: unmarshal": [], "module: body": []}
    for _ in range(ROUNDS["start"][not quick]):
        result = subprocess.run([PY, "-I", "-S", "-c", MODULE_LOAD_PROBE], env=env,
                                cwd=str(work), stdout=subprocess.PIPE, timeout=TIMEOUT,
                                check=True)
        *seconds, head, whole = result.stdout.decode().split()
        for name, value in zip(samples, seconds):
            samples[name].append(float(value))
    # (a "median in ms" of these is KB)
    samples["module: cache file KB"] = [int(whole) / 1e6]
    samples["module: head KB"] = [int(head) / 1e6]
    return samples


def session_start_input(project, transcript):
    """A start of session "bench" whose transcript folder holds `transcript`, that of the
    session the snapshot hooks save (crash recovery looks at it; once a snapshot is saved
    it passes it by stat, as a start usually does)."""
    return json.dumps({"session_id": "bench", "transcript_path": str(transcript.parent /
                                                                     "bench.jsonl"),
                       "cwd": str(project), "hook_event_name": "SessionStart",
                       "source": "startup"}).encode("utf-8")


def guard_input(project):
    return json.dumps({"session_id": "bench", "transcript_path": "/dev/null", "cwd": str(project),
                       "hook_event_name": "PreToolUse", "tool_name": SAVE_TOOL_NAME,
                       "tool_input": {"goal": "g"}}).encode("utf-8")


def write_transcript(path, project, edited):
    """A Claude Code transcript (JSON lines) of a session that keeps a todo list, runs
    commands and edits the files `edited` (relative to `project`), one per round: what
    the automatic snapshots read."""
    rounds = len(edited)
    def line(kind, content, **extra):
        entry = {"type": kind, "sessionId": "bench", "cwd": str(project),
                 "timestamp": "2026-12-02T10:%02d:00.000Z" % (len(lines) % 60),
                 "message": {"role": kind, "content": content}}
        entry.update(extra)
        lines.append(json.dumps(entry, separators=(",", ":")))  # as Claude Code writes it

    lines = []
    line("user", "Make the benchmark project faster.")
    for number in range(rounds):
        todos = [{"content": "Step %d" % step, "activeForm": "Doing step %d" % step,
                  "status": "completed" if step < number else "in_progress" if step == number
                  else "pending"} for step in range(rounds)]
        calls = [("TodoWrite", {"todos": todos}),
                 ("Bash", {"command": "python3 -m unittest -q  # round %d" % number}),
                 ("Edit", {"file_path": str(project / edited[number]),
                           "old_string": "a", "new_string": "b"})]
        for name, arguments in calls:
            call_id = "toolu_%s_%d" % (name, number)
            line("assistant", [{"type": "tool_use", "id": call_id, "name": name,
                                "input": arguments}])
            line("user", [{"type": "tool_result", "tool_use_id": call_id, "content": "ok",
                           "is_error": False}])
    line("assistant", [{"type": "text", "text": "Done with this round of work."}])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def snapshot_input(project, transcript, event):
    extra = {"trigger": "auto", "custom_instructions": None} if event == "PreCompact" else {
        "reason": "other"}
    return json.dumps(dict({"session_id": "bench-auto", "transcript_path": str(transcript),
                            "cwd": str(project), "hook_event_name": event}, **extra)
                      ).encode("utf-8")


HOOK_INPUTS = {  # hook -> its input for a project and its transcript
    "session-start": lambda project, transcript: session_start_input(project, transcript),
    "guard": lambda project, transcript: guard_input(project),
    "pre-compact": lambda project, transcript: snapshot_input(project, transcript, "PreCompact"),
    "session-end": lambda project, transcript: snapshot_input(project, transcript, "SessionEnd"),
}


def measure_hooks(work, env, quick):
    say("hooks with 0, 1 and 1,000 checkpoints")
    hook_env = env_with_python3(env, work)
    empty = work / "empty.pyz"  # made by measure_cold_start
    contestants = {"floor": lambda: time_run(FLOOR, env, stdin=b"{}"),
                   "empty zipapp (hooks)": lambda: time_run([PY, "-I", "-S", str(empty)], env,
                                                            stdin=b"{}"),
                   "plain empty zipapp (hooks)": lambda: time_run(
                       [PY, "-I", "-S", str(work / "empty-plain.pyz")], env, stdin=b"{}")}
    for count in (0, 1, 1000):
        project = work / ("hooks-%d" % count)
        make_repo(project, 20, env)
        if count:
            write_checkpoints(project, count, env)
        transcript = work / ("transcripts-%d" % count) / "bench-auto.jsonl"
        transcript.parent.mkdir()
        write_transcript(transcript, project, [path.relative_to(project).as_posix()
                                               for path in sorted(project.glob("src/*/*"))])
        for hook, make_input in HOOK_INPUTS.items():
            contestants["%s @%d" % (hook, count)] = (lambda c, s: lambda: time_run(
                c, hook_env, stdin=s))(hook_command(hook), make_input(project, transcript))
    return interleave(contestants, ROUNDS["hook"][not quick])


def measure_repos(work, env, quick):
    """Save and load on one long-running server against `git status --porcelain`."""
    cases = [("%d dirty" % n, n, 0) for n in (0, 100, 1000, 10000)] + [("50 MB untracked", 0, 50)]
    repos = {}
    for label, dirty, big in cases:
        say("making a repository with %s" % label)
        repos[label] = make_repo(work / ("repo-" + label.replace(" ", "-")), dirty, env, big)

    # Memory with and without the big file, each on a fresh server.
    memory = {}
    for label in ("0 dirty", "50 MB untracked"):
        connection = Connection(ours(), env, cwd=str(work))
        connection.handshake()
        before = connection.peak_memory_kib()
        connection.call("save_session_checkpoint", {"goal": "memory", "projectRoot": str(repos[label])})
        connection.call("load_session_checkpoint", {"projectRoot": str(repos[label])})
        memory[label] = {"before": before, "after": connection.peak_memory_kib()}
        connection.close()

    say("save and load on one server, interleaved with git status")
    server = Connection(ours(), env, cwd=str(work))
    server.handshake()
    contestants = {}
    for label, repo in repos.items():
        arguments = dict(TYPICAL_SAVE, projectRoot=str(repo))

        def save(arguments=arguments):
            started = time.perf_counter()
            server.call("save_session_checkpoint", arguments)
            return time.perf_counter() - started

        def load(repo=repo):
            started = time.perf_counter()
            server.call("load_session_checkpoint", {"projectRoot": str(repo)})
            return time.perf_counter() - started
        contestants["git status @" + label] = (
            lambda r: lambda: time_run(["git", "status", "--porcelain"], env, cwd=str(r)))(repo)
        contestants["save @" + label] = save
        contestants["load @" + label] = load
        save()  # the checkpoint directory exists from now on, for git status too
    samples = interleave(contestants, ROUNDS["repo"][not quick])
    memory["long-running server"] = {"after": server.peak_memory_kib()}
    sizes = {}  # what the model reads of a load of the typical checkpoint, in bytes
    for label, repo in repos.items():
        structured = server.call("load_session_checkpoint",
                                     {"projectRoot": str(repo)})["structuredContent"]
        sizes[label] = {"brief": len(structured["brief"].encode("utf-8")),
                        "structuredContent": len(json.dumps(
                            structured, ensure_ascii=False, separators=(",", ":")).encode())}
    server.close()
    return samples, memory, sizes


AUDIT_WATCHER = (
    "import sys\n"
    "log = open(sys.argv[1], 'w')\n"
    "def audit(event, args):\n"
    "    if event == 'open' and '.claude-checkpoints' in str(args[0]):\n"
    "        log.write('%s\\n' % (args[0],)); log.flush()\n"
    "sys.addaudithook(audit)\n"
    "import runpy\n"
    "sys.argv = [sys.argv[2]]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


def measure_list(work, env, quick):
    say("list with 10, 1,000 and 10,000 checkpoint files")
    projects = {}
    for count in (10, 1000, 10000):
        projects[count] = work / ("list-%d" % count)
        write_checkpoints(projects[count], count, env)

    # Which files does a list open? The server under an audit hook logs every open.
    opened = {}
    for count, project in projects.items():
        log = work / ("audit-%d.log" % count)
        connection = Connection([PY, "-I", "-S", "-c", AUDIT_WATCHER, str(log), str(PYZ)],
                                env, cwd=str(work))
        connection.handshake()
        result = connection.call("list_session_checkpoints", {"projectRoot": str(project)})
        connection.close()
        returned = len(result["structuredContent"]["entries"])
        files = {line for line in log.read_text(encoding="utf-8").splitlines()
                 if line.endswith(".json")}
        opened[count] = {"returned": returned, "opened": len(files)}

    server = Connection(ours(), env, cwd=str(work))
    server.handshake()
    contestants = {}
    for count, project in projects.items():
        def run_list(project=project):
            started = time.perf_counter()
            server.call("list_session_checkpoints", {"projectRoot": str(project)})
            return time.perf_counter() - started
        contestants["list @%d" % count] = run_list
    samples = interleave(contestants, ROUNDS["list"][not quick])
    server.close()
    return samples, opened


def measure_brief(work, env):
    # Named as in the example checkpoint, and signed as the user's own save would: an
    # untrusted checkpoint's brief opens with a warning that the example does not carry.
    project = work / "my-app"
    project.mkdir()
    users_signer(env)(project / ".claude-checkpoint",
                      json.loads(EXAMPLE.read_text(encoding="utf-8")), "legacy")
    connection = Connection(ours(), env, cwd=str(work))
    connection.handshake()
    result = connection.call("load_session_checkpoint", {"projectRoot": str(project),
                                                         "checkpoint": "legacy"})
    connection.close()
    return len(result["content"][0]["text"].encode("utf-8")), EXAMPLE.stat().st_size


REDACTION_PROBE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import checkpoint_mcp
arguments = json.loads(sys.argv[2])
started = time.perf_counter()
checkpoint_mcp.redact_arguments(arguments)  # imports re and compiles the table, once a process
samples = {"redaction, first call in a process": [time.perf_counter() - started]}
for label, scale in (("typical save", 1), ("typical save x10", 10)):
    scaled = dict(arguments, summary=" ".join([arguments["summary"]] * scale),
                  decisions=arguments["decisions"] * scale)
    runs = []
    for _ in range(int(sys.argv[3])):
        started = time.perf_counter()
        checkpoint_mcp.redact_arguments(scaled)
        runs.append(time.perf_counter() - started)
    samples["redaction, " + label] = runs
# Fifty recorded commands of 2,000 characters each, of the kinds an agent runs.
pieces = json.loads(sys.argv[4])
commands = []
for index in range(50):
    parts, length = [], 0
    while length < 2000:
        parts.append(pieces[(index * 7 + len(parts) * 3) % len(pieces)])
        length += len(parts[-1]) + 4
    commands.append(" && ".join(parts)[:2000])
runs = []
for _ in range(max(1, int(sys.argv[3]) // 20)):
    started = time.perf_counter()
    checkpoint_mcp.redact_arguments({"recentCommands": [{"command": c} for c in commands]})
    runs.append(time.perf_counter() - started)
samples["redaction, 50 commands of 2,000 characters"] = runs
# Fifty more that no one would run but anyone could save: one piece said again and again,
# or a name and a long run of hex, each the worst of its kind a search for slow inputs found.
hostile = json.loads(sys.argv[5])
hexrun = "".join("0123456789abcdef"[(index * 7919) % 16] for index in range(2000))
commands = [(piece * (2000 // len(piece) + 1))[:2000] for piece in hostile["repeated"]] + [
    (piece + hexrun)[:2000] for piece in hostile["before a run"]]
runs = []
for _ in range(max(1, int(sys.argv[3]) // 20)):
    started = time.perf_counter()
    checkpoint_mcp.redact_arguments({"recentCommands": [{"command": c} for c in commands]})
    runs.append(time.perf_counter() - started)
samples["redaction, 50 hostile commands of 2,000 characters"] = runs
print(json.dumps(samples))
"""

# What the redaction bench's long commands are made of.
COMMAND_PIECES = [
    "python3 -c \"import json, sys; data = json.load(open('reports/coverage.json')); "
    "print(sum(f['summary']['covered_lines'] for f in data['files'].values()))\"",
    "curl -s -X POST http://localhost:8080/api/v1/orders -H 'Content-Type: application/json' "
    "-d '{\"customer_id\": 4821, \"items\": [{\"sku\": \"A-1042\", \"qty\": 2}]}'",
    "git log --oneline --decorate -n 20 -- src/auth/session_store.ts src/auth/token_refresh.ts",
    "docker compose -f docker-compose.dev.yml run --rm -e NODE_ENV=test -e LOG_LEVEL=debug api npm test",
    "kubectl -n staging rollout status deployment/web --timeout=120s && kubectl -n staging get pods",
    "psql -h localhost -U app -d app_dev -c \"SELECT id, email FROM users WHERE last_login < now() "
    "- interval '30 days' ORDER BY id LIMIT 50\"",
    "npx jest src/components/LoginForm.test.tsx --coverage --coverageReporters=text-summary",
    "rg -n \"getAccessToken|refreshToken\" src/ --glob '!**/*.snap' | head -40",
    "pytest tests/integration/test_checkout.py -k 'coupon and not expired' -x -q --maxfail=1",
    "terraform plan -var-file=envs/staging.tfvars -target=module.cache -out=plan.out",
    "go test ./internal/session/... -run TestCookieExpiry -count=1 -v",
]


# Pieces of text that once made the redaction slow (a lookahead or two loops of a row
# scanning to the end of the text at every place the row could start): each fills a
# command of 2,000 characters by itself, or stands before a run of hex that fills it.
HOSTILE_PIECES = {
    "repeated": ["password:", "\u5bc6\u7801\u662f", "\u30d1\u30b9\u30ef\u30fc\u30c9\uff1a", "BUNDLE__",
                 "pw:", "PW=", "REG_EXPAND_SZ", "PIN_", "-pw:", "-P:", "reset-password_", "snmp", "-U",
                 "put-parameter", "rtmpSETUSER", "PSK:", "PW:", "pin-", "Clave\uff1a", "has\u0142o:",
                 "passwd `@", "PW ", "pw is ", "\u5bc6\u7801 is ", "useradd -", "rman -", "{tab}",
                 "secret: x ", "user / ", "--password=", "SETUSER ", "set-env a KEY", "VALUES (1, ''",
                 "hash_hmac('s',          ", 'getConnection("a:/'],
    "before a run": ["root@pam!", " -u ", "@pve!ci=", "password=", "token ", "key: ", "auth ", "secret ",
                     "Bearer ", "-p ", "pass ", "PIN ", "api_key=", "pw ", "psk ", "ssid ", "community ",
                     "enable secret ", "key-string ", "pre-shared-key "],
}


def measure_redaction(quick):
    """Seconds per redact_arguments call on the typical save and on ten times its text
    (cost linear in the input), in a process that imports the module from the pyz."""
    say("redaction")
    result = subprocess.run([PY, "-I", "-S", "-c", REDACTION_PROBE, str(PYZ), json.dumps(TYPICAL_SAVE),
                             "200" if quick else "2000", json.dumps(COMMAND_PIECES),
                             json.dumps(HOSTILE_PIECES)],
                            stdout=subprocess.PIPE, timeout=TIMEOUT,
                            check=True)
    return json.loads(result.stdout.decode())


TRANSCRIPT_PROBE = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import checkpoint_mcp
runs = []
for _ in range(int(sys.argv[3])):
    started = time.perf_counter()
    facts = checkpoint_mcp.read_transcript(sys.argv[2], time.monotonic() + 30)
    runs.append(time.perf_counter() - started)
assert facts.did_work()
print(json.dumps({"snapshot read of a 4 MB transcript": runs}))
"""


def measure_transcript(work, quick):
    """Seconds to read a 4 MB transcript as a snapshot does, made of the suite's own
    transcript shapes (subagents inline and in progress lines, tool outcomes, a compaction
    summary, wrapped prompts) repeated."""
    say("transcript")
    shapes = REPO / "tests" / "fixtures" / "shapes"
    block = b"".join((shapes / name).read_bytes() for name in (
        "sidechain-inline.jsonl", "progress-embedded.jsonl", "bash-outcomes.jsonl",
        "compaction-summary.jsonl", "prompt-wrappers.jsonl"))
    transcript = work / "large.jsonl"
    transcript.write_bytes(block * (4 * 1024 * 1024 // len(block) + 1))
    result = subprocess.run([PY, "-I", "-S", "-c", TRANSCRIPT_PROBE, str(PYZ), str(transcript),
                             "3" if quick else "10"], stdout=subprocess.PIPE, timeout=TIMEOUT,
                            check=True)
    return json.loads(result.stdout.decode())


# Report ######################################################################

def verdict(name, value):
    comparison, bound = TARGETS[name]
    met = value <= bound if comparison == "<=" else value >= bound
    return "%s %s %s" % ("met" if met else "MISSED", comparison, bound), met


def report(samples, memory, opened, brief, sizes, machine, notes):
    medians = {name: median_ms(values) for name, values in samples.items()}
    rows, results, targets = [], {}, {}

    def row(name, value, unit, baseline=None, target=None):
        ratio = value / medians[baseline] if baseline else None
        text = "" if ratio is None else "%.2fx %s" % (ratio, baseline)
        check = ""
        if target:
            check, met = verdict(target, value if ratio is None else ratio)
            measured = round(value if ratio is None else ratio, 3)
            if target not in targets or not met:  # a target shared by rows keeps the worst
                if targets.get(target, {}).get("met", True):
                    targets[target] = {"value": measured, "met": met}
                elif TARGETS[target][0] == "<=":
                    targets[target]["value"] = max(targets[target]["value"], measured)
                else:
                    targets[target]["value"] = min(targets[target]["value"], measured)
        rows.append((name, "%.1f %s" % (value, unit) if unit == "ms" else "%d %s" % (value, unit),
                     text, check))
        results[name] = round(value, 3)

    row("floor: python3 -I -S -c pass", medians["floor"], "ms")
    row("python3 -I -S -c 'import runpy'", medians["import runpy"], "ms", "floor")
    row("empty zipapp, no teardown (runpy)", medians["empty zipapp"], "ms", "floor")
    row("cold start (spawn to tools/list)", medians["cold start"], "ms", "floor")
    row("cold start (spawn to tools/list)", medians["cold start"], "ms", "empty zipapp",
        "cold start / empty zipapp")
    row("cold start, spawn to exit", medians["cold start to exit"], "ms", "floor")
    row("module: cache file", medians["module: cache file KB"], "KB")
    row("module: its head, which a start reads", medians["module: head KB"], "KB")
    for step in ("read and checksum", "unmarshal", "body"):
        row("module: %s (inside the cold start)" % step, medians["module: " + step], "ms",
            "empty zipapp")
    row("cold start, empty bytecode cache", medians["cold start, empty cache"], "ms", "floor")
    for label, target in (("Python SDK peer", "Python SDK peer / cold start"),
                          ("TypeScript SDK peer", "TypeScript SDK peer / cold start")):
        if label in medians:
            row(label + " cold start", medians[label], "ms", "cold start", target)
    row("empty zipapp, with the hooks", medians["empty zipapp (hooks)"], "ms", "floor")
    row("empty zipapp, empty __main__.py, with the hooks", medians["plain empty zipapp (hooks)"],
        "ms", "floor")
    for count in (0, 1, 1000):
        for hook in HOOK_INPUTS:
            name = "%s @%d" % (hook, count)
            # The 1.3x target is the nudge's and the guard's (they run no git and read no
            # checkpoint), against `python3 -I -S empty.pyz` with an empty __main__.py; the
            # snapshots run git and write a checkpoint. Against the zipapp that skips the
            # teardown, as the hooks do, the ratio is reported too.
            target = "hook / empty zipapp" if hook in ("session-start", "guard") else None
            row("hook %s, %d checkpoints" % (hook, count), medians[name], "ms",
                "plain empty zipapp (hooks)", target)
            row("hook %s, %d checkpoints" % (hook, count), medians[name], "ms",
                "empty zipapp (hooks)")
    for label in ("0 dirty", "100 dirty", "1000 dirty", "10000 dirty", "50 MB untracked"):
        row("git status --porcelain, " + label, medians["git status @" + label], "ms")
        for action in ("save", "load"):
            target = "%s / git status @10000" % action if label == "10000 dirty" else None
            row("%s, %s" % (action, label), medians["%s @%s" % (action, label)], "ms",
                "git status @" + label, target)
    for count in (10, 1000, 10000):
        row("list, %d checkpoint files" % count, medians["list @%d" % count], "ms")
    for label, value in memory.items():
        for moment, kib in value.items():
            if kib is not None:
                row("peak memory (VmHWM), %s, %s" % (label, moment), kib, "KiB")
    for count, seen in opened.items():
        fine = seen["opened"] <= seen["returned"]
        rows.append(("list @%d opens" % count, "%d files" % seen["opened"],
                     "returns %d" % seen["returned"], "met" if fine else "MISSED"))
        targets["list @%d reads only what it returns" % count] = {
            "value": seen["opened"], "met": fine}
    row("redaction, typical save (every field)", medians["redaction, typical save"], "ms",
        target="redaction of a typical save, ms")
    row("redaction, typical save x10", medians["redaction, typical save x10"], "ms",
        "redaction, typical save")
    row("redaction, first call (imports re, compiles the table)",
        medians["redaction, first call in a process"], "ms")
    row("redaction, 50 commands of 2,000 characters",
        medians["redaction, 50 commands of 2,000 characters"], "ms")
    row("redaction, 50 hostile commands of 2,000 characters",
        medians["redaction, 50 hostile commands of 2,000 characters"], "ms",
        "redaction, 50 commands of 2,000 characters", "redaction, hostile / ordinary commands")
    row("snapshot read of a 4 MB transcript", medians["snapshot read of a 4 MB transcript"], "ms",
        target="snapshot read of a 4 MB transcript, ms")
    row("brief, the example checkpoint", brief[0], "bytes", target="brief bytes")
    for label, size in sizes.items():
        row("brief, typical checkpoint, %s" % label, size["brief"], "bytes",
            target="brief bytes")
        row("load structuredContent, typical checkpoint, %s" % label,
            size["structuredContent"], "bytes", target="load structuredContent bytes")
    big, small = memory["50 MB untracked"]["after"], memory["0 dirty"]["after"]
    if big is not None and small is not None:
        flat = big - small < 8 * 1024
        rows.append(("memory with a 50 MB file vs none", "%+d KiB" % (big - small), "",
                     "met" if flat else "MISSED"))
        targets["memory flat with a 50 MB file"] = {"value": big - small, "met": flat}

    width = [max(len(r[i]) for r in rows) for i in range(4)]
    print("session-checkpoint benchmark, %s, %s" % (machine["date"], machine["summary"]))
    for r in rows:
        print("  ".join(cell.ljust(width[i]) if i == 0 else cell.rjust(width[i]) if i == 1
                        else cell.ljust(width[i]) for i, cell in enumerate(r)).rstrip())
    for note in notes:
        print("note: " + note)
    print(json.dumps({"machine": machine, "medians_ms": {k: round(v, 3) for k, v in medians.items()},
                      "results": results, "targets": targets, "list_opens": opened,
                      "memory_kib": memory, "notes": notes}, sort_keys=True))


def machine_facts():
    def version(command):
        try:
            return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  check=True).stdout.decode().strip().splitlines()[0]
        except (OSError, subprocess.CalledProcessError, IndexError):
            return None
    facts = {"date": time.strftime("%Y-%m-%d"), "cores": os.cpu_count(),
             "python": platform.python_version(), "implementation": platform.python_implementation(),
             "platform": platform.platform(), "git": version(["git", "--version"]),
             "node": version(["node", "--version"])}
    facts["summary"] = "%d cores, %s %s, %s" % (facts["cores"], facts["implementation"],
                                                facts["python"], facts["platform"])
    return facts


def main(args=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds (under 3 minutes)")
    parser.add_argument("--peers-dir", help="install the SDK peers here and keep them")
    parser.add_argument("--no-peers", action="store_true", help="skip both SDK peers")
    options = parser.parse_args(args)
    if not PYZ.is_file():
        sys.exit("bench/run.py: %s is missing: run `python3 build_zipapp.py` first." % PYZ)
    started = time.time()
    work = Path(os.path.realpath(tempfile.mkdtemp(prefix="ckpt-bench-")))
    try:
        home = work / "home"
        home.mkdir()
        env = clean_env(home, CLAUDE_CODE_SESSION_ID="bench")
        notes = []
        peers = {"python": None, "typescript": None, "notes": ["peers skipped (--no-peers)"]}
        if not options.no_peers:
            peers_dir = Path(options.peers_dir) if options.peers_dir else work / "peers"
            peers_dir.mkdir(parents=True, exist_ok=True)
            peers = install_peers(peers_dir.resolve(), True, True)
        notes += peers["notes"]
        samples = measure_cold_start(work, env, peers, options.quick)
        samples.update(measure_hooks(work, env, options.quick))
        repo_samples, memory, sizes = measure_repos(work, env, options.quick)
        samples.update(repo_samples)
        list_samples, opened = measure_list(work, env, options.quick)
        samples.update(list_samples)
        brief = measure_brief(work, env)
        samples.update(measure_redaction(options.quick))
        samples.update(measure_transcript(work, options.quick))
        notes.append("interpreter: %s; run took %.0f s" % (PY, time.time() - started))
        report(samples, memory, opened, brief, sizes, machine_facts(), notes)
    finally:
        shutil.rmtree(str(work), ignore_errors=True)


if __name__ == "__main__":
    main()
