import { describe, expect, it } from 'vitest';
import {
  causeEcho,
  SMS_ANSWER_MAX_SEGMENTS,
  SMS_ANSWERS,
  SMS_CAUSE_ECHO_MAX,
  smsSegments,
  smsWireText,
  type SmsPledge,
} from './sms-commands';

// docs/giving-by-phone.md: every answer to a command fits in two SMS segments, whatever it names.
describe('SMS answers', () => {
  it('counts segments as the networks do', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments(`${'a'.repeat(69)}’`)).toBe(1);
    expect(smsSegments(`${'a'.repeat(70)}’`)).toBe(2);
    expect(smsSegments('€'.repeat(80))).toBe(1);
  });

  it('cuts a long unknown cause to SMS_CAUSE_ECHO_MAX characters with « … »', () => {
    expect(causeEcho('ecole')).toBe('ecole');
    expect(causeEcho('x'.repeat(SMS_CAUSE_ECHO_MAX))).toBe('x'.repeat(SMS_CAUSE_ECHO_MAX));
    expect(causeEcho('x'.repeat(480))).toBe(`${'x'.repeat(SMS_CAUSE_ECHO_MAX - 1)}…`);
  });

  it('keeps every answer within two segments, with the longest cause echoed and many pledges named', () => {
    const pledge: SmsPledge = { amount: '1 000 000 FCFA', frequency: 'trimestriel' };
    const { causeUnknown, pushSent, paused, resumed, stopped, ...fixed } = SMS_ANSWERS;
    const answers = [
      ...Object.values(fixed),
      causeUnknown(causeEcho('x'.repeat(480))),
      causeUnknown(null),
      pushSent('1 000 000 FCFA', 'cotisation'),
      ...[paused, resumed, stopped].flatMap((say) => [say([pledge]), say(Array(9).fill(pledge))]),
    ];
    for (const text of answers) expect(smsSegments(smsWireText(text)), text).toBeLessThanOrEqual(SMS_ANSWER_MAX_SEGMENTS);
  });
});

describe('smsWireText', () => {
  it('writes the site’s typography in GSM characters, so « DON 1 000 FCFA » costs one segment, not two', () => {
    const site =
      'ASBE : votre don de 1\u202f000\u00a0FCFA est bien reçu. Merci ! Reçu : https://asbe.example/api/receipts/DON-2026-000001?s=abc';
    expect(smsSegments(site)).toBeGreaterThan(1);
    const wire = smsWireText(site);
    expect(wire).toBe(
      'ASBE : votre don de 1 000 FCFA est bien reçu. Merci ! Reçu : https://asbe.example/api/receipts/DON-2026-000001?s=abc'.replace(
        /ç/g,
        'c',
      ),
    );
    expect(smsSegments(wire)).toBe(1);
  });

  it('keeps é, è, à (GSM) and folds ê, ô, ç only when that saves a segment', () => {
    // One segment either way: the ç stays.
    expect(smsWireText('Vous ne recevrez plus d’information, sauf les codes et les reçus.')).toBe(
      "Vous ne recevrez plus d'information, sauf les codes et les reçus.",
    );
    // 80 characters with a ç: two UCS-2 segments, one once folded.
    expect(smsWireText(`Votre don est reçu. ${'x'.repeat(60)}`)).toBe(`Votre don est recu. ${'x'.repeat(60)}`);
    expect(smsWireText('Arrêté « fête »')).toBe('Arrêté « fête »'.replace('«', '"').replace('»', '"'));
    expect(smsWireText('Déjà payé à Cotonou')).toBe('Déjà payé à Cotonou');
  });
});
