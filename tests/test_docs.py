"""The README and the pages under docs/: links that resolve, and what they promise holds."""
import re
import unittest

from tests.support import REPO

README = REPO / "README.md"
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")


def documents():
    return [README] + sorted((REPO / "docs").glob("*.md"))


def links(path):
    """The link targets of a Markdown file, outside code blocks and code spans."""
    text = CODE_SPAN.sub("", FENCE.sub("", path.read_text(encoding="utf-8")))
    return LINK.findall(text)


def is_relative(target):
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I)


class DocsTest(unittest.TestCase):

    def test_every_relative_link_names_an_existing_file_without_an_anchor(self):
        # An anchor breaks silently when a heading is reworded; a page name does not.
        checked = 0
        for path in documents():
            for target in filter(is_relative, links(path)):
                with self.subTest(page=path.name, link=target):
                    self.assertNotIn("#", target)
                    self.assertTrue((path.parent / target).is_file())
                    checked += 1
        self.assertGreater(checked, 0)

    def test_the_readme_links_every_page_under_docs(self):
        linked = {(README.parent / target).resolve() for target in links(README)
                  if is_relative(target)}
        for page in sorted((REPO / "docs").glob("*.md")):
            with self.subTest(page=page.name):
                self.assertIn(page.resolve(), linked)

    def test_the_quick_start_comes_first_and_tests_as_ci_does(self):
        head = README.read_text(encoding="utf-8").splitlines()[:40]
        self.assertIn("## Quick start", head)
        self.assertTrue(any(line.startswith("python3 -m unittest") for line in head))
        self.assertTrue(any("claude plugin install" in line for line in head))
        ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
        # CI runs that same command on every interpreter: `"$python" -m unittest`.
        self.assertTrue(re.search(r'^[^#\n]*"\$\w+" -m unittest\b', ci, re.M),
                        "CI does not run the README's test command")

    def test_the_readme_is_a_five_minute_read(self):
        self.assertLessEqual(len(README.read_text(encoding="utf-8").split()), 3000)

    def test_every_variable_of_the_configuration_table_is_read_by_the_module(self):
        text = README.read_text(encoding="utf-8")
        table = text[text.index("## Configuration"):]
        names = re.findall(r"^\| `([A-Z_]+)` \|", table, re.M)
        self.assertGreaterEqual(len(names), 5)
        module = (REPO / "checkpoint_mcp.py").read_text(encoding="utf-8")
        for name in names:
            with self.subTest(variable=name):
                self.assertIn('"%s"' % name, module)


if __name__ == "__main__":
    unittest.main()
