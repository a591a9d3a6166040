// Request bodies built to be as expensive as possible within a byte budget: what an attacker
// holding a write token would send to make one request cost the most CPU or the largest answer.
// Each is valid JSON (so it passes the parser and reaches the operation) unless noted.

/**
 * Repeats `unit(i)`, comma-separated, between `prefix` and `suffix`, as many times as fit in
 * `budget` bytes and in `units` (the body's value limit divided by the values one unit holds).
 */
function fill(budget: number, units: number, prefix: string, unit: (i: number) => string, suffix: string): string {
  const parts: string[] = [];
  let size = prefix.length + suffix.length;
  for (let i = 0; i < units; i++) {
    const next = unit(i);
    const added = next.length + (parts.length === 0 ? 0 : 1);
    if (size + added > budget) break;
    parts.push(next);
    size += added;
  }
  return `${prefix}${parts.join(',')}${suffix}`;
}

/** `{"description":"<padding>",` + `rest`: escaped text fills what the values left of the byte budget. */
function padded(budget: number, rest: (budget: number) => string): string {
  const body = rest(budget - 40);
  const room = Math.max(0, budget - body.length - '{"description":"",'.length);
  const tail = body === '{}' ? '}' : `,${body.slice(1)}`;
  return `{"description":"${'\\u00e9'.repeat(Math.floor(room / 6))}"${tail}`;
}

/** A short key unique to `i` (base 36), so no two objects share a hidden class. */
const uniqueKey = (i: number): string => `"${i.toString(36)}"`;

const FIELDS = ['name', 'description', 'basePrice', 'quantity', 'options', 'images', 'priceModifier', 'group'];

/** A seeded shuffle of the line-item field names: same field set, every object in another order. */
function shuffledFields(i: number): string[] {
  const fields = [...FIELDS];
  let state = (i * 2_654_435_761) >>> 0;
  for (let j = fields.length - 1; j > 0; j--) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const k = state % (j + 1);
    [fields[j], fields[k]] = [fields[k] as string, fields[j] as string];
  }
  return fields;
}

const item = '{"name":"Widget","description":"A widget","basePrice":{"currency":"USD","valueDecimal":"10.00"},"quantity":2}';

/**
 * The bodies, by name, each at most `budget` bytes (ASCII, so characters are bytes) and at
 * most `maxValues` JSON values (array elements and object members), the handler's two limits
 * on what is parsed: each packs the most costly values it can under the value limit, then
 * fills the bytes left with an escaped description, which costs little per byte but is read
 * in full.
 */
export function amplificationBodies(budget: number, maxValues: number): Record<string, string> {
  // Values outside the units: the top-level object, description, lineItems, items.
  const room = maxValues - 4;
  const items = (perUnit: number, unit: (i: number) => string) => padded(budget, (b) => fill(b, Math.floor(room / perUnit), '{"lineItems":{"items":[', unit, ']}}'));
  return {
    // The issue's body: empty line items, each failing every required field.
    emptyItems: items(1, () => '{}'),
    // Items whose every field has the wrong type.
    badItems: items(5, () => '{"name":1,"quantity":"x","basePrice":1,"options":1}'),
    // One item with as many (empty) options, or images, as fit.
    optionsFlood: padded(budget, (b) => fill(b, room - 8, `{"lineItems":{"items":[${item.slice(0, -1)},"options":[`, () => '{}', ']}]}}')),
    imagesFlood: padded(budget, (b) => fill(b, room - 8, `{"lineItems":{"items":[${item.slice(0, -1)},"images":[`, () => '{}', ']}]}}')),
    // Valid items, past the item limit.
    validItems: items(7, () => item),
    // Keys unique across the body: every object a new hidden class for JSON.parse.
    distinctKeys: items(9, (i) => `{${[0, 1, 2, 3, 4, 5, 6, 7].map((k) => `${uniqueKey(i * 8 + k)}:0`).join(',')}}`),
    // The API's own field names in a different order in every object.
    shuffledKeys: items(9, (i) => `{${shuffledFields(i).map((f) => `"${f}":0`).join(',')}}`),
    // One object with as many unknown fields as fit.
    unknownFields: padded(budget, (b) => fill(b, room, '{', (i) => `${uniqueKey(i)}:0`, '}')),
    // Strings unique across the body as item names.
    distinctStrings: items(2, (i) => `{"name":"${i.toString(36)}"}`),
    // Arrays where objects belong, nested twice.
    nestedArrays: items(2, () => '[[]]'),
    // Nesting as deep as allowed, repeated.
    deepFields: items(60, () => `${'['.repeat(60)}${']'.repeat(60)}`),
    // Numbers where a decimal string belongs.
    numbers: padded(budget, (b) => fill(b, room - 2, '{"taxAmount":{"currency":"USD","valueDecimal":[', () => '1e308', ']}}')),
    // Nothing but the escaped description.
    escapedText: padded(budget, () => '{}'),
  };
}
