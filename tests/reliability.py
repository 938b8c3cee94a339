"""Shared checks for the reliability suite (tests/test_reliability_*.py).

Every reply is read as the raw bytes of one stdout line and must be a JSON-RPC message;
every checkpoint on disk must load; the temp tree is compared before and after to prove
nothing was written where it should not be.
"""
import json
import os
from pathlib import Path

import checkpoint_mcp as cm
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import LIST, LOAD, SAVE, InProcessServer, ProcessServer

OUTPUT_SCHEMAS = {tool["name"]: tool["outputSchema"] for tool in cm.TOOLS}
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
        testcase.assertIsNone(cm.schema_problem(result["structuredContent"],
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
    """True for a path a save may create or change: inside a `.claude-checkpoints`
    directory, or a legacy `.claude-checkpoint` file and its backup, temp and lock."""
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
    """Every checkpoint or backup file in a `.claude-checkpoints` directory."""
    directory = Path(directory)
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.iterdir()
                  if p.name.endswith(".json") or p.name.endswith(".json.prev"))


def mount_tmpfs(testcase, path, options):
    """Mount a small tmpfs on `path` (root on Linux only); False when that is not possible.
    The test case unmounts it on cleanup, before its temp tree is removed."""
    import subprocess
    import sys
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
    import subprocess
    return subprocess.run(["mount", "-o", "remount,ro", str(path)], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0
