import type { z } from 'zod';
import type { RecordKind, Records } from '../dialects';
import { fail, ok, type Result } from '../errors';
import type { Catalog } from '../domain/catalog';
import type { Circulation } from '../domain/circulation';
import type { Documents } from '../domain/documents';
import { MAX_PAGE_SIZE, type Members } from '../domain/members';
import {
  checkinRequestSchema,
  checkoutRequestSchema,
  createDocumentSchema,
  memberUpdateSchema,
  type MemberCirculation,
} from '../domain/schemas';
import type { CachedToken } from '../oauth/token-cache';

export interface RouteInput {
  /** The path segment after the route's prefix, already percent-decoded. */
  param: string;
  query: URLSearchParams;
  /** Lazily read JSON body (only routes with a body call it). */
  body: () => Promise<Result<unknown>>;
  token: CachedToken;
}

export interface Route {
  methods: readonly string[];
  /** true: the path is `prefix/{param}`; false: the path equals the prefix. */
  hasParam: boolean;
  /** The kind of record a 200 carries: the active dialect spells it by this. */
  answers: RecordKind;
  handle: (input: RouteInput) => Result<unknown> | Promise<Result<unknown>>;
}

/** A route whose handler is checked, at compile time, to produce the record kind it declares. */
function route<K extends RecordKind>(spec: {
  answers: K;
  methods: readonly string[];
  hasParam: boolean;
  handle: (input: RouteInput) => Result<Records[K]> | Promise<Result<Records[K]>>;
}): Route {
  return spec;
}

export interface Domain {
  members: Members;
  circulation: Circulation;
  catalog: Catalog;
  documents: Documents;
}

/** Turns a zod failure into the API's invalid_request, naming the first offending field. */
function parse<S extends z.ZodType>(schema: S, value: unknown): Result<z.infer<S>> {
  const result = schema.safeParse(value);
  if (result.success) return ok(result.data);
  const issue = result.error.issues[0];
  const keys = issue && 'keys' in issue && Array.isArray(issue.keys) ? issue.keys.join(', ') : '';
  const field = keys || issue?.path.join('.') || 'body';
  return fail('invalid_request', `Invalid field ${field}: ${issue?.message ?? 'invalid body'}.`);
}

async function withBody<S extends z.ZodType, T>(
  input: RouteInput,
  schema: S,
  run: (value: z.infer<S>) => Result<T> | Promise<Result<T>>,
): Promise<Result<T>> {
  const body = await input.body();
  if (!body.ok) return body;
  const parsed = parse(schema, body.value);
  return parsed.ok ? run(parsed.value) : parsed;
}

/** `page`/`size` as documented: decimal integers, page from 1, size 1..100, empty means default. */
function pagingNumber(
  raw: string | null,
  fallback: number,
  min: number,
  max: number,
): number | undefined {
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
}

export function createRoutes(domain: Domain): Map<string, Route> {
  const { members, circulation, catalog, documents } = domain;
  const lookup = (
    found: ReturnType<Members['byBarcode']>,
    what: string,
  ): Result<MemberCirculation> =>
    found
      ? ok(circulation.circulationOf(found))
      : fail('member_not_found', `No member has ${what}.`);

  return new Map<string, Route>([
    [
      '/api/publisher-document',
      route({
        answers: 'uploadTicket',
        methods: ['POST'],
        hasParam: false,
        handle: (input) =>
          withBody(input, createDocumentSchema, (value) =>
            documents.create(value, input.token.accountId),
          ),
      }),
    ],
    [
      '/api/getuserinfo',
      route({
        answers: 'userInfo',
        methods: ['GET'],
        hasParam: false,
        handle: ({ token }) => catalog.userInfo(token.accountId),
      }),
    ],
    [
      '/api/user-memberlist',
      route({
        answers: 'memberPage',
        methods: ['GET'],
        hasParam: false,
        handle: ({ query }) => {
          const size = pagingNumber(query.get('size'), 20, 1, MAX_PAGE_SIZE);
          const page = pagingNumber(query.get('page'), 1, 1, Number.MAX_SAFE_INTEGER);
          if (size === undefined || page === undefined) {
            return fail(
              'invalid_request',
              `size must be 1..${MAX_PAGE_SIZE} and page 1 or more (pages count from 1).`,
            );
          }
          return ok(members.list(query.get('name') ?? '', size, page));
        },
      }),
    ],
    [
      '/api/userdetails',
      route({
        answers: 'member',
        methods: ['GET'],
        hasParam: true,
        handle: ({ param }) => {
          const found = members.byId(param);
          return found
            ? ok(members.toRecord(found))
            : fail('member_not_found', `Member ${param} was not found.`);
        },
      }),
    ],
    [
      '/api/listbranch',
      route({
        answers: 'branches',
        methods: ['GET'],
        hasParam: false,
        handle: () => ok(catalog.branches()),
      }),
    ],
    [
      '/api/listusertype',
      route({
        answers: 'memberTypes',
        methods: ['GET'],
        hasParam: false,
        handle: () => ok(catalog.memberTypes()),
      }),
    ],
    [
      '/api/user-member',
      route({
        answers: 'updatedMember',
        methods: ['PUT'],
        hasParam: false,
        handle: (input) => withBody(input, memberUpdateSchema, (value) => members.update(value)),
      }),
    ],
    [
      '/api/lmmemberbycard',
      route({
        answers: 'memberCirculation',
        methods: ['GET'],
        hasParam: true,
        handle: ({ param }) => lookup(members.byBarcode(param), `barcode ${param}`),
      }),
    ],
    [
      '/api/lmmemberbyemail',
      route({
        answers: 'memberCirculation',
        methods: ['GET'],
        hasParam: true,
        handle: ({ param }) => lookup(members.byEmail(param), `email ${param}`),
      }),
    ],
    [
      '/api/checkout',
      route({
        answers: 'checkoutResult',
        methods: ['POST', 'PUT'],
        hasParam: false,
        handle: (input) =>
          withBody(input, checkoutRequestSchema, (value) => circulation.checkout(value)),
      }),
    ],
    [
      '/api/checkin',
      route({
        answers: 'checkinResult',
        methods: ['POST', 'PUT'],
        hasParam: false,
        handle: (input) =>
          withBody(input, checkinRequestSchema, (value) => circulation.checkin(value.ItemBarcode)),
      }),
    ],
  ]);
}
