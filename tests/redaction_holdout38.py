"""Blind hold-out corpus #38 for a secret-redaction engine.

What it is
----------
A test corpus of text fragments of the kind a coding agent (Claude Code,
Codex, Gemini CLI) writes into its saved working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each fragment in SECRETS contains exactly one marked credential that a
redaction engine must remove; each string in BENIGN contains no credential
at all but looks secret-ish to a naive scanner and must survive untouched.

Theme
-----
Windows-centred hobby, indie and small-business developers: PowerShell,
.NET and Visual Studio, IIS and web.config, appsettings.json and user
secrets, Azure and Entra ID, SQL Server, Windows Credential Manager and
DPAPI, registry exports, scheduled tasks and services, Excel/VBA and
Access automation, Unity and game modding, Discord bots, AutoHotkey, WSL,
support forums and chat messages (in many human languages).

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule set
or engine source was consulted, and no search tool or web page was used.
Where a vendor's real credential shape is known it is imitated (prefixes,
lengths, alphabets); where it is unknown, a plausible shape was invented.
All hosts, domains, companies, people, user names and values are
fictitious; every credential is a fresh pseudo-random draw and grants
access to nothing.

Layout
------
SECRETS  list of 5-tuples (group, format, text, secret, visible):
         group    one of command, tool-output, config-file, source-code,
                  stack-trace-or-log, note-or-chat, ci-and-deploy,
                  vendor-token (about 185 entries each);
         format   kebab-case name of the shape; each format is used at
                  most three times, so the corpus has 500+ formats;
         text     the fragment as the agent recorded it;
         secret   the exact substring of text that must not survive
                  redaction (only the key body for PEM keys, only the
                  signature for signed URLs, only the password for
                  user:password pairs);
         visible  a substring of text that must stay readable, or "".
BENIGN   list of about 950 distinct strings, in the same groups and
         contexts, that contain no credential: hashes, commit ids, GUIDs,
         trace ids, public keys and fingerprints, placeholders, masked
         values, references to where secrets live, prose about passwords.

Determinism
-----------
All randomness comes from _R = random.Random(3838) and is consumed at
import time in a fixed order, so importing the module twice yields
identical lists.  Nothing is printed at import.

Measured
--------
Blind, written after every rule made for the thirty-fourth to thirty-sixth and read only
after: recall 0.964 (1,427 of 1,480) and false positives 37 of 952 (3.9%); 0.958 and the
same 37 with the engine at that session's start. Tuned on since: 0.986 and 11 of 952.
"""

import base64
import re
import string
import random

_R = random.Random(3838)

_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_ALNUM = _LOW + _UP + _DIG
_LOWNUM = _LOW + _DIG
_UPNUM = _UP + _DIG
_HEXL = "0123456789abcdef"
_HEXU = "0123456789ABCDEF"
_B64C = _ALNUM + "+/"
_B64U = _ALNUM + "-_"
_SYM = "!#%*-_.+?@~^"
_USYM = "!*-_.~"


def _c(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def _hex(n):
    return _c(_HEXL, n)


def _HEX(n):
    return _c(_HEXU, n)


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(nbytes):
    return base64.b64encode(_rb(nbytes)).decode()


def _b64url(nbytes):
    return base64.urlsafe_b64encode(_rb(nbytes)).decode().rstrip("=")


def _b64s(s):
    return base64.b64encode(s.encode("utf-8")).decode()


def _b64us(s):
    return base64.urlsafe_b64encode(s.encode("utf-8")).decode().rstrip("=")


def _guid():
    return "%s-%s-4%s-%s%s-%s" % (_hex(8), _hex(4), _hex(3), _R.choice("89ab"), _hex(3), _hex(12))


def _pick(seq):
    return _R.choice(seq)


def _wrap(s, n=64):
    return "\n".join(s[i:i + n] for i in range(0, len(s), n))


# --------------------------------------------------------------------------
# password styles people actually choose
# --------------------------------------------------------------------------
_WORDS = (
    "sunflower marmalade tractor biscuit falcon harbor pixel dragon meadow thunder copper "
    "velvet lantern pepper walrus rocket cobalt emerald pumpkin hazel juniper nebula otter "
    "quartz raven saffron tundra violet willow zephyr badger cinnamon dolphin ember fjord "
    "glacier hammock jasmine kettle lemon mango nutmeg orchid pebble quill rhubarb sparrow "
    "tulip vortex waffle zucchini anchor blossom canyon dynamo falafel gadget hornet inkwell "
    "jigsaw koala lobster muffin noodle oyster parsnip quokka ripple squirrel teapot unicorn "
    "vanilla whisker bramble cricket dumpling espresso fiddle gravel halibut icicle jukebox "
    "kayak lagoon mosaic nugget origami paprika riddle sprocket truffle pancake gopher "
    "lighthouse marble nacho puffin snowdrop tangerine walnut beacon clover drizzle "
    "firefly goblin hedgehog iguana jellybean kiwi lumberjack mistletoe nightowl "
    "porcupine raccoon scarecrow toucan volcano wombat yeti acorn bumblebee cactus"
).split()

_WORDS_INTL = (
    "sonnenschein kartoffel schmetterling fruehling kuchenblech mariposa manzana girasol "
    "papillon fromage citron tramonto farfalla gelato aardbei fiets kwiatek jablko ruokala "
    "lumihiutale kaffekopp sommarnatt zmrzlina cicek kahve sakura neko hoshizora "
    "sorvete jabuticaba borboleta kotek pierogi malina grenouille biscotto zitrone "
    "eichhoernchen lentejas naranja baleine tulipano pannenkoek hagelslag myrsky "
    "jordgubbe palacinka kalemci limonata yildiz matryoshka babochka"
).split()

_NAMES = (
    "Leonie Jonas Priya Kenji Lucia Tomasz Aiyana Seun Freya Dmitri Sofia Mateus Yuki "
    "Hamid Chloe Nils Ingrid Rafael Ana Bjorn Wei Minh Fatima Elif Kofi Marta Lukas "
    "Amara Sven Noor Ilse Tariq Jana Mateo Keiko Olek Rosa Henrik Daria Yusuf Beatriz"
).split()

_PETS = "Biscuit Luna Mochi Pepper Simba Nala Loki Oreo Bella Gizmo Ziggy Tofu Bruno Kiki".split()
_SEASONS = "Spring Summer Autumn Winter Fruehling Sommer Herbst Verano Invierno Printemps".split()
_SYLL = "ka ve ri lo mu sa te no bi fa go ru xe zo pi la ko mi du ne ta vo si ya".split()


def _year():
    return str(_R.randint(1968, 2025))


def _pw_style(safe_url=False):
    sym = _USYM if safe_url else _SYM
    s = _R.randrange(12)
    if s == 0:
        v = _pick(_WORDS).capitalize() + _year() + _pick(sym)
    elif s == 1:
        v = _pick(_WORDS).capitalize() + _pick(_WORDS).capitalize() + str(_R.randint(10, 999))
    elif s == 2:
        w = _pick(_WORDS)
        tr = {"a": "@" if not safe_url else "4", "o": "0", "e": "3", "i": "1", "s": "5"}
        w = "".join(tr.get(ch, ch) if _R.random() < 0.6 else ch for ch in w)
        v = w[0].upper() + w[1:] + str(_R.randint(1, 99)) + _pick(sym)
    elif s == 3:
        n = _R.randint(14, 24)
        v = _c(_ALNUM + sym, n - 2) + _pick(_DIG) + _pick(sym)
    elif s == 4:
        v = "".join(_pick(_SYLL) for _ in range(_R.randint(3, 4))).capitalize() + str(_R.randint(10, 9999))
    elif s == 5:
        v = _pick(_PETS + _NAMES) + "%02d%02d" % (_R.randint(1, 28), _R.randint(1, 12)) + _pick(sym)
    elif s == 6:
        v = _pick(_WORDS_INTL).capitalize() + _pick(sym) + str(_R.randint(100, 99999))
    elif s == 7:
        v = "-".join(_pick(_WORDS) for _ in range(_R.randint(3, 4))) + "-" + str(_R.randint(1, 99))
    elif s == 8:
        v = _pick(_SEASONS) + _year() + _pick(sym) + _pick(sym) + _c(_LOW, 2)
    elif s == 9:
        v = "xX" + _pick(_WORDS).capitalize() + _pick(_WORDS).capitalize() + "Xx" + str(_R.randint(1, 99))
    elif s == 10:
        v = _c(_ALNUM, _R.randint(10, 16))
        if not any(ch.isdigit() for ch in v):
            v += _pick(_DIG)
    else:
        v = _pick(_NAMES) + _pick(sym) + _pick(_WORDS) + str(_R.randint(1, 999)) + _pick(sym)
    if len(v) < 8:
        v += _c(_DIG, 8 - len(v))
    return v


def PW(_=None):
    return _pw_style(False)


def PWU(_=None):
    return _pw_style(True)


def PWS(_=None):
    """short, human, word based"""
    return _pick(_WORDS + _WORDS_INTL + _PETS).capitalize() + str(_R.randint(10, 9999)) + _pick("!#*.?")


def PWR(_=None):
    return _c(_ALNUM + "!#%*-_.+?@", _R.randint(18, 28)) + _pick(_DIG)


def PHR(_=None):
    sep = _pick(["-", ".", "_", ""])
    ws = [_pick(_WORDS) for _ in range(_R.randint(3, 5))]
    if sep == "":
        ws = [w.capitalize() for w in ws]
    return sep.join(ws) + sep + str(_R.randint(1, 999))


def PHRS(_=None):
    ws = [_pick(_WORDS) for _ in range(_R.randint(4, 5))]
    return " ".join(ws) + " " + str(_R.randint(1, 99))


def PIN(_=None):
    return _c(_DIG, _R.randint(6, 8))


def RND(n, alpha=_ALNUM):
    return lambda _=None: _c(alpha, n)


# --------------------------------------------------------------------------
# vendor token shapes (real prefixes where known, invented elsewhere)
# --------------------------------------------------------------------------
def GHP(_=None): return "ghp_" + _c(_ALNUM, 36)
def GHO(_=None): return "gho_" + _c(_ALNUM, 36)
def GHS(_=None): return "ghs_" + _c(_ALNUM, 36)
def GHU(_=None): return "ghu_" + _c(_ALNUM, 36)
def GHR(_=None): return "ghr_" + _c(_ALNUM, 36)
def GHPAT(_=None): return "github_pat_" + _c(_ALNUM, 22) + "_" + _c(_ALNUM, 59)
def GLPAT(_=None): return "glpat-" + _c(_B64U, 20)
def ADOPAT(_=None): return _c("abcdefghijklmnopqrstuvwxyz234567", 52)
def ADOPAT2(_=None): return _c(_ALNUM, 76) + "AZDO" + _c(_ALNUM, 4)
def STKEY(_=None): return _b64(64)
def COSMOS(_=None): return _b64(64)
def SBKEY(_=None): return _b64(32)
def SASSIG(_=None): return _b64(32).replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
def ENTRA(_=None): return _c(_ALNUM, 3) + _pick(_DIG) + "Q~" + _c(_ALNUM + "~._-", 34)
def FUNCKEY(_=None): return _c(_ALNUM + "-_", 54) + "=="
def AOAI(_=None): return _hex(32)
def COGKEY(_=None): return _hex(32)
def PUBPWD(_=None): return _c(_ALNUM, 60)
def ACR(_=None): return _c(_ALNUM + "+/", 44) + "+ACRD" + _c(_ALNUM, 3)
def SWA(_=None): return _hex(56) + "-" + _guid() + "00" + _hex(6)
def SIGNALR(_=None): return _b64(32)
def AZMAPS(_=None): return _c(_ALNUM, 84)


def _snow():
    return str(_R.randint(10 ** 17, 13 * 10 ** 17))


def DISCORD(_=None):
    return _b64us(_snow()) + "." + _c(_B64U, 6) + "." + _c(_B64U, _R.randint(27, 38))


def DWH(_=None): return _c(_B64U, 68)
def DSECRET(_=None): return _c(_B64U, 32)
def XOXB(_=None): return "xoxb-%s-%s-%s" % (_c(_DIG, 12), _c(_DIG, 13), _c(_ALNUM, 24))
def XOXP(_=None): return "xoxp-%s-%s-%s-%s" % (_c(_DIG, 12), _c(_DIG, 12), _c(_DIG, 13), _hex(32))
def SLACKHOOK(_=None): return _c(_ALNUM, 24)
def SKLIVE(_=None): return "sk_live_" + _c(_ALNUM, 99)
def SKTEST(_=None): return "sk_test_" + _c(_ALNUM, 99)
def RKLIVE(_=None): return "rk_live_" + _c(_ALNUM, 99)
def WHSEC(_=None): return "whsec_" + _c(_ALNUM, 32)
def OPENAI(_=None): return "sk-proj-" + _c(_B64U, 74) + "T3BlbkFJ" + _c(_B64U, 74)
def OPENAI_OLD(_=None): return "sk-" + _c(_ALNUM, 20) + "T3BlbkFJ" + _c(_ALNUM, 20)
def ANTH(_=None): return "sk-ant-api03-" + _c(_B64U, 93) + "AA"
def AIZA(_=None): return "AIza" + _c(_B64U, 35)
def GOCSPX(_=None): return "GOCSPX-" + _c(_B64U, 28)
def AKIA(_=None): return "AKIA" + _c(_UPNUM, 16)
def AWSSEC(_=None): return _c(_ALNUM + "+/", 40)
def TWILIO(_=None): return _hex(32)
def SG(_=None): return "SG." + _c(_B64U, 22) + "." + _c(_B64U, 43)
def MAILGUN(_=None): return "key-" + _hex(32)
def MAILCHIMP(_=None): return _hex(32) + "-us" + str(_R.randint(1, 21))
def NUGET(_=None): return "oy2" + _c(_LOWNUM, 43)
def NPM(_=None): return "npm_" + _c(_ALNUM, 36)
def PYPI(_=None): return "pypi-AgEIcHlwaS5vcmc" + _c(_B64U, 140)
def DOCKER(_=None): return "dckr_pat_" + _c(_B64U, 27)
def TELEGRAM(_=None): return str(_R.randint(10 ** 9, 8 * 10 ** 9)) + ":AA" + _c(_B64U, 33)
def TWOAUTH(_=None): return "oauth:" + _c(_LOWNUM, 30)
def TWSECRET(_=None): return _c(_LOWNUM, 30)
def STEAM(_=None): return _HEX(32)
def HF(_=None): return "hf_" + _c(_ALNUM, 34)
def CF(_=None): return _c(_B64U, 40)
def DOTOK(_=None): return "dop_v1_" + _hex(64)
def SHOPIFY(_=None): return "shpat_" + _hex(32)
def PAYPAL(_=None): return "E" + _c(_B64U, 79)
def GUIDTOK(_=None): return _guid()
def DDKEY(_=None): return _hex(32)
def DDAPP(_=None): return _hex(40)
def NRAK(_=None): return "NRAK-" + _c(_UPNUM, 27)
def SENTRY(_=None): return "sntryu_" + _hex(64)
def GRAFANA(_=None): return "glsa_" + _c(_ALNUM, 32) + "_" + _hex(8)
def TSKEY(_=None): return "tskey-auth-k" + _c(_ALNUM, 16) + "-" + _c(_ALNUM, 33)
def NGROK(_=None): return _pick("123") + _c(_ALNUM, 26) + "_" + _c(_ALNUM, 21)
def DOPPLER(_=None): return "dp.st.prd." + _c(_ALNUM, 40)
def OPS(_=None): return "ops_eyJ" + _c(_B64U, 180)
def LINEAR(_=None): return "lin_api_" + _c(_ALNUM, 40)
def NOTION(_=None): return "ntn_" + _c(_ALNUM, 46)
def AIRTABLE(_=None): return "pat" + _c(_ALNUM, 14) + "." + _hex(64)
def FIGMA(_=None): return "figd_" + _c(_B64U, 40)
def NETLIFY(_=None): return "nfp_" + _c(_ALNUM, 36)
def SUPABASE(_=None): return "sbp_" + _hex(40)
def FCM(_=None): return "AAAA" + _c(_B64U, 7) + ":APA91b" + _c(_B64U, 134)
def MAPBOX(_=None): return "sk.eyJ1Ijoi" + _c(_B64U, 60) + "." + _c(_B64U, 22)
def DROPBOX(_=None): return "sl." + _c(_B64U, 136)
def ATLASSIAN(_=None): return "ATATT3xFfGF0" + _c(_B64U, 170) + "=" + _HEX(8)
def OCTOPUS(_=None): return "API-" + _c(_UPNUM, 30)
def RIOT(_=None): return "RGAPI-" + _guid()
def REDDIT(_=None): return _c(_B64U, 30)
def TWBEARER(_=None): return "AAAAAAAAAAAAAAAAAAAAA" + _c(_ALNUM, 22) + "%3D" + _c(_ALNUM, 50)
def REPLICATE(_=None): return "r8_" + _c(_ALNUM, 37)
def GROQ(_=None): return "gsk_" + _c(_ALNUM, 52)
def PPLX(_=None): return "pplx-" + _c(_ALNUM, 48)
def XAI(_=None): return "xai-" + _c(_ALNUM, 80)
def ELEVEN(_=None): return "sk_" + _hex(48)
def RESEND(_=None): return "re_" + _c(_ALNUM, 8) + "_" + _c(_ALNUM, 24)
def BREVO(_=None): return "xkeysib-" + _hex(64) + "-" + _c(_ALNUM, 16)
def OKTA(_=None): return "00" + _c(_B64U, 40)
def HEROKU(_=None): return "HRKU-AA" + _c(_B64U, 58)
def RENDER(_=None): return "rnd_" + _c(_ALNUM, 32)
def BBAPP(_=None): return "ATBB" + _c(_ALNUM, 28) + _HEX(8)
def POSTMAN(_=None): return "PMAK-" + _hex(24) + "-" + _hex(34)
def HUBSPOT(_=None): return "pat-na1-" + _guid()
def PLAYFAB(_=None): return _c(_UPNUM, 52)
def EOS(_=None): return _c(_B64U, 43)
def ITCH(_=None): return _c(_ALNUM, 40)
def PATREON(_=None): return _c(_B64U, 43)
def VERCEL(_=None): return _c(_ALNUM, 24)
def CRATES(_=None): return "cio" + _c(_ALNUM, 32)
def SEQKEY(_=None): return _c(_ALNUM, 20)
def GHRUNNER(_=None): return "A" + _c(_UPNUM, 28)
def FLY(_=None): return "FlyV1 fm2_" + _c(_B64U, 120)
def UNITYSVC(_=None): return _c(_B64U, 32)
def HEX32(_=None): return _hex(32)
def HEX40(_=None): return _hex(40)
def HEX64(_=None): return _hex(64)
def B64_32(_=None): return _b64(32)
def B64_48(_=None): return _b64(48)
def B64_64(_=None): return _b64(64)
def MK_VAL(_=None): return _HEX(128)
def MK_DEC(_=None): return _HEX(64)
def ASPXAUTH(_=None): return _HEX(_R.choice([192, 224, 256]))
def CFDJ8(_=None): return "CfDJ8" + _c(_B64U, _R.randint(180, 260))
def REFRESH(_=None): return "0.A" + _c(_B64U, 40) + "." + _c(_B64U, 200)
def MSATOK(_=None): return "EwB" + _c(_B64C, 220) + "="
def TOTP(_=None): return _c("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 32)
def BITLOCKER(_=None): return "-".join("%06d" % (_R.randint(0, 65535) * 11) for _ in range(8))
def AGE(_=None): return "AGE-SECRET-KEY-1" + _c("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
def WGKEY(_=None): return _b64(32)
def ESPKEY(_=None): return _b64(32)
def TWITCHKEY(_=None): return "live_" + _c(_DIG, 9) + "_" + _c(_ALNUM, 30)
def SEVENTY(_=None): return _c(_ALNUM, 48)


def JWT(_=None):
    hdr = '{"typ":"JWT","alg":"RS256","kid":"%s"}' % _c(_B64U, 27)
    body = ('{"aud":"https://management.azure.com","iss":"https://sts.windows.net/%s/",'
            '"iat":%d,"nbf":%d,"exp":%d,"oid":"%s","tid":"%s","ver":"1.0","uti":"%s"}'
            % (_guid(), 1700000000 + _R.randint(0, 9 ** 7), 1700000000, 1700003599, _guid(), _guid(), _c(_B64U, 22)))
    return _b64us(hdr) + "." + _b64us(body) + "." + _b64url(256)


def JWT_HS(_=None):
    hdr = '{"alg":"HS256","typ":"JWT"}'
    body = '{"sub":"%d","role":"service_role","iat":%d,"exp":%d}' % (_R.randint(1, 99999), 1700000000 + _R.randint(0, 9 ** 7), 2000000000)
    return _b64us(hdr) + "." + _b64us(body) + "." + _b64url(32)


def RSA_BODY(_=None):
    body = "MIIEowIBAAKCAQEA" + _c(_B64C, 1572)
    return _wrap(body)


def RSA1K_BODY(_=None):
    body = "MIICXAIBAAKBgQC" + _c(_B64C, 797) + "="
    return _wrap(body)


def PKCS8_BODY(_=None):
    return _wrap("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + _c(_B64C, 1574))


def PKCS8_ESC(_=None):
    return "\\n".join(PKCS8_BODY().split("\n"))


def EC_BODY(_=None):
    return _wrap("MHcCAQEEI" + _c(_B64C, 151) + "==")


def OPENSSH_BODY(_=None):
    return _wrap("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW" + _c(_B64C, 328) + "==", 70)


def PPK_PRIV(_=None):
    return _wrap("AAAAIQ" + _c(_B64C, 42), 64)


def RSAXML_D(_=None):
    return _b64(256)


# --------------------------------------------------------------------------
# context fields
# --------------------------------------------------------------------------
_DOMAINS = ("fernhill-bakery.example pinecone-games.test harbor-lab.lan quillbrook.example "
            "mossgate-crafts.test oakmont-dental.example kestrel-tiles.test tidewater-bikes.example "
            "lanternfish.studio.test copperkettle-cafe.example brightmoor.lan vinyl-attic.test "
            "larkspur-print.example ember-and-oak.test bluefern.local mapleleaf-it.example").split()
_DOMS = "FERNHILL KESTREL HARBORLAB OAKMONT PINECONE QUILLBROOK MOSSGATE TIDEWATER BRIGHTMOOR".split()
_APPS = ("bakery-orders guild-bot inventory-api tabletop-tracker mod-sync receipts-web loyalty-app "
         "raid-planner stock-watch clinic-booking tile-quotes bike-rentals timesheet-hub "
         "recipe-vault fish-tank-monitor pixel-arena save-sync quote-builder choir-roster "
         "vinyl-catalog print-queue grocery-bot sensor-dash dungeon-notes").split()
_DBS = ("BakeryOrders InventoryDb GuildBot TabletopTracker Receipts Loyalty RaidPlanner StockWatch "
        "ClinicBooking TileQuotes BikeRentals Timesheets RecipeVault PixelArena ChoirRoster "
        "VinylCatalog PrintQueue SensorData ShopDb Northwind_Local").split()
_DBUSERS = ("sa app_user orders_rw svc_reports bakery_app sqladmin webapp reporting etl_loader "
            "bot_rw api_service readonly_bi shop_owner dbadmin migrator").split()
_WINUSERS = ("mara jonas.k priya kenji lucia.m tomasz aiyana freya dmitri sofia mateus yuki "
             "hamid chloe nils ingrid rafael admin owner kiosk frontdesk").split()
_LUSERS = "pi ubuntu deploy mara jonas gameserver steam admin ops dev".split()
_SVCS = "svc_backup svc_sqlagent svc_iis svc_scanner svc_sync svc_bot svc_reports svc_print svc_deploy".split()
_SVCNAMES = "BakeryOrdersSync GuildBotSvc PrintQueueAgent SensorCollector SaveSyncService StockWatcher TileQuoteMailer".split()
_HANDLES = ("pixelwitch modder_greg nightowl_dev tinkerfox bytebaker quietcoder dungeonmum "
            "latte_larry frostbyte88 kettlecorn retro_rina sprocket_sam hexhound mossy_dev").split()
_NASES = "NAS01 DISKSTATION FILESRV HOMESERVER BACKUP01 MEDIA-NAS".split()
_FEEDS = "internal-packages shared-libs bakery-feed studio-nuget tools-feed".split()
_ORGS = "fernhill-dev pinecone-games harborlab quillbrook-it mossgate oakmont-dental kestrel-tiles".split()
_PROJS = "Orders Website GameClient Tools Backoffice BotPlatform".split()
_SSIDS = ["FRITZ!Box 7590 XK", "Vodafone-3F21", "TP-Link_5G_A1", "Bakery-Guest", "Studio-Net", "Livebox-77C2", "HarborLab-IoT"]
_MODS = "BetterStorage QuickStack MoreFish AutoSorter ValheimPlus SkipIntro FastTravelPlus".split()
_REGIONS = "westeurope northeurope uksouth eastus2 swedencentral francecentral germanywestcentral".split()


def _pc():
    return _pick(["DESKTOP-", "LAPTOP-", "WIN-"]) + _c(_UPNUM, 7)


def _sqlhost():
    s = _R.randrange(6)
    if s == 0:
        return "localhost\\SQLEXPRESS"
    if s == 1:
        return _pc() + "\\SQLEXPRESS"
    if s == 2:
        return "tcp:" + _pick(_APPS) + "-sql.database.windows.net,1433"
    if s == 3:
        return "192.168.%d.%d" % (_R.randint(0, 10), _R.randint(2, 250))
    if s == 4:
        return _pick(["SQL01", "SQLSRV", "DB01", "OFFICE-SQL"]) + "." + _pick(_DOMAINS)
    return "127.0.0.1,14%02d" % _R.randint(30, 40)


def _date():
    return "%04d-%02d-%02d" % (_R.randint(2022, 2025), _R.randint(1, 12), _R.randint(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _ver():
    return "%d.%d.%d" % (_R.randint(0, 9), _R.randint(0, 30), _R.randint(0, 60))


_FIELDS = {
    "person": lambda: _pick(_NAMES),
    "handle": lambda: _pick(_HANDLES),
    "user": lambda: _pick(_DBUSERS),
    "winuser": lambda: _pick(_WINUSERS),
    "luser": lambda: _pick(_LUSERS),
    "dom": lambda: _pick(_DOMS),
    "svc": lambda: _pick(_SVCS),
    "svcname": lambda: _pick(_SVCNAMES),
    "pc": _pc,
    "nas": lambda: _pick(_NASES),
    "sqlhost": _sqlhost,
    "azsqlname": lambda: _pick(_APPS) + "-sql" + _c(_LOWNUM, 3),
    "app": lambda: _pick(_APPS),
    "db": lambda: _pick(_DBS),
    "domain": lambda: _pick(_DOMAINS),
    "storage": lambda: _pick(["st", "stor", ""]) + _pick(_APPS).replace("-", "")[:14] + _c(_LOWNUM, 4),
    "kv": lambda: "kv-" + _pick(_APPS)[:12] + "-" + _pick(["prod", "dev", "home"]),
    "rg": lambda: "rg-" + _pick(_APPS) + "-" + _pick(["prod", "dev", "test"]),
    "guid": _guid,
    "snowflake": _snow,
    "ip": lambda: "192.168.%d.%d" % (_R.randint(0, 10), _R.randint(2, 250)),
    "pubip": lambda: _pick(["203.0.113.", "198.51.100.", "192.0.2."]) + str(_R.randint(2, 250)),
    "port": lambda: str(_R.choice([1433, 5432, 3306, 8080, 5000, 5001, 7071, 44321, 8443])),
    "date": _date,
    "time": _time,
    "ts": lambda: _date() + "T" + _time() + "." + _c(_DIG, 3) + "Z",
    "ver": _ver,
    "sha": lambda: _hex(40),
    "sha7": lambda: _hex(7),
    "hex8": lambda: _hex(8),
    "hex32": lambda: _hex(32),
    "hex40": lambda: _hex(40),
    "hex64": lambda: _hex(64),
    "c30": lambda: _c(_LOWNUM, 30),
    "modulus": lambda: _b64(256),
    "b64s": lambda: _b64(48),
    "n": lambda: str(_R.randint(2, 99)),
    "num": lambda: str(_R.randint(100, 99999)),
    "feed": lambda: _pick(_FEEDS),
    "org": lambda: _pick(_ORGS),
    "proj": lambda: _pick(_PROJS),
    "ssid": lambda: _pick(_SSIDS),
    "mod": lambda: _pick(_MODS),
    "region": lambda: _pick(_REGIONS),
    "sshfp": lambda: _b64(32).rstrip("="),
    "akia": AKIA,
    "word": lambda: _pick(_WORDS),
}

_DERIVED = {
    "App": lambda g: "".join(p.capitalize() for p in g("app").split("-")),
    "appsvc": lambda g: g("app") + "-" + _pick(["prod", "web", "api", "app", "func"]) + _c(_DIG, 2),
    "dblow": lambda g: g("db").lower(),
    "pclow": lambda g: g("pc").lower(),
    "email": lambda g: g("person").lower() + "@" + g("domain"),
    "repo": lambda g: g("handle") + "/" + g("app"),
    "Pkg": lambda g: _pick(["Fernhill", "Pinecone", "Harbor", "Quill", "Moss"]) + "." + g("App"),
    "azsql": lambda g: g("azsqlname") + ".database.windows.net",
    "feedurl": lambda g: "https://pkgs.dev.azure.com/%s/_packaging/%s/nuget/v3/index.json" % (g("org"), g("feed")),
}

_FIELD_RE = re.compile("\u27e6([A-Za-z0-9_]+)\u27e7")
_USED = set()


def _field(name, g):
    if name in _DERIVED:
        return _DERIVED[name](g)
    if name in _FIELDS:
        return _FIELDS[name]()
    if name[:-1] in _FIELDS:
        return _FIELDS[name[:-1]]()
    base = name.rstrip("0123456789")
    if base == "email":
        return _pick(_NAMES).lower() + "." + _c(_LOW, 1) + "@" + _pick(_DOMAINS)
    return _FIELDS[base]()


def _fresh(gen, g):
    for _ in range(500):
        v = gen(g)
        if len(v) >= 6 and v not in _USED:
            _USED.add(v)
            return v
    raise RuntimeError("could not draw a fresh secret")


def _instance(gen, tmpl, vis):
    cache = {}

    def g(name):
        if name not in cache:
            if name == "S":
                cache[name] = _fresh(gen, g)
            else:
                cache[name] = _field(name, g)
        return cache[name]

    text = _FIELD_RE.sub(lambda m: g(m.group(1)), tmpl)
    secret = g("S")
    visible = _FIELD_RE.sub(lambda m: g(m.group(1)), vis) if vis else ""
    return text, secret, visible


_T = []   # (group, format, generator, template, visible)
_BT = []  # (group, template)


def S(group, fmt, gen, tmpl, vis=""):
    _T.append((group, fmt, gen, tmpl.strip("\n"), vis))


def B(group, tmpl):
    _BT.append((group, tmpl.strip("\n")))

# ==========================================================================
# group: command  (shell / PowerShell / cmd lines the agent ran)
# ==========================================================================
_G = "command"
S(_G, "sqlcmd-sa-password-flag", PW,
  r'''sqlcmd -S ⟦sqlhost⟧ -U sa -P "⟦S⟧" -d ⟦db⟧ -Q "SELECT TOP 5 name, create_date FROM sys.tables ORDER BY create_date DESC"''',
  "sqlcmd -S ⟦sqlhost⟧")
S(_G, "cmdkey-termsrv-generic-pass", PW,
  r'''cmdkey /generic:TERMSRV/⟦pc⟧ /user:⟦dom⟧\⟦winuser⟧ /pass:⟦S⟧
mstsc /v:⟦pc⟧''', "mstsc /v:⟦pc⟧")
S(_G, "cmdkey-git-generic-ado-pat", ADOPAT,
  r'''cmdkey /generic:"git:https://dev.azure.com/⟦org⟧" /user:⟦email⟧ /pass:⟦S⟧''',
  "git:https://dev.azure.com/⟦org⟧")
S(_G, "net-use-share-positional-password", PW,
  r'''net use Z: \\⟦nas⟧\backups ⟦S⟧ /user:⟦nas⟧\⟦winuser⟧ /persistent:yes''', r"\\⟦nas⟧\backups")
S(_G, "schtasks-create-ru-rp", PW,
  r'''schtasks /Create /TN "⟦App⟧\NightlyBackup" /TR "powershell.exe -NoProfile -File C:\Scripts\backup-⟦dblow⟧.ps1" /SC DAILY /ST 02:30 /RU ⟦dom⟧\⟦svc⟧ /RP ⟦S⟧ /RL HIGHEST /F''',
  r'/TN "⟦App⟧\NightlyBackup"')
S(_G, "sc-exe-config-obj-password", PW,
  r'''sc.exe config ⟦svcname⟧ obj= ".\⟦svc⟧" password= "⟦S⟧"
sc.exe start ⟦svcname⟧''', "sc.exe start ⟦svcname⟧")
S(_G, "dotnet-user-secrets-set-connstr", PW,
  r'''dotnet user-secrets set "ConnectionStrings:Default" "Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;TrustServerCertificate=True" --project src\⟦App⟧.Web''',
  "dotnet user-secrets set")
S(_G, "dotnet-user-secrets-set-bot-token", DISCORD,
  r'''cd C:\dev\⟦app⟧
dotnet user-secrets init
dotnet user-secrets set "Discord:BotToken" "⟦S⟧"''', "Discord:BotToken")
S(_G, "pscredential-new-object-plaintext", PW,
  r'''$cred = New-Object System.Management.Automation.PSCredential('⟦dom⟧\⟦winuser⟧', (ConvertTo-SecureString '⟦S⟧' -AsPlainText -Force))
Invoke-Command -ComputerName ⟦pc⟧ -Credential $cred -ScriptBlock { Restart-Service W3SVC }''',
  "-ComputerName ⟦pc⟧")
S(_G, "invoke-restmethod-github-token-header", GHP,
  r'''Invoke-RestMethod -Uri "https://api.github.com/repos/⟦repo⟧/releases/latest" -Headers @{ Authorization = "token ⟦S⟧"; Accept = "application/vnd.github+json" }''',
  "api.github.com/repos/⟦repo⟧")
S(_G, "curl-exe-nas-basic-credentials", PW,
  r'''curl.exe -k -u "⟦winuser⟧:⟦S⟧" "https://⟦nas⟧.lan:5001/webapi/entry.cgi?api=SYNO.Core.System&method=info&version=1"''',
  "https://⟦nas⟧.lan:5001/webapi/entry.cgi")
S(_G, "az-login-service-principal-p", ENTRA,
  r'''az login --service-principal -u ⟦guid⟧ -p "⟦S⟧" --tenant ⟦guid2⟧ --allow-no-subscriptions''',
  "az login --service-principal")
S(_G, "az-storage-blob-upload-account-key", STKEY,
  r'''az storage blob upload --account-name ⟦storage⟧ --account-key "⟦S⟧" -c backups -f .\⟦db⟧.bak -n ⟦db⟧-⟦date⟧.bak --overwrite''',
  "--account-name ⟦storage⟧")
S(_G, "az-sql-server-create-admin-password", PW,
  r'''az sql server create -g ⟦rg⟧ -n ⟦azsqlname⟧ -l ⟦region⟧ --admin-user ⟦user⟧ --admin-password '⟦S⟧' ''',
  "--admin-user ⟦user⟧")
S(_G, "setx-openai-key-machine-wide", OPENAI,
  r'''C:\Users\⟦winuser⟧> setx OPENAI_API_KEY "⟦S⟧"

SUCCESS: Specified value was saved.''', "SUCCESS: Specified value was saved.")
S(_G, "ps-env-assignment-then-script", ANTH,
  r'''$env:ANTHROPIC_API_KEY = '⟦S⟧'; python .\tools\summarize_tickets.py --in .\exports\⟦date⟧''',
  r"python .\tools\summarize_tickets.py")
S(_G, "git-clone-ado-pat-in-url", ADOPAT,
  r'''git clone https://⟦org⟧:⟦S⟧@dev.azure.com/⟦org⟧/⟦proj⟧/_git/⟦app⟧ C:\src\⟦app⟧''',
  "dev.azure.com/⟦org⟧/⟦proj⟧/_git/⟦app⟧")
S(_G, "git-remote-set-url-x-access-token", GHS,
  r'''git remote set-url origin https://x-access-token:⟦S⟧@github.com/⟦repo⟧.git
git push origin HEAD:release/⟦ver⟧''', "git push origin HEAD:release/⟦ver⟧")
S(_G, "nuget-exe-push-apikey", NUGET,
  r'''.\nuget.exe push .\bin\Release\⟦Pkg⟧.⟦ver⟧.nupkg -Source https://api.nuget.org/v3/index.json -ApiKey ⟦S⟧''',
  "⟦Pkg⟧.⟦ver⟧.nupkg")
S(_G, "dotnet-nuget-add-source-cleartext", ADOPAT,
  r'''dotnet nuget add source "⟦feedurl⟧" --name ⟦feed⟧ --username ⟦email⟧ --password ⟦S⟧ --store-password-in-clear-text''',
  "--name ⟦feed⟧")
S(_G, "docker-login-password-flag", DOCKER,
  r'''PS C:\dev\⟦app⟧> docker login -u ⟦handle⟧ -p ⟦S⟧
WARNING! Using --password via the CLI is insecure. Use --password-stdin.
Login Succeeded''', "docker login -u ⟦handle⟧")
S(_G, "wsl-mysql-inline-p-flag", PW,
  r'''wsl -d Ubuntu -- mysql -h 127.0.0.1 -u ⟦user⟧ -p'⟦S⟧' ⟦dblow⟧ -e "SHOW TABLES;"''',
  "wsl -d Ubuntu")
S(_G, "psql-uri-with-password", PWU,
  r'''psql "postgresql://⟦user⟧:⟦S⟧@localhost:5432/⟦dblow⟧?sslmode=disable" -c '\dt public.*' ''',
  "localhost:5432/⟦dblow⟧")
S(_G, "invoke-sqlcmd-password-param", PW,
  r'''Invoke-Sqlcmd -ServerInstance "⟦sqlhost⟧" -Database ⟦db⟧ -Username ⟦user⟧ -Password '⟦S⟧' -InputFile .\migrations\007_add_index.sql -TrustServerCertificate''',
  r"-InputFile .\migrations\007_add_index.sql")
S(_G, "new-localuser-securestring-inline", PW,
  r'''New-LocalUser -Name "⟦svc⟧" -Password (ConvertTo-SecureString "⟦S⟧" -AsPlainText -Force) -PasswordNeverExpires -Description "runs the ⟦app⟧ sync"
Add-LocalGroupMember -Group "Users" -Member "⟦svc⟧"''', 'New-LocalUser -Name "⟦svc⟧"')
S(_G, "net-user-add-positional", PW,
  r'''net user ⟦svc⟧ ⟦S⟧ /add /comment:"backup job" /passwordchg:no && net localgroup "Backup Operators" ⟦svc⟧ /add''',
  'net localgroup "Backup Operators"')
S(_G, "reg-add-winlogon-defaultpassword", PW,
  r'''reg add "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v AutoAdminLogon /t REG_SZ /d 1 /f
reg add "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v DefaultUserName /t REG_SZ /d kiosk /f
reg add "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v DefaultPassword /t REG_SZ /d "⟦S⟧" /f''',
  "/v DefaultUserName /t REG_SZ /d kiosk")
S(_G, "appcmd-apppool-processmodel-password", PW,
  r'''%windir%\system32\inetsrv\appcmd.exe set apppool "⟦App⟧Pool" /processModel.identityType:SpecificUser /processModel.userName:⟦dom⟧\⟦svc⟧ /processModel.password:⟦S⟧''',
  'set apppool "⟦App⟧Pool"')
S(_G, "msdeploy-dest-password-attribute", PUBPWD,
  r'''"C:\Program Files\IIS\Microsoft Web Deploy V3\msdeploy.exe" -verb:sync -source:contentPath="C:\build\⟦app⟧" -dest:contentPath="⟦appsvc⟧",computerName="https://⟦appsvc⟧.scm.azurewebsites.net:443/msdeploy.axd?site=⟦appsvc⟧",userName="$⟦appsvc⟧",password="⟦S⟧",authType="Basic" -enableRule:AppOffline''',
  "-verb:sync")
S(_G, "plink-pw-flag-remote-command", PW,
  r'''plink -ssh -batch -pw ⟦S⟧ ⟦luser⟧@⟦ip⟧ "sudo systemctl restart ⟦app⟧ && systemctl status ⟦app⟧ --no-pager"''',
  "⟦luser⟧@⟦ip⟧")
S(_G, "pscp-pw-upload", PW,
  r'''pscp -P 22 -pw "⟦S⟧" .\dist\⟦app⟧-⟦ver⟧.zip ⟦luser⟧@⟦ip⟧:/srv/⟦app⟧/releases/''',
  r".\dist\⟦app⟧-⟦ver⟧.zip")
S(_G, "winscp-com-open-sftp-url", PWU,
  r'''winscp.com /log=C:\logs\winscp.log /command "open sftp://⟦luser⟧:⟦S⟧@⟦ip⟧/ -hostkey=""ssh-ed25519 255 ⟦sshfp⟧""" "put C:\exports\*.csv /incoming/" "exit"''',
  r"put C:\exports\*.csv /incoming/")
S(_G, "openssl-pkcs12-export-passout", PW,
  r'''openssl pkcs12 -export -in ⟦domain⟧.crt -inkey ⟦domain⟧.key -certfile chain.pem -out ⟦domain⟧.pfx -passout pass:⟦S⟧''',
  "-out ⟦domain⟧.pfx")
S(_G, "signtool-sign-pfx-password", PW,
  r'''signtool sign /f C:\certs\⟦app⟧-codesign.pfx /p ⟦S⟧ /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 .\bin\Release\⟦App⟧Setup.exe''',
  r".\bin\Release\⟦App⟧Setup.exe")
S(_G, "import-pfxcertificate-password", PW,
  r'''Import-PfxCertificate -FilePath .\⟦domain⟧.pfx -CertStoreLocation Cert:\LocalMachine\My -Password (ConvertTo-SecureString -String '⟦S⟧' -Force -AsPlainText)''',
  r"Cert:\LocalMachine\My")
S(_G, "certutil-importpfx-p", PW,
  r'''certutil -f -p "⟦S⟧" -importpfx .\⟦app⟧.pfx NoExport''', r"-importpfx .\⟦app⟧.pfx")
S(_G, "npm-config-set-registry-authtoken", NPM,
  r'''npm config set //registry.npmjs.org/:_authToken ⟦S⟧
npm publish --access public''', "npm publish --access public")
S(_G, "gh-auth-login-with-token-herestring", GHP,
  r'''mara@⟦pclow⟧:~/src/⟦app⟧$ gh auth login --hostname github.com --git-protocol https --with-token <<< "⟦S⟧"''',
  "gh auth login --hostname github.com")
S(_G, "connect-azaccount-sp-secure-string", ENTRA,
  r'''$sec  = ConvertTo-SecureString '⟦S⟧' -AsPlainText -Force
$cred = [pscredential]::new('⟦guid⟧', $sec)
Connect-AzAccount -ServicePrincipal -Credential $cred -Tenant ⟦guid2⟧''',
  "Connect-AzAccount -ServicePrincipal")
S(_G, "connect-mggraph-clientsecretcredential", ENTRA,
  r'''Connect-MgGraph -TenantId ⟦guid⟧ -ClientSecretCredential (New-Object PSCredential '⟦guid2⟧', ('⟦S⟧' | ConvertTo-SecureString -AsPlainText -Force)) -NoWelcome''',
  "Connect-MgGraph -TenantId ⟦guid⟧")
S(_G, "send-mailmessage-inline-credential", PW,
  r'''Send-MailMessage -SmtpServer smtp.office365.com -Port 587 -UseSsl -From ⟦email⟧ -To ⟦email2⟧ -Subject "Nightly stock report" -Attachments .\report.xlsx -Credential (New-Object PSCredential('⟦email⟧',(ConvertTo-SecureString '⟦S⟧' -AsPlainText -Force)))''',
  '-Subject "Nightly stock report"')
S(_G, "azcopy-copy-container-sas", SASSIG,
  r'''azcopy copy ".\exports\*" "https://⟦storage⟧.blob.core.windows.net/exports?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=⟦date⟧T18:00:00Z&st=⟦date2⟧T09:00:00Z&spr=https&sig=⟦S⟧" --recursive''',
  "https://⟦storage⟧.blob.core.windows.net/exports")
S(_G, "invoke-webrequest-function-code-param", FUNCKEY,
  r'''Invoke-WebRequest -Method Post -Uri "https://⟦appsvc⟧.azurewebsites.net/api/ResizeImages?code=⟦S⟧" -InFile .\sample.json -ContentType application/json''',
  "/api/ResizeImages")
S(_G, "bcp-out-sql-auth", PW,
  r'''bcp ⟦db⟧.dbo.Customers out C:\exports\customers.dat -S ⟦sqlhost⟧ -U ⟦user⟧ -P ⟦S⟧ -n''',
  "bcp ⟦db⟧.dbo.Customers out")
S(_G, "steamcmd-login-workshop-upload", PW,
  r'''steamcmd.exe +login ⟦handle⟧ ⟦S⟧ +workshop_build_item C:\mods\⟦mod⟧\workshop.vdf +quit''',
  r"+workshop_build_item C:\mods\⟦mod⟧\workshop.vdf")
S(_G, "unity-exe-batchmode-credentials", PW,
  r'''& "C:\Program Files\Unity\Hub\Editor\2022.3.⟦n⟧f1\Editor\Unity.exe" -batchmode -quit -nographics -projectPath C:\dev\⟦App⟧ -username ⟦email⟧ -password "⟦S⟧" -executeMethod BuildScript.PerformWindowsBuild -logFile -''',
  "-executeMethod BuildScript.PerformWindowsBuild")
S(_G, "bash-inline-env-node-bot", DISCORD,
  r'''DISCORD_TOKEN=⟦S⟧ GUILD_ID=⟦snowflake⟧ node src/index.js --deploy-commands''',
  "node src/index.js --deploy-commands")
S(_G, "curl-discord-bot-authorization", DISCORD,
  r'''curl -s -H "Authorization: Bot ⟦S⟧" https://discord.com/api/v10/users/@me | jq .username''',
  "https://discord.com/api/v10/users/@me")
S(_G, "curl-discord-webhook-post", DWH,
  r'''curl -H "Content-Type: application/json" -d "{\"content\":\"build ⟦ver⟧ is live\"}" https://discord.com/api/webhooks/⟦snowflake⟧/⟦S⟧''',
  "https://discord.com/api/webhooks/⟦snowflake⟧/")
S(_G, "ngrok-config-add-authtoken", NGROK,
  r'''PS> ngrok config add-authtoken ⟦S⟧
Authtoken saved to configuration file: C:\Users\⟦winuser⟧\AppData\Local\ngrok\ngrok.yml''',
  "Authtoken saved to configuration file")
S(_G, "tailscale-up-authkey", TSKEY,
  r'''sudo tailscale up --authkey=⟦S⟧ --hostname=⟦pclow⟧-wsl --advertise-tags=tag:homelab''',
  "--hostname=⟦pclow⟧-wsl")
S(_G, "choco-apikey-set", GUIDTOK,
  r'''choco apikey --key ⟦S⟧ --source https://push.chocolatey.org/
choco push .\⟦app⟧.⟦ver⟧.nupkg --source https://push.chocolatey.org/''', "choco push")
S(_G, "vsce-publish-pat-flag", ADOPAT,
  r'''npx @vscode/vsce publish -p ⟦S⟧ --packagePath ⟦app⟧-⟦ver⟧.vsix''', "⟦app⟧-⟦ver⟧.vsix")
S(_G, "twine-upload-pypi-token", PYPI,
  r'''py -m twine upload -u __token__ -p ⟦S⟧ dist/*''', "twine upload -u __token__")
S(_G, "az-keyvault-secret-set-value", PW,
  r'''az keyvault secret set --vault-name ⟦kv⟧ --name SqlAdminPassword --value "⟦S⟧" --query id -o tsv''',
  "--vault-name ⟦kv⟧")
S(_G, "set-azkeyvaultsecret-plaintext", SG,
  r'''Set-AzKeyVaultSecret -VaultName ⟦kv⟧ -Name SendGridApiKey -SecretValue (ConvertTo-SecureString "⟦S⟧" -AsPlainText -Force)''',
  "-Name SendGridApiKey")
S(_G, "az-webapp-appsettings-set-inline", SKLIVE,
  r'''az webapp config appsettings set -g ⟦rg⟧ -n ⟦appsvc⟧ --settings Stripe__SecretKey=⟦S⟧ ASPNETCORE_ENVIRONMENT=Production''',
  "ASPNETCORE_ENVIRONMENT=Production")
S(_G, "sqlcmd-q-create-login", PW,
  r'''sqlcmd -S ⟦sqlhost⟧ -E -Q "CREATE LOGIN ⟦user⟧ WITH PASSWORD = N'⟦S⟧', CHECK_POLICY = OFF; ALTER SERVER ROLE dbcreator ADD MEMBER ⟦user⟧;"''',
  "ALTER SERVER ROLE dbcreator")
S(_G, "mongosh-srv-connection-uri", PWU,
  r'''mongosh "mongodb+srv://⟦user⟧:⟦S⟧@cluster0.⟦hex8⟧.mongodb.net/⟦dblow⟧" --eval "db.players.countDocuments()"''',
  "db.players.countDocuments()")
S(_G, "redis-cli-a-flag", PW,
  r'''redis-cli -h ⟦ip⟧ -p 6379 -a '⟦S⟧' --no-auth-warning INFO keyspace''', "redis-cli -h ⟦ip⟧")
S(_G, "wsl-export-github-token-chain", GHP,
  r'''export GITHUB_TOKEN=⟦S⟧ && gh release create v⟦ver⟧ ./dist/*.zip --generate-notes''',
  "gh release create v⟦ver⟧")
S(_G, "htpasswd-batch-create", PW,
  r'''C:\tools\Apache24\bin\htpasswd.exe -b -c C:\tools\nginx\conf\.htpasswd ⟦winuser⟧ ⟦S⟧''',
  r"C:\tools\nginx\conf\.htpasswd")
S(_G, "sevenzip-encrypted-archive-p", PW,
  r'''"C:\Program Files\7-Zip\7z.exe" a -t7z -mhe=on -p⟦S⟧ D:\offsite\⟦app⟧-⟦date⟧.7z C:\inetpub\⟦app⟧\App_Data''',
  "-mhe=on")
S(_G, "keytool-genkeypair-storepass", PW,
  r'''keytool -genkeypair -v -keystore user.keystore -alias ⟦app⟧ -keyalg RSA -keysize 2048 -validity 10000 -storepass ⟦S⟧ -keypass ⟦S⟧ -dname "CN=⟦person⟧, O=Indie"''',
  "-keystore user.keystore")
S(_G, "dotnet-dev-certs-export-p", PW,
  r'''dotnet dev-certs https -ep $env:USERPROFILE\.aspnet\https\⟦app⟧.pfx -p ⟦S⟧ --trust''',
  "dotnet dev-certs https")
S(_G, "msbuild-webdeploy-password-property", PUBPWD,
  r'''msbuild .\⟦App⟧.csproj /p:DeployOnBuild=true /p:PublishProfile="⟦appsvc⟧ - Web Deploy" /p:UserName=$⟦appsvc⟧ /p:Password=⟦S⟧ /p:AllowUntrustedCertificate=true''',
  "/p:DeployOnBuild=true")
S(_G, "cmd-set-pgpassword-chained", PW,
  r'''set PGPASSWORD=⟦S⟧&& "C:\Program Files\PostgreSQL\16\bin\pg_dump.exe" -h localhost -U ⟦user⟧ -F c -f D:\backup\⟦dblow⟧.dump ⟦dblow⟧''',
  "pg_dump.exe")
S(_G, "invoke-restmethod-login-json-body", PW,
  r'''Invoke-RestMethod -Method Post -Uri https://⟦domain⟧/api/auth/login -ContentType 'application/json' -Body '{"username":"⟦winuser⟧","password":"⟦S⟧"}' ''',
  "/api/auth/login")
S(_G, "curl-ftp-upload-creds-in-url", PWU,
  r'''curl.exe -T .\site.zip "ftp://⟦luser⟧:⟦S⟧@ftp.⟦domain⟧/public_html/"''', "ftp.⟦domain⟧")
S(_G, "powershell-backtick-multiline-password", PW,
  r'''Invoke-Sqlcmd `
    -ServerInstance ⟦sqlhost⟧ `
    -Username ⟦user⟧ `
    -Password `
    '⟦S⟧' `
    -Query "EXEC dbo.usp_PurgeOldSessions @days = 30"''', "EXEC dbo.usp_PurgeOldSessions")
S(_G, "new-storedcredential-cmdlet", PW,
  r'''Install-Module CredentialManager -Scope CurrentUser
New-StoredCredential -Target "⟦App⟧/smtp" -UserName ⟦email⟧ -Password '⟦S⟧' -Persist LocalMachine''',
  '-Target "⟦App⟧/smtp"')
S(_G, "python-keyring-set-password-oneliner", PW,
  r'''py -c "import keyring; keyring.set_password('⟦app⟧', '⟦user⟧', '⟦S⟧')"''',
  "keyring.set_password('⟦app⟧'")
S(_G, "sqlpackage-export-source-password", PW,
  r'''SqlPackage /Action:Export /SourceServerName:⟦azsql⟧ /SourceDatabaseName:⟦db⟧ /SourceUser:⟦user⟧ /SourcePassword:⟦S⟧ /TargetFile:C:\bacpac\⟦db⟧-⟦date⟧.bacpac''',
  "/Action:Export")
S(_G, "sshpass-wsl-remote-df", PW,
  r'''sshpass -p '⟦S⟧' ssh -o StrictHostKeyChecking=no ⟦luser⟧@⟦ip⟧ 'df -h /srv' ''', "df -h /srv")
S(_G, "echo-pipe-docker-password-stdin", ACR,
  r'''echo ⟦S⟧ | docker login ⟦app⟧acr.azurecr.io --username ⟦app⟧acr --password-stdin''',
  "⟦app⟧acr.azurecr.io")
S(_G, "gh-secret-set-body", GHPAT,
  r'''gh secret set NUGET_FEED_TOKEN --repo ⟦repo⟧ --body "⟦S⟧"''', "gh secret set NUGET_FEED_TOKEN")
S(_G, "mysqldump-wsl-password-equals", PW,
  r'''mysqldump --user=⟦user⟧ --password=⟦S⟧ --single-transaction ⟦dblow⟧ > /mnt/d/backup/⟦dblow⟧.sql''',
  "--single-transaction ⟦dblow⟧")
S(_G, "ps-runas-start-process-credential", PW,
  r'''$p = ConvertTo-SecureString "⟦S⟧" -AsPlainText -Force; Start-Process -FilePath "C:\Tools\⟦App⟧Admin.exe" -Credential (New-Object PSCredential "⟦dom⟧\⟦winuser⟧", $p)''',
  r'"C:\Tools\⟦App⟧Admin.exe"')
S(_G, "az-storage-container-generate-sas-then-use", SASSIG,
  r'''$u = "https://⟦storage⟧.blob.core.windows.net/saves/slot1.dat?sp=r&st=⟦date⟧T10:00:00Z&se=⟦date2⟧T10:00:00Z&spr=https&sv=2022-11-02&sr=b&sig=⟦S⟧"
Invoke-WebRequest $u -OutFile .\slot1.dat''', r"-OutFile .\slot1.dat")
S(_G, "vault-login-token-positional", lambda _=None: "hvs." + _c(_B64U, 24),
  r'''wsl vault login ⟦S⟧ && wsl vault kv get -field=password secret/⟦app⟧/sql''',
  "secret/⟦app⟧/sql")
S(_G, "rclone-sftp-pass-flag", PW,
  r'''rclone copy D:\Photos :sftp:/volume1/photos --sftp-host ⟦ip⟧ --sftp-user ⟦luser⟧ --sftp-pass "$(rclone obscure '⟦S⟧')" -P''',
  r"rclone copy D:\Photos")

# ==========================================================================
# group: tool-output  (what a command printed back)
# ==========================================================================
_G = "tool-output"
S(_G, "get-storedcredential-credential-object", PW,
  r'''PS> Get-StoredCredential -Target "⟦App⟧/smtp" -AsCredentialObject

Flags          : 0
Type           : Generic
TargetName     : ⟦App⟧/smtp
Comment        :
LastWritten    : ⟦date⟧ ⟦time⟧
PaswordSize    : 28
Password       : ⟦S⟧
UserName       : ⟦email⟧
TargetAlias    :
Persist        : LocalMachine''', "TargetName     : ⟦App⟧/smtp")
S(_G, "dotnet-user-secrets-list-output", SG,
  r'''> dotnet user-secrets list --project src\⟦App⟧.Api
ConnectionStrings:Redis = localhost:6379
SendGrid:ApiKey = ⟦S⟧
Jwt:Issuer = https://⟦domain⟧''', "Jwt:Issuer = https://⟦domain⟧")
S(_G, "az-ad-sp-create-for-rbac-json", ENTRA,
  r'''$ az ad sp create-for-rbac --name ⟦app⟧-deployer --role contributor --scopes /subscriptions/⟦guid⟧/resourceGroups/⟦rg⟧
Creating 'contributor' role assignment under scope '/subscriptions/⟦guid⟧/resourceGroups/⟦rg⟧'
The output includes credentials that you must protect. Be sure that you do not include these credentials in your code or check the credentials into your source control. For more information, see https://aka.ms/azadsp-cli
{
  "appId": "⟦guid2⟧",
  "displayName": "⟦app⟧-deployer",
  "password": "⟦S⟧",
  "tenant": "⟦guid3⟧"
}''', '"displayName": "⟦app⟧-deployer"')
S(_G, "az-ad-app-credential-reset-tsv", ENTRA,
  r'''PS> az ad app credential reset --id ⟦guid⟧ --append --display-name "ci-⟦date⟧" --years 1 --query password -o tsv
⟦S⟧''', "--display-name \"ci-⟦date⟧\"")
S(_G, "az-storage-account-keys-list-table", STKEY,
  r'''> az storage account keys list -g ⟦rg⟧ -n ⟦storage⟧ --query "[?keyName=='key1']" -o table
CreationTime                      KeyName    Permissions    Value
--------------------------------  ---------  -------------  ----------------------------------------------------------------------------------------
⟦ts⟧          key1       FULL           ⟦S⟧''', "KeyName    Permissions")
S(_G, "az-storage-show-connection-string", STKEY,
  r'''{
  "connectionString": "DefaultEndpointsProtocol=https;EndpointSuffix=core.windows.net;AccountName=⟦storage⟧;AccountKey=⟦S⟧;BlobEndpoint=https://⟦storage⟧.blob.core.windows.net/"
}''', "AccountName=⟦storage⟧")
S(_G, "az-cosmosdb-keys-list-json", COSMOS,
  r'''> az cosmosdb keys list -n ⟦app⟧-cosmos -g ⟦rg⟧ --query "{primary: primaryMasterKey}"
{
  "primary": "⟦S⟧"
}''', "az cosmosdb keys list -n ⟦app⟧-cosmos")
S(_G, "az-servicebus-authrule-keys-list", SBKEY,
  r'''{
  "keyName": "RootManageSharedAccessKey",
  "primaryConnectionString": "Endpoint=sb://⟦app⟧-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=⟦S⟧",
  "primaryKey": "⟦S⟧"
}''', '"keyName": "RootManageSharedAccessKey"')
S(_G, "az-webapp-publishing-profiles-xml", PUBPWD,
  r'''<publishData><publishProfile profileName="⟦appsvc⟧ - Web Deploy" publishMethod="MSDeploy" publishUrl="⟦appsvc⟧.scm.azurewebsites.net:443" msdeploySite="⟦appsvc⟧" userName="$⟦appsvc⟧" userPWD="⟦S⟧" destinationAppUrl="https://⟦appsvc⟧.azurewebsites.net" SQLServerDBConnectionString="" hostingProviderForumLink="" controlPanelLink="https://portal.azure.com" webSystem="WebSites"><databases /></publishProfile></publishData>''',
  'profileName="⟦appsvc⟧ - Web Deploy"')
S(_G, "az-acr-credential-show-json", ACR,
  r'''{
  "passwords": [
    {
      "name": "password",
      "value": "⟦S⟧"
    }
  ],
  "username": "⟦app⟧acr"
}''', '"username": "⟦app⟧acr"')
S(_G, "az-functionapp-keys-list-function-keys", FUNCKEY,
  r'''PS> az functionapp keys list -g ⟦rg⟧ -n ⟦appsvc⟧ --query functionKeys
{
  "default": "⟦S⟧"
}''', "az functionapp keys list -g ⟦rg⟧")
S(_G, "git-config-list-show-origin-url-token", GHP,
  r'''file:.git/config        core.repositoryformatversion=0
file:.git/config        core.autocrlf=true
file:.git/config        remote.origin.url=https://⟦handle⟧:⟦S⟧@github.com/⟦repo⟧.git
file:.git/config        remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*
file:.git/config        branch.main.remote=origin''', "remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*")
S(_G, "cmd-set-listing-env-vars", TWILIO,
  r'''C:\dev\⟦app⟧>set
ALLUSERSPROFILE=C:\ProgramData
APPDATA=C:\Users\⟦winuser⟧\AppData\Roaming
COMPUTERNAME=⟦pc⟧
TWILIO_ACCOUNT_SID=AC⟦hex32⟧
TWILIO_AUTH_TOKEN=⟦S⟧
USERNAME=⟦winuser⟧''', "COMPUTERNAME=⟦pc⟧")
S(_G, "get-childitem-env-table", AOAI,
  r'''PS> Get-ChildItem Env: | Where-Object Name -like 'AZURE_OPENAI*'

Name                           Value
----                           -----
AZURE_OPENAI_DEPLOYMENT        gpt-4o-mini
AZURE_OPENAI_ENDPOINT          https://⟦app⟧-aoai.openai.azure.com/
AZURE_OPENAI_KEY               ⟦S⟧''', "https://⟦app⟧-aoai.openai.azure.com/")
S(_G, "wsl-printenv-grep-token", GLPAT,
  r'''mara@⟦pclow⟧:~$ printenv | grep -i token
GITLAB_TOKEN=⟦S⟧
TERM_PROGRAM=vscode''', "printenv | grep -i token")
S(_G, "docker-inspect-env-array", PW,
  r'''        "Env": [
            "ACCEPT_EULA=Y",
            "MSSQL_SA_PASSWORD=⟦S⟧",
            "MSSQL_PID=Developer",
            "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
        ],''', '"MSSQL_PID=Developer"')
S(_G, "kubectl-get-secret-yaml-data", lambda g: _b64s(PW()),
  r'''$ kubectl get secret ⟦app⟧-db -o yaml
apiVersion: v1
data:
  password: ⟦S⟧
  username: c2E=
kind: Secret
metadata:
  name: ⟦app⟧-db
  namespace: default
type: Opaque''', "name: ⟦app⟧-db")
S(_G, "type-git-credentials-file", GHO,
  r'''C:\Users\⟦winuser⟧>type .git-credentials
https://⟦handle⟧:⟦S⟧@github.com''', "type .git-credentials")
S(_G, "get-content-nuget-config-output", ADOPAT,
  r'''PS> Get-Content $env:APPDATA\NuGet\NuGet.Config
<?xml version="1.0" encoding="utf-8"?>
<configuration>
  <packageSourceCredentials>
    <⟦feed⟧>
      <add key="Username" value="⟦email⟧" />
      <add key="ClearTextPassword" value="⟦S⟧" />
    </⟦feed⟧>
  </packageSourceCredentials>
</configuration>''', '<add key="Username" value="⟦email⟧" />')
S(_G, "reg-query-winlogon-default-values", PW,
  r'''C:\> reg query "HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon" /v Default*

HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon
    DefaultDomainName    REG_SZ    ⟦dom⟧
    DefaultUserName    REG_SZ    ⟦winuser⟧
    DefaultPassword    REG_SZ    ⟦S⟧

End of search: 3 match(es) found.''', "DefaultUserName    REG_SZ    ⟦winuser⟧")
S(_G, "get-itemproperty-winlogon-list", PW,
  r'''PS> Get-ItemProperty 'HKLM:\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon' | Select AutoAdminLogon, DefaultUserName, DefaultPassword

AutoAdminLogon  : 1
DefaultUserName : frontdesk
DefaultPassword : ⟦S⟧''', "DefaultUserName : frontdesk")
S(_G, "netsh-wlan-show-profile-key-clear", PW,
  r'''PS> netsh wlan show profile name="⟦ssid⟧" key=clear
...
Security settings
-----------------
    Authentication         : WPA2-Personal
    Cipher                 : CCMP
    Security key           : Present
    Key Content            : ⟦S⟧

Cost settings
-------------
    Cost                   : Unrestricted''', "Authentication         : WPA2-Personal")
S(_G, "appcmd-list-apppool-text-star", PW,
  r'''C:\> %windir%\system32\inetsrv\appcmd list apppool "⟦App⟧Pool" /text:*
APPPOOL
  APPPOOL.NAME:"⟦App⟧Pool"
  PIPELINE:"Integrated"
  RUNTIME:"v4.0"
  [processModel]
    identityType:"SpecificUser"
    userName:"⟦dom⟧\⟦svc⟧"
    password:"⟦S⟧"
    loadUserProfile:"true"''', r'userName:"⟦dom⟧\⟦svc⟧"')
S(_G, "appcmd-list-vdir-config-xml", PW,
  r'''C:\> appcmd list vdir "Default Web Site/media" /config
<virtualDirectory path="/media" physicalPath="\\⟦nas⟧\media" userName="⟦dom⟧\⟦svc⟧" password="⟦S⟧" />''',
  r'physicalPath="\\⟦nas⟧\media"')
S(_G, "sqlcmd-select-appsettings-table", PW,
  r'''1> SELECT [Key],[Value] FROM dbo.AppSettings WHERE [Key] LIKE 'Smtp%';
2> GO
Key                  Value
-------------------- ----------------------------------------
SmtpHost             smtp.⟦domain⟧
SmtpUser             ⟦email⟧
SmtpPassword         ⟦S⟧

(3 rows affected)''', "SmtpHost             smtp.⟦domain⟧")
S(_G, "access-query-plaintext-password-column", PWS,
  r'''qryStaffLogins (Datasheet view, exported to text)
| StaffID | LoginName | Pwd            | IsManager |
|---------|-----------|----------------|-----------|
| 1       | ⟦winuser⟧ | ⟦S⟧ | Yes       |''', "qryStaffLogins")
S(_G, "get-content-dotenv-output", DISCORD,
  r'''PS C:\bots\⟦app⟧> Get-Content .env
PORT=3000
GUILD_ID=⟦snowflake⟧
BOT_TOKEN=⟦S⟧
LOG_LEVEL=debug''', "GUILD_ID=⟦snowflake⟧")
S(_G, "pip-config-list-index-url-pat", ADOPAT,
  r'''> py -m pip config list
global.index-url='https://⟦org⟧:⟦S⟧@pkgs.dev.azure.com/⟦org⟧/_packaging/⟦feed⟧/pypi/simple/'
global.trusted-host='pkgs.dev.azure.com' ''', "global.trusted-host='pkgs.dev.azure.com'")
S(_G, "gh-auth-status-show-token", GHO,
  r'''$ gh auth status -t
github.com
  ✓ Logged in to github.com account ⟦handle⟧ (C:\Users\⟦winuser⟧\AppData\Roaming\GitHub CLI\hosts.yml)
  - Active account: true
  - Git operations protocol: https
  - Token: ⟦S⟧
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow' ''', "Logged in to github.com account ⟦handle⟧")
S(_G, "az-account-get-access-token-json", JWT,
  r'''{
  "accessToken": "⟦S⟧",
  "expiresOn": "⟦date⟧ 14:52:10.000000",
  "subscription": "⟦guid⟧",
  "tenant": "⟦guid2⟧",
  "tokenType": "Bearer"
}''', '"subscription": "⟦guid⟧"')
S(_G, "invoke-restmethod-token-endpoint-refresh", REFRESH,
  r'''PS> Invoke-RestMethod -Method Post -Uri "https://login.microsoftonline.com/⟦guid⟧/oauth2/v2.0/token" -Body $body

token_type     : Bearer
scope          : Files.ReadWrite offline_access
expires_in     : 3599
ext_expires_in : 3599
refresh_token  : ⟦S⟧''', "scope          : Files.ReadWrite offline_access")
S(_G, "get-secret-asplaintext-output", PW,
  r'''PS> Get-Secret -Name ⟦App⟧SqlPassword -Vault LocalStore -AsPlainText
⟦S⟧
PS>''', "Get-Secret -Name ⟦App⟧SqlPassword -Vault LocalStore")
S(_G, "dpapi-unprotect-decoded-output", TELEGRAM,
  r'''PS> $bytes = [IO.File]::ReadAllBytes("$env:LOCALAPPDATA\⟦App⟧\token.bin")
PS> [Text.Encoding]::UTF8.GetString([Security.Cryptography.ProtectedData]::Unprotect($bytes, $null, 'CurrentUser'))
⟦S⟧''', r"$env:LOCALAPPDATA\⟦App⟧\token.bin")
S(_G, "import-clixml-getnetworkcredential-output", PW,
  r'''PS> $c = Import-Clixml "$HOME\.creds\⟦app⟧.xml"; $c.UserName; $c.GetNetworkCredential().Password
⟦dom⟧\⟦svc⟧
⟦S⟧''', r"⟦dom⟧\⟦svc⟧")
S(_G, "docker-compose-config-rendered", PW,
  r'''> docker compose config
name: ⟦app⟧
services:
  web:
    environment:
      ASPNETCORE_ENVIRONMENT: Development
      ConnectionStrings__Default: Server=db;Database=⟦db⟧;User Id=sa;Password=⟦S⟧;TrustServerCertificate=true
    image: ⟦app⟧-web:dev''', "image: ⟦app⟧-web:dev")
S(_G, "terraform-output-json-sensitive-value", PW,
  r'''> terraform output -json
{
  "sql_admin_password": {
    "sensitive": true,
    "type": "string",
    "value": "⟦S⟧"
  }
}''', '"sensitive": true')
S(_G, "az-keyvault-secret-show-json", SKLIVE,
  r'''{
  "attributes": { "enabled": true, "recoveryLevel": "Recoverable+Purgeable" },
  "id": "https://⟦kv⟧.vault.azure.net/secrets/StripeSecretKey/⟦hex32⟧",
  "name": "StripeSecretKey",
  "value": "⟦S⟧"
}''', '"name": "StripeSecretKey"')
S(_G, "git-log-p-removed-token-line", DISCORD,
  r'''commit ⟦sha⟧
Author: ⟦person⟧ <⟦email⟧>
Date:   Tue ⟦date⟧

    remove token from config (oops)

diff --git a/config.json b/config.json
@@ -1,5 +1,5 @@
 {
-  "token": "⟦S⟧",
+  "token": "",
   "prefix": "!",''', "remove token from config (oops)")
S(_G, "git-diff-added-appsettings-connstr", PW,
  r'''diff --git a/src/⟦App⟧.Web/appsettings.json b/src/⟦App⟧.Web/appsettings.json
@@ -2,3 +2,3 @@
   "ConnectionStrings": {
-    "Default": "Server=(localdb)\\MSSQLLocalDB;Database=⟦db⟧;Trusted_Connection=True"
+    "Default": "Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;Encrypt=False"
   },''', "src/⟦App⟧.Web/appsettings.json")
S(_G, "findstr-recursive-password-hits", PW,
  r'''C:\inetpub>findstr /s /i /n "password" *.config
wwwroot\⟦app⟧\web.config:14:    <add name="Default" connectionString="Data Source=⟦sqlhost⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧" providerName="System.Data.SqlClient" />
wwwroot\⟦app⟧\web.config:31:    <!-- password policy is enforced by Membership provider -->''', 'findstr /s /i /n "password" *.config')
S(_G, "select-string-apikey-hit", MAILGUN,
  r'''PS> Select-String -Path .\src\**\*.cs -Pattern 'ApiKey'

src\⟦App⟧\Services\MailService.cs:18:        private const string ApiKey = "⟦S⟧";
src\⟦App⟧\Services\MailService.cs:42:            client.Authenticator = new HttpBasicAuthenticator("api", ApiKey);''',
  "Select-String -Path")
S(_G, "grep-rn-wsl-secret-hit", SKTEST,
  r'''$ grep -rn "sk_" --include=*.js server/
server/payments.js:3:const stripe = require('stripe')('⟦S⟧');
server/payments.js:41:// TODO move key to env before launch''', "server/payments.js")
S(_G, "cat-pgpass-output", PW,
  r'''$ cat ~/.pgpass
localhost:5432:⟦dblow⟧:⟦user⟧:⟦S⟧''', "localhost:5432:⟦dblow⟧:⟦user⟧:")
S(_G, "type-aws-credentials-output", AWSSEC,
  r'''C:\Users\⟦winuser⟧>type .aws\credentials
[default]
aws_access_key_id = ⟦akia⟧
aws_secret_access_key = ⟦S⟧
region = eu-west-1''', "region = eu-west-1")
S(_G, "get-content-powershell-profile", HF,
  r'''PS> Get-Content $PROFILE
Set-Alias ll Get-ChildItem
Import-Module posh-git
$env:HF_TOKEN = "⟦S⟧"
oh-my-posh init pwsh --config "$env:POSH_THEMES_PATH\jandedobbeleer.omp.json" | Invoke-Expression''',
  "Import-Module posh-git")
S(_G, "python-keyring-get-password-output", PW,
  r'''> py -c "import keyring; print(keyring.get_password('⟦app⟧', '⟦user⟧'))"
⟦S⟧''', "keyring.get_password('⟦app⟧'")
S(_G, "az-webapp-appsettings-list-json", SG,
  r'''[
  { "name": "WEBSITE_RUN_FROM_PACKAGE", "slotSetting": false, "value": "1" },
  { "name": "SendGrid__ApiKey", "slotSetting": false, "value": "⟦S⟧" },
  { "name": "ASPNETCORE_ENVIRONMENT", "slotSetting": false, "value": "Production" }
]''', '"name": "WEBSITE_RUN_FROM_PACKAGE"')
S(_G, "az-staticwebapp-secrets-list-json", SWA,
  r'''> az staticwebapp secrets list --name ⟦app⟧-site
{
  "id": "/subscriptions/⟦guid⟧/resourceGroups/⟦rg⟧/providers/Microsoft.Web/staticSites/⟦app⟧-site/secrets",
  "location": "West Europe",
  "name": "secrets",
  "properties": {
    "apiKey": "⟦S⟧"
  }
}''', "az staticwebapp secrets list --name ⟦app⟧-site")
S(_G, "az-cognitiveservices-key1-tsv", COGKEY,
  r'''PS> az cognitiveservices account keys list -n ⟦app⟧-vision -g ⟦rg⟧ --query key1 -o tsv
⟦S⟧''', "az cognitiveservices account keys list -n ⟦app⟧-vision")
S(_G, "az-redis-list-keys-json", SBKEY,
  r'''> az redis list-keys -n ⟦app⟧-cache -g ⟦rg⟧ --query primaryKey
"⟦S⟧"''', "az redis list-keys -n ⟦app⟧-cache")
S(_G, "curl-verbose-basic-authorization", lambda g: _b64s(g("winuser") + ":" + PWU()),
  r'''> GET /api/v1/orders?since=⟦date⟧ HTTP/1.1
> Host: ⟦domain⟧
> Authorization: Basic ⟦S⟧
> User-Agent: curl/8.4.0
> Accept: */*
>
< HTTP/1.1 200 OK''', "> Host: ⟦domain⟧")
S(_G, "http-response-set-cookie-identity", CFDJ8,
  r'''< HTTP/1.1 302 Found
< Location: /Account/Manage
< Set-Cookie: .AspNetCore.Identity.Application=⟦S⟧; path=/; secure; samesite=lax; httponly
< Server: Kestrel''', "< Location: /Account/Manage")
S(_G, "fiddler-raw-request-aspxauth-cookie", ASPXAUTH,
  r'''POST https://⟦domain⟧/Admin/SaveProduct.aspx HTTP/1.1
Host: ⟦domain⟧
Content-Type: application/x-www-form-urlencoded
Cookie: ASP.NET_SessionId=⟦hex8⟧qz1rbz4kx0w2ab3; .ASPXAUTH=⟦S⟧
Content-Length: 812''', "POST https://⟦domain⟧/Admin/SaveProduct.aspx")
S(_G, "dotnet-run-print-config-dump", PW,
  r'''> dotnet run -- --print-config
[config] Environment      = Development
[config] Smtp:Host        = smtp.⟦domain⟧
[config] Smtp:User        = ⟦email⟧
[config] Smtp:Password    = ⟦S⟧
[config] Features:Beta    = true''', "[config] Smtp:Host        = smtp.⟦domain⟧")
S(_G, "func-settings-list-show-values", STKEY,
  r'''> func settings list -a
Settings:
   FUNCTIONS_WORKER_RUNTIME = dotnet-isolated
   AzureWebJobsStorage = DefaultEndpointsProtocol=https;AccountName=⟦storage⟧;AccountKey=⟦S⟧;EndpointSuffix=core.windows.net
Connection Strings:''', "FUNCTIONS_WORKER_RUNTIME = dotnet-isolated")
S(_G, "rclone-config-show-onedrive-token", MSATOK,
  r'''> rclone config show onedrive
[onedrive]
type = onedrive
drive_type = personal
token = {"access_token":"⟦S⟧","token_type":"Bearer","expiry":"⟦date⟧T11:40:12.5512+01:00"}''',
  "drive_type = personal")
S(_G, "vault-kv-get-table-output", PW,
  r'''$ vault kv get secret/⟦app⟧/sql
====== Data ======
Key         Value
---         -----
password    ⟦S⟧
username    ⟦user⟧''', "vault kv get secret/⟦app⟧/sql")
S(_G, "op-read-1password-cli-output", PW,
  r'''PS> op read "op://Dev/⟦App⟧ SQL/password"
⟦S⟧''', 'op read "op://Dev/⟦App⟧ SQL/password"')
S(_G, "bw-get-password-output", PWR,
  r'''PS> bw get password "⟦App⟧ admin portal"
⟦S⟧''', 'bw get password "⟦App⟧ admin portal"')
S(_G, "keepassxc-cli-show-entry", PW,
  r'''> keepassxc-cli show -s Passwords.kdbx "Hosting/cPanel"
Enter password to unlock Passwords.kdbx:
Title: cPanel
UserName: ⟦luser⟧
Password: ⟦S⟧
URL: https://⟦domain⟧:2083
Notes:''', "URL: https://⟦domain⟧:2083")
S(_G, "import-csv-browser-export-table", PW,
  r'''PS> Import-Csv .\edge_passwords.csv | Select-Object -First 1 | Format-List

name     : ⟦domain⟧
url      : https://⟦domain⟧/wp-login.php
username : ⟦email⟧
password : ⟦S⟧''', "url      : https://⟦domain⟧/wp-login.php")
S(_G, "convertfrom-json-smtp-section", PW,
  r'''PS> (Get-Content .\appsettings.Production.json | ConvertFrom-Json).Smtp

Host     : smtp.office365.com
Port     : 587
UserName : ⟦email⟧
Password : ⟦S⟧''', "Host     : smtp.office365.com")
S(_G, "get-azstorageaccountkey-table", STKEY,
  r'''PS> Get-AzStorageAccountKey -ResourceGroupName ⟦rg⟧ -Name ⟦storage⟧ | Select-Object -First 1

KeyName Value                                                                                    Permissions CreationTime
------- -----                                                                                    ----------- ------------
key1    ⟦S⟧        Full ⟦date⟧ 09:12:44''', "Get-AzStorageAccountKey -ResourceGroupName ⟦rg⟧")
S(_G, "az-webapp-publishing-credentials-json", PUBPWD,
  r'''{
  "name": "⟦appsvc⟧",
  "publishingPassword": "⟦S⟧",
  "publishingUserName": "$⟦appsvc⟧",
  "type": "Microsoft.Web/sites/publishingcredentials"
}''', '"publishingUserName": "$⟦appsvc⟧"')
S(_G, "openssl-pkey-printed-pkcs8", PKCS8_BODY,
  r'''$ openssl pkey -in /mnt/c/certs/⟦domain⟧.key
-----BEGIN PRIVATE KEY-----
⟦S⟧
-----END PRIVATE KEY-----''', "openssl pkey -in /mnt/c/certs/⟦domain⟧.key")
S(_G, "type-id-ed25519-openssh", OPENSSH_BODY,
  r'''C:\Users\⟦winuser⟧\.ssh>type id_ed25519
-----BEGIN OPENSSH PRIVATE KEY-----
⟦S⟧
-----END OPENSSH PRIVATE KEY-----''', "type id_ed25519")
S(_G, "cat-docker-config-json-auths", lambda g: _b64s(g("handle") + ":" + DOCKER()),
  r'''$ cat ~/.docker/config.json
{
  "auths": {
    "https://index.docker.io/v1/": {
      "auth": "⟦S⟧"
    }
  },
  "credsStore": ""
}''', "https://index.docker.io/v1/")
S(_G, "npm-token-create-table", NPM,
  r'''> npm token create --read-only
┌────────────────┬──────────────────────────────────────────┐
│ token          │ ⟦S⟧ │
├────────────────┼──────────────────────────────────────────┤
│ readonly       │ true                                     │
│ created        │ ⟦ts⟧                 │
└────────────────┴──────────────────────────────────────────┘''', "npm token create --read-only")
S(_G, "gh-api-runner-registration-token", GHRUNNER,
  r'''PS> gh api -X POST repos/⟦repo⟧/actions/runners/registration-token
{
  "token": "⟦S⟧",
  "expires_at": "⟦date⟧T17:05:11.000+01:00"
}''', "actions/runners/registration-token")
S(_G, "dotnet-user-jwts-create-output", JWT_HS,
  r'''> dotnet user-jwts create --name ⟦winuser⟧ --role admin
New JWT saved with ID '⟦hex8⟧'.
Name: ⟦winuser⟧
Roles: [admin]

Token: ⟦S⟧''', "dotnet user-jwts create --name ⟦winuser⟧")
S(_G, "get-webconfiguration-connectionstrings", PW,
  r'''PS> Get-WebConfiguration -PSPath 'IIS:\Sites\⟦App⟧' -Filter connectionStrings/add | Select name, connectionString

name    connectionString
----    ----------------
Default Data Source=⟦sqlhost⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧''', r"IIS:\Sites\⟦App⟧")
S(_G, "wsl-cat-msmtprc-output", PW,
  r'''$ cat ~/.msmtprc
account default
host smtp.⟦domain⟧
port 587
auth on
user ⟦email⟧
password ⟦S⟧
tls on''', "host smtp.⟦domain⟧")
S(_G, "sqlite-select-bot-settings", DISCORD,
  r'''sqlite> SELECT key, value FROM settings;
prefix|!
owner_id|⟦snowflake⟧
bot_token|⟦S⟧''', "owner_id|⟦snowflake⟧")

# ==========================================================================
# group: config-file  (excerpts of files the agent opened)
# ==========================================================================
_G = "config-file"
S(_G, "web-config-connectionstrings-add", PW,
  r'''<connectionStrings>
  <add name="DefaultConnection"
       connectionString="Data Source=⟦sqlhost⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧;MultipleActiveResultSets=True"
       providerName="System.Data.SqlClient" />
</connectionStrings>''', "Initial Catalog=⟦db⟧")
S(_G, "web-config-appsettings-smtp-password", PW,
  r'''<appSettings>
  <add key="webpages:Version" value="3.0.0.0" />
  <add key="SmtpServer" value="smtp.⟦domain⟧" />
  <add key="SmtpUser" value="orders@⟦domain⟧" />
  <add key="SmtpPassword" value="⟦S⟧" />
</appSettings>''', '<add key="SmtpServer" value="smtp.⟦domain⟧" />')
S(_G, "web-config-machinekey-validationkey", MK_VAL,
  r'''<system.web>
  <compilation debug="false" targetFramework="4.8" />
  <machineKey validationKey="⟦S⟧" decryptionKey="⟦hex64⟧" validation="HMACSHA256" decryption="AES" />
</system.web>''', 'validation="HMACSHA256"')
S(_G, "web-config-machinekey-decryptionkey-first", MK_DEC,
  r'''<!-- shared between both servers in the farm, do not regenerate -->
<machineKey decryptionKey="⟦S⟧"
            validationKey="AutoGenerate,IsolateApps"
            decryption="AES" validation="SHA1" />''', "do not regenerate")
S(_G, "web-config-mailsettings-network", PW,
  r'''<system.net>
  <mailSettings>
    <smtp from="noreply@⟦domain⟧" deliveryMethod="Network">
      <network host="smtp.office365.com" port="587" userName="noreply@⟦domain⟧" password="⟦S⟧" enableSsl="true" />
    </smtp>
  </mailSettings>
</system.net>''', 'host="smtp.office365.com"')
S(_G, "web-config-identity-impersonate", PW,
  r'''<system.web>
  <authentication mode="Windows" />
  <identity impersonate="true" userName="⟦dom⟧\⟦svc⟧" password="⟦S⟧" />
</system.web>''', r'userName="⟦dom⟧\⟦svc⟧"')
S(_G, "web-config-ef6-edmx-provider-connection", PW,
  r'''<add name="⟦App⟧Entities" connectionString="metadata=res://*/Models.⟦App⟧Model.csdl|res://*/Models.⟦App⟧Model.ssdl|res://*/Models.⟦App⟧Model.msl;provider=System.Data.SqlClient;provider connection string=&quot;data source=⟦sqlhost⟧;initial catalog=⟦db⟧;user id=⟦user⟧;password=⟦S⟧;MultipleActiveResultSets=True;App=EntityFramework&quot;" providerName="System.Data.EntityClient" />''',
  'providerName="System.Data.EntityClient"')
S(_G, "appsettings-json-connectionstrings", PW,
  r'''{
  "ConnectionStrings": {
    "DefaultConnection": "Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;TrustServerCertificate=True;MultipleActiveResultSets=true"
  },
  "Logging": { "LogLevel": { "Default": "Information" } }
}''', '"Logging": { "LogLevel": { "Default": "Information" } }')
S(_G, "appsettings-development-jwt-key", SEVENTY,
  r'''  "Jwt": {
    "Key": "⟦S⟧",
    "Issuer": "https://localhost:7241",
    "Audience": "⟦app⟧-spa",
    "ExpiryMinutes": 60
  },''', '"Audience": "⟦app⟧-spa"')
S(_G, "user-secrets-secrets-json", DISCORD,
  r'''// %APPDATA%\Microsoft\UserSecrets\⟦guid⟧\secrets.json
{
  "Discord:Token": "⟦S⟧",
  "Discord:GuildId": "⟦snowflake⟧"
}''', r"%APPDATA%\Microsoft\UserSecrets\⟦guid⟧\secrets.json")
S(_G, "launchsettings-json-environment-variables", OPENAI,
  r'''"profiles": {
  "⟦App⟧": {
    "commandName": "Project",
    "launchBrowser": true,
    "applicationUrl": "https://localhost:7123;http://localhost:5123",
    "environmentVariables": {
      "ASPNETCORE_ENVIRONMENT": "Development",
      "OPENAI_API_KEY": "⟦S⟧"
    }
  }
}''', '"applicationUrl": "https://localhost:7123;http://localhost:5123"')
S(_G, "pubxml-ftp-publish-password", PW,
  r'''<Project>
  <PropertyGroup>
    <WebPublishMethod>FTP</WebPublishMethod>
    <PublishUrl>ftp://ftp.⟦domain⟧/httpdocs</PublishUrl>
    <UserName>⟦luser⟧</UserName>
    <Password>⟦S⟧</Password>
    <SavePWD>True</SavePWD>
  </PropertyGroup>
</Project>''', "<PublishUrl>ftp://ftp.⟦domain⟧/httpdocs</PublishUrl>")
S(_G, "nuget-config-cleartextpassword", ADOPAT,
  r'''<configuration>
  <packageSources>
    <add key="⟦feed⟧" value="⟦feedurl⟧" />
  </packageSources>
  <packageSourceCredentials>
    <⟦feed⟧>
      <add key="Username" value="az" />
      <add key="ClearTextPassword" value="⟦S⟧" />
    </⟦feed⟧>
  </packageSourceCredentials>
</configuration>''', '<add key="Username" value="az" />')
S(_G, "npmrc-authtoken-line", NPM,
  r'''registry=https://registry.npmjs.org/
//registry.npmjs.org/:_authToken=⟦S⟧
save-exact=true''', "save-exact=true")
S(_G, "npmrc-azure-artifacts-base64-password", lambda g: _b64s(ADOPAT()),
  r'''; begin auth token
//pkgs.dev.azure.com/⟦org⟧/_packaging/⟦feed⟧/npm/registry/:username=⟦org⟧
//pkgs.dev.azure.com/⟦org⟧/_packaging/⟦feed⟧/npm/registry/:_password=⟦S⟧
//pkgs.dev.azure.com/⟦org⟧/_packaging/⟦feed⟧/npm/registry/:email=npm requires email to be set but doesn't use the value
; end auth token''', "/npm/registry/:username=⟦org⟧")
S(_G, "dotenv-discord-bot", DISCORD,
  r'''# .env  (bot for the ⟦App⟧ server)
DISCORD_CLIENT_ID=⟦snowflake⟧
DISCORD_TOKEN=⟦S⟧
DATABASE_URL=file:./dev.db''', "DATABASE_URL=file:./dev.db")
S(_G, "docker-compose-mssql-sa-password", PW,
  r'''services:
  sql:
    image: mcr.microsoft.com/mssql/server:2022-latest
    environment:
      ACCEPT_EULA: "Y"
      MSSQL_SA_PASSWORD: "⟦S⟧"
    ports:
      - "1433:1433"''', "mcr.microsoft.com/mssql/server:2022-latest")
S(_G, "local-settings-json-functions-storage", STKEY,
  r'''{
  "IsEncrypted": false,
  "Values": {
    "AzureWebJobsStorage": "DefaultEndpointsProtocol=https;AccountName=⟦storage⟧;AccountKey=⟦S⟧;EndpointSuffix=core.windows.net",
    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"
  }
}''', '"FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated"')
S(_G, "app-config-winforms-settings-connstr", PW,
  r'''<connectionStrings>
  <add name="⟦App⟧.Properties.Settings.ShopConnectionString"
       connectionString="Data Source=⟦pc⟧\SQLEXPRESS;Initial Catalog=⟦db⟧;Persist Security Info=True;User ID=⟦user⟧;Password=⟦S⟧"
       providerName="System.Data.SqlClient" />
</connectionStrings>''', "⟦App⟧.Properties.Settings.ShopConnectionString")
S(_G, "user-config-setting-value", PW,
  r'''<!-- %LOCALAPPDATA%\⟦App⟧\⟦App⟧.exe_Url_⟦hex8⟧\1.0.0.0\user.config -->
<userSettings>
  <⟦App⟧.Properties.Settings>
    <setting name="FtpHost" serializeAs="String"><value>ftp.⟦domain⟧</value></setting>
    <setting name="FtpPassword" serializeAs="String"><value>⟦S⟧</value></setting>
  </⟦App⟧.Properties.Settings>
</userSettings>''', "<value>ftp.⟦domain⟧</value>")
S(_G, "reg-export-winlogon-autologon", PW,
  r'''Windows Registry Editor Version 5.00

[HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon]
"AutoAdminLogon"="1"
"DefaultUserName"="kiosk"
"DefaultDomainName"="⟦pc⟧"
"DefaultPassword"="⟦S⟧"''', '"DefaultDomainName"="⟦pc⟧"')
S(_G, "reg-export-hkcu-app-apikey", SG,
  r'''Windows Registry Editor Version 5.00

[HKEY_CURRENT_USER\Software\⟦App⟧\Settings]
"WindowLeft"=dword:00000064
"Theme"="Dark"
"MailApiKey"="⟦S⟧"''', r"[HKEY_CURRENT_USER\Software\⟦App⟧\Settings]")
S(_G, "putty-session-reg-proxypassword", PW,
  r'''[HKEY_CURRENT_USER\Software\SimonTatham\PuTTY\Sessions\⟦pclow⟧]
"HostName"="⟦ip⟧"
"PortNumber"=dword:00000016
"ProxyMethod"=dword:00000002
"ProxyHost"="proxy.⟦domain⟧"
"ProxyUsername"="⟦winuser⟧"
"ProxyPassword"="⟦S⟧"''', '"ProxyHost"="proxy.⟦domain⟧"')
S(_G, "filezilla-sitemanager-base64-pass", lambda g: _b64s(PW()),
  r'''<Server>
  <Host>ftp.⟦domain⟧</Host>
  <Port>21</Port>
  <Protocol>0</Protocol>
  <Type>0</Type>
  <User>⟦luser⟧</User>
  <Pass encoding="base64">⟦S⟧</Pass>
  <Logontype>1</Logontype>
  <Name>⟦App⟧ live</Name>
</Server>''', "<Host>ftp.⟦domain⟧</Host>")
S(_G, "filezilla-recentservers-plain-pass", PW,
  r'''<RecentServers>
  <Server>
    <Host>⟦ip⟧</Host>
    <Port>21</Port>
    <User>⟦luser⟧</User>
    <Pass>⟦S⟧</Pass>
  </Server>
</RecentServers>''', "<User>⟦luser⟧</User>")
S(_G, "unattend-xml-autologon-password", PW,
  r'''<AutoLogon>
  <Password>
    <Value>⟦S⟧</Value>
    <PlainText>true</PlainText>
  </Password>
  <Enabled>true</Enabled>
  <LogonCount>3</LogonCount>
  <Username>setup</Username>
</AutoLogon>''', "<Username>setup</Username>")
S(_G, "unattend-xml-localaccount-password", PW,
  r'''<UserAccounts>
  <LocalAccounts>
    <LocalAccount wcm:action="add">
      <Password><Value>⟦S⟧</Value><PlainText>true</PlainText></Password>
      <Group>Administrators</Group>
      <Name>⟦winuser⟧</Name>
    </LocalAccount>
  </LocalAccounts>
</UserAccounts>''', "<Group>Administrators</Group>")
S(_G, "odbc-file-dsn-pwd", PW,
  r'''[ODBC]
DRIVER=ODBC Driver 18 for SQL Server
SERVER=⟦sqlhost⟧
DATABASE=⟦db⟧
UID=⟦user⟧
PWD=⟦S⟧
Encrypt=no''', "DRIVER=ODBC Driver 18 for SQL Server")
S(_G, "udl-file-oledb-initstring", PW,
  r'''[oledb]
; Everything after this line is an OLE DB initstring
Provider=MSOLEDBSQL.1;Password=⟦S⟧;Persist Security Info=True;User ID=⟦user⟧;Initial Catalog=⟦db⟧;Data Source=⟦sqlhost⟧''',
  "; Everything after this line is an OLE DB initstring")
S(_G, "ark-gameusersettings-admin-password", PW,
  r'''[ServerSettings]
ServerPassword=
ServerAdminPassword=⟦S⟧
RCONEnabled=True
RCONPort=27020
DifficultyOffset=1.0''', "RCONPort=27020")
S(_G, "minecraft-server-properties-rcon", PW,
  r'''enable-rcon=true
rcon.port=25575
rcon.password=⟦S⟧
motd=⟦App⟧ SMP - be nice
white-list=true''', "motd=⟦App⟧ SMP - be nice")
S(_G, "valheim-start-headless-bat", PWS,
  r'''@echo off
set SteamAppId=892970
echo "Starting server PRESS CTRL-C to exit"
valheim_server -nographics -batchmode -name "⟦App⟧" -port 2456 -world "Dedicated" -password "⟦S⟧" -crossplay''',
  'set SteamAppId=892970')
S(_G, "bepinex-cfg-discord-webhook", DWH,
  r'''[Integrations]

## Discord webhook that receives death announcements
# Setting type: String
# Default value:
WebhookUrl = https://discord.com/api/webhooks/⟦snowflake⟧/⟦S⟧''', "[Integrations]")
S(_G, "unity-resources-playfab-json", PLAYFAB,
  r'''// Assets/Resources/playfab_config.json
{
  "TitleId": "⟦hex8⟧",
  "DeveloperSecretKey": "⟦S⟧",
  "RequestType": "UnityWebRequest"
}''', '"RequestType": "UnityWebRequest"')
S(_G, "autohotkey-settings-ini", PW,
  r'''; settings.ini read by timeclock.ahk
[Login]
User=⟦winuser⟧
Pass=⟦S⟧
[Hotkeys]
Clock=^!c''', "; settings.ini read by timeclock.ahk")
S(_G, "discord-bot-config-json", DISCORD,
  r'''{
  "token": "⟦S⟧",
  "prefix": "!",
  "ownerId": "⟦snowflake⟧",
  "status": "watching the shop"
}''', '"ownerId": "⟦snowflake⟧"')
S(_G, "serilog-seq-apikey-args", SEQKEY,
  r'''"Serilog": {
  "WriteTo": [
    { "Name": "Console" },
    { "Name": "Seq", "Args": { "serverUrl": "http://localhost:5341", "apiKey": "⟦S⟧" } }
  ]
}''', '"serverUrl": "http://localhost:5341"')
S(_G, "git-credentials-gitlab-oauth2", GLPAT,
  r'''https://oauth2:⟦S⟧@gitlab.com
https://⟦handle⟧@bitbucket.org''', "https://⟦handle⟧@bitbucket.org")
S(_G, "id-rsa-pem-file", RSA_BODY,
  r'''-----BEGIN RSA PRIVATE KEY-----
⟦S⟧
-----END RSA PRIVATE KEY-----''', "-----BEGIN RSA PRIVATE KEY-----")
S(_G, "ec-private-key-pem-file", EC_BODY,
  r'''# C:\ProgramData\win-acme\certs\⟦domain⟧-key.pem
-----BEGIN EC PRIVATE KEY-----
⟦S⟧
-----END EC PRIVATE KEY-----''', r"C:\ProgramData\win-acme\certs\⟦domain⟧-key.pem")
S(_G, "putty-ppk-private-lines", PPK_PRIV,
  r'''PuTTY-User-Key-File-3: ssh-ed25519
Encryption: none
Comment: ⟦winuser⟧@⟦pclow⟧
Public-Lines: 1
AAAAC3NzaC1lZDI1NTE5AAAAI⟦sshfp⟧
Private-Lines: 1
⟦S⟧
Private-MAC: ⟦hex64⟧''', "Comment: ⟦winuser⟧@⟦pclow⟧")
S(_G, "rsa-xml-keyvalue-private-d", RSAXML_D,
  r'''<RSAKeyValue>
  <Modulus>⟦modulus⟧</Modulus>
  <Exponent>AQAB</Exponent>
  <D>⟦S⟧</D>
</RSAKeyValue>''', "<Exponent>AQAB</Exponent>")
S(_G, "terraform-tfvars-client-secret", ENTRA,
  r'''subscription_id = "⟦guid⟧"
tenant_id       = "⟦guid2⟧"
client_id       = "⟦guid3⟧"
client_secret   = "⟦S⟧"
location        = "⟦region⟧"''', 'location        = "⟦region⟧"')
S(_G, "bicep-secure-param-default", PW,
  r'''@description('SQL admin login')
param sqlAdminLogin string = '⟦user⟧'

@secure()
param sqlAdminPassword string = '⟦S⟧'
''', "param sqlAdminLogin string = '⟦user⟧'")
S(_G, "arm-parameters-json-adminpassword", PW,
  r'''{
  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",
  "contentVersion": "1.0.0.0",
  "parameters": {
    "adminUsername": { "value": "⟦winuser⟧" },
    "adminPassword": { "value": "⟦S⟧" }
  }
}''', '"adminUsername": { "value": "⟦winuser⟧" }')
S(_G, "vscode-settings-mssql-connections", PW,
  r'''"mssql.connections": [
  {
    "server": "⟦sqlhost⟧",
    "database": "⟦db⟧",
    "authenticationType": "SqlLogin",
    "user": "⟦user⟧",
    "password": "⟦S⟧",
    "savePassword": true,
    "profileName": "⟦App⟧ dev"
  }
]''', '"profileName": "⟦App⟧ dev"')
S(_G, "vscode-launch-json-env", SKTEST,
  r'''{
  "name": ".NET Core Launch (web)",
  "type": "coreclr",
  "request": "launch",
  "program": "${workspaceFolder}/bin/Debug/net8.0/⟦App⟧.dll",
  "env": {
    "ASPNETCORE_ENVIRONMENT": "Development",
    "STRIPE_SECRET_KEY": "⟦S⟧"
  }
}''', '"name": ".NET Core Launch (web)"')
S(_G, "directory-build-props-signing-password", PW,
  r'''<Project>
  <PropertyGroup>
    <SignAssembly>true</SignAssembly>
    <SigningCertificate>$(MSBuildThisFileDirectory)build\codesign.pfx</SigningCertificate>
    <SigningCertificatePassword>⟦S⟧</SigningCertificatePassword>
  </PropertyGroup>
</Project>''', "<SignAssembly>true</SignAssembly>")
S(_G, "appsettings-kestrel-certificate-password", PW,
  r'''"Kestrel": {
  "Endpoints": { "Https": { "Url": "https://*:443" } },
  "Certificates": {
    "Default": {
      "Path": "C:\\certs\\⟦domain⟧.pfx",
      "Password": "⟦S⟧"
    }
  }
}''', r'"Path": "C:\\certs\\⟦domain⟧.pfx"')
S(_G, "nlog-config-database-target", PW,
  r'''<target xsi:type="Database" name="db"
        dbProvider="Microsoft.Data.SqlClient.SqlConnection, Microsoft.Data.SqlClient"
        connectionString="Server=⟦sqlhost⟧;Database=Logs;User Id=nlog_writer;Password=⟦S⟧;TrustServerCertificate=true"
        commandText="INSERT INTO dbo.Log (Logged, Level, Message) VALUES (@logged, @level, @message)">''',
  'xsi:type="Database" name="db"')
S(_G, "log4net-adonetappender-connectionstring", PW,
  r'''<appender name="AdoNetAppender" type="log4net.Appender.AdoNetAppender">
  <bufferSize value="1" />
  <connectionType value="System.Data.SqlClient.SqlConnection, System.Data" />
  <connectionString value="data source=⟦sqlhost⟧;initial catalog=⟦db⟧;user id=log_writer;password=⟦S⟧" />''',
  '<appender name="AdoNetAppender"')
S(_G, "odc-office-data-connection", PW,
  r'''<xml id=docprops><o:DocumentProperties xmlns:o="urn:schemas-microsoft-com:office:office">
  <o:Name>⟦db⟧ Sales</o:Name>
 </o:DocumentProperties></xml>
<xml id=msodc><odc:OfficeDataConnection xmlns:odc="urn:schemas-microsoft-com:office:odc">
  <odc:Connection odc:Type="OLEDB">
   <odc:ConnectionString>Provider=SQLOLEDB.1;Password=⟦S⟧;Persist Security Info=True;User ID=⟦user⟧;Initial Catalog=⟦db⟧;Data Source=⟦sqlhost⟧</odc:ConnectionString>
   <odc:CommandType>Table</odc:CommandType>''', "<o:Name>⟦db⟧ Sales</o:Name>")
S(_G, "powershell-profile-env-export", GROQ,
  r'''# Microsoft.PowerShell_profile.ps1
Import-Module Terminal-Icons
$env:GROQ_API_KEY = '⟦S⟧'
function gs { git status -sb }''', "function gs { git status -sb }")
S(_G, "obs-service-json-stream-key", TWITCHKEY,
  r'''{
  "settings": {
    "bwtest": false,
    "key": "⟦S⟧",
    "server": "auto",
    "service": "Twitch"
  },
  "type": "rtmp_common"
}''', '"service": "Twitch"')
S(_G, "yarnrc-yml-npmauthtoken", NPM,
  r'''nodeLinker: node-modules
npmScopes:
  ⟦handle⟧:
    npmRegistryServer: "https://registry.npmjs.org"
    npmAuthToken: "⟦S⟧"''', "nodeLinker: node-modules")
S(_G, "pip-ini-index-url-with-pat", ADOPAT,
  r'''; %APPDATA%\pip\pip.ini
[global]
index-url = https://⟦org⟧:⟦S⟧@pkgs.dev.azure.com/⟦org⟧/_packaging/⟦feed⟧/pypi/simple/
timeout = 60''', r"%APPDATA%\pip\pip.ini")
S(_G, "cargo-credentials-toml", CRATES,
  r'''# C:\Users\⟦winuser⟧\.cargo\credentials.toml
[registry]
token = "⟦S⟧"''', r"C:\Users\⟦winuser⟧\.cargo\credentials.toml")
S(_G, "gradle-properties-android-keystore", PW,
  r'''# Assets/Plugins/Android/gradleTemplate.properties
org.gradle.jvmargs=-Xmx4096M
RELEASE_STORE_FILE=../../keys/⟦app⟧.keystore
RELEASE_KEY_ALIAS=⟦app⟧
RELEASE_STORE_PASSWORD=⟦S⟧''', "RELEASE_KEY_ALIAS=⟦app⟧")
S(_G, "kubeconfig-user-token", JWT_HS,
  r'''users:
- name: ⟦app⟧-admin
  user:
    token: ⟦S⟧
contexts:
- context: { cluster: docker-desktop, user: ⟦app⟧-admin }''', "cluster: docker-desktop")
S(_G, "my-ini-client-section-password", PW,
  r'''# C:\ProgramData\MySQL\MySQL Server 8.0\my.ini
[client]
port=3306
user=⟦user⟧
password=⟦S⟧

[mysqld]
port=3306''', "[mysqld]")
S(_G, "pgpass-conf-appdata-line", PW,
  r'''# %APPDATA%\postgresql\pgpass.conf
localhost:5432:*:postgres:⟦S⟧''', r"%APPDATA%\postgresql\pgpass.conf")
S(_G, "redis-windows-conf-requirepass", PW,
  r'''# redis.windows-service.conf
bind 127.0.0.1
port 6379
requirepass ⟦S⟧
maxmemory 256mb''', "maxmemory 256mb")
S(_G, "home-assistant-secrets-yaml", PW,
  r'''# secrets.yaml
wifi_ssid: "⟦ssid⟧"
wifi_password: "⟦S⟧"
latitude_home: 52.37''', 'wifi_ssid: "⟦ssid⟧"')
S(_G, "esphome-api-encryption-key", ESPKEY,
  r'''esphome:
  name: ⟦word⟧-sensor
api:
  encryption:
    key: "⟦S⟧"
ota:
  - platform: esphome''', "name: ⟦word⟧-sensor")
S(_G, "esphome-wifi-inline-password", PW,
  r'''wifi:
  ssid: "⟦ssid⟧"
  password: "⟦S⟧"
  ap:
    ssid: "Fallback Hotspot"''', 'ssid: "Fallback Hotspot"')
S(_G, "wireguard-tunnel-conf-privatekey", WGKEY,
  r'''[Interface]
PrivateKey = ⟦S⟧
Address = 10.⟦n⟧.0.2/32
DNS = 1.1.1.1

[Peer]
Endpoint = ⟦pubip⟧:51820
AllowedIPs = 192.168.0.0/16''', "AllowedIPs = 192.168.0.0/16")
S(_G, "umbraco-unattended-user-password", PW,
  r'''"Umbraco": {
  "CMS": {
    "Unattended": {
      "InstallUnattended": true,
      "UnattendedUserName": "⟦person⟧",
      "UnattendedUserEmail": "⟦email⟧",
      "UnattendedUserPassword": "⟦S⟧"
    }
  }
}''', '"InstallUnattended": true')
S(_G, "identityserver-client-secrets-value", lambda _=None: _b64(32).rstrip("="),
  r'''"Clients": [
  {
    "ClientId": "⟦app⟧-worker",
    "AllowedGrantTypes": [ "client_credentials" ],
    "ClientSecrets": [ { "Value": "⟦S⟧" } ],
    "AllowedScopes": [ "orders.read" ]
  }
]''', '"ClientId": "⟦app⟧-worker"')
S(_G, "hangfire-dashboard-basic-auth-config", PW,
  r'''"Hangfire": {
  "Dashboard": {
    "Path": "/jobs",
    "User": "admin",
    "Pass": "⟦S⟧"
  }
}''', '"Path": "/jobs"')
S(_G, "appsettings-azuread-clientsecret", ENTRA,
  r'''"AzureAd": {
  "Instance": "https://login.microsoftonline.com/",
  "Domain": "⟦org⟧.onmicrosoft.com",
  "TenantId": "⟦guid⟧",
  "ClientId": "⟦guid2⟧",
  "ClientSecret": "⟦S⟧",
  "CallbackPath": "/signin-oidc"
}''', '"CallbackPath": "/signin-oidc"')
S(_G, "appsettings-production-sendgrid", SG,
  r'''{
  "SendGrid": {
    "ApiKey": "⟦S⟧",
    "FromAddress": "hello@⟦domain⟧",
    "FromName": "⟦App⟧"
  }
}''', '"FromAddress": "hello@⟦domain⟧"')
S(_G, "wp-config-on-iis-db-password", PW,
  r'''/** MySQL settings - C:\inetpub\wwwroot\blog\wp-config.php */
define( 'DB_NAME', 'wp_⟦word⟧' );
define( 'DB_USER', 'wp_user' );
define( 'DB_PASSWORD', '⟦S⟧' );
define( 'DB_HOST', 'localhost:3306' );''', "define( 'DB_HOST', 'localhost:3306' );")
S(_G, "dataprotection-key-xml-masterkey", B64_64,
  r'''<key id="⟦guid⟧" version="1">
  <creationDate>⟦ts⟧</creationDate>
  <descriptor deserializerType="Microsoft.AspNetCore.DataProtection.AuthenticatedEncryption.ConfigurationModel.AuthenticatedEncryptorDescriptorDeserializer, Microsoft.AspNetCore.DataProtection">
    <descriptor>
      <encryption algorithm="AES_256_CBC" />
      <validation algorithm="HMACSHA256" />
      <masterKey p4:requiresEncryption="true" xmlns:p4="http://schemas.asp.net/2015/03/dataProtection">
        <!-- Warning: the key below is in an unencrypted form. -->
        <value>⟦S⟧</value>
      </masterKey>''', '<key id="⟦guid⟧" version="1">')
S(_G, "applicationhost-config-apppool-password", PW,
  r'''<applicationPools>
  <add name="⟦App⟧Pool" managedRuntimeVersion="v4.0">
    <processModel identityType="SpecificUser" userName="⟦dom⟧\⟦svc⟧" password="⟦S⟧" />
  </add>
</applicationPools>''', '<add name="⟦App⟧Pool" managedRuntimeVersion="v4.0">')
S(_G, "bot-framework-appsettings-app-password", ENTRA,
  r'''{
  "MicrosoftAppType": "SingleTenant",
  "MicrosoftAppId": "⟦guid⟧",
  "MicrosoftAppPassword": "⟦S⟧",
  "MicrosoftAppTenantId": "⟦guid2⟧"
}''', '"MicrosoftAppType": "SingleTenant"')
S(_G, "twitch-bot-yaml-client-secret", TWSECRET,
  r'''twitch:
  channel: ⟦handle⟧
  client_id: ⟦c30⟧
  client_secret: ⟦S⟧
  scopes: [chat:read, chat:edit]''', "channel: ⟦handle⟧")
S(_G, "nextjs-env-local-nextauth-secret", B64_32,
  r'''NEXTAUTH_URL=http://localhost:3000
NEXTAUTH_SECRET=⟦S⟧
AZURE_AD_TENANT_ID=⟦guid⟧''', "NEXTAUTH_URL=http://localhost:3000")
S(_G, "settings-toml-openai-section", OPENAI_OLD,
  r'''[openai]
api_key = "⟦S⟧"
model = "gpt-4o-mini"

[paths]
inbox = 'C:\Users\⟦winuser⟧\Documents\inbox' ''', 'model = "gpt-4o-mini"')
S(_G, "firebase-service-account-json-private-key", PKCS8_ESC,
  r'''{
  "type": "service_account",
  "project_id": "⟦app⟧-⟦num⟧",
  "private_key_id": "⟦hex40⟧",
  "private_key": "-----BEGIN PRIVATE KEY-----\n⟦S⟧\n-----END PRIVATE KEY-----\n",
  "client_email": "firebase-adminsdk-x1y2z@⟦app⟧-⟦num⟧.iam.gserviceaccount.com"
}''', '"type": "service_account"')
S(_G, "rdp-file-with-plaintext-comment", PW,
  r'''full address:s:⟦pc⟧.⟦domain⟧
username:s:⟦dom⟧\⟦winuser⟧
prompt for credentials:i:0
; password is ⟦S⟧ (saved here because cred manager keeps forgetting)
screen mode id:i:2''', r"username:s:⟦dom⟧\⟦winuser⟧")

# ==========================================================================
# group: source-code
# ==========================================================================
_G = "source-code"
S(_G, "csharp-sqlconnection-literal", PW,
  r'''using var conn = new SqlConnection("Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;TrustServerCertificate=True");
await conn.OpenAsync();''', "await conn.OpenAsync();")
S(_G, "csharp-private-const-apikey", MAILGUN,
  r'''public class MailService : IMailService
{
    private const string Domain = "mg.⟦domain⟧";
    private const string ApiKey = "⟦S⟧";''', 'private const string Domain = "mg.⟦domain⟧";')
S(_G, "csharp-smtpclient-networkcredential", PW,
  r'''var smtp = new SmtpClient("smtp.office365.com", 587)
{
    EnableSsl = true,
    Credentials = new NetworkCredential("⟦email⟧", "⟦S⟧")
};
smtp.Send(message);''', 'new SmtpClient("smtp.office365.com", 587)')
S(_G, "csharp-discordnet-loginasync-literal", DISCORD,
  r'''_client.Log += LogAsync;
await _client.LoginAsync(TokenType.Bot, "⟦S⟧");
await _client.StartAsync();''', "_client.Log += LogAsync;")
S(_G, "csharp-httpclient-bearer-authorization", XAI,
  r'''_http.BaseAddress = new Uri("https://api.x.ai/v1/");
_http.DefaultRequestHeaders.Authorization =
    new AuthenticationHeaderValue("Bearer", "⟦S⟧");''', 'new Uri("https://api.x.ai/v1/")')
S(_G, "csharp-msal-withclientsecret", ENTRA,
  r'''var app = ConfidentialClientApplicationBuilder.Create("⟦guid⟧")
    .WithClientSecret("⟦S⟧")
    .WithAuthority(new Uri("https://login.microsoftonline.com/⟦guid2⟧"))
    .Build();''', "ConfidentialClientApplicationBuilder.Create(\"⟦guid⟧\")")
S(_G, "csharp-clientsecretcredential-ctor", ENTRA,
  r'''// TODO: move to Key Vault once the trial ends
var credential = new ClientSecretCredential(
    tenantId: "⟦guid⟧",
    clientId: "⟦guid2⟧",
    clientSecret: "⟦S⟧");
var graph = new GraphServiceClient(credential);''', "var graph = new GraphServiceClient(credential);")
S(_G, "csharp-blobserviceclient-connstr", STKEY,
  r'''var blobs = new BlobServiceClient("DefaultEndpointsProtocol=https;AccountName=⟦storage⟧;AccountKey=⟦S⟧;EndpointSuffix=core.windows.net");
var container = blobs.GetBlobContainerClient("screenshots");''', 'GetBlobContainerClient("screenshots")')
S(_G, "csharp-symmetricsecuritykey-literal", lambda _=None: "ThisIs" + _pick(_WORDS).capitalize() + "Secret" + _c(_ALNUM, 18) + "!",
  r'''var key = new SymmetricSecurityKey(Encoding.UTF8.GetBytes("⟦S⟧"));
var creds = new SigningCredentials(key, SecurityAlgorithms.HmacSha256);''', "SecurityAlgorithms.HmacSha256")
S(_G, "csharp-aes-key-frombase64", B64_32,
  r'''internal static class SaveCrypto
{
    private static readonly byte[] Key = Convert.FromBase64String("⟦S⟧");
    private static readonly byte[] Iv  = new byte[16];''', "internal static class SaveCrypto")
S(_G, "unity-serializefield-apikey-default", ANTH,
  r'''public class NpcDialogue : MonoBehaviour
{
    [SerializeField] private string model = "claude-3-haiku-20240307";
    [SerializeField] private string apiKey = "⟦S⟧";''', "public class NpcDialogue : MonoBehaviour")
S(_G, "unity-playfabsettings-developersecretkey", PLAYFAB,
  r'''#if UNITY_EDITOR || ENABLE_PLAYFABSERVER_API
        PlayFabSettings.staticSettings.TitleId = "⟦hex8⟧";
        PlayFabSettings.staticSettings.DeveloperSecretKey = "⟦S⟧";
#endif''', "#if UNITY_EDITOR || ENABLE_PLAYFABSERVER_API")
S(_G, "unity-webrequest-setrequestheader", HF,
  r'''using (var req = UnityWebRequest.Post(url, form))
{
    req.SetRequestHeader("Authorization", "Bearer ⟦S⟧");
    yield return req.SendWebRequest();''', "yield return req.SendWebRequest();")
S(_G, "vba-adodb-connection-open", PW,
  r'''Dim cn As New ADODB.Connection
cn.Open "Provider=SQLOLEDB;Data Source=⟦sqlhost⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧;"
Set rs = cn.Execute("SELECT * FROM dbo.Orders WHERE Shipped = 0")''', "Dim cn As New ADODB.Connection")
S(_G, "vba-msxml2-authorization-header", AIRTABLE,
  r'''Set http = CreateObject("MSXML2.XMLHTTP")
http.Open "GET", "https://api.airtable.com/v0/app⟦hex8⟧/Inventory", False
http.setRequestHeader "Authorization", "Bearer ⟦S⟧"
http.send''', 'CreateObject("MSXML2.XMLHTTP")')
S(_G, "vba-cdo-sendpassword-field", PW,
  r'''With cdoConf.Fields
    .Item("http://schemas.microsoft.com/cdo/configuration/smtpserver") = "smtp.gmail.com"
    .Item("http://schemas.microsoft.com/cdo/configuration/sendusername") = "⟦email⟧"
    .Item("http://schemas.microsoft.com/cdo/configuration/sendpassword") = "⟦S⟧"
    .Update
End With''', '"smtp.gmail.com"')
S(_G, "vba-access-tabledef-odbc-connect", PW,
  r'''Set tdf = CurrentDb.TableDefs("dbo_Customers")
tdf.Connect = "ODBC;DRIVER=SQL Server;SERVER=⟦sqlhost⟧;DATABASE=⟦db⟧;UID=⟦user⟧;PWD=⟦S⟧"
tdf.RefreshLink''', 'CurrentDb.TableDefs("dbo_Customers")')
S(_G, "vba-workbooks-open-password-arg", PWS,
  r'''Set wb = Workbooks.Open(Filename:="\\⟦nas⟧\finance\Payroll_⟦date⟧.xlsx", Password:="⟦S⟧", ReadOnly:=True)''',
  r"\\⟦nas⟧\finance\Payroll_⟦date⟧.xlsx")
S(_G, "vba-worksheet-unprotect-password", PWS,
  r'''Private Sub Workbook_Open()
    Sheets("Prices").Unprotect Password:="⟦S⟧"
    Call RefreshPrices
    Sheets("Prices").Protect Password:="⟦S⟧", UserInterfaceOnly:=True
End Sub''', 'Sheets("Prices")')
S(_G, "autohotkey-hotstring-types-password", PW,
  r''':*:;;wp::⟦S⟧
:*:;;sig::Best regards,{Enter}⟦person⟧''', ":*:;;sig::Best regards,")
S(_G, "autohotkey-send-login-sequence", PW,
  r'''#IfWinActive, ahk_exe Timeclock.exe
^!l::
    Send, ⟦winuser⟧{Tab}
    Send, ⟦S⟧{Enter}
return''', "#IfWinActive, ahk_exe Timeclock.exe")
S(_G, "autohotkey-telegram-bot-url", TELEGRAM,
  r'''SendTelegram(msg) {
    whr := ComObjCreate("WinHttp.WinHttpRequest.5.1")
    whr.Open("GET", "https://api.telegram.org/bot⟦S⟧/sendMessage?chat_id=⟦num⟧&text=" . msg, true)
    whr.Send()
}''', 'ComObjCreate("WinHttp.WinHttpRequest.5.1")')
S(_G, "powershell-script-password-variable", PW,
  r'''$SqlServer = '⟦sqlhost⟧'
$SqlUser   = '⟦user⟧'
$SqlPass   = '⟦S⟧'
Backup-SqlDatabase -ServerInstance $SqlServer -Database ⟦db⟧ -Credential (New-Object PSCredential $SqlUser, (ConvertTo-SecureString $SqlPass -AsPlainText -Force))''',
  "$SqlServer = '⟦sqlhost⟧'")
S(_G, "powershell-azure-openai-api-key-header", AOAI,
  r'''$headers = @{
    'api-key'      = '⟦S⟧'
    'Content-Type' = 'application/json'
}
$r = Invoke-RestMethod -Uri "https://⟦app⟧-aoai.openai.azure.com/openai/deployments/gpt4o/chat/completions?api-version=2024-06-01" -Method Post -Headers $headers -Body $body''',
  "https://⟦app⟧-aoai.openai.azure.com/openai/deployments/gpt4o")
S(_G, "powershell-networkcredential-ctor", PW,
  r'''$nc = [System.Net.NetworkCredential]::new('⟦winuser⟧', '⟦S⟧', '⟦dom⟧')
$wc = New-Object System.Net.WebClient
$wc.Credentials = $nc''', "$wc = New-Object System.Net.WebClient")
S(_G, "python-discordpy-bot-run-literal", DISCORD,
  r'''@bot.event
async def on_ready():
    print(f"Logged in as {bot.user}")

bot.run("⟦S⟧")''', 'print(f"Logged in as {bot.user}")')
S(_G, "nodejs-discordjs-client-login", DISCORD,
  r'''const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages] });
client.once(Events.ClientReady, c => console.log(`Ready! ${c.user.tag}`));
client.login('⟦S⟧');''', "GatewayIntentBits.Guilds")
S(_G, "python-openai-client-api-key-kwarg", OPENAI,
  r'''from openai import OpenAI
client = OpenAI(api_key="⟦S⟧")
resp = client.chat.completions.create(model="gpt-4o-mini", messages=msgs)''', "from openai import OpenAI")
S(_G, "python-pyodbc-connect-string", PW,
  r'''cnxn = pyodbc.connect(
    "DRIVER={ODBC Driver 18 for SQL Server};SERVER=⟦sqlhost⟧;DATABASE=⟦db⟧;"
    "UID=⟦user⟧;PWD=⟦S⟧;TrustServerCertificate=yes"
)''', "DRIVER={ODBC Driver 18 for SQL Server}")
S(_G, "vbnet-dim-connection-string", PW,
  r'''Private Const ConnStr As String = "Data Source=⟦sqlhost⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧"
Using cn As New SqlConnection(ConnStr)''', "Using cn As New SqlConnection(ConnStr)")
S(_G, "csharp-setenvironmentvariable-literal", SG,
  r'''#if DEBUG
Environment.SetEnvironmentVariable("SENDGRID_API_KEY", "⟦S⟧");
#endif''', "#if DEBUG")
S(_G, "csharp-configuration-fallback-literal", SKLIVE,
  r'''StripeConfiguration.ApiKey = builder.Configuration["Stripe:SecretKey"]
    ?? "⟦S⟧";''', 'builder.Configuration["Stripe:SecretKey"]')
S(_G, "csharp-x509certificate2-pfx-password", PW,
  r'''var cert = new X509Certificate2(@"C:\certs\⟦domain⟧.pfx", "⟦S⟧", X509KeyStorageFlags.MachineKeySet);''',
  r'@"C:\certs\⟦domain⟧.pfx"')
S(_G, "csharp-addgoogle-clientsecret", GOCSPX,
  r'''builder.Services.AddAuthentication().AddGoogle(o =>
{
    o.ClientId = "⟦num⟧-⟦c30⟧.apps.googleusercontent.com";
    o.ClientSecret = "⟦S⟧";
});''', "AddGoogle(o =>")
S(_G, "csharp-twilioclient-init", TWILIO,
  r'''TwilioClient.Init("AC⟦hex32⟧", "⟦S⟧");
var msg = MessageResource.Create(body: $"Your table is ready, {name}!", from: new PhoneNumber("+15005550006"), to: new PhoneNumber(phone));''',
  "MessageResource.Create(")
S(_G, "csharp-sendgridclient-ctor-literal", SG,
  r'''var client = new SendGridClient("⟦S⟧");
var from = new EmailAddress("shop@⟦domain⟧", "⟦App⟧");''', 'new EmailAddress("shop@⟦domain⟧"')
S(_G, "csharp-stripeclient-restricted-key", RKLIVE,
  r'''var stripe = new StripeClient("⟦S⟧");
var sessions = new Stripe.Checkout.SessionService(stripe);''', "new Stripe.Checkout.SessionService(stripe)")
S(_G, "csharp-mailkit-authenticate", PW,
  r'''using var smtp = new MailKit.Net.Smtp.SmtpClient();
await smtp.ConnectAsync("smtp.⟦domain⟧", 465, SecureSocketOptions.SslOnConnect);
await smtp.AuthenticateAsync("⟦email⟧", "⟦S⟧");''', 'ConnectAsync("smtp.⟦domain⟧", 465')
S(_G, "csharp-cosmosclient-endpoint-key", COSMOS,
  r'''var cosmos = new CosmosClient("https://⟦app⟧-cosmos.documents.azure.com:443/", "⟦S⟧");''',
  "https://⟦app⟧-cosmos.documents.azure.com:443/")
S(_G, "csharp-registry-setvalue-token", GHP,
  r'''Registry.SetValue(@"HKEY_CURRENT_USER\Software\⟦App⟧", "GitHubToken", "⟦S⟧", RegistryValueKind.String);''',
  r'@"HKEY_CURRENT_USER\Software\⟦App⟧"')
S(_G, "csharp-winforms-hardcoded-admin-check", PWS,
  r'''private void btnLogin_Click(object sender, EventArgs e)
{
    if (txtUser.Text == "admin" && txtPassword.Text == "⟦S⟧")
    {
        new AdminForm().Show();''', "private void btnLogin_Click(object sender, EventArgs e)")
S(_G, "csharp-hmacsha256-webhook-secret", WHSEC,
  r'''const string WebhookSecret = "⟦S⟧";
var stripeEvent = EventUtility.ConstructEvent(json, Request.Headers["Stripe-Signature"], WebhookSecret);''',
  'Request.Headers["Stripe-Signature"]')
S(_G, "csharp-telegrambotclient-ctor", TELEGRAM,
  r'''var bot = new TelegramBotClient("⟦S⟧");
using var cts = new CancellationTokenSource();''', "new CancellationTokenSource()")
S(_G, "csharp-restsharp-basic-authenticator", PW,
  r'''var options = new RestClientOptions("https://⟦domain⟧/api")
{
    Authenticator = new HttpBasicAuthenticator("⟦winuser⟧", "⟦S⟧")
};''', 'new RestClientOptions("https://⟦domain⟧/api")')
S(_G, "csharp-octokit-credentials-token", GHP,
  r'''var github = new GitHubClient(new ProductHeaderValue("⟦app⟧-release-bot"))
{
    Credentials = new Credentials("⟦S⟧")
};''', 'new ProductHeaderValue("⟦app⟧-release-bot")')
S(_G, "csharp-ftpwebrequest-credentials", PW,
  r'''var req = (FtpWebRequest)WebRequest.Create("ftp://ftp.⟦domain⟧/httpdocs/prices.csv");
req.Method = WebRequestMethods.Ftp.UploadFile;
req.Credentials = new NetworkCredential("⟦luser⟧", "⟦S⟧");''', "WebRequestMethods.Ftp.UploadFile")
S(_G, "csharp-sshnet-sshclient-password", PW,
  r'''using var ssh = new SshClient("⟦ip⟧", "⟦luser⟧", "⟦S⟧");
ssh.Connect();
var cmd = ssh.RunCommand("docker restart ⟦app⟧");''', 'ssh.RunCommand("docker restart ⟦app⟧")')
S(_G, "python-win32cred-credwrite", PW,
  r'''import win32cred
win32cred.CredWrite({
    "Type": win32cred.CRED_TYPE_GENERIC,
    "TargetName": "⟦app⟧:smtp",
    "UserName": "⟦email⟧",
    "CredentialBlob": "⟦S⟧",
    "Persist": win32cred.CRED_PERSIST_LOCAL_MACHINE,
}, 0)''', '"TargetName": "⟦app⟧:smtp"')
S(_G, "csharp-credentialmanagement-save", PW,
  r'''using var cred = new Credential
{
    Target = "⟦App⟧.Sync",
    Username = "⟦svc⟧",
    Password = "⟦S⟧",
    Type = CredentialType.Generic,
    PersistanceType = PersistanceType.LocalComputer
};
cred.Save();''', 'Target = "⟦App⟧.Sync"')
S(_G, "lua-mod-steam-api-key", STEAM,
  r'''-- mods/⟦mod⟧/config.lua
local STEAM_API_KEY = "⟦S⟧"
local function fetchProfile(steamId)''', "local function fetchProfile(steamId)")
S(_G, "tsql-create-login-script", PW,
  r'''USE [master];
GO
CREATE LOGIN [⟦user⟧] WITH PASSWORD = N'⟦S⟧', DEFAULT_DATABASE = [⟦db⟧], CHECK_EXPIRATION = OFF;
GO''', "DEFAULT_DATABASE = [⟦db⟧]")
S(_G, "tsql-open-symmetric-key-decryption-password", PW,
  r'''OPEN SYMMETRIC KEY CardKey DECRYPTION BY PASSWORD = '⟦S⟧';
SELECT CONVERT(varchar(32), DecryptByKey(CardNumberEnc)) AS CardNumber FROM dbo.Payments;
CLOSE SYMMETRIC KEY CardKey;''', "CLOSE SYMMETRIC KEY CardKey;")
S(_G, "tsql-create-master-key-password", PWR,
  r'''IF NOT EXISTS (SELECT * FROM sys.symmetric_keys WHERE name = '##MS_DatabaseMasterKey##')
    CREATE MASTER KEY ENCRYPTION BY PASSWORD = '⟦S⟧';''', "##MS_DatabaseMasterKey##")
S(_G, "tsql-database-scoped-credential-sas", SASSIG,
  r'''CREATE DATABASE SCOPED CREDENTIAL BackupBlob
WITH IDENTITY = 'SHARED ACCESS SIGNATURE',
SECRET = 'sv=2022-11-02&ss=b&srt=co&sp=rwlac&se=⟦date⟧T00:00:00Z&spr=https&sig=⟦S⟧';''',
  "IDENTITY = 'SHARED ACCESS SIGNATURE'")
S(_G, "tsql-sp-addlinkedsrvlogin-rmtpassword", PW,
  r'''EXEC master.dbo.sp_addlinkedsrvlogin
    @rmtsrvname = N'ACCOUNTING',
    @useself = N'False',
    @locallogin = NULL,
    @rmtuser = N'⟦user⟧',
    @rmtpassword = N'⟦S⟧';''', "@rmtsrvname = N'ACCOUNTING'")
S(_G, "batch-file-net-use-mapping", PW,
  r'''@echo off
rem map scanner share at logon
net use S: \\⟦nas⟧\scans /user:⟦nas⟧\scanner ⟦S⟧ /persistent:no
robocopy S:\ "%USERPROFILE%\Documents\Scans" /MOV /R:1 /W:1''', "rem map scanner share at logon")
S(_G, "vbscript-ado-properties-password", PW,
  r'''Set objConn = CreateObject("ADODB.Connection")
objConn.Provider = "SQLOLEDB"
objConn.Properties("Data Source") = "⟦sqlhost⟧"
objConn.Properties("User ID") = "⟦user⟧"
objConn.Properties("Password") = "⟦S⟧"
objConn.Open''', 'objConn.Provider = "SQLOLEDB"')
S(_G, "inno-setup-password-directive", PWS,
  r'''[Setup]
AppName=⟦App⟧
AppVersion=⟦ver⟧
DefaultDirName={autopf}\⟦App⟧
Password=⟦S⟧
Encryption=yes''', "AppVersion=⟦ver⟧")
S(_G, "csharp-usesqlserver-literal-connstr", PW,
  r'''builder.Services.AddDbContext<AppDbContext>(o =>
    o.UseSqlServer("Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;Encrypt=False"));''',
  "AddDbContext<AppDbContext>")
S(_G, "csharp-basic-auth-middleware-literal", PW,
  r'''app.UseWhen(ctx => ctx.Request.Path.StartsWithSegments("/admin"), branch =>
    branch.UseMiddleware<BasicAuthMiddleware>("shopadmin", "⟦S⟧"));''', 'StartsWithSegments("/admin")')
S(_G, "csharp-azurekeycredential-literal", COGKEY,
  r'''var client = new DocumentAnalysisClient(
    new Uri("https://⟦app⟧-forms.cognitiveservices.azure.com/"),
    new AzureKeyCredential("⟦S⟧"));''', "https://⟦app⟧-forms.cognitiveservices.azure.com/")
S(_G, "csharp-servicebusclient-connstr", SBKEY,
  r'''await using var sb = new ServiceBusClient(
    "Endpoint=sb://⟦app⟧-bus.servicebus.windows.net/;SharedAccessKeyName=send-only;SharedAccessKey=⟦S⟧");''',
  "SharedAccessKeyName=send-only")
S(_G, "python-requests-auth-tuple", PW,
  r'''r = requests.get(f"https://⟦domain⟧/wp-json/wc/v3/orders?after={since}",
                 auth=("⟦winuser⟧", "⟦S⟧"), timeout=30)''', "/wp-json/wc/v3/orders")
S(_G, "javascript-fetch-x-api-key-header", BREVO,
  r'''await fetch("https://api.brevo.com/v3/smtp/email", {
  method: "POST",
  headers: { "api-key": "⟦S⟧", "content-type": "application/json" },
  body: JSON.stringify(payload),
});''', '"https://api.brevo.com/v3/smtp/email"')
S(_G, "csharp-protecteddata-protect-literal", PW,
  r'''// one-off: seed the DPAPI blob, delete this line afterwards
var blob = ProtectedData.Protect(Encoding.UTF8.GetBytes("⟦S⟧"), null, DataProtectionScope.LocalMachine);
File.WriteAllBytes(@"C:\ProgramData\⟦App⟧\smtp.bin", blob);''', r'@"C:\ProgramData\⟦App⟧\smtp.bin"')
S(_G, "fsharp-script-connection-literal", PW,
  r'''#r "nuget: Microsoft.Data.SqlClient"
let connStr = "Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;TrustServerCertificate=true"
use conn = new SqlConnection(connStr)''', '#r "nuget: Microsoft.Data.SqlClient"')
S(_G, "powershell-dsc-plaintext-credential", PW,
  r'''$ConfigData = @{ AllNodes = @(@{ NodeName = '⟦pc⟧'; PSDscAllowPlainTextPassword = $true }) }
$svcCred = New-Object PSCredential('⟦dom⟧\⟦svc⟧', (ConvertTo-SecureString '⟦S⟧' -AsPlainText -Force))
WebServer -ConfigurationData $ConfigData -SvcCredential $svcCred''', "PSDscAllowPlainTextPassword = $true")
S(_G, "csharp-xunit-integration-db-const", PW,
  r'''public class OrdersRepositoryTests : IClassFixture<DbFixture>
{
    private const string Cs = "Server=localhost,1433;Database=⟦db⟧_Test;User Id=sa;Password=⟦S⟧;TrustServerCertificate=true";''',
  "IClassFixture<DbFixture>")
S(_G, "unity-savegame-xor-key", lambda _=None: _c(_ALNUM, 32),
  r'''public static class SaveSystem
{
    // obfuscates save files so players can't just edit gold
    private const string EncryptionKey = "⟦S⟧";''', "public static class SaveSystem")
S(_G, "arduino-secrets-header", PW,
  r'''// arduino_secrets.h  (ESP32 fish-tank monitor)
#define SECRET_SSID "⟦ssid⟧"
#define SECRET_PASS "⟦S⟧"''', '#define SECRET_SSID "⟦ssid⟧"')
S(_G, "csharp-record-default-datadog-key", DDKEY,
  r'''public record TelemetryOptions(
    string Site = "datadoghq.eu",
    string ApiKey = "⟦S⟧",
    string Service = "⟦app⟧");''', 'string Site = "datadoghq.eu"')
S(_G, "csharp-dictionary-initializer-headers", PPLX,
  r'''var headers = new Dictionary<string, string>
{
    ["Authorization"] = "Bearer ⟦S⟧",
    ["Accept"] = "application/json",
};''', '["Accept"] = "application/json"')
S(_G, "python-sqlalchemy-url-mssql", PWU,
  r'''engine = create_engine(
    "mssql+pyodbc://⟦user⟧:⟦S⟧@⟦pc⟧/⟦db⟧?driver=ODBC+Driver+17+for+SQL+Server"
)''', "driver=ODBC+Driver+17+for+SQL+Server")
S(_G, "csharp-verbatim-multiline-connstr", PW,
  r'''private static readonly string Cs = @"
    Data Source=⟦sqlhost⟧;
    Initial Catalog=⟦db⟧;
    User ID=⟦user⟧;
    Password=⟦S⟧;";''', "Initial Catalog=⟦db⟧;")
S(_G, "go-const-bot-token", TELEGRAM,
  r'''package main

const botToken = "⟦S⟧" // @⟦handle⟧_bot''', "package main")
S(_G, "rust-discord-serenity-token-literal", DISCORD,
  r'''let token = "⟦S⟧";
let intents = GatewayIntents::GUILD_MESSAGES | GatewayIntents::MESSAGE_CONTENT;
let mut client = Client::builder(&token, intents).event_handler(Handler).await?;''', "GatewayIntents::GUILD_MESSAGES")
S(_G, "php-on-iis-mysqli-connect", PWS,
  r'''<?php
$mysqli = new mysqli("localhost", "⟦user⟧", "⟦S⟧", "⟦dblow⟧");
if ($mysqli->connect_errno) { die("DB down"); }''', 'die("DB down")')
S(_G, "csharp-harmony-mod-webhook-field", DWH,
  r'''[BepInPlugin("com.⟦handle⟧.⟦mod⟧", "⟦mod⟧", "⟦ver⟧")]
public class Plugin : BaseUnityPlugin
{
    private const string Hook = "https://discord.com/api/webhooks/⟦snowflake⟧/⟦S⟧";''',
  'BepInPlugin("com.⟦handle⟧.⟦mod⟧"')
S(_G, "csharp-ssh-private-key-string-literal", RSA1K_BODY,
  r'''private const string DeployKey = @"-----BEGIN RSA PRIVATE KEY-----
⟦S⟧
-----END RSA PRIVATE KEY-----";''', "private const string DeployKey")

# ==========================================================================
# group: stack-trace-or-log
# ==========================================================================
_G = "stack-trace-or-log"
S(_G, "aspnet-fail-log-connstr-then-sqlexception", PW,
  r'''fail: ⟦App⟧.Data.DbInitializer[0]
      Could not connect using 'Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=sa;Password=⟦S⟧;TrustServerCertificate=True'
      Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'sa'.
         at Microsoft.Data.SqlClient.SqlInternalConnection.OnError(SqlException exception, Boolean breakConnection, Action`1 wrapCloseInAction)
         at Microsoft.Data.SqlClient.TdsParser.ThrowExceptionAndWarning(TdsParserStateObject stateObj, Boolean callerHasConnectionLock, Boolean asyncClose)''',
  "Login failed for user 'sa'.")
S(_G, "efcore-sensitive-data-logging-parameters", PW,
  r'''info: Microsoft.EntityFrameworkCore.Database.Command[20101]
      Executed DbCommand (14ms) [Parameters=[@p0='⟦email⟧' (Nullable = false) (Size = 256), @p1='⟦S⟧' (Nullable = false) (Size = 4000)], CommandType='Text', CommandTimeout='30']
      INSERT INTO [Users] ([Email], [Password]) VALUES (@p0, @p1);''', "INSERT INTO [Users] ([Email], [Password])")
S(_G, "httpclient-logging-request-headers", OPENAI,
  r'''info: System.Net.Http.HttpClient.OpenAI.LogicalHandler[100]
      Start processing HTTP request POST https://api.openai.com/v1/chat/completions
trce: System.Net.Http.HttpClient.OpenAI.ClientHandler[102]
      Request Headers:
      Authorization: Bearer ⟦S⟧
      Content-Type: application/json; charset=utf-8''', "Start processing HTTP request POST https://api.openai.com/v1/chat/completions")
S(_G, "iis-w3c-log-query-api-key", HEX32,
  r'''#Software: Microsoft Internet Information Services 10.0
#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) sc-status sc-substatus sc-win32-status time-taken
⟦date⟧ ⟦time⟧ 10.0.0.4 GET /api/stock sku=BR-⟦num⟧&api_key=⟦S⟧ 443 - ⟦pubip⟧ PostmanRuntime/7.36.0 200 0 0 31''',
  "GET /api/stock")
S(_G, "iis-log-login-aspx-password-query", PWU,
  r'''⟦date⟧ ⟦time⟧ 192.168.1.10 GET /login.aspx user=⟦winuser⟧&password=⟦S⟧&ReturnUrl=%2fadmin 80 - ⟦ip⟧ Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64) 302 0 0 15''',
  "GET /login.aspx")
S(_G, "event-4688-process-command-line", PW,
  r'''Log Name:      Security
Source:        Microsoft-Windows-Security-Auditing
Event ID:      4688
Task Category: Process Creation
A new process has been created.
Creator Subject:
	Account Name:		⟦winuser⟧
	Account Domain:		⟦dom⟧
Process Information:
	New Process Name:	C:\Windows\System32\net.exe
	Process Command Line:	net  use \\⟦nas⟧\scans /user:⟦winuser⟧ ⟦S⟧''', "Event ID:      4688")
S(_G, "serilog-compact-json-password-property", PW,
  r'''{"@t":"⟦ts⟧","@mt":"Login attempt for {UserName} with {Password}","@l":"Debug","UserName":"⟦email⟧","Password":"⟦S⟧","SourceContext":"⟦App⟧.Auth.LoginService"}''',
  '"SourceContext":"⟦App⟧.Auth.LoginService"')
S(_G, "nlog-text-line-connection-string", PW,
  r'''⟦date⟧ ⟦time⟧.4412|INFO|⟦App⟧.Program|Using connection string Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;''',
  "|INFO|⟦App⟧.Program|")
S(_G, "discordnet-console-debug-token", DISCORD,
  r'''07:41:02 Discord     Discord.Net v3.14.1 (API v10)
07:41:02 Startup     DEBUG token=⟦S⟧ shards=1
07:41:03 Gateway     Connecting
07:41:04 Gateway     Ready''', "Discord.Net v3.14.1 (API v10)")
S(_G, "unity-player-log-request-url-key", AIZA,
  r'''[MapTiles] GET https://maps.googleapis.com/maps/api/staticmap?center=52.37,4.89&zoom=14&size=512x512&key=⟦S⟧ failed: HTTP/1.1 403 Forbidden
UnityEngine.Debug:LogWarning (object)
MapTileLoader/<Fetch>d__7:MoveNext () (at Assets/Scripts/Map/MapTileLoader.cs:58)''', "Assets/Scripts/Map/MapTileLoader.cs:58")
S(_G, "functions-host-startup-error-connstr", STKEY,
  r'''[⟦ts⟧] A host error has occurred during startup operation '⟦guid⟧'.
[⟦ts⟧] Microsoft.Azure.WebJobs.Extensions.Storage: Storage account connection string 'DefaultEndpointsProtocol=https;AccountName=⟦storage⟧;AccountKey=⟦S⟧' does not exist or is invalid.''',
  "A host error has occurred during startup operation")
S(_G, "certificate-loader-log-with-password", PW,
  r'''⟦date⟧ ⟦time⟧ [INF] Loading HTTPS certificate C:\certs\⟦domain⟧.pfx (password: ⟦S⟧)
⟦date⟧ ⟦time⟧ [ERR] Interop+Crypto+OpenSslCryptographicException: The specified network password is not correct.''',
  "The specified network password is not correct.")
S(_G, "powershell-transcript-convertto-securestring", PW,
  r'''**********************
Windows PowerShell transcript start
Start time: 20240312094411
Username: ⟦dom⟧\⟦winuser⟧
Machine: ⟦pc⟧ (Microsoft Windows NT 10.0.22631.0)
Host Application: C:\Program Files\PowerShell\7\pwsh.dll
**********************
PS C:\Scripts> $pw = ConvertTo-SecureString '⟦S⟧' -AsPlainText -Force
PS C:\Scripts> .\provision-⟦app⟧.ps1 -Password $pw''', "Windows PowerShell transcript start")
S(_G, "powershell-error-record-echoes-command", PW,
  r'''Invoke-Sqlcmd : Login failed for user '⟦user⟧'.
At C:\Scripts\nightly.ps1:14 char:1
+ Invoke-Sqlcmd -ServerInstance ⟦sqlhost⟧ -Username ⟦user⟧ -Password "⟦S⟧" ...
+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : InvalidOperation: (:) [Invoke-Sqlcmd], SqlPowerShellSqlExecutionException
    + FullyQualifiedErrorId : SqlError,Microsoft.SqlServer.Management.PowerShell.GetScriptCommand''',
  r"At C:\Scripts\nightly.ps1:14 char:1")
S(_G, "python-traceback-httperror-url-token", lambda _=None: _c(_B64U, 40),
  r'''Traceback (most recent call last):
  File "C:\Users\⟦winuser⟧\bots\sync.py", line 88, in <module>
    r.raise_for_status()
  File "C:\Python312\Lib\site-packages\requests\models.py", line 1021, in raise_for_status
    raise HTTPError(http_error_msg, response=self)
requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://api.⟦domain⟧/v1/sync?access_token=⟦S⟧''',
  "requests.exceptions.HTTPError: 401 Client Error")
S(_G, "git-trace-curl-basic-header", lambda g: _b64s("pat:" + ADOPAT()),
  r'''13:02:11.104882 http.c:664              => Send header, 0000000276 bytes (0x00000114)
13:02:11.104882 http.c:676              => Send header: GET /⟦org⟧/⟦proj⟧/_git/⟦app⟧/info/refs?service=git-upload-pack HTTP/1.1
13:02:11.104882 http.c:676              => Send header: Host: dev.azure.com
13:02:11.104882 http.c:676              => Send header: Authorization: Basic ⟦S⟧''', "=> Send header: Host: dev.azure.com")
S(_G, "msbuild-diag-task-parameter-password", PUBPWD,
  r'''Task "MSDeploy"
  Task Parameter:Source=MetaData
  Task Parameter:Destination=computerName=https://⟦appsvc⟧.scm.azurewebsites.net/msdeploy.axd
  Task Parameter:UserName=$⟦appsvc⟧
  Task Parameter:Password=⟦S⟧
  Task Parameter:AuthType=Basic''', 'Task "MSDeploy"')
S(_G, "app-service-log-stream-env-dump", PW,
  r'''⟦ts⟧ [Information] Startup: dumping environment for diagnostics
⟦ts⟧ [Information]   WEBSITE_SITE_NAME=⟦appsvc⟧
⟦ts⟧ [Information]   SQLAZURECONNSTR_Default=Server=tcp:⟦azsql⟧,1433;Database=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧;Encrypt=True;''',
  "WEBSITE_SITE_NAME=⟦appsvc⟧")
S(_G, "elmah-server-variables-cookie", ASPXAUTH,
  r'''<serverVariables>
  <item name="HTTP_HOST"><value string="⟦domain⟧" /></item>
  <item name="HTTP_COOKIE"><value string="ASP.NET_SessionId=⟦c30⟧; .ASPXAUTH=⟦S⟧" /></item>
  <item name="URL"><value string="/Admin/Orders.aspx" /></item>''', '<value string="/Admin/Orders.aspx" />')
S(_G, "aspnet-ysod-source-error-lines", PW,
  r'''Server Error in '/' Application.
Login failed for user '⟦user⟧'.
Source Error:
Line 21:         protected void Page_Load(object sender, EventArgs e)
Line 22:         {
Line 23:             var cn = new SqlConnection("Data Source=⟦sqlhost⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧");
Line 24:             cn.Open();
Source File: C:\inetpub\wwwroot\⟦app⟧\Default.aspx.cs    Line: 24''', "Server Error in '/' Application.")
S(_G, "sql-profiler-sp-executesql-password", PW,
  r'''exec sp_executesql N'SELECT TOP(1) [u].[Id] FROM [Users] AS [u] WHERE [u].[UserName] = @__user_0 AND [u].[Password] = @__pwd_1',N'@__user_0 nvarchar(50),@__pwd_1 nvarchar(100)',@__user_0=N'⟦winuser⟧',@__pwd_1=N'⟦S⟧' ''',
  "FROM [Users] AS [u]")
S(_G, "sentry-breadcrumb-url-access-token", lambda _=None: _c(_B64U, 48),
  r'''breadcrumbs:
  - category: http
    data: { method: GET, status_code: 200, url: "https://graph.⟦domain⟧/v2/me?fields=id,name&access_token=⟦S⟧" }
    timestamp: ⟦ts⟧''', "category: http")
S(_G, "oauth-implicit-redirect-fragment-log", JWT,
  r'''⟦date⟧ ⟦time⟧ DEBUG WebView2 NavigationCompleted: https://localhost:5001/auth/callback#access_token=⟦S⟧&token_type=Bearer&expires_in=3599&scope=User.Read''',
  "WebView2 NavigationCompleted")
S(_G, "docker-logs-app-startup-connstr", PW,
  r'''$ docker logs ⟦app⟧-api-1 --tail 5
Using ConnectionStrings:Default = Server=db,1433;Database=⟦db⟧;User Id=sa;Password=⟦S⟧;TrustServerCertificate=true
info: Microsoft.Hosting.Lifetime[14]
      Now listening on: http://[::]:8080''', "Now listening on: http://[::]:8080")
S(_G, "hangfire-failed-job-arguments-json", PW,
  r'''Job #⟦num⟧ Failed: ⟦App⟧.Jobs.MailboxImportJob.RunAsync
Arguments: ["imap.⟦domain⟧", "⟦email⟧", "⟦S⟧"]
System.Net.Sockets.SocketException (10060): A connection attempt failed because the connected party did not properly respond''',
  "⟦App⟧.Jobs.MailboxImportJob.RunAsync")
S(_G, "vs-debug-output-window-key", SG,
  r''''⟦App⟧.Web.exe' (CoreCLR: clrhost): Loaded 'C:\Program Files\dotnet\shared\Microsoft.NETCore.App\8.0.4\System.Net.Mail.dll'.
[EmailService] init with key=⟦S⟧ from=hello@⟦domain⟧
The thread 0x4a1c has exited with code 0 (0x0).''', "The thread 0x4a1c has exited with code 0 (0x0).")
S(_G, "bepinex-logoutput-webhook-url", DWH,
  r'''[Info   :   BepInEx] Loading [⟦mod⟧ ⟦ver⟧]
[Info   :⟦mod⟧] Posting to https://discord.com/api/webhooks/⟦snowflake⟧/⟦S⟧
[Warning:⟦mod⟧] Discord returned 429, backing off 2s''', "[Info   :   BepInEx] Loading [⟦mod⟧ ⟦ver⟧]")
S(_G, "autohotkey-error-dialog-line-text", PW,
  r'''Error at line 42.

Line Text: Send, ⟦S⟧{Enter}
Error: Target window not found.

The current thread will exit.''', "Error: Target window not found.")
S(_G, "npm-debug-log-authtoken-line", NPM,
  r'''12 verbose title npm publish
13 verbose argv "publish" "--access" "public"
14 silly config load:file:C:\Users\⟦winuser⟧\.npmrc //registry.npmjs.org/:_authToken=⟦S⟧
15 verbose npm v10.5.0''', "13 verbose argv \"publish\" \"--access\" \"public\"")
S(_G, "mailkit-protocol-log-auth-plain", lambda g: _b64s("\x00" + g("email") + "\x00" + PW()),
  r'''Connected to smtps://smtp.⟦domain⟧:465/
S: 220 smtp.⟦domain⟧ ESMTP ready
C: EHLO [192.168.1.20]
S: 250-AUTH PLAIN LOGIN
C: AUTH PLAIN ⟦S⟧
S: 235 2.7.0 Authentication successful''', "S: 235 2.7.0 Authentication successful")
S(_G, "ftp-client-session-log-pass", PW,
  r'''Status:	Connecting to ⟦ip⟧:21...
Response:	220 Microsoft FTP Service
Command:	USER ⟦luser⟧
Response:	331 Password required
Command:	PASS ⟦S⟧
Response:	230 User logged in.''', "Response:	220 Microsoft FTP Service")
S(_G, "imap-debug-login-command", PW,
  r'''* OK [CAPABILITY IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE IDLE LITERAL+ AUTH=PLAIN] Dovecot ready.
C: A001 LOGIN ⟦email⟧ ⟦S⟧
S: A001 OK Logged in''', "S: A001 OK Logged in")
S(_G, "az-cli-debug-request-body-client-secret", ENTRA,
  r'''DEBUG: cli.azure.cli.core.sdk.policies: Request URL: 'https://login.microsoftonline.com/⟦guid⟧/oauth2/v2.0/token'
DEBUG: cli.azure.cli.core.sdk.policies: Request method: 'POST'
DEBUG: cli.azure.cli.core.sdk.policies: Request body:
DEBUG: cli.azure.cli.core.sdk.policies: client_id=⟦guid2⟧&grant_type=client_credentials&client_secret=⟦S⟧&scope=https%3A%2F%2Fmanagement.core.windows.net%2F.default''',
  "Request method: 'POST'")
S(_G, "panther-setupact-log-autologon", PW,
  r'''⟦date⟧ ⟦time⟧, Info                  [Shell Unattend] AutoLogon: Username = [setup], Domain = [⟦pc⟧]
⟦date⟧ ⟦time⟧, Info                  [Shell Unattend] AutoLogon: Password = [⟦S⟧], LogonCount = 1''',
  "AutoLogon: Username = [setup]")
S(_G, "exception-data-dictionary-dump", PW,
  r'''System.InvalidOperationException: Cannot open database "⟦db⟧" requested by the login.
   Data["ConnectionString"] = Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧
   at ⟦App⟧.Infrastructure.Db.OpenAsync() in C:\src\⟦app⟧\Infrastructure\Db.cs:line 37''',
  "System.InvalidOperationException: Cannot open database")
S(_G, "formatexception-bad-account-key-echo", COSMOS,
  r'''Unhandled exception. System.FormatException: The input is not a valid Base-64 string as it contains a non-base 64 character.
   Cosmos key from config was: '⟦S⟧ '
   at System.Convert.FromBase64CharPtr(Char* inputPtr, Int32 inputLength)''', "at System.Convert.FromBase64CharPtr")
S(_G, "uriformatexception-sftp-creds", PWU,
  r'''System.UriFormatException: Invalid URI: Invalid port specified.
   Uri was: sftp://⟦luser⟧:⟦S⟧@⟦ip⟧:22x/upload
   at System.Uri.CreateThis(String uri, Boolean dontEscape, UriKind uriKind)''', "System.UriFormatException: Invalid URI")
S(_G, "webexception-401-request-dump", lambda _=None: _c(_ALNUM, 48),
  r'''System.Net.WebException: The remote server returned an error: (401) Unauthorized.
--- request ---
GET https://api.⟦domain⟧/v2/inventory HTTP/1.1
X-Api-Key: ⟦S⟧
Host: api.⟦domain⟧''', "System.Net.WebException: The remote server returned an error: (401) Unauthorized.")
S(_G, "application-event-service-start-args", PW,
  r'''Log Name:      Application
Source:        ⟦svcname⟧
Event ID:      1000
Level:         Information
Description:
Service started with arguments: --db-user ⟦user⟧ --db-password ⟦S⟧ --interval 300''', "Source:        ⟦svcname⟧")
S(_G, "task-scheduler-history-action-args", PW,
  r'''Event 200, TaskScheduler
Task Scheduler launched action "C:\Tools\sync.exe --user ⟦svc⟧ --pass ⟦S⟧" in instance "{⟦guid⟧}" of task "\⟦App⟧\Sync".''',
  "Event 200, TaskScheduler")
S(_G, "app-insights-trace-custom-dimensions", RESEND,
  r'''traces
| timestamp ⟦ts⟧ | message "Outgoing email queued" | customDimensions {"provider":"resend","apiKey":"⟦S⟧","to":"⟦email⟧"}''',
  '"Outgoing email queued"')
S(_G, "wsl-bash-history-mysql-p", PW,
  r'''  501  sudo service mysql start
  502  mysql -u root -p⟦S⟧ -e "CREATE DATABASE ⟦dblow⟧"
  503  cd /mnt/c/dev/⟦app⟧''', "sudo service mysql start")
S(_G, "psreadline-consolehost-history", GHP,
  r'''# %APPDATA%\Microsoft\Windows\PowerShell\PSReadLine\ConsoleHost_history.txt
cd C:\dev\⟦app⟧
$env:GH_TOKEN="⟦S⟧"
gh pr list --state open''', "gh pr list --state open")
S(_G, "vs-build-output-signtool-command", PW,
  r'''1>------ Build started: Project: ⟦App⟧Setup, Configuration: Release x64 ------
1>Executing: "C:\Program Files (x86)\Windows Kits\10\bin\10.0.22621.0\x64\signtool.exe" sign /f ..\certs\codesign.pfx /p ⟦S⟧ /fd sha256 /tr http://timestamp.sectigo.com /td sha256 "bin\Release\⟦App⟧Setup.msi"
1>Done Adding Additional Store''', "Build started: Project: ⟦App⟧Setup")
S(_G, "unity-editor-log-command-line-args", PW,
  r'''COMMAND LINE ARGUMENTS:
C:\Program Files\Unity\Hub\Editor\2022.3.⟦n⟧f1\Editor\Unity.exe
-batchmode
-username
⟦email⟧
-password
⟦S⟧
-projectPath
C:\dev\⟦App⟧''', "COMMAND LINE ARGUMENTS:")
S(_G, "iis-failed-request-trace-headers", lambda g: _b64s(g("winuser") + ":" + PWU()),
  r'''<Event xmlns="http://schemas.microsoft.com/win/2004/08/events/event">
 <System><Provider Name="WWW Server" /><EventID>0</EventID></System>
 <EventData>
  <Data Name="Headers">Host: ⟦domain⟧
Authorization: Basic ⟦S⟧
User-Agent: Mozilla/5.0</Data>''', '<Provider Name="WWW Server" />')
S(_G, "options-validation-startup-json-dump", PW,
  r'''[⟦time⟧ INF] Effective options: {"Smtp":{"Host":"smtp.⟦domain⟧","Port":587,"User":"⟦email⟧","Password":"⟦S⟧"},"Features":{"Beta":true}}''',
  '"Features":{"Beta":true}')
S(_G, "developer-exception-page-cookie-header", CFDJ8,
  r'''Headers
  Accept: text/html,application/xhtml+xml
  Cookie: .AspNetCore.Session=⟦S⟧
  Host: localhost:7123''', "Host: localhost:7123")
S(_G, "node-console-log-supabase-service-role", JWT_HS,
  r'''[nodemon] starting `node server.js`
config loaded { url: 'https://⟦hex8⟧⟦c30⟧.supabase.co', serviceRoleKey: '⟦S⟧' }
listening on :3000''', "[nodemon] starting `node server.js`")
S(_G, "php-pdo-exception-stack-args", PWS,
  r'''PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'root'@'localhost' (using password: YES) in C:\inetpub\wwwroot\shop\db.php:4
Stack trace:
#0 C:\inetpub\wwwroot\shop\db.php(4): PDO->__construct('mysql:host=loca...', 'root', '⟦S⟧')
#1 {main}''', "Uncaught PDOException: SQLSTATE[HY000] [1045]")
S(_G, "python-logging-debug-login-payload", PW,
  r'''DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): ⟦domain⟧:443
DEBUG:scraper:POST /login payload={'username': '⟦winuser⟧', 'password': '⟦S⟧', 'remember': 'on'}
DEBUG:urllib3.connectionpool:https://⟦domain⟧:443 "POST /login HTTP/1.1" 302 0''', "DEBUG:urllib3.connectionpool:Starting new HTTPS connection")
S(_G, "sql-agent-job-history-step-message", PW,
  r'''Date		⟦date⟧ 02:00:00
Log		Job History (Nightly ETL)
Step ID		2
Message
Executed as user: NT SERVICE\SQLSERVERAGENT. ... Process Exit Code 1.  The step failed.
Command: sqlcmd -S ⟦sqlhost⟧ -U ⟦user⟧ -P ⟦S⟧ -i C:\etl\load.sql''', "Job History (Nightly ETL)")
S(_G, "wmi-activity-operational-commandline", PW,
  r'''Microsoft-Windows-WMI-Activity/Operational  Event 5857
Id = {⟦guid⟧}; ClientMachine = ⟦pc⟧; User = ⟦dom⟧\⟦winuser⟧; Operation = Win32_Process::Create; CommandLine = cmd /c net user helpdesk ⟦S⟧ /add''',
  "Operation = Win32_Process::Create")
S(_G, "teams-incoming-webhook-failure-log", HEX32,
  r'''[⟦time⟧] WARN notify: POST https://⟦org⟧.webhook.office.com/webhookb2/⟦guid⟧@⟦guid2⟧/IncomingWebhook/⟦S⟧/⟦guid3⟧ returned 400 (Bad payload received by generic incoming webhook.)''',
  "Bad payload received by generic incoming webhook.")
S(_G, "serilog-httpclient-uri-appid-query", HEX32,
  r'''[⟦time⟧ INF] HTTP GET https://api.openweathermap.org/data/2.5/weather?q=Utrecht&units=metric&appid=⟦S⟧ responded 401 in 183.2 ms''',
  "responded 401 in 183.2 ms")
S(_G, "polly-retry-log-sas-url", SASSIG,
  r'''warn: ⟦App⟧.Uploader[0]
      Retry 2/5 after 4s for https://⟦storage⟧.blob.core.windows.net/uploads/⟦guid⟧.png?sv=2023-01-03&se=⟦date⟧T12%3A00%3A00Z&sr=b&sp=cw&sig=⟦S⟧ (HttpRequestException: An error occurred while sending the request.)''',
  "warn: ⟦App⟧.Uploader[0]")
S(_G, "nginx-wsl-access-log-token-query", lambda _=None: _c(_ALNUM, 32),
  r'''172.23.⟦n⟧.1 - - [⟦date⟧:10:41:07 +0000] "GET /hooks/deploy?token=⟦S⟧ HTTP/1.1" 200 17 "-" "curl/8.4.0"''',
  '"GET /hooks/deploy')
S(_G, "crash-report-environment-block", GHO,
  r'''--- ⟦App⟧ crash report ⟦ts⟧ ---
OS: Windows 11 Pro 23H2 (22631.3447)
Env: PATH=C:\Windows\system32;...  GH_OAUTH_TOKEN=⟦S⟧  LANG=en_GB
Exception: System.NullReferenceException at ⟦App⟧.Updater.CheckAsync()''', "OS: Windows 11 Pro 23H2 (22631.3447)")
S(_G, "winrm-operational-log-credssp-script", PW,
  r'''Microsoft-Windows-PowerShell/Operational Event 4104 (Execute a Remote Command)
Creating Scriptblock text (1 of 1):
$s = New-PSSession -ComputerName ⟦pc⟧ -Credential (New-Object PSCredential '⟦dom⟧\⟦winuser⟧', (ConvertTo-SecureString '⟦S⟧' -AsPlainText -Force))
ScriptBlock ID: ⟦guid⟧''', "Creating Scriptblock text (1 of 1):")
S(_G, "github-webhook-delivery-log-secret", lambda _=None: _c(_ALNUM, 40),
  r'''[webhook] delivery ⟦guid⟧ event=push repo=⟦repo⟧
[webhook] verifying X-Hub-Signature-256 with secret '⟦S⟧' -> mismatch''', "event=push repo=⟦repo⟧")
S(_G, "aspnet-httplogging-querystring-key", lambda _=None: _c(_ALNUM, 36),
  r'''info: Microsoft.AspNetCore.HttpLogging.HttpLoggingMiddleware[1]
      Request:
      Protocol: HTTP/1.1
      Method: GET
      Path: /api/export/orders
      QueryString: ?format=csv&api_key=⟦S⟧''', "Path: /api/export/orders")
S(_G, "dotnet-test-failed-assert-token", GHP,
  r'''  Failed ⟦App⟧.Tests.GitHubClientTests.CanListReleases [412 ms]
  Error Message:
   Assert.Equal() Failure: Strings differ
   Expected: "200"
   Actual:   "401"  (token used: ⟦S⟧)''', "CanListReleases [412 ms]")
S(_G, "kudu-deployment-log-post-command", PW,
  r'''⟦ts⟧ Running post deployment command(s)...
⟦ts⟧ Command: curl -s -u deploy:⟦S⟧ https://⟦domain⟧/hooks/clear-cache
⟦ts⟧ Deployment successful. deployer = GitHub deploymentPath = ZipDeploy''', "Running post deployment command(s)...")
S(_G, "powershell-verbose-webrequest-uri", lambda _=None: _c(_ALNUM, 32),
  r'''VERBOSE: GET with 0-byte payload
VERBOSE: HTTP/1.1 GET https://api.⟦domain⟧/v1/stock?store=12&apikey=⟦S⟧
VERBOSE: received 2841-byte response of content type application/json''', "VERBOSE: GET with 0-byte payload")
S(_G, "har-export-request-cookie-entry", CFDJ8,
  r'''"request": {
  "method": "GET",
  "url": "https://localhost:7123/Admin",
  "headers": [
    { "name": "Cookie", "value": ".AspNetCore.Cookies=⟦S⟧" }
  ]
}''', '"url": "https://localhost:7123/Admin"')
S(_G, "wsl-journalctl-execstart-password", PW,
  r'''⟦date⟧ ⟦time⟧ ⟦pclow⟧ systemd[1]: Started ⟦app⟧ worker.
⟦date⟧ ⟦time⟧ ⟦pclow⟧ ⟦app⟧[⟦num⟧]: exec /usr/bin/dotnet /opt/⟦app⟧/Worker.dll --db-pass=⟦S⟧
⟦date⟧ ⟦time⟧ ⟦pclow⟧ systemd[1]: ⟦app⟧.service: Main process exited, code=exited, status=1/FAILURE''',
  "Main process exited, code=exited, status=1/FAILURE")

# ==========================================================================
# group: note-or-chat  (agent notes, goals, decisions, pasted chat, forums)
# ==========================================================================
_G = "note-or-chat"
S(_G, "discord-dm-bot-token-handover", DISCORD,
  r'''[⟦time⟧] ⟦handle⟧: ok here's the bot token for the test server, don't paste it in #general again lol
[⟦time⟧] ⟦handle⟧: ⟦S⟧
[⟦time⟧] ⟦handle2⟧: got it, thx''', "got it, thx")
S(_G, "german-teams-chat-sql-password", PW,
  r'''⟦person⟧ (Teams, ⟦date⟧): Hi, der SQL-Server im Büro läuft wieder. Benutzer ist ⟦user⟧, das Passwort lautet jetzt ⟦S⟧ – bitte nicht in die Excel-Liste schreiben.''',
  "der SQL-Server im Büro läuft wieder")
S(_G, "french-forum-post-web-config", PW,
  r'''Bonjour à tous, mon site ASP.NET affiche une erreur 500 depuis la migration vers IIS 10. Voici ma chaîne de connexion :
<add name="cnx" connectionString="Data Source=⟦sqlhost⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧" />
Quelqu'un a une idée ? Merci d'avance !''', "depuis la migration vers IIS 10")
S(_G, "spanish-whatsapp-wifi-password", PW,
  r'''[⟦date⟧ 19:02] ⟦person⟧: la contraseña del wifi de la tienda es ⟦S⟧ (la red es ⟦ssid⟧)
[⟦date⟧ 19:03] ⟦person2⟧: 👍''', "(la red es ⟦ssid⟧)")
S(_G, "portuguese-discord-azure-storage-key", STKEY,
  r'''⟦handle⟧ — hoje às ⟦time⟧
mano, a chave da conta de armazenamento é essa aqui, usa só no teu PC: ⟦S⟧
a conta é ⟦storage⟧''', "a conta é ⟦storage⟧")
S(_G, "italian-email-ftp-credentials", PW,
  r'''Oggetto: accesso FTP sito
Ciao ⟦person⟧, ti giro i dati per l'FTP del sito:
host: ftp.⟦domain⟧
utente: ⟦luser⟧
password: ⟦S⟧
Fammi sapere se funziona.''', "host: ftp.⟦domain⟧")
S(_G, "dutch-note-nas-login", PW,
  r'''Notitie: NAS op zolder (⟦nas⟧) – inloggen met ⟦winuser⟧ en wachtwoord ⟦S⟧, daarna Hyper Backup controleren.''',
  "NAS op zolder (⟦nas⟧)")
S(_G, "polish-chat-router-admin-haslo", PW,
  r'''⟦person⟧: router w biurze: http://192.168.0.1 login admin, hasło ⟦S⟧
⟦person2⟧: dzięki, zmienię DNS wieczorem''', "zmienię DNS wieczorem")
S(_G, "russian-telegram-vps-root", PW,
  r'''⟦person⟧: VPS поднял, ip ⟦pubip⟧, root / ⟦S⟧
⟦person⟧: ssh ключ потом добавлю, пока так''', "VPS поднял, ip ⟦pubip⟧")
S(_G, "japanese-slack-db-password", PW,
  r'''@⟦handle⟧ 検証用DBの接続情報です。
ホスト: ⟦sqlhost⟧
ユーザー: ⟦user⟧
パスワードは ⟦S⟧ です。本番では使わないでください。''', "検証用DBの接続情報です。")
S(_G, "chinese-wechat-server-password", PW,
  r'''⟦person⟧：服务器 ⟦pubip⟧ 的远程桌面密码改成 ⟦S⟧ 了，用户名还是 Administrator。''',
  "用户名还是 Administrator")
S(_G, "korean-kakao-admin-password", PW,
  r'''⟦person⟧: 관리자 페이지 https://⟦domain⟧/admin 비밀번호 ⟦S⟧ 입니다. 아이디는 manager''',
  "https://⟦domain⟧/admin")
S(_G, "turkish-chat-cpanel-sifre", PW,
  r'''⟦person⟧: cPanel girişi: kullanıcı ⟦luser⟧, şifre ⟦S⟧ — yedekleri indirince haber ver''',
  "yedekleri indirince haber ver")
S(_G, "swedish-note-guest-wifi-losenord", PW,
  r'''Gäst-wifi på kontoret: nätverk "⟦ssid⟧", lösenord: ⟦S⟧. Byts varje kvartal.''', "Byts varje kvartal.")
S(_G, "czech-email-access-db-heslo", PWS,
  r'''Dobrý den, posílám databázi Zakazky.accdb. Heslo k otevření je ⟦S⟧, prosím nepřeposílat. S pozdravem ⟦person⟧''',
  "posílám databázi Zakazky.accdb")
S(_G, "vietnamese-chat-sql-sa-mat-khau", PW,
  r'''⟦person⟧: anh ơi, SQL Server ở máy ⟦pc⟧ tài khoản sa, mật khẩu ⟦S⟧ nhé''', "SQL Server ở máy ⟦pc⟧")
S(_G, "indonesian-chat-vps-kata-sandi", PW,
  r'''⟦person⟧: bang, kata sandi RDP VPS-nya ⟦S⟧, user Administrator, ip ⟦pubip⟧''', "ip ⟦pubip⟧")
S(_G, "ukrainian-chat-bot-token", TELEGRAM,
  r'''⟦person⟧: токен бота для магазину: ⟦S⟧
⟦person⟧: вебхук поки не налаштовуй''', "вебхук поки не налаштовуй")
S(_G, "greek-note-kodikos-email", PW,
  r'''Σημείωση: ο κωδικός για το info@⟦domain⟧ είναι ⟦S⟧ (αλλάχτηκε ⟦date⟧).''', "info@⟦domain⟧")
S(_G, "finnish-chat-salasana-nas", PW,
  r'''⟦person⟧: NAS:n salasana on nyt ⟦S⟧, käyttäjä ⟦winuser⟧. Muista vaihtaa varmuuskopion asetukset.''',
  "Muista vaihtaa varmuuskopion asetukset.")
S(_G, "hungarian-note-jelszo-webshop", PW,
  r'''Webshop admin: https://⟦domain⟧/wp-admin – felhasználó: ⟦winuser⟧, jelszó: ⟦S⟧''', "https://⟦domain⟧/wp-admin")
S(_G, "hindi-devanagari-chat-password", PW,
  r'''⟦person⟧: सर, ऑफिस वाले कंप्यूटर का पासवर्ड ⟦S⟧ है, यूज़र ⟦winuser⟧''', "ऑफिस वाले कंप्यूटर का पासवर्ड")
S(_G, "arabic-chat-kalimat-al-murur", PW,
  r'''⟦person⟧: كلمة المرور لحساب البريد ⟦email⟧ هي ⟦S⟧''', "⟦email⟧")
S(_G, "hebrew-note-sisma", PW,
  r'''תזכורת: הסיסמה לשרת הקבצים ⟦nas⟧ היא ⟦S⟧ (משתמש ⟦winuser⟧)''', "⟦nas⟧")
S(_G, "thai-chat-rahat-phan", PW,
  r'''⟦person⟧: รหัสผ่าน Wi-Fi ร้าน ⟦ssid⟧ คือ ⟦S⟧ นะคะ''', "⟦ssid⟧")
S(_G, "agent-running-notes-tried-creds", PW,
  r'''## Running notes
- ⟦time⟧ sqlcmd with -E fails (not domain joined)
- ⟦time2⟧ tried sa / ⟦S⟧ from the README -> login OK, DB ⟦db⟧ is there
- next: run migrations against ⟦sqlhost⟧''', "next: run migrations against ⟦sqlhost⟧")
S(_G, "agent-goal-rotate-exposed-token", DISCORD,
  r'''GOAL: rotate the Discord bot token that was committed in ⟦sha7⟧ (old token: ⟦S⟧), update user-secrets, force-push is NOT allowed.''',
  "force-push is NOT allowed")
S(_G, "agent-decision-log-keep-key", SG,
  r'''Decision (⟦date⟧): keep using the existing SendGrid key ⟦S⟧ until the client creates a restricted one; noted in HANDOVER.md.''',
  "noted in HANDOVER.md")
S(_G, "email-temporary-password-notice", PWS,
  r'''From: it-helpdesk@⟦domain⟧
Subject: Your new account
Hi ⟦person⟧, your account ⟦winuser⟧ has been created. Temporary password: ⟦S⟧
You will be asked to change it at first sign-in.''', "You will be asked to change it at first sign-in.")
S(_G, "teams-office-wifi-message", PW,
  r'''⟦person⟧ ⟦time⟧
Office wifi for the workshop tomorrow → SSID ⟦ssid⟧ / pass ⟦S⟧''', "Office wifi for the workshop tomorrow")
S(_G, "sticky-note-router-admin-transcribed", PWS,
  r'''(photo of sticky note on the router, transcribed)
Router admin: admin
⟦S⟧
ISP support: 0800 123 456''', "ISP support: 0800 123 456")
S(_G, "client-message-cpanel-login", PW,
  r'''Client (⟦person⟧): "Hi! here's the hosting login so you can update the menu page: ⟦luser⟧ / ⟦S⟧ at https://⟦domain⟧:2083 - thanks so much!"''',
  "so you can update the menu page")
S(_G, "support-ticket-bitlocker-recovery-key", BITLOCKER,
  r'''Ticket #⟦num⟧ – laptop ⟦pc⟧ asking for BitLocker recovery after BIOS update.
Key ID: ⟦hex8⟧
Recovery key (from Entra portal): ⟦S⟧''', "asking for BitLocker recovery after BIOS update")
S(_G, "wifi-qr-payload-note", PW,
  r'''QR for the guest card: WIFI:S:⟦ssid⟧;T:WPA;P:⟦S⟧;H:false;;''', "QR for the guest card")
S(_G, "github-recovery-codes-note", lambda _=None: _hex(5) + "-" + _hex(5),
  r'''GitHub recovery codes for ⟦handle⟧ (printed copy in the safe):
⟦S⟧
(used: 0 of 16)''', "GitHub recovery codes for ⟦handle⟧")
S(_G, "totp-otpauth-uri-note", TOTP,
  r'''Authenticator backup for the shared admin account:
otpauth://totp/⟦App⟧:admin@⟦domain⟧?secret=⟦S⟧&issuer=⟦App⟧&digits=6''', "Authenticator backup for the shared admin account")
S(_G, "excel-workbook-password-chat", PWS,
  r'''⟦person⟧: the stock.xlsm sheet is locked again, pw is ⟦S⟧ (same as last month)''', "the stock.xlsm sheet is locked again")
S(_G, "zip-password-chat", PW,
  r'''⟦person⟧: uploaded the backup as ⟦app⟧-export.zip to the shared drive, zip pw: ⟦S⟧''', "⟦app⟧-export.zip")
S(_G, "hyperv-vm-local-admin-note", PW,
  r'''Hyper-V VM "⟦App⟧-Test" (Win Server 2022 eval): local Administrator = ⟦S⟧, checkpoint "clean" taken ⟦date⟧.''',
  'checkpoint "clean" taken ⟦date⟧')
S(_G, "chat-pasted-sas-url", SASSIG,
  r'''⟦person⟧: use this link to grab the assets, it expires friday
https://⟦storage⟧.blob.core.windows.net/assets/build-⟦ver⟧.zip?sp=r&st=⟦date⟧T08:00:00Z&se=⟦date2⟧T20:00:00Z&spr=https&sv=2022-11-02&sr=b&sig=⟦S⟧''',
  "use this link to grab the assets")
S(_G, "unity-team-chat-service-account-secret", UNITYSVC,
  r'''⟦handle⟧: made a service account for the build machine in the Unity dashboard
key id: ⟦guid⟧
secret: ⟦S⟧''', "made a service account for the build machine")
S(_G, "chat-heres-my-env-paste", STKEY,
  r'''⟦handle⟧: it still says "Settings must be of the form name=value", here's my .env
AZURE_STORAGE_ACCOUNT=⟦storage⟧
AZURE_STORAGE_KEY=⟦S⟧
CONTAINER=uploads''', "Settings must be of the form name=value")
S(_G, "stackoverflow-question-connstr", PW,
  r'''Title: SqlException "A network-related or instance-specific error" only when published to IIS
I have this in appsettings.json and it works from Visual Studio:
"Default": "Server=⟦sqlhost⟧;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧;"
What am I missing? IIS app pool runs as ApplicationPoolIdentity.''', "IIS app pool runs as ApplicationPoolIdentity")
S(_G, "reddit-powershell-post-script", PW,
  r'''r/PowerShell – "Script works in ISE but not as scheduled task?"
$user = "⟦dom⟧\⟦svc⟧"
$pass = "⟦S⟧"
any ideas? running on Server 2019''', "Script works in ISE but not as scheduled task?")
S(_G, "msdn-forum-quoted-reply-password", PW,
  r'''> Quote from ⟦handle⟧: I set the app pool identity to ⟦dom⟧\⟦svc⟧ with password ⟦S⟧ and now get 503
You should not post passwords here. Reset it and check the event log for WAS errors.''', "check the event log for WAS errors")
S(_G, "github-issue-comment-token-paste", GHP,
  r'''**⟦handle⟧** commented:
Still failing for me. Config:
```
updater:
  repo: ⟦repo⟧
  token: ⟦S⟧
```''', "Still failing for me.")
S(_G, "standup-notes-creds-abbrev", PW,
  r'''standup ⟦date⟧
- ⟦person⟧: staging box ready, creds ⟦luser⟧ / ⟦S⟧
- blockers: none''', "blockers: none")
S(_G, "handover-doc-markdown-table", PW,
  r'''| Service        | URL                           | User        | Pass |
|----------------|-------------------------------|-------------|------|
| Router         | http://192.168.1.1            | admin       | ⟦S⟧ |
| Printer (EWS)  | http://192.168.1.30           | admin       | (default) |''', "| Printer (EWS)  | http://192.168.1.30")
S(_G, "discord-mod-channel-panel-password", PW,
  r'''#mod-only  ⟦handle⟧: new password for the Pterodactyl panel is ⟦S⟧, old one is dead''', "#mod-only")
S(_G, "family-it-support-note-mixed-language", PWS,
  r'''Omas Laptop (⟦pc⟧): Outlook-Konto oma.⟦word⟧@⟦domain⟧, Passwort ⟦S⟧ – she writes it in the green notebook too''',
  "she writes it in the green notebook too")
S(_G, "agent-todo-list-inline-key", AZMAPS,
  r'''TODO
- [x] swap Bing Maps for Azure Maps
- [ ] move subscription key ⟦S⟧ into user-secrets
- [ ] add attribution footer''', "- [ ] add attribution footer")
S(_G, "chat-oops-committed-key", OPENAI,
  r'''⟦handle⟧: ugh I pushed my key to the public repo 🙃 it was ⟦S⟧, already revoked? not yet, doing it now''',
  "I pushed my key to the public repo")
S(_G, "meeting-minutes-portal-login", PW,
  r'''Minutes ⟦date⟧ (website relaunch)
* Azure portal shared login for the intern: intern@⟦org⟧.onmicrosoft.com, password ⟦S⟧ (MFA off until Monday)
* Next meeting: Thursday''', "* Next meeting: Thursday")
S(_G, "password-reset-email-copy", PW,
  r'''Your password for ⟦App⟧ Admin has been reset.
Username: ⟦winuser⟧
New password: ⟦S⟧
Please sign in at https://⟦domain⟧/admin''', "Please sign in at https://⟦domain⟧/admin")
S(_G, "hosting-welcome-email-plesk", PW,
  r'''Welcome to your new hosting plan!
Plesk panel: https://⟦pubip⟧:8443
Login: ⟦luser⟧
Password: ⟦S⟧
Nameservers: ns1.hosting.example, ns2.hosting.example''', "Nameservers: ns1.hosting.example")
S(_G, "game-server-rental-welcome", PW,
  r'''Your Valheim server is ready!
Address: ⟦pubip⟧:2456
FTP: ⟦pubip⟧:21  user ⟦luser⟧_⟦n⟧  pass ⟦S⟧''', "Your Valheim server is ready!")
S(_G, "onboarding-checklist-vpn-psk", PWR,
  r'''Onboarding checklist (new laptop)
1. Join Wi-Fi
2. VPN: server vpn.⟦domain⟧, L2TP pre-shared key ⟦S⟧
3. Install Office''', "3. Install Office")
S(_G, "note-wsl-sudo-password", PWS,
  r'''note to self: WSL Ubuntu user ⟦luser⟧, sudo password ⟦S⟧ (not the Windows one)''', "note to self: WSL Ubuntu user ⟦luser⟧")
S(_G, "autohotkey-forum-help-script-paste", PW,
  r'''AutoHotkey Community › Ask for Help
Why does my script type the password too fast?
    Run, https://portal.⟦domain⟧
    WinWaitActive, Sign in
    Send, ⟦winuser⟧{Tab}⟦S⟧{Enter}''', "Why does my script type the password too fast?")
S(_G, "discord-dev-chat-webhook-url", DWH,
  r'''⟦handle⟧: here's the webhook for #deploys, wire it into the workflow
https://discord.com/api/webhooks/⟦snowflake⟧/⟦S⟧''', "wire it into the workflow")
S(_G, "teams-chat-key-vault-value-shared", ENTRA,
  r'''⟦person⟧: I don't have KV access yet, can you just send the value of ⟦App⟧-ClientSecret?
⟦person2⟧: ⟦S⟧
⟦person2⟧: delete this chat after pls''', "delete this chat after pls")
S(_G, "note-credential-manager-entry-copy", PW,
  r'''Copied from Credential Manager (old PC) before wipe:
Internet or network address: ⟦nas⟧
User name: ⟦nas⟧\⟦winuser⟧
Password: ⟦S⟧''', "Internet or network address: ⟦nas⟧")
S(_G, "unlabeled-user-slash-pass-pi", PWS,
  r'''ssh into the pi again works: pi / ⟦S⟧ (I reflashed it yesterday)''', "I reflashed it yesterday")
S(_G, "unlabeled-login-is-then", PW,
  r'''⟦person⟧: login is ⟦email⟧ and then ⟦S⟧, 2FA goes to my phone so ping me''', "2FA goes to my phone so ping me")
S(_G, "unlabeled-connection-sa-at-host", PW,
  r'''connection: sa@⟦sqlhost⟧ ⟦S⟧ — db ⟦db⟧''', "db ⟦db⟧")
S(_G, "korean-note-api-key-mixed", OPENAI_OLD,
  r'''메모: 번역 봇 API 키 → ⟦S⟧ (개인 계정, 한도 $20)''', "메모: 번역 봇 API 키")
S(_G, "german-agent-note-kennwort-dienstkonto", PW,
  r'''Notiz: Dienstkonto ⟦dom⟧\⟦svc⟧, Kennwort ⟦S⟧, läuft nie ab (per GPO ausgenommen).''', "läuft nie ab (per GPO ausgenommen)")
S(_G, "french-discord-mdp-abbrev", PW,
  r'''⟦handle⟧ : le mdp du compte Steam partagé c'est ⟦S⟧, touchez pas aux paramètres de Steam Guard svp''',
  "touchez pas aux paramètres de Steam Guard")
S(_G, "spanish-note-clave-correo", PW,
  r'''Nota: la clave del correo ventas@⟦domain⟧ es ⟦S⟧ (cambiada en ⟦date⟧)''', "ventas@⟦domain⟧")
S(_G, "portuguese-forum-senha-sql", PW,
  r'''Pessoal, o Access não conecta no SQL Server. Estou usando DSN=Loja;UID=⟦user⟧;PWD=⟦S⟧ e dá erro ODBC 18456. Alguém?''',
  "dá erro ODBC 18456")
S(_G, "japanese-discord-bot-token", DISCORD,
  r'''⟦handle⟧: Botのトークン貼っておきます → ⟦S⟧ 後でリセットします''', "後でリセットします")
S(_G, "chinese-note-access-key-secret", AWSSEC,
  r'''备注：S3 备份用的 AccessKey ⟦akia⟧，Secret 是 ⟦S⟧，只给 NAS 用。''', "只给 NAS 用")
S(_G, "russian-forum-parol-1c-sql", PW,
  r'''Помогите, 1С не видит базу после переноса на новый сервер. Строка: Srvr=⟦pc⟧;Ref=buh;Usr=Администратор;Pwd=⟦S⟧;''',
  "1С не видит базу после переноса")
S(_G, "agent-scratchpad-next-steps-pw", PW,
  r'''scratch: IIS site up, app pool ⟦App⟧Pool runs as ⟦dom⟧\⟦svc⟧ (pw ⟦S⟧ per ⟦person⟧'s message), next step enable Windows auth''',
  "next step enable Windows auth")

# ==========================================================================
# group: ci-and-deploy
# ==========================================================================
_G = "ci-and-deploy"
S(_G, "azure-pipelines-variables-plaintext", PW,
  r'''variables:
  buildConfiguration: 'Release'
  sqlAdminLogin: '⟦user⟧'
  sqlAdminPassword: '⟦S⟧'
steps:
- task: DotNetCoreCLI@2''', "buildConfiguration: 'Release'")
S(_G, "github-actions-env-hardcoded-token", DISCORD,
  r'''jobs:
  deploy-commands:
    runs-on: windows-latest
    env:
      DISCORD_TOKEN: ⟦S⟧
      GUILD_ID: "⟦snowflake⟧"''', "runs-on: windows-latest")
S(_G, "github-actions-with-password-literal", PW,
  r'''      - uses: SamKirkland/FTP-Deploy-Action@v4.3.5
        with:
          server: ftp.⟦domain⟧
          username: ⟦luser⟧
          password: ⟦S⟧
          local-dir: ./publish/''', "SamKirkland/FTP-Deploy-Action@v4.3.5")
S(_G, "appveyor-yml-plain-api-key", NUGET,
  r'''deploy:
  - provider: NuGet
    api_key: ⟦S⟧
    skip_symbols: true
    on:
      APPVEYOR_REPO_TAG: true''', "provider: NuGet")
S(_G, "octopus-cli-push-apikey", OCTOPUS,
  r'''dotnet octo push --package .\artifacts\⟦App⟧.⟦ver⟧.zip --server https://⟦org⟧.octopus.app --apiKey ⟦S⟧ --space "Default"''',
  "https://⟦org⟧.octopus.app")
S(_G, "jenkinsfile-bat-curl-basic", PW,
  r'''stage('Smoke test') {
  steps {
    bat 'curl.exe -f -u admin:⟦S⟧ http://⟦pc⟧:8080/health'
  }
}''', "stage('Smoke test')")
S(_G, "dockerfile-env-mssql-sa-password", PW,
  r'''FROM mcr.microsoft.com/mssql/server:2022-latest
ENV ACCEPT_EULA=Y
ENV MSSQL_SA_PASSWORD=⟦S⟧
COPY ./seed /seed''', "FROM mcr.microsoft.com/mssql/server:2022-latest")
S(_G, "az-deployment-group-create-parameters", PW,
  r'''az deployment group create -g ⟦rg⟧ -f infra/main.bicep -p environment=prod sqlAdminLogin=⟦user⟧ sqlAdminPassword='⟦S⟧' ''',
  "-f infra/main.bicep")
S(_G, "msdeploy-pipeline-script-password", PUBPWD,
  r'''- script: >
    "C:\Program Files\IIS\Microsoft Web Deploy V3\msdeploy.exe" -verb:sync
    -source:package="$(Build.ArtifactStagingDirectory)\⟦App⟧.zip"
    -dest:auto,computerName="https://⟦appsvc⟧.scm.azurewebsites.net/msdeploy.axd?site=⟦appsvc⟧",userName="$⟦appsvc⟧",password="⟦S⟧",authType="Basic"
  displayName: Web Deploy''', "displayName: Web Deploy")
S(_G, "kudu-zipdeploy-curl-credentials", PUBPWD,
  r'''curl -X POST -u '$⟦appsvc⟧:⟦S⟧' --data-binary @app.zip https://⟦appsvc⟧.scm.azurewebsites.net/api/zipdeploy''',
  "https://⟦appsvc⟧.scm.azurewebsites.net/api/zipdeploy")
S(_G, "github-actions-azure-login-creds-inline", ENTRA,
  r'''      - uses: azure/login@v2
        with:
          creds: '{"clientId":"⟦guid⟧","clientSecret":"⟦S⟧","subscriptionId":"⟦guid2⟧","tenantId":"⟦guid3⟧"}' ''',
  "uses: azure/login@v2")
S(_G, "github-actions-webapps-deploy-publish-profile", PUBPWD,
  r'''      - uses: azure/webapps-deploy@v3
        with:
          app-name: ⟦appsvc⟧
          publish-profile: <publishData><publishProfile profileName="⟦appsvc⟧ - Zip Deploy" publishMethod="ZipDeploy" userName="$⟦appsvc⟧" userPWD="⟦S⟧" /></publishData>''',
  "app-name: ⟦appsvc⟧")
S(_G, "gitlab-ci-variables-db-password", PW,
  r'''variables:
  DOTNET_CLI_TELEMETRY_OPTOUT: "1"
  DB_PASSWORD: "⟦S⟧"
test:
  image: mcr.microsoft.com/dotnet/sdk:8.0''', 'DOTNET_CLI_TELEMETRY_OPTOUT: "1"')
S(_G, "bitbucket-pipelines-script-export", HEROKU,
  r'''pipelines:
  branches:
    main:
      - step:
          script:
            - export HEROKU_API_KEY=⟦S⟧
            - git push https://heroku:$HEROKU_API_KEY@git.heroku.com/⟦app⟧.git HEAD:main''', "git.heroku.com/⟦app⟧.git")
S(_G, "game-ci-unity-password-literal", PW,
  r'''      - uses: game-ci/unity-builder@v4
        env:
          UNITY_EMAIL: ⟦email⟧
          UNITY_PASSWORD: ⟦S⟧
          UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}
        with:
          targetPlatform: StandaloneWindows64''', "targetPlatform: StandaloneWindows64")
S(_G, "steam-deploy-ci-steamcmd-login", PW,
  r'''- name: Upload to Steam
  shell: pwsh
  run: |
    .\steamcmd\steamcmd.exe +login ⟦handle⟧_builder ⟦S⟧ +run_app_build "$PWD\steam\app_build_⟦num⟧.vdf" +quit''',
  "name: Upload to Steam")
S(_G, "butler-push-itch-api-key", ITCH,
  r'''- name: Push to itch.io
  run: |
    $env:BUTLER_API_KEY = "⟦S⟧"
    butler push build/win ⟦handle⟧/⟦app⟧:windows --userversion ⟦ver⟧''', "name: Push to itch.io")
S(_G, "ci-discord-notify-webhook-literal", DWH,
  r'''- name: Notify Discord
  if: always()
  run: >
    curl -H "Content-Type: application/json" -d '{"content":"${{ job.status }}: ${{ github.ref_name }}"}'
    https://discord.com/api/webhooks/⟦snowflake⟧/⟦S⟧''', "name: Notify Discord")
S(_G, "azure-pipelines-nuget-push-apikey-arg", NUGET,
  r'''- script: dotnet nuget push "$(Build.ArtifactStagingDirectory)/*.nupkg" --api-key ⟦S⟧ --source https://api.nuget.org/v3/index.json --skip-duplicate
  displayName: Push to nuget.org''', "displayName: Push to nuget.org")
S(_G, "choco-push-in-ci-key-flag", GUIDTOK,
  r'''- name: Publish Chocolatey package
  run: choco push .\choco\⟦app⟧.⟦ver⟧.nupkg --source https://push.chocolatey.org/ --key ⟦S⟧''',
  "name: Publish Chocolatey package")
S(_G, "ci-signtool-pfx-password-literal", PW,
  r'''- name: Sign installer
  run: |
    & "${env:ProgramFiles(x86)}\Windows Kits\10\bin\10.0.22621.0\x64\signtool.exe" sign /f cert.pfx /p "⟦S⟧" /tr http://timestamp.digicert.com /td sha256 /fd sha256 dist\⟦App⟧Setup.exe''',
  "name: Sign installer")
S(_G, "azuresigntool-kvs-client-secret", ENTRA,
  r'''AzureSignTool sign -kvu https://⟦kv⟧.vault.azure.net -kvi ⟦guid⟧ -kvt ⟦guid2⟧ -kvs ⟦S⟧ -kvc codesign-⟦app⟧ -tr http://timestamp.digicert.com -v .\publish\⟦App⟧.exe''',
  "-kvc codesign-⟦app⟧")
S(_G, "vsce-publish-in-workflow-literal", ADOPAT2,
  r'''- run: npx @vscode/vsce publish --pat ⟦S⟧
  working-directory: extension''', "working-directory: extension")
S(_G, "terraform-provider-azurerm-client-secret", ENTRA,
  r'''provider "azurerm" {
  features {}
  subscription_id = "⟦guid⟧"
  client_id       = "⟦guid2⟧"
  client_secret   = "⟦S⟧"
  tenant_id       = "⟦guid3⟧"
}''', 'provider "azurerm" {')
S(_G, "pulumi-config-set-secret-cli", PW,
  r'''pulumi config set --secret ⟦app⟧:sqlAdminPassword '⟦S⟧' --stack prod''', "--stack prod")
S(_G, "ansible-inventory-winrm-password", PW,
  r'''[windows]
⟦pclow⟧.⟦domain⟧

[windows:vars]
ansible_user=⟦dom⟧\⟦winuser⟧
ansible_password=⟦S⟧
ansible_connection=winrm
ansible_winrm_transport=ntlm''', "ansible_connection=winrm")
S(_G, "deploy-ps1-enter-pssession-cred", PW,
  r'''# deploy.ps1 (run from the build agent)
$cred = New-Object PSCredential '⟦dom⟧\⟦svc⟧', (ConvertTo-SecureString '⟦S⟧' -AsPlainText -Force)
Invoke-Command -ComputerName ⟦pc⟧ -Credential $cred -FilePath .\install-site.ps1''', "# deploy.ps1 (run from the build agent)")
S(_G, "dependabot-registries-password-literal", ADOPAT,
  r'''registries:
  ado-nuget:
    type: nuget-feed
    url: ⟦feedurl⟧
    username: ⟦email⟧
    password: ⟦S⟧''', "type: nuget-feed")
S(_G, "ci-generated-nuget-config-cleartext", GHP,
  r'''- name: Create nuget.config
  run: |
    dotnet nuget add source https://nuget.pkg.github.com/⟦handle⟧/index.json -n github -u ⟦handle⟧ -p ⟦S⟧ --store-password-in-clear-text''',
  "https://nuget.pkg.github.com/⟦handle⟧/index.json")
S(_G, "netlify-deploy-auth-flag", NETLIFY,
  r'''npx netlify-cli deploy --prod --dir=dist --site ⟦guid⟧ --auth ⟦S⟧''', "--dir=dist")
S(_G, "vercel-deploy-token-flag", VERCEL,
  r'''npx vercel deploy --prod --token=⟦S⟧ --scope ⟦handle⟧''', "--scope ⟦handle⟧")
S(_G, "az-pipelines-variable-create-secret", PW,
  r'''az pipelines variable create --pipeline-name "⟦App⟧-CI" --name SqlPassword --secret true --value "⟦S⟧" --org https://dev.azure.com/⟦org⟧ --project ⟦proj⟧''',
  '--pipeline-name "⟦App⟧-CI"')
S(_G, "set-azwebapp-appsettings-hashtable", SG,
  r'''$settings = @{
  "ASPNETCORE_ENVIRONMENT" = "Production"
  "SendGrid__ApiKey"       = "⟦S⟧"
}
Set-AzWebApp -ResourceGroupName ⟦rg⟧ -Name ⟦appsvc⟧ -AppSettings $settings''', "Set-AzWebApp -ResourceGroupName ⟦rg⟧")
S(_G, "iis-deploy-ps-apppool-processmodel-hashtable", PW,
  r'''Import-Module WebAdministration
New-WebAppPool -Name "⟦App⟧Pool"
Set-ItemProperty "IIS:\AppPools\⟦App⟧Pool" -Name processModel -Value @{userName="⟦dom⟧\⟦svc⟧"; password="⟦S⟧"; identitytype=3}''',
  r'New-WebAppPool -Name "⟦App⟧Pool"')
S(_G, "ci-set-x-trace-leaks-token", GHS,
  r'''Run ./scripts/release.sh
+ export GH_TOKEN=⟦S⟧
+ GH_TOKEN=⟦S⟧
+ gh release upload v⟦ver⟧ dist/⟦app⟧-win-x64.zip''', "Run ./scripts/release.sh")
S(_G, "sqlpackage-publish-target-password", PW,
  r'''- task: CmdLine@2
  inputs:
    script: SqlPackage /Action:Publish /SourceFile:"$(Pipeline.Workspace)\db\⟦db⟧.dacpac" /TargetServerName:⟦azsql⟧ /TargetDatabaseName:⟦db⟧ /TargetUser:⟦user⟧ /TargetPassword:⟦S⟧''',
  "/Action:Publish")
S(_G, "flyway-windows-password-flag", PW,
  r'''flyway.cmd -url="jdbc:sqlserver://⟦sqlhost⟧;databaseName=⟦db⟧;encrypt=false" -user=⟦user⟧ -password=⟦S⟧ migrate''',
  "migrate")
S(_G, "liquibase-properties-password", PW,
  r'''changeLogFile: db/changelog/db.changelog-master.xml
url: jdbc:sqlserver://⟦sqlhost⟧:1433;databaseName=⟦db⟧;trustServerCertificate=true
username: ⟦user⟧
password: ⟦S⟧''', "changeLogFile: db/changelog/db.changelog-master.xml")
S(_G, "msix-packaging-pfx-password-msbuild", PW,
  r'''msbuild ⟦App⟧.Package\⟦App⟧.Package.wapproj /p:Configuration=Release /p:UapAppxPackageBuildMode=SideloadOnly /p:PackageCertificateKeyFile=..\certs\sideload.pfx /p:PackageCertificatePassword=⟦S⟧''',
  "/p:UapAppxPackageBuildMode=SideloadOnly")
S(_G, "electron-builder-csc-key-password-env", PW,
  r'''env:
  CSC_LINK: build/certs/⟦app⟧-codesign.pfx
  CSC_KEY_PASSWORD: ⟦S⟧
run: npx electron-builder --win nsis''', "npx electron-builder --win nsis")
S(_G, "maui-android-signing-keypass", PW,
  r'''dotnet publish -f net8.0-android -c Release -p:AndroidKeyStore=true -p:AndroidSigningKeyStore=⟦app⟧.keystore -p:AndroidSigningKeyAlias=⟦app⟧ -p:AndroidSigningKeyPass=⟦S⟧ -p:AndroidSigningStorePass=env:STORE_PASS''',
  "-p:AndroidSigningKeyAlias=⟦app⟧")
S(_G, "unity-android-keystore-ci-env", PW,
  r'''env:
  ANDROID_KEYSTORE_NAME: ⟦app⟧.keystore
  ANDROID_KEYSTORE_PASS: ⟦S⟧
  ANDROID_KEYALIAS_NAME: release''', "ANDROID_KEYALIAS_NAME: release")
S(_G, "cake-build-script-api-key", NUGET,
  r'''Task("Publish")
    .Does(() =>
{
    DotNetNuGetPush("./artifacts/*.nupkg", new DotNetNuGetPushSettings {
        Source = "https://api.nuget.org/v3/index.json",
        ApiKey = "⟦S⟧"
    });
});''', 'Task("Publish")')
S(_G, "nuke-build-parameter-default-key", NUGET,
  r'''[Parameter("NuGet API key")] readonly string NuGetApiKey = "⟦S⟧";
Target Push => _ => _.DependsOn(Pack).Executes(() => DotNetNuGetPush(s => s.SetApiKey(NuGetApiKey)));''',
  "Target Push => _ => _.DependsOn(Pack)")
S(_G, "publish-module-psgallery-key", NUGET,
  r'''Publish-Module -Path .\out\⟦App⟧Tools -NuGetApiKey ⟦S⟧ -Repository PSGallery -Verbose''', "-Repository PSGallery")
S(_G, "swa-deploy-token-yaml-literal", SWA,
  r'''      - uses: Azure/static-web-apps-deploy@v1
        with:
          azure_static_web_apps_api_token: ⟦S⟧
          action: "upload"
          app_location: "/"''', "uses: Azure/static-web-apps-deploy@v1")
S(_G, "azure-devops-service-connection-json", ENTRA,
  r'''{
  "name": "⟦App⟧-prod-arm",
  "type": "azurerm",
  "authorization": {
    "scheme": "ServicePrincipal",
    "parameters": { "tenantid": "⟦guid⟧", "serviceprincipalid": "⟦guid2⟧", "serviceprincipalkey": "⟦S⟧" }
  }
}''', '"scheme": "ServicePrincipal"')
S(_G, "k8s-secret-manifest-stringdata", PW,
  r'''apiVersion: v1
kind: Secret
metadata:
  name: ⟦app⟧-sql
stringData:
  SA_PASSWORD: "⟦S⟧"''', "name: ⟦app⟧-sql")
S(_G, "docker-run-windows-container-env", PW,
  r'''docker run -d --name ⟦app⟧ -p 8080:80 -e "ConnectionStrings__Default=Server=host.docker.internal;Database=⟦db⟧;User Id=⟦user⟧;Password=⟦S⟧" ⟦app⟧:latest''',
  "-p 8080:80")
S(_G, "arm-template-parameters-in-pipeline-override", PW,
  r'''- task: AzureResourceManagerTemplateDeployment@3
  inputs:
    csmFile: infra/azuredeploy.json
    overrideParameters: -adminUsername "⟦winuser⟧" -adminPassword "⟦S⟧" -vmSize "Standard_B2s"''', "csmFile: infra/azuredeploy.json")
S(_G, "github-actions-run-sqlcmd-literal-pw", PW,
  r'''      - name: Seed test DB
        run: sqlcmd -S localhost,1433 -U sa -P "⟦S⟧" -i tests/seed.sql
        shell: pwsh''', "name: Seed test DB")
S(_G, "docker-compose-ci-override-env", PW,
  r'''# docker-compose.ci.yml
services:
  api:
    environment:
      - Smtp__Password=⟦S⟧
      - Smtp__Host=smtp.⟦domain⟧''', "# docker-compose.ci.yml")
S(_G, "helm-upgrade-set-password", PW,
  r'''helm upgrade --install ⟦app⟧ ./charts/⟦app⟧ --set mssql.saPassword=⟦S⟧ --set image.tag=⟦sha7⟧''', "--set image.tag=⟦sha7⟧")
S(_G, "teamcity-build-step-parameter-literal", PW,
  r'''<param name="env.FTP_USER" value="⟦luser⟧" />
<param name="env.FTP_PASSWORD" value="⟦S⟧" />
<param name="env.FTP_HOST" value="ftp.⟦domain⟧" />''', '<param name="env.FTP_HOST" value="ftp.⟦domain⟧" />')
S(_G, "ci-log-connection-string-printed", PW,
  r'''⟦ts⟧ ##[group]Run dotnet ef database update
Applying migrations to 'Server=tcp:⟦azsql⟧,1433;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧;'
##[endgroup]''', "Run dotnet ef database update")
S(_G, "github-actions-docker-login-literal", DOCKER,
  r'''      - uses: docker/login-action@v3
        with:
          username: ⟦handle⟧
          password: ⟦S⟧''', "uses: docker/login-action@v3")
S(_G, "winget-releaser-token-literal", GHPAT,
  r'''      - uses: vedantmgoyal9/winget-releaser@main
        with:
          identifier: ⟦Pkg⟧
          token: ⟦S⟧''', "identifier: ⟦Pkg⟧")
S(_G, "fly-deploy-access-token-env", FLY,
  r'''- run: flyctl deploy --remote-only
  env:
    FLY_API_TOKEN: "⟦S⟧"''', "flyctl deploy --remote-only")
S(_G, "sentry-cli-upload-pdbs-auth-token", SENTRY,
  r'''sentry-cli --auth-token ⟦S⟧ debug-files upload --org ⟦org⟧ --project ⟦app⟧ .\bin\Release\net8.0\win-x64''',
  "debug-files upload --org ⟦org⟧")
S(_G, "azcopy-sync-in-release-sas", SASSIG,
  r'''- script: azcopy sync "$(Build.ArtifactStagingDirectory)/site" "https://⟦storage⟧.blob.core.windows.net/$web?sv=2022-11-02&ss=b&srt=sco&sp=rwdlac&se=⟦date⟧T00:00:00Z&spr=https&sig=⟦S⟧" --delete-destination=true
  displayName: Upload static site''', "displayName: Upload static site")
S(_G, "azure-pipelines-powershell-inline-cred", PW,
  r'''- task: PowerShell@2
  inputs:
    targetType: inline
    script: |
      $pw = ConvertTo-SecureString "⟦S⟧" -AsPlainText -Force
      New-PSDrive -Name W -PSProvider FileSystem -Root \\⟦pc⟧\wwwroot -Credential (New-Object PSCredential "⟦dom⟧\⟦svc⟧", $pw)''',
  "targetType: inline")
S(_G, "github-actions-services-mssql-env", PW,
  r'''    services:
      mssql:
        image: mcr.microsoft.com/mssql/server:2022-latest
        env:
          ACCEPT_EULA: Y
          SA_PASSWORD: ⟦S⟧
        ports: ["1433:1433"]''', 'ports: ["1433:1433"]')
S(_G, "appveyor-environment-plain-ftp-password", PW,
  r'''environment:
  ftp_user: ⟦luser⟧
  ftp_password: ⟦S⟧
  api_key:
    secure: ⟦b64s⟧''', "ftp_user: ⟦luser⟧")
S(_G, "filetransform-variables-json-connstr", PW,
  r'''// release/variables.prod.json (consumed by FileTransform@1)
{
  "ConnectionStrings.Default": "Server=tcp:⟦azsql⟧,1433;Database=⟦db⟧;User ID=⟦user⟧;Password=⟦S⟧;",
  "Logging.LogLevel.Default": "Warning"
}''', "consumed by FileTransform@1")
S(_G, "ado-classic-release-definition-variable", PW,
  r'''"variables": {
  "FtpHost": { "value": "ftp.⟦domain⟧" },
  "FtpPassword": { "value": "⟦S⟧", "isSecret": false },
  "Environment": { "value": "Production" }
}''', '"FtpHost": { "value": "ftp.⟦domain⟧" }')
S(_G, "wix-build-ci-sign-params", PW,
  r'''- run: >
    wix build -arch x64 -d Version=⟦ver⟧ Package.wxs -o out\⟦App⟧.msi &&
    signtool sign /f %CERT_PATH% /p ⟦S⟧ /fd SHA256 out\⟦App⟧.msi
  shell: cmd''', "wix build -arch x64 -d Version=⟦ver⟧")

# ==========================================================================
# group: vendor-token  (vendor-shaped credentials in varied surroundings)
# ==========================================================================
_G = "vendor-token"
S(_G, "github-classic-pat-ghp", GHP,
  r'''# token for the release script (repo + workflow scopes, expires ⟦date⟧)
GH_RELEASE_TOKEN=⟦S⟧''', "# token for the release script")
S(_G, "github-fine-grained-pat", GHPAT,
  r'''⟦handle⟧: made a fine-grained PAT limited to ⟦repo⟧ (contents: read/write): ⟦S⟧''',
  "made a fine-grained PAT limited to ⟦repo⟧")
S(_G, "github-oauth-token-hosts-yml", GHO,
  r'''# %APPDATA%\GitHub CLI\hosts.yml
github.com:
    users:
        ⟦handle⟧:
            oauth_token: ⟦S⟧
    git_protocol: https
    user: ⟦handle⟧''', r"%APPDATA%\GitHub CLI\hosts.yml")
S(_G, "github-app-installation-token-ghs", GHS,
  r'''installation token for the ⟦app⟧-bot app (valid 1h): ⟦S⟧''', "installation token for the ⟦app⟧-bot app")
S(_G, "github-user-to-server-token-ghu", GHU,
  r'''[⟦time⟧] auth: exchanged device code, user token = ⟦S⟧ (ghu, expires in 8h)''', "exchanged device code")
S(_G, "github-refresh-token-ghr", GHR,
  r'''{"access_token":"(rotated)","expires_in":28800,"refresh_token":"⟦S⟧","refresh_token_expires_in":15811200,"token_type":"bearer"}''',
  '"refresh_token_expires_in":15811200')
S(_G, "gitlab-personal-access-token", GLPAT,
  r'''git remote add gitlab https://oauth2:⟦S⟧@gitlab.com/⟦handle⟧/⟦app⟧.git''', "gitlab.com/⟦handle⟧/⟦app⟧.git")
S(_G, "azure-devops-pat-legacy-52", ADOPAT,
  r'''ADO PAT (Packaging: Read, Code: Read) for the build VM — ⟦S⟧ — created by ⟦person⟧''', "created by ⟦person⟧")
S(_G, "azure-devops-pat-new-84", ADOPAT2,
  r'''$env:AZURE_DEVOPS_EXT_PAT = '⟦S⟧'
az devops configure --defaults organization=https://dev.azure.com/⟦org⟧''', "az devops configure --defaults")
S(_G, "azure-storage-account-key-88", STKEY,
  r'''storage: ⟦storage⟧ / key1 = ⟦S⟧''', "storage: ⟦storage⟧")
S(_G, "azure-sas-signature-service-sas", SASSIG,
  r'''https://⟦storage⟧.file.core.windows.net/share/invoices?sv=2022-11-02&ss=f&srt=sco&sp=rl&se=⟦date⟧T23:59:59Z&sig=⟦S⟧''',
  "https://⟦storage⟧.file.core.windows.net/share/invoices")
S(_G, "entra-client-secret-value", ENTRA,
  r'''App registration "⟦App⟧ Daemon" → Certificates & secrets → new client secret (24 months)
Value: ⟦S⟧
Secret ID: ⟦guid⟧''', "Secret ID: ⟦guid⟧")
S(_G, "azure-servicebus-sas-key", SBKEY,
  r'''Endpoint=sb://⟦app⟧-bus.servicebus.windows.net/;SharedAccessKeyName=listen;SharedAccessKey=⟦S⟧;EntityPath=orders''',
  "EntityPath=orders")
S(_G, "azure-eventhub-connection-key", SBKEY,
  r'''EVENTHUB_CS="Endpoint=sb://⟦app⟧-ehns.servicebus.windows.net/;SharedAccessKeyName=telemetry-send;SharedAccessKey=⟦S⟧;EntityPath=telemetry"''',
  "SharedAccessKeyName=telemetry-send")
S(_G, "azure-cosmos-account-key", COSMOS,
  r'''AccountEndpoint=https://⟦app⟧-cosmos.documents.azure.com:443/;AccountKey=⟦S⟧;''', "AccountEndpoint=https://⟦app⟧-cosmos.documents.azure.com:443/")
S(_G, "azure-functions-host-master-key", FUNCKEY,
  r'''x-functions-key: ⟦S⟧''', "x-functions-key:")
S(_G, "azure-openai-key-hex32", AOAI,
  r'''AZURE_OPENAI_ENDPOINT=https://⟦app⟧-aoai.openai.azure.com/
AZURE_OPENAI_API_KEY=⟦S⟧''', "AZURE_OPENAI_ENDPOINT=https://⟦app⟧-aoai.openai.azure.com/")
S(_G, "azure-ai-services-ocp-apim-header", COGKEY,
  r'''Ocp-Apim-Subscription-Key: ⟦S⟧
Ocp-Apim-Subscription-Region: ⟦region⟧''', "Ocp-Apim-Subscription-Region: ⟦region⟧")
S(_G, "azure-maps-subscription-key", AZMAPS,
  r'''https://atlas.microsoft.com/search/address/json?api-version=1.0&query=Bakkerstraat+12&subscription-key=⟦S⟧''',
  "https://atlas.microsoft.com/search/address/json")
S(_G, "azure-signalr-accesskey", SIGNALR,
  r'''Azure__SignalR__ConnectionString=Endpoint=https://⟦app⟧-signalr.service.signalr.net;AccessKey=⟦S⟧;Version=1.0;''',
  "Endpoint=https://⟦app⟧-signalr.service.signalr.net")
S(_G, "azure-communication-services-accesskey", B64_64,
  r'''endpoint=https://⟦app⟧-acs.europe.communication.azure.com/;accesskey=⟦S⟧''', "endpoint=https://⟦app⟧-acs.europe.communication.azure.com/")
S(_G, "azure-container-registry-password", ACR,
  r'''ACR admin user ⟦app⟧acr, password ⟦S⟧ (password2 not used)''', "ACR admin user ⟦app⟧acr")
S(_G, "discord-bot-token-three-part", DISCORD,
  r'''Bot token (Developer Portal → Bot → Reset Token): ⟦S⟧''', "Developer Portal → Bot → Reset Token")
S(_G, "discord-oauth2-client-secret", DSECRET,
  r'''DISCORD_CLIENT_ID=⟦snowflake⟧
DISCORD_CLIENT_SECRET=⟦S⟧
DISCORD_REDIRECT_URI=https://⟦domain⟧/auth/discord/callback''', "DISCORD_REDIRECT_URI=https://⟦domain⟧/auth/discord/callback")
S(_G, "slack-bot-token-xoxb", XOXB,
  r'''SLACK_BOT_TOKEN=⟦S⟧
SLACK_CHANNEL=#orders''', "SLACK_CHANNEL=#orders")
S(_G, "slack-user-token-xoxp", XOXP,
  r'''slack user token (legacy app, has chat:write as me): ⟦S⟧''', "slack user token (legacy app")
S(_G, "slack-incoming-webhook-path", SLACKHOOK,
  r'''https://hooks.slack.com/services/T0⟦hex8⟧/B0⟦hex82⟧/⟦S⟧''', "https://hooks.slack.com/services/")
S(_G, "stripe-live-secret-key", SKLIVE,
  r'''Stripe (live): ⟦S⟧''', "Stripe (live):")
S(_G, "stripe-test-secret-key", SKTEST,
  r'''dotnet user-secrets set Stripe:SecretKey ⟦S⟧''', "dotnet user-secrets set Stripe:SecretKey")
S(_G, "stripe-webhook-signing-secret", WHSEC,
  r'''> Ready! You are using Stripe API Version [2024-06-20]. Your webhook signing secret is ⟦S⟧ (^C to quit)''',
  "You are using Stripe API Version [2024-06-20]")
S(_G, "openai-project-key", OPENAI,
  r'''OPENAI_API_KEY="⟦S⟧"''', "OPENAI_API_KEY=")
S(_G, "anthropic-api-key", ANTH,
  r'''x-api-key: ⟦S⟧
anthropic-version: 2023-06-01''', "anthropic-version: 2023-06-01")
S(_G, "google-api-key-aiza", AIZA,
  r'''curl "https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-flash:generateContent?key=⟦S⟧" -H "Content-Type: application/json" -d @prompt.json''',
  "gemini-1.5-flash:generateContent")
S(_G, "google-oauth-client-secret-gocspx", GOCSPX,
  r'''{"installed":{"client_id":"⟦num⟧-⟦c30⟧.apps.googleusercontent.com","project_id":"⟦app⟧-⟦num⟧","client_secret":"⟦S⟧","redirect_uris":["http://localhost"]}}''',
  '"redirect_uris":["http://localhost"]')
S(_G, "aws-secret-access-key-pair", AWSSEC,
  r'''AWS_ACCESS_KEY_ID=⟦akia⟧
AWS_SECRET_ACCESS_KEY=⟦S⟧
AWS_DEFAULT_REGION=eu-central-1''', "AWS_DEFAULT_REGION=eu-central-1")
S(_G, "twilio-auth-token-hex", TWILIO,
  r'''Twilio console → Account Info: SID AC⟦hex32⟧, Auth Token ⟦S⟧''', "Twilio console → Account Info")
S(_G, "sendgrid-api-key-sg", SG,
  r'''SENDGRID_API_KEY=⟦S⟧''', "SENDGRID_API_KEY=")
S(_G, "mailgun-private-key", MAILGUN,
  r'''curl -s --user 'api:⟦S⟧' https://api.eu.mailgun.net/v3/mg.⟦domain⟧/messages -F from='Shop <shop@⟦domain⟧>' ''',
  "https://api.eu.mailgun.net/v3/mg.⟦domain⟧/messages")
S(_G, "mailchimp-api-key-dc-suffix", MAILCHIMP,
  r'''MAILCHIMP_KEY = "⟦S⟧"  # audience: newsletter''', "# audience: newsletter")
S(_G, "nuget-org-api-key-oy2", NUGET,
  r'''nuget.org API key "⟦Pkg⟧ push" (glob ⟦Pkg⟧.*): ⟦S⟧''', "(glob ⟦Pkg⟧.*)")
S(_G, "npm-granular-access-token", NPM,
  r'''//registry.npmjs.org/:_authToken=⟦S⟧''', "//registry.npmjs.org/:_authToken=")
S(_G, "pypi-api-token-macaroon", PYPI,
  r'''[pypi]
  username = __token__
  password = ⟦S⟧''', "username = __token__")
S(_G, "docker-hub-pat", DOCKER,
  r'''Docker Hub access token "wsl-laptop" (Read, Write): ⟦S⟧''', 'Docker Hub access token "wsl-laptop"')
S(_G, "telegram-bot-token-botfather", TELEGRAM,
  r'''BotFather: Done! Congratulations on your new bot. You will find it at t.me/⟦handle⟧_shop_bot.
Use this token to access the HTTP API:
⟦S⟧
Keep your token secure and store it safely.''', "Keep your token secure and store it safely.")
S(_G, "twitch-chat-oauth-password", TWOAUTH,
  r'''# bot.ini
[irc]
nick=⟦handle⟧bot
pass=⟦S⟧
channel=#⟦handle⟧''', "nick=⟦handle⟧bot")
S(_G, "twitch-app-client-secret", TWSECRET,
  r'''TWITCH_CLIENT_ID=⟦c30⟧
TWITCH_CLIENT_SECRET=⟦S⟧''', "TWITCH_CLIENT_ID=⟦c30⟧")
S(_G, "steam-web-api-key", STEAM,
  r'''https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v2/?key=⟦S⟧&steamids=7656119⟦num⟧''',
  "ISteamUser/GetPlayerSummaries/v2/")
S(_G, "huggingface-user-access-token", HF,
  r'''PS> huggingface-cli login --token ⟦S⟧ --add-to-git-credential''', "huggingface-cli login")
S(_G, "cloudflare-api-token", CF,
  r'''CLOUDFLARE_API_TOKEN=⟦S⟧   # Zone:DNS:Edit for ⟦domain⟧ only''', "# Zone:DNS:Edit for ⟦domain⟧ only")
S(_G, "digitalocean-pat-dop", DOTOK,
  r'''doctl auth init --access-token ⟦S⟧ --context homelab''', "--context homelab")
S(_G, "shopify-admin-api-token", SHOPIFY,
  r'''X-Shopify-Access-Token: ⟦S⟧''', "X-Shopify-Access-Token:")
S(_G, "paypal-rest-client-secret", PAYPAL,
  r'''"PayPal": { "Mode": "live", "ClientId": "A⟦c30⟧⟦c302⟧", "ClientSecret": "⟦S⟧" }''', '"Mode": "live"')
S(_G, "postmark-server-token-guid", GUIDTOK,
  r'''X-Postmark-Server-Token: ⟦S⟧''', "X-Postmark-Server-Token:")
S(_G, "datadog-api-key-hex", DDKEY,
  r'''DD_API_KEY=⟦S⟧
DD_SITE=datadoghq.eu''', "DD_SITE=datadoghq.eu")
S(_G, "datadog-application-key-hex40", DDAPP,
  r'''curl -H "DD-APPLICATION-KEY: ⟦S⟧" "https://api.datadoghq.eu/api/v1/dashboard"''', "https://api.datadoghq.eu/api/v1/dashboard")
S(_G, "newrelic-user-key-nrak", NRAK,
  r'''NEW_RELIC_API_KEY=⟦S⟧''', "NEW_RELIC_API_KEY=")
S(_G, "sentry-user-auth-token", SENTRY,
  r'''[auth]
token=⟦S⟧''', "[auth]")
S(_G, "grafana-service-account-token", GRAFANA,
  r'''Authorization: Bearer ⟦S⟧
X-Grafana-Org-Id: 1''', "X-Grafana-Org-Id: 1")
S(_G, "tailscale-auth-key", TSKEY,
  r'''TS_AUTHKEY=⟦S⟧  # reusable, ephemeral, tag:ci''', "# reusable, ephemeral, tag:ci")
S(_G, "ngrok-authtoken-yml", NGROK,
  r'''version: "2"
authtoken: ⟦S⟧
tunnels:
  web: { proto: http, addr: 5000 }''', 'version: "2"')
S(_G, "doppler-service-token", DOPPLER,
  r'''doppler run --token ⟦S⟧ -- dotnet run''', "-- dotnet run")
S(_G, "onepassword-service-account-token", OPS,
  r'''$env:OP_SERVICE_ACCOUNT_TOKEN = "⟦S⟧"''', "$env:OP_SERVICE_ACCOUNT_TOKEN")
S(_G, "linear-personal-api-key", LINEAR,
  r'''Linear API key (personal, ⟦person⟧): ⟦S⟧''', "Linear API key (personal, ⟦person⟧)")
S(_G, "notion-integration-secret", NOTION,
  r'''NOTION_TOKEN=⟦S⟧
NOTION_DATABASE_ID=⟦hex32⟧''', "NOTION_DATABASE_ID=⟦hex32⟧")
S(_G, "airtable-personal-access-token", AIRTABLE,
  r'''AIRTABLE_PAT=⟦S⟧''', "AIRTABLE_PAT=")
S(_G, "figma-personal-access-token", FIGMA,
  r'''X-Figma-Token: ⟦S⟧''', "X-Figma-Token:")
S(_G, "netlify-personal-access-token", NETLIFY,
  r'''NETLIFY_AUTH_TOKEN=⟦S⟧
NETLIFY_SITE_ID=⟦guid⟧''', "NETLIFY_SITE_ID=⟦guid⟧")
S(_G, "supabase-management-token", SUPABASE,
  r'''npx supabase login --token ⟦S⟧''', "npx supabase login")
S(_G, "firebase-fcm-legacy-server-key", FCM,
  r'''Authorization: key=⟦S⟧
Content-Type: application/json''', "Content-Type: application/json")
S(_G, "mapbox-secret-token-sk", MAPBOX,
  r'''MAPBOX_DOWNLOADS_TOKEN=⟦S⟧''', "MAPBOX_DOWNLOADS_TOKEN=")
S(_G, "dropbox-short-lived-token", DROPBOX,
  r'''dbx = dropbox.Dropbox("⟦S⟧")''', "dbx = dropbox.Dropbox(")
S(_G, "atlassian-api-token", ATLASSIAN,
  r'''JIRA_USER=⟦email⟧
JIRA_API_TOKEN=⟦S⟧''', "JIRA_USER=⟦email⟧")
S(_G, "octopus-deploy-api-key", OCTOPUS,
  r'''X-Octopus-ApiKey: ⟦S⟧''', "X-Octopus-ApiKey:")
S(_G, "riot-games-dev-api-key", RIOT,
  r'''RIOT_API_KEY=⟦S⟧ # dev key, expires every 24h''', "# dev key, expires every 24h")
S(_G, "reddit-script-app-secret", REDDIT,
  r'''reddit = praw.Reddit(client_id="⟦c30⟧", client_secret="⟦S⟧", user_agent="windows:⟦app⟧:v⟦ver⟧ (by u/⟦handle⟧)")''',
  'user_agent="windows:⟦app⟧:v⟦ver⟧')
S(_G, "twitter-app-bearer-token", TWBEARER,
  r'''TWITTER_BEARER_TOKEN=⟦S⟧''', "TWITTER_BEARER_TOKEN=")
S(_G, "replicate-api-token", REPLICATE,
  r'''$env:REPLICATE_API_TOKEN="⟦S⟧"; py upscale.py .\sprites''', r"py upscale.py .\sprites")
S(_G, "groq-api-key", GROQ,
  r'''client = Groq(api_key="⟦S⟧")''', "client = Groq(")
S(_G, "perplexity-api-key", PPLX,
  r'''PPLX_API_KEY=⟦S⟧''', "PPLX_API_KEY=")
S(_G, "elevenlabs-api-key", ELEVEN,
  r'''xi-api-key: ⟦S⟧''', "xi-api-key:")
S(_G, "resend-api-key", RESEND,
  r'''const resend = new Resend('⟦S⟧');''', "const resend = new Resend(")
S(_G, "okta-ssws-api-token", OKTA,
  r'''Authorization: SSWS ⟦S⟧''', "Authorization: SSWS")
S(_G, "render-api-key", RENDER,
  r'''curl -H "Authorization: Bearer ⟦S⟧" https://api.render.com/v1/services''', "https://api.render.com/v1/services")
S(_G, "bitbucket-app-password", BBAPP,
  r'''git clone https://⟦handle⟧:⟦S⟧@bitbucket.org/⟦handle⟧/⟦app⟧.git''', "bitbucket.org/⟦handle⟧/⟦app⟧.git")
S(_G, "postman-api-key-pmak", POSTMAN,
  r'''postman login --with-api-key ⟦S⟧''', "postman login --with-api-key")
S(_G, "hubspot-private-app-token", HUBSPOT,
  r'''HUBSPOT_ACCESS_TOKEN=⟦S⟧''', "HUBSPOT_ACCESS_TOKEN=")
S(_G, "playfab-developer-secret-header", PLAYFAB,
  r'''X-SecretKey: ⟦S⟧
POST https://⟦hex8⟧.playfabapi.com/Server/GrantItemsToUsers''', "/Server/GrantItemsToUsers")
S(_G, "epic-online-services-client-secret", EOS,
  r'''EOS: ProductId ⟦hex32⟧ / ClientId xyza7891⟦hex8⟧ / ClientSecret ⟦S⟧''', "EOS: ProductId ⟦hex32⟧")
S(_G, "itch-io-api-key", ITCH,
  r'''https://itch.io/api/1/⟦S⟧/my-games''', "https://itch.io/api/1/")
S(_G, "patreon-creator-access-token", PATREON,
  r'''PATREON_CREATOR_TOKEN=⟦S⟧''', "PATREON_CREATOR_TOKEN=")
S(_G, "vault-hvs-service-token", lambda _=None: "hvs." + _c(_B64U, 24),
  r'''VAULT_ADDR=http://127.0.0.1:8200
VAULT_TOKEN=⟦S⟧''', "VAULT_ADDR=http://127.0.0.1:8200")
S(_G, "age-secret-key-line", AGE,
  r'''# created: ⟦ts⟧
# public key: age1⟦c30⟧⟦c302⟧
⟦S⟧''', "# created: ⟦ts⟧")
S(_G, "jwt-bearer-access-token", JWT,
  r'''Authorization: Bearer ⟦S⟧''', "Authorization: Bearer")
S(_G, "crates-io-token", CRATES,
  r'''cargo login ⟦S⟧''', "cargo login")
S(_G, "github-actions-runner-registration-token", GHRUNNER,
  r'''.\config.cmd --url https://github.com/⟦repo⟧ --token ⟦S⟧ --runasservice --windowslogonaccount "NT AUTHORITY\NETWORK SERVICE"''',
  "--url https://github.com/⟦repo⟧")

# ==========================================================================
# BENIGN look-alikes (no credential anywhere in these strings)
# ==========================================================================
_PHRASES = ["hello from the build agent", "status: ok", "Bakery stock export", "nightly report ready",
            "version check passed", "Guild raid on Friday 20:00", "receipt printed", "player joined lobby"]
_ENC_CMDS = ["Get-Service W3SVC | Restart-Service", "Get-ChildItem C:\\inetpub\\logs -Recurse | Measure-Object",
             "Start-ScheduledTask -TaskName NightlyBackup", "Get-EventLog -LogName Application -Newest 20",
             "Test-NetConnection localhost -Port 1433", "Clear-RecycleBin -Force"]

_FIELDS.update({
    "sha256": lambda: _hex(64),
    "SHA256U": lambda: _HEX(64),
    "thumb": lambda: _HEX(40),
    "nugethash": lambda: _b64(64),
    "sri": lambda: "sha512-" + _b64(64),
    "sri384": lambda: "sha384-" + _b64(48),
    "sshpub": lambda: "AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64(32)[:43],
    "certbody": lambda: _wrap("MIIDazCCAlOgAwIBAgIU" + _c(_B64C, 880) + "=="),
    "pubkeybody": lambda: _wrap("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _c(_B64C, 348) + "IDAQAB"),
    "trace": lambda: _hex(32),
    "span": lambda: _hex(16),
    "etag": lambda: "0x8DC" + _HEX(12),
    "sid": lambda: "S-1-5-21-%d-%d-%d-%d" % (_R.randint(10 ** 9, 4 * 10 ** 9), _R.randint(10 ** 9, 4 * 10 ** 9), _R.randint(10 ** 8, 4 * 10 ** 9), _R.randint(1000, 1200)),
    "b64text": lambda: _b64s(_pick(_PHRASES) + " #" + str(_R.randint(1, 9999))),
    "enccmd": lambda: base64.b64encode((_pick(_ENC_CMDS) + " # " + _c(_LOW, 4)).encode("utf-16-le")).decode(),
    "pklive": lambda: "pk_live_" + _c(_ALNUM, 99),
    "dpkey": lambda: _hex(64),
    "last4": lambda: _c(_ALNUM, 4),
    "b64id": lambda: _b64us(_snow()),
    "KEYID": lambda: _guid().upper(),
    "reqid": lambda: "req_" + _c(_ALNUM, 24),
    "stripeid": lambda: _pick(["cus_", "pi_", "ch_", "evt_", "in_", "sub_"]) + _c(_ALNUM, 24),
    "orgid": lambda: "org-" + _c(_ALNUM, 24),
    "kestrelid": lambda: "0HN" + _c(_UPNUM, 10) + ":0000000" + str(_R.randint(1, 9)),
    "hex10": lambda: _hex(10),
    "bigb64": lambda: _b64(96),
    "steamid": lambda: "7656119" + _c(_DIG, 10),
    "pktoken": lambda: "pk.eyJ1Ijoi" + _c(_B64U, 60) + "." + _c(_B64U, 22),
    "hexu8": lambda: _HEX(8),
    "invite": lambda: _c(_ALNUM, 8),
    "b64_32": lambda: _b64(32),
    "hint3": lambda: _c(_ALNUM, 2) + _pick(["Q", "8", "~"]),
})

# ---------------- command ----------------
_G = "command"
B(_G, r'''git cherry-pick ⟦sha⟧ && git push origin HEAD:hotfix/⟦ver⟧''')
B(_G, r'''$h = Get-FileHash .\⟦App⟧Setup-⟦ver⟧.exe -Algorithm SHA256
if ($h.Hash -ne '⟦SHA256U⟧') { throw "checksum mismatch" }''')
B(_G, r'''certutil -hashfile C:\Downloads\⟦app⟧-⟦ver⟧.zip SHA256''')
B(_G, r'''dotnet user-secrets set "Discord:BotToken" "<paste-your-bot-token-here>" --id ⟦guid⟧''')
B(_G, r'''dotnet user-secrets list --id ⟦guid⟧''')
B(_G, r'''az keyvault secret show --vault-name ⟦kv⟧ --name SqlAdminPassword --query "attributes.updated" -o tsv''')
B(_G, r'''cmdkey /list:git:https://dev.azure.com/⟦org⟧''')
B(_G, r'''sqlcmd -S ⟦sqlhost⟧ -E -d ⟦db⟧ -Q "SELECT name, is_disabled FROM sys.sql_logins WHERE name = 'sa'"''')
B(_G, r'''Invoke-Sqlcmd -ServerInstance "⟦sqlhost⟧" -Database ⟦db⟧ -Credential (Get-Credential -UserName ⟦user⟧ -Message "SQL login") -Query "SELECT @@VERSION"''')
B(_G, r'''$cred = Get-StoredCredential -Target '⟦App⟧/smtp'; Send-MailMessage -Credential $cred -To ⟦email⟧ -Subject "test ⟦num⟧"''')
B(_G, r'''az acr login --name ⟦app⟧acr && docker push ⟦app⟧acr.azurecr.io/⟦app⟧:⟦sha7⟧''')
B(_G, r'''ssh-keygen -lf $env:USERPROFILE\.ssh\id_ed25519.pub   # expect SHA256:⟦sshfp⟧''')
B(_G, r'''Import-PfxCertificate -FilePath .\⟦app⟧.pfx -CertStoreLocation Cert:\CurrentUser\My -Password (Read-Host -AsSecureString -Prompt "PFX password for ⟦app⟧")''')
B(_G, r'''[Environment]::SetEnvironmentVariable('OPENAI_API_KEY', $null, 'User')   # removed on ⟦date⟧, key now lives in ⟦kv⟧''')
B(_G, r'''az login --use-device-code --tenant ⟦guid⟧''')
B(_G, r'''Connect-AzAccount -Identity -AccountId ⟦guid⟧ -Subscription ⟦guid2⟧''')
B(_G, r'''nuget push .\out\⟦Pkg⟧.⟦ver⟧.nupkg -Source https://api.nuget.org/v3/index.json -ApiKey %NUGET_API_KEY%''')
B(_G, r'''dotnet nuget push .\artifacts\⟦Pkg⟧.⟦ver⟧.nupkg --api-key $env:NUGET_KEY --source ⟦feed⟧''')
B(_G, r'''docker pull mcr.microsoft.com/mssql/server@sha256:⟦sha256⟧''')
B(_G, r'''powershell.exe -NoProfile -EncodedCommand ⟦enccmd⟧''')
B(_G, r'''curl.exe -s -H "Authorization: Bearer $env:GH_TOKEN" https://api.github.com/repos/⟦repo⟧/actions/runs/⟦num⟧⟦n⟧''')
B(_G, r'''Remove-StoredCredential -Target '⟦App⟧/smtp-⟦n⟧' ''')
B(_G, r'''signtool sign /sha1 ⟦thumb⟧ /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 .\bin\Release\⟦App⟧.exe''')
B(_G, r'''Get-ChildItem Cert:\CurrentUser\My\⟦thumb⟧ | Format-List Subject, NotAfter''')
B(_G, r'''git show ⟦sha⟧:src/⟦App⟧.Web/appsettings.json''')
B(_G, r'''az storage blob upload --auth-mode login --account-name ⟦storage⟧ -c backups -f .\⟦db⟧.bak -n ⟦db⟧-⟦date⟧.bak''')
B(_G, r'''schtasks /Create /TN "⟦App⟧\Cleanup-⟦n⟧" /TR "C:\Tools\cleanup.exe" /SC WEEKLY /RU SYSTEM /F''')
B(_G, r'''sc.exe config ⟦svcname⟧ obj= "NT AUTHORITY\LocalService" password= ""   # built-in account, no password (⟦date⟧)''')
B(_G, r'''gh secret set DISCORD_TOKEN --repo ⟦repo⟧ < $env:TEMP\token-⟦hex8⟧.txt   # file is deleted right after''')
B(_G, r'''wsl -d Ubuntu -- sha256sum /mnt/c/Users/⟦winuser⟧/Downloads/⟦app⟧-⟦ver⟧.tar.gz''')

# ---------------- tool-output ----------------
_G = "tool-output"
B(_G, r'''PS> git log --oneline -4
⟦sha7⟧ (HEAD -> main) move bot token to user-secrets
⟦sha72⟧ rotate SAS, read it from Key Vault instead
⟦sha73⟧ add Get-StoredCredential wrapper
⟦sha74⟧ initial commit''')
B(_G, r'''Algorithm       Hash                                                                   Path
---------       ----                                                                   ----
SHA256          ⟦SHA256U⟧       C:\Downloads\⟦App⟧Setup-⟦ver⟧.exe''')
B(_G, r'''SHA256 hash of ⟦app⟧-⟦ver⟧.zip:
⟦sha256⟧
CertUtil: -hashfile command completed successfully.''')
B(_G, r'''.NET SDK:
 Version:           8.0.⟦n⟧⟦n2⟧
 Commit:            ⟦hex10⟧
 Workload version:  8.0.⟦n3⟧00-manifests.⟦hex8⟧''')
B(_G, r'''Currently stored credentials:

    Target: LegacyGeneric:target=git:https://github.com
    Type: Generic
    User: ⟦handle⟧
    Local machine persistence

    Target: Domain:target=⟦nas⟧
    Type: Domain Password
    User: ⟦nas⟧\⟦winuser⟧''')
B(_G, r'''[
  {
    "attributes": { "enabled": true, "updated": "⟦ts⟧" },
    "id": "https://⟦kv⟧.vault.azure.net/secrets/SqlAdminPassword",
    "name": "SqlAdminPassword",
    "tags": { "rotated-by": "⟦person⟧" }
  }
]''')
B(_G, r'''[
  {
    "customKeyIdentifier": null,
    "displayName": "ci-⟦date⟧",
    "endDateTime": "⟦date2⟧T10:12:00Z",
    "hint": "⟦hint3⟧",
    "keyId": "⟦guid⟧",
    "secretText": null,
    "startDateTime": "⟦date⟧T10:12:00Z"
  }
]''')
B(_G, r'''{
  "environmentName": "AzureCloud",
  "id": "⟦guid⟧",
  "isDefault": true,
  "name": "Pay-As-You-Go",
  "tenantId": "⟦guid2⟧",
  "user": { "name": "⟦email⟧", "type": "user" }
}''')
B(_G, r'''   PSParentPath: Microsoft.PowerShell.Security\Certificate::LocalMachine\My

Thumbprint                                Subject
----------                                -------
⟦thumb⟧  CN=⟦domain⟧''')
B(_G, r'''REPOSITORY                           TAG       DIGEST                                                                    IMAGE ID
mcr.microsoft.com/mssql/server       2022-latest sha256:⟦sha256⟧   ⟦hex10⟧ab''')
B(_G, r'''256 SHA256:⟦sshfp⟧ ⟦winuser⟧@⟦pclow⟧ (ED25519)''')
B(_G, r'''> dotnet user-secrets list --project src\⟦App⟧.Api
No secrets configured for this application.
(UserSecretsId ⟦guid⟧)''')
B(_G, r'''github.com
  ✓ Logged in to github.com account ⟦handle⟧ (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: gho_************************************
  - Token scopes: 'gist', 'read:org', 'repo' (checked ⟦date⟧ ⟦time⟧)''')
B(_G, r'''{
  "name": "⟦storage⟧",
  "primaryEndpoints": {
    "blob": "https://⟦storage⟧.blob.core.windows.net/",
    "file": "https://⟦storage⟧.file.core.windows.net/"
  },
  "allowSharedKeyAccess": false
}''')
B(_G, r'''UserName       : ⟦email⟧
Password       : System.Security.SecureString
TargetName     : ⟦App⟧/smtp-⟦n⟧''')
B(_G, r'''credential.helper=manager
credential.https://dev.azure.com.usehttppath=true
remote.origin.url=https://github.com/⟦repo⟧.git
user.email=⟦email⟧''')
B(_G, r'''name          is_policy_checked  is_expiration_checked  days_until_expiration
------------  -----------------  ---------------------  ---------------------
⟦user⟧        1                  1                      ⟦n⟧''')
B(_G, r'''HKEY_LOCAL_MACHINE\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon
    AutoAdminLogon    REG_SZ    0
    DefaultUserName    REG_SZ    ⟦winuser⟧
    LastUsedUsername    REG_SZ    ⟦dom⟧\⟦winuser⟧''')
B(_G, r'''Profile ⟦ssid⟧ on interface Wi-Fi:
    Authentication         : WPA2-Personal
    Security key           : Present
    (run with key=clear as admin to show the key) [⟦hexu8⟧]''')
B(_G, r'''"Env": [
    "ACCEPT_EULA=Y",
    "MSSQL_SA_PASSWORD_FILE=/run/secrets/sa_password",
    "HOSTNAME=⟦hex10⟧ab"
]''')
B(_G, r'''Name:         ⟦app⟧-db
Namespace:    default
Type:  Opaque

Data
====
password:  ⟦n⟧ bytes
username:  2 bytes''')
B(_G, r'''Outputs:

sql_admin_password = <sensitive>
sql_server_fqdn = "⟦azsql⟧"''')
B(_G, r'''{ "name": "ConnectionStrings__Default", "slotSetting": false, "value": "@Microsoft.KeyVault(SecretUri=https://⟦kv⟧.vault.azure.net/secrets/SqlConnection/⟦hex32⟧)" }''')
B(_G, r'''Vault Name   : ⟦kv⟧
Name         : StripeSecretKey
Version      : ⟦hex32⟧
Id           : https://⟦kv⟧.vault.azure.net:443/secrets/StripeSecretKey/⟦hex32⟧
Enabled      : True''')
B(_G, r'''Signature type: Author
  Subject Name: CN=⟦person⟧ ⟦App⟧
  SHA256 hash: ⟦SHA256U⟧
  Valid from: ⟦date⟧ to ⟦date2⟧''')
B(_G, r'''SignerCertificate                         Status  Path
-----------------                         ------  ----
⟦thumb⟧  Valid   ⟦App⟧Setup.exe''')
B(_G, r'''{
  "appId": "⟦guid⟧",
  "displayName": "⟦app⟧-deployer",
  "id": "⟦guid2⟧",
  "servicePrincipalType": "Application"
}''')
B(_G, r'''sha256 Fingerprint=⟦SHA256U⟧''')

# ---------------- config-file ----------------
_G = "config-file"
B(_G, r'''{
  "ConnectionStrings": {
    "DefaultConnection": "Server=(localdb)\\MSSQLLocalDB;Database=⟦db⟧;Trusted_Connection=True;MultipleActiveResultSets=true"
  },
  "Smtp": { "Host": "smtp.⟦domain⟧", "User": "", "Password": "" }
}''')
B(_G, r'''"ConnectionStrings": {
  "Default": "@Microsoft.KeyVault(SecretUri=https://⟦kv⟧.vault.azure.net/secrets/SqlPassword/⟦hex32⟧)"
}''')
B(_G, r'''<PropertyGroup>
  <TargetFramework>net8.0</TargetFramework>
  <UserSecretsId>⟦guid⟧</UserSecretsId>
</PropertyGroup>''')
B(_G, r'''fileFormatVersion: 2
guid: ⟦hex32⟧
MonoImporter:
  externalObjects: {}
  serializedVersion: 2''')
B(_G, r'''"Microsoft.Data.SqlClient": {
  "type": "Direct",
  "requested": "[5.2.0, )",
  "resolved": "5.2.⟦n⟧",
  "contentHash": "⟦nugethash⟧"
}''')
B(_G, r'''"node_modules/discord.js": {
  "version": "14.⟦n⟧.1",
  "resolved": "https://registry.npmjs.org/discord.js/-/discord.js-14.⟦n⟧.1.tgz",
  "integrity": "⟦sri⟧"
}''')
B(_G, r'''<add name="Default" connectionString="Data Source=⟦sqlhost⟧;Initial Catalog=⟦db⟧;Integrated Security=SSPI" providerName="System.Data.SqlClient" />''')
B(_G, r'''# .env.example - copy to .env and fill in
DISCORD_TOKEN=your-bot-token-here
GUILD_ID=⟦snowflake⟧
OPENAI_API_KEY=<optional>''')
B(_G, r'''services:
  sql:
    image: mcr.microsoft.com/mssql/server:2022-CU⟦n⟧-ubuntu-22.04
    environment:
      MSSQL_SA_PASSWORD: ${SA_PASSWORD:?set SA_PASSWORD in .env}''')
B(_G, r'''<packageSourceCredentials>
  <⟦feed⟧>
    <add key="Username" value="az" />
    <add key="ClearTextPassword" value="%NUGET_FEED_PAT%" />
  </⟦feed⟧>
</packageSourceCredentials>''')
B(_G, r'''"iisSettings": {
  "windowsAuthentication": false,
  "anonymousAuthentication": true,
  "iisExpress": { "applicationUrl": "http://localhost:⟦num⟧", "sslPort": 443⟦n⟧ }
}''')
B(_G, r'''[HKEY_CURRENT_USER\Software\⟦App⟧\Window]
"Placement"=hex:2c,00,00,00,02,00,00,00,03,00,00,00,⟦hexu8⟧
"LastProfile"="⟦winuser⟧"''')
B(_G, r'''⟦pclow⟧.⟦domain⟧ ssh-ed25519 ⟦sshpub⟧''')
B(_G, r'''ssh-ed25519 ⟦sshpub⟧ ⟦winuser⟧@⟦pclow⟧''')
B(_G, r'''-----BEGIN CERTIFICATE-----
⟦certbody⟧
-----END CERTIFICATE-----''')
B(_G, r'''-----BEGIN PUBLIC KEY-----
⟦pubkeybody⟧
-----END PUBLIC KEY-----''')
B(_G, r'''variable "client_secret" {
  type      = string
  sensitive = true
}
# set via TF_VAR_client_secret in the pipeline (⟦org⟧/⟦proj⟧)''')
B(_G, r'''@secure()
param sqlAdminPassword string

resource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = { name: '⟦kv⟧' }
// password comes from kv.getSecret('sql-admin-⟦n⟧') in main.bicep''')
B(_G, r'''"adminPassword": {
  "reference": {
    "keyVault": { "id": "/subscriptions/⟦guid⟧/resourceGroups/⟦rg⟧/providers/Microsoft.KeyVault/vaults/⟦kv⟧" },
    "secretName": "vmAdminPassword"
  }
}''')
B(_G, r'''[Peer]
PublicKey = ⟦b64_32⟧
AllowedIPs = 10.⟦n⟧.0.0/24
Endpoint = ⟦pubip⟧:51820
PersistentKeepalive = 25''')
B(_G, r'''wifi:
  ssid: !secret wifi_ssid
  password: !secret wifi_password
esphome:
  name: ⟦word⟧-⟦hex8⟧''')
B(_G, r'''ProjectSettings:
  productGUID: ⟦hex32⟧
  cloudProjectId: ⟦guid⟧
  projectName: ⟦App⟧''')
B(_G, r'''Project("{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}") = "⟦App⟧.Web", "src\⟦App⟧.Web\⟦App⟧.Web.csproj", "{⟦KEYID⟧}"
EndProject''')
B(_G, r'''registry=https://registry.npmjs.org/
//registry.npmjs.org/:_authToken=${NPM_TOKEN}
# ⟦app⟧ ⟦ver⟧''')
B(_G, r'''<configProtectedData> is used for this section; run aspnet_regiis -pdf "connectionStrings" C:\inetpub\⟦app⟧ to decrypt on ⟦pc⟧ only.''')
B(_G, r'''[client]
# password is stored with mysql_config_editor --login-path=⟦app⟧, not here
user=⟦user⟧
port=33⟦n⟧''')
B(_G, r'''*.pfx
secrets.json
appsettings.*.local.json
.env
# keep ⟦app⟧.keystore out of git (⟦date⟧)''')

# ---------------- source-code ----------------
_G = "source-code"
B(_G, r'''builder.Configuration.AddUserSecrets<Program>();
var token = builder.Configuration["Discord:Token"]
    ?? throw new InvalidOperationException("Discord:Token is missing - run dotnet user-secrets set (id ⟦guid⟧)");''')
B(_G, r'''[assembly: Guid("⟦guid⟧")]
[assembly: AssemblyVersion("⟦ver⟧.0")]''')
B(_G, r'''[assembly: InternalsVisibleTo("⟦App⟧.Tests, PublicKey=0024000004800000940000000602000000240000525341310004000001000100⟦hex64⟧⟦hex642⟧")]''')
B(_G, r'''var hash = Convert.ToHexString(SHA256.HashData(bytes)); // expected ⟦SHA256U⟧''')
B(_G, r'''private const string CacheKeyPrefix = "thumb:⟦hex32⟧:";''')
B(_G, r'''if (password.Length < 12)
    return ValidationResult.Fail("Password must be at least 12 characters and contain a digit."); // rule ⟦hexu8⟧''')
B(_G, r'''pwd = InputBox("Password for " & wbName & " (ask ⟦person⟧)?")
Set wb = Workbooks.Open(Filename:=path, Password:=pwd)''')
B(_G, r'''IniRead, Pass, %A_ScriptDir%\settings.ini, Login, Pass
if (Pass = "")
    MsgBox, Please set Pass in settings.ini (⟦App⟧)''')
B(_G, r'''$cred = Get-Credential -UserName "⟦dom⟧\⟦svc⟧" -Message "Service account for ⟦svcname⟧"
New-Service -Name ⟦svcname⟧ -BinaryPathName "C:\Services\⟦App⟧.exe" -Credential $cred''')
B(_G, r'''token = os.environ["DISCORD_TOKEN"]  # set in .env, see README (⟦app⟧ ⟦ver⟧)
bot.run(token)''')
B(_G, r'''client.login(process.env.DISCORD_TOKEN); // guild ⟦snowflake⟧''')
B(_G, r'''var credential = new ClientSecretCredential(cfg["AzureAd:TenantId"], cfg["AzureAd:ClientId"], cfg["AzureAd:ClientSecret"]);
// tenant ⟦guid⟧''')
B(_G, r'''var client = new SecretClient(new Uri("https://⟦kv⟧.vault.azure.net/"), new DefaultAzureCredential());
KeyVaultSecret pw = await client.GetSecretAsync("SqlPassword");''')
B(_G, r'''CREATE LOGIN [⟦dom⟧\⟦svc⟧] FROM WINDOWS WITH DEFAULT_DATABASE = [⟦db⟧];''')
B(_G, r'''private static readonly Regex DiscordToken = new(@"[A-Za-z0-9_-]{24,}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,}"); // used by ⟦App⟧ log scrubber''')
B(_G, r'''var bytes = ProtectedData.Unprotect(File.ReadAllBytes(Path.Combine(appData, "⟦app⟧", "token.bin")), null, DataProtectionScope.CurrentUser);''')
B(_G, r'''// Convert.ToBase64String(Encoding.UTF8.GetBytes(text)) == "⟦b64text⟧"''')
B(_G, r'''public const string DiscordInteractionsPublicKey = "⟦dpkey⟧"; // public, used to verify Ed25519 signatures''')
B(_G, r'''const stripe = Stripe('⟦pklive⟧'); // publishable key, safe in the browser''')
B(_G, r'''private static readonly Guid EventSourceId = new Guid("⟦guid⟧");''')
B(_G, r'''<script src="https://cdn.jsdelivr.net/npm/bootstrap@5.3.⟦n⟧/dist/js/bootstrap.bundle.min.js" integrity="⟦sri384⟧" crossorigin="anonymous"></script>''')
B(_G, r'''local MOD_GUID = "⟦hex32⟧" -- workshop id ⟦num⟧''')
B(_G, r'''options.Password.RequiredLength = 12;
options.Password.RequireNonAlphanumeric = true;
options.Lockout.MaxFailedAccessAttempts = ⟦n⟧;''')
B(_G, r'''$secret = Get-AzKeyVaultSecret -VaultName ⟦kv⟧ -Name 'SqlPassword' -AsPlainText
Invoke-Sqlcmd -ServerInstance ⟦sqlhost⟧ -Username ⟦user⟧ -Password $secret -Query "SELECT 1"''')
B(_G, r'''Dim pwd As String: pwd = Environ("BAKERY_DB_PWD")
cn.Open "Provider=SQLOLEDB;Data Source=⟦sqlhost⟧;Initial Catalog=⟦db⟧;User ID=⟦user⟧;Password=" & pwd''')
B(_G, r'''[SerializeField] private string apiKeyPlayerPrefsKey = "npc_api_key_⟦hex8⟧"; // key name, the value is entered in the options menu''')

# ---------------- stack-trace-or-log ----------------
_G = "stack-trace-or-log"
B(_G, r'''⟦date⟧ ⟦time⟧.12 Logon       Login failed for user 'sa'. Reason: Password did not match that for the login provided. [CLIENT: ⟦ip⟧]''')
B(_G, r'''AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '⟦guid⟧'.
Trace ID: ⟦guid2⟧
Correlation ID: ⟦guid3⟧
Timestamp: ⟦date⟧ ⟦time⟧Z''')
B(_G, r'''AADSTS700016: Application with identifier '⟦guid⟧' was not found in the directory '⟦org⟧.onmicrosoft.com'.
Trace ID: ⟦guid2⟧ Correlation ID: ⟦guid3⟧''')
B(_G, r'''⟦ts⟧ [INF] HTTP GET /api/orders responded 200 in 41.2 ms traceparent=00-⟦trace⟧-⟦span⟧-01''')
B(_G, r'''Azure.RequestFailedException: The specified blob does not exist.
RequestId:⟦guid⟧
Time:⟦ts⟧
Status: 404 (The specified blob does not exist.)
ErrorCode: BlobNotFound''')
B(_G, r'''⟦date⟧ ⟦time⟧ 10.0.0.4 GET /images/logo.png - 443 - ⟦pubip⟧ Mozilla/5.0 - 200 0 0 ⟦n⟧''')
B(_G, r'''Executed DbCommand (⟦n⟧ms) [Parameters=[@p0='?' (Size = 256), @p1='?' (Size = 4000)], CommandType='Text', CommandTimeout='30']''')
B(_G, r'''trce: System.Net.Http.HttpClient.GitHub.ClientHandler[102]
      Request Headers:
      Authorization: *
      User-Agent: ⟦app⟧/⟦ver⟧''')
B(_G, r'''⟦time⟧.⟦num⟧ http.c:676              => Send header: Authorization: Basic <redacted>''')
B(_G, r'''Looking in indexes: https://pypi.org/simple, https://****@pkgs.dev.azure.com/⟦org⟧/_packaging/⟦feed⟧/pypi/simple/''')
B(_G, r'''sqlalchemy.exc.OperationalError: (pyodbc.OperationalError) ('08001', '[08001] ... (18456)')
(Background on this error at: https://sqlalche.me/e/20/e3q8) url=mssql+pyodbc://⟦user⟧:***@⟦pc⟧/⟦db⟧''')
B(_G, r'''Run ./deploy.ps1
  env:
    DISCORD_TOKEN: ***
    GUILD_ID: ⟦snowflake⟧''')
B(_G, r'''An account failed to log on. Event ID 4625
Account Name: ⟦winuser⟧  Failure Reason: Unknown user name or bad password.  Logon ID: 0x⟦hexu8⟧  Caller Process ID: 0x⟦hex8⟧''')
B(_G, r'''The identity of application pool ⟦App⟧Pool is invalid. The user name or password that is specified for the identity may be incorrect, or the user may not have batch logon rights. (Event 5021, WAS, ⟦date⟧ ⟦time⟧)''')
B(_G, r'''[Addressables] Remote catalog hash ⟦hex32⟧ matches local, skipping download''')
B(_G, r'''[WS => Manager] Provided token: ⟦b64id⟧.*****.***************************************''')
B(_G, r'''operation_Id: ⟦trace⟧  operation_ParentId: ⟦span⟧  message: "Order ⟦num⟧ shipped"''')
B(_G, r'''System.Security.Cryptography.CryptographicException: Keyset does not exist
   at ⟦App⟧.Certs.Load(String thumbprint = "⟦thumb⟧")''')
B(_G, r'''Azure.Identity.AuthenticationFailedException: ClientSecretCredential authentication failed: AADSTS7000222: The provided client secret keys for app '⟦guid⟧' are expired.
Correlation ID: ⟦guid2⟧''')
B(_G, r'''error NU3008: The package integrity check failed. The package has changed since it was signed. Expected contentHash ⟦nugethash⟧''')
B(_G, r'''2022-latest: Pulling from mssql/server
Digest: sha256:⟦sha256⟧
Status: Downloaded newer image for mcr.microsoft.com/mssql/server:2022-latest''')
B(_G, r'''{"@t":"⟦ts⟧","@mt":"SMTP login for {User}","User":"⟦email⟧","Password":"***","SourceContext":"⟦App⟧.Mail"}''')
B(_G, r'''info: Microsoft.AspNetCore.Hosting.Diagnostics[1]
      Request starting HTTP/1.1 GET https://localhost:7123/health - - - (RequestId ⟦kestrelid⟧)''')
B(_G, r'''Sentry: Event ⟦hex32⟧ sent (level=error, release=⟦app⟧@⟦ver⟧)''')
B(_G, r'''warn: Microsoft.AspNetCore.DataProtection.KeyManagement.XmlKeyManager[35]
      No XML encryptor configured. Key {⟦guid⟧} may be persisted to storage in unencrypted form.''')

# ---------------- note-or-chat ----------------
_G = "note-or-chat"
B(_G, r'''Password policy (⟦App⟧ admin, updated ⟦date⟧): at least 14 characters, no reuse of the last 5, rotate service-account passwords every 180 days.''')
B(_G, r'''Das Passwort liegt im Key Vault ⟦kv⟧ unter "SqlAdminPassword" – bitte nicht in den Chat kopieren. (⟦person⟧, ⟦time⟧)''')
B(_G, r'''I rotated the Discord token on ⟦date⟧; the new one is only in user-secrets on ⟦pc⟧, not here.''')
B(_G, r'''the Stripe key is in 1Password, vault "Dev", item "⟦App⟧ Stripe live" – ping ⟦person⟧ for access''')
B(_G, r'''note: secrets.json lives at %APPDATA%\Microsoft\UserSecrets\⟦guid⟧\secrets.json — never cat it into the transcript''')
B(_G, r'''⟦person⟧ ⟦time⟧: pw is the usual one, ask me on Signal''')
B(_G, r'''the token looks like ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx — don't paste the real one in issue #⟦num⟧''')
B(_G, r'''Decision ⟦date⟧: store the SMTP password with DPAPI (ProtectedData, CurrentUser scope) in %LOCALAPPDATA%\⟦App⟧\smtp.bin; entropy id ⟦guid⟧.''')
B(_G, r'''Ne jamais mettre le mot de passe en clair dans web.config : chiffrez la section avec aspnet_regiis -pef connectionStrings "C:\inetpub\⟦app⟧" (ticket ⟦num⟧).''')
B(_G, r'''La contraseña debe tener al menos 12 caracteres y no puede contener el nombre de usuario. Ticket #⟦num⟧.''')
B(_G, r'''パスワードは Key Vault (⟦kv⟧) に保存済みです。チャットには貼らないでください。⟦time⟧''')
B(_G, r'''⟦person⟧: пароль в чат не присылай, положи в ⟦kv⟧ и дай мне доступ''')
B(_G, r'''Never post your bot token. Reset it in the Developer Portal (Bot → Reset Token). Your application ID ⟦snowflake⟧ is fine to share.''')
B(_G, r'''BitLocker key ID ⟦KEYID⟧ — the recovery key itself is escrowed in Entra ID, look it up there.''')
B(_G, r'''Entra client secret for ⟦App⟧: Secret ID ⟦guid⟧, hint "⟦hint3⟧", expires ⟦date⟧. Value only in Key Vault.''')
B(_G, r'''| Service | User | Pass |
|---------|------|------|
| NAS ⟦nas⟧ | ⟦winuser⟧ | (in KeePass, entry "⟦nas⟧-⟦n⟧") |''')
B(_G, r'''rotated the SAS today — new one is in Key Vault, old sig is dead. Plain blob URL for reference: https://⟦storage⟧.blob.core.windows.net/assets/build-⟦ver⟧.zip''')
B(_G, r'''⟦person⟧: wifi password is on the sticker on the back of the router (⟦ssid⟧)''')
B(_G, r'''SHA256 ⟦sha256⟧ matches the value on the download page, installer is fine.''')
B(_G, r'''wachtwoord staat in Bitwarden onder "⟦App⟧ NAS" (⟦date⟧)''')
B(_G, r'''hasło jest w menedżerze haseł, folder "⟦App⟧", nie wysyłaj go mailem – ⟦person⟧''')
B(_G, r'''密码不要发群里，已经放到 Key Vault 了，名字是 ⟦App⟧-SqlPassword（⟦date⟧）''')
B(_G, r'''토큰은 .env 에만 두세요 (.gitignore 확인 완료, 커밋 ⟦sha7⟧)''')
B(_G, r'''⟦person⟧: the key on the shop server ends in …⟦last4⟧, is that the one you revoked?''')
B(_G, r'''Reminder: "REDACTED" in the logs is expected — the scrubber replaces Password=... with Password=******** since build ⟦ver⟧.''')

# ---------------- ci-and-deploy ----------------
_G = "ci-and-deploy"
B(_G, r'''env:
  DISCORD_TOKEN: ${{ secrets.DISCORD_TOKEN }}
  GUILD_ID: "⟦snowflake⟧"''')
B(_G, r'''variables:
- group: ⟦app⟧-prod-secrets
- name: sqlAdminPassword
  value: $(SqlAdminPassword)   # from the variable group, linked to ⟦kv⟧''')
B(_G, r'''- uses: actions/cache@v4
  with:
    path: ~/.nuget/packages
    key: nuget-${{ runner.os }}-${{ hashFiles('**/packages.lock.json') }}
# Cache restored from key: nuget-Windows-⟦sha256⟧''')
B(_G, r'''- uses: actions/checkout@v4
  with:
    ref: ⟦sha⟧
    fetch-depth: 0''')
B(_G, r'''docker build --build-arg BUILD_SHA=⟦sha⟧ --build-arg VERSION=⟦ver⟧ -t ⟦app⟧acr.azurecr.io/⟦app⟧:⟦sha7⟧ .''')
B(_G, r'''- uses: azure/login@v2
  with:
    client-id: ⟦guid⟧
    tenant-id: ⟦guid2⟧
    subscription-id: ⟦guid3⟧   # OIDC, no secret stored''')
B(_G, r'''- task: AzureKeyVault@2
  inputs:
    azureSubscription: ⟦App⟧-prod-arm
    KeyVaultName: ⟦kv⟧
    SecretsFilter: 'SqlAdminPassword,SendGridApiKey'
    RunAsPreJob: true''')
B(_G, r'''## ⟦ver⟧ (⟦date⟧)
- fix: bot no longer logs the token prefix (⟦sha7⟧)
- chore: bump Discord.Net to 3.⟦n⟧.0''')
B(_G, r'''config:
  ⟦app⟧:sqlAdminPassword:
    secure: v1:⟦b64s⟧''')
B(_G, r'''⟦sha256⟧  ⟦App⟧Setup-⟦ver⟧.exe''')
B(_G, r'''Installers:
- Architecture: x64
  InstallerUrl: https://github.com/⟦repo⟧/releases/download/v⟦ver⟧/⟦App⟧Setup.exe
  InstallerSha256: ⟦SHA256U⟧''')
B(_G, r'''[⟦time⟧] Signing ⟦App⟧Setup.exe with certificate thumbprint ⟦thumb⟧ (Azure Key Vault, managed identity)''')
B(_G, r'''permissions:
  id-token: write
  contents: read
concurrency: deploy-⟦app⟧-⟦n⟧''')
B(_G, r'''- uses: game-ci/unity-builder@v4
  env:
    UNITY_LICENSE: ${{ secrets.UNITY_LICENSE }}
    UNITY_EMAIL: ${{ secrets.UNITY_EMAIL }}
    UNITY_PASSWORD: ${{ secrets.UNITY_PASSWORD }}
  with:
    buildName: ⟦App⟧-⟦sha7⟧''')
B(_G, r'''env:
- name: SA_PASSWORD
  valueFrom:
    secretKeyRef:
      name: ⟦app⟧-sql
      key: sa-password   # rev ⟦n⟧''')
B(_G, r'''RUN --mount=type=secret,id=nuget_pat \
    dotnet restore "src/⟦App⟧.Api/⟦App⟧.Api.csproj" --configfile nuget.config''')
B(_G, r'''##[section]Starting: Download secrets: ⟦kv⟧
Downloading secret value for: SqlAdminPassword.
Downloading secret value for: SendGridApiKey.
##[section]Finishing: Download secrets: ⟦kv⟧ (⟦time⟧)''')
B(_G, r'''Artifact ⟦app⟧-win-x64 uploaded. Artifact digest: sha256:⟦sha256⟧''')
B(_G, r'''- uses: Azure/static-web-apps-deploy@v1
  with:
    azure_static_web_apps_api_token: ${{ secrets.AZURE_STATIC_WEB_APPS_API_TOKEN_⟦hexu8⟧ }}''')
B(_G, r'''deploy:
  provider: NuGet
  api_key:
    secure: ⟦b64s⟧
  artifact: /.*\.nupkg/''')
B(_G, r'''msdeploy -dest:auto,computerName="https://⟦appsvc⟧.scm.azurewebsites.net/msdeploy.axd",userName="$(DeployUser)",password="$(DeployPassword)",authType="Basic"''')
B(_G, r'''sqlpackage /Action:Publish /SourceFile:db.dacpac /TargetConnectionString:"$(SqlConnection)" /p:BlockOnPossibleDataLoss=false  # build ⟦num⟧''')
B(_G, r'''Run echo "deploying with token ***"
deploying with token ***
Deployed ⟦app⟧ ⟦ver⟧ to https://⟦appsvc⟧.azurewebsites.net''')
B(_G, r'''- name: Sign with Trusted Signing
  uses: azure/trusted-signing-action@v0.4.0
  with:
    endpoint: https://weu.codesigning.azure.net/
    trusted-signing-account-name: ⟦app⟧signing
    certificate-profile-name: ⟦app⟧-public-⟦n⟧''')

# ---------------- vendor-token ----------------
_G = "vendor-token"
B(_G, r'''STRIPE_PUBLISHABLE_KEY=⟦pklive⟧''')
B(_G, r'''GitHub token: ghp_••••••••••••••••••••••••••••••••⟦last4⟧ (revoked ⟦date⟧)''')
B(_G, r'''Discord application ID: ⟦snowflake⟧
Public key: ⟦dpkey⟧''')
B(_G, r'''Application (client) ID: ⟦guid⟧
Directory (tenant) ID: ⟦guid2⟧
Object ID: ⟦guid3⟧''')
B(_G, r'''"client_id": "⟦num⟧-⟦c30⟧.apps.googleusercontent.com"''')
B(_G, r'''Twilio Account SID: AC⟦hex32⟧ (auth token kept in Key Vault)''')
B(_G, r'''https://app.slack.com/client/T0⟦hexu8⟧/C0⟦hexu82⟧''')
B(_G, r'''Secret ID: ⟦guid⟧  Value: (hidden, shown only once)  Expires: ⟦date⟧''')
B(_G, r'''https://⟦kv⟧.vault.azure.net/secrets/DiscordBotToken/⟦hex32⟧''')
B(_G, r'''SteamID64: ⟦steamid⟧ · AppID 2⟦num⟧''')
B(_G, r'''Unity Cloud project ID: ⟦guid⟧ · organization: ⟦org⟧''')
B(_G, r'''PlayFab Title ID: ⟦hexu8⟧ (public, shipped in the client)''')
B(_G, r'''mapboxgl.accessToken = '⟦pktoken⟧'; // public pk token, URL-restricted''')
B(_G, r'''https://⟦storage⟧.blob.core.windows.net/public/⟦app⟧-⟦ver⟧.zip''')
B(_G, r'''OpenAI-Organization: ⟦orgid⟧''')
B(_G, r'''request-id: ⟦reqid⟧''')
B(_G, r'''Stripe event ⟦stripeid⟧ for customer ⟦stripeid2⟧ processed''')
B(_G, r'''GitHub Actions run ⟦num⟧⟦n⟧ · node id R_kgDO⟦hexu8⟧''')
B(_G, r'''Twitch client ID: ⟦c30⟧ (public, used in the extension frontend)''')
B(_G, r'''https://discord.gg/⟦invite⟧''')
B(_G, r'''/subscriptions/⟦guid⟧/resourceGroups/⟦rg⟧/providers/Microsoft.Web/sites/⟦appsvc⟧''')
B(_G, r'''AZURE_CLIENT_ID=⟦guid⟧
AZURE_TENANT_ID=⟦guid2⟧
AZURE_CLIENT_SECRET=   # leave empty, use managed identity''')
B(_G, r'''sk-...⟦last4⟧ (OpenAI key, last four only, rotated ⟦date⟧)''')
B(_G, r'''x-ms-request-id: ⟦guid⟧
x-ms-version: 2023-11-03
ETag: "⟦etag⟧"''')
B(_G, r'''Windows SID: ⟦sid⟧''')

# ==========================================================================
# assembly
# ==========================================================================
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
                "note-or-chat", "ci-and-deploy", "vendor-token"]
_PER_GROUP = 185
_BENIGN_PER_GROUP = 119


def _build_secrets():
    out = []
    for grp in _GROUP_ORDER:
        specs = [t for t in _T if t[0] == grp]
        base, extra = divmod(_PER_GROUP, len(specs))
        for i, (_g, fmt, gen, tmpl, vis) in enumerate(specs):
            for _ in range(base + (1 if i < extra else 0)):
                text, secret, visible = _instance(gen, tmpl, vis)
                out.append((grp, fmt, text, secret, visible))
    return out


def _render_benign(tmpl):
    cache = {}

    def g(name):
        if name not in cache:
            cache[name] = _field(name, g)
        return cache[name]

    return _FIELD_RE.sub(lambda m: g(m.group(1)), tmpl)


def _build_benign():
    out = []
    seen = set()
    for grp in _GROUP_ORDER:
        specs = [t for t in _BT if t[0] == grp]
        base, extra = divmod(_BENIGN_PER_GROUP, len(specs))
        for i, (_g, tmpl) in enumerate(specs):
            want = base + (1 if i < extra else 0)
            got = 0
            tries = 0
            while got < want and tries < 50:
                tries += 1
                s = _render_benign(tmpl)
                if s in seen or any(u in s for u in _LONG_USED):
                    continue
                seen.add(s)
                out.append(s)
                got += 1
    return out


SECRETS = _build_secrets()
_LONG_USED = [s for s in _USED if len(s) >= 8]
BENIGN = _build_benign()

del _LONG_USED
