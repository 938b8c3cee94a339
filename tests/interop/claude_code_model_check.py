#!/usr/bin/env python3
"""Interop check: what the *model* reads, in the real Claude Code.

Claude Code (2.0.21 and later) hands the model only JSON.stringify(structuredContent) of
an MCP tool result, so the resume brief has to be in structuredContent, first. This check
runs the real `claude -p` headless against a loopback stand-in for the Anthropic Messages
API that plays the model: it scripts the tool calls (ToolSearch first, since MCP tools are
deferred, then our tools) and reads the tool_result blocks Claude Code sends back in the
next request, which is exactly what a model would have seen.

    python3 tests/interop/claude_code_model_check.py [REPO_DIR] [--claude PATH] [--pyz PATH]

REPO_DIR defaults to this script's repo; --pyz to REPO_DIR/plugin/checkpoint.pyz.
--claude defaults to $CLAUDE_BIN, else the Claude Code that claude_code_check.sh installs
into its cache (${SESSION_CHECKPOINT_CI_CACHE:-${XDG_CACHE_HOME:-~/.cache}/session-checkpoint-ci}
/claude-code-<version>, the version being $CLAUDE_CODE_VERSION or that script's
DEFAULT_CLAUDE_CODE_VERSION); run that script first. --keep keeps the temp dir (with
requests.jsonl, every request Claude Code sent, and each run's stream-json output).

Two variants, each with a throwaway HOME and a fresh git repo as the project:
  manual  `claude mcp add -s user checkpoint -- python3 -I -S <pyz>`
  plugin  `claude plugin marketplace add` + `claude plugin install` of a marketplace holding a
          copy of plugin/ (with --pyz in it), so our hooks run too
and in each:
  A  the model saves a checkpoint (goal, 2 tasks, next steps) and ends its turn: the result
     it gets is JSON whose first key is `text`, saying "Checkpoint saved".
  B  a new session: the plugin's SessionStart nudge reached the model (plugin only; the
     manual variant proves the text is absent without it); load with no arguments -> `text`
     first, asking the user which one to resume; load of A's checkpoint -> `brief` first,
     with the goal, the tasks, the next step and the data framing; list -> a `text` naming
     A's checkpoint.
One `ok`/`FAIL` line per check, then `claude-model: N passed, M failed`; exit 1 on a failure.
Python 3.8+, stdlib only. Every subprocess has a timeout; the stand-in binds 127.0.0.1 only.
"""
import argparse
import glob
import http.server
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = ("save_session_checkpoint", "load_session_checkpoint", "list_session_checkpoints")
SAVE, LOAD, LIST = TOOLS
GOAL = "Ship the farewell() helper"
TASKS = [{"description": "Write farewell() in greet.py", "status": "done"},
         {"description": "Cover farewell() with a unit test", "status": "in_progress"}]
NEXT_STEPS = ["Write the docs"]
SUMMARY = "farewell() works; its test is half written."
NUDGE_MARK = "saved session checkpoint"       # in the SessionStart hook's additionalContext
ASK_MARK = "Ask the user which one to resume"  # in load's candidates text
FRAMING_MARK = "kept as data"                  # in every brief
CLAUDE_TIMEOUT = 180   # seconds, one `claude` run
SETUP_TIMEOUT = 120    # seconds, one `claude mcp add` / `plugin ...`
REQUEST_TIMEOUT = 30   # seconds, the stand-in's socket reads and writes

passed = []
failed = []


def check(label, ok, detail=""):
    (passed if ok else failed).append(label)
    print("%s %s" % ("ok  " if ok else "FAIL", label), flush=True)
    if detail and not ok:
        for line in str(detail).rstrip("\n").splitlines()[:60]:
            print("    | " + line[:400], flush=True)
    return bool(ok)


def short(text, limit=200):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit] + "..."


# --------------------------------------------------------------------------- the stand-in model

class Script:
    """The scripted model of one `claude -p` run: `steps[i]` answers the main-conversation
    request that already holds i assistant messages (so a retried request gets the same
    answer). A step is ("tool", name, input) or ("text", text)."""

    def __init__(self, tag, steps):
        self.tag = tag
        self.steps = steps
        self.requests = []  # request bodies of the main conversation, in arrival order
        self.nonce = uuid.uuid4().hex[:20]

    def tool_use_id(self, index):
        # Shaped like a real id: Claude Code refuses ids it keeps for its own calls
        # (2.1.332: "toolu_plugin_", "toolu_mcp_call_", "confirm_" prefixes).
        return "toolu_01%s%02d" % (self.nonce, index)


class StandIn(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, log_path):
        super().__init__(("127.0.0.1", 0), Handler)
        self.log_path = log_path
        self.lock = threading.Lock()
        self.script = None
        self.counter = 0
        self.side_requests = []  # (path, short description) of everything but the main turns

    def log(self, record):
        with self.lock:
            self.counter += 1
            record["n"] = self.counter
            with open(self.log_path, "a", encoding="utf-8") as log:
                log.write(json.dumps(record) + "\n")


def sse(events):
    return "".join("event: %s\ndata: %s\n\n" % (event["type"], json.dumps(event))
                   for event in events).encode("utf-8")


def message_events(model, blocks, stop_reason):
    """A streamed Messages API answer; a block is ("text", str) or ("tool_use", id, name, input)."""
    events = [{"type": "message_start", "message": {
        "id": "msg_%s" % uuid.uuid4().hex[:24], "type": "message", "role": "assistant",
        "model": model, "content": [], "stop_reason": None, "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": 1}}}]
    for index, block in enumerate(blocks):
        if block[0] == "text":
            events += [{"type": "content_block_start", "index": index,
                        "content_block": {"type": "text", "text": ""}},
                       {"type": "content_block_delta", "index": index,
                        "delta": {"type": "text_delta", "text": block[1]}}]
        else:
            _, tool_id, name, arguments = block
            events += [{"type": "content_block_start", "index": index,
                        "content_block": {"type": "tool_use", "id": tool_id, "name": name,
                                          "input": {}}},
                       {"type": "content_block_delta", "index": index,
                        "delta": {"type": "input_json_delta",
                                  "partial_json": json.dumps(arguments)}}]
        events.append({"type": "content_block_stop", "index": index})
    events += [{"type": "message_delta", "delta": {"stop_reason": stop_reason,
                                                   "stop_sequence": None},
                "usage": {"output_tokens": 5}},
               {"type": "message_stop"}]
    return events


def plain_message(model, text):
    return {"id": "msg_%s" % uuid.uuid4().hex[:24], "type": "message", "role": "assistant",
            "model": model, "content": [{"type": "text", "text": text}],
            "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5}}


def is_main_conversation(body):
    """The agent loop's requests carry the tool list, ToolSearch included; the side requests
    (titles, summaries) do not."""
    return any(isinstance(tool, dict) and tool.get("name") == "ToolSearch"
               for tool in body.get("tools") or [])


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = REQUEST_TIMEOUT

    def log_message(self, *args):
        pass

    def read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def reply(self, status, content_type, data):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("request-id", "req_standin")
        self.end_headers()
        self.wfile.write(data)

    def reply_json(self, status, value):
        self.reply(status, "application/json", json.dumps(value).encode("utf-8"))

    def not_found(self):
        self.server.log({"method": self.command, "path": self.path})
        self.server.side_requests.append((self.command + " " + self.path, "404"))
        self.reply_json(404, {"type": "error", "error": {
            "type": "not_found_error", "message": "not served by the stand-in"}})

    do_GET = do_HEAD = do_PUT = do_DELETE = not_found

    def do_POST(self):
        raw = self.read_body()
        try:
            body = json.loads(raw.decode("utf-8"))
        except ValueError:
            body = None
        server = self.server
        script = server.script
        path = self.path.split("?")[0]
        server.log({"method": "POST", "path": self.path, "run": script.tag if script else None,
                    "body": body if body is not None else raw.decode("utf-8", "replace")})
        if not isinstance(body, dict):
            return self.reply_json(400, {"type": "error", "error": {
                "type": "invalid_request_error", "message": "body is not a JSON object"}})
        model = body.get("model") or "claude-stand-in"
        if path == "/v1/messages/count_tokens":
            server.side_requests.append((path, "count_tokens"))
            return self.reply_json(200, {"input_tokens": 100})
        if path != "/v1/messages":
            return self.not_found()
        if script is None or not is_main_conversation(body):
            server.side_requests.append((path, "side request, %d tool(s)"
                                         % len(body.get("tools") or [])))
            if body.get("stream"):
                return self.reply(200, "text/event-stream",
                                  sse(message_events(model, [("text", "Checkpoint check")],
                                                     "end_turn")))
            return self.reply_json(200, plain_message(model, "Checkpoint check"))
        with server.lock:
            script.requests.append(body)
        turn = sum(1 for message in body.get("messages") or []
                   if isinstance(message, dict) and message.get("role") == "assistant")
        step = script.steps[turn] if turn < len(script.steps) else ("text", "Done.")
        if step[0] == "tool":
            blocks, stop = [("tool_use", script.tool_use_id(turn), step[1], step[2])], "tool_use"
        else:
            blocks, stop = [("text", step[1])], "end_turn"
        if body.get("stream"):
            return self.reply(200, "text/event-stream", sse(message_events(model, blocks, stop)))
        # (not seen: the main loop streams) the same answer as one JSON message
        message = plain_message(model, "")
        message["content"] = [{"type": "text", "text": b[1]} if b[0] == "text" else
                              {"type": "tool_use", "id": b[1], "name": b[2], "input": b[3]}
                              for b in blocks]
        message["stop_reason"] = stop
        return self.reply_json(200, message)


# --------------------------------------------------------------------------- reading the requests

def block_text(content):
    """The text of a tool_result's content (a string or a list of blocks)."""
    if isinstance(content, str):
        return content
    parts = []
    for block in content or []:
        if isinstance(block, dict) and block.get("type") == "text":
            parts.append(block.get("text", ""))
        elif isinstance(block, dict) and block.get("type") == "tool_reference":
            parts.append("<tool_reference %s>" % block.get("tool_name"))  # ToolSearch's answer
        elif isinstance(block, dict):
            parts.append("<%s block>" % block.get("type"))
    return "".join(parts)


def all_text(value):
    """Every string inside a request body, joined (for 'did this text reach the model')."""
    out = []

    def walk(item):
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            for sub in item.values():
                walk(sub)
        elif isinstance(item, list):
            for sub in item:
                walk(sub)
    walk(value)
    return "\n".join(out)


class Seen:
    """What the model was sent back for one scripted tool call."""

    def __init__(self, found=False, text="", is_error=False, where=""):
        self.found, self.text, self.is_error, self.where = found, text, is_error, where
        self.value, self.error = None, None
        try:
            self.value = json.loads(text, object_pairs_hook=lambda pairs: pairs)
        except ValueError as exc:
            self.error = "not JSON (%s)" % exc

    @property
    def keys(self):
        return [key for key, _ in self.value] if isinstance(self.value, list) else []

    def get(self, key):
        for name, value in self.value if isinstance(self.value, list) else []:
            if name == key:
                return value
        return None

    def describe(self):
        if not self.found:
            return "no tool_result for this call in any later request"
        return "%s%s: %s" % (self.where, " (is_error)" if self.is_error else "",
                             short(self.text, 1500))


def tool_result_for(script, index):
    """The tool_result of step `index`, from the next request's last user message (what the
    model saw); any later request as a fallback (then `where` says so)."""
    wanted = script.tool_use_id(index)
    fallback = None
    for body in script.requests:
        messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
        turns = sum(1 for m in messages if m.get("role") == "assistant")
        users = [m for m in messages if m.get("role") == "user"]
        for position, message in enumerate(users):
            content = message.get("content")
            for block in content if isinstance(content, list) else []:
                if (isinstance(block, dict) and block.get("type") == "tool_result"
                        and block.get("tool_use_id") == wanted):
                    seen = Seen(True, block_text(block.get("content")),
                                bool(block.get("is_error")))
                    if turns == index + 1 and position == len(users) - 1:
                        seen.where = "the next request's last user message"
                        return seen
                    if fallback is None:
                        seen.where = "a later request (not the next request's last user message)"
                        fallback = seen
    return fallback or Seen()


def parse_stream(stdout):
    """The stream-json lines of a run: (init event or None, result event or None)."""
    init = result = None
    for line in stdout.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if not isinstance(event, dict):
            continue
        if event.get("type") == "system" and event.get("subtype") == "init":
            init = event
        elif event.get("type") == "result":
            result = event
    return init, result


# --------------------------------------------------------------------------- running claude

def run(cmd, cwd, env, timeout):
    """(exit code or None on timeout, stdout+stderr); the whole process group dies on timeout."""
    process = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        out, _ = process.communicate(timeout=timeout)
        return process.returncode, out.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, _ = process.communicate()
        return None, out.decode("utf-8", "replace") + "\n[killed after %d s]" % timeout
    except BaseException:  # interrupted (SIGTERM from CI's timeout, ^C): take the child along
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        raise


class Claude:
    def __init__(self, binary, home, port):
        self.binary = binary
        self.home = home
        env = {name: value for name, value in os.environ.items()
               if not name.startswith(("CHECKPOINT_", "SESSION_CHECKPOINT_", "ANTHROPIC_",
                                       "CLAUDE_", "MCP_"))
               and name not in ("CLAUDECODE", "DISABLE_AUTOUPDATER")}
        env.update(
            HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
            XDG_CACHE_HOME=os.path.join(home, ".cache"),
            XDG_DATA_HOME=os.path.join(home, ".local", "share"),
            ANTHROPIC_BASE_URL="http://127.0.0.1:%d" % port,
            ANTHROPIC_API_KEY="sk-ant-stand-in-not-a-key",
            CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1",
            DISABLE_ERROR_REPORTING="1", DISABLE_AUTOUPDATER="1", CLAUDE_CODE_MAX_RETRIES="1",
            CLAUDE_CODE_MCP_STARTUP_WAIT_MS="30000", CI="1")
        self.env = env

    def __call__(self, cwd, args, timeout=SETUP_TIMEOUT):
        return run([self.binary] + list(args), cwd, self.env, timeout)


def new_project(work, name):
    project = os.path.join(work, name)
    os.makedirs(project)
    git = ["git", "-C", project, "-c", "user.name=CI", "-c", "user.email=ci@example.invalid",
           "-c", "commit.gpgsign=false"]
    with open(os.path.join(project, "greet.py"), "w", encoding="utf-8") as source:
        source.write("def hello():\n    return 'hello'\n")
    for args in (["init", "-q"], ["add", "greet.py"], ["commit", "-q", "-m", "hello()"]):
        code, out = run(git + args, project, None, 30)
        if code != 0:
            raise RuntimeError("git %s failed: %s" % (" ".join(args), out))
    with open(os.path.join(project, "greet.py"), "a", encoding="utf-8") as source:
        source.write("\n\ndef farewell():\n    return 'goodbye'\n")
    return project


def session(standin, claude, project, label, session_id, steps, allowed, keep_dir):
    """One `claude -p` conversation played by `steps` (one check line); its Script."""
    script = Script(label.replace(" ", "_"), steps)
    standin.script = script
    started = time.time()
    code, out = claude(project, ["-p", "Please work on the project.", "--session-id", session_id,
                                 "--output-format", "stream-json", "--verbose",
                                 "--allowedTools", ",".join(allowed)], CLAUDE_TIMEOUT)
    standin.script = None
    with open(os.path.join(keep_dir, "%s.stream.jsonl" % script.tag), "w",
              encoding="utf-8") as saved:
        saved.write(out)
    _, result = parse_stream(out)
    problem = None
    if code != 0:
        problem = "exit %s" % code
    elif result is None:
        problem = "no result event"
    elif result.get("is_error"):
        problem = "result is an error: %s" % short(result.get("result") or result.get("subtype"))
    wanted = sum(1 for step in steps if step[0] == "tool") + 1
    check("%s: claude -p ran the scripted conversation (%d model request(s), %d expected; %.1fs)"
          % (label, len(script.requests), wanted, time.time() - started),
          problem is None and len(script.requests) >= wanted,
          "%s\n--- claude's output, last lines:\n%s" % (problem or "too few model requests",
                                                        "\n".join(out.splitlines()[-15:])))
    return script


def expect_result(label, script, index, first_key, needles):
    """Check the tool_result of step `index`: JSON, `first_key` first, each needle in its
    value."""
    seen = tool_result_for(script, index)
    problems = []
    if not seen.found:
        problems.append("no tool_result")
    elif seen.is_error:
        problems.append("is_error")
    if seen.found and seen.error:
        problems.append(seen.error)
    elif seen.found and (not seen.keys or seen.keys[0] != first_key):
        problems.append("first key is %r, not %r (keys: %s)"
                        % (seen.keys[0] if seen.keys else None, first_key, seen.keys))
    value = seen.get(first_key) if seen.found else None
    if first_key in seen.keys and not isinstance(value, str):
        problems.append("%r is not a string" % first_key)
    missing = [needle for needle in needles if not isinstance(value, str) or needle not in value]
    if missing and isinstance(value, str):
        problems.append("%r lacks %s" % (first_key, ", ".join(repr(n) for n in missing)))
    check("%s%s" % (label, "" if problems else " (%s, %d chars)" % (
        seen.where.replace("the next request's ", "next request, "), len(seen.text))),
        not problems, "; ".join(problems) + "\n--- the model saw " + seen.describe())
    return seen


def toolsearch_found(label, script, index, names):
    """ToolSearch answered with a tool_reference to each tool, and the next request's `tools`
    holds each one with its schema."""
    seen = tool_result_for(script, index)
    unreferenced = [name for name in names if "<tool_reference %s>" % name not in seen.text]
    following = script.requests[index + 1] if len(script.requests) > index + 1 else {}
    defined = set(tool.get("name") for tool in following.get("tools") or []
                  if isinstance(tool, dict) and tool.get("input_schema"))
    undefined = [name for name in names if name not in defined]
    check("%s: ToolSearch loaded %s (tool_reference, then in `tools` with a schema)"
          % (label, ", ".join(n.split("__")[-1] for n in names)),
          seen.found and not seen.is_error and not unreferenced and not undefined,
          "no tool_reference to %s; not in the next request's tools: %s\n--- the model saw %s"
          % (unreferenced, undefined, seen.describe()))


# --------------------------------------------------------------------------- the variants

def variant(name, standin, binary, work, pyz, repo):
    home = tempfile.mkdtemp(prefix="home-%s." % name, dir=work)
    claude = Claude(binary, home, standin.server_address[1])
    project = new_project(work, "project-" + name)
    if name == "manual":
        code, out = claude(project, ["mcp", "add", "-s", "user", "checkpoint", "--",
                                     "python3", "-I", "-S", pyz])
        if not check("%s: claude mcp add -s user checkpoint -- python3 -I -S %s"
                     % (name, pyz), code == 0, out):
            return
        prefix = "mcp__checkpoint__"
    else:
        with open(os.path.join(repo, ".claude-plugin", "marketplace.json"), encoding="utf-8") as f:
            marketplace = json.load(f)
        entry = marketplace["plugins"][0]
        source = entry["source"]
        with open(os.path.join(repo, source, ".mcp.json"), encoding="utf-8") as f:
            server_name = next(iter(json.load(f)["mcpServers"]))
        copy = os.path.join(work, "marketplace")
        os.makedirs(os.path.join(copy, ".claude-plugin"))
        shutil.copy(os.path.join(repo, ".claude-plugin", "marketplace.json"),
                    os.path.join(copy, ".claude-plugin"))
        shutil.copytree(os.path.join(repo, source), os.path.join(copy, source))
        shutil.copy(pyz, os.path.join(copy, source, "checkpoint.pyz"))
        spec = "%s@%s" % (entry["name"], marketplace["name"])
        for args in (["plugin", "marketplace", "add", copy], ["plugin", "install", spec]):
            code, out = claude(project, args)
            if not check("%s: claude %s" % (name, " ".join(args[:3]) if args[1] != "install"
                                           else "plugin install " + spec), code == 0, out):
                return
        prefix = "mcp__plugin_%s_%s__" % (entry["name"], server_name)
    save, load, listing = (prefix + tool for tool in TOOLS)

    # A: save, then end the turn.
    session_a = str(uuid.uuid4())
    save_input = {"goal": GOAL, "tasks": TASKS, "summary": SUMMARY, "nextSteps": NEXT_STEPS}
    script = session(standin, claude, project, name + " A", session_a, [
        ("tool", "ToolSearch", {"query": "select:" + save}),
        ("tool", save, save_input),
        ("text", "Saved the checkpoint."),
    ], [save], work)
    if not script.requests:
        return
    first_text = all_text(script.requests[0])
    check("%s A: the model was told about %s (deferred tools)" % (name, save), save in first_text,
          "MCP tool names in the first request: %s"
          % sorted(set(re.findall(r"mcp__[A-Za-z0-9_-]+", first_text))))
    toolsearch_found(name + " A", script, 0, [save])
    saved = expect_result("%s A: save's tool_result is JSON, `text` first, \"Checkpoint saved\""
                          % name, script, 1, "text", ["Checkpoint saved"])
    selector = saved.get("session")
    check("%s A: the checkpoint is session A's own (session %s, from %s)"
          % (name, selector, saved.get("sessionSource")),
          selector == session_a and saved.get("sessionSource") == "env",
          "expected session %s from CLAUDE_CODE_SESSION_ID" % session_a)
    selector = selector or session_a

    # B: a new session: load with no arguments, load A's, list, end.
    session_b = str(uuid.uuid4())
    script = session(standin, claude, project, name + " B", session_b, [
        ("tool", "ToolSearch", {"query": "select:%s,%s" % (load, listing)}),
        ("tool", load, {}),
        ("tool", load, {"checkpoint": selector}),
        ("tool", listing, {}),
        ("text", "Loaded the checkpoint."),
    ], [load, listing], work)
    if not script.requests:
        return
    first_text = all_text(script.requests[0])
    if name == "plugin":
        nudge = re.search(r"This project \([^)]*\) has 1 %s[^\n\"]*" % NUDGE_MARK, first_text)
        check("%s B: the SessionStart nudge reached the model: %s"
              % (name, short(nudge.group(0), 90) if nudge else ""), nudge is not None,
              "no %r in the first request of session B" % NUDGE_MARK)
    else:
        check("%s B: no SessionStart nudge without the plugin (the plugin check is not vacuous)"
              % name, NUDGE_MARK not in first_text, "the nudge text is there without hooks")
    toolsearch_found(name + " B", script, 0, [load, listing])
    expect_result("%s B: load {}: JSON, `text` first, asks which one to resume" % name,
                  script, 1, "text", [ASK_MARK, selector])
    expect_result("%s B: load {checkpoint: A}: JSON, `brief` first, with goal, tasks, next step, "
                  "framing" % name, script, 2, "brief",
                  [GOAL] + [task["description"] for task in TASKS] + NEXT_STEPS + [FRAMING_MARK])
    expect_result("%s B: list {}: JSON, `text` first, naming A's checkpoint" % name,
                  script, 3, "text", [selector, GOAL])


# --------------------------------------------------------------------------- main

def default_claude():
    if os.environ.get("CLAUDE_BIN"):
        return os.environ["CLAUDE_BIN"]
    version = os.environ.get("CLAUDE_CODE_VERSION")
    if not version:
        with open(os.path.join(HERE, "claude_code_check.sh"), encoding="utf-8") as script:
            match = re.search(r"^DEFAULT_CLAUDE_CODE_VERSION=(\S+)", script.read(), re.M)
        version = match.group(1) if match else "?"
    cache = os.environ.get("SESSION_CHECKPOINT_CI_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
        "session-checkpoint-ci")
    if version == "latest":  # the newest one claude_code_check.sh resolved and cached
        found = sorted(glob.glob(os.path.join(cache, "claude-code-*")),
                       key=lambda path: [int(part) if part.isdigit() else 0 for part in
                                         re.split(r"[.-]", path.rsplit("claude-code-", 1)[1])])
        return os.path.join(found[-1] if found else os.path.join(cache, "claude-code-latest"),
                            "node_modules", ".bin", "claude")
    return os.path.join(cache, "claude-code-" + version, "node_modules", ".bin", "claude")


class Terminated(BaseException):  # not caught by the per-variant `except Exception`
    pass


def on_sigterm(signum, frame):
    raise Terminated("terminated by signal %d" % signum)


def main():
    signal.signal(signal.SIGTERM, on_sigterm)  # so that the temp dir and any child go too
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repo", nargs="?", default=os.path.dirname(os.path.dirname(HERE)))
    parser.add_argument("--claude", help="the claude executable (default: see above)")
    parser.add_argument("--pyz", help="the server (default: REPO/plugin/checkpoint.pyz)")
    parser.add_argument("--variant", choices=("manual", "plugin"), action="append",
                        help="run only this variant (repeatable; default: both)")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir and say where")
    args = parser.parse_args()
    repo = os.path.abspath(args.repo)
    pyz = os.path.abspath(args.pyz or os.path.join(repo, "plugin", "checkpoint.pyz"))
    binary = args.claude or default_claude()

    def finish():
        print("claude-model: %d passed, %d failed" % (len(passed), len(failed)), flush=True)
        return 1 if failed or not passed else 0

    if not os.path.isfile(pyz):
        check("setup: a server at %s" % pyz, False)
        return finish()
    code, out = run([binary, "--version"], None, None, 60) if os.path.exists(binary) else (
        None, "not found (run tests/interop/claude_code_check.sh first, or pass --claude)")
    version = out.strip().splitlines()[0] if code == 0 and out.strip() else "?"
    if not check("setup: Claude Code %s (%s)" % (version, binary), code == 0, out):
        return finish()

    work = os.path.realpath(tempfile.mkdtemp(prefix="ckpt-cc-model."))
    standin = StandIn(os.path.join(work, "requests.jsonl"))
    thread = threading.Thread(target=standin.serve_forever, kwargs={"poll_interval": 0.2},
                              daemon=True)
    thread.start()
    try:
        for name in args.variant or ("manual", "plugin"):
            try:
                variant(name, standin, binary, work, pyz, repo)
            except Exception:  # a broken set-up (git, a missing file): one FAIL, then go on
                check("%s: the check itself ran" % name, False, traceback.format_exc())
        sides = sorted(set("%s (%s)" % side for side in standin.side_requests))
        print("note: besides the scripted turns Claude Code sent: %s"
              % ("; ".join(sides) if sides else "nothing"), flush=True)
    except (Terminated, KeyboardInterrupt) as exc:
        check("the check ran to its end", False, str(exc) or type(exc).__name__)
    finally:
        standin.shutdown()
        standin.server_close()
        if args.keep:
            print("note: kept %s (requests.jsonl: every request Claude Code sent)" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    return finish()


if __name__ == "__main__":
    sys.exit(main())
