"""Crash safety: SIGKILL the server at random moments in a stream of saves.

Saves are pipelined so that the server is always in the middle of one. After every kill
each checkpoint file (and its backup) loads, the checkpoint holds the last acknowledged
save or the one that was being written, never anything older or torn, and the next
server (whose lock the dead one held) saves and loads normally.
"""
import json
import os
import random
import signal
import sys
import time
import unittest

from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LIST, LOAD, SAVE, ProcessServer, TempDirTestCase, every_checkpoint_file,
                           load_checkpoint_file)

TIME_BUDGET = 6.0  # seconds of killing, whatever the machine
MAX_KILLS = 20
# Each server gets QUEUED saves and is killed KILL_WINDOW seconds after its start. Here
# the interpreter starts and answers its first save in about 50 ms, then a save takes
# about 11 ms: most kills land in the middle of the queue, few before the first save or
# after the last (30 saves killed at 0.02-0.45 s found half the servers done and idle).
QUEUED = 15
KILL_WINDOW = (0.03, 0.18)
SESSION = "crash"


def save_arguments(number, mode):
    # Big enough (about 40 KB) that a kill often lands inside a write.
    return {"goal": "save-%d" % number, "mode": mode, "summary": "s%d " % number + "x" * 3900,
            "decisions": ["decision %d-%d" % (number, i) + " d" * 400 for i in range(20)],
            "recentCommands": [{"command": "cmd-%d" % number, "exitCode": 0,
                                "note": "n" * 300}]}


def number_of(checkpoint):
    return int(checkpoint["goal"]["primary"].split("-")[1])


@unittest.skipIf(sys.platform == "win32", "SIGKILL")
class KillTest(TempDirTestCase):

    def test_sigkill_at_random_moments_never_loses_or_tears_a_checkpoint(self):
        chaos = random.Random(20261202)
        env = self.env_with(CLAUDE_CODE_SESSION_ID=SESSION)
        directory = self.project / CHECKPOINT_DIR
        acknowledged = None
        unacknowledged_firsts = []  # each killed server's first save that got no answer
        next_number = 0
        kills = 0
        # A machine busy with other work starts the interpreter later: the window moves with
        # it, so that the kills still land across the queue rather than all before it.
        window = (KILL_WINDOW[0], max(KILL_WINDOW[1], self.first_answer_seconds(env) + 0.13))
        deadline = time.monotonic() + TIME_BUDGET
        while kills < MAX_KILLS and time.monotonic() < deadline:
            server = ProcessServer(self.project, env, handshake=None)
            self.addCleanup(server.close)
            sent = []
            for _ in range(QUEUED):
                mode = "merge" if chaos.random() < 0.5 else "replace"
                server.send({"jsonrpc": "2.0", "id": next_number, "method": "tools/call",
                             "params": {"name": SAVE,
                                        "arguments": save_arguments(next_number, mode)}})
                sent.append(next_number)
                next_number += 1
            time.sleep(chaos.uniform(*window))
            server.proc.send_signal(signal.SIGKILL)
            server.proc.wait(10)
            kills += 1
            answered = []
            while True:
                line = server.lines.get(timeout=10)
                if line is None:
                    break
                reply = json.loads(line.decode("utf-8"))
                self.assertFalse(reply["result"].get("isError"), reply)
                answered.append(reply["id"])
            if answered:
                acknowledged = answered[-1]
                unacknowledged_firsts = []
            unanswered = [number for number in sent if number not in answered]
            if unanswered:
                unacknowledged_firsts.append(unanswered[0])
            with self.subTest(kill=kills, acknowledged=acknowledged):
                self.assert_store_is_sound(directory, acknowledged, unacknowledged_firsts)
        self.assertGreater(kills, 5)
        self.assertIsNotNone(acknowledged, "no save ever finished: the kills came too early")
        self.assert_the_next_server_works(env)

    def first_answer_seconds(self, env):
        """How long a server takes here from its start to the answer to its first save (in
        a project of its own)."""
        elsewhere = self.tmp / "elsewhere"
        elsewhere.mkdir()
        started = time.monotonic()
        with ProcessServer(elsewhere, env, handshake=None) as server:
            server.send({"jsonrpc": "2.0", "id": 0, "method": "tools/call", "params": {
                "name": SAVE, "arguments": save_arguments(0, "replace")}})
            self.assertIn("result", server.recv(timeout=30))
            return time.monotonic() - started

    def assert_store_is_sound(self, directory, acknowledged, in_flight):
        """Saves run one at a time in order, so besides the last acknowledged save only the
        first unanswered save of each server killed since then can have reached the disk
        (written, then killed before its answer was sent)."""
        files = every_checkpoint_file(directory)
        for path in files:
            load_checkpoint_file(path)
        main = directory / (SESSION + ".json")
        if acknowledged is None and not main.exists():
            return
        current = number_of(load_checkpoint_file(main))
        self.assertIn(current, [acknowledged] + in_flight,
                      "the checkpoint is neither the last acknowledged save nor one in flight")
        backup = directory / (SESSION + ".json.prev")
        if backup.exists():
            self.assertLessEqual(number_of(load_checkpoint_file(backup)), current)

    def assert_the_next_server_works(self, env):
        with ProcessServer(self.project, env) as server:
            loaded = server.call_tool(LOAD, {})["structuredContent"]
            self.assertTrue(loaded["found"])
            self.assertFalse(loaded["fromBackup"])
            listed = server.call_tool(LIST, {"limit": 0})["structuredContent"]
            self.assertEqual([entry["selector"] for entry in listed["entries"]], [SESSION])
            self.assertEqual(listed["warnings"], [])
            saved = server.call_tool(SAVE, {"goal": "save-999999", "mode": "merge"})
            self.assertFalse(saved.get("isError"), saved)
        leftovers = [name for name in os.listdir(str(self.project / CHECKPOINT_DIR))
                     if name.endswith(".tmp")]
        # A temp file from a killed write may remain; it must never be taken for a checkpoint.
        for name in leftovers:
            self.assertTrue(name.startswith("." + SESSION + ".json"), name)
