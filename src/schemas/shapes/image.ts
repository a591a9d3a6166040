// The image shapes of the schemas (spec 2.3); test/types/schema-types.ts holds each equal
// to what its valibot schema outputs.

/** An image (spec 2.3) outside invoices, as `ImageSchema` outputs it: every field optional. */
export interface Image {
  /** At most 125 characters. */
  altText?: string | undefined;
  imageID?: string | undefined;
  /** The image's public URL (an absolute URL). */
  link?: string | undefined;
  publicID?: string | undefined;
}

/** An image inside an invoice (spec 2.3), as `InvoiceImageSchema` outputs it: `imageID` is a Resource ID. */
export interface InvoiceImage {
  /** At most 125 characters. */
  altText?: string | undefined;
  /** A Resource ID. */
  imageID?: string | undefined;
  /** The image's public URL (an absolute URL). */
  link?: string | undefined;
  publicID?: string | undefined;
}
