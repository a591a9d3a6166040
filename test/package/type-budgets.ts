// The type-check budget of each subpath: at most this many types and instantiations may a
// consumer's check add by importing it (measured by test/package/type-cost.ts; enforced by
// test/package/type-budget.test.ts; printed by `npm run bench:types`). How they were chosen:
// docs/decisions/0167-the-public-api-is-checked-report-types-and-budgets.md.

/** The most a subpath may add to a consumer's check. */
export type TypeBudget = {
  /** Types, with the declaration files checked (`skipLibCheck: false`). */
  readonly checkTypes: number;
  /** Instantiations, with the declaration files checked (`skipLibCheck: false`). */
  readonly checkInstantiations: number;
  /** Instantiations, with the declarations read lazily and every export hovered (`skipLibCheck: true`). */
  readonly hoverInstantiations: number;
};

/**
 * One row per subpath of package.json `exports`: the figure measured when the budget was set
 * plus 10%, at least 100 more, rounded up. `payments-kit` and `payments-kit/schemas` carry
 * valibot's own declarations (about 73k types and 171k instantiations to check).
 */
export const TYPE_BUDGETS: Readonly<Record<string, TypeBudget>> = {
  'payments-kit': { checkTypes: 124_000, checkInstantiations: 408_000, hoverInstantiations: 204_000 },
  'payments-kit/amount': { checkTypes: 210, checkInstantiations: 120, hoverInstantiations: 140 },
  'payments-kit/ids': { checkTypes: 130, checkInstantiations: 110, hoverInstantiations: 110 },
  'payments-kit/version': { checkTypes: 160, checkInstantiations: 110, hoverInstantiations: 120 },
  'payments-kit/limits': { checkTypes: 180, checkInstantiations: 160, hoverInstantiations: 200 },
  'payments-kit/schemas': { checkTypes: 124_000, checkInstantiations: 408_000, hoverInstantiations: 204_000 },
  'payments-kit/invoice': { checkTypes: 500, checkInstantiations: 200, hoverInstantiations: 160 },
  'payments-kit/schedule': { checkTypes: 760, checkInstantiations: 200, hoverInstantiations: 180 },
  'payments-kit/http': { checkTypes: 4_300, checkInstantiations: 1_640, hoverInstantiations: 980 },
  'payments-kit/client': { checkTypes: 1_080, checkInstantiations: 1_270, hoverInstantiations: 1_140 },
  'payments-kit/node': { checkTypes: 200, checkInstantiations: 120, hoverInstantiations: 130 },
  'payments-kit/reference': { checkTypes: 500, checkInstantiations: 180, hoverInstantiations: 180 },
  // The conformance kit's arbitraries name fast-check's types (its optional peer): 2,677 and 1,579 measured.
  'payments-kit/testing': { checkTypes: 3_000, checkInstantiations: 1_800, hoverInstantiations: 100 },
  'payments-kit/postgres': { checkTypes: 410, checkInstantiations: 170, hoverInstantiations: 100 },
  'payments-kit/relay/amqp': { checkTypes: 980, checkInstantiations: 320, hoverInstantiations: 150 },
  'payments-kit/relay/nats': { checkTypes: 970, checkInstantiations: 310, hoverInstantiations: 130 },
  'payments-kit/relay/webhook': { checkTypes: 1_040, checkInstantiations: 320, hoverInstantiations: 210 },
};

/**
 * The figures of `cost` over `budget`, as messages (empty when it is within).
 *
 * @example
 * overBudget('payments-kit/ids', { check: { types: 25, instantiations: 3 }, hover: { instantiations: 3 } }, TYPE_BUDGETS['payments-kit/ids']!) // []
 */
export function overBudget(
  specifier: string,
  cost: { check: { types: number; instantiations: number }; hover: { instantiations: number } },
  budget: TypeBudget,
): string[] {
  const rows: [string, number, number][] = [
    ['types (declarations checked)', cost.check.types, budget.checkTypes],
    ['instantiations (declarations checked)', cost.check.instantiations, budget.checkInstantiations],
    ['instantiations (every export hovered)', cost.hover.instantiations, budget.hoverInstantiations],
  ];
  return rows.filter(([, measured, most]) => measured > most).map(([what, measured, most]) => `${specifier}: ${what} ${measured} > budget ${most}`);
}
