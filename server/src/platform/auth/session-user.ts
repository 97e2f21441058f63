/** The signed-in user as routes and services see it. */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: 'developer' | 'admin';
  employee: boolean;
  procoreId: number;
  companyName: string | null;
  criticalEmails: boolean;
  developerAppsBeta: boolean;
};
