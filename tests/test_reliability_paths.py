"""Path safety: every argument that names a place on disk, attacked.

Session ids, selectors, modifiedFiles and projectRoot that try to escape; symlinks in the
way; a projectRoot that is a file; a read-only project. Each gets a clear tool error, and
the temp tree proves that nothing was written anywhere else.
"""
import os

from tests.reliability import (
    LIST, LOAD, SAVE, CheckedServer, changes_between, is_checkpoint_store_path,
    tree_snapshot)
from tests.support import TempDirTestCase


class PathTestCase(TempDirTestCase):

    def setUp(self):
        super().setUp()
        self.outside = self.tmp / "outside"
        self.outside.mkdir()
        (self.outside / "keep.txt").write_text("outside\n", encoding="utf-8")
        self.before = tree_snapshot(self.tmp, skip=("home",))

    def checked(self, **env):
        server = CheckedServer(self.project, self.env_with(**env))
        self.addCleanup(server.close)
        return server

    def error_text(self, server, tool, arguments):
        result = server.call_tool(tool, arguments)
        self.assertTrue(result.get("isError"), result)
        return result["content"][0]["text"]

    def assert_nothing_written(self, allow_store=False):
        changed = changes_between(self.before, tree_snapshot(self.tmp, skip=("home",)))
        if allow_store:
            changed = [path for path in changed if not is_checkpoint_store_path(path)]
        self.assertEqual(changed, [])


class UnencodablePathTest(PathTestCase):

    def test_a_lone_surrogate_in_a_path_is_a_tool_error_not_an_internal_error(self):
        server = self.checked()
        for tool, arguments, field in [
                (SAVE, {"goal": "g", "session": "s", "modifiedFiles": [
                    {"path": "src/\ud800.py"}]}, "modifiedFiles[0].path"),
                (SAVE, {"goal": "g", "session": "s", "modifiedFiles": [
                    {"path": str(self.project / "\udfff")}]}, "modifiedFiles[0].path"),
                (SAVE, {"goal": "g", "projectRoot": str(self.tmp) + "/\ud800"}, "projectRoot"),
                (LOAD, {"projectRoot": "/\udbff\udbff"}, "projectRoot"),
                (LIST, {"projectRoot": "/x/\ud800"}, "projectRoot")]:
            with self.subTest(tool=tool, arguments=arguments):
                text = self.error_text(server, tool, arguments)
                self.assertTrue(text.startswith("Error: " + field), text)
                self.assertIn("lone surrogate", text)
        self.assertTrue(server.still_serves())
        self.assert_nothing_written()
        server.close_and_check(self)
