import { cookieHeader, signIn } from '../scripts/harness/sign-in.ts';
const [base, email] = process.argv.slice(2);
console.log(cookieHeader(await signIn(base!, email ?? 'developer@example.com', 'demo password 1')));
