import * as v from 'valibot';
import { FIELD_LIMITS } from '../limits/index.js';
import { jsonObject } from './json-object.js';
import { STRING_MESSAGE, URL_MESSAGE } from './messages.js';
import { OPEN_KIND, type ObjectKind } from './object-kind.js';
import { ResourceIdSchema } from './resource-id.js';
import { TextSchema, textSchema } from './text.js';

const AltTextSchema = textSchema(FIELD_LIMITS.imageAltText);
const LinkSchema = v.pipe(v.string(STRING_MESSAGE), v.url(URL_MESSAGE));

/** Image (spec 2.3) outside invoices: every field optional, `imageID` a plain string. */
export const ImageSchema = jsonObject({
  altText: v.optional(AltTextSchema),
  imageID: v.optional(TextSchema),
  link: v.optional(LinkSchema),
  publicID: v.optional(TextSchema),
});

/**
 * Image (spec 2.3) inside invoices, built with the objects of `kind`: as {@link ImageSchema}
 * with `imageID` a Resource ID.
 *
 * @example
 * invoiceImageSchema(closedKind(REQUEST_LIMITS)) // refuses unknown fields
 */
/* @__NO_SIDE_EFFECTS__ */
export function invoiceImageSchema(kind: ObjectKind) {
  return kind.object({
    altText: v.optional(AltTextSchema),
    imageID: v.optional(ResourceIdSchema),
    link: v.optional(LinkSchema),
    publicID: v.optional(TextSchema),
  });
}

/** Image (spec 2.3) inside an invoice response (unknown fields ignored). */
export const InvoiceImageSchema = invoiceImageSchema(OPEN_KIND);

/** The explicit type of what {@link ImageSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { Image } from './shapes/image.js';

/** The explicit type of what {@link InvoiceImageSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { InvoiceImage } from './shapes/image.js';
