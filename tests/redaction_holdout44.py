"""Blind hold-out corpus #44 for a secret-redaction engine.

What it is
    A fixed set of text fragments of the kind a coding agent (Claude Code,
    Codex, Gemini CLI) stores as its working state: goals, running notes,
    shell commands it ran, tool output, excerpts of files it opened,
    decisions, chat messages pasted in by teammates, log lines and CI
    configuration.  Some fragments carry a credential that a redaction
    engine must remove; others carry only look-alikes that it must leave
    alone.

Theme
    Crypto and web3 development: wallets, private keys and mnemonics, RPC
    providers (Infura, Alchemy, QuickNode and others), Hardhat / Foundry /
    Truffle projects, validator and node operators (geth, reth, Lighthouse,
    Prysm, Teku, Web3Signer, bitcoind, lnd), exchange API keys and the bots
    that trade with them, NFT marketplaces and pinning services, and DAO
    tooling (Snapshot, Discourse, Discord / Telegram bots, multisigs).

Provenance
    Written blind, from general knowledge only: no existing corpus, no rule
    file of the engine and no web search was consulted.  Where a vendor's
    real credential shape was known it was imitated (prefixes, lengths,
    alphabets); where it was unknown a plausible shape was invented.  All
    hosts, people, addresses, organisations and values are fictitious and
    drawn at random; none of them is a live credential.

Layout
    SECRETS  list of 5-tuples (group, format, text, secret, visible):
             group    one of command, tool-output, config-file, source-code,
                      stack-trace-or-log, note-or-chat, ci-and-deploy,
                      vendor-token (about 185 entries each);
             format   kebab-case name of the shape, used at most 3 times;
             text     the fragment as the agent recorded it;
             secret   the exact substring of text that must not survive
                      redaction (only the key body of a PEM block, only the
                      signature of a signed URL, only the password of a
                      user:password pair);
             visible  a substring of text that must stay readable, or "".
    BENIGN   list of distinct strings in the same groups and contexts that
             contain no credential but look secret-ish to a naive scanner:
             transaction hashes, addresses, commit SHAs, checksums, UUIDs,
             public keys and validator pubkeys, placeholders, masked values,
             references to where a secret is kept, prose about secrets, etc.

Determinism
    Every random value is drawn from _R = random.Random(4444) at import
    time, in a fixed order, so importing the module twice yields identical
    lists.  Nothing is printed at import.

Measured
--------
Blind, read first in the session that added it: recall 0.909 (1,345 of 1,480) and false
positives 99 of 950 (10.4%) with the engine at that session's start. Tuned on since:
0.966 and 37 of 950.
"""
import base64
import json
import random
import re
import string

_R = random.Random(4444)

_HEX = "0123456789abcdef"
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_ALNUM = string.ascii_letters + string.digits
_LALNUM = string.ascii_lowercase + string.digits
_UALNUM = string.ascii_uppercase + string.digits
_B64 = string.ascii_letters + string.digits + "+/"
_B64URL = string.ascii_letters + string.digits + "-_"


def _tok(alpha, n):
    return "".join(_R.choice(alpha) for _ in range(n))


def hexs(n):
    return _tok(_HEX, n)


def uhex(n):
    return _tok("0123456789ABCDEF", n)


def alnum(n):
    return _tok(_ALNUM, n)


def lalnum(n):
    return _tok(_LALNUM, n)


def ualnum(n):
    return _tok(_UALNUM, n)


def b58(n):
    return _tok(_B58, n)


def b64url(n):
    return _tok(_B64URL, n)


def b64raw(nbytes):
    return base64.b64encode(bytes(_R.getrandbits(8) for _ in range(nbytes))).decode()


def b64urlraw(nbytes):
    return base64.urlsafe_b64encode(bytes(_R.getrandbits(8) for _ in range(nbytes))).decode().rstrip("=")


def digits(n):
    return str(_R.randint(1, 9)) + _tok(string.digits, n - 1)


def uuid4():
    h = hexs(32)
    return "%s-%s-4%s-%s%s-%s" % (h[:8], h[8:12], h[13:16], _R.choice("89ab"), h[17:20], h[20:32])


def pick(seq):
    return _R.choice(seq)


def mixcase_addr():
    h = hexs(40)
    return "0x" + "".join(ch.upper() if ch.isalpha() and _R.random() < 0.5 else ch for ch in h)


_BIP = (
    "abandon ability able about above absent absorb abstract absurd abuse access accident account accuse "
    "achieve acid acoustic acquire across act action actor actress actual adapt add addict address adjust "
    "admit adult advance advice aerobic affair afford afraid again age agent agree ahead aim air airport "
    "aisle alarm album alcohol alert alien all alley allow almost alone alpha already also alter always "
    "amateur amazing among amount amused analyst anchor ancient anger angle angry animal ankle announce "
    "annual another answer antenna antique anxiety apart apology appear apple approve april arch arctic "
    "area arena argue armed armor army around arrange arrest arrive arrow artefact artist artwork aspect "
    "asset assist assume athlete atom attack attend attitude attract auction audit august aunt author auto "
    "autumn average avocado avoid awake aware away awesome awful awkward axis baby bachelor bacon badge "
    "balance balcony bamboo banana banner barely bargain barrel basic basket battle beach bean beauty "
    "because become beef before begin behave behind believe below bench benefit better between beyond "
    "bicycle bike bind biology bird birth bitter black blade blame blanket blast bleak bless blind blood "
    "blossom blue blur blush board boat body boil bone bonus book boost border boring borrow boss bottom "
    "bounce bracket brain brand brass brave bread breeze brick bridge brief bright bring brisk broccoli "
    "broken bronze broom brother brown brush bubble buddy budget buffalo build bulb bulk bundle bunker "
    "burden burger burst business busy butter buyer buzz cabbage cabin cable cactus cage cake call calm "
    "camera camp canal cancel candy cannon canoe canvas canyon capable capital captain carbon card cargo "
    "carpet carry cart case cash casino castle casual catalog catch category cattle caught cause caution "
    "cave ceiling celery cement census century cereal certain chair chalk champion change chaos chapter "
    "charge chase cheap check cheese chef cherry chest chicken chief child chimney choice choose chronic "
    "chuckle chunk churn cinnamon circle citizen city civil claim clarify claw clay clean clerk clever "
    "click client cliff climb clinic clip clock close cloth cloud clown club clump cluster clutch coach "
    "coast coconut code coffee coil coin collect color column combine comfort comic common company "
    "concert conduct confirm connect consider control convince cook cool copper coral core corn correct "
    "cost cotton couch country couple course cousin cover coyote crack cradle craft crane crash crater "
    "crawl crazy cream credit creek crew cricket crime crisp critic cross crouch crowd crucial cruel "
    "cruise crumble crunch crush crystal cube culture cupboard curious current curtain curve cushion "
    "custom cycle damage damp dance danger daring dash daughter dawn debate debris decade december "
    "decide decline decorate decrease defense define degree delay deliver demand denial dentist depart "
    "depend deposit depth deputy derive describe desert design detail detect develop device devote "
    "diagram dial diamond diary diesel differ digital dignity dilemma dinner dinosaur direct dirt "
    "discover disease dismiss display distance divert divide dizzy doctor document dolphin domain donate "
    "donkey donor double dove draft dragon drama drastic dream dress drift drill drink drive drum duck "
    "dune during dust dutch duty dwarf dynamic eager eagle early earth easily echo ecology economy edge "
    "educate effort eight either elbow elder electric elegant element elephant elevator elite embark "
    "embody embrace emerge emotion employ empower empty enable enact endless endorse enemy energy "
    "enforce engage engine enhance enjoy enlist enough enrich enroll ensure entire entry envelope "
    "episode equal equip erase erode erosion error erupt escape essay essence estate eternal ethics "
    "evidence evoke evolve exact example excess exchange excite exclude excuse execute exercise exhaust "
    "exhibit exile exist exotic expand expect expire explain expose express extend fabric faculty fade "
    "faint faith false fame family famous fancy fantasy fashion fatal father fatigue fault favorite "
    "feature february federal fence festival fetch fever fiber fiction field figure film filter final "
    "finger finish firm fiscal fitness flag flame flash flavor flee flight flip float flock floor flower "
    "fluid flush foam focus foil follow force forest forget fortune forum forward fossil foster fragile "
    "frame frequent fresh friend fringe frog front frost frown frozen fruit fuel funny furnace fury "
    "future gadget galaxy gallery garage garbage garden garlic garment gasp gather gauge general genius "
    "genre gentle genuine gesture ghost giant ginger giraffe glance glare glass glide glimpse globe gloom "
    "glory glove glow goat goddess gorilla gospel gossip govern grace grain grant grape grass gravity "
    "great green grid grief grit grocery group grunt guard guess guide guilt guitar habit half hammer "
    "hamster happy harbor harsh harvest hawk hazard health heart heavy hedgehog height hello helmet hero "
    "hidden hill hint history hobby hockey hollow honey hood horn horror horse hospital hotel hover huge "
    "humble humor hundred hungry hurdle hurry husband hybrid icon idea identify idle ignore illegal image "
    "imitate immense immune impact impose improve impulse include income index indicate indoor industry "
    "infant inflict inform inherit initial inject injury inmate inner innocent input inquiry insane "
    "insect inside inspire install intact invest invite involve island isolate issue ivory jacket jaguar "
    "jazz jealous jelly jewel join journey judge juice jungle junior kangaroo keen ketchup kidney kingdom "
    "kitchen kitten kiwi knife label labor ladder lake lamp language laptop later latin laugh laundry "
    "lawn lawsuit layer leader learn lecture legal legend leisure lemon length lens leopard lesson "
    "letter level liberty library license light limb limit lion liquid little lizard lobster local "
    "logic lonely lottery lounge loyal lucky luggage lumber lunar luxury lyrics machine magic magnet "
    "mammal mandate mango mansion manual maple marble margin marine market marriage master material "
    "matrix matter maximum meadow measure mechanic medal media melody member memory mention mercy merge "
    "merit mesh message metal method middle midnight million mimic minimum minor minute miracle mirror "
    "misery mistake mixture mobile model modify moment monitor monkey monster month moral morning "
    "mosquito mother motion motor mountain movie muffin mule multiply muscle museum mushroom music "
    "mutual myself mystery naive napkin narrow nasty nation nature negative neglect nephew nerve "
    "network neutral noble noodle normal north notable nothing notice novel nuclear number nurse obey "
    "object oblige obscure observe obtain obvious occur ocean october offer office olive olympic onion "
    "online opera opinion oppose option orange orbit orchard ordinary organ orient original orphan "
    "ostrich outdoor output oval oxygen oyster ozone paddle pagoda palace panda panel panic panther "
    "parade parent parrot patrol pelican penalty pencil people pepper perfect permit person pet phone "
    "piano picnic picture pigeon pilot pioneer planet plastic plunge poem poet polar pony popular "
    "portion potato powder praise predict pretty prison private prize problem process produce profit "
    "program project promote proof property prosper protect proud provide public pudding pulse pumpkin "
    "puppy purchase purity puzzle pyramid quality quantum quarter question quick quiz quote rabbit "
    "raccoon radar radio rail random rapid rather raven razor ready rebel rebuild recall receive recipe "
    "record recycle reduce reflect reform region regret regular reject relax release relief remain "
    "remember remind remove render renew rent reopen repair repeat replace report require rescue "
    "resemble resist resource response result retire retreat return reunion reveal review reward rhythm "
    "ribbon rice rifle ripple ritual rival river roast robot rocket romance rookie rotate rough round "
    "route royal rubber rude rural saddle sadness salad salmon salon salute sample sand satisfy satoshi "
    "sauce sausage scale scatter scene scheme school science scissors scorpion scout scrap screen script "
    "scrub season second secret section security segment select senior sense sentence series service "
    "session settle setup seven shadow shaft shallow share shed shell sheriff shield shift shine ship "
    "shiver shock shoe shoot shop short shoulder shove shrimp shrug shuffle sibling siege sight signal "
    "silent silk silly silver similar simple since siren sister situate sketch skill skin skirt skull "
    "slender slice slide slogan slot slush small smart smile smoke smooth snack snake snap sniff soccer "
    "social sock solar soldier solid solution solve someone song soon sorry source south space spare "
    "spatial spawn speak special speed sphere spice spider spike spin spirit split spoil sponsor spoon "
    "spray spread spring square squeeze squirrel stable stadium staff stage stairs stamp state steak "
    "steel stem step stereo stick still sting stock stomach stone stool story stove strategy street "
    "strike strong struggle student stuff stumble style subject submit subway success sudden suffer "
    "sugar suggest suit summer sunny sunset super supply supreme surface surge surprise surround survey "
    "suspect sustain swallow swamp swap swarm swear sweet swift swim swing switch sword symbol symptom "
    "syrup system table tackle tattoo taxi teach team tenant tennis tent term test text thank theme "
    "theory thrive throw thumb thunder ticket tide tiger tilt timber tiny tissue title toast tobacco "
    "today toddler token tomato tone tongue tonight tool tooth topic topple torch tornado tortoise toss "
    "total tourist toward tower town track trade traffic tragic train transfer trap trash travel tray "
    "treat tree trend trial tribe trick trigger trim trip trophy trouble truck truly trumpet trust truth "
    "tube tuition tumble tuna tunnel turkey turtle twelve twenty twice twin twist typical ugly umbrella "
    "unable unaware uncle uncover under undo unfair unfold unhappy uniform unique universe unknown "
    "unlock until unusual unveil update upgrade uphold upon upper upset urban usage useful useless "
    "usual utility vacant vacuum vague valid valley valve vanish vapor various vast vault vehicle velvet "
    "vendor venture venue verb verify version vessel veteran viable vibrant vicious victory video view "
    "village vintage violin virtual virus visa visit visual vital vivid vocal voice volcano volume vote "
    "voyage wage wagon walnut warfare warrior wash wasp waste water wave wealth weapon weasel weather "
    "wedding weekend weird welcome wheat wheel whip whisper width wild window wine wing wink winner "
    "winter wire wisdom witness wolf woman wonder wood wool world worry worth wrap wreck wrestle wrist "
    "write wrong yard year yellow young youth zebra zero zone zoo"
).split()

_PWWORDS = (
    "satoshi vitalik hodl lambo moon degen wagmi gwei merkle ledger staking yield vault nonce "
    "blockchain mainnet genesis validator beacon shard rollup bridge oracle minter opensea punk "
    "ape doge shiba pepe kraken bitcoin ether solana cosmos polka chainlink uniswap sushi curve aave "
    "maker compound gnosis safe multisig treasury dao snapshot quorum proposal bounty hacker falcon "
    "panther dragon tiger summer winter autumn monday friday berlin lisbon tokyo seoul lagos denver "
    "zurich dubai singapore istanbul warsaw kyiv taipei hanoi bogota lima porto napoli marseille"
).split()

_FIRST = (
    "Ana Bruno Chen Dmitri Elena Farid Greta Hiro Ines Jonas Kwame Lena Mateo Nadia Omar Priya "
    "Quentin Rosa Sven Tariq Uma Viktor Wen Ximena Yusuf Zoe Aiko Bogdan Carla Diego Emeka Fatima "
    "Gustavo Hana Ivan Jae Kasia Luca Mariana Nikolai Olu Pedro Rin Sanjay Tomas Valentina Wiktor "
    "Yara Amir Beatriz Chidi Dara Eitan Freya Goran Haruto Ilse Jiho Kofi Leila Min Noor Oskar"
).split()

_USERS = (
    "deployer relayer keeper ops validator geth bitcoin lnd graph indexer ponder subgraph bot trader "
    "mmaker arb liquidator harvester sequencer prover signer node admin postgres grafana nftdrop "
    "minter treasury dao_ops snapshot airdrop faucet explorer blockscout"
).split()

_DOMAINS = (
    "nodeops.internal tidepool.dev.test mosaicdao.test ferrovia-labs.io.test keelhaul.lan quartzmint.example "
    "driftwood-capital.test lumen-validators.internal parsec-bots.example orchid-nft.test "
    "halyard.finance.test copperline.internal emberdao.example vantablock.dev.test saltmarsh.lan"
).split()

_ROLES = (
    "geth reth erigon nethermind besu lighthouse prysm teku nimbus lodestar web3signer mev-boost "
    "bitcoind lnd graph-node ponder indexer rpc archive bot relayer keeper pg redis vault "
    "grafana blockscout faucet sequencer"
).split()

_CHAINS = ["mainnet", "sepolia", "holesky", "arbitrum", "optimism", "base", "polygon", "bsc",
           "avalanche", "gnosis", "linea", "scroll", "zksync", "blast", "mantle"]

_SYMS = ["ETH", "WETH", "USDC", "USDT", "DAI", "WBTC", "ARB", "OP", "MATIC", "LINK", "UNI",
         "AAVE", "SOL", "BNB", "stETH", "rETH", "PEPE", "LDO", "MKR", "CRV"]

_PROJECTS = (
    "tidepool-dex mosaic-dao lumen-staking parsec-arb orchid-drop halyard-vaults copperline-bridge "
    "ember-governor quartz-mint driftwood-mm saltmarsh-keeper keelhaul-lend vanta-perps ferrovia-nft "
    "larkspur-oracle moraine-bot"
).split()

_LANGS = ["en"]


def _host():
    return "%s-%02d.%s" % (pick(_ROLES), _R.randint(1, 24), pick(_DOMAINS))


def _ip():
    r = _R.random()
    if r < 0.4:
        return "10.%d.%d.%d" % (_R.randint(0, 255), _R.randint(0, 255), _R.randint(2, 254))
    if r < 0.7:
        return "172.%d.%d.%d" % (_R.randint(16, 31), _R.randint(0, 255), _R.randint(2, 254))
    return "192.168.%d.%d" % (_R.randint(0, 255), _R.randint(2, 254))


def _pubip():
    return "%s.%d" % (pick(["203.0.113", "198.51.100", "192.0.2"]), _R.randint(2, 254))


def _ctx():
    """One fresh set of surrounding values for a fragment (drawn in fixed order)."""
    c = {}
    c["host"] = _host()
    c["host2"] = _host()
    c["domain"] = pick(_DOMAINS)
    c["ip"] = _ip()
    c["pubip"] = _pubip()
    c["port"] = str(pick([5432, 6379, 8545, 8546, 8551, 5052, 4000, 3500, 9000, 8332, 10009, 30303,
                          8080, 3000, 9090, 5672, 27017, 8123, 9000, 3306]))
    c["user"] = pick(_USERS)
    p1 = pick(_FIRST)
    p2 = pick([x for x in _FIRST if x != p1])
    c["person"] = p1
    c["person2"] = p2
    c["email"] = "%s@%s" % (p1.lower(), c["domain"])
    c["addr"] = mixcase_addr()
    c["addr2"] = mixcase_addr()
    c["addr3"] = "0x" + hexs(40)
    c["txh"] = "0x" + hexs(64)
    c["blk"] = str(_R.randint(17000000, 21900000))
    c["blkhex"] = hex(_R.randint(17000000, 21900000))
    c["chain"] = pick(_CHAINS)
    c["chainid"] = str(pick([1, 11155111, 17000, 42161, 10, 8453, 137, 56, 43114, 100, 59144, 534352, 324]))
    c["date"] = "2024-%02d-%02d" % (_R.randint(1, 12), _R.randint(1, 28))
    c["time"] = "%02d:%02d:%02d" % (_R.randint(0, 23), _R.randint(0, 59), _R.randint(0, 59))
    c["ts"] = "%sT%s.%03dZ" % (c["date"], c["time"], _R.randint(0, 999))
    c["ms"] = str(_R.randint(3, 2400))
    c["epochs"] = str(_R.randint(1700000000, 1735000000))
    c["sha"] = hexs(40)
    c["short"] = hexs(7)
    c["uuid"] = uuid4()
    c["uuid2"] = uuid4()
    c["n"] = str(_R.randint(2, 99))
    c["n3"] = str(_R.randint(100, 999))
    c["project"] = pick(_PROJECTS)
    c["repo"] = "%s/%s" % (pick(["tidepool-xyz", "mosaicdao", "lumen-labs", "parsec-trading", "orchid-art",
                                 "halyard-fi", "emberdao", "quartz-studio"]), c["project"])
    c["sym"] = pick(_SYMS)
    c["sym2"] = pick(_SYMS)
    c["amt"] = "%.4f" % (_R.random() * pick([1, 10, 100, 5000]))
    c["gwei"] = str(_R.randint(3, 180))
    c["nonce"] = str(_R.randint(0, 4000))
    c["slot"] = str(_R.randint(8000000, 10600000))
    c["epoch"] = str(_R.randint(250000, 330000))
    c["vidx"] = str(_R.randint(100000, 1500000))
    c["pid"] = str(_R.randint(1200, 65000))
    c["hex8"] = hexs(8)
    c["hex16"] = hexs(16)
    c["hex32"] = hexs(32)
    c["hex40"] = hexs(40)
    c["hex64"] = hexs(64)
    c["b58"] = b58(44)
    c["cid"] = "Qm" + b58(44)
    c["bafy"] = "bafybei" + _tok("abcdefghijklmnopqrstuvwxyz234567", 52)
    c["ens"] = "%s.eth" % pick(_PWWORDS)
    c["branch"] = "%s/%s-%s" % (pick(["feat", "fix", "chore", "ops"]), pick(_BIP), pick(_BIP))
    c["job"] = str(_R.randint(1000000, 9999999))
    c["run"] = str(_R.randint(5000000000, 9999999999))
    c["word"] = pick(_BIP)
    c["word2"] = pick(_BIP)
    c["db"] = pick(["indexer", "ponder", "graph", "trades", "orders", "nft_meta", "dao", "airdrop",
                    "blockscout", "fills", "positions"])
    c["tokenid"] = str(_R.randint(1, 9999))
    c["pct"] = str(_R.randint(1, 99))
    c["size"] = "%d.%dG" % (_R.randint(1, 900), _R.randint(0, 9))
    c["ver"] = "%d.%d.%d" % (_R.randint(0, 4), _R.randint(0, 30), _R.randint(0, 20))
    c["pubkey"] = "0x" + pick(["8", "9", "a", "b"]) + hexs(95)
    c["kid"] = uuid4()
    c["d18"] = digits(18)
    c["solsig"] = b58(88)
    c["bc1"] = "bc1q" + _tok("023456789acdefghjklmnpqrstuvwxyz", 38)
    c["sshfp"] = b64raw(32).rstrip("=")
    c["hex6"] = hexs(6)
    c["bls"] = "0x" + pick(["8", "9", "a", "b"]) + hexs(191)
    c["wd"] = "0x010000000000000000000000" + hexs(40)
    c["kkey"] = b64raw(42)
    c["alnum_pub"] = alnum(64)
    c["ualnum16"] = ualnum(16)
    c["alnum18"] = alnum(18)
    c["alnum16"] = alnum(16)
    c["bech38"] = bech32ish(38)
    c["hex32up"] = uhex(32)
    c["hex24"] = hexs(24)
    c["lalnum16"] = lalnum(16)
    c["hex20"] = hexs(20)
    c["alnum32v"] = alnum(32)
    c["hex16up"] = uhex(16)
    c["sig65"] = "0x" + hexs(130)
    c["input"] = "0xa9059cbb000000000000000000000000" + hexs(40) + "%064x" % _R.randint(10 ** 6, 10 ** 24)
    c["xpub"] = "xpub6" + b58(106)
    c["npub"] = "02" + hexs(64)
    c["gpgfp"] = uhex(40)
    c["sri"] = b64raw(64)
    c["md5"] = hexs(32)
    c["topic"] = "0x" + hexs(64)
    c["root"] = "0x" + hexs(64)
    c["sel"] = "0x" + hexs(8)
    c["cosmos"] = "cosmos1" + bech32ish(38)
    c["trace"] = hexs(32)
    c["span"] = hexs(16)
    c["mask4"] = alnum(4)
    c["chain_upper"] = c["chain"].upper()
    c["pubkey_hex"] = c["pubkey"][2:]
    return c


# --- secret shapes ----------------------------------------------------------

def mn(n=12):
    return " ".join(pick(_BIP) for _ in range(n))


def _cap(w):
    return w[:1].upper() + w[1:]


def pw_words():
    sym = pick("!@#$%&*?.-_+=")
    return "%s%s%s%s" % (_cap(pick(_PWWORDS)), pick(["", _cap(pick(_PWWORDS)), pick(_PWWORDS)]),
                         digits(pick([2, 3, 4])), sym)


def pw_phrase():
    sep = pick(["-", " ", ".", "_", ""])
    ws = [pick(_BIP) for _ in range(pick([3, 4, 5]))]
    if sep == "":
        ws = [_cap(w) for w in ws]
    return sep.join(ws) + pick(["", str(_R.randint(1, 99)), "!"])


def pw_pron():
    cons = "bcdfghjklmnprstvz"
    vow = "aeiou"
    s = "".join(pick(cons) + pick(vow) for _ in range(_R.randint(3, 5)))
    return _cap(s) + digits(2) + pick("!#%*")


def pw_rand():
    alpha = _ALNUM + "!#$%&*+-.=?@^_~"
    return _R.choice(_ALNUM) + _tok(alpha, _R.randint(13, 25))


def pw_leet():
    w = pick(_PWWORDS) + pick(_PWWORDS)
    tr = {"a": "4", "e": "3", "i": "1", "o": "0", "s": "$", "t": "7"}
    out = "".join(tr.get(ch, ch) if _R.random() < 0.6 else ch.upper() if _R.random() < 0.3 else ch for ch in w)
    return out + digits(2)


def pw_any():
    return pick([pw_words, pw_phrase, pw_pron, pw_rand, pw_leet])()


def pw_urlsafe():
    # a password that can sit inside a URL without escaping
    return pick([lambda: _cap(pick(_PWWORDS)) + digits(4) + pick(_PWWORDS), lambda: alnum(_R.randint(14, 24)),
                 lambda: pick(_BIP) + "_" + pick(_BIP) + digits(2)])()


def pem_body(lines=5, last=None):
    out = [b64raw(48) for _ in range(lines - 1)]
    tail = b64raw(_R.randint(8, 40)) if last is None else last
    out.append(tail)
    return "\n".join(out)


def ec_pem_body():
    return "MHcCAQEEI" + _tok(_B64, 55) + "\n" + _tok(_B64, 64) + "\n" + _tok(_B64, 32) + "=="


def jwt(payload=None):
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    if payload is None:
        payload = {"sub": uuid4(), "iat": _R.randint(1700000000, 1735000000)}
    body = base64.urlsafe_b64encode(json.dumps(payload, separators=(",", ":")).encode()).decode().rstrip("=")
    return "%s.%s.%s" % (head, body, b64url(43))


def pk():
    return hexs(64)


def wif():
    return pick("KL") + b58(51)


def xprv():
    return "xprv9s21ZrQH143K" + b58(95)


def sol_secret_b58():
    return b58(pick([87, 88]))


def sol_keypair_json():
    return "[" + ",".join(str(_R.randint(0, 255)) for _ in range(64)) + "]"


def tg_bot():
    return "%s:AA%s" % (digits(10), b64url(33))


def discord_bot():
    ident = base64.b64encode(digits(18).encode()).decode().rstrip("=")
    return "%s.%s.%s" % (ident, b64url(6), b64url(38))


def slack_bot():
    return "xoxb-%s-%s-%s" % (digits(12), digits(13), alnum(24))


def ghp():
    return "ghp_" + alnum(36)


def aws_secret():
    return _tok(_ALNUM + "+/", 40)


GENS = {
    "pk": lambda c: pk(),
    "pw": lambda c: pw_any(),
    "pww": lambda c: pw_words(),
    "pwp": lambda c: pw_phrase(),
    "pwn": lambda c: pw_pron(),
    "pwr": lambda c: pw_rand(),
    "pwl": lambda c: pw_leet(),
    "pwu": lambda c: pw_urlsafe(),
    "mn12": lambda c: mn(12),
    "mn24": lambda c: mn(24),
    "hex32": lambda c: hexs(32),
    "hex40": lambda c: hexs(40),
    "hex64": lambda c: hexs(64),
    "uhex32": lambda c: uhex(32),
    "alnum32": lambda c: alnum(32),
    "alnum40": lambda c: alnum(40),
    "alnum64": lambda c: alnum(64),
    "uuid": lambda c: uuid4(),
    "b64_32": lambda c: b64raw(32),
    "b64_64": lambda c: b64raw(64),
    "jwt": lambda c: jwt(),
    "tg": lambda c: tg_bot(),
    "discord": lambda c: discord_bot(),
    "slack": lambda c: slack_bot(),
    "ghp": lambda c: ghp(),
    "aws": lambda c: aws_secret(),
    "wif": lambda c: wif(),
    "xprv": lambda c: xprv(),
    "solb58": lambda c: sol_secret_b58(),
    "soljson": lambda c: sol_keypair_json(),
    "pem": lambda c: pem_body(_R.randint(4, 9)),
    "ecpem": lambda c: ec_pem_body(),
    "etherscan": lambda c: ualnum(34),
    "infura": lambda c: hexs(32),
    "alchemy": lambda c: b64url(32),
    "quicknode": lambda c: hexs(40),
    "binance": lambda c: alnum(64),
}

_PH = re.compile(r"\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}")


def _fill(tmpl, c):
    return _PH.sub(lambda m: c[m.group(1)], tmpl)


_SPECS = []   # (group, format, gen, text-template, visible-template)


def _adder(group):
    def add(fmt, gen, text, vis=""):
        _SPECS.append((group, fmt, gen, text, vis))
    return add


cmd = _adder("command")
out = _adder("tool-output")
cfg = _adder("config-file")
src = _adder("source-code")
log = _adder("stack-trace-or-log")
note = _adder("note-or-chat")
ci = _adder("ci-and-deploy")
ven = _adder("vendor-token")


def aezeed_grid():
    ws = [pick(_BIP) for _ in range(24)]
    rows = []
    for r in range(6):
        rows.append("    ".join("%2d. %-9s" % (r * 4 + i + 1, ws[r * 4 + i]) for i in range(4)).rstrip())
    return "\n".join(rows)


def numbered_mnemonic(n=12):
    return "\n".join("%d. %s" % (i + 1, pick(_BIP)) for i in range(n))


def bech32ish(n):
    return _tok("023456789acdefghjklmnpqrstuvwxyz", n)


def macaroon_hex():
    return "0201036c6e6402f801030a10" + hexs(_R.randint(180, 260))


# =========================================================================
# group: command -- shell commands the agent ran or was asked to run
# =========================================================================
cmd("cast-send-private-key-flag", "pk",
    'cast send {{addr}} "transfer(address,uint256)" {{addr2}} 250000000 \\\n'
    '  --rpc-url $SEPOLIA_RPC_URL --private-key 0x{{S}}', "cast send {{addr}}")
cmd("forge-script-broadcast-private-key", "pk",
    "forge script script/Deploy.s.sol:DeployVault --rpc-url {{chain}} --broadcast --verify \\\n"
    "  -vvvv --private-key {{S}}", "script/Deploy.s.sol:DeployVault")
cmd("forge-create-private-key-equals", "pk",
    'forge create src/GovToken.sol:GovToken --constructor-args "Mosaic" "MSC" \\\n'
    '  --rpc-url http://{{ip}}:8545 --private-key=0x{{S}}', "src/GovToken.sol:GovToken")
cmd("cast-wallet-import-private-key", "pk",
    "cast wallet import {{user}} --private-key 0x{{S}}\n# then: forge script ... --account {{user}}",
    "cast wallet import {{user}}")
cmd("export-private-key-env", "pk",
    "cd ~/src/{{project}} && export PRIVATE_KEY=0x{{S}} && npx hardhat run scripts/seed-pool.ts --network {{chain}}",
    "npx hardhat run scripts/seed-pool.ts")
cmd("export-mnemonic-double-quoted", "mn12",
    'export MNEMONIC="{{S}}"\nnpx hardhat test --network localhost', "npx hardhat test")
cmd("inline-env-hardhat-run", "pk",
    "DEPLOYER_KEY={{S}} npx hardhat run scripts/deploy-governor.ts --network {{chain}}",
    "scripts/deploy-governor.ts")
cmd("hardhat-vars-set-positional", "alchemy",
    "npx hardhat vars set ALCHEMY_API_KEY {{S}}", "npx hardhat vars set ALCHEMY_API_KEY")
cmd("truffle-migrate-inline-mnemonic", "mn12",
    "MNEMONIC='{{S}}' npx truffle migrate --network goerli --reset --compile-none",
    "npx truffle migrate --network goerli")
cmd("curl-infura-project-id-path", "infura",
    "curl -s -X POST https://mainnet.infura.io/v3/{{S}} -H 'Content-Type: application/json' \\\n"
    "  -d '{\"jsonrpc\":\"2.0\",\"method\":\"eth_blockNumber\",\"params\":[],\"id\":1}'", "eth_blockNumber")
cmd("curl-alchemy-v2-path", "alchemy",
    "curl https://eth-mainnet.g.alchemy.com/v2/{{S}} -X POST -H \"Content-Type: application/json\" \\\n"
    "  --data '{\"id\":1,\"jsonrpc\":\"2.0\",\"method\":\"eth_getBalance\",\"params\":[\"{{addr}}\",\"latest\"]}'",
    "eth_getBalance")
cmd("curl-quicknode-endpoint-token", "quicknode",
    "curl https://{{word}}-{{word2}}-lagoon.ethereum-sepolia.quiknode.pro/{{S}}/ -X POST \\\n"
    "  -H 'Content-Type: application/json' --data '{\"method\":\"eth_chainId\",\"params\":[],\"id\":1,\"jsonrpc\":\"2.0\"}'",
    "eth_chainId")
cmd("curl-infura-secret-basic-auth", "infura",
    "curl --user :{{S}} https://sepolia.infura.io/v3/{{hex32}} -d '{\"jsonrpc\":\"2.0\",\"method\":\"net_version\",\"params\":[],\"id\":1}'",
    "sepolia.infura.io")
cmd("geth-unlock-password-process-substitution", "pw",
    "geth --datadir /data/geth --unlock {{addr}} --password <(echo '{{S}}') --allow-insecure-unlock --http",
    "--unlock {{addr}}")
cmd("geth-attach-personal-unlock", "pw",
    "geth attach --exec \"personal.unlockAccount('{{addr}}', '{{S}}', 300)\" http://{{ip}}:8545",
    "geth attach")
cmd("bitcoin-cli-rpcpassword-flag", "pwu",
    "bitcoin-cli -rpcconnect={{ip}} -rpcuser={{user}} -rpcpassword={{S}} getblockchaininfo",
    "-rpcuser={{user}}")
cmd("bitcoin-cli-walletpassphrase-quoted", "pwp",
    'bitcoin-cli -rpcwallet=hot walletpassphrase "{{S}}" 60 && bitcoin-cli -rpcwallet=hot sendtoaddress {{bc1}} 0.015',
    "walletpassphrase")
cmd("lncli-unlock-stdin-echo", "pw",
    "echo '{{S}}' | lncli --rpcserver={{host}}:10009 unlock --stdin", "lncli --rpcserver={{host}}:10009 unlock")
cmd("psql-postgres-uri-password", "pwu",
    "psql \"postgresql://{{user}}:{{S}}@{{host}}:5432/{{db}}?sslmode=require\" -c 'select max(block_number) from blocks'",
    "{{host}}:5432/{{db}}")
cmd("pgpassword-env-pg-dump", "pw",
    "PGPASSWORD='{{S}}' pg_dump -h {{host}} -U graph -d graph-node -Fc -f graph-{{date}}.dump",
    "pg_dump -h {{host}}")
cmd("redis-cli-a-flag", "pw",
    "redis-cli -h {{ip}} -p 6379 -a '{{S}}' --no-auth-warning XLEN mempool:pending", "XLEN mempool:pending")
cmd("mongosh-srv-uri", "pwu",
    "mongosh \"mongodb+srv://{{user}}:{{S}}@cluster0.{{hex6}}.mongodb.net/nft_meta\" --eval 'db.tokens.countDocuments()'",
    "db.tokens.countDocuments()")
cmd("docker-run-env-keeper-key", "pk",
    "docker run -d --restart unless-stopped --name {{project}}-keeper \\\n"
    "  -e RPC_URL=http://{{ip}}:8545 -e KEEPER_PRIVATE_KEY=0x{{S}} \\\n  ghcr.io/{{repo}}:{{ver}}",
    "--name {{project}}-keeper")
cmd("docker-login-p-flag-ghcr", lambda c: "ghp_" + alnum(36),
    "docker login ghcr.io -u {{person}} -p {{S}}", "docker login ghcr.io -u {{person}}")
cmd("kubectl-create-secret-from-literal", "pw",
    "kubectl -n validators create secret generic web3signer-keystore-pw \\\n  --from-literal=password='{{S}}' --dry-run=client -o yaml | kubectl apply -f -",
    "kubectl -n validators create secret generic web3signer-keystore-pw")
cmd("vault-kv-put-inline-field", "binance",
    "vault kv put secret/bots/{{project}}/binance api_key_id=main-3 api_secret={{S}}",
    "secret/bots/{{project}}/binance")
cmd("aws-ssm-put-parameter-value", "pk",
    "aws ssm put-parameter --name /{{project}}/prod/deployer-pk --type SecureString --value 0x{{S}} --overwrite",
    "/{{project}}/prod/deployer-pk")
cmd("gh-secret-set-body-flag", "etherscan",
    "gh secret set ETHERSCAN_API_KEY --repo {{repo}} --body {{S}}", "gh secret set ETHERSCAN_API_KEY --repo {{repo}}")
cmd("npm-config-set-authtoken", lambda c: "npm_" + alnum(36),
    "npm config set //registry.npmjs.org/:_authToken={{S}} && npm publish --access public",
    "npm publish --access public")
cmd("solana-keygen-recover-printf", "mn24",
    "printf '%s\\n\\n' '{{S}}' | solana-keygen recover 'prompt://?key=0/0' -o ~/.config/solana/treasury.json --force",
    "solana-keygen recover")
cmd("gaiad-keys-add-recover-echo", "mn24",
    'echo "{{S}}" | gaiad keys add validator --recover --keyring-backend test --home /srv/gaia',
    "gaiad keys add validator --recover")
cmd("near-import-ed25519-private-key", lambda c: b58(88),
    "near account import-account using-private-key ed25519:{{S}} network-config mainnet",
    "near account import-account")
cmd("sui-keytool-import-bech32", lambda c: "suiprivkey1q" + bech32ish(58),
    "sui keytool import {{S}} ed25519 --alias {{user}}", "sui keytool import")
cmd("aptos-init-private-key-flag", "pk",
    "aptos init --profile {{user}} --network mainnet --private-key 0x{{S}} --assume-yes", "aptos init --profile {{user}}")
cmd("python-oneliner-ccxt-kraken", lambda c: b64raw(64),
    "python -c \"import ccxt,os; k=ccxt.kraken({'apiKey': os.environ['KRAKEN_KEY'], 'secret': '{{S}}'}); print(k.fetch_balance()['total'])\"",
    "ccxt.kraken")
cmd("curl-binance-mbx-apikey-header", "binance",
    "curl -H \"X-MBX-APIKEY: {{S}}\" \\\n  'https://api.binance.com/api/v3/account?timestamp={{epochs}}123&signature={{hex64}}'",
    "api.binance.com/api/v3/account")
cmd("curl-etherscan-apikey-query", "etherscan",
    "curl \"https://api.etherscan.io/api?module=account&action=txlist&address={{addr}}&startblock={{blk}}&sort=desc&apikey={{S}}\"",
    "module=account&action=txlist")
cmd("curl-opensea-x-api-key", "hex32",
    "curl -s -H 'accept: application/json' -H 'x-api-key: {{S}}' https://api.opensea.io/api/v2/collections/{{project}}/stats | jq .total",
    "api.opensea.io/api/v2/collections/{{project}}/stats")
cmd("curl-pinata-bearer-jwt", "jwt",
    "curl -X POST https://api.pinata.cloud/pinning/pinFileToIPFS \\\n  -H \"Authorization: Bearer {{S}}\" \\\n  -F file=@metadata/{{tokenid}}.json",
    "pinning/pinFileToIPFS")
cmd("curl-moralis-x-api-key", "alnum64",
    "curl 'https://deep-index.moralis.io/api/v2.2/{{addr}}/nft?chain=eth&format=decimal' -H 'X-API-Key: {{S}}'",
    "deep-index.moralis.io")
cmd("curl-dune-api-key-header", "alnum32",
    "curl -H \"X-Dune-API-Key: {{S}}\" https://api.dune.com/api/v1/query/{{n3}}{{n}}/results?limit=100",
    "api.dune.com/api/v1/query")
cmd("curl-tenderly-access-key", "alnum32",
    "curl -X POST https://api.tenderly.co/api/v1/account/{{user}}/project/{{project}}/simulate \\\n  -H \"X-Access-Key: {{S}}\" -d @sim-{{nonce}}.json",
    "project/{{project}}/simulate")
cmd("sshpass-inline-password", "pw",
    "sshpass -p '{{S}}' ssh -o StrictHostKeyChecking=no {{user}}@{{ip}} 'sudo systemctl restart lighthouse-bn'",
    "{{user}}@{{ip}}")
cmd("rsync-password-env-var", "pwu",
    "RSYNC_PASSWORD={{S}} rsync -av rsync://backup@{{host}}/keystores/ ./keystores-{{date}}/",
    "rsync://backup@{{host}}/keystores/")
cmd("openssl-enc-pass-colon", "pwu",
    "openssl enc -aes-256-cbc -pbkdf2 -salt -in seed.txt -out seed.txt.enc -pass pass:{{S}} && shred -u seed.txt",
    "openssl enc -aes-256-cbc")
cmd("gpg-batch-passphrase-decrypt", "pwp",
    "gpg --batch --pinentry-mode loopback --passphrase '{{S}}' -d wallets-{{date}}.tar.gz.gpg | tar xz -C /tmp/restore",
    "wallets-{{date}}.tar.gz.gpg")
cmd("7z-archive-password-flag", "pwu",
    "7z a -p{{S}} -mhe=on validator-keys-{{date}}.7z validator_keys/", "validator-keys-{{date}}.7z")
cmd("ethdo-account-create-passphrase", "pw",
    "ethdo account create --account=Validators/{{n}} --passphrase='{{S}}' --wallet-passphrase-file=/secrets/wallet.pw",
    "--account=Validators/{{n}}")
cmd("echo-password-then-lighthouse-import", "pw",
    "echo '{{S}}' > /tmp/ks.pw && lighthouse --network mainnet account validator import \\\n"
    "  --directory ./validator_keys --password-file /tmp/ks.pw --reuse-password", "lighthouse --network mainnet account validator import")
cmd("prysm-wallet-password-printf", "pw",
    "validator wallet create --wallet-dir=/var/lib/prysm/wallet --keymanager-kind=imported \\\n"
    "  --wallet-password-file=<(printf '%s' '{{S}}') --accept-terms-of-use", "--wallet-dir=/var/lib/prysm/wallet")
cmd("deposit-cli-herestring-mnemonic", "mn24",
    "./deposit existing-mnemonic --num_validators 4 --validator_start_index {{n}} --chain mainnet \\\n"
    "  --execution_address {{addr}} <<< \"{{S}}\"", "./deposit existing-mnemonic")
cmd("mysql-p-attached-password", "pwu",
    "mysql -h {{host}} -u {{user}} -p{{S}} airdrop -e 'select count(*) from claims where claimed=0'",
    "mysql -h {{host}} -u {{user}}")
cmd("celery-amqp-broker-url", "pwu",
    "celery -A bots.tasks worker -l info -b 'amqp://{{user}}:{{S}}@{{host}}:5672/trading'",
    "celery -A bots.tasks worker")
cmd("git-clone-x-access-token", lambda c: "ghs_" + alnum(36),
    "git clone https://x-access-token:{{S}}@github.com/{{repo}}.git /tmp/{{project}}",
    "github.com/{{repo}}.git")
cmd("httpie-bearer-order", "jwt",
    "http POST https://api.{{domain}}/v1/orders Authorization:\"Bearer {{S}}\" side=buy symbol={{sym}}-USD qty={{amt}}",
    "side=buy symbol={{sym}}-USD")
cmd("grpcurl-lnd-macaroon-header", lambda c: macaroon_hex(),
    "grpcurl -insecure -H \"macaroon: {{S}}\" {{host}}:10009 lnrpc.Lightning/GetInfo",
    "lnrpc.Lightning/GetInfo")
cmd("curl-u-chainstack-node", "pwu",
    "curl -u {{user}}:{{S}} https://nd-{{n3}}-{{n3}}-{{n3}}.p2pify.com -H 'content-type: application/json' \\\n"
    "  -d '{\"jsonrpc\":\"2.0\",\"method\":\"eth_syncing\",\"params\":[],\"id\":1}'", "eth_syncing")
cmd("wscat-alchemy-websocket", "alchemy",
    "wscat -c wss://arb-mainnet.g.alchemy.com/v2/{{S}} -x '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"eth_subscribe\",\"params\":[\"newHeads\"]}'",
    "eth_subscribe")
cmd("graph-auth-studio-deploy-key", "hex32",
    "graph auth --studio {{S}} && graph deploy --studio {{project}}", "graph deploy --studio {{project}}")
cmd("hardhat-verify-inline-etherscan-env", "etherscan",
    "ETHERSCAN_API_KEY={{S}} npx hardhat verify --network {{chain}} {{addr}} \"{{addr2}}\"",
    "npx hardhat verify --network {{chain}} {{addr}}")
cmd("forge-verify-contract-etherscan-flag", "etherscan",
    "forge verify-contract {{addr}} src/Vault.sol:Vault --chain {{chainid}} --etherscan-api-key {{S}} --watch",
    "forge verify-contract {{addr}}")
cmd("cast-wallet-sign-mnemonic-flag", "mn12",
    'cast wallet sign --mnemonic "{{S}}" --mnemonic-index 2 "gm from the ops wallet"',
    "cast wallet sign")
cmd("cast-block-number-rpc-url-key", "alchemy",
    "cast block-number --rpc-url https://opt-mainnet.g.alchemy.com/v2/{{S}}", "cast block-number")
cmd("anvil-fork-url-infura", "infura",
    "anvil --fork-url https://mainnet.infura.io/v3/{{S}} --fork-block-number {{blk}} --port 8545 --chain-id 31337",
    "--fork-block-number {{blk}}")
cmd("web3signer-slashing-db-password-flag", "pwu",
    "web3signer --http-listen-port=9000 eth2 --network=mainnet --keystores-path=/keys \\\n"
    "  --slashing-protection-db-url=jdbc:postgresql://{{host}}/web3signer \\\n"
    "  --slashing-protection-db-username=web3signer --slashing-protection-db-password={{S}}",
    "--slashing-protection-db-username=web3signer")
cmd("curl-telegram-bot-sendmessage", "tg",
    "curl -s \"https://api.telegram.org/bot{{S}}/sendMessage\" -d chat_id=-100{{n3}}{{n3}}{{n3}} -d text=\"liquidation bot restarted on {{host}}\"",
    "liquidation bot restarted")
cmd("curl-slack-incoming-webhook", lambda c: alnum(24),
    "curl -X POST -H 'Content-type: application/json' --data '{\"text\":\"validator {{vidx}} missed 3 attestations\"}' \\\n"
    "  https://hooks.slack.com/services/T{{hex8}}/B{{hex8}}/{{S}}", "validator {{vidx}} missed 3 attestations")
cmd("curl-discord-webhook-post", lambda c: b64url(68),
    "curl -H 'Content-Type: application/json' -d '{\"content\":\"mint #{{tokenid}} sold for {{amt}} ETH\"}' \\\n"
    "  https://discord.com/api/webhooks/{{d18}}/{{S}}", "https://discord.com/api/webhooks/{{d18}}/")
cmd("sudo-s-echo-password", "pw",
    "echo '{{S}}' | sudo -S systemctl restart geth reth-archive", "sudo -S systemctl restart geth")
cmd("ethkey-inspect-passwordfile", "pwu",
    "ethkey inspect --private --passwordfile <(echo {{S}}) keystore/UTC--{{date}}T10-11-12.000Z--{{hex40}}",
    "ethkey inspect --private")
cmd("heredoc-write-dotenv", "pk",
    "cat > .env <<'EOF'\nRPC_URL=https://base-mainnet.g.alchemy.com/v2/${ALCHEMY_KEY}\nPRIVATE_KEY=0x{{S}}\nCHAIN_ID=8453\nEOF",
    "CHAIN_ID=8453")
cmd("keytool-storepass-flag", "pwu",
    "keytool -importkeystore -srckeystore web3j-signer.p12 -srcstoretype PKCS12 -srcstorepass {{S}} -destkeystore signer.jks",
    "-srckeystore web3j-signer.p12")
cmd("tronweb-cli-private-key-env", "pk",
    "TRON_PRIVATE_KEY={{S}} node scripts/sweep-trc20.js --to T{{b58}} --token USDT",
    "scripts/sweep-trc20.js")
cmd("cardano-cli-sign-skey-inline", lambda c: hexs(64),
    "echo '{\"type\":\"PaymentSigningKeyShelley_ed25519\",\"description\":\"\",\"cborHex\":\"5820{{S}}\"}' > pay.skey && cardano-cli transaction sign --tx-body-file tx.raw --signing-key-file pay.skey --mainnet --out-file tx.signed",
    "cardano-cli transaction sign")


# =========================================================================
# group: tool-output -- what a command printed back
# =========================================================================
out("cat-dotenv-output", "alchemy",
    "$ cat .env\nNETWORK={{chain}}\nALCHEMY_API_KEY={{S}}\nETHERSCAN_API_KEY=\nGAS_REPORT=true",
    "NETWORK={{chain}}")
out("env-grep-key-output", "pk",
    "$ env | grep -i key\nDEPLOYER_PRIVATE_KEY=0x{{S}}\nSSH_AUTH_SOCK=/tmp/ssh-XXXX{{hex6}}/agent.{{pid}}\nKEYSTORE_DIR=/home/{{user}}/.foundry/keystores",
    "KEYSTORE_DIR=/home/{{user}}/.foundry/keystores")
out("hardhat-custom-accounts-task-output", "pk",
    "$ npx hardhat accounts --network localhost\nAccount #0: {{addr}} (10000 ETH)\nPrivate Key: 0x{{S}}\n\nAccount #1: {{addr2}} (10000 ETH)",
    "Account #0: {{addr}} (10000 ETH)")
out("anvil-banner-custom-mnemonic", "mn12",
    "$ anvil --mnemonic-random\n\n                             _   _\n                            (_) | |\n      __ _   _ __   __   __  _  | |\n\nAvailable Accounts\n==================\n(0) {{addr}} (10000.000000000000000000 ETH)\n\nWallet\n==================\nMnemonic:          {{S}}\nDerivation path:   m/44'/60'/0'/0/",
    "Derivation path:   m/44'/60'/0'/0/")
out("cast-wallet-new-output", "pk",
    "$ cast wallet new\nSuccessfully created new keypair.\nAddress:     {{addr}}\nPrivate key: 0x{{S}}",
    "Address:     {{addr}}")
out("cast-wallet-new-mnemonic-output", "mn12",
    "$ cast wallet new-mnemonic --words 12\nGenerating mnemonic from provided entropy...\nSuccessfully generated a new mnemonic.\nPhrase:\n{{S}}\n\nAccounts:\n- Account 0:\nAddress:     {{addr}}",
    "Address:     {{addr}}")
out("solana-keygen-new-seed-banner", "mn12",
    "$ solana-keygen new --no-bip39-passphrase -o bot.json\nGenerating a new keypair\nWrote new keypair to bot.json\n=================================================================================\npubkey: {{b58}}\n=================================================================================\nSave this seed phrase to recover your new keypair:\n{{S}}\n=================================================================================",
    "pubkey: {{b58}}")
out("cat-solana-keypair-json", "soljson",
    "$ cat ~/.config/solana/{{user}}.json\n{{S}}", "cat ~/.config/solana/{{user}}.json")
out("kubectl-jsonpath-base64-decode", "pw",
    "$ kubectl -n validators get secret web3signer-keystore-pw -o jsonpath='{.data.password}' | base64 -d\n{{S}}",
    "web3signer-keystore-pw")
out("kubectl-get-secret-yaml-data", lambda c: base64.b64encode(("0x" + pk()).encode()).decode(),
    "$ kubectl -n bots get secret keeper-signer -o yaml\napiVersion: v1\ndata:\n  PRIVATE_KEY: {{S}}\nkind: Secret\nmetadata:\n  name: keeper-signer\n  namespace: bots\ntype: Opaque",
    "name: keeper-signer")
out("docker-inspect-env-array", "hex64",
    "$ docker inspect {{project}}-bot --format '{{json .Config.Env}}' | jq .\n[\n  \"RPC_URL=http://{{ip}}:8545\",\n  \"BOT_HMAC_SECRET={{S}}\",\n  \"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin\"\n]",
    "RPC_URL=http://{{ip}}:8545")
out("vault-kv-get-table", "mn24",
    "$ vault kv get secret/treasury/hot-wallet\n======= Secret Path =======\nsecret/data/treasury/hot-wallet\n\n====== Data ======\nKey         Value\n---         -----\naddress     {{addr}}\nmnemonic    {{S}}",
    "secret/data/treasury/hot-wallet")
out("aws-secretsmanager-secretstring", "binance",
    "$ aws secretsmanager get-secret-value --secret-id prod/{{project}}/binance\n{\n    \"ARN\": \"arn:aws:secretsmanager:eu-central-1:{{n3}}{{n3}}{{n3}}{{n3}}:secret:prod/{{project}}/binance-{{hex6}}\",\n    \"Name\": \"prod/{{project}}/binance\",\n    \"SecretString\": \"{\\\"apiKey\\\":\\\"main-subacct\\\",\\\"apiSecret\\\":\\\"{{S}}\\\"}\",\n    \"VersionId\": \"{{uuid}}\"\n}",
    "\"Name\": \"prod/{{project}}/binance\"")
out("lncli-create-aezeed-grid", lambda c: aezeed_grid(),
    "$ lncli create\n...\n!!!YOU MUST WRITE DOWN THIS SEED TO BE ABLE TO RESTORE THE WALLET!!!\n\n---------------BEGIN LND CIPHER SEED---------------\n{{S}}\n---------------END LND CIPHER SEED-----------------",
    "BEGIN LND CIPHER SEED")
out("bitcoin-cli-dumpprivkey-output", "wif",
    "$ bitcoin-cli -rpcwallet=cold dumpprivkey {{bc1}}\n{{S}}", "dumpprivkey {{bc1}}")
out("bitcoin-cli-listdescriptors-private", "xprv",
    "$ bitcoin-cli -rpcwallet=ops listdescriptors true | jq '.descriptors[0]'\n{\n  \"desc\": \"wpkh({{S}}/84h/0h/0h/0/*)#{{hex8}}\",\n  \"timestamp\": {{epochs}},\n  \"active\": true,\n  \"internal\": false\n}",
    "listdescriptors true")
out("ps-aux-graph-node-postgres-url", "pwu",
    "$ ps aux | grep graph-node\ngraph     {{pid}}  4.1  6.3 2841234 512340 ?  Ssl  {{time}}  12:03 graph-node --postgres-url postgresql://graph:{{S}}@{{host}}:5432/graph-node --ethereum-rpc mainnet:http://{{ip}}:8545 --ipfs 127.0.0.1:5001",
    "--ethereum-rpc mainnet:http://{{ip}}:8545")
out("docker-compose-config-rendered", "pw",
    "$ docker compose config | sed -n '/postgres:/,/ports:/p'\n  postgres:\n    environment:\n      POSTGRES_DB: {{db}}\n      POSTGRES_PASSWORD: {{S}}\n      POSTGRES_USER: {{user}}\n    image: postgres:16\n    ports:",
    "POSTGRES_USER: {{user}}")
out("git-log-patch-removed-key", "pk",
    "$ git log -p -1 {{short}} -- .env.sepolia\ncommit {{sha}}\nAuthor: {{person}} <{{email}}>\n\n    remove key from env file\n\n-PRIVATE_KEY=0x{{S}}\n+PRIVATE_KEY=",
    "commit {{sha}}")
out("git-grep-mnemonic-hit", "mn12",
    "$ git grep -n mnemonic -- '*.js'\nhardhat.config.js:14:      mnemonic: \"{{S}}\",\nscripts/fund.js:3:// derive accounts from the mnemonic above",
    "hardhat.config.js:14")
out("trufflehog-verified-finding", "infura",
    "Found verified result 🐷🔑\nDetector Type: Infura\nDecoder Type: PLAIN\nRaw result: {{S}}\nFile: packages/web/src/config.ts\nLine: {{n}}\nCommit: {{sha}}",
    "File: packages/web/src/config.ts")
out("gitleaks-json-finding", "alchemy",
    "[\n {\n  \"RuleID\": \"generic-api-key\",\n  \"Match\": \"ALCHEMY_KEY = '{{S}}'\",\n  \"Secret\": \"{{S}}\",\n  \"File\": \"scripts/backfill.py\",\n  \"StartLine\": {{n}},\n  \"Commit\": \"{{sha}}\"\n }\n]",
    "\"File\": \"scripts/backfill.py\"")
out("curl-verbose-request-mbx-header", "binance",
    "> GET /api/v3/openOrders?symbol={{sym}}USDT&timestamp={{epochs}}000&signature={{hex64}} HTTP/2\n> Host: api.binance.com\n> user-agent: curl/8.5.0\n> accept: */*\n> X-MBX-APIKEY: {{S}}\n>\n< HTTP/2 200",
    "Host: api.binance.com")
out("curl-verbose-set-cookie-nextauth",
    lambda c: "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.." + b64url(22) + "." + b64url(_R.randint(180, 320)) + "." + b64url(22),
    "< HTTP/2 302\n< location: https://app.{{domain}}/dashboard\n< set-cookie: __Secure-next-auth.session-token={{S}}; Path=/; Expires=Sat, 01 Feb 2025 10:00:00 GMT; HttpOnly; Secure; SameSite=Lax",
    "location: https://app.{{domain}}/dashboard")
out("cat-npmrc-output", lambda c: "npm_" + alnum(36),
    "$ cat ~/.npmrc\n@{{project}}:registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={{S}}\nsave-exact=true",
    "save-exact=true")
out("cat-keystore-password-txt", "pw",
    "$ sudo cat /var/lib/lighthouse/validators/{{pubkey}}/password.txt\n{{S}}",
    "/var/lib/lighthouse/validators/{{pubkey}}/password.txt")
out("cat-web3signer-key-config", "hex64",
    "$ cat /etc/web3signer/keys/validator-{{vidx}}.yaml\ntype: \"file-raw\"\nkeyType: \"BLS\"\nprivateKey: \"0x{{S}}\"",
    "validator-{{vidx}}.yaml")
out("cat-engine-jwt-hex", "hex64",
    "$ docker exec {{project}}-reth cat /secrets/jwt.hex\n{{S}}", "/secrets/jwt.hex")
out("node-repl-createrandom", "pk",
    "> const w = ethers.Wallet.createRandom()\nundefined\n> w.address\n'{{addr}}'\n> w.privateKey\n'0x{{S}}'",
    "ethers.Wallet.createRandom()")
out("python-repl-account-create", "pk",
    ">>> from eth_account import Account\n>>> acct = Account.create()\n>>> acct.address\n'{{addr}}'\n>>> acct.key.hex()\n'{{S}}'",
    "from eth_account import Account")
out("freqtrade-show-config-sensitive", "alnum64",
    "$ freqtrade show-config --show-sensitive | jq .exchange\n{\n  \"name\": \"binance\",\n  \"key\": \"{{alnum_pub}}\",\n  \"secret\": \"{{S}}\",\n  \"pair_whitelist\": [\"{{sym}}/USDT\"]\n}",
    "\"name\": \"binance\"")
out("heroku-config-database-url", "hex64",
    "$ heroku config -a {{project}}-api\n=== {{project}}-api Config Vars\nDATABASE_URL: postgres://u{{hex8}}:{{S}}@ec2-{{n3}}-{{n}}-{{n3}}-{{n}}.compute-1.amazonaws.com:5432/d{{hex8}}\nNODE_ENV:     production",
    "=== {{project}}-api Config Vars")
out("terraform-output-raw", "alchemy",
    "$ terraform output -raw alchemy_api_key\n{{S}}", "terraform output -raw alchemy_api_key")
out("op-item-get-fields", "pw",
    "$ op item get 'grafana admin ({{domain}})'\nID:          {{hex16}}\nTitle:       grafana admin ({{domain}})\nVault:       Infra\nFields:\n  username:    admin\n  password:    {{S}}",
    "Vault:       Infra")
out("pass-show-output", lambda c: b64raw(64),
    "$ pass show exchanges/kraken/{{user}}/private-key\n{{S}}", "pass show exchanges/kraken/{{user}}/private-key")
out("bw-get-password-output", "pwp",
    "$ bw get password \"Ledger passphrase (treasury)\"\n{{S}}", "bw get password")
out("cat-pgpass-output", "pw",
    "$ cat ~/.pgpass\n{{host}}:5432:{{db}}:{{user}}:{{S}}\n*:*:*:readonly:*", "{{host}}:5432:{{db}}:{{user}}:")
out("cat-netrc-output", "pw",
    "$ cat ~/.netrc\nmachine api.{{domain}}\n  login {{user}}\n  password {{S}}", "machine api.{{domain}}")
out("redis-config-get-requirepass", "pwr",
    "{{ip}}:6379> CONFIG GET requirepass\n1) \"requirepass\"\n2) \"{{S}}\"", "CONFIG GET requirepass")
out("mysql-select-api-keys-table", lambda c: alnum(36),
    "mysql> select id, exchange, label, api_secret from api_keys where active=1;\n+----+----------+-----------+--------------------------------------+\n| id | exchange | label     | api_secret                           |\n+----+----------+-----------+--------------------------------------+\n| {{n}} | bybit    | arb-sub-3 | {{S}} |\n+----+----------+-----------+--------------------------------------+\n1 row in set (0.00 sec)",
    "arb-sub-3")
out("hardhat-vars-get-output", "infura",
    "$ npx hardhat vars get INFURA_API_KEY\n{{S}}", "npx hardhat vars get INFURA_API_KEY")
out("forge-config-etherscan-section", "etherscan",
    "$ forge config | sed -n '/etherscan/,$p'\n[etherscan.{{chain}}]\nkey = \"{{S}}\"\nchain = {{chainid}}",
    "chain = {{chainid}}")
out("gcloud-secrets-access-output", "pk",
    "$ gcloud secrets versions access latest --secret=relayer-signer-{{chain}} --project={{project}}\n0x{{S}}",
    "--secret=relayer-signer-{{chain}}")
out("doppler-secrets-get-plain", "tg",
    "$ doppler secrets get TG_BOT_TOKEN --plain -p {{project}} -c prd\n{{S}}", "doppler secrets get TG_BOT_TOKEN")
out("printenv-discord-token", "discord",
    "$ printenv DISCORD_TOKEN\n{{S}}", "printenv DISCORD_TOKEN")
out("sops-decrypt-yaml-output", "pw",
    "$ sops -d secrets/prod.enc.yaml\nexchange:\n  okx:\n    api_key: {{uuid}}\n    passphrase: {{S}}\nsops_version: 3.8.1",
    "sops -d secrets/prod.enc.yaml")
out("ansible-vault-view-output", "pww",
    "$ ansible-vault view group_vars/validators/vault.yml\nVault password:\nvault_keystore_password: {{S}}\nvault_fee_recipient: \"{{addr}}\"",
    "group_vars/validators/vault.yml")
out("bash-set-dump-aws-secret", "aws",
    "$ set | grep AWS\nAWS_ACCESS_KEY_ID=AKIA{{ualnum16}}\nAWS_DEFAULT_REGION=eu-west-1\nAWS_SECRET_ACCESS_KEY={{S}}",
    "AWS_DEFAULT_REGION=eu-west-1")
out("cat-aws-credentials-file", "aws",
    "$ cat ~/.aws/credentials\n[{{project}}-prod]\naws_access_key_id = AKIA{{ualnum16}}\naws_secret_access_key = {{S}}\nregion = us-east-1",
    "[{{project}}-prod]")
out("cat-near-credentials-json", lambda c: b58(88),
    "$ cat ~/.near-credentials/mainnet/{{word}}-treasury.near.json\n{\"account_id\":\"{{word}}-treasury.near\",\"public_key\":\"ed25519:{{b58}}\",\"private_key\":\"ed25519:{{S}}\"}",
    "\"account_id\":\"{{word}}-treasury.near\"")
out("cat-bitcoin-conf-output", "pwu",
    "$ cat ~/.bitcoin/bitcoin.conf\nserver=1\ntxindex=1\nrpcuser={{user}}\nrpcpassword={{S}}\nrpcallowip={{ip}}/24\nzmqpubrawblock=tcp://0.0.0.0:28332",
    "rpcuser={{user}}")
out("lncli-bakemacaroon-output", lambda c: macaroon_hex(),
    "$ lncli bakemacaroon invoices:read invoices:write --save_to /tmp/invoice.macaroon\n$ xxd -p -c 1000 /tmp/invoice.macaroon\n{{S}}",
    "lncli bakemacaroon invoices:read invoices:write")
out("cat-cardano-payment-skey", lambda c: hexs(64),
    "$ cat keys/payment.skey\n{\n    \"type\": \"PaymentSigningKeyShelley_ed25519\",\n    \"description\": \"Payment Signing Key\",\n    \"cborHex\": \"5820{{S}}\"\n}",
    "PaymentSigningKeyShelley_ed25519")
out("cat-arweave-jwk-wallet", lambda c: b64url(342),
    "$ jq -c . wallets/arweave-{{project}}.json | cut -c1-400\n{\"kty\":\"RSA\",\"e\":\"AQAB\",\"n\":\"{{sshfp}}...\",\"d\":\"{{S}}\",\"p\":\"...",
    "\"kty\":\"RSA\",\"e\":\"AQAB\"")
out("truffle-console-wallet-privatekey", "pk",
    "truffle(develop)> web3.eth.accounts.wallet.add(process.env.PK)\ntruffle(develop)> web3.eth.accounts.wallet[0].privateKey\n'0x{{S}}'",
    "truffle(develop)>")
out("hardhat-console-network-accounts", "pk",
    "$ npx hardhat console --network {{chain}}\n> hre.network.config.accounts\n[ '0x{{S}}' ]\n> hre.network.config.url\n'http://{{ip}}:8545'",
    "hre.network.config.accounts")
out("jq-secrets-json-bybit", lambda c: alnum(36),
    "$ jq .bybit secrets.json\n{\n  \"key\": \"{{alnum18}}\",\n  \"secret\": \"{{S}}\",\n  \"testnet\": false\n}",
    "jq .bybit secrets.json")
out("oauth-token-response-json", "jwt",
    "$ curl -s -X POST https://auth.{{domain}}/oauth/token -d grant_type=client_credentials -d client_id={{user}}-bot\n{\"access_token\":\"{{S}}\",\"token_type\":\"Bearer\",\"expires_in\":3600,\"scope\":\"trade:read trade:write\"}",
    "\"token_type\":\"Bearer\"")
out("docker-exec-printenv-sorted", "pk",
    "$ docker exec {{project}}-searcher printenv | sort\nCHAIN_ID={{chainid}}\nFLASHBOTS_SIGNER_KEY=0x{{S}}\nHOME=/root\nHOSTNAME={{hex8}}{{hex6}}",
    "CHAIN_ID={{chainid}}")
out("systemctl-cat-environment-line", "hex32",
    "$ systemctl cat beacon-exporter\n# /etc/systemd/system/beacon-exporter.service\n[Service]\nUser={{user}}\nEnvironment=BEACON_API_TOKEN={{S}}\nExecStart=/usr/local/bin/beacon-exporter --listen :9102",
    "/etc/systemd/system/beacon-exporter.service")
out("git-config-list-remote-url-token", lambda c: "glpat-" + b64url(20),
    "$ git config --list | grep remote\nremote.origin.url=https://{{user}}:{{S}}@gitlab.{{domain}}/infra/{{project}}.git\nremote.origin.fetch=+refs/heads/*:refs/remotes/origin/*",
    "remote.origin.fetch")
out("ethers-hdnode-derive-output", "pk",
    "$ node derive.js --index 7\npath        m/44'/60'/0'/0/7\naddress     {{addr}}\nprivateKey  0x{{S}}",
    "m/44'/60'/0'/0/7")
out("keplr-export-private-key-dialog", "hex64",
    "[clipboard after 'Show private key' in the test browser profile]\nAccount: {{user}}-cosmos (cosmos1{{bech38}})\n{{S}}",
    "cosmos1{{bech38}}")
out("tail-bot-state-json", lambda c: b64raw(32),
    "$ tail -n 5 state/session.json\n  \"exchange\": \"coinbase\",\n  \"cb_access_key\": \"{{alnum16}}\",\n  \"cb_access_secret\": \"{{S}}\",\n  \"cb_access_passphrase_ref\": \"op://Trading/coinbase/passphrase\"",
    "\"exchange\": \"coinbase\"")


# =========================================================================
# group: config-file -- excerpts of configuration files the agent opened
# =========================================================================
cfg("hardhat-config-accounts-array", "pk",
    "// hardhat.config.js\nmodule.exports = {\n  solidity: \"0.8.24\",\n  networks: {\n    {{chain}}: {\n      url: process.env.RPC_URL,\n      accounts: [\"0x{{S}}\"],\n    },\n  },\n};",
    "solidity: \"0.8.24\"")
cfg("hardhat-config-ts-mnemonic-object", "mn12",
    "const config: HardhatUserConfig = {\n  networks: {\n    holesky: {\n      url: `https://ethereum-holesky-rpc.publicnode.com`,\n      accounts: { mnemonic: \"{{S}}\", path: \"m/44'/60'/0'/0\", count: 5 },\n    },\n  },\n};",
    "ethereum-holesky-rpc.publicnode.com")
cfg("truffle-config-hdwallet-provider", "mn12",
    "// truffle-config.js\nconst HDWalletProvider = require('@truffle/hdwallet-provider');\nconst mnemonic = '{{S}}';\n\nmodule.exports = {\n  networks: {\n    goerli: {\n      provider: () => new HDWalletProvider(mnemonic, `https://goerli.infura.io/v3/${process.env.INFURA_ID}`),\n      network_id: 5,\n    },\n  },\n};",
    "network_id: 5")
cfg("foundry-toml-rpc-endpoints-key", "alchemy",
    "# foundry.toml\n[profile.default]\nsrc = \"src\"\nout = \"out\"\n\n[rpc_endpoints]\nmainnet = \"https://eth-mainnet.g.alchemy.com/v2/{{S}}\"\nsepolia = \"${SEPOLIA_RPC_URL}\"",
    "sepolia = \"${SEPOLIA_RPC_URL}\"")
cfg("foundry-toml-etherscan-inline-table", "etherscan",
    "[etherscan]\nmainnet = { key = \"{{S}}\" }\nbase = { key = \"${BASESCAN_KEY}\", url = \"https://api.basescan.org/api\" }",
    "https://api.basescan.org/api")
cfg("dotenv-private-key-line", "pk",
    "# .env  (DO NOT COMMIT)\nRPC_URL=http://{{ip}}:8545\nPRIVATE_KEY={{S}}\nOWNER_ADDRESS={{addr}}",
    "OWNER_ADDRESS={{addr}}")
cfg("dotenv-quoted-mnemonic", "mn24",
    "DEPLOYER_MNEMONIC=\"{{S}}\"\nDEPLOYER_INDEX=3\nREPORT_GAS=1", "DEPLOYER_INDEX=3")
cfg("dotenv-local-next-server-only", "alchemy",
    "# .env.local\nNEXT_PUBLIC_CHAIN_ID={{chainid}}\nNEXT_PUBLIC_WC_PROJECT_ID={{hex32}}\nALCHEMY_SECRET_KEY={{S}}",
    "NEXT_PUBLIC_CHAIN_ID={{chainid}}")
cfg("docker-compose-postgres-password", "pw",
    "services:\n  db:\n    image: postgres:16-alpine\n    environment:\n      POSTGRES_USER: {{user}}\n      POSTGRES_PASSWORD: \"{{S}}\"\n      POSTGRES_DB: {{db}}\n    volumes:\n      - pgdata:/var/lib/postgresql/data",
    "image: postgres:16-alpine")
cfg("docker-compose-graph-node-postgres-pass", "pwu",
    "  graph-node:\n    image: graphprotocol/graph-node:v0.35.1\n    environment:\n      postgres_host: postgres\n      postgres_user: graph-node\n      postgres_pass: {{S}}\n      postgres_db: graph-node\n      ethereum: 'mainnet:http://{{ip}}:8545'",
    "postgres_user: graph-node")
cfg("bitcoin-conf-rpcpassword", "pwu",
    "# bitcoin.conf\nserver=1\nprune=0\nrpcbind=0.0.0.0\nrpcuser={{user}}\nrpcpassword={{S}}\nrpcallowip=10.0.0.0/8",
    "rpcuser={{user}}")
cfg("lnd-conf-bitcoind-rpcpass", "pwu",
    "[Bitcoind]\nbitcoind.rpchost={{ip}}:8332\nbitcoind.rpcuser=lnd\nbitcoind.rpcpass={{S}}\nbitcoind.zmqpubrawblock=tcp://{{ip}}:28332",
    "bitcoind.rpcuser=lnd")
cfg("lighthouse-validator-definitions-password", "pw",
    "# validator_definitions.yml\n---\n- enabled: true\n  voting_public_key: \"{{pubkey}}\"\n  type: local_keystore\n  voting_keystore_path: /var/lib/lighthouse/validators/{{pubkey}}/voting-keystore.json\n  voting_keystore_password: \"{{S}}\"\n  suggested_fee_recipient: \"{{addr}}\"",
    "type: local_keystore")
cfg("web3signer-file-raw-yaml", "hex64",
    "# /etc/web3signer/keys/{{vidx}}.yaml\ntype: \"file-raw\"\nkeyType: \"BLS\"\nprivateKey: \"0x{{S}}\"",
    "type: \"file-raw\"")
cfg("prometheus-basic-auth-password", "pw",
    "scrape_configs:\n  - job_name: geth\n    metrics_path: /debug/metrics/prometheus\n    basic_auth:\n      username: prom\n      password: '{{S}}'\n    static_configs:\n      - targets: ['{{ip}}:6060']",
    "metrics_path: /debug/metrics/prometheus")
cfg("grafana-ini-admin-password", "pw",
    "[security]\nadmin_user = admin\nadmin_password = {{S}}\ndisable_gravatar = true\n\n[server]\ndomain = grafana.{{domain}}",
    "domain = grafana.{{domain}}")
cfg("freqtrade-config-exchange-secret", "alnum64",
    "{\n  \"max_open_trades\": 5,\n  \"stake_currency\": \"USDT\",\n  \"exchange\": {\n    \"name\": \"binance\",\n    \"key\": \"{{alnum_pub}}\",\n    \"secret\": \"{{S}}\",\n    \"pair_whitelist\": [\"{{sym}}/USDT\", \"{{sym2}}/USDT\"]\n  }\n}",
    "\"stake_currency\": \"USDT\"")
cfg("hummingbot-connector-yaml", "alnum64",
    "# conf/connectors/binance_perpetual.yml\nconnector: binance_perpetual\nbinance_perpetual_api_key: {{alnum_pub}}\nbinance_perpetual_api_secret: {{S}}",
    "connector: binance_perpetual")
cfg("pgpass-file-line", "pw",
    "# ~/.pgpass  (chmod 600)\n{{host}}:5432:*:{{user}}:{{S}}", "{{host}}:5432:*:{{user}}:")
cfg("npmrc-scoped-registry-token", lambda c: "npm_" + alnum(36),
    "@{{project}}:registry=https://npm.pkg.github.com\n//registry.npmjs.org/:_authToken={{S}}\nengine-strict=true",
    "engine-strict=true")
cfg("netrc-machine-entry", "pw",
    "machine rpc.{{domain}} login {{user}} password {{S}}", "machine rpc.{{domain}} login {{user}}")
cfg("aws-credentials-profile", "aws",
    "[default]\nregion = eu-central-1\n\n[{{project}}-deployer]\naws_access_key_id = AKIA{{ualnum16}}\naws_secret_access_key = {{S}}",
    "[{{project}}-deployer]")
cfg("k8s-secret-stringdata", "pk",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: relayer-signer\n  namespace: {{project}}\ntype: Opaque\nstringData:\n  RELAYER_PRIVATE_KEY: \"0x{{S}}\"",
    "name: relayer-signer")
cfg("helm-values-rpc-api-key", "alchemy",
    "# values-prod.yaml\nindexer:\n  replicas: 2\n  rpc:\n    provider: alchemy\n    network: base-mainnet\n    apiKey: {{S}}\n  startBlock: {{blk}}",
    "provider: alchemy")
cfg("terraform-tfvars-token", "quicknode",
    "# prod.auto.tfvars\nregion          = \"eu-west-1\"\nquicknode_token = \"{{S}}\"\nnode_count      = 3",
    "region          = \"eu-west-1\"")
cfg("nomad-job-template-env", "pw",
    "task \"indexer\" {\n  driver = \"docker\"\n  env {\n    PGHOST     = \"{{host}}\"\n    PGUSER     = \"{{user}}\"\n    PGPASSWORD = \"{{S}}\"\n  }\n}",
    "driver = \"docker\"")
cfg("ansible-group-vars-plaintext", "pww",
    "# group_vars/validators.yml\nvalidator_client: teku\nkeystore_password: {{S}}\nfee_recipient: \"{{addr}}\"",
    "validator_client: teku")
cfg("nginx-proxy-set-header-bearer", "jwt",
    "location /rpc/ {\n    proxy_pass https://rpc.{{domain}}/;\n    proxy_set_header Authorization \"Bearer {{S}}\";\n    proxy_ssl_server_name on;\n}",
    "location /rpc/ {")
cfg("caddyfile-header-up-api-key", "uuid",
    "rpc.{{domain}} {\n\treverse_proxy https://mainnet.helius-rpc.com {\n\t\theader_up x-api-key {{S}}\n\t\theader_up Host {upstream_hostport}\n\t}\n}",
    "reverse_proxy https://mainnet.helius-rpc.com")
cfg("spring-application-properties-datasource", "pw",
    "spring.datasource.url=jdbc:postgresql://{{host}}:5432/{{db}}\nspring.datasource.username={{user}}\nspring.datasource.password={{S}}\nweb3j.client-address=http://{{ip}}:8545",
    "spring.datasource.username={{user}}")
cfg("appsettings-json-connection-string", "pwu",
    "{\n  \"ConnectionStrings\": {\n    \"Indexer\": \"Host={{host}};Port=5432;Database={{db}};Username={{user}};Password={{S}};SSL Mode=Require\"\n  },\n  \"Nethereum\": { \"Url\": \"http://{{ip}}:8545\" }\n}",
    "Database={{db}};Username={{user}}")
cfg("maven-settings-xml-server-password", "pw",
    "<settings>\n  <servers>\n    <server>\n      <id>{{project}}-releases</id>\n      <username>{{user}}</username>\n      <password>{{S}}</password>\n    </server>\n  </servers>\n</settings>",
    "<id>{{project}}-releases</id>")
cfg("spring-beans-xml-wallet-password", "pw",
    "<bean id=\"credentials\" class=\"org.web3j.crypto.WalletUtils\" factory-method=\"loadCredentials\">\n    <constructor-arg value=\"{{S}}\"/>\n    <constructor-arg value=\"/opt/keys/hot-wallet.json\"/>\n</bean>",
    "/opt/keys/hot-wallet.json")
cfg("supervisord-environment-line", "pk",
    "[program:{{project}}-liquidator]\ncommand=/opt/bots/liquidator --chain {{chain}}\nenvironment=PRIVATE_KEY=\"0x{{S}}\",RUST_LOG=\"info\"\nautorestart=true",
    "[program:{{project}}-liquidator]")
cfg("systemd-unit-environment-password", "pwu",
    "[Service]\nUser=bitcoin\nEnvironment=RPC_USER=bitcoin\nEnvironment=RPC_PASSWORD={{S}}\nExecStart=/usr/local/bin/electrs --conf /etc/electrs.toml",
    "Environment=RPC_USER=bitcoin")
cfg("pypirc-password", lambda c: "pypi-" + b64url(120),
    "[distutils]\nindex-servers = pypi\n\n[pypi]\nusername = __token__\npassword = {{S}}", "username = __token__")
cfg("chainlink-api-credentials-file", "pw",
    "# /chainlink/.api  (node UI login)\n{{email}}\n{{S}}", "# /chainlink/.api  (node UI login)")
cfg("chainlink-secrets-toml-database-url", "pwu",
    "[Database]\nURL = 'postgresql://chainlink:{{S}}@{{host}}:5432/chainlink?sslmode=require'\n\n[Password]\nKeystore = '/run/secrets/keystore_password'",
    "Keystore = '/run/secrets/keystore_password'")
cfg("ponder-config-transport-url", "alchemy",
    "export default createConfig({\n  networks: {\n    base: { chainId: 8453, transport: http(\"https://base-mainnet.g.alchemy.com/v2/{{S}}\") },\n  },\n  contracts: { Vault: { network: \"base\", address: \"{{addr}}\", startBlock: {{blk}} } },\n});",
    "chainId: 8453")
cfg("graph-node-config-toml-store", "pwu",
    "[store]\n[store.primary]\nconnection = \"postgresql://graph:{{S}}@{{host}}:5432/graph\"\npool_size = 10\n\n[chains]\ningestor = \"block_ingestor_node\"",
    "pool_size = 10")
cfg("blockscout-env-secret-key-base", lambda c: alnum(64),
    "ETHEREUM_JSONRPC_VARIANT=geth\nETHEREUM_JSONRPC_HTTP_URL=http://{{ip}}:8545\nSECRET_KEY_BASE={{S}}\nCOIN=ETH",
    "ETHEREUM_JSONRPC_VARIANT=geth")
cfg("rabbitmq-conf-default-pass", "pwu",
    "listeners.tcp.default = 5672\ndefault_user = {{user}}\ndefault_pass = {{S}}\nmanagement.tcp.port = 15672",
    "default_user = {{user}}")
cfg("redis-conf-requirepass", "pwr",
    "bind 127.0.0.1 {{ip}}\nport 6379\nrequirepass {{S}}\nmaxmemory 2gb", "maxmemory 2gb")
cfg("pgbouncer-userlist-plain", "pw",
    "; /etc/pgbouncer/userlist.txt\n\"{{user}}\" \"{{S}}\"\n\"stats\" \"md5{{hex32}}\"", "/etc/pgbouncer/userlist.txt")
cfg("crontab-inline-env-secret", "binance",
    "# m h dom mon dow command\n*/5 * * * * BINANCE_API_SECRET={{S}} /opt/bots/rebalance.sh >> /var/log/rebalance.log 2>&1",
    "/opt/bots/rebalance.sh")
cfg("sui-keystore-json-array", lambda c: b64raw(33),
    "// ~/.sui/sui_config/sui.keystore\n[\n  \"{{S}}\"\n]", "~/.sui/sui_config/sui.keystore")
cfg("aptos-config-yaml-private-key", "pk",
    "---\nprofiles:\n  default:\n    network: Mainnet\n    private_key: \"0x{{S}}\"\n    account: {{hex64}}\n    rest_url: \"https://fullnode.mainnet.aptoslabs.com\"",
    "network: Mainnet")
cfg("brownie-config-wallets-from-key", "pk",
    "dotenv: .env\nnetworks:\n  default: development\nwallets:\n  from_key: \"0x{{S}}\"\ndependencies:\n  - OpenZeppelin/openzeppelin-contracts@4.9.3",
    "OpenZeppelin/openzeppelin-contracts@4.9.3")
cfg("hermes-relayer-key-mnemonic-file", "mn24",
    "# ~/.hermes/keys/{{chain}}-relayer.mnemonic  (read by `hermes keys add --mnemonic-file`)\n{{S}}",
    "hermes keys add --mnemonic-file")
cfg("tenderly-config-yaml-access-key", "alnum32",
    "# ~/.tenderly/config.yaml\naccess_key: {{S}}\naccess_key_id: {{hex16}}\naccount_id: {{user}}\nusername: {{user}}",
    "account_id: {{user}}")
cfg("truffle-dot-secret-file", "mn12",
    "// .secret  (read by truffle-config.js via fs.readFileSync)\n{{S}}", "fs.readFileSync")
cfg("secrets-json-mnemonic-and-infura", "mn12",
    "{\n  \"mnemonic\": \"{{S}}\",\n  \"infuraProjectId\": \"{{hex32}}\",\n  \"defaultNetwork\": \"sepolia\"\n}",
    "\"defaultNetwork\": \"sepolia\"")
cfg("gitlab-runner-config-token", lambda c: "glrt-" + b64url(20),
    "concurrent = 4\n\n[[runners]]\n  name = \"{{host}}\"\n  url = \"https://gitlab.{{domain}}\"\n  token = \"{{S}}\"\n  executor = \"docker\"",
    "executor = \"docker\"")
cfg("wrangler-toml-vars-secret", "hex32",
    "name = \"{{project}}-nft-api\"\nmain = \"src/index.ts\"\n\n[vars]\nCHAIN = \"{{chain}}\"\nOPENSEA_API_KEY = \"{{S}}\"",
    "main = \"src/index.ts\"")
cfg("docker-config-json-auths", lambda c: base64.b64encode(("%s:%s" % (pick(_USERS), "dckr_pat_" + b64url(27))).encode()).decode(),
    "{\n  \"auths\": {\n    \"https://index.docker.io/v1/\": {\n      \"auth\": \"{{S}}\"\n    }\n  },\n  \"credsStore\": \"\"\n}",
    "https://index.docker.io/v1/")
cfg("pip-conf-index-url-token", "pwu",
    "[global]\nindex-url = https://{{user}}:{{S}}@pypi.{{domain}}/simple\ntimeout = 30",
    "timeout = 30")
cfg("yarnrc-yml-npm-auth-token", lambda c: "npm_" + alnum(36),
    "nodeLinker: node-modules\nnpmScopes:\n  {{project}}:\n    npmRegistryServer: \"https://registry.npmjs.org\"\n    npmAuthToken: \"{{S}}\"",
    "nodeLinker: node-modules")
cfg("kubeconfig-user-token", "jwt",
    "users:\n- name: ci-deployer\n  user:\n    token: {{S}}\ncontexts:\n- context:\n    cluster: validators-prod\n    user: ci-deployer",
    "cluster: validators-prod")
cfg("cargo-credentials-toml", lambda c: "cio" + alnum(32),
    "# ~/.cargo/credentials.toml\n[registry]\ntoken = \"{{S}}\"", "~/.cargo/credentials.toml")
cfg("bot-config-toml-exchange-section", lambda c: alnum(36),
    "[general]\ndry_run = false\nlog_level = \"info\"\n\n[exchange.bybit]\napi_key = \"{{alnum18}}\"\napi_secret = \"{{S}}\"\ncategory = \"linear\"",
    "category = \"linear\"")
cfg("yaml-block-scalar-ec-pem", lambda c: ec_pem_body().replace("\n", "\n    "),
    "signer:\n  kind: local\n  key: |\n    -----BEGIN EC PRIVATE KEY-----\n    {{S}}\n    -----END EC PRIVATE KEY-----",
    "kind: local")
cfg("app-config-xml-appsettings-key", "pk",
    "<configuration>\n  <appSettings>\n    <add key=\"Network\" value=\"{{chain}}\" />\n    <add key=\"HotWalletPrivateKey\" value=\"0x{{S}}\" />\n  </appSettings>\n</configuration>",
    "<add key=\"Network\" value=\"{{chain}}\" />")
cfg("ini-exchange-bot-creds", "pw",
    "[okx]\napi_key = {{uuid}}\nsecret_key = {{hex32up}}\npassphrase = {{S}}\nsimulated = 0",
    "simulated = 0")
cfg("hcl-vault-generic-secret-data-json", "pk",
    "resource \"vault_generic_secret\" \"keeper\" {\n  path = \"secret/{{project}}/keeper\"\n  data_json = jsonencode({\n    private_key = \"0x{{S}}\"\n  })\n}",
    "path = \"secret/{{project}}/keeper\"")
cfg("teku-config-yaml-initial-state-basic-auth", "pwu",
    "network: mainnet\ndata-path: /var/lib/teku\nee-endpoint: http://{{ip}}:8551\ninitial-state: https://checkpoint:{{S}}@sync.{{domain}}/eth/v2/debug/beacon/states/finalized",
    "data-path: /var/lib/teku")
cfg("mev-boost-relay-env-with-auth-header", "uuid",
    "MEV_BOOST_RELAYS=https://0x{{hex32}}{{hex32}}{{hex32}}@relay.{{domain}}\nRELAY_MONITOR_URL=https://monitor.{{domain}}\nRELAY_API_TOKEN={{S}}",
    "RELAY_MONITOR_URL=https://monitor.{{domain}}")


# =========================================================================
# group: source-code -- excerpts of source files the agent read or edited
# =========================================================================
src("ethers-v6-new-wallet-literal", "pk",
    "import { ethers } from \"ethers\";\n\nconst provider = new ethers.JsonRpcProvider(process.env.RPC_URL);\nconst wallet = new ethers.Wallet(\"0x{{S}}\", provider);\nconsole.log(\"deployer\", wallet.address);",
    "new ethers.JsonRpcProvider(process.env.RPC_URL)")
src("viem-private-key-to-account", "pk",
    "import { createWalletClient, http } from 'viem'\nimport { privateKeyToAccount } from 'viem/accounts'\nimport { base } from 'viem/chains'\n\nconst account = privateKeyToAccount('0x{{S}}')\nexport const client = createWalletClient({ account, chain: base, transport: http() })",
    "import { privateKeyToAccount } from 'viem/accounts'")
src("viem-mnemonic-to-account", "mn12",
    "import { mnemonicToAccount } from 'viem/accounts'\n\n// TODO(ops): load from KMS before mainnet\nexport const keeper = mnemonicToAccount(\n  '{{S}}',\n  { addressIndex: 2 },\n)",
    "import { mnemonicToAccount } from 'viem/accounts'")
src("web3py-account-from-key", "pk",
    "from web3 import Web3\nfrom eth_account import Account\n\nw3 = Web3(Web3.HTTPProvider(RPC_URL))\nacct = Account.from_key(\"0x{{S}}\")\nnonce = w3.eth.get_transaction_count(acct.address)",
    "w3.eth.get_transaction_count(acct.address)")
src("eth-account-from-mnemonic-py", "mn12",
    "Account.enable_unaudited_hdwallet_features()\nacct = Account.from_mnemonic(\n    \"{{S}}\",\n    account_path=\"m/44'/60'/0'/0/0\",\n)",
    "Account.enable_unaudited_hdwallet_features()")
src("go-crypto-hex-to-ecdsa", "pk",
    "func loadSigner() (*ecdsa.PrivateKey, error) {\n\t// FIXME: read from env\n\treturn crypto.HexToECDSA(\"{{S}}\")\n}",
    "func loadSigner() (*ecdsa.PrivateKey, error) {")
src("rust-ethers-localwallet-parse", "pk",
    "let wallet: LocalWallet = \"{{S}}\"\n    .parse::<LocalWallet>()?\n    .with_chain_id({{chainid}}u64);\nlet client = SignerMiddleware::new(provider, wallet);",
    "SignerMiddleware::new(provider, wallet)")
src("rust-alloy-private-key-signer-from-str", "pk",
    "use alloy::signers::local::PrivateKeySigner;\n\nlet signer = PrivateKeySigner::from_str(\"0x{{S}}\")?;\nlet wallet = EthereumWallet::from(signer);",
    "use alloy::signers::local::PrivateKeySigner;")
src("solidity-script-hex-literal-key", "pk",
    "contract DeployScript is Script {\n    function run() external {\n        uint256 deployerKey = 0x{{S}};\n        vm.startBroadcast(deployerKey);\n        new Vault(IERC20({{addr}}));\n        vm.stopBroadcast();\n    }\n}",
    "vm.startBroadcast(deployerKey);")
src("hdwallet-provider-options-object", "mn12",
    "const provider = new HDWalletProvider({\n  mnemonic: { phrase: \"{{S}}\" },\n  providerOrUrl: \"http://{{ip}}:8545\",\n  numberOfAddresses: 3,\n});",
    "numberOfAddresses: 3")
src("python-ccxt-binance-dict", "binance",
    "import ccxt\n\nex = ccxt.binance({\n    'apiKey': os.getenv('BINANCE_KEY'),\n    'secret': '{{S}}',\n    'options': {'defaultType': 'future'},\n})",
    "'options': {'defaultType': 'future'}")
src("js-ccxt-bybit-constructor", lambda c: alnum(36),
    "const ccxt = require('ccxt');\nconst bybit = new ccxt.bybit({\n  apiKey: process.env.BYBIT_KEY,\n  secret: \"{{S}}\",\n  enableRateLimit: true,\n});",
    "enableRateLimit: true")
src("python-binance-client-positional", "binance",
    "from binance.client import Client\n\nclient = Client(API_KEY, \"{{S}}\", testnet=False)\nprint(client.get_asset_balance(asset=\"{{sym}}\"))",
    "from binance.client import Client")
src("go-binance-newclient", "binance",
    "client := binance.NewClient(os.Getenv(\"BINANCE_KEY\"), \"{{S}}\")\nres, err := client.NewGetAccountService().Do(context.Background())",
    "client.NewGetAccountService()")
src("python-hmac-secret-bytes-constant", lambda c: alnum(48),
    "API_SECRET = b\"{{S}}\"\n\ndef sign(query: str) -> str:\n    return hmac.new(API_SECRET, query.encode(), hashlib.sha256).hexdigest()",
    "def sign(query: str) -> str:")
src("alchemy-sdk-settings-object", "alchemy",
    "import { Alchemy, Network } from \"alchemy-sdk\";\n\nconst alchemy = new Alchemy({\n  apiKey: \"{{S}}\",\n  network: Network.ETH_MAINNET,\n});",
    "network: Network.ETH_MAINNET")
src("moralis-start-api-key", lambda c: jwt({"nonce": uuid4(), "orgId": str(_R.randint(100000, 999999)), "userId": str(_R.randint(100000, 999999)), "typeId": uuid4(), "type": "PROJECT", "iat": _R.randint(1700000000, 1735000000)}),
    "await Moralis.start({\n  apiKey: \"{{S}}\",\n});\nconst nfts = await Moralis.EvmApi.nft.getWalletNFTs({ address: \"{{addr}}\", chain: \"0x1\" });",
    "Moralis.EvmApi.nft.getWalletNFTs")
src("python-solana-keypair-from-base58", "solb58",
    "from solders.keypair import Keypair\n\npayer = Keypair.from_base58_string(\"{{S}}\")\nprint(payer.pubkey())",
    "from solders.keypair import Keypair")
src("js-solana-keypair-from-uint8array", "soljson",
    "const payer = Keypair.fromSecretKey(\n  Uint8Array.from({{S}})\n);\nconst conn = new Connection(clusterApiUrl(\"devnet\"));",
    "clusterApiUrl(\"devnet\")")
src("python-bit-private-key-wif", "wif",
    "from bit import PrivateKey\n\nkey = PrivateKey(\"{{S}}\")\ntx = key.send([(\"{{bc1}}\", 25000, \"satoshi\")])",
    "from bit import PrivateKey")
src("bitcoinjs-ecpair-fromwif", "wif",
    "const keyPair = ECPair.fromWIF('{{S}}', bitcoin.networks.bitcoin);\nconst psbt = new bitcoin.Psbt({ network: bitcoin.networks.bitcoin });",
    "new bitcoin.Psbt")
src("go-sql-open-postgres-dsn", "pwu",
    "db, err := sql.Open(\"postgres\", \"host={{host}} port=5432 user={{user}} password={{S}} dbname={{db}} sslmode=disable\")\nif err != nil {\n\tlog.Fatal(err)\n}",
    "dbname={{db}} sslmode=disable")
src("psycopg2-connect-kwargs", "pw",
    "conn = psycopg2.connect(\n    host=\"{{host}}\",\n    dbname=\"{{db}}\",\n    user=\"{{user}}\",\n    password=\"{{S}}\",\n)",
    "dbname=\"{{db}}\"")
src("redis-py-password-kwarg", "pwr",
    "r = redis.Redis(host=\"{{ip}}\", port=6379, db=2, password=\"{{S}}\", decode_responses=True)\npending = r.xlen(\"mempool:pending\")",
    "r.xlen(\"mempool:pending\")")
src("web3j-credentials-create", "pk",
    "Web3j web3 = Web3j.build(new HttpService(\"http://{{ip}}:8545\"));\nCredentials credentials = Credentials.create(\"0x{{S}}\");\nTransactionReceipt r = Transfer.sendFunds(web3, credentials, \"{{addr}}\", BigDecimal.ONE, Convert.Unit.ETHER).send();",
    "Transfer.sendFunds(web3, credentials")
src("kotlin-web3j-load-credentials-password", "pw",
    "val credentials = WalletUtils.loadCredentials(\n    \"{{S}}\",\n    File(\"/opt/keys/UTC--{{date}}--{{hex40}}.json\")\n)",
    "WalletUtils.loadCredentials(")
src("csharp-nethereum-account", "pk",
    "var account = new Account(\"0x{{S}}\", Chain.MainNet);\nvar web3 = new Web3(account, \"http://{{ip}}:8545\");",
    "var web3 = new Web3(account")
src("php-kucoin-client-config", lambda c: uuid4(),
    "$auth = new Auth(\n    '{{hex24}}',\n    '{{S}}',\n    getenv('KUCOIN_PASSPHRASE'),\n    Auth::API_KEY_VERSION_V2\n);",
    "Auth::API_KEY_VERSION_V2")
src("ruby-eth-key-priv", "pk",
    "require 'eth'\n\nkey = Eth::Key.new(priv: \"{{S}}\")\nputs key.address.to_s",
    "require 'eth'")
src("bash-script-key-variable", "pk",
    "#!/usr/bin/env bash\nset -euo pipefail\nRPC=https://rpc.{{domain}}\nKEY=0x{{S}}\ncast send \"$TOKEN\" 'mint(address,uint256)' \"$TO\" \"$AMOUNT\" --rpc-url \"$RPC\" --private-key \"$KEY\"",
    "set -euo pipefail")
src("python-telegram-application-builder", "tg",
    "from telegram.ext import Application\n\napp = Application.builder().token(\"{{S}}\").build()\napp.add_handler(CommandHandler(\"price\", price))",
    "CommandHandler(\"price\", price)")
src("discordjs-client-login", "discord",
    "client.once(Events.ClientReady, c => console.log(`Ready as ${c.user.tag}`));\nclient.login('{{S}}');",
    "Events.ClientReady")
src("discordpy-bot-run", "discord",
    "@bot.command()\nasync def floor(ctx, slug: str):\n    await ctx.send(await opensea_floor(slug))\n\nbot.run(\"{{S}}\")",
    "async def floor(ctx, slug: str):")
src("fetch-authorization-bearer-literal", "jwt",
    "const res = await fetch(`https://api.{{domain}}/v1/positions?wallet=${addr}`, {\n  headers: { Authorization: 'Bearer {{S}}' },\n});",
    "/v1/positions?wallet=")
src("requests-headers-x-api-key", "uuid",
    "resp = requests.get(\n    \"https://pro-api.coinmarketcap.com/v1/cryptocurrency/quotes/latest\",\n    params={\"symbol\": \"{{sym}}\"},\n    headers={\"X-CMC_PRO_API_KEY\": \"{{S}}\"},\n)",
    "pro-api.coinmarketcap.com")
src("ts-const-infura-url-template", "infura",
    "const INFURA_ID = \"{{S}}\";\nexport const RPC_URLS: Record<number, string> = {\n  1: `https://mainnet.infura.io/v3/${INFURA_ID}`,\n  137: `https://polygon-mainnet.infura.io/v3/${INFURA_ID}`,\n};",
    "Record<number, string>")
src("pinata-sdk-constructor-jwt", "jwt",
    "import { PinataSDK } from \"pinata\";\n\nexport const pinata = new PinataSDK({\n  pinataJwt: \"{{S}}\",\n  pinataGateway: \"{{word}}-{{word2}}.mypinata.cloud\",\n});",
    "import { PinataSDK } from \"pinata\";")
src("python-okx-passphrase-constant", "pw",
    "OKX_API_KEY = os.environ[\"OKX_API_KEY\"]\nOKX_SECRET = os.environ[\"OKX_SECRET\"]\nOKX_PASSPHRASE = \"{{S}}\"  # same as on the web UI",
    "OKX_API_KEY = os.environ[\"OKX_API_KEY\"]")
src("go-struct-literal-exchange-config", lambda c: hexs(64),
    "var cfg = ExchangeConfig{\n\tName:      \"gateio\",\n\tAPIKey:    os.Getenv(\"GATE_KEY\"),\n\tAPISecret: \"{{S}}\",\n\tTestnet:   false,\n}",
    "Name:      \"gateio\"")
src("rust-const-api-secret-str", lambda c: alnum(43),
    "const BITFINEX_KEY: &str = env!(\"BFX_KEY\");\nconst BITFINEX_SECRET: &str = \"{{S}}\";\n\nfn nonce() -> u64 { SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_micros() as u64 }",
    "fn nonce() -> u64")
src("pytest-fixture-hardcoded-key", "pk",
    "@pytest.fixture\ndef funded_account(w3):\n    # TODO move to vault, this one still has sepolia ETH\n    acct = w3.eth.account.from_key(\"0x{{S}}\")\n    return acct",
    "def funded_account(w3):")
src("jupyter-cell-json-from-key", "pk",
    "  {\n   \"cell_type\": \"code\",\n   \"execution_count\": {{n}},\n   \"source\": [\n    \"w3 = Web3(Web3.HTTPProvider(RPC))\\n\",\n    \"acct = w3.eth.account.from_key('{{S}}')\\n\"\n   ]\n  }",
    "\"cell_type\": \"code\"")
src("ts-nullish-fallback-private-key", "pk",
    "const signer = new Wallet(process.env.PK ?? \"0x{{S}}\", hre.ethers.provider);",
    "process.env.PK ??")
src("django-settings-databases-password", "pw",
    "DATABASES = {\n    \"default\": {\n        \"ENGINE\": \"django.db.backends.postgresql\",\n        \"NAME\": \"{{db}}\",\n        \"USER\": \"{{user}}\",\n        \"PASSWORD\": \"{{S}}\",\n        \"HOST\": \"{{host}}\",\n    }\n}",
    "django.db.backends.postgresql")
src("django-settings-secret-key", lambda c: _tok(string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)", 50),
    "# settings.py\nDEBUG = False\nSECRET_KEY = '{{S}}'\nALLOWED_HOSTS = ['api.{{domain}}']",
    "ALLOWED_HOSTS = ['api.{{domain}}']")
src("flask-app-config-secret-key", "hex64",
    "app = Flask(__name__)\napp.config[\"SECRET_KEY\"] = \"{{S}}\"\napp.config[\"SIWE_DOMAIN\"] = \"app.{{domain}}\"",
    "app = Flask(__name__)")
src("express-session-secret", "pwr",
    "app.use(session({\n  name: 'siwe.sid',\n  secret: '{{S}}',\n  resave: false,\n  saveUninitialized: true,\n}));",
    "name: 'siwe.sid'")
src("jsonwebtoken-sign-literal-secret", "alnum40",
    "export function issue(address: string) {\n  return jwt.sign({ sub: address, scope: 'allowlist' }, '{{S}}', { expiresIn: '1h' });\n}",
    "scope: 'allowlist'")
src("anchor-test-bs58-decode-keypair", "solb58",
    "const authority = Keypair.fromSecretKey(\n  bs58.decode(\"{{S}}\")\n);\nawait program.methods.initialize().accounts({ authority: authority.publicKey }).signers([authority]).rpc();",
    "program.methods.initialize()")
src("cosmjs-from-mnemonic", "mn24",
    "const wallet = await DirectSecp256k1HdWallet.fromMnemonic(\n  \"{{S}}\",\n  { prefix: \"osmo\" },\n);",
    "{ prefix: \"osmo\" }")
src("go-const-mnemonic-hdwallet", "mn12",
    "const mnemonic = \"{{S}}\"\n\nwallet, err := hdwallet.NewFromMnemonic(mnemonic)\npath := hdwallet.MustParseDerivationPath(\"m/44'/60'/0'/0/0\")",
    "hdwallet.NewFromMnemonic(mnemonic)")
src("python-triple-quoted-mnemonic-multiline", lambda c: "\n    ".join(" ".join(pick(_BIP) for _ in range(6)) for _ in range(4)),
    "SEED = \"\"\"\n    {{S}}\n\"\"\".split()\nacct = Account.from_mnemonic(\" \".join(SEED))",
    "Account.from_mnemonic(\" \".join(SEED))")
src("sql-insert-api-keys-row", lambda c: hexs(64),
    "INSERT INTO exchange_keys (exchange, label, api_key, api_secret, created_at)\nVALUES ('gateio', 'mm-{{n}}', '{{hex32}}', '{{S}}', now());",
    "INSERT INTO exchange_keys")
src("sql-create-user-password", "pw",
    "CREATE USER {{user}}_ro WITH PASSWORD '{{S}}';\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO {{user}}_ro;",
    "GRANT SELECT ON ALL TABLES IN SCHEMA public")
src("sql-alter-role-password-migration", "pwu",
    "-- migrations/0042_indexer_role.sql\nALTER ROLE indexer WITH LOGIN PASSWORD '{{S}}' VALID UNTIL '2025-12-31';",
    "migrations/0042_indexer_role.sql")
src("flashbots-web3py-signer-from-key", "pk",
    "from flashbots import flashbot\n\nsigner = Account.from_key(\"{{S}}\")  # reputation key, holds no funds\nflashbot(w3, signer, \"https://relay.flashbots.net\")",
    "from flashbots import flashbot")
src("web3py-websocket-provider-url", "alchemy",
    "async with AsyncWeb3(WebSocketProvider(\"wss://eth-mainnet.g.alchemy.com/v2/{{S}}\")) as w3:\n    sub = await w3.eth.subscribe(\"newPendingTransactions\")",
    "newPendingTransactions")
src("go-ethclient-dial-quicknode", "quicknode",
    "client, err := ethclient.Dial(\"wss://{{word}}-{{word2}}-frost.quiknode.pro/{{S}}/\")\nif err != nil {\n\tlog.Fatalf(\"dial: %v\", err)\n}",
    "log.Fatalf(\"dial: %v\", err)")
src("java-okhttp-header-api-key", lambda c: alnum(18),
    "Request req = new Request.Builder()\n    .url(\"https://api.bybit.com/v5/position/list?category=linear\")\n    .addHeader(\"X-BAPI-API-KEY\", \"{{S}}\")\n    .build();",
    "api.bybit.com/v5/position/list")
src("swift-alchemy-api-key-let", "alchemy",
    "enum Config {\n    static let alchemyKey = \"{{S}}\"\n    static let chainId = {{chainid}}\n}",
    "static let chainId = {{chainid}}")
src("kotlin-const-val-infura-secret", "infura",
    "object Rpc {\n    const val INFURA_ID = BuildConfig.INFURA_ID\n    const val INFURA_SECRET = \"{{S}}\"\n}",
    "const val INFURA_ID = BuildConfig.INFURA_ID")
src("dart-web3dart-eth-private-key-fromhex", "pk",
    "final credentials = EthPrivateKey.fromHex('{{S}}');\nfinal client = Web3Client('https://rpc.{{domain}}', Client());",
    "Web3Client('https://rpc.{{domain}}'")
src("python-environ-setdefault-secret", lambda c: alnum(36),
    "os.environ.setdefault(\"BYBIT_API_KEY\", \"{{alnum18}}\")\nos.environ.setdefault(\"BYBIT_API_SECRET\", \"{{S}}\")\nos.environ.setdefault(\"BYBIT_TESTNET\", \"0\")",
    "BYBIT_TESTNET")
src("js-logical-or-assign-mnemonic", "mn12",
    "// test/setup.js\nprocess.env.MNEMONIC ||= \"{{S}}\";\nprocess.env.FORK_BLOCK ||= \"{{blk}}\";",
    "process.env.FORK_BLOCK ||=")
src("sui-ts-decode-suiprivkey", lambda c: "suiprivkey1q" + bech32ish(58),
    "const { secretKey } = decodeSuiPrivateKey('{{S}}');\nconst keypair = Ed25519Keypair.fromSecretKey(secretKey);",
    "Ed25519Keypair.fromSecretKey(secretKey)")
src("elixir-config-rpc-url", "alchemy",
    "config :ethereumex,\n  url: \"https://polygon-mainnet.g.alchemy.com/v2/{{S}}\",\n  http_options: [recv_timeout: 30_000]",
    "config :ethereumex")
src("cpp-const-char-rpc-password", "pwu",
    "static const char* kRpcUser = \"{{user}}\";\nstatic const char* kRpcPassword = \"{{S}}\";\nstatic const int kRpcPort = 8332;",
    "static const int kRpcPort = 8332;")
src("python-dataclass-default-secret", "hex64",
    "@dataclass\nclass GateConfig:\n    key: str = field(default_factory=lambda: os.environ[\"GATE_KEY\"])\n    secret: str = \"{{S}}\"\n    settle: str = \"usdt\"",
    "class GateConfig:")
src("ts-thirdweb-client-secret-key", lambda c: b64url(86),
    "export const client = createThirdwebClient({\n  secretKey: \"{{S}}\",\n});",
    "createThirdwebClient")


# =========================================================================
# group: stack-trace-or-log -- log lines, stack traces, error dumps
# =========================================================================
log("eth-keys-validation-error-with-key", lambda c: hexs(63),
    "Traceback (most recent call last):\n  File \"/app/bot/signer.py\", line 31, in load\n    return Account.from_key(raw)\n  ...\neth_keys.exceptions.ValidationError: Unexpected private key format.  Must be length 32 byte, got: 0x{{S}}",
    "/app/bot/signer.py")
log("ethers-invalid-private-key-argument", lambda c: hexs(66),
    "Error: invalid private key (argument=\"privateKey\", value=\"0x{{S}}\", code=INVALID_ARGUMENT, version=6.13.1)\n    at makeError (node_modules/ethers/lib.commonjs/utils/errors.js:129:21)",
    "code=INVALID_ARGUMENT")
log("ethers-nonetwork-url-with-key", "infura",
    "Error: could not detect network (event=\"noNetwork\", code=NETWORK_ERROR, version=providers/5.7.2)\n    requestBody: '{\"method\":\"eth_chainId\",\"params\":[],\"id\":42,\"jsonrpc\":\"2.0\"}',\n    url: 'https://arbitrum-mainnet.infura.io/v3/{{S}}'",
    "code=NETWORK_ERROR")
log("hardhat-invalid-json-rpc-response-url", "alchemy",
    "ProviderError: HH110: Invalid JSON-RPC response received: {\"error\":\"rate limited\"}\n    at HttpProvider._fetchJsonRpcResponse (node_modules/hardhat/src/internal/core/providers/http.ts:254:15)\n  url: 'https://eth-sepolia.g.alchemy.com/v2/{{S}}'",
    "HH110: Invalid JSON-RPC response received")
log("axios-error-config-headers-bearer", "jwt",
    "AxiosError: Request failed with status code 403\n  config: {\n    url: 'https://api.{{domain}}/v2/orders',\n    method: 'post',\n    headers: { Accept: 'application/json', Authorization: 'Bearer {{S}}' }\n  },\n  code: 'ERR_BAD_REQUEST'",
    "Request failed with status code 403")
log("requests-httperror-url-apikey", "etherscan",
    "requests.exceptions.HTTPError: 429 Client Error: Too Many Requests for url: https://api.etherscan.io/api?module=logs&action=getLogs&fromBlock={{blk}}&toBlock=latest&address={{addr}}&apikey={{S}}",
    "429 Client Error: Too Many Requests")
log("pgx-dial-error-with-dsn", "pwu",
    "{{ts}} FATAL indexer: failed to connect: dial tcp {{ip}}:5432: connect: connection refused (dsn=postgres://indexer:{{S}}@{{host}}:5432/{{db}}?sslmode=disable)",
    "connect: connection refused")
log("java-jdbc-url-password-param", "pw",
    "org.postgresql.util.PSQLException: Connection to {{host}}:5432 refused.\n\tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:346)\nCaused by: url=jdbc:postgresql://{{host}}:5432/{{db}}?user={{user}}&password={{S}}&ssl=true",
    "org.postgresql.util.PSQLException")
log("node-debug-config-dump", "alchemy",
    "  {{project}}:config loaded config {\n  chainId: 8453,\n  rpcUrl: 'https://base-mainnet.g.alchemy.com/v2/{{S}}',\n  pollIntervalMs: 2000\n} +0ms",
    "pollIntervalMs: 2000")
log("geth-trace-personal-unlock-params", "pw",
    "TRACE[{{date}}|{{time}}.221] Served personal_unlockAccount           conn={{ip}}:51234 reqid=7 duration=1.203s params=[\"{{addr}}\",\"{{S}}\",300]",
    "Served personal_unlockAccount")
log("nginx-access-log-key-query", "hex32",
    "{{pubip}} - - [{{date}}:{{time}} +0000] \"POST /rpc?key={{S}} HTTP/1.1\" 200 1187 \"-\" \"ethers/6.13.1\"",
    "\"ethers/6.13.1\"")
log("nginx-access-log-v2-path-key", "alchemy",
    "{{pubip}} - - [{{date}}:{{time}} +0000] \"POST /v2/{{S}} HTTP/2.0\" 429 92 \"https://app.{{domain}}/\" \"Mozilla/5.0\"",
    "\"https://app.{{domain}}/\"")
log("express-morgan-webhook-token", lambda c: alnum(40),
    "::ffff:{{ip}} - - [{{date}}:{{time}} +0000] \"POST /webhooks/alchemy?token={{S}} HTTP/1.1\" 200 2 \"-\" \"axios/1.6.8\"",
    "\"axios/1.6.8\"")
log("httpx-telegram-bot-url-info", "tg",
    "{{date}} {{time}},512 - httpx - INFO - HTTP Request: POST https://api.telegram.org/bot{{S}}/getUpdates \"HTTP/1.1 200 OK\"",
    "httpx - INFO - HTTP Request")
log("discord-http-webhook-debug", lambda c: b64url(68),
    "[{{date}} {{time}}] [DEBUG   ] discord.webhook.async_: Webhook ID {{d18}} with POST https://discord.com/api/v10/webhooks/{{d18}}/{{S}} has returned status code 204",
    "discord.webhook.async_")
log("ccxt-verbose-request-headers", "binance",
    "fetch Request:\n binance GET https://fapi.binance.com/fapi/v2/positionRisk?timestamp={{epochs}}512&recvWindow=10000&signature={{hex64}}\nRequestHeaders:\n {'X-MBX-APIKEY': '{{S}}', 'User-Agent': 'python-requests/2.31.0'}",
    "fapi.binance.com/fapi/v2/positionRisk")
log("python-logging-config-dict-partial-mask", lambda c: b64raw(64),
    "{{date}} {{time}},004 INFO bot.config: loaded {'exchange': 'kraken', 'api_key': '****', 'api_secret': '{{S}}', 'pairs': ['XBT/USD']}",
    "'api_key': '****'")
log("sentry-breadcrumb-http-headers", "jwt",
    "{\"category\":\"http\",\"data\":{\"method\":\"GET\",\"url\":\"https://api.{{domain}}/v1/portfolio\",\"request_headers\":{\"authorization\":\"Bearer {{S}}\"},\"status_code\":401},\"level\":\"warning\"}",
    "\"category\":\"http\"")
log("k8s-crashloop-env-dump", "pk",
    "{{ts}} keeper: starting with env: CHAIN={{chain}} RPC=http://{{ip}}:8545 KEEPER_KEY=0x{{S}}\n{{ts}} keeper: panic: insufficient funds for gas * price + value",
    "insufficient funds for gas * price + value")
log("docker-compose-up-graph-node-log", "pwu",
    "graph-node-1  | {{date}} {{time}} INFO Connecting to Postgres, url: postgresql://graph-node:{{S}}@postgres:5432/graph-node, component: Store",
    "component: Store")
log("journald-keeper-loaded-signer", "pk",
    "{{date}} {{time}} {{host}} keeper[{{pid}}]: loaded signer {{addr}} from key 0x{{S}} (source=ENV)",
    "loaded signer {{addr}}")
log("rust-panic-unwrap-wss-url", "quicknode",
    "thread 'main' panicked at src/main.rs:48:10:\ncalled `Result::unwrap()` on an `Err` value: Transport(\"wss://{{word}}-{{word2}}-marsh.quiknode.pro/{{S}}/: HTTP error: 401 Unauthorized\")\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
    "src/main.rs:48:10")
log("pino-json-bundle-signer-key", "pk",
    "{\"level\":30,\"time\":{{epochs}}123,\"pid\":{{pid}},\"hostname\":\"{{host}}\",\"msg\":\"sending bundle\",\"targetBlock\":{{blk}},\"authSigner\":\"0x{{S}}\"}",
    "\"msg\":\"sending bundle\"")
log("go-http-debug-kucoin-headers", "pw",
    "DEBU[{{time}}] POST https://api.kucoin.com/api/v1/orders headers=map[KC-API-KEY:[{{hex24}}] KC-API-KEY-VERSION:[2] KC-API-PASSPHRASE:[{{S}}] KC-API-TIMESTAMP:[{{epochs}}000]]",
    "KC-API-KEY-VERSION:[2]")
log("python-traceback-source-line-client", "binance",
    "Traceback (most recent call last):\n  File \"/opt/bots/arb/main.py\", line 12, in <module>\n    client = Client(os.environ[\"BN_KEY\"], \"{{S}}\")\n  File \"/usr/lib/python3.11/site-packages/binance/client.py\", line 305, in __init__\n    self.ping()\nbinance.exceptions.BinanceAPIException: APIError(code=-2015): Invalid API-key, IP, or permissions for action.",
    "APIError(code=-2015)")
log("node-syntaxerror-source-caret", "pk",
    "/app/scripts/deploy.js:8\n  const wallet = new Wallet(\"0x{{S}}\" provider);\n                                                                                ^^^^^^^^\n\nSyntaxError: missing ) after argument list",
    "SyntaxError: missing ) after argument list")
log("s3-presigned-url-in-log", lambda c: hexs(64),
    "{{ts}} INFO uploader: metadata for token {{tokenid}} -> https://{{project}}-meta.s3.eu-west-1.amazonaws.com/{{tokenid}}.json?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIA{{ualnum16}}%2F20241102%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20241102T101500Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature={{S}}",
    "metadata for token {{tokenid}}")
log("gcs-signed-url-in-log", lambda c: hexs(512),
    "{{ts}} DEBUG snapshotter: download link https://storage.googleapis.com/{{project}}-snapshots/geth-{{blk}}.tar.zst?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=snap%40{{project}}.iam.gserviceaccount.com%2F20241102%2Fauto%2Fstorage%2Fgoog4_request&X-Goog-Date=20241102T000000Z&X-Goog-Expires=3600&X-Goog-SignedHeaders=host&X-Goog-Signature={{S}}",
    "geth-{{blk}}.tar.zst")
log("cloudfront-signed-url-in-log", lambda c: _tok(_ALNUM + "-~", 172),
    "{{ts}} INFO cdn: reveal image https://d{{hex8}}.cloudfront.net/reveal/{{tokenid}}.png?Expires={{epochs}}&Signature={{S}}&Key-Pair-Id=K{{ualnum16}}",
    "reveal image")
log("azure-sas-url-in-log", lambda c: base64.b64encode(bytes(_R.getrandbits(8) for _ in range(32))).decode().replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    "{{ts}} WARN backup: retrying PUT https://{{word}}backups.blob.core.windows.net/keystores/{{date}}.tar.gpg?sv=2022-11-02&ss=b&srt=o&sp=rwc&se=2025-01-01T00:00:00Z&st={{date}}T00:00:00Z&spr=https&sig={{S}}",
    "retrying PUT")
log("gunicorn-request-headers-cookie", lambda c: b64url(48),
    "[{{date}} {{time}} +0000] [{{pid}}] [DEBUG] GET /api/admin/drops\n  Host: admin.{{domain}}\n  Cookie: csrftoken={{hex32}}; sessionid={{S}}",
    "GET /api/admin/drops")
log("ioredis-connect-error-url", "pwr",
    "[ioredis] Unhandled error event: Error: connect ETIMEDOUT\n    at Socket.<anonymous> (node_modules/ioredis/built/Redis.js:170:41)\n  options: { url: 'redis://:{{S}}@{{ip}}:6379/0' }",
    "[ioredis] Unhandled error event")
log("custom-print-broker-url", "pwu",
    "[{{date}} {{time}}] bot.worker starting; broker=redis://default:{{S}}@{{host}}:6379/1 backend=rpc://",
    "bot.worker starting")
log("mongo-server-selection-error-uri", "pwu",
    "MongoServerSelectionError: connection <monitor> to {{ip}}:27017 closed\n    at Timeout._onTimeout (node_modules/mongodb/lib/sdam/topology.js:278:38)\n  uri: 'mongodb+srv://{{user}}:{{S}}@cluster0.{{hex6}}.mongodb.net/?retryWrites=true'",
    "MongoServerSelectionError")
log("prisma-p1001-with-database-url", "pwu",
    "Error: P1001: Can't reach database server at `{{host}}`:`5432`\n\nPlease make sure your database server is running at `{{host}}`:`5432`.\nDATABASE_URL=\"postgresql://{{user}}:{{S}}@{{host}}:5432/{{db}}?schema=public\"",
    "Error: P1001")
log("truffle-hdwallet-unknown-args-mnemonic", "mn12",
    "Error: Unknown arguments format passed to new HDWalletProvider. Please check your configuration and try again\n    at getOptions (/usr/lib/node_modules/truffle/build/cli.bundled.js:1:4321)\n    args: [ '{{S}}', undefined ]",
    "Unknown arguments format passed to new HDWalletProvider")
log("forge-trace-envuint-return-key", "pk",
    "  [{{n3}}{{n3}}] DeployScript::run()\n    ├─ [0] VM::envUint(\"PRIVATE_KEY\") [staticcall]\n    │   └─ ← [Return] 0x{{S}}\n    ├─ [0] VM::startBroadcast(<pk>)",
    "DeployScript::run()")
log("alchemy-webhook-handler-signing-key-log", lambda c: "whsec_" + alnum(24),
    "{{ts}} DEBUG webhooks: verifying X-Alchemy-Signature with signing key {{S}} for webhook wh_{{lalnum16}}",
    "verifying X-Alchemy-Signature")
log("okx-request-headers-debug", "pw",
    "DEBUG okx.rest: POST /api/v5/trade/order headers={'OK-ACCESS-KEY': '{{uuid}}', 'OK-ACCESS-SIGN': '{{sshfp}}', 'OK-ACCESS-TIMESTAMP': '{{ts}}', 'OK-ACCESS-PASSPHRASE': '{{S}}'}",
    "POST /api/v5/trade/order")
log("urllib3-insecure-warning-userinfo-url", "pwu",
    "/usr/lib/python3/dist-packages/urllib3/connectionpool.py:1099: InsecureRequestWarning: Unverified HTTPS request is being made to host '{{host}}'.\n  retrying https://{{user}}:{{S}}@{{host}}:8545/ (attempt 3/5)",
    "InsecureRequestWarning")
log("infura-401-basic-auth-header-dump", lambda c: base64.b64encode((":" + hexs(32)).encode()).decode(),
    "HTTP/1.1 401 Unauthorized  POST https://mainnet.infura.io/v3/{{hex32}}\n  request headers: {'Content-Type': 'application/json', 'Authorization': 'Basic {{S}}'}\n  body: invalid project id or project secret",
    "invalid project id or project secret")
log("clickhouse-connection-error-password-param", "pwu",
    "Code: 516. DB::Exception: {{user}}: Authentication failed: password is incorrect, or there is no user with such name. (AUTHENTICATION_FAILED)\n  dsn: clickhouse://{{user}}:{{S}}@{{host}}:9000/{{db}}",
    "AUTHENTICATION_FAILED")
log("grafana-alert-slack-webhook-url", lambda c: alnum(24),
    "logger=alerting.notifier.slack t={{ts}} level=error msg=\"Failed to send Slack message\" url=https://hooks.slack.com/services/T{{ualnum16}}/B{{hex8}}/{{S}} error=\"404 no_team\"",
    "logger=alerting.notifier.slack")
log("lambda-event-json-x-api-key", lambda c: b64url(40),
    "START RequestId: {{uuid}} Version: $LATEST\n{{ts}}\t{{uuid}}\tINFO\tevent {\"headers\":{\"x-api-key\":\"{{S}}\",\"content-type\":\"application/json\"},\"path\":\"/mint\"}",
    "\"path\":\"/mint\"")
log("vercel-build-log-env-echo", "alchemy",
    "{{time}}.345 Running \"npm run build\"\n{{time}}.601 > env | grep ALCHEMY\n{{time}}.603 ALCHEMY_API_KEY={{S}}\n{{time}}.990 > next build",
    "Running \"npm run build\"")
log("jest-expected-received-diff-secret", lambda c: "sk_live_" + alnum(24),
    "  ● moonpay › signs widget url\n\n    expect(received).toBe(expected)\n\n    Expected: \"https://buy.moonpay.com?apiKey=pk_live_{{alnum16}}&signature=...\"\n    Received: \"{{S}}\"",
    "moonpay › signs widget url")
log("pytest-assert-rewrite-shows-key", "pk",
    ">       assert signer.address == EXPECTED\nE       AssertionError: assert '{{addr}}' == '{{addr2}}'\nE        +  where '{{addr}}' = <LocalAccount key=HexBytes('0x{{S}}')>.address",
    "AssertionError: assert '{{addr}}'")
log("worker-tail-console-log-key", "hex32",
    "{{ts}}  GET https://nft-api.{{domain}}/collection/{{project}} - Ok\n  (log) opensea key {{S}}\n  (log) floor {{amt}}",
    "(log) floor {{amt}}")
log("rich-traceback-locals-panel", lambda c: hexs(64),
    "│ ❱ 88 │   │   resp = self._sign_and_send(path, body)                    │\n│ ╭───────────────────────── locals ─────────────────────────╮           │\n│ │       path = '/api/v4/futures/usdt/orders'                │           │\n│ │ api_secret = '{{S}}' │           │\n│ ╰──────────────────────────────────────────────────────────╯           │",
    "/api/v4/futures/usdt/orders")
log("elixir-ecto-connection-error-opts", "pw",
    "** (DBConnection.ConnectionError) tcp connect ({{host}}:5432): connection refused - :econnrefused\n    opts: [hostname: \"{{host}}\", username: \"{{user}}\", password: \"{{S}}\", database: \"{{db}}\"]",
    "DBConnection.ConnectionError")
log("go-logrus-rpc-endpoint-field", "quicknode",
    "time=\"{{ts}}\" level=error msg=\"rpc call failed\" endpoint=\"https://{{word}}-{{word2}}-hazy.bsc.quiknode.pro/{{S}}/\" err=\"429 Too Many Requests\" method=eth_getLogs",
    "msg=\"rpc call failed\"")
log("prometheus-scrape-error-basic-auth-url", "pwu",
    "ts={{ts}} caller=scrape.go:1274 level=warn component=\"scrape manager\" target=http://node:{{S}}@{{ip}}:9100/metrics msg=\"Scrape failed\" err=\"context deadline exceeded\"",
    "caller=scrape.go:1274")
log("hardhat-debug-config-accounts", "pk",
    "  hardhat:core:hre Creating HardhatRuntimeEnvironment +0ms\n  hardhat:core:config resolved networks.{{chain}} = { url: 'http://{{ip}}:8545', accounts: [ '0x{{S}}' ] } +12ms",
    "hardhat:core:hre Creating HardhatRuntimeEnvironment")
log("sshd-failed-password-in-username", "pwn",
    "{{date}}T{{time}} {{host}} sshd[{{pid}}]: Failed password for invalid user {{S}} from {{pubip}} port 53122 ssh2\n{{date}}T{{time}} {{host}} sshd[{{pid}}]: Accepted password for {{user}} from {{pubip}} port 53130 ssh2",
    "Accepted password for {{user}} from {{pubip}}")
log("mysql-general-log-set-password", "pw",
    "{{ts}}\t   {{n}} Query\tSET PASSWORD FOR '{{user}}'@'%' = '{{S}}'", "SET PASSWORD FOR '{{user}}'@'%'")
log("postgres-log-statement-alter-role", "pw",
    "{{date}} {{time}}.114 UTC [{{pid}}] postgres@{{db}} LOG:  statement: ALTER ROLE {{user}} WITH PASSWORD '{{S}}';",
    "LOG:  statement: ALTER ROLE {{user}}")
log("bash-xtrace-curl-bearer", lambda c: "dp.st.prd." + alnum(43),
    "+ curl -sf -H 'Authorization: Bearer {{S}}' https://api.doppler.com/v3/configs/config/secrets/download?format=env\n+ set +x",
    "api.doppler.com/v3/configs/config/secrets/download")
log("make-echo-command-with-key", "etherscan",
    "make verify\nforge verify-contract --chain {{chain}} --etherscan-api-key {{S}} {{addr}} src/Staking.sol:Staking\nmake: *** [Makefile:21: verify] Error 1",
    "make: *** [Makefile:21: verify] Error 1")
log("web3signer-debug-keystore-password-log", "pw",
    "{{ts}} | main | DEBUG | KeystoreUtil | decrypting keystore /keys/{{vidx}}.json with password file /pw/{{vidx}}.txt contents='{{S}}'",
    "KeystoreUtil")
log("celery-task-args-repr-secret", lambda c: alnum(36),
    "[{{date}} {{time}},331: INFO/MainProcess] Task bots.rebalance[{{uuid}}] received: args=('bybit', '{{alnum18}}', '{{S}}') kwargs={}",
    "Task bots.rebalance[{{uuid}}]")
log("ethers-v5-signer-debug-mnemonic", "mn12",
    "DEBUG deploy: using HD signer { phrase: '{{S}}', path: \"m/44'/60'/0'/0/0\", locale: 'en' }",
    "using HD signer")
log("solana-cli-verbose-rpc-url", "uuid",
    "$ solana -v balance\nConfig File: /home/{{user}}/.config/solana/cli/config.yml\nRPC URL: https://mainnet.helius-rpc.com/?api-key={{S}}\nWebSocket URL: wss://mainnet.helius-rpc.com/?api-key={{S}} (computed)\nKeypair Path: /home/{{user}}/.config/solana/id.json\n{{amt}} SOL",
    "Keypair Path: /home/{{user}}/.config/solana/id.json")
log("kafka-consumer-config-jaas-password", "pwu",
    "[{{date}} {{time}},018] INFO ConsumerConfig values:\n\tbootstrap.servers = [{{host}}:9092]\n\tgroup.id = mempool-watchers\n\tsasl.jaas.config = org.apache.kafka.common.security.plain.PlainLoginModule required username=\"{{user}}\" password=\"{{S}}\";\n\tsasl.mechanism = PLAIN",
    "group.id = mempool-watchers")
log("uvicorn-access-log-api-key-query", "alnum32",
    "INFO:     {{ip}}:51844 - \"GET /v1/floor?collection={{project}}&api_key={{S}} HTTP/1.1\" 200 OK",
    "GET /v1/floor?collection={{project}}")
log("android-logcat-wallet-restore", "mn12",
    "{{date}} {{time}}.882 {{pid}} {{pid}} D WalletRepository: restoreFromMnemonic(words=\"{{S}}\", account=0)\n{{date}} {{time}}.901 {{pid}} {{pid}} I WalletRepository: restored {{addr}}",
    "I WalletRepository: restored {{addr}}")


# =========================================================================
# group: note-or-chat -- running notes, goals, decisions, pasted chat
# =========================================================================
note("slack-handover-ssh-password", "pw",
    "[{{time}}] {{person}}: @{{person2}} handing over the keeper box before my PTO. ssh {{user}}@{{ip}}, pw is {{S}} (please rotate after the upgrade)",
    "ssh {{user}}@{{ip}}")
note("german-chat-keystore-password", "pw",
    "{{person}}: Hey {{person2}}, das Passwort für den Validator-Keystore auf {{host}} ist {{S}} – bitte nicht weiterleiten 😅",
    "{{host}}")
note("spanish-chat-seed-phrase", "mn12",
    "{{person}}: la frase semilla de la wallet de tesorería (la de {{chain}}) es: {{S}}\n{{person2}}: ok, la paso al Ledger y borro este mensaje",
    "la paso al Ledger")
note("french-note-rpc-node-password", "pw",
    "Note ({{date}}) : le mot de passe de l'interface d'admin du nœud RPC {{host}} est « {{S}} ». À changer après la migration vers reth.",
    "nœud RPC {{host}}")
note("portuguese-chat-grafana-senha", "pw",
    "{{person}}: senha do grafana de produção: {{S}}\n{{person}}: usuário é admin mesmo",
    "usuário é admin mesmo")
note("japanese-note-deploy-private-key", "pk",
    "メモ：本番デプロイ用の秘密鍵は 0x{{S}} です。アドレスは {{addr}}。後でKMSに移す。",
    "アドレスは {{addr}}")
note("chinese-chat-exchange-api-secret", "binance",
    "{{person}}：币安子账户的 API Secret 是 {{S}} ，只开了现货交易权限，没有提现权限。",
    "只开了现货交易权限")
note("russian-chat-server-password", "pw",
    "{{person}}: пароль от сервера с нодой ({{ip}}): {{S}}\n{{person2}}: спасибо, зашёл",
    "спасибо, зашёл")
note("korean-chat-wallet-password", "pw",
    "{{person}}: 핫월렛 키스토어 비밀번호는 {{S}} 입니다. 서버는 {{host}}",
    "서버는 {{host}}")
note("turkish-chat-db-sifre", "pw",
    "{{person}}: indexer veritabanı şifresi: {{S}} (kullanıcı: {{user}})",
    "(kullanıcı: {{user}})")
note("vietnamese-chat-vi-mat-khau", "pw",
    "{{person}}: mật khẩu ví MetaMask trên máy test là {{S}} nhé, đừng dùng cho mainnet",
    "đừng dùng cho mainnet")
note("polish-note-haslo-do-bazy", "pw",
    "Notatka: hasło do bazy {{db}} na {{host}} to {{S}}, login {{user}}.",
    "login {{user}}")
note("italian-chat-multisig-signer-password", "pw",
    "{{person}}: la password del keystore del signer #2 del multisig è {{S}}, il file è su {{host}}:/srv/keys",
    "il file è su {{host}}:/srv/keys")
note("hindi-chat-password", "pw",
    "{{person}}: नोड सर्वर का पासवर्ड {{S}} है, यूज़र {{user}}",
    "यूज़र {{user}}")
note("indonesian-chat-kata-sandi", "pw",
    "{{person}}: kata sandi dashboard bot trading: {{S}} (akun {{email}})",
    "(akun {{email}})")
note("dutch-note-wachtwoord-ledger-backup", "pwp",
    "Wachtwoord voor het versleutelde Ledger-backupbestand: {{S}} — staat ook in de kluis op kantoor.",
    "staat ook in de kluis op kantoor")
note("ukrainian-chat-binance-api-key-secret", "binance",
    "{{person}}: секретний ключ API Binance для бота: {{S}} (IP whitelist {{pubip}})",
    "(IP whitelist {{pubip}})")
note("arabic-chat-password", "pw",
    "{{person}}: كلمة المرور لخادم المدقق هي {{S}} والمستخدم {{user}}",
    "{{user}}")
note("agent-note-found-old-deployer-key", "pk",
    "NOTE: found the old deployer key in packages/contracts/.env.bak (0x{{S}}) — address {{addr}} still holds {{amt}} ETH on {{chain}}; need to sweep before deleting the file.",
    "packages/contracts/.env.bak")
note("agent-goal-rotate-leaked-key", "alchemy",
    "Goal: rotate the Alchemy key {{S}} that leaked in PR #{{n3}}, update Vercel env and the indexer Helm values, then confirm no 401s in the dashboard.",
    "leaked in PR #{{n3}}")
note("decision-log-quicknode-endpoint", "quicknode",
    "Decision ({{date}}): keep using the QuickNode archive endpoint https://{{word}}-{{word2}}-dawn.quiknode.pro/{{S}}/ for trace_* calls; Alchemy stays for everything else.",
    "for trace_* calls")
note("discord-message-faucet-bot-token", "discord",
    "{{person}} — {{date}}\ngm ser, here's the testnet faucet bot token {{S}} pls dont leak lol",
    "testnet faucet bot token")
note("telegram-paste-bybit-subaccount-creds", lambda c: alnum(36),
    "[{{date}} {{time}}] {{person}}: creds for bybit subaccount arb-3\nkey: {{alnum18}}\nsecret: {{S}}\n[{{date}} {{time}}] {{person2}}: 👍",
    "creds for bybit subaccount arb-3")
note("email-forward-okx-passphrase", "pw",
    "From: {{person}} <{{email}}>\nSubject: Re: OKX API for the MM bot\n\nHi, the passphrase is {{S}} (the one we set when creating the key in March). Key and secret are in the usual vault.",
    "Subject: Re: OKX API for the MM bot")
note("meeting-notes-old-signer-seed", "mn24",
    "Ops sync {{date}}\n- treasury multisig signer #3 moved to HSM\n- old hot seed (to burn once balance is 0): {{S}}\n- next: remove signer #3 from the Safe",
    "remove signer #3 from the Safe")
note("github-issue-comment-key-in-backticks", "alchemy",
    "I'm getting `401 Must be authenticated!` with my key `{{S}}` on base-sepolia, what am I doing wrong? Works on mainnet.",
    "`401 Must be authenticated!`")
note("pr-review-comment-mnemonic-line", "mn12",
    "{{person}} commented on hardhat.config.js line 14:\n> nit: you committed your mnemonic: `{{S}}` — please rotate and move to `hardhat vars`",
    "move to `hardhat vars`")
note("chat-unlabeled-password-reply", "pwn",
    "{{person2}}: what's the new db password after the rotation?\n{{person}}: {{S}}\n{{person2}}: works, thx",
    "what's the new db password after the rotation?")
note("ticket-grafana-admin-current", "pw",
    "OPS-{{n3}}: Please reset the Grafana admin on monitoring.{{domain}}. Current password: {{S}}. Reported by {{person}}.",
    "OPS-{{n3}}")
note("abbrev-k-s-bybit-creds", lambda c: alnum(36),
    "bybit creds (mm-2) -> k: {{alnum18}} / s: {{S}}", "bybit creds (mm-2)")
note("abbrev-pw-zip-backup", "pwu",
    "pw {{S}} for the ledger-live-backup-{{date}}.zip", "ledger-live-backup-{{date}}.zip")
note("abbrev-pass-colon-vps", "pw",
    "vps {{pubip}} / root / pass: {{S}}", "vps {{pubip}} / root")
note("todo-list-move-key-to-vault", "hex32",
    "TODO\n- [x] bump ethers to 6.13\n- [ ] move `{{S}}` (opensea key) out of src/config.ts into vault\n- [ ] add rate limit",
    "bump ethers to 6.13")
note("handover-doc-keystore-pass", "pwp",
    "## Validator client unlock\nkeystore pass = {{S}}\n(web3signer reads it from /pw, this is only for manual recovery)",
    "## Validator client unlock")
note("call-transcript-passphrase-spoken", "pwp",
    "Call notes w/ {{person}}: he said the BIP39 passphrase is '{{S}}' all lowercase, words separated like written. Test on a spare device first.",
    "Test on a spare device first.")
note("notion-table-row-kraken-secret", lambda c: b64raw(64),
    "| Exchange | Bot | Private key | Owner |\n|---|---|---|---|\n| Kraken | grid-{{n}} | {{S}} | {{person}} |",
    "| Exchange | Bot | Private key | Owner |")
note("commit-message-temp-hardcode", "infura",
    "commit {{sha}}\n\n    chore: temp hardcode infura secret {{S}} until CI env is fixed",
    "until CI env is fixed")
note("agent-scratchpad-cast-balance-key", "pk",
    "scratch: tried `cast wallet address --private-key 0x{{S}}` → {{addr}}; balance {{amt}} ETH. This is the relayer wallet the user mentioned.",
    "This is the relayer wallet the user mentioned.")
note("chat-25th-word-unlabeled", "pwp",
    "{{person2}}: what's the 25th word for the treasury Trezor again?\n{{person}}: {{S}}\n{{person}}: (delete this pls)",
    "what's the 25th word for the treasury Trezor again?")
note("ledger-pin-note", lambda c: digits(8),
    "Ledger Nano X (ops, serial ending {{n3}}) PIN: {{S}}", "Ledger Nano X (ops, serial ending {{n3}})")
note("chinese-note-mnemonic", "mn12",
    "备忘：测试网空投钱包助记词：{{S}}\n地址 {{addr}}",
    "地址 {{addr}}")
note("japanese-chat-bitflyer-secret", lambda c: b64raw(32),
    "{{person}}: bitFlyerのAPIシークレットです → {{S}}\n{{person}}: キーは別で送ります",
    "キーは別で送ります")
note("korean-chat-upbit-secret", lambda c: alnum(40),
    "{{person}}: 업비트 시크릿 키: {{S}} (출금 권한 없음)",
    "(출금 권한 없음)")
note("thai-chat-password", "pw",
    "{{person}}: รหัสผ่านเซิร์ฟเวอร์โหนดคือ {{S}} นะครับ", "{{person}}")
note("hebrew-chat-password", "pw",
    "{{person}}: הסיסמה לשרת הוולידטור: {{S}}", "{{person}}:")
note("swahili-chat-nenosiri", "pw",
    "{{person}}: nenosiri la seva ya node ni {{S}}", "nenosiri la seva ya node ni")
note("czech-note-heslo", "pw",
    "Poznámka: heslo k serveru {{host}} je {{S}} (uživatel {{user}}).",
    "(uživatel {{user}})")
note("greek-chat-kodikos", "pw",
    "{{person}}: ο κωδικός για το dashboard του bot είναι {{S}}",
    "ο κωδικός για το dashboard του bot είναι")
note("finnish-chat-salasana", "pw",
    "{{person}}: indeksoijan tietokannan salasana on {{S}}", "indeksoijan tietokannan salasana on")
note("romanian-chat-parola", "pw",
    "{{person}}: parola pentru contul de exchange e {{S}}, 2FA e pe telefonul meu",
    "2FA e pe telefonul meu")
note("persian-chat-ramz", "pw",
    "{{person}}: رمز عبور سرور نود: {{S}}", "{{person}}:")
note("tagalog-chat-password-ng-wallet", "pw",
    "{{person}}: yung password ng wallet sa test laptop ay {{S}}",
    "yung password ng wallet sa test laptop ay")
note("chat-code-block-private-key", "pk",
    "{{person}}:\n```\n0x{{S}}\n```\nthat's the hot wallet for the faucet, top it up from treasury when < 1 ETH",
    "that's the hot wallet for the faucet")
note("agent-plan-user-supplied-signer", "pk",
    "Plan:\n1. use the signer key the user pasted (0x{{S}}) only on sepolia\n2. deploy Vault + Strategy\n3. verify on etherscan",
    "deploy Vault + Strategy")
note("user-instruction-use-my-infura-key", "infura",
    "User: use my infura key {{S}} and deploy the NFT contract to sepolia, mint 5 to {{addr}}",
    "mint 5 to {{addr}}")
note("session-summary-credentials-used", "pw",
    "Session summary ({{date}}):\n- migrated indexer to pg16\n- credentials used: db pw `{{S}}` (user {{user}})\n- remaining: reindex from block {{blk}}",
    "reindex from block {{blk}}")
note("retro-leaked-telegram-token", "tg",
    "Retro: the Telegram alert bot token {{S}} leaked in a screenshot on Twitter; revoked via BotFather at {{time}}.",
    "revoked via BotFather")
note("french-chat-coinbase-secret", lambda c: b64raw(64),
    "{{person}} : la clé secrète Coinbase Advanced pour le bot de DCA : {{S}}",
    "pour le bot de DCA")
note("spanish-chat-vps-contrasena", "pw",
    "{{person}}: oye, la contraseña del VPS de los bots ({{pubip}}) es {{S}}",
    "{{pubip}}")
note("creds-slash-separated", "pw",
    "creds for the blockscout admin: {{user}} / {{S}}", "creds for the blockscout admin")
note("login-pass-inline", "pw",
    "login {{email}} pass {{S}} (OpenSea studio account for the drop)",
    "(OpenSea studio account for the drop)")
note("forum-help-post-keystore-pw", "pwl",
    "Help! my keystore pw is {{S}} but geth says `could not decrypt key with given password`. Address {{addr}}. What am I missing?",
    "could not decrypt key with given password")
note("standup-new-binance-secret", "binance",
    "Standup {{date}} ({{person}}): yesterday rotated bot keys; new Binance secret {{S}} is also in 1Password. Today: backtests.",
    "Today: backtests.")
note("german-chat-kraken-private-key", lambda c: b64raw(64),
    "{{person}}: Kraken Private Key fürs Grid-Bot-Konto: {{S}}",
    "fürs Grid-Bot-Konto")
note("portuguese-note-frase-de-recuperacao", "mn24",
    "Anotação: frase de recuperação da carteira do tesouro da DAO ({{ens}}):\n{{S}}",
    "carteira do tesouro da DAO ({{ens}})")
note("numbered-seed-words-chat", lambda c: numbered_mnemonic(12),
    "{{person}}: here's the seed for the test phone wallet, in order:\n{{S}}\n{{person2}}: got it",
    "here's the seed for the test phone wallet")
note("agent-decision-keep-db-password", "pwu",
    "Decision: keep the shared read-only db password ({{S}}) for the analytics notebooks until the IAM auth migration lands.",
    "until the IAM auth migration lands")
note("dao-forum-draft-snapshot-key", lambda c: hexs(64),
    "Draft for the DAO ops post: 'Snapshot Hub API key {{S}} has been rotated'  <- remove the key before posting!",
    "remove the key before posting!")


# =========================================================================
# group: ci-and-deploy -- CI pipelines, deploy manifests, deploy logs
# =========================================================================
ci("gha-env-literal-private-key", "pk",
    "jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      RPC_URL: ${{ secrets.SEPOLIA_RPC }}\n      PRIVATE_KEY: \"0x{{S}}\"\n    steps:\n      - uses: actions/checkout@v4",
    "RPC_URL: ${{ secrets.SEPOLIA_RPC }}")
ci("gha-run-step-forge-private-key", "pk",
    "      - name: Deploy\n        run: |\n          forge script script/Deploy.s.sol --rpc-url \"$RPC_URL\" --broadcast \\\n            --private-key 0x{{S}}",
    "- name: Deploy")
ci("gitlab-ci-variables-block", "etherscan",
    "variables:\n  FOUNDRY_PROFILE: ci\n  ETHERSCAN_API_KEY: \"{{S}}\"\n\nverify:\n  stage: deploy\n  script:\n    - forge verify-contract $ADDR src/Token.sol:Token --chain {{chain}}",
    "FOUNDRY_PROFILE: ci")
ci("circleci-environment-map", "alchemy",
    "jobs:\n  test:\n    docker:\n      - image: cimg/node:20.11\n    environment:\n      ALCHEMY_KEY: {{S}}\n      FORK_BLOCK: \"{{blk}}\"",
    "image: cimg/node:20.11")
ci("jenkinsfile-withenv-literal", "infura",
    "stage('Deploy') {\n  steps {\n    withEnv([\"INFURA_PROJECT_SECRET={{S}}\", \"NETWORK={{chain}}\"]) {\n      sh 'npx hardhat run scripts/deploy.ts --network $NETWORK'\n    }\n  }\n}",
    "stage('Deploy')")
ci("dockerfile-env-api-key", "alchemy",
    "FROM node:20-slim\nWORKDIR /app\nENV ALCHEMY_API_KEY={{S}}\nCOPY . .\nRUN npm ci && npm run build\nCMD [\"node\", \"dist/indexer.js\"]",
    "CMD [\"node\", \"dist/indexer.js\"]")
ci("dockerfile-arg-default-npm-token", lambda c: "npm_" + alnum(36),
    "ARG NPM_TOKEN={{S}}\nRUN echo \"//registry.npmjs.org/:_authToken=${NPM_TOKEN}\" > .npmrc && npm ci && rm .npmrc",
    "rm .npmrc")
ci("dockerfile-run-echo-pypi-token", lambda c: "pypi-" + b64url(100),
    "RUN pip config set global.extra-index-url https://__token__:{{S}}@pypi.{{domain}}/simple/ \\\n && pip install -r requirements.txt",
    "pip install -r requirements.txt")
ci("compose-prod-env-signer-key", "pk",
    "# docker-compose.prod.yml\n  relayer:\n    image: ghcr.io/{{repo}}/relayer:{{ver}}\n    environment:\n      - CHAIN_ID={{chainid}}\n      - RELAYER_KEY=0x{{S}}\n    restart: always",
    "image: ghcr.io/{{repo}}/relayer:{{ver}}")
ci("k8s-deployment-env-value", "binance",
    "        containers:\n        - name: grid-bot\n          image: registry.{{domain}}/grid-bot:{{short}}\n          env:\n          - name: BINANCE_API_SECRET\n            value: \"{{S}}\"\n          - name: LOG_LEVEL\n            value: info",
    "- name: grid-bot")
ci("helm-upgrade-set-flag-private-key", "pk",
    "helm upgrade --install keeper ./charts/keeper -n {{project}} \\\n  --set image.tag={{short}} \\\n  --set secrets.privateKey=0x{{S}}",
    "--set image.tag={{short}}")
ci("terraform-secretsmanager-version-literal", "mn24",
    "resource \"aws_secretsmanager_secret_version\" \"treasury_seed\" {\n  secret_id     = aws_secretsmanager_secret.treasury_seed.id\n  secret_string = \"{{S}}\"\n}",
    "aws_secretsmanager_secret.treasury_seed.id")
ci("terraform-provider-token-literal", lambda c: b64url(40),
    "provider \"cloudflare\" {\n  api_token = \"{{S}}\"\n}\n\nresource \"cloudflare_record\" \"rpc\" {\n  name = \"rpc\"\n  value = \"{{pubip}}\"\n}",
    "resource \"cloudflare_record\" \"rpc\"")
ci("ansible-task-password-literal", "pw",
    "- name: create indexer db user\n  community.postgresql.postgresql_user:\n    name: {{user}}\n    password: \"{{S}}\"\n    db: {{db}}",
    "community.postgresql.postgresql_user")
ci("fly-secrets-set-deploy-log", "pk",
    "$ fly secrets set SIGNER_KEY=0x{{S}} -a {{project}}-relayer\nRelease v{{n}} created\n==> Monitoring deployment",
    "Monitoring deployment")
ci("vercel-env-add-echo-pipe", "alchemy",
    "echo -n '{{S}}' | vercel env add ALCHEMY_API_KEY production\nVercel CLI 33.5.0\n✅  Added Environment Variable ALCHEMY_API_KEY to Project {{project}}",
    "Added Environment Variable ALCHEMY_API_KEY")
ci("railway-variables-set", "pwu",
    "railway variables --set \"DATABASE_URL=postgresql://postgres:{{S}}@{{host}}:5432/railway\" --service indexer",
    "--service indexer")
ci("netlify-toml-build-environment", "hex32",
    "[build]\n  command = \"npm run build\"\n  publish = \"out\"\n\n[build.environment]\n  NODE_VERSION = \"20\"\n  OPENSEA_API_KEY = \"{{S}}\"",
    "publish = \"out\"")
ci("travis-yml-env-global", "etherscan",
    "language: node_js\nnode_js: 18\nenv:\n  global:\n    - POLYGONSCAN_API_KEY={{S}}\nscript: npm test",
    "language: node_js")
ci("bitbucket-pipelines-script-export", "pk",
    "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n            - export DEPLOYER_PK=0x{{S}}\n            - npx hardhat deploy --network {{chain}}",
    "npx hardhat deploy --network {{chain}}")
ci("azure-pipelines-variables", "pw",
    "variables:\n  buildConfiguration: 'Release'\n  keystorePassword: '{{S}}'\n\nsteps:\n- script: dotnet run --project Signer -- --keystore keys/hot.json",
    "buildConfiguration: 'Release'")
ci("drone-yml-environment", "tg",
    "steps:\n- name: notify\n  image: appleboy/drone-telegram\n  environment:\n    PLUGIN_TOKEN: {{S}}\n    PLUGIN_TO: \"-100{{n3}}{{n3}}\"",
    "image: appleboy/drone-telegram")
ci("buildkite-pipeline-env", "alnum32",
    "steps:\n  - label: \":chart_with_upwards_trend: refresh dashboards\"\n    command: python scripts/refresh_dune.py\n    env:\n      DUNE_API_KEY: \"{{S}}\"",
    "python scripts/refresh_dune.py")
ci("gha-docker-login-password-literal", lambda c: "dckr_pat_" + b64url(27),
    "      - uses: docker/login-action@v3\n        with:\n          username: {{user}}\n          password: {{S}}",
    "docker/login-action@v3")
ci("gha-matrix-rpc-url-with-key", "infura",
    "    strategy:\n      matrix:\n        network: [mainnet, polygon]\n        include:\n          - network: mainnet\n            rpc: https://mainnet.infura.io/v3/{{S}}",
    "network: [mainnet, polygon]")
ci("gha-log-env-block-unmasked", "pk",
    "Run npx hardhat run scripts/deploy.ts --network {{chain}}\n  npx hardhat run scripts/deploy.ts --network {{chain}}\n  shell: /usr/bin/bash -e {0}\n  env:\n    DEPLOYER_KEY: 0x{{S}}\n    RPC_URL: ***",
    "shell: /usr/bin/bash -e {0}")
ci("kustomize-secret-generator-literal", "pw",
    "secretGenerator:\n- name: web3signer-db\n  literals:\n  - username=web3signer\n  - password={{S}}",
    "- name: web3signer-db")
ci("heroku-app-json-env-value", "hex64",
    "{\n  \"name\": \"{{project}}-api\",\n  \"env\": {\n    \"SIWE_SESSION_SECRET\": { \"value\": \"{{S}}\" },\n    \"CHAIN_ID\": { \"value\": \"{{chainid}}\" }\n  }\n}",
    "\"name\": \"{{project}}-api\"")
ci("serverless-yml-environment", "uuid",
    "provider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n    RESERVOIR_API_KEY: {{S}}\n    STAGE: ${sls:stage}",
    "runtime: nodejs20.x")
ci("sam-template-parameter-default", "alnum32",
    "Parameters:\n  TenderlyAccessKey:\n    Type: String\n    NoEcho: true\n    Default: {{S}}",
    "NoEcho: true")
ci("pulumi-stack-config-plain", "pw",
    "# Pulumi.prod.yaml\nconfig:\n  aws:region: us-east-2\n  {{project}}:dbPassword: {{S}}",
    "aws:region: us-east-2")
ci("deploy-script-scp-and-env", "pk",
    "#!/bin/sh\n# deploy.sh\nscp build/keeper {{user}}@{{ip}}:/opt/keeper/\nssh {{user}}@{{ip}} \"KEEPER_PK=0x{{S}} systemctl --user restart keeper\"",
    "scp build/keeper {{user}}@{{ip}}:/opt/keeper/")
ci("makefile-deploy-target-key", "pk",
    "deploy-sepolia:\n\tforge script script/Deploy.s.sol --rpc-url $(SEPOLIA_RPC) \\\n\t  --private-key 0x{{S}} --broadcast --verify",
    "deploy-sepolia:")
ci("package-json-script-inline-key", "pk",
    "  \"scripts\": {\n    \"test\": \"hardhat test\",\n    \"deploy:sepolia\": \"PRIVATE_KEY=0x{{S}} hardhat run scripts/deploy.ts --network sepolia\"\n  },",
    "\"test\": \"hardhat test\"")
ci("cloud-init-chpasswd", "pw",
    "#cloud-config\nhostname: {{host}}\nchpasswd:\n  list: |\n    {{user}}:{{S}}\n  expire: false\nssh_pwauth: true",
    "ssh_pwauth: true")
ci("ansible-inventory-become-pass", "pw",
    "[validators]\n{{host}} ansible_user={{user}} ansible_become_pass={{S}}\n{{host2}} ansible_user={{user}}",
    "{{host2}} ansible_user={{user}}")
ci("gha-services-postgres-password", "pwu",
    "    services:\n      postgres:\n        image: postgres:16\n        env:\n          POSTGRES_PASSWORD: {{S}}\n        ports: ['5432:5432']",
    "image: postgres:16")
ci("gha-step-slack-webhook-curl", lambda c: alnum(24),
    "      - name: Notify\n        if: failure()\n        run: curl -X POST -d '{\"text\":\"deploy failed on ${{ github.ref }}\"}' https://hooks.slack.com/services/T{{ualnum16}}/B{{hex8}}/{{S}}",
    "if: failure()")
ci("gha-step-telegram-notify-token", "tg",
    "      - uses: appleboy/telegram-action@master\n        with:\n          to: \"-100{{n3}}{{n3}}\"\n          token: \"{{S}}\"\n          message: \"{{project}} deployed {{short}}\"",
    "uses: appleboy/telegram-action@master")
ci("tiltfile-local-resource-env", "pk",
    "local_resource(\n  'anvil-seed',\n  cmd='forge script script/Seed.s.sol --fork-url http://localhost:8545 --broadcast',\n  env={'SEED_PK': '0x{{S}}'},\n)",
    "'anvil-seed'")
ci("docker-build-arg-ci-log", "alchemy",
    "#5 [builder 3/7] RUN --mount=type=cache,target=/root/.npm npm ci\n$ docker build --build-arg ALCHEMY_KEY={{S}} -t {{project}}-web:{{short}} .",
    "-t {{project}}-web:{{short}}")
ci("gha-hardhat-deploy-mnemonic-env", "mn12",
    "      - name: hardhat-deploy\n        env:\n          MNEMONIC: \"{{S}}\"\n        run: npx hardhat deploy --network base --tags Governor",
    "--tags Governor")
ci("cloudbuild-yaml-env", "pwu",
    "steps:\n- name: gcr.io/cloud-builders/docker\n  args: ['build', '-t', 'gcr.io/{{project}}/api', '.']\n  env:\n  - 'DB_PASS={{S}}'",
    "gcr.io/cloud-builders/docker")
ci("k8s-cronjob-args-api-secret", lambda c: alnum(36),
    "          containers:\n          - name: funding-harvester\n            image: ghcr.io/{{repo}}/harvester:{{ver}}\n            args: [\"--exchange\", \"bybit\", \"--api-secret\", \"{{S}}\"]",
    "- name: funding-harvester")
ci("docker-secret-create-printf", "pw",
    "printf '%s' '{{S}}' | docker secret create pg_password -\ndocker stack deploy -c stack.yml indexer",
    "docker stack deploy -c stack.yml indexer")
ci("vault-login-token-ci", lambda c: "hvs." + b64url(24),
    "  script:\n    - vault login -no-print {{S}}\n    - export PK=$(vault kv get -field=pk secret/{{project}}/deployer)",
    "secret/{{project}}/deployer")
ci("gha-npm-publish-node-auth-token", lambda c: "npm_" + alnum(36),
    "      - run: npm publish --provenance --access public\n        env:\n          NODE_AUTH_TOKEN: {{S}}",
    "npm publish --provenance --access public")
ci("gha-ssh-action-password", "pw",
    "      - uses: appleboy/ssh-action@v1\n        with:\n          host: {{pubip}}\n          username: {{user}}\n          password: {{S}}\n          script: cd /opt/{{project}} && docker compose pull && docker compose up -d",
    "appleboy/ssh-action@v1")
ci("gitlab-deploy-token-clone-url", lambda c: "gldt-" + b64url(20),
    "  before_script:\n    - git clone https://gitlab+deploy-token-{{n3}}:{{S}}@gitlab.{{domain}}/contracts/{{project}}.git vendor/contracts",
    "vendor/contracts")
ci("deploy-log-deployer-key-echo", "pk",
    "[deploy] network={{chain}} deployer={{addr}}\n[deploy] using key 0x{{S}}\n[deploy] Vault deployed at {{addr2}} (tx {{txh}})",
    "[deploy] network={{chain}} deployer={{addr}}")
ci("ecs-task-definition-environment", "pww",
    "\"containerDefinitions\": [{\n  \"name\": \"indexer\",\n  \"environment\": [\n    {\"name\": \"PGUSER\", \"value\": \"{{user}}\"},\n    {\"name\": \"PGPASSWORD\", \"value\": \"{{S}}\"}\n  ]\n}]",
    "{\"name\": \"PGUSER\", \"value\": \"{{user}}\"}")
ci("gcloud-run-deploy-set-env-vars", "hex32",
    "gcloud run deploy nft-api --image gcr.io/{{project}}/nft-api:{{short}} --region europe-west1 \\\n  --set-env-vars=CHAIN={{chain}},OPENSEA_KEY={{S}}",
    "--region europe-west1")
ci("render-yaml-envvars-value", "jwt",
    "services:\n  - type: web\n    name: {{project}}-api\n    envVars:\n      - key: PINATA_JWT\n        value: {{S}}",
    "name: {{project}}-api")
ci("jcasc-credentials-password", "pw",
    "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n              id: registry\n              username: {{user}}\n              password: \"{{S}}\"",
    "id: registry")
ci("kaniko-docker-config-auth", lambda c: base64.b64encode(("%s:%s" % ("ci", "glpat-" + b64url(20))).encode()).decode(),
    "echo '{\"auths\":{\"registry.gitlab.{{domain}}\":{\"auth\":\"{{S}}\"}}}' > /kaniko/.docker/config.json\n/kaniko/executor --context . --destination registry.gitlab.{{domain}}/{{project}}:{{short}}",
    "/kaniko/executor --context .")
ci("gha-workflow-dispatch-input-default", "pk",
    "on:\n  workflow_dispatch:\n    inputs:\n      signer:\n        description: 'signer key'\n        default: '0x{{S}}'",
    "description: 'signer key'")
ci("concourse-params-literal", "pwu",
    "- task: migrate\n  file: ci/tasks/migrate.yml\n  params:\n    DATABASE_URL: postgres://{{user}}:{{S}}@{{host}}:5432/{{db}}",
    "file: ci/tasks/migrate.yml")
ci("subgraph-deploy-cron-script", "hex32",
    "#!/usr/bin/env bash\n# cron: redeploy subgraph nightly\ncd /opt/subgraphs/{{project}}\ngraph codegen && graph build\ngraph deploy --node https://api.studio.thegraph.com/deploy/ --deploy-key {{S}} --version-label v0.{{n}}.{{n3}} {{project}}",
    "graph codegen && graph build")
ci("gha-runner-config-registration-token", lambda c: "A" + ualnum(28),
    "./config.sh --url https://github.com/{{repo}} --token {{S}} --name {{host}} --labels self-hosted,validator --unattended",
    "--labels self-hosted,validator")
ci("ci-write-ansible-vault-pass-file", "pwp",
    "  script:\n    - echo \"{{S}}\" > .vault_pass\n    - ansible-playbook -i inventory/prod site.yml --vault-password-file .vault_pass",
    "ansible-playbook -i inventory/prod site.yml")
ci("docker-run-validator-keystore-password-env", "pw",
    "docker run -d --name vc -v /srv/keys:/keys \\\n  -e VC_KEYSTORE_PASSWORD='{{S}}' \\\n  sigp/lighthouse:v{{ver}} lighthouse vc --network mainnet --beacon-nodes http://{{ip}}:5052",
    "--beacon-nodes http://{{ip}}:5052")
ci("helm-values-prod-override-file", "pwu",
    "# values-prod.yaml (override)\npostgresql:\n  auth:\n    username: {{user}}\n    password: {{S}}\n    database: {{db}}",
    "database: {{db}}")
ci("gha-cache-and-literal-pinata-secret", lambda c: hexs(64),
    "      - uses: actions/cache@v4\n        with:\n          path: ~/.foundry/cache\n          key: foundry-${{ hashFiles('foundry.toml') }}\n      - run: node scripts/pin.js\n        env:\n          PINATA_API_KEY: {{hex20}}\n          PINATA_SECRET_API_KEY: {{S}}",
    "node scripts/pin.js")


# =========================================================================
# group: vendor-token -- credentials with a vendor-specific shape
# =========================================================================
ven("infura-api-key-secret-pair", "hex32",
    "Infura dashboard → {{project}}-prod\nAPI key:     {{hex32}}\nAPI key secret: {{S}}\nAllowlist: contract addresses ({{n}})",
    "Infura dashboard → {{project}}-prod")
ven("alchemy-app-api-key-card", "alchemy",
    "Alchemy app \"{{project}} indexer\" (Base Mainnet)\nAPI KEY  {{S}}\nHTTPS    https://base-mainnet.g.alchemy.com/v2/…",
    "Alchemy app \"{{project}} indexer\"")
ven("alchemy-notify-auth-token", lambda c: alnum(32),
    "curl -X POST https://dashboard.alchemy.com/api/create-webhook -H 'X-Alchemy-Token: {{S}}' -d @address-activity.json",
    "api/create-webhook")
ven("alchemy-webhook-signing-key-whsec", lambda c: "whsec_" + alnum(24),
    "ALCHEMY_WEBHOOK_SIGNING_KEY={{S}}\nALCHEMY_WEBHOOK_ID=wh_{{lalnum16}}",
    "ALCHEMY_WEBHOOK_ID=wh_{{lalnum16}}")
ven("quicknode-https-endpoint-token", "quicknode",
    "QuickNode endpoint (Solana mainnet): https://{{word}}-{{word2}}-shape.solana-mainnet.quiknode.pro/{{S}}/",
    "QuickNode endpoint (Solana mainnet)")
ven("quicknode-console-api-key", lambda c: "QN_" + hexs(32),
    "curl -H 'x-api-key: {{S}}' https://api.quicknode.com/v0/endpoints?limit=20",
    "api.quicknode.com/v0/endpoints")
ven("etherscan-api-key-v2", "etherscan",
    "Etherscan API v2 (multichain) key for {{project}}: {{S}}  (5 calls/s tier)",
    "(5 calls/s tier)")
ven("bscscan-api-key", "etherscan",
    "BSCSCAN_API_KEY={{S}}", "BSCSCAN_API_KEY=")
ven("basescan-api-key-hardhat-verify", "etherscan",
    "etherscan: {\n  apiKey: { base: \"{{S}}\" },\n  customChains: [{ network: \"base\", chainId: 8453, urls: { apiURL: \"https://api.basescan.org/api\", browserURL: \"https://basescan.org\" } }]\n}",
    "browserURL: \"https://basescan.org\"")
ven("blockscout-api-key-uuid", "uuid",
    "https://eth.blockscout.com/api/v2/addresses/{{addr}}/transactions?apikey={{S}}",
    "/api/v2/addresses/{{addr}}/transactions")
ven("binance-api-secret-key-pair", "binance",
    "Binance API Management → label: mm-{{n}}\nAPI Key: {{alnum_pub}}\nSecret Key: {{S}}\nRestrict access to trusted IPs only: {{pubip}}",
    "Binance API Management → label: mm-{{n}}")
ven("coinbase-cdp-key-name-and-ec-pem", lambda c: ec_pem_body().replace("\n", "\\n"),
    "{\n  \"name\": \"organizations/{{uuid}}/apiKeys/{{uuid2}}\",\n  \"privateKey\": \"-----BEGIN EC PRIVATE KEY-----\\n{{S}}\\n-----END EC PRIVATE KEY-----\\n\"\n}",
    "organizations/{{uuid}}/apiKeys/{{uuid2}}")
ven("coinbase-legacy-api-secret", lambda c: alnum(32),
    "CB_ACCESS_KEY={{alnum16}}\nCB_ACCESS_SECRET={{S}}", "CB_ACCESS_KEY={{alnum16}}")
ven("kraken-private-key-base64", lambda c: b64raw(64),
    "Kraken API key '{{project}}-grid'\nAPI Key: {{kkey}}\nPrivate Key: {{S}}",
    "Kraken API key '{{project}}-grid'")
ven("okx-secret-key-upper-hex", "uhex32",
    "OKX_API_KEY={{uuid}}\nOKX_SECRET_KEY={{S}}\nOKX_FLAG=0", "OKX_FLAG=0")
ven("okx-passphrase-field", "pww",
    "okx:\n  apiKey: {{uuid}}\n  passphrase: {{S}}", "apiKey: {{uuid}}")
ven("bybit-api-secret-36", lambda c: alnum(36),
    "Bybit API (sub: funding-arb) key={{alnum18}} secret={{S}} perms=ContractTrade,Spot",
    "perms=ContractTrade,Spot")
ven("kucoin-secret-uuid-and-passphrase", "uuid",
    "KUCOIN_KEY={{hex24}}\nKUCOIN_SECRET={{S}}\nKUCOIN_PASSPHRASE_REF=op://Trading/kucoin/passphrase",
    "KUCOIN_PASSPHRASE_REF=op://Trading/kucoin/passphrase")
ven("gemini-account-key-and-secret", lambda c: b58(28),
    "Gemini master key: account-{{alnum18}}\nSecret: {{S}}\nScope: Trading, Fund Management",
    "Scope: Trading, Fund Management")
ven("bitfinex-api-secret-43", lambda c: alnum(43),
    "BFX_API_KEY={{alnum_pub}}\nBFX_API_SECRET={{S}}", "BFX_API_KEY=")
ven("bitget-secret-with-bg-key", "hex64",
    "bitget: {apiKey: 'bg_{{hex32}}', secret: '{{S}}', password: process.env.BITGET_PASSPHRASE}",
    "process.env.BITGET_PASSPHRASE")
ven("gateio-api-v4-secret", "hex64",
    "Gate.io APIv4 key {{hex32}} / secret {{S}} (futures only)", "(futures only)")
ven("mexc-secret-with-mx0v-key", "hex32",
    "MEXC  access key: mx0v{{lalnum16}}  secret key: {{S}}", "MEXC  access key:")
ven("deribit-client-secret", lambda c: b64url(43),
    "deribit: client_id={{alnum16}} client_secret={{S}} (testnet: false)", "(testnet: false)")
ven("hyperliquid-agent-wallet-key", "pk",
    "Hyperliquid API wallet \"{{project}}-agent\" approved for {{addr}}\nagent private key: 0x{{S}}\nvalid until {{date}}",
    "Hyperliquid API wallet \"{{project}}-agent\"")
ven("dydx-stark-private-key", lambda c: hexs(63),
    "DYDX_STARK_PRIVATE_KEY=0x{{S}}\nDYDX_ETHEREUM_ADDRESS={{addr}}", "DYDX_ETHEREUM_ADDRESS={{addr}}")
ven("oneinch-dev-portal-key", "alnum32",
    "curl 'https://api.1inch.dev/swap/v6.0/1/quote?src={{addr}}&dst={{addr2}}&amount=1000000000000000000' -H 'Authorization: Bearer {{S}}'",
    "api.1inch.dev/swap/v6.0/1/quote")
ven("zeroex-api-key-header", "uuid",
    "headers = {'0x-api-key': '{{S}}', '0x-version': 'v2'}", "'0x-version': 'v2'")
ven("opensea-api-key-hex32", "hex32",
    "OPENSEA_API_KEY={{S}} # issued to {{email}}", "# issued to {{email}}")
ven("reservoir-api-key-uuid", "uuid",
    "const sdk = createClient({ apiKey: '{{S}}', chains: [{ id: 1, baseApiUrl: 'https://api.reservoir.tools', active: true }] })",
    "baseApiUrl: 'https://api.reservoir.tools'")
ven("pinata-api-key-and-secret", "hex64",
    "Pinata API Key: {{hex20}}\nAPI Secret: {{S}}\nJWT: (see below)", "Pinata API Key: {{hex20}}")
ven("pinata-jwt-scoped-key", lambda c: jwt({"userInformation": {"id": uuid4(), "email": "ops@" + pick(_DOMAINS), "status": "ACTIVE"}, "authenticationType": "scopedKey", "scopedKeyKey": hexs(20), "scopedKeySecret": hexs(64), "iat": _R.randint(1700000000, 1735000000)}),
    "PINATA_JWT={{S}}", "PINATA_JWT=")
ven("nft-storage-token-jwt", lambda c: jwt({"sub": "did:ethr:" + mixcase_addr(), "iss": "nft-storage", "iat": _R.randint(1700000000000, 1735000000000), "name": "drop-" + pick(_BIP)}),
    "const client = new NFTStorage({ token: '{{S}}' })", "new NFTStorage")
ven("thirdweb-secret-key", lambda c: b64url(86),
    "THIRDWEB_CLIENT_ID={{hex32}}\nTHIRDWEB_SECRET_KEY={{S}}", "THIRDWEB_CLIENT_ID={{hex32}}")
ven("moralis-api-key-jwt", lambda c: jwt({"nonce": uuid4(), "orgId": str(_R.randint(100000, 999999)), "userId": str(_R.randint(100000, 999999)), "typeId": uuid4(), "type": "PROJECT", "iat": _R.randint(1700000000, 1735000000), "exp": 4800000000}),
    "MORALIS_API_KEY={{S}}", "MORALIS_API_KEY=")
ven("covalent-cqt-key", lambda c: "cqt_" + lalnum(4) + alnum(22),
    "GoldRush / Covalent key: {{S}} — used by the portfolio page", "used by the portfolio page")
ven("coingecko-pro-cg-key", lambda c: "CG-" + alnum(24),
    "curl -H 'x-cg-pro-api-key: {{S}}' 'https://pro-api.coingecko.com/api/v3/simple/price?ids=ethereum&vs_currencies=usd'",
    "pro-api.coingecko.com/api/v3/simple/price")
ven("coinmarketcap-pro-key", "uuid",
    "X-CMC_PRO_API_KEY: {{S}}", "X-CMC_PRO_API_KEY:")
ven("cryptocompare-apikey-header", "hex64",
    "Authorization: Apikey {{S}}", "Authorization: Apikey")
ven("dune-api-key-python-client", "alnum32",
    "dune = DuneClient(api_key=\"{{S}}\", request_timeout=300)", "request_timeout=300")
ven("tenderly-access-key-env", "alnum32",
    "TENDERLY_ACCESS_KEY={{S}}\nTENDERLY_PROJECT={{project}}\nTENDERLY_USERNAME={{user}}",
    "TENDERLY_PROJECT={{project}}")
ven("openzeppelin-defender-key-secret", lambda c: alnum(64),
    "DEFENDER_API_KEY={{alnum32v}}\nDEFENDER_API_SECRET={{S}}", "DEFENDER_API_KEY=")
ven("flashbots-auth-signer-key", "pk",
    "FLASHBOTS_AUTH_KEY=0x{{S}}  # identity only, never fund this address", "# identity only, never fund this address")
ven("blocknative-api-key", "uuid",
    "const sdk = new BlocknativeSdk({ dappId: '{{S}}', networkId: 1 })", "networkId: 1")
ven("chainstack-node-password-url", "pwu",
    "wss://{{user}}:{{S}}@ws-nd-{{n3}}-{{n3}}-{{n3}}.p2pify.com", "p2pify.com")
ven("ankr-premium-rpc-token", "hex64",
    "https://rpc.ankr.com/eth/{{S}}", "https://rpc.ankr.com/eth/")
ven("getblock-access-token-url", "hex32",
    "GETBLOCK_ETH=https://go.getblock.io/{{S}}", "GETBLOCK_ETH=https://go.getblock.io/")
ven("helius-api-key-query", "uuid",
    "new Connection(\"https://mainnet.helius-rpc.com/?api-key={{S}}\", \"confirmed\")", "\"confirmed\"")
ven("blast-api-project-id-url", "uuid",
    "POLYGON_RPC=https://polygon-mainnet.blastapi.io/{{S}}", "POLYGON_RPC=")
ven("thegraph-gateway-api-key-url", "hex32",
    "https://gateway.thegraph.com/api/{{S}}/subgraphs/id/{{b58}}", "/subgraphs/id/{{b58}}")
ven("magic-link-secret-key", lambda c: "sk_live_" + uhex(16),
    "MAGIC_PUBLISHABLE_KEY=pk_live_{{hex16up}}\nMAGIC_SECRET_KEY={{S}}", "MAGIC_PUBLISHABLE_KEY=pk_live_{{hex16up}}")
ven("moonpay-secret-and-webhook-key", lambda c: "sk_live_" + alnum(32),
    "MoonPay keys: publishable pk_live_{{alnum32v}}, secret {{S}}", "MoonPay keys: publishable pk_live_{{alnum32v}}")
ven("privy-app-secret", lambda c: b58(88),
    "PRIVY_APP_ID={{lalnum16}}{{hex8}}\nPRIVY_APP_SECRET={{S}}", "PRIVY_APP_ID={{lalnum16}}{{hex8}}")
ven("dynamic-xyz-api-token", lambda c: "dyn_" + alnum(48),
    "curl -H \"Authorization: Bearer {{S}}\" https://app.dynamicauth.com/api/v0/environments/{{uuid}}/users",
    "app.dynamicauth.com/api/v0/environments/{{uuid}}/users")
ven("pimlico-bundler-api-key-url", lambda c: "pim_" + alnum(22),
    "const bundlerUrl = `https://api.pimlico.io/v2/base/rpc?apikey={{S}}`", "api.pimlico.io/v2/base/rpc")
ven("gelato-relay-sponsor-key", lambda c: b64url(42) + "_",
    "GELATO_RELAY_API_KEY={{S}}", "GELATO_RELAY_API_KEY=")
ven("telegram-bot-token-botfather", "tg",
    "BotFather: Done! Congratulations on your new bot. You will find it at t.me/{{word}}_{{word2}}_alerts_bot.\nUse this token to access the HTTP API:\n{{S}}\nKeep your token secure and store it safely",
    "t.me/{{word}}_{{word2}}_alerts_bot")
ven("discord-bot-token-dev-portal", "discord",
    "DISCORD_BOT_TOKEN={{S}}\nDISCORD_GUILD_ID={{d18}}", "DISCORD_GUILD_ID={{d18}}")
ven("slack-bot-token-xoxb", "slack",
    "SLACK_BOT_TOKEN={{S}}\nSLACK_CHANNEL=#validator-alerts", "SLACK_CHANNEL=#validator-alerts")
ven("github-fine-grained-pat", lambda c: "github_pat_11" + ualnum(20) + "_" + alnum(59),
    "GH_TOKEN={{S}} gh release create v{{ver}} out/*.json", "gh release create v{{ver}}")
ven("aws-secret-access-key-pair", "aws",
    "aws_access_key_id=AKIA{{ualnum16}} aws_secret_access_key={{S}}", "aws_secret_access_key=")
ven("cloudflare-api-token-bearer", lambda c: b64url(40),
    "curl -H \"Authorization: Bearer {{S}}\" https://api.cloudflare.com/client/v4/user/tokens/verify",
    "api.cloudflare.com/client/v4/user/tokens/verify")
ven("fireblocks-api-key-and-rsa-pem", lambda c: pem_body(_R.randint(8, 12)),
    "FIREBLOCKS_API_KEY={{uuid}}\n# fireblocks_secret.key\n-----BEGIN PRIVATE KEY-----\n{{S}}\n-----END PRIVATE KEY-----",
    "FIREBLOCKS_API_KEY={{uuid}}")
ven("circle-api-key-colon-form", lambda c: "LIVE_API_KEY:" + hexs(32) + ":" + hexs(32),
    "CIRCLE_API_KEY={{S}}", "CIRCLE_API_KEY=")
ven("bitquery-oauth-token", lambda c: "ory_at_" + b64url(43) + "." + b64url(43),
    "Authorization: Bearer {{S}}\nX-Bitquery-Source: {{project}}", "X-Bitquery-Source: {{project}}")
ven("sentry-org-auth-token", lambda c: "sntrys_" + b64urlraw(120),
    "SENTRY_AUTH_TOKEN={{S}} npx @sentry/wizard@latest -i nextjs", "npx @sentry/wizard@latest -i nextjs")
ven("grafana-cloud-access-policy-token", lambda c: "glc_" + b64raw(96).rstrip("="),
    "GRAFANA_CLOUD_TOKEN={{S}}\nGRAFANA_CLOUD_STACK={{project}}", "GRAFANA_CLOUD_STACK={{project}}")
ven("datadog-api-key-hex", "hex32",
    "DD_API_KEY={{S}} DD_SITE=datadoghq.eu bash -c \"$(curl -L https://install.datadoghq.com/scripts/install_script_agent7.sh)\"",
    "DD_SITE=datadoghq.eu")
ven("hashicorp-vault-service-token", lambda c: "hvs." + b64url(90),
    "VAULT_ADDR=https://vault.{{domain}}:8200\nVAULT_TOKEN={{S}}", "VAULT_ADDR=https://vault.{{domain}}:8200")
ven("flyio-deploy-token", lambda c: "FlyV1 fm2_" + b64raw(120).rstrip("="),
    "FLY_API_TOKEN=\"{{S}}\"", "FLY_API_TOKEN=")
ven("tatum-api-key", lambda c: "t-" + hexs(24) + "-" + hexs(32),
    "x-api-key: {{S}}\nPOST https://api.tatum.io/v3/tron/transaction", "api.tatum.io/v3/tron/transaction")
ven("upbit-access-and-secret", lambda c: alnum(40),
    "UPBIT_OPEN_API_ACCESS_KEY={{alnum_pub}}\nUPBIT_OPEN_API_SECRET_KEY={{S}}", "UPBIT_OPEN_API_ACCESS_KEY=")
ven("trongrid-api-key-header", "uuid",
    "TRON-PRO-API-KEY: {{S}}", "TRON-PRO-API-KEY:")
ven("triton-rpcpool-token-url", "uuid",
    "https://{{word}}-mainnet.rpcpool.com/{{S}}", ".rpcpool.com/")
ven("snapshot-hub-api-key", "hex64",
    "SNAPSHOT_HUB_API_KEY={{S}} # raised rate limit for the {{ens}} space", "# raised rate limit for the {{ens}} space")
ven("discourse-api-key-header", "hex64",
    "curl -H 'Api-Key: {{S}}' -H 'Api-Username: system' https://forum.{{domain}}/posts.json",
    "-H 'Api-Username: system'")


# =========================================================================
# BENIGN templates -- no credential, but secret-ish to a naive scanner
# =========================================================================
_BENIGN_TEMPLATES = [
    # --- commands ---------------------------------------------------------
    'cast send {{addr}} "approve(address,uint256)" {{addr2}} 0 --rpc-url $RPC_URL --private-key $PRIVATE_KEY',
    "forge script script/Deploy.s.sol:Deploy --rpc-url {{chain}} --broadcast --account deployer --sender {{addr}}",
    "cast tx {{txh}} --rpc-url $ETH_RPC_URL",
    "cast receipt {{txh}} status --rpc-url https://rpc.{{domain}}",
    'cast call {{addr}} "balanceOf(address)(uint256)" {{addr2}} --block {{blk}}',
    'cast keccak "Transfer(address,address,uint256)"  # topic0 for the indexer filter, block {{blk}}',
    "git checkout {{sha}} -- contracts/Vault.sol",
    "git cherry-pick {{short}} && git push origin {{branch}}",
    "sha256sum lighthouse-v{{ver}}-x86_64-unknown-linux-gnu.tar.gz  # expect {{hex64}}",
    'echo "{{hex64}}  geth-linux-amd64-{{ver}}-{{hex8}}.tar.gz" | sha256sum -c -',
    'export ALCHEMY_API_KEY=$(op read "op://Web3/alchemy-{{chain}}/credential")',
    "vault kv get -field=private_key secret/{{project}}/deployer > /dev/null && echo present",
    "aws secretsmanager describe-secret --secret-id prod/{{project}}/binance --query LastRotatedDate",
    "kubectl -n validators get secret web3signer-keystore-passwords -o jsonpath='{.metadata.creationTimestamp}'",
    "docker pull ghcr.io/{{repo}}@sha256:{{hex64}}",
    "psql \"$DATABASE_URL\" -c 'select count(*) from transfers where block_number > {{blk}}'",
    "lighthouse account validator import --directory validator_keys --password-file /run/secrets/keystore_password",
    "geth --datadir /data/geth --authrpc.jwtsecret /secrets/jwt.hex --http --http.api eth,net,web3 --port {{port}}",
    "openssl rand -hex 32 | tr -d '\\n' > /secrets/jwt-{{n}}.hex && chmod 600 /secrets/jwt-{{n}}.hex",
    "solana balance {{b58}} --url mainnet-beta",
    "solana confirm -v {{solsig}}",
    "bitcoin-cli getrawtransaction {{hex64}} true | jq .vout[0].value",
    "ipfs pin add --progress {{cid}}",
    "curl -s https://ipfs.io/ipfs/{{bafy}}/{{tokenid}}.json | jq .attributes",
    "npx hardhat verify --network {{chain}} {{addr}} \"{{addr2}}\" {{n3}}",
    "gh secret set PRIVATE_KEY --repo {{repo}} < /dev/stdin   # value typed, not echoed",
    "cast wallet import {{user}} --interactive",
    "ethdo validator info --validator={{pubkey}}",
    "curl -s localhost:5052/eth/v1/beacon/states/head/validators/{{vidx}} | jq .data.status",
    "cast wallet address --account {{user}} --password-file ~/.config/{{project}}/pw.txt",
    "read -s -p 'keystore password: ' KS_PW && export KS_PW",
    "ssh-keygen -t ed25519 -C \"{{user}}@{{host}}\" -f ~/.ssh/{{project}}_deploy -N ''",
    "git log --oneline {{short}}..HEAD -- contracts/",
    "cast 4byte {{sel}}",
    "anvil --fork-url $MAINNET_RPC_URL --fork-block-number {{blk}} --accounts 3",
    "docker run --rm -v $PWD/validator_keys:/keys ghcr.io/ethereum/staking-deposit-cli:{{ver}} existing-mnemonic --chain holesky",
    "pass insert -m exchanges/kraken/{{user}}/private-key",
    "cast storage {{addr}} 0x{{hex64}} --block {{blk}}",
    # --- tool output ------------------------------------------------------
    "$ cast wallet address --account deployer\n{{addr}}",
    "Your new key was generated\n\nPublic address of the key:   {{addr}}\nPath of the secret key file: /data/keystore/UTC--{{date}}T10-00-00.000000000Z--{{hex40}}\n\n- You can share your public address with anyone. Others need it to interact with you.\n- You must NEVER share the secret key with anyone! The key controls access to your funds!",
    "blockHash            0x{{hex64}}\nblockNumber          {{blk}}\nfrom                 {{addr}}\nhash                 {{txh}}\ninput                {{input}}\nnonce                {{nonce}}\nr                    0x{{hex64}}\ns                    0x{{md5}}{{md5}}\nv                    1",
    "NAME                             TYPE     DATA   AGE\nweb3signer-keystore-passwords    Opaque   3      {{n}}d\nrelayer-signer                   Opaque   1      {{n}}d",
    "Name:         relayer-signer\nNamespace:    {{project}}\nType:  Opaque\n\nData\n====\nRELAYER_PRIVATE_KEY:  66 bytes",
    "REPOSITORY                     TAG       IMAGE ID       CREATED       SIZE\nghcr.io/{{repo}}   {{short}}   {{hex6}}abcdef   {{n}} hours ago   {{n3}}MB",
    "pub   ed25519 2024-01-02 [SC]\n      {{gpgfp}}\nuid           [ultimate] {{person}} <{{email}}>",
    "256 SHA256:{{sshfp}} {{user}}@{{host}} (ED25519)",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{{sshfp}} {{user}}@{{host}}",
    "$ env | grep -i key\nPRIVATE_KEY=********\nALCHEMY_API_KEY=[set, 32 chars]\nKEYSTORE_DIR=/home/{{user}}/.foundry/keystores",
    "\"integrity\": \"sha512-{{sri}}\",\n\"resolved\": \"https://registry.npmjs.org/ethers/-/ethers-{{ver}}.tgz\"",
    "$ lncli getinfo | jq '{identity_pubkey, alias, block_height}'\n{\n  \"identity_pubkey\": \"{{npub}}\",\n  \"alias\": \"{{project}}\",\n  \"block_height\": {{n3}}{{n3}}\n}",
    "{\n  \"descriptor\": \"wpkh({{xpub}}/0/*)#{{hex8}}\",\n  \"checksum\": \"{{hex8}}\",\n  \"isrange\": true,\n  \"issolvable\": true,\n  \"hasprivatekeys\": false\n}",
    "$ solana-keygen pubkey ~/.config/solana/{{user}}.json\n{{b58}}",
    "[{\"pubkey\": \"{{pubkey}}\", \"withdrawal_credentials\": \"{{wd}}\", \"amount\": 32000000000, \"signature\": \"{{bls}}\", \"deposit_message_root\": \"{{hex64}}\", \"fork_version\": \"00000000\", \"network_name\": \"mainnet\"}]",
    "Account: Validators/{{n}}\nPublic key: {{pubkey}}\nWithdrawal credentials: {{wd}}",
    "SHA256 Fingerprint={{gpgfp}}{{hex8}}{{hex16}}",
    "{{time}} INF 1 commits scanned.\n{{time}} INF scan completed in {{ms}}ms\n{{time}} INF no leaks found",
    "trufflehog finished scanning chunks=2941 bytes={{n3}}{{n3}} verified_secrets=0 unverified_secrets=0 scan_duration={{ms}}ms",
    "exchange:\n    okx:\n        api_key: ENC[AES256_GCM,data:{{sshfp}},iv:{{hex16}},tag:{{md5}},type:str]\nsops:\n    kms: []\n    lastmodified: \"{{ts}}\"",
    "$ANSIBLE_VAULT;1.1;AES256\n{{hex64}}\n{{hex64}}\n{{hex32}}",
    "$ forge inspect Vault bytecode | head -c 120\n0x6080604052348015600e575f80fd5b50{{hex64}}",
    "$ cast abi-encode \"f(address,uint256)\" {{addr}} {{n3}}\n0x000000000000000000000000{{hex40}}{{hex64}}",
    "$ vault kv metadata get secret/{{project}}/deployer\n========== Metadata ==========\ncreated_time     {{ts}}\ncurrent_version  {{n}}\nmax_versions     0",
    "$ npx hardhat vars list\nALCHEMY_API_KEY\nETHERSCAN_API_KEY\nDEPLOYER_PRIVATE_KEY",
    "$ doppler secrets --only-names -p {{project}} -c prd\n┌──────────────────────┐\n│ NAME                 │\n├──────────────────────┤\n│ BINANCE_API_SECRET   │\n│ TG_BOT_TOKEN         │\n└──────────────────────┘",
    "$ cast --to-ascii 0x{{hex8}}\n(binary garbage, not a key; selector lookup below)\n$ cast 4byte-decode {{input}}",
    "tx {{txh}} mined in block {{blk}} (gas used {{n3}}{{n3}}, effective gas price {{gwei}} gwei)",
    "$ base64 -d <<< aGVsbG8gZnJvbSB0aGUgZmF1Y2V0IGJvdA==\nhello from the faucet bot   # fixture {{n}}",
    "$ ls -la keys/\n-r-------- 1 {{user}} {{user}}  491 {{date}} UTC--{{date}}T08-01-02.000Z--{{hex40}}\n-r-------- 1 {{user}} {{user}}   33 {{date}} password.txt.age",
    # --- config -----------------------------------------------------------
    "# .env.example\nRPC_URL=\nPRIVATE_KEY=\nALCHEMY_API_KEY=<your-alchemy-key>\nETHERSCAN_API_KEY=YourApiKeyToken\nCHAIN_ID={{chainid}}",
    "networks: {\n  {{chain}}: {\n    url: process.env.RPC_URL || \"\",\n    accounts: process.env.PRIVATE_KEY ? [process.env.PRIVATE_KEY] : [],\n  },\n}",
    "[rpc_endpoints]\nmainnet = \"${MAINNET_RPC_URL}\"\n{{chain}} = \"${RPC_{{n}}}\"\n\n[etherscan]\nmainnet = { key = \"${ETHERSCAN_API_KEY}\" }",
    "    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password\n      POSTGRES_USER: {{user}}\n    secrets:\n      - pg_password",
    "- enabled: true\n  voting_public_key: \"{{pubkey}}\"\n  type: local_keystore\n  voting_keystore_path: /keys/{{vidx}}.json\n  voting_keystore_password_path: /pw/{{vidx}}.txt",
    "validator-keys: \"/var/lib/teku/keys:/var/lib/teku/passwords\"\nvalidators-proposer-default-fee-recipient: \"{{addr}}\"",
    "MEV_BOOST_RELAYS=https://0x{{pubkey_hex}}@boost-relay.{{domain}},https://0x{{hex32}}{{hex32}}{{hex32}}@relay-{{n}}.{{domain}}",
    "# bitcoin.conf\nserver=1\nrpcauth={{user}}:{{hex32}}${{hex64}}\nrpcallowip={{ip}}/32",
    "tlscertpath=/home/{{user}}/.lnd/tls.cert\nadminmacaroonpath=/home/{{user}}/.lnd/data/chain/bitcoin/mainnet/admin.macaroon",
    "location /admin/ {\n    auth_basic \"ops only\";\n    auth_basic_user_file /etc/nginx/.htpasswd;\n    proxy_pass http://{{ip}}:3000;\n}",
    "ops:$2y$05${{sshfp}}\n{{user}}:$2y$10${{alnum32v}}abcdefghijklmnopqrst",
    "dataSources:\n  - kind: ethereum\n    name: Vault\n    network: {{chain}}\n    source:\n      address: \"{{addr}}\"\n      abi: Vault\n      startBlock: {{blk}}",
    "NEXT_PUBLIC_WC_PROJECT_ID=your-walletconnect-project-id\nNEXT_PUBLIC_CHAIN_ID={{chainid}}\nNEXT_PUBLIC_VAULT_ADDRESS={{addr}}",
    "NEXT_PUBLIC_ALCHEMY_GAS_POLICY_ID={{uuid}}  # public policy id, safe to ship to the browser",
    "LINK_TOKEN_ADDRESS={{addr}}\nORACLE_ADDRESS={{addr2}}\nJOB_ID={{hex32}}  # public job spec id",
    "apiVersion: 1\ndatasources:\n  - name: Prometheus\n    type: prometheus\n    url: http://{{ip}}:9090\n    basicAuthPassword: $__file{/run/secrets/prom_password}",
    "data \"vault_generic_secret\" \"rpc\" {\n  path = \"secret/rpc/{{chain}}/alchemy\"\n}",
    "variable \"binance_api_secret\" {\n  type      = string\n  sensitive = true\n  # set in terraform.tfvars.enc, never here ({{project}})\n}",
    "signer:\n  privateKey: ${DEPLOYER_PRIVATE_KEY}\n  address: \"{{addr}}\"",
    "[provider]\ncluster = \"{{chain}}\"\nwallet = \"~/.config/solana/{{user}}.json\"",
    "json_rpc_url: https://api.mainnet-beta.solana.com\nkeypair_path: /home/{{user}}/.config/solana/id.json\ncommitment: confirmed\n# {{b58}}",
    ".env\n.env.*\n!.env.example\nkeystore/\n*.key\nbroadcast/*/{{chainid}}/\nvalidator_keys/",
    "[allowlist]\ndescription = \"test fixtures\"\nregexes = ['''0x[0-9a-f]{64}''']\npaths = ['''test/fixtures/{{project}}/''']",
    "[password_policy]\nmin_length = 16\nrequire_symbols = true\nmax_age_days = 90\nhistory = {{n}}",
    "{\n  \"address\": \"{{hex40}}\",\n  \"crypto\": {\n    \"cipher\": \"aes-128-ctr\",\n    \"cipherparams\": {\"iv\": \"{{md5}}\"},\n    \"kdf\": \"scrypt\",\n    \"kdfparams\": {\"dklen\": 32, \"n\": 262144, \"p\": 1, \"r\": 8, \"salt\": \"{{hex64}}\"}\n  },\n  \"id\": \"{{uuid}}\",\n  \"version\": 3\n}",
    "externalSecrets:\n  - name: keeper-signer\n    remoteRef:\n      key: {{project}}/prod/keeper\n      property: private_key",
    "[store.primary]\nconnection = \"postgresql://graph:${GRAPH_PG_PASSWORD}@{{host}}:5432/graph\"",
    "DATABASE_URL=postgresql://{{user}}:<password>@{{host}}:5432/{{db}}",
    "spring.datasource.password=${DB_PASSWORD:}\nspring.datasource.username={{user}}",
    "<add key=\"HotWalletPrivateKey\" value=\"%HOT_WALLET_PK%\" />  <!-- injected at deploy, {{project}} -->",
    "rpcpassword=CHANGE_ME\nrpcuser={{user}}\n# generate with share/rpcauth/rpcauth.py instead",
    # --- source -----------------------------------------------------------
    "const wallet = new ethers.Wallet(process.env.PRIVATE_KEY!, provider); // {{addr}} on {{chain}}",
    "acct = Account.from_key(os.environ[\"DEPLOYER_KEY\"])  # expected address {{addr}}",
    "uint256 deployerKey = vm.envUint(\"PRIVATE_KEY\");\naddress constant USDC = {{addr}};",
    "bytes32 public constant DOMAIN_TYPEHASH = 0x{{hex64}}; // keccak256(\"EIP712Domain(string name,uint256 chainId,address verifyingContract)\")",
    "bytes32 public constant MINTER_ROLE = keccak256(\"MINTER_ROLE\");\nbytes32 public merkleRoot = 0x{{hex64}};",
    "(address alice, uint256 alicePk) = makeAddrAndKey(\"alice\");\nvm.label(alice, \"alice-{{n}}\");",
    "const ZERO_HASH = \"0x\" + \"0\".repeat(64);\nconst SALT = keccak256(toUtf8Bytes(\"{{project}}-v{{n}}\"));",
    "def mask(s: str) -> str:\n    return s[:4] + \"…\" + s[-4:] if len(s) > 8 else \"****\"  # {{project}}",
    "password = getpass.getpass(\"Keystore password for {{addr}}: \")",
    "if len(api_secret) < 32:\n    raise ValueError(\"api secret looks truncated (expected 64 chars) for {{user}}\")",
    "INIT_CODE_HASH = \"0x{{hex64}}\"  # pair bytecode hash, public",
    "TOPIC_TRANSFER = \"0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef\"\nSTART_BLOCK = {{blk}}",
    "cache_key = hashlib.sha256(f\"{chain_id}:{address}:{block}\".encode()).hexdigest()  # e.g. {{hex64}}",
    "const sig = await wallet.signMessage(message); // 65-byte sig like {{sig65}}",
    "assert recovered == \"{{addr}}\", \"signature recovered to wrong signer\"",
    "const apiKey = process.env.ALCHEMY_API_KEY ?? throwMissing(\"ALCHEMY_API_KEY\"); // {{project}}",
    "secret = boto3.client(\"secretsmanager\").get_secret_value(SecretId=\"prod/{{project}}/binance\")[\"SecretString\"]",
    "const { PRIVATE_KEY } = await loadSecrets([\"PRIVATE_KEY\"], { vault: \"kv/{{project}}\" });",
    "const explorer = `https://etherscan.io/tx/{{txh}}`;",
    "uuid = \"{{uuid}}\"  # idempotency key for order {{n3}}",
    "// test vector from EIP-55\nexpect(getAddress(\"{{addr3}}\")).toMatch(/^0x[0-9a-fA-F]{40}$/);",
    "SOLANA_TX_SIG = \"{{solsig}}\"  # example signature used in docs test",
    "keyring, err := keyring.New(\"{{project}}\", keyring.BackendFile, home, os.Stdin) // prompts for passphrase",
    "fn redact(s: &str) -> String { format!(\"{}…\", &s[..6]) } // {{project}}",
    "const PLACEHOLDER_KEY = \"0x\" + \"11\".repeat(32); // not a real key, used in {{project}} unit tests",
    # --- logs -------------------------------------------------------------
    "INFO [{{date}}|{{time}}.114] Imported new potential chain segment number={{blk}} hash={{hex6}}..{{hex6}} blocks=1 txs={{n3}} mgas={{n}}.{{n}}",
    "{{date}} {{time}} INFO Successfully published attestations count: 1, head_block: 0x{{hex64}}, epoch: {{epoch}}, slot: {{slot}}, service: attestation",
    "{{ts}} submitted tx {{txh}} nonce={{nonce}} maxFeePerGas={{gwei}} gwei",
    "{{ts}} flashbots: bundle 0x{{hex64}} targeting block {{blk}} not included",
    "{{ts}} loaded secret web3signer-keystore-passwords (3 keys) from namespace validators",
    "{{ts}} WARN ETHERSCAN_API_KEY not set; skipping verification of {{addr}}",
    "Error: invalid private key length (expected 32 bytes, got {{n}})",
    "{{ts}} ERROR rpc: 401 Unauthorized: invalid project id or project secret (endpoint=mainnet, key=[REDACTED])",
    "traceparent: 00-{{trace}}-{{span}}-01",
    "{{pubip}} - - [{{date}}:{{time}} +0000] \"POST /v2/[REDACTED] HTTP/2.0\" 200 {{n3}}",
    "{{ts}} auth: authenticated bot {{user}} using API key id {{kid}} (secret not logged)",
    " -------------- celery@{{host}} v5.3.6\n- ** ---------- .> transport:   amqp://{{user}}:**@{{host}}:5672/trading",
    "X-Request-Id: {{uuid}}\nX-Amz-Cf-Id: {{sshfp}}",
    "{{ts}} level=info msg=\"validator registered\" pubkey={{pubkey}} fee_recipient={{addr}}",
    "{{ts}} INFO sweeper: balance of {{addr}} is {{amt}} ETH (block {{blk}})",
    "{{date}} {{time}} [WARN] password for user {{user}} will expire in {{n}} days",
    "{{ts}} DEBUG http: GET https://api.{{domain}}/v1/orders?cursor={{hex32}} 200 in {{ms}}ms",
    "{{ts}} keeper: signer {{addr}} loaded from /run/secrets/keeper_pk (0600)",
    "{{ts}} ERROR Failed to decrypt keystore /keys/{{vidx}}.json: invalid password",
    "{{date}}T{{time}} {{host}} sshd[{{pid}}]: Accepted publickey for {{user}} from {{pubip}} port 51122 ssh2: ED25519 SHA256:{{sshfp}}",
    "{{ts}} webhook: signature ok for event evt_{{lalnum16}} (alchemy, webhook wh_{{lalnum16}})",
    "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x{{hex8}} pc=0x{{hex8}}]",
    "{{ts}} INFO reth::node: Status connected_peers={{n}} latest_block={{blk}} stage=Headers checkpoint={{blk}}",
    "{{ts}} lighthouse WARN Execution engine call failed  error: HttpClient(url: http://{{ip}}:8551/, kind: timeout), service: exec",
    "{{ts}} Engine API JWT loaded from /secrets/jwt.hex (sha256 {{hex8}}...)",
    "Caused by: org.web3j.crypto.CipherException: Invalid password provided\n\tat org.web3j.crypto.Wallet.decrypt(Wallet.java:222)",
    "{{ts}} ERROR FATAL: password authentication failed for user \"{{user}}\" (host {{host}})",
    "{{ts}} [db] connecting to postgres://{{user}}:*****@{{host}}:5432/{{db}}",
    # --- notes / chat -----------------------------------------------------
    "Rotated the Alchemy key for {{project}} today; the new one is in 1Password under Web3/alchemy-{{chain}}.",
    "Reminder: never paste seed phrases in Slack. Use the vault path secret/treasury/{{project}}/seed.",
    "Password policy: at least 16 chars, no dictionary words, rotate every 90 days. Ticket OPS-{{n3}}.",
    "The deployer address is {{addr}}; its key lives on the Ledger in the office safe, not on any server.",
    "tx {{txh}} failed with 'nonce too low' — reset the nonce manager to {{nonce}}.",
    "PR #{{n3}} merged at {{short}}; release {{ver}} tagged.",
    "{{person}}: Das Passwort steht im Tresor unter secret/{{project}}/grafana, bitte nicht in den Chat kopieren.",
    "{{person}}: la contraseña está en 1Password (bóveda Infra), no la pongas aquí 🙏",
    "{{person}}: 秘密鍵はチャットに貼らないでください。Vaultの secret/{{project}}/deployer を使ってください。",
    "{{person}}: 助记词不要发在群里，放到硬件钱包里。地址是 {{addr}}",
    "{{person}}: пароль лежит в vault: secret/{{project}}/db, в чат не кидай",
    "Note: for local dev we use the standard anvil mnemonic ('test test test test test test test test test test test junk'); it is public and holds nothing. ({{project}})",
    "API key: <redacted> — ask {{person}} for access to the {{project}} Alchemy app.",
    "token: **** (expires {{date}})",
    "password: (see 1Password → Infra → {{host}})",
    "Goal: move all exchange API secrets for {{project}} from .env files into Vault and add gitleaks to pre-commit.",
    "Decision: the WalletConnect projectId is public by design; it stays in NEXT_PUBLIC_WC_PROJECT_ID ({{project}}).",
    "{{person}}: which env var holds the Infura secret? {{person2}}: INFURA_API_KEY_SECRET, set in Vercel only.",
    "Checked: the key that leaked in PR #{{n3}} was revoked at {{time}} UTC; replacement stored at secret/{{project}}/alchemy.",
    "{{person}}: the validator pubkey is {{pubkey}}, withdrawal creds {{wd}}",
    "{{person}}: safe tx hash {{root}} needs one more signature",
    "Session summary: redeployed Vault at {{addr}} (tx {{txh}}); no credentials were printed.",
    "{{person}}: the 2FA backup codes are in the safe, not in Notion. Don't ask for them here.",
    "Retro: seed phrase handling — we now use Shamir (3-of-5) shares stored by five signers; nobody holds the full phrase.",
    "{{person}}: what's a good passphrase length for a BIP39 25th word? {{person2}}: 6+ random words, stored separately from the seed.",
    "Reminder for {{person}}: the keystore password is NOT the same as the Ledger PIN; both are in the team vault.",
    "ENS {{ens}} now resolves to {{addr}}; contenthash ipfs://{{cid}}",
    "IPFS metadata CID for the drop: {{bafy}}",
    "{{person}}: commit {{sha}} reverts the gas optimisation, please re-run the fuzz tests",
    "Meeting notes: rotate the Binance key every 30 days; {{person}} owns the calendar reminder. No keys in this doc.",
    # --- CI ---------------------------------------------------------------
    "    env:\n      PRIVATE_KEY: ${{ secrets.DEPLOYER_PRIVATE_KEY }}\n      RPC_URL: ${{ secrets.{{chain_upper}}_RPC_URL }}",
    "      ETHERSCAN_API_KEY: ${{ secrets.ETHERSCAN_API_KEY }}\n      FOUNDRY_PROFILE: ci  # {{project}}",
    "      - uses: actions/checkout@{{sha}} # v4.1.{{n}}",
    "docker build --secret id=npmrc,src=$HOME/.npmrc -t {{project}}:{{short}} .",
    "  script:\n    - git clone https://gitlab-ci-token:${CI_JOB_TOKEN}@gitlab.{{domain}}/contracts/{{project}}.git",
    "      - run: echo \"::add-mask::$RPC_URL\"  # {{project}}",
    "image: ghcr.io/{{repo}}@sha256:{{hex64}}",
    "      - uses: actions/cache@v4\n        with:\n          key: ${{ runner.os }}-foundry-${{ hashFiles('**/foundry.toml') }}-{{hex8}}",
    "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n  name: {{project}}-exchange-keys\nspec:\n  secretStoreRef:\n    name: vault-backend\n    kind: ClusterSecretStore",
    "helm upgrade --install keeper ./charts/keeper --set-file secrets.privateKey=/dev/stdin --set image.tag={{short}}",
    "Run forge script script/Deploy.s.sol --broadcast\n  env:\n    PRIVATE_KEY: ***\n    RPC_URL: ***\nScript ran successfully. Gas used: {{n3}}{{n3}}",
    "      - name: Deploy\n        run: npx hardhat deploy --network {{chain}}\n        env:\n          MNEMONIC: ${{ secrets.DEPLOY_MNEMONIC }}",
    "ARG NPM_TOKEN\nRUN --mount=type=secret,id=npm_token NPM_TOKEN=$(cat /run/secrets/npm_token) npm ci  # {{project}}",
    "fly secrets list -a {{project}}-relayer\nNAME          DIGEST            CREATED AT\nSIGNER_KEY    {{hex16}}  {{n}}h ago",
    "resource \"aws_secretsmanager_secret\" \"treasury_seed\" {\n  name = \"{{project}}/treasury-seed\"\n  recovery_window_in_days = 30\n}",
    "- name: create indexer db user\n  community.postgresql.postgresql_user:\n    name: {{user}}\n    password: \"{{ vault_indexer_password }}\"  # from vault.yml, host {{host}}",
    "deploy:\n  stage: deploy\n  environment: production\n  rules:\n    - if: $CI_COMMIT_TAG =~ /^v{{n}}\\./\n  script: ./scripts/deploy.sh $CI_COMMIT_SHA",
    "      - uses: appleboy/ssh-action@v1\n        with:\n          host: {{pubip}}\n          username: {{user}}\n          key: ${{ secrets.SSH_DEPLOY_KEY }}",
    "Deployment {{run}} finished: Vault {{addr}} verified on {{chain}} explorer (commit {{short}})",
    "kubectl -n {{project}} rollout restart deploy/keeper && kubectl -n {{project}} rollout status deploy/keeper",
    "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <id>registry-{{n}}</id>\n  <username>{{user}}</username>\n  <password>{AQAAABAAAAAQ{{sshfp}}}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
    # --- vendor look-alikes -----------------------------------------------
    "https://api.etherscan.io/api?module=account&action=balance&address={{addr}}&tag=latest&apikey=YourApiKeyToken",
    "https://mainnet.infura.io/v3/YOUR-PROJECT-ID  # replace before running {{project}}",
    "https://eth-mainnet.g.alchemy.com/v2/demo  (public demo key, rate limited; block {{blk}})",
    "MAGIC_PUBLISHABLE_KEY=pk_live_{{hex16up}}  # publishable, safe in the frontend",
    "X-MBX-APIKEY: <your_api_key>  (see docs, section {{n}})",
    "STRIPE_SECRET_KEY=sk_test_XXXXXXXXXXXXXXXXXXXXXXXX  # placeholder in {{project}} README",
    "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # example from docs, step {{n}}",
    "BINANCE_API_KEY=your-binance-api-key\nBINANCE_API_SECRET=your-binance-api-secret\n# {{project}}",
    "TELEGRAM_BOT_TOKEN=123456789:ABCdefGhIJKlmNoPQRsTUVwxyZ  # sample from docs for {{project}}",
    "QuickNode endpoint: https://<your-endpoint-name>.quiknode.pro/<token>/  ({{chain}})",
    "OPENSEA_API_KEY=${OPENSEA_API_KEY:?set OPENSEA_API_KEY}  # {{project}}",
    "Alchemy key id (dashboard label): {{project}}-{{chain}}-prod; value kept in Vercel env only.",
    "Infura API key secret: ******** (last 4: {{mask4}})",
    "Binance key ...{{mask4}} expires {{date}}; IP restricted to {{pubip}}",
    "Etherscan API key last used {{ts}} from {{pubip}} (key id {{n3}}{{n3}})",
    "Pinata gateway: https://{{word}}-{{word2}}.mypinata.cloud/ipfs/{{cid}}",
    "Helius webhook {{uuid}} → https://api.{{domain}}/hooks/helius (auth header configured in dashboard)",
    "The Graph subgraph id: {{b58}}  (query via gateway with your own API key)",
    "Coinbase CDP key name: organizations/{{uuid}}/apiKeys/{{uuid2}} (private key in Vault, not here)",
    "WalletConnect projectId {{hex32}} is public and domain-allowlisted to app.{{domain}}",
    "Safe {{addr}} threshold 3/5, owners rotated at block {{blk}}",
    "Flashbots relay: https://relay.flashbots.net (auth signer address {{addr}}, key in KMS)",
    "bitcoin address {{bc1}} received 0.0{{n}} BTC in {{hex64}}",
    "{{cosmos}} delegated {{n3}} ATOM to validator cosmosvaloper1{{bech38}}",
]


# =========================================================================
# assembly
# =========================================================================
_PER_GROUP = 185
_GROUP_ORDER = ["command", "tool-output", "config-file", "source-code", "stack-trace-or-log",
                "note-or-chat", "ci-and-deploy", "vendor-token"]
_BENIGN_TARGET = 950


def _gen_secret(gen, c):
    if isinstance(gen, str):
        return GENS[gen](c)
    return gen(c)


def _build_secrets():
    seen_formats = set()
    for _g, f, _gen, _t, _v in _SPECS:
        assert f not in seen_formats, f
        seen_formats.add(f)
    used = set()
    entries = []
    for group in _GROUP_ORDER:
        specs = [s for s in _SPECS if s[0] == group]
        counts = [3] * len(specs)
        i = len(counts) - 1
        while sum(counts) > _PER_GROUP:
            counts[i] -= 1
            i = i - 1 if i > 0 else len(counts) - 1
        for (g, f, gen, tmpl, vis), k in zip(specs, counts):
            for _ in range(k):
                while True:
                    c = _ctx()
                    sec = _gen_secret(gen, c)
                    if sec not in used and len(sec) >= 6:
                        break
                used.add(sec)
                c["S"] = sec
                entries.append((g, f, _fill(tmpl, c), sec, _fill(vis, c)))
    _R.shuffle(entries)
    return entries


def _build_benign(secrets):
    out_list = []
    seen = set()
    idx = 0
    misses = 0
    n = len(_BENIGN_TEMPLATES)
    while len(out_list) < _BENIGN_TARGET and misses < 10 * n:
        t = _BENIGN_TEMPLATES[idx % n]
        idx += 1
        s = _fill(t, _ctx())
        if s in seen or any(sec in s for sec in secrets if len(sec) >= 8):
            misses += 1
            continue
        seen.add(s)
        out_list.append(s)
    _R.shuffle(out_list)
    return out_list


SECRETS = _build_secrets()
BENIGN = _build_benign([e[3] for e in SECRETS])
