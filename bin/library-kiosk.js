#!/usr/bin/env node
// The CLI is TypeScript run through tsx's loader, so `npx library-kiosk` works right after `npm ci`.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src-main/cli/index.ts', import.meta.url).href);
