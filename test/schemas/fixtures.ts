// Valid sample bodies and resources, written by hand from the spec (sections 2 and 4).

export const TYPED_ID = 'kuoaydiojf7uszaokc2ggnaaaa_xfer';
export const UUID_ID = '551c0c0d-0e49-7f49-640e-50b463340000';

export const usd = (valueDecimal: string) => ({ currency: 'USD', valueDecimal });

export function validOption(name = 'Oat milk') {
  return { name, quantity: 1, group: 'Milk', priceModifier: usd('-0.25') };
}

export function validItem(name = 'Latte') {
  return {
    name,
    basePrice: usd('4.50'),
    quantity: 2,
    productID: TYPED_ID,
    options: [validOption(), validOption('Extra shot')],
    images: [{ altText: 'A latte', imageID: UUID_ID, link: 'https://img.example/latte.png', publicID: 'latte' }],
  };
}

export function validInvoiceUpdate() {
  return {
    description: 'Coffee for the office',
    dueDate: '2026-05-01T00:00:00Z',
    invoiceDate: '2026-04-01T09:00:00-04:00',
    lineItems: { items: [validItem('Latte'), validItem('Mocha'), validItem('Tea')] },
    status: 'unpaid',
    taxAmount: usd('1.23'),
  };
}

export function validEndpoint() {
  return {
    paymentMethodID: 'pm-1',
    achDetails: { companyEntryDescription: 'PAYROLL', originatingCompanyName: 'Acme Coffee' },
    cardDetails: { dynamicDescriptor: 'ACME COFFEE' },
  };
}

export function validRunTransfer() {
  return {
    amount: { currency: 'USD', value: 1000 },
    description: 'Monthly rent',
    destination: validEndpoint(),
    source: { paymentMethodID: 'pm-2' },
    partnerAccountID: 'partner-1',
    lineItems: { items: [{ name: 'Rent', basePrice: usd('9.00'), quantity: 1 }, {}] },
    salesTaxAmount: { currency: 'USD', value: 100 },
  };
}

export function validSchedule() {
  return {
    scheduleID: 'sch-1',
    createdOn: '2026-04-01T00:00:00Z',
    updatedOn: '2026-04-02T00:00:00Z',
    mode: 'sandbox',
    ownerAccountID: 'acct-1',
    partnerAccountID: 'partner-1',
    sourceAccountID: 'acct-1',
    destinationAccountID: 'acct-2',
    description: 'Rent',
    occurrences: [
      {
        scheduleID: 'sch-1',
        occurrenceID: 'occ-1',
        mode: 'sandbox',
        generated: false,
        indefinite: false,
        runOn: '2026-05-01T09:00:00Z',
        runTransfer: validRunTransfer(),
        status: 'failed',
        error: { message: 'insufficient funds' },
      },
    ],
    recur: {
      recurrenceRule: 'FREQ=MONTHLY;BYMONTHDAY=1',
      runTransfer: validRunTransfer(),
      indefinite: true,
      start: '2026-05-01T09:00:00Z',
    },
  };
}

export function validInvoice() {
  return {
    invoiceID: TYPED_ID,
    invoiceNumber: 'INV-1001',
    customerAccountID: UUID_ID,
    partnerAccountID: UUID_ID,
    createdOn: '2026-04-01T00:00:00Z',
    status: 'draft',
    lineItems: { items: [validItem()] },
    subtotalAmount: usd('9.00'),
    taxAmount: usd('1.00'),
    totalAmount: usd('10.00'),
    paidAmount: usd('0'),
    pendingAmount: usd('0'),
    refundedAmount: usd('0'),
    disputedAmount: usd('0'),
    invoicePayments: [
      {
        invoicePaymentID: TYPED_ID,
        amount: usd('5.00'),
        external: { description: 'cash', foreignID: 'r-1', paymentDate: '2026-04-03T00:00:00Z' },
      },
    ],
  };
}
