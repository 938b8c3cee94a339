"""`init` in a repository the user does not control: everything in the project is the
attacker's. init never writes through a link anywhere below the project root, never
changes an existing file's mode, refuses a config it could not rewrite faithfully
(duplicate keys, nesting too deep) with one line that changes nothing, and drops any env
the project set for our own server, saying which."""
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
TABLES = {"vscode": "servers", "cursor": "mcpServers", "gemini": "mcpServers",
          "codex": "mcp_servers"}
NAME = "session-checkpoint"


def toml_loads(text):
    try:
        import tomllib
    except ImportError:
        return None
    return tomllib.loads(text)


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
class HardLinkTest(InitTestCase):

    def test_a_guide_file_that_is_a_hard_link_is_not_appended_to(self):
        outside = self.tmp / "outside.md"
        outside.write_text("the user's own notes\n", encoding="utf-8")
        os.link(str(outside), str(self.project / "CLAUDE.md"))
        code, out, err = self.init()
        self.assertNotEqual(code, 0)
        self.assertIn("hard link", err)
        self.assertEqual(outside.read_text(encoding="utf-8"), "the user's own notes\n")


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

    def test_duplicate_toml_tables_and_keys_are_refused(self):
        texts = {
            "table": '[mcp_servers.mine]\ncommand = "a"\n\n[mcp_servers.mine]\ncommand = "b"\n',
            "key": '[mcp_servers.mine]\ncommand = "a"\ncommand = "b"\n',
            "ours": '[mcp_servers.%s]\ncommand = "a"\n\n[mcp_servers."%s"]\ncommand = "b"\n'
                    % (NAME, NAME),
            "inline": 'mine = { a = 1, a = 2 }\n',
        }
        for case, text in texts.items():
            with self.subTest(case=case):
                path = self.write(".codex/config.toml", text)
                code, out, err = self.init("--client", "codex")
                self.assert_refused(code, err, str(path), "twice")
                self.assertEqual(path.read_text(encoding="utf-8"), text)

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

    def test_deep_toml_is_refused_in_one_line(self):
        for case, text in (("array", "x = %s1%s\n" % ("[" * self.DEPTH, "]" * self.DEPTH)),
                           ("table", "x = %s1%s\n" % ("{a = " * self.DEPTH, "}" * self.DEPTH)),
                           ("key", "[%s]\n" % ".".join(["a"] * self.DEPTH))):
            with self.subTest(case=case):
                path = self.write(".codex/config.toml", text)
                code, _, err = self.init("--client", "codex")
                self.assert_refused(code, err, str(path), "nested more than")
                self.assertEqual(path.read_text(encoding="utf-8"), text)


class EnvTest(InitTestCase):

    ENV = {"SESSION_CHECKPOINT_STATE_DIR": "./state", "XDG_STATE_HOME": "./x",
           "CHECKPOINT_PROJECT_ROOT": "/tmp/elsewhere"}

    def test_a_json_env_for_our_server_is_dropped_and_named(self):
        for client in ("vscode", "cursor", "gemini"):
            with self.subTest(client=client):
                table = TABLES[client]
                path = self.write(CLIENTS[client], json.dumps({table: {
                    NAME: {"command": "old", "env": self.ENV, "envFile": "./.env"},
                    "other": {"command": "o", "env": {"KEEP": "1"}}}}))
                code, out, err = self.init("--client", client)
                self.assertEqual(code, 0, err)
                config = json.loads(path.read_text(encoding="utf-8"))[table]
                ours = dict(checkpoint_mcp.CLIENT_CONFIGS[client].extra).get("env")
                self.assertEqual(config[NAME].get("env"), ours)
                self.assertNotIn("envFile", config[NAME])
                self.assertEqual(config["other"], {"command": "o", "env": {"KEEP": "1"}})
                dropped = [line for line in out.splitlines() if "dropped" in line]
                self.assertEqual(len(dropped), 1, out)  # one line says it all
                for key in ("SESSION_CHECKPOINT_STATE_DIR", "XDG_STATE_HOME",
                            "CHECKPOINT_PROJECT_ROOT", "envFile"):
                    self.assertIn(key, dropped[0])

    def test_a_toml_env_for_our_server_is_dropped_and_named(self):
        texts = {
            "subtable": '[mcp_servers.%s]\ncommand = "old"\n\n[mcp_servers.%s.env]\n'
                        'SESSION_CHECKPOINT_STATE_DIR = "./state"\nXDG_STATE_HOME = "./x"\n'
                        % (NAME, NAME),
            "inline": '[mcp_servers.%s]\ncommand = "old"\nenv = { SESSION_CHECKPOINT_STATE_DIR'
                      ' = "./state", XDG_STATE_HOME = "./x" }\n' % NAME,
            "dotted": '[mcp_servers]\n%s.command = "old"\n%s.env.SESSION_CHECKPOINT_STATE_DIR'
                      ' = "./state"\n"%s".env.XDG_STATE_HOME = "./x"\n' % (NAME, NAME, NAME),
            "root": 'mcp_servers.%s.env = { SESSION_CHECKPOINT_STATE_DIR = "./state", '
                    'XDG_STATE_HOME = "./x" }\n' % NAME,
        }
        for case, text in texts.items():
            with self.subTest(case=case):
                path = self.write(".codex/config.toml", 'model = "m"\n' + text
                                  + '\n[mcp_servers.keep]\ncommand = "k"\n')
                code, out, err = self.init("--client", "codex")
                self.assertEqual(code, 0, err)
                written = path.read_text(encoding="utf-8")
                self.assertNotIn("./state", written)
                self.assertNotIn('"./x"', written)
                self.assertNotIn('"old"', written)
                self.assertIn("SESSION_CHECKPOINT_STATE_DIR", out)
                self.assertIn("XDG_STATE_HOME", out)
                self.assertIn('[mcp_servers.keep]\ncommand = "k"\n', written)
                parsed = toml_loads(written)
                if parsed is not None:
                    self.assertEqual(parsed["model"], "m")
                    self.assertEqual(sorted(parsed["mcp_servers"][NAME]),
                                     sorted(["args", "command"]
                                            + list(checkpoint_mcp.CLIENT_CONFIGS["codex"].extra)))
                    self.assertEqual(parsed["mcp_servers"]["keep"], {"command": "k"})

    def test_the_dropped_names_reach_the_terminal_as_one_line_without_controls(self):
        name = "X\x1b]52;c;cHduZWQ=\x07\nY\u202e"
        self.write(".gemini/settings.json", json.dumps({"mcpServers": {NAME: {
            "command": "old", "env": {name: "1"}}}}))
        self.write(".codex/config.toml", '[mcp_servers.%s.env]\n"%s" = "1"\n' % (
            NAME, name.replace("\x1b", "\\u001b").replace("\x07", "\\u0007")
            .replace("\n", "\\n")))
        for client in ("gemini", "codex"):
            with self.subTest(client=client):
                code, out, err = self.init("--client", client)
                self.assertEqual(code, 0, err)
                dropped = [line for line in out.splitlines() if "dropped" in line]
                self.assertEqual(len(dropped), 1, out)
                line = dropped[0]
                self.assertIn("X]52;c;cHduZWQ= Y", line)
                for control in ("\x1b", "\x07", "\u202e"):
                    self.assertNotIn(control, out)

    def test_an_update_of_our_own_entry_says_nothing_was_dropped(self):
        for client in sorted(CLIENTS):
            with self.subTest(client=client):
                self.assertEqual(self.init("--client", client)[0], 0)
                code, out, _ = self.init("--client", client)
                self.assertEqual(code, 0)
                self.assertIn("already up to date", out)
                self.assertNotIn("dropped", out)


class TomlShapeTest(InitTestCase):

    def test_a_header_inside_a_multiline_string_is_not_a_table(self):
        text = ('description = """\n[mcp_servers.%s]\ncommand = "inside"\n"""\n\n'
                "[mcp_servers.keep]\ncommand = 'k'\n" % NAME)
        path = self.write(".codex/config.toml", text)
        code, _, err = self.init("--client", "codex")
        self.assertEqual(code, 0, err)
        written = path.read_text(encoding="utf-8")
        self.assertTrue(written.startswith(text), written)
        self.assertEqual(written.count("[mcp_servers.%s]" % NAME), 2)
        parsed = toml_loads(written)
        if parsed is not None:
            self.assertIn('command = "inside"', parsed["description"])
            self.assertEqual(parsed["mcp_servers"][NAME]["command"], "python3")

    def test_crlf_lines_and_comments_are_kept_byte_for_byte(self):
        text = ('# mine\r\nmodel = "x" # why\r\n\r\n[mcp_servers.%s]\r\ncommand = "old"\r\n'
                "\r\n[mcp_servers.keep] # k\r\ncommand = 'k'\r\n" % NAME)
        path = self.write(".codex/config.toml", "")
        path.write_bytes(text.encode("utf-8"))
        code, _, err = self.init("--client", "codex")
        self.assertEqual(code, 0, err)
        written = path.read_bytes().decode("utf-8")
        self.assertTrue(written.startswith('# mine\r\nmodel = "x" # why\r\n\r\n'), written)
        self.assertIn("[mcp_servers.keep] # k\r\ncommand = 'k'\r\n", written)
        self.assertNotIn('"old"', written)

    def test_servers_defined_inline_are_refused_rather_than_broken(self):
        text = 'mcp_servers = { other = { command = "o" } }\n'
        path = self.write(".codex/config.toml", text)
        code, _, err = self.init("--client", "codex")
        self.assert_refused(code, err, str(path))
        self.assertEqual(path.read_text(encoding="utf-8"), text)

    def test_invalid_toml_is_refused_on_every_python(self):
        for text in ('x = "unterminated\n', "[mcp_servers\n", "x = \n", "= 1\n"):
            with self.subTest(text=text):
                path = self.write(".codex/config.toml", text)
                code, _, err = self.init("--client", "codex")
                self.assert_refused(code, err, str(path), "not valid TOML")
                self.assertEqual(path.read_text(encoding="utf-8"), text)


if __name__ == "__main__":
    unittest.main()
