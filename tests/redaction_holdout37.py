"""Blind hold-out corpus #37 for a secret-redaction engine.

What it is
    A self-contained test corpus of text fragments of the kind a coding agent
    (Claude Code, Codex, Gemini CLI) writes into its saved working state:
    goals, running notes, shell commands it ran, tool output, excerpts of
    files it opened, decisions, chat messages pasted in by teammates, log
    lines and CI configuration.  Each positive fragment carries exactly one
    marked credential that a redaction engine must remove, plus (usually) a
    marked neighbouring substring that must stay readable.  A second list
    holds fragments that contain no credential at all but look secret-ish to
    a naive scanner.

Theme
    Fintech, payments and online-marketplace sellers: payment service
    providers, open-banking and card-issuing APIs, crypto exchanges and
    trading bots, accounting / invoicing software, tax and payroll
    integrations, fraud and KYC vendors, marketplace seller tooling (Amazon,
    eBay, Etsy, Mercado Libre, Shopee), reconciliation scripts, compliance
    and audit notes, and chats between team members in many languages.

Provenance
    Written blind, from general knowledge only: no other corpus, no
    engine rule and no web or code search was consulted.  Where a vendor's
    real credential shape is known it is imitated (prefix, alphabet,
    length); where it is not known, a plausible shape was invented.  Every
    host, domain, company, person, account number and credential value is
    fictitious and drawn at random.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible)
             group    one of command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token
             format   kebab-case name of the fragment's shape; each format
                      is used at most three times
             text     the fragment as the agent recorded it
             secret   exact substring of text that must not survive
                      redaction (only the key body for PEM keys, only the
                      signature for signed URLs, only the password for
                      user:password pairs)
             visible  substring of text that must remain readable, or ""
    BENIGN   list of distinct strings with no credential in them, in the
             same contexts (commands, notes, configs, logs, CI) but holding
             only look-alikes: hashes, ids, public keys and fingerprints,
             placeholders, masked values, references to secret stores,
             prose about passwords, and so on.

Determinism
    All random values are drawn from _R = random.Random(3737) at import
    time in a fixed order, so importing the module twice yields identical
    lists.  Nothing is printed at import.

Measured
    Blind, written after every rule made for the thirty-fourth to thirty-sixth and read
    only after: recall 0.967 (1,455 of 1,504) and false positives 20 of 950 (2.1%); 0.964 and
    21 (2.2%) with the engine at that session's start. Tuned on since: 0.980 and 10 of 950.
"""
import base64
import json
import random
import re
import string

_R = random.Random(3737)

_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_AN = _LOW + _UP + _DIG
_B64 = _AN + "+/"
_B64U = _AN + "-_"


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hx(n):
    return _s("0123456789abcdef", n)


def HX(n):
    return _s("0123456789ABCDEF", n)


def an(n):
    return _s(_AN, n)


def lo(n):
    return _s(_LOW + _DIG, n)


def up(n):
    return _s(_UP + _DIG, n)


def al(n):
    return _s(_LOW, n)


def dg(n):
    return _R.choice("123456789") + _s(_DIG, n - 1)


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64(nbytes):
    return base64.b64encode(_rb(nbytes)).decode()


def b64u(nbytes):
    return base64.urlsafe_b64encode(_rb(nbytes)).decode().rstrip("=")


def b64c(n):
    return _s(_B64, n)


def b64uc(n):
    return _s(_B64U, n)


def uid():
    h = hx(32)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def UID():
    return uid().upper()


def pick(seq):
    return _R.choice(seq)


# ---------------------------------------------------------------- passwords
_WORDS = (
    "amber anchor apple atlas autumn badger basil beacon birch bison cactus "
    "cedar cobalt comet copper coral crane dahlia delta ember falcon fern "
    "fjord flint gecko ginger glacier granite harbor hazel heron indigo iris "
    "jasper juniper kestrel koala lagoon lantern lemon lilac linen lotus lynx "
    "mango maple marble meadow mercury mesa mint monsoon moss nectar nimbus "
    "nova oak oasis olive onyx opal orbit orchid otter pebble pepper pine "
    "pixel plum polar poppy quartz quill raven reef river robin saffron sage "
    "salmon sapphire sequoia sierra slate sorrel spruce summit sunset tango "
    "teal thistle tiger topaz tulip tundra umber velvet violet walnut willow "
    "yarrow zephyr ledger invoice payout refund escrow wallet ticker margin "
    "rupee peso dinar krona florin ducat guinea shilling bazaar caravan "
    "biscuit cricket rocket banjo cobra puffin walrus mosaic canyon harvest "
    "kettle lobster muffin noodle paprika pretzel rhubarb turnip waffle"
).split()
_SEASONS = ["Spring", "Summer", "Autumn", "Winter", "Verano", "Inverno",
            "Herbst", "Printemps", "Primavera", "Otono", "Natal", "Diwali"]
_SYM = "!@#%^*-_+=.?~"
_USYM = "-_.~!*"


def _cap(w):
    return w[0].upper() + w[1:]


def _pron(k):
    cons = "bdfgklmnprstvz"
    vow = "aeiou"
    return "".join(_R.choice(cons) + _R.choice(vow) for _ in range(k))


def _leet(w, url=False):
    tab = {"a": "4" if url else "@", "e": "3", "o": "0", "i": "1", "s": "5"}
    out = []
    for ch in w:
        if ch in tab and _R.random() < 0.6:
            out.append(tab[ch])
        else:
            out.append(ch)
    return _cap("".join(out)) if out[0].isalpha() else "".join(out)


def _pw_style(sym):
    k = _R.randint(0, 7)
    if k == 0:
        return _cap(pick(_WORDS)) + _cap(pick(_WORDS)) + dg(_R.randint(2, 4)) + _R.choice(sym)
    if k == 1:
        sep = _R.choice("-_." if "-" in sym else "-")
        ws = [pick(_WORDS) for _ in range(_R.randint(3, 5))]
        if _R.random() < 0.5:
            ws[_R.randrange(len(ws))] += dg(2)
        return sep.join(ws)
    if k == 2:
        p = _pron(_R.randint(3, 5))
        if _R.random() < 0.5:
            p = _cap(p)
        return p + dg(_R.randint(2, 3)) + (_R.choice(sym) if _R.random() < 0.5 else "")
    if k == 3:
        n = _R.randint(14, 24)
        return _R.choice(_AN) + _s(_AN + sym, n - 1)
    if k == 4:
        return _leet(pick(_WORDS) + pick(_WORDS), sym == _USYM) + _R.choice(sym) + dg(_R.randint(2, 4))
    if k == 5:
        return pick(_SEASONS) + str(_R.randint(2019, 2025)) + _R.choice(sym) + lo(_R.randint(2, 3))
    if k == 6:
        return _cap(_pron(2)) + _R.choice(sym) + _cap(pick(_WORDS)) + _R.choice(sym) + dg(3)
    return an(_R.randint(10, 16)) + _R.choice(sym) + an(_R.randint(2, 4))


def pw():
    """A human-chosen password; no quotes, spaces, backslashes or $."""
    return _pw_style(_SYM)


def pwu():
    """A password that can sit unescaped in URL userinfo or colon files."""
    return _pw_style(_USYM)


def pwa():
    """Alphanumeric-only password."""
    k = _R.randint(0, 2)
    if k == 0:
        return _cap(pick(_WORDS)) + _cap(pick(_WORDS)) + dg(_R.randint(3, 5))
    if k == 1:
        return _cap(_pron(_R.randint(3, 5))) + dg(3)
    return an(_R.randint(12, 20))


def phrase():
    return " ".join(pick(_WORDS) for _ in range(_R.randint(4, 6)))


_BIP = (
    "abandon ability able about above absent absorb abstract absurd abuse "
    "access accident account accuse achieve acid acoustic acquire across act "
    "action actor adapt address adjust admit adult advance advice aerobic "
    "affair afford afraid again age agent agree ahead aim air airport aisle "
    "alarm album alcohol alert alien alley allow almost alone alpha already "
    "bacon badge balance bamboo banana banner barely bargain barrel basket "
    "battle beach bean beauty because become beef before begin behave behind "
    "cabin cable cactus cage cake call calm camera camp canal cancel candy "
    "dance danger daring dash daughter dawn debate decade december decide "
    "eager eagle early earn earth easily east echo ecology economy edge "
    "fabric face faculty fade faint faith fall false fame family famous fancy "
    "gadget gain galaxy gallery game gap garage garbage garden garlic gas "
    "habit hair half hammer hamster hand happy harbor hard harsh harvest hat"
).split()


def mnemonic(n=12):
    return " ".join(pick(_BIP) for _ in range(n))


# ---------------------------------------------------------------- token shapes
def jwt(payload=None, alg="HS256"):
    hdr = {"alg": alg, "typ": "JWT"}
    if payload is None:
        payload = {"sub": uid(), "iat": _R.randint(1700000000, 1730000000),
                   "scope": pick(["payouts:write", "ledger:read", "cards:issue",
                                  "kyc:submit", "orders:sync"])}

    def enc(o):
        return base64.urlsafe_b64encode(json.dumps(o, separators=(",", ":")).encode()).decode().rstrip("=")
    sig = b64u(32 if alg.startswith("HS") else 256)
    return enc(hdr) + "." + enc(payload) + "." + sig


def supabase_jwt(role="service_role"):
    iat = _R.randint(1690000000, 1720000000)
    return jwt({"iss": "supabase", "ref": al(20), "role": role, "iat": iat,
                "exp": iat + 315360000})


def _wrap(s, w=64, sep="\n"):
    return sep.join(s[i:i + w] for i in range(0, len(s), w))


def pem_rsa(sep="\n"):
    raw = bytes.fromhex("308204a40201000282010100") + _rb(1180)
    return _wrap(base64.b64encode(raw).decode(), 64, sep)


def pem_pkcs8_rsa(sep="\n"):
    raw = bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100") + _rb(1150)
    return _wrap(base64.b64encode(raw).decode(), 64, sep)


def pem_ec(sep="\n"):
    raw = (bytes.fromhex("30770201010420") + _rb(32) +
           bytes.fromhex("a00a06082a8648ce3d030107a144034200") + b"\x04" + _rb(64))
    return _wrap(base64.b64encode(raw).decode(), 64, sep)


def pem_ed25519(sep="\n"):
    raw = bytes.fromhex("302e020100300506032b657004220420") + _rb(32)
    return _wrap(base64.b64encode(raw).decode(), 64, sep)


def pem_openssh(sep="\n"):
    raw = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00"
           b"\x00\x00\x00\x01\x00\x00\x003\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + _rb(300))
    return _wrap(base64.b64encode(raw).decode(), 70, sep)


def basic(user=None, password=None):
    return base64.b64encode(("%s:%s" % (user, password)).encode()).decode()


def pct(s):
    out = []
    for ch in s:
        if ch.isalnum() or ch in "-_.~":
            out.append(ch)
        else:
            out.append("%%%02X" % ord(ch))
    return "".join(out)


def b32(n):
    return _s("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", n)


def azure_secret():
    return an(3) + "8Q~" + _s(_AN + "~._-", 34)


def aws_secret():
    return _s(_AN + "+/", 40)


def akid(prefix="AKIA"):
    return prefix + _s(_UP + "234567", 16)


# ---------------------------------------------------------------- context
_BRANDS = ["payfinch", "ledgerloop", "tallyhive", "coinwharf", "settlebird",
           "marketnook", "quillbooks", "remitforge", "cardanvil", "kycwren",
           "taxpelican", "bazaarly", "orbitpay", "tillpoint", "moneyotter",
           "brasspurse", "vaultmoth", "crateseller", "pesoplum", "rupeeraft",
           "fintrellis", "clearmarsh", "bidharbor", "stallkeeper", "mintcanoe"]
_TLDS = [".io", ".dev", ".com", ".net", ".app", ".co", ".internal", ".cloud",
         ".com.br", ".mx", ".de", ".id", ".in", ".ng"]
_HPREF = ["db", "pg", "pg-primary", "mysql", "redis", "ledger-db", "recon",
          "payouts-api", "kyc", "risk", "api", "sftp", "vault", "grafana",
          "kafka", "rabbit", "mongo", "clickhouse", "warehouse", "billing",
          "settle", "cards", "fx", "tax-sync", "seller-sync", "erp"]
_USERS = ["recon_svc", "ledger_rw", "ledger_ro", "payout_bot", "app",
          "billing", "etl_loader", "kyc_reader", "finance", "metabase",
          "airflow", "svc-payments", "tax_sync", "settlement", "risk_ro",
          "admin", "deploy", "ci-bot", "seller_sync", "invoicer", "treasury",
          "fx_feed", "chargebacks", "dunning", "accounts_payable"]
_GIVEN = ["Priya", "Lucas", "Mariana", "Kenji", "Aylin", "Tomasz", "Chiamaka",
          "Mateo", "Sofia", "Linh", "Farah", "Jonas", "Ines", "Ravi", "Yuki",
          "Olumide", "Camila", "Dmitri", "Leila", "Hannah", "Arjun", "Beatriz",
          "Chen", "Emre", "Fatima", "Gustavo", "Hiroshi", "Ingrid", "Jaewon",
          "Kwame", "Lena", "Marek", "Nadia", "Oskar", "Paula", "Rafael",
          "Sanjay", "Thuy", "Ugo", "Valentina", "Wanjiru", "Xu", "Yasmin",
          "Zeynep", "Bruno", "Carmen", "Diego", "Elif", "Joaquin", "Keiko",
          "Luis", "Mei", "Noor", "Pedro", "Siti", "Tariq", "Anika", "Bjorn"]
_DBS = ["ledger", "payments", "recon", "kyc", "payouts", "billing",
        "marketplace", "orders", "settlements", "treasury", "accounting",
        "fx_rates", "risk", "invoices", "sellers", "chargebacks", "payroll"]
_REGIONS = ["us-east-1", "eu-west-1", "eu-central-1", "ap-southeast-1",
            "sa-east-1", "ap-south-1", "us-west-2", "ap-northeast-1"]
_CUR = ["EUR", "USD", "BRL", "MXN", "IDR", "INR", "NGN", "GBP", "JPY", "PLN",
        "TRY", "KES", "PHP", "VND", "THB", "SEK"]
_ENVS = ["prod", "production", "staging", "sandbox", "live", "uat"]
_SHOPS = ["casa-ceramica", "tokyo-tea-box", "vintage-vinyl-hub", "kopi-kita",
          "loja-da-bia", "ankara-leather", "bali-batik", "nordic-knits",
          "lagos-prints", "mumbai-spice-co", "oaxaca-mezcal", "warsaw-woodwork"]


def _host():
    return "%s-%s.%s%s" % (pick(_HPREF), dg(2), pick(_BRANDS), pick(_TLDS))


def _dom():
    return pick(_BRANDS) + pick(_TLDS)


def _ip():
    k = _R.randint(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))
    return "192.168.%d.%d" % (_R.randint(0, 255), _R.randint(2, 254))


def _date():
    return "20%02d-%02d-%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59),
                                        _R.randint(0, 59), _R.randint(0, 999))


def _time():
    return "%02d:%02d" % (_R.randint(7, 22), _R.randint(0, 59))


def _ver():
    return "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 30), _R.randint(0, 40))


def _amt():
    return "%d.%02d" % (_R.randint(1, 98000), _R.randint(0, 99))


def _email():
    return "%s.%s@%s" % (pick(_GIVEN).lower(), al(_R.randint(3, 7)), _dom())


_GEN = {
    "host": _host, "dom": _dom, "ip": _ip, "date": _date, "ts": _ts,
    "time": _time, "ver": _ver, "amt": _amt, "email": _email,
    "user": lambda: pick(_USERS),
    "name": lambda: pick(_GIVEN),
    "db": lambda: pick(_DBS),
    "region": lambda: pick(_REGIONS),
    "cur": lambda: pick(_CUR),
    "env": lambda: pick(_ENVS),
    "shop": lambda: pick(_SHOPS),
    "brand": lambda: pick(_BRANDS),
    "co": lambda: _cap(pick(_BRANDS)),
    "org": lambda: pick(_BRANDS) + pick(["", "-hq", "-eng", "-labs", "-fin"]),
    "port": lambda: str(_R.randint(1025, 65000)),
    "n": lambda: str(_R.randint(2, 99)),
    "nn": lambda: str(_R.randint(100, 9999)),
    "pid": lambda: str(_R.randint(1200, 98000)),
    "line": lambda: str(_R.randint(12, 900)),
    "sha": lambda: hx(40),
    "sha7": lambda: hx(7),
    "sha256": lambda: hx(64),
    "md5": lambda: hx(32),
    "uuid": uid,
    "rid": lambda: "req_" + an(14),
    "trace": lambda: hx(32),
    "span": lambda: hx(16),
    "mid": lambda: dg(9),
    "acct": lambda: "acct_" + an(16),
    "ticket": lambda: pick(["PAY", "FIN", "RECON", "KYC", "OPS", "SEC", "TAX", "MKT"]) + "-" + str(_R.randint(100, 9999)),
    "akid": akid,
    "cid": lambda: hx(24),
    "bucket": lambda: pick(_BRANDS) + "-" + pick(["settlement-files", "kyc-docs", "recon-exports", "invoices", "statements", "payroll-archive"]),
    "ns": lambda: pick(["payments", "payouts", "ledger", "kyc", "risk", "seller-tools", "billing"]),
    "branch": lambda: pick(["fix", "feat", "chore", "hotfix"]) + "/" + pick(["payout-retry", "recon-fees", "kyc-webhook", "etsy-sync", "fx-rounding", "vat-oss", "sp-api-migration", "ledger-idempotency"]),
    "k": lambda: str(_R.randint(1, 9)),
    "hx": lambda: hx(10),
    "q": lambda: str(_R.randint(1, 4)),
    "mm": lambda: "%02d" % _R.randint(0, 59),
    "up": lambda: up(10),
    "lo": lambda: lo(12),
    "iban": lambda: "DE%02d%s" % (_R.randint(10, 99), dg(18)),
    "order": lambda: "%s-%s-%s" % (dg(3), dg(7), dg(7)),
}


class _Ctx(dict):
    def __missing__(self, k):
        base = k
        while base not in _GEN and base[-1:].isdigit():
            base = base[:-1]
        v = _GEN[base]()
        self[k] = v
        return v


_PH = re.compile(r"\{\{(\w+)\}\}")


def _render(t, ctx):
    if callable(t):
        t = t(ctx)
    return _PH.sub(lambda m: str(ctx[m.group(1)]), t)


_FORMATS = []


def _reg(group):
    def add(name, tpl, sec, vis=""):
        _FORMATS.append((group, name, tpl, sec, vis))
    return add


cmd = _reg("command")
tool = _reg("tool-output")
conf = _reg("config-file")
src = _reg("source-code")
log = _reg("stack-trace-or-log")
chat = _reg("note-or-chat")
ci = _reg("ci-and-deploy")
vend = _reg("vendor-token")


# ---------------------------------------------------------------- helpers for dict secrets
def _bas(userkey="bu", urlsafe=True):
    def f():
        u = pick(_USERS)
        p = pwu() if urlsafe else pw()
        return {"S": basic(u, p), userkey: u}
    return f


def ghp():
    return "ghp_" + an(36)


def gho():
    return "gho_" + an(36)


def ghs():
    return "ghs_" + an(36)


def ghpat():
    return "github_pat_11" + up(22) + "_" + an(59)


def glpat():
    return "glpat-" + b64uc(20)


def sk_live():
    return "sk_live_51" + an(_R.choice([97, 24 + 8]))


def sk_test():
    return "sk_test_51" + an(97)


def rk_live():
    return "rk_live_51" + an(97)


def whsec():
    return "whsec_" + an(32)


def npm_tok():
    return "npm_" + an(36)


def hvs():
    return "hvs." + b64uc(90)


def xoxb():
    return "xoxb-%s-%s-%s" % (dg(12), dg(13), an(24))


def sg_key():
    return "SG." + b64uc(22) + "." + b64uc(43)


def tg_bot():
    return "%s:AA%s" % (dg(10), b64uc(33))


# ================================================================ command
cmd("psql-conninfo-password",
    'psql "host={{host}} port=5432 dbname={{db}} user={{user}} password={{S}} sslmode=require" '
    "-c \"select status, count(*) from payouts where created_at > now() - interval '1 day' group by 1;\"",
    pwu, "dbname={{db}}")
cmd("mysql-p-attached-quoted",
    "mysql -h {{host}} -u {{user}} -p'{{S}}' shop_orders -e \"SELECT order_id, total FROM orders WHERE marketplace='etsy' ORDER BY created_at DESC LIMIT 20\"",
    pw, "mysql -h {{host}}")
cmd("pgpassword-env-prefix-pg-dump",
    "PGPASSWORD='{{S}}' pg_dump -h {{host}} -U {{user}} -Fc {{db}} > /tmp/{{db}}_$(date +%F).dump",
    pw, "pg_dump -h {{host}}")
cmd("curl-basic-u-user-colon-pass",
    "curl -s -u {{user}}:{{S}} https://api.{{dom}}/v1/settlements?date={{date}} | jq '.items[] | {id, net_amount}'",
    pwu, "https://api.{{dom}}/v1/settlements")
cmd("curl-bearer-header-payouts",
    'curl -sS -X POST https://api.{{dom}}/v2/payouts -H "Authorization: Bearer {{S}}" '
    "-H 'Content-Type: application/json' -d '{\"amount\": {{nn}}, \"currency\": \"{{cur}}\", \"destination\": \"ba_{{cid}}\"}'",
    lambda: "pk." + b64uc(60), "https://api.{{dom}}/v2/payouts")
cmd("curl-stripe-secret-as-basic-user",
    "curl https://api.stripe.com/v1/refunds -u {{S}}: -d charge=ch_3P{{cid}} -d reason=requested_by_customer",
    sk_live, "https://api.stripe.com/v1/refunds")
cmd("stripe-cli-listen-api-key-flag",
    "stripe listen --forward-to localhost:4242/webhooks/stripe --events payment_intent.succeeded,charge.refunded --api-key {{S}}",
    sk_test, "--forward-to localhost:4242/webhooks/stripe")
cmd("export-plaid-secret",
    "export PLAID_ENV=production\nexport PLAID_CLIENT_ID={{cid}}\nexport PLAID_SECRET={{S}}\npython scripts/sync_transactions.py --days 30",
    lambda: hx(30), "PLAID_CLIENT_ID={{cid}}")
cmd("docker-run-env-database-url",
    "docker run --rm -e NODE_ENV=production -e DATABASE_URL=postgres://{{user}}:{{S}}@{{host}}:5432/{{db}} ghcr.io/{{org}}/ledger-api:{{ver}} npm run migrate",
    pwu, "ghcr.io/{{org}}/ledger-api:{{ver}}")
cmd("kubectl-create-secret-from-literal",
    "kubectl -n {{ns}} create secret generic adyen-creds --from-literal=ADYEN_API_KEY={{S}} --from-literal=ADYEN_MERCHANT_ACCOUNT={{co}}ECOM --dry-run=client -o yaml | kubectl apply -f -",
    lambda: "AQE" + b64uc(5) + "Cbmn" + b64c(100), "--from-literal=ADYEN_MERCHANT_ACCOUNT={{co}}ECOM")
cmd("aws-configure-set-secret-key",
    "aws configure set aws_access_key_id {{akid}} --profile recon-prod\naws configure set aws_secret_access_key {{S}} --profile recon-prod\naws s3 ls s3://{{bucket}}/ --profile recon-prod",
    aws_secret, "s3://{{bucket}}/")
cmd("redis-cli-dash-a",
    "redis-cli -h {{host}} -p 6380 --tls -a '{{S}}' --no-auth-warning --scan --pattern 'idem:payout:*' | head -50",
    pw, "--pattern 'idem:payout:*'")
cmd("mongosh-srv-uri",
    'mongosh "mongodb+srv://{{user}}:{{S}}@cluster0.{{k}}{{sha7}}.mongodb.net/marketplace?retryWrites=true&w=majority" --eval \'db.listings.countDocuments({status:"active"})\'',
    pwu, "cluster0.{{k}}{{sha7}}.mongodb.net")
cmd("git-clone-x-access-token",
    "git clone https://x-access-token:{{S}}@github.com/{{org}}/payout-reconciler.git /tmp/payout-reconciler",
    ghs, "github.com/{{org}}/payout-reconciler.git")
cmd("npm-config-set-authtoken",
    "npm config set //registry.npmjs.org/:_authToken {{S}} && npm publish --access restricted ./packages/checkout-sdk",
    npm_tok, "npm publish --access restricted")
cmd("htpasswd-batch-create",
    "sudo htpasswd -b -c /etc/nginx/.htpasswd-finance {{user}} '{{S}}' && sudo nginx -s reload",
    pw, "/etc/nginx/.htpasswd-finance")
cmd("openssl-pkcs12-passout",
    "openssl pkcs12 -export -in apple_pay_merchant_identity.pem -inkey merchant_identity.key -out merchant_identity.p12 -name applepay -passout pass:{{S}}",
    pwu, "apple_pay_merchant_identity.pem")
cmd("keytool-srcstorepass",
    "keytool -importkeystore -srckeystore visa_mle_client.p12 -srcstoretype PKCS12 -srcstorepass '{{S}}' -destkeystore mle.jks -deststorepass:env MLE_JKS_PASS",
    pw, "-deststorepass:env MLE_JKS_PASS")
cmd("sqlcmd-capital-p",
    "sqlcmd -S {{host}},1433 -U sa -P '{{S}}' -d Accounting -Q \"SELECT TOP 20 InvoiceNo, Amount, Status FROM dbo.Invoices WHERE Status='OPEN'\"",
    pw, "-d Accounting")
cmd("bcp-export-password",
    "bcp \"SELECT * FROM Payroll.dbo.Runs WHERE Period='2024-06'\" queryout runs.csv -c -t, -S {{host}} -U payroll_export -P {{S}}",
    pwa, "queryout runs.csv")
cmd("vault-kv-put-razorpay",
    "vault kv put secret/{{ns}}/razorpay key_id=rzp_live_{{sha7}}Q2x key_secret={{S}}",
    lambda: an(24), "secret/{{ns}}/razorpay")
cmd("heroku-config-set-mollie",
    "heroku config:set MOLLIE_API_KEY={{S}} MOLLIE_PROFILE=pfl_{{sha7}} -a {{shop}}-checkout",
    lambda: "live_" + an(30), "-a {{shop}}-checkout")
cmd("gh-secret-set-body",
    'gh secret set BINANCE_API_SECRET --body "{{S}}" --repo {{org}}/grid-bot --env live',
    lambda: an(64), "--repo {{org}}/grid-bot")
cmd("sshpass-remote-restart",
    "sshpass -p '{{S}}' ssh -o StrictHostKeyChecking=no deploy@{{ip}} 'sudo systemctl restart recon-worker && journalctl -u recon-worker -n 20'",
    pw, "deploy@{{ip}}")
cmd("lftp-bank-sftp-mirror",
    "lftp -u {{user}},'{{S}}' sftp://sftp.bankfeed.{{dom}} -e \"mirror --only-newer /outbound/camt053 ./inbox/camt053; bye\"",
    pw, "sftp://sftp.bankfeed.{{dom}}")
cmd("smbclient-domain-user-percent",
    "smbclient //fs01.{{dom}}/Finance -U 'CORP\\{{user}}%{{S}}' -c 'cd Closing/2024-Q2; ls'",
    pwu, "//fs01.{{dom}}/Finance")
cmd("wget-http-password",
    "wget --http-user={{user}} --http-password='{{S}}' https://reports.{{dom}}/settlement/settlement_{{date}}.csv -O settlement.csv",
    pw, "--http-user={{user}}")
cmd("python-c-ccxt-secret-literal",
    "python3 -c \"import ccxt, os; ex = ccxt.kraken({'apiKey': os.environ['KRAKEN_KEY'], 'secret': '{{S}}'}); print(ex.fetch_balance()['total'])\"",
    lambda: b64(64), "os.environ['KRAKEN_KEY']")
cmd("httpie-authorization-header",
    'http POST https://api.{{dom}}/v1/transfers Authorization:"Token {{S}}" amount:={{nn}} currency={{cur}} reference=INV-{{nn}}',
    lambda: hx(40), "https://api.{{dom}}/v1/transfers")
cmd("curl-x-api-key-header-fx",
    "curl -s 'https://fx.{{dom}}/v3/rates?base={{cur}}&symbols=USD,EUR,GBP' -H 'X-Api-Key: {{S}}'",
    lambda: lo(32), "https://fx.{{dom}}/v3/rates")
cmd("mysqldump-password-equals",
    "mysqldump --single-transaction --routines --user={{user}} --password={{S}} --host={{host}} marketplace_orders > orders_{{date}}.sql",
    pwa, "--host={{host}}")
cmd("docker-login-dash-p",
    "docker login registry.{{dom}} -u ci-bot -p {{S}} && docker push registry.{{dom}}/payments/checkout:{{sha7}}",
    lambda: an(32), "docker push registry.{{dom}}/payments/checkout:{{sha7}}")
cmd("echo-password-stdin-ghcr",
    "echo '{{S}}' | docker login ghcr.io -u {{user}} --password-stdin",
    ghp, "docker login ghcr.io")
cmd("terraform-apply-var-inline",
    "terraform apply -var 'marqeta_admin_token={{S}}' -var 'env={{env}}' -target=module.card_issuing",
    uid, "-target=module.card_issuing")
cmd("ansible-playbook-extra-vars",
    'ansible-playbook -i inventories/prod deploy_recon.yml -e "recon_db_password={{S}} recon_release={{ver}}" --limit recon',
    pw, "deploy_recon.yml")
cmd("helm-upgrade-set-secret",
    "helm upgrade --install payouts ./charts/payouts -n {{ns}} --set image.tag={{sha7}} --set secrets.gocardlessToken={{S}}",
    lambda: "live_" + b64uc(40), "--set image.tag={{sha7}}")
cmd("psql-postgresql-url-positional",
    'psql "postgresql://{{user}}:{{S}}@{{host}}:5432/{{db}}?sslmode=verify-full" -f sql/recon/close_month.sql',
    pwu, "sql/recon/close_month.sql")
cmd("rabbitmqadmin-list-queues",
    "rabbitmqadmin -H {{host}} -u {{user}} -p '{{S}}' list queues name messages consumers | grep -E 'payout|refund'",
    pw, "list queues name messages consumers")
cmd("curl-oauth-client-credentials-form",
    "curl -s -X POST https://auth.{{dom}}/oauth2/token -d grant_type=client_credentials -d client_id={{cid}} -d client_secret={{S}} -d scope=payments",
    lambda: b64uc(40), "https://auth.{{dom}}/oauth2/token")
cmd("curl-json-login-password",
    "curl -s -X POST https://backoffice.{{dom}}/api/login -H 'Content-Type: application/json' -d '{\"username\":\"{{email}}\",\"password\":\"{{S}}\"}' -c cookies.txt",
    pw, "https://backoffice.{{dom}}/api/login")
cmd("setx-windows-client-secret",
    'setx QUICKBOOKS_CLIENT_SECRET "{{S}}"\nsetx QUICKBOOKS_REALM_ID "{{nn}}{{mid}}"',
    lambda: an(40), "QUICKBOOKS_REALM_ID")
cmd("powershell-convertto-securestring",
    "$pw = ConvertTo-SecureString '{{S}}' -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential ('CORP\\{{user}}', $pw)\nInvoke-Sqlcmd -ServerInstance {{host}} -Credential $cred -Query 'EXEC dbo.usp_CloseDay'",
    pw, "Invoke-Sqlcmd -ServerInstance {{host}}")
cmd("az-login-service-principal",
    "az login --service-principal -u {{uuid}} -p '{{S}}' --tenant {{uuid2}} && az keyvault secret list --vault-name kv-{{brand}}-prod -o table",
    azure_secret, "--vault-name kv-{{brand}}-prod")
cmd("gcloud-secrets-add-from-echo",
    "echo -n '{{S}}' | gcloud secrets versions add avalara-license-key --data-file=- --project {{brand}}-tax",
    lambda: HX(16), "gcloud secrets versions add avalara-license-key")
cmd("git-remote-set-url-gitlab-token",
    "git remote set-url origin https://oauth2:{{S}}@gitlab.{{dom}}/finance/tax-export.git && git push origin {{branch}}",
    glpat, "gitlab.{{dom}}/finance/tax-export.git")
cmd("pip-install-index-url-token",
    "pip install --index-url https://__token__:{{S}}@pypi.{{dom}}/simple/ ledger-sdk=={{ver}}",
    lambda: "pypi-AgEIcHlwaS5vcmc" + b64uc(60), "ledger-sdk=={{ver}}")
cmd("curl-ftp-upload-user",
    "curl -T payroll_export_{{date}}.csv ftp://ftp.{{dom}}/inbound/payroll/ --user {{user}}:{{S}} --ftp-ssl",
    pwu, "ftp://ftp.{{dom}}/inbound/payroll/")
cmd("mc-alias-set-minio",
    "mc alias set recon https://s3.{{dom}} {{akid}} {{S}} && mc ls recon/{{bucket}}/2024/",
    lambda: b64uc(40), "mc alias set recon https://s3.{{dom}}")
cmd("openssl-enc-pass-pass",
    "openssl enc -aes-256-cbc -pbkdf2 -salt -in kyc_export_{{date}}.csv -out kyc_export_{{date}}.csv.enc -pass pass:{{S}}",
    pwu, "kyc_export_{{date}}.csv")
cmd("gpg-batch-passphrase",
    "gpg --batch --yes --pinentry-mode loopback --passphrase '{{S}}' -d statements/MT940_{{date}}.pgp > statements/MT940_{{date}}.sta",
    phrase, "statements/MT940_{{date}}.pgp")
cmd("7z-archive-password",
    "7z a -p'{{S}}' -mhe=on audit_evidence_Q{{q}}.7z ./evidence/soc2/",
    pw, "audit_evidence_Q{{q}}.7z")
cmd("zip-capital-p-password",
    "zip -P {{S}} payroll_{{date}}.zip payroll_{{date}}.xlsx && ls -la payroll_{{date}}.zip",
    pwa, "payroll_{{date}}.xlsx")
cmd("influx-cli-password",
    "influx -host {{host}} -username trader -password '{{S}}' -database ticks -execute \"SELECT last(price) FROM trades WHERE pair='BTC-{{cur}}'\"",
    pw, "-database ticks")
cmd("clickhouse-client-password",
    "clickhouse-client --host {{host}} --secure --user {{user}} --password '{{S}}' --query \"SELECT toDate(ts) d, sum(fee) FROM card_auths GROUP BY d ORDER BY d DESC LIMIT 7\"",
    pw, "clickhouse-client --host {{host}}")
cmd("snowsql-pwd-env",
    "SNOWSQL_PWD='{{S}}' snowsql -a {{brand}}-eu1 -u {{user}} -w RECON_WH -q \"select count(*) from RAW.STRIPE.BALANCE_TRANSACTIONS\"",
    pw, "-w RECON_WH")
cmd("node-env-inline-stripe",
    "STRIPE_SECRET_KEY={{S}} node scripts/backfill-refunds.js --since {{date}} --dry-run",
    sk_live, "scripts/backfill-refunds.js")
cmd("curl-query-string-api-key",
    "curl -s \"https://api.{{dom}}/v1/vat/validate?country=DE&vat=DE{{mid}}&api_key={{S}}\" | jq .valid",
    lambda: hx(32), "country=DE&vat=DE{{mid}}")
cmd("ldapsearch-bind-password",
    'ldapsearch -x -H ldaps://ldap.{{dom}} -D "cn=svc-finance,ou=service,dc={{brand}},dc=internal" -w \'{{S}}\' "(memberOf=cn=ap-approvers,ou=groups,dc={{brand}},dc=internal)" mail',
    pw, "cn=svc-finance,ou=service")
cmd("rclone-config-create-b2",
    "rclone config create b2-archive b2 account 00{{hx}}0000000003 key {{S}} && rclone sync ./ledger-archive b2-archive:{{bucket}}",
    lambda: "K003" + b64uc(27), "rclone sync ./ledger-archive")
cmd("cf-login-password",
    "cf login -a https://api.sys.{{dom}} -u {{email}} -p '{{S}}' -o finance -s production",
    pw, "-o finance -s production")
cmd("ssh-keygen-passphrase-n",
    "ssh-keygen -t ed25519 -N '{{S}}' -f ~/.ssh/bank_sftp_ed25519 -C 'bank-sftp-{{env}}'",
    phrase, "~/.ssh/bank_sftp_ed25519")
cmd("curl-cookie-session-sellercentral",
    "curl -s 'https://sellercentral.amazon.de/payments/dashboard/index.html' -b 'session-id={{nn}}-{{mid}}; session-token={{S}}' -o dash.html",
    lambda: b64c(180) + "=", "https://sellercentral.amazon.de/payments/dashboard")
cmd("printf-redis-auth-nc",
    "printf 'AUTH {{S}}\\r\\nINFO keyspace\\r\\nQUIT\\r\\n' | nc {{host}} 6379",
    pwa, "INFO keyspace")
cmd("psql-alter-role-password",
    "psql -h {{host}} -U postgres -c \"ALTER ROLE {{user}} WITH LOGIN PASSWORD '{{S}}' VALID UNTIL '2025-12-31';\"",
    pw, "ALTER ROLE {{user}}")
cmd("kubectl-docker-registry-secret",
    "kubectl create secret docker-registry regcred -n {{ns}} --docker-server=harbor.{{dom}} --docker-username=robot$payments --docker-password={{S}}",
    lambda: an(32), "--docker-server=harbor.{{dom}}")
cmd("curl-paypal-oauth-basic-clientid-secret",
    "curl -s https://api-m.paypal.com/v1/oauth2/token -u \"A{{ppid}}:{{S}}\" -d grant_type=client_credentials",
    lambda: {"S": "E" + b64uc(79), "ppid": b64uc(79)}, "https://api-m.paypal.com/v1/oauth2/token")
cmd("curl-shopify-access-token-header",
    "curl -s -X GET 'https://{{shop}}.myshopify.com/admin/api/2024-04/orders.json?status=any&limit=50' -H 'X-Shopify-Access-Token: {{S}}'",
    lambda: "shpat_" + hx(32), "{{shop}}.myshopify.com")
cmd("sqlplus-user-slash-pass",
    "sqlplus {{user}}/{{S}}@//{{host}}:1521/GLPROD @scripts/gl_trial_balance.sql",
    pwa, "@scripts/gl_trial_balance.sql")
cmd("mongodump-uri-flag",
    "mongodump --uri='mongodb://{{user}}:{{S}}@{{host}}:27017/kyc?authSource=admin' --collection=documents --out=/backup/kyc_{{date}}",
    pwu, "--collection=documents")
cmd("curl-x-auth-token-header-kyc",
    "curl -s https://api.{{dom}}/resources/applicants/{{cid}}/status -H 'X-App-Token: prd:{{S}}' -H 'X-App-Access-Ts: {{nn}}'",
    lambda: b64uc(48), "/resources/applicants/{{cid}}/status")
cmd("wrangler-secret-put-echo",
    "echo {{S}} | npx wrangler secret put SHOPEE_PARTNER_KEY --env production",
    lambda: hx(64), "npx wrangler secret put SHOPEE_PARTNER_KEY")

# ================================================================ tool-output
tool("env-grep-output",
    "$ env | grep -i stripe\nSTRIPE_PUBLISHABLE_KEY=pk_live_51{{hx}}{{cid}}\nSTRIPE_SECRET_KEY={{S}}\nSTRIPE_API_VERSION=2024-04-10",
    sk_live, "STRIPE_API_VERSION=2024-04-10")
tool("printenv-single-var",
    "$ printenv MERCADOPAGO_ACCESS_TOKEN\n{{S}}",
    lambda: "APP_USR-%s-%s-%s-%s" % (dg(16), dg(6), hx(32), dg(9)), "printenv MERCADOPAGO_ACCESS_TOKEN")
tool("docker-inspect-env-array",
    '$ docker inspect recon-worker --format \'{{json .Config.Env}}\' | jq .\n[\n  "RECON_DB_HOST={{host}}",\n  "RECON_DB_USER={{user}}",\n  "RECON_DB_PASSWORD={{S}}",\n  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",\n  "PYTHON_VERSION=3.11.9"\n]',
    pw, "RECON_DB_HOST={{host}}")
tool("kubectl-jsonpath-base64-decoded",
    "$ kubectl -n {{ns}} get secret ledger-db -o jsonpath='{.data.password}' | base64 -d\n{{S}}",
    pw, "get secret ledger-db")
tool("kubectl-get-secret-yaml-data-b64",
    lambda c: "$ kubectl -n %s get secret wise-api -o yaml\napiVersion: v1\ndata:\n  WISE_API_TOKEN: {{S}}\n  WISE_PROFILE_ID: %s\nkind: Secret\nmetadata:\n  name: wise-api\n  namespace: %s\ntype: Opaque" % (c["ns"], base64.b64encode(dg(8).encode()).decode(), c["ns"]),
    lambda: base64.b64encode(uid().encode()).decode(), "name: wise-api")
tool("heroku-config-vars-listing",
    "$ heroku config -a {{shop}}-api\n=== {{shop}}-api Config Vars\nDATABASE_URL:        postgres://u{{sha7}}:{{S}}@ec2-{{n}}-{{nn}}.eu-west-1.compute.amazonaws.com:5432/d{{hx}}\nPAPERTRAIL_API_TOKEN: (see addon)\nWEB_CONCURRENCY:     3",
    lambda: "p" + hx(63), "WEB_CONCURRENCY:     3")
tool("sts-assume-role-json",
    '$ aws sts assume-role --role-arn arn:aws:iam::{{mid}}123:role/recon-exporter --role-session-name agent\n{\n    "Credentials": {\n        "AccessKeyId": "{{akid}}",\n        "SecretAccessKey": "{{S}}",\n        "SessionToken": "<omitted from notes>",\n        "Expiration": "{{ts}}"\n    }\n}',
    aws_secret, "role/recon-exporter")
tool("cat-env-production-file",
    "$ cat .env.production\nAPP_URL=https://pay.{{dom}}\nLOG_LEVEL=info\nPAYSTACK_SECRET_KEY={{S}}\nPAYSTACK_PUBLIC_KEY=pk_live_{{sha}}\nQUEUE=redis://{{host}}:6379/2",
    lambda: "sk_live_" + hx(40), "APP_URL=https://pay.{{dom}}")
tool("git-show-diff-added-secret",
    "$ git show {{sha7}} -- config/settings/prod.py\ncommit {{sha}}\nAuthor: {{name}} <{{email}}>\n\n    wire up xendit disbursements\n\n@@ -41,6 +41,7 @@ PAYMENTS = {\n     \"provider\": \"xendit\",\n+    \"secret_key\": \"{{S}}\",\n     \"callback_token_env\": \"XENDIT_CALLBACK_TOKEN\",",
    lambda: "xnd_production_" + an(60), "wire up xendit disbursements")
tool("grep-rn-hit",
    "$ grep -rn 'password' src/integrations/\nsrc/integrations/datev/client.py:{{line}}:        self.password = \"{{S}}\"  # TODO move to vault\nsrc/integrations/datev/client.py:{{line2}}:    def login(self, username, password):",
    pw, "src/integrations/datev/client.py")
tool("trufflehog-verified-finding",
    "Found verified result \U0001f437\U0001f511\nDetector Type: Stripe\nDecoder Type: PLAIN\nRaw result: {{S}}\nFile: services/billing/.env.bak\nLine: {{line}}\nCommit: {{sha}}",
    rk_live, "services/billing/.env.bak")
tool("gitleaks-json-report-entry",
    '$ gitleaks detect -r report.json && jq ".[0]" report.json\n{\n  "RuleID": "generic-api-key",\n  "File": "tools/etsy_sync/config.py",\n  "StartLine": {{line}},\n  "Secret": "{{S}}",\n  "Match": "ETSY_SHARED_SECRET = \\"{{S}}\\"",\n  "Commit": "{{sha}}"\n}',
    lambda: lo(10), "tools/etsy_sync/config.py")
tool("terraform-output-raw",
    "$ terraform output -raw kyc_db_master_password\n{{S}}",
    lambda: _s(_AN + "!#%*-_=+", 24), "terraform output -raw kyc_db_master_password")
tool("vault-kv-get-table",
    "$ vault kv get secret/{{ns}}/bitgo\n====== Data ======\nKey             Value\n---             -----\naccess_token    {{S}}\nenterprise_id   {{cid}}\nwallet_label    hot-{{cur}}",
    lambda: "v2x" + hx(64), "enterprise_id   {{cid}}")
tool("secretsmanager-secretstring-json",
    '$ aws secretsmanager get-secret-value --secret-id prod/recon/db\n{\n    "ARN": "arn:aws:secretsmanager:{{region}}:{{mid}}111:secret:prod/recon/db-{{sha7}}",\n    "Name": "prod/recon/db",\n    "SecretString": "{\\"username\\":\\"{{user}}\\",\\"password\\":\\"{{S}}\\",\\"host\\":\\"{{host}}\\"}",\n    "VersionStages": ["AWSCURRENT"]\n}',
    pwu, "prod/recon/db")
tool("curl-verbose-basic-header",
    "$ curl -v -u {{bu}}:******** https://api.{{dom}}/v1/balance\n* Connected to api.{{dom}} ({{ip}}) port 443\n> GET /v1/balance HTTP/2\n> Host: api.{{dom}}\n> Authorization: Basic {{S}}\n> User-Agent: curl/8.5.0\n< HTTP/2 200",
    _bas(), "Host: api.{{dom}}")
tool("oauth-token-response-json",
    '$ curl -s -X POST https://identity.{{dom}}/connect/token -d @token_req.txt | jq .\n{\n  "access_token": "{{S}}",\n  "expires_in": 1800,\n  "token_type": "Bearer",\n  "scope": "accounting.transactions accounting.contacts"\n}',
    lambda: jwt(alg="RS256"), "accounting.transactions accounting.contacts")
tool("plaid-public-token-exchange-response",
    '{\n  "access_token": "{{S}}",\n  "item_id": "{{b}}",\n  "request_id": "{{r}}"\n}',
    lambda: {"S": "access-production-" + uid(), "b": an(37), "r": an(15)}, '"request_id": "{{r}}"')
tool("stripe-config-list",
    "$ stripe config --list\n[default]\n  device_name = '{{name}}-mbp'\n  display_name = '{{co}} Ltd'\n  live_mode_api_key = '{{S}}'\n  live_mode_pub_key = 'pk_live_51{{hx}}'\n  test_mode_api_key = '(not set)'",
    rk_live, "display_name = '{{co}} Ltd'")
tool("cat-npmrc-output",
    "$ cat ~/.npmrc\n@{{org}}:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken={{S}}\nfund=false",
    ghp, "@{{org}}:registry=https://npm.pkg.github.com")
tool("cat-docker-config-json",
    '$ cat ~/.docker/config.json\n{\n  "auths": {\n    "registry.{{dom}}": {\n      "auth": "{{S}}"\n    }\n  },\n  "credsStore": ""\n}',
    _bas(), "registry.{{dom}}")
tool("cat-netrc-output",
    "$ cat ~/.netrc\nmachine api.{{dom}}\n  login {{user}}\n  password {{S}}\nmachine uploads.{{dom2}}\n  login {{user2}}",
    pw, "machine api.{{dom}}")
tool("ps-aux-cmdline-flag",
    "$ ps aux | grep settle\n{{user}}   {{pid}}  2.1  1.4 812344 118220 ?  Sl  09:14  3:02 /opt/settle/bin/settle-daemon --db-host {{host}} --db-password={{S}} --workers 8\nroot     {{pid2}}  0.0  0.0   6432   720 pts/0 S+ 11:02  0:00 grep settle",
    pw, "/opt/settle/bin/settle-daemon")
tool("systemctl-show-environment",
    "$ systemctl show recon-worker -p Environment\nEnvironment=RECON_MODE=nightly RECON_BANK=ing RECON_SFTP_PASS={{S}} TZ=Europe/Amsterdam",
    pwa, "RECON_MODE=nightly")
tool("pm2-env-table-row",
    "$ pm2 env 3\n│ NODE_ENV          │ production                         │\n│ ADYEN_HMAC_KEY    │ {{S}} │\n│ ADYEN_ENVIRONMENT │ LIVE                               │",
    lambda: HX(64), "ADYEN_ENVIRONMENT")
tool("jq-config-exchange-block",
    '$ jq .exchanges.bybit config/live.json\n{\n  "enabled": true,\n  "testnet": false,\n  "api_key_env": "BYBIT_KEY",\n  "api_secret": "{{S}}",\n  "symbols": ["BTCUSDT", "ETHUSDT"]\n}',
    lambda: an(36), '"api_key_env": "BYBIT_KEY"')
tool("python-repl-environ-lookup",
    ">>> import os\n>>> os.environ['KRAKEN_PRIVATE_KEY']\n'{{S}}'\n>>> len(_)\n88",
    lambda: b64(64), "os.environ['KRAKEN_PRIVATE_KEY']")
tool("sqlite-select-exchange-keys",
    "sqlite> .mode list\nsqlite> SELECT id, exchange, label, api_secret FROM exchange_keys;\n1|binance|spot-grid|{{S}}\nsqlite> .quit",
    lambda: an(64), "SELECT id, exchange, label")
tool("psql-app-settings-ebay-token",
    " name               |                     value\n--------------------+-------------------------------------------\n ebay_marketplace   | EBAY_DE\n ebay_user_token    | {{S}}\n(2 rows)",
    lambda: "v^1.1#i^1#p^3#r^1#I^3#f^0#t^H4sIAAAAAAAAA" + b64c(120) + "=", "ebay_marketplace")
tool("mysql-table-smtp-password",
    "mysql> SELECT k, v FROM settings WHERE k LIKE 'smtp_%';\n+---------------+--------------------------+\n| k             | v                        |\n+---------------+--------------------------+\n| smtp_host     | smtp.{{dom}}            |\n| smtp_user     | invoices@{{dom}}        |\n| smtp_password | {{S}}                    |\n+---------------+--------------------------+",
    pw, "| smtp_host     | smtp.{{dom}}")
tool("redis-get-session-json",
    '127.0.0.1:6379> GET sess:{{hx}}\n"{\\"seller_id\\":{{mid}},\\"marketplace\\":\\"MLB\\",\\"ml_access_token\\":\\"{{S}}\\"}"',
    lambda: "APP_USR-%s-%s-%s-%s" % (dg(16), dg(6), hx(32), dg(9)), '\\"marketplace\\":\\"MLB\\"')
tool("ngrok-config-check",
    "$ ngrok config check && cat ~/.config/ngrok/ngrok.yml\nValid configuration file at /home/{{user}}/.config/ngrok/ngrok.yml\nversion: \"2\"\nauthtoken: {{S}}",
    lambda: "2" + an(26) + "_" + an(21), "Valid configuration file")
tool("kubectl-describe-pod-env",
    "$ kubectl -n {{ns}} describe pod shopee-sync-{{sha7}}-x{{k}}\n    Environment:\n      SHOPEE_PARTNER_ID:   {{mid}}\n      SHOPEE_PARTNER_KEY:  {{S}}\n      SHOPEE_REGION:       SG",
    lambda: hx(64), "SHOPEE_PARTNER_ID:   {{mid}}")
tool("docker-compose-config-rendered",
    "$ docker compose config | sed -n '/seller-sync/,/ports/p'\n  seller-sync:\n    environment:\n      MELI_APP_ID: \"{{mid}}\"\n      MELI_CLIENT_SECRET: {{S}}\n      TZ: America/Sao_Paulo\n    ports:",
    lambda: an(32), "MELI_APP_ID")
tool("gh-auth-token-output",
    "$ gh auth token\n{{S}}",
    gho, "gh auth token")
tool("gh-auth-status-show-token",
    "$ gh auth status -t\ngithub.com\n  \u2713 Logged in to github.com account {{user}} (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: {{S}}\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
    gho, "Logged in to github.com account {{user}}")
tool("az-ad-sp-create-for-rbac-json",
    '$ az ad sp create-for-rbac --name sp-recon-exporter --role Reader\n{\n  "appId": "{{uuid}}",\n  "displayName": "sp-recon-exporter",\n  "password": "{{S}}",\n  "tenant": "{{uuid2}}"\n}',
    azure_secret, '"displayName": "sp-recon-exporter"')
tool("gcloud-print-access-token",
    "$ gcloud auth print-access-token\n{{S}}",
    lambda: "ya29.a0" + b64uc(160), "gcloud auth print-access-token")
tool("cat-ssh-private-key",
    "$ cat ~/.ssh/bank_sftp_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n{{S}}\n-----END OPENSSH PRIVATE KEY-----",
    pem_openssh, "-----BEGIN OPENSSH PRIVATE KEY-----")
tool("wp-cli-woocommerce-stripe-option",
    '$ wp option get woocommerce_stripe_settings --format=json\n{"enabled":"yes","title":"Credit Card (Stripe)","testmode":"no","publishable_key":"pk_live_51{{hx}}","secret_key":"{{S}}","statement_descriptor":"{{shop}}"}',
    sk_live, '"title":"Credit Card (Stripe)"')
tool("magento-config-show",
    "$ bin/magento config:show payment/braintree/private_key\n{{S}}\n$ bin/magento config:show payment/braintree/merchant_id\n{{hx}}mz",
    lambda: hx(32), "payment/braintree/merchant_id")
tool("django-shell-settings-lookup",
    ">>> from django.conf import settings\n>>> settings.DATABASES['default']['HOST'], settings.DATABASES['default']['PASSWORD']\n('{{host}}', '{{S}}')",
    pw, "from django.conf import settings")
tool("rails-credentials-show",
    "$ EDITOR=cat bin/rails credentials:show -e production\nsecret_key_base: <see below>\nstripe:\n  secret_key: {{S}}\n  webhook_secret_env: STRIPE_WHSEC",
    sk_live, "bin/rails credentials:show -e production")
tool("laravel-tinker-config",
    ">>> config('services.paypal.client_id')\n=> \"A{{b}}\"\n>>> config('services.paypal.secret')\n=> \"{{S}}\"",
    lambda: {"S": "E" + b64uc(79), "b": b64uc(40)}, "config('services.paypal.secret')")
tool("pytest-assert-headers-dump",
    "E       AssertionError: expected 200, got 401\nE       assert 401 == 200\nE        +  where 401 = <Response [401]>.status_code\nE       request headers: {'User-Agent': 'python-requests/2.32.3', 'Authorization': 'Bearer {{S}}'}\ntests/integration/test_payouts.py:{{line}}: AssertionError",
    lambda: "tok_live_" + b64uc(40), "tests/integration/test_payouts.py")
tool("node-repl-process-env",
    "> process.env.XENDIT_CALLBACK_TOKEN\n'{{S}}'\n> process.env.NODE_ENV\n'production'",
    lambda: b64uc(48), "process.env.XENDIT_CALLBACK_TOKEN")
tool("proc-environ-dump",
    "$ sudo cat /proc/{{pid}}/environ | tr '\\0' '\\n' | grep -v LS_COLORS\nHOME=/srv/payroll\nPAYROLL_API_BASE=https://api.{{dom}}\nGUSTO_CLIENT_SECRET={{S}}\nLANG=C.UTF-8",
    lambda: b64uc(43), "PAYROLL_API_BASE=https://api.{{dom}}")
tool("shell-history-grep",
    "$ history | grep -i token\n  {{nn}}  export BITGO_ENV=prod\n  {{nn2}}  export BITGO_ACCESS_TOKEN={{S}}\n  {{nn3}}  node wallets/sweep.js --coin btc --dry-run",
    lambda: "v2x" + hx(64), "node wallets/sweep.js --coin btc --dry-run")
tool("crontab-l-output",
    "$ crontab -l\n# nightly ledger backup\n15 2 * * * PGPASSWORD={{S}} /usr/bin/pg_dump -h {{host}} -U backup -Fc {{db}} > /backup/{{db}}.dump\n0 6 * * 1 /opt/recon/weekly_report.sh",
    pwa, "/opt/recon/weekly_report.sh")
tool("git-config-list-remote-url",
    "$ git config --list --show-origin | grep url\nfile:.git/config  remote.origin.url=https://{{user}}:{{S}}@bitbucket.org/{{org}}/invoice-ocr.git\nfile:.git/config  branch.main.remote=origin",
    lambda: "ATBB" + an(28) + HX(8), "bitbucket.org/{{org}}/invoice-ocr.git")
tool("pip-config-list",
    "$ pip config list\nglobal.index-url='https://{{user}}:{{S}}@nexus.{{dom}}/repository/pypi-all/simple'\nglobal.timeout='60'",
    pwu, "global.timeout='60'")
tool("composer-config-list-http-basic",
    "$ composer config --global --list | grep http-basic\n[http-basic.repo.magento.com.username] {{hx}}{{cid}}\n[http-basic.repo.magento.com.password] {{S}}",
    lambda: hx(32), "[http-basic.repo.magento.com.username]")
tool("poetry-config-list",
    "$ poetry config --list | grep private\nhttp-basic.private.password = \"{{S}}\"\nhttp-basic.private.username = \"{{user}}\"\nrepositories.private.url = \"https://pkgs.{{dom}}/simple/\"",
    pw, 'repositories.private.url = "https://pkgs.{{dom}}/simple/"')
tool("aws-configure-get-secret",
    "$ aws configure get aws_secret_access_key --profile seller-reports\n{{S}}",
    aws_secret, "--profile seller-reports")
tool("doppler-secrets-get-table",
    "$ doppler secrets get TAXJAR_API_TOKEN --project tax-sync --config prd\n\u250c\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2500\n\u2502 NAME             \u2502 VALUE                            \u2502\n\u2502 TAXJAR_API_TOKEN \u2502 {{S}} \u2502",
    lambda: hx(32), "--project tax-sync --config prd")
tool("op-item-get-fields",
    "$ op item get 'Shopee Seller Centre' --fields username,password\n{{email}},{{S}}",
    pwu, "op item get 'Shopee Seller Centre'")
tool("bw-get-password",
    "$ bw get password \"Mercado Libre - cuenta vendedor\"\n{{S}}",
    pw, "Mercado Libre - cuenta vendedor")
tool("macos-security-find-generic-password",
    "$ security find-generic-password -s 'alpaca-live' -a {{user}} -w\n{{S}}",
    lambda: an(40), "-s 'alpaca-live'")
tool("env-sort-many-vars",
    "$ env | sort | head -12\nCOLORTERM=truecolor\nDWOLLA_ENV=production\nDWOLLA_SECRET={{S}}\nEDITOR=vim\nHOME=/home/{{user}}\nHOSTNAME=recon-{{sha7}}",
    lambda: an(50), "DWOLLA_ENV=production")
tool("railway-variables-table",
    "$ railway variables\n\u2551 DATABASE_URL \u2502 postgresql://postgres:{{S}}@containers-us-west-{{n}}.railway.app:{{port}}/railway \u2551\n\u2551 PORT         \u2502 8080 \u2551",
    lambda: an(20), "containers-us-west-{{n}}.railway.app")
tool("fly-ssh-console-env",
    "$ fly ssh console -a {{shop}}-payments -C 'printenv RAZORPAY_KEY_SECRET'\nConnecting to fdaa:{{k}}:{{hx}}::2... complete\n{{S}}",
    lambda: an(24), "fly ssh console -a {{shop}}-payments")
tool("supabase-status-keys",
    "$ supabase status\n         API URL: http://127.0.0.1:54321\n          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres\nservice_role key: {{S}}\n   S3 Region: local",
    supabase_jwt, "API URL: http://127.0.0.1:54321")
tool("firebase-functions-config-get",
    '$ firebase functions:config:get\n{\n  "stripe": {\n    "secret": "{{S}}",\n    "price_pro": "price_1P{{hx}}"\n  }\n}',
    sk_live, "firebase functions:config:get")
tool("cf-env-vcap-services",
    '$ cf env invoice-api\nSystem-Provided:\nVCAP_SERVICES: {\n  "p.mysql": [{\n    "credentials": {"hostname": "{{host}}", "username": "{{user}}", "password": "{{S}}", "name": "service_instance_db"}\n  }]\n}',
    lambda: an(16), '"name": "service_instance_db"')
tool("netlify-env-list",
    "$ netlify env:list --context production\n| Key                     | Value                                  |\n| SNIPCART_SECRET_API_KEY | {{S}} |\n| URL                     | https://{{shop}}.netlify.app          |",
    lambda: "S_" + b64uc(40), "https://{{shop}}.netlify.app")
tool("mlflow-or-jupyter-cell-output",
    "In [7]: creds = json.load(open('alpaca.json')); creds\nOut[7]: {'key_id': 'AK{{up}}', 'secret_key': '{{S}}', 'paper': False}",
    lambda: {"S": an(40), "up": up(18)}, "creds = json.load(open('alpaca.json'))")
tool("openssl-x509-and-key-cat",
    "$ cat certs/apple_pay_payment_processing.key\n-----BEGIN EC PRIVATE KEY-----\n{{S}}\n-----END EC PRIVATE KEY-----",
    pem_ec, "certs/apple_pay_payment_processing.key")
tool("s3-presign-output",
    "$ aws s3 presign s3://{{bucket}}/exports/chargebacks_{{date}}.csv --expires-in 3600\nhttps://{{bucket}}.s3.{{region}}.amazonaws.com/exports/chargebacks_{{date}}.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={{akid}}%2F20240503%2F{{region}}%2Fs3%2Faws4_request&X-Amz-Date=20240503T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={{S}}",
    lambda: hx(64), "exports/chargebacks_{{date}}.csv")
tool("az-storage-sas-generate",
    '$ az storage blob generate-sas --account-name st{{brand}}fin -c invoices -n 2024/INV-{{nn}}.pdf --permissions r --expiry 2024-12-31 -o tsv\nse=2024-12-31&sp=r&sv=2022-11-02&sr=b&sig={{S}}',
    lambda: pct(b64(32)), "-c invoices -n 2024/INV-{{nn}}.pdf")
tool("vercel-env-pull-output",
    "$ vercel env pull .env.local && grep SECRET .env.local\nDownloading `development` Environment Variables for {{org}}/storefront\n\u2705  Created .env.local file\nLEMONSQUEEZY_WEBHOOK_SECRET=\"{{S}}\"",
    lambda: an(32), "Environment Variables for {{org}}/storefront")
tool("kubectl-exec-env-grep",
    "$ kubectl -n {{ns}} exec deploy/card-issuing -- env | grep LITHIC\nLITHIC_ENVIRONMENT=production\nLITHIC_API_KEY={{S}}",
    uid, "LITHIC_ENVIRONMENT=production")
tool("nmap-or-hydra-style-found-login",
    "[5432][postgres] host: {{ip}}   login: {{user}}   password: {{S}}\n1 of 1 target successfully completed, 1 valid password found",
    pw, "1 valid password found")

# ================================================================ config-file
conf("pgpass-line",
    "# ~/.pgpass  (chmod 600)\n{{host}}:5432:{{db}}:{{user}}:{{S}}\n{{host2}}:5432:*:readonly:*see-vault*",
    pwu, "{{host}}:5432:{{db}}:{{user}}")
conf("dotenv-unquoted",
    "# .env  (recon service)\nAPP_ENV=production\nRECON_DB_HOST={{host}}\nRECON_DB_USER={{user}}\nRECON_DB_PASSWORD={{S}}\nRECON_BATCH_SIZE=500",
    pw, "RECON_DB_HOST={{host}}")
conf("dotenv-double-quoted",
    '# .env.local\nNEXT_PUBLIC_SHOP_NAME="{{shop}}"\nSQUARE_ACCESS_TOKEN="{{S}}"\nSQUARE_LOCATION_ID="L{{up}}"',
    lambda: "EAAA" + b64uc(60), 'NEXT_PUBLIC_SHOP_NAME="{{shop}}"')
conf("docker-compose-postgres-password",
    "services:\n  ledger-db:\n    image: postgres:16\n    environment:\n      POSTGRES_USER: {{user}}\n      POSTGRES_PASSWORD: {{S}}\n      POSTGRES_DB: {{db}}\n    volumes:\n      - pgdata:/var/lib/postgresql/data",
    pw, "image: postgres:16")
conf("k8s-secret-stringdata",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: gocardless\n  namespace: {{ns}}\ntype: Opaque\nstringData:\n  GC_ACCESS_TOKEN: {{S}}\n  GC_ENVIRONMENT: live",
    lambda: "live_" + b64uc(40), "name: gocardless")
conf("spring-application-yml-datasource",
    "spring:\n  datasource:\n    url: jdbc:postgresql://{{host}}:5432/{{db}}\n    username: {{user}}\n    password: {{S}}\n  jpa:\n    open-in-view: false",
    pw, "jdbc:postgresql://{{host}}:5432/{{db}}")
conf("spring-application-properties",
    "server.port=8080\nspring.datasource.url=jdbc:mysql://{{host}}:3306/{{db}}?useSSL=true\nspring.datasource.username={{user}}\nspring.datasource.password={{S}}\nmanagement.endpoints.web.exposure.include=health,info",
    pw, "spring.datasource.url=jdbc:mysql://{{host}}:3306/{{db}}")
conf("rails-database-yml",
    "production:\n  <<: *default\n  database: {{db}}_production\n  username: {{user}}\n  password: \"{{S}}\"\n  host: {{host}}",
    pw, "database: {{db}}_production")
conf("appsettings-json-connection-string",
    '{\n  "ConnectionStrings": {\n    "Ledger": "Server={{host}};Database=Ledger;User Id={{user}};Password={{S}};TrustServerCertificate=True"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}',
    pwu, "Server={{host}};Database=Ledger")
conf("web-config-connectionstrings-xml",
    '<connectionStrings>\n  <add name="Accounting" connectionString="Data Source={{host}};Initial Catalog=Accounting;User ID={{user}};Password={{S}}" providerName="System.Data.SqlClient" />\n</connectionStrings>',
    pwu, 'name="Accounting"')
conf("trading-bot-toml-exchange",
    '[bot]\nstrategy = "grid"\npairs = ["BTC/USDT", "ETH/USDT"]\n\n[exchange.binance]\napi_key_env = "BINANCE_KEY"\napi_secret = "{{S}}"\nrecv_window = 5000',
    lambda: an(64), 'strategy = "grid"')
conf("freqtrade-config-json-secret",
    '{\n  "max_open_trades": 5,\n  "stake_currency": "USDT",\n  "dry_run": false,\n  "exchange": {\n    "name": "kucoin",\n    "key": "",\n    "secret": "{{S}}",\n    "password": "",\n    "pair_whitelist": ["SOL/USDT", "ADA/USDT"]\n  }\n}',
    uid, '"stake_currency": "USDT"')
conf("odbc-ini-dsn",
    "[AccountingDSN]\nDriver=ODBC Driver 18 for SQL Server\nServer=tcp:{{host}},1433\nDatabase=Accounting\nUID={{user}}\nPWD={{S}}\nEncrypt=yes",
    pw, "[AccountingDSN]")
conf("my-cnf-client-section",
    "[client]\nhost={{host}}\nuser={{user}}\npassword={{S}}\ndefault-character-set=utf8mb4\n\n[mysqldump]\nsingle-transaction",
    pw, "default-character-set=utf8mb4")
conf("wp-config-define-db-password",
    "/** MySQL settings */\ndefine( 'DB_NAME', 'wp_{{shop}}' );\ndefine( 'DB_USER', '{{user}}' );\ndefine( 'DB_PASSWORD', '{{S}}' );\ndefine( 'DB_HOST', '{{host}}' );",
    pw, "define( 'DB_NAME', 'wp_{{shop}}' );")
conf("nginx-proxy-set-authorization",
    "location /internal/fx/ {\n    proxy_pass https://fx.{{dom}}/;\n    proxy_set_header Authorization \"Bearer {{S}}\";\n    proxy_set_header Host fx.{{dom}};\n}",
    lambda: b64uc(43), "proxy_pass https://fx.{{dom}}/;")
conf("haproxy-userlist-insecure-password",
    "userlist ops_users\n    user {{user}} insecure-password {{S}}\n\nfrontend stats\n    bind *:8404\n    stats uri /stats\n    stats auth-realm ops",
    pwa, "userlist ops_users")
conf("pgbouncer-userlist-txt",
    '"pgbouncer_admin" "md5{{md5}}"\n"{{user}}" "{{S}}"',
    pwu, "pgbouncer_admin")
conf("redis-conf-requirepass",
    "bind 0.0.0.0\nport 6379\nprotected-mode yes\nrequirepass {{S}}\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru",
    pwa, "maxmemory-policy allkeys-lru")
conf("rabbitmq-conf-default-pass",
    "listeners.tcp.default = 5672\ndefault_user = {{user}}\ndefault_pass = {{S}}\nmanagement.tcp.port = 15672",
    pw, "listeners.tcp.default = 5672")
conf("maven-settings-xml-server",
    "<settings>\n  <servers>\n    <server>\n      <id>{{brand}}-releases</id>\n      <username>{{user}}</username>\n      <password>{{S}}</password>\n    </server>\n  </servers>\n</settings>",
    pw, "<id>{{brand}}-releases</id>")
conf("npmrc-scoped-authtoken",
    "registry=https://registry.npmjs.org/\n@{{org}}:registry=https://npm.{{dom}}/\n//npm.{{dom}}/:_authToken={{S}}\nalways-auth=true",
    lambda: b64(32), "@{{org}}:registry=https://npm.{{dom}}/")
conf("pip-conf-index-url-creds",
    "[global]\nindex-url = https://{{user}}:{{S}}@artifactory.{{dom}}/api/pypi/pypi-virtual/simple\ntrusted-host = artifactory.{{dom}}",
    pwu, "trusted-host = artifactory.{{dom}}")
conf("netrc-single-line",
    "machine sftp.{{dom}} login {{user}} password {{S}}",
    pw, "machine sftp.{{dom}} login {{user}}")
conf("aws-credentials-ini",
    "[default]\nregion = {{region}}\n\n[seller-reports]\naws_access_key_id = {{akid}}\naws_secret_access_key = {{S}}",
    aws_secret, "[seller-reports]")
conf("kubeconfig-user-token",
    "users:\n- name: recon-ci\n  user:\n    token: {{S}}\ncontexts:\n- context:\n    cluster: fin-prod\n    user: recon-ci\n  name: fin-prod",
    lambda: jwt(alg="RS256"), "cluster: fin-prod")
conf("kubeconfig-client-key-data",
    "users:\n- name: admin@fin-prod\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t{{hx}}\n    client-key-data: {{S}}",
    lambda: base64.b64encode(("-----BEGIN RSA PRIVATE KEY-----\n" + pem_rsa() + "\n-----END RSA PRIVATE KEY-----\n").encode()).decode(),
    "name: admin@fin-prod")
conf("terraform-tfvars-secret",
    'region            = "{{region}}"\nenvironment       = "prod"\nstripe_secret_key = "{{S}}"\nalert_email       = "{{email}}"',
    sk_live, 'environment       = "prod"')
conf("hcl-vault-provider-token",
    'provider "vault" {\n  address = "https://vault.{{dom}}:8200"\n  token   = "{{S}}"\n}',
    hvs, 'address = "https://vault.{{dom}}:8200"')
conf("ansible-group-vars-plaintext",
    "# group_vars/recon/vars.yml\nrecon_user: {{user}}\nrecon_db_host: {{host}}\nrecon_db_password: \"{{S}}\"\nrecon_cron: \"15 2 * * *\"",
    pw, "recon_db_host: {{host}}")
conf("android-keystore-properties",
    "storeFile=../keystores/{{shop}}-upload.jks\nstorePassword={{S}}\nkeyAlias=upload\nkeyPassword=see-storePassword",
    pwa, "keyAlias=upload")
conf("gradle-properties-repo-password",
    "org.gradle.jvmargs=-Xmx2g\nnexusUsername={{user}}\nnexusPassword={{S}}\nandroid.useAndroidX=true",
    pw, "nexusUsername={{user}}")
conf("supervisord-program-environment",
    '[program:ledger-sync]\ncommand=/opt/ledger/bin/sync --interval 60\nenvironment=LEDGER_API="https://ledger.{{dom}}",LEDGER_TOKEN="{{S}}"\nautorestart=true',
    lambda: b64uc(32), "[program:ledger-sync]")
conf("systemd-unit-environment-line",
    "[Service]\nUser=payouts\nEnvironment=PAYONEER_PROGRAM_ID={{mid}}\nEnvironment=\"PAYONEER_CLIENT_SECRET={{S}}\"\nExecStart=/usr/local/bin/payout-runner",
    lambda: an(32), "ExecStart=/usr/local/bin/payout-runner")
conf("logstash-output-elasticsearch",
    'output {\n  elasticsearch {\n    hosts => ["https://es.{{dom}}:9200"]\n    user => "logstash_writer"\n    password => "{{S}}"\n    index => "payments-%{+YYYY.MM.dd}"\n  }\n}',
    pw, 'user => "logstash_writer"')
conf("filebeat-output-elasticsearch",
    "output.elasticsearch:\n  hosts: [\"es.{{dom}}:9200\"]\n  protocol: https\n  username: beats_writer\n  password: \"{{S}}\"",
    pw, "username: beats_writer")
conf("grafana-ini-security",
    "[security]\nadmin_user = admin\nadmin_password = {{S}}\nsecret_key = from_env\n\n[server]\ndomain = grafana.{{dom}}",
    pw, "domain = grafana.{{dom}}")
conf("prometheus-scrape-basic-auth",
    "scrape_configs:\n  - job_name: settlement-exporter\n    scheme: https\n    basic_auth:\n      username: prom\n      password: {{S}}\n    static_configs:\n      - targets: ['{{host}}:9464']",
    pw, "job_name: settlement-exporter")
conf("alertmanager-slack-api-url",
    "receivers:\n  - name: payments-oncall\n    slack_configs:\n      - api_url: https://hooks.slack.com/services/T{{up}}/B{{up2}}/{{S}}\n        channel: '#payments-alerts'",
    lambda: an(24), "channel: '#payments-alerts'")
conf("dbt-profiles-yml-snowflake",
    "finance:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: {{brand}}-eu1\n      user: DBT_FIN\n      password: \"{{S}}\"\n      role: TRANSFORMER\n      warehouse: FIN_WH",
    pw, "warehouse: FIN_WH")
conf("airflow-conn-env-uri",
    "AIRFLOW__CORE__EXECUTOR=CeleryExecutor\nAIRFLOW_CONN_LEDGER_DB=postgresql://{{user}}:{{S}}@{{host}}:5432/{{db}}\nAIRFLOW__CORE__LOAD_EXAMPLES=False",
    pwu, "AIRFLOW__CORE__EXECUTOR=CeleryExecutor")
conf("alembic-ini-sqlalchemy-url",
    "[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+psycopg2://{{user}}:{{S}}@{{host}}/{{db}}\n\n[loggers]\nkeys = root,sqlalchemy,alembic",
    pwu, "script_location = migrations")
conf("jdbc-properties-url-password",
    "jdbc.driver=oracle.jdbc.OracleDriver\njdbc.url=jdbc:oracle:thin:@{{host}}:1521/GLPROD\njdbc.user=GL_READER\njdbc.password={{S}}",
    pwa, "jdbc.user=GL_READER")
conf("spring-xml-bean-password",
    '<bean id="bankDataSource" class="com.zaxxer.hikari.HikariDataSource">\n  <property name="jdbcUrl" value="jdbc:postgresql://{{host}}/{{db}}"/>\n  <property name="username" value="{{user}}"/>\n  <property name="password" value="{{S}}"/>\n</bean>',
    pw, 'id="bankDataSource"')
conf("odoo-conf-admin-passwd",
    "[options]\naddons_path = /opt/odoo/addons,/opt/odoo/custom\nadmin_passwd = {{S}}\ndb_host = {{host}}\ndb_user = odoo",
    pw, "addons_path = /opt/odoo/addons")
conf("erpnext-site-config-json",
    '{\n "db_name": "_{{hx}}",\n "db_password": "{{S}}",\n "db_type": "mariadb",\n "encryption_key": "see-bench-secrets"\n}',
    lambda: an(16), '"db_type": "mariadb"')
conf("msmtprc-account-password",
    "account invoices\nhost smtp.{{dom}}\nport 587\nfrom invoices@{{dom}}\nauth on\nuser invoices@{{dom}}\npassword {{S}}\ntls on",
    pw, "from invoices@{{dom}}")
conf("postfix-sasl-passwd-sendgrid",
    "[smtp.sendgrid.net]:587 apikey:{{S}}",
    sg_key, "[smtp.sendgrid.net]:587 apikey")
conf("fetchmailrc-poll",
    "poll imap.{{dom}} proto IMAP\n  user 'ap-inbox@{{dom}}' there with password '{{S}}' is 'apbot' here\n  ssl keep",
    pw, "poll imap.{{dom}} proto IMAP")
conf("wireguard-interface-privatekey",
    "[Interface]\nAddress = 10.44.{{n}}.2/32\nPrivateKey = {{S}}\nDNS = 10.44.0.1\n\n[Peer]\nPublicKey = {{pub}}\nEndpoint = vpn.{{dom}}:51820",
    lambda: {"S": b64(32), "pub": b64(32)}, "Endpoint = vpn.{{dom}}:51820")
conf("openvpn-auth-user-pass-file",
    "# /etc/openvpn/client/bank-link.auth  (user on line 1, pass on line 2)\n{{user}}\n{{S}}",
    pw, "/etc/openvpn/client/bank-link.auth")
conf("ipsec-secrets-psk",
    "# /etc/ipsec.secrets - tunnel to acquirer\n{{ip}} {{ip2}} : PSK \"{{S}}\"",
    lambda: b64(24), "tunnel to acquirer")
conf("rsa-private-key-pem-file",
    "# keys/bank_api_signing.pem\n-----BEGIN RSA PRIVATE KEY-----\n{{S}}\n-----END RSA PRIVATE KEY-----",
    pem_rsa, "keys/bank_api_signing.pem")
conf("pkcs8-private-key-pem-file",
    "-----BEGIN PRIVATE KEY-----\n{{S}}\n-----END PRIVATE KEY-----\n-----BEGIN CERTIFICATE-----\nMIID{{hx}}... (client cert for the open-banking transport, public part)\n-----END CERTIFICATE-----",
    pem_pkcs8_rsa, "client cert for the open-banking transport")
conf("ed25519-pkcs8-pem-file",
    "# fireblocks/api_signing_ed25519.key\n-----BEGIN PRIVATE KEY-----\n{{S}}\n-----END PRIVATE KEY-----",
    pem_ed25519, "fireblocks/api_signing_ed25519.key")
conf("gcp-service-account-json",
    lambda c: '{\n  "type": "service_account",\n  "project_id": "%s-finance",\n  "private_key_id": "%s",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n{{S}}\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "sheets-export@%s-finance.iam.gserviceaccount.com"\n}' % (c["brand"], hx(40), c["brand"]),
    lambda: pem_pkcs8_rsa(sep="\\n"), '"type": "service_account"')
conf("google-oauth-client-secret-json",
    '{"installed":{"client_id":"{{nn}}{{mid}}-{{lo}}.apps.googleusercontent.com","project_id":"{{brand}}-books","client_secret":"{{S}}","redirect_uris":["http://localhost"]}}',
    lambda: {"S": "GOCSPX-" + b64uc(28), "lo": lo(32)}, '"project_id":"{{brand}}-books"')
conf("helm-values-prod-yaml",
    "replicaCount: 3\nimage:\n  tag: \"{{sha7}}\"\nmollie:\n  profileId: pfl_{{hx}}\n  apiKey: {{S}}\ningress:\n  host: checkout.{{dom}}",
    lambda: "live_" + an(30), "host: checkout.{{dom}}")
conf("k8s-configmap-misused-for-secret",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: kyc-settings\ndata:\n  SUMSUB_BASE_URL: https://api.sumsub.com\n  SUMSUB_SECRET_KEY: \"{{S}}\"\n  LEVEL_NAME: basic-kyc-level",
    lambda: an(32), "name: kyc-settings")
conf("lambda-environment-json",
    '{\n  "FunctionName": "paystack-webhook",\n  "Environment": {\n    "Variables": {\n      "PAYSTACK_SECRET": "{{S}}",\n      "TABLE": "payments-events"\n    }\n  }\n}',
    lambda: "sk_live_" + hx(40), '"FunctionName": "paystack-webhook"')
conf("envrc-direnv-export",
    "# .envrc\nexport AWS_PROFILE=fin-dev\nexport WISE_API_TOKEN={{S}}\nlayout python3",
    uid, "export AWS_PROFILE=fin-dev")
conf("kraken-bot-config-ini",
    "[kraken]\napi_key_file = ~/.kraken/key\nprivate_key = {{S}}\n\n[risk]\nmax_position_usd = 2500",
    lambda: b64(64), "max_position_usd = 2500")
conf("flyway-conf-password",
    "flyway.url=jdbc:postgresql://{{host}}:5432/{{db}}\nflyway.user={{user}}\nflyway.password={{S}}\nflyway.schemas=public,audit",
    pw, "flyway.schemas=public,audit")
conf("liquibase-properties-password",
    "changeLogFile: db/changelog/master.xml\nurl: jdbc:mysql://{{host}}:3306/{{db}}\nusername: {{user}}\npassword: {{S}}",
    pw, "changeLogFile: db/changelog/master.xml")
conf("cargo-credentials-toml",
    '[registries.{{brand}}]\ntoken = "{{S}}"',
    lambda: "cio" + an(32), "[registries.{{brand}}]")
conf("gem-credentials-yaml",
    "---\n:rubygems_api_key: {{S}}\n:{{brand}}: Basic see-1password",
    lambda: "rubygems_" + hx(48), ":rubygems_api_key:")
conf("nuget-config-cleartextpassword",
    '<packageSourceCredentials>\n  <{{brand}}-feed>\n    <add key="Username" value="{{user}}" />\n    <add key="ClearTextPassword" value="{{S}}" />\n  </{{brand}}-feed>\n</packageSourceCredentials>',
    lambda: lo(52), '<add key="Username" value="{{user}}" />')
conf("composer-auth-json-magento",
    '{\n  "http-basic": {\n    "repo.magento.com": {\n      "username": "{{md5}}",\n      "password": "{{S}}"\n    }\n  }\n}',
    lambda: hx(32), '"repo.magento.com"')
conf("cxml-punchout-shared-secret",
    '<Header>\n  <From><Credential domain="NetworkId"><Identity>AN{{mid}}</Identity></Credential></From>\n  <Sender>\n    <Credential domain="NetworkId">\n      <Identity>AN{{mid2}}</Identity>\n      <SharedSecret>{{S}}</SharedSecret>\n    </Credential>\n    <UserAgent>{{co}} Procurement 1.0</UserAgent>\n  </Sender>\n</Header>',
    pw, "<UserAgent>{{co}} Procurement 1.0</UserAgent>")
conf("ofxclient-ini-institution",
    "[{{hx}}]\ninstitution.id = {{nn}}\ninstitution.org = {{co}} Credit Union\ninstitution.url = https://ofx.{{dom}}/ofx\ninstitution.username = {{user}}\ninstitution.password = {{S}}",
    pw, "institution.org = {{co}} Credit Union")
conf("plaid-quickstart-env",
    "PLAID_CLIENT_ID={{cid}}\nPLAID_SECRET={{S}}\nPLAID_ENV=production\nPLAID_PRODUCTS=transactions,auth\nPLAID_COUNTRY_CODES=US,CA",
    lambda: hx(30), "PLAID_PRODUCTS=transactions,auth")
conf("yaml-multiline-block-scalar-key",
    "apple_pay:\n  merchant_id: merchant.com.{{brand}}\n  processing_key: |\n    -----BEGIN EC PRIVATE KEY-----\n    {{S}}\n    -----END EC PRIVATE KEY-----",
    lambda: pem_ec(sep="\n    "), "merchant_id: merchant.com.{{brand}}")
conf("php-env-array-config",
    "<?php\nreturn [\n    'iyzico' => [\n        'base_url' => 'https://api.iyzipay.com',\n        'api_key' => env('IYZICO_API_KEY'),\n        'secret_key' => '{{S}}',\n    ],\n];",
    lambda: an(32), "'base_url' => 'https://api.iyzipay.com'")
conf("ini-sage-export-connection",
    "; sage50_export.ini\n[Company]\nName={{co}} Trading Ltd\nDataPath=\\\\fs01\\Sage\\ACCDATA\n[Login]\nUser=MANAGER\nPassword={{S}}",
    pwa, "Name={{co}} Trading Ltd")

# ================================================================ source-code
src("python-ccxt-dict-literal",
    "exchange = ccxt.binance({\n    'apiKey': os.environ['BINANCE_KEY'],\n    'secret': '{{S}}',\n    'enableRateLimit': True,\n    'options': {'defaultType': 'spot'},\n})",
    lambda: an(64), "'options': {'defaultType': 'spot'}")
src("python-requests-auth-tuple",
    "resp = requests.get(\n    f\"https://api.{{dom}}/v1/invoices?status=overdue&page={page}\",\n    auth=(\"{{user}}\", \"{{S}}\"),\n    timeout=30,\n)",
    pw, "status=overdue")
src("python-headers-dict-bearer",
    "HEADERS = {\n    \"Authorization\": \"Bearer {{S}}\",\n    \"Idempotency-Key\": str(uuid.uuid4()),\n    \"Content-Type\": \"application/json\",\n}",
    lambda: "mt_live_" + b64uc(40), "\"Idempotency-Key\": str(uuid.uuid4())")
src("python-getenv-with-live-default",
    "STRIPE_KEY = os.getenv(\"STRIPE_KEY\", \"{{S}}\")  # fallback for local runs\nstripe.api_key = STRIPE_KEY",
    sk_live, "os.getenv(\"STRIPE_KEY\"")
src("django-settings-secret-key",
    "# settings/prod.py\nDEBUG = False\nALLOWED_HOSTS = [\"dashboard.{{dom}}\"]\nSECRET_KEY = \"{{S}}\"",
    lambda: "django-insecure-" + _s(_LOW + _DIG + "!@#%^*(-_=+)", 50) if _R.random() < 0.3 else _s(_LOW + _DIG + "!@#%^*(-_=+)", 50),
    "ALLOWED_HOSTS = [\"dashboard.{{dom}}\"]")
src("python-stripe-api-key-assignment",
    "import stripe\n\nstripe.api_key = \"{{S}}\"\nstripe.api_version = \"2024-04-10\"\n\nfor po in stripe.Payout.list(limit=100, arrival_date={\"gte\": since}).auto_paging_iter():",
    rk_live, "stripe.Payout.list(limit=100")
src("python-psycopg2-connect-kwargs",
    "conn = psycopg2.connect(\n    host=\"{{host}}\",\n    dbname=\"{{db}}\",\n    user=\"{{user}}\",\n    password=\"{{S}}\",\n    sslmode=\"require\",\n)",
    pw, "host=\"{{host}}\"")
src("python-sqlalchemy-create-engine-url",
    "engine = create_engine(\n    \"mysql+pymysql://{{user}}:{{S}}@{{host}}:3306/{{db}}?charset=utf8mb4\",\n    pool_pre_ping=True,\n)",
    pwu, "pool_pre_ping=True")
src("python-boto3-client-inline-keys",
    "s3 = boto3.client(\n    \"s3\",\n    region_name=\"{{region}}\",\n    aws_access_key_id=\"{{akid}}\",\n    aws_secret_access_key=\"{{S}}\",\n)",
    aws_secret, "region_name=\"{{region}}\"")
src("python-webhook-secret-bytes",
    "WEBHOOK_SECRET = b\"{{S}}\"\n\ndef verify(body: bytes, header_sig: str) -> bool:\n    mac = hmac.new(WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, header_sig)",
    lambda: an(32), "def verify(body: bytes, header_sig: str) -> bool:")
src("js-const-secret-key",
    "// paystack.js\nconst PAYSTACK_SECRET = '{{S}}';\nconst BASE = 'https://api.paystack.co';\n\nexport async function verifyTx(ref) {",
    lambda: "sk_live_" + hx(40), "const BASE = 'https://api.paystack.co';")
src("js-axios-create-headers",
    "const wise = axios.create({\n  baseURL: 'https://api.transferwise.com',\n  headers: { Authorization: `Bearer {{S}}` },\n  timeout: 15000,\n});",
    uid, "baseURL: 'https://api.transferwise.com'")
src("js-btoa-basic-credentials",
    "const auth = 'Basic ' + btoa('{{user}}:{{S}}');\nconst res = await fetch(`${API}/reports/settlements`, { headers: { Authorization: auth } });",
    pwu, "/reports/settlements")
src("ts-config-object-accesstoken",
    "export const config = {\n  mercadopago: {\n    accessToken: 'APP_USR-{{S}}',\n    webhookPath: '/webhooks/mp',\n  },\n};",
    lambda: "%s-%s-%s-%s" % (dg(16), dg(6), hx(32), dg(9)), "webhookPath: '/webhooks/mp'")
src("js-process-env-or-fallback",
    "const apiKey = process.env.EASYPOST_API_KEY || '{{S}}';\nconst client = new EasyPost(apiKey);",
    lambda: "EZAK" + hx(54), "new EasyPost(apiKey)")
src("java-static-final-constant",
    "public final class AdyenConfig {\n    public static final String MERCHANT_ACCOUNT = \"{{co}}ECOM\";\n    private static final String API_KEY = \"{{S}}\";\n}",
    lambda: "AQE" + b64uc(5) + "Cbmn" + b64c(100), "MERCHANT_ACCOUNT = \"{{co}}ECOM\"")
src("java-datasource-setpassword",
    "HikariDataSource ds = new HikariDataSource();\nds.setJdbcUrl(\"jdbc:postgresql://{{host}}:5432/{{db}}\");\nds.setUsername(\"{{user}}\");\nds.setPassword(\"{{S}}\");",
    pw, "ds.setUsername(\"{{user}}\");")
src("gradle-buildconfigfield-key",
    "defaultConfig {\n    applicationId \"com.{{brand}}.seller\"\n    buildConfigField \"String\", \"RAZORPAY_SECRET\", \"\\\"{{S}}\\\"\"\n}",
    lambda: an(24), "applicationId \"com.{{brand}}.seller\"")
src("csharp-connection-string-literal",
    "var cs = \"Server={{host}};Database=Payroll;User Id={{user}};Password={{S}};Encrypt=true\";\nusing var conn = new SqlConnection(cs);",
    pwu, "new SqlConnection(cs)")
src("csharp-networkcredential",
    "var client = new SmtpClient(\"smtp.{{dom}}\", 587) {\n    EnableSsl = true,\n    Credentials = new NetworkCredential(\"billing@{{dom}}\", \"{{S}}\")\n};",
    pw, "new SmtpClient(\"smtp.{{dom}}\", 587)")
src("go-struct-literal-password",
    "cfg := mysql.Config{\n\tUser:   \"{{user}}\",\n\tPasswd: \"{{S}}\",\n\tNet:    \"tcp\",\n\tAddr:   \"{{host}}:3306\",\n\tDBName: \"{{db}}\",\n}",
    pw, "Addr:   \"{{host}}:3306\"")
src("go-const-api-token",
    "const (\n\tbaseURL  = \"https://api.{{dom}}/v2\"\n\tapiToken = \"{{S}}\"\n)",
    lambda: "tok_" + an(40), "baseURL  = \"https://api.{{dom}}/v2\"")
src("rust-const-str-secret",
    "const KUCOIN_API_SECRET: &str = \"{{S}}\";\nconst KUCOIN_BASE: &str = \"https://api.kucoin.com\";",
    uid, "const KUCOIN_BASE: &str")
src("ruby-braintree-configuration",
    "Braintree::Configuration.environment = :production\nBraintree::Configuration.merchant_id = \"{{lo}}\"\nBraintree::Configuration.public_key = \"{{pk}}\"\nBraintree::Configuration.private_key = \"{{S}}\"",
    lambda: {"S": hx(32), "pk": lo(16)}, "Braintree::Configuration.environment = :production")
src("php-curl-userpwd",
    "$ch = curl_init('https://api.{{dom}}/v1/transactions');\ncurl_setopt($ch, CURLOPT_USERPWD, '{{user}}:{{S}}');\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);",
    pwu, "CURLOPT_RETURNTRANSFER")
src("sql-create-user-with-password",
    "-- migrations/0042_recon_role.sql\nCREATE ROLE {{user}} WITH LOGIN PASSWORD '{{S}}';\nGRANT SELECT ON ALL TABLES IN SCHEMA ledger TO {{user}};",
    pw, "GRANT SELECT ON ALL TABLES IN SCHEMA ledger")
src("sql-mysql-identified-by",
    "CREATE USER '{{user}}'@'10.%' IDENTIFIED BY '{{S}}';\nGRANT SELECT, INSERT ON marketplace.* TO '{{user}}'@'10.%';",
    pw, "ON marketplace.*")
src("sql-insert-integration-key",
    "INSERT INTO integrations (tenant_id, vendor, api_key, created_at)\nVALUES ({{nn}}, 'taxjar', '{{S}}', now());",
    lambda: hx(32), "INSERT INTO integrations (tenant_id, vendor")
src("bash-script-token-variable",
    "#!/usr/bin/env bash\nset -euo pipefail\nAPI=https://api.{{dom}}\nAPI_TOKEN=\"{{S}}\"\ncurl -fsS -H \"Authorization: Bearer $API_TOKEN\" \"$API/v1/reconciliations/run\" -X POST",
    lambda: b64uc(40), "set -euo pipefail")
src("bash-heredoc-writes-env",
    "cat > /etc/recon/recon.env <<EOF\nRECON_BANK=abn\nRECON_SFTP_USER={{user}}\nRECON_SFTP_PASS={{S}}\nEOF\nchmod 600 /etc/recon/recon.env",
    pw, "chmod 600 /etc/recon/recon.env")
src("powershell-script-client-secret",
    "$TenantId = '{{uuid}}'\n$ClientId = '{{uuid2}}'\n$ClientSecret = '{{S}}'\n$body = @{ grant_type='client_credentials'; scope='https://api.businesscentral.dynamics.com/.default' }",
    azure_secret, "businesscentral.dynamics.com")
src("jupyter-ipynb-source-cell",
    '{\n "cell_type": "code",\n "source": [\n  "import alpaca_trade_api as tradeapi\\n",\n  "api = tradeapi.REST(\'AK{{up}}\', \'{{S}}\', base_url=\'https://api.alpaca.markets\')\\n"\n ]\n}',
    lambda: an(40), "import alpaca_trade_api as tradeapi")
src("r-script-sys-setenv",
    "library(httr)\nSys.setenv(COINGECKO_PRO_KEY = \"{{S}}\")\nres <- GET(\"https://pro-api.coingecko.com/api/v3/ping\",\n  add_headers(`x-cg-pro-api-key` = Sys.getenv(\"COINGECKO_PRO_KEY\")))",
    lambda: "CG-" + an(24), "library(httr)")
src("swift-let-api-key",
    "enum Secrets {\n    static let shopifyStorefront = \"{{hx}}\"  // public storefront token\n    static let shopifyAdmin = \"{{S}}\"\n}",
    lambda: "shpat_" + hx(32), "enum Secrets {")
src("dart-const-string-secret",
    "const String kFlutterwaveSecret = '{{S}}';\nconst String kFlutterwaveBase = 'https://api.flutterwave.com/v3';",
    lambda: "FLWSECK-" + hx(32) + "-X", "const String kFlutterwaveBase")
src("scala-spark-jdbc-option",
    "val df = spark.read.format(\"jdbc\")\n  .option(\"url\", \"jdbc:postgresql://{{host}}:5432/{{db}}\")\n  .option(\"dbtable\", \"ledger.entries\")\n  .option(\"user\", \"{{user}}\")\n  .option(\"password\", \"{{S}}\")\n  .load()",
    pw, ".option(\"dbtable\", \"ledger.entries\")")
src("python-test-fixture-real-token",
    "@pytest.fixture\ndef client():\n    # TODO: swap for sandbox token before merging\n    return Client(token=\"{{S}}\", base_url=\"https://api.{{dom}}\")",
    lambda: "live_sk_" + lo(32), "@pytest.fixture")
src("js-nock-match-header",
    "nock('https://api.{{dom}}')\n  .matchHeader('authorization', 'Bearer {{S}}')\n  .get('/v1/balances')\n  .reply(200, fixtures.balances);",
    lambda: "sk_prod_" + an(32), ".reply(200, fixtures.balances)")
src("elixir-config-exs-stripity",
    "config :stripity_stripe,\n  api_key: \"{{S}}\",\n  json_library: Jason",
    sk_live, "json_library: Jason")
src("lua-openresty-local-secret",
    "local hmac = require \"resty.hmac\"\nlocal SIGNING_SECRET = \"{{S}}\"\nlocal h = hmac:new(SIGNING_SECRET, hmac.ALGOS.SHA256)",
    lambda: b64(32), "require \"resty.hmac\"")
src("c-define-hsm-pin",
    "/* hsm_client.c - payShield connection */\n#define HSM_HOST \"{{ip}}\"\n#define HSM_PORT 1500\n#define HSM_LMK_PIN \"{{S}}\"",
    lambda: dg(8), "payShield connection")
src("python-jwt-encode-literal-secret",
    "token = jwt.encode({\"merchant_id\": mid, \"exp\": exp}, \"{{S}}\", algorithm=\"HS256\")",
    lambda: b64uc(40), "algorithm=\"HS256\"")
src("node-jsonwebtoken-sign-secret",
    "const token = jwt.sign({ sellerId, scope: 'payouts' }, '{{S}}', { expiresIn: '15m' });",
    pw, "{ expiresIn: '15m' }")
src("python-shopee-sign-partner-key",
    "def sign(path, ts, access_token, shop_id):\n    partner_key = \"{{S}}\"\n    base = f\"{PARTNER_ID}{path}{ts}{access_token}{shop_id}\"\n    return hmac.new(partner_key.encode(), base.encode(), hashlib.sha256).hexdigest()",
    lambda: hx(64), "def sign(path, ts, access_token, shop_id):")
src("python-docstring-example-real-key",
    "class TaxClient:\n    \"\"\"Thin wrapper around the TaxJar API.\n\n    Example:\n        >>> c = TaxClient(api_key=\"{{S}}\")\n        >>> c.rates_for(\"94107\")\n    \"\"\"",
    lambda: hx(32), "Thin wrapper around the TaxJar API.")
src("js-comment-old-key",
    "// old key, rotated? {{S}}\n// new one lives in SSM: /prod/checkout/stripe_secret\nconst stripe = new Stripe(process.env.STRIPE_SECRET);",
    sk_live, "new Stripe(process.env.STRIPE_SECRET)")
src("python-commented-out-password",
    "DB = {\n    \"host\": os.environ[\"DB_HOST\"],\n    # \"password\": \"{{S}}\",\n    \"password\": os.environ[\"DB_PASSWORD\"],\n}",
    pw, "os.environ[\"DB_PASSWORD\"]")
src("vba-excel-adodb-connection",
    "Dim conn As Object\nSet conn = CreateObject(\"ADODB.Connection\")\nconn.Open \"Provider=SQLOLEDB;Data Source={{host}};Initial Catalog=Accounting;User ID={{user}};Password={{S}};\"",
    pwu, "CreateObject(\"ADODB.Connection\")")
src("google-apps-script-const",
    "const SHOP = '{{shop}}.myshopify.com';\nconst TOKEN = '{{S}}';\nfunction pullOrders() {\n  const r = UrlFetchApp.fetch(`https://${SHOP}/admin/api/2024-04/orders.json`, {headers: {'X-Shopify-Access-Token': TOKEN}});",
    lambda: "shpat_" + hx(32), "function pullOrders()")
src("python-smtplib-login",
    "with smtplib.SMTP(\"smtp.{{dom}}\", 587) as s:\n    s.starttls()\n    s.login(\"invoices@{{dom}}\", \"{{S}}\")\n    s.send_message(msg)",
    pw, "s.send_message(msg)")
src("go-setbasicauth",
    "req, _ := http.NewRequest(\"GET\", base+\"/v1/settlements\", nil)\nreq.SetBasicAuth(\"{{user}}\", \"{{S}}\")\nresp, err := client.Do(req)",
    pw, "base+\"/v1/settlements\"")
src("rust-reqwest-bearer-auth",
    "let resp = client\n    .get(\"https://api.{{dom}}/v1/cards\")\n    .bearer_auth(\"{{S}}\")\n    .send()\n    .await?;",
    lambda: "ck_live_" + an(32), ".get(\"https://api.{{dom}}/v1/cards\")")
src("csharp-default-request-headers",
    "_http.BaseAddress = new Uri(\"https://api.{{dom}}/\");\n_http.DefaultRequestHeaders.Add(\"X-Api-Key\", \"{{S}}\");",
    lambda: hx(40), "new Uri(\"https://api.{{dom}}/\")")
src("python-pydantic-settings-default",
    "class Settings(BaseSettings):\n    veriff_api_key: str = \"{{uuid}}\"\n    veriff_shared_secret: str = \"{{S}}\"\n    model_config = SettingsConfigDict(env_prefix=\"KYC_\")",
    uid, "class Settings(BaseSettings):")
src("django-databases-dict",
    "DATABASES = {\n    \"default\": {\n        \"ENGINE\": \"django.db.backends.postgresql\",\n        \"NAME\": \"{{db}}\",\n        \"USER\": \"{{user}}\",\n        \"PASSWORD\": \"{{S}}\",\n        \"HOST\": \"{{host}}\",\n    }\n}",
    pw, "\"ENGINE\": \"django.db.backends.postgresql\"")
src("flask-app-config-secret",
    "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"{{S}}\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True",
    lambda: hx(48), "SESSION_COOKIE_SECURE")
src("express-session-secret",
    "app.use(session({\n  secret: '{{S}}',\n  resave: false,\n  saveUninitialized: false,\n  cookie: { secure: true, maxAge: 3600000 },\n}));",
    pw, "saveUninitialized: false")
src("laravel-services-env-fallback",
    "'mollie' => [\n    'key' => env('MOLLIE_KEY', '{{S}}'),\n    'webhook' => env('APP_URL').'/webhooks/mollie',\n],",
    lambda: "live_" + an(30), "'/webhooks/mollie'")
src("python-web3-private-key-constant",
    "w3 = Web3(Web3.HTTPProvider(RPC_URL))\nPRIVATE_KEY = \"0x{{S}}\"\nacct = w3.eth.account.from_key(PRIVATE_KEY)",
    lambda: hx(64), "Web3.HTTPProvider(RPC_URL)")
src("js-ethers-wallet-literal",
    "const provider = new ethers.JsonRpcProvider(process.env.RPC_URL);\nconst wallet = new ethers.Wallet('0x{{S}}', provider);",
    lambda: hx(64), "new ethers.JsonRpcProvider(process.env.RPC_URL)")
src("python-mnemonic-constant",
    "# hot wallet for the arbitrage bot\nMNEMONIC = \"{{S}}\"\nwallet = Bip44.FromSeed(Bip39SeedGenerator(MNEMONIC).Generate(), Bip44Coins.ETHEREUM)",
    mnemonic, "hot wallet for the arbitrage bot")
src("hardhat-config-accounts",
    "module.exports = {\n  solidity: '0.8.24',\n  networks: {\n    polygon: { url: process.env.POLYGON_RPC, accounts: ['{{S}}'] },\n  },\n};",
    lambda: "0x" + hx(64), "solidity: '0.8.24'")
src("python-telegram-bot-token",
    "from telegram.ext import ApplicationBuilder\napp = ApplicationBuilder().token(\"{{S}}\").build()  # price alert bot",
    tg_bot, "price alert bot")
src("python-discord-webhook-url",
    "FILLS_WEBHOOK = \"https://discord.com/api/webhooks/{{nn}}{{mid}}{{k}}/{{S}}\"\nrequests.post(FILLS_WEBHOOK, json={\"content\": f\"filled {side} {qty} {symbol}\"})",
    lambda: b64uc(68), "filled {side} {qty} {symbol}")
src("kotlin-okhttp-credentials-basic",
    "val credential = Credentials.basic(\"{{user}}\", \"{{S}}\")\nval request = Request.Builder().url(\"$base/payroll/runs\").header(\"Authorization\", credential).build()",
    pw, "/payroll/runs")
src("perl-dbi-connect",
    "my $dbh = DBI->connect(\"dbi:Pg:dbname={{db}};host={{host}}\", \"{{user}}\", \"{{S}}\", { RaiseError => 1 });",
    pw, "dbi:Pg:dbname={{db}}")
src("cobol-move-password-literal",
    "       WORKING-STORAGE SECTION.\n       01 WS-DB-USER      PIC X(08) VALUE 'GLBATCH'.\n       01 WS-DB-PASSWORD  PIC X(12) VALUE '{{S}}'.\n           EXEC SQL CONNECT :WS-DB-USER IDENTIFIED BY :WS-DB-PASSWORD END-EXEC.",
    lambda: up(10), "WS-DB-USER      PIC X(08) VALUE 'GLBATCH'")
src("python-dataclass-default-credentials",
    "@dataclass\nclass SftpTarget:\n    host: str = \"sftp.{{dom}}\"\n    username: str = \"{{user}}\"\n    password: str = \"{{S}}\"\n    remote_dir: str = \"/inbound/ach\"",
    pw, "remote_dir: str = \"/inbound/ach\"")
src("java-properties-setproperty",
    "Properties props = new Properties();\nprops.setProperty(\"mail.smtp.host\", \"smtp.{{dom}}\");\nprops.setProperty(\"mail.smtp.password\", \"{{S}}\");",
    pw, "props.setProperty(\"mail.smtp.host\"")
src("typescript-class-private-field",
    "export class KlarnaClient {\n  private readonly username = 'K{{nn}}_{{hx}}';\n  private readonly password = '{{S}}';\n  private readonly base = 'https://api.klarna.com';\n}",
    lambda: "klarna_live_api_" + b64uc(36), "private readonly base = 'https://api.klarna.com'")

# ================================================================ stack-trace-or-log
log("python-traceback-create-engine-line",
    "Traceback (most recent call last):\n  File \"/app/recon/jobs/close_day.py\", line {{line}}, in main\n    engine = create_engine(\"postgresql://{{user}}:{{S}}@{{host}}:5432/{{db}}\")\n  File \"/usr/local/lib/python3.11/site-packages/sqlalchemy/engine/create.py\", line 552, in create_engine\nsqlalchemy.exc.NoSuchModuleError: Can't load plugin: sqlalchemy.dialects:postgres",
    pwu, "sqlalchemy.exc.NoSuchModuleError")
log("java-exception-jdbc-url-password-param",
    "org.postgresql.util.PSQLException: FATAL: password authentication failed for user \"{{user}}\"\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\n\tat com.{{brand}}.ledger.Db.open(Db.java:{{line}}) url=jdbc:postgresql://{{host}}:5432/{{db}}?user={{user}}&password={{S}}&ssl=true",
    pwu, "ConnectionFactoryImpl.doAuthentication")
log("node-unhandled-rejection-config-dump",
    "(node:{{pid}}) UnhandledPromiseRejectionWarning: SequelizeConnectionError: connect ETIMEDOUT {{ip}}:5432\n    at Client._connectionCallback (/srv/app/node_modules/sequelize/lib/dialects/postgres/connection-manager.js:143:24)\n  config: { host: '{{host}}', port: 5432, username: '{{user}}', password: '{{S}}', database: '{{db}}' }",
    pw, "SequelizeConnectionError: connect ETIMEDOUT")
log("nginx-access-log-access-token-query",
    "{{ip}} - - [03/May/2024:10:{{mm}}:11 +0000] \"GET /api/v1/statements/export?format=csv&access_token={{S}} HTTP/1.1\" 200 48213 \"-\" \"python-requests/2.31.0\"",
    lambda: b64uc(43), "/api/v1/statements/export?format=csv")
log("apache-combined-log-api-key-query",
    "{{ip}} - - [12/Jun/2024:22:{{mm}}:05 +0200] \"POST /callback/ipn?merchant={{mid}}&key={{S}} HTTP/1.1\" 204 - \"-\" \"Mozilla/5.0 (compatible; PSP-IPN/2.1)\"",
    lambda: hx(40), "/callback/ipn?merchant={{mid}}")
log("json-log-outgoing-headers",
    '{"ts":"{{ts}}","level":"debug","logger":"http.client","msg":"outgoing request","method":"POST","url":"https://api.{{dom}}/v1/cards","headers":{"Authorization":"Bearer {{S}}","Content-Type":"application/json"}}',
    lambda: "lk_live_" + b64uc(40), '"logger":"http.client"')
log("kv-debug-log-api-secret",
    "{{ts}} DEBUG payouts.client request method=POST path=/v3/disbursements api_key_id=ak_{{hx}} api_secret={{S}} attempt=1",
    lambda: b64uc(44), "path=/v3/disbursements")
log("celery-task-received-args",
    "[{{ts}}: INFO/MainProcess] Task recon.tasks.sync_bank_sftp[{{uuid}}] received args=('sftp.{{dom}}', '{{user}}', '{{S}}') kwargs={'days': 3}",
    pw, "recon.tasks.sync_bank_sftp")
log("sidekiq-job-args-json",
    '{{ts}} pid={{pid}} tid=ov{{sha7}} class=EtsyListingSyncJob jid={{hx}} INFO: start args=[{"shop_id":{{mid}},"oauth_token":"{{S}}"}]',
    lambda: "%s.%s" % (dg(8), b64uc(50)), "class=EtsyListingSyncJob")
log("kafka-connect-sink-config-dump",
    "[{{ts}}] INFO JdbcSinkConfig values:\n\tconnection.url = jdbc:postgresql://{{host}}:5432/{{db}}\n\tconnection.user = {{user}}\n\tconnection.password = {{S}}\n\tinsert.mode = upsert",
    pw, "JdbcSinkConfig values:")
log("go-panic-mysql-dsn",
    "panic: dial tcp {{ip}}:3306: connect: connection refused (dsn=\"{{user}}:{{S}}@tcp({{host}}:3306)/{{db}}?parseTime=true\")\n\ngoroutine 1 [running]:\nmain.mustDB(...)\n\t/src/cmd/settle/main.go:{{line}} +0x1a5",
    pwu, "goroutine 1 [running]:")
log("ruby-faraday-error-url-key",
    "Faraday::UnauthorizedError (the server responded with status 401) url=https://api.{{dom}}/v2/rates?access_key={{S}}&base={{cur}}\n  app/services/fx_rates.rb:{{line}}:in `fetch!'",
    lambda: hx(32), "app/services/fx_rates.rb")
log("php-pdoexception-stack-args",
    "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '{{user}}'@'{{ip}}' (using password: YES) in /var/www/shop/lib/Db.php:{{line}}\nStack trace:\n#0 /var/www/shop/lib/Db.php({{line}}): PDO->__construct('mysql:host={{host}}...', '{{user}}', '{{S}}')\n#1 /var/www/shop/cron/sync_orders.php(12): Db::connect()",
    pw, "/var/www/shop/cron/sync_orders.php")
log("dotnet-exception-connection-string",
    "Unhandled exception. System.Data.SqlClient.SqlException (0x80131904): Login failed for user '{{user}}'.\n   at Payroll.Export.Program.Main(String[] args) in C:\\src\\Payroll.Export\\Program.cs:line {{line}}\nConnectionString: Server={{host}};Database=Payroll;User Id={{user}};Password={{S}};",
    pwu, "Payroll.Export.Program.Main")
log("journalctl-service-token-echo",
    "May 03 02:15:{{mm}} recon-01 recon-worker[{{pid}}]: starting nightly run bank=bunq token={{S}} dry_run=false",
    lambda: hx(64), "starting nightly run bank=bunq")
log("docker-build-log-build-arg",
    "#7 [builder 3/8] RUN echo \"//registry.npmjs.org/:_authToken={{S}}\" > .npmrc && npm ci\n#7 12.41 added 1288 packages in 11s",
    npm_tok, "added 1288 packages in 11s")
log("audit-log-api-key-created",
    '{"event":"api_key.created","actor":"{{email}}","org":"{{org}}","key_name":"reconciliation","key":"{{S}}","at":"{{ts}}"}',
    lambda: "rk_" + b64uc(32), '"key_name":"reconciliation"')
log("syslog-cron-command-pgpassword",
    "May  4 02:15:01 db-backup CRON[{{pid}}]: ({{user}}) CMD (PGPASSWORD={{S}} pg_dump -h {{host}} -Fc {{db}} > /backup/{{db}}.dump)",
    pwa, "db-backup CRON[{{pid}}]")
log("mysql-general-log-set-password",
    "{{ts}}\t   {{n}} Query\tALTER USER '{{user}}'@'%' IDENTIFIED BY '{{S}}'",
    pw, "Query\tALTER USER '{{user}}'@'%'")
log("postgres-log-statement-alter-role",
    "{{ts}} UTC [{{pid}}] postgres@{{db}} LOG:  statement: ALTER ROLE {{user}} PASSWORD '{{S}}';",
    pw, "LOG:  statement: ALTER ROLE {{user}}")
log("raw-http-request-dump-client-secret",
    "--- request ---\nPOST /oauth2/token HTTP/1.1\nHost: identity.xero.com\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=refresh_token&client_id={{hx}}{{cid}}&client_secret={{S}}&refresh_token=(elided)",
    lambda: b64uc(48), "Host: identity.xero.com")
log("haproxy-log-captured-cookie",
    "{{ip}}:{{port}} [03/May/2024:11:02:33.412] fe_https be_checkout/app{{k}} 0/0/1/38/39 200 5123 sid={{S}} - ---- 211/201/3/1/0 0/0 \"POST /checkout/confirm HTTP/1.1\"",
    lambda: b64uc(32), "POST /checkout/confirm")
log("cloudfront-log-signed-url-signature",
    "{{date}}\t10:14:22\tFRA56-C1\t18234\t{{ip}}\tGET\td{{lo}}.cloudfront.net\t/invoices/INV-{{nn}}.pdf\t200\t-\tMozilla/5.0\tExpires=1714731262&Signature={{S}}&Key-Pair-Id=K{{up}}",
    lambda: b64uc(172).replace("_", "~") + "__", "/invoices/INV-{{nn}}.pdf")
log("app-log-s3-presigned-url",
    "INFO  export.service  generated download link for seller {{mid}}: https://{{bucket}}.s3.amazonaws.com/payouts/{{mid}}/{{date}}.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={{akid}}%2F{{date}}%2F{{region}}%2Fs3%2Faws4_request&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature={{S}}",
    lambda: hx(64), "generated download link for seller {{mid}}")
log("gcs-v4-signed-url-in-log",
    "[worker-{{k}}] uploaded statement, link: https://storage.googleapis.com/{{bucket}}/stmts/{{uuid}}.pdf?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=exporter%40{{brand}}.iam.gserviceaccount.com%2F20240503%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240503T101500Z&X-Goog-Expires=600&X-Goog-SignedHeaders=host&X-Goog-Signature={{S}}",
    lambda: hx(512), "uploaded statement, link:")
log("azure-blob-sas-url-in-log",
    "{{ts}} WARN  BlobClient retrying GET https://st{{brand}}kyc.blob.core.windows.net/docs/{{uuid}}.jpg?sv=2022-11-02&ss=b&srt=o&sp=r&se=2024-05-04T10:00:00Z&sig={{S}} (attempt 2)",
    lambda: pct(b64(32)), "BlobClient retrying GET")
log("urllib3-debug-url-apikey",
    "DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): api.{{dom}}:443\nDEBUG:urllib3.connectionpool:https://api.{{dom}}:443 \"GET /v1/kyc/check?apikey={{S}}&ref={{hx}} HTTP/1.1\" 200 812",
    lambda: an(32), "Starting new HTTPS connection (1): api.{{dom}}:443")
log("log4j-login-failed-password-logged",
    "{{ts}} WARN  [http-nio-8443-exec-{{k}}] c.{{brand}}.auth.LoginService - login failed user={{email}} password={{S}} ip={{ip}}",
    pw, "c.{{brand}}.auth.LoginService - login failed")
log("winston-config-loaded",
    "info: config loaded {\"env\":\"production\",\"exchange\":\"okx\",\"okxSecret\":\"{{S}}\",\"okxPassphraseEnv\":\"OKX_PASSPHRASE\",\"timestamp\":\"{{ts}}\"}",
    lambda: HX(32), "\"okxPassphraseEnv\":\"OKX_PASSPHRASE\"")
log("pino-log-request-headers",
    '{"level":30,"time":{{nn}}{{mid}},"pid":{{pid}},"hostname":"api-{{sha7}}","req":{"method":"GET","url":"/v1/merchants/{{mid}}","headers":{"x-api-key":"{{S}}","user-agent":"okhttp/4.12.0"}},"msg":"incoming request"}',
    lambda: "mk_live_" + an(32), '"msg":"incoming request"')
log("logfmt-dsn-field",
    "time={{ts}} level=info msg=\"connecting to ledger\" dsn=\"postgres://{{user}}:{{S}}@{{host}}:5432/{{db}}?sslmode=require\" pool=20",
    pwu, "msg=\"connecting to ledger\"")
log("elixir-postgrex-error-options",
    "[error] Postgrex.Protocol (#PID<0.{{nn}}.0>) failed to connect: ** (Postgrex.Error) FATAL 28P01 (invalid_password)\n  opts: [hostname: \"{{host}}\", username: \"{{user}}\", password: \"{{S}}\", database: \"{{db}}\"]",
    pw, "Postgrex.Protocol")
log("redis-monitor-auth",
    "{{nn}}.{{mid}} [0 {{ip}}:{{port}}] \"AUTH\" \"default\" \"{{S}}\"\n{{nn}}.{{mid}} [0 {{ip}}:{{port}}] \"GET\" \"ratelimit:seller:{{mid}}\"",
    pwa, "\"GET\" \"ratelimit:seller:{{mid}}\"")
log("tcpdump-ascii-authorization-basic",
    "10:22:{{mm}}.{{nn}} IP {{ip}}.{{port}} > {{ip2}}.80: Flags [P.], length 231: HTTP: GET /legacy/settlement.csv HTTP/1.1\nE..{..@.@.........\nHost: legacy-psp.{{dom}}\nAuthorization: Basic {{S}}",
    _bas(), "GET /legacy/settlement.csv")
log("smtp-debug-auth-plain",
    "send: 'ehlo [{{ip}}]\\r\\n'\nreply: b'250-AUTH PLAIN LOGIN\\r\\n'\nsend: 'AUTH PLAIN {{S}}\\r\\n'\nreply: b'235 2.7.0 Authentication successful\\r\\n'",
    lambda: base64.b64encode(("\0invoices@%s\0%s" % (_dom(), pw())).encode()).decode(), "235 2.7.0 Authentication successful")
log("ftp-session-log-pass",
    "Status:\tConnecting to ftp.{{dom}}...\nCommand:\tUSER {{user}}\nResponse:\t331 Password required\nCommand:\tPASS {{S}}\nResponse:\t230 Logged on",
    pw, "Command:\tUSER {{user}}")
log("imap-login-trace",
    "C: a001 LOGIN ap-invoices@{{dom}} {{S}}\nS: a001 OK LOGIN completed\nC: a002 SELECT INBOX",
    pwa, "C: a002 SELECT INBOX")
log("ansible-vvv-module-args",
    "<{{ip}}> ESTABLISH SSH CONNECTION FOR USER: deploy\nchanged: [recon-01] => {\"changed\": true, \"invocation\": {\"module_args\": {\"name\": \"{{user}}\", \"password\": \"{{S}}\", \"state\": \"present\", \"db\": \"{{db}}\"}}}",
    pw, "ESTABLISH SSH CONNECTION FOR USER: deploy")
log("terraform-tf-log-request-header",
    "{{ts}} [DEBUG] provider.terraform-provider-datadog: HTTP Request: POST /api/v1/monitor HTTP/1.1\nHost: api.datadoghq.eu\nDd-Api-Key: {{S}}\nDd-Application-Key: (sensitive)",
    lambda: hx(32), "provider.terraform-provider-datadog")
log("botocore-debug-security-token",
    "{{ts}} botocore.endpoint [DEBUG] Making request for OperationModel(name=GetObject) with params: {'headers': {'X-Amz-Security-Token': '{{S}}', 'User-Agent': 'Boto3/1.34.0'}}",
    lambda: "IQoJb3JpZ2luX2VjE" + b64c(300) + "=", "OperationModel(name=GetObject)")
log("grpc-metadata-debug",
    "D{{nn}} 10:14:{{mm}}.{{nn2}} {{pid}} interceptor.go:{{line}}] grpc call /ledger.v1.Ledger/PostEntries metadata=map[authorization:[Bearer {{S}}] x-request-id:[{{uuid}}]]",
    lambda: jwt(), "/ledger.v1.Ledger/PostEntries")
log("jest-failure-env-snapshot",
    "  \u25cf payouts \u203a sends idempotency key\n\n    expect(received).toMatchSnapshot()\n    - Snapshot\n    + Received\n    -   \"apiKey\": \"[redacted]\",\n    +   \"apiKey\": \"{{S}}\",",
    lambda: "sk_live_" + hx(40), "sends idempotency key")
log("pytest-captured-log-payload",
    "----------------------------- Captured log call -----------------------------\nDEBUG    integrations.gusto:client.py:{{line}} POST /v1/companies/{{uuid}}/payrolls payload={'client_secret': '{{S}}', 'grant_type': 'refresh_token'}",
    lambda: b64uc(43), "integrations.gusto:client.py")
log("playwright-trace-fill-password",
    "pw:api => page.goto(\"https://sellercentral.amazon.com/ap/signin\") started\npw:api <= page.goto succeeded\npw:api => locator.fill(\"#ap_password\", \"{{S}}\") started\npw:api <= locator.fill succeeded",
    pw, "sellercentral.amazon.com/ap/signin")
log("puppeteer-console-type",
    "[scraper] {{time}} navigating https://seller.shopee.co.id/account/signin\n[scraper] {{time}} page.type('input[name=password]', '{{S}}')\n[scraper] {{time}} waiting for selector .shop-dashboard",
    pw, "seller.shopee.co.id/account/signin")
log("kyc-callback-log-token",
    "{{ts}} INFO kyc.webhooks  POST /hooks/onfido verified=true applicant={{uuid}} api_token_used={{S}}",
    lambda: "api_live." + b64uc(11) + "." + b64uc(32), "POST /hooks/onfido verified=true")
log("webhook-delivery-log-url-token",
    "delivery {{uuid}} -> https://hooks.{{dom}}/in/marketplace-orders?token={{S}} status=502 latency_ms=3011 retry_in=60s",
    lambda: an(40), "status=502 latency_ms=3011")
log("nginx-error-upstream-creds",
    "{{date}} 03:11:{{mm}} [error] {{pid}}#0: *{{nn}} upstream timed out (110: Connection timed out) while reading response header from upstream, client: {{ip}}, server: pay.{{dom}}, upstream: \"http://{{user}}:{{S}}@{{ip2}}:8080/api/capture\"",
    pwu, "upstream timed out (110: Connection timed out)")
log("spring-configprops-unmasked",
    '"ebayProperties": {\n  "prefix": "ebay",\n  "properties": {\n    "appId": "{{co}}-Seller-PRD-{{hx}}",\n    "certId": "{{S}}",\n    "ruName": "{{co}}-{{co}}Sel-{{up}}"\n  }\n}',
    lambda: "PRD-%s-%s-%s-%s-%s" % (hx(12), hx(4), hx(4), hx(4), hx(4)), '"prefix": "ebay"')
log("laravel-log-context-array",
    "[{{date}} 09:41:{{mm}}] production.ERROR: Payment gateway timeout {\"gateway\":\"midtrans\",\"server_key\":\"{{S}}\",\"order_id\":\"ORD-{{nn}}\"}",
    lambda: "Mid-server-" + b64uc(24), "production.ERROR: Payment gateway timeout")
log("rails-parameters-unfiltered-field",
    "Started POST \"/admin/integrations\" for {{ip}} at {{date}} 10:12:{{mm}} +0000\nProcessing by Admin::IntegrationsController#create as HTML\n  Parameters: {\"integration\"=>{\"provider\"=>\"avalara\", \"account_id\"=>\"{{mid}}\", \"license_key\"=>\"{{S}}\"}, \"authenticity_token\"=>\"[FILTERED]\"}",
    lambda: HX(16), "Admin::IntegrationsController#create")
log("go-log-amqp-url",
    "{{date}} 10:{{mm}}:31 settlement-consumer: connecting to amqp://{{user}}:{{S}}@{{host}}:5672/payments",
    pwu, "settlement-consumer: connecting to")
log("bash-xtrace-export-token",
    "+ export WISE_PROFILE={{mid}}\n+ WISE_PROFILE={{mid}}\n+ export WISE_TOKEN={{S}}\n+ WISE_TOKEN={{S}}\n+ python -m payouts.wise --batch today",
    uid, "python -m payouts.wise --batch today")
log("bash-xtrace-curl-token-header",
    "+ curl -fsS -X POST https://api.{{dom}}/v1/ledger/close -H 'Authorization: Token {{S}}' -d period={{date}}\ncurl: (22) The requested URL returned error: 409",
    lambda: hx(40), "curl: (22) The requested URL returned error: 409")
log("supervisord-stderr-connection-url",
    "2024-05-03 02:00:{{mm}},{{nn}} INFO spawned: 'fx-feed' with pid {{pid}}\nfx-feed stderr: ConnectionError: could not reach redis://:{{S}}@{{host}}:6379/4",
    pwu, "spawned: 'fx-feed' with pid {{pid}}")
log("pandas-read-sql-error",
    "  File \"notebooks/month_end.py\", line {{line}}, in <module>\n    df = pd.read_sql(q, \"mssql+pyodbc://{{user}}:{{S}}@{{host}}/Accounting?driver=ODBC+Driver+18+for+SQL+Server\")\npyodbc.OperationalError: ('08001', '[08001] TCP Provider: Error code 0x2749')",
    pwu, "notebooks/month_end.py")
log("sentry-breadcrumb-http-data",
    '"breadcrumbs": [{"category": "httplib", "data": {"method": "POST", "url": "https://api.sumsub.com/resources/accessTokens?userId={{uuid}}", "headers": {"X-App-Token": "prd:{{S}}"}}, "level": "info"}]',
    lambda: b64uc(48), '"category": "httplib"')
log("uwsgi-request-log-signature",
    "[pid: {{pid}}|app: 0|req: {{nn}}/{{nn2}}] {{ip}} () {48 vars in 912 bytes} [{{date}}] GET /download/report/{{uuid}}?expires=1714740000&signature={{S}} => generated 0 bytes in 3 msecs (HTTP/1.1 403)",
    lambda: hx(64), "/download/report/{{uuid}}")
log("win-event-log-runas-password",
    "Process Command Line: \"C:\\Program Files\\Sage\\Sage50\\SageExport.exe\" /server:{{host}} /user:SageBatch /pass:{{S}} /company:\"{{co}} Ltd\"",
    pw, "SageExport.exe")
log("stripe-node-error-with-raw-key-echo",
    "StripeAuthenticationError: Invalid API Key provided: {{S}}\n    at res.toJSON.then.StripeAPIError.message (/srv/app/node_modules/stripe/cjs/RequestSender.js:{{line}}:31)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
    lambda: "sk_live_" + an(24), "StripeAuthenticationError: Invalid API Key provided")
log("csv-import-log-row-with-password",
    "WARN importer row {{nn}}: unknown column 'pwd' in users_import.csv -> {\"email\": \"{{email}}\", \"pwd\": \"{{S}}\", \"role\": \"accountant\"}",
    pw, "unknown column 'pwd' in users_import.csv")
log("k8s-event-image-pull-with-creds",
    "Warning  Failed  12s  kubelet  Failed to pull image \"registry.{{dom}}/payments/ledger:{{sha7}}\": pull access denied, repository does not exist or may require 'docker login' (user=robot-deploy, pass={{S}})",
    lambda: an(32), "Failed to pull image")
log("airflow-task-log-uri-printed",
    "[{{date}}, 02:00:{{mm}} UTC] {month_end.py:{{line}}} INFO - using warehouse uri=snowflake://DBT_FIN:{{S}}@{{brand}}-eu1/ANALYTICS/FINANCE?warehouse=FIN_WH\n[{{date}}, 02:00:{{mm}} UTC] {taskinstance.py:1138} INFO - Marking task as SUCCESS.",
    pwu, "Marking task as SUCCESS.")
log("android-logcat-okhttp-header",
    "05-03 10:14:{{mm}}.{{nn}} {{pid}} {{pid2}} D OkHttp  : --> POST https://api.{{dom}}/v1/payouts/quote\n05-03 10:14:{{mm}}.{{nn}} {{pid}} {{pid2}} D OkHttp  : Authorization: Bearer {{S}}\n05-03 10:14:{{mm}}.{{nn}} {{pid}} {{pid2}} D OkHttp  : --> END POST (212-byte body)",
    lambda: "sk_app_" + b64uc(36), "--> END POST (212-byte body)")
log("fluentd-record-with-password",
    "{{ts}} app.auth: {\"message\":\"seller signup\",\"seller_email\":\"{{email}}\",\"password\":\"{{S}}\",\"marketplace\":\"MLM\"}",
    pw, "\"message\":\"seller signup\"")
log("iis-w3c-log-query-apikey",
    "{{date}} 10:21:{{mm}} W3SVC1 {{ip}} GET /api/invoices.aspx customer={{nn}}&apikey={{S}} 443 - {{ip2}} Mozilla/5.0 - 200 0 0 {{nn2}}",
    lambda: UID().replace("-", ""), "W3SVC1 {{ip}} GET /api/invoices.aspx")
log("python-logging-repr-of-config",
    "{{ts}} INFO bot.main Loaded settings: Settings(exchange='bitstamp', pair='btceur', api_key_env='BITSTAMP_KEY', api_secret='{{S}}', max_order_eur=500)",
    lambda: an(32), "Loaded settings: Settings(exchange='bitstamp'")

# ================================================================ note-or-chat
chat("slack-handover-db-password-en",
    "@{{name}} heads up before I log off: prod recon DB is {{host}}, user {{user}}, pw {{S}} (rotating Friday, don't paste it anywhere else pls)",
    pw, "prod recon DB is {{host}}")
chat("chat-es-mercadolibre-password",
    "{{name}}: Oye {{name2}}, la contraseña de la cuenta de vendedor de Mercado Libre es {{S}} \u2014 no la compartas con la agencia, porfa",
    pw, "la cuenta de vendedor de Mercado Libre")
chat("chat-pt-br-gateway-senha",
    "[{{time}}] {{name}}: segue a senha do painel do PagSeguro pra você conferir os repasses: {{S}}\n[{{time2}}] {{name2}}: valeu! entrei aqui",
    pw, "conferir os repasses")
chat("chat-de-bank-sftp-passwort",
    "{{name}}: Das Passwort für den SFTP-Zugang der Bank (Kontoauszüge MT940) lautet {{S}}. Benutzer ist {{user}}.",
    pw, "Kontoauszüge MT940")
chat("chat-fr-qonto-mot-de-passe",
    "{{name}} : le mot de passe du compte Qonto pour l'export compta c'est {{S}} \u2014 pense à activer la 2FA après",
    pw, "pour l'export compta")
chat("chat-it-satispay-password",
    "{{name}}: ciao! la password dell'account business Satispay è {{S}}, l'utente è amministrazione@{{dom}}",
    pw, "l'utente è amministrazione@{{dom}}")
chat("chat-nl-mollie-wachtwoord",
    "{{name}}: het wachtwoord voor het Mollie dashboard is {{S}} (gebruiker: finance@{{dom}}). Graag niet in Notion zetten.",
    pw, "gebruiker: finance@{{dom}}")
chat("chat-pl-przelewy24-haslo",
    "{{name}}: hasło do panelu Przelewy24 to {{S}} \u2014 login: {{user}}. Zmień po audycie.",
    pw, "Zmień po audycie.")
chat("chat-tr-iyzico-sifre",
    "{{name}}: iyzico merchant paneli şifresi: {{S}} \u2014 kullanıcı adı muhasebe@{{dom}}, yarın değiştiririz",
    pw, "kullanıcı adı muhasebe@{{dom}}")
chat("chat-ru-yookassa-parol",
    "{{name}}: пароль от личного кабинета ЮKassa: {{S}}\nлогин тот же, что и в прошлый раз (buh@{{dom}})",
    pw, "логин тот же")
chat("chat-ja-payjp-secret-key",
    "{{name}}さん、PAY.JPの本番シークレットキーは {{S}} です。テスト用とは別なので注意してください。",
    lambda: "sk_live_" + hx(48), "テスト用とは別なので注意してください")
chat("chat-zh-alipay-merchant-password",
    "{{name}}：支付宝商户后台的登录密码是 {{S}} ，账号是 finance@{{dom}}，用完记得告诉我改掉。",
    pw, "账号是 finance@{{dom}}")
chat("chat-ko-toss-secret-key",
    "{{name}}: 토스페이먼츠 라이브 시크릿 키 공유드려요 \u2192 {{S}} \uc815\uc0b0 API에서만 쓰세요!",
    lambda: "live_sk_" + an(24), "토스페이먼츠 라이브 시크릿 키")
chat("chat-id-xendit-password",
    "{{name}}: Mas, password dashboard Xendit yang baru: {{S}}\nusername tetap {{email}} ya",
    pw, "username tetap {{email}} ya")
chat("chat-vi-vnpay-mat-khau",
    "{{name}}: mật khẩu tài khoản VNPay merchant là {{S}}, tài khoản là ketoan@{{dom}}. Đổi sau khi đối soát xong nhé.",
    pw, "Đổi sau khi đối soát xong nhé.")
chat("chat-th-omise-password",
    "{{name}}: รหัสผ่าน Omise dashboard คือ {{S}} ครับ ใช้บัญชี acc@{{dom}}",
    pw, "ใช้บัญชี acc@{{dom}}")
chat("chat-hi-razorpay-key-secret",
    "{{name}}: Razorpay ka live key secret {{S}} hai, key id rzp_live_{{lo}} ke saath use karna. Kisi ko forward mat karna \U0001f64f",
    lambda: an(24), "Kisi ko forward mat karna")
chat("chat-ar-password",
    "{{name}}: كلمة المرور لحساب بوابة الدفع هي {{S}} \u2014 اسم المستخدم finance@{{dom}}",
    pw, "اسم المستخدم finance@{{dom}}")
chat("chat-sv-klarna-losenord",
    "{{name}}: lösenordet till Klarna-portalen är {{S}}, användare ekonomi@{{dom}}. Byt det efter bokslutet!",
    pw, "Byt det efter bokslutet!")
chat("chat-tl-paymongo-password",
    "{{name}}: uy {{name2}}, yung password sa PayMongo dashboard ay {{S}} \u2014 pakipalitan mo na lang pagkatapos ng recon",
    pw, "pakipalitan mo na lang pagkatapos ng recon")
chat("chat-ms-billplz-kata-laluan",
    "{{name}}: kata laluan akaun Billplz ialah {{S}}. ID pengguna: akaun@{{dom}}",
    pw, "ID pengguna: akaun@{{dom}}")
chat("chat-cs-fio-heslo",
    "{{name}}: heslo do internetového bankovnictví Fio pro firmu je {{S}}, token k API ti pošlu zvlášť",
    pw, "token k API ti pošlu zvlášť")
chat("chat-sw-mpesa-daraja-secret",
    "{{name}}: Consumer secret ya Daraja (M-Pesa) ni {{S}} \u2014 consumer key iko kwenye vault tayari.",
    lambda: an(16), "consumer key iko kwenye vault tayari")
chat("chat-uk-monobank-token",
    "{{name}}: токен monobank API для виписок: {{S}} (тільки читання)",
    lambda: "u" + b64uc(43), "тільки читання")
chat("chat-he-password",
    "{{name}}: הסיסמה לממשק של חברת הסליקה היא {{S}} , שם משתמש finance@{{dom}}",
    pw, "שם משתמש finance@{{dom}}")
chat("chat-el-password",
    "{{name}}: ο κωδικός για το Viva Wallet είναι {{S}} \u2014 μην τον στείλεις στο email",
    pw, "μην τον στείλεις στο email")
chat("chat-ro-parola",
    "{{name}}: parola pentru contul Netopia e {{S}}, utilizator contabilitate@{{dom}}",
    pw, "utilizator contabilitate@{{dom}}")
chat("chat-fi-salasana",
    "{{name}}: Paytrailin hallintapaneelin salasana on {{S}} \u2014 vaihda se kun olet tarkistanut tilitykset",
    pw, "kun olet tarkistanut tilitykset")
chat("chat-da-adgangskode",
    "{{name}}: adgangskoden til e-conomic er {{S}} (bruger: bogholderi@{{dom}})",
    pw, "bruger: bogholderi@{{dom}}")
chat("chat-es-ar-clave-fiscal-afip",
    "{{name}}: che, la clave fiscal de AFIP de la SRL es {{S}}, CUIT 30-{{mid}}-{{k}}. La necesito para bajar las facturas.",
    pw, "La necesito para bajar las facturas.")
chat("chat-es-mx-ciec-sat",
    "{{name}}: La CIEC del SAT para descargar los CFDI es {{S}} \u2014 RFC {{up}}. Porfa no la guardes en el drive.",
    pwa, "para descargar los CFDI")
chat("chat-pt-br-certificado-a1-senha",
    "{{name}}: o certificado A1 (e-CNPJ) tá na pasta fiscal/certificados e a senha do .pfx é {{S}}",
    pw, "fiscal/certificados")
chat("chat-en-in-gst-portal-password",
    "{{name}}: GST portal login for filing GSTR-3B \u2192 username {{user}}_gst, password {{S}}. OTP comes to the CA's phone.",
    pw, "OTP comes to the CA's phone.")
chat("agent-running-notes-staging-creds",
    "## Notes\n- staging backoffice: https://backoffice.staging.{{dom}}\n- creds: {{user}} / {{S}}\n- payouts page 500s when currency={{cur}}",
    pw, "payouts page 500s when currency={{cur}}")
chat("agent-goal-with-webhook-secret",
    "GOAL: make /webhooks/stripe stop returning 400. Signature check uses the endpoint secret {{S}} from the dashboard; verify it matches STRIPE_WEBHOOK_SECRET in the pod.",
    whsec, "make /webhooks/stripe stop returning 400")
chat("decision-log-keep-old-key",
    "DECISION {{date}}: keep the old Braintree private key {{S}} active until all POS terminals are migrated (ETA 2 weeks). Owner: {{name}}.",
    lambda: hx(32), "until all POS terminals are migrated")
chat("standup-notes-markdown-rotated-key",
    "### Standup {{date}}\n- {{name}}: rotated the Alpaca live key; new secret is {{S}} (already in the bot's .env)\n- {{name2}}: still chasing the 0.01 rounding diff in FX recon",
    lambda: an(40), "still chasing the 0.01 rounding diff")
chat("email-pasted-api-credentials",
    "From: onboarding@{{dom}}\nSubject: Your production API credentials\n\nHello {{name}},\n\nYour merchant account {{mid}} is live.\nAPI Login ID: {{up}}\nTransaction Key: {{S}}\n\nKeep these credentials confidential.",
    lambda: an(16), "Your merchant account {{mid}} is live.")
chat("jira-comment-repro-token",
    "{{ticket}} \u2014 comment by {{name}}:\nRepro: `curl -H \"Authorization: Bearer {{S}}\" https://api.{{dom}}/v1/disputes/{{hx}}` returns 500 when the dispute has no evidence.",
    lambda: "dsp_" + b64uc(40), "returns 500 when the dispute has no evidence")
chat("teams-label-then-value-next-line",
    "{{name}} {{time}}\ncreds for the Shopee sandbox:\npartner_id 1000{{nn}}\npartner key (next line)\n{{S}}",
    lambda: hx(64), "partner_id 1000{{nn}}")
chat("discord-bot-token-paste",
    "{{name}}: bot's not posting fills anymore, here's the token if you wanna test locally: {{S}}",
    lambda: "MT" + b64uc(24) + "." + b64uc(6) + "." + b64uc(38), "bot's not posting fills anymore")
chat("whatsapp-export-line-senha",
    "[{{date}}, {{time}}:12] {{name}}: senha do banco (conta PJ): {{S}}\n[{{date}}, {{time}}:40] {{name2}}: ok recebido",
    pw, "ok recebido")
chat("telegram-emoji-api-secret",
    "\U0001f916 {{name}}: новый ключ для бота на Bybit \u2014 secret {{S}} \u26a0\ufe0f не кидай в общий чат",
    lambda: an(36), "не кидай в общий чат")
chat("unlabeled-obvious-lockout-complaint",
    "{{name}}: lol I keep typing {{S}} into the staging login and it says account locked. did someone change it?",
    pw, "it says account locked")
chat("unlabeled-login-slash-pair-next-line",
    "Metabase (finance dashboards):\n{{email}} / {{S}}",
    pw, "Metabase (finance dashboards):")
chat("handover-doc-markdown-table",
    "| service | login | password | notes |\n|---|---|---|---|\n| Avalara AvaTax | {{email}} | {{S}} | US sales tax, nexus in 14 states |\n| TaxJar | (SSO) | \u2014 | |",
    pw, "US sales tax, nexus in 14 states")
chat("password-manager-csv-export-row",
    "name,url,username,password,note\nEtsy shop,https://www.etsy.com/signin,{{email}},{{S}},shared with VA",
    pwu, "https://www.etsy.com/signin")
chat("todo-list-rotate-leaked-key",
    "- [x] revoke webhook in #general\n- [ ] rotate Kraken key (old private key {{S}} leaked in #general)\n- [ ] add pre-commit secret scanning",
    lambda: b64(64), "add pre-commit secret scanning")
chat("agent-summary-credentials-used",
    "Summary: I logged into the Xero developer portal with the credentials you gave me (user `{{email}}`, password `{{S}}`) and created the app \"recon-sync\".",
    pw, "created the app \"recon-sync\"")
chat("code-review-comment-do-not-commit",
    "{{name}} commented on `config/prod.py` line {{line}}:\n> nit: please don't commit `{{S}}`, move it to Secrets Manager under prod/payments/checkout",
    lambda: "sk_live_" + an(24), "move it to Secrets Manager under prod/payments/checkout")
chat("voice-memo-transcript-passphrase",
    "[transcript] okay so the vault unseal passphrase for the DR site is {{S}} all lowercase, I'll say it again tomorrow in the call",
    phrase, "for the DR site")
chat("incident-postmortem-leaked-key",
    "## Postmortem: leaked live key ({{date}})\nImpact: key `{{S}}` was visible in a public gist for ~3h. No fraudulent charges detected.\nAction items: rotate, add gitleaks to CI.",
    rk_live, "No fraudulent charges detected.")
chat("audit-finding-hardcoded-credential",
    "Finding {{k}} (High): hardcoded credential `{{S}}` found in invoice-service/src/main/resources/application.yml (datasource.password). Remediation owner: {{name}}.",
    pw, "invoice-service/src/main/resources/application.yml")
chat("pci-saq-evidence-note",
    "PCI DSS 8.3.1 evidence: runbook RB-{{nn}} contains a cleartext service password ({{S}}) for the tokenization vault admin. Flagged for removal.",
    pw, "Flagged for removal.")
chat("2fa-backup-codes-paste",
    "{{name}}: recovery codes for the Coinbase Prime admin (store in the safe, NOT here):\n{{S}}",
    lambda: " ".join("%s-%s" % (lo(4), lo(4)) for _ in range(8)), "recovery codes for the Coinbase Prime admin")
chat("otpauth-uri-totp-seed",
    "{{name}}: add this to your authenticator for the shared Kraken account: otpauth://totp/Kraken:{{email}}?secret={{S}}&issuer=Kraken",
    lambda: b32(32), "add this to your authenticator")
chat("seed-phrase-in-chat",
    "{{name}}: backup seed for the treasury hot wallet (12 words): {{S}} \u2014 I'll delete this message in 5 min",
    mnemonic, "I'll delete this message in 5 min")
chat("line-message-ja-password",
    "{{name}}\n楽天RMSのログインパスワード：{{S}}\nIDはいつもの共有アカウントです",
    pw, "IDはいつもの共有アカウントです")
chat("kakaotalk-ko-password",
    "[{{name}}] [오후 {{time}}] 쿠팡 윙 비밀번호 {{S}} 입니다. 정산 내역 확인 부탁드려요",
    pw, "정산 내역 확인 부탁드려요")
chat("wechat-zh-api-key",
    "{{name}}: 微信支付 APIv3 密钥：{{S}}，商户号 {{mid}}，别发到群里",
    lambda: an(32), "商户号 {{mid}}")
chat("creds-abbrev-colon-pair",
    "creds: payroll_admin:{{S}} (Gusto sandbox, expires when the demo company is reset)",
    pwu, "Gusto sandbox")
chat("pw-abbrev-short-note",
    "gusto sandbox pw {{S}} \u2014 demo company {{co}} Bakery",
    pw, "demo company {{co}} Bakery")
chat("pass-abbrev-sticky",
    "sticky note on monitor: 'QuickBooks pass: {{S}}' (photo in #finance-ops, asked them to take it down)",
    pw, "asked them to take it down")
chat("chat-pasted-env-block",
    "{{name}}: here's my .env so you can run it:\n```\nSHOP_DOMAIN={{shop}}.myshopify.com\nSHOPIFY_API_SECRET={{S}}\nSCOPES=read_orders,write_fulfillments\n```",
    lambda: "shpss_" + hx(32), "SCOPES=read_orders,write_fulfillments")
chat("chat-quoted-reply-secret",
    "> PAYPAL_CLIENT_SECRET={{S}}\n{{name}}: is this the live one or sandbox? the IDs look the same",
    lambda: "E" + b64uc(79), "is this the live one or sandbox?")
chat("notion-runbook-export",
    "# Runbook: monthly VAT OSS filing\n1. Log into the tax portal (user `{{user}}`, password `{{S}}`)\n2. Download the Q{{q}} OSS return\n3. Reconcile against Shopify + Etsy exports",
    pw, "Reconcile against Shopify + Etsy exports")
chat("support-macro-temporary-password",
    "Hi {{name}}, we've reset access to your seller dashboard. Use the temporary password {{S}} to sign in; you'll be asked to choose a new one.",
    pw, "we've reset access to your seller dashboard")
chat("sms-forward-temp-password",
    "Fwd SMS from ShopeeSeller: Mat khau tam thoi cua ban la {{S}}. Khong chia se ma nay voi bat ky ai.",
    lambda: an(10), "Fwd SMS from ShopeeSeller")
chat("chat-hu-jelszo",
    "{{name}}: a Barion fiók jelszava {{S}} \u2014 a felhasználó penzugy@{{dom}}",
    pw, "a felhasználó penzugy@{{dom}}")
chat("chat-no-passord",
    "{{name}}: passordet til Vipps-portalen er {{S}} (bruker regnskap@{{dom}}), bytt etter årsoppgjøret",
    pw, "bytt etter årsoppgjøret")
chat("chat-yo-ng-paystack-key",
    "{{name}}: Abeg, na the Paystack live secret be this: {{S}} \u2014 no put am for GitHub o",
    lambda: "sk_live_" + hx(40), "no put am for GitHub o")
chat("chat-pt-pt-multibanco-password",
    "{{name}}: a palavra-passe do backoffice da SIBS é {{S}}, utilizador {{user}}. Muda-a depois do fecho do mês.",
    pw, "Muda-a depois do fecho do mês.")

# ================================================================ ci-and-deploy
ci("github-actions-env-hardcoded",
    "name: nightly-recon\non:\n  schedule:\n    - cron: '15 2 * * *'\njobs:\n  recon:\n    runs-on: ubuntu-latest\n    env:\n      RECON_DB_URL: ${{ secrets.RECON_DB_URL }}\n      PLAID_SECRET: {{S}}\n    steps:\n      - uses: actions/checkout@v4",
    lambda: hx(30), "name: nightly-recon")
ci("gitlab-ci-variables-hardcoded",
    "variables:\n  DOCKER_DRIVER: overlay2\n  SONAR_HOST_URL: https://sonar.{{dom}}\n  SONAR_TOKEN: {{S}}\n\nsonarqube-check:\n  stage: test\n  script: sonar-scanner",
    lambda: "squ_" + hx(40), "SONAR_HOST_URL: https://sonar.{{dom}}")
ci("circleci-environment-block",
    "jobs:\n  deploy:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      TWILIO_ACCOUNT_SID: AC{{md5}}\n      TWILIO_AUTH_TOKEN: {{S}}\n    steps:\n      - checkout",
    lambda: hx(32), "image: cimg/python:3.12")
ci("jenkinsfile-withenv-literal",
    "stage('Migrate') {\n  steps {\n    withEnv([\"FLYWAY_USER={{user}}\", \"FLYWAY_PASSWORD={{S}}\"]) {\n      sh './gradlew flywayMigrate -Penv=prod'\n    }\n  }\n}",
    pw, "./gradlew flywayMigrate -Penv=prod")
ci("jenkins-console-docker-login",
    "[Pipeline] sh\n+ docker login -u svc-jenkins -p {{S}} nexus.{{dom}}:8443\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
    pw, "Using --password via the CLI is insecure")
ci("azure-pipelines-variables",
    "trigger:\n  - main\nvariables:\n  buildConfiguration: Release\n  nugetFeedPassword: {{S}}\npool:\n  vmImage: windows-latest",
    lambda: lo(52), "buildConfiguration: Release")
ci("bitbucket-pipelines-step-script",
    "pipelines:\n  branches:\n    main:\n      - step:\n          name: Deploy to Heroku\n          script:\n            - git push https://heroku:{{S}}@git.heroku.com/{{shop}}-api.git HEAD:main",
    uid, "name: Deploy to Heroku")
ci("travis-env-global-plain",
    "language: node_js\nnode_js: 20\nenv:\n  global:\n    - CODECOV_TOKEN={{uuid}}\n    - NPM_TOKEN={{S}}\ndeploy:\n  provider: npm",
    npm_tok, "provider: npm")
ci("drone-yml-environment",
    "kind: pipeline\nname: default\nsteps:\n  - name: publish\n    image: plugins/docker\n    settings:\n      repo: {{org}}/settlement-api\n      username: {{user}}\n      password: {{S}}",
    pw, "repo: {{org}}/settlement-api")
ci("buildkite-pipeline-env",
    "env:\n  SENTRY_AUTH_TOKEN: \"{{S}}\"\nsteps:\n  - label: \":rocket: release\"\n    command: \"scripts/release.sh\"",
    lambda: "sntrys_" + b64c(120), "scripts/release.sh")
ci("dockerfile-env-secret",
    "FROM python:3.12-slim\nWORKDIR /app\nENV PYTHONUNBUFFERED=1\nENV KYC_VENDOR_API_KEY={{S}}\nCOPY . .\nCMD [\"gunicorn\", \"kyc.wsgi\"]",
    lambda: "kyc_live_" + an(32), "CMD [\"gunicorn\", \"kyc.wsgi\"]")
ci("dockerfile-arg-default-token",
    "FROM node:20-alpine AS deps\nARG NPM_TOKEN={{S}}\nRUN echo \"//npm.pkg.github.com/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci && rm .npmrc",
    ghp, "FROM node:20-alpine AS deps")
ci("ci-log-docker-build-arg-echo",
    "Step 4/11 : ARG PIP_EXTRA_INDEX_URL=https://{{user}}:{{S}}@pkgs.{{dom}}/simple\n ---> Running in {{hx}}\nStep 5/11 : RUN pip install -r requirements.txt",
    pwu, "RUN pip install -r requirements.txt")
ci("k8s-deployment-env-value-literal",
    "      containers:\n        - name: fraud-scorer\n          image: registry.{{dom}}/risk/fraud-scorer:{{ver}}\n          env:\n            - name: SIFT_API_KEY\n              value: \"{{S}}\"\n            - name: MODEL_VERSION\n              value: \"v{{k}}\"",
    lambda: hx(16), "name: fraud-scorer")
ci("kustomize-secretgenerator-literals",
    "secretGenerator:\n  - name: alloy-credentials\n    literals:\n      - ALLOY_TOKEN={{tok}}\n      - ALLOY_SECRET={{S}}\ngeneratorOptions:\n  disableNameSuffixHash: true",
    lambda: {"S": an(32), "tok": "see-sealed-secret"}, "name: alloy-credentials")
ci("argocd-repo-secret-password",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-finance-charts\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://git.{{dom}}/finance/charts.git\n  username: argocd\n  password: {{S}}",
    glpat, "argocd.argoproj.io/secret-type: repository")
ci("terraform-aws-db-instance-password",
    'resource "aws_db_instance" "ledger" {\n  identifier        = "ledger-prod"\n  engine            = "postgres"\n  instance_class    = "db.r6g.large"\n  username          = "ledger_admin"\n  password          = "{{S}}"\n  storage_encrypted = true\n}',
    pw, 'identifier        = "ledger-prod"')
ci("terraform-variable-default-secret",
    'variable "marqeta_app_token" {\n  type      = string\n  sensitive = true\n  default   = "{{S}}"\n}',
    uid, 'variable "marqeta_app_token"')
ci("pulumi-stack-config-plain",
    "config:\n  aws:region: {{region}}\n  payments:stripeWebhookSecret: {{S}}\n  payments:secureValue:\n    secure: v1:{{b}}",
    lambda: {"S": whsec(), "b": b64(48)}, "aws:region: {{region}}")
ci("ansible-inventory-become-pass",
    "[recon]\nrecon-01.{{dom}} ansible_user=deploy ansible_become_pass={{S}}\nrecon-02.{{dom}} ansible_user=deploy",
    pw, "[recon]")
ci("cloud-init-chpasswd",
    "#cloud-config\nchpasswd:\n  expire: false\n  users:\n    - name: recon\n      password: {{S}}\n      type: text\npackages: [postgresql-client, python3-pip]",
    pw, "#cloud-config")
ci("packer-json-variables",
    '{\n  "variables": {\n    "aws_region": "{{region}}",\n    "winrm_password": "{{S}}"\n  },\n  "builders": [{"type": "amazon-ebs", "communicator": "winrm"}]\n}',
    pw, '"communicator": "winrm"')
ci("fly-toml-env-section",
    "app = \"{{shop}}-payments\"\nprimary_region = \"gru\"\n\n[env]\n  MP_PUBLIC_KEY = \"APP_USR-{{uuid}}\"\n  MP_ACCESS_TOKEN = \"{{S}}\"",
    lambda: "APP_USR-%s-%s-%s-%s" % (dg(16), dg(6), hx(32), dg(9)), "primary_region = \"gru\"")
ci("render-yaml-envvars-value",
    "services:\n  - type: web\n    name: invoice-api\n    env: node\n    envVars:\n      - key: INVOICE_NINJA_TOKEN\n        value: {{S}}\n      - key: NODE_ENV\n        value: production",
    lambda: an(64), "name: invoice-api")
ci("gae-app-yaml-env-variables",
    "runtime: python312\nentrypoint: gunicorn -b :$PORT main:app\nenv_variables:\n  GCS_BUCKET: {{bucket}}\n  DLOCAL_SECRET_KEY: \"{{S}}\"",
    lambda: an(40), "entrypoint: gunicorn -b :$PORT main:app")
ci("vercel-json-env",
    '{\n  "buildCommand": "pnpm build",\n  "env": {\n    "NEXT_PUBLIC_CHECKOUT_URL": "https://checkout.{{dom}}",\n    "LEMON_SQUEEZY_API_KEY": "{{S}}"\n  }\n}',
    lambda: jwt(alg="RS256"), '"buildCommand": "pnpm build"')
ci("netlify-toml-context-env",
    "[build]\n  command = \"npm run build\"\n\n[context.production.environment]\n  SNIPCART_SECRET = \"{{S}}\"\n  SITE_ENV = \"production\"",
    lambda: "ST_" + b64uc(44), "[context.production.environment]")
ci("github-actions-run-inline-curl",
    "      - name: Notify finance\n        run: |\n          curl -X POST -H 'Content-type: application/json' \\\n            --data '{\"text\":\"Payout batch ${{ github.run_id }} deployed\"}' \\\n            https://hooks.slack.com/services/T{{up}}/B{{up2}}/{{S}}",
    lambda: an(24), "name: Notify finance")
ci("gitlab-job-log-private-token",
    "$ curl --fail --header \"PRIVATE-TOKEN: {{S}}\" --upload-file dist/recon-{{ver}}.tar.gz \"https://gitlab.{{dom}}/api/v4/projects/{{nn}}/packages/generic/recon/{{ver}}/recon.tar.gz\"\n{\"message\":\"201 Created\"}",
    glpat, "{\"message\":\"201 Created\"}")
ci("docker-compose-prod-yml",
    "version: \"3.9\"\nservices:\n  worker:\n    image: {{org}}/payout-worker:{{ver}}\n    environment:\n      - DATABASE_URL=postgres://{{user}}:{{S}}@{{host}}:5432/{{db}}\n      - QUEUE=payouts",
    pwu, "image: {{org}}/payout-worker:{{ver}}")
ci("nomad-job-env-stanza",
    'job "fx-feed" {\n  group "feed" {\n    task "poller" {\n      driver = "docker"\n      env {\n        OANDA_ACCOUNT = "{{nn}}-{{nn2}}-{{mid}}-001"\n        OANDA_TOKEN   = "{{S}}"\n      }\n    }\n  }\n}',
    lambda: hx(32) + "-" + hx(32), 'job "fx-feed"')
ci("consul-kv-put-in-deploy-script",
    "#!/bin/sh\n# deploy/seed_consul.sh\nconsul kv put payments/checkout/feature_flags '{\"3ds2\":true}'\nconsul kv put payments/checkout/adyen_ws_password '{{S}}'",
    pw, "deploy/seed_consul.sh")
ci("serverless-yml-provider-environment",
    "service: etsy-order-sync\nprovider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    ETSY_KEYSTRING: {{lo}}\n    ETSY_SHARED_SECRET: {{S}}",
    lambda: lo(10), "service: etsy-order-sync")
ci("sam-template-environment-variables",
    "  SettlementFunction:\n    Type: AWS::Serverless::Function\n    Properties:\n      Handler: app.handler\n      Environment:\n        Variables:\n          ADYEN_API_KEY: {{S}}",
    lambda: "AQE" + b64uc(5) + "Cbmn" + b64c(100), "Type: AWS::Serverless::Function")
ci("cloudformation-noecho-default",
    "Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    Default: {{S}}\n  Environment:\n    Type: String\n    Default: prod",
    pw, "NoEcho: true")
ci("ecs-task-definition-environment",
    '"containerDefinitions": [{\n  "name": "recon",\n  "image": "{{mid}}123.dkr.ecr.{{region}}.amazonaws.com/recon:{{sha7}}",\n  "environment": [\n    {"name": "BANK_API_CLIENT_SECRET", "value": "{{S}}"},\n    {"name": "LOG_LEVEL", "value": "info"}\n  ]\n}]',
    lambda: b64uc(40), '"name": "recon"')
ci("codebuild-buildspec-env-variables",
    "version: 0.2\nenv:\n  variables:\n    SONAR_LOGIN: {{S}}\nphases:\n  build:\n    commands:\n      - mvn -B verify sonar:sonar",
    lambda: hx(40), "mvn -B verify sonar:sonar")
ci("makefile-deploy-target-password",
    "deploy-db:\n\tPGPASSWORD={{S}} psql -h {{host}} -U migrator -d {{db}} -f sql/schema.sql\n\t@echo \"schema applied\"",
    pwa, "@echo \"schema applied\"")
ci("deploy-sh-sshpass-scp",
    "#!/bin/bash\n# deploy.sh \u2014 copies the jar to the recon box\nsshpass -p \"{{S}}\" scp target/recon.jar deploy@{{ip}}:/opt/recon/\nsshpass -p \"{{S}}\" ssh deploy@{{ip}} 'sudo systemctl restart recon'",
    pw, "copies the jar to the recon box")
ci("capistrano-repo-url-token",
    "set :application, \"storefront\"\nset :repo_url, \"https://deploy:{{S}}@github.com/{{org}}/storefront.git\"\nset :deploy_to, \"/var/www/storefront\"",
    ghpat, "set :deploy_to, \"/var/www/storefront\"")
ci("fastlane-fastfile-env-password",
    "lane :beta do\n  ENV[\"FASTLANE_USER\"] = \"ios@{{dom}}\"\n  ENV[\"FASTLANE_PASSWORD\"] = \"{{S}}\"\n  build_app(scheme: \"SellerApp\")\n  upload_to_testflight\nend",
    pw, "build_app(scheme: \"SellerApp\")")
ci("build-gradle-signing-config",
    "signingConfigs {\n    release {\n        storeFile file(\"upload.jks\")\n        storePassword \"{{S}}\"\n        keyAlias \"upload\"\n        keyPassword System.getenv(\"KEY_PASSWORD\")\n    }\n}",
    pwa, "storeFile file(\"upload.jks\")")
ci("sonar-project-properties-token",
    "sonar.projectKey={{org}}_ledger\nsonar.host.url=https://sonarcloud.io\nsonar.token={{S}}",
    lambda: "sqp_" + hx(40), "sonar.projectKey={{org}}_ledger")
ci("codecov-yml-token",
    "codecov:\n  token: {{S}}\n  require_ci_to_pass: true\ncoverage:\n  precision: 2",
    uid, "require_ci_to_pass: true")
ci("dependabot-registries-password",
    "version: 2\nregistries:\n  nexus:\n    type: maven-repository\n    url: https://nexus.{{dom}}/repository/maven-public\n    username: dependabot\n    password: {{S}}",
    pw, "type: maven-repository")
ci("renovate-json-hostrules-token",
    '{\n  "extends": ["config:recommended"],\n  "hostRules": [\n    {"matchHost": "npm.{{dom}}", "token": "{{S}}"}\n  ]\n}',
    lambda: b64(30), '"extends": ["config:recommended"]')
ci("docker-login-action-hardcoded",
    "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: {{user}}\n          password: {{S}}",
    ghp, "uses: docker/login-action@v3")
ci("helmfile-set-value",
    "releases:\n  - name: kyc-gateway\n    chart: ./charts/kyc-gateway\n    set:\n      - name: veriff.sharedSecret\n        value: {{S}}",
    uid, "chart: ./charts/kyc-gateway")
ci("docker-secret-create-in-ci",
    "$ printf '%s' '{{S}}' | docker secret create bitstamp_api_secret -\n{{lo}}{{hx}}",
    lambda: an(32), "docker secret create bitstamp_api_secret")
ci("wrangler-toml-vars",
    "name = \"checkout-edge\"\nmain = \"src/index.ts\"\n\n[vars]\nENVIRONMENT = \"production\"\nCHECKOUT_COM_SECRET = \"{{S}}\"",
    lambda: "sk_" + uid().replace("-", "")[:28], "main = \"src/index.ts\"")
ci("gitlab-ci-services-postgres-password",
    "test:\n  image: python:3.12\n  services:\n    - postgres:16\n  variables:\n    POSTGRES_DB: recon_test\n    POSTGRES_USER: runner\n    POSTGRES_PASSWORD: {{S}}\n  script: pytest -q",
    pw, "POSTGRES_DB: recon_test")
ci("teamcity-settings-param",
    '<parameters>\n  <param name="env.DEPLOY_TARGET" value="prod" />\n  <param name="env.OCTOPUS_API_KEY" value="{{S}}" />\n</parameters>',
    lambda: "API-" + up(26), 'name="env.DEPLOY_TARGET"')
ci("az-pipelines-variable-create",
    "$ az pipelines variable create --name AVALARA_LICENSE --value {{S}} --pipeline-name tax-sync --org https://dev.azure.com/{{org}}",
    lambda: HX(16), "--pipeline-name tax-sync")
ci("release-checklist-note-with-password",
    "Release {{ver}} checklist:\n- [x] tag pushed\n- [x] migrations run as `migrator` (pw {{S}})\n- [ ] notify #finance-ops",
    pw, "notify #finance-ops")
ci("k8s-cronjob-args-flag",
    "          containers:\n            - name: sweep\n              image: {{org}}/wallet-sweeper:{{ver}}\n              args: [\"--chain=eth\", \"--signer-key={{S}}\", \"--dry-run=false\"]",
    lambda: "0x" + hx(64), "name: sweep")
ci("ci-step-writes-env-file",
    "      - name: Write .env\n        run: |\n          echo \"APP_ENV=production\" >> .env\n          echo \"SALTEDGE_SECRET={{S}}\" >> .env",
    lambda: b64uc(43), "name: Write .env")
ci("heroku-app-json-env-value",
    '{\n  "name": "{{shop}}-storefront",\n  "env": {\n    "BIGCOMMERCE_ACCESS_TOKEN": {"value": "{{S}}"},\n    "WEB_CONCURRENCY": {"value": "2"}\n  }\n}',
    lambda: lo(31), '"WEB_CONCURRENCY": {"value": "2"}')
ci("github-actions-matrix-include-secret",
    "    strategy:\n      matrix:\n        include:\n          - marketplace: ebay\n            token: {{S}}\n          - marketplace: etsy\n            token: ${{ secrets.ETSY_TOKEN }}",
    lambda: "v^1.1#i^1#r^1#p^3#I^3#f^0#t^" + b64c(140), "token: ${{ secrets.ETSY_TOKEN }}")
ci("jenkins-credentials-groovy-script",
    "def cred = new UsernamePasswordCredentialsImpl(CredentialsScope.GLOBAL, 'bank-sftp', 'Bank SFTP', '{{user}}', '{{S}}')\nSystemCredentialsProvider.getInstance().getStore().addCredentials(Domain.global(), cred)",
    pw, "'bank-sftp', 'Bank SFTP'")
ci("argo-workflow-parameter-value",
    "  arguments:\n    parameters:\n      - name: exchange\n        value: coinbase\n      - name: api-secret\n        value: \"{{S}}\"",
    lambda: b64(64), "value: coinbase")
ci("ansible-vault-view-output-in-ci-log",
    "TASK [debug vault vars] *******\nok: [localhost] => {\n    \"payroll_sftp_password\": \"{{S}}\"\n}",
    pw, "TASK [debug vault vars]")
ci("skaffold-yaml-setvalues",
    "deploy:\n  helm:\n    releases:\n      - name: tax-sync\n        chartPath: charts/tax-sync\n        setValues:\n          vertex.apiPassword: {{S}}",
    pw, "chartPath: charts/tax-sync")
ci("circleci-context-env-var-cli",
    "$ circleci context store-secret github {{org}} release-ctx PYPI_TOKEN <<< '{{S}}'",
    lambda: "pypi-AgEIcHlwaS5vcmc" + b64uc(60), "release-ctx PYPI_TOKEN")
ci("gitea-actions-secret-in-workflow",
    "      - name: Upload to SFTP\n        uses: wlixcc/SFTP-Deploy-Action@v1.2.4\n        with:\n          server: sftp.{{dom}}\n          username: {{user}}\n          password: '{{S}}'\n          local_path: ./exports/*",
    pw, "uses: wlixcc/SFTP-Deploy-Action@v1.2.4")
ci("tekton-pipelinerun-param",
    "spec:\n  pipelineRef:\n    name: build-and-deploy\n  params:\n    - name: registry-password\n      value: {{S}}",
    lambda: an(32), "name: build-and-deploy")
ci("octopus-deploy-variable-json",
    '{"Name": "Project.Database.Password", "Value": "{{S}}", "Type": "String", "Scope": {"Environment": ["Environments-{{nn}}"]}}',
    pw, '"Name": "Project.Database.Password"')

# ================================================================ vendor-token
vend("stripe-live-secret-key",
    "Stripe (acct {{acct}}) live secret: {{S}}",
    sk_live, "Stripe (acct {{acct}})")
vend("stripe-restricted-key-payouts-read",
    "restricted key \"payouts-read-only\" created for the BI team: {{S}}",
    rk_live, "restricted key \"payouts-read-only\"")
vend("stripe-webhook-signing-secret",
    "Endpoint we_1P{{hx}} (https://api.{{dom}}/webhooks/stripe) signing secret: {{S}}",
    whsec, "https://api.{{dom}}/webhooks/stripe")
vend("adyen-api-key-ws-user",
    "Adyen ws@Company.{{co}} API key: {{S}}",
    lambda: "AQE" + b64uc(5) + "Cbmn" + b64c(100) + "=-" + b64c(40) + "=-" + b64uc(14), "ws@Company.{{co}}")
vend("adyen-hmac-key-notification",
    "Adyen standard notification HMAC key (merchant {{co}}ECOM): {{S}}",
    lambda: HX(64), "merchant {{co}}ECOM")
vend("paypal-rest-client-secret",
    "PayPal REST app \"{{shop}}-live\"\nClient ID: A{{b}}\nSecret: {{S}}",
    lambda: {"S": "E" + b64uc(79), "b": b64uc(79)}, "PayPal REST app \"{{shop}}-live\"")
vend("paypal-oauth-access-token",
    "PayPal access token (expires in 32400s): {{S}}",
    lambda: "A21AA" + b64uc(92), "expires in 32400s")
vend("square-production-access-token",
    "Square production access token for location L{{up}}: {{S}}",
    lambda: "EAAA" + b64uc(60), "location L{{up}}")
vend("square-oauth-application-secret",
    "Square app sq0idp-{{b}} OAuth secret = {{S}}",
    lambda: {"S": "sq0csp-" + b64uc(43), "b": b64uc(22)}, "Square app sq0idp-{{b}}")
vend("braintree-access-token",
    "Braintree (PayPal) access token: {{S}}",
    lambda: "access_token$production$%s$%s" % (lo(16), hx(32)), "Braintree (PayPal) access token")
vend("checkout-com-secret-key",
    "Checkout.com sandbox secret key {{S}} (processing channel pc_{{lo}})",
    lambda: "sk_sbox_" + lo(26), "processing channel pc_{{lo}}")
vend("plaid-production-access-token",
    "Plaid item for {{co}} Checking \u2192 access token {{S}}",
    lambda: "access-production-" + uid(), "{{co}} Checking")
vend("plaid-secret-hex",
    "Plaid dashboard \u203a Keys \u203a Production secret: {{S}}",
    lambda: hx(30), "Plaid dashboard")
vend("wise-personal-api-token",
    "Wise business profile {{mid}} \u2014 personal token (full access): {{S}}",
    uid, "Wise business profile {{mid}}")
vend("mollie-live-api-key",
    "Mollie website profile pfl_{{hx}}: live API key {{S}}",
    lambda: "live_" + an(30), "Mollie website profile pfl_{{hx}}")
vend("gocardless-live-access-token",
    "GoCardless creditor CR{{up}} access token: {{S}}",
    lambda: "live_" + b64uc(40), "GoCardless creditor CR{{up}}")
vend("razorpay-key-id-and-secret",
    "Razorpay API keys \u2014 Key Id: rzp_live_{{lo}} / Key Secret: {{S}}",
    lambda: an(24), "Key Id: rzp_live_{{lo}}")
vend("paystack-live-secret-key",
    "Paystack (NG) Live Secret Key: {{S}}",
    lambda: "sk_live_" + hx(40), "Paystack (NG)")
vend("flutterwave-secret-key",
    "Flutterwave v3 secret key {{S}} and encryption key stored separately",
    lambda: "FLWSECK-" + hx(32) + "-X", "encryption key stored separately")
vend("mercadopago-access-token",
    "Mercado Pago (MLA) credenciales de producción \u2014 Access token: {{S}}",
    lambda: "APP_USR-%s-%s-%s-%s" % (dg(16), dg(6), hx(32), dg(9)), "credenciales de producción")
vend("xendit-secret-key",
    "Xendit secret API key (money-out write): {{S}}",
    lambda: "xnd_production_" + an(60), "money-out write")
vend("midtrans-server-key",
    "Midtrans production server key: {{S}}  client key: Mid-client-{{b}}",
    lambda: {"S": "Mid-server-" + b64uc(24), "b": b64uc(16)}, "Midtrans production server key")
vend("coinbase-advanced-trade-secret",
    "Coinbase Advanced Trade API (view+trade) secret: {{S}}",
    lambda: b64(64), "Coinbase Advanced Trade API")
vend("binance-api-secret",
    "Binance sub-account grid-bot-{{k}} API secret: {{S}} (IP-restricted to {{ip}})",
    lambda: an(64), "IP-restricted to {{ip}}")
vend("kraken-private-key",
    "Kraken API key 'recon-readonly' private key: {{S}}",
    lambda: b64(64), "Kraken API key 'recon-readonly'")
vend("okx-api-secret-key",
    "OKX API: apikey {{uuid}}, secretkey {{S}}, passphrase stored in 1Password",
    lambda: HX(32), "passphrase stored in 1Password")
vend("bybit-api-secret",
    "Bybit unified account API secret {{S}}",
    lambda: an(36), "Bybit unified account")
vend("kucoin-api-secret",
    "KuCoin futures API secret: {{S}} (key name: hedger)",
    uid, "(key name: hedger)")
vend("alpaca-live-secret-key",
    "Alpaca live: APCA-API-KEY-ID=AK{{up}} APCA-API-SECRET-KEY={{S}}",
    lambda: an(40), "APCA-API-KEY-ID=AK{{up}}")
vend("bitgo-long-lived-access-token",
    "BitGo long-lived access token (spending limit 2 BTC): {{S}}",
    lambda: "v2x" + hx(64), "spending limit 2 BTC")
vend("circle-live-api-key",
    "Circle Mint API key: {{S}}",
    lambda: "LIVE_API_KEY:" + hx(32) + ":" + hx(32), "Circle Mint API key")
vend("shopify-admin-api-access-token",
    "Shopify custom app on {{shop}}.myshopify.com \u2014 Admin API access token {{S}}",
    lambda: "shpat_" + hx(32), "{{shop}}.myshopify.com")
vend("shopify-app-api-secret",
    "Shopify Partners app client secret: {{S}}",
    lambda: "shpss_" + hx(32), "Shopify Partners app client secret")
vend("amazon-lwa-refresh-token",
    "SP-API (EU) LWA refresh token for seller A{{up}}: {{S}}",
    lambda: "Atzr|IwEBI" + b64uc(300), "SP-API (EU) LWA refresh token")
vend("amazon-lwa-client-secret",
    "LWA app amzn1.application-oa2-client.{{md5}} client secret: {{S}}",
    lambda: "amzn1.oa2-cs.v1." + hx(64), "amzn1.application-oa2-client.{{md5}}")
vend("ebay-user-auth-token",
    "eBay user access token (EBAY_DE, sell.fulfillment): {{S}}",
    lambda: "v^1.1#i^1#f^0#p^3#r^0#I^3#t^H4sIAAAAAAAA" + b64c(200), "EBAY_DE, sell.fulfillment")
vend("ebay-cert-id",
    "eBay keyset Production \u2014 App ID {{co}}-Seller-PRD-{{hx}} / Cert ID {{S}}",
    lambda: "PRD-%s-%s-%s-%s-%s" % (hx(12), hx(4), hx(4), hx(4), hx(4)), "App ID {{co}}-Seller-PRD-{{hx}}")
vend("etsy-oauth-access-token",
    "Etsy OAuth2 access token for shop {{shop}}: {{S}}",
    lambda: "%s.%s" % (dg(9), b64uc(54)), "Etsy OAuth2 access token for shop {{shop}}")
vend("mercadolibre-client-secret",
    "Mercado Libre app {{mid}} Client Secret: {{S}}",
    lambda: an(32), "Mercado Libre app {{mid}}")
vend("mercadolibre-refresh-token",
    "ML refresh_token (MLB seller {{mid}}): {{S}}",
    lambda: "TG-" + hx(24) + "-" + dg(9), "MLB seller {{mid}}")
vend("shopee-open-platform-partner-key",
    "Shopee Open Platform live partner_id {{mid}} partner_key {{S}}",
    lambda: "shpk" + an(60), "Shopee Open Platform live partner_id {{mid}}")
vend("quickbooks-oauth-client-secret",
    "Intuit developer \u203a {{co}} Books (Production) \u203a Client Secret: {{S}}",
    lambda: an(40), "{{co}} Books (Production)")
vend("intuit-refresh-token",
    "QBO refresh token (realm {{nn}}{{mid}}), valid 100 days: {{S}}",
    lambda: "AB11" + dg(10) + an(36), "valid 100 days")
vend("xero-client-secret",
    "Xero app \"ledger-sync\" client secret: {{S}}",
    lambda: b64uc(48), "Xero app \"ledger-sync\"")
vend("avalara-license-key",
    "AvaTax account {{nn}}{{mid}} license key {{S}}",
    lambda: HX(16), "AvaTax account {{nn}}{{mid}}")
vend("taxjar-live-token",
    "TaxJar live API token: {{S}}",
    lambda: hx(32), "TaxJar live API token")
vend("gusto-client-secret",
    "Gusto embedded payroll client secret: {{S}}",
    lambda: b64uc(43), "Gusto embedded payroll")
vend("twilio-auth-token",
    "Twilio account AC{{md5}} auth token {{S}} (SMS for payout OTPs)",
    lambda: hx(32), "SMS for payout OTPs")
vend("sendgrid-api-key",
    "SendGrid key 'invoice-mailer' (mail.send only): {{S}}",
    sg_key, "'invoice-mailer' (mail.send only)")
vend("marqeta-admin-access-token",
    "Marqeta program {{brand}}: application token {{uuid}}, admin access token {{S}}",
    uid, "Marqeta program {{brand}}")
vend("lithic-api-key",
    "Lithic production API key: {{S}}",
    uid, "Lithic production API key")
vend("unit-co-org-token",
    "Unit org API token (scopes: customers accounts payments): {{S}}",
    lambda: "v2.public." + b64uc(180), "scopes: customers accounts payments")
vend("modern-treasury-api-key",
    "Modern Treasury org {{uuid}} live API key: {{S}}",
    lambda: "live-" + b64uc(48), "Modern Treasury org {{uuid}}")
vend("dwolla-application-secret",
    "Dwolla production app key {{an}}, secret {{S}}",
    lambda: {"S": an(50), "an": an(50)}, "Dwolla production app key")
vend("sumsub-secret-key",
    "Sumsub app token prd:{{b}} \u2014 secret key {{S}}",
    lambda: {"S": an(32), "b": b64uc(48)}, "Sumsub app token")
vend("onfido-live-api-token",
    "Onfido (EU region) live token: {{S}}",
    lambda: "api_live." + b64uc(11) + "." + b64uc(32), "Onfido (EU region)")
vend("persona-production-api-key",
    "Persona production key for inquiry templates: {{S}}",
    lambda: "persona_production_" + uid(), "Persona production key")
vend("veriff-shared-secret",
    "Veriff integration '{{brand}}-kyc' shared secret key: {{S}}",
    uid, "Veriff integration '{{brand}}-kyc'")
vend("sift-rest-api-key",
    "Sift Production REST API key: {{S}}",
    lambda: hx(16), "Sift Production REST API key")
vend("complyadvantage-api-key",
    "ComplyAdvantage sanctions screening API key: {{S}}",
    lambda: an(32), "sanctions screening")
vend("github-fine-grained-pat",
    "fine-grained PAT for {{org}}/recon (contents:read, 30d): {{S}}",
    ghpat, "{{org}}/recon (contents:read, 30d)")
vend("aws-secret-access-key-pair",
    "IAM user seller-reports: AccessKeyId {{akid}}, SecretAccessKey {{S}}",
    aws_secret, "IAM user seller-reports")
vend("google-maps-api-key",
    "Google Places key for address autocomplete at checkout: {{S}}",
    lambda: "AIza" + b64uc(35), "address autocomplete at checkout")
vend("slack-bot-token",
    "Slack app 'Payout Bot' bot token: {{S}}",
    xoxb, "Slack app 'Payout Bot'")
vend("openai-project-key",
    "OpenAI key for invoice OCR post-processing: {{S}}",
    lambda: "sk-proj-" + b64uc(48) + "T3BlbkFJ" + b64uc(48), "invoice OCR post-processing")
vend("anthropic-api-key",
    "Anthropic key used by the receipts-classifier: {{S}}",
    lambda: "sk-ant-api03-" + b64uc(93) + "AA", "receipts-classifier")
vend("telegram-bot-token-alerts",
    "@{{brand}}_fills_bot token {{S}}",
    tg_bot, "@{{brand}}_fills_bot")
vend("datadog-api-key",
    "Datadog (EU) API key for the payments org: {{S}}",
    lambda: hx(32), "Datadog (EU) API key")
vend("npm-automation-token",
    "npm automation token for @{{org}}/checkout-sdk publishing: {{S}}",
    npm_tok, "@{{org}}/checkout-sdk")
vend("vault-service-token",
    "VAULT_ADDR=https://vault.{{dom}}:8200 root-ish token {{S}}",
    hvs, "VAULT_ADDR=https://vault.{{dom}}:8200")
vend("doppler-service-token",
    "Doppler service token (project payouts, config prd): {{S}}",
    lambda: "dp.st.prd." + an(43), "project payouts, config prd")
vend("yookassa-secret-key",
    "ЮKassa shopId {{nn}}{{k}}, секретный ключ: {{S}}",
    lambda: "live_" + b64uc(44), "shopId {{nn}}{{k}}")
vend("klarna-api-credentials-password",
    "Klarna API credentials \u2014 username: K{{nn}}_{{hx}}, password: {{S}}",
    lambda: "klarna_live_api_" + b64uc(36), "username: K{{nn}}_{{hx}}")
vend("authorize-net-transaction-key",
    "Authorize.Net API Login ID {{an}} / Transaction Key {{S}}",
    lambda: {"S": an(16), "an": an(9)}, "Authorize.Net API Login ID {{an}}")
vend("iyzico-secret-key",
    "iyzico canlı ortam secretKey: {{S}}",
    lambda: an(32), "canlı ortam")
vend("dlocal-secret-key",
    "dLocal X-Login {{b}} X-Trans-Key {{c}} Secret Key {{S}}",
    lambda: {"S": an(40), "b": an(10), "c": an(10)}, "dLocal X-Login {{b}}")
vend("rapyd-secret-key",
    "Rapyd production access key {{b}} secret key {{S}}",
    lambda: {"S": hx(128), "b": HX(20)}, "Rapyd production access key {{b}}")
vend("truelayer-client-secret",
    "TrueLayer client {{brand}}-{{hx}} secret: {{S}}",
    uid, "TrueLayer client {{brand}}-{{hx}}")
vend("saltedge-app-secret",
    "Salt Edge App-id {{b}} Secret {{S}}",
    lambda: {"S": b64uc(43), "b": b64uc(43)}, "Salt Edge App-id")
vend("revolut-business-refresh-token",
    "Revolut Business API refresh token: {{S}}",
    lambda: "oa_prod_" + b64uc(43), "Revolut Business API refresh token")
vend("pagarme-secret-key",
    "Pagar.me chave secreta (produção): {{S}}",
    lambda: "sk_" + hx(32), "chave secreta (produção)")
vend("mpesa-daraja-consumer-secret",
    "Safaricom Daraja consumer key {{an}} consumer secret {{S}}",
    lambda: {"S": an(16), "an": an(48)}, "Safaricom Daraja consumer key")
vend("fireblocks-api-user-private-key",
    "Fireblocks API user 'treasury-bot' ({{uuid}}) RSA key:\n-----BEGIN PRIVATE KEY-----\n{{S}}\n-----END PRIVATE KEY-----",
    pem_pkcs8_rsa, "Fireblocks API user 'treasury-bot'")
vend("coinbase-cdp-ec-private-key",
    "CDP key organizations/{{uuid}}/apiKeys/{{uuid2}}\n-----BEGIN EC PRIVATE KEY-----\n{{S}}\n-----END EC PRIVATE KEY-----",
    pem_ec, "CDP key organizations/{{uuid}}/apiKeys/{{uuid2}}")

# ================================================================ BENIGN look-alikes
_PLAIN = ["reconcile me", "hello from the ledger", "page=2&limit=50",
          "invoice batch 2024-05", "nothing to see here", "payout report",
          "{\"page\":3,\"per_page\":100}",
          "monthly close checklist", "fx rates EUR/USD", "shipment label v2",
          "VAT OSS return Q2", "{\"cursor\":\"after\",\"id\":991}"]


def _pubpem():
    raw = bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100") + _rb(262)
    return _wrap(base64.b64encode(raw).decode())


def _certpem():
    raw = bytes.fromhex("308203") + _rb(700)
    return _wrap(base64.b64encode(raw).decode())


_GEN.update({
    "an": lambda: an(14),
    "an4": lambda: an(4),
    "an6": lambda: an(6),
    "up4": lambda: up(4),
    "dg4": lambda: dg(4),
    "dg10": lambda: dg(10),
    "dg16": lambda: dg(16),
    "hx16": lambda: hx(16),
    "hx40": lambda: hx(40),
    "HX40": lambda: HX(40),
    "b64txt": lambda: base64.b64encode(pick(_PLAIN).encode()).decode(),
    "fp": lambda: b64(32).rstrip("="),
    "colonfp": lambda: ":".join(HX(2) for _ in range(32)),
    "sshpub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + b64(32)[:43],
    "rsapub": lambda: "AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + b64c(340),
    "pklive": lambda: "pk_live_51" + an(97),
    "pktest": lambda: "pk_test_51" + an(97),
    "pubpem": _pubpem,
    "certpem": _certpem,
    "cursor": lambda: base64.urlsafe_b64encode(json.dumps({"id": _R.randint(1000, 99999), "ts": _R.randint(1700000000, 1720000000)}).encode()).decode().rstrip("="),
    "enc": lambda: b64(48),
    "vaulthex": lambda: "\n".join(hx(80) for _ in range(4)),
    "sri": lambda: "sha512-" + b64(64),
    "h1": lambda: "h1:" + b64(32),
    "btc": lambda: "bc1q" + _s("023456789acdefghjklmnpqrstuvwxyz", 38),
    "evm": lambda: "0x" + hx(40),
    "kid": lambda: hx(16),
    "jwkn": lambda: b64uc(342),
})

_BT = [
    # --- commands
    "git log --oneline -3\n{{sha7}} fix(recon): handle negative fee lines from PSP\n{{sha72}} chore: bump ledger-sdk to {{ver}}\n{{sha73}} feat(payouts): retry on 429",
    "sha256sum settlement_{{date}}.csv\n{{sha256}}  settlement_{{date}}.csv",
    "curl -s -H \"Authorization: Bearer $STRIPE_SECRET_KEY\" https://api.stripe.com/v1/balance | jq '.available[] | select(.currency==\"{{cur}}\")'",
    "export PLAID_SECRET=$(vault kv get -field=secret secret/{{ns}}/plaid)",
    "kubectl -n {{ns}} create secret generic adyen-creds --from-env-file=.env.adyen --dry-run=client -o yaml > adyen-creds.yaml",
    "aws secretsmanager get-secret-value --secret-id prod/{{ns}}/db --query SecretString --output text | jq -r .username",
    "psql \"host={{host}} dbname={{db}} user={{user}} sslmode=require\"  # password comes from ~/.pgpass",
    "mysql -h {{host}} -u {{user}} -p {{db}}   # -p with no value prompts for the password",
    "docker login ghcr.io -u {{user}} --password-stdin < ~/.config/ghcr_token",
    "gh secret list --repo {{org}}/grid-bot --env live",
    "openssl rand -hex 32 | vault kv put secret/{{ns}}/webhook secret=-",
    "ssh-keygen -lf ~/.ssh/bank_sftp_ed25519.pub\n256 SHA256:{{fp}} bank-sftp-{{env}} (ED25519)",
    "git rev-parse HEAD\n{{sha}}",
    "md5sum invoices_{{date}}.zip\n{{md5}}  invoices_{{date}}.zip",
    "stripe payment_intents retrieve pi_3P{{an}}",
    "terraform plan -var-file=prod.tfvars | grep -i password\n      + password = (sensitive value)",
    "echo -n '{{b64txt}}' | base64 -d",
    "pip download ledger-sdk=={{ver}} --no-deps && sha256sum ledger_sdk-{{ver}}-py3-none-any.whl",
    "vault kv get -field=username secret/{{ns}}/bank-sftp",
    "export DATABASE_URL=postgres://{{user}}@{{host}}:5432/{{db}}  # IAM auth token generated at connect time",
    "curl -s -u \"$PAYPAL_CLIENT_ID:$PAYPAL_SECRET\" https://api-m.sandbox.paypal.com/v1/oauth2/token -d grant_type=client_credentials",
    "sudo htpasswd -B /etc/nginx/.htpasswd-finance {{user}}   # prompts twice",
    "docker pull ghcr.io/{{org}}/ledger-api@sha256:{{sha256}}",
    "kubectl -n {{ns}} get secret ledger-db -o jsonpath='{.metadata.annotations}'",
    "aws ssm get-parameter --name /prod/{{ns}}/stripe_secret --with-decryption --query Parameter.Version",
    "op read 'op://Finance/Bank SFTP/password' > /dev/null && echo ok",
    "security add-generic-password -s alpaca-live -a {{user}} -w   # prompts for the secret",
    "gpg --recv-keys {{HX40}}",
    "curl -fsSL https://api.{{dom}}/.well-known/jwks.json | jq '.keys[].kid'",
    "git commit -m \"remove hardcoded password from recon/config.py (moved to SSM)\"",
    "python -c \"import secrets; print(len(secrets.token_urlsafe(32)))\"",
    "grep -rn 'password' --include=*.py src/ | wc -l",
    "npx wrangler secret list --env production",
    "curl -s 'https://api.{{dom}}/v1/orders?cursor={{cursor}}&limit=100' -H \"X-Api-Key: ${FX_API_KEY}\"",
    "rclone lsf b2-archive:{{bucket}}/2024/ --format hsp | head",
    "cosign verify ghcr.io/{{org}}/checkout:{{sha7}} --certificate-identity-regexp '.*' --certificate-oidc-issuer https://token.actions.githubusercontent.com",
    # --- tool output
    "$ aws configure list\n      Name                    Value             Type    Location\n   access_key     ****************{{up4}} shared-credentials-file\n   secret_key     ****************{{up42}} shared-credentials-file\n       region                {{region}}      config-file    ~/.aws/config",
    "$ gh secret list\nSTRIPE_SECRET_KEY    Updated {{date}}\nPLAID_SECRET         Updated {{date2}}\nBINANCE_API_SECRET   Updated {{date3}}",
    "$ fly secrets list -a {{shop}}-payments\nNAME                  DIGEST            CREATED AT\nRAZORPAY_KEY_SECRET   {{hx16}}  2h ago\nDATABASE_URL          {{hx162}}  14d ago",
    "$ kubectl get secrets -n {{ns}}\nNAME              TYPE     DATA   AGE\nadyen-creds       Opaque   2      {{n}}d\nledger-db         Opaque   3      {{n2}}d",
    "$ doppler secrets --only-names --project tax-sync --config prd\nAVALARA_ACCOUNT_ID\nAVALARA_LICENSE_KEY\nTAXJAR_API_TOKEN",
    "$ stripe customers list --limit 1\n{\"id\": \"cus_{{an}}\", \"object\": \"customer\", \"email\": \"{{email}}\", \"livemode\": true}",
    "$ docker images --digests | grep ledger\nghcr.io/{{org}}/ledger-api   {{ver}}   sha256:{{sha256}}   {{hx}}   3 days ago   212MB",
    "$ npm whoami\n{{user}}",
    "$ openssl x509 -in merchant_identity.pem -noout -fingerprint -sha256\nsha256 Fingerprint={{colonfp}}",
    "$ gpg --list-keys finance@{{dom}}\npub   rsa4096 2023-01-10 [SC]\n      {{HX40}}\nuid           [ultimate] Finance Team <finance@{{dom}}>",
    "$ vault token lookup -format=json | jq '{policies: .data.policies, ttl: .data.ttl}'\n{\"policies\": [\"default\", \"recon-read\"], \"ttl\": {{nn}}}",
    "$ pytest -q tests/recon\n........................ {{n}} passed in {{k}}.{{n2}}s",
    "$ env | grep -i secret\nSECRET_SOURCE=aws-secretsmanager\nSTRIPE_SECRET_ARN=arn:aws:secretsmanager:{{region}}:{{mid}}111:secret:prod/stripe-{{an6}}",
    "$ printenv PLAID_SECRET\n$ echo $?\n1",
    "$ gitleaks detect --source . --no-banner\n{{time}} INF {{nn}} commits scanned.\n{{time}} INF no leaks found",
    "$ terraform output\ndb_endpoint = \"{{host}}:5432\"\ndb_password = <sensitive>\nkms_key_arn = \"arn:aws:kms:{{region}}:{{mid}}111:key/{{uuid}}\"",
    "$ kubectl -n {{ns}} describe secret ledger-db\nName:         ledger-db\nType:  Opaque\n\nData\n====\npassword:  {{n}} bytes\nusername:  {{k}} bytes",
    "$ heroku config -a {{shop}}-api --shell | cut -d= -f1\nDATABASE_URL\nMOLLIE_API_KEY\nWEB_CONCURRENCY",
    "$ git log -1 --format='%H %G? %GK'\n{{sha}} G {{HX40}}",
    "$ curl -sI https://api.{{dom}}/v1/health\nHTTP/2 200\netag: \"{{md5}}\"\nx-request-id: {{uuid}}\nstrict-transport-security: max-age=63072000",
    "$ ls -la ~/.ssh\n-rw-------  1 {{user}} staff  411 bank_sftp_ed25519\n-rw-r--r--  1 {{user}} staff  101 bank_sftp_ed25519.pub\n-rw-r--r--  1 {{user}} staff 2786 known_hosts",
    "$ jq '.exchanges.bybit | keys' config/live.json\n[\"api_key_env\", \"api_secret_env\", \"enabled\", \"symbols\", \"testnet\"]",
    "$ docker inspect recon-worker --format '{{json .Config.Env}}' | jq length\n{{n}}",
    "$ aws sts get-caller-identity\n{\"UserId\": \"AROA{{up}}:agent\", \"Account\": \"{{mid}}111\", \"Arn\": \"arn:aws:sts::{{mid}}111:assumed-role/recon-exporter/agent\"}",
    "$ stripe events list --limit 1 | jq -r '.data[0].id'\nevt_1P{{an}}",
    "$ openssl s_client -connect api.{{dom}}:443 </dev/null 2>/dev/null | openssl x509 -noout -serial\nserial={{HX40}}",
    # --- config
    "# .env.example\nSTRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx\nPLAID_SECRET=<your-plaid-secret>\nDATABASE_URL=postgres://user:password@localhost:5432/{{db}}",
    "DATABASE_URL=postgres://${DB_USER}:${DB_PASSWORD}@${DB_HOST}:5432/{{db}}",
    "env:\n  - name: ADYEN_API_KEY\n    valueFrom:\n      secretKeyRef:\n        name: adyen-creds\n        key: api-key",
    "spring:\n  datasource:\n    url: jdbc:postgresql://{{host}}:5432/{{db}}\n    username: ${RECON_DB_USER}\n    password: ${RECON_DB_PASSWORD}",
    "recon_db_password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {{vaulthex}}",
    "stripe_secret_key: ENC[AES256_GCM,data:{{enc}},iv:{{fp}},tag:{{an}}==,type:str]\nsops:\n  kms:\n    - arn: arn:aws:kms:{{region}}:{{mid}}111:key/{{uuid}}",
    "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: plaid\nspec:\n  encryptedData:\n    PLAID_SECRET: AgB{{enc}}{{fp}}",
    "[seller-reports]\naws_access_key_id = ${AWS_ACCESS_KEY_ID}\naws_secret_access_key = ${AWS_SECRET_ACCESS_KEY}",
    "# ~/.ssh/authorized_keys\nssh-ed25519 {{sshpub}} deploy@ci-{{sha7}}",
    "sftp.bankfeed.{{dom}} ssh-rsa {{rsapub}}",
    "[client]\nuser={{user}}\nhost={{host}}\n# password comes from `mysql_config_editor set --login-path=recon`",
    "[Peer]\nPublicKey = {{fp}}=\nAllowedIPs = 10.44.0.0/16\nEndpoint = vpn.{{dom}}:51820",
    "stripe:\n  publishable_key: {{pklive}}\n  secret_key: ${STRIPE_SECRET_KEY}",
    "ADYEN_CLIENT_KEY=live_{{up}}{{up2}}  # client-side key, safe to ship in the browser bundle",
    "const options = { key: 'rzp_live_{{an}}', amount: 49900, currency: 'INR', name: '{{co}}' };  // key_id is public",
    "<script src=\"https://www.paypal.com/sdk/js?client-id=A{{an}}{{an2}}&currency={{cur}}\"></script>",
    "-----BEGIN PUBLIC KEY-----\n{{pubpem}}\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\n{{certpem}}\n-----END CERTIFICATE-----",
    "\"node_modules/decimal.js\": {\n  \"version\": \"10.4.3\",\n  \"integrity\": \"{{sri}}\"\n}",
    "github.com/shopspring/decimal v1.4.0 {{h1}}\ngithub.com/shopspring/decimal v1.4.0/go.mod {{h12}}",
    "[[package]]\nname = \"stripe\"\nversion = \"{{ver}}\"\nfiles = [{file = \"stripe-{{ver}}.tar.gz\", hash = \"sha256:{{sha256}}\"}]",
    "security:\n  password_min_length: 14\n  password_require_symbol: true\n  password_history: 12\n  lockout_after_failed_attempts: 5",
    "webhooks:\n  stripe:\n    path: /webhooks/stripe\n    secret_env: STRIPE_WEBHOOK_SECRET\n    tolerance_seconds: 300",
    "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n@{{org}}:registry=https://npm.pkg.github.com",
    "services:\n  db:\n    image: postgres:16\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n    secrets: [pg_password]",
    "spring.datasource.password=ENC({{enc}})\njasypt.encryptor.password=${JASYPT_PASSWORD}",
    "KRAKEN_API_KEY=\nKRAKEN_PRIVATE_KEY=\n# fill these in locally, never commit",
    "PAYPAL_CLIENT_SECRET=<paste from developer.paypal.com>\nPAYPAL_MODE=live",
    "# config/credentials.yml.enc is encrypted with config/master.key (not in git)\nstripe:\n  publishable_key: {{pklive}}",
    "[database]\nhost = \"{{host}}\"\nuser = \"{{user}}\"\npassword = \"\"   # set via LEDGER_DB_PASSWORD\npool = 20",
    "[security]\nadmin_user = admin\nadmin_password = $__env{GF_ADMIN_PASSWORD}\ncookie_secure = true",
    "apple_pay:\n  merchant_id: merchant.com.{{brand}}\n  merchant_cert_fingerprint: {{colonfp}}",
    "jwks_uri: https://auth.{{dom}}/.well-known/jwks.json\nissuer: https://auth.{{dom}}/\naudience: payouts-api",
    "{\"kty\":\"RSA\",\"kid\":\"{{kid}}\",\"use\":\"sig\",\"alg\":\"RS256\",\"e\":\"AQAB\",\"n\":\"{{jwkn}}\"}",
    "provider \"vault\" {\n  address = \"https://vault.{{dom}}:8200\"\n  # token read from VAULT_TOKEN env var\n}",
    "password_hash_algorithm = \"argon2id\"\nargon2_memory_kib = 65536\nargon2_iterations = 3",
    # --- source code
    "stripe.api_key = os.environ[\"STRIPE_SECRET_KEY\"]",
    "const secret = process.env.PAYSTACK_SECRET ?? missing('PAYSTACK_SECRET');",
    "password = getpass.getpass(\"Bank SFTP password: \")",
    "if len(password) < 14:\n    raise ValueError(\"password must be at least 14 characters\")",
    "API_KEY_HEADER = \"X-Api-Key\"\nTOKEN_URL = \"https://oauth.{{dom}}/token\"",
    "def mask_pan(pan: str) -> str:\n    return \"*\" * (len(pan) - 4) + pan[-4:]",
    "TEST_CARD = {\"number\": \"4242424242424242\", \"exp_month\": 12, \"exp_year\": 2030}  # Stripe public test card",
    "cache_key = f\"fx:{base}:{quote}:{hashlib.sha1(day.isoformat().encode()).hexdigest()}\"",
    "expected = hmac.new(secret.encode(), payload, hashlib.sha256).hexdigest()\nif not hmac.compare_digest(expected, header_sig):\n    raise InvalidSignature()",
    "client = TaxJarClient(api_key=settings.TAXJAR_API_KEY)",
    "SECRET_NAME = \"prod/checkout/stripe\"\nsecret = boto3.client(\"secretsmanager\").get_secret_value(SecretId=SECRET_NAME)",
    "SANDBOX_TENANT_ID = \"{{uuid}}\"  # not sensitive, shown in the dashboard URL",
    "nonce = secrets.token_hex(16)\nstate = secrets.token_urlsafe(24)",
    "PASSWORD_RESET_TTL = timedelta(minutes=30)\nMAX_LOGIN_ATTEMPTS = 5",
    "# NOTE: never log the Authorization header; see redact_headers() in http/logging.py",
    "@Value(\"${adyen.api-key}\")\nprivate String apiKey;",
    "token := os.Getenv(\"WISE_TOKEN\")\nif token == \"\" {\n\tlog.Fatal(\"WISE_TOKEN not set\")\n}",
    "let secret = std::env::var(\"KRAKEN_SECRET\").context(\"KRAKEN_SECRET missing\")?;",
    "var apiKey = configuration[\"Adyen:ApiKey\"] ?? throw new InvalidOperationException(\"Adyen:ApiKey\");",
    "FAKE_KEY = \"sk_test_FAKE_FOR_UNIT_TESTS_ONLY\"  # stripe-mock accepts anything",
    "# AWS documentation example values, not real\nEXAMPLE_ACCESS_KEY_ID = \"AKIAIOSFODNN7EXAMPLE\"",
    "IDEMPOTENCY_NAMESPACE = uuid.UUID(\"{{uuid}}\")",
    "def redact(value: str) -> str:\n    return value[:4] + \"\u2026\" + value[-4:] if len(value) > 12 else \"****\"",
    "assert response.json()[\"password\"] == \"[REDACTED]\"",
    "headers = {\"Authorization\": f\"Bearer {token}\", \"Idempotency-Key\": idem_key}",
    "conn = psycopg2.connect(dsn=os.environ[\"LEDGER_DSN\"], sslmode=\"verify-full\")",
    "export const STRIPE_PUBLISHABLE_KEY = '{{pktest}}';",
    "CREATE TABLE api_keys (\n  id uuid PRIMARY KEY,\n  prefix text NOT NULL,\n  key_hash bytea NOT NULL,\n  last_four char(4)\n);",
    "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
    "const WEBHOOK_SECRET_ENV = 'MOLLIE_WEBHOOK_SECRET';",
    "ALGORITHM = \"HS256\"  # secret comes from JWT_SECRET env var",
    "password_field = forms.CharField(widget=forms.PasswordInput, min_length=14)",
    "ROUTING = {\"BRL\": \"pagarme\", \"MXN\": \"conekta\", \"IDR\": \"xendit\", \"INR\": \"razorpay\"}",
    "tx_hash = \"0x{{sha256}}\"  # settlement transfer on-chain, public",
    "TREASURY_ADDRESS = \"{{evm}}\"  # public deposit address",
    "COLD_WALLET_BTC = \"{{btc}}\"",
    # --- logs
    "{{ts}} INFO payout {{uuid}} created amount={{amt}} currency={{cur}} idempotency_key={{uuid2}}",
    "trace_id={{trace}} span_id={{span}} level=info msg=\"ledger entry posted\" account=2100",
    "stripe.error.AuthenticationError: Invalid API Key provided: sk_live_********************{{an4}}",
    "Started POST \"/users/sign_in\" for {{ip}}\n  Parameters: {\"user\"=>{\"email\"=>\"{{email}}\", \"password\"=>\"[FILTERED]\"}, \"commit\"=>\"Log in\"}",
    "{{ts}} WARN auth: login failed for user {{user}} (bad password) from {{ip}}",
    "X-Request-Id: {{uuid}}\nX-Correlation-Id: {{trace}}",
    "{{ts}} DEBUG http.client headers={'Authorization': '<redacted>', 'Idempotency-Key': '{{uuid}}'}",
    "Run docker/login-action@v3\n  with:\n    registry: ghcr.io\n    username: {{user}}\n    password: ***\nLogin Succeeded!",
    "[{{ts}}] INFO JdbcSinkConfig values:\n\tconnection.password = [hidden]\n\tconnection.url = jdbc:postgresql://{{host}}:5432/{{db}}",
    "{{ts}} UTC [{{pid}}] {{user}}@{{db}} FATAL:  password authentication failed for user \"{{user}}\"",
    "{{ts}} INFO adyen notification pspReference={{dg16}} eventCode=AUTHORISATION success=true merchantReference=ORD-{{nn}}",
    "{{ts}} INFO webhook received id=evt_1P{{an}} type=charge.refunded livemode=true",
    "{{ts}} INFO jwt verified kid={{kid}} iss=https://auth.{{dom}}/ sub={{uuid}}",
    "digest: sha256:{{sha256}} size: 2203",
    "{{ts}} INFO vault: token renewed, ttl=768h, accessor={{an}}",
    "{{ts}} INFO secrets: loaded 14 keys from aws-secretsmanager prod/{{ns}}/* (values not logged)",
    "{{ts}} WARN kyc: Onfido applicant {{uuid}} check {{uuid2}} result=consider",
    "{{ts}} INFO sumsub applicantId={{hx}}{{hx16}} reviewStatus=completed reviewAnswer=GREEN",
    "127.0.0.1 - - [03/May/2024:10:{{mm}}:01 +0000] \"GET /health HTTP/1.1\" 200 2 \"-\" \"kube-probe/1.29\"",
    "{{ts}} ERROR payouts: Wise returned 401 (token expired?) for profile {{mid}}; token value not logged",
    "{{ts}} INFO login ok user={{user}} mfa=totp ip={{ip}} session={{uuid}}",
    "Set-Cookie: __Host-session=; Path=/; Max-Age=0; Secure; HttpOnly; SameSite=Lax",
    "{{ts}} INFO etsy: fetched receipt {{dg10}} for shop {{shop}}",
    "{{ts}} INFO shopee: order_sn=24{{dg10}}{{up4}} status=READY_TO_SHIP",
    "{{ts}} INFO mercadolibre: item MLB{{dg10}} stock updated to {{n}}",
    "{{ts}} INFO amazon sp-api: order {{order}} FulfillmentChannel=AFN",
    "{{ts}} INFO ebay: order {{n}}-{{dg4}}{{k}}-{{dg42}}{{k2}} paid",
    "GET /v1/orders?cursor={{cursor}} 200 81ms",
    "{{ts}} WARN rate limited by Binance (orderId={{dg10}}), backing off 2s",
    "{{ts}} INFO github actions: PLAID_SECRET: ***  STRIPE_SECRET_KEY: ***",
    "{{ts}} DEBUG cache hit key=recon:{{sha256}}",
    # --- notes / chat
    "Reminder: the prod DB password is in 1Password under 'Ledger / prod'. Please don't paste it in Slack.",
    "I rotated the Stripe key; the new one is in AWS Secrets Manager at prod/checkout/stripe (version {{uuid}}).",
    "Password policy (SOC 2 CC6.1): min 14 chars, 1 symbol, MFA required, rotate service credentials every 90 days.",
    "{{name}}: La contraseña está en el gestor de contraseñas (carpeta Finanzas), no la pongas en el chat \U0001f64f",
    "{{name}}: A senha do banco fica no cofre (Bitwarden \u2192 Financeiro \u2192 Conta PJ).",
    "{{name}}: Das Passwort liegt im Tresor unter Finanzen/Bank-SFTP, bitte nicht per Mail schicken.",
    "{{name}}: パスワードは1Passwordの「経理」Vaultに入っています。チャットには貼らないでください。",
    "{{name}}：密码在 Vault 里（secret/payments/alipay），别发群里。",
    "{{name}} : le token Qonto est dans le coffre, variable QONTO_SECRET_KEY, demande-moi l'accès.",
    "{{name}}: 비밀번호는 1Password 재무 금고에 있어요. 여기에 붙여넣지 마세요.",
    "{{name}}: password-nya ada di Bitwarden folder Keuangan, jangan share di grup ya.",
    "{{name}}: şifre 1Password'de 'Muhasebe' kasasında, buraya yazmayalım.",
    "{{name}}: пароль лежит в Vault по пути secret/finance/yookassa, в чат не кидаем.",
    "creds: see vault path secret/{{ns}}/bank-sftp (ask {{name}} for the policy)",
    "pw: ask {{name}} on Signal, it's not in any doc on purpose",
    "Audit note {{date}}: verified no cleartext credentials in runbooks RB-{{nn}} through RB-{{nn2}}.",
    "KYC vendor shortlist: Sumsub, Onfido, Veriff, Persona \u2014 need their SOC 2 reports before we create any API keys.",
    "Standup: {{name}} rotated the Binance API key (old key disabled at {{time}}), bot restarted with the new env var.",
    "{{ticket}}: seller says the password reset email never arrives; checked SendGrid activity, message {{uuid}} was delivered.",
    "Decision {{date}}: webhook secrets are per endpoint; store them as WEBHOOK_SECRET_<PSP> env vars sourced from SSM.",
    "Tip: to generate a strong password run `openssl rand -base64 24` and store it straight into the vault.",
    "Receipt shows card **** **** **** {{dg4}}, auth code {{up4}}{{k}}, amount {{amt}} {{cur}}.",
    "Please pay invoice INV-{{nn}} to IBAN {{iban}} (BIC COBADEFFXXX), reference {{up}}.",
    "The 'password' column in the Shopee seller export is always empty \u2014 they never return it, so nothing to scrub there.",
    "Token expired at {{ts}}; refreshed via the OAuth refresh flow (token itself is not logged anywhere).",
    "We will never ask you for your password, PIN or API secret by email or phone. \u2014 {{co}} Payments Security",
    "GOAL: move every PSP credential out of .env files into Secrets Manager; list of env var names in docs/secrets.md.",
    "Notes: commit {{sha7}} removed the hardcoded Adyen key; key was rotated the same day (see {{ticket}}).",
    "The Plaid client_id ({{cid}}) is not secret, the secret is PLAID_SECRET in SSM.",
    "PCI scope note: we only store tokens (tok_{{an}}), never PAN or CVV; masked PAN is 411111******{{dg4}}.",
    "{{name}}: ¿alguien sabe dónde quedó la clave de AFIP? \u2014 {{name2}}: en el 1Password, bóveda Impuestos.",
    "{{name}}: the Etsy keystring is public-ish (it's in every request), the shared secret is the sensitive part \u2014 it's in Doppler.",
    "Placeholder values in docs: <your-api-key>, YOUR_SECRET_HERE, xxxx-xxxx, ${STRIPE_SECRET_KEY}.",
    "Masked in the dashboard: sk_live_\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022{{an4}} (created {{date}}, last used {{date2}})",
    "Compliance: quarterly access review done; 3 stale API keys revoked (ids key_{{hx}}, key_{{hx2}}, key_{{hx3}}).",
    "{{name}}: the thing that looks like a key in the URL is just the order hash {{md5}}, not a secret.",
    "Wallet for customer refunds (public): {{evm}} \u2014 never share the signer key, it's in the HSM.",
    "Checksum of the signed bank file: SHA-256 {{sha256}} (matches the one the bank emailed).",
    # --- CI
    "env:\n  STRIPE_SECRET_KEY: ${{ secrets.STRIPE_SECRET_KEY }}\n  PLAID_SECRET: ${{ secrets.PLAID_SECRET }}",
    "publish:\n  script:\n    - echo \"//gitlab.{{dom}}/api/v4/projects/${CI_PROJECT_ID}/packages/npm/:_authToken=${CI_JOB_TOKEN}\" > .npmrc\n    - npm publish",
    "      - run: echo \"::add-mask::$BANK_API_TOKEN\"",
    "withCredentials([string(credentialsId: 'plaid-secret', variable: 'PLAID_SECRET')]) {\n  sh 'python scripts/sync.py'\n}",
    "RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci --omit=dev",
    "resource \"aws_db_instance\" \"ledger\" {\n  username = \"ledger_admin\"\n  password = random_password.ledger.result\n}",
    "password = jsondecode(data.aws_secretsmanager_secret_version.db.secret_string)[\"password\"]",
    "      - uses: actions/checkout@{{sha}} # v4.1.7",
    "      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          role-to-assume: arn:aws:iam::{{mid}}111:role/gha-deploy\n          aws-region: {{region}}",
    "      - restore_cache:\n          keys:\n            - v1-deps-{{ checksum \"package-lock.json\" }}",
    "helm upgrade --install kyc ./charts/kyc --set-file secrets=./secrets.enc.yaml -f values-{{env}}.yaml",
    "image: ghcr.io/{{org}}/recon@sha256:{{sha256}}",
    "deploy:\n  stage: deploy\n  environment: production\n  script:\n    - ./deploy.sh\n  only: [tags]\n  # DEPLOY_KEY is a masked+protected CI/CD variable",
    "- name: Check for secrets\n  uses: gitleaks/gitleaks-action@v2\n  env:\n    GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    "+ docker login -u ci-bot -p **** registry.{{dom}}\nLogin Succeeded",
    "Job succeeded. Artifacts: recon-{{ver}}.tar.gz (sha256 {{sha256}})",
    "steps:\n  - name: Decrypt secrets\n    run: sops -d secrets/prod.enc.yaml > /tmp/secrets.yaml",
    "ENV PIP_INDEX_URL=https://pkgs.{{dom}}/simple\nRUN --mount=type=secret,id=pip_auth pip install -r requirements.txt",
    "valueFrom:\n  secretKeyRef:\n    name: wise-api\n    key: WISE_API_TOKEN\n    optional: false",
    "pulumi config set --secret payments:stripeKey   # value read from stdin, stored encrypted",
    "argocd app sync payouts --revision {{sha}}",
    "Build #{{nn}} ({{sha7}}) deployed to {{env}} by {{name}}",
    # --- vendor public identifiers
    "Stripe publishable key for the checkout page: {{pklive}}",
    "Square application ID: sq0idp-{{an}}{{an2}} (public, used by the Web Payments SDK)",
    "Stripe objects: cus_{{an}}, pi_3P{{an2}}, ch_3P{{an3}}, re_3P{{an4}}",
    "Plaid item_id {{an}}{{an2}} request_id {{an3}}",
    "Google OAuth client id: {{nn}}{{mid}}-{{lo}}{{lo2}}.apps.googleusercontent.com",
    "Twilio Account SID AC{{md5}} (identifier only; the auth token lives in SSM)",
    "Coinbase order {{uuid}} filled 0.{{nn}} BTC @ {{amt}} USD",
    "Marqeta card token {{uuid}} state=ACTIVE last_four={{dg4}}",
    "Dwolla funding source: https://api.dwolla.com/funding-sources/{{uuid}}",
    "Adyen merchant account {{co}}ECOM, terminal V400m-{{dg10}}",
    "Amazon seller id A{{up}}{{up2}}, marketplace A1PA6795UKMFR9",
    "Onfido applicant {{uuid}} \u2014 workflow run {{uuid2}}",
    "Alpaca order id {{uuid}} client_order_id grid-{{hx}}",
    "Xero tenant id {{uuid}} (Demo Company (Global))",
    "QuickBooks realm id {{nn}}{{mid}}",
    "Razorpay payment pay_{{an}} order order_{{an2}}",
    "Mollie payment tr_{{an}} profile pfl_{{hx}}",
    "PayPal capture id {{up}}{{up2}} merchant id {{up4}}{{up3}}",
    "MercadoPago payment id {{dg10}}, preference id {{mid}}-{{uuid}}",
    "Xendit disbursement id disb-{{uuid}}",
    "BitGo wallet id {{hx}}{{hx162}} (public identifier)",
    "public key for verifying bank webhooks:\nssh-ed25519 {{sshpub}} bank-webhooks",
    "Fireblocks vault account 12, asset USDC_POLYGON, deposit address {{evm}}",
    "Ethereum tx 0x{{sha256}} confirmed in block 19{{dg10}}",
    "BTC withdrawal to {{btc}} broadcast, txid {{sha256}}",
]

# ================================================================ assembly
_GROUPS = ["command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 188
_USED = set()


def _instance(fmt):
    group, name, tpl, sec, vis = fmt
    for _ in range(100):
        ctx = _Ctx()
        v = sec()
        if isinstance(v, dict):
            ctx.update(v)
            s = v["S"]
        else:
            s = v
            ctx["S"] = v
        if len(s) < 6 or s in _USED:
            continue
        text = _render(tpl, ctx)
        visible = _render(vis, ctx) if vis else ""
        if s not in text or (visible and (visible not in text or s in visible)):
            raise ValueError("bad format %s" % name)
        _USED.add(s)
        return (group, name, text, s, visible)
    raise ValueError("could not draw a fresh secret for %s" % name)


def _build_secrets():
    names = [f[1] for f in _FORMATS]
    if len(names) != len(set(names)):
        raise ValueError("duplicate format names")
    out = []
    for g in _GROUPS:
        fmts = [f for f in _FORMATS if f[0] == g]
        n = 0
        for _round in range(3):
            for f in fmts:
                if n >= _PER_GROUP:
                    break
                out.append(_instance(f))
                n += 1
    return out


def _build_benign(target=950):
    out = []
    seen = set()
    for _round in range(20):
        for t in _BT:
            if len(out) >= target:
                return out
            s = _render(t, _Ctx())
            if s in seen:
                continue
            seen.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign()
