#!/usr/bin/env python3
"""False positives on real sessions: redact every line of text in Claude Code transcripts.

    python3 bench/redaction_on_transcripts.py FOLDER          # every *.jsonl in FOLDER
    python3 bench/redaction_on_transcripts.py FOLDER --show   # each changed line too

A transcript that holds no secret (a published session, or your own after a look) is a
corpus of the text a checkpoint stores, written by nobody tuning the redaction: each line
redaction changes is a false positive. The lines are the distinct lines (up to 2,000
characters each, as a recorded command is cut) of the users' prompts, the assistant's
replies, every string argument of a tool call, and the tool results, counted by kind.
`--show` prints each changed line before and after (terminal controls stripped): on your
own transcripts, look before you share the output, as a changed line may hold a secret.
"""
import argparse
import json
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
import checkpoint_mcp  # noqa: E402


def texts(path):
    """(kind, text) for each text of a transcript: prompt, reply, tool (an argument of a
    tool call) or result."""
    with open(path, encoding="utf-8", errors="replace") as lines:
        for line in lines:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            message = record.get("message") if isinstance(record, dict) else None
            if not isinstance(message, dict):
                continue
            said = "prompt" if record.get("type") == "user" else "reply"
            content = message.get("content")
            if isinstance(content, str):
                yield said, content
                continue
            for block in content if isinstance(content, list) else ():
                if not isinstance(block, dict):
                    continue
                if block.get("type") == "text" and isinstance(block.get("text"), str):
                    yield said, block["text"]
                elif block.get("type") == "tool_use" and isinstance(block.get("input"), dict):
                    for value in block["input"].values():
                        if isinstance(value, str):
                            yield "tool", value
                elif block.get("type") == "tool_result":
                    result = block.get("content")
                    if isinstance(result, list):
                        result = "\n".join(part.get("text", "") for part in result
                                           if isinstance(part, dict) and isinstance(part.get("text"), str))
                    if isinstance(result, str):
                        yield "result", result


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--show", action="store_true", help="print each changed line")
    options = parser.parse_args(argv)
    counts, seen, changed = {}, set(), []
    for name in sorted(os.listdir(options.folder)):
        if not name.endswith(".jsonl"):
            continue
        for kind, text in texts(os.path.join(options.folder, name)):
            for line in text.split("\n"):
                line = line[:2000]
                if not line.strip() or line in seen:
                    continue
                seen.add(line)
                redacted, count = checkpoint_mcp.redact_text(line)
                lines, hits = counts.get(kind, (0, 0))
                counts[kind] = (lines + 1, hits + bool(count))
                if count:
                    changed.append((kind, line, redacted))
    for kind in ("prompt", "reply", "tool", "result"):
        lines, hits = counts.get(kind, (0, 0))
        print("%-7s %7d lines %5d changed" % (kind, lines, hits))
    total = sum(lines for lines, _ in counts.values())
    print("all     %7d lines %5d changed  %.4f" % (total, len(changed), len(changed) / max(1, total)))
    if options.show:
        for kind, line, redacted in changed:
            print("--- %s\n  was %s\n  now %s" % (kind, checkpoint_mcp.printable(line)[:400],
                                                 checkpoint_mcp.printable(redacted)[:400]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
