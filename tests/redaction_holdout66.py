"""Blind hold-out corpus #66 for a secret-redaction engine.

What it is
----------
A fixed, importable test corpus.  ``SECRETS`` holds text fragments of the
kind a coding agent (Claude Code, Codex, Gemini CLI) writes into its saved
working state -- goals, running notes, shell commands it ran, tool output,
excerpts of files it opened, decisions, chat messages pasted in by
teammates, log lines, CI configuration -- each containing exactly one
credential that a redaction engine must remove.  ``BENIGN`` holds fragments
from the same kinds of places that contain no credential at all but look
secret-ish to a naive scanner (hashes, ids, public keys, placeholders,
masked values, references to where a secret is kept, prose about
passwords, ...).  A good engine removes every ``secret`` and leaves every
``visible`` substring and every ``BENIGN`` string readable.

Theme
-----
Customer support and contact centres: helpdesks (Zendesk, Freshdesk, Help
Scout, Intercom, Front, Gorgias, Kustomer), CCaaS and telephony (Twilio
Flex, Genesys Cloud, Five9, Amazon Connect, Aircall, Talkdesk, RingCentral,
Vonage, Asterisk/FreeSWITCH PBXs), chat widgets and chatbots, CRM glue
scripts (HubSpot, Salesforce Service Cloud), macros and ticket exports,
agents' shift handovers and escalations, call-recording storage and
satisfaction-survey tools.  All eight groups are still covered.

Provenance
----------
Written blind, from general knowledge only: no redaction rules, no other
corpus and no search tool were consulted.  Where a vendor's real credential
shape is known (for example Twilio ``AC``/``SK`` identifiers, Slack
``xoxb-``, Stripe ``sk_live_``, GitHub ``ghp_``, HubSpot ``pat-na1-``,
SendGrid ``SG.``) it is imitated; where it is not known a plausible shape
was invented.  Every value is a fresh pseudo-random draw.  All hosts,
companies, people, phone numbers, account ids and values are fictitious.

Layout
------
``SECRETS`` -- list of 5-tuples ``(group, format, text, secret, visible)``:

* ``group``: one of command, tool-output, config-file, source-code,
  stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token (about 187
  entries each);
* ``format``: kebab-case name of the shape; each format is used at most
  three times, so there are more than 500 distinct formats;
* ``text``: the fragment as the agent recorded it (one to a dozen or so
  lines, with realistic surroundings);
* ``secret``: the exact substring of ``text`` that must not survive
  redaction (only the key body for PEM private keys, only the signature
  for signed URLs, only the password for user:password pairs);
* ``visible``: a substring of ``text`` that must stay readable (host, user
  name, command, variable name ...) or ``""``.

``BENIGN`` -- list of about 950 distinct strings with no credential in
them, drawn from the same contexts (commands, notes, configuration, logs,
CI files, vendor dashboards).

Determinism
-----------
``_R = random.Random(SEED)`` is the only source of randomness; every value
is drawn from it at import time in a fixed order, so importing the module
twice yields identical lists.  Nothing is printed at import.

Measured
--------
Blind, read after that session's first rules (made from the older corpora's misses), which changed
none of its results: recall 0.979 (1,465 of 1,496) and false positives 27 of 950 (2.8%). Tuned on
since: 0.988 and 13 of 950 (1.4%).
"""

import base64
import json
import random
import re
import string

SEED = 66066606
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# random value helpers (all draw from _R)
# ---------------------------------------------------------------------------
_LOW = string.ascii_lowercase
_UPP = string.ascii_uppercase
_DIG = string.digits
_HEXC = "0123456789abcdef"
_ANC = _LOW + _UPP + _DIG
_B64C = _ANC + "+/"
_B64UC = _ANC + "-_"


def _s(n, alpha):
    return "".join(_R.choice(alpha) for _ in range(n))


def hx(n):
    return _s(n, _HEXC)


def HX(n):
    return _s(n, "0123456789ABCDEF")


def an(n):
    return _R.choice(_LOW + _UPP) + _s(n - 1, _ANC)


def lo(n):
    return _R.choice(_LOW) + _s(n - 1, _LOW + _DIG)


def up(n):
    return _R.choice(_UPP) + _s(n - 1, _UPP + _DIG)


def dg(n):
    return _R.choice("123456789") + _s(n - 1, _DIG)


def b64(n):
    return _R.choice(_ANC) + _s(n - 1, _B64C)


def b64u(n):
    return _R.choice(_ANC) + _s(n - 1, _B64UC)


def b32(n):
    return _s(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")


def pick(seq):
    return _R.choice(seq)


def rint(a, b):
    return _R.randint(a, b)


def uid():
    h = "%032x" % _R.getrandbits(128)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def b64e(s):
    return base64.b64encode(s.encode("utf-8")).decode("ascii")


def _b64ue(raw):
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def jwt(claims=None, alg="HS256", siglen=43):
    hdr = {"alg": alg, "typ": "JWT"}
    if claims is None:
        claims = {"sub": uid(), "iat": rint(1700000000, 1760000000)}
    claims = dict(claims)
    claims.setdefault("jti", hx(16))
    h = _b64ue(json.dumps(hdr, separators=(",", ":")).encode())
    p = _b64ue(json.dumps(claims, separators=(",", ":")).encode())
    return h + "." + p + "." + b64u(siglen)


def _wrap(s, width):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def pem_rsa_body(nbytes=1190):
    raw = bytes.fromhex("308204a40201000282010100") + _rbytes(nbytes)
    return _wrap(base64.b64encode(raw).decode(), 64)


def pem_pkcs8_ec_body():
    raw = (bytes.fromhex("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420")
           + _rbytes(32) + bytes.fromhex("a14403420004") + _rbytes(64))
    return _wrap(base64.b64encode(raw).decode(), 64)


def pem_ec_body():
    raw = (bytes.fromhex("30770201010420") + _rbytes(32)
           + bytes.fromhex("a00a06082a8648ce3d030107a14403420004") + _rbytes(64))
    return _wrap(base64.b64encode(raw).decode(), 64)


def openssh_body():
    raw = (b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01"
           b"\x00\x00\x003\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 " + _rbytes(32)
           + b"\x00\x00\x00\x88" + _rbytes(8) + b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00 "
           + _rbytes(32) + b"\x00\x00\x00@" + _rbytes(64) + b"\x00\x00\x00\x0e" + _rbytes(18))
    return _wrap(base64.b64encode(raw).decode(), 70)


# ---------------------------------------------------------------------------
# passwords people choose
# ---------------------------------------------------------------------------
_PWWORDS = (
    "marigold harbor copper kettle lantern saffron tundra wafer ripple orbit cobalt juniper "
    "meadow falcon thistle pepper velvet granite sparrow walnut maple cedar olive pumpkin "
    "biscuit dolphin glacier canyon ember willow quartz hazel breeze tangerine raven nectar "
    "monsoon pebble violet puffin badger otter lemon ginger cactus mango truffle sailor "
    "rocket comet nebula galaxy summit valley prairie harvest tractor anchor lighthouse "
    "compass voyage beacon signal headset dialtone switchboard ticket macro queue agent "
    "shift rota sunrise sunset midnight autumn winter spring summer crimson indigo scarlet "
    "emerald amber ivory onyx topaz garnet opal zebra koala panda lynx bison moose heron "
    "pelican gecko iguana walrus narwhal puma jaguar coyote fennel basil clove nutmeg "
    "paprika cinnamon espresso latte mocha waffle pretzel bagel noodle dumpling taco "
    "burrito samosa falafel kimchi sushi ramen paella risotto gnocchi strudel baklava "
    "tiramisu violin cello banjo tuba piano guitar trumpet oboe harp flute drum bugle"
).split()

_PLACES = ("Valparaiso Rotterdam Lisbon Gdansk Nairobi Osaka Bergen Cordoba Tbilisi Porto "
           "Kraków Lagos Hobart Tromso Galway Bilbao Antwerp Mombasa Cusco Hanoi Dakar Ghent "
           "Ljubljana Aarhus Tampere Valencia Seville Madurai Pune Busan Sapporo Recife").split()
_PLACES = [p.replace("ó", "o") for p in _PLACES]

_SYM = "!#%*-_.+=?^~@$"
_SYMU = "!*-_.~"
_LEET = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7"}
_LEETU = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}
_SYLL = [c + v for c in "bdfgklmnprstvz" for v in "aeiou"]


def _cap(w):
    return w[:1].upper() + w[1:]


def pw(safe=False, kind=None):
    sym = _SYMU if safe else _SYM
    k = kind or pick(["wd", "wsd", "2w", "leet", "phrase", "pron", "rand", "place", "rand",
                      "season", "mixed"])
    if k == "wd":
        return _cap(pick(_PWWORDS)) + dg(rint(2, 4)) + pick(sym)
    if k == "wsd":
        return pick(_PWWORDS) + pick(sym) + dg(rint(3, 5))
    if k == "2w":
        return _cap(pick(_PWWORDS)) + _cap(pick(_PWWORDS)) + dg(2) + pick(["", pick(sym)])
    if k == "leet":
        tbl = _LEETU if safe else _LEET
        w = pick(_PWWORDS) + pick(_PWWORDS)
        w = "".join(tbl.get(ch, ch) if _R.random() < 0.6 else ch for ch in w)
        return _cap(w) + pick(sym) + dg(2)
    if k == "phrase":
        sep = pick(["-", ".", "_", "-"])
        ws = [pick(_PWWORDS) for _ in range(rint(3, 5))]
        if _R.random() < 0.5:
            ws.append(str(rint(1, 99)))
        return sep.join(ws)
    if k == "pron":
        parts = []
        for _ in range(rint(2, 3)):
            parts.append(_cap("".join(pick(_SYLL) for _ in range(rint(2, 3)))))
        return pick(["-", "", "."]) .join(parts) + dg(2)
    if k == "place":
        return pick(_PLACES) + pick(sym) + str(rint(1960, 2025))
    if k == "season":
        return pick(["Spring", "Summer", "Autumn", "Winter", "Fall"]) + str(rint(2019, 2026)) + pick(sym) + lo(3)
    if k == "mixed":
        return _cap(pick(_PWWORDS))[:4] + pick(sym) + an(6) + dg(2)
    # random strong
    n = rint(12, 22)
    return pick(_LOW + _UPP) + _s(n - 1, _ANC + sym + _ANC)


def phrase(sep=" ", n=None):
    return sep.join(pick(_PWWORDS) for _ in range(n or rint(4, 5)))


def pin(n=None):
    return dg(n or rint(6, 8))


# vendor-ish token shapes --------------------------------------------------
def aws_secret():
    return _R.choice(_ANC) + _s(39, _ANC + "+/")


def aws_session():
    return "IQoJb3JpZ2luX2VjE" + b64(rint(280, 340)) + "=="


def intercom_tok():
    return b64e("tok:" + uid() + ":1:0")


def sf_session():
    return "00D" + an(12) + "!AQ" + pick("0123456789ABCDEFGHIJK") + "AQ" + _s(rint(90, 100), _ANC + "._")


def slack_bot():
    return "xoxb-" + dg(12) + "-" + dg(13) + "-" + an(24)


def slack_user():
    return "xoxp-" + dg(12) + "-" + dg(12) + "-" + dg(13) + "-" + hx(32)


def gh_pat():
    return "ghp_" + an(36)


def gh_fine():
    return "github_pat_11" + up(20) + "_" + an(59)


def glpat():
    return "glpat-" + _s(20, _ANC + "-_")


def sendgrid_key():
    return "SG." + b64u(22) + "." + b64u(43)


def stripe_sk():
    return "sk_live_" + an(rint(24, 99))


def hub_pat():
    return "pat-" + pick(["na1", "eu1", "na2"]) + "-" + uid()


def openai_key():
    return "sk-proj-" + b64u(rint(100, 140))


def anthropic_key():
    return "sk-ant-api03-" + b64u(93) + "AA"


def google_key():
    return "AIza" + b64u(35)


def tg_token():
    return dg(10) + ":AA" + b64u(33)


def rc_jwt():
    return jwt({"aud": "https://platform.ringcentral.com/restapi/oauth/token", "sub": dg(9),
                "iss": "https://platform.ringcentral.com", "exp": 3900000000}, alg="RS256", siglen=342)


def genesys_secret():
    return b64u(43)


def azure_key():
    return b64(86) + "=="


def gocspx():
    return "GOCSPX-" + b64u(28)


# ---------------------------------------------------------------------------
# fictitious surroundings: people, companies, hosts, ids
# ---------------------------------------------------------------------------
_FIRST = ("Priya Tomasz Aiko Mateo Fatima Lars Chiara Kwame Ingrid Rafael Yuki Amara Dmitri "
          "Sofia Oluwaseun Hannah Jonas Mei Diego Leila Noah Camille Arjun Elif Bruno Siobhan "
          "Kenji Zanele Marek Lucia Anika Tariq Beatriz Henrik Nadia Ruben Svetlana Malik Greta "
          "Hiroshi Aisha Pieter Valentina Emeka Freya Joon Ana Omar Claire Rohan").split()
_LAST = ("Kumar Nowak Tanaka Fernandez Haddad Lindqvist Romano Mensah Berg Oliveira Sato Okafor "
         "Volkov Rossi Adeyemi Becker Weber Chen Morales Karimi Dubois Martin Patel Yilmaz Costa "
         "Byrne Nakamura Dlamini Kowalski Garcia Schmidt Rahman Santos Jensen Petrova Vargas "
         "Osei Hoffmann Takahashi Bello Devries Ricci Eze Larsen Park Silva Farouk Moreau Mehta").split()
_COMPANIES = [
    ("Larkspur Outfitters", "larkspur-outfitters.com", "larkspur"),
    ("Brindlewood Home", "brindlewoodhome.co", "brindlewood"),
    ("Quillon Telecom", "quillon-tel.net", "quillon"),
    ("Nimbus Pet Supply", "nimbuspetsupply.com", "nimbuspet"),
    ("Ferrovia Travel", "ferrovia-travel.eu", "ferrovia"),
    ("Halcyon Mutual", "halcyonmutual.co.uk", "halcyon"),
    ("Orchard & Vale", "orchardvale.shop", "orchardvale"),
    ("Tessellate Energy", "tessellate-energy.de", "tessellate"),
    ("Kestrel Mobility", "kestrelmobility.io", "kestrel"),
    ("Pallas Insurance", "pallas-ins.com", "pallas"),
    ("Greywater Utilities", "greywater-util.com", "greywater"),
    ("Saltmarsh Bikes", "saltmarshbikes.com", "saltmarsh"),
    ("Umbra Streaming", "umbrastream.tv", "umbra"),
    ("Corvid Logistics", "corvidlogistics.com", "corvid"),
    ("Lumen Dental Group", "lumendental.com.au", "lumendental"),
    ("Veridian Bank", "veridianbank.example", "veridian"),
    ("Alder & Finch", "alderfinch.com", "alderfinch"),
    ("Mistral Airways", "mistral-air.fr", "mistralair"),
    ("Petrichor Cosmetics", "petrichor-beauty.com", "petrichor"),
    ("Bramble Broadband", "bramblebb.co.uk", "bramble"),
    ("Solano Furniture", "solano-furniture.es", "solano"),
    ("Wexford Health", "wexfordhealth.ie", "wexford"),
    ("Tamarind Foods", "tamarindfoods.in", "tamarind"),
    ("Nordlys Fitness", "nordlysfitness.no", "nordlys"),
]
_QUEUES = ["Billing EN", "Tier2-Escalations", "Returns-DE", "VIP Callback", "Outage Line",
           "Chat-General", "Retention", "Claims-FR", "Tech Support L1", "Spanish Overflow",
           "After-hours", "Fraud Desk", "Warranty", "Onboarding", "Cancellations"]
_REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-west-2", "eu-central-1", "ap-southeast-2",
            "ca-central-1", "ap-northeast-1", "sa-east-1"]
_ROLES = ["pg", "pgsql", "mysql", "db", "redis", "rabbit", "mq", "sip", "pbx", "ivr", "rec",
          "recstore", "crm", "etl", "wfm", "chat", "bot", "kb", "csat", "report", "wallboard",
          "sbc", "fs", "ast", "api", "gw", "sftp", "ldap", "mongo", "es"]
_ENVS = ["prod", "stg", "dev", "eu1", "us2", "dr", "uat"]
_DBS = ["support", "cc_reporting", "tickets", "csat", "wfm", "ivr_config", "recordings_meta",
        "helpdesk", "chatbot", "crm_sync", "qa_scores", "callbacks", "kb_search", "sla_metrics"]
_SVCUSERS = ["svc_zendesk", "cc_reporting", "flex_sync", "csat_etl", "wfm_reader", "ivr_app",
             "rec_uploader", "crm_glue", "chatbot", "kb_indexer", "qa_bot", "sla_monitor",
             "callback_svc", "helpdesk_app", "survey_sync", "agent_portal", "escalation_bot"]
_APPS = ["zd-sync", "flex-bridge", "csat-pipeline", "callback-router", "ticket-exporter",
         "macro-sync", "wallboard", "chat-router", "recording-archiver", "escalation-bot",
         "hubspot-glue", "sf-case-sync", "survey-webhooks", "kb-indexer", "qa-scorer"]
_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def _person_email(c):
    return "%s.%s@%s" % (c["first"].lower(), c["last"].lower(), c["dom"])


def _date(c):
    return "20%d-%02d-%02d" % (rint(24, 25), rint(1, 12), rint(1, 28))


_CTXGEN = {
    "first": lambda c: pick(_FIRST),
    "last": lambda c: pick(_LAST),
    "first2": lambda c: pick([f for f in _FIRST if f != c["first"]]),
    "first3": lambda c: pick([f for f in _FIRST if f not in (c["first"], c["first2"])]),
    "person": lambda c: c["first"] + " " + c["last"],
    "email": _person_email,
    "email2": lambda c: "%s@%s" % (c["first2"].lower(), c["dom"]),
    "login": lambda c: (c["first"][0] + c["last"]).lower(),
    "co": lambda c: pick(_COMPANIES),
    "org": lambda c: c["co"][0],
    "dom": lambda c: c["co"][1],
    "short": lambda c: c["co"][2],
    "sub": lambda c: c["co"][2] + pick(["", "help", "support", "-cs", "care"]),
    "intdom": lambda c: pick(["%s.internal", "cc.%s.corp", "%s.lan", "int.%s.net", "%s-cc.local"]) % c["co"][2],
    "host": lambda c: "%s-%s-%02d.%s" % (pick(_ROLES), pick(_ENVS), rint(1, 12), c["intdom"]),
    "host2": lambda c: "%s-%s-%02d.%s" % (pick(_ROLES), pick(_ENVS), rint(1, 12), c["intdom"]),
    "ip": lambda c: "10.%d.%d.%d" % (rint(0, 60), rint(0, 255), rint(2, 250)),
    "ip2": lambda c: "172.%d.%d.%d" % (rint(16, 31), rint(0, 255), rint(2, 250)),
    "pubip": lambda c: "203.0.113.%d" % rint(2, 250),
    "user": lambda c: pick(_SVCUSERS),
    "db": lambda c: pick(_DBS),
    "app": lambda c: pick(_APPS),
    "tkt": lambda c: dg(rint(5, 7)),
    "n": lambda c: str(rint(2, 999)),
    "ext": lambda c: str(rint(1001, 7999)),
    "uuid": lambda c: uid(),
    "uuid2": lambda c: uid(),
    "sha": lambda c: hx(40),
    "sha7": lambda c: hx(7),
    "sha256": lambda c: hx(64),
    "date": _date,
    "time": lambda c: "%02d:%02d" % (rint(0, 23), rint(0, 59)),
    "hms": lambda c: "%02d:%02d:%02d" % (rint(0, 23), rint(0, 59), rint(0, 59)),
    "ts": lambda c: "%sT%s.%03dZ" % (c["date"], c["hms"], rint(0, 999)),
    "day": lambda c: pick(_DAYS),
    "region": lambda c: pick(_REGIONS),
    "acct": lambda c: dg(12),
    "bucket": lambda c: "%s-%s" % (c["short"], pick(["call-recordings", "cc-recordings-prod", "voice-archive",
                                                    "contact-lens-out", "ticket-exports", "csat-raw"])),
    "acsid": lambda c: "AC" + hx(32),
    "wsid": lambda c: "WS" + hx(32),
    "casid": lambda c: "CA" + hx(32),
    "akid": lambda c: pick(["AKIA", "AKIA", "ASIA"]) + up(16),
    "tid": lambda c: up(rint(8, 10)),
    "bid": lambda c: up(rint(10, 11)),
    "phone": lambda c: "+1 415 555 %04d" % rint(100, 199),
    "e164": lambda c: "+1%s555%04d" % (pick(["415", "312", "646", "206"]), rint(100, 199)),
    "queue": lambda c: pick(_QUEUES),
    "ghorg": lambda c: c["co"][2] + pick(["", "-cx", "-support", "-eng"]),
    "ghuser": lambda c: (c["first"] + c["last"][:3]).lower(),
    "stacct": lambda c: (c["co"][2][:10] + pick(["rec", "cc", "voice"]) + dg(3)).lower(),
    "sforg": lambda c: c["co"][2] + pick(["", "-service", "cs"]),
    "mongoid": lambda c: lo(5),
    "port": lambda c: pick(["5432", "6432", "3306", "6379", "5672", "27017", "1433", "8443"]),
    "ver": lambda c: "%d.%d.%d" % (rint(0, 9), rint(0, 30), rint(0, 40)),
    "pid": lambda c: str(rint(300, 65000)),
    "vkey": lambda c: hx(8),
    "sfcid": lambda c: "3MVG9" + _s(80, _ANC + "._"),
    "instid": lambda c: uid(),
    "clientid": lambda c: uid(),
    "hsid": lambda c: an(32),
    "sksid": lambda c: "SK" + hx(32),
}


class _Ctx(dict):
    def __missing__(self, key):
        val = _CTXGEN[key](self)
        self[key] = val
        return val


_PH = re.compile(u"\u00ab(\\w+)\u00bb")


def _fill(tmpl, c):
    return _PH.sub(lambda m: c[m.group(1)], tmpl)


_SEC = {
    "pw": lambda c: pw(),
    "pwu": lambda c: pw(safe=True),
    "phrase": lambda c: phrase(pick(["-", " ", ".", "_"])),
    "phrase_sp": lambda c: phrase(" "),
    "pin": lambda c: pin(),
    "hex32": lambda c: hx(32),
    "hex40": lambda c: hx(40),
    "hex64": lambda c: hx(64),
    "an20": lambda c: an(20),
    "an24": lambda c: an(24),
    "an32": lambda c: an(32),
    "an40": lambda c: an(40),
    "b64u43": lambda c: b64u(43),
    "aws": lambda c: aws_secret(),
    "jwt": lambda c: jwt(),
    "uuid": lambda c: uid(),
}

_SPECS = []
_CUR = [None]


def _grp(name):
    _CUR[0] = name


def T(fmt, sec, tmpl, vis=""):
    """Register a secret format: sec is a _SEC key or callable(ctx); tmpl a
    template string (placeholders in guillemets, the secret is S) or a
    callable(ctx) returning a template or (template, visible)."""
    _SPECS.append((_CUR[0], fmt, sec, tmpl, vis))


# ===========================================================================
# group: command
# ===========================================================================
_grp("command")
T("psql-uri-inline-password", "pwu",
  r"""psql "postgresql://«user»:«S»@«host»:5432/«db»?sslmode=require" -c "select status, count(*) from tickets group by 1;" """,
  "«host»")
T("pgpassword-env-prefix", "pw",
  r"""PGPASSWORD='«S»' psql -h «host» -U «user» -d «db» -f exports/csat_weekly.sql -o /tmp/csat_«date».txt""",
  "psql -h «host» -U «user»")
T("mysql-dash-p-attached", "pwu",
  r"""mysql -h «host» -u «user» -p«S» «db» -e "SELECT id, subject, priority FROM tickets WHERE queue='«queue»' LIMIT 20" """,
  "mysql -h «host» -u «user»")
T("mysqldump-password-long-flag", "pw",
  r"""mysqldump --host=«host» --user=«user» --password='«S»' --single-transaction «db» > /tmp/«db»-«date».sql""",
  "--user=«user»")
T("curl-zendesk-email-token-basic", "an40",
  r"""curl -s -u «email»/token:«S» https://«sub».zendesk.com/api/v2/tickets/«tkt».json | jq '.ticket | {status, assignee_id}'""",
  "https://«sub».zendesk.com/api/v2/tickets/«tkt».json")
T("curl-freshdesk-apikey-x", "an20",
  r"""curl -v -u «S»:X -H "Content-Type: application/json" "https://«sub».freshdesk.com/api/v2/tickets?per_page=100&updated_since=«date»" """,
  "«sub».freshdesk.com")
T("curl-twilio-sid-authtoken", "hex32",
  r"""curl -G "https://api.twilio.com/2010-04-01/Accounts/«acsid»/Calls.json" --data-urlencode "StartTime>=«date»" -d PageSize=50 -u «acsid»:«S»""",
  "«acsid»")
T("curl-intercom-bearer", lambda c: intercom_tok(),
  r"""curl -s https://api.intercom.io/conversations?per_page=20 \
  -H "Authorization: Bearer «S»" \
  -H "Intercom-Version: 2.10" -H "Accept: application/json" | jq '.conversations[].id'""",
  "https://api.intercom.io/conversations")
T("curl-front-bearer-jwt", lambda c: jwt({"scopes": ["shared:*"], "iss": "front", "sub": hx(20)}),
  r"""curl -s -H "Authorization: Bearer «S»" "https://api2.frontapp.com/conversations?q[statuses][]=unassigned&limit=50" """,
  "api2.frontapp.com")
T("httpie-helpscout-client-credentials", "an32",
  r"""http --form POST https://api.helpscout.net/v2/oauth2/token grant_type=client_credentials client_id=«hsid» client_secret=«S»""",
  "client_id=«hsid»")
T("genesys-cli-profile-new", "b64u43",
  r"""gc profiles new --name prod-euw --environment mypurecloud.ie --clientId «clientid» --clientSecret «S»""",
  "--clientId «clientid»")
T("aws-configure-set-secret", "aws",
  r"""aws configure set aws_access_key_id «akid» --profile connect-prod
aws configure set aws_secret_access_key «S» --profile connect-prod
aws connect list-instances --profile connect-prod --region «region»""",
  "aws connect list-instances")
T("export-aws-pair-then-connect", "aws",
  r"""export AWS_ACCESS_KEY_ID=«akid»
export AWS_SECRET_ACCESS_KEY=«S»
aws connect list-queues --instance-id «instid» --region «region» --queue-types STANDARD""",
  "--instance-id «instid»")
T("twilio-cli-env-api-key-secret", "an32",
  r"""TWILIO_ACCOUNT_SID=«acsid» TWILIO_API_KEY=«sksid» TWILIO_API_SECRET=«S» twilio api:flex:v1:configuration:fetch -o json""",
  "twilio api:flex:v1:configuration:fetch")
T("docker-run-env-zendesk-token", "an40",
  r"""docker run -d --name «app» --restart unless-stopped \
  -e ZENDESK_SUBDOMAIN=«sub» -e ZENDESK_EMAIL=«email» \
  -e ZENDESK_API_TOKEN=«S» \
  ghcr.io/«ghorg»/«app»:«ver»""",
  "ZENDESK_SUBDOMAIN=«sub»")
T("kubectl-create-secret-from-literal", "pw",
  r"""kubectl -n cc-prod create secret generic five9-creds --from-literal=username=«user»@«dom» --from-literal=password='«S»' --dry-run=client -o yaml | kubectl apply -f -""",
  "five9-creds")
T("helm-upgrade-set-redis-password", "pwu",
  r"""helm upgrade --install chatbot ./charts/chatbot -n support --set redis.auth.password=«S» --set image.tag=«ver» --wait""",
  "helm upgrade --install chatbot")
T("git-clone-oauth2-glpat", lambda c: glpat(),
  r"""git clone https://oauth2:«S»@gitlab.«dom»/support-eng/macro-sync.git && cd macro-sync""",
  "gitlab.«dom»/support-eng/macro-sync.git")
T("git-remote-set-url-ghp", lambda c: gh_pat(),
  r"""git remote set-url origin https://«ghuser»:«S»@github.com/«ghorg»/flex-plugins.git
git push origin feature/wrapup-codes""",
  "github.com/«ghorg»/flex-plugins.git")
T("npm-config-set-authtoken", lambda c: "npm_" + an(36),
  r"""npm config set //registry.npmjs.org/:_authToken=«S» && npm publish --access restricted""",
  "npm publish --access restricted")
T("sshpass-asterisk-remote", "pw",
  r"""sshpass -p '«S»' ssh -o StrictHostKeyChecking=no admin@«ip» 'asterisk -rx "pjsip show endpoints"' | grep -c Avail""",
  "admin@«ip»")
T("redis-cli-dash-a", "pw",
  r"""redis-cli -h «host» -p 6379 -a '«S»' --no-auth-warning --scan --pattern 'chat:session:*' | head -20""",
  "redis-cli -h «host»")
T("mongosh-srv-uri", "pwu",
  r"""mongosh "mongodb+srv://«user»:«S»@cluster0.«mongoid».mongodb.net/chatbot?retryWrites=true&w=majority" --eval 'db.transcripts.countDocuments({resolved:false})'""",
  "cluster0.«mongoid».mongodb.net")
T("sqlcmd-dash-p", "pw",
  r"""sqlcmd -S «host»,1433 -U sa -P '«S»' -d CallRecording -Q "SELECT TOP 10 RecordingId, AgentId, DurationSec FROM dbo.Recordings ORDER BY CreatedAt DESC" """,
  "-d CallRecording")
T("htpasswd-batch-create", "pw",
  r"""sudo htpasswd -b -c /etc/nginx/.htpasswd_wallboard wallboard '«S»' && sudo nginx -s reload""",
  "/etc/nginx/.htpasswd_wallboard")
T("openssl-pkcs12-passout", "pw",
  r"""openssl pkcs12 -export -in sip-tls.crt -inkey sip-tls.key -certfile ca-chain.pem -out sbc-«n».p12 -passout 'pass:«S»'""",
  "openssl pkcs12 -export")
T("rabbitmqctl-add-user", "pwu",
  r"""rabbitmqctl add_user ticket-router «S» && rabbitmqctl set_permissions -p /support ticket-router ".*" ".*" ".*" """,
  "rabbitmqctl add_user ticket-router")
T("ldapsearch-bind-dash-w", "pw",
  r"""ldapsearch -x -H ldaps://«host» -D "cn=svc-helpdesk,ou=Service,dc=«short»,dc=local" -w '«S»' -b "ou=Agents,dc=«short»,dc=local" "(memberOf=cn=Tier2,ou=Groups,dc=«short»,dc=local)" mail""",
  "cn=svc-helpdesk,ou=Service")
T("smbclient-user-percent-password", "pwu",
  r"""smbclient //«host»/Recordings -U 'CORP\svc_rec%«S»' -c 'cd 2024\03; ls'""",
  "//«host»/Recordings")
T("wget-http-password", "pw",
  r"""wget --http-user=export --http-password='«S»' https://«host»/exports/tickets-«date».csv.gz -O /tmp/tickets.csv.gz""",
  "--http-user=export")
T("lftp-user-comma-password", "pwu",
  r"""lftp -u callrec,«S» sftp://«host» -e "mirror -R --only-newer /var/spool/asterisk/monitor /incoming; bye" """,
  "sftp://«host»")
T("psql-heredoc-create-role", "pw",
  r"""psql -h «host» -U postgres -d «db» <<'SQL'
CREATE ROLE csat_reader LOGIN PASSWORD '«S»';
GRANT USAGE ON SCHEMA survey TO csat_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA survey TO csat_reader;
SQL""",
  "CREATE ROLE csat_reader")
T("vault-kv-put-inline", lambda c: hx(64),
  r"""vault kv put secret/support/gorgias api_key=«S» account=«sub» owner=cx-platform""",
  "secret/support/gorgias")
T("gh-secret-set-body", "hex32",
  r"""gh secret set AIRCALL_API_TOKEN --body "«S»" --repo «ghorg»/aircall-bridge""",
  "AIRCALL_API_TOKEN")
T("heroku-config-set-pat", lambda c: hub_pat(),
  r"""heroku config:set HUBSPOT_PRIVATE_APP_TOKEN=«S» -a «short»-crm-glue""",
  "HUBSPOT_PRIVATE_APP_TOKEN")
T("flyctl-secrets-set-slack", lambda c: slack_bot(),
  r"""flyctl secrets set SLACK_BOT_TOKEN=«S» SLACK_CHANNEL=C0«tid» --app escalation-bot""",
  "SLACK_BOT_TOKEN")
T("az-storage-account-key-flag", lambda c: azure_key(),
  r"""az storage blob list --account-name «stacct» --account-key «S» --container-name recordings --prefix «date»/ -o table""",
  "--account-name «stacct»")
T("gcloud-sql-set-password", "pw",
  r"""gcloud sql users set-password chatbot --instance=cc-chatbot-pg --host=% --password='«S»' --project=«short»-cx-prod""",
  "gcloud sql users set-password chatbot")
T("node-script-positional-token", "an40",
  r"""# usage: import_macros.js <subdomain> <api-token> [--dry-run]
node scripts/import_macros.js «sub» «S» --dry-run""",
  "scripts/import_macros.js")
T("mosquitto-pub-wallboard", "pw",
  r"""mosquitto_pub -h «host» -p 8883 --capath /etc/ssl/certs -u wallboard -P '«S»' -t cc/queue/«n»/stats -m '{"waiting":4,"longest_wait_s":312}'""",
  "mosquitto_pub -h «host»")
T("curl-login-json-password", "pw",
  r"""curl -sX POST https://«host»/api/auth/login -H 'Content-Type: application/json' -d '{"username":"«user»","password":"«S»"}' | jq -r .token""",
  "https://«host»/api/auth/login")
T("curl-salesforce-password-grant", lambda c: pw(safe=True) + an(25),
  r"""curl -s https://login.salesforce.com/services/oauth2/token \
  -d grant_type=password -d client_id="$SF_CLIENT_ID" -d client_secret="$SF_CLIENT_SECRET" \
  -d username=«user»@«dom».service -d password=«S»""",
  "https://login.salesforce.com/services/oauth2/token")
T("docker-login-echo-password-stdin", "pw",
  r"""echo '«S»' | docker login registry.«dom» -u ci-bot --password-stdin""",
  "docker login registry.«dom»")
T("crontab-append-pass-flag", "pw",
  r"""(crontab -l; echo "*/15 * * * * /opt/cc/bin/pull_five9_reports.sh --user «user» --pass '«S»' >> /var/log/five9_pull.log 2>&1") | crontab -""",
  "/opt/cc/bin/pull_five9_reports.sh")
T("powershell-securestring-new-user", "pw",
  r"""$pw = ConvertTo-SecureString '«S»' -AsPlainText -Force
New-LocalUser -Name 'kiosk-agent' -Password $pw -FullName 'Floor 3 kiosk' -PasswordNeverExpires""",
  "New-LocalUser -Name 'kiosk-agent'")
T("powershell-irm-basic-header", lambda c: b64e(dg(6) + ":" + hx(32)),
  r"""Invoke-RestMethod -Uri "https://api.aircall.io/v1/calls?per_page=50&order=desc" -Headers @{ Authorization = "Basic «S»" } | ConvertTo-Json -Depth 4""",
  "https://api.aircall.io/v1/calls")
T("wscat-bearer-header", "jwt",
  r"""wscat -c wss://«host»/agent-events -H "Authorization: Bearer «S»" """,
  "wss://«host»/agent-events")
T("grpcurl-x-api-key", "an32",
  r"""grpcurl -H 'x-api-key: «S»' -d '{"queue_id":"«n»"}' «host»:443 routing.v1.Router/GetQueueDepth""",
  "routing.v1.Router/GetQueueDepth")
T("ansible-playbook-extra-vars", "pwu",
  r"""ansible-playbook -i inventories/prod pbx.yml -l pbx -e "asterisk_ami_secret=«S» ami_user=crm" --diff""",
  "ansible-playbook -i inventories/prod pbx.yml")
T("terraform-apply-var-flag", "an40",
  r"""terraform apply -var="zendesk_api_token=«S»" -target=module.zendesk_webhooks -auto-approve""",
  "module.zendesk_webhooks")
T("psql-conninfo-keywords", "pw",
  r"""psql "host=«host» port=6432 dbname=«db» user=«user» password=«S» sslmode=verify-full" -c '\dt survey.*'""",
  "host=«host» port=6432")
T("pg-dump-uri-table", "pwu",
  r"""pg_dump "postgres://«user»:«S»@«host»/«db»" -t survey_responses -Fc -f csat-«date».dump""",
  "-t survey_responses")
T("celery-broker-redis-url", "pwu",
  r"""celery -A helpdesk_tasks worker -b "redis://:«S»@«host»:6379/2" -Q sla,escalations -l info""",
  "celery -A helpdesk_tasks worker")
T("rabbitmqadmin-dash-p", "pw",
  r"""rabbitmqadmin -H «host» -V /support -u escalations -p '«S»' list queues name messages consumers""",
  "rabbitmqadmin -H «host»")
T("curl-slack-webhook-post", lambda c: an(24),
  r"""curl -X POST -H 'Content-type: application/json' --data '{"text":":rotating_light: «queue» backlog > 40 tickets"}' https://hooks.slack.com/services/T«tid»/B«bid»/«S»""",
  "hooks.slack.com/services/T«tid»/B«bid»/")
T("curl-sendgrid-bearer", lambda c: sendgrid_key(),
  r"""curl --request POST --url https://api.sendgrid.com/v3/mail/send \
  --header "Authorization: Bearer «S»" --header 'Content-Type: application/json' \
  --data @csat_invite_payload.json""",
  "https://api.sendgrid.com/v3/mail/send")
T("curl-hubspot-pat-tickets", lambda c: hub_pat(),
  r"""curl "https://api.hubapi.com/crm/v3/objects/tickets?limit=10&properties=subject,hs_pipeline_stage" -H "authorization: Bearer «S»" """,
  "api.hubapi.com/crm/v3/objects/tickets")
T("sf-login-access-token-echo", lambda c: sf_session(),
  r"""echo «S» | sf org login access-token --instance-url https://«sforg».my.salesforce.com --no-prompt --alias svc-prod""",
  "https://«sforg».my.salesforce.com")
T("openssl-enc-pass-arg", "pw",
  r"""openssl enc -aes-256-cbc -pbkdf2 -salt -in agents_«date».csv -out agents_«date».csv.enc -pass 'pass:«S»'""",
  "openssl enc -aes-256-cbc")
T("zip-dash-p-evidence", "pw",
  r"""zip -P '«S»' escalation-evidence-«tkt».zip call-«n».wav chat-transcript.txt""",
  "escalation-evidence-«tkt».zip")
T("7z-dash-p-attached", "pwu",
  r"""7z a -p«S» -mhe=on recordings-«date».7z /srv/recordings/«date»/""",
  "recordings-«date».7z")
T("gpg-batch-passphrase", "phrase",
  r"""gpg --batch --pinentry-mode loopback --passphrase '«S»' -d exports/csat-«date».csv.gpg > /tmp/csat.csv""",
  "exports/csat-«date».csv.gpg")
T("curl-cookie-header-session", lambda c: b64u(rint(60, 120)),
  r"""curl 'https://«sub».zendesk.com/api/v2/users/me.json' -H 'Cookie: _zendesk_shared_session=«S»; _zendesk_authenticated=1' --compressed""",
  "https://«sub».zendesk.com/api/v2/users/me.json")
T("curl-vonage-sms-api-secret", lambda c: an(16),
  r"""curl -X POST https://rest.nexmo.com/sms/json -d api_key=«vkey» -d api_secret=«S» -d to=«e164» -d from=«short» -d text="Your callback is scheduled for «time»" """,
  "https://rest.nexmo.com/sms/json")
T("sqlplus-user-slash-password", "pwu",
  r"""sqlplus «user»/«S»@//«host»:1521/CCPROD @reports/abandon_rate.sql""",
  "@reports/abandon_rate.sql")
T("sipp-auth-password", "pw",
  r"""sipp -sn uac -au «ext» -ap '«S»' -s 800«n» -r 2 -m 50 «ip»:5060""",
  "sipp -sn uac -au «ext»")
T("clickhouse-client-password", "pwu",
  r"""clickhouse-client --host «host» --user analytics --password «S» --query "SELECT toDate(ts) d, count() FROM cc.call_events GROUP BY d ORDER BY d DESC LIMIT 7" """,
  "clickhouse-client --host «host»")
T("curl-x-api-key-header", "an40",
  r"""curl -s "https://«host»/v1/surveys/«uuid»/responses?since=«date»" -H "X-API-KEY: «S»" -o responses.json""",
  "/v1/surveys/«uuid»/responses")
T("curl-token-query-param", "hex40",
  r"""curl -s "https://«sub».kustomerapp.example/api/v1/exports/«uuid»?access_token=«S»" -o export.ndjson""",
  "/api/v1/exports/«uuid»")
T("net-use-drive-map", "pw",
  r"""net use R: \\«host»\CallRecordings /user:CORP\svc_rec «S» /persistent:no""",
  r"\\«host»\CallRecordings")
T("runas-savecred-alt-psexec", "pw",
  r"""psexec \\«ip» -u CORP\cc-admin -p «S» cmd /c "sc query GenesysEdge" """,
  r"sc query GenesysEdge")
T("curl-digest-user-colon-pass", "pwu",
  r"""curl --digest -u admin:«S» "http://«ip»/cgi-bin/ConfigManApp.com?key=Reboot" """,
  "--digest -u admin:")
T("jq-inline-secret-build-payload", "b64u43",
  r"""jq -n --arg id «clientid» --arg secret '«S»' '{client_id:$id, client_secret:$secret, grant_type:"client_credentials"}' | curl -s -d @- https://login.mypurecloud.com/oauth/token""",
  "https://login.mypurecloud.com/oauth/token")
T("python-one-liner-token-arg", "an32",
  r"""python3 -c 'import sys,requests; print(requests.get("https://api.helpscout.net/v2/mailboxes", headers={"Authorization":"Bearer "+sys.argv[1]}).status_code)' «S»""",
  "https://api.helpscout.net/v2/mailboxes")
T("influx-write-token-flag", lambda c: b64u(86) + "==",
  r"""influx write --host https://«host»:8086 --org cc-ops --bucket wallboard --token «S» --file queue_stats.lp""",
  "--bucket wallboard")
T("ssh-tunnel-then-mysql-pass", "pw",
  r"""ssh -fN -L 3307:«host»:3306 jump@bastion.«intdom»
mysql -h 127.0.0.1 -P 3307 -u «user» --password='«S»' «db»""",
  "ssh -fN -L 3307:«host»:3306")


# ===========================================================================
# group: tool-output
# ===========================================================================
_grp("tool-output")
T("env-grep-zendesk-block", "an40",
  r"""$ env | grep -i zendesk
ZENDESK_SUBDOMAIN=«sub»
ZENDESK_EMAIL=«email»
ZENDESK_API_TOKEN=«S»
ZENDESK_RATE_LIMIT=400""",
  "ZENDESK_SUBDOMAIN=«sub»")
T("printenv-twilio-auth", "hex32",
  r"""$ printenv | sort | grep TWILIO
TWILIO_ACCOUNT_SID=«acsid»
TWILIO_AUTH_TOKEN=«S»
TWILIO_WORKSPACE_SID=«wsid»""",
  "TWILIO_WORKSPACE_SID=«wsid»")
T("docker-inspect-env-array", "an20",
  r"""$ docker inspect «app» --format '{{json .Config.Env}}' | jq .
[
  "NODE_ENV=production",
  "FRESHDESK_DOMAIN=«sub».freshdesk.com",
  "FRESHDESK_API_KEY=«S»",
  "PORT=8080"
]""",
  "FRESHDESK_DOMAIN=«sub».freshdesk.com")
T("kubectl-get-secret-yaml-data", lambda c: b64e(pw()),
  r"""$ kubectl -n cc-prod get secret genesys-oauth -o yaml
apiVersion: v1
data:
  client_id: «uuid»
  client_secret: «S»
kind: Secret
metadata:
  name: genesys-oauth
  namespace: cc-prod
type: Opaque""",
  "name: genesys-oauth")
T("kubectl-describe-pod-env-literal", "b64u43",
  r"""$ kubectl describe pod «app»-7d9f8c6b5-x2kqz -n cc-prod | sed -n '/Environment/,/Mounts/p'
    Environment:
      GENESYS_REGION:         mypurecloud.de
      GENESYS_CLIENT_ID:      «clientid»
      GENESYS_CLIENT_SECRET:  «S»
    Mounts:""",
  "GENESYS_CLIENT_ID:      «clientid»")
T("aws-sts-query-text-output", "aws",
  r"""$ aws sts assume-role --role-arn arn:aws:iam::«acct»:role/ConnectExport --role-session-name export --query 'Credentials.[AccessKeyId,SecretAccessKey]' --output text
«akid»	«S»""",
  "arn:aws:iam::«acct»:role/ConnectExport")
T("secretsmanager-get-secret-value-json", "pw",
  r"""$ aws secretsmanager get-secret-value --secret-id prod/connect/etl-db
{
    "ARN": "arn:aws:secretsmanager:«region»:«acct»:secret:prod/connect/etl-db-Ab12Cd",
    "Name": "prod/connect/etl-db",
    "SecretString": "{\"username\":\"«user»\",\"password\":\"«S»\",\"host\":\"«host»\"}",
    "VersionStages": ["AWSCURRENT"]
}""",
  "prod/connect/etl-db")
T("vault-kv-get-table", lambda c: hx(64),
  r"""$ vault kv get secret/support/gorgias
====== Data ======
Key         Value
---         -----
account     «sub»
api_key     «S»
owner       cx-platform""",
  "secret/support/gorgias")
T("heroku-config-database-url", "pwu",
  r"""$ heroku config -a «short»-crm-glue
=== «short»-crm-glue Config Vars
DATABASE_URL: postgres://u«sha7»:«S»@ec2-54-«n»-10-1.compute-1.amazonaws.com:5432/d«sha7»
LOG_LEVEL:    info""",
  "=== «short»-crm-glue Config Vars")
T("git-config-list-x-access-token", lambda c: "ghs_" + an(36),
  r"""$ git config --list --show-origin | grep url
file:.git/config	remote.origin.url=https://x-access-token:«S»@github.com/«ghorg»/zendesk-apps.git""",
  "github.com/«ghorg»/zendesk-apps.git")
T("cat-netrc-output", "pw",
  r"""$ cat ~/.netrc
machine «host»
  login «user»
  password «S»""",
  "machine «host»")
T("pip-config-list-index-url", lambda c: "pypi-AgEIcHlwaS5vcmc" + b64u(rint(120, 160)),
  r"""$ pip config list
global.index-url='https://pypi.org/simple'
global.extra-index-url='https://__token__:«S»@pypi.«dom»/simple'""",
  "global.index-url='https://pypi.org/simple'")
T("cat-docker-config-auths", lambda c: b64e("ci-bot:" + pw()),
  r"""$ cat ~/.docker/config.json
{
	"auths": {
		"registry.«dom»": {
			"auth": "«S»"
		}
	}
}""",
  "registry.«dom»")
T("terraform-state-pull-jq", "pw",
  r"""$ terraform state pull | jq '.resources[] | select(.type=="aws_db_instance") | .instances[0].attributes | {identifier, username, password}'
{
  "identifier": "cc-reporting-prod",
  "username": "«user»",
  "password": "«S»"
}""",
  "cc-reporting-prod")
T("helm-get-values-user-supplied", "pwu",
  r"""$ helm get values chatbot -n support
USER-SUPPLIED VALUES:
image:
  tag: «ver»
redis:
  auth:
    password: «S»""",
  "helm get values chatbot")
T("jq-zendesk-target-password", "pw",
  r"""$ curl -s https://«sub».zendesk.com/api/v2/targets.json -u "$ZD_EMAIL/token:$ZD_TOKEN" | jq '.targets[] | select(.title=="CRM escalation")'
{
  "title": "CRM escalation",
  "type": "http_target",
  "target_url": "https://«host»/hooks/zendesk",
  "username": "zendesk",
  "password": "«S»"
}""",
  "https://«host»/hooks/zendesk")
T("curl-verbose-request-headers", lambda c: "ya29." + b64u(rint(150, 200)),
  r"""*   Trying 142.250.«n».10:443...
* Connected to dialogflow.googleapis.com
> POST /v2/projects/«short»-bot/agent/sessions/«uuid»:detectIntent HTTP/2
> Host: dialogflow.googleapis.com
> Authorization: Bearer «S»
> content-type: application/json
< HTTP/2 200""",
  "dialogflow.googleapis.com")
T("python-repl-settings-attr", "hex32",
  r""">>> from django.conf import settings
>>> settings.TWILIO_AUTH_TOKEN
'«S»'
>>> settings.TWILIO_ACCOUNT_SID
'«acsid»'""",
  "settings.TWILIO_AUTH_TOKEN")
T("node-repl-process-env", lambda c: intercom_tok(),
  r"""> process.env.INTERCOM_ACCESS_TOKEN
'«S»'
> process.env.INTERCOM_APP_ID
'«mongoid»x2'""",
  "process.env.INTERCOM_ACCESS_TOKEN")
T("psql-select-integrations-table", "an40",
  r"""«db»=> select id, provider, subdomain, api_token, enabled from integrations where provider='zendesk';
 id | provider | subdomain | api_token                                | enabled
----+----------+-----------+------------------------------------------+---------
 «n» | zendesk  | «sub»     | «S» | t
(1 row)""",
  "from integrations where provider='zendesk'")
T("mysql-select-sip-peers-secret", "pwu",
  r"""mysql> SELECT name, secret, context, host FROM sip_peers WHERE name='«ext»';
+------+------------------+---------------+---------+
| name | secret           | context       | host    |
+------+------------------+---------------+---------+
| «ext» | «S» | from-internal | dynamic |
+------+------------------+---------------+---------+""",
  "FROM sip_peers WHERE name='«ext»'")
T("asterisk-pjsip-show-auth", "pw",
  r"""pbx*CLI> pjsip show auth «ext»-auth
 ParameterName        : ParameterValue
 =============================================
 auth_type            : userpass
 password             : «S»
 realm                : «short».pbx
 username             : «ext»""",
  "pjsip show auth «ext»-auth")
T("gcloud-print-access-token", lambda c: "ya29." + b64u(rint(160, 220)),
  r"""$ gcloud auth print-access-token --impersonate-service-account=ccai-insights@«short»-cx.iam.gserviceaccount.com
WARNING: This command is using service account impersonation.
«S»""",
  "ccai-insights@«short»-cx.iam.gserviceaccount.com")
T("az-storage-keys-list-json", lambda c: azure_key(),
  r"""$ az storage account keys list -n «stacct» -g cc-recordings-rg
[
  {
    "creationTime": "«ts»",
    "keyName": "key1",
    "permissions": "FULL",
    "value": "«S»"
  }
]""",
  "az storage account keys list -n «stacct»")
T("sf-org-display-access-token", lambda c: sf_session(),
  r"""$ sf org display -o svc-prod
KEY              VALUE
Access Token     «S»
Api Version      60.0
Instance Url     https://«sforg».my.salesforce.com
Username         «user»@«dom».service""",
  "https://«sforg».my.salesforce.com")
T("twilio-api-keys-create-table", lambda c: an(32),
  r"""$ twilio api:core:keys:create --friendly-name flex-plugin-deploy
SID                                 Friendly Name       Date Created                   Secret
«sksid»  flex-plugin-deploy  «date» 10:04:11 GMT  «S»""",
  "--friendly-name flex-plugin-deploy")
T("stripe-config-list-output", lambda c: "rk_live_" + an(rint(60, 99)),
  r"""$ stripe config --list
[default]
  device_name = «first»-mbp
  display_name = «org» Support
  live_mode_api_key = '«S»'
  live_mode_key_expires_at = '«date»'""",
  "live_mode_api_key")
T("openssl-genpkey-stdout-ec", lambda c: pem_pkcs8_ec_body(),
  r"""$ openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256
-----BEGIN PRIVATE KEY-----
«S»
-----END PRIVATE KEY-----""",
  "openssl genpkey -algorithm EC")
T("cat-id-ed25519-output", lambda c: openssh_body(),
  r"""$ cat ~/.ssh/id_ed25519_deploy
-----BEGIN OPENSSH PRIVATE KEY-----
«S»
-----END OPENSSH PRIVATE KEY-----""",
  "cat ~/.ssh/id_ed25519_deploy")
T("ngrok-config-check-output", lambda c: dg(1) + an(26) + "_" + an(21),
  r"""$ cat ~/.config/ngrok/ngrok.yml
version: "2"
authtoken: «S»
tunnels:
  twilio-webhooks:
    proto: http
    addr: 3000""",
  "twilio-webhooks")
T("oauth-token-response-json", "b64u43",
  r"""HTTP/1.1 200 OK
Content-Type: application/json

{"access_token":"«S»","token_type":"bearer","expires_in":86399}""",
  "\"token_type\":\"bearer\"")
T("http-response-set-cookie", lambda c: "s%3A" + b64u(32) + "." + b64u(43),
  r"""HTTP/1.1 302 Found
Location: /agent/dashboard
Set-Cookie: connect.sid=«S»; Path=/; Expires=«day», 01 Jan 2026 00:00:00 GMT; HttpOnly; Secure""",
  "Location: /agent/dashboard")
T("systemctl-show-environment", "pwu",
  r"""$ systemctl show -p Environment chat-router.service
Environment=NODE_ENV=production REDIS_PASSWORD=«S» PORT=4000""",
  "chat-router.service")
T("ps-aux-cmdline-password", "pw",
  r"""$ ps aux | grep five9
svc      «pid»  1.2  0.4 312440 70012 ?  Sl   «time»   0:41 /usr/bin/python3 five9_pull.py --domain «org» --user «user» --password «S»
root     «n»99  0.0  0.0   6480  2220 pts/0  S+  «time»   0:00 grep five9""",
  "five9_pull.py --domain")
T("bash-history-mysql-root", "pwu",
  r"""$ history | tail -4
  512  cd /opt/wfm
  513  mysql -u root -p«S» wfm
  514  systemctl restart wfm-api
  515  history | tail -4""",
  "systemctl restart wfm-api")
T("grep-rn-hardcoded-token", "hex32",
  r"""$ grep -rn "authToken" src/
src/config/twilio.ts:12:  authToken: "«S»",
src/routes/voice.ts:4:import { authToken } from "../config/twilio";""",
  "src/config/twilio.ts:12")
T("git-diff-added-constant", lambda c: "sk_live_" + an(rint(24, 40)),
  r"""$ git diff HEAD~1 -- billing/refunds.py
@@ -3,6 +3,7 @@ import stripe
 from .models import RefundRequest
 
+stripe.api_key = "«S»"
 
 def issue_refund(ticket_id, amount):""",
  "billing/refunds.py")
T("git-log-p-removed-line", "pw",
  r"""$ git log -p -S password -- config/five9.yml | head -20
commit «sha»
Author: «person» <«email»>
Date:   «day» «date»

    move five9 creds to vault

-  password: «S»
+  password: ${FIVE9_PASSWORD}""",
  "move five9 creds to vault")
T("trufflehog-finding-raw", lambda c: slack_bot(),
  r"""Found verified result
Detector Type: Slack
Decoder Type: PLAIN
Raw result: «S»
File: bots/escalation/.env.bak
Line: 3""",
  "bots/escalation/.env.bak")
T("gitleaks-json-report", lambda c: sendgrid_key(),
  r"""[
 {
  "Description": "SendGrid API token",
  "StartLine": 14,
  "Secret": "«S»",
  "File": "services/csat-mailer/settings.py",
  "Commit": "«sha»",
  "RuleID": "sendgrid-api-token"
 }
]""",
  "services/csat-mailer/settings.py")
T("docker-compose-config-rendered", "pw",
  r"""$ docker compose config | sed -n '/db:/,/ports/p'
  db:
    environment:
      MYSQL_DATABASE: «db»
      MYSQL_PASSWORD: «S»
      MYSQL_USER: «user»
    image: mysql:8.0
    ports:""",
  "MYSQL_DATABASE: «db»")
T("ansible-debug-var-output", "pwu",
  r"""TASK [asterisk : debug ami settings] ******************************
ok: [pbx01.«intdom»] => {
    "ami_secret": "«S»",
    "ami_user": "crm"
}""",
  "pbx01.«intdom»")
T("terraform-output-raw", "pw",
  r"""$ terraform output -raw five9_api_password
«S»$ """,
  "terraform output -raw five9_api_password")
T("ssm-get-parameter-decrypted", "pw",
  r"""$ aws ssm get-parameter --name /cc/prod/talkdesk/password --with-decryption
{
    "Parameter": {
        "Name": "/cc/prod/talkdesk/password",
        "Type": "SecureString",
        "Value": "«S»",
        "Version": 4
    }
}""",
  "/cc/prod/talkdesk/password")
T("op-item-get-fields", "pw",
  r"""$ op item get "Five9 supervisor (shared)" --vault Support
ID:          «mongoid»«sha7»q
Title:       Five9 supervisor (shared)
Vault:       Support
Fields:
  username:    supervisor.«short»
  password:    «S»
  website:     https://login.five9.com""",
  "Five9 supervisor (shared)")
T("bw-get-item-json", "pw",
  r"""$ bw get item "Aircall admin" | jq .login
{
  "username": "«email»",
  "password": "«S»",
  "totp": null
}""",
  "bw get item \"Aircall admin\"")
T("rclone-config-show", "aws",
  r"""$ rclone config show recordings
[recordings]
type = s3
provider = AWS
access_key_id = «akid»
secret_access_key = «S»
region = «region»""",
  "[recordings]")
T("s3cmd-dump-config", "aws",
  r"""$ s3cmd --dump-config | grep -E 'access_key|secret_key|host_base'
access_key = «akid»
host_base = s3.amazonaws.com
secret_key = «S»""",
  "host_base = s3.amazonaws.com")
T("redis-config-get-requirepass", "pw",
  r"""«ip»:6379> CONFIG GET requirepass
1) "requirepass"
2) "«S»"
«ip»:6379> """,
  "CONFIG GET requirepass")
T("mc-alias-list-minio", lambda c: b64(40),
  r"""$ mc alias list rec
rec
  URL       : https://minio.«intdom»:9000
  AccessKey : callrec
  SecretKey : «S»
  API       : s3v4""",
  "https://minio.«intdom»:9000")
T("gh-auth-token-print", lambda c: "gho_" + an(36),
  r"""$ gh auth token
«S»""",
  "gh auth token")
T("glab-auth-status-show-token", lambda c: glpat(),
  r"""$ glab auth status -t
gitlab.«dom»
  ✓ Logged in to gitlab.«dom» as «ghuser»
  ✓ Git operations for gitlab.«dom» configured to use https protocol.
  ✓ Token: «S»""",
  "Logged in to gitlab.«dom» as «ghuser»")
T("heroku-auth-token-output", lambda c: "HRKU-AA" + b64u(52),
  r"""$ heroku auth:token
 ›   Warning: token will expire «date»
«S»""",
  "heroku auth:token")
T("jq-ticket-comment-customer-password", "pw",
  r"""$ jq '.comments[2] | {author_id, public, body}' export/tickets/«tkt».json
{
  "author_id": «n»«n»,
  "public": true,
  "body": "Hi, still can't log into the portal. I reset it this morning, new password is «S» and it still says invalid. Please help!"
}""",
  "export/tickets/«tkt».json")
T("sqlite-select-oauth-tokens", lambda c: "1//0" + b64u(rint(90, 100)),
  r"""sqlite> select provider, account, refresh_token from oauth_tokens where provider='google';
google|support-inbox@«dom»|«S»""",
  "support-inbox@«dom»")
T("ldapsearch-userpassword-b64", lambda c: b64e(pw()),
  r"""# svc-recordings, Service, «short».local
dn: cn=svc-recordings,ou=Service,dc=«short»,dc=local
objectClass: inetOrgPerson
cn: svc-recordings
userPassword:: «S»""",
  "dn: cn=svc-recordings,ou=Service,dc=«short»,dc=local")
T("talkdesk-token-endpoint-response", lambda c: jwt({"iss": "https://%s.talkdeskid.com" % "acct", "scope": "callbacks:write"}, alg="RS256", siglen=342),
  r"""$ curl -s -X POST https://«short».talkdeskid.com/oauth/token -u "$TD_CLIENT_ID:$TD_CLIENT_SECRET" -d grant_type=client_credentials | jq .
{
  "access_token": "«S»",
  "token_type": "Bearer",
  "expires_in": 600,
  "scope": "callbacks:write"
}""",
  "https://«short».talkdeskid.com/oauth/token")
T("strings-binary-api-key", "an32",
  r"""$ strings -n 12 build/kiosk-agent.exe | grep -i -A1 'x-api-key'
x-api-key
«S»
https://«host»/v2/queue/status""",
  "build/kiosk-agent.exe")
T("kubectl-exec-env-grep", lambda c: "whsec_" + an(32),
  r"""$ kubectl exec deploy/«app» -n cx -- env | grep -i stripe
STRIPE_WEBHOOK_SECRET=«S»
STRIPE_API_VERSION=2023-10-16""",
  "STRIPE_API_VERSION=2023-10-16")
T("aws-lambda-get-function-config-env", "pw",
  r"""$ aws lambda get-function-configuration --function-name connect-crm-lookup --query Environment
{
    "Variables": {
        "CRM_BASE_URL": "https://«host»/api",
        "CRM_USER": "connect",
        "CRM_PASSWORD": "«S»"
    }
}""",
  "connect-crm-lookup")
T("wp-cli-option-get-json", lambda c: "key-" + hx(32),
  r"""$ wp option get wp_mail_smtp --format=json | jq .mailgun
{
  "api_key": "«S»",
  "domain": "mg.«dom»",
  "region": "EU"
}""",
  "mg.«dom»")
T("firebase-functions-config-get", lambda c: tg_token(),
  r"""$ firebase functions:config:get
{
  "telegram": {
    "bot_token": "«S»",
    "support_chat_id": "-100«tkt»«n»"
  }
}""",
  "firebase functions:config:get")
T("crontab-l-output-password", "pw",
  r"""$ crontab -l
MAILTO=cc-ops@«dom»
0 6 * * * /opt/reports/nice_export.sh -u reports -p '«S»' -o /data/exports
30 6 * * * /opt/reports/upload.sh""",
  "/opt/reports/nice_export.sh")
T("nmcli-show-secrets-psk", "pw",
  r"""$ nmcli --show-secrets connection show "CC-Floor3" | grep psk
802-11-wireless-security.psk:           «S»
802-11-wireless-security.psk-flags:     0 (none)""",
  "CC-Floor3")
T("kubectl-get-configmap-leak", "pw",
  r"""$ kubectl get cm mailer-config -n cx -o jsonpath='{.data}'
{"SMTP_HOST":"smtp.«dom»","SMTP_PASS":"«S»","SMTP_PORT":"587","SMTP_USER":"noreply@«dom»"}""",
  "mailer-config")
T("docker-logs-env-echo", "pwu",
  r"""$ docker logs wfm-api 2>&1 | head -3
[entrypoint] DB_URL=mysql://wfm:«S»@«host»:3306/wfm
[entrypoint] running migrations...
[entrypoint] 14 migrations applied""",
  "running migrations...")


# ===========================================================================
# group: config-file
# ===========================================================================
_grp("config-file")
T("pgpass-line", "pwu",
  r"""# ~/.pgpass  (chmod 600)
«host»:5432:«db»:«user»:«S»
«host2»:5432:*:readonly:*""",
  "«host»:5432:«db»:«user»")
T("dotenv-zendesk-block", "an40",
  r"""# .env  -- zd-sync local
ZENDESK_SUBDOMAIN=«sub»
ZENDESK_EMAIL=«email»
ZENDESK_API_TOKEN=«S»
SYNC_INTERVAL_MINUTES=10""",
  "ZENDESK_SUBDOMAIN=«sub»")
T("compose-environment-mapping", "pw",
  r"""services:
  wfm-db:
    image: postgres:16
    environment:
      POSTGRES_USER: «user»
      POSTGRES_PASSWORD: "«S»"
      POSTGRES_DB: «db»
    volumes:
      - wfm-data:/var/lib/postgresql/data""",
  "image: postgres:16")
T("k8s-secret-stringdata", lambda c: hx(32),
  r"""apiVersion: v1
kind: Secret
metadata:
  name: aircall-bridge
  namespace: telephony
type: Opaque
stringData:
  AIRCALL_API_ID: "«n»«n»"
  AIRCALL_API_TOKEN: "«S»" """,
  "name: aircall-bridge")
T("spring-application-yml-datasource", "pw",
  r"""spring:
  datasource:
    url: jdbc:postgresql://«host»:5432/«db»
    username: «user»
    password: «S»
  jpa:
    hibernate:
      ddl-auto: validate""",
  "jdbc:postgresql://«host»:5432/«db»")
T("appsettings-json-sqlserver-connstr", "pwu",
  r"""{
  "ConnectionStrings": {
    "Recordings": "Server=«host»,1433;Database=CallRecording;User Id=rec_app;Password=«S»;Encrypt=True;TrustServerCertificate=False"
  },
  "Logging": { "LogLevel": { "Default": "Information" } }
}""",
  "Server=«host»,1433;Database=CallRecording;User Id=rec_app")
T("web-config-connectionstrings-xml", "pwu",
  r"""<connectionStrings>
  <add name="QaScores" connectionString="Data Source=«host»;Initial Catalog=QaScores;User ID=qa_web;Password=«S»;MultipleActiveResultSets=True" providerName="System.Data.SqlClient" />
</connectionStrings>""",
  "Initial Catalog=QaScores;User ID=qa_web")
T("rails-database-yml-production", "pw",
  r"""production:
  <<: *default
  database: «db»_production
  host: «host»
  username: «user»
  password: '«S»'""",
  "database: «db»_production")
T("my-cnf-client-section", "pw",
  r"""[client]
host     = «host»
user     = «user»
password = "«S»"
default-character-set = utf8mb4""",
  "[client]")
T("netrc-multi-machine", "pw",
  r"""machine api.«dom»
  login «user»
  password «S»
machine github.com
  login «ghuser»
  password ${GITHUB_TOKEN}""",
  "machine api.«dom»")
T("npmrc-scoped-registry-token", lambda c: "npm_" + an(36),
  r"""@«short»:registry=https://npm.pkg.«dom»/
//npm.pkg.«dom»/:_authToken=«S»
always-auth=true""",
  "@«short»:registry=https://npm.pkg.«dom»/")
T("pypirc-internal-index", "pw",
  r"""[distutils]
index-servers = internal

[internal]
repository = https://pypi.«dom»/simple/
username = deploy
password = «S»""",
  "repository = https://pypi.«dom»/simple/")
T("aws-credentials-ini-profile", "aws",
  r"""[default]
region = «region»

[connect-prod]
aws_access_key_id = «akid»
aws_secret_access_key = «S»""",
  "[connect-prod]")
T("asterisk-sip-conf-peer-secret", "pwu",
  r"""[«ext»](agent-phone)
type=friend
host=dynamic
secret=«S»
callerid="«first» «last»" <«ext»>
context=from-agents""",
  "[«ext»](agent-phone)")
T("pjsip-conf-auth-section", "pw",
  r"""[trunk-«short»-auth]
type=auth
auth_type=userpass
username=«short»_trunk
password=«S»

[trunk-«short»-aor]
type=aor
contact=sip:sip.carrier.example:5060""",
  "[trunk-«short»-auth]")
T("freeswitch-gateway-xml-param", "pw",
  r"""<include>
  <gateway name="carrier-primary">
    <param name="username" value="«short»-cc"/>
    <param name="password" value="«S»"/>
    <param name="proxy" value="sip.carrier.example"/>
    <param name="register" value="true"/>
  </gateway>
</include>""",
  "gateway name=\"carrier-primary\"")
T("kamailio-define-dburl", "pwu",
  r"""#!define DBURL "mysql://kamailio:«S»@«host»/kamailio"
#!define WITH_MYSQL
#!define WITH_AUTH""",
  "#!define WITH_MYSQL")
T("nginx-proxy-set-header-basic", lambda c: b64e("zendesk:" + pw()),
  r"""location /hooks/zendesk/ {
    proxy_pass http://ticket-router:8080/;
    proxy_set_header Authorization "Basic «S»";
    proxy_set_header X-Forwarded-For $remote_addr;
}""",
  "location /hooks/zendesk/")
T("haproxy-stats-auth", "pwu",
  r"""listen stats
    bind *:8404
    stats enable
    stats uri /haproxy
    stats auth admin:«S»""",
  "stats uri /haproxy")
T("redis-conf-requirepass", "pw",
  r"""bind 0.0.0.0
port 6379
requirepass «S»
maxmemory 2gb
maxmemory-policy allkeys-lru""",
  "maxmemory-policy allkeys-lru")
T("rabbitmq-conf-default-pass", "pwu",
  r"""listeners.tcp.default = 5672
default_user = escalations
default_pass = «S»
management.tcp.port = 15672""",
  "default_user = escalations")
T("pg-service-conf-password", "pw",
  r"""[csat-prod]
host=«host»
port=5432
dbname=csat
user=«user»
password=«S»""",
  "[csat-prod]")
T("terraform-tfvars-tokens", "an40",
  r"""zendesk_subdomain = "«sub»"
zendesk_email     = "«email»"
zendesk_api_token = "«S»"
webhook_base_url  = "https://«host»/hooks" """,
  "zendesk_subdomain = \"«sub»\"")
T("ansible-group-vars-plain", "pwu",
  r"""# group_vars/pbx.yml
asterisk_version: 20
ami_user: crm
ami_secret: «S»
sip_trunk_host: sip.carrier.example""",
  "group_vars/pbx.yml")
T("ansible-inventory-ini-password", "pw",
  r"""[wallboards]
wb-floor2 ansible_host=«ip» ansible_user=kiosk ansible_password='«S»'
wb-floor3 ansible_host=«ip2» ansible_user=kiosk""",
  "wb-floor2 ansible_host=«ip»")
T("helm-values-yaml-auth", "pw",
  r"""# values-prod.yaml
postgresql:
  auth:
    username: «user»
    password: «S»
    database: «db»
ingress:
  host: kb.«dom»""",
  "values-prod.yaml")
T("bot-config-toml-section", lambda c: slack_bot(),
  r"""[slack]
bot_token = "«S»"
escalation_channel = "#cx-escalations"

[zendesk]
subdomain = "«sub»" """,
  "escalation_channel = \"#cx-escalations\"")
T("five9-ini-config", "pw",
  r"""; five9_reports.ini
[five9]
domain = «org»
username = reports@«dom»
password = «S»
folder = Shared Reports/Daily""",
  "five9_reports.ini")
T("application-properties-sf-oauth", lambda c: HX(64),
  r"""salesforce.login-url=https://login.salesforce.com
salesforce.client-id=«sfcid»
salesforce.client-secret=«S»
salesforce.api-version=60.0""",
  "salesforce.login-url=https://login.salesforce.com")
T("log4j2-smtp-appender-password", "pw",
  r"""<SMTP name="Mail" subject="[ivr] ERROR on ${hostName}" to="cc-ops@«dom»"
      from="ivr-alerts@«dom»" smtpHost="smtp.«dom»" smtpPort="587"
      smtpUsername="ivr-alerts" smtpPassword="«S»" bufferSize="50"/>""",
  "smtpUsername=\"ivr-alerts\"")
T("logstash-es-output-password", "pw",
  r"""output {
  elasticsearch {
    hosts => ["https://«host»:9200"]
    user => "logstash_cc"
    password => "«S»"
    index => "cc-calls-%{+YYYY.MM.dd}"
  }
}""",
  "user => \"logstash_cc\"")
T("fluent-bit-http-passwd", "pwu",
  r"""[OUTPUT]
    Name        http
    Match       genesys.*
    Host        logs.«dom»
    Port        443
    HTTP_User   fluent
    HTTP_Passwd «S»
    tls         On""",
  "Match       genesys.*")
T("filebeat-output-es-password", "pw",
  r"""output.elasticsearch:
  hosts: ["«host»:9200"]
  username: "filebeat_writer"
  password: "«S»"
  ssl.verification_mode: full""",
  "username: \"filebeat_writer\"")
T("prometheus-basic-auth-password", "pw",
  r"""scrape_configs:
  - job_name: asterisk
    static_configs:
      - targets: ['«ip»:8088']
    basic_auth:
      username: prom
      password: «S»""",
  "job_name: asterisk")
T("grafana-datasource-securejsondata", "pw",
  r"""apiVersion: 1
datasources:
  - name: CC Reporting
    type: postgres
    url: «host»:5432
    user: grafana_ro
    jsonData: { database: «db», sslmode: require }
    secureJsonData:
      password: «S»""",
  "name: CC Reporting")
T("alertmanager-slack-api-url", lambda c: an(24),
  r"""receivers:
  - name: cx-oncall
    slack_configs:
      - api_url: https://hooks.slack.com/services/T«tid»/B«bid»/«S»
        channel: '#cx-oncall'""",
  "channel: '#cx-oncall'")
T("msmtprc-account-password", "pw",
  r"""account csat
host smtp.«dom»
port 587
auth on
user surveys@«dom»
password «S»
from surveys@«dom»""",
  "user surveys@«dom»")
T("postfix-sasl-passwd-sendgrid", lambda c: sendgrid_key(),
  r"""# /etc/postfix/sasl_passwd
[smtp.sendgrid.net]:587 apikey:«S»""",
  "[smtp.sendgrid.net]:587 apikey:")
T("openvpn-auth-user-pass-file", "pw",
  r"""# /etc/openvpn/cc-remote/auth.txt  (two lines: user, password)
«login»
«S»""",
  "/etc/openvpn/cc-remote/auth.txt")
T("rclone-conf-sftp-pass", lambda c: b64u(rint(40, 60)),
  r"""[callrec-sftp]
type = sftp
host = «host»
user = callrec
pass = «S»
shell_type = unix""",
  "[callrec-sftp]")
T("kubeconfig-user-token", lambda c: jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": "cc-prod",
                                              "sub": "system:serviceaccount:cc-prod:deployer"}, alg="RS256", siglen=342),
  r"""users:
- name: deployer@cc-prod
  user:
    token: «S»
contexts:
- context: {cluster: cc-prod, user: deployer@cc-prod}
  name: cc-prod""",
  "name: deployer@cc-prod")
T("git-credentials-store-line", lambda c: gh_fine(),
  r"""# ~/.git-credentials
https://«ghuser»:«S»@github.com""",
  "~/.git-credentials")
T("composer-auth-json-github-oauth", lambda c: gh_pat(),
  r"""{
    "github-oauth": {
        "github.com": "«S»"
    },
    "http-basic": {}
}""",
  "\"github-oauth\"")
T("gradle-properties-repo-password", "pw",
  r"""org.gradle.jvmargs=-Xmx2g
artifactoryUser=mobile-ci
artifactoryPassword=«S»
chatSdkVersion=«ver»""",
  "artifactoryUser=mobile-ci")
T("maven-settings-server-password", "pw",
  r"""<servers>
  <server>
    <id>«short»-releases</id>
    <username>deploy</username>
    <password>«S»</password>
  </server>
</servers>""",
  "<id>«short»-releases</id>")
T("nuget-config-cleartextpassword", "pw",
  r"""<packageSourceCredentials>
  <CxFeed>
    <add key="Username" value="build" />
    <add key="ClearTextPassword" value="«S»" />
  </CxFeed>
</packageSourceCredentials>""",
  "<CxFeed>")
T("dotenv-production-hubspot", lambda c: hub_pat(),
  r"""# .env.production
NODE_ENV=production
HUBSPOT_PORTAL_ID=«n»«n»«n»
HUBSPOT_ACCESS_TOKEN=«S»
TICKET_PIPELINE=support""",
  "HUBSPOT_PORTAL_ID")
T("rasa-credentials-yml-slack", lambda c: hx(32),
  r"""# credentials.yml
slack:
  slack_token: "${SLACK_BOT_TOKEN}"
  slack_channel: "#support-bot"
  slack_signing_secret: "«S»" """,
  "slack_channel: \"#support-bot\"")
T("botpress-config-jwt-secret", lambda c: an(48),
  r"""{
  "httpServer": { "host": "0.0.0.0", "port": 3000 },
  "jwtToken": { "secret": "«S»", "duration": "1h" },
  "pro": { "enabled": false }
}""",
  "\"httpServer\"")
T("gcp-service-account-json-private-key", lambda c: pem_rsa_body(1100).replace("\n", "\\n"),
  r"""{
  "type": "service_account",
  "project_id": "«short»-support-bot",
  "private_key_id": "«sha»",
  "private_key": "-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----\n",
  "client_email": "dialogflow-client@«short»-support-bot.iam.gserviceaccount.com"
}""",
  "dialogflow-client@«short»-support-bot.iam.gserviceaccount.com")
T("dev-vars-cloudflare-worker", lambda c: hx(64),
  r"""# .dev.vars  (wrangler local secrets)
INTERCOM_CLIENT_SECRET=«S»
ENVIRONMENT=dev""",
  ".dev.vars")
T("supervisord-program-environment", "pwu",
  r"""[program:ticket-worker]
command=/opt/venv/bin/python -m worker
environment=DB_USER="«user»",DB_PASS="«S»",DB_HOST="«host»"
autorestart=true""",
  "[program:ticket-worker]")
T("systemd-unit-environment", "pw",
  r"""[Service]
User=ivr
Environment="IVR_DB_PASSWORD=«S»"
Environment="IVR_DB_HOST=«host»"
ExecStart=/opt/ivr/bin/ivr-server""",
  "ExecStart=/opt/ivr/bin/ivr-server")
T("crontab-file-env-var", "pw",
  r"""# /etc/cron.d/csat-export
SHELL=/bin/bash
CSAT_DB_PASS=«S»
15 2 * * * reports /opt/csat/export.sh >/dev/null 2>&1""",
  "/etc/cron.d/csat-export")
T("wp-config-define-db-password", "pw",
  r"""define( 'DB_NAME', 'helpcenter' );
define( 'DB_USER', 'hc_wp' );
define( 'DB_PASSWORD', '«S»' );
define( 'DB_HOST', '«host»' );""",
  "define( 'DB_USER', 'hc_wp' );")
T("sssd-conf-ldap-authtok", "pw",
  r"""[domain/«short».local]
id_provider = ldap
ldap_uri = ldaps://«host»
ldap_default_bind_dn = cn=sssd,ou=Service,dc=«short»,dc=local
ldap_default_authtok = «S»""",
  "ldap_default_bind_dn = cn=sssd")
T("smb-credentials-file", "pw",
  r"""# /root/.smbcred-recordings
username=svc_rec
password=«S»
domain=CORP""",
  "/root/.smbcred-recordings")
T("fstab-cifs-inline-password", "pwu",
  r"""//«host»/Recordings  /mnt/recordings  cifs  username=svc_rec,password=«S»,vers=3.0,uid=asterisk  0  0""",
  "/mnt/recordings")
T("jdbc-url-properties-password", "pwu",
  r"""spring.datasource.url=jdbc:mysql://«host»:3306/«db»?user=«user»&password=«S»&useSSL=true
spring.datasource.hikari.maximum-pool-size=10""",
  "spring.datasource.hikari.maximum-pool-size=10")
T("odbc-ini-dsn-password", "pw",
  r"""[CCReporting]
Driver = ODBC Driver 18 for SQL Server
Server = «host»
Database = Reporting
UID = pbi_reader
PWD = «S»""",
  "[CCReporting]")
T("tomcat-users-xml-password", "pw",
  r"""<tomcat-users>
  <role rolename="manager-gui"/>
  <user username="ivr-admin" password="«S»" roles="manager-gui"/>
</tomcat-users>""",
  "username=\"ivr-admin\"")
T("s3cfg-secret-key", "aws",
  r"""[default]
access_key = «akid»
secret_key = «S»
bucket_location = «region»""",
  "bucket_location = «region»")
T("google-oauth-client-secret-json", lambda c: gocspx(),
  r"""{"installed":{"client_id":"«n»«tkt»-«mongoid»q.apps.googleusercontent.com","project_id":"«short»-inbox-sync","auth_uri":"https://accounts.google.com/o/oauth2/auth","client_secret":"«S»","redirect_uris":["http://localhost"]}}""",
  "«short»-inbox-sync")
T("serverless-yml-environment", "hex32",
  r"""provider:
  name: aws
  runtime: nodejs20.x
  environment:
    TWILIO_ACCOUNT_SID: «acsid»
    TWILIO_AUTH_TOKEN: «S»""",
  "runtime: nodejs20.x")
T("rails-secrets-yml-secret-key-base", lambda c: hx(128),
  r"""production:
  secret_key_base: «S»
  zendesk_subdomain: «sub»""",
  "zendesk_subdomain: «sub»")
T("vonage-private-key-file", lambda c: pem_rsa_body(1190),
  r"""# private.key downloaded from the Vonage dashboard (application «uuid»)
-----BEGIN PRIVATE KEY-----
«S»
-----END PRIVATE KEY-----""",
  "application «uuid»")
T("mongod-keyfile-plus-uri-yaml", "pwu",
  r"""chatbot:
  mongo_uri: mongodb://bot:«S»@«host»:27017/chatbot?authSource=admin&replicaSet=rs0
  transcript_ttl_days: 90""",
  "transcript_ttl_days: 90")
T("elixir-runtime-exs-repo-password", "pw",
  r"""config :helpdesk, Helpdesk.Repo,
  username: "«user»",
  password: "«S»",
  hostname: "«host»",
  pool_size: 10""",
  "config :helpdesk, Helpdesk.Repo")
T("hcl-nomad-template-env", "pw",
  r"""template {
  data = <<EOH
CALLBACK_DB_PASSWORD="«S»"
CALLBACK_DB_HOST="«host»"
EOH
  destination = "secrets/app.env"
  env         = true
}""",
  "destination = \"secrets/app.env\"")
T("ini-odbc-style-genesys-export", "b64u43",
  r"""[genesys]
environment = mypurecloud.com.au
client_id = «clientid»
client_secret = «S»
export_dir = /data/genesys/interactions""",
  "export_dir = /data/genesys/interactions")


# ===========================================================================
# group: source-code
# ===========================================================================
_grp("source-code")
T("python-requests-auth-tuple", "an40",
  r"""ZD = "https://«sub».zendesk.com/api/v2"
AUTH = ("«email»/token", "«S»")

def open_tickets(view_id):
    r = requests.get(f"{ZD}/views/{view_id}/tickets.json", auth=AUTH, timeout=30)
    r.raise_for_status()
    return r.json()["tickets"]""",
  "https://«sub».zendesk.com/api/v2")
T("python-twilio-client-positional", "hex32",
  r"""from twilio.rest import Client

client = Client("«acsid»", "«S»")
task = client.taskrouter.v1.workspaces("«wsid»").tasks.create(
    attributes=json.dumps({"type": "callback", "queue": "«queue»"}))""",
  "client.taskrouter.v1.workspaces")
T("node-axios-hardcoded-bearer", lambda c: jwt({"scopes": ["private:*"], "iss": "front"}),
  r"""const front = axios.create({
  baseURL: 'https://api2.frontapp.com',
  headers: { Authorization: 'Bearer «S»' },
  timeout: 10000,
});""",
  "baseURL: 'https://api2.frontapp.com'")
T("js-const-api-key-camel", "an20",
  r"""// freshdesk.js
const freshdeskApiKey = '«S»';
const FD_DOMAIN = '«sub».freshdesk.com';
export const fdAuth = 'Basic ' + btoa(freshdeskApiKey + ':X');""",
  "const FD_DOMAIN = '«sub».freshdesk.com';")
T("ts-config-object-literal", lambda c: hx(64),
  r"""export const gorgiasConfig = {
  baseUrl: 'https://«sub».gorgias.com/api',
  username: '«email»',
  apiKey: '«S»',
} as const;""",
  "baseUrl: 'https://«sub».gorgias.com/api'")
T("go-const-block-secret", "an32",
  r"""const (
	helpScoutBase   = "https://api.helpscout.net/v2"
	helpScoutAppID  = "«hsid»"
	helpScoutSecret = "«S»"
)""",
  "helpScoutBase   = \"https://api.helpscout.net/v2\"")
T("java-static-final-secret", lambda c: b64u(43),
  r"""public final class GenesysAuth {
    private static final String CLIENT_ID = "«clientid»";
    private static final String CLIENT_SECRET = "«S»";
    private static final String REGION = "mypurecloud.ie";
}""",
  "public final class GenesysAuth")
T("csharp-const-connection-string", "pwu",
  r"""internal static class Db
{
    public const string QaScores =
        "Server=«host»;Database=QaScores;User Id=qa_app;Password=«S»;TrustServerCertificate=true";
}""",
  "internal static class Db")
T("ruby-faraday-basic-auth", "pw",
  r"""conn = Faraday.new(url: "https://«host»/api") do |f|
  f.request :authorization, :basic, "kustomer-sync", "«S»"
  f.response :json
end""",
  "Faraday.new(url: \"https://«host»/api\")")
T("php-curl-setopt-userpwd", "pw",
  r"""$ch = curl_init("https://«host»/crm/v1/contacts?phone=" . urlencode($ani));
curl_setopt($ch, CURLOPT_USERPWD, "ivr:«S»");
curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);""",
  "CURLOPT_RETURNTRANSFER")
T("kotlin-val-chat-sdk-key", "an32",
  r"""object ChatConfig {
    const val APP_ID = "«mongoid»«n»"
    const val API_SECRET = "«S»"
    const val REGION = "eu"
}""",
  "object ChatConfig")
T("swift-let-client-secret", lambda c: b64u(48),
  r"""enum SupportChat {
    static let clientId = "«clientid»"
    static let clientSecret = "«S»"
}""",
  "enum SupportChat")
T("rust-const-str-token", lambda c: "xapp-1-A" + up(10) + "-" + dg(13) + "-" + hx(64),
  r"""pub const SLACK_APP_TOKEN: &str = "«S»";
pub const ESCALATION_CHANNEL: &str = "C0«tid»";""",
  "pub const ESCALATION_CHANNEL")
T("bash-script-top-variables", "pw",
  r"""#!/usr/bin/env bash
set -euo pipefail
NICE_USER="reports"
NICE_PASS="«S»"
OUT_DIR=/data/nice/$(date +%F)""",
  "NICE_USER=\"reports\"")
T("powershell-script-param-default", "pw",
  r"""param(
    [string]$Server = "«host»",
    [string]$User = "svc_rec",
    [string]$Password = "«S»"
)
$cred = New-Object System.Management.Automation.PSCredential($User, (ConvertTo-SecureString $Password -AsPlainText -Force))""",
  "[string]$Server = \"«host»\"")
T("sql-migration-insert-credentials", "an40",
  r"""-- V42__seed_integrations.sql
INSERT INTO integrations (provider, subdomain, api_user, api_token, enabled)
VALUES ('zendesk', '«sub»', '«email»', '«S»', true);""",
  "V42__seed_integrations.sql")
T("hcl-provider-block-token", "an40",
  r"""provider "zendesk" {
  account = "«sub»"
  email   = "«email»"
  token   = "«S»"
}""",
  "provider \"zendesk\"")
T("dockerfile-env-token", lambda c: "npm_" + an(36),
  r"""FROM node:20-alpine
WORKDIR /app
ENV NPM_TOKEN=«S»
COPY package*.json .npmrc ./
RUN npm ci --omit=dev""",
  "FROM node:20-alpine")
T("makefile-variable-password", "pwu",
  r"""DB_URL ?= postgres://«user»:«S»@«host»:5432/«db»

migrate:
	migrate -path ./migrations -database "$(DB_URL)" up""",
  "migrate -path ./migrations")
T("ipynb-cell-source-openai", lambda c: openai_key(),
  r"""  {
   "cell_type": "code",
   "source": [
    "import openai\n",
    "client = openai.OpenAI(api_key=\"«S»\")\n",
    "summaries = summarise_tickets(client, df_tickets)"
   ]
  }""",
  "summarise_tickets(client, df_tickets)")
T("django-settings-secret-key", lambda c: _s(50, _LOW + _DIG + "!@#%^*(-_=+)"),
  r"""# helpdesk/settings/prod.py
DEBUG = False
SECRET_KEY = '«S»'
ALLOWED_HOSTS = ["support.«dom»"]""",
  "ALLOWED_HOSTS = [\"support.«dom»\"]")
T("flask-app-config-secret", lambda c: hx(48),
  r"""app = Flask(__name__)
app.config["SECRET_KEY"] = "«S»"
app.config["SESSION_COOKIE_SECURE"] = True""",
  "app = Flask(__name__)")
T("express-session-secret-literal", "phrase",
  r"""app.use(session({
  secret: '«S»',
  resave: false,
  saveUninitialized: false,
  cookie: { secure: true, maxAge: 8 * 3600 * 1000 },
}));""",
  "saveUninitialized: false")
T("jwt-sign-hardcoded-secret", lambda c: an(40),
  r"""function issueAgentToken(agent) {
  return jwt.sign({ sub: agent.id, role: agent.role }, "«S»", { expiresIn: "12h" });
}""",
  "function issueAgentToken(agent)")
T("python-hmac-webhook-signing-secret", lambda c: b64(43) + "=",
  r"""ZENDESK_WEBHOOK_SECRET = b"«S»"

def verify(body: bytes, ts: str, sig: str) -> bool:
    mac = hmac.new(ZENDESK_WEBHOOK_SECRET, ts.encode() + body, hashlib.sha256)
    return hmac.compare_digest(base64.b64encode(mac.digest()).decode(), sig)""",
  "def verify(body: bytes, ts: str, sig: str) -> bool:")
T("jsforce-login-password-plus-token", lambda c: pw(safe=True) + an(25),
  r"""const conn = new jsforce.Connection({ loginUrl: 'https://login.salesforce.com' });
await conn.login('«user»@«dom».service', '«S»');
const cases = await conn.query("SELECT Id, Subject FROM Case WHERE Status = 'Escalated'");""",
  "new jsforce.Connection")
T("java-drivermanager-getconnection", "pw",
  r"""Connection conn = DriverManager.getConnection(
    "jdbc:oracle:thin:@//«host»:1521/CCPROD", "ivr_app", "«S»");""",
  "jdbc:oracle:thin:@//«host»:1521/CCPROD")
T("go-sql-open-mysql-dsn", "pwu",
  r"""db, err := sql.Open("mysql", "wfm:«S»@tcp(«host»:3306)/wfm?parseTime=true")
if err != nil {
	log.Fatal(err)
}""",
  "sql.Open(\"mysql\"")
T("psycopg2-connect-kwargs", "pw",
  r"""conn = psycopg2.connect(
    host="«host»", dbname="«db»",
    user="«user»", password="«S»",
    connect_timeout=5,
)""",
  "psycopg2.connect(")
T("sqlalchemy-create-engine-url", "pwu",
  r"""engine = create_engine(
    "postgresql+psycopg2://«user»:«S»@«host»:5432/«db»",
    pool_pre_ping=True,
)""",
  "pool_pre_ping=True")
T("ruby-redis-new-password", "pw",
  r"""REDIS = Redis.new(host: "«host»", port: 6379, password: "«S»", db: 3)""",
  "Redis.new(host: \"«host»\"")
T("mongoose-connect-uri", "pwu",
  r"""await mongoose.connect('mongodb://bot:«S»@«host»:27017/chatbot?authSource=admin');
console.log('connected to transcripts db');""",
  "connected to transcripts db")
T("boto3-client-explicit-keys", "aws",
  r"""connect = boto3.client(
    "connect",
    region_name="«region»",
    aws_access_key_id="«akid»",
    aws_secret_access_key="«S»",
)""",
  "region_name=\"«region»\"")
T("js-aws-sdk-credentials-object", "aws",
  r"""const s3 = new S3Client({
  region: '«region»',
  credentials: { accessKeyId: '«akid»', secretAccessKey: '«S»' },
});""",
  "new S3Client")
T("csharp-httpclient-default-header", "an40",
  r"""_http.DefaultRequestHeaders.Add("X-Api-Key", "«S»");
_http.BaseAddress = new Uri("https://«host»/wfm/api/");""",
  "_http.BaseAddress")
T("python-smtplib-login", "pw",
  r"""with smtplib.SMTP("smtp.«dom»", 587) as s:
    s.starttls()
    s.login("surveys@«dom»", "«S»")
    s.send_message(msg)""",
  "smtplib.SMTP(\"smtp.«dom»\", 587)")
T("nodemailer-transport-auth-pass", "pw",
  r"""const transporter = nodemailer.createTransport({
  host: 'smtp.«dom»', port: 587,
  auth: { user: 'noreply@«dom»', pass: '«S»' },
});""",
  "nodemailer.createTransport")
T("lua-openresty-api-key", "an32",
  r"""local chat_api_key = "«S»"
ngx.req.set_header("X-Chat-Key", chat_api_key)
return ngx.exec("@chat_backend")""",
  "ngx.exec(\"@chat_backend\")")
T("perl-agi-db-password", "pw",
  r"""my $dbh = DBI->connect("DBI:mysql:database=ivr;host=«host»", "agi", '«S»')
    or die "cannot connect: $DBI::errstr";""",
  "DBI:mysql:database=ivr;host=«host»")
T("python-zeep-five9-soap-credentials", "pw",
  r"""session = Session()
session.auth = HTTPBasicAuth("admin@«dom»", "«S»")
client = Client("https://api.five9.com/wsadmin/v12/AdminWebService?wsdl&user=admin@«dom»",
                transport=Transport(session=session))""",
  "https://api.five9.com/wsadmin/v12/AdminWebService")
T("java-genesys-authorize-client-credentials", lambda c: b64u(43),
  r"""ApiClient apiClient = ApiClient.Builder.standard().withBasePath(PureCloudRegionHosts.eu_west_1).build();
ApiResponse<AuthResponse> auth = apiClient.authorizeClientCredentials("«clientid»", "«S»");""",
  "PureCloudRegionHosts.eu_west_1")
T("js-crypto-hmac-identity-secret", lambda c: hx(40),
  r"""// Intercom identity verification
const userHash = crypto.createHmac('sha256', '«S»').update(user.id).digest('hex');""",
  "Intercom identity verification")
T("react-env-fallback-literal", "an32",
  r"""const DELIGHTED_KEY = process.env.REACT_APP_DELIGHTED_KEY || "«S»";""",
  "process.env.REACT_APP_DELIGHTED_KEY")
T("python-getenv-default-literal", "an20",
  r"""FRESHDESK_KEY = os.environ.get("FRESHDESK_KEY", "«S»")
FRESHDESK_DOMAIN = os.environ.get("FRESHDESK_DOMAIN", "«sub».freshdesk.com")""",
  "os.environ.get(\"FRESHDESK_KEY\"")
T("go-struct-literal-password-field", "pw",
  r"""cfg := ami.Config{
	Host:     "«ip»:5038",
	Username: "crm",
	Secret:   "«S»",
}""",
  "Host:     \"«ip»:5038\"")
T("elixir-finch-bearer-literal", lambda c: jwt({"org": dg(6), "iss": "kustomer"}),
  r"""headers = [{"authorization", "Bearer «S»"}, {"content-type", "application/json"}]
Finch.build(:get, "https://api.kustomerapp.com/v1/customers?page=1", headers)""",
  "https://api.kustomerapp.com/v1/customers")
T("php-array-config-token", "an40",
  r"""return [
    'zendesk' => [
        'subdomain' => '«sub»',
        'username'  => '«email»',
        'token'     => '«S»',
    ],
];""",
  "'subdomain' => '«sub»'")
T("c-define-ami-secret", "pwu",
  r"""#define AMI_HOST   "«ip»"
#define AMI_USER   "wallboard"
#define AMI_SECRET "«S»" """,
  "#define AMI_USER   \"wallboard\"")
T("js-websocket-url-token-param", "hex40",
  r"""const ws = new WebSocket(`wss://«host»/v1/stream?token=«S»&queue=${queueId}`);
ws.onmessage = (ev) => renderWallboard(JSON.parse(ev.data));""",
  "renderWallboard(JSON.parse(ev.data))")
T("python-dict-basic-auth-header", lambda c: b64e("api:" + pw()),
  r"""HEADERS = {
    "Authorization": "Basic «S»",
    "Accept": "application/json",
}""",
  "\"Accept\": \"application/json\"")
T("source-comment-curl-example", "pw",
  r"""# quick test:
#   curl -u admin:«S» https://«host»/api/queues/«n»/agents
def list_agents(queue_id):""",
  "def list_agents(queue_id):")
T("python-docstring-example-token", lambda c: "pat-na1-" + uid(),
  r"""def sync_contacts(token=None):
    '''Sync HubSpot contacts into the helpdesk.

    Example::

        sync_contacts(token="«S»")
    '''""",
  "def sync_contacts(token=None):")
T("nuxt-runtime-config-private", lambda c: "rk_live_" + an(rint(40, 90)),
  r"""export default defineNuxtConfig({
  runtimeConfig: {
    stripeSecret: '«S»',
    public: { supportEmail: 'help@«dom»' },
  },
})""",
  "supportEmail: 'help@«dom»'")
T("python-slack-sdk-webclient", lambda c: slack_bot(),
  r"""from slack_sdk import WebClient
slack = WebClient(token="«S»")
slack.chat_postMessage(channel="#cx-escalations", text=f"P1 ticket {ticket_id} breached SLA")""",
  "channel=\"#cx-escalations\"")
T("anthropic-client-api-key-literal", lambda c: anthropic_key(),
  r"""client = anthropic.Anthropic(api_key="«S»")
reply = client.messages.create(model=MODEL, max_tokens=400, messages=[{"role": "user", "content": draft_prompt}])""",
  "client.messages.create")
T("js-stripe-init-secret", lambda c: stripe_sk(),
  r"""const stripe = require('stripe')('«S»');
const refund = await stripe.refunds.create({ payment_intent: ticket.paymentIntent });""",
  "stripe.refunds.create")
T("python-sendgrid-client-literal", lambda c: sendgrid_key(),
  r"""sg = SendGridAPIClient("«S»")
sg.send(Mail(from_email="surveys@«dom»", to_emails=customer_email, subject="How did we do?"))""",
  "subject=\"How did we do?\"")
T("ruby-zendesk-client-config", "an40",
  r"""client = ZendeskAPI::Client.new do |config|
  config.url = "https://«sub».zendesk.com/api/v2"
  config.username = "«email»/token"
  config.token = "«S»"
end""",
  "ZendeskAPI::Client.new")
T("java-properties-put-smtp-password", "pw",
  r"""Properties props = new Properties();
props.put("mail.smtp.host", "smtp.«dom»");
props.put("mail.smtp.user", "ivr-alerts");
props.put("mail.smtp.password", "«S»");""",
  "props.put(\"mail.smtp.host\", \"smtp.«dom»\");")
T("dart-const-chat-key", "an32",
  r"""class ChatKeys {
  static const String widgetId = '«uuid»';
  static const String serverKey = '«S»';
}""",
  "static const String widgetId = '«uuid»';")
T("r-qualtrics-api-credentials", "an40",
  r"""library(qualtRics)
qualtrics_api_credentials(api_key = "«S»",
                          base_url = "«short».eu.qualtrics.com",
                          install = FALSE)
nps <- fetch_survey(surveyID = "SV_«mongoid»«sha7»")""",
  "library(qualtRics)")
T("tsql-create-login-with-password", "pw",
  r"""CREATE LOGIN [wfm_reader] WITH PASSWORD = N'«S»', CHECK_POLICY = ON;
CREATE USER [wfm_reader] FOR LOGIN [wfm_reader];
ALTER ROLE db_datareader ADD MEMBER [wfm_reader];""",
  "CREATE USER [wfm_reader] FOR LOGIN [wfm_reader];")
T("python-mailchimp-client-config", lambda c: hx(32) + "-us" + str(rint(1, 21)),
  r"""mc = MailchimpMarketing.Client()
mc.set_config({"api_key": "«S»", "server": "us14"})
mc.lists.add_list_member(CSAT_LIST_ID, {"email_address": email, "status": "subscribed"})""",
  "mc.lists.add_list_member")
T("typescript-class-field-secret", "an32",
  r"""export class DriftClient {
  private readonly token = '«S»';
  private readonly base = 'https://driftapi.com';
}""",
  "export class DriftClient")
T("scala-config-val-password", "pw",
  r"""object KafkaSettings {
  val bootstrap = "«host»:9093"
  val saslJaas = "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"cc-events\" password=\"«S»\";"
}""",
  "object KafkaSettings")
T("vbscript-legacy-ivr-password", "pw",
  r"""' legacy IVR lookup (do not touch)
Set conn = CreateObject("ADODB.Connection")
conn.Open "Provider=SQLOLEDB;Data Source=«host»;Initial Catalog=IVR;User ID=ivr;Password=«S»;" """,
  "legacy IVR lookup (do not touch)")
T("yaml-fixture-in-tests-live-token", lambda c: "shpat_" + hx(32),
  r"""# tests/fixtures/shops.yml  (copied from prod -- FIXME)
- shop: «short».myshopify.com
  access_token: «S»
  gorgias_account: «sub»""",
  "tests/fixtures/shops.yml")


# ===========================================================================
# group: stack-trace-or-log
# ===========================================================================
_grp("stack-trace-or-log")
T("app-log-connect-failed-dsn", "pwu",
  r"""«ts» ERROR [sync.worker] could not connect using postgresql://«user»:«S»@«host»:5432/«db» -- retrying in 30s (attempt 3/10)""",
  "[sync.worker] could not connect")
T("java-stacktrace-jdbc-url-password", "pwu",
  r"""com.zaxxer.hikari.pool.HikariPool$PoolInitializationException: Failed to initialize pool: Access denied for user 'qa_app'@'«ip»'
	url=jdbc:mysql://«host»:3306/qa_scores?user=qa_app&password=«S»&useSSL=true
	at com.zaxxer.hikari.pool.HikariPool.throwPoolInitializationException(HikariPool.java:596)
	at com.zaxxer.hikari.pool.HikariPool.checkFailFast(HikariPool.java:582)""",
  "HikariPool.java:596")
T("nginx-access-log-token-query", "hex40",
  r"""«ip» - - [«date»:«hms» +0000] "POST /webhooks/twilio/status?token=«S» HTTP/1.1" 204 0 "-" "TwilioProxy/1.1" rt=0.012""",
  "\"TwilioProxy/1.1\"")
T("apache-access-log-access-token", lambda c: "ya29." + b64u(120),
  r"""«ip2» - - [«date»:«hms» +0100] "GET /api/transcripts/export?access_token=«S»&format=csv HTTP/1.1" 200 48213""",
  "/api/transcripts/export")
T("axios-error-config-headers-dump", lambda c: intercom_tok(),
  r"""AxiosError: Request failed with status code 429
    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)
  config: {
    url: 'https://api.intercom.io/contacts/search',
    method: 'post',
    headers: {
      Accept: 'application/json',
      Authorization: 'Bearer «S»',
      'Intercom-Version': '2.10'
    },""",
  "https://api.intercom.io/contacts/search")
T("http-client-debug-send-line", lambda c: b64e("%s/token:%s" % ("agent@example.org", an(40))),
  r"""send: b'GET /api/v2/search.json?query=type%3Aticket+status%3Aopen HTTP/1.1\r\nHost: «sub».zendesk.com\r\nAuthorization: Basic «S»\r\nAccept: */*\r\n\r\n'
reply: 'HTTP/1.1 200 OK\r\n'""",
  "Host: «sub».zendesk.com")
T("celery-received-task-args", "pw",
  r"""[«date» «hms»,421: INFO/MainProcess] Task crm.tasks.provision_agent[«uuid»] received
[«date» «hms»,433: INFO/ForkPoolWorker-3] crm.tasks.provision_agent[«uuid»] args=('«email»', 'Tier2', '«S»') kwargs={}""",
  "crm.tasks.provision_agent")
T("json-structured-log-api-key", "an32",
  r"""{"level":"debug","ts":"«ts»","logger":"survey-webhooks","msg":"outbound request","url":"https://api.delighted.example/v1/people.json","api_key":"«S»","status":201}""",
  "\"logger\":\"survey-webhooks\"")
T("logfmt-line-token", lambda c: "sntrys_" + b64(100) + "_" + b64u(43),
  r"""time=«ts» level=info component=release-uploader msg="uploading sourcemaps" org=«short» project=agent-desktop token=«S»""",
  "component=release-uploader")
T("auth-log-sudo-command-password", "pwu",
  r"""«day» «date» «hms» «host» sudo:   opsadm : TTY=pts/1 ; PWD=/home/opsadm ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p«S» wfm""",
  "COMMAND=/usr/bin/mysql")
T("asterisk-full-log-curlopt-userpwd", "pw",
  r"""[«date» «hms»] VERBOSE[«pid»][C-0000a1f3] pbx.c: Executing [s@crm-lookup:2] Set("PJSIP/«ext»-0000b2", "CURLOPT(userpwd)=crm:«S»") in new stack""",
  "pbx.c: Executing [s@crm-lookup:2]")
T("twilio-function-console-log-context", "hex32",
  r"""«ts» [INFO] context: {
  ACCOUNT_SID: '«acsid»',
  AUTH_TOKEN: '«S»',
  DOMAIN_NAME: 'flex-callbacks-«n»-dev.twil.io',
  PATH: '/callback'
}""",
  "PATH: '/callback'")
T("lambda-cloudwatch-event-headers", lambda c: "Bearer " + jwt(),
  r"""START RequestId: «uuid» Version: $LATEST
«ts»	«uuid»	INFO	event: {"headers":{"authorization":"«S»","content-type":"application/json"},"body":"{\"contactId\":\"«uuid2»\"}"}
END RequestId: «uuid»""",
  "START RequestId: «uuid»")
T("compose-logs-postgres-init-echo", "pw",
  r"""db-1   | PostgreSQL init process complete; ready for start up.
app-1  | Using DATABASE_URL with password=«S» host=db
app-1  | [INFO] Listening on :8080""",
  "PostgreSQL init process complete")
T("terraform-debug-log-request-header", lambda c: "dG" + b64(rint(60, 80)) + "=",
  r"""«ts» [DEBUG] provider.terraform-provider-freshdesk: HTTP Request: GET https://«sub».freshdesk.com/api/v2/groups
«ts» [DEBUG] provider.terraform-provider-freshdesk: Authorization: Basic «S»""",
  "terraform-provider-freshdesk")
T("rails-log-parameters-unfiltered", "pw",
  r"""Started POST "/agents/sign_in" for «ip» at «date» «hms» +0000
Processing by Agents::SessionsController#create as HTML
  Parameters: {"authenticity_token"=>"[FILTERED]", "agent"=>{"email"=>"«email»", "pass"=>"«S»", "remember_me"=>"1"}}""",
  "Agents::SessionsController#create")
T("php-stacktrace-pdo-construct-args", "pw",
  r"""PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/helpcenter/lib/db.php:14
Stack trace:
#0 /var/www/helpcenter/lib/db.php(14): PDO->__construct('mysql:host=«host»...', 'hc_app', '«S»')
#1 /var/www/helpcenter/index.php(7): Db::connect()""",
  "/var/www/helpcenter/lib/db.php")
T("spring-boot-startup-property-log", lambda c: HX(64),
  r"""«ts»  INFO 1 --- [main] c.x.cc.SfConfig : Salesforce client configured: clientId=«sfcid» clientSecret=«S» loginUrl=https://login.salesforce.com""",
  "loginUrl=https://login.salesforce.com")
T("go-panic-struct-printed", "pw",
  r"""panic: ami: dial «ip»:5038: authentication failed for &{Host:«ip»:5038 Username:wallboard Secret:«S» Events:on}

goroutine 1 [running]:
main.main()
	/src/cmd/wallboard/main.go:41 +0x1c5""",
  "/src/cmd/wallboard/main.go:41")
T("dotnet-ilogger-connection-string", "pwu",
  r"""info: Recording.Archive.Startup[0]
      Using connection string Server=«host»;Database=CallRecording;User Id=rec_app;Password=«S»;Encrypt=True""",
  "Recording.Archive.Startup[0]")
T("python-logging-debug-payload-dict", lambda c: b64u(43),
  r"""«date» «hms»,112 DEBUG genesys.auth POST https://login.mypurecloud.de/oauth/token payload={'grant_type': 'client_credentials', 'client_id': '«clientid»', 'client_secret': '«S»'}""",
  "https://login.mypurecloud.de/oauth/token")
T("sentry-breadcrumb-authorization", lambda c: "Token token=" + an(32),
  r"""{"type":"http","category":"fetch","data":{"method":"GET","url":"https://«host»/api/v2/agents","request_headers":{"Authorization":"«S»"}},"level":"info","timestamp":«n»«pid»}""",
  "\"category\":\"fetch\"")
T("har-excerpt-cookie-header", lambda c: hx(32) + "-" + b64u(40),
  r"""{
  "request": {
    "method": "GET",
    "url": "https://«sub».gorgias.com/api/tickets?view_id=«n»",
    "headers": [
      { "name": "cookie", "value": "session=«S»; _ga=GA1.2.«pid»«n».«tkt»" }
    ]
  }
}""",
  "https://«sub».gorgias.com/api/tickets")
T("mitmproxy-flow-auth-header", lambda c: an(20),
  r"""«ip»:53122: GET https://«sub».freshdesk.com/api/v2/tickets/«tkt»
    Authorization: Basic «S»
 << 200 OK 3.1k""",
  "https://«sub».freshdesk.com/api/v2/tickets/«tkt»")
T("tcpdump-smtp-auth-plain", lambda c: b64e("\x00surveys@example.org\x00" + pw()),
  r"""«hms».118 IP «ip».51544 > «ip2».587: Flags [P.], length 52: SMTP: AUTH PLAIN «S»
«hms».121 IP «ip2».587 > «ip».51544: Flags [P.], length 31: SMTP: 235 2.7.0 Authentication successful""",
  "Authentication successful")
T("ngrep-ftp-pass-command", "pw",
  r"""T «ip»:40122 -> «ip2»:21 [AP] #14
  USER callrec..
T «ip»:40122 -> «ip2»:21 [AP] #16
  PASS «S»..
T «ip2»:21 -> «ip»:40122 [AP] #17
  230 Login successful...""",
  "230 Login successful")
T("redis-monitor-auth-command", "pw",
  r"""1712«pid».«n»441 [0 «ip»:51122] "AUTH" "default" "«S»"
1712«pid».«n»452 [0 «ip»:51122] "GET" "queue:«n»:waiting" """,
  "\"GET\" \"queue:«n»:waiting\"")
T("mongod-log-uri-with-password", "pwu",
  r"""{"t":{"$date":"«ts»"},"s":"I","c":"NETWORK","id":22943,"ctx":"listener","msg":"client metadata","attr":{"driver":"pymongo","uri":"mongodb://bot:«S»@«host»:27017/chatbot"}}""",
  "\"ctx\":\"listener\"")
T("kafka-connect-config-dump", "pw",
  r"""[«date» «hms»,011] INFO JdbcSinkConfig values:
	connection.url = jdbc:postgresql://«host»:5432/«db»
	connection.user = kafka_sink
	connection.password = «S»
	table.name.format = call_events""",
  "connection.user = kafka_sink")
T("airflow-task-log-connection-uri", "pwu",
  r"""[«date», «hms»] {base.py:73} INFO - Using connection ID 'cc_reporting' for task execution.
[«date», «hms»] {nice_export.py:22} INFO - target=mssql+pyodbc://reports:«S»@«host»/Reporting?driver=ODBC+Driver+18""",
  "Using connection ID 'cc_reporting'")
T("node-unhandled-rejection-redis-url", "pwu",
  r"""Unhandled rejection Error: connect ETIMEDOUT
    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16) {
  errno: -110, code: 'ETIMEDOUT',
  url: 'rediss://default:«S»@«host»:6380/0'
}""",
  "TCPConnectWrap.afterConnect")
T("jest-failure-diff-token", lambda c: "xoxb-" + dg(12) + "-" + dg(13) + "-" + an(24),
  r"""  ● escalation › posts to slack

    expect(received).toHaveBeenCalledWith(...expected)
    - Expected
    + Received
      {"channel": "#cx-escalations", "text": "P1 breached",
    +  "token": "«S»"}""",
  "escalation › posts to slack")
T("pm2-logs-startup-env", "pw",
  r"""0|callback-router  | «date» «hms»: boot config {"port":4010,"db":"mysql://callbacks:«S»@«host»/callbacks","queue":"«queue»"}""",
  "0|callback-router")
T("connect-contact-flow-log-params", "an40",
  r"""{"ContactId":"«uuid»","ContactFlowName":"Inbound-Main","ContactFlowModuleType":"InvokeExternalResource","Parameters":{"FunctionArn":"arn:aws:lambda:«region»:«acct»:function:crm-lookup","Parameters":{"apiKey":"«S»","ani":"«e164»"}},"Timestamp":"«ts»"}""",
  "\"ContactFlowName\":\"Inbound-Main\"")
T("genesys-data-action-execution-log", lambda c: b64u(43),
  r"""«ts» [DataAction:Get Customer Tier] request: POST https://«host»/tier body={"phone":"{{input.phone}}","apiSecret":"«S»"} status=200 durationMs=184""",
  "[DataAction:Get Customer Tier]")
T("flex-browser-console-token-updated", lambda c: jwt({"grants": {"identity": "agent_" + dg(4), "voice": {}}, "iss": "SK" + hx(32), "sub": "AC" + hx(32)}),
  r"""twilio-flex.min.js:2 [Flex] tokenUpdated {token: '«S»', expiresIn: 3600}
twilio-flex.min.js:2 [Flex] worker activity changed -> Available""",
  "[Flex] worker activity changed")
T("zaf-client-settings-console", "an40",
  r"""app.js:88 ZAF settings loaded {subdomain: '«sub»', api_token: '«S»', location: 'ticket_sidebar'}""",
  "location: 'ticket_sidebar'")
T("webhook-receiver-header-dump", "hex32",
  r"""«ts» INFO  survey-webhooks  incoming POST /hooks/nps headers={'host': 'hooks.«dom»', 'x-api-key': '«S»', 'user-agent': 'SurveyBot/2.3'}""",
  "incoming POST /hooks/nps")
T("envoy-access-log-x-auth-token", "an32",
  r"""[«ts»] "GET /v1/agents/status HTTP/1.1" 200 - 0 812 14 12 "«ip»" "Go-http-client/2.0" "«uuid»" "wfm-api:8080" x-auth-token="«S»" """,
  "\"wfm-api:8080\"")
T("cloud-init-log-chpasswd", "pw",
  r"""«date» «hms»,554 - util.py[DEBUG]: Running command ['chpasswd'] with allowed return codes [0]
«date» «hms»,560 - cc_set_passwords.py[DEBUG]: Changing password for ['kiosk']: kiosk:«S»""",
  "cc_set_passwords.py[DEBUG]")
T("windows-4688-process-commandline", "pw",
  r"""EventID: 4688  A new process has been created.
  New Process Name: C:\Windows\System32\net.exe
  Process Command Line: net user wallboard «S» /add /y
  Creator Process Name: C:\Windows\System32\cmd.exe""",
  "A new process has been created.")
T("bash-xtrace-curl-u", "pw",
  r"""+ QUEUE_ID=«n»
+ curl -sf -u wallboard:«S» https://«host»/api/queues/«n»/stats
+ jq .waiting""",
  "+ jq .waiting")
T("make-echo-command-password", "pwu",
  r"""make[1]: Entering directory '/src/reports'
psql "postgres://reports:«S»@«host»/«db»" -f sql/daily_sla.sql > out/daily_sla.csv
make[1]: Leaving directory '/src/reports'""",
  "make[1]: Entering directory '/src/reports'")
T("ansible-vvv-module-args", "pw",
  r"""<«ip»> ESTABLISH SSH CONNECTION FOR USER: deploy
ok: [db01] => {"changed": false, "invocation": {"module_args": {"login_host": "«host»", "login_user": "admin", "login_password": "«S»", "name": "«db»"}}}""",
  "ESTABLISH SSH CONNECTION FOR USER: deploy")
T("apex-debug-log-user-debug", lambda c: an(32),
  r"""«hms».0 (4412331)|USER_DEBUG|[27]|DEBUG|callout headers: {Content-Type=application/json, X-Aircall-Token=«S»}
«hms».0 (4412990)|CALLOUT_RESPONSE|[31]|System.HttpResponse[Status=OK, StatusCode=200]""",
  "CALLOUT_RESPONSE")
T("tomcat-catalina-jndi-resource", "pw",
  r"""«date» «hms» INFO [main] org.apache.naming.NamingContext Resource jdbc/IvrDB: url=jdbc:sqlserver://«host»:1433;databaseName=IVR, username=ivr, password=«S»""",
  "org.apache.naming.NamingContext")
T("android-logcat-sdk-init", "an32",
  r"""«date» «hms».512  «pid»  «pid» D ChatSDK : init(appId=«mongoid»«n», apiKey=«S», region=EU)
«date» «hms».530  «pid»  «pid» I ChatSDK : connected""",
  "I ChatSDK : connected")
T("electron-agent-app-log-refresh", lambda c: "1000." + hx(32) + "." + hx(32),
  r"""[«ts»] [info]  auth: refreshed zoho desk token using refresh_token=«S» (scope Desk.tickets.ALL)""",
  "scope Desk.tickets.ALL")
T("requests-httperror-url-api-secret", lambda c: an(16),
  r"""requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://rest.nexmo.com/sms/json?api_key=«vkey»&api_secret=«S»&to=«e164»&from=«short»""",
  "401 Client Error: Unauthorized")
T("requests-httperror-url-google-key", lambda c: google_key(),
  r"""Traceback (most recent call last):
  File "/app/translate_macros.py", line 58, in translate
    r.raise_for_status()
requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://translation.googleapis.com/language/translate/v2?key=«S»&target=de""",
  "/app/translate_macros.py")
T("python-traceback-local-vars-frame", "pw",
  r"""  File "/opt/csat/export.py", line 41, in export
    conn = pymssql.connect(server, user, password, "Reporting")
    server = '«host»'
    user = 'reports'
    password = '«S»'
pymssql._pymssql.OperationalError: (20009, b'DB-Lib error message 20009')""",
  "/opt/csat/export.py")
T("rust-debug-struct-log", "pw",
  r"""«ts» ERROR sip_bridge: registration failed: Registration { registrar: "sip:«ip»:5060", username: "«ext»", password: "«S»", expires: 3600 }""",
  "sip_bridge: registration failed")
T("django-debug-page-settings-row", lambda c: _s(50, _LOW + _DIG + "!@#%^*(-_=+)"),
  r"""Settings
Using settings module helpdesk.settings.staging
ALLOWED_HOSTS	['staging-support.«dom»']
SECRET_KEY	'«S»'
SECURE_SSL_REDIRECT	False""",
  "helpdesk.settings.staging")
T("uwsgi-log-env-dump", lambda c: hx(32),
  r"""*** Operational MODE: preforking ***
env: PAGERDUTY_ROUTING_KEY=«S»
env: ESCALATION_POLICY=P«mongoid»Q
spawned uWSGI worker 1 (pid: «pid», cores: 1)""",
  "Operational MODE: preforking")
T("fastapi-validation-error-body", "pw",
  r"""«ts» WARNING  422 Unprocessable Entity POST /agents
  body={'email': '«email»', 'password': '«S»', 'team': 'tier-3'}
  errors=[{'loc': ('body', 'team'), 'msg': "value is not a valid enumeration member"}]""",
  "422 Unprocessable Entity POST /agents")
T("gunicorn-error-log-basic-url", "pwu",
  r"""[«date» «hms» +0000] [«pid»] [ERROR] Exception on /hooks/front: upstream https://relay:«S»@«host»/ingest returned 502""",
  "Exception on /hooks/front")
T("vector-sink-error-log", "pw",
  r"""«ts»  WARN sink{component_id=clickhouse_calls component_type=clickhouse}: vector::sinks::util::retries: Retrying after error. error=Auth failed for user=vector password=«S» endpoint=https://«host»:8443""",
  "component_id=clickhouse_calls")
T("syslog-pbx-provisioning-password", "pw",
  r"""«day» «date» «hms» «host» provisiond[«pid»]: generated cfg for MAC 00:04:f2:«n»:1a:2b ext=«ext» sip_pass=«S» template=agent-desk""",
  "template=agent-desk")
T("k8s-event-job-args-password", "pw",
  r"""Normal   Created  pod/csat-export-«sha7»-x9z  Created container export
Normal   Started  pod/csat-export-«sha7»-x9z  Started container export with args [--db-user reports --db-pass «S» --since 24h]""",
  "Created container export")
T("winston-json-log-refresh-token", lambda c: "1//0" + b64u(rint(90, 100)),
  r"""{"level":"info","message":"gmail inbox sync: token refreshed","refresh_token":"«S»","mailbox":"support@«dom»","service":"inbox-sync","timestamp":"«ts»"}""",
  "gmail inbox sync: token refreshed")
T("ruby-exception-inspect-options", "pw",
  r"""Net::SMTPAuthenticationError (535 5.7.8 Username and Password not accepted):
  mailer options: {:address=>"smtp.«dom»", :port=>587, :user_name=>"surveys@«dom»", :password=>"«S»", :authentication=>:login}""",
  "Net::SMTPAuthenticationError")
T("freeswitch-log-gateway-register", "pw",
  r"""«date» «hms».218 [DEBUG] sofia_reg.c:2450 Registering carrier-primary user=«short»-cc pass=«S» proxy=sip.carrier.example""",
  "sofia_reg.c:2450 Registering carrier-primary")
T("mysql2-error-config-object", "pw",
  r"""Error: Access denied for user 'callbacks'@'«ip»' (using password: YES)
    at Packet.asError (/app/node_modules/mysql2/lib/packets/packet.js:728:17) {
  code: 'ER_ACCESS_DENIED_ERROR',
  config: { host: '«host»', user: 'callbacks', password: '«S»', database: 'callbacks' }
}""",
  "code: 'ER_ACCESS_DENIED_ERROR'")
T("haproxy-log-captured-auth-header", lambda c: "Bearer " + an(48),
  r"""«day» «date» «hms» lb01 haproxy[«pid»]: «ip»:44122 [«date»:«hms».231] fe_https~ be_kb/kb2 0/0/1/23/24 200 5120 - - ---- 12/12/0/0/0 0/0 {«S»|kb.«dom»} "GET /api/articles?locale=de HTTP/1.1" """,
  "be_kb/kb2")
T("playwright-trace-request-headers", "an40",
  r"""  - navigating to "https://«sub».zendesk.com/agent/tickets/«tkt»", waiting until "load"
  - request headers: {"x-zendesk-api-token":"«S»","user-agent":"Playwright/1.44"}
  - response 200 OK""",
  "https://«sub».zendesk.com/agent/tickets/«tkt»")
T("sidekiq-retry-job-args", "an40",
  r"""«ts» pid=«pid» tid=«mongoid» class=KustomerImportJob jid=«sha7»«sha7» WARN: retrying job, args=["«sub»", "«S»", {"since"=>"«date»"}] error=Net::ReadTimeout""",
  "class=KustomerImportJob")
T("dotnet-unhandled-exception-uri", "pwu",
  r"""Unhandled exception. System.Net.Http.HttpRequestException: No such host is known. (amqp://wfm:«S»@«host»:5672/wfm)
   at System.Net.Http.HttpConnectionPool.ConnectToTcpHostAsync(String host, Int32 port)
   at Wfm.Bus.Start() in /src/Wfm.Bus/Bus.cs:line 42""",
  "/src/Wfm.Bus/Bus.cs:line 42")


# ===========================================================================
# group: note-or-chat
# ===========================================================================
_grp("note-or-chat")
T("slack-thread-handover-password", "pw",
  r"""«first» [«time»]: @«first2» handing over the Five9 supervisor login for tonight -> user supervisor.«short», pw «S». Please rotate it after your shift, I'll open the ticket tomorrow.""",
  "supervisor.«short»")
T("german-shift-handover-passwort", "pw",
  r"""Übergabe Spätschicht («date»): Genesys-Admin-Zugang ist «login» / Passwort: «S» -- bitte nach dem Einsatz ändern und in KeePass eintragen. Queue «queue» hat 23 offene Rückrufe.""",
  "Queue «queue» hat 23 offene Rückrufe")
T("french-chat-mot-de-passe", "pw",
  r"""«first» : salut, le mot de passe du compte Zendesk de secours c'est «S» (identifiant «email»). Ne le mets pas dans le ticket stp.""",
  "identifiant «email»")
T("spanish-chat-contrasena", "pw",
  r"""«first2»: oye, la contraseña del panel de Aircall es «S», el usuario es «email». Lo cambio el lunes.""",
  "el usuario es «email»")
T("portuguese-note-senha", "pw",
  r"""Passagem de turno: senha do Talkdesk para o supervisor noturno = «S» (login «login»). Fila «queue» com SLA estourado desde as «time».""",
  "login «login»")
T("italian-chat-password-wallboard", "pw",
  r"""«first»: ragazzi, la password del wallboard al secondo piano è «S» -- utente wallboard. Non scrivetela sul post-it!""",
  "utente wallboard")
T("dutch-note-wachtwoord", "pw",
  r"""Notitie: wachtwoord voor de RingCentral admin (account «email») is tijdelijk «S». Graag na de migratie resetten.""",
  "account «email»")
T("polish-chat-haslo", "pw",
  r"""«first2»: hasło do konsoli Vonage: «S» (konto «login»). Zmienię je po audycie.""",
  "konto «login»")
T("japanese-note-password", "pw",
  u"""引き継ぎメモ: Zendesk管理者アカウント «email» のパスワードは «S» です。作業後に必ず変更してください。""",
  "引き継ぎメモ")
T("chinese-note-mima", "pw",
  u"""客服系统数据库（«host»）账号 «user»，密码：«S»，只读权限，用完请告诉我。""",
  "账号 «user»")
T("korean-chat-bimilbeonho", "pw",
  u"""«first»: 상담 녹취 서버 계정 «user» 비밀번호는 «S» 입니다. 내일 교체 예정이에요.""",
  "상담 녹취 서버 계정 «user»")
T("russian-chat-parol", "pw",
  u"""«first2»: пароль от Freshdesk админки: «S», логин «email». После проверки смени, пожалуйста.""",
  "логин «email»")
T("turkish-chat-sifre", "pw",
  u"""«first»: çağrı kaydı SFTP için kullanıcı callrec, şifre «S». Akşam vardiyası kullanacak.""",
  "kullanıcı callrec")
T("swedish-note-losenord", "pw",
  u"""Överlämning: lösenordet till Kustomer-admin («email») är «S» tills vidare.""",
  "Kustomer-admin («email»)")
T("hinglish-chat-auth-token", "hex32",
  r"""«first»: bhai Twilio ka auth token yeh hai «S» -- account «acsid» wala. kal tak rotate kar dena""",
  "account «acsid» wala")
T("arabic-chat-kalimat-alsir", "pw",
  u"""«first2»: كلمة المرور لحساب لوحة التحكم في Genesys هي «S» واسم المستخدم «login»""",
  "«login»")
T("vietnamese-chat-mat-khau", "pw",
  u"""«first»: mật khẩu tài khoản Intercom chung là «S», email «email» nhé.""",
  "email «email» nhé")
T("indonesian-chat-kata-sandi", "pw",
  r"""«first2»: kata sandi akun Help Scout tim malam: «S» (user «email»). Tolong ganti setelah audit.""",
  "user «email»")
T("running-notes-rotated-token-tried", lambda c: hub_pat(),
  r"""- «time» tried HubSpot token «S» from the old runbook -> 401 INVALID_AUTHENTICATION, so it has probably been rotated
- next: ask «first» for the new private-app token""",
  "401 INVALID_AUTHENTICATION")
T("goal-statement-with-key", "an20",
  r"""GOAL: migrate all 1,200 macros from Freshdesk («sub».freshdesk.com) to Zendesk. Freshdesk read-only API key for this job: «S». Do not touch live tickets.""",
  "«sub».freshdesk.com")
T("decision-log-shared-service-account", "pw",
  r"""DECISION («date»): keep using the shared service account «user» (password «S») for the nightly CSAT export until SSO service principals land in Q3. Owner: «first».""",
  "shared service account «user»")
T("pasted-email-temporary-password", "pw",
  r"""From: IT Service Desk <servicedesk@«dom»>
Subject: Your temporary password

Hi «first»,
Your account «login» has been reset. Your temporary password is: «S»
You will be asked to change it at first login.""",
  "Subject: Your temporary password")
T("teams-chat-creds-arrow", "pw",
  r"""[«time»] «first» «last»: creds for the recording SFTP → callrec / «S»
[«time»] «first2»: thx, in""",
  "recording SFTP")
T("abbrev-pw-colon-note", "pw",
  r"""wallboard kiosk floor 2 -- user: kiosk2, pw: «S»""",
  "wallboard kiosk floor 2")
T("abbrev-pass-equals-note", "pwu",
  r"""QA login for the new IVR staging: «user» pass=«S» (staging only)""",
  "QA login for the new IVR staging")
T("abbrev-creds-slash-pair", "pw",
  r"""creds: «login» / «S»  (Talkdesk sandbox)""",
  "(Talkdesk sandbox)")
T("unlabelled-logging-in-as-with", "pw",
  r"""ok, logging into the Five9 admin as «login» with «S» now -- will check why the «queue» skill isn't routing.""",
  "logging into the Five9 admin as «login»")
T("wifi-ssid-slash-key", "pw",
  r"""Guest wifi for the «date» training day at the contact centre: CC-Training / «S»""",
  "CC-Training")
T("sticky-note-transcription", "pw",
  r"""Photo of the post-it on monitor 14 (found during the clean-desk audit): "«login» -- «S»". Reported to security, ticket SEC-«n».""",
  "clean-desk audit")
T("jira-comment-repro-credentials", "pw",
  r"""Repro steps:
1. Log in to the agent portal as qa.agent2 / «S»
2. Open ticket #«tkt», click "Merge"
3. Observe 500 in the network tab""",
  "Open ticket #«tkt»")
T("zendesk-internal-note-customer-admin", "pw",
  r"""Internal note («first»): customer gave us their WooCommerce admin login for debugging the Gorgias sync -- admin / «S». Delete this note once done.""",
  "Gorgias sync")
T("handover-two-line-username-password", "pw",
  r"""Night shift handover
Genesys supervisor
Username: «email»
Password: «S»
Open P1s: 2 (see #«tkt»)""",
  "Night shift handover")
T("whatsapp-forwarded-message", "pw",
  r"""[«date», «time»] «first»: Forwarded
the VPN for remote agents: user «login», password «S»
[«date», «time»] «first2»: 👍""",
  "the VPN for remote agents")
T("intercom-transcript-customer-shares-password", "pw",
  r"""Customer («time»): I can't get into my account, here's my login so you can check -- username jane.d«n», password «S»
Agent «first» («time»): Please never share your password with us! I'll send you a reset link instead.""",
  "Please never share your password with us!")
T("call-transcript-spoken-passphrase", "phrase_sp",
  r"""[00:03:12] Caller: ...yeah the security phrase on the account is «S»
[00:03:18] Agent: thank you, that matches, I can go ahead with the change.""",
  "[00:03:18] Agent: thank you")
T("todo-list-rotate-token-inline", "hex32",
  r"""TODO
- [x] move wallboard to new host
- [ ] rotate Aircall token «S» (was pasted in #support-ops)
- [ ] update runbook""",
  "move wallboard to new host")
T("escalation-summary-shared-client-secret", lambda c: b64u(43),
  r"""Escalated to Tier 3. Genesys support asked for the OAuth client secret to reproduce; I pasted «S» into their case portal -- needs rotation once they're done.""",
  "Escalated to Tier 3.")
T("retro-notes-leaked-key", lambda c: sendgrid_key(),
  r"""Retro «date» -- what went wrong: the CSAT mailer key («S») was committed to the public status-page repo for ~2h. Action: «first» to add gitleaks to CI.""",
  "Action: «first» to add gitleaks to CI")
T("markdown-backtick-secret-note", "an40",
  r"""## Zendesk API
- subdomain: `«sub»`
- token (agent-tools): `«S»`
- rate limit: 700 rpm""",
  "subdomain: `«sub»`")
T("slack-code-block-env-paste", lambda c: "sk_live_" + an(rint(30, 60)),
  r"""«first2» [«time»]: can someone check why refunds fail? my env:
```
STRIPE_SECRET_KEY=«S»
GORGIAS_ACCOUNT=«sub»
```""",
  "GORGIAS_ACCOUNT=«sub»")
T("discord-message-bot-token", lambda c: b64u(24) + "." + b64u(6) + "." + b64u(38),
  r"""«first» — Today at «time»
here's the community support bot token, put it in the .env: «S»""",
  "community support bot token")
T("meeting-notes-wifi-key", "phrase",
  r"""Meeting notes -- onboarding cohort «n»
* Training room Wi-Fi: SSID CC-Onboard, key «S»
* Shadowing schedule: see rota""",
  "SSID CC-Onboard")
T("voicemail-pin-note", "pin",
  r"""Escalation line voicemail (ext «ext»): PIN is «S». Check every 2h on weekends.""",
  "Escalation line voicemail (ext «ext»)")
T("dm-i-sent-you-token", lambda c: tg_token(),
  r"""«first2»: I DM'd you the token but here it is again since Slack ate it: «S» -- it's the @«short»_help_bot one""",
  "@«short»_help_bot")
T("gpg-passphrase-note", "phrase_sp",
  r"""Passphrase for the GPG key we use to encrypt the weekly ticket exports: «S» (key id 0x«sha7»A1B2C3D4E)""",
  "weekly ticket exports")
T("recovery-codes-2fa-shared-admin", lambda c: "%s-%s" % (lo(5), lo(5)),
  r"""Backup codes for the shared Zendesk admin 2FA (use one, then cross it out):
«S»
(the rest are in the safe)""",
  "Backup codes for the shared Zendesk admin 2FA")
T("otpauth-uri-note", lambda c: b32(32),
  r"""Scan this for the team TOTP on the Aircall admin: otpauth://totp/Aircall:admin%40«dom»?secret=«S»&issuer=Aircall""",
  "issuer=Aircall")
T("full-key-after-prefix-note", lambda c: stripe_sk(),
  r"""the live key is the one starting sk_live_... not the test one. full: «S»""",
  "not the test one")
T("czech-chat-heslo", "pw",
  u"""«first»: heslo k Freshdesku pro noční směnu je «S», uživatel «email».""",
  "uživatel «email»")
T("finnish-note-salasana", "pw",
  u"""Vuoronvaihto: Aircall-ylläpitäjän salasana on «S» (tunnus «email»).""",
  "tunnus «email»")
T("danish-chat-adgangskode", "pw",
  u"""«first2»: adgangskoden til Front er «S» -- brugernavn «email».""",
  "brugernavn «email»")
T("greek-chat-kodikos", "pw",
  u"""«first»: ο κωδικός για το Talkdesk είναι «S», χρήστης «login».""",
  "χρήστης «login»")
T("hebrew-chat-sisma", "pw",
  u"""«first2»: הסיסמה לממשק של Five9 היא «S» והמשתמש «login»""",
  "«login»")
T("thai-chat-rahat-phan", "pw",
  u"""«first»: รหัสผ่านของ Zendesk คือ «S» ชื่อผู้ใช้ «email»""",
  "ชื่อผู้ใช้ «email»")
T("ukrainian-note-parol", "pw",
  u"""Передача зміни: пароль до Genesys Cloud супервізора — «S», логін «email».""",
  "логін «email»")
T("romanian-chat-parola", "pw",
  u"""«first»: parola pentru contul Gorgias e «S», user «email». O schimb mâine.""",
  "user «email»")
T("hungarian-chat-jelszo", "pw",
  u"""«first2»: a Kustomer admin jelszó «S», felhasználó «email».""",
  "felhasználó «email»")
T("tagalog-chat-password-ko", "pw",
  r"""«first»: eto yung password ng Aircall natin: «S» -- user «email». Palitan natin bukas ha.""",
  "user «email»")
T("running-notes-new-token-works", lambda c: hub_pat(),
  r"""«time» -- old HubSpot token returns 401. «first» sent a new one in DM: «S» -- works, ticket sync backfilled 312 rows.""",
  "ticket sync backfilled 312 rows")
T("macro-text-with-temp-password", "pw",
  r"""Hi {{ticket.requester.first_name}}, your temporary portal password is «S» -- please change it after logging in. Kind regards, «first»""",
  "{{ticket.requester.first_name}}")
T("yaml-ish-handover-block", "pw",
  r"""handover:
  shift: late
  five9_supervisor:
    user: «login»
    pass: «S»
  open_escalations: [«tkt»]""",
  "shift: late")
T("commit-message-with-password", "pw",
  r"""commit «sha7»: "temp: hardcode ivr db pw («S») until vault agent is fixed -- revert before Friday" """,
  "until vault agent is fixed")
T("agent-plan-step-with-credential", "an32",
  r"""Plan:
1. Authenticate to Help Scout with app secret «S» (client id «hsid»)
2. Pull conversations for mailbox «n»
3. Map tags -> Zendesk fields""",
  "client id «hsid»")
T("email-thread-vendor-onboarding", "pw",
  r"""> On «date», «first» wrote:
> Your RingCentral sandbox is ready. Admin login: «email»
> Initial password: «S»
> Please change it within 7 days.""",
  "Your RingCentral sandbox is ready.")
T("chat-no-label-after-colon-newline", "pw",
  r"""«first»: what's the wallboard admin again?
«first2»: admin
«first2»: «S»
«first»: ty""",
  "what's the wallboard admin again?")
T("spanish-note-token-api", "an40",
  r"""Nota de traspaso: el token de la API de Zendesk para la integración con el CRM es «S» (cuenta «email»). Caduca nunca, hay que rotarlo.""",
  "cuenta «email»")
T("german-chat-api-schluessel", lambda c: hx(64),
  r"""«first»: der API-Schlüssel für Gorgias ist «S» -- bitte nicht ins Ticket kopieren.""",
  "bitte nicht ins Ticket kopieren")
T("french-note-jeton-slack", lambda c: slack_bot(),
  r"""Note: le jeton du bot Slack d'escalade est «S», à mettre dans le coffre-fort dès que possible.""",
  "bot Slack d'escalade")


# ===========================================================================
# group: ci-and-deploy
# ===========================================================================
_grp("ci-and-deploy")
T("github-actions-env-literal", "an40",
  r"""jobs:
  sync-macros:
    runs-on: ubuntu-latest
    env:
      ZENDESK_SUBDOMAIN: «sub»
      ZENDESK_TOKEN: «S»
    steps:
      - uses: actions/checkout@v4""",
  "sync-macros:")
T("gitlab-ci-variables-literal", "pw",
  r"""variables:
  POSTGRES_DB: «db»
  POSTGRES_USER: «user»
  POSTGRES_PASSWORD: "«S»"

test:
  services: [postgres:16]""",
  "POSTGRES_DB: «db»")
T("circleci-job-environment", lambda c: slack_bot(),
  r"""jobs:
  notify:
    docker:
      - image: cimg/base:2024.05
    environment:
      SLACK_BOT_TOKEN: «S»
      SLACK_CHANNEL: "#cx-deploys" """,
  "image: cimg/base:2024.05")
T("jenkinsfile-sh-curl-u", "pw",
  r"""stage('Smoke test') {
  steps {
    sh "curl -fsS -u deploy:«S» https://«host»/healthz"
  }
}""",
  "stage('Smoke test')")
T("jenkinsfile-withenv-literal", "hex32",
  r"""withEnv(["TWILIO_ACCOUNT_SID=«acsid»", "TWILIO_AUTH_TOKEN=«S»"]) {
  sh 'npm run deploy:functions'
}""",
  "npm run deploy:functions")
T("bitbucket-pipelines-script-export", lambda c: an(32),
  r"""pipelines:
  branches:
    main:
      - step:
          script:
            - export DRIFT_TOKEN=«S»
            - ./scripts/publish_playbooks.sh""",
  "./scripts/publish_playbooks.sh")
T("azure-pipelines-variables-block", "pw",
  r"""variables:
  buildConfiguration: Release
  sqlAdminPassword: '«S»'
steps:
- task: SqlAzureDacpacDeployment@1""",
  "SqlAzureDacpacDeployment@1")
T("travis-env-global-unencrypted", lambda c: "key-" + hx(32),
  r"""env:
  global:
    - MAILGUN_DOMAIN=mg.«dom»
    - MAILGUN_API_KEY=«S»
script: npm test""",
  "MAILGUN_DOMAIN=mg.«dom»")
T("drone-step-environment", "pw",
  r"""steps:
- name: migrate
  image: migrate/migrate
  environment:
    DATABASE_URL_PASSWORD: «S»
  commands:
  - migrate -path db -database postgres://«user»:$DATABASE_URL_PASSWORD@«host»/«db» up""",
  "image: migrate/migrate")
T("argocd-app-helm-parameters", "pwu",
  r"""spec:
  source:
    helm:
      parameters:
        - name: redis.auth.password
          value: «S»
        - name: image.tag
          value: «ver»""",
  "name: redis.auth.password")
T("k8s-deployment-env-value-literal", lambda c: jwt({"org": "kustomer", "roles": ["org.permission.conversation.read"]}),
  r"""        env:
          - name: KUSTOMER_API_KEY
            value: «S»
          - name: LOG_LEVEL
            value: info""",
  "name: KUSTOMER_API_KEY")
T("docker-build-arg-in-ci-log", lambda c: "npm_" + an(36),
  r"""#12 [build 3/7] RUN echo "//registry.npmjs.org/:_authToken=«S»" > .npmrc && npm ci
#12 DONE 41.2s""",
  "#12 DONE 41.2s")
T("ci-log-env-dump-debug", lambda c: hx(32),
  r"""Run env | sort
CI=true
DD_API_KEY=«S»
DD_SITE=datadoghq.eu
GITHUB_REF=refs/heads/main""",
  "DD_SITE=datadoghq.eu")
T("tfc-variable-create-json", lambda c: b64u(43),
  r"""{
  "data": {
    "type": "vars",
    "attributes": {
      "key": "genesys_client_secret",
      "value": "«S»",
      "category": "terraform",
      "sensitive": false
    }
  }
}""",
  "\"key\": \"genesys_client_secret\"")
T("serverless-deploy-param-flag", "hex32",
  r"""npx serverless deploy --stage prod --param="twilioAuthToken=«S»" --region «region»""",
  "npx serverless deploy --stage prod")
T("netlify-toml-build-environment", lambda c: hx(32),
  r"""[build]
  command = "npm run build"
[build.environment]
  ALGOLIA_APP_ID = "«mongoid»«n»"
  ALGOLIA_ADMIN_KEY = "«S»" """,
  "command = \"npm run build\"")
T("vercel-deploy-env-flag", lambda c: openai_key(),
  r"""vercel deploy --prod -e OPENAI_API_KEY=«S» -e HELP_CENTER_URL=https://help.«dom»""",
  "vercel deploy --prod")
T("heroku-app-json-env-value", lambda c: hub_pat(),
  r"""{
  "name": "crm-glue",
  "env": {
    "HUBSPOT_TOKEN": { "value": "«S»" },
    "WEB_CONCURRENCY": { "value": "2" }
  }
}""",
  "\"name\": \"crm-glue\"")
T("kustomize-secretgenerator-literals", "pw",
  r"""secretGenerator:
  - name: five9-reports
    literals:
      - FIVE9_USER=reports@«dom»
      - FIVE9_PASSWORD=«S»""",
  "name: five9-reports")
T("cloudformation-parameter-default", "pw",
  r"""Parameters:
  DbMasterPassword:
    Type: String
    NoEcho: true
    Default: "«S»"
Resources:""",
  "DbMasterPassword:")
T("codebuild-buildspec-plaintext-env", "aws",
  r"""version: 0.2
env:
  variables:
    RECORDINGS_BUCKET: «bucket»
    UPLOAD_SECRET_KEY: «S»
phases:
  build:
    commands: [./upload.sh]""",
  "RECORDINGS_BUCKET: «bucket»")
T("cloudbuild-substitutions-token", lambda c: gh_pat(),
  r"""substitutions:
  _GITHUB_TOKEN: «S»
  _REGION: europe-west1
steps:
- name: gcr.io/cloud-builders/git
  args: ['clone', 'https://x:${_GITHUB_TOKEN}@github.com/«ghorg»/kb-site']""",
  "gcr.io/cloud-builders/git")
T("packer-variables-password", "pw",
  r"""variable "winrm_password" {
  type    = string
  default = "«S»"
}
source "amazon-ebs" "agent-desktop" {""",
  "source \"amazon-ebs\" \"agent-desktop\"")
T("helmfile-values-inline", "pw",
  r"""releases:
  - name: kb-search
    chart: bitnami/elasticsearch
    values:
      - security:
          elasticPassword: «S»""",
  "chart: bitnami/elasticsearch")
T("argocd-repo-secret-password", lambda c: glpat(),
  r"""apiVersion: v1
kind: Secret
metadata:
  labels: {argocd.argoproj.io/secret-type: repository}
stringData:
  url: https://gitlab.«dom»/cx/deploy-config.git
  username: argocd
  password: «S»""",
  "https://gitlab.«dom»/cx/deploy-config.git")
T("github-action-with-token-literal", lambda c: gh_pat(),
  r"""      - uses: peter-evans/create-pull-request@v6
        with:
          token: «S»
          title: "chore: sync Zendesk macros"
          branch: bot/macro-sync""",
  "branch: bot/macro-sync")
T("twine-upload-pypi-token", lambda c: "pypi-AgEIcHlwaS5vcmc" + b64u(rint(130, 170)),
  r"""python -m twine upload -u __token__ -p «S» dist/helpdesk_client-«ver»-py3-none-any.whl""",
  "dist/helpdesk_client-«ver»-py3-none-any.whl")
T("fastlane-env-apple-password", "pw",
  r"""# fastlane/.env.ci  (support app iOS)
FASTLANE_USER=mobile-ci@«dom»
FASTLANE_PASSWORD=«S»
MATCH_GIT_URL=git@github.com:«ghorg»/certs.git""",
  "FASTLANE_USER=mobile-ci@«dom»")
T("deploy-script-rsync-sshpass", "pw",
  r"""# deploy_wallboard.sh
npm run build
sshpass -p "«S»" rsync -az dist/ kiosk@«ip»:/srv/wallboard/""",
  "kiosk@«ip»:/srv/wallboard/")
T("makefile-deploy-target-token", lambda c: "dckr_pat_" + b64u(27),
  r"""push:
	docker login -u «ghorg» -p «S»
	docker push «ghorg»/chat-widget:$(VERSION)""",
  "docker push «ghorg»/chat-widget:$(VERSION)")
T("dockerfile-pip-index-url-creds", "pwu",
  r"""RUN pip install --no-cache-dir --index-url https://deploy:«S»@pypi.«dom»/simple/ -r requirements.txt""",
  "-r requirements.txt")
T("gha-service-container-postgres-password", "pw",
  r"""    services:
      postgres:
        image: postgres:15
        env:
          POSTGRES_PASSWORD: «S»
        ports: ['5432:5432']""",
  "image: postgres:15")
T("gitlab-ci-service-mysql-root", "pw",
  r"""integration:
  services:
    - name: mysql:8
      alias: db
  variables:
    MYSQL_ROOT_PASSWORD: «S»
  script: ./gradlew integrationTest""",
  "./gradlew integrationTest")
T("k8s-cronjob-args-password", "pw",
  r"""          containers:
          - name: nightly-export
            image: ghcr.io/«ghorg»/ticket-exporter:«ver»
            args: ["--db-password", "«S»", "--since", "24h"]""",
  "name: nightly-export")
T("lambda-update-config-variables", lambda c: an(40),
  r"""aws lambda update-function-configuration --function-name connect-crm-lookup --environment "Variables={CRM_URL=https://«host»,CRM_API_KEY=«S»}" """,
  "--function-name connect-crm-lookup")
T("twilio-serverless-deploy-env-file", "hex32",
  r"""$ cat .env.prod && twilio serverless:deploy --env .env.prod --production
ACCOUNT_SID=«acsid»
AUTH_TOKEN=«S»
SYNC_SERVICE_SID=IS«sha7»«sha7»«sha7»«sha7»abcd""",
  "twilio serverless:deploy --env .env.prod --production")
T("flex-plugin-deploy-workflow-env", lambda c: an(32),
  r"""      - name: Deploy Flex plugin
        run: twilio flex:plugins:deploy --changelog "wrap-up codes v2"
        env:
          TWILIO_API_KEY: «sksid»
          TWILIO_API_SECRET: «S»""",
  "name: Deploy Flex plugin")
T("genesys-cx-as-code-provider-ci", lambda c: b64u(43),
  r"""provider "genesyscloud" {
  oauthclient_id     = "«clientid»"
  oauthclient_secret = "«S»"
  aws_region         = "eu-west-1"
}""",
  "provider \"genesyscloud\"")
T("zcli-deploy-env-token", "an40",
  r"""- name: Deploy Zendesk app
  run: npx zcli apps:update ./app
  env:
    ZENDESK_SUBDOMAIN: «sub»
    ZENDESK_EMAIL: «email»
    ZENDESK_API_TOKEN: «S»""",
  "npx zcli apps:update ./app")
T("sfdx-auth-url-refresh-token", lambda c: "5Aep861" + _s(80, _ANC + "._"),
  r"""echo "force://PlatformCLI::«S»@«sforg».my.salesforce.com" > authfile.txt
sf org login sfdx-url --sfdx-url-file authfile.txt --alias ci-prod""",
  "sf org login sfdx-url --sfdx-url-file authfile.txt")
T("ci-slack-notify-webhook-literal", lambda c: an(24),
  r"""      - name: Notify #cx-deploys
        run: |
          curl -sX POST -d '{"text":"kb-site deployed ${{ github.sha }}"}' \
            https://hooks.slack.com/services/T«tid»/B«bid»/«S»""",
  "name: Notify #cx-deploys")
T("datadog-ci-env-literal", lambda c: hx(32),
  r"""  datadog-ci:
    script:
      - DATADOG_API_KEY=«S» npx @datadog/datadog-ci sourcemaps upload ./dist --service=agent-desktop --release-version=$CI_COMMIT_SHA""",
  "npx @datadog/datadog-ci sourcemaps upload")
T("sentry-cli-release-auth-token", lambda c: "sntrys_" + b64(100) + "_" + b64u(43),
  r"""SENTRY_AUTH_TOKEN=«S» sentry-cli releases new -p agent-desktop $VERSION""",
  "sentry-cli releases new -p agent-desktop")
T("ci-docker-login-dash-p", "pw",
  r"""before_script:
  - docker login -u ci-bot -p '«S»' registry.«dom»""",
  "registry.«dom»")
T("image-pull-secret-dockerconfigjson", lambda c: b64e('{"auths":{"registry.example.net":{"auth":"%s"}}}' % b64e("pull:" + pw())),
  r"""apiVersion: v1
kind: Secret
metadata:
  name: regcred
type: kubernetes.io/dockerconfigjson
data:
  .dockerconfigjson: «S»""",
  "name: regcred")
T("pulumi-stack-yaml-plaintext", "pw",
  r"""config:
  aws:region: «region»
  cc-infra:dbPassword: «S»
  cc-infra:instanceType: t3.medium""",
  "cc-infra:instanceType: t3.medium")
T("render-deploy-hook-key", lambda c: b64u(11),
  r"""curl -X POST "https://api.render.com/deploy/srv-«mongoid»«sha7»?key=«S»" """,
  "https://api.render.com/deploy/srv-«mongoid»«sha7»")
T("buildkite-pipeline-env", lambda c: "glpat-" + b64u(20),
  r"""steps:
  - label: ":rocket: deploy chat widget"
    command: scripts/deploy.sh
    env:
      GITLAB_TOKEN: «S»""",
  "label: \":rocket: deploy chat widget\"")
T("az-webapp-appsettings-set", "pwu",
  r"""az webapp config appsettings set -g cc-rg -n «short»-qa-portal --settings "SqlConn=Server=«host»;Database=QaScores;User Id=qa;Password=«S»;" """,
  "-n «short»-qa-portal")
T("gcloud-run-deploy-set-env-vars", lambda c: b64u(43),
  r"""gcloud run deploy survey-webhooks --image gcr.io/«short»-cx/survey-webhooks:«ver» --region europe-west1 --set-env-vars TYPEFORM_SECRET=«S»,ENV=prod""",
  "gcloud run deploy survey-webhooks")
T("kubectl-set-env-deployment", lambda c: "Bearer " + an(40),
  r"""kubectl -n cx set env deployment/chat-router UPSTREAM_AUTH="«S»" && kubectl -n cx rollout status deployment/chat-router""",
  "kubectl -n cx rollout status deployment/chat-router")
T("docker-stack-compose-env-deploy", lambda c: an(16),
  r"""  sms-gateway:
    image: registry.«dom»/sms-gateway:«ver»
    environment:
      - VONAGE_API_KEY=«vkey»
      - VONAGE_API_SECRET=«S»
    deploy: { replicas: 2 }""",
  "image: registry.«dom»/sms-gateway:«ver»")
T("eb-setenv-command", "pw",
  r"""eb setenv RDS_USERNAME=«user» RDS_PASSWORD=«S» -e kb-search-prod""",
  "-e kb-search-prod")
T("codedeploy-hook-script-password", "pw",
  r"""#!/bin/bash
# scripts/after_install.sh (CodeDeploy hook)
mysql -h «host» -u deploy -p'«S»' callbacks < /opt/callbacks/migrations/latest.sql""",
  "scripts/after_install.sh (CodeDeploy hook)")
T("ansible-deploy-play-vars-inline", "pw",
  r"""- hosts: ivr
  vars:
    ivr_db_password: "«S»"
  roles:
    - ivr-app""",
  "- ivr-app")
T("gha-run-step-inline-secret", lambda c: "lin_api_" + an(40),
  r"""      - run: |
          curl -s -H "Authorization: «S»" -H "Content-Type: application/json" \
            -d '{"query":"{ issues(filter:{labels:{name:{eq:\"escalation\"}}}) { nodes { id } } }"}' https://api.linear.app/graphql""",
  "https://api.linear.app/graphql")
T("woodpecker-secrets-inline", lambda c: "CFPAT-" + b64u(43),
  r"""steps:
  publish-kb:
    image: alpine
    environment:
      CONTENTFUL_MGMT: «S»
    commands: ["./publish.sh"]""",
  "image: alpine")
T("gradle-publish-ci-properties", "pw",
  r"""./gradlew publish -PrepoUser=ci-publisher -PrepoPassword='«S»' --no-daemon""",
  "-PrepoUser=ci-publisher")
T("helm-secrets-plain-values-ci", lambda c: hx(32),
  r"""# deploy/values.prod.yaml (NOT encrypted -- fix!)
pagerduty:
  routingKey: «S»
  severity: critical""",
  "deploy/values.prod.yaml")
T("gha-matrix-include-password", "pw",
  r"""    strategy:
      matrix:
        include:
          - env: staging
            db_pass: «S»
          - env: prod
            db_pass: ${{ secrets.PROD_DB_PASS }}""",
  "db_pass: ${{ secrets.PROD_DB_PASS }}")
T("terraform-backend-pg-conn-str", "pwu",
  r"""terraform {
  backend "pg" {
    conn_str = "postgres://tfstate:«S»@«host»/terraform_backend?sslmode=require"
  }
}""",
  "backend \"pg\"")
T("spinnaker-pipeline-json-param", lambda c: an(32),
  r"""{
  "parameterConfig": [
    { "name": "dialpadApiKey", "default": "«S»", "required": true },
    { "name": "region", "default": "«region»" }
  ]
}""",
  "\"name\": \"dialpadApiKey\"")
T("octopus-style-variable-export", "pw",
  r"""##octopus[setVariable name='RecordingsSftpPassword' value='«S»' sensitive='False']
Deploying release «ver» to Production""",
  "Deploying release «ver» to Production")
T("gha-debug-echo-base64-decoded", "pw",
  r"""Run echo "$CREDS_B64" | base64 -d
{"username":"«user»","password":"«S»"}""",
  "Run echo \"$CREDS_B64\" | base64 -d")


# ===========================================================================
# group: vendor-token
# ===========================================================================
_grp("vendor-token")


def V(fmt, sec, var, label, slug, curl, curl_vis):
    """Vendor token placed in one of ten realistic surroundings (chosen by _R)."""
    low = var.lower()

    def tm(c):
        k = _R.randrange(10)
        if k == 0:
            return ("# «org» -- %s\n%s=«S»\nLOG_LEVEL=info" % (label, var), var)
        if k == 1:
            return ("export %s='«S»'\n./bin/%s-sync --since «date» --dry-run" % (var, slug), "./bin/%s-sync" % slug)
        if k == 2:
            return ('{\n  "%s": "«S»",\n  "environment": "production",\n  "owner": "«email»"\n}' % low, '"%s"' % low)
        if k == 3:
            return ("%s:\n  %s: «S»\n  timeout_seconds: 30\n  retries: 3" % (slug, low), "timeout_seconds: 30")
        if k == 4:
            return ('%s = "«S»"  # %s, ask «first» before rotating' % (var, label), var)
        if k == 5:
            return ("«first» [«time»]: here's the %s for «org» -- «S» -- please move it to the vault" % label, label)
        if k == 6:
            return (curl, curl_vis)
        if k == 7:
            return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s-credentials\nstringData:\n  %s: «S»" % (slug, var),
                    "name: %s-credentials" % slug)
        if k == 8:
            return ('[%s]\n%s = "«S»"\nenabled = true' % (slug, low), "[%s]" % slug)
        return ("«ts» DEBUG %s client initialised with %s=«S»" % (slug, low), "%s client initialised" % slug)
    T(fmt, sec, tm)


V("twilio-auth-token", "hex32", "TWILIO_AUTH_TOKEN", "Twilio auth token", "twilio",
  "curl -u «acsid»:«S» https://api.twilio.com/2010-04-01/Accounts/«acsid»/Recordings.json?PageSize=20", "api.twilio.com")
V("twilio-api-key-secret", "an32", "TWILIO_API_SECRET", "Twilio API key secret", "twilio-flex",
  "curl -u «sksid»:«S» https://flex-api.twilio.com/v1/Configuration", "flex-api.twilio.com")
V("zendesk-api-token", "an40", "ZENDESK_API_TOKEN", "Zendesk API token", "zendesk",
  "curl -u «email»/token:«S» https://«sub».zendesk.com/api/v2/macros.json", "https://«sub».zendesk.com/api/v2/macros.json")
V("zendesk-oauth-access-token", "hex64", "ZENDESK_OAUTH_TOKEN", "Zendesk OAuth access token", "zendesk-oauth",
  "curl -H 'Authorization: Bearer «S»' https://«sub».zendesk.com/api/v2/users/me.json", "https://«sub».zendesk.com/api/v2/users/me.json")
V("zendesk-webhook-signing-secret", lambda c: b64(43) + "=", "ZENDESK_WEBHOOK_SECRET", "Zendesk webhook signing secret", "zd-webhooks",
  "python verify_sig.py --secret «S» --payload sample.json", "verify_sig.py")
V("freshdesk-api-key", "an20", "FRESHDESK_API_KEY", "Freshdesk API key", "freshdesk",
  "curl -u «S»:X https://«sub».freshdesk.com/api/v2/agents/me", "https://«sub».freshdesk.com/api/v2/agents/me")
V("freshchat-api-token-jwt", lambda c: jwt({"iss": "freshchat", "aud": "api", "org": dg(6)}, alg="RS256", siglen=342),
  "FRESHCHAT_TOKEN", "Freshchat API token", "freshchat",
  "curl -H 'Authorization: Bearer «S»' https://«sub».freshchat.com/v2/agents", "https://«sub».freshchat.com/v2/agents")
V("helpscout-app-secret", "an32", "HELPSCOUT_APP_SECRET", "Help Scout app secret", "helpscout",
  "curl -X POST https://api.helpscout.net/v2/oauth2/token -d grant_type=client_credentials -d client_id=«hsid» -d client_secret=«S»",
  "https://api.helpscout.net/v2/oauth2/token")
V("intercom-access-token", lambda c: intercom_tok(), "INTERCOM_ACCESS_TOKEN", "Intercom access token", "intercom",
  "curl -H 'Authorization: Bearer «S»' https://api.intercom.io/admins", "https://api.intercom.io/admins")
V("intercom-identity-verification-secret", "hex40", "INTERCOM_IDV_SECRET", "Intercom identity verification secret", "intercom-idv",
  "echo -n \"$USER_ID\" | openssl dgst -sha256 -hmac «S»", "openssl dgst -sha256 -hmac")
V("front-api-token", lambda c: jwt({"scopes": ["shared:*", "private:*"], "iss": "front", "sub": hx(24)}), "FRONT_API_TOKEN",
  "Front API token", "front",
  "curl -H 'Authorization: Bearer «S»' https://api2.frontapp.com/inboxes", "https://api2.frontapp.com/inboxes")
V("gorgias-api-key", "hex64", "GORGIAS_API_KEY", "Gorgias API key", "gorgias",
  "curl -u «email»:«S» https://«sub».gorgias.com/api/tickets?limit=30", "https://«sub».gorgias.com/api/tickets")
V("kustomer-api-key-jwt", lambda c: jwt({"org": hx(24), "user": hx(24), "roles": ["org.admin.apps"], "aud": "urn:consumer"}),
  "KUSTOMER_API_KEY", "Kustomer API key", "kustomer",
  "curl -H 'Authorization: Bearer «S»' https://api.kustomerapp.com/v1/conversations", "https://api.kustomerapp.com/v1/conversations")
V("genesys-cloud-client-secret", "b64u43", "GENESYS_CLIENT_SECRET", "Genesys Cloud OAuth client secret", "genesys",
  "curl -u «clientid»:«S» -d grant_type=client_credentials https://login.mypurecloud.ie/oauth/token", "https://login.mypurecloud.ie/oauth/token")
V("aws-secret-access-key-connect", "aws", "AWS_SECRET_ACCESS_KEY", "AWS secret key for Amazon Connect exports", "connect-export",
  "AWS_ACCESS_KEY_ID=«akid» AWS_SECRET_ACCESS_KEY=«S» aws connect list-users --instance-id «instid»", "aws connect list-users")
V("aws-session-token", lambda c: aws_session(), "AWS_SESSION_TOKEN", "AWS session token", "contact-lens",
  "AWS_SESSION_TOKEN=«S» aws s3 ls s3://«bucket»/", "s3://«bucket»/")
V("aircall-api-token", "hex32", "AIRCALL_API_TOKEN", "Aircall API token", "aircall",
  "curl -u «n»«n»:«S» https://api.aircall.io/v1/numbers", "https://api.aircall.io/v1/numbers")
V("talkdesk-client-secret", lambda c: b64u(48), "TALKDESK_CLIENT_SECRET", "Talkdesk client secret", "talkdesk",
  "curl -u «clientid»:«S» -d grant_type=client_credentials https://«short».talkdeskid.com/oauth/token", "talkdeskid.com/oauth/token")
V("ringcentral-jwt-credential", lambda c: rc_jwt(), "RINGCENTRAL_JWT", "RingCentral JWT credential", "ringcentral",
  "curl -d grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer -d assertion=«S» https://platform.ringcentral.com/restapi/oauth/token",
  "https://platform.ringcentral.com/restapi/oauth/token")
V("ringcentral-client-secret", lambda c: b64u(44), "RINGCENTRAL_CLIENT_SECRET", "RingCentral client secret", "ringcentral-app",
  "curl -u «hsid»:«S» https://platform.ringcentral.com/restapi/oauth/token -d grant_type=client_credentials",
  "https://platform.ringcentral.com/restapi/oauth/token")
V("vonage-api-secret", lambda c: an(16), "VONAGE_API_SECRET", "Vonage API secret", "vonage",
  "curl 'https://api.nexmo.com/account/get-balance?api_key=«vkey»&api_secret=«S»'", "https://api.nexmo.com/account/get-balance")
V("hubspot-private-app-token", lambda c: hub_pat(), "HUBSPOT_ACCESS_TOKEN", "HubSpot private app token", "hubspot",
  "curl -H 'Authorization: Bearer «S»' https://api.hubapi.com/crm/v3/objects/contacts?limit=5", "https://api.hubapi.com/crm/v3/objects/contacts")
V("hubspot-legacy-hapikey", "uuid", "HUBSPOT_HAPIKEY", "HubSpot legacy API key", "hubspot-legacy",
  "curl 'https://api.hubapi.com/contacts/v1/lists/all/contacts/all?hapikey=«S»&count=10'", "https://api.hubapi.com/contacts/v1/lists")
V("salesforce-security-token", lambda c: an(25), "SF_SECURITY_TOKEN", "Salesforce security token", "salesforce",
  "sf-sync --username «user»@«dom».service --password \"$SF_PASSWORD\" --security-token «S»", "sf-sync --username")
V("salesforce-consumer-secret", lambda c: HX(64), "SF_CONSUMER_SECRET", "Salesforce connected app consumer secret", "sf-connected-app",
  "curl -d grant_type=client_credentials -d client_id=«sfcid» -d client_secret=«S» https://«sforg».my.salesforce.com/services/oauth2/token",
  "https://«sforg».my.salesforce.com/services/oauth2/token")
V("salesforce-session-id", lambda c: sf_session(), "SF_SESSION_ID", "Salesforce session id", "sf-session",
  "curl -H 'Authorization: Bearer «S»' https://«sforg».my.salesforce.com/services/data/v60.0/sobjects/Case", "/services/data/v60.0/sobjects/Case")
V("slack-bot-token", lambda c: slack_bot(), "SLACK_BOT_TOKEN", "Slack bot token", "slack",
  "curl -H 'Authorization: Bearer «S»' https://slack.com/api/auth.test", "https://slack.com/api/auth.test")
V("slack-user-token", lambda c: slack_user(), "SLACK_USER_TOKEN", "Slack user token", "slack-user",
  "curl -H 'Authorization: Bearer «S»' 'https://slack.com/api/conversations.history?channel=C0«tid»'", "https://slack.com/api/conversations.history")
V("slack-app-level-token", lambda c: "xapp-1-A" + up(10) + "-" + dg(13) + "-" + hx(64), "SLACK_APP_TOKEN",
  "Slack app-level token (socket mode)", "slack-socket",
  "curl -X POST -H 'Authorization: Bearer «S»' https://slack.com/api/apps.connections.open", "https://slack.com/api/apps.connections.open")
V("slack-signing-secret", "hex32", "SLACK_SIGNING_SECRET", "Slack signing secret", "slack-events",
  "python -m bolt_app --signing-secret «S» --port 3000", "python -m bolt_app")
V("stripe-secret-key", lambda c: stripe_sk(), "STRIPE_SECRET_KEY", "Stripe live secret key", "stripe",
  "curl https://api.stripe.com/v1/refunds -u «S»: -d payment_intent=pi_«sha7»«mongoid»", "https://api.stripe.com/v1/refunds")
V("stripe-restricted-key", lambda c: "rk_live_" + an(rint(60, 99)), "STRIPE_RESTRICTED_KEY", "Stripe restricted key (refunds only)",
  "stripe-rk", "curl https://api.stripe.com/v1/charges?limit=3 -u «S»:", "https://api.stripe.com/v1/charges")
V("stripe-webhook-secret", lambda c: "whsec_" + an(32), "STRIPE_WEBHOOK_SECRET", "Stripe webhook signing secret", "stripe-webhooks",
  "stripe listen --forward-to localhost:4242/webhooks --skip-verify # whsec printed: «S»", "stripe listen --forward-to")
V("sendgrid-api-key", lambda c: sendgrid_key(), "SENDGRID_API_KEY", "SendGrid API key", "sendgrid",
  "curl -H 'Authorization: Bearer «S»' https://api.sendgrid.com/v3/scopes", "https://api.sendgrid.com/v3/scopes")
V("mailgun-api-key", lambda c: "key-" + hx(32), "MAILGUN_API_KEY", "Mailgun API key", "mailgun",
  "curl -s --user 'api:«S»' https://api.eu.mailgun.net/v3/mg.«dom»/events", "https://api.eu.mailgun.net/v3/mg.«dom»/events")
V("postmark-server-token", "uuid", "POSTMARK_SERVER_TOKEN", "Postmark server token", "postmark",
  "curl -H 'X-Postmark-Server-Token: «S»' https://api.postmarkapp.com/messages/outbound?count=10", "https://api.postmarkapp.com/messages/outbound")
V("github-pat-classic", lambda c: gh_pat(), "GITHUB_TOKEN", "GitHub personal access token", "github",
  "curl -H 'Authorization: token «S»' https://api.github.com/repos/«ghorg»/zendesk-apps", "https://api.github.com/repos/«ghorg»/zendesk-apps")
V("github-fine-grained-pat", lambda c: gh_fine(), "GH_FINE_GRAINED_TOKEN", "GitHub fine-grained token", "github-fg",
  "gh api -H 'Authorization: Bearer «S»' /repos/«ghorg»/kb-site/issues", "/repos/«ghorg»/kb-site/issues")
V("gitlab-personal-access-token", lambda c: glpat(), "GITLAB_TOKEN", "GitLab personal access token", "gitlab",
  "curl --header 'PRIVATE-TOKEN: «S»' https://gitlab.«dom»/api/v4/projects", "https://gitlab.«dom»/api/v4/projects")
V("openai-project-key", lambda c: openai_key(), "OPENAI_API_KEY", "OpenAI API key", "openai",
  "curl https://api.openai.com/v1/models -H 'Authorization: Bearer «S»'", "https://api.openai.com/v1/models")
V("anthropic-api-key", lambda c: anthropic_key(), "ANTHROPIC_API_KEY", "Anthropic API key", "anthropic",
  "curl https://api.anthropic.com/v1/models -H 'x-api-key: «S»' -H 'anthropic-version: 2023-06-01'", "https://api.anthropic.com/v1/models")
V("google-cloud-api-key", lambda c: google_key(), "GOOGLE_TRANSLATE_KEY", "Google Cloud API key", "translate",
  "curl 'https://translation.googleapis.com/language/translate/v2?key=«S»&q=Hola&target=en'", "translation.googleapis.com")
V("datadog-api-key", "hex32", "DD_API_KEY", "Datadog API key", "datadog",
  "curl -H 'DD-API-KEY: «S»' https://api.datadoghq.eu/api/v1/validate", "https://api.datadoghq.eu/api/v1/validate")
V("datadog-application-key", "hex40", "DD_APP_KEY", "Datadog application key", "datadog-app",
  "curl -H \"DD-API-KEY: $DD_API_KEY\" -H 'DD-APPLICATION-KEY: «S»' https://api.datadoghq.com/api/v1/monitor", "https://api.datadoghq.com/api/v1/monitor")
V("pagerduty-routing-key", "hex32", "PAGERDUTY_ROUTING_KEY", "PagerDuty Events v2 routing key", "pagerduty",
  "curl -X POST https://events.pagerduty.com/v2/enqueue -d '{\"routing_key\":\"«S»\",\"event_action\":\"trigger\",\"payload\":{\"summary\":\"Queue «queue» > 15 min\",\"severity\":\"critical\",\"source\":\"wallboard\"}}'",
  "https://events.pagerduty.com/v2/enqueue")
V("pagerduty-rest-api-key", lambda c: "u+" + b64u(18), "PAGERDUTY_API_KEY", "PagerDuty REST API key", "pagerduty-rest",
  "curl -H 'Authorization: Token token=«S»' https://api.pagerduty.com/oncalls", "https://api.pagerduty.com/oncalls")
V("telegram-bot-token", lambda c: tg_token(), "TELEGRAM_BOT_TOKEN", "Telegram support bot token", "telegram",
  "curl https://api.telegram.org/bot«S»/getUpdates", "https://api.telegram.org/bot")
V("discord-bot-token", lambda c: b64u(24) + "." + b64u(6) + "." + b64u(38), "DISCORD_BOT_TOKEN", "Discord community bot token",
  "discord", "curl -H 'Authorization: Bot «S»' https://discord.com/api/v10/users/@me", "https://discord.com/api/v10/users/@me")
V("mailchimp-api-key", lambda c: hx(32) + "-us" + str(rint(1, 21)), "MAILCHIMP_API_KEY", "Mailchimp API key", "mailchimp",
  "curl -u anystring:«S» https://us14.api.mailchimp.com/3.0/lists", "https://us14.api.mailchimp.com/3.0/lists")
V("shopify-admin-access-token", lambda c: "shpat_" + hx(32), "SHOPIFY_ADMIN_TOKEN", "Shopify admin token for the Gorgias integration",
  "shopify", "curl -H 'X-Shopify-Access-Token: «S»' https://«short».myshopify.com/admin/api/2024-04/orders.json?status=any",
  "https://«short».myshopify.com/admin/api/2024-04/orders.json")
V("typeform-personal-token", lambda c: "tfp_" + b64u(44) + "_" + b64u(14), "TYPEFORM_TOKEN", "Typeform personal token", "typeform",
  "curl -H 'Authorization: Bearer «S»' https://api.typeform.com/forms/«mongoid»Q/responses", "https://api.typeform.com/forms")
V("qualtrics-api-token", "an40", "QUALTRICS_API_TOKEN", "Qualtrics API token", "qualtrics",
  "curl -H 'X-API-TOKEN: «S»' https://«short».eu.qualtrics.com/API/v3/surveys", "qualtrics.com/API/v3/surveys")
V("surveymonkey-access-token", lambda c: b64u(rint(60, 70)), "SURVEYMONKEY_TOKEN", "SurveyMonkey access token", "surveymonkey",
  "curl -H 'Authorization: bearer «S»' https://api.surveymonkey.com/v3/surveys", "https://api.surveymonkey.com/v3/surveys")
V("delighted-api-key", "an32", "DELIGHTED_API_KEY", "Delighted API key", "delighted",
  "curl https://api.delighted.com/v1/metrics.json -u «S»:", "https://api.delighted.com/v1/metrics.json")
V("plivo-auth-token", lambda c: an(40), "PLIVO_AUTH_TOKEN", "Plivo auth token", "plivo",
  "curl -u MA«tid»:«S» https://api.plivo.com/v1/Account/MA«tid»/Call/", "https://api.plivo.com/v1/Account/")
V("telnyx-api-key", lambda c: "KEY0" + HX(32) + "_" + an(22), "TELNYX_API_KEY", "Telnyx API key", "telnyx",
  "curl -H 'Authorization: Bearer «S»' https://api.telnyx.com/v2/phone_numbers", "https://api.telnyx.com/v2/phone_numbers")
V("messagebird-access-key", lambda c: an(25), "MESSAGEBIRD_ACCESS_KEY", "MessageBird access key", "messagebird",
  "curl -H 'Authorization: AccessKey «S»' https://rest.messagebird.com/balance", "https://rest.messagebird.com/balance")
V("drift-oauth-access-token", "an32", "DRIFT_ACCESS_TOKEN", "Drift OAuth token", "drift",
  "curl -H 'Authorization: Bearer «S»' https://driftapi.com/conversations/list", "https://driftapi.com/conversations/list")
V("livechat-personal-access-token", lambda c: b64e(pick(["us-south1", "fra"]) + ":" + b64u(28)), "LIVECHAT_PAT",
  "LiveChat personal access token", "livechat",
  "curl -u «uuid»:«S» https://api.livechatinc.com/v3.5/agent/action/list_chats -d '{}'", "https://api.livechatinc.com/v3.5/agent")
V("zoho-desk-refresh-token", lambda c: "1000." + hx(32) + "." + hx(32), "ZOHO_REFRESH_TOKEN", "Zoho Desk refresh token", "zoho-desk",
  "curl -X POST 'https://accounts.zoho.eu/oauth/v2/token?refresh_token=«S»&grant_type=refresh_token&client_id=1000.«tid»'",
  "https://accounts.zoho.eu/oauth/v2/token")
V("dialpad-api-key", lambda c: b64u(40), "DIALPAD_API_KEY", "Dialpad API key", "dialpad",
  "curl -H 'Authorization: Bearer «S»' https://dialpad.com/api/v2/callcenters", "https://dialpad.com/api/v2/callcenters")
V("algolia-admin-api-key", "hex32", "ALGOLIA_ADMIN_KEY", "Algolia admin key for help-centre search", "algolia",
  "curl -H 'X-Algolia-API-Key: «S»' -H 'X-Algolia-Application-Id: «tid»' https://«tid».algolia.net/1/indexes", "algolia.net/1/indexes")
V("atlassian-api-token", lambda c: "ATATT3xFfGF0" + b64u(rint(170, 190)) + "=" + HX(8), "JIRA_API_TOKEN", "Jira API token",
  "jira", "curl -u «email»:«S» https://«short».atlassian.net/rest/api/3/search?jql=project=CX", "https://«short».atlassian.net/rest/api/3/search")
V("okta-api-token", lambda c: "00" + b64u(40), "OKTA_API_TOKEN", "Okta API token", "okta",
  "curl -H 'Authorization: SSWS «S»' https://«short».okta.com/api/v1/groups?q=Support", "https://«short».okta.com/api/v1/groups")
V("auth0-client-secret", lambda c: b64u(64), "AUTH0_CLIENT_SECRET", "Auth0 client secret (agent portal)", "auth0",
  "curl -d client_id=«hsid» -d client_secret=«S» -d grant_type=client_credentials https://«short».eu.auth0.com/oauth/token",
  "https://«short».eu.auth0.com/oauth/token")
V("docker-hub-pat", lambda c: "dckr_pat_" + b64u(27), "DOCKERHUB_TOKEN", "Docker Hub access token", "dockerhub",
  "echo «S» | docker login -u «ghorg» --password-stdin", "docker login -u «ghorg»")
V("cloudflare-api-token", lambda c: b64u(40), "CLOUDFLARE_API_TOKEN", "Cloudflare API token", "cloudflare",
  "curl -H 'Authorization: Bearer «S»' https://api.cloudflare.com/client/v4/user/tokens/verify",
  "https://api.cloudflare.com/client/v4/user/tokens/verify")
V("pusher-app-secret", lambda c: hx(20), "PUSHER_SECRET", "Pusher app secret (live chat presence)", "pusher",
  "pusher channels apps trigger --app-id «n»«n» --key «mongoid»«n» --secret «S» --channel presence-agents --event ping",
  "--channel presence-agents")
V("ably-api-key", lambda c: up(6) + "." + b64u(6) + ":" + b64u(43), "ABLY_API_KEY", "Ably API key", "ably",
  "curl -u «S» https://rest.ably.io/channels/agent-status/messages", "https://rest.ably.io/channels/agent-status/messages")
V("zoom-s2s-client-secret", "an32", "ZOOM_CLIENT_SECRET", "Zoom Contact Center server-to-server client secret", "zoom-cc",
  "curl -u «hsid»:«S» -X POST 'https://zoom.us/oauth/token?grant_type=account_credentials&account_id=«tid»'", "https://zoom.us/oauth/token")
V("webex-bot-access-token", lambda c: b64u(64) + "_PF84_" + uid(), "WEBEX_BOT_TOKEN", "Webex bot token", "webex",
  "curl -H 'Authorization: Bearer «S»' https://webexapis.com/v1/rooms", "https://webexapis.com/v1/rooms")
V("cxone-access-key-secret", lambda c: b64(43) + "=", "CXONE_ACCESS_KEY_SECRET", "NICE CXone access key secret", "cxone",
  "curl -d '{\"accessKeyId\":\"«tid»\",\"accessKeySecret\":\"«S»\"}' https://cxone.niceincontact.com/authentication/v1/token/access-key",
  "https://cxone.niceincontact.com/authentication/v1/token/access-key")
V("dixa-api-token", lambda c: jwt({"iss": "dixa", "org_id": uid()}), "DIXA_API_TOKEN", "Dixa API token", "dixa",
  "curl -H 'Authorization: «S»' https://dev.dixa.io/v1/agents", "https://dev.dixa.io/v1/agents")
V("gladly-api-token", lambda c: b64u(48), "GLADLY_API_TOKEN", "Gladly API token", "gladly",
  "curl -u «email»:«S» https://«short».gladly.com/api/v1/agents", "gladly.com/api/v1/agents")

# signed URLs and keys in the vendor group (signature / key body only)
T("s3-presigned-url-signature", lambda c: hx(64),
  r"""https://«bucket».s3.«region».amazonaws.com/«date»/«casid».wav?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F20240512%2F«region»%2Fs3%2Faws4_request&X-Amz-Date=20240512T101530Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»""",
  "«bucket».s3.«region».amazonaws.com")
T("gcs-signed-url-signature", lambda c: hx(512),
  r"""https://storage.googleapis.com/«bucket»/ccai/«uuid».flac?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=recordings-reader%40«short»-cx.iam.gserviceaccount.com%2F20240512%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240512T101530Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host&X-Goog-Signature=«S»""",
  "storage.googleapis.com/«bucket»/ccai/«uuid».flac")
T("azure-blob-sas-signature", lambda c: b64(43).replace("+", "%2B").replace("/", "%2F") + "%3D",
  r"""https://«stacct».blob.core.windows.net/recordings/«date»/«uuid».mp3?sv=2022-11-02&ss=b&srt=o&sp=r&se=«date»T23:59:59Z&st=«date»T00:00:00Z&spr=https&sig=«S»""",
  "«stacct».blob.core.windows.net/recordings")
T("cloudfront-signed-url-signature", lambda c: b64(172).replace("+", "-").replace("/", "~").replace("=", "_"),
  r"""https://recordings.«dom»/playback/«casid».mp3?Expires=17«pid»0&Signature=«S»&Key-Pair-Id=K«tid»""",
  "https://recordings.«dom»/playback/«casid».mp3")
T("twilio-recording-url-basic-auth", "hex32",
  r"""https://«acsid»:«S»@api.twilio.com/2010-04-01/Accounts/«acsid»/Recordings/RE«sha7»«sha7»«sha7»«sha7»1234.mp3""",
  "/Recordings/RE")
T("vonage-application-private-key-pem", lambda c: pem_pkcs8_ec_body(),
  r"""VONAGE_APPLICATION_ID=«uuid»
VONAGE_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----
«S»
-----END PRIVATE KEY-----" """,
  "VONAGE_APPLICATION_ID=«uuid»")
T("salesforce-jwt-server-key-pem", lambda c: pem_rsa_body(1190),
  r"""# certs/sf-jwt-server.key  (connected app «sfcid»)
-----BEGIN RSA PRIVATE KEY-----
«S»
-----END RSA PRIVATE KEY-----""",
  "certs/sf-jwt-server.key")
T("apple-business-chat-p8-key", lambda c: pem_pkcs8_ec_body(),
  r"""AuthKey_«tid».p8 (Apple Messages for Business -> Zendesk):
-----BEGIN PRIVATE KEY-----
«S»
-----END PRIVATE KEY-----""",
  "AuthKey_«tid».p8")


# ===========================================================================
# BENIGN look-alikes (no credential inside)
# ===========================================================================
_SENTENCES = ["hello support team", "queue stats for floor 2", "wrap-up code: billing question",
              "customer asked for a callback", "csat survey sent", "ticket merged into parent",
              "agent status: on break", "escalated to tier 2", "refund approved by lead",
              "please call back after 5pm", "outage banner enabled", "macro updated",
              "voicemail transcribed", "chat transferred to billing", "sla paused: awaiting customer"]

_CTXGEN.update({
    "md5": lambda c: hx(32),
    "sha7b": lambda c: hx(7),
    "sha7c": lambda c: hx(7),
    "sha1b": lambda c: hx(40),
    "sshpub": lambda c: "AAAAC3NzaC1lZDI1NTE5AAAAI" + b64(43),
    "rsapub": lambda c: "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + b64(300),
    "fp": lambda c: "SHA256:" + b64(43),
    "md5fp": lambda c: ":".join(hx(2) for _ in range(16)),
    "certfp": lambda c: ":".join(HX(2) for _ in range(32)),
    "gpgid": lambda c: HX(16),
    "gpgfpr": lambda c: HX(40),
    "pklive": lambda c: "pk_live_" + an(rint(24, 99)),
    "recaptcha": lambda c: "6L" + b64u(38),
    "digest": lambda c: "sha256:" + hx(64),
    "trace": lambda c: hx(32),
    "span": lambda c: hx(16),
    "b64text": lambda c: b64e(pick(_SENTENCES)),
    "pod": lambda c: "%s-%s-%s" % (c["app"], lo(9), lo(5)),
    "build": lambda c: dg(rint(4, 6)),
    "integrity": lambda c: "sha512-" + b64(86) + "==",
    "h1": lambda c: "h1:" + b64(43) + "=",
    "cid": lambda c: hx(12),
    "sfid": lambda c: pick(["500", "003", "001", "005"]) + an(12),
    "orgid": lambda c: "00D" + an(12),
    "slackch": lambda c: "C0" + up(9),
    "slackuser": lambda c: "U0" + up(9),
    "resid": lambda c: "RE" + hx(32),
    "wtsid": lambda c: "WT" + hx(32),
    "wksid": lambda c: "WK" + hx(32),
    "stripeid": lambda c: pick(["pi_", "ch_", "cus_", "re_", "in_"]) + an(24),
    "kid": lambda c: hx(40),
    "ulid": lambda c: "01" + _s(24, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"),
    "numid": lambda c: dg(rint(11, 14)),
    "vaultpath": lambda c: "secret/data/%s/%s" % (pick(["support", "cc", "telephony", "cx-platform"]),
                                                 pick(["zendesk", "five9", "aircall", "genesys", "twilio", "hubspot",
                                                       "salesforce", "gorgias", "recordings-sftp", "csat-db"])),
    "envvar": lambda c: pick(["ZENDESK_API_TOKEN", "TWILIO_AUTH_TOKEN", "FRESHDESK_API_KEY", "INTERCOM_ACCESS_TOKEN",
                              "GENESYS_CLIENT_SECRET", "AIRCALL_API_TOKEN", "HUBSPOT_ACCESS_TOKEN", "SF_CLIENT_SECRET",
                              "FIVE9_PASSWORD", "SLACK_BOT_TOKEN", "SENDGRID_API_KEY", "DB_PASSWORD", "REDIS_PASSWORD",
                              "GORGIAS_API_KEY", "TALKDESK_CLIENT_SECRET", "VONAGE_API_SECRET", "QUALTRICS_API_TOKEN"]),
    "mask4": lambda c: hx(4),
    "ver2": lambda c: "%d.%d.%d" % (rint(0, 9), rint(0, 30), rint(0, 40)),
    "kb": lambda c: str(rint(100, 99999)),
    "pct": lambda c: "%d.%d" % (rint(50, 99), rint(0, 9)),
    "dur": lambda c: str(rint(12, 1800)),
    "ms": lambda c: str(rint(3, 4000)),
})

_BENIGN_T = []


def B(tmpl):
    _BENIGN_T.append(tmpl)


# --- commands ---------------------------------------------------------------
B(r"""git log --oneline -3
«sha7» fix(flex): wrap-up codes for «queue»
«sha7b» chore: bump twilio-flex-ui to «ver»
«sha7c» docs: escalation runbook""")
B(r"""$ git rev-parse HEAD
«sha»""")
B(r"""$ sha256sum /srv/recordings/«date»/«casid».wav
«sha256»  /srv/recordings/«date»/«casid».wav""")
B(r"""docker pull ghcr.io/«ghorg»/«app»@«digest»""")
B(r"""$ kubectl get pods -n cc-prod
NAME                                READY   STATUS    RESTARTS   AGE
«pod»     1/1     Running   0          3d4h""")
B(r"""$ aws s3 ls s3://«bucket»/«date»/ | head -2
«date» «hms»    «kb»000 «casid».wav
«date» «hms»    «kb»112 «uuid».json""")
B(r"""psql -h «host» -U «user» -d «db»
Password for user «user»: """)
B(r"""mysql -h «host» -u «user» -p «db»
Enter password: """)
B(r"""export «envvar»="$(vault kv get -field=value «vaultpath»)" """)
B(r"""curl -s -u "$ZENDESK_EMAIL/token:$ZENDESK_API_TOKEN" https://«sub».zendesk.com/api/v2/tickets/«tkt».json""")
B(r"""gh secret set «envvar» --repo «ghorg»/«app» < /tmp/token.txt && shred -u /tmp/token.txt""")
B(r"""kubectl -n cc-prod create secret generic «app»-creds --from-file=password=./password.txt --dry-run=client -o yaml""")
B(r"""aws secretsmanager get-secret-value --secret-id prod/«app»/«db» --query SecretString --output text | jq 'keys'""")
B(r"""op read "op://Support/«app»/credential" | «app» --token-stdin""")
B(r"""docker login registry.«dom» -u ci-bot --password-stdin < "$HOME/.config/ci/registry-pass" """)
B(r"""$ ssh-keygen -lf ~/.ssh/id_ed25519.pub
256 «fp» «login»@«first»-laptop (ED25519)""")
B(r"""$ ssh-keyscan -t ed25519 «host»
«host» ssh-ed25519 «sshpub»""")
B(r"""$ gpg --list-keys «email»
pub   ed25519 «date» [SC]
      «gpgfpr»
uid           [ultimate] «person» <«email»>""")
B(r"""$ openssl x509 -in sbc.crt -noout -fingerprint -sha256
sha256 Fingerprint=«certfp»""")
B(r"""$ twilio api:core:calls:list --limit 2 -o json | jq -r '.[].sid'
«casid»
CA«md5»""")
B(r"""aws connect describe-contact --instance-id «instid» --contact-id «uuid» --query 'Contact.{Channel:Channel,Queue:QueueInfo.Id}'""")
B(r"""$ uuidgen
«uuid»""")
B(r"""$ echo -n "queue-stats:«n»:«date»" | md5sum
«md5»  -""")
B(r"""$ echo '«b64text»' | base64 -d""")
B(r"""pip download twilio==«ver» --no-deps -d wheels && pip hash wheels/twilio-«ver»-py3-none-any.whl
--hash=sha256:«sha256»""")
B(r"""openssl rand -hex 32 > /run/secrets/session_key   # generated on the host, never printed""")
B(r"""read -rs -p "Five9 password: " FIVE9_PASSWORD && export FIVE9_PASSWORD""")
B(r"""PGPASSWORD="$PGPASSWORD" pg_dump -h «host» -U «user» «db» -Fc -f /backups/«db»-«date».dump""")
B(r"""git commit -m "rotate: reference «envvar» from vault instead of .env (see «vaultpath»)" """)
B(r"""$ git show --stat «sha7»
commit «sha»
Author: «person» <«email»>
    remove hardcoded creds; use ExternalSecret""")
B(r"""$ docker images --digests | grep «app»
ghcr.io/«ghorg»/«app»   «ver»   «digest»   «cid»   2 days ago   212MB""")
B(r"""$ kubectl get secret «app»-creds -o jsonpath='{.data}' | jq 'keys'
["password","username"]""")
B(r"""$ aws sts get-caller-identity
{"UserId": "AROA«tid»«tid»:«login»", "Account": "«acct»", "Arn": "arn:aws:sts::«acct»:assumed-role/SupportEng/«login»"}""")
B(r"""$ aws configure list
      Name                    Value             Type    Location
access_key     ****************«mask4»   shared-credentials-file
secret_key     ****************«mask4»   shared-credentials-file
    region                «region»      config-file""")
B(r"""$ vault kv metadata get «vaultpath»
current_version    7
created_time       «ts»
max_versions       10""")
B(r"""$ gh secret list --repo «ghorg»/«app»
«envvar»        Updated «date»
SLACK_WEBHOOK_URL       Updated «date»""")
B(r"""$ heroku config -a «short»-crm-glue --shell | cut -d= -f1
DATABASE_URL
HUBSPOT_ACCESS_TOKEN
LOG_LEVEL""")
B(r"""$ sf org list
 ALIAS     USERNAME                       ORG ID
 svc-prod  «user»@«dom».service  «orgid»""")
B(r"""curl -sI https://«sub».zendesk.com/api/v2/tickets.json | grep -i -E 'x-request-id|etag'
x-request-id: «trace»
etag: W/"«md5»" """)
B(r"""$ npm view @twilio/flex-ui version
«ver»""")
B(r"""$ git diff --stat «sha7»..«sha7b»
 src/flex/WrapupCodes.tsx | 42 ++++++----
 1 file changed, 28 insertions(+), 14 deletions(-)""")
B(r"""$ kubectl get externalsecret -n cc-prod
NAME            STORE          REFRESH   STATUS
«app»-creds     vault-backend  1h        SecretSynced""")
B(r"""tar czf /backups/macros-«date».tgz macros/ && sha1sum /backups/macros-«date».tgz
«sha1b»  /backups/macros-«date».tgz""")
B(r"""$ htpasswd -v /etc/nginx/.htpasswd_wallboard wallboard
Enter password:
Password for user wallboard correct.""")
B(r"""asterisk -rx "pjsip show endpoint «ext»" | grep -E 'Endpoint|Contact'
 Endpoint:  «ext»/«ext»    Not in use    0 of inf
   Contact:  «ext»/sip:«ext»@«ip»:5060;ob  «md5»  Avail  «ms».2""")

# --- config -----------------------------------------------------------------
B(r"""# .env.example
ZENDESK_SUBDOMAIN=your-subdomain
ZENDESK_EMAIL=agent@example.com
ZENDESK_API_TOKEN=<your-api-token>
SYNC_INTERVAL_MINUTES=«n»""")
B(r"""env:
  - name: «envvar»
    valueFrom:
      secretKeyRef:
        name: «app»-creds
        key: token""")
B(r"""services:
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}
      POSTGRES_DB: «db»""")
B(r"""variable "zendesk_api_token" {
  type      = string
  sensitive = true
  description = "Zendesk API token; supplied from «vaultpath»"
}""")
B(r"""$ANSIBLE_VAULT;1.1;AES256
«md5»«md5»
«md5»«md5»
«md5»«md5»""")
B(r"""password: ENC[AES256_GCM,data:«b64text»,iv:«recaptcha»=,tag:«mask4»«mask4»==,type:str]""")
B(r"""spec:
  encryptedData:
    password: AgB«b64text»«b64text»«b64text»
  template:
    metadata:
      name: «app»-creds""")
B(r"""spring:
  datasource:
    url: jdbc:postgresql://«host»:5432/«db»
    username: «user»
    password: ${DB_PASSWORD}""")
B(r"""//registry.npmjs.org/:_authToken=${NPM_TOKEN}
@«short»:registry=https://npm.pkg.«dom»/""")
B(r"""location /wallboard/ {
    auth_basic           "Wallboard";
    auth_basic_user_file /etc/nginx/.htpasswd_wallboard;
}""")
B(r"""[«ext»](agent-phone)
type=friend
; secret lives in sip_secrets.conf (not in git)
context=from-agents""")
B(r"""    "node_modules/@twilio/flex-ui": {
      "version": "«ver»",
      "resolved": "https://registry.npmjs.org/@twilio/flex-ui/-/flex-ui-«ver».tgz",
      "integrity": "«integrity»"
    }""")
B(r"""github.com/«ghorg»/zendesk-go v«ver» «h1»""")
B(r"""FROM node:20-alpine@«digest»""")
B(r"""creation_rules:
  - path_regex: secrets/.*\.yaml
    kms: arn:aws:kms:«region»:«acct»:key/«uuid»
    pgp: «gpgfpr»""")
B(r"""«host» ssh-ed25519 «sshpub»""")
B(r"""ssh-ed25519 «sshpub» «login»@support-laptop""")
B(r"""ssh-rsa «rsapub» deploy@«app»""")
B(r"""<script id="ze-snippet" src="https://static.zdassets.com/ekr/snippet.js?key=«uuid»"></script>""")
B(r"""window.intercomSettings = { api_base: "https://api-iam.intercom.io", app_id: "«mongoid»«n»" };""")
B(r"""STRIPE_PUBLISHABLE_KEY=«pklive»   # publishable, safe for the browser""")
B(r"""<div class="g-recaptcha" data-sitekey="«recaptcha»"></div>""")
B(r"""twilio:
  account_sid: «acsid»
  workspace_sid: «wsid»
  auth_token: ${TWILIO_AUTH_TOKEN}""")
B(r"""genesys:
  region: mypurecloud.ie
  client_id: «clientid»
  client_secret_ref: «vaultpath»""")
B(r"""[zendesk]
subdomain = "«sub»"
token_env = "«envvar»"   # read at startup, never stored here""")
B(r"""DB_PASSWORD=
REDIS_PASSWORD=
# fill these from 1Password vault "CX Platform" before running locally""")
B(r"""password: "********"   # masked by the config UI""")
B(r"""apiKey: "xxxxxxxxxxxxxxxxxxxxxxxxxxxx" # placeholder, real key in Parameter Store""")
B(r"""auth_token: REDACTED
account_sid: «acsid»""")
B(r"""{"name": "«app»", "version": "«ver»", "private": true, "engines": {"node": ">=20"}}""")
B(r"""[Service]
EnvironmentFile=/etc/«app»/env   # root:root 0600, populated by vault-agent
ExecStart=/opt/«app»/bin/«app»""")
B(r"""vault {
  address = "https://vault.«intdom»:8200"
}
template {
  source      = "/etc/vault-agent/«app».ctmpl"
  destination = "/etc/«app»/env"
}""")
B(r"""{{ with secret "«vaultpath»" }}«envvar»={{ .Data.data.token }}{{ end }}""")
B(r"""apiVersion: external-secrets.io/v1beta1
kind: ExternalSecret
spec:
  data:
    - secretKey: token
      remoteRef: { key: «vaultpath», property: token }""")
B(r"""-----BEGIN CERTIFICATE-----
MIIC«b64text»«b64text»
«b64text»«b64text»«b64text»
-----END CERTIFICATE-----""")
B(r"""-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE«b64text»«b64text»
-----END PUBLIC KEY-----""")
B(r"""sip_trunk:
  host: sip.carrier.example
  username: «short»-cc
  password_file: /run/secrets/sip_trunk_password""")
B(r"""[client]
host = «host»
user = «user»
# password comes from ~/.mylogin.cnf (mysql_config_editor)""")
B(r"""«host»:5432:«db»:«user»:*   # pgpass entry template -- password added by ansible from vault""")
B(r"""<add name="QaScores" connectionString="Data Source=«host»;Initial Catalog=QaScores;Integrated Security=True" />""")
B(r"""ConnectionStrings__Recordings=Server=«host»;Database=CallRecording;Authentication=Active Directory Managed Identity""")
B(r"""redis:
  url: redis://«host»:6379/2
  password_secret: «app»-redis   # k8s secret name""")
B(r"""hosts:
  pbx01: { ansible_host: «ip», ansible_user: deploy }
vars:
  ami_secret: "{{ vault_ami_secret }}" """)
B(r"""zendesk_api_token: !vault |
  $ANSIBLE_VAULT;1.1;AES256
  «md5»«md5»""")
B(r"""provider "zendesk" {
  account = "«sub»"
  email   = "«email»"
  token   = var.zendesk_api_token
}""")
B(r"""resource "aws_secretsmanager_secret" "five9" {
  name = "prod/five9/reports"
  kms_key_id = "alias/cc-secrets"
}""")
B(r"""max_password_age_days = 90
min_password_length = 14
password_history = 12""")
B(r"""kid: «kid»
alg: RS256
use: sig
jwks_uri: https://login.«dom»/.well-known/jwks.json""")
B(r"""[url "ssh://git@github.com/"]
	insteadOf = https://github.com/""")
B(r"""CACHE_KEY_PREFIX=kb:«md5»:v«n»""")

# --- source code ------------------------------------------------------------
B(r"""ZENDESK_TOKEN = os.environ["ZENDESK_API_TOKEN"]  # never hardcode""")
B(r"""const token = process.env.INTERCOM_ACCESS_TOKEN;
if (!token) throw new Error("INTERCOM_ACCESS_TOKEN is not set");""")
B(r"""client = Client(os.environ["TWILIO_ACCOUNT_SID"], os.environ["TWILIO_AUTH_TOKEN"])""")
B(r"""secret = boto3.client("secretsmanager").get_secret_value(SecretId="prod/«app»/«db»")["SecretString"]""")
B(r"""password = getpass.getpass("Five9 password: ")""")
B(r"""def mask(token: str) -> str:
    return token[:4] + "…" + token[-4:] if token else "<unset>" """)
B(r"""CACHE_KEY = hashlib.sha256(f"{ticket_id}:{locale}".encode()).hexdigest()  # e.g. «sha256»""")
B(r"""assert verify_signature(body, header) is False  # fixture signature "«md5»" is intentionally wrong""")
B(r"""func redact(s string) string { return strings.Repeat("*", len(s)) }""")
B(r"""PASSWORD_MIN_LENGTH = 12
PASSWORD_REQUIRE_SYMBOL = True
PASSWORD_FIELD = "password" """)
B(r"""if (password.length < 12) {
  errors.push("Password must be at least 12 characters.");
}""")
B(r"""@Value("${salesforce.client-secret}")
private String clientSecret;""")
B(r"""var apiKey = Environment.GetEnvironmentVariable("WFM_API_KEY") ?? throw new InvalidOperationException("WFM_API_KEY missing");""")
B(r"""headers = {"Authorization": f"Bearer {self._token()}", "X-Request-Id": "«uuid»"}""")
B(r"""TICKET_ID_RE = re.compile(r"#(\d{5,7})")
TRACE_ID = "«trace»"  # sample from the incident""")
B(r"""export const ZENDESK_WIDGET_KEY = "«uuid»"; // public snippet key""")
B(r"""// Twilio Account SID is not a secret; the auth token is read from env
export const ACCOUNT_SID = "«acsid»";""")
B(r"""SELECT id, requester_id, status FROM tickets WHERE id = «tkt» AND updated_at > '«date»';""")
B(r"""UPDATE agents SET password_hash = crypt($1, gen_salt('bf')) WHERE id = $2;""")
B(r"""CREATE TABLE integrations (id serial, provider text, api_token_ref text NOT NULL, enabled bool);""")
B(r"""token_digest = models.CharField(max_length=64)  # sha256 of the API token, never the token itself""")
B(r"""test("rejects bad signature", () => {
  expect(verify("payload", "t=«n»,v1=«md5»", "whsec_test_dummy")).toBe(false);
});""")
B(r"""SESSION_COOKIE_NAME = "cx_session"
SESSION_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True""")
B(r"""const b64 = Buffer.from("«b64text»", "base64").toString("utf8");""")
B(r"""BUILD_ID = "«build»"
GIT_SHA = "«sha»" """)
B(r"""@pytest.fixture
def zendesk_token():
    return "test-token-not-real" """)
B(r"""# TODO: move the Freshdesk key out of settings.py into Secrets Manager (ticket CX-«n»)""")
B(r"""private val callSid = "«casid»"  // sample call used in the unit test""")
B(r"""const QUEUE_SIDS = { billing: "WQ«md5»", returns: "WQ«trace»" };""")
B(r"""hmac.compare_digest(expected_sig, request.headers["X-Twilio-Signature"])""")
B(r"""KB_CACHE_TTL = 300
KB_INDEX = "help-center-«n»-v«ver2»" """)
B(r"""// see https://developer.zendesk.com/api-reference/ for token auth; format is {email}/token:{api_token}""")
B(r"""type Credentials struct {
	Username string `json:"username"`
	Password string `json:"-"` // never serialised
}""")
B(r"""log.info("auth ok", extra={"user": user_id, "token_fingerprint": "«md5»"[:12]})""")

# --- logs -------------------------------------------------------------------
B(r"""«ts» INFO  request_id=«uuid» trace_id=«trace» span_id=«span» GET /api/v2/tickets 200 «ms»ms""")
B(r"""«ts» DEBUG outbound call headers={'Authorization': '[REDACTED]', 'Content-Type': 'application/json'}""")
B(r"""«ts» WARN  zendesk client: token=<redacted> rate limited, retry-after=«n»s""")
B(r"""«ts» INFO  using api_key=****«mask4» for tenant «short»""")
B(r"""FATAL:  password authentication failed for user "«user»"
DETAIL:  Connection matched pg_hba.conf line 97: "hostssl all all 0.0.0.0/0 scram-sha-256" """)
B(r"""ERROR 1045 (28000): Access denied for user '«user»'@'«ip»' (using password: YES)""")
B(r"""«ts» ERROR aircall: 401 Unauthorized -- invalid API token for api_id «n»«n»""")
B(r"""POST /twilio/voice/status CallSid=«casid»&CallStatus=completed&CallDuration=«dur»&RecordingSid=«resid»""")
B(r"""Started POST "/agents/sign_in" for «ip» at «date» «hms» +0000
  Parameters: {"authenticity_token"=>"[FILTERED]", "agent"=>{"email"=>"«email»", "password"=>"[FILTERED]"}}""")
B(r"""Error from server (NotFound): secrets "«app»-creds" not found""")
B(r"""«ts» WARN  jwt: token expired (kid=«kid», exp=«ts»)""")
B(r"""«ts» INFO  cache hit key=tickets:view:«n»:«md5» ttl=300""")
B(r"""HTTP/2 200
etag: "«md5»"
x-amz-request-id: «cid»«span»
x-amz-id-2: «b64text»«b64text»""")
B(r"""X-Amzn-Trace-Id: Root=1-«mask4»«mask4»-«md5»«mask4»;Parent=«span»;Sampled=1""")
B(r"""traceparent: 00-«trace»-«span»-01""")
B(r"""«ts» level=info msg="contact ended" ContactId=«uuid» InstanceARN=arn:aws:connect:«region»:«acct»:instance/«instid» queue="«queue»" """)
B(r"""«ts» INFO  genesys conversation «uuid» wrapup=«uuid2» durationMs=«ms»«ms»""")
B(r"""Traceback (most recent call last):
  File "/app/sync.py", line «n», in run
    resp.raise_for_status()
requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://«sub».zendesk.com/api/v2/tickets.json""")
B(r"""java.lang.IllegalStateException: Required property 'salesforce.client-secret' is not set
	at com.x.cc.SfConfig.validate(SfConfig.java:44)""")
B(r"""Sentry event «trace» captured for «app»@«ver» (release «sha7»)""")
B(r"""«ts» INFO  password reset email sent to «email» (ticket #«tkt»)""")
B(r"""«ts» AUDIT user=«login» action=secret.read path=«vaultpath» result=allowed""")
B(r"""«ts» AUDIT user=«login» action=api_token.rotated integration=zendesk old_fingerprint=«md5»""")
B(r"""{"level":"info","msg":"webhook verified","signature_valid":true,"event_id":"evt_«uuid»","ts":"«ts»"}""")
B(r"""«ts» [asterisk] NOTICE[«pid»]: res_pjsip/pjsip_distributor.c: Request 'REGISTER' from '<sip:«ext»@«ip»>' failed for '«ip»:5060' - Failed to authenticate""")
B(r"""«day» «date» «hms» «host» sshd[«pid»]: Accepted publickey for deploy from «ip» port 51234 ssh2: ED25519 «fp»""")
B(r"""«day» «date» «hms» «host» sshd[«pid»]: Failed password for invalid user admin from «pubip» port 4242 ssh2""")
B(r"""Login Succeeded
WARNING! Your credentials are stored unencrypted in '/home/ci/.docker/config.json'.""")
B(r"""«ts» INFO  recording uploaded key=«date»/«casid».wav md5=«md5» size=«kb»123""")
B(r"""«ts» INFO  csat survey «ulid» sent to ticket «tkt» (score pending)""")
B(r"""{"timestamp":"«ts»","requestId":"«uuid»","level":"ERROR","message":"Secret prod/«app» not found in region «region»"}""")
B(r"""«ts» DEBUG Authorization header present (Bearer, 43 chars) -- value not logged""")
B(r"""WARN  [vault-agent] renewed lease auth/kubernetes/login/«md5» ttl=1h""")
B(r"""panic: runtime error: invalid memory address or nil pointer dereference
[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x«mask4»«mask4»]""")
B(r"""«ts» INFO  kafka consumer group cc-events offset=«kb»«kb» partition=«n» lag=0""")
B(r"""«ts» ERROR stripe: No such payment_intent: '«stripeid»'""")
B(r"""«ts» INFO  salesforce case «sfid» updated (org «orgid»)""")
B(r"""«ts» INFO  slack message posted channel=«slackch» ts=17«pid».«n»9 user=«slackuser»""")
B(r"""«ts» INFO  taskrouter reservation accepted task=«wtsid» worker=«wksid»""")

# --- notes & chat -----------------------------------------------------------
B(r"""«first»: the Five9 supervisor password is in 1Password under "Five9 supervisor (shared)", don't paste it here pls""")
B(r"""I rotated the Aircall token this morning; the new one is in Vault at «vaultpath». Old one revoked.""")
B(r"""Reminder: never paste tokens or passwords in Slack -- share the vault path instead (e.g. «vaultpath}).""".replace("}", "»"))
B(r"""Password policy for agent accounts: at least 14 characters, no reuse of the last 12, rotation every 90 days, MFA required for admins.""")
B(r"""Customer forgot their portal password; sent the self-service reset link from the admin console. Ticket #«tkt».""")
B(r"""Reset the password for agent «login»; they'll choose their own at next login. No temp password shared.""")
B(r"""Das Passwort für den Genesys-Admin liegt im Tresor (KeePass, Ordner «queue»). Bitte nicht in Tickets schreiben.""")
B(r"""Le mot de passe du compte de secours est dans le coffre-fort, demande à «first» si tu n'as pas accès.""")
B(r"""La contraseña está en 1Password, bóveda "Soporte". No la compartas por chat.""")
B(r"""パスワードは1Passwordの「Support」保管庫にあります。チャットに貼らないでください。""")
B(r"""密码已保存在公司密码库中，请勿在工单里填写。""")
B(r"""Пароль лежит в Vault по пути «vaultpath», в чат не присылайте.""")
B(r"""the token ends in …«mask4», so it's the new one (created «date»)""")
B(r"""Handover «date»: 3 open P1s (#«tkt», #«tkt»1, #«tkt»2), callback queue at 14, no incidents. Creds unchanged.""")
B(r"""Escalation: customer read out order number «numid» and postcode; identity verified via security questions (answers not recorded).""")
B(r"""Ticket #«tkt» -- macro "Refund approved" (id «numid») applied, CSAT survey queued.""")
B(r"""Decision: we'll store the Talkdesk client secret in AWS Secrets Manager (prod/talkdesk/oauth) and inject it via ExternalSecret.""")
B(r"""Goal: rotate every integration token older than 90 days. Inventory lives in the sheet "CX token inventory"; values are NOT in the sheet.""")
B(r"""«first»: who has the Gorgias API key? «first2»: it's in the vault under cx-platform/gorgias, you need the cx-eng role""")
B(r"""Note to self: the commit «sha7» only touched README, the hash in the ticket is the commit, not a token.""")
B(r"""The wallboard kiosk logs in with a device certificate (fingerprint «certfp»), no password.""")
B(r"""Running notes «time»: Zendesk returned 429; waited «n»s. Request id «uuid». Continuing.""")
B(r"""«first» [«time»]: I'll DM you the password -- not posting it in #support-ops""")
B(r"""Customer says "my password is not working" -- advised them to use "Forgot password" on the login page.""")
B(r"""Tip: the Twilio Account SID (starts with AC) is just an identifier; the auth token is the secret.""")
B(r"""Remember: Stripe publishable keys (pk_live_...) are public by design; secret keys (sk_live_...) must never leave the server.""")
B(r"""Agent «login» locked out after 5 wrong passwords; unlocked via Okta, they reset it themselves.""")
B(r"""«first2»: which env var does the bot read? «first»: SLACK_BOT_TOKEN, it's set from the k8s secret escalation-bot""")
B(r"""Q: is the call recording SFTP password rotated? A: yes, «date», by «first» (stored in vault, path «vaultpath»).""")
B(r"""Retro: the leaked-key alert was a false positive -- the string was a SHA-256 of a recording file («sha256»).""")
B(r"""Shift swap: «first» covers «day» late, «first2» covers «day» early. Queue «queue» priority 1.""")
B(r"""Voice transcript: "...my account number is «numid», and the postcode is SW1A..." (no PIN given, verified by OTP).""")
B(r"""Kustomer export finished: «n» conversations, file checksum «md5».""")
B(r"""New hire checklist: 1) laptop 2) Okta account (temp password sent by IT directly to the hire) 3) Zendesk light agent""")
B(r"""Security question answers must never be stored in ticket comments; use the verified flag instead.""")
B(r"""Heads-up: passwords made of a season plus a year are now blocked by the Okta dictionary check.""")
B(r"""«first»: base64 in that log is just "«b64text»" decoded -> harmless text""")
B(r"""Passphrase policy: four or more random words are fine, e.g. the pattern "word-word-word-word" -- don't reuse the example.""")
B(r"""The Zendesk widget key in the snippet («uuid») is public; it is fine in the page source.""")
B(r"""Ticket export SHA-256 for audit: «sha256»""")
B(r"""Incident «date»: Genesys OAuth client was disabled by mistake; re-enabled, no secret change needed (client id «clientid»).""")

# --- CI / deploy ------------------------------------------------------------
B(r"""    env:
      ZENDESK_API_TOKEN: ${{ secrets.ZENDESK_API_TOKEN }}
      ZENDESK_SUBDOMAIN: «sub»""")
B(r"""- run: echo "::add-mask::$TWILIO_AUTH_TOKEN" """)
B(r"""Run curl -u "***:***" https://«host»/healthz
ok""")
B(r"""deploy:
  script:
    - docker login -u "$CI_REGISTRY_USER" -p "$CI_REGISTRY_PASSWORD" $CI_REGISTRY""")
B(r"""$ git push origin main
To github.com:«ghorg»/«app».git
   «sha7»..«sha7b»  main -> main""")
B(r"""Release "«app»" has been upgraded. Happy Helming!
NAME: «app»
REVISION: «n»
STATUS: deployed""")
B(r"""  # module.zendesk.zendesk_webhook.crm will be updated in-place
  ~ resource "zendesk_webhook" "crm" {
      ~ basic_auth_password = (sensitive value)
    }""")
B(r"""Application «app» synced to revision «sha» (Synced, Healthy)""")
B(r"""Verification for ghcr.io/«ghorg»/«app»@«digest» --
The following checks were performed: cosign claims validated, signatures verified against the transparency log""")
B(r"""withCredentials([string(credentialsId: 'zendesk-api-token', variable: 'ZD_TOKEN')]) {
  sh 'npx zcli apps:update ./app'
}""")
B(r"""variables:
  - group: cc-prod-secrets   # Azure DevOps library group linked to Key Vault""")
B(r"""steps:
  - name: gcr.io/cloud-builders/gcloud
    secretEnv: ['SF_CLIENT_SECRET']
availableSecrets:
  secretManager:
    - versionName: projects/«short»-cx/secrets/sf-client-secret/versions/latest
      env: SF_CLIENT_SECRET""")
B(r"""##[debug]Evaluating: secrets.«envvar»
##[debug]Result: '***'""")
B(r"""Build #«build» finished: SUCCESS («dur»s) artifact «app»-«ver».tgz sha256=«sha256»""")
B(r"""image: ghcr.io/«ghorg»/«app»:«ver»@«digest»""")
B(r"""permissions:
  id-token: write   # OIDC to AWS, no long-lived keys
  contents: read""")
B(r"""- uses: aws-actions/configure-aws-credentials@v4
  with:
    role-to-assume: arn:aws:iam::«acct»:role/gha-deploy-connect
    aws-region: «region»""")
B(r"""kubectl create secret generic «app»-creds --from-env-file=<(vault kv get -format=json «vaultpath» | jq -r '.data.data|to_entries[]|"\(.key)=\(.value)"')""")
B(r"""sealed-secrets: encrypted «n» keys for namespace cc-prod with cert fingerprint «certfp»""")
B(r"""Terraform will perform the following actions:
  # aws_secretsmanager_secret_version.five9 will be updated in-place
      ~ secret_string = (sensitive value)""")
B(r"""cache:
  key: ${CI_COMMIT_REF_SLUG}-«md5»
  paths: [node_modules/]""")
B(r"""Restored cache key: node-modules-«sha256»""")
B(r"""Publishing «app»@«ver» ... + «app»@«ver» (integrity «integrity»)""")
B(r"""deploy_hook_url: ${{ secrets.RENDER_DEPLOY_HOOK }}""")
B(r"""Downloading https://github.com/«ghorg»/«app»/releases/download/v«ver»/«app»_linux_amd64.tar.gz
checksum ok («sha256»)""")
B(r"""rollout: deployment "chat-router" successfully rolled out (revision «n», image digest «digest»)""")

# --- vendor dashboards / ids -------------------------------------------------
B(r"""Twilio console -> Account Info: Account SID «acsid» | Auth token: [show]""")
B(r"""TaskRouter workspace «wsid», workflow WW«md5», task queue WQ«trace»""")
B(r"""Recording «resid» for call «casid» (duration «dur»s) stored in «bucket»""")
B(r"""Zendesk: ticket «tkt», brand «numid», group «numid», macro «numid»""")
B(r"""HubSpot portal «n»«n»«n» -- ticket pipeline "Support" (id «n»), stage «n»«n»""")
B(r"""Salesforce Org ID «orgid»; case «sfid» owned by queue «queue»""")
B(r"""Stripe refund «stripeid» for ticket #«tkt» (amount 49.00 EUR)""")
B(r"""Slack channel «slackch» (#cx-escalations), bot user «slackuser»""")
B(r"""Amazon Connect instance arn:aws:connect:«region»:«acct»:instance/«instid», queue arn .../queue/«uuid»""")
B(r"""Genesys Cloud queue «uuid» ("«queue»"), division «uuid2»""")
B(r"""Five9 campaign "«queue» Outbound", skill «queue», list «numid»""")
B(r"""Aircall number «e164» (id «n»«n»), IVR "Main menu v«n»" """)
B(r"""RingCentral extension «ext», account «numid», device id «numid»""")
B(r"""Intercom conversation «numid» -> Zendesk ticket «tkt» (linked via app «mongoid»)""")
B(r"""Front conversation cnv_«mongoid»«n», inbox inb_«mongoid»""")
B(r"""Help Scout mailbox «n», conversation «numid», thread «numid»""")
B(r"""Freshdesk ticket «tkt» requester «numid» company «numid»""")
B(r"""Gorgias ticket «tkt», integration «n» (Shopify «short».myshopify.com)""")
B(r"""Kustomer customer «mongoid»«cid»«mask4», conversation «cid»«cid»""")
B(r"""Qualtrics survey SV_«mongoid»«cid», response R_«b64text»""".replace("=", ""))
B(r"""Delighted NPS: «n» responses, score «pct»""")
B(r"""Typeform form «mongoid»Q response token «md5» (response id, not an auth token)""")
B(r"""Vonage application id «uuid» (public key uploaded; private key kept on the SBC)""")
B(r"""Webhook subscription «uuid» -> https://«host»/hooks/«app» (signing enabled, secret stored in vault)""")
B(r"""Talkdesk account «short», interaction «uuid», ring group "«queue»" """)
B(r"""Dialogflow agent projects/«short»-support-bot/agent, session «uuid»""")
B(r"""Algolia app «tid», index help_center_«n» (search-only key is served to the widget; admin key stays in CI)""")
B(r"""PagerDuty incident Q«tid»«mongoid» triggered by service P«mongoid»Q""")
B(r"""Okta app «short»-zendesk, client id 0oa«mongoid»«cid» (PKCE, no client secret)""")
B(r"""Call «casid» from «e164» to queue «queue»: answered by «first», wrap-up "Billing question" """)
B(r"""GPG key «gpgid» (ticket-export signing) expires «date»""")
B(r"""Public key fingerprint (MD5): «md5fp»""")
B(r"""Cert serial «HX» issued to sip.«dom», SHA-1 thumbprint «sha1b»""".replace("«HX»", "0x4A2F"))
B(r"""Chat widget build «build» (bundle «cid».js, sourcemap «cid».js.map)""")


# ===========================================================================
# assembly
# ===========================================================================
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
                "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187


def _instantiate(spec, used):
    group, fmt, sec, tmpl, vis = spec
    for _ in range(200):
        c = _Ctx()
        s = _SEC[sec](c) if isinstance(sec, str) else sec(c)
        c["S"] = s
        t = tmpl(c) if callable(tmpl) else tmpl
        v = vis
        if isinstance(t, tuple):
            t, v = t
        text = _fill(t, c)
        visible = _fill(v, c) if v else ""
        if len(s) < 6 or s in used or s not in text:
            continue
        if visible and (s in visible or visible not in text):
            continue
        used.add(s)
        return (group, fmt, text, s, visible)
    raise RuntimeError("could not instantiate format %s" % fmt)


def _build_secrets():
    used = set()
    out = []
    for g in _GROUP_ORDER:
        specs = [sp for sp in _SPECS if sp[0] == g]
        rows = []
        for rnd in range(3):
            for sp in specs:
                if len(rows) >= _PER_GROUP:
                    break
                rows.append(_instantiate(sp, used))
        out.extend(rows)
    return out


def _build_benign(secrets, target=950):
    seen = set()
    out = []
    long_secrets = [s for s in secrets if len(s) >= 8]
    for rnd in range(12):
        for t in _BENIGN_T:
            if len(out) >= target:
                break
            text = _fill(t, _Ctx())
            if text in seen or any(s in text for s in long_secrets):
                continue
            seen.add(text)
            out.append(text)
        if len(out) >= target:
            break
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])
_R.shuffle(BENIGN)
