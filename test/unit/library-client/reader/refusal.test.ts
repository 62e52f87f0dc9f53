import { describe, expect, it } from 'vitest';
import { readRefusal } from '../../../../src-main/library-client/reader/refusal';

const read = (body: unknown): ReturnType<typeof readRefusal> =>
  readRefusal(body, typeof body === 'string' ? body : JSON.stringify(body));

describe('refusal bodies', () => {
  it('reads the reference service body: a code and a message', () => {
    expect(read({ error: 'member_blocked', message: 'Member is blocked.' })).toEqual({
      code: 'member_blocked',
      message: 'Member is blocked.',
    });
  });

  it('reads an OAuth-style body', () => {
    expect(read({ error: 'invalid_request', error_description: 'Bad barcode.' })).toEqual({
      code: 'invalid_request',
      message: 'Bad barcode.',
    });
  });

  it('reads RFC 9457 problem details, the detail over the title, the code from the type', () => {
    const problem = {
      type: 'https://library.example/problems/patron-barred',
      title: 'Patron barred',
      status: 400,
      detail: 'This card is barred.',
    };
    expect(read(problem)).toEqual({ code: 'patron-barred', message: 'This card is barred.' });
  });

  it('reads the title of a problem whose type is about:blank, without a code', () => {
    expect(read({ type: 'about:blank', title: 'Bad Request', status: 400 })).toEqual({
      message: 'Bad Request',
    });
  });

  it('reads a nested error object', () => {
    expect(read({ error: { code: 'E42', message: 'Item not found' } })).toEqual({
      code: 'E42',
      message: 'Item not found',
    });
  });

  it('reads ASP.NET Message and validation lists', () => {
    expect(read({ Message: 'The request is invalid.' })).toEqual({
      message: 'The request is invalid.',
    });
    expect(
      read({ title: 'One or more validation errors occurred.', errors: { Name: ['Too short'] } }),
    ).toEqual({ message: 'One or more validation errors occurred.: Name: Too short' });
  });

  it('takes an error that is a sentence as the message, not as a code', () => {
    expect(read({ error: 'Item is already checked out' })).toEqual({
      message: 'Item is already checked out',
    });
  });

  it('reads a bare JSON string and plain text as the message', () => {
    expect(readRefusal('Patron not found', '"Patron not found"')).toEqual({
      message: 'Patron not found',
    });
    expect(readRefusal(undefined, 'Patron not found\n')).toEqual({ message: 'Patron not found' });
  });

  it('ignores an HTML error page and an empty body', () => {
    expect(readRefusal(undefined, '<html><body>502</body></html>')).toEqual({});
    expect(readRefusal(undefined, '')).toEqual({});
  });

  it("strips control characters and bounds the length of the service's words", () => {
    const refusal = read({ message: `line\u001b[31m one\nline two ${'x'.repeat(400)}` });
    // eslint-disable-next-line no-control-regex -- asserting they are gone
    expect(refusal.message).not.toMatch(/[\u0000-\u001f]/);
    expect(refusal.message?.length).toBe(300);
  });
});
