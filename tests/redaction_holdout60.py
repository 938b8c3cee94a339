"""Blind hold-out corpus #60 for a secret-redaction engine.

What it is
----------
A test corpus of text fragments of the kind a coding agent (Claude Code,
Codex, Gemini CLI) keeps as its working state: goals, running notes, shell
commands it ran, tool output, excerpts of files it opened, decisions, chat
messages pasted in by teammates, log lines and CI configuration.  Some
fragments carry a credential that a redaction engine must remove; the others
carry none but look secret-ish to a naive scanner.

Theme
-----
Email, messaging and marketing operations: SMTP relays and MTAs (Postfix,
Exim, Haraka, PowerMTA), deliverability (DKIM keys, SPF/DMARC, bounce
processing), ESPs and marketing automation (Mailchimp, Brevo, Klaviyo,
HubSpot, Marketo, Iterable, Customer.io), SMS and push (FCM, APNs,
OneSignal), ad tech (Google Ads, Meta Marketing API, TikTok Ads, DSP/SSP
integrations, affiliate networks, conversion APIs), analytics and tag
managers, CRM imports.  All eight fragment groups are covered.

Provenance
----------
Written blind, from general knowledge only: no redaction rules, engine
source or other corpora were consulted.  Where a vendor's real credential
shape was known it was imitated (prefixes, lengths, alphabets); where it was
unknown a plausible shape was invented.  All hosts, domains, people,
accounts and values are fictitious; every credential is a fresh random draw.

Layout
------
SECRETS: list of 5-tuples (group, format, text, secret, visible).
    group    one of command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
             (185 of each);
    format   kebab-case name of the fragment's shape, each used at most 3 times;
    text     the fragment as the agent would have recorded it;
    secret   the exact substring of text that must not survive redaction
             (only the key body for PEM keys, only the signature for signed
             URLs, only the password for user:password pairs);
    visible  a substring of text that must remain readable, or "".
BENIGN: list of distinct strings, in the same contexts, that contain no
    credential but resemble one (hashes, ids, public keys, placeholders,
    masked values, secret references, prose about passwords, ...).

Determinism
-----------
Every random value is drawn from _R = random.Random(SEED) at import time, in
a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, written while the rules for the fifty-ninth and sixty-second were made and read only
after them: recall 0.961 (1,423 of 1,480) and false positives 23 of 950 (2.4%), the same with
the engine at that session's start: those rules changed nothing here. Tuned on since: 0.971
and none of 950.
"""
import base64
import hashlib
import json
import random
import re
import string

SEED = 60060
_R = random.Random(SEED)

_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_HEX = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_AN = _LOW + _UP + _DIG
_ANL = _LOW + _DIG
_ANU = _UP + _DIG
_B64U = _AN + "-_"
_B64 = _AN + "+/"


def _s(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _ch(seq):
    return _R.choice(seq)


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_rb(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_rb(n)).decode().rstrip("=")


def _uuid():
    h = _s(_HEX, 32)
    h = h[:12] + "4" + h[13:16] + _ch("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _wrap(s, width=64):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def _b64e(s):
    return base64.b64encode(s.encode()).decode()


# ---------------------------------------------------------------- vocab ----
_DOMS = ["brightcart-mail.net", "lumenpost.dev", "orbitreach.co",
         "fernleaf-news.com", "quillmetrics.io", "sparrowsend.net",
         "tidalcrm.app", "copperkettle.shop", "halcyon-trips.example",
         "mosaicbank-mail.test", "pinegrove-edu.org", "kestrel-ads.io",
         "bluedune.media", "vantapay.example", "marigold-clinic.test",
         "glasswing-store.example", "nordlicht-versand.de", "lavandula.fr",
         "sakura-tsushin.jp", "ventisca.es", "ribeira-shop.pt",
         "zomerkamp.nl", "ostrava-news.cz", "krokus-mail.pl"]
_IDOMS = ["mailops.internal", "mkt.corp", "prod.lan", "svc.cluster.local",
          "eu1.mailops.internal", "dc2.corp", "ads.internal", "crm.lan"]
_MXP = ["mta", "relay", "smtp", "pmta", "mx", "outbound", "exim", "haraka",
        "postfix", "submission", "bounce", "mailer"]
_DBP = ["crm-db", "pg", "mysql", "suppress-db", "mailops-pg", "leads-db",
        "analytics-pg", "warehouse", "campaigns-db", "events-mysql"]
_HOSTP = ["api", "worker", "push-gw", "capi-relay", "etl", "jobs", "bastion",
          "redis", "rabbit", "kafka", "imap", "tracker", "links", "sftp"]
_USERS = ["mailer", "bounce_proc", "pmta_admin", "svc-klaviyo-sync",
          "crm_import", "postfix-relay", "relayuser", "newsletter",
          "capi_writer", "push_svc", "etl_reader", "mkt_ops", "haraka",
          "exim_out", "ads_sync", "journey_bot", "dmarc_reports", "sendbot",
          "lifecycle", "growth_etl", "sms_gateway", "hubspot_sync",
          "marketo_api", "iterable_jobs", "deliverability"]
_PEOPLE = ["Priya", "Mateo", "Yuki", "Oluwaseun", "Ingrid", "Dmitri", "Fatima",
           "Lars", "Wei", "Aisha", "Tomas", "Noor", "Kenji", "Sofia",
           "Anders", "Leila", "Rafael", "Hana", "Bogdan", "Amara", "Jonas",
           "Chloe", "Marek", "Camila", "Arjun", "Elif", "Minh", "Sione",
           "Greta", "Kwame", "Ines", "Pavel", "Lucia", "Tariq", "Mei"]
_DBS = ["crm", "mailops", "suppression", "campaigns", "bounces", "leads",
        "events", "audiences", "journeys", "sms", "push", "attribution"]
_LISTS = ["newsletter-weekly", "vip-customers", "winback-90d", "cart-abandon",
          "webinar-signups", "de-newsletter", "b2b-leads-q3", "sms-optin",
          "push-engaged", "sunset-inactive", "trial-nurture"]
_CAMPS = ["spring-sale-2024", "bf-teaser", "reactivation-wave2",
          "welcome-series-v3", "product-launch-eu", "pricing-update",
          "summer-clearance", "nps-survey-q2", "holiday-gift-guide"]
_APPS = ["newsletter-worker", "bounce-processor", "push-gateway", "capi-relay",
         "crm-importer", "journey-engine", "sms-dispatcher", "dmarc-parser",
         "audience-sync", "link-tracker", "ad-spend-etl", "suppression-api"]
_REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1",
            "ap-southeast-2", "ap-northeast-1"]
_NS = ["mailops", "marketing", "growth", "push", "adtech", "crm", "default"]
_ORGS = ["brightcart", "lumenpost", "orbitreach", "tidal-crm", "kestrel-ads",
         "quillmetrics", "sparrowsend"]
_REPOS = ["email-templates", "mta-config", "lifecycle-jobs", "push-service",
          "ads-etl", "crm-import", "deliverability-tools", "tracking-pixel"]
_SELS = ["s1", "s2", "mail2024", "k1", "pm", "mte1", "sel2023", "dkim01",
         "mkt", "esp1", "scph0324", "google"]
_WORDS = ["sunflower", "harbor", "tangerine", "falcon", "maple", "orbit",
          "cobalt", "willow", "ember", "pepper", "lagoon", "thunder",
          "velvet", "granite", "saffron", "comet", "juniper", "marble",
          "quartz", "meadow", "rocket", "canyon", "pixel", "otter", "biscuit",
          "nimbus", "cactus", "dolphin", "lantern", "mango", "walrus",
          "zephyr", "puffin", "hazel", "tundra", "badger", "crimson",
          "indigo", "ginger", "kiwi", "papaya", "raven", "sprocket", "tulip",
          "violet", "waffle", "yonder", "acorn", "bramble", "cinder",
          "pelican", "glacier", "hammock", "jasmine", "kettle", "lychee",
          "nectar", "opal", "quokka", "rhubarb", "sequoia", "trumpet"]
_SYMS = "!#%^*-_+=.~@"
_SYMU = "-_.~"
_FILES = ["leads_2024-03.csv", "suppression_export.csv", "bounces.jsonl",
          "audience_upload.csv", "dmarc_report.xml.gz", "contacts.parquet"]


def _year():
    return str(_R.randint(2019, 2026))


def _cap(w):
    return w[0].upper() + w[1:]


def _pw_style(syms):
    k = _R.randint(0, 7)
    w1, w2 = _ch(_WORDS), _ch(_WORDS)
    if k == 0:
        return _cap(w1) + _ch(syms) + _year()
    if k == 1:
        return w1 + str(_R.randint(10, 999)) + _cap(w2) + _ch(syms)
    if k == 2:
        sep = _ch("-._")
        ws = [_ch(_WORDS) for _ in range(_R.randint(3, 4))]
        return sep.join(ws) + sep + str(_R.randint(2, 99))
    if k == 3:
        syl = "".join(_ch("bcdfghjklmnprstvz") + _ch("aeiou")
                      for _ in range(_R.randint(3, 5)))
        return _cap(syl) + str(_R.randint(10, 99)) + _ch(syms)
    if k == 4:
        return _ch(_AN) + _s(_AN + syms, _R.randint(13, 22)) + _ch(_AN)
    if k == 5:
        t = str.maketrans({"a": "4", "e": "3", "o": "0", "i": "1", "s": "$"})
        w = (_cap(w1) + _cap(w2)).translate(t).replace("$", _ch("5Z"))
        return w + _ch(syms) + str(_R.randint(1, 9))
    if k == 6:
        return w1 + "_" + _s(_AN, _R.randint(6, 9))
    return _s(_AN, _R.randint(14, 20))


def _pw():
    return _pw_style(_SYMS)


def _pwu():
    return _pw_style(_SYMU)


def _phrase_sp():
    return " ".join(_ch(_WORDS) for _ in range(_R.randint(4, 5)))


# ------------------------------------------------- placeholder values ----
def _g_ts():
    return "%s-%02d-%02dT%02d:%02d:%02dZ" % (
        _R.randint(2023, 2025), _R.randint(1, 12), _R.randint(1, 28),
        _R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _g_date():
    return "%s-%02d-%02d" % (_R.randint(2023, 2025), _R.randint(1, 12),
                             _R.randint(1, 28))


_G = {
    "host": lambda: "%s-%02d.%s" % (_ch(_HOSTP), _R.randint(1, 12), _ch(_IDOMS)),
    "mx": lambda: "%s-%02d.%s" % (_ch(_MXP), _R.randint(1, 9), _ch(_DOMS + _IDOMS)),
    "dbh": lambda: "%s-%d.%s" % (_ch(_DBP), _R.randint(1, 4), _ch(_IDOMS)),
    "dom": lambda: _ch(_DOMS),
    "idom": lambda: _ch(_IDOMS),
    "user": lambda: _ch(_USERS),
    "person": lambda: _ch(_PEOPLE),
    "email": lambda: "%s@%s" % (_ch(_PEOPLE).lower(), _ch(_DOMS)),
    "mbox": lambda: "%s@%s" % (_ch(["bounces", "noreply", "news", "dmarc",
                                    "postmaster", "abuse", "fbl", "returns"]),
                                _ch(_DOMS)),
    "db": lambda: _ch(_DBS),
    "ip": lambda: "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255),
                                   _R.randint(2, 254)),
    "pubip": lambda: "203.0.113.%d" % _R.randint(2, 254),
    "ts": _g_ts,
    "date": _g_date,
    "hhmm": lambda: "%02d:%02d" % (_R.randint(7, 22), _R.randint(0, 59)),
    "num": lambda: str(_R.randint(2, 9999)),
    "big": lambda: str(_R.randint(10 ** 9, 10 ** 12)),
    "pid": lambda: str(_R.randint(300, 65000)),
    "port": lambda: _ch(["587", "465", "2525", "25", "587"]),
    "uuid": _uuid,
    "h8": lambda: _s(_HEX, 8),
    "h12": lambda: _s(_HEX, 12),
    "h16": lambda: _s(_HEX, 16),
    "h32": lambda: _s(_HEX, 32),
    "sha": lambda: _s(_HEX, 40),
    "sha7": lambda: _s(_HEX, 7),
    "sha256": lambda: _s(_HEX, 64),
    "adid": lambda: str(_R.randint(10 ** 14, 10 ** 16)),
    "gcid": lambda: "%03d-%03d-%04d" % (_R.randint(100, 999), _R.randint(0, 999),
                                        _R.randint(0, 9999)),
    "gcidn": lambda: str(_R.randint(10 ** 9, 10 ** 10 - 1)),
    "ttadv": lambda: str(_R.randint(7 * 10 ** 18, 7 * 10 ** 18 + 10 ** 17)),
    "list": lambda: _ch(_LISTS),
    "camp": lambda: _ch(_CAMPS),
    "app": lambda: _ch(_APPS),
    "region": lambda: _ch(_REGIONS),
    "ns": lambda: _ch(_NS),
    "org": lambda: _ch(_ORGS),
    "repo": lambda: _ch(_REPOS),
    "sel": lambda: _ch(_SELS),
    "ver": lambda: "%d.%d.%d" % (_R.randint(0, 6), _R.randint(0, 30), _R.randint(0, 20)),
    "qid": lambda: _s(_ANU, 1) + _s(_AN, _R.randint(11, 14)),
    "twsid": lambda: "AC" + _s(_HEX, 32),
    "dc": lambda: "us%d" % _R.randint(1, 21),
    "munchkin": lambda: "%03d-%s-%03d" % (_R.randint(100, 999), _s(_UP, 3),
                                          _R.randint(100, 999)),
    "pixel": lambda: str(_R.randint(10 ** 14, 10 ** 16)),
    "team": lambda: _s(_ANU, 10),
    "keyid": lambda: _s(_ANU, 10),
    "site": lambda: _s(_AN, 6),
    "line": lambda: str(_R.randint(12, 480)),
    "file": lambda: _ch(_FILES),
    "n3": lambda: str(_R.randint(100, 999)),
    "pct": lambda: "%d.%d" % (_R.randint(0, 9), _R.randint(0, 9)),
    "bucket": lambda: "%s-%s-%s" % (_ch(_ORGS), _ch(["exports", "mail-assets",
                                                    "crm-drops", "audiences"]),
                                    _ch(["prod", "stg", "eu"])),
    "ghrun": lambda: str(_R.randint(10 ** 9, 10 ** 10)),
    "ms": lambda: str(_R.randint(3, 2500)),
    "h20": lambda: _s(_HEX, 20),
    "h40": lambda: _s(_HEX, 40),
    "AK": lambda: "AKIA" + _s(_ANU, 16),
    "IR": lambda: "IR" + _s(_AN, 26),
    "AN": lambda: _s(_AN, 24),
    "AU": lambda: _s(_ANU, 18),
    "AS": lambda: _s(_B64U, 22),
}

_PH = re.compile(r"\u00ab([A-Za-z]+[0-9]*)\u00bb")


def _fill(tpl, cache):
    def rep(m):
        name = m.group(1)
        if name not in cache:
            base = name if name in _G else (
                name[:-1] if name[:-1] in _G else name.rstrip("0123456789"))
            cache[name] = _G[base]()
        return cache[name]
    return _PH.sub(rep, tpl)


# ------------------------------------------------------- secret kinds ----
def _pem(prefix, nbytes, width=64):
    b = _b64(nbytes)
    return _wrap(prefix + b[len(prefix):], width)


_P_RSA8 = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"
_P_RSA1 = "MIIEowIBAAKCAQEA"
_P_RSA1K = "MIICXAIBAAKBgQ"
_P_EC8 = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg"
_P_SSH = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"


def _jwt(claims=None, alg="HS256"):
    hdr = {"alg": alg, "typ": "JWT"}
    if alg != "HS256":
        hdr["kid"] = _s(_ANU, 10)
    now = _R.randint(1700000000, 1760000000)
    body = {"iss": _ch(["capi", "push-gw", "snap-capi", "journeys"]),
            "sub": _s(_ANL, 12), "iat": now, "exp": now + _R.choice([3600, 86400, 2592000])}
    if claims:
        body.update(claims)
    enc = lambda o: base64.urlsafe_b64encode(json.dumps(o, separators=(",", ":")).encode()).decode().rstrip("=")
    sig = _b64u(64 if alg.startswith("ES") or alg.startswith("RS") else 32)
    return enc(hdr) + "." + enc(body) + "." + sig


def _azsecret():
    return _s(_AN, 3) + "8Q~" + _s(_AN + "-_.~", 34)


_K = {
    "pw": _pw,
    "pwu": _pwu,
    "phrase": _phrase_sp,
    "hex16": lambda: _s(_HEX, 16),
    "hex20": lambda: _s(_HEX, 20),
    "hex24": lambda: _s(_HEX, 24),
    "hex32": lambda: _s(_HEX, 32),
    "hex40": lambda: _s(_HEX, 40),
    "hex64": lambda: _s(_HEX, 64),
    "an16": lambda: _s(_AN, 16),
    "an20": lambda: _s(_AN, 20),
    "an24": lambda: _s(_AN, 24),
    "an32": lambda: _s(_AN, 32),
    "an40": lambda: _s(_AN, 40),
    "an48": lambda: _s(_AN, 48),
    "an64": lambda: _s(_AN, 64),
    "b64_32": lambda: _b64(24),
    "b64_44": lambda: _b64(32),
    "b64u43": lambda: _b64u(32),
    "mailchimp": lambda: _s(_HEX, 32) + "-us" + str(_R.randint(1, 21)),
    "mandrill": lambda: "md-" + _s(_B64U, 22),
    "sendgrid": lambda: "SG." + _s(_B64U, 22) + "." + _s(_B64U, 43),
    "mailgun": lambda: _s(_HEX, 32) + "-" + _s(_HEX, 8) + "-" + _s(_HEX, 8),
    "mailgun_old": lambda: "key-" + _s(_HEX, 32),
    "uuid": _uuid,
    "brevo": lambda: "xkeysib-" + _s(_HEX, 64) + "-" + _s(_AN, 16),
    "brevo_smtp": lambda: "xsmtpsib-" + _s(_HEX, 64) + "-" + _s(_AN, 16),
    "klaviyo": lambda: "pk_" + _s(_ANL, 34),
    "hubspot": lambda: "pat-%s-%s" % (_ch(["na1", "eu1", "na2"]), _uuid()),
    "marketo_tok": lambda: _uuid() + ":" + _ch(["ab", "sj", "int", "lon"]),
    "twilio_tok": lambda: _s(_HEX, 32),
    "vonage": lambda: _s(_AN, 16),
    "plivo": lambda: _s(_AN, 40),
    "telnyx": lambda: "KEY" + _s(_HEXU, 32) + "_" + _s(_AN, 22),
    "messagebird": lambda: _s(_AN, 25),
    "fcm_legacy": lambda: "AAAA" + _s(_B64U, 7) + ":APA91b" + _s(_B64U, 134),
    "onesignal_v2": lambda: "os_v2_app_" + _s("abcdefghijklmnopqrstuvwxyz234567", 112),
    "onesignal_old": lambda: _b64e(_uuid()),
    "airship": lambda: _s(_B64U, 22),
    "expo": lambda: _s(_B64U, 40),
    "pusher": lambda: _s(_HEX, 20),
    "ably": lambda: _s(_AN, 6) + "." + _s(_AN, 6) + ":" + _s(_B64U, 43),
    "gads_dev": lambda: _s(_B64U, 22),
    "gocspx": lambda: "GOCSPX-" + _s(_B64U, 28),
    "grefresh": lambda: "1//0" + _ch("gcdeh") + _s(_B64U, 98),
    "aiza": lambda: "AIza" + _s(_B64U, 35),
    "ya29": lambda: "ya29.a0" + _s(_B64U, 140),
    "meta": lambda: "EAA" + _ch("BGIJKU") + _s(_AN, _R.randint(160, 200)),
    "tiktok": lambda: _s(_HEX, 40),
    "pinterest": lambda: "pina_" + _s(_ANU, 96),
    "linkedin": lambda: "AQ" + _ch("VWXU") + _s(_B64U, 150),
    "xbearer": lambda: "AAAAAAAAAAAAAAAAAAAAA" + _s(_AN, 29) + "%3D" + _s(_AN, 50),
    "jwt": lambda: _jwt(),
    "jwt_es": lambda: _jwt(alg="ES256"),
    "amzn_refresh": lambda: "Atzr|IwEBI" + _s(_B64U, 180),
    "lwa_secret": lambda: "amzn1.oa2-cs.v1." + _s(_HEX, 64),
    "azsecret": _azsecret,
    "ttd": lambda: _s(_B64U, 24) + "." + _s(_B64U, 60),
    "impact": lambda: _s(_AN, 32) + "-" + _s(_ANL, 8),
    "cj": lambda: _s(_ANL, 26) + "-" + _s(_ANL, 8),
    "segment": lambda: _s(_AN, 32),
    "ga4": lambda: _s(_B64U, 22),
    "sf_token": lambda: "00D" + _s(_AN, 12) + "!" + "AQ" + _s(_AN, 4) + "." + _s(_AN + "._", 90),
    "sf_secret": lambda: _s(_HEXU, 64),
    "sf_refresh": lambda: "5Aep861" + _s(_AN + "._", 80),
    "intercom": lambda: _b64e("tok:" + _uuid() + ":1:0").rstrip("="),
    "zendesk": lambda: _s(_AN, 40),
    "slack_bot": lambda: "xoxb-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 12), _R.randint(10 ** 12, 10 ** 13), _s(_AN, 24)),
    "slack_user": lambda: "xoxp-%d-%d-%d-%s" % (_R.randint(10 ** 10, 10 ** 12), _R.randint(10 ** 10, 10 ** 12), _R.randint(10 ** 12, 10 ** 13), _s(_HEX, 32)),
    "slack_hook": lambda: _s(_AN, 24),
    "discord_hook": lambda: _s(_B64U, 68),
    "ghp": lambda: "ghp_" + _s(_AN, 36),
    "gh_fine": lambda: "github_pat_11" + _s(_ANU, 20) + "_" + _s(_AN, 59),
    "ghs": lambda: "ghs_" + _s(_AN, 36),
    "glpat": lambda: "glpat-" + _s(_B64U, 20),
    "glptt": lambda: "glptt-" + _s(_HEX, 40),
    "npm": lambda: "npm_" + _s(_AN, 36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmc" + _s(_B64U, 140),
    "aws_secret": lambda: _s(_AN + "+/", 40),
    "akia": lambda: "AKIA" + _s(_ANU, 16),
    "ses_smtp": lambda: "B" + _s(_AN + "+/", 43),
    "sparkpost": lambda: _s(_HEX, 40),
    "resend": lambda: "re_" + _s(_AN, 8) + "_" + _s(_AN, 24),
    "stripe_rk": lambda: "rk_live_" + _s(_AN, 99),
    "shopify": lambda: "shpat_" + _s(_HEX, 32),
    "openai": lambda: "sk-proj-" + _s(_B64U, 120),
    "anthropic": lambda: "sk-ant-api03-" + _s(_B64U, 93) + "AA",
    "datadog": lambda: _s(_HEX, 32),
    "sentry": lambda: "sntrys_" + _b64(60).rstrip("=") + "_" + _s(_AN, 43),
    "whsec": lambda: "whsec_" + _s(_B64, 32),
    "artifactory": lambda: "AKCp" + _s(_AN, 69),
    "sonar": lambda: "sqp_" + _s(_HEX, 40),
    "docker_pat": lambda: "dckr_pat_" + _s(_B64U, 27),
    "dd_app": lambda: _s(_HEX, 40),
    "doppler": lambda: "dp.st.prd." + _s(_AN, 43),
    "heroku": lambda: "HRKU-" + _uuid(),
    "cookie_b64": lambda: _s(_B64U, 43),
    "cookie_express": lambda: "s%3A" + _s(_B64U, 32) + "." + _s(_B64, 43).replace("+", "%2B").replace("/", "%2F"),
    "cookie_rails": lambda: _s(_B64, 120).replace("+", "%2B").replace("/", "%2F") + "--" + _s(_HEX, 40),
    "phpsess": lambda: _s(_ANL, 26),
    "djsess": lambda: _s(_ANL, 32),
    "s3sig": lambda: _s(_HEX, 64),
    "gcssig": lambda: _s(_HEX, 512),
    "azsig": lambda: _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    "cfsig": lambda: _s(_AN + "-~", 172) + "__",
    "pem_rsa": lambda: _pem(_P_RSA8, 1190),
    "pem_rsa1": lambda: _pem(_P_RSA1, 1190),
    "pem_dkim": lambda: _pem(_P_RSA1K, 608),
    "pem_ec": lambda: _pem(_P_EC8, 150),
    "pem_ssh": lambda: _pem(_P_SSH, 300, 70),
}

_USED = set()


def _sec(kind):
    for _ in range(100):
        v = _K[kind]() if isinstance(kind, str) else kind()
        if len(v) >= 6 and v not in _USED:
            _USED.add(v)
            return v
    raise RuntimeError("cannot draw a fresh secret for %r" % (kind,))


def _mark(v):
    if v in _USED or len(v) < 6:
        raise RuntimeError("derived secret not fresh: %r" % v)
    _USED.add(v)
    return v


_SPECS = []   # (group, format, callable -> (text, secret, visible))


def _T(group, fmt, tpl, kind, vis=""):
    def make():
        cache = {"S": _sec(kind)}
        text = _fill(tpl, cache)
        return text, cache["S"], _fill(vis, cache)
    _SPECS.append((group, fmt, make))


def _C(group, fmt):
    def deco(fn):
        _SPECS.append((group, fmt, fn))
        return fn
    return deco


def _V(tpl, cache=None):
    """Fill a template with fresh placeholder values (for custom makers)."""
    c = {} if cache is None else cache
    return _fill(tpl, c), c


def _mk(tpl, vis="", **kw):
    cache = dict(kw)
    text = _fill(tpl, cache)
    return text, kw["S"], _fill(vis, cache)


# =============================================================== command ====
_g = "command"
_T(_g, "swaks-auth-password-flag",
   "$ swaks --to «email» --from «mbox» --server «mx» --port «port» \\\n"
   "    --auth LOGIN --auth-user «user» --auth-password '«S»' --tls \\\n"
   "    --header 'Subject: relay smoke test «date»'", "pw", "swaks --to «email»")
_T(_g, "psql-uri-with-password",
   "psql \"postgresql://«user»:«S»@«dbh»:5432/«db»?sslmode=require\" -c '\\dt public.*'",
   "pwu", "«dbh»")
_T(_g, "mysql-p-attached-password",
   "mysql -h «dbh» -u «user» -p'«S»' «db» -e \"SELECT list_id, COUNT(*) FROM subscribers GROUP BY 1\"",
   "pw", "mysql -h «dbh»")
_T(_g, "pgpassword-env-prefix",
   "PGPASSWORD='«S»' pg_dump -h «dbh» -U «user» -t suppression_list -Fc «db» > /tmp/suppression_«date».dump",
   "pw", "pg_dump -h «dbh»")


@_C(_g, "curl-mailchimp-anystring-basic")
def _():
    k = _sec("mailchimp")
    return _mk("curl -s --user \"anystring:«S»\" \\\n  'https://«DC».api.mailchimp.com/3.0/lists/«h8»ab/members?count=1000&fields=members.email_address,members.status' \\\n  | jq -r '.members[] | select(.status==\"cleaned\") | .email_address' | wc -l",
               "api.mailchimp.com", S=k, DC=k.rsplit("-", 1)[1])


_T(_g, "curl-sendgrid-bearer-mail-send",
   "curl --request POST --url https://api.sendgrid.com/v3/mail/send \\\n"
   "  --header 'Authorization: Bearer «S»' \\\n  --header 'Content-Type: application/json' \\\n"
   "  --data '{\"personalizations\":[{\"to\":[{\"email\":\"«email»\"}]}],\"from\":{\"email\":\"«mbox»\"},\"subject\":\"seed test\",\"content\":[{\"type\":\"text/plain\",\"value\":\"hi\"}]}'",
   "sendgrid", "api.sendgrid.com/v3/mail/send")
_T(_g, "curl-mailgun-api-user-basic",
   "curl -s --user 'api:«S»' https://api.eu.mailgun.net/v3/«dom»/messages \\\n"
   "  -F from='Ops <«mbox»>' -F to=«email» -F subject='DKIM check' -F text='testing'",
   "mailgun", "https://api.eu.mailgun.net/v3/«dom»/messages")
_T(_g, "curl-brevo-api-key-header",
   "curl -s -X GET 'https://api.brevo.com/v3/contacts?limit=50&offset=0' -H 'accept: application/json' -H 'api-key: «S»'",
   "brevo", "https://api.brevo.com/v3/contacts")
_T(_g, "curl-klaviyo-api-key-auth",
   "curl --request GET --url 'https://a.klaviyo.com/api/lists/' \\\n"
   "     --header 'Authorization: Klaviyo-API-Key «S»' \\\n     --header 'revision: 2024-02-15' --header 'accept: application/json'",
   "klaviyo", "https://a.klaviyo.com/api/lists/")
_T(_g, "curl-hubspot-private-app-bearer",
   "curl -s https://api.hubapi.com/crm/v3/objects/contacts?limit=10&properties=email,lifecyclestage \\\n  -H \"authorization: Bearer «S»\"",
   "hubspot", "api.hubapi.com/crm/v3/objects/contacts")
_T(_g, "curl-hubspot-hapikey-query",
   "curl \"https://api.hubapi.com/contacts/v1/lists/all/contacts/all?hapikey=«S»&count=100&vidOffset=«num»\" | jq '.contacts | length'",
   "uuid", "api.hubapi.com/contacts/v1/lists")
_T(_g, "curl-twilio-messages-basic",
   "curl -X POST \"https://api.twilio.com/2010-04-01/Accounts/«twsid»/Messages.json\" \\\n"
   "  --data-urlencode \"Body=Your order has shipped\" --data-urlencode \"From=+1555010«n3»\" \\\n"
   "  --data-urlencode \"To=+1555020«n3»\" -u «twsid»:«S»",
   "twilio_tok", "api.twilio.com/2010-04-01/Accounts/«twsid»")
_T(_g, "curl-fcm-legacy-authorization-key",
   "curl -X POST https://fcm.googleapis.com/fcm/send -H \"Authorization: key=«S»\" \\\n"
   "  -H 'Content-Type: application/json' -d '{\"to\":\"/topics/promo-«camp»\",\"notification\":{\"title\":\"Flash sale\",\"body\":\"24h only\"}}'",
   "fcm_legacy", "fcm.googleapis.com/fcm/send")
_T(_g, "curl-onesignal-key-header",
   "curl --request POST --url https://api.onesignal.com/notifications?c=push \\\n"
   "  --header 'Authorization: Key «S»' --header 'content-type: application/json' \\\n"
   "  --data '{\"app_id\":\"«uuid»\",\"contents\":{\"en\":\"Back in stock\"},\"included_segments\":[\"Active Users\"]}'",
   "onesignal_v2", "api.onesignal.com/notifications")
_T(_g, "curl-meta-graph-access-token-param",
   "curl -G 'https://graph.facebook.com/v19.0/act_«adid»/insights' \\\n"
   "  -d 'fields=spend,impressions,actions' -d 'date_preset=last_7d' \\\n  -d 'access_token=«S»'",
   "meta", "graph.facebook.com/v19.0/act_«adid»/insights")
_T(_g, "curl-tiktok-access-token-header",
   "curl -s -H 'Access-Token: «S»' \\\n"
   "  'https://business-api.tiktok.com/open_api/v1.3/report/integrated/get/?advertiser_id=«ttadv»&report_type=BASIC&data_level=AUCTION_CAMPAIGN&dimensions=[\"campaign_id\"]&metrics=[\"spend\"]'",
   "tiktok", "business-api.tiktok.com/open_api/v1.3/report")
_T(_g, "curl-google-ads-developer-token",
   "curl -s \"https://googleads.googleapis.com/v16/customers/«gcidn»/googleAds:searchStream\" \\\n"
   "  -H \"Authorization: Bearer $(gcloud auth application-default print-access-token)\" \\\n"
   "  -H \"developer-token: «S»\" -H \"login-customer-id: «gcidn2»\" \\\n"
   "  --data '{\"query\":\"SELECT campaign.id, metrics.cost_micros FROM campaign WHERE segments.date DURING YESTERDAY\"}'",
   "gads_dev", "googleads.googleapis.com/v16/customers/«gcidn»")
_T(_g, "curl-google-oauth-refresh-grant",
   "curl -s https://oauth2.googleapis.com/token \\\n  -d client_id=«n3»«h8»-«h16».apps.googleusercontent.com \\\n"
   "  -d client_secret=\"$GADS_CLIENT_SECRET\" -d refresh_token=«S» -d grant_type=refresh_token",
   "grefresh", "oauth2.googleapis.com/token")


@_C(_g, "openssl-s-client-auth-plain-typed")
def _():
    pw = _sec("pw")
    u = _ch(_USERS) + "@" + _ch(_DOMS)
    blob = _mark(_b64e("\0" + u + "\0" + pw))
    return _mk("$ openssl s_client -starttls smtp -connect «mx»:587 -crlf -quiet\n"
               "250 SMTPUTF8\nEHLO ops-laptop\n250-AUTH PLAIN LOGIN\nAUTH PLAIN «S»\n235 2.7.0 Authentication successful",
               "openssl s_client -starttls smtp", S=blob)


_T(_g, "printf-base64-auth-plain-build",
   "printf '\\0%s\\0%s' '«mbox»' '«S»' | base64   # paste result after AUTH PLAIN",
   "pw", "base64")
_T(_g, "echo-postfix-sasl-passwd-postmap",
   "echo \"[«mx»]:587 «user»:«S»\" | sudo tee /etc/postfix/sasl_passwd && sudo postmap /etc/postfix/sasl_passwd && sudo systemctl reload postfix",
   "pw", "/etc/postfix/sasl_passwd")
_T(_g, "doveadm-pw-plain-arg",
   "doveadm pw -s SHA512-CRYPT -p '«S»'   # for «mbox» in /etc/dovecot/users",
   "pw", "doveadm pw -s SHA512-CRYPT")
_T(_g, "htpasswd-batch-mode",
   "sudo htpasswd -b -B /etc/pmta/http-mgmt.htpasswd «user» '«S»'",
   "pw", "/etc/pmta/http-mgmt.htpasswd")
_T(_g, "exim-passwd-client-append",
   "echo '*.«dom»:«user»:«S»' | sudo tee -a /etc/exim4/passwd.client && sudo update-exim4.conf",
   "pwu", "/etc/exim4/passwd.client")
_T(_g, "docker-run-env-smtp-pass",
   "docker run -d --name haraka-out -p 2525:25 -e SMTP_RELAY_HOST=«mx» \\\n  -e SMTP_RELAY_USER=«user» -e SMTP_RELAY_PASS='«S»' «org»/haraka:«ver»",
   "pw", "docker run -d --name haraka-out")
_T(_g, "kubectl-create-secret-from-literal",
   "kubectl -n «ns» create secret generic esp-keys \\\n  --from-literal=MAILGUN_API_KEY=«S» --from-literal=MAILGUN_DOMAIN=mg.«dom» --dry-run=client -o yaml | kubectl apply -f -",
   "mailgun", "kubectl -n «ns» create secret generic esp-keys")
_T(_g, "export-env-var-unquoted",
   "export KLAVIYO_PRIVATE_KEY=«S»\nexport KLAVIYO_LIST_ID=«site»\npython scripts/backfill_profiles.py --since «date»",
   "klaviyo", "scripts/backfill_profiles.py")
_T(_g, "heroku-config-set",
   "heroku config:set SENDGRID_API_KEY=«S» -a «app»-prod",
   "sendgrid", "heroku config:set")
_T(_g, "vercel-env-add-from-echo",
   "echo -n \"«S»\" | vercel env add BREVO_API_KEY production",
   "brevo", "vercel env add BREVO_API_KEY production")
_T(_g, "gh-secret-set-body",
   "gh secret set ITERABLE_API_KEY --body \"«S»\" --repo «org»/«repo»",
   "hex32", "gh secret set ITERABLE_API_KEY")
_T(_g, "aws-configure-set-secret-key",
   "aws configure set aws_access_key_id «AK» --profile ses-sender\naws configure set aws_secret_access_key «S» --profile ses-sender\naws sesv2 get-account --profile ses-sender --region «region»",
   "aws_secret", "aws sesv2 get-account")
_T(_g, "redis-cli-a-flag",
   "redis-cli -h «host» -p 6379 -a '«S»' --no-auth-warning LLEN bounce:queue:hard",
   "pw", "LLEN bounce:queue:hard")
_T(_g, "mongosh-srv-uri",
   "mongosh \"mongodb+srv://«user»:«S»@cluster0.«h8».mongodb.net/crm?retryWrites=true&w=majority\" --eval 'db.leads.countDocuments({source:\"meta-lead-ads\"})'",
   "pwu", "mongodb.net/crm")
_T(_g, "rabbitmqadmin-password-flag",
   "rabbitmqadmin -H «host» -u «user» -p '«S»' list queues name messages | grep -E 'send|bounce'",
   "pw", "rabbitmqadmin -H «host»")
_T(_g, "curl-imaps-user-password",
   "curl --url \"imaps://imap.«dom»:993/INBOX\" --user \"«mbox»:«S»\" -X 'SEARCH UNSEEN SUBJECT \"Undelivered\"'",
   "pw", "imaps://imap.«dom»:993/INBOX")
_T(_g, "python-script-imap-password-flag",
   "python3 bounce_proc.py --imap-host imap.«dom» --imap-user «mbox» --imap-password '«S»' --folder DSN --dry-run",
   "pw", "bounce_proc.py --imap-host imap.«dom»")
_T(_g, "sqlcmd-capital-p-password",
   "sqlcmd -S «dbh»,1433 -U «user» -P '«S»' -d CRM -Q \"SELECT COUNT(*) FROM dbo.Leads WHERE Source='tradeshow'\"",
   "pw", "sqlcmd -S «dbh»,1433")
_T(_g, "curl-pmta-http-mgmt-basic",
   "curl -s -u admin:'«S»' 'http://«mx»:8080/status?format=xml' | xmllint --xpath '//queue/smtp/rcp' -",
   "pw", "http://«mx»:8080/status?format=xml")
_T(_g, "wget-http-password",
   "wget --http-user=«user» --http-password='«S»' https://exports.«dom»/crm/«file» -O /tmp/«file»",
   "pw", "wget --http-user=«user»")
_T(_g, "sshpass-p-flag",
   "sshpass -p '«S»' ssh -o StrictHostKeyChecking=no «user»@«mx» 'mailq | tail -1; postqueue -p | grep -c MAILER-DAEMON'",
   "pw", "«user»@«mx»")
_T(_g, "git-clone-oauth2-token-url",
   "git clone https://oauth2:«S»@gitlab.«dom»/growth/«repo».git /tmp/«repo»",
   "glpat", "gitlab.«dom»/growth/«repo».git")
_T(_g, "npm-config-set-authtoken",
   "npm config set //registry.npmjs.org/:_authToken=«S» && npm publish --access restricted",
   "npm", "npm publish --access restricted")
_T(_g, "pip-index-url-basic-creds",
   "pip install --index-url https://«user»:«S»@pypi.«idom»/simple/ mailops-utils==«ver»",
   "pwu", "mailops-utils==«ver»")
_T(_g, "helm-set-smtp-password",
   "helm upgrade --install postal ./charts/postal -n «ns» --set smtp.host=«mx» --set smtp.password='«S»' --wait",
   "pw", "helm upgrade --install postal")
_T(_g, "terraform-apply-var-flag",
   "terraform apply -auto-approve -var 'sendgrid_api_key=«S»' -var 'sender_domain=«dom»'",
   "sendgrid", "terraform apply -auto-approve")
_T(_g, "ansible-playbook-extra-vars",
   "ansible-playbook -i inventories/prod mta.yml --limit «mx» -e \"relay_sasl_user=«user» relay_sasl_password=«S»\"",
   "pwu", "ansible-playbook -i inventories/prod mta.yml")
_T(_g, "vault-kv-put-inline-value",
   "vault kv put secret/mailops/mailjet api_key=@/dev/null secret_key=«S»",
   "hex32", "vault kv put secret/mailops/mailjet")
_T(_g, "docker-login-p-flag",
   "docker login registry.«idom» -u «user» -p «S»",
   "pwu", "docker login registry.«idom»")
_T(_g, "python-c-mandrill-ping",
   "python3 -c \"import mailchimp_transactional as M; print(M.Client('«S»').users.ping())\"",
   "mandrill", "mailchimp_transactional")


@_C(_g, "node-e-nodemailer-smtps-url")
def _():
    pw = _sec("pwu")
    return _mk("node -e \"require('nodemailer').createTransport('smtps://«U»%40«D»:«S»@smtp.«D»:465').verify((e,ok)=>console.log(e||ok))\"",
               "smtp.«D»:465", S=pw, U=_ch(_USERS).replace("_", "."), D=_ch(_DOMS))


@_C(_g, "telnet-smtp-auth-login-session")
def _():
    pw = _sec("pw")
    u = _ch(_USERS) + "@" + _ch(_DOMS)
    b = _mark(_b64e(pw))
    return _mk("$ telnet «mx» 587\nEHLO test\n250-AUTH LOGIN PLAIN\nAUTH LOGIN\n334 VXNlcm5hbWU6\n«BU»\n334 UGFzc3dvcmQ6\n«S»\n235 Authentication succeeded",
               "telnet «mx» 587", S=b, BU=_b64e(u))


_T(_g, "env-prefix-twilio-cli",
   "TWILIO_ACCOUNT_SID=«twsid» TWILIO_AUTH_TOKEN=«S» twilio api:core:messages:list --limit 20 --date-sent «date»",
   "twilio_tok", "twilio api:core:messages:list")
_T(_g, "vonage-cli-config-set",
   "vonage config:set --apiKey=«h8» --apiSecret=«S»",
   "vonage", "vonage config:set")
_T(_g, "firebase-deploy-token-flag",
   "firebase deploy --only functions:sendPush --project «app»-prod --token \"«S»\"",
   "grefresh", "firebase deploy --only functions:sendPush")
_T(_g, "python-script-api-key-equals",
   "python3 sync_klaviyo_lists.py --api-key=«S» --list-id «site» --batch 500",
   "klaviyo", "sync_klaviyo_lists.py")
_T(_g, "java-d-system-property",
   "java -Dspring.mail.host=«mx» -Dspring.mail.username=«user» -Dspring.mail.password=«S» -jar notifier-«ver».jar",
   "pw", "notifier-«ver».jar")
_T(_g, "mysqldump-password-long-flag",
   "mysqldump --host=«dbh» --user=«user» --password=«S» --single-transaction «db» campaigns sends > «db»_«date».sql",
   "pwu", "mysqldump --host=«dbh»")
_T(_g, "ldapsearch-w-bind-password",
   "ldapsearch -H ldaps://«host» -D 'cn=«user»,ou=svc,dc=corp' -w '«S»' -b 'ou=people,dc=corp' '(mail=*@«dom»)' mail",
   "pw", "ldapsearch -H ldaps://«host»")
_T(_g, "mosquitto-pub-capital-p",
   "mosquitto_pub -h «host» -p 8883 --cafile ca.pem -u «user» -P '«S»' -t push/outbound -m '{\"campaign\":\"«camp»\"}'",
   "pw", "mosquitto_pub -h «host»")
_T(_g, "httpie-api-key-header",
   "http POST https://api.iterable.com/api/events/track Api-Key:«S» email=«email» eventName=trialStarted",
   "hex32", "https://api.iterable.com/api/events/track")
_T(_g, "curl-customerio-track-basic",
   "curl -i https://track.customer.io/api/v1/customers/«num» -X PUT -u «h20»:«S» -d email=«email» -d plan=pro",
   "hex20", "track.customer.io/api/v1/customers")
_T(_g, "curl-marketo-client-credentials",
   "curl \"https://«munchkin».mktorest.com/identity/oauth/token?grant_type=client_credentials&client_id=«uuid»&client_secret=«S»\"",
   "an32", "mktorest.com/identity/oauth/token")
_T(_g, "curl-braze-users-track",
   "curl -X POST https://rest.iad-01.braze.com/users/track -H 'Content-Type: application/json' \\\n  -H 'Authorization: Bearer «S»' -d @events_batch_«num».json",
   "uuid", "rest.iad-01.braze.com/users/track")
_T(_g, "curl-postmark-server-token",
   "curl \"https://api.postmarkapp.com/email\" -X POST -H \"Accept: application/json\" -H \"Content-Type: application/json\" \\\n"
   "  -H \"X-Postmark-Server-Token: «S»\" -d '{\"From\":\"«mbox»\",\"To\":\"«email»\",\"Subject\":\"pm test\",\"TextBody\":\"ok\",\"MessageStream\":\"outbound\"}'",
   "uuid", "api.postmarkapp.com/email")
_T(_g, "curl-sparkpost-raw-authorization",
   "curl -s -H \"Authorization: «S»\" https://api.eu.sparkpost.com/api/v1/templates | jq '.results[].id'",
   "sparkpost", "api.eu.sparkpost.com/api/v1/templates")
_T(_g, "curl-mailjet-key-secret",
   "curl -s -X POST --user \"«h32»:«S»\" https://api.mailjet.com/v3.1/send -H 'Content-Type: application/json' -d @payload.json",
   "hex32", "api.mailjet.com/v3.1/send")
_T(_g, "curl-pinterest-conversions-bearer",
   "curl -X POST \"https://api.pinterest.com/v5/ad_accounts/«adid»/events\" -H \"Authorization: Bearer «S»\" -H 'Content-Type: application/json' -d @capi_batch.json",
   "pinterest", "api.pinterest.com/v5/ad_accounts/«adid»/events")
_T(_g, "curl-lwa-refresh-token-grant",
   "curl -X POST https://api.amazon.com/auth/o2/token \\\n  -d grant_type=refresh_token -d 'refresh_token=«S»' \\\n"
   "  -d client_id=amzn1.application-oa2-client.«h32» -d client_secret=$LWA_CLIENT_SECRET",
   "amzn_refresh", "api.amazon.com/auth/o2/token")
_T(_g, "curl-ga4-measurement-protocol",
   "curl -X POST \"https://www.google-analytics.com/mp/collect?measurement_id=G-«keyid»&api_secret=«S»\" \\\n  -d '{\"client_id\":\"«big».«num»\",\"events\":[{\"name\":\"purchase_offline\"}]}'",
   "ga4", "google-analytics.com/mp/collect")
_T(_g, "curl-segment-write-key-user-only",
   "curl https://api.segment.io/v1/track -u «S»: -H 'Content-Type: application/json' -d '{\"userId\":\"«num»\",\"event\":\"Email Clicked\"}'",
   "segment", "api.segment.io/v1/track")
_T(_g, "curl-slack-webhook-post",
   "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Bounce rate on «mx» is «pct»% :warning:\"}' https://hooks.slack.com/services/T«keyid»/B«team»/«S»",
   "slack_hook", "hooks.slack.com/services")
_T(_g, "powershell-pscredential-send-mailmessage",
   "$cred = New-Object System.Management.Automation.PSCredential('«user»', (ConvertTo-SecureString '«S»' -AsPlainText -Force))\n"
   "Send-MailMessage -SmtpServer «mx» -Port 587 -UseSsl -Credential $cred -From «mbox» -To «email» -Subject 'relay test'",
   "pw", "Send-MailMessage -SmtpServer «mx»")
_T(_g, "curl-linkedin-conversions-bearer",
   "curl -X POST 'https://api.linkedin.com/rest/conversionEvents' -H 'LinkedIn-Version: 202402' -H 'X-Restli-Protocol-Version: 2.0.0' \\\n  -H 'Authorization: Bearer «S»' -d @conv.json",
   "linkedin", "api.linkedin.com/rest/conversionEvents")
_T(_g, "curl-telnyx-messages-bearer",
   "curl -X POST https://api.telnyx.com/v2/messages -H 'Authorization: Bearer «S»' -H 'Content-Type: application/json' \\\n  -d '{\"from\":\"+1555030«n3»\",\"to\":\"+1555040«n3»\",\"text\":\"Your code expires soon\"}'",
   "telnyx", "api.telnyx.com/v2/messages")
_T(_g, "amqp-url-celery-cli",
   "celery -A mailer -b 'amqp://«user»:«S»@«host»:5672/mail' inspect active",
   "pwu", "celery -A mailer")
_T(_g, "read-p-then-use-heredoc",
   "cat > /tmp/relay.cred <<EOF\nhost=«mx»\nuser=«user»\npass=«S»\nEOF\nchmod 600 /tmp/relay.cred",
   "pw", "chmod 600 /tmp/relay.cred")
_T(_g, "curl-x-api-key-impact-radius",
   "curl -s -u «IR»:«S» 'https://api.impact.com/Advertisers/«IR»/Actions?ActionDateStart=«date»T00:00:00Z' -H 'Accept: application/json'",
   "impact", "api.impact.com/Advertisers")
_T(_g, "smtp-cli-positional-password",
   "./tools/smtp-check.sh «mx» 587 «user» «S»   # args: host port user pass",
   "pwu", "./tools/smtp-check.sh «mx» 587")
_T(_g, "curl-openai-embeddings-for-subject-lines",
   "curl https://api.openai.com/v1/embeddings -H \"Authorization: Bearer «S»\" -H 'Content-Type: application/json' \\\n  -d '{\"model\":\"text-embedding-3-small\",\"input\":\"Last chance: 30% off ends tonight\"}'",
   "openai", "api.openai.com/v1/embeddings")


# =========================================================== tool-output ====
_g = "tool-output"
_T(_g, "kubectl-jsonpath-base64-decode-output",
   "$ kubectl -n «ns» get secret esp-keys -o jsonpath='{.data.SENDGRID_API_KEY}' | base64 -d\n«S»",
   "sendgrid", "get secret esp-keys")


@_C(_g, "kubectl-get-secret-yaml-data-b64")
def _():
    k = _sec("hubspot")
    b = _mark(_b64e(k))
    return _mk("$ kubectl get secret hubspot-sync -n «ns» -o yaml\napiVersion: v1\ndata:\n  HUBSPOT_PORTAL_ID: «P»\n  HUBSPOT_TOKEN: «S»\nkind: Secret\nmetadata:\n  name: hubspot-sync\n  namespace: «ns»\ntype: Opaque",
               "name: hubspot-sync", S=b, P=_b64e(str(_R.randint(10 ** 6, 10 ** 8))))


_T(_g, "printenv-grep-mail-output",
   "$ printenv | grep -i mail\nMAIL_HOST=«mx»\nMAIL_PORT=«port»\nMAIL_USERNAME=«user»\nMAIL_PASSWORD=«S»\nMAIL_FROM_ADDRESS=«mbox»",
   "pw", "MAIL_HOST=«mx»")
_T(_g, "docker-inspect-config-env-array",
   "$ docker inspect «app» --format '{{json .Config.Env}}' | jq .\n[\n  \"SMTP_HOST=«mx»\",\n  \"SMTP_USER=«user»\",\n  \"SMTP_PASSWORD=«S»\",\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"\n]",
   "pw", "SMTP_HOST=«mx»")
_T(_g, "heroku-config-output-database-url",
   "$ heroku config -a «app»\n=== «app» Config Vars\nDATABASE_URL:        postgres://«user»:«S»@ec2-«n3»-«n32»-«n33».compute-1.amazonaws.com:5432/d«h8»\nMAIL_FROM:           «mbox»\nWEB_CONCURRENCY:     2",
   "pwu", "=== «app» Config Vars")
_T(_g, "terraform-output-json-sensitive-value",
   "$ terraform output -json\n{\n  \"brevo_smtp_key\": {\n    \"sensitive\": true,\n    \"type\": \"string\",\n    \"value\": \"«S»\"\n  },\n  \"sending_domain\": {\n    \"sensitive\": false,\n    \"type\": \"string\",\n    \"value\": \"«dom»\"\n  }\n}",
   "brevo_smtp", "\"sending_domain\"")
_T(_g, "aws-secretsmanager-secretstring-escaped",
   "$ aws secretsmanager get-secret-value --secret-id prod/ses-smtp --region «region»\n{\n    \"ARN\": \"arn:aws:secretsmanager:«region»:«big»:secret:prod/ses-smtp-«site»\",\n    \"Name\": \"prod/ses-smtp\",\n    \"SecretString\": \"{\\\"username\\\":\\\"«AK»\\\",\\\"password\\\":\\\"«S»\\\"}\",\n    \"VersionStages\": [\"AWSCURRENT\"]\n}",
   "ses_smtp", "\"Name\": \"prod/ses-smtp\"")
_T(_g, "vault-kv-get-table-output",
   "$ vault kv get secret/mailops/iterable\n======= Data =======\nKey          Value\n---          -----\napi_key      «S»\nproject_id   «num»",
   "hex32", "vault kv get secret/mailops/iterable")
_T(_g, "gcloud-secrets-access-output",
   "$ gcloud secrets versions access latest --secret=tiktok-events-token --project=«app»\n«S»",
   "tiktok", "--secret=tiktok-events-token")
_T(_g, "cat-postfix-sasl-passwd-output",
   "$ sudo cat /etc/postfix/sasl_passwd\n[email-smtp.«region».amazonaws.com]:587 «AK»:«S»\n# fallback relay\n#[«mx»]:587 relay:disabled",
   "ses_smtp", "/etc/postfix/sasl_passwd")
_T(_g, "exim-bp-authenticators-client-send",
   "$ exim -bP authenticators\nsmarthost_login:\n driver = plaintext\n public_name = LOGIN\n client_send = : «user» : «S»\n server_condition =",
   "pw", "smarthost_login:")


@_C(_g, "swaks-transcript-auth-login")
def _():
    pw = _sec("pw")
    b = _mark(_b64e(pw))
    return _mk("=== Trying «mx»:587...\n=== Connected to «mx».\n<-  220 «mx» ESMTP Postfix\n -> EHLO ops-box\n<-  250-AUTH PLAIN LOGIN\n -> AUTH LOGIN\n<-  334 VXNlcm5hbWU6\n -> «BU»\n<-  334 UGFzc3dvcmQ6\n -> «S»\n<-  235 2.7.0 Authentication successful",
               "=== Connected to «mx».", S=b, BU=_b64e(_ch(_USERS)))


@_C(_g, "swaks-transcript-auth-plain")
def _():
    pw = _sec("pw")
    u = _ch(_USERS)
    b = _mark(_b64e("\0" + u + "\0" + pw))
    return _mk("<-  250-STARTTLS\n -> STARTTLS\n<-  220 2.0.0 Ready to start TLS\n=== TLS started with cipher TLSv1.3:TLS_AES_256_GCM_SHA384:256\n -> EHLO ops-box\n<-  250 AUTH PLAIN\n -> AUTH PLAIN «S»\n<-  235 2.7.0 Authentication successful\n -> MAIL FROM:<«mbox»>",
               "=== TLS started with cipher", S=b)


_T(_g, "git-show-diff-removed-key",
   "$ git show «sha7» -- config/esp.yml\ncommit «sha»\nAuthor: «person» <«email»>\n\n    move sparkpost key to vault\n\n-  api_key: «S»\n+  api_key: ${SPARKPOST_API_KEY}",
   "sparkpost", "move sparkpost key to vault")
_T(_g, "git-remote-v-token-url",
   "$ git remote -v\norigin\thttps://«user»:«S»@github.com/«org»/«repo».git (fetch)\norigin\thttps://«user»:«S»@github.com/«org»/«repo».git (push)",
   "ghp", "github.com/«org»/«repo».git")
_T(_g, "cat-npmrc-authtoken-output",
   "$ cat ~/.npmrc\n@«org»:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=«S»\nfund=false",
   "ghp", "@«org»:registry=https://npm.pkg.github.com")
_T(_g, "cat-netrc-output",
   "$ cat ~/.netrc\nmachine api.«dom»\n  login «user»\n  password «S»",
   "pw", "machine api.«dom»")
_T(_g, "pip-config-list-token-url",
   "$ pip config list\nglobal.extra-index-url='https://__token__:«S»@pypi.«idom»/simple'\nglobal.timeout='60'",
   "pypi", "global.timeout='60'")
_T(_g, "mysql-select-esp-accounts-table",
   "mysql> SELECT id, provider, api_key, updated_at FROM esp_accounts WHERE active=1;\n+----+-----------+--------------------------------------+---------------------+\n| id | provider  | api_key                              | updated_at          |\n+----+-----------+--------------------------------------+---------------------+\n|  «line» | postmark  | «S» | «date» 10:14:02 |\n+----+-----------+--------------------------------------+---------------------+\n1 row in set (0.00 sec)",
   "uuid", "SELECT id, provider, api_key, updated_at FROM esp_accounts")
_T(_g, "psql-expanded-integration-row",
   "crm=> \\x\nExpanded display is on.\ncrm=> SELECT * FROM integration_settings WHERE name = 'smtp';\n-[ RECORD 1 ]-+------------------------\nname          | smtp\nhost          | «mx»\nusername      | «user»\nsmtp_password | «S»\nupdated_by    | «person»",
   "pw", "integration_settings")
_T(_g, "redis-cli-get-output",
   "«host»:6379> GET mailops:brevo:apikey\n\"«S»\"\n«host»:6379> TTL mailops:brevo:apikey\n(integer) -1",
   "brevo", "GET mailops:brevo:apikey")
_T(_g, "jq-credentials-json-output",
   "$ jq . ~/.config/gads/client_secret.json\n{\n  \"installed\": {\n    \"client_id\": \"«n3»«h8»-«h16».apps.googleusercontent.com\",\n    \"project_id\": \"«app»\",\n    \"auth_uri\": \"https://accounts.google.com/o/oauth2/auth\",\n    \"client_secret\": \"«S»\"\n  }\n}",
   "gocspx", "https://accounts.google.com/o/oauth2/auth")
_T(_g, "python-repl-os-environ",
   ">>> import os\n>>> os.environ['MAILCHIMP_API_KEY']\n'«S»'\n>>> os.environ.get('MAILCHIMP_SERVER')\n'«dc»'",
   "mailchimp", "os.environ.get('MAILCHIMP_SERVER')")
_T(_g, "node-repl-process-env",
   "> process.env.CUSTOMERIO_APP_API_KEY\n'«S»'\n> process.env.NODE_ENV\n'production'",
   "hex32", "process.env.NODE_ENV")
_T(_g, "pytest-assert-header-dict",
   "E       AssertionError: assert {'Authorization': 'Bearer «S»', 'Content-Type': 'application/json'} == {'Content-Type': 'application/json'}\nE         Left contains 1 more item:\ntests/test_braze_client.py:«line»: AssertionError",
   "uuid", "tests/test_braze_client.py")


@_C(_g, "curl-verbose-basic-header")
def _():
    pw = _sec("pw")
    u = _ch(_USERS)
    b = _mark(_b64e(u + ":" + pw))
    return _mk("*   Trying «ip»:443...\n* Connected to exports.«D» («ip») port 443 (#0)\n> GET /crm/«F» HTTP/1.1\n> Host: exports.«D»\n> Authorization: Basic «S»\n> User-Agent: curl/8.4.0\n>\n< HTTP/1.1 200 OK",
               "Host: exports.«D»", S=b, D=_ch(_DOMS), F=_ch(_FILES))


_T(_g, "curl-verbose-set-cookie-session",
   "< HTTP/2 302\n< location: /dashboard\n< set-cookie: esp_session=«S»; Path=/; Secure; HttpOnly; SameSite=Lax\n< x-request-id: «uuid»",
   "cookie_b64", "location: /dashboard")
_T(_g, "marketo-identity-token-response",
   "{\n  \"access_token\": \"«S»\",\n  \"token_type\": \"bearer\",\n  \"expires_in\": 3599,\n  \"scope\": \"«email»\"\n}",
   "marketo_tok", "\"token_type\": \"bearer\"")
_T(_g, "google-oauth-token-response-access",
   "{\n  \"access_token\": \"«S»\",\n  \"expires_in\": 3599,\n  \"scope\": \"https://www.googleapis.com/auth/adwords\",\n  \"token_type\": \"Bearer\"\n}",
   "ya29", "https://www.googleapis.com/auth/adwords")
_T(_g, "google-oauth-playground-refresh-response",
   "{\n  \"refresh_token\": \"«S»\",\n  \"scope\": \"https://www.googleapis.com/auth/adwords\",\n  \"token_type\": \"Bearer\",\n  \"refresh_token_expires_in\": 604799\n}",
   "grefresh", "refresh_token_expires_in")
_T(_g, "meta-exchange-token-response",
   "$ curl -s 'https://graph.facebook.com/v19.0/oauth/access_token?grant_type=fb_exchange_token&client_id=«big»&client_secret=$META_APP_SECRET&fb_exchange_token=$SHORT'\n{\"access_token\":\"«S»\",\"token_type\":\"bearer\",\"expires_in\":5183944}",
   "meta", "grant_type=fb_exchange_token")
_T(_g, "firebase-login-ci-output",
   "✔  Success! Use this token to login on a CI server:\n\n«S»\n\nExample: firebase deploy --token \"$FIREBASE_TOKEN\"",
   "grefresh", "Use this token to login on a CI server")


@_C(_g, "cat-firebase-adminsdk-json-private-key")
def _():
    body = _sec("pem_rsa")
    esc = body.replace("\n", "\\n")
    _USED.add(esc)
    return _mk("$ cat «A»-firebase-adminsdk-«H».json\n{\n  \"type\": \"service_account\",\n  \"project_id\": \"«A»\",\n  \"private_key_id\": \"«K»\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"firebase-adminsdk-«H»@«A».iam.gserviceaccount.com\"\n}",
               "\"type\": \"service_account\"", S=esc, A=_ch(_APPS), H=_s(_ANL, 5), K=_s(_HEX, 40))


_T(_g, "openssl-genrsa-dkim-tee-output",
   "$ openssl genrsa 1024 2>/dev/null | tee /etc/opendkim/keys/«dom»/«sel».private\n-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----",
   "pem_dkim", "/etc/opendkim/keys/«dom»/«sel».private")
_T(_g, "cat-opendkim-private-key-output",
   "root@«mx»:~# cat /etc/opendkim/keys/«dom»/«sel».private\n-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----\nroot@«mx»:~#",
   "pem_rsa1", "cat /etc/opendkim/keys/«dom»/«sel».private")
_T(_g, "cat-deploy-ed25519-private-key",
   "$ cat ~/.ssh/mta_deploy_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n«S»\n-----END OPENSSH PRIVATE KEY-----",
   "pem_ssh", "~/.ssh/mta_deploy_ed25519")
_T(_g, "grep-rn-password-yaml-hit",
   "$ grep -rn \"password\" config/\nconfig/mail.yml:«line»:  password: «S»\nconfig/database.yml:9:  password: <%= ENV['DB_PASSWORD'] %>",
   "pw", "config/database.yml:9")
_T(_g, "ripgrep-const-hit",
   "$ rg -n 'MANDRILL' src/\nsrc/esp/transactional.ts:«line»:const MANDRILL_KEY = \"«S»\";\nsrc/esp/transactional.ts:«line2»:  return new Mandrill(MANDRILL_KEY);",
   "mandrill", "src/esp/transactional.ts")
_T(_g, "gitleaks-json-finding",
   "[\n {\n  \"Description\": \"Generic API Key\",\n  \"StartLine\": «line»,\n  \"Match\": \"klaviyo_key = «S»\",\n  \"Secret\": \"«S»\",\n  \"File\": \"scripts/sync.py\",\n  \"Commit\": \"«sha»\",\n  \"RuleID\": \"generic-api-key\"\n }\n]",
   "klaviyo", "\"RuleID\": \"generic-api-key\"")
_T(_g, "trufflehog-found-verified",
   "Found verified result 🐷🔑\nDetector Type: Mailgun\nDecoder Type: PLAIN\nRaw result: «S»\nFile: deploy/old/.env\nLine: «line»\nCommit: «sha»",
   "mailgun_old", "Detector Type: Mailgun")
_T(_g, "cat-dotenv-production-output",
   "$ cat .env.production\nNODE_ENV=production\nMAIL_FROM=\"«person» at «dom» <«mbox»>\"\nRESEND_API_KEY=«S»\nTRACKING_DOMAIN=links.«dom»",
   "resend", "TRACKING_DOMAIN=links.«dom»")
_T(_g, "ps-aux-cmdline-password",
   "$ ps aux | grep [b]ounce\n«user»  «pid»  0.3  1.1 412332 45120 ?  Ssl  «hhmm»  0:42 /usr/bin/python3 /opt/bounce/worker.py --imap imap.«dom» --user «mbox» --password «S»",
   "pwu", "/opt/bounce/worker.py")
_T(_g, "systemctl-show-environment",
   "$ systemctl show «app».service -p Environment\nEnvironment=NODE_ENV=production SMTP_RELAY=«mx» SMTP_RELAY_PASS=«S» LOG_LEVEL=info",
   "pwu", "systemctl show «app».service")
_T(_g, "crontab-l-inline-env",
   "$ crontab -l\nMAILTO=«mbox»\n*/5 * * * * MAILGUN_KEY=«S» /opt/bounce/pull_events.sh >> /var/log/bounce-pull.log 2>&1",
   "mailgun", "/opt/bounce/pull_events.sh")
_T(_g, "bash-history-attached-p",
   "$ history | tail -4\n  «n3»  cd /srv/crm-import\n  «n32»  mysql -u «user» -p«S» leads < fix_dupes.sql\n  «n33»  ls -la\n  «n34»  history | tail -4",
   "pwu", "cd /srv/crm-import")
_T(_g, "az-storage-generate-sas-tsv",
   "$ az storage blob generate-sas --account-name «org»exports -c audiences -n «file» --permissions r --expiry «date»T23:59Z -o tsv\nse=«date»T23%3A59Z&sp=r&sv=2022-11-02&sr=b&sig=«S»",
   "azsig", "az storage blob generate-sas")
_T(_g, "aws-s3-presign-output",
   "$ aws s3 presign s3://«bucket»/«file» --expires-in 3600\nhttps://«bucket».s3.«region».amazonaws.com/«file»?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«AK»%2F20240314%2F«region»%2Fs3%2Faws4_request&X-Amz-Date=20240314T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»",
   "s3sig", "aws s3 presign s3://«bucket»/«file»")
_T(_g, "gsutil-signurl-table-output",
   "$ gsutil signurl -d 10m sa.json gs://«bucket»/«file»\nURL\tHTTP Method\tExpiration\tSigned URL\ngs://«bucket»/«file»\tGET\t«date» 10:30:00\thttps://storage.googleapis.com/«bucket»/«file»?x-goog-signature=«S»&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=signer%40«app».iam.gserviceaccount.com%2F20240314%2Fus%2Fstorage%2Fgoog4_request&x-goog-date=20240314T102000Z&x-goog-expires=600&x-goog-signedheaders=host",
   "gcssig", "gsutil signurl -d 10m")
_T(_g, "kubectl-describe-pod-env-literal",
   "$ kubectl describe pod «app»-7c9f«h8» -n «ns» | sed -n '/Environment/,/Mounts/p'\n    Environment:\n      BRAZE_REST_ENDPOINT:  https://rest.fra-02.braze.eu\n      BRAZE_API_KEY:        «S»\n      LOG_LEVEL:            info\n    Mounts:",
   "uuid", "BRAZE_REST_ENDPOINT")
_T(_g, "helm-get-values-output",
   "$ helm get values postal -n «ns»\nUSER-SUPPLIED VALUES:\nsmtp:\n  host: «mx»\n  password: «S»\n  port: 587",
   "pw", "helm get values postal")
_T(_g, "ansible-debug-var-output",
   "TASK [postfix : debug] *********************************************\nok: [«mx»] => {\n    \"relay_password\": \"«S»\"\n}",
   "pw", "TASK [postfix : debug]")
_T(_g, "docker-compose-config-resolved",
   "$ docker compose config | sed -n '/audience-sync/,/image/p'\n  audience-sync:\n    environment:\n      KLAVIYO_PRIVATE_KEY: «S»\n      KLAVIYO_REVISION: \"2024-02-15\"\n    image: «org»/audience-sync:«ver»",
   "klaviyo", "audience-sync:")
_T(_g, "op-read-output",
   "$ op read \"op://Marketing/Klaviyo Private Key/credential\"\n«S»",
   "klaviyo", "op://Marketing/Klaviyo Private Key/credential")
_T(_g, "bw-get-password-output",
   "$ bw get password \"Mailchimp prod (owner)\"\n«S»\n$ bw get username \"Mailchimp prod (owner)\"\n«email»",
   "pw", "bw get username")
_T(_g, "pass-show-multiline-output",
   "$ pass show mailops/pmta-console\n«S»\nuser: admin\nurl: http://«mx»:8080/",
   "pw", "pass show mailops/pmta-console")
_T(_g, "macos-security-find-generic-password",
   "$ security find-generic-password -s 'OneSignal REST' -w\n«S»",
   "onesignal_old", "security find-generic-password")
_T(_g, "wp-cli-option-get-smtp",
   "$ wp option get wp_mail_smtp --format=json | jq .smtp\n{\n  \"host\": \"«mx»\",\n  \"encryption\": \"tls\",\n  \"port\": 587,\n  \"auth\": true,\n  \"user\": \"«mbox»\",\n  \"pass\": \"«S»\"\n}",
   "pw", "wp option get wp_mail_smtp")
_T(_g, "mongosh-find-output-provider",
   "crm> db.providers.find({name: 'twilio'})\n[\n  {\n    _id: ObjectId('«h12»«h122»'),\n    name: 'twilio',\n    accountSid: '«twsid»',\n    authToken: '«S»'\n  }\n]",
   "twilio_tok", "db.providers.find")
_T(_g, "sqlite3-pipe-row",
   "$ sqlite3 ~/.local/share/adsync/state.db 'select * from tokens'\n1|tiktok|«ttadv»|«S»|«date»",
   "tiktok", "select * from tokens")
_T(_g, "jupyter-out-cell-dict",
   "In [7]: cfg\nOut[7]: {'api_key': '«S»', 'server': '«dc»', 'list_id': '«h8»«sha7»'}",
   "mailchimp", "In [7]: cfg")
_T(_g, "cat-apns-p8-output",
   "$ cat ~/Downloads/AuthKey_«keyid».p8\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----",
   "pem_ec", "AuthKey_«keyid».p8")
_T(_g, "powershell-env-table",
   "PS C:\\> Get-ChildItem Env: | Where-Object Name -like 'SMTP*'\n\nName                           Value\n----                           -----\nSMTP_HOST                      «mx»\nSMTP_PASSWORD                  «S»\nSMTP_USER                      «user»",
   "pw", "SMTP_HOST                      «mx»")
_T(_g, "mc-alias-list-secretkey",
   "$ mc alias list exports\nexports\n  URL       : https://minio.«idom»\n  AccessKey : «user»\n  SecretKey : «S»\n  API       : s3v4\n  Path      : auto",
   "an40", "URL       : https://minio.«idom»")
_T(_g, "rclone-config-show",
   "$ rclone config show crm-drop\n[crm-drop]\ntype = s3\nprovider = AWS\naccess_key_id = «AK»\nsecret_access_key = «S»\nregion = «region»",
   "aws_secret", "[crm-drop]")


@_C(_g, "tcpdump-ascii-auth-plain")
def _():
    pw = _sec("pw")
    u = _ch(_USERS) + "@" + _ch(_DOMS)
    b = _mark(_b64e("\0" + u + "\0" + pw))
    return _mk("«T» IP «ip».51844 > «ip2».25: Flags [P.], seq 112:170, ack 301, win 502, length 58: SMTP: AUTH PLAIN «S»\nE..n..@.@.......",
               "Flags [P.], seq 112:170", S=b, T="%02d:%02d:%02d.%06d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59), _R.randint(0, 999999)))


_T(_g, "op-item-get-json-field",
   "$ op item get \"Iterable prod\" --format json | jq '.fields[] | select(.id==\"credential\")'\n{\n  \"id\": \"credential\",\n  \"type\": \"CONCEALED\",\n  \"label\": \"credential\",\n  \"value\": \"«S»\"\n}",
   "hex32", "op item get \"Iterable prod\"")
_T(_g, "consul-kv-get-output",
   "$ consul kv get mailops/pmta/http_admin_password\n«S»",
   "pw", "consul kv get mailops/pmta/http_admin_password")
_T(_g, "hs-accounts-list-and-config-cat",
   "$ cat hubspot.config.yml\ndefaultPortal: prod\nportals:\n  - name: prod\n    portalId: «num»\n    authType: personalaccesskey\n    personalAccessKey: >-\n      «S»",
   "an64", "authType: personalaccesskey")
_T(_g, "stripe-style-list-keys-output",
   "$ ./bin/esp-admin keys list --provider sparkpost\nID          NAME            KEY                                         CREATED\n«h8»    prod-transact   «S»    «date»",
   "sparkpost", "keys list --provider sparkpost")
_T(_g, "sops-decrypt-output",
   "$ sops -d secrets/prod.enc.yaml\nmailgun:\n    domain: mg.«dom»\n    api_key: «S»\n    webhook_signing_key: ${MG_SIGNING}",
   "mailgun", "sops -d secrets/prod.enc.yaml")
_T(_g, "kubectl-get-configmap-leaked",
   "$ kubectl get cm «app»-config -n «ns» -o jsonpath='{.data.settings\\.ini}'\n[esp]\nprovider = mailjet\nsecret = «S»\n[tracking]\ndomain = t.«dom»",
   "hex32", "provider = mailjet")
_T(_g, "xxd-credential-file-hexdump",
   "$ cat /run/secrets/pmta_api_key; echo\n«S»\n$ stat -c '%a %U' /run/secrets/pmta_api_key\n400 pmta",
   "an32", "stat -c '%a %U' /run/secrets/pmta_api_key")


# =========================================================== config-file ====
_g = "config-file"
_T(_g, "postfix-sasl-passwd-sendgrid-apikey",
   "# /etc/postfix/sasl_passwd  (postmap after edit)\n[smtp.sendgrid.net]:587 apikey:«S»",
   "sendgrid", "[smtp.sendgrid.net]:587 apikey")
_T(_g, "postfix-main-cf-static-sasl-map",
   "# /etc/postfix/main.cf (excerpt)\nrelayhost = [«mx»]:587\nsmtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = static:«user»:«S»\nsmtp_sasl_security_options = noanonymous\nsmtp_tls_security_level = encrypt",
   "pwu", "relayhost = [«mx»]:587")
_T(_g, "exim-passwd-client-file",
   "# /etc/exim4/passwd.client\n# target.mail.server.example:login:password\n«mx»:«user»:«S»\n*.mailgun.org:postmaster@mg.«dom»:«S»",
   "pwu", "# /etc/exim4/passwd.client")
_T(_g, "exim-authenticator-client-send-caret",
   "begin authenticators\n\nrelay_plain:\n  driver = plaintext\n  public_name = PLAIN\n  client_send = ^«user»^«S»\n  client_condition = ${if !eq{$tls_out_cipher}{}}",
   "pw", "begin authenticators")
_T(_g, "haraka-auth-flat-file-ini",
   "; config/auth_flat_file.ini\n[core]\nmethods=PLAIN,LOGIN,CRAM-MD5\n\n[users]\n«user»=«S»\nmonitoring=${file:/run/secrets/haraka_monitor}",
   "pw", "methods=PLAIN,LOGIN,CRAM-MD5")
_T(_g, "haraka-smtp-forward-ini-auth-pass",
   "; config/smtp_forward.ini\nhost=«mx»\nport=587\nenable_tls=true\nauth_type=plain\nauth_user=«user»\nauth_pass=«S»",
   "pw", "; config/smtp_forward.ini")
_T(_g, "powermta-domain-auth-password",
   "# /etc/pmta/config\n<domain smarthost.«dom»>\n    route [«mx»]:587\n    use-starttls yes\n    require-starttls yes\n    auth-username «user»\n    auth-password «S»\n</domain>",
   "pwu", "<domain smarthost.«dom»>")
_T(_g, "dovecot-passwd-file-plain-scheme",
   "# /etc/dovecot/users\n«mbox»:{PLAIN}«S»:5000:5000::/var/vmail/«dom»/bounces::userdb_quota_rule=*:storage=2G",
   "pwu", "/etc/dovecot/users")
_T(_g, "sendmail-authinfo-map",
   "# /etc/mail/authinfo\nAuthInfo:«mx» \"U:«user»\" \"I:«user»\" \"P:«S»\" \"M:PLAIN\"",
   "pw", "# /etc/mail/authinfo")
_T(_g, "msmtprc-account-block",
   "# ~/.msmtprc\ndefaults\nauth on\ntls on\ntls_trust_file /etc/ssl/certs/ca-certificates.crt\n\naccount relay\nhost «mx»\nport 587\nfrom «mbox»\nuser «user»\npassword «S»\n\naccount default : relay",
   "pw", "account default : relay")
_T(_g, "ssmtp-conf-authpass",
   "# /etc/ssmtp/ssmtp.conf\nroot=postmaster\nmailhub=«mx»:587\nAuthUser=«user»\nAuthPass=«S»\nUseSTARTTLS=YES\nFromLineOverride=YES",
   "pw", "mailhub=«mx»:587")
_T(_g, "haraka-dkim-private-key-file",
   "# config/dkim/«dom»/private\n-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----\n# selector file: config/dkim/«dom»/selector -> «sel»",
   "pem_dkim", "config/dkim/«dom»/selector")
_T(_g, "laravel-dotenv-mail-block",
   "MAIL_MAILER=smtp\nMAIL_HOST=«mx»\nMAIL_PORT=«port»\nMAIL_USERNAME=«user»\nMAIL_PASSWORD=\"«S»\"\nMAIL_ENCRYPTION=tls\nMAIL_FROM_ADDRESS=\"«mbox»\"",
   "pw", "MAIL_HOST=«mx»")
_T(_g, "rails-credentials-decrypted-yaml",
   "# bin/rails credentials:edit --environment production\nsecret_key_base: <%= ENV['SECRET_KEY_BASE'] %>\npostmark:\n  api_token: «S»\naws:\n  region: «region»",
   "uuid", "bin/rails credentials:edit --environment production")
_T(_g, "spring-application-yml-mail",
   "spring:\n  mail:\n    host: «mx»\n    port: 587\n    username: «user»\n    password: \"«S»\"\n    properties:\n      mail.smtp.auth: true\n      mail.smtp.starttls.enable: true",
   "pw", "host: «mx»")
_T(_g, "spring-application-properties-mail",
   "spring.mail.host=«mx»\nspring.mail.port=587\nspring.mail.username=«user»\nspring.mail.password=«S»\nspring.mail.properties.mail.smtp.starttls.enable=true",
   "pw", "spring.mail.host=«mx»")
_T(_g, "docker-compose-environment-list",
   "services:\n  postal:\n    image: ghcr.io/postalserver/postal:«ver»\n    environment:\n      - MAIN_DB_HOST=«dbh»\n      - MAIN_DB_PASSWORD=«S»\n      - POSTAL_SMTP_HOSTNAME=«mx»",
   "pw", "image: ghcr.io/postalserver/postal:«ver»")
_T(_g, "k8s-secret-stringdata-yaml",
   "apiVersion: v1\nkind: Secret\nmetadata:\n  name: onesignal\n  namespace: «ns»\ntype: Opaque\nstringData:\n  ONESIGNAL_APP_ID: «uuid»\n  ONESIGNAL_REST_API_KEY: «S»",
   "onesignal_v2", "name: onesignal")


@_C(_g, "k8s-secret-data-base64-yaml")
def _():
    k = _sec("pw")
    b = _mark(_b64e(k))
    return _mk("apiVersion: v1\nkind: Secret\nmetadata:\n  name: relay-auth\ntype: kubernetes.io/basic-auth\ndata:\n  username: «BU»\n  password: «S»",
               "type: kubernetes.io/basic-auth", S=b, BU=_b64e(_ch(_USERS)))


_T(_g, "helm-values-yaml-klaviyo",
   "# values-prod.yaml\nreplicaCount: 3\naudienceSync:\n  klaviyo:\n    privateKey: «S»\n    revision: \"2024-02-15\"\n  schedule: \"*/15 * * * *\"",
   "klaviyo", "# values-prod.yaml")
_T(_g, "terraform-tfvars-quoted",
   "# prod.auto.tfvars\nsender_domain   = \"«dom»\"\nmailgun_api_key = \"«S»\"\nmailgun_region  = \"eu\"",
   "mailgun", "sender_domain   = \"«dom»\"")
_T(_g, "terraform-provider-block-api-key",
   "provider \"sendgrid\" {\n  api_key = \"«S»\"\n}\n\nresource \"sendgrid_template\" \"welcome\" {\n  name       = \"welcome-v3\"\n  generation = \"dynamic\"\n}",
   "sendgrid", "resource \"sendgrid_template\" \"welcome\"")
_T(_g, "ansible-group-vars-plain",
   "# group_vars/mta.yml\npostfix_relayhost: \"[«mx»]:587\"\npostfix_sasl_user: «user»\npostfix_sasl_password: \"«S»\"\npostfix_inet_protocols: ipv4",
   "pw", "# group_vars/mta.yml")
_T(_g, "odbc-ini-dsn-pwd",
   "[CRM_PROD]\nDriver=ODBC Driver 18 for SQL Server\nServer=«dbh»,1433\nDatabase=CRM\nUID=«user»\nPWD=«S»\nEncrypt=yes",
   "pw", "Driver=ODBC Driver 18 for SQL Server")
_T(_g, "pgpass-line",
   "# ~/.pgpass (chmod 600)\n«dbh»:5432:«db»:«user»:«S»\n*:*:*:readonly:${PGPASS_READONLY}",
   "pwu", "# ~/.pgpass (chmod 600)")
_T(_g, "my-cnf-client-section",
   "[client]\nhost=«dbh»\nuser=«user»\npassword=\"«S»\"\ndefault-character-set=utf8mb4",
   "pw", "default-character-set=utf8mb4")
_T(_g, "toml-esp-section",
   "[esp]\ndefault = \"iterable\"\n\n[esp.iterable]\napi_key = \"«S»\"\nproject = «num»\nregion = \"us\"",
   "hex32", "[esp.iterable]")
_T(_g, "appsettings-json-connection-string",
   "{\n  \"ConnectionStrings\": {\n    \"Crm\": \"Server=«dbh»;Database=CRM;User Id=«user»;Password=«S»;TrustServerCertificate=True\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}",
   "pwu", "\"LogLevel\": { \"Default\": \"Information\" }")
_T(_g, "web-config-smtp-network-element",
   "<system.net>\n  <mailSettings>\n    <smtp from=\"«mbox»\" deliveryMethod=\"Network\">\n      <network host=\"«mx»\" port=\"587\" enableSsl=\"true\" userName=\"«user»\" password=\"«S»\" />\n    </smtp>\n  </mailSettings>\n</system.net>",
   "pw", "<mailSettings>")
_T(_g, "java-properties-xml-entry",
   "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE properties SYSTEM \"http://java.sun.com/dtd/properties.dtd\">\n<properties>\n  <entry key=\"mail.smtp.host\">«mx»</entry>\n  <entry key=\"mail.smtp.user\">«user»</entry>\n  <entry key=\"mail.smtp.password\">«S»</entry>\n</properties>",
   "pw", "<entry key=\"mail.smtp.host\">«mx»</entry>")
_T(_g, "logstash-email-output",
   "output {\n  if [level] == \"CRIT\" {\n    email {\n      to => \"«mbox»\"\n      address => \"«mx»\"\n      port => 587\n      username => \"«user»\"\n      password => \"«S»\"\n      use_tls => true\n    }\n  }\n}",
   "pw", "address => \"«mx»\"")
_T(_g, "fluent-bit-http-output-passwd",
   "[OUTPUT]\n    Name        http\n    Match       pmta.acct.*\n    Host        ingest.«idom»\n    Port        443\n    tls         On\n    http_User   «user»\n    http_Passwd «S»",
   "pw", "Match       pmta.acct.*")
_T(_g, "grafana-ini-smtp-triple-quoted",
   "[smtp]\nenabled = true\nhost = «mx»:587\nuser = «user»\n# If the password contains # or ; you have to wrap it with triple quotes\npassword = \"\"\"«S»\"\"\"\nfrom_address = «mbox»",
   "pw", "from_address = «mbox»")
_T(_g, "alertmanager-smtp-auth-password",
   "global:\n  smtp_smarthost: '«mx»:587'\n  smtp_from: '«mbox»'\n  smtp_auth_username: '«user»'\n  smtp_auth_password: '«S»'\n  smtp_require_tls: true",
   "pw", "smtp_smarthost: '«mx»:587'")
_T(_g, "gitlab-rb-smtp-password",
   "gitlab_rails['smtp_enable'] = true\ngitlab_rails['smtp_address'] = \"«mx»\"\ngitlab_rails['smtp_user_name'] = \"«user»\"\ngitlab_rails['smtp_password'] = \"«S»\"\ngitlab_rails['smtp_authentication'] = \"login\"",
   "pw", "gitlab_rails['smtp_address'] = \"«mx»\"")
_T(_g, "mautic-local-php-mailer",
   "<?php\n$parameters = array(\n    'db_host' => '«dbh»',\n    'mailer_transport' => 'smtp',\n    'mailer_host' => '«mx»',\n    'mailer_user' => '«user»',\n    'mailer_password' => '«S»',\n);",
   "pw", "'mailer_transport' => 'smtp'")
_T(_g, "wp-config-define-smtp-pass",
   "define( 'WPMS_ON', true );\ndefine( 'WPMS_SMTP_HOST', '«mx»' );\ndefine( 'WPMS_SMTP_USER', '«mbox»' );\ndefine( 'WPMS_SMTP_PASS', '«S»' );",
   "pw", "define( 'WPMS_ON', true );")
_T(_g, "listmonk-config-toml-db",
   "[app]\naddress = \"0.0.0.0:9000\"\n\n[db]\nhost = \"«dbh»\"\nport = 5432\nuser = \"listmonk\"\npassword = \"«S»\"\ndatabase = \"listmonk\"\nssl_mode = \"require\"",
   "pw", "address = \"0.0.0.0:9000\"")
_T(_g, "postal-yml-main-db",
   "main_db:\n  host: «dbh»\n  username: postal\n  password: «S»\n  database: postal\nsmtp_server:\n  port: 25\ndns:\n  mx_records:\n    - mx.«dom»",
   "pwu", "- mx.«dom»")
_T(_g, "mailcow-conf-dbpass",
   "# mailcow.conf\nMAILCOW_HOSTNAME=mail.«dom»\nDBNAME=mailcow\nDBUSER=mailcow\nDBPASS=«S»\nDBROOT=${DBROOT_FROM_VAULT}",
   "an24", "MAILCOW_HOSTNAME=mail.«dom»")
_T(_g, "supervisor-program-environment",
   "[program:«app»]\ncommand=/opt/«app»/venv/bin/python -m worker\nenvironment=KLAVIYO_KEY=\"«S»\",LOG_LEVEL=\"info\"\nautorestart=true",
   "klaviyo", "[program:«app»]")
_T(_g, "systemd-unit-environment-line",
   "[Service]\nUser=«user»\nEnvironment=\"BRAZE_REST_KEY=«S»\"\nEnvironment=\"BRAZE_ENDPOINT=https://rest.iad-03.braze.com\"\nExecStart=/usr/local/bin/«app»",
   "uuid", "ExecStart=/usr/local/bin/«app»")
_T(_g, "npmrc-project-authtoken",
   "registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=«S»\nsave-exact=true",
   "npm", "save-exact=true")
_T(_g, "netrc-multi-machine",
   "machine api.mailgun.net login api password «S»\nmachine github.com login «user» password ${GH_TOKEN}",
   "mailgun", "machine api.mailgun.net login api")
_T(_g, "pypirc-token-password",
   "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = «S»",
   "pypi", "username = __token__")


@_C(_g, "docker-config-json-auths")
def _():
    pw = _sec("pwu")
    b = _mark(_b64e(_ch(_USERS) + ":" + pw))
    return _mk("{\n  \"auths\": {\n    \"registry.«I»\": {\n      \"auth\": \"«S»\"\n    }\n  },\n  \"credsStore\": \"\"\n}",
               "registry.«I»", S=b, I=_ch(_IDOMS))


_T(_g, "aws-credentials-ini-profile",
   "[default]\nregion = «region»\n\n[ses-prod]\naws_access_key_id = «AK»\naws_secret_access_key = «S»",
   "aws_secret", "[ses-prod]")


@_C(_g, "firebase-adminsdk-json-private-key")
def _():
    body = _sec("pem_rsa")
    esc = body.replace("\n", "\\n")
    _USED.add(esc)
    return _mk("{\n  \"type\": \"service_account\",\n  \"project_id\": \"«A»-push\",\n  \"private_key_id\": \"«K»\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"fcm-sender@«A»-push.iam.gserviceaccount.com\",\n  \"token_uri\": \"https://oauth2.googleapis.com/token\"\n}",
               "\"token_uri\": \"https://oauth2.googleapis.com/token\"", S=esc, A=_ch(_APPS), K=_s(_HEX, 40))


_T(_g, "google-ads-yaml-developer-token",
   "# google-ads.yaml\ndeveloper_token: «S»\nuse_proto_plus: True\njson_key_file_path: /etc/gads/sa.json\nimpersonated_email: «email»\nlogin_customer_id: «gcidn»",
   "gads_dev", "use_proto_plus: True")
_T(_g, "google-ads-yaml-refresh-token",
   "developer_token: ${GOOGLE_ADS_DEVELOPER_TOKEN}\nclient_id: «n3»«h8»-«h16».apps.googleusercontent.com\nclient_secret: ${GOOGLE_ADS_CLIENT_SECRET}\nrefresh_token: «S»\nlogin_customer_id: «gcidn»",
   "grefresh", "client_secret: ${GOOGLE_ADS_CLIENT_SECRET}")
_T(_g, "facebook-business-config-json",
   "{\n  \"app_id\": \"«big»\",\n  \"app_secret\": \"«S»\",\n  \"access_token\": \"${META_SYSTEM_USER_TOKEN}\",\n  \"act_id\": \"act_«adid»\"\n}",
   "hex32", "\"access_token\": \"${META_SYSTEM_USER_TOKEN}\"")
_T(_g, "gorush-yaml-ios-p12-password",
   "core:\n  port: \"8088\"\nios:\n  enabled: true\n  key_path: \"/certs/apns-prod.p12\"\n  password: \"«S»\"\n  production: true\n  key_id: \"«keyid»\"\n  team_id: \"«team»\"",
   "pw", "key_path: \"/certs/apns-prod.p12\"")
_T(_g, "dotenv-local-onesignal-nextjs",
   "# .env.local\nNEXT_PUBLIC_ONESIGNAL_APP_ID=«uuid»\nONESIGNAL_REST_API_KEY=«S»\nNEXT_PUBLIC_GTM_ID=GTM-«keyid»",
   "onesignal_old", "# .env.local")
_T(_g, "airflow-cfg-sql-alchemy-conn",
   "[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:«S»@«dbh»:5432/airflow\nload_default_connections = False",
   "pwu", "load_default_connections = False")
_T(_g, "dbt-profiles-yml-password",
   "marketing_dw:\n  target: prod\n  outputs:\n    prod:\n      type: postgres\n      host: «dbh»\n      user: «user»\n      password: «S»\n      port: 5432\n      dbname: «db»\n      schema: marts",
   "pw", "type: postgres")
_T(_g, "redis-conf-requirepass",
   "# /etc/redis/redis.conf\nbind 127.0.0.1 «ip»\nport 6379\nrequirepass «S»\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru",
   "an32", "maxmemory-policy allkeys-lru")
_T(_g, "rabbitmq-conf-default-pass",
   "listeners.tcp.default = 5672\ndefault_vhost = mail\ndefault_user = «user»\ndefault_pass = «S»\nmanagement.tcp.port = 15672",
   "pw", "default_vhost = mail")
_T(_g, "pgbouncer-userlist-txt",
   "\"«user»\" \"«S»\"\n\"pgbouncer_stats\" \"md5«h32»\"",
   "pw", "\"pgbouncer_stats\"")
_T(_g, "nginx-proxy-set-header-bearer",
   "location /esp/ {\n    proxy_pass https://api.sendgrid.com/;\n    proxy_set_header Authorization \"Bearer «S»\";\n    proxy_set_header Host api.sendgrid.com;\n}",
   "sendgrid", "location /esp/ {")
_T(_g, "haproxy-userlist-insecure-password",
   "userlist pmta_admins\n    user «user» insecure-password «S»\n    user «person» password $6$rounds=5000$«h16»$«sha»",
   "pwu", "userlist pmta_admins")
_T(_g, "kafka-jaas-plain-login",
   "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"«user»\" password=\"«S»\";",
   "pw", "sasl.mechanism=PLAIN")
_T(_g, "clickhouse-users-xml-password",
   "<clickhouse>\n  <users>\n    <«user»>\n      <password>«S»</password>\n      <networks><ip>10.0.0.0/8</ip></networks>\n      <profile>readonly</profile>\n    </«user»>\n  </users>\n</clickhouse>",
   "pw", "<profile>readonly</profile>")
_T(_g, "git-credentials-store-file",
   "https://«user»:«S»@gitlab.«dom»\nhttps://x-access-token:${GITHUB_TOKEN}@github.com",
   "glpat", "https://x-access-token:${GITHUB_TOKEN}@github.com")
_T(_g, "filebeat-output-elasticsearch-password",
   "output.elasticsearch:\n  hosts: [\"https://es.«idom»:9200\"]\n  username: \"filebeat_mta\"\n  password: \"«S»\"\n  index: \"pmta-acct-%{+yyyy.MM.dd}\"",
   "pw", "username: \"filebeat_mta\"")
_T(_g, "cloud-init-chpasswd-list",
   "#cloud-config\nhostname: «mx»\nchpasswd:\n  expire: false\n  list: |\n    «user»:«S»\nssh_pwauth: false",
   "pw", "#cloud-config")
_T(_g, "rspamd-worker-controller-password",
   "# /etc/rspamd/local.d/worker-controller.inc\nbind_socket = \"127.0.0.1:11334\";\npassword = \"«S»\";\nenable_password = \"${RSPAMD_ENABLE_PW}\";",
   "pw", "bind_socket = \"127.0.0.1:11334\";")
_T(_g, "sendy-config-php-dbpass",
   "<?php\n\tdefine('APP_PATH', 'https://news.«dom»');\n\t$dbHost = '«dbh»';\n\t$dbUser = 'sendy';\n\t$dbPass = '«S»';\n\t$dbName = 'sendy';",
   "pw", "define('APP_PATH', 'https://news.«dom»');")
_T(_g, "phplist-config-database-password",
   "$database_host = '«dbh»';\n$database_name = 'phplistdb';\n$database_user = 'phplist';\n$database_password = '«S»';\ndefine('PHPMAILERHOST', '«mx»');",
   "pw", "$database_name = 'phplistdb';")
_T(_g, "matomo-config-ini-php",
   "; <?php exit; ?> DO NOT REMOVE THIS LINE\n[database]\nhost = \"«dbh»\"\nusername = \"matomo\"\npassword = \"«S»\"\ndbname = \"matomo\"\ntables_prefix = \"matomo_\"",
   "pw", "tables_prefix = \"matomo_\"")
_T(_g, "envrc-export-quoted",
   "# .envrc (direnv)\nexport TWILIO_ACCOUNT_SID=\"«twsid»\"\nexport TWILIO_AUTH_TOKEN=\"«S»\"\nexport TWILIO_MESSAGING_SERVICE_SID=\"MG«h32»\"",
   "twilio_tok", "# .envrc (direnv)")
_T(_g, "hocon-application-conf",
   "esp {\n  provider = \"sparkpost\"\n  sparkpost {\n    api-key = \"«S»\"\n    endpoint = \"https://api.eu.sparkpost.com\"\n  }\n}",
   "sparkpost", "provider = \"sparkpost\"")
_T(_g, "ini-dotfile-unquoted-secret",
   "; ~/.config/adsync/config.ini\n[tiktok]\nadvertiser_id = «ttadv»\napp_id = «big»\nsecret = «S»\n\n[meta]\naccess_token = (see 1password)",
   "tiktok", "advertiser_id = «ttadv»")
_T(_g, "jdbc-url-in-properties",
   "datasource.crm.url=jdbc:postgresql://«dbh»:5432/«db»?user=«user»&password=«S»&ssl=true\ndatasource.crm.pool-size=10",
   "pwu", "datasource.crm.pool-size=10")
_T(_g, "yaml-anchor-shared-smtp-creds",
   "x-smtp: &smtp\n  host: «mx»\n  user: «user»\n  pass: '«S»'\n\nworkers:\n  digest:\n    <<: *smtp\n  alerts:\n    <<: *smtp",
   "pw", "x-smtp: &smtp")
_T(_g, "xml-marketo-connector-config",
   "<connector name=\"marketo\">\n  <munchkinId>«munchkin»</munchkinId>\n  <clientId>«uuid»</clientId>\n  <clientSecret>«S»</clientSecret>\n</connector>",
   "an32", "<connector name=\"marketo\">")


# =========================================================== source-code ====
_g = "source-code"
_T(_g, "python-smtplib-login-literal",
   "with smtplib.SMTP(\"«mx»\", 587, timeout=30) as server:\n    server.starttls(context=ssl.create_default_context())\n    server.login(\"«user»\", \"«S»\")\n    server.send_message(msg)",
   "pw", "server.starttls(context=ssl.create_default_context())")
_T(_g, "python-mailchimp-marketing-set-config",
   "import mailchimp_marketing as MailchimpMarketing\n\nclient = MailchimpMarketing.Client()\nclient.set_config({\n    \"api_key\": \"«S»\",\n    \"server\": \"«dc»\",\n})\nresponse = client.lists.get_all_lists()",
   "mailchimp", "client.lists.get_all_lists()")
_T(_g, "python-sendgrid-client-ctor",
   "from sendgrid import SendGridAPIClient\nfrom sendgrid.helpers.mail import Mail\n\nsg = SendGridAPIClient('«S»')\nresp = sg.send(Mail(from_email='«mbox»', to_emails=to, subject=subj, html_content=html))",
   "sendgrid", "from sendgrid.helpers.mail import Mail")
_T(_g, "python-requests-auth-tuple-mailgun",
   "def send_simple(to, subject, text):\n    return requests.post(\n        \"https://api.mailgun.net/v3/mg.«dom»/messages\",\n        auth=(\"api\", \"«S»\"),\n        data={\"from\": \"«mbox»\", \"to\": to, \"subject\": subject, \"text\": text},\n    )",
   "mailgun", "https://api.mailgun.net/v3/mg.«dom»/messages")
_T(_g, "python-twilio-client-ctor",
   "from twilio.rest import Client\n\naccount_sid = \"«twsid»\"\nclient = Client(account_sid, \"«S»\")\nmsg = client.messages.create(body=body, messaging_service_sid=MSID, to=phone)",
   "twilio_tok", "from twilio.rest import Client")
_T(_g, "python-klaviyo-api-ctor",
   "from klaviyo_api import KlaviyoAPI\n\nklaviyo = KlaviyoAPI(\"«S»\", max_delay=60, max_retries=3)\nprofiles = klaviyo.Profiles.get_profiles(page_size=100)",
   "klaviyo", "from klaviyo_api import KlaviyoAPI")
_T(_g, "python-hubspot-client-access-token",
   "from hubspot import HubSpot\n\napi_client = HubSpot(access_token=\"«S»\")\npage = api_client.crm.contacts.basic_api.get_page(limit=100, archived=False)",
   "hubspot", "from hubspot import HubSpot")
_T(_g, "python-facebook-ads-api-init",
   "from facebook_business.api import FacebookAdsApi\n\nFacebookAdsApi.init(\n    app_id=\"«big»\",\n    app_secret=\"«S»\",\n    access_token=os.environ[\"META_SYSTEM_USER_TOKEN\"],\n)",
   "hex32", "from facebook_business.api import FacebookAdsApi")
_T(_g, "python-google-ads-load-from-dict",
   "client = GoogleAdsClient.load_from_dict({\n    \"developer_token\": \"«S»\",\n    \"use_proto_plus\": True,\n    \"json_key_file_path\": \"/etc/gads/sa.json\",\n    \"login_customer_id\": \"«gcidn»\",\n})",
   "gads_dev", "\"use_proto_plus\": True")
_T(_g, "python-pyfcm-api-key",
   "from pyfcm import FCMNotification\n\npush_service = FCMNotification(api_key=\"«S»\")\nresult = push_service.notify_topic_subscribers(topic_name=\"promo\", message_body=body)",
   "fcm_legacy", "from pyfcm import FCMNotification")
_T(_g, "python-getenv-default-fallback",
   "BREVO_API_KEY = os.getenv(\"BREVO_API_KEY\", \"«S»\")\nBREVO_BASE = \"https://api.brevo.com/v3\"",
   "brevo", "BREVO_BASE = \"https://api.brevo.com/v3\"")
_T(_g, "python-sqlalchemy-create-engine-url",
   "engine = create_engine(\n    \"postgresql+psycopg2://«user»:«S»@«dbh»:5432/«db»\",\n    pool_pre_ping=True,\n)",
   "pwu", "pool_pre_ping=True")
_T(_g, "python-boto3-ses-explicit-keys",
   "ses = boto3.client(\n    \"sesv2\",\n    region_name=\"«region»\",\n    aws_access_key_id=\"«AK»\",\n    aws_secret_access_key=\"«S»\",\n)",
   "aws_secret", "region_name=\"«region»\"")
_T(_g, "python-headers-dict-api-key",
   "HEADERS = {\n    \"Api-Key\": \"«S»\",\n    \"Content-Type\": \"application/json\",\n}\nresp = requests.post(\"https://api.iterable.com/api/users/bulkUpdate\", json=payload, headers=HEADERS)",
   "hex32", "https://api.iterable.com/api/users/bulkUpdate")
_T(_g, "python-jwt-encode-unsubscribe-secret",
   "def unsubscribe_link(email, list_id):\n    token = jwt.encode({\"e\": email, \"l\": list_id}, \"«S»\", algorithm=\"HS256\")\n    return f\"https://links.«dom»/u/{token}\"",
   "an40", "def unsubscribe_link(email, list_id):")
_T(_g, "python-hmac-webhook-signing-bytes",
   "MAILGUN_SIGNING_KEY = b\"«S»\"\n\ndef verify(token, timestamp, signature):\n    mac = hmac.new(MAILGUN_SIGNING_KEY, (timestamp + token).encode(), hashlib.sha256)\n    return hmac.compare_digest(mac.hexdigest(), signature)",
   "hex32", "def verify(token, timestamp, signature):")
_T(_g, "js-nodemailer-create-transport-auth",
   "const transporter = nodemailer.createTransport({\n  host: '«mx»',\n  port: 587,\n  secure: false,\n  auth: { user: '«user»', pass: '«S»' },\n});",
   "pw", "const transporter = nodemailer.createTransport({")
_T(_g, "js-mailchimp-marketing-set-config",
   "const mailchimp = require('@mailchimp/mailchimp_marketing');\n\nmailchimp.setConfig({\n  apiKey: '«S»',\n  server: '«dc»',\n});",
   "mailchimp", "require('@mailchimp/mailchimp_marketing')")
_T(_g, "js-sendgrid-set-api-key",
   "const sgMail = require('@sendgrid/mail');\nsgMail.setApiKey('«S»');\nawait sgMail.send({ to, from: '«mbox»', templateId: 'd-«h32»', dynamicTemplateData: data });",
   "sendgrid", "const sgMail = require('@sendgrid/mail');")
_T(_g, "js-twilio-require-call",
   "const accountSid = process.env.TWILIO_ACCOUNT_SID;\nconst client = require('twilio')(accountSid, '«S»');\nawait client.messages.create({ body, from: '+1555010«n3»', to });",
   "twilio_tok", "const accountSid = process.env.TWILIO_ACCOUNT_SID;")


@_C(_g, "js-firebase-admin-cert-inline")
def _():
    body = _sec("pem_rsa")
    esc = body.replace("\n", "\\n")
    _USED.add(esc)
    return _mk("admin.initializeApp({\n  credential: admin.credential.cert({\n    projectId: '«A»-push',\n    clientEmail: 'firebase-adminsdk-«H»@«A»-push.iam.gserviceaccount.com',\n    privateKey: \"-----BEGIN PRIVATE KEY-----\\n«S»\\n-----END PRIVATE KEY-----\\n\",\n  }),\n});",
               "admin.initializeApp({", S=esc, A=_ch(_APPS), H=_s(_ANL, 5))


_T(_g, "js-apn-provider-p12-passphrase",
   "const apnProvider = new apn.Provider({\n  pfx: fs.readFileSync('./certs/push-prod.p12'),\n  passphrase: '«S»',\n  production: true,\n});",
   "pw", "fs.readFileSync('./certs/push-prod.p12')")
_T(_g, "js-onesignal-client-ctor",
   "const OneSignal = require('onesignal-node');\nconst client = new OneSignal.Client('«uuid»', '«S»');\nawait client.createNotification({ contents: { en: msg }, included_segments: ['Subscribed Users'] });",
   "onesignal_old", "require('onesignal-node')")
_T(_g, "ts-axios-create-klaviyo-header",
   "export const klaviyo = axios.create({\n  baseURL: 'https://a.klaviyo.com/api',\n  headers: {\n    Authorization: `Klaviyo-API-Key «S»`,\n    revision: '2024-02-15',\n  },\n});",
   "klaviyo", "baseURL: 'https://a.klaviyo.com/api'")
_T(_g, "ts-export-const-key",
   "// TODO move to secrets manager before launch\nexport const CUSTOMERIO_APP_KEY = \"«S»\";\nexport const CUSTOMERIO_REGION = \"eu\";",
   "hex32", "export const CUSTOMERIO_REGION = \"eu\";")
_T(_g, "js-fetch-bearer-header",
   "const res = await fetch('https://rest.fra-01.braze.eu/campaigns/trigger/send', {\n  method: 'POST',\n  headers: { 'Authorization': 'Bearer «S»', 'Content-Type': 'application/json' },\n  body: JSON.stringify(payload),\n});",
   "uuid", "rest.fra-01.braze.eu/campaigns/trigger/send")
_T(_g, "go-smtp-plain-auth",
   "auth := smtp.PlainAuth(\"\", \"«user»\", \"«S»\", \"«mx»\")\nerr := smtp.SendMail(\"«mx»:587\", auth, from, []string{to}, msg)",
   "pw", "err := smtp.SendMail(\"«mx»:587\", auth, from, []string{to}, msg)")
_T(_g, "go-const-secret",
   "const (\n\tmailjetAPIKey    = \"«h32»\"\n\tmailjetSecretKey = \"«S»\"\n\tmailjetBaseURL   = \"https://api.mailjet.com/v3.1\"\n)",
   "hex32", "mailjetBaseURL   = \"https://api.mailjet.com/v3.1\"")
_T(_g, "go-struct-literal-apikey",
   "cfg := esp.Config{\n\tProvider: \"sparkpost\",\n\tAPIKey:   \"«S»\",\n\tRegion:   \"eu\",\n}",
   "sparkpost", "Provider: \"sparkpost\"")
_T(_g, "java-password-authentication",
   "Session session = Session.getInstance(props, new Authenticator() {\n    @Override\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication(\"«user»\", \"«S»\");\n    }\n});",
   "pw", "protected PasswordAuthentication getPasswordAuthentication()")
_T(_g, "java-spring-value-default",
   "@Value(\"${brevo.api-key:«S»}\")\nprivate String brevoApiKey;",
   "brevo", "private String brevoApiKey;")
_T(_g, "kotlin-okhttp-add-header",
   "val request = Request.Builder()\n    .url(\"https://api.customer.io/v1/send/email\")\n    .addHeader(\"Authorization\", \"Bearer «S»\")\n    .post(body)\n    .build()",
   "hex32", "https://api.customer.io/v1/send/email")
_T(_g, "csharp-network-credential",
   "var client = new SmtpClient(\"«mx»\", 587)\n{\n    EnableSsl = true,\n    Credentials = new NetworkCredential(\"«user»\", \"«S»\")\n};",
   "pw", "EnableSsl = true,")
_T(_g, "csharp-sendgrid-client-ctor",
   "var client = new SendGridClient(\"«S»\");\nvar msg = MailHelper.CreateSingleEmail(from, to, subject, plain, html);",
   "sendgrid", "MailHelper.CreateSingleEmail")
_T(_g, "php-phpmailer-password-prop",
   "$mail = new PHPMailer(true);\n$mail->isSMTP();\n$mail->Host = '«mx»';\n$mail->SMTPAuth = true;\n$mail->Username = '«user»';\n$mail->Password = '«S»';\n$mail->SMTPSecure = PHPMailer::ENCRYPTION_STARTTLS;",
   "pw", "$mail->Host = '«mx»';")
_T(_g, "php-laravel-services-env-default",
   "'mailgun' => [\n    'domain' => env('MAILGUN_DOMAIN', 'mg.«dom»'),\n    'secret' => env('MAILGUN_SECRET', '«S»'),\n    'endpoint' => env('MAILGUN_ENDPOINT', 'api.eu.mailgun.net'),\n],",
   "mailgun", "'domain' => env('MAILGUN_DOMAIN', 'mg.«dom»')")
_T(_g, "ruby-actionmailer-smtp-settings",
   "config.action_mailer.smtp_settings = {\n  address: \"«mx»\",\n  port: 587,\n  user_name: \"«user»\",\n  password: \"«S»\",\n  authentication: :plain,\n  enable_starttls_auto: true\n}",
   "pw", "address: \"«mx»\"")
_T(_g, "ruby-gibbon-request-api-key",
   "gibbon = Gibbon::Request.new(api_key: \"«S»\", symbolize_keys: true)\ngibbon.lists(LIST_ID).members.create(body: { email_address: email, status: \"subscribed\" })",
   "mailchimp", "symbolize_keys: true")
_T(_g, "rust-lettre-credentials-new",
   "let creds = Credentials::new(\"«user»\".to_owned(), \"«S»\".to_owned());\nlet mailer = SmtpTransport::starttls_relay(\"«mx»\")?.credentials(creds).build();",
   "pw", "SmtpTransport::starttls_relay(\"«mx»\")")
_T(_g, "swift-urlrequest-set-value-bearer",
   "var req = URLRequest(url: URL(string: \"https://api.iterable.com/api/push/target\")!)\nreq.httpMethod = \"POST\"\nreq.setValue(\"«S»\", forHTTPHeaderField: \"Api-Key\")",
   "hex32", "req.httpMethod = \"POST\"")
_T(_g, "gradle-buildconfig-field-key",
   "android {\n    defaultConfig {\n        buildConfigField(\"String\", \"MAILCHIMP_KEY\", \"\\\"«S»\\\"\")\n    }\n}",
   "mailchimp", "defaultConfig {")
_T(_g, "sql-create-user-identified-by",
   "CREATE USER '«user»'@'10.%' IDENTIFIED BY '«S»';\nGRANT SELECT, INSERT ON «db».* TO '«user»'@'10.%';",
   "pw", "GRANT SELECT, INSERT ON «db».*")
_T(_g, "sql-alter-role-login-password",
   "-- migration 0042_capi_writer.sql\nALTER ROLE «user» WITH LOGIN PASSWORD '«S»' VALID UNTIL '2026-01-01';",
   "pw", "-- migration 0042_capi_writer.sql")
_T(_g, "sql-insert-integration-row",
   "INSERT INTO integrations (provider, account_ref, api_key, created_at)\nVALUES ('iterable', 'proj-«num»', '«S»', now());",
   "hex32", "INSERT INTO integrations (provider, account_ref, api_key, created_at)")
_T(_g, "sql-user-mapping-options-password",
   "CREATE USER MAPPING FOR crm_app SERVER legacy_crm\n  OPTIONS (user '«user»', password '«S»');",
   "pw", "SERVER legacy_crm")
_T(_g, "bash-script-variable-then-use",
   "#!/usr/bin/env bash\nset -euo pipefail\nSMTP_USER=\"«user»\"\nSMTP_PASS=\"«S»\"\nswaks --server «mx»:587 --auth-user \"$SMTP_USER\" --auth-password \"$SMTP_PASS\" --to \"$1\"",
   "pw", "set -euo pipefail")
_T(_g, "powershell-script-variable",
   "$ApiKey = '«S»'\n$Headers = @{ 'api-key' = $ApiKey; 'accept' = 'application/json' }\nInvoke-RestMethod -Uri 'https://api.brevo.com/v3/smtp/statistics/aggregatedReport' -Headers $Headers",
   "brevo", "Invoke-RestMethod -Uri 'https://api.brevo.com/v3/smtp/statistics/aggregatedReport'")
_T(_g, "pytest-fixture-real-key",
   "@pytest.fixture\ndef iterable_client():\n    return IterableClient(api_key=\"«S»\", base_url=\"https://api.eu.iterable.com\")",
   "hex32", "def iterable_client():")
_T(_g, "ipynb-json-source-line",
   "   \"source\": [\n    \"import requests\\n\",\n    \"TIKTOK_TOKEN = '«S»'\\n\",\n    \"ADVERTISER_ID = '«ttadv»'\\n\"\n   ]",
   "tiktok", "\"import requests\\n\"")
_T(_g, "python-basic-auth-b64encode-literal",
   "headers = {\n    \"Authorization\": \"Basic \" + base64.b64encode(b\"«user»:«S»\").decode(),\n    \"Accept\": \"application/xml\",\n}",
   "pwu", "\"Accept\": \"application/xml\"")


@_C(_g, "js-precomputed-basic-header")
def _():
    pw = _sec("pwu")
    b = _mark(_b64e(_ch(_USERS) + ":" + pw))
    return _mk("const PMTA_AUTH = 'Basic «S»'; // admin on «M»\nconst res = await fetch(`http://«M»:8080/status?format=json`, { headers: { Authorization: PMTA_AUTH } });",
               "http://«M»:8080/status?format=json", S=b, M=_G["mx"]())


_T(_g, "python-celery-broker-url",
   "broker_url = \"amqp://«user»:«S»@«host»:5672/mail\"\nresult_backend = \"rpc://\"\ntask_routes = {\"mailer.tasks.send_batch\": {\"queue\": \"send\"}}",
   "pwu", "result_backend = \"rpc://\"")
_T(_g, "js-ioredis-url",
   "const redis = new Redis('rediss://default:«S»@«host»:6380/2', { tls: {} });",
   "pwu", "const redis = new Redis(")
_T(_g, "python-imaplib-login",
   "M = imaplib.IMAP4_SSL(\"imap.«dom»\")\nM.login(\"«mbox»\", \"«S»\")\nM.select(\"INBOX\")\ntyp, data = M.search(None, '(UNSEEN FROM \"MAILER-DAEMON\")')",
   "pw", "M.select(\"INBOX\")")
_T(_g, "python-poplib-pass",
   "pop = poplib.POP3_SSL(\"pop.«dom»\", 995)\npop.user(\"«mbox»\")\npop.pass_(\"«S»\")\nprint(pop.stat())",
   "pw", "pop = poplib.POP3_SSL(\"pop.«dom»\", 995)")
_T(_g, "php-imap-open-args",
   "$mbox = imap_open('{imap.«dom»:993/imap/ssl}INBOX', '«mbox»', '«S»');\n$unseen = imap_search($mbox, 'UNSEEN');",
   "pw", "imap_search($mbox, 'UNSEEN')")
_T(_g, "go-header-set-access-token",
   "req, _ := http.NewRequest(\"GET\", \"https://business-api.tiktok.com/open_api/v1.3/advertiser/info/\", nil)\nreq.Header.Set(\"Access-Token\", \"«S»\")",
   "tiktok", "business-api.tiktok.com/open_api/v1.3/advertiser/info/")
_T(_g, "ruby-faraday-authorization",
   "conn = Faraday.new(url: \"https://api.hubapi.com\") do |f|\n  f.request :authorization, \"Bearer\", \"«S»\"\n  f.response :json\nend",
   "hubspot", "url: \"https://api.hubapi.com\"")
_T(_g, "elixir-swoosh-mailgun-config",
   "config :shop, Shop.Mailer,\n  adapter: Swoosh.Adapters.Mailgun,\n  api_key: \"«S»\",\n  domain: \"mg.«dom»\"",
   "mailgun", "adapter: Swoosh.Adapters.Mailgun")
_T(_g, "java-props-put-password",
   "Properties props = new Properties();\nprops.put(\"mail.smtp.host\", \"«mx»\");\nprops.put(\"mail.smtp.auth\", \"true\");\nprops.put(\"mail.smtp.password\", \"«S»\");",
   "pw", "props.put(\"mail.smtp.auth\", \"true\");")
_T(_g, "dart-const-api-key",
   "// lib/services/push_service.dart\nconst String _oneSignalRestKey = '«S»';\nconst String _oneSignalAppId = '«uuid»';",
   "onesignal_v2", "// lib/services/push_service.dart")
_T(_g, "python-dataclass-field-default",
   "@dataclass\nclass PushConfig:\n    apns_topic: str = \"com.«org».app\"\n    apns_cert_path: str = \"certs/apns.p12\"\n    apns_cert_password: str = \"«S»\"",
   "pw", "class PushConfig:")
_T(_g, "ts-env-nullish-fallback",
   "const apiKey = process.env.SPARKPOST_API_KEY ?? '«S»';\nconst client = new SparkPost(apiKey, { origin: 'https://api.eu.sparkpost.com:443' });",
   "sparkpost", "new SparkPost(apiKey")
_T(_g, "python-meta-capi-params-token",
   "params = {\n    \"access_token\": \"«S»\",\n    \"data\": json.dumps(events),\n    \"test_event_code\": \"TEST«n3»\",\n}\nr = requests.post(f\"https://graph.facebook.com/v19.0/{PIXEL_ID}/events\", data=params)",
   "meta", "\"test_event_code\"")
_T(_g, "js-ga4-mp-const-secret",
   "const MEASUREMENT_ID = 'G-«keyid»';\nconst MP_API_SECRET = '«S»';\nconst url = `https://www.google-analytics.com/mp/collect?measurement_id=${MEASUREMENT_ID}&api_secret=${MP_API_SECRET}`;",
   "ga4", "const MEASUREMENT_ID = 'G-«keyid»';")
_T(_g, "go-oauth2-config-client-secret",
   "conf := &oauth2.Config{\n\tClientID:     \"«n3»«h8»-«h16».apps.googleusercontent.com\",\n\tClientSecret: \"«S»\",\n\tScopes:       []string{\"https://www.googleapis.com/auth/adwords\"},\n\tEndpoint:     google.Endpoint,\n}",
   "gocspx", "Endpoint:     google.Endpoint,")
_T(_g, "python-simple-salesforce-password",
   "sf = Salesforce(\n    username=\"«user»@«dom»\",\n    password=\"«S»\",\n    security_token=os.environ[\"SF_SECURITY_TOKEN\"],\n    domain=\"login\",\n)",
   "pw", "security_token=os.environ[\"SF_SECURITY_TOKEN\"]")
_T(_g, "python-dkim-sign-inline-pem",
   "DKIM_SELECTOR = b\"«sel»\"\nDKIM_KEY = b\"\"\"-----BEGIN RSA PRIVATE KEY-----\n«S»\n-----END RSA PRIVATE KEY-----\"\"\"\nsig = dkim.sign(raw, DKIM_SELECTOR, b\"«dom»\", DKIM_KEY)",
   "pem_dkim", "DKIM_SELECTOR = b\"«sel»\"")
_T(_g, "csharp-connection-string-literal",
   "private const string CrmConn = \"Server=«dbh»;Database=CRM;User Id=«user»;Password=«S»;Encrypt=True;\";",
   "pwu", "private const string CrmConn")
_T(_g, "perl-net-smtp-auth",
   "my $smtp = Net::SMTP->new('«mx»', Port => 587, Timeout => 20) or die $@;\n$smtp->starttls();\n$smtp->auth('«user»', '«S»') or die 'auth failed';",
   "pw", "$smtp->starttls();")
_T(_g, "lua-openresty-local-key",
   "-- /etc/nginx/lua/track.lua\nlocal segment_write_key = \"«S»\"\nlocal httpc = require(\"resty.http\").new()",
   "segment", "-- /etc/nginx/lua/track.lua")
_T(_g, "python-tiktok-oauth-secret-body",
   "resp = requests.post(\n    \"https://business-api.tiktok.com/open_api/v1.3/oauth2/access_token/\",\n    json={\"app_id\": \"«big»\", \"secret\": \"«S»\", \"auth_code\": auth_code},\n)",
   "hex40", "open_api/v1.3/oauth2/access_token/")
_T(_g, "js-slack-webclient-token",
   "const { WebClient } = require('@slack/web-api');\nconst slack = new WebClient('«S»');\nawait slack.chat.postMessage({ channel: '#deliverability', text: report });",
   "slack_bot", "require('@slack/web-api')")


# ==================================================== stack-trace-or-log ====
_g = "stack-trace-or-log"
_T(_g, "python-traceback-frame-locals",
   "Traceback (most recent call last):\n  File \"/srv/«app»/relay.py\", line «line», in send_batch\n    server.login(cfg.user, cfg.password)\n    cfg = RelayConfig(host='«mx»', port=587, user='«user»', password='«S»')\nsmtplib.SMTPAuthenticationError: (535, b'5.7.8 Error: authentication failed: UGFzc3dvcmQ6')",
   "pw", "smtplib.SMTPAuthenticationError")
_T(_g, "psycopg2-dsn-log-line",
   "«ts» INFO  [etl.db] connecting with dsn \"host=«dbh» port=5432 dbname=«db» user=«user» password=«S» sslmode=require\"\n«ts» ERROR [etl.db] psycopg2.OperationalError: connection to server at \"«dbh»\" («ip»), port 5432 failed: timeout expired",
   "pwu", "psycopg2.OperationalError")
_T(_g, "java-jdbc-url-in-exception",
   "java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times.\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:110)\n\tat com.example.crm.DataSourceFactory.open(DataSourceFactory.java:«line»)\nurl=jdbc:mysql://«dbh»:3306/«db»?user=«user»&password=«S»&useSSL=true",
   "pwu", "java.sql.SQLNonTransientConnectionException")
_T(_g, "node-axios-error-config-headers",
   "AxiosError: Request failed with status code 429\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n  config: {\n    url: 'https://a.klaviyo.com/api/events/',\n    method: 'post',\n    headers: {\n      Authorization: 'Klaviyo-API-Key «S»',\n      revision: '2024-02-15'\n    }\n  }",
   "klaviyo", "AxiosError: Request failed with status code 429")
_T(_g, "requests-httperror-url-hapikey",
   "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.hubapi.com/email/public/v1/subscriptions?hapikey=«S»&email=«email»",
   "uuid", "requests.exceptions.HTTPError: 401 Client Error")


@_C(_g, "postfix-smtpd-verbose-auth-plain")
def _():
    pw = _sec("pw")
    u = _ch(_USERS)
    b = _mark(_b64e("\0" + u + "\0" + pw))
    return _mk("«TS» «M» postfix/submission/smtpd[«P»]: < unknown[«IP»]: EHLO client\n«TS» «M» postfix/submission/smtpd[«P»]: < unknown[«IP»]: AUTH PLAIN «S»\n«TS» «M» postfix/submission/smtpd[«P»]: > unknown[«IP»]: 235 2.7.0 Authentication successful",
               "postfix/submission/smtpd", S=b, TS=_ch(["Mar 14 09:12:44", "Nov  2 23:01:07", "Jul 30 04:55:19"]),
               M=_ch(_MXP) + "-0" + str(_R.randint(1, 9)), P=str(_R.randint(1000, 60000)), IP=_G["ip"]())


@_C(_g, "exim-debug-smtp-auth-plain")
def _():
    pw = _sec("pw")
    b = _mark(_b64e("\0" + _ch(_USERS) + "\0" + pw))
    return _mk("«P» SMTP<< 250-«M» Hello «M2» [«IP»]\n«P» SMTP>> AUTH PLAIN «S»\n«P» SMTP<< 235 Authentication succeeded\n«P» SMTP>> MAIL FROM:<«B»> SIZE=4213",
               "SMTP<< 235 Authentication succeeded", S=b, P=str(_R.randint(1000, 60000)), M=_G["mx"](), M2=_G["host"](), IP=_G["ip"](), B=_G["mbox"]())


@_C(_g, "haraka-log-auth-login-password-line")
def _():
    pw = _sec("pw")
    b = _mark(_b64e(pw))
    return _mk("[PROTOCOL] [«U»] [core] C: AUTH LOGIN state=1\n[PROTOCOL] [«U»] [core] S: 334 UGFzc3dvcmQ6\n[PROTOCOL] [«U»] [core] C: «S» state=1\n[INFO] [«U»] [auth/flat_file] AUTH user=\"«US»\" success=true method=LOGIN",
               "[auth/flat_file] AUTH user=\"«US»\" success=true", S=b, U=_uuid().upper(), US=_ch(_USERS))


_T(_g, "nginx-access-log-api-key-query",
   "«ip» - - [14/Mar/2024:10:15:32 +0000] \"GET /v1/export/audiences?list=«list»&api_key=«S» HTTP/1.1\" 200 48213 \"-\" \"python-requests/2.31.0\"",
   "an32", "\"python-requests/2.31.0\"")
_T(_g, "alb-log-access-token-query",
   "https «ts» app/«app»-alb/«h16» «pubip»:51234 «ip»:8080 0.001 0.043 0.000 200 200 512 331 \"GET https://capi.«dom»:443/webhook/meta?access_token=«S»&hub.mode=subscribe HTTP/1.1\" \"facebookexternalua\"",
   "meta", "\"facebookexternalua\"")
_T(_g, "celery-task-received-kwargs",
   "[«ts»: INFO/MainProcess] Task esp.sync_audience[«uuid»] received\n[«ts»: DEBUG/ForkPoolWorker-3] args=('«list»',) kwargs={'api_key': '«S»', 'dry_run': False}",
   "mailchimp", "Task esp.sync_audience")
_T(_g, "pod-startup-config-dump",
   "«ts» INFO starting «app» v«ver» with config: {smtp_host: «mx», smtp_port: 587, smtp_user: «user», smtp_pass: «S», workers: 8}",
   "pw", "starting «app» v«ver»")
_T(_g, "gha-log-unmasked-run-step",
   "2024-03-14T10:02:11.5543210Z ##[group]Run curl -sf -H \"Authorization: Bearer «S»\" https://api.hubapi.com/crm/v3/objects/contacts?limit=1\n2024-03-14T10:02:11.5544112Z shell: /usr/bin/bash -e {0}\n2024-03-14T10:02:11.5544503Z ##[endgroup]",
   "hubspot", "##[endgroup]")
_T(_g, "docker-build-log-build-arg",
   "#7 [builder 3/6] RUN echo \"//registry.npmjs.org/:_authToken=«S»\" > .npmrc && npm ci\n#7 2.913 added 812 packages in 2s\n#7 DONE 3.4s",
   "npm", "#7 2.913 added 812 packages in 2s")
_T(_g, "terraform-plan-unsensitive-attr",
   "  # mailgun_domain_credential.relay will be created\n  + resource \"mailgun_domain_credential\" \"relay\" {\n      + domain   = \"mg.«dom»\"\n      + login    = \"relay\"\n      + password = \"«S»\"\n      + region   = \"eu\"\n    }",
   "pw", "mailgun_domain_credential.relay will be created")
_T(_g, "ansible-verbose-loop-item",
   "changed: [«mx»] => (item={'name': 'relay', 'password': '«S»', 'domain': '«dom»'}) => {\"ansible_loop_var\": \"item\", \"changed\": true}",
   "pw", "\"ansible_loop_var\": \"item\"")
_T(_g, "spring-actuator-env-unsanitized",
   "«ts» DEBUG o.s.b.a.e.EnvironmentEndpoint : property source 'applicationConfig: [classpath:/application-prod.yml]'\n  spring.mail.host = «mx»\n  spring.mail.password = «S»\n  spring.mail.port = 587",
   "pw", "o.s.b.a.e.EnvironmentEndpoint")
_T(_g, "go-panic-dial-dsn",
   "panic: failed to connect to `postgres://«user»:«S»@«dbh»:5432/«db»?sslmode=verify-full`: dial tcp «ip»:5432: i/o timeout\n\ngoroutine 1 [running]:\nmain.mustDB(...)\n\t/src/cmd/«app»/main.go:«line» +0x1c4",
   "pwu", "goroutine 1 [running]:")
_T(_g, "rails-log-parameters-unfiltered",
   "Started PATCH \"/admin/esp_settings/«num»\" for «ip» at «date» 10:04:55 +0000\nProcessing by Admin::EspSettingsController#update as HTML\n  Parameters: {\"authenticity_token\"=>\"[FILTERED]\", \"esp_setting\"=>{\"provider\"=>\"postmark\", \"server_token\"=>\"«S»\"}}",
   "uuid", "Processing by Admin::EspSettingsController#update as HTML")
_T(_g, "php-pdo-construct-stack-args",
   "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user '«user»'@'«ip»' in /var/www/sendy/includes/config.php:«line»\nStack trace:\n#0 /var/www/sendy/includes/config.php(«line»): PDO->__construct('mysql:host=«dbh»;dbname=sendy', '«user»', '«S»')\n#1 {main}",
   "pw", "Stack trace:")
_T(_g, "python-http-client-debuglevel-send",
   "send: b'POST /v3/mail/send HTTP/1.1\\r\\nHost: api.sendgrid.com\\r\\nUser-Agent: sendgrid/6.11.0;python\\r\\nAuthorization: Bearer «S»\\r\\nContent-Type: application/json\\r\\nContent-Length: 812\\r\\n\\r\\n'\nreply: 'HTTP/1.1 202 Accepted\\r\\n'",
   "sendgrid", "reply: 'HTTP/1.1 202 Accepted\\r\\n'")
_T(_g, "onesignal-sdk-debug-request-log",
   "[«ts»] onesignal.http DEBUG POST https://onesignal.com/api/v1/notifications headers={'Authorization': 'Basic «S»', 'Content-Type': 'application/json; charset=utf-8'} body_len=«n3»",
   "onesignal_old", "onesignal.http DEBUG POST")
_T(_g, "fcm-legacy-key-startup-log",
   "«ts» INFO  push-gw  loaded FCM legacy server key «S» for project «app»-push (sender_id=«big»)",
   "fcm_legacy", "push-gw  loaded FCM legacy server key")
_T(_g, "syslog-cron-cmd-env",
   "Mar 14 03:00:01 «mx» CRON[«pid»]: («user») CMD (MAILGUN_API_KEY=«S» /opt/bounce/pull_events.sh >/dev/null 2>&1)",
   "mailgun", "/opt/bounce/pull_events.sh")
_T(_g, "auditd-execve-args",
   "type=EXECVE msg=audit(1710410401.512:8812): argc=6 a0=\"mysql\" a1=\"-h\" a2=\"«dbh»\" a3=\"-u«user»\" a4=\"-p«S»\" a5=\"leads\"",
   "pwu", "type=EXECVE msg=audit(1710410401.512:8812)")
_T(_g, "bash-xtrace-curl-user",
   "+ DOMAIN=mg.«dom»\n+ curl -s -u api:«S» https://api.mailgun.net/v3/mg.«dom»/bounces?limit=1000\n+ jq -r '.items[].address'",
   "mailgun", "+ DOMAIN=mg.«dom»")
_T(_g, "make-echo-recipe-line",
   "make[1]: Entering directory '/srv/«repo»'\ncurl -fsS -X POST -H 'api-key: «S»' -H 'content-type: application/json' -d @templates/welcome.json https://api.brevo.com/v3/smtp/templates\n{\"id\":«n3»}\nmake[1]: Leaving directory '/srv/«repo»'",
   "brevo", "make[1]: Entering directory '/srv/«repo»'")
_T(_g, "sentry-breadcrumb-http-url",
   "{\"type\":\"http\",\"category\":\"httplib\",\"level\":\"info\",\"data\":{\"method\":\"GET\",\"url\":\"https://graph.facebook.com/v19.0/act_«adid»/campaigns?access_token=«S»\",\"status_code\":400}}",
   "meta", "\"category\":\"httplib\"")
_T(_g, "kafka-connect-config-log",
   "[«ts»] INFO JdbcSourceTaskConfig values: \n\tbatch.max.rows = 100\n\tconnection.password = «S»\n\tconnection.url = jdbc:postgresql://«dbh»:5432/«db»\n\tconnection.user = «user»",
   "pw", "JdbcSourceTaskConfig values:")
_T(_g, "airflow-subprocess-command-log",
   "[«ts»] {subprocess.py:86} INFO - Running command: ['/usr/bin/bash', '-c', \"PGPASSWORD='«S»' psql -h «dbh» -U «user» -c '\\\\copy leads TO STDOUT CSV' > /tmp/leads.csv\"]",
   "pw", "{subprocess.py:86} INFO - Running command")
_T(_g, "postgres-log-alter-user-statement",
   "«ts» UTC [«pid»] postgres@«db» LOG:  statement: ALTER USER «user» WITH PASSWORD '«S»';",
   "pw", "LOG:  statement: ALTER USER «user» WITH PASSWORD")
_T(_g, "mysql-general-log-create-user",
   "«ts»\t   «pid» Query\tCREATE USER 'capi_writer'@'%' IDENTIFIED BY '«S»'",
   "pw", "CREATE USER 'capi_writer'@'%'")
_T(_g, "powermta-api-access-log-key",
   "«ts» [pmta-http] 200 GET /api/inject/v1?key=«S»&vmta=pool-«camp» from «ip» (12 ms)",
   "an32", "[pmta-http] 200 GET /api/inject/v1")
_T(_g, "json-structured-log-headers",
   "{\"level\":\"debug\",\"ts\":\"«ts»\",\"msg\":\"esp request\",\"method\":\"POST\",\"url\":\"https://api.iterable.com/api/email/target\",\"headers\":{\"Api-Key\":\"«S»\",\"Content-Type\":\"application/json\"},\"latency_ms\":«ms»}",
   "hex32", "\"msg\":\"esp request\"")
_T(_g, "logfmt-amqp-dsn",
   "time=«ts» level=debug msg=\"connecting to broker\" dsn=\"amqp://«user»:«S»@«host»:5672/mail\" attempt=2",
   "pwu", "msg=\"connecting to broker\"")
_T(_g, "pytest-captured-log-call",
   "------------------------------ Captured log call -------------------------------\nDEBUG    esp.client:client.py:«line» POST https://api.sparkpost.com/api/v1/transmissions key=«S»\nWARNING  esp.client:client.py:«line2» retrying after 429",
   "sparkpost", "Captured log call")
_T(_g, "lambda-cloudwatch-event-headers",
   "START RequestId: «uuid» Version: $LATEST\n«ts»\t«uuid»\tINFO\tevent: {\"headers\": {\"x-api-key\": \"«S»\", \"content-type\": \"application/json\"}, \"path\": \"/conversions\"}",
   "an40", "START RequestId:")
_T(_g, "gcp-logging-request-url-key",
   "{\"httpRequest\":{\"requestMethod\":\"GET\",\"requestUrl\":\"https://www.googleapis.com/youtube/v3/videos?part=statistics&id=«site»x&key=«S»\",\"status\":403},\"severity\":\"WARNING\",\"logName\":\"projects/«app»/logs/requests\"}",
   "aiza", "\"severity\":\"WARNING\"")
_T(_g, "haproxy-captured-auth-header",
   "«mx» haproxy[«pid»]: «ip»:44120 [14/Mar/2024:10:15:32.118] fe_api be_esp/esp1 0/0/1/23/24 200 391 - - ---- 12/12/0/0/0 0/0 {Bearer «S»} \"POST /v1/send HTTP/1.1\"",
   "jwt", "fe_api be_esp/esp1")


@_C(_g, "varnishlog-req-header-basic")
def _():
    pw = _sec("pwu")
    b = _mark(_b64e(_ch(_USERS) + ":" + pw))
    return _mk("*   << Request  >> «N»\n-   ReqMethod      GET\n-   ReqURL         /reports/deliverability.csv\n-   ReqHeader      Host: reports.«D»\n-   ReqHeader      Authorization: Basic «S»",
               "ReqURL         /reports/deliverability.csv", S=b, N=str(_R.randint(10 ** 5, 10 ** 7)), D=_ch(_DOMS))


_T(_g, "mitmproxy-flow-dump-header",
   "«ip»:52110: POST https://a.klaviyo.com/api/profile-subscription-bulk-create-jobs/\n    accept: application/json\n    authorization: Klaviyo-API-Key «S»\n    revision: 2024-02-15\n << 202 Accepted 0b",
   "klaviyo", "<< 202 Accepted 0b")
_T(_g, "har-entry-cookie-header",
   "{\"name\": \"cookie\", \"value\": \"hubspotutk=«h32»; __hssrc=1; _ga=GA1.2.«big».1710400000; sessionid=«S»; csrftoken=[removed]\"}",
   "djsess", "\"name\": \"cookie\"")
_T(_g, "javamail-debug-auth-props",
   "DEBUG: getProvider() returning javax.mail.Provider[TRANSPORT,smtp,com.sun.mail.smtp.SMTPTransport,Oracle]\nDEBUG SMTP: useEhlo true, useAuth true\nDEBUG SMTP: trying to connect to host \"«mx»\", port 587, isSSL false\nDEBUG SMTP: props mail.smtp.user=«user» mail.smtp.password=«S»",
   "pw", "DEBUG SMTP: useEhlo true, useAuth true")
_T(_g, "dotnet-smtp-exception-with-config-log",
   "fail: Notifier.EmailSender[0]\n      SMTP send failed using Host=«mx»;Port=587;User=«user»;Password=«S»\n      System.Net.Mail.SmtpException: The SMTP server requires a secure connection or the client was not authenticated.",
   "pw", "System.Net.Mail.SmtpException")
_T(_g, "supervisor-stderr-invalid-key-echo",
   "«ts» iterable-sync ERROR Invalid API key: «S» (HTTP 401 from https://api.iterable.com/api/lists)",
   "hex32", "iterable-sync ERROR Invalid API key")
_T(_g, "grpc-metadata-debug-log",
   "«ts» DEBUG google.ads.googleads.client Request: method=/google.ads.googleads.v16.services.GoogleAdsService/SearchStream metadata=[('developer-token', '«S»'), ('login-customer-id', '«gcidn»'), ('x-goog-api-client', 'gl-python/3.11 grpc/1.62')]",
   "gads_dev", "('login-customer-id', '«gcidn»')")
_T(_g, "tiktok-sdk-request-body-log",
   "«ts» [tiktok_business] request url=https://business-api.tiktok.com/open_api/v1.3/oauth2/access_token/ body={'app_id': '«big»', 'secret': '«S»', 'auth_code': '«h40»'}",
   "hex40", "[tiktok_business] request")
_T(_g, "k8s-crashloop-redis-url",
   "Error: failed to initialise queue: dial redis://:«S»@redis-master.«ns».svc.cluster.local:6379/0: connection refused\nBack-off restarting failed container «app» in pod «app»-6d8f7c9b5-«site»",
   "pwu", "Back-off restarting failed container")
_T(_g, "journal-haraka-outbound-auth-fail",
   "«date» 10:15:02 «mx» haraka[«pid»]: [CRIT] [outbound] auth to «mx2» failed for user=«user» pass=«S» (535 5.7.8)",
   "pw", "[CRIT] [outbound] auth to «mx2» failed")
_T(_g, "bounce-processor-imap-login-log",
   "«ts» bounce-proc INFO imap login «mbox» / «S» -> OK (2 folders, 418 unseen)",
   "pw", "bounce-proc INFO imap login «mbox»")
_T(_g, "adb-logcat-debug-push-config",
   "03-14 10:15:32.118  «pid»  «pid2» D PushConfig: init senderId=«big» serverKey=«S»\n03-14 10:15:32.140  «pid»  «pid2» I FirebaseMessaging: token refreshed",
   "fcm_legacy", "I FirebaseMessaging: token refreshed")
_T(_g, "xcode-console-apns-jwt",
   "2024-03-14 10:15:32.118 PushDemo[«pid»:«pid2»] APNs provider token: bearer «S»\n2024-03-14 10:15:32.422 PushDemo[«pid»:«pid2»] apns-id: «uuid» status 200",
   "jwt_es", "apns-id: «uuid» status 200")
_T(_g, "laravel-log-context-config",
   "[«date» 10:15:32] production.ERROR: Connection could not be established with host «mx» :stream_socket_client(): unable to connect {\"exception\":\"[object] (Symfony\\\\Component\\\\Mailer\\\\Exception\\\\TransportException(code: 0))\",\"mailer\":{\"host\":\"«mx»\",\"username\":\"«user»\",\"password\":\"«S»\"}}",
   "pw", "production.ERROR: Connection could not be established")
_T(_g, "express-morgan-log-cookie",
   "«ip» - - [14/Mar/2024:10:15:32 +0000] \"GET /admin/campaigns HTTP/1.1\" 200 18322 \"-\" \"Mozilla/5.0\" cookie=\"connect.sid=«S»\"",
   "cookie_express", "\"GET /admin/campaigns HTTP/1.1\"")
_T(_g, "node-unhandled-rejection-smtp-url",
   "(node:«pid») UnhandledPromiseRejectionWarning: Error: Invalid login: 535 Authentication failed\n    at SMTPConnection._formatError (/app/node_modules/nodemailer/lib/smtp-connection/index.js:790:19)\n    transport url: smtps://«user»:«S»@smtp.«dom»:465",
   "pwu", "UnhandledPromiseRejectionWarning")
_T(_g, "ruby-net-smtp-auth-error-inspect",
   "Net::SMTPAuthenticationError (535-5.7.8 Username and Password not accepted):\n  app/jobs/digest_job.rb:«line»:in `perform'\n  smtp_settings: {:address=>\"«mx»\", :user_name=>\"«user»\", :password=>\"«S»\", :authentication=>:login}",
   "pw", "app/jobs/digest_job.rb")
_T(_g, "cloudflare-worker-log-header",
   "(log) incoming conversion: {\"ip\":\"«pubip»\",\"headers\":{\"cf-ray\":\"«h16»-FRA\",\"x-capi-secret\":\"«S»\"}}",
   "an48", "(log) incoming conversion")
_T(_g, "webhook-delivery-log-slack-url",
   "«ts» WARN alert-router delivery failed url=https://hooks.slack.com/services/T«keyid»/B«team»/«S» status=404 body=\"no_service\"",
   "slack_hook", "alert-router delivery failed")
_T(_g, "smtp-client-debug-mail-from-with-auth-cmd",
   "[smtp-client] «ts» C: EHLO «host»\n[smtp-client] «ts» S: 250-AUTH=PLAIN LOGIN XOAUTH2\n[smtp-client] «ts» C: AUTH XOAUTH2 «S»\n[smtp-client] «ts» S: 235 2.7.0 Accepted",
   "b64u43", "S: 250-AUTH=PLAIN LOGIN XOAUTH2")
_T(_g, "marketo-bulk-import-log-token",
   "«ts» INFO marketo.bulk POST https://«munchkin».mktorest.com/bulk/v1/leads.json?access_token=«S»&format=csv file=«file» -> 200 batchId=«num»",
   "marketo_tok", "INFO marketo.bulk POST")
_T(_g, "salesforce-soap-login-debug",
   "«ts» DEBUG crm-import sf session established instance=https://«org».my.salesforce.com sessionId=«S»",
   "sf_token", "crm-import sf session established")
_T(_g, "braze-sdk-debug-endpoint-log",
   "«ts» [audience-sync] DEBUG POST https://rest.iad-05.braze.com/users/export/ids api_key=«S» chunk=3/40",
   "uuid", "[audience-sync] DEBUG POST")
_T(_g, "python-logging-repr-settings-object",
   "«ts» WARNING [«app»] retrying send with settings=EspSettings(provider='brevo', api_key='«S»', sandbox=False, timeout=30)",
   "brevo", "retrying send with settings=EspSettings")
_T(_g, "dmarc-parser-imap-error-trace",
   "Traceback (most recent call last):\n  File \"/opt/dmarc-parser/fetch.py\", line «line», in <module>\n    conn.login(USER, PASSWORD)  # PASSWORD = \"«S»\"\nimaplib.IMAP4.error: b'[AUTHENTICATIONFAILED] Invalid credentials (Failure)'",
   "pw", "imaplib.IMAP4.error")
_T(_g, "vector-sink-config-debug",
   "«ts» DEBUG vector::topology::builder: Building sink. id=pmta_to_loki type=loki auth.strategy=basic auth.user=«user» auth.password=«S»",
   "pw", "vector::topology::builder: Building sink.")
_T(_g, "customerio-track-401-log",
   "«ts» ERROR cio-track PUT https://track-eu.customer.io/api/v1/customers/«num» auth=«h20»:«S» -> 401 Unauthorized",
   "hex20", "ERROR cio-track PUT")
_T(_g, "twilio-webhook-validation-debug",
   "«ts» DEBUG sms-dispatcher validating X-Twilio-Signature with auth_token=«S» url=https://sms.«dom»/inbound",
   "twilio_tok", "validating X-Twilio-Signature")
_T(_g, "expo-push-receipt-log-token",
   "«ts» push-gw INFO expo push batch=«num» tickets=100 errors=0 (using EXPO_ACCESS_TOKEN=«S»)",
   "expo", "push-gw INFO expo push batch=«num»")


# ========================================================== note-or-chat ====
_g = "note-or-chat"
_T(_g, "slack-thread-handover-password",
   "[«hhmm»] «person»: heads up, new relay pw for «mx» is «S» — I'll rotate it again after the launch\n[«hhmm2»] «person2»: 👍 updating the haraka config now",
   "pw", "updating the haraka config now")
_T(_g, "agent-note-found-hardcoded-key",
   "NOTE (step 7): found a hardcoded Klaviyo private key in src/sync/profiles.py line «line» («S»). Will move it to KLAVIYO_PRIVATE_KEY env var and tell the user to rotate it.",
   "klaviyo", "src/sync/profiles.py")
_T(_g, "goal-statement-with-imap-creds",
   "GOAL: get the bounce processor pulling DSNs again. IMAP creds from the ticket: «mbox» / «S» (imap.«dom»:993). Don't touch the suppression table until counts match.",
   "pw", "GOAL: get the bounce processor pulling DSNs again.")
_T(_g, "german-chat-smtp-relay-passwort",
   "Hi «person», das Passwort für den SMTP-Relay («mx») ist «S» – bitte nicht ins Wiki kopieren, ich lege es nachher im Vault ab.",
   "pw", "bitte nicht ins Wiki kopieren")
_T(_g, "spanish-chat-pmta-contrasena",
   "«person»: la contraseña del panel de PowerMTA es «S», el usuario es admin. Cámbiala cuando termines con las IPs nuevas.",
   "pw", "el usuario es admin")
_T(_g, "french-note-brevo-mot-de-passe",
   "Compte Brevo marketing@«dom» — mot de passe : «S» (2FA sur le téléphone de «person»)",
   "pw", "2FA sur le téléphone")
_T(_g, "portuguese-chat-senha-mailchimp",
   "«person» disse: a senha do Mailchimp (conta principal) é «S» — só usa pra exportar a audiência, não mexe nas automações.",
   "pw", "não mexe nas automações")
_T(_g, "japanese-chat-smtp-password",
   "«person»さん、配信サーバー «mx» のSMTPパスワードは「«S»」です。作業が終わったら変更してください。",
   "pw", "作業が終わったら変更してください")
_T(_g, "chinese-chat-push-server-key",
   "推送服务的 FCM 服务器密钥：«S»\n别提交到仓库，明天迁移到 HTTP v1 以后就作废。",
   "fcm_legacy", "别提交到仓库")
_T(_g, "russian-note-bounce-mailbox-parol",
   "Пароль от ящика «mbox» для обработки баунсов: «S». Логин тот же, что и адрес.",
   "pw", "для обработки баунсов")
_T(_g, "polish-chat-haslo-panel",
   "«person»: hasło do panelu Iterable to «S», login ops@«dom». Zmień po migracji.",
   "pw", "Zmień po migracji.")
_T(_g, "italian-chat-password-account",
   "Ciao! La password dell'account Customer.io (workspace «app») è «S». Mi raccomando, non condividerla su Slack.",
   "pw", "non condividerla su Slack")
_T(_g, "dutch-chat-wachtwoord-relay",
   "«person»: het wachtwoord voor de relay-gebruiker «user» is «S», geldig tot vrijdag.",
   "pw", "geldig tot vrijdag")
_T(_g, "turkish-note-smtp-sifresi",
   "Not: «mx» için SMTP şifresi «S» — kullanıcı adı «user». Kampanya bitince değiştirilecek.",
   "pw", "Kampanya bitince değiştirilecek.")
_T(_g, "korean-chat-password",
   "«person»님, 클라비요 관리자 계정 비밀번호는 «S» 입니다. 로그인 후 바로 변경해 주세요.",
   "pw", "로그인 후 바로 변경해 주세요")
_T(_g, "swedish-chat-losenord-pmta",
   "Lösenordet till PowerMTA-konsolen på «mx» är «S» (användare: admin).",
   "pw", "(användare: admin)")
_T(_g, "vietnamese-chat-mat-khau",
   "Anh «person» ơi, mật khẩu tài khoản Brevo là «S», đăng nhập bằng email marketing@«dom» nhé.",
   "pw", "đăng nhập bằng email marketing@«dom»")
_T(_g, "indonesian-chat-kata-sandi",
   "Kata sandi untuk dasbor OneSignal: «S» — jangan dibagikan ke vendor ya.",
   "pw", "jangan dibagikan ke vendor ya")
_T(_g, "hinglish-chat-relay-password",
   "bhai «person», relay ka password «S» hai, user «user». kal tak change kar dena",
   "pw", "kal tak change kar dena")
_T(_g, "arabic-chat-kalimat-murur",
   "كلمة المرور لحساب Mailchimp هي «S» — الرجاء تغييرها بعد التصدير.",
   "pw", "الرجاء تغييرها بعد التصدير")
_T(_g, "ukrainian-chat-parol-dashboard",
   "«person»: пароль до дашборду TikTok Ads — «S», логін ads@«dom».",
   "pw", "логін ads@«dom»")
_T(_g, "czech-note-heslo-relay",
   "Heslo k relay účtu «user» na «mx»: «S» (platí do konce měsíce).",
   "pw", "(platí do konce měsíce)")
_T(_g, "vendor-onboarding-email-key-block",
   "From: no-reply@sparkpost.example\nSubject: Your new API key\n\nHi «person»,\n\nYour API key \"prod-transactional\" has been created:\n\n    «S»\n\nStore it somewhere safe; we won't show it again.",
   "sparkpost", "Subject: Your new API key")
_T(_g, "jira-comment-sandbox-creds",
   "«person» commented on MKT-«num»:\nCredentials for the staging ESP sandbox: user=«user» pass=«S» — please don't use them against prod lists.",
   "pw", "please don't use them against prod lists")
_T(_g, "markdown-runbook-credentials-table",
   "## Access\n| Service | User | Password |\n|---|---|---|\n| PMTA console («mx») | admin | «S» |\n| Grafana | «user» | see 1Password |",
   "pw", "| Grafana | «user» | see 1Password |")
_T(_g, "decision-log-legacy-fcm-key",
   "DECISION «date»: keep the legacy FCM server key («S») for Android promo pushes until the HTTP v1 migration ships; owner «person».",
   "fcm_legacy", "until the HTTP v1 migration ships")
_T(_g, "todo-list-rotate-leaked-key",
   "TODO\n- [x] pause «camp» sends\n- [ ] rotate Mailgun key «S» (it was pasted in #growth-alerts)\n- [ ] re-run bounce import for «date»",
   "mailgun", "- [x] pause «camp» sends")
_T(_g, "chat-unlabeled-token-own-line",
   "«person»: ok here it is\n«S»\n«person»: expires in 60 days, I set a reminder",
   "meta", "I set a reminder")
_T(_g, "abbrev-creds-slash-pair",
   "creds for the sftp drop (crm exports): «user» / «S» — host sftp.«dom», port 2222",
   "pw", "host sftp.«dom», port 2222")
_T(_g, "teams-message-quoted-reply",
   "«person» (Teams, «hhmm»):\n> what's the pw for the bounce mailbox?\n«S» — same as last quarter + the new suffix\n",
   "pw", "what's the pw for the bounce mailbox?")
_T(_g, "forwarded-email-password-line",
   "---------- Forwarded message ---------\nFrom: «person» <«email»>\nSubject: Re: DMARC reports mailbox\n\n> Mailbox: «mbox»\n> Password: «S»\n> IMAP: imap.«dom»:993",
   "pw", "Subject: Re: DMARC reports mailbox")
_T(_g, "agent-note-user-provided-token",
   "User provided the Meta system-user token for CAPI testing: «S». Using it only with test_event_code; not writing it to any file.",
   "meta", "Using it only with test_event_code")
_T(_g, "commit-message-draft-with-key",
   "draft commit msg:\n  fix(esp): switch transactional sends to Postmark\n\n  server token «S» goes in POSTMARK_TOKEN (do NOT commit)",
   "uuid", "fix(esp): switch transactional sends to Postmark")
_T(_g, "one-time-link-expired-paste",
   "«person»: the 1Password share link expired so here it is raw: «S»\n«person2»: thx, deleting this message after I paste it",
   "pw", "deleting this message after I paste it")
_T(_g, "zoom-chat-unlabeled-answer",
   "10:02:11 From «person» to Everyone: can someone paste the PMTA admin pass?\n10:02:40 From «person2» to Everyone: «S»\n10:02:55 From «person» to Everyone: got it, thanks",
   "pw", "can someone paste the PMTA admin pass?")
_T(_g, "standup-notes-app-key",
   "Standup «date»\n- «person»: Customer.io workspace set up, App API key «S», tracking site id in the doc\n- «person2»: DMARC p=quarantine rollout at 25%",
   "hex32", "DMARC p=quarantine rollout at 25%")
_T(_g, "handover-doc-twilio-pair",
   "Handover – SMS\nTwilio: SID «twsid» / token «S»\nMessaging service: MG«h32»\nAlpha sender approved for UK/DE.",
   "twilio_tok", "Alpha sender approved for UK/DE.")
_T(_g, "code-review-comment-key-in-fixture",
   "«person» left a comment on tests/fixtures/brevo.json: nit — this looks like a real key (`«S»`), can we swap it for a fake one and rotate?",
   "brevo", "tests/fixtures/brevo.json")
_T(_g, "postmortem-leaked-key-used",
   "Postmortem draft: the leaked SendGrid key «S» was used from «pubip» to send ~40k spam messages between 02:10 and 03:40 UTC before we revoked it.",
   "sendgrid", "Postmortem draft")
_T(_g, "slack-backticked-password",
   "«person»: use `«S»` for the «user» account on «mx», it's temporary",
   "pw", "it's temporary")
_T(_g, "chat-password-split-across-lines",
   "«person»: pw is «S» (the break is just Slack wrapping, no space)",
   lambda: _ch(_WORDS).capitalize() + "-\n" + _ch(_WORDS) + "-" + str(_R.randint(10, 99)) + _ch("!#%*"),
   "the break is just Slack wrapping")
_T(_g, "agent-scratchpad-json-observation",
   "{\"step\": «line», \"action\": \"read_file\", \"path\": \".env.bak\", \"observation\": \"found MAIL_PASSWORD=«S» (old relay), not used by current config\"}",
   "pw", "\"action\": \"read_file\"")
_T(_g, "gemini-memory-saved-fact",
   "## Gemini Added Memories\n- The staging SMTP relay is «mx» and its password is «S».\n- Use `make seed-list` before sending test campaigns.",
   "pw", "## Gemini Added Memories")
_T(_g, "claude-md-dev-credentials-section",
   "## Dev credentials (sandbox only)\n- Mixpanel API secret: «S»\n- Mixpanel project id: «num»\n- Never point the sandbox at the prod project.",
   "hex32", "Never point the sandbox at the prod project.")
_T(_g, "codex-plan-uses-key",
   "Plan:\n1. run migrations on staging\n2. send 5 seed emails via Resend using key «S»\n3. check DKIM alignment in the headers",
   "resend", "check DKIM alignment in the headers")
_T(_g, "german-meeting-notes-zugangsdaten",
   "Protokoll Deliverability-Runde «date»\n- Zugangsdaten Postmaster-Postfach: «mbox» / «S»\n- SPF-Record um include:_spf.«dom» ergänzen",
   "pw", "Protokoll Deliverability-Runde")
_T(_g, "spanish-whatsapp-clave-api",
   "[«hhmm»] «person»: te paso la clave de la API de Klaviyo: «S»\n[«hhmm2»] «person2»: gracias, la pongo en el .env",
   "klaviyo", "la pongo en el .env")
_T(_g, "french-chat-identifiants",
   "«person» : identifiants du back-office d'affiliation : «user» / «S» (lien : https://partners.«dom»/login)",
   "pw", "identifiants du back-office d'affiliation")
_T(_g, "norwegian-chat-passordet",
   "Passordet til SMS-gatewayen er «S», brukernavn «user». Bytt det etter testen.",
   "pw", "Bytt det etter testen.")
_T(_g, "finnish-note-salasana",
   "Salasana uutiskirjetyökaluun: «S» (tunnus: «user»)",
   "pw", "uutiskirjetyökaluun")
_T(_g, "greek-chat-kodikos",
   "«person»: ο κωδικός για το Mailchimp είναι «S» — άλλαξέ τον μετά την εξαγωγή.",
   "pw", "άλλαξέ τον μετά την εξαγωγή")
_T(_g, "hebrew-chat-sisma",
   "הסיסמה לחשבון ה-SMTP היא «S» — משתמש «user».",
   "pw", "משתמש «user»")
_T(_g, "thai-chat-password",
   "รหัสผ่านเข้า OneSignal คือ «S» นะครับ ใช้เสร็จแล้วเปลี่ยนด้วย",
   "pw", "ใช้เสร็จแล้วเปลี่ยนด้วย")
_T(_g, "romanian-chat-parola",
   "«person»: parola pentru contul de relay e «S», utilizator «user».",
   "pw", "utilizator «user»")
_T(_g, "hungarian-note-jelszo",
   "Jelszó a HubSpot admin fiókhoz: «S» — «person» kérte, hogy holnap cseréljük.",
   "pw", "kérte, hogy holnap cseréljük")
_T(_g, "brazilian-chat-chave-api",
   "«person»: segue a chave da API do Brevo pra integração do CRM: «S»",
   "brevo", "pra integração do CRM")
_T(_g, "filipino-chat-password-ay",
   "«person»: ang password ng bounce mailbox ay «S», huwag i-share sa iba.",
   "pw", "huwag i-share sa iba")
_T(_g, "persian-chat-ramz",
   "رمز عبور پنل پیامک: «S» — نام کاربری «user»",
   "pw", "نام کاربری «user»")
_T(_g, "malay-chat-kata-laluan",
   "Kata laluan untuk akaun Mailjet ialah «S», tolong tukar selepas kempen.",
   "pw", "tolong tukar selepas kempen")
_T(_g, "swahili-chat-nenosiri",
   "«person»: nenosiri la akaunti ya SMS ni «S», jina la mtumiaji ni «user».",
   "pw", "jina la mtumiaji ni «user»")
_T(_g, "catalan-chat-contrasenya",
   "La contrasenya del compte de Marketo és «S»; l'usuari és ops@«dom».",
   "pw", "l'usuari és ops@«dom»")
_T(_g, "english-passphrase-with-spaces",
   "«person»: the vault unlock passphrase for the deliverability box is \"«S»\" (all lowercase, spaces included)",
   "phrase", "(all lowercase, spaces included)")
_T(_g, "incident-channel-token-pasted",
   "#inc-«num»-push-outage\n«person»: APNs is fine, it's OneSignal — our REST key «S» got revoked when «person2» rotated keys\n«person2»: 😬 generating a new one now",
   "onesignal_v2", "generating a new one now")
_T(_g, "agent-running-note-db-url",
   "Running notes:\n- repro needs the CRM replica: postgres://«user»:«S»@«dbh»:5432/«db» (read-only, from «person»)\n- the dedupe query takes ~40s on the replica",
   "pwu", "the dedupe query takes ~40s on the replica")
_T(_g, "email-signature-block-with-temp-pass",
   "Thanks,\n«person»\n\nP.S. your temporary password for the partner portal is «S» — you'll be asked to change it at first login.",
   "pw", "you'll be asked to change it at first login")
_T(_g, "affiliate-partner-api-token-chat",
   "«person» (affiliate mgr): CJ sent over our personal access token: «S» — it's tied to the publisher account, so keep it out of Looker.",
   "cj", "keep it out of Looker")
_T(_g, "dsp-onboarding-note-api-token",
   "DSP onboarding notes: The Trade Desk API token for the «org» advertiser seat → «S» (expires «date»)",
   "ttd", "DSP onboarding notes")


# ========================================================= ci-and-deploy ====
_g = "ci-and-deploy"
_T(_g, "github-actions-env-hardcoded",
   "jobs:\n  bounce-import:\n    runs-on: ubuntu-latest\n    env:\n      MAILGUN_DOMAIN: mg.«dom»\n      MAILGUN_API_KEY: «S»\n    steps:\n      - uses: actions/checkout@v4\n      - run: python scripts/import_bounces.py",
   "mailgun", "runs-on: ubuntu-latest")
_T(_g, "github-actions-run-curl-inline-token",
   "      - name: Notify HubSpot of deploy\n        run: |\n          curl -sf -X POST https://api.hubapi.com/crm/v3/objects/notes \\\n            -H \"Authorization: Bearer «S»\" \\\n            -d '{\"properties\":{\"hs_note_body\":\"deployed ${{ github.sha }}\"}}'",
   "hubspot", "name: Notify HubSpot of deploy")
_T(_g, "gitlab-ci-variables-block",
   "variables:\n  DOCKER_DRIVER: overlay2\n  SENDGRID_API_KEY: \"«S»\"\n\nsend-smoke:\n  stage: test\n  script:\n    - ./scripts/send_seed.sh",
   "sendgrid", "DOCKER_DRIVER: overlay2")
_T(_g, "circleci-job-environment",
   "  push-smoke:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      ONESIGNAL_APP_ID: «uuid»\n      ONESIGNAL_API_KEY: «S»\n    steps:\n      - checkout",
   "onesignal_v2", "image: cimg/node:20.11")
_T(_g, "jenkinsfile-withenv-list",
   "stage('Deploy relay config') {\n  steps {\n    withEnv([\"SMTP_PASS=«S»\", \"RELAY=«mx»\"]) {\n      sh './deploy/push_postfix.sh'\n    }\n  }\n}",
   "pw", "stage('Deploy relay config')")
_T(_g, "jenkinsfile-sh-curl-basic",
   "    stage('Warmup report') {\n      steps {\n        sh \"curl -s -u admin:«S» http://«mx»:8080/status?format=json > warmup.json\"\n        archiveArtifacts 'warmup.json'\n      }\n    }",
   "pwu", "archiveArtifacts 'warmup.json'")
_T(_g, "azure-pipelines-variables-list",
   "variables:\n  - name: brevoApiKey\n    value: «S»\n  - name: buildConfiguration\n    value: Release\n\nsteps:\n  - script: dotnet test",
   "brevo", "value: Release")
_T(_g, "bitbucket-pipelines-script-export",
   "pipelines:\n  branches:\n    main:\n      - step:\n          name: Sync audiences\n          script:\n            - export KLAVIYO_PRIVATE_KEY=«S»\n            - python sync.py --all",
   "klaviyo", "name: Sync audiences")
_T(_g, "travis-yml-env-global",
   "language: ruby\nenv:\n  global:\n    - RAILS_ENV=test\n    - POSTMARK_API_TOKEN=«S»\nscript: bundle exec rspec",
   "uuid", "script: bundle exec rspec")
_T(_g, "drone-yml-step-environment",
   "steps:\n  - name: send-test-campaign\n    image: python:3.12\n    environment:\n      ITERABLE_API_KEY: «S»\n    commands:\n      - python tools/test_campaign.py",
   "hex32", "name: send-test-campaign")
_T(_g, "buildkite-pipeline-env",
   "env:\n  CUSTOMERIO_SITE_ID: \"«h20»\"\n  CUSTOMERIO_API_KEY: \"«S»\"\nsteps:\n  - label: \":email: journeys smoke\"\n    command: make smoke",
   "hex20", "label: \":email: journeys smoke\"")
_T(_g, "argocd-app-helm-parameters",
   "spec:\n  source:\n    repoURL: https://github.com/«org»/mta-config\n    path: charts/postal\n    helm:\n      parameters:\n        - name: smtp.password\n          value: «S»\n        - name: replicaCount\n          value: \"2\"",
   "pw", "path: charts/postal")
_T(_g, "k8s-deployment-env-value",
   "        env:\n          - name: ONESIGNAL_APP_ID\n            value: \"«uuid»\"\n          - name: ONESIGNAL_REST_API_KEY\n            value: \"«S»\"\n          - name: LOG_LEVEL\n            value: info",
   "onesignal_old", "name: ONESIGNAL_APP_ID")
_T(_g, "dockerfile-env-instruction",
   "FROM node:20-alpine\nWORKDIR /app\nENV SPARKPOST_API_KEY=«S»\nCOPY . .\nRUN npm ci --omit=dev\nCMD [\"node\", \"worker.js\"]",
   "sparkpost", "FROM node:20-alpine")
_T(_g, "dockerfile-arg-default-token",
   "FROM python:3.12-slim AS build\nARG PIP_EXTRA_INDEX_URL=https://«user»:«S»@pypi.«idom»/simple\nRUN pip install --no-cache-dir -r requirements.txt",
   "pwu", "FROM python:3.12-slim AS build")
_T(_g, "docker-compose-prod-override-db",
   "# docker-compose.prod.yml\nservices:\n  db:\n    environment:\n      POSTGRES_USER: listmonk\n      POSTGRES_PASSWORD: «S»\n      POSTGRES_DB: listmonk",
   "pw", "# docker-compose.prod.yml")
_T(_g, "serverless-yml-provider-environment",
   "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    ITERABLE_API_KEY: «S»\n    STAGE: ${sls:stage}",
   "hex32", "runtime: nodejs20.x")
_T(_g, "netlify-toml-context-env",
   "[build]\n  command = \"npm run build\"\n\n[context.production.environment]\n  HUBSPOT_PRIVATE_APP_TOKEN = \"«S»\"\n  NEXT_PUBLIC_HS_PORTAL = \"«num»\"",
   "hubspot", "command = \"npm run build\"")
_T(_g, "fly-toml-env-section",
   "app = \"«app»\"\nprimary_region = \"fra\"\n\n[env]\n  SMTP_HOST = \"«mx»\"\n  SMTP_PASSWORD = \"«S»\"",
   "pw", "primary_region = \"fra\"")
_T(_g, "render-yaml-envvars-value",
   "services:\n  - type: worker\n    name: «app»\n    envVars:\n      - key: RESEND_API_KEY\n        value: «S»\n      - key: NODE_VERSION\n        value: 20",
   "resend", "- type: worker")
_T(_g, "heroku-app-json-env-value",
   "{\n  \"name\": \"«app»\",\n  \"env\": {\n    \"MAILGUN_SMTP_PASSWORD\": { \"value\": \"«S»\" },\n    \"MAILGUN_SMTP_LOGIN\": { \"value\": \"postmaster@mg.«dom»\" }\n  }\n}",
   "pw", "\"MAILGUN_SMTP_LOGIN\"")
_T(_g, "cloudformation-parameter-default-noecho",
   "Parameters:\n  SesSmtpPassword:\n    Type: String\n    NoEcho: true\n    Default: «S»\n  SenderDomain:\n    Type: String\n    Default: «dom»",
   "ses_smtp", "SenderDomain:")
_T(_g, "terraform-variable-default-key",
   "variable \"fcm_server_key\" {\n  type      = string\n  sensitive = true\n  default   = \"«S»\"\n}",
   "fcm_legacy", "variable \"fcm_server_key\"")
_T(_g, "ecs-task-definition-environment",
   "\"containerDefinitions\": [{\n  \"name\": \"capi-relay\",\n  \"image\": \"«big».dkr.ecr.«region».amazonaws.com/capi-relay:«sha7»\",\n  \"environment\": [\n    {\"name\": \"TIKTOK_ACCESS_TOKEN\", \"value\": \"«S»\"},\n    {\"name\": \"PIXEL_CODE\", \"value\": \"C«keyid»«keyid2»\"}\n  ]\n}]",
   "tiktok", "\"name\": \"capi-relay\"")
_T(_g, "nomad-job-env-stanza",
   "task \"bounce-proc\" {\n  driver = \"docker\"\n  env {\n    IMAP_HOST     = \"imap.«dom»\"\n    IMAP_PASSWORD = \"«S»\"\n  }\n}",
   "pw", "driver = \"docker\"")
_T(_g, "ansible-inventory-ansible-password",
   "[mta]\n«mx» ansible_host=«ip» ansible_user=deploy ansible_password=«S»\n«mx2» ansible_host=«ip2» ansible_user=deploy",
   "pwu", "[mta]")
_T(_g, "capistrano-default-env-hash",
   "set :default_env, {\n  'RAILS_ENV' => 'production',\n  'SMTP_PASSWORD' => '«S»'\n}",
   "pw", "'RAILS_ENV' => 'production'")
_T(_g, "fastlane-env-password-assignment",
   "# fastlane/Fastfile\nENV[\"FASTLANE_USER\"] = \"«email»\"\nENV[\"FASTLANE_PASSWORD\"] = \"«S»\"\nlane :push_cert do\n  get_push_certificate(app_identifier: \"com.«org».app\")\nend",
   "pw", "lane :push_cert do")
_T(_g, "fastlane-match-password-env",
   "# .env.ci\nMATCH_GIT_URL=git@github.com:«org»/certs.git\nMATCH_PASSWORD=«S»\nMATCH_TYPE=appstore",
   "pw", "MATCH_TYPE=appstore")
_T(_g, "codemagic-yaml-vars",
   "workflows:\n  ios-release:\n    environment:\n      vars:\n        APNS_KEY_ID: «keyid»\n        APNS_P12_PASSWORD: «S»\n      xcode: latest",
   "pw", "ios-release:")
_T(_g, "bitrise-yml-envs",
   "app:\n  envs:\n  - BITRISE_PROJECT_PATH: android\n  - FCM_SERVER_KEY: «S»\n    opts:\n      is_expand: false",
   "fcm_legacy", "BITRISE_PROJECT_PATH: android")
_T(_g, "cloudbuild-yaml-set-env-vars",
   "steps:\n- name: gcr.io/google.com/cloudsdktool/cloud-sdk\n  args: ['gcloud', 'run', 'deploy', '«app»', '--region=europe-west1',\n         '--set-env-vars=BRAZE_API_KEY=«S»']",
   "uuid", "gcr.io/google.com/cloudsdktool/cloud-sdk")
_T(_g, "gcloud-run-deploy-set-env-vars-cli",
   "gcloud run deploy «app» --image europe-docker.pkg.dev/«app»/svc/«app»:«sha7» \\\n  --set-env-vars=MAILJET_API_KEY=«h32»,MAILJET_SECRET_KEY=«S» --region europe-west1",
   "hex32", "gcloud run deploy «app»")
_T(_g, "kustomize-secret-generator-literals",
   "secretGenerator:\n  - name: esp-credentials\n    literals:\n      - KLAVIYO_PRIVATE_KEY=«S»\n      - KLAVIYO_PUBLIC_KEY=«site»",
   "klaviyo", "- name: esp-credentials")
_T(_g, "github-actions-docker-login-echo",
   "      - name: Login to GHCR\n        run: echo \"«S»\" | docker login ghcr.io -u «user» --password-stdin",
   "ghp", "name: Login to GHCR")
_T(_g, "makefile-deploy-target-curl",
   "deploy-templates:\n\t@for f in templates/*.json; do \\\n\t  curl -s -X POST -H 'X-Postmark-Server-Token: «S»' -d @$$f https://api.postmarkapp.com/templates; \\\n\tdone",
   "uuid", "deploy-templates:")
_T(_g, "puppet-manifest-password-param",
   "class { 'postfix::relay':\n  relayhost => '[«mx»]:587',\n  username  => '«user»',\n  password  => '«S»',\n}",
   "pw", "class { 'postfix::relay':")
_T(_g, "chef-attributes-sasl-passwd",
   "default['postfix']['main']['relayhost'] = '[«mx»]:587'\ndefault['postfix']['sasl']['smtp_sasl_user_name'] = '«user»'\ndefault['postfix']['sasl']['smtp_sasl_passwd'] = '«S»'",
   "pw", "default['postfix']['main']['relayhost']")
_T(_g, "salt-pillar-relay-password",
   "postfix:\n  relayhost: '[«mx»]:587'\n  sasl:\n    user: «user»\n    password: «S»",
   "pw", "relayhost: '[«mx»]:587'")
_T(_g, "packer-json-ssh-password",
   "{\n  \"builders\": [{\n    \"type\": \"qemu\",\n    \"ssh_username\": \"packer\",\n    \"ssh_password\": \"«S»\",\n    \"vm_name\": \"pmta-golden-«date»\"\n  }]\n}",
   "pw", "\"ssh_username\": \"packer\"")
_T(_g, "vagrantfile-ssh-password",
   "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"debian/bookworm64\"\n  config.ssh.username = \"vagrant\"\n  config.ssh.password = \"«S»\"\nend",
   "pw", "config.vm.box = \"debian/bookworm64\"")
_T(_g, "workflow-dispatch-input-default",
   "on:\n  workflow_dispatch:\n    inputs:\n      smtp_password:\n        description: 'relay password'\n        default: '«S»'\n        required: true",
   "pw", "description: 'relay password'")
_T(_g, "gitlab-pipeline-trigger-token-curl",
   "curl -X POST --fail -F token=«S» -F ref=main \\\n  https://gitlab.«dom»/api/v4/projects/«num»/trigger/pipeline",
   "glptt", "/trigger/pipeline")
_T(_g, "render-deploy-hook-url-key",
   "# .github/workflows/deploy.yml\n      - run: curl -fsS \"https://api.render.com/deploy/srv-«h16»«site»?key=«S»\"",
   "an20", "# .github/workflows/deploy.yml")
_T(_g, "vercel-deploy-hook-url",
   "DEPLOY_HOOK=https://api.vercel.com/v1/integrations/deploy/prj_«AN»/«S»\ncurl -X POST \"$DEPLOY_HOOK\"",
   "an20", "curl -X POST \"$DEPLOY_HOOK\"")
_T(_g, "sentry-auth-token-release-step",
   "      - name: Create Sentry release\n        env:\n          SENTRY_AUTH_TOKEN: «S»\n          SENTRY_ORG: «org»\n        run: npx @sentry/cli releases new ${{ github.sha }}",
   "sentry", "name: Create Sentry release")
_T(_g, "codecov-token-uuid-env",
   "      - uses: codecov/codecov-action@v4\n        with:\n          token: «S»\n          files: coverage.xml",
   "uuid", "uses: codecov/codecov-action@v4")
_T(_g, "npm-publish-node-auth-token",
   "      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: «S»",
   "npm", "run: npm publish")
_T(_g, "artifactory-api-key-env",
   "ARTIFACTORY_URL=https://«org».jfrog.io/artifactory\nARTIFACTORY_USER=ci-«app»\nARTIFACTORY_API_KEY=«S»",
   "artifactory", "ARTIFACTORY_URL=https://«org».jfrog.io/artifactory")
_T(_g, "sonar-token-scanner-args",
   "sonar-scanner -Dsonar.projectKey=«repo» -Dsonar.host.url=https://sonar.«idom» -Dsonar.token=«S»",
   "sonar", "-Dsonar.projectKey=«repo»")
_T(_g, "k8s-configmap-secret-in-wrong-place",
   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: «app»-env\ndata:\n  ESP_PROVIDER: mailgun\n  MAILGUN_API_KEY: «S»",
   "mailgun", "kind: ConfigMap")
_T(_g, "azure-app-settings-json",
   "[\n  { \"name\": \"SendGridKey\", \"value\": \"«S»\", \"slotSetting\": false },\n  { \"name\": \"WEBSITE_RUN_FROM_PACKAGE\", \"value\": \"1\", \"slotSetting\": false }\n]",
   "sendgrid", "\"WEBSITE_RUN_FROM_PACKAGE\"")
_T(_g, "aws-ssm-put-parameter-ci",
   "aws ssm put-parameter --name /mailops/prod/mailgun_api_key --type SecureString --overwrite --value «S»",
   "mailgun", "aws ssm put-parameter --name /mailops/prod/mailgun_api_key")
_T(_g, "teamcity-param-xml",
   "<parameters>\n  <param name=\"env.SMTP_HOST\" value=\"«mx»\" />\n  <param name=\"env.SMTP_PASS\" value=\"«S»\" />\n</parameters>",
   "pw", "<param name=\"env.SMTP_HOST\" value=\"«mx»\" />")
_T(_g, "gradle-properties-repo-password",
   "# ~/.gradle/gradle.properties on the CI agent\nnexusUsername=ci-deploy\nnexusPassword=«S»\norg.gradle.jvmargs=-Xmx2g",
   "pw", "nexusUsername=ci-deploy")
_T(_g, "maven-settings-xml-server",
   "<servers>\n  <server>\n    <id>nexus-releases</id>\n    <username>deploy</username>\n    <password>«S»</password>\n  </server>\n</servers>",
   "pw", "<id>nexus-releases</id>")
_T(_g, "android-signing-config-store-password",
   "signingConfigs {\n    release {\n        storeFile file(\"keystore/push-app.jks\")\n        storePassword \"«S»\"\n        keyAlias \"upload\"\n        keyPassword System.getenv(\"KEY_PASSWORD\")\n    }\n}",
   "pw", "storeFile file(\"keystore/push-app.jks\")")
_T(_g, "eas-secret-create-command",
   "eas secret:create --scope project --name ONESIGNAL_REST_KEY --value «S» --type string",
   "onesignal_v2", "eas secret:create --scope project --name ONESIGNAL_REST_KEY")
_T(_g, "firebase-token-gitlab-variable",
   "deploy_functions:\n  stage: deploy\n  variables:\n    FIREBASE_TOKEN: \"«S»\"\n  script:\n    - firebase deploy --only functions --non-interactive",
   "grefresh", "deploy_functions:")
_T(_g, "helmfile-values-inline-set",
   "releases:\n  - name: «app»\n    chart: ./charts/«app»\n    set:\n      - name: env.META_CAPI_TOKEN\n        value: «S»",
   "meta", "chart: ./charts/«app»")
_T(_g, "github-actions-services-postgres-password",
   "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: «S»\n        ports: ['5432:5432']",
   "pw", "image: postgres:16")
_T(_g, "deploy-script-scp-with-sshpass",
   "#!/bin/sh\n# deploy.sh – push pmta config\nsshpass -p «S» scp config/pmta.conf deploy@«mx»:/etc/pmta/config\nssh deploy@«mx» 'pmta reload'",
   "pwu", "# deploy.sh – push pmta config")
_T(_g, "doppler-service-token-ci",
   "      - name: Fetch secrets\n        run: doppler secrets download --no-file --format env > .env\n        env:\n          DOPPLER_TOKEN: «S»",
   "doppler", "doppler secrets download --no-file --format env")
_T(_g, "heroku-api-key-ci-env",
   "  release:\n    script:\n      - git push https://heroku:$HEROKU_API_KEY@git.heroku.com/«app».git HEAD:main\n    variables:\n      HEROKU_API_KEY: «S»",
   "heroku", "git.heroku.com/«app».git")
_T(_g, "datadog-api-key-agent-install",
   "DD_API_KEY=«S» DD_SITE=\"datadoghq.eu\" bash -c \"$(curl -L https://install.datadoghq.com/scripts/install_script_agent7.sh)\"",
   "datadog", "DD_SITE=\"datadoghq.eu\"")
_T(_g, "docker-hub-pat-login-ci",
   "      - run: docker login -u «user» -p «S»\n      - run: docker push «org»/«app»:${{ github.sha }}",
   "docker_pat", "docker push «org»/«app»")


# ========================================================== vendor-token ====
_g = "vendor-token"
_T(_g, "mailchimp-marketing-api-key",
   "Mailchimp › Account › Extras › API keys\nLabel: audience-sync («person»)\nKey: «S»\nCreated: «date»",
   "mailchimp", "Mailchimp › Account › Extras › API keys")
_T(_g, "mailchimp-transactional-md-key",
   "Mandrill / Mailchimp Transactional key for receipts: «S»",
   "mandrill", "Mailchimp Transactional key for receipts")
_T(_g, "sendgrid-full-access-key",
   "SendGrid API key (Full Access, created by «person»): «S»",
   "sendgrid", "SendGrid API key (Full Access")
_T(_g, "mailgun-private-api-key",
   "Mailgun › API Security › Private API key → «S» (domain mg.«dom»)",
   "mailgun", "Mailgun › API Security")
_T(_g, "mailgun-legacy-key-dash",
   "old mailgun key still referenced by the cron box: «S»",
   "mailgun_old", "still referenced by the cron box")
_T(_g, "mailgun-webhook-signing-key",
   "Mailgun HTTP webhook signing key: «S»  (used to verify the signature on /hooks/mailgun)",
   "hex32", "used to verify the signature on /hooks/mailgun")
_T(_g, "postmark-server-api-token",
   "Postmark › Servers › «app» › API Tokens\nServer API token: «S»",
   "uuid", "Postmark › Servers › «app» › API Tokens")
_T(_g, "postmark-account-api-token",
   "X-Postmark-Account-Token: «S»",
   "uuid", "X-Postmark-Account-Token")
_T(_g, "brevo-v3-api-key",
   "Brevo (ex-Sendinblue) v3 key «S»",
   "brevo", "Brevo (ex-Sendinblue) v3 key")
_T(_g, "brevo-smtp-key",
   "Brevo SMTP relay: smtp-relay.brevo.com:587, login «email», SMTP key «S»",
   "brevo_smtp", "smtp-relay.brevo.com:587")
_T(_g, "klaviyo-private-api-key",
   "Klaviyo private key (scopes: profiles:write, lists:read): «S» — public site id is «site»",
   "klaviyo", "public site id is «site»")
_T(_g, "hubspot-private-app-token",
   "HubSpot private app \"crm-import\" access token: «S»",
   "hubspot", "HubSpot private app \"crm-import\"")
_T(_g, "hubspot-developer-api-key",
   "HubSpot developer account «num» — developer API key (hapikey) «S»",
   "uuid", "developer API key (hapikey)")
_T(_g, "marketo-client-secret",
   "Marketo LaunchPoint service «app»: Client Id «uuid» / Client Secret «S» / Munchkin «munchkin»",
   "an32", "Marketo LaunchPoint service")
_T(_g, "marketo-access-token-bearer",
   "Authorization: Bearer «S»",
   "marketo_tok", "Authorization: Bearer")
_T(_g, "iterable-server-side-api-key",
   "Iterable project «num» server-side key «S» (type: Standard)",
   "hex32", "(type: Standard)")
_T(_g, "customerio-app-api-key",
   "Customer.io App API key: «S»",
   "hex32", "Customer.io App API key")
_T(_g, "customerio-track-site-key-pair",
   "Customer.io Track API — site id «h20», api key «S»",
   "hex20", "Customer.io Track API")
_T(_g, "braze-rest-api-key",
   "Braze REST API key «S» (permissions: users.track, campaigns.trigger.send) on rest.iad-01.braze.com",
   "uuid", "on rest.iad-01.braze.com")
_T(_g, "twilio-auth-token-pair",
   "TWILIO_ACCOUNT_SID=«twsid»\nTWILIO_AUTH_TOKEN=«S»",
   "twilio_tok", "TWILIO_ACCOUNT_SID=«twsid»")
_T(_g, "twilio-api-key-sid-secret",
   "Twilio API key SK«h32» secret: «S»",
   "an32", "Twilio API key SK«h32»")
_T(_g, "vonage-api-key-secret",
   "Vonage/Nexmo: api_key «h8» api_secret «S»",
   "vonage", "Vonage/Nexmo: api_key «h8»")
_T(_g, "plivo-auth-id-token",
   "PLIVO_AUTH_ID=MA«AU»\nPLIVO_AUTH_TOKEN=«S»",
   "plivo", "PLIVO_AUTH_ID=MA«AU»")
_T(_g, "telnyx-api-key-v2",
   "Telnyx API v2 key: «S»",
   "telnyx", "Telnyx API v2 key")
_T(_g, "messagebird-live-access-key",
   "MessageBird live access key «S» (test key is in staging vault)",
   "messagebird", "(test key is in staging vault)")
_T(_g, "fcm-legacy-server-key",
   "Firebase › Project settings › Cloud Messaging › Server key\n«S»",
   "fcm_legacy", "Cloud Messaging › Server key")
_T(_g, "onesignal-rest-api-key-v2",
   "OneSignal app «uuid» REST API key: «S»",
   "onesignal_v2", "OneSignal app «uuid» REST API key")
_T(_g, "onesignal-legacy-basic-key",
   "Authorization: Basic «S»   # OneSignal legacy REST key",
   "onesignal_old", "# OneSignal legacy REST key")
_T(_g, "airship-master-secret",
   "Airship app key «AS» / master secret «S»",
   "airship", "Airship app key «AS»")
_T(_g, "expo-access-token",
   "EXPO_ACCESS_TOKEN=«S»",
   "expo", "EXPO_ACCESS_TOKEN")
_T(_g, "pusher-app-secret",
   "Pusher Channels app_id=«num» key=«h20» secret=«S» cluster=eu",
   "pusher", "cluster=eu")
_T(_g, "ably-root-api-key",
   "Ably root key: «S»",
   "ably", "Ably root key")
_T(_g, "google-ads-developer-token",
   "Google Ads API Center → Developer token (Basic access): «S»",
   "gads_dev", "Google Ads API Center")
_T(_g, "google-oauth-client-secret",
   "OAuth client «n3»«h8»-«h16».apps.googleusercontent.com, secret «S»",
   "gocspx", "apps.googleusercontent.com")
_T(_g, "google-oauth-refresh-token",
   "refresh token for ads-reporting@«dom»: «S»",
   "grefresh", "refresh token for ads-reporting@«dom»")
_T(_g, "google-api-key-aiza",
   "YouTube Data API key for the creative-stats job: «S»",
   "aiza", "YouTube Data API key")
_T(_g, "google-access-token-ya29",
   "Bearer «S»",
   "ya29", "Bearer")
_T(_g, "meta-system-user-token",
   "Meta Business Manager › System users › capi-relay › token: «S»",
   "meta", "Meta Business Manager › System users")
_T(_g, "meta-app-secret",
   "Meta app «big» App Secret «S»",
   "hex32", "Meta app «big» App Secret")
_T(_g, "tiktok-business-access-token",
   "TikTok for Business long-term access token (advertiser «ttadv»): «S»",
   "tiktok", "TikTok for Business long-term access token")
_T(_g, "pinterest-access-token",
   "Pinterest conversions token: «S»",
   "pinterest", "Pinterest conversions token")
_T(_g, "linkedin-marketing-access-token",
   "LinkedIn Marketing API token (r_ads_reporting, rw_conversions): «S»",
   "linkedin", "LinkedIn Marketing API token")
_T(_g, "x-ads-bearer-token",
   "X (Twitter) Ads bearer: «S»",
   "xbearer", "X (Twitter) Ads bearer")
_T(_g, "snapchat-capi-token-jwt",
   "Snap Conversions API token for pixel «uuid»: «S»",
   "jwt", "Snap Conversions API token")
_T(_g, "amazon-ads-refresh-token",
   "Amazon Ads (LwA) refresh token → «S»",
   "amzn_refresh", "Amazon Ads (LwA) refresh token")
_T(_g, "lwa-client-secret",
   "LwA security profile: client id amzn1.application-oa2-client.«h32», client secret «S»",
   "lwa_secret", "LwA security profile")
_T(_g, "microsoft-ads-azure-client-secret",
   "Microsoft Advertising app registration «uuid» — client secret value «S» (expires «date»)",
   "azsecret", "Microsoft Advertising app registration")
_T(_g, "trade-desk-api-token",
   "TTD-Auth: «S»",
   "ttd", "TTD-Auth")
_T(_g, "impact-account-sid-auth-token",
   "impact.com API: Account SID «IR», Auth Token «S»",
   "impact", "impact.com API: Account SID «IR»")
_T(_g, "cj-personal-access-token",
   "CJ Affiliate personal access token: «S»",
   "cj", "CJ Affiliate personal access token")
_T(_g, "segment-server-write-key",
   "Segment source «app» (server) write key «S»",
   "segment", "Segment source «app» (server)")
_T(_g, "mixpanel-api-secret",
   "Mixpanel project «num» API secret: «S»",
   "hex32", "Mixpanel project «num» API secret")
_T(_g, "amplitude-secret-key",
   "Amplitude: API key «h32» / secret key «S»",
   "hex32", "Amplitude: API key «h32»")
_T(_g, "ga4-measurement-protocol-secret",
   "GA4 stream G-«keyid» Measurement Protocol API secret «S»",
   "ga4", "GA4 stream G-«keyid»")
_T(_g, "salesforce-session-access-token",
   "Salesforce access token: «S»",
   "sf_token", "Salesforce access token")
_T(_g, "salesforce-connected-app-consumer-secret",
   "Connected App \"Marketing Sync\" consumer key 3MVG9«AN»«AN2», consumer secret «S»",
   "sf_secret", "Connected App \"Marketing Sync\"")
_T(_g, "salesforce-refresh-token",
   "SF refresh_token=«S»",
   "sf_refresh", "SF refresh_token")
_T(_g, "intercom-access-token",
   "Intercom access token for the support-to-CRM bridge: «S»",
   "intercom", "support-to-CRM bridge")
_T(_g, "zendesk-api-token",
   "Zendesk API token for «email»/token: «S»",
   "zendesk", "Zendesk API token for «email»/token")
_T(_g, "slack-bot-token",
   "deliverability-bot token: «S»",
   "slack_bot", "deliverability-bot token")
_T(_g, "slack-user-token",
   "Slack user token (for the export script): «S»",
   "slack_user", "Slack user token")
_T(_g, "slack-incoming-webhook-url",
   "https://hooks.slack.com/services/T«keyid»/B«team»/«S»",
   "slack_hook", "hooks.slack.com/services")
_T(_g, "discord-webhook-url",
   "https://discord.com/api/webhooks/«big»«n3»/«S»",
   "discord_hook", "discord.com/api/webhooks")
_T(_g, "github-classic-pat",
   "GitHub PAT (repo, workflow) for the template publisher: «S»",
   "ghp", "for the template publisher")
_T(_g, "github-fine-grained-pat",
   "fine-grained PAT scoped to «org»/«repo»: «S»",
   "gh_fine", "fine-grained PAT scoped to «org»/«repo»")
_T(_g, "gitlab-personal-access-token",
   "GitLab PAT: «S»",
   "glpat", "GitLab PAT")
_T(_g, "npm-automation-token",
   "npm automation token for @«org»/email-components: «S»",
   "npm", "npm automation token")
_T(_g, "aws-access-key-pair",
   "AWS key for ses-sender: «AK» / «S»",
   "aws_secret", "AWS key for ses-sender")
_T(_g, "ses-smtp-credentials",
   "SES SMTP credentials («region»): username «AK», password «S»",
   "ses_smtp", "SES SMTP credentials")
_T(_g, "sparkpost-api-key",
   "SparkPost key «S» (Transmissions: Read/Write)",
   "sparkpost", "(Transmissions: Read/Write)")
_T(_g, "mailjet-key-secret-pair",
   "MJ_APIKEY_PUBLIC=«h32»\nMJ_APIKEY_PRIVATE=«S»",
   "hex32", "MJ_APIKEY_PUBLIC=«h32»")
_T(_g, "resend-api-key",
   "Resend key (sending access, domain «dom»): «S»",
   "resend", "Resend key (sending access")
_T(_g, "openai-project-key",
   "OpenAI key used by the subject-line generator: «S»",
   "openai", "subject-line generator")
_T(_g, "anthropic-api-key",
   "ANTHROPIC_API_KEY=«S»",
   "anthropic", "ANTHROPIC_API_KEY")
_T(_g, "shopify-admin-api-token",
   "Shopify custom app \"klaviyo-bridge\" Admin API access token: «S»",
   "shopify", "Shopify custom app \"klaviyo-bridge\"")
_T(_g, "stripe-restricted-key",
   "Stripe restricted key (read charges, for LTV audiences): «S»",
   "stripe_rk", "for LTV audiences")
_T(_g, "datadog-api-key",
   "DD_API_KEY «S»",
   "datadog", "DD_API_KEY")
_T(_g, "webhook-signing-secret-whsec",
   "Resend webhook signing secret: «S»",
   "whsec", "Resend webhook signing secret")
_T(_g, "apns-auth-key-p8",
   "APNs auth key «keyid» (team «team»):\n-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----",
   "pem_ec", "APNs auth key «keyid» (team «team»)")
_T(_g, "generic-jwt-bearer-capi-gateway",
   "capi-gateway service JWT: «S»",
   "jwt", "capi-gateway service JWT")


# ============================================== benign look-alike values ====
_SUBJECTS = ["Your March newsletter is here", "Last chance: 30% off ends tonight",
             "Welcome to the club", "Your order has shipped", "Wir vermissen dich",
             "Votre panier vous attend", "Tu pedido está en camino",
             "Reminder: webinar starts in 1 hour", "Your invoice for April",
             "New arrivals picked for you", "Confirm your subscription",
             "お買い物かごに商品が残っています", "Ваш заказ отправлен",
             "Price drop on items you viewed", "Your weekly deliverability report"]


def _fp(n=32):
    return ":".join(_s(_HEXU, 2) for _ in range(n))


_G.update({
    "subj": lambda: _ch(_SUBJECTS),
    "b64subj": lambda: _b64e(_ch(_SUBJECTS) + _ch(["", " ", "!", " :)", " 🎉", "?"]) + str(_R.randint(0, 99))),
    "b64html": lambda: _b64e("<p>Hi %s, here is your %s summary for week %d.</p>" % (_ch(_PEOPLE), _ch(["weekly", "monthly", "campaign"]), _R.randint(1, 52))),
    "dkimb": lambda: _wrap(_b64(256), 76).replace("\n", "\n\t "),
    "bh": lambda: _b64(32),
    "pub": lambda: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _b64(270)[44:] + "IDAQAB",
    "pub1k": lambda: "MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ" + _b64(120)[38:] + "IDAQAB",
    "fp": lambda: _fp(32),
    "fp1": lambda: _fp(20),
    "sshfp": lambda: "SHA256:" + _b64(32).rstrip("="),
    "edpub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64(32)[:43],
    "integ": lambda: "sha512-" + _b64(64),
    "gosum": lambda: "h1:" + _b64(32),
    "gclid": lambda: "Cj0KCQjw" + _s(_B64U, 80) + "BwE",
    "fbclid": lambda: "IwAR" + _s(_B64U, 58),
    "ttclid": lambda: "E.C.P." + _s(_B64U, 60),
    "ulid": lambda: "01H" + _s("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23),
    "sesmid": lambda: "0100018e%s-%s-%s-%s-%s-000000" % (_s(_HEX, 8), _s(_HEX, 8), _s(_HEX, 4), _s(_HEX, 4), _s(_HEX, 12)),
    "fbtrace": lambda: "A" + _s(_B64U, 22),
    "sgmid": lambda: _s(_B64U, 22) + ".filterdrecv-" + _s(_HEX, 10) + "-" + _s(_ANL, 5) + "-1-" + _s(_HEXU, 8) + "-" + str(_R.randint(1, 40)) + "-0",
    "eximid": lambda: _s(_AN, 6) + "-" + _s(_AN, 6) + "-" + _s(_AN, 2),
    "msid": lambda: "SM" + _s(_HEX, 32),
    "mgsid": lambda: "MG" + _s(_HEX, 32),
    "fcmid": lambda: "projects/%s/messages/0:%d%%%s" % (_ch(_APPS), _R.randint(10 ** 15, 10 ** 16), _s(_HEX, 16)),
    "sfid": lambda: "00D" + _s(_AN, 12),
    "slackch": lambda: "C0" + _s(_ANU, 9),
    "mask4": lambda: _s(_AN, 4),
    "ver2": lambda: "%d.%d" % (_R.randint(1, 9), _R.randint(0, 40)),
    "b64word": lambda: _b64e(_ch(_WORDS) + "-" + _ch(_LISTS)),
    "nonce": lambda: _b64(16),
    "etag": lambda: _s(_HEX, 32),
    "spanid": lambda: _s(_HEX, 16),
    "traceid": lambda: _s(_HEX, 32),
    "runid": lambda: str(_R.randint(10 ** 9, 10 ** 10)),
    "sha1": lambda: _s(_HEX, 40),
    "md5": lambda: _s(_HEX, 32),
    "crc": lambda: _s(_HEX, 8),
    "arnsfx": lambda: _s(_AN, 6),
    "acct": lambda: str(_R.randint(10 ** 11, 10 ** 12 - 1)),
    "aida": lambda: "AIDA" + _s(_ANU, 17),
    "aroa": lambda: "AROA" + _s(_ANU, 17),
    "kid": lambda: _s(_HEX, 40),
    "pklive": lambda: "pk_live_51" + _s(_AN, 97),
    "recap": lambda: "6L" + _s(_B64U, 38),
    "hsportal": lambda: str(_R.randint(10 ** 6, 10 ** 8)),
    "lipid": lambda: str(_R.randint(10 ** 6, 10 ** 7)),
    "ttpixel": lambda: "C" + _s(_ANU, 19),
    "mcaud": lambda: _s(_HEX, 10),
    "webid": lambda: str(_R.randint(10 ** 5, 10 ** 8)),
    "small": lambda: str(_R.randint(1, 99)),
    "rid": lambda: str(_R.randint(10 ** 17, 10 ** 18)) + _s(_ANU, 6),
})


# ================================================================ BENIGN ====
_BT = []


def _B(*tpls):
    _BT.extend(tpls)


# --- commands with no credential ---------------------------------------
_B("$ git log --oneline -3\n«sha7» fix(dkim): rotate selector to «sel» for «dom»\n«sha72» chore: bump haraka to «ver»\n«sha73» feat(bounce): parse 5.7.26 DMARC rejects",
   "$ git rev-parse HEAD\n«sha»",
   "$ sha256sum PowerMTA-«ver».x86_64.rpm\n«sha256»  PowerMTA-«ver».x86_64.rpm",
   "$ docker pull ghcr.io/«org»/«app»@sha256:«sha256»",
   "curl -s --user \"api:$MAILGUN_API_KEY\" https://api.mailgun.net/v3/mg.«dom»/events?event=failed&limit=300",
   "psql \"postgresql://«user»@«dbh»:5432/«db»?sslmode=verify-full\"   # password comes from ~/.pgpass",
   "mysql -h «dbh» -u «user» -p «db»   # prompts for the password",
   "swaks --to «email» --server «mx»:587 --auth-user «user» --auth-password \"$(pass show relay/«mx»)\" --tls",
   "kubectl -n «ns» create secret generic esp-keys --from-file=api-key=./sendgrid.key --dry-run=client -o yaml > esp-keys.yaml",
   "export SENDGRID_API_KEY=\"$(op read 'op://Marketing/SendGrid prod/credential')\"",
   "vault kv get -field=api_key secret/mailops/brevo > /dev/null && echo present",
   "opendkim-genkey -b 2048 -h rsa-sha256 -r -d «dom» -s «sel» -D /etc/opendkim/keys/«dom»/",
   "$ echo -n '«subj»' | base64\n«b64subj»",
   "openssl rand -hex 32 > /run/secrets/unsub_hmac_key && chmod 400 /run/secrets/unsub_hmac_key",
   "sudo htpasswd -B /etc/pmta/http-mgmt.htpasswd «user»   # enter the password at the prompt",
   "curl -sS https://api.hubapi.com/crm/v3/objects/contacts/«num» -H \"Authorization: Bearer ${HUBSPOT_TOKEN}\"",
   "$ md5sum «file»\n«md5»  «file»",
   "aws s3 cp s3://«bucket»/exports/«date»/«file» ./ --profile readonly",
   "gh secret set KLAVIYO_PRIVATE_KEY < ./klaviyo.key   # value read from file, not echoed",
   "docker login ghcr.io -u «user» --password-stdin < ~/.config/ghcr_token",
   "read -rs SMTP_PASS && export SMTP_PASS   # typed interactively",
   "curl -H \"api-key: <your-brevo-api-key>\" https://api.brevo.com/v3/account",
   "git commit -m \"remove hardcoded Klaviyo key (rotated, see INC-«num»)\"",
   "grep -rEn '(api[_-]?key|password|secret)' config/ --include='*.yml' | grep -v '\\${'",
   "postmap hash:/etc/postfix/sasl_passwd && postconf -n | grep sasl",
   "dig +short TXT «sel»._domainkey.«dom»",
   "ssh-keygen -t ed25519 -C \"deploy@«mx»\" -f ~/.ssh/mta_deploy_ed25519 -N ''",
   "certbot certonly --dns-route53 -d mail.«dom» -d mta-sts.«dom»",
   "gpg --recv-keys «kid»",
   "npm install @sendgrid/mail@«ver» --save-exact",
   "TOKEN=$(gcloud auth print-access-token) && curl -H \"Authorization: Bearer $TOKEN\" https://googleads.googleapis.com/v16/customers:listAccessibleCustomers",
   "terraform state show 'mailgun_domain.mg' | grep -v smtp_password",
   "python3 -c 'import secrets; print(len(secrets.token_urlsafe(32)))'",
   "kubectl rollout restart deploy/«app» -n «ns»",
   "echo \"$DKIM_PRIVATE_KEY\" | wc -c",
   )

# --- tool output with no credential ------------------------------------
_B("$ kubectl describe secret esp-keys -n «ns»\nName:         esp-keys\nNamespace:    «ns»\nType:  Opaque\n\nData\n====\nMAILGUN_API_KEY:  50 bytes\nMAILGUN_DOMAIN:   «num» bytes",
   "$ kubectl get secrets -n «ns»\nNAME              TYPE                             DATA   AGE\nesp-keys          Opaque                           2      «small»d\nrelay-auth        kubernetes.io/basic-auth         2      41d\nregistry-pull     kubernetes.io/dockerconfigjson   1      «n3»d",
   "$ gh secret list --repo «org»/«repo»\nKLAVIYO_PRIVATE_KEY   Updated «date»\nMAILGUN_API_KEY       Updated «date2»\nSLACK_WEBHOOK_URL     Updated «date3»",
   "$ terraform output\nbrevo_smtp_key = <sensitive>\nsending_domain = \"«dom»\"\nspf_record = \"v=spf1 include:spf.brevo.com ~all\"",
   "$ vercel env ls\n name                 value       environments   created\n BREVO_API_KEY        Encrypted   Production     «small»d ago\n NEXT_PUBLIC_GTM_ID   Encrypted   Production     «small2»d ago",
   "$ aws sts get-caller-identity\n{\n    \"UserId\": \"«aida»\",\n    \"Account\": \"«acct»\",\n    \"Arn\": \"arn:aws:iam::«acct»:user/ses-sender\"\n}",
   "$ aws secretsmanager list-secrets --query 'SecretList[].Name'\n[\n    \"prod/ses-smtp\",\n    \"prod/klaviyo\",\n    \"prod/meta-capi\"\n]",
   "$ gcloud secrets list --project=«app»\nNAME                   CREATED              REPLICATION_POLICY  LOCATIONS\nfcm-service-account    «date»T10:00:00      automatic           -\ntiktok-events-token    «date2»T09:12:44     automatic           -",
   "$ dig +short TXT «sel»._domainkey.«dom»\n\"v=DKIM1; k=rsa; p=«pub1k»\"",
   "$ dig +short TXT _dmarc.«dom»\n\"v=DMARC1; p=quarantine; pct=«small»; rua=mailto:dmarc@«dom»; ruf=mailto:forensic@«dom»; fo=1\"",
   "$ dig +short TXT «dom»\n\"v=spf1 ip4:«pubip»/32 include:_spf.«dom» include:mailgun.org ~all\"\n\"google-site-verification=«b64word»\"",
   "$ openssl x509 -in /etc/ssl/mail.«dom».crt -noout -fingerprint -sha256\nsha256 Fingerprint=«fp»",
   "$ ssh-keygen -lf ~/.ssh/mta_deploy_ed25519.pub\n256 «sshfp» deploy@«mx» (ED25519)",
   "$ cat ~/.ssh/mta_deploy_ed25519.pub\nssh-ed25519 «edpub» deploy@«mx»",
   "$ postqueue -p | head -4\n-Queue ID-  --Size-- ----Arrival Time---- -Sender/Recipient-------\n«qid»*    «num» Thu Mar 14 10:15:32  «mbox»\n                                         «email»",
   "$ pmta show queue --maxitems=2\n«dom»/pool-«camp»    rcpt: «num»  recs: «n3»  conn: 4/20  paused: no\ngmail.com/pool-«camp»  rcpt: «num2»  recs: «n32»  conn: 18/20  paused: no",
   "$ docker images --digests | grep «app»\n«org»/«app»   «ver»   sha256:«sha256»   «h12»   3 days ago   182MB",
   "$ pip freeze | grep -i -E 'sendgrid|klaviyo'\nklaviyo-api==«ver»\nsendgrid==«ver2».0",
   "HTTP/2 202\ndate: Thu, 14 Mar 2024 10:15:32 GMT\nx-message-id: «sgmid»\nx-request-id: «uuid»",
   "HTTP/1.1 401 Unauthorized\nContent-Type: application/json\n\n{\"message\":\"Invalid API key. Check the key and try again.\",\"code\":\"unauthorized\"}",
   "{\n  \"MessageId\": \"«sesmid»\"\n}",
   "{\"sid\": \"«msid»\", \"status\": \"queued\", \"messaging_service_sid\": \"«mgsid»\", \"num_segments\": \"1\"}",
   "{\n  \"name\": \"«fcmid»\"\n}",
   "{\"events_received\": «n3», \"messages\": [], \"fbtrace_id\": \"«fbtrace»\"}",
   "{\"code\": 0, \"message\": \"OK\", \"request_id\": \"«rid»\", \"data\": {\"list\": []}}",
   "{\"id\": \"«uuid»\", \"recipients\": «num», \"external_id\": null}",
   "{\"results\":[{\"resourceName\":\"customers/«gcidn»/campaigns/«big»\"}]}",
   "{\n  \"id\": \"«mcaud»\",\n  \"web_id\": «webid»,\n  \"name\": \"«list»\",\n  \"stats\": {\"member_count\": «num»}\n}",
   "$ op item list --vault Marketing\nID                            TITLE                   VAULT\n«ulid»    Klaviyo Private Key     Marketing\n«ulid2»    Mailchimp prod (owner)  Marketing",
   "$ vault kv metadata get secret/mailops/iterable\n========== Metadata ==========\nKey                Value\n---                -----\ncreated_time       «ts»\ncurrent_version    «small»\nmax_versions       10",
   "$ openssl s_client -connect «mx»:465 -brief </dev/null\nCONNECTION ESTABLISHED\nProtocol version: TLSv1.3\nCiphersuite: TLS_AES_256_GCM_SHA384\nPeer certificate: CN = «mx»\nVerification: OK",
   "apns-id: «uuid»\n:status: 200",
   "$ git show --stat «sha7»\ncommit «sha»\nAuthor: «person» <«email»>\n\n    chore: replace inline credentials with env lookups\n\n config/esp.yml | 4 ++--",
   "$ npm view @sendgrid/mail dist.integrity\n«integ»",
   "$ mailq | tail -1\n-- «num» Kbytes in «n3» Requests.",
   "$ heroku config:get SENDGRID_API_KEY -a «app»-prod | wc -c\n70",
   "$ curl -sI https://links.«dom»/o/«etag» | grep -i etag\netag: \"«etag»\"",
   )

# --- config with placeholders / references -----------------------------
_B("spring:\n  mail:\n    host: «mx»\n    username: «user»\n    password: ${SMTP_PASSWORD}",
   "smtp_sasl_auth_enable = yes\nsmtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nsmtp_tls_security_level = encrypt\nrelayhost = [«mx»]:587",
   "klaviyo:\n  private_key: \"{{ vault('secret/data/marketing/klaviyo').private_key }}\"\n  revision: \"2024-02-15\"",
   "[smtp]\nhost = «mx»:587\nuser = «user»\npassword = $__file{/run/secrets/grafana_smtp_password}",
   "        env:\n          - name: MAILGUN_API_KEY\n            valueFrom:\n              secretKeyRef:\n                name: esp-keys\n                key: MAILGUN_API_KEY",
   "# .env.example\nSENDGRID_API_KEY=your-sendgrid-api-key\nMAIL_FROM=«mbox»\nBREVO_API_KEY=<your-brevo-key>\nTWILIO_AUTH_TOKEN=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
   "MAIL_PASSWORD=\nMAIL_USERNAME=\nMAIL_HOST=«mx»   # fill in locally, never commit",
   "<network host=\"«mx»\" port=\"587\" userName=\"«user»\" password=\"%SMTP_PASSWORD%\" />",
   "# /etc/opendkim/KeyTable\n«sel»._domainkey.«dom» «dom»:«sel»:/etc/opendkim/keys/«dom»/«sel».private",
   "# /etc/opendkim/SigningTable\n*@«dom» «sel»._domainkey.«dom»",
   "<virtual-mta vmta-«num»>\n    smtp-source-host «pubip» mta«num».«dom»\n    domain-key «sel»,«dom»,/etc/pmta/dkim/«dom».«sel».pem\n</virtual-mta>",
   "«sel»._domainkey.«dom».  3600  IN  TXT  \"v=DKIM1; k=rsa; \" \"p=«pub»\"",
   "_dmarc.«dom».  3600  IN  TXT  \"v=DMARC1; p=reject; rua=mailto:dmarc-rua@«dom»; adkim=s; aspf=s\"",
   "«dom».  300  IN  TXT  \"v=spf1 include:sendgrid.net include:spf.mandrillapp.com -all\"",
   "mta-sts.«dom». TXT \"v=STSv1; id=«date»T000000\"",
   "<!-- Google Tag Manager -->\n<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});})(window,document,'script','dataLayer','GTM-«keyid»');</script>",
   "fbq('init', '«pixel»');\nfbq('track', 'PageView');",
   "gtag('config', 'G-«keyid»', { send_page_view: false });",
   "<script async type=\"text/javascript\" src=\"https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=«site»\"></script>",
   "OneSignal.init({ appId: \"«uuid»\", safari_web_id: \"web.onesignal.auto.«uuid2»\" });",
   "ttq.load('«ttpixel»');\nttq.page();",
   "_linkedin_partner_id = \"«lipid»\";",
   "const stripe = Stripe('«pklive»');  // publishable key, safe in the browser",
   "<div class=\"g-recaptcha\" data-sitekey=\"«recap»\"></div>",
   "\"node_modules/@sendgrid/mail\": {\n  \"version\": \"«ver»\",\n  \"resolved\": \"https://registry.npmjs.org/@sendgrid/mail/-/mail-«ver».tgz\",\n  \"integrity\": \"«integ»\"\n}",
   "github.com/emersion/go-smtp v«ver» «gosum»",
   "<script src=\"https://cdn.«dom»/track.js\" integrity=\"sha384-«nonce»«nonce2»\" crossorigin=\"anonymous\"></script>",
   "password_file: /run/secrets/relay_password\nuser: «user»\nhost: «mx»",
   "api_key = env(\"ITERABLE_API_KEY\")\nregion = \"us\"",
   "IMAP_PASSWORD=${IMAP_PASSWORD:?must be set}\nIMAP_USER=«mbox»",
   "[client]\nhost=«dbh»\nuser=«user»\n# password intentionally omitted; use --login-path=crm",
   "requirepass ${REDIS_PASSWORD}\nmaxmemory 2gb",
   "DATABASE_URL=postgres://«user»@«dbh»:5432/«db»?sslmode=require\nPGPASSFILE=/etc/«app»/pgpass",
   "aws_access_key_id = <AWS_ACCESS_KEY_ID>\naws_secret_access_key = <AWS_SECRET_ACCESS_KEY>\nregion = «region»",
   "smtp:\n  user: «user»\n  password: \"********\"   # masked in the UI export",
   "\"private_key_id\": \"«kid»\",\n\"client_email\": \"fcm-sender@«app».iam.gserviceaccount.com\",\n\"client_id\": \"«big»«n3»\"",
   "ios:\n  key_path: /certs/AuthKey_«keyid».p8\n  key_id: «keyid»\n  team_id: «team»\n  key_type: p8",
   "login_customer_id: «gcidn»\ndeveloper_token: INSERT_DEVELOPER_TOKEN_HERE\nuse_proto_plus: True",
   "client_id: «n3»«h8»-«h16».apps.googleusercontent.com\nclient_secret: ${GOOGLE_ADS_CLIENT_SECRET}",
   "lwa_client_id = \"amzn1.application-oa2-client.«h32»\"\nlwa_client_secret = \"{{ lookup('env', 'LWA_CLIENT_SECRET') }}\"",
   "cache:\n  key: deps-«sha256»\n  paths:\n    - .venv/",
   )

# --- source code without credentials -----------------------------------
_B("api_key = os.environ[\"KLAVIYO_PRIVATE_KEY\"]\nclient = KlaviyoAPI(api_key, max_delay=60)",
   "password = getpass.getpass(f\"SMTP password for {user}@{host}: \")",
   "if len(password) < 14 or password.lower() in COMMON_PASSWORDS:\n    raise ValueError(\"password does not meet policy\")",
   "def hash_email(email: str) -> str:\n    return hashlib.sha256(email.strip().lower().encode()).hexdigest()\n\n# hash_email('«email»') == '«sha256»'",
   "user_data = {\"em\": [\"«sha256»\"], \"ph\": [\"«sha2562»\"], \"client_ip_address\": \"«pubip»\", \"fbc\": \"fb.1.«big»000.«fbclid»\"}",
   "CACHE_KEY = f\"tmpl:{template_id}:{hashlib.sha1(html.encode()).hexdigest()}\"\n# e.g. tmpl:«num»:«sha1»",
   "SENDGRID_API_KEY = \"SG.xxxxxxxxxxxxxxxxxxxxxx.yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy\"  # placeholder for docs",
   "TOKEN_HEADER = \"X-Postmark-Server-Token\"\nACCOUNT_HEADER = \"X-Postmark-Account-Token\"",
   "BREVO_KEY_RE = re.compile(r\"xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}\")\nMAILCHIMP_KEY_RE = re.compile(r\"[0-9a-f]{32}-us[0-9]{1,2}\")",
   "claims = jwt.decode(token, options={\"verify_signature\": False})\nlog.debug(\"token kid=%s exp=%s\", header[\"kid\"], claims[\"exp\"])",
   "SECRET_NAME = \"prod/klaviyo\"\nsecret = sm.get_secret_value(SecretId=SECRET_NAME)[\"SecretString\"]",
   "const PIXEL_ID = '«pixel»';\nconst API_VERSION = 'v19.0';\nconst token = process.env.META_CAPI_TOKEN;",
   "request_id = str(uuid.uuid4())  # e.g. «uuid»",
   "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt(rounds=12))",
   "smtp.login(cfg.smtp_user, cfg.smtp_password)  # loaded from Vault at startup",
   "const apiKey = process.env.SPARKPOST_API_KEY;\nif (!apiKey) throw new Error('SPARKPOST_API_KEY is not set');",
   "@Value(\"${brevo.api-key}\")\nprivate String brevoApiKey;",
   "$mail->Password = getenv('SMTP_PASSWORD');",
   "auth := smtp.PlainAuth(\"\", cfg.User, os.Getenv(\"SMTP_PASSWORD\"), cfg.Host)",
   "ETAG = hashlib.md5(body).hexdigest()  # «md5»",
   "def mask(key: str) -> str:\n    return key[:4] + \"…\" + key[-4:]\n\nmask(api_key)  # -> 'xkey…«mask4»'",
   "UNSUB_TOKEN_TTL = timedelta(days=30)\nUNSUB_SECRET = settings.UNSUB_SECRET  # 32 bytes from KMS",
   "assert hmac.compare_digest(expected_sig, request.headers[\"X-Mailgun-Signature\"])",
   "headers = {\"Authorization\": f\"Bearer {access_token}\", \"developer-token\": settings.GADS_DEV_TOKEN}",
   "DEFAULT_PASSWORD_LENGTH = 24\nALPHABET = string.ascii_letters + string.digits + \"-_.!\"",
   "ssl_ctx.load_cert_chain(\"/etc/ssl/push/apns.pem\", keyfile=\"/etc/ssl/push/apns.key\")",
   "-- seed data\nINSERT INTO esp_accounts (provider, api_key_ref) VALUES ('iterable', 'vault:secret/mailops/iterable#api_key');",
   "ALTER ROLE «user» WITH LOGIN PASSWORD NULL;  -- switch to IAM auth",
   "SELECT md5(lower(email)) AS email_md5, «num» AS list_id FROM subscribers LIMIT 10;",
   "test('rejects a missing api key', () => { expect(() => new EspClient('')).toThrow('api key required'); });",
   "fake_key = \"test_\" + \"0\" * 32  # obviously fake, used only in unit tests",
   )

# --- logs without credentials ------------------------------------------
_B("Mar 14 10:15:32 «mx» postfix/smtp[«pid»]: «qid»: to=<«email»>, relay=gmail-smtp-in.l.google.com[142.250.«n3».27]:25, delay=1.2, dsn=2.0.0, status=sent (250 2.0.0 OK  «big» «h16».«num» - gsmtp)",
   "Mar 14 10:15:33 «mx» postfix/smtp[«pid»]: «qid»: to=<«email»>, relay=none, delay=«num», dsn=4.4.1, status=deferred (connect to mx.«dom»[«pubip»]:25: Connection timed out)",
   "Mar 14 10:15:34 «mx» postfix/smtp[«pid»]: «qid»: SASL authentication failed; server «mx2»[«ip»] said: 535 5.7.8 Error: authentication failed",
   "«date» 10:15:32 «eximid» <= «mbox» H=«host» [«ip»] P=esmtpsa X=TLS1.3:TLS_AES_256_GCM_SHA384:256 A=plain:«user» S=«num» id=«h16»@«dom»",
   "«date» 10:15:35 «eximid» ** «email» R=dnslookup T=remote_smtp H=mx.«dom» [«pubip»]: SMTP error from remote mail server after RCPT TO:<«email»>: 550 5.1.1 User unknown",
   "b,«ts»,«ts»,«mbox»,«email»,failed,5.1.1 (bad destination mailbox address),smtp;550 5.1.1 user unknown,«dom»,vmta-«num»,«pubip»",
   "Authorization: Bearer ***REDACTED***",
   "«ts» INFO esp.client POST https://api.sendgrid.com/v3/mail/send headers={'Authorization': '[FILTERED]'} status=202",
   "«ts» DEBUG smtp auth user=«user» password=******** mech=PLAIN result=ok",
   "«ts» INFO request_id=«uuid» route=/v1/conversions status=200 latency_ms=«ms»",
   "traceparent: 00-«traceid»-«spanid»-01",
   "«ts» WARN token expired at «ts2», refreshing via refresh_token grant (client_id=«n3»«h8»-«h16».apps.googleusercontent.com)",
   "«ts» INFO rotated Brevo API key; new key fingerprint sha256:«h16» stored at secret/mailops/brevo (version «n3»)",
   "«ts» INFO loaded DKIM key /etc/opendkim/keys/«dom»/«sel».private (2048 bits) for «dom»",
   "KeyError: 'SENDGRID_API_KEY'\n  File \"/srv/«app»/settings.py\", line «line», in <module>\n    SENDGRID_API_KEY = os.environ['SENDGRID_API_KEY']",
   "smtplib.SMTPAuthenticationError: (535, b'5.7.8 Username and Password not accepted. For more information, go to https://support.google.com/mail/?p=BadCredentials «h12» - gsmtp')",
   "«ts» ERROR meta-capi 190 OAuthException: Error validating access token: Session has expired (fbtrace_id «fbtrace»)",
   "Sentry event «traceid» captured: HTTPError 401 Unauthorized for url https://a.klaviyo.com/api/lists/",
   "<record>\n  <row>\n    <source_ip>«pubip»</source_ip>\n    <count>«num»</count>\n    <policy_evaluated><disposition>none</disposition><dkim>pass</dkim><spf>fail</spf></policy_evaluated>\n  </row>\n  <identifiers><header_from>«dom»</header_from></identifiers>\n</record>",
   "{\"notificationType\":\"Bounce\",\"bounce\":{\"bounceType\":\"Permanent\",\"feedbackId\":\"«sesmid»\"},\"mail\":{\"messageId\":\"«sesmid2»\",\"source\":\"«mbox»\"}}",
   "{\"event\":\"delivered\",\"id\":\"«b64word»\",\"message\":{\"headers\":{\"message-id\":\"«ts».«h16»@mg.«dom»\"}},\"recipient\":\"«email»\"}",
   "«ts» INFO pmta-acct rotated accounting file acct-«date».csv (sha256 «sha256»)",
   "«ts» WARN haraka [auth/flat_file] AUTH user=\"«user»\" success=false method=PLAIN (password not logged)",
   "«ts» INFO onesignal notification «uuid» sent to «num» subscribers (errors: 0)",
   "«ts» INFO google-ads SearchStream request_id=«b64word» customer=«gcidn» rows=«num»",
   "«ts» INFO tiktok report ok request_id=«rid» advertiser_id=«ttadv»",
   "«ts» DEBUG http: GET /track/click?c=«camp»&u=«uuid»&utm_source=newsletter&utm_medium=email 302",
   "«ip» - - [14/Mar/2024:10:15:32 +0000] \"GET /lp/«camp»?gclid=«gclid» HTTP/2.0\" 200 «num»",
   "«ip» - - [14/Mar/2024:10:15:33 +0000] \"GET /lp/«camp»?fbclid=«fbclid»&utm_campaign=«camp» HTTP/2.0\" 200 «num»",
   "«ip» - - [14/Mar/2024:10:15:34 +0000] \"GET /lp/«camp»?ttclid=«ttclid» HTTP/2.0\" 200 «num»",
   "X-Request-Id: «uuid»\nX-Amzn-Trace-Id: Root=1-«h8»-«h16»«h8»",
   "Message-ID: <«h16».«num»@«mx»>\nX-SG-EID: =?us-ascii?Q?«b64word»?=",
   "DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=«dom»; s=«sel»;\n\th=from:to:subject:date:message-id;\n\tbh=«bh»;\n\tb=«dkimb»",
   "ARC-Seal: i=1; a=rsa-sha256; t=«big»; cv=none; d=«dom»; s=arc-«sel»;\n\tb=«dkimb»",
   "Authentication-Results: mx.google.com;\n       dkim=pass header.i=@«dom» header.s=«sel» header.b=«mask4»«mask42»;\n       spf=pass smtp.mailfrom=«mbox»;\n       dmarc=pass (p=QUARANTINE) header.from=«dom»",
   "Subject: =?UTF-8?B?«b64subj»?=",
   "Content-Transfer-Encoding: base64\n\n«b64html»",
   "List-Unsubscribe: <mailto:unsubscribe@«dom»?subject=unsub-«num»>\nList-Unsubscribe-Post: List-Unsubscribe=One-Click",
   "Received: from «mx» («mx» [«pubip»])\n\tby mx.«dom» (Postfix) with ESMTPS id «qid»\n\tfor <«email»>; Thu, 14 Mar 2024 10:15:32 +0000 (UTC)",
   "Diagnostic-Code: smtp; 550-5.7.26 This mail has been blocked because the sender is unauthenticated. «h12» - gsmtp",
   )

# --- notes / chat without credentials ----------------------------------
_B("I rotated the Brevo key this morning; the new one is in 1Password under \"Brevo prod\" — nothing to change in the repo.",
   "Password policy for the ESP admin accounts: at least 14 characters, no reuse of the last 5, hardware key required for owners.",
   "Reminder: never paste API keys or passwords into Slack. Share a vault path (e.g. secret/mailops/«app») instead.",
   "«person»: the HubSpot token expired again, can you ask «person2» to generate a new one and put it in the vault?",
   "NOTE: checked .env.example and config/*.yml — only placeholders like ${SMTP_PASSWORD} and <your-key>, no live values.",
   "DECISION «date»: move HubSpot integration from API keys to OAuth; private app tokens will be stored in Secrets Manager under prod/hubspot.",
   "the key ending in …«mask4» was revoked at «hhmm» UTC; all senders now use the new one from Vault",
   "Commit «sha7» removed the hardcoded Mailgun key; it had already been rotated, so no further action.",
   "Das Passwort liegt im Vault unter secret/mailops/relay – bitte nicht per Mail verschicken.",
   "La contraseña está en 1Password (bóveda Marketing), pídesela a «person».",
   "Le mot de passe du relais est dans le coffre, entrée « PMTA admin ».",
   "パスワードはVaultの secret/mailops/pmta に保存済みです。Slackには貼らないでください。",
   "密码已经放进 Vault 了：secret/push/fcm，不要发到群里。",
   "Пароль лежит в Vault по пути secret/crm/import, в чат не пиши.",
   "A senha está no cofre (secret/marketing/mailchimp); não mande por WhatsApp.",
   "Hasło jest w menedżerze haseł w folderze „Marketing”, nie wklejaj go tutaj.",
   "GOAL: rotate every ESP credential that appeared in the leaked laptop backup; list of affected secret names is in INC-«num».",
   "Running notes: DKIM selector «sel» published for «dom»; p= value matches the public key exported from the HSM.",
   "TODO: ask «person» whether the TikTok events token is per-pixel or per-advertiser before we store it.",
   "Teammate said the Marketo client secret is \"the usual one\" — I did not ask them to paste it; requested vault access instead.",
   "The password reset link for «email» was sent; it expires in 30 minutes.",
   "pw reset done for the PMTA console, new one stored in Vault by «person»",
   "creds are in the usual place (vault → mailops → relay), ping me if you can't read it",
   "Meeting notes: SPF is at 9 DNS lookups, flatten include:_spf.«dom» before adding Klaviyo.",
   "FYI the Twilio Account SID is «twsid» (that's the public identifier, not the auth token).",
   "Apple push: Key ID «keyid», Team ID «team» — the .p8 itself lives in the Secrets Manager entry prod/apns.",
   "Google Ads customer «gcid» is linked under MCC «gcid2»; developer token approval is still pending.",
   "Meta ad account act_«adid», pixel «pixel», business «big» — all IDs, no tokens here.",
   "«person»: mask the value before you screenshot it — it should look like sk_live_••••«mask4».",
   "Klaviyo public key (site id) «site» is fine to embed in the storefront; the private pk_ key is not.",
   "Our Mailchimp audience id is «mcaud» and the DC is «dc».",
   "HubSpot portal «hsportal», Marketo munchkin «munchkin», Salesforce org «sfid».",
   "The OneSignal App ID «uuid» is public (it ships in the web SDK); the REST key is in Vault.",
   "Tip: the GA4 measurement id G-«keyid» is public; only the Measurement Protocol api_secret must stay private.",
   "incident: bounce rate «pct»% at gmail.com after «camp»; DMARC aggregate shows spf=fail from «pubip».",
   "Le token TikTok a expiré ; il faut se reconnecter via OAuth, aucun secret à copier ici.",
   "Bitte den API-Key nicht im Ticket posten – Verweis auf secret/ads/tiktok reicht.",
   "La clave de Klaviyo se rota cada 90 días según la política de seguridad.",
   "«person»: I'll DM you the vault path, not the password itself 🙂",
   "Checklist: [x] SPF [x] DKIM «sel» [ ] DMARC p=reject [ ] BIMI logo",
   )

# --- CI / deploy without credentials -----------------------------------
_B("    env:\n      SENDGRID_API_KEY: ${{ secrets.SENDGRID_API_KEY }}\n      MAIL_FROM: «mbox»",
   "      - run: echo \"::add-mask::$HUBSPOT_TOKEN\"",
   "jobs:\n  deploy:\n    uses: «org»/workflows/.github/workflows/deploy.yml@main\n    secrets: inherit",
   "permissions:\n  id-token: write\n  contents: read\n\n      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          role-to-assume: arn:aws:iam::«acct»:role/gha-deploy-«app»\n          aws-region: «region»",
   "secrets:\n  DATABASE_PASSWORD:\n    vault: production/db/password@ops\n    file: false",
   "script:\n  - echo \"$CI_REGISTRY_PASSWORD\" | docker login -u \"$CI_REGISTRY_USER\" --password-stdin \"$CI_REGISTRY\"",
   "      - uses: actions/cache@v4\n        with:\n          path: ~/.cache/pip\n          key: ${{ runner.os }}-pip-${{ hashFiles('**/requirements.txt') }}",
   "Cache restored from key: Linux-pip-«sha256»",
   "Run «runid» for «org»/«repo» (sha «sha») finished: success — https://github.com/«org»/«repo»/actions/runs/«runid»",
   "image: «acct».dkr.ecr.«region».amazonaws.com/«app»@sha256:«sha256»",
   "      - name: ONESIGNAL_REST_API_KEY\n        valueFrom: arn:aws:secretsmanager:«region»:«acct»:secret:prod/onesignal-«arnsfx»",
   "ENV NODE_ENV=production\nARG NPM_TOKEN\nRUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci",
   "withCredentials([string(credentialsId: 'mailgun-api-key', variable: 'MAILGUN_API_KEY')]) {\n  sh './scripts/import_bounces.sh'\n}",
   "variables:\n  - group: esp-secrets   # linked to Key Vault kv-«app»",
   "kustomize edit set image «app»=«org»/«app»:«sha7»",
   "deploy: release «ver» of «app» → «ns» (helm revision «n3», chart checksum «sha256»)",
   "artifact «app»-«ver».tar.gz sha256=«sha256» size=«num»KB",
   "sealedsecret.bitnami.com/esp-keys configured",
   "Secret esp-keys updated from ExternalSecret esp-keys (refreshInterval 1h, store vault-backend)",
   "fastlane match appstore --readonly   # MATCH_PASSWORD comes from the CI secret store",
   "eas secret:list\nName                 Type    Scope    Updated\nONESIGNAL_REST_KEY   string  project  «date»",
   "terraform plan: ~ mailgun_domain.mg  smtp_password = (sensitive value)",
   "helm upgrade postal ./charts/postal --set-file smtp.passwordFile=/run/secrets/smtp_pass",
   "gcloud run deploy «app» --set-secrets=MAILJET_SECRET_KEY=mailjet-secret:latest --region europe-west1",
   "[OK] SonarQube quality gate passed for «repo» @ «sha7»",
   "Codecov report uploaded for commit «sha» (coverage «pct»%)",
   )

# --- vendor identifiers that are public / masked ------------------------
_B("Twilio Messaging Service «mgsid» (sender pool for UK short code)",
   "SendGrid template id d-«h32»",
   "Mailchimp campaign web_id «webid», audience «mcaud»",
   "Google OAuth client id «n3»«h8»-«h16».apps.googleusercontent.com (public)",
   "LwA client id amzn1.application-oa2-client.«h32»",
   "Salesforce org id «sfid», record 003«AN»",
   "Slack channel «slackch» (#deliverability)",
   "Stripe publishable key «pklive»",
   "reCAPTCHA site key «recap»",
   "TikTok pixel «ttpixel», advertiser «ttadv»",
   "LinkedIn Insight partner id «lipid»",
   "Firebase sender id «big», project «app»-push",
   "SendGrid key id «AS» (name: prod-transactional, scopes: mail.send)",
   "API key: SG.****************.************************************ (hidden)",
   "xkeysib-****************************************************************-****«mask4»",
   "klaviyo pk_****«mask4» (last used «date»)",
   "Iterable key ••••••••••••••••••••••••••••«mask4»",
   "AWS access key id for ses-sender ends with …«mask4» (secret in Secrets Manager)",
   "Postmark server «app» (id «num») — token hidden",
   "OneSignal app «uuid» / Android channel «uuid2»",
   "APNs topic com.«org».app, key id «keyid», team «team»",
   "Meta pixel «pixel» / CAPI dataset «pixel2»",
   "Google Ads conversion action customers/«gcidn»/conversionActions/«num»",
   "Mailgun domain mg.«dom» (region EU), DKIM selector «sel»",
   "Marketo munchkin «munchkin» — instance «munchkin».mktorest.com",
   "impact.com campaign «num», tracking domain «dom»",
   "GTM container GTM-«keyid», GA4 G-«keyid2»",
   "AWS role ARN arn:aws:iam::«acct»:role/ses-sender (principal «aroa»)",
   "Vault path secret/data/mailops/«app»/api_key",
   "Secret Manager: projects/«app»/secrets/fcm-service-account/versions/«num»",
   "Key Vault reference @Microsoft.KeyVault(SecretUri=https://kv-«app».vault.azure.net/secrets/SendGridKey/)",
   "SSM parameter /mailops/prod/mailgun_api_key (SecureString, KMS alias/mailops)",
   "1Password: op://Marketing/Klaviyo Private Key/credential",
   "env var names: SENDGRID_API_KEY, MAILGUN_API_KEY, TWILIO_AUTH_TOKEN, FCM_SERVER_KEY",
   "ULID «ulid» (campaign send id)",
   "SES configuration set «app»-cs, message «sesmid»",
   "Exim message id «eximid»",
   "Postfix queue id «qid»",
   "click id gclid=«gclid»",
   "fbp=fb.1.«big»000.«num»; _ga=GA1.2.«big».«num»",
   "hubspotutk=«md5» (HubSpot analytics visitor cookie, not auth)",
   "nonce-«nonce» (CSP script nonce for this response only)",
   )


# ================================================================= build ====
_GROUPS = ["command", "tool-output", "config-file", "source-code",
           "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 185
_BENIGN_TARGET = 950


def _build_secrets():
    by = dict((g, []) for g in _GROUPS)
    for g, f, fn in _SPECS:
        by[g].append((f, fn))
    out = []
    for g in _GROUPS:
        specs = by[g]
        base, extra = divmod(_PER_GROUP, len(specs))
        bonus = set(_R.sample(range(len(specs)), extra))
        for i, (f, fn) in enumerate(specs):
            for _ in range(base + (1 if i in bonus else 0)):
                text, secret, visible = fn()
                out.append((g, f, text, secret, visible))
    return out


def _build_benign(secrets):
    long_secrets = [s[3] for s in secrets if len(s[3]) >= 8]
    seen = set()
    out = []
    rounds = 0
    while len(out) < _BENIGN_TARGET and rounds < 40:
        for tpl in _BT:
            if len(out) >= _BENIGN_TARGET:
                break
            if rounds and not _PH.search(tpl):
                continue
            for _ in range(12):
                s = _fill(tpl, {})
                if s not in seen and not any(x in s for x in long_secrets):
                    seen.add(s)
                    out.append(s)
                    break
        rounds += 1
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign(SECRETS)

del _g
