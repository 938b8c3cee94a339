"""Redaction through the server (a tool call, as a client makes it): no corpus secret
reaches the checkpoint file, and every benign string is stored exactly as written."""
import json

from tests import redaction_corpus as corpus
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import SAVE, TempDirTestCase

SESSION = "s1"
TEXTS_PER_SAVE = 100


def slots():
    """Every free-text place of one save, as (field, max length); goal stays a fixed "g"."""
    places = [("summary", 4000)]
    places += [("nextSteps", 1000)] * 20 + [("decisions", 1000)] * 20
    places += [("command", 2000), ("commandNote", 1000)] * 25  # one command entry each: ≤ 50
    places += [("task", 500)] * 30 + [("fileNote", 1000)] * 30
    return places


def save_arguments(texts, project):
    """Save arguments carrying `texts`, and where each one went: [(field, key)]."""
    arguments = {"goal": "g", "projectRoot": str(project), "nextSteps": [], "decisions": [],
                 "recentCommands": [], "tasks": [], "modifiedFiles": []}
    free = slots()
    placed = []
    for text in texts:
        index = next(i for i, (_, limit) in enumerate(free) if len(text) <= limit)
        field, _ = free.pop(index)
        if field == "summary":
            arguments["summary"] = text
            placed.append(("summary", None))
        elif field in ("nextSteps", "decisions"):
            arguments[field].append(text)
            placed.append((field, len(arguments[field]) - 1))
        elif field == "command":
            arguments["recentCommands"].append({"command": text, "exitCode": 0})
            placed.append(("command", len(arguments["recentCommands"]) - 1))
        elif field == "commandNote":
            arguments["recentCommands"].append({"command": "true", "note": text})
            placed.append(("commandNote", len(arguments["recentCommands"]) - 1))
        elif field == "task":
            arguments["tasks"].append({"description": text, "status": "pending"})
            placed.append(("task", len(arguments["tasks"]) - 1))
        else:
            path = "notes/file%03d.txt" % len(arguments["modifiedFiles"])
            (project / path).parent.mkdir(exist_ok=True)
            (project / path).write_text("x\n", encoding="utf-8")
            arguments["modifiedFiles"].append({"path": path, "note": text})
            placed.append(("fileNote", path))
    return {k: v for k, v in arguments.items() if v != []}, placed


def stored_text(checkpoint, field, key):
    if field == "summary":
        return checkpoint["summary"]
    if field in ("nextSteps", "decisions"):
        return checkpoint[field][key]
    if field == "command":
        return checkpoint["recentCommands"][key]["command"]
    if field == "commandNote":
        return checkpoint["recentCommands"][key]["note"]
    if field == "task":
        return checkpoint["goal"]["tasks"][key]["description"]
    return next(f["note"] for f in checkpoint["modifiedFiles"] if f["path"] == key)


def spellings(secret):
    """The ways a value can appear in a JSON file's bytes."""
    return {secret.encode("utf-8"), json.dumps(secret)[1:-1].encode("utf-8"),
            json.dumps(secret, ensure_ascii=False)[1:-1].encode("utf-8")}


def found_in(raw, secret):
    """Whether `secret` is in a file's bytes `raw`, in any of its spellings; a short one
    (a 4-digit PIN) only where no letter or digit touches it, so that the file's own
    times, ids and signature, which hold every short run of digits now and then, are not
    taken for it."""
    for spelling in spellings(secret):
        if len(secret) >= 8:
            if spelling in raw:
                return True
            continue
        at = raw.find(spelling)
        while at >= 0:
            around = raw[at - 1:at] + raw[at + len(spelling):at + len(spelling) + 1]
            if not any(chr(byte).isalnum() for byte in around):
                return True
            at = raw.find(spelling, at + 1)
    return False


class RedactionThroughTheServerTest(TempDirTestCase):

    def test_secrets_never_reach_the_file_and_benign_text_is_stored_unchanged(self):
        server = self.server(env=self.env_with(CLAUDE_CODE_SESSION_ID=SESSION))
        entries = [("secret", text, secret) for _, text, secret, _ in corpus.SECRETS]
        entries += [("benign", text, None) for text in corpus.BENIGN]
        leaked, altered, miscounted = [], [], []
        for start in range(0, len(entries), TEXTS_PER_SAVE):
            batch = entries[start:start + TEXTS_PER_SAVE]
            arguments, placed = save_arguments([text for _, text, _ in batch], self.project)
            result = server.call_tool(SAVE, arguments)
            self.assertFalse(result.get("isError"), result["content"][0]["text"])
            outcome = result["structuredContent"]
            raw = (self.project / CHECKPOINT_DIR / (SESSION + ".json")).read_bytes()
            checkpoint = json.loads(raw.decode("utf-8"))

            secrets_in_batch = sum(1 for kind, _, _ in batch if kind == "secret")
            redactions = outcome["counts"]["redactions"]
            warned = redactions == 0 or any(str(redactions) in w and "edact" in w
                                            for w in outcome["warnings"])
            if not (isinstance(redactions, int) and redactions >= secrets_in_batch and warned
                    and checkpoint["meta"]["redactions"] == redactions):
                miscounted.append((secrets_in_batch, redactions, checkpoint["meta"], outcome["warnings"]))

            for (kind, text, secret), (field, key) in zip(batch, placed):
                stored = stored_text(checkpoint, field, key)
                if kind == "secret":
                    if secret in stored or found_in(raw, secret):
                        leaked.append(text)
                elif stored != text:
                    altered.append((text, stored))

        secrets = len(corpus.SECRETS)
        benign = len(corpus.BENIGN)
        self.assertEqual(leaked, [], "secrets written to the checkpoint file")
        self.assertEqual(miscounted, [], "counts.redactions, meta.redactions and the warning must "
                                         "count at least one redaction per secret")
        self.assertEqual(altered, [], "benign text changed on the way to the file")
