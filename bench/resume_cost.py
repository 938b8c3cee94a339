#!/usr/bin/env python3
"""What a resume costs: `claude --resume` against a checkpoint's brief, on real transcripts.

    python3 bench/resume_cost.py FOLDER          # every *.jsonl in FOLDER
    python3 bench/resume_cost.py FOLDER --json   # one JSON line instead of the table
    python3 bench/resume_cost.py FOLDER --show   # each brief too, as the model reads it

For each Claude Code transcript in FOLDER it reports:
- replay: the bytes `claude --resume` sends the model again, the main thread's messages
  since the last compaction (its summary included), as compact JSON; a file that holds
  only a subagent's lines (every line a sidechain) counts them all;
- brief and structuredContent: the session's SessionEnd snapshot, built by the plugin's own
  `--hook session-end` on a copy of the transcript, then loaded through the server as the
  agent's load does: the resume brief's bytes, and the bytes of the load's serialized
  structuredContent (compact JSON, UTF-8), which is all that Claude Code forwards to the
  model;
- ratio: replay / structuredContent.
Then the least, the median and the greatest of each column: the brief's columns over the
transcripts that leave a checkpoint (a subagent's own file leaves none).

The copy's working directory is a scratch git repository, so the paths the session edited
lie inside the project as they did for its author: each is created there as a new,
uncommitted file. Everything runs under a throwaway HOME with `python3 -I -S <pyz>`, the
plugin's command line. Standard library only.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PYZ = HERE.parent / "plugin" / "checkpoint.pyz"
FILE_TOOLS = {"Edit": "file_path", "Write": "file_path", "MultiEdit": "file_path",
              "NotebookEdit": "notebook_path"}
TIMEOUT = 60


def entries(path):
    """Each JSON object of the transcript (two glued on one line are both read)."""
    decoder = json.JSONDecoder()
    with open(str(path), "rb") as stream:
        for raw in stream:
            text = raw.decode("utf-8", "replace").strip()
            position = 0
            while position < len(text):
                try:
                    value, end = decoder.raw_decode(text, position)
                except ValueError:
                    break
                if isinstance(value, dict):
                    yield value
                position = end
                while position < len(text) and text[position].isspace():
                    position += 1


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def replay_bytes(lines):
    """The main thread's messages since the last compaction, as `--resume` sends them."""
    conversation = [entry for entry in lines if entry.get("type") in ("user", "assistant")
                    and isinstance(entry.get("message"), dict)]
    main = [entry for entry in conversation if entry.get("isSidechain") is not True]
    if not main:
        main = conversation  # a subagent's own file: its thread is all of it
    since = 0
    for index, entry in enumerate(main):
        if entry.get("isCompactSummary"):
            since = index
    return sum(len(compact(entry["message"])) for entry in main[since:])


def session_facts(lines, fallback):
    """(session id, the cwd the session started in) as the transcript says them."""
    session = cwd = None
    for entry in lines:
        if session is None and isinstance(entry.get("sessionId"), str):
            session = entry["sessionId"]
        if cwd is None and isinstance(entry.get("cwd"), str):
            cwd = entry["cwd"]
        if session and cwd:
            break
    return session or fallback, cwd


def clean_env(home, **extra):
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("CLAUDE", "CHECKPOINT_", "SESSION_CHECKPOINT_", "GIT_",
                                  "PYTHON", "XDG_"))}
    env.update(HOME=str(home), USERPROFILE=str(home), XDG_CACHE_HOME=str(home / ".cache"),
               GIT_CONFIG_NOSYSTEM="1", GIT_AUTHOR_NAME="bench",
               GIT_AUTHOR_EMAIL="bench@example.invalid", GIT_COMMITTER_NAME="bench",
               GIT_COMMITTER_EMAIL="bench@example.invalid")
    env.update(extra)
    return env


def run(command, env, cwd=None, stdin=b""):
    return subprocess.run(command, cwd=cwd, env=env, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=TIMEOUT, check=True)


def prepare_project(scratch, lines, cwd, env):
    """A git repository standing for the session's cwd, with the files it edited in it."""
    project = scratch / "project"
    project.mkdir()
    run(["git", "init", "-q", "-b", "main"], env, cwd=str(project))
    (project / "README.md").write_text("scratch\n", encoding="utf-8")
    run(["git", "add", "-A"], env, cwd=str(project))
    run(["git", "commit", "-q", "-m", "initial"], env, cwd=str(project))
    if not cwd:
        return project
    prefix = cwd.rstrip("/") + "/"
    for entry in lines:
        content = (entry.get("message") or {}).get("content") if isinstance(
            entry.get("message"), dict) else None
        for block in content if isinstance(content, list) else ():
            if not (isinstance(block, dict) and block.get("type") == "tool_use"
                    and block.get("name") in FILE_TOOLS):
                continue
            target = (block.get("input") or {}).get(FILE_TOOLS[block["name"]])
            if isinstance(target, str) and target.startswith(prefix):
                relative = target[len(prefix):]
                if ".." in relative.split("/"):
                    continue
                path = project / relative
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text("edited\n", encoding="utf-8")
    return project


def load(project, session, env):
    """The load's structuredContent, from the server as the agent calls it."""
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "bench", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "load_session_checkpoint", "arguments": {}}},
    ]
    stdin = b"".join(compact(request) + b"\n" for request in requests)
    output = run([sys.executable, "-I", "-S", str(PYZ)],
                 dict(env, CLAUDE_CODE_SESSION_ID=session), cwd=str(project), stdin=stdin)
    for line in output.stdout.splitlines():
        reply = json.loads(line)
        if reply.get("id") == 2:
            return reply["result"].get("structuredContent") or {}
    raise RuntimeError("the server did not answer the load")


def measure(path):
    lines = list(entries(path))
    session, cwd = session_facts(lines, path.stem)
    scratch = Path(os.path.realpath(tempfile.mkdtemp(prefix="resume-cost-")))
    try:
        home = scratch / "home"
        home.mkdir()
        env = clean_env(home)
        project = prepare_project(scratch, lines, cwd, env)
        folder = home / ".claude" / "projects" / "-project"
        folder.mkdir(parents=True)
        transcript = folder / (session + ".jsonl")
        data = path.read_bytes()
        if cwd:  # the session's paths, now in the scratch project
            data = data.replace(compact(cwd)[1:-1], compact(str(project))[1:-1])
        transcript.write_bytes(data)
        hook_input = {"session_id": session, "transcript_path": str(transcript),
                      "cwd": str(project), "hook_event_name": "SessionEnd", "reason": "other"}
        hook = run([sys.executable, "-I", "-S", str(PYZ), "--hook", "session-end"], env,
                   cwd=str(project), stdin=compact(hook_input))
        structured = load(project, session, env)
        brief = structured.get("brief") or structured.get("text") or ""
        return {"transcript": path.name, "replay": replay_bytes(lines),
                "brief": len(brief.encode("utf-8")), "structuredContent": len(compact(structured)),
                "found": bool(structured.get("found")), "text": brief,
                "hookErrors": hook.stderr.decode("utf-8", "replace").strip()}
    finally:
        shutil.rmtree(str(scratch), ignore_errors=True)


def kilobytes(count):
    return "%.1f KB" % (count / 1000.0) if count < 1000000 else "%.2f MB" % (count / 1e6)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", help="a folder of Claude Code transcripts (*.jsonl)")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--show", action="store_true", help="print each brief too")
    options = parser.parse_args(argv)
    if not PYZ.is_file():
        parser.error("%s is missing: run python3 build_zipapp.py first" % PYZ)
    paths = sorted(Path(options.folder).glob("*.jsonl"))
    if not paths:
        parser.error("no *.jsonl transcript in %s" % options.folder)
    rows = [measure(path) for path in paths]
    for row in rows:
        row["ratio"] = round(row["replay"] / max(1, row["structuredContent"]), 1)
    # A subagent's own file replays as any thread would, but leaves no checkpoint: the
    # brief's columns are of the sessions that have one.
    saved = [row for row in rows if row["found"]] or rows
    summary = {name: {"median": statistics.median(row[name] for row in among),
                      "min": min(row[name] for row in among),
                      "max": max(row[name] for row in among)}
               for name, among in (("replay", rows), ("brief", saved),
                                   ("structuredContent", saved), ("ratio", saved))}
    briefs = [(row["transcript"], row.pop("text")) for row in rows]
    if options.show:
        for name, text in briefs:
            print("=== %s\n%s" % (name, text))
    if options.json:
        print(json.dumps({"transcripts": rows, "summary": summary}, separators=(",", ":")))
        return 0
    width = max(len(row["transcript"]) for row in rows)
    print("%-*s  %10s  %7s  %17s  %7s" % (width, "transcript", "replay", "brief",
                                         "structuredContent", "ratio"))
    for row in rows:
        print("%-*s  %10s  %7d  %17d  %6.0fx%s" % (
            width, row["transcript"], kilobytes(row["replay"]), row["brief"],
            row["structuredContent"], row["ratio"],
            "" if row["found"] else "  (a subagent's file: no checkpoint)"))
        if row["hookErrors"]:
            print("  hook: %s" % row["hookErrors"])
    for name in ("min", "median", "max"):
        print("%-*s  %10s  %7d  %17d  %6.0fx" % (
            width, name, kilobytes(summary["replay"][name]), summary["brief"][name],
            summary["structuredContent"][name], summary["ratio"][name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
