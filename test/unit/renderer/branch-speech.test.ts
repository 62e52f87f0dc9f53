import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src-common/ipc/contract';
import { speechFor } from '../../../src-renderer/access/screen-speech';
import { translators as T } from '../../support/catalog-words';
import { ATTRACT, NOW, inLanguage, state } from './screen-speech-states';

/**
 * Where the patron is, in audio mode's words on the welcome screen: the branch by the name the
 * kiosk has for it, and, while it has none yet, the kiosk alone (never a made-up "Library").
 */
function welcomeLines(branchName: string, language: Language): string[] {
  const from = state({ name: 'thanks', firstName: 'Amara', kind: 'check-out' });
  const to = state(ATTRACT, { branchName });
  const said = speechFor(inLanguage(from, language), inLanguage(to, language), T[language], NOW);
  return said?.lines ?? [];
}

describe("the welcome screen's where-you-are line", () => {
  it.each([
    ['en', 'Central Library', 'Library self-service kiosk: Central Library.'],
    ['es', 'Central Library', 'Puesto de autoservicio de la biblioteca: Central Library.'],
    ['en', '', 'Library self-service kiosk.'],
    ['es', '', 'Puesto de autoservicio de la biblioteca.'],
  ] as const)('in %s with the branch %j says %j', (language, branch, expected) => {
    const lines = welcomeLines(branch, language);
    expect(lines[1]).toBe(expected);
    expect(lines.join(' ')).not.toMatch(/: \./);
  });
});
