// Every E2E file: its kiosks' connection to the run's Chromium ends with the file.
import { afterAll } from 'vitest';
import { closeChromiumOfThisFile } from './harness';

afterAll(closeChromiumOfThisFile);
