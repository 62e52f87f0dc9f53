import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { namesPlugin } from './scripts/lint/old-names.js';
import { resultsPlugin } from './scripts/lint/one-result.js';

const ELECTRON = { name: 'electron', message: 'Only src-main/electron/ may import electron.' };
const folder = (name, message) => ({ regex: `^(\\.\\./)+${name}/`, message });
const SERVICE = folder(
  'src-reference-service',
  'Only the host layer (src-main/host/) starts the reference service.',
);
const MAIN = folder(
  'src-main',
  'The reference service is a separate program: share code through src-shared/.',
);
const RENDERER = folder('src-renderer', 'Nothing imports the renderer.');
const HOSTS = {
  regex: '^(\\.\\./)+(host|electron|web-host|cli)/',
  message:
    'The domain (core, circulation, library-client, auth, vault, settings, ...) never imports a host: the hosts (host/, electron/, web-host/, cli/) import it.',
};
const OUTSIDE_COMMON = {
  regex: '^(\\.\\./)+(src-main|src-shared|src-renderer|src-reference-service)/',
  message:
    'src-common/ is what every runtime may import (main, preload, renderer): it imports only zod and itself.',
};
const NODE = { regex: '^node:', message: 'src-common/ runs in the renderer too: no Node modules.' };
const ABOVE_PLATFORM = {
  regex: '^\\.\\./(?!\\.\\./src-(shared|common)/)',
  message:
    'src-main/platform/ is what every layer may use (file modes, the clock, durable writes): it imports only Node, src-common/, src-shared/ and itself.',
};

/**
 * The domain's floors inside src-main/, low to high (docs/decisions.md "What is shared, and the
 * layers"). A folder imports only the floors below its own, never a folder beside it, so no two
 * folders import each other and no arrow runs back up. platform/ has its stricter rule above.
 */
const DOMAIN_FLOORS = [
  ['platform'],
  ['library', 'scanner'],
  ['metrics', 'vault'],
  ['library-client'],
  ['settings'],
  ['auth', 'circulation', 'speech', 'staff-pin'],
  ['ipc'],
  ['core'],
];
const FLOOR_ORDER = DOMAIN_FLOORS.map((floor) => floor.join(', ')).join(' < ');

/** What a domain folder may not import: its own floor's other folders and every floor above. */
function notBelow(folder) {
  const index = DOMAIN_FLOORS.findIndex((floor) => floor.includes(folder));
  const barred = DOMAIN_FLOORS.slice(index)
    .flat()
    .filter((other) => other !== folder);
  return {
    regex: `^(\\.\\./)+(${barred.join('|')})/`,
    message: `src-main/${folder}/ imports only the domain floors below its own: ${FLOOR_ORDER} (then the hosts).`,
  };
}

/**
 * Where code may import from. The core runs in three hosts (Electron, web host, CLI), so only the
 * Electron glue imports electron; the reference service and the kiosk share code only through
 * src-shared/; only the host layer starts the embedded service; the renderer imports only
 * src-common/ (the IPC contract as types, the shared rules as values). The layers are common <-
 * platform <- domain <- hosts: src-common/ imports only zod and itself (no Node, no DOM: its own
 * tsconfig has neither), platform/ imports no other folder of src-main, the domain imports no host,
 * and the domain's folders import only the floors below their own (DOMAIN_FLOORS).
 */
function boundaries() {
  const restrict = (files, patterns, options = {}) => ({
    files,
    ignores: options.ignores ?? [],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: options.electronAllowed ? [] : [ELECTRON], patterns },
      ],
    },
  });
  return [
    restrict(['src-main/**/*.ts'], [SERVICE, RENDERER, HOSTS], {
      ignores: ['src-main/{electron,host,web-host,cli}/**'],
    }),
    restrict(['src-main/{web-host,cli}/**/*.ts'], [SERVICE, RENDERER]),
    restrict(['src-main/platform/**/*.ts'], [SERVICE, RENDERER, ABOVE_PLATFORM]),
    ...DOMAIN_FLOORS.flat()
      .filter((folder) => folder !== 'platform')
      .map((folder) =>
        restrict([`src-main/${folder}/**/*.ts`], [SERVICE, RENDERER, HOSTS, notBelow(folder)]),
      ),
    restrict(['src-main/electron/**/*.ts'], [SERVICE, RENDERER], { electronAllowed: true }),
    restrict(['src-main/host/**/*.ts'], [RENDERER]),
    restrict(['src-reference-service/**/*.ts'], [MAIN, RENDERER]),
    restrict(['src-shared/**/*.ts'], [MAIN, SERVICE, RENDERER]),
    restrict(['src-common/**/*.ts'], [OUTSIDE_COMMON, NODE]),
    {
      files: ['src-renderer/**/*.{ts,svelte}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              folder(
                'src-main',
                'The renderer imports only src-common/ and gets the rest over the bridge.',
              ),
              folder('src-reference-service', 'The renderer never imports the reference service.'),
              folder('src-shared', 'The renderer gets everything over the bridge.'),
            ],
            paths: [{ name: 'electron', message: 'The renderer never imports electron.' }],
          },
        ],
        // Types only: a value import would pull the core (and zod) into the renderer bundle.
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: '^(\\.\\./)+src-common/ipc/',
                allowTypeImports: true,
                message:
                  'The renderer imports the IPC contract as types only: its schemas would bring zod into the bundle.',
              },
            ],
          },
        ],
      },
    },
  ];
}

/**
 * No function of the programs over 150 lines (blank lines and comments not counted): a closure
 * that long decides several things, and is split by what each part decides (issue 38). Svelte
 * components are not functions to the rule (the parser gives their script as a program), so it
 * sees their inner functions only. A file listed below is exempt, each with why.
 */
export const MAX_FUNCTION_LINES = 150;
export const LONG_FUNCTION_EXCEPTIONS = {};

/**
 * One result shape (issue 38): a success-or-failure is Result<T, E> from src-common/result.ts
 * (scripts/lint/one-result.js). A file listed below may still hold a second shape, each with why.
 */
export const RESULT_SHAPE_EXCEPTIONS = {
  'src-common/result.ts': 'declares Result itself',
};

export default tseslint.config(
  { ignores: ['dist/', 'release/', 'test-results/', 'node_modules/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-throw-literal': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,svelte}'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    },
  },
  ...boundaries(),
  ...rendererAudiences(),
  ...functionLength(),
  barcodeCasts(),
  // One name for each thing (issue 38): the retired spellings are refused everywhere but in the
  // rule's own table (its test spells them in strings, which the rule leaves alone).
  {
    files: ['**/*.{ts,js,mjs,cjs,svelte}'],
    ignores: ['scripts/lint/old-names.js'],
    plugins: { names: namesPlugin },
    rules: { 'names/old-names': 'error' },
  },
  {
    files: ['src-*/**/*.{ts,svelte}'],
    ignores: Object.keys(RESULT_SHAPE_EXCEPTIONS),
    plugins: { results: resultsPlugin },
    rules: { 'results/one-result': 'error' },
  },
);

/**
 * A member's or an item's barcode is made only by its constructor (src-common/barcodes.ts), which
 * checks the text: a cast to either type elsewhere in the product would let unchecked text in
 * (docs/naming.md, "Barcodes"). Tests make theirs with test/support/barcodes.ts.
 */
function barcodeCasts() {
  const type = 'TSTypeReference[typeName.name=/^(Member|Item)Barcode$/]';
  const message =
    'Make a barcode with memberBarcodeOf or itemBarcodeOf (src-common/barcodes.ts), not a cast.';
  return {
    files: ['src-{main,common,shared,reference-service}/**/*.ts'],
    ignores: ['src-common/barcodes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `TSAsExpression > ${type}`, message },
        { selector: `TSTypeAssertion > ${type}`, message },
      ],
    },
  };
}

function functionLength() {
  return [
    {
      files: ['src-*/**/*.{ts,svelte}'],
      ignores: Object.keys(LONG_FUNCTION_EXCEPTIONS),
      rules: {
        'max-lines-per-function': [
          'error',
          { max: MAX_FUNCTION_LINES, skipBlankLines: true, skipComments: true, IIFEs: true },
        ],
      },
    },
  ];
}

/**
 * The renderer by audience: the patron's screens never import the staff console (it loads only
 * when staff mode opens, in its own chunk), the console never imports patron parts, and what both
 * use (shared/, lib/, i18n/, bridge/) imports neither. A separate rule from the boundaries above,
 * so each set can change without restating the other.
 */
function rendererAudiences() {
  const ban = (folderName, message) =>
    [`ImportDeclaration`, `ImportExpression`, `ExportNamedDeclaration`, `ExportAllDeclaration`].map(
      (node) => ({ selector: `${node}[source.value=/^(\\.\\.\\/)+${folderName}\\//]`, message }),
    );
  const rule = (files, bans) => ({ files, rules: { 'no-restricted-syntax': ['error', ...bans] } });
  return [
    rule(
      ['src-renderer/patron/**/*.{ts,svelte}'],
      ban('staff', 'The patron side never imports the staff console (it loads in its own chunk).'),
    ),
    rule(
      ['src-renderer/staff/**/*.{ts,svelte}'],
      ban('patron', 'The staff console never imports patron parts: share them from shared/.'),
    ),
    rule(
      ['src-renderer/{shared,lib,i18n,bridge}/**/*.{ts,svelte}'],
      [
        ...ban('staff', 'What both audiences use imports neither the staff console...'),
        ...ban('patron', '...nor the patron parts.'),
      ],
    ),
  ];
}
