export { z } from './zod-fr';
export * from './constants';
export * from './causes';
export * from './format';
export * from './messages';
export * from './text-rules';
