/**
 * The leftover rule of allocation (largest remainder, Hamilton's method): the `count`
 * positions whose truncated shares lost the most, each getting one more unit; equal
 * remainders go to the earlier position. `remainders` are the numerators of the fractions
 * lost (all over one denominator), so comparing them compares the fractions; `count` is
 * always below the number of non-zero remainders, so a zero remainder (a zero ratio, an
 * exact share) is never chosen. Returns the positions, at most `count` of them.
 * @example
 * leftoverPositions([4, 6], 1)       // [1] (2.4 and 1.6 truncated: 1.6 lost more)
 * leftoverPositions([5n, 5n, 5n], 2) // [0, 1] (ties: earlier first)
 */
export function leftoverPositions(remainders: readonly (number | bigint)[], count: number): number[] {
  if (count === 0) return [];
  const positions: number[] = [];
  for (let i = 0; i < remainders.length; i++) if ((remainders[i] ?? 0) > 0) positions.push(i);
  if (count < positions.length) {
    positions.sort((a, b) => {
      const x = remainders[a] ?? 0;
      const y = remainders[b] ?? 0;
      return x > y ? -1 : x < y ? 1 : a - b;
    });
    positions.length = count;
  }
  return positions;
}
