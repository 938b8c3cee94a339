#!/usr/bin/env python3
"""Interop check: the real Codex CLI and Gemini CLI run the server from the config
`checkpoint.pyz init --client codex|gemini` writes, and the model reads what it should.

Each CLI runs headless (`codex exec`, `gemini -p`) against a loopback stand-in for its
model API (the OpenAI Responses API, the Gemini API) that plays the model: it scripts the
tool calls and reads what the CLI sends back in the next request, which is exactly what a
model would have seen.

    python3 tests/interop/cli_model_check.py [REPO_DIR] [--pyz PATH] [--only codex|gemini]

The CLIs are npm-installed once into a cache outside the repository and reused:
${SESSION_CHECKPOINT_CI_CACHE:-${XDG_CACHE_HOME:-~/.cache}/session-checkpoint-ci}/codex-<version>
and .../gemini-cli-<version> ($CODEX_VERSION, $GEMINI_CLI_VERSION override the pinned ones;
$CODEX_BIN, $GEMINI_BIN use an executable instead). --keep keeps the temp dir (with
requests.jsonl, every request a CLI sent).

Codex, a throwaway CODEX_HOME trusting the project with the very lines `init` printed, and
XDG_STATE_HOME set (which Codex passes on only through the entry's `env_vars`):
  A  in the project: the model saves, then loads with no arguments: the save is Codex's own
     session's file, the load's brief has the goal; the key is in $XDG_STATE_HOME.
  B  in a subfolder (Codex starts the server there, and offers no roots): a load with no
     arguments finds A's checkpoint in the project, not in the subfolder.
  C  without the trust lines: the model is offered none of the tools.
Gemini, a throwaway HOME trusting the folder with the line `init` printed:
  A  the model saves and then loads, both with Gemini's `wait_for_previous` and no session:
     the save works and says once that it ignored it, the load finds the session's own
     checkpoint; the guide in GEMINI.md and the server's instructions reached the model.
  B  in a folder that is not trusted: Gemini refuses to run (exit 55).
One `ok`/`FAIL` line per check, then `cli-model: N passed, M failed`; exit 1 on a failure.
Python 3.8+, stdlib only. Every subprocess has a timeout; the stand-in binds 127.0.0.1 only.
"""
import argparse
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
CODEX_VERSION = "0.171.0"
GEMINI_CLI_VERSION = "0.61.0"
SAVE, LOAD = "save_session_checkpoint", "load_session_checkpoint"
GOAL = "Ship the farewell() helper"
TASKS = [{"description": "Write farewell() in greet.py", "status": "done"}]
GUIDE_MARK = "session-checkpoint: when to load and save checkpoints"  # init's guide
INSTRUCTIONS_MARK = "costs one load instead of a re-exploration"    # the server's
ASK_MARK = "Ask the user which one to resume"
FRAMING_MARK = "kept as data"
IGNORED_MARK = "Ignored the argument(s) `wait_for_previous`"
RUN_TIMEOUT = 180      # seconds, one CLI run
INSTALL_TIMEOUT = 600  # seconds, one npm install

passed = []
failed = []


def check(label, ok, detail=""):
    (passed if ok else failed).append(label)
    print("%s %s" % ("ok  " if ok else "FAIL", label), flush=True)
    if detail and not ok:
        for line in str(detail).rstrip("\n").splitlines()[:40]:
            print("    | " + line[:400], flush=True)
    return bool(ok)


# --------------------------------------------------------------------------- the stand-in

class Script:
    """The scripted model of one CLI run: `steps[i]` (tool name, arguments) answers the
    request that already holds i tool calls; then the model says it is done."""

    def __init__(self, steps):
        self.steps = steps
        self.requests = []


class StandIn(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, log_path):
        http.server.ThreadingHTTPServer.__init__(self, ("127.0.0.1", 0), Handler)
        self.log_path = log_path
        self.lock = threading.Lock()
        self.script = Script([])

    def record(self, path, body):
        with self.lock:
            self.script.requests.append(body)
            with open(self.log_path, "a", encoding="utf-8") as log:
                log.write(json.dumps({"path": path, "body": body}) + "\n")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 30

    def log_message(self, *args):
        pass

    def reply(self, status, content_type, data):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.reply(404, "application/json", b'{"error": {"message": "not served"}}')

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw.decode("utf-8") or "{}")
        except ValueError:
            body = {}
        path = self.path.split("?")[0]
        if path.endswith(":countTokens"):
            return self.reply(200, "application/json", b'{"totalTokens": 10}')
        self.server.record(self.path, body)
        if path.endswith("/responses"):
            return self.codex(body)
        if ":generateContent" in path or ":streamGenerateContent" in path:
            return self.gemini(body, path)
        self.do_GET()

    def next_step(self, calls_so_far):
        steps = self.server.script.steps
        return steps[calls_so_far] if calls_so_far < len(steps) else None

    def codex(self, body):
        """A streamed Responses API answer: one function call on the server's namespace."""
        items = [item for item in body.get("input") or [] if isinstance(item, dict)]
        step = self.next_step(sum(1 for item in items if item.get("type") == "function_call"))
        response_id = "resp_" + uuid.uuid4().hex
        if step:
            item = {"type": "function_call", "id": "fc_" + uuid.uuid4().hex[:12],
                    "call_id": "call_" + uuid.uuid4().hex[:12], "name": step[0],
                    "namespace": "mcp__session_checkpoint", "arguments": json.dumps(step[1]),
                    "status": "completed"}
        else:
            item = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": "Done.", "annotations": []}]}
        events = [{"type": "response.created", "response": {"id": response_id}},
                  {"type": "response.output_item.done", "output_index": 0, "item": item},
                  {"type": "response.completed", "response": {"id": response_id, "usage": {
                      "input_tokens": 10, "input_tokens_details": {"cached_tokens": 0},
                      "output_tokens": 5, "output_tokens_details": {"reasoning_tokens": 0},
                      "total_tokens": 15}}}]
        self.reply(200, "text/event-stream", "".join(
            "event: %s\ndata: %s\n\n" % (event["type"], json.dumps(event))
            for event in events).encode("utf-8"))

    def gemini(self, body, path):
        """A Gemini API answer: a function call on the main loop (the request with tools),
        plain text (or JSON, where JSON is asked for) anywhere else."""
        contents = [c for c in body.get("contents") or [] if isinstance(c, dict)]
        calls = sum(1 for content in contents for part in content.get("parts") or []
                    if isinstance(part, dict) and "functionCall" in part)
        step = self.next_step(calls) if body.get("tools") else None
        if step:
            part = {"functionCall": {"name": "mcp_session-checkpoint_" + step[0],
                                     "args": step[1]}}
        elif (body.get("generationConfig") or {}).get("responseMimeType") == "application/json":
            part = {"text": json.dumps({"reasoning": "done", "next_speaker": "user"})}
        else:
            part = {"text": "Done."}
        answer = {"candidates": [{"content": {"role": "model", "parts": [part]},
                                  "finishReason": "STOP", "index": 0}],
                  "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5,
                                    "totalTokenCount": 15}}
        if ":streamGenerateContent" in path:
            return self.reply(200, "text/event-stream",
                              ("data: %s\r\n\r\n" % json.dumps(answer)).encode("utf-8"))
        self.reply(200, "application/json", json.dumps(answer).encode("utf-8"))


# --------------------------------------------------------------------------- set-up

def cache_root():
    return os.environ.get("SESSION_CHECKPOINT_CI_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"),
        "session-checkpoint-ci")


def installed(package, version, folder, binary, override):
    """The CLI's executable: `override` if set, else the cached npm install (made now if
    missing). None when it cannot be had."""
    if override:
        return override
    dest = os.path.join(cache_root(), "%s-%s" % (folder, version))
    path = os.path.join(dest, "node_modules", ".bin", binary)
    if os.path.exists(path):
        return path
    os.makedirs(cache_root(), exist_ok=True)
    temp = tempfile.mkdtemp(prefix=".install.", dir=cache_root())
    try:
        done = subprocess.run(["npm", "install", "--prefix", temp, "--no-audit", "--no-fund",
                               "--no-save", "--loglevel=error", "%s@%s" % (package, version)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=INSTALL_TIMEOUT)
        if done.returncode != 0:
            print(done.stdout.decode("utf-8", "replace")[-2000:], flush=True)
            return None
        shutil.rmtree(dest, ignore_errors=True)
        os.rename(temp, dest)
    except (OSError, subprocess.TimeoutExpired) as error:
        print("npm install of %s@%s: %s" % (package, version, error), flush=True)
        return None
    finally:
        shutil.rmtree(temp, ignore_errors=True)
    return path


def git_project(path):
    os.makedirs(os.path.join(path, "src"))
    with open(os.path.join(path, "src", "greet.py"), "w", encoding="utf-8") as handle:
        handle.write("def greet():\n    return 'hi'\n")
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.invalid")
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "initial"]):
        subprocess.run(["git"] + args, cwd=path, env=env, check=True, timeout=30)
    return path


def init(pyz, project, client, home):
    """Run `init --client` as a user would; its stdout."""
    done = subprocess.run([sys.executable, "-I", "-S", pyz, "init", "--client", client],
                          cwd=project, env=dict(os.environ, HOME=home),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    if done.returncode != 0:
        raise RuntimeError("init --client %s: %s" % (client, done.stderr.decode()))
    return done.stdout.decode("utf-8")


def run(command, cwd, env, stand_in, steps):
    """Run one CLI with the scripted model; (exit code, output, the requests it sent)."""
    stand_in.script = Script(steps)
    try:
        done = subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=RUN_TIMEOUT)
        code, output = done.returncode, done.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as error:
        code, output = None, (error.output or b"").decode("utf-8", "replace") + "\n(timed out)"
    return code, output, stand_in.script.requests


def child_environment(home, **extra):
    """The environment a CLI runs in: ours minus what steers the server or a CLI."""
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("CHECKPOINT_", "SESSION_CHECKPOINT_", "CLAUDE", "CODEX_",
                                   "GEMINI_", "GOOGLE_", "OPENAI_", "XDG_", "GIT_"))}
    env.update(HOME=home, NO_COLOR="1", CI="1", TERM="dumb")
    env.update(extra)
    return env


# --------------------------------------------------------------------------- what the model saw

def codex_outputs(requests):
    """The function_call_output texts of the last request, in order."""
    items = requests[-1].get("input") or [] if requests else []
    return [item.get("output") if isinstance(item.get("output"), str) else json.dumps(
        item.get("output")) for item in items if item.get("type") == "function_call_output"]


def codex_tools(request):
    return [tool.get("name") for tool in request.get("tools") or [] if isinstance(tool, dict)]


def structured(output):
    """The JSON Codex shows after 'Output:' (a result's structuredContent)."""
    try:
        return json.loads(output.split("Output:\n", 1)[1])
    except (IndexError, ValueError):
        return {}


def gemini_responses(requests):
    main = [request for request in requests if request.get("tools")]
    contents = main[-1].get("contents") or [] if main else []
    return [json.dumps(part["functionResponse"].get("response"))
            for content in contents for part in content.get("parts") or []
            if isinstance(part, dict) and "functionResponse" in part]


def check_codex(pyz, work, stand_in):
    binary = installed("@openai/codex", os.environ.get("CODEX_VERSION") or CODEX_VERSION,
                       "codex", "codex", os.environ.get("CODEX_BIN"))
    if not check("codex: installed", binary):
        return
    home = os.path.join(work, "codex-user")
    codex_home, state = os.path.join(home, ".codex"), os.path.join(home, "state")
    os.makedirs(codex_home)
    project = git_project(os.path.join(work, "codex-project"))
    said = init(pyz, project, "codex", home)
    trust = said[said.index("[projects."):].splitlines()[:2]
    provider = "\n".join([  # nothing leaves the machine: no update check, no analytics
        'model = "gpt-stand-in"', 'model_provider = "stand_in"', 'approval_policy = "never"',
        "check_for_update_on_startup = false", "[analytics]", "enabled = false",
        "[model_providers.stand_in]", 'name = "stand-in"',
        'base_url = "http://127.0.0.1:%d/v1"' % stand_in.server_address[1],
        'wire_api = "responses"', 'env_key = "STAND_IN_API_KEY"', "request_max_retries = 0",
        "stream_max_retries = 0", ""])
    config = os.path.join(codex_home, "config.toml")
    with open(config, "w", encoding="utf-8") as handle:
        handle.write(provider + "\n".join(trust) + "\n")
    env = child_environment(home, CODEX_HOME=codex_home, STAND_IN_API_KEY="dummy",
                            XDG_STATE_HOME=state)
    command = [binary, "exec", "--skip-git-repo-check", "Resume the work."]

    code, output, requests = run(command, project, env, stand_in,
                                 [(SAVE, {"goal": GOAL, "tasks": TASKS}), (LOAD, {})])
    outputs = codex_outputs(requests)
    check("codex A: exec ran the scripted save and load", code == 0 and len(outputs) == 2,
          output)
    session = [line.split(":", 1)[1].strip() for line in output.splitlines()
               if line.startswith("session id:")]
    saved = structured(outputs[0]) if outputs else {}
    check("codex A: the save is Codex's own session's checkpoint",
          session and saved.get("session") == session[0]
          and saved.get("sessionSource") == "client" and os.path.isfile(os.path.join(
              project, ".claude-checkpoints", session[0] + ".json")), outputs[:1] or output)
    brief = structured(outputs[1]).get("brief", "") if len(outputs) > 1 else ""
    check("codex A: a load without arguments gives the model the brief",
          GOAL in brief and FRAMING_MARK in brief, outputs[1:] or output)
    check("codex A: the guide in AGENTS.md and the instructions reached the model",
          requests and GUIDE_MARK in json.dumps(requests[0])
          and INSTRUCTIONS_MARK in json.dumps(requests[0].get("tools")))
    check("codex A: the server kept its key in the forwarded XDG_STATE_HOME",
          os.path.isdir(os.path.join(state, "session-checkpoint"))
          and not os.path.exists(os.path.join(home, ".local", "state", "session-checkpoint")))

    code, output, requests = run(command, os.path.join(project, "src"), env, stand_in,
                                 [(LOAD, {})])
    outputs = codex_outputs(requests)
    text = structured(outputs[0]).get("text", "") if outputs else ""
    check("codex B: started in a subfolder, a load finds the project's checkpoints",
          code == 0 and ASK_MARK in text and session and session[0] in text
          and not os.path.exists(os.path.join(project, "src", ".claude-checkpoints")),
          outputs or output)

    with open(config, "w", encoding="utf-8") as handle:
        handle.write(provider)
    code, output, requests = run(command, project, env, stand_in, [])
    check("codex C: an untrusted project offers the model none of the tools",
          code == 0 and requests and "mcp__session_checkpoint" not in codex_tools(requests[0]),
          output)


def check_gemini(pyz, work, stand_in):
    binary = installed("@google/gemini-cli",
                       os.environ.get("GEMINI_CLI_VERSION") or GEMINI_CLI_VERSION,
                       "gemini-cli", "gemini", os.environ.get("GEMINI_BIN"))
    if not check("gemini: installed", binary):
        return
    home = os.path.join(work, "gemini-user")
    os.makedirs(os.path.join(home, ".gemini"))
    project = git_project(os.path.join(work, "gemini-project"))
    said = init(pyz, project, "gemini", home)
    trusted = [line for line in said.splitlines() if line.startswith("{")]
    with open(os.path.join(home, ".gemini", "trustedFolders.json"), "w") as handle:
        handle.write(trusted[0] if trusted else "{}")
    with open(os.path.join(home, ".gemini", "settings.json"), "w") as handle:
        json.dump({"security": {"auth": {"selectedType": "gemini-api-key"}},
                   "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
                   "privacy": {"usageStatisticsEnabled": False}}, handle)
    env = child_environment(home, GEMINI_API_KEY="dummy", GOOGLE_GEMINI_BASE_URL=(
        "http://127.0.0.1:%d" % stand_in.server_address[1]))
    command = [binary, "-p", "Resume the work.", "-m", "gemini-2.5-pro"]

    code, output, requests = run(command, project, env, stand_in, [
        (SAVE, {"goal": GOAL, "tasks": TASKS, "wait_for_previous": False}),
        (LOAD, {"wait_for_previous": True})])
    responses = gemini_responses(requests)
    check("gemini A: -p ran the scripted save and load", code == 0 and len(responses) == 2,
          output)
    check("gemini A: the save worked and said once that it ignored wait_for_previous",
          responses and "Checkpoint saved" in responses[0] and IGNORED_MARK in responses[0]
          and not any(IGNORED_MARK in response for response in responses[1:]), responses)
    check("gemini A: a load without the session id finds the session's own brief",
          len(responses) > 1 and GOAL in responses[1] and FRAMING_MARK in responses[1],
          responses[1:])
    first = json.dumps(requests[0]) if requests else ""
    check("gemini A: the guide in GEMINI.md and the instructions reached the model",
          GUIDE_MARK in first and INSTRUCTIONS_MARK in first)

    elsewhere = git_project(os.path.join(work, "gemini-untrusted"))
    shutil.copytree(os.path.join(project, ".gemini"), os.path.join(elsewhere, ".gemini"))
    code, output, requests = run(command, elsewhere, env, stand_in, [])
    check("gemini B: in a folder that is not trusted, -p refuses to run (exit 55)",
          code == 55, output)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repo", nargs="?", default=os.path.dirname(os.path.dirname(HERE)))
    parser.add_argument("--pyz")
    parser.add_argument("--only", choices=["codex", "gemini"])
    parser.add_argument("--keep", action="store_true")
    options = parser.parse_args()
    pyz = os.path.abspath(options.pyz or os.path.join(options.repo, "plugin", "checkpoint.pyz"))
    work = os.path.realpath(tempfile.mkdtemp(prefix="ckpt-cli-check."))
    stand_in = StandIn(os.path.join(work, "requests.jsonl"))
    threading.Thread(target=stand_in.serve_forever, daemon=True).start()
    try:
        for name, checker in (("codex", check_codex), ("gemini", check_gemini)):
            if options.only in (None, name):
                try:
                    checker(pyz, work, stand_in)
                except Exception as error:  # one client's trouble must not hide the other's
                    check("%s: ran to the end" % name, False, "%s: %s" % (
                        type(error).__name__, error))
    finally:
        stand_in.shutdown()
        if options.keep:
            print("kept %s" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)
    print("cli-model: %d passed, %d failed" % (len(passed), len(failed)), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
