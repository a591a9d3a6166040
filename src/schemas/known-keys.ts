// Which keys each object of the update-invoice body (spec 4.2) may have, as one yes/no check
// per kind of object: true when every own enumerable key of `value` (the keys `Object.keys`
// lists) is one of its fields, so that no unknown field is to be reported. `for...in` visits
// inherited keys too: a known one is skipped, as the validators skip it, and an unknown one
// counts only when it is own. A switch on the key, not a Set: no hashing, no allocation
// (issue 34). Used by the quick path and, before it reports unknown fields, by the exact
// validator.
//
// @example
// onlyAmountKeys({ currency: 'USD', valueDecimal: '1.00' }) // true
// onlyAmountKeys({ currency: 'USD', value: 100 })           // false

type Obj = Record<string, unknown>;

/**
 * An AmountDecimal's keys: `currency`, `valueDecimal`.
 *
 * @example
 * onlyAmountKeys({}) // true
 */
export function onlyAmountKeys(value: Obj): boolean {
  for (const key in value) {
    if (key === 'currency' || key === 'valueDecimal') continue;
    if (Object.hasOwn(value, key)) return false;
  }
  return true;
}

/**
 * A line-item option's keys.
 *
 * @example
 * onlyOptionKeys({}) // true
 */
export function onlyOptionKeys(value: Obj): boolean {
  for (const key in value) {
    switch (key) {
      case 'name':
      case 'quantity':
      case 'group':
      case 'priceModifier':
      case 'images':
        continue;
    }
    if (Object.hasOwn(value, key)) return false;
  }
  return true;
}

/**
 * A line item's keys.
 *
 * @example
 * onlyItemKeys({}) // true
 */
export function onlyItemKeys(value: Obj): boolean {
  for (const key in value) {
    switch (key) {
      case 'name':
      case 'basePrice':
      case 'quantity':
      case 'options':
      case 'productID':
      case 'images':
        continue;
    }
    if (Object.hasOwn(value, key)) return false;
  }
  return true;
}

/**
 * An image's keys.
 *
 * @example
 * onlyImageKeys({}) // true
 */
export function onlyImageKeys(value: Obj): boolean {
  for (const key in value) {
    switch (key) {
      case 'altText':
      case 'imageID':
      case 'link':
      case 'publicID':
        continue;
    }
    if (Object.hasOwn(value, key)) return false;
  }
  return true;
}

/**
 * `lineItems`' one key, `items`.
 *
 * @example
 * onlyItemsKey({}) // true
 */
export function onlyItemsKey(value: Obj): boolean {
  for (const key in value) if (key !== 'items' && Object.hasOwn(value, key)) return false;
  return true;
}

/**
 * The update-invoice body's keys.
 *
 * @example
 * onlyBodyKeys({}) // true
 */
export function onlyBodyKeys(value: Obj): boolean {
  for (const key in value) {
    switch (key) {
      case 'description':
      case 'dueDate':
      case 'invoiceDate':
      case 'lineItems':
      case 'status':
      case 'taxAmount':
        continue;
    }
    if (Object.hasOwn(value, key)) return false;
  }
  return true;
}
