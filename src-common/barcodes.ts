import { z } from 'zod';

/**
 * The barcodes of the library's two kinds of thing, a member's card and an item, as types of
 * their own (docs/naming.md, "Barcodes"): a member's barcode cannot be passed where an item's is
 * expected. Both are made only here, from text the kiosk was handed (a scan, an IPC payload, a
 * journal record read back, a SIP2 field), by the one rule a scan's code and a journal record
 * already kept: 1 to 256 characters. In src-common because the scan event and the journal's
 * records share the rule; nothing here exists at run time but the check.
 */
export const BarcodeTextSchema = z.string().min(1).max(256);

export const MemberBarcodeSchema = BarcodeTextSchema.brand<'MemberBarcode'>();
export const ItemBarcodeSchema = BarcodeTextSchema.brand<'ItemBarcode'>();

export type MemberBarcode = z.infer<typeof MemberBarcodeSchema>;
export type ItemBarcode = z.infer<typeof ItemBarcodeSchema>;

/** The member's barcode this text is, or undefined when it cannot be one (empty, too long). */
export function memberBarcodeOf(text: string | undefined): MemberBarcode | undefined {
  const parsed = MemberBarcodeSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

/** The item's barcode this text is, or undefined when it cannot be one (empty, too long). */
export function itemBarcodeOf(text: string | undefined): ItemBarcode | undefined {
  const parsed = ItemBarcodeSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}
