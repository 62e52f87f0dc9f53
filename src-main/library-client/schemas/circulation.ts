import { z } from 'zod';

/** The interface's circulation request bodies, spelled exactly as it shows them. */
export const CheckOutRequestSchema = z.object({ ItemBarcode: z.string(), UserBarcode: z.string() });
export const CheckInRequestSchema = z.object({ ItemBarcode: z.string() });

export type CheckOutRequest = z.infer<typeof CheckOutRequestSchema>;
export type CheckInRequest = z.infer<typeof CheckInRequestSchema>;
