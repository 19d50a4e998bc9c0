// What other areas may use from codes: one-time SMS codes (issue, verify-and-consume, void).
export {
  CODE_MASK,
  CODE_PURPOSES,
  CODE_RULES,
  type CodePurpose,
  type IssueCodeOptions,
  type IssueCodeResult,
  issueCode,
  type VerifyCodeResult,
  verifyCode,
  voidCodes,
  warmCodes,
} from './service';
