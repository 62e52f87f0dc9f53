import type { ServiceConnection } from '../library/connection';
import { serviceAddress } from '../library/connection';

/**
 * What a stored token set belongs to: the service that receives it as a bearer token, the
 * sign-in server that issued it and the client it was issued to. A change of any one discards it,
 * so settings that point the kiosk elsewhere never send the old staff sign-in there.
 */
export interface TokenBinding {
  baseUrl: string;
  authUrl: string;
  clientId: string;
}

export type BindingPart = keyof TokenBinding;

export function tokenBinding(
  connection: Pick<ServiceConnection, 'baseUrl' | 'authUrl' | 'clientId'>,
): TokenBinding {
  return {
    baseUrl: serviceAddress(connection.baseUrl),
    authUrl: serviceAddress(connection.authUrl),
    clientId: connection.clientId,
  };
}

/**
 * The parts of `binding` a stored token set does not match. A set saved before tokens were bound
 * to the service address has none, and cannot show it was meant for this one: `baseUrl`.
 */
export function bindingMismatch(
  stored: { baseUrl?: string | undefined; authUrl: string; clientId: string },
  binding: TokenBinding,
): BindingPart[] {
  const parts: BindingPart[] = [];
  if (stored.baseUrl === undefined || serviceAddress(stored.baseUrl) !== binding.baseUrl)
    parts.push('baseUrl');
  if (serviceAddress(stored.authUrl) !== binding.authUrl) parts.push('authUrl');
  if (stored.clientId !== binding.clientId) parts.push('clientId');
  return parts;
}
