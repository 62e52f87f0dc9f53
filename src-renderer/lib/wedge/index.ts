export { attach, type AttachOptions } from './attach';
export {
  DEFAULT_WEDGE_OPTIONS,
  WedgeDetector,
  type HeldKey,
  type WedgeKey,
  type WedgeOptions,
  type WedgeStep,
} from './detector';
