import { AmountError } from '../../../amount/index.js';
import { invoiceTotals } from '../../../invoice/index.js';
import { validateInvoiceUpdate } from '../../../schemas/index.js';
import type { AmountDecimal } from '../../../amount/index.js';
import { h } from './dom.js';
import { allocateDecimal } from './features.js';
import { fieldErrors } from './field-errors.js';
import { STATUS_TEXT } from './operations.js';

/** One line item as typed: text, turned into a request body by {@link invoiceBody}. */
export type ItemInput = { readonly name: string; readonly quantity: string; readonly price: string };

/** What the invoice form holds. */
export type InvoiceInput = { readonly currency: string; readonly tax: string; readonly items: readonly ItemInput[]; readonly ratios: string };

const INTEGER = /^[+-]?\d{1,16}$/;

/** A typed quantity as the JSON a client sends: a number when it reads as an integer, else the text (which the validator refuses). */
function quantityValue(text: string): number | string {
  return INTEGER.test(text.trim()) ? Number(text.trim()) : text;
}

/**
 * The update-invoice body (spec 4.2) the form stands for: the line items and, when a tax
 * was typed, `taxAmount`.
 *
 * @example
 * invoiceBody({ currency: 'USD', tax: '', ratios: '', items: [{ name: 'Tea', quantity: '3', price: '2.00' }] })
 * // { lineItems: { items: [{ name: 'Tea', quantity: 3, basePrice: { currency: 'USD', valueDecimal: '2.00' } }] } }
 */
export function invoiceBody(input: InvoiceInput): Record<string, unknown> {
  const items = input.items.map((item) => ({
    name: item.name,
    quantity: quantityValue(item.quantity),
    basePrice: { currency: input.currency, valueDecimal: item.price.trim() },
  }));
  return input.tax.trim() === ''
    ? { lineItems: { items } }
    : { lineItems: { items }, taxAmount: { currency: input.currency, valueDecimal: input.tax.trim() } };
}

/** The id of the input that holds the field at `path` of {@link invoiceBody}'s body, if one does. */
export function inputIdOf(path: readonly (string | number)[]): string | undefined {
  const [top, second, index, field] = path;
  if (top === 'taxAmount') return 'invoice-tax';
  if (top !== 'lineItems' || second !== 'items' || typeof index !== 'number') return undefined;
  if (field === 'name') return `invoice-item-name-${index}`;
  if (field === 'quantity') return `invoice-item-quantity-${index}`;
  if (field === 'basePrice') return `invoice-item-price-${index}`;
  return undefined;
}

function amountText(amount: AmountDecimal): string {
  return `${amount.valueDecimal} ${amount.currency}`;
}

function allocationView(total: AmountDecimal, ratiosText: string): HTMLElement[] {
  if (allocateDecimal === undefined) return [];
  const ratios = ratiosText.split(',').map((r) => r.trim());
  try {
    const parts = allocateDecimal(total, ratios);
    return [h('h3', {}, 'Allocation'), h('ol', { class: 'allocation' }, ...parts.map((p, i) => h('li', {}, `${ratios[i] ?? ''}: ${amountText(p)}`)))];
  } catch (error) {
    return [h('p', { class: 'verdict refused', role: 'alert' }, error instanceof Error ? error.message : String(error))];
  }
}

/**
 * Checks the typed items as the update-invoice operation checks them (a refused field is
 * marked at its input, with the API's message next to it, and the exact 422 body shown),
 * then shows subtotal, tax and total from `invoiceTotals` and, when the library has
 * `allocateDecimal`, the total split by the typed ratios.
 *
 * @example
 * showInvoice(input, resultElement, (id) => document.getElementById(id))
 */
export function showInvoice(input: InvoiceInput, target: HTMLElement, inputById: (id: string) => HTMLElement | null): void {
  const body = invoiceBody(input);
  const verdict = validateInvoiceUpdate(body);
  for (const marked of document.querySelectorAll('#invoice-form [aria-invalid="true"]')) marked.removeAttribute('aria-invalid');
  for (const message of document.querySelectorAll('#invoice-form .input-error')) message.remove();
  if (!verdict.ok) {
    const errors = fieldErrors(verdict.body, body, verdict.status === 422 ? { perField: true } : { perField: false, fields: [] });
    for (const error of errors) {
      const id = error.path === undefined ? undefined : inputIdOf(error.path);
      const field = id === undefined ? null : inputById(id);
      if (field === null) continue;
      field.setAttribute('aria-invalid', 'true');
      const messageId = `${field.id}-error`;
      field.setAttribute('aria-describedby', messageId);
      field.after(h('span', { class: 'input-error', id: messageId }, error.message));
    }
    target.replaceChildren(
      h('p', { class: 'verdict refused', role: 'status' }, `The API answers ${verdict.status} ${STATUS_TEXT[verdict.status] ?? ''}`.trim()),
      h('pre', { class: 'json error-body' }, h('code', {}, JSON.stringify(verdict.body, null, 2))),
    );
    return;
  }
  const lineItems = verdict.value.lineItems ?? { items: [] };
  try {
    const tax = verdict.value.taxAmount;
    const taxAmount = tax?.currency === undefined || tax.valueDecimal === undefined ? undefined : { currency: tax.currency, valueDecimal: tax.valueDecimal };
    const totals = invoiceTotals(lineItems, taxAmount, { currency: input.currency });
    target.replaceChildren(
      h(
        'dl',
        { class: 'totals' },
        h('dt', {}, 'Subtotal'),
        h('dd', { 'data-total': 'subtotal' }, amountText(totals.subtotalAmount)),
        h('dt', {}, 'Tax'),
        h('dd', { 'data-total': 'tax' }, amountText(totals.taxAmount)),
        h('dt', {}, 'Total'),
        h('dd', { 'data-total': 'total' }, amountText(totals.totalAmount)),
      ),
      ...allocationView(totals.totalAmount, input.ratios),
    );
  } catch (error) {
    if (!(error instanceof AmountError) && !(error instanceof RangeError)) throw error;
    target.replaceChildren(h('p', { class: 'verdict refused', role: 'alert' }, error.message));
  }
}
