// The invoice rule tables against the documents' own table text (issue 26: a changed table
// row fails a test): INVOICE_TRANSITIONS against spec 3.1 (verbatim in
// spec/spec-section-3.1.md) and the status-move table of docs/invoice.md, and
// EDITABLE_FIELDS_BY_STATUS against the field table of docs/invoice.md. Each row is also
// checked by what applyInvoiceUpdate does with it.
import { describe, expect, it } from 'vitest';
import {
  EDITABLE_FIELDS_BY_STATUS,
  INVOICE_EDITABLE_FIELDS,
  INVOICE_TRANSITIONS,
  applyInvoiceUpdate,
  isFieldEditable,
} from '../../src/invoice/index.js';
import type { InvoiceStatus } from '../../src/invoice/index.js';
import { tableAfter, unquote } from '../limits/markdown-table.js';
import { deepFreeze, makeInvoice } from './fixtures.js';

const NOW = new Date(Date.UTC(2026, 4, 2, 15, 30, 5));

/** Spec 3.1: the rows (from, to, effects in the spec's words). */
const specMoves = () =>
  tableAfter('test/invoice/spec/spec-section-3.1.md', 'Moves that a client can make with the update-invoice operation (PATCH, field `status`):').map(
    ([from = '', , , to = '', effects = '']) => ({ from: unquote(from), to: unquote(to), effects }),
  );

/** docs/invoice.md "Status moves": what else each move does, in the guide's words. */
const guideMoves = () =>
  tableAfter('docs/invoice.md', '## Status moves').map(([from = '', to = '', what = '']) => ({ from: unquote(from), to: unquote(to), what }));

describe('INVOICE_TRANSITIONS is the table of spec 3.1', () => {
  it('row for row: the same moves in the same order, the finalizing move with its effect', () => {
    const guide = guideMoves();
    const expected = specMoves().map(({ from, to, effects }) => {
      const what = guide.find((g) => g.from === from && g.to === to)?.what ?? '';
      return {
        from,
        to,
        effects: effects.startsWith('the invoice is finalized') ? ['invoice.finalized'] : [],
        setsCanceledOn: what.includes('`canceledOn` is set'),
      };
    });
    expect(guide.map(({ from, to }) => ({ from, to }))).toEqual(expected.map(({ from, to }) => ({ from, to })));
    expect(INVOICE_TRANSITIONS).toStrictEqual(expected);
  });

  it('each row is a move applyInvoiceUpdate makes, with its effects and canceledOn', () => {
    for (const { from, to, effects } of specMoves()) {
      const invoice = makeInvoice({ status: from as InvoiceStatus });
      const result = applyInvoiceUpdate(deepFreeze(invoice), { status: to }, { now: NOW });
      expect(result.ok, `${from} -> ${to}`).toBe(true);
      if (!result.ok) continue;
      expect(result.invoice.status).toBe(to);
      expect(result.effects.map((e) => e.type)).toEqual(effects.startsWith('the invoice is finalized') ? ['invoice.finalized'] : []);
      expect(result.invoice.canceledOn).toBe(to === 'canceled' ? '2026-05-02T15:30:05Z' : undefined);
    }
  });
});

describe('EDITABLE_FIELDS_BY_STATUS is the table of docs/invoice.md', () => {
  it('row for row and column for column', () => {
    const header = ['description', 'dueDate', 'invoiceDate', 'lineItems', 'taxAmount']; // the table's columns, spec 4.2's order
    const documented = Object.fromEntries(
      tableAfter('docs/invoice.md', '## Which fields an update may change').map(([status = '', ...cells]) => [
        unquote(status),
        header.filter((_, i) => cells[i] === 'yes'),
      ]),
    );
    expect(EDITABLE_FIELDS_BY_STATUS).toStrictEqual(documented);
    expect(INVOICE_EDITABLE_FIELDS).toStrictEqual(header);
    for (const [status, fields] of Object.entries(documented)) {
      for (const field of header) expect(isFieldEditable(status, field as never), `${status} ${field}`).toBe(fields.includes(field));
    }
  });
});
