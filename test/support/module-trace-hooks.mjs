// Module hooks for module-trace.mjs: appends each file URL Node loads to MODULE_TRACE_FILE.
import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  if (process.env.MODULE_TRACE_FILE && url.startsWith('file:')) {
    appendFileSync(process.env.MODULE_TRACE_FILE, `${url}\n`);
  }
  return nextLoad(url, context);
}
