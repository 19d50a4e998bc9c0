import { describe, expect, it } from 'vitest';
import { RESET_CODE } from '../schemas/password-recovery';
import { LOGIN_CODE_MESSAGES } from './auth';

describe('the answer to a code request', () => {
  it('tells the limit of codes an hour, so a fourth request that sends nothing is not awaited', () => {
    expect(LOGIN_CODE_MESSAGES.codeSent).toContain(`Au plus ${RESET_CODE.maxPerHour} codes par heure`);
  });
});
