// `node --import ./module-trace.mjs ...`: records the files a process loads (module-trace-hooks.mjs).
import { register } from 'node:module';

register('./module-trace-hooks.mjs', import.meta.url);
