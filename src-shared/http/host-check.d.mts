import type { IncomingMessage, ServerResponse } from 'node:http';

/** The types of host-check.mjs (plain JavaScript, so that the Azurite child can run it too). */

export declare const LOOPBACK_HOST_NAMES: readonly ['127.0.0.1', 'localhost', '[::1]'];

export declare const ALLOWED_HOST_NAMES_ENV = 'LIBRARY_SERVICE_ALLOWED_HOST_NAMES';

export type HostCheck = (req: IncomingMessage) => boolean;

export declare function createHostCheck(names?: readonly string[]): HostCheck;

export declare function refuseHost(res: ServerResponse): void;
