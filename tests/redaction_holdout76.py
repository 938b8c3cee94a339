"""Blind hold-out corpus #76 for a secret-redaction engine.

What it is
----------
A fixed, importable list of text fragments of the kind a coding agent
(Claude Code, Codex, Gemini CLI) writes into its saved working state:
goals, running notes, shell commands it ran, tool output, excerpts of files
it opened, decisions, chat messages pasted in by teammates, log lines and
CI configuration.  Each fragment in SECRETS carries exactly one credential
that a redaction engine must remove; each fragment in BENIGN carries none,
although it is built to look secret-ish to a naive scanner.

Theme
-----
Bioinformatics and genomics research software: workflow managers
(Nextflow / Seqera Platform, Snakemake, Cromwell / WDL, Galaxy), cloud
genomics platforms (Terra, DNAnexus, AWS HealthOmics, Seven Bridges), NCBI
E-utilities and ENA / EBI submissions, sequencing-core LIMS and instrument
uploads (Illumina BaseSpace), HPC job scripts, conda / bioconda channels,
and the Jupyter and RStudio servers that research groups run.

Provenance
----------
Written blind, from general knowledge only: no redaction rules, no other
corpus and no search tool were consulted.  Where a vendor's real credential
shape is known it is imitated (prefixes, lengths, alphabets); where it is
not known a plausible shape was invented.  All hosts, institutes, people,
accounts and values are fictitious and every value is a fresh random draw.

Layout
------
SECRETS : list of 5-tuples (group, format, text, secret, visible)
    group    one of command, tool-output, config-file, source-code,
             stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
    format   kebab-case name of the shape; each used at most three times
    text     the fragment as the agent recorded it
    secret   exact substring of text that must not survive redaction
    visible  substring of text that must stay readable, or ""
BENIGN  : list of distinct strings with no credential in them (commit SHAs,
          checksums, ids, public keys, placeholders, masked values, secret
          references, prose about passwords, ...), in the same contexts.

Determinism
-----------
Every random value is drawn from _R = random.Random(SEED) at import time,
in a fixed order, so importing the module twice yields identical lists.
Nothing is printed at import.

Measured
--------
Blind, read after that session's rules for the 70th to 73rd: recall 0.983 (1,462 of 1,488; 1,460
with the engine at that session's start) and false positives 31 of 947 (3.3%, the same). Its
look-alikes tuned on since: 0.982 and 0 of 947.
"""
import base64
import json
import random
import string

SEED = 7676
_R = random.Random(SEED)

SECRETS = []
BENIGN = []
_TEMPLATES = []   # (group, format, fn, count)
_BENIGN_T = []    # (fn, count)
_USED = set()

_LO = string.ascii_lowercase
_UP = string.ascii_uppercase
_DG = string.digits
_AN = _LO + _UP + _DG
_B64 = _AN + "+/"
_B64U = _AN + "-_"
_HEXC = "0123456789abcdef"
_SYM = "!%^*-_+=.?~"


def S(group, fmt, n=3):
    def deco(fn):
        _TEMPLATES.append((group, fmt, fn, n))
        return fn
    return deco


def B(n=6):
    def deco(fn):
        _BENIGN_T.append((fn, n))
        return fn
    return deco


def _c(seq):
    return _R.choice(seq)


def _s(chars, n):
    return "".join(_R.choice(chars) for _ in range(n))


def _hex(n):
    return _s(_HEXC, n)


def _HEX(n):
    return _s("0123456789ABCDEF", n)


def _an(n):
    return _s(_AN, n)


def _lan(n):
    return _s(_LO + _DG, n)


def _uan(n):
    return _s(_UP + _DG, n)


def _dig(n):
    return _c("123456789") + _s(_DG, n - 1)


def _i(a, b):
    return _R.randint(a, b)


def _rb(n):
    return bytes(_R.getrandbits(8) for _ in range(n))


def _b64(nbytes):
    return base64.b64encode(_rb(nbytes)).decode()


def _b64u(nbytes):
    return base64.urlsafe_b64encode(_rb(nbytes)).decode().rstrip("=")


def _uuid():
    h = _hex(32)
    h = h[:12] + "4" + h[13:16] + _c("89ab") + h[17:]
    return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])


def _date():
    return "2024-%02d-%02d" % (_i(1, 12), _i(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_i(0, 23), _i(0, 59), _i(0, 59))


def _ts():
    return "%sT%s.%03dZ" % (_date(), _time(), _i(0, 999))


def _sha():
    return _hex(40)


def _lines(s, width=64):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


# ---------------------------------------------------------------- vocabulary
_WORDS = """falcon harbor pepper glacier violet copper meadow thunder marble orchid
cobalt saffron lantern willow granite ember tundra juniper quartz hazel otter
badger heron plover lichen fennel basalt cedar nimbus puffin raven sorrel
thistle walnut yarrow zephyr acorn bramble cinder dune estuary fjord gecko
hollow jasper kelp lupine mango nectar opal pelican quill ripple sequoia tulip
umber vortex wren zinnia anchor biscuit canyon eclipse feather goblin horizon
igloo jigsaw kettle lemon mosaic noodle orbit pebble quokka rocket spruce
tiger velvet waffle pixel comet prairie summit trout basin lobster cactus
fossil gravel harp indigo jelly koala lagoon mesa narwhal oyster parsnip
quince radish salmon teapot urchin vapor wombat yodel zucchini""".split()

_BIOWORDS = """Genome Helix Illumina Nanopore Contig Scaffold Plasmid Ribosome Codon
Exome Kmer Fastq Primer Allele Locus Operon Intron Exon Telomere Mitosis
Zebrafish Drosophila Arabidopsis Yeast Pipette Centrifuge Sanger Crick
Franklin Mendel Darwin Lovelace Turing Snakemake Nextflow Cromwell Galaxy
Basespace Novaseq Miseq Hiseq Flowcell Adapter Barcode Amplicon Chromatin
Enhancer Histone Kinase Ligase Polymerase Nucleotide Cytosine Guanine
Thymine Adenine Methyl Phage Vector Clone Biopsy Cohort Tumor Organoid
Microbiome Plankton Axolotl Tardigrade Lamprey Medaka Xenopus Elegans""".split()

_FIRST = """aoife bongani chiara dmitri eunji farid guadalupe hiroshi ingrid jomo
kavya lars meiling nnamdi olusegun priya quentin rasmus saoirse tomasz uzma
valentina wiremu ximena yusuf zofia anneke bjorn camille deniz emeka fatima
goran hana ilse joaquin kenji leila mateus nadia oskar pilar ravi sven tariq
ursula vikram wanjiru yara zeynep amara benedikt cosmin dagny elif""".split()

_LAST = """okafor lindqvist moreau tanaka novak haddad silva kowalski ferreira
nakamura oyelaran petrov achterberg bianchi cruz dubois eriksen fischer
gallagher hosseini ivanova jensen kaur larsen mbeki nielsen obrien pereira
quispe rahman schmidt takahashi umar vasquez weber xu yilmaz zielinski""".split()

_INST = """kestrel-genomics.org bioinf.halvard-uni.de seqcore.marrowfield.org
hpc.ostrander.ac.uk compbio.tidewater-bio.net genome.ribeira-inst.pt
cluster.nakamura-lab.jp lab.fjordgen.no omics.vantaa-bio.fi
sequencing.larchmont-inst.edu bfx.cedarbrook-med.org gen.umbral-research.ca
rc.hollis-univ.edu dna.quillfeather.institute seq.pampas-bio.ar
bio.kilimanjaro-gen.tz cb.orinoco-lab.co comp.elbrus-bio.ru""".split()

_LABS = ["kowalski-lab", "rnaseq-core", "metagenomics", "tumour-evo",
         "plant-genomics", "popgen", "singlecell", "microbiome", "epigenome",
         "virology-seq", "crispr-screens", "long-reads", "clinical-wgs"]

_PROJ = ["ATLAS-IBD", "zebrafish-devo", "cohort2024", "TB-resist", "mouse-eqtl",
         "wheat-pangenome", "covid-surv", "scRNA-lung", "ONT-methyl", "PDX-panel",
         "soil-16S", "hg38-rerun", "tumor-normal-v3", "malaria-WGS"]

_SAMPLES = ["S%02d_L00%d" % (i, j) for i in range(1, 40) for j in (1, 2)]


def _name():
    return _c(_FIRST)


def _user():
    f = _c(_FIRST)
    l = _c(_LAST)
    return _c([f, f + "." + l, f[0] + l, l + f[0], f + "_" + l[:3], f + str(_i(1, 99))])


def _full():
    return _c(_FIRST).capitalize() + " " + _c(_LAST).capitalize()


def _inst():
    return _c(_INST)


def _host(prefix=None):
    p = prefix or _c(["db", "lims", "pg", "galaxy", "jupyter", "rstudio", "seq", "nas",
                      "login", "cromwell", "tower", "minio", "mysql", "ldap"])
    return "%s%s.%s" % (p, _c(["", "01", "02", "-prod", "-dev", "-test", "3"]), _inst())


def _proj():
    return _c(_PROJ)


def _lab():
    return _c(_LABS)


def _sample():
    return _c(_SAMPLES)


# ---------------------------------------------------------------- passwords
def _leet(w):
    t = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "5", "t": "7"}
    return "".join(t.get(ch, ch) if _R.random() < 0.5 else ch for ch in w)


def _pw_word():
    w = _c(_BIOWORDS + [x.capitalize() for x in _WORDS])
    k = _i(0, 5)
    if k == 0:
        return w + str(_i(10, 9999)) + _c("!?#*.$")
    if k == 1:
        return w + _c("#!_-.@") + _c(_WORDS).capitalize() + str(_i(1, 99))
    if k == 2:
        return _leet(w) + _c("!?*") + str(_i(2015, 2026))
    if k == 3:
        return _c(_WORDS) + str(_i(100, 999)) + w + _c("!&%")
    if k == 4:
        return w.upper()[:4] + _c("_-") + _c(_WORDS) + str(_i(10, 99)) + _c("!?")
    return _c(_WORDS).capitalize() + _c(_WORDS).capitalize() + "_" + str(_i(1, 9999))


def _pw_phrase(sep=None):
    sep = sep if sep is not None else _c(["-", ".", "_", "-", ""])
    ws = [_c(_WORDS) for _ in range(_i(3, 5))]
    if sep == "":
        ws = [w.capitalize() for w in ws]
    p = sep.join(ws)
    if _R.random() < 0.6:
        p += sep + str(_i(1, 99)) if sep else str(_i(1, 99))
    return p


def _pw_pron():
    cons = "bcdfghjklmnprstvz"
    vow = "aeiou"
    syl = "".join(_c(cons) + _c(vow) + (_c(cons) if _R.random() < 0.4 else "") for _ in range(_i(3, 4)))
    return syl.capitalize() + str(_i(1, 999)) + (_c(_SYM) if _R.random() < 0.5 else "")


def _pw_rand(n=None, sym=_SYM):
    n = n or _i(12, 24)
    while True:
        p = _s(_AN + sym, n)
        if any(c in _DG for c in p) and any(c in _UP for c in p):
            return p


def _pw():
    k = _i(0, 3)
    return [_pw_word, _pw_phrase, _pw_pron, _pw_rand][k]()


def _pw_url():
    """password safe inside a URL userinfo without escaping"""
    k = _i(0, 3)
    if k == 0:
        return _c(_BIOWORDS) + str(_i(10, 9999)) + _c("-_.~")
    if k == 1:
        return _pw_phrase(_c(["-", "_", "."]))
    if k == 2:
        return _s(_AN + "-_.~", _i(14, 26))
    return _pw_pron().rstrip(_SYM) + _c("-_.~") + _c(_WORDS)


# ---------------------------------------------------------------- tokens
def _ghp():
    return "ghp_" + _an(36)


def _gho():
    return "gho_" + _an(36)


def _ghs():
    return "ghs_" + _an(36)


def _github_pat():
    return "github_pat_11" + _uan(20) + "_" + _an(59)


def _glpat():
    return "glpat-" + _s(_AN + "-_", 20)


def _aws_id():
    return "AKIA" + _s(_UP + "234567", 16)


def _aws_sid():
    return "ASIA" + _s(_UP + "234567", 16)


def _aws_secret():
    return _s(_AN + "/+", 40)


def _aws_session():
    return "IQoJb3JpZ2luX2Vj" + _s(_B64, _i(280, 360)) + "=="


def _xox(kind="b"):
    return "xox%s-%s-%s-%s" % (kind, _dig(11), _dig(13), _an(24))


def _slack_hook_parts():
    return "T" + _uan(8), "B" + _uan(10), _an(24)


def _jwt(payload=None):
    hdr = base64.urlsafe_b64encode(json.dumps({"alg": "HS256", "typ": "JWT"}).encode()).decode().rstrip("=")
    payload = payload or {"sub": _user(), "iat": _i(1700000000, 1730000000)}
    body = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    return hdr + "." + body + "." + _b64u(32)


def _hf():
    return "hf_" + _s(_LO + _UP, 34)


def _npm():
    return "npm_" + _an(36)


def _pypi():
    return "pypi-AgEIcHlwaS5vcmcCJ" + _b64u(_i(110, 140))


def _dckr():
    return "dckr_pat_" + _s(_AN + "-_", 27)


def _openai():
    return "sk-proj-" + _s(_AN + "-_", 74) + "T3BlbkFJ" + _s(_AN + "-_", 74)


def _anthropic():
    return "sk-ant-api03-" + _s(_AN + "-_", 93) + "AA"


def _aiza():
    return "AIza" + _s(_AN + "-_", 35)


def _gocspx():
    return "GOCSPX-" + _s(_AN + "-_", 28)


def _ya29():
    return "ya29.a0" + _s(_AN + "-_", _i(140, 190))


def _hvs():
    return "hvs.CAESI" + _s(_AN + "-_", _i(80, 90))


def _seqera():
    raw = json.dumps({"tid": _i(1000, 99999), "secret": _hex(40)}, separators=(",", ":"))
    return base64.b64encode(raw.encode()).decode()


def _azkey():
    return base64.b64encode(_rb(64)).decode()


def _wgkey():
    return base64.b64encode(_rb(32)).decode()


def _pem_body(nbytes=None):
    return _lines(_b64(nbytes or _c([1190, 1192, 1218])), 64)


def _ossh_body():
    raw = base64.b64encode(b"openssh-key-v1\x00" + b"\x00\x00\x00\x04none\x00\x00\x00\x04none" + _rb(_i(340, 400))).decode()
    return _lines(raw, 70)


# =====================================================================
# SECRETS -- group: command
# =====================================================================
_G = "command"


@S(_G, "psql-uri-password")
def _():
    u, p, h = _c(["lims_ro", "seqadmin", "galaxy", "tower"]), _pw_url(), _host("pg")
    return ('psql "postgresql://%s:%s@%s:5432/%s" -c "select count(*) from %s;"'
            % (u, p, h, _c(["lims", "galaxy", "cromwell"]), _c(["runs", "samples", "job"])), p, h)


@S(_G, "mysql-dash-p-attached")
def _():
    u, p, h = _user(), _pw_rand(sym="!%^*_+=.?~"), _host("mysql")
    return ("mysql -h %s -u %s -p'%s' seqdb < migrations/0042_add_flowcell.sql" % (h, u, p), p, h)


@S(_G, "pgpassword-env-prefix-pg-dump")
def _():
    p, h = _pw(), _host("pg")
    return ("PGPASSWORD='%s' pg_dump -h %s -U lims -Fc lims > /scratch/backup/lims_%s.dump" % (p, h, _date()), p, "pg_dump -h " + h)


@S(_G, "curl-basic-u-basespace")
def _():
    u, p = _user() + "@" + _inst(), _pw()
    return ("curl -s -u '%s:%s' https://api.basespace.illumina.com/v1pre3/users/current | jq .Response" % (u, p), p, "api.basespace.illumina.com")


@S(_G, "curl-bearer-seqera-api")
def _():
    t = _seqera()
    return ('curl -s -H "Authorization: Bearer %s" "https://api.cloud.seqera.io/workflow?workspaceId=%s" | jq ".workflows[].workflow.status"' % (t, _dig(14)), t, "api.cloud.seqera.io")


@S(_G, "nextflow-secrets-set-positional")
def _():
    k = _c(["NCBI_API_KEY", "LIMS_PASSWORD", "BASESPACE_TOKEN", "SLACK_HOOK_TOKEN"])
    v = _hex(36) if k == "NCBI_API_KEY" else _pw()
    return ("nextflow secrets set %s '%s'" % (k, v), v, "nextflow secrets set " + k)


@S(_G, "tw-launch-inline-access-token")
def _():
    t = _seqera()
    return ("TOWER_ACCESS_TOKEN=%s tw launch %s/rnaseq -r 3.14.0 --workspace=%s/%s --params-file=params.yaml"
            % (t, "nf-core", _lab(), _proj()), t, "tw launch")


@S(_G, "dx-login-token-flag")
def _():
    t = _an(32)
    return ("dx login --token %s --noprojects && dx select project-%s" % (t, _s(_AN, 24)), t, "dx login")


@S(_G, "sbpack-auth-token-env")
def _():
    t = _hex(32)
    return ("SB_AUTH_TOKEN=%s SB_API_ENDPOINT=https://api.sbgenomics.com/v2 sbpack default %s/%s/bwa-mem workflows/bwa.cwl"
            % (t, _user(), _proj().lower()), t, "sbpack default")


@S(_G, "bs-cli-access-token-flag")
def _():
    t = _hex(32)
    return ("bs --api-server=https://api.basespace.illumina.com --access-token=%s list runs --filter-term=%s" % (t, _c(["NovaSeq", "MiSeq", "NextSeq"])), t, "bs --api-server")


@S(_G, "aws-configure-set-secret")
def _():
    s = _aws_secret()
    return ("aws configure set aws_secret_access_key %s --profile %s" % (s, _c(["omics", "healthomics", "genomics-prod", "seqcore"])), s, "aws configure set")


@S(_G, "aws-omics-inline-env-keys")
def _():
    a, s = _aws_id(), _aws_secret()
    return ("AWS_ACCESS_KEY_ID=%s AWS_SECRET_ACCESS_KEY=%s aws omics start-run --workflow-id %s --role-arn arn:aws:iam::%s:role/OmicsRun --output-uri s3://%s-omics-out/"
            % (a, s, _dig(7), _dig(12), _lab()), s, "aws omics start-run")


@S(_G, "eutils-curl-api-key-query")
def _():
    k = _hex(36)
    return ('curl -s "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/esearch.fcgi?db=sra&term=%s[orgn]+AND+wgs[strategy]&retmax=500&api_key=%s"' % (_c(["Mycobacterium", "Plasmodium", "Danio"]), k), k, "eutils.ncbi.nlm.nih.gov")


@S(_G, "webin-cli-password-flag")
def _():
    p, u = _pw(), "Webin-%s" % _dig(5)
    return ("java -jar webin-cli-%d.%d.0.jar -context reads -userName %s -password '%s' -manifest manifests/%s.txt -submit"
            % (_i(6, 8), _i(0, 9), u, p, _sample()), p, u)


@S(_G, "lftp-user-comma-password")
def _():
    p, u = _pw_rand(sym="!%^*_+.?~"), "Webin-%s" % _dig(5)
    return ('lftp -u %s,%s webin2.ebi.ac.uk -e "mput -c fastq/*.fastq.gz; bye"' % (u, p), p, u)


@S(_G, "planemo-galaxy-user-key")
def _():
    k = _hex(32)
    return ("planemo run workflows/variant-calling.ga jobs/%s.yml --galaxy_url https://usegalaxy.%s --galaxy_user_key %s --history_name %s"
            % (_sample(), _inst(), k, _proj()), k, "planemo run")


@S(_G, "bioblend-python-c-oneliner")
def _():
    k, h = _hex(32), "galaxy." + _inst()
    return ("python -c \"from bioblend.galaxy import GalaxyInstance; gi = GalaxyInstance('https://%s', key='%s'); print(len(gi.histories.get_histories()))\"" % (h, k), k, h)


@S(_G, "sshpass-scp-run-folder")
def _():
    p, u, h = _pw(), _user(), _host("nas")
    return ("sshpass -p '%s' scp -r /data/runs/%s_A0%s_0%s %s@%s:/archive/runs/" % (p, _date().replace("-", "")[2:], _dig(4), _dig(3), u, h), p, u + "@" + h)


@S(_G, "rsync-password-env-daemon")
def _():
    p, h = _pw_phrase(), _host("seq")
    return ("RSYNC_PASSWORD='%s' rsync -av --progress fastq/ rsync://upload@%s/incoming/%s/" % (p, h, _proj()), p, h)


@S(_G, "docker-login-p-quay")
def _():
    t = _uan(64)
    u = "%s+%s" % (_lab(), _c(["ci", "builder", "pusher"]))
    return ("docker login -u=\"%s\" -p=\"%s\" quay.io" % (u, t), t, u)


@S(_G, "echo-token-docker-password-stdin")
def _():
    t = _ghp()
    return ("echo %s | docker login ghcr.io -u %s --password-stdin" % (t, _user()), t, "docker login ghcr.io")


@S(_G, "apptainer-registry-login-password")
def _():
    p = _pw()
    return ("apptainer registry login --username %s --password '%s' oras://registry.%s" % (_user(), p, _inst()), p, "apptainer registry login")


@S(_G, "conda-install-token-channel-url")
def _():
    t = "%s-%s-%s-%s" % (_lan(2), _hex(8), _hex(4), _hex(12))
    return ("conda install -y -c https://conda.anaconda.org/t/%s/%s -c bioconda -c conda-forge %s-tools=1.%d" % (t, _lab(), _lab(), _i(0, 9)), t, "-c bioconda -c conda-forge")


@S(_G, "anaconda-upload-t-flag")
def _():
    t = "%s-%s-%s-%s-%s" % (_lan(2), _hex(8), _hex(4), _hex(4), _hex(12))
    return ("anaconda -t %s upload --user %s --label main $CONDA_PREFIX/conda-bld/noarch/*.tar.bz2" % (t, _lab()), t, "upload --user")


@S(_G, "pip-index-url-credentials")
def _():
    u, p, h = _user(), _pw_url(), "pypi." + _inst()
    return ("pip install --index-url https://%s:%s@%s/simple/ lab-seqtools==0.%d.%d" % (u, p, h, _i(1, 9), _i(0, 20)), p, h)


@S(_G, "git-clone-oauth2-glpat")
def _():
    t = _glpat()
    return ("git clone https://oauth2:%s@gitlab.%s/%s/nf-pipelines.git" % (t, _inst(), _lab()), t, "git clone")


@S(_G, "git-remote-set-url-ghp")
def _():
    t, u = _ghp(), _user()
    return ("git remote set-url origin https://%s:%s@github.com/%s/snakemake-wgs.git && git push origin main" % (u, t, _lab()), t, "git push origin main")


@S(_G, "htpasswd-batch-create")
def _():
    p, u = _pw(), _user()
    return ("sudo htpasswd -b -c /etc/nginx/.htpasswd-multiqc %s '%s'" % (u, p), p, "/etc/nginx/.htpasswd-multiqc")


@S(_G, "jupyter-lab-serverapp-token-flag")
def _():
    t = _hex(48)
    return ("srun -p interactive --mem=32G jupyter lab --no-browser --ip=0.0.0.0 --port=%d --ServerApp.token=%s" % (_i(8800, 8999), t), t, "jupyter lab --no-browser")


@S(_G, "xdg-open-jupyter-token-url")
def _():
    t = _hex(48)
    port = _i(8800, 8999)
    return ("ssh -N -L %d:%s:%d %s@login.%s &\nxdg-open \"http://localhost:%d/lab?token=%s\"" % (port, "cn%03d" % _i(1, 400), port, _user(), _inst(), port, t), t, "ssh -N -L")


@S(_G, "chpasswd-echo-rstudio-user")
def _():
    p, u = _pw_word(), _user()
    return ("echo '%s:%s' | sudo chpasswd && sudo rstudio-server restart" % (u, p), p, "sudo rstudio-server restart")


@S(_G, "mongosh-srv-uri")
def _():
    u, p = _user(), _pw_url()
    h = "cluster%d.%s.mongodb.net" % (_i(0, 9), _lan(5))
    return ('mongosh "mongodb+srv://%s:%s@%s/samples?retryWrites=true" --eval "db.biosamples.countDocuments()"' % (u, p, h), p, h)


@S(_G, "redis-cli-dash-a")
def _():
    p, h = _pw_rand(), _host("redis")
    return ("redis-cli -h %s -p 6379 -a '%s' --no-auth-warning KEYS 'celery-task-meta-*' | wc -l" % (h, p), p, h)


@S(_G, "iinit-positional-password")
def _():
    p = _pw()
    return ("iinit '%s' && iput -K -r fastq/ /%sZone/home/%s/%s" % (p, _lab().split("-")[0], _user(), _proj()), p, "iput -K -r")


@S(_G, "globus-client-secret-env")
def _():
    s = _b64(32)
    return ("GLOBUS_CLI_CLIENT_ID=%s GLOBUS_CLI_CLIENT_SECRET=%s globus transfer %s:/runs/ %s:/~/runs/ --recursive --label '%s'"
            % (_uuid(), s, _uuid(), _uuid(), _proj()), s, "globus transfer")


@S(_G, "sbatch-export-hf-token")
def _():
    t = _hf()
    return ("sbatch --export=ALL,HF_TOKEN=%s --gres=gpu:a100:1 -t 12:00:00 jobs/esm_embed.sbatch" % t, t, "jobs/esm_embed.sbatch")


@S(_G, "kubectl-create-secret-from-literal")
def _():
    p = _pw()
    return ("kubectl -n genomics create secret generic cromwell-db --from-literal=username=cromwell --from-literal=password='%s'" % p, p, "kubectl -n genomics create secret generic cromwell-db")


@S(_G, "vault-kv-put-password")
def _():
    p = _pw()
    return ("vault kv put secret/%s/lims-db username=lims_app password='%s'" % (_lab(), p), p, "vault kv put")


@S(_G, "openssl-pkcs12-passout")
def _():
    p = _pw_phrase()
    return ("openssl pkcs12 -export -in lims.crt -inkey lims.key -out lims.p12 -name lims -passout pass:%s" % p, p, "openssl pkcs12 -export")


@S(_G, "zip-encrypt-dash-upper-p")
def _():
    p = _pw_word()
    return ("zip -P '%s' -r %s_vcfs.zip results/vcf/ && ls -lh %s_vcfs.zip" % (p, _proj(), _proj()), p, "results/vcf/")


@S(_G, "7z-archive-password-attached")
def _():
    p = _pw_rand(sym="!%^*_+=.?~")
    return ("7z a -p'%s' -mhe=on cohort_phenotypes.7z phenotypes/*.tsv" % p, p, "cohort_phenotypes.7z")


@S(_G, "gpg-symmetric-batch-passphrase")
def _():
    p = _pw_phrase(" ")
    return ("gpg --batch --yes --pinentry-mode loopback --passphrase '%s' -c consent_forms_%s.tar" % (p, _date()), p, "gpg --batch --yes")


@S(_G, "wget-user-password-flags")
def _():
    p, u, h = _pw(), _user(), _host("ftp")
    return ("wget -r -np -nH --cut-dirs=2 --user=%s --password='%s' https://%s/deliveries/%s/" % (u, p, h, _proj()), p, h)


@S(_G, "curl-post-login-json")
def _():
    p, u, h = _pw(), _user(), _host("lims")
    return ("curl -s -X POST https://%s/api/auth/login -H 'Content-Type: application/json' -d '{\"username\": \"%s\", \"password\": \"%s\"}'" % (h, u, p), p, h)


@S(_G, "az-storage-account-key-flag")
def _():
    k = _azkey()
    sa = _lab().replace("-", "")[:14] + "sa"
    return ("az storage blob upload --account-name %s --account-key %s -c raw-bams -f %s.bam -n %s/%s.bam" % (sa, k, _sample(), _proj(), _sample()), k, "az storage blob upload")


@S(_G, "azcopy-sas-url-sig")
def _():
    sig = base64.b64encode(_rb(32)).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    sa = _lab().replace("-", "")[:14] + "store"
    return ('azcopy copy "results/" "https://%s.blob.core.windows.net/analysis?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=%sT18:00:00Z&st=%sT09:00:00Z&spr=https&sig=%s" --recursive'
            % (sa, _date(), _date(), sig), sig, sa + ".blob.core.windows.net")


@S(_G, "curl-gcs-signed-url")
def _():
    sig = _hex(512)
    b = "%s-cram" % _lab()
    return ('curl -o %s.cram "https://storage.googleapis.com/%s/%s.cram?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=terra-sa%%40%s.iam.gserviceaccount.com%%2F20240611%%2Fauto%%2Fstorage%%2Fgoog4_request&X-Goog-Date=20240611T101500Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature=%s"'
            % (_sample(), b, _sample(), _lab(), sig), sig, "storage.googleapis.com")


@S(_G, "wget-s3-presigned-url")
def _():
    sig = _hex(64)
    return ('wget -O reads.fastq.gz "https://%s-deliveries.s3.eu-west-1.amazonaws.com/%s/reads_R1.fastq.gz?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=%s%%2F20240611%%2Feu-west-1%%2Fs3%%2Faws4_request&X-Amz-Date=20240611T093012Z&X-Amz-Expires=604800&X-Amz-SignedHeaders=host&X-Amz-Signature=%s"'
            % (_lab(), _proj(), _aws_id(), sig), sig, "X-Amz-Algorithm=AWS4-HMAC-SHA256")


@S(_G, "curl-firecloud-ya29-bearer")
def _():
    t = _ya29()
    return ('curl -s -H "Authorization: Bearer %s" "https://api.firecloud.org/api/workspaces/%s/%s/submissions" | jq length' % (t, _lab(), _proj()), t, "api.firecloud.org")


@S(_G, "snakemake-config-override-password")
def _():
    p = _pw()
    return ("snakemake --profile profiles/slurm -j 200 --config lims_user=%s lims_password='%s' run_id=%s" % (_user(), p, _dig(6)), p, "--profile profiles/slurm")


@S(_G, "curl-cromwell-basic-submit")
def _():
    p, h = _pw(), _host("cromwell")
    return ("curl -u cromwell:%s -X POST https://%s/api/workflows/v1 -F workflowSource=@wgs.wdl -F workflowInputs=@inputs/%s.json" % (p, h, _sample()), p, h)


@S(_G, "mysqldump-long-password-flag")
def _():
    p, h = _pw(), _host("mysql")
    return ("mysqldump --single-transaction --host=%s --user=galaxy --password='%s' galaxy | gzip > galaxy_%s.sql.gz" % (h, p, _date()), p, h)


@S(_G, "sqlcmd-capital-p")
def _():
    p, h = _pw_word(), _host("sql")
    return ("sqlcmd -S %s,1433 -U sa -P '%s' -d Clarity -Q \"SELECT TOP 10 * FROM sample ORDER BY createddate DESC\"" % (h, p), p, h)


@S(_G, "ldapsearch-bind-w")
def _():
    p, h = _pw(), _host("ldap")
    return ("ldapsearch -x -H ldaps://%s -D 'cn=svc-galaxy,ou=services,dc=%s' -w '%s' '(uid=%s)' mail memberOf" % (h, _lab().split("-")[0], p, _user()), p, h)


@S(_G, "smbclient-user-percent-password")
def _():
    p, u = _pw_rand(sym="!^*_+=.?~"), _user()
    return ("smbclient //nas01.%s/miseq-output -U 'LAB\\%s%%%s' -c 'prompt; recurse; mget %s*'" % (_inst(), u, p, _date().replace("-", "")[2:]), p, "//nas01.")


@S(_G, "mount-cifs-options-password")
def _():
    p, u = _pw_rand(sym="!^*_+.?~"), _user()
    return ("sudo mount -t cifs //nas02.%s/novaseq /mnt/novaseq -o username=%s,password=%s,vers=3.0,uid=$(id -u)" % (_inst(), u, p), p, "/mnt/novaseq")


@S(_G, "huggingface-cli-login-token")
def _():
    t = _hf()
    return ("huggingface-cli login --token %s --add-to-git-credential" % t, t, "huggingface-cli login")


@S(_G, "wandb-login-positional-key")
def _():
    k = _hex(40)
    return ("wandb login %s && python train_variant_caller.py --epochs 30" % k, k, "train_variant_caller.py")


@S(_G, "synapse-login-authtoken")
def _():
    t = _jwt({"aud": "synapse", "sub": _dig(7), "token_type": "PERSONAL_ACCESS_TOKEN"})
    return ("synapse login --authToken %s && synapse get -r syn%s" % (t, _dig(8)), t, "synapse get -r")


@S(_G, "twine-upload-token-password")
def _():
    t = _pypi()
    return ("twine upload -u __token__ -p %s dist/lab_seqtools-*.whl" % t, t, "twine upload -u __token__")


@S(_G, "npm-config-set-authtoken")
def _():
    t = _npm()
    return ("npm config set //registry.npmjs.org/:_authToken %s && npm publish --access public" % t, t, "npm publish --access public")


@S(_G, "gh-auth-login-with-token-pipe")
def _():
    t = _github_pat()
    return ("echo '%s' | gh auth login --with-token && gh repo clone %s/nf-core-configs" % (t, _lab()), t, "gh auth login --with-token")


@S(_G, "heredoc-write-netrc-earthdata")
def _():
    p, u = _pw(), _user()
    return ("cat > ~/.netrc <<'EOF'\nmachine urs.earthdata.nasa.gov login %s password %s\nEOF\nchmod 600 ~/.netrc" % (u, p), p, "chmod 600 ~/.netrc")


@S(_G, "expect-sftp-send-password")
def _():
    p, u, h = _pw(), _user(), _host("sftp")
    return ("expect -c 'spawn sftp %s@%s; expect \"password:\"; send \"%s\\r\"; expect \"sftp>\"; send \"put manifest.csv\\r\"; send \"bye\\r\"; interact'" % (u, h, p), p, h)


@S(_G, "lftp-ncbi-subftp-url")
def _():
    p = _pw_rand(14, "")
    return ("lftp ftp://subftp:%s@ftp-private.ncbi.nlm.nih.gov -e 'cd uploads/%s_%s; mput *.fastq.gz; bye'" % (p, _user(), _lan(8)), p, "ftp-private.ncbi.nlm.nih.gov")


@S(_G, "ascp-pass-env-sra-upload")
def _():
    p = _pw_rand(16, "")
    return ("ASPERA_SCP_PASS=%s ascp -QT -l300m -k1 -d fastq/ asp-sra@upload.ncbi.nlm.nih.gov:uploads/%s_%s/%s" % (p, _user(), _lan(8), _proj()), p, "asp-sra@upload.ncbi.nlm.nih.gov")


@S(_G, "export-dx-security-context-json")
def _():
    t = _an(32)
    return ("export DX_SECURITY_CONTEXT='{\"auth_token_type\": \"Bearer\", \"auth_token\": \"%s\"}'\ndx run app-bwa_mem_fastq_read_mapper -iinput=file-%s -y" % (t, _s(_AN, 24)), t, "auth_token_type")


@S(_G, "icav2-x-api-key-curl")
def _():
    k = _s(_AN, 32)
    return ("curl -s -H 'X-API-Key: %s' 'https://ica.illumina.com/ica/rest/api/projects?search=%s' -H 'Accept: application/vnd.illumina.v3+json'" % (k, _proj()), k, "ica.illumina.com")


@S(_G, "galaxy-api-key-query-curl")
def _():
    k = _hex(32)
    return ("curl -s 'https://galaxy.%s/api/histories?key=%s&view=summary' | python -m json.tool | head" % (_inst(), k), k, "view=summary")


# =====================================================================
# SECRETS -- group: tool-output
# =====================================================================
_G = "tool-output"


@S(_G, "env-grep-token-output")
def _():
    t = _seqera()
    return ("$ env | grep -i -E 'tower|nxf'\nNXF_HOME=/scratch/%s/.nextflow\nTOWER_WORKSPACE_ID=%s\nTOWER_ACCESS_TOKEN=%s\nNXF_VER=24.04.%d" % (_user(), _dig(15), t, _i(1, 4)), t, "TOWER_WORKSPACE_ID")


@S(_G, "printenv-aws-secret-output")
def _():
    s = _aws_secret()
    return ("$ printenv | sort | grep ^AWS\nAWS_ACCESS_KEY_ID=%s\nAWS_DEFAULT_REGION=%s\nAWS_SECRET_ACCESS_KEY=%s" % (_aws_id(), _c(["us-east-1", "eu-west-2", "ap-southeast-2"]), s), s, "AWS_DEFAULT_REGION")


@S(_G, "docker-inspect-env-array")
def _():
    p = _pw()
    return ('$ docker inspect galaxy-postgres --format \'{{json .Config.Env}}\'\n["POSTGRES_USER=galaxy","POSTGRES_PASSWORD=%s","POSTGRES_DB=galaxy","PGDATA=/var/lib/postgresql/data/pgdata","PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"]' % p, p, "POSTGRES_USER=galaxy")


@S(_G, "kubectl-get-secret-yaml-data")
def _():
    p = _pw()
    enc = base64.b64encode(p.encode()).decode()
    return ("$ kubectl -n cromwell get secret cromwell-mysql -o yaml\napiVersion: v1\ndata:\n  password: %s\n  username: Y3JvbXdlbGw=\nkind: Secret\nmetadata:\n  name: cromwell-mysql\n  namespace: cromwell\ntype: Opaque" % enc, enc, "name: cromwell-mysql")


@S(_G, "kubectl-describe-pod-env-literal")
def _():
    t = _hex(32)
    return ("$ kubectl describe pod galaxy-job-%s\n...\n    Environment:\n      GALAXY_URL:          https://galaxy.%s\n      GALAXY_API_KEY:      %s\n      TMPDIR:              /galaxy/tmp\n    Mounts:\n      /galaxy/data from data (rw)" % (_lan(5), _inst(), t, ), t, "GALAXY_URL")


@S(_G, "aws-sts-assume-role-json")
def _():
    s = _aws_secret()
    return ('$ aws sts assume-role --role-arn arn:aws:iam::%s:role/OmicsWorkflowRunner --role-session-name %s\n{\n    "Credentials": {\n        "AccessKeyId": "%s",\n        "SecretAccessKey": "%s",\n        "SessionToken": "%s",\n        "Expiration": "%s"\n    }\n}'
            % (_dig(12), _user(), _aws_sid(), s, _aws_session()[:120], _ts()), s, "OmicsWorkflowRunner")


@S(_G, "aws-sts-session-token-output")
def _():
    t = _aws_session()
    return ('$ aws sts get-session-token --serial-number arn:aws:iam::%s:mfa/%s --token-code %s --output text\nCREDENTIALS\t%s\t%s\t%s\t%s' % (_dig(12), _user(), _dig(6), _aws_sid(), _ts(), _aws_secret(), t), t, "get-session-token")


@S(_G, "cat-aws-credentials-file")
def _():
    s = _aws_secret()
    return ("$ cat ~/.aws/credentials\n[default]\naws_access_key_id = %s\naws_secret_access_key = %s\n\n[omics-readonly]\nrole_arn = arn:aws:iam::%s:role/ReadOnly\nsource_profile = default" % (_aws_id(), s, _dig(12)), s, "[omics-readonly]")


@S(_G, "dx-env-auth-token-output")
def _():
    t = _an(32)
    return ("$ dx env\nAuth token used         %s\nAPI server protocol     https\nAPI server host         api.dnanexus.com\nAPI server port         443\nCurrent workspace       project-%s\nCurrent folder          /%s\nCurrent user            %s" % (t, _s(_AN, 24), _proj(), _user()), t, "api.dnanexus.com")


@S(_G, "git-config-list-remote-credential")
def _():
    t = _ghp()
    return ("$ git config --list --show-origin | grep url\nfile:.git/config\tremote.origin.url=https://%s:%s@github.com/%s/wdl-tasks.git\nfile:.git/config\tremote.upstream.url=https://github.com/broadinstitute/warp.git" % (_user(), t, _lab()), t, "remote.upstream.url")


@S(_G, "pip-config-list-index-url")
def _():
    p = _pw_url()
    return ("$ pip config list\nglobal.extra-index-url='https://%s:%s@nexus.%s/repository/pypi-lab/simple'\nglobal.timeout='60'" % (_user(), p, _inst()), p, "global.timeout")


@S(_G, "conda-config-show-channels-token")
def _():
    t = "%s-%s-%s-%s" % (_lan(2), _hex(8), _hex(4), _hex(12))
    return ("$ conda config --show channels\nchannels:\n  - https://conda.anaconda.org/t/%s/%s\n  - conda-forge\n  - bioconda" % (t, _lab()), t, "channels:")


@S(_G, "jupyter-server-list-token")
def _():
    t = _hex(48)
    port = _i(8800, 8999)
    return ("$ jupyter server list\nCurrently running servers:\nhttp://cn%03d:%d/?token=%s :: /home/%s/projects/%s" % (_i(1, 300), port, t, _user(), _proj()), t, "Currently running servers:")


@S(_G, "jupyter-startup-copy-paste-urls")
def _():
    t = _hex(48)
    port = _i(8800, 8999)
    return ("    To access the server, open this file in a browser:\n        file:///home/%s/.local/share/jupyter/runtime/jpserver-%d-open.html\n    Or copy and paste one of these URLs:\n        http://cn%03d:%d/lab?token=%s\n        http://127.0.0.1:%d/lab?token=%s" % (_user(), _i(10000, 99999), _i(1, 300), port, t, port, t), t, "To access the server")


@S(_G, "docker-logs-rstudio-password")
def _():
    p = _pw_pron()
    return ("$ docker logs rstudio-%s 2>&1 | head -5\n[s6-init] making user provided files available at /var/run/s6/etc...exited 0.\nThe password is set to %s\nIf you want to set your own password, set the PASSWORD environment variable. e.g. run with:\ndocker run -e PASSWORD=<YOUR_PASS> -p 8787:8787 rocker/rstudio" % (_user(), p), p, "rocker/rstudio")


@S(_G, "terraform-output-json-sensitive")
def _():
    p = _pw_rand()
    return ('$ terraform output -json\n{\n  "cromwell_db_endpoint": {"sensitive": false, "type": "string", "value": "cromwell-db.%s.rds.amazonaws.com"},\n  "cromwell_db_password": {"sensitive": true, "type": "string", "value": "%s"}\n}' % (_lan(12), p), p, "cromwell_db_endpoint")


@S(_G, "helm-get-values-admin-password")
def _():
    p = _pw()
    return ("$ helm get values galaxy -n galaxy\nUSER-SUPPLIED VALUES:\nconfigs:\n  galaxy.yml:\n    galaxy:\n      admin_users: %s@%s\npostgresql:\n  galaxyDatabasePassword: %s\npersistence:\n  size: 500Gi" % (_user(), _inst(), p), p, "USER-SUPPLIED VALUES:")


@S(_G, "vault-kv-get-table")
def _():
    p = _pw()
    return ("$ vault kv get secret/%s/basespace\n====== Data ======\nKey         Value\n---         -----\nusername    %s\npassword    %s" % (_lab(), _user(), p), p, "====== Data ======")


@S(_G, "gcloud-print-access-token")
def _():
    t = _ya29()
    return ("$ gcloud auth print-access-token --impersonate-service-account=terra-runner@%s.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n%s" % (_lab(), t), t, "service account impersonation")


@S(_G, "nextflow-config-print-aws")
def _():
    s = _aws_secret()
    return ("$ nextflow config -profile awsbatch\naws {\n   region = 'eu-west-1'\n   accessKey = '%s'\n   secretKey = '%s'\n   batch {\n      cliPath = '/home/ec2-user/miniconda/bin/aws'\n   }\n}\nprocess {\n   executor = 'awsbatch'\n   queue = 'genomics-spot'\n}" % (_aws_id(), s), s, "executor = 'awsbatch'")


@S(_G, "nextflow-secrets-get-output")
def _():
    v = _pw()
    return ("$ nextflow secrets list\nLIMS_PASSWORD\nNCBI_API_KEY\n$ nextflow secrets get LIMS_PASSWORD\n%s" % v, v, "nextflow secrets list")


@S(_G, "snakemake-dryrun-shell-printed")
def _():
    p = _pw()
    return ("$ snakemake -n -p upload_to_lims\nrule upload_to_lims:\n    input: results/qc/multiqc_report.html\n    jobid: 0\n    reason: Missing output files: logs/lims_upload.done\n\ncurl -sf -u qcbot:'%s' -F file=@results/qc/multiqc_report.html https://lims.%s/api/attach && touch logs/lims_upload.done\nJob stats:\njob               count\n--------------  -------\nupload_to_lims        1" % (p, _inst()), p, "rule upload_to_lims:")


@S(_G, "cromwell-metadata-inputs-json")
def _():
    p = _pw()
    return ('$ curl -s localhost:8000/api/workflows/v1/%s/metadata | jq .inputs\n{\n  "WGS.ref_fasta": "gs://%s-refs/hg38/Homo_sapiens_assembly38.fasta",\n  "WGS.sample_name": "%s",\n  "WGS.lims_password": "%s"\n}' % (_uuid(), _lab(), _sample(), p), p, "WGS.sample_name")


@S(_G, "galaxy-create-api-key-response")
def _():
    k = _hex(32)
    return ("$ curl -s -X POST -u %s@%s https://galaxy.%s/api/users/%s/api_key\n\"%s\"" % (_user(), _inst(), _inst(), _hex(16), k), k, "/api_key")


@S(_G, "cat-basespace-default-cfg")
def _():
    t = _hex(32)
    return ("$ cat ~/.basespace/default.cfg\napiServer   = https://api.euc1.sh.basespace.illumina.com\naccessToken = %s" % t, t, "apiServer")


@S(_G, "tw-debug-authorization-header")
def _():
    t = _seqera()
    return ("$ tw -v info\nDEBUG Request GET https://api.cloud.seqera.io/user-info\nDEBUG Header Authorization: Bearer %s\nDEBUG Response 200 OK\n    Seqera Platform API endpoint | https://api.cloud.seqera.io\n    Seqera Platform version      | 24.1.%d" % (t, _i(0, 9)), t, "Seqera Platform API endpoint")


@S(_G, "curl-verbose-basic-authorization")
def _():
    u, p = _user(), _pw()
    enc = base64.b64encode(("%s:%s" % (u, p)).encode()).decode()
    return ("$ curl -v -u %s https://cromwell.%s/engine/v1/version\n* Server auth using Basic with user '%s'\n> GET /engine/v1/version HTTP/2\n> Host: cromwell.%s\n> authorization: Basic %s\n> user-agent: curl/8.5.0\n< HTTP/2 200" % (u, _inst(), u, _inst(), enc), enc, "Server auth using Basic")


@S(_G, "curl-verbose-set-cookie-galaxysession")
def _():
    c = _hex(80)
    return ("< HTTP/1.1 302 Found\n< Server: nginx\n< Location: /\n< Set-Cookie: galaxysession=%s; Domain=galaxy.%s; expires=Sun, 08 Sep 2024 10:12:00 GMT; HttpOnly; Max-Age=7776000; Path=/; SameSite=Lax" % (c, _inst()), c, "HTTP/1.1 302 Found")


@S(_G, "oauth-token-response-json")
def _():
    t = _b64u(40)
    return ('$ curl -s -X POST https://auth.%s/oauth/token -d grant_type=client_credentials -d client_id=lims-sync\n{"access_token":"%s","token_type":"bearer","expires_in":3600,"scope":"samples:read runs:read"}' % (_inst(), t), t, "grant_type=client_credentials")


@S(_G, "cat-sevenbridges-credentials")
def _():
    t = _hex(32)
    return ("$ cat ~/.sevenbridges/credentials\n[default]\napi_endpoint = https://api.sbgenomics.com/v2\nauth_token = %s\n\n[cavatica]\napi_endpoint = https://cavatica-api.sbgenomics.com/v2\nauth_token = %s" % (_hex(32), t), t, "[cavatica]")


@S(_G, "sql-select-legacy-plaintext-users")
def _():
    p = _pw_word()
    return (" id | username  | password        | role\n----+-----------+-----------------+-------\n  %d | seqadmin  | %s | admin\n(1 row)" % (_i(1, 9), p), p, "seqadmin")


@S(_G, "grep-rn-password-config")
def _():
    p = _pw()
    return ("$ grep -rn -i 'password' config/\nconfig/prod.yaml:14:  password: %s\nconfig/dev.yaml:14:  password: ${LIMS_DB_PASSWORD}\nconfig/README.md:3:Do not store the password here." % p, p, "config/dev.yaml:14")


@S(_G, "git-log-p-added-env-line")
def _():
    k = _hex(36)
    return ("$ git log -p -1 -- .env\ncommit %s\nAuthor: %s <%s@%s>\nDate:   Tue Jun 11 14:02:11 2024 +0200\n\n    add eutils config\n\ndiff --git a/.env b/.env\n+++ b/.env\n@@ -0,0 +1,2 @@\n+NCBI_EMAIL=%s@%s\n+NCBI_API_KEY=%s" % (_sha(), _full(), _user(), _inst(), _user(), _inst(), k), k, "add eutils config")


@S(_G, "git-diff-removed-token-line")
def _():
    t = _glpat()
    return ("$ git diff HEAD~1 -- nextflow.config\n@@ -21,7 +21,7 @@ params {\n-    gitlab_token = '%s'\n+    gitlab_token = secrets.GITLAB_TOKEN\n }" % t, t, "secrets.GITLAB_TOKEN")


@S(_G, "cat-dotenv-output")
def _():
    p = _pw()
    return ("$ cat .env\nCOMPOSE_PROJECT_NAME=seqlims\nLIMS_DB_HOST=db\nLIMS_DB_USER=lims\nLIMS_DB_PASSWORD=%s\nLIMS_DEBUG=false" % p, p, "COMPOSE_PROJECT_NAME=seqlims")


@S(_G, "docker-compose-config-environment")
def _():
    p = _pw()
    return ("$ docker compose config\nservices:\n  mysql:\n    environment:\n      MYSQL_DATABASE: cromwell\n      MYSQL_ROOT_PASSWORD: %s\n    image: mysql:8.0\n    ports:\n    - mode: ingress\n      target: 3306" % p, p, "MYSQL_DATABASE: cromwell")


@S(_G, "systemctl-show-environment-property")
def _():
    p = _pw()
    return ("$ systemctl show galaxy-handler@0 -p Environment\nEnvironment=GALAXY_CONFIG_FILE=/srv/galaxy/config/galaxy.yml GALAXY_CONFIG_OVERRIDE_DATABASE_CONNECTION=postgresql://galaxy:%s@localhost/galaxy PYTHONPATH=/srv/galaxy/lib" % p.replace("@", "_"), p.replace("@", "_"), "GALAXY_CONFIG_FILE")


@S(_G, "ps-aux-process-cmdline-password")
def _():
    p = _pw_rand(sym="!^*_+.?~")
    return ("$ ps aux | grep [m]ysql\n%s  %d  0.0  0.0  21520  9012 pts/3  S+  10:14  0:00 mysql -h %s -u cromwell -p%s cromwell" % (_user()[:8], _i(1000, 99999), _host("mysql"), p), p, "grep [m]ysql")


@S(_G, "bash-history-output-export")
def _():
    k = _hex(36)
    return ("$ history | grep -i ncbi\n  %d  export NCBI_API_KEY=%s\n  %d  esearch -db nucleotide -query '%s' | efetch -format fasta > hits.fa" % (_i(100, 900), k, _i(901, 999), _c(["16S rRNA", "rpoB", "cox1"])), k, "efetch -format fasta")


@S(_G, "scontrol-show-job-command-token")
def _():
    t = _hex(32)
    jid = _dig(7)
    return ("$ scontrol show job %s\nJobId=%s JobName=bs_download\n   UserId=%s(%d) GroupId=%s(%d)\n   JobState=RUNNING Reason=None\n   Command=/home/%s/bin/bs_download.sh --run %s --token %s\n   WorkDir=/scratch/runs" % (jid, jid, _user(), _i(1000, 9000), _lab(), _i(1000, 9000), _user(), _dig(9), t), t, "JobName=bs_download")


@S(_G, "cat-openssh-ed25519-private-key")
def _():
    body = _ossh_body()
    return ("$ cat ~/.ssh/id_ed25519_hpc\n-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----" % body, body, "-----BEGIN OPENSSH PRIVATE KEY-----")


@S(_G, "openssl-genpkey-rsa-output")
def _():
    body = _pem_body()
    return ("$ openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 2>/dev/null | tee lims-tls.key\n-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----" % body, body, "openssl genpkey -algorithm RSA")


@S(_G, "aws-iam-create-access-key-json")
def _():
    s = _aws_secret()
    return ('$ aws iam create-access-key --user-name omics-ci\n{\n    "AccessKey": {\n        "UserName": "omics-ci",\n        "AccessKeyId": "%s",\n        "Status": "Active",\n        "SecretAccessKey": "%s",\n        "CreateDate": "%s"\n    }\n}' % (_aws_id(), s, _ts()), s, '"UserName": "omics-ci"')


@S(_G, "gh-auth-token-output")
def _():
    t = _gho()
    return ("$ gh auth token\n%s\n$ gh api user --jq .login\n%s" % (t, _user()), t, "gh api user --jq .login")


@S(_G, "gh-auth-status-show-token")
def _():
    t = _gho()
    return ("$ gh auth status -t\ngithub.com\n  \u2713 Logged in to github.com account %s (keyring)\n  - Active account: true\n  - Git operations protocol: https\n  - Token: %s\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'" % (_user(), t), t, "Logged in to github.com")


@S(_G, "cat-netrc-wandb-output")
def _():
    k = _hex(40)
    return ("$ cat ~/.netrc\nmachine api.wandb.ai\n  login user\n  password %s" % k, k, "machine api.wandb.ai")


@S(_G, "az-storage-keys-list-json")
def _():
    k = _azkey()
    return ('$ az storage account keys list -g rg-genomics -n %ssa -o json\n[\n  {\n    "creationTime": "%s",\n    "keyName": "key1",\n    "permissions": "FULL",\n    "value": "%s"\n  }\n]' % (_lab().replace("-", "")[:12], _ts(), k), k, '"keyName": "key1"')


@S(_G, "az-ad-sp-create-for-rbac-output")
def _():
    p = _s(_AN + "~.-_", 3) + "8Q~" + _s(_AN + "~.-_", 34)
    return ('$ az ad sp create-for-rbac --name sp-cromwell-batch --role Contributor --scopes /subscriptions/%s\n{\n  "appId": "%s",\n  "displayName": "sp-cromwell-batch",\n  "password": "%s",\n  "tenant": "%s"\n}' % (_uuid(), _uuid(), p, _uuid()), p, '"displayName": "sp-cromwell-batch"')


@S(_G, "cat-gcp-service-account-key-json")
def _():
    body = _pem_body()
    return ('$ cat terra-runner-key.json\n{\n  "type": "service_account",\n  "project_id": "%s-terra",\n  "private_key_id": "%s",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "terra-runner@%s-terra.iam.gserviceaccount.com"\n}' % (_lab(), _hex(40), body.replace("\n", "\\n"), _lab()), body.replace("\n", "\\n"), '"type": "service_account"')


@S(_G, "cat-docker-config-json-auth")
def _():
    u, p = _user(), _pw()
    enc = base64.b64encode(("%s:%s" % (u, p)).encode()).decode()
    return ('$ cat ~/.docker/config.json\n{\n\t"auths": {\n\t\t"registry.%s": {\n\t\t\t"auth": "%s"\n\t\t}\n\t}\n}' % (_inst(), enc), enc, '"auths"')


@S(_G, "python-print-os-environ-dict")
def _():
    t = _hex(32)
    return (">>> import os; {k: v for k, v in os.environ.items() if 'SB' in k}\n{'SB_API_ENDPOINT': 'https://api.sbgenomics.com/v2', 'SB_AUTH_TOKEN': '%s'}" % t, t, "SB_API_ENDPOINT")


@S(_G, "r-sys-getenv-output")
def _():
    t = _ghp()
    return ("> Sys.getenv(c('GITHUB_PAT', 'R_LIBS_USER'))\n                                GITHUB_PAT                               R_LIBS_USER\n\"%s\"   \"~/R/x86_64-pc-linux-gnu-library/4.4\"" % t, t, "R_LIBS_USER")


@S(_G, "ansible-vault-view-decrypted")
def _():
    p = _pw()
    return ("$ ansible-vault view group_vars/galaxy/vault.yml\nVault password: \nvault_galaxy_db_password: %s\nvault_galaxy_admin_email: %s@%s" % (p, _user(), _inst()), p, "vault_galaxy_admin_email")


@S(_G, "sops-decrypt-yaml-output")
def _():
    p = _pw()
    return ("$ sops -d secrets/cromwell.enc.yaml\ndatabase:\n  user: cromwell\n  password: %s\nbackend:\n  project: %s-terra" % (p, _lab()), p, "backend:")


@S(_G, "strings-binary-grep-pass")
def _():
    p = _pw_word()
    return ("$ strings /opt/instrument/bin/uploader.exe | grep -i -A1 pass\nFtpPassword\n%s\nPassive mode enabled" % p, p, "Passive mode enabled")


@S(_G, "airflow-connections-get-uri")
def _():
    p = _pw_url()
    return ("$ airflow connections get lims_postgres -o yaml\n- conn_id: lims_postgres\n  conn_type: postgres\n  get_uri: postgres://lims_etl:%s@%s:5432/lims\n  host: %s" % (p, _host("pg"), _host("pg")), p, "conn_id: lims_postgres")


@S(_G, "dx-debug-bearer-output")
def _():
    t = _an(32)
    return ("$ _DX_DEBUG=2 dx ls\n[%s] POST https://api.dnanexus.com/project-%s/listFolder {\"folder\": \"/\"}\n  headers: {'Authorization': 'Bearer %s', 'DNAnexus-API': '1.0.0'}\n[%s] 200 https://api.dnanexus.com/project-%s/listFolder" % (_time(), _s(_AN, 24), t, _time(), _s(_AN, 24)), t, "listFolder")


@S(_G, "grep-galaxy-yml-id-secret")
def _():
    s = _hex(32)
    return ("$ grep -n -E 'id_secret|admin_users' /srv/galaxy/config/galaxy.yml\n%d:  id_secret: %s\n%d:  admin_users: %s@%s" % (_i(100, 200), s, _i(201, 300), _user(), _inst()), s, "admin_users")


@S(_G, "cat-renviron-output")
def _():
    k = _hex(36)
    return ("$ cat ~/.Renviron\nR_LIBS_USER=~/R/library\nENTREZ_KEY=%s\nGITHUB_PAT=\nR_MAX_VSIZE=64Gb" % k, k, "R_LIBS_USER")


@S(_G, "cat-pgpass-output")
def _():
    p = _pw().replace(":", "")
    return ("$ cat ~/.pgpass\n%s:5432:galaxy:galaxy:%s\nlocalhost:5432:*:postgres:*" % (_host("pg"), p), p, "localhost:5432")


@S(_G, "icav2-config-get-output")
def _():
    k = _s(_AN, 32)
    return ("$ icav2 config get\naccess-token: \ncolormode: none\noutput-format: table\nserver-url: ica.illumina.com\nx-api-key: %s" % k, k, "server-url: ica.illumina.com")


@S(_G, "secretsmanager-get-secret-value")
def _():
    p = _pw().replace('"', "")
    return ('$ aws secretsmanager get-secret-value --secret-id prod/omics/lims --query SecretString --output text\n{"username":"lims_app","password":"%s","host":"%s","port":5432}' % (p, _host("pg")), p, "--secret-id prod/omics/lims")


@S(_G, "jupyter-server-list-json")
def _():
    t = _hex(48)
    return ('$ jupyter server list --json\n{"base_url": "/", "hostname": "0.0.0.0", "notebook_dir": "/home/%s", "pid": %d, "port": %d, "secure": false, "sock": "", "token": "%s", "url": "http://cn%03d:%d/", "version": "2.14.1"}' % (_user(), _i(1000, 99999), _i(8800, 8999), t, _i(1, 300), _i(8800, 8999)), t, '"version": "2.14.1"')


# =====================================================================
# SECRETS -- group: config-file
# =====================================================================
_G = "config-file"


@S(_G, "pgpass-line")
def _():
    p, h = _pw().replace(":", ""), _host("pg")
    return ("# ~/.pgpass  (hostname:port:database:username:password)\n%s:5432:lims:lims_app:%s" % (h, p), p, h)


@S(_G, "netrc-machine-login-password")
def _():
    p, u = _pw(), _user()
    return ("machine webin2.ebi.ac.uk\n    login Webin-%s\n    password %s\nmachine ftp.%s login %s password %s" % (_dig(5), p, _inst(), u, _pw()), p, "webin2.ebi.ac.uk")


@S(_G, "aws-credentials-ini-profile")
def _():
    s = _aws_secret()
    return ("[healthomics]\naws_access_key_id     = %s\naws_secret_access_key = %s\nregion                = us-west-2" % (_aws_id(), s), s, "[healthomics]")


@S(_G, "nextflow-config-aws-block")
def _():
    s = _aws_secret()
    return ("aws {\n    accessKey = '%s'\n    secretKey = '%s'\n    region    = 'eu-central-1'\n    client { maxConnections = 20 }\n}\nworkDir = 's3://%s-nf-work/scratch'" % (_aws_id(), s, _lab()), s, "maxConnections = 20")


@S(_G, "nextflow-config-tower-block")
def _():
    t = _seqera()
    return ("tower {\n    enabled     = true\n    accessToken = '%s'\n    workspaceId = '%s'\n    endpoint    = 'https://tower.%s/api'\n}" % (t, _dig(15), _inst()), t, "enabled     = true")


@S(_G, "nextflow-config-params-lims")
def _():
    p = _pw()
    return ("params {\n    outdir        = 'results'\n    lims_url      = 'https://lims.%s/api/v2'\n    lims_user     = 'nf-bot'\n    lims_password = \"%s\"\n    genome        = 'GRCh38'\n}" % (_inst(), p), p, "lims_user     = 'nf-bot'")


@S(_G, "snakemake-profile-config-yaml")
def _():
    t = _hex(32)
    return ("# profiles/slurm/config.yaml\nexecutor: slurm\njobs: 300\ndefault-resources:\n  slurm_account: %s\n  runtime: 240\nconfig:\n  - basespace_token=%s\n  - lims_url=https://lims.%s" % (_lab(), t, _inst()), t, "executor: slurm")


@S(_G, "snakemake-config-yaml-db-block")
def _():
    p = _pw()
    return ("samples: config/samples.tsv\nreference: /ref/GRCh38/genome.fa\nlims_db:\n  host: %s\n  user: snakemake_ro\n  password: \"%s\"\n  dbname: clarity" % (_host("pg"), p), p, "user: snakemake_ro")


@S(_G, "cromwell-conf-hocon-database")
def _():
    p = _pw()
    return ('database {\n  profile = "slick.jdbc.MySQLProfile$"\n  db {\n    driver = "com.mysql.cj.jdbc.Driver"\n    url = "jdbc:mysql://%s/cromwell?rewriteBatchedStatements=true&useSSL=false"\n    user = "cromwell"\n    password = "%s"\n    connectionTimeout = 5000\n  }\n}' % (_host("mysql"), p), p, 'user = "cromwell"')


@S(_G, "cromwell-conf-aws-backend-keys")
def _():
    s = _aws_secret()
    return ('aws {\n  application-name = "cromwell"\n  auths = [{\n    name = "default"\n    scheme = "custom_keys"\n    access-key = "%s"\n    secret-key = "%s"\n  }]\n  region = "us-east-1"\n}' % (_aws_id(), s), s, 'scheme = "custom_keys"')


@S(_G, "galaxy-yml-database-connection")
def _():
    p = _pw_url()
    return ("galaxy:\n  brand: %s\n  database_connection: postgresql://galaxy:%s@%s/galaxy?sslmode=require\n  file_path: /data/galaxy/objects\n  tool_dependency_dir: /data/galaxy/deps" % (_lab(), p, _host("pg")), p, "file_path: /data/galaxy/objects")


@S(_G, "galaxy-yml-id-secret")
def _():
    s = _hex(_c([32, 40, 48]))
    return ("galaxy:\n  # used to encode database ids in URLs; changing it breaks existing links\n  id_secret: %s\n  require_login: true\n  allow_user_creation: false" % s, s, "require_login: true")


@S(_G, "galaxy-job-conf-pulsar-amqp")
def _():
    p = _pw_url()
    return ("runners:\n  local:\n    load: galaxy.jobs.runners.local:LocalJobRunner\n  pulsar_hpc:\n    load: galaxy.jobs.runners.pulsar:PulsarMQJobRunner\n    amqp_url: pyamqp://galaxy_au:%s@mq.%s:5671//pulsar/galaxy_au?ssl=1\n    galaxy_url: https://galaxy.%s" % (p, _inst(), _inst()), p, "PulsarMQJobRunner")


@S(_G, "pulsar-app-yml-private-token")
def _():
    t = _an(40)
    return ("# /opt/pulsar/config/app.yml\nstaging_directory: /scratch/pulsar/staging\nmanagers:\n  _default_:\n    type: queued_drmaa\nprivate_token: %s\ndependency_resolution:\n  resolvers:\n    - type: conda" % t, t, "staging_directory")


@S(_G, "jupyter-server-config-py-token")
def _():
    t = _hex(48)
    return ("# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = '0.0.0.0'\nc.ServerApp.open_browser = False\nc.IdentityProvider.token = '%s'\nc.ServerApp.root_dir = '/scratch/%s'" % (t, _user()), t, "c.ServerApp.open_browser = False")


@S(_G, "jupyterhub-config-oauth-client-secret")
def _():
    s = _an(40)
    return ("c.JupyterHub.authenticator_class = 'generic-oauth'\nc.GenericOAuthenticator.client_id = 'jupyterhub-%s'\nc.GenericOAuthenticator.client_secret = '%s'\nc.GenericOAuthenticator.oauth_callback_url = 'https://hub.%s/hub/oauth_callback'" % (_lab(), s, _inst()), s, "authenticator_class")


@S(_G, "renviron-github-pat")
def _():
    t = _ghp()
    return ("# .Renviron (project)\nGITHUB_PAT=%s\nRENV_PATHS_CACHE=/shared/renv/cache\nENTREZ_EMAIL=%s@%s" % (t, _user(), _inst()), t, "RENV_PATHS_CACHE")


@S(_G, "rprofile-options-entrez-key")
def _():
    k = _hex(36)
    return ("# ~/.Rprofile\noptions(repos = c(CRAN = \"https://cloud.r-project.org\"))\nSys.setenv(ENTREZ_KEY = \"%s\")\noptions(timeout = 600)" % k, k, "cloud.r-project.org")


@S(_G, "sevenbridges-credentials-ini")
def _():
    t = _hex(32)
    return ("[sbpla]\napi_endpoint = https://api.sbgenomics.com/v2\nauth_token   = %s\n\n[cgc]\napi_endpoint = https://cgc-api.sbgenomics.com/v2\nauth_token   = %s" % (t, _hex(32)), t, "[sbpla]")


@S(_G, "dnanexus-environment-json")
def _():
    t = _an(32)
    return ('{\n  "DX_APISERVER_HOST": "api.dnanexus.com",\n  "DX_APISERVER_PORT": "443",\n  "DX_APISERVER_PROTOCOL": "https",\n  "DX_PROJECT_CONTEXT_ID": "project-%s",\n  "DX_SECURITY_CONTEXT": "{\\"auth_token_type\\": \\"Bearer\\", \\"auth_token\\": \\"%s\\"}",\n  "DX_USERNAME": "%s"\n}' % (_s(_AN, 24), t, _user()), t, '"DX_APISERVER_HOST": "api.dnanexus.com"')


@S(_G, "bash-profile-export-ncbi-key")
def _():
    k = _hex(36)
    return ("# ~/.bash_profile\nmodule load sratoolkit/3.1.0 edirect\nexport NCBI_API_KEY=%s\nexport PATH=$HOME/edirect:$PATH" % k, k, "module load sratoolkit/3.1.0 edirect")


@S(_G, "condarc-private-channel-token")
def _():
    t = "%s-%s-%s-%s" % (_lan(2), _hex(8), _hex(4), _hex(12))
    return ("channels:\n  - https://conda.anaconda.org/t/%s/%s\n  - conda-forge\n  - bioconda\nchannel_priority: strict\nenvs_dirs:\n  - /shared/conda/envs" % (t, _lab()), t, "channel_priority: strict")


@S(_G, "pip-conf-index-url-userinfo")
def _():
    p = _pw_url()
    return ("[global]\nindex-url = https://%s:%s@artifactory.%s/artifactory/api/pypi/pypi-remote/simple\ntimeout = 120" % (_user(), p, _inst()), p, "timeout = 120")


@S(_G, "pypirc-password")
def _():
    t = _pypi()
    return ("[distutils]\nindex-servers =\n    pypi\n    labpi\n\n[pypi]\nusername = __token__\npassword = %s\n\n[labpi]\nrepository = https://pypi.%s/\nusername = %s" % (t, _inst(), _user()), t, "index-servers =")


@S(_G, "npmrc-auth-token-line")
def _():
    t = _npm()
    return ("registry=https://registry.npmjs.org/\n@%s:registry=https://npm.pkg.github.com\n//registry.npmjs.org/:_authToken=%s\nsave-exact=true" % (_lab(), t), t, "save-exact=true")


@S(_G, "docker-config-json-auths-base64")
def _():
    u, p = "robot$" + _lab(), _pw_rand(32, "")
    enc = base64.b64encode(("%s:%s" % (u, p)).encode()).decode()
    return ('{\n  "auths": {\n    "harbor.%s": {\n      "auth": "%s"\n    }\n  },\n  "credsStore": ""\n}' % (_inst(), enc), enc, '"credsStore"')


@S(_G, "dotenv-multi-key-file")
def _():
    k = _hex(32)
    return ("# .env -- lims sync service\nLIMS_BASE_URL=https://clarity.%s/api/v2\nLIMS_USER=apiuser\nBASESPACE_ACCESS_TOKEN=%s\nLOG_LEVEL=info" % (_inst(), k), k, "LOG_LEVEL=info")


@S(_G, "docker-compose-yml-postgres-password")
def _():
    p = _pw()
    return ("services:\n  tower-db:\n    image: postgres:15\n    environment:\n      POSTGRES_USER: tower\n      POSTGRES_PASSWORD: \"%s\"\n      POSTGRES_DB: tower\n    volumes:\n      - ./pgdata:/var/lib/postgresql/data" % p, p, "image: postgres:15")


@S(_G, "k8s-secret-stringdata")
def _():
    t = _hex(32)
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: sbg-token\n  namespace: pipelines\ntype: Opaque\nstringData:\n  SB_AUTH_TOKEN: \"%s\"" % t, t, "name: sbg-token")


@S(_G, "k8s-secret-data-base64-values")
def _():
    p = _pw()
    enc = base64.b64encode(p.encode()).decode()
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: galaxy-db\ndata:\n  POSTGRES_USER: Z2FsYXh5\n  POSTGRES_PASSWORD: %s" % enc, enc, "name: galaxy-db")


@S(_G, "helm-values-jupyterhub-secret-token")
def _():
    t = _hex(64)
    return ("# values.yaml (zero-to-jupyterhub)\nproxy:\n  secretToken: \"%s\"\nsingleuser:\n  image:\n    name: quay.io/jupyter/datascience-notebook\n    tag: \"2024-06-10\"\n  memory:\n    limit: 16G" % t, t, "datascience-notebook")


@S(_G, "terraform-tfvars-passwords")
def _():
    p = _pw().replace('"', "")
    return ('region            = "us-east-1"\nomics_bucket      = "%s-omics"\ndb_username       = "tower"\ndb_password       = "%s"\nbatch_max_vcpus   = 512' % (_lab(), p), p, "batch_max_vcpus")


@S(_G, "terraform-provider-hardcoded-keys")
def _():
    s = _aws_secret()
    return ('provider "aws" {\n  region     = "eu-west-1"\n  access_key = "%s"\n  secret_key = "%s"\n}\n\nresource "aws_batch_compute_environment" "nf_spot" {\n  compute_environment_name = "nf-spot"\n}' % (_aws_id(), s), s, 'resource "aws_batch_compute_environment"')


@S(_G, "ansible-group-vars-plain")
def _():
    p = _pw()
    return ("# group_vars/galaxyservers.yml\npostgresql_objects_users:\n  - name: galaxy\n    password: \"%s\"\ngalaxy_config:\n  galaxy:\n    brand: \"%s\"" % (p, _lab()), p, "postgresql_objects_users")


@S(_G, "my-cnf-client-section")
def _():
    p = _pw()
    return ("[client]\nuser     = cromwell\npassword = \"%s\"\nhost     = %s\n\n[mysqldump]\nsingle-transaction" % (p, _host("mysql")), p, "[mysqldump]")


@S(_G, "alembic-ini-sqlalchemy-url")
def _():
    p = _pw_url()
    return ("[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+psycopg2://lims_owner:%s@%s/lims\n\n[loggers]\nkeys = root,sqlalchemy,alembic" % (p, _host("pg")), p, "script_location = migrations")


@S(_G, "maven-settings-xml-server")
def _():
    p = _pw_rand(sym="!%^*_+=.?~")
    return ("<settings>\n  <servers>\n    <server>\n      <id>lab-nexus</id>\n      <username>%s</username>\n      <password>%s</password>\n    </server>\n  </servers>\n</settings>" % (_user(), p), p, "<id>lab-nexus</id>")


@S(_G, "tomcat-users-xml-attribute")
def _():
    p = _pw_rand(sym="!%^*_+=.?~")
    return ('<tomcat-users>\n  <role rolename="manager-gui"/>\n  <user username="%s" password="%s" roles="manager-gui"/>\n</tomcat-users>' % (_user(), p), p, 'rolename="manager-gui"')


@S(_G, "spring-application-properties")
def _():
    p = _pw()
    return ("spring.datasource.url=jdbc:postgresql://%s:5432/biobank\nspring.datasource.username=biobank\nspring.datasource.password=%s\nspring.jpa.hibernate.ddl-auto=validate" % (_host("pg"), p), p, "spring.datasource.username=biobank")


@S(_G, "toml-app-config-api-token")
def _():
    t = _an(40)
    return ('[server]\nport = 8050\n\n[lims]\nbase_url = "https://lims.%s/api"\napi_token = "%s"\ntimeout_s = 30' % (_inst(), t), t, "[lims]")


@S(_G, "globus-sdk-app-config")
def _():
    s = _b64(32)
    return ("[globus]\nclient_id = %s\nclient_secret = %s\nsource_collection = %s\ndest_collection = %s" % (_uuid(), s, _uuid(), _uuid()), s, "[globus]")


@S(_G, "rclone-conf-s3-remote")
def _():
    s = _aws_secret()
    return ("[seqcore-s3]\ntype = s3\nprovider = Ceph\naccess_key_id = %s\nsecret_access_key = %s\nendpoint = https://s3.%s" % (_uan(20), s, _inst()), s, "provider = Ceph")


@S(_G, "s3cfg-secret-key")
def _():
    s = _aws_secret()
    return ("[default]\naccess_key = %s\nsecret_key = %s\nhost_base = s3.%s\nhost_bucket = %%(bucket)s.s3.%s\nuse_https = True" % (_uan(20), s, _inst(), _inst()), s, "use_https = True")


@S(_G, "minio-mc-config-json")
def _():
    s = _an(40)
    return ('{\n  "version": "10",\n  "aliases": {\n    "labminio": {\n      "url": "https://minio.%s",\n      "accessKey": "%s",\n      "secretKey": "%s",\n      "api": "s3v4",\n      "path": "auto"\n    }\n  }\n}' % (_inst(), _uan(20), s), s, '"api": "s3v4"')


@S(_G, "wdl-inputs-json-password")
def _():
    p = _pw()
    return ('{\n  "UploadToLims.run_id": "%s",\n  "UploadToLims.lims_user": "cromwell-bot",\n  "UploadToLims.lims_password": "%s",\n  "UploadToLims.docker": "ghcr.io/%s/lims-client:1.4"\n}' % (_dig(6), p, _lab()), p, "UploadToLims.run_id")


@S(_G, "cwl-job-yml-api-key")
def _():
    k = _hex(36)
    return ("# job.yml for fetch_sra.cwl\naccessions:\n  - SRR%s\n  - SRR%s\nncbi_api_key: %s\nthreads: 8" % (_dig(8), _dig(8), k), k, "fetch_sra.cwl")


@S(_G, "galaxy-object-store-xml-s3")
def _():
    s = _aws_secret()
    return ('<object_store type="aws_s3">\n    <auth access_key="%s" secret_key="%s" />\n    <bucket name="%s-galaxy-objects" use_reduced_redundancy="False" />\n    <cache path="database/object_store_cache" size="1000" />\n</object_store>' % (_aws_id(), s, _lab()), s, 'type="aws_s3"')


@S(_G, "galaxy-oidc-backends-client-secret")
def _():
    s = _an(32)
    return ('<OIDC>\n    <provider name="keycloak">\n        <url>https://sso.%s/realms/research</url>\n        <client_id>galaxy</client_id>\n        <client_secret>%s</client_secret>\n        <redirect_uri>https://galaxy.%s/authnz/keycloak/callback</redirect_uri>\n    </provider>\n</OIDC>' % (_inst(), s, _inst()), s, "<client_id>galaxy</client_id>")


@S(_G, "slurmdbd-conf-storagepass")
def _():
    p = _pw()
    return ("# /etc/slurm/slurmdbd.conf\nAuthType=auth/munge\nDbdHost=slurmdbd01\nStorageType=accounting_storage/mysql\nStorageUser=slurm\nStoragePass=%s\nStorageLoc=slurm_acct_db" % p, p, "StorageUser=slurm")


@S(_G, "nginx-proxy-set-header-basic")
def _():
    enc = base64.b64encode(("%s:%s" % ("multiqc", _pw())).encode()).decode()
    return ("location /reports/ {\n    proxy_pass https://reports-backend.%s/;\n    proxy_set_header Authorization \"Basic %s\";\n    proxy_set_header Host $host;\n}" % (_inst(), enc), enc, "location /reports/")


@S(_G, "airflow-cfg-fernet-and-conn")
def _():
    k = _b64u(32) + "="
    return ("[core]\ndags_folder = /opt/airflow/dags\nfernet_key = %s\n\n[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:${AIRFLOW_DB_PASS}@db/airflow" % k, k, "dags_folder")


@S(_G, "supervisord-program-environment")
def _():
    k = _hex(32)
    return ("[program:lims-sync]\ncommand=/opt/venvs/lims/bin/python -m lims_sync\nenvironment=BASESPACE_TOKEN=\"%s\",LIMS_URL=\"https://lims.%s\"\nautorestart=true" % (k, _inst()), k, "[program:lims-sync]")


@S(_G, "systemd-unit-environment-line")
def _():
    p = _pw_url()
    return ("[Service]\nUser=cromwell\nEnvironment=JAVA_OPTS=-Xmx8g\nEnvironment=CROMWELL_DB_URL=jdbc:mysql://%s/cromwell?user=cromwell&password=%s\nExecStart=/usr/bin/java -jar /opt/cromwell/cromwell-87.jar server" % (_host("mysql"), p), p, "ExecStart=/usr/bin/java")


@S(_G, "crontab-line-inline-password")
def _():
    p = _pw_rand(sym="!^*_+.?~")
    return ("# m h dom mon dow command\n15 2 * * * /usr/bin/mysqldump -u backup -p%s --all-databases | gzip > /backup/mysql_$(date +\\%%F).sql.gz" % p, p, "m h dom mon dow command")


@S(_G, "git-credentials-store-line")
def _():
    t = _glpat()
    return ("# ~/.git-credentials\nhttps://%s:%s@gitlab.%s\nhttps://%s:%s@github.com" % (_user(), t, _inst(), _user(), _ghp()), t, "~/.git-credentials")


@S(_G, "gitconfig-url-insteadof-token")
def _():
    t = _ghp()
    return ('[user]\n    name = %s\n[url "https://x-access-token:%s@github.com/"]\n    insteadOf = https://github.com/' % (_full(), t), t, "insteadOf = https://github.com/")


@S(_G, "wireguard-conf-private-key")
def _():
    k = _wgkey()
    return ("[Interface]\nAddress = 10.77.%d.%d/32\nPrivateKey = %s\nDNS = 10.77.0.1\n\n[Peer]\nPublicKey = %s\nEndpoint = vpn.%s:51820\nAllowedIPs = 10.77.0.0/16" % (_i(0, 9), _i(2, 250), k, _wgkey(), _inst()), k, "AllowedIPs = 10.77.0.0/16")


@S(_G, "openvpn-auth-user-pass-file")
def _():
    p = _pw()
    return ("# /etc/openvpn/client/hpc-auth.txt  (referenced by auth-user-pass)\n%s\n%s" % (_user(), p), p, "auth-user-pass")


@S(_G, "tower-env-platform-secrets")
def _():
    s = _an(_c([32, 44]))
    return ("# tower.env (Seqera Platform Enterprise)\nTOWER_SERVER_URL=https://tower.%s\nTOWER_CONTACT_EMAIL=%s@%s\nTOWER_DB_URL=jdbc:mysql://db:3306/tower\nTOWER_DB_USER=tower\nTOWER_CRYPTO_SECRETKEY=%s" % (_inst(), _user(), _inst(), s), s, "TOWER_DB_USER=tower")


@S(_G, "grafana-ini-admin-password")
def _():
    p = _pw()
    return ("[server]\nhttp_port = 3000\ndomain = grafana.%s\n\n[security]\nadmin_user = admin\nadmin_password = %s" % (_inst(), p), p, "admin_user = admin")


@S(_G, "prometheus-scrape-basic-auth")
def _():
    p = _pw()
    return ("scrape_configs:\n  - job_name: galaxy-exporter\n    scheme: https\n    basic_auth:\n      username: prometheus\n      password: '%s'\n    static_configs:\n      - targets: ['galaxy.%s:9100']" % (p, _inst()), p, "job_name: galaxy-exporter")


@S(_G, "nextflow-secrets-store-json")
def _():
    v = _hex(32)
    return ('// ~/.nextflow/secrets/store.json\n[\n  {"name": "NCBI_EMAIL", "value": "%s@%s"},\n  {"name": "SB_TOKEN", "value": "%s"}\n]' % (_user(), _inst(), v), v, "NCBI_EMAIL")


@S(_G, "genologicsrc-clarity-password")
def _():
    p = _pw()
    return ("[genologics]\nBASEURI=https://clarity.%s\nUSERNAME=apiuser\nPASSWORD=%s\n\n[logging]\nMAIN_LOG=/var/log/genologics.log" % (_inst(), p), p, "USERNAME=apiuser")


@S(_G, "dockstore-cli-config-token")
def _():
    t = _hex(64)
    return ("# ~/.dockstore/config\ntoken: %s\nserver-url: https://dockstore.org/api\n\n[dockstore-file-s3-plugin]\nendpoint = https://s3.%s" % (t, _inst()), t, "server-url: https://dockstore.org/api")


@S(_G, "mlflow-tracking-credentials-ini")
def _():
    p = _pw()
    return ("# ~/.mlflow/credentials\n[mlflow]\nmlflow_tracking_username = %s\nmlflow_tracking_password = %s" % (_user(), p), p, "[mlflow]")


@S(_G, "labkey-netrc-apikey")
def _():
    k = "apikey|" + _hex(32)
    return ("machine labkey.%s\nlogin apikey\npassword %s" % (_inst(), k), k, "login apikey")


# =====================================================================
# SECRETS -- group: source-code
# =====================================================================
_G = "source-code"


@S(_G, "python-requests-auth-tuple")
def _():
    p = _pw()
    return ("resp = requests.get(\n    f\"https://clarity.%s/api/v2/samples?name={sample}\",\n    auth=(\"apiuser\", \"%s\"),\n    timeout=30,\n)" % (_inst(), p), p, "/api/v2/samples")


@S(_G, "python-bioblend-galaxyinstance-key")
def _():
    k = _hex(32)
    return ("from bioblend.galaxy import GalaxyInstance\n\nGALAXY_URL = \"https://usegalaxy.%s\"\ngi = GalaxyInstance(url=GALAXY_URL, key=\"%s\")\nhist = gi.histories.create_history(name=\"%s\")" % (_inst(), k, _proj()), k, "gi.histories.create_history")


@S(_G, "python-biopython-entrez-api-key")
def _():
    k = _hex(36)
    return ("from Bio import Entrez\n\nEntrez.email = \"%s@%s\"\nEntrez.api_key = \"%s\"\nhandle = Entrez.esearch(db=\"bioproject\", term=\"%s\", retmax=200)" % (_user(), _inst(), k, _c(["Zea mays", "SARS-CoV-2", "Danio rerio"])), k, "Entrez.esearch")


@S(_G, "python-boto3-client-hardcoded")
def _():
    s = _aws_secret()
    return ("omics = boto3.client(\n    \"omics\",\n    region_name=\"us-east-1\",\n    aws_access_key_id=\"%s\",\n    aws_secret_access_key=\"%s\",\n)\nruns = omics.list_runs(status=\"COMPLETED\")" % (_aws_id(), s), s, "omics.list_runs")


@S(_G, "python-psycopg2-connect-kwargs")
def _():
    p = _pw()
    return ("conn = psycopg2.connect(\n    host=\"%s\", port=5432, dbname=\"lims\",\n    user=\"etl\", password='%s',\n    connect_timeout=10)" % (_host("pg"), p), p, 'dbname="lims"')


@S(_G, "python-sqlalchemy-create-engine-url")
def _():
    p = _pw_url()
    return ("engine = create_engine(\n    \"mysql+pymysql://tower:%s@%s:3306/tower\",\n    pool_pre_ping=True,\n)" % (p, _host("mysql")), p, "pool_pre_ping=True")


@S(_G, "r-rentrez-set-entrez-key")
def _():
    k = _hex(36)
    return ("library(rentrez)\nset_entrez_key(\"%s\")\nres <- entrez_search(db = \"sra\", term = \"%s[BioProject]\", retmax = 1000)" % (k, "PRJNA" + _dig(6)), k, "entrez_search")


@S(_G, "r-dbconnect-password-arg")
def _():
    p = _pw()
    return ("con <- DBI::dbConnect(RPostgres::Postgres(),\n  host = \"%s\", dbname = \"biobank\",\n  user = \"%s\", password = \"%s\")\nsamples <- DBI::dbGetQuery(con, \"SELECT * FROM aliquot\")" % (_host("pg"), _user(), p), p, "RPostgres::Postgres()")


@S(_G, "r-httr-add-headers-bearer")
def _():
    t = _hex(32)
    return ("resp <- httr::GET(\n  \"https://api.sbgenomics.com/v2/projects\",\n  httr::add_headers(`X-SBG-Auth-Token` = \"%s\")\n)\nhttr::stop_for_status(resp)" % t, t, "httr::stop_for_status")


@S(_G, "nextflow-process-script-export-token")
def _():
    t = _hex(32)
    return ("process BS_DOWNLOAD {\n    tag \"$run_id\"\n    input:\n    val run_id\n    script:\n    \"\"\"\n    export BASESPACE_ACCESS_TOKEN=%s\n    bs download run -i ${run_id} -o run_${run_id}\n    \"\"\"\n}" % t, t, "process BS_DOWNLOAD")


@S(_G, "snakefile-rule-params-api-key")
def _():
    k = _hex(36)
    return ("rule fetch_metadata:\n    output: \"meta/{acc}.xml\"\n    params:\n        api_key=\"%s\"\n    shell:\n        \"efetch -db sra -id {wildcards.acc} -format runinfo -api_key {params.api_key} > {output}\"" % k, k, "rule fetch_metadata:")


@S(_G, "wdl-task-command-curl-token")
def _():
    t = _an(40)
    return ("task NotifyLims {\n  input { String run_id }\n  command <<<\n    curl -sf -H \"X-Lims-Token: %s\" \\\n      -X POST https://lims.%s/api/runs/~{run_id}/complete\n  >>>\n  runtime { docker: \"curlimages/curl:8.8.0\" }\n}" % (t, _inst()), t, "task NotifyLims")


@S(_G, "cwl-envvar-requirement-key")
def _():
    k = _hex(36)
    return ("cwlVersion: v1.2\nclass: CommandLineTool\nrequirements:\n  EnvVarRequirement:\n    envDef:\n      NCBI_API_KEY: \"%s\"\nbaseCommand: [prefetch]" % k, k, "baseCommand: [prefetch]")


@S(_G, "java-jdbc-drivermanager")
def _():
    p = _pw()
    return ("Connection conn = DriverManager.getConnection(\n    \"jdbc:postgresql://%s:5432/clarity\",\n    \"apiuser\",\n    \"%s\");" % (_host("pg"), p.replace('"', "")), p.replace('"', ""), "DriverManager.getConnection")


@S(_G, "js-fetch-headers-igv-plugin")
def _():
    t = _jwt({"sub": "igv-web", "scope": "tracks:read"})
    return ("const resp = await fetch(`${API}/tracks/${sampleId}`, {\n  headers: {\n    Authorization: \"Bearer %s\",\n    Accept: \"application/json\",\n  },\n});" % t, t, "tracks/${sampleId}")


@S(_G, "go-const-api-token")
def _():
    t = _an(40)
    return ("package limsclient\n\nconst (\n\tbaseURL  = \"https://lims.%s/api/v1\"\n\tapiToken = \"%s\"\n)\n" % (_inst(), t), t, "package limsclient")


@S(_G, "rust-const-str-key")
def _():
    k = _hex(36)
    return ("const EUTILS: &str = \"https://eutils.ncbi.nlm.nih.gov/entrez/eutils\";\nconst NCBI_API_KEY: &str = \"%s\";\n\nfn esearch_url(term: &str) -> String {\n    format!(\"{EUTILS}/esearch.fcgi?db=nuccore&term={term}&api_key={NCBI_API_KEY}\")\n}" % k, k, "fn esearch_url")


@S(_G, "bash-script-variable-assignment")
def _():
    p = _pw()
    return ("#!/usr/bin/env bash\nset -euo pipefail\nLIMS_USER=pipeline\nLIMS_PASS='%s'\nRUN_DIR=\"$1\"\ncurl -sf -u \"$LIMS_USER:$LIMS_PASS\" -F \"samplesheet=@$RUN_DIR/SampleSheet.csv\" https://lims.%s/api/import" % (p, _inst()), p, "set -euo pipefail")


@S(_G, "perl-dbi-connect-password")
def _():
    p = _pw_rand(sym="!^*_+.?~")
    return ("my $dbh = DBI->connect(\"DBI:mysql:database=ensembl_core;host=%s\", \"ensro_rw\", \"%s\", { RaiseError => 1 })\n    or die $DBI::errstr;" % (_host("mysql"), p), p, "ensembl_core")


@S(_G, "php-redcap-api-token")
def _():
    t = _HEX(32)
    return ("<?php\n$data = array(\n    'token' => '%s',\n    'content' => 'record',\n    'format' => 'json',\n    'type' => 'flat'\n);\n$ch = curl_init('https://redcap.%s/api/');" % (t, _inst()), t, "'content' => 'record'")


@S(_G, "ipynb-cell-source-json-token")
def _():
    t = _hex(32)
    return ('{\n "cell_type": "code",\n "execution_count": 3,\n "metadata": {},\n "outputs": [],\n "source": [\n  "import sevenbridges as sbg\\n",\n  "api = sbg.Api(url=\\"https://api.sbgenomics.com/v2\\", token=\\"%s\\")\\n"\n ]\n}' % t, t, '"cell_type": "code"')


@S(_G, "rmarkdown-chunk-password")
def _():
    p = _pw()
    return ("```{r connect, include=FALSE}\ncon <- dbConnect(RMariaDB::MariaDB(), host = \"%s\",\n                 user = \"report\", password = \"%s\", dbname = \"seqstats\")\n```" % (_host("mysql"), p), p, "```{r connect, include=FALSE}")


@S(_G, "dockerfile-env-token")
def _():
    t = _hex(32)
    return ("FROM mambaorg/micromamba:1.5.8\nCOPY env.yml /tmp/env.yml\nRUN micromamba install -y -n base -f /tmp/env.yml && micromamba clean -a -y\nENV BASESPACE_API_SERVER=https://api.basespace.illumina.com \\\n    BASESPACE_ACCESS_TOKEN=%s" % t, t, "FROM mambaorg/micromamba:1.5.8")


@S(_G, "dockerfile-arg-default-npm")
def _():
    t = _npm()
    return ("FROM node:20-alpine AS build\nARG NPM_TOKEN=%s\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci && rm .npmrc" % t, t, "FROM node:20-alpine AS build")


@S(_G, "makefile-variable-password")
def _():
    p = _pw_rand(sym="!^*_+.?~")
    return ("DB_HOST ?= %s\nDB_PASS ?= %s\n\nload-fixtures:\n\tpsql \"postgresql://lims:$(DB_PASS)@$(DB_HOST)/lims\" -f fixtures/samples.sql" % (_host("pg"), p), p, "load-fixtures:")


@S(_G, "python-environ-get-default-fallback")
def _():
    t = _an(32)
    return ("DX_TOKEN = os.environ.get(\"DX_API_TOKEN\", \"%s\")\ndxpy.set_security_context({\"auth_token_type\": \"Bearer\", \"auth_token\": DX_TOKEN})" % t, t, "dxpy.set_security_context")


@S(_G, "sql-create-user-identified-by")
def _():
    p = _pw().replace("'", "")
    return ("-- migrations/0003_roles.sql\nCREATE USER 'tower'@'%%' IDENTIFIED BY '%s';\nGRANT ALL PRIVILEGES ON tower.* TO 'tower'@'%%';\nFLUSH PRIVILEGES;" % p, p, "GRANT ALL PRIVILEGES ON tower.*")


@S(_G, "sql-alter-role-with-password")
def _():
    p = _pw().replace("'", "")
    return ("BEGIN;\nALTER ROLE galaxy WITH LOGIN PASSWORD '%s';\nGRANT CONNECT ON DATABASE galaxy TO galaxy;\nCOMMIT;" % p, p, "GRANT CONNECT ON DATABASE galaxy")


@S(_G, "python-paramiko-connect-password")
def _():
    p = _pw()
    return ("ssh = paramiko.SSHClient()\nssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())\nssh.connect(\"%s\", username=\"%s\", password=\"%s\")\nsftp = ssh.open_sftp()" % (_host("seq"), _user(), p), p, "ssh.open_sftp()")


@S(_G, "python-ftplib-login")
def _():
    p = _pw()
    return ("from ftplib import FTP_TLS\nftp = FTP_TLS(\"ftp.%s\")\nftp.login(\"delivery\", \"%s\")\nftp.prot_p()\nftp.cwd(\"/outgoing/%s\")" % (_inst(), p, _proj()), p, "ftp.prot_p()")


@S(_G, "python-smtplib-notify-login")
def _():
    p = _pw_phrase()
    return ("with smtplib.SMTP(\"smtp.%s\", 587) as s:\n    s.starttls()\n    s.login(\"pipeline-notify@%s\", \"%s\")\n    s.send_message(msg)" % (_inst(), _inst(), p), p, "s.starttls()")


@S(_G, "python-slack-webhook-constant")
def _():
    t, b, x = _slack_hook_parts()
    return ("# notify the #sequencing-runs channel when demux finishes\nSLACK_WEBHOOK = \"https://hooks.slack.com/services/%s/%s/%s\"\n\ndef notify(text):\n    requests.post(SLACK_WEBHOOK, json={\"text\": text}, timeout=10)" % (t, b, x), x, "def notify(text):")


@S(_G, "flask-secret-key-constant")
def _():
    k = _hex(48)
    return ("app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"%s\"\napp.config[\"SESSION_COOKIE_SECURE\"] = True" % k, k, "SESSION_COOKIE_SECURE")


@S(_G, "django-settings-secret-key")
def _():
    k = "django-insecure-" + _s(_LO + _DG + "!@#$%^&*(-_=+)", 50)
    return ("# biobank/settings.py\nSECRET_KEY = '%s'\nDEBUG = False\nALLOWED_HOSTS = ['biobank.%s']" % (k, _inst()), k, "ALLOWED_HOSTS")


@S(_G, "django-databases-password")
def _():
    p = _pw()
    return ("DATABASES = {\n    'default': {\n        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'biobank',\n        'USER': 'biobank',\n        'PASSWORD': '%s',\n        'HOST': '%s',\n    }\n}" % (p, _host("pg")), p, "'ENGINE': 'django.db.backends.postgresql'")


@S(_G, "python-hvac-client-token")
def _():
    t = _hvs()
    return ("client = hvac.Client(url=\"https://vault.%s:8200\", token=\"%s\")\ncreds = client.secrets.kv.v2.read_secret_version(path=\"genomics/lims\")" % (_inst(), t), t, "read_secret_version")


@S(_G, "python-service-account-info-dict")
def _():
    body = _pem_body()
    return ("SA_INFO = {\n    \"type\": \"service_account\",\n    \"client_email\": \"pipelines@%s-terra.iam.gserviceaccount.com\",\n    \"private_key\": \"\"\"-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\n\"\"\",\n}\ncreds = service_account.Credentials.from_service_account_info(SA_INFO)" % (_lab(), body), body, "from_service_account_info")


@S(_G, "js-config-module-export")
def _():
    p = _pw()
    return ("module.exports = {\n  mongo: {\n    uri: 'mongodb://%s:27017/variants',\n    user: 'variants_rw',\n    pass: '%s',\n  },\n  port: 4000,\n};" % (_host("mongo"), p.replace("'", "")), p.replace("'", ""), "port: 4000")


@S(_G, "typescript-env-fallback-key")
def _():
    k = _aiza()
    return ("export const firebaseConfig = {\n  apiKey: process.env.NEXT_PUBLIC_FB_KEY ?? \"%s\",\n  authDomain: \"%s-portal.firebaseapp.com\",\n  projectId: \"%s-portal\",\n};" % (k, _lab(), _lab()), k, "authDomain")


@S(_G, "java-properties-setproperty")
def _():
    p = _pw()
    return ("Properties props = new Properties();\nprops.setProperty(\"user\", \"omero\");\nprops.setProperty(\"password\", \"%s\");\nprops.setProperty(\"ssl\", \"true\");" % p.replace('"', ""), p.replace('"', ""), "new Properties()")


@S(_G, "csharp-connection-string")
def _():
    p = _pw_rand(sym="!^*_+.?~")
    return ("var cs = \"Server=%s;Database=InstrumentQC;User Id=qcwriter;Password=%s;TrustServerCertificate=True\";\nusing var conn = new SqlConnection(cs);" % (_host("sql"), p), p, "InstrumentQC")


@S(_G, "c-define-macro-password")
def _():
    p = _pw_rand(sym="!^*_+.?~")
    return ("/* sequencer_bridge.c -- pushes run completion events to the LIMS */\n#define LIMS_HOST \"lims.%s\"\n#define LIMS_USER \"bridge\"\n#define LIMS_PASS \"%s\"\n" % (_inst(), p), p, "#define LIMS_USER")


@S(_G, "python-sevenbridges-api-token")
def _():
    t = _hex(32)
    return ("import sevenbridges as sbg\napi = sbg.Api(url=\"https://cavatica-api.sbgenomics.com/v2\", token=\"%s\")\nfor task in api.tasks.query(project=\"%s/%s\", status=\"FAILED\"):\n    print(task.id, task.name)" % (t, _user(), _proj().lower()), t, "api.tasks.query")


@S(_G, "python-seqera-api-headers")
def _():
    t = _seqera()
    return ("HEADERS = {\n    \"Authorization\": \"Bearer %s\",\n    \"Accept\": \"application/json\",\n}\nr = requests.get(f\"{TOWER_API}/workflow/{wf_id}\", headers=HEADERS, params={\"workspaceId\": WSID})" % t, t, "workspaceId")


@S(_G, "python-basespace-params-access-token")
def _():
    t = _hex(32)
    return ("params = {\"access_token\": \"%s\", \"Limit\": 1024, \"SortBy\": \"DateCreated\"}\nr = requests.get(\"https://api.basespace.illumina.com/v1pre3/users/current/runs\", params=params)" % t, t, "DateCreated")


@S(_G, "python-ena-dropbox-auth")
def _():
    p = _pw()
    u = "Webin-" + _dig(5)
    return ("r = requests.post(\n    \"https://wwwdev.ebi.ac.uk/ena/submit/drop-box/submit/\",\n    files={\"SUBMISSION\": open(\"submission.xml\", \"rb\"), \"SAMPLE\": open(\"samples.xml\", \"rb\")},\n    auth=(\"%s\", \"%s\"),\n)" % (u, p), p, u)


@S(_G, "r-synapser-login-authtoken")
def _():
    t = _jwt({"aud": "synapse", "sub": _dig(7), "token_type": "PERSONAL_ACCESS_TOKEN"})
    return ("library(synapser)\nsynLogin(authToken = \"%s\")\nfiles <- synGetChildren(\"syn%s\")" % (t, _dig(8)), t, "synGetChildren")


@S(_G, "python-pymongo-uri")
def _():
    p = _pw_url()
    return ("client = MongoClient(\"mongodb://variants_rw:%s@%s:27017/?authSource=admin\")\ndb = client[\"gnomad_lite\"]" % (p, _host("mongo")), p, "authSource=admin")


@S(_G, "python-redis-password-kwarg")
def _():
    p = _pw_rand()
    return ("cache = redis.Redis(host=\"%s\", port=6379, db=2, password=\"%s\")\ncache.set(f\"blast:{query_hash}\", result_json, ex=86400)" % (_host("redis"), p), p, "cache.set")


@S(_G, "python-minio-client-secret")
def _():
    s = _an(40)
    return ("mc = Minio(\"minio.%s\", access_key=\"%s\", secret_key=\"%s\", secure=True)\nmc.fput_object(\"fastq\", object_name, local_path)" % (_inst(), _uan(20), s), s, "mc.fput_object")


@S(_G, "python-azure-blob-connection-string")
def _():
    k = _azkey()
    sa = _lab().replace("-", "")[:12] + "data"
    return ("CONN = (\"DefaultEndpointsProtocol=https;AccountName=%s;\"\n        \"AccountKey=%s;EndpointSuffix=core.windows.net\")\nsvc = BlobServiceClient.from_connection_string(CONN)" % (sa, k), k, "BlobServiceClient.from_connection_string")


@S(_G, "python-hardcoded-gcs-signed-url")
def _():
    sig = _hex(512)
    return ("# TODO: regenerate, expires in 7 days\nREF_URL = (\"https://storage.googleapis.com/%s-refs/GRCh38.fa.gz\"\n           \"?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=604800\"\n           \"&X-Goog-SignedHeaders=host&X-Goog-Signature=%s\")" % (_lab(), sig), sig, "X-Goog-Algorithm=GOOG4-RSA-SHA256")


@S(_G, "python-urllib-basic-header-literal")
def _():
    enc = base64.b64encode(("seqbot:%s" % _pw()).encode()).decode()
    return ("req = urllib.request.Request(url)\nreq.add_header(\"Authorization\", \"Basic %s\")\nwith urllib.request.urlopen(req) as r:\n    data = json.load(r)" % enc, enc, "urllib.request.Request(url)")


@S(_G, "python-labkey-api-key-wrapper")
def _():
    k = "apikey|" + _hex(32)
    return ("from labkey.api_wrapper import APIWrapper\napi = APIWrapper(\"labkey.%s\", \"Biobank/%s\", use_ssl=True, api_key=\"%s\")\nrows = api.query.select_rows(\"study\", \"Participants\")" % (_inst(), _proj(), k), k, "select_rows")


@S(_G, "python-benchling-client-key")
def _():
    k = "sk_" + _an(32)
    return ("from benchling_sdk.benchling import Benchling\nfrom benchling_sdk.auth.api_key_auth import ApiKeyAuth\nbenchling = Benchling(url=\"https://%s.benchling.com\", auth_method=ApiKeyAuth(\"%s\"))" % (_lab(), k), k, "from benchling_sdk.benchling import Benchling")


@S(_G, "julia-env-assign-token")
def _():
    t = _ghp()
    return ("using GitHub\nENV[\"GITHUB_AUTH\"] = \"%s\"\nauth = GitHub.authenticate(ENV[\"GITHUB_AUTH\"])\nrepos(\"%s\"; auth=auth)" % (t, _lab()), t, "GitHub.authenticate")


@S(_G, "matlab-weboptions-password")
def _():
    p = _pw().replace("'", "")
    return ("opts = weboptions('Username', 'imaging', 'Password', '%s', 'Timeout', 60);\ndata = webread('https://omero.%s/api/v0/m/images/', opts);" % (p, _inst()), p, "webread(")


@S(_G, "ruby-octokit-access-token")
def _():
    t = _ghp()
    return ("require 'octokit'\nclient = Octokit::Client.new(access_token: '%s')\nclient.create_issue('%s/pipeline-issues', 'Nightly run failed', body)" % (t, _lab()), t, "client.create_issue")


@S(_G, "python-celery-broker-url")
def _():
    p = _pw_url()
    return ("celery_app = Celery(\n    \"seqtasks\",\n    broker=\"amqp://seqtasks:%s@%s:5672/seq\",\n    backend=\"rpc://\",\n)" % (p, _host("mq")), p, 'backend="rpc://"')


@S(_G, "js-mongoose-connect-uri")
def _():
    p = _pw_url()
    return ("mongoose.connect('mongodb+srv://portal:%s@%s.mongodb.net/biosamples', {\n  serverSelectionTimeoutMS: 5000,\n});" % (p, "cluster0." + _lan(5)), p, "serverSelectionTimeoutMS")


@S(_G, "python-irods-session-password")
def _():
    p = _pw()
    return ("with iRODSSession(host=\"irods.%s\", port=1247, user=\"%s\", password=\"%s\", zone=\"seqZone\") as session:\n    coll = session.collections.get(\"/seqZone/home/runs\")" % (_inst(), _user(), p), p, "session.collections.get")


@S(_G, "python-globus-confidential-client")
def _():
    s = _b64(32)
    return ("client = globus_sdk.ConfidentialAppAuthClient(\n    \"%s\",\n    \"%s\",\n)\nauthorizer = globus_sdk.ClientCredentialsAuthorizer(client, globus_sdk.TransferClient.scopes.all)" % (_uuid(), s), s, "ClientCredentialsAuthorizer")


@S(_G, "python-openai-client-annotation-script")
def _():
    k = _openai()
    return ("# summarise GO enrichment tables for the weekly report\nclient = OpenAI(api_key=\"%s\")\nresp = client.chat.completions.create(model=\"gpt-4o-mini\", messages=msgs)" % k, k, "summarise GO enrichment")


@S(_G, "bash-function-curl-x-api-key")
def _():
    k = _s(_AN, 32)
    return ("ica_get() {\n  curl -s -H \"X-API-Key: %s\" -H 'Accept: application/vnd.illumina.v3+json' \\\n    \"https://ica.illumina.com/ica/rest/api/$1\"\n}\nica_get projects | jq -r '.items[].name'" % k, k, "ica_get projects")


# =====================================================================
# SECRETS -- group: stack-trace-or-log
# =====================================================================
_G = "stack-trace-or-log"


@S(_G, "python-traceback-frame-source-line")
def _():
    p = _pw_url()
    h = _host("pg")
    return ('Traceback (most recent call last):\n  File "/opt/lims-sync/sync.py", line 41, in <module>\n    engine = create_engine("postgresql://sync:%s@%s/lims")\n  File "/opt/venv/lib/python3.11/site-packages/sqlalchemy/engine/create.py", line 602, in create_engine\nsqlalchemy.exc.NoSuchModuleError: Can\'t load plugin: sqlalchemy.dialects:postgresql.psycopg' % (p, h), p, "sqlalchemy.exc.NoSuchModuleError")


@S(_G, "nextflow-log-launcher-cmdline")
def _():
    p = _pw()
    return ("Jun-11 09:14:02.331 [main] DEBUG nextflow.cli.Launcher - $> nextflow run %s/lims-qc -r main -profile slurm --lims_user qcbot --lims_password '%s'\nJun-11 09:14:02.512 [main] INFO  nextflow.cli.CmdRun - N E X T F L O W  ~  version 24.04.%d" % (_lab(), p, _i(1, 4)), p, "nextflow.cli.Launcher")


@S(_G, "nextflow-error-command-executed")
def _():
    k = _s(_AN, 32)
    return ("ERROR ~ Error executing process > 'ICA_UPLOAD (%s)'\n\nCaused by:\n  Process `ICA_UPLOAD (%s)` terminated with an error exit status (22)\n\nCommand executed:\n\n  curl -sf -H 'X-API-Key: %s' -T %s.cram https://ica.illumina.com/ica/rest/api/projects/%s/data\n\nCommand exit status:\n  22" % (_sample(), _sample(), k, _sample(), _uuid()), k, "Command exit status:")


@S(_G, "snakemake-rule-exception-shell")
def _():
    p = _pw()
    return ("Error in rule push_results:\n    jobid: 17\n    output: logs/push.done\n    shell:\n        sshpass -p '%s' rsync -a results/ push@archive.%s:/results/%s/ && touch logs/push.done\n        (one of the commands exited with non-zero exit code; note that snakemake uses bash strict mode!)" % (p, _inst(), _proj()), p, "Error in rule push_results:")


@S(_G, "cromwell-log-workflow-inputs")
def _():
    p = _pw()
    return ("2024-06-11 10:02:11 [cromwell-system-akka.dispatchers.engine-dispatcher-31] INFO  WorkflowManagerActor - %s: Starting workflow with inputs: {\"Germline.sample\": \"%s\", \"Germline.bs_password\": \"%s\"}" % (_uuid(), _sample(), p), p, "WorkflowManagerActor")


@S(_G, "galaxy-gunicorn-access-key-query")
def _():
    k = _hex(32)
    return ('10.20.%d.%d - - [11/Jun/2024:10:15:32 +0000] "GET /api/histories/%s/contents?key=%s&v=dev HTTP/1.1" 200 18231 "-" "bioblend/1.2.0"' % (_i(0, 255), _i(1, 254), _hex(16), k, ), k, "bioblend/1.2.0")


@S(_G, "nginx-access-log-jupyter-token")
def _():
    t = _hex(48)
    return ('%d.%d.%d.%d - - [11/Jun/2024:22:41:07 +0200] "GET /user/%s/lab?token=%s HTTP/2.0" 302 0 "-" "Mozilla/5.0 (X11; Linux x86_64)"' % (_i(10, 200), _i(0, 255), _i(0, 255), _i(1, 254), _user(), t), t, "Mozilla/5.0 (X11; Linux x86_64)")


@S(_G, "apache-log-basespace-access-token-param")
def _():
    t = _hex(32)
    return ('[%s] proxy: GET https://api.basespace.illumina.com/v2/runs/%s/files?access_token=%s&limit=500 -> 200 (1.2s)' % (_ts(), _dig(9), t), t, "api.basespace.illumina.com")


@S(_G, "java-sqlexception-jdbc-url")
def _():
    p = _pw_url()
    return ("java.sql.SQLNonTransientConnectionException: Could not create connection to database server. Attempted reconnect 3 times. Giving up.\n\turl: jdbc:mysql://%s:3306/cromwell?user=cromwell&password=%s&useSSL=false\n\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:111)" % (_host("mysql"), p), p, "Giving up.")


@S(_G, "slurm-out-echoed-env")
def _():
    t = _hex(32)
    return ("=== job %s on cn%03d ===\nloading modules: samtools/1.20 bs-cli/1.5\nBASESPACE_ACCESS_TOKEN=%s\nstarting download of run %s\nslurmstepd: error: *** JOB %s ON cn%03d CANCELLED AT 2024-06-11T03:12:44 DUE TO TIME LIMIT ***" % (_dig(7), _i(1, 400), t, _dig(9), _dig(7), _i(1, 400)), t, "DUE TO TIME LIMIT")


@S(_G, "bash-xtrace-curl-u")
def _():
    p = _pw()
    return ("+ RUN_ID=%s\n+ curl -sf -u 'demux:%s' https://lims.%s/api/runs/%s/status -d state=DEMUX_DONE\n+ echo 'status updated'" % (_dig(6), p, _inst(), _dig(6)), p, "status updated")


@S(_G, "bash-xtrace-export-sourced")
def _():
    k = _hex(36)
    return ("++ source /home/%s/.secrets.sh\n+++ export NCBI_API_KEY=%s\n+++ NCBI_API_KEY=%s\n++ esearch -db biosample -query '%s'" % (_user(), k, k, "SAMN" + _dig(8)), k, "esearch -db biosample")


@S(_G, "docker-build-log-env-step")
def _():
    t = _ghp()
    return ("#7 [3/6] RUN git clone https://%s@github.com/%s/private-refdata.git /opt/refdata\n#7 0.412 Cloning into '/opt/refdata'...\n#7 DONE 3.1s" % (t, _lab()), t, "Cloning into '/opt/refdata'")


@S(_G, "r-curl-error-url-api-key")
def _():
    k = _hex(36)
    return ("Error in curl::curl_fetch_memory(url, handle = handle) :\n  HTTP 429 Too Many Requests\n  url: https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi?db=nuccore&id=%s&rettype=fasta&api_key=%s\nCalls: lapply ... entrez_fetch -> make_entrez_query -> <Anonymous>" % (",".join("NC_%s" % _dig(6) for _ in range(3)), k), k, "HTTP 429 Too Many Requests")


@S(_G, "python-requests-httperror-url")
def _():
    k = _hex(32)
    return ("requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://galaxy.%s/api/workflows/%s/invocations?key=%s" % (_inst(), _hex(16), k), k, "401 Client Error: Unauthorized")


@S(_G, "urllib3-max-retry-token-path")
def _():
    t = _hex(48)
    return ("urllib3.exceptions.MaxRetryError: HTTPConnectionPool(host='cn%03d', port=%d): Max retries exceeded with url: /api/kernels?token=%s (Caused by NewConnectionError('Failed to establish a new connection: [Errno 111] Connection refused'))" % (_i(1, 300), _i(8800, 8999), t), t, "Connection refused")


@S(_G, "botocore-debug-security-token-header")
def _():
    t = _aws_session()
    return ("2024-06-11 08:01:12,441 botocore.endpoint [DEBUG] Sending http request: <AWSPreparedRequest stream_output=False, method=POST, url=https://omics.us-east-1.amazonaws.com/run, headers={'X-Amz-Date': b'20240611T080112Z', 'X-Amz-Security-Token': b'%s', 'Content-Type': b'application/json'}>" % t, t, "omics.us-east-1.amazonaws.com")


@S(_G, "json-log-line-password-field")
def _():
    p = _pw()
    return ('{"ts":"%s","level":"debug","logger":"lims.client","msg":"login attempt","payload":{"username":"%s","password":"%s"},"host":"%s"}' % (_ts(), _user(), p.replace('"', ""), _host("lims")), p.replace('"', ""), '"msg":"login attempt"')


@S(_G, "sudo-auth-log-command")
def _():
    p = _pw_rand(sym="!^*_+.?~")
    return ("Jun 11 10:22:31 %s sudo:   %s : TTY=pts/2 ; PWD=/home/%s ; USER=root ; COMMAND=/usr/bin/mysql -uroot -p%s -e SHOW DATABASES" % ("galaxy01", _user(), _user(), p), p, "TTY=pts/2")


@S(_G, "mysql-general-log-identified-by")
def _():
    p = _pw().replace("'", "")
    return ("2024-06-11T09:12:44.120932Z\t   %d Query\tCREATE USER 'cromwell_ro'@'10.%%' IDENTIFIED BY '%s'" % (_i(10, 999), p), p, "Query\tCREATE USER")


@S(_G, "postgres-log-alter-role-statement")
def _():
    p = _pw().replace("'", "")
    return ("2024-06-11 10:01:07.881 UTC [%d] galaxy@galaxy LOG:  statement: ALTER ROLE galaxy_reader WITH PASSWORD '%s';" % (_i(1000, 99999), p), p, "LOG:  statement: ALTER ROLE")


@S(_G, "mongod-log-startup-options-uri")
def _():
    p = _pw_url()
    return ('{"t":{"$date":"%s"},"s":"I","c":"CONTROL","id":21951,"ctx":"initandlisten","msg":"Options set by command line","attr":{"options":{"replication":{"replSet":"rs0"},"sharding":{"configDB":"cfg/mongodb://admin:%s@cfg1:27019"}}}}' % (_ts(), p), p, "initandlisten")


@S(_G, "jupyter-serverapp-log-token-url")
def _():
    t = _hex(48)
    return ("[I 2024-06-11 21:03:55.101 ServerApp] Jupyter Server 2.14.1 is running at:\n[I 2024-06-11 21:03:55.101 ServerApp] http://cn%03d:%d/lab?token=%s" % (_i(1, 400), _i(8800, 8999), t), t, "Jupyter Server 2.14.1 is running at")


@S(_G, "galaxy-config-dump-startup")
def _():
    p = _pw_url()
    return ("galaxy.config DEBUG 2024-06-11 07:59:12,210 [pN:main.1,p:%d,tN:MainThread] Loaded config option database_connection=postgresql://galaxy:%s@%s/galaxy" % (_i(1000, 99999), p, _host("pg")), p, "Loaded config option database_connection")


@S(_G, "custom-worker-log-amqp-uri")
def _():
    p = _pw_url()
    return ("[2024-06-11 06:00:01,002: INFO/MainProcess] seqtasks worker starting; broker_url=amqp://seqtasks:%s@%s:5672/seq concurrency=8" % (p, _host("mq")), p, "worker starting")


@S(_G, "k8s-pod-log-echo-env")
def _():
    t = _hex(32)
    return ("$ kubectl logs job/sbg-export-%s\nconfig: endpoint=https://api.sbgenomics.com/v2 token=%s project=%s/%s\nexported 312 files" % (_lan(5), t, _user(), _proj().lower()), t, "exported 312 files")


@S(_G, "healthomics-cloudwatch-engine-log")
def _():
    k = _hex(36)
    return ("%s\t[engine] task FETCH_META env: {\"NCBI_API_KEY\": \"%s\", \"TMPDIR\": \"/tmp\"} image=%s.dkr.ecr.us-east-1.amazonaws.com/fetch:1.2" % (_ts(), k, _dig(12)), k, "task FETCH_META")


@S(_G, "cromwell-stderr-curl-url-creds")
def _():
    p = _pw_url()
    return ("curl: (22) The requested URL returned error: 403\n  while fetching https://delivery:%s@ftp.%s/deliveries/%s/manifest.tsv\n/cromwell_root/script: line 24: manifest.tsv: No such file or directory" % (p, _inst(), _proj()), p, "No such file or directory")


@S(_G, "python-logging-headers-dict")
def _():
    t = _an(40)
    return ("DEBUG:lims.http:request POST https://lims.%s/api/v1/samples headers={'Content-Type': 'application/json', 'Authorization': 'Token %s'}" % (_inst(), t), t, "DEBUG:lims.http")


@S(_G, "go-panic-dsn")
def _():
    p = _pw_url()
    return ("panic: dial tcp 10.0.%d.%d:5432: connect: connection refused (dsn=postgres://tracker:%s@%s:5432/tracker?sslmode=disable)\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/cmd/samplesvc/main.go:42 +0x1c5" % (_i(0, 9), _i(1, 254), p, _host("pg")), p, "goroutine 1 [running]")


@S(_G, "node-error-config-object-dump")
def _():
    p = _pw()
    return ("MongoServerError: bad auth : authentication failed\n    at Connection.onMessage (node_modules/mongodb/lib/cmap/connection.js:230:30)\n  config: { host: '%s', user: 'portal', password: '%s', db: 'biosamples' }" % (_host("mongo"), p.replace("'", "")), p.replace("'", ""), "MongoServerError: bad auth")


@S(_G, "sqlalchemy-echo-parameters")
def _():
    p = _pw()
    return ("INFO sqlalchemy.engine.Engine INSERT INTO lims_user (username, email, password) VALUES (%%(username)s, %%(email)s, %%(password)s)\nINFO sqlalchemy.engine.Engine [generated in 0.00021s] {'username': '%s', 'email': '%s@%s', 'password': '%s'}" % (_user(), _user(), _inst(), p.replace("'", "")), p.replace("'", ""), "INSERT INTO lims_user")


@S(_G, "pytest-failure-headers-repr")
def _():
    t = _hex(32)
    return ("E       AssertionError: assert 401 == 200\nE        +  where 401 = <Response [401]>.status_code\n\ntests/test_sbg.py:27: AssertionError\n----------------------------- Captured log call ------------------------------\nDEBUG    sbg:client.py:88 headers={'X-SBG-Auth-Token': '%s'}" % t, t, "tests/test_sbg.py:27")


@S(_G, "snakemake-log-job-api-key")
def _():
    k = _hex(32)
    return ("[Tue Jun 11 11:02:44 2024]\nrule galaxy_upload:\n    input: results/%s.vcf.gz\n    jobid: 12\n    wildcards: sample=%s\n\nparsec upload_file --galaxy %s results/%s.vcf.gz --api-key %s" % (_sample(), _sample(), _inst(), _sample(), k), k, "rule galaxy_upload:")


@S(_G, "terraform-debug-request-body")
def _():
    p = _pw().replace('"', "")
    return ('2024-06-11T10:01:22.431Z [DEBUG] provider.terraform-provider-aws: HTTP Request Sent: http.request.body="{\\"DBInstanceIdentifier\\":\\"tower-db\\",\\"MasterUsername\\":\\"tower\\",\\"MasterUserPassword\\":\\"%s\\"}" tf_rpc=ApplyResourceChange' % p, p, "tf_rpc=ApplyResourceChange")


@S(_G, "ansible-vvv-module-args")
def _():
    p = _pw().replace('"', "")
    return ('ok: [galaxy01] => {\n    "changed": false,\n    "invocation": {\n        "module_args": {\n            "login_host": "localhost",\n            "name": "galaxy",\n            "password": "%s",\n            "state": "present"\n        }\n    }\n}' % p, p, '"login_host": "localhost"')


@S(_G, "spring-boot-env-dump")
def _():
    p = _pw()
    return ("2024-06-11 09:00:01.231 DEBUG 1 --- [main] o.s.b.c.c.ConfigDataEnvironment : Property source 'applicationConfig' contains spring.datasource.password=%s, spring.datasource.username=biobank" % p, p, "ConfigDataEnvironment")


@S(_G, "perl-die-custom-dsn-message")
def _():
    p = _pw_rand(sym="!^*_+.?~")
    return ("Could not connect as ensrw/%s to ensembl_variation_112 on %s: Access denied for user 'ensrw'@'10.1.2.3' at load_vep_cache.pl line 88." % (p, _host("mysql")), p, "at load_vep_cache.pl line 88")


@S(_G, "apptainer-debug-docker-password-env")
def _():
    p = _pw_rand(32, "")
    return ("DEBUG   [U=%d,P=%d]  Env: SINGULARITY_DOCKER_USERNAME=%s\nDEBUG   [U=%d,P=%d]  Env: SINGULARITY_DOCKER_PASSWORD=%s\nINFO    Converting OCI blobs to SIF format" % (_i(1000, 9000), _i(1000, 99999), _user(), _i(1000, 9000), _i(1000, 99999), p), p, "Converting OCI blobs to SIF format")


@S(_G, "pixi-verbose-channel-token-url")
def _():
    t = "%s-%s-%s-%s" % (_lan(2), _hex(8), _hex(4), _hex(12))
    return (" DEBUG rattler_repodata_gateway::fetch: downloading https://conda.anaconda.org/t/%s/%s/linux-64/repodata.json\n  INFO resolved 214 packages in 3.1s" % (t, _lab()), t, "resolved 214 packages")


@S(_G, "basespace-uploader-log-token")
def _():
    t = _hex(32)
    return ("2024-06-11 04:10:11 INFO  [RunUploader] Authenticated with token %s for user %s\n2024-06-11 04:10:12 INFO  [RunUploader] Uploading %s_A0%s_0%s_B%s (412 files)" % (t, _user(), _date().replace("-", "")[2:], _dig(4), _dig(3), _uan(9)), t, "[RunUploader] Uploading")


@S(_G, "dx-upload-debug-security-context")
def _():
    t = _an(32)
    return ("[dxpy] DEBUG Environment: DX_APISERVER_HOST=api.dnanexus.com DX_SECURITY_CONTEXT={\"auth_token_type\": \"Bearer\", \"auth_token\": \"%s\"}\n[dxpy] INFO Uploading %s.bam (4.1 GB) to project-%s:/raw/" % (t, _sample(), _s(_AN, 24)), t, "[dxpy] INFO Uploading")


@S(_G, "sbg-client-log-token-header")
def _():
    t = _hex(32)
    return ("2024-06-11 12:00:02 sevenbridges.http.client DEBUG Request: GET https://api.sbgenomics.com/v2/tasks?project=%s  Headers: {'X-SBG-Auth-Token': '%s', 'User-Agent': 'sevenbridges-python/2.11.0'}" % (_proj().lower(), t), t, "sevenbridges-python/2.11.0")


@S(_G, "jupyterhub-spawner-env-debug")
def _():
    t = _hex(32)
    return ("[D 2024-06-11 08:11:02.012 JupyterHub spawner:1348] Spawning with env: JUPYTERHUB_API_TOKEN=%s JUPYTERHUB_USER=%s JUPYTERHUB_SERVICE_PREFIX=/user/%s/" % (t, _user(), _user()), t, "JupyterHub spawner:1348")


@S(_G, "sys-argv-logged-at-start")
def _():
    p = _pw()
    return ("INFO  run_demux.py started with argv=['run_demux.py', '--run', '%s', '--lims-user', 'demux', '--lims-pass', '%s', '--threads', '16']" % (_dig(6), p.replace("'", "")), p.replace("'", ""), "run_demux.py started")


@S(_G, "sentry-breadcrumb-request-data")
def _():
    p = _pw()
    return ('{"category": "http", "level": "info", "data": {"method": "POST", "url": "https://portal.%s/login", "body": "username=%s&password=%s"}, "timestamp": "%s"}' % (_inst(), _user(), p.replace('"', "").replace("&", ""), _ts()), p.replace('"', "").replace("&", ""), '"category": "http"')


@S(_G, "tower-agent-log-connection-token")
def _():
    t = _seqera()
    return ("%s INFO  Tower Agent v0.5.%d connecting to wss://tower.%s/api/agent/%s/connect with token %s" % (_ts(), _i(0, 9), _inst(), _uuid(), t), t, "Tower Agent v0.5")


@S(_G, "java-stacktrace-uri-userinfo")
def _():
    p = _pw_url()
    return ("Exception in thread \"main\" java.net.ConnectException: Connection refused\n\tat org.irods.jargon.core.connection.IRODSBasicTCPConnection.connect(IRODSBasicTCPConnection.java:95)\n\t... uri=irods://rods:%s@irods.%s:1247/seqZone" % (p, _inst()), p, "IRODSBasicTCPConnection.java:95")


@S(_G, "cwltool-debug-job-order")
def _():
    k = _hex(36)
    return ("DEBUG [job fetch_sra] initial work dir {}\nDEBUG [job fetch_sra] {\n    \"accession\": \"SRR%s\",\n    \"ncbi_api_key\": \"%s\"\n}" % (_dig(8), k), k, "DEBUG [job fetch_sra]")


@S(_G, "rstudio-server-log-auth-debug")
def _():
    p = _pw_word()
    return ("%s [rserver] DEBUG pam auth: user=%s password=%s service=rstudio result=PAM_AUTH_ERR" % (_ts(), _user(), p), p, "result=PAM_AUTH_ERR")


@S(_G, "wdl-womtool-validate-inputs-echo")
def _():
    t = _hex(32)
    return ("Cromwell: task BsFetch: stdout\nUsing config: {\"apiServer\": \"https://api.basespace.illumina.com\", \"accessToken\": \"%s\"}\nFetched 96 fastq files" % t, t, "Fetched 96 fastq files")


@S(_G, "windows-instrument-event-log")
def _():
    p = _pw_word()
    return ("Log Name: Application\nSource: IlluminaRunUploader\nEvent ID: 1003\nDescription: Network share mapped: net use Z: \\\\nas01\\runs /user:SEQ\\svc_miseq %s /persistent:yes" % p, p, "IlluminaRunUploader")


@S(_G, "ruby-dump-redis-url-error")
def _():
    p = _pw_url()
    return ("Redis::CannotConnectError: Error connecting to Redis on redis.%s:6379 (Errno::ECONNREFUSED)\n  REDIS_URL=redis://:%s@redis.%s:6379/1" % (_inst(), p, _inst()), p, "Redis::CannotConnectError")


@S(_G, "uwsgi-request-dump-cookie-header")
def _():
    c = _hex(80)
    return ("[pid: %d|app: 0|req: 41/310] 10.1.%d.%d () {48 vars in 1022 bytes} [Tue Jun 11 10:01:02 2024] GET /api/datasets/%s/display => generated 0 bytes in 12 msecs\n  HTTP_COOKIE=galaxysession=%s; _ga=GA1.2.%s.%s" % (_i(1000, 99999), _i(0, 255), _i(1, 254), _hex(16), c, _dig(9), _dig(10)), c, "generated 0 bytes in 12 msecs")


@S(_G, "haproxy-captured-authorization")
def _():
    t = _jwt({"sub": _user(), "aud": "lims-api", "exp": _i(1730000000, 1760000000)})
    return ("Jun 11 10:02:03 lb01 haproxy[%d]: 10.4.%d.%d:51234 [11/Jun/2024:10:02:03.120] https_in lims_api/lims01 0/0/1/14/15 200 2210 - - ---- 12/12/0/0/0 0/0 {Bearer %s} \"GET /api/v2/samples HTTP/1.1\"" % (_i(1000, 9999), _i(0, 255), _i(1, 254), t), t, "https_in lims_api/lims01")


@S(_G, "cloud-init-output-user-data-script")
def _():
    p = _pw()
    return ("Cloud-init v. 23.4.4 running 'modules:final' at Tue, 11 Jun 2024 07:00:31 +0000.\n+ echo 'rstudio:%s' | chpasswd\n+ systemctl enable --now rstudio-server\nCreated symlink /etc/systemd/system/multi-user.target.wants/rstudio-server.service" % p, p, "running 'modules:final'")


@S(_G, "lsf-job-report-command-echo")
def _():
    t = _hex(32)
    return ("Job <%s> was submitted from host <hpc-login02> by user <%s> in cluster <research>.\nYour job looked like:\n------------------------------------------------------------\n# LSBATCH: User input\nbs_fetch.sh --run %s --token %s\n------------------------------------------------------------\nExited with exit code 1." % (_dig(7), _user(), _dig(9), t), t, "# LSBATCH: User input")


@S(_G, "pbs-job-output-env-echo")
def _():
    p = _pw()
    return ("PBS Job Id: %s.pbs01\nJob Name:   irods_sync\nExecution host: n%03d\nIRODS_USER=%s\nIRODS_PASS=%s\nsync started %s" % (_dig(6), _i(1, 300), _user(), p, _ts()), p, "Job Name:   irods_sync")


@S(_G, "airflow-task-log-rendered-bash")
def _():
    p = _pw()
    return ("[2024-06-11, 02:00:04 UTC] {subprocess.py:75} INFO - Running command: ['/usr/bin/bash', '-c', \"PGPASSWORD='%s' psql -h %s -U etl -c 'REFRESH MATERIALIZED VIEW run_stats'\"]" % (p.replace("'", "").replace('"', ""), _host("pg")), p.replace("'", "").replace('"', ""), "{subprocess.py:75} INFO - Running command")


@S(_G, "celery-task-received-args")
def _():
    p = _pw()
    return ("[2024-06-11 10:01:09,332: INFO/MainProcess] Task seqtasks.push_to_clarity[%s] received\n[2024-06-11 10:01:09,333: DEBUG/MainProcess] args=('%s', 'apiuser', '%s') kwargs={}" % (_uuid(), _dig(6), p.replace("'", "")), p.replace("'", ""), "seqtasks.push_to_clarity")


@S(_G, "php-error-log-redcap-token")
def _():
    t = _HEX(32)
    return ("[11-Jun-2024 10:44:21 UTC] PHP Warning:  file_get_contents(https://redcap.%s/api/?token=%s&content=record&format=csv): Failed to open stream: HTTP request failed! HTTP/1.1 403 Forbidden in /var/www/html/export.php on line 19" % (_inst(), t), t, "Failed to open stream")


@S(_G, "shiny-server-app-log-env")
def _():
    k = _hex(32)
    return ("[2024-06-11T09:02:11.231] [INFO] shiny-server - Starting listener on http://[::]:3838\nsu: ignoring --preserve-environment, it's mutually exclusive with --login\nLoading config: DD_API_KEY=%s APP=%s-dashboard" % (k, _proj()), k, "Starting listener on http://[::]:3838")


@S(_G, "ecs-task-stopped-reason-env")
def _():
    s = _aws_secret()
    return ("STOPPED (Essential container in task exited)\n  container nf-head exit code 1\n  overrides: environment=[{name=AWS_ACCESS_KEY_ID,value=%s},{name=AWS_SECRET_ACCESS_KEY,value=%s}]" % (_aws_id(), s), s, "Essential container in task exited")


# =====================================================================
# SECRETS -- group: note-or-chat
# =====================================================================
_G = "note-or-chat"


@S(_G, "slack-thread-handover-password")
def _():
    p, n = _pw(), _name().capitalize()
    return ("[Slack #seqcore-ops] %s: handing over the NovaSeq upload box while I'm on leave. login is `seqops`, password `%s`. Please don't change it until the run on Friday is off the instrument." % (n, p), p, "handing over the NovaSeq upload box")


@S(_G, "german-chat-lims-passwort")
def _():
    p = _pw()
    return ("%s: Das Passwort für den LIMS-Testserver (lims-test.%s) ist %s – bitte nicht ins Wiki schreiben." % (_name().capitalize(), _inst(), p), p, "lims-test.")


@S(_G, "french-note-mot-de-passe")
def _():
    p = _pw()
    return ("Note de passation : le compte Galaxy d'admin est %s@%s, mot de passe : %s. À changer après la migration vers la 24.1." % (_user(), _inst(), p), p, "Note de passation")


@S(_G, "spanish-chat-contrasena")
def _():
    p = _pw()
    return ("%s: oye, la contraseña del servidor RStudio del grupo es %s, el usuario es el de siempre (%s). Avísame si no entra." % (_name().capitalize(), p, _user()), p, "servidor RStudio del grupo")


@S(_G, "portuguese-chat-senha")
def _():
    p = _pw()
    return ("[WhatsApp] %s: a senha do BaseSpace da facility é %s — usa só para baixar a corrida de ontem, ok?" % (_name().capitalize(), p), p, "usa só para baixar a corrida")


@S(_G, "italian-chat-password-db")
def _():
    p = _pw()
    return ("%s: ti giro le credenziali del database varianti: utente varianti_ro, password %s. Host: %s" % (_name().capitalize(), p, _host("pg")), p, "utente varianti_ro")


@S(_G, "dutch-note-wachtwoord")
def _():
    p = _pw()
    return ("Overdracht: het wachtwoord van de sequencer-pc (lokale admin) is %s. Niet delen buiten de core facility." % p, p, "Niet delen buiten de core facility")


@S(_G, "polish-chat-haslo")
def _():
    p = _pw()
    return ("%s: hasło do konta serwisowego na klastrze (svc_nextflow) to %s, wygasa za 90 dni." % (_name().capitalize(), p), p, "svc_nextflow")


@S(_G, "swedish-chat-losenord")
def _():
    p = _pw()
    return ("%s: lösenordet till Jupyterhubben för kursen är %s – dela ut det på labbet imorgon." % (_name().capitalize(), p), p, "Jupyterhubben för kursen")


@S(_G, "finnish-note-salasana")
def _():
    p = _pw()
    return ("Muistiinpano: sekvensointipalvelimen salasana on %s (käyttäjä: seqdata). Vaihdetaan syyskuussa." % p, p, "käyttäjä: seqdata")


@S(_G, "czech-chat-heslo")
def _():
    p = _pw()
    return ("%s: heslo k MinIO konzoli je %s, login admin. Po workshopu ho změníme." % (_name().capitalize(), p), p, "login admin")


@S(_G, "turkish-chat-sifre")
def _():
    p = _pw()
    return ("%s: Cromwell sunucusunun şifresi %s, kullanıcı adı cromwell. Yarın değiştireceğim." % (_name().capitalize(), p), p, "kullanıcı adı cromwell")


@S(_G, "russian-chat-parol")
def _():
    p = _pw()
    return ("%s: пароль от сервера с секвенатором: %s, логин seqadmin. Никому не пересылай, пожалуйста." % (_name().capitalize(), p), p, "логин seqadmin")


@S(_G, "ukrainian-note-parol")
def _():
    p = _pw()
    return ("Нотатка: новий пароль до Galaxy адмінки — %s (змінено %s)." % (p, _date()), p, "Нотатка")


@S(_G, "japanese-chat-pasuwado")
def _():
    p = _pw()
    return ("%sさん: 解析サーバーのパスワードは %s です。ユーザー名は %s でお願いします。" % (_name().capitalize(), p, _user()), p, "解析サーバーのパスワードは")


@S(_G, "chinese-chat-mima")
def _():
    p = _pw()
    return ("%s：测序仪上传账号的密码是 %s，用户名 seq_upload，用完记得退出。" % (_name().capitalize(), p), p, "用户名 seq_upload")


@S(_G, "korean-chat-bimilbeonho")
def _():
    p = _pw()
    return ("%s: 클러스터 공용 계정 비밀번호는 %s 입니다. 계정명은 genomics 입니다." % (_name().capitalize(), p), p, "계정명은 genomics")


@S(_G, "hinglish-chat-password-hai")
def _():
    p = _pw()
    return ("%s: bhai LIMS ka naya password %s hai, purana wala expire ho gaya. Username wahi seqlab." % (_name().capitalize(), p), p, "Username wahi seqlab")


@S(_G, "arabic-chat-kalimat-murur")
def _():
    p = _pw()
    return ("%s: كلمة المرور لحساب التحليل على الخادم هي %s واسم المستخدم %s" % (_name().capitalize(), p, _user()), p, "كلمة المرور لحساب التحليل")


@S(_G, "greek-chat-kodikos")
def _():
    p = _pw()
    return ("%s: ο κωδικός για το RStudio του εργαστηρίου είναι %s, χρήστης: %s" % (_name().capitalize(), p, _user()), p, "RStudio του εργαστηρίου")


@S(_G, "indonesian-chat-kata-sandi")
def _():
    p = _pw()
    return ("%s: kata sandi akun DNAnexus lab kita: %s (email %s@%s). Tolong jangan dibagikan." % (_name().capitalize(), p, _user(), _inst()), p, "Tolong jangan dibagikan")


@S(_G, "vietnamese-chat-mat-khau")
def _():
    p = _pw()
    return ("%s: mật khẩu máy chủ Jupyter của nhóm là %s, tài khoản %s." % (_name().capitalize(), p, _user()), p, "máy chủ Jupyter của nhóm")


@S(_G, "swahili-chat-nenosiri")
def _():
    p = _pw()
    return ("%s: nenosiri la seva ya uchambuzi ni %s, jina la mtumiaji ni %s." % (_name().capitalize(), p, _user()), p, "seva ya uchambuzi")


@S(_G, "hebrew-chat-sisma")
def _():
    p = _pw()
    return ("%s: הסיסמה לשרת הגלקסי היא %s, שם משתמש %s" % (_name().capitalize(), p, _user()), p, "הסיסמה לשרת הגלקסי")


@S(_G, "norwegian-note-passord")
def _():
    p = _pw()
    return ("Vaktlogg: passordet til NAS-en for MiSeq er %s. Brukernavn: miseq." % p, p, "Brukernavn: miseq")


@S(_G, "danish-chat-adgangskode")
def _():
    p = _pw()
    return ("%s: adgangskoden til Seven Bridges-projektet er %s – brugeren er %s." % (_name().capitalize(), p, _user()), p, "Seven Bridges-projektet")


@S(_G, "romanian-chat-parola")
def _():
    p = _pw()
    return ("%s: parola pentru contul de pe clusterul HPC este %s, utilizator %s." % (_name().capitalize(), p, _user()), p, "clusterul HPC")


@S(_G, "hungarian-chat-jelszo")
def _():
    p = _pw()
    return ("%s: a szekvenáló gép jelszava %s, a felhasználó seqtech." % (_name().capitalize(), p), p, "a felhasználó seqtech")


@S(_G, "catalan-note-contrasenya")
def _():
    p = _pw()
    return ("Nota: la contrasenya del compte de l'ENA (Webin-%s) és %s." % (_dig(5), p), p, "compte de l'ENA")


@S(_G, "malay-chat-kata-laluan")
def _():
    p = _pw()
    return ("%s: kata laluan pelayan RStudio makmal ialah %s, nama pengguna %s." % (_name().capitalize(), p, _user()), p, "pelayan RStudio makmal")


@S(_G, "agent-running-notes-token-used")
def _():
    t = _an(32)
    return ("## Running notes\n- Logged into DNAnexus with the token the user pasted (%s); project-%s selected.\n- Next: launch the GATK app on the 48 new samples." % (t, _s(_AN, 24)), t, "## Running notes")


@S(_G, "agent-goal-with-credential")
def _():
    t = _hex(32)
    return ("GOAL: re-run demultiplexing for run %s and push FASTQs to BaseSpace project %s using the facility token %s (user provided it in chat, valid until Friday)." % (_dig(9), _proj(), t), t, "re-run demultiplexing for run")


@S(_G, "agent-decision-log-keep-password")
def _():
    p = _pw()
    return ("Decision %s: keep using the shared svc_cromwell account (password %s) until IT rotates it; switching to per-user auth is out of scope for this task." % (_date(), p), p, "switching to per-user auth is out of scope")


@S(_G, "email-forward-terra-creds")
def _():
    p = _pw()
    return ("---------- Forwarded message ---------\nFrom: %s <%s@%s>\nSubject: access to the shared Terra billing account\n\nHi, the Google account for the course is genomics-course@%s, password: %s. 2FA is off for now.\n" % (_full(), _user(), _inst(), _inst(), p), p, "Forwarded message")


@S(_G, "jira-comment-pasted-token")
def _():
    t = _glpat()
    return ("[JIRA BFX-%d] %s commented:\nCI still can't pull the private module. I created a project token for it: %s (scopes read_repository). Can someone add it to the runner?" % (_i(100, 999), _full(), t), t, "Can someone add it to the runner?")


@S(_G, "github-issue-comment-accidental-key")
def _():
    k = _hex(36)
    return ("**Steps to reproduce**\n```\nexport NCBI_API_KEY=%s\nnextflow run %s/fetchngs --input ids.csv -profile docker\n```\nfails with `HTTP 429` after ~300 requests." % (k, _lab()), k, "**Steps to reproduce**")


@S(_G, "meeting-notes-wifi-password")
def _():
    p = _pw_phrase()
    return ("Lab meeting %s\n* new sequencing room is live; instrument VLAN wifi \"SEQ-INSTR\" key: %s\n* order more P2 flow cells\n* journal club next week: %s" % (_date(), p, _full()), p, "order more P2 flow cells")


@S(_G, "sticky-note-pw-abbrev")
def _():
    p = _pw()
    return ("galaxy admin pw: %s" % p, p, "galaxy admin")


@S(_G, "creds-slash-pair-shorthand")
def _():
    p = _pw()
    u = _c(["seqadmin", "lims_rw", "bioinfo", "svc_tower"])
    return ("creds for the staging LIMS: %s / %s" % (u, p), p, "staging LIMS")


@S(_G, "chat-password-split-next-line")
def _():
    p = _pw_rand()
    return ("%s: the pass for the Illumina ICA service user is\n%s: `%s`\n%s: (sorry, two messages)" % (_name().capitalize(), _name().capitalize(), p, _name().capitalize()), p, "ICA service user")


@S(_G, "unlabelled-arrow-login-pair")
def _():
    p = _pw_word()
    return ("rstudio.%s → %s / %s" % (_inst(), _user(), p), p, "rstudio.")


@S(_G, "token-expires-friday-note")
def _():
    t = _ghp()
    return ("token (expires friday, read-only on the org): %s" % t, t, "expires friday")


@S(_G, "teams-message-ncbi-key")
def _():
    k = _hex(36)
    return ("[Teams] %s: here's the lab's NCBI key so your esearch loop doesn't get throttled: %s" % (_full(), k), k, "doesn't get throttled")


@S(_G, "todo-rotate-old-key-note")
def _():
    s = _aws_secret()
    return ("TODO(%s): rotate the old HealthOmics user key; secret was %s and it is still active on the prod account." % (_user(), s), s, "rotate the old HealthOmics user key")


@S(_G, "markdown-handover-table")
def _():
    p = _pw()
    return ("| service | user | password | notes |\n|---|---|---|---|\n| Clarity LIMS | apiuser | %s | API only |\n| BaseSpace | %s@%s | (SSO) | |" % (p, _user(), _inst()), p, "| service | user | password | notes |")


@S(_G, "ssh-key-passphrase-chat")
def _():
    p = _pw_phrase(" ")
    return ("%s: the passphrase for the shared deploy key (~/.ssh/galaxy_deploy) is \"%s\" – ask before using it." % (_name().capitalize(), p), p, "shared deploy key")


@S(_G, "it-email-temporary-password")
def _():
    p = _pw_rand(12, "!#%")
    return ("Subject: Your HPC account is ready\n\nDear %s,\nyour account %s has been created on hpc.%s. Temporary password: %s\nYou will be asked to change it at first login." % (_full(), _user(), _inst(), p), p, "Your HPC account is ready")


@S(_G, "recovery-codes-pasted")
def _():
    codes = [_lan(5) + "-" + _lan(5) for _ in range(4)]
    return ("%s: backup codes for the lab's GitHub org owner account, keep them somewhere safe:\n%s" % (_name().capitalize(), "\n".join(codes)), codes[1], "backup codes for the lab's GitHub")


@S(_G, "agent-scratchpad-found-pgpass")
def _():
    p = _pw()
    return ("scratch: found existing creds in ~/.pgpass -> %s:5432:lims:lims_app:%s ; reusing for the migration check" % (_host("pg"), p.replace(":", "")), p.replace(":", ""), "reusing for the migration check")


@S(_G, "agent-summary-api-key-used")
def _():
    k = _hex(36)
    return ("Summary: queried E-utilities for 1,204 BioSamples using api_key=%s (10 req/s); results in data/biosamples.tsv." % k, k, "results in data/biosamples.tsv")


@S(_G, "chat-use-my-basespace-token")
def _():
    t = _hex(32)
    return ("%s: just use my basespace token for now -> %s, I'll make a service account next week" % (_name().capitalize(), t), t, "I'll make a service account next week")


@S(_G, "vault-unseal-key-share")
def _():
    k = _b64(33)
    return ("%s: unseal key 2 of 5 for the lab vault: %s (the others have %s and %s)" % (_name().capitalize(), k, _name().capitalize(), _name().capitalize()), k, "unseal key 2 of 5")


@S(_G, "gemini-context-pasted-sa-key")
def _():
    body = _pem_body()
    return ("## Context from user\nUser pasted the Terra service-account key (JSON) so I can copy outputs:\n\"private_key\": \"-----BEGIN PRIVATE KEY-----\\n%s\\n-----END PRIVATE KEY-----\\n\"" % body.replace("\n", "\\n"), body.replace("\n", "\\n"), "## Context from user")


@S(_G, "commit-message-removed-key")
def _():
    k = _hex(32)
    return ("commit %s\n\n    remove hardcoded Galaxy key (%s) from upload script\n\n    key has been revoked on usegalaxy" % (_sha(), k), k, "remove hardcoded Galaxy key")


@S(_G, "whatsapp-instrument-admin-pw")
def _():
    p = _pw_word()
    return ("[10:%02d] %s: instrument PC admin pw is %s btw\n[10:%02d] %s: thanks!" % (_i(0, 59), _name().capitalize(), p, _i(0, 59), _name().capitalize()), p, "instrument PC admin")


@S(_G, "irc-log-paste-password")
def _():
    p = _pw()
    return ("<%s> anyone know the irods rods password on the test zone?\n<%s> %s\n<%s> ta" % (_user(), _user(), p, _user()), p, "test zone")


@S(_G, "codex-memory-sbg-key")
def _():
    t = _hex(32)
    return ("Memory: user works on the %s cohort; Seven Bridges token for the CAVATICA project: %s; prefers nf-core pipelines." % (_proj(), t), t, "prefers nf-core pipelines")


@S(_G, "goal-ena-webin-password-inline")
def _():
    p = _pw()
    u = "Webin-" + _dig(5)
    return ("Goal: submit the 24 runs of %s to ENA as %s (password from chat: %s) before the embargo date." % (_proj(), u, p), p, u)


@S(_G, "notion-page-upload-account")
def _():
    p = _pw()
    return ("Sequencer upload account\nHost: sftp.%s\nUser: upload_%s\nPass: %s\nLast rotated: %s" % (_inst(), _lab().split("-")[0], p, _date()), p, "Sequencer upload account")


@S(_G, "mixed-language-code-switch")
def _():
    p = _pw()
    return ("%s: ok so el login del cluster nuevo es %s y la pass es %s, aber bitte nur für den Kurs" % (_name().capitalize(), _user(), p), p, "login del cluster nuevo")


@S(_G, "thai-chat-rahat-phan")
def _():
    p = _pw()
    return ("%s: รหัสผ่านเซิร์ฟเวอร์ Galaxy ของแล็บคือ %s ผู้ใช้ %s" % (_name().capitalize(), p, _user()), p, "เซิร์ฟเวอร์ Galaxy")


@S(_G, "tagalog-chat-password-ng")
def _():
    p = _pw()
    return ("%s: yung password ng Jupyter server natin ay %s, username ay %s." % (_name().capitalize(), p, _user()), p, "Jupyter server natin")


# =====================================================================
# SECRETS -- group: ci-and-deploy
# =====================================================================
_G = "ci-and-deploy"


@S(_G, "github-actions-env-hardcoded")
def _():
    t = _seqera()
    return ("name: nf-test\non: [push]\nenv:\n  TOWER_ACCESS_TOKEN: %s\n  NXF_VER: 24.04.2\njobs:\n  test:\n    runs-on: ubuntu-latest" % t, t, "runs-on: ubuntu-latest")


@S(_G, "github-actions-run-inline-token")
def _():
    k = _hex(32)
    return ("      - name: Upload workflow to Galaxy\n        run: |\n          planemo workflow_upload workflows/*.ga \\\n            --galaxy_url https://usegalaxy.%s \\\n            --galaxy_user_key %s" % (_inst(), k), k, "Upload workflow to Galaxy")


@S(_G, "gitlab-ci-variables-block")
def _():
    p = _pw()
    return ("variables:\n  POSTGRES_DB: lims_test\n  POSTGRES_USER: lims\n  POSTGRES_PASSWORD: \"%s\"\n  LIMS_DB_URL: postgresql://lims@postgres/lims_test\n\ntest:\n  services: [postgres:15]" % p, p, "POSTGRES_DB: lims_test")


@S(_G, "gitlab-ci-script-docker-login")
def _():
    p = _pw_rand(32, "")
    return ("build-image:\n  stage: build\n  script:\n    - docker login -u gitlab-ci-token -p %s registry.%s\n    - docker build -t registry.%s/%s/snakemake-env:$CI_COMMIT_SHORT_SHA ." % (p, _inst(), _inst(), _lab()), p, "stage: build")


@S(_G, "circleci-environment-key")
def _():
    k = _hex(40)
    return ("jobs:\n  train:\n    docker:\n      - image: cimg/python:3.11\n    environment:\n      WANDB_API_KEY: %s\n      WANDB_PROJECT: %s\n    steps:\n      - checkout" % (k, _proj()), k, "cimg/python:3.11")


@S(_G, "travis-yml-env-global-plain")
def _():
    t = _ghp()
    return ("language: python\npython: \"3.10\"\nenv:\n  global:\n    - GH_TOKEN=%s\n    - CONDA_ENV=ci\nscript: pytest -q" % t, t, "script: pytest -q")


@S(_G, "jenkinsfile-sh-curl-basic")
def _():
    p = _pw()
    return ("stage('Notify LIMS') {\n    steps {\n        sh \"curl -sf -u jenkins:%s -X POST https://lims.%s/api/builds/${env.BUILD_NUMBER}\"\n    }\n}" % (p.replace('"', "").replace("$", ""), _inst()), p.replace('"', "").replace("$", ""), "stage('Notify LIMS')")


@S(_G, "azure-pipelines-variables-plain")
def _():
    k = _azkey()
    return ("variables:\n  storageAccount: '%sdata'\n  storageKey: '%s'\n\nsteps:\n- script: az storage blob sync -s results -c outputs --account-name $(storageAccount) --account-key $(storageKey)" % (_lab().replace("-", "")[:12], k), k, "az storage blob sync")


@S(_G, "bitbucket-pipelines-inline-password")
def _():
    p = _pw()
    return ("pipelines:\n  default:\n    - step:\n        name: deploy docs\n        script:\n          - lftp -u docs,%s sftp://docs.%s -e 'mirror -R site/ /var/www/docs; bye'" % (p.replace("'", ""), _inst()), p.replace("'", ""), "name: deploy docs")


@S(_G, "drone-yml-environment-token")
def _():
    t = _npm()
    return ("kind: pipeline\ntype: docker\nname: publish\nsteps:\n- name: npm\n  image: node:20\n  environment:\n    NPM_TOKEN: %s\n  commands:\n  - npm publish" % t, t, "kind: pipeline")


@S(_G, "gha-log-unmasked-derived-value")
def _():
    t = _hex(32)
    return ("2024-06-11T10:02:01.1201Z ##[group]Run ./scripts/bs_sync.sh\n2024-06-11T10:02:01.1203Z ./scripts/bs_sync.sh\n2024-06-11T10:02:01.3310Z Using BaseSpace config: accessToken=%s apiServer=https://api.basespace.illumina.com\n2024-06-11T10:02:04.9921Z synced 12 runs" % t, t, "synced 12 runs")


@S(_G, "gitlab-job-log-echo-password")
def _():
    p = _pw()
    return ("$ echo \"deploying with DB_PASS=$DB_PASS\"\ndeploying with DB_PASS=%s\n$ ansible-playbook -i inventories/prod galaxy.yml\nRunning after_script" % p, p, "ansible-playbook -i inventories/prod")


@S(_G, "docker-build-arg-token-ci")
def _():
    t = _ghp()
    return ("docker build --build-arg GITHUB_TOKEN=%s -t ghcr.io/%s/rnaseq-tools:%s -f containers/Dockerfile ." % (t, _lab(), _sha()[:7]), t, "containers/Dockerfile")


@S(_G, "k8s-deployment-env-value")
def _():
    p = _pw()
    return ("      containers:\n        - name: cromwell\n          image: broadinstitute/cromwell:87\n          env:\n            - name: CROMWELL_DB_USER\n              value: cromwell\n            - name: CROMWELL_DB_PASSWORD\n              value: \"%s\"" % p, p, "broadinstitute/cromwell:87")


@S(_G, "helm-upgrade-set-password")
def _():
    p = _pw_url()
    return ("helm upgrade --install galaxy cloudve/galaxy -n galaxy --set postgresql.galaxyDatabasePassword=%s --set persistence.size=1Ti" % p, p, "helm upgrade --install galaxy")


@S(_G, "terraform-apply-var-password")
def _():
    p = _pw()
    return ("terraform apply -auto-approve -var 'db_password=%s' -var 'environment=prod' -target=module.tower_db" % p.replace("'", ""), p.replace("'", ""), "-target=module.tower_db")


@S(_G, "ansible-playbook-extra-vars-become")
def _():
    p = _pw()
    return ("ansible-playbook -i hosts.ini galaxy.yml -e \"ansible_become_pass=%s\" --limit galaxy-prod" % p.replace('"', "").replace("$", ""), p.replace('"', "").replace("$", ""), "--limit galaxy-prod")


@S(_G, "argo-workflow-env-literal")
def _():
    k = _hex(36)
    return ("apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nspec:\n  templates:\n  - name: fetch\n    container:\n      image: ncbi/edirect:latest\n      env:\n      - name: NCBI_API_KEY\n        value: %s" % k, k, "kind: Workflow")


@S(_G, "seqera-action-tower-launch-hardcoded")
def _():
    t = _seqera()
    return ("      - uses: seqeralabs/action-tower-launch@v2\n        with:\n          workspace_id: %s\n          access_token: %s\n          compute_env: aws-batch-spot\n          pipeline: %s/variant-calling" % (_dig(15), t, _lab()), t, "seqeralabs/action-tower-launch@v2")


@S(_G, "snakemake-action-env-key")
def _():
    k = _hex(36)
    return ("      - name: Test workflow\n        uses: snakemake/snakemake-github-action@v1\n        with:\n          directory: .test\n          snakefile: workflow/Snakefile\n          args: \"--use-conda --cores 2\"\n        env:\n          NCBI_API_KEY: %s" % k, k, "snakemake/snakemake-github-action@v1")


@S(_G, "conda-build-upload-ci-hardcoded")
def _():
    t = "%s-%s-%s-%s-%s" % (_lan(2), _hex(8), _hex(4), _hex(4), _hex(12))
    return ("  upload:\n    runs-on: ubuntu-latest\n    env:\n      ANACONDA_API_TOKEN: %s\n    steps:\n      - run: anaconda upload --user %s --skip-existing build/noarch/*.conda" % (t, _lab()), t, "--skip-existing")


@S(_G, "deploy-sh-sshpass-scp")
def _():
    p = _pw()
    return ("#!/bin/sh\n# deploy.sh -- push built shiny app to the group server\nset -e\nsshpass -p \"%s\" rsync -az --delete app/ shiny@shiny.%s:/srv/shiny-server/%s/\necho deployed" % (p.replace('"', "").replace("$", ""), _inst(), _proj()), p.replace('"', "").replace("$", ""), "deploy.sh -- push built shiny app")


@S(_G, "fabfile-connect-kwargs-password")
def _():
    p = _pw()
    return ("from fabric import Connection\n\nc = Connection(\"galaxy@%s\", connect_kwargs={\"password\": \"%s\"})\nc.run(\"sudo systemctl restart galaxy\")" % (_host("galaxy"), p.replace('"', "")), p.replace('"', ""), "sudo systemctl restart galaxy")


@S(_G, "cloudbuild-yaml-env-token")
def _():
    t = _ya29()
    return ("steps:\n- name: gcr.io/cloud-builders/curl\n  args: ['-H', 'Authorization: Bearer %s', 'https://api.firecloud.org/api/workspaces/%s/%s/submissions']" % (t, _lab(), _proj()), t, "gcr.io/cloud-builders/curl")


@S(_G, "buildspec-env-variables-plain")
def _():
    s = _aws_secret()
    return ("version: 0.2\nenv:\n  variables:\n    OMICS_OUT: s3://%s-omics-results\n    XACCOUNT_SECRET_KEY: %s\nphases:\n  build:\n    commands:\n      - ./ci/run_healthomics_smoke.sh" % (_lab(), s), s, "version: 0.2")


@S(_G, "ecs-task-definition-environment")
def _():
    p = _pw()
    return ('{\n  "family": "tower-backend",\n  "containerDefinitions": [{\n    "name": "backend",\n    "environment": [\n      {"name": "TOWER_DB_USER", "value": "tower"},\n      {"name": "TOWER_DB_PASSWORD", "value": "%s"}\n    ]\n  }]\n}' % p.replace('"', ""), p.replace('"', ""), '"family": "tower-backend"')


@S(_G, "cloudformation-parameter-default")
def _():
    p = _pw_rand()
    return ("Parameters:\n  DBMasterPassword:\n    Type: String\n    NoEcho: true\n    Default: \"%s\"\nResources:\n  GalaxyDB:\n    Type: AWS::RDS::DBInstance" % p, p, "AWS::RDS::DBInstance")


@S(_G, "k8s-cronjob-env-token")
def _():
    t = _glpat()
    return ("kind: CronJob\nspec:\n  schedule: \"0 3 * * *\"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n          - name: mirror\n            args: [\"git\", \"clone\", \"https://oauth2:%s@gitlab.%s/%s/refs.git\"]" % (t, _inst(), _lab()), t, 'schedule: "0 3 * * *"')


@S(_G, "gha-services-postgres-password")
def _():
    p = _pw()
    return ("    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: %s\n        ports: ['5432:5432']\n        options: --health-cmd pg_isready" % p, p, "--health-cmd pg_isready")


@S(_G, "makefile-deploy-rsync-password")
def _():
    p = _pw_rand(sym="^*_+.?~")
    return ("deploy:\n\tRSYNC_PASSWORD=%s rsync -av site/ rsync://web@docs.%s/%s/\n.PHONY: deploy" % (p, _inst(), _lab()), p, ".PHONY: deploy")


@S(_G, "fly-secrets-set-command")
def _():
    k = _hex(36)
    return ("flyctl secrets set NCBI_API_KEY=%s --app %s-metadata-api" % (k, _lab()), k, "flyctl secrets set")


@S(_G, "gh-secret-set-body")
def _():
    t = _seqera()
    return ("gh secret set TOWER_ACCESS_TOKEN --repo %s/nf-pipelines --body '%s'" % (_lab(), t), t, "gh secret set TOWER_ACCESS_TOKEN")


@S(_G, "glab-variable-set-value")
def _():
    p = _pw()
    return ("glab variable set LIMS_PASSWORD --value '%s' --masked --protected -R %s/lims-sync" % (p.replace("'", ""), _lab()), p.replace("'", ""), "glab variable set LIMS_PASSWORD")


@S(_G, "kubectl-create-docker-registry-secret")
def _():
    t = _uan(64)
    return ("kubectl create secret docker-registry quay-pull -n pipelines --docker-server=quay.io --docker-username=%s+puller --docker-password=%s" % (_lab(), t), t, "kubectl create secret docker-registry quay-pull")


@S(_G, "docker-run-e-password")
def _():
    p = _pw()
    return ("docker run -d --name rstudio -p 8787:8787 -e PASSWORD='%s' -v /data:/home/rstudio/data rocker/rstudio:4.4.1" % p.replace("'", ""), p.replace("'", ""), "rocker/rstudio:4.4.1")


@S(_G, "packer-template-variables")
def _():
    p = _pw()
    return ('variable "ssh_password" {\n  type    = string\n  default = "%s"\n}\nsource "openstack" "galaxy_worker" {\n  image_name = "galaxy-worker-24.1"\n}' % p.replace('"', ""), p.replace('"', ""), 'source "openstack" "galaxy_worker"')


@S(_G, "nomad-job-template-env")
def _():
    k = _hex(32)
    return ('job "lims-sync" {\n  group "sync" {\n    task "sync" {\n      driver = "docker"\n      env {\n        BASESPACE_TOKEN = "%s"\n      }\n    }\n  }\n}' % k, k, 'job "lims-sync"')


@S(_G, "gitlab-ci-include-remote-token")
def _():
    t = _glpat()
    return ("include:\n  - remote: 'https://gitlab.%s/api/v4/projects/%d/repository/files/ci%%2Ftemplates.yml/raw?ref=main&private_token=%s'" % (_inst(), _i(100, 999), t), t, "include:")


@S(_G, "argocd-repo-secret-password")
def _():
    t = _ghp()
    return ("apiVersion: v1\nkind: Secret\nmetadata:\n  name: pipelines-repo\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://github.com/%s/pipelines-deploy\n  password: %s\n  username: not-used" % (_lab(), t), t, "argocd.argoproj.io/secret-type: repository")


@S(_G, "actions-checkout-token-hardcoded")
def _():
    t = _github_pat()
    return ("      - uses: actions/checkout@v4\n        with:\n          repository: %s/private-test-data\n          token: %s\n          path: test-data" % (_lab(), t), t, "actions/checkout@v4")


@S(_G, "codecov-upload-t-flag")
def _():
    t = _uuid()
    return ("      - run: ./codecov -t %s -f coverage.xml -F unittests" % t, t, "-f coverage.xml")


@S(_G, "sonar-scanner-login-flag")
def _():
    t = "squ_" + _hex(40)
    return ("sonar-scanner -Dsonar.projectKey=%s-pipelines -Dsonar.host.url=https://sonar.%s -Dsonar.login=%s" % (_lab(), _inst(), t), t, "sonar-scanner -Dsonar.projectKey")


@S(_G, "pypi-publish-password-input")
def _():
    t = _pypi()
    return ("      - uses: pypa/gh-action-pypi-publish@release/v1\n        with:\n          user: __token__\n          password: %s" % t, t, "pypa/gh-action-pypi-publish")


@S(_G, "ci-echo-npmrc-token")
def _():
    t = _npm()
    return ("  script:\n    - echo \"//registry.npmjs.org/:_authToken=%s\" > ~/.npmrc\n    - npm publish --workspace igv-lab-tracks" % t, t, "npm publish --workspace")


@S(_G, "planemo-shed-update-key")
def _():
    k = _hex(32)
    return ("planemo shed_update --shed_target toolshed --shed_key %s --owner %s tools/%s/" % (k, _lab(), _c(["bcftools_extra", "pangolin_lab", "qc_parser"])), k, "planemo shed_update --shed_target toolshed")


@S(_G, "quay-robot-login-ci-step")
def _():
    t = _uan(64)
    return ("    - name: Log in to quay\n      run: echo %s | docker login quay.io -u %s+github --password-stdin" % (t, _lab()), t, "Log in to quay")


@S(_G, "cromwell-server-compose-db-pass")
def _():
    p = _pw()
    return ("services:\n  cromwell:\n    image: broadinstitute/cromwell:87\n    command: server\n    environment:\n      - JAVA_OPTS=-Dconfig.file=/conf/cromwell.conf\n      - CROMWELL_DB_PASS=%s" % p, p, "JAVA_OPTS=-Dconfig.file=/conf/cromwell.conf")


@S(_G, "tw-credentials-add-aws-keys")
def _():
    s = _aws_secret()
    return ("tw credentials add aws --name=aws-omics --access-key=%s --secret-key=%s --workspace=%s/%s" % (_aws_id(), s, _lab(), _proj()), s, "tw credentials add aws")


@S(_G, "ansible-inventory-ansible-password")
def _():
    p = _pw()
    return ("[galaxy_workers]\nworker01.%s ansible_user=deploy ansible_password=%s\nworker02.%s ansible_user=deploy" % (_inst(), p, _inst()), p, "[galaxy_workers]")


@S(_G, "salt-pillar-plain-password")
def _():
    p = _pw()
    return ("# pillar/irods.sls\nirods:\n  zone: seqZone\n  admin_user: rods\n  admin_password: %s\n  icat_host: irods.%s" % (p, _inst()), p, "zone: seqZone")


@S(_G, "hiera-yaml-plain-password")
def _():
    p = _pw()
    return ("---\nprofile::slurm::dbd::storage_user: slurm\nprofile::slurm::dbd::storage_pass: '%s'\nprofile::slurm::cluster_name: %s" % (p.replace("'", ""), _lab()), p.replace("'", ""), "profile::slurm::cluster_name")


@S(_G, "docker-secret-create-echo")
def _():
    p = _pw()
    return ("printf '%s' | docker secret create galaxy_db_password -\ndocker service update --secret-add galaxy_db_password galaxy_web" % p.replace("'", "").replace("%", ""), p.replace("'", "").replace("%", ""), "docker service update --secret-add")


@S(_G, "ssm-put-parameter-securestring")
def _():
    p = _pw()
    return ("aws ssm put-parameter --name /omics/prod/lims/password --type SecureString --value '%s' --overwrite" % p.replace("'", ""), p.replace("'", ""), "--name /omics/prod/lims/password")


@S(_G, "az-keyvault-secret-set-value")
def _():
    p = _pw()
    return ("az keyvault secret set --vault-name kv-%s --name cromwell-db-password --value '%s'" % (_lab(), p.replace("'", "")), p.replace("'", ""), "az keyvault secret set")


@S(_G, "gcloud-secrets-create-echo-n")
def _():
    k = _hex(36)
    return ("echo -n '%s' | gcloud secrets create ncbi-api-key --data-file=- --replication-policy=automatic" % k, k, "gcloud secrets create ncbi-api-key")


@S(_G, "singularity-build-env-section")
def _():
    t = _hf()
    return ("Bootstrap: docker\nFrom: nvcr.io/nvidia/pytorch:24.05-py3\n\n%%environment\n    export HF_TOKEN=%s\n    export HF_HOME=/opt/hf\n\n%%post\n    pip install esm==3.0.0" % t, t, "Bootstrap: docker")


@S(_G, "vercel-env-pull-dotenv-output")
def _():
    k = _anthropic()
    return ("$ vercel env pull .env.production\n> Downloading `production` Environment Variables for %s/variant-explainer\n$ cat .env.production\nANTHROPIC_API_KEY=\"%s\"\nNEXT_PUBLIC_API=https://variants.%s" % (_lab(), k, _inst()), k, "Downloading `production` Environment Variables")


@S(_G, "woodpecker-ci-secret-inline")
def _():
    p = _pw()
    return ("steps:\n  deploy:\n    image: alpine\n    commands:\n      - apk add sshpass openssh\n      - sshpass -p '%s' ssh deploy@%s 'cd /srv/galaxy && git pull'" % (p.replace("'", ""), _host("galaxy")), p.replace("'", ""), "apk add sshpass openssh")


@S(_G, "gitea-actions-token-in-url")
def _():
    t = _hex(40)
    return ("      - run: git push https://ci-bot:%s@git.%s/%s/workflows.git HEAD:refs/heads/release" % (t, _inst(), _lab()), t, "HEAD:refs/heads/release")


@S(_G, "heroku-style-config-set")
def _():
    p = _pw_url()
    return ("dokku config:set lims-portal DATABASE_URL=postgres://portal:%s@%s:5432/portal SECRET_PLACEHOLDER=none" % (p, _host("pg")), p, "dokku config:set lims-portal")


@S(_G, "github-actions-matrix-include-creds")
def _():
    p = _pw()
    return ("    strategy:\n      matrix:\n        include:\n          - cluster: hpc-a\n            sftp_pass: \"%s\"\n          - cluster: hpc-b\n            sftp_pass: ${{ secrets.HPCB_SFTP }}" % p.replace('"', ""), p.replace('"', ""), "cluster: hpc-a")


@S(_G, "rundeck-job-option-default-password")
def _():
    p = _pw()
    return ("- name: restart-galaxy\n  options:\n  - name: sudo_pass\n    value: %s\n    secure: false\n  sequence:\n    commands:\n    - exec: sudo -S systemctl restart galaxy" % p, p, "name: restart-galaxy")


@S(_G, "kustomize-secret-generator-literal")
def _():
    p = _pw()
    return ("secretGenerator:\n- name: tower-db\n  literals:\n  - TOWER_DB_USER=tower\n  - TOWER_DB_PASSWORD=%s" % p, p, "secretGenerator:")


# =====================================================================
# SECRETS -- group: vendor-token
# =====================================================================
_G = "vendor-token"


def _ctx_token(name, tok, host="api"):
    k = _i(0, 4)
    if k == 0:
        return ("export %s=%s" % (name, tok), "export " + name)
    if k == 1:
        return ("%s: \"%s\"" % (name.lower(), tok), name.lower() + ":")
    if k == 2:
        return ("curl -H \"Authorization: Bearer %s\" https://%s/" % (tok, host), "https://" + host)
    if k == 3:
        return ("%s = '%s'  # TODO move to secrets manager" % (name, tok), "TODO move to secrets manager")
    return ("- %s set to %s in the runner env" % (name, tok), "in the runner env")


@S(_G, "github-classic-pat-ghp")
def _():
    t = _ghp()
    txt, vis = _ctx_token("GITHUB_TOKEN", t, "api.github.com/repos/%s/pipelines" % _lab())
    return (txt, t, vis)


@S(_G, "github-fine-grained-pat")
def _():
    t = _github_pat()
    txt, vis = _ctx_token("GH_PAT", t, "api.github.com/orgs/%s" % _lab())
    return (txt, t, vis)


@S(_G, "github-oauth-gho")
def _():
    t = _gho()
    return ("github.com:\n    user: %s\n    oauth_token: %s\n    git_protocol: https" % (_user(), t), t, "git_protocol: https")


@S(_G, "github-app-installation-ghs")
def _():
    t = _ghs()
    return ("git clone https://x-access-token:%s@github.com/%s/nf-modules-private.git" % (t, _lab()), t, "nf-modules-private.git")


@S(_G, "gitlab-glpat")
def _():
    t = _glpat()
    txt, vis = _ctx_token("GITLAB_TOKEN", t, "gitlab.%s/api/v4/projects" % _inst())
    return (txt, t, vis)


@S(_G, "gitlab-deploy-token-gldt")
def _():
    t = "gldt-" + _s(_AN + "-_", 20)
    return ("pip install git+https://gitlab+deploy-token-%d:%s@gitlab.%s/%s/pyseqlims.git@v2.1.0" % (_i(10, 999), t, _inst(), _lab()), t, "pyseqlims.git@v2.1.0")


@S(_G, "gitlab-runner-registration-glrt")
def _():
    t = "glrt-" + _s(_AN + "-_", 20)
    return ("gitlab-runner register --non-interactive --url https://gitlab.%s --token %s --executor docker --docker-image ubuntu:22.04" % (_inst(), t), t, "gitlab-runner register")


@S(_G, "slack-bot-xoxb")
def _():
    t = _xox("b")
    txt, vis = _ctx_token("SLACK_BOT_TOKEN", t, "slack.com/api/chat.postMessage")
    return (txt, t, vis)


@S(_G, "slack-user-xoxp")
def _():
    t = _xox("p")
    return ("slack_user_token = \"%s\"  # posts run summaries as me" % t, t, "posts run summaries as me")


@S(_G, "slack-app-level-xapp")
def _():
    t = "xapp-1-A%s-%s-%s" % (_uan(10), _dig(13), _hex(64))
    return ("SLACK_APP_TOKEN=%s\nSLACK_SOCKET_MODE=true" % t, t, "SLACK_SOCKET_MODE=true")


@S(_G, "slack-incoming-webhook-url")
def _():
    t, b, x = _slack_hook_parts()
    return ("notify:\n  on_failure: https://hooks.slack.com/services/%s/%s/%s\n  channel: \"#nf-runs\"" % (t, b, x), x, "on_failure:")


@S(_G, "discord-webhook-url")
def _():
    s = _s(_AN + "-_", 68)
    return ("DISCORD_WEBHOOK=https://discord.com/api/webhooks/%s/%s" % (_dig(18), s), s, "DISCORD_WEBHOOK=")


@S(_G, "teams-incoming-webhook-url")
def _():
    s = _hex(32)
    return ("teams_hook: https://%s.webhook.office.com/webhookb2/%s@%s/IncomingWebhook/%s/%s" % (_lab().replace("-", ""), _uuid(), _uuid(), s, _uuid()), s, "teams_hook:")


@S(_G, "stripe-live-secret-key")
def _():
    t = "sk_live_51" + _an(96)
    txt, vis = _ctx_token("STRIPE_SECRET_KEY", t, "api.stripe.com/v1/charges")
    return (txt, t, vis)


@S(_G, "stripe-restricted-key")
def _():
    t = "rk_live_51" + _an(96)
    return ("# course registration site (sequencing workshop fees)\nSTRIPE_RESTRICTED_KEY=%s" % t, t, "course registration site")


@S(_G, "aws-access-key-pair")
def _():
    a, s = _aws_id(), _aws_secret()
    return ("AWS_ACCESS_KEY_ID=%s\nAWS_SECRET_ACCESS_KEY=%s" % (a, s), s, "AWS_SECRET_ACCESS_KEY=")


@S(_G, "aws-access-key-id-alone-labelled")
def _():
    a = _aws_id()
    return ("key id for the omics uploader IAM user (secret in the sealed envelope): %s, plus secret %s" % (a, _aws_secret()), a, "omics uploader IAM user")


@S(_G, "aws-session-token-asia")
def _():
    t = _aws_session()
    return ("[temp]\naws_access_key_id = %s\naws_secret_access_key = %s\naws_session_token = %s" % (_aws_sid(), _aws_secret(), t), t, "[temp]")


@S(_G, "google-api-key-aiza")
def _():
    t = _aiza()
    txt, vis = _ctx_token("GOOGLE_API_KEY", t, "sheets.googleapis.com/v4/spreadsheets")
    return (txt, t, vis)


@S(_G, "google-oauth-client-secret-gocspx")
def _():
    s = _gocspx()
    return ('{"installed":{"client_id":"%s-%s.apps.googleusercontent.com","project_id":"%s-terra","client_secret":"%s","redirect_uris":["http://localhost"]}}' % (_dig(12), _lan(32), _lab(), s), s, '"redirect_uris":["http://localhost"]')


@S(_G, "google-oauth-access-ya29")
def _():
    t = _ya29()
    txt, vis = _ctx_token("TERRA_ACCESS_TOKEN", t, "api.firecloud.org/api/me")
    return (txt, t, vis)


@S(_G, "google-refresh-token-1slash")
def _():
    t = "1//0" + _s(_AN + "-_", 100)
    return ('{"client_id": "%s.apps.googleusercontent.com", "refresh_token": "%s", "type": "authorized_user"}' % (_dig(12), t), t, '"type": "authorized_user"')


@S(_G, "openai-project-key")
def _():
    t = _openai()
    txt, vis = _ctx_token("OPENAI_API_KEY", t, "api.openai.com/v1/chat/completions")
    return (txt, t, vis)


@S(_G, "anthropic-api-key")
def _():
    t = _anthropic()
    txt, vis = _ctx_token("ANTHROPIC_API_KEY", t, "api.anthropic.com/v1/messages")
    return (txt, t, vis)


@S(_G, "huggingface-user-token")
def _():
    t = _hf()
    txt, vis = _ctx_token("HF_TOKEN", t, "huggingface.co/api/whoami-v2")
    return (txt, t, vis)


@S(_G, "npm-granular-token")
def _():
    t = _npm()
    return ("//npm.pkg.github.com/:_authToken=%s\n@%s:registry=https://npm.pkg.github.com" % (_ghp(), _lab()) + "\n//registry.npmjs.org/:_authToken=" + t, t, "registry=https://npm.pkg.github.com")


@S(_G, "pypi-api-token")
def _():
    t = _pypi()
    txt, vis = _ctx_token("TWINE_PASSWORD", t, "upload.pypi.org/legacy/")
    return (txt, t, vis)


@S(_G, "docker-hub-pat")
def _():
    t = _dckr()
    return ("DOCKERHUB_USERNAME=%s\nDOCKERHUB_TOKEN=%s" % (_user(), t), t, "DOCKERHUB_USERNAME")


@S(_G, "azure-storage-connection-string")
def _():
    k = _azkey()
    return ("AZURE_STORAGE_CONNECTION_STRING=\"DefaultEndpointsProtocol=https;AccountName=%sraw;AccountKey=%s;EndpointSuffix=core.windows.net\"" % (_lab().replace("-", "")[:12], k), k, "EndpointSuffix=core.windows.net")


@S(_G, "azure-sas-token-standalone")
def _():
    sig = base64.b64encode(_rb(32)).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    return ("SAS for the collaborator upload container (write-only, 14 days):\n?sv=2022-11-02&ss=b&srt=co&sp=wac&se=%sT00:00:00Z&spr=https&sig=%s" % (_date(), sig), sig, "collaborator upload container")


@S(_G, "sendgrid-api-key")
def _():
    t = "SG." + _s(_AN + "-_", 22) + "." + _s(_AN + "-_", 43)
    txt, vis = _ctx_token("SENDGRID_API_KEY", t, "api.sendgrid.com/v3/mail/send")
    return (txt, t, vis)


@S(_G, "twilio-auth-token-with-sid")
def _():
    t = _hex(32)
    return ("TWILIO_ACCOUNT_SID=AC%s\nTWILIO_AUTH_TOKEN=%s\n# SMS alert when the -80 freezer in the biobank goes off" % (_hex(32), t), t, "SMS alert when the -80 freezer")


@S(_G, "mailgun-private-key")
def _():
    t = "key-" + _hex(32)
    return ("curl -s --user 'api:%s' https://api.mailgun.net/v3/mg.%s/messages -F from='Run Bot <runs@mg.%s>'" % (t, _inst(), _inst()), t, "api.mailgun.net/v3/mg.")


@S(_G, "datadog-api-and-app-key")
def _():
    t = _hex(40)
    return ("DD_API_KEY=%s\nDD_APP_KEY=%s\nDD_SITE=datadoghq.eu" % (_hex(32), t), t, "DD_SITE=datadoghq.eu")


@S(_G, "newrelic-user-key")
def _():
    t = "NRAK-" + _uan(27)
    txt, vis = _ctx_token("NEW_RELIC_API_KEY", t, "api.newrelic.com/graphql")
    return (txt, t, vis)


@S(_G, "sentry-auth-token-sntrys")
def _():
    t = "sntrys_" + _b64u(96)
    return ("sentry-cli --auth-token %s releases new -p lims-portal %s" % (t, _sha()[:12]), t, "releases new -p lims-portal")


@S(_G, "vault-service-token-hvs")
def _():
    t = _hvs()
    txt, vis = _ctx_token("VAULT_TOKEN", t, "vault.%s:8200/v1/secret/data/galaxy" % _inst())
    return (txt, t, vis)


@S(_G, "terraform-cloud-atlasv1")
def _():
    t = _an(14) + ".atlasv1." + _an(67)
    return ('credentials "app.terraform.io" {\n  token = "%s"\n}' % t, t, 'credentials "app.terraform.io"')


@S(_G, "pulumi-access-token")
def _():
    t = "pul-" + _hex(40)
    txt, vis = _ctx_token("PULUMI_ACCESS_TOKEN", t, "api.pulumi.com/api/user")
    return (txt, t, vis)


@S(_G, "digitalocean-pat")
def _():
    t = "dop_v1_" + _hex(64)
    return ("doctl auth init --access-token %s --context %s" % (t, _lab()), t, "doctl auth init")


@S(_G, "cloudflare-api-token")
def _():
    t = _s(_AN + "-_", 40)
    return ("CLOUDFLARE_API_TOKEN=%s  # DNS edit for galaxy.%s" % (t, _inst()), t, "DNS edit for galaxy.")


@S(_G, "linear-api-key")
def _():
    t = "lin_api_" + _an(40)
    txt, vis = _ctx_token("LINEAR_API_KEY", t, "api.linear.app/graphql")
    return (txt, t, vis)


@S(_G, "notion-integration-secret")
def _():
    t = "ntn_" + _dig(11) + _an(35)
    return ("NOTION_TOKEN=%s\nNOTION_DB_RUNS=%s" % (t, _hex(32)), t, "NOTION_DB_RUNS")


@S(_G, "airtable-pat")
def _():
    t = "pat" + _an(14) + "." + _hex(64)
    return ("airtable:\n  base: app%s\n  table: Samples\n  token: %s" % (_an(14), t), t, "table: Samples")


@S(_G, "atlassian-api-token")
def _():
    t = "ATATT3xFfGF0" + _s(_AN + "-_", 170) + "=" + _HEX(8)
    return ("JIRA_USER=%s@%s\nJIRA_API_TOKEN=%s" % (_user(), _inst(), t), t, "JIRA_USER=")


@S(_G, "databricks-pat-dapi")
def _():
    t = "dapi" + _hex(32)
    return ("[DEFAULT]\nhost  = https://adb-%s.%d.azuredatabricks.net\ntoken = %s" % (_dig(16), _i(1, 19), t), t, "azuredatabricks.net")


@S(_G, "postman-api-key")
def _():
    t = "PMAK-" + _hex(24) + "-" + _hex(34)
    txt, vis = _ctx_token("POSTMAN_API_KEY", t, "api.getpostman.com/collections")
    return (txt, t, vis)


@S(_G, "mapbox-secret-token")
def _():
    t = "sk.eyJ1Ijoi" + _b64u(30) + "." + _b64u(16)
    return ("MAPBOX_SECRET_TOKEN=%s  # sampling-sites map upload" % t, t, "sampling-sites map upload")


@S(_G, "telegram-bot-token")
def _():
    t = "%s:AA%s" % (_dig(10), _s(_AN + "-_", 33))
    return ("curl -s \"https://api.telegram.org/bot%s/sendMessage\" -d chat_id=-%s -d text='demux done'" % (t, _dig(13)), t, "text='demux done'")


@S(_G, "tailscale-auth-key")
def _():
    t = "tskey-auth-k" + _an(10) + "CNTRL-" + _an(33)
    return ("sudo tailscale up --authkey=%s --hostname=seq-instr-pc-%d" % (t, _i(1, 9)), t, "sudo tailscale up")


@S(_G, "ngrok-authtoken")
def _():
    t = _dig(1) + _an(26) + "_" + _an(21)
    return ("ngrok config add-authtoken %s && ngrok http 8787" % t, t, "ngrok http 8787")


@S(_G, "onepassword-service-account")
def _():
    t = "ops_eyJ" + _b64u(200)
    return ("OP_SERVICE_ACCOUNT_TOKEN=%s op read 'op://Genomics/LIMS DB/password'" % t, t, "op read")


@S(_G, "doppler-service-token")
def _():
    t = "dp.st.prd." + _an(43)
    return ("doppler run --token %s -- nextflow run main.nf -profile cloud" % t, t, "nextflow run main.nf -profile cloud")


@S(_G, "grafana-service-account-token")
def _():
    t = "glsa_" + _an(32) + "_" + _hex(8)
    txt, vis = _ctx_token("GRAFANA_TOKEN", t, "grafana.%s/api/dashboards/db" % _inst())
    return (txt, t, vis)


@S(_G, "replicate-api-token")
def _():
    t = "r8_" + _an(37)
    return ("REPLICATE_API_TOKEN=%s python scripts/fold_candidates.py --model alphafold-lite" % t, t, "scripts/fold_candidates.py")


@S(_G, "groq-api-key")
def _():
    t = "gsk_" + _an(52)
    txt, vis = _ctx_token("GROQ_API_KEY", t, "api.groq.com/openai/v1/models")
    return (txt, t, vis)


@S(_G, "age-secret-key")
def _():
    k = "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)
    return ("# created: %sT10:00:00Z\n# public key: age1%s\n%s" % (_date(), _s("qpzry9x8gf2tvdw0s3jn54khce6mua7l", 58), k), k, "# public key: age1")


@S(_G, "seqera-platform-access-token")
def _():
    t = _seqera()
    txt, vis = _ctx_token("TOWER_ACCESS_TOKEN", t, "api.cloud.seqera.io/user-info")
    return (txt, t, vis)


@S(_G, "dnanexus-api-token")
def _():
    t = _an(32)
    txt, vis = _ctx_token("DX_API_TOKEN", t, "api.dnanexus.com/system/whoami")
    return (txt, t, vis)


@S(_G, "basespace-access-token")
def _():
    t = _hex(32)
    txt, vis = _ctx_token("BASESPACE_ACCESS_TOKEN", t, "api.basespace.illumina.com/v2/users/current")
    return (txt, t, vis)


@S(_G, "sevenbridges-auth-token")
def _():
    t = _hex(32)
    return ("X-SBG-Auth-Token: %s" % t, t, "X-SBG-Auth-Token")


@S(_G, "ncbi-eutils-api-key")
def _():
    k = _hex(36)
    txt, vis = _ctx_token("NCBI_API_KEY", k, "eutils.ncbi.nlm.nih.gov/entrez/eutils/einfo.fcgi")
    return (txt, k, vis)


@S(_G, "galaxy-user-api-key")
def _():
    k = _hex(32)
    return ("[galaxy]\nurl = https://usegalaxy.%s\nkey = %s" % (_inst(), k), k, "[galaxy]")


@S(_G, "synapse-personal-access-token")
def _():
    t = _jwt({"aud": "synapse", "sub": _dig(7), "token_type": "PERSONAL_ACCESS_TOKEN", "access": {"scope": ["view", "download"]}})
    return ("[authentication]\nusername = %s\nauthtoken = %s" % (_user(), t), t, "[authentication]")


@S(_G, "benchling-api-key")
def _():
    k = "sk_" + _an(32)
    txt, vis = _ctx_token("BENCHLING_API_KEY", k, "%s.benchling.com/api/v2/dna-sequences" % _lab())
    return (txt, k, vis)


@S(_G, "illumina-ica-api-key")
def _():
    k = _s(_AN, 32)
    return ("icav2 config set --x-api-key %s --server-url ica.illumina.com" % k, k, "--server-url ica.illumina.com")


@S(_G, "dockstore-token")
def _():
    t = _hex(64)
    txt, vis = _ctx_token("DOCKSTORE_TOKEN", t, "dockstore.org/api/users/user")
    return (txt, t, vis)


@S(_G, "zenodo-access-token")
def _():
    t = _an(60)
    return ("curl -s -H 'Content-Type: application/json' -X POST 'https://zenodo.org/api/deposit/depositions?access_token=%s' -d '{}'" % t, t, "zenodo.org/api/deposit/depositions")


@S(_G, "figshare-personal-token")
def _():
    t = _hex(128)
    return ("Authorization: token %s\nUser-Agent: lab-figshare-uploader/0.3" % t, t, "lab-figshare-uploader/0.3")


@S(_G, "anaconda-org-token")
def _():
    t = "%s-%s-%s-%s-%s" % (_lan(2), _hex(8), _hex(4), _hex(4), _hex(12))
    txt, vis = _ctx_token("ANACONDA_API_TOKEN", t, "api.anaconda.org/user")
    return (txt, t, vis)


@S(_G, "quay-robot-token")
def _():
    t = _uan(64)
    return ("robot account: %s+ci_push\ntoken: %s" % (_lab(), t), t, "robot account:")


@S(_G, "wandb-api-key")
def _():
    k = _hex(40)
    txt, vis = _ctx_token("WANDB_API_KEY", k, "api.wandb.ai/graphql")
    return (txt, k, vis)


@S(_G, "kaggle-json-key")
def _():
    k = _hex(32)
    return ('{"username":"%s","key":"%s"}' % (_user(), k), k, '"username":')


@S(_G, "circleci-personal-token")
def _():
    t = "CCIPAT_" + _an(22) + "_" + _hex(40)
    txt, vis = _ctx_token("CIRCLE_TOKEN", t, "circleci.com/api/v2/me")
    return (txt, t, vis)


@S(_G, "jfrog-artifactory-api-key")
def _():
    t = "AKCp8" + _an(68)
    return ("conda config --set channel_alias https://%s:%s@artifactory.%s/artifactory/api/conda" % (_user(), t, _inst()), t, "conda config --set channel_alias")


@S(_G, "okta-ssws-api-token")
def _():
    t = "00" + _s(_AN + "-_", 40)
    return ("Authorization: SSWS %s" % t, t, "Authorization: SSWS")


@S(_G, "mailchimp-api-key")
def _():
    t = _hex(32) + "-us" + str(_i(1, 21))
    return ("MAILCHIMP_KEY=%s  # newsletter for the sequencing core users" % t, t, "newsletter for the sequencing core")


@S(_G, "shopify-admin-token")
def _():
    t = "shpat_" + _hex(32)
    return ("SHOPIFY_ADMIN_TOKEN=%s  # reagent kit shop for the core facility" % t, t, "reagent kit shop")


@S(_G, "modal-token-secret")
def _():
    s = "as-" + _an(22)
    return ("modal token set --token-id ak-%s --token-secret %s" % (_an(22), s), s, "modal token set")


@S(_G, "rsa-private-key-pem-block")
def _():
    body = _pem_body()
    return ("-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----" % body, body, "-----END RSA PRIVATE KEY-----")


@S(_G, "ec-private-key-pem-block")
def _():
    body = _lines(_b64(_c([118, 121])), 64)
    return ("# lims-api signing key (ES256)\n-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----" % body, body, "lims-api signing key (ES256)")


@S(_G, "pgp-private-key-block")
def _():
    body = _lines(_b64(_i(900, 1100)), 64)
    return ("-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n%s\n=%s\n-----END PGP PRIVATE KEY BLOCK-----" % (body, _b64(3)), body, "-----BEGIN PGP PRIVATE KEY BLOCK-----")


@S(_G, "jwt-hs256-session-token")
def _():
    t = _jwt({"sub": _user(), "role": "analyst", "iss": "lims.%s" % _inst(), "exp": _i(1730000000, 1760000000)})
    txt, vis = _ctx_token("LIMS_JWT", t, "lims.%s/api/v2/me" % _inst())
    return (txt, t, vis)


# =====================================================================
# BENIGN -- look-alikes with no credential
# =====================================================================
_MSGS = ["fix: handle empty samplesheet", "feat: add ONT basecalling profile", "bump nf-core/modules",
         "chore: pin bioconda::samtools=1.20", "docs: explain lims sync", "refactor(wdl): split germline task",
         "ci: cache conda envs", "fix(snakemake): wildcard constraints for lanes", "Merge pull request #%d" % 42,
         "test: add nf-test snapshots", "perf: stream bam through samtools view", "revert accidental rename"]


@B(8)
def _():
    return "$ git log --oneline -5\n" + "\n".join("%s %s" % (_hex(7), _c(_MSGS)) for _ in range(5))


@B(6)
def _():
    return "commit %s\nMerge: %s %s\nAuthor: %s <%s@%s>\nDate:   %s\n\n    %s" % (_sha(), _hex(7), _hex(7), _full(), _user(), _inst(), _date(), _c(_MSGS))


@B(8)
def _():
    return "$ sha256sum fastq/*.fastq.gz\n" + "\n".join("%s  fastq/%s_R%d_001.fastq.gz" % (_hex(64), _sample(), r) for r in (1, 2))


@B(6)
def _():
    return "$ md5sum -c checksums.md5\n" + "\n".join("%s_R%d.fastq.gz: OK" % (_sample(), r) for r in (1, 2)) + "\n# reference md5 %s" % _hex(32)


@B(7)
def _():
    return "STUDY\tPRJEB%s\nSAMPLE\tERS%s\nNAME\t%s\nPLATFORM\tILLUMINA\nINSTRUMENT\tIllumina NovaSeq 6000\nFASTQ\t%s_R1.fastq.gz\t%s\nFASTQ\t%s_R2.fastq.gz\t%s" % (_dig(5), _dig(8), _sample(), _sample(), _hex(32), _sample(), _hex(32))


@B(7)
def _():
    return "$ docker pull quay.io/biocontainers/%s:%s\n%s: Pull complete\n%s: Pull complete\nDigest: sha256:%s\nStatus: Downloaded newer image" % (_c(["samtools", "bcftools", "fastp", "salmon", "multiqc"]), _c(["1.20--h50ea8bc_0", "0.23.4--h5f740d0_0", "1.10.3--h6dccd9a_0"]), _hex(12), _hex(12), _hex(64))


@B(6)
def _():
    return "REPOSITORY                        TAG       IMAGE ID       CREATED       SIZE\nghcr.io/%s/rnaseq-tools     %s   %s   2 days ago    1.21GB\nrocker/rstudio                    4.4.1     %s   3 weeks ago   1.9GB" % (_lab(), _hex(7), _hex(12), _hex(12))


@B(6)
def _():
    pk = _c(["samtools", "htslib", "bwa-mem2", "star", "gatk4", "pysam", "snakemake-minimal", "nextflow"])
    return "# packages in environment at /shared/conda/envs/%s:\n%-20s %-10s %-22s %s\n%-20s %-10s %-22s %s" % (_proj(), pk, "1.%d" % _i(0, 20), "h%s_%d" % (_hex(7), _i(0, 3)), "bioconda", "python", "3.11.9", "h%s_0_cpython" % _hex(7), "conda-forge")


@B(6)
def _():
    return "pysam==0.22.1 \\\n    --hash=sha256:%s \\\n    --hash=sha256:%s" % (_hex(64), _hex(64))


@B(7)
def _():
    return "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:%s %s@%s (ED25519)" % (_b64(32).rstrip("="), _user(), _c(["laptop", "hpc-login01", "ws-%d" % _i(1, 99)]))


@B(7)
def _():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s %s@%s" % (_b64(32)[:43], _user(), _inst())


@B(5)
def _():
    return "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ%s %s-deploy-key" % (_b64(380).rstrip("="), _lab())


@B(6)
def _():
    fp = _HEX(40)
    return "$ gpg --list-keys %s@%s\npub   ed25519 %s [SC]\n      %s\nuid           [ultimate] %s <%s@%s>\nsub   cv25519 %s [E]" % (_user(), _inst(), _date(), fp, _full(), _user(), _inst(), _date())


@B(6)
def _():
    return "$ openssl x509 -in galaxy.crt -noout -fingerprint -sha256\nsha256 Fingerprint=%s" % ":".join(_HEX(2) for _ in range(32))


@B(6)
def _():
    return "-----BEGIN CERTIFICATE-----\n%s\n-----END CERTIFICATE-----" % _lines("MIID" + _b64(_i(700, 900)), 64)


@B(6)
def _():
    return "# lims JWT verification key (public)\n-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----" % _lines("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" + _b64(258), 64)


@B(6)
def _():
    return "$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile                  %s           manual    --profile\naccess_key     ****************%s shared-credentials-file\nsecret_key     ****************%s shared-credentials-file\n    region                us-east-1      config-file    ~/.aws/config" % (_c(["omics", "default", "seqcore"]), _uan(4), _an(4))


@B(6)
def _():
    return '$ aws sts get-caller-identity\n{\n    "UserId": "AROA%s:%s",\n    "Account": "%s",\n    "Arn": "arn:aws:sts::%s:assumed-role/OmicsRunner/%s"\n}' % (_uan(17), _user(), _dig(12), _dig(12), _user())


@B(8)
def _():
    return "\n".join("[%s/%s] process > %s (%s) [100%%] %d of %d \u2714" % (_hex(2), _hex(6), _c(["FASTQC", "TRIMGALORE", "STAR_ALIGN", "SALMON_QUANT", "MULTIQC", "MARKDUPLICATES"]), _sample(), n, n) for n in (_i(1, 48), _i(1, 48)))


@B(6)
def _():
    return "$ nextflow log\nTIMESTAMP            DURATION  RUN NAME          STATUS  REVISION ID  SESSION ID                            COMMAND\n%s %s  %-6s %s_%s  OK      %s   %s  nextflow run nf-core/rnaseq -r 3.14.0" % (_date(), _time(), "1h 2m", _c(["elegant", "sad", "jovial", "furious", "admiring"]), _c(["curie", "turing", "mendel", "hopper", "franklin"]), _hex(10), _uuid())


@B(6)
def _():
    return "Monitor the execution with Seqera Platform using this URL: https://cloud.seqera.io/orgs/%s/workspaces/%s/watch/%s" % (_lab(), _proj(), _an(14))


@B(7)
def _():
    return "$ dx describe file-%s\nID                  file-%s\nClass               file\nProject             project-%s\nFolder              /raw/%s\nName                %s.cram\nState               closed\nSize                18.4 GB" % ((_s(_AN, 24),) * 2 + (_s(_AN, 24), _proj(), _sample()))


@B(6)
def _():
    return "dx run app-%s -iinput=file-%s -y --brief\njob-%s" % (_c(["fastqc", "gatk4_haplotypecaller", "bwa_mem_fastq_read_mapper"]), _s(_AN, 24), _s(_AN, 24))


@B(6)
def _():
    return "Terra submission %s: workflow %s Succeeded (call-cache hit for %d of %d calls) in workspace %s/%s, bucket gs://fc-%s" % (_uuid(), _uuid(), _i(0, 30), _i(31, 60), _lab(), _proj(), _uuid())


@B(6)
def _():
    return '{"id":"%s","status":"Submitted"}' % _uuid()


@B(6)
def _():
    return "arn:aws:omics:us-east-1:%s:run/%s  status=COMPLETED  workflow=%s  outputUri=s3://%s-omics-out/%s/" % (_dig(12), _dig(7), _dig(7), _lab(), _dig(7))


@B(6)
def _():
    return "$ bs list runs\n+------------------------------+-----------+------------------------------------+----------+\n| Name                         | Id        | ExperimentName                     | Status   |\n| %s_A0%s_0%s_B%s  | %s | %s | Complete |" % (_date().replace("-", "")[2:], _dig(4), _dig(3), _uan(9), _dig(9), _proj())


@B(6)
def _():
    return "<eSearchResult><Count>%d</Count><RetMax>20</RetMax><QueryKey>1</QueryKey><WebEnv>MCID_%s</WebEnv><IdList><Id>%s</Id><Id>%s</Id></IdList></eSearchResult>" % (_i(20, 9000), _hex(24), _dig(8), _dig(8))


@B(6)
def _():
    return '<RECEIPT receiptDate="%sT10:01:11.000+01:00" submissionFile="submission.xml" success="true">\n  <EXPERIMENT accession="ERX%s" alias="exp_%s" status="PRIVATE"/>\n  <RUN accession="ERR%s" alias="run_%s" status="PRIVATE"/>\n  <SUBMISSION accession="ERA%s" alias="sub_%s"/>\n</RECEIPT>' % (_date(), _dig(8), _sample(), _dig(8), _sample(), _dig(8), _date())


@B(6)
def _():
    return "https://usegalaxy.%s/datasets/%s/display?preview=True  (history %s)" % (_inst(), _hex(16), _hex(16))


@B(6)
def _():
    rows = "\n".join("%s,%s,%s,%s" % (_sample(), _sample(), _s("ACGT", 10), _s("ACGT", 10)) for _ in range(3))
    return "[BCLConvert_Data]\nSample_ID,Sample_Name,Index,Index2\n" + rows


@B(8)
def _():
    seq = _s("ACGT", 100)
    qual = _s("FF:,F:FFF:FF,F:FFF,FF:F#", 100)
    return "@A0%s:%d:H%s:%d:%d:%d:%d 1:N:0:%s+%s\n%s\n+\n%s" % (_dig(4), _i(1, 999), _uan(8), _i(1, 4), _i(1000, 2999), _i(1000, 30000), _i(1000, 30000), _s("ACGT", 8), _s("ACGT", 8), seq, qual)


@B(6)
def _():
    return "%s:%d\t99\tchr%d\t%d\t60\t%dM%dS\t=\t%d\t%d\t%s\t%s\tMD:Z:%d%s%d\tNM:i:1" % (_uan(10), _i(1, 9999), _i(1, 22), _i(10000, 9999999), _i(100, 140), _i(1, 10), _i(10000, 9999999), _i(200, 500), _s("ACGT", 40), _s("FF:F,", 40), _i(5, 80), _c("ACGT"), _i(5, 60))


@B(5)
def _():
    return "##fileformat=VCFv4.2\n##source=DeepVariant-1.6.1\n##reference=GRCh38 md5=%s\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t%s" % (_hex(32), _sample())


@B(6)
def _():
    return "$ sacct -j %s --format=JobID,JobName,State,Elapsed,MaxRSS\n%s      nf-STAR_A+  COMPLETED   01:12:44\n%s.batch     batch  COMPLETED   01:12:44  %dK" % (_dig(7), _dig(7), _dig(7), _i(10000000, 40000000))


@B(5)
def _():
    return "INFO:    Using cached SIF image\nINFO:    Verifying bootstrap image\nSIF fingerprint: sha256.%s\n%s/.apptainer/cache/oci-tmp/%s" % (_hex(64), _user(), _hex(64))


@B(6)
def _():
    return "< HTTP/1.1 200 OK\n< x-amz-id-2: %s\n< x-amz-request-id: %s\n< ETag: \"%s\"\n< x-amz-version-id: %s" % (_b64(54), _uan(16), _hex(32), _s(_AN + "._", 32))


@B(6)
def _():
    return '{"kind": "storage#object", "name": "%s/%s.cram", "bucket": "fc-%s", "generation": "%s", "md5Hash": "%s", "crc32c": "%s"}' % (_proj(), _sample(), _uuid(), _dig(16), _b64(16), _b64(4))


@B(5)
def _():
    return "< HTTP/2 200\n< x-ms-request-id: %s\n< x-ms-version: 2023-11-03\n< Content-MD5: %s\n< x-ms-server-encrypted: true" % (_uuid(), _b64(16))


@B(6)
def _():
    return "< HTTP/2 401\n< x-request-id: %s\n< www-authenticate: Bearer realm=\"lims\", error=\"invalid_token\", error_description=\"The access token expired\"" % _hex(32)


_PLACEHOLDERS = ["<your-token>", "<YOUR_API_KEY>", "${TOWER_ACCESS_TOKEN}", "$NCBI_API_KEY", "xxxxxxxxxxxxxxxx",
                 "********", "[REDACTED]", "REDACTED", "<redacted>", "changeme-in-prod-via-vault", "${{ secrets.BS_TOKEN }}",
                 "{{ vault_lims_password }}", "%(LIMS_PASS)s", "__SET_ME__", "<paste token here>", "TODO", "***",
                 "${env:DX_API_TOKEN}", "$(cat /run/secrets/db_password)", "secrets.NCBI_API_KEY", "<password>",
                 "YOUR_BASESPACE_TOKEN_HERE", "dummy", "${LIMS_DB_PASSWORD:?must be set}", "op://Genomics/LIMS/password"]


@B(18)
def _():
    key = _c(["password", "api_key", "token", "secret_key", "access_token", "auth_token", "lims_password", "NCBI_API_KEY"])
    ph = _c(_PLACEHOLDERS)
    form = _i(0, 4)
    if form == 0:
        return "%s: \"%s\"   # %s" % (key, ph, _c(["set in CI", "see README", "injected at runtime", "do not commit real value"]))
    if form == 1:
        return "%s=%s\n# host: %s" % (key.upper(), ph, _host())
    if form == 2:
        return "params.%s = %s  // %s" % (key, ph if ph.startswith("secrets.") else "'%s'" % ph, _proj())
    if form == 3:
        return '"%s": "%s", "host": "%s"' % (key, ph, _host())
    return "--%s '%s' --run %s" % (key.replace("_", "-"), ph, _dig(6))


@B(7)
def _():
    return "      - name: Launch on Seqera\n        env:\n          TOWER_ACCESS_TOKEN: ${{ secrets.TOWER_ACCESS_TOKEN }}\n          TOWER_WORKSPACE_ID: ${{ vars.WORKSPACE_%s }}\n        run: tw launch %s/%s -r %s" % (_uan(4), _lab(), _proj().lower(), _hex(7))


@B(6)
def _():
    return "  script:\n    - echo \"$CI_REGISTRY_PASSWORD\" | docker login $CI_REGISTRY -u $CI_REGISTRY_USER --password-stdin\n    - docker push $CI_REGISTRY_IMAGE/%s:%s" % (_c(["snakemake", "nf-tools", "wdl-runner"]), _hex(8))


@B(6)
def _():
    return "process {\n    withName: '%s' {\n        secret = ['NCBI_API_KEY', 'LIMS_PASSWORD']\n        cpus = %d\n    }\n}" % (_c(["FETCH_SRA", "LIMS_UPLOAD", "BS_DOWNLOAD"]), _i(1, 16))


@B(6)
def _():
    return "LIMS_PASS = os.environ[\"LIMS_PASSWORD\"]  # exported by the slurm prolog from %s\nTOKEN = os.getenv(\"BASESPACE_TOKEN\")\nassert TOKEN, \"BASESPACE_TOKEN not set\"" % _c(["vault", "sops", "the module file"])


@B(7)
def _():
    return "vault kv get -field=password secret/%s/%s" % (_lab(), _c(["lims-db", "basespace", "ena-webin", "galaxy-admin", "tower-db"]))


@B(6)
def _():
    return "          env:\n            - name: DB_PASSWORD\n              valueFrom:\n                secretKeyRef:\n                  name: %s\n                  key: password" % _c(["cromwell-db", "galaxy-db", "tower-db", "lims-db"]) + "\n# rev %s" % _hex(7)


@B(6)
def _():
    return "arn:aws:secretsmanager:%s:%s:secret:%s/%s-%s" % (_c(["us-east-1", "eu-west-1"]), _dig(12), _c(["prod", "dev"]), _c(["omics/lims", "tower/db", "bs/token"]), _an(6))


@B(5)
def _():
    return "projects/%s-%d/secrets/%s/versions/%d" % (_lab(), _i(100, 999), _c(["ncbi-api-key", "terra-sa-key", "lims-password"]), _i(1, 9))


@B(5)
def _():
    return "@Microsoft.KeyVault(SecretUri=https://kv-%s.vault.azure.net/secrets/%s/%s)" % (_lab(), _c(["cromwell-db-password", "batch-account-key"]), _hex(32))


@B(6)
def _():
    return "postgresql_objects_users:\n  - name: galaxy\n    password: \"{{ vault_galaxy_db_password }}\"\ngalaxy_config:\n  galaxy:\n    id_secret: \"{{ vault_id_secret }}\"\n    brand: \"%s\"" % _lab()


@B(6)
def _():
    return "# .env.example -- copy to .env and fill in\nLIMS_BASE_URL=https://lims.%s/api/v2\nLIMS_USER=\nLIMS_PASSWORD=\nBASESPACE_ACCESS_TOKEN=\nNCBI_API_KEY=" % _inst()


@B(8)
def _():
    k = _i(0, 5)
    if k == 0:
        return "2024-06-11 10:%02d:%02d INFO connecting to %s as %s password=******** sslmode=require" % (_i(0, 59), _i(0, 59), _host("pg"), _user())
    if k == 1:
        return "Run env: TOWER_ACCESS_TOKEN=*** NXF_VER=24.04.%d" % _i(1, 4)
    if k == 2:
        return "DEBUG request headers: {'Authorization': 'Bearer [REDACTED]', 'X-Request-Id': '%s'}" % _uuid()
    if k == 3:
        return "Using HF token hf_****%s from cache" % _an(4)
    if k == 4:
        return "api_key=%s... (truncated, %d chars)" % (_hex(4), _i(32, 40))
    return "login ok for %s (password: <hidden>)" % _user()


@B(5)
def _():
    return "Looking in indexes: https://pypi.org/simple, https://%s:****@nexus.%s/repository/pypi-lab/simple\nCollecting lab-seqtools==0.%d.%d" % (_user(), _inst(), _i(1, 9), _i(0, 20))


@B(5)
def _():
    return "Collecting package metadata (repodata.json): done\n  https://conda.anaconda.org/t/<TOKEN>/%s/linux-64::%s-1.%d-0" % (_lab(), _lab(), _i(0, 9))


@B(5)
def _():
    return "--%s--  https://%s:*password*@ftp.%s/deliveries/%s/md5sum.txt\nResolving ftp.%s... 10.2.%d.%d" % (_time(), _user(), _inst(), _proj(), _inst(), _i(0, 255), _i(1, 254))


@B(5)
def _():
    return "DBI connect('database=ensembl_core;host=%s','ensro',...) failed: Access denied for user 'ensro'@'10.1.%d.%d' (using password: YES) at load.pl line %d." % (_host("mysql"), _i(0, 255), _i(1, 254), _i(10, 200))


@B(5)
def _():
    return "ERROR 1045 (28000): Access denied for user '%s'@'%s' (using password: YES)" % (_user(), _c(["localhost", "10.0.%d.%d" % (_i(0, 255), _i(1, 254))]))


@B(5)
def _():
    return "psql: error: connection to server at \"%s\" (10.0.%d.%d), port 5432 failed: FATAL:  password authentication failed for user \"%s\"" % (_host("pg"), _i(0, 255), _i(1, 254), _c(["lims", "galaxy", "tower", "cromwell"]))


@B(5)
def _():
    return "%s@%s: Permission denied (publickey,password).\nrsync: connection unexpectedly closed (0 bytes received so far) [sender]" % (_user(), _host("seq"))


@B(5)
def _():
    return "Enter passphrase for key '/home/%s/.ssh/id_ed25519':\nIdentity added: /home/%s/.ssh/id_ed25519 (%s@%s)" % ((_user(),) * 2 + (_user(), _c(["laptop", "workstation"])))


_POLICY = ["Passwords for LIMS accounts must be at least %d characters, include three of four character classes, and may not reuse any of the last %d passwords.",
           "Service tokens (BaseSpace, Seven Bridges, DNAnexus) expire after %d days; rotate them via the core's self-service page at least %d days before expiry.",
           "Never paste API keys into Slack or tickets. If you do, revoke it immediately and post in #sec-incidents; rotation takes about %d minutes, %d for HPC accounts.",
           "The shared instrument accounts are being retired: from %d October each user gets personal credentials, and MFA is required after %d failed logins.",
           "RStudio Server uses your HPC password (PAM). We cannot reset it from the Slack channel; the helpdesk can, within %d hours, or %d on weekends.",
           "Jupyter tokens are generated per session and printed only to your job's log file; they become invalid when the job ends (max walltime %d h, %d for GPU)."]


@B(12)
def _():
    t = _c(_POLICY)
    return (t % (_i(10, 20), _i(3, 24))) + " (%s)" % _c(["IT policy v%d.%d" % (_i(1, 5), _i(0, 9)), "core facility wiki", "onboarding doc", _date()])


_ABOUT = ["The NCBI key is in 1Password under 'NCBI E-utilities (lab)'; do not copy it into the repo ({date}).",
          "Rotated the BaseSpace token today; the new one is only in Vault at secret/{lab}/basespace.",
          "Decision: switch the GitHub Actions deploy to OIDC so we no longer store long-lived AWS keys ({lab}).",
          "I could not find the Galaxy admin password anywhere; asked {name} to reset it through the admin UI.",
          "Seqera Platform credentials for AWS are stored in the workspace as 'aws-omics' (role-based, no keys), per {name}.",
          "Note: the password prompt from webin-cli comes from -passwordEnv; the value lives in the ENA_PASS env var, which the launcher sets ({date}).",
          "Reminder for {name}: the Terra service account key was deleted; use `gcloud auth application-default login` instead.",
          "The token in the old notebook was revoked on {date}, so the leaked value in the git history is dead.",
          "Secret scanning (gitleaks v8.18) found 0 leaks in {n} commits after the history rewrite.",
          "Asked the user for a DNAnexus token; they will export DX_API_TOKEN themselves rather than pasting it here (step {n})."]


@B(14)
def _():
    t = _c(_ABOUT)
    s = t.format(lab=_lab(), name=_name().capitalize(), date=_date(), n=_i(100, 5000))
    return "%s %s" % (_c(["-", "*", "Note:", "[%s]" % _time(), "%s:" % _name().capitalize()]), s)


_FOREIGN_ABOUT = ["Das Passwort für den LIMS-Server liegt im Tresor (KeePass, Eintrag '%s'), bitte nicht per Mail schicken.",
                  "Le mot de passe du compte Webin est dans le coffre de l'équipe (%s) ; ne le mettez pas dans le notebook.",
                  "La contraseña del RStudio se cambia cada %s días; la nueva está en el gestor de contraseñas del grupo.",
                  "A senha do BaseSpace foi trocada; peça ao %s, não está mais no wiki.",
                  "Пароль от кластера теперь хранится в Vault (%s), в чат его не пишем.",
                  "パスワードは共有金庫(%s)に移動しました。チャットには貼らないでください。",
                  "密码已经移到团队的密码管理器里了（%s），不要发在群里。",
                  "Het wachtwoord staat in de gedeelde kluis (%s); vraag het niet via Teams."]


@B(12)
def _():
    t = _c(_FOREIGN_ABOUT)
    return "%s: %s" % (_name().capitalize(), t % _c([_lab(), "90", _name().capitalize(), "1Password", "KeePassXC", "secret/%s" % _lab()]))


@B(8)
def _():
    txt = _c(["sample_id,condition\n%s,treated\n" % _sample(), "hello from the %s pipeline" % _lab(), "genome=GRCh38\nthreads=%d\n" % _i(2, 64), '{"run": "%s", "lanes": [1,2]}' % _dig(6), "#!/bin/bash\nmodule load samtools\n"])
    enc = base64.b64encode(txt.encode()).decode()
    return _c(["$ echo %s | base64 -d" % enc, "binaryData:\n  samplesheet.csv: %s" % enc, "user_data = \"%s\"  # cloud-init script, base64" % enc, "data:text/plain;base64,%s" % enc])


@B(8)
def _():
    return "/scratch/%s/work/%s/%s/.command.%s" % (_user(), _hex(2), _hex(30), _c(["sh", "log", "err", "run", "trace"]))


@B(5)
def _():
    return ".snakemake/conda/%s_/bin/samtools\n.snakemake/metadata/%s" % (_hex(32), base64.b64encode(("results/%s.bam" % _sample()).encode()).decode())


@B(6)
def _():
    return "      - uses: actions/cache@v4\n        with:\n          path: ~/conda_pkgs_dir\n          key: Linux-conda-%s\n        # cache hit: Linux-conda-%s" % (_hex(64), _hex(64))


@B(6)
def _():
    return "N E X T F L O W  ~  version 24.%02d.%d\nLaunching `https://github.com/nf-core/%s` [%s_%s] DSL2 - revision: %s [%s]" % (_c([4, 10]), _i(0, 5), _c(["rnaseq", "sarek", "fetchngs", "ampliseq"]), _c(["boring", "nostalgic", "trusting", "zen"]), _c(["pauling", "darwin", "yalow", "meitner"]), _hex(10), _c(["3.14.0", "3.4.2", "1.12.0", "2.10.0"]))


@B(6)
def _():
    return "GITHUB_SHA=%s\nGITHUB_REF=refs/heads/%s\nGITHUB_RUN_ID=%s\nRUNNER_OS=Linux" % (_sha(), _c(["main", "dev", "feature/ont"]), _dig(10))


@B(6)
def _():
    return "image: ghcr.io/%s/%s:sha-%s  # built from %s" % (_lab(), _c(["wdl-tasks", "nf-tools", "scrna-env"]), _hex(7), _sha())


@B(6)
def _():
    return "Clarity LIMS: container %d-%d, sample %s%sA%d, process 24-%d, artifact 2-%d" % (_i(27, 28), _i(1000, 99999), _uan(3), _dig(3), _i(1, 9), _i(1000, 99999), _i(100000, 9999999))


@B(5)
def _():
    return "/data/runs/%s_A0%s_0%s_B%s/RTAComplete.txt  flowcell=%s  lanes=4" % (_date().replace("-", "")[2:], _dig(4), _dig(3), _uan(9), _uan(9))


@B(6)
def _():
    return "KMS key: arn:aws:kms:us-east-1:%s:key/%s (alias/omics-outputs)" % (_dig(12), _uuid())


@B(5)
def _():
    return '{"alg":"RS256","kid":"%s","use":"sig","n":"%s","e":"AQAB"}' % (_b64u(20), _b64u(256))


@B(5)
def _():
    return "AZURE_TENANT_ID=%s\nAZURE_CLIENT_ID=%s\nAZURE_SUBSCRIPTION_ID=%s\n# auth via workload identity federation, no client secret" % (_uuid(), _uuid(), _uuid())


@B(5)
def _():
    return "GOOGLE_OAUTH_CLIENT_ID=%s-%s.apps.googleusercontent.com  # public, used by the Terra login button" % (_dig(12), _lan(32))


@B(6)
def _():
    return "%s-%s-%s-%s   1/1     Running   0          %dh" % (_c(["galaxy-job", "cromwell-worker", "jupyter"]), _user()[:6], _lan(10), _lan(5), _i(1, 72))


@B(6)
def _():
    return '"node_modules/%s": {\n  "version": "%d.%d.%d",\n  "resolved": "https://registry.npmjs.org/%s/-/%s-%d.%d.%d.tgz",\n  "integrity": "sha512-%s"\n}' % ((_c(["igv", "d3-array", "plotly.js-dist-min", "jbrowse-core"]),) * 1 + (1, 2, 3) + ("igv", "igv", 1, 2, 3) + (_b64(64),))


@B(5)
def _():
    return '[[package]]\nname = "noodles-bam"\nversion = "0.%d.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "%s"' % (_i(40, 70), _hex(64))


@B(5)
def _():
    return '    "%s": {\n      "Package": "%s",\n      "Version": "1.%d.%d",\n      "Source": "Bioconductor",\n      "Hash": "%s"\n    }' % ((_c(["DESeq2", "edgeR", "limma", "GenomicRanges"]),) * 2 + (_i(0, 40), _i(0, 9), _hex(32)))


@B(5)
def _():
    return "/nix/store/%s-samtools-1.%d/bin/samtools" % (_s("0123456789abcdfghijklmnpqrsvwxyz", 32), _i(17, 21))


@B(5)
def _():
    return "github.com/biogo/hts v1.4.%d h1:%s=\ngithub.com/biogo/hts v1.4.%d/go.mod h1:%s=" % (_i(0, 9), _b64(32)[:43], _i(0, 9), _b64(32)[:43])


@B(5)
def _():
    return "version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d" % (_hex(64), _i(100000, 900000000))


@B(5)
def _():
    return "outs:\n- md5: %s\n  size: %d\n  hash: md5\n  path: data/%s.bam" % (_hex(32), _i(100000, 900000000), _sample())


@B(5)
def _():
    return "source:\n  url: https://github.com/%s/%s/archive/v%d.%d.%d.tar.gz\n  sha256: %s\nbuild:\n  number: 0\n  noarch: python" % (_lab(), _c(["pyseqlims", "vcf2tsv-lab", "umi-dedup"]), _i(0, 3), _i(0, 9), _i(0, 9), _hex(64))


@B(5)
def _():
    return "/cromwell-executions/WholeGenome/%s/call-HaplotypeCaller/shard-%d/execution/stderr" % (_uuid(), _i(0, 49))


@B(5)
def _():
    return "%s ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI%s" % (_host("login"), _b64(32)[:43])


@B(6)
def _():
    return "$ kubectl get secrets -n %s\nNAME              TYPE                             DATA   AGE\n%s-db             Opaque                           2      %dd\n%s-tls            kubernetes.io/tls                2      %dd\nregcred           kubernetes.io/dockerconfigjson   1      %dd" % (_c(["galaxy", "cromwell", "tower"]), _c(["galaxy", "tower"]), _i(1, 300), _c(["galaxy", "tower"]), _i(1, 300), _i(1, 300))


@B(5)
def _():
    return "$ gitleaks detect --source . -v\n    \u25cb\n    \u2591\u2591\u2591\u2591\u2591\u2591\n\n%s INF %d commits scanned.\n%s INF scan completed in %dms\n%s INF no leaks found" % (_time(), _i(50, 4000), _time(), _i(100, 9000), _time())


@B(5)
def _():
    return "AUTH_PASSWORD_VALIDATORS = [\n    {'NAME': 'django.contrib.auth.password_validation.MinimumLengthValidator', 'OPTIONS': {'min_length': %d}},\n    {'NAME': 'django.contrib.auth.password_validation.CommonPasswordValidator'},\n]" % _i(10, 16)


@B(5)
def _():
    return "ERROR: 401 Unauthorized from https://api.%s: token has expired (expired at %s). Run `%s` to refresh." % (_c(["basespace.illumina.com", "sbgenomics.com/v2", "dnanexus.com"]), _ts(), _c(["bs auth", "dx login", "sb configure"]))


@B(5)
def _():
    return "Requested scopes: %s" % " ".join(_R.sample(["openid", "email", "profile", "read:org", "repo", "workflow", "https://www.googleapis.com/auth/devstorage.read_write", "offline_access"], 4))


@B(5)
def _():
    return "$ printenv | cut -d= -f1 | grep -E 'TOKEN|KEY|PASS' | sort\n%s" % "\n".join(sorted(_R.sample(["BASESPACE_ACCESS_TOKEN", "NCBI_API_KEY", "TOWER_ACCESS_TOKEN", "LIMS_PASSWORD", "SB_AUTH_TOKEN", "DX_API_TOKEN", "HF_TOKEN", "WANDB_API_KEY", "AWS_SECRET_ACCESS_KEY"], 5)))


@B(5)
def _():
    return "# .gitignore\n.env\n*.pem\n*.p12\ncredentials.json\n.nextflow*\nwork/\n%s/" % _c(["results", "outs", "scratch", "tmp"])


@B(5)
def _():
    return "<img src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAA%s\" alt=\"%s coverage plot\"/>" % (_b64(90), _sample())


@B(6)
def _():
    return "Slack ids: channel C0%s, user U0%s, message ts %d.%06d (thread of %s)" % (_uan(9), _uan(9), _i(1700000000, 1730000000), _i(0, 999999), _full())


@B(5)
def _():
    return "Compute env %s (aws-batch-spot) in workspace %s; credentials id %s; status AVAILABLE" % (_an(22), _dig(15), _an(22))


@B(5)
def _():
    return "AWS Batch job %s (nf-%s) SUCCEEDED; log stream %s/default/%s" % (_uuid(), _c(["FASTQC", "BWA_MEM", "BQSR"]), _c(["nextflow", "omics"]), _hex(32))


@B(5)
def _():
    return "operation: projects/%s-terra/locations/us-central1/operations/%s done=true" % (_lab(), _dig(19))


@B(5)
def _():
    return "\n".join(_s("ACGT", 16) + "-1" for _ in range(5)) + "\n(10x barcodes whitelist excerpt)"


@B(5)
def _():
    return ">%s|%s|%s_HUMAN\n%s" % (_c(["sp", "tr"]), _uan(6), _uan(5), _lines(_s("ACDEFGHIKLMNPQRSTVWY", 120), 60))


@B(5)
def _():
    return "ORCID: 0000-000%d-%s-%s  DOI: 10.%d/%s.%d" % (_i(1, 3), _dig(4), _dig(3) + _c(_DG + "X"), _i(1000, 9999), _lab(), _i(1000, 99999))


@B(5)
def _():
    return '{\n  "version": 4,\n  "terraform_version": "1.8.%d",\n  "serial": %d,\n  "lineage": "%s",\n  "outputs": {}\n}' % (_i(0, 5), _i(1, 400), _uuid())


@B(5)
def _():
    return "ENTREZ_KEY is set (%d chars). Rate limit raised to 10 requests/second." % _i(35, 37)


@B(5)
def _():
    return "cache_key = hashlib.sha256(f\"{sample}:{genome}:{params_json}\").hexdigest()  # e.g. %s" % _hex(64)


@B(5)
def _():
    return "Galaxy ToolShed: %s/%s changeset_revision %s (installed %s)" % (_lab(), _c(["bcftools_filter", "pangolin", "multiqc_custom"]), _hex(12), _date())


@B(5)
def _():
    return "sbatch --seed=%d? no -- use `--export=ALL,SEED=%d` then `random.seed(int(os.environ['SEED']))`" % (_i(1, 99999), _i(1, 99999))


@B(5)
def _():
    return "kraken2 --db /ref/k2_standard_%s --threads %d --report %s.k2report %s_R1.fq.gz  # db md5 %s" % (_date().replace("-", ""), _i(4, 32), _sample(), _sample(), _hex(32))


@B(5)
def _():
    return "echo \"$QUAY_ROBOT_TOKEN\" | docker login quay.io -u \"%s+ci\" --password-stdin   # token comes from the CI secret store" % _lab()


@B(5)
def _():
    return "export PGPASSFILE=$HOME/.config/%s/pgpass  # file is chmod 600, not in the repo" % _lab()


@B(5)
def _():
    return "kubectl -n %s get secret %s -o jsonpath='{.data.password}' | base64 -d | wc -c" % (_c(["galaxy", "cromwell"]), _c(["galaxy-db", "cromwell-mysql"]))


@B(5)
def _():
    return "java -jar webin-cli-%d.%d.0.jar -context reads -userName Webin-%s -passwordEnv ENA_PASS -manifest %s.txt -validate" % (_i(6, 8), _i(0, 9), _dig(5), _sample())


@B(5)
def _():
    return "AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY are the AWS documentation example keys; our %s script rejects them (%s)." % (_c(["lint", "pre-commit", "preflight"]), _date())


@B(5)
def _():
    return "Seven Bridges: project %s/%s, task %s, app %s/%s/bwa-mem/%d" % (_user(), _proj().lower(), _uuid(), _user(), _proj().lower(), _i(1, 20))


@B(5)
def _():
    return "BioSample SAMN%s, BioProject PRJNA%s, SRA SRR%s, GEO GSM%s" % (_dig(8), _dig(6), _dig(8), _dig(7))


@B(5)
def _():
    return "jupyter kernel %s started (python3, pid %d); session %s" % (_uuid(), _i(1000, 99999), _uuid())


@B(5)
def _():
    return "Illumina run parameters: RunId=%s_A0%s_0%s_B%s, FlowcellRFIDTag SerialNumber=%s, ReagentKit LotNumber=%s" % (_date().replace("-", "")[2:], _dig(4), _dig(3), _uan(9), _uan(9), _dig(8))


@B(5)
def _():
    return "MultiQC v1.%d report: multiqc_report.html (config hash %s, %d samples)" % (_i(14, 23), _hex(16), _i(4, 400))


@B(5)
def _():
    return "ENA upload finished: %d files, total md5 list written to md5sums.txt; receipt id %s" % (_i(2, 96), _uuid())


@B(5)
def _():
    return "Reminder: `nextflow secrets set` stores values in $NXF_HOME/secrets/store.json with 600 perms; list names with `nextflow secrets list` (%s)." % _user()


@B(5)
def _():
    return "The token field in ~/.basespace/%s.cfg is empty because we now use `bs auth --scopes READ GLOBAL` per user." % _c(["default", "euc1", "aps2"])


@B(5)
def _():
    return "GPG key ID %s (public, on keys.openpgp.org) signs the release tarballs of %s." % (_HEX(16), _c(["pyseqlims", "nf-lab-configs", "wdl-tasks"]))


@B(5)
def _():
    return "Build string %s_%d for %s; noarch; md5 %s; size %d" % ("pyh" + _hex(7), _i(0, 3), _c(["snakemake-wrapper-utils", "nf-core", "multiqc"]), _hex(32), _i(10000, 9000000))


@B(5)
def _():
    return "Password must be typed interactively: `mysql -h %s -u %s -p` (the -p with no value prompts)." % (_host("mysql"), _user())


@B(5)
def _():
    return "Jenkins credentials binding: withCredentials([usernamePassword(credentialsId: '%s', usernameVariable: 'U', passwordVariable: 'P')]) { sh 'curl -u $U:$P ...' }" % _c(["lims-api", "nexus-deploy", "galaxy-admin"])


@B(5)
def _():
    return "trufflehog: found 1 result in %s (detector: %s, verified: false) -> value redacted in report, line %d" % (_c(["notebooks/old.ipynb", "scripts/upload.sh"]), _c(["Github", "AWS", "Slack"]), _i(1, 400))


@B(5)
def _():
    return "HMAC-SHA256 over the payload is checked against the X-Hub-Signature-256 header; example digest sha256=%s from the docs test vector %d" % (_hex(64), _i(1, 9))


@B(7)
def _():
    return "user = getpass.getuser()\npassword = keyring.get_password(\"%s\", user)\nif password is None:\n    sys.exit(\"run: keyring set %s %s\")" % (_c(["clarity-lims", "basespace", "webin"]), _c(["clarity-lims", "basespace", "webin"]), _user())


@B(6)
def _():
    return "key <- Sys.getenv(\"ENTREZ_KEY\")\nif (!nzchar(key)) key <- keyring::key_get(\"%s\")\nrentrez::set_entrez_key(key)" % _c(["ncbi", "entrez", "eutils-lab"])


@B(7)
def _():
    return "  runtime {\n    docker: \"quay.io/biocontainers/%s@sha256:%s\"\n    memory: \"%d GiB\"\n    cpu: %d\n  }" % (_c(["gatk4:4.5.0.0--py36hdfd78af_0", "samtools:1.20--h50ea8bc_0", "picard:3.1.1--hdfd78af_0"]), _hex(64), _i(4, 64), _i(1, 16))


@B(5)
def _():
    return "requirements:\n  DockerRequirement:\n    dockerPull: ghcr.io/%s/fetch-sra@sha256:%s" % (_lab(), _hex(64))


@B(6)
def _():
    return "rule upload:\n    input: \"results/{sample}.cram\"\n    params:\n        token=lambda wc: os.environ[\"SB_AUTH_TOKEN\"],\n        project=config[\"%s\"]\n    shell: \"sb upload --project {params.project} {input}\"" % _c(["sbg_project", "cavatica_project"])


@B(5)
def _():
    return "aws {\n    accessKey = System.getenv('AWS_ACCESS_KEY_ID')\n    secretKey = System.getenv('AWS_SECRET_ACCESS_KEY')\n    region    = '%s'\n}" % _c(["eu-west-1", "us-east-1", "ap-southeast-2"])


@B(6)
def _():
    return 'database {\n  db.url = "jdbc:mysql://%s/cromwell?useSSL=true"\n  db.user = "cromwell"\n  db.password = ${?CROMWELL_DB_PASS}\n}' % _host("mysql")


@B(5)
def _():
    return "galaxy:\n  database_connection: postgresql:///galaxy?host=/var/run/postgresql   # peer auth, no password\n  file_path: /data/%s/objects" % _lab()


@B(6)
def _():
    return "    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password\n    secrets:\n      - db_password\nsecrets:\n  db_password:\n    file: ./secrets/%s_db_password.txt" % _c(["tower", "galaxy", "lims"])


@B(5)
def _():
    return "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: %s\nspec:\n  secretStoreRef: {name: vault-backend, kind: ClusterSecretStore}\n  data:\n  - secretKey: password\n    remoteRef: {key: secret/%s/db, property: password}" % (_c(["tower-db", "galaxy-db"]), _lab())


@B(5)
def _():
    return 'resource "random_password" "%s" {\n  length  = %d\n  special = true\n}\n\noutput "db_password" {\n  value     = random_password.%s.result\n  sensitive = true\n}' % (("tower_db", _i(20, 40), "tower_db") if _R.random() < 0.5 else ("cromwell_db", _i(20, 40), "cromwell_db"))


@B(6)
def _():
    return "    permissions:\n      id-token: write\n      contents: read\n    steps:\n      - uses: aws-actions/configure-aws-credentials@v4\n        with:\n          role-to-assume: arn:aws:iam::%s:role/%s\n          aws-region: us-east-1" % (_dig(12), _c(["gha-omics-deployer", "nf-ci-runner", "tower-ci"]))


@B(5)
def _():
    return "%s INFO Authenticated as %s via OIDC (issuer https://token.actions.githubusercontent.com); session expires %s" % (_ts(), _c(["repo:%s/nf-pipelines:ref:refs/heads/main" % _lab(), "gha-omics-deployer"]), _ts())


@B(6)
def _():
    return "galaxy.jobs.handler DEBUG %s [p:%d,w:1,m:0] (%d) Dispatching to %s runner, tool_id=toolshed.g2.bx.psu.edu/repos/iuc/%s/%s/%s, dataset %s" % (_date(), _i(1000, 99999), _i(10000, 999999), _c(["slurm", "pulsar", "local"]), _c(["fastp", "bcftools_call", "minimap2"]), _c(["fastp", "bcftools_call", "minimap2"]), "1.%d.%d+galaxy%d" % (_i(0, 20), _i(0, 9), _i(0, 3)), _hex(16))


@B(6)
def _():
    return "[%s] CallCacheReadActor: Call cache hit for WholeGenome.BaseRecalibrator:%d; hash %s (docker %s)" % (_ts(), _i(0, 23), _hex(32), "sha256:" + _hex(12))


@B(5)
def _():
    return "Reason: Params have changed since last execution; Code has changed since last execution (checksum %s -> %s)" % (_hex(32), _hex(32))


@B(6)
def _():
    return '%d.%d.%d.%d - - [11/Jun/2024:%s +0000] "GET /lab?token=[FILTERED] HTTP/1.1" 200 %d' % (_i(10, 200), _i(0, 255), _i(0, 255), _i(1, 254), _time(), _i(100, 90000))


@B(5)
def _():
    return 'Started POST "/users/sign_in" for 10.0.%d.%d at %s\nParameters: {"user"=>{"login"=>"%s", "password"=>"[FILTERED]"}, "commit"=>"Sign in"}' % (_i(0, 255), _i(1, 254), _ts(), _user())


@B(5)
def _():
    return "Caused by: java.sql.SQLException: Access denied for user 'cromwell'@'10.%d.%d.%d' (using password: YES)\n\tat com.mysql.cj.jdbc.ConnectionImpl.createNewIO(ConnectionImpl.java:%d)" % (_i(0, 255), _i(0, 255), _i(1, 254), _i(800, 900))


@B(5)
def _():
    return 'Traceback (most recent call last):\n  File "/opt/%s/sync.py", line %d, in <module>\n    password = os.environ["LIMS_PASSWORD"]\nKeyError: \'LIMS_PASSWORD\'' % (_lab(), _i(10, 200))


@B(6)
def _():
    return _c(["%s: who has the BaseSpace password? pls DM, don't post here",
               "%s: the token is in the usual place (vault, lab path)",
               "%s: I reset my RStudio password, all good now",
               "%s: can someone add me to the ENA Webin account? I don't need the password, just an invite",
               "%s: PSA – the old Galaxy admin key was revoked, generate your own under User > Preferences > Manage API Key"]) % _name().capitalize() + " (%s)" % _time()


@B(6)
def _():
    return "Blocked: need a Galaxy API key for https://usegalaxy.%s. Asked the user to export GALAXY_API_KEY in their shell; I will not read or print it. (step %d)" % (_inst(), _i(2, 30))


@B(5)
def _():
    return "Decision (%s): the agent state file only records env var names (LIMS_PASSWORD, SB_AUTH_TOKEN) and vault paths, never values." % _date()


@B(5)
def _():
    return "Ticket #%d: password reset requested for HPC account %s; temporary credentials sent by SMS, not by email." % (_i(10000, 99999), _user())


@B(5)
def _():
    return "commit %s\n\n    rotate LIMS and BaseSpace credentials (new values in vault, old ones revoked)" % _sha()


@B(6)
def _():
    return "2024-06-11T%s.%07dZ Run ./bin/lims_upload.sh\n2024-06-11T%s.%07dZ   LIMS_PASSWORD: ***\n2024-06-11T%s.%07dZ   SB_AUTH_TOKEN: ***" % (_time(), _i(0, 9999999), _time(), _i(0, 9999999), _time(), _i(0, 9999999))


@B(5)
def _():
    return "#12 exporting manifest sha256:%s done\n#12 exporting config sha256:%s done\n#12 pushing layers %.1fs done" % (_hex(64), _hex(64), _R.random() * 20)


@B(5)
def _():
    return "$ tw runs view -i %s -w %s/%s\n  Run id     | %s\n  Status     | SUCCEEDED\n  Commit id  | %s\n  Session id | %s" % (_an(14), _lab(), _proj(), _an(14), _sha(), _uuid())


@B(5)
def _():
    return "$ openssl rand -hex 32 > /run/secrets/%s   # generate; the value is never echoed" % _c(["id_secret", "jwt_secret", "cookie_secret"])


@B(5)
def _():
    return "python -c 'import secrets; print(secrets.token_urlsafe(32))' | vault kv put secret/%s/%s value=-" % (_lab(), _c(["jupyterhub-cookie", "galaxy-id-secret"]))


@B(5)
def _():
    return "if len(password) < %d or password.lower() in COMMON_PASSWORDS:\n    raise ValueError(\"LIMS password does not meet policy\")" % _i(10, 16)


@B(5)
def _():
    return "TOKEN_PATTERNS = [re.compile(r\"ghp_[A-Za-z0-9]{36}\"), re.compile(r\"AKIA[0-9A-Z]{16}\"), re.compile(r\"hf_[A-Za-z]{34}\")]  # %s" % _c(["pre-commit hook", "scrubber", "log filter"])


@B(5)
def _():
    return "Options:\n  --lims-url TEXT       Base URL of the LIMS  [default: https://lims.%s]\n  --password TEXT       Password for the LIMS (or set LIMS_PASSWORD)\n  --token-file PATH     File containing the API token\n  --help                Show this message and exit." % _inst()


@B(5)
def _():
    return "< Set-Cookie: %s=%s; Path=/; Max-Age=31536000; SameSite=Lax" % (_c(["theme", "sidebar_collapsed", "igv_locus", "tour_seen"]), _c(["dark", "true", "chr%d:%d-%d" % (_i(1, 22), _i(1000, 9000), _i(9001, 99999)), "v%d" % _i(1, 9)]))


@B(5)
def _():
    return "sample_uuid,tube_barcode,box\n%s,%s,%s\n%s,%s,%s" % (_uuid(), _dig(10), "BX-" + _uan(5), _uuid(), _dig(10), "BX-" + _uan(5))


@B(6)
def _():
    return "chr%d\t%d\t%d\t%d\t%d\n# GRCh38.fa.fai, fasta md5 %s" % (_i(1, 22), _i(50000000, 249000000), _i(50, 1000), 60, 61, _hex(32))


@B(5)
def _():
    return "%s: die Zugangsdaten bekommst du von %s persönlich, nicht über den Chat. Der Token läuft ohnehin am %s ab." % (_name().capitalize(), _name().capitalize(), _date())


@B(5)
def _():
    return "%s: el token de Seven Bridges ya no sirve, lo revoqué; genera uno nuevo en Developer > Authentication Token." % _name().capitalize()


@B(5)
def _():
    return "JupyterHub: c.JupyterHub.cookie_secret_file = '/srv/jupyterhub/jupyterhub_cookie_secret'  # generated on first start, %s" % _c(["not in git", "mode 0600", "backed up to vault"])


@B(5)
def _():
    return "REDCap project %d: API rights granted to %s; token is generated by the user from the 'API' page and is not stored by the core." % (_i(100, 9999), _user())


@B(5)
def _():
    return "Illumina ICA: API key created for user %s (name '%s-ci', created %s, expires in %d days); key shown once and saved to the team vault." % (_user(), _lab(), _date(), _i(30, 365))


# =====================================================================
# build (deterministic, at import time)
# =====================================================================
_PER_GROUP = 186


def _build():
    by_group = {}
    for g, f, fn, n in _TEMPLATES:
        by_group.setdefault(g, []).append((f, fn))
    quota = {}
    for g, items in by_group.items():
        k = len(items)
        threes = max(0, min(k, _PER_GROUP - 2 * k))
        for idx, (f, fn) in enumerate(items):
            quota[(g, f)] = 3 if idx < threes else 2
    seen_formats = set()
    for g, f, fn, n in _TEMPLATES:
        if (g, f) in seen_formats:
            raise ValueError("duplicate format " + f)
        seen_formats.add((g, f))
        for _k in range(quota[(g, f)]):
            for _attempt in range(40):
                text, secret, visible = fn()
                if (len(secret) >= 6 and secret in text and secret not in _USED
                        and (not visible or (visible in text and secret not in visible))):
                    break
            else:
                raise ValueError("could not draw a fresh value for " + f)
            _USED.add(secret)
            SECRETS.append((g, f, text, secret, visible))
    seen = set()
    long_secrets = [s for s in _USED if len(s) >= 8]
    for fn, n in _BENIGN_T:
        got = 0
        for _attempt in range(n * 4):
            if got >= n:
                break
            s = fn()
            if s in seen or any(x in s for x in long_secrets):
                continue
            seen.add(s)
            BENIGN.append(s)
            got += 1


_build()
