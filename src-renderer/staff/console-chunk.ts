import { en, es } from '../i18n/catalog';
import { addWords } from '../i18n/i18n.svelte';

/**
 * The staff console's chunk: loaded by a dynamic import only when staff mode opens, so the patron
 * path never downloads or parses it. Importing it adds the console screens' words.
 */
addWords({ en, es });

export { default as Staff } from './screens/Staff.svelte';
