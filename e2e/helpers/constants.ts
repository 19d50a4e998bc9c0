export const E2E_ADMIN = {
  telephone: '+2290197000001',
  password: 'E2e-Admin-Password-1',
  name: 'Adjoa Administratrice',
  email: 'admin-e2e@example.bj',
};
