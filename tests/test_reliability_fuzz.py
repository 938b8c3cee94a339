"""Fuzzing: a seeded mutator over valid requests for the three tools.

Each seed drives one server through a fixed number of mutated frames: values of the wrong
type, keys dropped or duplicated, huge strings, hostile unicode, deep nesting, unknown
keys, and now and then a byte-level mangling of the frame itself. The server must never
crash or answer -32603, every stdout line must be JSON-RPC, every successful result must
match its outputSchema, every checkpoint written must load, and nothing outside a
checkpoint store may change.
"""
import copy
import json
import os
import random

from tests.support import (LIST, LOAD, SAVE, CheckedServer, TempDirTestCase, changes_between,
                           check_tool_result, is_checkpoint_store_path, load_checkpoint_file,
                           make_git_repo, tree_snapshot)

SEEDS = (1, 2, 3)
FRAMES_PER_SEED = 150


class Pairs(list):
    """A JSON object written as its (key, value) pairs, so a key can appear twice."""


class Raw(str):
    """JSON text sent as is (deep nesting, kept out of the test's own recursion)."""


def to_json(value):
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, Pairs):
        return "{" + ",".join(json.dumps(k) + ":" + to_json(v) for k, v in value) + "}"
    if isinstance(value, dict):
        return to_json(Pairs(value.items()))
    if isinstance(value, list):
        return "[" + ",".join(to_json(item) for item in value) + "]"
    return json.dumps(value)


HOSTILE_TEXT = ["", " ", "\u0000", "\u202eevil", "\ud800", "\udfff", "\U0001f600", "\u2028\u2029",
                "\ufeff", "../", "..", "/", "\\", "\n\r\t", "e\u0301", "\u00abredacted\u00bb",
                "%s", "{}", "\"", "legacy", "con", "nul", "A" * 129, "API_KEY=abc123secret",
                "-rf", "$(touch pwned)", "`id`", "\x1b[2J", "\uffff", "\u0085"]
ODD_VALUES = [None, True, False, 0, -1, 1, 2 ** 64, -2 ** 63, 1.5, 1e308, -0.0, "", "x", [],
              {}, [None], {"a": 1}, ["x"] * 3]


class Mutator:
    """Random but repeatable mutations of a request's arguments."""

    def __init__(self, seed, tmp):
        self.random = random.Random(seed)
        self.tmp = str(tmp)
        self.path_pool = [str(tmp / "project"), str(tmp / "project" / "src"),
                          str(tmp / "outside"), str(tmp / "project" / "README.md"),
                          str(tmp / "project" / "link-out"), str(tmp / "missing"),
                          str(tmp / "project") + "/../outside", "relative/dir", "~", ""]

    def text(self):
        r = self.random
        choice = r.random()
        if choice < 0.4:
            return "".join(r.choice(HOSTILE_TEXT) for _ in range(r.randint(1, 4)))
        if choice < 0.6:
            return r.choice(["x", "\u00e9", "\U0001f600", "ab"]) * r.choice(
                [129, 501, 1001, 1025, 2001, 4001, 70000, 300000])
        if choice < 0.8:
            return r.choice(self.path_pool) + r.choice(["", "/x", "/../..", "/\u0000",
                                                        "/a\nb"])
        return "".join(chr(r.randint(1, 0x10ffff)) for _ in range(r.randint(1, 20)))

    def odd(self):
        return copy.deepcopy(self.random.choice(ODD_VALUES))

    def value(self, depth=0):
        r = self.random
        choice = r.random()
        if choice < 0.35:
            return self.odd()
        if choice < 0.7:
            return self.text()
        if choice < 0.8 and depth < 3:
            return [self.value(depth + 1) for _ in range(r.randint(0, 5))]
        if choice < 0.9 and depth < 3:
            return {self.text()[:20]: self.value(depth + 1) for _ in range(r.randint(0, 3))}
        depth = r.choice([10, 50, 200, 900, 3000])
        opening, closing = r.choice([("[", "]"), ('{"n":', "}")])
        return Raw(opening * depth + json.dumps(self.odd()) + closing * depth)

    def containers(self, value, found):
        """Every dict and list inside `value` (value included)."""
        if isinstance(value, (dict, list)):
            found.append(value)
            children = value.values() if isinstance(value, dict) else value
            for child in children:
                self.containers(child, found)
        return found

    def string_slots(self, value, found):
        """(container, key) for every string inside `value`."""
        if isinstance(value, (dict, list)):
            pairs = value.items() if isinstance(value, dict) else enumerate(value)
            for key, child in pairs:
                if isinstance(child, str) and not isinstance(child, Raw):
                    found.append((value, key))
                else:
                    self.string_slots(child, found)
        return found

    def mutate(self, arguments):
        r = self.random
        for _ in range(r.randint(1, 3)):
            slots = self.string_slots(arguments, [])
            if slots and r.random() < 0.5:
                # Same type, hostile content: these get past the validator to the store.
                container, key = r.choice(slots)
                container[key] = self.text()
                continue
            target = r.choice(self.containers(arguments, []))
            if isinstance(target, list):
                if not target or r.random() < 0.3:
                    target.append(self.value())
                    continue
                index = r.randrange(len(target))
                operation = r.choice(["replace", "drop", "duplicate", "many"])
                if operation == "replace":
                    target[index] = self.value()
                elif operation == "drop":
                    del target[index]
                elif operation == "duplicate":
                    target.insert(index, copy.deepcopy(target[index]))
                else:
                    target.extend(copy.deepcopy([target[index]] * r.choice([20, 51, 101, 1000])))
                continue
            keys = list(target)
            operation = r.choice(["replace", "replace", "drop", "add", "retype"])
            if not keys or operation == "add":
                target[self.text()[:40] if r.random() < 0.5 else r.choice(
                    ["goal", "mode", "session", "checkpoint", "limit", "format", "status",
                     "path", "command", "exitCode", "note", "description"])] = self.value()
            elif operation == "drop":
                del target[r.choice(keys)]
            elif operation == "retype":
                key = r.choice(keys)
                target[key] = self.odd()
            else:
                target[r.choice(keys)] = self.value()
        return arguments

    def frame(self, request_id, tool, arguments):
        """The bytes of one mutated tools/call request."""
        r = self.random
        arguments = self.mutate(arguments)
        self.mangled = False
        self.keep_inside_tmp(arguments)
        params = {"name": tool, "arguments": arguments}
        if r.random() < 0.1:
            params = Pairs([("name", tool), ("arguments", arguments),
                            ("arguments", self.mutate(copy.deepcopy(arguments)))])
        elif r.random() < 0.1 and isinstance(arguments, dict):
            key = r.choice(list(arguments) or ["goal"])
            params["arguments"] = Pairs(list(arguments.items()) + [(key, self.value())])
        message = Pairs([("jsonrpc", "2.0"), ("id", request_id), ("method", "tools/call"),
                         ("params", params)])
        data = to_json(message).encode("ascii")
        if r.random() < 0.08:
            data = self.mangle(data)
            self.mangled = True
        return data.replace(b"\n", b"\\n")

    def mangle(self, data):
        r = self.random
        position = r.randrange(len(data))
        choice = r.random()
        if choice < 0.3:
            return data[:position]
        if choice < 0.6:
            return data[:position] + bytes([r.randrange(256)]) + data[position + 1:]
        return data[:position] + r.choice([b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\x00",
                                           b'"', b"}", b"]", b","]) + data[position:]

    def keep_inside_tmp(self, arguments):
        """A projectRoot that names a real directory outside the temp tree would make the
        server write there (legitimately): keep the fuzzer inside its sandbox."""
        for container in self.containers(arguments, []):
            if isinstance(container, dict):
                root = container.get("projectRoot")
                if isinstance(root, str) and "\0" not in root and os.path.isabs(root):
                    try:
                        real = os.path.realpath(root)
                    except ValueError:  # a lone surrogate: no file can have that name
                        continue
                    if os.path.exists(real) and not (real + os.sep).startswith(self.tmp + os.sep):
                        container["projectRoot"] = self.path_pool[0]


def valid_arguments(tool, project):
    if tool == SAVE:
        return {
            "goal": "Fuzz the server", "mode": "merge", "session": "fuzz",
            "tasks": [{"description": "write the fuzzer", "status": "done"},
                      {"description": "run it", "status": "in_progress"}],
            "summary": "Half way.", "nextSteps": ["look at the results"],
            "decisions": ["stdlib random with fixed seeds"],
            "modifiedFiles": [{"path": "src/a.py", "note": "fuzzed"},
                              {"path": str(project / "README.md")}],
            "recentCommands": [{"command": "python3 -m unittest", "exitCode": 0, "note": "ok"}],
            "projectRoot": str(project),
        }
    if tool == LOAD:
        return {"format": "full", "checkpoint": "fuzz", "session": "fuzz",
                "projectRoot": str(project)}
    return {"limit": 3, "session": "fuzz", "projectRoot": str(project)}


class FuzzTest(TempDirTestCase):

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {"README.md": "hi\n", "src/a.py": "a = 1\n",
                                               ".gitignore": ".claude-checkpoint*\n"})
        (self.project / "src" / "a.py").write_text("a = 2\n", encoding="utf-8")
        (self.tmp / "outside").mkdir()
        (self.tmp / "outside" / "keep.txt").write_text("outside\n", encoding="utf-8")
        os.symlink(str(self.tmp / "outside"), str(self.project / "link-out"))

    def test_seeded_mutations_of_valid_requests_never_break_the_server(self):
        for seed in SEEDS:
            with self.subTest(seed=seed):
                self.run_seed(seed)

    def run_seed(self, seed):
        mutator = Mutator(seed, self.tmp)
        before = tree_snapshot(self.tmp, skip=("home",))
        server = CheckedServer(self.project, self.env)
        self.addCleanup(server.close)
        server.call_tool(SAVE, valid_arguments(SAVE, self.project))
        tools = [SAVE, SAVE, LOAD, LIST]
        for number in range(FRAMES_PER_SEED):
            tool = mutator.random.choice(tools)
            frame = mutator.frame(number, tool, valid_arguments(tool, self.project))
            server.send_raw(frame)
            # Tool calls run in order on one worker and other frames are answered as they
            # are read, so once this sentinel call is answered every earlier reply is out.
            # Only a save can change the store: after one (and after the last frame) the
            # sentinel lists it, to check the listing of what the save left; after a load
            # or a list the store is as the last listing saw it, and a call the validator
            # refuses (no disk, no git) is sentinel enough.
            sentinel = "sentinel-%d" % number
            lists = tool == SAVE or number == FRAMES_PER_SEED - 1
            server.send({"jsonrpc": "2.0", "id": sentinel, "method": "tools/call",
                         "params": {"name": LIST, "arguments": {"limit": 1 if lists else -1}}})
            while True:
                reply = server.recv(timeout=30)
                if reply.get("id") == sentinel:
                    break
                if "error" in reply:
                    self.assertNotEqual(reply["error"]["code"], -32603, (frame[:300], reply))
                elif not mutator.mangled:
                    self.assertEqual(reply["id"], number, frame[:300])
                    check_tool_result(self, tool, reply)
            check_tool_result(self, LIST, reply)
            if not lists:
                self.assertTrue(reply["result"].get("isError"), reply)
        self.assertTrue(server.still_serves())
        server.close_and_check(self)
        after = tree_snapshot(self.tmp, skip=("home",))
        outside_the_store = [path for path in changes_between(before, after)
                             if not is_checkpoint_store_path(path)]
        self.assertEqual(outside_the_store, [], "seed %d wrote outside a checkpoint store" % seed)
        for path, entry in after.items():
            if entry[0] == "file" and is_checkpoint_store_path(path) and (
                    path.endswith(".json") or path.endswith(".json.prev")
                    or path.endswith(".claude-checkpoint")):
                with self.subTest(file=path):
                    load_checkpoint_file(self.tmp / path)
