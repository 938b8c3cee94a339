"""A new user's first hour: what they type after what they were shown works, through the
real entry points (the tools over the protocol in this process, the command line through
`main`, the built pyz where a process is the point)."""
import json
import os
import subprocess
import time
import unittest

from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LIST, LOAD, SAVE, TempDirTestCase, make_git_repo, pyz_command,
                           read_checkpoint, run_main)

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
        saved = read_checkpoint(self.project / CHECKPOINT_DIR / "s.json")
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
        self.assertFalse((self.project / CHECKPOINT_DIR / "s.json").exists())
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


class CheckpointFolderStaysOutOfGitTest(FirstHourTestCase):

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {"README.md": "hello\n",
                                               ".gitignore": "build/\n"})

    def git(self, *args):
        return subprocess.run(["git"] + list(args), cwd=str(self.project), env=self.env,
                              check=True, stdout=subprocess.PIPE).stdout.decode("utf-8")

    def commit_everything(self):
        self.git("add", "-A")
        self.git("commit", "-q", "--allow-empty", "-m", "habit")

    def test_git_add_all_picks_up_nothing_and_the_checkpoint_stays_trusted(self):
        result = self.save(("s", {"goal": "Add OAuth"}))[0]
        self.assertNotIn("git-ignored", result["content"][0]["text"])
        self.assertEqual(self.git("status", "--porcelain"), "")
        self.commit_everything()
        self.assertEqual(self.git("ls-files", CHECKPOINT_DIR), "")
        code, out, err = self.cli("list")
        self.assertEqual(code, 0, err)
        self.assertNotIn("UNTRUSTED", out)
        self.assertEqual((self.project / ".gitignore").read_text(encoding="utf-8"), "build/\n")

    def test_a_save_restores_the_folders_ignore_file_when_it_is_missing(self):
        self.save(("s", {"goal": "one"}))
        ignore_file = self.project / CHECKPOINT_DIR / ".gitignore"
        self.assertEqual(ignore_file.read_text(encoding="utf-8").splitlines()[-1], "*")
        ignore_file.unlink()
        self.save(("s", {"goal": "two"}))
        self.assertTrue(ignore_file.exists())
        self.assertEqual(self.git("status", "--porcelain"), "")

    def test_an_ignore_file_the_user_changed_is_left_as_it_is(self):
        folder = self.project / CHECKPOINT_DIR
        folder.mkdir(mode=0o700)
        (folder / ".gitignore").write_text("# mine\n", encoding="utf-8")
        self.save(("s", {"goal": "one"}))
        self.assertEqual((folder / ".gitignore").read_text(encoding="utf-8"), "# mine\n")

    def test_the_ignore_file_is_no_checkpoint_and_no_problem(self):
        self.save(("s", {"goal": "one"}))
        code, out, err = self.cli("list", "--json")
        self.assertEqual(json.loads(out)["total"], 1)
        code, out, err = self.cli("prune", "--keep", "0")
        self.assertEqual(code, 0, err)
        self.assertTrue((self.project / CHECKPOINT_DIR / ".gitignore").exists())
        self.save(("t", {"goal": "two"}))
        code, out, err = self.cli("doctor")
        self.assertNotIn("can be read by others", out)
        self.assertIn("checkpoints are git-ignored", out)
        start = run_main(["--hook", "session-start"], self.env, cwd=self.project,
                         stdin=json.dumps({"session_id": "new", "cwd": str(self.project),
                                           "hook_event_name": "SessionStart"}).encode())
        self.assertIn("has 1 saved session checkpoint", start.stdout.decode("utf-8"))
        self.assertNotIn("untrusted", start.stdout.decode("utf-8"))

    def test_the_legacy_file_still_warns_when_git_would_commit_it(self):
        env = self.env_with(CHECKPOINT_SESSION_IDS="legacy")
        with self.server(env=env) as server:
            result = server.call_tool(SAVE, {"goal": "shared"})
        self.assertIn(".claude-checkpoint is not git-ignored", result["content"][0]["text"])

    def test_doctor_in_a_fresh_project_says_the_first_save_keeps_it_out_of_git(self):
        code, out, err = self.cli("doctor")
        line = [line for line in out.splitlines() if "git" in line and "ignore" in line][0]
        self.assertTrue(line.startswith("OK"), line)
        self.assertIn(".gitignore", line)


class MovedProjectTest(FirstHourTestCase):

    def setUp(self):
        super().setUp()
        self.save(("s", {"goal": "Add OAuth"}))

    def move_project(self, name="renamed"):
        moved = self.tmp / name
        os.rename(str(self.project), str(moved))
        self.old, self.project = self.project, moved
        return moved

    def test_a_renamed_project_keeps_its_checkpoints_and_says_where_they_were_saved(self):
        self.move_project()
        code, out, err = self.cli("list")
        self.assertEqual(code, 0, err)
        self.assertNotIn("UNTRUSTED", out)
        self.assertIn(str(self.old), err)
        result = self.tool(LOAD, {"session": "s"})
        self.assertTrue(result["structuredContent"]["trusted"], result)
        self.assertIn(str(self.old), result["structuredContent"]["brief"])

    def test_the_nudge_offers_the_checkpoints_of_a_moved_project(self):
        self.move_project()
        start = run_main(["--hook", "session-start"], self.env, cwd=self.project,
                         stdin=json.dumps({"session_id": "new", "cwd": str(self.project),
                                           "hook_event_name": "SessionStart"}).encode())
        text = start.stdout.decode("utf-8")
        self.assertIn("has 1 saved session checkpoint", text)
        self.assertNotIn("untrusted", text)

    def test_a_copy_beside_the_original_stays_untrusted(self):
        import shutil
        copy = self.tmp / "copy"
        shutil.copytree(str(self.project), str(copy))
        code, out, err = self.cli("list", cwd=copy)
        self.assertIn("UNTRUSTED: saved in another directory", out)
        result = self.tool(LOAD, {"session": "s", "projectRoot": str(copy)})
        self.assertFalse(result["structuredContent"]["trusted"], result)

    def test_a_new_project_made_where_the_old_one_was_leaves_the_moved_one_trusted(self):
        self.move_project()
        self.old.mkdir()
        code, out, err = self.cli("list")
        self.assertNotIn("UNTRUSTED", out)

    def test_the_next_save_records_the_new_place(self):
        self.move_project()
        self.save(("s", {"goal": "Add OAuth", "mode": "merge"}), cwd=self.project)
        code, out, err = self.cli("list")
        self.assertNotIn(str(self.old), err)
        self.assertNotIn("UNTRUSTED", out)


class SubfolderTest(FirstHourTestCase):

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {"src/app.py": "print()\n"})
        self.save(("s", {"goal": "Add OAuth"}))
        self.src = self.project / "src" / "deep"
        self.src.mkdir()

    def test_list_from_a_subfolder_finds_the_projects_checkpoints_and_says_where(self):
        code, out, err = self.cli("list", cwd=self.src)
        self.assertEqual(code, 0, err)
        self.assertIn("Add OAuth", out)
        self.assertIn(str(self.project), err)

    def test_show_delete_and_doctor_use_the_same_folder(self):
        code, out, err = self.cli("show", cwd=self.src)
        self.assertEqual(code, 0, err)
        self.assertIn("Add OAuth", out)
        code, out, err = self.cli("doctor", cwd=self.src)
        self.assertIn("project root %s (from the nearest folder" % self.project, out)
        code, out, err = self.cli("delete", "s", cwd=self.src)
        self.assertEqual(code, 0, err)
        self.assertFalse((self.project / CHECKPOINT_DIR / "s.json").exists())

    def test_the_search_stops_at_the_repository_top(self):
        inner = self.project / "vendor" / "lib"
        make_git_repo(inner, self.env)
        code, out, err = self.cli("list", cwd=inner)
        self.assertEqual(code, 1)
        self.assertIn("No checkpoints in %s" % inner, err)

    def test_the_search_stops_at_the_home_folder(self):
        home_project = self.home / "notes"
        home_project.mkdir()
        (self.tmp / CHECKPOINT_DIR).mkdir()  # above the home folder: never reached
        code, out, err = self.cli("list", cwd=home_project)
        self.assertEqual(code, 1)
        self.assertIn("No checkpoints in %s" % home_project, err)

    def test_outside_a_repository_and_the_home_folder_nothing_is_searched(self):
        outside = self.tmp / "scratch" / "sub"
        outside.mkdir(parents=True)
        (self.tmp / "scratch" / CHECKPOINT_DIR).mkdir()
        code, out, err = self.cli("list", cwd=outside)
        self.assertIn("No checkpoints in %s" % outside, err)

    def test_the_tools_keep_their_root_rule(self):
        with self.server(cwd=self.src) as server:
            result = server.call_tool(LIST, {})
        self.assertEqual(result["structuredContent"]["path"], str(self.src))


class ClosedPipeTest(FirstHourTestCase):
    """A reader that stops early (`| head`, `| grep -q`) ends the command quietly, with the
    status a shell gives a program SIGPIPE ended (128 + 13), as well as it can tell."""

    def run_into_closed_pipe(self, *args):
        """The pyz run with a stdout whose reader has gone before it writes a byte."""
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            done = subprocess.run(pyz_command(*args), cwd=str(self.project), env=self.env,
                                  stdin=subprocess.DEVNULL, stdout=write_end,
                                  stderr=subprocess.PIPE, timeout=60)
        finally:
            os.close(write_end)
        return done.returncode, done.stderr.decode("utf-8", "replace")

    def test_every_command_ends_quietly_on_a_closed_stdout(self):
        self.save(("s", {"goal": "Add OAuth"}))
        for args in (["--help"], ["list"], ["list", "--json"], ["show"], ["doctor"],
                     ["list", "--help"]):
            with self.subTest(args=args):
                code, err = self.run_into_closed_pipe(*args)
                self.assertEqual(err, "")
                self.assertEqual(code, 141 if os.name != "nt" else 1)

    @unittest.skipIf(os.name == "nt", "bash")
    def test_a_reader_that_stops_after_the_first_line_gets_no_false_message(self):
        self.save(("s", {"goal": "Add OAuth"}))
        for attempt in range(5):
            done = subprocess.run(" ".join(pyz_command("doctor")) + " | head -c 1 >/dev/null;"
                                  " exit ${PIPESTATUS[0]}", shell=True, executable="/bin/bash",
                                  cwd=str(self.project), env=self.env, stderr=subprocess.PIPE,
                                  timeout=60)
            self.assertNotIn(b"Broken pipe", done.stderr)
            self.assertNotIn(b"Traceback", done.stderr)
            self.assertIn(done.returncode, (0, 1, 141))


class InitClientTest(FirstHourTestCase):

    def config(self):
        return self.project / ".vscode" / "mcp.json"

    def test_a_second_run_says_already_up_to_date_and_writes_nothing(self):
        code, out, err = self.cli("init", "--client", "vscode")
        self.assertEqual(code, 0, err)
        self.assertIn("Added the session-checkpoint server", out)
        before = os.stat(str(self.config()))
        code, out, err = self.cli("init", "--client", "vscode")
        self.assertEqual(code, 0, err)
        self.assertIn("already up to date", out)
        self.assertNotIn("Updated", out)
        self.assertEqual(os.stat(str(self.config())).st_ino, before.st_ino)

    def test_an_entry_already_there_in_another_layout_is_up_to_date_and_kept(self):
        self.cli("init", "--client", "vscode")
        data = json.loads(self.config().read_text(encoding="utf-8"))
        text = json.dumps(data, indent=4)  # the user's own formatting
        self.config().write_text(text, encoding="utf-8")
        code, out, err = self.cli("init", "--client", "vscode")
        self.assertIn("already up to date", out)
        self.assertEqual(self.config().read_text(encoding="utf-8"), text)

    def test_a_config_with_comments_keeps_them_and_gets_the_exact_entry_to_add(self):
        self.config().parent.mkdir()
        text = ('{\n  // my servers\n  "servers": {\n    /* docs */ "other": {"command": "x"},'
                '\n  },\n}\n')
        self.config().write_text(text, encoding="utf-8")
        code, out, err = self.cli("init", "--client", "vscode")
        self.assertEqual(code, 1)
        self.assertEqual(self.config().read_text(encoding="utf-8"), text)
        self.assertIn("comments", err)
        entry = json.loads("{%s}" % err[err.index('"session-checkpoint":'):].strip().rstrip("."))
        self.assertEqual(entry["session-checkpoint"]["args"][-1].rsplit(os.sep, 1)[-1],
                         "checkpoint.pyz")
        # Added by hand as told, among the comments: init then finds it up to date.
        self.config().write_text(text.replace('"other"', '%s, "other"' % json.dumps(
            entry)[1:-1]), encoding="utf-8")
        code, out, err = self.cli("init", "--client", "vscode")
        self.assertEqual(code, 0, err)
        self.assertIn("already up to date", out)
        self.assertIn("// my servers", self.config().read_text(encoding="utf-8"))

    def test_the_config_it_writes_starts_a_server_that_lists_the_tools(self):
        code, out, err = self.cli("init", "--client", "vscode")
        self.assertEqual(code, 0, err)
        entry = json.loads(self.config().read_text(encoding="utf-8"))["servers"][
            "session-checkpoint"]
        env = dict(self.env)
        env.update({name: value.replace("${workspaceFolder}", str(self.project))
                    for name, value in entry.get("env", {}).items()})
        messages = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-11-25", "capabilities": {},
                "clientInfo": {"name": "tests", "version": "0"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}]
        done = subprocess.run([entry["command"]] + entry["args"], cwd=str(self.tmp), env=env,
                              input="".join(json.dumps(m) + "\n" for m in messages).encode(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        replies = [json.loads(line) for line in done.stdout.splitlines()]
        tools = [tool["name"] for tool in replies[-1]["result"]["tools"]]
        self.assertEqual(tools, [SAVE, LOAD, LIST])

    def test_a_config_no_reader_could_parse_is_refused_quickly(self):
        self.config().parent.mkdir()
        self.config().write_text('{"servers": {}, "x": "' + '\\"' * 300000, encoding="utf-8")
        started = time.monotonic()
        code, out, err = self.cli("init", "--client", "vscode")
        self.assertEqual(code, 1)
        self.assertIn("not valid JSON", err)
        self.assertLess(time.monotonic() - started, 5)


class DoctorClaudeProfileTest(FirstHourTestCase):
    """doctor reads Claude Code's setup where Claude Code does: $CLAUDE_CONFIG_DIR first."""

    def write_json(self, path, value):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value), encoding="utf-8")

    def server_line(self, out):
        return [line for line in out.splitlines()
                if "server" in line and ("Claude Code" in line or "registered" in line)][0]

    def test_a_second_profile_is_read_instead_of_the_default_one(self):
        profile = self.tmp / "work-profile"
        self.write_json(profile / ".claude.json", {"mcpServers": {"ckpt-work": {
            "command": "python3", "args": ["-I", "-S", "/opt/checkpoint.pyz"]}}})
        self.write_json(profile / "settings.json", {"hooks": {"SessionStart": [{"hooks": [
            {"type": "command", "command": "python3 /opt/checkpoint.pyz --hook session-start"}
        ]}]}})
        code, out, err = self.cli("doctor", env=self.env_with(CLAUDE_CONFIG_DIR=profile))
        line = self.server_line(out)
        self.assertTrue(line.startswith("OK"), line)
        self.assertIn("'ckpt-work' in %s" % (profile / ".claude.json"), line)
        hooks = [line for line in out.splitlines() if "hook is not registered" in line
                 or "hooks are not registered" in line][0]
        self.assertNotIn("session-start", hooks)
        self.assertIn(str(profile / "settings.json"), hooks)
        code, out, err = self.cli("doctor")  # the default profile knows no server
        self.assertTrue(self.server_line(out).startswith("WARN"))

    def test_a_server_registered_twice_is_named_in_the_command_to_run(self):
        key = "session-checkpoint@session-checkpoint"
        self.write_json(self.home / ".claude" / "plugins" / "installed_plugins.json", {
            "version": 2, "plugins": {key: [{"scope": "user", "version": "1"}]}})
        self.write_json(self.home / ".claude" / "settings.json", {"enabledPlugins": {key: True}})
        self.write_json(self.home / ".claude.json", {"mcpServers": {"checkpoint": {
            "command": "python3", "args": ["/opt/checkpoint.pyz"]}}})
        self.write_json(self.project / ".mcp.json", {"mcpServers": {"ckpt; rm -rf ~": {
            "command": "python3", "args": ["/opt/checkpoint.pyz"]}}})
        code, out, err = self.cli("doctor")
        line = [line for line in out.splitlines() if "registered twice" in line][0]
        self.assertIn("`claude mcp remove --scope user checkpoint`", line)
        self.assertIn("`claude mcp remove --scope project 'ckpt; rm -rf ~'`", line)
        self.assertNotIn("NAME", line)


class CleanFileTest(FirstHourTestCase):
    """A file the agent names that git reports clean is not recorded as modified."""

    def setUp(self):
        super().setUp()
        make_git_repo(self.project, self.env, {"read.py": "read\n", "edited.py": "v1\n",
                                               ".gitignore": "local.env\n"})
        (self.project / "edited.py").write_text("v2\n", encoding="utf-8")
        (self.project / "local.env").write_text("X=1\n", encoding="utf-8")

    def saved_files(self):
        data = read_checkpoint(self.project / CHECKPOINT_DIR / "s.json")
        return {item["path"]: item for item in data["modifiedFiles"]}

    def test_a_clean_file_is_stored_without_a_modification_status(self):
        self.save(("s", {"goal": "g", "modifiedFiles": [
            {"path": "read.py", "note": "only read"}, {"path": "edited.py"},
            {"path": "local.env"}]}))
        files = self.saved_files()
        self.assertNotIn("status", files["read.py"])
        self.assertTrue(files["read.py"]["hash"])
        self.assertEqual(files["edited.py"]["status"], "M")
        self.assertEqual(files["local.env"]["status"], "M")  # ignored: git cannot say

    def test_the_brief_does_not_call_a_clean_file_modified(self):
        self.save(("s", {"goal": "g", "modifiedFiles": [{"path": "read.py"}]}))
        brief = self.tool(LOAD, {"session": "s"})["structuredContent"]["brief"]
        line = [line for line in brief.splitlines() if "read.py" in line][0]
        self.assertNotIn("(M)", line)
        self.assertIn("clean", line)

    def test_outside_git_a_named_file_is_still_taken_as_modified(self):
        import shutil
        shutil.rmtree(str(self.project / ".git"))
        self.save(("s", {"goal": "g", "modifiedFiles": [{"path": "read.py"}]}))
        self.assertEqual(self.saved_files()["read.py"]["status"], "M")


class PluginIconTest(FirstHourTestCase):
    """The Claude Code plugin has an icon: plugin.json names it, inside the plugin folder,
    and it is the bundle's icon, kept so by build_zipapp.py (--check)."""

    def test_plugin_json_names_the_bundles_icon_inside_the_plugin(self):
        import build_zipapp
        from tests.support import REPO
        plugin = json.loads((REPO / build_zipapp.PLUGIN_JSON).read_text(encoding="utf-8"))
        self.assertTrue(plugin["icon"].startswith("./"), plugin["icon"])
        icon = REPO / "plugin" / plugin["icon"][2:]
        self.assertEqual(icon.read_bytes(), (REPO / build_zipapp.ICON).read_bytes())
        self.assertEqual(build_zipapp.build_all()[build_zipapp.PLUGIN_ICON], icon.read_bytes())

    def test_check_fails_when_the_plugins_icon_is_stale(self):
        import build_zipapp
        from unittest import mock
        outputs = build_zipapp.build_all()
        outputs[build_zipapp.PLUGIN_ICON] += b"\0"
        with mock.patch.object(build_zipapp, "build_all", return_value=outputs), \
                mock.patch("sys.stdout"):
            with self.assertRaises(SystemExit) as done:
                build_zipapp.main(["--check"])
        self.assertIn(build_zipapp.PLUGIN_ICON, str(done.exception.code))
