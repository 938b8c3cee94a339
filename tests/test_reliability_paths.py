"""Path safety: every argument that names a place on disk, attacked.

Session ids, selectors, modifiedFiles and projectRoot that try to escape; symlinks in the
way; a projectRoot that is a file; a read-only project. Each gets a clear tool error, and
the temp tree proves that nothing was written anywhere else.
"""
import os
import unittest

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LIST, LOAD, SAVE, CheckedServer, TempDirTestCase, changes_between,
                           is_checkpoint_store_path, load_checkpoint_file, mount_tmpfs,
                           remount_read_only, tree_snapshot, write_signed_checkpoint)

POSIX = os.name != "nt"


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


class SessionAndSelectorTest(PathTestCase):

    ESCAPES = ["%2e%2e", "..%2f", "\u2024\u2024", "\uff0e\uff0e", "a/../b", "/etc/passwd",
               "C:\\x", "~root", " a", "a ", "a\tb", "legacy/..", "x\r", "\u00e9", "-rf", "a..b",
               "a.", ".", "\u202e"]

    def test_escaping_ids_are_refused_for_every_field_that_takes_one(self):
        server = self.checked()
        for bad in self.ESCAPES:
            with self.subTest(value=bad):
                for tool, arguments, field in [
                        (SAVE, {"goal": "g", "session": bad}, "session"),
                        (SAVE, {"goal": "g", "session": "ok", "resumedFrom": bad}, "resumedFrom"),
                        (LOAD, {"checkpoint": bad}, "checkpoint"),
                        (LOAD, {"session": bad}, "session"),
                        (LIST, {"session": bad}, "session")]:
                    text = self.error_text(server, tool, arguments)
                    self.assertTrue(text.startswith("Error: " + field), text)
        self.assertFalse((self.project / CHECKPOINT_DIR / "ok.json").exists())
        self.assert_nothing_written(allow_store=True)
        server.close_and_check(self)

    def test_escaping_claude_code_session_ids_are_refused_by_every_tool(self):
        for bad in ["../../outside/x", "/abs", "a\nb", "..", "x/y"]:
            with self.subTest(value=bad):
                server = self.checked(CLAUDE_CODE_SESSION_ID=bad)
                for tool, arguments in [(SAVE, {"goal": "g"}), (LOAD, {}), (LIST, {})]:
                    self.assertIn("CLAUDE_CODE_SESSION_ID", self.error_text(server, tool, arguments))
                server.close_and_check(self)
        self.assert_nothing_written()

    def test_a_session_named_legacy_never_writes_the_shared_legacy_file(self):
        shared = self.project / ".claude-checkpoint"
        for env, arguments in [({}, {"goal": "mine", "session": "legacy"}),
                               ({"CLAUDE_CODE_SESSION_ID": "legacy"}, {"goal": "mine"})]:
            with self.subTest(env=env):
                server = self.checked(**env)
                result = server.call_tool(SAVE, arguments)
                self.assertTrue(result.get("isError"), result)
                self.assertIn("legacy", result["content"][0]["text"])
                self.assertFalse(os.path.lexists(str(shared)))
                server.close_and_check(self)
        self.assert_nothing_written()


class ModifiedFilesTest(PathTestCase):

    def test_escaping_file_paths_are_refused_and_the_checkpoint_is_unchanged(self):
        server = self.checked()
        first = server.call_tool(SAVE, {"goal": "first", "session": "f"})
        self.assertFalse(first.get("isError"), first)
        for bad in ["..", "../outside/keep.txt", "a/../../outside", "./../x", "src/../../x",
                    str(self.outside / "keep.txt"), str(self.project) + "/../outside/keep.txt",
                    "//" + str(self.outside), "/", "a\0b", str(self.tmp)]:
            with self.subTest(path=bad):
                text = self.error_text(server, SAVE, {"goal": "second", "session": "f",
                                                      "modifiedFiles": [{"path": "ok.txt"},
                                                                        {"path": bad}]})
                self.assertTrue(text.startswith("Error: modifiedFiles[1].path"), text)
        stored = load_checkpoint_file(self.project / CHECKPOINT_DIR / "f.json")
        self.assertEqual(stored["goal"]["primary"], "first")
        self.assert_nothing_written(allow_store=True)
        server.close_and_check(self)

    def test_odd_but_inside_file_paths_are_stored_relative_and_nothing_else_is_touched(self):
        if POSIX:
            os.symlink(str(self.outside), str(self.project / "link-out"))
        self.before = tree_snapshot(self.tmp, skip=("home",))
        server = self.checked()
        paths = ["new\nline.txt", "..\\..\\x" if POSIX else "x", "~/x", "a/./b/../c.txt",
                 "-rf", "$(touch pwned)", "\u00e9t\u00e9.md", "src/" + "d/" * 300 + "f"]
        result = server.call_tool(SAVE, {"goal": "odd", "session": "o",
                                         "modifiedFiles": [{"path": p} for p in paths]})
        self.assertFalse(result.get("isError"), result)
        stored = load_checkpoint_file(self.project / CHECKPOINT_DIR / "o.json")
        for entry in stored["modifiedFiles"]:
            self.assertFalse(entry["path"].startswith("/"), entry)
            self.assertNotIn("..", entry["path"].split("/"), entry)
        self.assertFalse((self.project / "pwned").exists())
        self.assertEqual((self.outside / "keep.txt").read_text("utf-8"), "outside\n")
        self.assert_nothing_written(allow_store=True)
        server.close_and_check(self)


    @unittest.skipUnless(POSIX, "symbolic links")
    def test_a_path_through_a_link_out_of_the_project_is_refused(self):
        os.symlink(str(self.outside), str(self.project / "link-out"))
        self.before = tree_snapshot(self.tmp, skip=("home",))
        server = self.checked()
        for path in ("link-out/keep.txt", str(self.project / "link-out" / "keep.txt")):
            with self.subTest(path=path):
                result = server.call_tool(SAVE, {"goal": "g", "session": "o",
                                                 "modifiedFiles": [{"path": path}]})
                self.assertTrue(result.get("isError"), result)
                self.assertIn("outside the project", result["content"][0]["text"]
                              .replace("leads out of the project", "outside the project"))
        self.assert_nothing_written()
        server.close_and_check(self)


class ProjectRootTest(PathTestCase):

    def test_bad_project_roots_are_refused_and_nothing_is_written(self):
        a_file = self.tmp / "a-file"
        a_file.write_text("x", "utf-8")
        cases = {"relative": "project", "dot-dot": "..", "empty": "", "missing":
                 str(self.tmp / "missing"), "file": str(a_file), "nul": str(self.project) + "\0",
                 "file-child": str(a_file / "child")}
        if POSIX:
            os.symlink(str(a_file), str(self.tmp / "link-to-file"))
            os.symlink(str(self.tmp / "missing"), str(self.tmp / "dangling"))
            cases.update({"link-to-file": str(self.tmp / "link-to-file"),
                          "dangling": str(self.tmp / "dangling"), "device": os.devnull})
        self.before = tree_snapshot(self.tmp, skip=("home",))
        server = self.checked()
        for name, root in cases.items():
            for tool, arguments in [(SAVE, {"goal": "g"}), (LOAD, {}), (LIST, {})]:
                with self.subTest(case=name, tool=tool):
                    arguments = dict(arguments, projectRoot=root)
                    self.assertIn("projectRoot", self.error_text(server, tool, arguments))
        self.assert_nothing_written()
        server.close_and_check(self)

    def test_a_relative_configured_project_root_is_refused(self):
        server = self.checked(CHECKPOINT_PROJECT_ROOT="project")
        self.assertIn("CHECKPOINT_PROJECT_ROOT", self.error_text(server, SAVE, {"goal": "g"}))
        self.assert_nothing_written()
        server.close_and_check(self)

    @unittest.skipUnless(POSIX, "symlinks and newlines in names")
    def test_a_symlinked_or_oddly_named_root_writes_only_inside_the_real_directory(self):
        odd = self.tmp / "odd\nname ..dir"
        odd.mkdir()
        os.symlink(str(self.project), str(self.tmp / "link-to-project"))
        self.before = tree_snapshot(self.tmp, skip=("home",))
        server = self.checked()
        for root, real in [(str(odd), odd), (str(self.tmp / "link-to-project"), self.project),
                           (str(self.tmp / "missing") + "/../project", self.project)]:
            with self.subTest(root=root):
                result = server.call_tool(SAVE, {"goal": "g", "session": "r", "projectRoot": root})
                self.assertFalse(result.get("isError"), result)
                self.assertEqual(result["structuredContent"]["path"],
                                 str(real / CHECKPOINT_DIR / "r.json"))
        self.assert_nothing_written(allow_store=True)
        server.close_and_check(self)


@unittest.skipUnless(POSIX, "symlinks")
class SymlinkedStoreTest(PathTestCase):

    def test_a_checkpoint_directory_linked_outside_is_never_written_through(self):
        os.symlink(str(self.outside), str(self.project / CHECKPOINT_DIR))
        self.before = tree_snapshot(self.tmp, skip=("home",))
        server = self.checked(CLAUDE_CODE_SESSION_ID="s1")
        for arguments in [{"goal": "g"}, {"goal": "g", "mode": "merge"},
                          {"goal": "g", "resumedFrom": "other"}]:
            with self.subTest(arguments=arguments):
                self.assertIn("symbolic link", self.error_text(server, SAVE, arguments))
        for tool in (LOAD, LIST):
            self.assertIn("result", server.request("tools/call", {"name": tool, "arguments": {}}))
        self.assertEqual(sorted(os.listdir(str(self.outside))), ["keep.txt"])
        self.assert_nothing_written()
        server.close_and_check(self)

    def test_checkpoint_backup_and_lock_files_linked_outside_are_never_written_through(self):
        directory = self.project / CHECKPOINT_DIR
        directory.mkdir()
        target = self.outside / "keep.txt"
        for name in ["s1.json", "s2.json.prev", "s3.json.lock", "s4.json.lock"]:
            os.symlink(str(target if name != "s4.json.lock" else self.outside / "new"),
                       str(directory / name))
        write_signed_checkpoint(directory / "s2.json", {
            "version": 1, "id": "x", "createdAt": "a", "updatedAt": "b",
            "goal": {"primary": "two"}, "project": {
                "rootId": checkpoint_mcp.project_root_id(str(self.project))}})
        self.before = tree_snapshot(self.tmp, skip=("home",))
        server = self.checked()
        # A linked checkpoint is replaced by a fresh file, never written through.
        replaced = server.call_tool(SAVE, {"goal": "g", "session": "s1"})
        self.assertFalse(replaced.get("isError"), replaced)
        self.assertIn("symbolic link", replaced["content"][0]["text"])
        self.assertFalse(os.path.islink(str(directory / "s1.json")))
        saved = server.call_tool(SAVE, {"goal": "g", "session": "s2", "mode": "merge"})
        self.assertFalse(saved.get("isError"), saved)
        self.assertFalse(os.path.islink(str(directory / "s2.json.prev")))
        for session in ("s3", "s4"):
            self.error_text(server, SAVE, {"goal": "g", "session": session})
        self.assertEqual(target.read_text("utf-8"), "outside\n")
        self.assertEqual(sorted(os.listdir(str(self.outside))), ["keep.txt"])
        self.assert_nothing_written(allow_store=True)
        server.close_and_check(self)

    def test_a_legacy_file_linked_outside_is_never_written_through(self):
        os.symlink(str(self.outside / "keep.txt"), str(self.project / ".claude-checkpoint"))
        self.before = tree_snapshot(self.tmp, skip=("home",))
        server = self.checked(CHECKPOINT_SESSION_IDS="legacy")
        replaced = server.call_tool(SAVE, {"goal": "g"})
        self.assertFalse(replaced.get("isError"), replaced)
        self.assertIn("symbolic link", replaced["content"][0]["text"])
        self.assertFalse(os.path.islink(str(self.project / ".claude-checkpoint")))
        self.assertEqual((self.outside / "keep.txt").read_text("utf-8"), "outside\n")
        self.assertEqual(sorted(os.listdir(str(self.outside))), ["keep.txt"])
        server.close_and_check(self)


class ReadOnlyProjectTest(PathTestCase):

    def make_project_read_only(self):
        if POSIX and os.geteuid() != 0:
            os.chmod(str(self.project), 0o555)
            self.addCleanup(os.chmod, str(self.project), 0o755)
            return
        # Root writes through any mode bits: a read-only mount is the only way.
        if not (mount_tmpfs(self, self.project, "size=64k") and remount_read_only(self.project)):
            self.skipTest("cannot make a read-only directory here")

    def test_a_read_only_project_gets_a_clear_error_and_nothing_is_written(self):
        self.make_project_read_only()
        self.before = tree_snapshot(self.tmp, skip=("home",))
        server = self.checked(CLAUDE_CODE_SESSION_ID="s1")
        text = self.error_text(server, SAVE, {"goal": "g"})
        self.assertIn("save_session_checkpoint failed", text)
        self.assertRegex(text, "Read-only file system|Permission denied")
        self.assertIn(str(self.project), text)
        self.assertFalse(server.call_tool(LOAD, {}).get("isError"))
        self.assertEqual(server.call_tool(LIST, {})["structuredContent"]["total"], 0)
        self.assert_nothing_written()
        server.close_and_check(self)
