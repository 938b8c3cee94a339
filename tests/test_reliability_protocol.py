"""Protocol abuse: every kind of bad frame a broken or hostile client can send.

After each one the server still answers tools/list, and every stdout line, read raw, is a
JSON-RPC message: no traceback, no stray text, no -32603.
"""
import json

from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import (LEGACY, LIST, LOAD, MODERN, SAVE, CheckedServer, TempDirTestCase,
                           check_tool_result, envelope)


def initialize(version, request_id=0):
    return {"jsonrpc": "2.0", "id": request_id, "method": "initialize", "params": {
        "protocolVersion": version, "capabilities": {},
        "clientInfo": {"name": "tests", "version": "0"}}}


class AbuseTestCase(TempDirTestCase):

    def checked_server(self, version=LEGACY, **kw):
        """A server after the handshake at `version` (None: no handshake at all)."""
        server = CheckedServer(self.project, self.env, handshake=None, **kw)
        self.addCleanup(server.close)
        if version is not None:
            server.send(initialize(version))
            self.assertEqual(server.recv()["result"]["protocolVersion"], version)
            server.notify("notifications/initialized")
        return server

    def assert_error(self, server, frame, code, request_id=None):
        """Send one raw frame: one error reply with `code` and `request_id`, then the
        server still serves."""
        if not isinstance(frame, bytes):
            frame = json.dumps(frame).encode()
        server.send_raw(frame)
        reply = server.recv()
        self.assertEqual(reply.get("error", {}).get("code"), code, (frame[:200], reply))
        self.assertEqual(reply["id"], request_id)
        self.assertIs(type(reply["id"]), type(request_id))
        self.assertTrue(server.still_serves())

    def assert_next_line_answers_the_next_request(self, server):
        """Nothing was sent back for what came before: the very next line on stdout is the
        answer to a new request (close_and_check(silent=True) then shows none comes later)."""
        request_id = server.next_id
        reply = server.request("tools/list")
        self.assertEqual(reply.get("id"), request_id, "a reply to no request: %r" % reply)
        self.assertEqual([tool["name"] for tool in reply["result"]["tools"]], [SAVE, LOAD, LIST])


class MalformedJsonTest(AbuseTestCase):

    def test_every_kind_of_broken_json_is_a_parse_error(self):
        server = self.checked_server()
        for frame in [b"{", b"}", b'{"jsonrpc": "2.0", "id": 1,}', b"{'id': 1}",
                      b'{"jsonrpc": "2.0", "id": 1, "method": "ping"} trailing',
                      b'{"jsonrpc": "2.0", "id": 1, "method": "ping"}{"again": 1}',
                      b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": NaN}}',
                      b'{"jsonrpc": "2.0", "id": Infinity, "method": "ping"}',
                      b'{"jsonrpc": "2.0", "id": 1, "method": "pi\\x"}', b"nul", b"tru",
                      b'"unterminated', b"\x00", b"\x1b[31mred\x1b[0m", b"\xef\xbb\xbf{}",
                      b"[" * 100000, b'{"a":' * 50000 + b"1" + b"}" * 50000]:
            with self.subTest(frame=frame[:40]):
                self.assert_error(server, frame, -32700)
        server.close_and_check(self)

    def test_invalid_utf8_anywhere_is_a_parse_error(self):
        server = self.checked_server()
        for frame in [b"\xff", b'{"jsonrpc": "2.0", "id": 1, "method": "\xc0\xafping"}',
                      b'{"jsonrpc": "2.0", "id": "\xed\xa0\x80", "method": "ping"}',
                      b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": "\xe2\x82"}}',
                      b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": '
                      b'{"name": "save_session_checkpoint", "arguments": {"goal": "\xfe"}}}']:
            with self.subTest(frame=frame):
                self.assert_error(server, frame, -32700)
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())
        server.close_and_check(self)

    def test_escaped_lone_surrogates_are_refused_by_name_and_never_echoed(self):
        server = self.checked_server()
        result = server.call_tool(SAVE, {"goal": "half \ud800 a pair \\", "session": "sur"})
        self.assertTrue(result.get("isError"), result)
        self.assertIn("goal: holds a lone surrogate", result["content"][0]["text"])
        self.assertNotIn("\ud800", result["content"][0]["text"])
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())
        server.close_and_check(self)

    def test_nul_and_line_separators_round_trip_as_valid_json(self):
        server = self.checked_server()
        result = server.call_tool(SAVE, {"goal": "a pair \\", "session": "sur",
                                         "summary": "\x00\u2028\u2029 \U0001f600"})
        self.assertFalse(result.get("isError"), result)
        loaded = server.call_tool(LOAD, {"session": "sur", "format": "full"})
        checkpoint = loaded["structuredContent"]["checkpoint"]
        # The line separators and the emoji come back; a NUL never reaches the model.
        self.assertEqual(checkpoint["summary"], "\u2028\u2029 \U0001f600")
        server.close_and_check(self)

    def test_empty_and_blank_lines_between_requests_are_skipped(self):
        server = self.checked_server()
        server.send_raw(b"\n\n\r\n \t \n" + json.dumps(
            {"jsonrpc": "2.0", "id": "after-blanks", "method": "ping"}).encode() + b"\n\n")
        self.assertEqual(server.recv()["id"], "after-blanks")
        self.assertTrue(server.still_serves())  # the very next line is its answer...
        server.close_and_check(self, silent=True)  # ...and nothing comes after it


class FrameShapeTest(AbuseTestCase):

    def test_frames_that_are_not_objects_are_invalid_requests(self):
        server = self.checked_server()
        for frame in [b"true", b"false", b"null", b"-1", b"3.25", b"1e400", b'""',
                      b'"tools/list"', b"[]", b"[1]", b"[[]]",
                      b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]']:
            with self.subTest(frame=frame):
                self.assert_error(server, frame, -32600)
        server.close_and_check(self)

    def test_objects_without_jsonrpc_or_method_are_invalid_requests(self):
        server = self.checked_server()
        cases = [
            ({}, None), ({"jsonrpc": "2.0"}, None),
            ({"id": 3, "method": "ping"}, 3), ({"jsonrpc": "2.0", "id": "x"}, "x"),
            ({"jsonrpc": 2.0, "id": 4, "method": "ping"}, 4),
            ({"jsonrpc": None, "id": 5, "method": "tools/list"}, 5),
            ({"jsonrpc": "2.0", "id": 6, "method": None}, 6),
            ({"jsonrpc": "2.0", "id": 7, "method": ["ping"]}, 7),
            ({"jsonrpc": "2.0", "id": 8, "method": {"name": "ping"}}, 8),
            ({"jsonrpc": "2.0", "id": 9, "params": {}}, 9),
        ]
        for frame, request_id in cases:
            with self.subTest(frame=frame):
                self.assert_error(server, frame, -32600, request_id)
        server.close_and_check(self)

    def test_ids_of_the_wrong_type_are_invalid_requests_answered_with_a_null_id(self):
        server = self.checked_server()
        for bad_id in [None, True, False, 1.5, 2.0, -0.0, [1], {"id": 1}, 1e400]:
            with self.subTest(id=bad_id):
                frame = b'{"jsonrpc": "2.0", "id": %s, "method": "ping"}' % (
                    b"1e400" if bad_id == 1e400 else json.dumps(bad_id).encode())
                self.assert_error(server, frame, -32600)
        server.close_and_check(self)

    def test_huge_and_odd_but_valid_ids_are_echoed(self):
        server = self.checked_server()
        for request_id in [10 ** 30, -(2 ** 63), "\u0000", "\U0001f600" * 1000, "x" * 100000]:
            server.send({"jsonrpc": "2.0", "id": request_id, "method": "ping"})
            self.assertEqual(server.recv()["id"], request_id)
        server.close_and_check(self)

    def test_replies_to_requests_never_made_are_dropped_silently(self):
        server = self.checked_server()
        for frame in [{"jsonrpc": "2.0", "id": "srv-99", "result": {"roots": []}},
                      {"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "x"}},
                      {"jsonrpc": "2.0", "id": None, "result": None}]:
            server.send(frame)
        self.assert_next_line_answers_the_next_request(server)
        server.close_and_check(self, silent=True)  # ...and nothing comes after it


class BatchTest(AbuseTestCase):

    def test_batches_are_refused_by_every_version_but_2025_03_26(self):
        for version in ["2024-11-05", "2025-06-18", "2025-11-25", None]:
            with self.subTest(version=version):
                server = self.checked_server(version)
                self.assert_error(server, [{"jsonrpc": "2.0", "id": 1, "method": "ping"},
                                           {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}],
                                  -32600)
                server.close_and_check(self)

    def test_modern_requests_inside_a_batch_are_refused_without_a_handshake(self):
        server = self.checked_server(None)
        self.assert_error(server, [{"jsonrpc": "2.0", "id": 1, "method": "tools/list",
                                    "params": {"_meta": envelope()}}], -32600)
        server.close_and_check(self)

    def test_a_2025_03_26_batch_answers_each_member_in_order(self):
        server = self.checked_server("2025-03-26")
        server.send([1, "x", [], {"jsonrpc": "2.0", "id": "a", "method": "nope"},
                     {"jsonrpc": "2.0", "method": "notifications/whatever"},
                     {"jsonrpc": "2.0", "id": True, "method": "ping"},
                     {"jsonrpc": "2.0", "id": "b", "method": "tools/list", "params": []},
                     {"jsonrpc": "2.0", "id": 0, "method": "tools/call", "params": {
                         "name": SAVE, "arguments": {"goal": "batched", "session": "bat"}}},
                     {"jsonrpc": "2.0", "id": "srv-1", "result": {}}])
        replies = server.recv()
        self.assertEqual([(reply["id"], reply.get("error", {}).get("code")) for reply in replies],
                         [(None, -32600), (None, -32600), (None, -32600), ("a", -32601),
                          (None, -32600), ("b", -32602), (0, None)])
        check_tool_result(self, SAVE, replies[-1])
        self.assertTrue((self.project / CHECKPOINT_DIR / "bat.json").exists())
        self.assertTrue(server.still_serves())
        server.close_and_check(self)

    def test_a_2025_03_26_batch_of_notifications_gets_no_reply(self):
        server = self.checked_server("2025-03-26")
        server.send([{"jsonrpc": "2.0", "method": "notifications/initialized"},
                     {"jsonrpc": "2.0", "method": "notifications/cancelled",
                      "params": {"requestId": 1}}])
        self.assert_next_line_answers_the_next_request(server)
        server.close_and_check(self, silent=True)  # ...and nothing comes after it

    def test_a_2025_03_26_batch_holding_initialize_is_refused_whole(self):
        server = self.checked_server("2025-03-26")
        self.assert_error(server, [{"jsonrpc": "2.0", "id": 1, "method": "ping"},
                                   initialize("2024-11-05", 2)], -32600)
        server.send([{"jsonrpc": "2.0", "id": 3, "method": "ping"}])
        self.assertEqual(server.recv(), [{"jsonrpc": "2.0", "id": 3, "result": {}}])
        server.close_and_check(self)

    def test_a_second_initialize_cannot_renegotiate_batches_on_or_off(self):
        for first, second in (("2025-03-26", "2025-06-18"), ("2025-06-18", "2025-03-26")):
            with self.subTest(first=first, second=second):
                server = self.checked_server(first)
                self.assert_error(server, initialize(second, 1), -32600, 1)
                batch = [{"jsonrpc": "2.0", "id": 2, "method": "ping"}]
                if first == "2025-03-26":
                    server.send(batch)
                    self.assertEqual([item["id"] for item in server.recv()], [2])
                else:
                    self.assert_error(server, batch, -32600)
                server.close_and_check(self)


class OversizeTest(AbuseTestCase):

    def test_a_10_mb_line_is_answered_and_the_server_goes_on(self):
        server = self.checked_server()
        ten_mb = 10 * 1024 * 1024
        server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": SAVE, "arguments": {"goal": "g" * ten_mb, "session": "big"}}})
        reply = server.recv(timeout=30)
        self.assertTrue(reply["result"]["isError"])
        self.assertIn("goal: must be at most 500 characters", reply["result"]["content"][0]["text"])
        self.assertLess(len(json.dumps(reply)), 5000)
        self.assert_error(server, b"x" * ten_mb, -32700)
        server.send({"jsonrpc": "2.0", "id": 2, "method": "ping", "params": {"pad": "p" * ten_mb}})
        self.assertEqual(server.recv(timeout=30), {"jsonrpc": "2.0", "id": 2, "result": {}})
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())
        server.close_and_check(self)

    def test_a_line_over_the_message_cap_is_refused_and_skipped_whole(self):
        server = self.checked_server()
        over = b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"pad": "' + \
            b"p" * (17 * 1024 * 1024) + b'"}}'
        self.assert_error(server, over, -32600)
        server.close_and_check(self, silent=True)  # the rest of the line is not read as a frame

    def test_a_long_line_without_its_newline_at_eof_is_still_answered(self):
        server = self.checked_server()
        server.proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": "last", "method": "ping",
                                            "params": {"pad": "q" * 100000}}).encode())
        server.proc.stdin.close()
        self.assertEqual(server.recv()["id"], "last")
        server.close_and_check(self)


class LifecycleAbuseTest(AbuseTestCase):

    def test_tool_calls_before_initialize_are_served(self):
        server = self.checked_server(None)
        for tool, arguments in [(SAVE, {"goal": "early", "session": "pre"}),
                                (LOAD, {"session": "pre"}), (LIST, {})]:
            with self.subTest(tool=tool):
                result = server.call_tool(tool, arguments)
                self.assertFalse(result.get("isError"), result)
        server.close_and_check(self)

    def test_initialized_before_initialize_is_harmless_and_a_repeat_is_refused(self):
        server = self.checked_server(None)
        server.notify("notifications/initialized")
        server.send(initialize("2024-11-05", "first"))
        self.assertEqual(server.recv()["result"]["protocolVersion"], "2024-11-05")
        for version in ["2025-11-25", "2024-11-05"]:
            self.assert_error(server, initialize(version, version), -32600, version)
        self.assertTrue(server.still_serves())
        server.close_and_check(self)

    def test_an_initialize_in_the_2026_era_is_method_not_found(self):
        server = self.checked_server(None)
        message = initialize(MODERN, 1)
        message["params"]["_meta"] = envelope()
        self.assert_error(server, message, -32601, 1)
        server.close_and_check(self)

    def test_logging_set_level_is_method_not_found_without_the_capability(self):
        server = self.checked_server()
        self.assert_error(server, {"jsonrpc": "2.0", "id": 1, "method": "logging/setLevel",
                                   "params": {"level": "debug"}}, -32601, 1)
        server.close_and_check(self)

    def test_unknown_methods_are_method_not_found_and_unknown_notifications_ignored(self):
        server = self.checked_server()
        for method in ["", "tools", "tools/list/", "TOOLS/LIST", "resources/read",
                       "prompts/list", "completion/complete", "server/discover",
                       "notifications/initialized", "rpc.discover", "x" * 10000, "\u0000"]:
            with self.subTest(method=method[:30]):
                self.assert_error(server, {"jsonrpc": "2.0", "id": "m", "method": method},
                                  -32601, "m")
        for method in ["", "nope", "notifications/progress", "tools/call"]:
            server.notify(method, {"anything": [1, 2]})
        server.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": "x"})
        # The next line must answer this request, and no line may come after the last one.
        modern = {"jsonrpc": "2.0", "id": "mm", "method": "initialize-ish",
                  "params": {"_meta": envelope()}}
        self.assert_error(server, modern, -32601, "mm")
        server.close_and_check(self, silent=True)


class ParamsTest(AbuseTestCase):

    def test_wrong_param_types_on_every_method_are_invalid_params(self):
        server = self.checked_server()
        cases = [
            ("initialize", {"protocolVersion": 20241105}),
            ("initialize", {"protocolVersion": None}),
            ("initialize", []),
            ("tools/list", {"cursor": 5}),
            ("tools/list", "cursor"),
            ("tools/call", None),
            ("tools/call", {"name": 5, "arguments": {}}),
            ("tools/call", {"name": None}),
            ("tools/call", {"name": ["save_session_checkpoint"]}),
            ("tools/call", {"name": SAVE, "arguments": "goal=g"}),
            ("tools/call", {"name": SAVE, "arguments": 0}),
            ("tools/call", {"name": SAVE, "arguments": [["goal", "g"]]}),
            ("tools/call", {"name": SAVE + " ", "arguments": {"goal": "g"}}),
            ("ping", 1),
        ]
        for method, params in cases:
            with self.subTest(method=method, params=params):
                self.assert_error(server, {"jsonrpc": "2.0", "id": 11, "method": method,
                                           "params": params}, -32602, 11)
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())
        server.close_and_check(self)

    def test_unknown_fields_are_ignored_in_params_and_arguments_but_not_in_their_items(self):
        server = self.checked_server()
        server.send({"jsonrpc": "2.0", "id": 1, "method": "tools/list",
                     "params": {"extra": True, "_meta": {"progressToken": 1}}})
        self.assertEqual(len(server.recv()["result"]["tools"]), 3)
        result = server.call_tool(SAVE, {"goal": "g", "tasks": [{"description": "d",
                                                                 "status": "done", "owner": "me"}]})
        self.assertTrue(result["isError"], result)
        self.assertIn("tasks[0].owner: unknown field", result["content"][0]["text"])
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())
        for tool, arguments, name in [(LOAD, {"format": "brief", "selector": "x"}, "selector"),
                                      (LIST, {"limit": 1, "offset": 2}, "offset"),
                                      (SAVE, {"goal": "g", "Goal": "g"}, "Goal")]:
            with self.subTest(tool=tool, arguments=arguments):
                result = server.call_tool(tool, arguments)
                self.assertFalse(result.get("isError"), result)
                self.assertIn("Ignored the argument(s) `%s`" % name, result["content"][0]["text"])
        server.close_and_check(self)

    def test_wrong_argument_types_for_every_field_are_tool_errors_naming_the_field(self):
        server = self.checked_server()
        wrong = [None, True, 1, 1.5, "s", [], {}]
        fields = {
            SAVE: {"goal": "string", "tasks": "array", "summary": "string",
                   "nextSteps": "array", "decisions": "array", "modifiedFiles": "array",
                   "recentCommands": "array", "mode": "string", "resumedFrom": "string",
                   "session": "string", "projectRoot": "string"},
            LOAD: {"format": "string", "checkpoint": "string", "session": "string",
                   "projectRoot": "string"},
            LIST: {"limit": "integer", "session": "string", "projectRoot": "string"},
        }
        json_type = {type(None): "null", bool: "boolean", int: "integer", float: "number",
                     str: "string", list: "array", dict: "object"}
        for tool, schema in fields.items():
            for field, expected in schema.items():
                for value in wrong:
                    if json_type[type(value)] == expected:
                        continue
                    arguments = {"goal": "g"} if tool == SAVE and field != "goal" else {}
                    arguments[field] = value
                    with self.subTest(tool=tool, field=field, value=value):
                        reply = server.request("tools/call", {"name": tool,
                                                              "arguments": arguments})
                        check_tool_result(self, tool, reply)
                        text = reply["result"]["content"][0]["text"]
                        self.assertTrue(reply["result"].get("isError"), reply)
                        self.assertTrue(text.startswith("Error: %s:" % field), text)
        self.assertFalse((self.project / CHECKPOINT_DIR).exists())
        self.assertTrue(server.still_serves())
        server.close_and_check(self)

    def test_out_of_range_numbers_are_tool_errors_not_crashes(self):
        server = self.checked_server()
        for frame in [b'{"limit": -1}', b'{"limit": 1e400}', b'{"limit": -1e400}',
                      b'{"limit": 1.0e-400}', b'{"limit": 1e300}', b'{"limit": 99999999999999999999}']:
            with self.subTest(arguments=frame):
                server.send_raw(b'{"jsonrpc": "2.0", "id": 5, "method": "tools/call", '
                                b'"params": {"name": "list_session_checkpoints", "arguments": '
                                + frame + b"}}")
                reply = server.recv()
                # A tool's answer, never a JSON-RPC error; what is out of range is refused
                # by name, and a number a limit can be is taken as one.
                self.assertIsNone(check_tool_result(self, LIST, reply), reply)
                text = reply["result"]["content"][0]["text"]
                if frame in (b'{"limit": -1}', b'{"limit": 1e400}', b'{"limit": -1e400}'):
                    self.assertTrue(reply["result"].get("isError"), reply)
                    self.assertIn("limit", text)
                else:
                    self.assertIn("No checkpoints", text)
        server.send_raw(b'{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {'
                        b'"name": "save_session_checkpoint", "arguments": {"goal": "g", '
                        b'"session": "num", "recentCommands": [{"command": "c", "exitCode": '
                        b'1e300}, {"command": "d", "exitCode": -99999999999999999999999}]}}}')
        saved = server.recv()
        self.assertIsNone(check_tool_result(self, SAVE, saved), saved)
        load = server.request("tools/call", {"name": LOAD, "arguments": {"session": "num",
                                                                          "format": "full"}})
        self.assertIsNone(check_tool_result(self, LOAD, load), load)
        self.assertFalse(saved["result"].get("isError"), saved)  # kept as the numbers they are
        commands = load["result"]["structuredContent"]["checkpoint"]["recentCommands"]
        self.assertEqual([command["command"] for command in commands], ["c", "d"])
        self.assertTrue(server.still_serves())
        server.close_and_check(self)
