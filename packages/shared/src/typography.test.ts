import { describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, REGISTRATION_STATUS_LABELS } from './schemas/events';
import { PLEDGE_MESSAGES } from './schemas/pledges';
import { SMS_ANSWERS } from './schemas/sms-commands';

// French typography in the texts phone-only people read (issue #41): the typographic apostrophe ’ and the ellipsis …,
// not ' and ... . The specification's exact strings keep their spelling; the telephone message shared with its forms
// is one of those kept.

const texts = (messages: Record<string, unknown>, keep: string[] = []) =>
  Object.entries(messages)
    .filter(([key, value]) => typeof value === 'string' && !keep.includes(key))
    .map(([, value]) => value as string);

describe('texts of events, tickets, pledges and SMS commands', () => {
  it('use ’ and …, never a straight apostrophe or three dots', () => {
    for (const text of [
      ...texts(EVENT_MESSAGES),
      ...texts(REGISTRATION_STATUS_LABELS),
      ...texts(PLEDGE_MESSAGES, ['telephoneInvalid']),
      ...texts(SMS_ANSWERS),
    ]) {
      expect(text, text).not.toMatch(/\p{L}'\p{L}/u);
      expect(text, text).not.toContain('...');
    }
  });
});
