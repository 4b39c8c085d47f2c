// (seed, stream key…) → reproducible random numbers and weighted picks; never Math.random, so equal seeds give equal files.

/** Mixes integers into one well-spread 32-bit seed (murmur3-style rounds); parts beyond 32 bits keep their high bits. */
export function hashSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = mixRound(h, part | 0);
    // NOTE: `| 0` alone would make seed 1 and seed 2^32 + 1 the same run.
    const high = Math.floor(part / 4294967296) | 0;
    if (high !== 0) h = mixRound(h, high);
  }
  return mixBits(h ^ parts.length);
}

function mixRound(h: number, value: number): number {
  let k = Math.imul(value, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  const mixed = h ^ k;
  return (Math.imul((mixed << 13) | (mixed >>> 19), 5) + 0xe6546b64) | 0;
}

/** murmur3's fmix32: a bijection on 32-bit integers, so distinct inputs always give distinct outputs. */
export function mixBits(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One uniform number in [0, 1) straight from a hash, for yes/no decisions that need no generator. */
export function hashUnit(...parts: number[]): number {
  return hashSeed(...parts) / 4294967296;
}

/** sfc32: small, fast, passes PractRand; each generator is a separate reproducible stream. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;

  constructor(...seedParts: number[]) {
    const seed = hashSeed(...seedParts);
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed;
    // Warm-up rounds so nearby seeds (row 1, row 2) diverge immediately.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick() from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Standard normal via Box–Muller, caching the second value of each pair. */
  normal(): number {
    if (this.spareNormal !== null) {
      const spare = this.spareNormal;
      this.spareNormal = null;
      return spare;
    }
    const u = 1 - this.next();
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.spareNormal = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  logNormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal());
  }

  /** `count` characters drawn from `alphabet`. */
  chars(alphabet: string, count: number): string {
    let out = "";
    for (let i = 0; i < count; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

/** Picks indexes in proportion to non-negative weights: cumulative sums + binary search, O(log n) a pick. */
export class WeightedPicker {
  private readonly cumulative: Float64Array;
  readonly total: number;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += Math.max(0, weights[i] ?? 0);
      this.cumulative[i] = sum;
    }
    if (sum <= 0) throw new Error("WeightedPicker needs at least one positive weight");
    this.total = sum;
  }

  /** The index whose weight band contains `unit` ∈ [0, 1). */
  indexAt(unit: number): number {
    const target = unit * this.total;
    let low = 0;
    let high = this.cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.cumulative[mid] ?? 0) > target) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  pick(random: Random): number {
    return this.indexAt(random.next());
  }
}

/** Zipf-like weights 1/rank^exponent: the first entries dominate, the long tail still appears. */
export function createZipfWeights(count: number, exponent = 1): Float64Array {
  const weights = new Float64Array(count);
  for (let rank = 1; rank <= count; rank++) weights[rank - 1] = 1 / rank ** exponent;
  return weights;
}

/** Picks one of a few labelled options by weight; for small literal tables. */
export function pickWeighted<T>(random: Random, options: ReadonlyArray<readonly [T, number]>): T {
  let total = 0;
  for (const [, weight] of options) total += weight;
  let target = random.next() * total;
  for (const [value, weight] of options) {
    target -= weight;
    if (target < 0) return value;
  }
  const last = options[options.length - 1];
  if (!last) throw new Error("pickWeighted() from an empty list");
  return last[0];
}
