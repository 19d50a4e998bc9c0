import { describe, expect, it } from 'vitest';
import {
  accountConfirmedNotice,
  accountCreatedNotice,
  digestNotice,
  moneyApprovedNotice,
  moneyFailedNotice,
  newsletterEmail,
  resetCodeNotice,
  SMS_MAX,
  volunteerConfirmedNotice,
} from './templates';

// Every SMS fits in two messages (≤ 300 characters) even with long names, long URLs and large amounts,
// and French typography puts a no-break space before « : » and « ! ».

const url = 'https://asbe-benin.org';
const longName = 'Marie-Christine Houénou Adjovi Sossa-Gbèdji Akpovi';
const receipt = `${url}/api/receipts/donation/2147483647?signature=${'a'.repeat(64)}`;

describe('notice texts', () => {
  it('stay within two SMS', () => {
    const notices = [
      resetCodeNotice('123456'),
      accountConfirmedNotice({ name: longName, telephone: '+2290197123456' }, url),
      accountCreatedNotice({ name: longName, telephone: '+2290197123456', role: 'consommateur' }, url, false),
      accountCreatedNotice({ name: longName, telephone: '+2290197123456', role: 'conseiller' }, url, false),
      volunteerConfirmedNotice({ name: longName }),
      moneyApprovedNotice('donation', 999_999_999, receipt),
      moneyApprovedNotice('payment', 5000, receipt),
      moneyFailedNotice('payment', 1_000_000, `${url}/paiement`),
      digestNotice({ accounts: 120, volunteers: 45, testimonials: 300, projects: 12 }, url),
    ];
    for (const n of notices) {
      expect(n.sms.length, n.sms).toBeLessThanOrEqual(SMS_MAX);
      expect(n.sms.startsWith('ASBE\u00a0: ')).toBe(true);
    }
  });

  it('tell a person whose account was made for them to sign in with a code by SMS, with the number as people write it', () => {
    for (const n of [
      accountCreatedNotice({ name: 'Awa', telephone: '+2290197123456', role: 'consommateur' }, url, true),
      accountConfirmedNotice({ name: 'Awa', telephone: '+2290197123456', role: 'membre' }, url),
    ]) {
      expect(n.sms).not.toMatch(/mot de passe/i);
      expect(n.text).not.toMatch(/mot de passe/i);
      expect(n.sms).toContain('«\u00a0Recevoir un code par SMS\u00a0»');
      expect(n.sms).toContain('01 97 12 34 56');
      expect(n.sms).not.toContain('+229');
    }
    // Administrators and advisers keep the password their creator gave them (no code sign-in for them).
    const adviser = accountCreatedNotice({ name: 'Awa', telephone: '+2290197123456', role: 'conseiller' }, url, true);
    expect(adviser.sms).toContain('mot de passe que l’on vous a remis');
    expect(adviser.text).not.toContain("'");
  });

  it('say a volunteer’s profile is on the site only when the volunteer chose it (issue #41)', () => {
    expect(volunteerConfirmedNotice({ name: 'Koffi' }).text).not.toContain('visible');
    expect(volunteerConfirmedNotice({ name: 'Koffi', publicProfile: false }).text).not.toContain('visible');
    expect(volunteerConfirmedNotice({ name: 'Koffi', publicProfile: true }).text).toContain(
      'votre profil est désormais visible sur notre site',
    );
  });

  it('write amounts as « 5 000 FCFA » and keep the receipt link whole', () => {
    const n = moneyApprovedNotice('payment', 5000, receipt);
    expect(n.sms).toBe(`ASBE\u00a0: votre paiement de 5\u00a0000\u00a0FCFA est confirmé. Merci\u00a0! Reçu\u00a0: ${receipt}`);
    expect(n.html).toContain(`href="${receipt}"`);
  });

  it('escape what people wrote in the HTML part', () => {
    const n = volunteerConfirmedNotice({ name: '<script>alert(1)</script>' });
    expect(n.html).not.toContain('<script>');
    expect(n.html).toContain('&lt;script&gt;');
  });

  it('lists only what waits in the digest', () => {
    expect(digestNotice({ accounts: 1, volunteers: 0, testimonials: 2, projects: 0 }, url).sms).toBe(
      `ASBE\u00a0: en attente — 1 compte à confirmer, 2 témoignages à modérer. ${url}/dashboard-administrateur`,
    );
  });

  it('give each newsletter its unsubscribe link in both parts', () => {
    const link = `${url}/api/unsubscribe/abc`;
    const mail = newsletterEmail('Objet', 'Premier paragraphe.\n\nSecond <b>paragraphe</b>.', link);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Second &lt;b&gt;paragraphe&lt;/b&gt;.');
  });
});
