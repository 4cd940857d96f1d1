// Exact odds for Space Genocide's dice (RULES.md SG-6.3 B5, SG-7.4, SG-8.5), in BigInt so the
// figure shown is the exact fraction rounded once. Mirrors pygame_core/games/genocide/odds.py;
// tests/e2e/test_genocide.py checks the two agree for every dice count that occurs.

const cache = new Map();

/** How many ways n dice of `sides` sides make each total: counts[t] for t = 0..n*sides. */
export function sumCounts(n, sides) {
  const key = `${n}/${sides}`;
  if (cache.has(key)) return cache.get(key);
  let counts = [1n];
  for (let k = 0; k < n; k++) {
    const next = new Array(counts.length + sides).fill(0n);
    for (let t = 0; t < counts.length; t++) {
      if (!counts[t]) continue;
      for (let face = 1; face <= sides; face++) next[t + face] += counts[t];
    }
    counts = next;
  }
  cache.set(key, counts);
  return counts;
}

/** SG-6.3 B5: the target is destroyed iff the attack total (atk dice) beats the defence
 * total (def dice). Returns {num, den} with den = sides^(atk+def). */
export function attackOdds(atk, def, sides) {
  if (atk <= 0) return { num: 0n, den: 1n };
  const a = sumCounts(atk, sides);
  const d = sumCounts(Math.max(def, 0), sides);
  // below[t]: the ways the defence totals less than t
  let num = 0n;
  let below = 0n;
  let j = 0;
  for (let t = 0; t < a.length; t++) {
    while (j < d.length && j < t) { below += d[j]; j += 1; }
    if (a[t]) num += a[t] * below;
  }
  const den = BigInt(sides) ** BigInt(atk + Math.max(def, 0));
  return { num, den };
}

/** SG-7.4: a burst of n PBs destroys a given enemy ship unless every one of its n d6 misses
 * (a 6 hits). SG-8.5: n PB dice destroy a planet unless none shows <= hit (3, Amoeboids 4). */
export function anyHit(n, hitFaces, sides = 6) {
  if (n <= 0) return { num: 0n, den: 1n };
  const den = BigInt(sides) ** BigInt(n);
  return { num: den - BigInt(sides - hitFaces) ** BigInt(n), den };
}

/** The percentage to one decimal, rounded half up from the exact fraction; "<0.1%" and
 * ">99.9%" for chances that are not 0 or 1 but round to them. */
export function percent({ num, den }) {
  if (num <= 0n) return "0%";
  if (num >= den) return "100%";
  const tenths = (num * 2000n + den) / (2n * den); // round(num / den * 1000), half up
  if (tenths === 0n) return "<0.1%";
  if (tenths >= 1000n) return ">99.9%";
  return `${tenths / 10n}.${tenths % 10n}%`;
}
