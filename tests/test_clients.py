"""How the server works as the agent CLIs that are not Claude Code really run it: the
argument keys they add, the session and project they name in a call's `_meta`, and the
config `init --client` writes for them."""
from tests.support import TempDirTestCase, make_git_repo

SAVE = "save_session_checkpoint"
LOAD = "load_session_checkpoint"
LIST = "list_session_checkpoints"


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
        self.assertFalse((self.project / ".claude-checkpoints").exists())

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
