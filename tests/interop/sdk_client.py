#!/usr/bin/env python3
"""Interop check: the official MCP Python SDK as a real client of the built pyz.

Run inside a throwaway venv that has `mcp` (2.3.0 or newer) and `jsonschema`:

    python tests/interop/sdk_client.py plugin/checkpoint.pyz

The server itself is never run on the venv's interpreter: it is started exactly as the
plugin starts it, `python3 -I -S <pyz>`, on the system `python3` found on PATH outside
the venv (override with INTEROP_SERVER_PYTHON=/path/to/python3). Each connection gets a
temp git repo as its working directory, a temp HOME and no CLAUDE_CODE_SESSION_ID, so
the server mints a session id as it does for any non-Claude-Code client.

Two connection modes are checked, each against a fresh server process:
  auto    the SDK's default: probes `server/discover` and must end up on 2026-07-28
  legacy  the `initialize` handshake (2025-11-25)
and, in each mode, a roots connection: no projectRoot argument, server cwd elsewhere,
the client offering the repo as its only file:// root (modern: the InputRequiredResult
round trip; legacy: a server-to-client `roots/list` request).

One line per check on stdout; the exit code is non-zero if any check failed.
INTEROP_TRACE=<file> writes every JSON-RPC line in both directions to <file>.
"""
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import anyio
    import jsonschema
    from mcp import Client, StdioServerParameters, types
    from mcp.shared.exceptions import MCPError
except ImportError as exc:  # pragma: no cover - environment problem, not a test result
    sys.exit("sdk_client.py needs the `mcp` and `jsonschema` packages (run it inside the interop venv): %s" % exc)

TOOL_NAMES = ("save_session_checkpoint", "load_session_checkpoint", "list_session_checkpoints")
EXPECTED_VERSION = {"auto": "2026-07-28", "legacy": "2025-11-25"}
CALL_TIMEOUT = 10.0          # per request (the SDK's own server/discover wait is 10 s too)
CONNECTION_DEADLINE = 25.0   # per connection, everything included

_results = []  # (ok, label)


def check(label, ok, detail=""):
    ok = bool(ok)
    _results.append((ok, label))
    line = "%s %s" % ("ok  " if ok else "FAIL", label)
    if detail and not ok:
        line += ": " + detail
    print(line, flush=True)
    return ok


# --------------------------------------------------------------------------- environment


def system_python():
    """The system python3 (never this venv's), as a resolved executable path."""
    override = os.environ.get("INTEROP_SERVER_PYTHON")
    if override:
        return override
    venv = os.path.realpath(os.environ.get("VIRTUAL_ENV") or sys.prefix)
    inside = lambda d: os.path.realpath(d) == venv or os.path.realpath(d).startswith(venv + os.sep)
    path = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d and not inside(d)]
    found = shutil.which("python3", path=os.pathsep.join(path))
    if not found:
        sys.exit("no system python3 on PATH outside the venv (set INTEROP_SERVER_PYTHON)")
    # Resolve shims (pyenv etc.) to the real interpreter, asked the way the plugin runs it.
    real = subprocess.run([found, "-I", "-S", "-c", "import sys; print(sys.executable)"],
                          stdout=subprocess.PIPE, universal_newlines=True, check=True).stdout.strip()
    if inside(os.path.dirname(real)):
        sys.exit("python3 on PATH is this venv's interpreter (%s); set INTEROP_SERVER_PYTHON" % real)
    return real or found


GIT_ENV = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "interop", "GIT_AUTHOR_EMAIL": "interop@example.invalid",
    "GIT_COMMITTER_NAME": "interop", "GIT_COMMITTER_EMAIL": "interop@example.invalid",
}


def make_repo(path, home):
    path.mkdir(parents=True)
    env = dict(os.environ, HOME=str(home), **GIT_ENV)
    run = lambda *a: subprocess.run(["git"] + list(a), cwd=str(path), env=env, check=True,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    run("init", "-q")
    (path / "README.md").write_text("interop\n", encoding="utf-8")
    (path / ".gitignore").write_text(".claude-checkpoint*\n", encoding="utf-8")
    run("add", "-A")
    run("commit", "-q", "-m", "initial")
    return path.resolve()


RELAY = r"""
import sys, subprocess, threading
log = open(sys.argv[1], "ab", buffering=0)
lock = threading.Lock()
def w(tag, line):
    with lock:
        log.write(tag + line if line.endswith(b"\n") else tag + line + b"\n")
p = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def pump_in():
    for line in sys.stdin.buffer:
        w(b">> ", line); p.stdin.write(line); p.stdin.flush()
    p.stdin.close()
threading.Thread(target=pump_in, daemon=True).start()
for line in p.stdout:
    w(b"<< ", line); sys.stdout.buffer.write(line); sys.stdout.buffer.flush()
sys.exit(p.wait())
"""


def server_params(python, pyz, cwd, home):
    cmd = [python, "-I", "-S", str(pyz)]
    trace = os.environ.get("INTEROP_TRACE")
    if trace:
        with open(trace, "a") as f:
            f.write("## %s (cwd %s)\n" % (" ".join(cmd), cwd))
        cmd = [python, "-I", "-S", "-c", RELAY, os.path.abspath(trace)] + cmd
    # The SDK passes only HOME/LOGNAME/PATH/SHELL/TERM/USER through, plus `env`:
    # CLAUDE_CODE_SESSION_ID and CHECKPOINT_* therefore never reach the server.
    env = {"HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache")}
    env.update(GIT_ENV)
    return StdioServerParameters(command=cmd[0], args=cmd[1:], cwd=str(cwd), env=env)


# --------------------------------------------------------------------------- checks


def tool_json(result):
    """The text block, parsed if it is JSON (for failure messages)."""
    texts = [c.text for c in result.content if getattr(c, "type", None) == "text"]
    return " | ".join(texts)[:300]


def validates(schema, value):
    try:
        jsonschema.Draft202012Validator(schema).validate(value)
        return ""
    except jsonschema.ValidationError as exc:
        return "%s at %s" % (exc.message, "/".join(str(p) for p in exc.absolute_path) or "<root>")


async def call(client, name, args):
    with anyio.fail_after(CALL_TIMEOUT):
        return await client.call_tool(name, args)


def checkpoint_files(root):
    d = Path(root) / ".claude-checkpoints"
    return sorted(p.name for p in d.iterdir()) if d.is_dir() else []


async def run_main(mode, python, pyz, tmp):
    """Tools listed and valid; save, list, load, a bad argument, an unknown tool."""
    tag = "[%s]" % mode
    home = tmp / ("home-" + mode)
    home.mkdir()
    repo = make_repo(tmp / ("repo-" + mode), home)
    t0 = time.monotonic()
    async with Client(server_params(python, pyz, repo, home), mode=mode,
                      read_timeout_seconds=CALL_TIMEOUT) as client:
        check("%s connected in %.2fs, protocol %s (server %s)" % (
            tag, time.monotonic() - t0, client.protocol_version,
            client.server_info and "%s %s" % (client.server_info.name, client.server_info.version)),
            client.protocol_version == EXPECTED_VERSION[mode],
            "expected protocol %s" % EXPECTED_VERSION[mode])
        check("%s server instructions present" % tag, (client.instructions or "").strip(), "no instructions")

        with anyio.fail_after(CALL_TIMEOUT):
            listed = await client.list_tools()
        tools = {t.name: t for t in listed.tools}
        check("%s tools/list names exactly %s" % (tag, ", ".join(TOOL_NAMES)),
              sorted(tools) == sorted(TOOL_NAMES) and len(listed.tools) == 3,
              "got %s" % [t.name for t in listed.tools])
        schemas_ok = True
        for name in TOOL_NAMES:
            tool = tools.get(name)
            if tool is None:
                schemas_ok = False
                continue
            for kind, schema in (("inputSchema", tool.input_schema), ("outputSchema", tool.output_schema)):
                if schema is None:
                    schemas_ok = check("%s %s.%s present" % (tag, name, kind), False, "missing")
                    continue
                try:
                    jsonschema.Draft202012Validator.check_schema(schema)
                    err = "" if schema.get("type") == "object" else "root type is not object"
                except jsonschema.SchemaError as exc:
                    err = exc.message
                schemas_ok &= check("%s %s.%s is valid JSON Schema (2020-12)" % (tag, name, kind), not err, err)
        if not schemas_ok or len(tools) != 3:
            return

        out = {n: tools[n].output_schema for n in TOOL_NAMES}

        # save (no session id anywhere -> minted)
        args = {"goal": "interop", "tasks": [{"description": "t", "status": "done"}], "projectRoot": str(repo)}
        res = await call(client, "save_session_checkpoint", args)
        sc = res.structured_content
        if not check("%s save_session_checkpoint succeeds" % tag, not res.is_error and isinstance(sc, dict),
                     tool_json(res)):
            return
        check("%s save structuredContent validates against outputSchema" % tag,
              not validates(out["save_session_checkpoint"], sc), validates(out["save_session_checkpoint"], sc))
        session = sc.get("session")
        check("%s save minted a session id (session=%r, sessionSource=%r)" % (tag, session, sc.get("sessionSource")),
              isinstance(session, str) and session and sc.get("sessionSource") == "minted",
              "structuredContent %s" % json.dumps(sc)[:300])
        files = checkpoint_files(repo)
        check("%s checkpoint file written under <repo>/.claude-checkpoints/" % tag,
              session and (session + ".json") in files, "found %s" % files)
        check("%s text block present beside structuredContent" % tag,
              any(getattr(c, "type", None) == "text" and c.text for c in res.content), "no text block")

        # list
        res = await call(client, "list_session_checkpoints", {"projectRoot": str(repo)})
        sc = res.structured_content
        err = tool_json(res) if res.is_error else validates(out["list_session_checkpoints"], sc)
        check("%s list_session_checkpoints succeeds and validates" % tag, not err, err)
        if not err:
            selectors = [e.get("selector") for e in sc.get("entries", []) if isinstance(e, dict)]
            check("%s list shows the saved checkpoint" % tag, session in selectors, "entries %s" % selectors)

        # load by selector
        res = await call(client, "load_session_checkpoint", {"projectRoot": str(repo), "checkpoint": session})
        sc = res.structured_content
        err = tool_json(res) if res.is_error else validates(out["load_session_checkpoint"], sc)
        check("%s load_session_checkpoint succeeds and validates" % tag, not err, err)
        if not err:
            check("%s load found == true" % tag, sc.get("found") is True, json.dumps(sc)[:300])

        # bad argument: a tool execution error, nothing written
        before = checkpoint_files(repo)
        bad = {"goal": "interop", "tasks": [{"description": "t", "status": "nope"}], "projectRoot": str(repo)}
        res = await call(client, "save_session_checkpoint", bad)
        check("%s bad argument (tasks[0].status='nope') -> isError" % tag, res.is_error,
              "not an error: %s" % json.dumps(res.structured_content)[:300])
        check("%s bad argument error names tasks[0].status" % tag, "tasks[0].status" in tool_json(res),
              tool_json(res))
        check("%s bad argument error carries no structuredContent" % tag, res.structured_content is None,
              json.dumps(res.structured_content)[:200])
        check("%s bad argument wrote nothing" % tag, checkpoint_files(repo) == before,
              "%s -> %s" % (before, checkpoint_files(repo)))

        # unknown tool: a protocol error (-32602)
        try:
            res = await call(client, "no_such_tool", {})
            check("%s unknown tool -> JSON-RPC error -32602" % tag, False, "got a result: %s" % tool_json(res))
        except MCPError as exc:
            check("%s unknown tool -> JSON-RPC error -32602" % tag, exc.code == -32602,
                  "code %s %s" % (exc.code, exc.error.message))


async def run_roots(mode, python, pyz, tmp):
    """No projectRoot, server cwd elsewhere: the save must land in the client's file:// root."""
    tag = "[%s roots]" % mode
    home = tmp / ("home-roots-" + mode)
    home.mkdir()
    repo = make_repo(tmp / ("rootrepo-" + mode), home)
    elsewhere = tmp / ("elsewhere-" + mode)
    elsewhere.mkdir()
    asked = []

    async def list_roots(context):
        asked.append(1)
        return types.ListRootsResult(roots=[types.Root(uri=repo.as_uri(), name="interop-repo")])

    async with Client(server_params(python, pyz, elsewhere, home), mode=mode,
                      read_timeout_seconds=CALL_TIMEOUT, list_roots_callback=list_roots) as client:
        check("%s connected, protocol %s" % (tag, client.protocol_version),
              client.protocol_version == EXPECTED_VERSION[mode], "expected %s" % EXPECTED_VERSION[mode])
        res = await call(client, "save_session_checkpoint",
                         {"goal": "interop roots", "tasks": [{"description": "t", "status": "done"}]})
        sc = res.structured_content
        if not check("%s save without projectRoot succeeds" % tag, not res.is_error and isinstance(sc, dict),
                     tool_json(res)):
            return
        check("%s the client's roots were asked for" % tag, asked, "roots callback never called")
        path = Path(sc.get("path", ""))
        expected_dir = repo / ".claude-checkpoints"
        check("%s save landed in <root>/.claude-checkpoints/ (%s)" % (tag, path),
              path.parent == expected_dir and path.is_file(), "expected under %s" % expected_dir)
        check("%s nothing written in the server's cwd" % tag,
              not (elsewhere / ".claude-checkpoints").exists() and not (elsewhere / ".claude-checkpoint").exists(),
              "found checkpoint files in %s" % elsewhere)
        res = await call(client, "list_session_checkpoints", {})
        sc2 = res.structured_content or {}
        selectors = [e.get("selector") for e in sc2.get("entries", []) if isinstance(e, dict)]
        check("%s list without projectRoot reads the same root" % tag,
              not res.is_error and sc.get("session") in selectors, tool_json(res) if res.is_error else selectors)


def _leaves(exc):
    """The real exceptions inside (possibly nested) exception groups."""
    subs = getattr(exc, "exceptions", None)
    if not subs:
        return [exc]
    return [leaf for sub in subs for leaf in _leaves(sub)]


async def guarded(label, coro_fn, *args):
    """Run one connection's checks; any exception (or the deadline) becomes a failed check."""
    try:
        with anyio.fail_after(CONNECTION_DEADLINE):
            await coro_fn(*args)
        return True
    except Exception as exc:  # report anything as a failed check and go on with the next connection
        detail = "; ".join("%s: %s" % (type(e).__name__, e) for e in _leaves(exc))
        check("%s ran to the end" % label, False, detail[:600] or type(exc).__name__)
        return False


async def amain(pyz):
    python = system_python()
    version = subprocess.run([python, "-I", "-S", "-c", "import sys; print(sys.version.split()[0])"],
                             stdout=subprocess.PIPE, universal_newlines=True).stdout.strip()
    from importlib.metadata import version as dist_version
    print("# server: %s -I -S %s (Python %s); client: mcp %s on Python %s" % (
        python, pyz, version, dist_version("mcp"), sys.version.split()[0]), flush=True)
    with tempfile.TemporaryDirectory(prefix="ckpt-interop-") as tmpname:
        tmp = Path(tmpname).resolve()
        for mode in ("auto", "legacy"):
            label = "[%s]" % mode
            if await guarded(label, run_main, mode, python, pyz, tmp) or any(
                    ok and lab.startswith(label + " connected") for ok, lab in _results):
                await guarded("[%s roots]" % mode, run_roots, mode, python, pyz, tmp)
            else:
                check("[%s roots] skipped: the %s connection failed" % (mode, mode), False)


def main(argv):
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 2
    pyz = Path(argv[1]).resolve()
    if not pyz.is_file():
        print("no such file: %s" % pyz, file=sys.stderr)
        return 2
    os.environ.pop("CLAUDE_CODE_SESSION_ID", None)
    t0 = time.monotonic()
    asyncio.run(amain(pyz))
    failed = sum(1 for ok, _ in _results if not ok)
    print("# %d checks in %.1fs" % (len(_results), time.monotonic() - t0))
    print("interop: %d passed, %d failed" % (len(_results) - failed, failed))
    return 1 if failed or not _results else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
