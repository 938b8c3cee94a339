"""Two kinds of error leave the core: the caller's mistake and a checkpoint that cannot be
used. A schema problem is worded by whoever reports it (a tool's arguments, a stored file,
the server's own output), and each mode says it in one place."""
import json
import os
import unittest
from unittest import mock

import checkpoint_mcp as cm
from tests.support import TempDirTestCase, make_git_repo, run_main

SAVE, LOAD, LIST = (tool["name"] for tool in cm.TOOLS)
POSIX = os.name != "nt"


class ErrorsTestCase(TempDirTestCase):
    """A project with one stored checkpoint file `selector` whose goal is not text."""

    selector = "c0ffee11-aaaa-4bbb-8ccc-123456789abc"

    def setUp(self):
        super().setUp()
        self.env["CLAUDE_CODE_SESSION_ID"] = "s1"
        self.directory = self.project / cm.CHECKPOINT_DIR

    def store_unusable_checkpoint(self):
        """A checkpoint file that parses as JSON but whose goal holds a lone surrogate (an
        escape only JSON can write): it breaks the checkpoint schema, not the arguments."""
        self.directory.mkdir(mode=0o700)
        data = {"version": cm.FORMAT_VERSION, "id": "x", "createdAt": "2026-01-01T00:00:00.000Z",
                "updatedAt": "2026-01-01T00:00:00.000Z", "goal": {"primary": "\udc00"}}
        path = self.directory / (self.selector + cm.CHECKPOINT_SUFFIX)
        path.write_text(json.dumps(data), encoding="ascii")
        return path

    def call(self, tool, arguments):
        with self.server() as server:
            return server.call_tool(tool, arguments)

    def error_text(self, tool, arguments):
        result = self.call(tool, arguments)
        self.assertTrue(result.get("isError"), result)
        return result["content"][0]["text"]


class SchemaProblemsAreWordedByTheirReporterTest(ErrorsTestCase):

    def test_a_schema_problem_says_where_and_what_and_blames_no_one(self):
        schema = {"type": "object", "properties": {"goal": {"type": "object", "properties": {
            "primary": {"type": "string"}}}}}
        problem = cm.schema_problem({"goal": {"primary": 5}}, schema)
        self.assertEqual((problem.path, problem.problem, problem.remedy),
                         ("goal.primary", "must be a string", None))
        problem = cm.schema_problem(5, schema)
        self.assertEqual((problem.path, problem.at("the value")),
                         ("", "the value: must be an object"))
        self.assertIsNone(cm.schema_problem({"goal": {"primary": "g"}}, schema))

    def test_a_stored_file_that_breaks_the_schema_is_a_checkpoint_that_cannot_be_used(self):
        path = self.store_unusable_checkpoint()
        text = self.error_text(LOAD, {"checkpoint": self.selector})
        self.assertEqual(text, "Error: the checkpoint cannot be read: %s not a checkpoint: "
                         "goal.primary: holds a lone surrogate ('\\udc00' at character 0), "
                         "which is not text; repair that file or delete it" % path)

    def test_the_command_line_says_the_same_of_a_stored_file(self):
        path = self.store_unusable_checkpoint()
        result = run_main(["show", self.selector], self.env, cwd=self.project)
        self.assertEqual(result.returncode, cm.EXIT_FAILED)
        self.assertEqual(result.stderr.decode("utf-8"), (
            "checkpoint.pyz show: the checkpoint cannot be read: %s not a checkpoint: "
            "goal.primary: holds a lone surrogate ('\\udc00' at character 0), which is not "
            "text; repair that file, or remove it with `checkpoint.pyz delete %s`.\n"
            % (path, self.selector)))

    def test_a_tool_argument_that_breaks_the_schema_is_the_callers_mistake(self):
        self.assertEqual(self.error_text(LOAD, {"checkpoint": 5}),
                         "Error: checkpoint: must be a string")
        self.assertEqual(self.error_text(SAVE, {"goal": "\udc00"}),
                         "Error: goal: holds a lone surrogate ('\\udc00' at character 0), "
                         "which is not text; send the character itself or drop it")

    def test_output_that_breaks_its_schema_is_an_internal_error_not_a_tool_error(self):
        def broken(arguments, context):
            return "text", {"text": "text", "path": "/p", "entries": [], "total": "many",
                            "omitted": 0, "warnings": []}

        with mock.patch.dict(cm.TOOLS_BY_NAME[LIST], handler=broken), self.server() as server:
            response = server.request("tools/call", {"name": LIST, "arguments": {}})
            stderr = server.stderr
        self.assertEqual(response["error"]["code"], cm.INTERNAL_ERROR)
        self.assertIn("list_session_checkpoints broke its outputSchema: "
                      "structuredContent.total: must be an integer", stderr)


class CallerMistakesReadAsWrittenTest(ErrorsTestCase):

    @unittest.skipUnless(POSIX, "POSIX modes")
    def test_a_shared_checkpoint_folder_is_named_as_what_it_is(self):
        self.directory.mkdir()
        os.chmod(str(self.directory), 0o777)
        self.addCleanup(os.chmod, str(self.directory), 0o700)
        self.assertEqual(self.error_text(SAVE, {"goal": "g"}), (
            "Error: A checkpoint saved in %s would be in a folder others can write to, so "
            "none is written there; run `chmod 700 %s` if it is yours, or move it away, and "
            "save again."
            % (self.directory, self.directory)))

    @unittest.skipUnless(POSIX, "symbolic links")
    def test_the_command_line_prints_the_cores_message_whole(self):
        make_git_repo(self.project, self.env)
        result = self.call(SAVE, {"goal": "g"})
        self.assertFalse(result.get("isError"), result)
        lock = self.directory / ("s1" + cm.CHECKPOINT_SUFFIX + cm.LOCK_SUFFIX)
        if os.path.lexists(str(lock)):
            os.remove(str(lock))
        os.symlink(str(self.tmp / "elsewhere"), str(lock))
        result = run_main(["delete", "s1"], self.env, cwd=self.project)
        self.assertEqual(result.returncode, cm.EXIT_FAILED)
        self.assertEqual(result.stderr.decode("utf-8"), (
            "checkpoint.pyz delete: %s is a symbolic link; remove it (it only serialises "
            "saves) and save again.\n" % lock))

    def test_a_command_line_argument_the_core_refuses_is_a_usage_error(self):
        result = run_main(["show", "--root", str(self.tmp / "missing")], self.env,
                          cwd=self.project)
        self.assertEqual(result.returncode, cm.EXIT_USAGE)
        self.assertEqual(result.stderr.decode("utf-8"), (
            "checkpoint.pyz show: --root %r does not exist; pass --root an existing project "
            "directory.\n" % str(self.tmp / "missing")))

    def test_a_variable_the_core_refuses_is_a_usage_error_with_its_own_fix(self):
        missing = str(self.tmp / "missing")
        result = run_main(["list"], self.env_with(CHECKPOINT_PROJECT_ROOT=missing),
                          cwd=self.project)
        self.assertEqual(result.returncode, cm.EXIT_USAGE)
        self.assertEqual(result.stderr.decode("utf-8"), (
            "checkpoint.pyz list: CHECKPOINT_PROJECT_ROOT %r does not exist; set "
            "CHECKPOINT_PROJECT_ROOT to an existing absolute directory, or unset it.\n"
            % missing))

    def test_a_selector_the_core_refuses_is_a_usage_error_in_the_cores_words(self):
        del self.env["CLAUDE_CODE_SESSION_ID"]  # (a session of its own to each save)
        for selector in ("c0ffee11-aaaa-4bbb-8ccc-123456789abc",
                         "c0ffee11-bbbb-4bbb-8ccc-123456789abc"):
            self.assertFalse(self.call(SAVE, {"goal": "g", "session": selector})
                             .get("isError"))
        for prefix, said in (("c0f", "'c0f' is too short to name a checkpoint by its first "
                                     "characters; give at least %d."
                              % cm.LIMITS["selectorPrefix"]),
                             ("c0ffee11", "'c0ffee11' begins 2 checkpoints (c0ffee11-aaaa-4bbb-"
                                          "8ccc-123456789abc, c0ffee11-bbbb-4bbb-8ccc-123456789abc)"
                                          "; give more characters of the one you mean.")):
            with self.subTest(prefix=prefix):
                result = run_main(["show", prefix], self.env, cwd=self.project)
                self.assertEqual(result.returncode, cm.EXIT_USAGE)
                self.assertEqual(result.stderr.decode("utf-8"),
                                 "checkpoint.pyz show: SELECTOR: %s\n" % said)


class CheckpointVersionTest(ErrorsTestCase):

    def test_a_checkpoint_of_another_version_is_refused_by_its_version(self):
        for version, said in ((2, "2"), (1.0, "(the file says: 1.0)"),
                              (True, "(the file says: True)")):
            with self.subTest(version=version):
                with self.assertRaises(cm.CorruptCheckpoint) as caught:
                    cm.parse_checkpoint(json.dumps({"version": version}).encode("ascii"))
                self.assertEqual(str(caught.exception), "unsupported checkpoint version %s "
                                 "(this server reads version %d)" % (said, cm.FORMAT_VERSION))


if __name__ == "__main__":
    unittest.main()
