/**
 * zod as the browser gets it: vite.config.ts resolves every `import … from 'zod'` (the contracts'
 * and the web's) to this module. It turns off zod's JIT before any schema is made, so zod never
 * probes whether `new Function('')` is allowed. Under the portal's CSP (no 'unsafe-eval') the probe
 * is refused, and the browser reported a CSP violation on every page whose chunk made a schema, even
 * though zod caught the error. Parsing without the JIT is a little slower; the browser parses small
 * forms. The server keeps the JIT (no CSP there).
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
