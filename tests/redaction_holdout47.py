"""Blind hold-out corpus #47 for a secret-redaction engine.

What it is
----------
A test corpus of text fragments of the kind a coding agent (Claude Code,
Codex, Gemini CLI) writes into its saved working state: goals, running
notes, shell commands it ran, tool output, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each fragment in SECRETS carries exactly one credential that a redaction
engine must remove; each string in BENIGN carries none, although it is
built to look secret-ish to a naive scanner.

Theme
-----
Biotech and pharma laboratories: LIMS and ELN systems (Benchling, LabWare,
STARLIMS, LabKey), sequencers and their run folders (NovaSeq, MiSeq,
PacBio, Nanopore), lab robots and liquid handlers (Hamilton, Tecan,
Beckman), bioinformatics pipelines (Nextflow, Snakemake, Cromwell, Galaxy)
on Slurm clusters and clouds, GxP-validated systems, clinical trial data
(EDC, REDCap, Medidata Rave, OpenClinica, CDISC SDTM/ADaM), and instrument
PCs that nobody updates.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule set or
engine source was consulted, and no search tool or web page was used.
Where a vendor's real credential shape is known it is imitated (prefixes,
lengths, alphabets); where it is unknown (several LIMS/ELN/sequencing
vendors) a plausible shape was invented. All hosts, organisations, people,
studies and values are fictitious; every secret is a fresh random draw.

Layout
------
SECRETS is a list of 5-tuples (group, format, text, secret, visible):
  group    one of command, tool-output, config-file, source-code,
           stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
  format   kebab-case name of the shape; each format is used two or
           three times (never more), so breadth beats volume
  text     the fragment as the agent would have recorded it
  secret   the exact substring of text that must not survive redaction
           (only the key body for PEM keys, only the signature for signed
           URLs, only the password for user:password pairs)
  visible  a substring of text that must stay readable, or ""
BENIGN is a list of distinct strings with no credential in them that still
look secret-ish: commit SHAs, checksums, UUIDs, run and trace ids, public
keys and fingerprints, placeholders, masked values, vault paths and secret
names, base64 of ordinary text, prose about passwords, policy text, etc.,
in the same contexts as the secrets.

Determinism
-----------
Every random value is drawn from _R = random.Random(4747) at import time,
in a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, written after every rule made for the forty-first to forty-fifth and read only
after: recall 0.962 (1,432 of 1,488) and false positives 10 of 950 (1.1%); 0.959 and 16
(1.7%) with the engine at that session's start. Tuned on since: 0.974 and 10 of 950.
"""
import base64
import random
import re
import string
import urllib.parse

_R = random.Random(4747)

_LOW = string.ascii_lowercase
_UP = string.ascii_uppercase
_DIG = string.digits
_ALNUM = _LOW + _UP + _DIG
_UPDIG = _UP + _DIG
_LOWDIG = _LOW + _DIG
_HEXD = "0123456789abcdef"
_B64 = _ALNUM + "+/"
_B64U = _ALNUM + "-_"
_SYM = "!*+-._=~^"
_RICH = "!#$%*+-._=~^@?/:;()[]|"


def _s(chars, n):
    return "".join(_R.choice(chars) for _ in range(n))


def _hex(n):
    return _s(_HEXD, n)


def _HEX(n):
    return _s("0123456789ABCDEF", n)


def _pick(seq):
    return _R.choice(seq)


def _n(a, b):
    return _R.randint(a, b)


def _rbytes(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64bytes(n):
    return base64.b64encode(_rbytes(n)).decode()


def _b64ubytes(n):
    return base64.urlsafe_b64encode(_rbytes(n)).decode().rstrip("=")


def _b64text(t):
    return base64.b64encode(t.encode()).decode()


def _b64utext(t):
    return base64.urlsafe_b64encode(t.encode()).decode().rstrip("=")


# ----------------------------------------------------------------------------
# vocabulary
# ----------------------------------------------------------------------------
_WORDS = [
    "orchid", "falcon", "granite", "pipette", "vortex", "harbor", "cobalt",
    "meadow", "lantern", "quartz", "saffron", "glacier", "thistle", "ember",
    "willow", "cactus", "nebula", "otter", "maple", "copper", "tundra",
    "violet", "canyon", "raven", "plasmid", "ribosome", "helix", "reagent",
    "cuvette", "petri", "aliquot", "centrifuge", "incubator", "spectra",
    "buffer", "primer", "enzyme", "ligase", "codon", "amplicon", "lysate",
    "pellet", "titer", "assay", "beaker", "flask", "mango", "pepper",
    "sparrow", "basalt", "juniper", "lotus", "marble", "nutmeg", "opal",
    "pebble", "quill", "rustic", "sierra", "tango", "umber", "velvet",
    "walnut", "yonder", "zephyr", "anchor", "biscuit", "candle", "dolphin",
    "fjord", "gecko", "hazel", "igloo", "jasper", "kettle", "lemon", "mosaic",
    "nectar", "oyster", "parsec", "quiver", "ripple", "sonnet", "tulip",
    "wombat", "yarrow", "zinnia", "pumpkin", "blossom", "thunder", "coral",
    "saturn", "comet", "badger", "heron", "cedar", "clover", "puffin",
    "mistral", "kiwi", "paprika", "cinnamon", "lagoon", "tortoise", "pixel",
]
_SEASONS = ["Spring", "Summer", "Autumn", "Winter", "Fruehling", "Sommer",
            "Herbst", "Printemps", "Automne", "Hiver", "Verano", "Invierno",
            "Primavera", "Otono", "Estate", "Inverno", "Lente", "Zomer"]
_BRANDS = ["Illumina", "NovaSeq", "MiSeq", "NextSeq", "Hamilton", "Tecan",
           "Fluent", "Biomek", "Agilent", "Waters", "Empower", "Thermo",
           "Qiagen", "Eppendorf", "Sartorius", "Bruker", "Sciex", "Benchling",
           "LabWare", "Starlims", "Nextflow", "Snakemake", "Chromeleon",
           "QuantStudio", "Opentrons", "PacBio", "Nanopore", "Cytiva",
           "Revvity", "Echo525", "Janus", "Mosquito", "Freezer"]
_FIRST = ["Anja", "Bastian", "Chiara", "Dmitri", "Eleni", "Farah", "Gustavo",
          "Hiroshi", "Ingrid", "Jonas", "Kavya", "Lukas", "Mei", "Nadia",
          "Oluwaseun", "Priya", "Quentin", "Rafael", "Sanna", "Tomasz",
          "Ursula", "Vikram", "Wen", "Ximena", "Yusuf", "Zofia", "Amara",
          "Bjorn", "Camille", "Diego", "Esra", "Florian", "Giulia", "Hannah",
          "Ibrahim", "Jae-won", "Kenji", "Leila", "Mateo", "Noor", "Oskar",
          "Paulina", "Rohan", "Sofia", "Thanh", "Valentina", "Wojciech",
          "Yara", "Aiko", "Bongani", "Carmen", "Dara", "Emeka", "Freya"]
_LAST = ["Keller", "Okafor", "Rossi", "Nakamura", "Lindqvist", "Kowalski",
         "Moreau", "Haddad", "Silva", "Novak", "Chen", "Iyer", "Fischer",
         "Garcia", "Petrov", "Yilmaz", "Jansen", "Dubois", "Tanaka", "Berg",
         "Osei", "Kim", "Costa", "Schmidt", "Ivanova", "Horvat", "Mensah",
         "Andersen", "Bianchi", "Castillo", "Delacroix", "Ekstrom", "Ferreira",
         "Gupta", "Holm", "Ito", "Jovanovic", "Kaur", "Larsen", "Mwangi"]
_SVC = ["svc_lims", "svc_eln_sync", "labadmin", "ngs_ingest", "seqsync",
        "hamilton", "tecan", "lims_app", "starlims_svc", "lw_batch",
        "nf_runner", "smk_user", "omero_ro", "redcap_api", "edc_export",
        "benchling_etl", "hplc_acq", "qc_reader", "biostat_ro", "cro_upload",
        "instrument", "illumina", "sbsuser", "minknow", "smrt_admin",
        "galaxy_svc", "irods_ingest", "labkey_app", "airflow_etl", "empower_svc"]
_ORGS = ["helixara", "vantabio", "quillgen", "orinthera", "brevalis",
         "kestrelbio", "tessellate", "novarune", "calderarx", "lumenfold",
         "mirabellebio", "synthetica", "aurigen", "petrichortx", "solvane",
         "zenthera", "ambrosiabio", "corvalis", "veridiangen", "pallastx"]
_TLD = ["internal", "lan", "corp", "example", "test", "local"]
_HOSTP = ["lims", "eln", "starlims", "labware", "seqsrv", "ngs-nas",
          "hpc-login", "slurm-ctl", "nf-head", "benchsync", "redcap",
          "edc-gw", "omero", "galaxy", "irods", "minio", "labkey", "smrtlink",
          "minknow", "chromeleon", "empower", "grafana", "airflow",
          "cromwell", "sdms", "cdisc-etl", "sas-grid", "biostore",
          "instr-gw", "qc-db", "lab-sql", "pacbio-ctl", "bcl-conv"]
_ENVS = ["prod", "val", "qa", "dev", "test", "uat", "gxp", "", "", ""]
_WINPC = ["NOVASEQ-PC", "MISEQ-PC", "HAM-STAR", "TECAN-EVO", "FLUENT",
          "QS7-LAB", "HPLC-ACQ", "UPLC-", "BIOMEK-I7", "ECHO-", "PLATEREAD",
          "FACS-ARIA", "CYTOFLEX", "KINGFISHER", "QUBIT-PC", "TAPESTN",
          "LC-MS-", "NANODROP", "IMAGER-", "FREEZER-MON"]
_INSTR = ["NovaSeq 6000", "NovaSeq X Plus", "MiSeq", "NextSeq 2000",
          "Hamilton STAR", "Hamilton Vantage", "Tecan Fluent 780",
          "Tecan Freedom EVO 150", "Biomek i7", "Echo 525", "QuantStudio 7",
          "Sequel IIe", "Revio", "PromethION 24", "GridION", "CytoFLEX LX",
          "Agilent 1290 Infinity II", "Waters Acquity", "KingFisher Flex",
          "TapeStation 4200", "Opentrons OT-2", "SpectraMax iD5"]
_DBS = ["labware", "lims_prod", "starlims_data", "eln", "ngs_runs",
        "sample_tracking", "venus_audit", "empower3", "chromeleon",
        "redcap", "clinical_dm", "sdtm_stage", "labkey", "omero", "galaxy",
        "cromwell", "airflow", "biobank", "freezer_inv", "qc_results"]
_PROJ = ["rnaseq-pilot", "wgs-trio", "crispr-screen", "scrna-atlas",
         "adc-stability", "mab-titer", "pk-bridging", "biomarker-panel",
         "cfDNA-mrd", "tox-14d", "organoid-ko", "phage-lib"]
_NS = ["lab", "lims", "ngs", "eln", "bioinfo", "clinical", "gxp-val",
       "pipelines", "data-eng", "instruments"]
_REGIONS = ["eu-west-1", "eu-central-1", "us-east-1", "us-east-2",
            "us-west-2", "ap-northeast-1", "eu-north-1"]


def f_org():
    return _pick(_ORGS)


def f_domain():
    return _pick(["", "lab.", "corp.", "research.", "ops."]) + f_org() + "." + _pick(_TLD)


def f_host():
    env = _pick(_ENVS)
    return "%s%s-%02d.%s" % (_pick(_HOSTP), ("-" + env) if env else "", _n(1, 24), f_domain())


def f_shost():
    p = _pick(_WINPC)
    return "%s%s%02d" % (p, "" if p.endswith("-") else "-", _n(1, 40))


def f_ip():
    k = _n(0, 2)
    if k == 0:
        return "10.%d.%d.%d" % (_n(10, 90), _n(0, 255), _n(2, 250))
    if k == 1:
        return "172.%d.%d.%d" % (_n(16, 31), _n(0, 255), _n(2, 250))
    return "192.168.%d.%d" % (_n(0, 40), _n(2, 250))


def f_person():
    return _pick(_FIRST)


def f_last():
    return _pick(_LAST)


def f_user():
    k = _n(0, 2)
    if k == 0:
        return _pick(_SVC)
    if k == 1:
        return (_pick(_FIRST)[0] + _pick(_LAST)).lower().replace("-", "")
    return _pick(_FIRST).lower().replace("-", "") + "." + _pick(_LAST).lower()


def f_email():
    return f_user().replace("_", ".") + "@" + f_org() + "." + _pick(["com", "io", "bio", "eu"])


def f_db():
    return _pick(_DBS)


def f_port():
    return _pick([5432, 3306, 1433, 1521, 27017, 6379, 5672, 8443, 9443, 443, 8080])


def f_bucket():
    return "%s-%s-%s" % (f_org(), _pick(["ngs-raw", "fastq-archive", "nf-work", "eln-exports",
                                          "sdtm-drop", "run-folders", "cram-store", "tower-work"]),
                          _pick(["prod", "dev", "eu", "us", "gxp", "scratch"]))


def f_run():
    d = "%02d%02d%02d" % (_n(21, 25), _n(1, 12), _n(1, 28))
    k = _n(0, 2)
    if k == 0:
        return "%s_A%05d_%04d_%s" % (d, _n(100, 99999), _n(1, 999), "B" + _s(_UPDIG, 7) + "DSX" + str(_n(1, 9)))
    if k == 1:
        return "%s_M%05d_%04d_000000000-%s" % (d, _n(100, 99999), _n(1, 999), _s(_UPDIG, 5))
    return "%s_VH%05d_%d_%s" % (d, _n(100, 99999), _n(1, 400), "AA" + _s(_UPDIG, 7))


def f_sample():
    return "%s-%04d-%s" % (_pick(["S", "LIB", "BX", "PT", "QC", "RNA", "DNA"]), _n(1, 9999), _pick(["A", "B", "T1", "N", "D0", "D14"]))


def f_study():
    return "%s-%d-%d" % (_s(_UP, 3), _n(100, 999), _n(100, 399))


def f_site():
    return "%03d" % _n(1, 240)


def f_sha():
    return _hex(40)


def f_sha7():
    return _hex(7)


def f_sha256():
    return _hex(64)


def f_md5():
    return _hex(32)


def f_uuid():
    h = _hex(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _pick("89ab"), h[17:20], h[20:32])


def f_date():
    return "20%02d-%02d-%02d" % (_n(22, 25), _n(1, 12), _n(1, 28))


def f_time():
    return "%02d:%02d:%02d" % (_n(0, 23), _n(0, 59), _n(0, 59))


def f_ts():
    return "%sT%s.%03dZ" % (f_date(), f_time(), _n(0, 999))


def f_num():
    return str(_n(2, 9999))


def f_n():
    return str(_n(1, 60))


def f_ver():
    return "%d.%d.%d" % (_n(0, 9), _n(0, 30), _n(0, 20))


def f_region():
    return _pick(_REGIONS)


def f_ns():
    return _pick(_NS)


def f_instr():
    return _pick(_INSTR)


def f_proj():
    return _pick(_PROJ)


def f_acct():
    return str(_n(100000000000, 999999999999))


def f_pid():
    return str(_n(300, 65000))


def f_akid():
    return "AKIA" + _s(_UP + "234567", 16)


def f_hex8():
    return _hex(8)


def f_hex16():
    return _hex(16)


def f_hex32():
    return _hex(32)


def f_hex40():
    return _hex(40)


def f_hex64():
    return _hex(64)


def f_year():
    return str(_n(2019, 2025))


def f_word():
    return _pick(_WORDS)


def f_fc():
    return _s(_UPDIG, 9)


def f_jobid():
    return str(_n(1000000, 9999999))


def f_line():
    return str(_n(12, 880))


_FILL = dict((k[2:], v) for k, v in list(globals().items()) if k.startswith("f_") and callable(v))

# ----------------------------------------------------------------------------
# secret generators
# ----------------------------------------------------------------------------


def pw_word():
    w = _pick(_WORDS).capitalize()
    d = str(_n(1, 9999))
    sym = _pick(_SYM)
    k = _n(0, 3)
    if k == 0:
        return w + d + sym
    if k == 1:
        return w + sym + d
    if k == 2:
        return sym + w + d + _pick(_WORDS)[:3]
    return w + _pick(_WORDS).capitalize() + d


def pw_season():
    return _pick(_SEASONS) + str(_n(2018, 2026)) + _pick(_SYM) + str(_n(0, 99))


def pw_phrase():
    sep = _pick(["-", ".", "_", "+", "~"])
    k = _n(3, 4)
    ws = [_pick(_WORDS) for _ in range(k)]
    if _n(0, 1):
        ws[_n(0, k - 1)] = ws[0].capitalize()
    return sep.join(ws) + sep + str(_n(1, 99))


def pw_phrase_sp():
    return " ".join(_pick(_WORDS) for _ in range(_n(3, 5))) + " " + str(_n(1, 999))


def pw_pron():
    cons = "bcdfghjklmnprstvz"
    vow = "aeiou"
    out = ""
    for i in range(_n(4, 5)):
        c = _pick(cons)
        if i == 0:
            c = c.upper()
        out += c + _pick(vow)
    return out + str(_n(10, 9999)) + _pick(["", "!", ".", "*", "-"])


def pw_rand():
    return _s(_ALNUM + _SYM, _n(14, 22))


def pw_rich():
    while True:
        v = _s(_ALNUM + _RICH, _n(12, 20))
        if any(c in _RICH for c in v):
            return v


def pw_urlsafe():
    return _s(_ALNUM + "-_.~", _n(16, 28))


def pw_leet():
    w = _pick(_WORDS)
    tbl = {"a": "@", "e": "3", "i": "1", "o": "0", "s": "5"}
    w = "".join(tbl.get(c, c) if _n(0, 1) else c for c in w)
    w = w[0].upper() + w[1:]
    return w + _pick(["#", "!", "$", "*", "%"]) + str(_n(10, 999))


def pw_leet_safe():
    w = _pick(_WORDS)
    tbl = {"e": "3", "i": "1", "o": "0", "s": "5", "a": "4"}
    w = "".join(tbl.get(c, c) if _n(0, 1) else c for c in w)
    return w[0].upper() + w[1:] + _pick(_SYM) + str(_n(10, 999))


def pw_lab():
    b = _pick(_BRANDS)
    k = _n(0, 3)
    if k == 0:
        return b + _pick(["_", "-", "."]) + str(_n(2015, 2026)) + _pick(_SYM)
    if k == 1:
        return b.lower() + str(_n(100, 99999))
    if k == 2:
        return _pick(_SYM) + b + _pick(_WORDS).capitalize() + str(_n(1, 99))
    return b + str(_n(1, 99)) + _pick(["lab", "Lab", "qc", "QC", "ngs", "Seq"]) + _pick(_SYM)


def pw_weak():
    return _pick(_WORDS + [b.lower() for b in _BRANDS]) + str(_n(100, 99999))


def pw_pin():
    return str(_n(100000, 99999999))


def pw_sym():
    while True:
        v = _s(_ALNUM + "!*^=+-_.", _n(10, 13))
        if any(c in "!*^=+-_." for c in v) and any(c in _DIG for c in v):
            return v


def pw():
    g = _pick([pw_word, pw_season, pw_phrase, pw_pron, pw_rand, pw_leet_safe,
               pw_lab, pw_weak, pw_sym, pw_word, pw_lab])
    return g()


def pw_q():
    g = _pick([pw, pw, pw_rich, pw_leet, pw_phrase_sp])
    return g()


def pw_urlenc():
    base = _pick(_WORDS).capitalize() + _pick(["@", "#", ":", "/", "?", "%"]) + str(_n(10, 9999)) + _pick(["!", "@", "$", "&"])
    return urllib.parse.quote(base, safe="")


def pw_community():
    return _pick(_WORDS) + _pick(["mon", "ro", "lab", "snmp", ""]) + str(_n(100, 9999))


def pw_backup():
    k = _n(0, 2)
    if k == 0:
        return "%04d-%04d" % (_n(0, 9999), _n(0, 9999))
    if k == 1:
        return _s(_LOWDIG, 5) + "-" + _s(_LOWDIG, 5)
    return "%s %s" % (_s(_DIG, 4), _s(_DIG, 4))


def pw_wifi():
    return _pick([pw_phrase, pw_word, pw_rand, pw_lab])()


def tok_ghp():
    return "ghp_" + _s(_ALNUM, 36)


def tok_github_pat():
    return "github_pat_11" + _s(_UPDIG, 20) + "_" + _s(_ALNUM, 59)


def tok_gho():
    return "gho_" + _s(_ALNUM, 36)


def tok_ghs():
    return "ghs_" + _s(_ALNUM, 36)


def tok_ghu():
    return "ghu_" + _s(_ALNUM, 36)


def tok_ghr():
    return "ghr_" + _s(_ALNUM, 36)


def tok_gh_reg():
    return "A" + _s(_UPDIG, 28)


def tok_glpat():
    return "glpat-" + _s(_B64U, 20)


def tok_gldt():
    return "gldt-" + _s(_B64U, 20)


def tok_glrt():
    return "glrt-" + _pick(["", "t1_", "t3_"]) + _s(_B64U, 20)


def tok_glptt():
    return "glptt-" + _hex(40)


def tok_glcbt():
    return "glcbt-" + _hex(2) + "_" + _s(_B64U, 20)


def tok_aws_secret():
    return _s(_B64, 40)


def tok_aws_session():
    return _pick(["IQoJb3JpZ2luX2VjE", "FwoGZXIvYXdzE"]) + _s(_B64, _n(180, 260)) + _pick(["", "=", "=="])


def tok_slack_bot():
    return "xoxb-%d-%d-%s" % (_n(10 ** 10, 10 ** 12), _n(10 ** 12, 10 ** 13), _s(_ALNUM, 24))


def tok_slack_user():
    return "xoxp-%d-%d-%d-%s" % (_n(10 ** 10, 10 ** 12), _n(10 ** 10, 10 ** 12), _n(10 ** 12, 10 ** 13), _hex(32))


def tok_slack_app():
    return "xapp-1-A%s-%d-%s" % (_s(_UPDIG, 10), _n(10 ** 12, 10 ** 13), _hex(64))


def tok_slack_hook():
    return _s(_ALNUM, 24)


def tok_stripe_sk():
    return "sk_live_" + _s(_ALNUM, _pick([24, 99]))


def tok_stripe_rk():
    return "rk_live_" + _s(_ALNUM, _pick([24, 99]))


def tok_whsec():
    return "whsec_" + _s(_ALNUM, 32)


def tok_hex32():
    return _hex(32)


def tok_hex40():
    return _hex(40)


def tok_hex48():
    return _hex(48)


def tok_hex64():
    return _hex(64)


def tok_HEX32():
    return _HEX(32)


def tok_alnum32():
    return _s(_ALNUM, 32)


def tok_alnum40():
    return _s(_ALNUM, 40)


def tok_sendgrid():
    return "SG." + _s(_B64U, 22) + "." + _s(_B64U, 43)


def tok_mailgun():
    return "key-" + _hex(32)


def tok_openai():
    if _n(0, 2):
        return "sk-proj-" + _s(_B64U, _n(100, 150))
    return "sk-" + _s(_ALNUM, 20) + "T3BlbkFJ" + _s(_ALNUM, 20)


def tok_anthropic():
    return "sk-ant-api03-" + _s(_B64U, 93) + "AA"


def tok_hf():
    return "hf_" + _s(_LOW + _UP, 34)


def tok_google_api():
    return "AIza" + _s(_B64U, 35)


def tok_gocspx():
    return "GOCSPX-" + _s(_B64U, 28)


def tok_google_refresh():
    return "1//0" + _s(_B64U, _n(90, 110))


def tok_ya29():
    return "ya29." + _s(_B64U, _n(150, 200))


def tok_azure_storage():
    return _b64bytes(64)


def tok_azure_client_secret():
    return _s(_ALNUM, 3) + str(_n(0, 9)) + "Q~" + _s(_ALNUM + "_.~-", 34)


def tok_azure_devops():
    return _s("abcdefghijklmnopqrstuvwxyz234567", 52)


def tok_npm():
    return "npm_" + _s(_ALNUM, 36)


def tok_pypi():
    return "pypi-AgEIcHlwaS5vcmc" + _s(_B64U, _n(120, 170))


def tok_dockerhub():
    return "dckr_pat_" + _s(_B64U, 27)


def tok_newrelic():
    return "NRAK-" + _s(_UPDIG, 27)


def tok_sentry():
    return "sntrys_" + "eyJpYXQiOjE3" + _s(_B64, _n(100, 140)) + "_" + _s(_B64, 43)


def tok_vault():
    if _n(0, 1):
        return "hvs." + _s(_ALNUM, 24)
    return "hvs.CAESI" + _s(_B64U, 80) + "Gh4KHGh2cy4" + _s(_ALNUM, 22)


def tok_tfc():
    return _s(_ALNUM, 14) + ".atlasv1." + _s(_ALNUM, 67)


def tok_okta():
    return "00" + _s(_B64U, 40)


def tok_atlassian():
    return "ATATT3xFfGF0" + _s(_B64U, 170) + "=" + _HEX(8)


def tok_jfrog():
    if _n(0, 1):
        return "AKCp8" + _s(_ALNUM, 68)
    return "cmVmdGtuOjAxOjE3" + _s(_ALNUM, 48)


def tok_databricks():
    return "dapi" + _hex(32) + _pick(["", "-2", "-3"])


def tok_digitalocean():
    return "dop_v1_" + _hex(64)


def tok_cloudflare():
    return _s(_B64U, 40)


def tok_linear():
    return "lin_api_" + _s(_ALNUM, 40)


def tok_notion():
    if _n(0, 1):
        return "ntn_" + _s(_DIG, 11) + _s(_ALNUM, 35)
    return "secret_" + _s(_ALNUM, 43)


def tok_airtable():
    return "pat" + _s(_ALNUM, 14) + "." + _hex(64)


def tok_postman():
    return "PMAK-" + _hex(24) + "-" + _hex(34)


def tok_doppler():
    return "dp.st." + _pick(["prd", "stg", "dev"]) + "." + _s(_ALNUM, 40)


def tok_telegram():
    return "%d:AA%s" % (_n(10 ** 8, 10 ** 10), _s(_B64U, 33))


def tok_discord():
    return _b64utext(str(_n(10 ** 17, 10 ** 18))) + "." + _s(_B64U, 6) + "." + _s(_B64U, 38)


def tok_grafana_sa():
    return "glsa_" + _s(_ALNUM, 32) + "_" + _hex(8)


def tok_uuid():
    return f_uuid()


def tok_sonar():
    return "squ_" + _hex(40)


def tok_buildkite():
    return "bkua_" + _hex(40)


def tok_figma():
    return "figd_" + _s(_B64U, 40)


def tok_mapbox_sk():
    return "sk.eyJ1Ijoi" + _b64utext(f_org() + "\",\"a\":\"" + _s(_LOWDIG, 12) + "\"}") + "." + _s(_B64U, 22)


def tok_pagerduty():
    return "u+" + _s(_B64U, 18)


def tok_benchling():
    return "sk_" + _s(_ALNUM, 30)


def tok_benchling_cs():
    return "cs_" + _s(_ALNUM, 40)


def tok_ica():
    return _s(_ALNUM, 8) + "-" + _s(_ALNUM, 32)


def tok_tower():
    return _b64text('{"tid": %d,"secret":"%s"}' % (_n(1, 99999), _hex(40))).rstrip("=")


def tok_veeva():
    return _HEX(_n(96, 128))


def tok_labkey():
    return "apikey|" + _hex(32)


def tok_heroku():
    return "HRKU-AA" + _s(_B64U, 58)


def tok_age():
    return "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)


def tok_tailscale():
    return "tskey-auth-" + _s(_ALNUM, 11) + "CNTRL-" + _s(_ALNUM, 32)


def tok_pulumi():
    return "pul-" + _hex(40)


def tok_confluent():
    return _s(_B64, 64)


def tok_mailchimp():
    return _hex(32) + "-us" + str(_n(1, 21))


def tok_octopus():
    return "API-" + _s(_UPDIG, 27)


def tok_jwt():
    hdr = _b64utext('{"alg":"%s","typ":"JWT"}' % _pick(["HS256", "RS256", "ES256"]))
    pay = _b64utext('{"sub":"%s","iat":%d,"exp":%d,"scope":"%s"}' % (
        f_user(), _n(1700000000, 1750000000), _n(1750000000, 1790000000),
        _pick(["read write", "runs:read", "lims.api", "eln.sync", "admin"])))
    return hdr + "." + pay + "." + _s(_B64U, _pick([43, 86, 342]))


def tok_k8s_sa():
    hdr = _b64utext('{"alg":"RS256","kid":"%s"}' % _s(_B64U, 43))
    pay = _b64utext('{"iss":"kubernetes/serviceaccount","kubernetes.io/serviceaccount/namespace":"%s","sub":"system:serviceaccount:%s:%s"}' % (f_ns(), f_ns(), _pick(["ci-deployer", "nf-runner", "eln-sync"])))
    return hdr + "." + pay + "." + _s(_B64U, 342)


def tok_wireguard():
    return _b64bytes(32)


def tok_fernet():
    return base64.urlsafe_b64encode(_rbytes(32)).decode()


def tok_django():
    return _s(_LOWDIG + "!@#%^&*(-_=+)", 50)


def tok_b64_32():
    return _b64bytes(32)


def tok_b64_24():
    return _b64bytes(24)


def tok_ecr():
    return "eyJwYXlsb2FkIjoi" + _s(_B64, _n(300, 400)) + "=="


def tok_hmac40():
    return _s(_B64, 40)


def tok_conda():
    return _s(_LOW[:6], 2) + "-" + _hex(8) + "-" + _hex(4) + "-" + _hex(4) + "-" + _hex(4) + "-" + _hex(12)


def tok_cookie_jsession():
    return _HEX(32)


def tok_cookie_connect():
    return "s%3A" + _s(_B64U, 32) + "." + _s(_B64U, 43).replace("-", "%2B")


def tok_cookie_php():
    return _s(_LOWDIG, 26)


def tok_cookie_aspnet():
    return _s(_LOWDIG, 24)


def tok_cookie_django():
    return _s(_LOWDIG, 32)


def tok_cookie_laravel():
    return "eyJpdiI6I" + _s(_ALNUM, _n(180, 240)) + "%3D%3D"


def tok_s3sig():
    return _hex(64)


def tok_gcssig():
    return _hex(512)


def tok_cfsig():
    return _s(_ALNUM + "-~_", _n(170, 220))


def tok_azsig():
    raw = _b64bytes(32)
    return urllib.parse.quote(raw, safe="")


def _pem_lines(prefix, nlines, last=None):
    body = prefix + _s(_B64, 64 - len(prefix))
    lines = [body] + [_s(_B64, 64) for _ in range(nlines - 1)]
    if last:
        lines.append(_s(_B64, last) + "=" * ((4 - last % 4) % 4))
    return lines


def pem_rsa():
    return "\n".join(_pem_lines("MIIEowIBAAKCAQEA", _n(8, 24), _n(20, 60)))


def pem_pkcs8():
    return "\n".join(_pem_lines("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", _n(8, 24), _n(20, 60)))


def pem_ec():
    return "\n".join(["MHcCAQEEI" + _s(_B64, 55), _s(_B64, 64), _s(_B64, 64), _s(_B64, 40) + "=="])


def pem_openssh():
    first = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
    lines = [first[:70]] + [_s(_B64, 70) for _ in range(_n(3, 5))] + [_s(_B64, _n(20, 40)) + "="]
    return "\n".join(lines)


def pem_openssh_enc():
    first = "b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABA"
    lines = [first + _s(_B64, 70 - len(first))] + [_s(_B64, 70) for _ in range(_n(4, 6))] + [_s(_B64, 28)]
    return "\n".join(lines)


def pem_pkcs8_json():
    return "\\n".join(_pem_lines("MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKYwggSiAgEAAoIBAQ", _n(10, 25), _n(20, 60)))


def pem_pgp():
    return "\n".join(["lQdGBG" + _s(_B64, 58)] + [_s(_B64, 64) for _ in range(_n(6, 10))] + [_s(_B64, 30) + "=="])


def pem_ppk():
    return "\n".join(["AAAAIQ" + _s(_B64, 58)] + [_s(_B64, 64) for _ in range(_n(1, 2))] + [_s(_B64, 22) + "=="])


def jwk_d():
    return _s(_B64U, 43)


# kinds that need the other fills --------------------------------------------------

def k_basic(f):
    u = f.setdefault("user", f_user())
    return _b64text(u + ":" + pw())


def k_basic_tok(f):
    u = f.setdefault("user", f_user())
    return _b64text(u + ":" + _pick([tok_glpat, tok_alnum32, tok_hex40, pw])())


def k_b64pw(f):
    return _b64text(pw_q())


def k_dockerauth(f):
    u = f.setdefault("user", "robot$" + _pick(["ci", "nf-push", "eln-build", "lab-ci"]))
    return _b64text(u + ":" + _s(_ALNUM, 32))


def k_kubekey(f):
    pem = "-----BEGIN RSA PRIVATE KEY-----\n" + pem_rsa() + "\n-----END RSA PRIVATE KEY-----\n"
    return _b64text(pem)


def k_tower(f):
    return tok_tower()


def k_slackhook(f):
    f["slackpath"] = "T%s/B%s" % (_s(_UPDIG, 9), _s(_UPDIG, 10))
    return tok_slack_hook()


_KINDS = {}
for _name, _fn in list(globals().items()):
    if callable(_fn) and (_name.startswith("pw") or _name.startswith("tok_") or _name.startswith("pem_") or _name == "jwk_d"):
        _KINDS[_name] = (lambda g: (lambda f: g()))(_fn)
    elif callable(_fn) and _name.startswith("k_"):
        _KINDS[_name] = _fn

_PH = re.compile(r"\{\{([A-Za-z][A-Za-z0-9_]*)\}\}")


def _render(tpl, fills):
    def rep(m):
        k = m.group(1)
        if k not in fills:
            base = k if k in _FILL else k.rstrip("0123456789")
            fills[k] = _FILL[base]()
        return str(fills[k])
    return _PH.sub(rep, tpl)


# ----------------------------------------------------------------------------
# group: command  (shell commands the agent ran or was about to run)
# ----------------------------------------------------------------------------
_CMD = [
    ("mysql-p-attached-labware", "pw",
     "mysql -h {{host}} -u {{user}} -p{{S}} {{db}} -e \"SELECT COUNT(*) FROM SAMPLE WHERE STATUS='I'\"",
     "mysql -h {{host}}"),
    ("pgpassword-env-prefix-psql", "pw_q",
     "PGPASSWORD='{{S}}' psql -h {{host}} -U {{user}} -d {{db}} -c '\\dt audit.*'",
     "-d {{db}}"),
    ("pg-dump-url-userinfo", "pw",
     "pg_dump \"postgresql://{{user}}:{{S}}@{{host}}:5432/starlims\" -Fc -f /backups/starlims_{{date}}.dump",
     "/backups/starlims_{{date}}.dump"),
    ("curl-u-user-colon-pass", "pw",
     "curl -sk -u {{user}}:{{S}} \"https://{{host}}/labware/api/v1/samples?status=pending\" | jq length",
     "{{host}}"),
    ("sshpass-p-scp-run-folder", "pw",
     "sshpass -p '{{S}}' scp -r sbsuser@{{ip}}:/data/runs/{{run}} /mnt/ngs/incoming/",
     "{{run}}"),
    ("smbclient-u-percent-pass", "pw",
     "smbclient //{{shost}}/D$ -U 'LAB\\{{user}}%{{S}}' -c 'cd Runs; ls'",
     "//{{shost}}/D$"),
    ("mount-cifs-password-option", "pw",
     "sudo mount -t cifs //{{shost}}/MiSeqOutput /mnt/miseq -o username=sbsuser,password={{S}},vers=2.0,uid=nfsnobody",
     "/mnt/miseq"),
    ("net-use-positional-password", "pw",
     "net use Z: \\\\{{shost}}\\Data {{S}} /user:{{shost}}\\labadmin /persistent:no",
     "net use Z:"),
    ("cmdkey-generic-pass", "pw",
     "cmdkey /generic:TERMSRV/{{shost}} /user:{{shost}}\\Hamilton /pass:{{S}}",
     "TERMSRV/{{shost}}"),
    ("xfreerdp-slash-p", "pw",
     "xfreerdp /v:{{ip}} /u:Tecan /p:'{{S}}' /cert:ignore /dynamic-resolution +clipboard",
     "/v:{{ip}}"),
    ("docker-login-p-flag", "pw",
     "docker login registry.{{domain}} -u {{user}} -p {{S}}",
     "registry.{{domain}}"),
    ("echo-pipe-docker-password-stdin", "tok_alnum32",
     "echo '{{S}}' | docker login harbor.{{domain}} --username 'robot$nextflow' --password-stdin",
     "harbor.{{domain}}"),
    ("helm-repo-add-password", "pw",
     "helm repo add lab-charts https://charts.{{domain}} --username {{user}} --password {{S}}",
     "lab-charts"),
    ("kubectl-secret-from-literal", "tok_benchling",
     "kubectl -n {{ns}} create secret generic benchling-sync --from-literal=BENCHLING_API_KEY={{S}} --dry-run=client -o yaml | kubectl apply -f -",
     "benchling-sync"),
    ("export-then-nextflow-tower", "tok_tower",
     "export TOWER_ACCESS_TOKEN={{S}}\nexport TOWER_WORKSPACE_ID={{num}}\nnextflow run nf-core/rnaseq -r 3.14.0 -profile singularity -with-tower -params-file params.yaml",
     "nf-core/rnaseq"),
    ("nextflow-secrets-set-positional", "tok_hex32",
     "nextflow secrets set BASESPACE_TOKEN {{S}}",
     "nextflow secrets set BASESPACE_TOKEN"),
    ("aws-configure-set-secret", "tok_aws_secret",
     "aws configure set aws_access_key_id {{akid}} --profile ngs-archive\naws configure set aws_secret_access_key {{S}} --profile ngs-archive",
     "--profile ngs-archive"),
    ("az-login-service-principal-p", "tok_azure_client_secret",
     "az login --service-principal -u {{uuid}} -p '{{S}}' --tenant {{uuid2}}",
     "--tenant {{uuid2}}"),
    ("gsutil-hmac-secret-boto-option", "tok_hmac40",
     "gsutil -o \"Credentials:gs_access_key_id=GOOG1E{{hex16}}\" -o \"Credentials:gs_secret_access_key={{S}}\" ls gs://{{bucket}}/runs/",
     "gs://{{bucket}}/runs/"),
    ("ipmitool-bmc-cap-p-flag", "pw",
     "ipmitool -I lanplus -H {{ip}} -U ADMIN -P {{S}} chassis power cycle",
     "chassis power cycle"),
    ("snmpwalk-community-string", "pw_community",
     "snmpwalk -v2c -c {{S}} {{ip}} 1.3.6.1.4.1.2021.10",
     "1.3.6.1.4.1.2021.10"),
    ("redis-cli-a-flag", "pw_q",
     "redis-cli -h {{host}} -p 6379 -a '{{S}}' --no-auth-warning LLEN snakemake:jobs",
     "snakemake:jobs"),
    ("mongosh-uri-userinfo", "pw_urlsafe",
     "mongosh \"mongodb://{{user}}:{{S}}@{{host}}:27017/eln?authSource=admin\" --eval 'db.entries.countDocuments()'",
     "authSource=admin"),
    ("sqlcmd-capital-p", "pw",
     "sqlcmd -S {{shost}}\\SQLEXPRESS -U sa -P {{S}} -Q \"SELECT name FROM sys.databases\"",
     "SQLEXPRESS"),
    ("sqlplus-user-slash-pass-at-tns", "pw",
     "sqlplus lims_owner/{{S}}@//{{host}}:1521/LWPROD @purge_temp_tables.sql",
     "purge_temp_tables.sql"),
    ("wget-user-password-flags", "pw_q",
     "wget --user={{user}} --password='{{S}}' -c https://{{host}}/dl/fastq/{{run}}.tar",
     "{{run}}.tar"),
    ("rsync-password-env-prefix", "pw",
     "RSYNC_PASSWORD={{S}} rsync -av --partial rsync://ngsbackup@{{host}}/runs/ /archive/runs/",
     "/archive/runs/"),
    ("htpasswd-b-positional", "pw",
     "sudo htpasswd -b /etc/nginx/.htpasswd multiqc {{S}}",
     "/etc/nginx/.htpasswd"),
    ("rabbitmqctl-add-user-positional", "pw",
     "rabbitmqctl add_user lims_events {{S}} && rabbitmqctl set_permissions -p / lims_events \".*\" \".*\" \".*\"",
     "lims_events"),
    ("openssl-pkcs12-passout", "pw",
     "openssl pkcs12 -export -in eln.crt -inkey eln.key -certfile ca-chain.pem -out eln.p12 -passout pass:{{S}}",
     "eln.p12"),
    ("keytool-storepass-flag", "pw",
     "keytool -importcert -alias labware-ca -file ca.pem -keystore /opt/labware/jre/lib/security/cacerts -storepass {{S}} -noprompt",
     "labware-ca"),
    ("zip-cap-p-unblinded-export", "pw_q",
     "zip -r -P '{{S}}' unblinded_{{study}}.zip export/randomization/",
     "unblinded_{{study}}.zip"),
    ("sevenzip-p-attached", "pw",
     "7z a -p{{S}} -mhe=on sdtm_{{study}}_{{date}}.7z sdtm/*.xpt define.xml",
     "define.xml"),
    ("gpg-batch-passphrase", "pw_phrase_sp",
     "gpg --batch --yes --pinentry-mode loopback --passphrase '{{S}}' -c --cipher-algo AES256 randomization_list.csv",
     "randomization_list.csv"),
    ("echo-pipe-sudo-stdin", "pw",
     "echo '{{S}}' | sudo -S systemctl restart slurmctld",
     "systemctl restart slurmctld"),
    ("psexec-p-flag-instrument-pc", "pw",
     "psexec \\\\{{shost}} -u {{shost}}\\Administrator -p {{S}} -s cmd /c \"sc stop MinKNOW\"",
     "sc stop MinKNOW"),
    ("mosquitto-pub-cap-p-flag", "pw",
     "mosquitto_pub -h {{host}} -u incubator -P {{S}} -t lab/incubator/3/temp -m 37.1",
     "lab/incubator/3/temp"),
    ("influx-v1-password-flag", "pw_q",
     "influx -host {{host}} -username grafana -password '{{S}}' -database freezer_temps -execute 'SHOW MEASUREMENTS'",
     "freezer_temps"),
    ("git-clone-oauth2-glpat-url", "tok_glpat",
     "git clone https://oauth2:{{S}}@gitlab.{{domain}}/bioinfo/nf-wgs.git",
     "bioinfo/nf-wgs.git"),
    ("git-remote-set-url-ghp", "tok_ghp",
     "git remote set-url origin https://{{S}}@github.com/{{org}}/snakemake-rnaseq.git",
     "snakemake-rnaseq.git"),
    ("pip-install-index-url-creds", "pw_urlsafe",
     "pip install --index-url https://{{user}}:{{S}}@artifactory.{{domain}}/api/pypi/pypi-lab/simple labcore==2.4.1",
     "labcore==2.4.1"),
    ("npm-config-set-authtoken", "tok_ghp",
     "npm config set //npm.pkg.github.com/:_authToken {{S}}",
     "//npm.pkg.github.com/"),
    ("curl-bearer-basespace", "tok_hex32",
     "curl -s -H \"Authorization: Bearer {{S}}\" 'https://api.basespace.illumina.com/v2/users/current/runs?limit=5' | jq '.Items[].ExperimentName'",
     "api.basespace.illumina.com"),
    ("curl-benchling-key-as-basic-user", "tok_benchling",
     "curl -s -u \"{{S}}:\" \"https://{{org}}.benchling.com/api/v2/dna-sequences?pageSize=5\"",
     "{{org}}.benchling.com"),
    ("curl-redcap-token-form-field", "tok_HEX32",
     "curl -s -X POST https://redcap.{{domain}}/api/ -d token={{S}} -d content=record -d format=json -d type=flat -d 'forms[0]=demographics'",
     "content=record"),
    ("httpie-a-user-pass", "pw",
     "http -a {{user}}:{{S}} GET https://{{host}}/starlims/api/instruments status==ONLINE",
     "/starlims/api/instruments"),
    ("mysqldump-password-long-option", "pw",
     "mysqldump --user=eln_ro --password={{S}} --host={{host}} --single-transaction eln | gzip > eln_{{date}}.sql.gz",
     "eln_{{date}}.sql.gz"),
    ("here-string-vncpasswd", "pw",
     "vncpasswd -f <<< '{{S}}' > ~/.vnc/passwd && chmod 600 ~/.vnc/passwd",
     "~/.vnc/passwd"),
    ("ldapsearch-w-bind-password", "pw_q",
     "ldapsearch -x -H ldaps://{{host}} -D \"cn=svc-lims,ou=Service,dc=lab,dc=corp\" -w '{{S}}' -b \"dc=lab,dc=corp\" \"(sAMAccountName={{user}})\"",
     "cn=svc-lims,ou=Service,dc=lab,dc=corp"),
    ("iadmin-moduser-password", "pw",
     "iadmin moduser ngs_ingest password {{S}}",
     "iadmin moduser ngs_ingest"),
    ("omero-login-w-flag", "pw",
     "omero login -s {{host}} -u {{user}} -w {{S}} -p 4064 && omero import -d {{num}} plate_scans/",
     "omero import"),
    ("galaxy-api-key-query-param", "tok_hex32",
     "curl \"https://galaxy.{{domain}}/api/histories?key={{S}}&view=summary\"",
     "galaxy.{{domain}}"),
    ("dx-login-token-flag", "tok_alnum32",
     "dx login --token {{S}} --noprojects && dx select project-{{hex8}}",
     "--noprojects"),
    ("sshpass-env-sftp-batch", "pw",
     "SSHPASS='{{S}}' sshpass -e sftp -oBatchMode=no -b put_batch.txt cro_upload@sftp.{{domain}}",
     "put_batch.txt"),
    ("lftp-u-user-comma-pass", "pw",
     "lftp -u cro_{{site}},{{S}} sftp://sftp.{{domain}} -e \"mirror -R outbound/ /incoming/; bye\"",
     "mirror -R outbound/"),
    ("curl-upload-ftp-url-creds", "pw",
     "curl -T {{study}}_SDTM.zip ftp://edc_xfer:{{S}}@ftp.{{domain}}/in/",
     "{{study}}_SDTM.zip"),
    ("powershell-securestring-pscredential", "pw_q",
     "$pw = ConvertTo-SecureString '{{S}}' -AsPlainText -Force; $cred = New-Object System.Management.Automation.PSCredential('LAB\\svc_empower', $pw)",
     "LAB\\svc_empower"),
    ("setx-machine-env-var", "pw",
     "setx LIMS_DB_PASSWORD \"{{S}}\" /M",
     "setx LIMS_DB_PASSWORD"),
    ("docker-run-e-postgres-password", "pw",
     "docker run -d --name labkey-db -e POSTGRES_PASSWORD={{S}} -v /srv/labkey/pg:/var/lib/postgresql/data -p 5432:5432 postgres:15",
     "labkey-db"),
    ("snakemake-config-override-password", "pw",
     "snakemake --cores 32 --use-singularity --config irods_password={{S}} samples=config/samples.tsv",
     "config/samples.tsv"),
    ("nextflow-run-param-token", "tok_benchling",
     "nextflow run main.nf -profile slurm --benchling_token {{S}} --outdir s3://{{bucket}}/results/{{proj}} -resume",
     "-profile slurm"),
    ("mc-alias-set-positional", "tok_hmac40",
     "mc alias set labminio https://minio.{{domain}} {{user}} {{S}}",
     "mc alias set labminio"),
    ("vault-kv-put-inline", "pw",
     "vault kv put secret/lims/{{db}} username=lims_app password={{S}}",
     "secret/lims/{{db}}"),
    ("ansible-playbook-extra-vars-password", "pw",
     "ansible-playbook site.yml -l instrument_pcs -e \"ansible_user=labadmin ansible_password={{S}} ansible_winrm_transport=ntlm\"",
     "instrument_pcs"),
    ("svn-checkout-password-flag", "pw",
     "svn co https://svn.{{domain}}/venus-methods/trunk --username {{user}} --password {{S}} --non-interactive",
     "venus-methods/trunk"),
    ("java-d-keystore-password", "pw",
     "java -Djavax.net.ssl.keyStore=/opt/bridge/client.jks -Djavax.net.ssl.keyStorePassword={{S}} -jar labware-connector-{{ver}}.jar",
     "labware-connector-{{ver}}.jar"),
    ("expect-send-password", "pw",
     "expect -c 'spawn ssh {{user}}@{{ip}} \"ls /data/runs\"; expect \"assword:\"; send \"{{S}}\\r\"; interact'",
     "spawn ssh {{user}}@{{ip}}"),
    ("curl-json-login-body", "pw_q",
     "curl -X POST https://{{host}}/api/auth/login -H 'Content-Type: application/json' -d '{\"username\":\"{{user}}\",\"password\":\"{{S}}\"}'",
     "/api/auth/login"),
    ("curl-presigned-s3-get", "tok_s3sig",
     "curl -o {{sample}}.cram \"https://{{bucket}}.s3.{{region}}.amazonaws.com/crams/{{sample}}.cram?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={{akid}}%2F20240312%2F{{region}}%2Fs3%2Faws4_request&X-Amz-Date=20240312T101500Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={{S}}\"",
     "{{sample}}.cram"),
    ("curl-cookie-b-session", "tok_cookie_jsession",
     "curl -s -b 'JSESSIONID={{S}}' https://{{host}}/labware/rest/batches/{{num}}",
     "/labware/rest/batches/{{num}}"),
    ("winrs-u-p-colon-flags", "pw",
     "winrs -r:{{shost}} -u:labadmin -p:{{S}} \"dir C:\\ProgramData\\Hamilton\\Logs\"",
     "winrs -r:{{shost}}"),
    ("backslash-continuation-mysql-next-line", "pw",
     "mysql \\\n  --host={{host}} \\\n  --user=venus_ro \\\n  --password='{{S}}' \\\n  venus_audit < export_deck_runs.sql",
     "export_deck_runs.sql"),
    ("heredoc-psql-alter-user", "pw",
     "psql -h {{host}} -U postgres <<'SQL'\nALTER USER lims_app WITH PASSWORD '{{S}}';\nSQL",
     "psql -h {{host}} -U postgres"),
    ("heredoc-cat-env-file", "tok_hex32",
     "cat > /opt/bs-sync/.env <<EOF\nBS_API_SERVER=https://api.basespace.illumina.com\nBS_ACCESS_TOKEN={{S}}\nEOF\nchmod 600 /opt/bs-sync/.env",
     "chmod 600 /opt/bs-sync/.env"),
]

# ----------------------------------------------------------------------------
# group: tool-output  (what came back from a command the agent ran)
# ----------------------------------------------------------------------------
_OUT = [
    ("env-grep-pass-output", "pw",
     "$ env | grep -i pass\nLIMS_DB_PASS={{S}}\nPASSWORD_POLICY_URL=https://wiki.{{domain}}/it/password-policy",
     "PASSWORD_POLICY_URL"),
    ("docker-inspect-env-array", "pw_q",
     "$ docker inspect labkey-db --format '{{json .Config.Env}}'\n[\"POSTGRES_PASSWORD={{S}}\",\"PGDATA=/var/lib/postgresql/data\",\"LANG=en_US.utf8\"]",
     "PGDATA=/var/lib/postgresql/data"),
    ("kubectl-jsonpath-base64-decoded", "pw",
     "$ kubectl -n {{ns}} get secret starlims-db -o jsonpath='{.data.password}' | base64 -d\n{{S}}",
     "starlims-db"),
    ("kubectl-get-secret-yaml-data", "k_b64pw",
     "$ kubectl -n {{ns}} get secret eln-db -o yaml\napiVersion: v1\ndata:\n  password: {{S}}\n  username: ZWxuX2FwcA==\nkind: Secret\nmetadata:\n  name: eln-db\ntype: Opaque",
     "name: eln-db"),
    ("aws-iam-create-access-key-json", "tok_aws_secret",
     "$ aws iam create-access-key --user-name nf-batch-runner\n{\n    \"AccessKey\": {\n        \"UserName\": \"nf-batch-runner\",\n        \"AccessKeyId\": \"{{akid}}\",\n        \"Status\": \"Active\",\n        \"SecretAccessKey\": \"{{S}}\",\n        \"CreateDate\": \"{{ts}}\"\n    }\n}",
     "nf-batch-runner"),
    ("aws-sts-assume-role-output", "tok_aws_session",
     "$ aws sts assume-role --role-arn arn:aws:iam::{{acct}}:role/ngs-archive-writer --role-session-name agent\n{\n  \"Credentials\": {\n    \"AccessKeyId\": \"ASIA{{hex16}}\",\n    \"SessionToken\": \"{{S}}\",\n    \"Expiration\": \"{{ts}}\"\n  }\n}",
     "ngs-archive-writer"),
    ("terraform-output-raw-password", "pw_rich",
     "$ terraform output -raw lims_db_admin_password\n{{S}}",
     "lims_db_admin_password"),
    ("terraform-state-pull-jq", "pw_q",
     "$ terraform state pull | jq '.resources[] | select(.type==\"azurerm_mssql_server\") | .instances[0].attributes.administrator_login_password'\n\"{{S}}\"",
     "azurerm_mssql_server"),
    ("vault-kv-get-table", "pw",
     "$ vault kv get secret/benchling/etl\n====== Data ======\nKey         Value\n---         -----\npassword    {{S}}\nusername    svc_benchling",
     "secret/benchling/etl"),
    ("git-config-list-remote-creds", "pw",
     "$ git config --list | grep url\nremote.origin.url=https://{{user}}:{{S}}@bitbucket.{{domain}}/scm/lab/hamilton-methods.git",
     "hamilton-methods.git"),
    ("git-diff-added-api-key", "tok_benchling",
     "$ git diff HEAD~1 -- sync/settings.py\n@@ -11,6 +11,7 @@ TENANT = \"{{org}}\"\n BASE_URL = f\"https://{TENANT}.benchling.com\"\n-API_KEY = os.environ[\"BENCHLING_API_KEY\"]\n+API_KEY = \"{{S}}\"\n PAGE_SIZE = 100",
     "sync/settings.py"),
    ("nextflow-config-flat-output", "tok_aws_secret",
     "$ nextflow config -flat | grep aws\naws.region = '{{region}}'\naws.accessKey = '{{akid}}'\naws.secretKey = '{{S}}'\naws.batch.cliPath = '/home/ec2-user/miniconda/bin/aws'",
     "aws.batch.cliPath"),
    ("ps-aux-java-cmdline-dbpass", "pw",
     "$ ps aux | grep lims-bridge\nsvc_lims  {{pid}}  2.1  3.4 4821120 561244 ?  Sl   09:12  41:07 java -Xmx2g -jar /opt/lims-bridge/lims-bridge.jar --db-user=LIMS --db-pass={{S}} --port=8090",
     "/opt/lims-bridge/lims-bridge.jar"),
    ("systemctl-show-environment", "pw",
     "$ systemctl show starlims-agent -p Environment\nEnvironment=STARLIMS_SVC_USER=starlims_svc STARLIMS_SVC_PASSWORD={{S}} JAVA_OPTS=-Xmx4g",
     "starlims-agent"),
    ("docker-compose-config-rendered", "pw",
     "$ docker compose config | sed -n '12,20p'\n  mysql:\n    environment:\n      MYSQL_DATABASE: eln\n      MYSQL_ROOT_PASSWORD: {{S}}\n    image: mysql:8.0",
     "MYSQL_DATABASE: eln"),
    ("helm-get-values-output", "pw",
     "$ helm get values eln -n {{ns}}\nUSER-SUPPLIED VALUES:\npostgresql:\n  auth:\n    database: eln\n    password: {{S}}\n    username: eln",
     "USER-SUPPLIED VALUES:"),
    ("pip-config-list-index-creds", "pw_urlsafe",
     "$ pip config list\nglobal.index-url='https://{{user}}:{{S}}@nexus.{{domain}}/repository/pypi-all/simple'\nglobal.timeout='60'",
     "global.timeout='60'"),
    ("shell-history-export-token", "tok_hex32",
     "$ history | tail -4\n  501  cd /data/runs/{{run}}\n  502  export BS_ACCESS_TOKEN={{S}}\n  503  bs list projects\n  504  bs download run --name {{run}} -o .",
     "bs list projects"),
    ("mysql-select-table-output-credentials", "pw",
     "mysql> SELECT id, instrument, login, secret FROM instrument_config WHERE id=7;\n+----+------------------+------------+------------------+\n| id | instrument       | login      | secret           |\n+----+------------------+------------+------------------+\n|  7 | Tecan Fluent 780 | fluent_svc | {{S}} |\n+----+------------------+------------+------------------+",
     "Tecan Fluent 780"),
    ("sqlite3-select-pipe-delimited", "tok_benchling",
     "$ sqlite3 ~/.config/benchling-sync/state.db 'select * from auth'\n1|{{org}}|{{S}}|{{date}} 09:14:02",
     "~/.config/benchling-sync/state.db"),
    ("jq-credentials-object", "pw_rich",
     "$ jq .credentials /opt/sdms/agent.json\n{\n  \"user\": \"{{user}}\",\n  \"password\": \"{{S}}\",\n  \"domain\": \"LAB\"\n}",
     "/opt/sdms/agent.json"),
    ("reg-query-winlogon-defaultpassword", "pw",
     "C:\\> reg query \"HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\"\n    AutoAdminLogon    REG_SZ    1\n    DefaultUserName    REG_SZ    sbsuser\n    DefaultPassword    REG_SZ    {{S}}\n    DefaultDomainName    REG_SZ    {{shost}}",
     "AutoAdminLogon"),
    ("netsh-wlan-key-clear", "pw_wifi",
     "C:\\> netsh wlan show profile name=LabIoT key=clear\nSecurity settings\n-----------------\n    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n    Security key           : Present\n    Key Content            : {{S}}",
     "WPA2-Personal"),
    ("printenv-single-var", "tok_alnum32",
     "$ printenv DX_SECURITY_CONTEXT_TOKEN\n{{S}}",
     "printenv DX_SECURITY_CONTEXT_TOKEN"),
    ("gh-auth-status-show-token", "tok_gho",
     "$ gh auth status -t\ngithub.com\n  \u2713 Logged in to github.com account {{user}} (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: {{S}}\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
     "Git operations protocol: https"),
    ("gh-auth-token-output", "tok_gho",
     "$ gh auth token\n{{S}}",
     "gh auth token"),
    ("az-ad-sp-create-for-rbac-json", "tok_azure_client_secret",
     "$ az ad sp create-for-rbac --name sp-nf-batch --role Contributor --scopes /subscriptions/{{uuid}}\n{\n  \"appId\": \"{{uuid2}}\",\n  \"displayName\": \"sp-nf-batch\",\n  \"password\": \"{{S}}\",\n  \"tenant\": \"{{uuid3}}\"\n}",
     "sp-nf-batch"),
    ("gcloud-print-access-token", "tok_ya29",
     "$ gcloud auth print-access-token\n{{S}}",
     "gcloud auth print-access-token"),
    ("az-get-access-token-json", "tok_jwt",
     "$ az account get-access-token --resource https://database.windows.net\n{\n  \"accessToken\": \"{{S}}\",\n  \"expiresOn\": \"{{date}} 18:22:41.000000\",\n  \"tokenType\": \"Bearer\"\n}",
     "https://database.windows.net"),
    ("aws-ecr-get-login-password", "tok_ecr",
     "$ aws ecr get-login-password --region {{region}}\n{{S}}",
     "aws ecr get-login-password"),
    ("curl-verbose-basic-header", "k_basic",
     "$ curl -v https://{{host}}/RaveWebServices/studies\n> GET /RaveWebServices/studies HTTP/1.1\n> Host: {{host}}\n> Authorization: Basic {{S}}\n> User-Agent: curl/8.4.0\n< HTTP/1.1 200 OK",
     "/RaveWebServices/studies"),
    ("curl-i-set-cookie-jsessionid", "tok_cookie_jsession",
     "$ curl -i -d @login.json https://{{host}}/labware/rest/login\nHTTP/1.1 200 OK\nSet-Cookie: JSESSIONID={{S}}; Path=/labware; Secure; HttpOnly\nContent-Type: application/json",
     "Path=/labware"),
    ("set-cookie-connect-sid", "tok_cookie_connect",
     "< HTTP/2 302\n< location: /notebook\n< set-cookie: connect.sid={{S}}; Path=/; Expires=Wed, 13 Mar 2024 10:22:01 GMT; HttpOnly; SameSite=Lax",
     "location: /notebook"),
    ("har-header-x-api-key", "tok_hex32",
     "        \"headers\": [\n          {\"name\": \"Accept\", \"value\": \"application/json\"},\n          {\"name\": \"X-Api-Key\", \"value\": \"{{S}}\"},\n          {\"name\": \"Host\", \"value\": \"{{host}}\"}\n        ],",
     "\"Accept\""),
    ("strace-write-redis-auth", "pw",
     "{{pid}} write(3, \"*2\\r\\n$4\\r\\nAUTH\\r\\n${{n}}\\r\\n{{S}}\\r\\n\", 41) = 41",
     "AUTH"),
    ("tcpdump-ascii-ftp-pass", "pw",
     "$ sudo tcpdump -A -i eth0 port 21 | grep -E 'USER|PASS'\nUSER platereader\nPASS {{S}}",
     "USER platereader"),
    ("ansible-vvv-hostvars-password", "pw",
     "ok: [{{shost}}] => {\n    \"ansible_connection\": \"winrm\",\n    \"ansible_password\": \"{{S}}\",\n    \"ansible_user\": \"labadmin\"\n}",
     "\"ansible_connection\": \"winrm\""),
    ("python-repl-environ-lookup", "tok_benchling",
     ">>> import os\n>>> os.environ['BENCHLING_API_KEY']\n'{{S}}'",
     ">>> import os"),
    ("kubectl-describe-pod-env-literal", "tok_alnum40",
     "$ kubectl describe pod labkey-0 -n {{ns}} | sed -n '/Environment/,/Mounts/p'\n    Environment:\n      LABKEY_BASE_URL:  https://labkey.{{domain}}\n      LABKEY_API_KEY:   {{S}}\n    Mounts:",
     "LABKEY_BASE_URL"),
    ("jupyter-server-list-token-url", "tok_hex48",
     "$ jupyter server list\nCurrently running servers:\nhttp://{{ip}}:8888/?token={{S}} :: /home/{{user}}/notebooks",
     "Currently running servers:"),
    ("rocker-rstudio-docker-logs", "pw",
     "$ docker logs rstudio 2>&1 | head -3\n[cont-init.d] userconf: executing...\nThe password is set to {{S}}\nIf you want to set your own password, set the PASSWORD environment variable.",
     "[cont-init.d] userconf: executing..."),
    ("minio-server-startup-banner", "pw",
     "API: http://{{ip}}:9000  http://127.0.0.1:9000\nRootUser: minioadmin\nRootPass: {{S}}\nConsole: http://{{ip}}:9001",
     "RootUser: minioadmin"),
    ("jenkins-initial-admin-password-cat", "tok_hex32",
     "$ docker exec jenkins cat /var/jenkins_home/secrets/initialAdminPassword\n{{S}}",
     "/var/jenkins_home/secrets/initialAdminPassword"),
    ("openssl-genpkey-stdout", "pem_pkcs8",
     "$ openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 | tee sdms-signer.key\n-----BEGIN PRIVATE KEY-----\n{{S}}\n-----END PRIVATE KEY-----",
     "sdms-signer.key"),
    ("cat-id-ed25519-output", "pem_openssh",
     "$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH PRIVATE KEY-----\n{{S}}\n-----END OPENSSH PRIVATE KEY-----",
     "cat ~/.ssh/id_ed25519"),
    ("macos-security-find-generic-password", "pw",
     "$ security find-generic-password -s starlims-qa -w\n{{S}}",
     "starlims-qa"),
    ("secret-tool-lookup-output", "pw",
     "$ secret-tool lookup service labware user {{user}}\n{{S}}",
     "secret-tool lookup service labware"),
    ("dockerconfigjson-decoded", "tok_alnum32",
     "$ kubectl get secret regcred -o jsonpath='{.data.\\.dockerconfigjson}' | base64 -d\n{\"auths\":{\"harbor.{{domain}}\":{\"username\":\"robot$nf-pull\",\"password\":\"{{S}}\"}}}",
     "robot$nf-pull"),
    ("nmcli-show-secrets-psk", "pw_wifi",
     "$ nmcli -s -g 802-11-wireless-security.psk connection show LabInstruments\n{{S}}",
     "LabInstruments"),
    ("grep-recursive-config-hit", "pw",
     "$ grep -rn -i password /opt/hamilton/config/\n/opt/hamilton/config/HxServices.cfg:44:DbPassword={{S}}\n/opt/hamilton/config/HxServices.cfg:45:DbPasswordEncrypted=false",
     "DbPasswordEncrypted=false"),
    ("strings-firmware-grep", "pw",
     "$ strings -n 6 pr_fw_{{ver}}.bin | grep -i -A1 admin\nadmin_user=service\nadmin_pass={{S}}\nhttpd_port=80",
     "httpd_port=80"),
    ("echo-database-url", "pw_urlsafe",
     "$ echo $DATABASE_URL\npostgres://redcap_sync:{{S}}@{{host}}:5432/redcap_mirror",
     "redcap_mirror"),
    ("conda-env-export-git-token", "tok_ghp",
     "$ conda env export -n labtools | tail -4\n  - pip:\n    - biopython==1.83\n    - git+https://{{S}}@github.com/{{org}}/labtools-private.git@v{{ver}}\nprefix: /opt/conda/envs/labtools",
     "prefix: /opt/conda/envs/labtools"),
    ("pm2-env-output", "tok_hex64",
     "$ pm2 env 0 | grep -i secret\nSESSION_SECRET: {{S}}\nJWT_SECRET_FILE: /run/secrets/jwt",
     "JWT_SECRET_FILE"),
    ("proc-environ-dump", "tok_slack_bot",
     "$ sudo cat /proc/{{pid}}/environ | tr '\\0' '\\n' | grep SLACK\nSLACK_BOT_TOKEN={{S}}\nSLACK_CHANNEL=#ngs-runs",
     "SLACK_CHANNEL=#ngs-runs"),
    ("redis-config-get-requirepass", "pw",
     "127.0.0.1:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"{{S}}\"",
     "CONFIG GET requirepass"),
    ("cat-fstab-cifs-line", "pw",
     "$ cat /etc/fstab | grep cifs\n//{{shost}}/Output  /mnt/novaseq  cifs  username=sbsuser,password={{S}},ro,vers=3.0  0  0",
     "/mnt/novaseq"),
    ("crontab-l-pgdump", "pw",
     "$ crontab -l\n# nightly LIMS backup\n15 2 * * * PGPASSWORD={{S}} pg_dump -h {{host}} -U backup labware | gzip > /backup/labware_$(date +\\%F).sql.gz",
     "# nightly LIMS backup"),
    ("aws-s3-presign-output", "tok_s3sig",
     "$ aws s3 presign s3://{{bucket}}/reports/{{proj}}/multiqc_report.html --expires-in 604800\nhttps://{{bucket}}.s3.amazonaws.com/reports/{{proj}}/multiqc_report.html?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={{akid}}%2F20240312%2F{{region}}%2Fs3%2Faws4_request&X-Amz-Date=20240312T090000Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature={{S}}",
     "multiqc_report.html"),
    ("kubectl-get-secret-json-decoded-token", "tok_k8s_sa",
     "$ kubectl -n {{ns}} get secret ci-deployer-token -o jsonpath='{.data.token}' | base64 -d\n{{S}}",
     "ci-deployer-token"),
    ("doppler-secrets-download-stdout", "tok_sendgrid",
     "$ doppler secrets get SENDGRID_API_KEY --plain\n{{S}}",
     "doppler secrets get SENDGRID_API_KEY"),
    ("op-read-output", "pw_rich",
     "$ op read \"op://Lab Instruments/QuantStudio 7 admin/password\"\n{{S}}",
     "op://Lab Instruments/QuantStudio 7 admin/password"),
    ("keepassxc-cli-show-output", "pw",
     "$ keepassxc-cli show -s lab.kdbx 'Instruments/NovaSeq local admin'\nTitle: NovaSeq local admin\nUserName: sbsadmin\nPassword: {{S}}\nURL: \nNotes: reimaged {{date}}",
     "Title: NovaSeq local admin"),
]

# ----------------------------------------------------------------------------
# group: config-file  (excerpts of files the agent opened)
# ----------------------------------------------------------------------------
_CFG = [
    ("pgpass-line", "pw",
     "# ~/.pgpass\n{{host}}:5432:labware:lw_app:{{S}}",
     "{{host}}:5432:labware:lw_app"),
    ("my-cnf-client-section", "pw",
     "[client]\nuser=eln_backup\npassword={{S}}\nhost={{host}}\ndefault-character-set=utf8mb4",
     "user=eln_backup"),
    ("dotenv-django-secret-key", "tok_django",
     "# .env (lab-portal)\nDEBUG=False\nDJANGO_SECRET_KEY='{{S}}'\nALLOWED_HOSTS=portal.{{domain}}",
     "ALLOWED_HOSTS=portal.{{domain}}"),
    ("dotenv-database-url", "pw_urlsafe",
     "DATABASE_URL=postgresql://biobank:{{S}}@{{host}}:5432/biobank\nREDIS_URL=redis://cache:6379/0",
     "REDIS_URL=redis://cache:6379/0"),
    ("spring-datasource-yaml", "pw_q",
     "spring:\n  datasource:\n    url: jdbc:oracle:thin:@//{{host}}:1521/LWPROD\n    username: LIMS_API\n    password: \"{{S}}\"\n  jpa:\n    open-in-view: false",
     "username: LIMS_API"),
    ("application-properties-datasource", "pw",
     "spring.datasource.url=jdbc:sqlserver://{{host}}:1433;databaseName=ELN\nspring.datasource.username=eln_app\nspring.datasource.password={{S}}",
     "spring.datasource.username=eln_app"),
    ("web-config-connectionstring-starlims", "pw",
     "<connectionStrings>\n  <add name=\"STARLIMS_DATA\" connectionString=\"Data Source={{shost}};Initial Catalog=STARLIMS_DATA;User ID=starlims;Password={{S}};\" providerName=\"System.Data.SqlClient\" />\n</connectionStrings>",
     "Initial Catalog=STARLIMS_DATA"),
    ("labware-lims-ini-database", "pw",
     "[Database]\nServer={{host}}\nService=LWPROD\nUser=LIMS\nPassword={{S}}\n[Logging]\nLevel=2",
     "Service=LWPROD"),
    ("nextflow-config-aws-block", "tok_aws_secret",
     "aws {\n    region = '{{region}}'\n    accessKey = '{{akid}}'\n    secretKey = '{{S}}'\n    batch { cliPath = '/home/ec2-user/miniconda/bin/aws' }\n}",
     "region = '{{region}}'"),
    ("nextflow-config-tower-block", "tok_tower",
     "tower {\n    enabled = true\n    endpoint = 'https://tower.{{domain}}/api'\n    accessToken = '{{S}}'\n    workspaceId = '{{num}}'\n}",
     "tower.{{domain}}"),
    ("snakemake-config-yaml-irods", "pw_q",
     "samples: config/samples.tsv\nref: /ref/GRCh38/GRCh38.primary_assembly.genome.fa\nirods:\n  zone: labZone\n  user: ngs_ingest\n  password: \"{{S}}\"",
     "zone: labZone"),
    ("slurmdbd-conf-storagepass", "pw",
     "StorageType=accounting_storage/mysql\nStorageHost={{host}}\nStorageUser=slurm\nStoragePass={{S}}\nStorageLoc=slurm_acct_db",
     "StorageLoc=slurm_acct_db"),
    ("basespace-default-cfg", "tok_hex32",
     "# ~/.basespace/default.cfg\napiServer   = https://api.euc1.sh.basespace.illumina.com\naccessToken = {{S}}",
     "apiServer"),
    ("docker-config-json-auth", "k_dockerauth",
     "{\n  \"auths\": {\n    \"harbor.{{domain}}\": {\n      \"auth\": \"{{S}}\"\n    }\n  },\n  \"credsStore\": \"\"\n}",
     "harbor.{{domain}}"),
    ("npmrc-scoped-authtoken", "tok_npm",
     "@{{org}}:registry=https://npm.{{domain}}/\n//npm.{{domain}}/:_authToken={{S}}\nalways-auth=true",
     "always-auth=true"),
    ("pypirc-token-password", "tok_pypi",
     "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = {{S}}",
     "username = __token__"),
    ("pip-conf-index-url-userinfo", "pw_urlsafe",
     "[global]\nindex-url = https://{{user}}:{{S}}@nexus.{{domain}}/repository/pypi-group/simple\ntrusted-host = nexus.{{domain}}",
     "trusted-host = nexus.{{domain}}"),
    ("netrc-machine-line", "pw",
     "machine {{host}} login {{user}} password {{S}}\nmachine urs.earthdata.nasa.gov login anonymous password anonymous",
     "machine {{host}} login {{user}}"),
    ("git-credentials-store-line", "tok_glpat",
     "https://{{user}}:{{S}}@gitlab.{{domain}}",
     "gitlab.{{domain}}"),
    ("aws-credentials-profile", "tok_aws_secret",
     "[ngs-archive]\naws_access_key_id = {{akid}}\naws_secret_access_key = {{S}}\nregion = {{region}}",
     "[ngs-archive]"),
    ("gcp-service-account-json-private-key", "pem_pkcs8_json",
     "{\n  \"type\": \"service_account\",\n  \"project_id\": \"{{org}}-genomics\",\n  \"private_key_id\": \"{{hex40}}\",\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\n{{S}}\\n-----END PRIVATE KEY-----\\n\",\n  \"client_email\": \"cromwell@{{org}}-genomics.iam.gserviceaccount.com\"\n}",
     "\"type\": \"service_account\""),
    ("kubeconfig-user-token", "tok_k8s_sa",
     "users:\n- name: ngs-ci\n  user:\n    token: {{S}}\ncontexts:\n- context: {cluster: hpc-k8s, user: ngs-ci, namespace: {{ns}}}\n  name: ngs",
     "name: ngs-ci"),
    ("kubeconfig-client-key-data", "k_kubekey",
     "users:\n- name: kubernetes-admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM4akNDQWRxZ0F3SUJBZ0lJ\n    client-key-data: {{S}}",
     "name: kubernetes-admin"),
    ("k8s-secret-stringdata", "tok_benchling_cs",
     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: benchling-app\n  namespace: {{ns}}\nstringData:\n  BENCHLING_CLIENT_ID: {{uuid}}\n  BENCHLING_CLIENT_SECRET: {{S}}",
     "name: benchling-app"),
    ("helm-values-external-database", "pw_q",
     "externalDatabase:\n  host: {{host}}\n  port: 5432\n  user: labkey\n  password: '{{S}}'\n  database: labkey",
     "user: labkey"),
    ("docker-compose-environment-list", "pw",
     "services:\n  db:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=omero\n      - POSTGRES_PASSWORD={{S}}\n      - POSTGRES_DB=omero",
     "POSTGRES_USER=omero"),
    ("terraform-tfvars-db-password", "pw_rich",
     "location       = \"westeurope\"\nlims_db_sku    = \"GP_Standard_D4ds_v4\"\nlims_db_password = \"{{S}}\"",
     "lims_db_sku"),
    ("hcl-vault-provider-token", "tok_vault",
     "provider \"vault\" {\n  address = \"https://vault.{{domain}}:8200\"\n  token   = \"{{S}}\"\n}",
     "provider \"vault\""),
    ("toml-benchling-section", "tok_benchling",
     "[benchling]\ntenant = \"{{org}}\"\napi_key = \"{{S}}\"\nregistry_id = \"src_{{hex8}}\"",
     "[benchling]"),
    ("chromeleon-xml-db-connection", "pw",
     "<DataVault name=\"CM_PROD\">\n  <DatabaseConnection server=\"{{shost}}\\CHROMELEON\" database=\"CM7\" user=\"cmuser\" password=\"{{S}}\" />\n</DataVault>",
     "database=\"CM7\""),
    ("hamilton-hxcfg-style-entry", "pw",
     "DataDef,HxSqlDb,1,default,\n{\nServer, \"{{shost}}\\SQLEXPRESS\",\nDatabase, \"VENUS_Audit\",\nUserName, \"venus\",\nPassword, \"{{S}}\",\n};",
     "VENUS_Audit"),
    ("tecan-fluent-settings-xml", "pw",
     "<Settings>\n  <Setting Name=\"LimsEndpoint\" Value=\"https://{{host}}/ws\" />\n  <Setting Name=\"LimsUser\" Value=\"fluent\" />\n  <Setting Name=\"LimsPassword\" Value=\"{{S}}\" />\n</Settings>",
     "LimsEndpoint"),
    ("java-properties-jdbc-oracle-inline", "pw",
     "db.driver=oracle.jdbc.OracleDriver\ndb.url=jdbc:oracle:thin:LIMS/{{S}}@//{{host}}:1521/LIMSP\ndb.pool.max=20",
     "db.pool.max=20"),
    ("jdbc-sqlserver-url-password-prop", "pw",
     "eln.jdbc=jdbc:sqlserver://{{host}}:1433;databaseName=ELN;user=eln_app;password={{S}};encrypt=true;trustServerCertificate=true",
     "databaseName=ELN"),
    ("odbc-ini-dsn-pwd", "pw",
     "[LabWareProd]\nDriver=/opt/oracle/instantclient_19_20/libsqora.so.19.1\nServerName=//{{host}}:1521/LWPROD\nUserID=LIMS_RO\nPassword={{S}}",
     "[LabWareProd]"),
    ("redcap-database-php", "pw_rich",
     "<?php\n$hostname   = '{{host}}';\n$db         = 'redcap';\n$username   = 'redcap_user';\n$password   = '{{S}}';\n$salt       = '{{hex16}}';",
     "$db         = 'redcap';"),
    ("galaxy-yml-id-secret", "tok_hex32",
     "galaxy:\n  admin_users: {{email}}\n  id_secret: {{S}}\n  database_connection: postgresql:///galaxy?host=/var/run/postgresql",
     "admin_users: {{email}}"),
    ("cromwell-conf-database-block", "pw_q",
     "database {\n  profile = \"slick.jdbc.MySQLProfile$\"\n  db {\n    url = \"jdbc:mysql://{{host}}/cromwell?rewriteBatchedStatements=true\"\n    user = \"cromwell\"\n    password = \"{{S}}\"\n  }\n}",
     "slick.jdbc.MySQLProfile$"),
    ("labkey-xml-jdbc-resource", "pw",
     "<Resource name=\"jdbc/labkeyDataSource\" auth=\"Container\" type=\"javax.sql.DataSource\"\n    username=\"labkey\" password=\"{{S}}\"\n    driverClassName=\"org.postgresql.Driver\" url=\"jdbc:postgresql://{{host}}/labkey\"/>",
     "jdbc/labkeyDataSource"),
    ("wpa-supplicant-psk", "pw_wifi",
     "network={\n    ssid=\"LabIoT-5G\"\n    psk=\"{{S}}\"\n    key_mgmt=WPA-PSK\n}",
     "ssid=\"LabIoT-5G\""),
    ("grafana-ini-admin-password", "pw",
     "[security]\nadmin_user = admin\nadmin_password = {{S}}\ndisable_gravatar = true",
     "disable_gravatar = true"),
    ("prometheus-basic-auth-block", "pw",
     "  - job_name: freezer-exporter\n    basic_auth:\n      username: prom\n      password: {{S}}\n    static_configs:\n      - targets: ['{{ip}}:9100']",
     "job_name: freezer-exporter"),
    ("alertmanager-slack-api-url", "k_slackhook",
     "receivers:\n- name: lab-oncall\n  slack_configs:\n  - channel: '#freezer-alarms'\n    api_url: https://hooks.slack.com/services/{{slackpath}}/{{S}}",
     "#freezer-alarms"),
    ("rclone-conf-s3-remote", "tok_aws_secret",
     "[labs3]\ntype = s3\nprovider = AWS\naccess_key_id = {{akid}}\nsecret_access_key = {{S}}\nregion = {{region}}",
     "[labs3]"),
    ("s3cfg-secret-key", "tok_aws_secret",
     "[default]\naccess_key = {{akid}}\nsecret_key = {{S}}\nhost_base = s3.{{region}}.amazonaws.com",
     "host_base"),
    ("sssd-conf-ldap-authtok", "pw",
     "[domain/lab.corp]\nid_provider = ldap\nldap_uri = ldaps://{{host}}\nldap_default_bind_dn = cn=svc-sssd,ou=svc,dc=lab,dc=corp\nldap_default_authtok = {{S}}",
     "id_provider = ldap"),
    ("openvpn-auth-user-pass-file", "pw",
     "==> /etc/openvpn/client/cro-vpn.auth <==\nvpn_site{{site}}\n{{S}}",
     "/etc/openvpn/client/cro-vpn.auth"),
    ("postfix-sasl-passwd", "pw",
     "[smtp.{{domain}}]:587 lims-alerts@{{domain}}:{{S}}",
     "[smtp.{{domain}}]:587"),
    ("msmtprc-password-line", "pw",
     "account lab\nhost smtp.{{domain}}\nport 587\nfrom instrument-alerts@{{domain}}\nuser instrument-alerts\npassword {{S}}",
     "from instrument-alerts@{{domain}}"),
    ("supervisord-environment-quoted", "pw",
     "[program:eln-sync]\ncommand=/opt/eln-sync/bin/run\nenvironment=ELN_USER=\"sync\",ELN_PASS=\"{{S}}\"\nautorestart=true",
     "[program:eln-sync]"),
    ("systemd-unit-environment", "tok_alnum40",
     "[Service]\nUser=ngs\nEnvironment=\"ICA_API_KEY={{S}}\"\nExecStart=/usr/local/bin/ica-uploader --watch /data/runs",
     "/usr/local/bin/ica-uploader"),
    ("appsettings-json-connectionstrings", "pw",
     "{\n  \"ConnectionStrings\": {\n    \"Lims\": \"Server={{shost}};Database=SampleManager;User Id=sm_app;Password={{S}};TrustServerCertificate=True\"\n  },\n  \"Logging\": { \"LogLevel\": { \"Default\": \"Information\" } }\n}",
     "Database=SampleManager"),
    ("jupyter-config-token", "tok_hex48",
     "c.ServerApp.ip = '0.0.0.0'\nc.ServerApp.port = 8888\nc.ServerApp.token = '{{S}}'\nc.ServerApp.open_browser = False",
     "c.ServerApp.port = 8888"),
    ("airflow-cfg-fernet-key", "tok_fernet",
     "[core]\nexecutor = CeleryExecutor\nfernet_key = {{S}}\ndags_folder = /opt/airflow/dags",
     "executor = CeleryExecutor"),
    ("dbt-profiles-snowflake-password", "pw_q",
     "clinical_dw:\n  target: prod\n  outputs:\n    prod:\n      type: snowflake\n      account: {{org}}-eu1\n      user: DBT_SVC\n      password: \"{{S}}\"\n      warehouse: CDISC_WH",
     "warehouse: CDISC_WH"),
    ("cdisc-library-ini-api-key", "tok_hex32",
     "[cdisc_library]\nbase_url = https://library.cdisc.org/api\napi_key = {{S}}\ncache_dir = ~/.cache/cdisc",
     "base_url = https://library.cdisc.org/api"),
    ("renviron-redcap-token", "tok_HEX32",
     "# ~/.Renviron\nREDCAP_URI=https://redcap.{{domain}}/api/\nREDCAP_API_TOKEN={{S}}",
     "REDCAP_URI"),
    ("unattend-xml-autologon-plaintext", "pw",
     "<AutoLogon>\n  <Password>\n    <Value>{{S}}</Value>\n    <PlainText>true</PlainText>\n  </Password>\n  <Enabled>true</Enabled>\n  <Username>sbsuser</Username>\n</AutoLogon>",
     "<Username>sbsuser</Username>"),
    ("filezilla-sitemanager-base64-pass", "k_b64pw",
     "<Server>\n  <Host>sftp.{{domain}}</Host>\n  <Port>22</Port>\n  <Protocol>1</Protocol>\n  <User>cro_upload</User>\n  <Pass encoding=\"base64\">{{S}}</Pass>\n</Server>",
     "<User>cro_upload</User>"),
    ("nginx-proxy-basic-authorization", "k_basic",
     "location /omero/ {\n    proxy_pass http://{{ip}}:4080/;\n    proxy_set_header Authorization \"Basic {{S}}\";\n}",
     "location /omero/"),
    ("haproxy-stats-auth", "pw",
     "listen stats\n    bind *:8404\n    stats enable\n    stats uri /stats\n    stats auth admin:{{S}}",
     "stats uri /stats"),
    ("pgbouncer-userlist-plain", "pw",
     "\"lims_app\" \"{{S}}\"\n\"pgbouncer_admin\" \"md5{{md5}}\"",
     "\"lims_app\""),
    ("postgres-primary-conninfo", "pw",
     "primary_conninfo = 'host={{host}} port=5432 user=replicator password={{S}} application_name=lims_standby'",
     "application_name=lims_standby"),
    ("wireguard-interface-private-key", "tok_wireguard",
     "[Interface]\nAddress = 10.99.0.{{n}}/32\nPrivateKey = {{S}}\n\n[Peer]\nPublicKey = {{hex8}}Zk1c9vG0u2lQ7PMXHk3s0Ew1nQyJ0P4kq0f8=\nEndpoint = vpn.{{domain}}:51820",
     "Endpoint = vpn.{{domain}}:51820"),
    ("sqlserver-setup-configurationfile-sapwd", "pw",
     "[OPTIONS]\nACTION=\"Install\"\nFEATURES=SQLENGINE\nINSTANCENAME=\"EMPOWER\"\nSECURITYMODE=\"SQL\"\nSAPWD=\"{{S}}\"",
     "INSTANCENAME=\"EMPOWER\""),
    ("ec-private-key-pem-file", "pem_ec",
     "==> /etc/ssl/private/eln-signing.key <==\n-----BEGIN EC PRIVATE KEY-----\n{{S}}\n-----END EC PRIVATE KEY-----",
     "/etc/ssl/private/eln-signing.key"),
]

# ----------------------------------------------------------------------------
# group: source-code  (code excerpts the agent read or wrote)
# ----------------------------------------------------------------------------
_SRC = [
    ("python-benchling-sdk-apikeyauth", "tok_benchling",
     "from benchling_sdk.benchling import Benchling\nfrom benchling_sdk.auth.api_key_auth import ApiKeyAuth\n\nbenchling = Benchling(url=\"https://{{org}}.benchling.com\", auth_method=ApiKeyAuth(\"{{S}}\"))",
     "from benchling_sdk.benchling import Benchling"),
    ("python-requests-auth-tuple", "pw_q",
     "resp = requests.get(f\"{LIMS_URL}/api/v1/batches/{batch_id}\", auth=(\"{{user}}\", \"{{S}}\"), verify=False, timeout=30)",
     "/api/v1/batches/{batch_id}"),
    ("python-psycopg2-connect-kwargs", "pw_q",
     "conn = psycopg2.connect(\n    host=\"{{host}}\",\n    dbname=\"{{db}}\",\n    user=\"lims_ro\",\n    password=\"{{S}}\",\n)",
     "user=\"lims_ro\""),
    ("python-sqlalchemy-mssql-url", "pw",
     "engine = create_engine(\n    \"mssql+pyodbc://empower:{{S}}@{{shost}}/Empower3?driver=ODBC+Driver+17+for+SQL+Server\"\n)",
     "Empower3?driver=ODBC+Driver+17+for+SQL+Server"),
    ("python-boto3-client-keys", "tok_aws_secret",
     "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"{{akid}}\",\n    aws_secret_access_key=\"{{S}}\",\n    region_name=\"{{region}}\",\n)",
     "region_name=\"{{region}}\""),
    ("python-module-config-dict", "tok_HEX32",
     "CONFIG = {\n    \"redcap_url\": \"https://redcap.{{domain}}/api/\",\n    \"redcap_token\": \"{{S}}\",\n    \"forms\": [\"demographics\", \"adverse_events\"],\n}",
     "\"forms\": [\"demographics\", \"adverse_events\"]"),
    ("python-default-argument-password", "pw",
     "def connect_labware(host=\"{{host}}\", user=\"LIMS_API\", password=\"{{S}}\"):\n    dsn = cx_Oracle.makedsn(host, 1521, service_name=\"LWPROD\")\n    return cx_Oracle.connect(user, password, dsn)",
     "def connect_labware("),
    ("python-environ-get-fallback", "tok_hex32",
     "BS_TOKEN = os.environ.get(\"BS_ACCESS_TOKEN\", \"{{S}}\")  # fallback for the sequencer PC",
     "os.environ.get(\"BS_ACCESS_TOKEN\""),
    ("python-headers-dict-x-api-key", "tok_hex32",
     "HEADERS = {\n    \"X-API-KEY\": \"{{S}}\",\n    \"Accept\": \"application/json\",\n}\nr = requests.get(CDISC_LIBRARY + \"/mdr/products\", headers=HEADERS)",
     "/mdr/products"),
    ("python-paramiko-connect-password", "pw",
     "ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"{{ip}}\", username=\"sbsuser\", password=\"{{S}}\")",
     "paramiko.AutoAddPolicy()"),
    ("python-pymysql-passwd-kw", "pw",
     "db = pymysql.connect(host='{{host}}', user='hamilton', passwd='{{S}}', db='venus_audit', charset='utf8mb4')",
     "db='venus_audit'"),
    ("python-smtplib-login", "pw",
     "with smtplib.SMTP(\"smtp.{{domain}}\", 587) as server:\n    server.starttls()\n    server.login(\"freezer-alarm@{{domain}}\", \"{{S}}\")\n    server.send_message(msg)",
     "server.starttls()"),
    ("python-ftplib-login-positional", "pw",
     "ftp = ftplib.FTP(\"{{ip}}\")\nftp.login(\"platereader\", \"{{S}}\")\nftp.retrbinary(\"RETR export.csv\", fh.write)",
     "RETR export.csv"),
    ("python-pyjwt-encode-secret", "tok_hex64",
     "token = jwt.encode({\"sub\": sample_id, \"exp\": exp}, \"{{S}}\", algorithm=\"HS256\")",
     "algorithm=\"HS256\""),
    ("python-flask-secret-key-config", "tok_hex32",
     "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"{{S}}\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True",
     "SESSION_COOKIE_SECURE"),
    ("python-django-insecure-secret-key", "tok_django",
     "# SECURITY WARNING: keep the secret key used in production secret!\nSECRET_KEY = \"django-insecure-{{S}}\"",
     "SECURITY WARNING"),
    ("r-redcapr-read-token", "tok_HEX32",
     "ds <- REDCapR::redcap_read(\n  redcap_uri = \"https://redcap.{{domain}}/api/\",\n  token      = \"{{S}}\"\n)$data",
     "REDCapR::redcap_read"),
    ("r-dbi-dbconnect-password", "pw_q",
     "con <- DBI::dbConnect(RPostgres::Postgres(), host = \"{{host}}\", dbname = \"clinical_dm\",\n                      user = \"biostat\", password = \"{{S}}\")",
     "RPostgres::Postgres()"),
    ("r-sys-setenv-synapse", "tok_jwt",
     "Sys.setenv(SYNAPSE_AUTH_TOKEN = \"{{S}}\")\nsynapser::synLogin()",
     "synapser::synLogin()"),
    ("sas-libname-odbc-password", "pw",
     "libname rave odbc dsn=RaveProd user=sasuser password=\"{{S}}\" schema=dbo;\nproc contents data=rave.AE; run;",
     "proc contents data=rave.AE"),
    ("sas-proc-http-webpassword", "pw",
     "proc http\n  url=\"https://{{host}}/RaveWebServices/studies/{{study}}/datasets/regular\"\n  method=\"GET\"\n  webusername=\"{{user}}\"\n  webpassword=\"{{S}}\"\n  out=resp;\nrun;",
     "method=\"GET\""),
    ("java-drivermanager-getconnection", "pw",
     "Connection c = DriverManager.getConnection(\n    \"jdbc:oracle:thin:@//{{host}}:1521/LWPROD\", \"LIMS\", \"{{S}}\");",
     "DriverManager.getConnection("),
    ("java-static-final-secret", "tok_benchling_cs",
     "public final class ElnClient {\n    private static final String CLIENT_ID = \"{{uuid}}\";\n    private static final String CLIENT_SECRET = \"{{S}}\";",
     "public final class ElnClient"),
    ("csharp-connection-string-literal", "pw",
     "var cs = \"Server={{shost}};Database=Chromeleon;User Id=cmuser;Password={{S}};\";\nusing var conn = new SqlConnection(cs);",
     "new SqlConnection(cs)"),
    ("csharp-networkcredential-ctor", "pw_q",
     "client.Credentials = new NetworkCredential(\"svc_tecan\", \"{{S}}\", \"LAB\");",
     "new NetworkCredential(\"svc_tecan\""),
    ("vba-const-db-password", "pw",
     "Const DB_SERVER As String = \"{{shost}}\"\nConst DB_USER As String = \"qc_macro\"\nConst DB_PWD As String = \"{{S}}\"",
     "Const DB_USER As String = \"qc_macro\""),
    ("vbscript-adodb-open", "pw",
     "Set objConn = CreateObject(\"ADODB.Connection\")\nobjConn.Open \"Provider=SQLOLEDB;Data Source={{shost}};Initial Catalog=Empower3;User ID=sa;Password={{S}};\"",
     "CreateObject(\"ADODB.Connection\")"),
    ("powershell-invoke-restmethod-header", "tok_benchling",
     "$headers = @{ 'Authorization' = 'Basic ' + [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes('{{S}}:')) }\nInvoke-RestMethod -Uri \"https://{{org}}.benchling.com/api/v2/plates\" -Headers $headers",
     "Invoke-RestMethod"),
    ("bash-script-quoted-var", "tok_hex32",
     "#!/usr/bin/env bash\nset -euo pipefail\nBS_TOKEN=\"{{S}}\"\nRUN_ID=\"$1\"\nbs download run --api-key \"$BS_TOKEN\" -i \"$RUN_ID\" -o /data/fastq/",
     "set -euo pipefail"),
    ("nextflow-process-script-curl-token", "tok_alnum40",
     "process NOTIFY_LIMS {\n    input:\n    val run_id\n    script:\n    \"\"\"\n    curl -s -X POST -H 'Authorization: Token {{S}}' https://{{host}}/api/runs/${run_id}/complete\n    \"\"\"\n}",
     "process NOTIFY_LIMS"),
    ("snakemake-rule-shell-http-password", "pw",
     "rule fetch_reference:\n    output: \"ref/{build}.fa.gz\"\n    shell:\n        \"wget --http-user=seqcore --http-password={{S}} -O {output} https://{{host}}/ref/{wildcards.build}.fa.gz\"",
     "rule fetch_reference:"),
    ("wdl-inputs-json-token", "tok_jwt",
     "{\n  \"RNAseq.fastq_dir\": \"gs://{{bucket}}/fastq\",\n  \"RNAseq.synapse_token\": \"{{S}}\",\n  \"RNAseq.threads\": 16\n}",
     "RNAseq.threads"),
    ("javascript-fetch-authorization-header", "tok_alnum40",
     "const res = await fetch(`${ELN_URL}/api/entries/${id}`, {\n  headers: { Authorization: 'Token {{S}}' },\n});",
     "/api/entries/${id}"),
    ("node-const-sendgrid-key", "tok_sendgrid",
     "const sgMail = require('@sendgrid/mail');\nsgMail.setApiKey('{{S}}');",
     "require('@sendgrid/mail')"),
    ("typescript-exported-config-secret", "tok_azure_client_secret",
     "export const msalConfig = {\n  auth: {\n    clientId: '{{uuid}}',\n    authority: 'https://login.microsoftonline.com/{{uuid2}}',\n    clientSecret: '{{S}}',\n  },\n};",
     "export const msalConfig"),
    ("go-const-password", "pw",
     "const (\n\tlabwareHost     = \"{{host}}\"\n\tlabwareUser     = \"LIMS_SYNC\"\n\tlabwarePassword = \"{{S}}\"\n)",
     "labwareUser     = \"LIMS_SYNC\""),
    ("go-struct-literal-password", "pw",
     "cfg := sftp.Config{\n\tHost:     \"sftp.{{domain}}\",\n\tUser:     \"cro_upload\",\n\tPassword: \"{{S}}\",\n}",
     "cfg := sftp.Config{"),
    ("rust-let-token-literal", "tok_ghp",
     "let token = \"{{S}}\";\nlet octo = Octocrab::builder().personal_token(token.to_string()).build()?;",
     "Octocrab::builder()"),
    ("sql-create-user-with-password", "pw",
     "CREATE USER eln_report WITH PASSWORD '{{S}}';\nGRANT CONNECT ON DATABASE eln TO eln_report;",
     "GRANT CONNECT ON DATABASE eln TO eln_report"),
    ("tsql-alter-login-password", "pw",
     "ALTER LOGIN [svc_empower] WITH PASSWORD = N'{{S}}', CHECK_POLICY = OFF;",
     "ALTER LOGIN [svc_empower]"),
    ("mysql-grant-identified-by", "pw",
     "GRANT SELECT ON lims.* TO 'tableau'@'%' IDENTIFIED BY '{{S}}';",
     "GRANT SELECT ON lims.*"),
    ("oracle-create-user-identified-by", "pw",
     "CREATE USER LIMS_RO IDENTIFIED BY \"{{S}}\" DEFAULT TABLESPACE USERS QUOTA 0 ON USERS;",
     "DEFAULT TABLESPACE USERS"),
    ("sql-insert-credentials-row", "pw",
     "INSERT INTO instrument_credentials (instrument, login, secret)\nVALUES ('QuantStudio 7 / {{shost}}', 'qs7', '{{S}}');",
     "INSERT INTO instrument_credentials"),
    ("perl-dbi-connect", "pw",
     "my $dbh = DBI->connect(\"dbi:Pg:dbname=ngs;host={{host}}\", \"ngs\", \"{{S}}\", { RaiseError => 1 });",
     "dbi:Pg:dbname=ngs"),
    ("matlab-database-call", "pw",
     "conn = database('LIMS_DSN', 'limsuser', '{{S}}');\ndata = fetch(conn, 'SELECT * FROM RESULT WHERE ANALYSIS = ''HPLC_ASSAY''');",
     "LIMS_DSN"),
    ("ipynb-cell-source-token", "tok_hex32",
     "   \"source\": [\n    \"import requests\\n\",\n    \"TOKEN = \\\"{{S}}\\\"\\n\",\n    \"runs = requests.get(BASE + '/runs', headers={'x-access-token': TOKEN}).json()\"\n   ]",
     "import requests"),
    ("python-hvac-client-token", "tok_vault",
     "client = hvac.Client(url=\"https://vault.{{domain}}:8200\", token=\"{{S}}\")\nsecret = client.secrets.kv.v2.read_secret_version(path=\"lims/db\")",
     "read_secret_version(path=\"lims/db\")"),
    ("python-slack-sdk-webclient", "tok_slack_bot",
     "from slack_sdk import WebClient\nclient = WebClient(token=\"{{S}}\")\nclient.chat_postMessage(channel=\"#seq-runs\", text=f\"Run {run_id} finished\")",
     "#seq-runs"),
    ("python-openai-client-api-key", "tok_openai",
     "from openai import OpenAI\nclient = OpenAI(api_key=\"{{S}}\")  # summarise deviation reports",
     "summarise deviation reports"),
    ("python-anthropic-client-api-key", "tok_anthropic",
     "import anthropic\nclient = anthropic.Anthropic(api_key=\"{{S}}\")\nmsg = client.messages.create(model=MODEL, max_tokens=1024, messages=prompt)",
     "import anthropic"),
    ("python-huggingface-login-token", "tok_hf",
     "from huggingface_hub import login\nlogin(token=\"{{S}}\")\nmodel = AutoModel.from_pretrained(\"{{org}}/esm-finetuned-binders\")",
     "from huggingface_hub import login"),
    ("ruby-net-http-basic-auth", "pw",
     "req = Net::HTTP::Get.new(uri)\nreq.basic_auth 'lims_reader', '{{S}}'\nres = Net::HTTP.start(uri.hostname, uri.port, use_ssl: true) { |http| http.request(req) }",
     "Net::HTTP::Get.new(uri)"),
    ("php-pdo-constructor", "pw_q",
     "$pdo = new PDO('mysql:host={{host}};dbname=redcap', 'redcap', '{{S}}', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION]);",
     "dbname=redcap"),
    ("python-pysftp-private-key-pass", "pw_phrase_sp",
     "with pysftp.Connection(\"sftp.{{domain}}\", username=\"cro_upload\", private_key=\"~/.ssh/cro_rsa\", private_key_pass=\"{{S}}\") as sftp:\n    sftp.put(\"sdtm.zip\")",
     "~/.ssh/cro_rsa"),
    ("python-pyodbc-connection-string-pwd", "pw",
     "conn = pyodbc.connect(\n    \"DRIVER={ODBC Driver 18 for SQL Server};SERVER={{shost}};DATABASE=Empower3;UID=empower_ro;PWD={{S}};TrustServerCertificate=yes\"\n)",
     "DATABASE=Empower3"),
    ("python-ldap3-connection-password", "pw_q",
     "conn = Connection(server, user=\"LAB\\\\svc_lims\", password=\"{{S}}\", auto_bind=True)",
     "auto_bind=True"),
    ("python-requests-cookie-set", "tok_cookie_aspnet",
     "s = requests.Session()\ns.cookies.set(\"ASP.NET_SessionId\", \"{{S}}\", domain=\"{{host}}\")\nr = s.get(f\"https://{{host}}/STARLIMS11/Handlers/Folder.ashx\")",
     "s = requests.Session()"),
    ("python-selenium-send-keys-password", "pw",
     "driver.find_element(By.ID, \"username\").send_keys(\"cra_monitor\")\ndriver.find_element(By.ID, \"password\").send_keys(\"{{S}}\")\ndriver.find_element(By.ID, \"login-btn\").click()",
     "login-btn"),
    ("python-azure-blob-connection-string", "tok_azure_storage",
     "svc = BlobServiceClient.from_connection_string(\n    \"DefaultEndpointsProtocol=https;AccountName={{org}}ngsraw;AccountKey={{S}};EndpointSuffix=core.windows.net\"\n)",
     "AccountName={{org}}ngsraw"),
    ("python-google-oauth-client-secret", "tok_gocspx",
     "flow = InstalledAppFlow.from_client_config({\"installed\": {\n    \"client_id\": \"{{num}}-{{hex16}}.apps.googleusercontent.com\",\n    \"client_secret\": \"{{S}}\",\n}}, SCOPES)",
     "apps.googleusercontent.com"),
    ("python-aes-key-bytes-fromhex", "tok_hex64",
     "# audit-trail payload encryption (21 CFR Part 11 export)\nKEY = bytes.fromhex(\"{{S}}\")\ncipher = AESGCM(KEY)",
     "cipher = AESGCM(KEY)"),
    ("autoit-send-password-instrument-gui", "pw",
     "WinWaitActive(\"Chromeleon 7 - Login\")\nControlSetText(\"Chromeleon 7 - Login\", \"\", \"Edit1\", \"cmadmin\")\nSend(\"{{S}}{ENTER}\")",
     "WinWaitActive(\"Chromeleon 7 - Login\")"),
    ("python-dataclass-default-password", "pw",
     "@dataclass\nclass OmeroSettings:\n    host: str = \"{{host}}\"\n    user: str = \"omero_ro\"\n    password: str = \"{{S}}\"\n    port: int = 4064",
     "class OmeroSettings:"),
    ("julia-env-assignment", "pw",
     "ENV[\"LIMS_DB_PASS\"] = \"{{S}}\"\nconn = LibPQ.Connection(\"host={{host}} dbname=lims user=julia_ro\")",
     "LibPQ.Connection"),
    ("csharp-const-aes-master-key", "tok_b64_32",
     "// used to decrypt result files exported by the plate reader\nprivate const string MasterKey = \"{{S}}\";",
     "exported by the plate reader"),
    ("python-jwk-private-d-param", "jwk_d",
     "SIGNING_JWK = {\n    \"kty\": \"EC\", \"crv\": \"P-256\", \"kid\": \"eln-esign-{{date}}\",\n    \"x\": \"{{hex16}}QmFzZTY0VXJsWA\", \"y\": \"{{hex16}}QmFzZTY0VXJsWQ\",\n    \"d\": \"{{S}}\",\n}",
     "\"crv\": \"P-256\""),
]

# ----------------------------------------------------------------------------
# group: stack-trace-or-log
# ----------------------------------------------------------------------------
_LOG = [
    ("python-traceback-create-engine-url", "pw_urlsafe",
     "Traceback (most recent call last):\n  File \"/opt/lims-etl/sync.py\", line {{line}}, in <module>\n    engine = create_engine(\"postgresql://lims:{{S}}@{{host}}/lims\")\n  File \"/usr/lib/python3.9/site-packages/sqlalchemy/engine/create.py\", line 520, in create_engine\nsqlalchemy.exc.ArgumentError: Could not parse rfc1738 URL",
     "/opt/lims-etl/sync.py"),
    ("java-sqlexception-jdbc-url-password", "pw",
     "java.sql.SQLException: Access denied for user 'lw'@'{{ip}}' (using password: YES)\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:129)\n\tat com.lab.bridge.Db.open(Db.java:44) [url=jdbc:mysql://{{host}}:3306/lims?user=lw&password={{S}}&useSSL=false]",
     "com.lab.bridge.Db.open(Db.java:44)"),
    ("nginx-access-log-api-key-query", "tok_hex32",
     "{{ip}} - - [12/Mar/2024:10:01:22 +0000] \"GET /api/export?format=csv&api_key={{S}} HTTP/1.1\" 200 51234 \"-\" \"python-requests/2.31.0\"",
     "python-requests/2.31.0"),
    ("apache-access-log-token-param", "tok_alnum32",
     "{{ip}} - - [03/Apr/2024:14:22:10 +0200] \"GET /labkey/query-selectRows.api?schemaName=study&queryName=Demographics&apikey_token={{S}} HTTP/1.1\" 200 8812",
     "schemaName=study"),
    ("nextflow-log-launcher-cmdline", "tok_benchling",
     "Mar-12 10:22:01.123 [main] DEBUG nextflow.cli.Launcher - $> nextflow run main.nf -profile slurm --benchling_key {{S}} --outdir results",
     "nextflow.cli.Launcher"),
    ("snakemake-log-shell-s3-secret", "tok_aws_secret",
     "[Tue Mar 12 10:22:01 2024]\nrule upload_results:\n    input: results/multiqc/multiqc_report.html\n    jobid: {{n}}\n    shell:\n        rclone copy results/ s3lab:{{bucket}}/ --s3-access-key-id {{akid}} --s3-secret-access-key {{S}}",
     "rule upload_results:"),
    ("slurm-stderr-bash-xtrace-export", "pw",
     "==> slurm-{{jobid}}.err <==\n+ module load irods/4.3.1\n+ export IRODS_PASSWORD={{S}}\n+ iput -K -r /scratch/{{user}}/{{run}} /labZone/home/ngs/runs/",
     "module load irods/4.3.1"),
    ("bash-xtrace-curl-user", "pw",
     "+ curl -s -u svc_ngs:{{S}} -X POST https://{{host}}/api/runs/{{run}}/status -d state=DEMUX_DONE\n{\"ok\":true}",
     "state=DEMUX_DONE"),
    ("docker-compose-logs-mongo-uri", "pw_urlsafe",
     "eln-api-1  | 2024-03-12T10:01:22.331Z INFO  [db] connecting to mongodb://eln:{{S}}@mongo:27017/eln?authSource=admin\neln-api-1  | 2024-03-12T10:01:22.512Z INFO  [db] connected",
     "[db] connected"),
    ("json-log-auth-header-debug", "tok_jwt",
     "{\"level\":\"debug\",\"ts\":\"{{ts}}\",\"logger\":\"eln-gateway\",\"msg\":\"outgoing request\",\"url\":\"https://{{host}}/v2/entries\",\"authorization\":\"Bearer {{S}}\"}",
     "\"logger\":\"eln-gateway\""),
    ("sshd-failed-password-for-invalid-user", "pw_word",
     "{{date}}T09:14:02 {{shost}} sshd[{{pid}}]: Failed password for invalid user {{S}} from {{ip}} port 51812 ssh2\n{{date}}T09:14:09 {{shost}} sshd[{{pid}}]: Accepted password for sbsuser from {{ip}} port 51820 ssh2",
     "Accepted password for sbsuser"),
    ("instrument-app-log-login-failed-pwd", "pw",
     "{{date}} 10:01:22,331 ERROR [SampleManager.Auth] Login failed user=HPLC01 pwd={{S}} reason=LOCKED",
     "[SampleManager.Auth]"),
    ("spring-boot-property-dump-log", "pw",
     "{{date}} 08:00:03.441 DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : Property spring.datasource.password={{S}} (from application-prod.yml)",
     "application-prod.yml"),
    ("tomcat-catalina-jndi-resource", "pw",
     "12-Mar-2024 08:00:01.002 INFO [main] org.apache.catalina.startup.HostConfig.deployDescriptor Resource jdbc/labkeyDataSource: username=\"labkey\" password=\"{{S}}\" url=\"jdbc:postgresql://{{host}}/labkey\"",
     "org.apache.catalina.startup.HostConfig.deployDescriptor"),
    ("python-logging-debug-payload-dict", "pw_q",
     "DEBUG:lims_client:login payload={'username': '{{user}}', 'password': '{{S}}', 'site': 'LAB01'}",
     "DEBUG:lims_client:login"),
    ("kombu-amqp-connection-error", "pw",
     "[{{date}} 10:01:22,331: ERROR/MainProcess] consumer: Cannot connect to amqp://lims:{{S}}@rabbit.{{domain}}:5672//: [Errno 111] Connection refused.\nTrying again in 4.00 seconds... (2/100)",
     "Trying again in 4.00 seconds"),
    ("airflow-task-log-connection-extra", "pw_q",
     "[{{date}}, 02:00:11 UTC] {base.py:83} INFO - Using connection ID 'edc_sftp' for task execution.\n[{{date}}, 02:00:11 UTC] {sftp.py:120} DEBUG - conn extra: {\"host\": \"sftp.{{domain}}\", \"login\": \"edc_drop\", \"password\": \"{{S}}\"}",
     "Using connection ID 'edc_sftp'"),
    ("github-actions-log-unmasked-flag", "tok_hex40",
     "2024-03-12T10:01:22.0931Z ##[group]Run ./scripts/deploy_eln_plugin.sh --token {{S}}\n2024-03-12T10:01:22.0933Z shell: /usr/bin/bash -e {0}\n2024-03-12T10:01:22.0934Z ##[endgroup]",
     "deploy_eln_plugin.sh"),
    ("gitlab-job-log-echo-token", "tok_glcbt",
     "$ echo \"using job token ${CI_JOB_TOKEN} for package upload\"\nusing job token {{S}} for package upload\n$ twine upload --repository-url ${CI_API_V4_URL}/projects/${CI_PROJECT_ID}/packages/pypi dist/*",
     "for package upload"),
    ("ansible-log-loop-item-no-log-missing", "pw",
     "TASK [lims_db : create application user] ****************************************\nok: [{{shost}}] => (item={'name': 'lims_app', 'password': '{{S}}', 'priv': 'lims.*:ALL'})",
     "TASK [lims_db : create application user]"),
    ("terraform-plan-log-plain-password", "pw_rich",
     "  # azurerm_postgresql_flexible_server.eln will be created\n  + resource \"azurerm_postgresql_flexible_server\" \"eln\" {\n      + administrator_login    = \"elnadmin\"\n      + administrator_password = \"{{S}}\"\n      + sku_name               = \"GP_Standard_D2ds_v4\"",
     "azurerm_postgresql_flexible_server.eln"),
    ("pytest-http-error-url-password", "pw",
     "FAILED tests/test_starlims_api.py::test_login - requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://{{host}}/STARLIMS11/rest/login?user=qa_bot&password={{S}}",
     "tests/test_starlims_api.py::test_login"),
    ("node-mongo-auth-error-connstring", "pw_urlsafe",
     "MongoServerError: bad auth : Authentication failed.\n    at Connection.onMessage (/app/node_modules/mongodb/lib/cmap/connection.js:207:30) {\n  connectionString: 'mongodb+srv://eln_svc:{{S}}@cluster0.{{hex8}}.mongodb.net/eln',\n  code: 8000\n}",
     "Connection.onMessage"),
    ("r-curl-error-redcap-token", "tok_HEX32",
     "Error in curl::curl_fetch_memory(url, handle = handle) :\n  Timeout was reached: [redcap.{{domain}}] Operation timed out after 10001 milliseconds\nCalls: redcap_read -> POST -> request_perform -> request_fetch\nIn addition: body = list(token = \"{{S}}\", content = \"record\")",
     "curl::curl_fetch_memory"),
    ("go-panic-mysql-dsn", "pw",
     "panic: dial tcp {{ip}}:3306: connect: connection refused (dsn=\"seqsync:{{S}}@tcp({{host}}:3306)/runs?parseTime=true\")\n\ngoroutine 1 [running]:\nmain.mustOpen(...)\n\t/src/cmd/seqsync/main.go:42 +0x1a5",
     "/src/cmd/seqsync/main.go:42"),
    ("dotnet-sqlexception-connectionstring", "pw",
     "System.Data.SqlClient.SqlException (0x80131904): Login failed for user 'cmuser'.\n   at System.Data.SqlClient.SqlInternalConnectionTds..ctor(...)\n   ConnectionString: Server={{shost}};Database=Chromeleon;User Id=cmuser;Password={{S}}",
     "Login failed for user 'cmuser'."),
    ("gunicorn-startup-env-dump", "tok_HEX32",
     "[{{date}} 07:00:02 +0000] [{{pid}}] [INFO] Starting gunicorn 21.2.0\n[{{date}} 07:00:02 +0000] [{{pid}}] [DEBUG] env: REDCAP_TOKEN={{S}} WORKERS=4",
     "Starting gunicorn 21.2.0"),
    ("sentry-event-request-headers", "tok_alnum40",
     "\"request\": {\n  \"url\": \"https://{{host}}/api/v1/plates\",\n  \"method\": \"POST\",\n  \"headers\": {\"Authorization\": \"Token {{S}}\", \"Content-Type\": \"application/json\"}\n}",
     "\"method\": \"POST\""),
    ("mysql-general-log-set-password", "pw",
     "{{ts}}\t   42 Query\tSET PASSWORD FOR 'hamilton'@'%' = '{{S}}'",
     "SET PASSWORD FOR 'hamilton'@'%'"),
    ("postgres-log-alter-role-statement", "pw",
     "{{date}} 11:02:13.331 UTC [{{pid}}] postgres@labware LOG:  statement: ALTER ROLE eln_app WITH PASSWORD '{{S}}';",
     "ALTER ROLE eln_app"),
    ("auditd-execve-mysql-p", "pw",
     "type=EXECVE msg=audit(1710237682.331:4412): argc=5 a0=\"mysql\" a1=\"-u\" a2=\"root\" a3=\"-p{{S}}\" a4=\"lims\"",
     "type=EXECVE"),
    ("powershell-transcript-apikey-param", "tok_alnum40",
     "**********************\nPS C:\\Users\\labadmin> .\\Register-Instrument.ps1 -Name {{shost}} -ApiKey {{S}}\nInstrument {{shost}} registered with SDMS.",
     "registered with SDMS"),
    ("basespace-broker-log-token", "tok_hex32",
     "{{date}} 06:41:09,118 INFO  [BaseSpaceBroker] Uploading run {{run}} using access token {{S}}",
     "[BaseSpaceBroker]"),
    ("venus-trace-db-login", "pw",
     "{{date}} 10:22:11> SYSTEM : Database login - start; server '{{shost}}\\SQLEXPRESS' user 'venus' password '{{S}}'\n{{date}} 10:22:12> SYSTEM : Database login - complete;",
     "Database login - complete"),
    ("soap-wsse-password-in-log", "pw",
     "DEBUG OpenClinicaWS request:\n<soapenv:Header><wsse:Security><wsse:UsernameToken><wsse:Username>ws_import</wsse:Username><wsse:Password Type=\"PasswordText\">{{S}}</wsse:Password></wsse:UsernameToken></wsse:Security></soapenv:Header>",
     "<wsse:Username>ws_import</wsse:Username>"),
    ("rave-rws-request-log-basic", "k_basic",
     "{{ts}} rws-client GET /RaveWebServices/studies/{{study}}(Prod)/datasets/regular?start=2024-03-01 headers={'Authorization': 'Basic {{S}}'}",
     "rws-client"),
    ("http-request-dump-cookie-sessionid", "tok_cookie_django",
     "--- request ---\nGET /admin/samples/ HTTP/1.1\nHost: {{host}}\nCookie: csrftoken={{hex32}}; sessionid={{S}}\nUser-Agent: Mozilla/5.0",
     "GET /admin/samples/ HTTP/1.1"),
    ("cloud-init-output-chpasswd", "pw",
     "Cloud-init v. 23.4.4 running 'modules:config' at {{date}}\n+ echo 'ubuntu:{{S}}' | chpasswd\nCloud-init v. 23.4.4 finished",
     "modules:config"),
    ("journald-service-env-echo", "tok_hex32",
     "Mar 12 10:01:22 {{shost}} bs-sync[{{pid}}]: starting with BS_ACCESS_TOKEN={{S}} RUN_ROOT=/data/runs",
     "RUN_ROOT=/data/runs"),
    ("json-log-nested-db-pass-abbrev", "pw",
     "{\"ts\":\"{{ts}}\",\"svc\":\"sample-router\",\"cfg\":{\"db\":{\"host\":\"{{host}}\",\"user\":\"router\",\"pass\":\"{{S}}\"},\"workers\":8}}",
     "\"svc\":\"sample-router\""),
    ("logfmt-s3-secret-key", "tok_aws_secret",
     "time={{ts}} level=error msg=\"s3 upload failed\" bucket={{bucket}} access_key={{akid}} secret_key={{S}} err=\"SignatureDoesNotMatch\"",
     "SignatureDoesNotMatch"),
    ("nextflow-tower-client-debug-bearer", "tok_tower",
     "Mar-12 10:22:05.882 [Tower-thread] DEBUG io.seqera.tower.plugin.TowerClient - Tower request: POST https://tower.{{domain}}/api/trace/create Authorization: Bearer {{S}}",
     "io.seqera.tower.plugin.TowerClient"),
    ("git-push-auth-failed-url", "tok_glpat",
     "remote: HTTP Basic: Access denied.\nfatal: Authentication failed for 'https://ci:{{S}}@gitlab.{{domain}}/lab/lims-etl.git/'",
     "remote: HTTP Basic: Access denied."),
    ("conda-http-error-channel-token", "tok_conda",
     "CondaHTTPError: HTTP 401 UNAUTHORIZED for url <https://conda.{{domain}}/t/{{S}}/labchan/linux-64/repodata.json>\nElapsed: 00:00.231",
     "CondaHTTPError: HTTP 401 UNAUTHORIZED"),
    ("maven-transfer-error-url-creds", "pw",
     "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-deploy-plugin:3.1.1:deploy (default-deploy) on project lims-connector: Failed to deploy artifacts: Could not transfer artifact com.lab:lims-connector:jar:{{ver}} from/to lab-releases (https://deploy:{{S}}@nexus.{{domain}}/repository/releases/): status code: 401",
     "maven-deploy-plugin:3.1.1"),
    ("electron-eln-desktop-refresh-token", "tok_alnum40",
     "[{{date}} 09:12:44.221] [info]  auth: token refreshed, expires_in=3600 refresh_token={{S}}",
     "auth: token refreshed"),
    ("access-log-oauth-fragment-token", "tok_ya29",
     "{{ip}} - - [12/Mar/2024:11:40:09 +0000] \"GET /oauth2/callback?state={{hex16}}&access_token={{S}}&token_type=Bearer&expires_in=3599 HTTP/1.1\" 302 0",
     "/oauth2/callback"),
    ("labware-service-log-connect-string", "pw",
     "{{date}} 06:00:00 LIMS_SERVICE[{{pid}}] INFO Opening connection LIMS/{{S}}@LWPRD (pool=batch)",
     "LIMS_SERVICE"),
    ("starlims-server-authenticate-log", "pw",
     "{{date}} 13:22:09.114 [STARLIMS.Server] DEBUG Authenticate(user=\"qa_admin\", pwd=\"{{S}}\") -> OK (session {{uuid}})",
     "[STARLIMS.Server]"),
    ("smrtlink-install-log-keycloak", "pw",
     "[{{date}} 10:01:22] smrtlink-installer: configuring keycloak admin user 'admin' with password {{S}}\n[{{date}} 10:01:29] smrtlink-installer: keycloak ready on :8443",
     "keycloak ready on :8443"),
    ("syslog-cron-cmd-mysqldump", "pw",
     "Mar 12 02:00:01 {{shost}} CRON[{{pid}}]: (root) CMD (mysqldump -uroot -p{{S}} lims | gzip > /backup/lims_$(date +\\%F).sql.gz)",
     "(root) CMD"),
    ("crash-dump-oauth-password-grant", "pw_q",
     "Unhandled exception in TokenService.Acquire\n  request body: {\"grant_type\":\"password\",\"client_id\":\"eln-desktop\",\"username\":\"{{user}}\",\"password\":\"{{S}}\"}\n  at TokenService.Acquire() in C:\\build\\eln\\TokenService.cs:line 88",
     "TokenService.Acquire"),
    ("iis-log-query-pwd", "pw",
     "{{date}} 10:01:22 {{ip}} GET /STARLIMS11/Handlers/Login.ashx user=qa&pwd={{S}} 443 - {{ip2}} Mozilla/5.0 200 0 0 311",
     "/STARLIMS11/Handlers/Login.ashx"),
    ("jenkins-console-sh-upload-p", "pw",
     "[Pipeline] sh\n+ ./upload_to_sdms.sh -u deploy -p {{S}} -f build/labware-plugin-{{ver}}.zip\nUploaded 1 file(s).",
     "[Pipeline] sh"),
    ("python-logged-settings-repr", "pw",
     "INFO app.startup: loaded Settings(db_host='{{host}}', db_user='eln', db_password='{{S}}', debug=False, workers=4)",
     "app.startup"),
    ("k8s-event-probe-url-credentials", "pw",
     "Warning  Unhealthy  2m (x14 over 9m)  kubelet  Liveness probe failed: Get \"http://admin:{{S}}@{{ip}}:8080/health\": context deadline exceeded",
     "Liveness probe failed"),
    ("minknow-log-api-token", "tok_uuid",
     "{{date}} 11:02:41.220 INFO: mk_manager_svc (control_server): remote client authenticated with local token guest_api_token={{S}}",
     "mk_manager_svc"),
    ("s3-access-log-presigned-signature", "tok_s3sig",
     "{{hex32}} {{bucket}} [12/Mar/2024:10:15:03 +0000] {{ip}} - {{hex16}} REST.GET.OBJECT fastq/{{sample}}_R1.fastq.gz \"GET /fastq/{{sample}}_R1.fastq.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={{akid}}%2F20240312%2F{{region}}%2Fs3%2Faws4_request&X-Amz-Date=20240312T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature={{S}} HTTP/1.1\" 200 -",
     "REST.GET.OBJECT"),
    ("laravel-log-cookie-header", "tok_cookie_laravel",
     "[{{date}} 10:22:01] production.ERROR: Session store not set on request. {\"headers\":{\"cookie\":[\"laravel_session={{S}}\"],\"host\":[\"biobank.{{domain}}\"]}}",
     "production.ERROR"),
    ("vbs-log-pem-key-dump", "pem_rsa",
     "WARN  KeyLoader: could not parse key, dumping for diagnostics:\n-----BEGIN RSA PRIVATE KEY-----\n{{S}}\n-----END RSA PRIVATE KEY-----",
     "KeyLoader: could not parse key"),
    ("winrm-debug-log-ntlm-password", "pw",
     "DEBUG winrm.transport: building session endpoint=https://{{shost}}:5986/wsman username=LAB\\svc_deploy password={{S}} transport=ntlm",
     "winrm.transport"),
    ("haproxy-log-captured-authorization", "k_basic",
     "Mar 12 10:01:22 {{shost}} haproxy[{{pid}}]: {{ip}}:51122 [12/Mar/2024:10:01:22.331] fe_lims be_lims/lims01 0/0/1/12/13 200 512 - - ---- 1/1/0/0/0 0/0 {Basic {{S}}} \"GET /api/v1/samples HTTP/1.1\"",
     "fe_lims be_lims/lims01"),
    ("uwsgi-request-log-password-query", "pw",
     "[pid: {{pid}}|app: 0|req: 55/210] {{ip}} () {38 vars in 712 bytes} [Tue Mar 12 10:01:22 2024] GET /biobank/login?username={{user}}&password={{S}} => generated 512 bytes in 12 msecs (HTTP/1.1 302) 4 headers in 181 bytes",
     "/biobank/login"),
]

# ----------------------------------------------------------------------------
# group: note-or-chat  (agent notes, goals, decisions, pasted chat/email)
# ----------------------------------------------------------------------------
_NOTE = [
    ("slack-thread-handover-password", "pw",
     "@{{person}} handing over the NovaSeq PC tonight. Local admin is sbsadmin / {{S}} \u2014 please rotate after run {{run}} finishes.",
     "handing over the NovaSeq PC tonight"),
    ("german-note-hamilton-pc-passwort", "pw",
     "Zugang zum Hamilton-PC ({{shost}}): Benutzer \"venus\", Passwort {{S}} (bitte nicht \u00e4ndern, System ist validiert!)",
     "Zugang zum Hamilton-PC"),
    ("french-note-mot-de-passe", "pw",
     "Le mot de passe du compte LabWare de test est {{S}}, je l'ai mis \u00e0 jour ce matin apr\u00e8s le verrouillage.",
     "compte LabWare de test"),
    ("spanish-chat-contrasena-site", "pw",
     "La contrase\u00f1a del usuario de REDCap para el centro {{site}} es: {{S}}",
     "para el centro {{site}}"),
    ("portuguese-note-senha-servico", "tok_benchling",
     "senha (na verdade a API key) da conta de servi\u00e7o do Benchling: {{S}}",
     "conta de servi\u00e7o do Benchling"),
    ("italian-note-nas-password", "pw",
     "password del NAS del laboratorio ({{ip}}): {{S}} \u2014 utente: admin",
     "password del NAS del laboratorio"),
    ("dutch-chat-wachtwoord-share", "pw",
     "{{person}}: het wachtwoord voor de sequencer-share is {{S}}, gebruikersnaam sbsuser",
     "gebruikersnaam sbsuser"),
    ("swedish-note-losenord-eln", "pw",
     "l\u00f6senord till ELN-testmilj\u00f6n (anv\u00e4ndare qa_eln): {{S}}",
     "ELN-testmilj\u00f6n"),
    ("polish-chat-haslo-starlims", "pw",
     "has\u0142o do STARLIMS (konto qa): {{S}} \u2014 wa\u017cne do ko\u0144ca miesi\u0105ca",
     "STARLIMS (konto qa)"),
    ("japanese-note-sequencer-pc-password", "pw",
     "\u30b7\u30fc\u30b1\u30f3\u30b5\u30fcPC\uff08{{shost}}\uff09\u306e\u30d1\u30b9\u30ef\u30fc\u30c9\u306f {{S}} \u3067\u3059\u3002\u5909\u66f4\u3057\u306a\u3044\u3067\u304f\u3060\u3055\u3044\u3002",
     "{{shost}}"),
    ("chinese-note-lims-db-mima", "pw",
     "LIMS \u6570\u636e\u5e93\u8d26\u53f7 lims_app\uff0c\u5bc6\u7801\uff1a{{S}}\uff08\u8bf7\u52ff\u5916\u4f20\uff09",
     "lims_app"),
    ("korean-note-eln-admin-password", "pw",
     "ELN \uad00\ub9ac\uc790 \uacc4\uc815 admin \ube44\ubc00\ubc88\ud638: {{S}}",
     "ELN"),
    ("russian-chat-parol-server", "pw",
     "\u043f\u0430\u0440\u043e\u043b\u044c \u043e\u0442 \u0441\u0435\u0440\u0432\u0435\u0440\u0430 \u0430\u043d\u0430\u043b\u0438\u0437\u0430 {{host}}: {{S}}",
     "{{host}}"),
    ("turkish-note-sifre-labadmin", "pw",
     "\u015eifre: {{S}} (labadmin hesab\u0131, plaka okuyucu bilgisayar\u0131)",
     "labadmin"),
    ("hindi-chat-password-hai", "pw",
     "\u0938\u0930\u094d\u0935\u0930 {{ip}} \u0915\u093e \u092a\u093e\u0938\u0935\u0930\u094d\u0921 {{S}} \u0939\u0948",
     "{{ip}}"),
    ("norwegian-note-passord-alarm", "pw",
     "passordet til fryser-alarmsystemet er {{S}} (bruker: drift)",
     "fryser-alarmsystemet"),
    ("finnish-note-salasana", "pw",
     "Salasana QuantStudio-koneeseen: {{S}}",
     "QuantStudio-koneeseen"),
    ("czech-note-heslo-databaze", "pw",
     "heslo k datab\u00e1zi biobanky (u\u017eivatel bb_app): {{S}}",
     "bb_app"),
    ("arabic-chat-kalimat-murur", "pw",
     "\u0643\u0644\u0645\u0629 \u0627\u0644\u0645\u0631\u0648\u0631 \u0644\u062d\u0633\u0627\u0628 labadmin: {{S}}",
     "labadmin"),
    ("vietnamese-chat-mat-khau", "pw",
     "m\u1eadt kh\u1ea9u t\u00e0i kho\u1ea3n EDC c\u1ee7a site {{site}}: {{S}}",
     "site {{site}}"),
    ("indonesian-chat-kata-sandi", "pw",
     "kata sandi akun monitor EDC: {{S}} (jangan dibagikan ke CRO lain)",
     "akun monitor EDC"),
    ("greek-note-kodikos", "pw",
     "\u03ba\u03c9\u03b4\u03b9\u03ba\u03cc\u03c2 \u03b3\u03b9\u03b1 \u03c4\u03bf LIMS (\u03c7\u03c1\u03ae\u03c3\u03c4\u03b7\u03c2 lab_qc): {{S}}",
     "lab_qc"),
    ("abbrev-pw-label-chat", "pw",
     "pw for the cluster svc acct (nf_runner): {{S}}",
     "nf_runner"),
    ("creds-slash-pair-note", "pw",
     "creds: ngsadmin/{{S}} (same on both MiSeqs)",
     "same on both MiSeqs"),
    ("teams-message-quoted-try", "pw_q",
     "[10:14] {{person}} {{last}}: try \"{{S}}\" \u2014 that's what IT set on the QuantStudio after the reimage",
     "after the reimage"),
    ("email-helpdesk-temporary-password", "pw",
     "From: it-helpdesk@{{domain}}\nSubject: Your temporary password\n\nHello {{person}},\nyour temporary password for Medidata Rave (user {{user}}) is: {{S}}\nYou will be asked to change it at first login.",
     "Subject: Your temporary password"),
    ("jira-comment-svc-pass", "pw",
     "Reproduced with the service account (svc_eln_sync, pass {{S}}). The 401 only happens after the token refresh at 60 min.",
     "The 401 only happens after the token refresh"),
    ("agent-running-note-found-password", "pw",
     "- [x] Found the DB password in /opt/labware/lims.ini: {{S}} (do not commit; ask {{person}} to move it to the vault)",
     "/opt/labware/lims.ini"),
    ("agent-goal-rotate-token", "tok_tower",
     "Goal: rotate the Seqera Platform access token (current: {{S}}) and update nextflow.config on the HPC login node before Friday's runs.",
     "update nextflow.config on the HPC login node"),
    ("decision-log-shared-instrument-account", "pw",
     "Decision {{date}}: keep the shared instrument account (user hplc, password {{S}}) until CSV re-validation in Q3; deviation DEV-{{num}} raised.",
     "deviation DEV-{{num}} raised"),
    ("sticky-note-transcription", "pw",
     "Photo of sticky note on the plate reader monitor: \"SoftMax Pro admin \u2014 {{S}}\"",
     "Photo of sticky note on the plate reader monitor"),
    ("unlabeled-ssh-then-type", "pw",
     "ssh into {{ip}} as sbsuser, it asks for a password, type {{S}} and you're in. Run folders are under D:\\Illumina\\Runs",
     "D:\\Illumina\\Runs"),
    ("chat-key-passphrase-with-spaces", "pw_phrase_sp",
     "the passphrase for cro_rsa is \"{{S}}\" (all lowercase, with the spaces)",
     "the passphrase for cro_rsa"),
    ("guest-wifi-for-auditors", "pw_wifi",
     "Guest WiFi for the visiting FDA auditors: SSID Lab-Guest, key {{S}} (expires Friday)",
     "SSID Lab-Guest"),
    ("alarm-panel-pin-note", "pw_pin",
     "-80 freezer alarm panel in B2.14: PIN {{S}} to silence, then call facilities",
     "-80 freezer alarm panel in B2.14"),
    ("meeting-notes-bullet-admin-login", "pw",
     "* Admin login for Fluent Control on {{shost}}: Admin / {{S}} (vendor default was never changed)",
     "vendor default was never changed"),
    ("teammate-pasted-basespace-token", "tok_hex32",
     "{{person}}: here's my BaseSpace token so you can pull the run tonight: {{S}}",
     "so you can pull the run tonight"),
    ("github-issue-comment-token-env", "tok_ghp",
     "I set GITHUB_TOKEN={{S}} locally and the release workflow still fails at the `gh release upload` step.",
     "gh release upload"),
    ("markdown-handover-table-password", "pw",
     "| System | User | Password | Notes |\n|---|---|---|---|\n| Empower 3 | sysadmin | {{S}} | GxP, do not change without CC |",
     "| Empower 3 | sysadmin |"),
    ("runbook-keycloak-admin-colon", "pw",
     "If SMRT Link locks you out: log into https://{{host}}:8443/auth as admin:{{S}} and unlock the user under Users > Details.",
     "unlock the user under Users > Details"),
    ("email-reply-quoted-question", "pw",
     "> what's the sftp pw for the CRO drop?\n{{S}} \u2014 same as last month, they didn't rotate it.",
     "what's the sftp pw for the CRO drop?"),
    ("chat-the-password-is-all-one-word", "pw_word",
     "the password is {{S}} all one word, capital first letter",
     "capital first letter"),
    ("spanglish-chat-pass-servidor", "pw",
     "oye, el pass del servidor de Nextflow es {{S}}, ojo que expira el viernes",
     "ojo que expira el viernes"),
    ("german-abbrev-pw-cluster", "pw",
     "PW f\u00fcrs Cluster-Konto ({{user}}): {{S}}",
     "Cluster-Konto"),
    ("french-abbrev-mdp", "pw",
     "acc\u00e8s STARLIMS recette \u2014 id : qa_lab / mdp : {{S}}",
     "id : qa_lab"),
    ("chinese-chat-zhanghao-mima", "pw",
     "\u8d26\u53f7 labadmin \u5bc6\u7801 {{S}} \uff0c\u767b\u5f55\u540e\u8bb0\u5f97\u6539\u4e00\u4e0b",
     "\u8d26\u53f7 labadmin"),
    ("japanese-id-pw-pair", "pw",
     "ID: labadmin / PW: {{S}}\uff08\u30b5\u30fc\u30d0\u30fc\u5ba4\u306eNAS\u7528\uff09",
     "ID: labadmin"),
    ("portuguese-br-chat-vpn-cro", "pw",
     "a senha nova da VPN da CRO \u00e9 {{S}} \u2014 o usu\u00e1rio continua vpn_site{{site}}",
     "vpn_site{{site}}"),
    ("code-review-comment-client-secret", "tok_benchling_cs",
     "nit: you committed the Benchling app client secret on line {{line}} ({{S}}), please rotate it and read it from Vault instead",
     "please rotate it and read it from Vault instead"),
    ("status-update-new-redcap-token", "tok_HEX32",
     "Rotated the REDCap API token for project {{num}}. New one: {{S}} (old one revoked in the UI).",
     "old one revoked in the UI"),
    ("agent-todo-verify-password", "pw",
     "TODO(agent): verify that {{S}} still works for svc nf_runner on hpc-login-02 before re-queuing the failed jobs.",
     "before re-queuing the failed jobs"),
    ("pr-description-testing-token", "tok_glpat",
     "## Testing\nRan the importer against staging with `GITLAB_TOKEN={{S}}` and 3 historical run folders; all passed.",
     "## Testing"),
    ("incident-postmortem-root-cause", "pw",
     "Root cause: the STARLIMS service account password ({{S}}) was hard-coded in the balance interface and was written to the IIS logs.",
     "Root cause:"),
    ("chat-two-lines-user-pass", "pw",
     "user: svc_benchling\npass: {{S}}",
     "user: svc_benchling"),
    ("twofa-backup-code-note", "pw_backup",
     "Backup code for the lab GitHub org owner account (use only if Yubikey lost): {{S}}",
     "use only if Yubikey lost"),
    ("vendor-support-teamviewer-password", "pw",
     "Thermo support: please start TeamViewer on {{shost}} and send ID + password. -> ID 1 {{num}} 884, password {{S}}",
     "Thermo support"),
    ("korean-chat-bibeon", "pw",
     "\uadf8 \uc7a5\ube44 PC \ube44\ubc88 {{S}} \uc774\uc5d0\uc694",
     "PC"),
    ("spanish-usuario-clave", "pw",
     "usuario: monitor_cra / clave: {{S}}",
     "usuario: monitor_cra"),
    ("italian-chat-pw-db", "pw",
     "la pw del db di Chromeleon \u00e8 {{S}}, ma non dirlo a QA",
     "ma non dirlo a QA"),
    ("hinglish-chat-password-hai", "pw",
     "bhai password {{S}} hai, change mat karna, validation chal raha hai",
     "validation chal raha hai"),
    ("tagalog-chat-ang-password", "pw",
     "ang password ng instrument PC ay {{S}}",
     "instrument PC"),
    ("agent-memory-json-creds", "pw",
     "{\"note\": \"labware admin creds found in handover doc\", \"user\": \"LWADMIN\", \"password\": \"{{S}}\", \"source\": \"SharePoint/IT/handover.docx\"}",
     "SharePoint/IT/handover.docx"),
    ("chat-presigned-link-share", "tok_s3sig",
     "{{person}}: here's the link to the CRAMs for the CRO, valid 7 days: https://{{bucket}}.s3.{{region}}.amazonaws.com/share/{{proj}}.tar?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={{akid}}%2F20240312%2F{{region}}%2Fs3%2Faws4_request&X-Amz-Date=20240312T120000Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature={{S}}",
     "valid 7 days"),
    ("chat-pasted-private-key", "pem_openssh",
     "{{person}}: use this key for the sftp box, I'll regenerate next week\n-----BEGIN OPENSSH PRIVATE KEY-----\n{{S}}\n-----END OPENSSH PRIVATE KEY-----",
     "use this key for the sftp box"),
]

# ----------------------------------------------------------------------------
# group: ci-and-deploy
# ----------------------------------------------------------------------------
_CI = [
    ("github-actions-env-hardcoded-key", "tok_benchling",
     "jobs:\n  sync:\n    runs-on: [self-hosted, lab]\n    env:\n      BENCHLING_TENANT: {{org}}\n      BENCHLING_API_KEY: {{S}}\n    steps:\n      - uses: actions/checkout@v4",
     "runs-on: [self-hosted, lab]"),
    ("github-actions-docker-login-with", "tok_alnum32",
     "      - uses: docker/login-action@v3\n        with:\n          registry: harbor.{{domain}}\n          username: robot$ci-push\n          password: {{S}}",
     "docker/login-action@v3"),
    ("gitlab-ci-variables-block-token", "tok_tower",
     "variables:\n  NXF_VER: \"23.10.1\"\n  TOWER_ACCESS_TOKEN: \"{{S}}\"\n  TOWER_WORKSPACE_ID: \"{{num}}\"",
     "NXF_VER: \"23.10.1\""),
    ("gitlab-ci-script-curl-upload", "pw",
     "publish:\n  stage: deploy\n  script:\n    - curl --fail -u deploy:{{S}} -T dist/labcore-{{ver}}.whl https://nexus.{{domain}}/repository/pypi-internal/",
     "stage: deploy"),
    ("jenkinsfile-environment-block", "pw",
     "pipeline {\n  agent { label 'hpc' }\n  environment {\n    LIMS_DB_USER = 'lims_ci'\n    LIMS_DB_PASS = '{{S}}'\n  }",
     "agent { label 'hpc' }"),
    ("jenkins-job-password-parameter-default", "pw",
     "<hudson.model.PasswordParameterDefinition>\n  <name>SDMS_PASSWORD</name>\n  <defaultValue>{{S}}</defaultValue>\n</hudson.model.PasswordParameterDefinition>",
     "<name>SDMS_PASSWORD</name>"),
    ("azure-pipelines-variables-value", "pw_rich",
     "variables:\n  - name: sqlAdminLogin\n    value: 'elnadmin'\n  - name: sqlAdminPassword\n    value: '{{S}}'",
     "sqlAdminLogin"),
    ("circleci-environment-aws-secret", "tok_aws_secret",
     "    docker:\n      - image: cimg/python:3.11\n    environment:\n      AWS_ACCESS_KEY_ID: {{akid}}\n      AWS_SECRET_ACCESS_KEY: {{S}}",
     "cimg/python:3.11"),
    ("bitbucket-pipelines-pipe-password", "pw",
     "        - pipe: atlassian/sftp-deploy:0.9.1\n          variables:\n            USER: 'deploy'\n            SERVER: '{{host}}'\n            REMOTE_PATH: '/opt/eln/plugins'\n            PASSWORD: '{{S}}'",
     "atlassian/sftp-deploy:0.9.1"),
    ("buildkite-agent-cfg-token", "tok_hex64",
     "# /etc/buildkite-agent/buildkite-agent.cfg\ntoken=\"{{S}}\"\nname=\"hpc-%hostname-%spawn\"\ntags=\"queue=gpu,site=lab\"",
     "tags=\"queue=gpu,site=lab\""),
    ("gitlab-runner-config-toml-token", "tok_glrt",
     "[[runners]]\n  name = \"hpc-shell-runner\"\n  url = \"https://gitlab.{{domain}}\"\n  token = \"{{S}}\"\n  executor = \"shell\"",
     "hpc-shell-runner"),
    ("github-runner-config-sh-token", "tok_gh_reg",
     "./config.sh --url https://github.com/{{org}} --token {{S}} --labels self-hosted,lab,gpu --unattended",
     "--labels self-hosted,lab,gpu"),
    ("k8s-deployment-env-value-literal", "tok_hex40",
     "        env:\n          - name: STARLIMS_URL\n            value: https://{{host}}\n          - name: STARLIMS_API_SECRET\n            value: \"{{S}}\"",
     "STARLIMS_URL"),
    ("k8s-secret-manifest-data-base64", "k_b64pw",
     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: redcap-db\ntype: Opaque\ndata:\n  DB_PASSWORD: {{S}}",
     "name: redcap-db"),
    ("docker-compose-prod-quoted-env", "pw_rich",
     "  redcap:\n    image: registry.{{domain}}/redcap:14.0.12\n    environment:\n      DB_HOSTNAME: db\n      DB_PASSWORD: \"{{S}}\"",
     "DB_HOSTNAME: db"),
    ("dockerfile-env-token", "tok_hex32",
     "FROM python:3.11-slim\nENV BS_ACCESS_TOKEN={{S}}\nCOPY bs_sync /app/bs_sync\nCMD [\"python\", \"-m\", \"bs_sync\"]",
     "FROM python:3.11-slim"),
    ("docker-build-arg-npm-token", "tok_npm",
     "docker build --build-arg NPM_TOKEN={{S}} -t registry.{{domain}}/eln-ui:{{ver}} .",
     "eln-ui:{{ver}}"),
    ("ansible-inventory-ini-vars", "pw",
     "[instrument_pcs]\n{{shost}}\n{{shost2}}\n\n[instrument_pcs:vars]\nansible_user=labadmin\nansible_password={{S}}\nansible_connection=winrm",
     "[instrument_pcs:vars]"),
    ("ansible-group-vars-unencrypted-vault-var", "pw",
     "# group_vars/lims/vault.yml  (TODO: ansible-vault encrypt!)\nvault_lims_db_password: {{S}}\nvault_lims_db_user: lims_app",
     "group_vars/lims/vault.yml"),
    ("ansible-vault-pass-file-cat", "pw_phrase",
     "$ cat .vault_pass\n{{S}}\n$ ansible-playbook -i inventories/gxp site.yml --vault-password-file .vault_pass --check",
     "inventories/gxp"),
    ("terraform-variable-default-password", "pw_rich",
     "variable \"lims_admin_password\" {\n  type      = string\n  sensitive = true\n  default   = \"{{S}}\"\n}",
     "variable \"lims_admin_password\""),
    ("terraform-azurerm-provider-client-secret", "tok_azure_client_secret",
     "provider \"azurerm\" {\n  features {}\n  subscription_id = \"{{uuid}}\"\n  client_id       = \"{{uuid2}}\"\n  client_secret   = \"{{S}}\"\n  tenant_id       = \"{{uuid3}}\"\n}",
     "provider \"azurerm\""),
    ("pulumi-stack-config-plain", "pw",
     "config:\n  azure-native:location: westeurope\n  lims-infra:dbAdmin: limsadmin\n  lims-infra:dbPassword: {{S}}",
     "lims-infra:dbAdmin"),
    ("helm-upgrade-set-password", "pw",
     "helm upgrade --install labkey ./charts/labkey -n {{ns}} --set postgresql.auth.password={{S}} --set ingress.host=labkey.{{domain}}",
     "./charts/labkey"),
    ("argocd-repo-secret-stringdata", "tok_glpat",
     "apiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-lab-gitops\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://gitlab.{{domain}}/platform/lab-gitops.git\n  username: argocd\n  password: {{S}}",
     "argocd.argoproj.io/secret-type: repository"),
    ("kustomize-secretgenerator-literals", "pw",
     "secretGenerator:\n  - name: omero-db\n    literals:\n      - username=omero\n      - password={{S}}",
     "name: omero-db"),
    ("cloud-init-chpasswd-list", "pw",
     "#cloud-config\nchpasswd:\n  list: |\n    ubuntu:{{S}}\n  expire: false\nssh_pwauth: true",
     "#cloud-config"),
    ("packer-winrm-password-json", "pw",
     "  \"builders\": [{\n    \"type\": \"vsphere-iso\",\n    \"vm_name\": \"instrument-pc-win10-ltsc\",\n    \"communicator\": \"winrm\",\n    \"winrm_username\": \"Administrator\",\n    \"winrm_password\": \"{{S}}\"",
     "instrument-pc-win10-ltsc"),
    ("vagrantfile-winrm-password", "pw",
     "Vagrant.configure(\"2\") do |config|\n  config.vm.box = \"lab/win10-instrument\"\n  config.winrm.username = \"vagrant\"\n  config.winrm.password = \"{{S}}\"\nend",
     "lab/win10-instrument"),
    ("fabric-env-password", "pw",
     "from fabric.api import env\nenv.hosts = [\"{{host}}\"]\nenv.user = \"deploy\"\nenv.password = \"{{S}}\"",
     "from fabric.api import env"),
    ("gh-secret-set-body", "tok_tower",
     "gh secret set TOWER_ACCESS_TOKEN --body \"{{S}}\" -R {{org}}/nf-pipelines",
     "gh secret set TOWER_ACCESS_TOKEN"),
    ("glab-variable-set-masked", "tok_HEX32",
     "glab variable set REDCAP_TOKEN \"{{S}}\" --masked --scope production -R lab/redcap-sync",
     "--scope production"),
    ("az-keyvault-secret-set-value", "pw",
     "az keyvault secret set --vault-name kv-lab-prod --name edc-sftp-password --value '{{S}}'",
     "kv-lab-prod"),
    ("aws-secretsmanager-create-secret-string", "pw_rich",
     "aws secretsmanager create-secret --name lims/prod/db --secret-string '{\"username\":\"lims_app\",\"password\":\"{{S}}\"}'",
     "lims/prod/db"),
    ("aws-ssm-put-parameter-value", "pw",
     "aws ssm put-parameter --name /lims/prod/db_password --type SecureString --value '{{S}}' --overwrite",
     "/lims/prod/db_password"),
    ("gcloud-secrets-create-echo-pipe", "tok_whsec",
     "echo -n '{{S}}' | gcloud secrets create benchling-webhook-secret --data-file=- --replication-policy=automatic",
     "benchling-webhook-secret"),
    ("heroku-config-set-sendgrid", "tok_sendgrid",
     "heroku config:set SENDGRID_API_KEY={{S}} -a lab-sample-portal",
     "lab-sample-portal"),
    ("fly-secrets-set-database-url", "pw_urlsafe",
     "fly secrets set DATABASE_URL=postgres://portal:{{S}}@{{host}}:5432/portal -a biobank-portal",
     "biobank-portal"),
    ("kubectl-set-env-deploy", "pw",
     "kubectl -n {{ns}} set env deploy/eln-sync ELN_USER=sync ELN_PASSWORD={{S}}",
     "deploy/eln-sync"),
    ("serverless-yml-environment", "tok_HEX32",
     "functions:\n  nightlyExport:\n    handler: export.handler\n    environment:\n      REDCAP_URL: https://redcap.{{domain}}/api/\n      REDCAP_TOKEN: {{S}}",
     "handler: export.handler"),
    ("sam-template-parameter-default", "pw",
     "Parameters:\n  DbPassword:\n    Type: String\n    NoEcho: true\n    Default: {{S}}",
     "NoEcho: true"),
    ("cloudformation-deploy-parameter-overrides", "pw",
     "aws cloudformation deploy --template-file lims-rds.yaml --stack-name lims-rds-val --parameter-overrides DBUser=limsadmin DBPassword={{S}}",
     "--stack-name lims-rds-val"),
    ("github-actions-service-container-password", "pw",
     "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_USER: labkey\n          POSTGRES_PASSWORD: {{S}}\n        ports: ['5432:5432']",
     "image: postgres:16"),
    ("makefile-deploy-sshpass", "pw",
     "deploy:\n\tsshpass -p {{S}} rsync -az --delete site/ www@{{host}}:/var/www/sop-portal/",
     "/var/www/sop-portal/"),
    ("jenkins-groovy-sh-curl-basic", "pw",
     "stage('Upload') {\n  steps {\n    sh \"curl -u admin:{{S}} --upload-file build/plugin.zip https://{{host}}/sdms/plugins/\"\n  }\n}",
     "stage('Upload')"),
    ("gitlab-pipeline-trigger-token-curl", "tok_glptt",
     "curl -X POST --fail -F token={{S}} -F ref=main https://gitlab.{{domain}}/api/v4/projects/{{num}}/trigger/pipeline",
     "/trigger/pipeline"),
    ("github-actions-ssh-key-block-scalar", "pem_openssh_yaml",
     "      - name: Install deploy key\n        env:\n          SSH_KEY: |\n            -----BEGIN OPENSSH PRIVATE KEY-----\n            {{S}}\n            -----END OPENSSH PRIVATE KEY-----",
     "Install deploy key"),
    ("octopus-cli-api-key", "tok_octopus",
     "octo push --package eln-plugins.{{ver}}.zip --server https://octopus.{{domain}} --apiKey {{S}}",
     "octo push --package"),
    ("argocd-cli-login-password", "pw",
     "argocd login argocd.{{domain}} --username admin --password {{S}} --grpc-web",
     "--grpc-web"),
    ("harbor-robot-account-json", "tok_alnum32",
     "{\n  \"id\": {{num}},\n  \"name\": \"robot$ci-push\",\n  \"secret\": \"{{S}}\",\n  \"expires_at\": -1\n}",
     "robot$ci-push"),
    ("maven-settings-xml-server", "pw",
     "<servers>\n  <server>\n    <id>lab-releases</id>\n    <username>deploy</username>\n    <password>{{S}}</password>\n  </server>\n</servers>",
     "<id>lab-releases</id>"),
    ("gradle-properties-repo-password", "pw",
     "labNexusUser=ci-gradle\nlabNexusPassword={{S}}\norg.gradle.jvmargs=-Xmx2g",
     "labNexusUser=ci-gradle"),
    ("nuget-config-cleartextpassword", "pw",
     "<packageSourceCredentials>\n  <LabFeed>\n    <add key=\"Username\" value=\"ci\" />\n    <add key=\"ClearTextPassword\" value=\"{{S}}\" />\n  </LabFeed>\n</packageSourceCredentials>",
     "<packageSourceCredentials>"),
    ("condarc-channel-token-url", "tok_conda",
     "channels:\n  - https://conda.{{domain}}/t/{{S}}/lab-private\n  - conda-forge\n  - bioconda",
     "- bioconda"),
    ("apptainer-remote-login-password", "pw",
     "apptainer remote login --username ci --password {{S}} oras://registry.{{domain}}",
     "apptainer remote login"),
    ("sbatch-deploy-script-export", "tok_hex32",
     "#!/bin/bash\n#SBATCH --job-name=bcl-convert\n#SBATCH --cpus-per-task=32\nexport BS_ACCESS_TOKEN={{S}}\nbcl-convert --bcl-input-directory /data/runs/{{run}} --output-directory /scratch/fastq/{{run}}",
     "#SBATCH --job-name=bcl-convert"),
    ("tw-credentials-add-aws-secret-key", "tok_aws_secret",
     "tw credentials add aws --name lab-aws-batch --access-key {{akid}} --secret-key {{S}} --workspace {{org}}/genomics",
     "--name lab-aws-batch"),
    ("ecs-task-definition-environment", "pw",
     "\"environment\": [\n  {\"name\": \"DB_HOST\", \"value\": \"{{host}}\"},\n  {\"name\": \"DB_PASSWORD\", \"value\": \"{{S}}\"}\n]",
     "\"name\": \"DB_HOST\""),
    ("aws-batch-jobdef-env-token", "tok_tower",
     "  \"containerProperties\": {\n    \"image\": \"{{acct}}.dkr.ecr.{{region}}.amazonaws.com/nf-head:{{ver}}\",\n    \"environment\": [{\"name\": \"TOWER_ACCESS_TOKEN\", \"value\": \"{{S}}\"}]",
     "\"containerProperties\""),
    ("arm-parameters-json-admin-password", "pw_rich",
     "{\n  \"$schema\": \"https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#\",\n  \"parameters\": {\n    \"adminUsername\": {\"value\": \"labadmin\"},\n    \"adminPassword\": {\"value\": \"{{S}}\"}\n  }\n}",
     "deploymentParameters.json#"),
    ("bicep-param-default-password", "pw_rich",
     "param sqlAdminLogin string = 'cdiscadmin'\n@secure()\nparam sqlAdminPassword string = '{{S}}'",
     "param sqlAdminLogin string = 'cdiscadmin'"),
    ("docker-secret-create-echo", "pw",
     "echo \"{{S}}\" | docker secret create labkey_db_password -",
     "docker secret create labkey_db_password"),
    ("github-actions-webhook-secret-env", "tok_whsec",
     "    env:\n      BENCHLING_WEBHOOK_SECRET: {{S}}\n      DEPLOY_ENV: validation",
     "DEPLOY_ENV: validation"),
]

# ----------------------------------------------------------------------------
# group: vendor-token  (vendor credentials, recognisable mostly by shape)
# ----------------------------------------------------------------------------
_VEND = [
    ("github-classic-pat-ghp", "tok_ghp",
     "GH_TOKEN={{S}} gh pr list -R {{org}}/nf-wgs --state open",
     "gh pr list"),
    ("github-fine-grained-pat", "tok_github_pat",
     "# fine-grained, read-only on {{org}}/lims-etl, expires {{date}}\nGITHUB_TOKEN={{S}}",
     "read-only on {{org}}/lims-etl"),
    ("github-oauth-token-hosts-yml", "tok_gho",
     "github.com:\n    user: {{user}}\n    oauth_token: {{S}}\n    git_protocol: https",
     "git_protocol: https"),
    ("github-app-installation-token", "tok_ghs",
     "installation token for app 'lab-release-bot' (expires in 1h): {{S}}",
     "lab-release-bot"),
    ("github-user-to-server-token", "tok_ghu",
     "X-GitHub-Api-Version: 2022-11-28\nAuthorization: token {{S}}",
     "X-GitHub-Api-Version: 2022-11-28"),
    ("github-refresh-token", "tok_ghr",
     "{\"access_token\": \"<rotated>\", \"expires_in\": 28800, \"refresh_token\": \"{{S}}\", \"refresh_token_expires_in\": 15811200}",
     "\"expires_in\": 28800"),
    ("gitlab-personal-access-token", "tok_glpat",
     "curl --header \"PRIVATE-TOKEN: {{S}}\" \"https://gitlab.{{domain}}/api/v4/projects?search=nf-\"",
     "/api/v4/projects?search=nf-"),
    ("gitlab-deploy-token", "tok_gldt",
     "docker login registry.gitlab.{{domain}} -u gitlab+deploy-token-{{num}} -p {{S}}",
     "gitlab+deploy-token-{{num}}"),
    ("gitlab-runner-authentication-token", "tok_glrt",
     "gitlab-runner register --non-interactive --url https://gitlab.{{domain}} --token {{S}} --executor docker --docker-image alpine:3.19",
     "--executor docker"),
    ("aws-access-key-pair-export", "tok_aws_secret",
     "export AWS_ACCESS_KEY_ID={{akid}}\nexport AWS_SECRET_ACCESS_KEY={{S}}\nexport AWS_DEFAULT_REGION={{region}}",
     "AWS_DEFAULT_REGION={{region}}"),
    ("aws-session-token-env", "tok_aws_session",
     "AWS_SESSION_TOKEN={{S}}",
     "AWS_SESSION_TOKEN="),
    ("slack-bot-token-xoxb", "tok_slack_bot",
     "SLACK_BOT_TOKEN={{S}}  # #ngs-runs notifier",
     "#ngs-runs notifier"),
    ("slack-user-token-xoxp", "tok_slack_user",
     "curl -s -H 'Authorization: Bearer {{S}}' https://slack.com/api/conversations.history?channel=C0{{fc}}",
     "conversations.history"),
    ("slack-app-level-token-xapp", "tok_slack_app",
     "SLACK_APP_TOKEN={{S}}  # socket mode for the freezer-alarm bot",
     "socket mode for the freezer-alarm bot"),
    ("slack-incoming-webhook-url", "k_slackhook",
     "NOTIFY_WEBHOOK=https://hooks.slack.com/services/{{slackpath}}/{{S}}",
     "NOTIFY_WEBHOOK="),
    ("stripe-live-secret-key", "tok_stripe_sk",
     "STRIPE_SECRET_KEY={{S}}  # biobank sample-request portal payments",
     "biobank sample-request portal"),
    ("stripe-restricted-key", "tok_stripe_rk",
     "stripe.api_key = \"{{S}}\"  # restricted: invoices read only",
     "restricted: invoices read only"),
    ("stripe-webhook-signing-secret", "tok_whsec",
     "STRIPE_WEBHOOK_SECRET={{S}}",
     "STRIPE_WEBHOOK_SECRET="),
    ("twilio-auth-token-with-sid", "tok_hex32",
     "TWILIO_ACCOUNT_SID=AC{{hex32}}\nTWILIO_AUTH_TOKEN={{S}}\nTWILIO_FROM=+1555010{{n}}",
     "TWILIO_ACCOUNT_SID"),
    ("sendgrid-api-key", "tok_sendgrid",
     "SENDGRID_API_KEY=\"{{S}}\"",
     "SENDGRID_API_KEY"),
    ("mailgun-private-key", "tok_mailgun",
     "curl -s --user 'api:{{S}}' https://api.eu.mailgun.net/v3/mg.{{domain}}/messages -F to=qa@{{domain}} -F subject='Deviation alert'",
     "api.eu.mailgun.net"),
    ("openai-api-key-env", "tok_openai",
     "OPENAI_API_KEY={{S}}",
     "OPENAI_API_KEY="),
    ("anthropic-api-key-header", "tok_anthropic",
     "curl https://api.anthropic.com/v1/messages -H \"x-api-key: {{S}}\" -H \"anthropic-version: 2023-06-01\"",
     "anthropic-version: 2023-06-01"),
    ("huggingface-user-access-token", "tok_hf",
     "HF_TOKEN={{S}} huggingface-cli download {{org}}/protein-lm-ft --local-dir models/",
     "huggingface-cli download"),
    ("google-api-key-aiza", "tok_google_api",
     "https://maps.googleapis.com/maps/api/geocode/json?address=site+{{site}}&key={{S}}",
     "maps.googleapis.com"),
    ("google-oauth-client-secret-json", "tok_gocspx",
     "{\"installed\":{\"client_id\":\"{{num}}-{{hex32}}.apps.googleusercontent.com\",\"project_id\":\"{{org}}-sheets-sync\",\"client_secret\":\"{{S}}\"}}",
     "apps.googleusercontent.com"),
    ("google-oauth-refresh-token", "tok_google_refresh",
     "{\"token_uri\": \"https://oauth2.googleapis.com/token\", \"refresh_token\": \"{{S}}\", \"scopes\": [\"https://www.googleapis.com/auth/drive.readonly\"]}",
     "https://oauth2.googleapis.com/token"),
    ("gcp-access-token-ya29", "tok_ya29",
     "Authorization: Bearer {{S}}",
     "Authorization: Bearer"),
    ("azure-storage-account-key", "tok_azure_storage",
     "az storage blob upload-batch -d raw --account-name {{org}}seqarchive --account-key {{S}} -s /data/runs/{{run}}",
     "upload-batch"),
    ("azure-sas-token-sig", "tok_azsig",
     "azcopy copy \"/data/fastq/{{run}}\" \"https://{{org}}ngs.blob.core.windows.net/fastq?sv=2022-11-02&ss=b&srt=co&sp=rwlac&se=2024-04-01T00:00:00Z&st=2024-03-12T00:00:00Z&spr=https&sig={{S}}\" --recursive",
     "azcopy copy"),
    ("azure-ad-client-secret", "tok_azure_client_secret",
     "AZURE_CLIENT_ID={{uuid}}\nAZURE_TENANT_ID={{uuid2}}\nAZURE_CLIENT_SECRET={{S}}",
     "AZURE_TENANT_ID={{uuid2}}"),
    ("azure-devops-pat", "tok_azure_devops",
     "git clone https://{{user}}:{{S}}@dev.azure.com/{{org}}/LabAutomation/_git/venus-libs",
     "dev.azure.com/{{org}}/LabAutomation"),
    ("npm-access-token", "tok_npm",
     "NPM_TOKEN={{S}} npm publish --access restricted",
     "npm publish --access restricted"),
    ("pypi-api-token", "tok_pypi",
     "TWINE_USERNAME=__token__ TWINE_PASSWORD={{S}} twine upload dist/*",
     "twine upload dist/*"),
    ("dockerhub-pat", "tok_dockerhub",
     "echo {{S}} | docker login -u {{user}} --password-stdin",
     "--password-stdin"),
    ("datadog-api-key", "tok_hex32",
     "DD_API_KEY={{S}} DD_SITE=datadoghq.eu bash -c \"$(curl -L https://install.datadoghq.com/scripts/install_script_agent7.sh)\"",
     "DD_SITE=datadoghq.eu"),
    ("newrelic-user-api-key", "tok_newrelic",
     "newrelic profile add --profile lab --region EU --apiKey {{S}} --accountId {{num}}",
     "newrelic profile add"),
    ("sentry-auth-token", "tok_sentry",
     "SENTRY_AUTH_TOKEN={{S}} sentry-cli releases new eln-ui@{{ver}}",
     "sentry-cli releases new"),
    ("hashicorp-vault-token", "tok_vault",
     "export VAULT_ADDR=https://vault.{{domain}}:8200\nexport VAULT_TOKEN={{S}}",
     "VAULT_ADDR=https://vault.{{domain}}:8200"),
    ("terraform-cloud-token-credentials-tfrc", "tok_tfc",
     "credentials \"app.terraform.io\" {\n  token = \"{{S}}\"\n}",
     "credentials \"app.terraform.io\""),
    ("okta-ssws-api-token", "tok_okta",
     "curl -H \"Authorization: SSWS {{S}}\" https://{{org}}.okta.com/api/v1/users?q={{user}}",
     ".okta.com/api/v1/users"),
    ("atlassian-api-token", "tok_atlassian",
     "JIRA_USER={{email}}\nJIRA_API_TOKEN={{S}}",
     "JIRA_USER={{email}}"),
    ("jfrog-api-key-or-reference-token", "tok_jfrog",
     "jf c add lab-art --url https://{{org}}.jfrog.io --access-token {{S}} --interactive=false",
     "jf c add lab-art"),
    ("databricks-pat-dapi", "tok_databricks",
     "[DEFAULT]\nhost  = https://adb-{{num}}.azuredatabricks.net\ntoken = {{S}}",
     "azuredatabricks.net"),
    ("digitalocean-pat", "tok_digitalocean",
     "doctl auth init --context lab -t {{S}}",
     "doctl auth init"),
    ("cloudflare-api-token", "tok_cloudflare",
     "CLOUDFLARE_API_TOKEN={{S}} wrangler deploy --env production",
     "wrangler deploy"),
    ("linear-api-key", "tok_linear",
     "LINEAR_API_KEY={{S}}  # files deviation tickets from the QC bot",
     "files deviation tickets"),
    ("notion-integration-secret", "tok_notion",
     "notion = Client(auth=\"{{S}}\")  # SOP index sync",
     "SOP index sync"),
    ("airtable-personal-access-token", "tok_airtable",
     "curl https://api.airtable.com/v0/app{{fc}}/Reagents -H \"Authorization: Bearer {{S}}\"",
     "api.airtable.com"),
    ("postman-api-key", "tok_postman",
     "newman run https://api.getpostman.com/collections/{{uuid}}?apikey={{S}} -e lims-val.json",
     "newman run"),
    ("doppler-service-token", "tok_doppler",
     "DOPPLER_TOKEN={{S}} doppler run -- python sync_eln.py",
     "doppler run -- python sync_eln.py"),
    ("telegram-bot-token", "tok_telegram",
     "https://api.telegram.org/bot{{S}}/sendMessage?chat_id=-100{{num}}&text=Freezer+B2+above+-70C",
     "Freezer+B2+above+-70C"),
    ("discord-bot-token", "tok_discord",
     "client.run('{{S}}')  # lab-status discord bot",
     "lab-status discord bot"),
    ("grafana-service-account-token", "tok_grafana_sa",
     "GRAFANA_TOKEN={{S}} grr push dashboards/freezers.json",
     "dashboards/freezers.json"),
    ("snyk-token-uuid", "tok_uuid",
     "SNYK_TOKEN={{S}} snyk test --all-projects --severity-threshold=high",
     "snyk test --all-projects"),
    ("sonarqube-user-token", "tok_sonar",
     "sonar-scanner -Dsonar.projectKey=lims-connector -Dsonar.host.url=https://sonar.{{domain}} -Dsonar.token={{S}}",
     "sonar.projectKey=lims-connector"),
    ("buildkite-api-token", "tok_buildkite",
     "curl -H \"Authorization: Bearer {{S}}\" https://api.buildkite.com/v2/organizations/{{org}}/pipelines",
     "api.buildkite.com"),
    ("figma-pat", "tok_figma",
     "curl -H 'X-Figma-Token: {{S}}' https://api.figma.com/v1/files/{{hex16}}",
     "api.figma.com"),
    ("mapbox-secret-token", "tok_mapbox_sk",
     "MAPBOX_DOWNLOADS_TOKEN={{S}}",
     "MAPBOX_DOWNLOADS_TOKEN="),
    ("benchling-api-key-invented", "tok_benchling",
     "BENCHLING_URL=https://{{org}}.benchling.com\nBENCHLING_API_KEY={{S}}",
     "BENCHLING_URL=https://{{org}}.benchling.com"),
    ("benchling-app-client-secret-invented", "tok_benchling_cs",
     "app_definition: lab-inventory-sync\nclient_id: {{uuid}}\nclient_secret: {{S}}",
     "app_definition: lab-inventory-sync"),
    ("illumina-ica-api-key-invented", "tok_ica",
     "icav2 config set --server-url ica.illumina.com --x-api-key {{S}} --colormode none",
     "icav2 config set"),
    ("sevenbridges-auth-token", "tok_hex32",
     "[default]\napi_endpoint = https://cgc-api.sbgenomics.com/v2\nauth_token   = {{S}}",
     "cgc-api.sbgenomics.com"),
    ("redcap-api-token-upper-hex", "tok_HEX32",
     "redcap_token: {{S}}  # project {{num}} (site {{site}} ePRO)",
     "ePRO"),
    ("veeva-vault-session-id", "tok_veeva",
     "Authorization: {{S}}\nX-VaultAPI-ClientID: {{org}}-etmf-sync",
     "X-VaultAPI-ClientID"),
    ("labkey-api-key", "tok_labkey",
     "machine labkey.{{domain}}\nlogin apikey\npassword {{S}}",
     "login apikey"),
    ("age-secret-key", "tok_age",
     "# created: {{date}}T10:00:00Z\n# public key: {{agepub}}\n{{S}}",
     "# created: {{date}}T10:00:00Z"),
    ("tailscale-auth-key", "tok_tailscale",
     "tailscale up --authkey={{S}} --advertise-tags=tag:instrument --hostname={{shost}}",
     "--advertise-tags=tag:instrument"),
    ("pulumi-access-token", "tok_pulumi",
     "PULUMI_ACCESS_TOKEN={{S}} pulumi up -s {{org}}/lims-infra/val --yes",
     "pulumi up"),
    ("confluent-cloud-api-secret", "tok_confluent",
     "sasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{{fc}}{{n}}\" password=\"{{S}}\";",
     "sasl.mechanism=PLAIN"),
    ("mailchimp-api-key-dc-suffix", "tok_mailchimp",
     "MAILCHIMP_API_KEY={{S}}  # participant newsletter",
     "participant newsletter"),
    ("putty-ppk-private-lines", "pem_ppk",
     "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: labadmin@{{shost}}\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAI{{hex32}}\nPrivate-Lines: 1\n{{S}}\nPrivate-MAC: {{hex64}}",
     "PuTTY-User-Key-File-3: ssh-ed25519"),
    ("pgp-private-key-block", "pem_pgp",
     "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{{S}}\n=Xq3T\n-----END PGP PRIVATE KEY BLOCK-----",
     "-----BEGIN PGP PRIVATE KEY BLOCK-----"),
    ("cloudfront-signed-url-signature", "tok_cfsig",
     "https://d{{hex8}}.cloudfront.net/reports/{{proj}}/index.html?Expires=1712000000&Signature={{S}}&Key-Pair-Id=K{{fc}}",
     "cloudfront.net/reports/{{proj}}/index.html"),
    ("gcs-v4-signed-url-signature", "tok_gcssig",
     "https://storage.googleapis.com/{{bucket}}/bams/{{sample}}.bam?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=cromwell%40{{org}}-genomics.iam.gserviceaccount.com%2F20240312%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20240312T101500Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=host&X-Goog-Signature={{S}}",
     "storage.googleapis.com/{{bucket}}"),
]

# ----------------------------------------------------------------------------
# BENIGN look-alikes
# ----------------------------------------------------------------------------
_PHRASES = [
    "Hello from the sequencing core", "plate 7 moved to the -80 in B2",
    "run complete, demux started", "QC passed for all libraries",
    "see SOP-LAB-0142 section 4.2", "calibration due next week",
    "reagent lot 24A113 expires in June", "no template controls were clean",
    "re-run lane 3 on the next flow cell", "this is not a password",
    "Nextflow tower workspace id 4431", "Hamilton deck layout v12",
    "signed off by QA on Monday", "sample manifest attached",
    "ELN entry locked for review", "label printer out of ribbons",
]


def f_b64phrase():
    return _b64text(_pick(_PHRASES) + " " + str(_n(1, 999)))


def f_dna():
    return _s("ACGT", _n(40, 90))


def f_index():
    return _s("ACGT", 8) + "+" + _s("ACGT", 8)


def f_b64_sha512():
    return _b64bytes(64)


def f_b64_sha384():
    return _b64bytes(48)


def f_sshpub():
    return "AAAAC3NzaC1lZDI1NTE5AAAAI" + _s(_B64, 43)


def f_rsapub():
    return "AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _s(_B64, 300)


def f_fp():
    return "SHA256:" + _s(_B64, 43)


def f_colonhex():
    return ":".join(_HEX(2) for _ in range(20))


def f_gpgfp():
    return " ".join(_HEX(4) for _ in range(10))


def f_srr():
    return "SRR%d" % _n(10000000, 29999999)


def f_ensg():
    return "ENSG%011d" % _n(1, 300000)


def f_seqid():
    return _pick(["seq_", "etr_", "bfi_", "plt_", "ent_", "con_", "box_", "tmpl_"]) + _s(_ALNUM, 8)


def f_pubcert():
    return "\n".join(["MIID" + _s(_B64, 60)] + [_s(_B64, 64) for _ in range(_n(3, 6))] + [_s(_B64, 20) + "="])


def f_pubkeypem():
    return "\n".join(["MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _s(_B64, 20)] + [_s(_B64, 64) for _ in range(5)] + ["IDAQAB"])


def f_enc():
    return _s(_B64, _n(20, 40))


def f_vaultenc():
    return "\n".join(_hex(80) for _ in range(_n(3, 5)))


def f_jwthdr():
    return _b64utext('{"alg":"%s","typ":"JWT","kid":"%s"}' % (_pick(["RS256", "ES256"]), _hex(8)))


def f_h1():
    return "h1:" + _b64bytes(32)


def f_agepub():
    return "age1" + _s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58)


def f_wgpub():
    return _b64bytes(32)


def f_masked():
    return "*" * _n(6, 16)


def f_akidex():
    return _pick(["AKIAIOSFODNN7EXAMPLE", "AKIAI44QH8DHBEXAMPLE"])


_FILL.update(dict((k[2:], v) for k, v in list(globals().items())
                  if k.startswith("f_") and callable(v) and k[2:] not in _FILL))

_BENIGN_T = [
    # --- commands ---------------------------------------------------------
    "git rev-parse HEAD\n{{sha}}",
    "git checkout {{sha7}} -- pipelines/rnaseq/main.nf",
    "git log --oneline -3\n{{sha7}} Rotate LIMS password reference to vault path\n{{sha72}} Remove hard-coded token from bs_sync\n{{sha73}} Bump nf-core/rnaseq to 3.14.0",
    "sha256sum {{sample}}_R1_001.fastq.gz\n{{sha256}}  {{sample}}_R1_001.fastq.gz",
    "md5sum -c {{run}}.md5\n{{sample}}_R2_001.fastq.gz: OK",
    "docker pull ghcr.io/nf-core/rnaseq@sha256:{{sha256}}",
    "export BS_ACCESS_TOKEN=\"$(pass show lab/basespace/token)\"",
    "export LIMS_DB_PASSWORD=\"$(vault kv get -field=password secret/lims/prod/db)\"",
    "vault kv get -field=password secret/benchling/{{ns}}",
    "aws secretsmanager get-secret-value --secret-id lims/prod/db --query SecretString --output text | jq -r .username",
    "az keyvault secret show --vault-name kv-lab-prod --name edc-sftp-password --query id",
    "kubectl -n {{ns}} get secrets\nNAME                  TYPE                             DATA   AGE\nstarlims-db           Opaque                           2      {{n}}d\nregcred               kubernetes.io/dockerconfigjson   1      {{n}}d",
    "echo \"$HARBOR_ROBOT_SECRET\" | docker login harbor.{{domain}} -u 'robot$nf-pull' --password-stdin",
    "mysql -h {{host}} -u {{user}} -p {{db}}",
    "psql \"host={{host}} dbname={{db}} user={{user}} sslmode=verify-full\"",
    "ssh -i ~/.ssh/id_ed25519 {{user}}@{{host}}",
    "ssh-keygen -t ed25519 -C \"{{user}}@{{shost}}\" -f ~/.ssh/cro_sftp",
    "openssl rand -hex 32 > /run/secrets/flask_secret",
    "python -c \"import secrets; print(secrets.token_urlsafe(32))\"",
    "htpasswd -B -c /etc/nginx/.htpasswd multiqc",
    "pwd\n/data/runs/{{run}}/Data/Intensities/BaseCalls",
    "passwd sbsuser\nNew password:\nRetype new password:\npasswd: password updated successfully",
    "nextflow secrets list\nBASESPACE_TOKEN\nTOWER_ACCESS_TOKEN\nBENCHLING_API_KEY",
    "nextflow run nf-core/sarek -r 3.4.0 -profile singularity -resume {{uuid}}",
    "curl -H \"Authorization: Bearer $BS_ACCESS_TOKEN\" https://api.basespace.illumina.com/v2/users/current",
    "curl -u \"$LIMS_USER:$LIMS_PASS\" https://{{host}}/labware/api/v1/ping",
    "curl -H 'Authorization: Bearer <your-token>' https://{{org}}.benchling.com/api/v2/users",
    "gh secret set TOWER_ACCESS_TOKEN < /dev/stdin",
    "kubectl create secret generic eln-db --from-env-file=.env.eln --dry-run=client -o yaml",
    "gpg --list-keys\npub   rsa4096 {{date}} [SC]\n      {{gpgfp}}\nuid           [ultimate] Lab Release Signing <release@{{domain}}>",
    "aws s3 cp s3://{{bucket}}/runs/{{run}}/SampleSheet.csv .",
    "bcl-convert --bcl-input-directory /data/runs/{{run}} --output-directory /scratch/fastq/{{run}} --sample-sheet SampleSheet.csv",
    "sbatch --parsable --job-name=demux-{{fc}} demux.sh\n{{jobid}}",
    "sacct -j {{jobid}} --format=JobID,State,Elapsed,MaxRSS",
    "samtools quickcheck {{sample}}.cram && echo ok",
    "echo {{b64phrase}} | base64 -d",
    "snakemake --cores 16 --use-conda --conda-prefix /shared/conda/envs --rerun-triggers mtime",
    "conda install -c bioconda samtools=1.19 --override-channels",
    "iget -K /labZone/home/ngs/runs/{{run}}.tar .",
    "runas /user:LAB\\labadmin \"cmd.exe\"",
    "setx LIMS_DB_PASSWORD_REF \"vault:secret/lims/prod/db#password\"",
    "git secret reveal -p \"$GPG_PASSPHRASE\"",
    "ansible-playbook site.yml --ask-vault-pass -l instrument_pcs",
    "sops -d secrets/lims.enc.yaml | yq .db.user",
    # --- tool output --------------------------------------------------------
    "$ aws sts get-caller-identity\n{\n    \"UserId\": \"AIDA{{fc}}{{fc2}}\",\n    \"Account\": \"{{acct}}\",\n    \"Arn\": \"arn:aws:iam::{{acct}}:user/nf-batch-runner\"\n}",
    "$ gh auth status\ngithub.com\n  \u2713 Logged in to github.com account {{user}} (keyring)\n  - Token: gho_************************************",
    "Login Succeeded\nWARNING! Your password will be stored unencrypted in /root/.docker/config.json.",
    "$ pip config list\nglobal.index-url='https://{{user}}:****@nexus.{{domain}}/repository/pypi-all/simple'",
    "Looking in indexes: https://ngs:****@nexus.{{domain}}/repository/pypi-group/simple",
    "$ aws configure list\n      Name                    Value             Type    Location\n   access_key     ****************{{up4}}  shared-credentials-file\n   secret_key     ****************{{up4b}}  shared-credentials-file",
    "$ mysql_config_editor print --all\n[client]\nuser = \"eln_backup\"\npassword = *****\nhost = \"{{host}}\"",
    "$ kubectl get secret starlims-db -o jsonpath='{.data}' | jq keys\n[\n  \"password\",\n  \"username\"\n]",
    "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 {{fp}} {{user}}@{{shost}} (ED25519)",
    "$ openssl x509 -in eln.crt -noout -fingerprint -sha1\nSHA1 Fingerprint={{colonhex}}",
    "$ openssl x509 -in ca.pem -noout -serial\nserial={{hex32}}",
    "$ docker images --digests | grep rnaseq\nnfcore/rnaseq  3.14.0  sha256:{{sha256}}  {{hex8}}{{hex8b}}",
    "$ nextflow log\nTIMESTAMP            DURATION  RUN NAME         STATUS  REVISION ID  SESSION ID                            COMMAND\n{{date}} 10:22:01  2h 11m    angry_pasteur    OK      {{hex8}}{{n}}   {{uuid}}  nextflow run nf-core/rnaseq",
    "[{{hex2}}/{{hex6}}] process > NFCORE_RNASEQ:RNASEQ:FASTQC ({{sample}}) [100%] 24 of 24 \u2714",
    "Launching `nf-core/rnaseq` [nostalgic_curie] DSL2 - revision: {{sha}} [3.14.0]",
    "Job <{{jobid}}> is submitted to queue <normal>.",
    "Submitted batch job {{jobid}}",
    "$ ls /data/runs/{{run}}\nConfig  Data  InterOp  Logs  RTA3.cfg  RTAComplete.txt  RunInfo.xml  RunParameters.xml  SampleSheet.csv  CopyComplete.txt",
    "$ cat RTAComplete.txt\nRTA 3.4.4 completed on {{date}} 04:12:33",
    "$ grep -i password /opt/hamilton/config/HxServices.cfg\nDbPasswordRef=credman://HxServices/db",
    "$ env | grep -i token\nTOKEN_TTL_SECONDS=3600\nTOKEN_ENDPOINT=https://login.{{domain}}/oauth2/token",
    "$ printenv | grep -c SECRET\n0",
    "Password for 'https://{{user}}@gitlab.{{domain}}':",
    "Enter passphrase for key '/home/{{user}}/.ssh/id_ed25519':",
    "sudo: a password is required",
    "Authentication succeeded (publickey).\nAuthenticated to {{host}} ([{{ip}}]:22) using \"publickey\".",
    "$ terraform output lims_db_admin_password\n<sensitive>",
    "  + administrator_password = (sensitive value)",
    "Pydantic: Settings(db_host='{{host}}', db_user='eln', db_password=SecretStr('**********'))",
    "$ helm get values eln -n {{ns}}\npostgresql:\n  auth:\n    existingSecret: eln-postgres\n    secretKeys:\n      userPasswordKey: password",
    "$ docker inspect labkey-db --format '{{json .Config.Env}}'\n[\"POSTGRES_PASSWORD_FILE=/run/secrets/pg_pw\",\"PGDATA=/var/lib/postgresql/data\"]",
    "$ az account show --query '{tenant:tenantId, sub:id}'\n{\n  \"sub\": \"{{uuid}}\",\n  \"tenant\": \"{{uuid2}}\"\n}",
    "x-amz-request-id: {{HEXreq}}\nx-amz-id-2: {{b64phrase}}",
    "ETag: \"{{md5}}\"\nContent-MD5: {{b64_sha384}}",
    "HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Bearer realm=\"eln\", error=\"invalid_token\"\nX-Request-Id: {{uuid}}",
    "{\"token_type\": \"Bearer\", \"expires_in\": 3600, \"scope\": \"runs:read\", \"access_token\": \"[REDACTED]\"}",
    "$ bs whoami\n+----------------+----------------------------------------------------+\n| Name           | {{person}} {{last}}                                 |\n| Id             | {{num}}{{num2}}                                          |\n| ApiServer      | https://api.euc1.sh.basespace.illumina.com          |",
    # --- config -------------------------------------------------------------
    "spring.datasource.password=${LIMS_DB_PASSWORD}",
    "password: ${DB_PASSWORD:?must be set}",
    "DATABASE_URL=postgresql://biobank:${BIOBANK_DB_PASSWORD}@{{host}}:5432/biobank",
    "POSTGRES_PASSWORD_FILE=/run/secrets/postgres_password",
    "BENCHLING_API_KEY=<your-benchling-api-key>",
    "REDCAP_API_TOKEN=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "TOWER_ACCESS_TOKEN=changeme-in-vault",
    "aws_secret_access_key = <fill me in from 1Password>",
    "accessToken = ${BASESPACE_TOKEN}",
    "tower {\n    enabled = true\n    accessToken = secrets.TOWER_ACCESS_TOKEN\n    workspaceId = '{{num}}'\n}",
    "aws {\n    region = '{{region}}'\n    // credentials come from the instance profile, no keys here\n}",
    "env:\n  - name: STARLIMS_API_SECRET\n    valueFrom:\n      secretKeyRef:\n        name: starlims-api\n        key: secret",
    "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  {{vaultenc}}",
    "db:\n  user: lims_app\n  password: ENC[AES256_GCM,data:{{enc}},iv:{{b64phrase}},tag:{{enc2}},type:str]",
    "lims-infra:dbPassword:\n  secure: v1:{{enc}}:{{enc2}}",
    "spec:\n  encryptedData:\n    password: AgB{{enc}}{{enc2}}{{enc3}}",
    "[client]\nuser=eln_backup\n# password is read from ~/.mylogin.cnf (mysql_config_editor)",
    "<add name=\"STARLIMS_DATA\" connectionString=\"Data Source={{shost}};Initial Catalog=STARLIMS_DATA;Integrated Security=SSPI;\" />",
    "eln.jdbc=jdbc:sqlserver://{{host}}:1433;databaseName=ELN;authentication=ActiveDirectoryIntegrated",
    "primary_conninfo = 'host={{host}} port=5432 user=replicator passfile=/var/lib/postgresql/.pgpass'",
    "# ~/.pgpass format: hostname:port:database:username:password\n# permissions must be 0600",
    "[security]\nadmin_user = admin\nadmin_password = $__file{/etc/grafana/secrets/admin_password}",
    "ssh_authorized_keys:\n  - ssh-ed25519 {{sshpub}} {{user}}@{{shost}}",
    "{{user}}@{{shost}}:~$ cat ~/.ssh/authorized_keys\nssh-rsa {{rsapub}} ci-deploy@{{domain}}",
    "-----BEGIN PUBLIC KEY-----\n{{pubkeypem}}\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\n{{pubcert}}\n-----END CERTIFICATE-----",
    "[Peer]\nPublicKey = {{wgpub}}\nAllowedIPs = 10.99.0.0/24\nEndpoint = vpn.{{domain}}:51820",
    "# public key: {{agepub}}",
    "recipients:\n  - {{agepub}}",
    "\"integrity\": \"sha512-{{b64_sha512}}\"",
    "<script src=\"/static/plate-layout.js\" integrity=\"sha384-{{b64_sha384}}\" crossorigin=\"anonymous\"></script>",
    "provider \"registry.terraform.io/hashicorp/azurerm\" {\n  version = \"3.{{n}}.0\"\n  hashes = [\n    \"{{h1}}\",\n  ]\n}",
    "samtools=1.19=h50ea8bc_0\nhttps://conda.anaconda.org/bioconda/linux-64/samtools-1.19-h50ea8bc_0.tar.bz2#{{md5}}",
    "biopython==1.83 \\\n    --hash=sha256:{{sha256}}",
    "image: ghcr.io/{{org}}/bs-sync@sha256:{{sha256}}",
    "container = 'quay.io/biocontainers/star:2.7.11a--h0033a41_0'",
    "stripe_publishable_key: pk_live_{{s_pk}}",
    "mapboxgl.accessToken = 'pk.eyJ1Ijoi{{s_mapbox}}';  // public style token, URL-restricted",
    "RECAPTCHA_SITE_KEY=6Lc{{s_recap}}",
    "TWILIO_ACCOUNT_SID=AC{{hex32}}\nTWILIO_AUTH_TOKEN=${TWILIO_AUTH_TOKEN}",
    "AZURE_TENANT_ID={{uuid}}\nAZURE_CLIENT_ID={{uuid2}}\n# client secret injected by workload identity",
    "kms_key_id = \"arn:aws:kms:{{region}}:{{acct}}:key/{{uuid}}\"",
    "role_arn = arn:aws:iam::{{acct}}:role/ngs-archive-writer",
    "aws_access_key_id = {{akidex}}  # AWS documentation example, not a real key",
    "signing_key_id: \"{{hex16}}\"  # public JWKS kid",
    "{\"keys\": [{\"kty\": \"RSA\", \"kid\": \"{{hex16}}\", \"use\": \"sig\", \"n\": \"{{enc}}{{enc2}}\", \"e\": \"AQAB\"}]}",
    "vault_path: secret/data/lims/{{db}}\nvault_role: lims-reader",
    "secret_name: projects/{{org}}-genomics/secrets/benchling-api-key/versions/latest",
    "credentials_ref: keepass://Lab/Instruments/NovaSeq-local-admin",
    "[Header]\nIEMFileVersion,5\nExperiment Name,{{proj}}\nDate,{{date}}\n[Data]\nSample_ID,index,index2\n{{sample}},{{dna8}},{{dna8b}}",
    "<RunId>{{run}}</RunId>\n<Flowcell>{{fc}}</Flowcell>\n<InstrumentName>A{{num}}</InstrumentName>",
    "PasswordAuthentication no\nPubkeyAuthentication yes\nPermitRootLogin prohibit-password",
    "PASS_MAX_DAYS   90\nPASS_MIN_DAYS   1\nPASS_WARN_AGE   14",
    "minlen = 14\ndcredit = -1\nucredit = -1\nocredit = -1\nlcredit = -1",
    "session:\n  cookie_name: eln_session\n  cookie_secure: true\n  secret_key_file: /run/secrets/session_key",
    # --- source -------------------------------------------------------------
    "api_key = os.environ[\"BENCHLING_API_KEY\"]",
    "password = getpass.getpass(\"LabWare password: \")",
    "token = keyring.get_password(\"basespace\", user)",
    "PASSWORD_FIELD = \"password\"  # form field name on the EDC login page",
    "if not re.fullmatch(r\"[A-Za-z0-9]{32}\", token):\n    raise ValueError(\"REDCap tokens are 32 hex characters\")",
    "cache_key = hashlib.sha256(f\"{run_id}:{lane}\".encode()).hexdigest()  # e.g. {{sha256}}",
    "SEED = {{num}}{{num2}}  # random seed for plate randomisation",
    "SAMPLE_UUID_NAMESPACE = uuid.UUID(\"{{uuid}}\")",
    "def mask(secret: str) -> str:\n    return secret[:4] + \"*\" * (len(secret) - 4)",
    "logger.info(\"token refreshed for %s, expires at %s\", user, exp)",
    "const token = process.env.ELN_TOKEN ?? '';",
    "headers = {\"Authorization\": f\"Bearer {token}\"}",
    "conn = psycopg2.connect(dsn=os.environ[\"LIMS_DSN\"])",
    "password = Column(String(255), nullable=False)  # bcrypt hash, never plaintext",
    "BARCODE_RE = re.compile(r\"^[ACGT]{8}(\\+[ACGT]{8})?$\")",
    "PRIMER_F = \"{{dna}}\"",
    "ADAPTER = \"AGATCGGAAGAGCACACGTCTGAACTCCAGTCA\"",
    "entry_id = \"{{seqid}}\"  # Benchling entry",
    "client_secret=dbutils.secrets.get(scope=\"lab\", key=\"benchling-client-secret\")",
    "Sys.getenv(\"REDCAP_API_TOKEN\")",
    "%let pw = %sysget(SAS_DB_PASSWORD);",
    "String password = System.getenv(\"LIMS_DB_PASSWORD\");",
    "var pw = config[\"ConnectionStrings:Lims\"]; // from Key Vault reference",
    "assert len(api_key) == 30, \"Benchling keys are 30 chars after sk_\"",
    "JWT_HEADER = \"{{jwthdr}}\"  # header only, used in tests",
    "TEST_TOKEN = \"test-token-not-secret\"",
    "FAKE_PASSWORD = \"<redacted>\"",
    "password=\"\"  # intentionally empty for the anonymous OMERO public group",
    "ENCRYPTION_KEY_ID = \"alias/lims-audit-trail\"",
    # --- logs ---------------------------------------------------------------
    "{{date}} 10:01:22,331 INFO  [SampleManager.Auth] Login succeeded user=HPLC01 session={{uuid}}",
    "{{date}} 10:01:22,331 WARN  [SampleManager.Auth] Invalid password for user=HPLC01 (attempt 3/5)",
    "sshd[{{pid}}]: Accepted publickey for sbsuser from {{ip}} port 51812 ssh2: ED25519 {{fp}}",
    "[{{date}} 10:01:22,331: INFO/MainProcess] Connected to amqp://lims:**@rabbit.{{domain}}:5672//",
    "sqlalchemy.engine.Engine: postgresql://lims:***@{{host}}/lims",
    "traceparent: 00-{{hex32}}-{{hex16}}-01",
    "{\"level\":\"info\",\"trace_id\":\"{{hex32}}\",\"span_id\":\"{{hex16}}\",\"msg\":\"token validated\",\"sub\":\"{{user}}\"}",
    "{\"ts\":\"{{ts}}\",\"msg\":\"auth header\",\"authorization\":\"Bearer [FILTERED]\"}",
    "##[warning]Secret BENCHLING_API_KEY is not set; skipping sync step",
    "2024-03-12T10:01:22.0931Z Run ./scripts/deploy.sh --token ***",
    "remote: HTTP Basic: Access denied. The provided password or token is incorrect or your account has 2FA enabled.",
    "fatal: Authentication failed for 'https://gitlab.{{domain}}/lab/lims-etl.git/'",
    "ERROR: Could not find a version that satisfies the requirement labcore==2.4.1 (from versions: none)",
    "WARNING: token for {{user}} expires in 6 days ({{date}})",
    "Vault audit: {\"type\":\"request\",\"auth\":{\"client_token\":\"hmac-sha256:{{sha256}}\",\"accessor\":\"hmac-sha256:{{hex64}}\"}}",
    "kubelet: Error: secret \"starlims-db\" not found",
    "Mar-12 10:22:01.123 [main] DEBUG nextflow.Session - Session uuid: {{uuid}}",
    "Mar-12 10:22:01.123 [main] DEBUG nextflow.cache.CacheDB - Cache key: {{md5}}",
    "rule align:\n    input: fastq/{{sample}}_R1.fastq.gz\n    output: bam/{{sample}}.bam\n    jobid: {{n}}\n    benchmark: benchmarks/{{sample}}.align.tsv",
    "WARN  MinKNOW: flow cell {{fc}} pore count below threshold (1204)",
    "INFO  Uploading {{run}} to s3://{{bucket}}/runs/ (multipart, part size 64 MiB, ETag {{md5}}-12)",
    "audit_trail: user=jdoe action=PASSWORD_CHANGE target=svc_eln_sync result=SUCCESS at {{ts}}",
    "Password for user svc_lims will expire in 5 days. Change it at https://sspr.{{domain}}.",
    "IIS: {{date}} 10:01:22 {{ip}} POST /STARLIMS11/Handlers/Login.ashx - 443 - {{ip2}} 200 0 0 311",
    "[pid {{pid}}] GET /health 200 (request_id={{uuid}}, duration=3ms)",
    # --- notes and chat -----------------------------------------------------
    "The NovaSeq local admin password is in KeePass under Instruments/NovaSeq, please don't paste it here.",
    "Das Passwort liegt im Tresor (KeePass, Eintrag 'Hamilton STAR {{n}}'), bitte nicht in den Chat kopieren.",
    "Le mot de passe est dans le coffre-fort Bitwarden, dossier \u00ab Instruments \u00bb.",
    "La contrase\u00f1a est\u00e1 en 1Password, b\u00f3veda \"Lab Ops\"; no la pegues aqu\u00ed.",
    "\u30d1\u30b9\u30ef\u30fc\u30c9\u306f\u30c1\u30e3\u30c3\u30c8\u306b\u8cbc\u3089\u306a\u3044\u3067\u304f\u3060\u3055\u3044\u3002Vault \u306e secret/lims/prod \u3092\u53c2\u7167\u3002",
    "\u5bc6\u7801\u5df2\u66f4\u65b0\uff0c\u8bf7\u5230 Vault \u91cc\u7684 secret/eln/{{ns}} \u67e5\u770b\u3002",
    "Reminder: passwords must be at least 14 characters and are rotated every 90 days per SOP-IT-{{num}}.",
    "Per 21 CFR Part 11, shared instrument logins are not allowed; each analyst needs an individual account.",
    "Rotated the REDCap token today; new value is stored in Vault at secret/redcap/project-{{num}}.",
    "Goal: move all hard-coded credentials in the Hamilton methods into Windows Credential Manager.",
    "Decision: use workload identity for the Nextflow head job, so no AWS keys in nextflow.config.",
    "TODO(agent): ask {{person}} for the LabWare service password via the vault request form, not chat.",
    "Note: the string {{sha7}} in the ticket is a commit hash, not a token.",
    "FYI the BaseSpace token format is 32 hex chars; ours is in secret/basespace, expires {{date}}.",
    "{{person}}: I reset your EDC password, you'll get an email with a one-time link.",
    "{{person}}: can you send me the sftp password? / {{person2}}: sent via the password manager share link.",
    "password: ******** (masked in screenshot)",
    "creds: see vault path secret/instruments/{{shost}}",
    "pw: <ask IT>",
    "token: REDACTED",
    "API key: sk_...{{hex4}} (last four only, for identification)",
    "GitHub PAT ending in ...{{hex4}} was revoked on {{date}}.",
    "The QuantStudio password policy: 8+ chars, 1 digit, no reuse of last 5.",
    "Flow cell {{fc}}, run {{run}}, library pool {{sample}} loaded at 750 pM.",
    "Index pair for {{sample}}: {{index}}",
    "Sequence of the guide: {{dna}}",
    "Sample accession {{srr}}; gene of interest {{ensg}}.",
    "USUBJID {{study}}-{{site}}-{{num}} randomised on {{date}}.",
    "Meeting notes: discussed password rotation for instrument PCs; no decision yet.",
    "base64 of the plate map header is {{b64phrase}} (decoded: plate map v3)",
    "SSH host key fingerprint for sftp.{{domain}}: {{fp}}",
    "GPG fingerprint of the release key: {{gpgfp}}",
    "Certificate thumbprint (SHA-1) for eln.{{domain}}: {{colonhex}}",
    # --- CI ----------------------------------------------------------------
    "env:\n  BENCHLING_API_KEY: ${{ secrets.BENCHLING_API_KEY }}\n  TOWER_ACCESS_TOKEN: ${{ secrets.TOWER_ACCESS_TOKEN }}",
    "      - uses: docker/login-action@v3\n        with:\n          registry: harbor.{{domain}}\n          username: ${{ vars.HARBOR_USER }}\n          password: ${{ secrets.HARBOR_TOKEN }}",
    "      - uses: actions/cache@v4\n        with:\n          path: ~/.nextflow\n          key: nxf-${{ runner.os }}-{{sha256}}",
    "variables:\n  TOWER_ACCESS_TOKEN: $TOWER_TOKEN_MASKED  # set in project CI/CD settings",
    "script:\n  - echo \"$SSH_PRIVATE_KEY\" | tr -d '\\r' | ssh-add -",
    "script:\n  - docker login -u \"$CI_REGISTRY_USER\" -p \"$CI_REGISTRY_PASSWORD\" \"$CI_REGISTRY\"",
    "withCredentials([usernamePassword(credentialsId: 'lims-db', usernameVariable: 'U', passwordVariable: 'P')]) {\n  sh 'psql \"postgresql://$U:$P@{{host}}/lims\" -c \"select 1\"'\n}",
    "environment {\n  SDMS_CREDS = credentials('sdms-upload')\n}",
    "variables:\n  - group: lab-prod-secrets  # Azure DevOps library, linked to Key Vault",
    "helm upgrade --install labkey ./charts/labkey --set postgresql.auth.existingSecret=labkey-db",
    "ansible_password: \"{{ vault_instrument_admin_password }}\"",
    "password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=secret/data/lims:password') }}\"",
    "GITHUB_SHA={{sha}}\nGITHUB_RUN_ID={{jobid}}\nGITHUB_REF=refs/heads/main",
    "CI_COMMIT_SHA={{sha}}\nCI_PIPELINE_ID={{jobid}}\nCI_JOB_TOKEN=[MASKED]",
    "docker build --secret id=npmrc,src=$HOME/.npmrc -t eln-ui:{{ver}} .",
    "RUN --mount=type=secret,id=pip_conf,target=/etc/pip.conf pip install -r requirements.txt",
    "terraform {\n  backend \"azurerm\" {\n    storage_account_name = \"{{org}}tfstate\"\n    container_name       = \"tfstate\"\n    key                  = \"lims.tfstate\"\n  }\n}",
    "kubectl apply -f sealed-secret-eln-db.yaml  # encrypted with the cluster's public cert",
    "image: registry.{{domain}}/eln-sync:{{ver}}@sha256:{{sha256}}",
    "Run ID {{jobid}} finished in 14m 02s (commit {{sha7}}, tag v{{ver}})",
    "artifact: lims-connector-{{ver}}.jar sha1={{sha}}",
    "tw credentials add aws --name lab-aws --assume-role-arn arn:aws:iam::{{acct}}:role/SeqeraBatch",
    "gcloud iam service-accounts keys list --iam-account cromwell@{{org}}-genomics.iam.gserviceaccount.com\nKEY_ID                                    CREATED_AT            EXPIRES_AT\n{{hex40}}  {{date}}T10:00:00Z  9999-12-31T23:59:59Z",
]


def _s_accessor():
    return _s(_ALNUM, 24)


_FILL["s_accessor"] = _s_accessor
_FILL["s_pk"] = lambda: _s(_ALNUM, 99)
_FILL["s_mapbox"] = lambda: _b64utext(f_org() + "\",\"a\":\"" + _s(_LOWDIG, 12) + "\"}") + "." + _s(_B64U, 22)
_FILL["s_recap"] = lambda: _s(_B64U, 37)
_FILL["HEXreq"] = lambda: _HEX(16)
_FILL["up4"] = lambda: _s(_UPDIG, 4)
_FILL["up4b"] = _FILL["up4"]
_FILL["hex2"] = lambda: _hex(2)
_FILL["hex4"] = lambda: _hex(4)
_FILL["hex6"] = lambda: _hex(6)
_FILL["dna8"] = lambda: _s("ACGT", 8)
_FILL["sha256"] = f_sha256

_FILL["dna8b"] = _FILL["dna8"]
_FILL["hex8b"] = f_hex8
_FILL["sha72"] = f_sha7
_FILL["sha73"] = f_sha7


def pem_openssh_yaml():
    return pem_openssh().replace("\n", "\n            ")


_KINDS["pem_openssh_yaml"] = lambda f: pem_openssh_yaml()

# ----------------------------------------------------------------------------
# build
# ----------------------------------------------------------------------------
_GROUPS = [
    ("command", _CMD),
    ("tool-output", _OUT),
    ("config-file", _CFG),
    ("source-code", _SRC),
    ("stack-trace-or-log", _LOG),
    ("note-or-chat", _NOTE),
    ("ci-and-deploy", _CI),
    ("vendor-token", _VEND),
]

_USED = set()


_PER_GROUP = 186


def _build_secrets():
    out = []
    for group, table in _GROUPS:
        extra = max(0, _PER_GROUP - 2 * len(table))
        for i, (fmt, kind, text, vis) in enumerate(table):
            for _ in range(3 if i < extra else 2):
                for _attempt in range(200):
                    fills = {}
                    sec = _KINDS[kind](fills)
                    if sec not in _USED and len(sec) >= 6:
                        break
                _USED.add(sec)
                fills["S"] = sec
                t = _render(text, fills)
                v = _render(vis, fills) if vis else ""
                out.append((group, fmt, t, sec, v))
    return out


def _build_benign(target=950):
    out = []
    seen = set()
    for _round in range(40):
        for tpl in _BENIGN_T:
            if len(out) >= target:
                return out
            s = _render(tpl, {})
            if s in seen:
                continue
            if any(len(x) >= 8 and x in s for x in _USED):
                continue
            seen.add(s)
            out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign()
