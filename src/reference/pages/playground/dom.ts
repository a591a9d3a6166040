/** Attributes of {@link h}: strings are set with `setAttribute`, `false` and `undefined` leave one out. */
export type Attributes = Readonly<Record<string, string | number | boolean | undefined>>;

/**
 * An element with attributes and children (text or nodes); no HTML is ever parsed, so no
 * text the user typed can become markup.
 *
 * @example
 * h('p', { class: 'note' }, 'Saved ', h('code', {}, '200'))
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: readonly (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children);
  return element;
}

/**
 * The element with `id`, of the expected type; throws when the page does not have it.
 *
 * @example
 * const input = byId('schedule-rule', HTMLInputElement)
 */
export function byId<T extends HTMLElement>(id: string, type: { new (): T; prototype: T }): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return element;
}
