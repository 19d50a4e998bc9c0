import { z } from '../zod-fr';
import { checkFileMeta, type FileRule, firstFile } from '../zod-free/upload';

export * from '../zod-free/upload';

/** A form field holding a file input's FileList: checked by name and size in the browser. */
export function fileField(rule: FileRule, options: { required: boolean }) {
  const check = (value: unknown, ctx: z.RefinementCtx) => {
    const file = firstFile(value);
    if (!file) {
      if (options.required) ctx.addIssue({ code: 'custom', message: rule.requiredMessage });
      return;
    }
    const problem = checkFileMeta(file, rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
  // zod 4: a refined z.any() makes its key required (absent key → our message); .optional() first lets an absent key pass.
  return options.required ? z.any().superRefine(check) : z.any().optional().superRefine(check);
}
