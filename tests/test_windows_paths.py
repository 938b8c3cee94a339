"""Windows paths and Windows branches, run on any system.

The module names the system through its `os` alone (`os.name`, `os.path`, `os.sep`), so
the tests give it a Windows view of `os`: `os.name` is 'nt' and the rest is the real
module, minus what Windows lacks (getuid, O_NOFOLLOW, O_NONBLOCK). Path logic runs with
`ntpath` as `os.path` over a made-up file system (the directories a test names exist, as
on a case-insensitive volume); the branches that touch real files (the lock, replace_file,
the key, the census) keep the real path module and a stand-in for `msvcrt`. Only the
module's own name `os` is swapped: the rest of the process keeps the real one.

What only Windows itself can show: that realpath gives a root in the volume's own case,
that Claude Code's cwd (hence its transcript folder's name) is the one the hook input
carries, and msvcrt's own locking."""
import contextlib
import errno
import ntpath
import os
import re
import types
import unittest
from pathlib import Path
from unittest import mock

import checkpoint_mcp as cm
from checkpoint_mcp import CHECKPOINT_DIR
from tests.support import TempDirTestCase, own_checkpoint_data, write_signed_checkpoint

PROJECT = "C:\\Users\\me\\proj"
UNC_PROJECT = "\\\\server\\share\\proj"


class OsView:
    """The real `os` as the module sees it, with `path` the given path module, and
    attributes a test sets on the view for the module alone."""

    name = os.name
    MISSING = frozenset()

    def __init__(self, path):
        self.path = path
        self.sep, self.altsep = path.sep, path.altsep
        self.curdir, self.pardir = path.curdir, path.pardir

    def __getattr__(self, attribute):
        if attribute in self.MISSING:
            raise AttributeError(attribute)
        return getattr(os, attribute)


class WindowsOs(OsView):
    """`os` as a Windows process has it: name 'nt', without what Windows has not."""

    name = "nt"
    MISSING = frozenset(["getuid", "geteuid", "getgid", "O_NOFOLLOW", "O_NONBLOCK", "fchmod"])


def windows_path_module(directories):
    """`ntpath` over a made-up file system where `directories` (and the folders above
    them) exist, case-insensitively; nothing else does."""
    def key(path):
        path = ntpath.normpath(path)
        if path.startswith("\\\\?\\UNC\\"):
            path = "\\" + path[7:]
        elif path.startswith("\\\\?\\"):
            path = path[4:]
        return ntpath.normcase(path).rstrip("\\")

    known = set()
    for directory in directories:
        while key(directory) not in known:
            known.add(key(directory))
            directory = ntpath.dirname(directory)
    view = types.ModuleType("ntpath")
    view.__dict__.update({name: value for name, value in vars(ntpath).items()
                          if not name.startswith("__")})
    view.isdir = view.exists = view.lexists = lambda path: key(path) in known
    view.isfile = view.islink = lambda path: False
    return view


@contextlib.contextmanager
def windows_paths(*directories):
    """The module sees Windows path rules, and the directories named."""
    with mock.patch.object(cm, "os", WindowsOs(windows_path_module(directories))):
        yield


@contextlib.contextmanager
def windows_branches():
    """The module takes its Windows branches over the real files and path rules."""
    with mock.patch.object(cm, "os", WindowsOs(os.path)):
        yield


def claude_code_folder_name(cwd):
    """Claude Code's name for the transcript folder of `cwd`, written out afresh: every
    UTF-16 unit but an ASCII letter or digit becomes '-'; past 200, cut and followed by
    the base-36 absolute value of Java's String.hashCode."""
    raw = cwd.encode("utf-16-le", "surrogatepass")
    units = [int.from_bytes(raw[index:index + 2], "little") for index in range(0, len(raw), 2)]
    name = "".join(re.sub("[^A-Za-z0-9]", "-", chr(unit)) if unit < 128 else "-"
                   for unit in units)
    if len(name) <= 200:
        return name
    value = 0
    for unit in units:
        value = (31 * value + unit) % 2 ** 32
    value = abs(value - 2 ** 32 if value >= 2 ** 31 else value)
    return name[:200] + "-" + format_base36(value)


def format_base36(number):
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if not number:
            return digits


class ProjectRootTest(unittest.TestCase):
    """The project root from a hook's cwd, a tool's projectRoot or a client's root."""

    def root(self, argument):
        with windows_paths(PROJECT, UNC_PROJECT):
            return cm.resolve_project_root(argument, {}, lambda: None, None)

    def test_hook_cwd(self):
        with windows_paths(PROJECT):
            self.assertEqual(cm.hook_project_root({"cwd": "C:\\Users\\me\\proj"}, {}), PROJECT)
            with self.assertRaises(cm.CallerError):
                cm.hook_project_root({"cwd": "C:\\Users\\me\\gone"}, {})

    def test_forward_and_mixed_separators(self):
        self.assertEqual(self.root("C:/Users/me/proj"), PROJECT)
        self.assertEqual(self.root("C:/Users\\me/proj\\"), PROJECT)

    def test_long_path_prefix_is_dropped(self):
        # One folder named two ways would be two projects (two census records, two root ids).
        self.assertEqual(self.root("\\\\?\\C:\\Users\\me\\proj"), PROJECT)
        self.assertEqual(self.root("\\\\?\\UNC\\server\\share\\proj"), UNC_PROJECT)
        with windows_paths(PROJECT):
            self.assertEqual(cm.census_record_path(self.root("\\\\?\\C:\\Users\\me\\proj")),
                             cm.census_record_path(self.root("C:/Users/me/proj")))

    def test_unc_root(self):
        self.assertEqual(self.root("\\\\server\\share\\proj"), UNC_PROJECT)

    def test_relative_or_missing_roots_are_refused(self):
        for argument in ("proj", "C:proj", "D:\\Users\\me\\proj"):
            with self.subTest(argument=argument), self.assertRaises(cm.CallerError):
                self.root(argument)

    def test_client_file_uris(self):
        def root_of(uri):
            with windows_paths(PROJECT, UNC_PROJECT):
                return cm.resolve_project_root(None, {}, lambda: [uri], None)

        self.assertEqual(root_of("file:///C:/Users/me/proj"), PROJECT)
        self.assertEqual(root_of("file:///c%3A/Users/me/proj"), "c:\\Users\\me\\proj")
        self.assertEqual(root_of("file://localhost/C:/Users/me/proj"), PROJECT)
        self.assertEqual(root_of("file://server/share/proj"), UNC_PROJECT)


class InsideTest(unittest.TestCase):
    """Whether a path lies in the project, as Windows compares paths."""

    def inside(self, root, path):
        with windows_paths():
            return cm.is_inside(root, path)

    def test_case_and_separators_do_not_matter(self):
        self.assertTrue(self.inside(PROJECT, "c:\\users\\ME\\Proj\\src"))
        self.assertTrue(self.inside(PROJECT, "C:/Users/me/proj/src/a.py"))
        self.assertTrue(self.inside(PROJECT, "\\\\?\\C:\\Users\\me\\proj\\src"))
        self.assertTrue(self.inside("C:\\", "c:\\proj"))

    def test_long_path_forms(self):
        with windows_paths():
            for path, plain in (("\\\\?\\C:\\x", "C:\\x"), ("//?/C:/x", "C:\\x"),
                                ("\\\\?\\unc\\server\\share\\x", "\\\\server\\share\\x"),
                                ("\\\\?\\Volume{0}\\x", "\\\\?\\Volume{0}\\x"),
                                ("\\\\.\\C:\\x", "\\\\.\\C:\\x"), ("C:\\x", "C:\\x")):
                with self.subTest(path=path):
                    self.assertEqual(cm.plain_path(path), plain)

    def test_outside(self):
        for path in ("C:\\Users\\me\\proj", "C:\\Users\\me\\proj2\\src", "C:\\Users\\me",
                     "D:\\Users\\me\\proj\\src", "C:\\Users\\me\\proj\\..\\other",
                     "\\\\server\\share\\proj\\src"):
            with self.subTest(path=path):
                self.assertFalse(self.inside(PROJECT, path))

    def test_unc(self):
        self.assertTrue(self.inside(UNC_PROJECT, "\\\\SERVER\\Share\\proj\\src"))
        self.assertTrue(self.inside(UNC_PROJECT, "\\\\?\\UNC\\server\\share\\proj\\src"))
        self.assertTrue(self.inside(UNC_PROJECT, "//server/share/proj/src"))
        self.assertFalse(self.inside(UNC_PROJECT, "\\\\server\\share2\\proj\\src"))
        self.assertFalse(self.inside(UNC_PROJECT, "C:\\proj\\src"))


class RelativePathTest(unittest.TestCase):
    """A file path from a tool call or a transcript, stored '/'-separated."""

    def relative(self, raw, root=PROJECT):
        with windows_paths(root):
            return cm.project_relative_path(root, raw, "modifiedFiles[0].path")

    def test_paths_inside(self):
        for raw in ("C:\\Users\\me\\proj\\src\\a.py", "C:/Users/me/proj/src/a.py",
                    "C:\\Users/me\\proj/src\\a.py", "c:\\users\\ME\\Proj\\src\\a.py",
                    "\\\\?\\C:\\Users\\me\\proj\\src\\a.py", "src\\a.py", "src/a.py",
                    ".\\src\\.\\a.py", "src\\lib\\..\\a.py"):
            with self.subTest(raw=raw):
                self.assertEqual(self.relative(raw), "src/a.py")

    def test_paths_outside(self):
        for raw in ("C:\\Users\\me\\other\\a.py", "C:\\Users\\me\\proj2\\a.py",
                    "D:\\Users\\me\\proj\\src\\a.py", "\\\\?\\D:\\Users\\me\\proj\\a.py",
                    "\\\\server\\share\\proj\\a.py", "..\\a.py", "src\\..\\..\\a.py",
                    "C:\\Users\\me\\proj", "c:/users/me/proj/", ".",
                    "C:src\\a.py", "c:..\\a.py", "\\src\\a.py", "/src/a.py"):
            with self.subTest(raw=raw), self.assertRaises(cm.CallerError):
                self.relative(raw)

    def test_unc_project(self):
        for raw in ("\\\\server\\share\\proj\\src\\a.py", "//SERVER/share/proj/src/a.py",
                    "\\\\?\\UNC\\server\\share\\proj\\src\\a.py"):
            with self.subTest(raw=raw):
                self.assertEqual(self.relative(raw, UNC_PROJECT), "src/a.py")
        for raw in ("\\\\server\\other\\proj\\a.py", "C:\\proj\\a.py"):
            with self.subTest(raw=raw), self.assertRaises(cm.CallerError):
                self.relative(raw, UNC_PROJECT)

    def test_transcript_paths(self):
        with windows_paths(PROJECT):
            self.assertEqual(cm.project_paths(PROJECT, [
                "C:\\Users\\me\\proj\\src\\a.py", "c:/users/me/proj/src/a.py",
                PROJECT + "\\" + CHECKPOINT_DIR + "\\x.json", "D:\\elsewhere.py",
                "C:\\Users\\me\\proj\\docs\\b.md", "c:\\users\\me\\proj\\SRC\\A.py",
                # (the folder and the legacy file in other cases: Windows names are case-blind)
                "C:\\Users\\me\\proj\\.Claude-Checkpoints\\y.json",
                "C:\\Users\\me\\proj\\.CLAUDE-checkpoint"]), ["src/a.py", "docs/b.md"])

    def test_stored_paths_are_checked_as_windows_reads_them(self):
        with windows_paths():
            for path in ("C:src/a.py", "C:/a.py", "\\\\server\\share\\a.py", "src\\..\\..\\a",
                         "/a.py"):
                with self.subTest(path=path):
                    self.assertFalse(cm.is_safe_relative_path(path))
            self.assertTrue(cm.is_safe_relative_path("src/a.py"))


class TranscriptFolderTest(unittest.TestCase):
    """Where Claude Code keeps the transcripts of a session started in a Windows cwd."""

    def test_folder_names(self):
        self.assertEqual(cm.claude_project_folder_name(PROJECT), "C--Users-me-proj")
        for cwd in (PROJECT, "c:\\Users\\me\\my.proj_1 (copy)", "D:\\", UNC_PROJECT,
                    "C:\\Users\\me\\" + "deep\\" * 40 + "proj", "C:\\Users\\Zoë\\proj",
                    "C:\\Users\\me\\\U0001F600" + "\\dossier" * 30):
            with self.subTest(cwd=cwd):
                self.assertEqual(cm.claude_project_folder_name(cwd), claude_code_folder_name(cwd))
        long = cm.claude_project_folder_name("C:\\Users\\me\\" + "deep\\" * 40 + "proj")
        self.assertEqual(len(long.rsplit("-", 1)[0]), 200)

    def test_folder_under_the_user_profile(self):
        with windows_paths(PROJECT):
            folders = cm.claude_transcript_folders([PROJECT], {"USERPROFILE": "C:\\Users\\me"})
            configured = cm.claude_transcript_folders(
                [PROJECT], {"CLAUDE_CONFIG_DIR": "D:\\claude"})
        self.assertEqual(folders, ["C:\\Users\\me\\.claude\\projects\\C--Users-me-proj"])
        self.assertEqual(configured, ["D:\\claude\\projects\\C--Users-me-proj"])

    def test_either_case_of_the_drive_letter(self):
        # The volume's names ignore case, so a short name is one folder; a cut one is two.
        long = "\\Users\\me\\" + "deep\\" * 40 + "proj"
        with windows_paths():
            short = cm.claude_transcript_folders([PROJECT], {"USERPROFILE": "C:\\Users\\me"})
            cut = cm.claude_transcript_folders(["C:" + long], {"USERPROFILE": "C:\\Users\\me"})
        self.assertEqual(short, ["C:\\Users\\me\\.claude\\projects\\C--Users-me-proj"])
        self.assertEqual([ntpath.basename(folder) for folder in cut], [
            claude_code_folder_name("C:" + long), claude_code_folder_name("c:" + long)])
        self.assertNotEqual(cut[0].lower(), cut[1].lower())

    def test_session_start_recovers_from_the_transcripts_folder(self):
        calls = []
        hook_input = {"session_id": "abc", "cwd": "C:\\Users\\me\\proj", "transcript_path":
                      "C:/Users/me/.claude/projects/C--Users-me-proj/abc.jsonl"}
        with windows_paths(PROJECT), mock.patch.object(
                cm, "recover_sessions", lambda *args, **kwargs: calls.append(args)):
            cm.recover_at_session_start(hook_input, PROJECT)
            cm.recover_at_session_start(dict(hook_input, cwd="proj"), PROJECT)
        self.assertEqual([call[:4] for call in calls], [
            (PROJECT, "C:/Users/me/.claude/projects/C--Users-me-proj", ("abc", "abc"),
             "C:\\Users\\me\\proj"),
            (PROJECT, "C:/Users/me/.claude/projects/C--Users-me-proj", ("abc", "abc"),
             PROJECT)])
        self.assertTrue(all(isinstance(call[4], cm.AtSessionStart) for call in calls))

    def test_transcript_cwd_is_compared_as_windows_does(self):
        with windows_paths(PROJECT):
            for recorded in (PROJECT, "c:/users/ME/proj/", "\\\\?\\C:\\Users\\me\\proj",
                             "C:\\Users\\me\\src\\..\\proj"):
                with self.subTest(recorded=recorded):
                    self.assertTrue(cm.same_directory(recorded, PROJECT))
            for recorded in ("D:\\Users\\me\\proj", "C:\\Users\\me\\proj\\src", "proj",
                             "\\\\server\\share\\proj"):
                with self.subTest(recorded=recorded):
                    self.assertFalse(cm.same_directory(recorded, PROJECT))

    def test_codex_workspace_holding_the_cwd_comes_first(self):
        meta = {cm.CODEX_TURN_METADATA: {"workspaces": {
            "D:\\work\\other": {}, "C:\\Users\\me\\proj": {}}}}
        with windows_paths(PROJECT, "D:\\work\\other"):
            self.assertEqual(cm.client_workspaces(meta, "c:\\users\\me\\PROJ")[0],
                             "C:\\Users\\me\\proj")
            self.assertEqual(cm.client_workspaces(meta, "c:\\users\\me\\PROJ\\src")[0],
                             "C:\\Users\\me\\proj")


class StateFolderTest(unittest.TestCase):
    """The state folder and the key's place, as Windows names them."""

    def test_state_folder_in_local_app_data(self):
        with windows_paths(), mock.patch.dict(os.environ, {
                "LOCALAPPDATA": "C:\\Users\\me\\AppData\\Local", "XDG_STATE_HOME": "/x"}):
            self.assertEqual(cm.state_directory(),
                             "C:\\Users\\me\\AppData\\Local\\session-checkpoint")
            self.assertEqual(cm.signing_key_path(),
                             "C:\\Users\\me\\AppData\\Local\\session-checkpoint\\"
                             + cm.KEY_FILE)
        environ = {name: value for name, value in os.environ.items()
                   if name not in ("LOCALAPPDATA", "HOME")}
        environ["USERPROFILE"] = "C:\\Users\\me"
        with windows_paths(), mock.patch.dict(os.environ, environ, clear=True):
            self.assertEqual(cm.state_directory(),
                             "C:\\Users\\me\\AppData\\Local\\session-checkpoint")

    def test_key_inside_the_project_vouches_for_nothing(self):
        def problem(local):
            with windows_paths(PROJECT), mock.patch.dict(os.environ, {
                    "LOCALAPPDATA": local, "HOME": "C:\\Users\\me",
                    "USERPROFILE": "C:\\Users\\me"}):
                return cm.key_location_problem(PROJECT)

        self.assertIsNone(problem("C:\\Users\\me\\AppData\\Local"))
        self.assertIsNone(problem("C:\\Users\\me\\proj2"))
        self.assertIn("inside C:\\Users\\me\\proj", problem("C:\\Users\\me\\proj\\state"))
        self.assertIn("inside", problem("c:\\users\\ME\\Proj\\state"))
        self.assertIn("inside", problem("c:/users/me/proj"))


@unittest.skipIf(os.name == "nt", "POSIX path rules")
class PosixUnchangedTest(TempDirTestCase):
    """Elsewhere a name is as it is spelled: case matters, and '\\?\' is a name."""

    def test_case_and_prefix_are_names(self):
        (self.tmp / "B" / "c").mkdir(parents=True)
        (self.tmp / "b").mkdir()
        self.assertFalse(cm.is_inside(str(self.tmp / "b"), str(self.tmp / "B" / "c")))
        self.assertTrue(cm.is_inside(str(self.tmp / "B"), str(self.tmp / "B" / "c")))
        self.assertTrue(cm.is_same_or_inside(str(self.tmp / "B"), str(self.tmp / "B")))
        self.assertFalse(cm.is_same_or_inside(str(self.tmp / "b"), str(self.tmp / "B")))
        self.assertEqual(cm.plain_path("\\\\?\\C:\\x"), "\\\\?\\C:\\x")
        self.assertIsNone(cm.path_from_file_uri("file://server/share/proj"))
        self.assertEqual(cm.project_relative_path(str(self.tmp), "B\\c", "path"), "B\\c")


class FakeMsvcrt:
    """msvcrt's byte-range locking, on flock: a lock held through one descriptor refuses
    another, as Windows' does."""

    LK_UNLCK, LK_LOCK, LK_NBLCK = 0, 1, 2

    def __init__(self):
        self.calls = []

    def locking(self, fd, mode, nbytes):
        import fcntl
        self.calls.append((os.lseek(fd, 0, os.SEEK_CUR), mode, nbytes))
        try:
            fcntl.flock(fd, fcntl.LOCK_UN if mode == self.LK_UNLCK
                        else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OSError(errno.EACCES, "Permission denied") from None


@unittest.skipIf(os.name == "nt", "runs the Windows branches where they are not native")
class WindowsBranchesTest(TempDirTestCase):
    """The `os.name == 'nt'` branches, over real files."""

    def test_lock_through_msvcrt(self):
        msvcrt = FakeMsvcrt()
        path = str(Path(self.tmp) / "a.json")
        with windows_branches(), mock.patch.dict("sys.modules", {"msvcrt": msvcrt}):
            with cm.CheckpointLock(path) as lock:
                fd = lock.fd
                os.lseek(fd, 5, os.SEEK_SET)
                with self.assertRaisesRegex(cm.CallerError, "held the lock"):
                    with cm.CheckpointLock(path, timeout=0.05):
                        pass
            with cm.CheckpointLock(path, timeout=0.05):
                pass
        self.assertEqual(msvcrt.calls[0], (0, msvcrt.LK_NBLCK, 1))
        self.assertIn((0, msvcrt.LK_UNLCK, 1), msvcrt.calls)  # from byte 0, however far it read
        self.assertGreater(len(msvcrt.calls), 4)
        self.assertTrue(all(nbytes == 1 and position == 0 for position, _, nbytes in msvcrt.calls))

    def test_replace_is_retried_while_the_target_is_open(self):
        source, target = Path(self.tmp) / "new", Path(self.tmp) / "old"
        source.write_text("new")
        target.write_text("old")
        refusals = []

        def replace(a, b):
            if len(refusals) < 3:
                refusals.append(b)
                raise PermissionError(errno.EACCES, "in use")
            return os.replace(a, b)

        windows = WindowsOs(os.path)
        windows.replace = replace
        with mock.patch.object(cm, "os", windows), mock.patch("time.sleep") as sleep:
            cm.replace_file(str(source), str(target))
        self.assertEqual(target.read_text(), "new")
        self.assertEqual(len(refusals), 3)
        self.assertEqual(sleep.call_count, 3)

    def test_replace_gives_up(self):
        def refuse(a, b):
            raise PermissionError(errno.EACCES, "in use")

        windows = WindowsOs(os.path)
        windows.replace = refuse
        with mock.patch.object(cm, "os", windows), mock.patch("time.sleep") as sleep:
            with self.assertRaises(PermissionError):
                cm.replace_file("a", "b")
        self.assertEqual(sleep.call_count, cm.LIMITS["replaceRetries"] - 1)
        here = OsView(os.path)
        here.replace = refuse
        with mock.patch.object(cm, "os", here), mock.patch("time.sleep") as sleep:
            with self.assertRaises(PermissionError):
                cm.replace_file("a", "b")
        self.assertEqual(sleep.call_count, 0)  # elsewhere a refusal is final

    def test_key_made_by_rename_in_local_app_data(self):
        local = Path(self.tmp) / "Local"
        windows = WindowsOs(os.path)
        windows.link = mock.Mock(side_effect=AssertionError("os.link on Windows"))
        with mock.patch.object(cm, "os", windows), \
                mock.patch.dict(os.environ, {"LOCALAPPDATA": str(local)}):
            key = cm.signing_key(create=True)
            again = cm.signing_key(create=True)
        self.assertIsNone(key.problem)
        self.assertEqual(len(key.secret), 32)
        self.assertEqual(again.secret, key.secret)
        self.assertEqual(key.path, str(local / "session-checkpoint" / cm.KEY_FILE))
        self.assertEqual([path.name for path in (local / "session-checkpoint").iterdir()],
                         [cm.KEY_FILE])

    def test_census_of_a_project(self):
        local = Path(self.tmp) / "Local"
        project = Path(self.tmp) / "proj"
        (project / cm.CHECKPOINT_DIR).mkdir(parents=True)
        with mock.patch.dict(os.environ, {"LOCALAPPDATA": str(local)}), windows_branches():
            write_signed_checkpoint(project / cm.CHECKPOINT_DIR / "s1.json",
                                    own_checkpoint_data(project))
            os.chmod(str(project / cm.CHECKPOINT_DIR), 0o777)  # no mode bits on Windows
            census = cm.checkpoint_census(str(project))
            again = cm.checkpoint_census(str(project))
        self.assertEqual((census.count, census.untrusted), (1, {}))
        self.assertEqual((again.count, again.untrusted), (1, {}))
        self.assertTrue(any((local / "session-checkpoint" / cm.CENSUS_FOLDER).iterdir()))

    def test_folder_fsync_is_skipped(self):
        windows = WindowsOs(os.path)
        windows.open = mock.Mock(side_effect=AssertionError("a directory opened"))
        with mock.patch.object(cm, "os", windows):
            cm.fsync_directory(str(self.tmp))


if __name__ == "__main__":
    unittest.main()
