import type { Arbitrary } from 'fast-check';
import { type RunContext, Verdicts } from './context.js';

/**
 * Runs a seeded fast-check property whose every case sends requests: `step` judges one case
 * into scratch verdicts. A failing case fails the property, fast-check shrinks it, and the
 * last (smallest) failing case of each of `rules` is what the run reports, with the seed.
 * `examples` (the limits' boundaries) run before the random cases.
 * `error-messages` verdicts go straight to the run's verdicts (they do not fail the property).
 */
export async function runProperty<T>(
  context: RunContext,
  rules: readonly string[],
  arbitrary: Arbitrary<T>,
  step: (value: T, verdicts: Verdicts) => Promise<void>,
  examples: readonly T[] = [],
): Promise<void> {
  const { fc, verdicts } = context;
  const last = new Map<string, NonNullable<ReturnType<Verdicts['verdict']>['failure']>>();
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      const scratch = new Verdicts();
      await step(value, scratch);
      let held = true;
      for (const rule of rules) {
        const verdict = scratch.verdict(rule);
        if (verdict.status === 'fail' && verdict.failure !== undefined) {
          last.set(rule, verdict.failure);
          held = false;
        } else if (verdict.status === 'pass') verdicts.pass(rule);
      }
      const messages = scratch.verdict('error-messages');
      if (messages.failure !== undefined) verdicts.fail('error-messages', messages.failure, false);
      else if (messages.status === 'pass') verdicts.pass('error-messages');
      // Once the wire has stopped, every case fails at once: no use shrinking.
      return held || context.wire.stopped !== undefined;
    }),
    // The boundary examples run first, then `runs` random cases.
    { seed: context.seed, numRuns: context.runs + examples.length, examples: examples.map((example) => [example] as [T]) },
  );
  for (const [rule, failure] of last) verdicts.fail(rule, { ...failure, seed: details.seed });
}
