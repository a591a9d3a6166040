// The playground page's script (bundled by esbuild at build time: scripts/build-pages.ts). Every
// computation is the library's own, in the browser; the page sends no request.
import type { BusinessDayAdjustment } from '../../../schedule/index.js';
import { byId, h } from './dom.js';
import { allocateDecimal } from './features.js';
import { type ItemInput, showInvoice } from './invoice-panel.js';
import { showRequestVerdict } from './request-panel.js';
import { showSchedule } from './schedule-panel.js';

const FIRST_ITEMS: readonly ItemInput[] = [
  { name: 'Latte', quantity: '2', price: '4.50' },
  { name: 'Croissant', quantity: '1', price: '3.25' },
];

function wireRequest(): void {
  const operation = byId('request-operation', HTMLSelectElement);
  const body = byId('request-body', HTMLTextAreaElement);
  const result = byId('request-result', HTMLElement);
  let latest = 0;
  const update = (): void => {
    // Parsing is asynchronous: only the newest edit's answer is shown.
    const ticket = (latest += 1);
    const scratch = h('div');
    void showRequestVerdict(body.value, operation.value, scratch).then(() => {
      if (ticket === latest) result.replaceChildren(...scratch.childNodes);
    });
  };
  operation.addEventListener('change', update);
  body.addEventListener('input', update);
  update();
}

function wireSchedule(): void {
  const fields = ['rule', 'start', 'zone', 'adjustment', 'count'].map((name) => byId(`schedule-${name}`, HTMLElement) as HTMLInputElement | HTMLSelectElement);
  const [rule, start, zone, adjustment, count] = fields;
  const result = byId('schedule-result', HTMLElement);
  const update = (): void => {
    if (rule === undefined || start === undefined || zone === undefined || adjustment === undefined || count === undefined) return;
    showSchedule(
      { rule: rule.value, start: start.value, timeZone: zone.value, adjustment: adjustment.value as BusinessDayAdjustment, count: Number(count.value) },
      result,
    );
  };
  for (const field of fields) field.addEventListener('input', update);
  update();
}

function itemRow(item: ItemInput, index: number, onRemove: () => void): HTMLTableRowElement {
  const n = index + 1;
  const cell = (field: 'name' | 'quantity' | 'price', label: string, extra: Record<string, string>) =>
    h(
      'td',
      {},
      h('label', { class: 'visually-hidden', for: `invoice-item-${field}-${index}` }, `${label} of item ${n}`),
      h('input', { id: `invoice-item-${field}-${index}`, 'data-field': field, value: item[field], spellcheck: 'false', autocomplete: 'off', ...extra }),
    );
  const remove = h('button', { type: 'button', class: 'remove', 'aria-label': `Remove item ${n}` }, 'Remove');
  remove.addEventListener('click', onRemove);
  return h('tr', {}, cell('name', 'Name', {}), cell('quantity', 'Quantity', { inputmode: 'numeric' }), cell('price', 'Unit price', { inputmode: 'decimal' }), h('td', {}, remove));
}

function wireInvoice(): void {
  const currency = byId('invoice-currency', HTMLInputElement);
  const tax = byId('invoice-tax', HTMLInputElement);
  const ratios = byId('invoice-ratios', HTMLInputElement);
  const rows = byId('invoice-items', HTMLTableSectionElement);
  const result = byId('invoice-result', HTMLElement);
  byId('invoice-allocation-field', HTMLElement).hidden = allocateDecimal === undefined;
  const readItems = (): ItemInput[] =>
    [...rows.rows].map((row) => {
      const value = (field: string) => row.querySelector<HTMLInputElement>(`input[data-field="${field}"]`)?.value ?? '';
      return { name: value('name'), quantity: value('quantity'), price: value('price') };
    });
  const update = (): void =>
    showInvoice({ currency: currency.value, tax: tax.value, items: readItems(), ratios: ratios.value }, result, (id) => document.getElementById(id));
  const render = (items: readonly ItemInput[]): void => {
    rows.replaceChildren(
      ...items.map((item, i) =>
        itemRow(item, i, () => {
          render(readItems().filter((_, j) => j !== i));
          update();
        }),
      ),
    );
  };
  byId('invoice-add', HTMLButtonElement).addEventListener('click', () => {
    render([...readItems(), { name: '', quantity: '1', price: '0.00' }]);
    update();
  });
  byId('invoice-form', HTMLFormElement).addEventListener('input', update);
  render(FIRST_ITEMS);
  update();
}

wireRequest();
wireSchedule();
wireInvoice();
