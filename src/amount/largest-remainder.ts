/**
 * The order of the leftover rule over positions of `remainders`: the larger remainder first,
 * equal remainders by position, the earlier first. A total order, the same whichever position
 * is passed first, as `Array.prototype.sort` needs on every engine.
 * @example
 * [0, 1, 2].sort(byLargestRemainder([5, 7, 5])) // [1, 0, 2]
 */
export function byLargestRemainder(remainders: readonly (number | bigint)[]): (a: number, b: number) => number {
  return (a, b) => {
    const x = remainders[a] ?? 0;
    const y = remainders[b] ?? 0;
    return x > y ? -1 : x < y ? 1 : a - b;
  };
}

/**
 * The leftover rule of allocation (largest remainder, Hamilton's method): the `count`
 * positions whose truncated shares lost the most, each getting one more unit; equal
 * remainders go to the earlier position. `remainders` are the numerators of the fractions
 * lost (all over one denominator), so comparing them compares the fractions. The split always
 * passes a `count` below the number of non-zero remainders, so a zero remainder (a zero ratio,
 * an exact share) is never chosen; a `count` at or above it gives every position with a
 * non-zero remainder, in order. Returns the positions, at most `count` of them.
 * @example
 * leftoverPositions([4, 6], 1)       // [1] (2.4 and 1.6 truncated: 1.6 lost more)
 * leftoverPositions([5n, 5n, 5n], 2) // [0, 1] (ties: earlier first)
 * leftoverPositions([1, 0, 2], 5)    // [0, 2]
 */
export function leftoverPositions(remainders: readonly (number | bigint)[], count: number): number[] {
  const positions: number[] = [];
  // Stryker disable next-line EqualityOperator: one step past the end reads undefined, taken as 0, never a positive remainder
  for (let i = 0; i < remainders.length; i++) {
    if ((remainders[i] ?? 0) > 0) positions.push(i);
  }
  if (count < positions.length) {
    positions.sort(byLargestRemainder(remainders));
    positions.length = count;
  }
  return positions;
}
