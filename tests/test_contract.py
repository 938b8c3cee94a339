"""The 1.x contract: tools/list exactly as clients receive it, and one version everywhere."""
import json
import re

from tests.support import REPO, TempDirTestCase

PINNED = REPO / "tests" / "contract" / "tools-list.json"


class ToolsListContractTest(TempDirTestCase):
    """A change here is a change to the public contract: update the pinned file only on
    purpose, and never in a way a 1.x release may not: a tool, field or hint removed or renamed,
    a field made required."""

    def test_tools_list_matches_the_pinned_contract_in_both_eras(self):
        pinned = json.loads(PINNED.read_text(encoding="utf-8"))
        for era in ("legacy", "modern"):
            with self.subTest(era=era):
                result = self.server(handshake=era).request("tools/list")["result"]
                self.assertEqual(result["tools"], pinned["tools"])

    def test_every_tool_declares_title_schemas_and_all_four_hints(self):
        pinned = json.loads(PINNED.read_text(encoding="utf-8"))
        hints = {"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}
        for tool in pinned["tools"]:
            with self.subTest(tool=tool["name"]):
                self.assertTrue(tool["title"])
                self.assertEqual(tool["inputSchema"]["type"], "object")
                self.assertEqual(tool["outputSchema"]["type"], "object")
                self.assertEqual(set(tool["annotations"]), hints)
                self.assertFalse(tool["annotations"]["openWorldHint"])
                self.assertEqual(tool["annotations"]["readOnlyHint"],
                                 tool["name"] != "save_session_checkpoint")

    def test_the_contracts_inputs_and_required_fields(self):
        tools = {tool["name"]: tool for tool in json.loads(
            PINNED.read_text(encoding="utf-8"))["tools"]}
        expected = {
            "save_session_checkpoint": ({"goal", "tasks", "summary", "nextSteps", "decisions",
                                         "modifiedFiles", "recentCommands", "mode",
                                         "resumedFrom", "session", "projectRoot"}, []),
            "load_session_checkpoint": ({"format", "checkpoint", "session", "projectRoot"}, []),
            "list_session_checkpoints": ({"limit", "session", "projectRoot"}, []),
        }
        for name, (fields, required) in expected.items():
            with self.subTest(tool=name):
                schema = tools[name]["inputSchema"]
                self.assertEqual(set(schema["properties"]), fields)
                self.assertEqual(schema.get("required", []), required)


class VersionAgreementTest(TempDirTestCase):

    def test_every_file_that_names_the_version_agrees_with_the_module(self):
        source = (REPO / "checkpoint_mcp.py").read_text(encoding="utf-8")
        version = re.search(r'^__version__ = "([^"]+)"$', source, re.M).group(1)
        plugin = json.loads((REPO / "plugin" / ".claude-plugin" / "plugin.json").read_text("utf-8"))
        market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text("utf-8"))
        server = json.loads((REPO / "server.json").read_text("utf-8"))
        self.assertEqual(plugin["version"], version)
        self.assertEqual(market["metadata"]["version"], version)
        self.assertEqual([p["version"] for p in market["plugins"]], [version])
        self.assertEqual(server["version"], version)
        changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
        self.assertRegex(changelog, r"(?m)^## \[?%s\]?" % re.escape(version))
        result = self.server(handshake=None).request("initialize", {
            "protocolVersion": "2025-11-25", "capabilities": {}})["result"]
        self.assertEqual(result["serverInfo"]["version"], version)
