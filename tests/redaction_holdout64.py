"""Blind hold-out corpus #64 for a secret-redaction engine.

What it is
----------
A test corpus of text fragments of the kind a coding agent (Claude Code,
Codex, Gemini CLI) writes into its saved working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Some fragments carry a credential that a redaction engine must remove;
the others only look credential-like and must be left alone.

Theme
-----
Non-profits, NGOs and humanitarian field teams and the volunteer
developers who support them: mobile data collection (KoboToolbox, ODK
Central, CommCare, SurveyCTO), health information systems (DHIS2,
OpenMRS), donor CRMs and fundraising (Salesforce NPSP, CiviCRM,
Bloomerang, donation platforms), cash-transfer and mobile-money
disbursements, SMS gateways and WhatsApp / RapidPro chatbots,
offline-first sync servers (CouchDB, Syncthing), satellite links and
field laptops, shared Google Workspace / Microsoft 365 nonprofit tenants.
Notes and chats appear in English, French, Spanish, Portuguese, Arabic
and Swahili.

Provenance
----------
Written blind, from general knowledge only: no engine rules, no other
corpus and no web search were consulted.  Where a vendor's real
credential shape is known it is imitated (prefixes, lengths, alphabets);
where it is not known, a plausible shape was invented.  All hosts,
organisations, people, phone numbers and values are fictitious, and
every credential value is a fresh random draw.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group    one of command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token;
         format   kebab-case name of the shape, used at most 3 times;
         text     the fragment as the agent recorded it;
         secret   the exact substring of text that must not survive
                  redaction (only the key body for PEM keys, only the
                  signature for signed URLs, only the password for
                  user:password pairs);
         visible  a substring of text that must stay readable, or "".
BENIGN   list of distinct strings in the same contexts that contain no
         credential but look secret-ish to a naive scanner (hashes,
         UUIDs, ids, public keys, placeholders, masked values, secret
         references, prose about passwords, ...).

Determinism
-----------
Every random value is drawn from ``_R = random.Random(SEED)`` at import
time, in a fixed order, so importing the module twice yields identical
lists.  Nothing is printed at import.

Measured
--------
Blind, written while that session's rules were made and read only after all of them: recall
0.957 (1,430 of 1,494) and false positives 19 of 950 (2.0%); with the engine at that session's
start 0.954 and the same 19: its rules caught 4 more secrets here. Tuned on since: 0.966 and
19 of 950.
"""
import base64
import random
import re
import string

SEED = 640064
_R = random.Random(SEED)

# ---------------------------------------------------------------------------
# random primitives
# ---------------------------------------------------------------------------
_LOWER = string.ascii_lowercase
_UPPER = string.ascii_uppercase
_DIGITS = string.digits
_HEXD = "0123456789abcdef"
_ALNUM = _LOWER + _UPPER + _DIGITS
_LD = _LOWER + _DIGITS
_UD = _UPPER + _DIGITS
_B64A = _UPPER + _LOWER + _DIGITS + "+/"
_B64U = _UPPER + _LOWER + _DIGITS + "-_"


def _pick(seq):
    return seq[_R.randrange(len(seq))]


def _s(alpha, n):
    return "".join(alpha[_R.randrange(len(alpha))] for _ in range(n))


def _hex(n):
    return _s(_HEXD, n)


def _HEX(n):
    return _s("0123456789ABCDEF", n)


def _an(n):
    return _s(_ALNUM, n)


def _ld(n):
    return _s(_LD, n)


def _ud(n):
    return _s(_UD, n)


def _dig(n):
    return _pick("123456789") + _s(_DIGITS, n - 1)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(nbytes):
    return base64.b64encode(_rbytes(nbytes)).decode()


def _b64u(nbytes):
    return base64.urlsafe_b64encode(_rbytes(nbytes)).decode().rstrip("=")


def _b64s(text):
    return base64.b64encode(text.encode("utf-8")).decode()


def _b64us(text):
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _pick("89ab"),
                                  h[17:20], h[20:32])


def _wrap(s, width):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def _b64body(prefix, total):
    body = prefix + _s(_B64A, total - len(prefix))
    return body


# ---------------------------------------------------------------------------
# people, places, organisations
# ---------------------------------------------------------------------------
_FIRST = ["Amina", "Kofi", "Fatuma", "Baraka", "Wanjiru", "Otieno", "Mariam",
          "Yusuf", "Nadia", "Chidi", "Thandiwe", "Rahel", "Samir", "Layla",
          "Lucia", "Tomas", "Joao", "Ines", "Elodie", "Moussa", "Aicha",
          "Ibrahim", "Zawadi", "Neema", "Juma", "Halima", "Esperanza",
          "Camila", "Mateus", "Beatriz", "Rafael", "Souleymane", "Awa",
          "Karim", "Salma", "Omar", "Hiba", "Daniel", "Grace", "Peter",
          "Akinyi", "Kwame", "Abena", "Selam", "Tesfaye", "Nour", "Farah",
          "Mamadou", "Aminata", "Florence", "Jean", "Claudine", "Gabriel",
          "Valentina", "Diego", "Paulo", "Rosa", "Imani", "Hassan", "Leila"]
_LAST = ["Mwangi", "Okafor", "Diallo", "Njoroge", "Haddad", "Mensah", "Traore",
         "Ochieng", "Kamau", "Silva", "Santos", "Garcia", "Moreno", "Dupont",
         "Mbeki", "Abebe", "Osei", "Ndlovu", "Khalil", "Barry", "Keita",
         "Wambui", "Achieng", "Ferreira", "Costa", "Rojas", "Benali",
         "Mutua", "Otieno", "Lemaire", "Kante", "Nkurunziza", "Asante"]
_ORGP = ["maji", "amani", "tumaini", "sahel", "nuru", "esperanza", "vida",
         "luz", "horizonte", "salama", "baraka", "umoja", "karibu", "tawasul",
         "noor", "amal", "rahma", "solidarite", "espoir", "avenir", "semillas",
         "raices", "caminos", "sementes", "ponte", "harambee", "jenga",
         "bridgewell", "clearwater", "greenfield", "firstlight", "openhands",
         "kinship", "hopepath", "wellspring", "mosaic", "lifeline", "safepass",
         "roots", "kisima", "afya", "elimu", "chakula", "mwangaza", "sawa",
         "terra", "agua", "sol", "baobab", "acacia"]
_ORGS = ["-relief", "-health", "-aid", "-trust", "-foundation", "-collective",
         "-network", "-initiative", "-partners", "-cares", "", "-intl",
         "-ngo", "-alliance", "-outreach", "-fund"]
_TLD = [".org", ".ngo", ".or.ke", ".org.br", ".org.mx", ".ong", ".org.uk",
        ".africa", ".org.co", ".org.tz", ".org.ug", ".sn", ".org.za", ".net"]
_REGIONS = ["Turkana", "Dadaab", "Kakuma", "Maradi", "Tillaberi", "Mopti",
            "Gao", "Goma", "Bunia", "Kasai", "Beira", "Pemba", "Tete",
            "Nampula", "Mwanza", "Kigoma", "Gulu", "Arua", "Bidibidi", "Idlib",
            "Gaziantep", "Mafraq", "Zaatari", "Azraq", "Marib", "Aden",
            "Hodeidah", "Tumaco", "Cucuta", "Riohacha", "Tapachula", "Roraima",
            "Manaus", "Jacmel", "Kismayo", "Baidoa", "Garissa", "Lodwar",
            "Maiduguri", "Yola", "Diffa", "Agadez", "Kaya", "Djibo", "Bangui",
            "Bambari", "Juba", "Malakal", "Bor", "Kassala", "Gedaref",
            "Nyarugusu", "Kyangwali", "Rhino", "Kutupalong", "Tessalit",
            "Dori", "Zinder", "Tahoua", "Sittwe", "Cabo", "Lichinga"]
_COUNTRIES = ["Kenya", "Niger", "Mali", "DRC", "Mozambique", "Tanzania",
              "Uganda", "Syria", "Jordan", "Yemen", "Colombia", "Mexico",
              "Brazil", "Haiti", "Somalia", "Nigeria", "Burkina Faso",
              "South Sudan", "Sudan", "Bangladesh", "CAR", "Lebanon"]
_USERS = ["odk_admin", "kobo_sync", "dhis_etl", "svc-rapidpro", "fieldsup",
          "enumerator", "data_mgr", "mel_officer", "sync_agent", "civi_admin",
          "npsp_integration", "openmrs_ro", "reporting", "backup", "deploy",
          "volunteer", "it_support", "etl_bot", "superset", "metabase",
          "pgadmin", "couch_admin", "replicator", "sms_gw", "cashops",
          "finance_ro", "hq_admin", "m_and_e", "dataentry", "analyst"]
_DBS = ["kobo_prod", "kobocat", "kpi", "dhis2", "dhis2_prod", "openmrs",
        "civicrm", "central", "odk", "rapidpro", "temba", "commcare_etl",
        "donors", "npsp_mirror", "cash_transfers", "beneficiaries", "mel",
        "warehouse", "sms_gateway", "surveys", "registry", "payments"]
_FORMS = ["hh_survey_v3", "nutrition_screening_2024", "cash_registration",
          "pdm_round2", "wash_kap", "vaccination_tally", "gbv_referral",
          "shelter_assessment", "muac_followup", "distribution_log",
          "market_monitoring", "school_feeding", "protection_monitoring",
          "cva_postdist", "idp_tracking", "water_point_audit", "msna_2025",
          "beneficiary_feedback", "cholera_line_list", "seed_fair"]
_SERVERS = ["field-laptop-07", "sync-pi-03", "nuc-goma-01", "hq-app-02",
            "kobo-vm", "odk-central-01", "dhis2-prod", "emr-server",
            "couch-edge-04", "vsat-gw", "backup-nas", "crm-web-01",
            "rp-worker-2", "etl-runner", "jump-box", "office-pi"]
_GHUSERS = ["amani-devops", "volunteer-kofi", "lucia-codes", "nadia-data",
            "tech4good-joao", "mwangaza-it", "fieldtech-omar", "civic-hacker",
            "opendata-awa", "rahel-builds", "dk-volunteer", "sahel-sysadmin"]


def _org(c=None):
    return _pick(_ORGP) + _pick(_ORGS)


def _dom(c):
    return c["org"] + _pick(_TLD)


_SUBS = ["kobo", "kf", "kc", "odk", "central", "dhis2", "dhis", "emr",
         "openmrs", "crm", "civi", "sync", "couch", "rp", "rapidpro", "textit",
         "sms", "mail", "vpn", "nas", "backup", "metabase", "superset",
         "minio", "git", "ci", "api", "pay", "cash", "enketo", "ee", "hmis",
         "data", "survey", "donate", "portal", "files", "cloud", "apps"]


def _host(c):
    return _pick(_SUBS) + "." + c["dom"]


def _person(c=None):
    return _pick(_FIRST)


def _email(c):
    p = c["person"].lower()
    style = _R.randrange(4)
    if style == 0:
        local = p
    elif style == 1:
        local = p + "." + _pick(_LAST).lower()
    elif style == 2:
        local = p[0] + _pick(_LAST).lower()
    else:
        local = _pick(["field-ops", "it", "mel", "data", "admin", "finance",
                       "fundraising", "programs", "security", "grants"])
    return local + "@" + c["dom"]


def _user(c=None):
    u = _pick(_USERS)
    if _R.random() < 0.3:
        u += str(_R.randrange(1, 20))
    return u


def _ip(c=None):
    k = _R.randrange(3)
    if k == 0:
        return "10.%d.%d.%d" % (_R.randrange(256), _R.randrange(256), _R.randrange(1, 255))
    if k == 1:
        return "192.168.%d.%d" % (_R.randrange(256), _R.randrange(1, 255))
    return "172.%d.%d.%d" % (_R.randrange(16, 32), _R.randrange(256), _R.randrange(1, 255))


def _pip(c=None):
    return "%d.%d.%d.%d" % (_pick([41, 102, 105, 154, 196, 197, 156, 185, 62]),
                            _R.randrange(256), _R.randrange(256), _R.randrange(1, 255))


def _date(c=None):
    return "%d-%02d-%02d" % (_R.randrange(2023, 2026), _R.randrange(1, 13), _R.randrange(1, 29))


def _time(c=None):
    return "%02d:%02d" % (_R.randrange(24), _R.randrange(60))


def _ts(c=None):
    return "%sT%02d:%02d:%02d.%03dZ" % (_date(), _R.randrange(24), _R.randrange(60),
                                        _R.randrange(60), _R.randrange(1000))


def _phone(c=None):
    cc, n = _pick([("+254", 9), ("+255", 9), ("+256", 9), ("+258", 9),
                   ("+243", 9), ("+227", 8), ("+223", 8), ("+57", 10),
                   ("+55", 11), ("+962", 9), ("+967", 9), ("+252", 8)])
    return cc + _dig(n)


def _word(c=None):
    return _pick(_WORDS_ALL)


_WL = {
    "en": ["river", "mango", "sunrise", "harvest", "lantern", "compass", "falcon",
           "meadow", "bridge", "orchard", "thunder", "pebble", "canyon", "willow",
           "ember", "harbor", "saffron", "tiger", "cobalt", "juniper", "kettle",
           "monsoon", "savanna", "rooftop", "papaya", "lighthouse", "granite"],
    "fr": ["soleil", "papillon", "lumiere", "baobab", "fleuve", "montagne",
           "etoile", "chocolat", "printemps", "sable", "moustique", "hibiscus",
           "colombe", "tonnerre", "mangue", "cascade", "marmite", "pirogue"],
    "es": ["lluvia", "girasol", "montana", "cafetal", "estrella", "tortuga",
           "relampago", "aguacate", "colibri", "semilla", "volcan", "sombrero",
           "jaguar", "arena", "quetzal", "guayaba", "cometa", "ceiba"],
    "pt": ["saudade", "caju", "jangada", "sabia", "mandioca", "cerrado",
           "araucaria", "jabuti", "tucano", "goiaba", "farol", "maracuja", "ipe",
           "cachoeira", "capivara", "buriti", "acai", "pitanga"],
    "sw": ["jambo", "twiga", "simba", "mvua", "habari", "tembo", "nyota",
           "upendo", "kijiji", "pwani", "bahari", "mlima", "chui", "jua", "amani",
           "kesho", "rafiki", "nyumbani", "safari", "kiboko", "mchele", "duka"],
    "ar": ["sabah", "noor", "qamar", "yasmin", "bahr", "sahara", "najma", "warda",
           "zaytoun", "layali", "ghazal", "nakhla", "salam", "hilal", "rimal",
           "shams", "nahla", "burj"],
}
_WORDS_ALL = [w for k in sorted(_WL) for w in _WL[k]]
_SYM = "!@#%*-_+=.?~^"
_SYM_URL = "-_.~"


def _cap(w):
    return w[:1].upper() + w[1:]


def _leet(w):
    tr = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5"}
    out = []
    for ch in w:
        if ch in tr and _R.random() < 0.5:
            out.append(tr[ch])
        else:
            out.append(ch)
    return "".join(out)


def _year():
    return str(_R.randrange(1985, 2027))


def _pw_human(sym=_SYM):
    st = _R.randrange(8)
    w1, w2 = _pick(_WORDS_ALL), _pick(_WORDS_ALL)
    if st == 0:
        return _cap(w1) + _year() + _pick(sym)
    if st == 1:
        return w1 + _pick(sym) + _cap(w2) + str(_R.randrange(10, 1000))
    if st == 2:
        return _cap(_leet(w1)) + _pick(sym) + _cap(_leet(w2)) + str(_R.randrange(1, 100))
    if st == 3:
        return _cap(_pick(_REGIONS).lower()) + _pick(sym) + _year()
    if st == 4:
        sy = "".join(_pick("bdfgklmnprstvz") + _pick("aeiou") for _ in range(_R.randrange(3, 5)))
        return _cap(sy) + str(_R.randrange(10, 100)) + (_pick(sym) if _R.random() < 0.6 else "")
    if st == 5:
        return _pick(_ALNUM) + _s(_ALNUM + sym, _R.randrange(11, 20)) + _pick(_DIGITS)
    if st == 6:
        return _cap(w1) + _cap(w2) + _pick(sym) + str(_R.randrange(1, 10000))
    return w1.upper()[:3] + _pick(sym) + _cap(w2) + _pick(sym) + str(_R.randrange(100, 10000))


def _pw_phrase(sep):
    n = _R.randrange(3, 6)
    ws = [_pick(_WORDS_ALL) for _ in range(n)]
    if _R.random() < 0.5:
        ws.append(str(_R.randrange(2, 100)))
    return sep.join(ws)


def _pw_alnum():
    st = _R.randrange(3)
    if st == 0:
        return _cap(_pick(_WORDS_ALL)) + _cap(_pick(_WORDS_ALL)) + str(_R.randrange(10, 10000))
    if st == 1:
        return _pick(_UPPER) + _an(_R.randrange(10, 18))
    return _cap(_pick(_WORDS_ALL)) + _year() + _ld(_R.randrange(2, 5))


def _pw_strong():
    return _pick(_ALNUM) + _s(_ALNUM + "!#%*-_+=.?~^@", _R.randrange(18, 30)) + _pick(_ALNUM)


# ---------------------------------------------------------------------------
# PEM / key bodies
# ---------------------------------------------------------------------------
def _pem_rsa():
    return _wrap(_b64body("MIIEpAIBAAKCAQEA", 1588), 64)


def _pem_pkcs8():
    return _wrap(_b64body("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQ", 1620) + "==", 64)


def _pem_ec():
    return _wrap(_b64body("MHcCAQEEI", 164), 64) + "=="


def _pem_openssh():
    return _wrap(_b64body("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
                          "QyNTUxOQAAACA", 396) + "=", 70)


def _pem_pgp():
    return _wrap(_b64body("lQVYBG", 1300), 64)


def _pem_json_escaped():
    return "\\n".join(_wrap(_b64body("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ", 1620), 64).split("\n"))


def _jwt(claims=None):
    hdr = _b64us('{"alg":"HS256","typ":"JWT"}')
    if claims is None:
        claims = '{"sub":"%s","iat":%d,"exp":%d}' % (_uuid(), 1700000000 + _R.randrange(60000000),
                                                     1760000000 + _R.randrange(60000000))
    return hdr + "." + _b64us(claims) + "." + _b64u(32)


def _jwt_rs(claims):
    hdr = _b64us('{"alg":"RS256","typ":"JWT","kid":"%s"}' % _hex(16))
    return hdr + "." + _b64us(claims) + "." + _b64u(256)


# ---------------------------------------------------------------------------
# secret kinds: name -> function(ctx) -> str
# ---------------------------------------------------------------------------
_K = {
    # passwords people choose
    "pw": lambda c: _pw_human(),
    "pwu": lambda c: _pw_human(_SYM_URL),
    "pwa": lambda c: _pw_alnum(),
    "pwp": lambda c: _pw_phrase(_pick("-_.")),
    "pws": lambda c: _pw_phrase(" "),
    "pwr": lambda c: _pw_strong(),
    "pwru": lambda c: _pick(_ALNUM) + _s(_ALNUM + "-_.~", _R.randrange(18, 30)) + _pick(_ALNUM),
    # generic random material
    "hex16": lambda c: _hex(16),
    "hex24": lambda c: _hex(24),
    "hex32": lambda c: _hex(32),
    "hex40": lambda c: _hex(40),
    "hex48": lambda c: _hex(48),
    "hex64": lambda c: _hex(64),
    "HEX32": lambda c: _HEX(32),
    "an16": lambda c: _an(16),
    "an20": lambda c: _an(20),
    "an24": lambda c: _an(24),
    "an32": lambda c: _an(32),
    "an40": lambda c: _an(40),
    "an50": lambda c: _an(50),
    "an64": lambda c: _an(64),
    "b64_24": lambda c: _b64(24),
    "b64_32": lambda c: _b64(32),
    "b64_48": lambda c: _b64(48),
    "b64_64": lambda c: _b64(64),
    "b64u32": lambda c: _b64u(32),
    "b64u48": lambda c: _b64u(48),
    "django": lambda c: _s(_LOWER + _DIGITS + "!@#%^*(-_=+)", 50),
    "jwt": lambda c: _jwt(),
    "uuid": lambda c: _uuid(),
    # private keys (body only)
    "pem_rsa": lambda c: _pem_rsa(),
    "pem_pkcs8": lambda c: _pem_pkcs8(),
    "pem_ec": lambda c: _pem_ec(),
    "pem_ssh": lambda c: _pem_openssh(),
    "pem_pgp": lambda c: _pem_pgp(),
    "pem_json": lambda c: _pem_json_escaped(),
    "wg": lambda c: _b64(32),
    "age": lambda c: "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58),
    # source-control, registries, cloud
    "ghp": lambda c: "ghp_" + _an(36),
    "gho": lambda c: "gho_" + _an(36),
    "ghs": lambda c: "ghs_" + _an(36),
    "ghpat": lambda c: "github_pat_11" + _ud(20) + "_" + _an(59),
    "glpat": lambda c: "glpat-" + _s(_ALNUM + "-_", 20),
    "glrt": lambda c: "glrt-" + _s(_ALNUM + "-_", 20),
    "gldt": lambda c: "gldt-" + _s(_ALNUM + "-_", 20),
    "npm": lambda c: "npm_" + _an(36),
    "pypi": lambda c: "pypi-AgEIcHlwaS5vcmcCJD" + _b64u(90),
    "dckr": lambda c: "dckr_pat_" + _s(_ALNUM + "-_", 27),
    "hf": lambda c: "hf_" + _an(34),
    "awssk": lambda c: _s(_ALNUM + "+/", 40),
    "akid": lambda c: "AKIA" + _ud(16),
    "azsecret": lambda c: _s(_ALNUM, 3) + _pick(_DIGITS) + "Q~" + _s(_ALNUM + "-_.~", 34),
    "azstorage": lambda c: _b64(64),
    "gcpoauth": lambda c: "GOCSPX-" + _s(_ALNUM + "-_", 28),
    "gref": lambda c: "1//0" + _s(_ALNUM + "-_", 99),
    "ya29": lambda c: "ya29.a0" + _s(_ALNUM + "-_", 170),
    "gapi": lambda c: "AIza" + _s(_ALNUM + "-_", 35),
    "dop": lambda c: "dop_v1_" + _hex(64),
    "hvs": lambda c: "hvs." + _s(_ALNUM + "-_", 90),
    "tskey": lambda c: "tskey-auth-k" + _an(11) + "CNTRL-" + _an(33),
    "ngrok": lambda c: _dig(1) + _an(26) + "_" + _an(21),
    "cfapi": lambda c: _s(_ALNUM + "-_", 40),
    "heroku": lambda c: "HRKU-" + _s(_ALNUM + "-_", 60),
    "nfp": lambda c: "nfp_" + _an(36),
    "vercel": lambda c: _an(24),
    "flyio": lambda c: "FlyV1 fm2_" + _b64u(120),
    "sntrys": lambda c: "sntrys_" + _b64u(130),
    "sentryu": lambda c: "sntryu_" + _hex(64),
    "dd": lambda c: _hex(32),
    "glsa": lambda c: "glsa_" + _an(32) + "_" + _hex(8),
    "glc": lambda c: "glc_" + _b64u(96),
    "doppler": lambda c: "dp.st.prd." + _an(43),
    "pulumi": lambda c: "pul-" + _hex(40),
    "tfc": lambda c: _an(14) + ".atlasv1." + _s(_ALNUM, 67),
    "pscale": lambda c: "pscale_pw_" + _s(_ALNUM + "_", 43),
    "render": lambda c: "rnd_" + _an(32),
    "ccipat": lambda c: "CCIPAT_" + _an(22) + "_" + _hex(40),
    "atatt": lambda c: "ATATT3xFfGF0" + _s(_ALNUM + "-_=", 180) + "=" + _HEX(8),
    "atbb": lambda c: "ATBB" + _an(28) + _HEX(8),
    "linear": lambda c: "lin_api_" + _an(40),
    "figd": lambda c: "figd_" + _s(_ALNUM + "-_", 40),
    "asana": lambda c: "2/" + _dig(16) + "/" + _dig(16) + ":" + _hex(32),
    "notion": lambda c: "ntn_" + _dig(11) + _an(35),
    "airtable": lambda c: "pat" + _an(14) + "." + _hex(64),
    "shpat": lambda c: "shpat_" + _hex(32),
    "zoho": lambda c: "1000." + _hex(32) + "." + _hex(32),
    "hubspot": lambda c: "pat-eu1-" + _uuid(),
    "typeform": lambda c: "tfp_" + _s(_ALNUM, 44) + "_" + _an(14),
    "jotform": lambda c: _hex(32),
    "dropbox": lambda c: "sl.B" + _s(_ALNUM + "-_", 135),
    "posthog": lambda c: "phx_" + _an(43),
    "pcsk": lambda c: "pcsk_" + _an(5) + "_" + _s(_ALNUM, 63),
    "r8": lambda c: "r8_" + _an(37),
    "gsk": lambda c: "gsk_" + _an(52),
    "openai": lambda c: "sk-proj-" + _s(_ALNUM + "-_", 74) + "T3BlbkFJ" + _s(_ALNUM + "-_", 74),
    "anthropic": lambda c: "sk-ant-api03-" + _s(_ALNUM + "-_", 93) + "AA",
    "elevenlabs": lambda c: "sk_" + _hex(48),
    "deepl": lambda c: _uuid() + ":fx",
    "mapbox": lambda c: "sk.eyJ1Ijoi" + _b64u(18) + "." + _s(_ALNUM + "-_", 22),
    "algolia": lambda c: _hex(32),
    # messaging, email, SMS
    "xoxb": lambda c: "xoxb-" + _dig(11) + "-" + _dig(13) + "-" + _an(24),
    "xoxp": lambda c: "xoxp-" + _dig(11) + "-" + _dig(11) + "-" + _dig(13) + "-" + _hex(32),
    "xapp": lambda c: "xapp-1-A" + _ud(10) + "-" + _dig(13) + "-" + _hex(64),
    "slackhook": lambda c: _an(24),
    "discordhook": lambda c: _s(_ALNUM + "-_", 68),
    "tgbot": lambda c: _dig(10) + ":AA" + _s(_ALNUM + "-_", 33),
    "twauth": lambda c: _hex(32),
    "twsk": lambda c: "SK" + _hex(32),
    "sendgrid": lambda c: "SG." + _s(_ALNUM + "-_", 22) + "." + _s(_ALNUM + "-_", 43),
    "mailgun": lambda c: "key-" + _hex(32),
    "mailgun2": lambda c: _hex(32) + "-" + _hex(8) + "-" + _hex(8),
    "mailchimp": lambda c: _hex(32) + "-us" + str(_R.randrange(1, 22)),
    "brevo": lambda c: "xkeysib-" + _hex(64) + "-" + _an(16),
    "postmark": lambda c: _uuid(),
    "mailjet": lambda c: _hex(32),
    "vonage": lambda c: _an(16),
    "infobip": lambda c: _hex(32) + "-" + _uuid(),
    "messagebird": lambda c: "live_" + _an(25),
    "at": lambda c: "atsk_" + _hex(64),
    "telerivet": lambda c: _s(_ALNUM + "_", 32),
    "rapidpro": lambda c: _hex(40),
    "textit": lambda c: _hex(40),
    "wa": lambda c: "EAAG" + _an(_R.randrange(180, 220)),
    "fbpage": lambda c: "EAAB" + _an(_R.randrange(160, 200)),
    "fcm": lambda c: "AAAA" + _s(_ALNUM + "-_", 7) + ":APA91b" + _s(_ALNUM + "-_", 134),
    "onesignal": lambda c: "os_v2_app_" + _s(_LOWER + "234567", 100),
    # data-collection / health / CRM
    "kobo": lambda c: _hex(40),
    "odkapp": lambda c: _s(_ALNUM + "$!", 64),
    "odksess": lambda c: _s(_ALNUM, 64),
    "d2pat": lambda c: "d2pat_" + _an(32) + _dig(10),
    "commcare": lambda c: _hex(40),
    "scto": lambda c: _an(24),
    "enketo": lambda c: _an(32),
    "civiapi": lambda c: _an(24),
    "civisite": lambda c: _an(32),
    "bloomerang": lambda c: "pk_" + _hex(40),
    "donorbox": lambda c: _s(_ALNUM + "-_", 43),
    "sfsession": lambda c: "00D" + _an(12) + "!" + _s(_ALNUM + "._", 96),
    "sfsecret": lambda c: _HEX(64),
    "sfsectoken": lambda c: _an(25),
    "openfn": lambda c: _jwt('{"iss":"Lightning","sub":"user:%s","aud":"Joken"}' % _uuid()),
    # payments / mobile money
    "stripe_sk": lambda c: "sk_live_51" + _an(22) + _an(75),
    "stripe_rk": lambda c: "rk_live_51" + _an(22) + _an(75),
    "whsec": lambda c: "whsec_" + _an(32),
    "flw": lambda c: "FLWSECK-" + _hex(32) + "-X",
    "flwenc": lambda c: "FLWSECK" + _hex(12),
    "paystack": lambda c: "sk_live_" + _hex(40),
    "mpesa_key": lambda c: _an(48),
    "mpesa_secret": lambda c: _an(64),
    "mpesa_pass": lambda c: _hex(64),
    "paypal": lambda c: "E" + _s(_ALNUM + "-_", 79),
    "mollie": lambda c: "live_" + _an(30),
    "razor": lambda c: _an(24),
    "wise": lambda c: _uuid(),
    "square": lambda c: "EAAA" + _s(_ALNUM + "-_", 60),
    "mtnmomo": lambda c: _hex(32),
    "orangemoney": lambda c: _b64(48),
    "gocardless": lambda c: "live_" + _s(_ALNUM + "-_", 40),
}


# ---------------------------------------------------------------------------
# context fields: «name» or «name2» in a template -> function(ctx) -> str
# ---------------------------------------------------------------------------
def _ssid(c):
    k = _R.randrange(5)
    if k == 0:
        return c["org"].upper().replace("-", "_") + "-FIELD"
    if k == 1:
        return "Starlink-" + _HEX(4)
    if k == 2:
        return "BGAN-" + _ud(5)
    if k == 3:
        return _pick(["Ofisi", "Bureau", "Oficina", "Escritorio", "Maktab"]) + "-" + c["region"]
    return "Guest-" + c["region"]


def _kuid(c=None):
    return "a" + _s(_ALNUM, 21)


def _d2uid(c=None):
    return _pick(_ALNUM[:52]) + _an(10)


def _sfid(c=None):
    return _pick(["001", "003", "006", "a0B", "701", "00Q"]) + _an(15)


def _proj(c):
    return c["org"].replace("_", "-") + "-" + _pick(["prod", "mel", "data", "field", "hq"]) + "-" + str(_R.randrange(100, 999))


def _bucket(c):
    return c["org"] + "-" + _pick(["exports", "backups", "media", "kobo-attachments",
                                   "odk-blobs", "reports", "receipts", "raw-data"])


def _ns(c=None):
    return _pick(["odk", "kobo", "dhis2", "rapidpro", "civicrm", "mel", "field-sync",
                  "openmrs", "payments", "default", "data-platform"])


def _ver(c=None):
    return "%d.%d.%d" % (_R.randrange(0, 5), _R.randrange(0, 45), _R.randrange(0, 20))


def _branch(c=None):
    return _pick(["main", "develop", "release/", "feature/", "fix/", "hotfix/"]) + \
        (_pick(["sms-retry", "kobo-export", "dhis2-sync", "mpesa-b2c", "offline-queue",
                "donor-dedupe", "odk-entities", "whatsapp-optin"]) if _R.random() < 0.8 else "")


def _pid(c=None):
    return str(_R.randrange(300, 65000))


def _port(c=None):
    return str(_pick([5432, 3306, 6379, 5984, 27017, 8080, 8443, 9000, 5672, 443, 8000, 3000]))


_F = {
    "org": _org,
    "Org": lambda c: " ".join(_cap(p) for p in c["org"].split("-")),
    "ORG": lambda c: c["org"].upper().replace("-", "_"),
    "dom": _dom,
    "host": _host,
    "person": _person,
    "last": lambda c: _pick(_LAST),
    "email": _email,
    "user": _user,
    "ip": _ip,
    "pip": _pip,
    "port": _port,
    "db": lambda c: _pick(_DBS),
    "date": _date,
    "time": _time,
    "ts": _ts,
    "epoch": lambda c: str(1690000000 + _R.randrange(80000000)),
    "ms": lambda c: str(_R.randrange(3, 9000)),
    "uuid": lambda c: _uuid(),
    "sha": lambda c: _hex(40),
    "sha7": lambda c: _hex(7),
    "sha256": lambda c: _hex(64),
    "md5": lambda c: _hex(32),
    "hex": lambda c: _hex(8),
    "hexs": lambda c: _hex(12),
    "n": lambda c: str(_R.randrange(2, 99)),
    "num": lambda c: str(_R.randrange(100, 99999)),
    "big": lambda c: str(_R.randrange(100000, 99999999)),
    "region": lambda c: _pick(_REGIONS),
    "country": lambda c: _pick(_COUNTRIES),
    "phone": _phone,
    "ssid": _ssid,
    "server": lambda c: _pick(_SERVERS),
    "form": lambda c: _pick(_FORMS),
    "kuid": _kuid,
    "d2uid": _d2uid,
    "sfid": _sfid,
    "akid": lambda c: "AKIA" + _ud(16),
    "acsid": lambda c: "AC" + _hex(32),
    "ghuser": lambda c: _pick(_GHUSERS),
    "proj": _proj,
    "bucket": _bucket,
    "ns": _ns,
    "ver": _ver,
    "branch": _branch,
    "pid": _pid,
    "word": lambda c: _pick(_WORDS_ALL),
    "amount": lambda c: "%d.%02d" % (_R.randrange(5, 250000), _R.randrange(100)),
    "ccy": lambda c: _pick(["KES", "TZS", "UGX", "XOF", "USD", "MZN", "CDF", "COP", "BRL", "JOD", "EUR", "SOS"]),
    "year": lambda c: str(_R.randrange(2019, 2027)),
    "month": lambda c: _pick(["January", "February", "March", "April", "May", "June", "July",
                              "August", "September", "October", "November", "December"]),
    "wday": lambda c: _pick(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]),
    "tenant": lambda c: _uuid(),
    "clientid": lambda c: _uuid(),
    "kid": lambda c: _hex(40),
    "trace": lambda c: _hex(32),
    "span": lambda c: _hex(16),
    "reqid": lambda c: _uuid(),
    "b64txt": lambda c: _b64s(_pick(["hello from the field office", "form version 2024031501",
                                     "survey complete", "sync ok", "{\"form_id\":\"%s\",\"version\":\"%s\"}" % (c["form"], _dig(10)),
                                     "region=%s" % c["region"], "no data for %s" % c["date"],
                                     "%s weekly report" % c["region"], "ping %s" % c["num"]])),
    "pubkey": lambda c: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(_B64A, 43),
    "rsapub": lambda c: "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _s(_B64A, 512),
    "fp": lambda c: "SHA256:" + _s(_B64A, 43),
    "md5fp": lambda c: ":".join(_hex(2) for _ in range(16)),
    "certbody": lambda c: _wrap(_b64body("MIIDdzCCAl+gAwIBAgIU", 1000), 64),
    "pubbody": lambda c: _wrap(_b64body("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", 392) + "IDAQAB", 64),
    "sri": lambda c: "sha512-" + _b64(64),
    "h1": lambda c: "h1:" + _b64(32),
    "digest": lambda c: "sha256:" + _hex(64),
    "mpesaid": lambda c: _pick(_UPPER) + _ud(9),
    "wamid": lambda c: "wamid.HBgM" + _s(_ALNUM, 44) + "==",
    "smsid": lambda c: "SM" + _hex(32),
    "piid": lambda c: "pi_3" + _an(23),
    "cusid": lambda c: "cus_" + _an(14),
    "pk": lambda c: "pk_live_51" + _an(95),
    "gclient": lambda c: _dig(12) + "-" + _ld(32) + ".apps.googleusercontent.com",
    "sitekey": lambda c: "6L" + _s(_ALNUM + "-_", 38),
    "gpgid": lambda c: _HEX(16),
    "gpgfp": lambda c: _HEX(40),
    "etag": lambda c: "W/\"" + _hex(32) + "\"",
    "ccid": lambda c: _hex(32),
    "ck": lambda c: _an(48),
    "wgpub": lambda c: _b64(32),
    "an16": lambda c: _an(16),
    "an50": lambda c: _an(50),
    "an6": lambda c: _ld(6),
    "agepub": lambda c: "age1" + _s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58),
    "an14": lambda c: _an(14),
    "twsk": lambda c: "SK" + _hex(32),
    "pwf": lambda c: _pw_human(),
    "ud8": lambda c: _ud(8),
    "ud10": lambda c: _ud(10),
    "dig10": lambda c: _dig(10),
    "an24": lambda c: _an(24),
    "an32": lambda c: _an(32),
    "an40": lambda c: _an(40),
    "hex16": lambda c: _hex(16),
    "hex24": lambda c: _hex(24),
    "hex32": lambda c: _hex(32),
    "hex40": lambda c: _hex(40),
    "hex64": lambda c: _hex(64),
    "an12": lambda c: _an(12),
    "lang": lambda c: _pick(["en", "fr", "es", "pt", "ar", "sw"]),
}


# ---------------------------------------------------------------------------
# builders
# ---------------------------------------------------------------------------
SECRETS = []
BENIGN = []
_USED = set()
_FMTCOUNT = {}
_CUR = ["command"]
_PH = re.compile(u"\u00ab([A-Za-z_][A-Za-z0-9_]*)\u00bb")


_AUTO = re.compile(r"(an|hex|ld|ud|dig|b64_)([0-9]+)(?:_[0-9]+)?$")
_AUTOF = {"an": _an, "hex": _hex, "ld": _ld, "ud": _ud, "dig": _dig, "b64_": _b64}


class _Ctx(dict):
    def __init__(self, kind):
        dict.__init__(self)
        self.kind = kind

    def __missing__(self, key):
        if key == "S":
            k = self.kind
            v = k(self) if callable(k) else _K[k](self)
        else:
            m = _AUTO.match(key)
            if key not in _F and m:
                v = _AUTOF[m.group(1)](int(m.group(2)))
                self[key] = v
                return v
            if key in _F:
                base = key
            elif "_" in key and key.rsplit("_", 1)[1].isdigit() and key.rsplit("_", 1)[0] in _F:
                base = key.rsplit("_", 1)[0]
            else:
                base = key.rstrip("0123456789")
            v = _F[base](self)
        self[key] = v
        return v


def _fill(tmpl, ctx):
    return _PH.sub(lambda m: ctx[m.group(1)], tmpl)


_NCOUNT = [0]


_NPAT = [(3, 2)]


def _grp(g, pattern=(3, 2)):
    _CUR[0] = g
    _NCOUNT[0] = 0
    _NPAT[0] = pattern


def _t(fmt, kind, vis, tmpl, n=None):
    """Register ``n`` instances of one secret-bearing format (default 3, 2 alternately)."""
    g = _CUR[0]
    if n is None:
        pat = _NPAT[0]
        n = pat[_NCOUNT[0] % len(pat)]
        _NCOUNT[0] += 1
    tmpl = tmpl.strip("\n")
    if "\u00abS\u00bb" not in tmpl:
        raise ValueError("no secret slot in " + fmt)
    _FMTCOUNT[fmt] = _FMTCOUNT.get(fmt, 0) + n
    if _FMTCOUNT[fmt] > 3:
        raise ValueError("format over-used: " + fmt)
    for _ in range(n):
        for _attempt in range(60):
            ctx = _Ctx(kind)
            text = _fill(tmpl, ctx)
            sec = ctx["S"]
            if not vis:
                v = ""
            elif vis.startswith("="):
                v = _fill(vis[1:], ctx)
            else:
                v = ctx[vis]
            if sec in _USED or len(sec) < 6:
                continue
            if v and (v in sec or sec in v):
                continue
            break
        else:
            raise ValueError("could not draw " + fmt)
        if sec not in text or (v and v not in text):
            raise ValueError("bad template " + fmt)
        _USED.add(sec)
        SECRETS.append((g, fmt, text, sec, v))


_BSEEN = set()


def _b(tmpl, n=3):
    """Register up to ``n`` distinct benign strings from one template."""
    tmpl = tmpl.strip("\n")
    for _ in range(n):
        s = _fill(tmpl, _Ctx(None))
        if s not in _BSEEN:
            _BSEEN.add(s)
            BENIGN.append(s)


# ===========================================================================
# group: command  (shell commands the agent ran or proposed)
# ===========================================================================
_grp("command")

_t("psql-uri-password", "pwu", "host", r"""
$ psql "postgresql://«user»:«S»@«host»:5432/«db»?sslmode=require" -c '\dt+ public.*'
""")
_t("pgpassword-env-prefix-pg-dump", "pw", "host", r"""
PGPASSWORD='«S»' pg_dump -h «host» -U dhis -Fc «db» > /srv/backups/«db»_«date».dump
""")
_t("mysql-p-attached-flag", "pwa", "host", r"""
mysql -h «host» -u openmrs -p«S» openmrs -e "SELECT count(*) FROM patient WHERE voided = 0;"
""")
_t("mysqldump-password-long-flag", "pw", "=--single-transaction", r"""
mysqldump --user=civicrm --password='«S»' --single-transaction --routines civicrm | gzip > civi_«date».sql.gz
""")
_t("curl-basic-u-odk-central", "pwu", "email", r"""
curl -sS -u «email»:«S» \
  "https://central.«dom»/v1/projects/«n»/forms/«form»/submissions.csv.zip" -o «form».zip
""")
_t("curl-kobo-token-header", "kobo", "kuid", r"""
curl -s -H "Authorization: Token «S»" \
  "https://kf.kobotoolbox.org/api/v2/assets/«kuid»/data.json?limit=500" | jq '.count'
""")
_t("curl-dhis2-apitoken-header", "d2pat", "host", r"""
curl -s -H "Authorization: ApiToken «S»" "https://«host»/api/organisationUnits.json?paging=false&fields=id,name" | jq '.organisationUnits | length'
""")
_t("curl-commcare-apikey-header", "commcare", "email", r"""
curl -H "Authorization: ApiKey «email»:«S»" "https://www.commcarehq.org/a/«org»/api/v0.5/form/?limit=20&received_on_start=«date»"
""")
_t("httpie-rapidpro-token", "rapidpro", "host", r"""
http GET https://«host»/api/v2/contacts.json group==«region»-pilot "Authorization:Token «S»"
""")
_t("export-africastalking-key", "at", "=AFRICASTALKING_USERNAME", r"""
export AFRICASTALKING_USERNAME=«org»
export AFRICASTALKING_API_KEY=«S»
python send_reminders.py --dry-run
""")
_t("docker-run-postgres-password-env", "pw", "=postgres:14", r"""
docker run -d --name central-db -e POSTGRES_USER=odk -e POSTGRES_PASSWORD='«S»' -v pgdata:/var/lib/postgresql/data postgres:14
""")
_t("docker-login-p-flag", "pwa", "dom", r"""
docker login registry.«dom» -u ci-bot -p «S»
""")
_t("echo-token-docker-login-stdin", "ghp", "ghuser", r"""
echo "«S»" | docker login ghcr.io -u «ghuser» --password-stdin
""")
_t("git-clone-oauth2-gitlab-token", "glpat", "org", r"""
git clone https://oauth2:«S»@gitlab.com/«org»/kobo-sync.git && cd kobo-sync
""")
_t("git-remote-set-url-github-pat", "ghpat", "ghuser", r"""
git remote set-url origin https://«ghuser»:«S»@github.com/«org»/cash-disbursement.git
git push origin «branch»
""")
_t("htpasswd-batch-create", "pw", "user", r"""
sudo htpasswd -b -c /etc/nginx/.htpasswd-enketo «user» '«S»'
""")
_t("mongosh-srv-uri", "pwu", "user", r"""
mongosh "mongodb+srv://«user»:«S»@cluster0.«hex».mongodb.net/rapidpro_archive?retryWrites=true"
""")
_t("redis-cli-a-flag", "pw", "host", r"""
redis-cli -h «host» -p 6379 -a '«S»' --no-auth-warning INFO keyspace
""")
_t("sshpass-p-remote-df", "pw", "ip", r"""
sshpass -p '«S»' ssh -o StrictHostKeyChecking=no «user»@«ip» 'df -h /srv && uptime'
""")
_t("smbclient-domain-user-percent", "pw", "ip", r"""
smbclient //«ip»/field-data -U 'FIELD\«user»%«S»' -c 'cd exports; ls'
""")
_t("mount-cifs-inline-password", "pwu", "ip", r"""
sudo mount -t cifs //«ip»/backups /mnt/nas -o username=«user»,password=«S»,vers=3.0,uid=1000
""")
_t("openssl-pkcs12-passout", "pwa", "=odk.p12", r"""
openssl pkcs12 -export -in fullchain.pem -inkey privkey.pem -out odk.p12 -name central -passout pass:«S»
""")
_t("keytool-storepass-release", "pwa", "=odkcollect", r"""
keytool -genkey -v -keystore collect-release.jks -alias odkcollect -keyalg RSA -keysize 2048 -validity 10000 -storepass «S» -dname "CN=«Org», O=«Org», C=KE"
""")
_t("gpg-symmetric-batch-passphrase", "pwp", "=donors_", r"""
gpg --batch --yes --pinentry-mode loopback --passphrase '«S»' -c donors_«date».csv
""")
_t("zip-capital-p-password", "pwa", "region", r"""
zip -P «S» -r beneficiaries_«region».zip exports/«region»/
""")
_t("7z-p-attached-header-encrypt", "pwa", "=-mhe=on", r"""
7z a -p«S» -mhe=on payroll_«date».7z payroll/
""")
_t("wget-user-password-flags", "pw", "host", r"""
wget --user=«user» --password='«S»' https://«host»/exports/hh_roster_«date».xlsx
""")
_t("lftp-u-user-comma-password", "pw", "ip", r"""
lftp -u «user»,'«S»' sftp://«ip» -e "mirror --only-newer /outgoing ./incoming; bye"
""")
_t("rclone-config-create-webdav-pass", "pwa", "host", r"""
rclone config create nextcloud webdav url=https://«host»/remote.php/dav/files/«user» vendor=nextcloud user=«user» pass=«S» --obscure
""")
_t("aws-configure-set-secret", "awssk", "=donor-reports", r"""
aws configure set aws_access_key_id «akid» --profile donor-reports
aws configure set aws_secret_access_key «S» --profile donor-reports
""")
_t("az-login-service-principal-p", "azsecret", "tenant", r"""
az login --service-principal -u «clientid» -p '«S»' --tenant «tenant»
""")
_t("kubectl-create-secret-from-literal", "pw", "ns", r"""
kubectl -n «ns» create secret generic central-db --from-literal=username=odk --from-literal=password='«S»'
""")
_t("helm-set-postgres-password", "pwa", "host", r"""
helm upgrade --install dhis2 ./charts/dhis2 -n dhis2 --set postgresql.auth.password=«S» --set ingress.hostname=«host»
""")
_t("terraform-apply-var-flag", "pw", "=field.tfvars", r"""
terraform apply -var 'db_password=«S»' -var-file=field.tfvars -auto-approve
""")
_t("ansible-playbook-become-pass-extra-var", "pw", "server", r"""
ansible-playbook site.yml -i inventory/field -e "ansible_become_pass=«S»" --limit «server»
""")
_t("mysqladmin-set-root-password", "pw", "=mysqladmin -u root", r"""
sudo mysqladmin -u root password '«S»'
""")
_t("psql-c-alter-user-password", "pw", "=ALTER USER odk", r"""
sudo -u postgres psql -c "ALTER USER odk WITH PASSWORD '«S»';"
""")
_t("mysql-e-create-user-identified-by", "pw", "=GRANT ALL ON kobocat", r"""
mysql -uroot -e "CREATE USER 'kobo'@'%' IDENTIFIED BY '«S»'; GRANT ALL ON kobocat.* TO 'kobo'@'%'; FLUSH PRIVILEGES;"
""")
_t("echo-user-colon-pass-chpasswd", "pw", "user", r"""
echo '«user»:«S»' | sudo chpasswd
""")
_t("windows-net-user-add", "pwa", "=net user fieldadmin", r"""
C:\> net user fieldadmin «S» /add /comment:"«region» laptop local admin"
""")
_t("powershell-securestring-new-localuser", "pw", "=New-LocalUser", r"""
PS> $pw = ConvertTo-SecureString '«S»' -AsPlainText -Force; New-LocalUser -Name "enumerator" -Password $pw -FullName "«region» Enumerator"
""")
_t("nmcli-wifi-connect-password", "pw", "ssid", r"""
nmcli dev wifi connect "«ssid»" password "«S»" ifname wlan0
""")
_t("wpa-passphrase-append", "pwp", "ssid", r"""
wpa_passphrase "«ssid»" '«S»' | sudo tee -a /etc/wpa_supplicant/wpa_supplicant.conf
""")
_t("curl-form-login-dhis2", "pw", "host", r"""
curl -c /tmp/jar -d 'j_username=«user»&j_password=«S»' https://«host»/dhis-web-commons-security/login.action
""")
_t("curl-json-session-odk-central", "pw", "email", r"""
curl -X POST https://central.«dom»/v1/sessions -H 'Content-Type: application/json' -d '{"email":"«email»","password":"«S»"}'
""")
_t("curl-twilio-account-sid-auth", "twauth", "acsid", r"""
curl -X POST "https://api.twilio.com/2010-04-01/Accounts/«acsid»/Messages.json" \
  --data-urlencode "To=«phone»" --data-urlencode "Body=Distribution tomorrow 9am" \
  -u «acsid»:«S»
""")
_t("curl-mpesa-oauth-consumer", "mpesa_secret", "=grant_type=client_credentials", r"""
curl -u "«ck»:«S»" "https://api.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials"
""")
_t("curl-flutterwave-bearer-transfer", "flw", "=api.flutterwave.com", r"""
curl -X POST https://api.flutterwave.com/v3/bulk-transfers -H "Authorization: Bearer «S»" -H "Content-Type: application/json" -d @batch_«date».json
""")
_t("wp-cli-user-create-pass", "pw", "email", r"""
wp user create campaigns «email» --role=editor --user_pass='«S»' --path=/var/www/donate
""")
_t("drush-user-password-reset", "pw", "=drush user:password", r"""
cd /var/www/civi && vendor/bin/drush user:password admin '«S»'
""")
_t("django-superuser-password-env", "pw", "user", r"""
DJANGO_SUPERUSER_PASSWORD='«S»' python manage.py createsuperuser --noinput --username «user» --email «email»
""")
_t("odk-cmd-set-password-stdin", "pw", "email", r"""
echo '«S»' | docker compose exec -T service odk-cmd --email «email» user-set-password
""")
_t("mc-alias-set-minio", "an40", "host", r"""
mc alias set fieldminio https://«host» «user» «S» --api S3v4
""")
_t("restic-password-env-backup", "pwp", "ip", r"""
RESTIC_PASSWORD='«S»' restic -r sftp:backup@«ip»:/srv/restic backup /var/lib/odk --tag nightly
""")
_t("borg-passphrase-create", "pws", "ip", r"""
BORG_PASSPHRASE='«S»' borg create --stats ssh://borg@«ip»/./repo::{hostname}-{now} /srv/dhis2
""")
_t("pg-restore-libpq-kv-dsn", "pwa", "host", r"""
pg_restore --no-owner -d "host=«host» dbname=«db» user=«user» password=«S» sslmode=require" dhis2_«date».dump
""")
_t("sqlcmd-sa-password", "pw", "host", r"""
sqlcmd -S «host»,1433 -U sa -P '«S»' -Q "BACKUP DATABASE [Donors] TO DISK='D:\bak\donors.bak'"
""")
_t("ldapsearch-bind-w", "pw", "host", r"""
ldapsearch -x -H ldaps://«host» -D "cn=admin,dc=«org»,dc=org" -w '«S»' -b "ou=staff,dc=«org»,dc=org" mail
""")
_t("snmpwalk-community-string", "pwa", "ip", r"""
snmpwalk -v2c -c «S» «ip» 1.3.6.1.2.1.2.2.1.10   # iDirect VSAT modem counters
""")
_t("npm-config-set-authtoken", "npm", "=registry.npmjs.org", r"""
npm config set //registry.npmjs.org/:_authToken «S»
""")
_t("pip-extra-index-url-credentials", "pwu", "dom", r"""
pip install --extra-index-url https://«user»:«S»@pypi.«dom»/simple odk-toolkit==«ver»
""")
_t("ssh-keygen-n-flag-passphrase", "pwp", "host", r"""
ssh-keygen -t ed25519 -N '«S»' -f ~/.ssh/field_sync -C "sync@«host»"
""")
_t("ngrok-add-authtoken", "ngrok", "=ngrok config add-authtoken", r"""
ngrok config add-authtoken «S» && ngrok http 8383   # expose local Enketo for testing
""")
_t("tailscale-up-authkey", "tskey", "server", r"""
sudo tailscale up --authkey=«S» --hostname=«server» --advertise-tags=tag:field
""")
_t("vault-kv-put-password", "pw", "=secret/kobo/db", r"""
vault kv put secret/kobo/db username=kobo password='«S»'
""")
_t("gh-secret-set-body", "kobo", "=KOBO_TOKEN", r"""
gh secret set KOBO_TOKEN --repo «org»/kobo-exports --body "«S»"
""")
_t("heroku-config-set-inline", "sendgrid", "=SENDGRID_API_KEY", r"""
heroku config:set SENDGRID_API_KEY=«S» -a «org»-donate
""")
_t("fly-secrets-set-inline", "pwa", "=fly secrets set", r"""
fly secrets set DATABASE_URL=postgres://civi:«S»@«org»-db.flycast:5432/civi -a «org»-crm
""")
_t("gcloud-run-deploy-set-env-vars", "hex40", "proj", r"""
gcloud run deploy rp-webhook --image gcr.io/«proj»/rp-webhook:«sha7» --set-env-vars RAPIDPRO_TOKEN=«S»,ENV=prod --region europe-west1
""")
_t("aws-ssm-put-parameter-value", "pw", "=/odk/prod/db_password", r"""
aws ssm put-parameter --name /odk/prod/db_password --type SecureString --value '«S»' --overwrite
""")
_t("aws-secretsmanager-secret-string", "pw", "=civicrm/prod", r"""
aws secretsmanager create-secret --name civicrm/prod --secret-string '{"username":"civi","password":"«S»"}'
""")
_t("curl-x-api-key-bloomerang", "bloomerang", "=api.bloomerang.co", r"""
curl -s "https://api.bloomerang.co/v2/constituents?take=50" -H "X-API-KEY: «S»" | jq '.Results[].FullName'
""")
_t("curl-civicrm-rest-api-key-params", "civiapi", "host", r"""
curl "https://«host»/civicrm/ajax/api4/Contact/get" -H "X-Civi-Auth: Bearer «S»" --data-urlencode 'params={"limit":25}'
""")
_t("ssh-remote-mysql-inline-password", "pwa", "server", r"""
ssh «user»@«server» "mysql -uopenmrs -p«S» -e 'SHOW PROCESSLIST'"
""")


# ===========================================================================
# group: tool-output  (what commands printed back)
# ===========================================================================
_grp("tool-output")

_t("docker-inspect-env-array", "pw", "=POSTGRES_USER=central", r"""
$ docker inspect central-postgres14-1 --format '{{json .Config.Env}}' | jq .
[
  "POSTGRES_USER=central",
  "POSTGRES_PASSWORD=«S»",
  "POSTGRES_DB=odk",
  "PGDATA=/var/lib/postgresql/data"
]
""")
_t("env-grep-output", "d2pat", "host", r"""
$ env | grep -i dhis
DHIS2_BASE_URL=https://«host»
DHIS2_USERNAME=«user»
DHIS2_TOKEN=«S»
""")
_t("kubectl-get-secret-yaml-base64-data", lambda c: _b64s(_pw_human()), "ns", r"""
$ kubectl -n «ns» get secret kobo-postgres -o yaml
apiVersion: v1
data:
  POSTGRES_PASSWORD: «S»
  POSTGRES_USER: a29ib19wcm9k
kind: Secret
metadata:
  name: kobo-postgres
  namespace: «ns»
type: Opaque
""")
_t("kubectl-jsonpath-base64-decoded", "pw", "ns", r"""
$ kubectl -n «ns» get secret rapidpro-db -o jsonpath='{.data.password}' | base64 -d
«S»
""")
_t("aws-iam-create-access-key-json", "awssk", "=kobo-s3-backup", r"""
$ aws iam create-access-key --user-name kobo-s3-backup
{
    "AccessKey": {
        "UserName": "kobo-s3-backup",
        "AccessKeyId": "«akid»",
        "Status": "Active",
        "SecretAccessKey": "«S»",
        "CreateDate": "«ts»"
    }
}
""")
_t("az-ad-sp-create-for-rbac-json", "azsecret", "=donor-etl-sp", r"""
$ az ad sp create-for-rbac --name donor-etl-sp --role Contributor --scopes /subscriptions/«uuid»
{
  "appId": "«clientid»",
  "displayName": "donor-etl-sp",
  "password": "«S»",
  "tenant": "«tenant»"
}
""")
_t("cat-gcp-service-account-json", "pem_json", "proj", r"""
$ cat ~/Downloads/«proj»-«hexs».json
{
  "type": "service_account",
  "project_id": "«proj»",
  "private_key_id": "«kid»",
  "private_key": "-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----\n",
  "client_email": "sheets-sync@«proj».iam.gserviceaccount.com",
  "client_id": "«big»«big2»"
}
""")
_t("git-config-list-token-remote", "ghp", "=remote.origin.fetch", r"""
$ git config --list --show-origin | grep remote
file:.git/config	remote.origin.url=https://«S»@github.com/«org»/survey-dashboards.git
file:.git/config	remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*
""")
_t("cat-netrc-output", "pw", "host", r"""
$ cat ~/.netrc
machine «host»
  login «user»
  password «S»
""")
_t("cat-pgpass-output", "pw", "host", r"""
$ cat ~/.pgpass
«host»:5432:«db»:«user»:«S»
localhost:5432:*:postgres:*
""")
_t("docker-compose-config-resolved", "pw", "=REDIS_URL", r"""
$ docker compose config | sed -n '/rapidpro:/,/ports:/p'
  rapidpro:
    environment:
      DATABASE_URL: postgresql://temba:«S»@db:5432/temba
      REDIS_URL: redis://redis:6379/15
      SECRET_KEY: changeme-in-prod
    image: rapidpro/rapidpro:v9.0
""")
_t("odk-central-session-response", "odksess", "=expiresAt", r"""
$ curl -s -X POST https://central.«dom»/v1/sessions -H 'Content-Type: application/json' -d @login.json
{"createdAt":"«ts»","expiresAt":"«ts2»","token":"«S»","csrf":"«an32»"}
""")
_t("kobo-token-endpoint-json", "kobo", "=/token/?format=json", r"""
$ curl -s -u «user» https://kf.kobotoolbox.org/token/?format=json
Enter host password for user '«user»':
{"token":"«S»"}
""")
_t("dhis2-create-pat-response", "d2pat", "=Personal access token created", r"""
$ curl -s -u admin -X POST https://«host»/api/apiToken -H 'Content-Type: application/json' -d '{"expire": «epoch»000}'
{"httpStatus":"Created","httpStatusCode":201,"status":"OK","message":"Personal access token created","response":{"responseType":"ApiTokenCreationResponse","uid":"«d2uid»","key":"«S»"}}
""")
_t("mpesa-oauth-token-response", "an32", "=expires_in", r"""
$ ./scripts/daraja_token.sh
{
  "access_token": "«S»",
  "expires_in": "3599"
}
""")
_t("sf-org-display-verbose-table", "sfsession", "=Instance Url", r"""
$ sf org display --target-org npsp-prod --verbose
 KEY              VALUE
 ──────────────── ────────────────────────────────────────
 Access Token     «S»
 Alias            npsp-prod
 Client Id        PlatformCLI
 Connected Status Connected
 Instance Url     https://«org».my.salesforce.com
 Username         «email»
""")
_t("heroku-config-output-database-url", "pwa", "==== «org»-donate Config Vars", r"""
$ heroku config -a «org»-donate
=== «org»-donate Config Vars
DATABASE_URL:      postgres://u«hex»:«S»@ec2-«num».eu-west-1.compute.amazonaws.com:5432/d«hex2»
PAPERTRAIL_API_TOKEN: [set]
STRIPE_PUBLISHABLE_KEY: «pk»
""")
_t("terraform-output-raw-password", "pwr", "=terraform output -raw", r"""
$ terraform output -raw kobo_db_password
«S»
""")
_t("helm-get-values-output", "pwa", "=USER-SUPPLIED VALUES", r"""
$ helm get values openmrs -n emr
USER-SUPPLIED VALUES:
db:
  host: mariadb.emr.svc
  user: openmrs
  password: «S»
ingress:
  host: emr.«dom»
""")
_t("vault-kv-get-table", "pw", "=secret/data/dhis2/prod", r"""
$ vault kv get secret/dhis2/prod
====== Secret Path ======
secret/data/dhis2/prod

======= Metadata =======
Key                Value
---                -----
created_time       «ts»
version            «n»

====== Data ======
Key         Value
---         -----
password    «S»
username    admin
""")
_t("op-item-get-fields", "pw", "=Field Ops", r"""
$ op item get "ODK Central admin" --vault "Field Ops" --fields label=username,label=password --reveal
«email»,«S»
""")
_t("bw-get-item-json", "pw", "=login", r"""
$ bw get item "CommCare supervisor" | jq .login
{
  "uris": [{"match": null, "uri": "https://www.commcarehq.org"}],
  "username": "«email»",
  "password": "«S»",
  "totp": null
}
""")
_t("pass-show-first-line", "pwr", "=pass show", r"""
$ pass show ngo/civicrm/mysql-root
«S»
url: mysql://localhost:3306
notes: rotated «date» by «person»
""")
_t("macos-security-find-generic-password", "pw", "ssid", r"""
$ security find-generic-password -wa "«ssid»"
«S»
""")
_t("cat-wpa-supplicant-conf", "pw", "ssid", r"""
$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf
ctrl_interface=DIR=/var/run/wpa_supplicant GROUP=netdev
country=KE
network={
    ssid="«ssid»"
    psk="«S»"
    key_mgmt=WPA-PSK
}
""")
_t("nmcli-show-secrets-psk", "pw", "ssid", r"""
$ nmcli -s -g 802-11-wireless-security.psk connection show "«ssid»"
«S»
""")
_t("netsh-wlan-key-clear", "pw", "ssid", r"""
C:\> netsh wlan show profile name="«ssid»" key=clear
Security settings
-----------------
    Authentication         : WPA2-Personal
    Cipher                 : CCMP
    Security key           : Present
    Key Content            : «S»
""")
_t("grep-r-password-etc-output", "pw", "=/etc/odk-sync/sync.ini", r"""
$ sudo grep -rn "pass" /etc/odk-sync/
/etc/odk-sync/sync.ini:7:central_password = «S»
/etc/odk-sync/sync.ini:12:# password_file = /run/secrets/central
""")
_t("cat-dotenv-output", "rapidpro", "=MAILROOM_DOMAIN", r"""
$ cat .env
MAILROOM_DOMAIN=«host»
RAPIDPRO_API_TOKEN=«S»
LOG_LEVEL=info
""")
_t("pm2-env-output", "pwa", "=pm_id", r"""
$ pm2 env 0 | grep -E 'pm_id|MONGO'
pm_id: 0
MONGO_URL: mongodb://sync:«S»@«ip»:27017/offline_sync?authSource=admin
""")
_t("systemctl-show-environment", "hex40", "=odk-sync.service", r"""
$ systemctl show odk-sync.service -p Environment
Environment=CENTRAL_URL=https://central.«dom» CENTRAL_APP_USER_TOKEN=«S» SYNC_INTERVAL=900
""")
_t("ps-aux-process-argv-password", "pw", "pid", r"""
$ ps aux | grep [s]ync
odk       «pid»  0.3  1.2 281320 48212 ?  Ssl  «time»   0:42 /usr/bin/python3 /opt/sync/run.py --server https://central.«dom» --user «email» --password «S»
""")
_t("history-grep-output", "pw", "=history | grep mysql", r"""
$ history | grep mysql
  412  mysql -u root -p
  418  mysql -u civicrm -p'«S»' civicrm < fix_contributions.sql
  431  history | grep mysql
""")
_t("curl-verbose-basic-auth-header", lambda c: _b64s(c["user"] + ":" + _pw_human()), "host", r"""
$ curl -v -u «user» https://«host»/openmrs/ws/rest/v1/session
> GET /openmrs/ws/rest/v1/session HTTP/1.1
> Host: «host»
> Authorization: Basic «S»
> User-Agent: curl/8.4.0
< HTTP/1.1 200
""")
_t("curl-include-set-cookie-session", "an32", "host", r"""
$ curl -si -d 'username=«user»&password=...' https://«host»/accounts/login/ | grep -i set-cookie
Set-Cookie: csrftoken=«an32_2»; expires=Sat, 14 Jun 2025 10:12:01 GMT; Max-Age=31449600; Path=/; SameSite=Lax
Set-Cookie: sessionid=«S»; expires=Sat, 28 Jun 2025 10:12:01 GMT; HttpOnly; Max-Age=1209600; Path=/; SameSite=Lax; Secure
""")
_t("http-jsessionid-response-dhis2", lambda c: _HEX(32), "host", r"""
HTTP/1.1 302
Server: nginx/1.24.0
Location: https://«host»/dhis-web-dashboard/
Set-Cookie: JSESSIONID=«S»; Path=/; Secure; HttpOnly; SameSite=Lax
""")
_t("mysql-select-settings-table", "civisite", "=civicrm_setting", r"""
mysql> SELECT name, value FROM civicrm_setting WHERE name LIKE '%key%';
+------------------------+--------------------------------------------+
| name                   | value                                      |
+------------------------+--------------------------------------------+
| recaptchaPublicKey     | s:40:"«sitekey»";                          |
| site_key_mail          | s:32:"«S»";                                |
+------------------------+--------------------------------------------+
2 rows in set (0.00 sec)
""")
_t("psql-dhis2-systemsetting-row", "pw", "=keyEmailUsername", r"""
dhis2=# select name, value from systemsetting where name like 'keyEmail%';
        name        |          value
--------------------+--------------------------
 keyEmailHostName   | smtp.office365.com
 keyEmailUsername   | «email»
 keyEmailPassword   | «S»
(3 rows)
""")
_t("redis-config-get-requirepass", "pwr", "ip", r"""
«ip»:6379> CONFIG GET requirepass
1) "requirepass"
2) "«S»"
""")
_t("openssl-rsa-print-private-key", "pem_rsa", "=writing RSA key", r"""
$ openssl rsa -in /etc/ssl/private/enketo.key -traditional
writing RSA key
-----BEGIN RSA PRIVATE KEY-----
«S»
-----END RSA PRIVATE KEY-----
""")
_t("cat-openssh-private-key", "pem_ssh", "=~/.ssh/field_deploy", r"""
$ cat ~/.ssh/field_deploy
-----BEGIN OPENSSH PRIVATE KEY-----
«S»
-----END OPENSSH PRIVATE KEY-----
""")
_t("wg-genkey-tee-output", "wg", "=wg genkey", r"""
$ wg genkey | tee /etc/wireguard/field.key | wg pubkey
«wgpub»
$ sudo cat /etc/wireguard/field.key
«S»
""")
_t("gh-auth-token-output", "gho", "=gh auth token", r"""
$ gh auth token
«S»
""")
_t("gh-auth-status-show-token", "gho", "ghuser", r"""
$ gh auth status -t
github.com
  ✓ Logged in to github.com account «ghuser» (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: «S»
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'
""")
_t("glab-auth-status-token", "glpat", "dom", r"""
$ glab auth status --show-token
gitlab.«dom»
  ✓ Logged in to gitlab.«dom» as «user» (/home/«user»/.config/glab-cli/config.yml)
  ✓ Git operations for gitlab.«dom» configured to use https protocol.
  ✓ API calls for gitlab.«dom» are made over https protocol.
  ✓ REST API Endpoint: https://gitlab.«dom»/api/v4/
  ✓ Token: «S»
""")
_t("npm-token-create-table", "npm", "=npm token create", r"""
$ npm token create --read-only
┌────────────────┬──────────────────────────────────────────┐
│ token          │ «S» │
├────────────────┼──────────────────────────────────────────┤
│ readonly       │ true                                     │
├────────────────┼──────────────────────────────────────────┤
│ created        │ «ts»                 │
└────────────────┴──────────────────────────────────────────┘
""")
_t("cat-docker-config-json-auths", lambda c: _b64s("ci-bot:" + _pw_alnum()), "dom", r"""
$ cat ~/.docker/config.json
{
	"auths": {
		"registry.«dom»": {
			"auth": "«S»"
		}
	}
}
""")
_t("kubectl-config-view-raw-token", "jwt", "=current-context", r"""
$ kubectl config view --raw --minify
apiVersion: v1
clusters:
- cluster:
    server: https://«ip»:6443
  name: field-k3s
current-context: field-k3s
users:
- name: deployer
  user:
    token: «S»
""")
_t("sops-decrypt-output", "pw", "=sops -d", r"""
$ sops -d secrets/prod.enc.yaml
openmrs:
  db_user: openmrs
  db_password: «S»
sops_version: 3.8.1
""")
_t("ansible-vault-view-output", "pw", "=vault_civicrm_db_password", r"""
$ ansible-vault view group_vars/crm/vault.yml
Vault password:
vault_civicrm_db_user: civicrm
vault_civicrm_db_password: "«S»"
""")
_t("git-log-p-added-password", "pw", "sha", r"""
$ git log -p -1 «sha» -- config/settings.py
commit «sha»
Author: «person» <«email»>
Date:   «date»

    quick fix for sms gateway

@@ -14,3 +14,4 @@ SMS_GATEWAY_URL = "https://sms.«dom»/send"
 SMS_GATEWAY_USER = "«user»"
+SMS_GATEWAY_PASSWORD = "«S»"
""")
_t("git-diff-env-added-line", "flw", "=.env.production", r"""
$ git diff --cached
diff --git a/.env.production b/.env.production
index «sha7»..«hex» 100644
--- a/.env.production
+++ b/.env.production
@@ -3,2 +3,3 @@ APP_ENV=production
 FLW_PUBLIC_KEY=FLWPUBK-«hex32»-X
+FLW_SECRET_KEY=«S»
""")
_t("gitleaks-finding-output", "xoxb", "=RuleID", r"""
$ gitleaks detect -v
Finding:     SLACK_BOT_TOKEN: «S»
Secret:      «S»
RuleID:      slack-bot-token
Entropy:     4.61
File:        bots/field_alerts/.env
Line:        3
Commit:      «sha»
""")
_t("python-repl-settings-attribute", "hex40", "=>>> settings.", r"""
>>> from django.conf import settings
>>> settings.RAPIDPRO_API_TOKEN
'«S»'
>>> settings.RAPIDPRO_HOST
'https://«host»'
""")
_t("supabase-status-service-role", lambda c: _jwt_rs('{"iss":"supabase-demo","role":"service_role","exp":1983812996}'), "=API URL", r"""
$ supabase status
         API URL: http://127.0.0.1:54321
          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres
service_role key: «S»
""")
_t("stripe-config-list-live-key", "stripe_sk", "=stripe config --list", r"""
$ stripe config --list
[default]
device_name = '«server»'
live_mode_api_key = '«S»'
live_mode_pub_key = '«pk»'
""")
_t("cat-doctl-config-yaml", "dop", "=access-token", r"""
$ cat ~/.config/doctl/config.yaml
access-token: «S»
context: default
output: text
""")
_t("airflow-connections-get-uri", "pwu", "=kobo_pg", r"""
$ airflow connections get kobo_pg -o yaml
- conn_id: kobo_pg
  conn_type: postgres
  get_uri: postgres://airflow_ro:«S»@«host»:5432/«db»
""")
_t("minio-startup-banner-rootpass", "pwr", "ip", r"""
MinIO Object Storage Server
Copyright: 2015-2024 MinIO, Inc.
API: http://«ip»:9000  http://127.0.0.1:9000
   RootUser: fieldadmin
   RootPass: «S»
""")
_t("jupyter-server-list-token", "hex48", "ip", r"""
$ jupyter server list
Currently running servers:
http://«ip»:8888/?token=«S» :: /home/«user»/mel-notebooks
""")
_t("rclone-config-show-refresh-token", "gref", "=rclone config show", r"""
$ rclone config show gdrive-mel
[gdrive-mel]
type = drive
scope = drive
token = {"access_token":"ya29.****","token_type":"Bearer","refresh_token":"«S»","expiry":"«ts»"}
team_drive = «an12»
""")
_t("gsutil-signurl-output-signature", lambda c: _hex(512), "bucket", r"""
$ gsutil signurl -d 12h sa.json gs://«bucket»/exports/«form».csv
URL	HTTP Method	Expiration	Signed URL
gs://«bucket»/exports/«form».csv	GET	«ts»	https://storage.googleapis.com/«bucket»/exports/«form».csv?x-goog-signature=«S»&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=sa%40«proj».iam.gserviceaccount.com%2F20250101%2Fauto%2Fstorage%2Fgoog4_request&x-goog-date=20250101T000000Z&x-goog-expires=43200&x-goog-signedheaders=host
""")
_t("aws-s3-presign-output-signature", "hex64", "bucket", r"""
$ aws s3 presign s3://«bucket»/reports/donor_summary_«date».pdf --expires-in 604800
https://«bucket».s3.eu-west-1.amazonaws.com/reports/donor_summary_«date».pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=«akid»%2F20250301%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20250301T101500Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=«S»
""")
_t("az-storage-generate-sas-output", lambda c: _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), "=se=", r"""
$ az storage blob generate-sas --account-name «org»media --container-name kobo --name «kuid».zip --permissions r --expiry 2025-12-31 -o tsv
se=2025-12-31&sp=r&sv=2022-11-02&sr=b&sig=«S»
""")
_t("printenv-single-var", "twauth", "=TWILIO_AUTH_TOKEN", r"""
$ printenv TWILIO_AUTH_TOKEN
«S»
""")
_t("docker-exec-env-output", "pwa", "=HOSTNAME=", r"""
$ docker exec openmrs env
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin
HOSTNAME=«hexs»
OMRS_DB_HOSTNAME=mariadb
OMRS_DB_USERNAME=openmrs
OMRS_DB_PASSWORD=«S»
""")
_t("kubectl-describe-pod-env-values", "pw", "ns", r"""
$ kubectl -n «ns» describe pod kpi-«hex»-«an12»
    Environment:
      DJANGO_DEBUG:         False
      KOBO_SUPERUSER_USERNAME: super_admin
      KOBO_SUPERUSER_PASSWORD: «S»
      KOBOFORM_URL:        https://kf.«dom»
""")
_t("couchdb-get-config-admins", "pw", "ip", r"""
$ curl -s http://«ip»:5984/_node/_local/_config/admins -u admin
Enter host password for user 'admin':
{"admin":"-pbkdf2-«hex40»,«md5»,10","sync_bot":"«S»"}
""")
_t("syncthing-cli-config-apikey", "an32", "=syncthing cli", r"""
$ syncthing cli --home ~/.config/syncthing config gui apikey get
«S»
""")
_t("expo-whoami-token-env", "an40", "=EXPO_TOKEN", r"""
$ grep EXPO ~/.bashrc
export EXPO_TOKEN=«S»
$ eas whoami
«ghuser»
""")
_t("firebase-login-ci-token-output", "gref", "=firebase login:ci", r"""
$ firebase login:ci --no-localhost
Visit this URL on any device to log in: https://auth.firebase.tools/login?code_challenge=«an40»&session=«uuid»
? Paste authorization code here: ****
✔  Success! Use this token to login on a CI server:

«S»

Example: firebase deploy --token "$FIREBASE_TOKEN"
""")
_t("vercel-env-pull-cat", "mailchimp", "=Created by Vercel CLI", r"""
$ vercel env pull .env.local && cat .env.local
# Created by Vercel CLI
MAILCHIMP_API_KEY="«S»"
MAILCHIMP_AUDIENCE_ID="«hex»«hex2»"
NEXT_PUBLIC_SITE_URL="https://donate.«dom»"
""")
_t("cat-rclone-conf-obscured-pass", lambda c: _b64u(30), "host", r"""
$ cat ~/.config/rclone/rclone.conf
[field-sftp]
type = sftp
host = «host»
user = «user»
pass = «S»
shell_type = unix
""")
_t("kubectl-get-dockerconfigjson-secret", lambda c: _b64s('{"auths":{"ghcr.io":{"username":"%s","password":"%s"}}}' % (c["ghuser"], _K["ghp"](c))), "ns", r"""
$ kubectl -n «ns» get secret ghcr-pull -o json | jq .data
{
  ".dockerconfigjson": "«S»"
}
""")


# ===========================================================================
# group: config-file  (excerpts of configuration files the agent opened)
# ===========================================================================
_grp("config-file", (3, 2, 3, 2, 2))

_t("pgpass-line", "pw", "host", r"""
# ~/.pgpass  (chmod 600)
«host»:5432:«db»:«user»:«S»
""")
_t("netrc-single-line", "pwa", "host", r"""
machine «host» login «user» password «S»
""")
_t("my-cnf-client-section", "pw", "host", r"""
# /root/.my.cnf
[client]
user=root
password="«S»"
host=«host»
""")
_t("docker-compose-environment-list", "pw", "=image: postgres:14", r"""
services:
  postgres:
    image: postgres:14
    environment:
      - POSTGRES_USER=odk
      - POSTGRES_PASSWORD=«S»
      - POSTGRES_DB=odk
    volumes:
      - ./data/pg:/var/lib/postgresql/data
""")
_t("docker-compose-environment-map", "hex40", "=rapidpro/mailroom", r"""
  mailroom:
    image: rapidpro/mailroom:v9.0.0
    environment:
      MAILROOM_DB: postgres://temba:temba@db/temba?sslmode=disable
      MAILROOM_AUTH_TOKEN: «S»
      MAILROOM_ADDRESS: 0.0.0.0
""")
_t("dotenv-db-password", "pw", "=DB_HOST", r"""
# .env  (kobo export worker)
DB_HOST=«host»
DB_NAME=«db»
DB_USER=«user»
DB_PASSWORD=«S»
""")
_t("kobo-install-envfile-superuser", "pw", "=KOBO_SUPERUSER_USERNAME", r"""
# kobo-env/envfiles/django.txt
KOBO_SUPERUSER_USERNAME=super_admin
KOBO_SUPERUSER_PASSWORD=«S»
KOBOFORM_URL=https://kf.«dom»
ENKETO_URL=https://ee.«dom»
""")
_t("odk-central-local-json-smtp-auth", "pw", "=transportOpts", r"""
{
  "default": {
    "email": {
      "serviceAccount": "no-reply@«dom»",
      "transport": "smtp",
      "transportOpts": {
        "host": "smtp.office365.com",
        "port": 587,
        "auth": { "user": "no-reply@«dom»", "pass": "«S»" }
      }
    }
  }
}
""")
_t("dhis-conf-connection-password", "pw", "=connection.username", r"""
# /opt/dhis2/dhis.conf
connection.dialect = org.hibernate.dialect.PostgreSQLDialect
connection.driver_class = org.postgresql.Driver
connection.url = jdbc:postgresql://«host»:5432/«db»
connection.username = dhis
connection.password = «S»
server.base.url = https://«host»/
""")
_t("openmrs-runtime-properties", "pwa", "=connection.username=openmrs", r"""
#Auto generated by OpenMRS initialization wizard
#«wday» «month» 12 09:41:55 EAT «year»
connection.url=jdbc\:mysql\://localhost\:3306/openmrs?autoReconnect\=true&useUnicode\=true&characterEncoding\=UTF-8
connection.username=openmrs
connection.password=«S»
module.allow_web_admin=true
auto_update_database=false
""")
_t("civicrm-settings-php-site-key", "civisite", "=CIVICRM_SITE_KEY", r"""
if (!defined('CIVICRM_SITE_KEY')) {
  define( 'CIVICRM_SITE_KEY', '«S»');
}
""")
_t("civicrm-settings-php-dsn", "pwu", "=CIVICRM_DSN", r"""
if (!defined('CIVICRM_DSN')) {
  define( 'CIVICRM_DSN', 'mysql://civicrm:«S»@localhost:3306/civicrm?new_link=true');
}
""")
_t("drupal-settings-databases-array", "pw", "=$databases['default']['default']", r"""
$databases['default']['default'] = array (
  'database' => 'drupal_donate',
  'username' => 'drupal',
  'password' => '«S»',
  'host' => '«host»',
  'port' => '3306',
  'driver' => 'mysql',
);
""")
_t("wp-config-db-password", "pw", "=DB_USER", r"""
/** MySQL database username */
define( 'DB_USER', 'wp_donate' );

/** MySQL database password */
define( 'DB_PASSWORD', '«S»' );
""")
_t("wp-config-auth-salt", lambda c: _s(_ALNUM + "!#%*+-.:;<=>?@[]^_{|}~", 64), "=LOGGED_IN_KEY", r"""
define( 'AUTH_KEY',         '«S»' );
define( 'LOGGED_IN_KEY',    'put your unique phrase here' );
""")
_t("django-settings-secret-key", "django", "=ALLOWED_HOSTS", r"""
# kpi/settings/prod.py  (excerpt)
SECRET_KEY = '«S»'
DEBUG = False
ALLOWED_HOSTS = ['kf.«dom»']
""")
_t("rails-database-yml-production", "pw", "=production:", r"""
production:
  <<: *default
  database: donations_production
  username: donations
  password: "«S»"
  host: «host»
""")
_t("rails-master-key-file", "hex32", "=config/master.key", r"""
==> config/master.key <==
«S»
""")
_t("spring-application-properties", "pw", "=spring.datasource.username", r"""
spring.datasource.url=jdbc:postgresql://«host»:5432/«db»
spring.datasource.username=«user»
spring.datasource.password=«S»
spring.jpa.hibernate.ddl-auto=validate
""")
_t("spring-application-yml-mail", "pw", "=smtp.gmail.com", r"""
spring:
  mail:
    host: smtp.gmail.com
    port: 587
    username: alerts@«dom»
    password: «S»
    properties.mail.smtp.starttls.enable: true
""")
_t("appsettings-json-connection-string", "pw", "=ConnectionStrings", r"""
{
  "ConnectionStrings": {
    "DonorDb": "Server=tcp:«org»-sql.database.windows.net,1433;Initial Catalog=donors;User ID=donor_app;Password=«S»;Encrypt=True;"
  },
  "Logging": { "LogLevel": { "Default": "Warning" } }
}
""")
_t("web-config-connectionstrings-xml", "pwa", "=providerName", r"""
<connectionStrings>
  <add name="BeneficiaryRegistry"
       connectionString="Data Source=«host»;Initial Catalog=Registry;User Id=reg_app;Password=«S»;"
       providerName="System.Data.SqlClient" />
</connectionStrings>
""")
_t("k8s-secret-stringdata", "pw", "ns", r"""
apiVersion: v1
kind: Secret
metadata:
  name: openmrs-db
  namespace: «ns»
type: Opaque
stringData:
  MYSQL_USER: openmrs
  MYSQL_PASSWORD: "«S»"
""")
_t("k8s-secret-data-base64", lambda c: _b64s(_K["rapidpro"](c)), "=rapidpro-api", r"""
apiVersion: v1
kind: Secret
metadata:
  name: rapidpro-api
data:
  token: «S»
  host: «b64txt»
""")
_t("helm-values-postgres-auth", "pwa", "=postgresql:", r"""
postgresql:
  enabled: true
  auth:
    username: dhis
    database: dhis2
    postgresPassword: «S»
    existingSecret: ""
""")
_t("terraform-tfvars-secret", "pwr", "=region", r"""
# field.tfvars
region          = "eu-west-1"
instance_type   = "t3.medium"
db_username     = "kobo"
db_password     = "«S»"
""")
_t("hcl-provider-block-token", "dop", "=provider \"digitalocean\"", r"""
provider "digitalocean" {
  token = "«S»"
}

resource "digitalocean_droplet" "odk" {
  name   = "odk-central-«region»"
  region = "fra1"
  size   = "s-2vcpu-4gb"
}
""")
_t("ansible-inventory-ansible-password", "pw", "ip", r"""
[field_laptops]
«server» ansible_host=«ip» ansible_user=fieldadmin ansible_password=«S»

[field_laptops:vars]
ansible_connection=ssh
""")
_t("ansible-group-vars-plaintext", "pw", "=civicrm_db_name", r"""
# group_vars/crm.yml
civicrm_db_name: civicrm
civicrm_db_user: civicrm
civicrm_db_password: "«S»"
civicrm_site_url: https://crm.«dom»
""")
_t("nginx-proxy-set-header-basic", lambda c: _b64s("sync:" + _pw_human()), "=proxy_pass", r"""
location /openmrs/ {
    proxy_pass http://127.0.0.1:8080/openmrs/;
    proxy_set_header Authorization "Basic «S»";
    proxy_set_header Host $host;
}
""")
_t("rclone-conf-token-json", "gref", "=[gdrive-field]", r"""
[gdrive-field]
type = drive
client_id = «gclient»
scope = drive.file
token = {"access_token":"ya29.a0-expired","token_type":"Bearer","refresh_token":"«S»","expiry":"«ts»"}
""")
_t("npmrc-scoped-authtoken", "glpat", "dom", r"""
@«org»:registry=https://gitlab.«dom»/api/v4/projects/«n»/packages/npm/
//gitlab.«dom»/api/v4/projects/«n»/packages/npm/:_authToken=«S»
""")
_t("pip-conf-index-url-credentials", "pwu", "dom", r"""
[global]
index-url = https://«user»:«S»@nexus.«dom»/repository/pypi-all/simple
timeout = 60
""")
_t("pypirc-password", "pypi", "=[pypi]", r"""
[distutils]
index-servers = pypi

[pypi]
username = __token__
password = «S»
""")
_t("maven-settings-xml-server", "pw", "=<id>", r"""
<servers>
  <server>
    <id>«org»-nexus</id>
    <username>deployer</username>
    <password>«S»</password>
  </server>
</servers>
""")
_t("gradle-properties-signing", "pwa", "=RELEASE_KEY_ALIAS", r"""
# gradle.properties (Collect fork)
RELEASE_STORE_FILE=../keys/collect-release.jks
RELEASE_STORE_PASSWORD=«S»
RELEASE_KEY_ALIAS=odkcollect
""")
_t("android-keystore-properties", "pwa", "=keyAlias", r"""
storeFile=/home/«user»/keys/upload-keystore.jks
storePassword=«S»
keyAlias=upload
""")
_t("wpa-supplicant-network-block", "pwp", "ssid", r"""
network={
    ssid="«ssid»"
    psk="«S»"
    priority=10
}
""")
_t("hostapd-conf-passphrase", "pwa", "ssid", r"""
interface=wlan0
ssid=«ssid»
hw_mode=g
channel=6
wpa=2
wpa_passphrase=«S»
wpa_key_mgmt=WPA-PSK
""")
_t("openvpn-auth-user-pass-file", "pw", "=/etc/openvpn/field-auth.txt", r"""
# /etc/openvpn/field-auth.txt
«user»
«S»
""")
_t("wireguard-conf-private-key", "wg", "pip", r"""
[Interface]
Address = 10.66.0.«n»/24
PrivateKey = «S»
DNS = 1.1.1.1

[Peer]
PublicKey = «wgpub»
Endpoint = «pip»:51820
AllowedIPs = 10.66.0.0/24
""")
_t("ipsec-secrets-psk", "pwr", "pip", r"""
# /etc/ipsec.secrets
«pip» %any : PSK "«S»"
""")
_t("msmtprc-account-password", "pw", "email", r"""
account        field
host           smtp.gmail.com
port           587
auth           on
tls            on
user           «email»
password       «S»
from           «email»
""")
_t("postfix-sasl-passwd", "pw", "email", r"""
# /etc/postfix/sasl_passwd
[smtp.office365.com]:587 «email»:«S»
""")
_t("redis-conf-requirepass", "pwr", "=appendonly", r"""
bind 127.0.0.1 «ip»
port 6379
requirepass «S»
appendonly yes
""")
_t("mongodb-keyfile-content", lambda c: _wrap(_b64(756), 76), "=/etc/mongo/keyfile", r"""
==> /etc/mongo/keyfile <==
«S»
""")
_t("pg-service-conf-password", "pw", "=[kobo_ro]", r"""
[kobo_ro]
host=«host»
port=5432
dbname=«db»
user=«user»
password=«S»
""")
_t("odbc-ini-password", "pwa", "=Driver", r"""
[DonorsDSN]
Driver=ODBC Driver 18 for SQL Server
Server=«host»
Database=Donors
UID=report_ro
PWD=«S»
""")
_t("supervisor-environment-line", "hex40", "=program:kobo-export", r"""
[program:kobo-export]
command=/opt/kobo-export/venv/bin/python worker.py
environment=KOBO_API_TOKEN="«S»",KOBO_SERVER="https://kf.«dom»"
autorestart=true
""")
_t("systemd-unit-environment", "commcare", "=ExecStart", r"""
[Service]
User=etl
Environment="COMMCARE_USER=«email»"
Environment="COMMCARE_API_KEY=«S»"
ExecStart=/opt/etl/bin/commcare-export --project «org» --query queries.xlsx
""")
_t("crontab-curl-basic-auth", "pwu", "host", r"""
# m h dom mon dow  command
15 2 * * * curl -s -u «user»:«S» https://«host»/api/v1/export/«form».csv -o /data/«form»_$(date +\%F).csv
""")
_t("rapidpro-settings-py-secret", "django", "=MAILROOM_URL", r"""
# temba/settings.py (local overrides)
SECRET_KEY = os.environ.get("SECRET_KEY", "«S»")
MAILROOM_URL = "http://mailroom:8090"
""")
_t("courier-env-aws-secret", "awssk", "=COURIER_S3_MEDIA_BUCKET", r"""
COURIER_AWS_ACCESS_KEY_ID=«akid»
COURIER_AWS_SECRET_ACCESS_KEY=«S»
COURIER_S3_MEDIA_BUCKET=«bucket»
""")
_t("commcare-localsettings-databases", "pw", "=ENGINE", r"""
DATABASES = {
    'default': {
        'ENGINE': 'django.db.backends.postgresql_psycopg2',
        'NAME': 'commcarehq',
        'USER': 'commcarehq',
        'PASSWORD': '«S»',
        'HOST': '«host»',
    }
}
""")
_t("enketo-config-json-encryption-key", "an32", "=linked form and data server", r"""
{
    "app name": "Enketo Express for «Org»",
    "linked form and data server": {
        "name": "KoboToolbox",
        "server url": "https://kc.«dom»",
        "api key": "«an24»"
    },
    "encryption key": "«S»",
    "less secure encryption key": "this-is-not-used"
}
""")
_t("scto-sync-ini", "pw", "=server_name", r"""
[surveycto]
server_name = «org»
username = «email»
password = «S»
forms = «form»,«form_2»
""")
_t("airflow-cfg-sql-alchemy-conn", "pwu", "=[database]", r"""
[database]
sql_alchemy_conn = postgresql+psycopg2://airflow:«S»@«host»:5432/airflow
load_default_connections = False
""")
_t("metabase-env-mb-db-pass", "pw", "=MB_DB_TYPE", r"""
MB_DB_TYPE=postgres
MB_DB_DBNAME=metabase
MB_DB_USER=metabase
MB_DB_PASS=«S»
MB_DB_HOST=«host»
""")
_t("superset-config-secret-key", "b64_48", "=SQLALCHEMY_DATABASE_URI", r"""
# superset_config.py
SECRET_KEY = "«S»"
SQLALCHEMY_DATABASE_URI = os.environ["SUPERSET_DB_URI"]
""")
_t("grafana-ini-admin-password", "pw", "=[security]", r"""
[security]
admin_user = admin
admin_password = «S»
disable_gravatar = true
""")
_t("nextcloud-config-php-dbpassword", "pwr", "=dbuser", r"""
  'dbtype' => 'mysql',
  'dbname' => 'nextcloud',
  'dbhost' => 'localhost',
  'dbuser' => 'ncadmin',
  'dbpassword' => '«S»',
  'installed' => true,
""")
_t("odoo-conf-admin-passwd", "pwr", "=db_host", r"""
[options]
admin_passwd = «S»
db_host = «host»
db_port = 5432
db_user = odoo
""")
_t("tomcat-users-xml-password-attr", "pwa", "=manager-gui", r"""
<tomcat-users>
  <role rolename="manager-gui"/>
  <user username="«user»" password="«S»" roles="manager-gui,admin-gui"/>
</tomcat-users>
""")
_t("mattermost-config-smtp-password", "pw", "=SMTPServer", r"""
    "EmailSettings": {
        "SMTPUsername": "chat@«dom»",
        "SMTPPassword": "«S»",
        "SMTPServer": "smtp.office365.com",
        "SMTPPort": "587",
""")
_t("syncthing-config-xml-apikey", "an32", "=<gui enabled", r"""
    <gui enabled="true" tls="false" debugging="false">
        <address>127.0.0.1:8384</address>
        <apikey>«S»</apikey>
        <theme>default</theme>
    </gui>
""")
_t("couchdb-local-ini-admins", "pw", "=[admins]", r"""
; /opt/couchdb/etc/local.ini
[couchdb]
single_node=true

[admins]
admin = «S»
""")
_t("streamlit-secrets-toml", "pw", "=[connections.kobo_db]", r"""
# .streamlit/secrets.toml
[connections.kobo_db]
dialect = "postgresql"
host = "«host»"
username = "«user»"
password = "«S»"
""")
_t("pyodk-config-toml", "pw", "=base_url", r"""
# ~/.pyodk_config.toml
[central]
base_url = "https://central.«dom»"
username = "«email»"
password = "«S»"
default_project_id = «n»
""")
_t("git-config-remote-url-token", "glpat", "=[remote \"origin\"]", r"""
[remote "origin"]
	url = https://gitlab-ci-token:«S»@gitlab.«dom»/mel/dashboards.git
	fetch = +refs/heads/*:refs/remotes/origin/*
""")
_t("git-credentials-line", "ghp", "ghuser", r"""
https://«ghuser»:«S»@github.com
""")
_t("aws-credentials-profile", "awssk", "=[kobo-backup]", r"""
[kobo-backup]
aws_access_key_id = «akid»
aws_secret_access_key = «S»
region = eu-west-1
""")
_t("gh-hosts-yml-oauth-token", "gho", "ghuser", r"""
github.com:
    user: «ghuser»
    oauth_token: «S»
    git_protocol: https
""")
_t("kubeconfig-client-key-data", lambda c: _b64s("-----BEGIN RSA PRIVATE KEY-----\n" + _pem_rsa() + "\n-----END RSA PRIVATE KEY-----\n"), "=client-certificate-data", r"""
users:
- name: field-admin
  user:
    client-certificate-data: «b64txt»
    client-key-data: «S»
""")
_t("pgbouncer-userlist-plain", "pw", "=\"postgres\"", r"""
"«user»" "«S»"
"postgres" "md5«md5»"
""")
_t("cntlm-conf-password", "pw", "=Domain", r"""
Username    «user»
Domain      «ORG»
Password    «S»
Proxy       «ip»:8080
""")
_t("samba-credentials-file", "pw", "=/etc/samba/creds-field", r"""
# /etc/samba/creds-field
username=«user»
password=«S»
domain=FIELD
""")
_t("fstab-cifs-inline-password", "pwu", "ip", r"""
//«ip»/shared  /mnt/shared  cifs  username=«user»,password=«S»,iocharset=utf8,_netdev  0  0
""")
_t("xml-odk-collect-settings-password", "pw", "=server_url", r"""
<?xml version='1.0' encoding='utf-8' standalone='yes' ?>
<map>
    <string name="server_url">https://central.«dom»</string>
    <string name="username">«user»</string>
    <string name="password">«S»</string>
</map>
""")


# ===========================================================================
# group: source-code  (excerpts of code the agent opened or wrote)
# ===========================================================================
_grp("source-code")

_t("python-requests-auth-tuple", "pw", "host", r"""
resp = requests.get(
    f"https://{'«host»'}/api/v1/forms/{FORM_ID}/submissions",
    auth=("«user»", "«S»"),
    timeout=60,
)
""")
_t("python-module-constant-kobo-token", "kobo", "=KOBO_URL", r"""
KOBO_URL = "https://kf.kobotoolbox.org"
KOBO_TOKEN = "«S»"  # TODO move to env before sharing
HEADERS = {"Authorization": f"Token {KOBO_TOKEN}"}
""")
_t("python-psycopg2-connect-kwargs", "pw", "host", r"""
conn = psycopg2.connect(
    host="«host»",
    dbname="«db»",
    user="«user»",
    password="«S»",
    sslmode="require",
)
""")
_t("python-sqlalchemy-create-engine-url", "pwu", "host", r"""
engine = create_engine("postgresql+psycopg2://«user»:«S»@«host»:5432/«db»", pool_pre_ping=True)
""")
_t("python-boto3-client-inline-keys", "awssk", "=region_name", r"""
s3 = boto3.client(
    "s3",
    aws_access_key_id="«akid»",
    aws_secret_access_key="«S»",
    region_name="af-south-1",
)
""")
_t("python-environ-get-default-fallback", "pw", "=DHIS2_USER", r"""
DHIS2_USER = os.environ.get("DHIS2_USER", "«user»")
DHIS2_PASS = os.environ.get("DHIS2_PASS", "«S»")
""")
_t("python-smtplib-login", "pw", "email", r"""
with smtplib.SMTP("smtp.gmail.com", 587) as server:
    server.starttls()
    server.login("«email»", "«S»")
    server.send_message(msg)
""")
_t("python-twilio-client-positional", "twauth", "acsid", r"""
from twilio.rest import Client

client = Client("«acsid»", "«S»")
client.messages.create(to=row["phone"], from_="+1«dig10»", body=reminder_text)
""")
_t("python-africastalking-initialize", "at", "org", r"""
import africastalking

africastalking.initialize(username="«org»", api_key="«S»")
sms = africastalking.SMS
""")
_t("python-telegram-application-builder", "tgbot", "=ApplicationBuilder", r"""
app = ApplicationBuilder().token("«S»").build()
app.add_handler(CommandHandler("report", report_incident))
""")
_t("django-settings-email-host-password", "pw", "=EMAIL_HOST_USER", r"""
EMAIL_HOST = "smtp.sendgrid.net"
EMAIL_HOST_USER = "apikey"
EMAIL_HOST_PASSWORD = "«S»"
EMAIL_PORT = 587
""")
_t("flask-app-config-secret-key", "hex64", "=app.config", r"""
app = Flask(__name__)
app.config["SECRET_KEY"] = "«S»"
app.config["SQLALCHEMY_DATABASE_URI"] = os.environ["DATABASE_URL"]
""")
_t("python-jwt-encode-hardcoded-key", "an40", "=jwt.encode", r"""
def issue_token(volunteer_id):
    payload = {"sub": volunteer_id, "exp": datetime.utcnow() + timedelta(hours=12)}
    return jwt.encode(payload, "«S»", algorithm="HS256")
""")
_t("r-kobo-token-assignment", "kobo", "kuid", r"""
library(httr)
kobo_token <- "«S»"
res <- GET("https://kf.kobotoolbox.org/api/v2/assets/«kuid»/data.json",
           add_headers(Authorization = paste("Token", kobo_token)))
""")
_t("r-dbconnect-password-arg", "pw", "host", r"""
con <- DBI::dbConnect(RPostgres::Postgres(),
                      host = "«host»", dbname = "«db»",
                      user = "«user»", password = "«S»")
""")
_t("r-sys-setenv-password", "pw", "=Sys.setenv", r"""
Sys.setenv(ODK_PASSWORD = "«S»")
ruODK::ru_setup(svc = "https://central.«dom»/v1/projects/«n»/forms/«form».svc",
                un = "«email»", pw = Sys.getenv("ODK_PASSWORD"))
""")
_t("stata-shell-curl-surveycto", "pw", "org", r"""
* pull raw data from SurveyCTO
shell curl -s -u "«email»:«S»" "https://«org».surveycto.com/api/v2/forms/data/wide/csv/«form»" -o "$raw/«form».csv"
import delimited using "$raw/«form».csv", clear
""")
_t("js-fetch-bearer-header", "hex40", "host", r"""
const res = await fetch(`https://«host»/api/v2/flow_starts.json`, {
  method: 'POST',
  headers: { Authorization: 'Token «S»', 'Content-Type': 'application/json' },
  body: JSON.stringify({ flow: flowUuid, urns: [`tel:${phone}`] }),
});
""")
_t("js-axios-auth-object", "pw", "host", r"""
const client = axios.create({
  baseURL: 'https://«host»/openmrs/ws/rest/v1',
  auth: { username: '«user»', password: '«S»' },
});
""")
_t("node-pg-pool-config", "pw", "host", r"""
const pool = new Pool({
  host: '«host»',
  database: '«db»',
  user: '«user»',
  password: '«S»',
  max: 5,
});
""")
_t("node-mongoose-connect-uri", "pwu", "user", r"""
mongoose.connect('mongodb+srv://«user»:«S»@cluster0.«hex».mongodb.net/beneficiaries?retryWrites=true&w=majority');
""")
_t("node-nodemailer-transport-auth", "pw", "email", r"""
const transporter = nodemailer.createTransport({
  host: 'smtp.office365.com',
  port: 587,
  auth: { user: '«email»', pass: '«S»' },
});
""")
_t("js-pouchdb-remote-url-credentials", "pwu", "user", r"""
const local = new PouchDB('submissions');
const remote = new PouchDB('https://«user»:«S»@couch.«dom»/«region»_submissions');
local.sync(remote, { live: true, retry: true });
""")
_t("js-firebase-admin-inline-private-key", "pem_json", "proj", r"""
admin.initializeApp({
  credential: admin.credential.cert({
    projectId: '«proj»',
    clientEmail: 'firebase-adminsdk-«hex»@«proj».iam.gserviceaccount.com',
    privateKey: '-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----\n',
  }),
});
""")
_t("ts-export-const-api-token", "rapidpro", "=RAPIDPRO_BASE", r"""
export const RAPIDPRO_BASE = 'https://textit.com/api/v2';
export const RAPIDPRO_API_TOKEN = '«S»';
""")
_t("react-native-config-fallback", "mpesa_secret", "=Config.MPESA_CONSUMER_SECRET", r"""
const consumerSecret = Config.MPESA_CONSUMER_SECRET ?? '«S»';
""")
_t("php-guzzle-auth-array", "pw", "host", r"""
$client = new \GuzzleHttp\Client(['base_uri' => 'https://«host»/']);
$response = $client->get('api/v1/contributions', ['auth' => ['«user»', '«S»']]);
""")
_t("php-pdo-constructor", "pw", "host", r"""
$pdo = new PDO('mysql:host=«host»;dbname=civicrm;charset=utf8mb4', 'civicrm', '«S»', [
    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
]);
""")
_t("php-curl-userpwd", "pw", "user", r"""
curl_setopt($ch, CURLOPT_URL, $centralUrl . '/v1/projects/' . $projectId . '/forms');
curl_setopt($ch, CURLOPT_USERPWD, '«user»:«S»');
curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
""")
_t("java-drivermanager-getconnection", "pw", "host", r"""
Connection conn = DriverManager.getConnection(
    "jdbc:mysql://«host»:3306/openmrs?useSSL=false", "openmrs", "«S»");
""")
_t("java-openmrs-context-authenticate", "pw", "=Context.authenticate", r"""
@Before
public void setUp() throws Exception {
    Context.openSession();
    Context.authenticate("admin", "«S»");
}
""")
_t("gradle-buildconfigfield-api-key", "scto", "=buildConfigField", r"""
defaultConfig {
    applicationId "org.fieldngo.collect"
    buildConfigField "String", "SURVEY_API_KEY", "\"«S»\""
}
""")
_t("kotlin-const-val-api-key", "commcare", "=COMMCARE_DOMAIN", r"""
object ApiConfig {
    const val COMMCARE_DOMAIN = "«org»"
    const val COMMCARE_API_KEY = "«S»"
}
""")
_t("go-sql-open-mysql-dsn", "pwu", "host", r"""
db, err := sql.Open("mysql", "civicrm:«S»@tcp(«host»:3306)/civicrm?parseTime=true")
if err != nil {
	log.Fatal(err)
}
""")
_t("go-const-block-token", "hex40", "=const (", r"""
const (
	rapidproURL   = "https://rp.«dom»/api/v2"
	rapidproToken = "«S»"
)
""")
_t("csharp-sqlconnection-string", "pw", "host", r"""
using var conn = new SqlConnection("Server=«host»;Database=Donors;User Id=donor_app;Password=«S»;TrustServerCertificate=True");
await conn.OpenAsync();
""")
_t("csharp-basic-auth-tobase64", "pw", "user", r"""
var creds = Convert.ToBase64String(Encoding.UTF8.GetBytes("«user»:«S»"));
http.DefaultRequestHeaders.Authorization = new AuthenticationHeaderValue("Basic", creds);
""")
_t("ruby-net-http-basic-auth", "pw", "user", r"""
req = Net::HTTP::Get.new(uri)
req.basic_auth '«user»', '«S»'
res = Net::HTTP.start(uri.hostname, uri.port, use_ssl: true) { |http| http.request(req) }
""")
_t("ruby-stripe-api-key-assignment", "stripe_sk", "=Stripe.api_key", r"""
# config/initializers/stripe.rb
Stripe.api_key = '«S»'
""")
_t("dart-const-mpesa-passkey", "mpesa_pass", "=kShortCode", r"""
const String kShortCode = '«num»';
const String kMpesaPasskey = '«S»';
""")
_t("swift-let-api-key", "an32", "=URLRequest", r"""
let apiKey = "«S»"
var request = URLRequest(url: URL(string: "https://api.«dom»/v1/beneficiaries")!)
request.setValue(apiKey, forHTTPHeaderField: "X-Api-Key")
""")
_t("bash-script-hardcoded-token-var", "glpat", "=CI_API_V4_URL", r"""
#!/usr/bin/env bash
set -euo pipefail
CI_API_V4_URL="https://gitlab.«dom»/api/v4"
TOKEN="«S»"
curl -sf --header "PRIVATE-TOKEN: $TOKEN" "$CI_API_V4_URL/projects/«n»/pipelines?status=failed"
""")
_t("bash-script-curl-u-hardcoded", "pw", "email", r"""
#!/bin/sh
# nightly pull of CommCare case export
curl -s -u "«email»:«S»" "https://www.commcarehq.org/a/«org»/api/v0.5/case/?format=json" > /data/cases.json
""")
_t("sql-migration-create-role-password", "pw", "=CREATE ROLE", r"""
-- V12__reporting_role.sql
CREATE ROLE reporting_ro WITH LOGIN PASSWORD '«S»';
GRANT SELECT ON ALL TABLES IN SCHEMA public TO reporting_ro;
""")
_t("sql-postgres-fdw-user-mapping", "pw", "=CREATE USER MAPPING", r"""
CREATE USER MAPPING FOR etl SERVER kobo_remote
    OPTIONS (user '«user»', password '«S»');
""")
_t("apps-script-bloomerang-key", "bloomerang", "=UrlFetchApp.fetch", r"""
const BLOOMERANG_KEY = '«S»';
function pullDonations() {
  const res = UrlFetchApp.fetch('https://api.bloomerang.co/v2/transactions?take=50',
    { headers: { 'X-API-KEY': BLOOMERANG_KEY } });
}
""")
_t("power-query-m-kobo-token-header", "kobo", "kuid", r"""
let
    Source = Json.Document(Web.Contents("https://kf.kobotoolbox.org/api/v2/assets/«kuid»/data.json",
        [Headers=[Authorization="Token «S»"]])),
    results = Source[results]
in
    results
""")
_t("excel-vba-set-request-header", "kobo", "=MSXML2.XMLHTTP", r"""
Set http = CreateObject("MSXML2.XMLHTTP")
http.Open "GET", "https://kf.«dom»/api/v2/assets.json", False
http.setRequestHeader "Authorization", "Token «S»"
http.send
""")
_t("jupyter-notebook-json-cell-source", "pw", "=cell_type", r"""
  {
   "cell_type": "code",
   "execution_count": 3,
   "metadata": {},
   "source": [
    "client = Client(\"https://«host»\")\n",
    "client.login(\"«user»\", \"«S»\")\n"
   ]
  },
""")
_t("python-nested-config-dict", "pw", "=\"dhis2\"", r"""
CONFIG = {
    "dhis2": {"url": "https://«host»", "username": "«user»", "password": "«S»"},
    "period": "«year»Q«n»",
}
""")
_t("python-paramiko-connect-password", "pw", "ip", r"""
ssh = paramiko.SSHClient()
ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
ssh.connect("«ip»", username="«user»", password="«S»", timeout=20)
""")
_t("python-ldap-simple-bind", "pw", "host", r"""
conn = ldap.initialize("ldaps://«host»")
conn.simple_bind_s("cn=sync,ou=services,dc=«org»,dc=org", "«S»")
""")
_t("python-redis-password-kwarg", "pwr", "host", r"""
r = redis.Redis(host="«host»", port=6379, password="«S»", db=3)
""")
_t("python-celery-broker-url", "pwu", "host", r"""
app = Celery("sms_queue", broker="amqp://sms:«S»@«host»:5672/sms_vhost")
""")
_t("js-whatsapp-graph-token-const", "wa", "=graph.facebook.com", r"""
const WA_TOKEN = '«S»';
await fetch(`https://graph.facebook.com/v19.0/${PHONE_NUMBER_ID}/messages`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${WA_TOKEN}`, 'Content-Type': 'application/json' },
  body: JSON.stringify(payload),
});
""")
_t("python-openai-client-api-key-arg", "openai", "=OpenAI(", r"""
client = OpenAI(api_key="«S»")
summary = client.chat.completions.create(model="gpt-4o-mini", messages=msgs)
""")
_t("python-slack-webclient-token-kwarg", "xoxb", "=WebClient", r"""
slack = WebClient(token="«S»")
slack.chat_postMessage(channel="#field-alerts", text=f"{n} submissions rejected in {region}")
""")
_t("python-gspread-inline-service-account", "pem_json", "proj", r"""
creds = {
    "type": "service_account",
    "project_id": "«proj»",
    "private_key": "-----BEGIN PRIVATE KEY-----\n«S»\n-----END PRIVATE KEY-----\n",
    "client_email": "sheets@«proj».iam.gserviceaccount.com",
}
gc = gspread.service_account_from_dict(creds)
""")
_t("lua-openresty-shared-secret", "hex32", "=ngx.req.get_headers", r"""
local SHARED_SECRET = "«S»"
local sig = ngx.req.get_headers()["X-Signature"]
if sig ~= ngx.hmac_sha1(SHARED_SECRET, ngx.var.request_body) then return ngx.exit(401) end
""")
_t("perl-dbi-connect", "pw", "host", r"""
my $dbh = DBI->connect("DBI:mysql:database=openmrs;host=«host»", "openmrs", "«S»", { RaiseError => 1 });
""")
_t("powershell-pscredential-object", "pw", "user", r"""
$secure = ConvertTo-SecureString '«S»' -AsPlainText -Force
$cred = New-Object System.Management.Automation.PSCredential ('«ORG»\«user»', $secure)
Invoke-Command -ComputerName «server» -Credential $cred -ScriptBlock { Get-Service odk* }
""")
_t("java-spring-value-default", "pw", "=@Value", r"""
@Value("${dhis2.password:«S»}")
private String dhis2Password;
""")
_t("python-webhook-secret-bytes", "hex32", "=hmac.compare_digest", r"""
FLW_SECRET_HASH = b"«S»"

def verify(request):
    return hmac.compare_digest(request.headers.get("verif-hash", "").encode(), FLW_SECRET_HASH)
""")
_t("express-session-secret-literal", "pwr", "=express-session", r"""
const session = require('express-session');
app.use(session({ secret: '«S»', resave: false, saveUninitialized: false }));
""")
_t("python-commented-old-password", "pw", "=# old", r"""
# old creds (pre-migration), keep until «month»:
# USER = "«user»"; PASS = "«S»"
USER = os.environ["CENTRAL_USER"]
PASS = os.environ["CENTRAL_PASS"]
""")
_t("arduino-wifi-pass-define", "pwa", "ssid", r"""
#define WIFI_SSID "«ssid»"
#define WIFI_PASS "«S»"
#define FLOW_SENSOR_PIN 27   // borehole flow meter
""")
_t("arduino-mqtt-password-const-char", "pwr", "=mqtt_user", r"""
const char* mqtt_server = "mqtt.«dom»";
const char* mqtt_user = "waterpoint-«n»";
const char* mqtt_password = "«S»";
""")
_t("python-pysftp-connection", "pw", "ip", r"""
with pysftp.Connection("«ip»", username="«user»", password="«S»", cnopts=cnopts) as sftp:
    sftp.put(local_path, f"/incoming/{os.path.basename(local_path)}")
""")
_t("go-struct-literal-password", "pw", "=Config{", r"""
cfg := sync.Config{
	CouchURL: "https://couch.«dom»",
	User:     "«user»",
	Password: "«S»",
	Interval: 15 * time.Minute,
}
""")
_t("python-requests-session-headers-update", "d2pat", "host", r"""
s = requests.Session()
s.headers.update({"Authorization": "ApiToken «S»"})
r = s.get("https://«host»/api/dataValueSets", params={"dataSet": "«d2uid»", "period": "«year»«n»"})
""")
_t("csharp-appsettings-inline-const", "sfsecret", "=ConsumerKey", r"""
private const string ConsumerKey = "3MVG9«an50»";
private const string ConsumerSecret = "«S»";
""")
_t("kotlin-okhttp-credentials-basic", "pw", "user", r"""
val client = OkHttpClient.Builder()
    .authenticator { _, response ->
        response.request.newBuilder().header("Authorization", Credentials.basic("«user»", "«S»")).build()
    }.build()
""")
_t("python-pyodk-client-inline", "pw", "email", r"""
with Client(config_path=None, base_url="https://central.«dom»", username="«email»", password="«S»") as client:
    submissions = client.submissions.get_table(form_id="«form»")
""")
_t("rust-const-api-key", "hex40", "=const TEXTIT_TOKEN", r"""
const TEXTIT_URL: &str = "https://textit.com/api/v2";
const TEXTIT_TOKEN: &str = "«S»";
""")
_t("elixir-config-runtime-password", "pw", "=config :donate", r"""
config :donate, Donate.Repo,
  username: "donate",
  password: "«S»",
  hostname: "«host»"
""")


# ===========================================================================
# group: stack-trace-or-log
# ===========================================================================
_grp("stack-trace-or-log")

_t("psycopg2-invalid-dsn-traceback", "pw", "host", r"""
Traceback (most recent call last):
  File "/opt/etl/sync_dhis2.py", line 41, in <module>
    conn = psycopg2.connect(DSN)
  File "/opt/etl/venv/lib/python3.10/site-packages/psycopg2/__init__.py", line 122, in connect
    conn = _connect(dsn, connection_factory=connection_factory, **kwasync)
psycopg2.ProgrammingError: invalid dsn: invalid connection option "passwrd"
DSN was: host=«host» dbname=«db» user=«user» passwrd=«S»
""")
_t("django-debug-settings-broker-url", "pwu", "host", r"""
Environment:
Request Method: GET
Request URL: https://«host»/org/home/
Django Version: 4.2.11
Installed Applications: ['temba.orgs', 'temba.contacts', 'temba.flows', ...]
Settings:
CELERY_BROKER_URL = 'redis://:«S»@«host»:6379/1'
""")
_t("java-jdbc-url-password-in-log", "pwa", "host", r"""
2025-02-11 08:14:03.442  INFO 1 --- [main] o.h.d.datasource.DefaultDataSourceConfig : Connecting to jdbc:postgresql://«host»:5432/«db»?user=dhis&password=«S»
2025-02-11 08:14:03.918 ERROR 1 --- [main] o.h.engine.jdbc.spi.SqlExceptionHelper   : FATAL: no pg_hba.conf entry for host "«ip»"
""")
_t("nginx-access-log-api-key-query", "hex32", "pip", r"""
«pip» - - [12/Mar/2025:10:22:41 +0300] "GET /api/v1/sms/inbound?api_key=«S»&from=%2B«num»«num2» HTTP/1.1" 200 17 "-" "Telerivet-Webhook/1.0"
""")
_t("apache-log-access-token-query", "an40", "pip", r"""
«pip» - - [03/Apr/2025:16:05:09 +0000] "POST /civicrm/payment/ipn/7?access_token=«S» HTTP/1.1" 200 2 "-" "Stripe/1.0 (+https://stripe.com/docs/webhooks)"
""")
_t("urllib3-debug-headers-dict", "kobo", "=connectionpool", r"""
DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): kf.kobotoolbox.org:443
DEBUG:kobo_export.client:request GET /api/v2/assets/?format=json headers={'User-Agent': 'python-requests/2.31.0', 'Authorization': 'Token «S»'}
DEBUG:urllib3.connectionpool:https://kf.kobotoolbox.org:443 "GET /api/v2/assets/?format=json HTTP/1.1" 200 None
""")
_t("http-client-debuglevel-send", lambda c: _b64s(c["user"] + ":" + _pw_human()), "host", r"""
send: b'GET /ws/rest/v1/patient?q=«num» HTTP/1.1\r\nHost: «host»\r\nUser-Agent: python-requests/2.31.0\r\nAccept: */*\r\nAuthorization: Basic «S»\r\n\r\n'
reply: 'HTTP/1.1 200 \r\n'
""")
_t("node-axios-error-config-dump", "flw", "=AxiosError", r"""
AxiosError: Request failed with status code 400
    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)
  config: {
    url: 'https://api.flutterwave.com/v3/transfers',
    method: 'post',
    headers: AxiosHeaders {
      Accept: 'application/json, text/plain, */*',
      'Content-Type': 'application/json',
      Authorization: 'Bearer «S»'
    },
""")
_t("kombu-redis-connection-error", "pwru", "host", r"""
[2025-01-19 03:12:55,118: ERROR/MainProcess] consumer: Cannot connect to redis://:«S»@«host»:6379/0: Error 111 connecting to «host»:6379. Connection refused..
Trying again in 8.00 seconds... (4/100)
""")
_t("courier-json-log-graph-access-token", "fbpage", "=courier", r"""
{"level":"error","channel_uuid":"«uuid»","elapsed_ms":«ms»,"msg":"error sending message","url":"https://graph.facebook.com/v17.0/me/messages?access_token=«S»","status_code":400,"time":"«ts»","comp":"courier"}
""")
_t("k8s-container-log-invalid-database-url", "pwu", "host", r"""
kpi-«hex»-«an12» kpi Error: invalid DATABASE_URL 'postgis://kobo:«S»@«host»:5432/kpi?sslmode=require ' (trailing space)
kpi-«hex»-«an12» kpi Back-off restarting failed container
""")
_t("journald-process-start-password-flag", "pw", "pid", r"""
«month» 14 06:00:01 «server» odk-sync[«pid»]: starting: /usr/local/bin/odk-sync --server https://central.«dom» --email «email» --password=«S» --project «n»
«month» 14 06:00:03 «server» odk-sync[«pid»]: pulled 214 submissions for «form»
""")
_t("php-fatal-stack-pdo-args", "pw", "=PDO->__construct", r"""
PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'civicrm'@'«ip»' (using password: YES) in /var/www/civi/sites/all/modules/civicrm/CRM/Core/DAO.php:151
Stack trace:
#0 /var/www/civi/sites/all/modules/civicrm/CRM/Core/DAO.php(151): PDO->__construct('mysql:host=«host»;dbname=civicrm', 'civicrm', '«S»')
#1 /var/www/civi/sites/all/modules/civicrm/CRM/Core/Config.php(84): CRM_Core_DAO::init()
""")
_t("python-traceback-locals-password", "pw", "=Local variables", r"""
  File "/srv/cash/disburse.py", line 88, in login_portal
    resp.raise_for_status()
    Local variables:
      portal_url = 'https://b2b.«dom»/login'
      username = '«user»'
      password = '«S»'
      resp = <Response [403]>
""")
_t("java-exception-message-token", "sfsession", "=InvalidSessionIdException", r"""
com.sforce.ws.SoapFaultException: INVALID_SESSION_ID: Invalid Session ID found in SessionHeader: Illegal Session. Session not found, missing session hash: «S»
	at com.sforce.ws.transport.SoapConnection.createException(SoapConnection.java:205)
	at org.«org».npsp.sync.InvalidSessionIdException.wrap(SyncJob.java:77)
""")
_t("go-panic-mysql-dsn", "pwu", "host", r"""
panic: dial tcp: lookup «host»: no such host (dsn: civicrm:«S»@tcp(«host»:3306)/civicrm?parseTime=true)

goroutine 1 [running]:
main.mustOpenDB(...)
	/src/cmd/civi-sync/main.go:42 +0x1c5
""")
_t("dotnet-exception-connection-string", "pw", "=System.ArgumentException", r"""
Unhandled exception. System.ArgumentException: Keyword not supported: 'initial catalogue'.
   at Microsoft.Data.SqlClient.SqlConnectionStringBuilder..ctor(String connectionString)
ConnectionString: "Server=«host»;Initial Catalogue=Donors;User Id=donor_app;Password=«S»;"
""")
_t("tomcat-catalina-openmrs-runtime-props", "pw", "=catalina.out", r"""
==> /usr/local/tomcat/logs/catalina.out <==
INFO - OpenmrsUtil.getRuntimePropertiesFilePathName(1028) |«date» 07:41:12,519| Using runtime properties file: /openmrs/data/openmrs-runtime.properties
DEBUG - Listener.setRuntimeProperties(...) | connection.username=openmrs, connection.password=«S», connection.url=jdbc:mysql://db:3306/openmrs
""")
_t("dhis2-log-email-config-dump", "pw", "=EmailConfiguration", r"""
* INFO  «date»T05:10:44,201 EmailConfiguration{hostName='smtp.office365.com', port=587, username='«email»', password='«S»', tls=true} (DefaultEmailService.java [taskScheduler-3])
""")
_t("app-log-webhook-secret-in-path", "hex40", "pip", r"""
I, [«ts» #«pid»]  INFO -- : Started POST "/webhooks/mpesa/«S»/confirmation" for «pip»
I, [«ts» #«pid»]  INFO -- : Completed 200 OK in «ms»ms
""")
_t("android-logcat-okhttp-authorization", "jwt", "=D/OkHttp", r"""
«date» 14:22:07.381  «pid»  «pid2» D/OkHttp: --> POST https://api.«dom»/v1/visits/sync
«date» 14:22:07.381  «pid»  «pid2» D/OkHttp: Content-Type: application/json; charset=UTF-8
«date» 14:22:07.382  «pid»  «pid2» D/OkHttp: Authorization: Bearer «S»
""")
_t("android-logcat-login-debug", "pw", "=I/SyncService", r"""
«date» 08:01:44.102 «pid» «pid» I/SyncService: login attempt server=https://«host» user=«user» password=«S»
«date» 08:01:45.877 «pid» «pid» W/SyncService: 401 from server, retrying in 30s
""")
_t("browser-console-login-payload", "pw", "host", r"""
POST https://«host»/api/auth/login 401 (Unauthorized)
login.js:88 request payload: {username: '«user»', password: '«S»', remember: true}
""")
_t("couchdb-replication-log-source-url", "pwu", "=couch_replicator", r"""
[error] «ts» couchdb@127.0.0.1 <0.«num».0> -------- couch_replicator_scheduler_job: Replication `«hex»«hex2»+continuous` (`https://sync:«S»@couch.«dom»/«region»_hh/` -> `http://127.0.0.1:5984/«region»_hh/`) failed: {http_request_failed,"GET",...}
""")
_t("mongodb-driver-log-connection-string", "pwu", "user", r"""
MongoServerSelectionError: connection <monitor> to «ip»:27017 closed
    at Timeout._onTimeout (/app/node_modules/mongodb/lib/sdam/topology.js:278:38)
  uri: 'mongodb://«user»:«S»@«ip»:27017/offline_sync?authSource=admin&replicaSet=rs0'
""")
_t("postgres-log-alter-role-statement", "pw", "=LOG:  statement", r"""
«date» 10:03:21.114 UTC [«pid»] postgres@«db» LOG:  statement: ALTER ROLE kobo WITH PASSWORD '«S»';
«date» 10:03:21.120 UTC [«pid»] postgres@«db» LOG:  duration: 4.211 ms
""")
_t("mysql-general-log-set-password", "pw", "=Query", r"""
«ts»	   «n» Query	SET PASSWORD FOR 'civi_ro'@'%' = '«S»'
«ts»	   «n» Query	FLUSH PRIVILEGES
""")
_t("docker-build-log-env-step", "glpat", "=RUN pip install", r"""
Step 6/12 : ENV GITLAB_TOKEN=«S»
 ---> Running in «hexs»
Step 7/12 : RUN pip install --no-cache-dir -r requirements.txt
""")
_t("git-fatal-auth-failed-url", "ghs", "org", r"""
remote: Invalid username or password.
fatal: Authentication failed for 'https://x-access-token:«S»@github.com/«org»/field-app.git/'
""")
_t("nginx-error-log-request-key", "odkapp", "=upstream timed out", r"""
«date» 03:11:09 [error] 31#31: *«num» upstream timed out (110: Connection timed out) while reading response header from upstream, client: «pip», server: central.«dom», request: "GET /v1/key/«S»/projects/«n»/formList HTTP/1.1", upstream: "http://10.0.0.4:8383/v1/key/..."
""")
_t("airflow-task-log-conn-uri", "pwu", "=airflow.task", r"""
[«ts»] {base.py:83} INFO - Using connection ID 'dhis2_pg' for task execution.
[«ts»] {sql.py:418} INFO - Running statement: SELECT 1, parameters: None
[«ts»] {taskinstance.py:2905} ERROR - airflow.task: could not connect: postgresql://etl:«S»@«host»:5432/«db»
""")
_t("ansible-item-loop-output-password", "pw", "server", r"""
TASK [users : create local accounts] *******************************************
changed: [«server»] => (item={'name': 'enumerator', 'password': '«S»', 'groups': 'plugdev'})
ok: [«server»] => (item={'name': 'fieldadmin', 'password': '********', 'groups': 'sudo'})
""")
_t("terraform-plan-unmasked-password", "pwr", "=aws_db_instance.kobo", r"""
  # aws_db_instance.kobo will be created
  + resource "aws_db_instance" "kobo" {
      + engine               = "postgres"
      + username             = "kobo"
      + password             = "«S»"
      + allocated_storage    = 50
""")
_t("sentry-event-request-cookie", "an32", "=sessionid=", r"""
"request": {
  "url": "https://kf.«dom»/api/v2/assets/",
  "method": "GET",
  "headers": {
    "Cookie": "csrftoken=«an32_2»; sessionid=«S»",
    "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64)"
  }
}
""")
_t("custom-access-log-cookie-header", lambda c: _s(_LD, 32), "pip", r"""
«pip» «time» "GET /civicrm/dashboard HTTP/2.0" 200 cookie="SSESS«hex32»=«S»; has_js=1" rt=0.231
""")
_t("flutterwave-webhook-log-verif-hash", "pwr", "=verif-hash", r"""
«ts» INFO webhook received event=transfer.completed ref=«mpesaid» headers={"content-type":"application/json","verif-hash":"«S»"}
""")
_t("mpesa-b2c-request-log-security-credential", lambda c: _b64(256), "=InitiatorName", r"""
«ts» DEBUG b2c.request {"InitiatorName":"«user»","SecurityCredential":"«S»","CommandID":"BusinessPayment","Amount":«num»,"PartyA":"«num2»","PartyB":"«phone»"}
""")
_t("whatsapp-verify-token-query-log", "pwa", "=hub.mode=subscribe", r"""
«pip» - - [«date»] "GET /whatsapp/webhook?hub.mode=subscribe&hub.challenge=«big»&hub.verify_token=«S» HTTP/1.1" 200 10
""")
_t("twilio-debug-print-credentials", "twauth", "acsid", r"""
DEBUG sms.gateway: init TwilioClient(account_sid=«acsid», auth_token=«S», region=None)
ERROR sms.gateway: HTTP 401 error: Unable to create record: Authenticate
""")
_t("smtplib-debug-auth-plain", lambda c: _b64s("\x00" + c["email"] + "\x00" + _pw_human()), "=smtp.gmail.com", r"""
send: 'ehlo [127.0.1.1]\r\n'
reply: b'250-smtp.gmail.com at your service'
send: 'AUTH PLAIN «S»\r\n'
reply: b'235 2.7.0 Accepted\r\n'
""")
_t("imap-debug-login-command", "pw", "email", r"""
  14:02.11 > b'ALGK1 LOGIN «email» "«S»"'
  14:02.64 < b'ALGK1 OK LOGIN completed.'
""")
_t("ftplib-debug-pass-command", "pw", "user", r"""
*cmd* 'USER «user»'
*resp* '331 Please specify the password.'
*cmd* 'PASS «S»'
*resp* '230 Login successful.'
""")
_t("libcurl-verbose-in-app-log", "d2pat", "=libcurl", r"""
«ts» [libcurl] > GET /api/trackedEntityInstances.json?ou=«d2uid» HTTP/1.1
«ts» [libcurl] > Host: «host»
«ts» [libcurl] > Authorization: ApiToken «S»
""")
_t("spring-boot-command-line-args-log", "pw", "=Command line args", r"""
«date» 06:30:02.117  INFO 7 --- [main] o.s.boot.SpringApplication : Command line args: [--spring.profiles.active=prod, --spring.datasource.password=«S»]
""")
_t("python-logging-config-dict-dump", "pw", "=Loaded config", r"""
«ts» INFO  scto_sync  Loaded config: {'server': '«org».surveycto.com', 'username': '«email»', 'password': '«S»', 'forms': ['«form»']}
""")
_t("node-unhandled-rejection-amqp-url", "pwu", "host", r"""
(node:«pid») UnhandledPromiseRejectionWarning: Error: connect ECONNREFUSED «ip»:5672
    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)
  url: 'amqp://rapidpro:«S»@«host»:5672/%2F'
""")
_t("cron-mail-subject-command-line", "awssk", "=Cron <root@", r"""
From: root@«server» (Cron Daemon)
Subject: Cron <root@«server»> /usr/local/bin/backup.sh --s3-key «akid» --s3-secret «S»
Date: «wday», «date»
""")
_t("auditd-execve-args", "pw", "=type=EXECVE", r"""
type=EXECVE msg=audit(«epoch».412:«num»): argc=6 a0="mysql" a1="-u" a2="root" a3="--password" a4="«S»" a5="openmrs"
""")
_t("windows-event-4688-command-line", "pwa", "=New Process Name", r"""
A new process has been created.
  New Process Name:   C:\Windows\System32\net.exe
  Process Command Line: net use \\«ip»\donors /user:«ORG»\«user» «S»
""")
_t("password-reset-token-in-access-log", "an40", "pip", r"""
«pip» - - [«date»] "GET /accounts/password/reset/key/«n»-«S»/ HTTP/1.1" 200 4822 "-" "Mozilla/5.0 (Linux; Android 12)"
""")
_t("magic-link-token-mail-log", "b64u32", "email", r"""
«ts» mailer INFO queued message to=«email» subject="Your sign-in link" body_preview="Click https://donate.«dom»/auth/magic?token=«S» to sign in"
""")
_t("salesforce-apex-debug-log-token", "sfsession", "=USER_DEBUG", r"""
«time»:14.0 (1829211)|USER_DEBUG|[42]|DEBUG|callout auth header = Bearer «S»
«time»:14.0 (1901372)|CALLOUT_REQUEST|[44]|System.HttpRequest[Endpoint=https://api.«dom»/donations, Method=POST]
""")
_t("civicrm-log-api-params-dump", "civiapi", "=CRM_Core_Error", r"""
«month» 03 11:20:44  [debug] $CRM_Core_Error = API call failed
$params = Array
(
    [version] => 3
    [api_key] => «S»
    [entity] => Contribution
)
""")
_t("dhis2-android-sdk-log-login", "pw", "=D2 Login", r"""
«date» 09:13:02.551 D/D2 Login: serverUrl=https://«host» username=«user» password=«S»
«date» 09:13:04.002 E/D2 Login: D2Error{errorCode=BAD_CREDENTIALS, httpErrorCode=401}
""")
_t("openmrs-rest-access-log-basic", lambda c: _b64s("admin:" + _pw_human()), "=openmrs", r"""
«ip» - - [«date»] "GET /openmrs/ws/rest/v1/encounter?patient=«uuid» HTTP/1.1" 200 9211 auth="Basic «S»"
""")
_t("rapidpro-webhook-call-log-header", "hex40", "=Webhook", r"""
Webhook: POST https://cash.«dom»/api/disburse
Header X-Api-Key: «S»
Status: 502 Bad Gateway (elapsed 30001ms)
""")
_t("modem-chat-script-cgauth-log", "pwa", "=AT+CGAUTH", r"""
«month» 02 04:11:09 «server» chat[«pid»]: send (AT+CGDCONT=1,"IP","internet.«org»"^M)
«month» 02 04:11:09 «server» chat[«pid»]: send (AT+CGAUTH=1,1,"«user»","«S»"^M)
«month» 02 04:11:10 «server» chat[«pid»]: expect (OK)
""")
_t("vsat-modem-syslog-admin-password", "pwa", "=web admin", r"""
«date» 22:41:09 vsat-gw httpd[«pid»]: web admin password changed from «ip» new=«S»
«date» 22:41:10 vsat-gw httpd[«pid»]: config saved
""")
_t("uwsgi-startup-command-line-env", "django", "=uwsgi", r"""
*** Starting uWSGI 2.0.23 (64bit) on [«wday»] ***
detected binary path: /usr/local/bin/uwsgi
command line: uwsgi --http :8000 --module kobo.wsgi --env DJANGO_SECRET_KEY=«S» --processes 4
""")
_t("gunicorn-error-log-env-dump", "hex40", "=gunicorn.error", r"""
[«ts»] [«pid»] [ERROR] gunicorn.error: Exception in worker process
KeyError: 'TEXTIT_HOST'  (env had TEXTIT_TOKEN='«S»', TEXTIT_ORG='«org»')
""")
_t("ci-like-pip-install-index-token-log", "pypi", "=Looking in indexes", r"""
Looking in indexes: https://pypi.org/simple, https://__token__:«S»@upload.pypi.org/legacy/
ERROR: Could not find a version that satisfies the requirement odk-helpers==«ver»
""")
_t("sqlalchemy-echo-connect-url", "pwu", "=sqlalchemy.engine", r"""
INFO:sqlalchemy.engine.Engine:connecting to mysql+pymysql://commcare_etl:«S»@«host»/commcare_etl
INFO:sqlalchemy.engine.Engine:SELECT DATABASE()
""")
_t("syslog-backup-script-echo", "pwp", "=backup.sh", r"""
«month» 21 01:00:02 «server» backup.sh[«pid»]: using GPG passphrase «S» for /srv/backups/openmrs_«date».sql.gpg
""")
_t("cloud-function-log-env", "stripe_rk", "=textPayload", r"""
{"severity":"ERROR","textPayload":"Stripe error: No such customer; key used: «S»","resource":{"type":"cloud_function","labels":{"function_name":"donation-webhook"}},"timestamp":"«ts»"}
""")
_t("odk-collect-log-form-download-auth", "pwa", "=Collect", r"""
«date» 10:04:17.219 «pid»-«pid» D/Collect: FormDownloader: fetching https://«host»/formList with credentials «user»/«S»
""")
_t("kobo-enketo-log-api-key", "enketo", "=enketo", r"""
«ts» enketo worker 1 error: Authorization failed for server https://kc.«dom» using api key «S» (HTTP 401)
""")
_t("jenkins-console-echo-secret", "pwr", "=[Pipeline]", r"""
[Pipeline] sh
+ echo DB_PASS=«S»
DB_PASS=«S»
[Pipeline] }
""")
_t("paystack-log-authorization-header", "paystack", "=paystack", r"""
«ts» [paystack] POST /transferrecipient -> 401 {"status":false,"message":"Invalid key"} (Authorization: Bearer «S»)
""")
_t("python-warning-with-dsn", "pw", "=UserWarning", r"""
/opt/mel/venv/lib/python3.11/site-packages/pandas/io/sql.py:761: UserWarning: pandas only supports SQLAlchemy connectable; got str 'host=«host» user=«user» password=«S» dbname=«db»'
""")
_t("kpi-drf-token-auth-debug", "kobo", "=rest_framework", r"""
«ts» DEBUG rest_framework.authentication TokenAuthentication: lookup key=«S» user=None -> AuthenticationFailed('Invalid token.')
""")
_t("enketo-redis-connection-error-url", "pwru", "=ECONNREFUSED", r"""
Worker «pid» encountered an error: Error: Redis connection to redis://:«S»@«host»:6380 failed - connect ECONNREFUSED «ip»:6380
""")
_t("odk-central-service-log-s3-config", "awssk", "=s3blobStore", r"""
«ts» service  | s3blobStore: initialising with { server: 'https://s3.af-south-1.amazonaws.com', bucketName: '«bucket»', accessKey: '«akid»', secretKey: '«S»' }
""")
_t("har-file-entry-authorization-header", "jwt", "=\"headers\"", r"""
        "request": {
          "method": "GET",
          "url": "https://api.«dom»/v1/households?page=2",
          "headers": [
            { "name": "Accept", "value": "application/json" },
            { "name": "Authorization", "value": "Bearer «S»" }
          ],
""")
_t("laravel-log-exception-context-password", "pw", "=production.ERROR", r"""
[«date» 11:42:19] production.ERROR: Login to disbursement gateway failed {"gateway":"«host»","username":"«user»","password":"«S»","exception":"[object] (GuzzleHttp\\Exception\\ClientException(code: 401))"}
""")
_t("fluentbit-json-record-env-leak", "sendgrid", "=fluent-bit", r"""
[0] kube.var.log.containers.receipts-«hex»: [«epoch».123, {"log":"booting receipts mailer with SENDGRID_API_KEY=«S»\n","stream":"stdout","kubernetes":{"namespace_name":"donate"}}]  (fluent-bit)
""")


# ===========================================================================
# group: note-or-chat  (goals, running notes, decisions, pasted chats)
# ===========================================================================
_grp("note-or-chat")

_t("slack-handover-kobo-admin-password", "pw", "person", r"""
[Slack #field-tech] «person» «time»: @here handover before I fly out — kobo admin pw is «S» , please change it after the «region» training
""")
_t("french-note-odk-central-mot-de-passe", "pw", "email", r"""
Note d'équipe («date») : mot de passe du serveur ODK Central pour l'équipe de «region» : «S» (compte «email»). Ne pas le mettre dans le groupe WhatsApp.
""")
_t("spanish-chat-dhis2-contrasena", "pw", "user", r"""
«person»: oye, la contraseña del DHIS2 de prueba es «S» con el usuario «user», pero solo para la capacitación del jueves
""")
_t("portuguese-note-wifi-senha", "pwp", "ssid", r"""
Escritório de «region» — rede «ssid», senha do wifi: «S» (trocar depois da missão)
""")
_t("swahili-chat-commcare-nenosiri", "pw", "person", r"""
«person»: Habari timu, nenosiri la CommCare kwa wasimamizi wote ni «S». Msilishiriki nje ya kikundi hiki tafadhali.
""")
_t("arabic-chat-admin-password", "pw", "user", r"""
«person»: كلمة المرور لحساب المسؤول على خادم KoboToolbox هي «S» — اسم المستخدم «user»
""")
_t("whatsapp-export-user-pass-lines", "pw", "user", r"""
[«date», 09:14:22] «person»: for the tablets in «region»
[«date», 09:14:40] «person»: user: «user»
[«date», 09:14:41] «person»: pass: «S»
[«date», 09:15:02] «person_2»: 👍 got it
""")
_t("email-temporary-password-welcome", "pwa", "email", r"""
From: it@«dom»
To: «email»
Subject: Your access to the donor CRM

Hi «person», your account on https://crm.«dom» is ready.
Username: «email»
Temporary password: «S»
You will be asked to change it at first login.
""")
_t("running-notes-npsp-sandbox-login", "pw", "email", r"""
- «time» logged into NPSP sandbox (test.salesforce.com) as «email» / «S» — data import wizard fails on Household Account mapping
- «time» next: check NPSP Settings > Data Import > field mapping
""")
_t("goal-statement-rotate-initiator", "pw", "=B2C initiator", r"""
GOAL: rotate the M-Pesa B2C initiator password (currently «S») before Friday's «region» disbursement run, then regenerate the SecurityCredential with the prod cert.
""")
_t("decision-log-shared-mailbox", "pw", "email", r"""
DECISION «date»: shared mailbox creds («email» / «S») move to Bitwarden org vault "Field Ops"; remove from the onboarding sheet.
""")
_t("teams-unlabeled-password-reply", "pw", "person", r"""
«person_2» («time»): I can't get into the admin menu on the Collect tablets
«person» («time»): try «S» — that's what we set during the «region» deployment
""")
_t("note-abbrev-creds-slash", "pw", "ip", r"""
satellite modem (iDirect X7) at «ip» — creds admin/«S»; do NOT reboot during the 14:00 sync window
""")
_t("french-mdp-abbrev", "pw", "user", r"""
Accès DHIS2 formation : identifiant «user» — mdp «S» (valable jusqu'à la fin de l'atelier)
""")
_t("spanish-clave-abbrev-router", "pwa", "region", r"""
clave del router Starlink en «region}»: «S»
""".replace("«region}»", "«region»"))
_t("portuguese-login-senha-pair", "pw", "user", r"""
Acesso ao painel do RapidPro — login: «user» / senha: «S»
""")
_t("swahili-nywila-mpya", "pw", "=Nywila mpya", r"""
Nywila mpya ya kompyuta ndogo ya ofisi ya «region»: «S» (imebadilishwa «date»)
""")
_t("markdown-table-credentials-row", "pw", "host", r"""
| System | URL | User | Password |
|---|---|---|---|
| ODK Central | https://«host» | «user» | «S» |
| Metabase | https://metabase.«dom» | (SSO) | — |
""")
_t("jira-comment-password-paste", "pw", "=FIELD-", r"""
FIELD-«num» comment by «person»: Reproduced. Logged in with the «region» supervisor account (sup_«region» / «S») and the case list is empty after sync.
""")
_t("github-issue-comment-config-paste", "hex40", "=rapidpro", r"""
> @«ghuser» commented:
> here's my config, still getting 403 from the rapidpro API:
> ```
> RAPIDPRO_URL=https://rp.«dom»
> RAPIDPRO_TOKEN=«S»
> ```
""")
_t("chat-consumer-secret-daraja", "mpesa_secret", "=Daraja", r"""
«person»: Daraja app approved 🎉 consumer key «ck» and consumer secret «S» — shortcode is «num»
""")
_t("voice-transcript-passphrase", "pws", "person", r"""
[call notes, «person», «time»] she read the Bitwarden master passphrase for the field laptop over the phone: «S» — I wrote it here temporarily, delete after setup
""")
_t("french-email-voici-les-acces", "pw", "user", r"""
Bonjour,
Voici les accès pour la plateforme SurveyCTO du projet «region} :
identifiant : «user»
mot de passe : «S»
Cordialement, «person»
""".replace("«region}", "«region»"))
_t("spanish-clave-api-bloomerang", "bloomerang", "=Bloomerang", r"""
«person»: Clave de la API de Bloomerang (producción): «S» — úsala solo en el script de conciliación.
""")
_t("portuguese-token-rapidpro", "rapidpro", "=RapidPro", r"""
Token do RapidPro (produção): «S»
Obs.: o «person» gerou ontem, escopo de administrador.
""")
_t("swahili-ufunguo-api-africastalking", "at", "=Africa's Talking", r"""
«person»: Ufunguo wa API wa Africa's Talking kwa akaunti ya «org» ni «S» — usiweke kwenye GitHub.
""")
_t("arabic-rapidpro-token", "rapidpro", "=RapidPro", r"""
ملاحظة: رمز API الخاص بـ RapidPro هو «S» — لا تشاركه مع الشركاء.
""")
_t("todo-list-revoke-token", "ghp", "=revoke", r"""
TODO
- [x] migrate kobo-export cron to GitHub Actions
- [ ] revoke old PAT «S» (still on the office Pi)
- [ ] rotate TEXTIT_TOKEN
""")
_t("agent-scratch-found-hardcoded-key", "mailgun", "=scripts/notify.py", r"""
Scratch: found a hardcoded Mailgun key in scripts/notify.py line 42: «S». Plan: move to env var MAILGUN_API_KEY, tell «person» to rotate.
""")
_t("agent-summary-user-provided-key", "civiapi", "=CiviCRM", r"""
Summary: user provided the CiviCRM API key («S») in chat for the one-off contribution import; used it with cv api4 and did not write it to disk.
""")
_t("meeting-minutes-guest-wifi", "pwa", "ssid", r"""
Minutes — all-staff «date»
3. Office logistics: guest Wi-Fi is «ssid», key «S». Printer on 2nd floor fixed.
""")
_t("handover-doc-bitwarden-master", "pws", "=Handover", r"""
Handover — «region» sub-office IT
* Bitwarden master password for the field vault: «S»
* Spare laptop chargers in the blue box
""")
_t("sticky-note-photo-transcription", "pw", "region", r"""
(transcribed from photo of sticky note on the «region» data laptop) "DHIS2 — «S»"
""")
_t("chat-backtick-bearer", "jwt", "person", r"""
«person»: use `«S»` as the bearer for the staging disbursement API, expires tonight
""")
_t("note-password-with-hint", "pw", "=the usual one", r"""
OpenMRS admin pw is «S» (the usual one with the year) — «person» knows
""")
_t("email-reply-quoted-password", "pw", "person", r"""
> pass: «S»
> user: «user»

Thanks «person», that worked. Synced 1,204 records.
""")
_t("emoji-key-chat-message", "pw", "=🔑", r"""
«person»: 🔑 «S»   (for the «region» tablets, admin settings)
""")
_t("telegram-group-app-admin-password", "pwa", "=ODK Collect", r"""
[Telegram: Enumerators «region»] «person»: New ODK Collect admin password for all tablets: «S». Do not write it on the device.
""")
_t("sheng-codeswitch-password-changed", "pw", "=imebadilishwa", r"""
«person»: Boss, password ya DHIS2 imebadilishwa, sasa ni «S» — ile ya zamani haifanyi kazi tena.
""")
_t("portuguese-whatsapp-nova-senha-kobo", "pw", "=senha nova", r"""
«person»: A senha nova do Kobo é «S», não compartilha com ninguém 🙏
""")
_t("french-teams-code-vpn", "pwa", "=VPN", r"""
«person» : Le code d'accès du VPN est «S» (valable jusqu'à fin «month»).
""")
_t("arabic-username-and-password-pair", "pw", "user", r"""
اسم المستخدم: «user»
كلمة السر: «S»
(لحساب DHIS2 في مكتب «region»)
""")
_t("swahili-sms-neno-la-siri", "pwa", "=Neno la siri", r"""
SMS kutoka «phone»: Neno la siri jipya la mfumo wa malipo ni «S». Usimpe mtu yeyote.
""")
_t("standup-notes-bloomerang-sandbox", "pw", "email", r"""
Standup «date»
- «person»: blocked on Bloomerang sandbox, login «email» pw «S» no longer works
- «person_2»: CiviCRM upgrade done
""")
_t("forwarded-email-credentials", "pw", "email", r"""
---------- Forwarded message ---------
From: «person» <«email»>
Date: «wday», «date»
Subject: Re: SurveyCTO access

Server: «org».surveycto.com
User: «email»
Password: «S»
""")
_t("notion-credentials-section", "pwr", "host", r"""
## Credentials (temporary, move to vault)
- Metabase admin: https://«host» — admin@«dom» — «S»
- Superset: SSO
""")
_t("google-doc-comment-password", "pw", "person", r"""
Comment from «person» on "Field IT checklist": the router admin password is «S», not admin/admin as written here
""")
_t("csv-row-shared-sheet", "pw", "region", r"""
system,username,password,site
CommCare,supervisor_«region»,«S»,«region»
""")
_t("chat-pasted-session-jwt", "jwt", "=localStorage", r"""
«person»: here's my session token from localStorage, can you check why it's rejected? «S»
""")
_t("note-2fa-backup-code", lambda c: "%s-%s" % (_ld(4), _ld(4)), "=backup codes", r"""
Google Workspace super-admin (admin@«dom») backup codes — one left unused: «S»
""")
_t("note-mobile-money-portal-password", "pw", "=M-Pesa org portal", r"""
M-Pesa org portal: operator «user» / «S»; certificate on the finance laptop only
""")
_t("redrose-style-cash-platform-creds", "pw", "=cash-transfer platform", r"""
«region» cash-transfer platform (beneficiary registry) — «user» : «S»
""")
_t("bank-portal-note-password", "pwr", "=online banking", r"""
online banking (petty cash account) — user ID «num»«num2», password «S», token device in the safe
""")
_t("phone-call-notes-secret-read", "hex32", "person", r"""
«person» read me the webhook secret over the phone: «S» (Flutterwave dashboard > Settings > Webhooks)
""")
_t("zoom-meeting-passcode", "pwa", "=Meeting ID", r"""
Donor briefing — Zoom
Meeting ID: «num» «num2» «n»«n2»
Passcode: «S»
""")
_t("invite-email-m365-temporary-password", "pwa", "email", r"""
Microsoft 365 nonprofit tenant: new user «email» created, temporary password «S» (force change at next sign-in)
""")
_t("google-workspace-admin-reset-note", "pw", "email", r"""
«date»: reset «email» in Google Admin console, new password «S», asked «person» to set up 2SV today
""")
_t("running-notes-odk-app-user-qr", "odkapp", "=App User", r"""
- created App User "tablet-«region»-«n»" in project «n2»; QR code URL ends in /key/«S»/projects/«n2» — printing for the team lead
""")
_t("slack-dm-surveycto-password-spanish", "pw", "person", r"""
«person» → «person_2»: ¿me pasas la clave de SurveyCTO? / «person_2»: claro, es «S}»
""".replace("«S}»", "«S»"))
_t("note-unlabeled-after-username", "pw", "user", r"""
DHIS2 training instance
«user»
«S»
(reset after each cohort)
""")
_t("decision-keep-password-temp", "pwa", "=temporarily", r"""
Decision: keep the CouchDB replicator password «S» temporarily until all field laptops are re-provisioned; rotate on «date».
""")
_t("french-sms-gateway-cle", "hex32", "=passerelle SMS", r"""
«person» : la clé de la passerelle SMS (Orange) est «S} — merci de ne pas la coller dans le code.
""".replace("«S}", "«S»"))
_t("arabic-wifi-password", "pwa", "ssid", r"""
شبكة الواي فاي في مكتب «region»: «ssid» — كلمة المرور: «S»
""")
_t("portuguese-email-chave-api", "an32", "=chave", r"""
Olá «person», segue a chave da API do SMS: «S}. Qualquer dúvida me avisa.
""".replace("«S}", "«S»"))
_t("english-passphrase-in-quotes", "pws", "=full disk encryption", r"""
«person»: full disk encryption passphrase on the «region» laptop is "«S»" — tell only the country IT focal point
""")
_t("chat-both-creds-single-line", "pw", "host", r"""
«person»: «host» «user» «S» (prod!!)
""")
_t("pasted-from-password-manager-export", "pwr", "=Name,URL", r"""
Name,URL,Username,Password,Notes
ODK Central prod,https://central.«dom»,«email»,«S»,"owner: «person»"
""")
_t("teams-message-db-url", "pwu", "host", r"""
«person» («time»): the reporting DB is postgres://report_ro:«S»@«host»:5432/«db» — read-only, for the Power BI refresh
""")
_t("note-recovery-key-laptop", lambda c: "-".join(_dig(6) for _ in range(8)), "=BitLocker", r"""
BitLocker recovery key for FIELD-LT-«num» («region»): «S»
""")
_t("swahili-mpesa-pin-context", "pwa", "=msimamizi", r"""
«person»: Neno la siri la akaunti ya msimamizi wa M-Pesa B2C ni «S}, tafadhali hifadhi salama.
""".replace("«S}", "«S»"))
_t("email-signature-ps-password", "pw", "person", r"""
Thanks,
«person» «last»
Finance Officer, «Org»
P.S. the payroll zip password is «S»
""")
_t("spanish-nota-acceso-cuenta", "pw", "email", r"""
Nota: acceso a la cuenta de Google Workspace de la oficina de «region} — «email» / «S}
""".replace("«region}", "«region»").replace("«S}", "«S»"))
_t("agent-goal-use-token-from-user", "ghpat", "=repo:", r"""
Goal: open a PR on «org»/kobo-exports using the fine-grained token the user pasted («S»); scope is repo: contents+pull_requests only.
""")
_t("swahili-voice-note-transcript", "pw", "=sauti", r"""
[Ujumbe wa sauti kutoka kwa «person», umeandikwa] "...na password ya ODK ni «S}, herufi kubwa mwanzoni..."
""".replace("«S}", "«S»"))


# ===========================================================================
# group: ci-and-deploy
# ===========================================================================
_grp("ci-and-deploy")

_t("github-actions-env-hardcoded", "kobo", "=runs-on: ubuntu-latest", r"""
jobs:
  export:
    runs-on: ubuntu-latest
    env:
      KOBO_SERVER: https://kf.kobotoolbox.org
      KOBO_TOKEN: «S»
    steps:
      - uses: actions/checkout@v4
      - run: python export_submissions.py --asset «kuid»
""")
_t("github-actions-run-curl-token", "d2pat", "=name: Push aggregates to DHIS2", r"""
      - name: Push aggregates to DHIS2
        run: |
          curl -sf -X POST "https://«host»/api/dataValueSets" \
            -H "Authorization: ApiToken «S»" \
            -H "Content-Type: application/json" -d @out/datavalues.json
""")
_t("github-actions-docker-login-with-password", "dckr", "=docker/login-action", r"""
      - uses: docker/login-action@v3
        with:
          username: «ghuser»
          password: «S»
""")
_t("github-actions-services-postgres-password", "pwa", "=services:", r"""
    services:
      postgres:
        image: postgis/postgis:14-3.4
        env:
          POSTGRES_USER: kobo
          POSTGRES_PASSWORD: «S»
        ports: ["5432:5432"]
""")
_t("gitlab-ci-variables-block", "pw", "=variables:", r"""
variables:
  DHIS2_URL: "https://«host»"
  DHIS2_USER: "«user»"
  DHIS2_PASSWORD: "«S»"
  GIT_DEPTH: "10"
""")
_t("gitlab-ci-script-curl-private-token", "glpat", "=stage: release", r"""
release:
  stage: release
  script:
    - 'curl --header "PRIVATE-TOKEN: «S»" --upload-file dist/collect-«ver».apk "$CI_API_V4_URL/projects/$CI_PROJECT_ID/packages/generic/collect/«ver»/collect.apk"'
""")
_t("jenkinsfile-withenv-db-pass", "pw", "=withEnv", r"""
stage('Migrate') {
    steps {
        withEnv(['DB_HOST=«host»', 'DB_USER=openmrs', 'DB_PASS=«S»']) {
            sh './gradlew flywayMigrate'
        }
    }
}
""")
_t("dockerfile-env-api-key", "at", "=FROM python:3.11-slim", r"""
FROM python:3.11-slim
WORKDIR /app
ENV AT_USERNAME=«org»
ENV AT_API_KEY=«S»
COPY . .
CMD ["python", "reminders.py"]
""")
_t("dockerfile-arg-default-token", "ghp", "=ARG GITHUB_TOKEN", r"""
ARG GITHUB_TOKEN=«S»
RUN git config --global url."https://${GITHUB_TOKEN}@github.com/".insteadOf "https://github.com/" \
 && pip install git+https://github.com/«org»/odk-utils.git
""")
_t("docker-build-build-arg-secret", "npm", "=--build-arg", r"""
docker build --build-arg NPM_TOKEN=«S» -t registry.«dom»/donate-web:«sha7» .
""")
_t("docker-compose-prod-override-env", "pw", "=docker-compose.prod.yml", r"""
# docker-compose.prod.yml
services:
  central:
    environment:
      - DB_HOST=«host»
      - DB_PASSWORD=«S»
      - DOMAIN=central.«dom»
""")
_t("k8s-deployment-env-value", "pw", "=containerPort", r"""
      containers:
        - name: enketo
          image: enketo/enketo-express:«ver»
          env:
            - name: ENKETO_REDIS_MAIN_PASSWORD
              value: "«S»"
          ports:
            - containerPort: 8005
""")
_t("k8s-imagepullsecret-dockerconfigjson", lambda c: _b64s('{"auths":{"registry.%s":{"username":"deploy","password":"%s"}}}' % (c["dom"], _pw_alnum())), "=kubernetes.io/dockerconfigjson", r"""
apiVersion: v1
kind: Secret
metadata:
  name: regcred
type: kubernetes.io/dockerconfigjson
data:
  .dockerconfigjson: «S»
""")
_t("argocd-repo-secret-password", "glpat", "=argocd.argoproj.io/secret-type", r"""
apiVersion: v1
kind: Secret
metadata:
  name: mel-dashboards-repo
  labels:
    argocd.argoproj.io/secret-type: repository
stringData:
  url: https://gitlab.«dom»/mel/dashboards.git
  username: argocd
  password: «S»
""")
_t("kustomize-secretgenerator-literals", "pw", "=secretGenerator", r"""
secretGenerator:
  - name: rapidpro-env
    literals:
      - POSTGRES_PASSWORD=«S»
      - REDIS_URL=redis://redis:6379/0
""")
_t("cloud-init-chpasswd-list", "pw", "=#cloud-config", r"""
#cloud-config
chpasswd:
  expire: false
  users:
    - name: fieldadmin
      password: «S»
      type: text
ssh_pwauth: true
""")
_t("cloud-init-wifi-netplan", "pwa", "ssid", r"""
#cloud-config
write_files:
  - path: /etc/netplan/50-wifi.yaml
    content: |
      network:
        wifis:
          wlan0:
            access-points:
              "«ssid»":
                password: "«S»"
""")
_t("packer-variables-pkr-hcl", "pwr", "=variable \"ssh_password\"", r"""
variable "ssh_password" {
  type    = string
  default = "«S»"
}
""")
_t("vagrantfile-db-password", "pw", "=config.vm.provision", r"""
config.vm.provision "shell", inline: <<-SHELL
  export OPENMRS_DB_PASSWORD='«S»'
  /vagrant/scripts/install_openmrs.sh
SHELL
""")
_t("makefile-deploy-target-token", "hex40", "=deploy:", r"""
deploy:
	rsync -az --delete build/ deploy@«ip»:/srv/dashboard/
	curl -X POST -H "Authorization: Token «S»" https://«host»/api/v2/broadcasts.json -d '{"text":"dashboard updated"}'
""")
_t("fastlane-env-keystore-password", "pwa", "=SUPPLY_JSON_KEY", r"""
# fastlane/.env.default
ANDROID_KEYSTORE_PATH=../keys/release.jks
ANDROID_KEYSTORE_PASSWORD=«S»
SUPPLY_JSON_KEY=../keys/play-publisher.json
""")
_t("eas-json-build-env", "hex32", "=\"production\"", r"""
{
  "build": {
    "production": {
      "env": {
        "API_BASE": "https://api.«dom»",
        "SENTRY_AUTH_TOKEN": "«S»"
      }
    }
  }
}
""")
_t("firebase-deploy-token-flag", "gref", "=firebase-tools deploy", r"""
      - run: npx firebase-tools deploy --only hosting:donate --token "«S»"
""")
_t("fly-toml-env-section", "pwa", "=[env]", r"""
app = "«org»-crm"
primary_region = "jnb"

[env]
  CIVI_DB_PASSWORD = "«S»"
  CIVI_DB_HOST = "«org»-db.internal"
""")
_t("render-yaml-envvars-value", "stripe_sk", "=envVars", r"""
services:
  - type: web
    name: donate-api
    env: node
    envVars:
      - key: STRIPE_SECRET_KEY
        value: «S»
      - key: NODE_ENV
        value: production
""")
_t("netlify-toml-build-environment", "mailchimp", "=[build.environment]", r"""
[build]
  command = "npm run build"
  publish = "dist"

[build.environment]
  MAILCHIMP_KEY = "«S»"
""")
_t("circleci-config-environment", "sendgrid", "=version: 2.1", r"""
version: 2.1
jobs:
  notify:
    docker:
      - image: cimg/python:3.12
    environment:
      SENDGRID_API_KEY: «S»
""")
_t("bitbucket-pipelines-script-password", "pwa", "=pipelines:", r"""
pipelines:
  branches:
    main:
      - step:
          script:
            - sshpass -p «S» rsync -avz dist/ deploy@«ip»:/var/www/civi/
""")
_t("azure-pipelines-variables", "azsecret", "=vmImage", r"""
variables:
  AZURE_CLIENT_ID: «clientid»
  AZURE_CLIENT_SECRET: «S»
pool:
  vmImage: ubuntu-latest
""")
_t("drone-yml-environment", "pw", "=kind: pipeline", r"""
kind: pipeline
type: docker
name: default
steps:
  - name: migrate
    image: python:3.11
    environment:
      DATABASE_URL: postgres://temba:«S»@«host»/temba
""")
_t("travis-yml-env-global", "hex40", "=env:", r"""
language: python
env:
  global:
    - TEXTIT_TOKEN=«S»
script: pytest -q
""")
_t("cloudbuild-yaml-args-password", "pw", "=gcr.io/cloud-builders/docker", r"""
steps:
  - name: gcr.io/cloud-builders/docker
    args: ["build", "--build-arg", "DB_PASSWORD=«S»", "-t", "gcr.io/«proj»/dhis2-etl", "."]
""")
_t("buildspec-yml-env-variables", "pw", "=phases:", r"""
version: 0.2
env:
  variables:
    CIVI_DB_PASS: "«S»"
phases:
  build:
    commands:
      - ./deploy.sh
""")
_t("kamal-deploy-yml-env-clear", "pwa", "=servers:", r"""
service: donate
image: «org»/donate
servers:
  - «pip»
env:
  clear:
    DATABASE_PASSWORD: «S»
""")
_t("capistrano-deploy-rb-set-password", "pw", "=set :application", r"""
set :application, "civi"
set :repo_url, "git@github.com:«org»/civi.git"
set :ssh_options, { user: "deploy", password: "«S»" }
""")
_t("gh-workflow-echo-token-to-file", "pypi", "=~/.pypirc", r"""
      - name: Publish
        run: |
          printf "[pypi]\nusername = __token__\npassword = «S»\n" > ~/.pypirc
          twine upload dist/*
""")
_t("gh-secret-set-cli-body-flag", "twauth", "=gh secret set", r"""
gh secret set TWILIO_AUTH_TOKEN --env production --body «S»
""")
_t("wrangler-secret-put-echo", "pwr", "=wrangler secret put", r"""
echo "«S»" | npx wrangler secret put WEBHOOK_SECRET --env production
""")
_t("doctl-app-spec-env-value", "pw", "=envs:", r"""
services:
  - name: api
    envs:
      - key: DB_PASSWORD
        value: "«S»"
        scope: RUN_TIME
""")
_t("railway-variables-set-cli", "pw", "=railway variables", r"""
railway variables --set "DATABASE_PASSWORD=«S»" --service civi-api
""")
_t("dokku-config-set", "pwu", "=dokku config:set", r"""
dokku config:set kobo-export DATABASE_URL=postgres://kobo:«S»@«ip»:5432/«db»
""")
_t("portainer-stack-env-file", "pwa", "=STACK_NAME", r"""
STACK_NAME=odk-central
POSTGRES_PASSWORD=«S»
SYSADMIN_EMAIL=«email»
""")
_t("nomad-job-env-stanza", "hex40", "=job \"rapidpro-worker\"", r"""
job "rapidpro-worker" {
  group "w" {
    task "celery" {
      env {
        TEMBA_API_TOKEN = "«S»"
      }
    }
  }
}
""")
_t("consul-kv-put-cli", "pw", "=consul kv put", r"""
consul kv put config/dhis2/db_password '«S»'
""")
_t("salt-pillar-sls", "pw", "=openmrs:", r"""
# /srv/pillar/openmrs.sls
openmrs:
  db_user: openmrs
  db_password: «S»
""")
_t("hiera-yaml-common", "pw", "=profile::civicrm", r"""
---
profile::civicrm::db_user: 'civicrm'
profile::civicrm::db_password: '«S»'
""")
_t("chef-data-bag-json", "pw", "=\"id\"", r"""
{
  "id": "couchdb",
  "admin_user": "admin",
  "admin_password": "«S»"
}
""")
_t("az-webapp-appsettings-set", "pw", "=az webapp config appsettings set", r"""
az webapp config appsettings set -g rg-donate -n «org»-donate --settings SQL_PASSWORD='«S»' ASPNETCORE_ENVIRONMENT=Production
""")
_t("kubectl-set-env-deployment", "pw", "ns", r"""
kubectl -n «ns» set env deployment/kpi KOBO_DB_PASSWORD='«S»'
""")
_t("argo-workflow-parameter-value", "pw", "=arguments:", r"""
  arguments:
    parameters:
      - name: dhis2-url
        value: https://«host»
      - name: dhis2-password
        value: "«S»"
""")
_t("pulumi-config-set-no-secret-flag", "pw", "=pulumi config set", r"""
pulumi config set dbPassword «S» --stack field-prod
""")
_t("pulumi-stack-yaml-plain", "pw", "=config:", r"""
# Pulumi.field-prod.yaml
config:
  aws:region: af-south-1
  odk:dbPassword: «S»
""")
_t("terraform-backend-s3-keys", "awssk", "=backend \"s3\"", r"""
terraform {
  backend "s3" {
    bucket     = "«bucket»"
    key        = "odk/terraform.tfstate"
    region     = "eu-west-1"
    access_key = "«akid»"
    secret_key = "«S»"
  }
}
""")
_t("terraformrc-credentials-block", "tfc", "=app.terraform.io", r"""
credentials "app.terraform.io" {
  token = "«S»"
}
""")
_t("helmfile-values-inline", "pwa", "=releases:", r"""
releases:
  - name: rapidpro
    chart: ./charts/rapidpro
    set:
      - name: postgresql.auth.password
        value: «S»
""")
_t("skaffold-deploy-setvalues", "pwa", "=setValues", r"""
deploy:
  helm:
    releases:
      - name: kobo
        chartPath: charts/kobo
        setValues:
          redis.password: «S»
""")
_t("ansible-playbook-vars-plain", "pw", "=hosts: dhis2", r"""
- hosts: dhis2
  become: true
  vars:
    dhis2_db_password: "«S»"
  roles:
    - dhis2
""")
_t("systemd-drop-in-override-env", "hex40", "=override.conf", r"""
# /etc/systemd/system/kobo-export.service.d/override.conf
[Service]
Environment=KOBO_TOKEN=«S»
""")
_t("deploy-script-rsync-sshpass", "pw", "ip", r"""
#!/bin/bash
# deploy.sh — push the dashboard to the field server
sshpass -p '«S»' rsync -avz -e ssh dist/ deploy@«ip»:/var/www/dashboard/
""")
_t("gh-actions-log-unmasked-echo", "pwru", "=##[group]Run", r"""
##[group]Run echo "connecting with $DB_URL"
echo "connecting with $DB_URL"
##[endgroup]
connecting with postgres://kobo:«S»@«host»:5432/«db»
""")
_t("gitlab-ci-job-log-export", "glpat", "=$ export", r"""
$ export CI_JOB_TOKEN_OVERRIDE=«S»
$ ./scripts/release.sh
Uploading collect-«ver».apk ... done
""")
_t("procfile-inline-env", "pwa", "=web:", r"""
web: DB_PASSWORD=«S» gunicorn donate.wsgi --log-file -
worker: celery -A donate worker
""")
_t("woodpecker-yml-environment", "pw", "=steps:", r"""
steps:
  test:
    image: python:3.12
    environment:
      CENTRAL_PASSWORD: «S»
    commands:
      - pytest tests/integration
""")
_t("github-actions-matrix-include-password", "pw", "=matrix:", r"""
    strategy:
      matrix:
        include:
          - site: «region»
            central_user: «email»
            central_pass: «S»
""")
_t("ansible-cli-extra-vars-json", "pw", "=ansible-playbook", r"""
ansible-playbook deploy-central.yml -e '{"central_admin_email":"«email»","central_admin_password":"«S»"}'
""")
_t("k8s-configmap-misused-password", "pw", "=kind: ConfigMap", r"""
apiVersion: v1
kind: ConfigMap
metadata:
  name: dhis2-config
data:
  dhis.conf: |
    connection.username = dhis
    connection.password = «S»
""")
_t("github-actions-curl-webhook-slack", "slackhook", "=hooks.slack.com", r"""
      - if: failure()
        run: curl -X POST -d '{"text":"kobo export failed"}' https://hooks.slack.com/services/T«ud8»/B«ud10»/«S»
""")
_t("docker-run-in-ci-env-flag", "hex40", "=docker run --rm", r"""
      - run: docker run --rm -e RAPIDPRO_TOKEN=«S» ghcr.io/«org»/rp-tests:latest pytest -m smoke
""")
_t("heroku-app-json-env-value", "pw", "=\"env\"", r"""
{
  "name": "donate",
  "env": {
    "ADMIN_PASSWORD": { "value": "«S»" }
  }
}
""")
_t("tekton-pipelinerun-param", "pw", "=PipelineRun", r"""
apiVersion: tekton.dev/v1
kind: PipelineRun
spec:
  params:
    - name: db-password
      value: «S»
""")
_t("github-actions-workflow-dispatch-default", "an40", "=workflow_dispatch", r"""
on:
  workflow_dispatch:
    inputs:
      kobo_token:
        description: "Kobo API token"
        default: "«S»"
""")
_t("gitlab-ci-include-remote-private-token", "glpat", "=include:", r"""
include:
  - remote: 'https://gitlab.«dom»/api/v4/projects/«n»/repository/files/ci%2Ftemplates.yml/raw?ref=main&private_token=«S»'
""")
_t("ci-script-write-vault-password-file", "pwp", "=.vault_pass", r"""
  script:
    - echo "«S»" > .vault_pass
    - ansible-playbook -i inventories/field site.yml --vault-password-file .vault_pass
""")
_t("helm-install-set-string-in-ci", "pwa", "=--set-string", r"""
    - helm upgrade --install openmrs ./chart --namespace emr --set-string mariadb.auth.rootPassword=«S» --wait
""")


# ===========================================================================
# group: vendor-token  (vendor-shaped tokens in realistic surroundings)
# ===========================================================================
_grp("vendor-token", (2,))

_t("slack-bot-token-env-line", "xoxb", "=SLACK_CHANNEL", r"""
SLACK_BOT_TOKEN=«S»
SLACK_CHANNEL=#field-alerts-«region»
""")
_t("slack-user-token-script-arg", "xoxp", "=export_channel.py", r"""
python export_channel.py --token «S» --channel C«ud10» --since «date»
""")
_t("slack-app-level-token-socket-mode", "xapp", "=SocketModeHandler", r"""
handler = SocketModeHandler(app, "«S»")
handler.start()
""")
_t("github-classic-pat-note", "ghp", "ghuser", r"""
«ghuser» PAT for the kobo-export mirror (classic, repo scope): «S»
""")
_t("github-fine-grained-pat-env", "ghpat", "=GH_TOKEN", r"""
GH_TOKEN=«S» gh pr list --repo «org»/odk-forms --state open
""")
_t("github-app-installation-token-header", "ghs", "=api.github.com", r"""
curl -H "Authorization: token «S»" https://api.github.com/repos/«org»/field-app/actions/runs?per_page=5
""")
_t("gitlab-runner-registration-token", "glrt", "=gitlab-runner register", r"""
sudo gitlab-runner register --url https://gitlab.«dom» --token «S» --executor docker --description «server»
""")
_t("gitlab-deploy-token-url", "gldt", "=gitlab+deploy-token", r"""
git clone https://gitlab+deploy-token-«n»:«S»@gitlab.«dom»/mel/pipelines.git
""")
_t("aws-secret-key-paired-env", "awssk", "akid", r"""
AWS_ACCESS_KEY_ID=«akid»
AWS_SECRET_ACCESS_KEY=«S»
AWS_DEFAULT_REGION=af-south-1
""")
_t("stripe-live-secret-key-env", "stripe_sk", "=STRIPE_PUBLISHABLE_KEY", r"""
STRIPE_PUBLISHABLE_KEY=«pk»
STRIPE_SECRET_KEY=«S»
""")
_t("stripe-restricted-key-in-php", "stripe_rk", "=\\Stripe\\Stripe::setApiKey", r"""
\Stripe\Stripe::setApiKey('«S»');  // restricted: read charges only
""")
_t("stripe-webhook-signing-secret", "whsec", "=constructEvent", r"""
const event = stripe.webhooks.constructEvent(req.body, sig, '«S»');
""")
_t("twilio-api-key-secret-pair", "an32", "=TWILIO_API_KEY", r"""
TWILIO_API_KEY=«twsk»
TWILIO_API_SECRET=«S»
""")
_t("sendgrid-key-python", "sendgrid", "=SendGridAPIClient", r"""
sg = SendGridAPIClient("«S»")
sg.send(Mail(from_email="receipts@«dom»", to_emails=donor_email, subject="Thank you for your gift"))
""")
_t("mailgun-private-key-curl", "mailgun2", "=api.eu.mailgun.net", r"""
curl -s --user 'api:«S»' https://api.eu.mailgun.net/v3/mg.«dom»/messages -F from='Field Ops <ops@mg.«dom»>' -F to=«email» -F subject=test -F text=ok
""")
_t("mailchimp-api-key-yaml", "mailchimp", "=list_id", r"""
mailchimp:
  api_key: «S»
  list_id: «hex»«hex2»
""")
_t("google-api-key-query-param", "gapi", "=maps/api/geocode", r"""
GET https://maps.googleapis.com/maps/api/geocode/json?address=«region}+«country}&key=«S»
""".replace("«region}", "«region»").replace("«country}", "«country»"))
_t("google-oauth-client-secret-json", "gcpoauth", "gclient", r"""
{"installed":{"client_id":"«gclient»","project_id":"«proj»","auth_uri":"https://accounts.google.com/o/oauth2/auth","token_uri":"https://oauth2.googleapis.com/token","client_secret":"«S»","redirect_uris":["http://localhost"]}}
""")
_t("google-oauth-refresh-token-env", "gref", "=GOOGLE_CLIENT_ID", r"""
GOOGLE_CLIENT_ID=«gclient»
GOOGLE_REFRESH_TOKEN=«S»
""")
_t("google-access-token-ya29-header", "ya29", "=sheets.googleapis.com", r"""
curl -H "Authorization: Bearer «S»" "https://sheets.googleapis.com/v4/spreadsheets/«an40»/values/Beneficiaries!A1:H"
""")
_t("openai-project-key-env", "openai", "=OPENAI_API_KEY", r"""
export OPENAI_API_KEY="«S»"   # for the feedback-classification notebook
""")
_t("anthropic-api-key-dotenv", "anthropic", "=ANTHROPIC_API_KEY", r"""
ANTHROPIC_API_KEY=«S»
MODEL=claude-3-5-sonnet-latest
""")
_t("npm-token-npmrc-ci", "npm", "=always-auth", r"""
//registry.npmjs.org/:_authToken=«S»
always-auth=true
""")
_t("pypi-api-token-twine", "pypi", "=twine upload", r"""
TWINE_USERNAME=__token__ TWINE_PASSWORD=«S» twine upload dist/pyxform_«org»-«ver»*
""")
_t("telegram-bot-token-url", "tgbot", "=sendMessage", r"""
curl -s "https://api.telegram.org/bot«S»/sendMessage" -d chat_id=-100«dig10» -d text="Sync failed at «region»"
""")
_t("dhis2-pat-python-const", "d2pat", "=DHIS2_URL", r"""
DHIS2_URL = "https://«host»"
DHIS2_PAT = "«S»"
""")
_t("kobotoolbox-token-pyxform-script", "kobo", "=kpi_url", r"""
config = {"kpi_url": "https://kf.«dom»", "token": "«S»", "asset_uid": "«kuid»"}
""")
_t("odk-central-app-user-key-url", "odkapp", "=formList", r"""
https://central.«dom»/v1/key/«S»/projects/«n»/formList
""")
_t("commcare-apikey-header-python", "commcare", "email", r"""
headers = {"Authorization": f"ApiKey «email»:«S»"}
""")
_t("rapidpro-token-header-httpie", "rapidpro", "=textit.com/api/v2/runs.json", r"""
http https://textit.com/api/v2/runs.json flow==«uuid» Authorization:"Token «S»"
""")
_t("whatsapp-cloud-api-token-env", "wa", "=WA_PHONE_NUMBER_ID", r"""
WA_PHONE_NUMBER_ID=«big»«big2»
WA_ACCESS_TOKEN=«S»
""")
_t("facebook-page-access-token-json", "fbpage", "=page_id", r"""
{"page_id": "«big»«big2»", "page_access_token": "«S»", "app": "«Org» Helpline"}
""")
_t("flutterwave-secret-key-config", "flw", "=FLW_PUBLIC_KEY", r"""
FLW_PUBLIC_KEY=FLWPUBK-«hex32»-X
FLW_SECRET_KEY=«S»
""")
_t("flutterwave-encryption-key-alone", "flwenc", "=encryption", r"""
flutterwave:
  encryption_key: «S»
""")
_t("paystack-secret-key-node", "paystack", "=paystack", r"""
const paystack = require('paystack-api')('«S»');
""")
_t("mpesa-consumer-secret-dotenv", "mpesa_secret", "=MPESA_CONSUMER_KEY", r"""
MPESA_ENV=production
MPESA_CONSUMER_KEY=«ck»
MPESA_CONSUMER_SECRET=«S»
""")
_t("mpesa-stk-passkey-yaml", "mpesa_pass", "=shortcode", r"""
mpesa:
  shortcode: «num»
  passkey: «S»
  callback_url: https://pay.«dom»/mpesa/callback
""")
_t("africastalking-api-key-php", "at", "=AfricasTalking", r"""
$AT = new AfricasTalking('«org»', '«S»');
$sms = $AT->sms();
""")
_t("infobip-api-key-header", "infobip", "=api.infobip.com", r"""
curl -X POST https://«an6».api.infobip.com/sms/2/text/advanced -H "Authorization: App «S»" -H 'Content-Type: application/json' -d @sms.json
""")
_t("vonage-api-secret-pair", "vonage", "=VONAGE_API_KEY", r"""
VONAGE_API_KEY=«hex»
VONAGE_API_SECRET=«S»
""")
_t("messagebird-live-key", "messagebird", "=messagebird", r"""
client = messagebird.Client('«S»')
""")
_t("telerivet-api-key-python", "telerivet", "=telerivet.API", r"""
tr = telerivet.API("«S»")
project = tr.initProjectById("PJ«hex16»")
""")
_t("salesforce-access-token-bearer", "sfsession", "=services/data", r"""
curl https://«org».my.salesforce.com/services/data/v60.0/query?q=SELECT+Id+FROM+npe01__OppPayment__c -H "Authorization: Bearer «S»"
""")
_t("salesforce-consumer-secret-properties", "sfsecret", "=sf.consumerKey", r"""
sf.consumerKey=3MVG9«an50»
sf.consumerSecret=«S»
""")
_t("salesforce-password-plus-security-token", "sfsectoken", "email", r"""
sf_login(username="«email»", password="«pwf»" + "«S»")  # password + security token
""")
_t("bloomerang-private-key-header", "bloomerang", "=X-API-KEY", r"""
X-API-KEY: «S»
""")
_t("civicrm-api-key-and-site-key-url", "civiapi", "=civicrm/extern/rest.php", r"""
https://crm.«dom»/sites/all/modules/civicrm/extern/rest.php?entity=Contact&action=get&json=1&api_key=«S»&key=«an32»
""")
_t("donorbox-api-basic-creds", "donorbox", "email", r"""
curl -u "«email»:«S»" https://donorbox.org/api/v1/donations?per_page=100
""")
_t("paypal-client-secret-env", "paypal", "=PAYPAL_CLIENT_ID", r"""
PAYPAL_CLIENT_ID=A«an64»
PAYPAL_CLIENT_SECRET=«S»
""")
_t("mollie-live-api-key", "mollie", "=createMollieClient", r"""
const mollie = createMollieClient({ apiKey: '«S»' });
""")
_t("razorpay-key-secret-pair", "razor", "=rzp_live_", r"""
RAZORPAY_KEY_ID=rzp_live_«an14»
RAZORPAY_KEY_SECRET=«S»
""")
_t("wise-api-token-uuid-bearer", "wise", "=api.transferwise.com", r"""
curl -H "Authorization: Bearer «S»" https://api.transferwise.com/v1/profiles
""")
_t("azure-ad-client-secret-dotenv", "azsecret", "tenant", r"""
AZURE_TENANT_ID=«tenant»
AZURE_CLIENT_ID=«clientid»
AZURE_CLIENT_SECRET=«S»
""")
_t("azure-storage-connection-string", "azstorage", "=DefaultEndpointsProtocol", r"""
AZURE_STORAGE_CONNECTION_STRING="DefaultEndpointsProtocol=https;AccountName=«org_sa»;AccountKey=«S»;EndpointSuffix=core.windows.net"
""".replace("«org_sa»", "«an12»"))
_t("azure-sas-url-signature", lambda c: _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), "=blob.core.windows.net", r"""
https://«an12».blob.core.windows.net/kobo-media/«kuid»/photo_«num».jpg?sv=2022-11-02&ss=b&srt=o&sp=r&se=«date»T23:59:59Z&st=«date»T00:00:00Z&spr=https&sig=«S»
""")
_t("gcs-v2-signed-url-signature", lambda c: _b64(256).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"), "bucket", r"""
https://storage.googleapis.com/«bucket»/exports/«form».xlsx?GoogleAccessId=exporter@«proj».iam.gserviceaccount.com&Expires=«epoch»&Signature=«S»
""")
_t("sentry-org-auth-token", "sntrys", "=sentry-cli", r"""
SENTRY_AUTH_TOKEN=«S» sentry-cli releases new collect-«ver»
""")
_t("sentry-user-auth-token", "sentryu", "=.sentryclirc", r"""
# ~/.sentryclirc
[auth]
token=«S»
""")
_t("datadog-api-key-agent-yaml", "dd", "=site: datadoghq.eu", r"""
# /etc/datadog-agent/datadog.yaml
api_key: «S»
site: datadoghq.eu
""")
_t("mapbox-secret-token", "mapbox", "=MAPBOX_DOWNLOADS_TOKEN", r"""
MAPBOX_DOWNLOADS_TOKEN=«S»
""")
_t("digitalocean-token-doctl", "dop", "=doctl auth init", r"""
doctl auth init --context field -t «S»
""")
_t("hashicorp-vault-token-env", "hvs", "=VAULT_ADDR", r"""
export VAULT_ADDR=https://vault.«dom»:8200
export VAULT_TOKEN=«S»
""")
_t("tailscale-auth-key-cloud-init", "tskey", "=runcmd", r"""
runcmd:
  - curl -fsSL https://tailscale.com/install.sh | sh
  - tailscale up --auth-key=«S» --ssh
""")
_t("docker-hub-pat-login", "dckr", "=docker login -u", r"""
docker login -u «ghuser» -p «S»
""")
_t("hugging-face-token-cli", "hf", "=huggingface-cli login", r"""
huggingface-cli login --token «S» --add-to-git-credential
""")
_t("airtable-pat-header", "airtable", "=api.airtable.com", r"""
curl "https://api.airtable.com/v0/app«an14»/Volunteers?maxRecords=20" -H "Authorization: Bearer «S»"
""")
_t("notion-integration-token", "notion", "=Notion-Version", r"""
curl https://api.notion.com/v1/databases/«hex32»/query -H "Authorization: Bearer «S»" -H "Notion-Version: 2022-06-28"
""")
_t("shopify-admin-access-token", "shpat", "=X-Shopify-Access-Token", r"""
X-Shopify-Access-Token: «S»   # charity merch store «org».myshopify.com
""")
_t("hubspot-private-app-token", "hubspot", "=hubapi", r"""
curl https://api.hubapi.com/crm/v3/objects/contacts?limit=10 -H "Authorization: Bearer «S»"
""")
_t("zoho-refresh-token-oauth", "zoho", "=accounts.zoho.eu", r"""
POST https://accounts.zoho.eu/oauth/v2/token?refresh_token=«S»&client_id=1000.«ud10»«ud8»&grant_type=refresh_token
""")
_t("typeform-personal-token", "typeform", "=api.typeform.com", r"""
curl -H "Authorization: Bearer «S»" https://api.typeform.com/forms/«an8»/responses
""".replace("«an8»", "«an12»"))
_t("dropbox-short-lived-token", "dropbox", "=DROPBOX_TOKEN", r"""
DROPBOX_TOKEN='«S»'
""")
_t("gitlab-pat-private-token-header", "glpat", "=PRIVATE-TOKEN", r"""
curl --header "PRIVATE-TOKEN: «S»" "https://gitlab.«dom»/api/v4/projects?membership=true"
""")
_t("bitbucket-app-password-clone", "atbb", "=bitbucket.org", r"""
git clone https://«ghuser»:«S»@bitbucket.org/«org»/civicrm-extensions.git
""")
_t("atlassian-api-token-basic", "atatt", "email", r"""
curl -u «email»:«S» https://«org».atlassian.net/rest/api/3/search?jql=project=FIELD
""")
_t("circleci-personal-token", "ccipat", "=Circle-Token", r"""
curl -H "Circle-Token: «S»" https://circleci.com/api/v2/me
""")
_t("grafana-service-account-token", "glsa", "=grafana", r"""
curl -H "Authorization: Bearer «S»" https://grafana.«dom»/api/dashboards/uid/«an12»
""")
_t("doppler-service-token-run", "doppler", "=doppler run", r"""
DOPPLER_TOKEN=«S» doppler run -- python manage.py migrate
""")
_t("pulumi-access-token-env", "pulumi", "=PULUMI_ACCESS_TOKEN", r"""
PULUMI_ACCESS_TOKEN=«S»
""")
_t("planetscale-password-dsn", "pscale", "=aws.connect.psdb.cloud", r"""
DATABASE_URL=mysql://«an12»:«S»@aws.connect.psdb.cloud/donations?sslaccept=strict
""")
_t("render-api-key-header", "render", "=api.render.com", r"""
curl -H "Authorization: Bearer «S»" https://api.render.com/v1/services?limit=20
""")
_t("linear-api-key-graphql", "linear", "=api.linear.app", r"""
curl https://api.linear.app/graphql -H "Authorization: «S»" -d '{"query":"{ viewer { id } }"}'
""")
_t("figma-personal-token", "figd", "=X-Figma-Token", r"""
curl -H "X-Figma-Token: «S»" https://api.figma.com/v1/files/«an22»
""".replace("«an22»", "«an24»"))
_t("asana-pat-bearer", "asana", "=app.asana.com", r"""
curl https://app.asana.com/api/1.0/users/me -H "Authorization: Bearer «S»"
""")
_t("age-secret-key-file", "age", "=# public key:", r"""
# created: «ts»
# public key: «agepub»
«S»
""")
_t("firebase-legacy-server-key", "fcm", "=fcm.googleapis.com", r"""
curl -X POST https://fcm.googleapis.com/fcm/send -H "Authorization: key=«S»" -H "Content-Type: application/json" -d @push.json
""")
_t("onesignal-rest-api-key", "onesignal", "=onesignal", r"""
ONESIGNAL_APP_ID=«uuid»
ONESIGNAL_REST_API_KEY=«S»   # onesignal push for volunteer app
""")
_t("brevo-api-key-header", "brevo", "=api-key", r"""
curl -H "api-key: «S»" https://api.brevo.com/v3/account
""")
_t("postmark-server-token-uuid", "postmark", "=X-Postmark-Server-Token", r"""
curl "https://api.postmarkapp.com/email" -H "X-Postmark-Server-Token: «S»" -d @receipt.json
""")
_t("openfn-api-token-jwt", "openfn", "=OPENFN_API_KEY", r"""
OPENFN_ENDPOINT=https://app.openfn.org
OPENFN_API_KEY=«S»
""")
_t("gocardless-live-access-token", "gocardless", "=GOCARDLESS_ENVIRONMENT", r"""
GOCARDLESS_ENVIRONMENT=live
GOCARDLESS_ACCESS_TOKEN=«S»
""")
_t("square-access-token-sdk", "square", "=SquareClient", r"""
client = SquareClient(access_token="«S»", environment="production")
""")
_t("posthog-personal-api-key", "posthog", "=POSTHOG_PERSONAL_API_KEY", r"""
POSTHOG_PERSONAL_API_KEY=«S»
""")
_t("elevenlabs-api-key-header", "elevenlabs", "=xi-api-key", r"""
curl -H "xi-api-key: «S»" https://api.elevenlabs.io/v1/voices   # IVR prompts in Swahili
""")
_t("deepl-free-auth-key", "deepl", "=DeepL-Auth-Key", r"""
curl -X POST https://api-free.deepl.com/v2/translate -H "Authorization: DeepL-Auth-Key «S»" -d "text=Formulaire de consentement" -d "target_lang=PT"
""")


# ===========================================================================
# BENIGN look-alikes (no credential inside)
# ===========================================================================

# --- commands -------------------------------------------------------------
_b(r"""git checkout «sha» -- forms/«form».xlsx""")
_b(r"""git show --stat «sha7»""")
_b(r"""git revert --no-edit «sha»""")
_b(r"""git cherry-pick «sha7» «sha7_2»""")
_b(r"""git log --oneline «sha7»..HEAD -- sync/""")
_b(r"""docker pull ghcr.io/getodk/central-service@«digest»""")
_b(r"""docker run --rm -e POSTGRES_PASSWORD_FILE=/run/secrets/pg_password -v pgdata_«region»:/var/lib/postgresql/data postgres:14""")
_b(r"""sha256sum kobo-install-«ver».tar.gz""")
_b(r"""echo "«sha256»  dhis.war" | sha256sum -c -""")
_b(r"""psql -h «host» -U «user» -d «db» -W""")
_b(r"""PGPASSFILE=~/.pgpass psql -h «host» -U «user» «db» -c 'select count(*) from submissions'""")
_b(r"""docker login ghcr.io -u «ghuser» --password-stdin < ~/.config/ghcr_token""")
_b(r"""gh secret set KOBO_TOKEN --repo «org»/kobo-exports < kobo_token.txt""")
_b(r"""kubectl -n «ns» create secret generic central-db --from-file=password=./secrets/db_password.txt""")
_b(r"""export DB_PASSWORD="$(vault kv get -field=password secret/«org»/«db»)" """)
_b(r"""aws secretsmanager get-secret-value --secret-id «org»/civicrm/prod --query SecretString --output text | jq -r .password > /dev/null""")
_b(r"""op read "op://Field Ops/ODK Central «region»/password" | pbcopy""")
_b(r"""curl -s -H "Authorization: Token $KOBO_TOKEN" "https://kf.kobotoolbox.org/api/v2/assets/«kuid»/data.json?limit=10" """)
_b(r"""curl -s -H "Authorization: ApiToken ${DHIS2_PAT}" https://«host»/api/me?fields=id,username""")
_b(r"""curl -u "$ODK_USER:$ODK_PASS" https://central.«dom»/v1/projects/«n»/forms""")
_b(r"""openssl rand -hex 32 | vault kv put secret/«org»/enketo encryption_key=-""")
_b(r"""ssh-keygen -lf ~/.ssh/id_ed25519.pub""")
_b(r"""gpg --recv-keys «gpgfp»""")
_b(r"""echo «b64txt» | base64 -d""")
_b(r"""mysql -u root -p openmrs < backup_«date».sql""")
_b(r"""sshpass -f ~/.config/field/sshpass ssh «user»@«ip» uptime""")
_b(r"""sudo htpasswd -B /etc/nginx/.htpasswd «user»""")
_b(r"""pip install --require-hashes -r requirements.txt  # pinned, hashes like sha256:«sha256»""")
_b(r"""read -rs -p "Central password: " ODK_PASS && export ODK_PASS""")
_b(r"""python manage.py changepassword «user»""")
_b(r"""docker compose exec service odk-cmd --email «email» user-promote""")
_b(r"""kubectl -n «ns» get secret kobo-postgres -o jsonpath='{.data}' | jq 'keys'""")
_b(r"""vault kv metadata get secret/«org»/dhis2""")
_b(r"""ssh -i ~/.ssh/field_deploy «user»@«ip» 'sudo systemctl restart odk-sync'""")
_b(r"""rclone copy gdrive-mel:Exports/«form» ./exports --checksum""")
_b(r"""git remote -v   # origin https://github.com/«org»/kobo-sync.git (fetch)""")
_b(r"""npm ci --ignore-scripts && npm run build -- --env API_BASE=https://api.«dom»""")
_b(r"""ansible-playbook site.yml -i inventory/field --ask-vault-pass --limit «server»""")
_b(r"""ansible-vault encrypt_string --stdin-name 'vault_db_password' < /dev/stdin""")
_b(r"""terraform apply -var-file=«region».tfvars   # db_password comes from TF_VAR_db_password""")
_b(r"""az keyvault secret show --vault-name kv-«org» --name civicrm-db-password --query id""")
_b(r"""gcloud secrets versions access latest --secret=rapidpro-token --project=«proj» > /dev/null && echo ok""")
_b(r"""uuidgen | tr 'A-Z' 'a-z'   # -> «uuid»""")
_b(r"""certbot certonly --webroot -w /var/www/html -d central.«dom» --agree-tos -m «email»""")
_b(r"""wg pubkey < /etc/wireguard/field.key""")
_b(r"""restic -r sftp:backup@«ip»:/srv/restic --password-file /root/.restic_pw snapshots""")
_b(r"""BORG_PASSCOMMAND="pass show borg/«server»" borg list ssh://borg@«ip»/./repo""")
_b(r"""git tag -s v«ver» -m "release v«ver»" -u «gpgid»""")
_b(r"""mc admin info fieldminio   # alias configured from ~/.mc/config.json""")

# --- tool output ----------------------------------------------------------
_b(r"""
$ git log --oneline -3
«sha7» fix: retry SMS on 503 from gateway
«sha7_2» feat: add «form» export
«sha7_3» chore: bump pyxform to «ver»
""")
_b(r"""
$ docker images --digests | grep central
ghcr.io/getodk/central-nginx   v2024.«n»   «digest»   «hexs»   3 weeks ago   142MB
""")
_b(r"""
$ kubectl -n «ns» get secrets
NAME                 TYPE                                  DATA   AGE
central-db           Opaque                                2      «n»d
regcred              kubernetes.io/dockerconfigjson        1      «n2»d
tls-central          kubernetes.io/tls                     2      «n»d
""")
_b(r"""
$ kubectl -n «ns» describe secret central-db
Name:         central-db
Namespace:    «ns»
Type:  Opaque

Data
====
password:  «n» bytes
username:  3 bytes
""")
_b(r"""
$ aws sts get-caller-identity
{
    "UserId": "AIDA«ud16»",
    "Account": "«dig12»",
    "Arn": "arn:aws:iam::«dig12»:user/kobo-s3-backup"
}
""")
_b(r"""
$ gh auth status
github.com
  ✓ Logged in to github.com account «ghuser» (keyring)
  - Token: gho_************************************
""")
_b(r"""
$ env | grep -i token
KOBO_TOKEN=[MASKED]
RAPIDPRO_TOKEN_FILE=/run/secrets/rapidpro_token
""")
_b(r"""
$ sha256sum exports/*.csv
«sha256»  exports/«form».csv
«sha256_2»  exports/«form_2».csv
""")
_b(r"""
$ ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub
256 «fp» root@«server» (ED25519)
""")
_b(r"""
$ gpg --list-keys «email»
pub   ed25519 «date» [SC] [expires: 2027-01-01]
      «gpgfp»
uid           [ultimate] «person» «last» <«email»>
""")
_b(r"""
$ openssl x509 -in central.crt -noout -fingerprint -sha256
sha256 Fingerprint=«md5fp»:«md5fp_2»
""")
_b(r"""
$ terraform output
db_endpoint = "«org»-kobo.«hexs».af-south-1.rds.amazonaws.com"
db_password = <sensitive>
""")
_b(r"""
$ helm get values dhis2 -n dhis2
USER-SUPPLIED VALUES:
postgresql:
  auth:
    existingSecret: dhis2-db-creds
    secretKeys:
      adminPasswordKey: postgres-password
""")
_b(r"""
$ heroku config -a «org»-donate
=== «org»-donate Config Vars
DATABASE_URL:   [REDACTED]
STRIPE_SECRET_KEY: [REDACTED]
""")
_b(r"""
$ vault kv get -format=json secret/«org»/kobo | jq '.data.metadata'
{
  "created_time": "«ts»",
  "deletion_time": "",
  "destroyed": false,
  "version": «n»
}
""")
_b(r"""
$ pip hash dist/odk_toolkit-«ver»-py3-none-any.whl
dist/odk_toolkit-«ver»-py3-none-any.whl:
--hash=sha256:«sha256»
""")
_b(r"""
$ npm view @«org»/sync-client dist.integrity
«sri»
""")
_b(r"""
$ docker inspect central-service --format '{{.Image}}'
«digest»
""")
_b(r"""
$ gh secret list --repo «org»/kobo-exports
KOBO_TOKEN        Updated «date»
DHIS2_PAT         Updated «date_2»
SLACK_WEBHOOK_URL Updated «date_3»
""")
_b(r"""
$ curl -s https://central.«dom»/v1/projects/«n»/forms/«form» -H "Authorization: Bearer $TOKEN" | jq '{xmlFormId, version, hash}'
{
  "xmlFormId": "«form»",
  "version": "«dig10»",
  "hash": "«md5»"
}
""")
_b(r"""
$ curl -sI https://kf.«dom»/api/v2/assets/«kuid»/
HTTP/2 200
etag: «etag»
x-request-id: «reqid»
""")
_b(r"""
$ sf org display --target-org npsp-prod
 Access Token     [hidden; use --verbose to show]
 Id               00D«an15»
 Instance Url     https://«org».my.salesforce.com
""")
_b(r"""
$ wg show wg0
interface: wg0
  public key: «wgpub»
  private key: (hidden)
  listening port: 51820
""")
_b(r"""
$ ls -la /run/secrets/
-r-------- 1 root root  33 «date» db_password
-r-------- 1 root root  41 «date» kobo_token
""")
_b(r"""
$ cat .env.example
DB_HOST=localhost
DB_USER=kobo
DB_PASSWORD=
KOBO_TOKEN=<your-kobo-api-token>
# commit «sha7»
""")
_b(r"""
$ stripe customers retrieve «cusid»
{
  "id": "«cusid»",
  "object": "customer",
  "email": "«email»",
  "invoice_prefix": "«ud8»"
}
""")
_b(r"""
$ twilio api:core:messages:list --limit 1
SID                                 From          To             Status
«smsid»  +1«dig10»  «phone»  delivered
""")
_b(r"""
$ dig TXT _dmarc.«dom» +short
"v=DMARC1; p=quarantine; rua=mailto:dmarc@«dom»"
""")
_b(r"""
$ dig TXT google._domainkey.«dom» +short
"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA«an64»IDAQAB"
""")

# --- config files -----------------------------------------------------------
_b(r"""
# .env.example
DHIS2_URL=https://«host»
DHIS2_USERNAME=
DHIS2_PASSWORD=${DHIS2_PASSWORD}
""")
_b(r"""
KOBO_TOKEN=<your-kobo-token>
KOBO_ASSET_UID=«kuid»
""")
_b(r"""
db_password: !vault |
          $ANSIBLE_VAULT;1.1;AES256
          «hex64»
          «hex64_2»
          «hex32»
""")
_b(r"""
postgresql:
  auth:
    existingSecret: «ns»-pg-credentials
    secretKeys:
      userPasswordKey: password
""")
_b(r"""
env:
  - name: CENTRAL_DB_PASSWORD
    valueFrom:
      secretKeyRef:
        name: central-db
        key: password
""")
_b(r"""
api_token: ENC[AES256_GCM,data:«b64_30»,iv:«b64_16»,tag:«b64_16_2»,type:str]
sops:
    kms: []
    age:
        - recipient: «agepub»
""")
_b(r"""
services:
  db:
    image: postgres:14
    environment:
      POSTGRES_PASSWORD_FILE: /run/secrets/db_password
    secrets:
      - db_password
secrets:
  db_password:
    file: ./secrets/db_password.txt
""")
_b(r"""
[smtp]
host = smtp.office365.com
user = alerts@«dom»
password_command = pass show smtp/alerts@«dom»
""")
_b(r"""
server {
    listen 443 ssl http2;
    server_name central.«dom»;
    ssl_certificate     /etc/letsencrypt/live/central.«dom»/fullchain.pem;
    ssl_certificate_key /etc/letsencrypt/live/central.«dom»/privkey.pem;
}
""")
_b(r"""
# ~/.ssh/authorized_keys
ssh-ed25519 «pubkey» «user»@«server»
""")
_b(r"""
ssh-rsa «rsapub» deploy@«org»-ci
""")
_b(r"""
# ~/.ssh/known_hosts
«ip» ssh-ed25519 «pubkey»
""")
_b(r"""
# pg_hba.conf
hostssl  «db»  «user»  «ip»/32  scram-sha-256
""")
_b(r"""
spring.datasource.url=jdbc:postgresql://«host»:5432/«db»
spring.datasource.username=${DB_USER}
spring.datasource.password=${DB_PASSWORD}
""")
_b(r"""
connection.url = jdbc:postgresql://localhost/«db»
connection.username = dhis
connection.password =
# password is injected from /opt/dhis2/secrets at startup
""")
_b(r"""
{
  "linked form and data server": {
    "server url": "https://kc.«dom»",
    "api key": "{{ ENKETO_API_KEY }}"
  }
}
""")
_b(r"""
[client]
user=backup
# password comes from ~/.mylogin.cnf (mysql_config_editor)
host=«host»
""")
_b(r"""
[kobo-backup]
aws_access_key_id = ${AWS_ACCESS_KEY_ID}
aws_secret_access_key = ${AWS_SECRET_ACCESS_KEY}
region = af-south-1
""")
_b(r"""
network={
    ssid="«ssid»"
    key_mgmt=WPA-EAP
    eap=PEAP
    identity="«email»"
    password=hash:********
}
""")
_b(r"""
# wg0.conf (peer section only)
[Peer]
PublicKey = «wgpub»
AllowedIPs = 10.66.0.«n»/32
Endpoint = «pip»:51820
""")
_b(r"""
apiVersion: bitnami.com/v1alpha1
kind: SealedSecret
metadata:
  name: rapidpro-db
  namespace: «ns»
spec:
  encryptedData:
    password: AgB«b64_180»
""")
_b(r"""
-----BEGIN CERTIFICATE-----
«certbody»
-----END CERTIFICATE-----
""")
_b(r"""
-----BEGIN PUBLIC KEY-----
«pubbody»
-----END PUBLIC KEY-----
""")
_b(r"""
# .sops.yaml
creation_rules:
  - path_regex: secrets/.*\.yaml$
    age: «agepub»
""")
_b(r"""
# settings/base.py
PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]
AUTH_PASSWORD_VALIDATORS = [{"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 12}}]  # «org»
""")
_b(r"""
[database]
host = "«host»"
user = "«user»"
password_env = "CENTRAL_DB_PASSWORD"
""")
_b(r"""
# ~/.pyodk_config.toml
[central]
base_url = "https://central.«dom»"
username = "«email»"
password = "${PYODK_PASSWORD}"
""")
_b(r"""
<server>
  <id>«org»-nexus</id>
  <username>${env.NEXUS_USER}</username>
  <password>${env.NEXUS_PASSWORD}</password>
</server>
""")
_b(r"""
storePassword=System.getenv("KEYSTORE_PASSWORD")
keyAlias=upload
storeFile=keys/upload-keystore.jks   # sha1 «hex40»
""")
_b(r"""
# Pulumi.field-prod.yaml
config:
  odk:dbPassword:
    secure: v1:«b64_12»:«b64_40»
""")
_b(r"""
<string name="server_url">https://central.«dom»/v1/key/&lt;app-user-token&gt;/projects/«n»</string>
""")
_b(r"""
"auths": {
  "ghcr.io": {},
  "registry.«dom»": {}
},
"credsStore": "desktop"
""")
_b(r"""
@«org»:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}
""")
_b(r"""
[global]
index-url = https://pypi.org/simple
extra-index-url = https://nexus.«dom»/repository/pypi-internal/simple
""")
_b(r"""
Environment="KOBO_TOKEN_FILE=%d/kobo_token"
LoadCredential=kobo_token:/etc/credstore/kobo_token
""")
_b(r"""
requirepass ""
# auth is handled by the private network (redis bound to «ip» only)
""")
_b(r"""
[admins]
; admin = <set by the installer, hashed after first start>
""")
_b(r"""
hostssl all all 0.0.0.0/0 cert clientcert=verify-full
# client cert CN must match «user»
""")


# --- source code ------------------------------------------------------------
_b(r"""
DB_PASSWORD = os.environ["DB_PASSWORD"]
KOBO_TOKEN = os.environ.get("KOBO_TOKEN")  # never hardcode; see docs/secrets.md («sha7»)
""")
_b(r"""
token = getpass.getpass("KoboToolbox API token for «email»: ")
""")
_b(r"""
if len(password) < 12 or password.lower() == username.lower():
    raise ValidationError(_("Password must be at least 12 characters and differ from the username."))
""", 1)
_b(r"""
EXPECTED_FORM_HASH = "«md5»"  # md5 of «form».xml as served by Central
if hashlib.md5(xml_bytes).hexdigest() != EXPECTED_FORM_HASH:
    log.warning("form changed upstream")
""")
_b(r"""
cache_key = f"kobo:{asset_uid}:«sha256»"
""")
_b(r"""
FORM_UUID = "«uuid»"
DATASET_UID = "«d2uid»"
ORG_UNIT_ROOT = "«d2uid_2»"
""")
_b(r"""
API_KEY_HEADER = "X-API-KEY"
TOKEN_URL = "https://oauth2.googleapis.com/token"
GOOGLE_CLIENT_ID = "«gclient»"
""")
_b(r"""
RECAPTCHA_SITE_KEY = "«sitekey»"  # public site key, safe to ship in the donate page
""")
_b(r"""
const stripe = Stripe('«pk»'); // publishable key (public by design)
""")
_b(r"""
password = forms.CharField(widget=forms.PasswordInput, min_length=12, help_text="Use a passphrase; see the «Org» policy.")
""")
_b(r"""
def redact(value: str) -> str:
    return value[:4] + "****" if value else ""
""", 1)
_b(r"""
SECRET_KEY = env("DJANGO_SECRET_KEY")  # raises ImproperlyConfigured if missing
""", 1)
_b(r"""
headers = {"Authorization": f"Token {settings.KOBO_TOKEN}"}
resp = requests.get(f"{KPI}/api/v2/assets/«kuid»/data/", headers=headers, timeout=30)
""")
_b(r"""
const token = process.env.RAPIDPRO_TOKEN ?? '';
if (!token) throw new Error('RAPIDPRO_TOKEN is not set');
""", 1)
_b(r"""
instance_id = f"uuid:{uuid.uuid4()}"  # e.g. uuid:«uuid»
""")
_b(r"""
WEBHOOK_SECRET = os.environ["FLW_SECRET_HASH"].encode()
""", 1)
_b(r"""
// sha1 of the bundled tiles: «hex40»
export const TILE_PACK_VERSION = "«ver»";
""")
_b(r"""
kobo_token <- Sys.getenv("KOBO_TOKEN")
stopifnot(nchar(kobo_token) > 0)
asset <- "«kuid»"
""")
_b(r"""
let apiKey = ProcessInfo.processInfo.environment["SURVEY_API_KEY"] ?? ""
// build «sha7»
""")
_b(r"""
val apiKey = BuildConfig.COMMCARE_API_KEY // injected from CI secret, empty in debug builds
val appId = "«hex32»"  // CommCare app id
""")
_b(r"""
db, err := sql.Open("mysql", os.Getenv("CIVI_DSN"))
// commit «sha»
""")
_b(r"""
@Value("${dhis2.password}")
private String dhis2Password;  // supplied via DHIS2_PASSWORD env var
""", 1)
_b(r"""
$pdo = new PDO(getenv('CIVI_DSN'), getenv('CIVI_DB_USER'), getenv('CIVI_DB_PASSWORD'));
""", 1)
_b(r"""
-- migration «n»: add checksum column
ALTER TABLE submissions ADD COLUMN payload_sha256 char(64);
UPDATE submissions SET payload_sha256 = '«sha256»' WHERE id = «num»;
""")
_b(r"""
CREATE ROLE reporting_ro WITH LOGIN;  -- password set out-of-band via \password
""", 1)
_b(r"""
#define WIFI_SSID "«ssid»"
#define WIFI_PASS WIFI_PASS_FROM_SECRETS_H
""")
_b(r"""
const char* device_id = "wp-«region»-«n»";
const char* fw_sha = "«sha7»";
""")
_b(r"""
ENCRYPTION_KEY_ID = "«kid»"  # key id only; the key itself lives in KMS
""")
_b(r"""
PUBLIC_KEY_PEM = open("keys/odk_form_public.pem").read()  # ODK encrypted forms public key
""", 1)
_b(r"""
assert token.startswith(("ghp_", "github_pat_")), "expected a GitHub token format"
""", 1)
_b(r"""
SLACK_WEBHOOK_URL = os.environ["SLACK_WEBHOOK_URL"]  # https://hooks.slack.com/services/T.../B.../...
""", 1)
_b(r"""
PLACEHOLDER_TOKEN = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
if token == PLACEHOLDER_TOKEN:
    sys.exit("edit config.ini first")
""", 1)
_b(r"""
sample_payload = base64.b64encode(b"«word» «word2» «num»").decode()  # -> «b64txt»
""")
_b(r"""
msg_id = "«wamid»"  # WhatsApp message id from the webhook fixture
""")
_b(r"""
TEST_PAYMENT_INTENT = "«piid»"
TEST_CUSTOMER = "«cusid»"
""")
_b(r"""
SALESFORCE_RECORD_TYPE_ID = "«sfid»"
HOUSEHOLD_ACCOUNT_ID = "«sfid_2»"
""")
_b(r"""
TRANSACTION_ID_RE = re.compile(r"^[A-Z0-9]{10}$")  # M-Pesa receipt, e.g. «mpesaid»
""")

# --- logs and traces ---------------------------------------------------------
_b(r"""
«date» 10:03:21.114 UTC [«pid»] odk@«db» FATAL:  password authentication failed for user "odk"
«date» 10:03:21.114 UTC [«pid»] odk@«db» DETAIL:  Connection matched pg_hba.conf line 99: "host all all 0.0.0.0/0 scram-sha-256"
""")
_b(r"""
«ts» WARN kobo_export: 401 Unauthorized from kf.kobotoolbox.org: {"detail":"Invalid token."}
""")
_b(r"""
«ts» INFO auth: token expired at «ts_2» for user «user»; refreshing
""")
_b(r"""
«ts» level=info msg="request finished" trace_id=«trace» span_id=«span» status=200 duration_ms=«ms»
""")
_b(r"""
«ts» INFO request_id=«reqid» method=GET path=/v1/projects/«n»/forms status=200
""")
_b(r"""
«ts» DEBUG outgoing headers: {'Authorization': 'Bearer [REDACTED]', 'Accept': 'application/json'}
""")
_b(r"""
«ts» INFO smtp login user=alerts@«dom» password=****** ok
""")
_b(r"""
Set-Cookie: sessionid=<redacted>; HttpOnly; Path=/; SameSite=Lax
X-Request-Id: «reqid»
""")
_b(r"""
Sentry event «hex32» captured (release collect@«ver», environment production)
""")
_b(r"""
«pip» - - [«date»] "GET /api/v2/assets/«kuid»/data.json?page=2&format=json HTTP/1.1" 200 «num» "-" "python-requests/2.31.0"
""")
_b(r"""
«ts» INFO submission uuid:«uuid» accepted for form «form» (instanceID uuid:«uuid_2»)
""")
_b(r"""
«ts» INFO mpesa.b2c result ResultCode=0 TransactionID=«mpesaid» ConversationID=AG_«dig8»_«hex16»
""")
_b(r"""
«ts» INFO whatsapp status=delivered id=«wamid» recipient=«phone»
""")
_b(r"""
«ts» INFO twilio sent sid=«smsid» to=«phone» status=queued
""")
_b(r"""
«ts» INFO stripe webhook payment_intent.succeeded id=«piid» amount=«num» currency=usd
""")
_b(r"""
«ts» ERROR checksum mismatch for «form».zip: expected «sha256» got «sha256_2»
""")
_b(r"""
«ts» INFO jwks refreshed from https://login.microsoftonline.com/«tenant»/discovery/v2.0/keys kids=[«kid»]
""")
_b(r"""
«month» 04 06:12:44 «server» sshd[«pid»]: Accepted publickey for deploy from «ip» port «num» ssh2: ED25519 «fp»
""")
_b(r"""
«month» 04 06:12:40 «server» sshd[«pid»]: Failed password for invalid user admin from «pip» port «num» ssh2
""")
_b(r"""
«ts» INFO couch_replicator: replication «hex32»+continuous started (source https://couch.«dom»/«region»_hh/, credentials omitted)
""")
_b(r"""
Traceback (most recent call last):
  File "/opt/etl/run.py", line «n», in <module>
    token = os.environ["DHIS2_PAT"]
  File "/usr/lib/python3.10/os.py", line 680, in __getitem__
    raise KeyError(key) from None
KeyError: 'DHIS2_PAT'
""")
_b(r"""
django.core.exceptions.ImproperlyConfigured: Set the DJANGO_SECRET_KEY environment variable («server»)
""")
_b(r"""
org.postgresql.util.PSQLException: FATAL: password authentication failed for user "dhis"
	at org.postgresql.core.v3.ConnectionFactoryImpl.doAuthentication(ConnectionFactoryImpl.java:«n»3)
""")
_b(r"""
«ts» WARN OkHttp: --> POST https://api.«dom»/v1/visits/sync (Authorization: ██)
""")
_b(r"""
«ts» INFO git fetch origin «sha»: ok («n» objects, «num» bytes)
""")
_b(r"""
«ts» INFO cache hit key=deps-«hex16»-«sha256»
""")
_b(r"""
«ts» INFO Loaded signing certificate CN=central.«dom» serial=«HEXS» fingerprint=«md5fp»
""".replace("«HEXS»", "«ud16»"))
_b(r"""
«ts» mailer INFO queued message to=«email» subject="Reset your password" (reset link omitted from logs)
""")
_b(r"""
«ts» INFO rotated API token for integration «user» (old token revoked, new token stored in vault path secret/«org»/«user»)
""")
_b(r"""
HTTP/1.1 401 Unauthorized
WWW-Authenticate: Bearer realm="central", error="invalid_token", error_description="The access token expired"
X-Request-Id: «reqid»
""")
_b(r"""
«ts» WARN DHIS2 import summary: imported=«num» updated=«n» ignored=0 conflicts=[] (job «d2uid»)
""")
_b(r"""
«ts» INFO syncthing: device «ud7»-«ud7_2»-«ud7_3»-«ud7_4»-«ud7_5»-«ud7_6»-«ud7_7»-«ud7_8» connected (folder «region»-forms)
""")
_b(r"""
«ts» DEBUG amqp connect amqp://rapidpro:**@«host»:5672/%2F
""")
_b(r"""
[«ts»] celery@«server» ready. transport: redis://:**@«host»:6379/1
""")

# --- notes and chats ---------------------------------------------------------
_b(r"""
Rotated the DHIS2 admin password on «wday»; the new one is in Bitwarden under "DHIS2 prod («region»)". Nobody needs to do anything except re-login.
""")
_b(r"""
«person»: please don't paste passwords in the «region» WhatsApp group, use the Bitwarden send link instead 🙏
""")
_b(r"""
Password policy («Org»): minimum 12 characters, no reuse of the last 5, MFA required for CRM and email; shared accounts only via the password manager.
""")
_b(r"""
Note d'équipe : le mot de passe du serveur a été changé le «date», il est dans le coffre Bitwarden « ODK Central ». Ne pas le partager par SMS.
""")
_b(r"""
«person»: la contraseña nueva está en el gestor de contraseñas (carpeta «region}), no la mandes por correo.
""".replace("«region}", "«region»"))
_b(r"""
«person»: A senha do Kobo está no cofre da equipe; pede acesso ao «person_2» se precisar.
""")
_b(r"""
«person»: Nenosiri jipya limehifadhiwa kwenye Bitwarden, folda ya «region». Usilitume kwa WhatsApp.
""")
_b(r"""
«person»: كلمة المرور محفوظة في مدير كلمات المرور (مجلد «region»)، لا ترسلها عبر واتساب.
""")
_b(r"""
Commit «sha7» fixed the offline sync bug on Collect «ver»; tag v«ver» points to «sha».
""")
_b(r"""
Form «form» version «dig10» published to project «n»; xml hash «md5».
""")
_b(r"""
FYI GitHub tokens look like ghp_ followed by 36 characters; if you see one in a file, revoke it in Settings → Developer settings and tell «person».
""")
_b(r"""
Ask «person» for the Bloomerang API key — it is intentionally not in this doc.
""")
_b(r"""
TODO: move KOBO_TOKEN, DHIS2_PAT and TWILIO_AUTH_TOKEN from the .env on «server» into Vault (paths secret/«org»/kobo, secret/«org»/dhis2, secret/«org»/twilio).
""")
_b(r"""
Decision «date»: no shared passwords for field tablets; each enumerator gets an ODK App User QR code, revoked at end of round «n».
""")
_b(r"""
Running notes «time»: the 401 was because the token had expired, not a wrong token. Regenerated via the UI; value not recorded here.
""")
_b(r"""
Goal: remove the hardcoded Mailgun key from scripts/notify.py and read MAILGUN_API_KEY from the environment; rotation already done by «person».
""")
_b(r"""
«person» («time»): the password is the one in the sealed envelope in the «region} office safe — do not type it here
""".replace("«region}", "«region»"))
_b(r"""
Meeting notes: agreed password length ≥ 14 for admin accounts, passphrases encouraged (four random words). «person» to update the onboarding doc.
""")
_b(r"""
«person»: the donor portal password is the usual pattern, check the vault entry "Donor portal" if you forgot
""")
_b(r"""
Reminder: Microsoft 365 nonprofit tenant «tenant» — global admins must use the FIDO keys; break-glass account details are in the safe, not in Teams.
""")
_b(r"""
Trace id for the failed disbursement: «trace» — share with the PSP support team.
""")
_b(r"""
Support ticket #«num» to Safaricom: ConversationID AG_«dig8»_«hex16», ResultCode 2001 (initiator information invalid). No credentials attached.
""")
_b(r"""
«person»: I reset my own password, all good now, thanks! (no need to send it)
""")
_b(r"""
Checklist for new volunteers: 1) enable 2FA 2) install Bitwarden 3) never commit .env files 4) ask «person» to add you to the «Org» GitHub org
""")
_b(r"""
«person»: wifi password is on the whiteboard in the «region} office, ask the guard 😄
""".replace("«region}", "«region»"))
_b(r"""
Nota: usuario «user» — contraseña: (ver gestor de contraseñas, entrada "DHIS2 «region}")
""".replace("«region}", "«region»"))
_b(r"""
Identifiant : «user» / mot de passe : ******** (envoyé séparément par Signal)
""")
_b(r"""
Senha: ******** — enviada pelo «person» por ligação.
""")
_b(r"""
Jina la mtumiaji: «user»; nenosiri: [limefichwa]
""")
_b(r"""
كلمة المرور: [محذوفة] — اطلبها من «person»
""")
_b(r"""
The API key shown in the screenshot is the test key prefix only (sk_test_…), already revoked; the live key was never in the ticket.
""", 1)
_b(r"""
«person»: the KoboToolbox asset uid is «kuid», form version «dig10» — neither is secret, share freely
""")
_b(r"""
Sync report «date»: «num» submissions from «region», checksum «sha256»
""")
_b(r"""
GOAL: document where each credential lives: CRM → Bitwarden "Fundraising"; DHIS2 → Vault secret/«org»/dhis2; SMS gateway → GitHub Actions secret SMS_API_KEY.
""")

# --- CI / deploy -------------------------------------------------------------
_b(r"""
      - uses: actions/checkout@«sha»  # v4.1.1
      - run: python export.py
        env:
          KOBO_TOKEN: ${{ secrets.KOBO_TOKEN }}
""")
_b(r"""
      - uses: docker/login-action@v3
        with:
          registry: ghcr.io
          username: ${{ github.actor }}
          password: ${{ secrets.GITHUB_TOKEN }}
""", 1)
_b(r"""
deploy:
  script:
    - curl --header "JOB-TOKEN: $CI_JOB_TOKEN" --upload-file collect-«ver».apk "$CI_API_V4_URL/projects/$CI_PROJECT_ID/packages/generic/collect/«ver»/collect.apk"
""")
_b(r"""
jobs:
  call-deploy:
    uses: «org»/workflows/.github/workflows/deploy.yml@«sha»
    secrets: inherit
""")
_b(r"""
stage('Deploy') {
  environment { DB = credentials('civicrm-db') }
  steps { sh './deploy.sh' }   // build «n»
}
""")
_b(r"""
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc npm ci
# base image pinned to «digest»
""")
_b(r"""
variables:
  DHIS2_PASSWORD:
    description: "set in Settings > CI/CD > Variables (masked, protected)"
""", 1)
_b(r"""
image: registry.«dom»/donate-web@«digest»
""")
_b(r"""
- name: Verify checksum
  run: echo "«sha256»  odk-central-«ver».tar.gz" | sha256sum -c
""")
_b(r"""
env:
  - name: DHIS2_PASSWORD
    valueFrom:
      secretKeyRef: { name: dhis2-creds, key: password }
  - name: GIT_SHA
    value: "«sha»"
""")
_b(r"""
helm upgrade --install kobo ./charts/kobo --set postgresql.auth.existingSecret=kobo-db --set image.tag=«sha7»
""")
_b(r"""
fly secrets list -a «org»-crm
NAME              DIGEST            CREATED AT
CIVI_DB_PASSWORD  «hex16»  «date»
""")
_b(r"""
$ gh run view «big» --log | grep -i token
  KOBO_TOKEN: ***
""")
_b(r"""
##[group]Run python export.py
env:
  KOBO_TOKEN: ***
  KOBO_SERVER: https://kf.«dom»
##[endgroup]
""")
_b(r"""
# render.yaml
envVars:
  - key: STRIPE_SECRET_KEY
    sync: false
  - key: GIT_COMMIT
    value: «sha»
""")
_b(r"""
terraform {
  backend "s3" {
    bucket = "«bucket»"
    key    = "odk/«region»/terraform.tfstate"
    region = "eu-west-1"
  }
}
""")
_b(r"""
cosign verify ghcr.io/«org»/sync-agent@«digest» --certificate-identity-regexp '.*' --certificate-oidc-issuer https://token.actions.githubusercontent.com
""")
_b(r"""
docker buildx build --secret id=pip_conf,src=$HOME/.config/pip/pip.conf -t ghcr.io/«org»/etl:«sha7» .
""")
_b(r"""
kubectl -n «ns» rollout status deployment/enketo   # image enketo/enketo-express@«digest»
""")
_b(r"""
ansible-playbook deploy.yml --vault-password-file ~/.ansible/vault_pass_«region».txt -e release=«sha7»
""")
_b(r"""
- name: Create app user
  community.general.odk_user:
    email: "{{ central_admin_email }}"
    password: "{{ vault_central_admin_password }}"
  no_log: true
""", 1)
_b(r"""
cloud-init: ssh_authorized_keys:
  - ssh-ed25519 «pubkey» deploy@«org»
""")
_b(r"""
eas secret:list
Name              Type    Updated
SENTRY_AUTH_TOKEN string  «date»
""")

# --- vendor look-alikes ------------------------------------------------------
_b(r"""
STRIPE_PUBLISHABLE_KEY=«pk»
""")
_b(r"""
TWILIO_ACCOUNT_SID=«acsid»
TWILIO_AUTH_TOKEN=${TWILIO_AUTH_TOKEN}
""")
_b(r"""
FLW_PUBLIC_KEY=FLWPUBK-«hex32»-X
""")
_b(r"""
MAPBOX_PUBLIC_TOKEN=pk.eyJ1Ijoi«b64_18».«an22»
""")
_b(r"""
SLACK_BOT_TOKEN=xoxb-your-bot-token-here
""", 1)
_b(r"""
GITHUB_TOKEN=ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX
""", 1)
_b(r"""
STRIPE_SECRET_KEY=sk_live_••••••••••••«an4»  (last four shown in dashboard)
""")
_b(r"""
AWS_ACCESS_KEY_ID=AKIA****************
AWS_SECRET_ACCESS_KEY=****************************************
""", 1)
_b(r"""
Slack channel «C»: https://«org».slack.com/archives/C«ud10»/p«dig16»
""".replace("«C»", "#field-alerts"))
_b(r"""
Salesforce Org ID: 00D«an15» (Setup → Company Information)
""")
_b(r"""
Azure AD tenant id «tenant», app (client) id «clientid» — both public identifiers
""")
_b(r"""
GOOGLE_OAUTH_CLIENT_ID=«gclient»
""")
_b(r"""
Google Analytics measurement id G-«ud10» on donate.«dom»
""")
_b(r"""
DHIS2 data element «d2uid», category combo «d2uid_2», org unit «d2uid_3»
""")
_b(r"""
CommCare application id «hex32» (build «n»), case type household
""")
_b(r"""
OpenMRS patient uuid «uuid», encounter type «uuid_2»
""")
_b(r"""
ODK Central project «n», form «form», draft token omitted; published version «dig10»
""")
_b(r"""
Kobo asset «kuid» deployment version «an22»
""")
_b(r"""
GitHub Actions run «big» for «org»/kobo-exports at «sha7»
""")
_b(r"""
arn:aws:secretsmanager:af-south-1:«dig12»:secret:«org»/civicrm/prod-«an6»
""")
_b(r"""
projects/«proj»/secrets/rapidpro-token/versions/«n»
""")
_b(r"""
vault://secret/data/«org»/dhis2#password
""")
_b(r"""
op://Field Ops/ODK Central «region»/password
""")
_b(r"""
https://«org».vault.azure.net/secrets/civicrm-db-password/«hex32»
""")
_b(r"""
SENTRY_DSN is configured from the environment; project id «num», org slug «org»
""")
_b(r"""
Stripe Checkout session cs_live_«an58» completed for «email»
""")
_b(r"""
M-Pesa CheckoutRequestID ws_CO_«dig14»«dig8» for «phone»
""")
_b(r"""
WhatsApp Business Account id «dig15», phone number id «dig15_2»
""")
_b(r"""
PayPal order id «ud17» captured, amount «amount» «ccy»
""")
_b(r"""
Telegram chat id -100«dig10» (field alerts group)
""")
_b(r"""
TEXTIT flow uuid «uuid», channel uuid «uuid_2»
""")
_b(r"""
RapidPro contact urn tel:«phone» (uuid «uuid»)
""")
_b(r"""
Infobip message id «uuid» status DELIVERED_TO_HANDSET
""")
_b(r"""
Africa's Talking message id ATXid_«hex32» cost KES 0.8000
""")
_b(r"""
Bloomerang constituent id «num»«num2», transaction id «big»
""")
_b(r"""
CiviCRM contribution id «num», trxn_id ch_«an24»
""")
_b(r"""
age public key: «agepub»
""")
_b(r"""
WireGuard peer public key «wgpub» (field laptop «server»)
""")
_b(r"""
GPG key «gpgid» fingerprint «gpgfp» (release signing, public)
""")
_b(r"""
SSH host key fingerprint for «server»: «fp»
""")
_b(r"""
JWT header decoded: {"alg":"RS256","kid":"«kid»","typ":"JWT"} — payload and signature not included
""")
_b(r"""
base64 of the form title: «b64txt»
""")
_b(r"""
Password placeholder in docs: <your-password>, token placeholder: <your-token>, key placeholder: YOUR_API_KEY_HERE
""", 1)
_b(r"""
DB_PASSWORD=changeme-in-.env (example only, the real value is generated by the installer)
""", 1)
_b(r"""
Secret name: «ns»-db-credentials, keys: username, password (values not shown)
""")


# --- more look-alikes in mixed contexts ----------------------------------------
_b(r"""
$ ls ~/.ssh
config  field_deploy  field_deploy.pub  known_hosts   # key fingerprint «fp»
""")
_b(r"""
$ cat ~/.ssh/field_deploy.pub
ssh-ed25519 «pubkey» «user»@«server»
""")
_b(r"""
$ docker secret ls
ID                          NAME          CREATED
«an25»   db_password   «n» days ago
""")
_b(r"""
$ kubectl get sealedsecrets -A
NAMESPACE   NAME          STATUS   SYNCED   AGE
«ns»        central-db             True     «n»d
""")
_b(r"""
$ git rev-parse HEAD
«sha»
""")
_b(r"""
$ git ls-remote origin refs/heads/main
«sha»	refs/heads/main
""")
_b(r"""
$ md5sum «form».xlsx
«md5»  «form».xlsx
""")
_b(r"""
$ b2sum -l 256 backup_«date».tar.zst
«sha256»  backup_«date».tar.zst
""")
_b(r"""
$ openssl rand -base64 12   # generating a value for the new vault entry, output not kept
""", 1)
_b(r"""
$ pwgen -s 24 1 | vault kv put secret/«org»/couchdb admin_password=-
Success! Data written to: secret/«org»/couchdb
""")
_b(r"""
$ bw list items --search "ODK" | jq '.[].name'
"ODK Central prod («region»)"
"ODK Central staging"
""")
_b(r"""
$ op item list --vault "Field Ops" --format json | jq -r '.[].title'
DHIS2 prod
Kobo super admin
Starlink «region»
""")
_b(r"""
$ curl -s https://api.github.com/repos/«org»/field-app/commits/«sha7» | jq -r .sha
«sha»
""")
_b(r"""
$ python -c "import uuid; print(uuid.uuid4())"
«uuid»
""")
_b(r"""
$ echo -n '«form»' | sha1sum
«hex40»  -
""")
_b(r"""
$ base64 <<< 'region=«region»'
«b64txt»
""")
_b(r"""
$ journalctl -u odk-sync --since today | grep -c "401"
«n»
""")
_b(r"""
$ grep -rn "password" docs/ | head -3
docs/setup.md:12:Set the admin password with `odk-cmd user-set-password` (you will be prompted).
docs/setup.md:40:Never commit passwords; use the `.env` file which is git-ignored.
docs/faq.md:7:Forgot password? Use the reset link on the login page.
""", 1)
_b(r"""
$ cat .gitignore
.env
*.pem
*.key
secrets/
kobo_token.txt
# «sha7»
""")
_b(r"""
$ trufflehog filesystem . --only-verified
🐷🔑🐷  TruffleHog. Unearth your secrets. 🐷🔑🐷
finished scanning chunks=«num» bytes=«big» verified_secrets=0 unverified_secrets=0
""")
_b(r"""
$ gitleaks detect --no-git -v
    ○
    │╲
    │ ○
    ○ ░
    ░    gitleaks
«time»AM INF scan completed in «ms»ms
«time»AM INF no leaks found
""")
_b(r"""
app_version: «ver»
build_sha: «sha»
build_date: «ts»
""")
_b(r"""
"packages/sync-client": {
  "version": "«ver»",
  "resolved": "https://registry.npmjs.org/@«org»/sync-client/-/sync-client-«ver».tgz",
  "integrity": "«sri»"
}
""")
_b(r"""
github.com/getodk/central-backend v«ver» «h1»
""")
_b(r"""
provider "registry.terraform.io/hashicorp/aws" {
  version = "«ver»"
  hashes = [
    "«h1»",
    "zh:«sha256»",
  ]
}
""")
_b(r"""
odk-toolkit==«ver» \
    --hash=sha256:«sha256» \
    --hash=sha256:«sha256_2»
""")
_b(r"""
/etc/ssl/private/central.«dom».key  (mode 0600, owner root) — referenced by nginx, not copied anywhere
""")
_b(r"""
Path to the credentials: /opt/kobo/kobo-env/envfiles/databases.txt (on «server» only)
""")
_b(r"""
C:\Users\«user»\AppData\Roaming\odk\settings\collect.settings   (hash «md5»)
""")
_b(r"""
/var/lib/odk/blobs/«sha256_2»
""")
_b(r"""
https://kf.kobotoolbox.org/#/forms/«kuid»/summary
""")
_b(r"""
https://«host»/dhis-web-data-entry/index.action#/?ds=«d2uid»&ou=«d2uid_2»&pe=«year»Q«n»
""")
_b(r"""
https://www.commcarehq.org/a/«org»/apps/view/«hex32»/
""")
_b(r"""
https://«org».lightning.force.com/lightning/r/Contact/«sfid»/view
""")
_b(r"""
https://central.«dom»/#/projects/«n»/forms/«form»/submissions/uuid:«uuid»
""")
_b(r"""
https://storage.googleapis.com/«bucket»/public/annual-report-«year».pdf
""")
_b(r"""
https://«bucket».s3.amazonaws.com/public/logo.png?versionId=«an32»
""")
_b(r"""
If-None-Match: «etag»
""")
_b(r"""
traceparent: 00-«trace»-«span»-01
""")
_b(r"""
X-Amzn-Trace-Id: Root=1-«hex8»-«hex24»
""")
_b(r"""
X-Cloud-Trace-Context: «trace»/«big»;o=1
""")
_b(r"""
Content-MD5: «b64_16»
""")
_b(r"""
Digest: sha-256=«b64_32»
""")
_b(r"""
Authorization: Bearer <token>
""", 1)
_b(r"""
Authorization: Token ${KOBO_TOKEN}
""", 1)
_b(r"""
Cookie: csrftoken=<redacted>; sessionid=<redacted>
""", 1)
_b(r"""
password: "{{ lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/«org»/db:password') }}"
""")
_b(r"""
password: "{{ vault_dhis2_db_password }}"
""", 1)
_b(r"""
DATABASE_URL=postgres://kobo:${DB_PASSWORD}@«host»:5432/«db»
""")
_b(r"""
DATABASE_URL=postgres://kobo@«host»:5432/«db»?sslmode=verify-full&sslrootcert=/etc/ssl/rds-ca.pem
""")
_b(r"""
mongodb+srv://cluster0.«hex».mongodb.net/?authMechanism=MONGODB-X509
""")
_b(r"""
redis://«host»:6379/0   (auth via ACL user from REDIS_USERNAME/REDIS_PASSWORD env)
""")
_b(r"""
amqp://«host»:5672/%2F  (credentials from RABBITMQ_DEFAULT_USER / RABBITMQ_DEFAULT_PASS)
""")
_b(r"""
jdbc:postgresql://«host»:5432/«db»?ssl=true&sslmode=verify-full
""")
_b(r"""
Server=tcp:«org»-sql.database.windows.net,1433;Initial Catalog=donors;Authentication=Active Directory Default;Encrypt=True;
""")
_b(r"""
The ODK Collect admin password protects settings on the device; it is not the server password. Set it per deployment and store it in the vault («Org»).
""")
_b(r"""
Política de contraseñas: mínimo 12 caracteres, sin reutilizar las últimas cinco; la clave nunca se envía por WhatsApp («Org»).
""")
_b(r"""
Politique de mots de passe : 12 caractères minimum, phrase de passe recommandée, double authentification obligatoire pour la messagerie («Org»).
""")
_b(r"""
Política de senhas: mínimo de 12 caracteres, autenticação em dois fatores obrigatória no e-mail e no CRM («Org»).
""")
_b(r"""
Sera ya nenosiri: herufi 12 au zaidi, usitumie nenosiri moja kwa mifumo miwili, washa uthibitishaji wa hatua mbili («Org»).
""")
_b(r"""
سياسة كلمات المرور: 12 حرفًا على الأقل، وتفعيل التحقق بخطوتين للبريد الإلكتروني («Org»).
""")
_b(r"""
«person»: I changed the Starlink router password and wrote it on the card inside the router box; it's not in this chat on purpose
""")
_b(r"""
«person»: the token in my earlier message was a sample from the docs (ghp_ followed by x's), not a real one
""")
_b(r"""
«person»: FYI the M-Pesa passkey is per shortcode; we need the production one from Safaricom, ticket #«num» is open
""")
_b(r"""
«person»: can someone check why the CommCare API key for «email» stopped working? I regenerated it, the new one is in Bitwarden
""")
_b(r"""
Security incident «date» closed: the leaked key was revoked within «n» minutes; CloudTrail shows no use from unknown IPs (trace «trace»).
""")
_b(r"""
Hash of the beneficiary list sent to the PSP (for reconciliation only): sha256 «sha256»
""")
_b(r"""
Anonymised beneficiary id = HMAC(key_from_vault, national_id) — e.g. «hex64»; the key itself is not in this repo
""")
_b(r"""
Disbursement batch «uuid»: «num» recipients, total «amount» «ccy», file hash «md5»
""")
_b(r"""
«ts» INFO odk-sync: 0 new submissions for «form» (last instanceID uuid:«uuid»)
""")
_b(r"""
«ts» WARN kobo: asset «kuid» has no deployed version; skipping
""")
_b(r"""
«ts» ERROR dhis2: conflict on data element «d2uid»: value "abc" is not a valid number
""")
_b(r"""
«ts» INFO rapidpro: flow start «uuid» queued for «num» contacts
""")
_b(r"""
«ts» INFO couch: _rev «n»-«hex32» written for doc hh_«hex16»
""")
_b(r"""
«ts» INFO syncthing: folder «an5»-«an5_2» scan completed, «num» files, checksum «sha256»
""")
_b(r"""
«ts» INFO vsat link up: modem «server» SNR 9.4 dB, session id «hex16»
""")
_b(r"""
«ts» NOTICE api key rotation scheduled for «date» (key id «kid», not the key)
""")
_b(r"""
«ts» INFO openmrs: session «uuid» created for user «user» (password not logged)
""")
_b(r"""
«ts» INFO civicrm: cache cleared (key civicrm_«hex32»)
""")
_b(r"""
«ts» INFO npsp: batch «sfid» processed, 0 errors
""")
_b(r"""
«ts» INFO bloomerang: webhook signature verified for event «uuid»
""")
_b(r"""
«ts» INFO surveycto: downloaded «form» («num» rows), server «org».surveycto.com
""")
_b(r"""
«ts» WARN mailgun: message «big».«hex16»@mg.«dom» deferred
""")
_b(r"""
- name: Mask token
  run: echo "::add-mask::${{ steps.auth.outputs.token }}"
""", 1)
_b(r"""
      - name: Decrypt secrets
        run: sops -d secrets/«region».enc.yaml > /dev/null && echo "decrypt ok"
""")
_b(r"""
      - run: echo "${{ secrets.KUBECONFIG_B64 }}" | base64 -d > $HOME/.kube/config
""", 1)
_b(r"""
deploy_«region»:
  environment: «region}-prod
  rules:
    - if: $CI_COMMIT_SHA == "«sha»"
""".replace("«region}", "«region»"))
_b(r"""
pipeline «num» for «sha7» passed on «branch» in «ms»s
""")
_b(r"""
image: ghcr.io/«org»/kobo-export:«sha7»
""")


# ---------------------------------------------------------------------------
# final pass: thin BENIGN to its target size (deterministically) and make sure
# no secret value leaked into a benign string
# ---------------------------------------------------------------------------
_BENIGN_TARGET = 950


def _finalise():
    secrets = [s for (_g, _f, _t_, s, _v) in SECRETS if len(s) >= 8]
    clean = [b for b in BENIGN if not any(s in b for s in secrets)]
    extra = len(clean) - _BENIGN_TARGET
    if extra > 0:
        drop = set(_R.sample(range(len(clean)), extra))
        clean = [b for i, b in enumerate(clean) if i not in drop]
    BENIGN[:] = clean


_finalise()
