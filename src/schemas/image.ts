import * as v from 'valibot';
import { FIELD_LIMITS } from '../limits/index.js';
import { isAbsoluteUrl } from './absolute-url.js';
import { jsonObject } from './json-object.js';
import { STRING_MESSAGE, URL_MESSAGE } from './messages.js';
import { OPEN_KIND, type ObjectKind } from './object-kind.js';
import { ResourceIdSchema } from './resource-id.js';
import { TextSchema, textSchema } from './text.js';

const AltTextSchema = /* @__PURE__ */ textSchema(FIELD_LIMITS.imageAltText);
/**
 * An image `link`: a check of `isAbsoluteUrl` (valibot's url action is the same parse in a
 * larger bundle); `format: uri` is what the url action would have put in the JSON Schema.
 */
export const LinkSchema = /* @__PURE__ */ v.pipe(
  /* @__PURE__ */ v.string(STRING_MESSAGE),
  /* @__PURE__ */ v.check(isAbsoluteUrl, URL_MESSAGE),
  /* @__PURE__ */ v.metadata({ format: 'uri' }),
);

/** Image (spec 2.3) outside invoices: every field optional, `imageID` a plain string. */
export const ImageSchema = /* @__PURE__ */ jsonObject({
  altText: /* @__PURE__ */ v.optional(AltTextSchema),
  imageID: /* @__PURE__ */ v.optional(TextSchema),
  link: /* @__PURE__ */ v.optional(LinkSchema),
  publicID: /* @__PURE__ */ v.optional(TextSchema),
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
export const InvoiceImageSchema = /* @__PURE__ */ invoiceImageSchema(OPEN_KIND);

/** The explicit type of what {@link ImageSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { Image } from './shapes/image.js';

/** The explicit type of what {@link InvoiceImageSchema} outputs (test/types/schema-types.ts holds them equal). */
export type { InvoiceImage } from './shapes/image.js';
