// The signed-in customer of the front-end tests: as login answers them, and as
// `GET /api/auth/me` answers (with their organization and their role there), which the session then holds.

export const customer = {
  id: '6f1c1d52-8a43-4f0e-9a51-3b7c1f0d2e11',
  name: 'Ann Lee',
  email: 'ann@example.com',
  role: 'customer' as const,
};

export const customerMe = {
  ...customer,
  organizationId: '0d7e8f5a-1b2c-4d3e-8f9a-0b1c2d3e4f5a',
  organizationName: 'Lee Logistics',
  orgRole: 'owner' as const,
};
