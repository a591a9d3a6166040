import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RRULE_MESSAGES } from '../../src/rrule/messages.js';
import {
  AdjustmentSchema,
  EvidenceTextSchema,
  ImageSchema,
  InvoiceSchema,
  LineItemsSchema,
  OccurrenceSchema,
  RecurSchema,
  RunTransferSchema,
  ScheduleLineItemsSchema,
  ScheduleSchema,
  TransferEndpointSchema,
} from '../../src/schemas/index.js';
import { TYPED_ID, usd, validEndpoint, validInvoice, validRunTransfer, validSchedule } from './fixtures.js';
import { failures, passes } from './helpers.js';

describe('ScheduleSchema', () => {
  it('accepts a full schedule', () => expect(failures(ScheduleSchema, validSchedule())).toEqual({}));

  it('needs at least one occurrence or a recur, reported on occurrences', () => {
    const { occurrences: _o, recur: _r, ...bare } = validSchedule();
    const message = 'a schedule needs at least one occurrence or a recur';
    expect(failures(ScheduleSchema, bare)).toEqual({ occurrences: message });
    expect(failures(ScheduleSchema, { ...bare, occurrences: [] })).toEqual({ occurrences: message });
    expect(passes(ScheduleSchema, { ...bare, occurrences: [{}] })).toBe(true);
    const { occurrences: _x, ...recurOnly } = validSchedule();
    expect(passes(ScheduleSchema, recurOnly)).toBe(true);
  });

  it('requires each required field and refuses null there', () => {
    for (const key of [
      'scheduleID',
      'createdOn',
      'updatedOn',
      'mode',
      'ownerAccountID',
      'partnerAccountID',
      'sourceAccountID',
      'destinationAccountID',
    ]) {
      const { [key as 'mode']: _drop, ...rest } = validSchedule();
      expect(failures(ScheduleSchema, rest)).toEqual({ [key]: 'is required' });
      expect(Object.keys(failures(ScheduleSchema, { ...validSchedule(), [key]: null }))).toEqual([key]);
    }
  });

  it('refuses a mode outside sandbox / production', () => {
    expect(failures(ScheduleSchema, { ...validSchedule(), mode: 'test' })).toEqual({
      mode: 'must be one of: sandbox, production',
    });
  });

  it('keeps account IDs plain strings (not Resource IDs in schedules)', () => {
    expect(passes(ScheduleSchema, { ...validSchedule(), ownerAccountID: 'not-a-resource-id' })).toBe(true);
  });
});

describe('OccurrenceSchema', () => {
  it('accepts an empty occurrence (no field is required)', () => expect(passes(OccurrenceSchema, {})).toBe(true));
  it('checks status, booleans, date-times and the error object', () => {
    expect(
      failures(OccurrenceSchema, {
        status: 'done',
        generated: 'yes',
        runOn: '2026-13-01T00:00:00Z',
        error: { message: 5 },
      }),
    ).toEqual({
      status: 'must be one of: pending, failed, completed',
      generated: 'must be a boolean',
      runOn: 'month 13 does not exist',
      'error.message': 'must be a string',
    });
    expect(failures(OccurrenceSchema, { error: {} })).toEqual({ 'error.message': 'is required' });
  });
});

describe('RecurSchema', () => {
  it('requires recurrenceRule and runTransfer', () => {
    expect(failures(RecurSchema, {})).toEqual({ recurrenceRule: 'is required', runTransfer: 'is required' });
    expect(failures(RecurSchema, { recurrenceRule: 1, runTransfer: validRunTransfer(), indefinite: 'no' })).toEqual({
      recurrenceRule: 'must be a string',
      indefinite: 'must be a boolean',
    });
  });
});

describe('recurrenceRule is an RFC 5545 RRULE (spec 2.5)', () => {
  const recur = (recurrenceRule: unknown) => ({ recurrenceRule, runTransfer: validRunTransfer() });
  // Each message is the RFC rule the text breaks (RFC 5545 3.3.10), as the parser words it.
  it.each([
    ['not an rrule', RRULE_MESSAGES.malformedPart('not an rrule')],
    ['FREQ=DAILY;COUNT=2;UNTIL=20260101T000000Z', RRULE_MESSAGES.countAndUntil],
    ['FREQ=WEEKLY;BYMONTHDAY=1', RRULE_MESSAGES.byMonthDayWeekly],
    ['', RRULE_MESSAGES.empty],
    ['COUNT=2', RRULE_MESSAGES.freqRequired],
    ['FREQ=DAILY;FREQ=DAILY', RRULE_MESSAGES.duplicatePart('FREQ')],
  ])('refuses %j with the parser message', (rule, message) => {
    expect(failures(RecurSchema, recur(rule))).toEqual({ recurrenceRule: message });
    const { occurrences: _o, ...schedule } = validSchedule();
    expect(failures(ScheduleSchema, { ...schedule, recur: recur(rule) })).toEqual({ 'recur.recurrenceRule': message });
  });

  it.each(['FREQ=MONTHLY;BYMONTHDAY=1', 'RRULE:FREQ=DAILY;COUNT=2', 'freq=weekly;byday=mo,fr', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29'])(
    'accepts %j and keeps the text as sent',
    (rule) => {
      const result = v.safeParse(RecurSchema, recur(rule));
      expect(result.success).toBe(true);
      expect(result.output).toMatchObject({ recurrenceRule: rule });
    },
  );

  it('refuses a lone surrogate with the text message, never echoing it in a message', () => {
    expect(failures(RecurSchema, recur(`FREQ=DAILY${String.fromCharCode(0xd800)}`))).toEqual({
      recurrenceRule: 'must not contain a lone surrogate',
    });
  });
});

describe('RunTransferSchema and TransferEndpointSchema', () => {
  it('accepts a run transfer whose schedule-profile line items have no required field', () => {
    expect(failures(RunTransferSchema, validRunTransfer())).toEqual({});
  });
  it('requires amount, description, destination, source, partnerAccountID', () => {
    expect(failures(RunTransferSchema, {})).toEqual({
      amount: 'is required',
      description: 'is required',
      destination: 'is required',
      source: 'is required',
      partnerAccountID: 'is required',
    });
  });
  it('limits companyEntryDescription to 4-10, originatingCompanyName to 4-16, dynamicDescriptor to 4-22', () => {
    const cases: [string, string, number, number][] = [
      ['achDetails', 'companyEntryDescription', 4, 10],
      ['achDetails', 'originatingCompanyName', 4, 16],
      ['cardDetails', 'dynamicDescriptor', 4, 22],
    ];
    for (const [group, field, min, max] of cases) {
      const withValue = (s: string) => ({ paymentMethodID: 'pm', [group]: { [field]: s } });
      expect(passes(TransferEndpointSchema, withValue('x'.repeat(min)))).toBe(true);
      expect(passes(TransferEndpointSchema, withValue('é'.repeat(max)))).toBe(true);
      expect(passes(TransferEndpointSchema, withValue('💳'.repeat(max)))).toBe(true);
      expect(failures(TransferEndpointSchema, withValue('x'.repeat(min - 1)))).toEqual({
        [`${group}.${field}`]: `must be at least ${min} characters`,
      });
      expect(failures(TransferEndpointSchema, withValue('💳'.repeat(max + 1)))).toEqual({
        [`${group}.${field}`]: `must be at most ${max} characters`,
      });
    }
  });
  it('requires paymentMethodID and refuses a non-object achDetails', () => {
    expect(failures(TransferEndpointSchema, { achDetails: 'x' })).toEqual({
      paymentMethodID: 'is required',
      achDetails: 'must be a JSON object',
    });
    expect(passes(TransferEndpointSchema, validEndpoint())).toBe(true);
  });
});

describe('line-item profiles', () => {
  it('invoice profile requires item name, basePrice, quantity and option name, quantity', () => {
    expect(failures(LineItemsSchema, { items: [{ options: [{}] }] })).toEqual({
      'items.0.name': 'is required',
      'items.0.basePrice': 'is required',
      'items.0.quantity': 'is required',
      'items.0.options.0.name': 'is required',
      'items.0.options.0.quantity': 'is required',
    });
  });
  it('schedule profile requires none of them but keeps the limits', () => {
    expect(passes(ScheduleLineItemsSchema, { items: [{ options: [{}] }] })).toBe(true);
    expect(failures(ScheduleLineItemsSchema, { items: [{ name: '', options: [{ group: 'g'.repeat(101) }] }] })).toEqual(
      { 'items.0.name': 'must be at least 1 character', 'items.0.options.0.group': 'must be at most 100 characters' },
    );
    expect(passes(ScheduleLineItemsSchema, { items: [{ productID: 'prod-1', images: [{ imageID: 'img-1' }] }] })).toBe(
      true,
    );
  });
  it('schedule profile checks every limit and type of a field that is present (spec 2.4)', () => {
    const bad = {
      items: [
        {
          name: 'x'.repeat(151), // 1 to 150 characters
          basePrice: { currency: 'usd', valueDecimal: '1e3' }, // AmountDecimal: ISO code, decimal string
          quantity: 2 ** 31, // int32
          options: [{ name: '', quantity: 1.5, priceModifier: { currency: 'USD', valueDecimal: '1.0000000001' } }],
        },
      ],
    };
    expect(Object.keys(failures(ScheduleLineItemsSchema, bad)).sort()).toEqual(
      [
        'items.0.name',
        'items.0.basePrice.currency',
        'items.0.basePrice.valueDecimal',
        'items.0.quantity',
        'items.0.options.0.name',
        'items.0.options.0.quantity',
        'items.0.options.0.priceModifier.valueDecimal',
      ].sort(),
    );
    const atLimits = { items: [{ name: 'x'.repeat(150), basePrice: usd('1.000000001'), quantity: 2 ** 31 - 1, options: [{ name: 'o', quantity: -(2 ** 31), priceModifier: usd('-0.5') }] }] };
    expect(passes(ScheduleLineItemsSchema, atLimits)).toBe(true);
  });

  it('a run transfer\'s salesTaxAmount is an Amount (spec 2.5): minor units as a safe integer, an ISO code', () => {
    expect(passes(RunTransferSchema, { ...validRunTransfer(), salesTaxAmount: { currency: 'USD', value: 150 } })).toBe(true);
    expect(Object.keys(failures(RunTransferSchema, { ...validRunTransfer(), salesTaxAmount: { currency: 'USD', value: 1.5 } }))).toEqual(['salesTaxAmount.value']);
    expect(Object.keys(failures(RunTransferSchema, { ...validRunTransfer(), salesTaxAmount: { currency: 'EURO', value: 1 } }))).toEqual(['salesTaxAmount.currency']);
  });

  it('invoice profile wants Resource IDs for productID and imageID', () => {
    const item = { name: 'a', basePrice: usd('1'), quantity: 1 };
    expect(passes(LineItemsSchema, { items: [{ ...item, productID: TYPED_ID }] })).toBe(true);
    expect(Object.keys(failures(LineItemsSchema, { items: [{ ...item, productID: 'prod-1' }] }))).toEqual([
      'items.0.productID',
    ]);
    expect(Object.keys(failures(LineItemsSchema, { items: [{ ...item, images: [{ imageID: 'img' }] }] }))).toEqual([
      'items.0.images.0.imageID',
    ]);
  });
  it('option group: 100 passes, 101 fails', () => {
    const opt = (group: string) => ({ items: [{ name: 'a', basePrice: usd('1'), quantity: 1, options: [{ name: 'o', quantity: 1, group }] }] });
    expect(passes(LineItemsSchema, opt('🧀'.repeat(100)))).toBe(true);
    expect(failures(LineItemsSchema, opt('🧀'.repeat(101)))).toEqual({
      'items.0.options.0.group': 'must be at most 100 characters',
    });
  });
});

describe('ImageSchema', () => {
  it('altText 125 passes, 126 fails; link must be a URL', () => {
    expect(passes(ImageSchema, { altText: '🖼'.repeat(125), link: 'https://cdn.example/a.png' })).toBe(true);
    expect(failures(ImageSchema, { altText: '🖼'.repeat(126), link: 'cdn.example/a.png' })).toEqual({
      altText: 'must be at most 125 characters',
      link: 'must be an absolute URL',
    });
  });
});

describe('InvoiceSchema', () => {
  it('accepts a full invoice with payment records', () => expect(failures(InvoiceSchema, validInvoice())).toEqual({}));
  it('refuses a lone surrogate in its free-text fields, each on its own path', () => {
    for (const field of ['invoiceNumber', 'description'] as const) {
      expect(failures(InvoiceSchema, { ...validInvoice(), [field]: 'INV-\ud800' })).toEqual({ [field]: 'must not contain a lone surrogate' });
      expect(passes(InvoiceSchema, { ...validInvoice(), [field]: 'INV-\u{1F4B8}' })).toBe(true);
    }
  });
  it('wants Resource IDs for invoiceID, customerAccountID, partnerAccountID, invoicePaymentID', () => {
    const bad = {
      ...validInvoice(),
      invoiceID: 'inv-1',
      customerAccountID: 'c',
      partnerAccountID: 'p',
      invoicePayments: [{ invoicePaymentID: 'pay-1' }],
    };
    expect(Object.keys(failures(InvoiceSchema, bad))).toEqual([
      'invoiceID',
      'customerAccountID',
      'partnerAccountID',
      'invoicePayments.0.invoicePaymentID',
    ]);
  });
  it('requires the fourteen required fields', () => {
    expect(Object.keys(failures(InvoiceSchema, {}))).toEqual([
      'invoiceID',
      'invoiceNumber',
      'customerAccountID',
      'partnerAccountID',
      'createdOn',
      'status',
      'lineItems',
      'subtotalAmount',
      'taxAmount',
      'totalAmount',
      'paidAmount',
      'pendingAmount',
      'refundedAmount',
      'disputedAmount',
    ]);
  });
  it('checks the external payment date', () => {
    const bad = { ...validInvoice(), invoicePayments: [{ external: { paymentDate: '2026-04-31T00:00:00Z' } }] };
    expect(failures(InvoiceSchema, bad)).toEqual({
      'invoicePayments.0.external.paymentDate': 'day 31 does not exist in 2026-04',
    });
  });
});

describe('AdjustmentSchema and EvidenceTextSchema', () => {
  it('adjustment requires its four fields', () => {
    expect(
      passes(AdjustmentSchema, { adjustmentID: 'a', walletID: 'w', amount: usd('-5.00'), createdOn: '2026-04-01T00:00:00Z' }),
    ).toBe(true);
    expect(Object.keys(failures(AdjustmentSchema, {}))).toEqual(['adjustmentID', 'walletID', 'amount', 'createdOn']);
  });
  it('evidence record requires its five fields; the 750 limit is on the request only', () => {
    const record = {
      evidenceID: 'e',
      disputeID: 'd',
      evidenceType: 'receipt',
      text: 'x'.repeat(751),
      createdOn: '2026-04-01T00:00:00Z',
    };
    expect(passes(EvidenceTextSchema, record)).toBe(true);
    expect(Object.keys(failures(EvidenceTextSchema, {}))).toEqual([
      'evidenceID',
      'disputeID',
      'evidenceType',
      'text',
      'createdOn',
    ]);
  });
});

describe('InvoiceSchema: totalAmount is the sum of the subtotal and the tax', () => {
  const message = 'must equal subtotalAmount + taxAmount, in the same currency';
  it('accepts an exact sum written with different trailing zeros', () => {
    expect(passes(InvoiceSchema, { ...validInvoice(), subtotalAmount: usd('0.1'), taxAmount: usd('0.2'), totalAmount: usd('0.30') })).toBe(true);
    expect(
      passes(InvoiceSchema, {
        ...validInvoice(),
        subtotalAmount: usd('123456789012345.123456789'),
        taxAmount: usd('0.000000001'),
        totalAmount: usd('123456789012345.12345679'),
      }),
    ).toBe(true);
  });
  it('refuses a total off by one billionth, and mixed currencies', () => {
    expect(failures(InvoiceSchema, { ...validInvoice(), totalAmount: usd('10.000000001') })).toEqual({ totalAmount: message });
    expect(
      failures(InvoiceSchema, { ...validInvoice(), taxAmount: { currency: 'EUR', valueDecimal: '1.00' } }),
    ).toEqual({ totalAmount: message });
  });
});

describe('every schema is a Standard Schema', () => {
  it('validates through ~standard with path and message', async () => {
    const ok = await InvoiceSchema['~standard'].validate(validInvoice());
    expect(ok.issues).toBeUndefined();
    const bad = await AdjustmentSchema['~standard'].validate({ adjustmentID: 'a', walletID: 'w', amount: usd('1'), createdOn: 'now' });
    expect(bad.issues?.map((i) => [i.path?.map((p) => (typeof p === 'object' ? p.key : p)), i.message])).toEqual([
      [['createdOn'], 'must be an RFC 3339 date-time with a time offset, e.g. 2026-04-01T09:00:00Z'],
    ]);
    expect(InvoiceSchema['~standard'].vendor).toBe('valibot');
  });
});
