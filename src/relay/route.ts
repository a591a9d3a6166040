import type { DeliverableEffect } from '../http/effects/index.js';

/** A routing key or subject: fixed, or chosen per effect (default: the effect's `type`). */
export type RouteOption = string | ((effect: DeliverableEffect) => string);

/**
 * The route of one effect: `option` itself, `option(effect)`, or the effect's `type` when
 * `option` is undefined. Throws `TypeError(message)` when the result is not a non-empty string.
 *
 * @example
 * routeOf(undefined, effect, 'bad route')             // 'invoice.finalized'
 * routeOf((e) => `billing.${e.type}`, effect, 'bad')  // 'billing.invoice.finalized'
 */
export function routeOf(option: RouteOption | undefined, effect: DeliverableEffect, message: string): string {
  const route = option === undefined ? effect.type : typeof option === 'function' ? option(effect) : option;
  if (typeof route !== 'string' || route === '') throw new TypeError(message);
  return route;
}

/**
 * Checks a route option at construction: a non-empty string, a function, or undefined.
 *
 * @example
 * checkRouteOption('invoices', 'createNatsRelay: subject must be a non-empty string or a function')
 */
export function checkRouteOption(option: unknown, message: string): void {
  if (option === undefined || typeof option === 'function') return;
  if (typeof option !== 'string' || option === '') throw new TypeError(message);
}
