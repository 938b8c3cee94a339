"""How much a learned second line could add to redaction: the measure behind the choice
of rules plus patterns of your own (docs/security.md, "Formats of your own").

    python3 -m venv /tmp/v && /tmp/v/bin/pip install numpy scikit-learn
    /tmp/v/bin/python bench/redaction_headroom.py [--model gb|lr]

Over the corpora written blind (tests/redaction_holdout*.py), it takes what redact_text
leaves: each secret it misses and each look-alike it leaves unchanged. Every token there
(a run of characters between spaces, quotes and brackets, and its pieces between `=`, `&`,
`?` and between `:`, `/`, `@`, `\\`) gets features: its shape (length, classes of
characters, entropy, hex, UUID, base64, version, date, host, path, placeholder), the
credential words before it on its line (a password's, a key's, an account's, in two dozen
languages) and how far, the separators between, and the module's own tests of words and
passphrases. A token is a positive when it is most of a missed secret. A classifier is
trained on the corpora of seven of eight groups (by tens, in the order they were written)
and scores the eighth, in turn; then, for each threshold, a missed secret counts as caught
when one of its tokens scores above it, a look-alike as altered when any of its tokens
does. The output is that frontier: secrets gained against look-alikes newly altered.

Not part of the suite or of CI: it needs numpy and scikit-learn (dev-only, never the
product's), and takes a few minutes.
"""
import argparse
import collections
import glob
import importlib.util
import math
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, REPO)
import checkpoint_mcp  # noqa: E402

sys.path.insert(0, os.path.join(REPO, "bench"))
from redaction_recall import entries, leaks, load_corpus  # noqa: E402

TOKEN = re.compile(r"[^\s\"'`()\[\]{}<>,;|]+")
QUERY_SEPARATORS = re.compile(r"[=&?]")
PAIR_SEPARATORS = re.compile(r"[:/@\\]")
PASSWORD_WORDS = (
    r"pass(?:word|wd|wort|phrase|code|key|wrd)?|pwd?|pin|kennwort|mot de passe|mdp|contrase[ñn]a|"
    r"clave|senha|wachtwoord|l[öo]senord|adgangskode|salasana|has[łl]o|heslo|jelsz[óo]|parol[ae]?|"
    r"parool|пароль|密码|口令|パスワード|비밀번호|รหัสผ่าน|mật khẩu|[şs]ifre|كلمة المرور|סיסמה|पासवर्ड|"
    r"koden?|code|c[óo]digo|larmkod\w*")
KEY_WORDS = (
    r"keys?|secrets?|tokens?|api|apikey|auth\w*|bearer|credentials?|creds?|signature|sig|private|"
    r"cl[ée]|schl[üu]ssel|chave|llave|ключ\w*|токен|密钥|秘钥|令牌|キー|トークン|토큰|hmac|salt|seed|"
    r"mnemonic|psk|wpa\w*|cookie|session\w*|sid|otp|totp|webhook")
ACCOUNT_WORDS = (r"user(?:name)?|login|logon|admin\w*|root|account|acct|uid|benutzer\w*|usuario|"
                 r"utilisateur|identifiant|svc|service account")
CUE = re.compile(r"(?i)(?<![^\W_])(?:(%s)|(%s)|(%s))(?![^\W\d_])"
                 % (PASSWORD_WORDS, KEY_WORDS, ACCOUNT_WORDS))
SHAPES = {
    "hex": re.compile(r"(?i)^(?:0x)?[0-9a-f]+$"),
    "uuid": re.compile(r"(?i)^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"),
    "base64": re.compile(r"^[A-Za-z0-9+/_-]+={0,2}$"),
    "version": re.compile(r"^v?\d+(?:\.\d+){1,3}(?:[-+.][\w.]+)?$"),
    "date": re.compile(r"^\d{2,4}[-/.:]\d{1,2}[-/.:]\d{1,4}"),
    "email": re.compile(r"^[\w.+-]+@[\w-]+\.[\w.]+$"),
    "identifier": re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$"),
    "camel": re.compile(r"^[a-z]+(?:[A-Z][a-z]+)+$"),
    "word_number": re.compile(r"^[A-Za-z]{3,}[\W_]?\d{2,}[\W_]?$|^[A-Z][a-z]+[A-Z][a-z]+\d+"),
    "dashed_words": re.compile(r"^[a-z]{3,}(?:-[a-z]{3,}){2,}(?:-\d+)?$"),
}
HOST = re.compile(r"(?i)^[a-z0-9-]+(?:\.[a-z0-9-]+)+\.?(?::\d+)?$")
PLACEHOLDER = re.compile(r"(?i)x{4,}|\*{3,}|<[^>]*>|\$\{|\{\{|%\w+%|redacted|changeme|example|"
                         r"dummy|placeholder|your[_-]")
FILE_SUFFIX = re.compile(r"(?i)\.(?:py|js|ts|json|ya?ml|toml|ini|conf|cfg|txt|log|csv|sh|ps1|exe|dll|"
                         r"so|zip|gz|tar|pem|key|crt|p12|pfx|jar|xml|html|md|png|jpg|pdf|env|sql|db|"
                         r"bak|rs|go|java|c|h|rb|php)$")
DENYING = re.compile(r"(?i)\b(?:not?|never|without|placeholder|example|sample|dummy|fake|rotate[ds]?|"
                     r"expired|revoked|public|fingerprint|sha\d*|md5|checksum|digest|hash|commit|"
                     r"uuid|id|version|build)\b")
IS_WORD = re.compile(r"(?i)\b(?:is|est|ist|es|é|är|er|on|jest|ni|was|are)\b")
ENGINE_TESTS = ("is_typed_password", "reads_as_a_name", "is_joined_passphrase", "is_random_letters",
                "is_four_kinds_password", "is_distinctive_secret", "is_word_compound",
                "is_called_secret", "is_dotted_passphrase")


def tokens(text):
    """(start, end, level) of each token of `text` of 6 to 120 characters."""
    seen, found = set(), []
    for match in TOKEN.finditer(text):
        start, token = match.start(), match.group()
        spans = [(start, match.end(), 0)]
        for level, separators in ((1, QUERY_SEPARATORS), (2, PAIR_SEPARATORS)):
            position = 0
            for part in separators.split(token):
                if part and part != token:
                    spans.append((start + position, start + position + len(part), level))
                position += len(part) + 1
        for begin, end, level in spans:
            end = begin + len(text[begin:end].rstrip(".!?:"))
            if 6 <= end - begin <= 120 and (begin, end) not in seen:
                seen.add((begin, end))
                found.append((begin, end, level))
    return found


def entropy(value):
    counts = collections.Counter(value)
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def engine_says(name, *arguments):
    try:
        return 1 if getattr(checkpoint_mcp, name)(*arguments) else 0
    except Exception:  # a test made for other inputs
        return 0


def features(text, begin, end, level, cues):
    token = text[begin:end]
    size = len(token)
    lower = sum(c.islower() for c in token)
    upper = sum(c.isupper() for c in token)
    digits = sum(c.isdigit() for c in token)
    symbols = size - lower - upper - digits
    found = {"bias": 1, "length": min(size, 64) / 64.0, "log_length": math.log(size),
             "lower": lower / size, "upper": upper / size, "digits": digits / size,
             "symbols": symbols / size, "level%d" % level: 1,
             "kinds%d" % ((lower > 0) + (upper > 0) + (digits > 0) + (symbols > 0)): 1,
             "entropy": entropy(token), "entropy_share": entropy(token) / math.log2(max(2, size)),
             "words": min(len(re.findall(r"[A-Za-z]{3,}", token)), 5) / 5.0,
             "all_digits": 1 if token.isdigit() else 0,
             "host": 1 if HOST.match(token) and not token.replace(".", "").isdigit() else 0,
             "placeholder": 1 if PLACEHOLDER.search(token) else 0,
             "file": 1 if FILE_SUFFIX.search(token) else 0,
             "path": 1 if token[:1] in "/~." or "://" in token or token.count("/") >= 2
             or "\\" in token else 0}
    for name, shape in SHAPES.items():
        found[name] = 1 if shape.match(token) else 0
    before = text[begin - 1] if begin else "\n"
    after = text[end] if end < len(text) else "\n"
    found["before_" + {"=": "equals", ":": "colon", "/": "slash", "@": "at", "\n": "line",
                       " ": "space", '"': "quote", "'": "quote"}.get(before, "other")] = 1
    found["after_" + {"@": "at", "\n": "line", " ": "space", '"': "quote", "'": "quote",
                      ":": "colon", ".": "dot"}.get(after, "other")] = 1
    line_start = text.rfind("\n", 0, begin) + 1
    reach = line_start - (80 if begin - line_start < 3 else 0)  # a token opening its line: the one above
    nearest = {}
    for cue_start, cue_end, kind in cues:
        if cue_end <= begin and cue_start >= reach and begin - cue_end <= 120:
            nearest[kind] = min(nearest.get(kind, 999), begin - cue_end)
        if cue_start <= begin < cue_end or cue_start < end <= cue_end:
            found["inside_a_cue"] = 1
    for kind in ("password", "key", "account"):
        distance = nearest.get(kind)
        if distance is None:
            found["no_" + kind] = 1
        else:
            found[kind + ("_next" if distance <= 3 else "_near" if distance <= 25 else "_far")] = 1
    if "account" in nearest and nearest["account"] < nearest.get("password", 999):
        found["account_closer"] = 1
    if nearest:
        between = text[begin - min(nearest.values()):begin]
        found.update({"colon_between": 1 if ":" in between else 0,
                      "equals_between": 1 if "=" in between else 0,
                      "is_between": 1 if IS_WORD.search(between) else 0,
                      "arrow_between": 1 if re.search(r"->|→|=>", between) else 0,
                      "words_between": min(len(between.split()), 6) / 6.0})
    found["denying"] = 1 if DENYING.search(text[line_start:begin]) else 0
    for name in ENGINE_TESTS:
        found["engine_" + name] = engine_says(name, token)
    line_end = text.find("\n", end)
    found["engine_chosen"] = engine_says("is_chosen_password", token, text[line_start:begin],
                                         text[end:len(text) if line_end < 0 else line_end])
    found["engine_stated"] = engine_says("is_stated_password", text, begin, token)
    return found


def cue_spans(text):
    return [(match.start(), match.end(),
             "password" if match.group(1) else "key" if match.group(2) else "account")
            for match in CUE.finditer(text)]


def rows(paths):
    """(group of ten, text's index, label, features) for each token of each missed secret
    and each look-alike left unchanged; and the counts of secrets and look-alikes."""
    found, secrets, lookalikes, index = [], 0, 0, 0
    for path in paths:
        number = os.path.basename(path)[len("redaction_holdout"):-3]
        group = int(number) // 10 if number.isdigit() else 0
        corpus = load_corpus(path)
        texts = []
        for _, _, text, secret in entries(corpus):
            secrets += 1
            redacted, count = checkpoint_mcp.redact_text(text)
            if count == 0 or leaks(secret, redacted):
                texts.append((text, secret))
        for text in corpus.BENIGN:
            lookalikes += 1
            if checkpoint_mcp.redact_text(text)[0] == text:
                texts.append((text, None))
        for text, secret in texts:
            index += 1
            cues = cue_spans(text)
            first = text.find(secret) if secret else -1
            for begin, end, level in tokens(text):
                overlap = max(0, min(end, first + len(secret)) - max(begin, first)) if secret else 0
                label = int(bool(secret) and overlap >= 0.6 * len(secret) and overlap >= 0.6 * (end - begin))
                found.append((group, (index, bool(secret)), label, features(text, begin, end, level, cues)))
    return found, secrets, lookalikes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", choices=("gb", "lr"), default="gb",
                        help="gradient-boosted trees (default) or a logistic regression")
    options = parser.parse_args(argv)
    try:
        import numpy
        from sklearn.ensemble import HistGradientBoostingClassifier
        from sklearn.linear_model import LogisticRegression
    except ImportError:
        sys.exit("needs numpy and scikit-learn (dev-only): see the docstring")
    checkpoint_mcp.redaction_regexes()
    data, secrets, lookalikes = rows(sorted(glob.glob(os.path.join(REPO, "tests", "redaction_holdout*.py"))))
    names = sorted({name for row in data for name in row[3]})
    column = {name: at for at, name in enumerate(names)}
    matrix = numpy.zeros((len(data), len(names)), dtype=numpy.float32)
    for at, row in enumerate(data):
        for name, value in row[3].items():
            matrix[at, column[name]] = value
    labels = numpy.array([row[2] for row in data])
    groups = numpy.array([row[0] for row in data])
    scores = numpy.zeros(len(data))
    for group in sorted(set(groups)):
        model = (HistGradientBoostingClassifier(max_iter=200, max_leaf_nodes=31) if options.model == "gb"
                 else LogisticRegression(max_iter=2000, class_weight={0: 1, 1: 5}))
        model.fit(matrix[groups != group], labels[groups != group])
        scores[groups == group] = model.predict_proba(matrix[groups == group])[:, 1]
    best = {}
    for row, score, label in zip(data, scores, labels):
        if label or not row[1][1]:  # a missed secret's own tokens, every look-alike's
            best[row[1]] = max(best.get(row[1], 0.0), score)
    print("%d secrets, %d look-alikes, %d tokens left by the rules, %d features, model %s"
          % (secrets, lookalikes, len(data), len(names), options.model))
    for threshold in (0.3, 0.5, 0.7, 0.9, 0.95, 0.98):
        gained = sum(1 for (_, is_secret), score in best.items() if is_secret and score >= threshold)
        altered = sum(1 for (_, is_secret), score in best.items() if not is_secret and score >= threshold)
        print("above %.2f: %5d secrets gained (+%.2f%% recall), %5d look-alikes altered (+%.2f%%)"
              % (threshold, gained, 100.0 * gained / secrets, altered, 100.0 * altered / lookalikes))


if __name__ == "__main__":
    main()
