"""The hand-written validator: each keyword the schemas use, and error paths by name."""
import unittest

import checkpoint_mcp as cm


def error_of(value, schema):
    """What a tool call whose arguments are `value` is told, or None when they fit."""
    problem = cm.schema_problem(value, schema)
    return None if problem is None else str(cm.arguments_error(problem))


class ValidatorTest(unittest.TestCase):

    def test_types(self):
        self.assertEqual(error_of(5, {"type": "string"}), "arguments: must be a string")
        self.assertEqual(error_of(True, {"type": "integer"}), "arguments: must be an integer")
        self.assertIsNone(error_of(3.0, {"type": "integer"}))
        self.assertEqual(error_of(3.5, {"type": "integer"}), "arguments: must be an integer")
        self.assertIsNone(error_of(None, {"type": ["string", "null"]}))
        self.assertEqual(error_of([], {"type": ["object", "null"]}),
                         "arguments: must be an object or a null")

    def test_enum_names_the_allowed_values(self):
        schema = cm.SAVE_INPUT_SCHEMA
        message = error_of({"goal": "g", "tasks": [{"description": "a", "status": "done"}] * 3 +
                            [{"description": "b", "status": "later"}]}, schema)
        self.assertEqual(message,
                         "tasks[3].status: must be one of pending, in_progress, done, blocked")

    def test_length_items_and_minimum(self):
        self.assertEqual(error_of("abc", {"type": "string", "maxLength": 2}),
                         "arguments: must be at most 2 characters (got 3)")
        self.assertEqual(error_of("", {"type": "string", "minLength": 1}),
                         "arguments: must not be empty")
        self.assertEqual(error_of([1, 2], {"type": "array", "maxItems": 1}),
                         "arguments: must have at most 1 items (got 2)")
        self.assertEqual(error_of(-1, {"type": "integer", "minimum": 0}),
                         "arguments: must be at least 0")

    def test_required_and_unknown_fields_by_path(self):
        self.assertEqual(error_of({"goal": "g", "tasks": [{"status": "done"}]},
                                  cm.SAVE_INPUT_SCHEMA), "tasks[0].description: is required")
        self.assertEqual(error_of({"goal": "g", "modifiedFiles": [{"note": "n"}]},
                                  cm.SAVE_INPUT_SCHEMA), "modifiedFiles[0].path: is required")
        message = error_of({"goal": "g", "recentCommands": [{"command": "c", "exit": 1}]},
                           cm.SAVE_INPUT_SCHEMA)
        self.assertTrue(message.startswith("recentCommands[0].exit: unknown field"), message)

    def test_the_first_bad_field_is_named(self):
        self.assertEqual(error_of({"goal": 1, "mode": "x"}, cm.SAVE_INPUT_SCHEMA),
                         "goal: must be a string")

    def test_limits_come_from_the_one_table(self):
        properties = cm.SAVE_INPUT_SCHEMA["properties"]
        self.assertEqual(properties["goal"]["maxLength"], cm.LIMITS["goal"])
        self.assertEqual(properties["summary"]["maxLength"], cm.LIMITS["summary"])
        for name in ("tasks", "nextSteps", "decisions", "modifiedFiles", "recentCommands"):
            self.assertEqual(properties[name]["maxItems"], cm.LIMITS[name])

    def test_output_schemas_accept_what_the_tools_return(self):
        self.assertIsNone(cm.schema_problem(
            {"text": "t", "path": "/p", "bytes": 1, "mode": "merge", "warnings": [],
             "counts": {"tasks": 0, "modifiedFiles": 0, "recentCommands": 0, "redactions": 0}},
            cm.SAVE_OUTPUT_SCHEMA))
        self.assertIsNotNone(cm.schema_problem({"found": "yes", "warnings": []},
                                               cm.LOAD_OUTPUT_SCHEMA))


class JsonCodecTest(unittest.TestCase):

    def test_round_trip_without_the_json_module(self):
        value = {"a": [1, -2.5, "\u00e9\u00abx\u00bb", None, True], "b": {"c": ""}}
        self.assertEqual(cm.json_loads(cm.json_dumps(value)), value)

    def test_invalid_documents_raise_value_error(self):
        for text in ["", "[1, 2", '{"a" 1}', "NaN", "[1] x", '"\x01"', "[" * 100000]:
            with self.subTest(text=text[:10]):
                with self.assertRaises(ValueError):
                    cm.json_loads(text)

    def test_a_lone_surrogate_survives_as_an_escape(self):
        data = cm.encode_json_text(cm.json_dumps({"s": "\ud800"}))
        self.assertEqual(cm.json_loads(data.decode("utf-8")), {"s": "\ud800"})


class TimestampTest(unittest.TestCase):

    def test_parse_matches_the_formatter(self):
        for seconds in (0, 86399.5, 1759890235.477, 4102444800):
            stamp = cm.now_timestamp(seconds)
            self.assertAlmostEqual(cm.parse_timestamp(stamp), seconds, places=2)
        self.assertIsNone(cm.parse_timestamp("yesterday"))

    def test_ages(self):
        self.assertEqual([cm.format_age(s) for s in (-5, 30, 120, 7200, 172800)],
                         ["just now", "just now", "2m ago", "2h ago", "2d ago"])
