import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { TermsAndConditions } from '@portal/contracts';
import type { Config } from '../../config.ts';

const DEFAULT_TERMS = (platform: string) => `# Developer Terms and Conditions

By creating an app on the ${platform} Developer Portal you agree to these terms.

1. **Your app.** You are responsible for your app, its code and how it handles customer data.
2. **Credentials.** Keep client secrets confidential. Reset a secret at once if it may have leaked.
3. **Sandboxes** are for development and testing only; do not store real customer data in them.
4. **API use.** Respect the documented rate limits and do not attempt to access data you were not granted.
5. **Marketplace.** Listings are reviewed by ${platform} staff, who may decline or remove a listing.
6. **Changes.** These terms may change; continuing to use the portal after a change means you accept it.

Questions? Contact the portal's support team.
`;

/** The portal's terms: TERMS_MARKDOWN, else the TERMS_FILE, else a default text. */
export function loadTerms(config: Config): TermsAndConditions {
  let markdown = config.termsMarkdown;
  if (!markdown && config.termsFile) markdown = readFileSync(config.termsFile, 'utf8');
  markdown ||= DEFAULT_TERMS(config.platformName);
  return { markdown, version: createHash('sha256').update(markdown).digest('hex').slice(0, 16) };
}
