"""Blind hold-out corpus #63 for a secret-redaction engine.

What it is
----------
A test corpus of text fragments of the kind a coding agent (Claude Code,
Codex, Gemini CLI) writes into its saved working state: goals, running notes,
shell commands it ran, tool output it read, excerpts of files it opened,
decisions, chat messages pasted in by teammates, log lines and CI config.
Each positive sample carries exactly one labelled credential that a
redaction engine must remove, plus (usually) a piece of context that must
stay readable.  The negative samples look secret-ish to a naive scanner but
contain no credential at all.

Theme
-----
Machine-learning engineers and MLOps: experiment trackers (Weights & Biases,
MLflow, Comet, Neptune, ClearML), model hubs and registries (Hugging Face,
Replicate, NGC, internal registries), GPU clouds and schedulers (Lambda,
RunPod, Vast.ai, CoreWeave, Modal, SkyPilot, Ray, Slurm), notebooks (Jupyter
tokens, Colab, Kaggle API), feature stores and vector databases (Feast,
Pinecone, Weaviate, Qdrant, Milvus/Zilliz), data labelling platforms
(Label Studio, Labelbox, Scale, Argilla, Roboflow), dataset buckets (S3, GCS,
Azure Blob, R2, B2, MinIO), inference servers (Triton, vLLM, TGI, LiteLLM)
and LLM provider keys.

Provenance
----------
Written blind, from general knowledge only: no existing corpus, rule set or
engine source was consulted.  Where a vendor's real credential shape is
known it is imitated (prefix, alphabet, length); where it is unknown a
plausible shape was invented.  Every host, person, organisation, account and
value is fictitious and every "credential" is a fresh pseudo-random draw; none
of them grants access to anything.

Layout
------
SECRETS : list of 5-tuples (group, format, text, secret, visible)
    group   one of: command, tool-output, config-file, source-code,
            stack-trace-or-log, note-or-chat, ci-and-deploy, vendor-token
    format  kebab-case name of the shape; each format is used at most 3 times
    text    the fragment as the agent recorded it (one to a dozen lines)
    secret  the exact substring of text that must not survive redaction
            (only the key body for PEM keys, only the signature for signed
            URLs, only the password for user:password pairs)
    visible a substring of text that must remain readable, or ""
BENIGN  : list of distinct strings in the same contexts with no credential
    in them (commit SHAs, checksums, UUIDs, request ids, public keys and
    fingerprints, placeholders, masked values, references to secret stores,
    env var names, base64 of ordinary text, prose about passwords, ...).

Determinism
-----------
All random values are drawn from _R = random.Random(SEED) at import time in
a fixed order, so importing the module twice yields identical lists.  Nothing
is printed at import.

Measured
--------
Blind, written while that session's rules were made and read only after all of them: recall
0.971 (1,453 of 1,496) and false positives 31 of 950 (3.3%), the same as with the engine at
that session's start: its rules changed nothing here.
"""
import base64
import json
import random
import re
import string
import urllib.parse

SEED = 63006301
_R = random.Random(SEED)

# --------------------------------------------------------------------------
# low-level random helpers
# --------------------------------------------------------------------------
_LOWER = string.ascii_lowercase
_UPPER = string.ascii_uppercase
_DIG = string.digits
_AN = string.ascii_letters + string.digits
_HEXD = "0123456789abcdef"
_B64C = string.ascii_letters + string.digits + "+/"
_B64U = string.ascii_letters + string.digits + "-_"


def _c(seq):
    return seq[_R.randrange(len(seq))]


def _s(alpha, n):
    return "".join(alpha[_R.randrange(len(alpha))] for _ in range(n))


def _hex(n):
    return _s(_HEXD, n)


def _HEX(n):
    return _s("0123456789ABCDEF", n)


def _an(n):
    return _s(_AN, n)


def _lo(n):
    return _s(_LOWER + _DIG, n)


def _up(n):
    return _s(_UPPER + _DIG, n)


def _letters(n):
    return _s(string.ascii_letters, n)


def _digits(n):
    return _c("123456789") + _s(_DIG, n - 1)


def _rbytes(n):
    return bytes(_R.randrange(256) for _ in range(n))


def _b64(nbytes):
    return base64.b64encode(_rbytes(nbytes)).decode()


def _b64u(nbytes):
    return base64.urlsafe_b64encode(_rbytes(nbytes)).decode().rstrip("=")


def _b64chars(n):
    return _s(_B64C, n)


def _b64uchars(n):
    return _s(_B64U, n)


def _b32(n):
    return _s(_UPPER + "234567", n)


def _uuid():
    return "%s-%s-4%s-%s%s-%s" % (_hex(8), _hex(4), _hex(3), _c("89ab"), _hex(3), _hex(12))


def _enc(obj):
    return base64.b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode()


def _b64u_json(obj):
    return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).decode().rstrip("=")


def _jwt(payload=None, alg="HS256", sigbytes=32):
    if payload is None:
        payload = {"sub": _uuid(), "iat": 1700000000 + _R.randrange(60000000)}
    h = _b64u_json({"alg": alg, "typ": "JWT"})
    p = _b64u_json(payload)
    return "%s.%s.%s" % (h, p, _b64u(sigbytes))


def _wrap(s, width):
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


# --------------------------------------------------------------------------
# vocabulary
# --------------------------------------------------------------------------
_WORDS = (
    "amber anchor apple arrow aspen atlas autumn badger bamboo banjo barley beacon birch "
    "bison blossom bramble breeze bronze buffalo cactus canyon cargo cedar cinder citrus "
    "clover cobalt comet copper coral cosmic cotton coyote crimson crystal cypress dahlia "
    "delta desert dingo dolphin dragon drizzle eagle echo ember falcon fennel fjord "
    "flannel forest fossil galaxy garnet geyser ginger glacier granite gravel harbor "
    "hazel heron hickory horizon husky iris ivory jasmine jigsaw juniper kayak kelp "
    "kettle koala lagoon lantern lava lemon lilac lizard lobster lotus lumen magnet "
    "mango maple marble meadow mercury meteor mica mimosa mint mosaic nebula nectar "
    "nickel nimbus nomad nutmeg oasis obsidian ocelot olive onyx opal orbit orchid otter "
    "paddle papaya parsley pebble pepper pewter pigeon pilot pine plasma plum polar "
    "poppy prairie prism pumpkin quartz quill quokka radish raven reef ribbon river "
    "rocket saffron salmon sapphire scarlet sequoia shadow sierra silver sparrow "
    "spruce squid summit sunset tango teapot thistle thunder tiger timber topaz "
    "tulip tundra turbine umber valley velvet violet vortex walnut willow wombat "
    "yarrow zephyr zinc zodiac"
).split()

_WORDS_INTL = (
    "Sonnenblume Apfelbaum Kartoffel Schmetterling Regenbogen Mariposa Girasol Tortuga "
    "Manzana Estrella Papillon Citrouille Grenouille Etoile Lumiere Farfalla Girasole "
    "Tramonto Pomodoro Borboleta Cachorro Abacaxi Vlinder Zonnebloem Fjaril Solros "
    "Kukkaro Motyl Slonecznik Kelebek Gunebakan Sakura Tsubame Hanabi Kitsune "
    "Yoshino Matryoshka Berezka Kalinka Zhuravl Xiaolong Pingguo Huoguo Chitra Anjali"
).split()

_FIRST = ("Priya Mateo Yuki Oluwaseun Ingrid Wei Fatima Lukas Chloe Dmitri Ana Kenji Sofia "
          "Arjun Zainab Henrik Mei Tomas Aisha Ravi Noah Leila Jonas Camila Hiro Amara Bogdan "
          "Elif Siddharth Nadia Marta Jae-won Linh Farid Greta Kwame Ines Pavel Rosa Tariq").split()

_USERS = ("mchen priya.n aokafor jdoe lkowalski yuki.t mgarcia hnguyen ekarlsson rpatel "
          "dsouza fbenali tmueller akumar sli omar.h divanov cbrown wzhang nsato lrossi "
          "pvdberg ayilmaz jkim afolabi sandersson mrodrigues gpetrov abose kmensah").split()

_SVC = ("svc-train svc-labeling ml-bot svc-mlflow svc-feast svc-infer ci-runner svc-ray "
        "svc-datasets svc-eval svc-registry airflow-worker").split()

_ORGS = ("corvid-ai brightloom quasar-lab tessellate-ml nimbusforge halden-research kestrel-ai "
         "marlowe-labs fernhollow ostrava-ml pallas-vision umbra-analytics").split()

_DOMAINS = ("corvid-ai.internal brightloom.io quasar-lab.dev tessellate.ml nimbusforge.net "
            "halden-research.org kestrel-ai.co marlowe-labs.example fernhollow.ai "
            "ostrava-ml.test pallas-vision.net umbra-analytics.io").split()

_HOSTPRE = ("mlflow wandb jupyter hub gpu-a100-{nn} gpu-h100-{nn} train-{nn} slurm-login{n} "
            "ray-head triton-{nn} vllm-{nn} tgi qdrant milvus weaviate label minio "
            "feast-redis pg-features notebooks registry inference lakefs argilla clearml "
            "airflow dagster grafana").split()

_PROJ = ("llm-sft asr-conformer rec-ranker-v4 seg-anything-ft rag-eval tts-multilingual "
         "fraud-gnn code-llm vision-det embeddings-v2 reward-model dpo-run ocr-layout "
         "churn-xgb distill-7b moe-pretrain clip-retrieval summarizer speech-diarize "
         "ner-legal").split()

_PUBMODELS = ("meta-llama/Llama-3.1-8B-Instruct mistralai/Mistral-7B-Instruct-v0.3 "
              "Qwen/Qwen2.5-14B-Instruct google/gemma-2-9b-it microsoft/Phi-3-mini-4k-instruct "
              "BAAI/bge-large-en-v1.5 openai/whisper-large-v3 "
              "sentence-transformers/all-MiniLM-L6-v2 meta-llama/Llama-3.1-70B-Instruct "
              "mistralai/Mixtral-8x7B-Instruct-v0.1").split()

_REGIONS = ("us-east-1 us-west-2 eu-west-1 eu-central-1 ap-northeast-1 ap-southeast-2 "
            "us-east-2 ca-central-1 eu-north-1").split()

_NS = "ml-serving training mlops labeling inference feature-store research kubeflow llm-gateway".split()

_GPUS = ["A100-80GB", "H100-SXM", "L40S", "A10G", "RTX4090", "A6000", "H200", "L4", "V100"]

_IDX = ("docs-v3 support-kb product-embeds code-chunks papers-2024 faq-multilingual "
        "images-clip legal-clauses tickets-emb").split()

_PY = ("train.py finetune.py eval_harness.py push_to_hub.py serve.py ingest.py "
       "embed_corpus.py label_sync.py sweep_agent.py export_onnx.py").split()

# --------------------------------------------------------------------------
# fillers: @@name@@ placeholders in templates (trailing digits = new draw)
# --------------------------------------------------------------------------


def _date():
    y = _c([2024, 2025])
    m = _R.randint(1, 12 if y == 2024 else 6)
    return "%d-%02d-%02d" % (y, m, _R.randint(1, 28))


def _time():
    return "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))


def _host():
    pre = _c(_HOSTPRE).replace("{nn}", "%02d" % _R.randint(1, 32)).replace("{n}", str(_R.randint(1, 4)))
    mid = _c(["", "", "prod.", "stg.", "int."])
    return pre + "." + mid + _c(_DOMAINS)


def _bucket():
    return "%s-%s-%s" % (_c(_ORGS), _c(["datasets", "ckpt", "artifacts", "labels", "features",
                                        "eval", "raw-audio", "models", "shards"]),
                         _c(["prod", "dev", "euw1", "use2", "research", "scratch"]))


def _model():
    if _R.random() < 0.5:
        return _c(_PUBMODELS)
    return "%s/%s-%s" % (_c(_ORGS), _c(_PROJ), _c(["v1", "v2", "v3", "7b", "1.3b", "base", "large", "dpo", "sft"]))


_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()

_FILL = {
    "host": _host,
    "dom": lambda: _c(_DOMAINS),
    "org": lambda: _c(_ORGS),
    "user": lambda: _c(_USERS),
    "svc": lambda: _c(_SVC),
    "person": lambda: _c(_FIRST),
    "email": lambda: "%s@%s" % (_c(_USERS), _c(_DOMAINS)),
    "ip": lambda: _c(["10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254)),
                      "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254)),
                      "192.168.%d.%d" % (_R.randint(0, 255), _R.randint(2, 254))]),
    "pubip": lambda: _c(["203.0.113.%d", "198.51.100.%d", "192.0.2.%d"]) % _R.randint(2, 254),
    "port": lambda: str(_c([8080, 8000, 8888, 5000, 6333, 19530, 8265, 9000, 6379, 5432, 3000, 8443])),
    "sshport": lambda: str(_R.randint(10000, 60000)),
    "proj": lambda: _c(_PROJ),
    "model": _model,
    "pubmodel": lambda: _c(_PUBMODELS),
    "bucket": _bucket,
    "region": lambda: _c(_REGIONS),
    "ns": lambda: _c(_NS),
    "gpu": lambda: _c(_GPUS),
    "idx": lambda: _c(_IDX),
    "py": lambda: _c(_PY),
    "date": _date,
    "time": _time,
    "ts": lambda: "%sT%sZ" % (_date(), _time()),
    "epoch": lambda: str(1704067200 + _R.randrange(47000000)),
    "n": lambda: str(_R.randint(2, 9)),
    "nn": lambda: "%02d" % _R.randint(1, 32),
    "num": lambda: str(_R.randint(100, 9999)),
    "jobid": lambda: str(_R.randint(100000, 9999999)),
    "pid": lambda: str(_R.randint(1000, 65000)),
    "step": lambda: str(_R.randint(1, 400) * 250),
    "loss": lambda: "%.4f" % _R.uniform(0.2, 3.5),
    "ver": lambda: "%d.%d.%d" % (_R.randint(0, 3), _R.randint(0, 30), _R.randint(0, 12)),
    "sha": lambda: _hex(40),
    "short": lambda: _hex(7),
    "hex8": lambda: _hex(8),
    "uuid": _uuid,
    "run": lambda: _lo(8),
    "reqid": lambda: _hex(32),
    "word": lambda: _c(_WORDS),
    "akid": lambda: "AKIA" + _up(16),
    "asiaid": lambda: "ASIA" + _up(16),
    "acct": lambda: _digits(12),
    "modalid": lambda: "ak-" + _an(22),
    "hex16": lambda: _hex(16),
    "hex32": lambda: _hex(32),
    "an10": lambda: _an(10),
    "lo": lambda: _lo(5),
    "digits16": lambda: _digits(16),
    "up8": lambda: _up(8),
    "b64_16": lambda: _b64(16),
    "letters34": lambda: _letters(34),
    "hex40": lambda: _hex(40),
    "hex64": lambda: _hex(64),
    "hex2": lambda: _hex(2),
    "d8": lambda: "%d%02d%02d" % (_c([2024, 2025]), _R.randint(1, 12), _R.randint(1, 28)),
    "hms": lambda: "%02d%02d%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59)),
    "up20": lambda: _up(20),
    "an24": lambda: _an(24),
    "b64u_24": lambda: _b64u(24),
    "digits6": lambda: _digits(6),
    "an8": lambda: _an(8),
    "an22": lambda: _an(22),
    "an32": lambda: _an(32),
    "ghp": lambda: "ghp_" + _an(36),
    "digits10": lambda: _digits(10),
    "digits18": lambda: _digits(18),
    "mmdd": lambda: "%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28)),
    "mm": lambda: "%02d" % _R.randint(1, 12),
    "dd": lambda: "%02d" % _R.randint(1, 28),
    "mon": lambda: _c(_MONTHS),
    "clf": lambda: "%02d/%s/%d:%s +0000" % (_R.randint(1, 28), _c(_MONTHS), _c([2024, 2025]), _time()),
    "clfshort": lambda: "%s, %02d %s %d %s +0000" % (_c(["Mon", "Tue", "Wed", "Thu", "Fri"]), _R.randint(1, 28),
                                                     _c(_MONTHS), _c([2024, 2025]), _time()),
}


class _Ctx(dict):
    def __missing__(self, key):
        base = key
        if key not in _FILL:
            m = re.match(r"(.+)_\d+$", key)
            base = m.group(1) if m else key
        v = _FILL[base]()
        self[key] = v
        return v


_PH = re.compile(r"@@([A-Za-z_][A-Za-z0-9_]*)@@")


def _render(template, ctx):
    return _PH.sub(lambda m: ctx[m.group(1)], template)


# --------------------------------------------------------------------------
# secret generators
# --------------------------------------------------------------------------
_SYM = "!%*+-.=?@^_~"


def _cap(w):
    return w[0].upper() + w[1:]


def _pw_word():
    w = _c(_WORDS)
    style = _R.randrange(6)
    if style == 0:
        return _cap(w) + _digits(_R.randint(2, 4)) + _c("!?*.%@")
    if style == 1:
        return _cap(w) + _c("!*@.-_") + _digits(_R.randint(2, 4))
    if style == 2:
        return _cap(w) + _cap(_c(_WORDS)) + _digits(2) + _c("!?*")
    if style == 3:
        return w + "_" + _c(_WORDS) + _digits(_R.randint(2, 3))
    if style == 4:
        return _cap(w) + _digits(4) + _cap(_c(_WORDS)) + _c("!.")
    return w.upper()[:4] + _digits(2) + _c(_WORDS) + _c("!?%*")


def _pw_phrase(sep=None):
    k = _R.randint(3, 5)
    ws = [_c(_WORDS) for _ in range(k)]
    sep = sep if sep is not None else _c(["-", ".", "_", "-", "+"])
    if _R.random() < 0.5:
        ws[_R.randrange(k)] += str(_R.randint(1, 99))
    return sep.join(ws)


def _pw_space():
    return " ".join(_c(_WORDS) for _ in range(_R.randint(4, 5)))


def _pw_pron():
    cons = "bcdfghjklmnprstvz"
    vow = "aeiou"
    syl = "".join(_c(cons) + _c(vow) + (_c(cons) if _R.random() < 0.4 else "") for _ in range(_R.randint(3, 4)))
    return _cap(syl) + _digits(_R.randint(2, 3)) + _c("!.-*")


def _pw_leet():
    w = _c(_WORDS) + _c(_WORDS)
    tbl = {"a": "@", "e": "3", "o": "0", "i": "1", "s": "5", "t": "7"}
    out = "".join(tbl[ch] if ch in tbl and _R.random() < 0.6 else ch for ch in w)
    return _cap(out) + _digits(2) + _c("!#&")


def _pw_rand(n=None, alpha=_AN + "!%*+-.=?@^_~"):
    n = n or _R.randint(12, 24)
    while True:
        p = _s(alpha, n)
        if (any(c.isdigit() for c in p) and any(c.isupper() for c in p) and any(c.islower() for c in p)
                and p[0] in _AN):
            return p


def _pw_intl():
    return _c(_WORDS_INTL) + _c(["#", "!", "*", "_", "."]) + _digits(_R.randint(2, 4))


def _pw():
    r = _R.randrange(6)
    return [_pw_word, _pw_phrase, _pw_pron, _pw_leet, _pw_rand, _pw_intl][r]()


def _pw_sh():
    # shell / env safe (no quotes, backslash, dollar, backtick, bang, hash)
    r = _R.randrange(4)
    if r == 0:
        return _pw_rand(alpha=_AN + "%*+-.=?@^_~:,")
    if r == 1:
        return _pw_phrase()
    if r == 2:
        return _cap(_c(_WORDS)) + _digits(3) + _c("%*+-.=@^_~")
    return _pw_pron().rstrip("!") + "_" + _lo(3)


def _pw_url():
    r = _R.randrange(3)
    if r == 0:
        return _pw_rand(alpha=_AN + "-._~")
    if r == 1:
        return _pw_phrase(_c(["-", ".", "_"]))
    return _cap(_c(_WORDS)) + _c("-._~") + _digits(4) + _lo(3)


def _pw_enc():
    raw = _pw_rand(_R.randint(14, 20), alpha=_AN + "@#/:!?&+=")
    while not any(ch in raw for ch in "@#/:?&"):
        raw = _pw_rand(_R.randint(14, 20), alpha=_AN + "@#/:!?&+=")
    return urllib.parse.quote(raw, safe="")


def _pem_body(prefix, nchars, width=64):
    body = prefix + _b64chars(nchars - len(prefix))
    return _wrap(body, width)


_OPENSSH_ED = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
_OPENSSH_ENC = "b3BlbnNzaC1rZXktdjEAAAAACmFlczI1Ni1jdHIAAAAGYmNyeXB0AAAAGAAAABB"
_PKCS8_RSA = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ"
_PKCS1_RSA = "MIIEpAIBAAKCAQEA"
_EC_P256 = "MHcCAQEEI"
_PKCS8_EC = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg"


def _epoch_s():
    return str(1704067200 + _R.randrange(47000000))


def _jupyter_cookie():
    return "2|1:0|10:%s|23:username-localhost-8888|44:%s|%s" % (_epoch_s(), _b64(32), _hex(64))


def _neptune():
    return _enc({"api_address": "https://app.neptune.ai", "api_url": "https://app.neptune.ai",
                 "api_key": _uuid()})


def _cloudflared():
    return _enc({"a": _hex(32), "t": _uuid(), "s": _b64(32)})


def _slack_tail():
    return _an(24)


_GEN = {
    # passwords
    "pw": _pw, "pwsh": _pw_sh, "pwurl": _pw_url, "pwenc": _pw_enc, "pwword": _pw_word,
    "pwphrase": _pw_phrase, "pwspace": _pw_space, "pwpron": _pw_pron, "pwleet": _pw_leet,
    "pwrand": _pw_rand, "pwintl": _pw_intl,
    "pin": lambda: _digits(_R.randint(6, 8)),
    # ML / MLOps vendors
    "wandb": lambda: _hex(40),
    "wandb_local": lambda: "local-" + _hex(40),
    "hf": lambda: "hf_" + _letters(34),
    "hf_org": lambda: "api_org_" + _letters(34),
    "openai": lambda: "sk-" + _an(20) + "T3BlbkFJ" + _an(20),
    "openai_proj": lambda: "sk-proj-" + _b64uchars(74) + "T3BlbkFJ" + _b64uchars(74),
    "openai_svc": lambda: "sk-svcacct-" + _b64uchars(74) + "T3BlbkFJ" + _b64uchars(74),
    "openai_admin": lambda: "sk-admin-" + _b64uchars(64) + "T3BlbkFJ" + _b64uchars(64),
    "anthropic": lambda: "sk-ant-api03-" + _b64uchars(93) + "AA",
    "anthropic_admin": lambda: "sk-ant-admin01-" + _b64uchars(93) + "AA",
    "replicate": lambda: "r8_" + _an(37),
    "comet": lambda: _an(25),
    "neptune": _neptune,
    "pinecone": lambda: "pcsk_" + _an(6) + "_" + _an(63),
    "pinecone_legacy": _uuid,
    "groq": lambda: "gsk_" + _an(52),
    "google": lambda: "AIza" + _b64uchars(35),
    "mistral": lambda: _an(32),
    "cohere": lambda: _an(40),
    "together": lambda: _hex(64),
    "fireworks": lambda: "fw_" + _an(24),
    "perplexity": lambda: "pplx-" + _an(48),
    "xai": lambda: "xai-" + _an(80),
    "openrouter": lambda: "sk-or-v1-" + _hex(64),
    "deepseek": lambda: "sk-" + _hex(32),
    "langsmith": lambda: "lsv2_pt_" + _hex(32) + "_" + _hex(10),
    "langsmith_sk": lambda: "lsv2_sk_" + _hex(32) + "_" + _hex(10),
    "ngc": lambda: "nvapi-" + _b64uchars(64),
    "ngc_legacy": lambda: base64.b64encode(("%s:%s" % (_lo(26), _uuid())).encode()).decode(),
    "runpod": lambda: "rpa_" + _up(40),
    "runpod_legacy": lambda: _up(32),
    "vast": lambda: _hex(64),
    "lambda": lambda: "secret_%s_%s.%s" % (_c(_USERS).replace(".", "-"), _hex(32), _an(32)),
    "modal": lambda: "as-" + _an(22),
    "kaggle": lambda: _hex(32),
    "kaggle_new": lambda: "KGAT_" + _hex(32),
    "jupyter": lambda: _hex(48),
    "clearml": lambda: _an(50),
    "labelbox": lambda: _jwt({"userId": _lo(25), "organizationId": _lo(25), "apiKeyId": _lo(25),
                              "secret": _hex(32), "iat": 1700000000 + _R.randrange(50000000)}),
    "scale": lambda: "live_" + _hex(32),
    "labelstudio": lambda: _hex(40),
    "roboflow": lambda: _an(20),
    "zilliz": lambda: _hex(104),
    "qdrant": lambda: _an(8) + "-" + _b64uchars(40),
    "weaviate": lambda: _an(40),
    "argilla": lambda: _b64uchars(43),
    "aws_secret": lambda: _b64chars(40),
    "aws_session": lambda: "IQoJb3JpZ2luX2VjE" + _b64chars(260),
    "gcp_oauth": lambda: "ya29.a0" + _b64uchars(160),
    "azure_storage": lambda: _b64(64),
    "github": lambda: "ghp_" + _an(36),
    "github_fine": lambda: "github_pat_" + _an(22) + "_" + _an(59),
    "github_app": lambda: "ghs_" + _an(36),
    "github_oauth": lambda: "gho_" + _an(36),
    "gitlab": lambda: "glpat-" + _b64uchars(20),
    "slack_bot": lambda: "xoxb-%s-%s-%s" % (_digits(12), _digits(13), _an(24)),
    "slack_user": lambda: "xoxp-%s-%s-%s-%s" % (_digits(12), _digits(12), _digits(13), _hex(32)),
    "slack_app": lambda: "xapp-1-A%s-%s-%s" % (_up(10), _digits(13), _hex(64)),
    "discord_bot": lambda: "%s.%s.%s" % (_b64uchars(26), _b64uchars(6), _b64uchars(38)),
    "databricks": lambda: "dapi" + _hex(32),
    "dockerhub": lambda: "dckr_pat_" + _b64uchars(27),
    "npm": lambda: "npm_" + _an(36),
    "pypi": lambda: "pypi-AgEIcHlwaS5vcmc" + _b64uchars(140),
    "datadog": lambda: _hex(32),
    "sentry": lambda: "sntryu_" + _hex(64),
    "stripe": lambda: "sk_live_" + _an(99),
    "sendgrid": lambda: "SG." + _b64uchars(22) + "." + _b64uchars(43),
    "twilio": lambda: _hex(32),
    "ngrok": lambda: "2" + _an(26) + "_" + _an(21),
    "tailscale": lambda: "tskey-auth-k" + _an(10) + "CNTRL-" + _an(33),
    "cloudflare": lambda: _b64uchars(40),
    "r2": lambda: _hex(64),
    "b2": lambda: "K005" + _b64chars(27).replace("+", "x").replace("/", "Y"),
    "doppler": lambda: "dp.st.prd." + _an(43),
    "vault": lambda: "hvs." + _b64uchars(90),
    "telegram": lambda: _digits(10) + ":AA" + _b64uchars(33),
    "azure_openai": lambda: _hex(32),
    "elevenlabs": lambda: "sk_" + _hex(48),
    "deepgram": lambda: _hex(40),
    "assemblyai": lambda: _hex(32),
    "voyage": lambda: "pa-" + _b64uchars(43),
    "jina": lambda: "jina_" + _hex(32) + _b64uchars(28),
    "cerebras": lambda: "csk-" + _lo(48),
    "anyscale": lambda: "aph0_" + _b64uchars(110),
    "prefect": lambda: "pnu_" + _an(36),
    "age": lambda: "AGE-SECRET-KEY-1" + _s("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L".upper(), 58),
    "supabase": lambda: _jwt({"iss": "supabase", "ref": _lo(20), "role": "service_role",
                              "iat": 1700000000 + _R.randrange(40000000), "exp": 2000000000 + _R.randrange(40000000)}),
    "jwt": lambda: _jwt(),
    "cloudflared": _cloudflared,
    "jupyter_cookie": _jupyter_cookie,
    "dagshub": lambda: _hex(40),
    "stability": lambda: "sk-" + _an(48),
    "tavily": lambda: "tvly-" + _an(32),
    "firecrawl": lambda: "fc-" + _hex(32),
    "e2b": lambda: "e2b_" + _hex(40),
    "civitai": lambda: _hex(32),
    "serpapi": lambda: _hex(64),
    "octo": lambda: _jwt({"iss": "octoai", "sub": _uuid(), "scope": "inference"}, alg="RS256", sigbytes=96),
    "deepinfra": lambda: _an(32),
    "baseten": lambda: _an(8) + "." + _an(32),
    "paperspace": lambda: _hex(30),
    "lightning": lambda: _uuid(),
    "upstash": lambda: "AX" + _b64uchars(6) + "AAIjcDE" + _b64uchars(40),
    "planetscale": lambda: "pscale_pw_" + _b64uchars(43),
    "neon": lambda: "npg_" + _an(12),
    "sb_secret": lambda: "sb_secret_" + _b64uchars(31),
    "k8s_sa": lambda: _jwt({"iss": "kubernetes/serviceaccount", "kubernetes.io/serviceaccount/namespace": _c(_NS),
                            "sub": "system:serviceaccount:%s:%s" % (_c(_NS), _c(_SVC))}, alg="RS256", sigbytes=128),
    "slurm_jwt": lambda: _jwt({"exp": 1715000000 + _R.randrange(30000000), "iat": 1715000000, "sun": _c(_USERS)}),
    "fernet": lambda: _b64u(32) + "=",
    "django": lambda: "django-insecure-" + _s(_LOWER + _DIG + "!@#%^&*(-_=+)", 50),
    "munge": lambda: _wrap(_b64(192), 76),
    "totp": lambda: _b32(32),
    "otpcodes": lambda: "\n".join("%s-%s" % (_digits(4), _digits(4)) for _ in range(_R.randint(4, 6))),
    "anaconda": lambda: _lo(2) + "-" + _uuid(),
    "hex32": lambda: _hex(32), "hex40": lambda: _hex(40), "hex48": lambda: _hex(48),
    "hex64": lambda: _hex(64), "an24": lambda: _an(24), "an32": lambda: _an(32),
    "an40": lambda: _an(40), "b64_32": lambda: _b64(32), "b64u_32": lambda: _b64u(32),
    "b64u_24": lambda: _b64u(24), "lo32": lambda: _lo(32), "b64_48": lambda: _b64(48),
    # signatures
    "s3sig": lambda: _hex(64),
    "gcssig": lambda: _hex(512),
    "sassig": lambda: urllib.parse.quote(_b64(32), safe=""),
    "cfsig": lambda: _b64(128).replace("+", "-").replace("=", "_").replace("/", "~"),
    # private keys (bodies)
    "pem_rsa_head": lambda: _pem_body(_PKCS1_RSA, 64 * _R.randint(4, 6)),
    "pem_pkcs8": lambda: _pem_body(_PKCS8_RSA, 64 * _R.randint(5, 7)),
    "pem_ec": lambda: _pem_body(_EC_P256, 164),
    "pem_pkcs8_ec": lambda: _pem_body(_PKCS8_EC, 184),
    "openssh": lambda: _pem_body(_OPENSSH_ED, 70 * 5 + _R.randint(0, 40), 70),
    "openssh_enc": lambda: _pem_body(_OPENSSH_ENC, 70 * 6 + _R.randint(0, 40), 70),
}

_SEEN = set()


def _gen_secret(gen, ctx):
    for _ in range(100):
        if callable(gen):
            v = gen(ctx)
        else:
            v = _GEN[gen]()
        if v not in _SEEN and len(v) >= 6:
            _SEEN.add(v)
            return v
    raise RuntimeError("could not draw a fresh secret")


# registry of secret formats: (group, format, gen, template, visible-template)
_FORMATS = []


def _f(group, name, gen, template, vis=""):
    _FORMATS.append((group, name, gen, template, vis))


def _maker(group):
    def add(name, gen, template, vis=""):
        _f(group, name, gen, template, vis)
    return add


# ==========================================================================
# group: command  (shell commands the agent ran or proposed)
# ==========================================================================
C = _maker("command")

C("wandb-login-positional", "wandb",
  "$ wandb login @@S@@\nwandb: Appending key for api.wandb.ai to your netrc file: /home/@@user@@/.netrc",
  "wandb login")
C("wandb-login-relogin-local-host", "wandb_local",
  "wandb login --relogin --host https://wandb.@@dom@@ @@S@@", "https://wandb.@@dom@@")
C("wandb-env-inline-sweep-agent", "wandb",
  "WANDB_API_KEY=@@S@@ WANDB_PROJECT=@@proj@@ wandb agent @@org@@/@@proj@@/@@run@@", "wandb agent")
C("huggingface-cli-login-token-flag", "hf",
  "huggingface-cli login --token @@S@@ --add-to-git-credential", "huggingface-cli login")
C("hf-auth-login-new-cli", "hf",
  "hf auth login --token @@S@@ --force", "hf auth login")
C("hf-token-env-inline-push", "hf",
  "HF_TOKEN=@@S@@ python scripts/@@py@@ --repo-id @@model@@ --private", "--repo-id @@model@@")
C("hf-upload-token-flag", "hf",
  "huggingface-cli upload @@model@@ ./outputs/checkpoint-@@step@@ . --token=@@S@@ --commit-message \"step @@step@@\"",
  "huggingface-cli upload @@model@@")
C("export-openai-key-double-quoted", "openai_proj",
  "export OPENAI_API_KEY=\"@@S@@\"\npython -m evals.run --model gpt-4o-mini --suite @@proj@@", "python -m evals.run")
C("export-anthropic-key-then-claude", "anthropic",
  "export ANTHROPIC_API_KEY=@@S@@ && python bench/judge.py --judge claude-3-5-sonnet", "bench/judge.py")
C("curl-bearer-openai-chat", "openai",
  """curl https://api.openai.com/v1/chat/completions \\
  -H "Content-Type: application/json" \\
  -H "Authorization: Bearer @@S@@" \\
  -d '{"model": "gpt-4o", "messages": [{"role": "user", "content": "ping"}]}'""",
  "https://api.openai.com/v1/chat/completions")
C("curl-x-api-key-anthropic", "anthropic",
  """curl -s https://api.anthropic.com/v1/messages -H 'x-api-key: @@S@@' \\
  -H 'anthropic-version: 2023-06-01' -H 'content-type: application/json' \\
  -d @payload.json | jq .usage""", "anthropic-version: 2023-06-01")
C("curl-vllm-models-bearer", "an32",
  "curl -s http://@@ip@@:8000/v1/models -H \"Authorization: Bearer @@S@@\" | jq '.data[].id'",
  "http://@@ip@@:8000/v1/models")
C("vllm-serve-api-key-flag", "b64u_24",
  "vllm serve @@pubmodel@@ --tensor-parallel-size 4 --max-model-len 16384 --api-key @@S@@ --port 8000",
  "vllm serve @@pubmodel@@")
C("docker-run-tgi-hf-token-env", "hf",
  """docker run --gpus all --shm-size 1g -p 8080:80 -v $PWD/data:/data \\
  -e HF_TOKEN=@@S@@ \\
  ghcr.io/huggingface/text-generation-inference:2.2.0 --model-id @@pubmodel@@""",
  "ghcr.io/huggingface/text-generation-inference:2.2.0")
C("cog-login-token-stdin-echo", "replicate",
  "echo @@S@@ | cog login --token-stdin", "cog login --token-stdin")
C("curl-replicate-predictions-token", "replicate",
  """curl -s -X POST https://api.replicate.com/v1/predictions \\
  -H "Authorization: Token @@S@@" -H "Content-Type: application/json" \\
  -d '{"version": "@@sha@@", "input": {"prompt": "a red fox"}}'""",
  "https://api.replicate.com/v1/predictions")
C("mlflow-env-basic-auth-runs-list", "pwsh",
  "MLFLOW_TRACKING_URI=https://mlflow.@@dom@@ MLFLOW_TRACKING_USERNAME=@@user@@ MLFLOW_TRACKING_PASSWORD='@@S@@' mlflow runs list --experiment-id @@n@@",
  "MLFLOW_TRACKING_USERNAME=@@user@@")
C("mlflow-server-backend-store-uri", "pwurl",
  """mlflow server --host 0.0.0.0 --port 5000 \\
  --backend-store-uri postgresql://mlflow:@@S@@@pg-features.@@dom@@:5432/mlflow \\
  --artifacts-destination s3://@@bucket@@/mlflow""", "pg-features.@@dom@@:5432/mlflow")
C("comet-env-inline-train", "comet",
  "COMET_API_KEY=@@S@@ COMET_WORKSPACE=@@org@@ python @@py@@ --config configs/@@proj@@.yaml",
  "COMET_WORKSPACE=@@org@@")
C("neptune-export-token-and-project", "neptune",
  "export NEPTUNE_PROJECT=@@org@@/@@proj@@\nexport NEPTUNE_API_TOKEN=\"@@S@@\"", "NEPTUNE_PROJECT=@@org@@/@@proj@@")
C("kaggle-json-echo-chmod", "kaggle",
  "mkdir -p ~/.kaggle && echo '{\"username\":\"@@user@@\",\"key\":\"@@S@@\"}' > ~/.kaggle/kaggle.json && chmod 600 ~/.kaggle/kaggle.json",
  "chmod 600 ~/.kaggle/kaggle.json")
C("kaggle-env-competition-download", "kaggle",
  "KAGGLE_USERNAME=@@user@@ KAGGLE_KEY=@@S@@ kaggle competitions download -c llm-detect-ai-generated-text",
  "kaggle competitions download")
C("jupyter-lab-identityprovider-token", "jupyter",
  "jupyter lab --no-browser --ip 0.0.0.0 --port 8888 --IdentityProvider.token=@@S@@", "jupyter lab --no-browser")
C("jupyter-notebook-legacy-token-flag", "hex32",
  "nohup jupyter notebook --NotebookApp.token='@@S@@' --NotebookApp.allow_origin='*' > jn.log 2>&1 &",
  "nohup jupyter notebook")
C("ssh-tunnel-then-open-jupyter-url", "jupyter",
  "ssh -N -L 8888:localhost:8888 @@user@@@gpu-@@nn@@.@@dom@@ &\nxdg-open 'http://localhost:8888/lab?token=@@S@@'",
  "@@user@@@gpu-@@nn@@.@@dom@@")
C("runpodctl-config-apikey", "runpod",
  "runpodctl config --apiKey @@S@@", "runpodctl config")
C("runpod-curl-graphql-api-key-query", "runpod_legacy",
  "curl -s 'https://api.runpod.io/graphql?api_key=@@S@@' -H 'content-type: application/json' --data '{\"query\":\"query { myself { pods { id name } } }\"}'",
  "https://api.runpod.io/graphql")
C("vastai-set-api-key", "vast",
  "vastai set api-key @@S@@ && vastai search offers 'gpu_name=RTX_4090 num_gpus=2 reliability>0.98'",
  "vastai search offers")
C("lambda-cloud-curl-basic-user-only", "lambda",
  "curl -u @@S@@: https://cloud.lambdalabs.com/api/v1/instance-types | jq '.data | keys'",
  "https://cloud.lambdalabs.com/api/v1/instance-types")
C("modal-token-set-id-secret", "modal",
  "modal token set --token-id @@modalid@@ --token-secret @@S@@ --profile @@org@@", "--token-id @@modalid@@")
C("sky-launch-env-wandb", "wandb",
  "sky launch -c @@proj@@-@@nn@@ task.yaml --gpus H100:8 --env WANDB_API_KEY=@@S@@ --env HF_HUB_ENABLE_HF_TRANSFER=1 -y",
  "sky launch -c @@proj@@-@@nn@@")
C("ray-start-head-redis-password", "pwsh",
  "ray start --head --port=6379 --redis-password='@@S@@' --dashboard-host=0.0.0.0 --num-gpus=8",
  "ray start --head")
C("ray-job-submit-runtime-env-json", "hf",
  """ray job submit --address http://ray-head.@@dom@@:8265 \\
  --runtime-env-json='{"env_vars": {"HF_TOKEN": "@@S@@"}, "working_dir": "."}' \\
  -- python @@py@@ --model @@pubmodel@@""", "http://ray-head.@@dom@@:8265")
C("sbatch-export-inline-key", "wandb",
  "sbatch --partition=gpu --gres=gpu:8 --export=ALL,WANDB_API_KEY=@@S@@,WANDB_MODE=online jobs/@@proj@@.sbatch",
  "--partition=gpu")
C("srun-env-neptune-token", "neptune",
  "srun -p a100 --gres=gpu:4 --time=08:00:00 env NEPTUNE_API_TOKEN=@@S@@ python @@py@@",
  "srun -p a100")
C("aws-configure-set-secret-profile", "aws_secret",
  "aws configure set aws_access_key_id @@akid@@ --profile ml-datasets\naws configure set aws_secret_access_key @@S@@ --profile ml-datasets",
  "--profile ml-datasets")
C("aws-s3-sync-env-inline-keys", "aws_secret",
  "AWS_ACCESS_KEY_ID=@@akid@@ AWS_SECRET_ACCESS_KEY=@@S@@ aws s3 sync s3://@@bucket@@/shards/ ./data/shards --only-show-errors",
  "s3://@@bucket@@/shards/")
C("rclone-config-create-r2", "r2",
  "rclone config create r2 s3 provider=Cloudflare access_key_id=@@hex32@@ secret_access_key=@@S@@ endpoint=https://@@reqid@@.r2.cloudflarestorage.com",
  "rclone config create r2 s3")
C("mc-alias-set-minio-root", "pwsh",
  "mc alias set local http://minio.@@dom@@:9000 minioadmin '@@S@@' && mc ls local/@@bucket@@",
  "http://minio.@@dom@@:9000")
C("az-storage-upload-account-key", "azure_storage",
  "az storage blob upload-batch --account-name @@org@@ml --account-key \"@@S@@\" -d checkpoints -s ./ckpt/@@proj@@",
  "--account-name @@org@@ml")
C("docker-login-ngc-oauthtoken", "ngc",
  "docker login nvcr.io --username '$oauthtoken' --password @@S@@", "docker login nvcr.io")
C("printf-pipe-ngc-config-set", "ngc_legacy",
  "printf '%s\\njson\\n@@org@@\\nno-team\\nno-ace\\n' '@@S@@' | ngc config set", "ngc config set")
C("pgpassword-inline-psql", "pw",
  "PGPASSWORD='@@S@@' psql -h pg-features.@@dom@@ -U feast -d feature_store -c '\\dt+'",
  "pg-features.@@dom@@")
C("mysql-p-attached-password", "pwsh",
  "mysql -h label.@@dom@@ -u labelstudio -p'@@S@@' labelstudio -e 'select count(*) from task;'",
  "-u labelstudio")
C("redis-cli-a-auth", "pwsh",
  "redis-cli -h feast-redis.@@dom@@ -p 6379 -a '@@S@@' --no-auth-warning INFO keyspace",
  "feast-redis.@@dom@@")
C("mongosh-srv-uri-password", "pwurl",
  "mongosh \"mongodb+srv://annotator:@@S@@@cluster0.@@lo@@.mongodb.net/labels?retryWrites=true\"",
  "annotator")
C("git-clone-hf-user-token-url", "hf",
  "git clone https://@@user@@:@@S@@@huggingface.co/datasets/@@org@@/@@proj@@-private",
  "huggingface.co/datasets/@@org@@/@@proj@@-private")
C("git-remote-set-url-x-access-token", "github_app",
  "git remote set-url origin https://x-access-token:@@S@@@github.com/@@org@@/@@proj@@.git && git push origin HEAD",
  "github.com/@@org@@/@@proj@@.git")
C("pip-extra-index-url-gitlab-token", "gitlab",
  "pip install --extra-index-url https://__token__:@@S@@@gitlab.@@dom@@/api/v4/projects/@@num@@/packages/pypi/simple @@org@@-ml-utils==@@ver@@",
  "@@org@@-ml-utils==@@ver@@")
C("twine-upload-pypi-token", "pypi",
  "twine upload -u __token__ -p @@S@@ dist/*", "twine upload")
C("uv-index-password-env", "pwsh",
  "UV_INDEX_INTERNAL_USERNAME=@@svc@@ UV_INDEX_INTERNAL_PASSWORD=@@S@@ uv sync --frozen",
  "uv sync --frozen")
C("kubectl-secret-from-literal", "wandb",
  "kubectl -n @@ns@@ create secret generic wandb-creds --from-literal=WANDB_API_KEY=@@S@@ --dry-run=client -o yaml | kubectl apply -f -",
  "create secret generic wandb-creds")
C("kubectl-docker-registry-secret", "dockerhub",
  "kubectl create secret docker-registry regcred --docker-server=https://index.docker.io/v1/ --docker-username=@@user@@ --docker-password=@@S@@ -n @@ns@@",
  "--docker-username=@@user@@")
C("helm-upgrade-set-minio-secret", "pwsh",
  "helm upgrade --install milvus zilliztech/milvus -n vector --set minio.accessKey=minioadmin --set minio.secretKey=@@S@@ --set cluster.enabled=false",
  "helm upgrade --install milvus")
C("curl-qdrant-api-key-header", "qdrant",
  """curl -X POST 'https://@@uuid@@.@@region@@.aws.cloud.qdrant.io:6333/collections/@@idx@@/points/search' \\
  -H 'api-key: @@S@@' -H 'Content-Type: application/json' \\
  -d '{"vector": [0.1, 0.2, 0.3], "limit": 5}'""", "collections/@@idx@@/points/search")
C("curl-weaviate-bearer-schema", "weaviate",
  "curl -s https://@@proj@@-@@lo@@.weaviate.network/v1/schema -H 'Authorization: Bearer @@S@@' | jq '.classes[].class'",
  "/v1/schema")
C("curl-pinecone-describe-index", "pinecone",
  "curl -s https://api.pinecone.io/indexes/@@idx@@ -H \"Api-Key: @@S@@\" -H 'X-Pinecone-API-Version: 2024-07'",
  "https://api.pinecone.io/indexes/@@idx@@")
C("python-c-milvus-root-token", "pw",
  "python -c \"from pymilvus import MilvusClient; c = MilvusClient(uri='http://milvus.@@dom@@:19530', token='root:@@S@@'); print(c.list_collections())\"",
  "http://milvus.@@dom@@:19530")
C("gh-secret-set-body", "hf",
  "gh secret set HF_TOKEN --body \"@@S@@\" --repo @@org@@/@@proj@@", "gh secret set HF_TOKEN")
C("openssl-enc-pass-arg", "pwsh",
  "openssl enc -aes-256-cbc -pbkdf2 -salt -in weights-@@proj@@.tar -out weights-@@proj@@.tar.enc -pass pass:@@S@@",
  "weights-@@proj@@.tar.enc")
C("zip-p-password-dataset-export", "pwsh",
  "zip -P '@@S@@' -r labels_export_@@date@@.zip export/", "labels_export_@@date@@.zip")
C("7z-p-attached-header-encrypt", "pwsh",
  "7z a -p@@S@@ -mhe=on eval_holdout_@@date@@.7z eval/holdout/", "eval_holdout_@@date@@.7z")
C("htpasswd-b-tensorboard", "pw",
  "sudo htpasswd -b -c /etc/nginx/.htpasswd_tb @@user@@ '@@S@@' && sudo systemctl reload nginx",
  "/etc/nginx/.htpasswd_tb")
C("label-studio-start-password", "pwsh",
  "label-studio start --port 8080 --username @@email@@ --password '@@S@@' --data-dir /srv/ls-data",
  "--username @@email@@")
C("docker-run-argilla-owner-password", "pwsh",
  "docker run -d --name argilla -p 6900:6900 -e ARGILLA_OWNER_PASSWORD=@@S@@ -e ARGILLA_OWNER_USERNAME=owner argilla/argilla-quickstart:v2.0.0",
  "argilla/argilla-quickstart:v2.0.0")
C("ngrok-config-add-authtoken", "ngrok",
  "ngrok config add-authtoken @@S@@ && ngrok http 7860", "ngrok http 7860")
C("tailscale-up-authkey-gpu-box", "tailscale",
  "sudo tailscale up --authkey=@@S@@ --hostname gpu-box-@@n@@ --advertise-tags=tag:gpu",
  "--hostname gpu-box-@@n@@")
C("cloudflared-tunnel-run-token", "cloudflared",
  "cloudflared tunnel --no-autoupdate run --token @@S@@", "cloudflared tunnel --no-autoupdate run")
C("python-c-openai-legacy-attr", "openai",
  "python -c \"import openai; openai.api_key='@@S@@'; print([m.id for m in openai.models.list()][:5])\"",
  "openai.models.list()")
C("curl-together-completions", "together",
  "curl -s https://api.together.xyz/v1/completions -H \"Authorization: Bearer @@S@@\" -d '{\"model\":\"@@pubmodel@@\",\"prompt\":\"2+2=\"}'",
  "https://api.together.xyz/v1/completions")
C("curl-groq-chat-env-inline", "groq",
  "GROQ_API_KEY=@@S@@; curl https://api.groq.com/openai/v1/models -H \"Authorization: Bearer $GROQ_API_KEY\"",
  "https://api.groq.com/openai/v1/models")
C("dvc-remote-modify-local-secret", "aws_secret",
  "dvc remote modify --local storage access_key_id @@akid@@\ndvc remote modify --local storage secret_access_key @@S@@",
  "dvc remote modify --local storage")
C("sshpass-p-nvidia-smi", "pwsh",
  "sshpass -p '@@S@@' ssh -o StrictHostKeyChecking=no root@@@pubip@@ -p @@sshport@@ nvidia-smi",
  "nvidia-smi")
C("wget-user-password-dataset", "pwsh",
  "wget --user=@@user@@ --password='@@S@@' -c https://data.@@dom@@/corpora/asr/train-clean-960.tar.gz",
  "https://data.@@dom@@/corpora/asr/train-clean-960.tar.gz")
C("curl-u-user-pass-registry-catalog", "pwurl",
  "curl -su @@svc@@:@@S@@ https://registry.@@dom@@/v2/_catalog | jq .", "https://registry.@@dom@@/v2/_catalog")
C("heredoc-cat-dotenv", "openai",
  """cat > .env <<'EOF'
OPENAI_API_KEY=@@S@@
OPENAI_BASE_URL=https://llm-gateway.@@dom@@/v1
EOF""", "OPENAI_BASE_URL=https://llm-gateway.@@dom@@/v1")
C("heredoc-tee-netrc-wandb", "wandb",
  """tee -a ~/.netrc > /dev/null <<EOF
machine api.wandb.ai
  login user
  password @@S@@
EOF""", "machine api.wandb.ai")
C("duckdb-cli-create-secret-s3", "aws_secret",
  "duckdb -c \"CREATE SECRET s3data (TYPE S3, KEY_ID '@@akid@@', SECRET '@@S@@', REGION '@@region@@'); SELECT count(*) FROM 's3://@@bucket@@/*.parquet';\"",
  "CREATE SECRET s3data")
C("colab-bang-pip-then-login", "hf",
  "!pip -q install -U huggingface_hub\n!huggingface-cli login --token @@S@@", "!pip -q install -U huggingface_hub")
C("powershell-env-assign-openai", "openai_proj",
  "PS C:\\Users\\@@user@@\\src\\@@proj@@> $env:OPENAI_API_KEY = \"@@S@@\"\nPS C:\\Users\\@@user@@\\src\\@@proj@@> python .\\@@py@@",
  "C:\\Users\\@@user@@\\src\\@@proj@@")
C("set-windows-cmd-hf-token", "hf",
  "C:\\work> set HF_TOKEN=@@S@@\nC:\\work> python download.py --repo @@model@@", "python download.py")
C("fish-set-gx-key", "mistral",
  "set -gx MISTRAL_API_KEY @@S@@; python -m rag.eval --llm mistral-large-latest", "python -m rag.eval")
C("curl-gemini-key-query-param", "google",
  "curl -s \"https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-pro:generateContent?key=@@S@@\" -H 'Content-Type: application/json' -d @req.json",
  "generativelanguage.googleapis.com")
C("curl-databricks-serving-endpoint", "databricks",
  "curl -s -u token:@@S@@ https://adb-@@digits16@@.@@n@@.azuredatabricks.net/serving-endpoints/@@proj@@/invocations -d @batch.json",
  "/serving-endpoints/@@proj@@/invocations")
C("labelbox-env-export-script", "labelbox",
  "export LABELBOX_API_KEY='@@S@@'\npython tools/export_labels.py --project @@lo@@", "tools/export_labels.py")
C("curl-label-studio-token-header", "labelstudio",
  "curl -H 'Authorization: Token @@S@@' http://label.@@dom@@:8080/api/projects/@@n@@/export?exportType=JSON -o export.json",
  "http://label.@@dom@@:8080/api/projects/@@n@@/export")
C("scale-curl-basic-key-colon", "scale",
  "curl https://api.scale.com/v1/tasks?project=@@proj@@ -u \"@@S@@:\"", "https://api.scale.com/v1/tasks?project=@@proj@@")
C("roboflow-download-api-key-query", "roboflow",
  "curl -L \"https://universe.roboflow.com/ds/@@an10@@?key=@@S@@\" > roboflow.zip; unzip roboflow.zip; rm roboflow.zip",
  "universe.roboflow.com")
C("curl-cookie-jupyter-session", "jupyter_cookie",
  "curl -s -b '_xsrf=2|@@hex8@@|@@hex32@@|@@epoch@@; username-localhost-8888=\"@@S@@\"' http://localhost:8888/api/sessions | jq '.[].kernel.id'",
  "http://localhost:8888/api/sessions")
C("psql-uri-percent-encoded-password", "pwenc",
  "psql \"postgresql://mlflow_admin:@@S@@@pg.@@dom@@:5432/mlflow?sslmode=require\" -c 'select count(*) from runs'",
  "select count(*) from runs")
C("git-clone-percent-encoded-creds", "pwenc",
  "git clone https://@@svc@@:@@S@@@git.@@dom@@/ml/label-guidelines.git", "git.@@dom@@/ml/label-guidelines.git")

# ==========================================================================
# group: tool-output  (what a tool printed back to the agent)
# ==========================================================================
T = _maker("tool-output")

T("cat-netrc-wandb-machine", "wandb",
  "$ cat ~/.netrc\nmachine api.wandb.ai\n  login user\n  password @@S@@\nmachine wandb.@@dom@@\n  login user\n  password local-@@hex40@@",
  "machine api.wandb.ai")
T("cat-hf-cache-token", "hf",
  "$ cat ~/.cache/huggingface/token\n@@S@@\n$ huggingface-cli whoami\n@@user@@\norgs:  @@org@@", "huggingface-cli whoami")
T("cat-hf-stored-tokens-ini", "hf",
  "$ cat ~/.cache/huggingface/stored_tokens\n[ci-read]\nhf_token = hf_@@letters34@@\n\n[@@user@@-write]\nhf_token = @@S@@",
  "[@@user@@-write]")
T("printenv-grep-key-output", "wandb",
  "$ printenv | grep -i -E 'wandb|cuda'\nCUDA_VISIBLE_DEVICES=0,1,2,3\nWANDB_ENTITY=@@org@@\nWANDB_API_KEY=@@S@@\nWANDB_DIR=/scratch/@@user@@/wandb",
  "WANDB_ENTITY=@@org@@")
T("printenv-single-var-output", "anthropic",
  "$ printenv ANTHROPIC_API_KEY\n@@S@@\n$ echo $?\n0", "printenv ANTHROPIC_API_KEY")
T("docker-inspect-env-array", "hf",
  """$ docker inspect tgi-@@proj@@ --format '{{json .Config.Env}}' | jq .
[
  "HF_TOKEN=@@S@@",
  "MODEL_ID=@@pubmodel@@",
  "PATH=/opt/conda/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin"
]""", "MODEL_ID=@@pubmodel@@")
T("kubectl-get-secret-yaml-data-b64", lambda c: base64.b64encode(_pw_sh().encode()).decode(),
  """$ kubectl -n @@ns@@ get secret mlflow-db -o yaml
apiVersion: v1
data:
  POSTGRES_PASSWORD: @@S@@
  POSTGRES_USER: bWxmbG93
kind: Secret
metadata:
  name: mlflow-db
  namespace: @@ns@@
type: Opaque""", "name: mlflow-db")
T("kubectl-describe-pod-env-literal", "openai_proj",
  """$ kubectl -n @@ns@@ describe pod llm-gateway-@@lo@@-@@lo_2@@ | sed -n '/Environment:/,/Mounts:/p'
    Environment:
      LOG_LEVEL:        info
      OPENAI_API_KEY:   @@S@@
      UPSTREAM_TIMEOUT: 60
    Mounts:""", "UPSTREAM_TIMEOUT: 60")
T("jupyter-server-list-output", "jupyter",
  "$ jupyter server list\nCurrently running servers:\nhttp://gpu-@@nn@@:8888/?token=@@S@@ :: /home/@@user@@/notebooks",
  "/home/@@user@@/notebooks")
T("jupyter-startup-banner-token-url", "jupyter",
  """[I @@date@@ @@time@@.112 ServerApp] Jupyter Server 2.14.1 is running at:
[I @@date@@ @@time@@.112 ServerApp] http://gpu-@@nn@@:8888/lab?token=@@S@@
[I @@date@@ @@time@@.112 ServerApp]     http://127.0.0.1:8888/lab?token=@@S@@
[I @@date@@ @@time@@.113 ServerApp] Use Control-C to stop this server and shut down all kernels (twice to skip confirmation).""",
  "Jupyter Server 2.14.1 is running at:")
T("jupyter-server-list-json", "jupyter",
  """$ jupyter server list --json
{"base_url": "/", "hostname": "0.0.0.0", "notebook_dir": "/workspace", "password": false, "pid": @@pid@@, "port": 8888, "root_dir": "/workspace", "secure": false, "sock": "", "token": "@@S@@", "url": "http://runpod-@@lo@@:8888/", "version": "2.14.1"}""",
  "\"notebook_dir\": \"/workspace\"")
T("ray-start-head-next-steps-banner", "pwsh",
  """Ray runtime started.
--------------------
Next steps
  To add another node to this Ray cluster, run
    ray start --address='@@ip@@:6379' --redis-password='@@S@@'
  To connect to this Ray cluster:
    import ray
    ray.init(_node_ip_address='@@ip@@')""", "Ray runtime started.")
T("proc-environ-tr-output", "groq",
  "$ cat /proc/@@pid@@/environ | tr '\\0' '\\n' | grep -i api\nGROQ_API_KEY=@@S@@\nAPI_BASE=https://api.groq.com/openai/v1",
  "API_BASE=https://api.groq.com/openai/v1")
T("aws-sts-get-session-token-json", "aws_secret",
  """$ aws sts get-session-token --duration-seconds 43200 --profile datasets
{
    "Credentials": {
        "AccessKeyId": "@@asiaid@@",
        "SecretAccessKey": "@@S@@",
        "SessionToken": "FwoGZXIvYXdzE@@b64_16@@",
        "Expiration": "@@ts@@"
    }
}""", "\"AccessKeyId\": \"@@asiaid@@\"")
T("aws-iam-create-access-key-json", "aws_secret",
  """$ aws iam create-access-key --user-name @@svc@@
{
    "AccessKey": {
        "UserName": "@@svc@@",
        "AccessKeyId": "@@akid@@",
        "Status": "Active",
        "SecretAccessKey": "@@S@@",
        "CreateDate": "@@ts@@"
    }
}""", "\"UserName\": \"@@svc@@\"")
T("gcloud-print-access-token-output", "gcp_oauth",
  "$ gcloud auth print-access-token --impersonate-service-account=vertex-train@@@org@@.iam.gserviceaccount.com\nWARNING: This command is using service account impersonation.\n@@S@@",
  "vertex-train@@@org@@.iam.gserviceaccount.com")
T("az-storage-keys-list-json", "azure_storage",
  """$ az storage account keys list -n @@org@@datasets -o json
[
  {
    "creationTime": "@@ts@@",
    "keyName": "key1",
    "permissions": "FULL",
    "value": "@@S@@"
  }
]""", "\"keyName\": \"key1\"")
T("vault-kv-get-table", "pwsh",
  """$ vault kv get secret/ml/mlflow
====== Secret Path ======
secret/data/ml/mlflow

======= Metadata =======
Key              Value
---              -----
created_time     @@ts@@
version          @@n@@

====== Data ======
Key         Value
---         -----
password    @@S@@
username    mlflow_admin""", "secret/data/ml/mlflow")
T("gh-auth-status-show-token", "github_oauth",
  """$ gh auth status --show-token
github.com
  ✓ Logged in to github.com account @@user@@ (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: @@S@@
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'""", "Logged in to github.com account @@user@@")
T("git-credential-fill-output", "hf",
  "$ printf 'protocol=https\\nhost=huggingface.co\\n' | git credential fill\nprotocol=https\nhost=huggingface.co\nusername=@@user@@\npassword=@@S@@",
  "host=huggingface.co")
T("cat-docker-config-auths", lambda c: base64.b64encode(("%s:%s" % (c["user"], _pw_sh())).encode()).decode(),
  """$ cat ~/.docker/config.json
{
	"auths": {
		"registry.@@dom@@": {
			"auth": "@@S@@"
		}
	},
	"credsStore": ""
}""", "registry.@@dom@@")
T("env-sort-multiple-vars", "cohere",
  "$ env | sort | head -n 8\nCO_API_KEY=@@S@@\nCONDA_DEFAULT_ENV=rag\nCUDA_HOME=/usr/local/cuda-12.4\nHF_HOME=/mnt/cache/hf\nHOME=/home/@@user@@\nHOSTNAME=gpu-@@nn@@",
  "CONDA_DEFAULT_ENV=rag")
T("python-repl-os-environ-echo", "pinecone",
  ">>> import os\n>>> os.environ['PINECONE_API_KEY']\n'@@S@@'\n>>> os.environ['PINECONE_INDEX']\n'@@idx@@'",
  "os.environ['PINECONE_INDEX']")
T("ipython-colab-userdata-out", "hf",
  "In [3]: from google.colab import userdata\n\nIn [4]: userdata.get('HF_TOKEN')\nOut[4]: '@@S@@'",
  "from google.colab import userdata")
T("terraform-output-json-sensitive", "pwsh",
  """$ terraform output -json
{
  "feast_redis_endpoint": {"sensitive": false, "type": "string", "value": "feast-redis.@@dom@@:6379"},
  "feast_redis_password": {"sensitive": true, "type": "string", "value": "@@S@@"}
}""", "feast-redis.@@dom@@:6379")
T("helm-get-values-output", "pwsh",
  """$ helm get values milvus -n vector
USER-SUPPLIED VALUES:
cluster:
  enabled: true
minio:
  rootUser: milvus
  rootPassword: @@S@@
  persistence:
    size: 2Ti""", "USER-SUPPLIED VALUES:")
T("pulumi-stack-output-show-secrets", "pwsh",
  "$ pulumi stack output --show-secrets\nCurrent stack outputs (3):\n    OUTPUT            VALUE\n    qdrantUrl         https://qdrant.@@dom@@\n    qdrantApiKey      @@S@@\n    region            @@region@@",
  "https://qdrant.@@dom@@")
T("cat-modal-toml", "modal",
  "$ cat ~/.modal.toml\n[@@org@@]\ntoken_id = \"@@modalid@@\"\ntoken_secret = \"@@S@@\"\nactive = true",
  "token_id = \"@@modalid@@\"")
T("cat-lambda-keys-file", "lambda",
  "$ cat ~/.lambda_cloud/lambda_keys\napi_key = @@S@@", "~/.lambda_cloud/lambda_keys")
T("vastai-show-api-key-json", "vast",
  "$ vastai show api-key @@num@@ --raw\n{\"id\": @@num@@, \"key\": \"@@S@@\", \"rights\": \"{\\\"machine\\\": {}}\", \"created_at\": @@epoch@@}",
  "vastai show api-key")
T("pip-config-list-index-creds", "pwurl",
  "$ pip config list\nglobal.extra-index-url='https://@@svc@@:@@S@@@nexus.@@dom@@/repository/pypi-ml/simple'\nglobal.timeout='60'",
  "global.timeout='60'")
T("cat-npmrc-authtoken", "npm",
  "$ cat ~/.npmrc\n//registry.npmjs.org/:_authToken=@@S@@\n@@@org@@:registry=https://registry.npmjs.org/",
  "registry=https://registry.npmjs.org/")
T("redis-cli-config-get-requirepass", "pwsh",
  "feast-redis:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"@@S@@\"", "CONFIG GET requirepass")
T("curl-v-request-headers-dump", "openai",
  """* Connected to llm-gateway.@@dom@@ (@@ip@@) port 443
> POST /v1/embeddings HTTP/2
> Host: llm-gateway.@@dom@@
> User-Agent: curl/8.5.0
> Accept: */*
> Authorization: Bearer @@S@@
> Content-Type: application/json
>
< HTTP/2 200""", "POST /v1/embeddings HTTP/2")
T("httpie-verbose-api-key-header", "weaviate",
  "$ http -v POST https://weaviate.@@dom@@/v1/graphql X-Api-Key:@@S@@ query=@q.graphql\nPOST /v1/graphql HTTP/1.1\nAccept: application/json, */*;q=0.5\nX-Api-Key: @@S@@\nHost: weaviate.@@dom@@",
  "POST /v1/graphql HTTP/1.1")
T("wandb-file-url-gcs-signed", "gcssig",
  ">>> f = api.run('@@org@@/@@proj@@/@@run@@').file('model.ckpt')\n>>> f.url\n'https://storage.googleapis.com/wandb-production.appspot.com/@@org@@/@@proj@@/@@run@@/model.ckpt?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=gorilla-files-url-signer-man%40wandb-production.iam.gserviceaccount.com%2F@@d8@@%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=@@d8@@T@@hms@@Z&X-Goog-Expires=86400&X-Goog-SignedHeaders=host&X-Goog-Signature=@@S@@'",
  "model.ckpt")
T("aws-s3-presign-output", "s3sig",
  "$ aws s3 presign s3://@@bucket@@/eval/@@proj@@/preds.jsonl --expires-in 3600\nhttps://@@bucket@@.s3.@@region@@.amazonaws.com/eval/@@proj@@/preds.jsonl?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=@@akid@@%2F@@d8@@%2F@@region@@%2Fs3%2Faws4_request&X-Amz-Date=@@d8@@T@@hms@@Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=@@S@@",
  "aws s3 presign s3://@@bucket@@/eval/@@proj@@/preds.jsonl")
T("gsutil-signurl-table", "gcssig",
  "$ gsutil signurl -d 2h sa-key.json gs://@@bucket@@/exports/labels.parquet\nURL\tHTTP Method\tExpiration\tSigned URL\ngs://@@bucket@@/exports/labels.parquet\tGET\t@@date@@ @@time@@\thttps://storage.googleapis.com/@@bucket@@/exports/labels.parquet?x-goog-signature=@@S@@&x-goog-algorithm=GOOG4-RSA-SHA256&x-goog-credential=exporter%40@@org@@.iam.gserviceaccount.com%2F@@d8@@%2Fus%2Fstorage%2Fgoog4_request&x-goog-date=@@d8@@T@@hms@@Z&x-goog-expires=7200&x-goog-signedheaders=host",
  "gs://@@bucket@@/exports/labels.parquet")
T("az-generate-sas-full-uri", "sassig",
  "$ az storage blob generate-sas --account-name @@org@@ml -c checkpoints -n @@proj@@/last.ckpt --permissions r --expiry @@date@@T23:59Z --full-uri -o tsv\nhttps://@@org@@ml.blob.core.windows.net/checkpoints/@@proj@@/last.ckpt?se=@@date@@T23%3A59Z&sp=r&sv=2022-11-02&sr=b&sig=@@S@@",
  "checkpoints/@@proj@@/last.ckpt")
T("curl-head-hf-cdn-lfs-redirect", "cfsig",
  """$ curl -sI -H "Authorization: Bearer $HF_TOKEN" https://huggingface.co/@@model@@/resolve/main/model-00001-of-00004.safetensors | grep -i location
location: https://cdn-lfs-us-1.hf.co/repos/@@hex2@@/@@hex2_2@@/@@hex64@@?response-content-disposition=inline%3B+filename*%3DUTF-8%27%27model-00001-of-00004.safetensors&Expires=@@epoch@@&Policy=eyJTdGF0ZW1lbnQiOlt7IkNvbmRpdGlvbiI6eyJEYXRlTGVzc1RoYW4iOnsiQVdTOkVwb2NoVGltZSI6MTcx&Signature=@@S@@&Key-Pair-Id=K3RPWS32NSSJCE""",
  "model-00001-of-00004.safetensors")
T("kubectl-jsonpath-base64-decode-token", "k8s_sa",
  "$ kubectl -n @@ns@@ get secret ci-deployer-token -o jsonpath='{.data.token}' | base64 -d\n@@S@@",
  "ci-deployer-token")
T("kubectl-config-view-raw-token", "k8s_sa",
  """$ kubectl config view --raw --minify
apiVersion: v1
clusters:
- cluster:
    server: https://@@uuid@@.k8s.coreweave.com
  name: coreweave
users:
- name: @@user@@-cw
  user:
    token: @@S@@""", "name: @@user@@-cw")
T("munge-key-base64-dump", "munge",
  "$ sudo base64 /etc/munge/munge.key\n@@S@@", "/etc/munge/munge.key")
T("scontrol-token-output", "slurm_jwt",
  "$ scontrol token lifespan=7200\nSLURM_JWT=@@S@@", "scontrol token lifespan=7200")
T("cat-ssh-private-ed25519", "openssh",
  "$ cat ~/.ssh/id_ed25519_runpod\n-----BEGIN OPENSSH PRIVATE KEY-----\n@@S@@\n-----END OPENSSH PRIVATE KEY-----",
  "-----BEGIN OPENSSH PRIVATE KEY-----")
T("head-rsa-key-partial", "pem_rsa_head",
  "$ head -n 7 deploy/keys/triton-grpc.key\n-----BEGIN RSA PRIVATE KEY-----\n@@S@@",
  "deploy/keys/triton-grpc.key")
T("label-studio-user-token-output", "labelstudio",
  "$ label-studio user --username @@email@@\n=> User info:\n{'id': 1, 'email': '@@email@@', 'username': '@@email@@', 'token': '@@S@@', 'status': 'ok'}",
  "=> User info:")
T("doppler-secrets-get-plain", "openai_svc",
  "$ doppler secrets get OPENAI_API_KEY --plain --project @@proj@@ --config prd\n@@S@@",
  "doppler secrets get OPENAI_API_KEY")
T("op-read-output", "replicate",
  "$ op read 'op://ML Platform/Replicate/credential'\n@@S@@", "op://ML Platform/Replicate/credential")
T("pass-show-output-multiline", "pw",
  "$ pass show ml/comet/@@user@@\n@@S@@\nurl: https://www.comet.com\nusername: @@user@@", "username: @@user@@")
T("security-find-generic-password-w", "comet",
  "$ security find-generic-password -a @@user@@ -s comet-api -w\n@@S@@", "security find-generic-password")
T("secret-tool-lookup-output", "neptune",
  "$ secret-tool lookup service neptune account @@user@@\n@@S@@", "secret-tool lookup service neptune")
T("sops-decrypt-yaml-output", "pinecone",
  "$ sops -d deploy/secrets.prod.enc.yaml\npinecone:\n    api_key: @@S@@\n    environment: @@region@@-aws\nsops_version: 3.8.1",
  "environment: @@region@@-aws")
T("ansible-vault-view-output", "pwsh",
  "$ ansible-vault view group_vars/gpu_nodes/vault.yml\nVault password: \n---\nvault_slurmdbd_storage_pass: \"@@S@@\"\nvault_grafana_admin_user: admin",
  "group_vars/gpu_nodes/vault.yml")
T("git-log-p-committed-env-line", "together",
  """$ git log -p -1 -- .env.example
commit @@sha@@
Author: @@person@@ <@@email@@>
Date:   @@date@@

    add together provider

@@ -3,3 +3,4 @@ OPENAI_BASE_URL=
+TOGETHER_API_KEY=@@S@@""", "add together provider")
T("grep-rn-api-key-hit", "mistral",
  "$ grep -rn 'api_key' src/ notebooks/ | head\nsrc/rag/llm.py:14:    api_key=os.environ.get(\"MISTRAL_API_KEY\"),\nnotebooks/scratch.py:7:client = Mistral(api_key=\"@@S@@\")",
  "src/rag/llm.py:14")
T("gitleaks-finding-output", "hf",
  """Finding:     HF_TOKEN = "@@S@@"
Secret:      @@S@@
RuleID:      huggingface-access-token
Entropy:     4.9
File:        notebooks/01_explore.ipynb
Line:        212
Commit:      @@sha@@""", "RuleID:      huggingface-access-token")
T("ps-aux-cmdline-api-key", "b64u_24",
  "$ ps aux | grep [v]llm\n@@user@@  @@pid@@  98.1 12.3 80123456 8123456 ?  Rl   @@time@@ 812:01 python -m vllm.entrypoints.openai.api_server --model @@pubmodel@@ --api-key @@S@@ --port 8000",
  "vllm.entrypoints.openai.api_server")
T("docker-compose-config-resolved", "pwsh",
  """$ docker compose config | sed -n '/label-studio:/,/image:/p'
  label-studio:
    environment:
      LABEL_STUDIO_USERNAME: admin@@@dom@@
      LABEL_STUDIO_PASSWORD: @@S@@
      POSTGRE_HOST: db
    image: heartexlabs/label-studio:1.13.1""", "heartexlabs/label-studio:1.13.1")
T("systemctl-show-environment", "an32",
  "$ systemctl show tritonserver --property=Environment\nEnvironment=TRITON_CACHE_DIR=/var/cache/triton INFERENCE_API_KEY=@@S@@ CUDA_VISIBLE_DEVICES=0,1",
  "TRITON_CACHE_DIR=/var/cache/triton")
T("railway-variables-table", "pwsh",
  "$ railway variables\n║ DATABASE_URL        │ postgresql://postgres:@@S@@@containers-us-west-@@num@@.railway.app:6543/railway ║\n║ RAILWAY_ENVIRONMENT │ production ║",
  "RAILWAY_ENVIRONMENT")
T("clearml-init-echo-credentials", "clearml",
  """$ clearml-init
Please create new clearml credentials through the settings page in your `clearml-server` web app
Paste copied configuration here:
api {
  web_server: https://app.clear.ml
  api_server: https://api.clear.ml
  credentials {
    "access_key" = "@@up20@@"
    "secret_key" = "@@S@@"
  }
}
Detected credentials key="@@up20@@" secret="****"
""", "Paste copied configuration here:")
T("mlflow-get-tracking-uri-creds", "pwurl",
  ">>> mlflow.get_tracking_uri()\n'https://@@user@@:@@S@@@mlflow.@@dom@@'", "mlflow.get_tracking_uri()")
T("curl-create-weaviate-key-response", "weaviate",
  "$ curl -s -X POST https://console.weaviate.cloud/api/v1/clusters/@@proj@@/apikeys -H \"Authorization: Bearer $WCD_ADMIN\" -d '{\"role\":\"read\"}'\n{\"id\":\"@@uuid@@\",\"role\":\"read\",\"key\":\"@@S@@\"}",
  "\"role\":\"read\"")
T("openai-admin-create-project-key-response", "openai_proj",
  """$ curl -s https://api.openai.com/v1/organization/projects/proj_@@an24@@/service_accounts -H "Authorization: Bearer $OPENAI_ADMIN_KEY" -d '{"name":"eval-runner"}'
{
  "object": "organization.project.service_account",
  "id": "svc_acct_@@an24_2@@",
  "name": "eval-runner",
  "role": "member",
  "api_key": {
    "object": "organization.project.service_account.api_key",
    "value": "@@S@@",
    "name": "Secret Key"
  }
}""", "\"name\": \"eval-runner\"")
T("pytest-capfd-printed-config", "langsmith",
  "----------------------------- Captured stdout call -----------------------------\nloaded settings: project=@@proj@@ tracing=True endpoint=https://api.smith.langchain.com key=@@S@@",
  "Captured stdout call")
T("tmux-capture-wrapped-token", lambda c: _wrap(_GEN["openai_proj"](), 80),
  "$ tmux capture-pane -p -t train:0 | tail -n 5\n(rag) @@user@@@gpu-@@nn@@:~$ echo $OPENAI_API_KEY\n@@S@@\n(rag) @@user@@@gpu-@@nn@@:~$",
  "tmux capture-pane -p -t train:0")
T("nvidia-smi-then-env-leak", "runpod",
  """root@@@lo@@:/workspace# env | grep RUNPOD
RUNPOD_POD_ID=@@lo_2@@@@lo_3@@
RUNPOD_GPU_COUNT=2
RUNPOD_API_KEY=@@S@@
RUNPOD_PUBLIC_IP=@@pubip@@""", "RUNPOD_GPU_COUNT=2")
T("cat-kaggle-json-pretty-output", "kaggle",
  "$ cat ~/.kaggle/kaggle.json | python -m json.tool\n{\n    \"username\": \"@@user@@\",\n    \"key\": \"@@S@@\"\n}",
  "\"username\": \"@@user@@\"")
T("databricks-auth-env-output", "databricks",
  "$ databricks auth env --profile ml-prod\n{\n  \"env\": {\n    \"DATABRICKS_HOST\": \"https://adb-@@digits16@@.@@n@@.azuredatabricks.net\",\n    \"DATABRICKS_TOKEN\": \"@@S@@\"\n  }\n}",
  "databricks auth env --profile ml-prod")
T("ngrok-status-json-authtoken", "ngrok",
  "$ ngrok config check && cat ~/.config/ngrok/ngrok.yml\nValid configuration file at /home/@@user@@/.config/ngrok/ngrok.yml\nversion: \"2\"\nauthtoken: @@S@@",
  "Valid configuration file")
T("psql-history-backslash-s", "pwsh",
  "feature_store=# \\s\nSELECT * FROM feast_registry LIMIT 5;\nALTER ROLE feast_reader WITH LOGIN PASSWORD '@@S@@';\n\\du feast_reader",
  "feast_reader")
T("az-account-get-access-token-json", "jwt",
  "$ az account get-access-token --resource https://cognitiveservices.azure.com\n{\n  \"accessToken\": \"@@S@@\",\n  \"expiresOn\": \"@@date@@ @@time@@.000000\",\n  \"tenant\": \"@@uuid@@\",\n  \"tokenType\": \"Bearer\"\n}",
  "https://cognitiveservices.azure.com")
T("wandb-verify-debug-netrc-read", "wandb",
  "$ python -c 'import netrc; print(netrc.netrc().authenticators(\"api.wandb.ai\"))'\n('user', None, '@@S@@')",
  "api.wandb.ai")
T("supabase-status-output", "supabase",
  "$ supabase status\n         API URL: http://127.0.0.1:54321\n          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres\n        anon key: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoiYW5vbiJ9.@@b64u_24@@\nservice_role key: @@S@@",
  "API URL: http://127.0.0.1:54321")
T("curl-v-set-cookie-sessionid", lambda c: _lo(32),
  "< HTTP/1.1 302 Found\n< Location: /projects/\n< Set-Cookie: csrftoken=@@an32@@; expires=@@clfshort@@; Max-Age=31449600; Path=/; SameSite=Lax\n< Set-Cookie: sessionid=@@S@@; expires=@@clfshort_2@@; HttpOnly; Max-Age=1209600; Path=/; SameSite=Lax",
  "< Location: /projects/")
T("base64-wrapped-76-output", lambda c: _wrap(base64.b64encode(_GEN["anthropic"]().encode()).decode(), 76),
  "$ echo -n \"$ANTHROPIC_API_KEY\" | base64\n@@S@@", "echo -n \"$ANTHROPIC_API_KEY\" | base64")

# ==========================================================================
# group: config-file  (excerpts of files the agent opened)
# ==========================================================================
K = _maker("config-file")

K("dotenv-openai-quoted", "openai_proj",
  "# .env (local only)\nOPENAI_API_KEY=\"@@S@@\"\nOPENAI_ORG_ID=org-@@an24@@\nEVAL_CONCURRENCY=8",
  "EVAL_CONCURRENCY=8")
K("dotenv-mixed-ml-keys-with-comments", "wandb",
  "# --- tracking ---\nWANDB_ENTITY=@@org@@\nWANDB_PROJECT=@@proj@@\nWANDB_API_KEY=@@S@@  # personal key, swap for svc key later\n# --- hub ---\nHF_HUB_ENABLE_HF_TRANSFER=1",
  "WANDB_PROJECT=@@proj@@")
K("dotenv-export-prefixed-lines", "replicate",
  "export REPLICATE_API_TOKEN=@@S@@\nexport REPLICATE_MODEL=@@org@@/@@proj@@", "REPLICATE_MODEL=@@org@@/@@proj@@")
K("netrc-multi-machine-password", "pwsh",
  "machine data.@@dom@@\n  login @@user@@\n  password @@S@@\n\nmachine api.wandb.ai\n  login user\n  password $WANDB_FROM_VAULT",
  "machine data.@@dom@@")
K("pgpass-line", "pw",
  "# ~/.pgpass\npg-features.@@dom@@:5432:feature_store:feast:@@S@@\n*:5432:*:readonly:*", "pg-features.@@dom@@:5432:feature_store:feast")
K("kaggle-json-file", "kaggle_new",
  "{\"username\":\"@@user@@\",\"key\":\"@@S@@\"}", "\"username\":\"@@user@@\"")
K("mlflow-credentials-ini", "pwsh",
  "# ~/.mlflow/credentials\n[mlflow]\nmlflow_tracking_username = @@user@@\nmlflow_tracking_password = @@S@@",
  "mlflow_tracking_username = @@user@@")
K("databrickscfg-profile-token", "databricks",
  "[DEFAULT]\nhost = https://adb-@@digits16@@.@@n@@.azuredatabricks.net\ntoken = @@S@@\n\n[ml-dev]\nhost = https://adb-@@digits16_2@@.@@n@@.azuredatabricks.net\nauth_type = databricks-cli",
  "[ml-dev]")
K("comet-config-ini", "comet",
  "# ~/.comet.config\n[comet]\napi_key = @@S@@\nworkspace = @@org@@\nproject_name = @@proj@@", "workspace = @@org@@")
K("hydra-logger-neptune-yaml-literal", "neptune",
  "# conf/logger/neptune.yaml\n_target_: lightning.pytorch.loggers.NeptuneLogger\nproject: @@org@@/@@proj@@\napi_key: @@S@@\nlog_model_checkpoints: false",
  "_target_: lightning.pytorch.loggers.NeptuneLogger")
K("clearml-conf-hocon-credentials", "clearml",
  """api {
    web_server: https://clearml.@@dom@@
    api_server: https://clearml-api.@@dom@@
    files_server: https://clearml-files.@@dom@@
    credentials {
        "access_key" = "@@up20@@"
        "secret_key" = "@@S@@"
    }
}""", "api_server: https://clearml-api.@@dom@@")
K("aws-credentials-ini-profile", "aws_secret",
  "[default]\nregion = @@region@@\n\n[ml-datasets]\naws_access_key_id = @@akid@@\naws_secret_access_key = @@S@@", "[ml-datasets]")
K("s3cfg-secret-key", "aws_secret",
  "[default]\naccess_key = @@akid@@\nhost_base = s3.@@region@@.amazonaws.com\nhost_bucket = %(bucket)s.s3.@@region@@.amazonaws.com\nsecret_key = @@S@@\nuse_https = True",
  "host_base = s3.@@region@@.amazonaws.com")
K("rclone-conf-b2-section", "b2",
  "[b2-shards]\ntype = b2\naccount = 005@@hex16@@0001\nkey = @@S@@\nhard_delete = false", "[b2-shards]")
K("dvc-config-local-remote", "aws_secret",
  "# .dvc/config.local\n['remote \"storage\"']\n    access_key_id = @@akid@@\n    secret_access_key = @@S@@", "['remote \"storage\"']")
K("gcp-service-account-json-private-key", lambda c: _pem_body(_PKCS8_RSA, 64 * 7).replace("\n", "\\n"),
  """{
  "type": "service_account",
  "project_id": "@@org@@-vertex",
  "private_key_id": "@@hex40@@",
  "private_key": "-----BEGIN PRIVATE KEY-----\\n@@S@@\\n-----END PRIVATE KEY-----\\n",
  "client_email": "trainer@@@org@@-vertex.iam.gserviceaccount.com",
  "client_id": "@@digits16@@"
}""", "\"project_id\": \"@@org@@-vertex\"")
K("kubeconfig-user-token-coreweave", "k8s_sa",
  "users:\n- name: @@user@@-coreweave\n  user:\n    token: @@S@@\ncontexts:\n- context:\n    cluster: coreweave\n    namespace: tenant-@@org@@",
  "namespace: tenant-@@org@@")
K("kubeconfig-client-key-data", lambda c: base64.b64encode(("-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----\n" % _pem_body(_EC_P256, 164)).encode()).decode(),
  "users:\n- name: kind-gpu\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t@@b64_16@@\n    client-key-data: @@S@@",
  "name: kind-gpu")
K("docker-config-json-auth-b64", lambda c: base64.b64encode(("$oauthtoken:" + _GEN["ngc"]()).encode()).decode(),
  "{\n  \"auths\": {\n    \"nvcr.io\": {\n      \"auth\": \"@@S@@\"\n    }\n  }\n}", "\"nvcr.io\"")
K("npmrc-scoped-registry-token", "gitlab",
  "@@@org@@:registry=https://gitlab.@@dom@@/api/v4/projects/@@num@@/packages/npm/\n//gitlab.@@dom@@/api/v4/projects/@@num@@/packages/npm/:_authToken=@@S@@",
  "@@@org@@:registry=")
K("pip-conf-index-url-creds", "pwurl",
  "[global]\nindex-url = https://@@svc@@:@@S@@@artifactory.@@dom@@/artifactory/api/pypi/pypi-ml/simple\ntrusted-host = artifactory.@@dom@@",
  "trusted-host = artifactory.@@dom@@")
K("pypirc-password", "pypi",
  "[distutils]\nindex-servers =\n    pypi\n\n[pypi]\nusername = __token__\npassword = @@S@@", "index-servers =")
K("poetry-auth-toml-http-basic", "pw",
  "# ~/.config/pypoetry/auth.toml\n[http-basic.internal]\nusername = \"@@svc@@\"\npassword = \"@@S@@\"", "[http-basic.internal]")
K("condarc-channel-token-path", "anaconda",
  "channels:\n  - https://conda.anaconda.org/t/@@S@@/@@org@@\n  - conda-forge\nchannel_priority: strict", "channel_priority: strict")
K("jupyter-server-config-py-token", "jupyter",
  "# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = '0.0.0.0'\nc.ServerApp.open_browser = False\nc.IdentityProvider.token = '@@S@@'\nc.ServerApp.root_dir = '/data/@@user@@'",
  "c.ServerApp.root_dir = '/data/@@user@@'")
K("jupyter-notebook-config-json-token", "hex48",
  "{\n  \"NotebookApp\": {\n    \"token\": \"@@S@@\",\n    \"port\": 8899,\n    \"notebook_dir\": \"/mnt/nfs/@@proj@@\"\n  }\n}",
  "\"port\": 8899")
K("streamlit-secrets-toml", "pw",
  "# .streamlit/secrets.toml\nOPENAI_MODEL = \"gpt-4o-mini\"\n\n[connections.feature_db]\ndialect = \"postgresql\"\nhost = \"pg-features.@@dom@@\"\nusername = \"streamlit_ro\"\npassword = \"@@S@@\"",
  "username = \"streamlit_ro\"")
K("sky-task-yaml-envs", "hf",
  "# sky/@@proj@@.yaml\nresources:\n  accelerators: H100:8\n  use_spot: true\nenvs:\n  MODEL: @@pubmodel@@\n  HF_TOKEN: @@S@@\nrun: |\n  torchrun --nproc_per_node 8 @@py@@",
  "accelerators: H100:8")
K("ray-cluster-yaml-setup-commands", "wandb",
  "setup_commands:\n  - pip install -U \"ray[default]==2.34.0\" wandb\n  - echo 'export WANDB_API_KEY=@@S@@' >> ~/.bashrc\nhead_node_type: head.g5.12xlarge",
  "head_node_type: head.g5.12xlarge")
K("slurmdbd-conf-storagepass", "pwsh",
  "# /etc/slurm/slurmdbd.conf\nDbdHost=slurm-ctl01\nStorageType=accounting_storage/mysql\nStorageHost=db.@@dom@@\nStorageUser=slurm\nStoragePass=@@S@@\nStorageLoc=slurm_acct_db",
  "StorageUser=slurm")
K("triton-s3-credentials-json", "aws_secret",
  """{
  "s3": {
    "": {"secret_key": "@@S@@", "key_id": "@@akid@@", "region": "@@region@@", "session_token": "", "profile": ""}
  }
}""", "\"region\": \"@@region@@\"")
K("vllm-serve-config-yaml-api-key", "an32",
  "# vllm.yaml (vllm serve --config vllm.yaml)\nmodel: @@pubmodel@@\ntensor-parallel-size: 2\ngpu-memory-utilization: 0.92\napi-key: @@S@@",
  "gpu-memory-utilization: 0.92")
K("litellm-config-master-key", lambda c: "sk-" + _an(22),
  "general_settings:\n  master_key: @@S@@\n  database_url: os.environ/DATABASE_URL\nlitellm_settings:\n  drop_params: true",
  "database_url: os.environ/DATABASE_URL")
K("litellm-config-model-list-azure-key", "azure_openai",
  "model_list:\n  - model_name: gpt-4o\n    litellm_params:\n      model: azure/gpt-4o-@@org@@\n      api_base: https://@@org@@-oai.openai.azure.com/\n      api_key: @@S@@\n      api_version: \"2024-06-01\"",
  "api_base: https://@@org@@-oai.openai.azure.com/")
K("continue-config-json-apikey", "anthropic",
  "{\n  \"models\": [\n    {\n      \"title\": \"Claude 3.5 Sonnet\",\n      \"provider\": \"anthropic\",\n      \"model\": \"claude-3-5-sonnet-latest\",\n      \"apiKey\": \"@@S@@\"\n    }\n  ]\n}",
  "\"title\": \"Claude 3.5 Sonnet\"")
K("aider-conf-yml-key", "openrouter",
  "# .aider.conf.yml\nmodel: openrouter/anthropic/claude-3.5-sonnet\nopenrouter-api-key: @@S@@\nauto-commits: false",
  "auto-commits: false")
K("codex-auth-json", "openai_proj",
  "// ~/.codex/auth.json\n{\n  \"OPENAI_API_KEY\": \"@@S@@\"\n}", "~/.codex/auth.json")
K("gemini-cli-dotenv", "google",
  "# ~/.gemini/.env\nGEMINI_API_KEY=@@S@@\nGOOGLE_CLOUD_PROJECT=@@org@@-ml", "GOOGLE_CLOUD_PROJECT=@@org@@-ml")
K("qdrant-config-yaml-service-api-key", "b64u_32",
  "# config/production.yaml\nservice:\n  http_port: 6333\n  grpc_port: 6334\n  api_key: @@S@@\n  read_only_api_key: $QDRANT_RO_KEY\nstorage:\n  storage_path: /qdrant/storage",
  "storage_path: /qdrant/storage")
K("weaviate-compose-allowed-keys", "an32",
  "    environment:\n      AUTHENTICATION_APIKEY_ENABLED: 'true'\n      AUTHENTICATION_APIKEY_ALLOWED_KEYS: '@@S@@'\n      AUTHENTICATION_APIKEY_USERS: '@@email@@'\n      PERSISTENCE_DATA_PATH: '/var/lib/weaviate'",
  "AUTHENTICATION_APIKEY_USERS: '@@email@@'")
K("milvus-yaml-minio-secret", "pwsh",
  "minio:\n  address: minio.@@dom@@\n  port: 9000\n  accessKeyID: milvus-svc\n  secretAccessKey: @@S@@\n  useSSL: false\n  bucketName: @@bucket@@",
  "accessKeyID: milvus-svc")
K("feast-feature-store-redis-conn", "pwsh",
  "project: @@proj@@\nregistry: s3://@@bucket@@/feast/registry.db\nprovider: aws\nonline_store:\n  type: redis\n  connection_string: \"feast-redis.@@dom@@:6379,ssl=true,password=@@S@@\"",
  "registry: s3://@@bucket@@/feast/registry.db")
K("feast-offline-snowflake-password", "pw",
  "offline_store:\n  type: snowflake.offline\n  account: @@org@@-xy@@num@@\n  user: FEAST_SVC\n  password: \"@@S@@\"\n  role: FEAST_ROLE\n  warehouse: ML_WH\n  database: FEATURES",
  "user: FEAST_SVC")
K("label-studio-env-file", "pwsh",
  "LABEL_STUDIO_HOST=https://label.@@dom@@\nLABEL_STUDIO_USERNAME=admin@@@dom@@\nLABEL_STUDIO_PASSWORD=@@S@@\nLABEL_STUDIO_DISABLE_SIGNUP_WITHOUT_LINK=true",
  "LABEL_STUDIO_DISABLE_SIGNUP_WITHOUT_LINK=true")
K("grafana-ini-admin-password", "pwsh",
  "[security]\nadmin_user = admin\nadmin_password = @@S@@\ndisable_gravatar = true\n\n[server]\nroot_url = https://grafana.@@dom@@/",
  "root_url = https://grafana.@@dom@@/")
K("prometheus-remote-write-basic-auth", "pw",
  "remote_write:\n  - url: https://prometheus-prod-@@nn@@-prod-@@region@@.grafana.net/api/prom/push\n    basic_auth:\n      username: @@digits6@@\n      password: \"@@S@@\"",
  "/api/prom/push")
K("airflow-cfg-sql-alchemy-conn", "pwurl",
  "[database]\nsql_alchemy_conn = postgresql+psycopg2://airflow:@@S@@@pg-airflow.@@dom@@:5432/airflow\nload_default_connections = False",
  "load_default_connections = False")
K("dagster-yaml-postgres-password", "pw",
  "storage:\n  postgres:\n    postgres_db:\n      hostname: pg.@@dom@@\n      username: dagster\n      password: \"@@S@@\"\n      db_name: dagster\n      port: 5432",
  "username: dagster")
K("prefect-profiles-toml-key", "prefect",
  "active = \"cloud\"\n\n[profiles.cloud]\nPREFECT_API_URL = \"https://api.prefect.cloud/api/accounts/@@uuid@@/workspaces/@@uuid_2@@\"\nPREFECT_API_KEY = \"@@S@@\"",
  "[profiles.cloud]")
K("kedro-credentials-yml", "aws_secret",
  "# conf/local/credentials.yml\ndev_s3:\n  client_kwargs:\n    aws_access_key_id: @@akid@@\n    aws_secret_access_key: @@S@@",
  "conf/local/credentials.yml")
K("dbt-profiles-yml-password", "pw",
  "features:\n  target: dev\n  outputs:\n    dev:\n      type: postgres\n      host: pg-features.@@dom@@\n      user: dbt_ci\n      password: \"@@S@@\"\n      dbname: analytics\n      schema: ml_features",
  "schema: ml_features")
K("spark-defaults-s3a-secret", "aws_secret",
  "spark.hadoop.fs.s3a.access.key        @@akid@@\nspark.hadoop.fs.s3a.secret.key        @@S@@\nspark.hadoop.fs.s3a.endpoint          s3.@@region@@.amazonaws.com",
  "spark.hadoop.fs.s3a.endpoint")
K("hadoop-core-site-xml-secret", "aws_secret",
  "<property>\n  <name>fs.s3a.access.key</name>\n  <value>@@akid@@</value>\n</property>\n<property>\n  <name>fs.s3a.secret.key</name>\n  <value>@@S@@</value>\n</property>",
  "<name>fs.s3a.secret.key</name>")
K("maven-settings-xml-server-password", "pw",
  "<servers>\n  <server>\n    <id>ml-releases</id>\n    <username>@@svc@@</username>\n    <password>@@S@@</password>\n  </server>\n</servers>",
  "<id>ml-releases</id>")
K("git-credentials-store-line", "hf",
  "https://@@user@@:@@S@@@huggingface.co\nhttps://@@user@@:@@ghp@@@github.com", "https://@@user@@:")
K("ssh-private-key-file-rsa-pkcs8", "pem_pkcs8",
  "-----BEGIN PRIVATE KEY-----\n@@S@@\n-----END PRIVATE KEY-----", "-----END PRIVATE KEY-----")
K("tls-server-key-ec", "pem_ec",
  "# certs/triton-grpc/server.key\n-----BEGIN EC PRIVATE KEY-----\n@@S@@\n-----END EC PRIVATE KEY-----",
  "certs/triton-grpc/server.key")
K("systemd-unit-environment-line", "deepseek",
  "[Service]\nUser=@@svc@@\nEnvironment=\"DEEPSEEK_API_KEY=@@S@@\"\nExecStart=/opt/venv/bin/python -m gateway --port 8088", "ExecStart=/opt/venv/bin/python -m gateway --port 8088")
K("supervisord-environment-line", "hf",
  "[program:tgi]\ncommand=/usr/local/bin/text-generation-launcher --model-id @@pubmodel@@ --port 8081\nenvironment=HF_TOKEN=\"@@S@@\",CUDA_VISIBLE_DEVICES=\"0,1\"\nautorestart=true",
  "[program:tgi]")
K("crontab-inline-secret", "aws_secret",
  "# m h dom mon dow command\n15 3 * * * AWS_ACCESS_KEY_ID=@@akid@@ AWS_SECRET_ACCESS_KEY=@@S@@ /opt/ml/bin/sync_shards.sh >> /var/log/sync.log 2>&1",
  "/opt/ml/bin/sync_shards.sh")
K("requirements-txt-git-token-url", "gitlab",
  "torch==2.3.1\ntransformers==4.44.2\ngit+https://oauth2:@@S@@@gitlab.@@dom@@/ml/tokenizers-ext.git@v0.3.1#egg=tokenizers-ext",
  "transformers==4.44.2")
K("pycharm-workspace-xml-env", "wandb",
  "<configuration name=\"train\" type=\"PythonConfigurationType\">\n  <envs>\n    <env name=\"PYTHONUNBUFFERED\" value=\"1\" />\n    <env name=\"WANDB_API_KEY\" value=\"@@S@@\" />\n  </envs>\n  <option name=\"SCRIPT_NAME\" value=\"$PROJECT_DIR$/@@py@@\" />",
  "<configuration name=\"train\" type=\"PythonConfigurationType\">")
K("vscode-launch-json-env", "groq",
  "{\n  \"name\": \"Python: eval\",\n  \"type\": \"debugpy\",\n  \"request\": \"launch\",\n  \"program\": \"${workspaceFolder}/eval.py\",\n  \"env\": {\"GROQ_API_KEY\": \"@@S@@\"}\n}",
  "\"name\": \"Python: eval\"")
K("promptfoo-config-provider-apikey", "openai",
  "providers:\n  - id: openai:gpt-4o-mini\n    config:\n      apiKey: @@S@@\n      temperature: 0\nprompts:\n  - file://prompts/rag.txt",
  "id: openai:gpt-4o-mini")
K("bashrc-export-block", "together",
  "# >>> ml keys >>>\nexport HF_HOME=/mnt/cache/hf\nexport TOGETHER_API_KEY=@@S@@\n# <<< ml keys <<<", "export HF_HOME=/mnt/cache/hf")
K("zshrc-alias-with-token", "hf",
  "alias hfup='HF_TOKEN=@@S@@ huggingface-cli upload --repo-type model'\nalias gpus='nvidia-smi --query-gpu=index,name,memory.used --format=csv'",
  "alias gpus=")
K("dotenv-zilliz-uri-token", "zilliz",
  "ZILLIZ_URI=https://in03-@@hex16@@.serverless.gcp-us-west1.cloud.zilliz.com\nZILLIZ_TOKEN=@@S@@\nCOLLECTION=@@idx@@",
  "COLLECTION=@@idx@@")
K("application-properties-datasource", "pw",
  "spring.datasource.url=jdbc:postgresql://pg-features.@@dom@@:5432/online\nspring.datasource.username=feature_api\nspring.datasource.password=@@S@@",
  "spring.datasource.username=feature_api")
K("wrangler-toml-vars-key", "openai",
  "name = \"inference-proxy\"\nmain = \"src/index.ts\"\n\n[vars]\nUPSTREAM = \"https://api.openai.com\"\nOPENAI_API_KEY = \"@@S@@\"",
  "name = \"inference-proxy\"")
K("appsettings-json-connection-string", "pw",
  "{\n  \"ConnectionStrings\": {\n    \"Labels\": \"Server=sql.@@dom@@;Database=Labels;User Id=labeler;Password=@@S@@;TrustServerCertificate=True\"\n  }\n}",
  "User Id=labeler")
K("ini-dsn-odbc-password", "pw",
  "[mlmeta]\nDriver=PostgreSQL Unicode\nServername=pg.@@dom@@\nDatabase=mlmeta\nUsername=reporter\nPassword=@@S@@",
  "Servername=pg.@@dom@@")
K("toml-pyproject-tool-secret-leak", "cohere",
  "[tool.rag-eval]\nretriever = \"hybrid\"\nreranker = \"rerank-english-v3.0\"\ncohere_api_key = \"@@S@@\"  # TODO move to env",
  "reranker = \"rerank-english-v3.0\"")
K("json-wandb-settings-like-cache", "wandb",
  "{\"base_url\": \"https://api.wandb.ai\", \"entity\": \"@@org@@\", \"project\": \"@@proj@@\", \"api_key\": \"@@S@@\", \"mode\": \"online\"}",
  "\"entity\": \"@@org@@\"")
K("argilla-dotenv-owner-api-key", "argilla",
  "ARGILLA_API_URL=https://argilla.@@dom@@\nARGILLA_API_KEY=@@S@@\nARGILLA_WORKSPACE=@@proj@@", "ARGILLA_WORKSPACE=@@proj@@")
K("roboflow-yaml-in-dataset-export", "roboflow",
  "# data.yaml\ntrain: ../train/images\nval: ../valid/images\nnc: 4\nnames: ['crack', 'dent', 'rust', 'scratch']\nroboflow:\n  workspace: @@org@@\n  project: surface-defects\n  version: @@n@@\n  api_key: @@S@@",
  "project: surface-defects")
K("age-identity-file", "age",
  "# created: @@ts@@\n# public key: age1@@lo@@@@lo_2@@@@lo_3@@qz@@lo_4@@\n@@S@@", "# created: @@ts@@")
K("htpasswd-plaintext-comment", "pwsh",
  "# generated by setup.sh for tensorboard proxy; plain: @@S@@\n@@user@@:$apr1$@@an8@@$@@an22@@", "tensorboard proxy")
K("dotenv-database-url-percent-encoded", "pwenc",
  "# .env\nDATABASE_URL=postgresql://labelstudio:@@S@@@label-db.@@dom@@:5432/labelstudio\nDJANGO_DB=default",
  "DJANGO_DB=default")
K("netscape-cookies-txt-session", lambda c: _b64uchars(40),
  "# Netscape HTTP Cookie File\n# exported for the dataset scraper\n.label.@@dom@@\tTRUE\t/\tTRUE\t@@epoch@@\tsessionid\t@@S@@\n.label.@@dom@@\tTRUE\t/\tFALSE\t@@epoch_2@@\tlang\ten",
  "# Netscape HTTP Cookie File")

# ==========================================================================
# group: source-code  (code the agent read or wrote)
# ==========================================================================
S = _maker("source-code")

S("py-wandb-login-key-kwarg", "wandb",
  "import wandb\n\nwandb.login(key=\"@@S@@\")\nrun = wandb.init(project=\"@@proj@@\", entity=\"@@org@@\", config=cfg)",
  "wandb.init(project=\"@@proj@@\"")
S("py-os-environ-setdefault-hf", "hf",
  "import os\nos.environ.setdefault(\"HF_TOKEN\", \"@@S@@\")\nfrom transformers import AutoTokenizer", "from transformers import AutoTokenizer")
S("py-os-environ-assign-single-quotes", "anthropic",
  "os.environ['ANTHROPIC_API_KEY'] = '@@S@@'  # FIXME: local testing only\nclient = anthropic.Anthropic()",
  "client = anthropic.Anthropic()")
S("py-openai-client-ctor-kwarg", "openai_proj",
  "from openai import OpenAI\n\nclient = OpenAI(\n    api_key=\"@@S@@\",\n    timeout=30,\n)", "timeout=30,")
S("py-anthropic-client-ctor", "anthropic",
  "judge = anthropic.Anthropic(api_key=\"@@S@@\", max_retries=5)", "max_retries=5")
S("py-hf-hub-login-token", "hf",
  "from huggingface_hub import login, HfApi\nlogin(token=\"@@S@@\", add_to_git_credential=False)\napi = HfApi()",
  "add_to_git_credential=False")
S("py-from-pretrained-token-kwarg", "hf",
  "model = AutoModelForCausalLM.from_pretrained(\n    \"@@pubmodel@@\",\n    token=\"@@S@@\",\n    torch_dtype=torch.bfloat16,\n    device_map=\"auto\",\n)",
  "torch_dtype=torch.bfloat16")
S("py-use-auth-token-legacy", "hf",
  "ds = load_dataset(\"@@org@@/@@proj@@-annotations\", split=\"train\", use_auth_token=\"@@S@@\")",
  "split=\"train\"")
S("py-mlflow-set-tracking-uri-creds", "pwurl",
  "mlflow.set_tracking_uri(\"https://@@user@@:@@S@@@mlflow.@@dom@@\")\nmlflow.set_experiment(\"/@@proj@@/baseline\")",
  "mlflow.set_experiment(\"/@@proj@@/baseline\")")
S("py-comet-experiment-ctor", "comet",
  "experiment = comet_ml.Experiment(\n    api_key=\"@@S@@\",\n    project_name=\"@@proj@@\",\n    workspace=\"@@org@@\",\n)",
  "project_name=\"@@proj@@\"")
S("py-neptune-init-run-api-token", "neptune",
  "run = neptune.init_run(\n    project=\"@@org@@/@@proj@@\",\n    api_token=\"@@S@@\",\n    tags=[\"baseline\", \"@@gpu@@\"],\n)",
  "project=\"@@org@@/@@proj@@\"")
S("py-pinecone-client-ctor", "pinecone",
  "from pinecone import Pinecone\npc = Pinecone(api_key=\"@@S@@\")\nindex = pc.Index(\"@@idx@@\")", "index = pc.Index(\"@@idx@@\")")
S("py-qdrant-client-url-api-key", "qdrant",
  "client = QdrantClient(\n    url=\"https://@@uuid@@.europe-west3-0.gcp.cloud.qdrant.io\",\n    api_key=\"@@S@@\",\n    prefer_grpc=True,\n)",
  "prefer_grpc=True")
S("py-weaviate-connect-cloud-auth", "weaviate",
  "client = weaviate.connect_to_weaviate_cloud(\n    cluster_url=\"https://@@proj@@-@@lo@@.weaviate.network\",\n    auth_credentials=Auth.api_key(\"@@S@@\"),\n    headers={\"X-Cohere-Api-Key\": os.environ[\"COHERE_API_KEY\"]},\n)",
  "connect_to_weaviate_cloud")
S("py-pymilvus-connections-token", "zilliz",
  "connections.connect(alias=\"default\", uri=\"https://in03-@@hex16@@.api.gcp-us-west1.zillizcloud.com\", token=\"@@S@@\")",
  "alias=\"default\"")
S("py-replicate-client-api-token", "replicate",
  "rc = replicate.Client(api_token=\"@@S@@\")\nout = rc.run(\"@@org@@/@@proj@@:@@sha@@\", input={\"prompt\": prompt})",
  "rc.run(")
S("py-kaggle-env-assign-before-import", "kaggle",
  "os.environ[\"KAGGLE_USERNAME\"] = \"@@user@@\"\nos.environ[\"KAGGLE_KEY\"] = \"@@S@@\"\nimport kaggle  # authenticates on import", "import kaggle")
S("py-boto3-client-explicit-keys", "aws_secret",
  "s3 = boto3.client(\n    \"s3\",\n    aws_access_key_id=\"@@akid@@\",\n    aws_secret_access_key=\"@@S@@\",\n    region_name=\"@@region@@\",\n)",
  "region_name=\"@@region@@\"")
S("py-pandas-storage-options-s3", "aws_secret",
  "df = pd.read_parquet(\n    \"s3://@@bucket@@/features/daily/\",\n    storage_options={\"key\": \"@@akid@@\", \"secret\": \"@@S@@\"},\n)",
  "s3://@@bucket@@/features/daily/")
S("py-datasets-load-dataset-token", "hf",
  "ds = load_dataset(\"@@org@@/@@proj@@-private\", token=\"@@S@@\", streaming=True)", "streaming=True")
S("py-sqlalchemy-create-engine-url", "pwurl",
  "engine = create_engine(\"postgresql+psycopg://feast:@@S@@@pg-features.@@dom@@:5432/feature_store\", pool_pre_ping=True)",
  "pool_pre_ping=True")
S("py-psycopg-connect-kwargs", "pw",
  "conn = psycopg2.connect(\n    host=\"pg-features.@@dom@@\",\n    dbname=\"labels\",\n    user=\"label_sync\",\n    password=\"@@S@@\",\n)",
  "user=\"label_sync\"")
S("py-redis-from-url-empty-user", "pwurl",
  "r = redis.Redis.from_url(\"rediss://:@@S@@@feast-redis.@@dom@@:6380/0\", decode_responses=True)",
  "decode_responses=True")
S("py-requests-headers-bearer-fstring", "vast",
  "VAST_KEY = \"@@S@@\"\nresp = requests.get(\"https://console.vast.ai/api/v0/instances/\", headers={\"Authorization\": f\"Bearer {VAST_KEY}\"})",
  "https://console.vast.ai/api/v0/instances/")
S("py-httpx-basic-auth-tuple", "pw",
  "async with httpx.AsyncClient(base_url=\"https://label.@@dom@@\", auth=(\"@@svc@@\", \"@@S@@\")) as c:\n    r = await c.get(\"/api/projects\")",
  "base_url=\"https://label.@@dom@@\"")
S("py-ray-init-runtime-env-vars", "wandb",
  "ray.init(\n    address=\"ray://ray-head.@@dom@@:10001\",\n    runtime_env={\"env_vars\": {\"WANDB_API_KEY\": \"@@S@@\"}, \"pip\": [\"wandb\"]},\n)",
  "address=\"ray://ray-head.@@dom@@:10001\"")
S("py-modal-secret-from-dict", "openai",
  "@app.function(gpu=\"A100\", secrets=[modal.Secret.from_dict({\"OPENAI_API_KEY\": \"@@S@@\"})])\ndef grade(batch):",
  "gpu=\"A100\"")
S("py-langchain-chatopenai-kwarg", "openai_proj",
  "llm = ChatOpenAI(model=\"gpt-4o-mini\", temperature=0, openai_api_key=\"@@S@@\")", "model=\"gpt-4o-mini\"")
S("py-langsmith-env-assign", "langsmith",
  "os.environ[\"LANGCHAIN_TRACING_V2\"] = \"true\"\nos.environ[\"LANGCHAIN_API_KEY\"] = \"@@S@@\"\nos.environ[\"LANGCHAIN_PROJECT\"] = \"@@proj@@\"",
  "LANGCHAIN_TRACING_V2")
S("py-litellm-completion-api-key", "groq",
  "resp = litellm.completion(\n    model=\"groq/llama-3.1-70b-versatile\",\n    messages=msgs,\n    api_key=\"@@S@@\",\n)",
  "model=\"groq/llama-3.1-70b-versatile\"")
S("py-genai-configure-api-key", "google",
  "import google.generativeai as genai\ngenai.configure(api_key=\"@@S@@\")\nmodel = genai.GenerativeModel(\"gemini-1.5-flash\")",
  "genai.GenerativeModel(\"gemini-1.5-flash\")")
S("py-cohere-client-v2", "cohere",
  "co = cohere.ClientV2(\"@@S@@\")\nreranked = co.rerank(model=\"rerank-english-v3.0\", query=q, documents=docs, top_n=5)",
  "rerank-english-v3.0")
S("py-mistral-client-ctor", "mistral",
  "client = Mistral(api_key=\"@@S@@\")\nchat = client.chat.complete(model=\"mistral-large-latest\", messages=msgs)",
  "mistral-large-latest")
S("py-together-client-ctor", "together",
  "from together import Together\nclient = Together(api_key=\"@@S@@\")", "from together import Together")
S("py-labelbox-client-ctor", "labelbox",
  "import labelbox as lb\nclient = lb.Client(api_key=\"@@S@@\")\nproject = client.get_project(\"@@lo@@@@lo_2@@@@lo_3@@\")",
  "import labelbox as lb")
S("py-scaleapi-client-positional", "scale",
  "client = scaleapi.ScaleClient(\"@@S@@\")\ntasks = client.get_tasks(project_name=\"@@proj@@\", status=TaskStatus.Completed)",
  "project_name=\"@@proj@@\"")
S("py-label-studio-sdk-client", "labelstudio",
  "ls = Client(url=\"http://label.@@dom@@:8080\", api_key=\"@@S@@\")\nls.check_connection()",
  "ls.check_connection()")
S("py-roboflow-ctor-positional", "roboflow",
  "rf = Roboflow(api_key=\"@@S@@\")\nproject = rf.workspace(\"@@org@@\").project(\"surface-defects\")",
  "project(\"surface-defects\")")
S("py-argilla-client-ctor", "argilla",
  "client = rg.Argilla(api_url=\"https://argilla.@@dom@@\", api_key=\"@@S@@\")", "https://argilla.@@dom@@")
S("py-clearml-task-set-credentials", "clearml",
  "Task.set_credentials(\n    api_host=\"https://clearml-api.@@dom@@\",\n    web_host=\"https://clearml.@@dom@@\",\n    key=\"@@up20@@\",\n    secret=\"@@S@@\",\n)",
  "api_host=\"https://clearml-api.@@dom@@\"")
S("py-runpod-module-attr", "runpod",
  "import runpod\nrunpod.api_key = \"@@S@@\"\npod = runpod.create_pod(\"@@proj@@\", \"runpod/pytorch:2.2.0-py3.10-cuda12.1.1-devel-ubuntu22.04\", \"NVIDIA A100 80GB PCIe\")",
  "import runpod")
S("py-triton-http-client-headers", "an32",
  "client = httpclient.InferenceServerClient(url=\"triton-@@nn@@.@@dom@@:8000\")\nresult = client.infer(\"@@proj@@\", inputs, headers={\"X-Api-Key\": \"@@S@@\"})",
  "httpclient.InferenceServerClient")
S("py-gradio-launch-auth-tuple", "pw",
  "demo.launch(server_name=\"0.0.0.0\", share=True, auth=(\"@@user@@\", \"@@S@@\"))", "share=True")
S("py-fastapi-hardcoded-api-key-const", "b64u_32",
  "API_KEY = \"@@S@@\"\n\n@app.post(\"/v1/embed\")\nasync def embed(req: EmbedRequest, x_api_key: str = Header(...)):\n    if x_api_key != API_KEY:\n        raise HTTPException(401)",
  "@app.post(\"/v1/embed\")")
S("py-pyjwt-encode-hs256-secret", "b64_32",
  "token = jwt.encode({\"sub\": user_id, \"exp\": exp}, \"@@S@@\", algorithm=\"HS256\")", "algorithm=\"HS256\"")
S("py-flask-secret-key-config", "hex64",
  "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"@@S@@\"", "app = Flask(__name__)")
S("py-django-settings-insecure-key", "django",
  "# settings.py\nDEBUG = False\nSECRET_KEY = '@@S@@'\nALLOWED_HOSTS = ['label.@@dom@@']", "ALLOWED_HOSTS = ['label.@@dom@@']")
S("py-fernet-key-literal", "fernet",
  "from cryptography.fernet import Fernet\nf = Fernet(b\"@@S@@\")\ntoken = f.encrypt(json.dumps(payload).encode())",
  "from cryptography.fernet import Fernet")
S("py-paramiko-connect-password", "pw",
  "ssh = paramiko.SSHClient()\nssh.connect(\"@@pubip@@\", port=@@sshport@@, username=\"root\", password=\"@@S@@\")\nssh.exec_command(\"nvidia-smi\")",
  "ssh.exec_command(\"nvidia-smi\")")
S("py-smtplib-login-alerts", "pwspace",
  "with smtplib.SMTP_SSL(\"smtp.@@dom@@\", 465) as s:\n    s.login(\"train-alerts@@@dom@@\", \"@@S@@\")\n    s.send_message(msg)",
  "smtp.@@dom@@")
S("py-slack-webhook-const", "an24",
  "SLACK_WEBHOOK = \"https://hooks.slack.com/services/T0@@up8@@/B0@@up8_2@@/@@S@@\"\nrequests.post(SLACK_WEBHOOK, json={\"text\": f\"run {run.id} finished: loss={loss:.3f}\"})",
  "https://hooks.slack.com/services/T0@@up8@@/B0@@up8_2@@/")
S("py-discord-webhook-const", lambda c: _b64uchars(68),
  "WEBHOOK = \"https://discord.com/api/webhooks/@@digits18@@/@@S@@\"", "https://discord.com/api/webhooks/@@digits18@@/")
S("py-telegram-bot-notify", "telegram",
  "BOT_TOKEN = \"@@S@@\"\nCHAT_ID = -100@@digits10@@\nrequests.get(f\"https://api.telegram.org/bot{BOT_TOKEN}/sendMessage\", params={\"chat_id\": CHAT_ID, \"text\": msg})",
  "CHAT_ID = -100@@digits10@@")
S("ipynb-cell-json-source-env", "wandb",
  "  {\n   \"cell_type\": \"code\",\n   \"execution_count\": 3,\n   \"metadata\": {},\n   \"source\": [\n    \"import os\\n\",\n    \"os.environ[\\\"WANDB_API_KEY\\\"] = \\\"@@S@@\\\"\\n\"\n   ]\n  }",
  "\"cell_type\": \"code\"")
S("colab-userdata-fallback-literal", "hf",
  "try:\n    from google.colab import userdata\n    HF_TOKEN = userdata.get(\"HF_TOKEN\")\nexcept Exception:\n    HF_TOKEN = \"@@S@@\"",
  "from google.colab import userdata")
S("ipython-percent-env-magic", "openai",
  "%env OPENAI_API_KEY=@@S@@\n%load_ext autoreload\n%autoreload 2", "%load_ext autoreload")
S("ipython-bang-wandb-login", "wandb",
  "!pip install -q wandb\n!wandb login @@S@@", "!pip install -q wandb")
S("js-openai-node-ctor", "openai_proj",
  "import OpenAI from \"openai\";\nconst openai = new OpenAI({ apiKey: \"@@S@@\" });", "import OpenAI from \"openai\";")
S("ts-pinecone-node-ctor", "pinecone",
  "const pc = new Pinecone({ apiKey: '@@S@@' });\nconst index = pc.index<DocMeta>('@@idx@@');", "pc.index<DocMeta>('@@idx@@')")
S("go-const-api-key-header", "fireworks",
  "const fireworksKey = \"@@S@@\"\n\nreq, _ := http.NewRequest(\"POST\", \"https://api.fireworks.ai/inference/v1/chat/completions\", body)\nreq.Header.Set(\"Authorization\", \"Bearer \"+fireworksKey)",
  "https://api.fireworks.ai/inference/v1/chat/completions")
S("rust-reqwest-bearer-auth", "perplexity",
  "let resp = client\n    .post(\"https://api.perplexity.ai/chat/completions\")\n    .bearer_auth(\"@@S@@\")\n    .json(&body)\n    .send()\n    .await?;",
  "https://api.perplexity.ai/chat/completions")
S("bash-script-var-then-upload", "hf",
  "#!/usr/bin/env bash\nset -euo pipefail\nHF_TOKEN=\"@@S@@\"\nhuggingface-cli upload \"@@model@@\" ./export --token \"$HF_TOKEN\"",
  "set -euo pipefail")
S("sql-create-user-with-password", "pw",
  "CREATE USER mlflow_app WITH PASSWORD '@@S@@';\nGRANT ALL PRIVILEGES ON DATABASE mlflow TO mlflow_app;", "GRANT ALL PRIVILEGES ON DATABASE mlflow")
S("sql-alter-role-password", "pwword",
  "-- rotate after the offsite\nALTER ROLE feast_writer WITH PASSWORD '@@S@@' VALID UNTIL '@@date@@';", "feast_writer")
S("sql-snowflake-copy-into-credentials", "aws_secret",
  "COPY INTO raw.clickstream\nFROM 's3://@@bucket@@/clickstream/'\nCREDENTIALS = (AWS_KEY_ID = '@@akid@@' AWS_SECRET_KEY = '@@S@@')\nFILE_FORMAT = (TYPE = PARQUET);",
  "COPY INTO raw.clickstream")
S("sql-duckdb-create-secret-r2", "r2",
  "CREATE SECRET r2_shards (\n    TYPE R2,\n    KEY_ID '@@hex32@@',\n    SECRET '@@S@@',\n    ACCOUNT_ID '@@hex32_2@@'\n);",
  "CREATE SECRET r2_shards")
S("sql-clickhouse-s3-table-function", "aws_secret",
  "SELECT count() FROM s3('https://@@bucket@@.s3.@@region@@.amazonaws.com/events/*.parquet', '@@akid@@', '@@S@@', 'Parquet');",
  "'Parquet'")
S("sql-postgres-user-mapping-fdw", "pw",
  "CREATE USER MAPPING FOR feast SERVER labels_srv OPTIONS (user 'labels_ro', password '@@S@@');", "CREATE USER MAPPING FOR feast")
S("java-jdbc-getconnection-password", "pw",
  "Connection conn = DriverManager.getConnection(\n    \"jdbc:postgresql://pg-features.@@dom@@:5432/online\", \"feature_api\", \"@@S@@\");",
  "jdbc:postgresql://pg-features.@@dom@@:5432/online")
S("csharp-azure-key-credential", "azure_openai",
  "var client = new AzureOpenAIClient(\n    new Uri(\"https://@@org@@-oai.openai.azure.com/\"),\n    new AzureKeyCredential(\"@@S@@\"));",
  "new Uri(\"https://@@org@@-oai.openai.azure.com/\")")
S("r-sys-setenv-openai", "openai",
  "Sys.setenv(OPENAI_API_KEY = \"@@S@@\")\nlibrary(ellmer)\nchat <- chat_openai(model = \"gpt-4o-mini\")", "library(ellmer)")
S("py-dict-config-literal-nested", "wandb",
  "CONFIG = {\n    \"seed\": 17,\n    \"wandb\": {\"entity\": \"@@org@@\", \"project\": \"@@proj@@\", \"api_key\": \"@@S@@\"},\n    \"optim\": {\"lr\": 3e-4},\n}",
  "\"seed\": 17")
S("py-dataclass-field-default", "cohere",
  "@dataclass\nclass RerankConfig:\n    model: str = \"rerank-multilingual-v3.0\"\n    api_key: str = \"@@S@@\"\n    top_n: int = 8",
  "class RerankConfig:")
S("py-argparse-default-token", "replicate",
  "parser.add_argument(\"--replicate-token\", default=\"@@S@@\", help=\"Replicate API token\")", "--replicate-token")
S("py-basic-auth-header-b64-literal", lambda c: base64.b64encode(("%s:%s" % (c["svc"], _pw_sh())).encode()).decode(),
  "HEADERS = {\n    \"Authorization\": \"Basic @@S@@\",\n    \"Accept\": \"application/json\",\n}\n# user: @@svc@@", "\"Accept\": \"application/json\"")
S("py-azure-openai-ctor", "azure_openai",
  "client = AzureOpenAI(\n    api_key=\"@@S@@\",\n    api_version=\"2024-06-01\",\n    azure_endpoint=\"https://@@org@@-oai.openai.azure.com\",\n)",
  "api_version=\"2024-06-01\"")
S("py-supabase-create-client-service-role", "supabase",
  "supabase = create_client(\"https://@@lo@@@@lo_2@@@@lo_3@@@@lo_4@@.supabase.co\", \"@@S@@\")", "supabase = create_client(")
S("py-b2sdk-authorize-account", "b2",
  "b2_api.authorize_account(\"production\", \"005@@hex16@@0002\", \"@@S@@\")", "b2_api.authorize_account(\"production\"")
S("py-minio-client-ctor", "pwsh",
  "mc = Minio(\"minio.@@dom@@:9000\", access_key=\"ml-pipeline\", secret_key=\"@@S@@\", secure=False)", "access_key=\"ml-pipeline\"")
S("py-pymongo-client-uri", "pwurl",
  "client = MongoClient(\"mongodb://annot_app:@@S@@@mongo-0.@@dom@@:27017/?replicaSet=rs0&authSource=admin\")",
  "replicaSet=rs0")
def _split_concat(c):
    k = _GEN["openai_proj"]()
    cut = len(k) // 2
    return k[:cut] + '"\n    "' + k[cut:]


S("py-implicit-concat-split-key", _split_concat,
  "# split so the line stays under 100 chars\nOPENAI_KEY = (\n    \"@@S@@\"\n)\nclient = OpenAI(api_key=OPENAI_KEY)",
  "client = OpenAI(api_key=OPENAI_KEY)")
S("py-elevenlabs-client", "elevenlabs",
  "tts = ElevenLabs(api_key=\"@@S@@\")\naudio = tts.generate(text=line, voice=\"Rachel\", model=\"eleven_multilingual_v2\")",
  "eleven_multilingual_v2")
S("py-deepgram-client", "deepgram",
  "dg = DeepgramClient(\"@@S@@\")\nresp = dg.listen.prerecorded.v(\"1\").transcribe_file(payload, options)", "DeepgramClient(")
S("py-vastai-sdk-ctor", "vast",
  "from vastai_sdk import VastAI\nvast = VastAI(api_key=\"@@S@@\")\nvast.search_offers(query=\"gpu_name=H100_SXM num_gpus=8\")",
  "from vastai_sdk import VastAI")
S("py-sagemaker-hf-env-token", "hf",
  "hub = {\n    \"HF_MODEL_ID\": \"@@pubmodel@@\",\n    \"SM_NUM_GPUS\": json.dumps(4),\n    \"HUGGING_FACE_HUB_TOKEN\": \"@@S@@\",\n}\nllm_model = HuggingFaceModel(role=role, image_uri=image_uri, env=hub)",
  "\"SM_NUM_GPUS\": json.dumps(4)")
S("py-xai-openai-compatible-base-url", "xai",
  "grok = OpenAI(api_key=\"@@S@@\", base_url=\"https://api.x.ai/v1\")", "base_url=\"https://api.x.ai/v1\"")
S("py-test-fixture-real-key-leak", "openai",
  "@pytest.fixture\ndef live_client():\n    # real key, used by the nightly integration job\n    return OpenAI(api_key=\"@@S@@\")",
  "def live_client():")

# ==========================================================================
# group: stack-trace-or-log
# ==========================================================================
L = _maker("stack-trace-or-log")

L("rich-traceback-locals-api-key", "openai_proj",
  """╭───────────────────── locals ─────────────────────╮
│      api_key = '@@S@@'
│     base_url = 'https://llm-gateway.@@dom@@/v1'
│  max_retries = 2
╰──────────────────────────────────────────────────╯
APIConnectionError: Connection error.""", "APIConnectionError: Connection error.")
L("requests-connectionerror-url-token-query", "hex40",
  "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='label.@@dom@@', port=443): Max retries exceeded with url: /api/projects/@@n@@/export?exportType=JSON&token=@@S@@ (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object at 0x7f@@hex8@@>: Failed to establish a new connection: [Errno 111] Connection refused'))",
  "HTTPSConnectionPool(host='label.@@dom@@', port=443)")
L("botocore-debug-security-token-header", "aws_session",
  "@@date@@ @@time@@,118 botocore.endpoint [DEBUG] Making request for OperationModel(name=GetObject) with params: {'url_path': '/@@proj@@/shard-0007.tar', 'headers': {'User-Agent': 'Boto3/1.34.144', 'X-Amz-Security-Token': '@@S@@', 'X-Amz-Date': '@@d8@@T@@hms@@Z'}}",
  "OperationModel(name=GetObject)")
L("urllib3-debug-get-access-token-query", "gcp_oauth",
  "DEBUG:urllib3.connectionpool:https://storage.googleapis.com:443 \"GET /download/storage/v1/b/@@bucket@@/o/tokenizer.json?alt=media&access_token=@@S@@ HTTP/1.1\" 200 2113402",
  "DEBUG:urllib3.connectionpool:https://storage.googleapis.com:443")
L("httpx-info-gemini-key-in-url", "google",
  "INFO:httpx:HTTP Request: POST https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-pro:generateContent?key=@@S@@ \"HTTP/1.1 429 Too Many Requests\"",
  "HTTP/1.1 429 Too Many Requests")
L("openai-debug-request-options-headers", "openai",
  "DEBUG:openai._base_client:Request options: {'method': 'post', 'url': '/chat/completions', 'headers': {'Authorization': 'Bearer @@S@@', 'X-Stainless-Retry-Count': '1'}, 'json_data': {'model': 'gpt-4o'}}",
  "DEBUG:openai._base_client:Request options:")
L("wandb-debug-internal-settings-dump", "wandb",
  "@@date@@ @@time@@,551 DEBUG   HandlerThread:@@pid@@ [handler.py:handle_request():146] handle_request: status_report\n@@date@@ @@time@@,552 INFO    MainThread:@@pid@@ [wandb_init.py:_log_setup():528] settings: {'base_url': 'https://api.wandb.ai', 'api_key': '@@S@@', 'project': '@@proj@@'}",
  "handle_request: status_report")
L("mlflow-retry-warning-url-creds", "pwurl",
  "WARNING mlflow.utils.request_utils: Retrying (Retry(total=4, connect=5, read=4, redirect=5, status=5)) after connection broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='mlflow.@@dom@@', port=443): Read timed out.\")': https://@@user@@:@@S@@@mlflow.@@dom@@/api/2.0/mlflow/runs/log-batch",
  "/api/2.0/mlflow/runs/log-batch")
L("hf-debug-http-authorization-header", "hf",
  "[huggingface_hub.utils._http] Request 7b2e: GET https://huggingface.co/api/models/@@org@@/@@proj@@-private/revision/main (authenticated: True)\n[huggingface_hub.utils._http] headers={'user-agent': 'unknown/None; hf_hub/0.24.5', 'authorization': 'Bearer @@S@@'}",
  "hf_hub/0.24.5")
L("vllm-startup-args-namespace", "b64u_24",
  "INFO @@mmdd@@ @@time@@ api_server.py:339] vLLM API server version 0.5.4\nINFO @@mmdd@@ @@time@@ api_server.py:340] args: Namespace(host=None, port=8000, uvicorn_log_level='info', allow_credentials=False, api_key='@@S@@', model='@@pubmodel@@', tensor_parallel_size=4, max_model_len=32768)",
  "vLLM API server version 0.5.4")
L("tgi-launcher-args-debug-struct", "hf",
  "@@ts@@  INFO text_generation_launcher: Args {\n    model_id: \"@@pubmodel@@\",\n    revision: None,\n    sharded: None,\n    num_shard: Some(\n        2,\n    ),\n    hf_token: Some(\n        \"@@S@@\",\n    ),\n    max_input_tokens: Some(4096),",
  "text_generation_launcher: Args")
L("ray-worker-print-environ", "neptune",
  "(TrainWorker pid=@@pid@@, ip=@@ip@@) env snapshot: {'CUDA_VISIBLE_DEVICES': '0', 'NEPTUNE_API_TOKEN': '@@S@@', 'RAY_JOB_ID': '02000000'}",
  "(TrainWorker pid=@@pid@@, ip=@@ip@@)")
L("slurm-out-bash-xtrace-export", "hf",
  "==> slurm-@@jobid@@.out <==\n+ module load cuda/12.4\n+ export HF_TOKEN=@@S@@\n+ HF_TOKEN=@@S@@\n+ srun python @@py@@ --config cfg/@@proj@@.yaml\nLoading checkpoint shards: 100%|██████████| 4/4",
  "slurm-@@jobid@@.out")
L("bash-xtrace-curl-authorization", "replicate",
  "+ curl -sf -X POST https://api.replicate.com/v1/deployments/@@org@@/@@proj@@/predictions -H 'Authorization: Bearer @@S@@' -d @input.json\ncurl: (22) The requested URL returned error: 422",
  "curl: (22) The requested URL returned error: 422")
L("kubectl-logs-entrypoint-echo", "pinecone",
  "$ kubectl -n @@ns@@ logs deploy/retriever --tail 5\n[entrypoint] PINECONE_INDEX=@@idx@@\n[entrypoint] PINECONE_API_KEY=@@S@@\n[entrypoint] starting uvicorn on :8080\nINFO:     Application startup complete.",
  "[entrypoint] starting uvicorn on :8080")
L("nginx-access-log-jupyter-token", "jupyter",
  "@@ip@@ - - [@@clf@@] \"GET /user/@@user@@/lab?token=@@S@@ HTTP/1.1\" 302 0 \"-\" \"Mozilla/5.0 (X11; Linux x86_64)\"",
  "\"Mozilla/5.0 (X11; Linux x86_64)\"")
L("jupyter-warn-403-token-in-path", "jupyter",
  "[W @@date@@ @@time@@.551 ServerApp] 403 GET /api/kernels/@@uuid@@/channels?session_id=@@hex32@@&token=@@S@@ (@@ip@@) 1.23ms referer=None",
  "403 GET /api/kernels/@@uuid@@/channels")
L("pydantic-validation-error-input-value", "anthropic",
  "pydantic_core._pydantic_core.ValidationError: 1 validation error for JudgeSettings\nanthropic_api_key\n  String should match pattern '^sk-ant-' [type=string_pattern_mismatch, input_value=' @@S@@', input_type=str]",
  "1 validation error for JudgeSettings")
L("valueerror-invalid-key-format-msg", "pinecone",
  "Traceback (most recent call last):\n  File \"/app/retriever/store.py\", line 41, in connect\n    raise ValueError(f\"invalid Pinecone key format: {key!r}\")\nValueError: invalid Pinecone key format: '@@S@@\\n'",
  "/app/retriever/store.py")
L("structlog-json-client-init", "qdrant",
  "{\"timestamp\": \"@@ts@@\", \"level\": \"debug\", \"event\": \"qdrant_client_init\", \"url\": \"https://qdrant.@@dom@@:6333\", \"api_key\": \"@@S@@\", \"timeout\": 10}",
  "\"event\": \"qdrant_client_init\"")
L("logfmt-line-api-key", "weaviate",
  "time=@@ts@@ level=debug msg=\"connecting to weaviate\" url=https://weaviate.@@dom@@ api_key=@@S@@ grpc=true",
  "msg=\"connecting to weaviate\"")
L("go-panic-postgres-dsn", "pwurl",
  "panic: failed to connect to `host=pg.@@dom@@ user=milvus database=meta`: dial error\n\ngoroutine 1 [running]:\nmain.mustOpen({0xc000@@hex8@@, 0x52})\n\t/src/cmd/indexer/main.go:58 +0x1c5\n// dsn was postgres://milvus:@@S@@@pg.@@dom@@:5432/meta?sslmode=require",
  "/src/cmd/indexer/main.go:58")
L("java-exception-jdbc-url-password-param", "pw",
  "org.postgresql.util.PSQLException: Connection to pg-features.@@dom@@:5432 refused.\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)\nCaused by: url=jdbc:postgresql://pg-features.@@dom@@:5432/online?user=feature_api&password=@@S@@&ssl=true",
  "org.postgresql.util.PSQLException")
L("node-error-config-object-dump", "openrouter",
  "Error: 402 This request requires more credits\n    at APIError.generate (node_modules/openai/error.js:58:20)\n  config: {\n    apiKey: '@@S@@',\n    baseURL: 'https://openrouter.ai/api/v1',\n    maxRetries: 2\n  }",
  "This request requires more credits")
L("pytest-assert-headers-diff", "together",
  "E       AssertionError: assert {'Authorization': 'Bearer @@S@@', 'Content-Type': 'application/json'} == {'Content-Type': 'application/json'}\nE         Left contains 1 more item:",
  "Left contains 1 more item:")
L("sudo-auth-log-command-password", "pwsh",
  "@@mon@@ @@dd@@ @@time@@ slurm-ctl01 sudo[@@pid@@]:   @@user@@ : TTY=pts/3 ; PWD=/home/@@user@@ ; USER=root ; COMMAND=/usr/bin/mysql -u slurm -p@@S@@ slurm_acct_db",
  "slurm-ctl01 sudo[@@pid@@]")
L("bash-history-excerpt", "comet",
  "  501  conda activate @@proj@@\n  502  export COMET_API_KEY=@@S@@\n  503  python @@py@@ --epochs 3\n  504  nvidia-smi",
  "conda activate @@proj@@")
L("auditd-execve-args", "hf",
  "type=EXECVE msg=audit(@@epoch@@.412:@@num@@): argc=5 a0=\"huggingface-cli\" a1=\"login\" a2=\"--token\" a3=\"@@S@@\" a4=\"--add-to-git-credential\"",
  "a0=\"huggingface-cli\"")
L("wandb-output-log-config-print", "groq",
  "# files/output.log\nStarting run with config:\n  model: llama-3.1-8b\n  judge_provider: groq\n  judge_api_key: @@S@@\n  batch_size: 16\nEpoch 1/3:  12%|█▏        | 120/1000",
  "judge_provider: groq")
L("lightning-hparams-log-line", "hf",
  "INFO: [rank: 0] Hyperparameters: {'lr': 0.0002, 'warmup_steps': 100, 'hub_model_id': '@@model@@', 'hub_token': '@@S@@', 'bf16': True}",
  "'warmup_steps': 100")
L("mlflow-logged-param-leak", "cohere",
  "@@date@@ @@time@@ INFO mlflow.tracking.fluent: Logged params: co_api_key=@@S@@, retriever=bm25+dense, top_k=20",
  "retriever=bm25+dense")
L("cloud-init-output-runcmd", "openai",
  "Cloud-init v. 24.1.3-0ubuntu1~22.04.1 running 'modules:final' at @@clfshort@@\n+ echo 'OPENAI_API_KEY=@@S@@' >> /etc/environment\n+ systemctl restart inference-gw",
  "running 'modules:final'")
L("terraform-plan-plaintext-password", "pw",
  "  # aws_db_instance.mlflow will be created\n  + resource \"aws_db_instance\" \"mlflow\" {\n      + engine                = \"postgres\"\n      + username              = \"mlflow\"\n      + password              = \"@@S@@\"\n      + instance_class        = \"db.t4g.medium\"",
  "aws_db_instance.mlflow will be created")
L("ansible-verbose-loop-item", "hf",
  "ok: [gpu-@@nn@@] => (item={'name': 'HF_TOKEN', 'value': '@@S@@'})\nok: [gpu-@@nn@@] => (item={'name': 'HF_HOME', 'value': '/mnt/cache/hf'})",
  "(item={'name': 'HF_HOME', 'value': '/mnt/cache/hf'})")
L("redis-monitor-auth-command", "pwsh",
  "@@epoch@@.771203 [0 @@ip@@:5@@num@@] \"AUTH\" \"feast\" \"@@S@@\"\n@@epoch@@.771900 [0 @@ip@@:5@@num@@] \"HGETALL\" \"@@proj@@:driver_hourly_stats:1001\"",
  "\"HGETALL\"")
L("postgres-log-statement-alter-user", "pw",
  "@@date@@ @@time@@.402 UTC [@@pid@@] postgres@mlflow LOG:  statement: ALTER USER mlflow_app WITH PASSWORD '@@S@@';",
  "postgres@mlflow LOG:")
L("mysql-general-log-create-user", "pwsh",
  "@@ts@@\t   42 Query\tCREATE USER 'ls_app'@'%' IDENTIFIED BY '@@S@@'", "CREATE USER 'ls_app'@'%'")
L("envoy-access-log-authorization-field", "an40",
  "[@@ts@@] \"POST /v2/models/@@proj@@/infer HTTP/1.1\" 200 - 1822 403 118 \"@@ip@@\" \"python-requests/2.32.3\" \"Bearer @@S@@\" \"triton-@@nn@@:8000\"",
  "/v2/models/@@proj@@/infer")
L("uvicorn-access-log-api-key-query", "hex32",
  "INFO:     @@ip@@:5@@num@@ - \"GET /v1/embed?text=hello&api_key=@@S@@ HTTP/1.1\" 200 OK", "INFO:     @@ip@@:5@@num@@")
L("ipython-traceback-source-line-pinecone", "pinecone",
  "---------------------------------------------------------------------------\nUnauthorizedException                     Traceback (most recent call last)\nCell In[7], line 3\n      1 from pinecone import Pinecone\n----> 3 pc = Pinecone(api_key=\"@@S@@\")\n      4 pc.list_indexes()",
  "UnauthorizedException")
L("python-traceback-source-line-wandb-login", "wandb",
  "Traceback (most recent call last):\n  File \"/home/@@user@@/@@proj@@/@@py@@\", line 33, in <module>\n    wandb.login(key=\"@@S@@\", host=\"https://wandb.@@dom@@\")\n  File \".../wandb/sdk/wandb_login.py\", line 81, in login\nwandb.errors.AuthenticationError: API key verification failed.",
  "wandb.errors.AuthenticationError")
L("rust-panic-debug-struct", "cerebras",
  "thread 'main' panicked at src/client.rs:88:14:\ncalled `Result::unwrap()` on an `Err` value: Timeout(ClientConfig { endpoint: \"https://api.cerebras.ai/v1\", api_key: \"@@S@@\", retries: 3 })",
  "src/client.rs:88:14")
L("spark-driver-log-conf-unredacted", "aws_secret",
  "24/@@mm@@/@@dd@@ @@time@@ INFO SparkContext: Spark configuration:\nspark.app.name=feature-backfill\nspark.hadoop.fs.s3a.access.key=@@akid@@\nspark.hadoop.fs.s3a.secret.key=@@S@@",
  "spark.app.name=feature-backfill")
L("prefect-flow-run-log-print", "labelbox",
  "@@time@@.204 | INFO    | Flow run 'amber-quokka' - labelbox client created with key=@@S@@\n@@time@@.889 | INFO    | Flow run 'amber-quokka' - exported 1,204 data rows",
  "exported 1,204 data rows")
L("dagster-event-log-op-config", "r2",
  "@@date@@ @@time@@ +0000 - dagster - DEBUG - shard_upload - @@uuid@@ - STEP_START - op config: {'endpoint': 'https://@@hex32@@.r2.cloudflarestorage.com', 'secret_access_key': '@@S@@'}",
  "STEP_START")
L("skypilot-command-error-export", "wandb",
  "sky.exceptions.CommandError: Command cd ~/sky_workdir && export WANDB_API_KEY=@@S@@ && torchrun --nproc_per_node 8 @@py@@ failed with return code 1.",
  "sky.exceptions.CommandError")
L("ray-runtime-env-setup-error-pip-url", "github",
  "ray.exceptions.RuntimeEnvSetupError: Failed to set up runtime environment.\nCould not create the actor because its associated runtime env failed to be created.\nERROR: Command errored out: git clone -q https://@@user@@:@@S@@@github.com/@@org@@/ml-common.git /tmp/pip-req-build-@@lo@@",
  "RuntimeEnvSetupError")
L("calledprocesserror-git-clone-oauth2", "gitlab",
  "subprocess.CalledProcessError: Command '['git', 'clone', '--depth', '1', 'https://oauth2:@@S@@@gitlab.@@dom@@/ml/eval-sets.git', '/tmp/eval-sets']' returned non-zero exit status 128.",
  "returned non-zero exit status 128")
L("docker-build-log-index-url", "pwurl",
  "#9 [builder 4/7] RUN pip install --index-url https://ci:@@S@@@nexus.@@dom@@/repository/pypi/simple -r requirements.txt\n#9 2.118 Looking in indexes: https://ci:****@nexus.@@dom@@/repository/pypi/simple",
  "#9 [builder 4/7]")
L("powershell-transcript-env-assign", "mistral",
  "**********************\nPowerShell transcript start\nStart time: @@d8@@@@hms@@\n**********************\nPS C:\\src> $env:MISTRAL_API_KEY=\"@@S@@\"\nPS C:\\src> python eval.py",
  "PowerShell transcript start")
L("nohup-out-printed-settings", "vast",
  "==> nohup.out <==\nSettings(vast_api_key='@@S@@', max_dph=2.5, gpu='RTX_4090', min_reliability=0.98)\nsearching offers...",
  "searching offers...")
L("litellm-proxy-json-log-request", "anthropic",
  "{\"level\": \"DEBUG\", \"message\": \"POST Request Sent from LiteLLM\", \"api_base\": \"https://api.anthropic.com/v1/messages\", \"headers\": {\"x-api-key\": \"@@S@@\", \"anthropic-version\": \"2023-06-01\"}}",
  "POST Request Sent from LiteLLM")
L("gunicorn-mlflow-backend-uri-echo", "pwurl",
  "[@@date@@ @@time@@ +0000] [@@pid@@] [INFO] Starting gunicorn 22.0.0\n[@@date@@ @@time@@ +0000] [@@pid@@] [INFO] mlflow backend: postgresql://mlflow:@@S@@@pg.@@dom@@/mlflow",
  "Starting gunicorn 22.0.0")
L("celery-worker-broker-url-banner", "pwurl",
  " -------------- celery@worker-@@nn@@ v5.4.0 (opalescent)\n--- ***** -----\n- ** ---------- [config]\n- ** ---------- .> app:         labeling:0x7f@@hex8@@\n- ** ---------- .> transport:   amqp://labeler:@@S@@@rabbit.@@dom@@:5672//",
  "celery@worker-@@nn@@ v5.4.0")
L("k8s-event-warning-image-pull-creds", "dockerhub",
  "Warning  Failed     3m12s  kubelet  Failed to pull image \"@@org@@/trainer:@@short@@\": failed to resolve reference: pull access denied (tried with user @@user@@ / @@S@@)",
  "Failed to pull image \"@@org@@/trainer:@@short@@\"")
L("cuda-oom-then-env-print", "xai",
  "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB\n[debug] dumping env for repro: XAI_API_KEY=@@S@@ PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True",
  "torch.OutOfMemoryError: CUDA out of memory.")
L("modal-app-log-print-secret", "modal",
  "@@ts@@ ap-@@an22@@ fc-@@an22_2@@ [debug] MODAL_TOKEN_SECRET=@@S@@ len=25\n@@ts@@ ap-@@an22@@ Runner terminated.",
  "Runner terminated.")
L("sentry-breadcrumb-headers-json", "deepgram",
  "\"breadcrumbs\": [{\"category\": \"httplib\", \"data\": {\"method\": \"POST\", \"url\": \"https://api.deepgram.com/v1/listen\", \"headers\": {\"Authorization\": \"Token @@S@@\"}}, \"level\": \"info\"}]",
  "https://api.deepgram.com/v1/listen")
L("github-actions-log-base64-bypass", lambda c: base64.b64encode(_GEN["hf"]().encode()).decode(),
  "Run echo \"$HF_TOKEN\" | base64\n  echo \"$HF_TOKEN\" | base64\n  shell: /usr/bin/bash -e {0}\n  env:\n    HF_TOKEN: ***\n@@S@@",
  "shell: /usr/bin/bash -e {0}")
L("syslog-cron-command-with-password", "pwsh",
  "@@mon@@ @@dd@@ 03:15:01 gpu-@@nn@@ CRON[@@pid@@]: (@@user@@) CMD (PGPASSWORD=@@S@@ pg_dump -h pg.@@dom@@ -U backup mlflow | gzip > /backups/mlflow.sql.gz)",
  "CRON[@@pid@@]")
L("airflow-task-log-unmasked-custom", "pwurl",
  "[@@date@@, @@time@@ UTC] {logging_mixin.py:188} INFO - connecting with uri=mysql://ls_app:@@S@@@label-db.@@dom@@:3306/labelstudio",
  "{logging_mixin.py:188}")
L("triton-log-repository-s3-creds-url", "aws_secret",
  "E@@mmdd@@ @@time@@.201 1 model_repository_manager.cc:1335] Poll failed for model directory 's3://@@akid@@:@@S@@@s3.@@region@@.amazonaws.com/@@bucket@@/models': Unable to find credentials",
  "model_repository_manager.cc:1335")
L("jupyter-kernel-output-print-token", "kaggle",
  "[stdout] kaggle user=@@user@@ key=@@S@@\n[stdout] Downloading llm-prompt-recovery.zip to /kaggle/working",
  "Downloading llm-prompt-recovery.zip")
L("feast-materialize-log-conn-string", "pwsh",
  "@@date@@ @@time@@ feast.infra.online_stores.redis DEBUG Connecting with connection_string=feast-redis.@@dom@@:6379,ssl=true,password=@@S@@",
  "feast.infra.online_stores.redis")
L("label-studio-startup-superuser-log", "pwsh",
  "label-studio-1  | => Creating superuser admin@@@dom@@ with password @@S@@\nlabel-studio-1  | => Superuser created\nlabel-studio-1  | Starting server on http://0.0.0.0:8080",
  "=> Superuser created")
L("vscode-jupyter-output-channel-url", "jupyter",
  "Visual Studio Code (1.92.0, remote, desktop)\nJupyter Extension Version: 2024.7.0.\nConnecting to server http://gpu-@@nn@@.@@dom@@:8888/?token=@@S@@",
  "Jupyter Extension Version: 2024.7.0.")
L("har-entry-cookie-header", lambda c: _b64uchars(32) + "." + _b64uchars(27),
  "{\"request\": {\"method\": \"GET\", \"url\": \"https://label.@@dom@@/api/projects/@@n@@/tasks\", \"headers\": [{\"name\": \"Cookie\", \"value\": \"csrftoken=@@an32@@; sessionid=@@S@@\"}]}}",
  "\"method\": \"GET\"")
L("oauth2-proxy-log-cookie-leak", lambda c: _b64uchars(120) + "|" + _epoch_s() + "|" + _b64uchars(43) + "=",
  "[@@date@@ @@time@@] [oauthproxy.go:823] Error loading cookied session: cookie signature not valid, cookie=_oauth2_proxy=@@S@@",
  "[oauthproxy.go:823]")
L("sqlalchemy-echo-url-percent-encoded", "pwenc",
  "@@date@@ @@time@@,004 INFO sqlalchemy.engine.Engine [raw sql] create_engine('postgresql+psycopg2://mlflow:@@S@@@pg.@@dom@@:5432/mlflow')",
  "sqlalchemy.engine.Engine")
L("wandb-sync-verbose-proxy-auth", "pwurl",
  "wandb: Network error (ProxyError), entering retry loop. proxy=http://@@user@@:@@S@@@proxy.@@dom@@:3128",
  "entering retry loop")

# ==========================================================================
# group: note-or-chat  (goals, running notes, decisions, pasted chat)
# ==========================================================================
N = _maker("note-or-chat")

N("slack-thread-handover-password", "pw",
  "[@@time@@] @@person@@: @@person_2@@ before I go on leave — MLflow admin login is `admin` / `@@S@@`, please rotate it after the Friday demo\n[@@time_2@@] @@person_2@@: 👍 on it",
  "@@person_2@@: 👍 on it")
N("agent-running-notes-bullet-key-from-teammate", "wandb",
  "## Running notes\n- sweep @@run@@ crashed at step @@step@@ (NaN loss)\n- @@person@@ shared the team W&B key: @@S@@ (use for the sweep only)\n- next: lower lr to 1e-5 and resume",
  "sweep @@run@@ crashed at step @@step@@")
N("goal-statement-with-inline-token", "hf",
  "GOAL: push the merged LoRA for @@model@@ to the private hub repo using token @@S@@ and open a PR with the eval table.",
  "GOAL: push the merged LoRA")
N("decision-log-entry-temp-key", "openai_proj",
  "DECISION @@date@@: use the temporary eval key @@S@@ until procurement approves the org account; revisit on Monday.",
  "DECISION @@date@@")
N("german-chat-labeling-server-password", "pwintl",
  "@@person@@: Das Passwort für den Label-Studio-Server lautet @@S@@ – bitte nicht im Wiki ablegen.",
  "Label-Studio-Server")
N("french-chat-hf-token-private-repo", "hf",
  "@@person@@ : Voici le jeton HF pour le dépôt privé @@org@@/@@proj@@ : @@S@@ (lecture seule, expire fin du mois)",
  "dépôt privé @@org@@/@@proj@@")
N("spanish-handover-vector-db-password", "pw",
  "Traspaso: la contraseña del clúster de Milvus (usuario root) es @@S@@. Cámbiala cuando termine la migración.",
  "clúster de Milvus")
N("portuguese-chat-runpod-key", "runpod",
  "@@person@@: segue a chave da RunPod pra subir os pods de avaliação: @@S@@ — não commita isso, por favor",
  "pods de avaliação")
N("japanese-chat-wandb-key", "wandb",
  "@@person@@: W&BのAPIキーはこちらです → @@S@@ 　今週中に個人キーに切り替えてください。",
  "W&BのAPIキー")
N("chinese-chat-server-password-fullwidth-colon", "pwword",
  "@@person@@：训练服务器 gpu-@@nn@@ 的 root 密码：@@S@@ ，用完记得改掉。", "gpu-@@nn@@")
N("russian-chat-jupyter-password", "pwpron",
  "@@person@@: пароль от jupyter на gpu-@@nn@@: @@S@@ (логин @@user@@)", "логин @@user@@")
N("polish-chat-qdrant-key", "qdrant",
  "@@person@@: klucz API do Qdranta (prod): @@S@@ — wygasa w piątek", "klucz API do Qdranta")
N("italian-chat-replicate-token", "replicate",
  "@@person@@: ecco il token di Replicate per la demo: @@S@@. Ricordati di revocarlo dopo.", "token di Replicate")
N("dutch-chat-minio-password", "pwsh",
  "@@person@@: wachtwoord voor de MinIO-console (gebruiker minioadmin) is @@S@@", "MinIO-console")
N("korean-chat-pinecone-key", "pinecone",
  "@@person@@: 파인콘 API 키 공유드려요: @@S@@ 외부 공유는 금지입니다.", "파인콘 API 키")
N("turkish-chat-db-password", "pwintl",
  "@@person@@: feature store veritabanı şifresi: @@S@@ (kullanıcı: feast)", "kullanıcı: feast")
N("swedish-chat-kaggle-key", "kaggle",
  "@@person@@: Här är Kaggle-nyckeln för tävlingskontot: @@S@@ (användare @@user@@)", "Kaggle-nyckeln")
N("vietnamese-chat-vast-key", "vast",
  "@@person@@: API key của Vast.ai để thuê GPU: @@S@@ — đừng đưa lên repo nhé", "API key của Vast.ai")
N("hindi-devanagari-chat-password", "pwword",
  "@@person@@: जुपिटर सर्वर का पासवर्ड है @@S@@ — किसी के साथ शेयर मत करना", "जुपिटर सर्वर")
N("arabic-chat-password", "pw",
  "@@person@@: كلمة المرور لخادم التدريب هي @@S@@ يرجى تغييرها بعد الاستخدام", "خادم التدريب")
N("greek-chat-password", "pwsh",
  "@@person@@: ο κωδικός για το MLflow είναι @@S@@ — άλλαξέ τον μετά το demo", "MLflow")
N("ukrainian-chat-ssh-password", "pwsh",
  "@@person@@: пароль до root на @@pubip@@ (Vast, порт @@sshport@@): @@S@@", "порт @@sshport@@")
N("czech-chat-heslo", "pwpron",
  "@@person@@: heslo k Label Studiu je @@S@@, uživatel admin@@@dom@@", "uživatel admin@@@dom@@")
N("finnish-chat-salasana", "pwintl",
  "@@person@@: Grafanan salasana: @@S@@ (tunnus admin)", "tunnus admin")
N("indonesian-chat-kata-sandi", "pwword",
  "@@person@@: kata sandi database label: @@S@@ tolong jangan disebar ya", "database label")
N("thai-chat-password", "pwsh",
  "@@person@@: รหัสผ่านเซิร์ฟเวอร์ GPU คือ @@S@@ นะครับ", "เซิร์ฟเวอร์ GPU")
N("email-pasted-temp-password", "pwrand",
  "From: hpc-support@@@dom@@\nTo: @@email@@\nSubject: Your account on slurm-login1\n\nHi @@person@@,\nyour account @@user@@ has been created. Temporary password: @@S@@\nYou will be asked to change it at first login.",
  "Subject: Your account on slurm-login1")
N("teams-chat-creds-label-slash", "pwsh",
  "@@person@@: creds: @@svc@@ / @@S@@ (argilla prod)", "(argilla prod)")
N("user-pass-two-lines", "pw",
  "label.@@dom@@ admin login\nuser: admin@@@dom@@\npass: @@S@@", "user: admin@@@dom@@")
N("vast-box-unlabeled-slash-pair", "pwrand",
  "vast box for the ablations: root@@@pubip@@ -p @@sshport@@ / @@S@@", "root@@@pubip@@ -p @@sshport@@")
N("pw-abbrev-inline", "pwsh",
  "grafana is up at https://grafana.@@dom@@ (pw @@S@@), dashboards imported", "https://grafana.@@dom@@")
N("todo-remove-hardcoded-key", "openai",
  "TODO(@@user@@): remove hardcoded key @@S@@ from notebooks/rag_eval.ipynb before pushing", "notebooks/rag_eval.ipynb")
N("incident-note-leaked-key", "replicate",
  "Incident @@date@@: token @@S@@ was pasted in #ml-general for ~20 min. Revocation requested, waiting on @@person@@.",
  "pasted in #ml-general")
N("meeting-notes-shared-colab-account", "pwword",
  "Meeting notes @@date@@\n* Colab Pro shared account: ml-team@@@dom@@ / pw: @@S@@\n* GPU quota request: 16× H100 for Q3", "GPU quota request")
N("jira-comment-pasted-config", "pinecone",
  "@@person@@ commented on MLOPS-@@num@@:\nRepro with this config:\n{code}\npinecone:\n  api_key: @@S@@\n  index: @@idx@@\n{code}",
  "MLOPS-@@num@@")
N("github-issue-comment-pasted-env", "langsmith",
  "> **@@user@@** commented\n> tracing still empty on my side, here is my env:\n> ```\n> LANGCHAIN_TRACING_V2=true\n> LANGCHAIN_API_KEY=@@S@@\n> ```",
  "tracing still empty on my side")
N("agent-scratchpad-trying-token", "hex32",
  "Thinking: the 401 persists. Trying again with token=@@S@@ from the user's last message instead of the cached one.",
  "the 401 persists")
N("key-for-prod-index-ask-first", "pinecone_legacy",
  "Key for the Pinecone prod index (ask @@person@@ before using!!): @@S@@", "ask @@person@@ before using")
N("workshop-wifi-passphrase", "pwspace",
  "Offsite hackathon logistics: GPU lab wifi is \"@@org@@-Lab\", passphrase \"@@S@@\"", "Offsite hackathon logistics")
N("ssh-key-passphrase-note", "pwphrase",
  "the passphrase for the deploy key (~/.ssh/id_ed25519_deploy) is @@S@@", "~/.ssh/id_ed25519_deploy")
N("recovery-codes-shared-hf-org", "otpcodes",
  "2FA recovery codes for the shared @@org@@ HF admin account:\n@@S@@\n(stored offline too)",
  "2FA recovery codes")
N("spoken-transcript-password", "pwphrase",
  "[call transcript 14:02] @@person@@: ...yeah the password is @@S@@, all lowercase, with the dashes.",
  "[call transcript 14:02]")
N("markdown-table-service-creds", "pw",
  "| service | user | password |\n|---|---|---|\n| mlflow | admin | see vault |\n| label-studio | admin@@@dom@@ | @@S@@ |",
  "| service | user | password |")
N("txt-scratch-multiple-keys", "comet",
  "keys.txt (scratch)\nhf: see ~/.cache\ncomet: @@S@@\nwandb: ask @@person@@", "keys.txt (scratch)")
N("agent-context-carryover-summary", "qdrant",
  "Context carried over from the previous session: the user provided the Qdrant API key `@@S@@` for cluster @@uuid@@; collection `@@idx@@` must be re-indexed with bge-m3.",
  "collection `@@idx@@`")
N("discord-message-emoji-key", "ngrok",
  "@@person@@ 🔑 ngrok token for the demo tunnel: @@S@@ 🚀", "demo tunnel")
N("slack-codeblock-export-lines", "groq",
  "@@person@@: run this before the notebook:\n```\nexport GROQ_API_KEY=@@S@@\nexport JUDGE=groq/llama-3.1-70b\n```",
  "export JUDGE=groq/llama-3.1-70b")
N("quoted-reply-pw-then-thanks", "pwsh",
  "> pw for the feast redis is @@S@@\nthanks, that worked — materialization is running now", "materialization is running now")
N("totp-seed-shared-account", "totp",
  "TOTP secret for the shared RunPod team login (add to your authenticator): @@S@@", "shared RunPod team login")
N("devtools-copied-bearer-jwt", "jwt",
  "copied the bearer from devtools (Network tab → /api/v1/projects): @@S@@ — it expires in an hour so be quick",
  "Network tab")
N("wandb-session-cookie-from-browser", "b64u_32",
  "grabbed my session cookie from wandb.ai to script the report export: wandb_session=@@S@@", "script the report export")
N("pr-review-comment-secret-in-diff", "anthropic",
  "Review comment on PR #@@num@@ (src/judge/config.py L12): you committed `ANTHROPIC_API_KEY = \"@@S@@\"` — please move it to the secret manager and rotate.",
  "src/judge/config.py L12")
N("handover-doc-bullet-list-db", "pwurl",
  "Handover – feature store\n- Online: Redis at feast-redis.@@dom@@\n- Offline: postgres://feast:@@S@@@pg-features.@@dom@@/feast\n- Registry: s3://@@bucket@@/feast/registry.db",
  "Handover – feature store")
N("standup-note-lambda-key", "lambda",
  "standup @@date@@: spun up 2× 8xH100 on Lambda with key @@S@@, will tear down tonight", "8xH100 on Lambda")
N("chat-password-spelled-out-quoted", "pwspace",
  "@@person@@: the Jupyter password has spaces, type it exactly: \"@@S@@\"", "the Jupyter password has spaces")
N("note-kaggle-key-spanish", "kaggle",
  "Nota: para descargar el dataset de la competición usa KAGGLE_KEY=@@S@@ con el usuario @@user@@", "con el usuario @@user@@")
N("note-german-api-schluessel", "cohere",
  "Notiz: Cohere-API-Schlüssel fürs Reranking = @@S@@ (Testkonto, nicht für Prod)", "Cohere-API-Schlüssel")
N("note-french-mot-de-passe-db", "pwintl",
  "Note : le mot de passe de la base MLflow est « @@S@@ », utilisateur mlflow_app.", "utilisateur mlflow_app")
N("chat-japanese-ssh-password", "pwpron",
  "@@person@@: GPUサーバ(@@ip@@)のパスワードは @@S@@ です。ログイン後すぐ変更してください。", "GPUサーバ(@@ip@@)")
N("chat-chinese-hf-token", "hf",
  "@@person@@：HuggingFace 的 token 是 @@S@@ ，只有读权限。", "只有读权限")
N("chat-korean-password", "pwword",
  "@@person@@: 라벨링 서버 비밀번호는 @@S@@ 입니다", "라벨링 서버")
N("chat-spanish-neptune-token", "neptune",
  "@@person@@: token de Neptune para el proyecto @@org@@/@@proj@@: @@S@@", "proyecto @@org@@/@@proj@@")
N("voice-memo-digits-pin", "pin",
  "voice memo (transcribed): \"door code for the GPU cage at the colo is @@S@@, don't write it on the whiteboard\"",
  "GPU cage at the colo")
N("status-update-azure-sas-sig", "sassig",
  "status: shared the eval set with the vendor via SAS link https://@@org@@data.blob.core.windows.net/eval/holdout.jsonl?sv=2022-11-02&sr=b&sp=r&se=@@date@@T00%3A00%3A00Z&sig=@@S@@",
  "shared the eval set with the vendor")
N("onboarding-message-new-hire", "pwrand",
  "Welcome @@person@@! Your cluster login is @@user@@ and the initial password is @@S@@ — run `passwd` on slurm-login1 first thing.",
  "run `passwd` on slurm-login1")
N("agent-plan-step-with-secret", "databricks",
  "Plan:\n1. export DATABRICKS_TOKEN=@@S@@\n2. databricks jobs run-now --job-id @@num@@\n3. poll until TERMINATED and pull the metrics table",
  "databricks jobs run-now --job-id @@num@@")
N("sticky-note-transcribed-password", "pwleet",
  "photo of sticky note on @@person@@'s monitor (transcribed): \"argilla admin — @@S@@\"", "sticky note")
N("chat-link-with-jupyter-token", "jupyter",
  "@@person@@: notebook is live, just click https://gpu-@@nn@@.@@dom@@/lab?token=@@S@@", "notebook is live")
N("cursor-chat-user-pasted-key", "openai_svc",
  "User: here's the service account key, use it for the batch job: @@S@@\nAssistant: Thanks — I'll export it only in the job's environment.",
  "use it for the batch job")

# ==========================================================================
# group: ci-and-deploy
# ==========================================================================
D = _maker("ci-and-deploy")

D("gha-job-env-literal-wandb", "wandb",
  "jobs:\n  train-smoke:\n    runs-on: [self-hosted, gpu]\n    env:\n      WANDB_API_KEY: @@S@@\n      WANDB_MODE: online\n    steps:\n      - uses: actions/checkout@v4",
  "runs-on: [self-hosted, gpu]")
D("gha-run-curl-bearer-literal", "hf",
  "      - name: Trigger endpoint rebuild\n        run: |\n          curl -X POST https://api.endpoints.huggingface.cloud/v2/endpoint/@@org@@/@@proj@@/resume \\\n            -H \"Authorization: Bearer @@S@@\"",
  "name: Trigger endpoint rebuild")
D("gha-docker-login-action-literal-password", "ngc",
  "      - uses: docker/login-action@v3\n        with:\n          registry: nvcr.io\n          username: $oauthtoken\n          password: @@S@@",
  "uses: docker/login-action@v3")
D("gha-workflow-dispatch-input-default", "replicate",
  "on:\n  workflow_dispatch:\n    inputs:\n      replicate_token:\n        description: token used to push the cog image\n        default: \"@@S@@\"",
  "description: token used to push the cog image")
D("gitlab-ci-variables-literal", "comet",
  "variables:\n  COMET_API_KEY: \"@@S@@\"\n  COMET_PROJECT_NAME: @@proj@@\n\ntrain:\n  stage: train\n  tags: [gpu-a100]",
  "COMET_PROJECT_NAME: @@proj@@")
D("gitlab-ci-script-private-token-header", "gitlab",
  "release-model-card:\n  script:\n    - 'curl --header \"PRIVATE-TOKEN: @@S@@\" --upload-file model_card.md \"$CI_API_V4_URL/projects/$CI_PROJECT_ID/packages/generic/cards/1.0/model_card.md\"'",
  "release-model-card:")
D("circleci-environment-block", "neptune",
  "jobs:\n  eval:\n    docker:\n      - image: cimg/python:3.11\n    environment:\n      NEPTUNE_PROJECT: @@org@@/@@proj@@\n      NEPTUNE_API_TOKEN: @@S@@",
  "image: cimg/python:3.11")
D("jenkinsfile-withenv-literal", "pwsh",
  "stage('Backfill features') {\n  steps {\n    withEnv([\"PGPASSWORD=@@S@@\", \"PGHOST=pg-features.@@dom@@\"]) {\n      sh 'python jobs/backfill.py --days 30'\n    }\n  }\n}",
  "stage('Backfill features')")
D("azure-pipelines-variables-literal", "azure_storage",
  "variables:\n  STORAGE_ACCOUNT: @@org@@ml\n  STORAGE_KEY: '@@S@@'\nsteps:\n- script: az storage blob download-batch --account-name $(STORAGE_ACCOUNT) --account-key $(STORAGE_KEY) -s eval -d ./eval",
  "STORAGE_ACCOUNT: @@org@@ml")
D("bitbucket-pipelines-script-export", "openai",
  "pipelines:\n  default:\n    - step:\n        name: prompt regression\n        script:\n          - export OPENAI_API_KEY=@@S@@\n          - pytest tests/prompts -q",
  "name: prompt regression")
D("buildkite-step-env", "hf",
  "steps:\n  - label: \":hugging_face: push adapter\"\n    command: python scripts/push_adapter.py\n    env:\n      HF_TOKEN: \"@@S@@\"\n    agents:\n      queue: gpu",
  "command: python scripts/push_adapter.py")
D("dockerfile-env-hf-token", "hf",
  "FROM nvcr.io/nvidia/pytorch:24.05-py3\nENV HF_HOME=/opt/hf\nENV HF_TOKEN=@@S@@\nRUN huggingface-cli download @@pubmodel@@ --local-dir /opt/model",
  "FROM nvcr.io/nvidia/pytorch:24.05-py3")
D("dockerfile-arg-default-token", "github",
  "ARG GH_TOKEN=@@S@@\nRUN pip install git+https://${GH_TOKEN}@github.com/@@org@@/ml-common.git@v2.1.0",
  "github.com/@@org@@/ml-common.git@v2.1.0")
D("docker-compose-environment-list", "pwsh",
  "services:\n  mlflow-db:\n    image: postgres:16\n    environment:\n      - POSTGRES_USER=mlflow\n      - POSTGRES_PASSWORD=@@S@@\n      - POSTGRES_DB=mlflow",
  "POSTGRES_USER=mlflow")
D("docker-compose-env-map-qdrant", "b64u_24",
  "  qdrant:\n    image: qdrant/qdrant:v1.11.0\n    environment:\n      QDRANT__SERVICE__API_KEY: @@S@@\n    ports: [\"6333:6333\"]",
  "image: qdrant/qdrant:v1.11.0")
D("k8s-secret-stringdata", "openai_proj",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: llm-keys\n  namespace: @@ns@@\ntype: Opaque\nstringData:\n  OPENAI_API_KEY: @@S@@",
  "name: llm-keys")
D("k8s-secret-data-base64", lambda c: base64.b64encode(_GEN["anthropic"]().encode()).decode(),
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: judge-keys\ndata:\n  ANTHROPIC_API_KEY: @@S@@",
  "name: judge-keys")
D("k8s-deployment-env-value-literal", "an32",
  "        env:\n        - name: MODEL_NAME\n          value: @@pubmodel@@\n        - name: VLLM_API_KEY\n          value: \"@@S@@\"\n        resources:\n          limits:\n            nvidia.com/gpu: 2",
  "nvidia.com/gpu: 2")
D("helm-values-yaml-auth-password", "pwsh",
  "auth:\n  enabled: true\n  rootPassword: \"@@S@@\"\nstandalone:\n  persistence:\n    size: 500Gi\nextraEnv:\n  - name: MILVUS_LOG_LEVEL\n    value: info",
  "MILVUS_LOG_LEVEL")
D("kustomize-secret-generator-literals", "pinecone",
  "secretGenerator:\n- name: retriever-secrets\n  literals:\n  - PINECONE_API_KEY=@@S@@\n  - PINECONE_INDEX=@@idx@@",
  "name: retriever-secrets")
D("argo-workflow-parameter-token", "hf",
  "  arguments:\n    parameters:\n    - name: model-id\n      value: @@model@@\n    - name: hf-token\n      value: @@S@@",
  "name: model-id")
D("terraform-tfvars-secrets", "pw",
  "# terraform.tfvars\nregion          = \"@@region@@\"\nmlflow_db_user  = \"mlflow\"\nmlflow_db_pass  = \"@@S@@\"\ngpu_node_count  = 4",
  "gpu_node_count  = 4")
D("terraform-provider-aws-static-keys", "aws_secret",
  "provider \"aws\" {\n  region     = \"@@region@@\"\n  access_key = \"@@akid@@\"\n  secret_key = \"@@S@@\"\n}",
  "provider \"aws\" {")
D("terraform-variable-default-hcl", "pw",
  "variable \"grafana_admin_password\" {\n  type      = string\n  sensitive = true\n  default   = \"@@S@@\"\n}",
  "variable \"grafana_admin_password\"")
D("pulumi-config-plaintext-yaml", "pwsh",
  "# Pulumi.prod.yaml\nconfig:\n  aws:region: @@region@@\n  ml-infra:qdrantApiKey: @@S@@\n  ml-infra:nodeCount: \"6\"",
  "ml-infra:nodeCount")
D("ansible-group-vars-plain", "pwsh",
  "# group_vars/slurm_controllers.yml\nslurm_cluster_name: @@org@@-gpu\nslurmdbd_storage_user: slurm\nslurmdbd_storage_pass: \"@@S@@\"",
  "slurm_cluster_name: @@org@@-gpu")
D("cloud-init-user-data-write-files", "vast",
  "#cloud-config\nwrite_files:\n  - path: /root/.config/vastai/vast_api_key\n    permissions: '0600'\n    content: @@S@@\nruncmd:\n  - [ systemctl, start, autoscaler ]",
  "path: /root/.config/vastai/vast_api_key")
D("skypilot-serve-yaml-envs", "openai",
  "service:\n  readiness_probe: /v1/models\n  replicas: 2\nresources:\n  accelerators: L4:1\nenvs:\n  OPENAI_API_KEY: @@S@@\n  MODEL: @@pubmodel@@",
  "readiness_probe: /v1/models")
D("runpod-template-json-env", "wandb",
  "{\n  \"name\": \"@@proj@@-trainer\",\n  \"imageName\": \"@@org@@/trainer:@@short@@\",\n  \"containerDiskInGb\": 100,\n  \"env\": [\n    {\"key\": \"WANDB_API_KEY\", \"value\": \"@@S@@\"}\n  ]\n}",
  "\"containerDiskInGb\": 100")
D("kubeflow-component-yaml-env", "labelstudio",
  "implementation:\n  container:\n    image: @@org@@/label-export:@@ver@@\n    env:\n      LS_URL: http://label.@@dom@@:8080\n      LS_TOKEN: @@S@@",
  "LS_URL: http://label.@@dom@@:8080")
D("sagemaker-training-job-json-environment", "hf",
  "\"Environment\": {\n    \"HF_TOKEN\": \"@@S@@\",\n    \"SM_USE_RESERVED_CAPACITY\": \"1\"\n},\n\"ResourceConfig\": {\"InstanceType\": \"ml.p4d.24xlarge\", \"InstanceCount\": 2}",
  "ml.p4d.24xlarge")
D("vertex-custom-job-yaml-env", "wandb",
  "workerPoolSpecs:\n  - machineSpec:\n      machineType: a2-highgpu-8g\n      acceleratorType: NVIDIA_TESLA_A100\n    containerSpec:\n      imageUri: us-docker.pkg.dev/@@org@@/train/@@proj@@:latest\n      env:\n        - name: WANDB_API_KEY\n          value: @@S@@",
  "machineType: a2-highgpu-8g")
D("azureml-job-yaml-environment-variables", "mistral",
  "$schema: https://azuremlschemas.azureedge.net/latest/commandJob.schema.json\ncommand: python eval.py\nenvironment_variables:\n  MISTRAL_API_KEY: @@S@@\ncompute: azureml:gpu-cluster",
  "compute: azureml:gpu-cluster")
D("bentofile-yaml-envs", "cohere",
  "service: \"service:Reranker\"\nenvs:\n  - name: COHERE_API_KEY\n    value: @@S@@\npython:\n  requirements_txt: ./requirements.txt",
  "service: \"service:Reranker\"")
D("kserve-inferenceservice-env", "hf",
  "apiVersion: serving.kserve.io/v1beta1\nkind: InferenceService\nmetadata:\n  name: @@proj@@\nspec:\n  predictor:\n    model:\n      modelFormat: {name: huggingface}\n      env:\n        - name: HF_TOKEN\n          value: @@S@@",
  "kind: InferenceService")
D("kserve-s3-secret-stringdata", "aws_secret",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: s3creds\n  annotations:\n    serving.kserve.io/s3-endpoint: s3.@@region@@.amazonaws.com\nstringData:\n  AWS_ACCESS_KEY_ID: @@akid@@\n  AWS_SECRET_ACCESS_KEY: @@S@@",
  "serving.kserve.io/s3-endpoint")
D("ecs-task-definition-environment", "pwurl",
  "\"environment\": [\n  {\"name\": \"MLFLOW_TRACKING_URI\", \"value\": \"https://mlflow.@@dom@@\"},\n  {\"name\": \"DATABASE_URL\", \"value\": \"postgresql://mlflow:@@S@@@mlflow-db.@@dom@@:5432/mlflow\"}\n]",
  "\"name\": \"MLFLOW_TRACKING_URI\"")
D("cloud-run-service-yaml-env", "google",
  "    spec:\n      containers:\n      - image: @@region@@-docker.pkg.dev/@@org@@/rag/api:@@short@@\n        env:\n        - name: GOOGLE_API_KEY\n          value: @@S@@",
  "rag/api:@@short@@")
D("fly-toml-env-literal", "together",
  "app = \"@@proj@@-api\"\nprimary_region = \"ord\"\n\n[env]\n  TOGETHER_API_KEY = \"@@S@@\"\n  LOG_LEVEL = \"info\"",
  "primary_region = \"ord\"")
D("makefile-target-inline-token", "hf",
  "push-model:\n\tHF_TOKEN=@@S@@ huggingface-cli upload $(MODEL_REPO) ./out --private\n\nlint:\n\truff check .",
  "push-model:")
D("justfile-recipe-export", "groq",
  "set dotenv-load := false\n\neval:\n    GROQ_API_KEY=@@S@@ python -m evals --suite smoke",
  "python -m evals --suite smoke")
D("tox-ini-setenv", "anthropic",
  "[testenv:integration]\nsetenv =\n    ANTHROPIC_API_KEY = @@S@@\n    JUDGE_MODEL = claude-3-5-haiku-latest\ncommands = pytest -m integration",
  "[testenv:integration]")
D("nomad-job-hcl-env", "an40",
  "task \"vllm\" {\n  driver = \"docker\"\n  env {\n    VLLM_API_KEY = \"@@S@@\"\n    HF_HOME      = \"/alloc/data/hf\"\n  }\n  resources { device \"nvidia/gpu\" { count = 1 } }",
  "driver = \"docker\"")
D("packer-hcl-variable-default", "pwsh",
  "variable \"ngc_ssh_password\" {\n  type    = string\n  default = \"@@S@@\"\n}\nsource \"amazon-ebs\" \"gpu-base\" {\n  instance_type = \"g5.xlarge\"",
  "source \"amazon-ebs\" \"gpu-base\"")
D("sbatch-script-export-block", "wandb",
  "#!/bin/bash\n#SBATCH --job-name=@@proj@@\n#SBATCH --gres=gpu:8\n#SBATCH --time=48:00:00\nexport WANDB_API_KEY=@@S@@\nsrun torchrun --nproc_per_node=8 @@py@@",
  "#SBATCH --job-name=@@proj@@")
D("anyscale-job-yaml-env-vars", "hf",
  "name: @@proj@@-finetune\ncompute_config: gpu-8xa10g\nworking_dir: .\nenv_vars:\n  HF_TOKEN: @@S@@\nentrypoint: python @@py@@",
  "compute_config: gpu-8xa10g")
D("imagepullsecret-dockerconfigjson-stringdata", lambda c: base64.b64encode(("%s:%s" % (c["user"], _GEN["dockerhub"]())).encode()).decode(),
  "apiVersion: v1\nkind: Secret\ntype: kubernetes.io/dockerconfigjson\nmetadata:\n  name: regcred\nstringData:\n  .dockerconfigjson: '{\"auths\":{\"https://index.docker.io/v1/\":{\"auth\":\"@@S@@\"}}}'",
  "type: kubernetes.io/dockerconfigjson")
D("argocd-repo-secret-password", "gitlab",
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: ml-manifests-repo\n  labels:\n    argocd.argoproj.io/secret-type: repository\nstringData:\n  url: https://gitlab.@@dom@@/ml/manifests.git\n  username: argocd\n  password: @@S@@",
  "argocd.argoproj.io/secret-type: repository")
D("drone-ci-environment-literal", "roboflow",
  "steps:\n- name: pull-dataset\n  image: python:3.11\n  environment:\n    ROBOFLOW_API_KEY: @@S@@\n  commands:\n  - python tools/pull_roboflow.py",
  "name: pull-dataset")
D("helmfile-set-values", "pwsh",
  "releases:\n  - name: label-studio\n    chart: heartex/label-studio\n    set:\n      - name: global.pgConfig.password.password\n        value: @@S@@",
  "chart: heartex/label-studio")
D("deploy-sh-docker-run-env", "openai_svc",
  "#!/usr/bin/env bash\n# deploy.sh — redeploy the gateway on inference-@@nn@@\ndocker rm -f gateway || true\ndocker run -d --name gateway -p 8080:8080 -e OPENAI_API_KEY=@@S@@ @@org@@/gateway:@@short@@",
  "docker rm -f gateway || true")
D("gha-modal-deploy-token-literal", "modal",
  "      - name: Deploy to Modal\n        run: |\n          modal token set --token-id @@modalid@@ --token-secret @@S@@\n          modal deploy app.py",
  "name: Deploy to Modal")
D("terraform-state-json-excerpt", "pw",
  "\"resources\": [{\n  \"type\": \"random_password\",\n  \"name\": \"grafana\",\n  \"instances\": [{\"attributes\": {\"id\": \"none\", \"length\": 20, \"result\": \"@@S@@\"}}]\n}]",
  "\"type\": \"random_password\"")
D("cloudformation-parameter-default", "pwurl",
  "Parameters:\n  DBMasterPassword:\n    Type: String\n    NoEcho: true\n    Default: @@S@@\n  DBInstanceClass:\n    Type: String\n    Default: db.r6g.large",
  "DBInstanceClass:")
D("serverless-yml-provider-environment", "pinecone",
  "provider:\n  name: aws\n  runtime: python3.11\n  environment:\n    PINECONE_API_KEY: @@S@@\n    INDEX_NAME: @@idx@@",
  "runtime: python3.11")
D("devcontainer-json-remote-env", "hf",
  "{\n  \"name\": \"ml-dev\",\n  \"image\": \"mcr.microsoft.com/devcontainers/python:3.11\",\n  \"remoteEnv\": {\"HF_TOKEN\": \"@@S@@\"},\n  \"hostRequirements\": {\"gpu\": true}\n}",
  "\"hostRequirements\": {\"gpu\": true}")
D("gha-services-postgres-password", "pwsh",
  "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: @@S@@\n        ports: ['5432:5432']",
  "image: postgres:16")
D("gitlab-ci-before-script-netrc", "wandb",
  "before_script:\n  - echo \"machine api.wandb.ai login user password @@S@@\" > ~/.netrc\n  - pip install -r requirements.txt",
  "pip install -r requirements.txt")
D("gha-set-output-leaked-token", "gcp_oauth",
  "      - id: auth\n        run: echo \"token=@@S@@\" >> \"$GITHUB_OUTPUT\"\n      - run: gsutil -m cp -r gs://@@bucket@@/eval ./eval",
  "gsutil -m cp -r gs://@@bucket@@/eval ./eval")
D("docker-compose-command-api-key-flag", "b64u_32",
  "  vllm:\n    image: vllm/vllm-openai:v0.5.4\n    command: [\"--model\", \"@@pubmodel@@\", \"--api-key\", \"@@S@@\", \"--max-model-len\", \"8192\"]\n    deploy:\n      resources:\n        reservations:\n          devices: [{driver: nvidia, count: all, capabilities: [gpu]}]",
  "image: vllm/vllm-openai:v0.5.4")
D("procfile-web-with-token", "hex32",
  "web: gunicorn app:server --workers 2 --env ADMIN_TOKEN=@@S@@\nworker: python worker.py", "worker: python worker.py")
D("coreweave-virtualserver-cloudinit-password", "pwsh",
  "apiVersion: virtualservers.coreweave.com/v1alpha1\nkind: VirtualServer\nspec:\n  users:\n    - username: @@user@@\n      password: @@S@@\n  resources:\n    gpu:\n      type: A100_NVLINK_80GB\n      count: 8",
  "kind: VirtualServer")
D("triton-helm-values-model-repo-creds", "aws_secret",
  "image:\n  modelRepositoryPath: s3://@@bucket@@/triton-repo\n  awsAccessKeyId: @@akid@@\n  awsSecretAccessKey: @@S@@\n  numGpus: 1",
  "modelRepositoryPath: s3://@@bucket@@/triton-repo")
D("replicate-cog-push-ci-step", "replicate",
  "      - name: Push to Replicate\n        env:\n          REPLICATE_API_TOKEN: @@S@@\n        run: cog push r8.im/@@org@@/@@proj@@",
  "cog push r8.im/@@org@@/@@proj@@")
D("gha-env-file-heredoc", "langsmith_sk",
  "      - run: |\n          cat <<EOF > .env\n          LANGSMITH_API_KEY=@@S@@\n          LANGSMITH_PROJECT=@@proj@@-ci\n          EOF",
  "LANGSMITH_PROJECT=@@proj@@-ci")
D("gha-curl-cookie-literal", lambda c: _hex(64),
  "      - name: Export W&B report\n        run: curl -s --cookie \"wandb_session=@@S@@\" https://wandb.ai/@@org@@/@@proj@@/reports/export -o report.pdf",
  "name: Export W&B report")
D("ci-database-url-percent-encoded", "pwenc",
  "  migrate:\n    stage: deploy\n    variables:\n      DATABASE_URL: \"postgresql://mlflow:@@S@@@mlflow-db.@@dom@@:5432/mlflow\"\n    script:\n      - mlflow db upgrade \"$DATABASE_URL\"",
  "mlflow db upgrade")
D("k8s-configmap-mistakenly-holding-key", "voyage",
  "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: retriever-config\ndata:\n  EMBED_MODEL: voyage-3\n  VOYAGE_API_KEY: @@S@@\n  TOP_K: \"20\"",
  "kind: ConfigMap")

# ==========================================================================
# group: vendor-token  (recognisable vendor credential shapes, in context)
# ==========================================================================
V = _maker("vendor-token")

V("hf-user-access-token-fine-grained", "hf",
  "HF fine-grained token \"@@proj@@-ci\" (read: @@org@@/*, write: none): @@S@@", "HF fine-grained token")
V("hf-org-api-token-legacy", "hf_org",
  "legacy org token for @@org@@ (pre-2023 inference API scripts): @@S@@", "legacy org token for @@org@@")
V("wandb-api-key-40hex", "wandb",
  "W&B key (service account ml-ci@@@org@@): @@S@@", "W&B key")
V("wandb-local-server-key", "wandb_local",
  "self-hosted W&B (wandb.@@dom@@) key for @@user@@ -> @@S@@", "self-hosted W&B")
V("openai-legacy-user-key", "openai",
  "OPENAI_API_KEY=@@S@@", "OPENAI_API_KEY=")
V("openai-project-key", "openai_proj",
  "openai project \"@@proj@@\" key: @@S@@", "openai project \"@@proj@@\"")
V("openai-service-account-key", "openai_svc",
  "{\"provider\": \"openai\", \"kind\": \"service_account\", \"key\": \"@@S@@\"}", "\"kind\": \"service_account\"")
V("openai-admin-key", "openai_admin",
  "Admin key (usage API only, do NOT use for inference): @@S@@", "usage API only")
V("anthropic-api-key", "anthropic",
  "ANTHROPIC_API_KEY='@@S@@'", "ANTHROPIC_API_KEY=")
V("anthropic-admin-key", "anthropic_admin",
  "anthropic admin key for workspace provisioning: @@S@@", "workspace provisioning")
V("replicate-api-token", "replicate",
  "REPLICATE_API_TOKEN: @@S@@", "REPLICATE_API_TOKEN")
V("comet-api-key", "comet",
  "comet_ml api key → @@S@@ (workspace @@org@@)", "workspace @@org@@")
V("neptune-api-token-b64-json", "neptune",
  "neptune token for @@user@@: @@S@@", "neptune token for @@user@@")
V("pinecone-pcsk-key", "pinecone",
  "Pinecone (project @@proj@@, env serverless @@region@@): @@S@@", "Pinecone (project @@proj@@")
V("pinecone-legacy-uuid-key", "pinecone_legacy",
  "PINECONE_API_KEY=@@S@@\nPINECONE_ENVIRONMENT=us-west1-gcp", "PINECONE_ENVIRONMENT=us-west1-gcp")
V("groq-api-key", "groq",
  "groq: @@S@@", "groq:")
V("google-ai-studio-key", "google",
  "Gemini API key (AI Studio, project @@org@@-genai): @@S@@", "Gemini API key")
V("mistral-la-plateforme-key", "mistral",
  "MISTRAL_API_KEY=@@S@@  # la plateforme, workspace @@org@@", "la plateforme")
V("cohere-production-key", "cohere",
  "cohere prod key (trial keys are rate limited): @@S@@", "cohere prod key")
V("together-ai-key", "together",
  "together.ai → Settings → API Keys: @@S@@", "together.ai")
V("fireworks-ai-key", "fireworks",
  "FIREWORKS_API_KEY=\"@@S@@\"", "FIREWORKS_API_KEY")
V("perplexity-key", "perplexity",
  "pplx key for the research agent: @@S@@", "research agent")
V("xai-grok-key", "xai",
  "XAI_API_KEY=@@S@@", "XAI_API_KEY")
V("openrouter-key", "openrouter",
  "OpenRouter (credit limit $50): @@S@@", "credit limit $50")
V("deepseek-key", "deepseek",
  "deepseek platform key: @@S@@", "deepseek platform key")
V("langsmith-personal-token", "langsmith",
  "LANGSMITH_API_KEY=@@S@@", "LANGSMITH_API_KEY")
V("langsmith-service-key", "langsmith_sk",
  "langsmith service key (org-wide tracing): @@S@@", "org-wide tracing")
V("nvidia-nvapi-key", "ngc",
  "NGC personal key (build.nvidia.com + nvcr.io): @@S@@", "build.nvidia.com")
V("nvidia-ngc-legacy-b64-key", "ngc_legacy",
  "NGC_CLI_API_KEY=@@S@@", "NGC_CLI_API_KEY")
V("runpod-rpa-key", "runpod",
  "RunPod key (read/write, created @@date@@): @@S@@", "RunPod key")
V("runpod-legacy-upper-key", "runpod_legacy",
  "runpod api key (old format): @@S@@", "old format")
V("vast-ai-key", "vast",
  "~/.config/vastai/vast_api_key: @@S@@", "~/.config/vastai/vast_api_key")
V("lambda-cloud-key", "lambda",
  "LAMBDA_API_KEY=@@S@@", "LAMBDA_API_KEY")
V("modal-token-secret", "modal",
  "MODAL_TOKEN_ID=@@modalid@@\nMODAL_TOKEN_SECRET=@@S@@", "MODAL_TOKEN_ID=@@modalid@@")
V("kaggle-legacy-key", "kaggle",
  "kaggle.json key for @@user@@: @@S@@", "kaggle.json key")
V("kaggle-new-style-token", "kaggle_new",
  "KAGGLE_API_TOKEN=@@S@@", "KAGGLE_API_TOKEN")
V("jupyter-server-token", "jupyter",
  "JUPYTER_TOKEN=@@S@@", "JUPYTER_TOKEN")
V("clearml-secret-key", "clearml",
  "CLEARML_API_ACCESS_KEY=@@up20@@\nCLEARML_API_SECRET_KEY=@@S@@", "CLEARML_API_ACCESS_KEY=@@up20@@")
V("labelbox-jwt-key", "labelbox",
  "LABELBOX_API_KEY=@@S@@", "LABELBOX_API_KEY")
V("scale-live-key", "scale",
  "scale api key (live, not test!): @@S@@", "live, not test!")
V("label-studio-legacy-token", "labelstudio",
  "Label Studio access token (Account & Settings): @@S@@", "Account & Settings")
V("roboflow-private-key", "roboflow",
  "roboflow private api key: @@S@@", "roboflow private api key")
V("zilliz-cloud-api-key", "zilliz",
  "Zilliz Cloud API key (cluster in03-@@hex16@@): @@S@@", "Zilliz Cloud API key")
V("qdrant-cloud-key", "qdrant",
  "QDRANT_API_KEY=@@S@@", "QDRANT_API_KEY")
V("weaviate-cloud-admin-key", "weaviate",
  "WCD admin API key: @@S@@", "WCD admin API key")
V("argilla-api-key", "argilla",
  "ARGILLA_API_KEY=@@S@@", "ARGILLA_API_KEY")
V("aws-secret-access-key-pair", "aws_secret",
  "@@akid@@ / @@S@@", "")
V("aws-session-token", "aws_session",
  "AWS_SESSION_TOKEN=@@S@@", "AWS_SESSION_TOKEN")
V("gcp-oauth-access-token", "gcp_oauth",
  "Authorization: Bearer @@S@@", "Authorization: Bearer")
V("azure-storage-account-key", "azure_storage",
  "DefaultEndpointsProtocol=https;AccountName=@@org@@ml;AccountKey=@@S@@;EndpointSuffix=core.windows.net",
  "AccountName=@@org@@ml")
V("github-classic-pat", "github",
  "GH_TOKEN=@@S@@", "GH_TOKEN")
V("github-fine-grained-pat", "github_fine",
  "github fine-grained PAT (repo: @@org@@/@@proj@@, contents:write): @@S@@", "contents:write")
V("github-app-installation-token", "github_app",
  "installation token (expires in 1h): @@S@@", "installation token")
V("github-oauth-token", "github_oauth",
  "oauth_token: @@S@@\nuser: @@user@@\ngit_protocol: https", "git_protocol: https")
V("gitlab-pat", "gitlab",
  "gitlab PAT (read_api, read_registry): @@S@@", "read_api, read_registry")
V("slack-bot-token", "slack_bot",
  "SLACK_BOT_TOKEN=@@S@@  # #ml-alerts notifier", "#ml-alerts notifier")
V("slack-user-token", "slack_user",
  "slack user token (for exporting #labeling-qa history): @@S@@", "#labeling-qa")
V("slack-app-level-token", "slack_app",
  "SLACK_APP_TOKEN=@@S@@", "SLACK_APP_TOKEN")
V("discord-bot-token", "discord_bot",
  "DISCORD_TOKEN=@@S@@  # eval-bot", "# eval-bot")
V("databricks-pat", "databricks",
  "DATABRICKS_TOKEN=@@S@@", "DATABRICKS_TOKEN")
V("dockerhub-pat", "dockerhub",
  "docker hub PAT for @@user@@ (read/write): @@S@@", "docker hub PAT")
V("npm-automation-token", "npm",
  "NPM_TOKEN=@@S@@", "NPM_TOKEN")
V("pypi-api-token", "pypi",
  "PYPI_TOKEN=@@S@@", "PYPI_TOKEN")
V("datadog-api-key", "datadog",
  "DD_API_KEY=@@S@@\nDD_SITE=datadoghq.eu", "DD_SITE=datadoghq.eu")
V("sentry-user-auth-token", "sentry",
  "SENTRY_AUTH_TOKEN=@@S@@", "SENTRY_AUTH_TOKEN")
V("stripe-live-secret-key", "stripe",
  "stripe (billing for the inference API): @@S@@", "billing for the inference API")
V("sendgrid-key", "sendgrid",
  "SENDGRID_API_KEY=@@S@@", "SENDGRID_API_KEY")
V("twilio-auth-token", "twilio",
  "TWILIO_ACCOUNT_SID=AC@@hex32@@\nTWILIO_AUTH_TOKEN=@@S@@", "TWILIO_ACCOUNT_SID=AC@@hex32@@")
V("ngrok-authtoken", "ngrok",
  "NGROK_AUTHTOKEN=@@S@@", "NGROK_AUTHTOKEN")
V("tailscale-auth-key", "tailscale",
  "tailscale reusable auth key (tag:gpu, 90d): @@S@@", "tag:gpu, 90d")
V("cloudflare-api-token", "cloudflare",
  "CLOUDFLARE_API_TOKEN=@@S@@  # Workers AI + R2 edit", "Workers AI + R2 edit")
V("r2-secret-access-key", "r2",
  "R2 token \"shards-rw\": Access Key ID @@hex32@@, Secret Access Key @@S@@", "R2 token \"shards-rw\"")
V("backblaze-b2-application-key", "b2",
  "B2_APPLICATION_KEY_ID=005@@hex16@@0003\nB2_APPLICATION_KEY=@@S@@", "B2_APPLICATION_KEY_ID=005@@hex16@@0003")
V("doppler-service-token", "doppler",
  "DOPPLER_TOKEN=@@S@@", "DOPPLER_TOKEN")
V("vault-service-token", "vault",
  "VAULT_TOKEN=@@S@@\nVAULT_ADDR=https://vault.@@dom@@:8200", "VAULT_ADDR=https://vault.@@dom@@:8200")
V("telegram-bot-token", "telegram",
  "training-notifier bot token: @@S@@", "training-notifier bot token")
V("azure-openai-key", "azure_openai",
  "api-key: @@S@@", "api-key:")
V("elevenlabs-key", "elevenlabs",
  "ELEVENLABS_API_KEY=@@S@@", "ELEVENLABS_API_KEY")
V("deepgram-key", "deepgram",
  "deepgram (ASR baseline comparisons): @@S@@", "ASR baseline comparisons")
V("assemblyai-key", "assemblyai",
  "ASSEMBLYAI_API_KEY=@@S@@", "ASSEMBLYAI_API_KEY")
V("voyage-ai-key", "voyage",
  "VOYAGE_API_KEY=@@S@@", "VOYAGE_API_KEY")
V("jina-ai-key", "jina",
  "jina embeddings key: @@S@@", "jina embeddings key")
V("cerebras-key", "cerebras",
  "CEREBRAS_API_KEY=@@S@@", "CEREBRAS_API_KEY")
V("anyscale-cli-token", "anyscale",
  "ANYSCALE_CLI_TOKEN=@@S@@", "ANYSCALE_CLI_TOKEN")
V("prefect-cloud-key", "prefect",
  "prefect cloud login -k @@S@@", "prefect cloud login")
V("age-secret-key", "age",
  "backup encryption identity: @@S@@", "backup encryption identity")
V("supabase-service-role-jwt", "supabase",
  "SUPABASE_SERVICE_ROLE_KEY=@@S@@", "SUPABASE_SERVICE_ROLE_KEY")
V("supabase-new-secret-key", "sb_secret",
  "supabase secret key (new format): @@S@@", "new format")
V("dagshub-token", "dagshub",
  "DAGSHUB_USER_TOKEN=@@S@@", "DAGSHUB_USER_TOKEN")
V("stability-ai-key", "stability",
  "STABILITY_API_KEY=@@S@@", "STABILITY_API_KEY")
V("tavily-search-key", "tavily",
  "tavily (web search tool for the agent): @@S@@", "web search tool")
V("firecrawl-key", "firecrawl",
  "FIRECRAWL_API_KEY=@@S@@", "FIRECRAWL_API_KEY")
V("e2b-sandbox-key", "e2b",
  "E2B_API_KEY=@@S@@  # code-interpreter sandboxes", "code-interpreter sandboxes")
V("civitai-token", "civitai",
  "civitai download token: @@S@@", "civitai download token")
V("serpapi-key", "serpapi",
  "SERPAPI_API_KEY=@@S@@", "SERPAPI_API_KEY")
V("octoai-jwt-token", "octo",
  "OCTOAI_TOKEN=@@S@@", "OCTOAI_TOKEN")
V("deepinfra-key", "deepinfra",
  "deepinfra: @@S@@", "deepinfra:")
V("baseten-key", "baseten",
  "Authorization: Api-Key @@S@@", "Authorization: Api-Key")
V("paperspace-key", "paperspace",
  "PAPERSPACE_API_KEY=@@S@@", "PAPERSPACE_API_KEY")
V("lightning-ai-key", "lightning",
  "LIGHTNING_USER_ID=@@uuid@@\nLIGHTNING_API_KEY=@@S@@", "LIGHTNING_USER_ID=@@uuid@@")
V("upstash-redis-rest-token", "upstash",
  "UPSTASH_REDIS_REST_URL=https://@@word@@-@@num@@.upstash.io\nUPSTASH_REDIS_REST_TOKEN=@@S@@", "UPSTASH_REDIS_REST_URL")
V("planetscale-password", "planetscale",
  "pscale password for branch main (role: readwriter): @@S@@", "role: readwriter")
V("neon-db-password", "neon",
  "postgresql://neondb_owner:@@S@@@ep-@@word@@-@@lo@@.@@region@@.aws.neon.tech/neondb?sslmode=require", "neondb_owner")
V("k8s-serviceaccount-token-coreweave", "k8s_sa",
  "coreweave kube token (@@ns@@ namespace): @@S@@", "coreweave kube token")
V("slurm-rest-jwt", "slurm_jwt",
  "X-SLURM-USER-NAME: @@user@@\nX-SLURM-USER-TOKEN: @@S@@", "X-SLURM-USER-NAME: @@user@@")
V("cloudflared-tunnel-token", "cloudflared",
  "TUNNEL_TOKEN=@@S@@", "TUNNEL_TOKEN")
V("anaconda-channel-token", "anaconda",
  "anaconda.org token for private channel @@org@@: @@S@@", "private channel @@org@@")

# ==========================================================================
# BENIGN: secret-looking but credential-free strings
# ==========================================================================
_PHRASES = ["hello world", "training finished", "model card draft", "label schema v2",
            "eval split frozen", "do not resample", "config for ablation", "shard manifest",
            "tokenizer merges", "checkpoint notes", "rollback plan", "gpu quota request",
            "weekly sync", "dataset license MIT", "release candidate", "retriever baseline"]


def _b64text():
    return base64.b64encode(("%s %s %d" % (_c(_PHRASES), _c(_WORDS), _R.randint(1, 999))).encode()).decode()


def _sshpub():
    return "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64chars(43)


def _certbody():
    return _pem_body("MIIDazCCAlOgAwIBAgIU", 64 * 4)


def _pubkeybody():
    return _pem_body("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", 64 * 4)


def _ansible_blob():
    return "\n".join("          " + _hex(80) for _ in range(3))


_FILL.update({
    "b64text": _b64text,
    "sshpub": _sshpub,
    "fp": lambda: "SHA256:" + _b64chars(43),
    "md5fp": lambda: ":".join(_hex(2) for _ in range(16)),
    "certbody": _certbody,
    "pubkeybody": _pubkeybody,
    "ansible": _ansible_blob,
    "sopsdata": lambda: _b64chars(44),
    "sopsiv": lambda: _b64chars(43) + "=",
    "sopstag": lambda: _b64chars(22) + "==",
    "sealed": lambda: "AgB" + _b64chars(120),
    "gpgid": lambda: _HEX(16),
    "mask4": lambda: _an(4),
    "md5": lambda: _hex(32),
    "sha1": lambda: _hex(40),
    "sha256": lambda: _hex(64),
    "sha512": lambda: _hex(128),
    "crc": lambda: _b64(4),
    "etag": lambda: _hex(32),
    "traceid": lambda: _hex(32),
    "spanid": lambda: _hex(16),
    "chatcmpl": lambda: "chatcmpl-" + _an(29),
    "msgid": lambda: "msg_01" + _an(22),
    "fileid": lambda: "file-" + _an(24),
    "batchid": lambda: "batch_" + _hex(32),
    "replid": lambda: _lo(26),
    "cuid": lambda: "cl" + _lo(23),
    "rayjob": lambda: "raysubmit_" + _an(16),
    "podid": lambda: _lo(14),
    "appid": lambda: "ap-" + _an(22),
    "gpuuuid": lambda: "GPU-" + _uuid(),
    "migid": lambda: "MIG-" + _uuid(),
    "kid": lambda: _b64uchars(43),
    "versionid": lambda: _b64uchars(32),
    "docker_digest": lambda: "sha256:" + _hex(64),
    "envname": lambda: _c(["WANDB_API_KEY", "HF_TOKEN", "OPENAI_API_KEY", "ANTHROPIC_API_KEY",
                           "PINECONE_API_KEY", "QDRANT_API_KEY", "COMET_API_KEY", "NEPTUNE_API_TOKEN",
                           "KAGGLE_KEY", "REPLICATE_API_TOKEN", "RUNPOD_API_KEY", "MODAL_TOKEN_SECRET",
                           "MLFLOW_TRACKING_PASSWORD", "GROQ_API_KEY", "LABELBOX_API_KEY",
                           "AWS_SECRET_ACCESS_KEY", "DATABRICKS_TOKEN", "VAST_API_KEY"]),
    "secretname": lambda: _c(["wandb-api-key", "hf-token", "llm-keys", "pinecone", "mlflow-db",
                              "feast-redis-auth", "qdrant-api-key", "ngc-pull", "label-studio-admin",
                              "s3-datasets", "comet-credentials", "triton-tls"]),
    "vaultpath": lambda: "secret/%s/%s/%s" % (_c(["ml", "mlops", "research", "platform"]),
                                               _c(["prod", "staging", "dev"]),
                                               _c(["wandb", "hf", "openai", "pinecone", "mlflow", "qdrant",
                                                   "runpod", "kaggle", "labelbox"])),
    "phrase": lambda: _c(_PHRASES),
    "semver": lambda: "%d.%d.%d" % (_R.randint(0, 4), _R.randint(0, 40), _R.randint(0, 20)),
    "seed": lambda: str(_R.randint(0, 99999)),
    "lr": lambda: _c(["1e-4", "2e-5", "3e-4", "5e-6", "1e-5"]),
    "pct": lambda: "%.1f" % _R.uniform(40, 99),
    "up4": lambda: _up(4),
    "up16": lambda: _up(16),
    "upproj": lambda: _c(_PROJ).upper().replace("-", "")[:6],
    "hex56": lambda: _hex(56),
    "hex12": lambda: _hex(12),
    "hex7": lambda: _hex(7),
    "an16": lambda: _an(16),
    "colonfp": lambda: ":".join(_HEX(2) for _ in range(32)),
})

_BENIGN_T = [
    # ---- commands ----
    "git log --oneline -3\n@@short@@ fix eval seed for @@proj@@\n@@short_2@@ bump transformers to 4.44.2\n@@short_3@@ add LoRA merge script",
    "git checkout @@sha@@ -- configs/@@proj@@.yaml",
    "huggingface-cli download @@pubmodel@@ --revision @@sha@@ --local-dir /mnt/models/@@proj@@",
    "sha256sum model-0000@@n@@-of-00004.safetensors\n@@sha256@@  model-0000@@n@@-of-00004.safetensors",
    "md5sum labels_@@date@@.jsonl\n@@md5@@  labels_@@date@@.jsonl",
    "export WANDB_API_KEY=$(vault kv get -field=key @@vaultpath@@)",
    "export HF_TOKEN=\"$(cat ~/.cache/huggingface/token)\"",
    "export OPENAI_API_KEY=$(op read \"op://ML/OpenAI eval key/credential\")",
    "aws secretsmanager get-secret-value --secret-id ml/@@proj@@/@@secretname@@ --query SecretString --output text > /dev/null",
    "gcloud secrets versions access latest --secret=@@secretname@@ --project=@@org@@-ml | wc -c",
    "kubectl -n @@ns@@ create secret generic @@secretname@@ --from-env-file=.env.prod --dry-run=client -o yaml > secret.yaml",
    "kubectl -n @@ns@@ get secret @@secretname@@ -o jsonpath='{.data}' | jq 'keys'",
    "docker login nvcr.io -u '$oauthtoken' --password-stdin < ~/.ngc/key",
    "cat ~/.secrets/ghcr.txt | docker login ghcr.io -u @@user@@ --password-stdin",
    "wandb login --relogin",
    "huggingface-cli login --token $HF_TOKEN --add-to-git-credential",
    "curl -H \"Authorization: Bearer $OPENAI_API_KEY\" https://api.openai.com/v1/models | jq '.data | length'",
    "curl -s -H \"api-key: ${QDRANT_API_KEY}\" https://qdrant.@@dom@@:6333/collections | jq .",
    "docker pull @@org@@/trainer@@@docker_digest@@",
    "ray job submit --address http://ray-head.@@dom@@:8265 --submission-id @@rayjob@@ -- python @@py@@",
    "sbatch --dependency=afterok:@@jobid@@ jobs/eval.sbatch",
    "scancel @@jobid@@ && squeue -u @@user@@",
    "nvidia-smi -i @@gpuuuid@@ --query-gpu=memory.used --format=csv",
    "vllm serve @@pubmodel@@ --api-key \"$VLLM_API_KEY\" --port 8000",
    "modal secret create @@secretname@@ OPENAI_API_KEY=$OPENAI_API_KEY",
    "gh secret set HF_TOKEN < ~/.cache/huggingface/token",
    "dvc push -r storage && git commit -am 'data: update @@proj@@ shards (@@short@@)'",
    "mlflow artifacts download -r @@md5@@ -a model -d ./restore",
    "sky launch -c @@proj@@ task.yaml --env WANDB_API_KEY --env HF_TOKEN",
    "python -c \"import secrets; print(len(secrets.token_hex(32)))\"",
    "openssl rand -hex 32 | vault kv put @@vaultpath@@ value=-",
    "echo '@@b64text@@' | base64 -d",
    "ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 @@fp@@ @@user@@@@@host@@ (ED25519)",
    "gpg --list-keys @@email@@\npub   ed25519 @@date@@ [SC]\n      @@sha1@@",
    "pip download torch==2.4.0 --index-url https://download.pytorch.org/whl/cu124 --no-deps -d wheels/",
    "docker run --gpus all -e HF_TOKEN -v ~/.cache/huggingface:/root/.cache/huggingface ghcr.io/huggingface/text-generation-inference:2.2.0 --model-id @@pubmodel@@",
    "jupyter lab --no-browser --port 8888 --IdentityProvider.token=\"$JUPYTER_TOKEN\"",
    "kaggle competitions download -c @@word@@-challenge -p data/raw",
    "vastai show instances --raw | jq '.[].id'",
    "runpodctl get pod @@podid@@",
    # ---- tool output ----
    "$ huggingface-cli whoami\n@@user@@\norgs:  @@org@@,@@org_2@@",
    "Token is valid (permission: write).\nYour token has been saved to /home/@@user@@/.cache/huggingface/token\nLogin successful",
    "wandb: Currently logged in as: @@user@@ (@@org@@). Use `wandb login --relogin` to force relogin",
    "wandb: 🚀 View run @@word@@-@@word_2@@-@@num@@ at: https://wandb.ai/@@org@@/@@proj@@/runs/@@run@@",
    "wandb: Run data is saved locally in /scratch/wandb/run-@@d8@@_@@hms@@-@@run@@",
    "$ aws configure list\n      Name                    Value             Type    Location\n      ----                    -----             ----    --------\n   profile               ml-datasets           manual    --profile\naccess_key     ****************@@up4@@ shared-credentials-file\nsecret_key     ****************@@mask4@@ shared-credentials-file",
    "$ aws sts get-caller-identity\n{\n    \"UserId\": \"AIDA@@up16@@\",\n    \"Account\": \"@@acct@@\",\n    \"Arn\": \"arn:aws:iam::@@acct@@:user/@@svc@@\"\n}",
    "🏃 View run @@word@@-@@num@@ at: https://mlflow.@@dom@@/#/experiments/@@n@@/runs/@@md5@@",
    "COMET INFO: Experiment is live on comet.com https://www.comet.com/@@org@@/@@proj@@/@@md5@@",
    "[neptune] [info   ] Neptune initialized. Open in the app: https://app.neptune.ai/@@org@@/@@proj@@/e/@@upproj@@-@@num@@",
    "Prediction @@replid@@ succeeded in 4.2s",
    "{\"id\": \"@@chatcmpl@@\", \"object\": \"chat.completion\", \"model\": \"gpt-4o-2024-08-06\", \"usage\": {\"prompt_tokens\": 812, \"completion_tokens\": 96}}",
    "{\"id\": \"@@msgid@@\", \"type\": \"message\", \"role\": \"assistant\", \"model\": \"claude-3-5-sonnet-20241022\", \"stop_reason\": \"end_turn\"}",
    "{\"id\": \"@@batchid@@\", \"object\": \"batch\", \"input_file_id\": \"@@fileid@@\", \"status\": \"validating\"}",
    "x-request-id: req_@@hex32@@\nopenai-processing-ms: 1184\nx-ratelimit-remaining-tokens: 149213",
    "request-id: req_01@@an22@@\nanthropic-ratelimit-requests-remaining: 49",
    "traceparent: 00-@@traceid@@-@@spanid@@-01",
    "$ kubectl -n @@ns@@ get secrets\nNAME                TYPE                             DATA   AGE\n@@secretname@@      Opaque                           2      41d\ndefault-token-@@lo@@   kubernetes.io/service-account-token   3      203d",
    "$ vault kv metadata get @@vaultpath@@\n========== Metadata ==========\ncreated_time    @@ts@@\ncurrent_version @@n@@\nupdated_time    @@ts_2@@",
    "$ doppler secrets --only-names\n┌─────────────────────┐\n│ NAME                │\n├─────────────────────┤\n│ @@envname@@ │\n│ DOPPLER_CONFIG      │\n└─────────────────────┘",
    "$ ngc config current\n+-------------+------------------------------+---------------+\n| key         | value                        | source        |\n+-------------+------------------------------+---------------+\n| apikey      | ********************@@mask4@@ | user settings |\n| format_type | ascii                        | user settings |\n| org         | @@org@@                      | user settings |",
    "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account @@user@@ (keyring)\n  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', 'repo'",
    "$ modal token info\nToken id: ak-**********************  Workspace: @@org@@  User: @@user@@",
    "$ nvidia-smi -L\nGPU 0: NVIDIA H100 80GB HBM3 (UUID: @@gpuuuid@@)\nGPU 1: NVIDIA H100 80GB HBM3 (UUID: @@gpuuuid_2@@)",
    "  MIG 3g.40gb     Device  0: (UUID: @@migid@@)",
    "$ docker images --digests | head -2\nREPOSITORY   TAG   DIGEST   IMAGE ID\n@@org@@/trainer   @@short@@   @@docker_digest@@   @@hex12@@",
    "$ git lfs ls-files -l | head -2\n@@sha256@@ * model.safetensors\n@@sha256_2@@ * tokenizer.json",
    "version https://git-lfs.github.com/spec/v1\noid sha256:@@sha256@@\nsize @@num@@@@num_2@@",
    "$ ray status\n======== Autoscaler status: @@ts@@ ========\nNode status\n---------------------------------------------------------------\nActive:\n 1 node_@@hex56@@",
    "Submitted batch job @@jobid@@",
    "$ squeue -u @@user@@\n  JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n @@jobid@@       gpu @@proj@@ @@user@@  R    3:12:09      2 gpu-[@@nn@@-@@nn_2@@]",
    "$ vastai show instances\nID        Machine  Status   Num  Model      Util. %\n@@num@@@@num_2@@  @@num_3@@   running  2x   RTX_4090   @@pct@@",
    "Created pod @@podid@@ (RTX A6000 x1) — ssh root@@@pubip@@ -p @@sshport@@ -i ~/.ssh/id_ed25519",
    "✓ Created objects.\n└── 🔨 Created web function app => https://@@org@@--@@proj@@-web.modal.run\n✓ App deployed in 12.871s! 🎉\nView Deployment: https://modal.com/apps/@@org@@/main/deployed/@@proj@@ (@@appid@@)",
    "Jupyter Server is running at: http://127.0.0.1:8888/lab\n    Use Control-C to stop this server.",
    "$ curl -sI https://huggingface.co/@@pubmodel@@/resolve/main/config.json | grep -i -E 'x-repo-commit|etag'\nx-repo-commit: @@sha@@\netag: \"@@sha1@@\"",
    "x-linked-etag: \"@@sha256@@\"\nx-linked-size: 4976698672",
    "$ aws s3api head-object --bucket @@bucket@@ --key shards/shard-0007.tar\n{\"ETag\": \"\\\"@@etag@@-12\\\"\", \"VersionId\": \"@@versionid@@\", \"ContentLength\": 1073741824}",
    "$ gsutil hash -h gs://@@bucket@@/eval/holdout.jsonl\n\tHash (crc32c):\t\t@@crc@@\n\tHash (md5):\t\t@@md5@@",
    "$ pip hash dist/@@proj@@-@@semver@@-py3-none-any.whl\n--hash=sha256:@@sha256@@",
    "$ python -c 'import uuid; print(uuid.uuid4())'\n@@uuid@@",
    "$ openssl x509 -in triton.crt -noout -fingerprint -sha256\nsha256 Fingerprint=@@colonfp@@",
    "$ cat ~/.ssh/id_ed25519.pub\n@@sshpub@@ @@user@@@@@host@@",
    "$ env | grep -i key\nWANDB_API_KEY=\nHF_TOKEN=\n(both unset on this node)",
    "$ printenv OPENAI_API_KEY | wc -c\n165",
    "$ echo ${#HF_TOKEN}\n37",
    "$ pip config list\nglobal.index-url='https://@@svc@@:****@nexus.@@dom@@/repository/pypi-ml/simple'",
    "Looking in indexes: https://pypi.org/simple, https://__token__:****@gitlab.@@dom@@/api/v4/projects/@@num@@/packages/pypi/simple",
    "$ terraform output\nfeast_redis_endpoint = \"feast-redis.@@dom@@:6379\"\nfeast_redis_password = <sensitive>",
    # ---- config ----
    "WANDB_API_KEY=<your-wandb-api-key>\nWANDB_ENTITY=@@org@@\nWANDB_PROJECT=@@proj@@",
    "# .env.example\nOPENAI_API_KEY=sk-...\nANTHROPIC_API_KEY=sk-ant-...\nHF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "HF_TOKEN=${HF_TOKEN}\nMODEL_ID=@@pubmodel@@",
    "api_key: ${oc.env:NEPTUNE_API_TOKEN}\nproject: @@org@@/@@proj@@",
    "pinecone:\n  api_key: ${PINECONE_API_KEY}\n  index: @@idx@@",
    "qdrant:\n  url: https://qdrant.@@dom@@:6333\n  api_key: !ENV QDRANT_API_KEY",
    "[default]\naws_access_key_id = <ACCESS_KEY_ID>\naws_secret_access_key = <SECRET_ACCESS_KEY>",
    "machine api.wandb.ai\n  login user\n  password <paste key from https://wandb.ai/authorize>",
    "{\"username\":\"@@user@@\",\"key\":\"YOUR_KAGGLE_KEY\"}",
    "c.ServerApp.token = ''  # auth handled by the reverse proxy (oauth2-proxy)\nc.ServerApp.password_required = False",
    "c.IdentityProvider.token = os.environ[\"JUPYTER_TOKEN\"]",
    "api_key = \"REDACTED\"\nendpoint = \"https://llm-gateway.@@dom@@/v1\"",
    "mlflow_tracking_password = ********",
    "password: \"{{ vault_slurmdbd_storage_pass }}\"",
    "password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n@@ansible@@",
    "qdrant_api_key: ENC[AES256_GCM,data:@@sopsdata@@,iv:@@sopsiv@@,tag:@@sopstag@@,type:str]",
    "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: @@secretname@@\nspec:\n  encryptedData:\n    api-key: @@sealed@@",
    "env:\n  - name: WANDB_API_KEY\n    valueFrom:\n      secretKeyRef:\n        name: @@secretname@@\n        key: api-key",
    "envFrom:\n  - secretRef:\n      name: @@secretname@@",
    "volumes:\n  - name: ngc-key\n    secret:\n      secretName: @@secretname@@\n      defaultMode: 0400",
    "resource \"random_password\" \"mlflow_db\" {\n  length  = 32\n  special = true\n}\n\npassword = random_password.mlflow_db.result",
    "variable \"db_password\" {\n  type      = string\n  sensitive = true\n}",
    "password = var.db_password",
    "spring.datasource.password=${FEATURE_DB_PASSWORD}",
    "<env name=\"WANDB_API_KEY\" value=\"$WANDB_API_KEY$\" />",
    "[pypi]\nusername = __token__\npassword = %(PYPI_TOKEN)s",
    "-----BEGIN PUBLIC KEY-----\n@@pubkeybody@@\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\n@@certbody@@\n-----END CERTIFICATE-----",
    "{\"keys\": [{\"kty\": \"RSA\", \"use\": \"sig\", \"kid\": \"@@kid@@\", \"alg\": \"RS256\", \"e\": \"AQAB\"}]}",
    "authorized_keys:\n  - @@sshpub@@ @@email@@",
    "private_key_id is rotated quarterly; the JSON itself lives in @@vaultpath@@",
    "channels:\n  - https://conda.anaconda.org/t/<TOKEN>/@@org@@\n  - conda-forge",
    "cache_key: pip-Linux-@@sha256@@",
    "dataset_fingerprint: @@hex16@@",
    "model:\n  name: @@pubmodel@@\n  revision: @@sha@@\n  trust_remote_code: false",
    "seed: @@seed@@\nlearning_rate: @@lr@@\nwarmup_ratio: 0.03",
    "index_host: https://@@idx@@-@@hex7@@.svc.aped-4627-b74a.pinecone.io",
    "collection: @@idx@@\nvector_size: 1024\ndistance: Cosine\nshard_number: 2",
    "MILVUS_URI=http://milvus.@@dom@@:19530\nMILVUS_TOKEN=${MILVUS_TOKEN}",
    "WEAVIATE_URL=https://@@proj@@-@@lo@@.weaviate.network\nWEAVIATE_API_KEY= # set in CI",
    "apiKeyHelper: \"~/.claude/get-key.sh\"",
    "[auth]\ntoken_command = \"gcloud auth print-access-token\"",
    # ---- source ----
    "api_key = os.environ[\"OPENAI_API_KEY\"]",
    "client = Pinecone(api_key=os.getenv(\"PINECONE_API_KEY\"))",
    "token = getpass.getpass(\"Hugging Face token: \")",
    "wandb.login(key=os.environ.get(\"WANDB_API_KEY\"))",
    "HF_TOKEN = userdata.get('HF_TOKEN')",
    "client = OpenAI(base_url=\"http://localhost:8000/v1\", api_key=\"EMPTY\")",
    "llm = ChatOpenAI(model=\"gpt-4o-mini\", api_key=SecretStr(settings.openai_api_key))",
    "assert len(api_key) == 40, \"W&B keys are 40 hex chars\"",
    "if not token.startswith(\"hf_\"):\n    raise ValueError(\"expected a Hugging Face user access token\")",
    "def redact(s: str) -> str:\n    return s[:4] + \"…\" + s[-4:] if len(s) > 12 else \"***\"",
    "MASK = \"sk-\" + \"*\" * 20\nlogger.info(\"using key %s\", MASK)",
    "API_KEY_HEADER = APIKeyHeader(name=\"X-API-Key\", auto_error=False)",
    "cache_key = hashlib.sha256(prompt.encode()).hexdigest()  # e.g. @@sha256@@",
    "run_id = \"@@md5@@\"  # mlflow run to compare against",
    "EXPERIMENT_KEY = \"@@md5@@\"  # comet experiment to resume",
    "FIXTURE_UUID = uuid.UUID(\"@@uuid@@\")",
    "REVISION = \"@@sha@@\"  # pinned commit of the tokenizer repo",
    "headers = {\"Authorization\": f\"Bearer {os.environ['VLLM_API_KEY']}\"}",
    "s3 = boto3.client(\"s3\")  # credentials come from the instance profile",
    "conn = psycopg.connect(os.environ[\"FEATURE_DB_DSN\"])",
    "SECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]",
    "password = keyring.get_password(\"mlflow\", getpass.getuser())",
    "api_key: SecretStr = Field(..., alias=\"LABELBOX_API_KEY\")",
    "@pytest.fixture\ndef fake_key():\n    return \"test-key-not-real\"",
    "monkeypatch.setenv(\"OPENAI_API_KEY\", \"dummy\")",
    "PASSWORD_MIN_LENGTH = 14\nPASSWORD_REQUIRE_SYMBOL = True",
    "const apiKey = process.env.PINECONE_API_KEY ?? \"\";",
    "let token = std::env::var(\"HF_TOKEN\").expect(\"HF_TOKEN not set\");",
    "b64 = \"@@b64text@@\"  # sample payload for the decoder test",
    "JWT_HEADER = \"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9\"  # {\"alg\":\"HS256\",\"typ\":\"JWT\"}",
    "EMBED_DIM = 1024\nINDEX_NAME = \"@@idx@@\"\nNAMESPACE = \"@@hex8@@\"",
    # ---- logs ----
    "@@ts@@ INFO wandb: Syncing run @@run@@ to https://wandb.ai/@@org@@/@@proj@@",
    "INFO:httpx:HTTP Request: POST https://api.openai.com/v1/chat/completions \"HTTP/1.1 200 OK\"",
    "openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: sk-proj-********************@@mask4@@. You can find your API key at https://platform.openai.com/account/api-keys.', 'type': 'invalid_request_error', 'code': 'invalid_api_key'}}",
    "anthropic.AuthenticationError: Error code: 401 - {'type': 'error', 'error': {'type': 'authentication_error', 'message': 'invalid x-api-key'}}",
    "huggingface_hub.errors.GatedRepoError: 403 Client Error. Cannot access gated repo for url https://huggingface.co/@@pubmodel@@/resolve/main/config.json.",
    "wandb.errors.UsageError: api_key not configured (no-tty). call wandb.login(key=[your_api_key])",
    "psycopg2.OperationalError: connection to server at \"pg-features.@@dom@@\" (@@ip@@), port 5432 failed: FATAL:  password authentication failed for user \"feast\"",
    "redis.exceptions.AuthenticationError: invalid username-password pair or user is disabled.",
    "qdrant_client.http.exceptions.UnexpectedResponse: Unexpected Response: 401 (Unauthorized)\nRaw response content:\nb'{\"status\":{\"error\":\"Must provide an API key or an Authorization bearer token\"}}'",
    "pinecone.exceptions.UnauthorizedException: (401) Reason: Unauthorized HTTP response body: Invalid API Key",
    "[@@date@@, @@time@@ UTC] {base.py:84} INFO - Using connection ID 'feast_pg' for task execution.",
    "[@@date@@, @@time@@ UTC] {subprocess.py:93} INFO - + export MLFLOW_TRACKING_PASSWORD=***",
    "  env:\n    HF_TOKEN: ***\n    WANDB_API_KEY: ***",
    "24/@@mm@@/@@dd@@ @@time@@ INFO SparkContext: spark.hadoop.fs.s3a.secret.key=*********(redacted)",
    "@@ip@@ - - [@@clf@@] \"GET /lab?token=[secret] HTTP/1.1\" 302 0",
    "[W @@date@@ @@time@@ ServerApp] 403 GET /api/contents (@@ip@@): '_xsrf' argument missing from POST",
    "DEBUG:urllib3.connectionpool:https://s3.@@region@@.amazonaws.com:443 \"GET /@@bucket@@/shards/shard-0007.tar HTTP/1.1\" 200 1073741824",
    "INFO @@mmdd@@ @@time@@ metrics.py:341] Avg prompt throughput: 1824.3 tokens/s, Avg generation throughput: 512.7 tokens/s, Running: 31 reqs",
    "I@@mmdd@@ @@time@@.118 1 server.cc:674] | @@proj@@ | 1 | READY |",
    "{\"level\":\"info\",\"ts\":\"@@ts@@\",\"msg\":\"request\",\"trace_id\":\"@@traceid@@\",\"span_id\":\"@@spanid@@\",\"status\":200}",
    "time=@@ts@@ level=warn msg=\"api key rejected\" key_id=key_@@an16@@ reason=expired",
    "Epoch @@n@@/10 | step @@step@@ | loss @@loss@@ | lr @@lr@@ | grad_norm 0.91",
    "(TrainWorker pid=@@pid@@, ip=@@ip@@) Checkpoint saved to s3://@@bucket@@/ckpt/@@proj@@/checkpoint_000@@nn@@",
    "slurmstepd: error: *** JOB @@jobid@@ ON gpu-@@nn@@ CANCELLED AT @@date@@T@@time@@ DUE TO TIME LIMIT ***",
    "Loading checkpoint shards: 100%|██████████| 4/4 [00:12<00:00,  3.01s/it]",
    "sentry_sdk.init(dsn=os.environ[\"SENTRY_DSN\"], traces_sample_rate=0.1)",
    "WARNING: secret scanning found 0 leaked credentials in @@n@@ commits (@@short@@..@@short_2@@)",
    "gitleaks: no leaks found (scanned @@num@@ commits in 4.1s)",
    "@@ts@@ audit: key rotated for service account ml-ci@@@org@@ (old key id: key_@@an16@@, new key id: key_@@an16_2@@)",
    # ---- notes & chat ----
    "The W&B key lives in Vault at @@vaultpath@@; ask @@person@@ for read access instead of pasting it here.",
    "@@person@@: I rotated the HF token this morning, pull the new one from 1Password (item \"HF org write\").",
    "Reminder: never paste API keys into Slack. Use the #secrets-request workflow and the key will be delivered via Vault.",
    "Password policy: at least 14 characters, no dictionary words, rotated every 90 days, no reuse of the last 10 passwords.",
    "Decision @@date@@: move all LLM provider keys into the gateway; notebooks will only hold a per-user gateway token fetched at runtime.",
    "Note: the Jupyter token is printed in the server log on startup; I did not copy it — use `jupyter server list` on the node.",
    "Das Passwort liegt im Vault unter @@vaultpath@@ – bitte nicht hier posten.",
    "Le jeton Hugging Face est stocké dans le gestionnaire de secrets (nom : @@secretname@@).",
    "La contraseña de la base de datos se rota cada 30 días; pídela a @@person@@ por el gestor de secretos.",
    "パスワードはVaultに保存されています。ここには書かないでください。",
    "密码已经放到 1Password 的 \"ML Infra\" 保险库里了，不要贴在群里。",
    "Пароль от MLflow лежит в Vault (@@vaultpath@@), в чат не пишите.",
    "A senha do Label Studio foi trocada; está no cofre da equipe.",
    "Il token di Replicate è nel secret manager, non nel repo.",
    "API 키는 Vault에 있어요. 채팅에 붙여넣지 마세요.",
    "@@person@@: the Pinecone key in the old notebook was revoked on @@date@@, so the string there is dead anyway — still removing it.",
    "TODO: replace the hardcoded placeholder `sk-your-key-here` in README with an env var reference.",
    "Q: why 401 from Qdrant? A: the api-key header was empty because QDRANT_API_KEY wasn't exported in the tmux session.",
    "Goal: make the eval harness read OPENAI_API_KEY, ANTHROPIC_API_KEY and GROQ_API_KEY from the environment only.",
    "@@person@@: the key ends in …@@mask4@@ if you want to check which one is in the gateway config",
    "Reminder for @@person@@: the RunPod API key in CI is scoped read-only; the write key is only on the scheduler box.",
    "Rotation checklist: 1) create new key 2) update @@secretname@@ in k8s 3) restart pods 4) revoke old key 5) confirm no 401s",
    "The HF token has `read` scope only; pushes to @@org@@/@@proj@@ need a fine-grained token with write on that repo.",
    "commit @@sha@@ removed the .env file from history (BFG run on @@date@@).",
    "Compare runs @@run@@ vs @@run_2@@: +@@pct@@% exact match on the held-out set.",
    "Saw `password authentication failed` again — the role exists but the password in the secret is outdated. Asked @@person@@ to re-sync from Vault.",
    "ssh fingerprint of the new login node is @@fp@@ — verify before accepting.",
    "Our GPG key id is 0x@@gpgid@@ (public, for verifying release tarballs).",
    "md5 of the labelled export: @@md5@@ (matches the vendor's manifest)",
    "Example of a masked key as shown in the dashboard: pcsk_****…@@mask4@@",
    "Kaggle username is @@user@@; the API key is in ~/.kaggle/kaggle.json on the shared box (chmod 600).",
    "The Colab notebook reads HF_TOKEN from the Secrets sidebar (key icon) — nothing is stored in the .ipynb.",
    "Passphrase-protected keys only from now on: ssh-keygen -t ed25519 -a 100.",
    "what does `Key-Pair-Id=K3RPWS32NSSJCE` in the HF CDN URL mean? it's the public CloudFront key-pair id, not a secret",
    # ---- CI ----
    "env:\n  WANDB_API_KEY: ${{ secrets.WANDB_API_KEY }}\n  HF_TOKEN: ${{ secrets.HF_TOKEN }}",
    "      - uses: docker/login-action@v3\n        with:\n          registry: nvcr.io\n          username: $oauthtoken\n          password: ${{ secrets.NGC_API_KEY }}",
    "variables:\n  COMET_API_KEY: $COMET_API_KEY_MASKED\n  COMET_PROJECT_NAME: @@proj@@",
    "      - name: Cache pip\n        uses: actions/cache@v4\n        with:\n          key: ${{ runner.os }}-pip-${{ hashFiles('requirements.txt') }}",
    "      - uses: actions/checkout@@@sha@@ # v4.1.7",
    "RUN --mount=type=secret,id=hf_token HF_TOKEN=$(cat /run/secrets/hf_token) huggingface-cli download @@pubmodel@@",
    "docker build --secret id=hf_token,src=$HOME/.cache/huggingface/token -t @@org@@/tgi-bundle:@@short@@ .",
    "withCredentials([string(credentialsId: 'wandb-api-key', variable: 'WANDB_API_KEY')]) {\n  sh 'python train.py'\n}",
    "- name: HF_TOKEN\n  valueFrom:\n    secretKeyRef: {name: hf-token, key: token}",
    "steps:\n  - task: AzureKeyVault@2\n    inputs:\n      azureSubscription: ml-prod\n      KeyVaultName: kv-@@org@@-ml\n      SecretsFilter: 'openai-key,pinecone-key'",
    "image: @@org@@/trainer@@@docker_digest@@",
    "provider \"aws\" {\n  region  = \"@@region@@\"\n  profile = \"ml-datasets\"\n}",
    "helm upgrade --install milvus zilliztech/milvus -f values.yaml --set minio.existingSecret=@@secretname@@",
    "kubectl create secret generic @@secretname@@ --from-file=api-key=./api-key.txt --dry-run=client -o yaml | kubeseal -o yaml > sealed.yaml",
    "Run echo \"::add-mask::$TOKEN\"\n  echo \"::add-mask::$TOKEN\"\n  shell: /usr/bin/bash -e {0}",
    "secrets:\n  hf_token:\n    file: ./secrets/hf_token.txt",
    "sky launch task.yaml --secret HF_TOKEN --secret WANDB_API_KEY",
    "modal.Secret.from_name(\"@@secretname@@\")",
    "tags: [gpu-a100]\ncache:\n  key: \"$CI_COMMIT_REF_SLUG-@@hex8@@\"\n  paths: [.venv/]",
    "# required CI secrets: @@envname@@, @@envname_2@@ (set them under Settings → Secrets and variables → Actions)",
]


def _b_masked_key(c):
    pre = _c(["sk-proj-", "hf_", "r8_", "gsk_", "pcsk_", "sk-ant-api03-", "ghp_", "glpat-"])
    return "%s key on file: %s%s%s (last used %s)" % (c["envname"], pre, "*" * _R.randint(8, 24), c["mask4"], c["date"])


def _b_b64_ordinary(c):
    return "payload (base64): %s" % base64.b64encode(json.dumps(
        {"run": c["run"], "step": int(c["step"]), "note": c["phrase"]}).encode()).decode()


def _b_uuid_list(c):
    return "request ids: " + ", ".join(_uuid() for _ in range(3))


def _b_jwt_header_only(c):
    return "the token header decodes to %s, i.e. %s — body omitted" % (
        _b64u_json({"alg": _c(["RS256", "ES256", "HS256"]), "typ": "JWT", "kid": c["hex8"]}),
        "{alg, typ, kid}")


_BENIGN_T.extend([_b_masked_key, _b_b64_ordinary, _b_uuid_list, _b_jwt_header_only])

# ==========================================================================
# assembly
# ==========================================================================
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code",
                "stack-trace-or-log", "note-or-chat", "ci-and-deploy", "vendor-token"]
_TARGET_PER_GROUP = 187
_N_BENIGN = 950


def _instantiate(fmt):
    group, name, gen, template, vis = fmt
    ctx = _Ctx()
    secret = _gen_secret(gen, ctx)
    ctx["S"] = secret
    text = _render(template, ctx)
    visible = _render(vis, ctx) if vis else ""
    if secret not in text or (visible and (visible not in text or secret in visible)):
        raise AssertionError("bad format " + name)
    return (group, name, text, secret, visible)


def _build_secrets():
    seen_names = set()
    bygroup = {}
    for fmt in _FORMATS:
        if fmt[1] in seen_names:
            raise AssertionError("duplicate format name " + fmt[1])
        seen_names.add(fmt[1])
        bygroup.setdefault(fmt[0], []).append(fmt)
    out = []
    for g in _GROUP_ORDER:
        fl = bygroup.get(g, [])
        n = len(fl)
        if n * 3 < _TARGET_PER_GROUP:
            raise AssertionError("group %s has only %d formats" % (g, n))
        base, rem = divmod(_TARGET_PER_GROUP, n)
        extra = set(_R.sample(range(n), rem))
        for i, fmt in enumerate(fl):
            for _ in range(base + (1 if i in extra else 0)):
                out.append(_instantiate(fmt))
    return out


def _build_benign(secrets):
    long_secrets = [s for s in secrets if len(s) >= 8]
    out = []
    seen = set()
    i = 0
    tries = 0
    while len(out) < _N_BENIGN:
        tries += 1
        if tries > _N_BENIGN * 20:
            raise AssertionError("could not build enough benign strings")
        t = _BENIGN_T[i % len(_BENIGN_T)]
        i += 1
        ctx = _Ctx()
        s = t(ctx) if callable(t) else _render(t, ctx)
        if s in seen:
            continue
        if any(sec in s for sec in long_secrets):
            continue
        seen.add(s)
        out.append(s)
    return out


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])

del _instantiate, _build_secrets, _build_benign
