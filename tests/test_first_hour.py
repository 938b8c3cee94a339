"""A new user's first hour: what they type after what they were shown works, through the
real entry points (the tools over the protocol in this process, the command line through
`main`, the built pyz where a process is the point)."""
import json
import os
import subprocess
import time

from tests.support import (TempDirTestCase, make_git_repo, pyz_command, read_checkpoint,
                           run_main)

SAVE, LOAD, LIST = "save_session_checkpoint", "load_session_checkpoint", "list_session_checkpoints"
UUID_A = "b4b893aa-0d4a-4c6b-9e7f-1a2b3c4d5e6f"
UUID_B = "b4b893aa-77aa-4c6b-9e7f-1a2b3c4d5e6f"
UUID_C = "9c0ffee0-1234-4abc-8def-0123456789ab"


class FirstHourTestCase(TempDirTestCase):

    def cli(self, *args, cwd=None, env=None):
        """(exit code, stdout, stderr) of `checkpoint.pyz ARGS`, run through main."""
        result = run_main(list(args), env or self.env, cwd=cwd or self.project)
        return (result.returncode, result.stdout.decode("utf-8"),
                result.stderr.decode("utf-8"))

    def save(self, *checkpoints, cwd=None):
        """Save each (session, arguments) through one in-process server."""
        server = self.server(cwd=cwd)
        results = []
        for session, arguments in checkpoints:
            result = server.call_tool(SAVE, dict(arguments, session=session))
            self.assertFalse(result.get("isError"), result)
            results.append(result)
        return results

    def listed_ids(self):
        """The first column of `checkpoint.pyz list`, as a person copies it."""
        code, out, err = self.cli("list")
        self.assertEqual(code, 0, err)
        return [line.split()[0] for line in out.splitlines()]

    def tool(self, name, arguments):
        with self.server() as server:
            return server.call_tool(name, arguments)


class SelectorPrefixTest(FirstHourTestCase):

    def setUp(self):
        super().setUp()
        self.save((UUID_A, {"goal": "goal of A"}), (UUID_C, {"goal": "goal of C"}))

    def test_the_ids_list_prints_load_in_the_tool(self):
        ids = self.listed_ids()
        self.assertEqual(sorted(ids), ["9c0ffee0", "b4b893aa"])
        result = self.tool(LOAD, {"checkpoint": "b4b893aa"})
        self.assertFalse(result.get("isError"), result)
        self.assertEqual(result["structuredContent"]["selector"], UUID_A)
        self.assertIn("goal of A", result["structuredContent"]["brief"])

    def test_resumed_from_takes_a_prefix_and_records_the_whole_selector(self):
        result = self.tool(SAVE, {"session": "s", "goal": "go on", "resumedFrom": "9c0f"})
        self.assertFalse(result.get("isError"), result)
        saved = read_checkpoint(self.project / ".claude-checkpoints" / "s.json")
        self.assertEqual(saved["resumedFrom"], UUID_C)

    def test_an_ambiguous_prefix_is_refused_naming_every_candidate(self):
        self.save((UUID_B, {"goal": "goal of B"}))
        for name, arguments in ((LOAD, {"checkpoint": "b4b893aa"}),
                                (SAVE, {"session": "s", "goal": "g", "resumedFrom": "b4b8"})):
            with self.subTest(tool=name):
                result = self.tool(name, arguments)
                self.assertTrue(result.get("isError"), result)
                text = result["content"][0]["text"]
                self.assertIn(UUID_A, text)
                self.assertIn(UUID_B, text)
        self.assertFalse((self.project / ".claude-checkpoints" / "s.json").exists())
        code, out, err = self.cli("show", "b4b8")
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertIn(UUID_A, err)
        self.assertIn(UUID_B, err)

    def test_a_prefix_shorter_than_four_characters_picks_nothing(self):
        result = self.tool(LOAD, {"checkpoint": "b4b"})
        self.assertTrue(result.get("isError"), result)
        self.assertIn("at least 4", result["content"][0]["text"])
        code, out, err = self.cli("show", "b4b")
        self.assertEqual(code, 2)
        self.assertIn("at least 4", err)
        code, _, err = self.cli("delete", "9c0")
        self.assertEqual(code, 2)
        self.assertEqual(len(self.listed_ids()), 2)

    def test_every_command_taking_a_selector_takes_the_listed_id(self):
        code, out, err = self.cli("show", "9c0ffee0")
        self.assertEqual(code, 0, err)
        self.assertIn("goal of C", out)
        code, out, err = self.cli("delete", "9c0ffee0")
        self.assertEqual(code, 0, err)
        self.assertEqual(self.listed_ids(), ["b4b893aa"])

    def test_an_unknown_prefix_is_still_an_unknown_checkpoint(self):
        result = self.tool(LOAD, {"checkpoint": "ffff"})
        self.assertTrue(result.get("isError"), result)
        self.assertIn("no checkpoint 'ffff'", result["content"][0]["text"])
