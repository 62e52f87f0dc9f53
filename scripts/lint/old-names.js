/**
 * The lint rule `names/old-names`: an identifier spelt as a thing was named before issue 38 gave
 * each thing one name (docs/naming.md) is refused, with the name it has now. Identifiers only:
 * words in strings and comments (a message id, a service's field) are not names of the code.
 */

/** Old spelling -> the name it has now. */
export const OLD_NAMES = {
  ServiceError: 'LibraryError',
  ServiceErrorKind: 'LibraryErrorKind',
  describeServiceError: 'describeLibraryError',
  ServiceClient: 'RestLibraryClient',
  ServiceClientOptions: 'RestLibraryClientOptions',
  createServiceClient: 'createRestLibraryClient',
  ServiceResult: 'LibraryResult',
  withService: 'withStaffClient',
  SpeechService: 'KioskVoice',
  SpeechServiceOptions: 'KioskVoiceOptions',
  createSpeechService: 'createKioskVoice',
};

/** Old prefixes -> the prefix now (outOfServiceHint -> signedOutHint). */
export const OLD_PREFIXES = { outOfService: 'signedOut' };

function nowCalled(name) {
  if (Object.hasOwn(OLD_NAMES, name)) return OLD_NAMES[name];
  for (const [old, now] of Object.entries(OLD_PREFIXES)) {
    if (name.startsWith(old)) return now + name.slice(old.length);
  }
  return undefined;
}

const oldNames = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuses the names issue 38 retired (docs/naming.md).' },
    messages: { old: "'{{old}}' is called '{{now}}' now (docs/naming.md)." },
    schema: [],
  },
  create(context) {
    return {
      Identifier(node) {
        const now = nowCalled(node.name);
        if (now) context.report({ node, messageId: 'old', data: { old: node.name, now } });
      },
    };
  },
};

export const namesPlugin = { rules: { 'old-names': oldNames } };
