// The update-invoice bodies of the validation benches (bench/validate.bench.ts and its
// instruction count, bench/validate-instructions.ts): every top-level field, N items with 2
// options each; the invalid ones have three deep errors (the first is in the first item, so
// "first error found" is early); the `unknown` ones have fields the spec does not define.

const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });
const option = (name: string) => ({ name, quantity: 1, group: 'Extras', priceModifier: usd('-0.25') });
const item = (name: string) => ({
  name,
  basePrice: usd('4.50'),
  quantity: 2,
  productID: 'kuoaydiojf7uszaokc2ggnaaaa_xfer',
  options: [option(`${name} option A`), option(`${name} option B`)],
});
const updateBody = (names: string[]) => ({
  description: 'Coffee for the office',
  dueDate: '2026-05-01T00:00:00Z',
  invoiceDate: '2026-04-01T09:00:00-04:00',
  status: 'unpaid',
  taxAmount: usd('1.23'),
  lineItems: { items: names.map(item) },
});
function broken<T>(body: T): T {
  const copy = structuredClone(body) as any;
  const [first, second, third] = copy.lineItems.items;
  first.options[1].quantity = 1.5; // lineItems.items.<first>.options["... option B"].quantity
  second.basePrice.valueDecimal = '4.5000000001'; // lineItems.items.<second>.basePrice.valueDecimal
  third.options[0].name = 'x'.repeat(151); // lineItems.items.<third>.options["[0]"].name
  return copy;
}
export const valid3 = updateBody(['Latte', 'Mocha', 'Tea']);
export const invalid3 = broken(valid3);
export const valid50 = updateBody(Array.from({ length: 50 }, (_, i) => `Item ${i}`));
export const invalid50 = broken(valid50);
/** The 3-item body with three fields the spec does not define: two at the top, one in an item. */
export const unknown3 = { ...structuredClone(valid3), memo: 'for the office', reference: 'PO-1', lineItems: { items: valid3.lineItems.items.map((entry, i) => (i === 1 ? { ...entry, colour: 'red' } : entry)) } };
/** An upload-evidence-text body (an `{ error }` validator) with three fields the spec does not define. */
export const evidenceUnknown = { evidenceType: 'receipt', text: 'Paid in full.', memo: 'x', reference: 'PO-1', colour: 'red' };
