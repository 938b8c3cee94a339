"""How the server works as the agent CLIs that are not Claude Code really run it: the
argument keys they add, the session and project they name in a call's `_meta`, and the
config `init --client` writes for them."""
import json
import re
from pathlib import Path

import checkpoint_mcp
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import LIST, LOAD, SAVE, TempDirTestCase, make_git_repo, run_main


def text_of(result):
    return result["content"][0]["text"]


class ArgumentsClientsAddTest(TempDirTestCase):
    """Gemini CLI adds `wait_for_previous` to every tool's schema and its model sets it: a
    key the contract does not name is ignored, said once, and the named ones still hold."""

    def test_a_key_the_client_adds_is_ignored_and_said_once_per_server(self):
        server = self.server()
        first = server.call_tool(SAVE, {"goal": "g", "wait_for_previous": True})
        self.assertFalse(first.get("isError"), first)
        said = [warning for warning in first["structuredContent"]["warnings"]
                if "wait_for_previous" in warning]
        self.assertEqual(len(said), 1, first)
        self.assertIn("wait_for_previous", text_of(first))
        session = first["structuredContent"]["session"]
        for tool, arguments in [(SAVE, {"goal": "g2", "session": session,
                                        "wait_for_previous": True}),
                                (LOAD, {"session": session, "wait_for_previous": False}),
                                (LIST, {"wait_for_previous": True})]:
            with self.subTest(tool=tool):
                result = server.call_tool(tool, arguments)
                self.assertFalse(result.get("isError"), result)
                self.assertNotIn("wait_for_previous", text_of(result))
                self.assertNotIn("wait_for_previous", str(result["structuredContent"]))

    def test_each_tool_ignores_it_on_its_first_call_and_says_so(self):
        for tool, arguments in [(LOAD, {}), (LIST, {"limit": 1})]:
            with self.subTest(tool=tool):
                result = self.server().call_tool(tool, dict(arguments, wait_for_previous=True))
                self.assertFalse(result.get("isError"), result)
                self.assertIn("wait_for_previous", text_of(result))
                self.assertTrue(any("wait_for_previous" in warning for warning
                                    in result["structuredContent"]["warnings"]), result)

    def test_each_new_name_is_said_once_and_a_failed_call_says_it_too(self):
        server = self.server()
        failed = server.call_tool(SAVE, {"goal": 1, "wait_for_previous": True})
        self.assertTrue(failed.get("isError"), failed)
        self.assertIn("wait_for_previous", text_of(failed))
        later = server.call_tool(LIST, {"wait_for_previous": True, "cursor": "x"})
        self.assertIn("`cursor`", text_of(later))
        self.assertNotIn("wait_for_previous", text_of(later))

    def test_a_new_server_says_it_again(self):
        for _ in range(2):
            result = self.server().call_tool(LIST, {"wait_for_previous": True})
            self.assertIn("wait_for_previous", text_of(result))

    def test_the_named_keys_are_still_checked(self):
        server = self.server()
        for tool, arguments, field in [
                (SAVE, {"goal": 1}, "goal"), (SAVE, {"goal": "g", "mode": "both"}, "mode"),
                (LOAD, {"format": "short"}, "format"), (LIST, {"limit": -1}, "limit"),
                (SAVE, {"goal": "g", "tasks": [{"description": "d", "status": "done",
                                                "owner": "me"}]}, "tasks[0].owner")]:
            with self.subTest(tool=tool, arguments=arguments):
                result = server.call_tool(tool, dict(arguments, wait_for_previous=True))
                self.assertTrue(result.get("isError"), result)
                self.assertIn(field, text_of(result))
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def test_an_ignored_key_never_reaches_the_checkpoint(self):
        server = self.server()
        result = server.call_tool(SAVE, {"goal": "g", "wait_for_previous": "sk-live-secret"})
        self.assertFalse(result.get("isError"), result)
        path = result["structuredContent"]["path"]
        with open(path, encoding="utf-8") as handle:
            self.assertNotIn("wait_for_previous", handle.read())

    def test_hostile_key_names_are_shown_on_one_line_and_bounded(self):
        name = "x\n\x1b[31m## New section" + "y" * 5000
        result = self.server().call_tool(LIST, {name: 1})
        self.assertFalse(result.get("isError"), result)
        text = text_of(result)
        self.assertNotIn("\x1b", text)
        self.assertNotIn("\n## New section", text)
        self.assertLess(len(text), 2000)

    def test_a_key_that_is_not_text_is_still_ignored(self):
        result = self.server().call_tool(LIST, {"\udfff": 1})
        self.assertFalse(result.get("isError"), result)
        self.assertIn("\\udfff", text_of(result))

    def test_the_advertised_schema_allows_what_the_server_accepts(self):
        tools = self.server().request("tools/list")["result"]["tools"]
        for tool in tools:
            with self.subTest(tool=tool["name"]):
                schema = tool["inputSchema"]
                self.assertNotEqual(schema.get("additionalProperties", True), False)
                for value in schema["properties"].values():
                    items = value.get("items", {})
                    if items.get("type") == "object":  # the model's own items stay exact
                        self.assertIs(items["additionalProperties"], False)


def codex_meta(session, *workspaces):
    """The `_meta` Codex CLI 0.171 puts on every tools/call (the shape it was seen with)."""
    return {"callId": "call_1", "threadId": session, "sessionId": session, "windowId": "w1",
            "itemId": "item_1", "progressToken": 0,
            "x-codex-turn-metadata": {
                "session_id": session, "thread_id": session, "turn_id": "turn_1",
                "model": "gpt-test", "sandbox": "workspace-write",
                "sandbox_mode": "workspace-write", "codex_version": "0.171.0",
                "workspaces": {str(path): {"latest_git_commit_hash": "0" * 40,
                                           "has_changes": False} for path in workspaces}}}


class CodexCallTest(TempDirTestCase):
    """Codex starts the server where it was started (a subfolder stays one), offers no roots,
    and names the project and its own session in every call's `_meta`."""

    SESSION = "019b2c4e-7d1a-7f30-9c55-3a1e2b4c5d6e"

    def setUp(self):
        TempDirTestCase.setUp(self)
        make_git_repo(self.project, self.env, {"README.md": "hi\n", "src/app.py": "x = 1\n"})
        self.src = self.project / "src"

    def call(self, server, tool, arguments, meta):
        reply = server.request("tools/call", {"name": tool, "arguments": arguments,
                                              "_meta": meta})
        self.assertIn("result", reply)
        return reply["result"]

    def test_a_server_started_in_a_subfolder_saves_in_the_workspace_codex_names(self):
        server = self.server(cwd=self.src)
        result = self.call(server, SAVE, {"goal": "g"}, codex_meta(self.SESSION, self.project))
        self.assertFalse(result.get("isError"), result)
        self.assertTrue((self.project / CHECKPOINT_DIR).is_dir())
        self.assertFalse((self.src / CHECKPOINT_DIR).exists())

    def test_the_workspace_that_holds_the_working_directory_is_chosen(self):
        other = make_git_repo(self.tmp / "other", self.env)
        server = self.server(cwd=self.src)
        result = self.call(server, SAVE, {"goal": "g"},
                           codex_meta(self.SESSION, other, self.project))
        self.assertFalse(result.get("isError"), result)
        self.assertTrue((self.project / CHECKPOINT_DIR).is_dir())
        self.assertFalse((other / CHECKPOINT_DIR).exists())

    def test_the_argument_and_the_variable_still_come_first(self):
        other = make_git_repo(self.tmp / "other", self.env)
        server = self.server(cwd=self.src, env=self.env_with(CHECKPOINT_PROJECT_ROOT=other))
        self.call(server, SAVE, {"goal": "g"}, codex_meta(self.SESSION, self.project))
        self.assertTrue((other / CHECKPOINT_DIR).is_dir())
        third = make_git_repo(self.tmp / "third", self.env)
        self.call(server, SAVE, {"goal": "g", "projectRoot": str(third)},
                  codex_meta(self.SESSION, self.project))
        self.assertTrue((third / CHECKPOINT_DIR).is_dir())
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())

    def test_a_workspace_that_is_no_path_is_passed_over(self):
        server = self.server()
        meta = codex_meta(self.SESSION)
        meta["x-codex-turn-metadata"]["workspaces"] = {"relative/dir": {}, "": {}}
        result = self.call(server, SAVE, {"goal": "g"}, meta)
        self.assertFalse(result.get("isError"), result)
        self.assertTrue((self.project / CHECKPOINT_DIR).is_dir())
        for workspaces in (["/"], "/", None, 3):
            meta["x-codex-turn-metadata"]["workspaces"] = workspaces
            self.assertFalse(self.call(server, LIST, {}, meta).get("isError"))

    def test_the_session_is_codexs_own_and_is_found_again_without_passing_it(self):
        server = self.server(cwd=self.src)
        meta = codex_meta(self.SESSION, self.project)
        saved = self.call(server, SAVE, {"goal": "ship it"}, meta)
        self.assertEqual(saved["structuredContent"]["session"], self.SESSION)
        self.assertEqual(saved["structuredContent"]["sessionSource"], "client")
        self.assertNotIn("Pass session", text_of(saved))
        self.assertTrue((self.project / CHECKPOINT_DIR / (self.SESSION + ".json")).is_file())
        loaded = self.call(self.server(cwd=self.src), LOAD, {}, meta)
        self.assertTrue(loaded["structuredContent"]["found"], loaded)
        self.assertIn("ship it", loaded["structuredContent"]["brief"])

    def test_the_thread_id_or_the_turn_metadatas_session_id_serves_alone(self):
        for keep in ("threadId", "x-codex-turn-metadata"):
            with self.subTest(keep=keep):
                meta = codex_meta("thread-" + keep[:1], self.project)
                for name in ("sessionId", "threadId"):
                    if name != keep:
                        del meta[name]
                result = self.call(self.server(), SAVE, {"goal": "g"}, meta)
                self.assertEqual(result["structuredContent"]["session"], "thread-" + keep[:1])

    def test_a_session_the_model_passes_wins(self):
        result = self.call(self.server(), SAVE, {"goal": "g", "session": "mine"},
                           codex_meta(self.SESSION, self.project))
        self.assertEqual(result["structuredContent"]["session"], "mine")
        self.assertEqual(result["structuredContent"]["sessionSource"], "argument")

    def test_claude_codes_own_session_wins(self):
        server = self.server(env=self.env_with(CLAUDE_CODE_SESSION_ID="claude-1"))
        result = self.call(server, SAVE, {"goal": "g"}, codex_meta(self.SESSION, self.project))
        self.assertEqual(result["structuredContent"]["session"], "claude-1")

    def test_a_hostile_client_session_id_names_no_file_and_is_said(self):
        server = self.server()
        for value in ["../../outside", "legacy", "a" * 500, "CON", "x\u0000y", "/etc/passwd",
                      "..", ".hidden", 7, None, {"id": "x"}, "\udfff"]:
            with self.subTest(value=value):
                meta = codex_meta("ignored", self.project)
                meta["sessionId"] = value
                meta["threadId"] = value
                meta["x-codex-turn-metadata"]["session_id"] = value
                result = self.call(server, SAVE, {"goal": "g"}, meta)
                self.assertFalse(result.get("isError"), result)
                structured = result["structuredContent"]
                self.assertEqual(structured["sessionSource"], "minted")
                self.assertNotEqual(structured["session"], value)
                if value is not None:
                    self.assertTrue(any("session id" in warning
                                        for warning in structured["warnings"]), structured)
        names = sorted(path.name for path in (self.project / CHECKPOINT_DIR).iterdir())
        self.assertTrue(all(len(name) < 80 for name in names), names)
        self.assertFalse((self.tmp / "outside.json").exists())
        self.assertFalse((self.project / ".claude-checkpoint").exists())


class GeminiSessionTest(TempDirTestCase):
    """Gemini names no session, but keeps one server process per session (and says it
    started the server with GEMINI_CLI=1): that server finds its session's checkpoint
    without the model passing the id back. A client whose one server serves many
    conversations (Claude Desktop) must not: there each conversation asks."""

    def setUp(self):
        TempDirTestCase.setUp(self)
        make_git_repo(self.project, self.env)

    def test_gemini_finds_the_sessions_own_checkpoint_without_its_id(self):
        server = self.server(env=self.env_with(GEMINI_CLI="1"))
        saved = server.call_tool(SAVE, {"goal": "first goal"})
        session = saved["structuredContent"]["session"]
        loaded = server.call_tool(LOAD, {})
        self.assertTrue(loaded["structuredContent"]["found"], loaded)
        self.assertEqual(loaded["structuredContent"]["selector"], session)
        merged = server.call_tool(SAVE, {"mode": "merge", "summary": "more"})
        self.assertFalse(merged.get("isError"), merged)
        self.assertEqual(merged["structuredContent"]["session"], session)
        self.assertEqual([path.name for path in (self.project / CHECKPOINT_DIR).glob(
            "*.json")], [session + ".json"])
        listed = server.call_tool(LIST, {})
        self.assertTrue(listed["structuredContent"]["entries"][0]["isCurrentSession"])

    def test_the_session_the_model_names_first_is_the_one_remembered(self):
        server = self.server(env=self.env_with(GEMINI_CLI="1"))
        server.call_tool(SAVE, {"goal": "g", "session": "named-1"})
        self.assertEqual(server.call_tool(SAVE, {"goal": "g2"})["structuredContent"]["session"],
                         "named-1")
        other = server.call_tool(SAVE, {"goal": "g3", "session": "named-2"})
        self.assertEqual(other["structuredContent"]["session"], "named-2")
        self.assertEqual(server.call_tool(LOAD, {})["structuredContent"]["selector"], "named-1")

    def test_a_new_gemini_server_remembers_nothing(self):
        self.server(env=self.env_with(GEMINI_CLI="1")).call_tool(SAVE, {"goal": "g"})
        loaded = self.server(env=self.env_with(GEMINI_CLI="1")).call_tool(LOAD, {})
        self.assertFalse(loaded["structuredContent"]["found"])
        self.assertEqual(loaded["structuredContent"]["total"], 1)

    def test_a_server_of_another_client_does_not_take_the_first_id_as_every_calls(self):
        server = self.server()
        server.call_tool(SAVE, {"goal": "conversation one"})
        loaded = server.call_tool(LOAD, {})
        self.assertFalse(loaded["structuredContent"]["found"])
        self.assertEqual(loaded["structuredContent"]["total"], 1)


class InitForCodexTest(TempDirTestCase):
    """Codex passes a server only HOME, LANG, PATH and TERM unless its entry lists
    `env_vars`, and reads a project's config only in a trusted project."""

    def init(self, client, env=None):
        result = run_main(["init", "--client", client], env or self.env, cwd=self.project)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout.decode("utf-8")

    def entry(self):
        text = (self.project / ".codex" / "config.toml").read_text(encoding="utf-8")
        try:
            import tomllib
        except ImportError:  # Python before 3.11: the line init writes, as JSON
            line = next(line for line in text.splitlines() if line.startswith("env_vars = "))
            return {"env_vars": json.loads(line[len("env_vars = "):])}
        return tomllib.loads(text)["mcp_servers"]["session-checkpoint"]

    def test_the_entry_forwards_every_variable_the_server_reads(self):
        self.init("codex")
        self.assertEqual(self.entry()["env_vars"], list(checkpoint_mcp.SERVER_ENVIRONMENT))
        for name in ("CHECKPOINT_PROJECT_ROOT", "CHECKPOINT_SESSION_IDS", "XDG_STATE_HOME"):
            self.assertIn(name, self.entry()["env_vars"])
        self.assertNotIn("CLAUDE_CODE_SESSION_ID", self.entry()["env_vars"])

    def test_the_list_is_every_variable_the_module_reads_but_the_ones_no_server_wants(self):
        source = Path(checkpoint_mcp.__file__).read_text(encoding="utf-8")
        lines = source.splitlines()
        read = set(checkpoint_mcp.GIT_ENVIRONMENT_KEPT)
        for number, line in enumerate(lines):
            if "environ" in line:
                read.update(re.findall(r'"([A-Z][A-Z0-9_]{2,})"', line))
            loop = re.match(r'\s*for name in \(([^)]*)\):', line)
            if loop and "environ" in lines[number + 1]:
                read.update(re.findall(r'"([A-Z][A-Z0-9_]+)"', loop.group(1)))
        not_for_the_server = {
            "CLAUDE_CODE_SESSION_ID",  # Claude Code's own: a Codex run from its shell is not it
            "GEMINI_CLI",  # what Gemini CLI says of itself
            "SESSION_CHECKPOINT_NUDGE", "SESSION_CHECKPOINT_AUTOSAVE",  # the hooks
            "CLAUDE_CONFIG_DIR", "CLAUDE_CODE_PROJECT_DIR_NAME",  # crash recovery
            "NO_COLOR", "CODEX_HOME",  # the command line
            "PATH", "PATHEXT",  # finding programs: Codex passes PATH itself
        }
        read -= set(checkpoint_mcp.STATUS_COLOURS)  # doctor's OK / WARN / FAIL, on a line with environ
        self.assertEqual(read - not_for_the_server, set(checkpoint_mcp.SERVER_ENVIRONMENT))

    def test_a_server_with_only_what_codex_passes_signs_with_the_users_key(self):
        state = self.tmp / "state"
        env = self.env_with(XDG_STATE_HOME=state, LANG="C.UTF-8", TERM="dumb")
        self.init("codex")
        passed = {name: env[name] for name in ("HOME", "LANG", "PATH", "TERM")
                  + tuple(self.entry()["env_vars"]) if name in env}
        make_git_repo(self.project, env)
        with self.server(env=dict(env, CLAUDE_CODE_SESSION_ID="claude-1"), process=True) as s:
            self.assertFalse(s.call_tool(SAVE, {"goal": "g"}).get("isError"))
        with self.server(env=passed, process=True) as server:
            loaded = server.call_tool(LOAD, {"checkpoint": "claude-1"})
        self.assertTrue(loaded["structuredContent"]["trusted"], loaded)
        self.assertTrue((state / "session-checkpoint").is_dir())

    def test_init_says_what_trust_the_project_needs(self):
        out = self.init("codex", env=self.env_with(CODEX_HOME=self.tmp / "codex-home"))
        self.assertIn('[projects.%s]\ntrust_level = "trusted"' % json.dumps(str(self.project)),
                      out)
        self.assertIn(str(self.tmp / "codex-home" / "config.toml"), out)
        self.assertIn(str(Path(self.home) / ".codex" / "config.toml"), self.init("codex"))


class InitForGeminiTest(TempDirTestCase):
    """Gemini starts a project's servers only in a trusted folder, reads the project's
    settings only from the folder it starts in, offers a server's tools headless only with
    `trust`, waits 10 minutes on a server without `timeout`, and reads GEMINI.md."""

    def init(self):
        result = run_main(["init", "--client", "gemini"], self.env, cwd=self.project)
        self.assertEqual(result.returncode, 0, result.stderr)
        return result.stdout.decode("utf-8")

    def test_the_entry_is_trusted_and_bounded_in_time(self):
        self.init()
        entry = json.loads((self.project / ".gemini" / "settings.json").read_text(
            encoding="utf-8"))["mcpServers"]["session-checkpoint"]
        self.assertIs(entry["trust"], True)
        self.assertIsInstance(entry["timeout"], int)
        self.assertTrue(10000 <= entry["timeout"] < 600000, entry)

    def test_the_guide_goes_to_gemini_md_too(self):
        self.init()
        for name in ("GEMINI.md", "AGENTS.md"):
            self.assertIn(checkpoint_mcp.AGENT_GUIDE_MARKER,
                          (self.project / name).read_text(encoding="utf-8"))

    def test_only_gemini_gets_gemini_md(self):
        run_main(["init", "--client", "codex"], self.env, cwd=self.project)
        self.assertFalse((self.project / "GEMINI.md").exists())

    def test_init_says_what_trust_the_folder_needs_and_where_to_start(self):
        out = self.init()
        self.assertIn(json.dumps({str(self.project): "TRUST_FOLDER"}), out)
        self.assertIn(str(Path(self.home) / ".gemini" / "trustedFolders.json"), out)
        self.assertIn("start gemini in %s" % self.project, out)
