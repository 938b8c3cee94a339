"""Blind hold-out corpus #78 for a secret-redaction engine.

What it is
    A deterministic list of text fragments, each containing one credential that
    a redaction engine must remove, plus a list of look-alike fragments that
    contain no credential at all and must come through untouched.  The
    fragments imitate what a coding agent (Claude Code, Codex, Gemini CLI)
    records as its working state: goals, running notes, shell commands, tool
    output, file excerpts, decisions, pasted chat messages, log lines and CI
    configuration.

Theme
    E-learning, schools' IT and video conferencing: LMS administration
    (Moodle, Canvas, Blackboard, Google Classroom), LTI 1.3 tool keys and
    platform registrations, SIS integrations (Clever, ClassLink, PowerSchool),
    proctoring and plagiarism services, video conferencing APIs and bots (Zoom,
    Jitsi, BigBlueButton, Webex, Teams bots), captioning and transcription,
    school device management (Google Admin, Jamf School), and teachers and IT
    staff chatting.

Provenance
    Written blind, from general knowledge only, without looking at the engine,
    its rules, or any other corpus.  Where a vendor's real credential shape is
    known its prefix and length are imitated; where it is not known, a
    plausible shape was invented.  All hosts, people, schools, and values are
    fictitious and randomly drawn.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible):
             group    one of command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token (about 185 each);
             format   kebab-case name of the shape, used at most 3 times;
             text     the fragment as the agent recorded it;
             secret   the exact substring of text that must not survive;
             visible  a substring of text that must stay readable, or "".
    BENIGN   list of distinct strings with no credential in them that still
             look secret-ish (hashes, ids, placeholders, masked values,
             references to secret stores, prose about passwords ...).

Determinism
    Every random value is drawn from _R = random.Random(SEED) at import time,
    in a fixed order, so importing the module twice yields identical lists.
    Nothing is printed at import.

Measured
--------
Blind, read after all of that session's rules and its review: recall 0.978 (1,448 of 1,480) and
false positives 22 of 950 (2.3%), the same as with the engine at that session's start. Not tuned
on.
"""
import base64
import hashlib
import random
import string

SEED = 78000078
_R = random.Random(SEED)

_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DI = string.digits
_AN = _LO + _UP + _DI
_HEX = "0123456789abcdef"
_B64U = _AN + "-_"
_SYM = "!*-_.~+="

_USED = set()


def _u(gen):
    """Draw from gen until a value not drawn before comes out."""
    while True:
        v = gen()
        if v not in _USED:
            _USED.add(v)
            return v


def _s(n, a=_AN):
    return "".join(_R.choice(a) for _ in range(n))


def _hex(n):
    return _s(n, _HEX)


def _bytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(n):
    return base64.b64encode(_bytes(n)).decode()


def _b64u(n):
    return base64.urlsafe_b64encode(_bytes(n)).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _R.choice("89ab"), h[17:20], h[20:32])


def _p(seq):
    return _R.choice(seq)


def _n(a, b):
    return _R.randint(a, b)


def _ip():
    return "10.%d.%d.%d" % (_n(0, 255), _n(0, 255), _n(2, 254))


def _ts():
    return "2025-%02d-%02dT%02d:%02d:%02d" % (_n(1, 12), _n(1, 28), _n(0, 23), _n(0, 59), _n(0, 59))


def _ts_sp():
    return _ts().replace("T", " ")


# ---------------------------------------------------------------- vocabulary
_FIRST = ["Amara", "Bogdan", "Chiara", "Dmitri", "Eun-ji", "Farid", "Greta", "Hamza", "Ines",
          "Jonas", "Keisha", "Lars", "Mei", "Nikolai", "Olu", "Priya", "Quentin", "Rosa",
          "Sanjay", "Tomasz", "Ulrike", "Valentina", "Wendell", "Ximena", "Yusuf", "Zofia",
          "Dana", "Marcus", "Aoife", "Kenji", "Lucia", "Oskar", "Fatima", "Rhys", "Noor"]
_LAST = ["Okafor", "Lindqvist", "Patel", "Moreau", "Nguyen", "Kowalski", "Haddad", "Brennan",
         "Yamada", "Schultz", "Delgado", "Abernathy", "Osei", "Van Dijk", "Rossi", "Novak",
         "Fitzgerald", "Achterberg", "Szabo", "Mendes", "Halvorsen", "Quispe", "Iyer"]
_DISTRICTS = ["millbrook-usd", "harlowcreek", "cedarvale-schools", "northfield-isd", "pinecrest-k12",
              "saint-brendans", "riverbend-academy", "oakhollow-sd", "lakemont-district",
              "westmere-college", "ashford-prep", "kingsbridge-ms", "bluewater-isd", "elmridge-hs"]
_TLDS = [".example", ".test", ".example.org", ".internal", ".example.net", ".invalid"]
_SCHOOLS = ["Harlow Creek Middle", "Cedarvale High", "St. Brendan's Primary", "Northfield Elementary",
            "Pinecrest Academy", "Riverbend Upper School", "Oak Hollow Junior High", "Westmere Sixth Form",
            "Lakemont STEM Magnet", "Kingsbridge Middle", "Bluewater Montessori"]
_COURSES = ["BIO-101", "ALG2-P3", "ENG10-H", "CHEM-AP", "HIST-7B", "MATH-6A", "SPAN-II", "PHYS-201",
            "CS-PRINCIPLES", "ART-9", "GEOG-8C", "ECON-12", "MUS-THEORY", "PE-HEALTH"]
_WORDS = ["chalk", "ruler", "beacon", "cobalt", "harbor", "tulip", "orbit", "kettle", "falcon", "maple",
          "quartz", "violet", "pencil", "lantern", "meadow", "glacier", "cactus", "walrus", "sonnet",
          "biscuit", "thunder", "saffron", "pebble", "juniper", "compass", "marble", "otter", "prairie",
          "zephyr", "nimbus", "cricket", "velvet", "anchor", "bramble", "copper", "dolphin", "ember",
          "fjord", "gadget", "hazel", "igloo", "jasper", "kayak", "lilac", "mango", "nectar", "oyster",
          "pepper", "quill", "raven", "spruce", "tiger", "umber", "vortex", "wombat", "yonder", "zinnia",
          "algebra", "atlas", "crayon", "locker", "recess", "satchel", "tutor", "easel", "globe"]
_MASCOTS = ["Eagles", "Tigers", "Falcons", "Wildcats", "Panthers", "Bulldogs", "Hornets", "Mustangs",
            "Spartans", "Owls", "Otters", "Comets", "Knights", "Ravens"]
_SEASONS = ["Spring", "Summer", "Autumn", "Fall", "Winter", "Welcome", "Back2School", "Semester"]


def _dom():
    return _p(_DISTRICTS) + _p(_TLDS)


def _host(prefix=None):
    pre = prefix or _p(["moodle", "lms", "canvas", "bbb", "meet", "jitsi", "sis", "ps", "db01", "pg",
                        "sql02", "proctor", "lti", "zoom-bot", "caption", "mdm", "jamf", "ldap", "dc01",
                        "files", "mail", "cache", "vc", "classroom-sync", "oneroster"])
    return "%s.%s" % (pre, _dom())


def _person():
    return "%s %s" % (_p(_FIRST), _p(_LAST))


def _uname():
    return "%s.%s" % (_p(_FIRST).lower().replace("-", ""), _p(_LAST).lower().replace(" ", ""))


def _svc():
    return _p(["svc_moodle", "svc-canvas-sync", "moodle_admin", "lti_app", "ps_reader", "clever_sync",
               "bbb_admin", "zoom_rooms", "jamf_api", "oneroster", "proctor_svc", "sis_bridge",
               "caption_bot", "webex_bot", "classroom_sync", "mdl_ro", "canvas_rw", "gradebook_etl"])


# ----------------------------------------------------------------- passwords
def _cap(w):
    return w[0].upper() + w[1:]


def _pw_words():
    return "%s%s%d%s" % (_cap(_p(_WORDS)), _cap(_p(_WORDS)), _n(1, 9999), _p(_SYM))


def _pw_phrase():
    return _p(["-", ".", "_"]).join(_p(_WORDS) for _ in range(4)) + str(_n(0, 99))


def _pw_pron():
    cons, vow = "bdfgklmnprstvz", "aeiou"
    s = "".join(_p(cons) + _p(vow) for _ in range(_n(3, 5)))
    return _cap(s) + str(_n(10, 999)) + _p(_SYM)


def _pw_rand():
    base = _s(_n(12, 20), _AN + _SYM)
    return _p(_UP) + base + _p(_DI)


def _pw_school():
    return "%s%d%s%s" % (_p(_SEASONS + _MASCOTS), _n(2019, 2027), _p(_SYM), _s(_n(2, 3), _LO + _DI))


_LEET = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}


def _pw_leet():
    w = _p(_WORDS) + _p(_WORDS)
    out = "".join(_LEET.get(c, c) if _R.random() < 0.6 else c for c in w)
    return _cap(out) + _p(_SYM) + str(_n(1, 99))


# (name, generator)
PW_KINDS = [
    ("words-pw", _pw_words), ("passphrase", _pw_phrase), ("pronounceable-pw", _pw_pron),
    ("random-pw", _pw_rand), ("season-mascot-pw", _pw_school), ("leet-pw", _pw_leet),
]


# -------------------------------------------------------------- token kinds
def _azure_secret():
    return _s(3, _AN) + str(_n(0, 9)) + "Q~" + _s(34, _AN + "_.~-")


def _jwt(claims=None):
    hdr = base64.urlsafe_b64encode(b'{"alg":"RS256","typ":"JWT","kid":"' + _hex(8).encode() + b'"}')
    body = claims or ('{"iss":"https://%s","sub":"%s","aud":"%s","exp":%d}'
                      % (_host("lms"), _uuid(), _s(12), _n(1700000000, 1800000000)))
    b = base64.urlsafe_b64encode(body.encode())
    return "%s.%s.%s" % (hdr.decode().rstrip("="), b.decode().rstrip("="), _b64u(_p([32, 64, 256])))


# (name, ENV_NAME, human label, generator, api host)
TOKEN_KINDS = [
    ("zoom-s2s-client-secret", "ZOOM_CLIENT_SECRET", "Zoom S2S OAuth client secret",
     lambda: _s(32), "api.zoom.us"),
    ("zoom-webhook-secret-token", "ZOOM_WEBHOOK_SECRET_TOKEN", "Zoom webhook secret token",
     lambda: _s(22, _B64U), "api.zoom.us"),
    ("zoom-meeting-sdk-secret", "ZOOM_MSDK_SECRET", "Zoom Meeting SDK secret",
     lambda: _s(32), "zoom.us"),
    ("webex-bot-token", "WEBEX_BOT_TOKEN", "Webex bot access token",
     lambda: _b64(48).rstrip("=").replace("+", "x").replace("/", "Q") + "_PF84_" + _uuid(), "webexapis.com"),
    ("bbb-shared-secret", "BBB_SECRET", "BigBlueButton shared secret",
     lambda: _s(_p([40, 42, 48])), "bbb.example.org"),
    ("jitsi-app-secret", "JITSI_APP_SECRET", "Jitsi JWT app secret",
     lambda: _hex(_p([32, 48, 64])), "meet.example.org"),
    ("teams-bot-app-password", "MicrosoftAppPassword", "Teams bot app password",
     _azure_secret, "login.microsoftonline.com"),
    ("moodle-ws-token", "MOODLE_WSTOKEN", "Moodle web service token",
     lambda: _hex(32), "moodle.example.org"),
    ("canvas-api-token", "CANVAS_API_TOKEN", "Canvas access token",
     lambda: "%d~%s" % (_n(1, 24000), _s(64)), "canvas.instructure.com"),
    ("canvas-dev-key-secret", "CANVAS_DEV_KEY_SECRET", "Canvas developer key secret",
     lambda: _s(64), "canvas.instructure.com"),
    ("blackboard-rest-secret", "BB_REST_SECRET", "Blackboard REST app secret",
     lambda: _s(32), "developer.blackboard.com"),
    ("clever-district-token", "CLEVER_DISTRICT_TOKEN", "Clever district token",
     lambda: _hex(40), "api.clever.com"),
    ("clever-client-secret", "CLEVER_CLIENT_SECRET", "Clever client secret",
     lambda: _hex(40), "clever.com"),
    ("classlink-oneroster-secret", "ONEROSTER_CLIENT_SECRET", "ClassLink OneRoster secret",
     lambda: _hex(24), "oneroster-proxy.classlink.io"),
    ("powerschool-client-secret", "PS_CLIENT_SECRET", "PowerSchool plugin client secret",
     _uuid, "powerschool.example.org"),
    ("turnitin-tca-key", "TCA_API_KEY", "Turnitin Core API key",
     lambda: _uuid().replace("-", "") + _s(8), "api.turnitin.com"),
    ("honorlock-api-secret", "HONORLOCK_SECRET", "Honorlock API secret",
     lambda: "hl_sk_" + _s(40), "api.honorlock.com"),
    ("proctorio-consumer-secret", "PROCTORIO_SECRET", "Proctorio LTI consumer secret",
     lambda: _s(30, _LO + _DI), "proctorio.com"),
    ("assemblyai-key", "ASSEMBLYAI_API_KEY", "AssemblyAI key",
     lambda: _hex(32), "api.assemblyai.com"),
    ("deepgram-key", "DEEPGRAM_API_KEY", "Deepgram key",
     lambda: _hex(40), "api.deepgram.com"),
    ("revai-token", "REVAI_ACCESS_TOKEN", "Rev.ai access token",
     lambda: "02" + _s(66, _AN + "-_"), "api.rev.ai"),
    ("verbit-api-key", "VERBIT_API_KEY", "Verbit captioning key",
     lambda: "vbt_live_" + _s(36), "api.verbit.co"),
    ("jamf-school-api-key", "JAMF_SCHOOL_API_KEY", "Jamf School API key",
     lambda: _s(32, _UP + _DI), "api.jamfschool.com"),
    ("google-api-key", "GOOGLE_API_KEY", "Google API key",
     lambda: "AIza" + _s(35, _B64U), "classroom.googleapis.com"),
    ("google-oauth-client-secret", "GOOGLE_CLIENT_SECRET", "Google OAuth client secret",
     lambda: "GOCSPX-" + _s(28, _B64U), "oauth2.googleapis.com"),
    ("google-refresh-token", "GOOGLE_REFRESH_TOKEN", "Google refresh token",
     lambda: "1//0" + _s(2, _UP) + _s(99, _B64U), "oauth2.googleapis.com"),
    ("slack-bot-token", "SLACK_BOT_TOKEN", "Slack bot token",
     lambda: "xoxb-%d-%d-%s" % (_n(10**10, 10**12), _n(10**12, 10**13), _s(24)), "slack.com"),
    ("github-pat", "GITHUB_TOKEN", "GitHub personal access token",
     lambda: "ghp_" + _s(36), "api.github.com"),
    ("github-fine-grained-pat", "GH_PAT", "GitHub fine-grained PAT",
     lambda: "github_pat_" + _s(22) + "_" + _s(59), "api.github.com"),
    ("gitlab-pat", "GITLAB_TOKEN", "GitLab token",
     lambda: "glpat-" + _s(20, _B64U), "gitlab.example.org"),
    ("sendgrid-key", "SENDGRID_API_KEY", "SendGrid key",
     lambda: "SG." + _s(22, _B64U) + "." + _s(43, _B64U), "api.sendgrid.com"),
    ("twilio-auth-token", "TWILIO_AUTH_TOKEN", "Twilio auth token",
     lambda: _hex(32), "api.twilio.com"),
    ("aws-secret-access-key", "AWS_SECRET_ACCESS_KEY", "AWS secret access key",
     lambda: _s(40, _AN + "+/"), "s3.amazonaws.com"),
    ("openai-key", "OPENAI_API_KEY", "OpenAI key",
     lambda: "sk-proj-" + _s(48, _B64U) + "T3BlbkFJ" + _s(48, _B64U), "api.openai.com"),
    ("anthropic-key", "ANTHROPIC_API_KEY", "Anthropic key",
     lambda: "sk-ant-api03-" + _s(93, _B64U) + "AA", "api.anthropic.com"),
    ("stripe-secret-key", "STRIPE_SECRET_KEY", "Stripe secret key",
     lambda: "sk_live_" + _s(_p([24, 99])), "api.stripe.com"),
    ("sentry-auth-token", "SENTRY_AUTH_TOKEN", "Sentry auth token",
     lambda: "sntryu_" + _hex(64), "sentry.io"),
    ("datadog-api-key", "DD_API_KEY", "Datadog API key",
     lambda: _hex(32), "api.datadoghq.eu"),
    ("vault-token", "VAULT_TOKEN", "Vault token",
     lambda: "hvs." + _s(24), "vault.example.org"),
    ("npm-token", "NPM_TOKEN", "npm token",
     lambda: "npm_" + _s(36), "registry.npmjs.org"),
    ("dockerhub-pat", "DOCKERHUB_TOKEN", "Docker Hub PAT",
     lambda: "dckr_pat_" + _s(27, _B64U), "hub.docker.com"),
    ("okta-api-token", "OKTA_API_TOKEN", "Okta API token",
     lambda: "00" + _s(40, _B64U), "district.okta.com"),
    ("mailgun-key", "MAILGUN_API_KEY", "Mailgun key",
     lambda: "key-" + _hex(32), "api.mailgun.net"),
    ("postmark-server-token", "POSTMARK_SERVER_TOKEN", "Postmark server token",
     _uuid, "api.postmarkapp.com"),
    ("telegram-bot-token", "TELEGRAM_BOT_TOKEN", "Telegram bot token",
     lambda: "%d:AA%s" % (_n(10**9, 8 * 10**9), _s(33, _B64U)), "api.telegram.org"),
    ("discord-bot-token", "DISCORD_BOT_TOKEN", "Discord bot token",
     lambda: "M" + _s(25, _AN) + "." + _s(6, _B64U) + "." + _s(38, _B64U), "discord.com"),
    ("azure-storage-key", "AZURE_STORAGE_KEY", "Azure storage account key",
     lambda: _b64(64), "lmsrecordings.blob.core.windows.net"),
    ("cloudflare-api-token", "CLOUDFLARE_API_TOKEN", "Cloudflare API token",
     lambda: _s(40, _B64U), "api.cloudflare.com"),
    ("digitalocean-token", "DIGITALOCEAN_TOKEN", "DigitalOcean token",
     lambda: "dop_v1_" + _hex(64), "api.digitalocean.com"),
    ("hubspot-private-app", "HUBSPOT_TOKEN", "HubSpot private app token",
     lambda: "pat-na1-" + _uuid(), "api.hubapi.com"),
    ("atlassian-api-token", "JIRA_API_TOKEN", "Atlassian API token",
     lambda: "ATATT3xFfGF0" + _s(170, _B64U) + "=" + _hex(8).upper(), "district.atlassian.net"),
    ("notion-token", "NOTION_TOKEN", "Notion integration token",
     lambda: "ntn_" + _s(46), "api.notion.com"),
    ("linear-api-key", "LINEAR_API_KEY", "Linear API key",
     lambda: "lin_api_" + _s(40), "api.linear.app"),
    ("airtable-pat", "AIRTABLE_TOKEN", "Airtable PAT",
     lambda: "pat" + _s(14) + "." + _hex(64), "api.airtable.com"),
    ("figma-token", "FIGMA_TOKEN", "Figma token",
     lambda: "figd_" + _s(40, _B64U), "api.figma.com"),
    ("pusher-secret", "PUSHER_APP_SECRET", "Pusher app secret",
     lambda: _hex(20), "api-eu.pusher.com"),
    ("kaltura-admin-secret", "KALTURA_ADMIN_SECRET", "Kaltura admin secret",
     lambda: _hex(32), "www.kaltura.com"),
    ("panopto-client-secret", "PANOPTO_CLIENT_SECRET", "Panopto API client secret",
     lambda: _b64(32).rstrip("="), "district.hosted.panopto.com"),
    ("vimeo-access-token", "VIMEO_TOKEN", "Vimeo access token",
     lambda: _hex(32), "api.vimeo.com"),
    ("mux-token-secret", "MUX_TOKEN_SECRET", "Mux token secret",
     lambda: _b64(57).rstrip("="), "api.mux.com"),
    ("daily-api-key", "DAILY_API_KEY", "Daily.co API key",
     lambda: _hex(64), "api.daily.co"),
    ("agora-app-certificate", "AGORA_APP_CERTIFICATE", "Agora app certificate",
     lambda: _hex(32), "api.agora.io"),
    ("twilio-video-key-secret", "TWILIO_API_SECRET", "Twilio API key secret",
     lambda: _s(32), "video.twilio.com"),
    ("vonage-api-secret", "VONAGE_API_SECRET", "Vonage API secret",
     lambda: _s(16), "api.nexmo.com"),
    ("livekit-api-secret", "LIVEKIT_API_SECRET", "LiveKit API secret",
     lambda: _s(43), "livekit.example.org"),
    ("goguardian-api-key", "GOGUARDIAN_KEY", "GoGuardian API key",
     lambda: "gg_" + _s(40, _LO + _DI), "api.goguardian.com"),
    ("securly-api-key", "SECURLY_API_KEY", "Securly key",
     lambda: "sec-" + _hex(12) + "-" + _s(28), "api.securly.com"),
    ("seesaw-partner-secret", "SEESAW_SECRET", "Seesaw partner secret",
     lambda: "ssw_" + _s(44), "api.seesaw.me"),
    ("lti-platform-client-secret", "LTI_CLIENT_SECRET", "LTI platform client secret",
     lambda: _s(48, _AN + "_-"), "lti.example.org"),
    ("azure-openai-key", "AZURE_OPENAI_KEY", "Azure OpenAI key",
     lambda: _hex(32), "district-ai.openai.azure.com"),
    ("azure-client-secret", "AZURE_CLIENT_SECRET", "Entra app client secret",
     _azure_secret, "graph.microsoft.com"),
    ("zoom-oauth-access-token", "ZOOM_ACCESS_TOKEN", "Zoom access token",
     lambda: _jwt('{"aud":"https://oauth.zoom.us","uid":"%s","ver":10,"exp":%d}'
                  % (_s(22), _n(1700000000, 1800000000))), "api.zoom.us"),
    ("gemini-api-key", "GEMINI_API_KEY", "Gemini API key",
     lambda: "AIza" + _s(35, _B64U), "generativelanguage.googleapis.com"),
]

PW_KINDS_T = [(n, "", "password", g, "") for n, g in PW_KINDS]

_CTX = []


def _ctx(group, name, kinds="tok", k=4):
    def deco(fn):
        _CTX.append((group, name, fn, kinds, k))
        return fn
    return deco


def _v(k):
    return _u(k[3])


# =================================================================== command
G = "command"


@_ctx(G, "mysql-inline-p", "pw", 3)
def _c1(k):
    h, pw = _host("db01"), _v(k)
    return ("$ mysql -h %s -u moodle_admin -p'%s' moodle -e \"SELECT id, shortname FROM mdl_course "
            "WHERE visible=0 LIMIT 20;\"" % (h, pw), pw, h)


@_ctx(G, "psql-url-arg", "pw", 3)
def _c2(k):
    h, pw = _host("pg"), _v(k)
    return ('psql "postgresql://canvas:%s@%s:5432/canvas_production" -c "\\dt public.*"' % (pw, h), pw, h)


@_ctx(G, "pgpassword-env-pg-dump", "pw", 3)
def _c3(k):
    h, pw = _host("pg"), _v(k)
    return ("PGPASSWORD='%s' pg_dump -h %s -U moodle -Fc moodle > /backup/moodle_$(date +%%F).dump"
            % (pw, h), pw, "pg_dump -h " + h)


@_ctx(G, "moodle-cli-reset-password", "pw", 3)
def _c4(k):
    u, pw = _uname(), _v(k)
    return ("cd /var/www/moodle && sudo -u www-data php admin/cli/reset_password.php --username=%s "
            "--password='%s' --ignore-password-policy" % (u, pw), pw, "--username=" + u)


@_ctx(G, "ldapsearch-bind-w", "pw", 3)
def _c5(k):
    h, pw = _host("dc01"), _v(k)
    return ('ldapsearch -x -H ldaps://%s -D "cn=svc-moodle,ou=Service Accounts,dc=district,dc=local" '
            "-w '%s' -b \"ou=Staff,dc=district,dc=local\" \"(mail=*)\" cn mail" % (h, pw), pw, h)


@_ctx(G, "sshpass-bbb-status", "pw", 3)
def _c6(k):
    h, pw = _host("bbb"), _v(k)
    return ("sshpass -p '%s' ssh -o StrictHostKeyChecking=no it-admin@%s 'sudo bbb-conf --status'"
            % (pw, h), pw, "it-admin@" + h)


@_ctx(G, "docker-run-db-root-password", "pw", 3)
def _c7(k):
    pw = _v(k)
    return ("docker run -d --name moodle-db -e MARIADB_DATABASE=moodle -e MARIADB_USER=moodle \\\n"
            "  -e MARIADB_ROOT_PASSWORD=%s -v moodle-db:/var/lib/mysql mariadb:10.11" % pw, pw,
            "--name moodle-db")


@_ctx(G, "smbclient-domain-user-percent", "pw", 3)
def _c8(k):
    u, pw = _uname(), _v(k)
    return ("smbclient '//files01/staff$' -U 'DISTRICT\\%s%%%s' -c 'cd Exams; ls'" % (u, pw), pw, u)


@_ctx(G, "curl-basic-user-colon-pass", "pw", 3)
def _c9(k):
    h, pw = _host("ps"), _v(k)
    return ("curl -su svc_powerschool:%s https://%s/ws/v1/district/student/count | jq ." % (pw, h), pw, h)


@_ctx(G, "mongosh-srv-uri", "pw", 3)
def _c10(k):
    pw = _v(k)
    c = "cluster%d.%s.mongodb.net" % (_n(0, 9), _s(5, _LO + _DI))
    return ('mongosh "mongodb+srv://lti_app:%s@%s/lti_tool?retryWrites=true&w=majority"' % (pw, c), pw, c)


@_ctx(G, "redis-cli-auth-flag", "pw", 3)
def _c11(k):
    h, pw = _host("cache"), _v(k)
    return ("redis-cli -h %s -p 6379 -a '%s' --no-auth-warning INFO keyspace" % (h, pw), pw, h)


@_ctx(G, "htpasswd-batch", "pw", 3)
def _c12(k):
    pw = _v(k)
    return ("sudo htpasswd -b /etc/nginx/.htpasswd proctor-review '%s'" % pw, pw, "/etc/nginx/.htpasswd")


@_ctx(G, "net-user-add-domain", "pw", 3)
def _c13(k):
    pw = _v(k)
    return ("PS C:\\> net user svc_zoomrooms %s /add /domain /comment:\"Zoom Rooms controller\"" % pw, pw,
            "svc_zoomrooms")


@_ctx(G, "gam-create-user-password", "pw", 3)
def _c14(k):
    u, pw = _uname(), _v(k)
    d = _dom()
    return ("gam create user %s@%s firstname %s lastname %s password '%s' changepassword on org '/Staff/Teachers'"
            % (u, d, _p(_FIRST), _p(_LAST).replace(" ", ""), pw), pw, "%s@%s" % (u, d))


@_ctx(G, "echo-pipe-chpasswd", "pw", 3)
def _c15(k):
    pw = _v(k)
    u = "labstudent%02d" % _n(1, 40)
    return ("echo '%s:%s' | sudo chpasswd   # lab image, room 114" % (u, pw), pw, u)


@_ctx(G, "git-clone-userinfo", "pw", 3)
def _c16(k):
    h, pw = _host("git"), _v(k)
    return ("git clone https://deploy-bot:%s@%s/lms/moodle-local-plugins.git" % (pw, h), pw, h)


@_ctx(G, "curl-bearer-header", "tok", 5)
def _c17(k):
    t = _v(k)
    return ('curl -s -H "Authorization: Bearer %s" https://%s/v2/users/me | jq .' % (t, k[4]), t, k[4])


@_ctx(G, "export-then-run", "tok", 5)
def _c18(k):
    t = _v(k)
    return ("export %s=%s\npython3 sync_rosters.py --term 2025-FA --dry-run" % (k[1], t), t,
            "sync_rosters.py")


@_ctx(G, "cli-token-flag", "tok", 4)
def _c19(k):
    t = _v(k)
    return ("./lti-sync --base-url https://%s --token %s --course %d --verbose" % (_host("lms"), t, _n(100, 9999)),
            t, "./lti-sync")


@_ctx(G, "gh-secret-set-body", "tok", 4)
def _c20(k):
    t = _v(k)
    return ('gh secret set %s --body "%s" --repo district-it/%s' % (k[1], t, _p(["zoom-roster-bot", "lti-tool",
            "caption-worker", "sis-bridge"])), t, "gh secret set " + k[1])


@_ctx(G, "kubectl-create-secret-from-literal", "tok", 4)
def _c21(k):
    t = _v(k)
    return ("kubectl -n lms create secret generic %s --from-literal=%s=%s --dry-run=client -o yaml | kubectl apply -f -"
            % (k[0], k[1].lower(), t), t, "kubectl -n lms")


@_ctx(G, "httpie-auth-header", "tok", 4)
def _c22(k):
    t = _v(k)
    return ("http POST https://%s/v1/jobs Authorization:'Bearer %s' media_url=https://%s/rec/%s.mp4"
            % (k[4], t, _host("files"), _hex(12)), t, "http POST")


@_ctx(G, "echo-to-secret-file", "tok", 4)
def _c23(k):
    t = _v(k)
    return ('echo "%s" > ~/.config/%s/token && chmod 600 ~/.config/%s/token' % (t, k[0], k[0]), t, "chmod 600")


@_ctx(G, "curl-query-api-key", "tok", 4)
def _c24(k):
    t = _v(k)
    return ('curl "https://%s/api/v1/status?api_key=%s&format=json"' % (k[4], t), t, k[4])


@_ctx(G, "docker-login-password-stdin", "tok", 3)
def _c25(k):
    t = _v(k)
    return ("echo %s | docker login ghcr.io -u district-ci --password-stdin" % t, t, "docker login ghcr.io")


@_ctx(G, "heredoc-env-file", "tok", 4)
def _c26(k):
    t = _v(k)
    return ("cat > /opt/bot/.env <<'EOF'\nLOG_LEVEL=info\n%s=%s\nTZ=Europe/Dublin\nEOF" % (k[1], t), t,
            "/opt/bot/.env")


@_ctx(G, "vault-kv-put", "tok", 4)
def _c27(k):
    t = _v(k)
    return ("vault kv put secret/lms/%s value=%s owner=it-platform" % (k[0], t), t, "vault kv put")


@_ctx(G, "aws-ssm-put-parameter", "tok", 4)
def _c28(k):
    t = _v(k)
    return ("aws ssm put-parameter --name /lms/prod/%s --type SecureString --value '%s' --overwrite"
            % (k[1], t), t, "/lms/prod/" + k[1])


@_ctx(G, "powershell-invoke-restmethod", "tok", 4)
def _c29(k):
    t = _v(k)
    return ('$headers = @{ Authorization = "Bearer %s" }\nInvoke-RestMethod -Uri "https://%s/v1/me" -Headers $headers'
            % (t, k[4]), t, "Invoke-RestMethod")


@_ctx(G, "bbb-api-create-checksum", None)
def _c30(k):
    h = _host("bbb")
    c = _hex(40)
    _USED.add(c)
    mid = "%s-%s" % (_p(_COURSES).lower(), _n(1, 99))
    return ('curl "https://%s/bigbluebutton/api/create?name=%s&meetingID=%s&record=true&checksum=%s"'
            % (h, mid, mid, c), c, h)


@_ctx(G, "ssh-keygen-passphrase", "pw", 3)
def _c31(k):
    pw = _v(k)
    return ("ssh-keygen -t ed25519 -C jamf-deploy@%s -N '%s' -f ~/.ssh/jamf_deploy" % (_dom(), pw), pw,
            "~/.ssh/jamf_deploy")


@_ctx(G, "openssl-pkcs12-passout", "pw", 3)
def _c32(k):
    pw = _v(k)
    return ("openssl pkcs12 -export -in lti_tool.crt -inkey lti_tool.key -out lti_tool.p12 -passout pass:%s"
            % pw, pw, "lti_tool.p12")


@_ctx(G, "wget-user-password", "pw", 3)
def _c33(k):
    h, pw = _host("files"), _v(k)
    return ("wget --user=%s --password=%s https://%s/exports/gradebook-2025.csv" % (_uname(), pw, h), pw, h)


@_ctx(G, "sqlcmd-capital-p", "pw", 3)
def _c34(k):
    pw = _v(k)
    return ('sqlcmd -S sis-sql01\\PSPROD -U ps_reader -P "%s" -Q "SELECT COUNT(*) FROM Students WHERE Enroll_Status=0"'
            % pw, pw, "sis-sql01")


@_ctx(G, "mysql-alter-user-identified-by", "pw", 3)
def _c35(k):
    pw = _v(k)
    return ("sudo mysql -e \"ALTER USER 'moodle'@'%%' IDENTIFIED BY '%s'; FLUSH PRIVILEGES;\"" % pw, pw,
            "ALTER USER")


@_ctx(G, "az-storage-account-key-flag", None)
def _c36(k):
    t = _u(lambda: _b64(64))
    return ("az storage blob upload --account-name lmsrecordings --account-key %s -c recordings -f lecture-%d.mp4"
            % (t, _n(1, 999)), t, "--account-name lmsrecordings")


@_ctx(G, "prosodyctl-register", "pw", 3)
def _c37(k):
    pw = _v(k)
    h = _host("meet")
    return ("sudo prosodyctl register focus auth.%s %s" % (h, pw), pw, "auth." + h)


@_ctx(G, "bbb-conf-setsecret", None)
def _c38(k):
    t = _u(lambda: _s(48))
    return ("sudo bbb-conf --setsecret %s && sudo bbb-conf --restart" % t, t, "bbb-conf --restart")


# =============================================================== tool-output
G = "tool-output"


@_ctx(G, "env-grep-output", "tok", 4)
def _t1(k):
    t = _v(k)
    return ("$ env | grep -i %s\n%s_BASE_URL=https://%s\n%s=%s\n%s_TIMEOUT=30"
            % (k[1].split("_")[0].lower(), k[1].split("_")[0], k[4], k[1], t, k[1].split("_")[0]), t, k[4])


@_ctx(G, "kubectl-get-secret-yaml-b64", "tok", 4)
def _t2(k):
    raw = _v(k)
    b = base64.b64encode(raw.encode()).decode()
    _USED.add(b)
    return ("$ kubectl -n lms get secret %s -o yaml\napiVersion: v1\ndata:\n  %s: %s\nkind: Secret\nmetadata:\n"
            "  name: %s\n  namespace: lms\ntype: Opaque" % (k[0], k[1].lower(), b, k[0]), b, "namespace: lms")


@_ctx(G, "docker-inspect-env-array", "tok", 4)
def _t3(k):
    t = _v(k)
    return ('$ docker inspect caption-worker --format \'{{json .Config.Env}}\'\n["PATH=/usr/local/bin:/usr/bin",'
            '"%s=%s","PYTHONUNBUFFERED=1"]' % (k[1], t), t, "caption-worker")


@_ctx(G, "cat-n-dotenv", "tok", 4)
def _t4(k):
    t = _v(k)
    return ("     1\tAPP_ENV=production\n     2\tAPP_URL=https://%s\n     3\t%s=%s\n     4\tQUEUE=redis"
            % (_host("lti"), k[1], t), t, "APP_ENV=production")


@_ctx(G, "docker-compose-config-output", "pw", 3)
def _t5(k):
    pw = _v(k)
    return ("$ docker compose config\nservices:\n  db:\n    environment:\n      MYSQL_DATABASE: moodle\n"
            "      MYSQL_PASSWORD: %s\n      MYSQL_USER: moodle\n    image: mysql:8.0" % pw, pw, "image: mysql:8.0")


@_ctx(G, "heroku-config-listing", "tok", 4)
def _t6(k):
    t = _v(k)
    return ("$ heroku config -a lti-quiz-tool\n=== lti-quiz-tool Config Vars\nDATABASE_URL:  (managed)\n"
            "%s: %s\nWEB_CONCURRENCY: 2" % (k[1] + ":" + " " * max(1, 24 - len(k[1])), t), t, "lti-quiz-tool")


@_ctx(G, "oauth-token-endpoint-response", None)
def _t7(k):
    t = _u(_jwt)
    return ('$ curl -s -X POST https://zoom.us/oauth/token -d grant_type=account_credentials ...\n'
            '{"access_token":"%s","token_type":"bearer","expires_in":3599,"scope":"meeting:read:admin user:read:admin"}'
            % t, t, "zoom.us/oauth/token")


@_ctx(G, "git-config-list-remote-token", None)
def _t8(k):
    t = _u(lambda: "ghs_" + _s(36))
    return ("$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url="
            "https://x-access-token:%s@github.com/district-it/moodle-theme.git" % t, t, "remote.origin.url")


@_ctx(G, "pip-config-list-index-url", "pw", 2)
def _t9(k):
    pw = _v(k)
    h = _host("pypi")
    return ("$ pip config list\nglobal.index-url='https://ci-reader:%s@%s/simple/'\nglobal.timeout='60'" % (pw, h),
            pw, h)


@_ctx(G, "npm-config-list-authtoken", None)
def _t10(k):
    t = _u(lambda: "npm_" + _s(36))
    return ("$ npm config list\n; \"user\" config from /home/ci/.npmrc\n\n//registry.npmjs.org/:_authToken = %s\n"
            "@district:registry = \"https://npm.pkg.github.com/\"" % t, t, "/home/ci/.npmrc")


@_ctx(G, "terraform-output-json", "tok", 3)
def _t11(k):
    t = _v(k)
    return ('$ terraform output -json\n{\n  "%s": {\n    "sensitive": false,\n    "type": "string",\n'
            '    "value": "%s"\n  }\n}' % (k[1].lower(), t), t, '"sensitive": false')


@_ctx(G, "az-ad-sp-credential-reset", None)
def _t12(k):
    t = _u(_azure_secret)
    return ('$ az ad app credential reset --id %s --append\n{\n  "appId": "%s",\n  "password": "%s",\n'
            '  "tenant": "%s"\n}' % (_uuid(), _uuid(), t, _uuid()), t, "az ad app credential reset")


@_ctx(G, "aws-iam-create-access-key", None)
def _t13(k):
    t = _u(lambda: _s(40, _AN + "+/"))
    return ('$ aws iam create-access-key --user-name lms-backup\n{\n    "AccessKey": {\n        "UserName": '
            '"lms-backup",\n        "AccessKeyId": "AKIA%s",\n        "Status": "Active",\n'
            '        "SecretAccessKey": "%s"\n    }\n}' % (_s(16, _UP + _DI), t), t, '"UserName": "lms-backup"')


@_ctx(G, "bbb-conf-secret-output", None)
def _t14(k):
    t = _u(lambda: _s(_p([40, 48])))
    h = _host("bbb")
    return ("$ sudo bbb-conf --secret\n\n    URL: https://%s/bigbluebutton/\n    Secret: %s\n\n"
            "    Link to the API-Mate:\n    https://mconf.github.io/api-mate/#server=https://%s/bigbluebutton/"
            % (h, t, h), t, "URL: https://%s/bigbluebutton/" % h)


@_ctx(G, "kubectl-describe-pod-env", "tok", 4)
def _t15(k):
    t = _v(k)
    return ("    Environment:\n      LOG_LEVEL:        info\n      %s:  %s\n      REDIS_URL:        "
            "<set to the key 'url' in secret 'redis'>" % (k[1], t), t, "LOG_LEVEL:")


@_ctx(G, "python-repl-environ", "tok", 3)
def _t16(k):
    t = _v(k)
    return (">>> import os\n>>> os.environ[%r]\n'%s'" % (k[1], t), t, "os.environ")


@_ctx(G, "cat-netrc", "pw", 3)
def _t17(k):
    pw = _v(k)
    h = _host("moodle")
    return ("$ cat ~/.netrc\nmachine %s\n  login admin\n  password %s" % (h, pw), pw, "machine " + h)


@_ctx(G, "cat-pgpass", "pw", 3)
def _t18(k):
    pw = _v(k)
    h = _host("pg")
    return ("$ cat ~/.pgpass\n# host:port:db:user:password\n%s:5432:moodle:moodle:%s" % (h, pw), pw, h)


@_ctx(G, "cat-my-cnf", "pw", 3)
def _t19(k):
    pw = _v(k)
    return ("$ sudo cat /root/.my.cnf\n[client]\nuser=root\npassword=\"%s\"\nsocket=/run/mysqld/mysqld.sock" % pw,
            pw, "socket=/run/mysqld/mysqld.sock")


@_ctx(G, "docker-config-json-auth", "pw", 3)
def _t20(k):
    pw = _v(k)
    b = base64.b64encode(("district-ci:" + pw).encode()).decode()
    _USED.add(b)
    return ('$ cat ~/.docker/config.json\n{\n  "auths": {\n    "registry.%s": {\n      "auth": "%s"\n    }\n  }\n}'
            % (_dom(), b), b, '"auths"')


@_ctx(G, "systemctl-cat-environment", "tok", 4)
def _t21(k):
    t = _v(k)
    return ("$ systemctl cat zoom-roster-bot\n# /etc/systemd/system/zoom-roster-bot.service\n[Service]\n"
            "User=zoombot\nEnvironment=\"%s=%s\"\nExecStart=/opt/zoombot/venv/bin/python -m bot" % (k[1], t), t,
            "User=zoombot")


@_ctx(G, "crontab-l-token-arg", "tok", 3)
def _t22(k):
    t = _v(k)
    return ("$ crontab -l\n# nightly roster sync\n15 2 * * * /usr/local/bin/roster-sync --source clever --token %s "
            ">> /var/log/roster-sync.log 2>&1" % t, t, "/var/log/roster-sync.log")


@_ctx(G, "ps-aux-cmdline-password", "pw", 3)
def _t23(k):
    pw = _v(k)
    return ("$ ps aux | grep sis-bridge\nsisbr   %d  2.1  4.0 3124556 654320 ?  Sl   06:02   1:13 java -Xmx2g -jar "
            "/opt/sis-bridge/sis-bridge.jar --db-user=ps_reader --db-password=%s" % (_n(1000, 40000), pw), pw,
            "--db-user=ps_reader")


@_ctx(G, "shell-history-output", "pw", 3)
def _t24(k):
    pw = _v(k)
    n = _n(200, 900)
    return ("$ history | tail -4\n  %d  cd /var/www/moodle\n  %d  mysql -u root -p%s\n  %d  sudo systemctl restart php8.1-fpm"
            % (n, n + 1, pw, n + 2), pw, "php8.1-fpm")


@_ctx(G, "powershell-env-table", "tok", 3)
def _t25(k):
    t = _v(k)
    return ("PS> Get-ChildItem Env: | Where-Object Name -like '*%s*'\n\nName                           Value\n"
            "----                           -----\n%-30s %s" % (k[1][:4], k[1], t), t, "Get-ChildItem Env:")


@_ctx(G, "curl-verbose-basic-auth", "pw", 3)
def _t26(k):
    pw = _v(k)
    h = _host("oneroster")
    b = base64.b64encode(("oneroster:" + pw).encode()).decode()
    _USED.add(b)
    return ("> GET /ims/oneroster/v1p1/classes HTTP/1.1\n> Host: %s\n> Authorization: Basic %s\n> User-Agent: curl/8.5.0"
            % (h, b), b, "Host: " + h)


@_ctx(G, "curl-verbose-set-cookie", [("moodlesession", "MoodleSession"), ("canvas-session", "canvas_session"),
                                      ("bbrouter", "BbRouter"), ("laravel-session", "laravel_session")], 3)
def _t27(k):
    name = k[1]
    if name == "BbRouter":
        v = _u(lambda: "expires:%d,id:%s,signature:%s,site:%s,v:2" % (_n(10**9, 2 * 10**9), _hex(32).upper(),
                                                                        _hex(64), _uuid()))
    elif name == "MoodleSession":
        v = _u(lambda: _s(26, _LO + _DI))
    else:
        v = _u(lambda: _b64u(_p([48, 96])))
    return ("< HTTP/2 303\n< location: https://%s/my/\n< set-cookie: %s=%s; path=/; secure; HttpOnly; SameSite=None"
            % (_host("lms"), name, v), v, "< HTTP/2 303")


@_ctx(G, "helm-get-values", "tok", 3)
def _t28(k):
    t = _v(k)
    return ("$ helm get values caption-worker -n media\nUSER-SUPPLIED VALUES:\nreplicaCount: 2\nsecrets:\n  %s: %s"
            % (k[1].lower(), t), t, "USER-SUPPLIED VALUES:")


@_ctx(G, "moodle-cfg-cli-get", "pw", 2)
def _t29(k):
    pw = _v(k)
    return ("$ sudo -u www-data php admin/cli/cfg.php --name=smtppass\n%s" % pw, pw, "--name=smtppass")


@_ctx(G, "jamf-api-token-response", None)
def _t30(k):
    t = _u(lambda: _jwt('{"aud":"jamf-pro","sub":"%d","token-uuid":"%s"}' % (_n(1, 99), _uuid())))
    return ('$ curl -su api-client -X POST https://%s/api/v1/auth/token\n{\n  "token" : "%s",\n'
            '  "expires" : "2025-09-01T10:22:31.113Z"\n}' % (_host("jamf"), t), t, "/api/v1/auth/token")


def _pem_body(nbytes, width=64):
    raw = base64.b64encode(_bytes(nbytes)).decode()
    return "\n".join(raw[i:i + width] for i in range(0, len(raw), width))


# =============================================================== config-file
G = "config-file"


@_ctx(G, "moodle-config-php-dbpass", "pw", 3)
def _f1(k):
    pw = _v(k)
    h = _host("db01")
    return ("$CFG->dbtype    = 'mariadb';\n$CFG->dbhost    = '%s';\n$CFG->dbname    = 'moodle';\n"
            "$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '%s';\n$CFG->prefix    = 'mdl_';" % (h, pw), pw, h)


@_ctx(G, "pgpass-file", "pw", 3)
def _f2(k):
    pw = _v(k)
    h = _host("pg")
    return ("# ~/.pgpass (chmod 0600) - canvas reporting replica\n%s:5432:canvas_production:canvas_ro:%s" % (h, pw),
            pw, h)


@_ctx(G, "my-cnf-client-section", "pw", 3)
def _f3(k):
    pw = _v(k)
    return ("[client]\nuser     = backup\npassword = %s\nhost     = 127.0.0.1\n\n[mysqldump]\nsingle-transaction" % pw,
            pw, "[mysqldump]")


@_ctx(G, "dotenv-with-comments", "tok", 5)
def _f4(k):
    t = _v(k)
    return ("# --- %s ---\n# rotated by IT each term\n%s_ENABLED=true\n%s=%s\n" % (k[2], k[1].split("_")[0], k[1], t),
            t, "rotated by IT each term")


@_ctx(G, "docker-compose-environment-list", "tok", 4)
def _f5(k):
    t = _v(k)
    return ("services:\n  worker:\n    image: ghcr.io/district-it/caption-worker:1.8.2\n    environment:\n"
            "      - QUEUE_URL=redis://cache:6379/2\n      - %s=%s\n    restart: unless-stopped" % (k[1], t), t,
            "caption-worker:1.8.2")


@_ctx(G, "spring-application-yml", "tok", 3)
def _f6(k):
    t = _v(k)
    return ("lti:\n  platform:\n    issuer: https://%s\n    client-id: \"%d\"\n    client-secret: %s\n"
            "  tool:\n    deployment-id: \"%d:%s\"" % (_host("canvas"), _n(10**13, 10**14), t, _n(1, 99), _hex(40)),
            t, "deployment-id")


@_ctx(G, "appsettings-json-teams-bot", None)
def _f7(k):
    t = _u(_azure_secret)
    return ('{\n  "MicrosoftAppType": "SingleTenant",\n  "MicrosoftAppId": "%s",\n  "MicrosoftAppPassword": "%s",\n'
            '  "MicrosoftAppTenantId": "%s"\n}' % (_uuid(), t, _uuid()), t, '"MicrosoftAppType": "SingleTenant"')


@_ctx(G, "toml-service-config", "tok", 4)
def _f8(k):
    t = _v(k)
    return ("[service]\nname = \"%s-sync\"\ninterval = \"15m\"\n\n[service.auth]\napi_key = \"%s\"\n" % (k[0], t),
            t, "[service.auth]")


@_ctx(G, "ini-section-token", "tok", 4)
def _f9(k):
    t = _v(k)
    return ("[%s]\nbase_url = https://%s\ntoken = %s\nverify_ssl = true" % (k[0].split("-")[0], k[4], t), t,
            "verify_ssl = true")


@_ctx(G, "web-config-connection-string", "pw", 3)
def _f10(k):
    pw = _v(k)
    return ('<connectionStrings>\n  <add name="SisDb" providerName="System.Data.SqlClient"\n'
            '       connectionString="Server=sis-sql01;Database=PSReporting;User Id=ps_reader;Password=%s;Encrypt=True;" />\n'
            "</connectionStrings>" % pw, pw, "User Id=ps_reader")


@_ctx(G, "k8s-secret-stringdata", "tok", 4)
def _f11(k):
    t = _v(k)
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: %s\n  namespace: lms\ntype: Opaque\nstringData:\n"
            "  %s: \"%s\"" % (k[0], k[1], t), t, "kind: Secret")


@_ctx(G, "terraform-tfvars", "tok", 3)
def _f12(k):
    t = _v(k)
    return ('region          = "eu-west-1"\nenvironment     = "prod"\n%s = "%s"' % (k[1].lower(), t), t,
            'environment     = "prod"')


@_ctx(G, "lti-tool-json-escaped-pem", None)
def _f13(k):
    body = _u(lambda: _pem_body(_p([1190, 1218])))
    esc = body.replace("\n", "\\n")
    return ('{\n  "kid": "lti-%s",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n'
            '  "jwks_url": "https://%s/.well-known/jwks.json"\n}' % (_hex(8), esc, _host("lti")), esc, '"jwks_url"')


@_ctx(G, "pem-rsa-private-key-file", [("rsa", "RSA PRIVATE KEY"), ("pkcs8", "PRIVATE KEY"),
                                       ("ec", "EC PRIVATE KEY"), ("openssh", "OPENSSH PRIVATE KEY")], 4)
def _f14(k):
    n = {"RSA PRIVATE KEY": 1190, "PRIVATE KEY": 1216, "EC PRIVATE KEY": 121, "OPENSSH PRIVATE KEY": 399}[k[1]]
    body = _u(lambda: _pem_body(n, 70 if "OPENSSH" in k[1] else 64))
    return ("# /etc/lti/keys/tool-%s.key\n-----BEGIN %s-----\n%s\n-----END %s-----" % (_hex(6), k[1], body, k[1]),
            body, "/etc/lti/keys/")


@_ctx(G, "jitsi-prosody-cfg-lua", None)
def _f15(k):
    t = _u(lambda: _hex(64))
    h = _host("meet")
    return ('VirtualHost "%s"\n    authentication = "token"\n    app_id = "school_meet"\n    app_secret = "%s"\n'
            '    allow_empty_token = false' % (h, t), t, 'app_id = "school_meet"')


@_ctx(G, "bbb-web-properties-salt", None)
def _f16(k):
    t = _u(lambda: _s(48))
    return ("# /etc/bigbluebutton/bbb-web.properties\nbigbluebutton.web.serverURL=https://%s\nsecuritySalt=%s\n"
            "defaultMaxUsers=0" % (_host("bbb"), t), t, "defaultMaxUsers=0")


@_ctx(G, "docker-jitsi-env-passwords", "pw", 3)
def _f17(k):
    pw = _v(k)
    return ("# docker-jitsi-meet .env\nPUBLIC_URL=https://%s\nJICOFO_AUTH_PASSWORD=%s\nJVB_AUTH_USER=jvb\nTZ=UTC"
            % (_host("meet"), pw), pw, "JVB_AUTH_USER=jvb")


@_ctx(G, "npmrc-github-packages", None)
def _f18(k):
    t = _u(lambda: "ghp_" + _s(36))
    return ("@district-it:registry=https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=%s\nalways-auth=true"
            % t, t, "@district-it:registry")


@_ctx(G, "pip-conf-extra-index", "pw", 2)
def _f19(k):
    pw = _v(k)
    h = _host("nexus")
    return ("[global]\nextra-index-url = https://build:%s@%s/repository/pypi-internal/simple\ntimeout = 60" % (pw, h),
            pw, h)


@_ctx(G, "git-credentials-line", None)
def _f20(k):
    t = _u(lambda: "glpat-" + _s(20, _B64U))
    return ("# ~/.git-credentials\nhttps://oauth2:%s@gitlab.%s" % (t, _dom()), t, "~/.git-credentials")


@_ctx(G, "maven-settings-server", "pw", 3)
def _f21(k):
    pw = _v(k)
    return ("<servers>\n  <server>\n    <id>district-nexus</id>\n    <username>deploy</username>\n"
            "    <password>%s</password>\n  </server>\n</servers>" % pw, pw, "<id>district-nexus</id>")


@_ctx(G, "moodle-config-smtp", "pw", 3)
def _f22(k):
    pw = _v(k)
    return ("$CFG->smtphosts = 'smtp.%s:587';\n$CFG->smtpsecure = 'tls';\n$CFG->smtpuser = 'noreply-moodle';\n"
            "$CFG->smtppass = '%s';" % (_dom(), pw), pw, "$CFG->smtpuser")


@_ctx(G, "canvas-database-yml", "pw", 3)
def _f23(k):
    pw = _v(k)
    h = _host("pg")
    return ("production:\n  adapter: postgresql\n  encoding: utf8\n  database: canvas_production\n  host: %s\n"
            "  username: canvas\n  password: %s\n  timeout: 5000" % (h, pw), pw, "host: " + h)


@_ctx(G, "canvas-security-yml", None)
def _f24(k):
    t = _u(lambda: _hex(64))
    return ("production:\n  # generated during install, do not change or encrypted columns break\n"
            "  encryption_key: %s\n  lti_iss: 'https://canvas.%s'" % (t, _dom()), t, "lti_iss")


@_ctx(G, "gcp-service-account-json", None)
def _f25(k):
    body = _u(lambda: _pem_body(1216))
    esc = body.replace("\n", "\\n")
    p = _p(_DISTRICTS)
    return ('{\n  "type": "service_account",\n  "project_id": "%s-classroom-sync",\n  "private_key_id": "%s",\n'
            '  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n'
            '  "client_email": "classroom-sync@%s-classroom-sync.iam.gserviceaccount.com"\n}'
            % (p, _hex(40), esc, p), esc, '"type": "service_account"')


@_ctx(G, "simplesamlphp-config", "pw", 2)
def _f26(k):
    pw = _v(k)
    return ("$config = [\n    'baseurlpath' => 'simplesaml/',\n    'auth.adminpassword' => '%s',\n"
            "    'technicalcontact_email' => 'it-helpdesk@%s',\n" % (pw, _dom()), pw, "'baseurlpath'")


@_ctx(G, "mobileconfig-wifi-password", "pw", 3)
def _f27(k):
    pw = _v(k)
    return ("<key>PayloadType</key>\n<string>com.apple.wifi.managed</string>\n<key>SSID_STR</key>\n"
            "<string>%s-Staff</string>\n<key>EncryptionType</key>\n<string>WPA2</string>\n<key>Password</key>\n"
            "<string>%s</string>" % (_p(_MASCOTS), pw), pw, "com.apple.wifi.managed")


@_ctx(G, "wpa-supplicant-psk", "pw", 3)
def _f28(k):
    pw = _v(k)
    return ('network={\n    ssid="Classroom-%d"\n    psk="%s"\n    key_mgmt=WPA-PSK\n}' % (_n(100, 330), pw), pw,
            "key_mgmt=WPA-PSK")


@_ctx(G, "chromeos-onc-passphrase", "pw", 3)
def _f29(k):
    pw = _v(k)
    return ('{"NetworkConfigurations": [{"GUID": "%s", "Name": "Students-5G", "Type": "WiFi",\n'
            '  "WiFi": {"SSID": "Students-5G", "Security": "WPA-PSK", "Passphrase": "%s", "AutoConnect": true}}]}'
            % (_uuid(), pw), pw, '"SSID": "Students-5G"')


@_ctx(G, "sssd-conf-authtok", "pw", 3)
def _f30(k):
    pw = _v(k)
    return ("[domain/district.local]\nldap_uri = ldaps://%s\nldap_default_bind_dn = cn=svc-sssd,ou=svc,dc=district,dc=local\n"
            "ldap_default_authtok = %s" % (_host("dc01"), pw), pw, "ldap_default_bind_dn")


@_ctx(G, "odbc-ini-pwd", "pw", 2)
def _f31(k):
    pw = _v(k)
    return ("[PowerSchoolRO]\nDriver=Oracle 19 ODBC driver\nServerName=PSPROD\nUID=PSNAVIGATOR\nPWD=%s" % pw, pw,
            "[PowerSchoolRO]")


@_ctx(G, "laravel-app-key", None)
def _f32(k):
    t = _u(lambda: _b64(32))
    return ("APP_NAME=\"Proctor Review\"\nAPP_ENV=production\nAPP_KEY=base64:%s\nAPP_DEBUG=false" % t, t,
            'APP_NAME="Proctor Review"')


@_ctx(G, "django-settings-secret-key", None)
def _f33(k):
    t = _u(lambda: "django-insecure-" + _s(50, _LO + _DI + "!@#%^&*(-_=+)"))
    return ("# settings/production.py\nDEBUG = False\nSECRET_KEY = '%s'\nALLOWED_HOSTS = ['%s']" % (t, _host("lti")), t,
            "DEBUG = False")


@_ctx(G, "yaml-multiline-block-password", "pw", 3)
def _f34(k):
    pw = _v(k)
    return ("smtp:\n  host: smtp.%s\n  user: notifications\n  password: >-\n    %s\n  starttls: true" % (_dom(), pw),
            pw, "user: notifications")


# =============================================================== source-code
G = "source-code"


@_ctx(G, "python-module-constant", "tok", 5)
def _s1(k):
    t = _v(k)
    return ('import requests\n\n%s = "%s"  # TODO move to env\nBASE = "https://%s"' % (k[1], t, k[4]), t,
            "import requests")


@_ctx(G, "python-requests-headers", "tok", 4)
def _s2(k):
    t = _v(k)
    return ('resp = requests.get(\n    f"{BASE}/v1/courses/{course_id}/students",\n'
            '    headers={"Authorization": "Bearer %s", "Accept": "application/json"},\n    timeout=20,\n)' % t, t,
            "timeout=20")


@_ctx(G, "js-sdk-constructor", "tok", 4)
def _s3(k):
    t = _v(k)
    return ("const client = new ApiClient({\n  baseUrl: 'https://%s',\n  apiSecret: '%s',\n  retries: 3,\n});"
            % (k[4], t), t, "retries: 3")


@_ctx(G, "go-const-block", "tok", 4)
def _s4(k):
    t = _v(k)
    return ('const (\n\tbaseURL   = "https://%s"\n\tapiSecret = "%s"\n)' % (k[4], t), t, "baseURL")


@_ctx(G, "java-static-final", "tok", 4)
def _s5(k):
    t = _v(k)
    return ('public final class LmsConfig {\n    private static final String %s = "%s";\n    private LmsConfig() {}\n}'
            % (k[1].upper(), t), t, "public final class LmsConfig")


@_ctx(G, "csharp-var-literal", "tok", 3)
def _s6(k):
    t = _v(k)
    return ('var credential = new ClientSecretCredential(tenantId, clientId, "%s");\nvar graph = new GraphServiceClient(credential);'
            % t, t, "GraphServiceClient")


@_ctx(G, "moodle-plugin-php", "tok", 4)
def _s7(k):
    t = _v(k)
    return ("defined('MOODLE_INTERNAL') || die();\n\n$token = '%s';\n$curl = new \\curl();\n"
            "$curl->setHeader(['Authorization: Bearer ' . $token]);" % t, t, "MOODLE_INTERNAL")


@_ctx(G, "ruby-client-kwarg", "tok", 3)
def _s8(k):
    t = _v(k)
    return ("client = Pandarus::Client.new(\n  prefix: 'https://%s/api',\n  token: '%s'\n)" % (_host("canvas"), t), t,
            "Pandarus::Client.new")


@_ctx(G, "bash-script-variable", "tok", 4)
def _s9(k):
    t = _v(k)
    return ('#!/usr/bin/env bash\nset -euo pipefail\nAPI_KEY="%s"\ncurl -fsS -H "X-Api-Key: $API_KEY" "https://%s/health"'
            % (t, k[4]), t, "set -euo pipefail")


@_ctx(G, "powershell-script-variable", "tok", 3)
def _s10(k):
    t = _v(k)
    return ("param([string]$Term = '2025-FA')\n$ApiKey = '%s'\n$resp = Invoke-WebRequest -Uri $url -Headers @{ 'X-Api-Key' = $ApiKey }"
            % t, t, "param([string]$Term")


@_ctx(G, "sql-create-user-password", "pw", 3)
def _s11(k):
    pw = _v(k)
    return ("-- migrations/0007_reporting_role.sql\nCREATE ROLE reporting LOGIN PASSWORD '%s';\n"
            "GRANT SELECT ON ALL TABLES IN SCHEMA public TO reporting;" % pw, pw, "GRANT SELECT")


@_ctx(G, "psycopg2-connect-kwargs", "pw", 3)
def _s12(k):
    pw = _v(k)
    h = _host("pg")
    return ('conn = psycopg2.connect(\n    host="%s", dbname="moodle", user="mdl_ro",\n    password="%s",\n)'
            % (h, pw), pw, h)


@_ctx(G, "node-mysql-create-connection", "pw", 3)
def _s13(k):
    pw = _v(k)
    return ("const pool = mysql.createPool({\n  host: process.env.DB_HOST || 'localhost',\n  user: 'gradebook',\n"
            "  password: '%s',\n  database: 'gradebook',\n});" % pw, pw, "user: 'gradebook'")


@_ctx(G, "java-jdbc-url-password-param", "pw", 3)
def _s14(k):
    pw = _v(k)
    return ('String url = "jdbc:sqlserver://sis-sql01:1433;databaseName=PSReporting;user=ps_reader;password=%s;encrypt=true";'
            % pw, pw, "databaseName=PSReporting")


@_ctx(G, "pyjwt-hs256-encode", "tok", 3)
def _s15(k):
    t = _v(k)
    return ('token = jwt.encode(\n    {"aud": "jitsi", "iss": "school_meet", "room": room, "exp": exp},\n    "%s",\n'
            '    algorithm="HS256",\n)' % t, t, 'algorithm="HS256"')


@_ctx(G, "zoom-webhook-hmac-validation", None)
def _s16(k):
    t = _u(lambda: _s(22, _B64U))
    return ('def verify(req):\n    msg = f"v0:{req.headers[\'x-zm-request-timestamp\']}:{req.body}"\n'
            '    digest = hmac.new(b"%s", msg.encode(), hashlib.sha256).hexdigest()\n'
            '    return hmac.compare_digest(f"v0={digest}", req.headers["x-zm-signature"])' % t, t, "x-zm-signature")


@_ctx(G, "bbb-checksum-helper", None)
def _s17(k):
    t = _u(lambda: _s(40))
    return ("BBB_URL = 'https://%s/bigbluebutton/api/'\nSALT = '%s'\n\ndef checksum(call, qs):\n"
            "    return hashlib.sha1((call + qs + SALT).encode()).hexdigest()" % (_host("bbb"), t), t, "def checksum")


@_ctx(G, "rust-let-binding", "tok", 3)
def _s18(k):
    t = _v(k)
    return ('let client = reqwest::Client::new();\nlet token = "%s";\nlet res = client.get(url).bearer_auth(token).send().await?;'
            % t, t, "reqwest::Client::new()")


@_ctx(G, "kotlin-companion-object", "tok", 3)
def _s19(k):
    t = _v(k)
    return ('companion object {\n    const val API_HOST = "%s"\n    const val API_SECRET = "%s"\n}' % (k[4], t), t,
            "companion object")


@_ctx(G, "ipynb-cell-json", "tok", 3)
def _s20(k):
    t = _v(k)
    return ('{\n "cell_type": "code",\n "execution_count": 3,\n "source": [\n  "import os\\n",\n'
            '  "os.environ[\\"%s\\"] = \\"%s\\"\\n"\n ]\n}' % (k[1], t), t, '"cell_type": "code"')


@_ctx(G, "apps-script-classroom", "tok", 3)
def _s21(k):
    t = _v(k)
    return ("function syncRoster() {\n  const API_KEY = '%s';\n  const res = UrlFetchApp.fetch(URL, {\n"
            "    headers: { Authorization: 'Bearer ' + API_KEY },\n  });\n  Classroom.Courses.list();\n}" % t, t,
            "Classroom.Courses.list()")


@_ctx(G, "django-databases-dict", "pw", 3)
def _s22(k):
    pw = _v(k)
    return ("DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n"
            "        'NAME': 'lti_tool',\n        'USER': 'lti',\n        'PASSWORD': '%s',\n    }\n}" % pw, pw,
            "django.db.backends.postgresql")


@_ctx(G, "commented-out-old-key", "tok", 4)
def _s23(k):
    t = _v(k)
    return ("# old key, revoked? keep for rollback\n# %s = '%s'\n%s = os.environ['%s']" % (k[1], t, k[1], k[1]), t,
            "os.environ")


@_ctx(G, "basic-auth-b64-literal", "pw", 3)
def _s24(k):
    pw = _v(k)
    b = base64.b64encode(("classlink:" + pw).encode()).decode()
    _USED.add(b)
    return ('HEADERS = {\n    "Authorization": "Basic %s",  # classlink:...\n    "Accept": "application/json",\n}'
            % b, b, '"Accept": "application/json"')


@_ctx(G, "typescript-env-fallback", "tok", 4)
def _s25(k):
    t = _v(k)
    return ("export const config = {\n  secret: process.env.%s ?? '%s',\n  host: '%s',\n};" % (k[1], t, k[4]), t,
            "export const config")


@_ctx(G, "php-pdo-dsn-args", "pw", 3)
def _s26(k):
    pw = _v(k)
    return ("$pdo = new PDO('mysql:host=%s;dbname=moodle;charset=utf8mb4', 'moodle', '%s', [\n"
            "    PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,\n]);" % (_host("db01"), pw), pw, "PDO::ATTR_ERRMODE")


@_ctx(G, "python-dataclass-default", "tok", 3)
def _s27(k):
    t = _v(k)
    return ("@dataclass\nclass CaptionSettings:\n    provider: str = '%s'\n    api_key: str = '%s'\n    language: str = 'en-US'"
            % (k[0].split("-")[0], t), t, "class CaptionSettings")


@_ctx(G, "swift-let-constant", "tok", 2)
def _s28(k):
    t = _v(k)
    return ('enum Secrets {\n    static let apiKey = "%s"\n}' % t, t, "enum Secrets")


@_ctx(G, "lti-launch-unit-test-fixture", None)
def _s29(k):
    t = _u(lambda: _s(48, _AN + "-_"))
    return ('def test_lti_launch(client):\n    platform = Platform(issuer="https://canvas.test", client_id="10000000000%03d",\n'
            '                        client_secret="%s")\n    assert client.launch(platform).status_code == 302'
            % (_n(1, 999), t), t, "def test_lti_launch")


# ======================================================== stack-trace-or-log
G = "stack-trace-or-log"


@_ctx(G, "python-traceback-url-token", "tok", 4)
def _l1(k):
    t = _v(k)
    return ('Traceback (most recent call last):\n  File "/opt/sync/roster.py", line %d, in fetch\n'
            "    r.raise_for_status()\nrequests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: "
            "https://%s/v1/sections?limit=100&access_token=%s" % (_n(20, 300), k[4], t), t, "/opt/sync/roster.py")


@_ctx(G, "sqlalchemy-operationalerror-url", "pw", 3)
def _l2(k):
    pw = _v(k)
    h = _host("pg")
    return ("sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at \"%s\" (%s), "
            "port 5432 failed: timeout expired\n[engine: postgresql+psycopg2://lti:%s@%s:5432/lti_tool]"
            % (h, _ip(), pw, h), pw, "sqlalchemy.exc.OperationalError")


@_ctx(G, "nginx-access-log-query-token", "tok", 4)
def _l3(k):
    t = _v(k)
    return ('%s - - [12/Mar/2025:08:%02d:11 +0000] "GET /webservice/rest/server.php?wstoken=%s&wsfunction='
            'core_user_get_users&moodlewsrestformat=json HTTP/1.1" 200 %d "-" "python-requests/2.31.0"'
            % (_ip(), _n(0, 59), t, _n(200, 9000)), t, "core_user_get_users")


@_ctx(G, "urllib3-debug-headers", "tok", 4)
def _l4(k):
    t = _v(k)
    return ("DEBUG:urllib3.connectionpool:https://%s:443 \"POST /v2/transcripts HTTP/1.1\" 201 88\n"
            "DEBUG:client:request headers={'User-Agent': 'caption-worker/1.8', 'Authorization': 'Token %s'}"
            % (k[4], t), t, "caption-worker/1.8")


@_ctx(G, "hikari-jdbc-url-logged", "pw", 3)
def _l5(k):
    pw = _v(k)
    return ("%s INFO  com.zaxxer.hikari.HikariDataSource - SisPool - Starting...\n"
            "%s DEBUG com.zaxxer.hikari.HikariConfig - jdbcUrl.......jdbc:sqlserver://sis-sql01:1433;database=PS;"
            "user=ps_reader;password=%s" % (_ts_sp(), _ts_sp(), pw), pw, "HikariDataSource")


@_ctx(G, "node-error-config-dump", "pw", 3)
def _l6(k):
    pw = _v(k)
    return ("Error: connect ECONNREFUSED 127.0.0.1:3306\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1595:16)\n"
            "  config: { host: 'db', port: 3306, user: 'gradebook', password: '%s', database: 'gradebook' }" % pw,
            pw, "ECONNREFUSED")


@_ctx(G, "smtp-auth-plain-debug", "pw", 3)
def _l7(k):
    pw = _v(k)
    b = base64.b64encode(("\0noreply-moodle\0" + pw).encode()).decode()
    _USED.add(b)
    return ("[%s] SMTP -> FROM SERVER: 250-AUTH PLAIN LOGIN\n[%s] CLIENT -> SERVER: AUTH PLAIN %s\n"
            "[%s] SMTP -> FROM SERVER: 235 2.7.0 Authentication successful" % (_ts(), _ts(), b, _ts()), b,
            "250-AUTH PLAIN LOGIN")


@_ctx(G, "k8s-pod-log-config-dict", "tok", 4)
def _l8(k):
    t = _v(k)
    return ("%sZ INFO starting worker with config {'provider': '%s', 'client_secret': '%s', 'poll': 30}"
            % (_ts(), k[0], t), t, "starting worker")


@_ctx(G, "go-panic-struct-dump", "tok", 3)
def _l9(k):
    t = _v(k)
    return ('panic: runtime error: invalid memory address or nil pointer dereference\n'
            'cfg=&config.Config{BaseURL:"https://%s", APIKey:"%s", Timeout:30000000000}\n'
            'goroutine 1 [running]:\nmain.main()\n\t/src/cmd/bot/main.go:57 +0x1d4' % (k[4], t), t,
            "goroutine 1 [running]")


@_ctx(G, "jenkins-console-unmasked", "tok", 3)
def _l10(k):
    t = _v(k)
    return ("[Pipeline] sh\n+ ./deploy.sh --env prod\n+ curl -sf -X POST https://%s/hooks/deploy -H 'X-Token: %s'\n"
            "[Pipeline] }" % (k[4], t), t, "[Pipeline] sh")


@_ctx(G, "sshd-password-typed-as-username", "pw", 3)
def _l11(k):
    pw = _v(k)
    return ("Mar  4 07:%02d:19 bbb01 sshd[%d]: Invalid user %s from %s port %d\n"
            "Mar  4 07:%02d:25 bbb01 sshd[%d]: Accepted password for it-admin from %s port %d ssh2"
            % (_n(0, 59), _n(1000, 9999), pw, _ip(), _n(30000, 60000), _n(0, 59), _n(1000, 9999), _ip(),
               _n(30000, 60000)), pw, "Accepted password for it-admin")


@_ctx(G, "json-structured-log-field", "tok", 4)
def _l12(k):
    t = _v(k)
    return ('{"ts":"%sZ","level":"debug","msg":"outbound call","service":"%s","api_key":"%s","status":200}'
            % (_ts(), k[0], t), t, '"msg":"outbound call"')


@_ctx(G, "lti-launch-id-token-debug", None)
def _l13(k):
    t = _u(_jwt)
    return ("[lti] %s DEBUG POST /lti/launch state=%s id_token=%s" % (_ts(), _hex(16), t), t, "POST /lti/launch")


@_ctx(G, "webex-bot-framework-init", None)
def _l14(k):
    t = _u(TOKEN_KINDS[3][3])
    return ("framework: initializing with config {\"token\":\"%s\",\"port\":7001}\nframework: Listening for webhooks on port 7001"
            % t, t, "Listening for webhooks")


@_ctx(G, "docker-build-env-step", "tok", 3)
def _l15(k):
    t = _v(k)
    return ("#9 [build 5/9] ENV %s=%s\n#9 DONE 0.0s\n#10 [build 6/9] RUN npm ci --omit=dev" % (k[1], t), t,
            "RUN npm ci --omit=dev")


@_ctx(G, "celery-task-args-log", "tok", 3)
def _l16(k):
    t = _v(k)
    return ("[%s,%03d: INFO/MainProcess] Task roster.sync_district[%s] received: args=('%s', '%s') kwargs={}"
            % (_ts_sp(), _n(0, 999), _uuid(), k[0], t), t, "roster.sync_district")


@_ctx(G, "request-log-cookie-header", [("canvas", "canvas_session"), ("moodle", "MoodleSession"),
                                        ("jsession", "JSESSIONID")], 3)
def _l17(k):
    v = _u(lambda: _b64u(60) if k[0] == "canvas" else (_s(26, _LO + _DI) if k[0] == "moodle" else _hex(32).upper()))
    return ("%s WARN slow request 4.2s GET /courses/%d/grades headers={'Cookie': '%s=%s; _ga=GA1.2.%d.%d'}"
            % (_ts(), _n(100, 9999), k[1], v, _n(10**8, 10**9), _n(10**9, 2 * 10**9)), v, "slow request")


@_ctx(G, "presigned-s3-url-in-log", None)
def _l18(k):
    sig = _u(lambda: _hex(64))
    return ("INFO export ready: https://lms-exports.s3.eu-west-1.amazonaws.com/gradebook/%s.csv?X-Amz-Algorithm="
            "AWS4-HMAC-SHA256&X-Amz-Credential=AKIA%s%%2F20250312%%2Feu-west-1%%2Fs3%%2Faws4_request&X-Amz-Date="
            "20250312T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=%s"
            % (_hex(12), _s(16, _UP + _DI), sig), sig, "lms-exports.s3.eu-west-1.amazonaws.com")


@_ctx(G, "rails-unfiltered-params", "pw", 3)
def _l19(k):
    pw = _v(k)
    return ('Started POST "/login/canvas" for %s at 2025-03-12 09:14:02 +0000\nProcessing by Login::CanvasController#create\n'
            '  Parameters: {"authenticity_token"=>"[FILTERED]", "pseudonym_session"=>{"unique_id"=>"%s", "password"=>"%s"}}'
            % (_ip(), _uname(), pw), pw, "Login::CanvasController#create")


@_ctx(G, "php-stack-pdo-args", "pw", 3)
def _l20(k):
    pw = _v(k)
    return ("PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [2002] Connection refused in /var/www/report.php:14\n"
            "Stack trace:\n#0 /var/www/report.php(14): PDO->__construct('mysql:host=db01...', 'moodle', '%s')\n#1 {main}"
            % pw, pw, "Uncaught PDOException")


@_ctx(G, "gcs-signed-url-in-log", None)
def _l21(k):
    sig = _u(lambda: _hex(512))
    return ("recording uploaded; share link https://storage.googleapis.com/meet-recordings-%s/%s.mp4?X-Goog-Algorithm="
            "GOOG4-RSA-SHA256&X-Goog-Credential=recorder%%40proj.iam.gserviceaccount.com%%2F20250312%%2Fauto%%2Fstorage"
            "%%2Fgoog4_request&X-Goog-Date=20250312T101500Z&X-Goog-Expires=604800&X-Goog-SignedHeaders=host&X-Goog-Signature=%s"
            % (_p(_DISTRICTS), _hex(10), sig), sig, "recording uploaded")


@_ctx(G, "azure-sas-url-in-log", None)
def _l22(k):
    sig = _u(lambda: _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"))
    return ("[recorder] uploading to https://lmsrecordings.blob.core.windows.net/lectures/%s.mp4?sv=2022-11-02&ss=b&srt=o"
            "&sp=rwc&se=2025-06-30T00:00:00Z&spr=https&sig=%s" % (_hex(10), sig), sig, "[recorder] uploading")


@_ctx(G, "jicofo-config-dump", "pw", 2)
def _l23(k):
    pw = _v(k)
    return ("Jicofo %s INFO: [1] JicofoConfig: xmpp.client { hostname=localhost, domain=auth.meet.%s, username=focus, "
            "password=%s }" % (_ts_sp(), _dom(), pw), pw, "JicofoConfig")


@_ctx(G, "msal-debug-client-secret", None)
def _l24(k):
    t = _u(_azure_secret)
    return ("MSAL %s [verbose] token request: grant_type=client_credentials&client_id=%s&client_secret=%s&scope="
            "https%%3A%%2F%%2Fgraph.microsoft.com%%2F.default" % (_ts(), _uuid(), t), t, "grant_type=client_credentials")


@_ctx(G, "python-logging-dict-repr", "tok", 3)
def _l25(k):
    t = _v(k)
    return ("%s,%03d WARNING sis.clever retrying after 429; session=%r" % (_ts_sp(), _n(0, 999),
            {"base": "https://" + k[4], "auth": ("Bearer", t)}), t, "retrying after 429")


# ============================================================== note-or-chat
G = "note-or-chat"

_CHAT_PW = [
    ("slack-handover-en", "[%s] %s: @here Moodle admin pw for the summer is %s - please don't paste it in the ticket"),
    ("teams-chat-de", "[%s] %s: Das neue Passwort für den BBB-Admin lautet %s (bitte nach den Ferien ändern)"),
    ("teams-chat-fr", "[%s] %s : le mot de passe du compte Zoom de l'école est %s, changez-le après la rentrée."),
    ("whatsapp-es", "[%s] %s: la contraseña del wifi de profes es %s ojo que la cambian el lunes"),
    ("chat-pt-br", "[%s] %s: senha do PowerSchool (usuário secretaria): %s"),
    ("chat-nl", "[%s] %s: wachtwoord voor het proctoring-account is %s, niet doorsturen aub"),
    ("chat-it", "[%s] %s: la password dell'account Classroom della 3B è %s"),
    ("chat-pl", "[%s] %s: hasło do Jamf School dla pracowni: %s"),
    ("chat-sv", "[%s] %s: lösenordet till lärar-wifi är %s"),
    ("chat-tr", "[%s] %s: Moodle yönetici şifresi: %s"),
    ("chat-ja", "[%s] %s: Zoomの管理者パスワードは %s です。共有しないでください。"),
    ("chat-ko", "[%s] %s: 캔버스 관리자 비밀번호는 %s 입니다"),
    ("chat-zh", "[%s] %s: 希沃白板管理员密码：%s，用完请改"),
    ("chat-ru", "[%s] %s: пароль от учётки BigBlueButton: %s"),
    ("chat-uk", "[%s] %s: пароль до Google Admin (тимчасовий): %s"),
    ("chat-fi", "[%s] %s: Wilma-tunnuksen salasana on %s"),
    ("chat-da", "[%s] %s: adgangskoden til Aula-testbrugeren er %s"),
    ("chat-cs", "[%s] %s: heslo k Bakalářům pro suplování: %s"),
    ("chat-ar", "[%s] %s: كلمة المرور لحساب Moodle هي %s"),
    ("chat-hi-latin", "[%s] %s: bhai proctor portal ka password %s hai, kal tak change kar dena"),
    ("chat-id", "[%s] %s: kata sandi akun Zoom sekolah: %s"),
    ("sms-abbrev-pw", "[%s] %s: cart 3 chromebook admin pw = %s"),
    ("email-reset-temp-password", "[%s] %s wrote:\n> Hi, I reset your staff account. Temporary password: %s\n> You'll be asked to change it at first login."),
    ("helpdesk-ticket-comment", "Ticket #%s (%s): reset done, temp pass %s, must change at next login."),
]


def _mk_chat(name, tmpl):
    @_ctx(G, name, "pw", 3)
    def _f(k):
        pw = _v(k)
        who = _person()
        stamp = "%02d:%02d" % (_n(7, 18), _n(0, 59))
        if name == "helpdesk-ticket-comment":
            stamp = str(_n(10000, 99999))
        return (tmpl % (stamp, who, pw), pw, who)
    return _f


for _nm, _tm in _CHAT_PW:
    _mk_chat(_nm, _tm)


@_ctx(G, "agent-running-note-token-from-dm", "tok", 4)
def _n1(k):
    t = _v(k)
    return ("- got the %s from %s in DM: %s (expires end of term)\n- next: wire it into the sync job" % (k[2], _person(), t),
            t, "wire it into the sync job")


@_ctx(G, "pasted-email-credentials", "tok", 4)
def _n2(k):
    t = _v(k)
    return ("From: partner-support@vendor.example\nSubject: Your %s\n\nHello,\nClient ID: %s\nClient Secret: %s\n"
            "Please store these securely." % (k[2], _s(20), t), t, "Please store these securely.")


@_ctx(G, "slash-user-pass-pair", "pw", 3)
def _n3(k):
    pw = _v(k)
    u = _p(["kiosk-admin", "exam-proctor", "sub-teacher", "library-kiosk", "av-cart"])
    return ("creds for the exam kiosk: %s / %s" % (u, pw), pw, "creds for the exam kiosk: " + u)


@_ctx(G, "login-pw-abbrev-lines", "pw", 3)
def _n4(k):
    pw = _v(k)
    u = _uname()
    return ("sub account for %s:\nlogin: %s\npw: %s" % (_p(_SCHOOLS), u, pw), pw, "login: " + u)


@_ctx(G, "agent-goal-rotate", "tok", 4)
def _n5(k):
    t = _v(k)
    return ("GOAL: rotate the %s (current value %s) and update the vault entry before Monday's pilot." % (k[2], t), t,
            "update the vault entry")


@_ctx(G, "decision-log-keep-old-token", "tok", 3)
def _n6(k):
    t = _v(k)
    return ("Decision (%s): keep using the existing %s `%s` until the DPO signs off on the new app." % (
        _ts()[:10], k[2], t), t, "until the DPO signs off")


@_ctx(G, "zoom-invite-pwd-param", None)
def _n7(k):
    t = _u(lambda: _s(32))
    mid = "%d" % _n(10**10, 10**11 - 1)
    return ("%s is inviting you to a scheduled Zoom meeting.\nTopic: %s parent evening\nJoin Zoom Meeting\n"
            "https://%s.zoom.us/j/%s?pwd=%s\nMeeting ID: %s %s %s" % (_person(), _p(_COURSES), _p(_DISTRICTS), mid, t,
                                                                      mid[:3], mid[3:7], mid[7:]), t, "Join Zoom Meeting")


@_ctx(G, "password-across-line-break", "pw", 3)
def _n8(k):
    pw = _v(k)
    return ("ok the new one for the proctoring admin is\n\n%s\n\n(no quotes, capital first letter)" % pw, pw,
            "proctoring admin")


@_ctx(G, "chat-token-zh", "tok", 3)
def _n9(k):
    t = _v(k)
    return ("%s: %s 的密钥是 %s ，测试完记得删掉这条消息" % (_person(), k[2], t), t, "测试完记得删掉这条消息")


@_ctx(G, "chat-token-de", "tok", 3)
def _n10(k):
    t = _v(k)
    return ("%s: hier der Schlüssel für die Untertitel-Integration: %s — bitte nur ins Vault" % (_person(), t), t,
            "Untertitel-Integration")


@_ctx(G, "chat-token-es", "tok", 3)
def _n11(k):
    t = _v(k)
    return ("%s: te paso el token del bot: %s (no lo subas a git porfa)" % (_person(), t), t, "no lo subas a git")


@_ctx(G, "teacher-unlabeled-wifi", "pw", 3)
def _n12(k):
    pw = _v(k)
    return ("%s: what's the staff room wifi again?\n%s: %s-Staff, same as last year: %s" % (
        _person(), _person(), _p(_MASCOTS), pw), pw, "staff room wifi")


@_ctx(G, "handover-doc-bullets", "pw", 3)
def _n13(k):
    pw = _v(k)
    return ("## Handover - summer cover\n* BBB server: %s (ssh as it-admin)\n* root-equivalent pass: %s\n"
            "* escalate to %s" % (_host("bbb"), pw, _person()), pw, "## Handover - summer cover")


@_ctx(G, "agent-scratchpad-creds", "tok", 3)
def _n14(k):
    t = _v(k)
    return ("scratch: tried %s=%s against %s -> 403, probably wrong scope" % (k[1], t, k[4]), t,
            "probably wrong scope")


@_ctx(G, "chat-fr-token", "tok", 3)
def _n15(k):
    t = _v(k)
    return ("%s : voilà la clé API pour la transcription : %s\n(elle expire fin juin)" % (_person(), t), t,
            "elle expire fin juin")


@_ctx(G, "chat-passphrase-quoted", "pw", 3)
def _n16(k):
    pw = _v(k)
    return ("%s: the recovery passphrase for the Jamf admin is \"%s\" - I wrote it on the sealed envelope too"
            % (_person(), pw), pw, "sealed envelope")


@_ctx(G, "ja-note-token", "tok", 3)
def _n17(k):
    t = _v(k)
    return ("メモ: %s は %s です（来週ローテーション予定）" % (k[2], t), t, "来週ローテーション予定")


# ============================================================= ci-and-deploy
G = "ci-and-deploy"


@_ctx(G, "github-actions-job-env", "tok", 5)
def _d1(k):
    t = _v(k)
    return ("jobs:\n  sync:\n    runs-on: ubuntu-latest\n    env:\n      %s: %s\n    steps:\n"
            "      - uses: actions/checkout@v4" % (k[1], t), t, "actions/checkout@v4")


@_ctx(G, "gitlab-ci-variables", "tok", 4)
def _d2(k):
    t = _v(k)
    return ("variables:\n  DOCKER_DRIVER: overlay2\n  %s: \"%s\"\n\ndeploy_prod:\n  stage: deploy" % (k[1], t), t,
            "deploy_prod:")


@_ctx(G, "jenkinsfile-withenv", "tok", 4)
def _d3(k):
    t = _v(k)
    return ("stage('Deploy') {\n  steps {\n    withEnv([\"%s=%s\"]) {\n      sh './deploy.sh prod'\n    }\n  }\n}"
            % (k[1], t), t, "stage('Deploy')")


@_ctx(G, "circleci-environment", "tok", 4)
def _d4(k):
    t = _v(k)
    return ("jobs:\n  build:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n      %s: %s" % (k[1], t),
            t, "cimg/python:3.12")


@_ctx(G, "azure-pipelines-variables", "tok", 4)
def _d5(k):
    t = _v(k)
    return ("trigger:\n- main\nvariables:\n  buildConfiguration: 'Release'\n  %s: '%s'\npool:\n  vmImage: ubuntu-latest"
            % (k[1], t), t, "buildConfiguration")


@_ctx(G, "bitbucket-pipelines-script", "tok", 3)
def _d6(k):
    t = _v(k)
    return ("pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export %s=%s\n"
            "            - ./scripts/deploy.sh" % (k[1], t), t, "./scripts/deploy.sh")


@_ctx(G, "drone-yml-environment", "tok", 3)
def _d7(k):
    t = _v(k)
    return ("kind: pipeline\ntype: docker\nname: default\nsteps:\n- name: publish\n  image: plugins/docker\n"
            "  environment:\n    %s: %s" % (k[1], t), t, "plugins/docker")


@_ctx(G, "helm-values-yaml", "tok", 4)
def _d8(k):
    t = _v(k)
    return ("image:\n  repository: ghcr.io/district-it/%s\n  tag: \"2.4.1\"\nenv:\n  %s: \"%s\"\nresources: {}"
            % (k[0], k[1], t), t, "tag: \"2.4.1\"")


@_ctx(G, "k8s-deployment-env-value", "tok", 4)
def _d9(k):
    t = _v(k)
    return ("        env:\n        - name: %s\n          value: \"%s\"\n        - name: DB_PASSWORD\n          valueFrom:\n"
            "            secretKeyRef: {name: lms-db, key: password}" % (k[1], t), t, "secretKeyRef")


@_ctx(G, "dockerfile-env-line", "tok", 3)
def _d10(k):
    t = _v(k)
    return ("FROM python:3.12-slim\nWORKDIR /app\nENV %s=%s\nCOPY . .\nCMD [\"python\", \"-m\", \"worker\"]" % (k[1], t),
            t, "FROM python:3.12-slim")


@_ctx(G, "ansible-group-vars", "tok", 3)
def _d11(k):
    t = _v(k)
    return ("# group_vars/lms_servers.yml\nmoodle_version: \"4.3.5\"\n%s: \"%s\"\nmoodle_cron_interval: 1" % (
        k[1].lower(), t), t, "group_vars/lms_servers.yml")


@_ctx(G, "terraform-provider-block", "tok", 3)
def _d12(k):
    t = _v(k)
    return ('provider "%s" {\n  api_token = "%s"\n}\n\nresource "%s_app" "lti" {\n  name = "lms-lti"\n}'
            % (k[0].split("-")[0], t, k[0].split("-")[0]), t, 'name = "lms-lti"')


@_ctx(G, "fly-secrets-set-script", "tok", 3)
def _d13(k):
    t = _v(k)
    return ("# deploy.sh\nset -e\nfly secrets set %s=%s -a lti-quiz-tool\nfly deploy -a lti-quiz-tool" % (k[1], t), t,
            "fly deploy -a lti-quiz-tool")


@_ctx(G, "ansible-inventory-password", "pw", 3)
def _d14(k):
    pw = _v(k)
    h = _host("bbb")
    return ("[bbb]\n%s ansible_user=it-admin ansible_password=%s ansible_become=true" % (h, pw), pw, h)


@_ctx(G, "gha-services-postgres-password", "pw", 3)
def _d15(k):
    pw = _v(k)
    return ("    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_USER: moodle\n"
            "          POSTGRES_PASSWORD: %s\n        ports: ['5432:5432']" % pw, pw, "image: postgres:16")


@_ctx(G, "argocd-repo-secret", "pw", 3)
def _d16(k):
    pw = _v(k)
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: lms-charts-repo\n  labels:\n"
            "    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://git.%s/lms/charts.git\n"
            "  username: argocd\n  password: %s" % (_dom(), pw), pw, "argocd.argoproj.io/secret-type")


@_ctx(G, "docker-build-arg-token", "tok", 3)
def _d17(k):
    t = _v(k)
    return ("docker build --build-arg %s=%s -t ghcr.io/district-it/lms-theme:%s ." % (k[1], t, _hex(7)), t,
            "docker build")


@_ctx(G, "capistrano-repo-url", "pw", 2)
def _d18(k):
    pw = _v(k)
    return ('# config/deploy.rb\nset :application, "canvas-plugins"\nset :repo_url, "https://deploy:%s@git.%s/lms/canvas-plugins.git"'
            % (pw, _dom()), pw, 'set :application, "canvas-plugins"')


@_ctx(G, "cloud-init-chpasswd", "pw", 3)
def _d19(k):
    pw = _v(k)
    return ("#cloud-config\nhostname: bbb-%02d\nchpasswd:\n  expire: false\n  list: |\n    ubuntu:%s\nssh_pwauth: true"
            % (_n(1, 20), pw), pw, "#cloud-config")


@_ctx(G, "packer-hcl-variable-default", "pw", 3)
def _d20(k):
    pw = _v(k)
    return ('variable "winrm_password" {\n  type    = string\n  default = "%s"\n}\n# lab image for room 204' % pw,
            pw, 'variable "winrm_password"')


@_ctx(G, "gha-run-curl-header", "tok", 4)
def _d21(k):
    t = _v(k)
    return ("      - name: Notify LMS\n        run: |\n          curl -fsS -X POST https://%s/v1/deployments \\\n"
            "            -H \"X-Api-Key: %s\" -d '{\"ref\":\"${{ github.sha }}\"}'" % (k[4], t), t, "name: Notify LMS")


@_ctx(G, "docker-compose-prod-override", "pw", 3)
def _d22(k):
    pw = _v(k)
    return ("# docker-compose.prod.yml\nservices:\n  moodle:\n    environment:\n      MOODLE_DATABASE_PASSWORD: \"%s\"\n"
            "      MOODLE_SKIP_BOOTSTRAP: \"yes\"" % pw, pw, "MOODLE_SKIP_BOOTSTRAP")


@_ctx(G, "gitlab-ci-dotenv-artifact", "tok", 3)
def _d23(k):
    t = _v(k)
    return ("build:\n  script:\n    - echo \"%s=%s\" >> deploy.env\n  artifacts:\n    reports:\n      dotenv: deploy.env"
            % (k[1], t), t, "dotenv: deploy.env")


@_ctx(G, "k8s-secret-data-b64-pw", "pw", 3)
def _d24(k):
    pw = _v(k)
    b = base64.b64encode(pw.encode()).decode()
    _USED.add(b)
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: moodle-db\ndata:\n  username: bW9vZGxl\n  password: %s"
            % b, b, "name: moodle-db")


@_ctx(G, "sshpass-scp-deploy-step", "pw", 3)
def _d25(k):
    pw = _v(k)
    h = _host("moodle")
    return ("- name: Upload theme\n  run: sshpass -p \"%s\" scp -r theme/ deploy@%s:/var/www/moodle/theme/district"
            % (pw, h), pw, "deploy@" + h)


# ============================================================== vendor-token
G = "vendor-token"


@_ctx(G, "backticked-in-note", "tok", 12)
def _v1(k):
    t = _v(k)
    return ("%s for the %s integration: `%s`" % (k[2], _p(_SCHOOLS), t), t, k[2])


@_ctx(G, "json-field", "tok", 12)
def _v2(k):
    t = _v(k)
    return ('{"provider": "%s", "%s": "%s", "enabled": true}' % (k[0].split("-")[0], k[1].lower(), t), t,
            '"enabled": true')


@_ctx(G, "http-request-header", "tok", 12)
def _v3(k):
    t = _v(k)
    hdr = _p(["Authorization: Bearer ", "X-Api-Key: ", "Authorization: Token ", "X-Auth-Token: "])
    return ("POST /v1/jobs HTTP/1.1\nHost: %s\n%s%s\nContent-Type: application/json" % (k[4], hdr, t), t,
            "Host: " + k[4])


@_ctx(G, "markdown-table-row", "tok", 12)
def _v4(k):
    t = _v(k)
    return ("| service | key | owner |\n|---|---|---|\n| %s | %s | %s |" % (k[0], t, _person()), t, "| service | key | owner |")


@_ctx(G, "yaml-key-unquoted", "tok", 12)
def _v5(k):
    t = _v(k)
    return ("%s:\n  host: %s\n  key: %s" % (k[0].replace("-", "_"), k[4], t), t, "host: " + k[4])


@_ctx(G, "slack-incoming-webhook-url", None)
def _v6(k):
    t = _u(lambda: _s(24))
    return ("SLACK_WEBHOOK=https://hooks.slack.com/services/T%s/B%s/%s" % (_s(8, _UP + _DI), _s(10, _UP + _DI), t), t,
            "SLACK_WEBHOOK=")


@_ctx(G, "teams-incoming-webhook-url", None)
def _v7(k):
    t = _u(lambda: _hex(32))
    return ("teams_webhook: https://%s.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s"
            % (_p(_DISTRICTS).replace("-", ""), _uuid(), _uuid(), t, _uuid()), t, "teams_webhook:")


@_ctx(G, "discord-webhook-url", None)
def _v8(k):
    t = _u(lambda: _s(68, _B64U))
    return ("https://discord.com/api/webhooks/%d/%s" % (_n(10**17, 10**18), t), t, "discord.com/api/webhooks/")


@_ctx(G, "pgp-private-key-block", None)
def _v9(k):
    body = _u(lambda: _pem_body(_p([900, 1200])))
    return ("-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (body, _s(4)),
            body, "BEGIN PGP PRIVATE KEY BLOCK")


@_ctx(G, "age-secret-key", None)
def _v10(k):
    t = _u(lambda: "AGE-SECRET-KEY-1" + _s(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"))
    return ("# created: 2025-02-11T09:00:00Z\n# public key: age1%s\n%s" % (_s(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"), t),
            t, "# public key: age1")


@_ctx(G, "cloudfront-signed-url", None)
def _v11(k):
    sig = _u(lambda: _b64(128).replace("+", "-").replace("=", "_").replace("/", "~"))
    return ("https://d%s.cloudfront.net/lectures/%s/index.m3u8?Expires=%d&Signature=%s&Key-Pair-Id=K%s"
            % (_s(13, _LO + _DI), _hex(8), _n(1700000000, 1800000000), sig, _s(13, _UP + _DI)), sig, "cloudfront.net")


@_ctx(G, "firebase-server-key", None)
def _v12(k):
    t = _u(lambda: "AAAA" + _s(7, _B64U) + ":APA91b" + _s(134, _B64U))
    return ("FCM legacy server key (parent app push): %s" % t, t, "FCM legacy server key")


@_ctx(G, "sentry-dsn-with-secret", None)
def _v13(k):
    t = _u(lambda: _hex(32))
    return ("SENTRY_DSN=https://%s:%s@o%d.ingest.sentry.io/%d" % (_hex(32), t, _n(10**5, 10**6), _n(10**6, 10**7)), t,
            "ingest.sentry.io")


@_ctx(G, "zoom-jwt-app-key-secret-pair", None)
def _v14(k):
    t = _u(lambda: _s(36))
    return ("Zoom JWT app (legacy)\nAPI Key: %s\nAPI Secret: %s" % (_s(22), t), t, "Zoom JWT app (legacy)")


@_ctx(G, "twilio-sid-token-pair", None)
def _v15(k):
    t = _u(lambda: _hex(32))
    return ("TWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=%s" % (_hex(32), t), t, "TWILIO_ACCOUNT_SID")


@_ctx(G, "aws-key-pair-credentials-file", None)
def _v16(k):
    t = _u(lambda: _s(40, _AN + "+/"))
    return ("[lms-backup]\naws_access_key_id = AKIA%s\naws_secret_access_key = %s\nregion = eu-west-1"
            % (_s(16, _UP + _DI), t), t, "[lms-backup]")


@_ctx(G, "jaas-8x8-private-key", None)
def _v17(k):
    body = _u(lambda: _pem_body(1216))
    return ("# JaaS key for vpaas-magic-cookie-%s\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----"
            % (_hex(32), body), body, "# JaaS key for vpaas-magic-cookie-")


@_ctx(G, "clever-instant-login-bearer", None)
def _v18(k):
    t = _u(lambda: "il_" + _hex(40))
    return ("GET https://api.clever.com/v3.0/me\nAuthorization: Bearer %s" % t, t, "api.clever.com/v3.0/me")


@_ctx(G, "powerschool-basic-client-creds", None)
def _v19(k):
    cid, sec = _uuid(), _u(_uuid)
    b = base64.b64encode(("%s:%s" % (cid, sec)).encode()).decode()
    _USED.add(b)
    return ("POST /oauth/access_token HTTP/1.1\nHost: %s\nAuthorization: Basic %s\nContent-Type: "
            "application/x-www-form-urlencoded;charset=UTF-8\n\ngrant_type=client_credentials" % (_host("ps"), b), b,
            "grant_type=client_credentials")


# ===================================================================== build
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
                "note-or-chat", "ci-and-deploy", "vendor-token"]
_TARGET = 185


def _kinds_for(spec):
    if spec == "tok":
        return TOKEN_KINDS
    if spec == "pw":
        return PW_KINDS_T
    if spec is None:
        return [("", "", "", None, "")]
    return [(n, d, "", None, "") for n, d in spec]


def _build_secrets():
    out = []
    seen = set()
    for g in _GROUP_ORDER:
        fmts = []
        for grp, name, fn, spec, k in _CTX:
            if grp != g:
                continue
            kinds = _kinds_for(spec)
            chosen = _R.sample(kinds, min(k, len(kinds))) if len(kinds) > 1 else kinds
            for kd in chosen:
                if not kd[0]:
                    fname = name
                elif g == "vendor-token":
                    fname = kd[0] + "-" + name
                else:
                    fname = name + "-" + kd[0]
                fmts.append((fname, fn, kd))
        count = 0
        for _round in range(3):
            for fname, fn, kd in fmts:
                if count >= _TARGET:
                    break
                for _try in range(20):
                    text, sec, vis = fn(kd)
                    if sec not in seen and len(sec) >= 6 and sec in text:
                        break
                seen.add(sec)
                out.append((g, fname, text, sec, vis))
                count += 1
    return out


SECRETS = _build_secrets()


# ==================================================================== benign
_PLAIN = ["Hello class, homework is due Friday.", "Quiz 3 reopens at 9am.", "Parent evening moved to Thursday",
          "Please bring your calculators", "Field trip forms are in the office", "Room 114 projector fixed",
          "Grades sync nightly at 02:15", "Welcome back, Year 9!", "Library closes early today",
          "Exam timetable v2 attached", "Chromebook cart 3 is charging", "Staff meeting in the hall"]
_ENVN = [k[1] for k in TOKEN_KINDS] + ["DB_PASSWORD", "MOODLE_DB_PASSWORD", "SMTP_PASSWORD", "LDAP_BIND_PASSWORD"]


def _sha():
    return _hex(40)


def _b_pub_pem():
    return "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % _pem_body(294)


_BENIGN_T = [
    # command
    lambda: "git log --oneline -3\n%s Bump moodle to 4.3.%d\n%s Fix LTI deep-link return\n%s Merge branch 'roster-sync'"
            % (_hex(7), _n(1, 9), _hex(7), _hex(7)),
    lambda: "$ sha256sum moodle-4.%d.%d.tgz\n%s  moodle-4.%d.%d.tgz" % (_n(1, 5), _n(0, 9), _hex(64), _n(1, 5), _n(0, 9)),
    lambda: "docker pull ghcr.io/district-it/caption-worker@sha256:%s" % _hex(64),
    lambda: 'export %s="$(vault kv get -field=value secret/lms/%s)"' % (_p(_ENVN), _p(["zoom", "canvas", "bbb", "clever", "jamf"])),
    lambda: "gh secret set %s --repo district-it/%s < /dev/stdin   # pasted interactively, not logged" % (_p(_ENVN), _p(["lti-tool", "zoom-roster-bot", "sis-bridge"])),
    lambda: "mysql -h %s -u moodle -p moodle   # prompts for the password" % _host("db01"),
    lambda: 'psql "postgresql://canvas_ro@%s:5432/canvas_production?sslmode=require"' % _host("pg"),
    lambda: "kubectl -n lms get secret %s -o jsonpath='{.data}' | jq 'keys'" % _p([k[0] for k in TOKEN_KINDS]),
    lambda: "aws secretsmanager get-secret-value --secret-id lms/prod/%s --query VersionId" % _p(["db", "zoom", "canvas", "smtp"]),
    lambda: 'curl -s -H "Authorization: Bearer $%s" https://%s/v1/users/me' % (_p(_ENVN), _p([k[4] for k in TOKEN_KINDS])),
    lambda: "curl -H 'Authorization: Bearer <your-%s-token>' https://%s/api/v1/courses" % (_p(["canvas", "zoom", "webex", "clever"]), _host("canvas")),
    lambda: "openssl rand -hex 32 | sudo tee /etc/bigbluebutton/.secret-%d >/dev/null   # generated, never echoed" % _n(1, 999),
    lambda: "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:%s %s@laptop (ED25519)" % (_b64(32).rstrip("="), _uname()),
    lambda: "gam print users query \"orgUnitPath='/Students/Grade %d'\" fields primaryemail,lastlogintime" % _n(1, 12),
    lambda: "sudo -u www-data php admin/cli/reset_password.php --username=%s   # interactive prompt" % _uname(),
    lambda: "git commit -m 'Rotate %s (new value stored in vault, ref %s)'" % (_p([k[2] for k in TOKEN_KINDS]), _hex(8)),
    lambda: "read -s -p 'Moodle DB password: ' MOODLE_DB_PASSWORD && export MOODLE_DB_PASSWORD   # session %d" % _n(1, 9999),
    lambda: "git rev-parse HEAD\n%s" % _sha(),
    # tool-output
    lambda: '{"id": "%s", "name": "%s %s", "sis_course_id": "%s-%d"}' % (_uuid(), _p(_COURSES), _p(_SCHOOLS), _p(_COURSES), _n(2020, 2026)),
    lambda: "< X-Request-Id: %s\n< X-Rate-Limit-Remaining: %d" % (_uuid(), _n(0, 700)),
    lambda: "traceparent: 00-%s-%s-01" % (_hex(32), _hex(16)),
    lambda: "$ env | grep -i %s\n%s=****\n%s_BASE_URL=https://%s" % (_p(["zoom", "canvas", "webex"]), _p(_ENVN), _p(["ZOOM", "CANVAS", "WEBEX"]), _host()),
    lambda: "$ gh secret list\n%s\tUpdated 2025-%02d-%02d\n%s\tUpdated 2025-%02d-%02d" % (_p(_ENVN), _n(1, 12), _n(1, 28), _p(_ENVN), _n(1, 12), _n(1, 28)),
    lambda: "NAME                  TYPE                                  DATA   AGE\n%s   Opaque   %d   %dd\ndefault-token-%s   kubernetes.io/service-account-token   3   %dd"
            % (_p([k[0] for k in TOKEN_KINDS]), _n(1, 4), _n(1, 400), _s(5, _LO + _DI), _n(1, 900)),
    lambda: "    URL: https://%s/bigbluebutton/\n    Secret: [REDACTED - run as root to show]" % _host("bbb"),
    lambda: "Device: iPad (9th gen)  Serial: %s  UDID: %s  Asset tag: LIB-%04d" % (_s(12, _UP + _DI), _hex(40), _n(1, 9999)),
    lambda: '"integrity": "sha512-%s"' % _b64(64),
    lambda: "    --hash=sha256:%s \\" % _hex(64),
    lambda: "Meeting ID: %d %d %d   (passcode sent separately via the school's Zoom portal)" % (_n(100, 999), _n(1000, 9999), _n(1000, 9999)),
    lambda: 'ETag: "%s"\nLast-Modified: Tue, %02d Mar 2025 10:%02d:00 GMT' % (_hex(32), _n(1, 28), _n(0, 59)),
    lambda: "Moodle 4.%d.%d+ (Build: 2025%02d%02d)  release: %s" % (_n(1, 5), _n(0, 9), _n(1, 12), _n(1, 28), _hex(7)),
    lambda: "jamf: enrolled %d devices, profile UUID %s, last check-in %sZ" % (_n(1, 900), _uuid().upper(), _ts()),
    # config
    lambda: "$CFG->dbpass = getenv('MOODLE_DB_PASSWORD'); // set in /etc/php/8.%d/fpm/pool.d/moodle.conf" % _n(1, 3),
    lambda: "password: \"{{ lookup('env', '%s') }}\"   # host %s" % (_p(_ENVN), _host()),
    lambda: "api_key = <your-%s-key>\nbase_url = https://%s" % (_p(["canvas", "zoom", "deepgram", "verbit"]), _host()),
    lambda: "# .env.example\n%s=\n%s=changeme\nAPP_URL=https://%s" % (_p(_ENVN), _p(_ENVN), _host("lti")),
    lambda: "        - name: %s\n          valueFrom:\n            secretKeyRef:\n              name: %s\n              key: %s"
            % (_p(_ENVN), _p([k[0] for k in TOKEN_KINDS]), _p(["token", "client_secret", "password"])),
    lambda: "public_key: |\n  %s" % _b_pub_pem().replace("\n", "\n  "),
    lambda: "%s-%s AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % ("ssh", "ed25519", _b64(32).rstrip("=")[1:], _uname(), _p(["laptop", "it-mac", "jump01"])),
    lambda: '{"kty": "RSA", "kid": "lti-%s", "use": "sig", "alg": "RS256", "e": "AQAB", "n": "%s"}' % (_hex(8), _b64u(256)),
    lambda: '{"client_id": "1000000000%04d", "deployment_id": "%d:%s", "auth_login_url": "https://sso.canvaslms.com/api/lti/authorize_redirect"}'
            % (_n(1, 9999), _n(1, 99), _hex(40)),
    lambda: "$CFG->passwordpolicy = 1;\n$CFG->minpasswordlength = %d;\n$CFG->minpassworddigits = %d;\n$CFG->minpasswordnonalphanum = 1;" % (_n(8, 16), _n(1, 3)),
    lambda: "ZOOM_ACCOUNT_ID=%s\nZOOM_CLIENT_ID=%s\nZOOM_CLIENT_SECRET=${ZOOM_CLIENT_SECRET}" % (_s(22), _s(22)),
    lambda: "stripe:\n  publishable_key: pk_live_%s   # public, safe in the browser" % _s(24),
    lambda: "google:\n  client_id: %d-%s.apps.googleusercontent.com\n  client_secret: ${GOOGLE_CLIENT_SECRET}" % (_n(10**11, 10**12), _s(32, _LO + _DI)),
    lambda: "SENTRY_DSN=https://%s@o%d.ingest.sentry.io/%d   # public DSN, no secret part" % (_hex(32), _n(10**5, 10**6), _n(10**6, 10**7)),
    lambda: "jitsi:\n  jaas_app_id: vpaas-magic-cookie-%s\n  private_key_path: /run/secrets/jaas.pem" % _hex(32),
    lambda: "[smtp]\nhost = smtp.%s\nuser = noreply\npassword_file = /run/secrets/smtp_password" % _dom(),
    lambda: "azure:\n  client_secret: '@Microsoft.KeyVault(SecretUri=https://kv-%s.vault.azure.net/secrets/%s/)'" % (_p(_DISTRICTS), _p([k[0] for k in TOKEN_KINDS])),
    # source
    lambda: 'token = os.environ["%s"]  # line %d' % (_p(_ENVN), _n(1, 400)),
    lambda: "secret = config.get('%s', 'client_secret', fallback=None)" % _p(["zoom", "clever", "canvas", "webex", "lti"]),
    lambda: "const key = process.env.%s; // never log this (%s)" % (_p(_ENVN), _hex(6)),
    lambda: 'if not password:\n    raise ValueError("password for %s must not be empty")' % _svc(),
    lambda: 'CACHE_KEY = f"roster:v%d:{hashlib.sha1(course_id.encode()).hexdigest()}"' % _n(1, 9),
    lambda: 'cache.set("sha256:%s", payload, ttl=%d)' % (_hex(64), _n(60, 86400)),
    lambda: 'GREETING_B64 = "%s"  # base64 of a banner string, %d' % (
        base64.b64encode(_p(_PLAIN).encode()).decode(), _n(1, 9999)),
    lambda: 'PASSWORD_FIELD = "password"\nTOKEN_HEADER = "X-Api-Key"  # v%d' % _n(1, 99),
    lambda: "assert hashlib.md5(data).hexdigest() == '%s'" % _hex(32),
    lambda: "def rotate_secret(name: str, store: SecretStore) -> str:  # returns version id like %s" % _uuid(),
    lambda: 'headers = {"Authorization": f"Bearer {get_token(\'%s\')}"}' % _p([k[0] for k in TOKEN_KINDS]),
    lambda: 'MASKED = "%s" + "*" * 28  # show the first chars only' % _p(["sk_live_", "ghp_", "xoxb-", "glpat-", "SG."]),
    # logs
    lambda: "%s ERROR Access denied for user 'moodle'@'%s' (using password: YES)" % (_ts(), _ip()),
    lambda: "%s WARN auth failed for %s: invalid password (attempt %d of 5)" % (_ts(), _uname(), _n(1, 5)),
    lambda: '  Parameters: {"pseudonym_session"=>{"unique_id"=>"%s", "password"=>"[FILTERED]"}}' % _uname(),
    lambda: "+ curl -H 'X-Api-Key: ****' https://%s/v1/deployments   # job %d" % (_host(), _n(1, 99999)),
    lambda: "request_id=%s trace_id=%s span_id=%s status=200 dur=%dms" % (_uuid(), _hex(32), _hex(16), _n(3, 900)),
    lambda: "deploy finished sha=%s env=prod by=%s" % (_sha(), _uname()),
    lambda: "[lti] launch ok iss=https://%s client_id=1000000000%04d deployment_id=%d:%s nonce=%s"
            % (_host("canvas"), _n(1, 9999), _n(1, 99), _hex(40), _uuid()),
    lambda: "%s INFO kid=lti-%s rotated; previous kid kept in JWKS for 72h" % (_ts(), _hex(8)),
    lambda: "%s INFO zoom webhook signature verified for event meeting.ended id=%s" % (_ts(), _s(22)),
    lambda: "%s DEBUG token cache hit key=%s ttl=%ds (value not logged)" % (_ts(), _hex(40), _n(10, 3600)),
    lambda: "%s INFO password for %s changed by %s (policy check passed)" % (_ts(), _uname(), _uname()),
    lambda: "Webex room: Y2lzY29zcGFyazovL3VzL1JPT00v%s" % base64.b64encode(_uuid().encode()).decode().rstrip("="),
    lambda: "Twilio Account SID AC%s (identifier only; auth token is in vault)" % _hex(32),
    lambda: "AWS access key id AKIA%s belongs to lms-backup (id only, secret never leaves vault)" % _s(16, _UP + _DI),
    # notes/chat
    lambda: "%s: I reset %s's password, she'll get the reset link by email." % (_person(), _person()),
    lambda: "%s: please don't paste passwords in tickets, use the Keeper share '%s IT' instead" % (_person(), _p(_SCHOOLS)),
    lambda: "The %s lives in 1Password under '%s (prod)'; ask %s for access." % (_p([k[2] for k in TOKEN_KINDS]), _p([k[2] for k in TOKEN_KINDS]), _person()),
    lambda: "Password policy (%s): at least %d characters, one digit, one symbol, no reuse of the last %d." % (_p(_SCHOOLS), _n(10, 16), _n(3, 12)),
    lambda: "%s: Das Passwort steht im Tresor, nicht im Chat. (%s)" % (_person(), _p(_SCHOOLS)),
    lambda: "%s: la contraseña está en el gestor, no la pongáis aquí por favor (%s)" % (_person(), _p(_COURSES)),
    lambda: "%s : le mot de passe est dans Bitwarden, collection « %s »" % (_person(), _p(_SCHOOLS)),
    lambda: "%s: token expired again, requested a new one from the %s admin" % (_person(), _p(["Canvas", "Zoom", "Clever", "Webex", "Jamf"])),
    lambda: "README: replace <your-api-key> with the value from the vendor portal (%s)" % _p([k[2] for k in TOKEN_KINDS]),
    lambda: "note: key id %s is public (it's in the JWKS), fine to paste" % _hex(16),
    lambda: "- [x] rotated %s (old one revoked %s)\n- [ ] update the runbook" % (_p([k[2] for k in TOKEN_KINDS]), _ts()[:10]),
    lambda: "Decision: students use SSO only; no shared passwords for %s." % _p(_COURSES),
    lambda: "%s: the wifi password for guests is printed on the card at reception, not sharing it here" % _person(),
    lambda: "GOAL: move %s from config.php into the secrets manager and reference it by name" % _p(_ENVN),
    lambda: "%s: パスワードは金庫に保存しました（チャットには書きません）%d" % (_person(), _n(1, 99)),
    lambda: "%s: 密码已经放在保险库里了，请不要在群里发 (%s)" % (_person(), _p(_COURSES)),
    lambda: "%s: ho cambiato la password, la trovi nel gestore aziendale" % _person(),
    lambda: "Your password must not contain your username; passphrases like four random words are encouraged. (%s)" % _p(_SCHOOLS),
    lambda: "%s: xxxx-xxxx-xxxx is just the format, the real code comes by SMS" % _person(),
    # ci
    lambda: "        env:\n          %s: ${{ secrets.%s }}" % (_p(_ENVN), _p(_ENVN)),
    lambda: "    - curl --header \"JOB-TOKEN: $CI_JOB_TOKEN\" https://gitlab.%s/api/v4/projects/%d/packages" % (_dom(), _n(1, 999)),
    lambda: "withCredentials([string(credentialsId: '%s', variable: 'TOKEN')]) {\n  sh 'deploy.sh'\n}" % _p([k[0] for k in TOKEN_KINDS]),
    lambda: "    image: ghcr.io/district-it/%s@sha256:%s" % (_p(["lti-tool", "moodle", "caption-worker"]), _hex(64)),
    lambda: "      - uses: actions/cache@v4\n        with:\n          key: deps-${{ hashFiles('**/poetry.lock') }}-%s" % _hex(12),
    lambda: "      - uses: actions/checkout@%s  # v4.1.%d" % (_sha(), _n(0, 9)),
    lambda: "helm upgrade --install lms ./chart --set image.tag=%s --set secrets.existingSecret=lms-secrets" % _hex(7),
    lambda: "terraform plan: ~ %s = (sensitive value)" % _p(_ENVN).lower(),
    lambda: "vault_path: secret/data/lms/%s/%s" % (_p(["prod", "staging"]), _p([k[0] for k in TOKEN_KINDS])),
    # vendor look-alikes
    lambda: "%s%s" % (_p(["sk_live_", "ghp_", "glpat-", "npm_"]), "x" * _n(20, 36)),
    lambda: "%s...%s (masked)" % (_p(["xoxb-", "SG.", "sk-proj-", "hvs.", "dckr_pat_"]), _s(4)),
    lambda: "AIzaSy...REDACTED   # %s" % _p(_COURSES),
    lambda: "Zoom client ID: %s (public, shown in the marketplace listing)" % _s(22),
    lambda: "Google OAuth client: %d-%s.apps.googleusercontent.com" % (_n(10**11, 10**12), _s(32, _LO + _DI)),
    lambda: "Canvas developer key id: 1000000000%04d (client_id, not secret)" % _n(1, 9999),
    lambda: "LTI deployment_id %d:%s registered for %s" % (_n(1, 99), _hex(40), _p(_SCHOOLS)),
    lambda: "cert fingerprint SHA256:%s" % ":".join(_hex(2).upper() for _ in range(32)),
    lambda: "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=<redacted>&X-Amz-Expires=%d" % _n(60, 3600),
    lambda: "Authorization: Bearer ${%s}" % _p(_ENVN),
    lambda: "token: REDACTED  # %s" % _uuid(),
    lambda: "password: '********'   # user %s" % _svc(),
]


def _build_benign():
    out, seen = [], set()
    i = 0
    while len(out) < 950 and i < 20000:
        s = _BENIGN_T[i % len(_BENIGN_T)]()
        i += 1
        if s in seen:
            continue
        seen.add(s)
        out.append(s)
    return out


BENIGN = _build_benign()
