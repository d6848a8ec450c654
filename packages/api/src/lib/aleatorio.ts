/**
 * Seeded pseudo-random numbers in [0, 1) (mulberry32): the same seed gives the same sequence,
 * so the demo is the same on every install and a failing test run can be repeated.
 */
export function aleatorio(semilla: number): () => number {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
