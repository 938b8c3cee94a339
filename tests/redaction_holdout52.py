"""Blind hold-out corpus #52 for a secret-redaction engine.

What it is
----------
A fixed, seeded collection of text fragments of the kind a coding agent
(Claude Code, Codex, Gemini CLI) keeps as its working state: goals and
running notes, shell commands it ran, tool output, excerpts of files it
opened, decisions, chat messages pasted in by teammates, log lines and CI
configuration.  Each fragment in SECRETS carries exactly one credential that
a redaction engine must remove; each string in BENIGN carries none, but looks
secret-ish to a naive scanner.  The corpus measures both recall (secrets
removed) and precision (look-alikes left alone).

Theme
-----
HR, payroll and recruiting: HRIS and payroll platforms, applicant tracking
systems, background-check and identity-verification vendors, benefits and
pension providers' SFTP drops, time-and-attendance clocks, SSO/SCIM
provisioning of employees, job boards' partner APIs, expense tools,
people-analytics exports, and HR helpdesk tickets where staff paste too much.

Provenance
----------
Written blind, from general knowledge only: no redaction rules, no other
corpus and no search were consulted.  Where a vendor's real credential shape
was known it was imitated (prefixes, lengths, alphabets); where it was not
known, a plausible shape was invented.  All hosts, companies, people and
values are fictitious; every credential is a fresh random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible)
         group   one of: command, tool-output, config-file, source-code,
                 stack-trace-or-log, note-or-chat, ci-and-deploy,
                 vendor-token (roughly equal shares)
         format  kebab-case name of the fragment's shape; each format is
                 used at most three times
         text    the fragment as the agent recorded it
         secret  exact substring of text that must not survive redaction
                 (only the key body for PEM keys, only the signature for
                 signed URLs, only the password for user:password pairs)
         visible substring of text that must stay readable, or ""
BENIGN   list of distinct strings with no credential in them: hashes,
         ids, public fingerprints, placeholders, masked values, references
         to where a secret is stored, prose about passwords, and so on,
         in the same contexts as the secrets.

Determinism
-----------
Every random value is drawn from _R = random.Random(SEED) at import time,
in a fixed order, and no set or dict iteration order influences the draws,
so importing the module twice yields identical lists.  Nothing is printed
at import.

Measured
--------
Blind, measured before any rule was written for it: recall 0.970 (1,451 of 1,496) and false
positives 24 of 950 (2.5%), with the engine at that session's start. Tuned on since: 0.974 and
17 of 950.
"""
import base64
import json
import string
import random

SEED = 52005200
_R = random.Random(SEED)

_ALNUM = string.ascii_letters + string.digits
_LOWER = string.ascii_lowercase + string.digits
_UPPER = string.ascii_uppercase + string.digits
_HEXD = "0123456789abcdef"
_URLSAFE = _ALNUM + "-_"


def _s(n, alpha=_ALNUM):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _s(n, _HEXD)


def _HEX(n):
    return _s(n, "0123456789ABCDEF")


def _low(n):
    return _s(n, _LOWER)


def _up(n):
    return _s(n, _UPPER)


def _dig(n):
    return str(_R.randint(1, 9)) + _s(n - 1, string.digits)


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_bytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_bytes(n)).decode().rstrip("=")


def _b64of(text):
    return base64.b64encode(text.encode("utf-8")).decode()


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _R.choice("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _pick(seq):
    return _R.choice(seq)


def _n(a, b):
    return _R.randint(a, b)


def _ip():
    return "10.%d.%d.%d" % (_n(0, 254), _n(0, 254), _n(2, 250))


def _date():
    return "2024-%02d-%02d" % (_n(1, 12), _n(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_n(0, 23), _n(0, 59), _n(0, 59))


def _ts():
    return "%sT%s.%03dZ" % (_date(), _time(), _n(0, 999))


_WORDS = [
    "maple", "harbor", "copper", "lantern", "orbit", "meadow", "falcon", "pepper",
    "quartz", "velvet", "cobalt", "saffron", "glacier", "thistle", "bramble", "ember",
    "willow", "canyon", "otter", "juniper", "marble", "pixel", "rocket", "sparrow",
    "tundra", "walnut", "zephyr", "anchor", "biscuit", "cactus", "dolphin", "fennel",
    "garnet", "hazel", "igloo", "jasper", "kettle", "lemon", "mango", "nectar",
    "olive", "pebble", "quill", "raven", "sable", "tulip", "umber", "violet",
    "wombat", "yarrow", "acorn", "badger", "cedar", "dahlia", "eagle", "fjord",
    "ginger", "heron", "indigo", "jackal", "koala", "lilac", "magpie", "nutmeg",
    "oyster", "panda", "quokka", "robin", "salmon", "tiger", "urchin", "vortex",
    "walrus", "yak", "zebra", "alpine", "breeze", "crimson", "drizzle", "eclipse",
    "forest", "gravel", "harvest", "island", "jungle", "kernel", "ledger", "monsoon",
    "nimbus", "orchid", "prairie", "quasar", "ripple", "summit", "timber", "upland",
    "valley", "winter", "summer", "autumn", "spring", "payday", "bonus", "coffee",
    "muffin", "pickle", "waffle", "noodle", "banjo", "cricket", "dragon", "goblin",
]
_SYM = "!@#%&*?+=-_."
_URLSYM = "-_.~!*"


def _leet(w):
    table = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5"}
    return "".join(table.get(c, c) if _R.random() < 0.4 else c for c in w)


def _pw_word():
    w = _pick(_WORDS)
    style = _n(0, 4)
    if style == 0:
        return w.capitalize() + str(_n(1990, 2026)) + _pick(_SYM)
    if style == 1:
        return _leet(w).capitalize() + _pick(_SYM) + str(_n(10, 9999))
    if style == 2:
        return w.upper()[:4] + w[4:] + _pick(_SYM) + str(_n(100, 99999))
    if style == 3:
        return w.capitalize() + _pick(_WORDS).capitalize() + str(_n(1, 99)) + _pick(_SYM) + _pick(_SYM)
    return _pick(["Spring", "Summer", "Autumn", "Winter", "Payroll", "Welcome", "Hiring", "Onboard"]) + str(_n(2019, 2026)) + _pick(_SYM) + _s(2, _LOWER)


def _pw_phrase(sep=None):
    if sep is None:
        sep = _pick(["-", ".", "_", " ", ""])
    k = _n(3, 5)
    parts = [_pick(_WORDS) for _ in range(k)]
    if sep == "":
        parts = [p.capitalize() for p in parts]
    if _R.random() < 0.6:
        parts.insert(_n(0, len(parts)), str(_n(2, 999)))
    return sep.join(parts)


def _pw_pron():
    cons = "bcdfghjklmnprstvwz"
    vow = "aeiou"
    out = ""
    for _ in range(_n(3, 5)):
        out += _R.choice(cons) + _R.choice(vow)
    out = out.capitalize()
    return out + _s(_n(2, 3), string.digits) + (_pick(_SYM) if _R.random() < 0.6 else "")


def _pw_rand(n=None, sym=True):
    if n is None:
        n = _n(12, 24)
    alpha = _ALNUM + (_SYM if sym else "")
    while True:
        p = _s(1, _ALNUM) + _s(n - 1, alpha)
        if any(c.isdigit() for c in p) and any(c.isalpha() for c in p):
            return p


def _pw():
    r = _R.random()
    if r < 0.3:
        return _pw_word()
    if r < 0.5:
        return _pw_phrase(_pick(["-", ".", "_", ""]))
    if r < 0.7:
        return _pw_pron()
    return _pw_rand()


def _pw_url():
    r = _R.random()
    if r < 0.3:
        return _pick(_WORDS).capitalize() + str(_n(10, 9999)) + _pick(_URLSYM) + _s(3)
    if r < 0.5:
        return _pw_phrase(_pick(["-", ".", "_"]))
    if r < 0.7:
        p = _pw_pron()
        return "".join(c for c in p if c.isalnum()) + _pick(_URLSYM) + _s(2)
    return _s(_n(14, 26), _ALNUM + _URLSYM)


def _pw_nosp():
    while True:
        p = _pw()
        if " " not in p:
            return p


_FIRST = [
    "Priya", "Jonas", "Amara", "Mateo", "Yuki", "Sofia", "Liam", "Chen", "Fatima", "Oliver",
    "Ines", "Kwame", "Hana", "Lucas", "Zanele", "Arjun", "Elif", "Noah", "Camille", "Dmitri",
    "Aisha", "Tomasz", "Leila", "Rafael", "Mei", "Sven", "Nadia", "Kofi", "Ana", "Haruto",
    "Ingrid", "Omar", "Beatriz", "Kenji", "Freya", "Diego", "Siobhan", "Thabo", "Ayesha", "Marek",
    "Lucia", "Emeka", "Astrid", "Ravi", "Chloe", "Tariq", "Greta", "Minh", "Olga", "Samir",
]
_LAST = [
    "Okafor", "Lindqvist", "Moreau", "Tanaka", "Rossi", "Nguyen", "Kowalski", "Haddad", "Mensah", "Fischer",
    "Alvarez", "Sato", "Novak", "Dubois", "Patel", "Yilmaz", "Ivanova", "Costa", "Brennan", "Achebe",
    "Janssen", "Kim", "Silva", "Horvath", "Oyelaran", "Bergstrom", "Ferreira", "Nakamura", "Schmidt", "Mbeki",
    "Quinn", "Larsen", "Desai", "Romero", "Kaur", "Weber", "Zhou", "Petrov", "Murphy", "Abara",
]
_DOMS = ["lumenfield.example", "corp.lumenfield.example", "brightpath-staffing.test",
         "kestrel-payroll.example", "oakridge-people.test", "meridianhr.internal",
         "tallgrass-health.example", "quayside-logistics.test"]
_IDOMS = ["lumenfield.internal", "hr.lumenfield.example", "people.corp.test",
          "payroll.kestrel.internal", "svc.oakridge.test", "eu1.meridianhr.internal"]
_HRIS = ["Workday", "BambooHR", "HiBob", "Personio", "Rippling", "SuccessFactors", "Dayforce",
         "UKG Pro", "Namely", "Paylocity"]
_PAYROLL = ["ADP Workforce Now", "Gusto", "Paychex Flex", "Paylocity", "Deel", "Remote",
            "Justworks", "Dayforce", "Sage Payroll", "Xero Payroll"]
_ATS = ["Greenhouse", "Lever", "Workable", "SmartRecruiters", "iCIMS", "Ashby", "Teamtailor",
        "Jobvite", "Recruitee"]
_BGC = ["Checkr", "Sterling", "HireRight", "Onfido", "Jumio", "Persona", "Veriff", "Certn"]
_BENEFITS = ["Fidelity", "Empower", "Guideline", "Vanguard", "Aon", "Mercer", "Nest",
             "Aviva", "Legal & General", "Principal", "Voya", "Benefitfocus"]
_EXPENSE = ["Expensify", "SAP Concur", "Ramp", "Brex", "Navan", "Pleo", "Spendesk"]
_CLOCKS = ["Kronos InTouch", "UKG InTouch DX", "ZKTeco", "Acroprint", "Lathem", "Allied Time"]
_SVC = ["svc_hris", "svc-payroll", "hr_etl", "ats_sync", "payroll_ro", "people_analytics",
        "svc.benefits", "wfm_reader", "scim_bridge", "recruit_bot", "hr_report", "bgc_callback"]
_TICKET = ["HRHD", "PEOPLE", "HRIT", "PAY", "TA", "HRSD"]


def _person():
    return _pick(_FIRST), _pick(_LAST)


def _email(first=None, last=None, dom=None):
    if first is None:
        first, last = _person()
    return "%s.%s@%s" % (first.lower(), last.lower(), dom or _pick(_DOMS[:6]))


def _uname():
    f, l = _person()
    return _pick(["%s.%s" % (f.lower(), l.lower()), "%s%s" % (f[0].lower(), l.lower()),
                  "%s_%s" % (f.lower(), l[0].lower())])


def _host(prefix):
    return "%s-%s.%s" % (prefix, _pick(["01", "02", "prod", "eu1", "us2", "a", "primary"]), _pick(_IDOMS))


def _svc():
    return _pick(_SVC)


def _tkt():
    return "%s-%d" % (_pick(_TICKET), _n(100, 9999))


def _pem_lines(nbytes, width=64, lead=b""):
    raw = base64.b64encode(lead + _bytes(nbytes)).decode()
    return "\n".join(raw[i:i + width] for i in range(0, len(raw), width))


def _pem(kind="RSA PRIVATE KEY", nbytes=None):
    body = _pem_lines(nbytes or _n(300, 420))
    return "-----BEGIN %s-----\n%s\n-----END %s-----" % (kind, body, kind), body


def _openssh():
    body = _pem_lines(_n(280, 360), 70, b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none")
    return "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body, body


def _jwt(claims=None):
    hdr = {"alg": _pick(["HS256", "RS256"]), "typ": "JWT"}
    if claims is None:
        claims = {"sub": _uuid(), "iat": _n(1700000000, 1730000000)}
    enc = lambda d: base64.urlsafe_b64encode(json.dumps(d, separators=(",", ":")).encode()).decode().rstrip("=")
    return "%s.%s.%s" % (enc(hdr), enc(claims), _b64u(_pick([32, 256])))


# ---- vendor credential shapes (real prefixes where known, invented elsewhere)
def _slack_bot():
    return "xoxb-%s-%s-%s" % (_dig(12), _dig(13), _s(24))


def _slack_user():
    return "xoxp-%s-%s-%s-%s" % (_dig(12), _dig(12), _dig(13), _hex(32))


def _slack_app():
    return "xapp-1-A%s-%s-%s" % (_up(10), _dig(13), _hex(64))


def _slack_hook_parts():
    return "T" + _up(10), "B" + _up(10), _s(24)


def _ghp():
    return "ghp_" + _s(36)


def _gho():
    return "gho_" + _s(36)


def _ghs():
    return "ghs_" + _s(36)


def _github_pat():
    return "github_pat_11" + _up(20) + "_" + _s(59)


def _glpat():
    return "glpat-" + _s(20, _URLSAFE)


def _akia():
    return "AKIA" + _s(16, string.ascii_uppercase + "234567")


def _asia():
    return "ASIA" + _s(16, string.ascii_uppercase + "234567")


def _aws_secret():
    return _s(40, _ALNUM + "+/")


def _aws_session():
    return "IQoJb3JpZ2luX2VjE" + _s(_n(180, 260), _ALNUM + "+/") + "=="


def _aiza():
    return "AIza" + _s(35, _URLSAFE)


def _gocspx():
    return "GOCSPX-" + _s(28, _URLSAFE)


def _g_refresh():
    return "1//0" + _s(1, "cdefg") + _s(100, _URLSAFE)


def _ya29():
    return "ya29.a0" + _s(_n(140, 200), _URLSAFE)


def _azure_secret():
    return _s(3) + "8Q~" + _s(34, _ALNUM + "~._-")


def _azure_key():
    return _b64(64)


def _okta():
    return "00" + _s(40, _URLSAFE)


def _sk_live():
    return "sk_live_51" + _s(96)


def _rk_live():
    return "rk_live_51" + _s(96)


def _whsec():
    return "whsec_" + _s(32)


def _sendgrid():
    return "SG." + _s(22, _URLSAFE) + "." + _s(43, _URLSAFE)


def _mailgun():
    return "key-" + _hex(32)


def _npm():
    return "npm_" + _s(36)


def _pypi():
    return "pypi-AgEIcHlwaS5vcmc" + _s(_n(140, 180), _URLSAFE)


def _dckr():
    return "dckr_pat_" + _s(27, _URLSAFE)


def _hvs():
    return "hvs." + _s(24)


def _atlas():
    return _s(14) + ".atlasv1." + _s(67)


def _atatt():
    return "ATATT3xFfGF0" + _s(170, _URLSAFE) + "=" + _HEX(8)


def _jenkins():
    return "11" + _hex(32)


def _sntrys():
    return "sntrys_eyJpYXQiOj" + _s(120, _URLSAFE) + "_" + _s(43, _URLSAFE)


_TEMPLATES = []


def _t(group, fmt):
    def deco(fn):
        _TEMPLATES.append((group, fmt, fn))
        return fn
    return deco


# =====================================================================
# group: command
# =====================================================================
@_t("command", "psql-url-with-password")
def _():
    pw, host, user = _pw_url(), _host("hris-db"), _pick(["payroll_ro", "hris_admin", "ats_reader"])
    text = '$ psql "postgresql://%s:%s@%s:5432/%s?sslmode=require" -c "select count(*) from employees where status = \'active\';"' % (
        user, pw, host, _pick(["hris", "payroll", "people"]))
    return text, pw, host


@_t("command", "pgpassword-env-prefix-pg-dump")
def _():
    pw, host = _pw_nosp(), _host("payroll-pg")
    text = "PGPASSWORD='%s' pg_dump -h %s -U hr_admin -Fc payroll > /tmp/payroll_%s.dump" % (pw, host, _date())
    return text, pw, "pg_dump -h %s" % host


@_t("command", "mysql-p-flag-attached")
def _():
    pw = _pw_rand(_n(12, 18), sym=False)
    host = _host("ats-mysql")
    text = "mysql -h %s -u greenhouse_sync -p%s ats -e \"SELECT id, stage FROM applications WHERE updated_at > NOW() - INTERVAL 1 DAY\"" % (host, pw)
    return text, pw, "greenhouse_sync"


@_t("command", "mysqldump-password-long-flag")
def _():
    pw = _pw_nosp()
    text = "mysqldump --host=%s --user=timeclock --password='%s' --single-transaction wfm punches > punches_%s.sql" % (
        _host("wfm-db"), pw, _date())
    return text, pw, "--user=timeclock"


@_t("command", "curl-bamboohr-key-as-basic-user")
def _():
    key = _hex(40)
    sub = _pick(["lumenfield", "brightpath", "kestrel", "oakridgepeople"])
    text = 'curl -s -u "%s:x" -H "Accept: application/json" https://api.bamboohr.com/api/gateway.php/%s/v1/employees/directory | jq \'.employees | length\'' % (key, sub)
    return text, key, "api.bamboohr.com"


@_t("command", "curl-lever-key-colon-empty")
def _():
    key = _s(48)
    text = "curl -u %s: 'https://api.lever.co/v1/opportunities?limit=100&stage_id=offer'" % key
    return text, key, "api.lever.co"


@_t("command", "sshpass-sftp-benefits-drop")
def _():
    pw = _pw_nosp()
    user = "lf_" + _pick(["benefits", "401k", "pension", "hsa", "dental"])
    host = "sftp.%s.example.net" % _pick(["fidelity-drop", "empower-files", "nest-transfer", "aon-secure", "voya-inbound"])
    text = "sshpass -p '%s' sftp -oBatchMode=no -oPort=22 %s@%s <<< $'put census_%s.csv /inbound/'" % (pw, user, host, _date())
    return text, pw, "%s@%s" % (user, host)


@_t("command", "lftp-user-comma-password")
def _():
    pw = _pw_rand(_n(10, 16), sym=False)
    text = "lftp -u lumenfield_401k,%s sftp://files.recordkeeper.example -e 'cd inbound; mput contrib_*.txt; bye'" % pw
    return text, pw, "lumenfield_401k"


@_t("command", "export-checkr-api-key")
def _():
    key = _hex(40)
    text = "export CHECKR_API_KEY=%s\npython scripts/sync_reports.py --since %s" % (key, _date())
    return text, key, "scripts/sync_reports.py"


@_t("command", "echo-pipe-docker-login-password-stdin")
def _():
    pw = _pw_nosp()
    text = 'echo "%s" | docker login registry.%s -u ci-bot --password-stdin' % (pw, _pick(_IDOMS))
    return text, pw, "docker login"


@_t("command", "docker-run-env-flag-client-secret")
def _():
    sec = _s(_n(32, 48), _URLSAFE)
    text = "docker run --rm -e ADP_CLIENT_ID=%s -e ADP_CLIENT_SECRET=%s -v $PWD/out:/out payroll-sync:%d.%d.%d --period %s" % (
        _uuid(), sec, _n(1, 3), _n(0, 20), _n(0, 9), _date()[:7])
    return text, sec, "payroll-sync"


@_t("command", "kubectl-create-secret-from-literal")
def _():
    pw = _pw_nosp()
    text = "kubectl -n people create secret generic workday-isu --from-literal=username=ISU_Lumenfield_Integrations --from-literal=password='%s'" % pw
    return text, pw, "ISU_Lumenfield_Integrations"


@_t("command", "helm-set-postgres-password")
def _():
    pw = _pw_url()
    text = "helm upgrade --install ats-db bitnami/postgresql -n recruiting --set auth.username=ats --set auth.password=%s --set primary.persistence.size=50Gi" % pw
    return text, pw, "auth.username=ats"


@_t("command", "az-login-service-principal")
def _():
    sec = _azure_secret()
    text = "az login --service-principal -u %s -p '%s' --tenant %s" % (_uuid(), sec, _uuid())
    return text, sec, "az login --service-principal"


@_t("command", "aws-configure-set-secret")
def _():
    sec = _aws_secret()
    text = "aws configure set aws_access_key_id %s --profile payroll-exports\naws configure set aws_secret_access_key %s --profile payroll-exports" % (_akia(), sec)
    return text, sec, "--profile payroll-exports"


@_t("command", "git-clone-gitlab-oauth2-token")
def _():
    tok = _glpat()
    text = "git clone https://oauth2:%s@gitlab.%s/people-eng/hris-connectors.git" % (tok, _pick(_DOMS))
    return text, tok, "people-eng/hris-connectors.git"


@_t("command", "git-remote-set-url-x-access-token")
def _():
    tok = _ghs()
    text = "git remote set-url origin https://x-access-token:%s@github.com/lumenfield/payroll-sync.git && git push origin HEAD" % tok
    return text, tok, "lumenfield/payroll-sync.git"


@_t("command", "openssl-enc-pass-arg")
def _():
    pw = _pw_nosp()
    text = "openssl enc -aes-256-cbc -pbkdf2 -salt -in salaries_%s.csv -out salaries.csv.enc -pass pass:'%s'" % (_date()[:4], pw)
    return text, pw, "openssl enc -aes-256-cbc"


@_t("command", "gpg-batch-loopback-passphrase")
def _():
    pw = _pw_phrase(" ")
    text = "gpg --batch --yes --pinentry-mode loopback --passphrase '%s' -o w2_forms.zip -d w2_forms_%s.zip.gpg" % (pw, _date()[:4])
    return text, pw, "w2_forms.zip"


@_t("command", "zip-dash-p-password")
def _():
    pw = _pw_rand(_n(10, 14), sym=False)
    text = "zip -P %s offer_letters_Q%d.zip offers/*.pdf" % (pw, _n(1, 4))
    return text, pw, "offer_letters_Q"


@_t("command", "7z-attached-p-password")
def _():
    pw = _pw_rand(_n(12, 16), sym=False)
    text = "7z a -p%s -mhe=on payroll_export_%s.7z export/" % (pw, _date())
    return text, pw, "7z a"


@_t("command", "ldapsearch-bind-password")
def _():
    pw = _pw_nosp()
    text = 'ldapsearch -x -H ldaps://dc01.%s -D "cn=svc-hris,ou=Service Accounts,dc=corp,dc=lumenfield" -w \'%s\' -b "ou=Staff,dc=corp,dc=lumenfield" "(employeeID=%s)" mail manager' % (
        _pick(_IDOMS), pw, _dig(6))
    return text, pw, "cn=svc-hris"


@_t("command", "smbclient-domain-user-percent-password")
def _():
    pw = _pw_rand(_n(12, 16), sym=False)
    text = "smbclient '//fs01/HR$' -U 'CORP\\svc_payroll%%%s' -c 'cd Payroll\\\\2024; ls'" % pw
    return text, pw, "svc_payroll"


@_t("command", "mount-cifs-password-option")
def _():
    pw = _pw_rand(_n(12, 18), sym=False)
    text = "sudo mount -t cifs //files.%s/payroll /mnt/payroll -o username=svc_pay,password=%s,domain=CORP,vers=3.0" % (_pick(_IDOMS), pw)
    return text, pw, "username=svc_pay"


@_t("command", "sqlcmd-capital-p-password")
def _():
    pw = _pw_nosp()
    text = "sqlcmd -S kronos-sql01,1433 -U wfm_reader -P '%s' -d WFC -Q \"SELECT TOP 20 PERSONNUM, PUNCHDTM FROM VP_PUNCHES ORDER BY PUNCHDTM DESC\"" % pw
    return text, pw, "wfm_reader"


@_t("command", "mongosh-srv-uri-password")
def _():
    pw = _pw_url()
    text = 'mongosh "mongodb+srv://analytics:%s@people-analytics.%s.mongodb.net/hr?retryWrites=true" --eval "db.headcount.countDocuments()"' % (pw, _low(5))
    return text, pw, "people-analytics"


@_t("command", "redis-cli-dash-a")
def _():
    pw = _pw_rand(_n(20, 32), sym=False)
    text = "redis-cli -h %s -p 6380 --tls -a %s --no-auth-warning KEYS 'session:hrportal:*' | head" % (_host("cache"), pw)
    return text, pw, "session:hrportal"


@_t("command", "httpie-auth-flag")
def _():
    pw = _pw_nosp()
    text = "http -a svc_recruit:'%s' POST https://ats.%s/api/v2/candidates/%d/notes body='phone screen done'" % (pw, _pick(_DOMS), _n(10000, 99999))
    return text, pw, "svc_recruit"


@_t("command", "wget-user-password-flags")
def _():
    pw = _pw_nosp()
    text = "wget --user=export --password='%s' https://reports.%s/headcount/monthly_%s.xlsx" % (pw, _pick(_DOMS), _date()[:7])
    return text, pw, "--user=export"


@_t("command", "curl-oauth-client-credentials-form")
def _():
    sec = _uuid()
    text = ("curl -X POST https://accounts.adp.com/auth/oauth/v2/token \\\n  --cert adp.pem --key adp.key \\\n"
            "  -d grant_type=client_credentials -d client_id=%s -d client_secret=%s") % (_uuid(), sec)
    return text, sec, "accounts.adp.com"


@_t("command", "curl-okta-ssws-header")
def _():
    tok = _okta()
    text = "curl -s -H 'Authorization: SSWS %s' 'https://lumenfield.okta.com/api/v1/users?filter=profile.employeeNumber+eq+\"%s\"'" % (tok, _dig(6))
    return text, tok, "lumenfield.okta.com"


@_t("command", "curl-scim-patch-bearer")
def _():
    tok = _s(_n(40, 64), _URLSAFE)
    text = ("curl -X PATCH https://scim.%s/scim/v2/Users/%s \\\n  -H 'Authorization: Bearer %s' \\\n"
            "  -H 'Content-Type: application/scim+json' \\\n  -d '{\"schemas\":[\"urn:ietf:params:scim:api:messages:2.0:PatchOp\"],\"Operations\":[{\"op\":\"replace\",\"path\":\"active\",\"value\":false}]}'") % (
        _pick(_DOMS), _uuid(), tok)
    return text, tok, "/scim/v2/Users/"


@_t("command", "npm-config-set-github-authtoken")
def _():
    tok = _ghp()
    text = "npm config set //npm.pkg.github.com/:_authToken %s && npm install @lumenfield/hr-ui" % tok
    return text, tok, "@lumenfield/hr-ui"


@_t("command", "pip-index-url-credentials")
def _():
    pw = _pw_url()
    text = "pip install --index-url https://deploy:%s@pypi.%s/simple/ hris-client==%d.%d.%d" % (pw, _pick(_IDOMS), _n(0, 4), _n(0, 30), _n(0, 9))
    return text, pw, "hris-client"


@_t("command", "ssh-keygen-n-passphrase")
def _():
    pw = _pw_phrase("-")
    text = "ssh-keygen -t ed25519 -C 'benefits-drop@lumenfield' -N '%s' -f ~/.ssh/benefits_sftp_ed25519" % pw
    return text, pw, "benefits_sftp_ed25519"


@_t("command", "htpasswd-batch-create")
def _():
    pw = _pw_nosp()
    text = "sudo htpasswd -b -c /etc/nginx/.htpasswd-careers recruiter '%s'" % pw
    return text, pw, "/etc/nginx/.htpasswd-careers"


@_t("command", "vault-kv-put-inline-value")
def _():
    sec = _s(_n(40, 64), _ALNUM + "+/")
    text = "vault kv put secret/hr/paylocity client_id=%s client_secret=%s" % (_low(12), sec)
    return text, sec, "secret/hr/paylocity"


@_t("command", "gh-secret-set-body")
def _():
    tok = _s(43, _URLSAFE)
    text = 'gh secret set GUSTO_API_TOKEN --body "%s" -R lumenfield/payroll-sync' % tok
    return text, tok, "GUSTO_API_TOKEN"


@_t("command", "heroku-config-set-sendgrid")
def _():
    tok = _sendgrid()
    text = "heroku config:set SENDGRID_API_KEY=%s -a careers-site-prod" % tok
    return text, tok, "careers-site-prod"


@_t("command", "terraform-apply-var-okta-token")
def _():
    tok = _okta()
    text = "terraform apply -var 'okta_org_name=lumenfield' -var 'okta_api_token=%s' -target=module.scim_groups" % tok
    return text, tok, "module.scim_groups"


@_t("command", "psql-conninfo-keyword-password")
def _():
    pw = _pw_nosp()
    text = "psql \"host=%s port=5432 dbname=benefits user=enroll_app password=%s sslmode=verify-full\" -f migrate_oe_%s.sql" % (
        _host("benefits-pg"), pw, _date()[:4])
    return text, pw, "user=enroll_app"


@_t("command", "rclone-sftp-pass-flag")
def _():
    pw = _pw_nosp()
    text = "rclone copy ./exports :sftp:/inbound --sftp-host sftp.aon-secure.example.net --sftp-user lumenfield --sftp-pass '%s' -P" % pw
    return text, pw, "--sftp-user lumenfield"


@_t("command", "ansible-playbook-extra-vars-password")
def _():
    pw = _pw_nosp()
    text = 'ansible-playbook -i inventories/prod deploy_kronos_connector.yml -e "db_user=wfm db_password=%s" --limit clock-gw' % pw
    return text, pw, "deploy_kronos_connector.yml"


@_t("command", "echo-append-dotenv")
def _():
    sec = "papi-" + _s(40, _URLSAFE)
    text = "echo 'PERSONIO_CLIENT_SECRET=%s' >> .env.local && source .env.local" % sec
    return text, sec, ".env.local"


@_t("command", "curl-cookie-session-header")
def _():
    sid = _HEX(32)
    text = "curl -s -b 'JSESSIONID=%s; PLAY_SESSION=abc' 'https://wd5.myworkday.com/lumenfield/d/task/2997$1.htmld' -o task.html" % sid
    return text, sid, "wd5.myworkday.com"


@_t("command", "curl-presigned-s3-download")
def _():
    sig = _hex(64)
    text = ('curl -o headcount.parquet "https://lf-people-exports.s3.eu-west-1.amazonaws.com/analytics/headcount_%s.parquet'
            '?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%s%%2F%s%%2Feu-west-1%%2Fs3%%2Faws4_request'
            '&X-Amz-Date=%sT101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=%s"') % (
        _date(), _akia(), _date().replace("-", ""), _date().replace("-", ""), sig)
    return text, sig, "lf-people-exports.s3.eu-west-1.amazonaws.com"


@_t("command", "azcopy-sas-upload")
def _():
    sig = _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    text = 'azcopy copy ./payroll_%s.csv "https://lfpayroll.blob.core.windows.net/drops/payroll.csv?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=%sT18:00:00Z&st=%sT08:00:00Z&spr=https&sig=%s"' % (
        _date(), _date(), _date(), sig)
    return text, sig, "lfpayroll.blob.core.windows.net"


@_t("command", "curl-gcs-signed-url")
def _():
    sig = _hex(512)
    text = ('curl -X PUT --upload-file census.csv "https://storage.googleapis.com/lf-benefits-census/%s/census.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256'
            '&X-Goog-Credential=uploader%%40lf-hr.iam.gserviceaccount.com%%2F%s%%2Fauto%%2Fstorage%%2Fgoog4_request&X-Goog-Date=%sT000000Z&X-Goog-Expires=900'
            '&X-Goog-SignedHeaders=host&X-Goog-Signature=%s"') % (_date(), _date().replace("-", ""), _date().replace("-", ""), sig)
    return text, sig, "storage.googleapis.com/lf-benefits-census"


@_t("command", "powershell-convertto-securestring-new-aduser")
def _():
    pw = _pw_word()
    f, l = _person()
    text = ("$pw = ConvertTo-SecureString '%s' -AsPlainText -Force\n"
            "New-ADUser -Name '%s %s' -SamAccountName %s%s -AccountPassword $pw -Enabled $true -ChangePasswordAtLogon $true -Path 'OU=NewHires,DC=corp,DC=lumenfield'") % (
        pw, f, l, f[0].lower(), l.lower(), )
    return text, pw, "New-ADUser"


@_t("command", "net-user-add-domain")
def _():
    pw = _pw_word()
    u = _uname()
    text = "net user %s %s /add /domain /fullname:\"New Hire\" /passwordchg:yes" % (u, pw)
    return text, pw, u


@_t("command", "chpasswd-echo-pipe")
def _():
    pw = _pw_nosp()
    text = "echo 'newhire%02d:%s' | sudo chpasswd && sudo chage -d 0 newhire%02d" % (_n(1, 40), pw, _n(1, 40))
    return text, pw, "sudo chpasswd"


@_t("command", "ldappasswd-set-new-password")
def _():
    pw = _pw_word()
    u = _uname()
    text = "ldappasswd -x -H ldaps://ldap.%s -D cn=admin,dc=lumenfield -y /root/.ldap_admin -s '%s' uid=%s,ou=people,dc=lumenfield" % (_pick(_IDOMS), pw, u)
    return text, pw, "uid=%s" % u


@_t("command", "mc-alias-set-positional-keys")
def _():
    sec = _s(40, _ALNUM + "+/")
    text = "mc alias set hrminio https://minio.%s HRANALYTICS%s %s --api S3v4" % (_pick(_IDOMS), _up(6), sec)
    return text, sec, "mc alias set hrminio"


@_t("command", "snowsql-pwd-env-prefix")
def _():
    pw = _pw_nosp()
    text = "SNOWSQL_PWD='%s' snowsql -a lf-analytics.eu-central-1 -u PEOPLE_ETL -r HR_ANALYST -q 'select * from HR.ATTRITION_MONTHLY limit 5'" % pw
    return text, pw, "PEOPLE_ETL"


@_t("command", "curl-slack-incoming-webhook")
def _():
    t, b, s = _slack_hook_parts()
    text = "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"Payroll run %s finished: %d payslips\"}' https://hooks.slack.com/services/%s/%s/%s" % (
        _date(), _n(100, 3000), t, b, s)
    return text, s, "hooks.slack.com/services/%s/%s/" % (t, b)


@_t("command", "curl-twilio-sid-token-basic")
def _():
    tok = _hex(32)
    sid = "AC" + _hex(32)
    text = ("curl -X POST https://api.twilio.com/2010-04-01/Accounts/%s/Messages.json \\\n"
            "  --data-urlencode 'Body=Your interview is confirmed for tomorrow 10:00' \\\n"
            "  --data-urlencode 'To=+4477009%05d' --data-urlencode 'From=+4477009%05d' \\\n  -u %s:%s") % (sid, _n(0, 99999), _n(0, 99999), sid, tok)
    return text, tok, sid


@_t("command", "jenkins-cli-auth-token")
def _():
    tok = _jenkins()
    text = "java -jar jenkins-cli.jar -s https://ci.%s/ -auth deploy.bot:%s build payroll-nightly -p PERIOD=%s -s" % (_pick(_IDOMS), tok, _date()[:7])
    return text, tok, "payroll-nightly"


@_t("command", "expect-spawn-sftp-send-password")
def _():
    pw = _pw_nosp()
    text = "expect -c 'spawn sftp lumenfield@sftp.nest-transfer.example.net; expect \"password:\"; send \"%s\\r\"; expect \"sftp>\"; send \"put pension_%s.csv\\r\"; send \"bye\\r\"'" % (pw, _date())
    return text, pw, "lumenfield@sftp.nest-transfer.example.net"


@_t("command", "curl-upload-ftp-url-credentials")
def _():
    pw = _pw_url()
    text = "curl -T 401k_contrib_%s.txt ftp://lf401k:%s@ftp.recordkeeper.example/inbound/ --ssl-reqd" % (_date(), pw)
    return text, pw, "ftp.recordkeeper.example"


@_t("command", "psexec-u-p-timeclock")
def _():
    pw = _pw_nosp()
    text = "psexec \\\\CLOCK-%02d -u CORP\\kronos_svc -p %s cmd /c \"ipconfig /all\"" % (_n(1, 40), pw)
    return text, pw, "CORP\\kronos_svc"


@_t("command", "xfreerdp-slash-p")
def _():
    pw = _pw_nosp()
    text = "xfreerdp /v:payroll-jump01.%s /u:ops.admin /p:'%s' /cert:ignore +clipboard" % (_pick(_IDOMS), pw)
    return text, pw, "/u:ops.admin"


@_t("command", "openssl-pkcs12-passout")
def _():
    pw = _pw_nosp()
    text = "openssl pkcs12 -export -in adp-client.crt -inkey adp-client.key -out adp-client.p12 -name adp -passout pass:%s" % pw
    return text, pw, "adp-client.p12"


@_t("command", "keytool-storepass")
def _():
    pw = _pw_rand(_n(12, 16), sym=False)
    text = "keytool -importkeystore -srckeystore sf-sso.p12 -srcstoretype PKCS12 -destkeystore successfactors.jks -storepass %s -srcstorepass %s" % (pw, pw)
    return text, pw, "successfactors.jks"


@_t("command", "curl-form-login-password")
def _():
    pw = _pw_url()
    text = "curl -c cookies.txt -d 'username=payroll.admin&password=%s' https://timeclock.%s/login && curl -b cookies.txt https://timeclock.%s/export/punches.csv" % (
        pw, _pick(_DOMS), _pick(_DOMS))
    return text, pw, "username=payroll.admin"


@_t("command", "compose-inline-postgres-password")
def _():
    pw = _pw_nosp()
    text = "POSTGRES_PASSWORD='%s' docker compose -f docker-compose.ats.yml up -d ats-db" % pw
    return text, pw, "docker-compose.ats.yml"


@_t("command", "rabbitmqctl-add-user")
def _():
    pw = _pw_nosp()
    text = "rabbitmqctl add_user hr_events '%s' && rabbitmqctl set_permissions -p /people hr_events '.*' '.*' '.*'" % pw
    return text, pw, "hr_events"


@_t("command", "mysql-create-user-identified-by")
def _():
    pw = _pw_nosp()
    text = "mysql -e \"CREATE USER 'hr_report'@'10.%%' IDENTIFIED BY '%s'; GRANT SELECT ON people.* TO 'hr_report'@'10.%%';\"" % pw
    return text, pw, "GRANT SELECT ON people.*"


@_t("command", "psql-alter-role-password")
def _():
    pw = _pw_nosp()
    text = "psql -h %s -U postgres -c \"ALTER ROLE ats_app WITH PASSWORD '%s' VALID UNTIL '2025-12-31';\"" % (_host("ats-pg"), pw)
    return text, pw, "ALTER ROLE ats_app"


@_t("command", "sendgrid-curl-bearer")
def _():
    tok = _sendgrid()
    text = ('curl --request POST --url https://api.sendgrid.com/v3/mail/send \\\n  --header "Authorization: Bearer %s" \\\n'
            '  --header "Content-Type: application/json" --data @offer_email.json') % tok
    return text, tok, "api.sendgrid.com/v3/mail/send"


@_t("command", "curl-greenhouse-harvest-basic-b64")
def _():
    key = _hex(32)
    b = _b64of(key + ":")
    text = "curl -H 'Authorization: Basic %s' 'https://harvest.greenhouse.io/v1/candidates?per_page=500&created_after=%sT00:00:00Z'" % (b, _date())
    return text, b, "harvest.greenhouse.io"


@_t("command", "smartrecruiters-x-smarttoken-header")
def _():
    tok = "DCRA1-" + _hex(32)
    text = "curl -H \"X-SmartToken: %s\" https://api.smartrecruiters.com/jobs?status=SOURCING | jq '.content[].title'" % tok
    return text, tok, "api.smartrecruiters.com"


@_t("command", "powershell-invoke-restmethod-headers")
def _():
    tok = _s(64)
    text = ("$h = @{ Authorization = 'Bearer %s' }\n"
            "Invoke-RestMethod -Uri 'https://api.rippling.com/platform/api/employees?limit=100' -Headers $h | Select-Object -ExpandProperty results") % tok
    return text, tok, "api.rippling.com"


@_t("command", "ssh-remote-command-with-password-arg")
def _():
    pw = _pw_nosp()
    text = "ssh ops@%s \"/opt/hris-sync/bin/sync --source workday --user ISU_HRSync --password '%s' --dry-run\"" % (_host("etl"), pw)
    return text, pw, "/opt/hris-sync/bin/sync"


# =====================================================================
# group: tool-output
# =====================================================================
@_t("tool-output", "env-grep-output")
def _():
    sec = _s(86, _ALNUM + "+/") + "=="
    text = "$ env | grep -i paylo\nPAYLOCITY_COMPANY_ID=%s\nPAYLOCITY_CLIENT_ID=%s\nPAYLOCITY_CLIENT_SECRET=%s" % (_dig(5), _low(24), sec)
    return text, sec, "PAYLOCITY_COMPANY_ID"


@_t("tool-output", "printenv-single-value")
def _():
    tok = _s(_n(40, 60), _URLSAFE)
    text = "$ printenv HIBOB_SERVICE_TOKEN\n%s\n$ printenv HIBOB_SERVICE_ID\nSERVICE-%s" % (tok, _dig(5))
    return text, tok, "HIBOB_SERVICE_ID"


@_t("tool-output", "kubectl-get-secret-yaml-data")
def _():
    pw = _pw_nosp()
    b = _b64of(pw)
    text = ("$ kubectl -n people get secret bamboohr-sync -o yaml\napiVersion: v1\ndata:\n  api-key: %s\n  subdomain: %s\nkind: Secret\nmetadata:\n  name: bamboohr-sync\n  namespace: people\ntype: Opaque") % (
        b, _b64of("lumenfield"))
    return text, b, "bamboohr-sync"


@_t("tool-output", "kubectl-jsonpath-base64-decode")
def _():
    tok = _s(48)
    text = "$ kubectl get secret greenhouse-harvest -n recruiting -o jsonpath='{.data.token}' | base64 -d\n%s" % tok
    return text, tok, "greenhouse-harvest"


@_t("tool-output", "docker-inspect-env-array")
def _():
    pw = _pw_nosp()
    text = ('$ docker inspect ats-worker --format \'{{json .Config.Env}}\' | jq .\n[\n  "RAILS_ENV=production",\n  "DATABASE_HOST=%s",\n'
            '  "DATABASE_USER=ats",\n  "DATABASE_PASSWORD=%s",\n  "PATH=/usr/local/bundle/bin:/usr/local/sbin:/usr/bin"\n]') % (_host("ats-pg"), pw)
    return text, pw, "DATABASE_USER=ats"


@_t("tool-output", "aws-sts-assume-role-json")
def _():
    sec = _aws_secret()
    text = ('$ aws sts assume-role --role-arn arn:aws:iam::%s:role/PeopleAnalyticsExport --role-session-name agent\n{\n    "Credentials": {\n'
            '        "AccessKeyId": "%s",\n        "SecretAccessKey": "%s",\n        "SessionToken": "<trimmed>",\n        "Expiration": "%s"\n    }\n}') % (
        _dig(12), _asia(), sec, _ts())
    return text, sec, "PeopleAnalyticsExport"


@_t("tool-output", "aws-iam-create-access-key-json")
def _():
    sec = _aws_secret()
    text = ('$ aws iam create-access-key --user-name svc-payroll-export\n{\n    "AccessKey": {\n        "UserName": "svc-payroll-export",\n'
            '        "AccessKeyId": "%s",\n        "Status": "Active",\n        "SecretAccessKey": "%s",\n        "CreateDate": "%s"\n    }\n}') % (_akia(), sec, _ts())
    return text, sec, "svc-payroll-export"


@_t("tool-output", "az-ad-sp-create-for-rbac-json")
def _():
    sec = _azure_secret()
    text = ('$ az ad sp create-for-rbac --name hr-scim-provisioner --role Reader\n{\n  "appId": "%s",\n  "displayName": "hr-scim-provisioner",\n'
            '  "password": "%s",\n  "tenant": "%s"\n}') % (_uuid(), sec, _uuid())
    return text, sec, "hr-scim-provisioner"


@_t("tool-output", "vault-kv-get-table")
def _():
    pw = _pw_nosp()
    text = ("$ vault kv get secret/hr/benefits-sftp\n====== Data ======\nKey         Value\n---         -----\nhost        sftp.empower-files.example.net\n"
            "password    %s\nusername    lumenfield_benefits") % pw
    return text, pw, "lumenfield_benefits"


@_t("tool-output", "vault-read-database-creds")
def _():
    pw = "A1a-" + _s(20, _URLSAFE)
    text = ("$ vault read database/creds/payroll-readonly\nKey                Value\n---                -----\nlease_id           database/creds/payroll-readonly/%s\n"
            "lease_duration     1h\nlease_renewable    true\npassword           %s\nusername           v-token-payroll-r-%s-%d") % (_s(24), pw, _low(20), _n(1700000000, 1730000000))
    return text, pw, "database/creds/payroll-readonly"


@_t("tool-output", "terraform-output-json-sensitive")
def _():
    pw = _pw_nosp()
    text = ('$ terraform output -json db\n{\n  "endpoint": "hris-prod.c%s.eu-west-1.rds.amazonaws.com:5432",\n  "username": "hris_admin",\n  "password": "%s"\n}') % (_low(12), pw)
    return text, pw, "hris_admin"


@_t("tool-output", "heroku-config-output")
def _():
    pw = _s(64, _HEXD)
    text = ("$ heroku config -a careers-site-prod\n=== careers-site-prod Config Vars\nDATABASE_URL:      postgres://u%s:%s@ec2-%d-%d-%d-%d.eu-west-1.compute.amazonaws.com:5432/d%s\n"
            "RACK_ENV:          production\nWEB_CONCURRENCY:   2") % (_low(12), pw, _n(3, 54), _n(0, 255), _n(0, 255), _n(0, 255), _low(12))
    return text, pw, "careers-site-prod"


@_t("tool-output", "git-config-list-remote-url")
def _():
    tok = _ghp()
    text = ("$ git config --list --show-origin | grep url\nfile:.git/config        remote.origin.url=https://jdoe:%s@github.com/lumenfield/people-analytics.git\n"
            "file:.git/config        remote.upstream.url=git@github.com:lumenfield/people-analytics.git") % tok
    return text, tok, "lumenfield/people-analytics.git"


@_t("tool-output", "cat-netrc-output")
def _():
    pw = _pw_nosp()
    text = "$ cat ~/.netrc\nmachine api.%s\n  login svc_ats_export\n  password %s\nmachine github.com login x-oauth-basic password ${GH_TOKEN}" % (_pick(_DOMS), pw)
    return text, pw, "svc_ats_export"


@_t("tool-output", "cat-pgpass-output")
def _():
    pw = _pw_nosp().replace(":", "")
    h = _host("hris-db")
    text = "$ cat ~/.pgpass\n%s:5432:hris:hris_readonly:%s\nlocalhost:5432:*:postgres:*" % (h, pw)
    return text, pw, h


@_t("tool-output", "gh-auth-status-show-token")
def _():
    tok = _gho()
    text = ("$ gh auth status -t\ngithub.com\n  \u2713 Logged in to github.com account lf-people-bot (keyring)\n  - Active account: true\n"
            "  - Git operations protocol: https\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'") % tok
    return text, tok, "lf-people-bot"


@_t("tool-output", "npm-config-list-authtoken")
def _():
    tok = _npm()
    text = ('$ npm config list\n; "user" config from /home/dev/.npmrc\n\n//registry.npmjs.org/:_authToken = "%s"\n@lumenfield:registry = "https://registry.npmjs.org/"\n\n; node bin location = /usr/bin/node') % tok
    return text, tok, "@lumenfield:registry"


@_t("tool-output", "cat-docker-config-json-auth")
def _():
    pw = _pw_nosp()
    b = _b64of("ci-bot:" + pw)
    text = '$ cat ~/.docker/config.json\n{\n  "auths": {\n    "registry.%s": {\n      "auth": "%s"\n    }\n  },\n  "credsStore": ""\n}' % (_pick(_IDOMS), b)
    return text, b, '"auths"'


@_t("tool-output", "cat-debian-cnf-output")
def _():
    pw = _s(16)
    text = "$ sudo cat /etc/mysql/debian.cnf\n# Automatically generated for Debian scripts. DO NOT TOUCH!\n[client]\nhost     = localhost\nuser     = debian-sys-maint\npassword = %s\nsocket   = /var/run/mysqld/mysqld.sock" % pw
    return text, pw, "debian-sys-maint"


@_t("tool-output", "grep-rn-config-hit")
def _():
    pw = _pw_nosp()
    text = ('$ grep -rn "password" config/\nconfig/database.yml:12:  password: <%%= ENV["ATS_DB_PASSWORD"] %%>\nconfig/prod/sftp.yml:7:  password: "%s"\n'
            "config/locales/en.yml:88:    password_hint: \"At least 12 characters\"") % pw
    return text, pw, "config/prod/sftp.yml"


@_t("tool-output", "ripgrep-token-hit")
def _():
    tok = _slack_bot()
    text = "$ rg -n 'xox[bp]-' --hidden\nscripts/notify_payroll.py\n14:SLACK_TOKEN = \"%s\"\n\ndocs/runbook.md\n41:Set SLACK_TOKEN to the bot token (starts with xoxb-)." % tok
    return text, tok, "scripts/notify_payroll.py"


@_t("tool-output", "curl-verbose-basic-header")
def _():
    pw = _pw_nosp()
    b = _b64of("api_%s:%s" % (_low(6), pw))
    text = ("$ curl -v https://api.paychex.example/companies\n*   Trying 203.0.113.%d:443...\n* Connected to api.paychex.example\n> GET /companies HTTP/2\n"
            "> Host: api.paychex.example\n> Authorization: Basic %s\n> User-Agent: curl/8.5.0\n< HTTP/2 200") % (_n(1, 250), b)
    return text, b, "api.paychex.example"


@_t("tool-output", "oauth-token-response-json")
def _():
    tok = _s(_n(60, 90), _URLSAFE)
    text = '$ curl -s -X POST https://api.personio.de/v1/auth -d client_id=... -d client_secret=...\n{"success":true,"data":{"token":"%s","expires_in":86400}}' % tok
    return text, tok, "api.personio.de"


@_t("tool-output", "scim-app-test-connection-output")
def _():
    tok = _s(_n(40, 56), _URLSAFE)
    text = "Provisioning > Test Connection\n  Tenant URL: https://scim.%s/scim/v2\n  Secret Token: %s\n  Result: The supplied credentials are authorized to enable provisioning." % (_pick(_DOMS), tok)
    return text, tok, "Test Connection"


@_t("tool-output", "windows-set-output")
def _():
    pw = _pw_nosp()
    text = "C:\\> set | findstr /i kronos\nKRONOS_API_URL=https://lumenfield.mykronos.example/api\nKRONOS_PASSWORD=%s\nKRONOS_USER=apiuser_lf" % pw
    return text, pw, "KRONOS_USER=apiuser_lf"


@_t("tool-output", "powershell-get-childitem-env-table")
def _():
    sec = _azure_secret()
    text = ("PS> Get-ChildItem Env: | Where-Object Name -like 'GRAPH*'\n\nName                           Value\n----                           -----\n"
            "GRAPH_CLIENT_ID                %s\nGRAPH_CLIENT_SECRET            %s\nGRAPH_TENANT_ID                %s") % (_uuid(), sec, _uuid())
    return text, sec, "GRAPH_CLIENT_ID"


@_t("tool-output", "docker-compose-config-resolved")
def _():
    pw = _pw_nosp()
    text = "$ docker compose config\nservices:\n  ats-db:\n    environment:\n      POSTGRES_DB: ats\n      POSTGRES_PASSWORD: %s\n      POSTGRES_USER: ats\n    image: postgres:16" % pw
    return text, pw, "POSTGRES_USER: ats"


@_t("tool-output", "pm2-env-output")
def _():
    tok = _s(32)
    text = "$ pm2 env 3\nNODE_ENV: production\nPORT: 4100\nWORKABLE_SUBDOMAIN: lumenfield\nWORKABLE_TOKEN: %s\nname: workable-webhooks" % tok
    return text, tok, "workable-webhooks"


@_t("tool-output", "systemctl-show-environment")
def _():
    pw = _pw_nosp()
    text = "$ systemctl show clock-bridge -p Environment\nEnvironment=CLOCK_GATEWAY=10.40.2.10 TA_DB_USER=ta_bridge TA_DB_PASS=%s LOG_LEVEL=info" % pw
    return text, pw, "TA_DB_USER=ta_bridge"


@_t("tool-output", "ps-aux-process-args")
def _():
    pw = _pw_nosp()
    text = ("$ ps aux | grep sync\nhrsvc     %d  2.1  1.4 812344 118220 ?  Sl   08:02   3:11 /usr/bin/python3 /opt/hr/sync.py --workday-user ISU_Sync --workday-password %s --tenant lumenfield\n"
            "dev       %d  0.0  0.0   6432   720 pts/0 S+  09:15   0:00 grep sync") % (_n(1000, 99999), pw, _n(1000, 99999))
    return text, pw, "/opt/hr/sync.py"


@_t("tool-output", "shell-history-output")
def _():
    pw = _pw_nosp()
    text = "$ history | tail -4\n  501  cd ~/payroll-tools\n  502  ./upload.sh --host sftp.voya-inbound.example.net --user lf_voya --pass '%s'\n  503  ls -la out/\n  504  history | tail -4" % pw
    return text, pw, "--user lf_voya"


@_t("tool-output", "cat-application-properties")
def _():
    pw = _pw_nosp()
    text = ("$ cat src/main/resources/application-prod.properties\nspring.datasource.url=jdbc:postgresql://%s:5432/recruiting\n"
            "spring.datasource.username=recruiting_app\nspring.datasource.password=%s\nspring.jpa.open-in-view=false") % (_host("rec-pg"), pw)
    return text, pw, "recruiting_app"


@_t("tool-output", "secretsmanager-get-secret-value")
def _():
    pw = _pw_nosp()
    text = ('$ aws secretsmanager get-secret-value --secret-id prod/hr/adp --query SecretString --output text\n'
            '{"username":"adp_api_user","password":"%s","org_oid":"G3%s"}') % (pw, _up(12))
    return text, pw, "adp_api_user"


@_t("tool-output", "gcloud-secrets-access-raw")
def _():
    tok = _s(_n(32, 48))
    text = "$ gcloud secrets versions access latest --secret=deel-api-token --project=lf-people\n%s" % tok
    return text, tok, "deel-api-token"


@_t("tool-output", "op-read-output")
def _():
    pw = _pw()
    text = '$ op read "op://HR Ops/Benefits SFTP/password"\n%s' % pw
    return text, pw, "op://HR Ops/Benefits SFTP/password"


@_t("tool-output", "bw-get-password-output")
def _():
    pw = _pw()
    text = "$ bw get password 'Paychex Flex admin'\n%s\n$ bw get username 'Paychex Flex admin'\npayroll.admin@lumenfield.example" % pw
    return text, pw, "Paychex Flex admin"


@_t("tool-output", "pass-show-output")
def _():
    pw = _pw()
    text = "$ pass show hr/expensify/partner\n%s\nurl: https://integrations.expensify.com\nuser: aa_lumenfield_%s" % (pw, _low(6))
    return text, pw, "hr/expensify/partner"


@_t("tool-output", "sqlite-integration-table")
def _():
    key = _hex(40)
    text = ("sqlite> select id, vendor, api_key, enabled from integrations;\n1|slack|<env>|1\n2|checkr|%s|1\n3|lever|<vault>|0") % key
    return text, key, "select id, vendor, api_key"


@_t("tool-output", "psql-table-output-tokens")
def _():
    tok = _s(40, _URLSAFE)
    text = ("hris=> select name, kind, token from connector_credentials where name like 'zip%%';\n     name      |  kind  |                  token\n"
            "---------------+--------+-------------------------------------------\n ziprecruiter  | bearer | %s\n(1 row)") % tok
    return text, tok, "connector_credentials"


@_t("tool-output", "redis-get-session-json")
def _():
    tok = _s(43, _URLSAFE)
    text = '127.0.0.1:6379> GET session:hrportal:%s\n"{\\"user_id\\":%d,\\"role\\":\\"hr_admin\\",\\"access_token\\":\\"%s\\"}"' % (_hex(16), _n(100, 9999), tok)
    return text, tok, "session:hrportal"


@_t("tool-output", "cat-openssh-private-key")
def _():
    full, body = _openssh()
    text = "$ cat ~/.ssh/benefits_drop\n%s\n$ ls -l ~/.ssh/benefits_drop\n-rw------- 1 dev dev 411 %s ~/.ssh/benefits_drop" % (full, _date())
    return text, body, "-----BEGIN OPENSSH PRIVATE KEY-----"


@_t("tool-output", "cat-rsa-private-key")
def _():
    full, body = _pem("RSA PRIVATE KEY")
    text = "$ cat certs/workday-x509.key\n%s" % full
    return text, body, "certs/workday-x509.key"


@_t("tool-output", "cat-ec-private-key")
def _():
    full, body = _pem("EC PRIVATE KEY", _n(110, 130))
    text = "$ head -n 20 saml/sp-signing.key\n%s" % full
    return text, body, "saml/sp-signing.key"


@_t("tool-output", "python-repl-settings-dict")
def _():
    tok = _s(40)
    text = ">>> from hr_sync import settings\n>>> settings.VENDORS['teamtailor']\n{'base_url': 'https://api.teamtailor.com/v1', 'api_version': '20240404', 'token': '%s'}" % tok
    return text, tok, "api.teamtailor.com"


@_t("tool-output", "node-repl-process-env")
def _():
    sec = _s(32)
    text = "> process.env.ZOOM_CLIENT_SECRET\n'%s'\n> process.env.ZOOM_ACCOUNT_ID\n'%s'" % (sec, _s(22, _URLSAFE))
    return text, sec, "ZOOM_ACCOUNT_ID"


@_t("tool-output", "login-script-prints-jwt")
def _():
    tok = _jwt({"sub": _email(), "scope": "hr.read hr.write", "exp": _n(1730000000, 1760000000)})
    text = "$ ./scripts/login.sh staging\nAuthenticating against https://auth.staging.%s ...\nLogged in. token=%s\nExpires in 3600s" % (_pick(_DOMS), tok)
    return text, tok, "Logged in."


@_t("tool-output", "pytest-assert-diff-shows-token")
def _():
    tok = _s(40)
    text = ("    def test_headers():\n>       assert client.headers['Authorization'] == 'Token abc'\nE       AssertionError: assert 'Token %s' == 'Token abc'\n"
            "tests/test_client.py:22: AssertionError") % tok
    return text, tok, "tests/test_client.py:22"


@_t("tool-output", "ansible-vault-view-output")
def _():
    pw = _pw_nosp()
    text = "$ ansible-vault view group_vars/payroll/vault.yml\nVault password: \nvault_adp_cert_pass: %s\nvault_sftp_user: lf_adp" % pw
    return text, pw, "vault_sftp_user: lf_adp"


@_t("tool-output", "kubectl-describe-pod-env")
def _():
    pw = _pw_nosp()
    text = ("$ kubectl describe pod onboarding-worker-7d9f8-x2kq\n...\n    Environment:\n      SMTP_HOST:      smtp.sendgrid.net\n      SMTP_USER:      apikey\n"
            "      SMTP_PASS:      %s\n      QUEUE_URL:      <set to the key 'url' in secret 'onboarding-queue'>") % pw
    return text, pw, "onboarding-worker"


@_t("tool-output", "helm-get-values-output")
def _():
    pw = _pw_nosp()
    text = "$ helm get values people-api -n people\nUSER-SUPPLIED VALUES:\nimage:\n  tag: %d.%d.%d\npostgresql:\n  auth:\n    password: %s\n    username: people" % (_n(1, 5), _n(0, 40), _n(0, 9), pw)
    return text, pw, "USER-SUPPLIED VALUES"


@_t("tool-output", "docker-logs-connection-banner")
def _():
    pw = _pw_url()
    text = "$ docker logs ats-worker --tail 3\n[boot] connecting to postgres://ats:%s@ats-db:5432/ats\n[boot] migrations up to date\n[boot] listening on :3000" % pw
    return text, pw, "migrations up to date"


@_t("tool-output", "terraform-plan-plain-password")
def _():
    pw = _pw_nosp()
    text = ('  # aws_db_instance.hris will be created\n  + resource "aws_db_instance" "hris" {\n      + engine         = "postgres"\n'
            '      + username       = "hris_admin"\n      + password       = "%s"\n      + instance_class = "db.r6g.large"') % pw
    return text, pw, "aws_db_instance.hris"


@_t("tool-output", "stripe-config-list-output")
def _():
    tok = _rk_live()
    text = "$ stripe config --list\n[default]\ndevice_name = 'payroll-laptop'\nlive_mode_api_key = '%s'\nlive_mode_key_expires_at = '%s'" % (tok, _date())
    return text, tok, "payroll-laptop"


@_t("tool-output", "lftp-bookmark-list")
def _():
    pw = _pw_url()
    text = "lftp :~> bookmark list\nadp       sftp://lf_adp@sftp.adp-transfer.example/\nguideline sftp://lumenfield:%s@files.guideline-drop.example/" % pw
    return text, pw, "bookmark list"


@_t("tool-output", "rclone-config-show-oauth-token")
def _():
    tok = _ya29()
    text = ('$ rclone config show hrdrive\n[hrdrive]\ntype = drive\nscope = drive.readonly\ntoken = {"access_token":"%s","token_type":"Bearer","expiry":"%s"}') % (tok, _ts())
    return text, tok, "[hrdrive]"


@_t("tool-output", "gcloud-print-access-token")
def _():
    tok = _ya29()
    text = "$ gcloud auth print-access-token --impersonate-service-account=hr-bq@lf-people.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n%s" % tok
    return text, tok, "hr-bq@lf-people.iam.gserviceaccount.com"


@_t("tool-output", "az-get-access-token-json")
def _():
    tok = _jwt({"aud": "https://graph.microsoft.com", "tid": _uuid(), "appid": _uuid()})
    text = '$ az account get-access-token --resource-type ms-graph\n{\n  "accessToken": "%s",\n  "expiresOn": "%s 10:11:12.000000",\n  "tokenType": "Bearer"\n}' % (tok, _date())
    return text, tok, "ms-graph"


@_t("tool-output", "cat-service-account-json-private-key")
def _():
    raw = _pem_lines(_n(300, 360))
    esc = raw.replace("\n", "\\n")
    text = ('$ cat hr-directory-sync.json | head -6\n{\n  "type": "service_account",\n  "project_id": "lf-people",\n  "private_key_id": "%s",\n'
            '  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "dir-sync@lf-people.iam.gserviceaccount.com",') % (_hex(40), esc)
    return text, esc, "dir-sync@lf-people.iam.gserviceaccount.com"


@_t("tool-output", "cat-aws-credentials-file")
def _():
    sec = _aws_secret()
    text = "$ cat ~/.aws/credentials\n[people-analytics]\naws_access_key_id = %s\naws_secret_access_key = %s\nregion = eu-west-1" % (_akia(), sec)
    return text, sec, "[people-analytics]"


@_t("tool-output", "docker-exec-env-output")
def _():
    pw = _pw_nosp()
    text = "$ docker exec hris-db env\nPATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\nHOSTNAME=%s\nMYSQL_ROOT_PASSWORD=%s\nMYSQL_DATABASE=hris" % (_hex(12), pw)
    return text, pw, "MYSQL_DATABASE=hris"


@_t("tool-output", "crontab-l-with-token")
def _():
    tok = _s(40)
    text = "$ crontab -l\n# m h dom mon dow command\n15 2 * * * /usr/bin/curl -fsS -H 'X-Api-Token: %s' https://exports.%s/headcount > /var/log/hc.log 2>&1" % (tok, _pick(_DOMS))
    return text, tok, "/var/log/hc.log"


@_t("tool-output", "cat-fstab-inline-cifs-password")
def _():
    pw = _pw_rand(_n(12, 16), sym=False)
    text = "$ cat /etc/fstab\nUUID=%s /               ext4    errors=remount-ro 0       1\n//nas01/timeclock /mnt/tc cifs username=tcsync,password=%s,uid=1000 0 0" % (_uuid(), pw)
    return text, pw, "username=tcsync"


@_t("tool-output", "wpa-supplicant-psk-kiosk")
def _():
    pw = _pw_phrase(_pick(["-", ""]))
    text = '$ cat /etc/wpa_supplicant/wpa_supplicant.conf\nctrl_interface=DIR=/var/run/wpa_supplicant\nnetwork={\n    ssid="LF-TimeClocks"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % pw
    return text, pw, "LF-TimeClocks"


@_t("tool-output", "timeclock-device-config-dump")
def _():
    pw = _s(_n(8, 12), _LOWER)
    text = "$ curl -s http://10.40.2.%d/cgi-bin/config.cgi?section=comm\nDeviceName=CLOCK-LOBBY-%d\nServerURL=https://wfm.%s/terminal\nCommKey=0\nAdminUser=admin\nAdminPassword=%s\nNTP=pool.ntp.org" % (
        _n(2, 250), _n(1, 9), _pick(_IDOMS), pw)
    return text, pw, "AdminUser=admin"


@_t("tool-output", "git-log-p-removed-key")
def _():
    key = _hex(40)
    text = ("$ git log -p -S BAMBOO -- sync/config.py | head -14\ncommit %s\nAuthor: %s %s <%s>\nDate:   %s\n\n    move bamboo key to env\n\n"
            "-BAMBOO_KEY = \"%s\"\n+BAMBOO_KEY = os.environ[\"BAMBOO_KEY\"]") % (_hex(40), _pick(_FIRST), _pick(_LAST), _email(), _date(), key)
    return text, key, "move bamboo key to env"


@_t("tool-output", "git-diff-added-env-line")
def _():
    key = _hex(32)
    text = "$ git diff --cached .env.example\n@@ -3,3 +3,4 @@ HRIS_BASE_URL=https://api.example\n ATS_PROVIDER=greenhouse\n+GREENHOUSE_API_KEY=%s\n LOG_LEVEL=info" % key
    return text, key, "ATS_PROVIDER=greenhouse"


@_t("tool-output", "gitleaks-finding-secret-field")
def _():
    tok = _slack_user()
    text = ("Finding:     SLACK_USER_TOKEN = \"%s\"\nSecret:      %s\nRuleID:      slack-user-token\nEntropy:     4.81\nFile:        tools/hr_digest.py\nLine:        9\nCommit:      %s") % (tok, tok, _hex(40))
    return text, tok, "tools/hr_digest.py"


@_t("tool-output", "strings-binary-embedded-token")
def _():
    tok = _s(_n(32, 40))
    text = "$ strings -n 12 clockd | grep -i -A1 apikey\nX-Clock-ApiKey\n%s\nhttps://cloud.allied-time.example/v2/punches" % tok
    return text, tok, "X-Clock-ApiKey"


@_t("tool-output", "onelogin-cli-show-credentials")
def _():
    sec = _hex(64)
    text = "$ onelogin-cli apps credentials 1874221\nclient_id:     %s\nclient_secret: %s\nissuer:        https://lumenfield.onelogin.com/oidc/2" % (_hex(64), sec)
    return text, sec, "lumenfield.onelogin.com"


@_t("tool-output", "sops-decrypt-output")
def _():
    sec = _s(48, _URLSAFE)
    text = "$ sops -d secrets/people-prod.enc.yaml\nculture_amp:\n    api_key: %s\nlattice:\n    api_key: ENC-handled-elsewhere" % sec
    return text, sec, "secrets/people-prod.enc.yaml"


# =====================================================================
# group: config-file
# =====================================================================
@_t("config-file", "dotenv-hris-block")
def _():
    key = _hex(40)
    text = "# .env (hris-sync)\nBAMBOOHR_SUBDOMAIN=lumenfield\nBAMBOOHR_API_KEY=%s\nSYNC_INTERVAL_MINUTES=30\nDRY_RUN=false" % key
    return text, key, "BAMBOOHR_SUBDOMAIN=lumenfield"


@_t("config-file", "docker-compose-environment-map")
def _():
    pw = _pw_nosp()
    text = "services:\n  ats-db:\n    image: postgres:16-alpine\n    environment:\n      POSTGRES_USER: ats\n      POSTGRES_PASSWORD: \"%s\"\n    volumes:\n      - atsdata:/var/lib/postgresql/data" % pw
    return text, pw, "POSTGRES_USER: ats"


@_t("config-file", "spring-application-yml-datasource")
def _():
    pw = _pw_nosp()
    text = "spring:\n  datasource:\n    url: jdbc:postgresql://%s:5432/onboarding\n    username: onboarding_svc\n    password: '%s'\n  jpa:\n    hibernate:\n      ddl-auto: validate" % (_host("onb-pg"), pw)
    return text, pw, "onboarding_svc"


@_t("config-file", "rails-database-yml-production")
def _():
    pw = _pw_nosp()
    text = "production:\n  <<: *default\n  database: ats_production\n  username: ats\n  password: \"%s\"\n  host: %s" % (pw, _host("ats-pg"))
    return text, pw, "ats_production"


@_t("config-file", "pgpass-line")
def _():
    pw = _pw_nosp().replace(":", "")
    h = _host("payroll-pg")
    text = "# ~/.pgpass  (chmod 600)\n%s:5432:payroll:payroll_etl:%s" % (h, pw)
    return text, pw, h


@_t("config-file", "netrc-machine-entry")
def _():
    pw = _pw_nosp()
    text = "machine sftp.fidelity-drop.example.net\nlogin lumenfield_nb\npassword %s" % pw
    return text, pw, "lumenfield_nb"


@_t("config-file", "npmrc-scoped-authtoken")
def _():
    tok = _npm()
    text = "@lumenfield:registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=%s\nalways-auth=true" % tok
    return text, tok, "@lumenfield:registry"


@_t("config-file", "pypirc-password")
def _():
    tok = _pypi()
    text = "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = %s" % tok
    return text, tok, "index-servers = pypi"


@_t("config-file", "pip-conf-extra-index-creds")
def _():
    pw = _pw_url()
    text = "[global]\ntimeout = 60\nextra-index-url = https://people-eng:%s@artifacts.%s/api/pypi/hr-internal/simple" % (pw, _pick(_IDOMS))
    return text, pw, "people-eng"


@_t("config-file", "aws-credentials-ini-profile")
def _():
    sec = _aws_secret()
    text = "[default]\nregion = eu-west-1\n\n[payroll-archive]\naws_access_key_id = %s\naws_secret_access_key = %s" % (_akia(), sec)
    return text, sec, "[payroll-archive]"


@_t("config-file", "docker-config-json-auths")
def _():
    b = _b64of("people-ci:" + _pw_nosp())
    text = '{\n  "auths": {\n    "ghcr.io": {\n      "auth": "%s"\n    }\n  }\n}' % b
    return text, b, "ghcr.io"


@_t("config-file", "kubeconfig-user-token")
def _():
    tok = _jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:people:deployer"})
    text = "users:\n- name: people-deployer\n  user:\n    token: %s\ncontexts:\n- context:\n    cluster: hr-prod\n    user: people-deployer" % tok
    return text, tok, "people-deployer"


@_t("config-file", "k8s-secret-stringdata")
def _():
    pw = _pw_nosp()
    text = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: kronos-api\n  namespace: wfm\ntype: Opaque\nstringData:\n  username: apiuser_lf\n  password: \"%s\"" % pw
    return text, pw, "kronos-api"


@_t("config-file", "k8s-secret-data-base64")
def _():
    b = _b64of(_s(40))
    text = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: zendesk-hr\ndata:\n  subdomain: %s\n  api-token: %s" % (_b64of("lumenfieldhr"), b)
    return text, b, "zendesk-hr"


@_t("config-file", "helm-values-yaml-nested")
def _():
    pw = _pw_nosp()
    text = "people-api:\n  replicaCount: 3\n  externalDatabase:\n    host: %s\n    user: people\n    password: %s\n    database: people" % (_host("people-pg"), pw)
    return text, pw, "externalDatabase"


@_t("config-file", "terraform-tfvars")
def _():
    tok = _okta()
    text = 'okta_org_name  = "lumenfield"\nokta_base_url  = "okta.com"\nokta_api_token = "%s"\nhr_groups      = ["hr-admins", "payroll", "recruiters"]' % tok
    return text, tok, "okta_org_name"


@_t("config-file", "hcl-provider-block-token")
def _():
    tok = _s(40, _URLSAFE)
    text = 'provider "bamboohr" {\n  subdomain = "lumenfield"\n  api_key   = "%s"\n}\n\nresource "bamboohr_field" "cost_center" {\n  name = "Cost Center"\n}' % tok
    return text, tok, 'provider "bamboohr"'


@_t("config-file", "ansible-inventory-ansible-password")
def _():
    pw = _pw_nosp()
    text = "[timeclock_gateways]\ntcgw01 ansible_host=10.40.2.11 ansible_user=Administrator ansible_password=%s ansible_connection=winrm\ntcgw02 ansible_host=10.40.2.12" % pw
    return text, pw, "timeclock_gateways"


@_t("config-file", "ansible-group-vars-yaml")
def _():
    pw = _pw_nosp()
    text = "---\nhris_db_host: %s\nhris_db_user: hris_app\nhris_db_password: \"%s\"\nhris_log_level: warn" % (_host("hris-db"), pw)
    return text, pw, "hris_db_user"


@_t("config-file", "my-cnf-client-section")
def _():
    pw = _pw_nosp()
    text = "[client]\nuser=people_report\npassword=\"%s\"\nhost=%s\ndefault-character-set=utf8mb4" % (pw, _host("hr-mysql"))
    return text, pw, "people_report"


@_t("config-file", "odbc-ini-pwd")
def _():
    pw = _pw_nosp()
    text = "[KronosWFC]\nDriver=ODBC Driver 18 for SQL Server\nServer=kronos-sql01,1433\nDatabase=WFC\nUID=wfm_reader\nPWD=%s\nTrustServerCertificate=yes" % pw
    return text, pw, "[KronosWFC]"


@_t("config-file", "hibernate-cfg-xml-property")
def _():
    pw = _pw_nosp()
    text = ('<hibernate-configuration>\n  <session-factory>\n    <property name="connection.url">jdbc:mysql://%s/benefits</property>\n'
            '    <property name="connection.username">benefits</property>\n    <property name="connection.password">%s</property>\n  </session-factory>\n</hibernate-configuration>') % (_host("ben-mysql"), pw)
    return text, pw, "connection.username"


@_t("config-file", "tomcat-context-xml-resource")
def _():
    pw = _pw_nosp()
    text = ('<Context>\n  <Resource name="jdbc/PayrollDS" auth="Container" type="javax.sql.DataSource"\n            username="payroll_app" password="%s"\n'
            '            driverClassName="oracle.jdbc.OracleDriver" url="jdbc:oracle:thin:@//ora-pay01:1521/PAYPDB"/>\n</Context>') % pw
    return text, pw, "jdbc/PayrollDS"


@_t("config-file", "web-config-connection-string")
def _():
    pw = _pw_nosp()
    text = ('<connectionStrings>\n  <add name="TimeAttendance" connectionString="Server=tcp:ta-sql.%s,1433;Database=TA;User ID=ta_web;Password=%s;Encrypt=True;" providerName="System.Data.SqlClient" />\n</connectionStrings>') % (
        _pick(_IDOMS), pw)
    return text, pw, "TimeAttendance"


@_t("config-file", "appsettings-json-connectionstrings")
def _():
    pw = _pw_nosp()
    text = '{\n  "ConnectionStrings": {\n    "HrPortal": "Host=%s;Database=hrportal;Username=hrportal;Password=%s"\n  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}' % (_host("portal-pg"), pw)
    return text, pw, '"HrPortal"'


@_t("config-file", "nginx-proxy-set-header-basic")
def _():
    b = _b64of("careers_proxy:" + _pw_nosp())
    text = "location /ats/ {\n    proxy_pass https://api.workable.example/;\n    proxy_set_header Authorization \"Basic %s\";\n    proxy_set_header Host api.workable.example;\n}" % b
    return text, b, "location /ats/"


@_t("config-file", "haproxy-set-header-api-key")
def _():
    key = _s(36)
    text = "backend jobboard_partner\n    http-request set-header X-Partner-Key %s\n    server indeed1 partner-api.jobs.example:443 ssl verify required" % key
    return text, key, "backend jobboard_partner"


@_t("config-file", "rclone-conf-sftp-obscured-pass")
def _():
    pw = _s(_n(40, 56), _URLSAFE)
    text = "[mercer-drop]\ntype = sftp\nhost = sftp.mercer-secure.example.net\nuser = lumenfield_hw\npass = %s\nshell_type = unix" % pw
    return text, pw, "[mercer-drop]"


@_t("config-file", "cifs-credentials-file")
def _():
    pw = _pw_nosp()
    text = "# /etc/cifs-credentials/payroll (600)\nusername=svc_payroll\npassword=%s\ndomain=CORP" % pw
    return text, pw, "username=svc_payroll"


@_t("config-file", "postfix-sasl-passwd")
def _():
    tok = _sendgrid()
    text = "# /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:%s" % tok
    return text, tok, "[smtp.sendgrid.net]:587"


@_t("config-file", "msmtprc-password")
def _():
    pw = _pw_nosp()
    text = "account hrnotify\nhost smtp.office365.com\nport 587\nauth on\nuser hr-notifications@lumenfield.example\npassword %s\nfrom hr-notifications@lumenfield.example" % pw
    return text, pw, "account hrnotify"


@_t("config-file", "sssd-conf-ldap-authtok")
def _():
    pw = _pw_nosp()
    text = "[domain/corp.lumenfield]\nid_provider = ldap\nldap_uri = ldaps://ldap.%s\nldap_default_bind_dn = cn=sssd-bind,ou=svc,dc=lumenfield\nldap_default_authtok_type = password\nldap_default_authtok = %s" % (_pick(_IDOMS), pw)
    return text, pw, "cn=sssd-bind"


@_t("config-file", "supervisord-environment")
def _():
    tok = _s(40)
    text = "[program:lever-webhooks]\ncommand=/srv/lever/bin/gunicorn app:app -b 127.0.0.1:8040\nenvironment=LEVER_SIGNING_TOKEN=\"%s\",PYTHONUNBUFFERED=\"1\"\nautorestart=true" % tok
    return text, tok, "[program:lever-webhooks]"


@_t("config-file", "systemd-unit-environment")
def _():
    pw = _pw_nosp()
    text = "[Service]\nUser=clockbridge\nEnvironment=\"TA_DB_URL=postgresql://clockbridge@ta-db/ta\"\nEnvironment=\"TA_DB_PASSWORD=%s\"\nExecStart=/opt/clockbridge/bin/clockbridge" % pw
    return text, pw, "User=clockbridge"


@_t("config-file", "logstash-jdbc-input")
def _():
    pw = _pw_nosp()
    text = ('input {\n  jdbc {\n    jdbc_connection_string => "jdbc:postgresql://%s:5432/hris"\n    jdbc_user => "logstash_ro"\n    jdbc_password => "%s"\n'
            '    statement => "SELECT * FROM audit_log WHERE id > :sql_last_value"\n  }\n}') % (_host("hris-db"), pw)
    return text, pw, "logstash_ro"


@_t("config-file", "filebeat-elasticsearch-output")
def _():
    pw = _pw_nosp()
    text = "output.elasticsearch:\n  hosts: [\"https://es.%s:9200\"]\n  username: \"hr_beats_writer\"\n  password: \"%s\"\n  index: \"hr-audit-%%{+yyyy.MM.dd}\"" % (_pick(_IDOMS), pw)
    return text, pw, "hr_beats_writer"


@_t("config-file", "prometheus-basic-auth")
def _():
    pw = _pw_nosp()
    text = "scrape_configs:\n  - job_name: payroll-exporter\n    scheme: https\n    basic_auth:\n      username: prom\n      password: %s\n    static_configs:\n      - targets: ['payroll-metrics:9443']" % pw
    return text, pw, "payroll-exporter"


@_t("config-file", "grafana-datasource-securejsondata")
def _():
    pw = _pw_nosp()
    text = "apiVersion: 1\ndatasources:\n  - name: People Analytics\n    type: postgres\n    url: %s:5432\n    user: grafana_ro\n    secureJsonData:\n      password: \"%s\"" % (_host("pa-pg"), pw)
    return text, pw, "People Analytics"


@_t("config-file", "airflow-conn-env-uri")
def _():
    pw = _pw_url()
    text = "AIRFLOW__CORE__LOAD_EXAMPLES=False\nAIRFLOW_CONN_HRIS_WAREHOUSE='postgresql://airflow_hr:%s@%s:5432/warehouse'\nAIRFLOW__WEBSERVER__EXPOSE_CONFIG=False" % (pw, _host("dwh"))
    return text, pw, "AIRFLOW_CONN_HRIS_WAREHOUSE"


@_t("config-file", "dbt-profiles-yml")
def _():
    pw = _pw_nosp()
    text = "people_analytics:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: lf-analytics.eu-central-1\n      user: DBT_PEOPLE\n      password: \"%s\"\n      role: TRANSFORMER" % pw
    return text, pw, "DBT_PEOPLE"


@_t("config-file", "snowflake-connections-toml")
def _():
    pw = _pw_nosp()
    text = '[connections.people]\naccount = "lf-analytics"\nuser = "HR_ANALYST_SVC"\npassword = "%s"\nwarehouse = "HR_WH"\ndatabase = "PEOPLE"' % pw
    return text, pw, "HR_ANALYST_SVC"


@_t("config-file", "gitconfig-url-insteadof-token")
def _():
    tok = _ghp()
    text = '[user]\n    name = People Eng Bot\n[url "https://people-bot:%s@github.com/"]\n    insteadOf = https://github.com/' % tok
    return text, tok, "People Eng Bot"


@_t("config-file", "git-credentials-store-line")
def _():
    tok = _glpat()
    text = "# ~/.git-credentials\nhttps://hr-deploy:%s@gitlab.lumenfield.example" % tok
    return text, tok, "gitlab.lumenfield.example"


@_t("config-file", "maven-settings-xml-server")
def _():
    pw = _pw_nosp()
    text = "<settings>\n  <servers>\n    <server>\n      <id>hr-internal</id>\n      <username>people-ci</username>\n      <password>%s</password>\n    </server>\n  </servers>\n</settings>" % pw
    return text, pw, "<id>hr-internal</id>"


@_t("config-file", "gradle-properties-repo-password")
def _():
    pw = _pw_nosp()
    text = "org.gradle.jvmargs=-Xmx2g\nhrRepoUser=people-ci\nhrRepoPassword=%s\nversion=%d.%d.%d" % (pw, _n(1, 4), _n(0, 20), _n(0, 9))
    return text, pw, "hrRepoUser=people-ci"


@_t("config-file", "nuget-config-cleartextpassword")
def _():
    tok = _s(52, _LOWER)
    text = ('<configuration>\n  <packageSourceCredentials>\n    <HrFeed>\n      <add key="Username" value="people-ci" />\n'
            '      <add key="ClearTextPassword" value="%s" />\n    </HrFeed>\n  </packageSourceCredentials>\n</configuration>') % tok
    return text, tok, "<HrFeed>"


@_t("config-file", "jenkins-casc-credentials")
def _():
    pw = _pw_nosp()
    text = ("credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              id: workday-isu\n"
            "              username: ISU_Jenkins\n              password: \"%s\"\n              scope: GLOBAL") % pw
    return text, pw, "workday-isu"


@_t("config-file", "saml-sp-private-key-file")
def _():
    full, body = _pem("PRIVATE KEY")
    text = "# saml/sp-key.pem  (SP signing key for the HR portal)\n%s" % full
    return text, body, "saml/sp-key.pem"


@_t("config-file", "workday-integration-xml-password")
def _():
    pw = _pw_nosp()
    text = ("<wd:Integration_System>\n  <wd:Tenant>lumenfield_preview</wd:Tenant>\n  <wd:Username>ISU_Benefits_Outbound@lumenfield_preview</wd:Username>\n"
            "  <wd:Password>%s</wd:Password>\n</wd:Integration_System>") % pw
    return text, pw, "lumenfield_preview"


@_t("config-file", "soap-wsse-usernametoken-template")
def _():
    pw = _pw_nosp()
    text = ('<wsse:Security xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">\n  <wsse:UsernameToken>\n'
            '    <wsse:Username>ISU_Payroll@lumenfield</wsse:Username>\n    <wsse:Password Type="...#PasswordText">%s</wsse:Password>\n  </wsse:UsernameToken>\n</wsse:Security>') % pw
    return text, pw, "ISU_Payroll@lumenfield"


@_t("config-file", "successfactors-odata-ini")
def _():
    pw = _pw_nosp()
    text = "[successfactors]\napi_server = https://api12preview.sapsf.eu\ncompany_id = lumenfieldT1\nusername = sfapi_sync\npassword = %s" % pw
    return text, pw, "company_id = lumenfieldT1"


@_t("config-file", "adp-connector-properties")
def _():
    sec = _uuid()
    text = "adp.base-url=https://api.adp.com\nadp.client-id=%s\nadp.client-secret=%s\nadp.ssl.keystore=/etc/adp/adp.p12" % (_uuid(), sec)
    return text, sec, "adp.base-url"


@_t("config-file", "winscp-ini-session-password")
def _():
    pw = _HEX(_n(60, 90))
    text = "[Sessions\\lf_benefits@sftp.aon-secure.example.net]\nHostName=sftp.aon-secure.example.net\nUserName=lf_benefits\nPassword=%s\nFSProtocol=2" % pw
    return text, pw, "UserName=lf_benefits"


@_t("config-file", "filezilla-sitemanager-base64-pass")
def _():
    b = _b64of(_pw_nosp())
    text = ('<Server>\n  <Host>ftp.payroll-bureau.example</Host>\n  <Port>21</Port>\n  <User>lumenfield</User>\n  <Pass encoding="base64">%s</Pass>\n'
            '  <Name>Payroll bureau upload</Name>\n</Server>') % b
    return text, b, "Payroll bureau upload"


@_t("config-file", "timeclock-terminal-ini")
def _():
    pw = _s(_n(8, 12), _ALNUM)
    text = "[Terminal]\nModel=InTouch DX\nServer=wfm.%s\nCommUser=tcomm\nCommPassword=%s\nPunchBufferDays=14" % (_pick(_IDOMS), pw)
    return text, pw, "Model=InTouch DX"


@_t("config-file", "hibob-integration-yaml")
def _():
    tok = _s(40, _URLSAFE)
    text = "hibob:\n  base_url: https://api.hibob.com/v1\n  service_user_id: SERVICE-%s\n  service_user_token: %s\n  fields: [root.email, work.department, work.manager]" % (_dig(5), tok)
    return text, tok, "service_user_id"


@_t("config-file", "scim-app-json-bearer")
def _():
    tok = _s(64, _URLSAFE)
    text = '{\n  "app": "lumenfield-hr-portal",\n  "provisioning": {\n    "baseUrl": "https://portal.%s/scim/v2",\n    "authType": "bearer",\n    "bearerToken": "%s"\n  }\n}' % (
        _pick(_DOMS), tok)
    return text, tok, "lumenfield-hr-portal"


@_t("config-file", "azure-function-local-settings")
def _():
    key = _azure_key()
    text = ('{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=lfhrfuncs;AccountKey=%s;EndpointSuffix=core.windows.net",\n'
            '    "FUNCTIONS_WORKER_RUNTIME": "python"\n  }\n}') % key
    return text, key, "AccountName=lfhrfuncs"


@_t("config-file", "google-service-account-json")
def _():
    raw = _pem_lines(_n(300, 360))
    esc = raw.replace("\n", "\\n")
    text = ('{\n  "type": "service_account",\n  "project_id": "lf-workspace-admin",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n'
            '  "client_email": "gam-offboarding@lf-workspace-admin.iam.gserviceaccount.com"\n}') % esc
    return text, esc, "gam-offboarding@lf-workspace-admin.iam.gserviceaccount.com"


@_t("config-file", "env-production-careers-site")
def _():
    tok = _sendgrid()
    text = "NEXT_PUBLIC_SITE_URL=https://careers.%s\nNEXT_PUBLIC_GREENHOUSE_BOARD=lumenfield\nSENDGRID_API_KEY=%s" % (_pick(_DOMS), tok)
    return text, tok, "NEXT_PUBLIC_GREENHOUSE_BOARD"


@_t("config-file", "toml-etl-section-api-key")
def _():
    key = _hex(32)
    text = '[greenhouse]\nboard_token = "lumenfield"\nharvest_api_key = "%s"\non_behalf_of = %d\n\n[output]\npath = "s3://lf-people-exports/ats/"' % (key, _n(1000000, 9999999))
    return text, key, 'board_token = "lumenfield"'


@_t("config-file", "ini-checkr-section")
def _():
    key = _hex(40)
    text = "[checkr]\nenv = production\napi_key = %s\npackage = tasker_standard\n\n[logging]\nlevel = INFO" % key
    return text, key, "package = tasker_standard"


@_t("config-file", "appsettings-xml-add-key-value")
def _():
    sec = _s(64)
    text = '<appSettings>\n  <add key="IndeedPartnerClientId" value="%s" />\n  <add key="IndeedPartnerSecret" value="%s" />\n  <add key="PostingBatchSize" value="50" />\n</appSettings>' % (_hex(32), sec)
    return text, sec, "IndeedPartnerClientId"


@_t("config-file", "laravel-env-mail-password")
def _():
    pw = _pw_nosp()
    text = "MAIL_MAILER=smtp\nMAIL_HOST=smtp.mailgun.org\nMAIL_PORT=587\nMAIL_USERNAME=postmaster@mg.careers.lumenfield.example\nMAIL_PASSWORD=%s\nMAIL_ENCRYPTION=tls" % pw
    return text, pw, "MAIL_HOST=smtp.mailgun.org"


@_t("config-file", "redis-conf-requirepass")
def _():
    pw = _s(_n(32, 48))
    text = "bind 10.20.0.5\nport 6379\nrequirepass %s\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru" % pw
    return text, pw, "maxmemory-policy"


@_t("config-file", "pgbouncer-userlist")
def _():
    pw = _pw_nosp().replace('"', "")
    text = '; pgbouncer userlist.txt\n"hris_app" "%s"\n"stats" "md5%s"' % (pw, _hex(32))
    return text, pw, '"hris_app"'


@_t("config-file", "rabbitmq-conf-default-pass")
def _():
    pw = _pw_nosp()
    text = "listeners.tcp.default = 5672\ndefault_vhost = /people\ndefault_user = hr_events\ndefault_pass = %s" % pw
    return text, pw, "default_user = hr_events"


@_t("config-file", "s3cfg-secret-key")
def _():
    sec = _aws_secret()
    text = "[default]\naccess_key = %s\nsecret_key = %s\nhost_base = s3.eu-west-1.amazonaws.com\nbucket_location = eu-west-1" % (_akia(), sec)
    return text, sec, "host_base = s3.eu-west-1.amazonaws.com"


@_t("config-file", "cloud-init-chpasswd-list")
def _():
    pw = _pw_nosp()
    text = "#cloud-config\nchpasswd:\n  expire: false\n  list: |\n    kiosk:%s\nssh_pwauth: false\nhostname: tc-kiosk-%02d" % (pw, _n(1, 30))
    return text, pw, "#cloud-config"


@_t("config-file", "sftp-profile-json")
def _():
    pw = _pw_nosp()
    text = '{\n  "name": "guideline-401k",\n  "host": "files.guideline-drop.example",\n  "port": 22,\n  "username": "lumenfield",\n  "password": "%s",\n  "remotePath": "/uploads"\n}' % pw
    return text, pw, "guideline-401k"


@_t("config-file", "expensify-integration-json")
def _():
    sec = _hex(40)
    text = '{\n  "credentials": {\n    "partnerUserID": "aa_lumenfield_%s",\n    "partnerUserSecret": "%s"\n  },\n  "policyID": "%s"\n}' % (_low(6), sec, _HEX(16))
    return text, sec, "partnerUserID"


# =====================================================================
# group: source-code
# =====================================================================
@_t("source-code", "python-requests-auth-tuple")
def _():
    pw = _pw_nosp()
    text = 'resp = requests.get(\n    f"{BASE}/api/v1/timecards",\n    auth=("svc_timecards", "%s"),\n    params={"period": period},\n    timeout=30,\n)' % pw
    return text, pw, "svc_timecards"


@_t("source-code", "python-headers-dict-bearer")
def _():
    tok = _s(64)
    text = 'HEADERS = {\n    "Authorization": "Bearer %s",\n    "Accept": "application/json",\n}\nr = requests.get("https://rest.namely.example/api/v1/profiles", headers=HEADERS)' % tok
    return text, tok, "/api/v1/profiles"


@_t("source-code", "python-module-constant-key")
def _():
    key = _hex(32)
    text = "# ats/clients/ziprecruiter.py\nBASE_URL = \"https://api.ziprecruiter.example/partner/v2\"\nZIP_API_KEY = \"%s\"\nPAGE_SIZE = 100" % key
    return text, key, "ats/clients/ziprecruiter.py"


@_t("source-code", "python-environ-get-fallback")
def _():
    key = _hex(40)
    text = 'CHECKR_API_KEY = os.environ.get("CHECKR_API_KEY", "%s")  # fallback for local dev' % key
    return text, key, 'os.environ.get("CHECKR_API_KEY"'


@_t("source-code", "python-psycopg2-connect")
def _():
    pw = _pw_nosp()
    text = 'conn = psycopg2.connect(\n    host="%s",\n    dbname="payroll",\n    user="payroll_etl",\n    password="%s",\n)' % (_host("payroll-pg"), pw)
    return text, pw, 'user="payroll_etl"'


@_t("source-code", "python-sqlalchemy-create-engine")
def _():
    pw = _pw_url()
    text = 'engine = create_engine(\n    "mssql+pyodbc://wfm_reader:%s@kronos-sql01:1433/WFC?driver=ODBC+Driver+18+for+SQL+Server"\n)' % pw
    return text, pw, "kronos-sql01:1433/WFC"


@_t("source-code", "python-boto3-client-keys")
def _():
    sec = _aws_secret()
    text = 's3 = boto3.client(\n    "s3",\n    aws_access_key_id="%s",\n    aws_secret_access_key="%s",\n    region_name="eu-west-1",\n)\ns3.upload_file(path, "lf-payroll-archive", key)' % (_akia(), sec)
    return text, sec, "lf-payroll-archive"


@_t("source-code", "python-paramiko-connect-password")
def _():
    pw = _pw_nosp()
    text = 'ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect("sftp.empower-files.example.net", username="lf_empower", password="%s")\nsftp = ssh.open_sftp()' % pw
    return text, pw, 'username="lf_empower"'


@_t("source-code", "python-pysftp-connection")
def _():
    pw = _pw_nosp()
    text = 'with pysftp.Connection("sftp.voya-inbound.example.net", username="lumenfield", password=\'%s\', cnopts=opts) as sftp:\n    sftp.put(local_file, f"/inbound/{os.path.basename(local_file)}")' % pw
    return text, pw, "sftp.voya-inbound.example.net"


@_t("source-code", "python-smtplib-login")
def _():
    pw = _pw_nosp()
    text = 'with smtplib.SMTP("smtp.office365.com", 587) as s:\n    s.starttls()\n    s.login("offers@lumenfield.example", "%s")\n    s.send_message(msg)' % pw
    return text, pw, "offers@lumenfield.example"


@_t("source-code", "python-zeep-wsse-usernametoken")
def _():
    pw = _pw_nosp()
    text = ('from zeep.wsse.username import UsernameToken\nclient = Client(\n    "https://wd3-impl-services1.workday.example/ccx/service/lumenfield/Human_Resources/v42.0?wsdl",\n'
            '    wsse=UsernameToken("ISU_HR_Read@lumenfield", "%s"),\n)') % pw
    return text, pw, "ISU_HR_Read@lumenfield"


@_t("source-code", "python-pyjwt-encode-secret")
def _():
    sec = _s(_n(32, 48))
    text = 'token = jwt.encode(\n    {"sub": employee_id, "scope": "payslip:read", "exp": exp},\n    "%s",\n    algorithm="HS256",\n)' % sec
    return text, sec, "payslip:read"


@_t("source-code", "django-settings-secret-key")
def _():
    sec = _s(50, string.ascii_lowercase + string.digits + "!@#%^&*(-_=+)")
    text = "# hrportal/settings/production.py\nDEBUG = False\nSECRET_KEY = '%s'\nALLOWED_HOSTS = ['hr.lumenfield.example']" % sec
    return text, sec, "hrportal/settings/production.py"


@_t("source-code", "flask-app-config-secret-key")
def _():
    sec = _hex(48)
    text = "app = Flask(__name__)\napp.config['SECRET_KEY'] = '%s'\napp.config['SESSION_COOKIE_SECURE'] = True" % sec
    return text, sec, "SESSION_COOKIE_SECURE"


@_t("source-code", "pytest-conftest-real-token")
def _():
    tok = _s(40, _URLSAFE)
    text = '@pytest.fixture\ndef lattice_client():\n    # TODO: use a sandbox token\n    return LatticeClient(token="%s", base_url="https://api.latticehq.example")' % tok
    return text, tok, "def lattice_client"


@_t("source-code", "js-axios-create-headers")
def _():
    tok = _s(48)
    text = "const ashby = axios.create({\n  baseURL: 'https://api.ashbyhq.example',\n  headers: { Authorization: 'Basic ' + Buffer.from('%s:').toString('base64') },\n});" % tok
    return text, tok, "const ashby"


@_t("source-code", "js-fetch-authorization-header")
def _():
    tok = _s(40)
    text = "const res = await fetch(`https://api.teamtailor.example/v1/candidates?page[size]=30`, {\n  headers: {\n    Authorization: 'Token token=%s',\n    'X-Api-Version': '20240404',\n  },\n});" % tok
    return text, tok, "X-Api-Version"


@_t("source-code", "js-config-object-literal")
def _():
    sec = _s(32)
    text = "module.exports = {\n  zoom: {\n    accountId: '%s',\n    clientId: '%s',\n    clientSecret: '%s',\n  },\n  interviewDurationMinutes: 45,\n};" % (_s(22, _URLSAFE), _s(22), sec)
    return text, sec, "interviewDurationMinutes"


@_t("source-code", "ts-config-service-default")
def _():
    tok = _s(48, _URLSAFE)
    text = "this.deelToken = this.config.get<string>('DEEL_API_TOKEN', '%s');\nthis.deelBase = this.config.get<string>('DEEL_BASE_URL', 'https://api.letsdeel.example/rest/v2');" % tok
    return text, tok, "DEEL_BASE_URL"


@_t("source-code", "node-mysql2-createconnection")
def _():
    pw = _pw_nosp()
    text = "const conn = await mysql.createConnection({\n  host: '%s',\n  user: 'benefits_api',\n  password: '%s',\n  database: 'benefits',\n});" % (_host("ben-mysql"), pw)
    return text, pw, "benefits_api"


@_t("source-code", "node-mongoose-connect-uri")
def _():
    pw = _pw_url()
    text = "await mongoose.connect('mongodb+srv://survey_app:%s@engagement.%s.mongodb.net/pulse?retryWrites=true&w=majority');" % (pw, _low(5))
    return text, pw, "survey_app"


@_t("source-code", "node-nodemailer-transport-auth")
def _():
    pw = _pw_nosp()
    text = "const transporter = nodemailer.createTransport({\n  host: 'smtp.mailgun.org',\n  port: 587,\n  auth: { user: 'postmaster@mg.lumenfield.example', pass: '%s' },\n});" % pw
    return text, pw, "smtp.mailgun.org"


@_t("source-code", "node-jsonwebtoken-sign")
def _():
    sec = _s(40, _ALNUM + "!#%&*")
    text = "const token = jwt.sign({ employeeId, role: 'manager' }, '%s', { expiresIn: '8h' });" % sec
    return text, sec, "expiresIn: '8h'"


@_t("source-code", "express-session-secret")
def _():
    sec = _pw_phrase("-")
    text = "app.use(session({\n  name: 'hrportal.sid',\n  secret: '%s',\n  resave: false,\n  saveUninitialized: false,\n}));" % sec
    return text, sec, "hrportal.sid"


@_t("source-code", "go-const-api-token")
def _():
    tok = _s(40)
    text = 'package personio\n\nconst (\n\tbaseURL  = "https://api.personio.example/v1"\n\tapiToken = "%s"\n)' % tok
    return text, tok, "package personio"


@_t("source-code", "go-sql-open-dsn")
def _():
    pw = _pw_url()
    text = 'db, err := sql.Open("mysql", "clockd:%s@tcp(%s:3306)/punches?parseTime=true")\nif err != nil {\n\tlog.Fatal(err)\n}' % (pw, _host("tc-mysql"))
    return text, pw, "/punches?parseTime=true"


@_t("source-code", "go-http-header-set")
def _():
    tok = _s(32, _LOWER)
    text = 'req, _ := http.NewRequest("GET", "https://api.workable.example/spi/v3/jobs", nil)\nreq.Header.Set("Authorization", "Bearer %s")\nresp, err := client.Do(req)' % tok
    return text, tok, "/spi/v3/jobs"


@_t("source-code", "go-ssh-clientconfig-password")
def _():
    pw = _pw_nosp()
    text = 'cfg := &ssh.ClientConfig{\n\tUser:            "lf_aviva",\n\tAuth:            []ssh.AuthMethod{ssh.Password("%s")},\n\tHostKeyCallback: ssh.FixedHostKey(hostKey),\n}' % pw
    return text, pw, '"lf_aviva"'


@_t("source-code", "java-drivermanager-getconnection")
def _():
    pw = _pw_nosp()
    text = 'Connection c = DriverManager.getConnection(\n    "jdbc:oracle:thin:@//ora-pay01:1521/PAYPDB", "PAY_BATCH", "%s");' % pw
    return text, pw, "PAY_BATCH"


@_t("source-code", "java-static-final-api-key")
def _():
    key = _s(32)
    text = "public final class VisierClient {\n    private static final String API_KEY = \"%s\";\n    private static final String TENANT = \"lumenfield-prod\";" % key
    return text, key, "VisierClient"


@_t("source-code", "java-okhttp-add-header")
def _():
    tok = _s(56, _URLSAFE)
    text = 'Request request = new Request.Builder()\n    .url("https://api.cultureamp.example/v1/employees")\n    .addHeader("Authorization", "Bearer %s")\n    .build();' % tok
    return text, tok, "/v1/employees"


@_t("source-code", "java-spring-value-default")
def _():
    sec = _uuid()
    text = '@Value("${docusign.secret-key:%s}")\nprivate String docusignSecret;' % sec
    return text, sec, "docusign.secret-key"


@_t("source-code", "kotlin-const-val")
def _():
    tok = _s(40)
    text = "object Env {\n    const val API_BASE = \"https://clock-api.%s\"\n    const val CLOCK_API_KEY = \"%s\"\n}" % (_pick(_DOMS), tok)
    return text, tok, "object Env"


@_t("source-code", "csharp-sqlconnection-string")
def _():
    pw = _pw_nosp()
    text = 'using var conn = new SqlConnection("Server=dayforce-stage-sql;Database=DFStage;User Id=df_import;Password=%s;TrustServerCertificate=True");\nawait conn.OpenAsync();' % pw
    return text, pw, "User Id=df_import"


@_t("source-code", "csharp-httpclient-default-headers")
def _():
    tok = _s(40)
    text = 'client.BaseAddress = new Uri("https://api.paychex.example/");\nclient.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Bearer", "%s");' % tok
    return text, tok, "api.paychex.example"


@_t("source-code", "csharp-networkcredential")
def _():
    pw = _pw_nosp()
    text = 'var creds = new NetworkCredential("svc_hrreports", "%s", "CORP");\nvar handler = new HttpClientHandler { Credentials = creds };' % pw
    return text, pw, "svc_hrreports"


@_t("source-code", "ruby-faraday-basic-auth")
def _():
    pw = _pw_nosp()
    text = "conn = Faraday.new(url: 'https://api.icims.example/customers/%d') do |f|\n  f.request :authorization, :basic, 'lumenfield_api', '%s'\n  f.response :json\nend" % (_n(1000, 9999), pw)
    return text, pw, "lumenfield_api"


@_t("source-code", "ruby-constant-token")
def _():
    tok = _s(40)
    text = "module Jobvite\n  API_KEY = 'lumenfield_%s'\n  API_SECRET = '%s'\nend" % (_low(8), tok)
    return text, tok, "module Jobvite"


@_t("source-code", "php-pdo-constructor")
def _():
    pw = _pw_nosp()
    text = "$pdo = new PDO('mysql:host=%s;dbname=careers;charset=utf8mb4', 'careers_web', '%s', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);" % (_host("careers-db"), pw)
    return text, pw, "careers_web"


@_t("source-code", "php-curl-userpwd")
def _():
    pw = _pw_nosp()
    text = "curl_setopt($ch, CURLOPT_URL, 'https://api.hireright.example/v3/orders');\ncurl_setopt($ch, CURLOPT_USERPWD, 'lumenfield_int:%s');\ncurl_setopt($ch, CURLOPT_RETURNTRANSFER, true);" % pw
    return text, pw, "lumenfield_int"


@_t("source-code", "rust-const-str")
def _():
    tok = _s(48)
    text = 'const SURVEY_ENDPOINT: &str = "https://pulse.%s/api/responses";\nconst SURVEY_TOKEN: &str = "%s";' % (_pick(_DOMS), tok)
    return text, tok, "SURVEY_ENDPOINT"


@_t("source-code", "rust-reqwest-bearer-auth")
def _():
    tok = _s(44, _URLSAFE)
    text = 'let resp = client\n    .get("https://api.remote.example/v1/employments")\n    .bearer_auth("%s")\n    .send()\n    .await?;' % tok
    return text, tok, "/v1/employments"


@_t("source-code", "bash-script-token-variable")
def _():
    tok = _s(40)
    text = '#!/usr/bin/env bash\nset -euo pipefail\nTOKEN="%s"\nAPI="https://api.rippling.example/platform/api"\ncurl -fsS -H "Authorization: Bearer $TOKEN" "$API/employees" > employees.json' % tok
    return text, tok, "set -euo pipefail"


@_t("source-code", "bash-script-curl-basic-inline")
def _():
    pw = _pw_nosp()
    text = "#!/bin/sh\n# nightly Dayforce export\ncurl -s --user \"DF_EXPORT:%s\" \"https://www.dayforcehcm.example/Api/lumenfield/V1/Employees\" -o /data/df_employees.json" % pw
    return text, pw, "DF_EXPORT"


@_t("source-code", "powershell-graph-client-secret")
def _():
    sec = _azure_secret()
    text = ('$TenantId = "%s"\n$ClientId = "%s"\n$ClientSecret = "%s"\n'
            '$body = @{ grant_type = "client_credentials"; scope = "https://graph.microsoft.com/.default"; client_id = $ClientId; client_secret = $ClientSecret }') % (_uuid(), _uuid(), sec)
    return text, sec, "graph.microsoft.com/.default"


@_t("source-code", "powershell-pscredential-object")
def _():
    pw = _pw_nosp()
    text = "$secure = ConvertTo-SecureString \"%s\" -AsPlainText -Force\n$cred = New-Object System.Management.Automation.PSCredential('CORP\\svc_ukg', $secure)\nInvoke-Command -ComputerName ukg-app01 -Credential $cred -ScriptBlock { Restart-Service UKGSync }" % pw
    return text, pw, "CORP\\svc_ukg"


@_t("source-code", "sql-migration-create-login")
def _():
    pw = _pw_nosp()
    text = "-- V042__create_report_login.sql\nCREATE LOGIN hr_reporting WITH PASSWORD = '%s', CHECK_POLICY = ON;\nCREATE USER hr_reporting FOR LOGIN hr_reporting;" % pw
    return text, pw, "V042__create_report_login.sql"


@_t("source-code", "sql-insert-integration-credentials")
def _():
    tok = _s(48, _URLSAFE)
    text = "INSERT INTO integration_settings (vendor, setting_key, setting_value)\nVALUES ('smartrecruiters', 'base_url', 'https://api.smartrecruiters.com'),\n       ('smartrecruiters', 'api_token', '%s');" % tok
    return text, tok, "integration_settings"


@_t("source-code", "terraform-resource-db-password")
def _():
    pw = _pw_nosp()
    text = 'resource "aws_db_instance" "people" {\n  identifier     = "people-analytics"\n  engine         = "postgres"\n  username       = "pa_admin"\n  password       = "%s"\n  instance_class = "db.t4g.medium"\n}' % pw
    return text, pw, "people-analytics"


@_t("source-code", "swift-let-api-key")
def _():
    key = _s(40)
    text = 'enum ClockConfig {\n    static let baseURL = URL(string: "https://punch.%s/v2")!\n    static let apiKey = "%s"\n}' % (_pick(_DOMS), key)
    return text, key, "enum ClockConfig"


@_t("source-code", "dart-const-token")
def _():
    tok = _s(40, _URLSAFE)
    text = "class ApiConfig {\n  static const String baseUrl = 'https://mobile-api.%s';\n  static const String bearer = '%s';\n}" % (_pick(_DOMS), tok)
    return text, tok, "class ApiConfig"


@_t("source-code", "java-mail-passwordauthentication")
def _():
    pw = _pw_nosp()
    text = 'Session session = Session.getInstance(props, new Authenticator() {\n    protected PasswordAuthentication getPasswordAuthentication() {\n        return new PasswordAuthentication("noreply-hr@lumenfield.example", "%s");\n    }\n});' % pw
    return text, pw, "noreply-hr@lumenfield.example"


@_t("source-code", "airflow-dag-connection-dict")
def _():
    pw = _pw_nosp()
    text = 'LEGACY_HRIS = {\n    "conn_type": "oracle",\n    "host": "ora-hr01",\n    "login": "HR_EXTRACT",\n    "password": "%s",\n    "schema": "HR",\n}' % pw
    return text, pw, "HR_EXTRACT"


@_t("source-code", "jupyter-notebook-cell-source")
def _():
    tok = _s(32)
    text = '{\n "cell_type": "code",\n "source": [\n  "import visier\\n",\n  "client = visier.Client(tenant=\\"lumenfield\\", api_key=\\"%s\\")\\n",\n  "df = client.query(\\"attrition_by_team\\")"\n ]\n}' % tok
    return text, tok, "attrition_by_team"


@_t("source-code", "apps-script-const-secret")
def _():
    sec = _s(40, _URLSAFE)
    text = "// Code.gs - sync interview feedback form to ATS\nconst ATS_TOKEN = '%s';\nfunction onFormSubmit(e) {\n  UrlFetchApp.fetch(ATS_URL, { headers: { Authorization: 'Bearer ' + ATS_TOKEN } });\n}" % sec
    return text, sec, "function onFormSubmit"


@_t("source-code", "vba-adodb-connection-string")
def _():
    pw = _pw_nosp()
    text = 'Set conn = CreateObject("ADODB.Connection")\nconn.Open "Provider=SQLOLEDB;Data Source=PAYSQL02;Initial Catalog=Payroll;User ID=xl_report;Password=%s;"\nSet rs = conn.Execute("SELECT * FROM vw_MonthlyGross")' % pw
    return text, pw, "User ID=xl_report"


@_t("source-code", "python-inline-pem-string")
def _():
    full, body = _pem("RSA PRIVATE KEY", _n(250, 330))
    text = 'DOCUSIGN_PRIVATE_KEY = """%s"""\ntoken = api_client.request_jwt_user_token(client_id=INTEGRATION_KEY, user_id=USER_ID, oauth_host_name="account-d.docusign.com", private_key_bytes=DOCUSIGN_PRIVATE_KEY.encode(), expires_in=3600)' % full
    return text, body, "DOCUSIGN_PRIVATE_KEY"


@_t("source-code", "js-test-sets-process-env")
def _():
    tok = _slack_bot()
    text = "beforeAll(() => {\n  process.env.SLACK_BOT_TOKEN = '%s';\n  process.env.HR_CHANNEL = 'C%s';\n});" % (tok, _up(10))
    return text, tok, "beforeAll"


@_t("source-code", "perl-dbi-connect")
def _():
    pw = _pw_nosp()
    text = 'my $dbh = DBI->connect("dbi:Pg:dbname=legacy_payroll;host=%s", "paycalc", "%s", { RaiseError => 1 });' % (_host("legacy-pg"), pw)
    return text, pw, "legacy_payroll"


@_t("source-code", "r-dbconnect-password")
def _():
    pw = _pw_nosp()
    text = 'con <- DBI::dbConnect(RPostgres::Postgres(),\n  host = "%s", dbname = "people",\n  user = "analyst_ro", password = "%s")\nattrition <- dbGetQuery(con, "select * from mart.attrition")' % (_host("pa-pg"), pw)
    return text, pw, "analyst_ro"


@_t("source-code", "scala-spark-jdbc-option")
def _():
    pw = _pw_nosp()
    text = 'val df = spark.read.format("jdbc")\n  .option("url", "jdbc:postgresql://%s:5432/hris")\n  .option("user", "spark_ro")\n  .option("password", "%s")\n  .option("dbtable", "employees")\n  .load()' % (_host("hris-db"), pw)
    return text, pw, "spark_ro"


@_t("source-code", "c-define-api-secret")
def _():
    sec = _hex(32)
    text = '/* firmware/clock_cloud.h */\n#define CLOUD_HOST "punch.allied-time.example"\n#define CLOUD_DEVICE_SECRET "%s"\n#define CLOUD_PORT 443' % sec
    return text, sec, "firmware/clock_cloud.h"


@_t("source-code", "python-webhook-hmac-secret-bytes")
def _():
    sec = _hex(40)
    text = 'CHECKR_WEBHOOK_SECRET = b"%s"\n\ndef verify(body, sig):\n    mac = hmac.new(CHECKR_WEBHOOK_SECRET, body, hashlib.sha256).hexdigest()\n    return hmac.compare_digest(mac, sig)' % sec
    return text, sec, "def verify"


@_t("source-code", "node-brex-client-init")
def _():
    tok = "bxt_" + _s(40)
    text = "const brex = new BrexClient({\n  token: '%s',\n  baseUrl: 'https://platform.brexapis.example',\n});\nconst expenses = await brex.expenses.list({ limit: 100 });" % tok
    return text, tok, "brex.expenses.list"


@_t("source-code", "python-ldap-simple-bind")
def _():
    pw = _pw_nosp()
    text = 'l = ldap.initialize("ldaps://dc02.corp.lumenfield.example")\nl.simple_bind_s("CN=svc-onboard,OU=Service,DC=corp,DC=lumenfield", "%s")' % pw
    return text, pw, "CN=svc-onboard"


@_t("source-code", "go-aws-static-credentials")
def _():
    sec = _aws_secret()
    text = 'cfg, _ := config.LoadDefaultConfig(ctx,\n\tconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("%s", "%s", "")),\n\tconfig.WithRegion("eu-west-1"))' % (_akia(), sec)
    return text, sec, "NewStaticCredentialsProvider"


@_t("source-code", "python-dataclass-default-password")
def _():
    pw = _pw_nosp()
    text = "@dataclass\nclass SftpTarget:\n    host: str = \"sftp.legal-general-drop.example\"\n    user: str = \"lumenfield_pen\"\n    password: str = \"%s\"\n    remote_dir: str = \"/in\"" % pw
    return text, pw, "class SftpTarget"


@_t("source-code", "graphql-client-header-token")
def _():
    tok = _s(48)
    text = "const client = new GraphQLClient('https://api.15five.example/graphql', {\n  headers: { 'X-Api-Token': '%s' },\n});" % tok
    return text, tok, "GraphQLClient"


@_t("source-code", "python-twilio-client-init")
def _():
    tok = _hex(32)
    text = 'from twilio.rest import Client\nclient = Client("AC%s", "%s")\nclient.messages.create(to=candidate.phone, from_=SMS_FROM, body=reminder)' % (_hex(32), tok)
    return text, tok, "from twilio.rest import Client"


# =====================================================================
# group: stack-trace-or-log
# =====================================================================
@_t("stack-trace-or-log", "python-traceback-frame-locals")
def _():
    pw = _pw_nosp()
    text = ('Traceback (most recent call last):\n  File "/srv/hr/sync/benefits.py", line 88, in push_census\n    sftp = connect(host, user, password)\n'
            "    host = 'sftp.aon-secure.example.net'\n    user = 'lf_benefits'\n    password = '%s'\nparamiko.ssh_exception.AuthenticationException: Authentication failed.") % pw
    return text, pw, "/srv/hr/sync/benefits.py"


@_t("stack-trace-or-log", "log-connecting-db-url")
def _():
    pw = _pw_url()
    text = "%s INFO  [payroll.db] connecting to postgresql://payroll_etl:%s@%s:5432/payroll (pool=5)" % (_ts(), pw, _host("payroll-pg"))
    return text, pw, "[payroll.db]"


@_t("stack-trace-or-log", "java-exception-jdbc-url-password-param")
def _():
    pw = _pw_url()
    text = ("java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times.\n"
            "  url=jdbc:mysql://%s:3306/benefits?user=benefits&password=%s&useSSL=true\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:110)") % (_host("ben-mysql"), pw)
    return text, pw, "SQLNonTransientConnectionException"


@_t("stack-trace-or-log", "nginx-access-log-api-key-query")
def _():
    key = _s(32)
    text = '%s - - [%s:%s +0000] "GET /partner/jobs/feed.xml?api_key=%s HTTP/1.1" 200 48213 "-" "IndeedBot/1.1"' % (
        "198.51.100.%d" % _n(1, 250), "12/Jun/2024", _time(), key)
    return text, key, "/partner/jobs/feed.xml"


@_t("stack-trace-or-log", "apache-access-log-access-token-query")
def _():
    tok = _s(43, _URLSAFE)
    text = '10.1.4.%d - - [03/Jul/2024:%s +0200] "GET /api/payslips/2024-06.pdf?access_token=%s HTTP/1.1" 200 182233' % (_n(2, 250), _time(), tok)
    return text, tok, "/api/payslips/2024-06.pdf"


@_t("stack-trace-or-log", "http-debug-header-dump")
def _():
    tok = _s(_n(40, 60), _URLSAFE)
    text = "DEBUG http.client: send: POST /v1/hris/employees HTTP/1.1\nDEBUG http.client: header: Host: api.merge-like.example\nDEBUG http.client: header: Authorization: Bearer %s\nDEBUG http.client: header: X-Account-Token: ***" % tok
    return text, tok, "/v1/hris/employees"


@_t("stack-trace-or-log", "urllib3-send-bytes-basic")
def _():
    b = _b64of("lf-api:" + _pw_nosp())
    text = "send: b'GET /services/rest/employees HTTP/1.1\\r\\nHost: api.namely.example\\r\\nAuthorization: Basic %s\\r\\nAccept: */*\\r\\n\\r\\n'" % b
    return text, b, "/services/rest/employees"


@_t("stack-trace-or-log", "axios-error-config-dump")
def _():
    tok = _s(40, _URLSAFE)
    text = ("AxiosError: Request failed with status code 429\n  config: {\n    url: 'https://api.lever.co/v1/opportunities',\n    method: 'get',\n"
            "    headers: { Accept: 'application/json', Authorization: 'Bearer %s' },\n  },\n  code: 'ERR_BAD_REQUEST'") % tok
    return text, tok, "status code 429"


@_t("stack-trace-or-log", "pod-log-env-print")
def _():
    pw = _pw_nosp()
    text = "[entrypoint] effective config:\n[entrypoint]   HRIS_URL=https://hris.%s\n[entrypoint]   HRIS_USER=integration\n[entrypoint]   HRIS_PASS=%s\n[entrypoint] starting worker" % (_pick(_IDOMS), pw)
    return text, pw, "[entrypoint] effective config"


@_t("stack-trace-or-log", "sudo-auth-log-command-password")
def _():
    pw = _pw_nosp()
    text = "Jun 12 09:14:02 hr-util01 sudo:    alice : TTY=pts/1 ; PWD=/home/alice ; USER=root ; COMMAND=/usr/local/bin/reset-kiosk --admin-pass %s" % pw
    return text, pw, "hr-util01 sudo"


@_t("stack-trace-or-log", "login-failed-log-with-attempted-password")
def _():
    pw = _pw_word()
    text = "%s WARN  auth: Login failed for user 'payroll_admin' from 10.8.1.%d (password='%s'): invalid credentials" % (_ts(), _n(2, 250), pw)
    return text, pw, "Login failed for user 'payroll_admin'"


@_t("stack-trace-or-log", "scim-request-log-token-param")
def _():
    tok = _s(48, _URLSAFE)
    text = "%s scim-bridge POST /scim/v2/Users?token=%s 201 Created userName=%s" % (_ts(), tok, _email())
    return text, tok, "scim-bridge"


@_t("stack-trace-or-log", "soap-envelope-debug-log")
def _():
    pw = _pw_nosp()
    text = ("DEBUG zeep.transports: HTTP Post to https://wd3-services1.workday.example/ccx/service/lumenfield/Payroll/v42.0:\n<soap-env:Envelope><soap-env:Header><wsse:Security><wsse:UsernameToken>"
            "<wsse:Username>ISU_Payroll@lumenfield</wsse:Username><wsse:Password>%s</wsse:Password></wsse:UsernameToken></wsse:Security></soap-env:Header>") % pw
    return text, pw, "zeep.transports"


@_t("stack-trace-or-log", "timeclock-device-ftp-log")
def _():
    pw = _s(_n(8, 12))
    text = "[CLOCK-%02d] %s FTP upload start server=10.40.1.5 user=clockftp password=%s file=PUNCH_%s.DAT\n[CLOCK-%02d] upload ok (412 records)" % (
        _n(1, 40), _time(), pw, _date().replace("-", ""), _n(1, 40))
    return text, pw, "user=clockftp"


@_t("stack-trace-or-log", "celery-task-args-log")
def _():
    pw = _pw_nosp()
    text = "[%s: INFO/ForkPoolWorker-3] Task hr.tasks.push_to_sftp[%s] received: args=('census.csv',) kwargs={'host': 'sftp.nest-transfer.example.net', 'username': 'lumenfield', 'password': '%s'}" % (
        _ts(), _uuid(), pw)
    return text, pw, "hr.tasks.push_to_sftp"


@_t("stack-trace-or-log", "airflow-task-log-uri")
def _():
    pw = _pw_url()
    text = "[%s] {base.py:73} INFO - Using connection ID 'ats_warehouse' for task execution.\n[%s] {sql.py:418} INFO - Running statement: COPY ... , uri=postgresql://airflow:%s@dwh.%s/ats" % (
        _ts(), _ts(), pw, _pick(_IDOMS))
    return text, pw, "ats_warehouse"


@_t("stack-trace-or-log", "rails-log-parameters-unfiltered-token")
def _():
    tok = _s(40)
    text = 'Started POST "/integrations/checkr/connect" for 10.0.3.%d at %s\nProcessing by Integrations::CheckrController#connect as JSON\n  Parameters: {"api_token"=>"%s", "package"=>"driver_pro", "password"=>"[FILTERED]"}' % (
        _n(2, 250), _date(), tok)
    return text, tok, "Integrations::CheckrController#connect"


@_t("stack-trace-or-log", "django-debug-settings-excerpt")
def _():
    pw = _pw_nosp()
    text = "DATABASES\n{'default': {'ENGINE': 'django.db.backends.postgresql', 'HOST': 'hr-db', 'NAME': 'hrportal', 'PASSWORD': '%s', 'USER': 'hrportal'}}" % pw
    return text, pw, "django.db.backends.postgresql"


@_t("stack-trace-or-log", "json-structured-log-client-secret")
def _():
    sec = _s(40, _URLSAFE)
    text = '{"ts":"%s","level":"debug","svc":"payroll-connector","msg":"token request","client_id":"lumenfield-prod","client_secret":"%s","grant_type":"client_credentials"}' % (_ts(), sec)
    return text, sec, "payroll-connector"


@_t("stack-trace-or-log", "logfmt-line-token")
def _():
    tok = _s(40, _URLSAFE)
    text = 'time=%s level=info component=jobboard-sync partner=ziprecruiter token=%s posted=%d skipped=%d' % (_ts(), tok, _n(1, 90), _n(0, 9))
    return text, tok, "component=jobboard-sync"


@_t("stack-trace-or-log", "go-panic-dsn")
def _():
    pw = _pw_url()
    text = "panic: dial tcp 10.30.0.9:3306: i/o timeout (dsn=\"clockd:%s@tcp(tc-mysql:3306)/punches\")\n\ngoroutine 1 [running]:\nmain.mustDB(...)\n\t/src/cmd/clockd/main.go:57" % pw
    return text, pw, "/src/cmd/clockd/main.go:57"


@_t("stack-trace-or-log", "dotnet-exception-connection-string")
def _():
    pw = _pw_nosp()
    text = "System.ArgumentException: Keyword not supported: 'encrypt '.\n   ConnectionString: Server=ta-sql;Database=TA;User Id=ta_web;Password=%s;Encrypt =True\n   at Microsoft.Data.SqlClient.SqlConnectionString..ctor(String connectionString)" % pw
    return text, pw, "Keyword not supported"


@_t("stack-trace-or-log", "sentry-breadcrumb-signed-url")
def _():
    sig = _b64u(256)
    text = "breadcrumb [http] GET https://d1payroll.cloudfront.net/payslips/%d/2024-05.pdf?Expires=%d&Signature=%s&Key-Pair-Id=K%s -> 403" % (
        _n(10000, 99999), _n(1718000000, 1720000000), sig, _up(13))
    return text, sig, "d1payroll.cloudfront.net"


@_t("stack-trace-or-log", "lambda-event-headers-x-api-key")
def _():
    key = _s(40)
    text = 'START RequestId: %s Version: $LATEST\nEVENT {"resource":"/candidates","httpMethod":"POST","headers":{"content-type":"application/json","x-api-key":"%s"},"body":"{...}"}' % (_uuid(), key)
    return text, key, '"resource":"/candidates"'


@_t("stack-trace-or-log", "webhook-delivery-log-url-token")
def _():
    tok = _s(32)
    text = "%s webhook delivery #%d -> https://hooks.%s/ats/greenhouse?token=%s status=500 retry_in=60s" % (_ts(), _n(10000, 99999), _pick(_DOMS), tok)
    return text, tok, "webhook delivery"


@_t("stack-trace-or-log", "bgc-callback-authorization-token-log")
def _():
    tok = _hex(40)
    text = "INFO bgc.callback received report.completed candidate=%s\nDEBUG bgc.callback outbound GET /v1/reports/%s headers={'Authorization': 'Token %s'}" % (_hex(24), _hex(24), tok)
    return text, tok, "report.completed"


@_t("stack-trace-or-log", "php-stack-pdo-args")
def _():
    pw = _pw_nosp()
    text = ("PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'careers_web'@'10.2.0.7' in /var/www/careers/db.php:9\n"
            "Stack trace:\n#0 /var/www/careers/db.php(9): PDO->__construct('mysql:host=careers...', 'careers_web', '%s')\n#1 {main}") % pw
    return text, pw, "/var/www/careers/db.php"


@_t("stack-trace-or-log", "smtp-debug-auth-plain")
def _():
    b = _b64of("\x00noreply-hr@lumenfield.example\x00" + _pw_nosp())
    text = "DEBUG SMTP: Attempt to authenticate using mechanisms: PLAIN LOGIN\nC: AUTH PLAIN %s\nS: 535 5.7.139 Authentication unsuccessful\njavax.mail.AuthenticationFailedException: 535 5.7.139" % b
    return text, b, "AuthenticationFailedException"


@_t("stack-trace-or-log", "smtp-debug-auth-login-steps")
def _():
    pw = _pw_nosp()
    b = _b64of(pw)
    text = "send: 'AUTH LOGIN'\nreply: 334 VXNlcm5hbWU6\nsend: '%s'\nreply: 334 UGFzc3dvcmQ6\nsend: '%s'\nreply: 235 2.7.0 Authentication successful" % (_b64of("offers@lumenfield.example"), b)
    return text, b, "AUTH LOGIN"


@_t("stack-trace-or-log", "ftp-session-log-pass-command")
def _():
    pw = _pw_nosp()
    text = "Status:\tConnecting to ftp.payroll-bureau.example:21...\nCommand:\tUSER lumenfield\nResponse:\t331 Password required\nCommand:\tPASS %s\nResponse:\t230 Logged on" % pw
    return text, pw, "USER lumenfield"


@_t("stack-trace-or-log", "ldap-bind-debug-log")
def _():
    pw = _pw_nosp()
    text = "ldap3 DEBUG:BASIC:Bind request <{'version': 3, 'name': 'cn=svc-hris,ou=svc,dc=lumenfield', 'authentication': {'simple': '%s', 'sasl': None}}>" % pw
    return text, pw, "cn=svc-hris,ou=svc,dc=lumenfield"


@_t("stack-trace-or-log", "python-logging-dict-api-key")
def _():
    key = _s(40)
    text = "%s DEBUG hr_sync.vendors loaded vendor config: {'name': 'culture_amp', 'api_key': '%s', 'region': 'eu'}" % (_ts(), key)
    return text, key, "hr_sync.vendors"


@_t("stack-trace-or-log", "jenkins-console-set-x-curl")
def _():
    tok = _s(40)
    text = "[Pipeline] sh\n+ curl -fsS -H 'Authorization: Bearer %s' https://api.gusto-demo.example/v1/companies/%s/payrolls\n{\"payrolls\":[]}" % (tok, _uuid())
    return text, tok, "[Pipeline] sh"


@_t("stack-trace-or-log", "bash-xtrace-export-token")
def _():
    tok = _s(43, _URLSAFE)
    text = "+ source /etc/payroll/env\n++ export GUSTO_TOKEN=%s\n++ GUSTO_TOKEN=%s\n+ python -m payroll.sync" % (tok, tok)
    return text, tok, "python -m payroll.sync"


@_t("stack-trace-or-log", "terraform-debug-log-header")
def _():
    tok = _okta()
    text = "%s [DEBUG] provider.terraform-provider-okta: Okta Request: GET /api/v1/groups?q=hr-\n%s [DEBUG] provider.terraform-provider-okta: Authorization: SSWS %s" % (_ts(), _ts(), tok)
    return text, tok, "terraform-provider-okta"


@_t("stack-trace-or-log", "kubectl-v9-curl-bearer")
def _():
    tok = _jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:people:ci"})
    text = 'I0612 10:02:11.%06d   40213 round_trippers.go:466] curl -v -XGET  -H "Accept: application/json" -H "Authorization: Bearer %s" \'https://k8s.hr.internal:6443/api/v1/namespaces/people/pods\'' % (_n(0, 999999), tok)
    return text, tok, "round_trippers.go:466"


@_t("stack-trace-or-log", "azure-function-log-storage-conn")
def _():
    key = _azure_key()
    text = "%s [Error] Executed 'Functions.PayrollDrop' (Failed)\nStorageException: 403 using DefaultEndpointsProtocol=https;AccountName=lfpayrolldrop;AccountKey=%s;EndpointSuffix=core.windows.net" % (_ts(), key)
    return text, key, "Functions.PayrollDrop"


@_t("stack-trace-or-log", "heroku-router-log-token-path")
def _():
    tok = _s(32, _LOWER)
    text = '%s heroku[router]: at=info method=GET path="/offer/accept?t=%s" host=careers.lumenfield.example request_id=%s fwd="203.0.113.9" status=200' % (_ts(), tok, _uuid())
    return text, tok, "heroku[router]"


@_t("stack-trace-or-log", "postgres-log-alter-role-statement")
def _():
    pw = _pw_nosp()
    text = "%s UTC [%d] postgres@hris LOG:  statement: ALTER ROLE hris_app PASSWORD '%s';" % (_date() + " " + _time(), _n(1000, 99999), pw)
    return text, pw, "ALTER ROLE hris_app"


@_t("stack-trace-or-log", "mysql-general-log-create-user")
def _():
    pw = _pw_nosp()
    text = "%sT%s.%06dZ\t   %d Query\tCREATE USER 'ta_export'@'%%' IDENTIFIED BY '%s'" % (_date(), _time(), _n(0, 999999), _n(10, 999), pw)
    return text, pw, "CREATE USER 'ta_export'"


@_t("stack-trace-or-log", "ssis-execution-log-connection")
def _():
    pw = _pw_nosp()
    text = "Error: 0xC0202009 at Load Timecards, OLE DB Destination: SSIS Error Code DTS_E_OLEDBERROR.\nConnection: Data Source=PAYSQL02;User ID=ssis_ta;Password=%s;Initial Catalog=Staging;Provider=MSOLEDBSQL" % pw
    return text, pw, "DTS_E_OLEDBERROR"


@_t("stack-trace-or-log", "mobile-crash-log-header-map")
def _():
    key = _s(40)
    text = "Fatal Exception: retrofit2.HttpException: HTTP 401\n  request headers: {User-Agent=LFClock/3.2.1 (Android 14), X-Api-Key=%s, X-Device=TAB-%d}\n  at com.lumenfield.clock.sync.PunchUploader.upload(PunchUploader.kt:88)" % (key, _n(100, 999))
    return text, key, "PunchUploader.kt:88"


@_t("stack-trace-or-log", "redis-monitor-auth")
def _():
    pw = _pw_rand(_n(20, 32), sym=False)
    text = '1718183011.%06d [0 10.20.0.14:53122] "AUTH" "%s"\n1718183011.%06d [0 10.20.0.14:53122] "GET" "session:hrportal:%s"' % (_n(0, 999999), pw, _n(0, 999999), _hex(16))
    return text, pw, "session:hrportal"


@_t("stack-trace-or-log", "mongo-log-uri")
def _():
    pw = _pw_url()
    text = '{"t":{"$date":"%s"},"s":"I","c":"NETWORK","msg":"client connect","attr":{"uri":"mongodb://pulse_app:%s@mongo-0.pulse:27017/pulse"}}' % (_ts(), pw)
    return text, pw, "client connect"


@_t("stack-trace-or-log", "spring-boot-startup-property-dump")
def _():
    pw = _pw_nosp()
    text = "%s DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : property spring.datasource.password=%s (from application-prod.yml)" % (_ts(), pw)
    return text, pw, "ConfigDataEnvironment"


@_t("stack-trace-or-log", "actuator-env-json-line")
def _():
    sec = _s(40, _URLSAFE)
    text = 'GET /actuator/env -> {"name":"systemEnvironment","properties":{"ICIMS_CLIENT_SECRET":{"value":"%s","origin":"System Environment Property"}}}' % sec
    return text, sec, "/actuator/env"


@_t("stack-trace-or-log", "graphql-error-variables-password")
def _():
    pw = _pw_word()
    text = 'ERROR graphql: mutation createEmployeeAccount failed: duplicate username\n  variables: {"input":{"username":"%s","tempPassword":"%s","startDate":"%s"}}' % (_uname(), pw, _date())
    return text, pw, "createEmployeeAccount"


@_t("stack-trace-or-log", "onboarding-email-log-temp-password")
def _():
    pw = _pw_word()
    text = "%s INFO onboarding.mailer sent welcome email to %s (template=new_hire_day1, temp_password=%s)" % (_ts(), _email(), pw)
    return text, pw, "template=new_hire_day1"


@_t("stack-trace-or-log", "password-reset-link-log")
def _():
    tok = _s(43, _URLSAFE)
    text = "%s INFO hrportal.auth reset requested for employee #%d; link=https://hr.%s/reset-password?token=%s" % (_ts(), _n(1000, 99999), _pick(_DOMS), tok)
    return text, tok, "hrportal.auth"


@_t("stack-trace-or-log", "magic-link-login-log")
def _():
    tok = _s(32, _URLSAFE)
    text = "%s candidate-portal magic link issued: https://apply.%s/auth/magic?code=%s (expires 15m)" % (_ts(), _pick(_DOMS), tok)
    return text, tok, "candidate-portal"


@_t("stack-trace-or-log", "oauth-callback-code-log")
def _():
    code = _s(40, _URLSAFE)
    text = '%s 10.4.0.3 "GET /oauth/callback/linkedin?code=%s&state=%s HTTP/1.1" 302 0' % (_ts(), code, _hex(16))
    return text, code, "/oauth/callback/linkedin"


@_t("stack-trace-or-log", "refresh-token-debug-log")
def _():
    tok = _g_refresh()
    text = "%s DEBUG calendar-sync stored credentials for recruiter %s refresh_token=%s" % (_ts(), _email(), tok)
    return text, tok, "calendar-sync"


@_t("stack-trace-or-log", "expensify-integration-log-secret")
def _():
    sec = _hex(40)
    text = '%s ERROR expensify-export requestJobDescription={"type":"file","credentials":{"partnerUserID":"aa_lumenfield","partnerUserSecret":"%s"}} -> 407' % (_ts(), sec)
    return text, sec, "expensify-export"


@_t("stack-trace-or-log", "checkr-key-in-request-url-log")
def _():
    key = _hex(40)
    text = "WARN requests retry 2/3 GET https://%s:@api.checkr.com/v1/candidates/%s (ConnectTimeout)" % (key, _hex(24))
    return text, key, "ConnectTimeout"


@_t("stack-trace-or-log", "onfido-token-header-log")
def _():
    tok = "api_live." + _s(11, _URLSAFE) + "." + _s(32, _URLSAFE)
    text = "%s idv.onfido request POST /v3.6/workflow_runs Authorization=\"Token token=%s\" status=201" % (_ts(), tok)
    return text, tok, "/v3.6/workflow_runs"


@_t("stack-trace-or-log", "jvm-args-keystore-password")
def _():
    pw = _pw_nosp()
    text = "%s INFO  JVM arguments: -Xmx2g -Djavax.net.ssl.keyStore=/etc/adp/adp.p12 -Djavax.net.ssl.keyStorePassword=%s -Dspring.profiles.active=prod" % (_ts(), pw)
    return text, pw, "JVM arguments"


@_t("stack-trace-or-log", "journald-execstart-token-arg")
def _():
    tok = _s(40)
    text = "Jun 12 03:00:01 etl01 systemd[1]: Started hc-export.service.\nJun 12 03:00:01 etl01 hc-export[%d]: argv: /opt/hc/export --api https://api.visier.example --token %s --out /data" % (_n(1000, 99999), tok)
    return text, tok, "hc-export.service"


@_t("stack-trace-or-log", "cron-mail-output-password")
def _():
    pw = _pw_nosp()
    text = "From: root@etl01 (Cron Daemon)\nSubject: Cron <hr@etl01> /opt/pension/upload.sh\n\nupload.sh: connecting as lumenfield with password %s\nupload.sh: 530 Login incorrect." % pw
    return text, pw, "/opt/pension/upload.sh"


@_t("stack-trace-or-log", "go-struct-print-pass")
def _():
    pw = _pw_nosp()
    text = "2024/06/12 08:00:00 config loaded: {Host:sftp.principal-drop.example Port:22 User:lf_principal Pass:%s Dir:/incoming}" % pw
    return text, pw, "User:lf_principal"


@_t("stack-trace-or-log", "rust-debug-config-struct")
def _():
    key = _s(40)
    text = '[2024-06-12T08:00:00Z DEBUG survey_ingest] Config { endpoint: "https://pulse.lumenfield.example", api_key: "%s", batch: 500 }' % key
    return text, key, "survey_ingest"


@_t("stack-trace-or-log", "windows-4688-process-cmdline")
def _():
    pw = _pw_nosp()
    text = "EventID 4688: A new process has been created.\n  New Process Name: C:\\Windows\\System32\\net.exe\n  Process Command Line: net use \\\\fs01\\HR$ /user:CORP\\svc_payroll %s" % pw
    return text, pw, "EventID 4688"


@_t("stack-trace-or-log", "urllib3-warning-url-with-creds")
def _():
    pw = _pw_url()
    text = "/usr/lib/python3/site-packages/urllib3/connectionpool.py:1099: InsecureRequestWarning: Unverified HTTPS request is being made to host 'reports.legacy-hr'.\n  GET https://reporter:%s@reports.legacy-hr/api/headcount" % pw
    return text, pw, "InsecureRequestWarning"


@_t("stack-trace-or-log", "uwsgi-request-log-password-query")
def _():
    pw = _pw_url()
    text = "[pid: %d|app: 0|req: %d/%d] 10.0.2.%d () {40 vars in 812 bytes} [%s] GET /legacy/login?user=kiosk&password=%s => generated 512 bytes" % (
        _n(100, 9999), _n(1, 999), _n(1000, 9999), _n(2, 250), _date(), pw)
    return text, pw, "/legacy/login?user=kiosk"


@_t("stack-trace-or-log", "docusign-jwt-consent-error-log")
def _():
    full, body = _pem("RSA PRIVATE KEY", _n(250, 300))
    text = "ERROR esign.client: consent_required while requesting JWT token; private key used:\n%s" % full
    return text, body, "consent_required"


@_t("stack-trace-or-log", "persona-api-key-error-log")
def _():
    key = "persona_production_" + _uuid()
    text = '%s ERROR idv.persona 401 {"errors":[{"title":"Unauthorized"}]} for api key %s' % (_ts(), key)
    return text, key, "idv.persona"


@_t("stack-trace-or-log", "zendesk-token-auth-log")
def _():
    tok = _s(40)
    text = "%s DEBUG helpdesk.zendesk auth=%s/token:%s GET /api/v2/tickets.json?status=open" % (_ts(), _email(), tok)
    return text, tok, "helpdesk.zendesk"


# =====================================================================
# group: note-or-chat
# =====================================================================
@_t("note-or-chat", "slack-thread-handover-password")
def _():
    pw = _pw()
    f = _pick(_FIRST)
    text = "%s [10:42] handing the benefits SFTP over to you while I'm on leave\n%s [10:43] user is lf_benefits, password %s\n%s [10:43] pls move it into 1Password after" % (f, f, pw, f)
    return text, pw, "lf_benefits"


@_t("note-or-chat", "german-note-sftp-passwort")
def _():
    pw = _pw()
    text = "Notiz: Zugang zum SFTP des Versorgungswerks\nBenutzer: lumenfield_bav\nPasswort: %s\nBitte nicht weitergeben, wird Ende des Monats rotiert." % pw
    return text, pw, "lumenfield_bav"


@_t("note-or-chat", "french-chat-mot-de-passe")
def _():
    pw = _pw()
    text = "Salut ! Pour le portail de paie (Silae), l'identifiant c'est rh.paie@lumenfield.example et le mot de passe : %s — merci de le changer à la première connexion." % pw
    return text, pw, "rh.paie@lumenfield.example"


@_t("note-or-chat", "spanish-chat-contrasena")
def _():
    pw = _pw()
    text = "Hola equipo, la contraseña del portal de nóminas es %s (usuario: nominas.mx). No la compartan fuera de RRHH por favor." % pw
    return text, pw, "nominas.mx"


@_t("note-or-chat", "portuguese-senha-certificado-esocial")
def _():
    pw = _pw()
    text = "Pessoal, o certificado A1 do eSocial já está no servidor da folha. A senha do certificado é %s — apaguem esta mensagem depois." % pw
    return text, pw, "eSocial"


@_t("note-or-chat", "italian-note-password-cedolini")
def _():
    pw = _pw()
    text = "Promemoria: per scaricare i cedolini dal portale Zucchetti usare l'utenza hr_milano, la password è %s" % pw
    return text, pw, "hr_milano"


@_t("note-or-chat", "dutch-chat-wachtwoord")
def _():
    pw = _pw()
    text = "Hoi! Het wachtwoord voor het Nmbrs-account van de salarisadministratie is %s. Gebruiker: salaris@lumenfield.example" % pw
    return text, pw, "salaris@lumenfield.example"


@_t("note-or-chat", "polish-chat-haslo")
def _():
    pw = _pw()
    text = "Cześć, hasło do konta kadry w systemie Enova: %s (login: kadry.wroclaw). Zmień je po zalogowaniu." % pw
    return text, pw, "kadry.wroclaw"


@_t("note-or-chat", "japanese-note-password")
def _():
    pw = _pw_nosp()
    text = "【引き継ぎ】給与システム（SmartHR連携）の管理者アカウント\nID: admin-jinji\nパスワード：%s\n※月末に変更予定" % pw
    return text, pw, "admin-jinji"


@_t("note-or-chat", "chinese-note-mima")
def _():
    pw = _pw_nosp()
    text = "薪资系统测试账号：hr_test01，密码：%s，请勿外传。下周一前完成导入测试。" % pw
    return text, pw, "hr_test01"


@_t("note-or-chat", "korean-chat-password")
def _():
    pw = _pw_nosp()
    text = "인사팀 공용 계정 정보 공유드립니다. 아이디: hr_shared / 비밀번호: %s  확인 후 메시지 삭제 부탁드려요." % pw
    return text, pw, "hr_shared"


@_t("note-or-chat", "russian-chat-parol")
def _():
    pw = _pw_nosp()
    text = "Коллеги, пароль от 1С:ЗУП для бухгалтерии: %s (логин buh_zup). Сменим после закрытия месяца." % pw
    return text, pw, "buh_zup"


@_t("note-or-chat", "turkish-chat-sifre")
def _():
    pw = _pw_nosp()
    text = "Merhaba, bordro portalı için kullanıcı adı ik.bordro, şifre: %s. Lütfen kimseyle paylaşmayın." % pw
    return text, pw, "ik.bordro"


@_t("note-or-chat", "swedish-note-losenord")
def _():
    pw = _pw()
    text = "Lösenord till löneportalen (Hogia) för vikarien: %s\nAnvändarnamn: lon.vikarie" % pw
    return text, pw, "lon.vikarie"


@_t("note-or-chat", "hindi-chat-password")
def _():
    pw = _pw_nosp()
    text = "पेरोल पोर्टल का यूज़रनेम hr.pune है और पासवर्ड %s है। कृपया इसे किसी के साथ साझा न करें।" % pw
    return text, pw, "hr.pune"


@_t("note-or-chat", "arabic-chat-password")
def _():
    pw = _pw_nosp()
    text = "مرحباً، اسم المستخدم لنظام الرواتب: payroll.dxb وكلمة المرور: %s — يرجى تغييرها بعد أول دخول." % pw
    return text, pw, "payroll.dxb"


@_t("note-or-chat", "vietnamese-chat-mat-khau")
def _():
    pw = _pw_nosp()
    text = "Chào chị, tài khoản phần mềm chấm công: chamcong.hcm, mật khẩu: %s. Em sẽ đổi lại sau khi chốt lương." % pw
    return text, pw, "chamcong.hcm"


@_t("note-or-chat", "czech-note-heslo")
def _():
    pw = _pw()
    text = "Přístup do mzdového systému: uživatel mzdy.praha, heslo %s. Platí do konce čtvrtletí." % pw
    return text, pw, "mzdy.praha"


@_t("note-or-chat", "finnish-chat-salasana")
def _():
    pw = _pw_nosp()
    text = "Moi! Palkanlaskennan järjestelmän tunnus on palkat.hki ja salasana %s. Vaihdetaan ensi viikolla." % pw
    return text, pw, "palkat.hki"


@_t("note-or-chat", "indonesian-chat-kata-sandi")
def _():
    pw = _pw_nosp()
    text = "Halo, untuk akun Talenta (penggajian) username: hr.jakarta, kata sandi: %s. Jangan disebar ya." % pw
    return text, pw, "hr.jakarta"


@_t("note-or-chat", "hebrew-chat-password")
def _():
    pw = _pw_nosp()
    text = "היי, שם המשתמש למערכת השכר הוא hilan.tlv והסיסמה היא %s. תמחקו אחרי שהעתקתם." % pw
    return text, pw, "hilan.tlv"


@_t("note-or-chat", "greek-chat-kodikos")
def _():
    pw = _pw_nosp()
    text = "Καλημέρα! Ο κωδικός για το ΕΡΓΑΝΗ είναι %s και το όνομα χρήστη ergani.lf. Μην τον στείλετε με email." % pw
    return text, pw, "ergani.lf"


@_t("note-or-chat", "norwegian-note-passord")
def _():
    pw = _pw()
    text = "Passord til Altinn-tjenestebrukeren for a-meldingen: %s (brukernavn: lf_altinn)" % pw
    return text, pw, "lf_altinn"


@_t("note-or-chat", "romanian-chat-parola")
def _():
    pw = _pw_nosp()
    text = "Salut, parola pentru REVISAL este %s, user: hr.cluj. O schimbăm după depunere." % pw
    return text, pw, "hr.cluj"


@_t("note-or-chat", "hungarian-chat-jelszo")
def _():
    pw = _pw_nosp()
    text = "Szia! A bérszámfejtő rendszer jelszava: %s, felhasználó: ber.budapest. Kérlek, ne továbbítsd." % pw
    return text, pw, "ber.budapest"


@_t("note-or-chat", "thai-chat-password")
def _():
    pw = _pw_nosp()
    text = "ชื่อผู้ใช้ระบบเงินเดือน: hr.bkk รหัสผ่าน: %s กรุณาเปลี่ยนหลังเข้าสู่ระบบครั้งแรก" % pw
    return text, pw, "hr.bkk"


@_t("note-or-chat", "helpdesk-ticket-employee-pastes-password")
def _():
    pw = _pw()
    f, l = _person()
    text = "%s — Can't log into payslip portal\nFrom: %s %s\nHi, I keep getting 'invalid credentials'. My username is %s%s and my password is %s, I'm sure it's right. Can you check?" % (
        _tkt(), f, l, f[0].lower(), l.lower(), pw)
    return text, pw, "Can't log into payslip portal"


@_t("note-or-chat", "agent-running-notes-creds-abbrev")
def _():
    pw = _pw_nosp()
    text = "## running notes\n- staging HRIS up at https://hris-stg.%s\n- creds: qa_admin / %s (from Priya)\n- next: seed 200 fake employees" % (_pick(_IDOMS), pw)
    return text, pw, "qa_admin"


@_t("note-or-chat", "agent-goal-rotate-key-current-value")
def _():
    key = _hex(32)
    text = "GOAL: rotate the Greenhouse Harvest key used by ats-export (current one: %s), update Vault, redeploy, confirm nightly job passes." % key
    return text, key, "ats-export"


@_t("note-or-chat", "decision-log-pass-equals")
def _():
    pw = _pw_nosp()
    text = "Decision %s: keep the shared svc_timeclock account for the pilot (pass = %s); revisit SSO for clocks in Q3." % (_date(), pw)
    return text, pw, "svc_timeclock"


@_t("note-or-chat", "forwarded-email-temp-password")
def _():
    pw = _pw_word()
    f, l = _person()
    text = "---------- Forwarded message ---------\nFrom: IT Service Desk\nSubject: Your account is ready\n\nWelcome %s! Your username is %s.%s and your temporary password is %s\nYou will be asked to change it on first login." % (
        f, f.lower(), l.lower(), pw)
    return text, pw, "Your account is ready"


@_t("note-or-chat", "teams-message-pw-is")
def _():
    pw = _pw_nosp()
    text = "[Teams] %s: the Workday sandbox ISU pw is %s (no quotes). tenant lumenfield_preview" % (_pick(_FIRST), pw)
    return text, pw, "lumenfield_preview"


@_t("note-or-chat", "unlabeled-key-you-asked-for")
def _():
    key = _s(48)
    text = "%s: here's the one you asked for, for the job-board feed:\n\n%s\n\ndelete after copying pls" % (_pick(_FIRST), key)
    return text, key, "job-board feed"


@_t("note-or-chat", "chat-other-bit-is")
def _():
    pw = _pw_nosp()
    text = "user is svc_ats_sync and the other bit is %s — don't paste it in the ticket" % pw
    return text, pw, "svc_ats_sync"


@_t("note-or-chat", "passphrase-in-quotes-chat")
def _():
    pw = _pw_phrase(" ")
    text = "the GPG passphrase for the pension provider's encrypted files is '%s' (all lowercase)" % pw
    return text, pw, "pension provider"


@_t("note-or-chat", "jira-comment-curl-snippet")
def _():
    tok = _s(40)
    text = "%s comment by %s:\nRepro:\n{code}\ncurl -H 'Authorization: Token %s' https://api.deel.example/rest/v2/contracts?limit=5\n{code}\nreturns 500 for contractors in PT." % (
        _tkt(), _pick(_FIRST), tok)
    return text, tok, "contractors in PT"


@_t("note-or-chat", "zendesk-ticket-transcribed-key")
def _():
    key = _s(32, _LOWER)
    text = "Ticket #%d (HR Systems)\nCustomer wrote: 'The integration page shows API Key: %s and Status: Disconnected. What am I doing wrong?'" % (_n(10000, 99999), key)
    return text, key, "Status: Disconnected"


@_t("note-or-chat", "meeting-notes-vendor-sftp-details")
def _():
    pw = _pw()
    text = "Benefits vendor kickoff (%s)\n* SFTP host: sftp.benefitfocus-drop.example\n* user: LUMEN01\n* pass: %s\n* first test file due Friday" % (_date(), pw)
    return text, pw, "LUMEN01"


@_t("note-or-chat", "todo-remove-hardcoded-token")
def _():
    tok = _ghp()
    text = "TODO before PR: remove the hardcoded token in scripts/publish_job_ads.sh (%s) and switch to the GH App." % tok
    return text, tok, "scripts/publish_job_ads.sh"


@_t("note-or-chat", "onetimesecret-share-link")
def _():
    k = _s(_n(30, 40), _LOWER)
    text = "%s: I put the Paychex admin password in a one-time link: https://onetimesecret.com/secret/%s (expires in 24h)" % (_pick(_FIRST), k)
    return text, k, "onetimesecret.com/secret/"


@_t("note-or-chat", "markdown-table-systems-passwords")
def _():
    pw = _pw_nosp()
    text = "| System | User | Password |\n|---|---|---|\n| ADP WFN | adm.lumenfield | (in vault) |\n| Kronos | kronos_admin | %s |\n| Lever | SSO | n/a |" % pw
    return text, pw, "kronos_admin"


@_t("note-or-chat", "bullet-list-system-user-pw")
def _():
    pw = _pw_nosp()
    text = "Access I set up today:\n- Rippling sandbox: hrops@lumenfield.example / %s\n- Lattice: SSO\n- Culture Amp: SSO" % pw
    return text, pw, "Rippling sandbox"


@_t("note-or-chat", "chat-kiosk-wifi-password")
def _():
    pw = _pw_phrase(_pick(["-", ""]))
    text = "FYI new wifi for the clock kiosks in the warehouse: SSID LF-Clocks, password %s" % pw
    return text, pw, "SSID LF-Clocks"


@_t("note-or-chat", "chat-pasted-dotenv")
def _():
    sec = _s(48, _URLSAFE)
    text = "%s: this is what I have locally, works for me:\n```\nASHBY_API_KEY=%s\nASHBY_BASE=https://api.ashbyhq.example\n```" % (_pick(_FIRST), sec)
    return text, sec, "ASHBY_BASE"


@_t("note-or-chat", "dm-use-my-login-for-now")
def _():
    pw = _pw()
    u = _uname()
    text = "just use my login for now: %s / %s — I'll reset it tomorrow once your access request is approved" % (u, pw)
    return text, pw, u


@_t("note-or-chat", "onboarding-checklist-temp-password")
def _():
    pw = _pw_word()
    f, l = _person()
    text = "Onboarding checklist — %s %s (start %s)\n[x] laptop ordered\n[x] AD account created, temp password %s (must change)\n[ ] badge photo" % (f, l, _date(), pw)
    return text, pw, "laptop ordered"


@_t("note-or-chat", "payroll-phone-verification-pin")
def _():
    pin = _dig(_n(6, 8))
    text = "Note for whoever calls the payroll bureau about the June run: they'll ask for the account PIN, it's %s. Account # LF-%d." % (pin, _n(1000, 9999))
    return text, pin, "payroll bureau"


@_t("note-or-chat", "pension-memorable-word")
def _():
    w = _pick(_WORDS) + _pick(_WORDS)
    text = "Pension provider employer portal: login ID EMP%d, password in vault, memorable word: %s (they ask for letters 2, 5 and 7)" % (_n(100000, 999999), w)
    return text, w, "they ask for letters"


@_t("note-or-chat", "mfa-backup-codes-list")
def _():
    codes = " ".join("%s-%s" % (_dig(4), _s(4, string.digits)) for _ in range(4))
    text = "Backup codes for the shared payroll admin account (use one, then cross it off):\n%s" % codes
    return text, codes, "shared payroll admin"


@_t("note-or-chat", "totp-seed-shared")
def _():
    seed = _s(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    text = "MFA seed for the ADP admin account so both of us can generate codes: %s (add to your authenticator as 'ADP admin')" % seed
    return text, seed, "ADP admin"


@_t("note-or-chat", "agent-summary-found-hardcoded-key")
def _():
    tok = _sk_live()
    text = "Summary so far: found a hard-coded Stripe key in expense/reimburse.py line 42 (%s). Flagged to Jonas; not yet rotated." % tok
    return text, tok, "expense/reimburse.py"


@_t("note-or-chat", "spanish-chat-cadena-conexion")
def _():
    pw = _pw_url()
    text = "Te paso la cadena de conexión de la base de asistencia: postgresql://asistencia:%s@%s:5432/asistencia" % (pw, _host("ta-pg"))
    return text, pw, "cadena de conexión"


@_t("note-or-chat", "german-ticket-api-schluessel")
def _():
    key = _s(40)
    text = "Ticket %s: Der API-Schlüssel für Personio (Mandant Berlin) lautet %s – bitte in der Integration hinterlegen." % (_tkt(), key)
    return text, key, "Mandant Berlin"


@_t("note-or-chat", "french-email-cle-api")
def _():
    key = _s(36, _LOWER)
    text = "Bonjour,\nVoici la clé API pour le connecteur Lucca : %s\nElle donne accès en lecture aux absences.\nCordialement" % key
    return text, key, "connecteur Lucca"


@_t("note-or-chat", "japanese-chat-token")
def _():
    tok = _s(40)
    text = "採用管理（HRMOS）のAPIトークンはこちらです：%s  本番環境用なので取り扱い注意でお願いします。" % tok
    return text, tok, "HRMOS"


@_t("note-or-chat", "chinese-chat-miyao")
def _():
    key = _s(32)
    text = "飞书人事的 app_secret 是 %s，app_id 是 cli_%s，用于同步组织架构。" % (key, _hex(16))
    return text, key, "同步组织架构"


@_t("note-or-chat", "code-review-comment-leaked-key")
def _():
    key = _s(48)
    text = "review comment on ats/lever.py L12: you left the Lever key in the diff (`%s`) — please revoke it, the PR is public to the org." % key
    return text, key, "ats/lever.py"


@_t("note-or-chat", "incident-note-leaked-token")
def _():
    tok = _slack_bot()
    text = "INC-%d timeline\n09:12 bot token %s found in public gist by %s\n09:20 token revoked, new one issued\n09:31 audit log reviewed" % (_n(100, 999), tok, _pick(_FIRST))
    return text, tok, "audit log reviewed"


@_t("note-or-chat", "the-usual-one-hint")
def _():
    pw = _pw_word()
    text = "it's the usual one for the HR test boxes: %s (yes with the symbol at the end)" % pw
    return text, pw, "HR test boxes"


@_t("note-or-chat", "shared-mailbox-credentials-note")
def _():
    pw = _pw()
    text = "Shared mailbox careers@lumenfield.example — used by recruiting coordinators\nlogin: careers@lumenfield.example\npassword: %s\nMFA: phone in Lena's drawer" % pw
    return text, pw, "recruiting coordinators"


@_t("note-or-chat", "chat-signed-salary-report-link")
def _():
    sig = _hex(64)
    text = "here's the comp review export, link valid for an hour: https://lf-comp-reviews.s3.amazonaws.com/2024/comp_review.xlsx?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=%s" % sig
    return text, sig, "comp review export"


@_t("note-or-chat", "chat-session-cookie-paste")
def _():
    c = _s(_n(60, 90), _URLSAFE)
    text = "can't repro? here's my cookie, just paste it in devtools: _hrportal_session=%s" % c
    return text, c, "can't repro?"


@_t("note-or-chat", "portuguese-chat-token-api")
def _():
    tok = _s(40)
    text = "Oi! Segue o token da API do Gupy para a integração de vagas: %s. Qualquer coisa me chama." % tok
    return text, tok, "integração de vagas"


@_t("note-or-chat", "ukrainian-chat-parol")
def _():
    pw = _pw_nosp()
    text = "Привіт! Логін до системи обліку робочого часу: tabel.kyiv, пароль: %s. Не пересилай нікому." % pw
    return text, pw, "tabel.kyiv"


@_t("note-or-chat", "email-signature-thread-sftp-creds")
def _():
    pw = _pw()
    text = "> On Tue, Hana Sato wrote:\n> Can you resend the Voya credentials?\n\nSure — username LFVOYA01, password %s. Host is sftp.voya-inbound.example.net.\n--\nPayroll Team" % pw
    return text, pw, "LFVOYA01"


# =====================================================================
# group: ci-and-deploy
# =====================================================================
@_t("ci-and-deploy", "github-actions-env-hardcoded-token")
def _():
    tok = _s(40)
    text = "jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      HIBOB_SERVICE_ID: SERVICE-%s\n      HIBOB_TOKEN: %s\n    steps:\n      - uses: actions/checkout@v4" % (_dig(5), tok)
    return text, tok, "runs-on: ubuntu-latest"


@_t("ci-and-deploy", "gitlab-ci-variables-password")
def _():
    pw = _pw_nosp()
    text = "variables:\n  POSTGRES_DB: hris_test\n  POSTGRES_USER: hris\n  POSTGRES_PASSWORD: \"%s\"\n  SFTP_USER: lf_payroll\n\ntest:\n  script: pytest -q" % pw
    return text, pw, "POSTGRES_DB: hris_test"


@_t("ci-and-deploy", "circleci-environment-block")
def _():
    key = _hex(40)
    text = "jobs:\n  export:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      CHECKR_API_KEY: %s\n    steps:\n      - run: python export_reports.py" % key
    return text, key, "export_reports.py"


@_t("ci-and-deploy", "jenkinsfile-withenv-inline")
def _():
    pw = _pw_nosp()
    text = "stage('Deploy payroll-api') {\n  steps {\n    withEnv([\"DB_USER=payroll\", \"DB_PASS=%s\"]) {\n      sh './deploy.sh prod'\n    }\n  }\n}" % pw
    return text, pw, "Deploy payroll-api"


@_t("ci-and-deploy", "azure-pipelines-variables")
def _():
    sec = _azure_secret()
    text = "variables:\n  azureSubscription: 'hr-prod'\n  graphClientId: '%s'\n  graphClientSecret: '%s'\n\nsteps:\n- script: python provision_users.py" % (_uuid(), sec)
    return text, sec, "provision_users.py"


@_t("ci-and-deploy", "bitbucket-pipelines-script-export")
def _():
    tok = _s(40)
    text = "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export TEAMTAILOR_TOKEN=%s\n            - npm ci && npm run sync:jobs" % tok
    return text, tok, "npm run sync:jobs"


@_t("ci-and-deploy", "travis-env-global-plain")
def _():
    pw = _pw_nosp()
    text = "language: ruby\nenv:\n  global:\n    - DATABASE_URL=postgres://localhost/ats_test\n    - ICIMS_PASSWORD=%s\nscript: bundle exec rspec" % pw
    return text, pw, "bundle exec rspec"


@_t("ci-and-deploy", "drone-step-environment")
def _():
    tok = _s(40)
    text = "kind: pipeline\nname: default\nsteps:\n- name: publish-openings\n  image: alpine/curl\n  environment:\n    JOBBOARD_TOKEN: %s\n  commands:\n  - ./publish.sh" % tok
    return text, tok, "publish-openings"


@_t("ci-and-deploy", "buildkite-pipeline-env")
def _():
    tok = _s(48, _URLSAFE)
    text = "env:\n  LATTICE_API_TOKEN: \"%s\"\nsteps:\n  - label: \":busts_in_silhouette: sync review cycles\"\n    command: make sync-lattice" % tok
    return text, tok, "make sync-lattice"


@_t("ci-and-deploy", "dockerfile-env-secret")
def _():
    tok = _s(40)
    text = "FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nENV PERSONIO_CLIENT_ID=papi-%s\nENV PERSONIO_CLIENT_SECRET=%s\nCMD [\"python\", \"-m\", \"absence_sync\"]" % (_low(12), tok)
    return text, tok, "absence_sync"


@_t("ci-and-deploy", "dockerfile-arg-default-token")
def _():
    tok = _ghp()
    text = "FROM node:20-alpine AS build\nARG NPM_TOKEN=%s\nRUN echo \"//npm.pkg.github.com/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci" % tok
    return text, tok, "node:20-alpine"


@_t("ci-and-deploy", "ci-script-docker-build-arg")
def _():
    tok = _npm()
    text = "  - docker build --build-arg NPM_TOKEN=%s -t registry.lumenfield.example/hr-ui:${CI_COMMIT_SHORT_SHA} ." % tok
    return text, tok, "hr-ui:${CI_COMMIT_SHORT_SHA}"


@_t("ci-and-deploy", "k8s-deployment-env-value")
def _():
    pw = _pw_nosp()
    text = "      containers:\n        - name: payroll-api\n          image: payroll-api:%d.%d\n          env:\n            - name: DB_PASSWORD\n              value: \"%s\"\n            - name: DB_HOST\n              value: payroll-pg" % (
        _n(1, 9), _n(0, 40), pw)
    return text, pw, "name: payroll-api"


@_t("ci-and-deploy", "ci-helm-install-set-flag")
def _():
    pw = _pw_url()
    text = "deploy:\n  stage: deploy\n  script:\n    - helm upgrade --install ats ./charts/ats --set db.password=%s --set image.tag=$CI_COMMIT_SHA -n recruiting" % pw
    return text, pw, "./charts/ats"


@_t("ci-and-deploy", "argocd-app-helm-parameters")
def _():
    pw = _pw_nosp()
    text = "spec:\n  source:\n    helm:\n      parameters:\n        - name: postgresql.auth.password\n          value: \"%s\"\n        - name: ingress.host\n          value: onboarding.lumenfield.example" % pw
    return text, pw, "onboarding.lumenfield.example"


@_t("ci-and-deploy", "ci-tf-var-env-export")
def _():
    tok = _okta()
    text = "- name: Terraform apply\n  run: |\n    export TF_VAR_okta_api_token=%s\n    terraform -chdir=infra/okta apply -auto-approve" % tok
    return text, tok, "infra/okta"


@_t("ci-and-deploy", "docker-login-action-with-password")
def _():
    tok = _dckr()
    text = "- uses: docker/login-action@v3\n  with:\n    username: lfpeopleci\n    password: %s\n- uses: docker/build-push-action@v5" % tok
    return text, tok, "username: lfpeopleci"


@_t("ci-and-deploy", "gha-log-unmasked-echo")
def _():
    tok = _s(43, _URLSAFE)
    text = "Run echo \"using token $GUSTO_TOKEN\"\n  echo \"using token $GUSTO_TOKEN\"\n  shell: /usr/bin/bash -e {0}\n  env:\n    GUSTO_TOKEN: %s\nusing token %s" % (tok, tok)
    return text, tok, "shell: /usr/bin/bash -e {0}"


@_t("ci-and-deploy", "gha-workflow-dispatch-curl")
def _():
    tok = _github_pat()
    text = "curl -X POST -H \"Accept: application/vnd.github+json\" -H \"Authorization: Bearer %s\" https://api.github.com/repos/lumenfield/payroll-sync/actions/workflows/nightly.yml/dispatches -d '{\"ref\":\"main\"}'" % tok
    return text, tok, "workflows/nightly.yml/dispatches"


@_t("ci-and-deploy", "app-engine-app-yaml-env")
def _():
    key = _s(40)
    text = "runtime: python312\nenv_variables:\n  WORKABLE_SUBDOMAIN: \"lumenfield\"\n  WORKABLE_API_TOKEN: \"%s\"\nautomatic_scaling:\n  max_instances: 2" % key
    return text, key, "runtime: python312"


@_t("ci-and-deploy", "serverless-yml-environment")
def _():
    sec = _s(64)
    text = "service: indeed-apply-webhook\nprovider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    INDEED_CLIENT_SECRET: %s\n    STAGE: prod" % sec
    return text, sec, "indeed-apply-webhook"


@_t("ci-and-deploy", "netlify-toml-build-environment")
def _():
    tok = _s(40)
    text = "[build]\n  command = \"npm run build\"\n  publish = \"out\"\n[build.environment]\n  GREENHOUSE_BOARD = \"lumenfield\"\n  CMS_PREVIEW_TOKEN = \"%s\"" % tok
    return text, tok, "GREENHOUSE_BOARD"


@_t("ci-and-deploy", "vercel-json-env")
def _():
    sec = _s(32)
    text = '{\n  "framework": "nextjs",\n  "env": {\n    "NEXT_PUBLIC_ATS": "lever",\n    "LEVER_WEBHOOK_SECRET": "%s"\n  }\n}' % sec
    return text, sec, '"framework": "nextjs"'


@_t("ci-and-deploy", "flyctl-secrets-set-step")
def _():
    pw = _pw_url()
    text = "      - run: flyctl secrets set DATABASE_URL=postgres://hrportal:%s@hrportal-db.flycast:5432/hrportal -a hrportal-prod" % pw
    return text, pw, "hrportal-prod"


@_t("ci-and-deploy", "render-yaml-envvars-value")
def _():
    tok = _s(40)
    text = "services:\n  - type: worker\n    name: expense-sync\n    envVars:\n      - key: RAMP_CLIENT_SECRET\n        value: ramp_sec_%s\n      - key: RAMP_CLIENT_ID\n        value: ramp_id_%s" % (tok, _low(20))
    return text, "ramp_sec_" + tok, "expense-sync"


@_t("ci-and-deploy", "codebuild-buildspec-plaintext-env")
def _():
    pw = _pw_nosp()
    text = "version: 0.2\nenv:\n  variables:\n    SFTP_HOST: sftp.fidelity-drop.example.net\n    SFTP_PASSWORD: \"%s\"\nphases:\n  build:\n    commands:\n      - ./ship_census.sh" % pw
    return text, pw, "./ship_census.sh"


@_t("ci-and-deploy", "cloudformation-parameter-default-password")
def _():
    pw = _pw_nosp()
    text = "Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: \"%s\"\n  DBUser:\n    Type: String\n    Default: hris_admin" % pw
    return text, pw, "NoEcho: true"


@_t("ci-and-deploy", "sam-template-function-environment")
def _():
    key = _hex(40)
    text = "  BgcWebhookFunction:\n    Type: AWS::Serverless::Function\n    Properties:\n      Handler: app.handler\n      Environment:\n        Variables:\n          CHECKR_API_KEY: %s" % key
    return text, key, "BgcWebhookFunction"


@_t("ci-and-deploy", "kustomize-secretgenerator-literals")
def _():
    pw = _pw_nosp()
    text = "secretGenerator:\n  - name: kronos-creds\n    literals:\n      - username=apiuser_lf\n      - password=%s\ngeneratorOptions:\n  disableNameSuffixHash: true" % pw
    return text, pw, "kronos-creds"


@_t("ci-and-deploy", "docker-compose-prod-deploy")
def _():
    key = _s(40)
    text = "# deploy/docker-compose.prod.yml\n  clock-ingest:\n    image: ghcr.io/lumenfield/clock-ingest:%d.%d.%d\n    environment:\n      - CLOCK_CLOUD_KEY=%s\n    restart: always" % (_n(1, 3), _n(0, 20), _n(0, 9), key)
    return text, key, "deploy/docker-compose.prod.yml"


@_t("ci-and-deploy", "ecs-task-definition-environment")
def _():
    pw = _pw_nosp()
    text = '"containerDefinitions": [{\n  "name": "benefits-api",\n  "environment": [\n    {"name": "DB_USER", "value": "benefits"},\n    {"name": "DB_PASSWORD", "value": "%s"}\n  ]\n}]' % pw
    return text, pw, "benefits-api"


@_t("ci-and-deploy", "nomad-job-env-block")
def _():
    tok = _s(40)
    text = 'task "survey-ingest" {\n  driver = "docker"\n  env {\n    SURVEY_API_TOKEN = "%s"\n    LOG_LEVEL        = "info"\n  }\n}' % tok
    return text, tok, 'task "survey-ingest"'


@_t("ci-and-deploy", "capistrano-deploy-rb-password")
def _():
    pw = _pw_nosp()
    text = "set :application, 'careers'\nset :repo_url, 'git@github.com:lumenfield/careers.git'\nset :ssh_options, { user: 'deploy', password: '%s', forward_agent: false }" % pw
    return text, pw, "lumenfield/careers.git"


@_t("ci-and-deploy", "deploy-script-sshpass-rsync")
def _():
    pw = _pw_nosp()
    text = "#!/bin/bash\n# deploy.sh - push reports UI to the kiosk box\nsshpass -p \"%s\" rsync -az --delete dist/ deploy@kiosk-gw.%s:/var/www/kiosk/" % (pw, _pick(_IDOMS))
    return text, pw, "deploy.sh - push reports UI"


@_t("ci-and-deploy", "teamcity-build-parameter")
def _():
    pw = _pw_nosp()
    text = '<param name="env.SF_PASSWORD" value="%s" />\n<param name="env.SF_USER" value="sfapi_ci" />\n<param name="env.SF_COMPANY" value="lumenfieldT1" />' % pw
    return text, pw, "sfapi_ci"


@_t("ci-and-deploy", "gitlab-before-script-npmrc")
def _():
    tok = _glpat()
    text = "before_script:\n  - echo \"@lumenfield:registry=https://gitlab.lumenfield.example/api/v4/packages/npm/\" > .npmrc\n  - echo \"//gitlab.lumenfield.example/api/v4/packages/npm/:_authToken=%s\" >> .npmrc" % tok
    return text, tok, "@lumenfield:registry"


@_t("ci-and-deploy", "renovate-hostrules-token")
def _():
    tok = _ghp()
    text = '{\n  "extends": ["config:recommended"],\n  "hostRules": [\n    { "matchHost": "npm.pkg.github.com", "token": "%s" }\n  ]\n}' % tok
    return text, tok, "config:recommended"


@_t("ci-and-deploy", "dependabot-registries-password")
def _():
    pw = _pw_nosp()
    text = "registries:\n  hr-maven:\n    type: maven-repository\n    url: https://artifacts.lumenfield.example/maven/hr\n    username: dependabot\n    password: %s" % pw
    return text, pw, "type: maven-repository"


@_t("ci-and-deploy", "makefile-deploy-target-token")
def _():
    tok = _s(40)
    text = "deploy:\n\tcurl -fsS -X POST -H 'Authorization: Bearer %s' https://deploy.%s/hooks/payroll-portal\n\t@echo deployed" % (tok, _pick(_IDOMS))
    return text, tok, "hooks/payroll-portal"


@_t("ci-and-deploy", "pulumi-stack-plaintext-config")
def _():
    pw = _pw_nosp()
    text = "config:\n  aws:region: eu-west-1\n  people-infra:dbUser: pa_admin\n  people-infra:dbPassword: %s\n  people-infra:env: prod" % pw
    return text, pw, "people-infra:dbUser"


@_t("ci-and-deploy", "heroku-app-json-env-value")
def _():
    key = _mailgun()
    text = '{\n  "name": "careers-site",\n  "env": {\n    "MAILGUN_DOMAIN": {"value": "mg.careers.lumenfield.example"},\n    "MAILGUN_API_KEY": {"value": "%s"}\n  }\n}' % key
    return text, key, "MAILGUN_DOMAIN"


@_t("ci-and-deploy", "cloudbuild-yaml-docker-login-password")
def _():
    pw = _pw_nosp()
    text = "steps:\n- name: gcr.io/cloud-builders/docker\n  args: ['login', 'registry.lumenfield.example', '-u', 'cloudbuild', '-p', '%s']\n- name: gcr.io/cloud-builders/docker\n  args: ['build', '-t', 'people-api', '.']" % pw
    return text, pw, "gcr.io/cloud-builders/docker"


@_t("ci-and-deploy", "ci-log-docker-login-p-warning")
def _():
    pw = _pw_nosp()
    text = "$ docker login -u people-ci -p %s registry.lumenfield.example\nWARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded" % pw
    return text, pw, "Login Succeeded"


@_t("ci-and-deploy", "k8s-cronjob-payroll-export-env")
def _():
    pw = _pw_nosp()
    text = "kind: CronJob\nmetadata:\n  name: payroll-export\nspec:\n  schedule: \"0 2 * * *\"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n          - name: export\n            env: [{name: SFTP_PASS, value: \"%s\"}]" % pw
    return text, pw, "payroll-export"


@_t("ci-and-deploy", "flux-helmrelease-values")
def _():
    pw = _pw_nosp()
    text = "apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: hr-portal\nspec:\n  values:\n    redis:\n      auth:\n        password: %s" % pw
    return text, pw, "helm.toolkit.fluxcd.io/v2"


@_t("ci-and-deploy", "gha-services-postgres-password")
def _():
    pw = _pw_nosp()
    text = "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: %s\n        ports: ['5432:5432']" % pw
    return text, pw, "image: postgres:16"


@_t("ci-and-deploy", "gitlab-services-mysql-root-password")
def _():
    pw = _pw_nosp()
    text = "integration:\n  services:\n    - mysql:8.0\n  variables:\n    MYSQL_ROOT_PASSWORD: %s\n    MYSQL_DATABASE: timeclock" % pw
    return text, pw, "MYSQL_DATABASE: timeclock"


@_t("ci-and-deploy", "jenkins-job-config-xml-password")
def _():
    pw = _pw_nosp()
    text = "<hudson.model.StringParameterDefinition>\n  <name>ADP_CERT_PASSWORD</name>\n  <defaultValue>%s</defaultValue>\n</hudson.model.StringParameterDefinition>" % pw
    return text, pw, "ADP_CERT_PASSWORD"


@_t("ci-and-deploy", "rundeck-job-option-default")
def _():
    pw = _pw_nosp()
    text = "- name: rotate-clock-admin\n  options:\n  - name: admin_password\n    value: %s\n  sequence:\n    commands:\n    - exec: /opt/clocks/set_admin.sh ${option.admin_password}" % pw
    return text, pw, "rotate-clock-admin"


@_t("ci-and-deploy", "ci-notify-slack-webhook-step")
def _():
    t, b, s = _slack_hook_parts()
    text = "  notify:\n    stage: .post\n    script:\n      - 'curl -X POST -d \"{\\\"text\\\":\\\"payroll deploy done\\\"}\" https://hooks.slack.com/services/%s/%s/%s'" % (t, b, s)
    return text, s, "payroll deploy done"


@_t("ci-and-deploy", "ci-lftp-upload-step")
def _():
    pw = _pw_nosp()
    text = "    - name: Upload census\n      run: lftp -u lumenfield,'%s' sftp://sftp.empower-files.example.net -e 'put out/census.csv -o /inbound/census.csv; bye'" % pw
    return text, pw, "Upload census"


@_t("ci-and-deploy", "azure-devops-pat-in-script")
def _():
    pat = _s(52, string.ascii_lowercase + "234567")
    text = "- script: |\n    echo %s | az devops login --organization https://dev.azure.com/lumenfield\n    az pipelines run --name hr-portal-release\n  displayName: trigger release" % pat
    return text, pat, "hr-portal-release"


@_t("ci-and-deploy", "azure-webapp-settings-json")
def _():
    sec = _s(64)
    text = '[\n  { "name": "LinkedIn__ClientId", "value": "%s", "slotSetting": false },\n  { "name": "LinkedIn__ClientSecret", "value": "%s", "slotSetting": false }\n]' % (_low(14), sec)
    return text, sec, "LinkedIn__ClientId"


@_t("ci-and-deploy", "k8s-dockerconfigjson-manifest")
def _():
    inner = '{"auths":{"ghcr.io":{"auth":"%s"}}}' % _b64of("lf-people:" + _ghp())
    b = _b64of(inner)
    text = "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ghcr-pull\ntype: kubernetes.io/dockerconfigjson\ndata:\n  .dockerconfigjson: %s" % b
    return text, b, "ghcr-pull"


@_t("ci-and-deploy", "gha-npm-publish-node-auth-token")
def _():
    tok = _npm()
    text = "      - run: npm publish --access restricted\n        env:\n          NODE_AUTH_TOKEN: %s" % tok
    return text, tok, "npm publish --access restricted"


@_t("ci-and-deploy", "octopus-variables-json")
def _():
    pw = _pw_nosp()
    text = '{ "Name": "Payroll.Db.User", "Value": "payroll_app" },\n{ "Name": "Payroll.Db.Password", "Value": "%s", "IsSensitive": false }' % pw
    return text, pw, "Payroll.Db.User"


@_t("ci-and-deploy", "concourse-pipeline-params")
def _():
    tok = _s(40)
    text = "- task: publish-job-ads\n  params:\n    ZIPRECRUITER_KEY: %s\n    DRY_RUN: false\n  file: ci/tasks/publish.yml" % tok
    return text, tok, "publish-job-ads"


@_t("ci-and-deploy", "tekton-task-step-env")
def _():
    pw = _pw_nosp()
    text = "  steps:\n    - name: migrate\n      image: flyway/flyway:10\n      args: [\"-url=jdbc:postgresql://hris-db:5432/hris\", \"-user=flyway\", \"-password=%s\", \"migrate\"]" % pw
    return text, pw, "flyway/flyway:10"


@_t("ci-and-deploy", "appveyor-environment")
def _():
    pw = _pw_nosp()
    text = "environment:\n  KRONOS_USER: apiuser_ci\n  KRONOS_PASSWORD: %s\nbuild_script:\n  - ps: .\\build.ps1" % pw
    return text, pw, "apiuser_ci"


@_t("ci-and-deploy", "sentry-release-auth-token-step")
def _():
    tok = _sntrys()
    text = "- name: Create Sentry release\n  run: sentry-cli releases new \"$GITHUB_SHA\" --auth-token %s --org lumenfield --project hr-portal" % tok
    return text, tok, "Create Sentry release"


@_t("ci-and-deploy", "wrangler-secret-put-echo")
def _():
    tok = _s(40, _URLSAFE)
    text = "      - run: echo \"%s\" | npx wrangler secret put GREENHOUSE_WEBHOOK_SECRET --env production" % tok
    return text, tok, "GREENHOUSE_WEBHOOK_SECRET"


@_t("ci-and-deploy", "ansible-deploy-vars-in-ci")
def _():
    pw = _pw_nosp()
    text = "deploy_timeclock_gw:\n  script:\n    - ansible-playbook site.yml -i prod --extra-vars \"ansible_become_pass=%s\"" % pw
    return text, pw, "deploy_timeclock_gw"


@_t("ci-and-deploy", "gha-step-inline-basic-curl")
def _():
    pw = _pw_nosp()
    text = "      - name: Trigger UKG export\n        run: curl -fsS -u 'ci_export:%s' -X POST https://lumenfield.ultipro.example/api/exports/run" % pw
    return text, pw, "Trigger UKG export"


@_t("ci-and-deploy", "skaffold-helm-setvalues")
def _():
    pw = _pw_nosp()
    text = "deploy:\n  helm:\n    releases:\n      - name: onboarding\n        chartPath: charts/onboarding\n        setValues:\n          smtp.password: %s" % pw
    return text, pw, "charts/onboarding"


@_t("ci-and-deploy", "woodpecker-pipeline-environment")
def _():
    tok = _s(40)
    text = "steps:\n  sync-expenses:\n    image: python:3.12\n    environment:\n      NAVAN_API_TOKEN: %s\n    commands:\n      - python sync_trips.py" % tok
    return text, tok, "sync_trips.py"


# =====================================================================
# group: vendor-token
# =====================================================================
def _ctx(var, tok, label, http=True):
    k = _n(0, 9 if http else 8)
    if k == 0:
        return "# %s\n%s=%s" % (label, var, tok), "# %s" % label
    if k == 1:
        return "export %s='%s'" % (var, tok), "export %s=" % var
    if k == 2:
        return '{\n  "integration": "%s",\n  "%s": "%s",\n  "enabled": true\n}' % (label, var.lower(), tok), label
    if k == 3:
        return "%s:\n  %s: %s\n  timeout_seconds: 30" % (label.lower().replace(" ", "_"), var.lower(), tok), var.lower()
    if k == 4:
        return "%s: new %s credential is %s, old one revoked" % (_pick(_FIRST), label, tok), label
    if k == 5:
        return "%s = \"%s\"  # %s" % (var.lower(), tok, label), label
    if k == 6:
        return "docker run -d --name %s -e %s=%s lumenfield/%s:latest" % (
            label.lower().replace(" ", "-"), var, tok, label.lower().replace(" ", "-")), "docker run -d"
    if k == 7:
        return "        - name: %s\n          value: \"%s\"   # %s" % (var, tok, label), "- name: %s" % var
    if k == 8:
        return "[%s]\n%s = \"%s\"" % (label.lower().replace(" ", "_"), var.lower(), tok), var.lower()
    return "Authorization: Bearer %s\nX-Integration: %s" % (tok, label), "X-Integration: %s" % label


def _vt(fmt, gen, var, label, http=True):
    @_t("vendor-token", fmt)
    def _f():
        tok = gen()
        text, vis = _ctx(var, tok, label, http)
        return text, tok, vis
    return _f


_vt("slack-bot-token-xoxb", _slack_bot, "SLACK_BOT_TOKEN", "HR notifications bot")
_vt("slack-user-token-xoxp", _slack_user, "SLACK_USER_TOKEN", "people-ops workspace")
_vt("slack-app-level-token-xapp", _slack_app, "SLACK_APP_TOKEN", "onboarding buddy app")
_vt("github-classic-pat-ghp", _ghp, "GITHUB_TOKEN", "payroll-sync repo")
_vt("github-fine-grained-pat", _github_pat, "GH_PAT", "people-analytics repo")
_vt("github-oauth-token-gho", _gho, "GH_OAUTH_TOKEN", "hr-docs site")
_vt("gitlab-pat-glpat", _glpat, "GITLAB_TOKEN", "hris-connectors project")
_vt("google-api-key-aiza", _aiza, "GOOGLE_MAPS_API_KEY", "office commute survey")
_vt("google-oauth-client-secret-gocspx", _gocspx, "GOOGLE_CLIENT_SECRET", "Workspace directory sync", http=False)
_vt("google-refresh-token", _g_refresh, "GOOGLE_REFRESH_TOKEN", "recruiter calendar sync", http=False)
_vt("google-access-token-ya29", _ya29, "GOOGLE_ACCESS_TOKEN", "Google Sheets headcount export")
_vt("azure-ad-client-secret", _azure_secret, "AZURE_CLIENT_SECRET", "Entra ID SCIM connector", http=False)
_vt("okta-api-token-ssws", _okta, "OKTA_API_TOKEN", "Okta lifecycle hooks")
_vt("stripe-secret-key-live", _sk_live, "STRIPE_SECRET_KEY", "expense card reimbursements")
_vt("stripe-restricted-key-live", _rk_live, "STRIPE_RESTRICTED_KEY", "payout reports")
_vt("stripe-webhook-secret-whsec", _whsec, "STRIPE_WEBHOOK_SECRET", "reimbursement webhook", http=False)
_vt("sendgrid-api-key", _sendgrid, "SENDGRID_API_KEY", "offer letter emails")
_vt("mailgun-api-key", _mailgun, "MAILGUN_API_KEY", "candidate emails")
_vt("npm-access-token", _npm, "NPM_TOKEN", "hr-ui package")
_vt("pypi-upload-token", _pypi, "PYPI_TOKEN", "hris-client package", http=False)
_vt("docker-hub-pat", _dckr, "DOCKERHUB_TOKEN", "people images")
_vt("vault-service-token-hvs", _hvs, "VAULT_TOKEN", "HR secrets engine")
_vt("terraform-cloud-token-atlasv1", _atlas, "TFE_TOKEN", "people-infra workspace")
_vt("atlassian-api-token", _atatt, "JIRA_API_TOKEN", "HR service desk")
_vt("linear-api-key", lambda: "lin_api_" + _s(40), "LINEAR_API_KEY", "people-eng issues")
_vt("notion-integration-secret", lambda: "ntn_" + _s(46), "NOTION_TOKEN", "employee handbook")
_vt("openai-project-key", lambda: "sk-proj-" + _s(64, _URLSAFE) + "T3BlbkFJ" + _s(64, _URLSAFE), "OPENAI_API_KEY", "job description drafting")
_vt("anthropic-api-key", lambda: "sk-ant-api03-" + _s(93, _URLSAFE) + "AA", "ANTHROPIC_API_KEY", "resume screening assistant")
_vt("hubspot-private-app-token", lambda: "pat-na1-" + _uuid(), "HUBSPOT_TOKEN", "employer-brand campaigns")
_vt("bamboohr-api-key-hex40", lambda: _hex(40), "BAMBOOHR_API_KEY", "BambooHR directory")
_vt("greenhouse-harvest-key", lambda: _hex(32), "GREENHOUSE_HARVEST_KEY", "Greenhouse Harvest")
_vt("lever-api-key", lambda: _s(48), "LEVER_API_KEY", "Lever postings")
_vt("workday-refresh-token", lambda: _s(88, _ALNUM), "WORKDAY_REFRESH_TOKEN", "Workday REST API client")
_vt("adp-client-secret", _uuid, "ADP_CLIENT_SECRET", "ADP Workforce Now", http=False)
_vt("gusto-access-token", lambda: _s(43, _URLSAFE), "GUSTO_ACCESS_TOKEN", "Gusto payroll")
_vt("rippling-api-key", lambda: _s(64), "RIPPLING_API_KEY", "Rippling employees")
_vt("personio-client-secret", lambda: "papi-" + _s(48, _URLSAFE), "PERSONIO_CLIENT_SECRET", "Personio absences", http=False)
_vt("hibob-service-user-token", lambda: _s(40, _URLSAFE), "BOB_SERVICE_TOKEN", "HiBob people data")
_vt("deel-api-token", lambda: _s(48, _URLSAFE), "DEEL_API_TOKEN", "Deel contractors")
_vt("checkr-api-key", lambda: _hex(40), "CHECKR_API_KEY", "Checkr background checks")
_vt("sterling-api-secret", lambda: "stg_live_" + _s(40), "STERLING_API_SECRET", "Sterling screening", http=False)
_vt("hireright-client-secret", lambda: _s(32) + "-" + _s(12), "HIRERIGHT_CLIENT_SECRET", "HireRight orders", http=False)
_vt("onfido-live-api-token", lambda: "api_live." + _s(11, _URLSAFE) + "." + _s(32, _URLSAFE), "ONFIDO_API_TOKEN", "Onfido identity checks")
_vt("jumio-api-secret", lambda: _s(32), "JUMIO_API_SECRET", "Jumio ID verification", http=False)
_vt("veriff-shared-secret", _uuid, "VERIFF_SHARED_SECRET", "Veriff sessions", http=False)
_vt("docusign-secret-key", _uuid, "DOCUSIGN_SECRET_KEY", "DocuSign offer letters", http=False)
_vt("expensify-partner-user-secret", lambda: _hex(40), "EXPENSIFY_PARTNER_SECRET", "Expensify exports", http=False)
_vt("concur-refresh-token", _uuid, "CONCUR_REFRESH_TOKEN", "SAP Concur expenses", http=False)
_vt("ramp-client-secret", lambda: "ramp_sec_" + _s(48), "RAMP_CLIENT_SECRET", "Ramp cards", http=False)
_vt("brex-user-token", lambda: "bxt_" + _s(40), "BREX_TOKEN", "Brex expenses")
_vt("indeed-partner-client-secret", lambda: _s(64), "INDEED_CLIENT_SECRET", "Indeed Apply", http=False)
_vt("linkedin-client-secret", lambda: _s(16), "LINKEDIN_CLIENT_SECRET", "LinkedIn Recruiter System Connect", http=False)
_vt("ziprecruiter-api-key", lambda: _hex(32), "ZIPRECRUITER_API_KEY", "ZipRecruiter job feed")
_vt("zoom-s2s-client-secret", lambda: _s(32), "ZOOM_CLIENT_SECRET", "Zoom interview scheduling", http=False)
_vt("calendly-personal-token-jwt", lambda: _jwt({"iss": "https://auth.calendly.com", "user_uuid": _uuid()}), "CALENDLY_TOKEN", "Calendly interview slots")
_vt("new-relic-user-key", lambda: "NRAK-" + _up(27), "NEW_RELIC_API_KEY", "HR portal monitoring")
_vt("grafana-service-account-token", lambda: "glsa_" + _s(32) + "_" + _hex(8), "GRAFANA_TOKEN", "people dashboards")
_vt("doppler-service-token", lambda: "dp.st.prd." + _s(43), "DOPPLER_TOKEN", "payroll config")
_vt("onepassword-service-account-token", lambda: "ops_eyJ" + _s(160, _URLSAFE), "OP_SERVICE_ACCOUNT_TOKEN", "HR Ops vault")
_vt("cloudflare-api-token", lambda: _s(40, _URLSAFE), "CLOUDFLARE_API_TOKEN", "careers site DNS")
_vt("digitalocean-token", lambda: "dop_v1_" + _hex(64), "DIGITALOCEAN_TOKEN", "kiosk droplets")
_vt("databricks-pat", lambda: "dapi" + _hex(32), "DATABRICKS_TOKEN", "people analytics workspace")
_vt("airtable-pat", lambda: "pat" + _s(14) + "." + _hex(64), "AIRTABLE_TOKEN", "interview panel tracker")
_vt("asana-pat", lambda: "2/" + _dig(16) + "/" + _dig(16) + ":" + _hex(32), "ASANA_TOKEN", "onboarding tasks")
_vt("typeform-pat", lambda: "tfp_" + _s(44), "TYPEFORM_TOKEN", "exit interview forms")
_vt("twilio-auth-token", lambda: _hex(32), "TWILIO_AUTH_TOKEN", "candidate SMS reminders", http=False)
_vt("smartrecruiters-smarttoken", lambda: "DCRA1-" + _hex(32), "SMARTTOKEN", "SmartRecruiters jobs")
_vt("workable-access-token", lambda: _hex(64), "WORKABLE_TOKEN", "Workable candidates")
_vt("aws-secret-access-key", _aws_secret, "AWS_SECRET_ACCESS_KEY", "payroll archive bucket", http=False)
_vt("aws-session-token", _aws_session, "AWS_SESSION_TOKEN", "people-analytics role", http=False)
_vt("age-secret-key", lambda: "AGE-SECRET-KEY-1" + _s(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"), "SOPS_AGE_KEY", "HR secrets repo", http=False)
_vt("sentry-auth-token", _sntrys, "SENTRY_AUTH_TOKEN", "hr-portal releases")
_vt("jenkins-api-token", _jenkins, "JENKINS_API_TOKEN", "payroll-nightly job", http=False)


# =====================================================================
# BENIGN look-alikes
# =====================================================================
_B = []


def _b(fn):
    _B.append(fn)
    return fn


def _sha():
    return _hex(40)


def _sha256():
    return _hex(64)


_SECRET_REFS = ["vault:secret/data/hr/adp#client_secret", "op://HR Ops/Benefits SFTP/password",
                "arn:aws:secretsmanager:eu-west-1:%s:secret:prod/hr/checkr-%s",
                "projects/lf-people/secrets/deel-api-token/versions/latest",
                "azurekeyvault://kv-hr-prod/secrets/graph-client-secret",
                "secret/hr/paylocity", "kv/data/people/workday-isu", "ssm:/prod/payroll/db_password"]
_ENVVARS = ["BAMBOOHR_API_KEY", "CHECKR_API_KEY", "GREENHOUSE_HARVEST_KEY", "ADP_CLIENT_SECRET",
            "WORKDAY_ISU_PASSWORD", "PAYLOCITY_CLIENT_SECRET", "SFTP_PASSWORD", "DB_PASSWORD",
            "OKTA_API_TOKEN", "SLACK_BOT_TOKEN", "GUSTO_TOKEN", "LEVER_API_KEY", "HIBOB_TOKEN",
            "PERSONIO_CLIENT_SECRET", "SENDGRID_API_KEY", "KRONOS_PASSWORD", "EXPENSIFY_SECRET"]
_PLACEHOLDERS = ["<your-token>", "<API_KEY>", "${DB_PASSWORD}", "$SFTP_PASSWORD", "xxxxxxxxxxxxxxxx",
                 "********", "[REDACTED]", "REDACTED", "<redacted>", "changeme-in-vault", "{{ .Values.db.password }}",
                 "{{ secrets.GUSTO_TOKEN }}", "${{ secrets.CHECKR_API_KEY }}", "%(ENV_API_KEY)s", "<set me>",
                 "YOUR_API_KEY_HERE", "<paste key here>", "${env:OKTA_TOKEN}", "{{ vault_sftp_password }}",
                 "$(cat /run/secrets/adp_secret)", "***", "<hidden>", "[FILTERED]", "<PASSWORD>", "TODO",
                 "${WORKDAY_PASSWORD:?missing}", "(see 1Password)", "<from-vault>", "••••••••"]


@_b
def _():
    return "$ git log --oneline -3\n%s fix: handle terminated employees in SCIM sync\n%s chore: bump zeep to 4.2.1\n%s feat: add Personio absences export" % (
        _hex(7), _hex(7), _hex(7))


@_b
def _():
    return "$ git rev-parse HEAD\n%s" % _sha()


@_b
def _():
    return "commit %s\nAuthor: %s %s <%s>\nDate:   %s\n\n    Rotate ADP client secret reference (value lives in Vault)" % (_sha(), _pick(_FIRST), _pick(_LAST), _email(), _date())


@_b
def _():
    return "$ sha256sum payroll_%s.csv\n%s  payroll_%s.csv" % (_date(), _sha256(), _date())


@_b
def _():
    return "md5: %s  census_%s.txt (matches the checksum in the vendor's manifest)" % (_hex(32), _date())


@_b
def _():
    return "image: ghcr.io/lumenfield/payroll-api@sha256:%s" % _sha256()


@_b
def _():
    return "employee_id: %s\nworker_uuid: %s\nstatus: active" % (_dig(6), _uuid())


@_b
def _():
    return '{"level":"info","msg":"request completed","request_id":"%s","trace_id":"%s","status":200,"path":"/api/v1/employees"}' % (_uuid(), _hex(32))


@_b
def _():
    return "traceparent: 00-%s-%s-01" % (_hex(32), _hex(16))


@_b
def _():
    return "X-Request-Id: %s\nX-Correlation-Id: %s" % (_uuid(), _uuid())


@_b
def _():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s benefits-drop@lumenfield" % _s(43, _ALNUM + "+/")


@_b
def _():
    return "The server's host key fingerprint is SHA256:%s (ED25519). Confirmed with Empower support before adding to known_hosts." % _b64(32).rstrip("=")


@_b
def _():
    body = _pem_lines(_n(200, 260))
    return "# public cert for the Workday x509 ISU (safe to commit)\n-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % body


@_b
def _():
    body = _pem_lines(_n(160, 200))
    return "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % body


@_b
def _():
    return "SAML IdP signing certificate SHA-1 fingerprint: %s" % ":".join(_HEX(2) for _ in range(20))


@_b
def _():
    return "gpg: encrypted with rsa4096 key, ID %s, created %s\n      \"Pension Provider Data Team <data@pension.example>\"" % (_HEX(16), _date())


@_b
def _():
    return "Okta app client_id: 0oa%s (public; the secret is in Vault)" % _s(17)


@_b
def _():
    return "AZURE_TENANT_ID=%s\nAZURE_CLIENT_ID=%s\nAZURE_CLIENT_SECRET=${AZURE_CLIENT_SECRET}" % (_uuid(), _uuid())


@_b
def _():
    return '{"kid": "%s", "kty": "RSA", "use": "sig", "alg": "RS256", "e": "AQAB"}' % _b64u(24)


@_b
def _():
    return "STRIPE_PUBLISHABLE_KEY=pk_live_51%s  # publishable, shipped to the browser" % _s(96)


@_b
def _():
    return "Twilio Account SID: AC%s (the auth token is stored in Vault under secret/hr/twilio)" % _hex(32)


@_b
def _():
    return "slack channel ids: #payroll-alerts=C%s #hr-ops=C%s team=T%s" % (_up(10), _up(10), _up(10))


@_b
def _():
    v = _pick(_ENVVARS)
    return "%s=%s" % (v, _pick(_PLACEHOLDERS))


@_b
def _():
    v = _pick(_ENVVARS)
    return "export %s=\"$(vault kv get -field=value secret/hr/%s)\"" % (v, v.lower().replace("_", "-"))


@_b
def _():
    return "password: %s" % _pick(_PLACEHOLDERS)


@_b
def _():
    return "api_key: \"%s\"   # injected at deploy time" % _pick(_PLACEHOLDERS)


@_b
def _():
    ref = _pick(_SECRET_REFS)
    if "%s" in ref:
        ref = ref % (_dig(12), _s(6))
    return "Credential reference: %s (do not copy the value into notes)" % ref


@_b
def _():
    return "valueFrom:\n  secretKeyRef:\n    name: %s\n    key: %s" % (_pick(["bamboohr-sync", "workday-isu", "adp-oauth", "checkr", "sftp-benefits"]), _pick(["password", "api-key", "client-secret", "token"]))


@_b
def _():
    return "      env:\n        CHECKR_API_KEY: ${{ secrets.CHECKR_API_KEY }}\n        RUN_ID: ${{ github.run_id }}-%d" % _n(1, 999)


@_b
def _():
    return "$ gh secret list -R lumenfield/payroll-sync\nADP_CLIENT_SECRET   Updated %s\nGUSTO_API_TOKEN     Updated %s\nSLACK_WEBHOOK_URL   Updated %s" % (_date(), _date(), _date())


@_b
def _():
    return "$ kubectl -n people get secrets\nNAME                TYPE     DATA   AGE\nbamboohr-sync       Opaque   2      %dd\nworkday-isu         Opaque   2      %dd" % (_n(1, 300), _n(1, 300))


@_b
def _():
    return "$ aws secretsmanager list-secrets --query 'SecretList[].Name'\n[\n    \"prod/hr/adp\",\n    \"prod/hr/checkr-%s\",\n    \"prod/payroll/sftp\"\n]" % _s(6)


@_b
def _():
    return "$ vault kv get -field=password secret/hr/benefits-sftp | sftp -oPasswordAuthentication=yes lf_benefits@sftp.empower-files.example.net  # value never echoed (%d)" % _n(1, 99999)


@_b
def _():
    return "$ docker login registry.%s -u ci-bot --password-stdin < ~/.secrets/registry_%s" % (_pick(_IDOMS), _low(4))


@_b
def _():
    return "kubectl create secret generic sftp-%s --from-file=password=./secrets/sftp_password.txt -n payroll" % _low(6)


@_b
def _():
    return "PGPASSFILE=~/.pgpass.%s psql -h %s -U hris_readonly hris" % (_low(4), _host("hris-db"))


@_b
def _():
    return "SLACK_BOT_TOKEN=xoxb-%s  (masked by CI)" % ("*" * _n(20, 40))


@_b
def _():
    return "Token: gho_%s" % ("*" * 36) + " (%s)" % _pick(["masked", "redacted by gh", "hidden", "truncated"]) + " #%d" % _n(1, 9999)


@_b
def _():
    return "Using API key ending in ...%s for BambooHR (subdomain lumenfield)" % _hex(4)


@_b
def _():
    return "sk_live_****%s was rotated on %s; new key stored in Vault" % (_s(4), _date())


@_b
def _():
    return "Authorization: Bearer [REDACTED]\nX-Request-Id: %s" % _uuid()


@_b
def _():
    return "Parameters: {\"email\"=>\"%s\", \"password\"=>\"[FILTERED]\", \"remember_me\"=>\"1\"}" % _email()


@_b
def _():
    return "Password policy (HR portal): minimum %d characters, at least one number and one symbol, no reuse of the last %d passwords, expires every %d days." % (
        _n(10, 16), _n(3, 12), _pick([60, 90, 180, 365]))


@_b
def _():
    return "Reminder: never send payroll or SFTP passwords by email or Slack; share them through 1Password (ticket %s)." % _tkt()


@_b
def _():
    return "%s: Asked %s for the benefits SFTP password; she'll share it via the vault, not chat." % (_date(), _pick(_FIRST))


@_b
def _():
    return "Note: the Checkr API key was rotated %s. Old key revoked. Location: Vault secret/hr/checkr (version %d)." % (_date(), _n(2, 30))


@_b
def _():
    return "%s — User cannot reset password for the payslip portal; reset link sent to their work email, ticket closed." % _tkt()


@_b
def _():
    return "GOAL: move all HR integration credentials from .env files into Vault and reference them by path (%d of 14 done)." % _n(1, 13)


@_b
def _():
    return "Decision: the SCIM bearer token will be generated by Okta and pasted directly into the vendor console by %s; the agent never sees it." % _pick(_FIRST)


@_b
def _():
    return "Temporary passwords for new hires are generated by the IdP and delivered by SMS; HR staff should never see them. (policy v%d.%d)" % (_n(1, 5), _n(0, 9))


@_b
def _():
    return "echo %s | base64 -d   # -> %s" % (_b64of("employee_id,first_name,last_name,department"), "employee_id,first_name,last_name,department" + " " * 0 + "")


@_b
def _():
    t = _pick(["Payroll run %s completed" % _date(), "headcount=%d" % _n(100, 5000), "open_requisitions=%d" % _n(1, 200),
               '{"report":"attrition","period":"%s"}' % _date()[:7]])
    return "binaryData:\n  summary.txt: %s" % _b64of(t)


@_b
def _():
    return "/var/lib/payroll/exports/%s/gross_to_net_%s.csv" % (_date()[:7], _hex(8))


@_b
def _():
    return "~/.ssh/benefits_sftp_ed25519.pub"+ " (public half, %d bytes)" % _n(90, 110)


@_b
def _():
    return "hris-client==%d.%d.%d  (sha256:%s)" % (_n(0, 5), _n(0, 30), _n(0, 20), _sha256())


@_b
def _():
    return "integrity sha512-%s" % _b64(64)


@_b
def _():
    return "cache key: deps-linux-%s" % _sha256()


@_b
def _():
    return "Restored cache from key: pip-%s-%s" % (_pick(["ubuntu-22.04", "ubuntu-24.04", "macos-14"]), _hex(64))


@_b
def _():
    return "ETag: \"%s\"" % _hex(32)


@_b
def _():
    return "Set-Cookie: hrportal_consent=accepted; Path=/; Max-Age=%d; SameSite=Lax" % _n(3600, 31536000)


@_b
def _():
    return "Content-Security-Policy: script-src 'self' 'nonce-%s'" % _b64(16)


@_b
def _():
    return "Stripe charge ch_%s for card ending 4242, customer cus_%s" % (_s(24), _s(14))


@_b
def _():
    return "Greenhouse candidate %d, application %d, job %d moved to Offer" % (_n(10**7, 10**8), _n(10**7, 10**8), _n(10**6, 10**7))


@_b
def _():
    return "Lever opportunity %s archived (reason: hired)" % _uuid()


@_b
def _():
    return "Workday WID for Cost Center %d: %s" % (_n(1000, 9999), _hex(32))


@_b
def _():
    return "ADP associateOID G3%s (not secret; identifies the worker in ADP)" % _up(14)


@_b
def _():
    return "Checkr candidate id %s, report id %s, status: clear" % (_hex(24), _hex(24))


@_b
def _():
    return "Onfido applicant %s, check %s: result consider" % (_uuid(), _uuid())


@_b
def _():
    return "Expensify report R00%s approved; policyID %s" % (_up(10), _HEX(16))


@_b
def _():
    return "Kronos clock serial: %s-%s, firmware %d.%d.%d" % (_up(4), _dig(8), _n(1, 9), _n(0, 20), _n(0, 99))


@_b
def _():
    return "SCIM externalId %s -> Okta user 00u%s" % (_uuid(), _s(17))


@_b
def _():
    return "version: %d.%d.%d+build.%d.%s" % (_n(0, 9), _n(0, 50), _n(0, 30), _n(1, 9999), _hex(7))


@_b
def _():
    return "$ terraform output db_password\ndb_password = <sensitive>"+ "\n# module.hris_%s" % _low(4)


@_b
def _():
    return '      + password       = (sensitive value)\n      + username       = "%s"' % _pick(["hris_admin", "pa_admin", "ats"])


@_b
def _():
    return "Warning: Value for undeclared variable \"okta_api_token\" (run %s)" % _uuid()


@_b
def _():
    return "401 Unauthorized from api.%s: invalid API key (request %s)" % (_pick(["bamboohr.com", "lever.co", "greenhouse.io", "checkr.com"]), _uuid())


@_b
def _():
    return "ERROR sftp: Authentication failed for user lf_benefits@sftp.%s.example.net (password auth). Check the vault entry. attempt=%d" % (_pick(["aon-secure", "empower-files", "voya-inbound"]), _n(1, 5))


@_b
def _():
    return "%s WARN hrportal.auth too many failed password attempts for user id %d; account locked for 15m" % (_ts(), _n(1000, 99999))


@_b
def _():
    return "ldapsearch -x -H ldaps://dc01.%s -D \"cn=svc-hris,ou=svc,dc=lumenfield\" -y /etc/ldap/svc-hris.pw \"(employeeID=%s)\"" % (_pick(_IDOMS), _dig(6))


@_b
def _():
    return "mysql --defaults-extra-file=/etc/hr/report.cnf -e 'select count(*) from punches' # %s" % _date()


@_b
def _():
    return "curl -u \"$BAMBOOHR_API_KEY:x\" https://api.bamboohr.com/api/gateway.php/lumenfield/v1/employees/%d" % _n(1, 5000)


@_b
def _():
    return "curl -H \"Authorization: Bearer $(gcloud auth print-access-token)\" https://admin.googleapis.com/admin/directory/v1/users/%s" % _email()


@_b
def _():
    return "sshpass -f ~/.secrets/voya_pw sftp lf_voya@sftp.voya-inbound.example.net  # file mode 600, run %d" % _n(1, 9999)


@_b
def _():
    return "openssl enc -aes-256-cbc -pbkdf2 -in payroll_%s.csv -out payroll.enc -pass env:PAYROLL_ZIP_PASS" % _date()


@_b
def _():
    return "gpg --batch --passphrase-file /run/secrets/pension_gpg -d contributions_%s.csv.gpg" % _date()


@_b
def _():
    return "password_hash: $argon2id$v=19$m=65536,t=3,p=4$" + "<omitted>" + " (user %d)" % _n(1, 9999)


@_b
def _():
    return "MFA: TOTP enrolled for %s on %s (seed not shown)" % (_email(), _date())


@_b
def _():
    return "SSO: SAML NameID=%s, SessionIndex=_%s" % (_email(), _hex(32))


@_b
def _():
    return "Okta event %s: user.lifecycle.deactivate target=00u%s" % (_uuid(), _s(17))


@_b
def _():
    return "# .env.example\nBAMBOOHR_SUBDOMAIN=lumenfield\nBAMBOOHR_API_KEY=\nSYNC_INTERVAL_MINUTES=%d" % _n(5, 120)


@_b
def _():
    return "spring.datasource.password=${SPRING_DATASOURCE_PASSWORD}\nspring.datasource.username=%s" % _pick(["recruiting_app", "onboarding_svc", "payroll_app"])


@_b
def _():
    return "<wd:Password>%s</wd:Password>" % _pick(["${ISU_PASSWORD}", "********", "[set at runtime]", "{{isu_password}}"]) + "<!-- tenant %s -->" % _low(8)


@_b
def _():
    return "connectionString=\"Server=ta-sql;Database=TA;Integrated Security=SSPI;Encrypt=True\" <!-- %s -->" % _hex(6)


@_b
def _():
    return "DATABASE_URL=postgres://%s@%s:5432/hris  # password via PGPASSWORD from vault" % (_pick(["hris_app", "etl", "reader"]), _host("hris-db"))


@_b
def _():
    return "jdbc:postgresql://%s:5432/recruiting?sslmode=verify-full&user=recruiting_app" % _host("rec-pg")


@_b
def _():
    return "mongodb+srv://people-analytics.%s.mongodb.net/hr?authMechanism=MONGODB-AWS" % _low(5)


@_b
def _():
    return "https://lumenfield.okta.com/oauth2/v1/authorize?client_id=0oa%s&response_type=code&scope=openid%%20profile&state=%s" % (_s(17), _hex(16))


@_b
def _():
    return "https://lf-people-exports.s3.eu-west-1.amazonaws.com/analytics/headcount_%s.parquet (private bucket; generate a presigned URL when needed)" % _date()


@_b
def _():
    return "Download link expired (X-Amz-Expires=3600). Re-run `make presign` to get a fresh one. ref=%s" % _hex(10)


@_b
def _():
    return "Content-Disposition: attachment; filename=\"payslip_%s_%d.pdf\"" % (_date()[:7], _n(1000, 99999))


@_b
def _():
    return "%s INFO payroll run %s: %d payslips generated, checksum %s" % (_ts(), _uuid(), _n(100, 4000), _sha256())


@_b
def _():
    return "%s DEBUG scim-bridge PATCH /scim/v2/Users/%s active=false (Authorization header redacted)" % (_ts(), _uuid())


@_b
def _():
    return "%s INFO clockd uploaded %d punches from CLOCK-%02d batch=%s" % (_ts(), _n(10, 900), _n(1, 40), _hex(12))


@_b
def _():
    return "[Pipeline] withCredentials\nMasking supported pattern matches of $SFTP_PASSWORD\n+ ./upload.sh --user lf_voya --pass **** (build %d)" % _n(1, 9999)


@_b
def _():
    return "Run docker/login-action@v3\n  with:\n    username: lfpeopleci\n    password: ***\nLogin Succeeded (%s)" % _hex(8)


@_b
def _():
    return "- name: Configure AWS credentials\n  uses: aws-actions/configure-aws-credentials@v4\n  with:\n    role-to-assume: arn:aws:iam::%s:role/gha-payroll-deploy\n    aws-region: eu-west-1" % _dig(12)


@_b
def _():
    return "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: adp-oauth\nspec:\n  encryptedData:\n    client_secret: AgB%s" % _s(_n(300, 380), _ALNUM + "+/")


@_b
def _():
    return "db_password: ENC[AES256_GCM,data:%s,iv:%s,tag:%s,type:str]" % (_b64(18), _b64(32), _b64(16))


@_b
def _():
    return "$ANSIBLE_VAULT;1.1;AES256\n%s\n%s" % (_hex(80), _hex(80))


@_b
def _():
    return "people-infra:dbPassword:\n    secure: AAABA%s" % _s(60, _ALNUM + "+/")


@_b
def _():
    return "Dependabot: bump paramiko from %d.%d.%d to %d.%d.%d in /hr-sync (#%d)" % (_n(2, 3), _n(0, 9), _n(0, 9), _n(3, 4), _n(0, 9), _n(0, 9), _n(100, 999))


@_b
def _():
    return "Renovate: lock file maintenance, resolved %s@%s sha %s" % (_pick(["axios", "zod", "jsonwebtoken", "nodemailer"]), "%d.%d.%d" % (_n(1, 9), _n(0, 20), _n(0, 20)), _hex(40))


@_b
def _():
    return "%s: the password field on the offer form is 'Create a candidate portal password' - copy change request from legal (%s)" % (_pick(_FIRST), _tkt())


@_b
def _():
    return "Notiz: Das Passwort für den SFTP-Zugang liegt im Tresor unter 'Versorgungswerk'. Bitte nicht in Tickets kopieren. (%s)" % _date()


@_b
def _():
    return "Rappel : le mot de passe du portail de paie doit être changé tous les %d jours." % _pick([60, 90, 120])


@_b
def _():
    return "Recordatorio: la contraseña del portal de nóminas ya no se comparte por chat; pídela a %s por el gestor de contraseñas." % _pick(_FIRST)


@_b
def _():
    return "パスワードは1Passwordの「給与システム」に保存済みです。チャットには貼らないでください。（%s）" % _date()


@_b
def _():
    return "密码已存入公司密码库（条目：薪资系统-%d），请勿在群里发送。" % _n(1, 99)


@_b
def _():
    return "Lembrete: a senha do certificado do eSocial está no cofre, item %s." % _up(6)


@_b
def _():
    return "Wachtwoordbeleid salarisadministratie: minimaal %d tekens, MFA verplicht." % _n(12, 16)


@_b
def _():
    return "Пароль от 1С хранится в KeePass (раздел Бухгалтерия/%d), в чат не отправлять." % _n(1, 50)


@_b
def _():
    return "비밀번호는 사내 비밀번호 관리자에 저장되어 있습니다 (항목 ID %d)." % _n(1000, 9999)


@_b
def _():
    return "Hasło do systemu kadrowego jest w sejfie haseł, wpis #%d." % _n(1, 500)


@_b
def _():
    return "%s: rotated the HiBob service user token; new one is in Vault at kv/data/people/hibob (v%d)." % (_date(), _n(2, 20))


@_b
def _():
    return "| System | User | Password |\n|---|---|---|\n| ADP WFN | adm.lumenfield | in vault |\n| Kronos | kronos_admin | in vault (%s) |" % _low(5)


@_b
def _():
    return "creds for staging HRIS: ask %s (they're in the team vault under 'HRIS staging %d')" % (_pick(_FIRST), _n(1, 9))


@_b
def _():
    return "pw: see 1Password > HR Ops > Paychex Flex admin (item %s)" % _low(26)


@_b
def _():
    return "passwd file /etc/passwd line: payroll:x:%d:%d:Payroll batch:/home/payroll:/usr/sbin/nologin" % (_n(1000, 2000), _n(1000, 2000))


@_b
def _():
    return "account-recovery: forgot-password flow sends a %d-minute link; rate limit %d/hour" % (_n(10, 60), _n(3, 10))


@_b
def _():
    return "SSO bypass for break-glass account is disabled; password is sealed in envelope #%d in the HR safe." % _n(1, 40)


@_b
def _():
    return "fixture: employee_%d = {'name': 'Test Employee', 'ssn': '000-00-0000', 'password': None}" % _n(1, 999)


@_b
def _():
    return "The key ID (not the key) for the benefits vendor's PGP public key is 0x%s." % _HEX(16)


@_b
def _():
    return "AWS access key id AKIA%s was deactivated on %s (secret was never stored here)." % (_s(16, string.ascii_uppercase + "234567"), _date())


@_b
def _():
    return "hash of the export used as cache key: %s" % _hex(40)


@_b
def _():
    return "X-Hub-Signature-256: sha256=%s" % _sha256()


@_b
def _():
    return "Greenhouse-Signature: sha256 %s" % _sha256()


@_b
def _():
    return "webhook_id=%s delivery=%s event=candidate.hired" % (_uuid(), _uuid())


@_b
def _():
    return "%s — Workday integration event WD-%s completed with %d warnings" % (_ts(), _hex(32), _n(0, 40))


@_b
def _():
    return "ATS job id %s, requisition REQ-%d, hiring manager %s" % (_s(10, _LOWER), _n(1000, 9999), _email())


@_b
def _():
    return "BambooHR employee field list: id, displayName, workEmail, department, supervisorEid, hireDate (%d fields)" % _n(6, 60)


@_b
def _():
    return "uuid4: %s" % _uuid()


@_b
def _():
    return "session id in logs is hashed: sid_sha256=%s" % _sha256()


@_b
def _():
    return "docker pull postgres@sha256:%s" % _sha256()


@_b
def _():
    return "base64 of the CSV header row: %s" % _b64of(_pick(["employee_id;hire_date;cost_center", "worker,period,gross,net", "cand_id,stage,source", "badge,punch_in,punch_out"]) + ";" * _n(0, 3))


@_b
def _():
    return "JWT header only: %s (alg RS256, kid %s)" % (base64.urlsafe_b64encode(('{"alg":"RS256","kid":"%s"}' % _hex(8)).encode()).decode().rstrip("="), _hex(8))


@_b
def _():
    return "Secret names to create: SFTP_PASSWORD, ADP_CLIENT_SECRET, CHECKR_API_KEY (values from %s)" % _pick(["Vault", "1Password", "the vendor portal", "Priya"])


@_b
def _():
    return "If you see 'invalid_client' from the ADP token endpoint, the client secret in Vault has expired — request a new one from the ADP partner portal. (%s)" % _tkt()


@_b
def _():
    return "Password must not contain your employee ID (%d) or name." % _n(100000, 999999)


@_b
def _():
    return "Placeholder in runbook: sftp lumenfield@sftp.example.net (password: <ask payroll lead>) step %d" % _n(1, 20)


@_b
def _():
    return "Note to self: never run `env` in the agent transcript again; use `env | cut -d= -f1` instead. (%s)" % _time()


@_b
def _():
    return "$ env | cut -d= -f1 | grep -i hr\nHRIS_URL\nHRIS_USER\nHRIS_PASS\nHR_LOG_LEVEL_%d" % _n(1, 99)


@_b
def _():
    return "Windows SID: S-1-5-21-%d-%d-%d-%d" % (_n(10**9, 4 * 10**9), _n(10**9, 4 * 10**9), _n(10**8, 4 * 10**9), _n(1000, 99999))


@_b
def _():
    return "Azure AD object id %s, app id %s, tenant %s" % (_uuid(), _uuid(), _uuid())


@_b
def _():
    return "GitHub App ID %d, installation %d (private key file lives in Vault)" % (_n(100000, 999999), _n(10**7, 10**8))


@_b
def _():
    return "ssh-keygen -lf ~/.ssh/benefits_sftp_ed25519.pub\n256 SHA256:%s benefits-drop@lumenfield (ED25519)" % _b64(32).rstrip("=")


@_b
def _():
    return "The salary band file is zipped with a password that payroll sends separately by phone — do not ask for it in the thread. (%s)" % _tkt()


@_b
def _():
    return "Token expired at %s; refresh handled automatically by the client library." % _ts()


@_b
def _():
    return "%s INFO oauth token refreshed for integration=%s expires_in=3600 (token not logged)" % (_ts(), _pick(["adp", "gusto", "personio", "rippling", "zoom"]))


@_b
def _():
    return "Reference number for the pension contribution upload: PEN-%s-%s" % (_date().replace("-", ""), _up(8))


@_b
def _():
    return "P60 batch %s signed with certificate thumbprint %s" % (_date()[:4], _HEX(40))


@_b
def _():
    return "IBAN masked in export: GB** **** **** **** **%s" % _dig(4)


@_b
def _():
    return "Job posting URL: https://boards.greenhouse.io/lumenfield/jobs/%d?gh_src=%s" % (_n(10**6, 10**7), _hex(8))


@_b
def _():
    return "Indeed apply tracking: https://www.indeed.example/viewjob?jk=%s&from=partner" % _hex(16)


@_b
def _():
    return "LinkedIn job id %d, company urn:li:organization:%d" % (_n(10**9, 10**10), _n(10**6, 10**8))


@_b
def _():
    return "Calendly event type uuid %s for 'Panel interview (%d min)'" % (_uuid(), _pick([30, 45, 60]))


@_b
def _():
    return "Zoom meeting ID %d %d %d (passcode shared in the calendar invite, not here)" % (_n(100, 999), _n(1000, 9999), _n(1000, 9999))


@_b
def _():
    return "python -c \"import secrets; print(secrets.token_urlsafe(32))\"  # how to generate a new webhook secret (%d)" % _n(1, 9999)


@_b
def _():
    return "openssl rand -hex 32 > /run/secrets/%s  # generated on the box, never printed" % _pick(["lever_webhook", "checkr_webhook", "session_key", "scim_token"])


@_b
def _():
    return "age recipient (public): age1%s" % _s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")


@_b
def _():
    return "known_hosts: sftp.%s.example.net ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ%s" % (_pick(["aon-secure", "empower-files", "voya-inbound", "nest-transfer"]), _s(120, _ALNUM + "+/"))


@_b
def _():
    return "commit message: \"remove accidentally committed .env (keys already rotated)\" %s" % _hex(12)


@_b
def _():
    return "The HRIS password reset email template uses {{reset_url}} and {{expires_in}} (template id %d)" % _n(100, 9999)


@_b
def _():
    return "expense report #%d: 'Password manager subscription (team plan)' $%d.00" % (_n(1000, 99999), _n(20, 400))


@_b
def _():
    return "Interview scorecard for candidate %d: 'strong on secrets management and key rotation concepts'" % _n(10**6, 10**7)


@_b
def _():
    return "people-analytics export %s rows=%d md5=%s" % (_date(), _n(100, 90000), _hex(32))


@_b
def _():
    return "X-RateLimit-Remaining: %d\nX-RateLimit-Reset: %d" % (_n(0, 5000), _n(1700000000, 1760000000))


@_b
def _():
    return "SOAP fault: wsse:InvalidSecurity - Invalid username or password (ISU_HR_Read) at %s" % _ts()


@_b
def _():
    return "aws_secret_access_key = %s" % _pick(["<from-sso>", "${AWS_SECRET_ACCESS_KEY}", "(using SSO profile)", "REDACTED"]) + "  # profile %s" % _low(6)


# =====================================================================
# assembly
# =====================================================================
_GROUPS = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
           "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 187
_BENIGN_TARGET = 950


def _build_secrets():
    out = []
    seen = set()
    for g in _GROUPS:
        temps = [(f, fn) for (gg, f, fn) in _TEMPLATES if gg == g]
        items = []
        for _round in range(3):
            for f, fn in temps:
                if len(items) >= _PER_GROUP:
                    break
                for _attempt in range(50):
                    text, secret, visible = fn()
                    ok = (len(secret) >= 6 and secret in text and secret not in seen
                          and (not visible or (visible in text and secret not in visible)))
                    if ok:
                        break
                else:
                    raise RuntimeError("cannot draw a fresh value for %s" % f)
                seen.add(secret)
                items.append((g, f, text, secret, visible))
        out.extend(items)
    return out


def _build_benign(secrets):
    long_secrets = [s for s in secrets if len(s) >= 8]
    out = []
    seen = set()
    stale = 0
    while len(out) < _BENIGN_TARGET and stale < 20:
        added = 0
        for fn in _B:
            if len(out) >= _BENIGN_TARGET:
                break
            for _attempt in range(3):
                s = fn()
                if s in seen or any(x in s for x in long_secrets):
                    continue
                seen.add(s)
                out.append(s)
                added += 1
                break
        stale = stale + 1 if added == 0 else 0
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])
