import { z } from 'zod';

export const ScannerStateSchema = z.enum([
  'disconnected',
  'connecting',
  'connected',
  'error',
  'off',
]);

/** Failure kinds the staff screen maps to a message; details go to the log only. */
export const ScannerErrorKindSchema = z.enum([
  'backend-unavailable',
  'enumerate-failed',
  'open-failed',
  'read-failed',
]);

/** Secret-free scanner status for the staff screen: no paths, serial numbers or scanned codes. */
export const ScannerStatusSchema = z.object({
  state: ScannerStateSchema,
  device: z
    .object({
      vendorId: z.number().int().min(0).max(0xffff),
      productId: z.number().int().min(0).max(0xffff),
      product: z.string().max(128).optional(),
    })
    .optional(),
  lastError: z
    .object({ kind: ScannerErrorKindSchema, at: z.number().int().nonnegative() })
    .optional(),
});

export type ScannerState = z.infer<typeof ScannerStateSchema>;
export type ScannerErrorKind = z.infer<typeof ScannerErrorKindSchema>;
export type ScannerStatus = z.infer<typeof ScannerStatusSchema>;
