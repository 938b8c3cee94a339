"""The Claude Desktop bundle, session-checkpoint.mcpb: a fresh and reproducible build, the
plugin's own pyz inside, a manifest that says what the module says, and a server that starts
from it. (CI checks it with the real `mcpb` too: tests/interop/mcpb_check.sh.)
"""
import importlib.util
import json
import struct
import sys
import zipfile
import zlib
from unittest import mock

import build_zipapp
import checkpoint_mcp
from tests.interop import bundle_client
from tests.support import PYZ, REPO, TempDirTestCase

BUNDLE = REPO / build_zipapp.BUNDLE


def bundle_entries():
    """{name: bytes} of the committed bundle."""
    with zipfile.ZipFile(str(BUNDLE)) as zf:
        return {info.filename: zf.read(info) for info in zf.infolist()}


def png_rows(png):
    """The decompressed image data of a PNG (its IDAT chunks, joined)."""
    position, idat = 8, b""
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        if kind == b"IDAT":
            idat += png[position + 8:position + 8 + length]
        position += 12 + length
    return zlib.decompress(idat)


class BundleBuildTest(TempDirTestCase):

    def test_a_rebuild_is_byte_identical_and_the_committed_bundle_is_fresh(self):
        built = []
        for name in ("first", "second"):
            target = self.tmp / name
            build_zipapp.write_outputs(build_zipapp.build_all(), str(target))
            built.append((target / build_zipapp.BUNDLE).read_bytes())
        self.assertEqual(built[0], built[1])
        self.assertEqual(built[0], BUNDLE.read_bytes())

    def test_check_fails_when_the_bundle_is_stale(self):
        outputs = build_zipapp.build_all()
        outputs[build_zipapp.BUNDLE] += b"\0"
        with mock.patch.object(build_zipapp, "build_all", return_value=outputs), \
                mock.patch("sys.stdout"):
            with self.assertRaises(SystemExit) as raised:
                build_zipapp.main(["--check"])
        self.assertTrue(str(raised.exception).startswith(
            "session-checkpoint.mcpb is not a fresh build of checkpoint_mcp.py"), raised.exception)

    def test_the_bundle_holds_the_plugins_pyz_byte_for_byte(self):
        entries = bundle_entries()
        self.assertEqual(sorted(entries), ["LICENSE", "checkpoint.pyz", "icon.png", "manifest.json"])
        self.assertEqual(entries["checkpoint.pyz"], PYZ.read_bytes())
        with zipfile.ZipFile(str(BUNDLE)) as zf:
            for info in zf.infolist():
                self.assertEqual(info.date_time, build_zipapp.FIXED_TIME, info.filename)

    def test_the_icon_is_the_one_make_icon_draws(self):
        spec = importlib.util.spec_from_file_location("make_icon", str(REPO / "mcpb" / "make_icon.py"))
        make_icon = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(make_icon)
        icon = (REPO / build_zipapp.ICON).read_bytes()
        self.assertEqual(bundle_entries()["icon.png"], icon)
        self.assertEqual(icon[:8], b"\x89PNG\r\n\x1a\n")
        self.assertEqual(struct.unpack(">II", icon[16:24]), (make_icon.SIZE, make_icon.SIZE))
        # Pixels, not bytes: deflate's output may differ with another zlib.
        self.assertEqual(png_rows(icon), make_icon.rows())


class BundleManifestTest(TempDirTestCase):

    def setUp(self):
        super().setUp()
        self.manifest = json.loads(bundle_entries()["manifest.json"].decode("utf-8"))

    def test_version_and_tools_come_from_the_module(self):
        self.assertEqual(self.manifest["manifest_version"], build_zipapp.MANIFEST_VERSION)
        self.assertEqual(self.manifest["version"], checkpoint_mcp.__version__)
        self.assertEqual(self.manifest["tools"], [
            {"name": tool["name"], "description": tool["description"]}
            for tool in checkpoint_mcp.TOOLS])

    def test_metadata_agrees_with_plugin_json_and_server_json(self):
        plugin = json.loads((REPO / build_zipapp.PLUGIN_JSON).read_text(encoding="utf-8"))
        server = json.loads((REPO / "server.json").read_text(encoding="utf-8"))
        for key in ("name", "author", "license", "keywords"):
            self.assertEqual(self.manifest[key], plugin[key], key)
        self.assertEqual(self.manifest["display_name"], server["title"])
        self.assertEqual(self.manifest["description"], server["description"])

    def test_the_server_runs_the_pyz_like_the_plugin_with_the_project_folder(self):
        server = self.manifest["server"]
        self.assertEqual((server["type"], server["entry_point"]), ("python", "checkpoint.pyz"))
        self.assertEqual(server["mcp_config"]["command"], "python3")
        self.assertEqual(server["mcp_config"]["args"], ["-I", "-S", "${__dirname}/checkpoint.pyz"])
        self.assertEqual(server["mcp_config"]["env"],
                         {"CHECKPOINT_PROJECT_ROOT": "${user_config.project_root}"})
        option = self.manifest["user_config"]["project_root"]
        self.assertEqual((option["type"], option["required"]), ("directory", True))
        self.assertEqual(self.manifest["compatibility"]["runtimes"], {"python": ">=3.8"})
        self.assertIn(self.manifest["icon"], bundle_entries())

    def test_the_unpacked_bundle_starts_as_its_manifest_says_and_answers(self):
        # One process: the manifest's command line, on the interpreter running the tests.
        unpacked = self.tmp / "bundle"
        with zipfile.ZipFile(str(BUNDLE)) as zf:
            zf.extractall(str(unpacked))
        argv, env = bundle_client.server_command(
            self.manifest, str(unpacked), {"project_root": str(self.project)}, platform="linux")
        self.assertEqual(argv, ["python3", "-I", "-S", "%s/checkpoint.pyz" % unpacked])
        self.assertEqual(env, {"CHECKPOINT_PROJECT_ROOT": str(self.project)})
        findings = bundle_client.check_bundle(str(unpacked), str(self.project),
                                              environ=self.env, command=sys.executable)
        self.assertIn("tools/list: save_session_checkpoint, load_session_checkpoint, "
                      "list_session_checkpoints (as the manifest lists them)", findings)

    def test_windows_runs_python_instead(self):
        argv, _ = bundle_client.server_command(self.manifest, "C:/b", {"project_root": "C:/p"},
                                               platform="win32")
        self.assertEqual(argv, ["python", "-I", "-S", "C:/b/checkpoint.pyz"])
