import { z } from 'zod';

/**
 * Which rule a setting broke, as data: the staff screen says it in words with the field's label
 * and unit (seconds, minutes), where the schema's own message is a developer's sentence.
 * `limit` is the bound in the setting's stored unit (milliseconds for a time).
 */
export const SettingRuleSchema = z.object({
  kind: z.enum([
    'too-small',
    'too-big',
    'empty',
    'too-long',
    'whole-number',
    'wrong-type',
    'not-a-choice',
    'not-a-url',
    'not-https',
    'redirect-uri',
    'bad-pattern',
    'warning-after-timeout',
    'warning-after-question',
    'probe-order',
    'not-a-setting',
    'pin-hash',
    'sip2-host',
    'sip2-needs-host',
    'listen-host',
    'metrics-needs-credentials',
    'other',
  ]),
  limit: z.number().optional(),
  /** For `wrong-type`: what the setting takes. */
  expected: z.enum(['number', 'on-off', 'text', 'list', 'group']).optional(),
});
export type SettingRule = z.infer<typeof SettingRuleSchema>;
export type SettingRuleKind = SettingRule['kind'];
