"""Concurrency: several server processes writing one checkpoint at once lose nothing.

Each merge save adds a command no other save adds, so the final checkpoint must hold every
one of them (the cap of 50 commands is never reached). Readers running alongside must see
a whole checkpoint every time.
"""
import json
import threading

from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LOAD, SAVE, ProcessServer, TempDirTestCase, every_checkpoint_file,
                           load_checkpoint_file, make_git_repo)

SECRET = "API_KEY=%s"


class ConcurrentMergeTest(TempDirTestCase):

    def start(self, count, **env):
        servers = [ProcessServer(self.project, self.env_with(**env)) for _ in range(count)]
        for server in servers:
            self.addCleanup(server.close)
        return servers

    def drive(self, servers, saves, arguments_for):
        """Every server sends `saves` calls of SAVE as fast as it can; returns the errors."""
        errors = []
        barrier = threading.Barrier(len(servers))

        def run(index, server):
            barrier.wait()
            for number in range(saves):
                result = server.call_tool(SAVE, arguments_for(index, number), timeout=60)
                if result.get("isError"):
                    errors.append(result["content"][0]["text"])

        threads = [threading.Thread(target=run, args=(index, server))
                   for index, server in enumerate(servers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        return errors

    def redaction_is_active(self):
        """Redaction lives in its own section; count redactions only once it redacts."""
        # The pyz, not this process's module: the question is what the writers run.
        with ProcessServer(self.project, self.env) as probe:
            result = probe.call_tool(SAVE, {"goal": "probe", "session": "probe",
                                            "recentCommands": [{"command": SECRET % "abcdef0123456789xyz"}]})
        (self.project / CHECKPOINT_DIR / "probe.json").unlink()
        (self.project / CHECKPOINT_DIR / "probe.json.lock").unlink()
        return result["structuredContent"]["counts"]["redactions"] == 1

    def merge_arguments(self, index, number):
        return {"goal": "shared", "mode": "merge",
                "tasks": [{"description": "process %d" % index,
                           "status": "done" if number == 11 else "in_progress"}],
                "decisions": ["process %d takes part" % index],
                "recentCommands": [{"command": "p%d-%02d %s" % (
                    index, number, SECRET % ("s3cr3tV4lue%04d%d" % (number, index)))}]}

    def test_four_processes_merging_into_a_new_checkpoint_lose_no_update(self):
        redacting = self.redaction_is_active()
        servers = self.start(4, CLAUDE_CODE_SESSION_ID="shared")
        self.assertEqual(self.drive(servers, 12, self.merge_arguments), [])
        data = load_checkpoint_file(self.project / CHECKPOINT_DIR / "shared.json")
        commands = sorted(command["command"].split()[0] for command in data["recentCommands"])
        self.assertEqual(commands, sorted("p%d-%02d" % (p, n) for p in range(4) for n in range(12)))
        self.assertEqual(sorted(task["description"] for task in data["goal"]["tasks"]),
                         ["process %d" % p for p in range(4)])
        self.assertEqual({task["status"] for task in data["goal"]["tasks"]}, {"done"})
        self.assertEqual(sorted(data["decisions"]), ["process %d takes part" % p for p in range(4)])
        if redacting:
            self.assertEqual(data["meta"]["redactions"], 48)
        for path in every_checkpoint_file(self.project / CHECKPOINT_DIR):
            load_checkpoint_file(path)

    def test_two_processes_merging_while_a_third_loads_in_a_loop(self):
        make_git_repo(self.project, self.env, {".gitignore": ".claude-checkpoint*\n"})
        writers = self.start(2, CLAUDE_CODE_SESSION_ID="shared")
        self.assertEqual(self.drive(writers[:1], 1, lambda i, n: {"goal": "seed"}), [])
        reader = self.start(1, CLAUDE_CODE_SESSION_ID="reader")[0]
        stop = threading.Event()
        problems = []
        loads = [0]

        def read():
            while not stop.is_set():
                result = reader.call_tool(LOAD, {"checkpoint": "shared", "format": "full"})
                loads[0] += 1
                content = result.get("structuredContent") or {}
                if result.get("isError") or not content.get("found") or content.get("fromBackup"):
                    problems.append(result)

        thread = threading.Thread(target=read)
        thread.start()
        try:
            errors = self.drive(writers, 20, lambda i, n: {
                "goal": "shared", "mode": "merge",
                "recentCommands": [{"command": "w%d-%02d" % (i, n)}]})
        finally:
            stop.set()
            thread.join(60)
        self.assertEqual(errors, [])
        self.assertEqual(problems, [])
        self.assertGreater(loads[0], 5)
        data = load_checkpoint_file(self.project / CHECKPOINT_DIR / "shared.json")
        self.assertEqual(sorted(c["command"] for c in data["recentCommands"] if c["command"] != "seed"),
                         sorted("w%d-%02d" % (w, n) for w in range(2) for n in range(20)))

    def test_two_processes_merging_into_the_shared_legacy_file_lose_no_update(self):
        servers = self.start(2, CHECKPOINT_SESSION_IDS="legacy")
        self.assertEqual(self.drive(servers, 20, lambda i, n: {
            "goal": "legacy", "mode": "merge",
            "recentCommands": [{"command": "l%d-%02d" % (i, n)}]}), [])
        data = json.loads((self.project / ".claude-checkpoint").read_text("utf-8"))
        self.assertEqual(sorted(c["command"] for c in data["recentCommands"]),
                         sorted("l%d-%02d" % (p, n) for p in range(2) for n in range(20)))

    def test_four_processes_minting_sessions_at_once_never_share_a_file(self):
        servers = self.start(4)
        sessions = []

        def save(index, number):
            return {"goal": "mint %d-%d" % (index, number)}

        original = ProcessServer.call_tool

        def recording_call(server, tool, arguments=None, timeout=15):
            result = original(server, tool, arguments, timeout)
            sessions.append((arguments["goal"], result["structuredContent"]["session"]))
            return result

        for server in servers:
            server.call_tool = recording_call.__get__(server)
        self.assertEqual(self.drive(servers, 5, save), [])
        self.assertEqual(len({session for _, session in sessions}), 20)
        for goal, session in sessions:
            stored = load_checkpoint_file(self.project / CHECKPOINT_DIR /
                                          (session + ".json"))
            self.assertEqual(stored["goal"]["primary"], goal)
