import { describe, expect, it } from 'vitest';
import { pathAfterLogin } from './landing';

describe('pathAfterLogin', () => {
  it('sends first-login providers to /information and consumers to /questionnaire', () => {
    expect(pathAfterLogin({ role: 'prestataire_physique', first_login: true })).toBe('/information');
    expect(pathAfterLogin({ role: 'prestataire_morale', first_login: true })).toBe('/information');
    expect(pathAfterLogin({ role: 'consommateur', first_login: true })).toBe('/questionnaire');
  });

  it('sends everyone else to their dashboard', () => {
    expect(pathAfterLogin({ role: 'prestataire_physique', first_login: false })).toBe('/dashboard-prestataire');
    expect(pathAfterLogin({ role: 'prestataire_morale', first_login: false })).toBe('/dashboard-prestataire');
    expect(pathAfterLogin({ role: 'consommateur', first_login: false })).toBe('/consommateur');
    expect(pathAfterLogin({ role: 'membre', first_login: false })).toBe('/espace-membre');
    expect(pathAfterLogin({ role: 'sympathisant', first_login: true })).toBe('/espace-membre');
    expect(pathAfterLogin({ role: 'administrateur', first_login: true })).toBe('/dashboard-administrateur');
    expect(pathAfterLogin({ role: 'conseiller', first_login: true })).toBe('/dashboard-conseiller');
    expect(pathAfterLogin({ role: 'conseiller_pro', first_login: false })).toBe('/espace-membre');
  });

  it('asks an account created by someone else to choose its password before anything else', () => {
    expect(pathAfterLogin({ role: 'consommateur', first_login: true, must_change_password: true })).toBe('/choisir-mot-de-passe');
    expect(pathAfterLogin({ role: 'membre', first_login: false, must_change_password: true })).toBe('/choisir-mot-de-passe');
    expect(pathAfterLogin({ role: 'consommateur', first_login: true, must_change_password: false })).toBe('/questionnaire');
  });

  it('sends an unknown role to /unauthorized', () => {
    expect(pathAfterLogin({ role: 'roi', first_login: false })).toBe('/unauthorized');
    expect(pathAfterLogin({ role: '', first_login: true })).toBe('/unauthorized');
  });
});
