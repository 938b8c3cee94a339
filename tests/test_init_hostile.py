"""`init` in a repository the user does not control: everything in the project is the
attacker's. init never writes through a link anywhere below the project root, never
changes an existing file's mode, and refuses a config it could not rewrite faithfully
(duplicate keys, nesting too deep) with one line that changes nothing."""
import json
import os
import stat
import unittest
from unittest import mock

import checkpoint_mcp
from tests.support import TempDirTestCase, run_main

POSIX = os.name != "nt"
CLIENTS = {"vscode": ".vscode/mcp.json", "cursor": ".cursor/mcp.json",
           "gemini": ".gemini/settings.json", "codex": ".codex/config.toml"}
NAME = "session-checkpoint"


def mode_of(path):
    return stat.S_IMODE(os.lstat(str(path)).st_mode)


class InitTestCase(TempDirTestCase):

    def init(self, *args):
        result = run_main(["init"] + list(args), self.env, cwd=self.project)
        return (result.returncode, result.stdout.decode("utf-8"),
                result.stderr.decode("utf-8"))

    def write(self, relative, text, mode=None):
        path = self.project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if mode is not None:
            os.chmod(str(path), mode)
        return path

    def assert_refused(self, code, err, *words):
        """One line on stderr, no traceback, exit 1, naming what is wrong."""
        self.assertEqual(code, 1, err)
        self.assertEqual(len(err.strip().splitlines()), 1, err)
        self.assertTrue(err.startswith("checkpoint.pyz init: "), err)
        self.assertNotIn("Traceback", err)
        for word in words:
            self.assertIn(word, err)

    def snapshot(self):
        """Every path under the project with its bytes (None for a folder) and mode."""
        found = {}
        for folder, folders, files in os.walk(str(self.project)):
            for name in folders + files:
                path = os.path.join(folder, name)
                data = None if os.path.isdir(path) else open(path, "rb").read()
                found[os.path.relpath(path, str(self.project))] = (data, mode_of(path))
        return found


@unittest.skipUnless(POSIX, "symbolic links")
class LinksTest(InitTestCase):

    def test_a_linked_client_folder_is_refused_and_the_users_own_config_kept(self):
        for client, relative in sorted(CLIENTS.items()):
            with self.subTest(client=client):
                folder, name = relative.split("/")
                own = self.home / folder / name
                own.parent.mkdir(exist_ok=True)
                own.write_text('{"mine": 1}\n' if name.endswith(".json") else
                               'model = "mine"\n', encoding="utf-8")
                os.chmod(str(own), 0o600)
                before = own.read_bytes()
                os.symlink(os.path.relpath(str(own.parent), str(self.project)),
                           str(self.project / folder))
                code, _, err = self.init("--client", client)
                self.assert_refused(code, err, str(self.project / folder),
                                    "is a symbolic link")
                self.assertEqual(own.read_bytes(), before)
                self.assertEqual(mode_of(own), 0o600)
                self.assertEqual(sorted(os.listdir(str(own.parent))), [name])

    def test_a_linked_folder_that_does_not_exist_yet_is_not_created_through(self):
        os.symlink(str(self.tmp / "elsewhere"), str(self.project / ".cursor"))
        code, _, err = self.init("--client", "cursor")
        self.assert_refused(code, err, "is a symbolic link")
        self.assertFalse(os.path.lexists(str(self.tmp / "elsewhere")))

    def test_a_linked_config_file_is_refused_for_every_client(self):
        for client, relative in sorted(CLIENTS.items()):
            with self.subTest(client=client):
                victim = self.tmp / ("victim-" + client)
                victim.write_text("mine\n", encoding="utf-8")
                os.chmod(str(victim), 0o600)
                link = self.project / relative
                link.parent.mkdir(exist_ok=True)
                os.symlink(str(victim), str(link))
                code, _, err = self.init("--client", client)
                self.assert_refused(code, err, "is a symbolic link")
                self.assertEqual(victim.read_text(encoding="utf-8"), "mine\n")
                self.assertEqual(mode_of(victim), 0o600)

    def test_a_windows_junction_is_refused_like_a_link(self):
        junction = self.project / ".vscode"
        junction.mkdir()
        real_lstat = os.lstat

        def lstat(path, *args, **kwargs):
            info = real_lstat(path, *args, **kwargs)
            if os.fspath(path) != str(junction):
                return info
            fake = mock.Mock(wraps=info, st_mode=info.st_mode)
            fake.st_reparse_tag = 0xA0000003  # IO_REPARSE_TAG_MOUNT_POINT
            return fake

        with mock.patch.object(os, "lstat", lstat):
            code, _, err = self.init("--client", "vscode")
        self.assert_refused(code, err, "%s is a junction" % junction)
        self.assertEqual(os.listdir(str(junction)), [])

    def test_a_client_folder_that_is_a_file_is_refused(self):
        self.write(".gemini", "not a folder\n")
        code, _, err = self.init("--client", "gemini")
        self.assert_refused(code, err, "is not a folder")

    def test_a_refused_config_leaves_the_guide_files_unwritten_too(self):
        os.symlink(str(self.home), str(self.project / ".codex"))
        before = self.snapshot()
        code, out, err = self.init("--client", "codex")
        self.assert_refused(code, err)
        self.assertEqual(self.snapshot(), before)
        self.assertEqual(out, "")


@unittest.skipUnless(POSIX, "file modes")
class ModesTest(InitTestCase):

    def test_an_existing_config_keeps_its_mode(self):
        for client, mode in (("codex", 0o600), ("vscode", 0o640), ("gemini", 0o664)):
            with self.subTest(client=client):
                relative = CLIENTS[client]
                path = self.write(relative, '{"other": 1}\n' if client != "codex" else
                                  'model = "x"\n', mode)
                code, _, err = self.init("--client", client)
                self.assertEqual(code, 0, err)
                self.assertEqual(mode_of(path), mode)
                self.assertIn(NAME, path.read_text(encoding="utf-8"))

    def test_a_new_config_gets_the_usual_mode_of_a_new_file(self):
        umask = os.umask(0o022)
        self.addCleanup(os.umask, umask)
        os.umask(0o027)
        code, _, err = self.init("--client", "cursor")
        self.assertEqual(code, 0, err)
        self.assertEqual(mode_of(self.project / ".cursor" / "mcp.json"), 0o640)

    def test_the_guide_files_keep_their_mode(self):
        path = self.write("AGENTS.md", "# Rules\n", 0o600)
        code, _, err = self.init()
        self.assertEqual(code, 0, err)
        self.assertEqual(mode_of(path), 0o600)
        self.assertIn("session-checkpoint", path.read_text(encoding="utf-8"))


class DuplicateKeysTest(InitTestCase):

    def test_duplicate_json_keys_are_refused_and_the_file_left_as_it_was(self):
        texts = {
            "servers": '{"servers": {"mine": {"command": "a"}},\n "servers": {}}\n',
            "nested": '{"servers": {"mine": {"command": "a", "command": "b"}}}\n',
            "ours": '{"servers": {"%s": {"command": "a"}, "%s": {"command": "b"}}}\n'
                    % (NAME, NAME),
        }
        for case, text in texts.items():
            with self.subTest(case=case):
                path = self.write(".vscode/mcp.json", text)
                code, out, err = self.init("--client", "vscode")
                self.assert_refused(code, err, str(path), "twice")
                self.assertEqual(path.read_text(encoding="utf-8"), text)
                self.assertEqual(out, "")

    def test_nan_is_not_json_and_is_refused(self):
        path = self.write(".gemini/settings.json", '{"x": NaN}\n')
        code, _, err = self.init("--client", "gemini")
        self.assert_refused(code, err, str(path), "not valid JSON")


class DepthTest(InitTestCase):

    DEPTH = 100000

    def test_deep_json_is_refused_in_one_line(self):
        text = '{"servers": {}, "x": %s1%s}\n' % ("[" * self.DEPTH, "]" * self.DEPTH)
        path = self.write(".vscode/mcp.json", text)
        code, _, err = self.init("--client", "vscode")
        self.assert_refused(code, err, str(path), "nested more than %d deep"
                            % checkpoint_mcp.LIMITS["configDepth"])
        self.assertEqual(path.read_text(encoding="utf-8"), text)

    def test_deep_json_objects_are_refused_in_one_line(self):
        text = '%s1%s\n' % ('{"a": ' * self.DEPTH, "}" * self.DEPTH)
        path = self.write(".cursor/mcp.json", text)
        code, _, err = self.init("--client", "cursor")
        self.assert_refused(code, err, str(path), "nested more than")

    def test_brackets_in_json_strings_do_not_count(self):
        text = json.dumps({"servers": {"other": {"command": "[" * 1000 + "\\\"{"}}})
        path = self.write(".vscode/mcp.json", text)
        code, _, err = self.init("--client", "vscode")
        self.assertEqual(code, 0, err)
        config = json.loads(path.read_text(encoding="utf-8"))
        self.assertEqual(config["servers"]["other"]["command"], "[" * 1000 + "\\\"{")


if __name__ == "__main__":
    unittest.main()
