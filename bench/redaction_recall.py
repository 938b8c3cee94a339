"""Redaction measured the way a secret scanner is: recall and false positives by group.

    python3 bench/redaction_recall.py                    # the suite's corpus
    python3 bench/redaction_recall.py path/to/corpus.py  # another corpus, same shape
    python3 bench/redaction_recall.py --without-vendor-rows [corpus.py]

A corpus is a Python module with SECRETS, a list of (group, text, secret, visible) or of
(group, format, text, secret, visible), and BENIGN, a list of strings with no secret in
them. A secret counts as caught when redact_text replaced something and no 16 characters of
it survive; a benign string counts as a false positive when it comes back changed.

--without-vendor-rows leaves out every row of the table flagged "v" (a vendor's own token
shape), so what is left is the names, the command lines and the second line of defence:
how far the redaction holds on a vendor whose prefix no row names.
"""
import argparse
import importlib.util
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
import checkpoint_mcp  # noqa: E402


def load_corpus(path):
    spec = importlib.util.spec_from_file_location("corpus_under_test", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# A PEM block's armour line: its format, not its secret (redaction keeps it readable).
ARMOUR = re.compile(r"-----(?:BEGIN|END) [A-Z0-9 ]+-----")


def leaks(secret, redacted):
    """True if the secret, or any 16 characters of it, survived; a PEM block's
    `-----BEGIN … KEY-----` lines are not counted."""
    pieces = [piece for piece in ARMOUR.split(secret) if sum(c.isalnum() for c in piece) >= 8]
    return any(piece in redacted or any(piece[i:i + 16] in redacted
                                        for i in range(0, max(1, len(piece) - 15)))
               for piece in pieces or [secret])


def entries(corpus):
    """(group, format, text, secret) for each secret of the corpus."""
    families = getattr(corpus, "FAMILIES", {})
    for entry in corpus.SECRETS:
        if len(entry) == 5:
            group, fmt, text, secret, _ = entry
        else:
            fmt, text, secret, _ = entry
            group = families.get(fmt, fmt)
        yield group, fmt, text, secret


def without_vendor_rows():
    checkpoint_mcp.redaction_regexes()
    kept = tuple(compiled for (_, flags, _, _), compiled
                 in zip(checkpoint_mcp.redaction_patterns(),
                        checkpoint_mcp._redaction_regexes["patterns"]) if "v" not in flags)
    checkpoint_mcp._redaction_regexes["patterns"] = kept


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", nargs="?",
                        default=os.path.join(REPO, "tests", "redaction_corpus.py"))
    parser.add_argument("--without-vendor-rows", action="store_true")
    parser.add_argument("--misses", action="store_true", help="print each miss and false positive")
    options = parser.parse_args(argv)
    corpus = load_corpus(options.corpus)
    if options.without_vendor_rows:
        without_vendor_rows()
    groups, misses = {}, []
    for group, fmt, text, secret in entries(corpus):
        redacted, count = checkpoint_mcp.redact_text(text)
        caught = count >= 1 and not leaks(secret, redacted)
        hit, total = groups.get(group, (0, 0))
        groups[group] = (hit + caught, total + 1)
        if not caught:
            misses.append((group, fmt, text))
    flagged = [(text, checkpoint_mcp.redact_text(text)[0]) for text in corpus.BENIGN
               if checkpoint_mcp.redact_text(text) != (text, 0)]
    caught = sum(hit for hit, _ in groups.values())
    total = sum(count for _, count in groups.values())
    print("corpus: %s%s" % (os.path.relpath(options.corpus),
                            ", vendor rows left out" if options.without_vendor_rows else ""))
    for group, (hit, count) in sorted(groups.items()):
        print("  %-28s %4d/%-4d %6.1f%%" % (group, hit, count, 100.0 * hit / count))
    print("recall              %d/%d  %.3f" % (caught, total, caught / total))
    print("false positives     %d/%d  %.3f" % (len(flagged), len(corpus.BENIGN),
                                                len(flagged) / max(1, len(corpus.BENIGN))))
    if options.misses:
        for group, fmt, text in misses:
            print("MISS  %-20s %-24s %r" % (group, fmt, text[:140]))
        for text, redacted in flagged:
            print("FP    %r -> %r" % (text[:100], redacted[:100]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
