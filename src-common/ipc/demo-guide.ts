import { z } from 'zod';

/**
 * What demo mode shows a newcomer (docs/hosts.md, "Demo mode"): the demo staff PIN and the
 * embedded service's demo samples (src-reference-service/demo-guide.ts, read from its seed). Present in
 * the kiosk's state only in demo mode; a configured service never has one.
 */
export const DemoGuideSchema = z.object({
  staffPin: z.string(),
  staff: z.object({ username: z.string(), password: z.string() }),
  cards: z.array(
    z.object({
      barcode: z.string(),
      situation: z.enum(['can-borrow', 'blocked', 'overdue-loans']),
    }),
  ),
  availableItems: z.array(z.string()),
  loanedItems: z.array(z.string()),
  /** Absent where the back end cannot look a member up by email (SIP2): no line offers it. */
  email: z.string().optional(),
});
export type DemoGuide = z.infer<typeof DemoGuideSchema>;
