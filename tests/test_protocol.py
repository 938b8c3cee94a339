"""The MCP protocol as clients see it: the server spoken to over a pair of pipes, in this
process, or as the built pyz where only a process shows it (signals, exit status, stdout)."""
import os
import subprocess
import time
import unittest
from unittest import mock

import checkpoint_mcp
from tests.support import LEGACY, MODERN, TempDirTestCase, envelope, json_rpc_problem, pyz_command

HANDSHAKE = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
TOOL_NAMES = ["save_session_checkpoint", "load_session_checkpoint", "list_session_checkpoints"]


def rest_of_stdout(server):
    """Close the server's stdin and return every line it writes until it exits: a reply
    that should never come shows here however late it is (queued calls are answered
    before the server exits)."""
    server.proc.stdin.close()
    server.proc.wait(10)
    rest = []
    while True:
        line = server.lines.get(timeout=10)
        if line is None:
            return rest
        rest.append(line)


def initialize(version, capabilities=None, request_id=0):
    return {"jsonrpc": "2.0", "id": request_id, "method": "initialize", "params": {
        "protocolVersion": version, "capabilities": capabilities or {},
        "clientInfo": {"name": "tests", "version": "0"}}}


class HandshakeTest(TempDirTestCase):

    def test_each_handshake_version_is_echoed(self):
        for version in HANDSHAKE:
            with self.subTest(version=version):
                server = self.server(handshake=None)
                server.send(initialize(version))
                result = server.recv()["result"]
                self.assertEqual(result["protocolVersion"], version)
                self.assertEqual(result["serverInfo"]["name"], "session-checkpoint")
                self.assertEqual(result["capabilities"], {"tools": {"listChanged": False}})
                self.assertIn("load_session_checkpoint", result["instructions"])

    def test_unknown_newer_and_older_versions_get_the_latest_handshake_version(self):
        for version in ["2026-07-28", "2099-01-01", "1.0.0", "2024-10-07"]:
            with self.subTest(version=version):
                server = self.server(handshake=None)
                server.send(initialize(version))
                self.assertEqual(server.recv()["result"]["protocolVersion"], LEGACY)

    def test_initialize_without_a_version_is_invalid_params(self):
        server = self.server(handshake=None)
        server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}})
        self.assertEqual(server.recv()["error"]["code"], -32602)

    def test_tools_list_is_served_before_and_without_initialized(self):
        server = self.server(handshake=None)
        reply = server.request("tools/list")
        self.assertEqual([tool["name"] for tool in reply["result"]["tools"]], TOOL_NAMES)

    def test_ping_answers_an_empty_result_even_before_initialize(self):
        server = self.server(handshake=None)
        server.send({"jsonrpc": "2.0", "id": "p1", "method": "ping"})
        self.assertEqual(server.recv(), {"jsonrpc": "2.0", "id": "p1", "result": {}})

    def test_ids_are_echoed_exactly(self):
        server = self.server()
        for request_id in [0, "0", -5, 2 ** 40, "server-discover-probe-1", ""]:
            server.send({"jsonrpc": "2.0", "id": request_id, "method": "ping"})
            reply = server.recv()
            self.assertEqual(reply["id"], request_id)
            self.assertIs(type(reply["id"]), type(request_id))


class ModernEraTest(TempDirTestCase):

    def test_server_discover_lists_the_modern_and_handshake_versions(self):
        server = self.server(handshake=None)
        server.send({"jsonrpc": "2.0", "id": "server-discover-probe-1",
                     "method": "server/discover", "params": {"_meta": envelope()}})
        reply = server.recv()
        self.assertEqual(reply["id"], "server-discover-probe-1")
        result = reply["result"]
        self.assertEqual(result["supportedVersions"], [MODERN] + HANDSHAKE)
        self.assertEqual(result["resultType"], "complete")
        self.assertEqual(result["capabilities"], {"tools": {}})
        self.assertIsInstance(result["ttlMs"], int)
        self.assertIn(result["cacheScope"], ("public", "private"))
        self.assertEqual(result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
                         "session-checkpoint")
        self.assertIn("save_session_checkpoint", result["instructions"])

    def test_modern_tools_list_carries_cache_hints_and_result_type(self):
        server = self.server(handshake="modern")
        result = server.request("tools/list")["result"]
        self.assertEqual([tool["name"] for tool in result["tools"]], TOOL_NAMES)
        self.assertEqual(result["resultType"], "complete")
        self.assertIn("ttlMs", result)
        self.assertIn("cacheScope", result)

    def test_modern_tool_call_result_is_complete(self):
        server = self.server(handshake="modern")
        result = server.call_tool("list_session_checkpoints", {"projectRoot": str(self.project)})
        self.assertEqual(result["resultType"], "complete")
        self.assertEqual(result["structuredContent"]["total"], 0)

    def test_unsupported_modern_version_is_32022_with_supported_versions(self):
        server = self.server(handshake=None)
        meta = dict(envelope(), **{"io.modelcontextprotocol/protocolVersion": "2027-01-01"})
        server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta}})
        error = server.recv()["error"]
        self.assertEqual(error["code"], -32022)
        self.assertEqual(error["data"]["requested"], "2027-01-01")
        self.assertIn(MODERN, error["data"]["supported"])

    def test_envelope_without_client_capabilities_is_invalid_params(self):
        server = self.server(handshake=None)
        meta = {"io.modelcontextprotocol/protocolVersion": MODERN}
        server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta}})
        self.assertEqual(server.recv()["error"]["code"], -32602)

    def test_ping_does_not_exist_in_the_modern_era(self):
        server = self.server(handshake=None)
        server.send({"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"_meta": envelope()}})
        self.assertEqual(server.recv()["error"]["code"], -32601)

    def test_initialize_after_a_probe_still_works(self):
        server = self.server(handshake=None)
        server.send({"jsonrpc": "2.0", "id": "probe", "method": "server/discover",
                     "params": {"_meta": envelope()}})
        server.recv()
        server.send(initialize(LEGACY))
        self.assertEqual(server.recv()["result"]["protocolVersion"], LEGACY)

    def test_modern_call_asks_for_roots_with_an_input_required_result(self):
        other = self.tmp / "elsewhere"
        other.mkdir()
        server = self.server(handshake="modern", cwd=other,
                             capabilities={"roots": {"listChanged": True}})
        arguments = {"goal": "roots"}
        first = server.call_tool("save_session_checkpoint", arguments)
        self.assertEqual(first["resultType"], "input_required")
        self.assertEqual(first["inputRequests"], {"roots": {"method": "roots/list"}})
        retry = server.request("tools/call", {
            "name": "save_session_checkpoint", "arguments": arguments,
            "inputResponses": {"roots": {"roots": [{"uri": self.project.as_uri()}]}}})["result"]
        self.assertEqual(retry["resultType"], "complete", retry)
        self.assertTrue(retry["structuredContent"]["path"].startswith(str(self.project)))


class ErrorCodeTest(TempDirTestCase):

    def test_invalid_json_is_a_parse_error_with_null_id(self):
        server = self.server()
        server.send_raw(b'{"jsonrpc": "2.0", "id": 1, "method": ')
        reply = server.recv()
        self.assertIsNone(reply["id"])
        self.assertEqual(reply["error"]["code"], -32700)

    def test_frames_that_are_not_request_objects_are_invalid_requests(self):
        server = self.server()
        for frame in [b'"hello"', b"42", b"null", b'{"jsonrpc": "2.0"}', b'{"id": 1}',
                      b'{"jsonrpc": "2.0", "id": 1, "method": 7}',
                      b'{"jsonrpc": "1.0", "id": 1, "method": "ping"}',
                      b'{"jsonrpc": "2.0", "id": true, "method": "ping"}',
                      b'{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}']:
            with self.subTest(frame=frame):
                server.send_raw(frame)
                self.assertEqual(server.recv()["error"]["code"], -32600)

    def test_unknown_method_is_method_not_found(self):
        server = self.server()
        reply = server.request("resources/list")
        self.assertEqual(reply["error"]["code"], -32601)

    def test_unknown_tool_and_malformed_call_params_are_invalid_params(self):
        server = self.server()
        for params in [{"name": "nope", "arguments": {}}, {"arguments": {}},
                       {"name": "list_session_checkpoints", "arguments": []}]:
            with self.subTest(params=params):
                self.assertEqual(server.request("tools/call", params)["error"]["code"], -32602)
        self.assertEqual(server.request("tools/list", {"cursor": "x"})["error"]["code"], -32602)

    def test_params_that_are_not_an_object_are_invalid_params(self):
        server = self.server()
        server.send({"jsonrpc": "2.0", "id": 9, "method": "tools/list", "params": [1]})
        self.assertEqual(server.recv()["error"]["code"], -32602)

    def test_invalid_utf8_is_a_parse_error(self):
        server = self.server()
        server.send_raw(b'{"jsonrpc": "2.0", "id": 1, "method": "ping\xff"}')
        self.assertEqual(server.recv()["error"]["code"], -32700)

    def test_batches_are_refused_outside_2025_03_26(self):
        server = self.server()
        server.send([{"jsonrpc": "2.0", "id": 1, "method": "ping"}])
        self.assertEqual(server.recv()["error"]["code"], -32600)

    def test_batches_are_answered_in_2025_03_26(self):
        server = self.server(handshake=None)
        server.send(initialize("2025-03-26"))
        server.recv()
        server.send([{"jsonrpc": "2.0", "id": 1, "method": "ping"},
                     {"jsonrpc": "2.0", "method": "notifications/initialized"},
                     {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
                         "name": "list_session_checkpoints",
                         "arguments": {"projectRoot": str(self.project)}}}])
        replies = server.recv()
        self.assertEqual([reply["id"] for reply in replies], [1, 2])
        self.assertEqual(replies[1]["result"]["structuredContent"]["total"], 0)
        server.send([])
        self.assertEqual(server.recv()["error"]["code"], -32600)

    def test_the_server_keeps_serving_after_every_error(self):
        server = self.server()
        server.send_raw(b"not json")
        server.recv()
        server.send_raw(b"[1, 2")
        server.recv()
        self.assertIn("tools", server.request("tools/list")["result"])


class NotificationTest(TempDirTestCase):

    def test_notifications_are_never_answered(self):
        server = self.server()
        for method in ["notifications/initialized", "notifications/cancelled",
                       "notifications/whatever", "tools/list"]:
            server.send({"jsonrpc": "2.0", "method": method, "params": {}})
        server.send({"jsonrpc": "1.0", "method": "bogus"})
        # Messages are read in order: the ping's answer must be the next line.
        ping = server.next_id
        self.assertEqual(server.request("ping"), {"jsonrpc": "2.0", "id": ping, "result": {}})
        self.assertEqual(rest_of_stdout(server), [])

    def test_blank_lines_are_skipped(self):
        server = self.server()
        server.send_raw(b"\n")
        server.send_raw(b"   \r\n")
        self.assertEqual(rest_of_stdout(server), [])


class LifecycleTest(TempDirTestCase):

    def test_exits_zero_when_stdin_closes(self):
        # The exit status and stderr of the real interpreter, teardown included.
        server = self.server(process=True)
        self.assertEqual(server.close(), 0)
        self.assertEqual(server.stderr, "")

    @unittest.skipIf(os.name == "nt", "closes a descriptor with a POSIX shell")
    def test_started_with_stdin_closed_it_says_so_and_exits_1(self):
        # A process: only one can start with its stdin closed (sys.stdin is None then).
        command = " ".join("'%s'" % part for part in pyz_command())
        result = subprocess.run(["sh", "-c", "exec %s <&-" % command], cwd=str(self.project),
                                env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                timeout=20)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, b"")
        lines = result.stderr.decode("utf-8").splitlines()
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("stdin and stdout", lines[0])

    def test_queued_tool_calls_are_answered_before_exit(self):
        server = self.server()
        for request_id in range(3):
            server.send({"jsonrpc": "2.0", "id": request_id + 10, "method": "tools/call",
                         "params": {"name": "list_session_checkpoints", "arguments": {}}})
        server.proc.stdin.close()
        ids = sorted(server.recv()["id"] for _ in range(3))
        self.assertEqual(ids, [10, 11, 12])
        self.assertEqual(server.proc.wait(10), 0)

    def test_sigterm_and_sigint_end_it_quietly(self):
        import signal
        import sys
        if sys.platform == "win32":
            self.skipTest("POSIX signals")
        for signum in (signal.SIGTERM, signal.SIGINT):
            with self.subTest(signal=signum):
                server = self.server(process=True)
                server.proc.send_signal(signum)
                self.assertEqual(server.proc.wait(10), 0)
                time.sleep(0.05)
                self.assertNotIn("Traceback", server.stderr)

    def test_stdout_carries_only_json_rpc(self):
        # A process: a stray print() anywhere in the module reaches the real stdout only.
        server = self.server(process=True)
        server.send_raw(b"garbage")
        server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": "save_session_checkpoint", "arguments": {"goal": 5}}})
        server.send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "load_session_checkpoint", "arguments": {}}})
        rest = rest_of_stdout(server)
        self.assertEqual(server.proc.returncode, 0, server.stderr)
        self.assertEqual([json_rpc_problem(line) for line in rest], [None] * 3, rest)


class HandshakeRootsTest(TempDirTestCase):

    def test_roots_are_asked_after_initialized_and_used_for_the_project_root(self):
        other = self.tmp / "elsewhere"
        other.mkdir()
        server = self.server(handshake=None, cwd=other)
        server.send(initialize(LEGACY, {"roots": {"listChanged": True}}))
        server.recv()
        server.notify("notifications/initialized")
        ask = server.recv()
        self.assertEqual(ask["method"], "roots/list")
        server.send({"jsonrpc": "2.0", "id": ask["id"],
                     "result": {"roots": [{"uri": self.project.as_uri(), "name": "p"}]}})
        result = server.call_tool("save_session_checkpoint", {"goal": "via roots"})
        self.assertTrue(result["structuredContent"]["path"].startswith(str(self.project)))

    def test_a_client_that_never_answers_roots_does_not_hang_the_server(self):
        # The ping below must still overtake the parked call, however short the wait.
        limits = mock.patch.dict(checkpoint_mcp.LIMITS, rootsTimeout=0.5)
        limits.start()
        self.addCleanup(limits.stop)
        server = self.server(handshake=None)
        server.send(initialize(LEGACY, {"roots": {}}))
        server.recv()
        server.notify("notifications/initialized")
        self.assertEqual(server.recv()["method"], "roots/list")
        server.send({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {
            "name": "list_session_checkpoints", "arguments": {}}})
        self.assertEqual(server.request("ping", timeout=3)["result"], {})
        reply = server.recv(timeout=15)
        self.assertEqual(reply["id"], 5)
        self.assertEqual(reply["result"]["structuredContent"]["path"], str(self.project))
        later = server.call_tool("list_session_checkpoints", {})
        self.assertEqual(later["structuredContent"]["path"], str(self.project))
        server.close()
        self.assertEqual(server.stderr.count("did not answer roots/list"), 1)

    def test_roots_are_asked_again_after_list_changed(self):
        server = self.server(handshake=None)
        server.send(initialize(LEGACY, {"roots": {"listChanged": True}}))
        server.recv()
        server.notify("notifications/initialized")
        first = server.recv()
        server.send({"jsonrpc": "2.0", "id": first["id"], "result": {"roots": []}})
        server.notify("notifications/roots/list_changed")
        second = server.recv()
        self.assertEqual(second["method"], "roots/list")
        self.assertNotEqual(second["id"], first["id"])
